// The sequence of play: initiative, then Artillery, Fire, Command, Movement (each player completing the
// phase in turn, in the initiative order), Combat (declarations in initiative order, responses, charge moves,
// simultaneous resolution, after-combat actions, losers first), Morale. legal() and apply() dispatch here; the
// Movement Phase's units are movement.ts's, the Combat Phase's responses, combats and after-combat actions
// combat.ts's, and a fast move in progress fast.ts's.

import { d6 } from '../../dice.ts'
import type { Ctx } from './context.ts'
import { chargeBodies, chargeTargets, counterChargeRoll, executeCharges, R_COUNTER, R_EVADE, R_SHELTER, R_SHOOT, R_STAND, R_TURN, RESPONSES, responseOptions } from './charge.ts'
import { attachable, canInspire, canSteady, inspire, leaderDests, leaderOk, messengerWings, moveLeader, moveMessengers, orderWings, steady } from './command.ts'
import { applyControl, cease, controlled, controlModifier, mayCease, mayNudge, needsTest, rollControl } from './control.ts'
import { type FlowCtx, type Offsets, place, sync, type Scratch } from './core.ts'
import { fireAtLeader, fireAtMessenger, fireGun, fireSmallArms, fireTargets, leaderAt, gunCanFire, mayCaracole, shooterCanFire } from './fire.ts'
import { A_FALL_BACK, A_PURSUE, A_REMAIN, A_RETIRE, A_RIDE, A_ROUT, A_TAKE } from './melee.ts'
import { checkVictory, moralePhase } from './morale.ts'
import { depthReinforceOf, reinforceDepth, doAbout, doStep, doWheel, stepOptions } from './move.ts'
import { fastMayStop, fastOptions, fastStepTo } from './rout.ts'
import { anyCharger, declareCharge, doAfter, afterOpts, endCombat, mayEndCharges, meetAnswered, nextAfterCombat, nextEvade, nextResponse, pursue, pursuitRound, pursuitTargets, resolveCombats } from './combat.ts'
import { fastDone, fastPending } from './fast.ts'
import { anyMover, applyKind, applyReform, MOVE_IDS, SEL_TAKE_GUNS, endMovementHalf, enemyRoutMoves, finishUnit, gunSteps, gunsToTake, kindOptions, leaderMoves, mayEndMovement, movable, pursuitMoves, reformOptions, sideStepHexes, takeGuns } from './movement.ts'
import { C, type CfeoState, K, L_WOUNDED, LF_MOVED, PH, S_OK, U_FIRED_LAST, S_RETIRING, S_ROUTING, U_CHARGING, U_FAIL_NOW, U_FAILED_CHARGE, U_FAST_AGAIN, U_FIRED, U_KEEP, U_MOVED, U_MOVED_LAST, U_PIVOTED, U_PURSUING, U_TOOK_NOW, U_TOOK_POSITION } from './state.ts'
import { ARM_FOOT, ARM_GUN, ARM_HORSE, MOVE, ORDERS } from './tables.ts'

/** s.sel2 while a General picks the battalia of a messenger, then MSG_WING + that battalia. */
const SEL_MESSENGER = -3
const MSG_WING = 1000

