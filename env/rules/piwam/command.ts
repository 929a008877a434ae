// 2 Command and control: leaders' modifiers (2.1 A), wing commanders and their
// moves (2.1 B), the line of command (2.3), leaders lost.

import { ARM_CAV } from './context.ts'
import { LS_IN, LS_REMOVED, type PiwamState } from './state.ts'
import type { Board } from './board.ts'

/** Sum of the ratings (negative) of the side's leaders in play at h. */
export function leaderMod(R: Board, s: PiwamState, h: number, side: number): number {
  if (h < 0) return 0
  let m = 0
  for (let j = 0; j < R.ctx.m; j++) if (s.lState[j] === LS_IN && s.lHex[j] === h && R.ctx.lSide[j] === side) m += R.ctx.lRating[j]!
  return m
}

/** Wing commander rating, plus the army commander's when stacked with or adjacent to him (cumulative, 2.1 A). */
export function commandMod(R: Board, s: PiwamState, w: number): number {
  const j = s.wCmd[w]!
  if (j < 0 || s.lState[j] !== LS_IN) return 0
  let m = R.ctx.lRating[j]!
  const side = R.ctx.wSide[w]!
  for (let a = 0; a < R.ctx.m; a++) {
    if (R.ctx.lArmy[a] && R.ctx.lSide[a] === side && s.lState[a] === LS_IN && R.dist(s.lHex[a]!, s.lHex[j]!) <= 1) m += R.ctx.lRating[a]!
  }
  return m
}

export function wingCmdHex(R: Board, s: PiwamState, w: number): number {
  const j = s.wCmd[w]!
  return j >= 0 && s.lState[j] === LS_IN ? s.lHex[j]! : -1
}

export function wingHasUnits(R: Board, s: PiwamState, w: number): boolean {
  for (let u = 0; u < R.ctx.n; u++) if (R.ctx.uWing[u] === w && s.uHex[u]! >= 0) return true
  return false
}

export function commandOf(R: Board, s: PiwamState, w: number): void {
  if (R.cmdWing === w) return
  R.cmdWing = w
  const n = R.ctx.n
  R.cmd.fill(0)
  const ch = wingCmdHex(R, s, w)
  if (ch < 0) return
  const side = R.ctx.wSide[w]!
  let qn = 0
  for (let u = 0; u < n; u++) {
    const h = s.uHex[u]!
    if (h >= 0 && R.ctx.uSide[u] === side && R.dist(h, ch) <= 1) {
      R.cmd[u] = 1
      R.tmpUnits[qn++] = u
    }
  }
  for (let qi = 0; qi < qn; qi++) {
    const a = R.tmpUnits[qi]!
    const ah = s.uHex[a]!
    for (let b = 0; b < n; b++) {
      if (R.cmd[b] || R.ctx.uSide[b] !== side) continue
      const bh = s.uHex[b]!
      if (bh < 0) continue
      const range = R.ctx.uArm[b] === ARM_CAV ? 2 : 1
      if (R.dist(ah, bh) <= range) {
        R.cmd[b] = 1
        R.tmpUnits[qn++] = b
      }
    }
  }
}

export function inCommand(R: Board, s: PiwamState, u: number): boolean {
  const w = R.ctx.uWing[u]!
  if (w < 0) return false
  commandOf(R, s, w)
  return R.cmd[u] === 1
}

export function removeLeader(R: Board, s: PiwamState, j: number, why: string): void {
  if (s.lState[j] !== LS_IN) return
  s.lState[j] = LS_REMOVED
  s.lHex[j] = -1
  for (let w = 0; w < R.ctx.w; w++) if (s.wCmd[w] === j) s.wCmd[w] = -1
  if (R.ev) R.push({ type: 'leader-lost', leader: R.ctx.lId[j]!, why })
}

export function removeLeadersAt(R: Board, s: PiwamState, h: number, side: number, why: string): void {
  for (let j = 0; j < R.ctx.m; j++) if (s.lState[j] === LS_IN && s.lHex[j] === h && R.ctx.lSide[j] === side) removeLeader(R, s, j, why)
}

/** Is wing leader j stacked with a unit of his wing? (Under Charge he moves only with it, unless left alone.) */
export function withWing(R: Board, s: PiwamState, j: number): boolean {
  const h = s.lHex[j]!
  if (h < 0) return false
  const a = R.occ0[h]! - 1
  const b = R.occ1[h]! - 1
  const w = R.ctx.lWing[j]!
  return (a >= 0 && R.ctx.uWing[a] === w) || (b >= 0 && R.ctx.uWing[b] === w)
}

/** Leader destinations: a hex within leader movement (in hexes; leaders ride) holding a unit of his
 *  command (wing commander: his wing; army commander: his side). Withdrawal: a hex farther from the trigger. */
export function leaderDests(R: Board, s: PiwamState, j: number, mask: Uint8Array | null, mp: number, withdrawFrom: number): number {
  const h = s.lHex[j]!
  if (h < 0) return 0
  const side = R.ctx.lSide[j]!
  const w = R.ctx.lWing[j]!
  let c = 0
  if (withdrawFrom >= 0) {
    const row = h * R.size
    const d0 = R.dist(h, withdrawFrom)
    for (let x = 0; x < R.size; x++) {
      const d = R.ctx.grid.dist[row + x]!
      if (d === 0 || d > mp || R.ctx.terrain[x] === 5 || R.dist(x, withdrawFrom) <= d0 || R.sideAt(x) === 1 - side) continue
      if (mask) mask[R.offHex + x] = 1
      c++
    }
    return c
  }
  for (let u = 0; u < R.ctx.n; u++) {
    const x = s.uHex[u]!
    if (x < 0 || x === h || R.ctx.uSide[u] !== side || (w >= 0 && R.ctx.uWing[u] !== w)) continue
    if (R.dist(h, x) > mp) continue
    if (mask) {
      if (mask[R.offHex + x]) continue
      mask[R.offHex + x] = 1
    }
    c++
  }
  return c
}
