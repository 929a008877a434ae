// Hexside-facing geometry of Hell Broke Loose at 2 inches a hex: the arc an
// adjacent enemy stands in (front: the three front hexsides; flank: the next
// two; rear: the back hexside), the 120-degree front cone used for shooting
// (a target or shooter outside it is "on the flank"), and occupancy.

import { directionTo, neighbor, rot } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { F_ELIM, F_ROUT, type HState, onMap } from './state.ts'

export const ARC_FRONT = 0
export const ARC_FLANK = 1
export const ARC_REAR = 2

/** Arc of hexside direction `d` seen by a unit facing `f`. */
export function arcOfDir(f: number, d: number): number {
  const k = rot(d, -f)
  return k === 0 || k === 1 || k === 5 ? ARC_FRONT : k === 3 ? ARC_REAR : ARC_FLANK
}

/** Arc of the adjacent hex `to` seen from unit u (-1 when not adjacent). */
export function arcOf(c: Ctx, s: HState, u: number, to: number): number {
  const d = directionTo(c.grid, s.hex[u] as number, to)
  return d < 0 ? -1 : arcOfDir(s.face[u] as number, d)
}

/** Axial deltas of each hexside direction, and those directions as doubled pixel vectors: x = 3q, y = sqrt3 * (2r + q). */
const DQ = [0, 1, 1, 0, -1, -1]
const DR = [-1, -1, 0, 1, 1, 0]

/** True when hex `to` lies within 60 degrees of the facing of a unit at `from` (the 120-degree front cone). */
export function inFrontCone(c: Ctx, from: number, f: number, to: number): boolean {
  if (from === to) return false
  const q = (c.grid.q[to] as number) - (c.grid.q[from] as number)
  const r = (c.grid.r[to] as number) - (c.grid.r[from] as number)
  const dq = DQ[f] as number
  const dr = DR[f] as number
  // Integer dot product of (3q, √3(2r+q)) and (3dq, √3(2dr+dq)); |d|² = 12. cos >= 1/2 <=> dot >= 0 and dot² >= 3|v|².
  const dot = 9 * q * dq + 3 * (2 * r + q) * (2 * dr + dq)
  const v2 = 9 * q * q + 3 * (2 * r + q) * (2 * r + q)
  return dot >= 0 && dot * dot >= 3 * v2
}

export const isRouted = (s: HState, u: number): boolean => ((s.fl[u] as number) & F_ROUT) !== 0
/** On the map and not routed: a unit that fights, moves and shoots. */
export const inGood = (s: HState, u: number): boolean => ((s.fl[u] as number) & (F_ELIM | F_ROUT)) === 0

/** Rebuilds the hex -> unit occupancy (units on the map). */
export function occupancy(c: Ctx, s: HState): Int16Array {
  const occ = c.occ
  occ.fill(-1)
  for (let u = 0; u < c.nU; u++) if (onMap(s, u)) occ[s.hex[u] as number] = u
  return occ
}

/** Adjacent enemies of u that are on the map and not routed, by direction order. */
export function adjacentEnemies(c: Ctx, s: HState, u: number, occ: Int16Array, out: number[]): number[] {
  out.length = 0
  const h = s.hex[u] as number
  for (let d = 0; d < 6; d++) {
    const n = neighbor(c.grid, h, d)
    if (n < 0) continue
    const v = occ[n] as number
    if (v >= 0 && c.uSide[v] !== c.uSide[u] && inGood(s, v)) out.push(v)
  }
  return out
}

/** A hex a unit may enter from `from` across direction d: on the map, passable, empty. */
export function enterable(c: Ctx, occ: Int16Array, from: number, d: number): number {
  const n = neighbor(c.grid, from, d)
  if (n < 0 || !c.passable[n] || (occ[n] as number) >= 0) return -1
  return n
}
