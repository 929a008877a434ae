// B) The sequence of play: the phasing player's command, movement, shooting,
// melee and end phases; whose decision it is; legal() and apply() dispatch;
// the task queue of reactions and melee aftermath.

import type { Player } from '../../core/types.ts'
import type { Ctx } from './context.ts'
import { ARM_CAV } from './context.ts'
import { canStep, dist, isGood, lbl, moveRate, nb, onMap, sync } from './core.ts'
import { assignDie, canAssign, canJoinPool, canReroll, joinPool, nextCorps, reroll, rollPool, startCommand } from './command.ts'
import { applyShootingResults, canShoot, canShootAt, shoot } from './fire.ts'
import { aimDefensiveFire, canAttack, defensiveFireTargets, fightRound, giveOddHit, hasAttackable } from './melee.ts'
import { armyBroken, armyLosses, downgrade, qc, statusCheck } from './morale.ts'
import { beginMove, changeFormation, commanderHexOk, endMove, evade, formAllowed, partnerLegal, rally, step, stepCost, trySquare, unitActionable, VERB_GROUP, VERB_MOVE, VERB_RALLY, verbLegal } from './move.ts'
import { AWAY_BACK, AWAY_ENEMY, awayPath, moveAlong, placeUnit, queueRout, refuge, refuges, routFirst, routOn, routOrderChoices, routOrderPending, routSteps } from './rout.ts'
import { FORMS_OF, FORMATIONS } from './tables.ts'
import {
  C,
  F_ACTED,
  F_CHARGE,
  F_EXH,
  F_MELEE,
  F_RALLIED,
  F_SHOT,
  F_SQFAIL,
  FACE0,
  FORM_CHOICE,
  K,
  LF_MOVED,
  QW,
  LF_REMOVED,
  P,
  PHASES,
  S_DIS,
  S_GOOD,
  S_ROUT,
  T_AWAY,
  T_CONSOL,
  T_EVADE,
  T_EXHQC,
  T_ODD,
  T_ODDHIT,
  T_PURSUE,
  T_REFUGE,
  T_RETREAT,
  T_SQUARE,
  type Events,
  type MtState,
} from './state.ts'

const STEPS = new Int32Array(6)
const SA: number[] = []
const PB: number[] = []
const PA: number[] = []
const alive = (s: MtState, l: number): boolean => ((s.lfl[l] as number) & LF_REMOVED) === 0

/** The decision kind now: the head task's (a reaction or aftermath choice), else the main one. */
export function curKind(s: MtState): number {
  if (s.dk < 0) return -1
  if (s.rq.length) return s.rq[2] === 1 ? K['rout-order'] : K['rout-hex']
  if (s.q.length === 0) return s.dk
  switch (s.q[0]) {
    case T_SQUARE:
      return K.square
    case T_EVADE:
      return K.evade
    case T_RETREAT:
      return K['give-way']
    case T_PURSUE:
      return K.pursue
    case T_AWAY:
      return K['exhausted-away']
    case T_ODD:
    case T_ODDHIT:
      return K['odd-die']
    case T_REFUGE:
      return K['commander-refuge']
    default:
      return K.consolidate
  }
}

export function decisionPlayer(c: Ctx, s: MtState): Player {
  if (s.rq.length) return c.uSide[s.rq[0] as number] as Player
  if (s.q.length === 0) return s.dk === K['defensive-fire'] ? (c.uSide[s.def] as Player) : s.active
  if (s.q[0] === T_REFUGE) return c.lSide[s.q[1] as number] as Player
  // the odd dice: the side of the attackers whose retreats follow
  if (s.q[0] === T_ODD || s.q[0] === T_ODDHIT) return c.uSide[s.q[QW + 1] as number] as Player
  return c.uSide[s.q[1] as number] as Player
}

