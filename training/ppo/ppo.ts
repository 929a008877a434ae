// PPO update: epochs × shuffled minibatches over a finished RolloutBuffer, Adam, global
// gradient-norm clipping, optional advantage normalisation and KL early stop.
// Minibatch data is gathered into reusable typed arrays (no per-step JS allocation beyond
// the tensors tfjs creates, all of which are disposed).

import * as tf from '@tensorflow/tfjs'
import { flatValues, type PolicyNet } from '../../agents/policy/net.ts'
import { Mulberry32 } from '../../agents/policy/sample.ts'
import type { ObsBatch, PolicyShape } from '../../agents/policy/spec.ts'
import type { RolloutBuffer } from './buffer.ts'
import { policyTerms, ppoLoss, type LossConfig, type LossDenominators } from './loss.ts'
import { computeGae } from './gae.ts'
import { ClippedAdam, type OptimizerWeight } from './adam.ts'

export interface PpoConfig extends LossConfig {
  readonly gamma: number
  readonly lambda: number
  readonly lr: number
  readonly epochs: number
  /** Rows per minibatch (the last one of an epoch may be smaller). */
  readonly minibatch: number
  /** Global L2 norm the gradient is clipped to (0 = off). */
  readonly maxGradNorm: number
  readonly normalizeAdvantages: boolean
  /** Stop the epoch loop once a minibatch's approx KL exceeds this (null = never). */
  readonly targetKl: number | null
  /** Truncation of the importance ratio π_prox/μ on lagged rollouts (update(buf, { lagged })):
   *  ρ̄ for the policy-gradient weight and the value target, c̄ for the traces (V-trace's). */
  readonly rhoBar: number
  readonly cBar: number
}

/** How an update treats a rollout of an older policy (PpoLearner.update). */
export type LagCorrection = 'decoupled' | 'behaviour'

export const DEFAULT_PPO: PpoConfig = {
  gamma: 0.99,
  lambda: 0.95,
  clip: 0.2,
  valueCoef: 0.5,
  entropyCoef: 0.01,
  valueClip: null,
  teacherCoef: 0,
  lr: 3e-4,
  epochs: 4,
  minibatch: 256,
  maxGradNorm: 0.5,
  normalizeAdvantages: true,
  targetKl: null,
  rhoBar: 1,
  cBar: 1,
}

/** Means over the minibatches of one update. */
export interface PpoStats {
  loss: number
  policy: number
  value: number
  entropy: number
  approxKl: number
  clipFrac: number
  /** Cross-entropy to the teacher's actions (0 without one). */
  teacher: number
  gradNorm: number
  minibatches: number
  /** 1 − Var(returns − values) / Var(returns) over the rollout. */
  explainedVariance: number
  /** Lagged rollouts only (0 otherwise): approx KL(μ‖π_prox) of the behaviour policy to the
   *  learner's policy at the start of the update, the mean truncated weight ρ and the share
   *  of rows whose ratio was truncated. */
  lagKl: number
  rhoMean: number
  rhoClipped: number
}

/** A minibatch: observation rows gathered from a rollout and the per-row PPO quantities. */
export type Minibatch = ObsBatch & { prior: Int32Array; actions: Int32Array; teacher: Int32Array; oldLogp: Float32Array; adv: Float32Array; ret: Float32Array; oldV: Float32Array; w: Float32Array }

export function allocMinibatch(s: PolicyShape, rows: number): Minibatch {
  return {
    planes: new Float32Array(rows * s.planeSize),
    entities: new Float32Array(rows * s.entitySize),
    globals: new Float32Array(rows * s.globals),
    mask: new Uint8Array(rows * s.actions),
    prior: new Int32Array(rows),
    actions: new Int32Array(rows),
    teacher: new Int32Array(rows),
    oldLogp: new Float32Array(rows),
    adv: new Float32Array(rows),
    ret: new Float32Array(rows),
    oldV: new Float32Array(rows),
    w: new Float32Array(rows),
  }
}

