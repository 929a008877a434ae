// Charges: eligibility, declaration (target, dice), the responses (stand, stand and shoot, counter-charge,
// evade, shelter among the pikes, turn a rank), and the charge moves (contact, meeting half way, failure).

import type { Ctx } from './context.ts'
import { arcOf, betweenOf, dist, inFrontArc, inspired, isGun, isUnformed, passable, place, rollMoveDice, type Scratch } from './core.ts'
import { fireSmallArms, shooterCanFire } from './fire.ts'
import { diceOf, fatigue } from './move.ts'
import { type CfeoState, S_OK, U_EARLIER_COMBAT, U_REFUSED_L, U_REFUSED_R, U_ABANDONED, U_CARACOLE, U_CHARGING, U_COUNTER, U_FAIL_NOW, U_FLANK_HIT, U_FIRED, U_HALT, U_LIMBERED, U_MOVED, U_STAND_SHOOT, U_TURNED_RANK } from './state.ts'
import { ARM_FOOT, ARM_HORSE, MIN_PIPS_FOR_STEP, MOVE, PIPS_PER_HEX, T, TYPE_STATS, UNIT_TYPES, withinHexes } from './tables.ts'

export const R_STAND = 1
export const R_SHOOT = 2
export const R_COUNTER = 3
export const R_EVADE = 4
export const R_SHELTER = 5
export const R_TURN = 6
export const RESPONSES = ['none', 'stand', 'stand-shoot', 'counter-charge', 'evade', 'shelter', 'turn-rank'] as const

/** The most hexes of travel a unit's maximum dice can give (for declaring from a distance). */
function maxReach(c: Ctx, s: CfeoState, u: number): number {
  const [a, d] = diceOf(c, u, c.uArm[u] === ARM_HORSE ? 3 : 2)
  const pips = a * 5 + d * 6 + (inspired(c, s, u) > 0 ? a + d : 0)
  return Math.floor((pips + PIPS_PER_HEX - MIN_PIPS_FOR_STEP) / PIPS_PER_HEX)
}

export function mayCharge(c: Ctx, s: CfeoState, u: number): boolean {
  const t = UNIT_TYPES[c.uType[u] as number]!
  return TYPE_STATS[t].charges && (s.uHex[u] as number) >= 0 && s.uStatus[u] === S_OK && s.uFoe[u] === -1 && ((s.uFl[u] as number) & U_HALT) === 0 && s.uCharge[u] === -1
}

export function mayFollowOn(c: Ctx, s: CfeoState, u: number): boolean {
  const foe = s.uFoe[u] as number
  return c.uFollowOn[u] === 1 && foe >= 0 && (s.uHex[u] as number) >= 0 && (s.uHex[foe] as number) >= 0 && s.uStatus[u] === S_OK && s.uCharge[u] === -1 && s.uFollow[u] !== foe && ((s.uFl[u] as number) & U_HALT) === 0
}

/** Clear path for a charge: every hex between is empty and open to the charger. */
function clearPath(c: Ctx, x: Scratch, u: number, a: number, b: number): boolean {
  for (const h of betweenOf(c, a, b)) {
    if (h < 0 || (x.occ[h] as number) >= 0 || c.impassable[h]) return false
    if (c.uArm[u] === ARM_HORSE && c.closed[h] && !c.road[h]) return false
  }
  return true
}

/** Enemy units u may charge: infantry only infantry within 40 yds; cavalry from any distance its dice
 *  could reach; directly to the front along a clear path. Marks target hexes. */
