// The hbl scripted player: legal everywhere, registered for hbl engines, and
// stronger than random from both seats (a short run here: 20 of 20 at this
// commit, at least 9 of 10 a seat asserted; the 200-game figure is measured by
// `npx tercio tournament`, see docs/rules/hbl.md).
import { describe, expect, it } from 'vitest'
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { HblHeuristic } from '../../agents/heuristic/hbl.ts'
import { RandomAgent } from '../../agents/random.ts'
import type { Agent } from '../../agents/types.ts'
import type { Player } from '../../env/core/types.ts'
import { bindBuiltin, playToEnd } from '../helpers/play-to-end.ts'

describe('hbl heuristic', () => {
  const engine = bindBuiltin('hbl-training')
  it('is the registry heuristic for hbl engines', () => {
    expect(makeHeuristic(engine, 1)).toBeInstanceOf(HblHeuristic)
  })
  it('beats random from both seats (at least 9 of 10 games a seat), never falling back to random', () => {
    const wins = [0, 0]
    let fallbacks = 0
    for (let g = 0; g < 20; g++) {
      const seat = (g % 2) as Player
      const h = new HblHeuristic(g)
      const r = new RandomAgent(g)
      const agents: [Agent, Agent] = seat === 0 ? [h, r] : [r, h]
      if (playToEnd(engine, agents, 1000 + g) === seat) wins[seat] = (wins[seat] as number) + 1
      fallbacks += h.fallbacks
    }
    expect(wins[0]).toBeGreaterThanOrEqual(9)
    expect(wins[1]).toBeGreaterThanOrEqual(9)
    expect(fallbacks).toBe(0)
  })
  it('beats random on Cerignola from both seats (at least 3 of 4 games a seat), never falling back to random', () => {
    const cer = bindBuiltin('hbl-cerignola-1503')
    const wins = [0, 0]
    let fallbacks = 0
    for (let g = 0; g < 8; g++) {
      const seat = (g % 2) as Player
      const h = new HblHeuristic(g)
      const r = new RandomAgent(g)
      const agents: [Agent, Agent] = seat === 0 ? [h, r] : [r, h]
      if (playToEnd(cer, agents, 2000 + g) === seat) wins[seat] = (wins[seat] as number) + 1
      fallbacks += h.fallbacks
    }
    expect(wins[0]).toBeGreaterThanOrEqual(3)
    expect(wins[1]).toBeGreaterThanOrEqual(3)
    expect(fallbacks).toBe(0)
  })
})
