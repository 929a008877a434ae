// A conformance fixture's `start` block for hbl, applied to a fresh state (docs/fixtures.md).

import type { TercioError } from '../../core/types.ts'
import { err } from '../../core/types.ts'
import { SIDE_NAMES } from '../../hex/grid.ts'
import { NCARD, type Ctx } from './context.ts'
import { settle } from './flow.ts'
import { startCard } from './initiative.ts'
import { F_LOADED, F_PINNED, F_ROUT, F_VEX, invariantsOf, type HState } from './state.ts'
import { CARD_TYPES } from './tables.ts'
/**
 * A fixture's `start` block: { variant?: no (scenario rules), pips: [a, b], first: 0|1, card: "march",
 * cardSide: 0|1, next: { "0": ["melee", ...], "1": [...] }, chips: [a, b], units: { id: { lost, vexed,
 * loaded, refused, routed, facing, hex } }, melees: [[a, b, followUpHolder|null]] }.
 */
export function setupState(c: Ctx, s: HState, start: unknown): TercioError | null {
  const bad = (path: string, what: string): TercioError => err('FIXTURE_INVALID', `start.${path}: ${what}`, `start.${path}`)
  if (typeof start !== 'object' || start === null || Array.isArray(start)) return bad('', 'expected an object')
  const o = start as Record<string, unknown>
  const allowed = ['turn', 'pips', 'first', 'card', 'cardSide', 'next', 'chips', 'units', 'melees']
  for (const k of Object.keys(o)) if (!allowed.includes(k) && !k.startsWith('$')) return bad(k, `unknown field (allowed: ${allowed.join(', ')})`)
  const cardIndex = (v: unknown, path: string): number | TercioError => {
    const i = CARD_TYPES.indexOf(v as (typeof CARD_TYPES)[number])
    return i < 0 ? bad(path, `unknown card ${JSON.stringify(v)} (${CARD_TYPES.join(', ')})`) : i
  }
  // Back to a clean, undecided position.
  s.q.length = 0
  s.card = -1
  s.dk = -1
  if (o['turn'] !== undefined) {
    if (typeof o['turn'] !== 'number' || o['turn'] < 1 || o['turn'] > c.scenario.turns) return bad('turn', `expected 1..${c.scenario.turns}`)
    s.turn = o['turn']
  }
  if (o['chips'] !== undefined) {
    const a = o['chips']
    if (!Array.isArray(a) || a.length !== 2 || !a.every((v) => Number.isInteger(v))) return bad('chips', 'expected [side 0, side 1]')
    s.chips = [a[0] as number, a[1] as number]
  }
  if (o['next'] !== undefined) {
    const n = o['next'] as Record<string, unknown>
    for (const [k, list] of Object.entries(n)) {
      if ((k !== '0' && k !== '1') || !Array.isArray(list)) return bad(`next.${k}`, 'expected "0" or "1" with a list of cards')
      const dst = k === '0' ? s.top0 : s.top1
      const count = new Array<number>(NCARD).fill(0)
      for (const [i, v] of list.entries()) {
        const ci = cardIndex(v, `next.${k}[${i}]`)
        if (typeof ci !== 'number') return ci
        count[ci] = (count[ci] as number) + 1
        if ((count[ci] as number) > (s.deck[Number(k) * NCARD + ci] as number)) return bad(`next.${k}[${i}]`, `the deck holds only ${s.deck[Number(k) * NCARD + ci]} ${v} cards`)
        dst.push(ci)
      }
    }
  }
  if (o['units'] !== undefined) {
    for (const [id, raw] of Object.entries(o['units'] as Record<string, unknown>)) {
      const u = c.unitIds.indexOf(id)
      if (u < 0) return bad(`units.${id}`, 'unknown unit')
      const e = raw as Record<string, unknown>
      for (const k of Object.keys(e)) if (!['lost', 'vexed', 'loaded', 'refused', 'routed', 'pinned'].includes(k)) return bad(`units.${id}.${k}`, 'unknown field (lost, vexed, loaded, refused, routed, pinned)')
      if (e['lost'] !== undefined) {
        const n = e['lost']
        // All UI lost only with routed: true (a unit at 0 UI routs).
        const most = e['routed'] === true ? c.uType[u]!.ui : c.uType[u]!.ui - 1
        if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > most) return bad(`units.${id}.lost`, `expected 0..${most}${e['routed'] === true ? '' : ' (all of them only with routed: true)'}`)
        s.lost[u] = n
      }
      const flag = (k: string, bit: number) => {
        if (e[k] === true) s.fl[u] = (s.fl[u] as number) | bit
        else if (e[k] === false) s.fl[u] = (s.fl[u] as number) & ~bit
      }
      flag('vexed', F_VEX)
      flag('loaded', F_LOADED)
      flag('routed', F_ROUT)
      flag('pinned', F_PINNED)
      if (e['refused'] !== undefined) {
        const d = SIDE_NAMES.indexOf(e['refused'] as (typeof SIDE_NAMES)[number])
        if (d < 0) return bad(`units.${id}.refused`, 'expected a hexside name')
        s.ref[u] = d
      }
    }
  }
  if (o['melees'] !== undefined) {
    if (!Array.isArray(o['melees'])) return bad('melees', 'expected a list of [a, b, follow-up holder or null]')
    for (const [i, m] of (o['melees'] as unknown[]).entries()) {
      if (!Array.isArray(m) || m.length !== 3) return bad(`melees[${i}]`, 'expected [a, b, follow-up holder or null]')
      const a = c.unitIds.indexOf(String(m[0]))
      const b = c.unitIds.indexOf(String(m[1]))
      const f = m[2] === null ? -1 : c.unitIds.indexOf(String(m[2]))
      if (a < 0 || b < 0 || (m[2] !== null && f !== a && f !== b)) return bad(`melees[${i}]`, 'unknown units or a follow-up holder not in the melee')
      s.mel.push(a, b, f, 0)
    }
  }
  const hasPips = o['pips'] !== undefined
  if (hasPips) {
    const p = o['pips']
    if (!Array.isArray(p) || p.length !== 2 || !p.every((v) => Number.isInteger(v) && (v as number) >= 0)) return bad('pips', 'expected [side 0, side 1]')
    s.pips = [p[0] as number, p[1] as number]
    const f = o['first'] ?? 0
    if (f !== 0 && f !== 1) return bad('first', 'expected 0 or 1')
    s.first = f
    s.seg = 0
  } else s.seg = -1
  if (o['card'] !== undefined) {
    const ci = cardIndex(o['card'], 'card')
    if (typeof ci !== 'number') return ci
    const side = o['cardSide'] ?? s.first
    if (side !== 0 && side !== 1) return bad('cardSide', 'expected 0 or 1')
    if ((s.deck[side * NCARD + ci] as number) < 1) return bad('card', `side ${side}'s deck has no ${o['card']} card left`)
    s.deck[side * NCARD + ci] = (s.deck[side * NCARD + ci] as number) - 1
    if (!hasPips) {
      s.seg = 0
      s.first = side
    }
    startCard(c, s, side, ci, false, undefined)
  }
  settle(c, s, undefined)
  const inv = invariantsOf(c, s)
  if (inv.length) return bad('', `the start position breaks invariants: ${inv.join('; ')}`)
  return null
}
