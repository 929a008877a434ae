// Command actions: move (attach / detach), steady, inspire, issue orders; chain of command; the
// two-action leader's either/or (no steady and inspire in one turn, at most two influences); messengers.

import type { Ctx } from './context.ts'
import { addDp, dist, nearestEnemyDist, type Scratch } from './core.ts'
import { type CfeoState, INF_INSPIRE, INF_STEADY, L_WOUNDED, U_HALT } from './state.ts'
import { ORDERS } from './tables.ts'
import { COMMAND, withinHexes, YARDS_PER_HEX } from './tables.ts'

export const leaderOk = (s: CfeoState, j: number): boolean => (s.lState[j] as number) <= L_WOUNDED && (s.lHex[j] as number) >= 0

/** May leader j influence unit u (chain of command)? */
export const inChain = (c: Ctx, j: number, u: number): boolean => c.uSide[u] === c.lSide[j] && (c.lRole[j] === 0 || c.lWing[j] === c.uWing[u])

/** A wounded one-action leader may no longer inspire or steady. */
const mayInfluence = (s: CfeoState, j: number, want: number): boolean => {
  if (s.lState[j] === L_WOUNDED && (s.lActions[j] as number) <= 1) return false
  const u = s.lAtt[j] as number
  if (u < 0) return false
  if ((s.lInfN[j] as number) >= COMMAND.maxInfluence) return false
  return s.lInf[j] === 0 || s.lInf[j] === want
}
export const canSteady = (c: Ctx, s: CfeoState, j: number): boolean => mayInfluence(s, j, INF_STEADY) && inChain(c, j, s.lAtt[j] as number) && (s.uDp[s.lAtt[j] as number] as number) > 0
export const canInspire = (c: Ctx, s: CfeoState, j: number): boolean => mayInfluence(s, j, INF_INSPIRE) && inChain(c, j, s.lAtt[j] as number)

/** Commanders a detached General is in base contact with (same or adjacent hex): their battalia. */
export function orderWings(c: Ctx, s: CfeoState, j: number, mask: Uint8Array | null, off: number): number {
  if (c.lRole[j] !== 0 || s.lAtt[j] !== -1) return 0
  let n = 0
  for (let w = 0; w < c.w; w++) {
    if (c.wSide[w] !== c.lSide[j]) continue
    const k = c.wCmd[w] as number
    if (k < 0 || !leaderOk(s, k)) continue
    if (dist(c, s.lHex[j] as number, s.lHex[k] as number) <= 1) {
      if (mask) mask[off + w] = 1
      n++
    }
  }
  return n
}

/** Battalia a detached General may send a messenger to: his side's, with a commander in play and no
 *  messenger already riding to it. */
export function messengerWings(c: Ctx, s: CfeoState, j: number, mask: Uint8Array | null, off: number): number {
  if (c.lRole[j] !== 0 || s.lAtt[j] !== -1) return 0
  let n = 0
  for (let w = 0; w < c.w; w++) {
    const k = c.wCmd[w] as number
    if (c.wSide[w] !== c.lSide[j] || k < 0 || !leaderOk(s, k) || (s.wMsgHex[w] as number) >= 0) continue
    if (mask) mask[off + w] = 1
    n++
  }
  return n
}

/** Messengers ride (120 yds, 240 beyond 120 yds of enemy, no dice) toward their commander, by the nearest
 *  way around units; in base contact with him (adjacent or the same hex) the new order is relayed. */
export function moveMessengers(c: Ctx, x: Scratch, s: CfeoState, side: number): void {
  for (let w = 0; w < c.w; w++) {
    let h = s.wMsgHex[w] as number
    if (h < 0 || c.wSide[w] !== side) continue
    const k = c.wCmd[w] as number
    if (k < 0 || !leaderOk(s, k)) {
      s.wMsgHex[w] = -1
      continue
    }
    const far = nearestEnemyDist(c, s, side, h) > withinHexes(COMMAND.farYards)
    let steps = Math.floor((far ? 2 : 1) * COMMAND.messengerYards / YARDS_PER_HEX)
    while (steps > 0 && dist(c, h, s.lHex[k] as number) > 1) {
      let best = -1
      let bd = dist(c, h, s.lHex[k] as number)
      for (let d = 0; d < 6; d++) {
        const nb = c.grid.neighbors[h * 6 + d] as number
        if (nb < 0 || c.impassable[nb] || ((x.occ[nb] as number) >= 0 && c.uSide[x.occ[nb] as number] !== side)) continue
        const dd = dist(c, nb, s.lHex[k] as number)
        if (dd < bd) {
          bd = dd
          best = nb
        }
      }
      if (best < 0) break
      h = best
      steps--
    }
    s.wMsgHex[w] = h
    if (dist(c, h, s.lHex[k] as number) <= 1) {
      s.wOrder[w] = s.wMsgOrder[w] as number
      s.wMsgHex[w] = -1
      if (x.ev) x.ev.push({ type: 'order-changed', wing: c.wId[w] as string, order: ORDERS[s.wOrder[w] as number] as string, by: 'messenger' })
    }
  }
}

