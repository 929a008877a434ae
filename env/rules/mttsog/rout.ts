// Unit displacement: placing a unit (and pushing a lone enemy commander aside),
// rout moves toward the line of communications (the owner steers among equally
// good steps: decision `rout-hex`), evading / exhausted cavalry moving away.
// docs/rules/mttsog.md gives the paths.

import type { Ctx } from './context.ts'
import { canStep, dist, lbl, moveRate, nb, onMap } from './core.ts'
import { tiedBestSteps } from '../shared/paths.ts'
import { LF_REMOVED, QW, RQW, S_EXIT, S_ROUT, T_REFUGE, type Events, type MtState } from './state.ts'
import { removeUnit } from './morale.ts'

/** Moves unit u to hex h (occupancy kept in step). I) Commander 3): a lone enemy commander there goes to his
 *  closest friendly unit, at once when one is closest, else by his owner's choice (a T_REFUGE task). */
export function placeUnit(c: Ctx, s: MtState, u: number, h: number, ev: Events): void {
  const from = s.hex[u] as number
  if (from >= 0 && c.occ[from] === u) c.occ[from] = -1
  s.hex[u] = h
  c.occ[h] = u
  const side = c.uSide[u]
  for (let l = 0; l < c.nL; l++) {
    if (s.lhex[l] !== h || c.lSide[l] === side || (s.lfl[l] as number) & LF_REMOVED || refugePending(s, l)) continue
    const n = refuges(c, s, l, h, REFUGES)
    if (n === 1) refuge(c, s, l, REFUGES[0] as number, ev)
    else if (n > 1) s.q.push(T_REFUGE, l, h, 0)
  }
}

const REFUGES: number[] = []

/** The friendly units of commander l closest to hex h (I Commander 3: "moved to the closest friendly unit"),
 *  written into out in unit order; returns how many. */
export function refuges(c: Ctx, s: MtState, l: number, h: number, out: number[]): number {
  out.length = 0
  let bd = 1 << 30
  for (let v = 0; v < c.nU; v++) {
    if (c.uSide[v] !== c.lSide[l] || !onMap(s, v)) continue
    const d = dist(c, h, s.hex[v] as number)
    if (d > bd) continue
    if (d < bd) {
      bd = d
      out.length = 0
    }
    out.push(v)
  }
  return out.length
}

/** Commander l joins unit v's hex. */
export function refuge(c: Ctx, s: MtState, l: number, v: number, ev: Events): void {
  s.lhex[l] = s.hex[v] as number
  ev?.push({ type: 'leader-moved', leader: c.leaderIds[l] as string, to: lbl(c, s.lhex[l] as number) })
}

function refugePending(s: MtState, l: number): boolean {
  for (let i = 0; i < s.q.length; i += QW) if (s.q[i] === T_REFUGE && s.q[i + 1] === l) return true
  return false
}

export function takeOff(c: Ctx, s: MtState, u: number): void {
  const h = s.hex[u] as number
  if (h >= 0 && c.occ[h] === u) c.occ[h] = -1
  s.hex[u] = -1
}

/** One rout step's rule (I Routed 1, E): a free neighbour no farther from the edge, the nearest first,
 *  then one not next to an enemy; what stays tied is the owner's choice. */
const routRule = {
  c: null as Ctx | null,
  s: null as MtState | null,
  u: 0,
  score(from: number, d: number, to: number): number {
    const c = this.c as Ctx
    const side = c.uSide[this.u] as number
    const ed = c.edgeDist[side] as Int16Array
    if ((c.occ[to] as number) >= 0 || !canStep(c, this.s as MtState, this.u, from, d) || (ed[to] as number) > (ed[from] as number)) return -1
    return (ed[to] as number) * 2 + (enemyNear(c, side, to) ? 1 : 0)
  },
}

/** Writes the rout steps of u open to its owner's choice into out (occupancy synced); returns how many. */
export function routSteps(c: Ctx, s: MtState, u: number, out: Int32Array): number {
  routRule.c = c
  routRule.s = s
  routRule.u = u
  const n = tiedBestSteps(c.grid, s.hex[u] as number, routRule, out)
  routRule.c = null
  routRule.s = null
  return n
}

/** Queues the rout move of u: "a full move toward their Line of Communications" (the scenario's edge).
 *  `open`: one of the end-of-actions routs (E), whose order its owner decides where their paths can meet. */
export function queueRout(c: Ctx, s: MtState, u: number, open = false): void {
  s.rq.push(u, moveRate(c, s, u), open ? 1 : 0)
}

