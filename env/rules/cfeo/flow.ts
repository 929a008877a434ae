// The sequence of play: initiative, then Artillery, Fire, Command, Movement (each player completing the
// phase in turn, in the initiative order), Combat (declarations in initiative order, responses, charge moves,
// simultaneous resolution, after-combat actions, losers first), Morale. legal() and apply() dispatch here.

import { d6 } from '../../dice.ts'
import { hexLine, rot } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { chargeTargets, counterChargeRoll, executeCharges, MEET_MAY_COUNTER, MEET_NO_MELEE, pursuerCharges, R_COUNTER, R_EVADE, R_SHELTER, R_SHOOT, R_STAND, R_TURN, RESPONSES, responseOptions } from './charge.ts'
import { attachable, canInspire, canSteady, inspire, leaderDests, leaderOk, messengerWings, moveLeader, moveMessengers, orderWings, steady } from './command.ts'
import { applyControl, controlled, controlModifier, mayNudge, needsTest, rollControl } from './control.ts'
import { addDp, capacity, casualties, dist, frontStands, inFrontArc, rollMoveDice, isGun, isUnformed, ME_COMMANDER, ME_EVADE, ME_GENERAL, ME_INF_RETIRE, ME_UNIT_ROUT, moraleEvent, gradeRank, nearestEnemyDist, place, sync, type Scratch } from './core.ts'
import { fireAtLeader, fireAtMessenger, fireGun, fireSmallArms, fireTargets, leaderAt, gunCanFire, mayCaracole, shooterCanFire } from './fire.ts'
import { A_FALL_BACK, A_PURSUE, A_REMAIN, A_RETIRE, A_RIDE, A_ROUT, A_TAKE, afterOptions, applyBandLosses, badWar, breakthroughCavDp, fightRound } from './melee.ts'
import { checkVictory, moralePhase } from './morale.ts'
import { battaliaSlot, canEnter, canStepWith, diceChoices, depthReinforceOf, mayRoadMove, reinforceDepth, startRoadMove, doAbout, doStep, doWheel, mayStandStill, rollNormalMove, stepOptions } from './move.ts'
import { endFast, fastFirst, fastMayStop, fastOptions, fastStepTo, freeHack, newEnemyAt, setStatus, startFast } from './rout.ts'
import { C, type CfeoState, S_DESTROYED, FC_PURSUE_MOVE, FC_EVADE, FC_FINISH_MOVE, FC_PURSUE, FC_ROUT_MOVE, FM_EVADE, FM_FALL_BACK, FM_PURSUE, FM_SHELTER, FM_RETIRE, FM_ROUT, K, L_WOUNDED, LF_MOVED, PH, S_OK, U_CREW_SHELTER, U_FIRED_LAST, U_FLED_NOW, U_REFUSED, U_REFUSED_L, U_REFUSED_R, S_RETIRING, S_ROUTING, U_ABANDONED, U_CHARGING, U_COUNTER, U_CREW_KILLED, U_DONE, U_EARLIER_COMBAT, U_FAIL_NOW, U_FAILED_CHARGE, U_FAST_AGAIN, U_FIRED, U_HALT, U_IN_COMBAT, U_KEEP, U_LIMBERED, U_MOVED, U_MOVED_LAST, U_MUST_CHARGE, U_PIVOTED, U_PURSUING, U_REPEAT, U_TOOK_NOW, U_TOOK_POSITION, U_UNDER_FIRE } from './state.ts'
import { ARM_FOOT, ARM_GUN, ARM_HORSE, F_COLUMN, F_LINE, F_UNFORMED, MOVE, ORDERS, PIPS_PER_HEX, T, withinHexes } from './tables.ts'

export interface Offsets {
  readonly c: number
  readonly w: number
  readonly u: number
  readonly h: number
}

/** s.sel2 during a sidestep-hex decision that picks the gun to take over. */
const SEL_TAKE_GUNS = -2
/** s.sel2 while a General picks the battalia of a messenger, then MSG_WING + that battalia. */
const SEL_MESSENGER = -3
const MSG_WING = 1000

const MOVE_IDS = { left: C.left, right: C.right, about: C.about, stop: C.stop, reinforce: C.reinforce }

export class Flow {
  private readonly rideDice: number[] = []
  constructor(
    readonly c: Ctx,
    readonly x: Scratch,
    readonly o: Offsets,
  ) {}

  // ---------------------------------------------------------------- turn and phases

  /** Begins turn s.turn: flags carried over, guns re-crewed, leaders' actions renewed, initiative. */
  startTurn(s: CfeoState): void {
    const c = this.c
    for (let u = 0; u < c.n; u++) {
      const fl = s.uFl[u] as number
      let keep = fl & U_KEEP & ~U_PURSUING
      // a pursuit lasts while the pursued unit is on the map and still retiring or routing
      const pt = s.uPur[u] as number
      if ((fl & U_PURSUING) !== 0 && pt >= 0 && (s.uHex[u] as number) >= 0 && s.uStatus[u] === S_OK && (s.uHex[pt] as number) >= 0 && (s.uStatus[pt] === S_RETIRING || s.uStatus[pt] === S_ROUTING)) keep |= U_PURSUING
      else s.uPur[u] = -1
      if (fl & U_MOVED) keep |= U_MOVED_LAST
      if (fl & U_FAIL_NOW) keep |= U_FAILED_CHARGE
      if (fl & U_TOOK_NOW) keep |= U_TOOK_POSITION
      if (fl & U_FIRED) keep |= U_FIRED_LAST
      if (s.uStatus[u] === S_OK) keep &= ~U_FAST_AGAIN
      s.uFl[u] = keep
      s.uRein[u] = -1
      s.uLastDice[u] = s.uDiceNow[u] as number
      s.uDiceNow[u] = 0
      s.uCharge[u] = -1
      s.uChargeDice[u] = 0
      s.uResp[u] = 0
      s.uGrp[u] = -1
    }
    for (let j = 0; j < c.m; j++) {
      s.lUsed[j] = 0
      s.lInf[j] = 0
      s.lInfN[j] = 0
      s.lFl[j] = 0
    }
    s.bRoll.fill(0)
    s.mEv.length = 0
    s.queue.length = 0
    s.stage = 0
    s.sel = -1
    s.sel2 = -1
    if (s.turn === 1 && c.attacker >= 0) {
      // "In an attack on a defended position scenario, the attacker moves first on turn one."
      s.first = c.attacker
      this.enter(s, PH.artillery)
      return
    }
    s.phase = PH.initiative
    let r0 = 0
    let r1 = 0
    for (let k = 0; k < 20; k++) {
      r0 = d6(s.dice, 'initiative, side 0', this.x.ev ?? undefined) + this.exceptionalGeneral(s, 0)
      r1 = d6(s.dice, 'initiative, side 1', this.x.ev ?? undefined) + this.exceptionalGeneral(s, 1)
      if (r0 !== r1) break
    }
    s.init[0] = r0
    s.init[1] = r1
    s.player = r0 >= r1 ? 0 : 1
    s.kind = K.initiative
  }

  private exceptionalGeneral(s: CfeoState, p: number): number {
    const c = this.c
    for (let j = 0; j < c.m; j++) if (c.lSide[j] === p && c.lRole[j] === 0 && c.lExceptional[j] && leaderOk(s, j)) return 1
    return 0
  }

  private formedEnemyWithin(s: CfeoState, u: number, d: number): boolean {
    const c = this.c
    const h = s.uHex[u] as number
    for (let v = 0; v < c.n; v++) {
      if (c.uSide[v] === c.uSide[u] || (s.uHex[v] as number) < 0 || isUnformed(c, s, v) || isGun(c, v)) continue
      if (s.uStatus[v] !== S_OK) continue
      if (dist(c, h, s.uHex[v] as number) <= d) return true
    }
    return false
  }

  /** Enters phase ph with the first player. */
  enter(s: CfeoState, ph: number): void {
    s.phase = ph
    s.half = 0
    s.stage = 0
    s.player = s.first
    this.proceed(s)
  }

  private nextHalf(s: CfeoState): void {
    if (s.half === 0) {
      s.half = 1
      s.stage = 0
      s.player = 1 - s.first
    } else {
      s.phase++
      s.half = 0
      s.stage = 0
      s.player = s.first
    }
  }

