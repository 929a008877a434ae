// Combat resolution: dice (D6 for chargers, AvD for others, D6 for all in Bad War rounds), the modifier
// list, outnumbering, deeper formation, multiple-unit averages, the seven result bands, Bad War, and the
// after-combat actions each band allows or forces.

import { avd, d6 } from '../../dice.ts'
import { GUARD, type Ctx } from './context.ts'
import { addDp, casualties, dist, frontStands, inspired, isGun, isUnformed, leaderRisk, type Scratch } from './core.ts'
import { fortifiedAgainst } from './fire.ts'
import { type CfeoState, LF_RISK_COMBAT, S_OK, S_RETIRING, S_ROUTING, U_ABANDONED, U_CHARGING, U_COUNTER, U_CREW_KILLED, U_FLANK_HIT, U_LIMBERED, U_MOVED, U_PURSUING, U_TOOK_POSITION } from './state.ts'
import { ARM_FOOT, ARM_GUN, ARM_HORSE, BAND_CASUALTIES, BAND_DPS, BAND_FROM, COMBAT_MODS, DEPTH_MAX, F_COLUMN, F_UNFORMED, OUTNUMBER_RATIOS, OVERLAP_STANDS, RESULT_BANDS, T, TYPE_STATS, UNIT_TYPES } from './tables.ts'

const HEDGE = 1 << 2

/** Band index (0 break .. 6 breakthrough) of a difference. */
export function bandOf(diff: number): number {
  for (let b = BAND_FROM.length - 1; b >= 0; b--) if (diff >= (BAND_FROM[b] as number)) return b
  return 0
}

const hasPikes = (c: Ctx, u: number): boolean => TYPE_STATS[UNIT_TYPES[c.uType[u] as number]!].pikes

/** A reinforcement fed in behind a friend (not in contact with the enemy): it adds depth, not numbers. */
export function reinforcesInDepth(c: Ctx, s: CfeoState, v: number): boolean {
  const foe = s.uFoe[v] as number
  return s.uRein[v] !== -1 && (s.uHex[v] as number) >= 0 && foe >= 0 && (s.uHex[foe] as number) >= 0 && dist(c, s.uHex[v] as number, s.uHex[foe] as number) !== 1
}

/** Deeper formation key: ranks counted up to 2 (cavalry) / 3 (infantry), unformed or with the additional
 *  charge bonus 1; among equal rank counts a fuller rear rank counts deeper (2+2 beats 2+1). */
export function depthKey(c: Ctx, s: CfeoState, u: number, extraBonus: boolean): number {
  if (isUnformed(c, s, u) || extraBonus || isGun(c, u)) return 100
  const cap = DEPTH_MAX[c.uArm[u] as number] as number
  let st = s.uStands[u] as number
  const front = Math.ceil(st / (s.uForm[u] === F_COLUMN ? st : (s.uRanks[u] as number)))
  let ranks = s.uForm[u] === F_COLUMN ? st : (s.uRanks[u] as number)
  // units fed in behind it to increase the depth of formation (Reinforcing a Melee)
  for (let v = 0; v < c.n; v++) {
    if (s.uRein[v] !== u || !reinforcesInDepth(c, s, v)) continue
    ranks += isUnformed(c, s, v) ? 1 : s.uForm[v] === F_COLUMN ? (s.uStands[v] as number) : (s.uRanks[v] as number)
    st += s.uStands[v] as number
  }
  const r = Math.min(cap, ranks)
  return r * 100 + (r > 1 ? Math.min(st, r * front) : 0)
}

/** Stands counted for numbers: front stands (plus a second rank of pikes); pikes double against cavalry;
 *  limbered guns nothing. */
