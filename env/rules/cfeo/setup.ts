// A conformance fixture's `start` block for cfeo, applied to a fresh state (docs/fixtures.md).

import type { TercioError } from '../../core/types.ts'
import { err } from '../../core/types.ts'
import type { Ctx } from './context.ts'
import { type Scratch, sync } from './core.ts'
import type { Flow } from './flow.ts'
import { type CfeoState, INF_INSPIRE, INF_STEADY, invariantsOf, PH, PHASES, STATUSES, U_ABANDONED, U_CHARGING, U_CREW_KILLED, U_FAILED_CHARGE, U_FAST_AGAIN, U_FIRED, U_FIRED_LAST, U_HALT, U_LIMBERED, U_MOVED, U_MOVED_LAST, U_PURSUING, U_REFUSED_L, U_REFUSED_R, U_TOOK_POSITION, U_UNDER_FIRE } from './state.ts'
import { F_COLUMN, FORMATIONS } from './tables.ts'

/** Applies a fixture's `start` block (turn, first player, phase, unit and leader markers) to a fresh state. */
export function setupState(c: Ctx, x: Scratch, flow: Flow, s: CfeoState, start: unknown): TercioError | null {
  const bad = (m: string, path: string) => err('FIXTURE_INVALID', `start.${path}: ${m}`, `start.${path}`)
  if (typeof start !== 'object' || start === null || Array.isArray(start)) return bad('expected an object', '')
  const o = start as Record<string, unknown>
  const allowed = ['turn', 'first', 'phase', 'units', 'leaders']
  for (const k of Object.keys(o)) if (!allowed.includes(k) && !k.startsWith('$')) return bad(`unknown field (allowed: ${allowed.join(', ')})`, k)
  if (o['turn'] !== undefined) {
    if (!Number.isInteger(o['turn']) || (o['turn'] as number) < 1 || (o['turn'] as number) > c.turns) return bad(`expected 1..${c.turns}`, 'turn')
    s.turn = o['turn'] as number
  }
  if (o['first'] !== undefined) {
    if (o['first'] !== 0 && o['first'] !== 1) return bad('expected 0 or 1', 'first')
    s.first = o['first']
  }
  const FLAGS: Record<string, number> = { moved: U_MOVED, fired: U_FIRED, halted: U_HALT, 'under-fire': U_UNDER_FIRE, limbered: U_LIMBERED, 'took-position': U_TOOK_POSITION, 'failed-charge': U_FAILED_CHARGE, 'moved-last-turn': U_MOVED_LAST, charging: U_CHARGING, pursuing: U_PURSUING, 'fast-move-made': U_FAST_AGAIN, 'fired-last-turn': U_FIRED_LAST, abandoned: U_ABANDONED, 'crew-killed': U_CREW_KILLED, 'refused-left': U_REFUSED_L, 'refused-right': U_REFUSED_R }
  if (o['units'] !== undefined) {
    if (typeof o['units'] !== 'object' || o['units'] === null) return bad('expected {unit id: {...}}', 'units')
    for (const [id, raw] of Object.entries(o['units'] as Record<string, unknown>)) {
      const u = c.uId.indexOf(id)
      if (u < 0) return bad(`unknown unit "${id}"`, `units.${id}`)
      const e = raw as Record<string, unknown>
      for (const k of Object.keys(e)) if (!['dp', 'stands', 'formation', 'ranks', 'flags', 'foe', 'lastDice', 'status', 'pursues'].includes(k)) return bad(`unknown field (dp, stands, formation, ranks, flags, foe, lastDice, status, pursues)`, `units.${id}.${k}`)
      if (e['pursues'] !== undefined) {
        const v = c.uId.indexOf(String(e['pursues']))
        if (v < 0) return bad(`unknown unit "${String(e['pursues'])}"`, `units.${id}.pursues`)
        s.uPur[u] = v
        s.uFl[u] = (s.uFl[u] as number) | U_PURSUING
      }
      if (e['stands'] !== undefined) s.uStands[u] = Number(e['stands'])
      if (e['dp'] !== undefined) s.uDp[u] = Number(e['dp'])
      if (e['formation'] !== undefined) {
        const f = FORMATIONS.indexOf(e['formation'] as (typeof FORMATIONS)[number])
        if (f < 0) return bad(`expected one of ${FORMATIONS.join(' ')}`, `units.${id}.formation`)
        s.uForm[u] = f
        if (f === F_COLUMN) s.uRanks[u] = s.uStands[u] as number
      }
      if (e['ranks'] !== undefined) s.uRanks[u] = Number(e['ranks'])
      if (e['lastDice'] !== undefined) s.uLastDice[u] = Number(e['lastDice'])
      if (e['status'] !== undefined) {
        const st = STATUSES.indexOf(e['status'] as (typeof STATUSES)[number])
        if (st < 0 || st > 2) return bad('expected formed, retiring or routing', `units.${id}.status`)
        s.uStatus[u] = st
      }
      for (const f of (e['flags'] as string[] | undefined) ?? []) {
        const b = FLAGS[f]
        if (b === undefined) return bad(`unknown flag "${f}" (${Object.keys(FLAGS).join(', ')})`, `units.${id}.flags`)
        s.uFl[u] = (s.uFl[u] as number) | b
      }
      if (e['foe'] !== undefined) {
        const v = c.uId.indexOf(String(e['foe']))
        if (v < 0) return bad(`unknown unit "${String(e['foe'])}"`, `units.${id}.foe`)
        s.uFoe[u] = v
        s.uFoe[v] = u
      }
    }
  }
  if (o['leaders'] !== undefined) {
    for (const [id, raw] of Object.entries(o['leaders'] as Record<string, unknown>)) {
      const j = c.lId.indexOf(id)
      if (j < 0) return bad(`unknown leader "${id}"`, `leaders.${id}`)
      const e = raw as Record<string, unknown>
      for (const k of Object.keys(e)) if (!['attached', 'inspire', 'steady', 'used', 'actions', 'wounded'].includes(k)) return bad('unknown field (attached, inspire, steady, used, actions, wounded)', `leaders.${id}.${k}`)
      if (e['attached'] !== undefined) {
        const u = e['attached'] === null ? -1 : c.uId.indexOf(String(e['attached']))
        if (e['attached'] !== null && u < 0) return bad(`unknown unit`, `leaders.${id}.attached`)
        s.lAtt[j] = u
        if (u >= 0) s.lHex[j] = s.uHex[u] as number
      }
      if (e['inspire'] !== undefined) {
        s.lInf[j] = INF_INSPIRE
        s.lInfN[j] = Number(e['inspire'])
      }
      if (e['steady'] !== undefined) {
        s.lInf[j] = INF_STEADY
        s.lInfN[j] = Number(e['steady'])
      }
      if (e['used'] !== undefined) s.lUsed[j] = Number(e['used'])
      if (e['actions'] !== undefined) s.lActions[j] = Number(e['actions'])
      if (e['wounded'] === true) s.lState[j] = 1
    }
  }
  const ph = o['phase'] === undefined ? 'artillery' : String(o['phase'])
  const p = PHASES.indexOf(ph as (typeof PHASES)[number])
  if (p < PH.artillery || p > PH.combat) return bad('expected artillery, fire, command, movement or combat', 'phase')
  sync(c, x, s)
  x.ev = null
  flow.enter(s, p)
  const inv = invariantsOf(c, s)
  if (inv.length) return bad(`the start position breaks invariants: ${inv.join('; ')}`, '')
  return null
}
