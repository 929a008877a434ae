// 13 Melee combat: who must attack what (13.1), the odds, modifiers and result
// (13.2), the advance after combat (13.3).

import { roll } from '../../dice.ts'
import { type Ctx, HS_BRIDGE, HS_CANAL, HS_FORT } from './context.ts'
import { MODIFIERS, TERRAIN } from './tables.ts'
import { leaderActive, leaderMelee } from './command.ts'
import { stackDemoralised, unitMorale } from './morale.ts'
import { occ, sync } from './occupancy.ts'
import { clampDie, columnShift, leftoverDieModifier, shiftColumn } from '../shared/morale.ts'
import { canStack } from './stacking.ts'
import { type Events, FRENCH, F_CHARGE, F_DONE, F_HEDGE, type MState, NO_TEST, Q_ADV, Q_HIT, S_ROUT, T, lbl, onMap } from './state.ts'
import { dirTo, stepCost } from './terrain.ts'
import { isRear, zocOn } from './zoc.ts'

export function meleeValue(c: Ctx, s: MState, u: number): number {
  return T(c, s, u).melee[s.st[u] === 0 ? 0 : 1]
}

export function canAttack(c: Ctx, s: MState, u: number): boolean {
  return onMap(s, u) && s.st[u] !== S_ROUT && ((s.fl[u] as number) & F_DONE) === 0 && meleeValue(c, s, u) > 0
}

/** Odds column (13.2): rounded in the defender's favour. */
export function oddsColumn(c: Ctx, att: number, def: number): number {
  let best = 0
  for (let i = 0; i < c.meleeOdds.length; i++) {
    const [a, d] = c.meleeOdds[i] as [number, number]
    if (att * d >= def * a) best = i
  }
  return best
}

export const water = (f: number): boolean => ((f & HS_CANAL) !== 0 && (f & HS_BRIDGE) === 0) || (f & 2) !== 0

