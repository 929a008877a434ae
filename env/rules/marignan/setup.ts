// A conformance fixture's `start` block for marignan: turn, side, phase, army and corps morale,
// unit markers and statuses, leaders, captured places and forts, applied to a fresh state (docs/fixtures.md).

import type { TercioError } from '../../core/types.ts'
import { err } from '../../core/types.ts'
import type { Ctx } from './context.ts'
import { startPhase } from './flow.ts'
import { touch } from './occupancy.ts'
import { F_CHARGE, F_HEDGE, F_OOC, FRENCH, invariantsOf, L_DEAD, LSTATUS, P, PHASES, S_WAIT, SWISS, type MState } from './state.ts'

export function setupState(c: Ctx, s: MState, start: unknown): TercioError | null {
  const bad = (path: string, what: string): TercioError => err('FIXTURE_INVALID', `start.${path}: ${what}`, `start.${path}`)
  if (typeof start !== 'object' || start === null || Array.isArray(start)) return bad('', 'expected an object')
  const o = start as Record<string, unknown>
  const allowed = ['turn', 'active', 'phase', 'army', 'morale', 'units', 'leaders', 'captured', 'flags', 'forts']
  for (const k of Object.keys(o)) if (!allowed.includes(k) && !k.startsWith('$')) return bad(k, `unknown field (allowed: ${allowed.join(', ')})`)
  if (o['turn'] !== undefined) {
    if (typeof o['turn'] !== 'number' || o['turn'] < 1 || o['turn'] > c.scenario.turns) return bad('turn', `expected 1..${c.scenario.turns}`)
    s.turn = o['turn']
  }
  if (o['active'] !== undefined) {
    if (o['active'] !== 'swiss' && o['active'] !== 'french') return bad('active', 'expected "swiss" or "french"')
    s.active = o['active'] === 'swiss' ? SWISS : FRENCH
  }
  if (o['army'] !== undefined) {
    if (typeof o['army'] !== 'number') return bad('army', 'expected a number')
    s.army = o['army']
  }
  if (o['flags'] !== undefined) s.flags = Number(o['flags']) | 0
  if (o['morale'] !== undefined) {
    const m = o['morale'] as Record<string, unknown>
    for (const [k, v] of Object.entries(m)) {
      const w = c.corpsIds.indexOf(k)
      if (w < 0 || typeof v !== 'number') return bad(`morale.${k}`, `unknown corps or not a number (corps: ${c.corpsIds.join(', ')})`)
      s.mor[w] = v
    }
  }
  if (o['units'] !== undefined) {
    for (const [id, raw] of Object.entries(o['units'] as Record<string, unknown>)) {
      const u = c.unitIds.indexOf(id)
      if (u < 0) return bad(`units.${id}`, 'unknown unit')
      const e = raw as Record<string, unknown>
      if (e['type'] !== undefined) {
        const t = c.typeIndex.get(String(e['type']))
        if (t === undefined) return bad(`units.${id}.type`, `unknown counter ${String(e['type'])}`)
        s.ty[u] = t
      }
      for (const f of (e['markers'] as string[] | undefined) ?? []) {
        if (f === 'hedgehog') s.fl[u] = (s.fl[u] as number) | F_HEDGE
        else if (f === 'charge') s.fl[u] = (s.fl[u] as number) | F_CHARGE
        else if (f === 'out-of-command') s.fl[u] = (s.fl[u] as number) | F_OOC
        else return bad(`units.${id}.markers`, `unknown marker ${f} (hedgehog, charge, out-of-command)`)
      }
      if (e['status'] === 'waiting') {
        s.st[u] = S_WAIT
        s.hex[u] = -1
      }
    }
  }
  if (o['leaders'] !== undefined) {
    for (const [id, raw] of Object.entries(o['leaders'] as Record<string, unknown>)) {
      const l = c.leaderIds.indexOf(id)
      if (l < 0) return bad(`leaders.${id}`, 'unknown leader')
      const st = LSTATUS.indexOf(String((raw as Record<string, unknown>)['status']) as (typeof LSTATUS)[number])
      if (st < 0) return bad(`leaders.${id}.status`, `expected one of ${LSTATUS.join(', ')}`)
      s.lst[l] = st
      if (st === L_DEAD) s.lhex[l] = -1
    }
  }
  if (o['captured'] !== undefined) {
    for (const name of o['captured'] as string[]) {
      const i = c.placeNames.indexOf(name)
      if (i < 0) return bad('captured', `unknown place ${name}`)
      s.cap |= 1 << i
    }
  }
  if (o['forts'] !== undefined) {
    for (const lab of o['forts'] as string[]) {
      const h = c.grid.labels.indexOf(lab)
      if (h < 0) return bad('forts', `hex ${lab} is off the map`)
      s.forts.push(h)
    }
  }
  s.q.length = 0
  s.rq.length = 0
  s.over = 0
  touch(c)
  const ph = o['phase'] === undefined ? (c.freeDeploy ? 'deployment' : 'command') : String(o['phase'])
  const p = PHASES.indexOf(ph as (typeof PHASES)[number])
  if (p < 0 || p === P.over) return bad('phase', `expected one of ${PHASES.slice(0, -1).join(', ')}`)
  if (p === P.deployment) s.active = FRENCH
  else if (c.freeDeploy) {
    // a start position past the deployment: the French stand where the scenario puts them
    for (let u = 0; u < c.nU; u++) {
      if (c.uSide[u] !== FRENCH || c.uWaitVia[u] !== 0 || s.st[u] !== S_WAIT) continue
      s.st[u] = (c.uStart[u] as { st: number }).st
      s.hex[u] = (c.uStart[u] as { hex: number }).hex
    }
    if (o['active'] === undefined) s.active = SWISS
  }
  startPhase(c, s, p, undefined)
  const inv = invariantsOf(c, s)
  if (inv.length) return bad('', `the start position breaks invariants: ${inv.join('; ')}`)
  return null
}
