// The single-game env: reset/step with Gymnasium semantics over any Engine.
//
// Buffers are reused: `obs` (and the result objects) returned by reset/step are
// the same objects every call and are overwritten by the next call. Copy what
// you keep (`copyObs`).

import type { BaseEvent, BaseState, Engine, Outcome, Player, TercioError } from '../core/types.ts'
import { err } from '../core/types.ts'
import { actionText, parseAction } from '../core/actions.ts'
import type { Result } from '../core/types.ts'
import { canonicalJson, deriveSeed, hashJson } from './hash.ts'
import { ENV_GLOBALS, ENV_PLANES, engineEncodesKinds, makeSpec, obsSizes, type EnvSpec, type RewardOptions, type SpecOptions } from './spec.ts'
import { ReplayRecorder, type Replay } from './replay.ts'
import type { PlaneLog, RetainedObsBuffers } from '../rules/obs-writer.ts'

export interface Observation {
  /** Float32 C x rows x cols (plane c of hex h at c * size + h). */
  planes: Float32Array
  /** Float32 maxEntities x F. */
  entities: Float32Array
  globals: Float32Array
  /** Uint8 N: 1 = legal. All zero once the episode is over. */
  mask: Uint8Array
}

export interface EnvOptions {
  /** Seed of the first reset when reset() is called without one (default 0). */
  seed?: number
  reward?: RewardOptions
  /** Apply decisions with exactly one legal action automatically (default true). */
  skipForced?: boolean
  /** Truncate after this many applied decisions, forced ones included (default 10000). */
  maxDecisions?: number
  /** Collect the engine's events of each step in info.events (default false: the hot path skips them). */
  events?: boolean
  /** Record a replay of each episode (env.replay()). */
  record?: boolean
  /** Observation buffers to write into (views into a vector env's batch). Allocated when absent. */
  buffers?: Observation
  /** Records the plane cells each encode may change (the engine's and the env's own), for
   *  senders of changes only (bridge/delta.ts). */
  planeLog?: PlaneLog
}

export interface SkippedAction {
  action: number
  player: Player
}

export interface StepInfo<E extends BaseEvent = BaseEvent> {
  /** Player to act now; null once the episode is over. */
  player: Player | null
  /** Decision kind to take now (engine.decisionKinds), null when over. */
  decisionKind: string | null
  decisionKindId: number
  subject: string | null
  legalCount: number
  /** Who took the action of this step (null after reset). */
  actor: Player | null
  /** Decisions applied automatically by skipForced after this step / at reset (reused array). */
  skipped: SkippedAction[]
  /** Engine events of this step, forced actions included (only with the events option; reused array). */
  events: E[]
  /** Decisions applied this episode, forced ones included. */
  decisions: number
  outcome: Outcome | null
  /** When the episode ended at this step: total rewards and length. */
  episode: { returns: [number, number]; decisions: number; agentSteps: number } | null
}

export interface ResetResult<E extends BaseEvent = BaseEvent> {
  obs: Observation
  info: StepInfo<E>
}

export interface StepResult<E extends BaseEvent = BaseEvent> {
  obs: Observation
  /** Reward of each player for this step (zero-sum). */
  rewards: [number, number]
  /** rewards[actor]: the reward of the player who acted. */
  reward: number
  terminated: boolean
  truncated: boolean
  info: StepInfo<E>
  /** Non-null when the action was refused (illegal, out of range, episode over): nothing changed. */
  error: TercioError | null
}

export const DEFAULT_MAX_DECISIONS = 10_000

export function allocObs(spec: EnvSpec): Observation {
  const s = obsSizes(spec)
  return { planes: new Float32Array(s.planes), entities: new Float32Array(s.entities), globals: new Float32Array(s.globals), mask: new Uint8Array(s.mask) }
}

export function copyObs(o: Observation, into?: Observation): Observation {
  if (!into) return { planes: o.planes.slice(), entities: o.entities.slice(), globals: o.globals.slice(), mask: o.mask.slice() }
  into.planes.set(o.planes)
  into.entities.set(o.entities)
  into.globals.set(o.globals)
  into.mask.set(o.mask)
  return into
}

