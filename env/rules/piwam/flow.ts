// 1 Sequence of play: the turn (initiative 1.1, wing activations in precedence
// order, rout phase 1.3, end of turn 1.4), and the legal() / apply() dispatch of
// every decision kind to its mechanic.

import type { Player } from '../../core/types.ts'
import { VERTEX_NAMES } from '../../hex/grid.ts'
import { ARM_ART, ARM_CAV } from './context.ts'
import { ORDERS, T_ART } from './tables.ts'
import { C, F_ACTED, F_OOC, F_ART_FIRED, F_G_REDUCED, K, KINDS, L_ACTED, L_AIDED, L_MOVED, L_REACTED, LS_IN, LS_REMOVED, LS_WAITING, M_FINISHED, O_FACE, O_FACE2, O_FIRE, O_INTERCEPT, O_WITHDRAW, P_CC, P_FIRE, P_RALLY, type PiwamEvent, type PiwamState } from './state.ts'
import { clearAllMarks, hasAnyMark, nextPicker, type PickTest } from '../shared/phases.ts'
import type { Board } from './board.ts'
import { inCommand, leaderDests, wingCmdHex, wingHasUnits, withWing } from './command.ts'
import { doContinuation, doOrderChange, doPreempt, finishWing, preemptors, startActivation } from './activation.ts'
import { continueUnit, doMove, doTurn, selectUnit, unitMoves } from './move.ts'
import { doReaction, doWithdraw, doWithdrawFacing, interceptHexes, openReactions, placeInterceptor, reactOpts, reactors, withdrawDests, withdrawFacings } from './reaction.ts'
import { afterFire, canFireType, doFire, fireTargets, resumeFire } from './fire.ts'
import { attackTargets, ccAttacker, ccFinish, designate, designators, doDefenderAdvance, groupAttackers, nextCombat, resolveCombat, toDesignate, toDesignateReaction } from './melee.ts'
import { afterRally, canRally, doRally } from './morale.ts'
import { retreatChoices, retreatGo, retreatStepTo, routChoices, routCrossings, routGo, routPhase, routStepTo, routUnit } from './retreat.ts'
import { checkBreak, endByPoints } from './victory.ts'

export function activatable(R: Board, s: PiwamState, w: number): boolean {
  return !hasAnyMark(s.wMark, w, M_FINISHED) && wingCmdHex(R, s, w) >= 0 && wingHasUnits(R, s, w)
}

/** 1.1: a player may pick a wing when he has an activatable wing at the current precedence level. */
export class ActivationPick implements PickTest {
  R: Board
  s: PiwamState | null = null
  level = 0
  constructor(R: Board) {
    this.R = R
  }
  canPick(p: number): boolean {
    return sideCanActivate(this.R, this.s!, p, this.level)
  }
}

export function startTurn(R: Board, s: PiwamState): void {
  // initiative (1.1): more wings of higher-precedence orders; best leader; roll-off
  let winner = -1
  let reason = ''
  for (let o = 0; o < 3 && winner < 0; o++) {
    let c0 = 0
    let c1 = 0
    for (let w = 0; w < R.ctx.w; w++) {
      if (!activatable(R, s, w) || s.wOrder[w] !== o) continue
      if (R.ctx.wSide[w] === 0) c0++
      else c1++
    }
    if (c0 !== c1) {
      winner = c0 > c1 ? 0 : 1
      reason = `more ${ORDERS[o]} wings`
    }
  }
  if (winner < 0) {
    const b = [0, 0]
    for (let j = 0; j < R.ctx.m; j++) if (s.lState[j] === LS_IN) b[R.ctx.lSide[j]!] = Math.min(b[R.ctx.lSide[j]!]!, R.ctx.lRating[j]!)
    if (b[0] !== b[1]) {
      winner = b[0]! < b[1]! ? 0 : 1
      reason = 'better leader'
    }
  }
  for (let k = 0; winner < 0 && k < 20; k++) {
    const r0 = R.roll(s, 'initiative side 0')
    const r1 = R.roll(s, 'initiative side 1')
    if (r0 !== r1) {
      winner = r0 > r1 ? 0 : 1
      reason = 'roll-off'
    }
  }
  if (winner < 0) {
    winner = 0
    reason = 'roll-off ties'
  }
  s.chooser = winner
  if (R.ev) R.push({ type: 'initiative', player: winner as Player, reason })
  nextActivation(R, s)
}

