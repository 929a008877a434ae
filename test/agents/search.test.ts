import { describe, expect, it } from 'vitest'
import { playGame } from '../../agents/play.ts'
import { RandomAgent } from '../../agents/random.ts'
import { SearchAgent } from '../../agents/search.ts'
import type { Engine, Player } from '../../env/core/types.ts'
import { getRuleset } from '../../env/rules/index.ts'
import { builtinScenario } from '../../env/scenario/builtin.ts'
import { makeToyEngine } from '../helpers/toy-ruleset.ts'
import { nthLegal } from '../../agents/types.ts'
import { makeHeuristic } from '../../agents/heuristic/index.ts'

function piwam(): Engine {
  const sc = builtinScenario('piwam-training')
  if (!sc.ok) throw new Error(sc.error.message)
  const rs = getRuleset('piwam')
  if (!rs.ok) throw new Error(rs.error.message)
  const b = rs.value.bind(sc.value)
  if (!b.ok) throw new Error(b.error.message)
  return b.value
}

/** A piwam position (game seed 12, random play) with at least three legal actions. */
function positionWithChoice(engine: Engine) {
  const s = engine.init(12)
  const mask = new Uint8Array(engine.layout.size)
  const rnd = new RandomAgent(1)
  let n = engine.legal(s, mask)
  while (n < 3) {
    const d = engine.decision(s)
    if (!d) throw new Error('game over too early')
    engine.apply(s, rnd.act({ engine, state: s, mask, legalCount: n, player: d.player as Player }))
    n = engine.legal(s, mask)
  }
  return { s, mask, n }
}