export function chargeTargets(c: Ctx, x: Scratch, s: CfeoState, u: number, mask: Uint8Array | null, off: number): number {
  const foe = s.uFoe[u] as number
  if (foe >= 0) {
    // follow-on charge of a pike unit's sword-and-buckler or halberd rank: once per opponent, in a melee
    // continuing from a previous turn
    if (!mayFollowOn(c, s, u)) return 0
    if (mask) mask[off + (s.uHex[foe] as number)] = 1
    return 1
  }
  if (!mayCharge(c, s, u)) return 0
  const hu = s.uHex[u] as number
  const f = s.uFace[u] as number
  const foot = c.uArm[u] === ARM_FOOT
  const reach = foot ? withinHexes(40) : 1 + maxReach(c, s, u)
  let n = 0
  for (let v = 0; v < c.n; v++) {
    if (c.uSide[v] === c.uSide[u]) continue
    const hv = s.uHex[v] as number
    if (hv < 0 || ((s.uFl[v] as number) & U_ABANDONED) !== 0) continue
    if (foot && c.uArm[v] !== ARM_FOOT) continue
    const d = dist(c, hu, hv)
    if (d > reach) continue
    if (!isUnformed(c, s, u) && !inFrontArc(c, hu, f, hv)) continue
    if (!clearPath(c, x, u, hu, hv)) continue
    // an enemy in a melee continuing with friends: only cavalry may charge in, and only where they meet an
    // enemy stand without contacting friends (Reinforcing a Melee)
    if (s.uFoe[v] !== -1 && (foot || touchesFriend(c, x, u, d === 1 ? hu : (betweenOf(c, hu, hv)[d - 2] as number)))) continue
    if (mask) mask[off + hv] = 1
    n++
  }
  return n
}

/** The bodies u may join for its charge: the first chargers (marked at off + unit) of the declared charges of
 *  its side, not follow-on charges, of its arm (the same movement dice), with a member in base contact with u. */
export function chargeBodies(c: Ctx, s: CfeoState, u: number, mask: Uint8Array | null, off: number): number {
  const hu = s.uHex[u] as number
  let n = 0
  for (const v of s.queue) {
    const head = (s.uBody[v] as number) >= 0 ? (s.uBody[v] as number) : v
    if (c.uSide[v] !== c.uSide[u] || v === u || s.uFollow[v] === s.uCharge[v] || (s.uHex[v] as number) < 0 || dist(c, hu, s.uHex[v] as number) !== 1) continue
    if (c.uArm[head] !== c.uArm[u] || (s.uChargeDice[head] as number) < 1) continue
    if (mask) {
      if (mask[off + head]) continue
      mask[off + head] = 1
    }
    n++
  }
  return n
}

/** Would u at hex h be in base contact (adjacent) with another friendly unit? */
function touchesFriend(c: Ctx, x: Scratch, u: number, h: number): boolean {
  for (let k = 0; k < 6; k++) {
    const nb = c.grid.neighbors[h * 6 + k] as number
    const v = nb >= 0 ? (x.occ[nb] as number) : -1
    if (v >= 0 && v !== u && c.uSide[v] === c.uSide[u]) return true
  }
  return false
}

/** Which flank of a unit at `from` facing f the hex `to` lies on: 1 right (clockwise), -1 left, 0 neither. */
export function flankSide(c: Ctx, from: number, f: number, to: number): number {
  if (inFrontArc(c, from, f, to) || inFrontArc(c, from, (f + 3) % 6, to)) return 0
  if (inFrontArc(c, from, (f + 1) % 6, to) || inFrontArc(c, from, (f + 2) % 6, to)) return 1
  return -1
}

