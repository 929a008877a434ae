// 14.1 Placement of the French army. By default the scenario's reconstructed
// deployment is used as printed in the scenario file; with `rules.deployment:
// "free"` the French player places every unit himself before turn 1: "Place
// the units of each corps anywhere within command range of their commander"
// (the commanders stand on the hexes 14.1 gives). One decision per unit, in
// scenario order (`deploy-hex`), and the facing of each new stack (`deploy-face`).

import type { Ctx } from './context.ts'
import { commandReach, leaderActive, leaderRange } from './command.ts'
import { moveUnitTo } from './move.ts'
import { occ, sync } from './occupancy.ts'
import { canStack } from './stacking.ts'
import { type Events, FRENCH, type MState, S_ROUT, S_WAIT, lbl } from './state.ts'

/** Is u a French unit still to be placed in the free-deployment phase? */
export const toDeploy = (c: Ctx, s: MState, u: number): boolean => c.uSide[u] === FRENCH && c.uWaitVia[u] === 0 && s.st[u] === S_WAIT

/** The next unit to place (scenario order), or -1. */
export function deployNext(c: Ctx, s: MState): number {
  for (let u = 0; u < c.nU; u++) if (toDeploy(c, s, u)) return u
  return -1
}

/** Hexes where u may be placed: within its commander's command range (6.1 chains), stacking respected. */
export function deployHexes(c: Ctx, s: MState, u: number, out: number[]): number {
  out.length = 0
  if (u < 0) return 0
  sync(c, s)
  const w = c.uCorps[u] as number
  const l = w >= 0 ? (s.cmd[w] as number) : -1
  const ranged = l >= 0 && leaderActive(s, l) && (s.lhex[l] as number) >= 0
  if (ranged) commandReach(c, s, l, leaderRange(c, s, l))
  for (let h = 0; h < c.size; h++) {
    if (ranged && (c.bfs[h] as number) < 0) continue
    if (occ(c, 1 - FRENCH, h) > 0 || !canStack(c, s, u, h)) continue
    // artillery only where the Terrain Table lets it stand (an impassable hex has no row)
    if (!c.terrainRows[c.terrain[h] as number]) continue
    out.push(h)
  }
  return out.length
}

/** Places u in hex h. Returns true when it joined a stack (taking its facing), false when its facing is to be chosen (s.sel = u). */
export function deployUnit(c: Ctx, s: MState, u: number, h: number, ev: Events): boolean {
  sync(c, s)
  let joins = false
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) if (s.st[v] !== S_ROUT) joins = true
  s.st[u] = (c.uStart[u] as { st: number }).st
  moveUnitTo(c, s, u, h, ev)
  if (ev) ev.push({ type: 'deployed', unit: c.unitIds[u] as string, hex: lbl(c, h) })
  if (joins) return true
  s.sel = u
  return false
}
