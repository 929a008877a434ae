// Giving Fire: guns in the artillery phase, small arms in the fire phase (and stand-and-shoot in the
// combat phase), caracole, ranges, nearest-target rule, gun modifiers and results, small-arms dice.

import { d6 } from '../../dice.ts'
import { GUARD, type Ctx } from './context.ts'
import { controlled } from './control.ts'
import { addDp, arcOf, canSee, dist, frontStands, hitLeader, inFrontArc, isGun, isUnformed, leaderRisk, type Scratch } from './core.ts'
import { type CfeoState, L_WOUNDED, LF_RISK_FIRE, S_OK, U_ABANDONED, U_CARACOLE, U_FIRED, U_LIMBERED, U_UNDER_FIRE } from './state.ts'
import { ARM_HORSE, F_COLUMN, F_LINE, GUN_FIRE, LEADER_RISK, RANGES, SMALL_ARMS, T, UNIT_TYPES, withinHexes } from './tables.ts'


export function gunCanFire(c: Ctx, s: CfeoState, u: number): boolean {
  const fl = s.uFl[u] as number
  return isGun(c, u) && (s.uHex[u] as number) >= 0 && (fl & (U_LIMBERED | U_ABANDONED | U_FIRED)) === 0
}

export function shooterCanFire(c: Ctx, s: CfeoState, u: number): boolean {
  const t = UNIT_TYPES[c.uType[u] as number]
  const shoots = t === 'skirmishers' || t === 'tercio' || t === 'reiters' || t === 'light-cavalry'
  return shoots && (s.uHex[u] as number) >= 0 && s.uStatus[u] === S_OK && ((s.uFl[u] as number) & U_FIRED) === 0 && s.uFoe[u] === -1 && (t !== 'tercio' || (c.uShot[u] as number) > 0)
}

/** Maximum range in hexes of unit u's weapon. */
export function maxRange(c: Ctx, u: number): number {
  const t = UNIT_TYPES[c.uType[u] as number] as string
  if (isGun(c, u)) return withinHexes(RANGES[t as 'gun-heavy'][0])
  return withinHexes(c.uArm[u] === ARM_HORSE ? RANGES.cavalry[2] : RANGES.infantry[0])
}

/** Is enemy v a possible target of u (range, arc, sight, not within 20 yds of the firer's friends)? */
function targetable(c: Ctx, x: Scratch, s: CfeoState, u: number, v: number, range: number): number {
  if (c.uSide[v] === c.uSide[u]) return 0
  const hv = s.uHex[v] as number
  if (hv < 0 || ((s.uFl[v] as number) & U_ABANDONED) !== 0) return 0
  const hu = s.uHex[u] as number
  const d = dist(c, hu, hv)
  if (d > range) return 0
  if (!isUnformed(c, s, u) && !inFrontArc(c, hu, s.uFace[u] as number, hv)) return 0
  // enemy stands within 20 yds of friends are not eligible (adjacent to any other friendly unit)
  for (let k = 0; k < 6; k++) {
    const nb = c.grid.neighbors[hv * 6 + k] as number
    if (nb < 0) continue
    const w = x.occ[nb] as number
    if (w >= 0 && w !== u && c.uSide[w] === c.uSide[u]) return 0
  }
  if (!canSee(c, x, s, hu, hv)) return 0
  if ((c.blocksSight[hv] as number) && d > withinHexes(40) && ((s.uFl[v] as number) & U_FIRED) === 0) return 0
  return d
}

/** Marks (mask at off + hex) the legal targets: the nearest, or any in range for a gun under its leader's
 *  control (a priority target). Returns the count. */