/** Copies rows `idx[0..rows-1]` of a rollout into the minibatch arrays (observations, actions, teacher). */
export function gatherMinibatch(buf: Pick<RolloutBuffer, 'obs' | 'actions' | 'teacher'>, s: PolicyShape, mb: Minibatch, rows: number, idx: ArrayLike<number>): void {
  for (let r = 0; r < rows; r++) {
    const k = idx[r] as number
    mb.planes.set(buf.obs.planes.subarray(k * s.planeSize, (k + 1) * s.planeSize), r * s.planeSize)
    mb.entities.set(buf.obs.entities.subarray(k * s.entitySize, (k + 1) * s.entitySize), r * s.entitySize)
    mb.globals.set(buf.obs.globals.subarray(k * s.globals, (k + 1) * s.globals), r * s.globals)
    mb.mask.set(buf.obs.mask.subarray(k * s.actions, (k + 1) * s.actions), r * s.actions)
    mb.prior[r] = buf.obs.prior[k] as number
    mb.actions[r] = buf.actions[k] as number
    mb.teacher[r] = buf.teacher[k] as number
  }
}

/** Rows of a minibatch that carry a teacher's action (id ≥ 0). */
export function teacherRows(teacher: Int32Array, rows: number): number {
  let n = 0
  for (let r = 0; r < rows; r++) if ((teacher[r] as number) >= 0) n++
  return n
}

/** Names and order of the loss parts minibatchGradients reports. */
export const LOSS_PARTS = ['loss', 'policy', 'value', 'entropy', 'approxKl', 'clipFrac', 'teacher'] as const

/**
 * Gradients of the PPO loss over rows 0..rows-1 of a prepared minibatch, one tensor per
 * variable in net.variables() order, and the loss parts (LOSS_PARTS) as one tensor. With
 * `denom` the rows are a share of a larger minibatch and every mean is divided by the whole
 * minibatch's counts, so the shares' gradients add up to the whole minibatch's: this is what
 * lets two threads split a minibatch (PpoLearner.updateDual). The caller disposes the tensors.
 */
export function minibatchGradients(net: PolicyNet, mb: Minibatch, rows: number, o: { loss: LossConfig; weighted: boolean; denom: LossDenominators }): { grads: tf.Tensor[]; parts: tf.Tensor1D } {
  const vars = net.variables()
  return tf.tidy(() => {
    const obs = net.inputs(mb, rows)
    const b = {
      mask: net.maskTensor(mb.mask, rows),
      actions: tf.tensor1d(mb.actions.subarray(0, rows), 'int32'),
      oldLogp: tf.tensor1d(mb.oldLogp.subarray(0, rows)),
      advantages: tf.tensor1d(mb.adv.subarray(0, rows)),
      returns: tf.tensor1d(mb.ret.subarray(0, rows)),
      oldValues: tf.tensor1d(mb.oldV.subarray(0, rows)),
      ...(o.loss.teacherCoef > 0 ? { teacher: tf.tensor1d(mb.teacher.subarray(0, rows), 'int32') } : {}),
      ...(o.weighted ? { weights: tf.tensor1d(mb.w.subarray(0, rows)) } : {}),
    }
    let aux: tf.Tensor1D | null = null
    const { value: loss, grads } = tf.variableGrads(() => {
      const parts = ppoLoss(net.forward(obs), b, o.loss, o.denom)
      // Side channel out of the gradient scope: kept, then disposed below.
      aux = tf.keep(tf.stack([parts.policy, parts.value, parts.entropy, parts.approxKl, parts.clipFrac, parts.teacher]) as tf.Tensor1D)
      return parts.loss
    }, vars)
    const kept = aux as unknown as tf.Tensor1D
    const parts = tf.concat([loss.reshape([1]), kept]) as tf.Tensor1D
    kept.dispose() // tf.keep exempts it from every tidy
    return { grads: vars.map((v) => grads[v.name] as tf.Tensor), parts }
  })
}

/** Computes a share of a minibatch's gradient elsewhere (another thread with a copy of the
 *  network and the same rollout: training/train/dual.ts). */
export interface GradHelper {
  /** The gradient (flat, net.variables() order) and loss parts (LOSS_PARTS) of rows `rows`
   *  of the shared rollout, with the network's weights set to `weights` (net.getFlat()). */
  grads(req: GradRequest): Promise<{ grads: Float32Array; parts: Float32Array }>
}