let reachOwner = new Int32Array(0)
let reachMark = new Uint8Array(0)
const FRONT: number[] = []
const NEXT: number[] = []

/** Marks in reachMark every hex u's rout of `moves` steps could pass through or end on, alone on the
 *  board as it is (each step among the rule's tied best steps: any its owner could pick). */
function routReach(c: Ctx, s: MtState, u: number, moves: number): void {
  reachMark.fill(0)
  const ed = c.edgeDist[c.uSide[u] as 0 | 1]
  const start = s.hex[u] as number
  reachMark[start] = 1
  FRONT.length = 0
  FRONT.push(start)
  routRule.c = c
  routRule.s = s
  routRule.u = u
  for (let m = 0; m < moves && FRONT.length > 0; m++) {
    NEXT.length = 0
    for (const h of FRONT) {
      if (ed[h] === 0) continue
      const n = tiedBestSteps(c.grid, h, routRule, STEPS)
      for (let i = 0; i < n; i++) {
        const x = STEPS[i] as number
        if (reachMark[x]) continue
        reachMark[x] = 1
        NEXT.push(x)
      }
    }
    FRONT.length = 0
    FRONT.push(...NEXT)
  }
  routRule.c = null
  routRule.s = null
}

/** E) the open end-of-actions routs (RQW records with open = 1): whether each can meet another's (its hexes,
 *  start included, reached by another's rout; the routers off the board while this is worked out), written
 *  into cross by record index (i / RQW). Returns how many records are open. */
export function routCrossings(c: Ctx, s: MtState, cross: number[]): number {
  if (reachOwner.length !== c.size) {
    reachOwner = new Int32Array(c.size)
    reachMark = new Uint8Array(c.size)
  }
  cross.length = 0
  let open = 0
  for (let i = 0; i < s.rq.length; i += RQW) {
    cross.push(0)
    if (s.rq[i + 2] !== 1) continue
    open++
    c.occ[s.hex[s.rq[i] as number] as number] = -1
  }
  if (open >= 2) {
    reachOwner.fill(-1)
    for (let i = 0; i < s.rq.length; i += RQW) {
      if (s.rq[i + 2] !== 1) continue
      routReach(c, s, s.rq[i] as number, s.rq[i + 1] as number)
      for (let x = 0; x < c.size; x++) {
        if (!reachMark[x]) continue
        const o = reachOwner[x] as number
        if (o < 0) reachOwner[x] = i / RQW
        else if (o !== i / RQW) cross[o] = cross[i / RQW] = 1
      }
    }
  }
  for (let i = 0; i < s.rq.length; i += RQW) if (s.rq[i + 2] === 1) c.occ[s.hex[s.rq[i] as number] as number] = s.rq[i] as number
  return open
}

const CROSS: number[] = []

/** E) Before the head open rout starts: a router whose rout can meet no other open one goes first (unit order);
 *  with one open left it goes. Returns true when two or more are left and all can meet: the owner orders them
 *  (rout-order, `routFirst`). */
export function routOrderPending(c: Ctx, s: MtState): boolean {
  if (s.rq[2] !== 1) return false
  const open = routCrossings(c, s, CROSS)
  for (let i = 0; i < s.rq.length; i += RQW) {
    if (s.rq[i + 2] !== 1 || (open >= 2 && CROSS[i / RQW])) continue
    routFirst(s, s.rq[i] as number)
    return false
  }
  return true
}

/** The units whose rout its owner may put next (rout-order), written into out. */
export function routOrderChoices(c: Ctx, s: MtState, out: number[]): number {
  routCrossings(c, s, CROSS)
  out.length = 0
  for (let i = 0; i < s.rq.length; i += RQW) if (s.rq[i + 2] === 1 && CROSS[i / RQW]) out.push(s.rq[i] as number)
  return out.length
}

/** Puts u's open rout record first and starts it (open = 0). */
export function routFirst(s: MtState, u: number): void {
  for (let i = 0; i < s.rq.length; i += RQW) {
    if (s.rq[i] !== u) continue
    const rec = s.rq.splice(i, RQW)
    rec[2] = 0
    s.rq.unshift(...rec)
    return
  }
}

const STEPS = new Int32Array(6)
const segment: string[] = []

/**
 * Goes on with the head rout (s.rq), taking `pick` first when its owner chose it. A routed unit that
 * reaches its edge with moves left leaves the map (counts as lost). Returns true when the owner must
 * choose the next step (two or more are tied); false when the rout is over (popped).
 */
