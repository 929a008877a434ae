// E) Movement phase: what a commander's CP may buy for a unit (move, group
// move, formation change, rally), hex-by-hex moves with the CP surcharges for
// difficult ground and contact, charges, and the reactions a move raises
// (emergency square, evade). Also the commanders' own moves.

import type { Ctx } from './context.ts'
import { ARM_CAV, ARM_INF } from './context.ts'
import { commands, canStep, difficult, dist, effForm, enemyAdjacent, FM, FO, FSQ, isGood, lbl, moveRate, nb, onMap, within } from './core.ts'
import { baseCost, groupCost, rallyCost } from './command.ts'
import { hasAttackable, defenderCode } from './melee.ts'
import { moveAway, placeUnit } from './rout.ts'
import { qc } from './morale.ts'
import { CP, FORMATIONS, FORMS_OF, MOVE } from './tables.ts'
import { F_ACTED, F_CHARGE, F_EXH, F_RALLIED, F_SQFAIL, S_DIS, S_GOOD, S_ROUT, T_EVADE, T_SQUARE, type Events, type MtState } from './state.ts'

export const VERB_MOVE = 100
export const VERB_GROUP = 101
export const VERB_RALLY = 102

/** Formation u may change to (index into FORMATIONS), or false. */
export function formAllowed(c: Ctx, s: MtState, u: number, f: number): boolean {
  const arm = c.prof[u]?.arm ?? 'inf'
  if (!(FORMS_OF[arm] as readonly string[]).includes(FORMATIONS[f] as string)) return false
  const h = s.hex[u] as number
  if (f === FM && !c.onRoad[h]) return false // march column: along a road
  if (f === FSQ && difficult(c, h)) return false
  if (c.uArm[u] === ARM_CAV && c.terr[h] === 2 && f !== FM) return false // "Cavalry remain in march column" in a BUA
  return true
}

/** Whether commander l can afford some action with unit u. */
export function unitActionable(c: Ctx, s: MtState, l: number, u: number): boolean {
  if (!onMap(s, u) || c.uSide[u] !== s.active || !commands(c, l, u)) return false
  const cp = s.cp[l] as number
  const st = s.st[u] as number
  if (st === S_DIS || st === S_ROUT) return rallyCost(c, s, l, u) <= cp
  if ((s.fl[u] as number) & F_RALLIED) return false
  return baseCost(c, s, l, u) <= cp
}

export function verbLegal(c: Ctx, s: MtState, l: number, u: number, verb: number): boolean {
  const cp = s.cp[l] as number
  const st = s.st[u] as number
  if (verb === VERB_RALLY) return (st === S_DIS || st === S_ROUT) && rallyCost(c, s, l, u) <= cp
  if (st !== S_GOOD || (s.fl[u] as number) & F_RALLIED) return false
  if (verb === VERB_MOVE) return baseCost(c, s, l, u) <= cp
  if (verb === VERB_GROUP) {
    for (let d = 0; d < 6; d++) if (partnerLegal(c, s, l, u, nb(c, s.hex[u] as number, d))) return true
    return false
  }
  return verb !== s.form[u] && formAllowed(c, s, u, verb) && baseCost(c, s, l, u) <= cp
}

/** E 2) a group: up to 2 units in contact acting together (both subordinate, in good order, able to move). */
export function partnerLegal(c: Ctx, s: MtState, l: number, u: number, h: number): boolean {
  if (h < 0) return false
  const v = c.occ[h] as number
  if (v < 0 || v === u || c.uSide[v] !== c.uSide[u] || !commands(c, l, v)) return false
  if (s.st[v] !== S_GOOD || (s.fl[v] as number) & F_RALLIED) return false
  if (moveRate(c, s, u) <= 0 || moveRate(c, s, v) <= 0) return false
  return groupCost(c, s, l, u, v) <= (s.cp[l] as number)
}

function spend(c: Ctx, s: MtState, cost: number, what: string, ev: Events): void {
  const l = s.lead
  s.cp[l] = (s.cp[l] as number) - cost
  ev?.push({ type: 'spent', leader: c.leaderIds[l] as string, unit: c.unitIds[s.sel] as string, cost, left: s.cp[l] as number, what })
}

