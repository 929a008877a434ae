// Retreats (4.2, 5.3), the Unable to Retreat table, and rout movement (1.3).
// The owning player picks each step among the legal ones (`retreat-hex`,
// `rout-hex`); a single legal step is taken without asking. He also orders his
// routs where the order can matter (`rout-order`). The retreat or
// rout in progress lives in the state (rtUnit, rtLeft, rtAway, rtCombat) and
// what it interrupted in the pending register (state.pend), resumed by the
// flow after the last step.

import { allowedSteps, bestStep, type StepScore } from '../shared/paths.ts'
import { ARM_ART, ARM_CAV, IMPASSABLE } from './context.ts'
import { STATUSES, T_ART } from './tables.ts'
import { F_ROUTED, K, L_RETREAT, LS_IN, P_NONE, P_ROUT, type PiwamState } from './state.ts'
import { directionOf, type Board } from './board.ts'
import { removeLeadersAt } from './command.ts'
import { moveUnit } from './move.ts'
import { setStatus } from './morale.ts'

/** Starts u's retreat of n hexes away from `away` (4.2, 5.3). When it returns with s.rtUnit >= 0 the owner
 *  must pick a step (`retreat-hex`) and the caller stops: the flow resumes it after the last step. */
export function retreat(R: Board, s: PiwamState, u: number, n: number, away: number, inCombat: boolean): void {
  const side = R.ctx.uSide[u]!
  const start = s.uHex[u]!
  // 2.1 A / 3.2: the leaders stacked with the unit retreat with it
  if (R.mainAt(start) === u) {
    for (let j = 0; j < R.ctx.m; j++) if (s.lState[j] === LS_IN && s.lHex[j] === start && R.ctx.lSide[j] === side) s.lFlags[j] = s.lFlags[j]! | L_RETREAT
  }
  s.rtUnit = u
  s.rtLeft = n
  s.rtAway = away
  s.rtCombat = inCombat ? 1 : 0
  retreatGo(R, s)
}

/** One retreat step (4.2, 5.3): strictly farther from `away`, enterable (terrain, stacking). The score (nearest
 *  the friendly edge first) is the fixed ranking the scripted player uses. Preallocated per Board. */
export class RetreatStep implements StepScore {
  R: Board
  u = -1
  away = -1
  side = 0
  arm = 0
  fromDist = 0
  constructor(R: Board) {
    this.R = R
  }
  score(from: number, d: number, x: number): number {
    const R = this.R
    if (R.ctx.cost[(this.arm * R.size + from) * 6 + d] === IMPASSABLE) return -1
    if (R.dist(x, this.away) <= this.fromDist) return -1
    if (R.canEnter(this.u, x) !== 1) return -1
    return R.ctx.edgeDist[this.side * R.size + x]!
  }
}

function retreatRule(R: Board, s: PiwamState): RetreatStep {
  const u = s.rtUnit
  const rule = R.retreatStep
  rule.u = u
  rule.away = s.rtAway
  rule.side = R.ctx.uSide[u]!
  rule.arm = R.ctx.uArm[u] === ARM_CAV ? 1 : 0
  rule.fromDist = R.dist(s.uHex[u]!, s.rtAway)
  return rule
}

/** The legal next hexes of the retreat under way, written to out (side order); returns how many. */
export function retreatChoices(R: Board, s: PiwamState, out: Int32Array): number {
  return allowedSteps(R.ctx.grid, s.uHex[s.rtUnit]!, retreatRule(R, s), out)
}

/** The fixed ranking's next hex (nearest the friendly edge, then side order): the scripted player's pick; -1 none. */
export function retreatBest(R: Board, s: PiwamState): number {
  return bestStep(R.ctx.grid, s.uHex[s.rtUnit]!, retreatRule(R, s))
}

/** Goes on with the retreat under way: forced steps are taken, a choice stops it (returns false, decision set);
 *  returns true when the retreat is over (done, stood or eliminated). */