/** Specs by engine and options: hashing the scenario and building the spec takes 0.5 ms
 *  (piwam-training) to 1.4 ms (Marignan) an env, paid again by every env of a set of hundreds
 *  (the bridge's MakeEnvs). Specs are never mutated. */
const specs = new WeakMap<Engine, Map<string, { scenarioHash: string; spec: EnvSpec }>>()
function specOf(engine: Engine, o: SpecOptions): { scenarioHash: string; spec: EnvSpec } {
  let byOptions = specs.get(engine)
  if (!byOptions) specs.set(engine, (byOptions = new Map()))
  const key = canonicalJson(o)
  let made = byOptions.get(key)
  if (!made) {
    const scenarioHash = hashJson(engine.scenario)
    made = { scenarioHash, spec: makeSpec(engine, scenarioHash, o) }
    byOptions.set(key, made)
  }
  return made
}

export class TercioEnv<S extends BaseState = BaseState, E extends BaseEvent = BaseEvent> {
  readonly engine: Engine<S, E>
  readonly spec: EnvSpec
  readonly obs: Observation
  readonly scenarioHash: string
  private readonly opts: { skipForced: boolean; maxDecisions: number; events: boolean; record: boolean; shaping: number }
  private readonly engineBuf: RetainedObsBuffers
  private readonly kindIds = new Map<string, number>()
  private readonly envGlobal0: number
  private readonly kindOneHot: boolean
  private readonly legalPlane: number
  private readonly planeLog: PlaneLog | null
  private s: S | null = null
  /** The engine part of obs is out of date (a step skipped encoding). */
  private stale = false
  private done = true
  private baseSeed: number
  private episodeIndex = -1
  private seed = 0
  private decisions = 0
  private agentSteps = 0
  private lastActor: Player = 0
  private readonly returns: [number, number] = [0, 0]
  private readonly mat0: [number, number] = [0, 0]
  private readonly matPrev: [number, number] = [0, 0]
  private readonly skippedPool: SkippedAction[] = []
  private recorder: ReplayRecorder | null = null
  private readonly info: StepInfo<E>
  private readonly result: StepResult<E>
  private readonly resetResult: ResetResult<E>

  constructor(engine: Engine<S, E>, o: EnvOptions = {}) {
    this.engine = engine
    const shaping = o.reward?.shaping ?? 0
    this.opts = {
      skipForced: o.skipForced ?? true,
      maxDecisions: o.maxDecisions ?? DEFAULT_MAX_DECISIONS,
      events: o.events ?? false,
      record: o.record ?? false,
      shaping,
    }
    if (!Number.isInteger(this.opts.maxDecisions) || this.opts.maxDecisions < 1) throw new RangeError(`maxDecisions must be a positive integer, got ${o.maxDecisions}`)
    const made = specOf(engine as unknown as Engine, { reward: o.reward ?? {}, maxDecisions: this.opts.maxDecisions, skipForced: this.opts.skipForced })
    this.scenarioHash = made.scenarioHash
    this.spec = made.spec
    const sizes = obsSizes(this.spec)
    if (o.buffers) {
      const b = o.buffers
      if (b.planes.length !== sizes.planes || b.entities.length !== sizes.entities || b.globals.length !== sizes.globals || b.mask.length !== sizes.mask) {
        throw new RangeError(`env buffers do not match the spec sizes ${JSON.stringify(sizes)}`)
      }
      this.obs = b
    } else this.obs = allocObs(this.spec)
    const size = engine.grid.size
    const ce = engine.obs.planes.length
    // Only encode writes these views, so the engine may update them incrementally (obs-writer.ts).
    this.engineBuf = {
      planes: this.obs.planes.subarray(0, ce * size),
      entities: this.obs.entities,
      globals: this.obs.globals.subarray(0, engine.obs.globals.length),
      retained: true,
      ...(o.planeLog ? { log: o.planeLog } : {}),
    }
    this.planeLog = o.planeLog ?? null
    this.obs.planes.fill(1, ce * size, (ce + 1) * size) // env:on_map, never overwritten
    this.legalPlane = (ce + ENV_PLANES.indexOf('env:legal_hex')) * size
    this.envGlobal0 = engine.obs.globals.length
    this.kindOneHot = !engineEncodesKinds(engine as unknown as Engine)
    engine.decisionKinds.forEach((k, i) => this.kindIds.set(k, i))
    this.baseSeed = o.seed ?? 0
    this.info = {
      player: null,
      decisionKind: null,
      decisionKindId: -1,
      subject: null,
      legalCount: 0,
      actor: null,
      skipped: [],
      events: [],
      decisions: 0,
      outcome: null,
      episode: null,
    }
    this.result = { obs: this.obs, rewards: [0, 0], reward: 0, terminated: false, truncated: false, info: this.info, error: null }
    this.resetResult = { obs: this.obs, info: this.info }
  }