export interface GradRequest {
  weights: Float32Array
  /** Rollout row indices of the share. */
  rows: Int32Array
  oldLogp: Float32Array
  adv: Float32Array
  ret: Float32Array
  oldV: Float32Array
  w: Float32Array
  weighted: boolean
  loss: LossConfig
  denom: LossDenominators
}

/** One minibatch of an update: the rollout rows (idx) and their PPO quantities in mb (observations not gathered yet). */
interface MinibatchJob {
  mb: Minibatch
  rows: number
  idx: Int32Array
  weighted: boolean
}
type StepStats = Omit<PpoStats, 'minibatches' | 'explainedVariance' | 'lagKl' | 'rhoMean' | 'rhoClipped'>

export class PpoLearner {
  readonly net: PolicyNet
  readonly cfg: PpoConfig
  /** Adam after the global-norm clip, on the weights as arrays (tfjs' Adam, bit for bit). */
  readonly optimizer: ClippedAdam
  /** Minibatch shuffling; its state is part of the learner state (exact resume). */
  readonly rng: Mulberry32
  /** Train the value head alone (the policy and trunk stay as they are): a warm-up for a
   *  network whose policy came from imitation and whose value head is untrained. */
  valueOnly = false
  /** Weight of the teacher cross-entropy (starts at cfg.teacherCoef; a trainer may anneal it). */
  teacherCoef: number
  private perm = new Int32Array(0)
  private mb: Minibatch | null = null
  /** Lagged rollouts: π_prox's log-probs and values of the rollout's rows, ρ and c per row. */
  private prox: { logp: Float32Array; values: Float32Array; rho: Float32Array; c: Float32Array } | null = null

  constructor(net: PolicyNet, cfg: Partial<PpoConfig> = {}, seed = 0) {
    this.net = net
    this.cfg = { ...DEFAULT_PPO, ...cfg }
    this.teacherCoef = this.cfg.teacherCoef
    this.optimizer = new ClippedAdam(net.variables().map((v) => ({ name: v.name, shape: v.shape, size: v.size })), this.cfg.lr)
    this.rng = new Mulberry32(seed ^ 0x5eed)
  }

  set learningRate(lr: number) {
    this.optimizer.learningRate = lr
  }

  get learningRate(): number {
    return this.optimizer.learningRate
  }

  private buffers(rows: number): Minibatch {
    if (this.mb && this.mb.actions.length >= rows) return this.mb
    this.mb = allocMinibatch(this.net.shape, rows)
    return this.mb
  }

  /** Copies rows `idx(0..rows-1)` of the buffer into the minibatch arrays (observations, actions, teacher). */
  private gather(buf: RolloutBuffer, mb: Minibatch, rows: number, idx: (r: number) => number): void {
    const ix = new Int32Array(rows)
    for (let r = 0; r < rows; r++) ix[r] = idx(r)
    gatherMinibatch(buf, this.net.shape, mb, rows, ix)
  }