export function retreatGo(R: Board, s: PiwamState): boolean {
  const u = s.rtUnit
  const steps = R.steps
  while (s.rtLeft > 0) {
    const c = retreatChoices(R, s, steps)
    if (c === 0) {
      unableToRetreat(R, s, u, s.rtCombat === 1)
      endRetreat(R, s)
      return true
    }
    if (c > 1) {
      s.kind = K['retreat-hex']
      s.player = R.ctx.uSide[u]!
      return false
    }
    retreatStepTo(R, s, steps[0]!)
  }
  if (s.uStatus[u] === 3) s.uFace[u] = R.ctx.edgeFacing[R.ctx.uSide[u]!]!
  endRetreat(R, s)
  return true
}

/** One step of the retreat under way into x (checked legal by the caller). */
export function retreatStepTo(R: Board, s: PiwamState, x: number): void {
  const u = s.rtUnit
  const from = s.uHex[u]!
  const a = R.occ0[x]! - 1
  // 3.2: a unit retreating through friendly artillery removes it
  if (a >= 0 && R.ctx.uType[a] === T_ART && R.ctx.uType[u] !== T_ART) R.eliminate(s, a, 'retreated through')
  moveUnit(R, s, u, x, false)
  for (let j = 0; j < R.ctx.m; j++) if ((s.lFlags[j]! & L_RETREAT) !== 0 && s.lState[j] === LS_IN) s.lHex[j] = x
  s.rtLeft--
  if (R.ev) R.push({ type: 'retreated', unit: R.ctx.uId[u]!, from: R.hexLabel(from), to: R.hexLabel(x) })
}

function endRetreat(R: Board, s: PiwamState): void {
  for (let j = 0; j < R.ctx.m; j++) s.lFlags[j] = s.lFlags[j]! & ~L_RETREAT
  s.rtUnit = -1
  s.rtLeft = 0
  s.rtAway = -1
  s.rtCombat = 0
}

export function unableToRetreat(R: Board, s: PiwamState, u: number, inCombat: boolean): boolean {
  const roll = R.roll(s, 'unable to retreat')
  const st = s.uStatus[u]!
  const need = R.ctx.tables.unableToRetreat.stand[STATUSES[st]!]
  // 2.1 A lists where leader modifiers apply; the Unable to Retreat roll is not among them
  const total = roll
  const stood = total <= need
  if (R.ev) R.push({ type: 'stood', unit: R.ctx.uId[u]!, roll: total, need, stood })
  if (stood) {
    if (st > 1) setStatus(R, s, u, st - 1)
    return true
  }
  const h = s.uHex[u]!
  R.eliminate(s, u, 'unable to retreat')
  if (inCombat) removeLeadersAt(R, s, h, R.ctx.uSide[u]!, 'stacked unit eliminated in close combat')
  return false
}

/** One rout step (1.3, 5.3): strictly nearer the friendly edge, affordable (a first step may always be taken),
 *  enterable. Score: MP cost × 2, +1 next to an enemy (the fixed ranking: cheapest, then away from enemies). */
export class RoutStep implements StepScore {
  R: Board
  s: PiwamState | null = null
  u = -1
  side = 0
  arm = 0
  mp = 0
  full = 0
  edge = 0
  constructor(R: Board) {
    this.R = R
  }
  score(from: number, d: number, x: number): number {
    const R = this.R
    if (R.ctx.edgeDist[this.side * R.size + x]! >= this.edge) return -1
    const c = R.ctx.cost[(this.arm * R.size + from) * 6 + d]!
    if (c === IMPASSABLE || (c > this.mp && this.mp !== this.full)) return -1
    if (R.canEnter(this.u, x) !== 1) return -1
    return c * 2 + (R.nearestEnemyDist(this.s!, x, this.side) <= 1 ? 1 : 0)
  }
}

function routRule(R: Board, s: PiwamState): RoutStep {
  const u = s.rtUnit
  const rule = R.routStep
  rule.s = s
  rule.u = u
  rule.side = R.ctx.uSide[u]!
  rule.arm = R.ctx.uArm[u] === ARM_CAV ? 1 : 0
  rule.full = R.ctx.tables.unitTypes.movement[R.typeName(u)]
  rule.mp = s.rtLeft
  rule.edge = R.ctx.edgeDist[rule.side * R.size + s.uHex[u]!]!
  return rule
}