/** Starts a move (or a group move once the partner is chosen): pays the base cost. */
export function beginMove(c: Ctx, s: MtState, ev: Events): void {
  const u = s.sel
  const v = s.sel2
  const cost = v >= 0 ? groupCost(c, s, s.lead, u, v) : baseCost(c, s, s.lead, u)
  spend(c, s, cost, v >= 0 ? `group move with ${c.unitIds[v]}` : 'move', ev)
  s.mp = v >= 0 ? Math.min(moveRate(c, s, u), moveRate(c, s, v)) : moveRate(c, s, u)
  // the open-order +1 already paid covers terrain note 1 ("starts/via/stops" in difficult ground)
  s.paid = isOpen(c, s, u) || (v >= 0 && isOpen(c, s, v)) ? 1 : 0
  s.fl[u] = (s.fl[u] as number) | F_ACTED
  if (v >= 0) s.fl[v] = (s.fl[v] as number) | F_ACTED
}
const isOpen = (c: Ctx, s: MtState, u: number): boolean => c.uArm[u] === ARM_INF && effForm(c, s, u) === FO

/** Extra CP a step in direction d costs (difficult ground, contact), or -1 if the step is illegal. */
export function stepCost(c: Ctx, s: MtState, d: number): number {
  if (s.mp <= 0) return -1
  const u = s.sel
  const v = s.sel2
  let extra = 0
  let contact = false
  for (let k = 0; k < 2; k++) {
    const m = k === 0 ? u : v
    if (m < 0) continue
    const from = s.hex[m] as number
    const to = nb(c, from, d)
    if (to < 0 || !canStep(c, s, m, from, d)) return -1
    const o = c.occ[to] as number
    if (o >= 0 && o !== u && o !== v) return -1
    if (!s.paid && c.uArm[m] === ARM_INF && difficult(c, to)) extra = CP.openOrder
    if (enemyAdjacent(c, c.uSide[m] as number, to)) {
      // E 4) moving into contact is a charge: only toward an enemy the mover may attack
      if (!hasAttackable(c, s, m, to)) return -1
      contact = true
    }
  }
  if (contact) extra += CP.contact
  return extra <= (s.cp[s.lead] as number) ? extra : -1
}

/** Takes one step in direction d (legal per stepCost). */
export function step(c: Ctx, s: MtState, d: number, ev: Events): void {
  const extra = stepCost(c, s, d)
  const u = s.sel
  const v = s.sel2
  const movers = v >= 0 ? [u, v] : [u]
  // move the one whose target hex is free first (a group translating along its own axis)
  if (v >= 0 && nb(c, s.hex[u] as number, d) === s.hex[v]) movers.reverse()
  let contact = false
  let entersDifficult = false
  for (const m of movers) {
    const from = s.hex[m] as number
    const to = nb(c, from, d)
    placeUnit(c, s, m, to, ev)
    s.face[m] = d
    ev?.push({ type: 'moved', unit: c.unitIds[m] as string, from: lbl(c, from), to: lbl(c, to) })
    if (c.uArm[m] === ARM_INF && difficult(c, to)) entersDifficult = true
    if (enemyAdjacent(c, c.uSide[m] as number, to) && hasAttackable(c, s, m, to)) {
      s.fl[m] = (s.fl[m] as number) | F_CHARGE
      contact = true
    }
  }
  if (extra > 0) spend(c, s, extra, contact ? 'move ends in contact' : 'difficult ground', ev)
  if (entersDifficult) s.paid = 1
  s.mp--
  if (contact) s.mp = 0
  for (const m of movers) if (c.uArm[m] === ARM_CAV) squareTriggers(c, s, m)
}

/** I) Emergency Infantry Square 1-2): enemy cavalry within 8" pauses the game; each infantry unit may try once per cavalry unit per turn. */
function squareTriggers(c: Ctx, s: MtState, cav: number): void {
  const ch = s.hex[cav] as number
  for (let i = 0; i < c.nU; i++) {
    if (c.uArm[i] !== ARM_INF || c.uSide[i] === c.uSide[cav] || !onMap(s, i) || !isGood(s, i)) continue
    const f = effForm(c, s, i)
    if (f === FSQ || f === FO || difficult(c, s.hex[i] as number)) continue
    if (!within(c, ch, s.hex[i] as number, MOVE.cav.line)) continue
    const key = i * c.nU + cav
    if (s.sqTried.includes(key) || queued(s, T_SQUARE, i)) continue
    s.q.push(T_SQUARE, i, cav, 0)
  }
}
function queued(s: MtState, kind: number, a: number): boolean {
  for (let k = 0; k < s.q.length; k += 4) if (s.q[k] === kind && s.q[k + 1] === a) return true
  return false
}

