// The sequence of play: initiative and pips (initiative.ts), the card each pip
// turns and its stages, the task queue of results awaiting a player's choice,
// legal() and apply(). `settle` runs everything automatic until some player
// must decide; every decision is one player's choice (docs/rules/hbl.md).

import type { ActionLayout } from '../../core/actions.ts'
import { CARD, type Ctx } from './context.ts'
import { arcOf, ARC_FRONT, adjacentEnemies, inGood, occupancy } from './geometry.ts'
import { betweenCards, endCard, lull, startCard } from './initiative.ts'
import { canConvertToSkirmish, fight, mandatoryLeft, meleeTargets } from './melee.ts'
import { canSpend, checkArmies, endGame, endMeleesOf, facingName, inMelee, meleeIndex, payChips, pruneMelees, spent, vex } from './morale.ts'
import { activate, canWheel, chargeTargets, endActivation, hasMoves, movesOnCard, step, stepTargets, stopUnit, wheel, carryLeaders } from './move.ts'
import { attach, needsRally, rally } from './rally.ts'
import { backHex, fallBack, routOn, routSteps, startRout } from './rout.ts'
import { anyShooter, reload, shoot, shootTargets } from './shoot.ts'
import { rot } from '../../hex/grid.ts'
import { MOVEMENT } from './tables.ts'
import { C, type Events, F_DONE, F_LOADED, F_PINNED, F_ROUT, type HState, K, onMap, QW, T_CHARGE, T_CONVERT, T_FIGHT, T_FOLLOW, T_HOLD, T_NEGATE, T_PURSUE, T_PUSH, T_RALLYBUY, T_REFUSED, T_ROUT, T_ROUTING, T_WITHDRAW } from './state.ts'

// Scratch lists (never part of the state; single-threaded use).
const SA: number[] = []
const SB: number[] = []
const SH = new Int32Array(6)

const isOddFace = (f: number): boolean => (f & 1) === 1
const side = (c: Ctx, u: number): number => c.uSide[u] as number

function ask(s: HState, kind: number, player: number): true {
  s.dk = kind
  s.dp = player
  return true
}

function popTask(s: HState): void {
  s.q.splice(0, QW)
}
function replaceTask(s: HState, k: number, a: number, b: number, x: number, y: number): void {
  s.q[0] = k
  s.q[1] = a
  s.q[2] = b
  s.q[3] = x
  s.q[4] = y
  s.q[5] = 0
}
function pushFront(s: HState, k: number, a: number, b: number, x: number, y: number): void {
  s.q.splice(0, 0, k, a, b, x, y, 0)
}

/** After a stretch of the head rout (T_ROUTING): over (-1, popped), or `left` hexes to go from a choice of steps (asks its owner). */
function routNext(c: Ctx, s: HState, left: number): boolean {
  if (left < 0) {
    popTask(s)
    return false
  }
  s.q[3] = (s.q[3] as number) + (s.q[2] as number) - left
  s.q[2] = left
  return ask(s, K['rout-hex'], side(c, s.q[1] as number))
}

/** Enemies other than `except` in contact with u (a pinned winner cannot follow up or pursue). */
function pinned(c: Ctx, s: HState, u: number, except: number): boolean {
  for (const v of adjacentEnemies(c, s, u, occupancy(c, s), SA)) if (v !== except) return true
  return false
}

function endMelee(c: Ctx, s: HState, a: number, b: number, why: string, ev: Events): void {
  const i = meleeIndex(s, a, b)
  if (i < 0) return
  s.mel.splice(i, 4)
  ev?.push({ type: 'melee-ended', a: c.unitIds[a] as string, b: c.unitIds[b] as string, why })
}

function advanceInto(c: Ctx, s: HState, u: number, to: number, ev: Events): void {
  const from = s.hex[u] as number
  s.hex[u] = to
  carryLeaders(c, s, u)
  ev?.push({ type: 'followed-up', unit: c.unitIds[u] as string, to: c.grid.labels[to] as string })
  void from
}