export function numbersOf(c: Ctx, s: CfeoState, u: number, vsCavalry: boolean): number {
  if (isGun(c, u)) return ((s.uFl[u] as number) & U_LIMBERED) !== 0 ? 0 : 1
  let n = frontStands(c, s, u)
  if (hasPikes(c, u)) {
    if (!isUnformed(c, s, u) && (s.uRanks[u] as number) >= 2) n += Math.min(frontStands(c, s, u), (s.uStands[u] as number) - frontStands(c, s, u))
    if (vsCavalry) n *= 2
  }
  return n
}

/** The outnumbering modifier for a side with `mine` against `theirs`. */
export function outnumberMod(mine: number, theirs: number): number {
  if (theirs <= mine) return 0
  const ratio = mine > 0 ? theirs / mine : 99
  let k = 0
  for (const r of OUTNUMBER_RATIOS) if (ratio >= r) k++
  return COMBAT_MODS.outnumbered[k] as number
}

export interface Fight {
  sides: [number[], number[]]
  /** Per unit (aligned with sides), the detail of modifiers. */
  totals: [number, number]
  bands: [number, number]
}

/** Does u get the additional charge bonus (heavy cavalry or swordsmen that initiated the charge)? */
export const extraChargeBonus = (c: Ctx, s: CfeoState, u: number, badWar: boolean): boolean =>
  !badWar && ((s.uFl[u] as number) & U_CHARGING) !== 0 && (c.uType[u] === T['heavy-cavalry'] || c.uType[u] === T.swordsmen) && s.uFollow[u] !== s.uFoe[u]
/** Cavalry pursuing also take the additional bonus. */
const pursuingCav = (c: Ctx, s: CfeoState, u: number): boolean => c.uArm[u] === ARM_HORSE && ((s.uFl[u] as number) & U_PURSUING) !== 0

/** All modifiers of unit u against the opposing units `opp` (Combat Resolution). `lostNow`: the casualties u
 *  took in the earlier rounds of this combat (Bad War), counted with its DPs ("-1 each DP or casualty"). */
export function modifiers(c: Ctx, s: CfeoState, u: number, opp: readonly number[], mine: readonly number[], badWar: boolean, why: string[] | null, lostNow = 0): number {
  const fl = s.uFl[u] as number
  let m = 0
  const add = (v: number, w: string) => {
    if (v === 0) return
    m += v
    if (why) why.push(`${v > 0 ? '+' : ''}${v} ${w}`)
  }
  add(COMBAT_MODS.grade[c.uGrade[u] as number] as number, 'grade')
  add(Math.min(COMBAT_MODS.inspireMax, inspired(c, s, u) * COMBAT_MODS.inspirePer), 'inspired')
  const h = s.uHex[u] as number
  const charging = !badWar && (fl & (U_CHARGING | U_COUNTER)) !== 0
  if (!charging) {
    let ground = false
    let fort = false
    for (const v of opp) {
      const hv = s.uHex[v] as number
      if (hv < 0) continue
      if ((c.elev[h] as number) > (c.elev[hv] as number)) ground = true
      if (c.blocksSight[h] && !c.blocksSight[hv]) ground = true
      for (let k = 0; k < 6; k++) if (c.grid.neighbors[h * 6 + k] === hv && ((c.side[h * 6 + k] as number) & (HEDGE | GUARD)) !== 0) ground = true
      if (fortifiedAgainst(c, hv, h) || c.hardCover[h]) fort = true
    }
    if (ground || fort) add(COMBAT_MODS.advantageOfGround, 'advantage of ground')
    if (fort) add(COMBAT_MODS.fortified, 'fortified position')
  }
  const pursuing = (fl & U_PURSUING) !== 0
  if (charging || pursuing || (fl & U_TOOK_POSITION) !== 0) add(COMBAT_MODS.charging, 'charging / pursuing / took the position')
  const extra = extraChargeBonus(c, s, u, badWar) || pursuingCav(c, s, u)
  if (extra) add(COMBAT_MODS.chargeAdditional, 'additional charge bonus')
  let best = 0
  for (const v of opp) best = Math.max(best, depthKey(c, s, v, extraChargeBonus(c, s, v, badWar) || pursuingCav(c, s, v)))
  if (!extra && depthKey(c, s, u, false) > best) add(COMBAT_MODS.deeper, 'deeper formation')
  if (c.uArmoured[u] && opp.some((v) => c.uArm[v] === c.uArm[u] && c.uArm[u] !== ARM_GUN)) add(COMBAT_MODS.armoured, 'armoured')
  const chargedByCav = opp.some((v) => c.uArm[v] === ARM_HORSE && ((s.uFl[v] as number) & U_CHARGING) !== 0)
  const arm = c.uArm[u] as number
  if (chargedByCav && ((arm === ARM_FOOT && ((fl & U_MOVED) !== 0 || !hasPikes(c, u))) || (arm === ARM_GUN && (fl & U_MOVED) !== 0)) && c.uType[u] !== T.tercio) {
    add(COMBAT_MODS.movedOrNoPikesVsCavalry, 'moved, or no pikes, charged by cavalry')
  }
  if (fl & U_FLANK_HIT) add(COMBAT_MODS.flankOrRear, 'contacted in flank or rear')
  const loneGuns = mine.every((v) => isGun(c, v))
  if ((s.uForm[u] === F_UNFORMED && !isGun(c, u)) || c.uLight[u] || (s.uForm[u] === F_COLUMN && !isGun(c, u)) || loneGuns) add(COMBAT_MODS.unformedColumnLoneGuns, 'unformed, march column or guns alone')
  add(COMBAT_MODS.perDpOrCasualty * (s.uDp[u] as number), 'DPs')
  add(COMBAT_MODS.perDpOrCasualty * lostNow, 'casualties this combat')
  return m
}