export function fireTargets(c: Ctx, x: Scratch, s: CfeoState, u: number, mask: Uint8Array | null, off: number): number {
  const range = maxRange(c, u)
  let best = 99
  const priority = isGun(c, u) && controlled(c, x, s, u)
  for (let v = 0; v < c.n; v++) {
    const d = targetable(c, x, s, u, v, range)
    if (d > 0 && d < best) best = d
  }
  let n = 0
  // the callers that only ask whether there is a target need no more than this
  if (mask === null && best !== 99) return 1
  if (best !== 99) {
    for (let v = 0; v < c.n; v++) {
      const d = targetable(c, x, s, u, v, range)
      if (d > 0 && (priority || d === best)) {
        if (mask) mask[off + (s.uHex[v] as number)] = 1
        n++
      }
    }
  }
  // lone leaders (and messengers) more than 40 yds from any friend may be fired on: a permitted target
  for (let j = 0; j < c.m; j++) {
    if (loneLeaderTarget(c, x, s, u, j, range)) {
      if (!mask) return 1
      mask[off + (s.lHex[j] as number)] = 1
      n++
    }
  }
  for (let w = 0; w < c.w; w++) {
    if (loneMessengerTarget(c, x, s, u, w, range)) {
      if (mask) mask[off + (s.wMsgHex[w] as number)] = 1
      n++
    }
  }
  return n
}

/** An enemy messenger on his way, alone as a leader may be (Risk to Leaders: "leaders and messengers"). */
function loneMessengerTarget(c: Ctx, x: Scratch, s: CfeoState, u: number, w: number, range: number): boolean {
  const hm = s.wMsgHex[w] as number
  const hu = s.uHex[u] as number
  if (hm < 0 || hu < 0 || c.wSide[w] === c.uSide[u] || (x.occ[hm] as number) >= 0) return false
  const d = dist(c, hu, hm)
  if (d < 1 || d > range) return false
  if (!isUnformed(c, s, u) && !inFrontArc(c, hu, s.uFace[u] as number, hm)) return false
  const exposed = withinHexes(LEADER_RISK.exposedYards)
  for (let v = 0; v < c.n; v++) {
    const hv = s.uHex[v] as number
    if (hv < 0) continue
    if (c.uSide[v] === c.wSide[w] && dist(c, hv, hm) <= exposed) return false
    if (v !== u && c.uSide[v] === c.uSide[u] && dist(c, hv, hm) <= 1) return false
  }
  return canSee(c, x, s, hu, hm)
}

/** Fire at messengers on hex h: one D6, 5-6 he is hit (and his message lost). Returns true if there was one. */
export function fireAtMessenger(c: Ctx, x: Scratch, s: CfeoState, u: number, h: number): boolean {
  let w = -1
  for (let k = 0; k < c.w; k++) if (s.wMsgHex[k] === h && c.wSide[k] !== c.uSide[u]) w = k
  if (w < 0) return false
  s.uFl[u] = (s.uFl[u] as number) | U_FIRED
  const r = d6(s.dice, `${c.uId[u]} fires at the messenger to ${c.wId[w]}`, x.ev ?? undefined)
  const hit = r >= LEADER_RISK.exposedHitFrom
  if (x.ev) x.ev.push({ type: 'leader-hit', leader: `messenger to ${c.wId[w]}`, result: hit ? 'killed' : 'missed' })
  if (hit) s.wMsgHex[w] = -1
  return true
}

/** Is enemy leader j a lone target for u: detached, in play, more than 40 yds from any of his units, in
 *  range, to the front and in sight, not within 20 yds of the firer's friends? */
export function loneLeaderTarget(c: Ctx, x: Scratch, s: CfeoState, u: number, j: number, range: number): boolean {
  if (c.lSide[j] === c.uSide[u] || s.lAtt[j] !== -1 || (s.lState[j] as number) > L_WOUNDED) return false
  const hl = s.lHex[j] as number
  const hu = s.uHex[u] as number
  if (hl < 0 || hu < 0 || (x.occ[hl] as number) >= 0) return false
  const d = dist(c, hu, hl)
  if (d < 1 || d > range) return false
  if (!isUnformed(c, s, u) && !inFrontArc(c, hu, s.uFace[u] as number, hl)) return false
  const exposed = withinHexes(LEADER_RISK.exposedYards)
  for (let v = 0; v < c.n; v++) {
    const hv = s.uHex[v] as number
    if (hv < 0) continue
    if (c.uSide[v] === c.lSide[j] && dist(c, hv, hl) <= exposed) return false
    if (v !== u && c.uSide[v] === c.uSide[u] && dist(c, hv, hl) <= 1) return false
  }
  return canSee(c, x, s, hu, hl)
}

