// Behaviour cloning with DAgger-style data: K envs play on while a teacher agent (the
// scripted heuristic, or any agent spec labelled on worker threads through a LabelPool,
// e.g. a rollout search: expert iteration) labels every decision of both seats; each round of K labelled
// observations is one minibatch of cross-entropy over the masked softmax. With probability
// `beta` an env follows the student's sampled action instead of the teacher's, so the
// student also learns what the teacher would do in the positions its own mistakes lead to.
// Data is generated on the fly (the env and teacher cost far less than the network's
// training step), so nothing is stored and no sample is seen twice.
//
// Soft labels (`soft`): a teacher that scores its candidates (the rollout search,
// agents/search.ts ScoredAgent) gives a distribution instead of one action — a softmax of the
// candidates' scores at a temperature, optionally mixed with the scripted choice — and the
// loss is the cross-entropy to it. Why: the search's argmax flips with the dice of its
// rollouts when candidates score alike; the hard labels were unlearnable noise (greedy
// agreement 55%, cross-entropy stuck at 1.0–1.1, docs/training.md), while the scores say
// how sure the search is.
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
import { isScoredAgent } from '../agents/search.ts'
import { makeHeuristic } from '../agents/heuristic/index.ts'
import { PriorHints } from '../agents/policy/prior.ts'
import { allocScoreRows, labelSeed, writeScoreRow, type LabelPool, type ScoreRows } from './label-pool.ts'

/** Soft labels from a scoring teacher (a search): target = (1 − mix) · softmax(score / temperature)
 *  over the searched candidates + mix · one-hot(the scripted choice, candidate 0). */
export interface SoftLabelConfig {
  /** Softmax temperature in the teacher's value units (> 0; scores are in [−1, 1]). */
  temperature: number
  /** Weight of the teacher's scripted prior (candidate 0), in [0, 1] (default 0). */
  mix: number
}

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
  /** Soft labels from the teacher's candidate scores (the teacher must be a search). */
  soft?: SoftLabelConfig
  /** Gradient steps on each labelled minibatch (default 1): an expensive teacher's labels can be
   *  fitted more than once. */
  passes?: number
  /** Minibatches between evaluations during imitation (default 0 = only at its end; trainer). */
  evalEvery?: number
  /** Before the first minibatch, env i plays a uniformly drawn number of decisions in [0, stagger)
   *  by the scripted heuristic (default 0). Why: the envs start together, so without it every
   *  minibatch of the first few hundred holds the same phase of the game (all openings, then all
   *  early fights); refining a trained checkpoint on that forgets the other phases (a distillation
   *  from the baseline fell from 32 to 21 of 60 against the heuristic in 100 minibatches). */
  stagger?: number
}

/** Most scored candidates carried per position (the search's `candidates` beyond it are cut). */
export const SCORE_WIDTH = 32

export const DEFAULT_IMITATE: ImitateConfig = { steps: 0, envs: 256, lr: 1e-3, beta: 0.3 }

export interface ImitateStats {
  step: number
  samples: number
  /** Mean cross-entropy of the teacher's action over the last report interval. */
  loss: number
  /** Fraction of decisions where the student's greedy choice was the teacher's. */
  accuracy: number
  /** Soft labels only: mean entropy of the targets (loss − this = KL to the targets) and mean
   *  target probability of the student's greedy choice. */
  targetEntropy?: number
  targetMass?: number
  /** Residual nets only: fraction of decisions where the student's greedy choice is the prior's
   *  (1 = it never departs from the heuristic). */
  priorAgreement?: number
}

/** Builds soft targets (rows × actions, row-major) from scored candidates; a row without
 *  scores falls back to its hard label. Returns the summed target entropy (nats). */
