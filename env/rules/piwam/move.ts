// 3.1 / 3.2 Movement: orientation, front-hex moves and their costs, facing
// changes, stacking when entering, leaders carried along, the per-unit action
// loop, and the movement reach used by withdrawals.

import { rot, VERTEX_NAMES } from '../../hex/grid.ts'
import { reachFaced, type FacedCost } from '../shared/paths.ts'
import { ARM_ART, ARM_CAV, IMPASSABLE } from './context.ts'
import { T_ART } from './tables.ts'
import { F_ACTED, F_ART_FIRED, F_OOC, F_ENDED, F_SPENT, F_TURNED, K, L_CARRY, LS_IN, type PiwamState, TR_ENTERED, TR_FACED, TR_MP } from './state.ts'
import { directionOf, type Board } from './board.ts'
import { inCommand, removeLeader, wingCmdHex } from './command.ts'
import { toSelect } from './activation.ts'
import { trigger } from './reaction.ts'

/** Moves a unit one hex (and the leaders stacked with it when it is the main unit there). */
export function moveUnit(R: Board, s: PiwamState, u: number, to: number, withLeaders: boolean): void {
  const from = s.uHex[u]!
  const side = R.ctx.uSide[u]!
  // leaders go with the unit they are stacked with; during an action only those stacked when it began (L_CARRY)
  const carryOnly = s.sel === u && s.kind === K['unit-action']
  const lead = withLeaders && R.mainAt(from) === u
  // enemy artillery alone in the hex is overrun; lone enemy leaders are captured
  const a = R.occ0[to]! - 1
  if (a >= 0 && R.ctx.uSide[a] !== side) R.eliminate(s, a, 'overrun')
  for (let j = 0; j < R.ctx.m; j++) {
    if (s.lState[j] !== LS_IN) continue
    if (s.lHex[j] === to && R.ctx.lSide[j] !== side) removeLeader(R, s, j, 'captured')
    else if (lead && s.lHex[j] === from && R.ctx.lSide[j] === side && (!carryOnly || (s.lFlags[j]! & L_CARRY) !== 0)) s.lHex[j] = to
  }
  R.place(s, u, to)
}

export function turnCost(R: Board, u: number, about: boolean): number {
  const cav = R.ctx.uArm[u] === ARM_CAV
  return about ? (cav ? 2 : 4) : cav ? 1 : 2
}

/** Writes legal moves of the selected unit into mask; returns the count. */
export function unitMoves(R: Board, s: PiwamState, u: number, mask: Uint8Array | null): number {
  const h = s.uHex[u]!
  const f = s.uFace[u]!
  const side = R.ctx.uSide[u]!
  const arm = R.ctx.uArm[u] === ARM_CAV ? 1 : 0
  const full = R.ma(s, u)
  if (full <= 0 || s.mp <= 0) return 0
  const w = R.ctx.uWing[u]!
  const order = s.wOrder[w]!
  // 2.3: command is judged when the unit begins its action (selectUnit): in command then, it moves freely
  // even out of command; out of command then, it may only close on its commander until back in command
  const inCmd = (s.uFlags[u]! & F_OOC) === 0 || inCommand(R, s, u)
  const ch = wingCmdHex(R, s, w)
  if (!inCmd && ch < 0) return 0
  const hereDist = order === 0 ? R.nearestEnemyDist(s, h, side) : 0
  let c = 0
  for (let k = 0; k < 2; k++) {
    const d = (f + k) % 6
    const x = R.ctx.grid.neighbors[h * 6 + d]!
    if (x < 0) continue
    const cost = R.ctx.cost[(arm * R.size + h) * 6 + d]!
    if (cost === IMPASSABLE) continue
    if (cost > s.mp && !(s.mp === full && (s.uFlags[u]! & F_SPENT) === 0)) continue
    if (R.canEnter(u, x) === 0) continue
    if (!inCmd && R.dist(x, ch) >= R.dist(h, ch)) continue
    if (order === 0) {
      if (R.nearestEnemyDist(s, x, side) >= hereDist) continue
    } else if (order === 1) {
      if (R.nearestEnemyDist(s, x, side) <= 1) continue
    } else if (R.nearestEnemyDist(s, x, side) < s.startDist) continue
    if (mask) mask[R.offHex + x] = 1
    c++
  }
  return c
}

export function selectUnit(R: Board, s: PiwamState, u: number): void {
  s.sel = u
  s.uFlags[u] = (s.uFlags[u]! | F_ACTED) & ~(F_TURNED | F_SPENT | F_ENDED | F_OOC)
  if (R.ctx.uArm[u] !== ARM_ART && !inCommand(R, s, u)) s.uFlags[u] = s.uFlags[u]! | F_OOC
  s.uMoved[u] = 0
  s.mp = R.ma(s, u)
  s.startDist = R.nearestEnemyDist(s, s.uHex[u]!, R.ctx.uSide[u]!)
  s.kind = K['unit-action']
  const h = s.uHex[u]!
  const main = R.mainAt(h) === u
  for (let j = 0; j < R.ctx.m; j++) {
    const stacked = main && s.lState[j] === LS_IN && s.lHex[j] === h && R.ctx.lSide[j] === R.ctx.uSide[u]
    s.lFlags[j] = stacked ? s.lFlags[j]! | L_CARRY : s.lFlags[j]! & ~L_CARRY
  }
}