/** Follow-up or pursuit is possible into `vac`: empty, in the winner's front ("cannot follow up to a flank"), not pinned. */
function canAdvance(c: Ctx, s: HState, w: number, vac: number, except: number): boolean {
  if (!inGood(s, w)) return false
  if ((occupancy(c, s)[vac] as number) >= 0) return false
  if (arcOf(c, s, w, vac) !== ARC_FRONT) return false
  return !pinned(c, s, w, except)
}

/** Runs the head task; returns true when it waits for a decision. */
function runTask(c: Ctx, s: HState, ev: Events): boolean {
  const k = s.q[0] as number
  const a = s.q[1] as number
  const b = s.q[2] as number
  const x = s.q[3] as number
  const y = s.q[4] as number
  switch (k) {
    case T_CHARGE:
      if (inGood(s, a) && chargeTargets(c, s, a, occupancy(c, s), SA).length > 0) return ask(s, K.charge, side(c, a))
      popTask(s)
      return false
    case T_FIGHT:
      if (!inGood(s, a) || !inGood(s, b) || c.grid.dist[(s.hex[a] as number) * c.size + (s.hex[b] as number)] !== 1) {
        popTask(s)
        return false
      }
      if (y === 2) return ask(s, K['close-skirmish'], side(c, b))
      popTask(s)
      fight(c, s, a, b, x === 1, y === 1, ev)
      return false
    case T_CONVERT:
      if (onMap(s, a) && canSpend(s, side(c, a))) return ask(s, K.convert, side(c, a))
      replaceTask(s, T_ROUT, a, b, x, 0)
      return false
    case T_HOLD:
      if (!onMap(s, a)) {
        popTask(s)
        return false
      }
      if (canSpend(s, side(c, a))) return ask(s, K.hold, side(c, a))
      replaceTask(s, T_PUSH, a, b, x, 0)
      return false
    case T_PUSH: {
      popTask(s)
      if (!onMap(s, a)) return false
      const vac = s.hex[a] as number
      const to = backHex(c, s, a, s.hex[b] as number)
      if (to < 0) {
        ev?.push({ type: 'pushed-back', unit: c.unitIds[a] as string, to: null, blocked: true })
        vex(c, s, a, 'pushed back', ev)
        vex(c, s, a, 'could not fall back', ev)
        if (spent(c, s, a)) pushFront(s, T_ROUT, a, b, x, 0)
        return false
      }
      fallBack(c, s, a, to)
      ev?.push({ type: 'pushed-back', unit: c.unitIds[a] as string, to: c.grid.labels[to] as string, blocked: false })
      vex(c, s, a, 'pushed back', ev)
      // Vexed again with its last UI: it routs from the hex it fell back to, and the winner may pursue into it.
      if (spent(c, s, a)) pushFront(s, T_ROUT, a, b, x, 0)
      else if (meleeIndex(s, a, b) >= 0) pushFront(s, T_FOLLOW, b, a, vac, x)
      return false
    }
    case T_FOLLOW:
      if (meleeIndex(s, a, b) < 0) {
        popTask(s)
        return false
      }
      if (!onMap(s, b) || !canAdvance(c, s, a, x, b)) {
        popTask(s)
        endMelee(c, s, a, b, 'no follow-up', ev)
        if (inGood(s, a) && (s.ref[a] as number) >= 0) pushFront(s, T_REFUSED, a, b, 0, 0)
        return false
      }
      if (isOddFace(y)) {
        popTask(s)
        advanceInto(c, s, a, x, ev)
        return false
      }
      return ask(s, K['follow-up'], side(c, a))
    case T_ROUT: {
      popTask(s)
      const vac = s.hex[a] as number
      if (!onMap(s, a)) return false
      startRout(c, s, a, ev)
      // the pursuit (and a refused flank's question) come once the rout has run
      if (b >= 0 && inGood(s, b)) {
        if ((s.ref[b] as number) >= 0) pushFront(s, T_REFUSED, b, a, 0, 0)
        pushFront(s, T_PURSUE, b, vac, x, 0)
      }
      pushFront(s, T_ROUTING, a, MOVEMENT.routHexes, 0, 0)
      return false
    }
    case T_ROUTING:
      return onMap(s, a) && routNext(c, s, routOn(c, s, a, b, x, -1, ev))
    case T_PURSUE:
      if (!canAdvance(c, s, a, b, -1)) {
        popTask(s)
        return false
      }
      if (isOddFace(x)) {
        popTask(s)
        advanceInto(c, s, a, b, ev)
        return false
      }
      return ask(s, K.pursue, side(c, a))
    case T_NEGATE:
      if (!inGood(s, a) || !canSpend(s, side(c, a))) {
        popTask(s)
        return false
      }
      return ask(s, K.negate, side(c, a))
    case T_REFUSED:
      if (!inGood(s, a) || (s.ref[a] as number) < 0) {
        popTask(s)
        return false
      }
      return ask(s, K['refused-flank'], side(c, a))
    case T_WITHDRAW: {
      popTask(s)
      if (!inGood(s, a) || meleeIndex(s, a, b) < 0) return false
      const to = backHex(c, s, a, s.hex[b] as number)
      endMelee(c, s, a, b, 'close skirmish: the skirmishers withdrew', ev)
      if (to >= 0) {
        fallBack(c, s, a, to)
        ev?.push({ type: 'moved', unit: c.unitIds[a] as string, from: c.grid.labels[s.hex[b] as number] as string, to: c.grid.labels[to] as string })
      }
      return false
    }
    case T_RALLYBUY:
      if (!onMap(s, a)) {
        popTask(s)
        return false
      }
      return ask(s, K['rally-buy'], side(c, a))
    default:
      popTask(s)
      return false
  }
}

