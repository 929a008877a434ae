// Small helpers every mechanic uses: occupancy, formations as fought, arcs,
// terrain access, ranges in hexes, labels.

import { dirStep, rot } from '../../hex/grid.ts'
import { ARM_ART, ARM_CAV, ARM_INF, HS_BRIDGE, HS_FORD, HS_RIVER, HS_STREAM, type Ctx } from './context.ts'
import { MOVE, TERRAIN, TERRAIN_IDS, type TerrainId } from './tables.ts'
import { F_EXH, S_DEAD, S_DIS, S_GOOD, S_ROUT, type MtState } from './state.ts'

// formation indices (tables.FORMATIONS)
export const FL = 0
export const FC = 1
export const FSQ = 2
export const FO = 3
export const FM = 4
export const FLIM = 5
export const FUN = 6

export const lbl = (c: Ctx, h: number): string => (h >= 0 ? (c.grid.labels[h] as string) : '-')
export const onMap = (s: MtState, u: number): boolean => (s.st[u] as number) < S_DEAD
export const nb = (c: Ctx, h: number, d: number): number => c.grid.neighbors[h * 6 + d] as number
export const dist = (c: Ctx, a: number, b: number): number => c.grid.dist[a * c.size + b] as number

/** "within R inches", measured base to base: a unit fills its hex, so adjacent = 0" apart and distance d = (d-1)". */
export const within = (c: Ctx, a: number, b: number, inches: number): boolean => dist(c, a, b) <= inches + 1

export function sync(c: Ctx, s: MtState): void {
  c.occ.fill(-1)
  for (let u = 0; u < c.nU; u++) if (onMap(s, u)) c.occ[s.hex[u] as number] = u
}

export const terrainOf = (c: Ctx, h: number): (typeof TERRAIN)[TerrainId] => TERRAIN[TERRAIN_IDS[c.terr[h] as number] as TerrainId]
export const difficult = (c: Ctx, h: number): boolean => terrainOf(c, h).difficult

/** The formation a unit fights and moves in: infantry in woods, BUA or marsh is in open order (keeping its formation). */
export function effForm(c: Ctx, s: MtState, u: number): number {
  const f = s.form[u] as number
  if (c.uArm[u] === ARM_INF && difficult(c, s.hex[u] as number)) return FO
  return f
}

/** Movement rate in hexes (E 6). */
export function moveRate(c: Ctx, s: MtState, u: number): number {
  const st = s.st[u] as number
  const arm = c.uArm[u]
  if (st === S_ROUT) return arm === ARM_INF ? MOVE.routed.inf : arm === ARM_CAV ? MOVE.routed.cav : MOVE.routed.art
  if (st === S_DIS) return MOVE.disordered
  const f = s.form[u] as number
  if (arm === ARM_INF) return f === FL ? MOVE.inf.line : f === FC ? MOVE.inf.column : f === FSQ ? MOVE.inf.square : f === FO ? MOVE.inf.open : MOVE.inf.march
  if (arm === ARM_CAV) return (s.fl[u] as number) & F_EXH ? MOVE.cav.exhausted : f === FM ? MOVE.cav.march : MOVE.cav.line
  const kind = c.prof[u]?.art === 'horse' ? MOVE.horse : MOVE.foot
  return f === FLIM ? kind.limbered : kind.unlimbered
}

/** Whether unit u may step from a across side d (terrain, hexsides, roads; not occupancy). `loose`: a retreat
 *  or rout, which is not bound to the road of a march column. */
export function canStep(c: Ctx, s: MtState, u: number, a: number, d: number, loose = false): boolean {
  const b = nb(c, a, d)
  if (b < 0) return false
  const side = c.hs[a * 6 + d] as number
  if (side & HS_RIVER && !(side & (HS_BRIDGE | HS_FORD))) return false
  const roadLink = c.road[a * 6 + d] === 1
  const routed = loose || s.st[u] === S_ROUT
  if (!routed && (s.form[u] === FM) && !roadLink) return false // march column: "must move all the way along the road"
  if (c.uArm[u] === ARM_INF) return true
  const t = terrainOf(c, b)
  if (t.cavArt === 'no') return false
  if (t.cavArt === 'road') {
    if (!roadLink) return false
    if (c.uArm[u] === ARM_CAV && s.form[u] !== FM && !routed) return false // "Cavalry remain in march column"
  }
  return true
}

