// Vector envs: N envs stepped as a batch, observations in one contiguous typed
// array per field (row i = env i), auto-reset in the same step (the observation
// returned for a finished env is the first of its next episode; the last one is
// in info.final). VecEnv runs in this thread; WorkerVecEnv (vec-worker.ts) runs
// the same VecCore over SharedArrayBuffers in worker threads.

import type { BaseEvent, BaseState, Engine } from '../core/types.ts'
import { ERROR_CODES } from '../core/types.ts'
import { TercioEnv, type EnvOptions, type Observation } from './env.ts'
import { obsSizes, type EnvSpec, type ObsSizes } from './spec.ts'

/** A batch of observations: row i of each array is env i. */
export interface BatchObs {
  planes: Float32Array
  entities: Float32Array
  globals: Float32Array
  mask: Uint8Array
}

/** Per-env info as typed arrays (no objects per step; identical across VecEnv and WorkerVecEnv). */
export interface VecInfo {
  /** Player to act, -1 none. */
  player: Int8Array
  /** Index into spec.decisionKinds, -1 none. */
  decisionKind: Int16Array
  legalCount: Int32Array
  /** Decisions applied in the current episode. */
  decisions: Int32Array
  /** Player who took this step's action, -1 none. */
  actor: Int8Array
  /** Decisions applied automatically by skipForced in this step. */
  skipped: Int32Array
  /** 1 where the episode ended at this step (terminated or truncated); the env has been reset. */
  done: Uint8Array
  /** Where done: winner 0/1, 2 = draw, 3 = truncated. -1 elsewhere. */
  winner: Int8Array
  /** Where done: the episode's total reward per player (2 per env). */
  episodeReturn: Float32Array
  episodeDecisions: Int32Array
  /** -1, or the index in ERROR_CODES of why env i refused its action (nothing changed for it). */
  error: Int16Array
  /** Last observations of the envs with done = 1 (other rows are stale). */
  final: BatchObs
}

export interface VecStepResult {
  obs: BatchObs
  /** Reward of each player, 2 per env: [env0.p0, env0.p1, env1.p0, ...]. */
  rewards: Float32Array
  /** Reward of the player who acted, per env. */
  reward: Float32Array
  terminated: Uint8Array
  truncated: Uint8Array
  info: VecInfo
}

export interface VecResetResult {
  obs: BatchObs
  info: VecInfo
}

/** Common API of VecEnv and WorkerVecEnv. Results are reused buffers: copy what you keep. */
export interface VectorEnv {
  readonly num: number
  readonly spec: EnvSpec
  /** Env i is seeded seed + i (mod 2^32); later auto-resets derive their seeds from that. */
  reset(o?: { seed?: number }): VecResetResult
  step(actions: ArrayLike<number>): VecStepResult
  /** WorkerVecEnv returns a promise (threads stop asynchronously). */
  close(): void | Promise<void>
}

export const WINNER_DRAW = 2
export const WINNER_TRUNCATED = 3

export interface VecBuffers {
  obs: BatchObs
  final: BatchObs
  actions: Int32Array
  rewards: Float32Array
  reward: Float32Array
  terminated: Uint8Array
  truncated: Uint8Array
  player: Int8Array
  decisionKind: Int16Array
  legalCount: Int32Array
  decisions: Int32Array
  actor: Int8Array
  skipped: Int32Array
  done: Uint8Array
  winner: Int8Array
  episodeReturn: Float32Array
  episodeDecisions: Int32Array
  error: Int16Array
}

type Ctor<T> = new (b: ArrayBuffer | SharedArrayBuffer) => T

/** Allocates every batch array (on SharedArrayBuffers when shared, for workers). */
export function allocVecBuffers(sizes: ObsSizes, n: number, shared: boolean): VecBuffers {
  const mk = <T>(C: Ctor<T> & { BYTES_PER_ELEMENT: number }, len: number): T => {
    const bytes = C.BYTES_PER_ELEMENT * len
    return new C(shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes))
  }
  const batch = (): BatchObs => ({
    planes: mk(Float32Array, n * sizes.planes),
    entities: mk(Float32Array, n * sizes.entities),
    globals: mk(Float32Array, n * sizes.globals),
    mask: mk(Uint8Array, n * sizes.mask),
  })
  return {
    obs: batch(),
    final: batch(),
    actions: mk(Int32Array, n),
    rewards: mk(Float32Array, 2 * n),
    reward: mk(Float32Array, n),
    terminated: mk(Uint8Array, n),
    truncated: mk(Uint8Array, n),
    player: mk(Int8Array, n),
    decisionKind: mk(Int16Array, n),
    legalCount: mk(Int32Array, n),
    decisions: mk(Int32Array, n),
    actor: mk(Int8Array, n),
    skipped: mk(Int32Array, n),
    done: mk(Uint8Array, n),
    winner: mk(Int8Array, n),
    episodeReturn: mk(Float32Array, 2 * n),
    episodeDecisions: mk(Int32Array, n),
    error: mk(Int16Array, n),
  }
}

