// The Movement Phase: which units and leaders may move, the opponent's routers and the continuing pursuers
// that move first, each unit's move kinds (dice, formation changes, manoeuvres, hold) and what each does.
// The steps of a move are move.ts's.

import { rot } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { leaderDests, leaderOk } from './command.ts'
import { controlled } from './control.ts'
import { addDp, capacity, casualties, dist, frontStands, isGun, isUnformed, nearestEnemyDist } from './core.ts'
import { battaliaSlot, canEnter, diceChoices, mayRoadMove, startRoadMove, mayStandStill, rollNormalMove, stepOptions } from './move.ts'
import { setStatus, startFast } from './rout.ts'
import { C, type CfeoState, S_DESTROYED, FC_PURSUE_MOVE, FC_FINISH_MOVE, FC_ROUT_MOVE, FM_PURSUE, FM_RETIRE, FM_ROUT, K, LF_MOVED, S_OK, U_CREW_SHELTER, U_FLED_NOW, U_REFUSED, U_REFUSED_L, U_REFUSED_R, S_RETIRING, S_ROUTING, U_ABANDONED, U_CREW_KILLED, U_DONE, U_FIRED, U_HALT, U_LIMBERED, U_MOVED, U_PIVOTED, U_PURSUING, U_REPEAT, U_UNDER_FIRE } from './state.ts'
import { ARM_FOOT, ARM_GUN, ARM_HORSE, F_COLUMN, F_LINE, F_UNFORMED, T, withinHexes } from './tables.ts'
import type { FlowCtx } from './core.ts'

/** s.sel2 during a sidestep-hex decision that picks the gun to take over. */
export const SEL_TAKE_GUNS = -2
export const MOVE_IDS = { left: C.left, right: C.right, about: C.about, stop: C.stop, reinforce: C.reinforce }

export function formedEnemyWithin(f: FlowCtx, s: CfeoState, u: number, d: number): boolean {
  const c = f.c
  const h = s.uHex[u] as number
  for (let v = 0; v < c.n; v++) {
    if (c.uSide[v] === c.uSide[u] || (s.uHex[v] as number) < 0 || isUnformed(c, s, v) || isGun(c, v)) continue
    if (s.uStatus[v] !== S_OK) continue
    if (dist(c, h, s.uHex[v] as number) <= d) return true
  }
  return false
}

/** The move-kind options of u as mask bits (writes mask when given). */
export function kindOptions(f: FlowCtx, s: CfeoState, u: number, mask: Uint8Array | null): number {
  const c = f.c
  const oc = f.o.c
  let n = 0
  const set = (id: number) => {
    if (mask) mask[oc + id] = 1
    n++
  }
  const fl = s.uFl[u] as number
  const arm = c.uArm[u] as number
  const hold = mayStandStill(c, s, u) && (fl & U_REPEAT) === 0
  if (fl & U_ABANDONED) {
    // the crew returns (or not: the player's choice) when no formed enemy is within 40 yds
    if (mayRecrew(f, s, u)) set(C.recrew)
    set(C.hold)
    return n
  }
  if (s.uStatus[u] === S_RETIRING) {
    set(C.retire)
    if (!c.uLight[u] && arm !== ARM_GUN) {
      set(C['reform-line'])
      set(C['reform-column'])
    }
    set(C.hold)
    return n
  }
  if (arm === ARM_GUN) {
    if (fl & U_LIMBERED) {
      const b = diceChoices(c, s, u)
      for (let k = 1; k <= 3; k++) if (b & (1 << k)) set(C.dice1 + k - 1)
      if (mayRoadMove(c, s, u)) set(C.road)
      if (controlled(c, f.x, s, u)) set(C.unlimber)
    } else if ((fl & (U_FIRED | U_PIVOTED)) === 0) {
      set(C['pivot-left'])
      set(C['pivot-right'])
      if (c.uType[u] === T['gun-light'] && gunSteps(f, s, u, null) > 0) set(C.move)
    }
    set(C.hold)
    return n
  }
  if (fl & U_HALT) {
    formationOptions(f, s, u, set)
    set(C.hold)
    return n
  }
  let b = diceChoices(c, s, u)
  // one roll for the battalia: once rolled, its controlled units move on the same dice
  const slot = b !== 0 && anyBattaliaRoll(f, s, u) ? battaliaSlot(c, f.x, s, u) : -1
  if (slot >= 0 && s.bRoll[slot] !== 0 && (b & (1 << ((s.bRoll[slot] as number) & 3))) !== 0) b = 1 << ((s.bRoll[slot] as number) & 3)
  for (let k = 1; k <= 3; k++) if (b & (1 << k)) set(C.dice1 + k - 1)
  if (s.mdecl) return n
  if (b !== 0 && !s.mhalf && (fl & U_REPEAT) === 0 && !isUnformed(c, s, u)) set(C['declare-halt'])
  if (!s.mhalf && mayRoadMove(c, s, u)) set(C.road)
  if ((fl & U_REPEAT) === 0 && !s.mhalf) {
    formationOptions(f, s, u, set)
    if (sideStepHexes(f, s, u, null) > 0) set(C.sidestep)
    if (gunsToTake(f, s, u, null) > 0) set(C['take-guns'])
  }
  if (hold || s.mhalf) set(C.hold)
  return n
}