  /** The live game state (read it, do not mutate it). Null before the first reset. */
  get state(): S | null {
    return this.s
  }
  /** The info of the last reset/step (the same reused object they return). */
  get lastInfo(): StepInfo<E> {
    return this.info
  }
  get isDone(): boolean {
    return this.done
  }
  /** Seed of the current episode. */
  get episodeSeed(): number {
    return this.seed
  }

  /** Starts an episode. With a seed, later seedless resets derive their seeds from it (reproducible auto-reset). */
  reset(o: { seed?: number } = {}): ResetResult<E> {
    if (o.seed !== undefined) {
      if (!Number.isInteger(o.seed) || o.seed < 0 || o.seed > 0xffffffff) throw new RangeError(`seed must be an integer in 0..2^32-1, got ${o.seed}`)
      this.baseSeed = o.seed
      this.episodeIndex = 0
      this.seed = o.seed
    } else {
      this.episodeIndex++
      this.seed = this.episodeIndex === 0 ? this.baseSeed : deriveSeed(this.baseSeed, this.episodeIndex)
    }
    const e = this.engine
    this.s = e.init(this.seed)
    this.done = false
    this.decisions = 0
    this.agentSteps = 0
    this.returns[0] = this.returns[1] = 0
    this.recorder = this.opts.record ? new ReplayRecorder(e as unknown as Engine, this.seed, this.s) : null
    if (this.opts.shaping > 0) {
      const m = e.material(this.s)
      this.mat0[0] = this.matPrev[0] = m[0]
      this.mat0[1] = this.matPrev[1] = m[1]
    }
    const info = this.info
    info.actor = null
    info.events.length = 0
    info.episode = null
    const d0 = e.decision(this.s)
    this.lastActor = d0 ? d0.player : 0
    const r = this.result
    r.rewards[0] = r.rewards[1] = 0
    this.advance()
    // Forced decisions at reset can end the game; their rewards are reported in info.episode.
    return this.resetResult
  }

  /** Applies one decision. With encode = false only obs.mask and info are brought up to date
   *  (for callers that read nothing else, e.g. a random opponent); refreshObs() encodes the rest. */
  step(action: number, encode = true): StepResult<E> {
    const r = this.result
    const info = this.info
    r.error = null
    r.rewards[0] = r.rewards[1] = 0
    r.reward = 0
    const s = this.s
    if (this.done || s === null) {
      r.error = err('GAME_OVER', s === null ? 'step() before reset()' : `the episode is over (after ${this.decisions} decisions); call reset()`)
      return r
    }
    const e = this.engine
    if (!Number.isInteger(action) || action < 0 || action >= e.layout.size) {
      r.error = err('ACTION_OUT_OF_RANGE', `action ${action} is outside 0..${e.layout.size - 1}`)
      return r
    }
    if (!this.obs.mask[action]) {
      r.error = err('ACTION_ILLEGAL', `${actionText(e.layout, action)} is not legal for player ${info.player} in decision ${info.decisionKind}${info.subject ? ` (${info.subject})` : ''}`)
      return r
    }
    const actor = info.player as Player
    info.events.length = 0
    const bad = e.apply(s, action, this.opts.events ? info.events : undefined)
    if (bad) {
      r.error = bad
      return r
    }
    this.recorder?.push(action, actor, e.hash(s))
    this.decisions++
    this.agentSteps++
    this.lastActor = actor
    info.actor = actor
    this.advance(encode)
    r.reward = r.rewards[actor]
    return r
  }