// ---- cards ------------------------------------------------------------------------

/** A shooting window for `who`: the target of a chosen shooter, else a shooter or pass. */
function shootWindow(c: Ctx, s: HState, who: number): boolean {
  s.wside = who
  if (s.sel >= 0) return ask(s, K['shoot-target'], who)
  if (anyShooter(c, s, who, SA)) return ask(s, K.shoot, who)
  return false
}

function eligibleWing(c: Ctx, s: HState, w: number): boolean {
  if (c.wSide[w] !== s.cside || s.wdone[w]) return false
  for (let u = 0; u < c.nU; u++) if (c.uWing[u] === w && movesOnCard(c, s, u)) return true
  return false
}

function movableInActivation(c: Ctx, s: HState, u: number): boolean {
  return c.uWing[u] === s.act && hasMoves(s, u) && movesOnCard(c, s, u)
}

function meleeChooser(c: Ctx, s: HState, u: number, mandatory: boolean): boolean {
  return meleeTargets(c, s, u, mandatory, SA, SB).length > 0
}

function formationOptions(c: Ctx, s: HState, u: number): boolean {
  if (c.uSide[u] !== s.cside || !inGood(s, u) || ((s.fl[u] as number) & F_DONE) !== 0) return false
  return !inMelee(s, u) || (s.ref[u] as number) >= 0
}

function gunReady(c: Ctx, s: HState, u: number): boolean {
  return c.uSide[u] === s.cside && inGood(s, u) && c.uType[u]?.arm === 'art' && ((s.fl[u] as number) & F_DONE) === 0
}

