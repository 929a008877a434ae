// Plays scheduled tournament games in one thread (the main thread or a
// worker): builds the engine and the agents once, then one game per entry.
import { DEFAULT_MAX_DECISIONS, playGame } from '../../agents/play.ts'
import { createAgent } from '../../agents/registry.ts'
import type { Agent } from '../../agents/types.ts'
import type { Engine, Player } from '../../env/core/types.ts'
import { getRuleset } from '../../env/rules/index.ts'
import type { Scenario } from '../../env/scenario/types.ts'
import type { ScheduledGame } from './schedule.ts'

export interface GameResult {
  readonly index: number
  readonly seat0: number
  readonly seat1: number
  readonly seed: number
  /** null = draw. */
  readonly winner: Player | null
  readonly reason: string
  readonly score: readonly [number, number]
  readonly turns: number
  readonly decisions: number
  /** Milliseconds of wall time (not part of the deterministic result). */
  readonly ms: number
}

export interface GameSetup {
  readonly ruleset: string
  readonly scenario: Scenario
  /** Agent specs (registry syntax) in tournament order. */
  readonly agents: readonly string[]
  readonly names: readonly string[]
  /** Tournament seed: agents are built with seeds derived from it (and reset per game by playGame). */
  readonly seed: number
  readonly maxDecisions?: number
}

export function bindEngine(ruleset: string, scenario: Scenario): Engine {
  const rs = getRuleset(ruleset)
  if (!rs.ok) throw new Error(rs.error.message)
  const b = rs.value.bind(scenario)
  if (!b.ok) throw new Error(`${b.error.code}: ${b.error.message}`)
  return b.value
}

/** A player of scheduled games: agents are built lazily, once per agent per thread. */
export class GamePlayer {
  readonly engine: Engine
  private readonly agents = new Map<number, Agent>()

  constructor(private readonly setup: GameSetup) {
    this.engine = bindEngine(setup.ruleset, setup.scenario)
  }

  private async agent(i: number): Promise<Agent> {
    let a = this.agents.get(i)
    if (!a) {
      const spec = this.setup.agents[i]
      if (spec === undefined) throw new Error(`no agent ${i}`)
      const r = await createAgent(spec, this.engine, (this.setup.seed * 31 + i) >>> 0, this.setup.names[i])
      if (!r.ok) throw new Error(r.error.message)
      a = r.value
      this.agents.set(i, a)
    }
    return a
  }

  async play(g: ScheduledGame): Promise<GameResult> {
    const a0 = await this.agent(g.seat0)
    const a1 = await this.agent(g.seat1)
    const t0 = performance.now()
    // playGame resets both agents from the game seed, so a result never depends on earlier games
    const r = playGame(this.engine, [a0, a1], { seed: g.seed, maxDecisions: this.setup.maxDecisions ?? DEFAULT_MAX_DECISIONS })
    if (!r.ok) throw new Error(`game ${g.index} (${this.setup.names[g.seat0]} vs ${this.setup.names[g.seat1]}, seed ${g.seed}): ${r.error.code}: ${r.error.message}`)
    const rec = r.record
    return {
      index: g.index,
      seat0: g.seat0,
      seat1: g.seat1,
      seed: g.seed,
      winner: rec.outcome.winner,
      reason: rec.outcome.reason,
      score: rec.outcome.score,
      turns: rec.turns,
      decisions: rec.decisions,
      ms: performance.now() - t0,
    }
  }
}
