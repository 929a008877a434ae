// Retrograde movement: routs ("turns and routs 12"" = 6 hexes toward the
// friendly edge), push backs (3" = one hex straight away from the winner,
// blocked by type III terrain, a ditch, a unit or the map edge: "vexed again"),
// and close-skirmish withdrawals (one hex). The posts give no routing
// procedure (docs/rules/hbl.md): each rout step goes to an empty passable hex
// nearer the friendly edge, never straight away from it; where several such
// steps are equally near, the owner chooses (decision `rout-hex`).

import { directionTo, neighbor, rot } from '../../hex/grid.ts'
import { tiedBestSteps } from '../shared/paths.ts'
import type { Ctx } from './context.ts'
import { enterable, occupancy } from './geometry.ts'
import { destroy, endMeleesOf } from './morale.ts'
import { carryLeaders } from './move.ts'
import { F_PINNED, F_ROUT, F_VEX, type Events, type HState } from './state.ts'

/** A unit turns to rout (H18): it leaves its melees and faces its edge; the steps follow (routOn). */
export function startRout(c: Ctx, s: HState, u: number, ev: Events): void {
  s.fl[u] = ((s.fl[u] as number) | F_ROUT) & ~F_PINNED
  s.ref[u] = -1
  s.mv[u] = 0
  s.st[u] = 0
  endMeleesOf(c, s, u, 'routed', ev)
  s.face[u] = c.edgeDir[c.uSide[u] as 0 | 1]
}

/** One rout step's rule: an empty passable hex nearer the edge, not straight back from it; the nearer the better. */
const routRule = {
  c: null as Ctx | null,
  occ: null as Int16Array | null,
  side: 0,
  score(from: number, d: number, to: number): number {
    const c = this.c as Ctx
    const dist = c.edgeDist[this.side as 0 | 1]
    if (d === rot(c.edgeDir[this.side as 0 | 1], 3) || enterable(c, this.occ as Int16Array, from, d) !== to) return -1
    return (dist[to] as number) < (dist[from] as number) ? (dist[to] as number) : -1
  },
}

/** Writes the rout steps of u open to its owner's choice into out; returns how many (0: it cannot move). */
export function routSteps(c: Ctx, s: HState, u: number, out: Int32Array): number {
  routRule.c = c
  routRule.occ = occupancy(c, s)
  routRule.side = c.uSide[u] as number
  const n = tiedBestSteps(c.grid, s.hex[u] as number, routRule, out)
  routRule.c = null
  routRule.occ = null
  return n
}

const STEPS = new Int32Array(6)
const segment: string[] = []

/**
 * Goes on with the rout of u (`left` hexes to go, `moved` so far), taking `pick` first when the
 * owner chose it. Off the map, or unable to take a first step: destroyed. Returns the hexes still
 * to go when the owner must choose the next step (STEPS has two or more), or -1 when the rout is over.
 */
export function routOn(c: Ctx, s: HState, u: number, left: number, moved: number, pick: number, ev: Events): number {
  const dist = c.edgeDist[c.uSide[u] as 0 | 1]
  segment.length = 0
  for (; left > 0; left--, moved++) {
    const h = s.hex[u] as number
    if ((dist[h] as number) === 0) {
      ev?.push({ type: 'routed', unit: c.unitIds[u] as string, path: segment.slice() })
      destroy(c, s, u, 'routed off the map', ev)
      return -1
    }
    let to = pick
    pick = -1
    if (to < 0) {
      const n = routSteps(c, s, u, STEPS)
      if (n === 0) break
      if (n > 1) {
        if (segment.length > 0) ev?.push({ type: 'routed', unit: c.unitIds[u] as string, path: segment.slice() })
        return left
      }
      to = STEPS[0] as number
    }
    s.hex[u] = to
    carryLeaders(c, s, u)
    segment.push(c.grid.labels[to] as string)
  }
  ev?.push({ type: 'routed', unit: c.unitIds[u] as string, path: segment.slice() })
  if (moved === 0) destroy(c, s, u, 'could not rout: surrounded', ev)
  return -1
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
