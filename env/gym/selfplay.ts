// Self-play wrapper: a single-agent env for one seat of the two-player game; the
// other seat is played by a given policy (random by default) between the agent's
// decisions. The agent's reward sums its rewards over its own step and every
// opponent decision that follows, so terminal rewards reached on the opponent's
// move are not lost.

import type { BaseEvent, BaseState, Player, TercioError } from '../core/types.ts'
import { makeRng } from './hash.ts'
import type { Observation, StepInfo, TercioEnv } from './env.ts'

/** Picks a legal action id from the observation (obs.mask) of the player to act. A policy marked
 *  `maskOnly` reads nothing but obs.mask, so the env may skip encoding the rest for it. */
export type Policy = ((obs: Observation, info: StepInfo) => number) & { maskOnly?: boolean }

/** Uniform over the legal actions, from its own seeded generator. */
export function randomPolicy(seed = 0): Policy {
  const rng = makeRng(seed)
  const p: Policy = (obs) => {
    const m = obs.mask
    let n = 0
    for (let i = 0; i < m.length; i++) n += m[i] as number
    let k = Math.floor(rng() * n)
    for (let i = 0; i < m.length; i++) if (m[i] && k-- === 0) return i
    return -1
  }
  p.maskOnly = true
  return p
}

export interface SelfPlayOptions {
  /** The agent's seat: 0, 1, or 'alternate' (0 on the first episode, then switching). Default 0. */
  seat?: Player | 'alternate'
  opponent?: Policy
  /** Seed of the default random opponent. */
  opponentSeed?: number
}

export interface SelfPlayStep<E extends BaseEvent = BaseEvent> {
  obs: Observation
  /** The agent's reward, summed over its step and the opponent's replies. */
  reward: number
  terminated: boolean
  truncated: boolean
  info: StepInfo<E> & { seat: Player; opponentSteps: number }
  error: TercioError | null
}

export class SelfPlayEnv<S extends BaseState = BaseState, E extends BaseEvent = BaseEvent> {
  private readonly opponent: Policy
  private readonly seatMode: Player | 'alternate'
  private episodes = 0
  private mySeat: Player = 0
  private readonly out: SelfPlayStep<E>

  constructor(
    readonly env: TercioEnv<S, E>,
    o: SelfPlayOptions = {},
  ) {
    this.opponent = o.opponent ?? randomPolicy(o.opponentSeed ?? 0)
    this.seatMode = o.seat ?? 0
    this.out = { obs: env.obs, reward: 0, terminated: false, truncated: false, info: Object.assign(env.lastInfo, { seat: 0 as Player, opponentSteps: 0 }), error: null }
  }

  get seat(): Player {
    return this.mySeat
  }
  get spec() {
    return this.env.spec
  }

  reset(o: { seed?: number } = {}): { obs: Observation; info: SelfPlayStep<E>['info'] } {
    this.mySeat = this.seatMode === 'alternate' ? ((this.episodes % 2) as Player) : this.seatMode
    this.episodes++
    const out = this.out
    // The game could end before the agent ever decides (all-forced openings): start another episode.
    for (let tries = 0; tries < 100; tries++) {
      this.env.reset(tries === 0 ? o : {})
      out.reward = 0
      out.info.opponentSteps = 0
      this.opponentMoves()
      if (!this.env.isDone) break
    }
    out.info.seat = this.mySeat
    return { obs: this.env.obs, info: out.info }
  }

  step(action: number): SelfPlayStep<E> {
    const out = this.out
    const r = this.env.step(action, !this.opponent.maskOnly)
    out.error = r.error
    out.reward = 0
    out.info.opponentSteps = 0
    if (r.error) return out
    out.reward = r.rewards[this.mySeat]
    out.terminated = r.terminated
    out.truncated = r.truncated
    this.opponentMoves()
    out.info.seat = this.mySeat
    return out
  }

  private opponentMoves(): void {
    const env = this.env
    const out = this.out
    while (!env.isDone && env.lastInfo.player !== this.mySeat) {
      const a = this.opponent(env.obs, env.lastInfo)
      const r = env.step(a, !this.opponent.maskOnly)
      if (r.error) throw new Error(`self-play opponent chose a refused action ${env.actionText(a)}: ${r.error.message}`)
      out.reward += r.rewards[this.mySeat]
      out.terminated = r.terminated
      out.truncated = r.truncated
      out.info.opponentSteps++
    }
    if (!env.isDone) {
      out.terminated = false
      out.truncated = false
    }
    env.refreshObs()
  }
}
