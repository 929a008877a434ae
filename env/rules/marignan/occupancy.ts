// Who stands where: the per-hex occupancy index and ZOC counts, a scratch
// rebuilt lazily from the state (never part of it). touch() marks it stale.

import { ALL_SIDES, anyNeighbourCounted, hexsideFrontSides, projectZoc } from '../shared/zoc.ts'
import type { Ctx } from './context.ts'
import { F_HEDGE, type MState, S_ROUT, T, onMap } from './state.ts'

export function touch(c: Ctx): void {
  c.dirty = true
}

/** Rebuilds occupancy, unit lists per hex and ZOC counts when the state changed. */
export function sync(c: Ctx, s: MState): void {
  if (!c.dirty && c.built === s) return
  c.built = s
  c.dirty = false
  const size = c.size
  c.occ.fill(0)
  c.zoc.fill(0)
  c.zocNonInf.fill(0)
  c.zocCav.fill(0)
  c.head.fill(-1)
  for (let u = c.nU - 1; u >= 0; u--) {
    if (!onMap(s, u)) continue
    const h = s.hex[u] as number
    const side = c.uSide[u] as number
    c.next[u] = c.head[h] as number
    c.head[h] = u
    c.occ[side * size + h] = (c.occ[side * size + h] as number) + 1
    if (s.st[u] === S_ROUT) continue // 4: routed units exert no ZOC
    const t = T(c, s, u)
    const f = s.face[u] as number
    const sides = (s.fl[u] as number) & F_HEDGE ? ALL_SIDES : hexsideFrontSides(f) // 3: a hedgehog fronts all round
    projectZoc(c.grid, c.zoc, side * size, h, sides)
    if (t.cls !== 1) projectZoc(c.grid, c.zocNonInf, side * size, h, sides)
    if (t.cls === 0) projectZoc(c.grid, c.zocCav, side * size, h, sides)
  }
}

export const occ = (c: Ctx, side: number, h: number): number => c.occ[side * c.size + h] as number

export const adjacentEnemy = (c: Ctx, side: number, h: number): boolean => anyNeighbourCounted(c.grid, c.occ, (1 - side) * c.size, h)