  /**
   * Off-policy correction of a rollout collected by an older policy μ (the actor's weights,
   * one or more updates behind): the current network π_prox (the proximal policy of this
   * update) scores every row — log π_prox(a|s) and V_prox(s) — and the advantages and value
   * targets are recomputed with truncated importance ratios (computeGae's traces and rho:
   * Retrace/V-trace-style, c = min(c̄, π_prox/μ), ρ = min(ρ̄, π_prox/μ)). The update then
   * clips the ratio π/π_prox and weights each row's surrogate by ρ (decoupled PPO: Hilton et
   * al. 2022, "Batch size-invariance for policy optimization"; IMPACT, Luo et al. 2020).
   * With μ = π_prox every ratio is 1 and this is plain PPO. The bootstrap values at the
   * rollout's end and at truncations stay the behaviour network's.
   */
  private correct(buf: RolloutBuffer, mbSize: number): { lagKl: number; rhoMean: number; rhoClipped: number } {
    const n = buf.size
    if (!this.prox || this.prox.logp.length !== n) this.prox = { logp: new Float32Array(n), values: new Float32Array(n), rho: new Float32Array(n), c: new Float32Array(n) }
    const p = this.prox
    const mb = this.buffers(mbSize)
    const net = this.net
    for (let start = 0; start < n; start += mbSize) {
      const rows = Math.min(mbSize, n - start)
      this.gather(buf, mb, rows, (r) => start + r)
      const out = tf.tidy(() => {
        const o = net.forward(net.inputs(mb, rows))
        const { logp } = policyTerms(o.logits, net.maskTensor(mb.mask, rows), tf.tensor1d(mb.actions.subarray(0, rows), 'int32'))
        return tf.concat([logp, o.value])
      })
      const v = out.dataSync()
      out.dispose()
      for (let r = 0; r < rows; r++) {
        p.logp[start + r] = v[r] as number
        p.values[start + r] = v[rows + r] as number
      }
    }
    let kl = 0
    let rhoSum = 0
    let clipped = 0
    for (let i = 0; i < n; i++) {
      const logRatio = (p.logp[i] as number) - (buf.logp[i] as number)
      const ratio = Math.exp(logRatio)
      kl += ratio - 1 - logRatio
      p.rho[i] = Math.min(this.cfg.rhoBar, ratio)
      p.c[i] = Math.min(this.cfg.cBar, ratio)
      rhoSum += p.rho[i] as number
      if (ratio > this.cfg.rhoBar) clipped++
    }
    const { T, B, rewards, terminated, truncated, truncValues, lastValues } = buf
    computeGae({ T, B, rewards, values: p.values, terminated, truncated, truncValues, lastValues, gamma: this.cfg.gamma, lambda: this.cfg.lambda, traces: p.c, rho: p.rho }, buf.advantages, buf.returns)
    return { lagKl: kl / n, rhoMean: rhoSum / n, rhoClipped: clipped / n }
  }

  /** One PPO update over a finished buffer (advantages computed). `lagged`: the rollout's
   *  behaviour policy μ is older than this network (an actor thread's). `correction`:
   *  `decoupled` (default) scores the rollout with this network first and corrects it (see
   *  `correct`); `behaviour` is PPO with stale behaviour log-probs — the ratio π/μ against the
   *  log-probs stored with each sample, clipped around μ, GAE from the behaviour values — with
   *  no extra pass (its lagKl is the first minibatch's approx KL, taken before any step). */
  update(buf: RolloutBuffer, o: { lagged?: boolean; correction?: LagCorrection } = {}): PpoStats {
    const plan = this.plan(buf, o)
    let r = plan.next()
    while (!r.done) {
      const { mb, rows, idx, weighted } = r.value
      gatherMinibatch(buf, this.net.shape, mb, rows, idx)
      r = plan.next(this.step(mb, rows, weighted))
    }
    return r.value
  }

  /**
   * The same update (same minibatches, same Adam steps), each minibatch's gradient computed
   * in two shares at once: rows [0, h) on this thread, [h, rows) by `helper` (another thread
   * with its own copy of the network, sent this network's weights with each share), h =
   * ⌈rows/2⌉. Each share's loss divides by the whole minibatch's counts, so the two gradients
   * add up to the one-thread gradient (to float rounding); this thread adds them, clips the
   * norm and applies Adam as update() does. The helper reads the rollout's rows itself, so
   * `buf` must be the rollout it shares (RolloutBuffer.shared).
   */
  async updateDual(buf: RolloutBuffer, helper: GradHelper, o: { lagged?: boolean; correction?: LagCorrection } = {}): Promise<PpoStats> {
    const plan = this.plan(buf, o)
    let r = plan.next()
    while (!r.done) {
      const { mb, rows, idx, weighted } = r.value
      r = plan.next(await this.stepDual(buf, mb, rows, idx, weighted, helper))
    }
    return r.value
  }