/** The legal next hexes of the rout under way (the path of least resistance: the cheapest steps nearer the
 *  edge; the owner picks among equally cheap ones), written to out in side order; returns how many. */
export function routChoices(R: Board, s: PiwamState, out: Int32Array): number {
  const rule = routRule(R, s)
  const h = s.uHex[s.rtUnit]!
  const c = allowedSteps(R.ctx.grid, h, rule, out)
  rule.s = null
  if (c < 2) return c
  let least = 1 << 30
  for (let i = 0; i < c; i++) least = Math.min(least, stepCost(R, rule.arm, h, out[i]!))
  let k = 0
  for (let i = 0; i < c; i++) if (stepCost(R, rule.arm, h, out[i]!) === least) out[k++] = out[i]!
  return k
}

/** The fixed ranking's next rout hex (cheapest, then not next to an enemy, then side order): the scripted player's pick. */
export function routBest(R: Board, s: PiwamState): number {
  const rule = routRule(R, s)
  const pick = bestStep(R.ctx.grid, s.uHex[s.rtUnit]!, rule)
  rule.s = null
  return pick
}

function stepCost(R: Board, arm: number, h: number, x: number): number {
  return R.ctx.cost[(arm * R.size + h) * 6 + directionOf(R.ctx.grid.neighbors, h, x)]!
}

/** A broken unit of side p that has not made its rout move in this rout phase (artillery never routs). */
function toRout(R: Board, s: PiwamState, u: number, p: number): boolean {
  return s.uHex[u]! >= 0 && s.uStatus[u] === 3 && R.ctx.uArm[u] !== ARM_ART && R.ctx.uSide[u] === p && (s.uFlags[u]! & F_ROUTED) === 0
}

/** Every hex u's rout move could pass through or end in (R.routMp: the most MP left on reaching it, -1 never):
 *  any legal step, not only the cheapest, so the set holds every path the owner could steer whatever the
 *  other routers do. Steps go strictly nearer the edge, so one sweep per edge distance suffices. */
function routReach(R: Board, s: PiwamState, u: number): void {
  const ctx = R.ctx
  const size = R.size
  const best = R.routMp
  best.fill(-1)
  const rule = R.routStep
  rule.s = s
  rule.u = u
  rule.side = ctx.uSide[u]!
  rule.arm = ctx.uArm[u] === ARM_CAV ? 1 : 0
  rule.full = ctx.tables.unitTypes.movement[R.typeName(u)]
  const h = s.uHex[u]!
  const base = rule.side * size
  best[h] = rule.full
  for (let e = ctx.edgeDist[base + h]!; e >= 1; e--) {
    for (let x = 0; x < size; x++) {
      const mp = best[x]!
      if (mp <= 0 || ctx.edgeDist[base + x] !== e) continue
      rule.mp = mp
      rule.edge = e
      for (let d = 0; d < 6; d++) {
        const y = ctx.grid.neighbors[x * 6 + d]!
        if (y < 0 || rule.score(x, d, y) < 0) continue
        const left = mp - Math.min(mp, ctx.cost[(rule.arm * size + x) * 6 + d]!)
        if (left > best[y]!) best[y] = left
      }
    }
  }
  rule.s = null
}

/** 1.3: which of side p's units still to rout could change one another's rout by its order: two whose rout
 *  reaches (routReach, searched with all of them lifted off the map) share a hex. Marks them in R.routCross and
 *  returns how many; R.routFree is the first (scenario order) still to rout whose reach meets no other's, -1 none. */