/** What the current decision is about (a unit or commander id), if anything. */
export function subjectOf(c: Ctx, s: MtState): string | null {
  if (s.rq.length) return s.rq[2] === 1 ? null : (c.unitIds[s.rq[0] as number] as string)
  if (s.q.length) {
    if (s.q[0] === T_REFUGE) return c.leaderIds[s.q[1] as number] as string
    if (s.q[0] === T_ODD || s.q[0] === T_ODDHIT) return c.unitIds[s.q[QW + 1] as number] as string
    return c.unitIds[s.q[1] as number] as string
  }
  const k = s.dk
  if (k === K['defensive-fire']) return c.unitIds[s.def] as string
  if (k === K['cp-pool'] || k === K['cp-assign']) return s.corps >= 0 ? (c.leaderIds[s.corps] as string) : null
  if (k === K['act-unit'] || k === K['commander-hex']) return s.lead >= 0 ? (c.leaderIds[s.lead] as string) : null
  if (s.sel >= 0) return c.unitIds[s.sel] as string
  return null
}

// ---- phases ----------------------------------------------------------------

function beginPlayerTurn(c: Ctx, s: MtState, p: Player, ev: Events): void {
  s.active = p
  s.phase = P.command
  s.sqTried.length = 0
  for (let u = 0; u < c.nU; u++) s.fl[u] = (s.fl[u] as number) & ~(F_SQFAIL | F_SHOT | F_ACTED)
  ev?.push({ type: 'phase', phase: 'command', player: p, turn: s.turn })
  startCommand(c, s, ev)
  s.dk = s.corps >= 0 ? K['cp-pool'] : K['army-reroll']
}

export function startGame(c: Ctx, s: MtState, ev: Events): void {
  beginPlayerTurn(c, s, 0, ev)
}

/** Starts the active player's turn at a given phase (fixtures' start blocks): command rolls CP; the
 *  others begin with the CP and markers the start block set. */
export function startAt(c: Ctx, s: MtState, phase: number, ev: Events): void {
  if (phase === P.command) beginPlayerTurn(c, s, s.active, ev)
  else if (phase === P.movement) beginMovement(c, s, ev)
  else if (phase === P.shooting) beginShooting(c, s, ev)
  else {
    s.phase = P.melee
    s.dk = K.melee
    markContacts(c, s)
  }
  settle(c, s, ev)
}

function beginMovement(c: Ctx, s: MtState, ev: Events): void {
  s.phase = P.movement
  s.corps = -1
  ev?.push({ type: 'phase', phase: 'movement', player: s.active, turn: s.turn })
  s.dk = K.activate
}

/** E) "After all rally, those units still routed must make a full move toward their own board edge." */
function endUnitActions(c: Ctx, s: MtState): void {
  for (let u = 0; u < c.nU; u++) if (c.uSide[u] === s.active && onMap(s, u) && s.st[u] === S_ROUT) queueRout(c, s, u, true)
  s.dk = K.commander
}

function beginShooting(c: Ctx, s: MtState, ev: Events): void {
  s.phase = P.shooting
  ev?.push({ type: 'phase', phase: 'shooting', player: s.active, turn: s.turn })
  s.dk = K.shoot
}

function beginMelee(c: Ctx, s: MtState, ev: Events): void {
  applyShootingResults(c, s, ev)
  s.phase = P.melee
  ev?.push({ type: 'phase', phase: 'melee', player: s.active, turn: s.turn })
  s.dk = K.melee
  markContacts(c, s)
}

/**
 * G 1) "Close combat occurs: 1) When a stand touches an enemy stand": besides the units that moved
 * into contact (E 4), every phasing unit already touching an enemy it may attack (left in contact
 * by an earlier melee) attacks in this melee phase, once, as a charger does.
 */
function markContacts(c: Ctx, s: MtState): void {
  sync(c, s)
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== s.active || !onMap(s, u) || (s.fl[u] as number) & F_CHARGE) continue
    if (hasAttackable(c, s, u, s.hex[u] as number)) s.fl[u] = (s.fl[u] as number) | F_CHARGE
  }
}