/** The precedence level (order index) wings must have to be activated now, or -1 when all are finished. */
export function level(R: Board, s: PiwamState): number {
  let lv = 9
  for (let w = 0; w < R.ctx.w; w++) if (activatable(R, s, w) && s.wOrder[w]! < lv) lv = s.wOrder[w]!
  return lv === 9 ? -1 : lv
}

export function sideCanActivate(R: Board, s: PiwamState, p: number, lv: number): boolean {
  for (let w = 0; w < R.ctx.w; w++) if (R.ctx.wSide[w] === p && s.wOrder[w] === lv && activatable(R, s, w)) return true
  return false
}

export function nextActivation(R: Board, s: PiwamState): void {
  s.activeWing = -1
  s.sel = -1
  const lv = level(R, s)
  if (lv < 0) {
    // 1.3 rout phase (it may stop for an owner's rout-order or rout-hex choice; the flow ends the turn after it)
    if (routPhase(R, s)) endTurn(R, s)
    return
  }
  const pick = R.pickTest
  pick.s = s
  pick.level = lv
  s.chooser = nextPicker(s.chooser, pick)
  pick.s = null
  s.kind = K['activate-wing']
  s.player = s.chooser
}

export function endTurn(R: Board, s: PiwamState): void {
  if (R.ev) R.push({ type: 'turn-ended', turn: s.turn })
  for (let u = 0; u < R.ctx.n; u++) {
    s.uFlags[u] = s.uFlags[u]! & F_G_REDUCED
    s.uTarget[u] = -1
    s.uMoved[u] = 0
  }
  for (let j = 0; j < R.ctx.m; j++) s.lFlags[j] = 0
  clearAllMarks(s.wMark)
  s.wCont.fill(0)
  s.bypassed = -1
  s.activeWing = -1
  s.sel = -1
  if (enterReplacements(R, s)) nextTurn(R, s)
}

/** The end of turn after the replacements: army break, the turn limit, the next turn. */
function nextTurn(R: Board, s: PiwamState): void {
  if (checkBreak(R, s)) return
  if (s.turn >= R.ctx.turns) {
    endByPoints(R, s)
    return
  }
  s.turn++
  startTurn(R, s)
}

/** The lost leader a replacement slot r stands in for (ctx.lRepl[j] === r). */
function predecessor(R: Board, r: number): number {
  for (let j = 0; j < R.ctx.m; j++) if (R.ctx.lRepl[j] === r) return j
  return -1
}

/** 2.1 B: the units replacement r may enter stacked with: the units of his predecessor's wing on the map (an army
 *  commander's: his side's), marked in mask (unit slots); returns how many, the first (scenario order) in R.steps[0]. */
export function replacementHosts(R: Board, s: PiwamState, r: number, mask: Uint8Array | null): number {
  const j = predecessor(R, r)
  const w = R.ctx.lWing[j]!
  const side = R.ctx.lSide[j]!
  let c = 0
  for (let u = 0; u < R.ctx.n; u++) {
    if (s.uHex[u]! < 0 || R.ctx.uSide[u] !== side || (w >= 0 && R.ctx.uWing[u] !== w)) continue
    if (c === 0) R.steps[0] = u
    if (mask) mask[R.offUnit + u] = 1
    c++
  }
  return c
}

/** 2.1 B: lost leaders' replacements join (same order) stacked with a unit of their command, unless it has none;
 *  with two or more such units the owner picks (`replacement-host`). Returns false while that decision is pending. */