export function rowOf(b: BatchObs, sizes: ObsSizes, i: number): Observation {
  return {
    planes: b.planes.subarray(i * sizes.planes, (i + 1) * sizes.planes),
    entities: b.entities.subarray(i * sizes.entities, (i + 1) * sizes.entities),
    globals: b.globals.subarray(i * sizes.globals, (i + 1) * sizes.globals),
    mask: b.mask.subarray(i * sizes.mask, (i + 1) * sizes.mask),
  }
}

/** The per-env scalar fields of a batch: everything but the observations and the actions. */
const SCALARS = ['rewards', 'reward', 'terminated', 'truncated', 'player', 'decisionKind', 'legalCount', 'decisions', 'actor', 'skipped', 'done', 'winner', 'episodeReturn', 'episodeDecisions', 'error'] as const
type Scalars = Pick<VecBuffers, (typeof SCALARS)[number]>

/** Steps envs lo..hi-1 of a batch whose arrays are `buf`. */
export class VecCore<S extends BaseState = BaseState, E extends BaseEvent = BaseEvent> {
  readonly envs: TercioEnv<S, E>[] = []
  private readonly finals: Observation[] = []
  /** Where the per-env scalars are written during a step: `buf` itself, or private arrays when other threads
   *  share `buf` (dozens of envs' flags share each cache line, which would bounce between cores on every write). */
  private readonly s: Scalars
  /** [private part, shared array, offset] per scalar field, copied out once per batch. */
  private readonly publishes: [ArrayLike<number>, { set(a: ArrayLike<number>, o: number): void }, number][] = []
  /** Row ranges that can be stepped on their own (stepRange), and their publishes: made once, no allocation per step. */
  private readonly ranges: readonly (readonly [number, number])[]
  private readonly rangePublishes: [ArrayLike<number>, { set(a: ArrayLike<number>, o: number): void }, number][][] = []

  /** Progress counter bumped once per env (see vec-protocol.ts), or null. */
  private readonly progress: Int32Array | null
  private readonly progressAt: number

  constructor(
    engine: Engine<S, E>,
    opts: EnvOptions,
    readonly buf: VecBuffers,
    readonly lo: number,
    readonly hi: number,
    sizes: ObsSizes,
    threads: { privateScalars?: boolean; progress?: Int32Array; progressAt?: number; ranges?: readonly (readonly [number, number])[] } = {},
  ) {
    this.ranges = threads.ranges ?? [[lo, hi]]
    for (let i = lo; i < hi; i++) {
      // Events are never collected in vector envs: they would allocate per step.
      this.envs.push(new TercioEnv(engine, { ...opts, events: false, buffers: rowOf(buf.obs, sizes, i) }))
      this.finals.push(rowOf(buf.final, sizes, i))
    }
    this.progress = threads.progress ?? null
    this.progressAt = threads.progressAt ?? 0
    if (!threads.privateScalars) {
      this.s = buf
      return
    }
    const n = buf.actions.length
    const own = allocVecBuffers({ planes: 0, entities: 0, globals: 0, mask: 0 }, n, false)
    this.s = own
    for (const k of SCALARS) {
      const per = buf[k].length / n // 2 for rewards and episodeReturn
      this.publishes.push([own[k].subarray(lo * per, hi * per), buf[k], lo * per])
    }
    for (const [a, b] of this.ranges) {
      this.rangePublishes.push(SCALARS.map((k) => {
        const per = buf[k].length / n
        return [own[k].subarray(a * per, b * per), buf[k], a * per]
      }))
    }
  }

  private publish(list = this.publishes): void {
    for (const [from, to, at] of list) to.set(from, at)
  }

  reset(seed: number | undefined): void {
    const b = this.s
    for (let i = this.lo; i < this.hi; i++) {
      const env = this.envs[i - this.lo] as TercioEnv<S, E>
      if (seed === undefined) env.reset()
      else env.reset({ seed: (seed + i) >>> 0 })
      this.afterReset(env, i)
      if (this.progress) Atomics.add(this.progress, this.progressAt, 1)
      b.rewards[2 * i] = b.rewards[2 * i + 1] = 0
      b.reward[i] = 0
      b.terminated[i] = b.truncated[i] = b.done[i] = 0
      b.winner[i] = -1
      b.actor[i] = -1
      b.skipped[i] = 0
      b.error[i] = -1
    }
    this.publish()
  }

  private afterReset(env: TercioEnv<S, E>, i: number): void {
    // A scenario whose forced opening decisions end the game would loop; give up after a few.
    for (let k = 0; env.isDone && k < 100; k++) env.reset()
    this.copyInfo(env, i)
  }

  private copyInfo(env: TercioEnv<S, E>, i: number): void {
    const b = this.s
    const inf = env.lastInfo
    b.player[i] = inf.player ?? -1
    b.decisionKind[i] = inf.decisionKindId
    b.legalCount[i] = inf.legalCount
    b.decisions[i] = inf.decisions
  }