/** Responses open to the charged unit t (bits by R_* code). */
export function responseOptions(c: Ctx, s: CfeoState, x: Scratch, t: number, charger: number): number {
  let o = 1 << R_STAND
  const ty = c.uType[t] as number
  const fl = s.uFl[t] as number
  if ((ty === T.tercio || ty === T.skirmishers || ty === T.reiters) && (fl & U_FIRED) === 0 && shooterCanFire(c, s, t)) o |= 1 << R_SHOOT
  const ht = s.uHex[t] as number
  const hc = s.uHex[charger] as number
  if (c.uArm[t] === ARM_HORSE && (fl & U_CARACOLE) === 0 && s.uStatus[t] === S_OK && s.uFoe[t] === -1 && (isUnformed(c, s, t) || inFrontArc(c, ht, s.uFace[t] as number, hc))) o |= 1 << R_COUNTER
  if ((ty === T.skirmishers || (c.uArm[t] === ARM_HORSE && isUnformed(c, s, t))) && s.uFoe[t] === -1) {
    o |= 1 << R_EVADE
    if (ty === T.skirmishers && shelterHex(c, x, s, t, charger) >= 0) o |= 1 << R_SHELTER
  }
  if (!isUnformed(c, s, t) && !isGun(c, t) && (s.uRanks[t] as number) >= 2 && arcOf(c, ht, s.uFace[t] as number, hc) === 2 && dist(c, ht, hc) > withinHexes(120)) o |= 1 << R_TURN
  return o
}

/** The first hex found by the last shelterHexes call. */
export let shelterFirst = -1

/** Sheltering among the pikes: the free hexes next to a friendly pike unit within 60 yds, on its far side
 *  from the charger ("behind the pikemen"); the owner picks one (marked at off + hex). */
export function shelterHexes(c: Ctx, x: Scratch, s: CfeoState, t: number, hc: number, mask: Uint8Array | null, off: number): number {
  const ht = s.uHex[t] as number
  let n = 0
  shelterFirst = -1
  for (let p = 0; p < c.n; p++) {
    if (c.uSide[p] !== c.uSide[t] || c.uType[p] !== T.pike || (s.uHex[p] as number) < 0 || s.uStatus[p] !== S_OK) continue
    const hp = s.uHex[p] as number
    if (dist(c, ht, hp) > withinHexes(60)) continue
    for (let k = 0; k < 6; k++) {
      const nb = c.grid.neighbors[hp * 6 + k] as number
      if (nb < 0 || (x.occ[nb] as number) >= 0 || c.impassable[nb] || dist(c, nb, hc) <= dist(c, hp, hc)) continue
      if (mask) {
        if (mask[off + nb]) continue
        mask[off + nb] = 1
      }
      if (n++ === 0) shelterFirst = nb
    }
  }
  return n
}
export const shelterHex = (c: Ctx, x: Scratch, s: CfeoState, t: number, charger: number): number => (shelterHexes(c, x, s, t, s.uHex[charger] as number, null, 0) > 0 ? shelterFirst : -1)

/** Counter-charge eligibility needs a front-arc charger; a unit that declared its own charge stands. */
const pipsOf = (c: Ctx, x: Scratch, s: CfeoState, u: number, k: number, out: number[]): number => {
  const [a, d] = diceOf(c, u, k)
  let p = rollMoveDice(s, x, a, d, `${c.uId[u]} charge move`, out)
  if (inspired(c, s, u) > 0) p += MOVE.inspiredPipsPerDie * (a + d)
  return p
}
const rolled: number[] = []
/** The movement dice of each body's first charger this phase (unit -> die values), for the body's others. */
const bodyDice = new Map<number, number[]>()

/** A charger's move: its own roll, or the dice its body's first charger rolled (its own inspiration added). */
function chargePips(c: Ctx, x: Scratch, s: CfeoState, u: number, k: number): number {
  const shared = bodyDice.get(s.uBody[u] as number)
  if (shared === undefined) {
    const pips = pipsOf(c, x, s, u, k, rolled)
    if (s.uBody.includes(u)) bodyDice.set(u, rolled.slice())
    return pips
  }
  rolled.length = 0
  let pips = 0
  for (const v of shared) {
    rolled.push(v)
    pips += v
  }
  if (inspired(c, s, u) > 0) pips += MOVE.inspiredPipsPerDie * shared.length
  return pips
}
const stepsFor = (pips: number): number => Math.floor((pips + PIPS_PER_HEX - MIN_PIPS_FOR_STEP) / PIPS_PER_HEX)