/** Side numbers, each capped at the enemy's front plus the two stands either side (overlap). */
export function sideNumbers(c: Ctx, s: CfeoState, a: readonly number[], b: readonly number[]): [number, number] {
  const cavA = a.some((v) => c.uArm[v] === ARM_HORSE)
  const cavB = b.some((v) => c.uArm[v] === ARM_HORSE)
  let na = 0
  let nb = 0
  let fa = 0
  let fb = 0
  for (const v of a) {
    na += numbersOf(c, s, v, cavB)
    fa += frontStands(c, s, v)
  }
  for (const v of b) {
    nb += numbersOf(c, s, v, cavA)
    fb += frontStands(c, s, v)
  }
  const ov = 2 * OVERLAP_STANDS
  return [Math.min(na, (hasAnyPikes(c, a) ? 2 : 1) * (fb + ov)), Math.min(nb, (hasAnyPikes(c, b) ? 2 : 1) * (fa + ov))]
}
const hasAnyPikes = (c: Ctx, a: readonly number[]): boolean => a.some((v) => hasPikes(c, v))

/** One round: each unit rolls, totals averaged per side (rounded half up), bands by difference. `standsAtStart`
 *  (unit -> stands when the combat began) counts the casualties of earlier rounds (Bad War). */
export function fightRound(c: Ctx, x: Scratch, s: CfeoState, sides: [number[], number[]], badWar: boolean, standsAtStart: ReadonlyMap<number, number> | null = null): Fight {
  // Reinforcing a Melee: reinforcements add numbers (in contact) or depth (behind a friend) only; they
  // roll no die, none of their factors count, and they do not count among the units the total is divided by
  const core = (arr: number[]): number[] => {
    const f = arr.filter((v) => s.uRein[v] === -1)
    return f.length > 0 ? f : arr
  }
  const [a, b] = [core(sides[0]), core(sides[1])]
  const counted = (arr: readonly number[]) => arr.filter((v) => !reinforcesInDepth(c, s, v))
  const [na, nb] = sideNumbers(c, s, counted(sides[0]), counted(sides[1]))
  const tot: [number, number] = [0, 0]
  const detail: string[] = []
  for (let k = 0; k < 2; k++) {
    const mine = k === 0 ? a : b
    const opp = k === 0 ? b : a
    const om = outnumberMod(k === 0 ? na : nb, k === 0 ? nb : na)
    let sum = 0
    for (const u of mine) {
      const fl = s.uFl[u] as number
      const useD6 = badWar || (fl & (U_CHARGING | U_COUNTER)) !== 0
      const die = useD6 ? d6(s.dice, `${c.uId[u]} combat`, x.ev ?? undefined) : avd(s.dice, `${c.uId[u]} combat`, x.ev ?? undefined)
      const why: string[] | null = x.ev ? [] : null
      const lost = standsAtStart ? (standsAtStart.get(u) ?? 0) - (s.uStands[u] as number) : 0
      const m = modifiers(c, s, u, opp, mine, badWar, why, lost) + om
      if (why && om) why.push(`${om} outnumbered`)
      if (why) detail.push(`${c.uId[u]}: ${useD6 ? 'D6' : 'AvD'} ${die} ${why.join(' ')}`)
      sum += die + m
    }
    tot[k] = Math.round(sum / Math.max(1, mine.length))
  }
  const bands: [number, number] = [bandOf(tot[0] - tot[1]), bandOf(tot[1] - tot[0])]
  if (x.ev) x.ev.push({ type: 'combat', side0: a.map((u) => c.uId[u] as string), side1: b.map((u) => c.uId[u] as string), totals: tot, bands: [RESULT_BANDS[bands[0]] as string, RESULT_BANDS[bands[1]] as string], detail: `${detail.join('; ')}${badWar ? ' (bad war round)' : ''}` })
  return { sides, totals: tot, bands }
}

