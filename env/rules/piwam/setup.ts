// A conformance fixture's `start` block for piwam, applied to a fresh state (docs/fixtures.md).

import { err, type TercioError } from '../../core/types.ts'
import { setMark } from '../shared/phases.ts'
import { startActivation } from './activation.ts'
import type { Board } from './board.ts'
import { activatable, nextActivation } from './flow.ts'
import { F_ART_FIRED, M_FINISHED, M_NOCONT, type PiwamState } from './state.ts'
import { ORDERS, T_ART } from './tables.ts'

/** Fixture `start` block (docs/rules/piwam.md): turn, finished / no-continue wings, wing orders,
 *  fired artillery, who picks the next wing, and a wing to activate at once. */
export function setupState(R: Board, s: PiwamState, start: unknown): TercioError | null {
  const ctx = R.ctx
  const bad = (m: string, path: string) => err('FIXTURE_INVALID', `start.${path}: ${m}`, path)
  if (typeof start !== 'object' || start === null || Array.isArray(start)) return bad('must be an object', '')
  const o = start as Record<string, unknown>
  const allowed = ['turn', 'finished', 'noContinue', 'orders', 'firedArtillery', 'chooser', 'activate']
  for (const k of Object.keys(o)) if (!allowed.includes(k) && !k.startsWith('$')) return bad(`unknown field (allowed: ${allowed.join(', ')})`, k)
  const wingList = (k: string): number[] | TercioError => {
    const v = o[k]
    if (v === undefined) return []
    if (!Array.isArray(v)) return bad('must be an array of wing ids', k)
    const out: number[] = []
    for (const id of v) {
      const w = ctx.wId.indexOf(String(id))
      if (w < 0) return bad(`unknown wing "${id}" (wings: ${ctx.wId.join(', ')})`, k)
      out.push(w)
    }
    return out
  }
  if (o.turn !== undefined) {
    if (!Number.isInteger(o.turn) || (o.turn as number) < 1 || (o.turn as number) > ctx.turns) return bad(`must be an integer 1..${ctx.turns}`, 'turn')
    s.turn = o.turn as number
  }
  if (o.orders !== undefined) {
    if (typeof o.orders !== 'object' || o.orders === null) return bad('must map wing ids to orders', 'orders')
    for (const [id, ord] of Object.entries(o.orders as Record<string, unknown>)) {
      const w = ctx.wId.indexOf(id)
      const k = ORDERS.indexOf(ord as (typeof ORDERS)[number])
      if (w < 0 || k < 0) return bad(`"${id}": "${String(ord)}" needs a known wing and one of ${ORDERS.join(', ')}`, 'orders')
      s.wOrder[w] = k
    }
  }
  const fin = wingList('finished')
  if (!Array.isArray(fin)) return fin
  const noc = wingList('noContinue')
  if (!Array.isArray(noc)) return noc
  for (const w of fin) setMark(s.wMark, w, M_FINISHED)
  for (const w of noc) setMark(s.wMark, w, M_NOCONT)
  if (o.firedArtillery !== undefined) {
    if (!Array.isArray(o.firedArtillery)) return bad('must be an array of artillery unit ids', 'firedArtillery')
    for (const id of o.firedArtillery) {
      const u = ctx.uId.indexOf(String(id))
      if (u < 0 || ctx.uType[u] !== T_ART) return bad(`"${id}" is not an artillery unit`, 'firedArtillery')
      s.uFlags[u] = s.uFlags[u]! | F_ART_FIRED
    }
  }
  R.sync(s)
  R.ev = null
  if (o.chooser !== undefined) {
    if (o.chooser !== 0 && o.chooser !== 1) return bad('must be 0 or 1', 'chooser')
    s.chooser = o.chooser
  }
  // re-enter the flow at the wing choice with the new markers
  nextActivation(R, s)
  if (o.activate !== undefined) {
    const w = ctx.wId.indexOf(String(o.activate))
    if (w < 0) return bad(`unknown wing "${String(o.activate)}"`, 'activate')
    if (!activatable(R, s, w)) return bad(`wing ${String(o.activate)} cannot be activated`, 'activate')
    s.chooser = 1 - ctx.wSide[w]!
    startActivation(R, s, w, 'chosen')
  }
  return null
}