/** Runs the current card; returns true when a decision is set. */
function cardStep(c: Ctx, s: HState, ev: Events): boolean {
  const card = s.card
  const me = s.cside
  if (s.cst === 0) {
    if (shootWindow(c, s, me)) return true
    s.cst = 1
    return false
  }
  switch (card) {
    case CARD.march:
    case CARD['cavalry-march']: {
      if (s.cst === 1) {
        // Routed units keep routing on their side's March card (reconstructed).
        if (card === CARD.march) for (let u = 0; u < c.nU; u++) if (c.uSide[u] === me && onMap(s, u) && ((s.fl[u] as number) & F_ROUT) !== 0) s.q.push(T_ROUTING, u, MOVEMENT.routHexes, 0, 0, 0)
        s.cst = 2
        return false
      }
      if (s.cst === 2) {
        for (let w = 0; w < c.nW; w++) if (eligibleWing(c, s, w)) return ask(s, K.activate, me)
        endCard(s)
        return false
      }
      if (s.cst === 3) {
        if (shootWindow(c, s, 1 - me)) return true
        s.cst = 4
        return false
      }
      if (s.cst === 4) {
        for (let u = 0; u < c.nU; u++) if (movableInActivation(c, s, u)) return ask(s, K['move-unit'], me)
        endActivation(c, s)
        s.cst = 2
        return false
      }
      // cst 5: the selected unit moves
      if (s.sel >= 0 && inGood(s, s.sel) && hasMoves(s, s.sel)) return ask(s, K.move, me)
      s.sel = -1
      s.cst = 4
      return false
    }
    case CARD.melee:
    case CARD['group-melee']: {
      if (card === CARD['group-melee'] && s.cst === 1) {
        for (let w = 0; w < c.nW; w++) if (c.wSide[w] === me) for (let u = 0; u < c.nU; u++) if (c.uWing[u] === w && inGood(s, u)) return ask(s, K['group-melee'], me)
        endCard(s)
        return false
      }
      if (s.sel >= 0) return ask(s, K['melee-target'], me)
      const mand = mandatoryLeft(c, s, SB)
      for (let u = 0; u < c.nU; u++) if (meleeChooser(c, s, u, mand)) return ask(s, K.melee, me)
      endCard(s)
      return false
    }
    case CARD.command: {
      if (s.sel >= 0) return ask(s, K.attach, me)
      for (let u = 0; u < c.nU; u++) if (needsRally(c, s, u)) return ask(s, K.rally, me)
      endCard(s)
      return false
    }
    case CARD.lull:
      if (!lull(c, s, ev)) endCard(s)
      return false
    case CARD['army-morale']: {
      const chips = s.chips[me] as number
      const broken = chips <= 0
      ev?.push({ type: 'army-morale', side: me as 0 | 1, chips, broken })
      if (broken) endGame(s, (1 - me) as 0 | 1, `${c.scenario.sides[me as 0 | 1].name} has no morale chips left: its army breaks on the Army Morale card`, ev)
      else endCard(s)
      return false
    }
    case CARD['formation-change']: {
      if (s.sel >= 0) return ask(s, K['formation-unit'], me)
      for (let u = 0; u < c.nU; u++) if (formationOptions(c, s, u)) return ask(s, K.formation, me)
      endCard(s)
      return false
    }
    case CARD['artillery-action']: {
      if (s.sel >= 0) return ask(s, K['gun-action'], me)
      for (let u = 0; u < c.nU; u++) if (gunReady(c, s, u)) return ask(s, K.gun, me)
      endCard(s)
      return false
    }
    case CARD.reload: {
      if (s.cst === 1) {
        for (let u = 0; u < c.nU; u++) {
          const t = c.uType[u]
          if (c.uSide[u] === me && inGood(s, u) && t?.shoots && t.arm !== 'art' && ((s.fl[u] as number) & F_LOADED) === 0) reload(c, s, u, ev)
        }
        s.cst = 2
        return false
      }
      if (s.cst === 2) {
        if (shootWindow(c, s, me)) return true
        s.cst = 3
        return false
      }
      endCard(s)
      return false
    }
    default:
      endCard(s)
      return false
  }
}

/** Runs everything automatic until a player must decide (or the game ends). */
export function settle(c: Ctx, s: HState, ev: Events): void {
  for (let guard = 0; guard < 1_000_000; guard++) {
    if (s.over || checkArmies(c, s, ev)) {
      s.dk = -1
      return
    }
    if (s.q.length > 0) {
      if (runTask(c, s, ev)) return
      continue
    }
    // Contact lost by a push back, follow-up or withdrawal ends the melee once every result is settled.
    pruneMelees(c, s, ev)
    if (s.card >= 0) {
      if (cardStep(c, s, ev)) return
      continue
    }
    if (betweenCards(c, s, ev)) return
  }
  throw new Error('hbl: the sequence of play did not reach a decision')
}

// ---- legal ------------------------------------------------------------------------

/** Writes the legal actions of the current decision; returns the count. */
export function legalMask(c: Ctx, L: ActionLayout, s: HState, mask: Uint8Array): number {
  mask.fill(0)
  if (s.over || s.dk < 0) return 0
  writeLegal(c, L, s, mask)
  // Count once at the end: the segments never overlap, duplicates are impossible.
  let n = 0
  for (let i = 0; i < mask.length; i++) n += mask[i] as number
  return n
}