/** H) End phase: army morale of the phasing player, victory conditions, recovery of exhausted and disordered units. */
function endPhase(c: Ctx, s: MtState, ev: Events): void {
  s.phase = P.end
  const p = s.active
  ev?.push({ type: 'phase', phase: 'end', player: p, turn: s.turn })
  for (let u = 0; u < c.nU; u++) s.fl[u] = (s.fl[u] as number) & ~F_CHARGE
  const losses = armyLosses(c, s, p)
  const broken = armyBroken(c, s, p)
  ev?.push({ type: 'army-morale', side: p, losses, breakPoint: c.breakPoint[p], broken })
  if (broken) return gameOver(s, p === 0 ? 2 : 1, `side ${p} lost more than half its break points (${losses} of ${c.breakPoint[p]})`, ev)
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== p || !onMap(s, u)) continue
    const fl = s.fl[u] as number
    if (!(fl & F_MELEE)) {
      if (fl & F_EXH) {
        s.fl[u] = fl & ~F_EXH
        ev?.push({ type: 'exhausted', unit: c.unitIds[u] as string, on: false })
      }
      if (s.st[u] === S_DIS) {
        s.st[u] = S_GOOD
        ev?.push({ type: 'status-changed', unit: c.unitIds[u] as string, from: 'disordered', to: 'good', why: 'not in melee this turn' })
      }
    }
    s.fl[u] = (s.fl[u] as number) & ~(F_MELEE | F_RALLIED)
  }
  if (p === 1 && s.turn >= c.scenario.turns) {
    const sc = scores(c, s)
    return gameOver(s, sc[0] > sc[1] ? 1 : sc[1] > sc[0] ? 2 : 3, `turn limit: objectives held plus enemy losses ${sc[0]} to ${sc[1]}`, ev)
  }
  if (p === 1) s.turn++
  beginPlayerTurn(c, s, p === 0 ? 1 : 0, ev)
}

/** Reconstructed victory at the turn limit: objective points held + the enemy's army-morale losses. */
export function scores(c: Ctx, s: MtState): [number, number] {
  const sc: [number, number] = [armyLosses(c, s, 1), armyLosses(c, s, 0)]
  for (const o of c.objectives) {
    const u = c.occ[o.hex] as number
    if (u >= 0 && s.st[u] !== S_ROUT) sc[c.uSide[u] as 0 | 1] += o.points
  }
  return sc
}

function gameOver(s: MtState, over: number, why: string, ev: Events): void {
  s.over = over
  s.why = why
  s.phase = P.over
  s.dk = -1
  s.q.length = 0
  s.rq.length = 0
  ev?.push({ type: 'game-over', winner: over === 1 ? 0 : over === 2 ? 1 : null, reason: why })
}

// ---- tasks -------------------------------------------------------------------

/** Processes automatic tasks and drops stale ones until the head task needs a decision (or none is left),
 *  then lets the main flow move on where it has nothing to decide. */