/** Executes the declared charges (s.queue: chargers in declaration order) after the responses. */
export function executeCharges(c: Ctx, x: Scratch, s: CfeoState): void {
  const q = s.queue
  bodyDice.clear()
  // evaders and sheltering skirmishers move first, then stand-and-shoot fire, then the charges
  for (const u of q) {
    const t = s.uCharge[u] as number
    if (t < 0 || (s.uHex[t] as number) < 0) continue
    // (evaders and sheltering skirmishers have already moved: flow.ts nextEvade, their path the owner's choice)
    void t
  }
  for (const u of q) {
    const t = s.uCharge[u] as number
    if (t >= 0 && s.uResp[t] === R_SHOOT && (s.uHex[t] as number) >= 0 && (s.uHex[u] as number) >= 0) {
      fireSmallArms(c, x, s, t, u, false)
      s.uFl[t] = (s.uFl[t] as number) | U_STAND_SHOOT
      s.uResp[t] = R_STAND
    }
  }
  for (const u of q) {
    const t = s.uCharge[u] as number
    if (t < 0 || (s.uHex[u] as number) < 0) continue
    if (s.uFollow[u] === t) {
      // the follow-on rank charges from contact: no move; +1 charging and a D6 (not the swordsmen's bonus)
      if (s.uFoe[u] === t) s.uFl[u] = (s.uFl[u] as number) | U_CHARGING
      continue
    }
    chargeMove(c, x, s, u, t)
  }
}

/** A counter-charger rolls its move dice (the count it chose, s.uChargeDice), takes the fatigue DPs and
 *  counts as counter-charging (+1 and a D6 in the combat, no additional bonus). Returns its pips. */
export function counterChargeRoll(c: Ctx, x: Scratch, s: CfeoState, t: number): number {
  const cpips = pipsOf(c, x, s, t, s.uChargeDice[t] as number, rolled)
  fatigue(c, x, s, t, rolled)
  s.uFl[t] = (s.uFl[t] as number) | U_COUNTER | U_MOVED
  return cpips
}

/** What a pursuer's charge into new enemy led to (pursuerCharges). */
export const MEET_NO_MELEE = 0 // a limbered gun, abandoned at the contact
export const MEET_MELEE = 1
export const MEET_MAY_COUNTER = 2 // a melee, and the charged unit may answer with a counter-charge

/** "Pursuers encountering new enemy immediately charge into them": pursuer u, halted in contact with the
 *  formed enemy v, charges it from where it stands (it is already in contact: no move). Its pursuit of
 *  the quarry ends there; what it did in an earlier combat of this phase no longer counts. A limbered gun
 *  is abandoned, as any charge contacting one. Otherwise v may answer with a counter-charge ("The opponent
 *  may countercharge if cavalry") where a charged unit may (responseOptions, asked before the contact). */
export function pursuerCharges(c: Ctx, x: Scratch, s: CfeoState, u: number, v: number): number {
  const counter = (responseOptions(c, s, x, v, u) & (1 << R_COUNTER)) !== 0
  s.uPur[u] = -1
  s.uFl[u] = ((s.uFl[u] as number) & ~U_EARLIER_COMBAT) | U_CHARGING
  const hu = s.uHex[u] as number
  if (x.ev) x.ev.push({ type: 'charge-move', unit: c.uId[u] as string, pips: 0, contact: true, to: c.grid.labels[hu] as string })
  if (abandonIfLimbered(c, x, s, v)) return MEET_NO_MELEE
  s.uFoe[u] = v
  if (s.uFoe[v] === -1) s.uFoe[v] = u
  return counter ? MEET_MAY_COUNTER : MEET_MELEE
}

/** "Limbered guns contacted by a charge are abandoned": returns true when t was such a gun. */
function abandonIfLimbered(c: Ctx, x: Scratch, s: CfeoState, t: number): boolean {
  if (!isGun(c, t) || ((s.uFl[t] as number) & U_LIMBERED) === 0) return false
  s.uFl[t] = (s.uFl[t] as number) | U_ABANDONED
  if (x.ev) x.ev.push({ type: 'gun-abandoned', unit: c.uId[t] as string, crewKilled: false })
  return true
}