/** Marks the legal ids (no closures: this runs at every step). */
function writeLegal(c: Ctx, L: ActionLayout, s: HState, mask: Uint8Array): void {
  const oc = L.offset.choice
  const ou = L.offset.unit
  const ow = L.offset.wing
  const oh = L.offset.hex
  const q1 = s.q[1] as number
  switch (s.dk) {
    case K['initiative-order']:
      mask[oc + C.first] = 1
      mask[oc + C.second] = 1
      break
    case K.activate:
      for (let w = 0; w < c.nW; w++) if (eligibleWing(c, s, w)) mask[ow + w] = 1
      mask[oc + C.end] = 1
      break
    case K['move-unit']:
      for (let u = 0; u < c.nU; u++) if (movableInActivation(c, s, u)) mask[ou + u] = 1
      mask[oc + C.end] = 1
      break
    case K.move:
      for (const h of stepTargets(c, s, s.sel, occupancy(c, s), SA)) mask[oh + h] = 1
      if (canWheel(s, s.sel)) {
        mask[oc + C['wheel-left']] = 1
        mask[oc + C['wheel-right']] = 1
      }
      mask[oc + C.stop] = 1
      break
    case K.charge:
      for (const v of chargeTargets(c, s, q1, occupancy(c, s), SA)) mask[ou + v] = 1
      mask[oc + C.pass] = 1
      break
    case K.shoot:
      for (let u = 0; u < c.nU; u++) if (c.uSide[u] === s.wside && shootTargets(c, s, u, SA).length > 0) mask[ou + u] = 1
      mask[oc + C.pass] = 1
      break
    case K['shoot-target']:
      for (const v of shootTargets(c, s, s.sel, SA)) mask[ou + v] = 1
      break
    case K.melee: {
      const mand = mandatoryLeft(c, s, SB)
      for (let u = 0; u < c.nU; u++) if (meleeChooser(c, s, u, mand)) mask[ou + u] = 1
      if (!mand) mask[oc + C.end] = 1
      break
    }
    case K['melee-target']:
      for (const v of meleeTargets(c, s, s.sel, mandatoryLeft(c, s, SB), SA, SB)) mask[ou + v] = 1
      break
    case K['group-melee']:
      for (let w = 0; w < c.nW; w++) {
        if (c.wSide[w] !== s.cside) continue
        for (let u = 0; u < c.nU; u++)
          if (c.uWing[u] === w && inGood(s, u)) {
            mask[ow + w] = 1
            break
          }
      }
      break
    case K['close-skirmish']:
    case K.convert:
    case K.hold:
    case K.negate:
    case K['follow-up']:
    case K.pursue:
    case K.attach:
      mask[oc + C.yes] = 1
      mask[oc + C.no] = 1
      break
    case K.rally:
      for (let u = 0; u < c.nU; u++) if (needsRally(c, s, u)) mask[ou + u] = 1
      mask[oc + C.end] = 1
      break
    case K['rally-buy']:
      for (let i = 0; i <= Math.min(3, s.q[2] as number); i++) mask[oc + C['buy-0'] + i] = 1
      break
    case K.formation:
      for (let u = 0; u < c.nU; u++) if (formationOptions(c, s, u)) mask[ou + u] = 1
      mask[oc + C.end] = 1
      break
    case K['formation-unit']:
      if (!inMelee(s, s.sel)) {
        mask[oc + C['wheel-left']] = 1
        mask[oc + C['wheel-right']] = 1
      }
      if ((s.ref[s.sel] as number) >= 0) {
        mask[oc + C['turn-back']] = 1
        mask[oc + C['face-enemy']] = 1
      }
      break
    case K.gun:
      for (let u = 0; u < c.nU; u++) if (gunReady(c, s, u)) mask[ou + u] = 1
      mask[oc + C.end] = 1
      break
    case K['gun-action']:
      mask[oc + C['wheel-left']] = 1
      mask[oc + C['wheel-right']] = 1
      if (((s.fl[s.sel] as number) & F_LOADED) === 0) mask[oc + C.reload] = 1
      break
    case K['refused-flank']:
      mask[oc + C['turn-back']] = 1
      mask[oc + C.keep] = 1
      mask[oc + C['face-enemy']] = 1
      break
    case K['rout-hex']:
      for (let i = routSteps(c, s, q1, SH) - 1; i >= 0; i--) mask[oh + (SH[i] as number)] = 1
      break
  }
}

