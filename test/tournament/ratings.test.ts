import { describe, expect, it } from 'vitest'
import { expectedScore, fitElo, invert, rateWithIntervals, type RatedGame } from '../../training/tournament/ratings.ts'

/** Games with exact win counts: a beats b `w` times out of n (and loses the rest). */
function games(a: number, b: number, w: number, n: number, draws = 0): RatedGame[] {
  const out: RatedGame[] = []
  for (let i = 0; i < n; i++) out.push({ a, b, score: i < w ? 1 : i < w + draws ? 0.5 : 0 })
  return out
}

describe('Elo fit', () => {
  it('recovers the Elo difference of a known two-player win rate (76% = +200)', () => {
    const p = expectedScore(200)
    expect(p).toBeCloseTo(0.7597, 3)
    // 7597 wins of 10000: the MLE difference is 400 log10(p / (1 - p)) = 200 (prior negligible at this n)
    const r = fitElo(2, games(0, 1, 7597, 10000))
    expect(r[0]! - r[1]!).toBeCloseTo(200, 0)
    expect(r[0]! + r[1]!).toBeCloseTo(0, 6)
  })

  it('counts draws as half a win', () => {
    // 50 wins, 100 draws, 50 losses: an even match
    const r = fitElo(2, games(0, 1, 50, 200, 100))
    expect(Math.abs(r[0]! - r[1]!)).toBeLessThan(1e-6)
    // 60 wins + 40 draws of 100: score 0.8 -> +240.8
    const s = fitElo(2, games(0, 1, 60, 100, 40), { priorDraws: 0 })
    expect(s[0]! - s[1]!).toBeCloseTo(400 * Math.log10(0.8 / 0.2), 3)
  })

  it('recovers a transitive three-player ladder (0, 100, 300) from its expected scores', () => {
    const elo = [0, 100, 300]
    const g: RatedGame[] = []
    for (let i = 0; i < 3; i++)
      for (let j = i + 1; j < 3; j++) {
        const n = 20000
        g.push(...games(i, j, Math.round(n * expectedScore(elo[i]! - elo[j]!)), n))
      }
    const r = fitElo(3, g)
    expect(r[1]! - r[0]!).toBeCloseTo(100, 0)
    expect(r[2]! - r[0]!).toBeCloseTo(300, 0)
  })

  it('stays finite when one player wins every game (the prior), with intervals around the estimate', () => {
    const small = rateWithIntervals(2, games(0, 1, 10, 10))
    const big = rateWithIntervals(2, games(0, 1, 200, 200))
    for (const r of [...small, ...big]) expect(Number.isFinite(r.elo) && Number.isFinite(r.low) && Number.isFinite(r.high)).toBe(true)
    expect(small[0]!.elo).toBeGreaterThan(small[1]!.elo)
    // one virtual draw: 10.5 of 11 points
    expect(small[0]!.elo - small[1]!.elo).toBeCloseTo(400 * Math.log10(10.5 / 0.5), 6)
    expect(big[0]!.elo).toBeGreaterThan(small[0]!.elo)
    expect(small[0]!.low).toBeLessThan(small[0]!.elo)
    expect(small[0]!.high).toBeGreaterThan(small[0]!.elo)
  })

  it('Wald intervals match the textbook two-player standard error', () => {
    // n games at score p: var(logit diff) = 1 / (n p (1 - p)); each rating is half the difference
    const n = 4000
    const r = rateWithIntervals(2, games(0, 1, 3000, n), { priorDraws: 0 })
    const p = 0.75
    const seDiff = (Math.sqrt(1 / (n * p * (1 - p))) * 400) / Math.LN10
    expect(r[0]!.high - r[0]!.elo).toBeCloseTo(1.96 * (seDiff / 2), 3)
  })

  it('anchored on one agent: that agent is 0 ± 0 and an interval is the full difference\'s', () => {
    const n = 4000
    const r = rateWithIntervals(2, games(0, 1, 3000, n), { priorDraws: 0, anchor: 1 })
    const p = 0.75
    const seDiff = (Math.sqrt(1 / (n * p * (1 - p))) * 400) / Math.LN10
    expect(r[1]).toEqual({ elo: 0, low: 0, high: 0 })
    expect(r[0]!.elo).toBeCloseTo(400 * Math.log10(p / (1 - p)), 3)
    expect(r[0]!.high - r[0]!.elo).toBeCloseTo(1.96 * seDiff, 3)
    // a third agent that met only agent 0: its difference to the anchor is less certain than agent 0's
    const three = rateWithIntervals(3, [...games(0, 1, 300, 400), ...games(2, 0, 200, 400)], { anchor: 1 })
    expect(three[2]!.high - three[2]!.low).toBeGreaterThan(three[0]!.high - three[0]!.low)
    expect(() => rateWithIntervals(2, games(0, 1, 1, 2), { anchor: 2 })).toThrow(/anchor/)
  })

  it('inverts matrices and reports singular ones', () => {
    const a = Float64Array.from([4, 7, 2, 6])
    const inv = invert(a, 2)!
    expect(Array.from(inv).map((x) => +x.toFixed(6))).toEqual([0.6, -0.7, -0.2, 0.4])
    expect(invert(Float64Array.from([1, 2, 2, 4]), 2)).toBeNull()
  })
})
