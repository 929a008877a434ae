// F) Shooting: who may shoot at whom (range, arc, line of sight), the to-hit
// number and its modifiers, hits kept until the phase is over, then saves,
// stands removed (leftover hits discarded) and the status check on 6s.

import { d6 } from '../../dice.ts'
import type { Ctx } from './context.ts'
import { ARM_ART, ARM_INF } from './context.ts'
import { dist, effForm, FL, FLIM, FO, FSQ, FUN, inFrontArc, isGood, onMap, terrainOf, touching } from './core.ts'
import { removeUnit, statusCheck } from './morale.ts'
import { SHOOT_MOD, TO_HIT } from './tables.ts'
import { F_CHARGE, F_RALLIED, F_SHOT, S_DEAD, type Events, type MtState } from './state.ts'

/** Index of "woods" in tables.TERRAIN_IDS. */
const WOODS = 1

/** To-hit number from a modifier sum: 4+ modified, but "#1 always miss, #6 always hit". */
export const need = (mod: number): number => Math.min(6, Math.max(2, TO_HIT - mod))

/** F 2) shooting modifiers against target t (and the shooter's own: British line fire). With `terms`, each
 *  one that applies is also listed there ("vs square +1") for the log. */
export function shootMod(c: Ctx, s: MtState, shooter: number, t: number, inMelee: { canister: boolean } | null, terms?: string[]): number {
  let m = 0
  const add = (k: keyof typeof SHOOT_MOD, label: string): void => {
    m += SHOOT_MOD[k]
    terms?.push(`${label} ${SHOOT_MOD[k] > 0 ? '+' : ''}${SHOOT_MOD[k]}`)
  }
  const th = s.hex[t] as number
  const tf = effForm(c, s, t)
  if (c.defended[th]) add('vsDefended', 'vs defended')
  if (c.uArm[t] === ARM_INF && tf === FO) add('vsOpenOrder', 'vs open order')
  if (c.uArm[t] === ARM_ART && tf === FUN) add('vsUnlimbered', 'vs unlimbered')
  if (c.uArm[t] === ARM_INF && tf === FSQ) add('vsSquare', 'vs square')
  if (c.uArm[t] === ARM_INF && c.prof[t]?.hardToHit) add('vsHardToHit', 'vs hard to hit')
  if (c.terr[th] === WOODS) add('vsInWoods', 'vs in woods')
  if (c.prof[shooter]?.lineFire && effForm(c, s, shooter) === FL) add('lineFire', 'British line fire')
  if (inMelee) {
    if (inMelee.canister) add('canister', 'canister')
    if (c.uArm[t] === 1 && (s.fl[t] as number) & F_CHARGE) add('vsChargingCavalry', 'vs charging cavalry')
  }
  return m
}

/** Shooting range in inches: profile range; British infantry have 3 only in line; artillery long range. */
export function rangeOf(c: Ctx, s: MtState, u: number): number {
  const p = c.prof[u]
  if (!p) return 0
  if (p.arm === 'art') return p.art === 'horse' ? 12 : 18
  if (p.lineFire && effForm(c, s, u) !== FL) return Math.min(p.range, 2)
  return p.range
}
const shortRange = (c: Ctx, u: number): number => (c.prof[u]?.art === 'horse' ? 6 : 9)

/** "clear LOS": no unit, wood or built-up area on the hexes between, unless the shooter stands higher
 *  than that hex and the target (it sees over); an intervening hex higher than both blocks. Either of the
 *  two lines along a hex edge will do. No allocation. */
export function clearLos(c: Ctx, a: number, b: number): boolean {
  return losLine(c, a, b, 1e-6) || losLine(c, a, b, -1e-6)
}
function losLine(c: Ctx, a: number, b: number, e: number): boolean {
  const n = dist(c, a, b)
  if (n <= 1) return true
  const g = c.grid
  const aq = (g.q[a] as number) + e
  const ar = (g.r[a] as number) + e
  const bq = (g.q[b] as number) + e
  const br = (g.r[b] as number) + e
  const ea = c.elev[a] as number
  const eb = c.elev[b] as number
  for (let i = 1; i < n; i++) {
    const t = i / n
    const fq = aq + (bq - aq) * t
    const fr = ar + (br - ar) * t
    const fs = -fq - fr
    let q = Math.round(fq)
    let r = Math.round(fr)
    const s3 = Math.round(fs)
    const dq = Math.abs(q - fq)
    const dr = Math.abs(r - fr)
    const ds = Math.abs(s3 - fs)
    if (dq > dr && dq > ds) q = -r - s3
    else if (dr > ds) r = -q - s3
    const row = r + ((q - (q & 1)) >> 1)
    if (q < 0 || q >= g.cols || row < 0 || row >= g.rows) return false
    const h = row * g.cols + q
    const eh = c.elev[h] as number
    if (eh > ea && eh > eb) return false
    const blocked = (c.occ[h] as number) >= 0 || terrainOf(c, h).blocksLos
    if (blocked && !(ea > eh)) return false
  }
  return true
}