export function formationOptions(f: FlowCtx, s: CfeoState, u: number, set: (id: number) => void): void {
  const c = f.c
  if (c.uLight[u] || c.uArm[u] === ARM_GUN || s.uStatus[u] !== S_OK || s.mhalf) return
  const st = s.uStands[u] as number
  if (s.uForm[u] === F_UNFORMED) {
    set(C['reform-line'])
    set(C['reform-column'])
    return
  }
  for (let r = 1; r <= 3; r++) if (lineDepthOk(c, s, u, r) && !(s.uForm[u] === F_LINE && s.uRanks[u] === r)) set(C['form-line1'] + r - 1)
  if (s.uForm[u] !== F_COLUMN && st > 1) set(C['form-column'])
  if (s.uForm[u] === F_LINE) {
    set(C['double-left'])
    set(C['double-right'])
    // refusing a flank: foot in line with at least two stands in front to bend back
    if (c.uArm[u] === ARM_FOOT && frontStands(c, s, u) >= 2) {
      if (((s.uFl[u] as number) & U_REFUSED_L) === 0) set(C['refuse-left'])
      if (((s.uFl[u] as number) & U_REFUSED_R) === 0) set(C['refuse-right'])
    }
  }
}

/** May u stand in line r ranks deep? At most 2 ranks for cavalry, 3 for foot (as deep as counts in combat);
 *  "A unit in line may be several stands deep as the formation is at least as wide as it is deep." */
export function lineDepthOk(c: Ctx, s: CfeoState, u: number, r: number): boolean {
  const st = s.uStands[u] as number
  return r >= 1 && r <= (c.uArm[u] === ARM_HORSE ? 2 : 3) && r <= st && Math.ceil(st / r) >= r
}

/** The re-forming unit's options: its line's depth (reform-depth), then its facing (reform-facing: turns one
 *  way only, up to an about face left or two vertices right, so no facing is met twice). */
export function reformOptions(f: FlowCtx, s: CfeoState, u: number, mask: Uint8Array): void {
  const oc = f.o.c
  if (s.kind === K['reform-depth']) {
    for (let r = 1; r <= 3; r++) if (lineDepthOk(f.c, s, u, r)) mask[oc + C['form-line1'] + r - 1] = 1
    return
  }
  mask[oc + C.stop] = 1
  if (s.side <= 0 && s.side > -3) mask[oc + C.left] = 1
  if (s.side >= 0 && s.side < 2) mask[oc + C.right] = 1
}

/** "The units stands may be re-arranged on the spot into either line or column, facing whichever direction
 *  the player wishes. It takes one complete move. No DPs are incurred": applies a reform-depth or
 *  reform-facing choice. */
export function applyReform(f: FlowCtx, s: CfeoState, u: number, ci: number): void {
  const c = f.c
  const x = f.x
  if (s.kind === K['reform-depth']) {
    s.uRanks[u] = ci - C['form-line1'] + 1
    s.kind = K['reform-facing']
    return
  }
  if (ci === C.left || ci === C.right) {
    const face = s.uFace[u] as number
    s.uFace[u] = rot(face, ci === C.left ? -1 : 1)
    s.side += ci === C.left ? -1 : 1
    if (x.ev) x.ev.push({ type: 'faced', unit: c.uId[u] as string, from: String(face), to: String(s.uFace[u]), how: 're-forming' })
    if (s.side > -3 && s.side < 2) return
  }
  if (x.ev) x.ev.push({ type: 'formation', unit: c.uId[u] as string, formation: s.uForm[u] === F_LINE ? 'line' : 'column', ranks: s.uRanks[u] as number })
  finishUnit(f, s, u)
}

