// Behaviour cloning with DAgger-style data: K envs play on while a teacher agent (the
// scripted heuristic, or any agent spec labelled on worker threads through a LabelPool,
// e.g. a rollout search: expert iteration) labels every decision of both seats; each round of K labelled
// observations is one minibatch of cross-entropy over the masked softmax. With probability
// `beta` an env follows the student's sampled action instead of the teacher's, so the
// student also learns what the teacher would do in the positions its own mistakes lead to.
// Data is generated on the fly (the env and teacher cost far less than the network's
// training step), so nothing is stored and no sample is seen twice.
//
// Why: from scratch, PPO on this CPU needs far more samples than a training run has before
// the policy even finds the enemy; a cloned heuristic is a starting point PPO can improve.

import * as tf from '@tensorflow/tfjs'
import type { Engine } from '../env/core/types.ts'
import type { TercioEnv } from '../env/gym/env.ts'
import { actInEnv, type Agent } from '../agents/types.ts'
import { makeActOut, maskedLogSoftmax, type PolicyNet } from '../agents/policy/net.ts'
import type { Mulberry32 } from '../agents/policy/sample.ts'
import { allocBatch, copyObsRow } from './batch.ts'
import { labelSeed, type LabelPool } from './label-pool.ts'

export interface ImitateConfig {
  /** Minibatches (rounds of one decision per env). */
  steps: number
  /** Envs played at once = rows per minibatch. */
  envs: number
  lr: number
  /** Probability that an env follows the student's sampled action (DAgger). */
  beta: number
  /** The teacher: an agent spec (agents/registry.ts), e.g. `search:iters=96:depth=80:crn=1` (default `heuristic`). */
  teacher?: string
  /** Worker threads that label positions when the teacher is not the heuristic (default 2; 0 = this thread). */
  workers?: number
}

export const DEFAULT_IMITATE: ImitateConfig = { steps: 0, envs: 256, lr: 1e-3, beta: 0.3 }

export interface ImitateStats {
  step: number
  samples: number
  /** Mean cross-entropy of the teacher's action over the last report interval. */
  loss: number
  /** Fraction of decisions where the student's greedy choice was the teacher's. */
  accuracy: number
}

/** A running imitation phase; `step()` does one minibatch. Its RNG and env seeds come from
 *  the caller, so a run is reproducible. */
export class Imitator {
  private readonly batch
  private readonly labels: Int32Array
  private readonly act
  private readonly optimizer: tf.AdamOptimizer
  private lossSum = 0
  private accOk = 0
  private n = 0
  steps = 0

  constructor(
    private readonly net: PolicyNet,
    private readonly engine: Engine,
    private readonly envs: readonly TercioEnv[],
    /** An agent acting on this thread, or a pool of worker threads. */
    private readonly teacher: Agent | LabelPool,
    private readonly cfg: ImitateConfig,
    private readonly rng: Mulberry32,
    private readonly nextSeed: () => number,
  ) {
    const K = envs.length
    this.batch = allocBatch(net.shape, K)
    this.labels = new Int32Array(K)
    this.act = makeActOut(K)
    this.optimizer = tf.train.adam(cfg.lr)
    for (const e of envs) e.reset({ seed: nextSeed() })
  }

  /** One minibatch with a teacher agent on this thread. */
  step(): void {
    const t = this.teacher
    if (!isAgent(t)) throw new Error('Imitator.step: a LabelPool teacher labels asynchronously; use stepAsync')
    for (let i = 0; i < this.envs.length; i++) this.labels[i] = actInEnv(t, this.engine, this.envs[i] as TercioEnv)
    this.learn()
  }

  /** One minibatch with any teacher (a LabelPool labels on its worker threads meanwhile). */
  async stepAsync(): Promise<void> {
    const t = this.teacher
    if (isAgent(t)) return this.step()
    const K = this.envs.length
    const seeds = Array.from({ length: K }, (_, i) => labelSeed(this.cfg.envs, this.steps, i))
    await t.label(
      this.envs.map((e) => e.state as NonNullable<TercioEnv['state']>),
      seeds,
      this.labels,
    )
    this.learn()
  }

  /** Trains on the labelled positions, then plays every env on by one decision. */
  private learn(): void {
    const { envs, batch, labels, net } = this
    const K = envs.length
    const rf = () => this.rng.next()
    for (let i = 0; i < K; i++) copyObsRow(batch, i, (envs[i] as TercioEnv).obs, net.shape)
    // The student's greedy choice (for the accuracy figure), then its sampled one (to step with).
    net.act(batch, K, rf, true, this.act)
    for (let i = 0; i < K; i++) if (this.act.actions[i] === labels[i]) this.accOk++
    const follow = this.cfg.beta > 0
    if (follow) net.act(batch, K, rf, false, this.act)
    const loss = this.optimizer.minimize(
      () =>
        tf.tidy(() => {
          const out = net.forward(net.inputs(batch, K))
          const lp = maskedLogSoftmax(out.logits, net.maskTensor(batch.mask, K))
          return lp.mul(tf.oneHot(tf.tensor1d(labels, 'int32'), net.shape.actions)).sum(1).mean().neg() as tf.Scalar
        }),
      true,
      net.variables(),
    ) as tf.Scalar
    this.lossSum += (loss.dataSync() as Float32Array)[0] as number
    loss.dispose()
    this.n += K
    for (let i = 0; i < K; i++) {
      const e = envs[i] as TercioEnv
      const a = follow && rf() < this.cfg.beta ? (this.act.actions[i] as number) : (labels[i] as number)
      const r = e.step(a)
      if (r.error) throw new Error(`imitation: a masked-legal action was refused: ${r.error.message}`)
      if (r.terminated || r.truncated) e.reset({ seed: this.nextSeed() })
    }
    this.steps++
  }

  /** Stats since the last call. */
  report(): ImitateStats {
    const rounds = this.n / this.envs.length
    const s = { step: this.steps, samples: this.steps * this.envs.length, loss: rounds ? this.lossSum / rounds : 0, accuracy: this.n ? this.accOk / this.n : 0 }
    this.lossSum = this.accOk = this.n = 0
    return s
  }

  dispose(): void {
    this.optimizer.dispose()
  }
}

const isAgent = (t: Agent | LabelPool): t is Agent => 'act' in t