export function softTargets(rows: ScoreRows, n: number, actions: number, labels: Int32Array, soft: SoftLabelConfig, out: Float32Array): number {
  out.fill(0, 0, n * actions)
  const w = rows.width
  let hSum = 0
  for (let i = 0; i < n; i++) {
    const o = i * w
    const t = i * actions
    let max = -Infinity
    let c = 0
    for (; c < w && (rows.cand[o + c] as number) >= 0; c++) max = Math.max(max, rows.score[o + c] as number)
    if (c === 0) {
      out[t + (labels[i] as number)] = 1
      continue
    }
    let z = 0
    for (let k = 0; k < c; k++) z += Math.exp(((rows.score[o + k] as number) - max) / soft.temperature)
    const scale = (1 - soft.mix) / z
    for (let k = 0; k < c; k++) {
      const a = rows.cand[o + k] as number
      out[t + a] = (out[t + a] as number) + scale * Math.exp(((rows.score[o + k] as number) - max) / soft.temperature)
    }
    const a0 = rows.cand[o] as number
    out[t + a0] = (out[t + a0] as number) + soft.mix
    for (let k = 0; k < c; k++) {
      const p = out[t + (rows.cand[o + k] as number)] as number
      // each action once (the search has no duplicate candidates; guard anyway)
      let first = true
      for (let j = 0; j < k; j++) if (rows.cand[o + j] === rows.cand[o + k]) first = false
      if (first && p > 0) hSum -= p * Math.log(p)
    }
  }
  return hSum
}

/** Mean cross-entropy −Σ target · log π over the legal ids (masked log-softmax); a one-hot
 *  target gives the hard-label loss. Targets must be 0 on masked ids. */
export function softCrossEntropy(logits: tf.Tensor2D, mask: tf.Tensor2D, target: tf.Tensor2D): tf.Scalar {
  return tf.tidy(() => maskedLogSoftmax(logits, mask).mul(target).sum(1).mean().neg() as tf.Scalar)
}

/** A running imitation phase; `step()` does one minibatch. Its RNG and env seeds come from
 *  the caller, so a run is reproducible. */