/** Bad War: Landsknecht or Swiss pike against Landsknecht or Swiss. */
export function badWar(c: Ctx, sides: [number[], number[]]): boolean {
  const bw = (u: number) => c.uType[u] === T.pike && (c.uNation[u] === 1 || c.uNation[u] === 2)
  return sides[0].some(bw) && sides[1].some(bw)
}

/** "Infantry and guns charged by cavalry only" (Driven Back): every opponent is cavalry, and one charged. */
export const chargedByCavalryOnly = (c: Ctx, s: CfeoState, opp: readonly number[]): boolean =>
  opp.length > 0 && opp.every((v) => c.uArm[v] === ARM_HORSE) && opp.some((v) => ((s.uFl[v] as number) & U_CHARGING) !== 0)

/** A band's DPs and casualties (and the driven-back casualty of cavalry who charged infantry); the attached
 *  leader tests once for the combat (Risk to Leaders). Guns defeated or broken are abandoned, and driven back
 *  too unless charged by cavalry only: those "remain in place" and take the band's DPs. */
export function applyBandLosses(c: Ctx, x: Scratch, s: CfeoState, u: number, band: number, opp: readonly number[]): void {
  if ((s.uHex[u] as number) < 0) return
  if (isGun(c, u) && (band <= 1 || (band === 2 && !chargedByCavalryOnly(c, s, opp)))) {
    s.uFl[u] = (s.uFl[u] as number) | U_ABANDONED | (band <= 1 ? U_CREW_KILLED : 0)
    s.uFoe[u] = -1
    if (x.ev) x.ev.push({ type: 'gun-abandoned', unit: c.uId[u] as string, crewKilled: band <= 1 })
    return
  }
  const dps = BAND_DPS[band] as number
  let cas = BAND_CASUALTIES[band] as number
  if (band === 2 && c.uArm[u] === ARM_HORSE && ((s.uFl[u] as number) & U_CHARGING) !== 0 && opp.some((v) => c.uArm[v] === ARM_FOOT)) cas++
  if (dps) addDp(c, x, s, u, dps, 'combat', `combat: ${RESULT_BANDS[band]}`)
  if (cas) casualties(c, x, s, u, cas, `combat: ${RESULT_BANDS[band]}`, LF_RISK_COMBAT)
  if (dps || cas) leaderRisk(c, x, s, u, LF_RISK_COMBAT)
}