export function enterReplacements(R: Board, s: PiwamState): boolean {
  for (let j = 0; j < R.ctx.m; j++) {
    const r = R.ctx.lRepl[j]!
    if (s.lState[j] !== LS_REMOVED || r < 0 || s.lState[r] !== LS_WAITING) continue
    const c = replacementHosts(R, s, r, null)
    if (c === 0) continue
    if (c > 1) {
      s.sel = R.ctx.n + r
      s.kind = K['replacement-host']
      s.player = R.ctx.lSide[j]!
      return false
    }
    placeReplacement(R, s, r, R.steps[0]!)
  }
  return true
}

/** Replacement r enters stacked with unit u and takes his predecessor's command. */
function placeReplacement(R: Board, s: PiwamState, r: number, u: number): void {
  const j = predecessor(R, r)
  const w = R.ctx.lWing[j]!
  s.lState[r] = LS_IN
  s.lHex[r] = s.uHex[u]!
  if (w >= 0) s.wCmd[w] = r
  if (R.ev) R.push({ type: 'leader-replaced', leader: R.ctx.lId[j]!, by: R.ctx.lId[r]!, hex: R.hexLabel(s.lHex[r]!) })
}

/** Decision kinds whose legal actions include hexes (unit-action moves/leader destinations and hex targets). */
const HEX_KINDS: readonly boolean[] = KINDS.map((k) => ['unit-action', 'fire-target', 'withdraw-hex', 'attack-target', 'reaction-target', 'retreat-hex', 'rout-hex', 'intercept-hex'].includes(k))

/** After the last step of a retreat its owner steered: resume what it interrupted (the pending register). */
export function resumePending(R: Board, s: PiwamState): void {
  switch (s.pend[0]) {
    case P_FIRE:
      if (resumeFire(R, s)) afterFire(R, s)
      break
    case P_RALLY:
      afterRally(R, s)
      break
    case P_CC:
      if (s.pend[7] === 1 ? ccAttacker(R, s) : ccFinish(R, s)) nextCombat(R, s)
      break
  }
}