  /** Finds the next decision, running everything automatic on the way. */
  proceed(s: CfeoState): void {
    const c = this.c
    for (let guard = 0; guard < 10000; guard++) {
      if (s.winner >= 0) {
        s.kind = -1
        s.phase = PH.over
        return
      }
      // a pursuer has charged into new enemy cavalry: their answer (charge-response) is pending
      if (s.meetBy >= 0) return
      if (s.fmUnit >= 0) {
        if (this.fastPending(s)) return
        continue
      }
      const p = s.player
      switch (s.phase) {
        case PH.artillery:
          if (this.anyGun(s, p)) return void (s.kind = K['gun-select'])
          this.nextHalf(s)
          break
        case PH.fire:
          if (this.anyShooter(s, p)) return void (s.kind = K['fire-select'])
          this.nextHalf(s)
          break
        case PH.command:
          if (s.stage === 0) {
            if (s.sel >= 0) return
            if (this.anyLeader(s, p)) return void (s.kind = K['leader-select'])
            moveMessengers(c, this.x, s, p)
            s.stage = 1
            s.queue.length = 0
            for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && needsTest(c, this.x, s, u)) s.queue.push(u)
          }
          if (s.stage === 1) {
            while (s.queue.length > 0) {
              const u = s.queue[0] as number
              const roll = rollControl(c, this.x, s, u)
              if (mayNudge(c, s, u)) {
                s.pendingRoll = roll
                s.sel = u
                return void (s.kind = K['control-nudge'])
              }
              applyControl(c, this.x, s, u, roll, controlModifier(s, u))
              s.queue.shift()
            }
            this.nextHalf(s)
          }
          break
        case PH.movement:
          if (s.sel >= 0) return
          if (s.stage === 0) {
            if (this.enemyRoutMoves(s, 1 - p)) break
            if (this.pursuitMoves(s, p)) break
            s.stage = 1
          }
          if (this.anyMover(s, p)) return void (s.kind = K['move-select'])
          this.endMovementHalf(s, p)
          this.nextHalf(s)
          break
        case PH.combat:
          if (s.stage === 0 || s.stage === 1) {
            if (this.anyCharger(s, s.player)) return void (s.kind = K['charge-select'])
            if (s.stage === 0) {
              s.stage = 1
              s.player = 1 - s.first
            } else s.stage = 2
            break
          }
          if (s.stage === 2) {
            if (this.nextResponse(s)) return
            if (this.nextEvade(s)) break
            executeCharges(c, this.x, s)
            this.resolveCombats(s)
            s.stage = 3
          }
          if (s.stage === 3) {
            if (this.nextAfterCombat(s)) return
            if (s.fmUnit >= 0 || s.meetBy >= 0) break
            // pursuers that met new enemy fight them at once: a further round, then its after-combat actions
            if (this.pursuitRound(s)) break
            this.endCombat(s)
            s.phase = PH.morale
          }
          break
        case PH.morale:
          moralePhase(c, this.x, s)
          checkVictory(c, s, s.turn >= c.turns)
          if (this.x.ev) this.x.ev.push({ type: 'turn-ended', turn: s.turn })
          if (s.winner >= 0) {
            if (this.x.ev) this.x.ev.push({ type: 'game-over', winner: s.winner === 2 ? null : (s.winner as 0 | 1), reason: s.reason, score: [s.score[0], s.score[1]] })
            break
          }
          s.turn++
          this.startTurn(s)
          if (s.kind === K.initiative && s.phase === PH.initiative) return
          break
        default:
          return
      }
    }
  }

  // ---------------------------------------------------------------- availability

  private anyGun(s: CfeoState, p: number): boolean {
    const c = this.c
    for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && gunCanFire(c, s, u) && fireTargets(c, this.x, s, u, null, 0) > 0) return true
    return false
  }
  private anyShooter(s: CfeoState, p: number): boolean {
    const c = this.c
    for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && shooterCanFire(c, s, u) && fireTargets(c, this.x, s, u, null, 0) > 0) return true
    return false
  }
  private leaderActs(s: CfeoState, j: number): boolean {
    return leaderOk(s, j) && (s.lUsed[j] as number) < (s.lActions[j] as number)
  }
  private anyLeader(s: CfeoState, p: number): boolean {
    const c = this.c
    for (let j = 0; j < c.m; j++) if (c.lSide[j] === p && this.leaderActs(s, j)) return true
    return false
  }
  /** The move-kind options of u as mask bits (writes mask when given). */
  kindOptions(s: CfeoState, u: number, mask: Uint8Array | null): number {
    const c = this.c
    const oc = this.o.c
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
      if (this.mayRecrew(s, u)) set(C.recrew)
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
        if (controlled(c, this.x, s, u)) set(C.unlimber)
      } else if ((fl & (U_FIRED | U_PIVOTED)) === 0) {
        set(C['pivot-left'])
        set(C['pivot-right'])
        if (c.uType[u] === T['gun-light'] && this.gunSteps(s, u, null) > 0) set(C.move)
      }
      set(C.hold)
      return n
    }
    if (fl & U_HALT) {
      this.formationOptions(s, u, set)
      set(C.hold)
      return n
    }
    let b = diceChoices(c, s, u)
    // one roll for the battalia: once rolled, its controlled units move on the same dice
    const slot = b !== 0 && this.anyBattaliaRoll(s, u) ? battaliaSlot(c, this.x, s, u) : -1
    if (slot >= 0 && s.bRoll[slot] !== 0 && (b & (1 << ((s.bRoll[slot] as number) & 3))) !== 0) b = 1 << ((s.bRoll[slot] as number) & 3)
    for (let k = 1; k <= 3; k++) if (b & (1 << k)) set(C.dice1 + k - 1)
    if (s.mdecl) return n
    if (b !== 0 && !s.mhalf && (fl & U_REPEAT) === 0 && !isUnformed(c, s, u)) set(C['declare-halt'])
    if (!s.mhalf && mayRoadMove(c, s, u)) set(C.road)
    if ((fl & U_REPEAT) === 0 && !s.mhalf) {
      this.formationOptions(s, u, set)
      if (this.sideStepHexes(s, u, null) > 0) set(C.sidestep)
      if (this.gunsToTake(s, u, null) > 0) set(C['take-guns'])
    }
    if (hold || s.mhalf) set(C.hold)
    return n
  }
  private formationOptions(s: CfeoState, u: number, set: (id: number) => void): void {
    const c = this.c
    if (c.uLight[u] || c.uArm[u] === ARM_GUN || s.uStatus[u] !== S_OK || s.mhalf) return
    const st = s.uStands[u] as number
    if (s.uForm[u] === F_UNFORMED) {
      set(C['reform-line'])
      set(C['reform-column'])
      return
    }
    const maxR = c.uArm[u] === ARM_HORSE ? 2 : 3
    for (let r = 1; r <= maxR; r++) if (r <= st && Math.ceil(st / r) >= r && !(s.uForm[u] === F_LINE && s.uRanks[u] === r)) set(C['form-line1'] + r - 1)
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
  /** u detaches a stand that drives gun g off the field (the gun is lost to its side; the stand is not a
   *  casualty, but it is gone from the unit). */
  private takeGuns(s: CfeoState, u: number, g: number): void {
    const c = this.c
    const x = this.x
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
  private anyBattaliaRoll(s: CfeoState, u: number): boolean {
    const c = this.c
    const a = c.uArm[u] === ARM_HORSE ? 1 : 0
    for (let j = 0; j < c.m; j++) if (c.lSide[j] === c.uSide[u] && s.bRoll[j * 2 + a] !== 0) return true
    return false
  }
  /** An abandoned gun's crew may return: alive, and no formed enemy within 40 yds. */
  mayRecrew(s: CfeoState, u: number): boolean {
    const fl = s.uFl[u] as number
    return (fl & U_ABANDONED) !== 0 && (fl & U_CREW_KILLED) === 0 && (s.uHex[u] as number) >= 0 && !this.formedEnemyWithin(s, u, withinHexes(40))
  }
  /** Side step / step back hexes (A and B grade infantry in line): 20 yds = one hex to a flank or the rear. */
  sideStepHexes(s: CfeoState, u: number, mask: Uint8Array | null): number {
    const c = this.c
    if (c.uArm[u] !== ARM_FOOT || c.uLight[u] || (c.uGrade[u] as number) > 2 || s.uForm[u] !== F_LINE || s.uStatus[u] !== S_OK) return 0
    const h = s.uHex[u] as number
    const f = s.uFace[u] as number
    let n = 0
    for (const k of [2, 3, 4, 5]) {
      const nb = c.grid.neighbors[h * 6 + rot(f, k)] as number
      if (nb >= 0 && canEnter(c, this.x, s, u, nb, f, false)) {
        if (mask) mask[this.o.h + nb] = 1
        n++
      }
    }
    return n
  }
  /** "Abandoned limbered guns may be taken over and driven off if the enemy detach one stand to do so":
   *  the adjacent abandoned limbered enemy guns a formed unit of 3+ stands (it keeps the minimum of 2) may take. */
  gunsToTake(s: CfeoState, u: number, mask: Uint8Array | null): number {
    const c = this.c
    if (c.uArm[u] === ARM_GUN || s.uStatus[u] !== S_OK || (s.uStands[u] as number) < 3) return 0
    const h = s.uHex[u] as number
    let n = 0
    for (let k = 0; k < 6; k++) {
      const nb = c.grid.neighbors[h * 6 + k] as number
      const g = nb >= 0 ? (this.x.occ[nb] as number) : -1
      if (g < 0 || c.uSide[g] === c.uSide[u] || !isGun(c, g) || ((s.uFl[g] as number) & (U_ABANDONED | U_LIMBERED)) !== (U_ABANDONED | U_LIMBERED)) continue
      if (mask) mask[this.o.h + nb] = 1
      n++
    }
    return n
  }
  /** Unlimbered light gun: 40 yds = one hex. */
  gunSteps(s: CfeoState, u: number, mask: Uint8Array | null): number {
    const c = this.c
    const h = s.uHex[u] as number
    let n = 0
    for (let k = 0; k < 6; k++) {
      const nb = c.grid.neighbors[h * 6 + k] as number
      if (nb >= 0 && canEnter(c, this.x, s, u, nb, s.uFace[u] as number, false)) {
        if (mask) mask[this.o.h + nb] = 1
        n++
      }
    }
    return n
  }
  private movable(s: CfeoState, u: number): boolean {
    const c = this.c
    const fl = s.uFl[u] as number
    if ((s.uHex[u] as number) < 0 || (fl & U_DONE) !== 0 || s.uFoe[u] !== -1) return false
    if (fl & U_ABANDONED) return this.mayRecrew(s, u)
    if (s.uStatus[u] !== S_OK && s.uStatus[u] !== S_RETIRING) return false
    const fireMove = c.uType[u] === T.skirmishers || c.uArm[u] === ARM_HORSE
    if ((fl & U_FIRED) !== 0 && !fireMove) return false
    // the common case without building the option list: a formed foot or horse unit that may roll dice
    if (c.uArm[u] !== ARM_GUN && s.uStatus[u] === S_OK && (fl & U_HALT) === 0 && diceChoices(c, s, u) !== 0) return true
    return this.kindOptions(s, u, null) > (this.kindHold(s, u) ? 1 : 0)
  }
  private kindHold(s: CfeoState, u: number): boolean {
    const m = new Uint8Array(0)
    void m
    const fl = s.uFl[u] as number
    if (s.uStatus[u] === S_RETIRING || this.c.uArm[u] === ARM_GUN || (fl & U_HALT) !== 0) return true
    return (mayStandStill(this.c, s, u) && (fl & U_REPEAT) === 0) || s.mhalf === 1
  }
  /** Units that must move this phase: cavalry after a 3-dice move, units repeating their last move. */
  private mustMove(s: CfeoState, u: number): boolean {
    const fl = s.uFl[u] as number
    if ((fl & U_HALT) !== 0 || s.uStatus[u] !== S_OK) return false
    return !mayStandStill(this.c, s, u) || (fl & U_REPEAT) !== 0
  }
  private leaderMoves(s: CfeoState, j: number): boolean {
    return leaderOk(s, j) && s.lAtt[j] === -1 && ((s.lFl[j] as number) & LF_MOVED) === 0 && leaderDests(this.c, this.x, s, j, null, 0) > 0
  }
  private anyMover(s: CfeoState, p: number): boolean {
    const c = this.c
    for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && this.movable(s, u)) return true
    for (let j = 0; j < c.m; j++) if (c.lSide[j] === p && this.leaderMoves(s, j)) return true
    return false
  }
  private mayEndMovement(s: CfeoState, p: number): boolean {
    const c = this.c
    for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && this.movable(s, u) && this.mustMove(s, u)) return false
    return true
  }
  private anyCharger(s: CfeoState, p: number): boolean {
    const c = this.c
    for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && chargeTargets(c, this.x, s, u, null, 0) > 0) return true
    return false
  }
  private mayEndCharges(s: CfeoState, p: number): boolean {
    const c = this.c
    for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && ((s.uFl[u] as number) & U_MUST_CHARGE) !== 0 && chargeTargets(c, this.x, s, u, null, 0) > 0) return false
    return true
  }

  // ---------------------------------------------------------------- movement helpers

  /** "Subsequent rout moves are made during opponents move phase as long as the opponent is still pursuing
   *  in order to keep routers and pursuers moving together", one casualty each: only routers a pursuer of
   *  the moving side is still after (routers nobody pursues stay where they are, routing, until they rally:
   *  docs/rules/cfeo.md). Starts the next one (returns true: a fast move is in progress) or returns false
   *  when all have moved. */
  private enemyRoutMoves(s: CfeoState, q: number): boolean {
    const c = this.c
    for (let u = 0; u < c.n; u++) {
      if (c.uSide[u] !== q || s.uStatus[u] !== S_ROUTING || (s.uHex[u] as number) < 0 || ((s.uFl[u] as number) & U_FLED_NOW) !== 0) continue
      if (!this.stillPursued(s, u)) continue
      s.uFl[u] = (s.uFl[u] as number) | U_FLED_NOW
      casualties(c, this.x, s, u, 1, 'subsequent rout move')
      if ((s.uHex[u] as number) < 0) continue
      startFast(c, this.x, s, u, FM_ROUT, this.nearestEnemyHex(s, u), FC_ROUT_MOVE)
      return true
    }
    return false
  }

  /** Is the router u still pursued: will a pursuer make its pursuit move after u this movement phase? */
  private stillPursued(s: CfeoState, u: number): boolean {
    const c = this.c
    for (let w = 0; w < c.n; w++) if (s.uPur[w] === u && this.pursuerMoves(s, w)) return true
    return false
  }
  /** A pursuer that has its pursuit move still to make this movement phase (its quarry aside). */
  private pursuerMoves(s: CfeoState, w: number): boolean {
    const fl = s.uFl[w] as number
    return (fl & U_PURSUING) !== 0 && (fl & U_FLED_NOW) === 0 && (s.uHex[w] as number) >= 0 && s.uStatus[w] === S_OK && s.uFoe[w] === -1
  }

  /** Pursuers who continue their pursuit (a control test other than "act as player wishes") make their
   *  pursuit move at the start of their side's movement phase: starts the next one, or returns false. */
  private pursuitMoves(s: CfeoState, p: number): boolean {
    const c = this.c
    for (let u = 0; u < c.n; u++) {
      if (c.uSide[u] !== p || !this.pursuerMoves(s, u)) continue
      s.uFl[u] = (s.uFl[u] as number) | U_FLED_NOW
      const t = s.uPur[u] as number
      if (t < 0 || (s.uHex[t] as number) < 0 || (s.uStatus[t] !== S_RETIRING && s.uStatus[t] !== S_ROUTING)) {
        s.uFl[u] = (s.uFl[u] as number) & ~U_PURSUING
        s.uPur[u] = -1
        continue
      }
      startFast(c, this.x, s, u, FM_PURSUE, t, FC_PURSUE_MOVE)
      return true
    }
    return false
  }

  /** Drives the fast move in progress: steps with a single option (and no halt allowed) are taken at
   *  once; a real choice becomes the owner's fast-step decision (returns true). At the end, the
   *  continuation runs and false is returned. */
  private fastPending(s: CfeoState): boolean {
    const c = this.c
    const x = this.x
    for (let guard = 0; guard < 64; guard++) {
      const u = s.fmUnit
      if ((s.uHex[u] as number) < 0) break
      const n = fastOptions(c, x, s, null, 0)
      if (n === 0) break
      const stop = fastMayStop(c, x, s)
      if (n === 1 && !stop) {
        fastStepTo(c, x, s, fastFirst)
        continue
      }
      s.sel = u
      s.player = c.uSide[u] as number
      s.kind = K['fast-step']
      return true
    }
    this.fastDone(s)
    return false
  }

  /** The end of a fast move and what follows it. */
  private fastDone(s: CfeoState): void {
    const c = this.c
    const x = this.x
    const cont = s.fmCont
    const target = s.fmAway
    const u = endFast(c, x, s)
    s.sel = -1
    switch (cont) {
      case FC_FINISH_MOVE:
        this.finishUnit(s, u)
        break
      case FC_ROUT_MOVE:
        s.player = 1 - (c.uSide[u] as number)
        break
      case FC_EVADE:
        if ((s.uHex[u] as number) >= 0) {
          addDp(c, x, s, u, 1, 'morale', 'evading')
          if ((s.uHex[u] as number) >= 0) moraleEvent(s, ME_EVADE, s.uHex[u] as number, 0, c.uSide[u] as number)
        }
        break
      case FC_PURSUE:
      case FC_PURSUE_MOVE: {
        const hu = s.uHex[u] as number
        const th = s.uHex[target] as number
        if (cont === FC_PURSUE_MOVE) s.uFl[u] = (s.uFl[u] as number) | U_DONE | U_MOVED
        if (hu >= 0 && th >= 0 && dist(c, hu, th) === 1) {
          freeHack(c, x, s, u, target)
          if ((s.uHex[target] as number) >= 0 && s.uStatus[target] === S_RETIRING) {
            setStatus(c, x, s, target, S_ROUTING)
            moraleEvent(s, ME_UNIT_ROUT, s.uHex[target] as number, gradeRank(c, target), c.uSide[target] as number)
            this.leadersRout(s, target)
          }
        } else if (hu >= 0) {
          // "Pursuers encountering new enemy immediately charge into them. The opponent may countercharge if
          // cavalry." After combat the melee is fought at once (pursuitRound); after a movement-phase
          // pursuit, in this turn's Combat Phase.
          const v = newEnemyAt(c, x, s, u, hu, target)
          if (v >= 0) {
            const met = pursuerCharges(c, x, s, u, v)
            if (cont === FC_PURSUE && met !== MEET_NO_MELEE) {
              s.meets.push(u)
              // its answer to this charge (stand unless it counter-charges), for the further round
              s.uResp[v] = R_STAND
            }
            if (met === MEET_MAY_COUNTER) {
              s.meetBy = u
              s.sel = v
              s.sel2 = u
              s.player = c.uSide[v] as number
              s.kind = K['charge-response']
            }
          }
        }
        break
      }
    }
  }

  /** Evaders move (full fast move directly away from the charger) before the charges: starts the next. */
  private nextEvade(s: CfeoState): boolean {
    const c = this.c
    for (const u of s.queue) {
      const t = s.uCharge[u] as number
      if (t < 0 || (s.uResp[t] !== R_EVADE && s.uResp[t] !== R_SHELTER) || (s.uHex[t] as number) < 0 || (s.uHex[u] as number) < 0) continue
      const shelter = s.uResp[t] === R_SHELTER
      s.uResp[t] = R_STAND
      startFast(c, this.x, s, t, shelter ? FM_SHELTER : FM_EVADE, s.uHex[u] as number, shelter ? 0 : FC_EVADE)
      return true
    }
    return false
  }
  private endMovementHalf(s: CfeoState, p: number): void {
    const c = this.c
    for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && s.uStatus[u] === S_RETIRING && (s.uHex[u] as number) >= 0 && ((s.uFl[u] as number) & U_DONE) === 0) setStatus(c, this.x, s, u, S_OK)
  }
  nearestEnemyHex(s: CfeoState, u: number): number {
    const c = this.c
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
  private finishUnit(s: CfeoState, u: number): void {
    const c = this.c
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
  private formationChange(s: CfeoState, u: number, form: number, ranks: number, turn: number): void {
    const c = this.c
    const near = nearestEnemyDist(c, s, c.uSide[u] as number, s.uHex[u] as number) <= withinHexes(120)
    s.uForm[u] = form
    s.uFl[u] = (s.uFl[u] as number) & ~U_REFUSED
    s.uRanks[u] = form === F_COLUMN ? (s.uStands[u] as number) : ranks
    if (turn) s.uFace[u] = rot(s.uFace[u] as number, turn)
    if (this.x.ev) this.x.ev.push({ type: 'formation', unit: c.uId[u] as string, formation: ['line', 'column', 'unformed'][form] as string, ranks: s.uRanks[u] as number })
    if (near) {
      // a full move and 1 DP within 120 yds of enemy (a double change still 1 DP)
      addDp(c, this.x, s, u, 1, 'manoeuvre', 'formation change within 120 yds of enemy')
      this.finishUnit(s, u)
    } else s.mhalf = 1
  }

  // ---------------------------------------------------------------- combat helpers

  /** The next charged unit to respond: sets the decision and returns true. */
  private nextResponse(s: CfeoState): boolean {
    const c = this.c
    for (const u of s.queue) {
      const t = s.uCharge[u] as number
      if (t < 0 || s.uResp[t] !== 0 || (s.uHex[t] as number) < 0) continue
      if ((s.uCharge[t] as number) >= 0) {
        s.uResp[t] = R_STAND
        continue
      }
      const o = responseOptions(c, s, this.x, t, u)
      if ((o & (o - 1)) === 0) {
        s.uResp[t] = R_STAND
        continue
      }
      s.sel = t
      s.sel2 = u
      s.player = c.uSide[t] as number
      s.kind = K['charge-response']
      return true
    }
    return false
  }

  /** Fights every combat (groups linked by contact) and queues the after-combat actions. */
  private resolveCombats(s: CfeoState): void {
    const c = this.c
    let g = 0
    s.queue.length = 0
    this.crewsShelter(s)
    for (let u0 = 0; u0 < c.n; u0++) {
      if (s.uFoe[u0] === -1 || (s.uGrp[u0] as number) >= 0 || (s.uHex[u0] as number) < 0) continue
      // the group: everyone linked by contact to u0
      const members = [u0]
      s.uGrp[u0] = g
      for (let i = 0; i < members.length; i++) {
        const a = members[i] as number
        for (let v = 0; v < c.n; v++) {
          if ((s.uGrp[v] as number) >= 0 || (s.uHex[v] as number) < 0) continue
          if (s.uFoe[a] === v || s.uFoe[v] === a) {
            s.uGrp[v] = g
            members.push(v)
          }
        }
      }
      this.fightGroup(s, members)
      g++
    }
    this.sortAfterCombat(s)
  }

  /** "Pursuers encountering new enemy immediately charge into them": once the after-combat actions are
   *  done, the melees of the pursuers that met new enemy (s.meets) are fought at once, a further round of
   *  this Combat Phase: each pursuer with the unit it charged (pursuers on the same unit together), the
   *  pursuer counting pursuing and charging (a D6), the charged unit its counter-charge if it made one and
   *  nothing of an earlier combat of this phase. Units in contact with them that are not part of the
   *  pursuers' charge fight no second round (their melee goes on next turn). Queues the after-combat
   *  actions and returns true, or returns false when no pursuer met new enemy. */
  private pursuitRound(s: CfeoState): boolean {
    const c = this.c
    if (s.meets.length === 0) return false
    this.crewsShelter(s)
    let g = 0
    for (let u = 0; u < c.n; u++) g = Math.max(g, (s.uGrp[u] as number) + 1)
    const first = g
    // groups: a pursuer and the unit it charged, merged where they share a unit
    for (const p of s.meets) {
      const v = s.uFoe[p] as number
      // the contact may be gone (the charged unit rode off, retired or pursued in its own after-combat action)
      if (v < 0 || (s.uHex[p] as number) < 0 || (s.uHex[v] as number) < 0 || s.uStatus[p] !== S_OK || s.uStatus[v] !== S_OK || ((s.uFl[v] as number) & U_ABANDONED) !== 0) continue
      const gp = s.uGrp[p] as number
      const gv = s.uGrp[v] as number
      if (gp >= first && gv >= first) {
        if (gp !== gv) for (let w = 0; w < c.n; w++) if (s.uGrp[w] === gv) s.uGrp[w] = gp
      } else if (gp >= first) s.uGrp[v] = gp
      else if (gv >= first) s.uGrp[p] = gv
      else {
        s.uGrp[p] = g
        s.uGrp[v] = g++
      }
    }
    s.queue.length = 0
    for (let k = first; k < g; k++) {
      const members: number[] = []
      for (let u = 0; u < c.n; u++) if (s.uGrp[u] === k) members.push(u)
      if (members.length === 0) continue
      for (const u of members) {
        if (s.meets.includes(u) && s.uFoe[u] !== -1 && s.uGrp[s.uFoe[u] as number] === k) s.uFl[u] = (s.uFl[u] as number) | U_CHARGING
        else {
          // charged at the halt (or counter-charging now): no charge of its own from earlier in the phase
          const keep = s.uResp[u] === R_COUNTER ? U_COUNTER : 0
          s.uFl[u] = (s.uFl[u] as number) & ~((U_EARLIER_COMBAT | U_CHARGING) & ~keep)
        }
      }
      this.fightGroup(s, members)
    }
    s.meets.length = 0
    this.sortAfterCombat(s)
    return s.queue.length > 0
  }

  /** Fights one combat group (its units' s.uGrp already set) and queues each survivor's after-combat entry:
   *  unit, band, the hex of its opponent (its foe, or the group's first enemy if the foe is outside the
   *  group), total. */
  private fightGroup(s: CfeoState, members: number[]): void {
    const c = this.c
    const x = this.x
    const sides: [number[], number[]] = [members.filter((v) => c.uSide[v] === 0), members.filter((v) => c.uSide[v] === 1)]
    if (sides[0].length === 0 || sides[1].length === 0) {
      for (const v of members) s.uFoe[v] = -1
      return
    }
    for (const v of members) s.uFl[v] = (s.uFl[v] as number) | U_IN_COMBAT
    let f = fightRound(c, x, s, sides, false)
    for (let k = 0; k < 20 && f.bands[0] === 3 && badWar(c, sides); k++) {
      for (let side = 0; side < 2; side++) for (const v of sides[side]!) applyBandLosses(c, x, s, v, 3, sides[1 - side]!)
      const alive: [number[], number[]] = [sides[0].filter((v) => (s.uHex[v] as number) >= 0), sides[1].filter((v) => (s.uHex[v] as number) >= 0)]
      if (alive[0].length === 0 || alive[1].length === 0) break
      f = fightRound(c, x, s, alive, true)
    }
    for (let side = 0; side < 2; side++) {
      for (const v of sides[side]!) {
        applyBandLosses(c, x, s, v, f.bands[side]!, sides[1 - side]!)
        if ((s.uHex[v] as number) >= 0) {
          let foe = s.uFoe[v] as number
          // (a charged unit still in contact with others outside a further round: its opponent is the pursuer)
          if (foe >= 0 && s.uGrp[foe] !== s.uGrp[v]) foe = sides[1 - side]![0] as number
          s.queue.push(v, f.bands[side]!, foe >= 0 ? (s.uHex[foe] as number) : -1, f.totals[side]!)
        }
      }
    }
  }

  /** Orders the after-combat queue (4-tuples) into triples: losers first; in an inconclusive result the
   *  lower total decides first, the initiative player second. */
  private sortAfterCombat(s: CfeoState): void {
    const c = this.c
    const entries: number[][] = []
    for (let i = 0; i < s.queue.length; i += 4) entries.push(s.queue.slice(i, i + 4))
    entries.sort((a, b) => (a[1] as number) - (b[1] as number) || (a[3] as number) - (b[3] as number) || (c.uSide[a[0] as number] === s.first ? 1 : 0) - (c.uSide[b[0] as number] === s.first ? 1 : 0) || (a[0] as number) - (b[0] as number))
    s.queue.length = 0
    for (const e of entries) s.queue.push(e[0] as number, e[1] as number, e[2] as number)
  }

  /** "If guns are deployed up to 20 yds in front of friendly infantry, the crews will automatically abandon
   *  the guns and seek refuge with the supporting infantry as soon as enemy come into combat with the
   *  infantry": unlimbered guns adjacent to, and in front of, friendly infantry in a melee. */
  private crewsShelter(s: CfeoState): void {
    const c = this.c
    const x = this.x
    for (let gu = 0; gu < c.n; gu++) {
      const hg = s.uHex[gu] as number
      if (!isGun(c, gu) || hg < 0 || ((s.uFl[gu] as number) & (U_ABANDONED | U_LIMBERED)) !== 0) continue
      for (let i = 0; i < c.n; i++) {
        const hi = s.uHex[i] as number
        if (c.uSide[i] !== c.uSide[gu] || c.uArm[i] !== ARM_FOOT || hi < 0 || s.uFoe[i] === -1 || s.uRein[i] !== -1) continue
        if (dist(c, hg, hi) !== 1 || !inFrontArc(c, hi, s.uFace[i] as number, hg)) continue
        s.uFl[gu] = (s.uFl[gu] as number) | U_ABANDONED | U_CREW_SHELTER
        s.uFoe[gu] = -1
        for (let v = 0; v < c.n; v++) if (s.uFoe[v] === gu) s.uFoe[v] = -1
        if (x.ev) x.ev.push({ type: 'gun-abandoned', unit: c.uId[gu] as string, crewKilled: false })
        break
      }
    }
  }

  private opponents(s: CfeoState, u: number): number[] {
    const c = this.c
    const out: number[] = []
    const g = s.uGrp[u] as number
    if (g < 0) return out
    for (let v = 0; v < c.n; v++) if (s.uGrp[v] === g && c.uSide[v] !== c.uSide[u]) out.push(v)
    return out
  }

  /** Options of the head of the after-combat queue. */
  afterOpts(s: CfeoState, u: number, band: number, foeHex: number): number {
    const c = this.c
    const opp = this.opponents(s, u)
    const fled = opp.some((v) => (s.uHex[v] as number) >= 0 && (s.uStatus[v] === S_RETIRING || s.uStatus[v] === S_ROUTING))
    const vacated = foeHex >= 0 && (this.x.occ[foeHex] as number) < 0 && dist(c, s.uHex[u] as number, foeHex) === 1
    return afterOptions(c, s, u, band, opp, fled, vacated, this.rideHex(s, u, foeHex) >= 0)
  }

  /** Ride-through: the hex beyond the enemy position, free, if the enemy is no more than one rank deep. */
  private rideHex(s: CfeoState, u: number, foeHex: number): number {
    const c = this.c
    const h = s.uHex[u] as number
    if (foeHex < 0 || h < 0 || dist(c, h, foeHex) !== 1) return -1
    let k = -1
    for (let d = 0; d < 6; d++) if (c.grid.neighbors[h * 6 + d] === foeHex) k = d
    const beyond = c.grid.neighbors[foeHex * 6 + k] as number
    if (beyond < 0 || (this.x.occ[beyond] as number) >= 0 || c.impassable[beyond] || (c.closed[beyond] && !c.road[beyond])) return -1
    const v = this.x.occ[foeHex] as number
    if (v >= 0 && !isUnformed(c, s, v) && (s.uRanks[v] as number) > 1) return -1
    return beyond
  }

  private nextAfterCombat(s: CfeoState): boolean {
    const c = this.c
    while (s.queue.length > 0) {
      const u = s.queue[0] as number
      const band = s.queue[1] as number
      const fh = s.queue[2] as number
      if ((s.uHex[u] as number) < 0 || ((s.uFl[u] as number) & U_ABANDONED) !== 0) {
        s.queue.splice(0, 3)
        continue
      }
      const o = this.afterOpts(s, u, band, fh)
      if ((o & (o - 1)) === 0) {
        s.queue.splice(0, 3)
        this.doAfter(s, u, band, fh, o, 2)
        if (s.fmUnit >= 0) return false
        continue
      }
      s.sel = u
      s.sel2 = band
      s.player = c.uSide[u] as number
      s.kind = K['after-combat']
      return true
    }
    return false
  }

  doAfter(s: CfeoState, u: number, band: number, fh: number, act: number, rideDice: number): void {
    const c = this.c
    const x = this.x
    const opp = this.opponents(s, u)
    const oppHex = opp.map((v) => s.uHex[v] as number).find((h) => h >= 0) ?? fh
    const name = act === A_REMAIN ? 'remain' : act === A_RETIRE ? 'retire' : act === A_PURSUE ? 'pursue' : act === A_TAKE ? 'take the position' : act === A_FALL_BACK ? 'fall back' : act === A_RIDE ? `ride through (${rideDice} dice)` : 'rout'
    if (x.ev) x.ev.push({ type: 'after-combat', unit: c.uId[u] as string, action: name })
    if (breakthroughCavDp(c, band, u, act)) addDp(c, x, s, u, 1, 'combat', 'cavalry not pursuing a breakthrough')
    // that DP may have been its last stand
    if ((s.uHex[u] as number) < 0) return
    const breakContact = () => {
      s.uFoe[u] = -1
      for (let v = 0; v < c.n; v++) if (s.uFoe[v] === u) s.uFoe[v] = -1
    }
    switch (act) {
      case A_RETIRE:
        breakContact()
        setStatus(c, x, s, u, S_RETIRING)
        if (c.uArm[u] === ARM_FOOT) moraleEvent(s, ME_INF_RETIRE, s.uHex[u] as number, gradeRank(c, u), c.uSide[u] as number)
        startFast(c, x, s, u, FM_RETIRE, oppHex, 0)
        break
      case A_ROUT:
        breakContact()
        setStatus(c, x, s, u, S_ROUTING)
        moraleEvent(s, ME_UNIT_ROUT, s.uHex[u] as number, gradeRank(c, u), c.uSide[u] as number)
        this.leadersRout(s, u)
        startFast(c, x, s, u, FM_ROUT, oppHex, 0)
        break
      case A_FALL_BACK:
        // one base depth back, facing the enemy and in good order: the owner picks the rear hex
        breakContact()
        if (oppHex >= 0) startFast(c, x, s, u, FM_FALL_BACK, oppHex, 0)
        else addDp(c, x, s, u, 1, 'combat', 'unable to fall back')
        break
      case A_PURSUE: {
        breakContact()
        let target = -1
        let bd = 999
        for (const v of opp) {
          if ((s.uHex[v] as number) < 0 || (s.uStatus[v] !== S_RETIRING && s.uStatus[v] !== S_ROUTING)) continue
          const d = dist(c, s.uHex[u] as number, s.uHex[v] as number)
          if (d < bd) {
            bd = d
            target = v
          }
        }
        s.uFl[u] = (s.uFl[u] as number) | U_PURSUING
        s.uPur[u] = target
        if (target >= 0) startFast(c, x, s, u, FM_PURSUE, target, FC_PURSUE)
        break
      }
      case A_TAKE:
        if (fh >= 0 && (x.occ[fh] as number) < 0) {
          breakContact()
          place(c, x, s, u, fh)
          s.uFl[u] = (s.uFl[u] as number) | U_TOOK_NOW | U_MOVED
        }
        break
      case A_RIDE: {
        const to = this.rideHex(s, u, fh)
        if (to >= 0) {
          breakContact()
          const from = s.uHex[u] as number
          let k = -1
          for (let d = 0; d < 6; d++) if (c.grid.neighbors[from * 6 + d] === fh) k = d
          // a full 2 or 3 dice: through the enemy position (two hexes), then on in the same direction
          let pips = rollMoveDice(s, x, rideDice, 0, `${c.uId[u]} rides through`, this.rideDice) - 2 * PIPS_PER_HEX
          place(c, x, s, u, to)
          let h = to
          while (canStepWith(pips, PIPS_PER_HEX)) {
            const nb = c.grid.neighbors[h * 6 + k] as number
            // halt beyond 20 yds of new enemy or impassable terrain
            if (nb < 0 || (x.occ[nb] as number) >= 0 || c.impassable[nb] || (c.closed[nb] && !c.road[nb]) || nearestEnemyDist(c, s, c.uSide[u] as number, nb) <= 1) break
            place(c, x, s, u, nb)
            h = nb
            pips -= PIPS_PER_HEX
          }
          // end facing the nearest enemy threat
          const e = this.nearestEnemyHex(s, u)
          if (e >= 0) {
            const line = hexLine(c.grid, h, e)
            const next = line[1] ?? -1
            for (let d = 0; d < 6; d++) if (c.grid.neighbors[h * 6 + d] === next) s.uFace[u] = d
          }
          s.uFl[u] = (s.uFl[u] as number) | U_MOVED
          if (x.ev) x.ev.push({ type: 'fast-move', unit: c.uId[u] as string, how: `ride-through (${rideDice} dice)`, from: c.grid.labels[from] as string, to: c.grid.labels[h] as string, pips })
        }
        break
      }
      default:
        break
    }
  }

  /** "General / Commander killed or routing within 120 yds": leaders attached to a unit that routs rout with it. */
  private leadersRout(s: CfeoState, u: number): void {
    const c = this.c
    for (let j = 0; j < c.m; j++) if (s.lAtt[j] === u && (s.lState[j] as number) <= L_WOUNDED) moraleEvent(s, c.lRole[j] === 0 ? ME_GENERAL : ME_COMMANDER, s.uHex[u] as number, 0, c.lSide[j] as number)
  }

  private endCombat(s: CfeoState): void {
    const c = this.c
    for (let u = 0; u < c.n; u++) {
      const v = s.uFoe[u] as number
      if (v >= 0 && ((s.uHex[v] as number) < 0 || (s.uHex[u] as number) < 0 || dist(c, s.uHex[u] as number, s.uHex[v] as number) !== 1 || s.uStatus[v] !== S_OK || s.uStatus[u] !== S_OK || ((s.uFl[v] as number) & U_ABANDONED) !== 0)) s.uFoe[u] = -1
      s.uGrp[u] = -1
    }
    s.queue.length = 0
    s.meets.length = 0
    s.sel = -1
    s.sel2 = -1
  }

  // ---------------------------------------------------------------- legal

  legal(s: CfeoState, mask: Uint8Array): number {
    mask.fill(0)
    if (s.winner >= 0 || s.kind < 0) return 0
    const c = this.c
    const x = this.x
    sync(c, x, s)
    const { c: oc, w: ow, u: ou, h: oh } = this.o
    const p = s.player
    const u = s.sel
    switch (s.kind) {
      case K.initiative:
        mask[oc + C.first] = 1
        mask[oc + C.second] = 1
        break
      case K['gun-select']:
        mask[oc + C.end] = 1
        for (let v = 0; v < c.n; v++) if (c.uSide[v] === p && gunCanFire(c, s, v) && fireTargets(c, x, s, v, null, 0) > 0) mask[ou + v] = 1
        break
      case K['fire-select']:
        mask[oc + C.end] = 1
        for (let v = 0; v < c.n; v++) if (c.uSide[v] === p && shooterCanFire(c, s, v) && fireTargets(c, x, s, v, null, 0) > 0) mask[ou + v] = 1
        break
      case K['gun-target']:
      case K['fire-target']:
        fireTargets(c, x, s, u, mask, oh)
        break
      case K['fire-mode']:
        mask[oc + C.fire] = 1
        mask[oc + C.caracole] = 1
        break
      case K['leader-select']:
        mask[oc + C.end] = 1
        for (let j = 0; j < c.m; j++) if (c.lSide[j] === p && this.leaderActs(s, j)) mask[ou + c.n + j] = 1
        break
      case K['leader-action']: {
        const j = u - c.n
        mask[oc + C.pass] = 1
        if (leaderDests(c, x, s, j, null, 0) > 0) mask[oc + C.move] = 1
        if (canSteady(c, s, j)) mask[oc + C.steady] = 1
        if (canInspire(c, s, j)) mask[oc + C.inspire] = 1
        if (s.lAtt[j] !== -1) mask[oc + C.detach] = 1
        if (orderWings(c, s, j, null, 0) > 0) mask[oc + C.orders] = 1
        if (messengerWings(c, s, j, null, 0) > 0) mask[oc + C.messenger] = 1
        break
      }
      case K['leader-move']:
        leaderDests(c, x, s, u - c.n, mask, oh)
        break
      case K.attach:
        mask[oc + C.yes] = 1
        mask[oc + C.no] = 1
        break
      case K['order-wing']:
        if (s.sel2 === SEL_MESSENGER) messengerWings(c, s, u - c.n, mask, ow)
        else orderWings(c, s, u - c.n, mask, ow)
        break
      case K['order-choice']: {
        const w = s.sel2 >= MSG_WING ? s.sel2 - MSG_WING : s.sel2
        for (let k = 0; k < ORDERS.length; k++) if (k !== s.wOrder[w]) mask[oc + C.defend + k] = 1
        break
      }
      case K['control-nudge']:
        mask[oc + C.plus] = 1
        mask[oc + C.minus] = 1
        mask[oc + C.none] = 1
        break
      case K['move-select']: {
        let mayEnd = true
        for (let v = 0; v < c.n; v++) {
          if (c.uSide[v] !== p || !this.movable(s, v)) continue
          mask[ou + v] = 1
          if (this.mustMove(s, v)) mayEnd = false
        }
        if (mayEnd) mask[oc + C.end] = 1
        for (let j = 0; j < c.m; j++) if (c.lSide[j] === p && this.leaderMoves(s, j)) mask[ou + c.n + j] = 1
        break
      }
      case K['move-kind']:
        this.kindOptions(s, u, mask)
        break
      case K['move-step']:
        stepOptions(c, x, s, u, mask, oh, { left: oc + MOVE_IDS.left, right: oc + MOVE_IDS.right, about: oc + MOVE_IDS.about, stop: oc + MOVE_IDS.stop, reinforce: oc + MOVE_IDS.reinforce })
        break
      case K['fast-step']:
        fastOptions(c, x, s, mask, oh)
        if (fastMayStop(c, x, s)) mask[oc + C.stop] = 1
        break
      case K['sidestep-hex']:
        if (s.sel2 === SEL_TAKE_GUNS) this.gunsToTake(s, u, mask)
        else if (c.uArm[u] === ARM_GUN) this.gunSteps(s, u, mask)
        else this.sideStepHexes(s, u, mask)
        break
      case K['charge-select']:
        if (this.mayEndCharges(s, p)) mask[oc + C.end] = 1
        for (let v = 0; v < c.n; v++) if (c.uSide[v] === p && chargeTargets(c, x, s, v, null, 0) > 0) mask[ou + v] = 1
        break
      case K['charge-target']:
        chargeTargets(c, x, s, u, mask, oh)
        break
      case K['charge-dice']:
      case K['counter-dice']: {
        const max = c.uArm[u] === ARM_HORSE ? 3 : 2
        for (let k = 1; k <= max; k++) mask[oc + C.dice1 + k - 1] = 1
        break
      }
      case K['charge-response']: {
        // charged by a pursuer already in contact: the text gives cavalry the counter-charge only
        const o = s.meetBy >= 0 ? (1 << R_STAND) | (1 << R_COUNTER) : responseOptions(c, s, x, u, s.sel2)
        const ids = [0, C.stand, C['stand-shoot'], C['counter-charge'], C.evade, C.shelter, C['turn-rank']]
        for (let r = 1; r <= 6; r++) if (o & (1 << r)) mask[oc + (ids[r] as number)] = 1
        break
      }
      case K['after-combat']: {
        const o = this.afterOpts(s, u, s.sel2, s.queue[2] as number)
        if (o & A_REMAIN) mask[oc + C.remain] = 1
        if (o & A_RETIRE) mask[oc + C.retire] = 1
        if (o & A_PURSUE) mask[oc + C.pursue] = 1
        if (o & A_TAKE) mask[oc + C['take-position']] = 1
        if (o & A_RIDE) {
          mask[oc + C['ride-through2']] = 1
          mask[oc + C['ride-through3']] = 1
        }
        if (o & (A_FALL_BACK | A_ROUT)) mask[oc + C.remain] = 1
        break
      }
    }
    let n = 0
    for (let i = 0; i < mask.length; i++) n += mask[i] as number
    return n
  }

  // ---------------------------------------------------------------- apply

  apply(s: CfeoState, a: number): void {
    const c = this.c
    const x = this.x
    sync(c, x, s)
    const { c: oc, w: ow, u: ou, h: oh } = this.o
    const ci = a - oc
    const isChoice = a < ow
    const wi = a - ow
    const ui = a - ou
    const hi = a - oh
    const u = s.sel
    switch (s.kind) {
      case K.initiative: {
        const hi2 = s.player
        s.first = ci === C.first ? hi2 : 1 - hi2
        if (x.ev) x.ev.push({ type: 'initiative', player: hi2 as 0 | 1, rolls: [s.init[0] as number, s.init[1] as number], first: s.first as 0 | 1 })
        this.enter(s, PH.artillery)
        return
      }
      case K['gun-select']:
      case K['fire-select']:
        if (isChoice) {
          this.nextHalf(s)
          break
        }
        s.sel = ui
        s.kind = s.kind === K['gun-select'] ? K['gun-target'] : mayCaracole(c, s, ui) ? K['fire-mode'] : K['fire-target']
        s.sel2 = 0
        return
      case K['fire-mode']:
        s.sel2 = ci === C.caracole ? 1 : 0
        s.kind = K['fire-target']
        return
      case K['gun-target']:
      case K['fire-target']: {
        const v = x.occ[hi] as number
        // a lone leader (preferred: the text's first case) or a messenger on a hex without units
        if (v < 0 && leaderAt(c, s, c.uSide[u] as number, hi) >= 0) fireAtLeader(c, x, s, u, leaderAt(c, s, c.uSide[u] as number, hi))
        else if (v < 0) fireAtMessenger(c, x, s, u, hi)
        else if (s.kind === K['gun-target']) fireGun(c, x, s, u, v)
        else fireSmallArms(c, x, s, u, v, s.sel2 === 1)
        s.sel = -1
        s.sel2 = -1
        break
      }
      case K['leader-select']:
        if (isChoice) {
          s.sel = -1
          moveMessengers(c, x, s, s.player)
          s.stage = 1
          s.queue.length = 0
          for (let v = 0; v < c.n; v++) if (c.uSide[v] === s.player && needsTest(c, x, s, v)) s.queue.push(v)
          break
        }
        s.sel = ui
        s.kind = K['leader-action']
        return
      case K['leader-action']: {
        const j = u - c.n
        if (ci === C.move) {
          s.kind = K['leader-move']
          return
        }
        if (ci === C.pass) {
          s.lUsed[j] = s.lActions[j] as number
          s.sel = -1
          break
        }
        if (ci === C.steady) steady(c, x, s, j)
        else if (ci === C.inspire) inspire(c, x, s, j)
        else if (ci === C.detach) {
          s.lAtt[j] = -1
          if (x.ev) x.ev.push({ type: 'leader-attached', leader: c.lId[j] as string, unit: null })
        } else if (ci === C.orders || ci === C.messenger) {
          s.sel2 = ci === C.messenger ? SEL_MESSENGER : -1
          s.kind = K['order-wing']
          return
        }
        this.leaderNext(s, j)
        break
      }
      case K['leader-move']: {
        const j = u - c.n
        moveLeader(c, x, s, j, hi)
        if (s.phase === PH.movement) {
          s.lFl[j] = (s.lFl[j] as number) | LF_MOVED
          s.sel = -1
          break
        }
        s.lUsed[j] = (s.lUsed[j] as number) + 1
        if (attachable(c, x, s, j) >= 0) {
          s.kind = K.attach
          return
        }
        this.leaderContinue(s, j)
        break
      }
      case K.attach: {
        const j = u - c.n
        if (ci === C.yes) {
          const v = attachable(c, x, s, j)
          s.lAtt[j] = v
          if (x.ev) x.ev.push({ type: 'leader-attached', leader: c.lId[j] as string, unit: c.uId[v] as string })
        }
        this.leaderContinue(s, j)
        break
      }
      case K['order-wing']:
        s.sel2 = s.sel2 === SEL_MESSENGER ? MSG_WING + wi : wi
        s.kind = K['order-choice']
        return
      case K['order-choice']: {
        const j = u - c.n
        if (s.sel2 >= MSG_WING) {
          // the messenger sets out from the General with the new order (it rides once leader actions are done)
          const w = s.sel2 - MSG_WING
          s.wMsgHex[w] = s.lHex[j] as number
          s.wMsgOrder[w] = ci - C.defend
          if (x.ev) x.ev.push({ type: 'leader-moved', leader: `messenger to ${c.wId[w]} (${ORDERS[ci - C.defend]})`, from: c.grid.labels[s.lHex[j] as number] as string, to: c.grid.labels[s.lHex[j] as number] as string })
        } else {
          const w = s.sel2
          s.wOrder[w] = ci - C.defend
          if (x.ev) x.ev.push({ type: 'order-changed', wing: c.wId[w] as string, order: ORDERS[ci - C.defend] as string, by: c.lId[j] as string })
        }
        s.sel2 = -1
        this.leaderNext(s, j)
        break
      }
      case K['control-nudge']: {
        const mod = controlModifier(s, u) + (ci === C.plus ? 1 : ci === C.minus ? -1 : 0)
        applyControl(c, x, s, u, s.pendingRoll, mod)
        s.queue.shift()
        s.sel = -1
        s.pendingRoll = 0
        break
      }
      case K['move-select']:
        if (isChoice) {
          this.endMovementHalf(s, s.player)
          this.nextHalf(s)
          break
        }
        s.sel = ui
        s.mdecl = 0
        s.wheeled = 0
        s.kind = ui >= c.n ? K['leader-move'] : K['move-kind']
        return
      case K['move-kind']:
        this.applyKind(s, u, ci)
        break
      case K['fast-step']:
        if (isChoice) this.fastDone(s)
        else fastStepTo(c, x, s, hi)
        break
      case K['move-step']:
        if (!isChoice) doStep(c, x, s, u, hi)
        else if (ci === C.reinforce) reinforceDepth(c, x, s, u, depthReinforceOf(c, x, s, u))
        else if (ci === C.left) doWheel(c, x, s, u, -1)
        else if (ci === C.right) doWheel(c, x, s, u, 1)
        else if (ci === C.about) doAbout(c, x, s, u)
        if (isChoice && (ci === C.stop || ci === C.reinforce)) this.finishUnit(s, u)
        else if ((s.uHex[u] as number) < 0 || stepOptions(c, x, s, u, null, 0, MOVE_IDS) === 0) this.finishUnit(s, u)
        else return
        break
      case K['sidestep-hex']: {
        if (s.sel2 === SEL_TAKE_GUNS) {
          this.takeGuns(s, u, x.occ[hi] as number)
          s.sel2 = -1
          this.finishUnit(s, u)
          break
        }
        const from = s.uHex[u] as number
        place(c, x, s, u, hi)
        s.uFl[u] = (s.uFl[u] as number) | U_MOVED | (c.uArm[u] === ARM_GUN ? U_PIVOTED : 0)
        if (x.ev) x.ev.push({ type: 'moved', unit: c.uId[u] as string, from: c.grid.labels[from] as string, to: c.grid.labels[hi] as string, mp: 0 })
        this.finishUnit(s, u)
        break
      }
      case K['charge-select']:
        if (isChoice) {
          if (s.stage === 0) {
            s.stage = 1
            s.player = 1 - s.first
          } else s.stage = 2
          break
        }
        s.sel = ui
        s.kind = K['charge-target']
        return
      case K['charge-target']:
        s.sel2 = x.occ[hi] as number
        if (s.uFoe[u] === s.sel2) {
          // a follow-on charge: declared against the opponent in contact, no move dice
          s.uFollow[u] = s.sel2
          s.uCharge[u] = s.sel2
          s.uChargeDice[u] = 0
          s.queue.push(u)
          if (x.ev) x.ev.push({ type: 'charge-declared', unit: c.uId[u] as string, target: c.uId[s.sel2] as string, dice: 0 })
          s.sel = -1
          s.sel2 = -1
          break
        }
        s.kind = K['charge-dice']
        return
      case K['charge-dice']: {
        const k = ci - C.dice1 + 1
        s.uCharge[u] = s.sel2
        s.uChargeDice[u] = k
        s.queue.push(u)
        if (x.ev) x.ev.push({ type: 'charge-declared', unit: c.uId[u] as string, target: c.uId[s.sel2] as string, dice: k })
        s.sel = -1
        s.sel2 = -1
        break
      }
      case K['charge-response']: {
        const r = ci === C.stand ? R_STAND : ci === C['stand-shoot'] ? R_SHOOT : ci === C['counter-charge'] ? R_COUNTER : ci === C.evade ? R_EVADE : ci === C.shelter ? R_SHELTER : R_TURN
        // (a movement-phase pursuer's charge leaves the unit's response to the charges of this turn's Combat
        // Phase open; after combat it is its answer in the further round)
        if (s.meetBy < 0 || s.phase === PH.combat) s.uResp[u] = r
        if (x.ev) x.ev.push({ type: 'charge-response', unit: c.uId[u] as string, response: RESPONSES[r] as string })
        if (s.meetBy >= 0 && r !== R_COUNTER) {
          this.meetAnswered(s)
          break
        }
        if (r === R_COUNTER) {
          s.kind = K['counter-dice']
          return
        }
        s.sel = -1
        s.sel2 = -1
        break
      }
      case K['counter-dice']:
        s.uChargeDice[u] = ci - C.dice1 + 1
        if (s.meetBy >= 0) {
          // counter-charging a pursuer already in contact: the dice and their fatigue, no move
          counterChargeRoll(c, x, s, u)
          this.meetAnswered(s)
          break
        }
        s.sel = -1
        s.sel2 = -1
        break
      case K['after-combat']: {
        const band = s.sel2
        const fh = s.queue[2] as number
        s.queue.splice(0, 3)
        const act = ci === C.remain ? A_REMAIN : ci === C.retire ? A_RETIRE : ci === C.pursue ? A_PURSUE : ci === C['take-position'] ? A_TAKE : A_RIDE
        this.doAfter(s, u, band, fh, act, ci === C['ride-through3'] ? 3 : 2)
        s.sel = -1
        s.sel2 = -1
        break
      }
    }
    this.proceed(s)
  }

  /** The charged unit has answered a pursuer's charge: back to the pursuer's side and the flow. */
  private meetAnswered(s: CfeoState): void {
    s.player = this.c.uSide[s.meetBy] as number
    s.meetBy = -1
    s.sel = -1
    s.sel2 = -1
  }

  private leaderNext(s: CfeoState, j: number): void {
    s.lUsed[j] = (s.lUsed[j] as number) + 1
    this.leaderContinue(s, j)
  }
  private leaderContinue(s: CfeoState, j: number): void {
    if (this.leaderActs(s, j)) s.kind = K['leader-action']
    else {
      s.sel = -1
      s.kind = K['leader-select']
    }
  }

  private applyKind(s: CfeoState, u: number, ci: number): void {
    const c = this.c
    const x = this.x
    if (ci >= C.dice1 && ci <= C.dice3) {
      rollNormalMove(c, x, s, u, ci - C.dice1 + 1)
      s.uFl[u] = (s.uFl[u] as number) | U_MOVED
      s.mhalf = 0
      if (stepOptions(c, x, s, u, null, 0, MOVE_IDS) > 0) s.kind = K['move-step']
      else this.finishUnit(s, u)
      return
    }
    switch (ci) {
      case C.hold:
        this.finishUnit(s, u)
        return
      case C.road:
        startRoadMove(c, x, s, u)
        s.mhalf = 0
        if (stepOptions(c, x, s, u, null, 0, MOVE_IDS) > 0) s.kind = K['move-step']
        else this.finishUnit(s, u)
        return
      case C['form-line1']:
      case C['form-line2']:
      case C['form-line3']:
        this.formationChange(s, u, F_LINE, ci - C['form-line1'] + 1, 0)
        break
      case C['form-column']:
        this.formationChange(s, u, F_COLUMN, s.uStands[u] as number, 0)
        break
      case C['double-left']:
      case C['double-right']:
        this.formationChange(s, u, F_LINE, s.uRanks[u] as number, ci === C['double-left'] ? -2 : 2)
        break
      case C['reform-line']:
      case C['reform-column']: {
        const st = s.uStands[u] as number
        if (s.uStatus[u] === S_RETIRING) setStatus(c, x, s, u, S_OK)
        s.uForm[u] = ci === C['reform-line'] ? F_LINE : F_COLUMN
        s.uRanks[u] = ci === C['reform-line'] ? Math.max(1, Math.min(3, Math.floor(Math.sqrt(st)))) : st
        if (x.ev) x.ev.push({ type: 'formation', unit: c.uId[u] as string, formation: ci === C['reform-line'] ? 'line' : 'column', ranks: s.uRanks[u] as number })
        this.finishUnit(s, u)
        return
      }
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
        this.finishUnit(s, u)
        return
      case C['pivot-left']:
      case C['pivot-right']: {
        const f = s.uFace[u] as number
        s.uFace[u] = rot(f, ci === C['pivot-left'] ? -1 : 1)
        s.uFl[u] = (s.uFl[u] as number) | U_PIVOTED | U_MOVED
        if (x.ev) x.ev.push({ type: 'faced', unit: c.uId[u] as string, from: String(f), to: String(s.uFace[u]), how: 'pivot' })
        this.finishUnit(s, u)
        return
      }
      case C.retire:
        startFast(c, x, s, u, FM_RETIRE, this.nearestEnemyHex(s, u), FC_FINISH_MOVE)
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
        this.finishUnit(s, u)
        return
      }
      case C.recrew:
        s.uFl[u] = (s.uFl[u] as number) & ~(U_ABANDONED | U_CREW_SHELTER)
        if (x.ev) x.ev.push({ type: 'formation', unit: c.uId[u] as string, formation: 're-crewed', ranks: 1 })
        this.finishUnit(s, u)
        return
    }
    if (s.sel === u) s.kind = K['move-kind']
  }
}

export { ARM_FOOT, MOVE, U_CHARGING, L_WOUNDED, controlled }
