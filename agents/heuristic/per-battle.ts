// A scripted agent on an engine that plays each game on an engine underneath:
// a generated-battle id such as `piwam-generated` draws a battle per reset, and
// a padded engine (`+canonical`, env/gym/padded.ts) renumbers its scenario's
// actions into the ruleset's canonical shape. Scripted players read their
// battle's context (map, units, objectives) and its action ids, so each battle
// gets its own player, built on the engine underneath and seeded as the
// engine-level player would be; its action is mapped back. Its games are those of
// a player built on the battle's engine directly (test/scenario/generate-env.test.ts).
import type { BaseState, Engine } from '../../env/core/types.ts'
import type { Agent, AgentContext } from '../types.ts'

/** An engine whose states are played by an engine underneath (env/gym/generated.ts, padded.ts). */
export interface PerStateEngine extends Engine {
  engineOf(s: BaseState): Engine
  /** This engine's id of an action id of `engineOf(s)`. */
  outerAction(s: BaseState, a: number): number
}

export const isPerStateEngine = (e: Engine): e is PerStateEngine => typeof (e as Partial<PerStateEngine>).engineOf === 'function'

interface Player {
  readonly agent: Agent
  /** The legal mask in the ids of the engine underneath. */
  readonly mask: Uint8Array
}

export class PerBattleAgent implements Agent {
  private readonly players = new WeakMap<Engine, Player>()
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
    if (!isPerStateEngine(ctx.engine)) throw new Error(`${this.name}: bound to an engine that plays each game on an engine underneath, asked on another`)
    const e = ctx.engine.engineOf(ctx.state)
    let p = this.players.get(e)
    if (!p) this.players.set(e, (p = { agent: this.make(e), mask: new Uint8Array(e.layout.size) }))
    if (this.pending !== null) {
      p.agent.reset?.(this.pending)
      this.pending = null
    }
    const c = this.inner
    c.engine = e
    c.state = ctx.state
    c.mask = p.mask
    c.legalCount = e.legal(ctx.state, p.mask)
    c.player = ctx.player
    return ctx.engine.outerAction(ctx.state, p.agent.act(c))
  }
}
