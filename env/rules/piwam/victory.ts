// Victory (not in the seed; scenario `victory`): army break and points at the
// turn limit.

import type { Player } from '../../core/types.ts'
import type { PiwamState } from './state.ts'
import type { Board } from './board.ts'

export function lost(R: Board, s: PiwamState, side: number): number {
  let v = 0
  for (let u = 0; u < R.ctx.n; u++) if (R.ctx.uSide[u] === side && (s.uHex[u]! < 0 || s.uStatus[u] === 3)) v += R.ctx.uValue[u]!
  return v
}

/** An army whose lost value reaches breakFraction of its start breaks and loses. Returns true when the game ended. */
export function checkBreak(R: Board, s: PiwamState): boolean {
  if (s.winner >= 0) return true
  const l0 = lost(R, s, 0)
  const l1 = lost(R, s, 1)
  const sv = R.ctx.startValue
  const f0 = sv[0] > 0 ? l0 / sv[0] : 1
  const f1 = sv[1] > 0 ? l1 / sv[1] : 1
  const b0 = f0 >= R.ctx.breakFraction - 1e-9
  const b1 = f1 >= R.ctx.breakFraction - 1e-9
  if (!b0 && !b1) return false
  const winner = b0 && b1 ? (f0 === f1 ? 2 : f0 > f1 ? 1 : 0) : b0 ? 1 : 0
  gameOver(R, s, winner, winner === 2 ? 'both armies broke' : `${R.ctx.scenario.sides[1 - winner]?.name ?? 'side ' + (1 - winner)} broke`, [l1, l0])
  return true
}

export function endByPoints(R: Board, s: PiwamState): void {
  const vp0 = lost(R, s, 1)
  const vp1 = lost(R, s, 0)
  const margin = vp0 - vp1
  const winner = Math.abs(margin) <= R.ctx.drawMargin ? 2 : margin > 0 ? 0 : 1
  gameOver(R, s, winner, `turn limit: victory points ${vp0}-${vp1}`, [vp0, vp1])
}

export function gameOver(R: Board, s: PiwamState, winner: number, reason: string, score: [number, number]): void {
  s.winner = winner
  s.reason = reason
  s.score = score
  s.kind = -1
  if (R.ev) R.push({ type: 'game-over', winner: winner === 2 ? null : (winner as Player), reason, score })
}