export function settle(c: Ctx, s: MtState, ev: Events): void {
  for (;;) {
    if (s.over) return
    while (s.rq.length || s.q.length) {
      // I Routed 1: a rout move is made at once, before any other pending task
      if (s.rq.length) {
        // E) the end-of-actions routs: their order is the owner's where their paths can meet
        if (routOrderPending(c, s)) return
        if (routOn(c, s, -1, ev)) return
        continue
      }
      const kind = s.q[0] as number
      const a = s.q[1] as number
      const b = s.q[2] as number
      const x = s.q[3] as number
      if (kind === T_SQUARE) {
        if (onMap(s, a) && isGood(s, a) && s.form[a] !== 2 && onMap(s, b)) return
      } else if (kind === T_EVADE) {
        if (onMap(s, a) && onMap(s, b) && isGood(s, a) && !((s.fl[a] as number) & F_EXH) && dist(c, s.hex[a] as number, s.hex[b] as number) === 1 && moveRate(c, s, a) > 0) return
      } else if (kind === T_RETREAT) {
        if (retreat(c, s, a, b, x, -1, ev)) return
      } else if (kind === T_EXHQC) {
        if (onMap(s, a) && s.st[a] !== S_ROUT && !((s.fl[a] as number) & F_EXH) && !qc(c, s, a, 'exhaustion after a round of combat', ev)) {
          s.fl[a] = (s.fl[a] as number) | F_EXH
          ev?.push({ type: 'exhausted', unit: c.unitIds[a] as string, on: true })
          if (onMap(s, b)) {
            s.q[0] = T_AWAY
            continue
          }
        }
      } else if (kind === T_AWAY) {
        // I Exhausted Cavalry 2: "must immediately move away (back along the direction charged, or away from enemy) 4""
        if (onMap(s, a) && onMap(s, b)) {
          const back = awayPath(c, s, a, s.hex[b] as number, 4, AWAY_BACK, PB)
          if (awayPath(c, s, a, s.hex[b] as number, 4, AWAY_ENEMY, PA) !== back) return
          moveAlong(c, s, a, PB, ev)
        }
      } else if (kind === T_PURSUE) {
        if (pursuitPossible(c, s, a, b, x) >= 0) return
      } else if (kind === T_CONSOL) {
        if (onMap(s, a) && isGood(s, a)) return
      } else if (kind === T_ODD || kind === T_ODDHIT) {
        // G 7: the status dice (G 6: the defender's hits) shared equally; the odd ones, fewer than the
        // attackers, are their owner's to give
        if (a > 0) return
      } else if (kind === T_REFUGE) {
        // I Commander 3: to the closest friendly unit; his owner picks among equally close ones
        const n = refuges(c, s, a, b, SA)
        if (n > 1) return
        if (n === 1) refuge(c, s, a, SA[0] as number, ev)
      }
      s.q.splice(0, 4)
    }
    if (s.dk === K.melee && !anyMeleeTarget(c, s)) {
      endPhase(c, s, ev)
      continue
    }
    return
  }
}

/** G 7 / Blocking retreat. `choice` -1: decide (returns true if the owner must choose), 0 stand firm, 1 give way. */
function retreat(c: Ctx, s: MtState, u: number, dir: number, dice: number, choice: number, ev: Events): boolean {
  if (!onMap(s, u) || dir < 0) return false
  const h = s.hex[u] as number
  const to = nb(c, h, dir)
  if (to < 0 || !canStep(c, s, u, h, dir, true)) {
    downgrade(c, s, u, c.rec.blockedRetreatLevels, 'retreat blocked', ev)
    statusCheck(c, s, u, dice, 'melee', ev)
    return false
  }
  const o = c.occ[to] as number
  if (o < 0) {
    placeUnit(c, s, u, to, ev)
    ev?.push({ type: 'retreated', unit: c.unitIds[u] as string, from: lbl(c, h), to: lbl(c, to) })
    statusCheck(c, s, u, dice, 'melee', ev)
    return false
  }
  if (c.uSide[o] !== c.uSide[u]) {
    downgrade(c, s, u, Math.max(1, S_ROUT - (s.st[u] as number)), 'retreat into an enemy unit', ev)
    return false
  }
  const fto = nb(c, to, dir)
  const canGive = fto >= 0 && (c.occ[fto] as number) < 0 && canStep(c, s, o, to, dir, true)
  if (!canGive) choice = 0
  if (choice < 0) return true
  if (choice === 1) {
    placeUnit(c, s, o, fto, ev)
    ev?.push({ type: 'retreated', unit: c.unitIds[o] as string, from: lbl(c, to), to: lbl(c, fto) })
    placeUnit(c, s, u, to, ev)
    ev?.push({ type: 'retreated', unit: c.unitIds[u] as string, from: lbl(c, h), to: lbl(c, to) })
    statusCheck(c, s, o, 1, 'gave way', ev)
  } else downgrade(c, s, u, 1, 'stood firm: retreat into a friend', ev)
  statusCheck(c, s, u, dice, 'melee', ev)
  return false
}