// ---- apply ------------------------------------------------------------------------

/** Applies a legal action (already checked against the mask). */
export function applyAction(c: Ctx, L: ActionLayout, s: HState, action: number, ev: Events): void {
  const choice = action < L.offset.wing ? action : -1
  const wing = action >= L.offset.wing && action < L.offset.unit ? action - L.offset.wing : -1
  const unit = action >= L.offset.unit && action < L.offset.hex ? action - L.offset.unit : -1
  const hex = action >= L.offset.hex ? action - L.offset.hex : -1
  const q1 = s.q[1] as number
  const q2 = s.q[2] as number
  const q3 = s.q[3] as number
  switch (s.dk) {
    case K['initiative-order']:
      s.first = choice === C.first ? s.dp : 1 - s.dp
      s.seg = 0
      ev?.push({ type: 'order', player: s.dp as 0 | 1, first: s.first as 0 | 1 })
      break
    case K.activate:
      if (choice === C.end) endCard(s)
      else {
        activate(c, s, wing, ev)
        s.cst = s.act >= 0 ? 3 : 2
        s.sel = -1
      }
      break
    case K['move-unit']:
      if (choice === C.end) {
        endActivation(c, s)
        s.cst = 2
      } else {
        s.sel = unit
        s.cst = 5
      }
      break
    case K.move:
      if (hex >= 0) step(c, s, s.sel, hex, ev, SA)
      else if (choice === C.stop) {
        stopUnit(s, s.sel)
        s.fl[s.sel] = (s.fl[s.sel] as number) | F_DONE
      } else wheel(c, s, s.sel, choice === C['wheel-left'] ? -1 : 1, ev)
      break
    case K.charge:
      popTask(s)
      if (unit >= 0) {
        const skirm = c.uType[q1]?.formation === 'skirmish' && c.uType[q1]?.arm === 'cav' && c.ttype[s.hex[q1] as number] === 1
        pushFront(s, T_FIGHT, q1, unit, 1, skirm ? 1 : canConvertToSkirmish(c, s, q1, unit) ? 2 : 0)
      }
      break
    case K['close-skirmish']:
      s.q[4] = choice === C.yes ? 1 : 0
      break
    case K.shoot:
      if (choice === C.pass) {
        s.sel = -1
        s.cst++
      } else s.sel = unit
      break
    case K['shoot-target']:
      shoot(c, s, s.sel, unit, ev, SA)
      s.sel = -1
      break
    case K.melee:
      if (choice === C.end) endCard(s)
      else s.sel = unit
      break
    case K['melee-target']: {
      const a = s.sel
      s.sel = -1
      const fresh = meleeIndex(s, a, unit) < 0
      s.q.push(T_FIGHT, a, unit, fresh ? 1 : 0, fresh && canConvertToSkirmish(c, s, a, unit) ? 2 : 0, 0)
      break
    }
    case K['group-melee']:
      s.grp = wing
      s.cst = 2
      break
    case K.convert:
      if (choice === C.yes) {
        payChips(c, s, side(c, q1), 1, 'stubborn: rout converted to a push back', q1, ev)
        replaceTask(s, T_PUSH, q1, q2, q3, 1)
      } else replaceTask(s, T_ROUT, q1, q2, q3, 0)
      break
    case K.hold:
      if (choice === C.yes) {
        payChips(c, s, side(c, q1), 1, 'stubborn: push back prevented', q1, ev)
        popTask(s)
      } else replaceTask(s, T_PUSH, q1, q2, q3, 0)
      break
    case K.negate:
      popTask(s)
      if (choice === C.yes) {
        payChips(c, s, side(c, q1), 1, 'stubborn: move loss negated', q1, ev)
        s.mv[q1] = (s.mv[q1] as number) + 1
      }
      ev?.push({ type: 'move-lost', unit: c.unitIds[q1] as string, negated: choice === C.yes })
      break
    case K['follow-up']: {
      popTask(s)
      if (choice === C.yes) advanceInto(c, s, q1, q3, ev)
      else {
        endMelee(c, s, q1, q2, 'no follow-up', ev)
        if ((s.ref[q1] as number) >= 0) pushFront(s, T_REFUSED, q1, q2, 0, 0)
      }
      break
    }
    case K.pursue:
      popTask(s)
      if (choice === C.yes) advanceInto(c, s, q1, q2, ev)
      break
    case K.rally: {
      if (choice === C.end) {
        endCard(s)
        break
      }
      const l = c.wLeader[c.uWing[unit] as number] as number
      if (l >= 0 && s.latt[l] !== unit) s.sel = unit
      else rally(c, s, unit, ev, SA)
      break
    }
    case K.attach: {
      const u = s.sel
      s.sel = -1
      if (choice === C.yes) attach(c, s, c.wLeader[c.uWing[u] as number] as number, u, ev)
      rally(c, s, u, ev, SA)
      break
    }
    case K['rally-buy']: {
      popTask(s)
      const n = choice - C['buy-0']
      if (n > 0) {
        s.lost[q1] = (s.lost[q1] as number) - n
        payChips(c, s, side(c, q1), n * c.tables.rally.chipPerUi, `rallied back ${n} UI`, q1, ev)
        if (q3 === 1) s.fl[q1] = (s.fl[q1] as number) & ~F_ROUT
      }
      break
    }
    case K.formation:
      if (choice === C.end) endCard(s)
      else s.sel = unit
      break
    case K['formation-unit']: {
      const u = s.sel
      s.sel = -1
      s.fl[u] = (s.fl[u] as number) | F_DONE
      if (choice === C['wheel-left'] || choice === C['wheel-right']) {
        s.face[u] = rot(s.face[u] as number, choice === C['wheel-left'] ? -1 : 1)
        ev?.push({ type: 'faced', unit: c.unitIds[u] as string, facing: facingName(s.face[u] as number) })
      } else unrefuse(c, s, u, choice === C['face-enemy'], ev)
      break
    }
    case K.gun:
      if (choice === C.end) endCard(s)
      else s.sel = unit
      break
    case K['gun-action']: {
      const u = s.sel
      s.sel = -1
      s.fl[u] = (s.fl[u] as number) | F_DONE
      if (choice === C.reload) reload(c, s, u, ev)
      else {
        s.face[u] = rot(s.face[u] as number, choice === C['wheel-left'] ? -1 : 1)
        ev?.push({ type: 'faced', unit: c.unitIds[u] as string, facing: facingName(s.face[u] as number) })
      }
      // A loaded battery may fire at once ("the battery reloads and fires"): reopen the card's window.
      s.cst = 0
      break
    }
    case K['refused-flank']:
      popTask(s)
      if (choice === C.keep) {
        s.fl[q1] = (s.fl[q1] as number) | F_PINNED
        ev?.push({ type: 'refused', unit: c.unitIds[q1] as string, facing: facingName(s.ref[q1] as number), pinned: true })
      } else unrefuse(c, s, q1, choice === C['face-enemy'], ev)
      break
    case K['rout-hex']: {
      const left = routOn(c, s, q1, q2, q3, hex, ev)
      if (left < 0) popTask(s)
      else {
        s.q[3] = q3 + q2 - left
        s.q[2] = left
      }
      break
    }
  }
  settle(c, s, ev)
}

function unrefuse(c: Ctx, s: HState, u: number, face: boolean, ev: Events): void {
  if (face) s.face[u] = s.ref[u] as number
  s.ref[u] = -1
  s.fl[u] = (s.fl[u] as number) & ~F_PINNED
  ev?.push({ type: 'refused', unit: c.unitIds[u] as string, facing: null, pinned: false })
  if (face) ev?.push({ type: 'faced', unit: c.unitIds[u] as string, facing: facingName(s.face[u] as number) })
}

void endMeleesOf
void startCard
void T_CONVERT
void T_HOLD
void T_NEGATE
