// Where the PPO trainer's rollouts come from (`TrainConfig.actor`):
//  - `inline`: the trainer's own thread collects with the learner's network, then updates
//    (the sequential loop: one core works at a time);
//  - `thread`: an actor worker thread with its own copy of the network collects rollout u+1
//    while the learner updates on rollout u, so both cores work. Rollout u is collected with
//    the weights after update u−2 — exactly one update behind the learner, always (the
//    first rollout of a session: none), whatever the machine's speed — so the run stays
//    deterministic for a seed, and the learner corrects the lag (PpoLearner.update with
//    `lagged`: ratio against its own policy, truncated importance weights; training/ppo/ppo.ts).
import { Worker } from 'node:worker_threads'
import type { Engine } from '../../env/core/types.ts'
import type { NamedWeight, NetConfig, PolicyNet } from '../../agents/policy/net.ts'
import type { RolloutArrays, RolloutBuffer } from '../ppo/buffer.ts'
import type { GradHelper } from '../ppo/ppo.ts'
import { Collector, teacherCoefAt, type CollectorState, type RolloutStats } from './collector.ts'
import type { TrainConfig } from './config.ts'

export interface RolloutSource {
  /** Fills `buf` with rollout number `u` (lastValues set; the caller runs `finish`). `lagged`:
   *  its behaviour policy is older than the learner's network. */
  next(buf: RolloutBuffer, u: number): Promise<RolloutStats & { lagged: boolean }>
  /** After update `u` − 1: the learner's weights (version u) and the league as it stands. */
  publish(version: number, weights: readonly NamedWeight[], league: readonly NamedWeight[][] | null): void
  close(): Promise<void>
  /** The dual loop's helper thread, which also computes a share of each minibatch's gradient. */
  readonly gradHelper?: GradHelper
}

/** The sequential loop: collect with the learner's own network on this thread. */
export class InlineSource implements RolloutSource {
  private readonly c: Collector
  constructor(engine: Engine, cfg: TrainConfig, net: PolicyNet, league: readonly NamedWeight[][], state: CollectorState) {
    this.c = new Collector(engine, cfg, net, league, state)
    this.cfg = cfg
  }
  private readonly cfg: TrainConfig
  next(buf: RolloutBuffer, u: number): Promise<RolloutStats & { lagged: boolean }> {
    const st = this.c.collect(buf, teacherCoefAt(this.cfg, u) > 0)
    buf.lastValues.set(this.c.lastValues)
    return Promise.resolve({ ...st, lagged: false })
  }
  publish(_version: number, _weights: readonly NamedWeight[], league: readonly NamedWeight[][] | null): void {
    if (league) this.c.setLeague(league)
  }
  close(): Promise<void> {
    this.c.dispose()
    return Promise.resolve()
  }
}

export interface ActorInit {
  cfg: TrainConfig
  net: NetConfig
  weights: NamedWeight[]
  league: NamedWeight[][]
  state: CollectorState
  /** The first rollout this actor collects (the learner's update counter). */
  first: number
}
export type ToActor = { type: 'weights'; version: number; weights: NamedWeight[]; league: NamedWeight[][] | null }
export type FromActor = { type: 'rollout'; u: number; version: number; arrays: RolloutArrays; stats: RolloutStats } | { type: 'error'; message: string }

const BOOT = new URL('./actor-worker-boot.mjs', import.meta.url)

/** The overlapped loop: an actor worker thread collects while the learner updates. */
export class ActorThread implements RolloutSource {
  private readonly ready = new Map<number, Extract<FromActor, { type: 'rollout' }>>()
  private waiting: { u: number; resolve: (m: Extract<FromActor, { type: 'rollout' }>) => void; reject: (e: Error) => void } | null = null
  private failure: Error | null = null
  private readonly first: number

  private constructor(private readonly worker: Worker, first: number) {
    this.first = first
    worker.on('message', (m: FromActor) => {
      if (m.type === 'error') return this.fail(new Error(`actor thread: ${m.message}`))
      this.ready.set(m.u, m)
      this.deliver()
    })
    worker.on('error', (e) => this.fail(new Error(`actor thread crashed: ${e.message}`)))
    worker.on('exit', (code) => {
      if (!this.closing) this.fail(new Error(`actor thread exited (code ${code})`))
    })
  }
  private closing = false

  static start(init: ActorInit): ActorThread {
    return new ActorThread(new Worker(BOOT, { workerData: init }), init.first)
  }

  private fail(e: Error): void {
    this.failure = e
    this.waiting?.reject(e)
    this.waiting = null
  }

  private deliver(): void {
    const w = this.waiting
    if (!w) return
    const m = this.ready.get(w.u)
    if (!m) return
    this.ready.delete(w.u)
    this.waiting = null
    w.resolve(m)
  }

  async next(buf: RolloutBuffer, u: number): Promise<RolloutStats & { lagged: boolean }> {
    if (this.failure) throw this.failure
    const m = await new Promise<Extract<FromActor, { type: 'rollout' }>>((resolve, reject) => {
      this.waiting = { u, resolve, reject }
      this.deliver()
    })
    buf.load(m.arrays)
    // rollout u was collected with weights version m.version (u − 1, or the start's)
    return { ...m.stats, lagged: m.version < u }
  }

  publish(version: number, weights: readonly NamedWeight[], league: readonly NamedWeight[][] | null): void {
    const msg: ToActor = { type: 'weights', version, weights: [...weights], league: league ? [...league] : null }
    this.worker.postMessage(msg)
  }

  async close(): Promise<void> {
    this.closing = true
    await this.worker.terminate()
  }

  /** The first rollout of this actor (collected with the learner's weights: no lag). */
  get firstRollout(): number {
    return this.first
  }
}