/** The hex a pursuing cavalry unit fights from (its own, or a free neighbour next to the loser), or -1. */
function pursuitPossible(c: Ctx, s: MtState, cav: number, loser: number, round: number): number {
  if (round > c.rec.maxPursuitRounds) return -1
  if (!onMap(s, cav) || !onMap(s, loser) || c.uArm[cav] !== ARM_CAV || !isGood(s, cav) || (s.fl[cav] as number) & F_EXH) return -1
  if (s.st[loser] === S_ROUT) return -1
  const ch = s.hex[cav] as number
  const lh = s.hex[loser] as number
  if (dist(c, ch, lh) === 1) return canAttack(c, s, cav, loser) ? ch : -1
  for (let d = 0; d < 6; d++) {
    const n = nb(c, ch, d)
    if (n < 0 || (c.occ[n] as number) >= 0 || !canStep(c, s, cav, ch, d, true) || dist(c, n, lh) !== 1) continue
    return n
  }
  return -1
}

/** G 7) The attackers that may take one of the odd status dice (a T_ODD task at the head: its retreat tasks
 *  follow; those still at the base count), or (G 6, a T_ODDHIT task: its share records follow) one of the
 *  odd hits, written into out. */
function oddDieChoices(s: MtState, out: number[]): number {
  out.length = 0
  const base = s.q[2] as number
  for (let i = 1; i <= (s.q[3] as number); i++) if (s.q[i * QW + 3] === base) out.push(s.q[i * QW + 1] as number)
  return out.length
}

/** Attacker u rolls one of the odd status dice; the task ends with the last. */
function giveOddDie(s: MtState, u: number): void {
  for (let i = 1; i <= (s.q[3] as number); i++) if (s.q[i * QW + 1] === u) s.q[i * QW + 3] = (s.q[i * QW + 3] as number) + 1
  s.q[1] = (s.q[1] as number) - 1
  if (s.q[1] === 0) s.q.splice(0, QW)
}

// ---- melee targets ------------------------------------------------------------

function isMeleeTarget(c: Ctx, s: MtState, d: number): boolean {
  if (!onMap(s, d) || c.uSide[d] === s.active) return false
  const h = s.hex[d] as number
  for (let k = 0; k < 6; k++) {
    const n = nb(c, h, k)
    const a = n >= 0 ? (c.occ[n] as number) : -1
    if (a >= 0 && c.uSide[a] === s.active && (s.fl[a] as number) & F_CHARGE && canAttack(c, s, a, d)) return true
  }
  return false
}
function anyMeleeTarget(c: Ctx, s: MtState): boolean {
  for (let d = 0; d < c.nU; d++) if (isMeleeTarget(c, s, d)) return true
  return false
}

// ---- legal ---------------------------------------------------------------------

export interface Layout {
  unit: number
  hex: number
}

function commanderCanAct(c: Ctx, s: MtState, l: number): boolean {
  if (c.lSide[l] !== s.active || !alive(s, l) || (s.cp[l] as number) <= 0) return false
  for (let u = 0; u < c.nU; u++) if (unitActionable(c, s, l, u)) return true
  return false
}

/** Marks id i legal; 1 if it was not yet (no closure: legal() runs at every step). */
function put(mask: Uint8Array, i: number): number {
  if (mask[i]) return 0
  mask[i] = 1
  return 1
}

