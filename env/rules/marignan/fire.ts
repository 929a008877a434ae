// 12 Fire combat: who may fire, range (12.1), arc and line of sight (12.2),
// restrictions (12.3), the shot's strength, modifiers and result (12.4).

import { roll } from '../../dice.ts'
import { type Ctx, HS_FORT, losHexes } from './context.ts'
import { MODIFIERS, RANGES, TERRAIN } from './tables.ts'
import { leaderActive, leaderFire } from './command.ts'
import { stackDemoralised } from './morale.ts'
import { occ, sync } from './occupancy.ts'
import { clampDie, columnShift, leftoverDieModifier, shiftColumn } from '../shared/morale.ts'
import { type Events, F_DONE, F_HEDGE, F_OOC, type MState, NO_TEST, Q_HIT, S_ROUT, T, lbl, onMap } from './state.ts'
import { zocOn } from './zoc.ts'

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

/** Resolves the shot of s.grp at s.tgt (12.4). Queues the result. */
export function resolveFire(c: Ctx, s: MState, ev: Events): void {
  sync(c, s)
  const x = s.tgt
  const side = c.uSide[s.grp[0] as number] as number
  const foe = 1 - side
  let strength = 0
  for (const u of s.grp) strength += strengthAt(c, s, u, c.grid.dist[(s.hex[u] as number) * c.size + x] as number)
  // 12.4's fire combat modifiers; the event carries each non-zero one for the log
  const mods: string[] | null = ev ? [] : null
  let m = 0
  const add = (v: number, why: string): void => {
    if (v === 0) return
    m += v
    if (mods) mods.push(`${why} ${v > 0 ? '+' : ''}${v}`)
  }
  // 7.3: commander fire bonus when every firer is stacked with him and of his corps
  const h0 = s.hex[s.grp[0] as number] as number
  if (s.grp.every((u) => s.hex[u] === h0)) {
    let best = 0
    for (let l = 0; l < c.nL; l++) {
      if (!leaderActive(s, l) || s.lhex[l] !== h0 || c.lSide[l] !== side) continue
      const b = leaderFire(c, s, l)
      if (b > 0 && s.grp.every((u) => s.cmd[c.uCorps[u] as number] === l || c.lCorps[l] === c.uCorps[u])) best = Math.max(best, b)
    }
    add(best, 'commander fire bonus')
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
  if (any && allFeeble) add(MODIFIERS.fireFeeble, 'feeble protection')
  if (any && allSup) add(MODIFIERS.fireSuperior, 'superior protection')
  if (any && allArq) add(MODIFIERS.fireArquebusiers, 'Swiss arquebusiers')
  add(c.terrainRows[c.terrain[x] as number]?.fire ?? 0, c.terrainIds[c.terrain[x] as number] ?? 'terrain')
  if (s.forts.includes(x)) add(TERRAIN.markerFire, 'fortification marker')
  else if (behindFort(c, s, x)) add(MODIFIERS.fireFortification, 'fortification')
  // 8.3: every stack that includes a unit of a demoralised corps, whether that unit fires or not
  if (s.grp.some((u) => stackDemoralised(c, s, s.hex[u] as number))) add(MODIFIERS.demoralisedAttack, 'demoralised corps')
  const sh = columnShift(m)
  const dm = leftoverDieModifier(m)
  const col0 = fireColumn(c, strength)
  const col = shiftColumn(col0, sh, c.fireCols.length)
  const die = roll(s.dice, 6, 1, `fire at ${lbl(c, x)}`, ev)
  const md = clampDie(die + dm, 0, 7) // rows 0 = "1 or less" .. 7 = "6 or more"
  const r = c.fireRes[col]?.[md]
  const txt = c.fireTxt[col]?.[md] ?? '-'
  for (const u of s.grp) s.fl[u] = (s.fl[u] as number) | F_DONE
  if (ev) ev.push({ type: 'fired', units: s.grp.map((u) => c.unitIds[u] as string), target: lbl(c, x), strength, column: c.fireCols[col] as string, modifier: m, shift: sh, dieMod: dm, die, result: txt, modifiers: mods ?? [] })
  if (r && (r.elim > 0 || r.test || r.disorg)) s.q.push(Q_HIT, x, foe, r.elim, r.test ? r.mod : NO_TEST, r.disorg ? 1 : 0)
}

/** 12.4: is the target in hex x directly behind a fortification seen from the shooters? */
export function behindFort(c: Ctx, s: MState, x: number): boolean {
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