  /** After an applied action: skip forced decisions, detect the end, compute rewards, encode. */
  private advance(encode = true): void {
    const e = this.engine
    const s = this.s as S
    const info = this.info
    const r = this.result
    const mask = this.obs.mask
    info.skipped.length = 0
    let d = e.decision(s)
    let count = 0
    let truncated = false
    for (;;) {
      if (d === null) break
      if (this.decisions >= this.opts.maxDecisions) {
        truncated = true
        break
      }
      count = e.legal(s, mask)
      if (count !== 1 || !this.opts.skipForced) break
      let a = 0
      while (a < mask.length && !mask[a]) a++
      const bad = e.apply(s, a, this.opts.events ? info.events : undefined)
      if (bad) throw new Error(`engine refused its only legal action ${actionText(e.layout, a)}: ${bad.code} ${bad.message}`)
      this.recorder?.push(a, d.player, e.hash(s))
      this.decisions++
      this.lastActor = d.player
      const k = info.skipped.length
      const slot = this.skippedPool[k] ?? (this.skippedPool[k] = { action: 0, player: 0 })
      slot.action = a
      slot.player = d.player
      info.skipped.push(slot)
      d = e.decision(s)
    }
    const out = d === null ? e.outcome(s) : null
    const terminated = d === null
    r.terminated = terminated
    r.truncated = truncated
    this.done = terminated || truncated
    info.decisions = this.decisions
    info.outcome = out
    if (this.opts.shaping > 0) this.shape(r.rewards)
    if (terminated) {
      if (!out) throw new Error('engine: decision() is null but outcome() is null')
      if (out.winner !== null) {
        r.rewards[out.winner] += 1
        r.rewards[(1 - out.winner) as Player] -= 1
      }
    }
    this.returns[0] += r.rewards[0]
    this.returns[1] += r.rewards[1]
    if (this.done) {
      mask.fill(0)
      count = 0
      info.player = null
      info.decisionKind = null
      info.decisionKindId = -1
      info.subject = null
      info.episode = { returns: [this.returns[0], this.returns[1]], decisions: this.decisions, agentSteps: this.agentSteps }
      this.recorder?.finish(out)
    } else {
      const dd = d as NonNullable<typeof d>
      info.player = dd.player
      info.decisionKind = dd.kind
      info.decisionKindId = this.kindIds.get(dd.kind) ?? -1
      info.subject = dd.subject ?? null
    }
    info.legalCount = count
    if (encode) this.encode(info.player ?? this.lastActor, count)
    else this.stale = true
  }

  /** Encodes the observation if the last step skipped it (step(a, false)). */
  refreshObs(): Observation {
    if (this.stale && this.s) this.encode(this.info.player ?? this.lastActor, this.info.legalCount)
    return this.obs
  }

  private shape(rw: [number, number]): void {
    const m = this.engine.material(this.s as S)
    const lost0 = this.matPrev[0] - m[0]
    const lost1 = this.matPrev[1] - m[1]
    this.matPrev[0] = m[0]
    this.matPrev[1] = m[1]
    // Fractions of each side's initial material, so both seats are paid on the same scale.
    const f0 = this.mat0[0] > 0 ? lost0 / this.mat0[0] : 0
    const f1 = this.mat0[1] > 0 ? lost1 / this.mat0[1] : 0
    const v = this.opts.shaping * (f1 - f0)
    rw[0] += v
    rw[1] -= v
  }

