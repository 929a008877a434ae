// Retrograde movement: routs ("turns and routs 12"" = 6 hexes toward the
// friendly edge), push backs (3" = one hex straight away from the winner,
// blocked by type III terrain, a ditch, a unit or the map edge: "vexed again"),
// and close-skirmish withdrawals (one hex). Paths are deterministic (the nearest
// step to the edge, ties by direction order from the edge direction); the posts
// give no routing procedure, so this is reconstructed (docs/rules/hbl.md).

import { directionTo, neighbor, rot } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { enterable, occupancy } from './geometry.ts'
import { destroy, endMeleesOf } from './morale.ts'
import { carryLeaders } from './move.ts'
import { F_PINNED, F_ROUT, F_VEX, type Events, type HState } from './state.ts'

/** Routs u up to `hexes` toward its friendly edge. Off the map or unable to move at all: destroyed. */
export function routMove(c: Ctx, s: HState, u: number, hexes: number, ev: Events): void {
  const side = c.uSide[u] as 0 | 1
  s.fl[u] = ((s.fl[u] as number) | F_ROUT) & ~F_PINNED
  s.ref[u] = -1
  s.mv[u] = 0
  s.st[u] = 0
  endMeleesOf(c, s, u, 'routed', ev)
  const dist = c.edgeDist[side]
  const e = c.edgeDir[side]
  s.face[u] = e
  const path: string[] = []
  for (let k = 0; k < hexes; k++) {
    const h = s.hex[u] as number
    if ((dist[h] as number) === 0) {
      ev?.push({ type: 'routed', unit: c.unitIds[u] as string, path })
      destroy(c, s, u, 'routed off the map', ev)
      return
    }
    const occ = occupancy(c, s)
    let best = -1
    for (const j of [0, -1, 1, -2, 2]) {
      const n = enterable(c, occ, h, rot(e, j))
      if (n >= 0 && (dist[n] as number) < (dist[h] as number) && (best < 0 || (dist[n] as number) < (dist[best] as number))) best = n
    }
    if (best < 0) break
    s.hex[u] = best
    path.push(c.grid.labels[best] as string)
  }
  carryLeaders(c, s, u)
  ev?.push({ type: 'routed', unit: c.unitIds[u] as string, path })
  if (path.length === 0) destroy(c, s, u, 'could not rout: surrounded', ev)
}

/** The hex one step straight away from `from` (the winner), or -1 when blocked. */
export function backHex(c: Ctx, s: HState, u: number, from: number): number {
  const h = s.hex[u] as number
  const d = directionTo(c.grid, from, h)
  if (d < 0) return -1
  const n = neighbor(c.grid, h, d)
  if (n < 0 || c.ttype[n] === 3 || c.ditch[h * 6 + d]) return -1
  return enterable(c, occupancy(c, s), h, d)
}

/** Moves u one hex to `to` (a push back or a withdrawal), keeping its facing. */
export function fallBack(c: Ctx, s: HState, u: number, to: number): void {
  s.hex[u] = to
  carryLeaders(c, s, u)
}

export const isVexed = (s: HState, u: number): boolean => ((s.fl[u] as number) & F_VEX) !== 0
