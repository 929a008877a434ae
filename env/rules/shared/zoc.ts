// Zones of control over integer hex indices (env/hex/grid.ts). A unit projects
// its ZOC across a set of its hexsides, given as a 6-bit mask (bit d = the
// neighbour across side d, N NE SE S SW NW). The ruleset decides who exerts a
// ZOC and through which sides (front hexes, all round in a square/hedgehog...);
// these functions only do the hex arithmetic, with no allocation.
//
//   const front = hexsideFrontSides(facing)        // Marignan 4: the three front hexes
//   projectZoc(grid, zoc, side * grid.size, hex, front)
//   if (zoc[(1 - side) * grid.size + h] > 0) ...    // h is in an enemy ZOC

import { rot, type HexGrid } from '../../hex/grid.ts'

/** Every side: a unit with no flank or rear (all-round front). */
export const ALL_SIDES = 0x3f

const HEXSIDE_FRONT: readonly number[] = Array.from({ length: 6 }, (_, d) => (1 << rot(d, -1)) | (1 << d) | (1 << rot(d, 1)))
const VERTEX_FRONT: readonly number[] = Array.from({ length: 6 }, (_, f) => (1 << f) | (1 << rot(f, 1)))

/** The front of a unit facing hexside d (Marignan, `sideFrontSides`): that side and the two either side. */
export const hexsideFrontSides = (d: number): number => HEXSIDE_FRONT[rot(d, 0)] as number

/** The front of a unit facing vertex f (PIWAM, `vertexFrontSides`): sides f and f + 1. */
export const vertexFrontSides = (f: number): number => VERTEX_FRONT[rot(f, 0)] as number

/** Is side d in the mask? */
export const hasSide = (sides: number, d: number): boolean => ((sides >>> d) & 1) === 1

/**
 * Adds 1 to counts[offset + n] for every on-map neighbour n of hex h across a side in `sides`.
 * One layer of counts per side (offset = side × grid.size) lets a ruleset ask "is h in an
 * enemy ZOC" as counts[enemyOffset + h] > 0; counts saturate at 255 (Uint8Array).
 */
export function projectZoc(grid: HexGrid, counts: Uint8Array, offset: number, h: number, sides: number): void {
  const nb = grid.neighbors
  for (let d = 0; d < 6; d++) {
    if (!((sides >>> d) & 1)) continue
    const n = nb[h * 6 + d] as number
    if (n >= 0) counts[offset + n] = (counts[offset + n] as number) + 1
  }
}

/** Does a unit in hex `from` projecting over `sides` cover hex `to` (an adjacent hex across one of those sides)? */
export function zocCovers(grid: HexGrid, from: number, sides: number, to: number): boolean {
  const nb = grid.neighbors
  for (let d = 0; d < 6; d++) if (nb[from * 6 + d] === to) return ((sides >>> d) & 1) === 1
  return false
}

/** Is any on-map neighbour of h marked in counts[offset + ·] (e.g. an occupancy layer: "adjacent to an enemy unit")? */
export function anyNeighbourCounted(grid: HexGrid, counts: ArrayLike<number>, offset: number, h: number): boolean {
  const nb = grid.neighbors
  for (let d = 0; d < 6; d++) {
    const n = nb[h * 6 + d] as number
    if (n >= 0 && (counts[offset + n] as number) > 0) return true
  }
  return false
}
