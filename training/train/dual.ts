// The `dual` loop (`TrainConfig.actor = 'dual'`): the PPO trainer on both cores with no
// policy lag. A helper worker thread holds its own TF.js (wasm) instance, a copy of the
// network and half of the self-play envs, and shares the rollout buffer's memory
// (SharedArrayBuffers). Each cycle:
//   1. rollout: this thread and the helper each collect T steps of their half of the K envs
//      with the same weights (the learner's, sent with the request) into their columns of the
//      shared buffer;
//   2. update: every minibatch's gradient is computed in two shares at once (this thread rows
//      [0, h), the helper rows [h, n), both dividing by the whole minibatch's counts); this
//      thread adds the two, clips the norm and applies Adam, and the helper gets the new
//      weights with its next share (PpoLearner.updateDual).
// Same algorithm as the inline loop (on-policy PPO, same minibatches and Adam steps); what
// differs is only how the K envs draw their random streams and episode seeds (two collectors,
// the seeds interleaved: this thread the even offsets, the helper the odd ones). Everything
// is exchanged in a fixed order, so a run is deterministic for a seed.
import { Worker } from 'node:worker_threads'
import type { Engine } from '../../env/core/types.ts'
import type { NamedWeight, NetConfig, PolicyNet } from '../../agents/policy/net.ts'
import { RolloutBuffer, type RolloutStore } from '../ppo/buffer.ts'
import type { GradHelper, GradRequest } from '../ppo/ppo.ts'
import { Collector, teacherCoefAt, type CollectorState, type RolloutStats } from './collector.ts'
import type { TrainConfig } from './config.ts'
import type { RolloutSource } from './actor.ts'

/** The random streams of both halves of the dual loop (checkpointed in Progress.dual). */
export interface DualStates {
  main: CollectorState
  helper: CollectorState
}

export interface DualInit {
  cfg: TrainConfig
  net: NetConfig
  weights: NamedWeight[]
  league: NamedWeight[][]
  /** The helper's collector state (its envs are columns col0 .. K − 1 of the shared buffer). */
  state: CollectorState
  col0: number
  store: RolloutStore
}

export type ToHelper = { type: 'collect'; weights: Float32Array; league: NamedWeight[][] | null; teacher: boolean } | ({ type: 'grad' } & GradRequest)
export type FromHelper = { type: 'collected'; stats: RolloutStats } | { type: 'grad'; grads: Float32Array; parts: Float32Array } | { type: 'error'; message: string }

const BOOT = new URL('./dual-worker-boot.mjs', import.meta.url)

/** Envs this thread collects in the dual loop (the helper takes the rest). */
export const mainEnvs = (K: number): number => Math.ceil(K / 2)

/** The collector states of a dual loop starting fresh from one collector's state: this
 *  thread keeps its streams, the helper gets streams mixed from them; the episode seeds
 *  interleave (even offsets here, odd ones on the helper), so both stay in one range. */
export function splitStates(s: CollectorState): DualStates {
  const mix = (x: number, k: number) => Math.imul((x ^ k) >>> 0, 0x85ebca6b) >>> 0
  return {
    main: { rngAct: s.rngAct, rngOpp: s.rngOpp, nextEpisodeSeed: s.nextEpisodeSeed, seedStep: 2 },
    helper: { rngAct: mix(s.rngAct, 0x9e3779b9), rngOpp: mix(s.rngOpp, 0x7f4a7c15), nextEpisodeSeed: s.nextEpisodeSeed + 1, seedStep: 2 },
  }
}