export class Flow implements FlowCtx {
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
      s.uBody[u] = -1
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
        if (fastPending(this, s)) return
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
              if (mayCease(s, u, applyControl(c, this.x, s, u, roll, controlModifier(s, u)))) {
                s.sel = u
                return void (s.kind = K.cease)
              }
              s.queue.shift()
            }
            this.nextHalf(s)
          }
          break
        case PH.movement:
          if (s.sel >= 0) return
          if (s.stage === 0) {
            if (enemyRoutMoves(this, s, 1 - p)) break
            if (pursuitMoves(this, s, p)) break
            s.stage = 1
          }
          if (anyMover(this, s, p)) return void (s.kind = K['move-select'])
          endMovementHalf(this, s, p)
          this.nextHalf(s)
          break
        case PH.combat:
          if (s.stage === 0 || s.stage === 1) {
            if (anyCharger(this, s, s.player)) return void (s.kind = K['charge-select'])
            if (s.stage === 0) {
              s.stage = 1
              s.player = 1 - s.first
            } else s.stage = 2
            break
          }
          if (s.stage === 2) {
            if (nextResponse(this, s)) return
            if (nextEvade(this, s)) break
            executeCharges(c, this.x, s)
            resolveCombats(this, s)
            s.stage = 3
          }
          if (s.stage === 3) {
            if (nextAfterCombat(this, s)) return
            if (s.fmUnit >= 0 || s.meetBy >= 0) break
            // pursuers that met new enemy fight them at once: a further round, then its after-combat actions
            if (pursuitRound(this, s)) break
            endCombat(this, s)
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

  // ---------------------------------------------------------------- movement helpers

  // ---------------------------------------------------------------- combat helpers

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
      case K.cease:
        mask[oc + C.yes] = 1
        mask[oc + C.no] = 1
        break
      case K['control-nudge']:
        mask[oc + C.plus] = 1
        mask[oc + C.minus] = 1
        mask[oc + C.none] = 1
        break
      case K['move-select']: {
        for (let v = 0; v < c.n; v++) if (c.uSide[v] === p && movable(this, s, v)) mask[ou + v] = 1
        if (mayEndMovement(this, s, p)) mask[oc + C.end] = 1
        for (let j = 0; j < c.m; j++) if (c.lSide[j] === p && leaderMoves(this, s, j)) mask[ou + c.n + j] = 1
        break
      }
      case K['move-kind']:
        kindOptions(this, s, u, mask)
        break
      case K['move-step']:
        stepOptions(c, x, s, u, mask, oh, { left: oc + MOVE_IDS.left, right: oc + MOVE_IDS.right, about: oc + MOVE_IDS.about, stop: oc + MOVE_IDS.stop, reinforce: oc + MOVE_IDS.reinforce })
        break
      case K['fast-step']:
        fastOptions(c, x, s, mask, oh)
        if (fastMayStop(c, x, s)) mask[oc + C.stop] = 1
        break
      case K['sidestep-hex']:
        if (s.sel2 === SEL_TAKE_GUNS) gunsToTake(this, s, u, mask)
        else if (c.uArm[u] === ARM_GUN) gunSteps(this, s, u, mask)
        else sideStepHexes(this, s, u, mask)
        break
      case K['charge-select']:
        if (mayEndCharges(this, s, p)) mask[oc + C.end] = 1
        for (let v = 0; v < c.n; v++) if (c.uSide[v] === p && chargeTargets(c, x, s, v, null, 0) > 0) mask[ou + v] = 1
        break
      case K['charge-target']:
        chargeTargets(c, x, s, u, mask, oh)
        break
      case K['charge-combine']:
        mask[oc + C.no] = 1
        chargeBodies(c, s, u, mask, ou)
        break
      case K['pursue-target']:
        pursuitTargets(this, s, u, mask, ou)
        break
      case K['reform-depth']:
      case K['reform-facing']:
        reformOptions(this, s, u, mask)
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
        const o = afterOpts(this, s, u, s.sel2, s.queue[2] as number)
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
        const result = applyControl(c, x, s, u, s.pendingRoll, mod)
        s.pendingRoll = 0
        // a router or pursuer on "act as player wishes": whether it ceases is asked next
        if (mayCease(s, u, result)) return void (s.kind = K.cease)
        s.queue.shift()
        s.sel = -1
        break
      }
      case K.cease:
        cease(c, x, s, u, ci === C.yes)
        s.queue.shift()
        s.sel = -1
        break
      case K['move-select']:
        if (isChoice) {
          endMovementHalf(this, s, s.player)
          this.nextHalf(s)
          break
        }
        s.sel = ui
        s.mdecl = 0
        s.wheeled = 0
        s.kind = ui >= c.n ? K['leader-move'] : K['move-kind']
        return
      case K['move-kind']:
        applyKind(this, s, u, ci)
        break
      case K['fast-step']:
        if (isChoice) fastDone(this, s)
        else fastStepTo(c, x, s, hi)
        break
      case K['move-step']:
        if (!isChoice) doStep(c, x, s, u, hi)
        else if (ci === C.reinforce) reinforceDepth(c, x, s, u, depthReinforceOf(c, x, s, u))
        else if (ci === C.left) doWheel(c, x, s, u, -1)
        else if (ci === C.right) doWheel(c, x, s, u, 1)
        else if (ci === C.about) doAbout(c, x, s, u)
        if (isChoice && (ci === C.stop || ci === C.reinforce)) finishUnit(this, s, u)
        else if ((s.uHex[u] as number) < 0 || stepOptions(c, x, s, u, null, 0, MOVE_IDS) === 0) finishUnit(this, s, u)
        else return
        break
      case K['sidestep-hex']: {
        if (s.sel2 === SEL_TAKE_GUNS) {
          takeGuns(this, s, u, x.occ[hi] as number)
          s.sel2 = -1
          finishUnit(this, s, u)
          break
        }
        const from = s.uHex[u] as number
        place(c, x, s, u, hi)
        s.uFl[u] = (s.uFl[u] as number) | U_MOVED | (c.uArm[u] === ARM_GUN ? U_PIVOTED : 0)
        if (x.ev) x.ev.push({ type: 'moved', unit: c.uId[u] as string, from: c.grid.labels[from] as string, to: c.grid.labels[hi] as string, mp: 0 })
        finishUnit(this, s, u)
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
        // "Any number of units in base to base contact may be combined into a single body for a charge, all
        // using the same movement dice": the player's option when declared chargers touch this one
        s.kind = chargeBodies(c, s, u, null, 0) > 0 ? K['charge-combine'] : K['charge-dice']
        return
      case K['charge-combine']:
        if (isChoice) {
          s.kind = K['charge-dice']
          return
        }
        s.uBody[u] = ui
        declareCharge(this, s, u, s.uChargeDice[ui] as number)
        break
      case K['charge-dice']:
        declareCharge(this, s, u, ci - C.dice1 + 1)
        break
      case K['charge-response']: {
        const r = ci === C.stand ? R_STAND : ci === C['stand-shoot'] ? R_SHOOT : ci === C['counter-charge'] ? R_COUNTER : ci === C.evade ? R_EVADE : ci === C.shelter ? R_SHELTER : R_TURN
        // (a movement-phase pursuer's charge leaves the unit's response to the charges of this turn's Combat
        // Phase open; after combat it is its answer in the further round)
        if (s.meetBy < 0 || s.phase === PH.combat) s.uResp[u] = r
        if (x.ev) x.ev.push({ type: 'charge-response', unit: c.uId[u] as string, response: RESPONSES[r] as string })
        if (s.meetBy >= 0 && r !== R_COUNTER) {
          meetAnswered(this, s)
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
          meetAnswered(this, s)
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
        // (a pursuit of one of two or more fled opponents leaves the choice of which to the owner)
        if (doAfter(this, s, u, band, fh, act, ci === C['ride-through3'] ? 3 : 2)) return
        s.sel = -1
        s.sel2 = -1
        break
      }
      case K['pursue-target']:
        pursue(this, s, u, ui)
        s.sel = -1
        s.sel2 = -1
        break
      case K['reform-depth']:
      case K['reform-facing']:
        applyReform(this, s, u, ci)
        break
    }
    this.proceed(s)
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

}

export { ARM_FOOT, MOVE, U_CHARGING, L_WOUNDED, controlled }