export class Imitator {
  private readonly batch
  /** Residual nets: the prior's action per env (PriorHints). */
  private readonly hints: PriorHints | null
  private readonly labels: Int32Array
  /** Soft labels: the teacher's scored candidates and the targets built from them. */
  private readonly scores: ScoreRows | null
  private readonly targets: Float32Array | null
  private readonly sc = new Int32Array(SCORE_WIDTH)
  private readonly sv = new Float64Array(SCORE_WIDTH)
  private hSum = 0
  private massSum = 0
  private priorOk = 0
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
    this.batch = allocBatch(net.shape, K, net.config.prior === true)
    this.hints = net.config.prior === true ? new PriorHints(engine, K) : null
    this.labels = new Int32Array(K)
    if (cfg.soft) {
      if (!(cfg.soft.temperature > 0 && Number.isFinite(cfg.soft.temperature))) throw new RangeError(`soft-label temperature must be a finite number > 0, got ${cfg.soft.temperature}`)
      if (!(cfg.soft.mix >= 0 && cfg.soft.mix <= 1)) throw new RangeError(`soft-label mix must be in [0, 1], got ${cfg.soft.mix}`)
      if (isAgent(teacher) && !isScoredAgent(teacher)) throw new RangeError(`soft labels need a teacher that scores its actions (a search), got "${teacher.name}"`)
    }
    if (cfg.passes !== undefined && !(Number.isInteger(cfg.passes) && cfg.passes >= 1)) throw new RangeError(`imitation passes must be a positive integer, got ${cfg.passes}`)
    if (cfg.stagger !== undefined && !(Number.isInteger(cfg.stagger) && cfg.stagger >= 0)) throw new RangeError(`imitation stagger must be a whole number >= 0, got ${cfg.stagger}`)
    this.scores = cfg.soft ? allocScoreRows(K, SCORE_WIDTH) : null
    this.targets = cfg.soft ? new Float32Array(K * net.shape.actions) : null
    this.act = makeActOut(K)
    this.optimizer = tf.train.adam(cfg.lr)
    for (const e of envs) e.reset({ seed: nextSeed() })
    if ((cfg.stagger ?? 0) > 0) this.staggerEnvs(cfg.stagger as number)
  }

  /** Plays each env on by a random number of scripted decisions (restarting finished games). */
  private staggerEnvs(max: number): void {
    const script = makeHeuristic(this.engine, this.nextSeed())
    for (const e of this.envs) {
      const n = Math.floor(this.rng.next() * max)
      for (let d = 0; d < n; d++) {
        const r = e.step(actInEnv(script, this.engine, e))
        if (r.error) throw new Error(`imitation stagger: a scripted action was refused: ${r.error.message}`)
        if (r.terminated || r.truncated) e.reset({ seed: this.nextSeed() })
      }
    }
  }

  /** One minibatch with a teacher agent on this thread. */
  step(): void {
    const t = this.teacher
    if (!isAgent(t)) throw new Error('Imitator.step: a LabelPool teacher labels asynchronously; use stepAsync')
    for (let i = 0; i < this.envs.length; i++) {
      this.labels[i] = actInEnv(t, this.engine, this.envs[i] as TercioEnv)
      if (this.scores && isScoredAgent(t)) writeScoreRow(this.scores, i, t.lastScores(this.sc, this.sv), this.sc, this.sv)
    }
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
      this.scores ?? undefined,
    )
    this.learn()
  }

  /** Trains on the labelled positions, then plays every env on by one decision. */
  private learn(): void {
    const { envs, batch, labels, net } = this
    const K = envs.length
    const rf = () => this.rng.next()
    for (let i = 0; i < K; i++) {
      copyObsRow(batch, i, (envs[i] as TercioEnv).obs, net.shape)
      if (this.hints) (batch.prior as Int32Array)[i] = this.hints.forEnv(i, envs[i] as TercioEnv)
    }
    // The student's greedy choice (for the accuracy figure), then its sampled one (to step with).
    const A = net.shape.actions
    const { scores, targets } = this
    if (scores && targets && this.cfg.soft) this.hSum += softTargets(scores, K, A, labels, this.cfg.soft, targets)
    net.act(batch, K, rf, true, this.act)
    for (let i = 0; i < K; i++) {
      if (this.act.actions[i] === labels[i]) this.accOk++
      if (targets) this.massSum += targets[i * A + (this.act.actions[i] as number)] as number
      if (batch.prior && this.act.actions[i] === batch.prior[i]) this.priorOk++
    }
    const follow = this.cfg.beta > 0
    if (follow) net.act(batch, K, rf, false, this.act)
    const target = tf.tidy(() => (targets ? tf.tensor2d(targets, [K, A]) : (tf.oneHot(tf.tensor1d(labels, 'int32'), A) as tf.Tensor2D)))
    const passes = this.cfg.passes ?? 1
    for (let p = 0; p < passes; p++) {
      const loss = this.optimizer.minimize(() => tf.tidy(() => softCrossEntropy(net.forward(net.inputs(batch, K)).logits, net.maskTensor(batch.mask, K), target)), true, net.variables()) as tf.Scalar
      // the first pass's loss is measured on positions the student has not been trained on yet
      if (p === 0) this.lossSum += (loss.dataSync() as Float32Array)[0] as number
      loss.dispose()
    }
    target.dispose()
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
    const s: ImitateStats = { step: this.steps, samples: this.steps * this.envs.length, loss: rounds ? this.lossSum / rounds : 0, accuracy: this.n ? this.accOk / this.n : 0 }
    if (this.targets) {
      s.targetEntropy = this.n ? this.hSum / this.n : 0
      s.targetMass = this.n ? this.massSum / this.n : 0
    }
    if (this.hints) s.priorAgreement = this.n ? this.priorOk / this.n : 0
    this.lossSum = this.accOk = this.n = this.hSum = this.massSum = this.priorOk = 0
    return s
  }

  dispose(): void {
    this.optimizer.dispose()
  }
}

const isAgent = (t: Agent | LabelPool): t is Agent => 'act' in t