  step(): void {
    this.stepRows(this.lo, this.hi)
    this.publish()
  }

  /** Steps only the rows of range k (threads.ranges), e.g. one group of an asynchronous worker vector env. */
  stepRange(k: number): void {
    const r = this.ranges[k]
    if (!r) throw new RangeError(`no row range ${k}`)
    this.stepRows(r[0], r[1])
    if (this.publishes.length) this.publish(this.rangePublishes[k])
  }

  private stepRows(from: number, to: number): void {
    const b = this.s
    const actions = this.buf.actions
    for (let i = from; i < to; i++) {
      const env = this.envs[i - this.lo] as TercioEnv<S, E>
      const r = env.step(actions[i] as number)
      if (this.progress) Atomics.add(this.progress, this.progressAt, 1)
      b.done[i] = 0
      b.winner[i] = -1
      if (r.error) {
        b.error[i] = ERROR_CODES.indexOf(r.error.code)
        b.rewards[2 * i] = b.rewards[2 * i + 1] = 0
        b.reward[i] = 0
        b.terminated[i] = b.truncated[i] = 0
        b.actor[i] = -1
        b.skipped[i] = 0
        continue
      }
      b.error[i] = -1
      b.rewards[2 * i] = r.rewards[0]
      b.rewards[2 * i + 1] = r.rewards[1]
      b.reward[i] = r.reward
      b.terminated[i] = r.terminated ? 1 : 0
      b.truncated[i] = r.truncated ? 1 : 0
      b.actor[i] = r.info.actor ?? -1
      b.skipped[i] = r.info.skipped.length
      if (r.terminated || r.truncated) {
        const fin = this.finals[i - this.lo] as Observation
        fin.planes.set(r.obs.planes)
        fin.entities.set(r.obs.entities)
        fin.globals.set(r.obs.globals)
        fin.mask.set(r.obs.mask)
        b.done[i] = 1
        const w = r.info.outcome?.winner
        b.winner[i] = r.truncated ? WINNER_TRUNCATED : w === null || w === undefined ? WINNER_DRAW : w
        const ep = r.info.episode
        b.episodeReturn[2 * i] = ep ? ep.returns[0] : 0
        b.episodeReturn[2 * i + 1] = ep ? ep.returns[1] : 0
        b.episodeDecisions[i] = ep ? ep.decisions : 0
        env.reset()
        this.afterReset(env, i)
      } else this.copyInfo(env, i)
    }
  }
}

function resultsOf(b: VecBuffers): { step: VecStepResult; reset: VecResetResult } {
  const info: VecInfo = {
    player: b.player,
    decisionKind: b.decisionKind,
    legalCount: b.legalCount,
    decisions: b.decisions,
    actor: b.actor,
    skipped: b.skipped,
    done: b.done,
    winner: b.winner,
    episodeReturn: b.episodeReturn,
    episodeDecisions: b.episodeDecisions,
    error: b.error,
    final: b.final,
  }
  return {
    step: { obs: b.obs, rewards: b.rewards, reward: b.reward, terminated: b.terminated, truncated: b.truncated, info },
    reset: { obs: b.obs, info },
  }
}

export interface VecEnvOptions extends Omit<EnvOptions, 'buffers' | 'events'> {
  num: number
}

/**
 * N envs stepped in this thread as a batch: observations in one preallocated typed array per
 * field (row i = env i), auto-reset in the same step (the observation returned for a finished
 * env is the first of its next game; its last one is in `final`).
 * `WorkerVecEnv` (env/gym/worker-vec.ts) is the same interface over worker threads.
 */
export class VecEnv<S extends BaseState = BaseState, E extends BaseEvent = BaseEvent> implements VectorEnv {
  readonly num: number
  readonly spec: EnvSpec
  readonly buffers: VecBuffers
  private readonly core: VecCore<S, E>
  private readonly res: { step: VecStepResult; reset: VecResetResult }

  constructor(engine: Engine<S, E>, o: VecEnvOptions) {
    if (!Number.isInteger(o.num) || o.num < 1) throw new RangeError(`num must be a positive integer, got ${o.num}`)
    this.num = o.num
    const probe = new TercioEnv(engine, o)
    this.spec = probe.spec
    this.buffers = allocVecBuffers(obsSizes(this.spec), o.num, false)
    this.core = new VecCore(engine, o, this.buffers, 0, o.num, obsSizes(this.spec))
    this.res = resultsOf(this.buffers)
  }

  /** The single envs (for inspection: state, replay, render). */
  get envs(): readonly TercioEnv<S, E>[] {
    return this.core.envs
  }

  reset(o: { seed?: number } = {}): VecResetResult {
    this.core.reset(o.seed)
    return this.res.reset
  }

  step(actions: ArrayLike<number>): VecStepResult {
    if (actions.length !== this.num) throw new RangeError(`step needs ${this.num} actions, got ${actions.length}`)
    this.buffers.actions.set(actions)
    this.core.step()
    return this.res.step
  }

  close(): void {}
}

export { resultsOf }