/** After an action step: go on with the unit, or back to unit selection. */
export function continueUnit(R: Board, s: PiwamState): void {
  const u = s.sel
  if (u < 0 || u >= R.ctx.n || s.uHex[u]! < 0 || (s.uFlags[u]! & F_ENDED) !== 0 || (R.ctx.uArm[u] !== ARM_ART && s.mp <= 0)) {
    toSelect(R, s)
    return
  }
  s.kind = K['unit-action']
  s.player = R.ctx.wSide[s.activeWing]!
}

export function doMove(R: Board, s: PiwamState, u: number, x: number): void {
  const h = s.uHex[u]!
  const d = directionOf(R.ctx.grid.neighbors, h, x)
  const arm = R.ctx.uArm[u] === ARM_CAV ? 1 : 0
  const cost = R.ctx.cost[(arm * R.size + h) * 6 + d]!
  const spent = Math.min(cost, s.mp)
  s.mp -= spent
  moveUnit(R, s, u, x, true)
  s.uMoved[u] = s.uMoved[u]! + 1
  s.uFlags[u] = s.uFlags[u]! | F_SPENT
  if (R.ev) R.push({ type: 'moved', unit: R.ctx.uId[u]!, from: R.hexLabel(h), to: R.hexLabel(x), mp: spent })
  trigger(R, s, u, TR_ENTERED | TR_MP, -1)
}

export function doTurn(R: Board, s: PiwamState, u: number, by: number, cost: number): void {
  const f = s.uFace[u]!
  s.uFace[u] = rot(f, by)
  s.mp = Math.max(0, s.mp - cost)
  s.uFlags[u] = s.uFlags[u]! | F_TURNED | F_SPENT
  if (R.ctx.uType[u] === T_ART) s.uFlags[u] = s.uFlags[u]! | F_ART_FIRED | F_ENDED
  if (R.ev) R.push({ type: 'faced', unit: R.ctx.uId[u]!, from: VERTEX_NAMES[f]!, to: VERTEX_NAMES[s.uFace[u]!]!, mp: cost })
  // 3.3 / 4.1: an artillery pivot spends no MP, so it opens defensive fire but no reaction movement
  trigger(R, s, u, R.ctx.uType[u] === T_ART ? TR_FACED : TR_FACED | TR_MP, -1)
}

/** Withdrawal by the movement rules (3.3 B with 3.1): moves only into the two front hexes at terrain
 *  cost, never into enemy units nor through a stack u may not join; facing changes paid (cavalry 1 MP a
 *  vertex, infantry 2; countermarch 2 / 4). */
export class WithdrawCost implements FacedCost {
  R: Board
  arm = 0
  side = 0
  u = -1
  constructor(R: Board) {
    this.R = R
  }
  move(from: number, f: number, d: number, x: number): number {
    if (d !== f && d !== (f + 1) % 6) return -1
    const R = this.R
    const c = R.ctx.cost[(this.arm * R.size + from) * 6 + d]!
    if (c === IMPASSABLE) return -1
    const sx = R.sideAt(x)
    if (sx >= 0 && sx !== this.side) return -1
    if (sx >= 0 && R.canEnter(this.u, x) !== 1) return -1
    return c
  }
  turn(_from: number, f: number, g: number): number {
    const k = (g - f + 6) % 6
    const vertices = k > 3 ? 6 - k : k
    const cav = this.arm === 1
    if (vertices === 3) return cav ? 2 : 4
    return vertices * (cav ? 1 : 2)
  }
}

/** Withdrawal reach of unit u from h with mp (3.3 B): fills R.bestFaced (MP left per hex and facing, -1 unreachable). */
export function withdrawReach(R: Board, s: PiwamState, u: number, mp: number): void {
  const rule = R.withdrawCost
  rule.arm = R.ctx.uArm[u] === ARM_CAV ? 1 : 0
  rule.side = R.ctx.uSide[u]!
  rule.u = u
  reachFaced(R.ctx.grid, s.uHex[u]!, s.uFace[u]!, mp, rule, R.bestFaced, R.queueFaced)
}

/** The facings a withdrawal may end with at x (after withdrawReach): bit f set when facing f is reached within
 *  the allowance; 0 when x is not reached. */
export function withdrawFaces(R: Board, x: number): number {
  let faces = 0
  for (let f = 0; f < 6; f++) if (R.bestFaced[x * 6 + f]! >= 0) faces |= 1 << f
  return faces
}
