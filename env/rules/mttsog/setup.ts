// A conformance fixture's `start` block for mttsog: turn, side, phase, command points and unit
// markers, applied to a fresh state (docs/fixtures.md).

import type { TercioError } from '../../core/types.ts'
import { err } from '../../core/types.ts'
import type { Ctx } from './context.ts'
import { sync } from './core.ts'
import { startAt } from './flow.ts'
import { F_CHARGE, F_EXH, F_MELEE, F_RALLIED, invariantsOf, P, PHASES, type MtState } from './state.ts'

export function setupState(c: Ctx, s: MtState, start: unknown): TercioError | null {
  const bad = (path: string, what: string): TercioError => err('FIXTURE_INVALID', `start.${path}: ${what}`, `start.${path}`)
  if (typeof start !== 'object' || start === null || Array.isArray(start)) return bad('', 'expected an object')
  const o = start as Record<string, unknown>
  const allowed = ['turn', 'active', 'phase', 'cp', 'units']
  for (const k of Object.keys(o)) if (!allowed.includes(k) && !k.startsWith('$')) return bad(k, `unknown field (allowed: ${allowed.join(', ')})`)
  if (o['turn'] !== undefined) {
    if (typeof o['turn'] !== 'number' || !Number.isInteger(o['turn']) || o['turn'] < 1 || o['turn'] > c.scenario.turns) return bad('turn', `expected 1..${c.scenario.turns}`)
    s.turn = o['turn']
  }
  if (o['active'] !== undefined) {
    if (o['active'] !== 0 && o['active'] !== 1) return bad('active', 'expected 0 or 1')
    s.active = o['active']
  }
  if (o['cp'] !== undefined) {
    if (typeof o['cp'] !== 'object' || o['cp'] === null) return bad('cp', 'expected an object leader id -> CP')
    for (const [id, v] of Object.entries(o['cp'] as Record<string, unknown>)) {
      const l = c.leaderIds.indexOf(id)
      if (l < 0) return bad(`cp.${id}`, `unknown leader (known: ${c.leaderIds.join(', ')})`)
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 12) return bad(`cp.${id}`, 'expected an integer 0..12')
      s.cp[l] = v
    }
  }
  if (o['units'] !== undefined) {
    if (typeof o['units'] !== 'object' || o['units'] === null) return bad('units', 'expected an object unit id -> markers')
    for (const [id, raw] of Object.entries(o['units'] as Record<string, unknown>)) {
      const u = c.unitIds.indexOf(id)
      if (u < 0) return bad(`units.${id}`, 'unknown unit')
      const e = raw as Record<string, unknown>
      for (const k of Object.keys(e)) {
        const v = e[k]
        if (k === 'hits') {
          if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return bad(`units.${id}.hits`, 'expected a non-negative integer')
          s.hits[u] = v
          continue
        }
        const bit = k === 'charging' ? F_CHARGE : k === 'exhausted' ? F_EXH : k === 'rallied' ? F_RALLIED : k === 'meleed' ? F_MELEE : 0
        if (!bit) return bad(`units.${id}.${k}`, 'unknown marker (charging, exhausted, rallied, meleed, hits)')
        if (typeof v !== 'boolean') return bad(`units.${id}.${k}`, 'expected true or false')
        s.fl[u] = v ? (s.fl[u] as number) | bit : (s.fl[u] as number) & ~bit
      }
    }
  }
  const ph = o['phase'] === undefined ? 'command' : String(o['phase'])
  const p = PHASES.indexOf(ph as (typeof PHASES)[number])
  if (p < 0 || p >= P.end) return bad('phase', 'expected one of command, movement, shooting, melee')
  sync(c, s)
  startAt(c, s, p, undefined)
  const inv = invariantsOf(c, s)
  if (inv.length) return bad('', `the start position breaks invariants: ${inv.join('; ')}`)
  return null
}