/** u detaches a stand that drives gun g off the field (the gun is lost to its side; the stand is not a
 *  casualty, but it is gone from the unit). */
export function takeGuns(f: FlowCtx, s: CfeoState, u: number, g: number): void {
  const c = f.c
  const x = f.x
  s.uStands[u] = (s.uStands[u] as number) - 1
  if ((s.uRanks[u] as number) > (s.uStands[u] as number)) s.uRanks[u] = s.uStands[u] as number
  if (s.uForm[u] === F_COLUMN) s.uRanks[u] = s.uStands[u] as number
  else if (Math.ceil((s.uStands[u] as number) / (s.uRanks[u] as number)) < (s.uRanks[u] as number)) s.uRanks[u] = Math.max(1, (s.uRanks[u] as number) - 1)
  const cap = capacity(c, s, u)
  if ((s.uDp[u] as number) > cap) s.uDp[u] = cap
  const h = s.uHex[g] as number
  if (x.occ[h] === g) x.occ[h] = -1
  s.uHex[g] = -1
  s.uStatus[g] = S_DESTROYED
  s.uFoe[g] = -1
  if (x.ev) {
    x.ev.push({ type: 'status', unit: c.uId[g] as string, from: 'formed', to: 'destroyed' })
    x.ev.push({ type: 'destroyed', unit: c.uId[g] as string, why: `taken over and driven off by a stand of ${c.uId[u]}` })
  }
}

/** Has a leader of u's side a roll for u's arm this phase? (a cheap test before battaliaSlot) */
export function anyBattaliaRoll(f: FlowCtx, s: CfeoState, u: number): boolean {
  const c = f.c
  const a = c.uArm[u] === ARM_HORSE ? 1 : 0
  for (let j = 0; j < c.m; j++) if (c.lSide[j] === c.uSide[u] && s.bRoll[j * 2 + a] !== 0) return true
  return false
}

/** An abandoned gun's crew may return: alive, and no formed enemy within 40 yds. */
export function mayRecrew(f: FlowCtx, s: CfeoState, u: number): boolean {
  const fl = s.uFl[u] as number
  return (fl & U_ABANDONED) !== 0 && (fl & U_CREW_KILLED) === 0 && (s.uHex[u] as number) >= 0 && !formedEnemyWithin(f, s, u, withinHexes(40))
}

/** Side step / step back hexes (A and B grade infantry in line): 20 yds = one hex to a flank or the rear. */
export function sideStepHexes(f: FlowCtx, s: CfeoState, u: number, mask: Uint8Array | null): number {
  const c = f.c
  if (c.uArm[u] !== ARM_FOOT || c.uLight[u] || (c.uGrade[u] as number) > 2 || s.uForm[u] !== F_LINE || s.uStatus[u] !== S_OK) return 0
  const h = s.uHex[u] as number
  const face = s.uFace[u] as number
  let n = 0
  for (const k of [2, 3, 4, 5]) {
    const nb = c.grid.neighbors[h * 6 + rot(face, k)] as number
    if (nb >= 0 && canEnter(c, f.x, s, u, nb, face, false)) {
      if (mask) mask[f.o.h + nb] = 1
      n++
    }
  }
  return n
}

/** "Abandoned limbered guns may be taken over and driven off if the enemy detach one stand to do so":
 *  the adjacent abandoned limbered enemy guns a formed unit of 3+ stands (it keeps the minimum of 2) may take. */
export function gunsToTake(f: FlowCtx, s: CfeoState, u: number, mask: Uint8Array | null): number {
  const c = f.c
  if (c.uArm[u] === ARM_GUN || s.uStatus[u] !== S_OK || (s.uStands[u] as number) < 3) return 0
  const h = s.uHex[u] as number
  let n = 0
  for (let k = 0; k < 6; k++) {
    const nb = c.grid.neighbors[h * 6 + k] as number
    const g = nb >= 0 ? (f.x.occ[nb] as number) : -1
    if (g < 0 || c.uSide[g] === c.uSide[u] || !isGun(c, g) || ((s.uFl[g] as number) & (U_ABANDONED | U_LIMBERED)) !== (U_ABANDONED | U_LIMBERED)) continue
    if (mask) mask[f.o.h + nb] = 1
    n++
  }
  return n
}