/** Resolves the melee of s.grp against s.tgt (13.2); queues the results and the advance. */
export function resolveMelee(c: Ctx, s: MState, ev: Events): void {
  sync(c, s)
  const x = s.tgt
  const side = c.uSide[s.grp[0] as number] as number
  const foe = 1 - side
  const defs: number[] = []
  for (let v = c.head[x] as number; v >= 0; v = c.next[v] as number) if (c.uSide[v] === foe) defs.push(v)
  let att = 0
  for (const u of s.grp) att += meleeValue(c, s, u)
  let def = 0
  for (const v of defs) def += meleeValue(c, s, v)
  const mods: string[] | null = ev ? [] : null
  let m = 0
  const add = (v: number, why: string): void => {
    if (v === 0) return
    m += v
    if (mods) mods.push(`${why} ${v > 0 ? '+' : ''}${v}`)
  }
  // better morale / protection: every unit of one side above every unit of the other
  let aMinM = 99
  let aMaxM = -99
  let dMinM = 99
  let dMaxM = -99
  let aMinP = 9
  let aMaxP = -1
  let dMinP = 9
  let dMaxP = -1
  let attInf = false
  let defInf = false
  let attHedge = false
  let defHedge = false
  let defRouted = defs.length > 0
  let charge = false
  for (const u of s.grp) {
    const mo = unitMorale(c, s, u)
    const p = T(c, s, u).prot
    aMinM = Math.min(aMinM, mo)
    aMaxM = Math.max(aMaxM, mo)
    aMinP = Math.min(aMinP, p)
    aMaxP = Math.max(aMaxP, p)
    if (T(c, s, u).cls === 1) attInf = true
    if ((s.fl[u] as number) & F_HEDGE) attHedge = true
    if ((s.fl[u] as number) & F_CHARGE && T(c, s, u).cls === 0) charge = true
  }
  for (const v of defs) {
    const mo = unitMorale(c, s, v)
    const p = T(c, s, v).prot
    dMinM = Math.min(dMinM, mo)
    dMaxM = Math.max(dMaxM, mo)
    dMinP = Math.min(dMinP, p)
    dMaxP = Math.max(dMaxP, p)
    if (T(c, s, v).cls === 1) defInf = true
    if ((s.fl[v] as number) & F_HEDGE) defHedge = true
    if (s.st[v] !== S_ROUT) defRouted = false
  }
  if (aMinM > dMaxM) add(MODIFIERS.betterMorale, 'better morale')
  else if (dMinM > aMaxM) add(-MODIFIERS.betterMorale, 'better morale (defender)')
  if (aMinP > dMaxP) add(MODIFIERS.betterProtection, 'better protection')
  else if (dMinP > aMaxP) add(-MODIFIERS.betterProtection, 'better protection (defender)')
  // 8.3: an attacking stack that includes a unit of a demoralised corps (joining the attack or
  // not) -2; 13.2: French defenders of a demoralised corps (every unit of the hex is involved) +2
  if (side === FRENCH && s.grp.some((u) => stackDemoralised(c, s, s.hex[u] as number))) add(-MODIFIERS.demoralised, 'demoralised corps')
  if (side !== FRENCH && stackDemoralised(c, s, x)) add(MODIFIERS.demoralised, 'demoralised corps (defender)')
  if (charge && !defHedge) add(MODIFIERS.charge, 'cavalry charge')
  // 7.4 commander bonus: both sides' bonuses cancel out
  let ab = 0
  let db = 0
  for (let l = 0; l < c.nL; l++) {
    if (!leaderActive(s, l)) continue
    const lh = s.lhex[l] as number
    const b = leaderMelee(c, s, l)
    if (b <= 0) continue
    if (c.lSide[l] === side && s.grp.some((u) => s.hex[u] === lh)) ab = Math.max(ab, b)
    if (c.lSide[l] === foe && lh === x) db = Math.max(db, b)
  }
  if (ab > 0 && db > 0) {
    /* nullify */
  } else add(ab - db, ab > 0 ? 'commander' : 'commander (defender)')
  if (defHedge && attInf) add(MODIFIERS.hedgehogVsInfantry, 'infantry against hedgehog')
  if (attHedge && defInf) add(-MODIFIERS.hedgehogVsInfantry, 'hedgehog against infantry')
  if (defRouted) add(MODIFIERS.routed, 'routed defender')
  else if (defs.some((v) => s.grp.some((u) => isRear(c, s, v, s.hex[u] as number)))) add(MODIFIERS.rear, 'rear attack')
  // terrain: the defender's hex, fortifications, water, slope
  add(c.terrainRows[c.terrain[x] as number]?.melee ?? 0, c.terrainIds[c.terrain[x] as number] ?? 'terrain')
  if (s.forts.includes(x)) add(TERRAIN.markerMelee, 'fortification marker')
  let allWater = true
  let allFort = true
  let allUp = true
  let allDown = true
  for (const u of s.grp) {
    const h = s.hex[u] as number
    let f = 0
    let fd = 0
    for (let k = 0; k < 6; k++)
      if (c.grid.neighbors[x * 6 + k] === h) {
        f = c.feat[x * 6 + k] as number
        fd = c.fortDef[x * 6 + k] as number
      }
    if (!water(f)) allWater = false
    if (!((f & HS_FORT) && fd)) allFort = false
    if (!((c.elev[h] as number) > (c.elev[x] as number))) allUp = false
    if (!((c.elev[h] as number) < (c.elev[x] as number))) allDown = false
  }
  if (allWater) add(TERRAIN.hexsides.ditch.melee, 'across water')
  if (allFort) add(TERRAIN.hexsides.fortification.melee, 'fortification')
  if (allUp) add(TERRAIN.slope, 'up-slope attacker')
  else if (allDown) add(-TERRAIN.slope, 'up-slope defender')
  const sh = columnShift(m)
  const dm = leftoverDieModifier(m)
  const col0 = def <= 0 ? c.meleeCols.length - 1 : oddsColumn(c, att, def)
  const col = shiftColumn(col0, sh, c.meleeCols.length)
  const die = roll(s.dice, 6, 1, `melee at ${lbl(c, x)}`, ev)
  const md = clampDie(die + dm, 0, 7) // rows 0 = "1 or less" .. 7 = "6 or more"
  const pair = c.meleeRes[col]?.[md]
  const txt = c.meleeTxt[col]?.[md] ?? '-|-'
  for (const u of s.grp) s.fl[u] = ((s.fl[u] as number) | F_DONE) & ~F_CHARGE
  s.hit.push(x)
  if (ev)
    ev.push({
      type: 'melee',
      attackers: s.grp.map((u) => c.unitIds[u] as string),
      target: lbl(c, x),
      attack: att,
      defence: def,
      odds: c.meleeCols[col0] as string,
      column: c.meleeCols[col] as string,
      modifier: m,
      shift: sh,
      dieMod: dm,
      die,
      result: txt,
      modifiers: mods ?? [],
    })
  if (!pair) return
  const [ra, rd] = pair
  if (rd.elim > 0 || rd.test || rd.disorg) s.q.push(Q_HIT, x, foe, rd.elim, rd.test ? rd.mod : NO_TEST, rd.disorg ? 1 : 0)
  if (ra.elim > 0 || ra.test || ra.disorg) s.q.push(Q_HIT, -1, side, ra.elim, ra.test ? ra.mod : NO_TEST, ra.disorg ? 1 : 0)
  s.q.push(Q_ADV, x, 0, 0, 0, 0)
}

