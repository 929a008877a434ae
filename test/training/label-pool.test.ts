// The label pool: a teacher agent on worker threads labels positions exactly as the
// same agent, reset with the same seeds, would on this thread, whatever the number of workers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAgent } from '../../agents/registry.ts'
import { RandomAgent } from '../../agents/random.ts'
import type { BaseState, Engine, Player } from '../../env/core/types.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { isScoredAgent } from '../../agents/search.ts'
import { allocScoreRows, LabelPool, labelSeed } from '../../training/label-pool.ts'

const TEACHER = 'search:iters=6:depth=6:crn=1'
let engine: Engine
const pools: LabelPool[] = []

beforeAll(() => {
  const b = bindEngine('piwam', 'piwam-training')
  if (!b.ok) throw new Error(b.error.message)
  engine = b.value
})
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()))
})

/** Positions along a few random games, each at a decision. */
function positions(n: number): BaseState[] {
  const out: BaseState[] = []
  const mask = new Uint8Array(engine.layout.size)
  const rnd = new RandomAgent(9)
  for (let g = 0; out.length < n; g++) {
    const s = engine.init(100 + g)
    for (let k = 0; k < 40 && out.length < n; k++) {
      const d = engine.decision(s)
      if (!d) break
      const c = engine.legal(s, mask)
      if (k % 3 === 0) out.push(engine.clone(s))
      engine.apply(s, rnd.act({ engine, state: s, mask, legalCount: c, player: d.player as Player }))
    }
  }
  return out
}

describe('label pool', () => {
  it('labels like the agent on this thread, the same with 1 or 2 workers', async () => {
    const states = positions(12)
    const seeds = states.map((_, i) => labelSeed(5, 3, i))
    const here = await createAgent(TEACHER, engine, 0)
    if (!here.ok) throw new Error(here.error.message)
    const mask = new Uint8Array(engine.layout.size)
    const expected = states.map((s, i) => {
      const c = engine.legal(s, mask)
      here.value.reset?.(seeds[i] as number)
      return here.value.act({ engine, state: s, mask, legalCount: c, player: engine.decision(s)!.player as Player })
    })
    for (const workers of [1, 2]) {
      const pool = await LabelPool.create({ ruleset: 'piwam', scenario: 'piwam-training' }, TEACHER, workers)
      pools.push(pool)
      const out = new Int32Array(states.length).fill(-1)
      await pool.label(states, seeds, out)
      expect(Array.from(out), `${workers} workers`).toEqual(expected)
      // and again: the workers keep no state between batches
      out.fill(-1)
      await pool.label(states, seeds, out)
      expect(Array.from(out)).toEqual(expected)
    }
    // every label is legal in its position
    states.forEach((s, i) => {
      engine.legal(s, mask)
      expect(mask[expected[i] as number], `position ${i}`).toBe(1)
    })
  }, 120_000)

  it('soft labels: the scored candidates are those of the agent on this thread, the same with 1 or 2 workers', async () => {
    const states = positions(10)
    const seeds = states.map((_, i) => labelSeed(7, 2, i))
    const W = 8
    const here = await createAgent(TEACHER, engine, 0)
    if (!here.ok) throw new Error(here.error.message)
    const agent = here.value
    if (!isScoredAgent(agent)) throw new Error('the search should score its candidates')
    const mask = new Uint8Array(engine.layout.size)
    const want = allocScoreRows(states.length, W)
    const wantActions: number[] = []
    const c = new Int32Array(W)
    const v = new Float64Array(W)
    states.forEach((s, i) => {
      const n = engine.legal(s, mask)
      agent.reset?.(seeds[i] as number)
      wantActions.push(agent.act({ engine, state: s, mask, legalCount: n, player: engine.decision(s)!.player as Player }))
      const k = agent.lastScores(c, v)
      expect(k).toBeGreaterThan(0)
      for (let j = 0; j < W; j++) {
        want.cand[i * W + j] = j < k ? (c[j] as number) : -1
        want.score[i * W + j] = j < k ? (v[j] as number) : 0
      }
    })
    for (const workers of [1, 2]) {
      const pool = await LabelPool.create({ ruleset: 'piwam', scenario: 'piwam-training' }, TEACHER, workers)
      pools.push(pool)
      const out = new Int32Array(states.length).fill(-1)
      const got = allocScoreRows(states.length, W)
      got.score.fill(123)
      await pool.label(states, seeds, out, got)
      expect(Array.from(out), `${workers} workers`).toEqual(wantActions)
      expect(Array.from(got.cand), `${workers} workers`).toEqual(Array.from(want.cand))
      expect(Array.from(got.score), `${workers} workers`).toEqual(Array.from(want.score))
      // and the hard labels of the same pool are unchanged by asking for scores
      out.fill(-1)
      await pool.label(states, seeds, out)
      expect(Array.from(out)).toEqual(wantActions)
    }
  }, 120_000)

  it('asking a teacher that does not score (the heuristic) for soft labels is an error naming it', async () => {
    const pool = await LabelPool.create({ ruleset: 'piwam', scenario: 'piwam-training' }, 'heuristic', 1)
    pools.push(pool)
    const st = positions(2)
    await expect(pool.label(st, [1, 2], new Int32Array(2), allocScoreRows(2, 4))).rejects.toThrow(/"heuristic" does not score/)
  }, 60_000)

  it('refuses a bad teacher spec and reports a finished game as an error', async () => {
    await expect(LabelPool.create({ ruleset: 'piwam', scenario: 'piwam-training' }, 'sarge', 1)).rejects.toThrow(/sarge/)
    const pool = await LabelPool.create({ ruleset: 'piwam', scenario: 'piwam-training' }, 'heuristic', 1)
    pools.push(pool)
    const s = engine.init(1)
    // play to the end with random moves
    const mask = new Uint8Array(engine.layout.size)
    const rnd = new RandomAgent(2)
    for (let d = engine.decision(s); d; d = engine.decision(s)) engine.apply(s, rnd.act({ engine, state: s, mask, legalCount: engine.legal(s, mask), player: d.player as Player }))
    await expect(pool.label([s], [1], new Int32Array(1))).rejects.toThrow(/not at a decision/)
    // the pool still works afterwards
    const ok = positions(2)
    const out = new Int32Array(2).fill(-1)
    await pool.label(ok, [1, 2], out)
    expect(Array.from(out).every((a) => a >= 0)).toBe(true)
  }, 120_000)
})
