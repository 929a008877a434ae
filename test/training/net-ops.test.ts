// The two formulations the policy network uses to keep a training step cheap on wasm are the
// functions (and gradients) they replace: the entity rows' board read is a row gather with a
// scatter-add gradient instead of a one-hot batched matmul, and the first convolution takes
// the column-parity plane as its own [1,R,W,1] term instead of a batch-sized concatenation
// (its filter split off by a 2-D column slice, equal to the 4-D slice).
import { beforeAll, describe, expect, it } from 'vitest'
import { initTf, tf } from '../../agents/tf/backend.ts'
import { gatherRows, splitInputChannels } from '../../agents/policy/net.ts'
import { mulberry32 } from '../../agents/policy/sample.ts'

beforeAll(async () => {
  await initTf({ quiet: true })
})

const rand = (n: number, seed: number) => {
  const r = mulberry32(seed)
  return Float32Array.from({ length: n }, () => r() * 2 - 1)
}
const maxAbs = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let m = 0
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs((a[i] as number) - (b[i] as number)))
  return m
}

describe('policy network operations', () => {
  it('gatherRows equals the one-hot batched matmul, value and gradient, with repeated and absent rows', () => {
    const B = 3
    const hexes = 7
    const M = 5
    const F = 4
    // entity (b, m) → hex, −1 = absent; repeats within a batch row (two entities on one hex)
    const hex = [0, 3, 3, -1, 6, 2, 2, 2, -1, 0, 5, -1, 1, 1, 4]
    const oneHot = new Float32Array(B * M * hexes)
    const index = new Int32Array(B * M)
    const present = new Float32Array(B * M)
    hex.forEach((h, r) => {
      if (h < 0) return
      oneHot[r * hexes + h] = 1
      index[r] = Math.floor(r / M) * hexes + h
      present[r] = 1
    })
    const h0 = tf.tensor3d(rand(B * hexes * F, 1), [B, hexes, F])
    const w = tf.tensor2d(rand(B * M * F, 2), [B * M, F]) // an upstream gradient
    const viaMatmul = (h: tf.Tensor) => tf.matMul(tf.tensor3d(oneHot, [B, M, hexes]), h as tf.Tensor3D).reshape([B * M, F])
    const viaGather = (h: tf.Tensor) => gatherRows(h.reshape([B * hexes, F]) as tf.Tensor2D, tf.tensor1d(index, 'int32')).mul(tf.tensor2d(present, [B * M, 1]))
    const [va, vb] = tf.tidy(() => [viaMatmul(h0).dataSync(), viaGather(h0).dataSync()])
    expect(maxAbs(va as Float32Array, vb as Float32Array)).toBe(0)
    const ga = tf.tidy(() => tf.grad((h: tf.Tensor) => viaMatmul(h).mul(w).sum())(h0).dataSync())
    const gb = tf.tidy(() => tf.grad((h: tf.Tensor) => viaGather(h).mul(w).sum())(h0).dataSync())
    expect(maxAbs(ga, gb)).toBeLessThan(1e-6)
    // a repeated hex sums both entities' gradients: batch row 1, hex 2 is read by three entities
    const at = (1 * hexes + 2) * F
    const wd = w.dataSync()
    expect(gb[at]).toBeCloseTo((wd[6 * F] as number) + (wd[7 * F] as number) + (wd[5 * F] as number), 5)
    tf.dispose([h0, w])
  })

  it('the first convolution with the parity plane as its own term equals the convolution of the concatenation', () => {
    const [B, R, W, C, Co] = [2, 4, 5, 3, 6]
    const par = new Float32Array(R * W)
    for (let h = 0; h < R * W; h++) par[h] = (h % W) & 1
    const x = tf.tensor4d(rand(B * R * W * C, 3), [B, R, W, C])
    const p = tf.tensor4d(par, [1, R, W, 1])
    const w0 = tf.tensor4d(rand(9 * (C + 1) * Co, 4), [3, 3, C + 1, Co])
    const up = tf.tensor4d(rand(B * R * W * Co, 5), [B, R, W, Co])
    const concat = (w: tf.Tensor) => tf.conv2d(tf.concat([x, tf.tile(p, [B, 1, 1, 1])], 3), w as tf.Tensor4D, 1, 'same')
    const split = (w: tf.Tensor) => {
      const [wx, wp] = splitInputChannels(w as tf.Tensor4D, C)
      return tf.conv2d(x, wx, 1, 'same').add(tf.conv2d(p, wp, 1, 'same'))
    }
    const [va, vb] = tf.tidy(() => [concat(w0).dataSync(), split(w0).dataSync()])
    expect(maxAbs(va as Float32Array, vb as Float32Array)).toBeLessThan(1e-5)
    const ga = tf.tidy(() => tf.grad((w: tf.Tensor) => concat(w).mul(up).sum())(w0).dataSync())
    const gb = tf.tidy(() => tf.grad((w: tf.Tensor) => split(w).mul(up).sum())(w0).dataSync())
    expect(maxAbs(ga, gb)).toBeLessThan(1e-4)
    // the parity channel's filter gets a gradient (it is trained, as in the concatenated form)
    let parityGrad = 0
    for (let i = C; i < ga.length; i += C + 1) parityGrad = Math.max(parityGrad, Math.abs(gb[i] as number))
    expect(parityGrad).toBeGreaterThan(0)
    tf.dispose([x, p, w0, up])
  })

  it('splitInputChannels gives the 4-D slices exactly, value and gradient', () => {
    const [C, Co] = [5, 4]
    const w0 = tf.tensor4d(rand(9 * (C + 1) * Co, 6), [3, 3, C + 1, Co])
    const ux = tf.tensor4d(rand(9 * C * Co, 7), [3, 3, C, Co])
    const up = tf.tensor4d(rand(9 * Co, 8), [3, 3, 1, Co])
    const slices = (w: tf.Tensor) => [w.slice([0, 0, 0, 0], [3, 3, C, Co]), w.slice([0, 0, C, 0], [3, 3, 1, Co])]
    const columns = (w: tf.Tensor) => splitInputChannels(w as tf.Tensor4D, C)
    tf.tidy(() => {
      const [ax, ap] = slices(w0) as [tf.Tensor, tf.Tensor]
      const [bx, bp] = columns(w0)
      expect(bx.shape).toEqual([3, 3, C, Co])
      expect(bp.shape).toEqual([3, 3, 1, Co])
      expect([...bx.dataSync()]).toEqual([...ax.dataSync()])
      expect([...bp.dataSync()]).toEqual([...ap.dataSync()])
    })
    const loss = (f: (w: tf.Tensor) => tf.Tensor[]) => (w: tf.Tensor) => {
      const [x, p] = f(w) as [tf.Tensor, tf.Tensor]
      return x.mul(ux).sum().add(p.mul(up).sum())
    }
    const ga = tf.tidy(() => tf.grad(loss(slices))(w0).dataSync())
    const gb = tf.tidy(() => tf.grad(loss(columns))(w0).dataSync())
    expect([...gb]).toEqual([...ga])
    expect(() => tf.tidy(() => splitInputChannels(w0, C + 1))).toThrow(/6 input channels, expected 7/)
    tf.dispose([w0, ux, up])
  })
})
