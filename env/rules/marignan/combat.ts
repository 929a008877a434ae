// Fire combat (12) and melee combat (13): eligibility, targets, line of sight,
// strengths, modifiers, column shifts and results.

import { roll } from '../../dice.ts'
import type { Ctx } from './context.ts'
import { HS_BRIDGE, HS_CANAL, HS_FORT, losHexes } from './context.ts'
import {
  demoralised,
  isRear,
  lbl,
  leaderActive,
  leaderFire,
  leaderMelee,
  occ,
  onMap,
  sync,
  T,
  unitMorale,
  zocOn,
} from './core.ts'
import { MODIFIERS, RANGES, TERRAIN } from './tables.ts'
import { F_CHARGE, F_DONE, F_HEDGE, F_OOC, FRENCH, NO_TEST, Q_ADV, Q_HIT, QW, S_ROUT, type Events, type MState } from './state.ts'

// ---- fire (12) ----------------------------------------------------------------

export function fireValue(c: Ctx, s: MState, u: number): number {
  const t = T(c, s, u)
  return t.fire[s.st[u] === 0 ? 0 : 1]
}

/** Can u fire at all this phase (12, 12.3, 6.2)? */
export function canFire(c: Ctx, s: MState, u: number, offensive: boolean): boolean {
  if (!onMap(s, u) || s.st[u] === S_ROUT) return false
  const fl = s.fl[u] as number
  if (fl & (F_HEDGE | F_DONE)) return false
  if (offensive && fl & F_OOC) return false
  return fireValue(c, s, u) > 0
}

/** Strength of u firing at distance d (12.1); 0 = out of range. */
export function strengthAt(c: Ctx, s: MState, u: number, d: number): number {
  const f = fireValue(c, s, u)
  if (d <= 1) return f
  if (T(c, s, u).cls === 2) return d <= RANGES.artillery ? Math.max(0, f - RANGES.artilleryLossPerHex * (d - 1)) : 0
  return d <= RANGES.other ? RANGES.longRangeStrength : 0
}

/** 12.2: line of sight between a and b (symmetric). */
export function los(c: Ctx, s: MState, a: number, b: number): boolean {
  if ((c.grid.dist[a * c.size + b] as number) <= 1) return true
  const between = losHexes(c, a, b)
  const ea = c.elev[a] as number
  const eb = c.elev[b] as number
  const lo = Math.min(ea, eb)
  const hi = Math.max(ea, eb)
  for (let i = 0; i < between.length; i++) {
    const h = between[i] as number
    const eh = c.elev[h] as number
    const blocksTerrain = c.terrainRows[c.terrain[h] as number]?.blocks === true
    const obstacle = blocksTerrain || eh > 0 || occ(c, 0, h) > 0 || occ(c, 1, h) > 0
    if (!obstacle) continue
    if (ea !== eb) {
      // A higher unit sees over obstacles below it, except a farm/village right in front of the lower unit.
      if (eh >= hi) return false
      const low = ea < eb ? a : b
      const adjLow = (c.grid.dist[h * c.size + low] as number) === 1
      const tid = c.terrain[h] as number
      const isBuilt = c.terrainRows[tid]?.noCharge === true
      if (adjLow && isBuilt && eh >= lo) return false
      continue
    }
    if (eh >= lo) return false
  }
  return true
}

/** Writes the hexes u may fire at into out (returns count). Enemy units exerting ZOC on u take priority (12.3). */
export function fireTargets(c: Ctx, s: MState, u: number, offensive: boolean, out: number[]): number {
  out.length = 0
  sync(c, s)
  const side = c.uSide[u] as number
  const h = s.hex[u] as number
  const f = s.face[u] as number
  const a0 = c.arcStart[h * 6 + f] as number
  const a1 = c.arcStart[h * 6 + f + 1] as number
  const ooc = ((s.fl[u] as number) & F_OOC) !== 0
  let priority = false
  for (let i = a0; i < a1; i++) {
    const x = c.arcHex[i] as number
    const d = c.arcDist[i] as number
    if (occ(c, 1 - side, x) === 0) continue
    if (strengthAt(c, s, u, d) <= 0) continue
    if (d === 1 && !(zocOn(c, s, u, x))) continue
    if (ooc && !offensive && !(d === 1 && zocOn(c, s, u, x))) continue // 6.2
    if (!los(c, s, h, x)) continue
    // 12.3: a unit in the ZOC of an enemy unit it can fire at must fire at it first
    let threat = false
    if (d === 1) for (let v = c.head[x] as number; v >= 0; v = c.next[v] as number) if (zocOn(c, s, v, h)) threat = true
    if (threat && !priority) {
      priority = true
      out.length = 0
    }
    if (priority && !threat) continue
    out.push(x)
  }
  return out.length
}

export function canFireAt(c: Ctx, s: MState, u: number, x: number, offensive: boolean, buf: number[]): boolean {
  fireTargets(c, s, u, offensive, buf)
  return buf.includes(x)
}

export function fireColumn(c: Ctx, strength: number): number {
  let col = -1
  for (let i = 0; i < c.fireMin.length; i++) if (strength >= (c.fireMin[i] as number)) col = i
  return col
}

export function shifts(m: number): [number, number] {
  const sh = (m / 2) | 0 // toward zero; never -0
  return [sh, m - 2 * sh]
}

