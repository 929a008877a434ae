// The prior agent of a residual policy (NetConfig.prior): one scripted heuristic per row
// (per env or per game, since the heuristic keeps a little per-activation state), asked
// for its action at every decision of that row; the network reads the answer as
// ObsBatch.prior. Why a residual policy: a network that must rediscover the heuristic's
// coherent plan from the observation agrees with it on ~90% of decisions, and distilling a
// stronger search teacher into it made it weaker (docs/training.md); a network that sees
// the heuristic's move plays it by default and only has to learn where to depart from it
// (PPO taught the shipped baseline to, checkpoints/piwam-training-baseline).
import type { Agent, AgentContext, EnvAtDecision } from '../types.ts'
import type { BaseState, Engine, Player } from '../../env/core/types.ts'
import { makeHeuristic } from '../heuristic/index.ts'

export class PriorHints {
  private readonly agents: Agent[]
  /** Reused for every env decision (no allocation per step in the rollout loop). */
  private readonly ctx: { engine: Engine; state: BaseState; mask: Uint8Array; legalCount: number; player: Player }

  constructor(engine: Engine, rows: number, seed = 0) {
    this.agents = Array.from({ length: rows }, (_, i) => makeHeuristic(engine, (seed + i) >>> 0, { name: 'prior' }))
    this.ctx = { engine, state: engine.init(0), mask: new Uint8Array(0), legalCount: 0, player: 0 }
  }

  /** The prior's action for row i at the env's current decision. */
  forEnv(i: number, env: EnvAtDecision): number {
    const c = this.ctx
    c.state = env.state as BaseState
    c.mask = env.obs.mask
    c.legalCount = env.lastInfo.legalCount
    c.player = env.lastInfo.player as Player
    return this.agent(i).act(c)
  }

  /** The prior's action for row i at an agent's decision. */
  forCtx(i: number, ctx: AgentContext): number {
    return this.agent(i).act(ctx)
  }

  /** A new game in row i. */
  reset(i: number, seed: number): void {
    this.agent(i).reset?.(seed)
  }

  private agent(i: number): Agent {
    const a = this.agents[i]
    if (!a) throw new RangeError(`PriorHints: row ${i} of ${this.agents.length}`)
    return a
  }
}
