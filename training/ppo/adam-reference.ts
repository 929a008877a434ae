// The clip and Adam as the learner ran them with tf ops before ClippedAdam (adam.ts): the
// reference that ClippedAdam reproduces bit for bit (test/training/adam.test.ts) and is
// measured against (bench/tf-overheads.ts). Not used in training.
import * as tf from '@tensorflow/tfjs'

/** Clips the global norm of `grads` (one array per variable; `zero[i]` makes variable i's 0)
 *  to `maxNorm` (> 0) with tf ops, then `opt.applyGradients`; returns the norm before. */
export function tfClippedAdamStep(opt: tf.AdamOptimizer, vars: readonly tf.Variable[], grads: readonly Float32Array[], maxNorm: number, zero: readonly boolean[] | null = null): number {
  const norm = tf.tidy(() => {
    const g = grads.map((d, i) => (zero?.[i] ? tf.zerosLike(vars[i] as tf.Variable) : tf.tensor(d, (vars[i] as tf.Variable).shape)))
    const norm = tf.sqrt(tf.addN(g.map((x) => x.square().sum())))
    let applied = g
    if (maxNorm > 0) {
      const scale = tf.minimum(tf.scalar(1), tf.scalar(maxNorm).div(norm.add(1e-6)))
      applied = g.map((x) => x.mul(scale))
    }
    opt.applyGradients(Object.fromEntries(vars.map((v, i) => [v.name, applied[i] as tf.Tensor])) as Parameters<tf.AdamOptimizer['applyGradients']>[0])
    return norm
  })
  const v = norm.dataSync()[0] as number
  norm.dispose()
  return v
}