  /** The epochs × minibatches of one update: yields each minibatch's rows and PPO quantities
   *  (observations not gathered), takes its step's stats back, returns the update's stats. */
  private *plan(buf: RolloutBuffer, o: { lagged?: boolean; correction?: LagCorrection }): Generator<MinibatchJob, PpoStats, StepStats> {
    const cfg = this.cfg
    const n = buf.size
    if (this.perm.length !== n) this.perm = new Int32Array(n)
    const perm = this.perm
    // From the identity each time: the shuffles then depend on the rng state alone (resume).
    for (let i = 0; i < n; i++) perm[i] = i
    const mbSize = Math.min(cfg.minibatch, n)
    const mb = this.buffers(mbSize)
    const decoupled = o.lagged === true && (o.correction ?? 'decoupled') === 'decoupled'
    const lag = decoupled ? this.correct(buf, mbSize) : { lagKl: 0, rhoMean: 1, rhoClipped: 0 }
    const prox = decoupled ? this.prox : null
    const values = prox ? prox.values : buf.values
    // Advantage normalisation over the whole rollout (stabler than per minibatch when small).
    let mean = 0
    let std = 1
    if (cfg.normalizeAdvantages) {
      for (let i = 0; i < n; i++) mean += buf.advantages[i] as number
      mean /= n
      let v = 0
      for (let i = 0; i < n; i++) v += ((buf.advantages[i] as number) - mean) ** 2
      std = Math.sqrt(v / n) + 1e-8
    }
    const sum = { loss: 0, policy: 0, value: 0, entropy: 0, approxKl: 0, clipFrac: 0, teacher: 0, gradNorm: 0 }
    let count = 0
    let stop = false
    for (let epoch = 0; epoch < cfg.epochs && !stop; epoch++) {
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(this.rng.next() * (i + 1))
        const t = perm[i] as number
        perm[i] = perm[j] as number
        perm[j] = t
      }
      for (let start = 0; start < n && !stop; start += mbSize) {
        const rows = Math.min(mbSize, n - start)
        for (let r = 0; r < rows; r++) {
          const k = perm[start + r] as number
          // lagged: the ratio is taken against π_prox, and ρ = min(ρ̄, π_prox/μ) weights the row
          mb.oldLogp[r] = (prox ? prox.logp[k] : buf.logp[k]) as number
          mb.w[r] = prox ? (prox.rho[k] as number) : 1
          mb.adv[r] = ((buf.advantages[k] as number) - mean) / std
          mb.ret[r] = buf.returns[k] as number
          mb.oldV[r] = values[k] as number
        }
        const st: StepStats = yield { mb, rows, idx: perm.subarray(start, start + rows), weighted: prox !== null }
        // before the first step the network is π_prox: this minibatch's KL is the lag's
        if (o.lagged === true && !decoupled && count === 0) lag.lagKl = st.approxKl
        sum.loss += st.loss
        sum.policy += st.policy
        sum.value += st.value
        sum.entropy += st.entropy
        sum.approxKl += st.approxKl
        sum.clipFrac += st.clipFrac
        sum.teacher += st.teacher
        sum.gradNorm += st.gradNorm
        count++
        if (cfg.targetKl !== null && st.approxKl > cfg.targetKl) stop = true
      }
    }
    let vr = 0
    let vd = 0
    let mr = 0
    for (let i = 0; i < n; i++) mr += buf.returns[i] as number
    mr /= n
    for (let i = 0; i < n; i++) {
      vr += ((buf.returns[i] as number) - mr) ** 2
      vd += ((buf.returns[i] as number) - (values[i] as number)) ** 2
    }
    const d = Math.max(1, count)
    return {
      loss: sum.loss / d,
      policy: sum.policy / d,
      value: sum.value / d,
      entropy: sum.entropy / d,
      approxKl: sum.approxKl / d,
      clipFrac: sum.clipFrac / d,
      teacher: sum.teacher / d,
      gradNorm: sum.gradNorm / d,
      minibatches: count,
      explainedVariance: vr > 0 ? 1 - vd / vr : 0,
      ...lag,
    }
  }

  /** The loss settings of a step (the teacher weight as it stands). */
  private lossCfg(): LossConfig {
    return { ...this.cfg, teacherCoef: this.teacherCoef }
  }

  /** One gradient step on rows 0..rows-1 of a prepared minibatch. */
  private step(mb: Minibatch, rows: number, weighted: boolean): StepStats {
    const loss = this.lossCfg()
    const { grads, parts } = minibatchGradients(this.net, mb, rows, { loss, weighted, denom: { rows, teacherRows: teacherRows(mb.teacher, rows) } })
    const flat = flatValues(grads)
    const p = parts.dataSync() as Float32Array
    tf.dispose([...grads, parts])
    return this.stepStats(p, this.apply(flat))
  }

  /** One gradient step whose gradient two threads compute (see updateDual). */
  private async stepDual(buf: RolloutBuffer, mb: Minibatch, rows: number, idx: Int32Array, weighted: boolean, helper: GradHelper): Promise<StepStats> {
    const { grads, parts } = await this.gradientsDual(buf, mb, rows, idx, weighted, helper)
    return this.stepStats(parts, this.apply(grads))
  }

  /**
   * The gradient (net.variables() order, concatenated) and loss parts of the minibatch of
   * rollout rows `idx[0..rows-1]` whose PPO quantities (oldLogp, adv, ret, oldV, w) are in
   * `mb`, computed in two shares at once: rows [0, h) here, [h, rows) by the helper,
   * h = ⌈rows/2⌉ (see updateDual). Equal to minibatchGradients over all rows up to float
   * rounding (tested).
   */
  async gradientsDual(buf: RolloutBuffer, mb: Minibatch, rows: number, idx: Int32Array, weighted: boolean, helper: GradHelper): Promise<{ grads: Float32Array; parts: Float32Array }> {
    const loss = this.lossCfg()
    const h = Math.ceil(rows / 2)
    const denom = { rows, teacherRows: 0 }
    for (let r = 0; r < rows; r++) if ((buf.teacher[idx[r] as number] as number) >= 0) denom.teacherRows++
    // the helper starts on its share first, then this thread gathers and computes its own
    const theirs = helper.grads({ weights: this.net.getFlat(), rows: idx.slice(h, rows), oldLogp: mb.oldLogp.slice(h, rows), adv: mb.adv.slice(h, rows), ret: mb.ret.slice(h, rows), oldV: mb.oldV.slice(h, rows), w: mb.w.slice(h, rows), weighted, loss, denom })
    gatherMinibatch(buf, this.net.shape, mb, h, idx)
    const mine = minibatchGradients(this.net, mb, h, { loss, weighted, denom })
    const grads = flatValues(mine.grads)
    const parts = Float32Array.from(mine.parts.dataSync())
    tf.dispose([...mine.grads, mine.parts])
    const other = await theirs
    // this share + the helper's, one float32 add each (Float32Array stores round)
    for (let j = 0; j < grads.length; j++) grads[j] = (grads[j] as number) + (other.grads[j] as number)
    for (let j = 0; j < parts.length; j++) parts[j] = (parts[j] as number) + (other.parts[j] as number)
    return { grads, parts }
  }

  /** Clips the gradient's global norm and applies Adam (ClippedAdam); returns the norm
   *  before clipping. `grad`: net.variables() order, concatenated (scaled in place). */
  private apply(grad: Float32Array): number {
    // valueOnly zeroes the other gradients rather than leaving those variables out, as
    // tfjs' Adam did: their moments still move them
    const valueNames = this.valueOnly ? new Set(this.net.valueVariables().map((v) => v.name)) : null
    const zero = valueNames ? this.net.variables().map((v) => !valueNames.has(v.name)) : null
    const weights = this.net.getFlat()
    const norm = this.optimizer.step(weights, grad, this.cfg.maxGradNorm, zero)
    this.net.setFlat(weights)
    return norm
  }

  private stepStats(v: ArrayLike<number>, gradNorm: number): StepStats {
    return { loss: v[0] as number, policy: v[1] as number, value: v[2] as number, entropy: v[3] as number, approxKl: v[4] as number, clipFrac: v[5] as number, teacher: v[6] as number, gradNorm }
  }

  /** Adam state (iteration count and moments) for checkpoints, in tfjs' getWeights layout. */
  async optimizerState(): Promise<OptimizerWeight[]> {
    return this.optimizer.state()
  }

  /** Restores optimizerState(); throws an Error naming what does not fit this network. */
  async setOptimizerState(ws: readonly Pick<OptimizerWeight, 'name' | 'data'>[]): Promise<void> {
    // β^t by tfjs' own pow, as its Adam's setWeights computes it
    const err = this.optimizer.restore(ws, (b, e) => tf.tidy(() => tf.pow(b, e).dataSync()[0] as number))
    if (err) throw new Error(`optimizer state: ${err}`)
  }
}
