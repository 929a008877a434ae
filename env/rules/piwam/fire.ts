// 4.1 Fire combat: fire zones, artillery cones and line of sight, offensive and
// defensive fire, artillery lines of fire within 3 hexes, hits and margins.

import { belowBothEnds, clearLine, type SightRule } from '../shared/los.ts'
import { STATUSES, T_ART, T_R, TERRAINS } from './tables.ts'
import { F_ART_FIRED, F_ENDED, F_SPENT, LS_IN, P_FIRE, P_NONE, type PiwamState, TR_FIRED, TR_MP } from './state.ts'
import type { Board } from './board.ts'
import { removeLeader } from './command.ts'
import { openReactions, trigger } from './reaction.ts'
import { moraleCheck } from './morale.ts'

/** Is hex t in u's fire zone (4.1)? Front and flank hexes; Reiters also the range-2 frontal cone; artillery its cone. */
export function inZone(R: Board, s: PiwamState, u: number, t: number): boolean {
  const h = s.uHex[u]!
  if (h < 0 || t < 0) return false
  const f = s.uFace[u]!
  if (R.ctx.uType[u] === T_ART) {
    const c = cone(R, h, f)
    for (let i = 0; i < c.length; i++) if (c[i] === t) return los(R, s, h, t)
    return false
  }
  const nb = R.ctx.grid.neighbors
  const b = h * 6
  if (nb[b + f] === t || nb[b + ((f + 1) % 6)] === t || nb[b + ((f + 2) % 6)] === t || nb[b + ((f + 5) % 6)] === t) return true
  if (R.ctx.uType[u] === T_R) {
    const z = (h * 6 + f) * 3
    const iz = R.ctx.izone
    if (iz[z] === t || iz[z + 1] === t || iz[z + 2] === t) return true
  }
  return false
}

export function cone(R: Board, h: number, f: number): Int32Array {
  const key = h * 6 + f
  let c = R.coneCache.get(key)
  if (!c) {
    const out: number[] = []
    const max = R.ctx.tables.artilleryRange.maxRange
    for (let t = 0; t < R.size; t++) {
      const d = R.dist(h, t)
      if (d < 1 || d > max) continue
      if (inCone(R, h, f, t)) out.push(t)
    }
    out.sort((a, b) => R.dist(h, a) - R.dist(h, b) || a - b)
    c = Int32Array.from(out)
    R.coneCache.set(key, c)
  }
  return c
}

/** t lies in the 60-degree sector between sides f and f+1 of h (the frontal cone). */
export function inCone(R: Board, h: number, f: number, t: number): boolean {
  const g = R.ctx.grid
  const dq = g.q[t]! - g.q[h]!
  const dr = g.r[t]! - g.r[h]!
  // express (dq, dr) = a*dirA + b*dirB with a, b >= 0
  const A = AXIAL[f]!
  const B = AXIAL[(f + 1) % 6]!
  const det = A[0] * B[1] - A[1] * B[0]
  const a = (dq * B[1] - dr * B[0]) / det
  const b = (A[0] * dr - A[1] * dq) / det
  return a >= 0 && b >= 0
}

/** Line of sight (artillery, 4.1): hexes strictly between block if woods/village or occupied, unless lower than both ends. */
export function los(R: Board, s: PiwamState, a: number, b: number): boolean {
  return clearLine(R.sight, a, b, R.sightRule)
}

/** What blocks a piwam line of sight: sight-blocking terrain or any unit, unless the hex lies below both ends. */
export class PiwamSight implements SightRule {
  R: Board
  constructor(R: Board) {
    this.R = R
  }
  blocks(h: number, a: number, b: number): boolean {
    const R = this.R
    if (belowBothEnds(R.ctx.elev, h, a, b)) return false
    return R.occ0[h]! > 0 || R.blocksSight[h] === 1
  }
}

export function canFireType(R: Board, s: PiwamState, u: number): boolean {
  if (s.uHex[u]! < 0) return false
  if (R.ctx.uType[u] === T_ART) return (s.uFlags[u]! & F_ART_FIRED) === 0
  return s.uStatus[u]! < 3 && R.ctx.tables.fire.toHit[R.typeName(u)] > 0
}