export function legalMask(c: Ctx, o: Layout, s: MtState, mask: Uint8Array): number {
  mask.fill(0)
  let n = 0
  const U = o.unit
  const H = o.hex
  const L = U + c.nU
  switch (curKind(s)) {
    case K['cp-pool']:
      n += put(mask, C.roll)
      for (let l = 0; l < c.nL; l++) if (canJoinPool(c, s, l)) n += put(mask, L + l)
      break
    case K['cp-assign']:
      for (let l = 0; l < c.nL; l++) if (canAssign(c, s, l)) n += put(mask, L + l)
      break
    case K['army-reroll']:
      n += put(mask, C.pass)
      for (let l = 0; l < c.nL; l++) if (canReroll(c, s, l)) n += put(mask, L + l)
      break
    case K.activate:
      n += put(mask, C.end)
      for (let l = 0; l < c.nL; l++) if (commanderCanAct(c, s, l)) n += put(mask, L + l)
      break
    case K['act-unit']:
      for (let u = 0; u < c.nU; u++) if (unitActionable(c, s, s.lead, u)) n += put(mask, U + u)
      break
    case K['act-verb']: {
      const u = s.sel
      if (verbLegal(c, s, s.lead, u, VERB_MOVE)) n += put(mask, C.move)
      if (verbLegal(c, s, s.lead, u, VERB_GROUP)) n += put(mask, C.group)
      if (verbLegal(c, s, s.lead, u, VERB_RALLY)) n += put(mask, C.rally)
      for (let f = 0; f < FORMATIONS.length; f++) if (verbLegal(c, s, s.lead, u, f)) n += put(mask, FORM_CHOICE[f] as number)
      break
    }
    case K['group-with']: {
      const h = s.hex[s.sel] as number
      for (let d = 0; d < 6; d++) {
        const nh = nb(c, h, d)
        if (partnerLegal(c, s, s.lead, s.sel, nh)) n += put(mask, U + (c.occ[nh] as number))
      }
      break
    }
    case K.move: {
      n += put(mask, C.stop)
      for (let f = 0; f < 6; f++) n += put(mask, FACE0 + f)
      const h = s.hex[s.sel] as number
      for (let d = 0; d < 6; d++) if (stepCost(c, s, d) >= 0) n += put(mask, H + nb(c, h, d))
      break
    }
    case K['rally-form']: {
      const u = s.sel
      const arm = c.prof[u]?.arm ?? 'inf'
      for (const f of FORMS_OF[arm]) {
        const i = FORMATIONS.indexOf(f)
        if (formAllowed(c, s, u, i)) n += put(mask, FORM_CHOICE[i] as number)
      }
      if (n === 0) n += put(mask, FORM_CHOICE[s.form[u] as number] as number)
      break
    }
    case K['rally-face']:
    case K.consolidate:
      for (let f = 0; f < 6; f++) n += put(mask, FACE0 + f)
      if (curKind(s) === K.consolidate) n += put(mask, C.pass)
      break
    case K.square:
      n += put(mask, C.yes)
      if (!((s.fl[s.q[1] as number] as number) & F_SQFAIL)) n += put(mask, C.no)
      break
    case K.evade:
    case K.pursue:
      n += put(mask, C.yes)
      n += put(mask, C.no)
      break
    case K['give-way']:
      n += put(mask, C['give-way'])
      n += put(mask, C['stand-firm'])
      break
    case K.commander:
      n += put(mask, C.end)
      for (let l = 0; l < c.nL; l++) if (c.lSide[l] === s.active && alive(s, l) && !((s.lfl[l] as number) & LF_MOVED)) n += put(mask, L + l)
      break
    case K['commander-hex']:
      for (let h = 0; h < c.size; h++) if (commanderHexOk(c, s, s.lead, h)) n += put(mask, H + h)
      break
    case K.shoot:
      n += put(mask, C.end)
      for (let u = 0; u < c.nU; u++) {
        if (c.uSide[u] !== s.active || !canShoot(c, s, u)) continue
        for (let t = 0; t < c.nU; t++) {
          if (canShootAt(c, s, u, t)) {
            n += put(mask, U + u)
            break
          }
        }
      }
      break
    case K['shoot-target']:
      for (let t = 0; t < c.nU; t++) if (canShootAt(c, s, s.sel, t)) n += put(mask, H + (s.hex[t] as number))
      break
    case K['exhausted-away']: {
      const a = s.q[1] as number
      const from = s.hex[s.q[2] as number] as number
      n += put(mask, H + awayPath(c, s, a, from, 4, AWAY_BACK, PB))
      n += put(mask, H + awayPath(c, s, a, from, 4, AWAY_ENEMY, PA))
      break
    }
    case K['defensive-fire']:
      defensiveFireTargets(c, s, SA)
      for (const t of SA) n += put(mask, U + t)
      break
    case K['rout-hex']:
      for (let i = routSteps(c, s, s.rq[0] as number, STEPS) - 1; i >= 0; i--) n += put(mask, H + (STEPS[i] as number))
      break
    case K['rout-order']:
      routOrderChoices(c, s, SA)
      for (const u of SA) n += put(mask, U + u)
      break
    case K['odd-die']:
      oddDieChoices(s, SA)
      for (const u of SA) n += put(mask, U + u)
      break
    case K['commander-refuge']:
      refuges(c, s, s.q[1] as number, s.q[2] as number, SA)
      for (const u of SA) n += put(mask, U + u)
      break
    case K.melee:
      for (let d = 0; d < c.nU; d++) if (isMeleeTarget(c, s, d)) n += put(mask, H + (s.hex[d] as number))
      break
  }
  return n
}