/** The helper thread: collects its half of the envs and computes shares of gradients. */
export class DualHelper implements GradHelper {
  private readonly pending: { resolve: (m: FromHelper) => void; reject: (e: Error) => void }[] = []
  private failure: Error | null = null
  private closing = false

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: FromHelper) => {
      if (m.type === 'error') return this.fail(new Error(`dual helper thread: ${m.message}`))
      this.pending.shift()?.resolve(m)
    })
    worker.on('error', (e) => this.fail(new Error(`dual helper thread crashed: ${e.message}`)))
    worker.on('exit', (code) => {
      if (!this.closing) this.fail(new Error(`dual helper thread exited (code ${code})`))
    })
  }

  static start(init: DualInit): DualHelper {
    return new DualHelper(new Worker(BOOT, { workerData: init }))
  }

  private fail(e: Error): void {
    this.failure ??= e
    for (const p of this.pending.splice(0)) p.reject(e)
  }

  /** Requests are answered in order, one reply each. */
  private request(msg: ToHelper, transfer: ArrayBuffer[]): Promise<FromHelper> {
    if (this.failure) return Promise.reject(this.failure)
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject })
      this.worker.postMessage(msg, transfer)
    })
  }

  /** Collects the helper's envs with `weights` (net.getFlat(), transferred) into its columns. */
  async collect(weights: Float32Array, league: NamedWeight[][] | null, teacher: boolean): Promise<RolloutStats> {
    const m = await this.request({ type: 'collect', weights, league, teacher }, [weights.buffer as ArrayBuffer])
    if (m.type !== 'collected') throw new Error(`dual helper thread: expected a rollout, got ${m.type}`)
    return m.stats
  }

  async grads(req: GradRequest): Promise<{ grads: Float32Array; parts: Float32Array }> {
    const m = await this.request({ type: 'grad', ...req }, [req.weights.buffer as ArrayBuffer])
    if (m.type !== 'grad') throw new Error(`dual helper thread: expected a gradient, got ${m.type}`)
    return m
  }

  async close(): Promise<void> {
    this.closing = true
    await this.worker.terminate()
  }
}

/** Rollouts of the dual loop: half the envs here, half on the helper, into one shared buffer. */
export class DualSource implements RolloutSource {
  private readonly c: Collector
  private readonly own: RolloutBuffer
  private pendingLeague: NamedWeight[][] | null = null

  private constructor(
    private readonly cfg: TrainConfig,
    private readonly net: PolicyNet,
    readonly helper: DualHelper,
    c: Collector,
  ) {
    this.c = c
    this.own = new RolloutBuffer(net.shape, cfg.rollout, c.K)
  }

  /** `buf` must be RolloutBuffer.shared: the helper writes its columns into it. */
  static start(engine: Engine, cfg: TrainConfig, net: PolicyNet, league: readonly NamedWeight[][], states: DualStates, buf: RolloutBuffer): DualSource {
    const K0 = mainEnvs(cfg.envs)
    const c = new Collector(engine, { ...cfg, envs: K0 }, net, league, states.main)
    const helper = DualHelper.start({ cfg, net: net.config, weights: net.getWeights(), league: [...league], state: states.helper, col0: K0, store: buf.store() })
    return new DualSource(cfg, net, helper, c)
  }

  get gradHelper(): GradHelper {
    return this.helper
  }

  async next(buf: RolloutBuffer, u: number): Promise<RolloutStats & { lagged: boolean; dual: DualStates }> {
    const teacher = teacherCoefAt(this.cfg, u) > 0
    const theirs = this.helper.collect(this.net.getFlat(), this.pendingLeague, teacher)
    this.pendingLeague = null
    let mine: RolloutStats
    try {
      mine = this.c.collect(this.own, teacher)
    } catch (e) {
      await theirs.catch(() => {})
      throw e
    }
    this.own.lastValues.set(this.c.lastValues)
    buf.putColumns(this.own, 0)
    const other = await theirs
    buf.markFull()
    const main = this.c.state()
    return {
      episodes: mine.episodes + other.episodes,
      returnSum: mine.returnSum + other.returnSum,
      wins: mine.wins + other.wins,
      rngAct: main.rngAct,
      rngOpp: main.rngOpp,
      // the seeds both halves drew lie below the larger of their counters
      nextEpisodeSeed: Math.max(main.nextEpisodeSeed, other.nextEpisodeSeed),
      lagged: false,
      dual: { main, helper: { rngAct: other.rngAct, rngOpp: other.rngOpp, nextEpisodeSeed: other.nextEpisodeSeed, seedStep: other.seedStep ?? 1 } },
    }
  }

  publish(_version: number, _weights: readonly NamedWeight[], league: readonly NamedWeight[][] | null): void {
    if (!league) return
    this.c.setLeague(league)
    this.pendingLeague = [...league]
  }

  async close(): Promise<void> {
    this.c.dispose()
    await this.helper.close()
  }
}