/** Counts the hexes u may fire at (and marks them in mask when given). */
export function fireTargets(R: Board, s: PiwamState, u: number, mask: Uint8Array | null): number {
  const h = s.uHex[u]!
  const f = s.uFace[u]!
  let count = 0
  if (R.ctx.uType[u] === T_ART) {
    const c = cone(R, h, f)
    for (let i = 0; i < c.length; i++) count += fireTest(R, s, u, c[i]!, mask)
    return count
  }
  const nb = R.ctx.grid.neighbors
  count += fireTest(R, s, u, nb[h * 6 + f]!, mask)
  count += fireTest(R, s, u, nb[h * 6 + ((f + 1) % 6)]!, mask)
  count += fireTest(R, s, u, nb[h * 6 + ((f + 2) % 6)]!, mask)
  count += fireTest(R, s, u, nb[h * 6 + ((f + 5) % 6)]!, mask)
  if (R.ctx.uType[u] === T_R) for (let k = 0; k < 3; k++) count += fireTest(R, s, u, R.ctx.izone[(h * 6 + f) * 3 + k]!, mask)
  return count
}

export function fireTest(R: Board, s: PiwamState, u: number, t: number, mask: Uint8Array | null): number {
  if (t < 0 || R.occ0[t] === 0 || R.sideAt(t) === R.ctx.uSide[u] || !inZone(R, s, u, t)) return 0
  if (mask) mask[R.offHex + t] = 1
  return 1
}

/** Resolves one fire at target hex t (4.1). Artillery within lineRange attacks the 3 hexes along the line.
 *  With s.rtUnit >= 0 on return a broken unit's owner picks its retreat: the pending register (P_FIRE) says
 *  where the resolution resumes (resumeFire). */
export function resolveFire(R: Board, s: PiwamState, u: number, t: number, extra: number, defensive: boolean): void {
  const h = s.uHex[u]!
  if (R.ctx.uType[u] === T_ART) {
    s.uFlags[u] = s.uFlags[u]! | F_ART_FIRED
    const d = R.dist(h, t)
    if (d <= R.ctx.tables.artilleryRange.lineRange) {
      fireLine(R, s, u, t, 1, defensive)
      return
    }
    fireAtHex(R, s, u, t, d, 0, defensive)
  } else fireAtHex(R, s, u, t, R.dist(h, t), extra, defensive)
  if (s.rtUnit >= 0) {
    s.pend[2] = t
    s.pend[3] = -1
  }
}

/** Artillery within lineRange: the hexes at ranges k0..lineRange along the line from the gun through t, each
 *  enemy-held hex with its own roll. Returns false when a retreat choice interrupts it (pending P_FIRE). */
function fireLine(R: Board, s: PiwamState, u: number, t: number, k0: number, defensive: boolean): boolean {
  const h = s.uHex[u]!
  const d = R.dist(h, t)
  const g = R.ctx.grid
  const q0 = g.q[h]!
  const r0 = g.r[h]!
  const dq = g.q[t]! - q0
  const dr = g.r[t]! - r0
  const side = R.ctx.uSide[u]!
  const L = R.ctx.tables.artilleryRange.lineRange
  for (let k = k0; k <= L; k++) {
    const x = lineHex(R, q0 + 1e-6, r0 + 2e-6, (dq * k) / d, (dr * k) / d)
    if (x < 0) break
    if (R.occ0[x]! > 0 && R.sideAt(x) !== side) fireAtHex(R, s, u, x, R.dist(h, x), 0, defensive)
    if (s.rtUnit >= 0) {
      s.pend[2] = t
      s.pend[3] = k
      return false
    }
  }
  return true
}

/** Resumes a fire resolution after a retreat its owner steered: the other unit of the hit hex, then the rest of
 *  an artillery line. Returns false when another retreat choice interrupts it again. */
export function resumeFire(R: Board, s: PiwamState): boolean {
  const P = s.pend
  const u = P[1]!
  const next = P[5]!
  P[5] = -1
  if (next >= 0) {
    moraleCheck(R, s, next, P[6]!, s.uHex[u]!, 'fire')
    if (s.rtUnit >= 0) return false
  }
  return P[3]! < 0 || fireLine(R, s, u, P[2]!, P[3]! + 1, P[7] === 1)
}

/** What follows a resolved fire: defensive fire goes back to the reaction window, offensive fire opens one. */
export function afterFire(R: Board, s: PiwamState): void {
  const P = s.pend
  P[0] = P_NONE
  if (P[7] === 1) openReactions(R, s)
  else trigger(R, s, P[1]!, TR_FIRED | (R.ctx.uType[P[1]!] === T_ART ? 0 : TR_MP), P[2]!)
}

