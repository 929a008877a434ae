// ClippedAdam (training/ppo/adam.ts) must give tfjs' Adam after PPO's global-norm clip bit
// for bit: the reference (adam-reference.ts) is the tfjs code the learner ran before (clip
// with tf ops, then tf.train.adam's applyGradients), on the wasm backend the trainer uses.
import { beforeAll, describe, expect, it } from 'vitest'
import { initTf, tf, useBackend } from '../../agents/tf/backend.ts'
import { ClippedAdam } from '../../training/ppo/adam.ts'
import { tfClippedAdamStep as referenceStep } from '../../training/ppo/adam-reference.ts'

const SHAPES: readonly number[][] = [[3, 4], [4], [5, 2, 3], [1]]
const sizeOf = (s: readonly number[]): number => s.reduce((a, b) => a * b, 1)

function rng(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32 - 0.5
  }
}

const flat = (xs: readonly Float32Array[]): Float32Array => {
  const out = new Float32Array(xs.reduce((n, x) => n + x.length, 0))
  let o = 0
  for (const x of xs) {
    out.set(x, o)
    o += x.length
  }
  return out
}

describe('ClippedAdam', () => {
  beforeAll(async () => {
    await initTf({ prefer: 'wasm', quiet: true })
    await useBackend('wasm')
  })

  it('gives tfjs Adam after the clip bit for bit: clipped and unclipped steps, a learning-rate change, zeroed variables, a restore', async () => {
    const r = rng(11)
    const init = SHAPES.map((s) => Float32Array.from({ length: sizeOf(s) }, () => r()))
    const vars = SHAPES.map((s, i) => tf.variable(tf.tensor(init[i] as Float32Array, [...s]), true, `adamtest/w${i}`))
    const opt = tf.train.adam(0.003)
    const ours = new ClippedAdam(
      vars.map((v) => ({ name: v.name, shape: v.shape, size: v.size })),
      0.003,
    )
    const weights = flat(init)
    expect(ours.state()).toEqual([{ name: 'iter', shape: [], data: Float32Array.of(0) }]) // no moments before a step, as tfjs
    const steps: { scale: number; maxNorm: number; lr?: number; zero?: boolean[] }[] = [
      { scale: 1, maxNorm: 0.5 }, // clipped (norm ≈ 2)
      { scale: 0.01, maxNorm: 0.5 }, // not clipped
      { scale: 3, maxNorm: 0 }, // no clip at all
      { scale: 1, maxNorm: 0.5, lr: 0.0007 },
      { scale: 1, maxNorm: 0.5, zero: [true, false, true, false] }, // valueOnly-style
      { scale: 1e-4, maxNorm: 0.5 },
    ]
    for (const st of steps) {
      if (st.lr !== undefined) {
        ;(opt as unknown as { learningRate: number }).learningRate = st.lr
        ours.learningRate = st.lr
      }
      const grads = SHAPES.map((s) => Float32Array.from({ length: sizeOf(s) }, () => r() * st.scale))
      const refNorm = referenceStep(opt, vars, grads, st.maxNorm, st.zero ?? null)
      const norm = ours.step(weights, flat(grads), st.maxNorm, st.zero ?? null)
      expect(norm).toBe(refNorm)
      expect(weights).toEqual(flat(vars.map((v) => v.dataSync() as Float32Array)))
    }
    // the checkpoint's state: tfjs' getWeights layout and values
    const ref = await opt.getWeights()
    const state = ours.state()
    expect(state.map((w) => w.name)).toEqual(ref.map((w) => w.name))
    for (let i = 0; i < ref.length; i++) {
      expect(state[i]?.shape).toEqual((ref[i] as { tensor: tf.Tensor }).tensor.shape)
      expect(state[i]?.data).toEqual(Float32Array.from((ref[i] as { tensor: tf.Tensor }).tensor.dataSync()))
    }
    tf.dispose(ref.filter((w) => w.name === 'iter').map((w) => w.tensor))
    // restored into a fresh optimizer on each side, both continue alike
    const opt2 = tf.train.adam(0.0007)
    const named = state.map((w) => ({ name: w.name, tensor: tf.tensor(w.data, w.shape, w.name === 'iter' ? 'int32' : 'float32') }))
    await opt2.setWeights(named)
    tf.dispose(named.map((w) => w.tensor))
    const ours2 = new ClippedAdam(
      vars.map((v) => ({ name: v.name, shape: v.shape, size: v.size })),
      0.0007,
    )
    expect(ours2.restore(state, (b, e) => tf.tidy(() => tf.pow(b, e).dataSync()[0] as number))).toBeNull()
    for (let k = 0; k < 3; k++) {
      const grads = SHAPES.map((s) => Float32Array.from({ length: sizeOf(s) }, () => r()))
      expect(ours2.step(weights, flat(grads), 0.5)).toBe(referenceStep(opt2, vars, grads, 0.5, null))
      expect(weights).toEqual(flat(vars.map((v) => v.dataSync() as Float32Array)))
    }
    opt.dispose()
    opt2.dispose()
    tf.dispose(vars)
  })

  it('refuses a state that does not fit the network, naming what is wrong', () => {
    const a = new ClippedAdam([{ name: 'w', shape: [2], size: 2 }], 0.001)
    const pow = (b: number, e: number) => b ** e
    expect(a.restore([], pow)).toMatch(/iteration count/)
    expect(a.restore([{ name: 'iter', data: Float32Array.of(3) }, { name: 'w/m', data: new Float32Array(2) }], pow)).toMatch(/1 moments, the network needs 2/)
    expect(a.restore([{ name: 'iter', data: Float32Array.of(3) }, { name: 'w/m', data: new Float32Array(3) }, { name: 'w/v', data: new Float32Array(2) }], pow)).toMatch(/w\/m has 3 values, w has 2/)
    expect(a.restore([{ name: 'iter', data: Float32Array.of(3) }], pow)).toBeNull()
    expect(a.iterations).toBe(3)
  })
})
