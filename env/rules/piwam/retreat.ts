// Retreats (4.2, 5.3), the Unable to Retreat table, and rout movement (1.3).

import { bestStep, type StepScore } from '../shared/paths.ts'
import { ARM_ART, ARM_CAV, IMPASSABLE } from './context.ts'
import { STATUSES, T_ART } from './tables.ts'
import { LS_IN, type PiwamState } from './state.ts'
import { directionOf, type Board } from './board.ts'
import { removeLeadersAt } from './command.ts'
import { moveUnit } from './move.ts'
import { setStatus } from './morale.ts'

/** Retreats u n hexes away from `away` (4.2, 5.3); unable: the Unable to Retreat table. Returns false if eliminated. */
export function retreat(R: Board, s: PiwamState, u: number, n: number, away: number, inCombat: boolean): boolean {
  const side = R.ctx.uSide[u]!
  const start = s.uHex[u]!
  let nc = 0
  if (R.mainAt(start) === u) for (let j = 0; j < R.ctx.m; j++) if (s.lState[j] === LS_IN && s.lHex[j] === start && R.ctx.lSide[j] === side) R.carried[nc++] = j
  const ok = retreatSteps(R, s, u, n, away, inCombat)
  const end = s.uHex[u]!
  if (end >= 0) for (let i = 0; i < nc; i++) if (s.lState[R.carried[i]!] === LS_IN) s.lHex[R.carried[i]!] = end
  return ok
}

/** One retreat step (4.2, 5.3): strictly farther from `away`, enterable (terrain, stacking), nearest the
 *  friendly edge first. Preallocated per Board; retreatSteps sets the fields before each search. */
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

export function retreatSteps(R: Board, s: PiwamState, u: number, n: number, away: number, inCombat: boolean): boolean {
  const side = R.ctx.uSide[u]!
  const rule = R.retreatStep
  rule.u = u
  rule.away = away
  rule.side = side
  rule.arm = R.ctx.uArm[u] === ARM_CAV ? 1 : 0
  for (let step = 0; step < n; step++) {
    const h = s.uHex[u]!
    rule.fromDist = R.dist(h, away)
    const pick = bestStep(R.ctx.grid, h, rule)
    if (pick < 0) return unableToRetreat(R, s, u, inCombat)
    const a = R.occ0[pick]! - 1
    if (a >= 0 && R.ctx.uType[a] === T_ART && R.ctx.uType[u] !== T_ART) R.eliminate(s, a, 'retreated through')
    const from = h
    moveUnit(R, s, u, pick, false)
    if (R.ev) R.push({ type: 'retreated', unit: R.ctx.uId[u]!, from: R.hexLabel(from), to: R.hexLabel(pick) })
  }
  if (s.uStatus[u] === 3) s.uFace[u] = R.ctx.edgeFacing[side]!
  return true
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

/** One rout step (1.3, 5.3) along the path of least resistance: strictly nearer the friendly edge,
 *  affordable (a first step may always be taken), enterable; cheapest first, then not next to an enemy. */
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

/** 1.3 / 5.3: broken units spend their full allowance along the cheapest way to their edge, exiting off it. */
export function routPhase(R: Board, s: PiwamState): void {
  const rule = R.routStep
  rule.s = s
  for (let u = 0; u < R.ctx.n; u++) {
    if (s.uHex[u]! < 0 || s.uStatus[u] !== 3 || R.ctx.uArm[u] === ARM_ART) continue
    const side = R.ctx.uSide[u]!
    const arm = R.ctx.uArm[u] === ARM_CAV ? 1 : 0
    let mp: number = R.ctx.tables.unitTypes.movement[R.typeName(u)]
    rule.u = u
    rule.side = side
    rule.arm = arm
    rule.full = mp
    s.uFace[u] = R.ctx.edgeFacing[side]!
    while (mp > 0) {
      const h = s.uHex[u]!
      const ed = R.ctx.edgeDist[side * R.size + h]!
      if (ed === 0) {
        R.place(s, u, -1)
        s.uGone[u] = 2
        if (R.ev) R.push({ type: 'exited', unit: R.ctx.uId[u]! })
        break
      }
      rule.mp = mp
      rule.edge = ed
      const pick = bestStep(R.ctx.grid, h, rule)
      if (pick < 0) break
      mp -= Math.min(mp, R.ctx.cost[(arm * R.size + h) * 6 + directionOf(R.ctx.grid.neighbors, h, pick)]!)
      // 3.2: leaders stacked with the unit move when it moves, routs included
      moveUnit(R, s, u, pick, true)
      if (R.ev) R.push({ type: 'rout', unit: R.ctx.uId[u]!, from: R.hexLabel(h), to: R.hexLabel(pick) })
    }
  }
  rule.s = null
}