/** Writes the legal actions of the decision in s into mask (cleared first); returns how many. */
export function legalInto(R: Board, s: PiwamState, mask: Uint8Array): number {
  const ctx = R.ctx
  const n = ctx.n
  const offC = 0
  const offW = R.offWing
  const offU = R.offUnit
  const offH = R.offHex
  mask.fill(0)
  if (s.winner >= 0) return 0
  R.sync(s)
  R.cmdWing = -1
  const p = s.player
  let c = 0
  switch (s.kind) {
    case K['activate-wing']: {
      const lv = level(R, s)
      for (let w = 0; w < ctx.w; w++) if (ctx.wSide[w] === p && s.wOrder[w] === lv && activatable(R, s, w)) mask[offW + w] = 1
      break
    }
    case K.preempt:
      mask[offC + C.pass] = 1
      preemptors(R, s, mask)
      break
    case K['change-order']: {
      mask[offC + C.pass] = 1
      const o = s.wOrder[s.activeWing]!
      for (let k = 0; k < 3; k++) if (k !== o) mask[offC + C.charge + k] = 1
      break
    }
    case K['select-unit']: {
      mask[offC + C.end] = 1
      const w = s.activeWing
      for (let u = 0; u < n; u++) {
        if (ctx.uWing[u] !== w || s.uHex[u]! < 0 || (s.uFlags[u]! & F_ACTED) !== 0) continue
        if (ctx.uType[u] === T_ART) {
          if ((s.uFlags[u]! & F_ART_FIRED) === 0) mask[offU + u] = 1
        } else if (R.ma(s, u) > 0 || canRally(R, s, u)) mask[offU + u] = 1
      }
      for (let j = 0; j < ctx.m; j++) {
        if (s.lState[j] !== LS_IN || ctx.lSide[j] !== p) continue
        if (ctx.lArmy[j]) {
          if ((s.lFlags[j]! & L_ACTED) === 0 && leaderDests(R, s, j, null, ctx.tables.leaders.movement, -1) > 0) mask[offU + n + j] = 1
        } else if (s.wCmd[w] === j && (s.wOrder[w] !== 0 || !withWing(R, s, j)) && (s.lFlags[j]! & (L_MOVED | L_AIDED | L_ACTED)) === 0 && leaderDests(R, s, j, null, ctx.tables.leaders.movement, -1) > 0) mask[offU + n + j] = 1
      }
      break
    }
    case K['unit-action']: {
      mask[offC + C.end] = 1
      const u = s.sel
      if (u >= n) {
        leaderDests(R, s, u - n, mask, ctx.tables.leaders.movement, -1)
        break
      }
      if (ctx.uType[u] === T_ART) {
        if ((s.uFlags[u]! & F_ART_FIRED) === 0) {
          mask[offC + C.left] = mask[offC + C.right] = mask[offC + C.left2] = mask[offC + C.right2] = mask[offC + C.about] = 1
          if (fireTargets(R, s, u, null) > 0) mask[offC + C.fire] = 1
        }
        break
      }
      unitMoves(R, s, u, mask)
      const cav = ctx.uArm[u] === ARM_CAV
      if (s.mp >= (cav ? 1 : 2)) {
        mask[offC + C.left] = 1
        mask[offC + C.right] = 1
      }
      if (s.mp >= (cav ? 2 : 4)) mask[offC + C.about] = 1
      const fm = ctx.tables.fire.fireMp
      if (canFireType(R, s, u) && s.uStatus[u]! <= 1 && s.mp >= fm && ((s.uFlags[u]! & F_OOC) === 0 || inCommand(R, s, u)) && fireTargets(R, s, u, null) > 0) {
        for (let k = 0; k <= ctx.tables.fire.maxExtraMp && k <= 2; k++) if (s.mp >= fm + k) mask[offC + C.fire + k] = 1
      }
      if (canRally(R, s, u)) mask[offC + C['rally-unit']] = 1
      break
    }
    case K['fire-target']:
      fireTargets(R, s, s.sel, mask)
      break
    case K.reaction:
      mask[offC + C.pass] = 1
      reactors(R, s, mask)
      break
    case K['reaction-kind']: {
      const o = reactOpts(R, s, s.react)
      if (o & O_FIRE) mask[offC + C.fire] = 1
      if (o & O_FACE) {
        mask[offC + C.left] = 1
        mask[offC + C.right] = 1
      }
      if (o & O_FACE2) {
        mask[offC + C.left2] = 1
        mask[offC + C.right2] = 1
      }
      if (o & O_WITHDRAW && withdrawDests(R, s, s.react, null) > 0) mask[offC + C.withdraw] = 1
      if (o & O_INTERCEPT) mask[offC + C.intercept] = 1
      mask[offC + C.pass] = 1
      break
    }
    case K['withdraw-hex']:
      withdrawDests(R, s, s.react, mask)
      break
    case K['designate-attack']:
      mask[offC + C.end] = 1
      designators(R, s, false, mask)
      break
    case K['attack-target']:
      attackTargets(R, s, s.sel, false, mask)
      break
    case K['designate-reaction']:
      mask[offC + C.end] = 1
      designators(R, s, true, mask)
      break
    case K['reaction-target']:
      attackTargets(R, s, s.sel, true, mask)
      break
    case K['choose-lead']:
      groupAttackers(R, s, s.ccHex, mask)
      break
    case K['advance-facing']:
      mask[offC + C.pass] = 1
      mask[offC + C.left] = 1
      mask[offC + C.right] = 1
      break
    case K['defender-advance']:
    case K.continuation:
      mask[offC + C.yes] = 1
      mask[offC + C.no] = 1
      break
    case K['retreat-hex']:
    case K['rout-hex']: {
      const k = s.kind === K['retreat-hex'] ? retreatChoices(R, s, R.steps) : routChoices(R, s, R.steps)
      for (let i = 0; i < k; i++) mask[offH + R.steps[i]!] = 1
      break
    }
    case K['intercept-hex']:
      interceptHexes(R, s, s.react, mask)
      break
    case K['rout-order']:
      routCrossings(R, s, p)
      for (let u = 0; u < n; u++) if (R.routCross[u]) mask[offU + u] = 1
      break
    case K['replacement-host']:
      replacementHosts(R, s, s.sel - n, mask)
      break
    case K['withdraw-facing']:
      withdrawFacings(R, s, mask)
      break
  }
  R.cmdWing = -1
  // count only the segments the kinds write (choices + wings + units are few; hexes only when a kind targets hexes)
  c = 0
  const end = HEX_KINDS[s.kind] ? mask.length : offH
  for (let i = 0; i < end; i++) c += mask[i]!
  return c
}

