import { describe, expect, it } from 'vitest'
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { MttsogHeuristic } from '../../agents/heuristic/mttsog.ts'
import { RandomAgent } from '../../agents/random.ts'
import type { Agent } from '../../agents/types.ts'
import type { Player } from '../../env/core/types.ts'
import { bindBuiltin, playToEnd } from '../helpers/play-to-end.ts'

describe('mttsog heuristic', () => {
  const engine = bindBuiltin('mttsog-training')
  it('is the registry heuristic for mttsog engines', () => {
    expect(makeHeuristic(engine, 1)).toBeInstanceOf(MttsogHeuristic)
  })
  it('beats random from both seats (20 games, 10 a seat)', () => {
    let wins = 0
    for (let g = 0; g < 20; g++) {
      const seat = (g % 2) as Player
      const h = new MttsogHeuristic(g)
      const r = new RandomAgent(g)
      const agents: [Agent, Agent] = seat === 0 ? [h, r] : [r, h]
      if (playToEnd(engine, agents, 500 + g) === seat) wins++
    }
    expect(wins).toBeGreaterThanOrEqual(18)
  })
  it('answers legally in positions reached by random play', () => {
    const mask = new Uint8Array(engine.layout.size)
    const h = new MttsogHeuristic(3)
    const rnd = new RandomAgent(3)
    const s = engine.init(77)
    let asked = 0
    for (let step = 0; step < 3000; step++) {
      const d = engine.decision(s)
      if (!d) break
      const n = engine.legal(s, mask)
      const ctx = { engine, state: s, mask, legalCount: n, player: d.player as Player }
      const a = h.act(ctx)
      expect(mask[a]).toBe(1)
      asked++
      const pick = step % 3 === 0 ? rnd.act(ctx) : a
      expect(engine.apply(s, pick)).toBeNull()
    }
    expect(asked).toBeGreaterThan(100)
  })
})
