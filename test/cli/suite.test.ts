import { describe, expect, it } from 'vitest'
import { heldOut, rulesetScores, runSuite, scoreOf, suiteScenarios } from '../../training/suite.ts'

describe('tercio suite', () => {
  const one = heldOut('hbl', 1)

  it('held-out battles are generated seeds from 2^31 up, after the built-in scenarios of each ruleset', () => {
    expect(suiteScenarios(['hbl'], 2).map((s) => s.id)).toEqual(['hbl-training', 'hbl-cerignola-1503', 'hbl-gen-s-2147483648', 'hbl-gen-s-2147483649'])
  })

  it('the heuristic scores 1.0 and random 0.0: an agent playing like the heuristic replays its reference games exactly', { timeout: 120_000 }, async () => {
    const same = await runSuite(one, { agent: 'heuristic:epsilon=0', games: 1, seed: 3 })
    const card = same[0]
    expect(card?.agent).toEqual(card?.heuristic)
    expect(rulesetScores(same)[0]?.normalised).toBe(1)
    const random = await runSuite(one, { agent: 'random', games: 1, seed: 3 })
    expect(rulesetScores(random)[0]?.normalised).toBe(0)
    // A different agent plays its own games: here the heuristic with random slips.
    const noisy = await runSuite(one, { agent: 'heuristic:epsilon=0.5', games: 1, seed: 3 })
    expect(noisy[0]?.agent).not.toEqual(noisy[0]?.heuristic)
  })

  it('a policy trained on another interface is skipped on that scenario, with the reason', { timeout: 60_000 }, async () => {
    const cards = await runSuite(one, { agent: 'ckpt:checkpoints/piwam-training-baseline', games: 1, seed: 1 })
    expect(cards[0]?.agent).toBeNull()
    expect(cards[0]?.skipped).toMatch(/CHECKPOINT|spec|interface|ruleset/i)
    expect(rulesetScores(cards)[0]?.normalised).toBeNull()
  })

  it('score intervals are 95% Wilson intervals of the mean game score', () => {
    const s = scoreOf({ games: 10, wins: 7, draws: 0, losses: 3 })
    expect(s.score).toBeCloseTo(0.7, 12)
    expect(s.ci.lo).toBeCloseTo(0.3968, 3)
    expect(s.ci.hi).toBeCloseTo(0.8922, 3)
    expect(scoreOf({ games: 4, wins: 1, draws: 2, losses: 1 }).score).toBe(0.5)
  })
})