// after-combat actions (bits)
export const A_REMAIN = 1
export const A_RETIRE = 2
export const A_PURSUE = 4
export const A_TAKE = 8
export const A_FALL_BACK = 16
export const A_RIDE = 32
export const A_ROUT = 64

/** The after-combat actions open to u after its band (forced = one bit). `fled`: an opponent retired or
 *  routed; `vacated`: an opponent's hex is free to take; `rideSpace`: there is room to ride through. */
export function afterOptions(c: Ctx, s: CfeoState, u: number, band: number, opp: readonly number[], fled: boolean, vacated: boolean, rideSpace: boolean): number {
  const arm = c.uArm[u] as number
  const cav = arm === ARM_HORSE
  const foot = arm === ARM_FOOT
  const gun = arm === ARM_GUN
  const charged = ((s.uFl[u] as number) & U_CHARGING) !== 0
  // formation as it was when they fought: a unit that has just retired or routed was not unformed in the combat
  const unf = (v: number): boolean => c.uLight[v] === 1 || (s.uForm[v] === F_UNFORMED && s.uStatus[v] === S_OK)
  const oppFormedInf = opp.some((v) => c.uArm[v] === ARM_FOOT && !unf(v))
  const oppGunsOrUnformedInf = opp.length > 0 && opp.every((v) => isGun(c, v) || (c.uArm[v] === ARM_FOOT && unf(v)))
  const oppSingleRankCav = opp.length > 0 && opp.every((v) => isGun(c, v) || (c.uArm[v] === ARM_FOOT && unf(v)) || (c.uArm[v] === ARM_HORSE && (s.uRanks[v] as number) <= 1 && s.uForm[v] !== F_COLUMN))
  const oppCav = opp.some((v) => c.uArm[v] === ARM_HORSE)
  const mustPursue = c.uGrade[u] === 1 || c.uGrade[u] === 3 || c.uGrade[u] === 4
  const permitted = (): number => {
    let o = A_REMAIN
    if (fled) o |= A_PURSUE
    if (cav) o |= A_RETIRE
    if (foot && vacated) o |= A_TAKE
    return o
  }
  const ride = (): number => (rideSpace ? A_RIDE : A_REMAIN | A_RETIRE)
  if (gun) return A_REMAIN // guns stay: in place, or abandoned (applyBandLosses)
  switch (band) {
    case 6:
      return mustPursue && fled ? A_PURSUE : permitted()
    case 5:
      if (mustPursue && fled) return A_PURSUE
      if (cav && charged && oppGunsOrUnformedInf) return ride()
      return permitted()
    case 4:
      if (cav && charged && oppFormedInf) return A_RETIRE
      if ((foot || gun) && oppCav) return A_REMAIN
      if (cav && charged && oppGunsOrUnformedInf) return ride()
      return permitted()
    case 3:
      if (cav && charged && oppFormedInf) return A_RETIRE
      if (foot || gun) return A_REMAIN
      if (cav && charged && oppSingleRankCav) return ride()
      return A_REMAIN | A_RETIRE
    case 2:
      if ((foot || gun) && chargedByCavalryOnly(c, s, opp)) return A_REMAIN
      if (foot && !isUnformed(c, s, u)) return A_FALL_BACK
      return A_RETIRE
    case 1:
      return A_RETIRE
    default:
      return A_ROUT
  }
}

/** Cavalry who elect not to pursue after a breakthrough take 1 DP. */
export const breakthroughCavDp = (c: Ctx, band: number, u: number, chose: number): boolean => band === 6 && c.uArm[u] === ARM_HORSE && chose !== A_PURSUE

export const statusOk = (s: CfeoState, u: number): boolean => s.uStatus[u] === S_OK
export const fledStatus = (s: CfeoState, u: number): boolean => s.uStatus[u] === S_RETIRING || s.uStatus[u] === S_ROUTING || (s.uHex[u] as number) < 0
export { dist }