/** Resolves the shot of s.grp at s.tgt (12.4). Queues the result. */
export function resolveFire(c: Ctx, s: MState, ev: Events): void {
  sync(c, s)
  const x = s.tgt
  const side = c.uSide[s.grp[0] as number] as number
  const foe = 1 - side
  let strength = 0
  for (const u of s.grp) strength += strengthAt(c, s, u, c.grid.dist[(s.hex[u] as number) * c.size + x] as number)
  let m = 0
  // 7.3: commander fire bonus when every firer is stacked with him and of his corps
  const h0 = s.hex[s.grp[0] as number] as number
  if (s.grp.every((u) => s.hex[u] === h0)) {
    let best = 0
    for (let l = 0; l < c.nL; l++) {
      if (!leaderActive(s, l) || s.lhex[l] !== h0 || c.lSide[l] !== side) continue
      const b = leaderFire(c, s, l)
      if (b > 0 && s.grp.every((u) => s.cmd[c.uCorps[u] as number] === l || c.lCorps[l] === c.uCorps[u])) best = Math.max(best, b)
    }
    m += best
  }
  let allFeeble = true
  let allSup = true
  let allArq = true
  let any = false
  for (let v = c.head[x] as number; v >= 0; v = c.next[v] as number) {
    if (c.uSide[v] !== foe) continue
    any = true
    const t = T(c, s, v)
    if (t.prot !== 0) allFeeble = false
    if (t.prot !== 2) allSup = false
    if (!t.swissArq) allArq = false
  }
  if (any && allFeeble) m += MODIFIERS.fireFeeble
  if (any && allSup) m += MODIFIERS.fireSuperior
  if (any && allArq) m += MODIFIERS.fireArquebusiers
  m += c.terrainRows[c.terrain[x] as number]?.fire ?? 0
  if (s.forts.includes(x)) m += TERRAIN.markerFire
  else if (behindFort(c, s, x)) m += MODIFIERS.fireFortification
  if (s.grp.some((u) => demoralised(c, s, c.uCorps[u] as number))) m += MODIFIERS.demoralisedAttack
  const [sh, dm] = shifts(m)
  const col0 = fireColumn(c, strength)
  const col = Math.max(0, Math.min(c.fireCols.length - 1, col0 + sh))
  const die = roll(s.dice, 6, 1, `fire at ${lbl(c, x)}`, ev)
  const md = Math.max(0, Math.min(7, die + dm))
  const r = c.fireRes[col]?.[md]
  const txt = c.fireTxt[col]?.[md] ?? '-'
  for (const u of s.grp) s.fl[u] = (s.fl[u] as number) | F_DONE
  if (ev) ev.push({ type: 'fired', units: s.grp.map((u) => c.unitIds[u] as string), target: lbl(c, x), strength, column: c.fireCols[col] as string, modifier: m, shift: sh, dieMod: dm, die, result: txt })
  if (r && (r.elim > 0 || r.test || r.disorg)) s.q.push(Q_HIT, x, foe, r.elim, r.test ? r.mod : NO_TEST, r.disorg ? 1 : 0)
}

/** 12.4: is the target in hex x directly behind a fortification seen from the shooters? */
function behindFort(c: Ctx, s: MState, x: number): boolean {
  for (const u of s.grp) {
    const h = s.hex[u] as number
    const d = c.grid.dist[h * c.size + x] as number
    // the hex the line comes from: the shooter itself when adjacent, else the last hex before the target
    let prev = h
    if (d > 1) {
      const b = losHexes(c, h, x)
      let best = -1
      for (let i = 0; i < b.length; i++) if ((c.grid.dist[(b[i] as number) * c.size + x] as number) === 1) best = b[i] as number
      prev = best
    }
    if (prev < 0) return false
    let crosses = false
    for (let k = 0; k < 6; k++) if (c.grid.neighbors[x * 6 + k] === prev && (c.feat[x * 6 + k] as number) & HS_FORT && c.fortDef[x * 6 + k]) crosses = true
    if (!crosses) return false
  }
  return s.grp.length > 0
}

// ---- melee (13) --------------------------------------------------------------

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

const water = (f: number): boolean => ((f & HS_CANAL) !== 0 && (f & HS_BRIDGE) === 0) || (f & 2) !== 0

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
  const frenchDemo = (list: number[]): boolean => list.some((u) => c.uSide[u] === FRENCH && demoralised(c, s, c.uCorps[u] as number))
  if (side === FRENCH && frenchDemo(s.grp)) add(-MODIFIERS.demoralised, 'demoralised corps')
  if (side !== FRENCH && frenchDemo(defs)) add(MODIFIERS.demoralised, 'demoralised corps (defender)')
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
  add(c.terrainRows[c.terrain[x] as number]?.melee ?? 0, 'terrain')
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
  const [sh, dm] = shifts(m)
  const col0 = def <= 0 ? c.meleeCols.length - 1 : oddsColumn(c, att, def)
  const col = Math.max(0, Math.min(c.meleeCols.length - 1, col0 + sh))
  const die = roll(s.dice, 6, 1, `melee at ${lbl(c, x)}`, ev)
  const md = Math.max(0, Math.min(7, die + dm))
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
  void QW
}

/** Does an ordered attacker u attack hex x across water (9.1)? */
export function acrossWater(c: Ctx, s: MState, u: number, x: number): boolean {
  const h = s.hex[u] as number
  for (let k = 0; k < 6; k++) if (c.grid.neighbors[h * 6 + k] === x) return water(c.feat[h * 6 + k] as number)
  return false
}
