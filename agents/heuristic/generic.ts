// The fallback scripted player for rulesets without their own heuristic: a
// one-step lookahead on material. Each legal action (up to a cap, sampled) is
// applied to a clone whose dice are re-seeded from the agent's own generator
// (so it never peeks at the game's real future rolls), and the action that
// leaves the best material balance for the player to act wins; ties are
// broken at random.
import seedrandom from 'seedrandom'
import type { BaseState, Engine } from '../../env/core/types.ts'
import { nthLegal, type Agent, type AgentContext } from '../types.ts'

export interface GenericHeuristicOptions {
  /** Most actions evaluated per decision (a random subset beyond it). */
  maxCandidates?: number
  /** Re-seeded samples per candidate. */
  samples?: number
  name?: string
}

/** Re-seeds the dice of a cloned state from a generator (the clone then rolls its own future). */
export function reseedDice(s: BaseState, rng: () => number): void {
  const d = s.dice
  d.x = (rng() * 0x100000000) | 0
  d.y = (rng() * 0x100000000) | 0
  d.z = (rng() * 0x100000000) | 0
  d.w = ((rng() * 0x100000000) | 0) || 1
  d.forced.length = 0
  d.strict = false
}

export class GenericHeuristic implements Agent {
  readonly name: string
  private rng: seedrandom.PRNG
  private readonly maxCandidates: number
  private readonly samples: number

  constructor(seed = 0, o: GenericHeuristicOptions = {}) {
    this.name = o.name ?? 'heuristic'
    this.rng = seedrandom.xor128(`generic-heuristic:${seed}`)
    this.maxCandidates = o.maxCandidates ?? 24
    this.samples = o.samples ?? 2
  }

  reset(seed: number): void {
    this.rng = seedrandom.xor128(`generic-heuristic:${seed}`)
  }

  act(ctx: AgentContext): number {
    const { engine, mask, legalCount, player } = ctx
    if (legalCount === 1) return nthLegal(mask, 0)
    const n = Math.min(legalCount, this.maxCandidates)
    // a random starting offset keeps ties and the sampled subset unbiased
    const start = Math.floor(this.rng() * legalCount)
    let best = -1
    let bestScore = -Infinity
    for (let i = 0; i < n; i++) {
      const a = nthLegal(mask, (start + Math.floor((i * legalCount) / n)) % legalCount)
      const sc = this.score(engine, ctx.state, a, player) + this.rng() * 1e-6
      if (sc > bestScore) {
        bestScore = sc
        best = a
      }
    }
    return best >= 0 ? best : nthLegal(mask, 0)
  }

  private score(engine: Engine, state: BaseState, a: number, player: 0 | 1): number {
    let total = 0
    for (let k = 0; k < this.samples; k++) {
      const c = engine.clone(state)
      reseedDice(c, this.rng)
      if (engine.apply(c, a)) return -Infinity
      const out = engine.outcome(c)
      if (out) return out.winner === player ? 1e6 : out.winner === null ? 0 : -1e6
      const m = engine.material(c)
      total += m[player] - m[1 - player]!
    }
    return total / this.samples
  }
}
