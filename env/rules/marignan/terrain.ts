// Terrain Table: movement costs (9) and disorder for terrain (9.1).

import { type Ctx, HS_BRIDGE, HS_CANAL, HS_ROAD } from './context.ts'
import { TERRAIN } from './tables.ts'

/** MP to move from a to adjacent b for class cls (0 cav, 1 inf, 2 art); -1 impassable. Excludes the friendly-hex +1. */
export function stepCost(c: Ctx, a: number, d: number, cls: number): number {
  const b = c.grid.neighbors[a * 6 + d] as number
  if (b < 0) return -1
  const f = c.feat[a * 6 + d] as number
  if ((f & HS_CANAL) && !(f & HS_BRIDGE) && cls === 2) return -1 // 9: artillery never crosses the canal except at a bridge
  if (f & HS_ROAD) return TERRAIN.roadMove // along the road: the road's cost, bridges included
  let cost = c.terrainRows[c.terrain[b] as number]?.move[cls] ?? 1
  if ((f & HS_CANAL) && !(f & HS_BRIDGE)) cost += TERRAIN.hexsides.canal.move
  if (f & 2) cost += TERRAIN.hexsides.ditch.move
  if (f & 4) cost += TERRAIN.hexsides.fortification.move
  if ((c.elev[b] as number) > (c.elev[a] as number)) cost += TERRAIN.climb
  return cost
}

/** Disorder for entering b from a (9.1): 0 none, 1 test, 2 automatic (worst of hex and hexside). a < 0: entering from off the map. */
export function terrainDisorder(c: Ctx, a: number, b: number, cls: number): number {
  let worst = c.terrainRows[c.terrain[b] as number]?.disorder[cls] ?? 0
  if (a >= 0) {
    let d = -1
    for (let k = 0; k < 6; k++) if (c.grid.neighbors[a * 6 + k] === b) d = k
    if (d >= 0) {
      const f = c.feat[a * 6 + d] as number
      if (f & HS_ROAD) return 0
      if ((f & HS_CANAL) && !(f & HS_BRIDGE)) worst = Math.max(worst, TERRAIN.hexsides.canal.disorder[cls] as number)
      if (f & 2) worst = Math.max(worst, TERRAIN.hexsides.ditch.disorder[cls] as number)
      if (f & 4) worst = Math.max(worst, TERRAIN.hexsides.fortification.disorder[cls] as number)
    }
  } else if (c.road[b]) return 0
  return worst
}

// ---- morale ---------------------------------------------------------------

export function dirTo(c: Ctx, a: number, b: number): number {
  for (let k = 0; k < 6; k++) if (c.grid.neighbors[a * 6 + k] === b) return k
  return -1
}

// ---- retreat (11) ---------------------------------------------------------------