/** Unlimbered light gun: 40 yds = one hex. */
export function gunSteps(f: FlowCtx, s: CfeoState, u: number, mask: Uint8Array | null): number {
  const c = f.c
  const h = s.uHex[u] as number
  let n = 0
  for (let k = 0; k < 6; k++) {
    const nb = c.grid.neighbors[h * 6 + k] as number
    if (nb >= 0 && canEnter(c, f.x, s, u, nb, s.uFace[u] as number, false)) {
      if (mask) mask[f.o.h + nb] = 1
      n++
    }
  }
  return n
}

export function movable(f: FlowCtx, s: CfeoState, u: number): boolean {
  const c = f.c
  const fl = s.uFl[u] as number
  if ((s.uHex[u] as number) < 0 || (fl & U_DONE) !== 0 || s.uFoe[u] !== -1) return false
  if (fl & U_ABANDONED) return mayRecrew(f, s, u)
  if (s.uStatus[u] !== S_OK && s.uStatus[u] !== S_RETIRING) return false
  const fireMove = c.uType[u] === T.skirmishers || c.uArm[u] === ARM_HORSE
  if ((fl & U_FIRED) !== 0 && !fireMove) return false
  // the common case without building the option list: a formed foot or horse unit that may roll dice
  if (c.uArm[u] !== ARM_GUN && s.uStatus[u] === S_OK && (fl & U_HALT) === 0 && diceChoices(c, s, u) !== 0) return true
  return kindOptions(f, s, u, null) > (kindHold(f, s, u) ? 1 : 0)
}

export function kindHold(f: FlowCtx, s: CfeoState, u: number): boolean {
  const m = new Uint8Array(0)
  void m
  const fl = s.uFl[u] as number
  if (s.uStatus[u] === S_RETIRING || f.c.uArm[u] === ARM_GUN || (fl & U_HALT) !== 0) return true
  return (mayStandStill(f.c, s, u) && (fl & U_REPEAT) === 0) || s.mhalf === 1
}

/** Units that must move this phase: cavalry after a 3-dice move, units repeating their last move. */
export function mustMove(f: FlowCtx, s: CfeoState, u: number): boolean {
  const fl = s.uFl[u] as number
  if ((fl & U_HALT) !== 0 || s.uStatus[u] !== S_OK) return false
  return !mayStandStill(f.c, s, u) || (fl & U_REPEAT) !== 0
}

export function leaderMoves(f: FlowCtx, s: CfeoState, j: number): boolean {
  return leaderOk(s, j) && s.lAtt[j] === -1 && ((s.lFl[j] as number) & LF_MOVED) === 0 && leaderDests(f.c, f.x, s, j, null, 0) > 0
}

export function anyMover(f: FlowCtx, s: CfeoState, p: number): boolean {
  const c = f.c
  for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && movable(f, s, u)) return true
  for (let j = 0; j < c.m; j++) if (c.lSide[j] === p && leaderMoves(f, s, j)) return true
  return false
}

/** May player p end the Movement Phase? Not while a unit of theirs that must move ("Units must move the full
 *  amount indicated by the dice", repeating its last move, cavalry after a 3-dice move) has not moved. */
export function mayEndMovement(f: FlowCtx, s: CfeoState, p: number): boolean {
  const c = f.c
  for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && movable(f, s, u) && mustMove(f, s, u)) return false
  return true
}

/** "Subsequent rout moves are made during opponents move phase as long as the opponent is still pursuing
 *  in order to keep routers and pursuers moving together", one casualty each: only routers a pursuer of
 *  the moving side is still after (routers nobody pursues stay where they are, routing, until they rally:
 *  docs/rules/cfeo.md). Starts the next one (returns true: a fast move is in progress) or returns false
 *  when all have moved. */
export function enemyRoutMoves(f: FlowCtx, s: CfeoState, q: number): boolean {
  const c = f.c
  for (let u = 0; u < c.n; u++) {
    if (c.uSide[u] !== q || s.uStatus[u] !== S_ROUTING || (s.uHex[u] as number) < 0 || ((s.uFl[u] as number) & U_FLED_NOW) !== 0) continue
    if (!stillPursued(f, s, u)) continue
    s.uFl[u] = (s.uFl[u] as number) | U_FLED_NOW
    casualties(c, f.x, s, u, 1, 'subsequent rout move')
    if ((s.uHex[u] as number) < 0) continue
    startFast(c, f.x, s, u, FM_ROUT, nearestEnemyHex(f, s, u), FC_ROUT_MOVE)
    return true
  }
  return false
}

