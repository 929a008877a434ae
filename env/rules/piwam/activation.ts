// 1.2 The activation of a wing: preemption (A), order change (B), the hand-over
// to actions (C) and close combat (D), continuation (E), finishing and resuming
// bypassed wings.

import type { Player } from '../../core/types.ts'
import { ORDERS } from './tables.ts'
import { F_ACTED, F_CHARGED, F_ENDED, F_INTERCEPTOR, F_NO_CHARGE, F_REACT_ATT, F_REACTED, F_SPENT, F_TURNED, K, L_ACTED, L_AIDED, L_MOVED, L_REACTED, M_BYPASSED, M_CONTINUED, M_FINISHED, M_NOCONT, M_PREEMPTING, type PiwamState } from './state.ts'
import { changeMarks, clearMark, hasAnyMark, setMark } from '../shared/phases.ts'
import type { Board } from './board.ts'
import { commandMod, wingCmdHex, wingHasUnits } from './command.ts'
import { activatable, nextActivation } from './flow.ts'

export function startActivation(R: Board, s: PiwamState, w: number, how: 'chosen' | 'preempt' | 'continuation' | 'resumed'): void {
  s.activeWing = w
  s.sel = -1
  s.preemptTried = 0
  s.orderTried = 0
  const side = R.ctx.wSide[w]!
  for (let u = 0; u < R.ctx.n; u++) {
    let f = s.uFlags[u]! & ~(F_INTERCEPTOR | F_NO_CHARGE | F_TURNED | F_SPENT | F_ENDED | F_CHARGED | F_REACT_ATT)
    if (R.ctx.uWing[u] === w) f &= ~F_ACTED
    if (R.ctx.uSide[u] !== side) f &= ~F_REACTED
    s.uFlags[u] = f
    s.uTarget[u] = -1
    s.uMoved[u] = 0
  }
  for (let j = 0; j < R.ctx.m; j++) {
    if (R.ctx.lWing[j] === w) s.lFlags[j] = s.lFlags[j]! & ~(L_MOVED | L_AIDED | L_ACTED)
    if (R.ctx.lSide[j] !== side) s.lFlags[j] = s.lFlags[j]! & ~L_REACTED
  }
  if (R.ev) R.push({ type: 'wing-activated', wing: R.ctx.wId[w]!, player: side as Player, how })
  if (!hasAnyMark(s.wMark, w, M_PREEMPTING) && preemptors(R, s, null) > 0) {
    s.kind = K.preempt
    s.player = 1 - side
  } else toChangeOrder(R, s)
}

/** Wings of the inactive side that may attempt preemption (1.2 A). */
export function preemptors(R: Board, s: PiwamState, mask: Uint8Array | null): number {
  const side = R.ctx.wSide[s.activeWing]!
  let c = 0
  for (let w = 0; w < R.ctx.w; w++) {
    if (R.ctx.wSide[w] === side || hasAnyMark(s.wMark, w, M_NOCONT | M_BYPASSED) || !activatable(R, s, w)) continue
    if (mask) mask[R.offWing + w] = 1
    c++
  }
  return c
}

export function toChangeOrder(R: Board, s: PiwamState): void {
  s.kind = K['change-order']
  s.player = R.ctx.wSide[s.activeWing]!
}

export function toSelect(R: Board, s: PiwamState): void {
  s.sel = -1
  s.kind = K['select-unit']
  s.player = R.ctx.wSide[s.activeWing]!
}

export function doPreempt(R: Board, s: PiwamState, x: number): void {
  const T = R.ctx.tables.continuation
  const need = T.target[ORDERS[s.wOrder[x]!]!]
  const roll = R.roll(s, 'preemption')
  const total = roll + T.preemptDrm + commandMod(R, s, x)
  const success = total <= need
  const a = s.activeWing
  if (R.ev) R.push({ type: 'preempt-attempt', wing: R.ctx.wId[x]!, against: R.ctx.wId[a]!, need, total, success })
  if (!success) {
    setMark(s.wMark, x, M_NOCONT)
    toChangeOrder(R, s)
    return
  }
  if (hasAnyMark(s.wMark, a, M_CONTINUED)) finishMark(R, s, a)
  else {
    setMark(s.wMark, a, M_BYPASSED)
    s.bypassed = a
  }
  setMark(s.wMark, x, M_PREEMPTING)
  startActivation(R, s, x, 'preempt')
}

export function doOrderChange(R: Board, s: PiwamState, o: number): void {
  const w = s.activeWing
  const from = s.wOrder[w]!
  const need = R.ctx.tables.orderChange.target[ORDERS[from]!][ORDERS[o]!]
  const roll = R.roll(s, 'order change')
  const total = roll + commandMod(R, s, w)
  const success = total <= need
  if (success) s.wOrder[w] = o
  if (R.ev) R.push({ type: 'order-change', wing: R.ctx.wId[w]!, from: ORDERS[from]!, to: ORDERS[o]!, need, total, success })
  toSelect(R, s)
}

export function finishMark(R: Board, s: PiwamState, w: number): void {
  changeMarks(s.wMark, w, M_FINISHED, M_CONTINUED | M_BYPASSED)
  if (R.ev) R.push({ type: 'wing-finished', wing: R.ctx.wId[w]! })
}

export function finishWing(R: Board, s: PiwamState): void {
  const w = s.activeWing
  finishMark(R, s, w)
  if (hasAnyMark(s.wMark, w, M_PREEMPTING) && s.bypassed >= 0) {
    const b = s.bypassed
    s.bypassed = -1
    clearMark(s.wMark, b, M_BYPASSED)
    // 1.2 A: only a wing that has successfully continued is Finished when preempted; a resumed
    // bypassed wing that is preempted again is bypassed again
    if (activatable(R, s, b)) {
      startActivation(R, s, b, 'resumed')
      return
    }
  }
  nextActivation(R, s)
}

export function toContinuation(R: Board, s: PiwamState): void {
  const w = s.activeWing
  for (let u = 0; u < R.ctx.n; u++) s.uTarget[u] = -1
  s.ccHex = -1
  if (canContinue(R, s, w)) {
    s.kind = K.continuation
    s.player = R.ctx.wSide[w]!
  } else finishWing(R, s)
}

export function canContinue(R: Board, s: PiwamState, w: number): boolean {
  return !hasAnyMark(s.wMark, w, M_NOCONT) && s.wCont[w]! < R.ctx.tables.continuation.maxContinuations && wingCmdHex(R, s, w) >= 0 && wingHasUnits(R, s, w)
}

export function doContinuation(R: Board, s: PiwamState): void {
  const w = s.activeWing
  const T = R.ctx.tables.continuation
  const need = T.target[ORDERS[s.wOrder[w]!]!]
  const roll = R.roll(s, 'continuation')
  const total = roll + T.repeatDrm * s.wCont[w]! + commandMod(R, s, w)
  const success = total <= need
  if (R.ev) R.push({ type: 'continuation-attempt', wing: R.ctx.wId[w]!, need, total, success })
  if (!success) {
    finishWing(R, s)
    return
  }
  s.wCont[w] = s.wCont[w]! + 1
  setMark(s.wMark, w, M_CONTINUED)
  startActivation(R, s, w, 'continuation')
}