export function routOn(c: Ctx, s: MtState, pick: number, ev: Events): boolean {
  const u = s.rq[0] as number
  segment.length = 0
  if (onMap(s, u) && s.st[u] === S_ROUT) {
    const ed = c.edgeDist[c.uSide[u] as 0 | 1]
    for (; (s.rq[1] as number) > 0; s.rq[1] = (s.rq[1] as number) - 1) {
      const h = s.hex[u] as number
      if (ed[h] === 0) {
        ev?.push({ type: 'rout-move', unit: c.unitIds[u] as string, path: segment.slice() })
        s.rq.splice(0, RQW)
        removeUnit(c, s, u, S_EXIT, 'routed off its edge', ev)
        return false
      }
      let to = pick
      pick = -1
      if (to < 0) {
        const n = routSteps(c, s, u, STEPS)
        if (n === 0) break
        if (n > 1) {
          if (segment.length > 0) ev?.push({ type: 'rout-move', unit: c.unitIds[u] as string, path: segment.slice() })
          return true
        }
        to = STEPS[0] as number
      }
      placeUnit(c, s, u, to, ev)
      segment.push(lbl(c, to))
    }
    ev?.push({ type: 'rout-move', unit: c.unitIds[u] as string, path: segment.slice() })
  }
  s.rq.splice(0, RQW)
  return false
}

function enemyNear(c: Ctx, side: number, h: number): boolean {
  for (let d = 0; d < 6; d++) {
    const n = nb(c, h, d)
    if (n >= 0 && (c.occ[n] as number) >= 0 && c.uSide[c.occ[n] as number] !== side) return true
  }
  return false
}

/** Moves u up to `n` hexes straight away from hex `from` (evade: 4" from the charger). Returns the path. */
export function moveAway(c: Ctx, s: MtState, u: number, from: number, n: number, ev: Events): string[] {
  awayPath(c, s, u, from, n, AWAY_BACK, SCRATCH)
  return moveAlong(c, s, u, SCRATCH, ev)
}

/** The two readings of "back along the direction charged, or away from enemy" (I Exhausted Cavalry 2). */
export const AWAY_BACK = 0
export const AWAY_ENEMY = 1
const SCRATCH: number[] = []

/**
 * Writes into out the hexes of u's move of up to `n` hexes away (u does not move): AWAY_BACK, each
 * step to the free neighbour that most increases the distance from `from` (among those the one most
 * nearly straight away from it: back along the line of the charge); AWAY_ENEMY, each step to the free
 * neighbour farthest from the nearest enemy unit, and only while that distance grows (ties: the
 * straighter away from `from`). Returns the last hex (u's own when it cannot move).
 */
export function awayPath(c: Ctx, s: MtState, u: number, from: number, n: number, mode: number, out: number[]): number {
  out.length = 0
  const fx = c.px[from] as number
  const fy = c.py[from] as number
  let h = s.hex[u] as number
  for (let i = 0; i < n; i++) {
    const ax = (c.px[h] as number) - fx
    const ay = (c.py[h] as number) - fy
    const d0 = mode === AWAY_BACK ? dist(c, h, from) : enemyDist(c, s, u, h)
    let best = -1
    let bestScore = -Infinity
    for (let d = 0; d < 6; d++) {
      const nx = nb(c, h, d)
      if (nx < 0 || ((c.occ[nx] as number) >= 0 && c.occ[nx] !== u) || !canStep(c, s, u, h, d)) continue
      const dd = mode === AWAY_BACK ? dist(c, nx, from) : enemyDist(c, s, u, nx)
      if (dd <= d0) continue
      const score = dd * 1000 + ((c.px[nx] as number) - (c.px[h] as number)) * ax + ((c.py[nx] as number) - (c.py[h] as number)) * ay
      if (score > bestScore + 1e-9) {
        bestScore = score
        best = nx
      }
    }
    if (best < 0) break
    out.push(best)
    h = best
  }
  return h
}

/** Hexes from h to the nearest enemy unit of u on the map. */
function enemyDist(c: Ctx, s: MtState, u: number, h: number): number {
  let m = 1 << 20
  for (let v = 0; v < c.nU; v++) if (c.uSide[v] !== c.uSide[u] && onMap(s, v)) m = Math.min(m, dist(c, h, s.hex[v] as number))
  return m
}

/** Moves u along a path from awayPath; returns its labels. */
export function moveAlong(c: Ctx, s: MtState, u: number, path: readonly number[], ev: Events): string[] {
  const out: string[] = []
  for (const h of path) {
    placeUnit(c, s, u, h, ev)
    out.push(lbl(c, h))
  }
  return out
}
