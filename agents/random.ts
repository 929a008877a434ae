// Uniformly random legal play, from the agent's own seeded generator (never
// the game's dice, so an agent cannot change the game's rolls).
import seedrandom from 'seedrandom'
import { nthLegal, type Agent, type AgentContext } from './types.ts'

export class RandomAgent implements Agent {
  readonly name: string
  private rng: seedrandom.PRNG

  constructor(seed = 0, name = 'random') {
    this.name = name
    this.rng = seedrandom.xor128(`random-agent:${seed}`)
  }

  reset(seed: number): void {
    this.rng = seedrandom.xor128(`random-agent:${seed}`)
  }

  act(ctx: AgentContext): number {
    // rng() is in [0, 1): k is always < legalCount.
    const k = Math.floor(this.rng() * ctx.legalCount)
    const a = nthLegal(ctx.mask, k)
    if (a < 0) throw new Error(`random agent: mask has fewer than ${ctx.legalCount} legal actions`)
    return a
  }
}

export const randomAgent = (seed = 0): Agent => new RandomAgent(seed)