export function routCrossings(R: Board, s: PiwamState, p: number): number {
  const n = R.ctx.n
  const owner = R.routOwner
  const cross = R.routCross
  owner.fill(-1)
  cross.fill(0)
  R.routFree = -1
  let pending = 0
  for (let u = 0; u < n; u++) {
    if (!toRout(R, s, u, p)) continue
    R.unplace(u, s.uHex[u]!)
    pending++
  }
  if (pending < 2) {
    R.sync(s)
    for (let u = 0; u < n && R.routFree < 0; u++) if (toRout(R, s, u, p)) R.routFree = u
    return 0
  }
  for (let u = 0; u < n; u++) {
    if (!toRout(R, s, u, p)) continue
    routReach(R, s, u)
    for (let x = 0; x < R.size; x++) {
      if (R.routMp[x]! < 0) continue
      const o = owner[x]!
      if (o < 0) owner[x] = u
      else if (o !== u) cross[u] = cross[o] = 1
    }
  }
  R.sync(s)
  let c = 0
  for (let u = 0; u < n; u++) {
    if (!toRout(R, s, u, p)) continue
    if (cross[u]) c++
    else if (R.routFree < 0) R.routFree = u
  }
  return c
}

/** 1.3 / 5.3 rout phase: side 0's broken units, then side 1's, each spends its full allowance toward its edge,
 *  exiting off it. A unit whose rout cannot meet another's goes at once (scenario order); among those that could
 *  the owner picks which goes next (`rout-order`). Returns true when the phase is over; false when an owner must
 *  decide (`rout-order`, or a `rout-hex` step); the flow calls it again after that decision. */
export function routPhase(R: Board, s: PiwamState): boolean {
  for (let p = 0; p < 2; p++) {
    for (;;) {
      const crossing = routCrossings(R, s, p)
      if (R.routFree >= 0) {
        if (!routUnit(R, s, R.routFree)) return false
        continue
      }
      if (crossing === 0) break
      s.pend[0] = P_NONE
      s.pend[1] = 0
      s.kind = K['rout-order']
      s.player = p
      return false
    }
  }
  s.pend[0] = P_NONE
  s.pend[1] = 0
  return true
}

/** Unit u makes its rout move (faces its edge, then steps); false when its owner must pick a step. */
export function routUnit(R: Board, s: PiwamState, u: number): boolean {
  s.uFlags[u] = s.uFlags[u]! | F_ROUTED
  s.pend[0] = P_ROUT
  s.pend[1] = u
  s.rtUnit = u
  s.rtLeft = R.ctx.tables.unitTypes.movement[R.typeName(u)]
  s.uFace[u] = R.ctx.edgeFacing[R.ctx.uSide[u]!]!
  return routGo(R, s)
}

/** Goes on with the rout under way: exits off the edge, takes forced steps, stops at a choice (returns false). */
export function routGo(R: Board, s: PiwamState): boolean {
  const u = s.rtUnit
  const side = R.ctx.uSide[u]!
  const steps = R.steps
  while (s.rtLeft > 0) {
    if (R.ctx.edgeDist[side * R.size + s.uHex[u]!] === 0) {
      R.place(s, u, -1)
      s.uGone[u] = 2
      if (R.ev) R.push({ type: 'exited', unit: R.ctx.uId[u]! })
      break
    }
    const c = routChoices(R, s, steps)
    if (c === 0) break
    if (c > 1) {
      s.kind = K['rout-hex']
      s.player = side
      return false
    }
    routStepTo(R, s, steps[0]!)
  }
  s.rtUnit = -1
  s.rtLeft = 0
  return true
}

/** One rout step of the unit under way into x (checked legal by the caller). */
export function routStepTo(R: Board, s: PiwamState, x: number): void {
  const u = s.rtUnit
  const h = s.uHex[u]!
  const arm = R.ctx.uArm[u] === ARM_CAV ? 1 : 0
  s.rtLeft -= Math.min(s.rtLeft, stepCost(R, arm, h, x))
  // 3.2: leaders stacked with the unit move when it moves, routs included
  moveUnit(R, s, u, x, true)
  if (R.ev) R.push({ type: 'rout', unit: R.ctx.uId[u]!, from: R.hexLabel(h), to: R.hexLabel(x) })
}