/** Ends the move with a facing (or keeping it); an infantry charge against cavalry lets the cavalry evade. */
export function endMove(c: Ctx, s: MtState, face: number, ev: Events): void {
  const movers = s.sel2 >= 0 ? [s.sel, s.sel2] : [s.sel]
  for (const m of movers) {
    if (face >= 0 && s.face[m] !== face) {
      s.face[m] = face
      ev?.push({ type: 'faced', unit: c.unitIds[m] as string, facing: FACE_NAMES[face] as string })
    }
    if (c.uArm[m] === ARM_INF && (s.fl[m] as number) & F_CHARGE) {
      const h = s.hex[m] as number
      for (let d = 0; d < 6; d++) {
        const n = nb(c, h, d)
        const e = n >= 0 ? (c.occ[n] as number) : -1
        if (e < 0 || c.uSide[e] === c.uSide[m] || c.uArm[e] !== ARM_CAV) continue
        if (defenderCode(c, s, m, e) !== 'E,X2M' || !isGood(s, e) || moveRate(c, s, e) <= 0) continue
        if (!queued(s, T_EVADE, e)) s.q.push(T_EVADE, e, m, 0)
      }
    }
  }
  s.sel = -1
  s.sel2 = -1
  s.mp = 0
  s.paid = 0
}
const FACE_NAMES = ['N', 'NE', 'SE', 'S', 'SW', 'NW']

/** Emergency square attempt (QC); a failure makes later attempts this turn compulsory. */
export function trySquare(c: Ctx, s: MtState, inf: number, cav: number, attempt: boolean, ev: Events): void {
  s.sqTried.push(inf * c.nU + cav)
  if (!attempt) return
  if (qc(c, s, inf, 'emergency square', ev)) {
    s.form[inf] = FSQ
    ev?.push({ type: 'formation', unit: c.unitIds[inf] as string, formation: 'square' })
  } else s.fl[inf] = (s.fl[inf] as number) | F_SQFAIL
}

/** I) Evade 3): "Evading cavalry move away 4" from charged unit"; a charger left without a foe is no longer charging. */
export function evade(c: Ctx, s: MtState, cav: number, charger: number, ev: Events): void {
  const path = moveAway(c, s, cav, s.hex[charger] as number, 4, ev)
  ev?.push({ type: 'evaded', unit: c.unitIds[cav] as string, path })
  for (let u = 0; u < c.nU; u++) {
    if (!((s.fl[u] as number) & F_CHARGE) || !onMap(s, u)) continue
    if (!hasAttackable(c, s, u, s.hex[u] as number)) s.fl[u] = (s.fl[u] as number) & ~F_CHARGE
  }
}

/** Changes formation (paid). */
export function changeFormation(c: Ctx, s: MtState, f: number, ev: Events): void {
  const u = s.sel
  spend(c, s, baseCost(c, s, s.lead, u), `form ${FORMATIONS[f]}`, ev)
  s.form[u] = f
  s.fl[u] = (s.fl[u] as number) | F_ACTED
  ev?.push({ type: 'formation', unit: c.unitIds[u] as string, formation: FORMATIONS[f] as string })
}

/** E) Rally: a QC for the unit receiving a CP; on a pass it is in good order, forms and faces freely, and may not move or shoot this turn. */
export function rally(c: Ctx, s: MtState, ev: Events): boolean {
  const u = s.sel
  spend(c, s, rallyCost(c, s, s.lead, u), 'rally', ev)
  if (!qc(c, s, u, 'rally', ev)) return false
  const from = s.st[u] as number
  s.st[u] = S_GOOD
  s.fl[u] = ((s.fl[u] as number) | F_RALLIED | F_ACTED) & ~F_EXH
  ev?.push({ type: 'status-changed', unit: c.unitIds[u] as string, from: from === S_DIS ? 'disordered' : 'routed', to: 'good', why: 'rallied' })
  return true
}

/** Commander moves (after all units): up to 24", onto any hex free of enemy units. */
export function commanderHexOk(c: Ctx, s: MtState, l: number, h: number): boolean {
  const o = c.occ[h] as number
  if (o >= 0 && c.uSide[o] !== c.lSide[l]) return false
  const from = s.lhex[l] as number
  return h !== from && dist(c, from, h) <= MOVE.commander
}