/** Does an ordered attacker u attack hex x across water (9.1)? */
export function acrossWater(c: Ctx, s: MState, u: number, x: number): boolean {
  const h = s.hex[u] as number
  for (let k = 0; k < 6; k++) if (c.grid.neighbors[h * 6 + k] === x) return water(c.feat[h * 6 + k] as number)
  return false
}

/**
 * 13.1: "if any enemy units are located in a unit's ZOC, it must attack". The first unit that
 * has hex x in its ZOC, could join the attack on x and has no other enemy hex left to attack
 * this phase (x is its last chance), but has not joined; -1 when the attack on x may be closed.
 */
export function mustJoin(c: Ctx, s: MState, x: number): number {
  const side = s.active
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== side || s.grp.includes(u) || !canAttack(c, s, u) || !zocOn(c, s, u, x)) continue
    const h = s.hex[u] as number
    let other = false
    for (let k = 0; k < 6 && !other; k++) {
      const n = c.grid.neighbors[h * 6 + k] as number
      if (n >= 0 && n !== x && occ(c, 1 - side, n) > 0 && !s.hit.includes(n) && zocOn(c, s, u, n)) other = true
    }
    if (!other) return u
  }
  return -1
}

export function meleeTargets(c: Ctx, s: MState, out: number[]): number {
  out.length = 0
  const side = s.active
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== side || !canAttack(c, s, u)) continue
    const h = s.hex[u] as number
    for (let k = 0; k < 6; k++) {
      const n = c.grid.neighbors[h * 6 + k] as number
      if (n < 0 || occ(c, 1 - side, n) === 0 || out.includes(n) || s.hit.includes(n)) continue
      if (!zocOn(c, s, u, n)) continue
      out.push(n)
    }
  }
  return out.length
}

export function advanceCandidates(c: Ctx, s: MState, x: number, out: number[]): number {
  out.length = 0
  if (s.grp.length === 0) return 0
  const side = c.uSide[s.grp[0] as number] as number
  if (occ(c, 1 - side, x) > 0) return 0
  for (const u of s.grp) {
    if (!onMap(s, u) || s.st[u] === S_ROUT || (s.fl[u] as number) & F_HEDGE) continue
    if ((c.grid.dist[(s.hex[u] as number) * c.size + x] as number) !== 1) continue
    if (T(c, s, u).cls === 2 && stepCost(c, s.hex[u] as number, dirTo(c, s.hex[u] as number, x), 2) < 0) continue
    if (!canStack(c, s, u, x)) continue
    out.push(u)
  }
  return out.length
}