/** The enemy leader alone on hex h (a fire target), -1. */
export function leaderAt(c: Ctx, s: CfeoState, side: number, h: number): number {
  for (let j = 0; j < c.m; j++) if (c.lSide[j] !== side && s.lHex[j] === h && s.lAtt[j] === -1 && (s.lState[j] as number) <= L_WOUNDED) return j
  return -1
}

/** Fire at a lone leader: one D6 for the firing unit (or gun), 5-6 he is hit and rolls again (Risk to Leaders). */
export function fireAtLeader(c: Ctx, x: Scratch, s: CfeoState, u: number, j: number): void {
  s.uFl[u] = (s.uFl[u] as number) | U_FIRED
  const r = d6(s.dice, `${c.uId[u]} fires at ${c.lId[j]}`, x.ev ?? undefined)
  if (x.ev) x.ev.push({ type: 'small-arms', unit: c.uId[u] as string, target: c.lId[j] as string, dice: 1, terms: ['1 at a lone leader'], hits: r >= LEADER_RISK.exposedHitFrom ? 1 : 0, caracole: false })
  if (r >= LEADER_RISK.exposedHitFrom) hitLeader(c, x, s, j)
  else if (x.ev) x.ev.push({ type: 'leader-hit', leader: c.lId[j] as string, result: 'missed' })
}

/** Is the target behind a rampart/ditch as seen from `from` (the side it is fired at across)? */
export function fortifiedAgainst(c: Ctx, from: number, to: number): boolean {
  for (let k = 0; k < 6; k++) {
    const nb = c.grid.neighbors[to * 6 + k] as number
    if (nb < 0) continue
    if (((c.side[to * 6 + k] as number) & GUARD) !== 0 && dist(c, nb, from) < dist(c, to, from)) return true
  }
  return false
}

/** Gun fire: 1 D6, modified; close 2-3 = 1 DP, 4+ = 2; effective and beyond 4+ = 1. */
export function fireGun(c: Ctx, x: Scratch, s: CfeoState, u: number, v: number): void {
  const hu = s.uHex[u] as number
  const hv = s.uHex[v] as number
  const d = dist(c, hu, hv)
  const t = UNIT_TYPES[c.uType[u] as number] as 'gun-heavy' | 'gun-medium' | 'gun-light'
  const [, eff, close] = RANGES[t]
  const roll = d6(s.dice, `${c.uId[u]} fires`, x.ev ?? undefined)
  const terms: string[] | undefined = x.ev ? [] : undefined
  let mod = gunModifier(c, s, u, v, d, terms)
  const total = roll + mod
  let dps = 0
  if (d <= withinHexes(close)) dps = total >= GUN_FIRE.close2From ? 2 : total >= GUN_FIRE.close1From ? 1 : 0
  else dps = total >= GUN_FIRE.farFrom ? 1 : 0
  void eff
  s.uFl[u] = (s.uFl[u] as number) | U_FIRED
  s.uGunTarget[u] = v
  s.uGunRange[u] = d
  s.uFl[v] = (s.uFl[v] as number) | U_UNDER_FIRE
  if (x.ev) x.ev.push({ type: 'gun-fired', unit: c.uId[u] as string, target: c.uId[v] as string, range: d, roll, terms: terms ?? [], total, dps })
  if (dps > 0) {
    addDp(c, x, s, v, dps, 'fire', `gun fire from ${c.uId[u]}`)
    leaderRisk(c, x, s, v, LF_RISK_FIRE)
  }
  mod = 0
}

/** The gun modifiers of the table (Guns). With `terms`, each one that applies is also listed there
 *  ("new target -1") for the log. */