/** Whether u may shoot this phase at all (F: in range, clear LOS, not disordered; rallied units may not shoot). */
export function canShoot(c: Ctx, s: MtState, u: number): boolean {
  if (!onMap(s, u) || !isGood(s, u) || (s.fl[u] as number) & (F_SHOT | F_RALLIED)) return false
  const p = c.prof[u]
  if (!p || p.shoot <= 0) return false
  if (p.arm === 'art' && s.form[u] === FLIM) return false
  return rangeOf(c, s, u) > 0
}

/** Whether u may shoot at enemy t: range, arc (all round for square and open order), clear LOS. */
export function canShootAt(c: Ctx, s: MtState, u: number, t: number): boolean {
  if (!onMap(s, t) || c.uSide[t] === c.uSide[u]) return false
  const a = s.hex[u] as number
  const b = s.hex[t] as number
  if (dist(c, a, b) > rangeOf(c, s, u) + 1) return false
  const f = effForm(c, s, u)
  const allRound = c.uArm[u] === ARM_INF && (f === FSQ || f === FO)
  if (!allRound && !inFrontArc(c, a, s.face[u] as number, b)) return false
  return clearLos(c, a, b)
}

/** Dice a shooter rolls at t: touching stands x shooting value; artillery 1 die at long range. */
export function shootDice(c: Ctx, s: MtState, u: number, t: number): number {
  const p = c.prof[u]
  if (!p) return 0
  if (p.arm === 'art') return dist(c, s.hex[u] as number, s.hex[t] as number) <= shortRange(c, u) + 1 ? p.shoot : 1
  return touching(c, s, u) * p.shoot
}

/** Rolls `n` dice needing `nd`; returns hits. */
export function rollHits(s: MtState, n: number, nd: number, why: string, ev: Events): number {
  let h = 0
  for (let i = 0; i < n; i++) if (d6(s.dice, why, ev) >= nd) h++
  return h
}

/** One shot of the shooting phase: hits are kept on the target until the phase is over. */
export function shoot(c: Ctx, s: MtState, u: number, t: number, ev: Events): void {
  const n = shootDice(c, s, u, t)
  const terms: string[] | undefined = ev ? [] : undefined
  const nd = need(shootMod(c, s, u, t, null, terms))
  const hits = rollHits(s, n, nd, `shooting of ${c.unitIds[u]} at ${c.unitIds[t]}`, ev)
  s.hits[t] = (s.hits[t] as number) + hits
  s.fl[u] = (s.fl[u] as number) | F_SHOT
  ev?.push({ type: 'shot', unit: c.unitIds[u] as string, target: c.unitIds[t] as string, dice: n, need: nd, terms: terms ?? [], hits, why: 'shooting phase' })
}

/** Saves (heavy cavalry 5+, unit save value) against `hits`; returns the hits that stand. */
export function saves(c: Ctx, s: MtState, u: number, hits: number, ev: Events): number {
  const sv = c.prof[u]?.save ?? 0
  if (sv <= 0 || hits <= 0) return hits
  let saved = 0
  for (let i = 0; i < hits; i++) if (d6(s.dice, `save of ${c.unitIds[u]}`, ev) >= sv) saved++
  if (saved) ev?.push({ type: 'saved', unit: c.unitIds[u] as string, saves: saved })
  return hits - saved
}

/** F 3) Every `hits` value of hits removes a stand; the rest are discarded. Returns false if destroyed. */
export function removeStands(c: Ctx, s: MtState, u: number, hits: number, ev: Events): boolean {
  const hv = c.prof[u]?.hits ?? 2
  const lost = Math.min(s.stands[u] as number, Math.floor(hits / hv))
  s.stands[u] = (s.stands[u] as number) - lost
  if (lost > 0 || hits > 0) ev?.push({ type: 'stands-lost', unit: c.unitIds[u] as string, stands: lost, left: s.stands[u] as number, discarded: hits - lost * hv })
  if ((s.stands[u] as number) <= 0) {
    removeUnit(c, s, u, S_DEAD, 'all stands lost', ev)
    return false
  }
  return true
}

/** End of the shooting phase: "All results are applied after the phase is over." */
export function applyShootingResults(c: Ctx, s: MtState, ev: Events): void {
  for (let u = 0; u < c.nU; u++) {
    const raw = s.hits[u] as number
    if (raw <= 0) continue
    s.hits[u] = 0
    if (!onMap(s, u)) continue
    const h = saves(c, s, u, raw, ev)
    if (!removeStands(c, s, u, h, ev)) continue
    statusCheck(c, s, u, h, 'shooting', ev)
  }
}