// ---- apply -----------------------------------------------------------------------

function finishAct(s: MtState): void {
  s.lead = -1
  s.sel = -1
  s.sel2 = -1
  s.dk = K.activate
}

/** Applies a legal action id (checked by the caller). */
export function applyAction(c: Ctx, o: Layout, s: MtState, a: number, ev: Events): void {
  const U = o.unit
  const H = o.hex
  const L = U + c.nU
  const kind = curKind(s)
  if (kind === K['rout-hex']) {
    routOn(c, s, a - H, ev)
    return settle(c, s, ev)
  }
  if (kind === K['rout-order']) {
    routFirst(s, a - U)
    return settle(c, s, ev)
  }
  const face = a >= FACE0 && a < FACE0 + 6 ? a - FACE0 : -1
  switch (kind) {
    case K['cp-pool']:
      if (a === C.roll) {
        rollPool(c, s, ev)
        s.dk = K['cp-assign']
      } else joinPool(s, a - L)
      break
    case K['cp-assign']:
      if (assignDie(c, s, a - L, ev)) s.dk = nextCorps(c, s, s.corps, ev) ? K['cp-pool'] : K['army-reroll']
      break
    case K['army-reroll']:
      if (a !== C.pass) reroll(c, s, a - L, ev)
      beginMovement(c, s, ev)
      break
    case K.activate:
      if (a === C.end) endUnitActions(c, s)
      else {
        s.lead = a - L
        s.dk = K['act-unit']
      }
      break
    case K['act-unit']:
      s.sel = a - U
      s.dk = K['act-verb']
      break
    case K['act-verb']:
      if (a === C.move) {
        beginMove(c, s, ev)
        s.dk = K.move
      } else if (a === C.group) s.dk = K['group-with']
      else if (a === C.rally) {
        if (rally(c, s, ev)) s.dk = K['rally-form']
        else finishAct(s)
      } else {
        changeFormation(c, s, FORM_CHOICE.indexOf(a as (typeof FORM_CHOICE)[number]), ev)
        finishAct(s)
      }
      break
    case K['group-with']:
      s.sel2 = a - U
      beginMove(c, s, ev)
      s.dk = K.move
      break
    case K.move:
      if (a >= H) {
        const h = s.hex[s.sel] as number
        let d = 0
        while (nb(c, h, d) !== a - H) d++
        step(c, s, d, ev)
      } else {
        endMove(c, s, face, ev)
        finishAct(s)
      }
      break
    case K['rally-form']:
      s.form[s.sel] = FORM_CHOICE.indexOf(a as (typeof FORM_CHOICE)[number])
      ev?.push({ type: 'formation', unit: c.unitIds[s.sel] as string, formation: FORMATIONS[s.form[s.sel] as number] as string })
      s.dk = K['rally-face']
      break
    case K['rally-face']:
      s.face[s.sel] = face
      ev?.push({ type: 'faced', unit: c.unitIds[s.sel] as string, facing: FACE_NAMES[face] as string })
      finishAct(s)
      break
    case K.square: {
      const inf = s.q[1] as number
      const cav = s.q[2] as number
      s.q.splice(0, 4)
      trySquare(c, s, inf, cav, a === C.yes, ev)
      if (s.sel2 >= 0 && s.sel2 !== cav) s.sqTried.push(inf * c.nU + s.sel2)
      break
    }
    case K.evade: {
      const cav = s.q[1] as number
      const charger = s.q[2] as number
      s.q.splice(0, 4)
      if (a === C.yes) evade(c, s, cav, charger, ev)
      break
    }
    case K['give-way']: {
      const u = s.q[1] as number
      const dir = s.q[2] as number
      const dice = s.q[3] as number
      s.q.splice(0, 4)
      retreat(c, s, u, dir, dice, a === C['give-way'] ? 1 : 0, ev)
      break
    }
    case K.pursue: {
      const cav = s.q[1] as number
      const loser = s.q[2] as number
      const round = s.q[3] as number
      const at = pursuitPossible(c, s, cav, loser, round)
      s.q.splice(0, 4)
      if (a === C.yes && at >= 0) {
        if (at !== s.hex[cav]) {
          ev?.push({ type: 'moved', unit: c.unitIds[cav] as string, from: lbl(c, s.hex[cav] as number), to: lbl(c, at) })
          placeUnit(c, s, cav, at, ev)
        }
        s.atk = [cav]
        s.def = loser
        s.round = round + 1
        fightRound(c, s, ev)
      }
      break
    }
    case K.consolidate: {
      const u = s.q[1] as number
      s.q.splice(0, 4)
      if (face >= 0) {
        s.face[u] = face
        ev?.push({ type: 'faced', unit: c.unitIds[u] as string, facing: FACE_NAMES[face] as string })
      }
      break
    }
    case K.commander:
      if (a === C.end) beginShooting(c, s, ev)
      else {
        s.lead = a - L
        s.dk = K['commander-hex']
      }
      break
    case K['commander-hex']:
      s.lhex[s.lead] = a - H
      s.lfl[s.lead] = (s.lfl[s.lead] as number) | LF_MOVED
      ev?.push({ type: 'leader-moved', leader: c.leaderIds[s.lead] as string, to: lbl(c, a - H) })
      s.lead = -1
      s.dk = K.commander
      break
    case K.shoot:
      if (a === C.end) beginMelee(c, s, ev)
      else {
        s.sel = a - U
        s.dk = K['shoot-target']
      }
      break
    case K['shoot-target']:
      shoot(c, s, s.sel, c.occ[a - H] as number, ev)
      s.sel = -1
      s.dk = K.shoot
      break
    case K.melee: {
      const d = c.occ[a - H] as number
      const atk: number[] = []
      const h = a - H
      for (let k = 0; k < 6; k++) {
        const n = nb(c, h, k)
        const u = n >= 0 ? (c.occ[n] as number) : -1
        if (u >= 0 && c.uSide[u] === s.active && (s.fl[u] as number) & F_CHARGE && canAttack(c, s, u, d)) atk.push(u)
      }
      atk.sort((x, y) => x - y)
      s.atk = atk
      s.def = d
      s.round = 1
      // G 2) with several attackers in its sights, the defender's owner aims its fire first
      if (defensiveFireTargets(c, s, SA) > 1) s.dk = K['defensive-fire']
      else fightRound(c, s, ev)
      break
    }
    case K['exhausted-away']: {
      const cav = s.q[1] as number
      const from = s.hex[s.q[2] as number] as number
      s.q.splice(0, 4)
      const back = awayPath(c, s, cav, from, 4, AWAY_BACK, PB)
      awayPath(c, s, cav, from, 4, AWAY_ENEMY, PA)
      moveAlong(c, s, cav, a - H === back ? PB : PA, ev)
      break
    }
    case K['odd-die']:
      if (s.q[0] === T_ODDHIT) giveOddHit(c, s, a - U, ev)
      else giveOddDie(s, a - U)
      break
    case K['commander-refuge']: {
      const l = s.q[1] as number
      s.q.splice(0, QW)
      refuge(c, s, l, a - U, ev)
      break
    }
    case K['defensive-fire']:
      aimDefensiveFire(s, a - U)
      s.dk = K.melee
      fightRound(c, s, ev)
      break
  }
  settle(c, s, ev)
}
const FACE_NAMES = ['N', 'NE', 'SE', 'S', 'SW', 'NW']

export { PHASES }