export function gunModifier(c: Ctx, s: CfeoState, u: number, v: number, d: number, terms?: string[]): number {
  const t = UNIT_TYPES[c.uType[u] as number] as 'gun-heavy' | 'gun-medium' | 'gun-light'
  let m = 0
  const add = (n: number, label: string): void => {
    if (n === 0) return
    m += n
    terms?.push(`${label} ${n > 0 ? '+' : ''}${n}`)
  }
  if (t === 'gun-heavy') add(GUN_FIRE.heavy, 'heavy gun')
  if (t === 'gun-light') add(GUN_FIRE.light, 'light gun')
  add(GUN_FIRE.perDp * (s.uDp[u] as number), 'DPs')
  if (d > withinHexes(RANGES[t][1])) add(GUN_FIRE.beyondEffective, 'beyond effective range')
  const hv = s.uHex[v] as number
  const enfilade = s.uForm[v] === F_LINE && !isUnformed(c, s, v) && !isGun(c, v) && arcOf(c, hv, s.uFace[v] as number, s.uHex[u] as number) === 1
  if (s.uForm[v] === F_COLUMN || ((s.uFl[v] as number) & U_LIMBERED) !== 0 || enfilade) add(GUN_FIRE.columnLimberedEnfilade, 'column, limbered or enfiladed')
  if (fortifiedAgainst(c, s.uHex[u] as number, hv)) add(GUN_FIRE.fortified, 'fortified')
  if (s.uGunTarget[u] !== v) add(GUN_FIRE.newTarget, 'new target')
  else if (s.uGunRange[u] === d) add(GUN_FIRE.sameTargetAndRange, 'same target and range')
  return m
}

/** Small-arms dice: 1 D6 per firing skirmisher/cavalry stand, 2 per Tercio shot stand; front rank only
 *  (both ranks in caracole); -1 die per DP; halved, rounded up, against hard cover or fortifications. */
export function smallArmsDice(c: Ctx, s: CfeoState, u: number, v: number, caracole: boolean, terms?: string[]): number {
  let dice: number
  if (c.uType[u] === T.tercio) {
    dice = SMALL_ARMS.perTercioShotStand * Math.ceil((c.uShot[u] as number) / Math.max(1, s.uRanks[u] as number))
    terms?.push(`${dice} for the front rank's shot`)
  } else {
    const front = frontStands(c, s, u)
    dice = SMALL_ARMS.perStand * (caracole ? Math.min(s.uStands[u] as number, front * 2) : front)
    terms?.push(`${dice} for the ${caracole ? 'stands in caracole' : 'front rank'}`)
  }
  const dp = s.uDp[u] as number
  if (dp > 0) terms?.push(`-${dp} for DPs`)
  dice -= dp
  if (dice <= 0) return 0
  const hv = s.uHex[v] as number
  if (c.hardCover[hv] || fortifiedAgainst(c, s.uHex[u] as number, hv)) {
    dice = Math.ceil(dice / 2)
    terms?.push(`halved: ${c.hardCover[hv] ? 'hard cover' : 'fortified'}`)
  }
  return dice
}

export function fireSmallArms(c: Ctx, x: Scratch, s: CfeoState, u: number, v: number, caracole: boolean): number {
  const terms: string[] | undefined = x.ev ? [] : undefined
  const dice = smallArmsDice(c, s, u, v, caracole, terms)
  let hits = 0
  for (let i = 0; i < dice; i++) if (d6(s.dice, `${c.uId[u]} fires`, x.ev ?? undefined) >= SMALL_ARMS.hitOn) hits++
  s.uFl[u] = (s.uFl[u] as number) | U_FIRED | (caracole ? U_CARACOLE : 0)
  s.uFl[v] = (s.uFl[v] as number) | U_UNDER_FIRE
  if (x.ev) x.ev.push({ type: 'small-arms', unit: c.uId[u] as string, target: c.uId[v] as string, dice, terms: terms ?? [], hits, caracole })
  if (hits > 0) {
    addDp(c, x, s, v, hits, 'fire', `small arms from ${c.uId[u]}`)
    leaderRisk(c, x, s, v, LF_RISK_FIRE)
  }
  return hits
}

/** Reiters two ranks deep may fire in caracole. */
export const mayCaracole = (c: Ctx, s: CfeoState, u: number): boolean => c.uType[u] === T.reiters && s.uForm[u] !== 2 && (s.uRanks[u] as number) >= 2
