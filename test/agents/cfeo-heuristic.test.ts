import { describe, expect, it } from 'vitest'
import { CfeoHeuristic } from '../../agents/heuristic/cfeo.ts'
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { RandomAgent } from '../../agents/random.ts'
import type { Agent } from '../../agents/types.ts'
import type { Engine, Player } from '../../env/core/types.ts'
import { bindCfeo } from '../cfeo/helpers.ts'

function play(engine: Engine, agents: readonly [Agent, Agent], seed: number): Player | null {
  const mask = new Uint8Array(engine.layout.size)
  const s = engine.init(seed)
  for (const a of agents) a.reset?.(seed)
  for (let d = engine.decision(s); d; d = engine.decision(s)) {
    const n = engine.legal(s, mask)
    const a = (agents[d.player] as Agent).act({ engine, state: s, mask, legalCount: n, player: d.player as Player })
    expect(mask[a]).toBe(1)
    const e = engine.apply(s, a)
    if (e) throw new Error(e.message)
  }
  const o = engine.outcome(s)
  if (!o) throw new Error('game ended without an outcome')
  return o.winner
}

describe('cfeo heuristic', () => {
  const engine = bindCfeo() as unknown as Engine
  it('is the registry heuristic for cfeo engines', () => {
    expect(makeHeuristic(engine, 1)).toBeInstanceOf(CfeoHeuristic)
  })
  it('beats random more often than not from both seats (20 games, 10 a seat)', () => {
    const wins = [0, 0]
    for (let g = 0; g < 20; g++) {
      const seat = (g % 2) as Player
      const h = new CfeoHeuristic(g)
      const r = new RandomAgent(g)
      if (play(engine, seat === 0 ? [h, r] : [r, h], 1000 + g) === seat) wins[seat]!++
    }
    // measured over 200 games: 79% (docs/rules/cfeo.md); the bar (90%) is not met yet
    expect(wins[0]! + wins[1]!).toBeGreaterThanOrEqual(12)
    expect(wins[0]).toBeGreaterThanOrEqual(5)
    expect(wins[1]).toBeGreaterThanOrEqual(4)
  })
  it('only ever answers from the mask, falling back rarely', () => {
    const h = new CfeoHeuristic(5)
    play(engine, [h, h], 77)
    expect(h.fallbacks).toBeLessThan(5)
  })
})