/** Is the router u still pursued: will a pursuer make its pursuit move after u this movement phase? */
export function stillPursued(f: FlowCtx, s: CfeoState, u: number): boolean {
  const c = f.c
  for (let w = 0; w < c.n; w++) if (s.uPur[w] === u && pursuerMoves(f, s, w)) return true
  return false
}

/** A pursuer that has its pursuit move still to make this movement phase (its quarry aside). */
export function pursuerMoves(f: FlowCtx, s: CfeoState, w: number): boolean {
  const fl = s.uFl[w] as number
  return (fl & U_PURSUING) !== 0 && (fl & U_FLED_NOW) === 0 && (s.uHex[w] as number) >= 0 && s.uStatus[w] === S_OK && s.uFoe[w] === -1
}

/** Pursuers who continue their pursuit (a control test other than "act as player wishes") make their
 *  pursuit move at the start of their side's movement phase: starts the next one, or returns false. */
export function pursuitMoves(f: FlowCtx, s: CfeoState, p: number): boolean {
  const c = f.c
  for (let u = 0; u < c.n; u++) {
    if (c.uSide[u] !== p || !pursuerMoves(f, s, u)) continue
    s.uFl[u] = (s.uFl[u] as number) | U_FLED_NOW
    const t = s.uPur[u] as number
    if (t < 0 || (s.uHex[t] as number) < 0 || (s.uStatus[t] !== S_RETIRING && s.uStatus[t] !== S_ROUTING)) {
      s.uFl[u] = (s.uFl[u] as number) & ~U_PURSUING
      s.uPur[u] = -1
      continue
    }
    startFast(c, f.x, s, u, FM_PURSUE, t, FC_PURSUE_MOVE)
    return true
  }
  return false
}

export function endMovementHalf(f: FlowCtx, s: CfeoState, p: number): void {
  const c = f.c
  for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && s.uStatus[u] === S_RETIRING && (s.uHex[u] as number) >= 0 && ((s.uFl[u] as number) & U_DONE) === 0) setStatus(c, f.x, s, u, S_OK)
}

export function nearestEnemyHex(f: FlowCtx, s: CfeoState, u: number): number {
  const c = f.c
  const h = s.uHex[u] as number
  let best = -1
  let bd = 999
  for (let v = 0; v < c.n; v++) {
    if (c.uSide[v] === c.uSide[u] || (s.uHex[v] as number) < 0) continue
    const d = dist(c, h, s.uHex[v] as number)
    if (d < bd) {
      bd = d
      best = s.uHex[v] as number
    }
  }
  return best
}

export function finishUnit(f: FlowCtx, s: CfeoState, u: number): void {
  const c = f.c
  s.uFl[u] = (s.uFl[u] as number) | U_DONE
  if (c.uType[u] === T.rabble && ((s.uFl[u] as number) & U_MOVED) !== 0) s.uForm[u] = F_UNFORMED
  s.sel = -1
  s.mhalf = 0
  s.mdecl = 0
  s.mp = 0
  s.mpRoll = 0
  s.fwd = 0
  s.side = 0
  s.wheeled = 0
}

export function formationChange(f: FlowCtx, s: CfeoState, u: number, form: number, ranks: number, turn: number): void {
  const c = f.c
  const near = nearestEnemyDist(c, s, c.uSide[u] as number, s.uHex[u] as number) <= withinHexes(120)
  s.uForm[u] = form
  s.uFl[u] = (s.uFl[u] as number) & ~U_REFUSED
  s.uRanks[u] = form === F_COLUMN ? (s.uStands[u] as number) : ranks
  if (turn) s.uFace[u] = rot(s.uFace[u] as number, turn)
  if (f.x.ev) f.x.ev.push({ type: 'formation', unit: c.uId[u] as string, formation: ['line', 'column', 'unformed'][form] as string, ranks: s.uRanks[u] as number })
  if (near) {
    // a full move and 1 DP within 120 yds of enemy (a double change still 1 DP)
    addDp(c, f.x, s, u, 1, 'manoeuvre', 'formation change within 120 yds of enemy')
    finishUnit(f, s, u)
  } else s.mhalf = 1
}

