// 5 Unit status: status changes (5.1), morale checks (5.0), rally (5.2) and the
// broken unit's retreat after a failed check (5.3).

import { ARM_ART } from './context.ts'
import { STATUSES, T_ART, T_G } from './tables.ts'
import { F_ENDED, F_G_REDUCED, F_SPENT, K, L_AIDED, L_MOVED, P_NONE, P_RALLY, type PiwamState, TR_RALLY } from './state.ts'
import type { Board } from './board.ts'
import { inCommand, leaderMod, wingCmdHex } from './command.ts'
import { trigger } from './reaction.ts'
import { retreat } from './retreat.ts'

export function setStatus(R: Board, s: PiwamState, u: number, st: number): void {
  const old = s.uStatus[u]!
  if (old === st) return
  const oldMa = R.ma(s, u)
  s.uStatus[u] = st
  if (st > old && R.ctx.uType[u] === T_G) s.uFlags[u] = s.uFlags[u]! | F_G_REDUCED
  if (s.sel === u && s.kind !== K['select-unit']) {
    s.mp = Math.max(0, s.mp - (oldMa - R.ma(s, u)))
    if (st === 3) s.uFlags[u] = s.uFlags[u]! | F_ENDED
  }
  if (R.ev) R.push({ type: 'status-changed', unit: R.ctx.uId[u]!, from: STATUSES[old]!, to: STATUSES[st]! })
}

/** Reduces a unit `levels` status levels; returns true when it is eliminated. */
export function reduce(R: Board, s: PiwamState, u: number, levels: number, why: string): boolean {
  if (levels <= 0 || s.uHex[u]! < 0) return false
  if (R.ctx.uType[u] === T_ART || s.uStatus[u]! + levels > 3) {
    R.eliminate(s, u, why)
    return true
  }
  setStatus(R, s, u, s.uStatus[u]! + levels)
  return false
}

/** 5.0: roll + modifier + stacked leaders <= morale passes; failure reduces one level (broken: retreat 2, 5.3).
 *  When the retreat waits for its owner's choice s.rtUnit >= 0 on return: the caller saves where it was and stops. */
export function moraleCheck(R: Board, s: PiwamState, u: number, mod: number, away: number, why: string): boolean {
  if (s.uHex[u]! < 0) return true
  const roll = R.roll(s, 'morale')
  const h = s.uHex[u]!
  const total = roll + mod + leaderMod(R, s, h, R.ctx.uSide[u]!)
  const need = R.morale(s, u)
  const passed = total <= need
  if (R.ev) R.push({ type: 'morale-check', unit: R.ctx.uId[u]!, roll, total, need, passed })
  if (passed) return true
  if (reduce(R, s, u, 1, why)) return false
  if (s.uStatus[u] === 3) retreat(R, s, u, 2, away >= 0 ? away : h, false)
  return false
}

/** May the unit attempt to rally now (2.2, 5.2)? */
export function canRally(R: Board, s: PiwamState, u: number): boolean {
  const st = s.uStatus[u]!
  if (st === 0 || R.ctx.uArm[u] === ARM_ART || (s.uFlags[u]! & F_SPENT) !== 0 || s.uMoved[u]! > 0) return false
  if (R.ctx.uType[u] === T_G && (s.uFlags[u]! & F_G_REDUCED) !== 0 && st <= 1) return false
  const w = R.ctx.uWing[u]!
  const o = s.wOrder[w]!
  if (o === 0) return false
  if (!inCommand(R, s, u)) return false
  if (o === 1) {
    // 2.1 B / 2.2 B: under March the commander moves OR units rally beside him
    const ch = wingCmdHex(R, s, w)
    return ch >= 0 && R.dist(ch, s.uHex[u]!) <= 1 && (s.lFlags[s.wCmd[w]!]! & L_MOVED) === 0
  }
  return true
}

export function doRally(R: Board, s: PiwamState, u: number): void {
  const w = R.ctx.uWing[u]!
  const ch = wingCmdHex(R, s, w)
  const h = s.uHex[u]!
  const j = s.wCmd[w]!
  s.uFlags[u] = s.uFlags[u]! | F_SPENT | F_ENDED
  const order = s.wOrder[w]!
  if (ch >= 0 && R.dist(ch, h) <= 1 && (order === 1 || (order === 2 && (s.lFlags[j]! & L_MOVED) === 0))) s.lFlags[j] = s.lFlags[j]! | L_AIDED
  if (ch === h) {
    setStatus(R, s, u, s.uStatus[u]! - 1)
    if (R.ev) R.push({ type: 'rally', unit: R.ctx.uId[u]!, success: true, auto: true })
  } else {
    // under Rally orders an adjacent wing commander lends his modifier (2.1 B); stacked leaders count in moraleCheck
    const aid = order === 2 && ch >= 0 && R.dist(ch, h) === 1 && (s.lFlags[j]! & L_MOVED) === 0 ? R.ctx.lRating[j]! : 0
    const ok = moraleCheck(R, s, u, aid, R.nearestEnemyHex(s, h, R.ctx.uSide[u]!), 'failed rally')
    if (ok) setStatus(R, s, u, s.uStatus[u]! - 1)
    if (s.rtUnit >= 0) {
      // the failed rally broke the unit and its owner picks the retreat: finish the rally after it
      s.pend[0] = P_RALLY
      s.pend[1] = u
      return
    }
    if (R.ev) R.push({ type: 'rally', unit: R.ctx.uId[u]!, success: ok, auto: false })
  }
  trigger(R, s, u, TR_RALLY, -1)
}

/** The end of a failed rally whose retreat the owner steered (pending P_RALLY). */
export function afterRally(R: Board, s: PiwamState): void {
  const u = s.pend[1]!
  s.pend[0] = P_NONE
  if (R.ev) R.push({ type: 'rally', unit: R.ctx.uId[u]!, success: false, auto: false })
  trigger(R, s, u, TR_RALLY, -1)
}