/** Hexes a leader may move to: up to 120 yds (240 beyond 120 yds of enemy), not into enemy units. */
export function leaderDests(c: Ctx, x: Scratch, s: CfeoState, j: number, mask: Uint8Array | null, off: number): number {
  const h0 = s.lHex[j] as number
  if (mask === null) {
    // only whether he can move at all: some neighbour he may enter (every range is at least one hex)
    for (let k = 0; k < 6; k++) {
      const nb = c.grid.neighbors[h0 * 6 + k] as number
      if (nb < 0 || c.impassable[nb]) continue
      const v = x.occ[nb] as number
      if (v < 0 || c.uSide[v] === c.lSide[j]) return 1
    }
    return 0
  }
  const far = nearestEnemyDist(c, s, c.lSide[j] as number, h0) > withinHexes(COMMAND.farYards)
  const range = Math.floor((far ? 2 : 1) * COMMAND.moveYards / YARDS_PER_HEX)
  const mark = x.mark
  mark.fill(-1, 0, c.size)
  let qn = 0
  mark[h0] = 0
  x.q[qn++] = h0
  let n = 0
  for (let qi = 0; qi < qn; qi++) {
    const h = x.q[qi] as number
    const d = mark[h] as number
    if (d >= range) continue
    for (let k = 0; k < 6; k++) {
      const nb = c.grid.neighbors[h * 6 + k] as number
      if (nb < 0 || (mark[nb] as number) >= 0 || c.impassable[nb]) continue
      const v = x.occ[nb] as number
      if (v >= 0 && c.uSide[v] !== c.lSide[j]) continue
      mark[nb] = d + 1
      x.q[qn++] = nb
      if (mask) mask[off + nb] = 1
      n++
    }
  }
  return n
}

export function moveLeader(c: Ctx, x: Scratch, s: CfeoState, j: number, to: number): void {
  const from = s.lHex[j] as number
  s.lHex[j] = to
  if (s.lAtt[j] !== -1) {
    s.lAtt[j] = -1
    if (x.ev) x.ev.push({ type: 'leader-attached', leader: c.lId[j] as string, unit: null })
  }
  if (x.ev) x.ev.push({ type: 'leader-moved', leader: c.lId[j] as string, from: c.grid.labels[from] as string, to: c.grid.labels[to] as string })
}

/** The unit on the leader's hex he may attach to, -1. */
export function attachable(c: Ctx, x: Scratch, s: CfeoState, j: number): number {
  const v = x.occ[s.lHex[j] as number] as number
  return v >= 0 && inChain(c, j, v) && s.lAtt[j] === -1 ? v : -1
}

export function steady(c: Ctx, x: Scratch, s: CfeoState, j: number): void {
  const u = s.lAtt[j] as number
  s.uDp[u] = Math.max(0, (s.uDp[u] as number) - 1)
  s.uFl[u] = (s.uFl[u] as number) | U_HALT
  s.lInf[j] = INF_STEADY
  s.lInfN[j] = (s.lInfN[j] as number) + 1
  if (x.ev) x.ev.push({ type: 'leader-influence', leader: c.lId[j] as string, unit: c.uId[u] as string, what: 'steady' })
}

export function inspire(c: Ctx, x: Scratch, s: CfeoState, j: number): void {
  const u = s.lAtt[j] as number
  s.lInf[j] = INF_INSPIRE
  s.lInfN[j] = (s.lInfN[j] as number) + 1
  if (x.ev) x.ev.push({ type: 'leader-influence', leader: c.lId[j] as string, unit: c.uId[u] as string, what: 'inspire' })
}

export { addDp }