export function applyKind(f: FlowCtx, s: CfeoState, u: number, ci: number): void {
  const c = f.c
  const x = f.x
  if (ci >= C.dice1 && ci <= C.dice3) {
    rollNormalMove(c, x, s, u, ci - C.dice1 + 1)
    s.uFl[u] = (s.uFl[u] as number) | U_MOVED
    s.mhalf = 0
    if (stepOptions(c, x, s, u, null, 0, MOVE_IDS) > 0) s.kind = K['move-step']
    else finishUnit(f, s, u)
    return
  }
  switch (ci) {
    case C.hold:
      finishUnit(f, s, u)
      return
    case C.road:
      startRoadMove(c, x, s, u)
      s.mhalf = 0
      if (stepOptions(c, x, s, u, null, 0, MOVE_IDS) > 0) s.kind = K['move-step']
      else finishUnit(f, s, u)
      return
    case C['form-line1']:
    case C['form-line2']:
    case C['form-line3']:
      formationChange(f, s, u, F_LINE, ci - C['form-line1'] + 1, 0)
      break
    case C['form-column']:
      formationChange(f, s, u, F_COLUMN, s.uStands[u] as number, 0)
      break
    case C['double-left']:
    case C['double-right']:
      formationChange(f, s, u, F_LINE, s.uRanks[u] as number, ci === C['double-left'] ? -2 : 2)
      break
    case C['reform-line']:
    case C['reform-column']:
      // the line's depth (reform-depth), then the facing (reform-facing) are the player's
      if (s.uStatus[u] === S_RETIRING) setStatus(c, x, s, u, S_OK)
      s.uForm[u] = ci === C['reform-line'] ? F_LINE : F_COLUMN
      s.uRanks[u] = s.uStands[u] as number
      s.side = 0
      s.kind = ci === C['reform-line'] ? K['reform-depth'] : K['reform-facing']
      return
    case C.sidestep:
    case C.move:
      s.kind = K['sidestep-hex']
      return
    case C['take-guns']:
      s.sel2 = SEL_TAKE_GUNS
      s.kind = K['sidestep-hex']
      return
    case C.unlimber:
      s.uFl[u] = ((s.uFl[u] as number) & ~U_LIMBERED) | U_MOVED
      addDp(c, x, s, u, ((s.uFl[u] as number) & U_UNDER_FIRE) !== 0 ? 2 : 1, 'manoeuvre', 'unlimbering')
      if (x.ev) x.ev.push({ type: 'formation', unit: c.uId[u] as string, formation: 'unlimbered', ranks: 1 })
      finishUnit(f, s, u)
      return
    case C['pivot-left']:
    case C['pivot-right']: {
      const face = s.uFace[u] as number
      s.uFace[u] = rot(face, ci === C['pivot-left'] ? -1 : 1)
      s.uFl[u] = (s.uFl[u] as number) | U_PIVOTED | U_MOVED
      if (x.ev) x.ev.push({ type: 'faced', unit: c.uId[u] as string, from: String(face), to: String(s.uFace[u]), how: 'pivot' })
      finishUnit(f, s, u)
      return
    }
    case C.retire:
      startFast(c, x, s, u, FM_RETIRE, nearestEnemyHex(f, s, u), FC_FINISH_MOVE)
      return
    case C['declare-halt']:
      s.mdecl = 1
      s.kind = K['move-kind']
      return
    case C['refuse-left']:
    case C['refuse-right']: {
      // A/B grade: one or two stands step back (no DP); others wheel back (1 DP within 120 yds of enemy)
      const bit = ci === C['refuse-left'] ? U_REFUSED_L : U_REFUSED_R
      s.uFl[u] = (s.uFl[u] as number) | bit | U_MOVED
      if ((c.uGrade[u] as number) > 2 && nearestEnemyDist(c, s, c.uSide[u] as number, s.uHex[u] as number) <= withinHexes(120)) addDp(c, x, s, u, 1, 'manoeuvre', 'backward wheel to refuse a flank within 120 yds of enemy')
      if (x.ev) x.ev.push({ type: 'formation', unit: c.uId[u] as string, formation: ci === C['refuse-left'] ? 'line, left flank refused' : 'line, right flank refused', ranks: s.uRanks[u] as number })
      finishUnit(f, s, u)
      return
    }
    case C.recrew:
      s.uFl[u] = (s.uFl[u] as number) & ~(U_ABANDONED | U_CREW_SHELTER)
      if (x.ev) x.ev.push({ type: 'formation', unit: c.uId[u] as string, formation: 're-crewed', ranks: 1 })
      finishUnit(f, s, u)
      return
  }
  if (s.sel === u) s.kind = K['move-kind']
}