/** The hex at axial offset (dq, dr) from (q0, r0) after cube rounding, -1 off the map. */
export function lineHex(R: Board, q0: number, r0: number, dq: number, dr: number): number {
  const fq = q0 + dq
  const fr = r0 + dr
  const fs = -fq - fr
  let q = Math.round(fq)
  let r = Math.round(fr)
  const ss = Math.round(fs)
  const xq = Math.abs(q - fq)
  const xr = Math.abs(r - fr)
  const xs = Math.abs(ss - fs)
  if (xq > xr && xq > xs) q = -r - ss
  else if (xr > xs) r = -q - ss
  const col = q
  const row = r + ((q - (q & 1)) >> 1)
  const g = R.ctx.grid
  if (col < 0 || col >= g.cols || row < 0 || row >= g.rows) return -1
  return row * g.cols + col
}

export function fireAtHex(R: Board, s: PiwamState, u: number, t: number, range: number, extra: number, defensive: boolean): void {
  const T = R.ctx.tables
  const art = R.ctx.uType[u] === T_ART
  const toHit = art ? (T.artilleryRange.toHit[range] ?? 10) : T.fire.toHit[R.typeName(u)]
  const roll = R.roll(s, 'fire')
  const status = art ? 0 : T.statusEffects.fire[STATUSES[s.uStatus[u]!]!]
  const cover = -T.fire.cover[TERRAINS[R.ctx.terrain[t]!]!]
  const total = roll + extra + status + cover
  const hit = total >= toHit
  const margin = hit ? total - toHit : 0
  if (R.ev) {
    const terms: string[] = []
    const term = (label: string, v: number) => v !== 0 && terms.push(`${label} ${v > 0 ? '+' : ''}${v}`)
    term('extra MP spent', extra)
    term(`firer ${STATUSES[s.uStatus[u]!]}`, status)
    term(`target in ${TERRAINS[R.ctx.terrain[t]!]}`, cover)
    R.push({ type: 'fired', unit: R.ctx.uId[u]!, target: R.hexLabel(t), range, toHit, roll, terms, total, hit, margin, defensive })
  }
  if (!hit) return
  const side = R.ctx.uSide[u]!
  // leaders in a hit hex roll first (2.1 A)
  for (let j = 0; j < R.ctx.m; j++) {
    if (s.lState[j] === LS_IN && s.lHex[j] === t && R.ctx.lSide[j] !== side) {
      if (R.roll(s, 'leader hit') >= R.ctx.tables.leaders.lossRoll) removeLeader(R, s, j, 'hit by fire')
    }
  }
  const a = R.occ0[t]! - 1
  const b = R.occ1[t]! - 1
  const from = s.uHex[u]!
  // each unit of the hex checks (3.2); a broken unit's retreat may wait for its owner's choice
  if (a >= 0) moraleCheck(R, s, a, margin, from, 'fire')
  if (s.rtUnit >= 0) return pendFire(s, u, t, b, margin, defensive)
  if (b >= 0) moraleCheck(R, s, b, margin, from, 'fire')
  if (s.rtUnit >= 0) pendFire(s, u, t, -1, margin, defensive)
}

function pendFire(s: PiwamState, u: number, t: number, next: number, margin: number, defensive: boolean): void {
  const P = s.pend
  P[0] = P_FIRE
  P[1] = u
  P[4] = t
  P[5] = next
  P[6] = margin
  P[7] = defensive ? 1 : 0
}

export function doFire(R: Board, s: PiwamState, u: number, t: number): void {
  const extra = s.fireExtra
  if (R.ctx.uType[u] === T_ART) s.uFlags[u] = s.uFlags[u]! | F_ENDED
  else {
    s.mp = Math.max(0, s.mp - R.ctx.tables.fire.fireMp - extra)
    s.uFlags[u] = s.uFlags[u]! | F_SPENT
  }
  resolveFire(R, s, u, t, extra, false)
  if (s.rtUnit >= 0) return // the flow resumes the fire after the retreat, then opens the reaction window
  trigger(R, s, u, TR_FIRED | (R.ctx.uType[u] === T_ART ? 0 : TR_MP), t)
}

const AXIAL: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
]