describe('search agent', () => {
  it('is deterministic under a seed and never changes the game state it searches from', () => {
    const engine = piwam()
    const { s, mask } = positionWithChoice(engine)
    const d = engine.decision(s)!
    const before = engine.hash(s)
    const pick = (seed: number) => {
      const a = new SearchAgent(engine, seed, { iters: 12, depth: 20 })
      a.reset(seed)
      const m = new Uint8Array(engine.layout.size)
      const c = engine.legal(s, m)
      return a.act({ engine, state: s, mask: m, legalCount: c, player: d.player as Player })
    }
    const a1 = pick(5)
    expect(pick(5)).toBe(a1)
    expect(mask[a1]).toBe(1)
    expect(engine.hash(s)).toBe(before)
  })

  it('plays whole games reproducibly (same seed, same actions) with both rollout policies', () => {
    const engine = piwam()
    for (const rollout of ['heuristic', 'random'] as const) {
      const game = () => {
        const out = playGame(engine, [new SearchAgent(engine, 3, { iters: 4, depth: 8, rollout }), new RandomAgent(4)], { seed: 21 })
        expect(out.ok).toBe(true)
        return out.ok ? out.record.actions : []
      }
      const a = game()
      expect(a.length).toBeGreaterThan(10)
      expect(game()).toEqual(a)
    }
  })

  it('with common random numbers every candidate meets the same dice: a candidate that is the same action scores the same', () => {
    const engine = piwam()
    const { s, mask, n } = positionWithChoice(engine)
    const d = engine.decision(s)!
    const before = engine.hash(s)
    const agent = new SearchAgent(engine, 4, { iters: 30, depth: 40, crn: true, maxCandidates: 3 })
    const inner = agent as unknown as { cand: Int32Array; visits: Float64Array; sums: Float64Array; candidates(ctx: unknown): number }
    const ctx = { engine, state: s, mask, legalCount: n, player: d.player as Player }
    // Force two candidates to be the same action: under shared seeds their rollouts are identical.
    inner.candidates = function (this: typeof inner) {
      this.cand[0] = nthLegal(mask, 0)
      this.cand[1] = nthLegal(mask, 0)
      this.cand[2] = nthLegal(mask, 1)
      return 3
    }
    const a = agent.act(ctx)
    expect(mask[a]).toBe(1)
    expect(Array.from(inner.visits.subarray(0, 3))).toEqual([10, 10, 10])
    expect(inner.sums[0]).toBe(inner.sums[1])
    expect(engine.hash(s)).toBe(before)
    // ...whereas without CRN the same action under fresh dice scores differently (the noise CRN removes).
    const plain = new SearchAgent(engine, 4, { iters: 30, depth: 40, crn: false, maxCandidates: 3, c: 0 })
    const pinner = plain as unknown as typeof inner
    pinner.candidates = inner.candidates
    plain.act(ctx)
    expect(pinner.sums[0]! / pinner.visits[0]!).not.toBe(pinner.sums[1]! / pinner.visits[1]!)
  })

  it('plays whole games reproducibly with common random numbers', () => {
    const engine = piwam()
    const game = () => {
      const out = playGame(engine, [new SearchAgent(engine, 3, { iters: 6, depth: 8, crn: true }), new RandomAgent(4)], { seed: 22 })
      expect(out.ok).toBe(true)
      return out.ok ? out.record.actions : []
    }
    const a = game()
    expect(a.length).toBeGreaterThan(10)
    expect(game()).toEqual(a)
  })

  it('reports the scores of its last decision: under CRN the best is the action it played, the scripted choice first', () => {
    const engine = piwam()
    const { s, mask, n } = positionWithChoice(engine)
    const d = engine.decision(s)!
    const ctx = { engine, state: s, mask, legalCount: n, player: d.player as Player }
    const agent = new SearchAgent(engine, 6, { iters: 24, depth: 20, crn: true, maxCandidates: 4 })
    const cand = new Int32Array(8)
    const score = new Float64Array(8)
    expect(agent.lastScores(cand, score)).toBe(0) // nothing searched yet
    agent.reset(9)
    const a = agent.act(ctx)
    const k = agent.lastScores(cand, score)
    expect(k).toBe(Math.min(4, n))
    const got = Array.from(cand.subarray(0, k))
    expect(new Set(got).size).toBe(k)
    for (const c of got) expect(mask[c]).toBe(1)
    // candidate 0 is the heuristic's choice; the played action has the best score (margin included)
    const best = got[Array.from(score.subarray(0, k)).indexOf(Math.max(...score.subarray(0, k)))]
    expect(best).toBe(a)
    for (let i = 0; i < k; i++) expect(Math.abs(score[i]!)).toBeLessThanOrEqual(1 + agent.options.margin)
    // the same seed gives the same scores; a narrower output keeps the first ones
    agent.reset(9)
    agent.act(ctx)
    const c2 = new Int32Array(2)
    const s2 = new Float64Array(2)
    expect(agent.lastScores(c2, s2)).toBe(2)
    expect(Array.from(c2)).toEqual(got.slice(0, 2))
    expect(Array.from(s2)).toEqual(Array.from(score.subarray(0, 2)))
    // a forced decision: one candidate, the only legal action
    const one = new Uint8Array(mask.length)
    one[a] = 1
    expect(agent.act({ ...ctx, mask: one, legalCount: 1 })).toBe(a)
    expect(agent.lastScores(cand, score)).toBe(1)
    expect(cand[0]).toBe(a)
  })

  it('searches only the decision kinds it is given and plays the scripted choice elsewhere', () => {
    const engine = piwam()
    const heuristic = makeHeuristic(engine, 5)
    const only = new SearchAgent(engine, 5, { iters: 12, depth: 10, crn: true, kinds: ['change-order'] })
    const mask = new Uint8Array(engine.layout.size)
    const s = engine.init(31)
    const cand = new Int32Array(8)
    const score = new Float64Array(8)
    let searched = 0
    let scripted = 0
    // the restricted search plays both seats; at every other kind it must be the heuristic
    for (let ply = 0; ply < 400 && engine.decision(s); ply++) {
      const d = engine.decision(s)!
      const n = engine.legal(s, mask)
      const ctx = { engine, state: s, mask, legalCount: n, player: d.player as Player }
      const h = heuristic.act(ctx)
      const a = only.act(ctx)
      const k = only.lastScores(cand, score)
      if (d.kind === 'change-order' && n > 1) {
        searched++
        expect(k).toBe(n) // every legal order was rolled out
      } else {
        scripted++
        expect(a).toBe(h)
        expect(k).toBe(1)
        expect(cand[0]).toBe(a)
      }
      expect(engine.apply(s, a)).toBeNull()
    }
    expect(searched).toBeGreaterThan(0)
    expect(scripted).toBeGreaterThan(50)
    expect(() => new SearchAgent(engine, 1, { kinds: ['charge'] })).toThrow(/kinds must name decision kinds of piwam/)
    expect(() => new SearchAgent(engine, 1, { kinds: [] })).toThrow(RangeError)
  })

  it('works on any ruleset (toy engine) and rejects a zero budget', () => {
    const engine = makeToyEngine()
    const out = playGame(engine, [new SearchAgent(engine, 1, { iters: 6, depth: 10 }), new RandomAgent(2)], { seed: 3 })
    expect(out.ok).toBe(true)
    expect(() => new SearchAgent(engine, 1, { iters: 0 })).toThrow(RangeError)
  })
})
