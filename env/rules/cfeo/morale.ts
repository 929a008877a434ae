// The Morale Phase: re-dress ranks by grade (stationary, in combat, under fire), then the DPs for morale
// events within 120 yds this turn; and the reconstructed victory check.

import type { Ctx } from './context.ts'
import { addDp, dist, gradeRank, ME_COMMANDER, ME_EVADE, ME_GENERAL, ME_INF_RETIRE, ME_UNIT_ROUT, type Scratch } from './core.ts'
import { type CfeoState, S_DESTROYED, S_EXITED, S_OK, S_ROUTING, U_ABANDONED, U_IN_COMBAT, U_MOVED, U_UNDER_FIRE } from './state.ts'
import { MORALE, withinHexes } from './tables.ts'

/** DPs a unit removes when it re-dresses ranks (by grade). */
export function redressCount(c: Ctx, s: CfeoState, u: number): number {
  const fl = s.uFl[u] as number
  const stationary = (fl & U_MOVED) === 0
  const combat = (fl & U_IN_COMBAT) !== 0 || s.uFoe[u] !== -1
  const fire = (fl & U_UNDER_FIRE) !== 0
  const g = c.uGrade[u] as number
  if (g === 0) return (!combat && !fire ? 1 : 0) + (stationary && !combat ? 1 : 0)
  if (g <= 3) return stationary && !combat ? 1 : 0
  return stationary && !combat && !fire ? 1 : 0
}

export function moralePhase(c: Ctx, x: Scratch, s: CfeoState): void {
  for (let u = 0; u < c.n; u++) {
    if ((s.uHex[u] as number) < 0 || s.uStatus[u] !== S_OK || (s.uDp[u] as number) === 0) continue
    const r = Math.min(s.uDp[u] as number, redressCount(c, s, u))
    if (r > 0) {
      s.uDp[u] = (s.uDp[u] as number) - r
      if (x.ev) x.ev.push({ type: 'redress', unit: c.uId[u] as string, dps: r })
    }
  }
  const ev = s.mEv
  const R = withinHexes(MORALE.radiusYards)
  for (let u = 0; u < c.n; u++) {
    const h = s.uHex[u] as number
    // guns are single bases, not units: morale events do not touch them (reading)
    if (h < 0 || s.uStatus[u] === S_ROUTING || c.uArm[u] === 2) continue
    let dps = 0
    for (let i = 0; i + 3 < ev.length; i += 4) {
      const kind = ev[i] as number
      const eh = ev[i + 1] as number
      const rank = ev[i + 2] as number
      const side = ev[i + 3] as number
      if (side !== c.uSide[u] || dist(c, h, eh) > R) continue
      if (kind === ME_GENERAL) dps += MORALE.generalLost
      else if (kind === ME_COMMANDER) dps += MORALE.commanderLost
      else if (kind === ME_UNIT_ROUT) {
        if (eh === h) continue
        dps += rank >= gradeRank(c, u) ? MORALE.unitRoutingEqualOrHigher : MORALE.unitRoutingLower
      } else if (kind === ME_INF_RETIRE && rank >= gradeRank(c, u) && eh !== h) dps += MORALE.infantryRetiringEqualOrHigher
      else if (kind === ME_EVADE) continue // the evader's own DP was taken when it evaded
    }
    if (dps) addDp(c, x, s, u, dps, 'morale', 'morale')
  }
}

/** Units out of the fight: routing, destroyed, exited, abandoned guns. */
export function outOfFight(s: CfeoState, u: number): boolean {
  const st = s.uStatus[u] as number
  return st === S_ROUTING || st === S_DESTROYED || st === S_EXITED || ((s.uFl[u] as number) & U_ABANDONED) !== 0
}

/** Reconstructed victory (tables.VICTORY): an army with at least breakFraction of its units out of the
 *  fight loses; at the turn limit the smaller share of stands lost wins, within drawMargin a draw. */
export function checkVictory(c: Ctx, s: CfeoState, end: boolean): void {
  const out = [0, 0]
  const lost = [0, 0]
  for (let u = 0; u < c.n; u++) {
    const p = c.uSide[u] as number
    if (outOfFight(s, u)) out[p]!++
    lost[p]! += (c.init.stands[u] as number) - ((s.uHex[u] as number) >= 0 && !outOfFight(s, u) ? (s.uStands[u] as number) : 0)
  }
  const share = [lost[0]! / c.startStands[0], lost[1]! / c.startStands[1]]
  s.score = [Math.round(share[1]! * 100), Math.round(share[0]! * 100)]
  const broken = [out[0]! >= c.breakFraction * c.startUnits[0], out[1]! >= c.breakFraction * c.startUnits[1]]
  if (broken[0] || broken[1]) {
    if (broken[0] && broken[1]) {
      s.winner = share[0]! < share[1]! ? 0 : share[1]! < share[0]! ? 1 : 2
      s.reason = 'both armies broken'
    } else {
      s.winner = broken[0] ? 1 : 0
      s.reason = `army of side ${broken[0] ? 0 : 1} broken (${broken[0] ? out[0] : out[1]} units routing or lost)`
    }
    return
  }
  if (end) {
    const diff = share[0]! - share[1]!
    s.winner = Math.abs(diff) <= c.drawMargin ? 2 : diff < 0 ? 0 : 1
    s.reason = `turn limit: stands lost ${Math.round(share[0]! * 100)}% vs ${Math.round(share[1]! * 100)}%`
  }
}