/** Moves u up to `steps` hexes along the line toward hex `to`, halting before the first hex it may not
 *  enter ("Units may halt up to 20 yds short if their full move would force them to interpenetrate a
 *  friendly unit or move into, or across, a terrain feature"): the path declared clear may have changed
 *  since (an evader gone elsewhere). */
function chargeAlong(c: Ctx, x: Scratch, s: CfeoState, u: number, to: number, steps: number): void {
  const from = s.uHex[u] as number
  let h = from
  let k = 0
  for (const nb of betweenOf(c, from, to)) {
    if (k++ >= steps || !passable(c, x, u, nb)) break
    h = nb
  }
  if (h !== from) place(c, x, s, u, h)
}

function chargeMove(c: Ctx, x: Scratch, s: CfeoState, u: number, t: number): void {
  const hu = s.uHex[u] as number
  const k = s.uChargeDice[u] as number
  const pips = chargePips(c, x, s, u, k)
  fatigue(c, x, s, u, rolled)
  s.uDiceNow[u] = Math.max(s.uDiceNow[u] as number, diceOf(c, u, k)[0] + diceOf(c, u, k)[1])
  s.uFl[u] = (s.uFl[u] as number) | U_MOVED
  const ht = s.uHex[t] as number
  let contact = false
  if (ht >= 0) {
    const need = dist(c, hu, ht) - 1
    let cpips = 0
    const counter = s.uResp[t] === R_COUNTER && (s.uHex[t] as number) >= 0
    if (counter) cpips = counterChargeRoll(c, x, s, t)
    const mySteps = stepsFor(pips)
    const theirSteps = counter ? stepsFor(cpips) : 0
    contact = mySteps + theirSteps >= need
    // meet half way: the counter-charger covers up to half the gap, the charger the rest
    const theirs = counter ? Math.min(theirSteps, Math.floor(need / 2)) : 0
    const mine = contact ? need - theirs : Math.min(mySteps, need)
    chargeAlong(c, x, s, u, ht, mine)
    if (counter && theirs > 0) chargeAlong(c, x, s, t, hu, theirs)
    contact = contact && dist(c, s.uHex[u] as number, s.uHex[t] as number) === 1
  }
  s.uFl[u] = (s.uFl[u] as number) | U_CHARGING
  if (x.ev) x.ev.push({ type: 'charge-move', unit: c.uId[u] as string, pips, contact, to: c.grid.labels[s.uHex[u] as number] as string })
  if (!contact) {
    s.uFl[u] = (s.uFl[u] as number) | U_FAIL_NOW
    return
  }
  if (abandonIfLimbered(c, x, s, t)) return
  s.uFoe[u] = t
  if (s.uFoe[t] === -1) s.uFoe[t] = u
  const ht2 = s.uHex[t] as number
  const arc = arcOf(c, ht2, s.uFace[t] as number, hu)
  // a refused flank faces a charge on that flank (no flank penalty)
  const fs = arc === 1 ? flankSide(c, ht2, s.uFace[t] as number, hu) : 0
  const refused = (fs < 0 && ((s.uFl[t] as number) & U_REFUSED_L) !== 0) || (fs > 0 && ((s.uFl[t] as number) & U_REFUSED_R) !== 0)
  const flanked = !isUnformed(c, s, u) && !isUnformed(c, s, t) && !isGun(c, t) && arc !== 0 && !(arc === 2 && s.uResp[t] === R_TURN) && !refused
  if (flanked) s.uFl[t] = (s.uFl[t] as number) | U_FLANK_HIT
  if (s.uResp[t] === R_TURN) s.uFl[t] = (s.uFl[t] as number) | U_TURNED_RANK
}
