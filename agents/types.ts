// The agent interface shared by every player of a Tercio game: random,
// scripted, search and learned policies. Agents see the engine and the legal
// mask; they never touch the game's dice (search agents clone the state).
import type { BaseState, Engine, Player } from '../env/core/types.ts'

export interface AgentContext {
  readonly engine: Engine
  readonly state: BaseState
  /** Legal-action mask of the current decision (engine.layout.size entries). */
  readonly mask: Uint8Array
  /** Number of 1s in mask (> 0: agents are only asked while the game is on). */
  readonly legalCount: number
  /** The player to act. */
  readonly player: Player
}

export interface Agent {
  readonly name: string
  /** Called before each game with a seed for the agent's own generator. */
  reset?(seed: number): void
  /** Returns a legal action id. */
  act(ctx: AgentContext): number
}

/** The k-th (0-based) set entry of a mask, or -1. Allocation-free. */
export function nthLegal(mask: Uint8Array, k: number): number {
  let seen = 0
  for (let i = 0; i < mask.length; i++) {
    if (mask[i] === 1) {
      if (seen === k) return i
      seen++
    }
  }
  return -1
}

/** What actInEnv reads of a gym env (TercioEnv, structurally: agents do not import env/gym). */
export interface EnvAtDecision {
  readonly state: BaseState | null
  readonly obs: { readonly mask: Uint8Array }
  readonly lastInfo: { readonly legalCount: number; readonly player: Player | null }
}

/** The agent's action at an env's current decision (the game must be on). */
export function actInEnv(agent: Agent, engine: Engine, env: EnvAtDecision): number {
  return agent.act({ engine, state: env.state as BaseState, mask: env.obs.mask, legalCount: env.lastInfo.legalCount, player: env.lastInfo.player as Player })
}