/** Pixel direction vectors of the six hexsides (flat-topped, y down). */
const DIRX: number[] = []
const DIRY: number[] = []
for (let d = 0; d < 6; d++) {
  const [dq, dr] = dirStep(d)
  DIRX.push(1.5 * dq)
  DIRY.push(Math.sqrt(3) * (dr + dq / 2))
}

/** F) "front facing of 180 degrees": the half-plane ahead of the facing hexside. */
export function inFrontArc(c: Ctx, from: number, face: number, to: number): boolean {
  const dx = (c.px[to] as number) - (c.px[from] as number)
  const dy = (c.py[to] as number) - (c.py[from] as number)
  return dx * (DIRX[face] as number) + dy * (DIRY[face] as number) > 1e-9
}

/** Arc of an adjacent hex: 0 front (3 front hexsides), 1 flank (2 sides), 2 rear (the rear hexside). */
export function adjArc(c: Ctx, from: number, face: number, to: number): number {
  for (let d = 0; d < 6; d++) {
    if (c.grid.neighbors[from * 6 + d] !== to) continue
    const k = rot(d, -face)
    return k === 0 || k === 1 || k === 5 ? 0 : k === 3 ? 2 : 1
  }
  return -1
}

export function dirTo(c: Ctx, a: number, b: number): number {
  for (let d = 0; d < 6; d++) if (c.grid.neighbors[a * 6 + d] === b) return d
  return -1
}

/** Whether a stream or river hexside lies between adjacent hexes a and b (a defended position for the one behind it). */
export function waterBetween(c: Ctx, a: number, b: number): boolean {
  const d = dirTo(c, a, b)
  return d >= 0 && ((c.hs[a * 6 + d] as number) & (HS_STREAM | HS_RIVER)) !== 0
}

/** Stands that touch an enemy (and that can shoot), per formation (tables.TOUCHING). */
export function touching(c: Ctx, s: MtState, u: number): number {
  const n = s.stands[u] as number
  const f = effForm(c, s, u)
  const t = c.touching
  const k = f === FL ? t.line : f === FC ? t.column : f === FSQ ? t.square : f === FO ? t.open : f === FM ? t.march : f === FLIM ? t.limbered : t.unlimbered
  if (k < 0) return Math.ceil(n / -k)
  return Math.min(n, k)
}

export const isGood = (s: MtState, u: number): boolean => s.st[u] === S_GOOD
export const isCav = (c: Ctx, u: number): boolean => c.uArm[u] === ARM_CAV
export const isInf = (c: Ctx, u: number): boolean => c.uArm[u] === ARM_INF
export const isArt = (c: Ctx, u: number): boolean => c.uArm[u] === ARM_ART

/** Whether an enemy of side `side` stands adjacent to hex h (occupancy must be synced). */
export function enemyAdjacent(c: Ctx, side: number, h: number): boolean {
  for (let d = 0; d < 6; d++) {
    const n = c.grid.neighbors[h * 6 + d] as number
    if (n < 0) continue
    const v = c.occ[n] as number
    if (v >= 0 && c.uSide[v] !== side) return true
  }
  return false
}

/** D 4) whether commander l may spend CP on unit u: l is in u's chain (division, corps, army), or is its army commander. */
export function commands(c: Ctx, l: number, u: number): boolean {
  const i = u * 3
  return c.uChain[i] === l || c.uChain[i + 1] === l || c.uChain[i + 2] === l || (c.lRole[l] === 'army' && c.lSide[l] === c.uSide[u])
}
