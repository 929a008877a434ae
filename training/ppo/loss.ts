// The PPO clipped surrogate objective with a value loss and an entropy bonus, over the
// masked action distribution (softmax over legal ids only). Every function here builds
// tensors: call inside tf.tidy / tf.variableGrads.

import * as tf from '@tensorflow/tfjs'
import { maskedLogSoftmax } from '../../agents/policy/net.ts'

export interface LossConfig {
  /** ε of the ratio clip. */
  readonly clip: number
  readonly valueCoef: number
  readonly entropyCoef: number
  /** Clip the value change to ±valueClip around the rollout's values (null = plain MSE). */
  readonly valueClip: number | null
  /** Weight of the cross-entropy to a teacher's action (kickstarting; 0 = off). */
  readonly teacherCoef: number
}

/** log π(a) and entropy of the masked distribution, per row. */
export function policyTerms(logits: tf.Tensor2D, mask: tf.Tensor2D, actions: tf.Tensor1D): { logp: tf.Tensor1D; entropy: tf.Tensor1D; logProbs: tf.Tensor2D } {
  const logProbs = maskedLogSoftmax(logits, mask) as tf.Tensor2D
  const N = logits.shape[1]
  const logp = logProbs.mul(tf.oneHot(actions.toInt(), N)).sum(1) as tf.Tensor1D
  // Masked ids have p = 0 exactly (e^-1e9 underflows) and a finite log p, so they add 0.
  const entropy = logProbs.exp().mul(logProbs).sum(1).neg() as tf.Tensor1D
  return { logp, entropy, logProbs }
}

/** −mean log π(teacher action) over the rows that have one (teacher id −1 = none; 0 when none do).
 *  `teacherRows`: divide by this count instead of this batch's (a share of a minibatch). */
export function teacherLoss(logProbs: tf.Tensor2D, teacher: tf.Tensor1D, teacherRows?: number): tf.Scalar {
  const hot = tf.oneHot(teacher.toInt(), logProbs.shape[1]) // an id of −1 gives a zero row
  return logProbs.mul(hot).sum().neg().div(teacherRows === undefined ? hot.sum().maximum(1) : Math.max(1, teacherRows)) as tf.Scalar
}

/** The minibatch a share of rows belongs to: its row count and how many of them have a
 *  teacher's action. The loss of a share is then its sum divided by the minibatch's counts,
 *  so the shares' losses (and gradients) add up to the whole minibatch's (training/ppo/ppo.ts). */
export interface LossDenominators {
  readonly rows: number
  readonly teacherRows: number
}

/** mean over the rows, or with `rows` the sum divided by it. */
const meanOver = (x: tf.Tensor, rows: number | undefined): tf.Scalar => (rows === undefined ? x.mean() : x.sum().div(rows)) as tf.Scalar

/** −E[min(r·A, clip(r, 1−ε, 1+ε)·A)]: the policy loss at given ratios (testable alone).
 *  With `weights` (decoupled PPO on lagged rollouts, training/ppo/ppo.ts): −E[w·min(…)],
 *  w = min(ρ̄, π_prox/μ) the truncated importance weight of the behaviour policy μ. */
export function clippedPolicyLoss(ratio: tf.Tensor1D, adv: tf.Tensor1D, clip: number, weights?: tf.Tensor1D, rows?: number): tf.Scalar {
  const unclipped = ratio.mul(adv)
  const clipped = ratio.clipByValue(1 - clip, 1 + clip).mul(adv)
  const m = tf.minimum(unclipped, clipped)
  return meanOver(weights ? m.mul(weights) : m, rows).neg() as tf.Scalar
}

/** ½·E[(V − R)²], or with valueClip the PPO2 pessimistic clipped form. */
export function valueLoss(value: tf.Tensor1D, returns: tf.Tensor1D, oldValues: tf.Tensor1D, valueClip: number | null, rows?: number): tf.Scalar {
  const plain = value.sub(returns).square()
  if (valueClip === null) return meanOver(plain, rows).mul(0.5) as tf.Scalar
  const clippedV = oldValues.add(value.sub(oldValues).clipByValue(-valueClip, valueClip))
  return meanOver(tf.maximum(plain, clippedV.sub(returns).square()), rows).mul(0.5) as tf.Scalar
}

export interface LossParts {
  loss: tf.Scalar
  policy: tf.Scalar
  value: tf.Scalar
  entropy: tf.Scalar
  /** E[(r − 1) − log r], a low-variance estimate of KL(old‖new). */
  approxKl: tf.Scalar
  /** Fraction of rows whose ratio was outside [1−ε, 1+ε]. */
  clipFrac: tf.Scalar
  /** Cross-entropy to the teacher's actions (0 without a teacher). */
  teacher: tf.Scalar
}

/** The full PPO loss from the new network outputs and the rollout's records. With `denom`
 *  every mean is this batch's sum over the denominators' counts (a share of a minibatch);
 *  without, plain means over this batch. */
export function ppoLoss(
  out: { logits: tf.Tensor2D; value: tf.Tensor1D },
  b: { mask: tf.Tensor2D; actions: tf.Tensor1D; oldLogp: tf.Tensor1D; advantages: tf.Tensor1D; returns: tf.Tensor1D; oldValues: tf.Tensor1D; teacher?: tf.Tensor1D; weights?: tf.Tensor1D },
  cfg: LossConfig,
  denom?: LossDenominators,
): LossParts {
  const rows = denom?.rows
  const { logp, entropy, logProbs } = policyTerms(out.logits, b.mask, b.actions)
  const logRatio = logp.sub(b.oldLogp)
  const ratio = logRatio.exp() as tf.Tensor1D
  const policy = clippedPolicyLoss(ratio, b.advantages, cfg.clip, b.weights, rows)
  const value = valueLoss(out.value, b.returns, b.oldValues, cfg.valueClip, rows)
  const ent = meanOver(entropy, rows)
  const teacher = b.teacher && cfg.teacherCoef > 0 ? teacherLoss(logProbs, b.teacher, denom?.teacherRows) : tf.scalar(0)
  const loss = policy.add(value.mul(cfg.valueCoef)).sub(ent.mul(cfg.entropyCoef)).add(teacher.mul(cfg.teacherCoef)) as tf.Scalar
  const approxKl = meanOver(ratio.sub(1).sub(logRatio), rows)
  const clipFrac = meanOver(ratio.sub(1).abs().greater(cfg.clip).toFloat(), rows)
  return { loss, policy, value, entropy: ent, approxKl, clipFrac, teacher }
}
