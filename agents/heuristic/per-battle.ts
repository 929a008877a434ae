// A scripted agent on an engine that plays each game on an engine of its own
// (a generated-battle id such as `piwam-generated` draws a battle per reset):
// scripted players read their battle's context (map, units, objectives), so
// each battle gets its own player, built on that battle's engine and seeded as
// the engine-level player would be. Its games are those of a player built on
// the battle's engine directly (test/scenario/generate-env.test.ts).
import type { BaseState, Engine } from '../../env/core/types.ts'
import type { Agent, AgentContext } from '../types.ts'

/** An engine whose states each belong to an engine of their own (env/gym/generated.ts). */
export interface PerStateEngine extends Engine {
  engineOf(s: BaseState): Engine
}

export const isPerStateEngine = (e: Engine): e is PerStateEngine => typeof (e as Partial<PerStateEngine>).engineOf === 'function'

export class PerBattleAgent implements Agent {
  private readonly players = new WeakMap<Engine, Agent>()
  /** The seed of the last reset, applied to the player of the next game's battle. */
  private pending: number | null = null
  private readonly inner: { engine: Engine; state: BaseState; mask: Uint8Array; legalCount: number; player: AgentContext['player'] }

  constructor(
    readonly name: string,
    private readonly make: (battle: Engine) => Agent,
  ) {
    this.inner = { engine: null as unknown as Engine, state: null as unknown as BaseState, mask: new Uint8Array(0), legalCount: 0, player: 0 }
  }

  reset(seed: number): void {
    this.pending = seed
  }

  act(ctx: AgentContext): number {
    const e = isPerStateEngine(ctx.engine) ? ctx.engine.engineOf(ctx.state) : ctx.engine
    let p = this.players.get(e)
    if (!p) this.players.set(e, (p = this.make(e)))
    if (this.pending !== null) {
      p.reset?.(this.pending)
      this.pending = null
    }
    const c = this.inner
    c.engine = e
    c.state = ctx.state
    c.mask = ctx.mask
    c.legalCount = ctx.legalCount
    c.player = ctx.player
    return p.act(c)
  }
}