  private encode(player: Player, count: number): void {
    const e = this.engine
    const o = this.obs
    const mask = o.mask
    this.stale = false
    e.encode(this.s as S, player, this.engineBuf)
    // env:legal_hex straight from the HEX segment of the mask.
    const size = e.grid.size
    const hexOff = e.layout.offset.hex
    const lp = this.legalPlane
    const planes = o.planes
    const log = this.planeLog
    if (log === null) for (let h = 0; h < size; h++) planes[lp + h] = mask[hexOff + h] as number
    else
      for (let h = 0; h < size; h++) {
        const v = mask[hexOff + h] as number
        if (planes[lp + h] !== v) {
          log.add(lp + h)
          planes[lp + h] = v
        }
      }
    const g = o.globals
    const g0 = this.envGlobal0
    g[g0] = this.done ? 0 : player
    g[g0 + 1] = count / mask.length
    g[g0 + 2] = this.decisions / this.opts.maxDecisions
    if (this.kindOneHot) {
      const k0 = g0 + ENV_GLOBALS.length
      const nk = e.decisionKinds.length
      for (let k = 0; k < nk; k++) g[k0 + k] = 0
      if (this.info.decisionKindId >= 0) g[k0 + this.info.decisionKindId] = 1
    }
  }

  /**
   * The current state seen from `player`'s seat, written into `into` (buffers of the spec's sizes,
   * not this env's own): what step/reset return when `player` is the one to act; for the other
   * (waiting) player the same encoding from its seat, with nothing legal (mask, env:legal_hex and
   * env:legal_fraction zero) and env:seat = `player`. For views of the waiting seat (a two-player
   * AEC env, the bridge's Observe); not for hot loops (a full encode). GAME_OVER before reset().
   */
  observeAs(player: Player, into: Observation): TercioError | null {
    const s = this.s
    if (s === null) return err('GAME_OVER', 'observeAs() before reset(): there is no game to observe yet')
    const e = this.engine
    const size = e.grid.size
    const ce = e.obs.planes.length
    const g0 = this.envGlobal0
    e.encode(s, player, { planes: into.planes.subarray(0, ce * size), entities: into.entities, globals: into.globals.subarray(0, g0) })
    into.planes.fill(1, ce * size, (ce + 1) * size) // env:on_map
    const acting = !this.done && player === this.info.player
    if (acting) into.mask.set(this.obs.mask)
    else into.mask.fill(0)
    const hexOff = e.layout.offset.hex
    const lp = this.legalPlane
    for (let h = 0; h < size; h++) into.planes[lp + h] = into.mask[hexOff + h] as number
    const g = into.globals
    g[g0] = this.done ? 0 : player
    g[g0 + 1] = acting ? this.info.legalCount / into.mask.length : 0
    g[g0 + 2] = this.decisions / this.opts.maxDecisions
    if (this.kindOneHot) {
      const k0 = g0 + ENV_GLOBALS.length
      const nk = e.decisionKinds.length
      for (let k = 0; k < nk; k++) g[k0 + k] = 0
      if (this.info.decisionKindId >= 0) g[k0 + this.info.decisionKindId] = 1
    }
    return null
  }

  /** Canonical text of an action id (`unit:F-G1`, `hex:1012`, ...). */
  actionText(id: number): string {
    return actionText(this.engine.layout, id)
  }
  parseAction(text: string): Result<number> {
    return parseAction(this.engine.layout, this.engine.grid, text)
  }
  /** Legal action ids now (allocates; for tools, not hot loops). */
  legalActions(): number[] {
    const out: number[] = []
    const m = this.obs.mask
    for (let i = 0; i < m.length; i++) if (m[i]) out.push(i)
    return out
  }
  /** The replay of the current (or just finished) episode; needs the record option. */
  replay(): Replay | null {
    return this.recorder?.replay() ?? null
  }
  render(): string {
    return this.s ? this.engine.ascii(this.s) : ''
  }
}