/** Applies a legal action (checked by the caller) to s: the dispatch of each decision kind to its mechanic. */
export function applyAction(R: Board, s: PiwamState, action: number, events: PiwamEvent[] | undefined): void {
  const ctx = R.ctx
  const n = ctx.n
  const offC = 0
  const offW = R.offWing
  const offU = R.offUnit
  const offH = R.offHex
  R.ev = events ?? null
  s.ply++
  const isC = action < offW
  const ci = action - offC
  const wi = action - offW
  const ui = action - offU
  const hi = action - offH
  switch (s.kind) {
    case K['activate-wing']:
      s.chooser = 1 - s.player
      startActivation(R, s, wi, 'chosen')
      break
    case K.preempt:
      s.preemptTried = 1
      if (isC) {
        s.kind = K['change-order']
        s.player = ctx.wSide[s.activeWing]!
      } else doPreempt(R, s, wi)
      break
    case K['change-order']:
      s.orderTried = 1
      if (ci === C.pass) {
        s.kind = K['select-unit']
        s.player = ctx.wSide[s.activeWing]!
      } else doOrderChange(R, s, ci - C.charge)
      break
    case K['select-unit']:
      if (isC) toDesignate(R, s)
      else if (ui >= n) {
        s.sel = ui
        s.kind = K['unit-action']
      } else selectUnit(R, s, ui)
      break
    case K['unit-action']: {
      const u = s.sel
      if (u >= n) {
        const j = u - n
        if (!isC) {
          const from = s.lHex[j]!
          s.lHex[j] = hi
          s.lFlags[j] = s.lFlags[j]! | L_MOVED | L_ACTED
          if (events) events.push({ type: 'leader-moved', leader: ctx.lId[j]!, from: R.hexLabel(from), to: R.hexLabel(hi) })
        } else s.lFlags[j] = s.lFlags[j]! | L_ACTED
        s.sel = -1
        s.kind = K['select-unit']
        break
      }
      if (!isC) doMove(R, s, u, hi)
      else if (ci === C.end) {
        s.sel = -1
        s.kind = K['select-unit']
      } else if (ci === C.left || ci === C.right || ci === C.left2 || ci === C.right2 || ci === C.about) {
        const by = ci === C.left ? -1 : ci === C.right ? 1 : ci === C.left2 ? -2 : ci === C.right2 ? 2 : 3
        const cav = ctx.uArm[u] === ARM_CAV
        const cost = ctx.uArm[u] === ARM_ART ? 0 : ci === C.about ? (cav ? 2 : 4) : cav ? 1 : 2
        doTurn(R, s, u, by, cost)
      } else if (ci === C['rally-unit']) doRally(R, s, u)
      else {
        s.fireExtra = ci - C.fire
        s.kind = K['fire-target']
      }
      break
    }
    case K['fire-target']:
      doFire(R, s, s.sel, hi)
      break
    case K.reaction:
      if (isC) continueUnit(R, s)
      else {
        s.react = ui
        s.kind = K['reaction-kind']
      }
      break
    case K['reaction-kind']:
      if (ci === C.pass) {
        if (s.react < n) s.uStamp[s.react] = s.trig
        else s.lFlags[s.react - n] = s.lFlags[s.react - n]! | L_REACTED
        openReactions(R, s)
      } else doReaction(R, s, s.react, ci)
      break
    case K['withdraw-hex']:
      doWithdraw(R, s, hi)
      break
    case K['designate-attack']:
      if (isC) toDesignateReaction(R, s)
      else {
        s.sel = ui
        s.kind = K['attack-target']
      }
      break
    case K['attack-target']:
      designate(R, s, s.sel, hi, false)
      s.sel = -1
      toDesignate(R, s)
      break
    case K['designate-reaction']:
      if (isC) {
        s.ccStage = 0
        nextCombat(R, s)
      } else {
        s.sel = ui
        s.kind = K['reaction-target']
      }
      break
    case K['reaction-target']:
      designate(R, s, s.sel, hi, true)
      s.sel = -1
      toDesignateReaction(R, s)
      break
    case K['choose-lead']:
      if (resolveCombat(R, s, ui)) nextCombat(R, s)
      break
    case K['advance-facing']: {
      const u = s.advUnit
      if (ci !== C.pass && s.uHex[u]! >= 0) {
        const f = s.uFace[u]!
        s.uFace[u] = (f + (ci === C.left ? 5 : 1)) % 6
        if (events) events.push({ type: 'faced', unit: ctx.uId[u]!, from: VERTEX_NAMES[f]!, to: VERTEX_NAMES[s.uFace[u]!]!, mp: 0 })
      }
      s.advUnit = -1
      nextCombat(R, s)
      break
    }
    case K['defender-advance']:
      doDefenderAdvance(R, s, ci === C.yes)
      break
    case K.continuation:
      if (ci === C.yes) doContinuation(R, s)
      else finishWing(R, s)
      break
    case K['retreat-hex']:
      retreatStepTo(R, s, hi)
      if (retreatGo(R, s)) resumePending(R, s)
      break
    case K['rout-hex']:
      routStepTo(R, s, hi)
      if (routGo(R, s) && routPhase(R, s)) endTurn(R, s)
      break
    case K['intercept-hex']:
      placeInterceptor(R, s, s.react, hi)
      break
    case K['rout-order']:
      if (routUnit(R, s, ui) && routPhase(R, s)) endTurn(R, s)
      break
    case K['replacement-host']:
      placeReplacement(R, s, s.sel - n, ui)
      s.sel = -1
      if (enterReplacements(R, s)) nextTurn(R, s)
      break
    case K['withdraw-facing']:
      doWithdrawFacing(R, s, ci)
      break
  }
  if (s.winner < 0) checkBreak(R, s)
  R.ev = null
}

/** What the decision in s is about (docs/rules/piwam.md, "Decisions and actions"). */
export function subjectOf(R: Board, units: readonly string[], s: PiwamState): string | undefined {
  const ctx = R.ctx
  switch (s.kind) {
    case K['unit-action']:
    case K['fire-target']:
    case K['attack-target']:
    case K['reaction-target']:
      return s.sel >= 0 ? units[s.sel] : undefined
    case K['reaction-kind']:
    case K['withdraw-hex']:
    case K['withdraw-facing']:
    case K['intercept-hex']:
      return units[s.react]
    case K['replacement-host']:
      return units[s.sel]
    case K['retreat-hex']:
    case K['rout-hex']:
      return units[s.rtUnit]
    case K.reaction:
      return s.trigUnit >= 0 ? units[s.trigUnit] : undefined
    case K['advance-facing']:
    case K['defender-advance']:
      return units[s.advUnit]
    case K['choose-lead']:
      return ctx.grid.labels[s.ccHex]
    case K.preempt:
    case K['change-order']:
    case K['select-unit']:
    case K['designate-attack']:
    case K['designate-reaction']:
    case K.continuation:
      return s.activeWing >= 0 ? ctx.wId[s.activeWing] : undefined
    default:
      return undefined
  }
}
