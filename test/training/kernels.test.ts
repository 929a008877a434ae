// The wasm training kernels (agents/tf/kernels.ts) must agree with the cpu backend's
// reference gradients on small random tensors.
import { beforeAll, describe, expect, it } from 'vitest'
import { initTf, tf, useBackend } from '../../agents/tf/backend.ts'
import { PolicyNet } from '../../agents/policy/net.ts'
import { ppoLoss } from '../../training/ppo/loss.ts'
import { randomBatch, TINY_NET, TINY_SPEC } from './helpers.ts'

type Case = () => tf.Tensor[]

/** Runs f on a backend and returns the flattened results. */
async function on(backend: 'wasm' | 'cpu', f: Case): Promise<Float32Array[]> {
  await useBackend(backend)
  const outs = tf.tidy(f)
  const data = outs.map((t) => t.dataSync() as Float32Array)
  tf.dispose(outs)
  return data
}

function close(a: Float32Array[], b: Float32Array[], tol: number): void {
  expect(a.length).toBe(b.length)
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as Float32Array
    const y = b[i] as Float32Array
    expect(x.length).toBe(y.length)
    let worst = 0
    let scale = 1e-6
    for (let j = 0; j < x.length; j++) {
      worst = Math.max(worst, Math.abs((x[j] as number) - (y[j] as number)))
      scale = Math.max(scale, Math.abs(y[j] as number))
    }
    expect(worst / scale).toBeLessThan(tol)
  }
}

// Inputs are plain arrays so both backends see the same numbers.
function rand(seed: number, n: number): number[] {
  let s = seed >>> 0
  return Array.from({ length: n }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 31 - 1
  })
}

/** No tensor, buffer or byte more than at `before` (tf.memory()). */
function expectNothingLeft(before: tf.MemoryInfo): void {
  const after = tf.memory()
  expect(after.numTensors).toBe(before.numTensors)
  expect(after.numDataBuffers).toBe(before.numDataBuffers)
  expect(after.numBytes).toBe(before.numBytes)
}

describe('wasm training kernels vs cpu', () => {
  beforeAll(async () => {
    const info = await initTf({ prefer: 'wasm', quiet: true })
    expect(info.backend).toBe('wasm')
    expect(info.kernels).toContain('Conv2DBackpropFilter')
  })

  const convCase =
    (b: number, h: number, w: number, ci: number, co: number, k: number, stride: number, pad: 'same' | 'valid'): Case =>
    () => {
      const x = tf.tensor4d(rand(1, b * h * w * ci), [b, h, w, ci])
      const f = tf.tensor4d(rand(2, k * k * ci * co), [k, k, ci, co])
      const oh = tf.conv2d(x, f, stride, pad)
      const g = tf.tensor(rand(3, oh.size), oh.shape)
      const grads = tf.grads((xx: tf.Tensor, ff: tf.Tensor) => tf.conv2d(xx as tf.Tensor4D, ff as tf.Tensor4D, stride, pad).mul(g).sum())([x, f])
      return [oh, ...grads]
    }

  for (const [name, c] of [
    ['3x3 same stride 1', convCase(2, 5, 6, 3, 4, 3, 1, 'same')],
    ['3x3 valid stride 1', convCase(2, 6, 5, 2, 3, 3, 1, 'valid')],
    ['1x1 same', convCase(3, 4, 4, 5, 2, 1, 1, 'same')],
    ['2x2 same stride 1 (asymmetric padding)', convCase(2, 5, 4, 3, 2, 2, 1, 'same')],
    ['4x4 same stride 1 (asymmetric padding)', convCase(1, 6, 7, 2, 3, 4, 1, 'same')],
    ['3x3 same stride 2 (dW via dilation, dx stock)', convCase(2, 7, 6, 3, 2, 3, 2, 'same')],
    ['5x5 valid stride 2', convCase(1, 9, 8, 2, 3, 5, 2, 'valid')],
  ] as const) {
    it(`conv2d gradients: ${name}`, async () => {
      const cpu = await on('cpu', c)
      const wasm = await on('wasm', c)
      close(wasm, cpu, 1e-4)
    })
  }

  it('transposed matmuls (dense backprop) match', async () => {
    const c: Case = () => {
      const a = tf.tensor2d(rand(4, 7 * 5), [7, 5])
      const b = tf.tensor2d(rand(5, 5 * 3), [5, 3])
      const a3 = tf.tensor3d(rand(6, 2 * 4 * 3), [2, 4, 3])
      const b3 = tf.tensor3d(rand(7, 2 * 4 * 6), [2, 4, 6])
      const [ga, gb] = tf.grads((x: tf.Tensor, y: tf.Tensor) => tf.matMul(x as tf.Tensor2D, y as tf.Tensor2D).square().sum())([a, b])
      return [
        ga as tf.Tensor,
        gb as tf.Tensor,
        tf.matMul(a, tf.transpose(a), false, false),
        tf.matMul(a, a, false, true),
        tf.matMul(a, a, true, false),
        tf.matMul(b, a, true, true),
        tf.matMul(a3, b3, true, false),
        tf.matMul(b3, a3, true, false),
        tf.matMul(a3, a3, false, true),
      ]
    }
    close(await on('wasm', c), await on('cpu', c), 1e-5)
  })

  it('the whole policy network: PPO-loss gradients on wasm match cpu', async () => {
    const net = new PolicyNet(TINY_SPEC, TINY_NET, 4)
    const n = 6
    const batch = randomBatch(TINY_SPEC, n, 8)
    const N = TINY_SPEC.actions.size
    const actions = Array.from({ length: n }, (_, b) => {
      for (let i = 0; i < N; i++) if (batch.mask[b * N + i]) return i
      return 0
    })
    const c: Case = () => {
      const b = {
        mask: net.maskTensor(batch.mask, n),
        actions: tf.tensor1d(actions, 'int32'),
        oldLogp: tf.fill([n], -1) as tf.Tensor1D,
        advantages: tf.tensor1d(rand(9, n)),
        returns: tf.tensor1d(rand(10, n)),
        oldValues: tf.zeros([n]) as tf.Tensor1D,
      }
      const { value, grads } = tf.variableGrads(() => ppoLoss(net.forward(net.inputs(batch, n)), b, { clip: 0.2, valueCoef: 0.5, entropyCoef: 0.01, valueClip: null, teacherCoef: 0 }).loss, net.variables())
      return [value, ...Object.values(grads)]
    }
    const cpu = await on('cpu', c)
    const wasm = await on('wasm', c)
    expect(wasm.length).toBe(net.variables().length + 1)
    close(wasm, cpu, 1e-3)
    net.dispose()
  })

  it('kernels leave no tensors or wasm buffers behind', async () => {
    await useBackend('wasm')
    const c = convCase(2, 5, 6, 3, 4, 3, 1, 'same')
    tf.dispose(c())
    const before = tf.memory()
    for (let i = 0; i < 20; i++) tf.dispose(tf.tidy(c))
    expectNothingLeft(before)
  })

  it('Identity shares the data (the engine clones what a gradient saves): each clone outlives the other', async () => {
    await useBackend('wasm')
    const before = tf.memory()
    const x = tf.tensor1d([1, 2, 3])
    const y = tf.clone(x)
    expect(tf.memory().numTensors).toBe(before.numTensors + 2)
    expect(tf.memory().numDataBuffers).toBe(before.numDataBuffers + 1)
    x.dispose()
    expect([...(y.dataSync() as Float32Array)]).toEqual([1, 2, 3])
    const z = tf.clone(y)
    y.dispose()
    const z1 = tf.tidy(() => z.add(1))
    expect([...(z1.dataSync() as Float32Array)]).toEqual([2, 3, 4])
    tf.dispose([z, z1])
    // a gradient (the engine clones every tensor it saves) leaves nothing behind either
    const a = tf.tensor1d([1, 2])
    const [g] = tf.grads((v: tf.Tensor) => v.square().sum())([a])
    expect([...((g as tf.Tensor).dataSync() as Float32Array)]).toEqual([2, 4])
    tf.dispose([a, g as tf.Tensor])
    expectNothingLeft(before)
  })

  it('Sum and Mean gradients are dy (Mean: dy / n, float32) broadcast exactly, on any axes', async () => {
    await useBackend('wasm')
    const xs = rand(7, 2 * 3 * 4 * 5)
    const dys = rand(8, 2 * 5)
    const [dSum, dMean] = tf.tidy(() => {
      const x = tf.tensor4d(xs, [2, 3, 4, 5])
      const dy = tf.tensor2d(dys, [2, 5])
      const gs = tf.grad((a: tf.Tensor) => a.sum([1, 2]))(x, dy)
      const gm = tf.grad((a: tf.Tensor) => a.mean([1, 2]))(x, dy)
      return [gs.dataSync() as Float32Array, gm.dataSync() as Float32Array]
    })
    const f32 = Float32Array.from(dys)
    for (let b = 0; b < 2; b++)
      for (let i = 0; i < 12; i++)
        for (let c = 0; c < 5; c++) {
          const d = f32[b * 5 + c] as number
          expect(dSum?.[(b * 12 + i) * 5 + c]).toBe(d)
          expect(dMean?.[(b * 12 + i) * 5 + c]).toBe(Math.fround(d / 12))
        }
    // a full reduction, and keepDims
    const [all, keep] = tf.tidy(() => {
      const x = tf.tensor2d(xs.slice(0, 6), [2, 3])
      return [
        tf.grad((a: tf.Tensor) => a.mean())(x, tf.scalar(3)).dataSync() as Float32Array,
        tf.grad((a: tf.Tensor) => a.sum(1, true))(x, tf.tensor2d([5, 7], [2, 1])).dataSync() as Float32Array,
      ]
    })
    expect([...(all as Float32Array)]).toEqual(Array(6).fill(Math.fround(3 / 6)))
    expect([...(keep as Float32Array)]).toEqual([5, 5, 5, 7, 7, 7])
  })

  it('GatherV2 matches cpu (rows of axis 0; other axes through the stock kernel) and names a bad index', async () => {
    const g: Case = () => {
      const x2 = tf.tensor2d(rand(9, 7 * 5), [7, 5])
      const x3 = tf.tensor3d(rand(10, 4 * 3 * 2), [4, 3, 2])
      const xi = tf.tensor2d([1, 2, 3, 4, 5, 6], [3, 2], 'int32')
      return [
        tf.gather(x2, tf.tensor1d([6, 0, 0, 3], 'int32')),
        tf.gather(x3, tf.tensor2d([3, 1, 0, 2], [2, 2], 'int32')),
        tf.gather(xi, tf.tensor1d([2, 1], 'int32')).toFloat(),
        tf.gather(x2, tf.tensor1d([4, 1], 'int32'), 1),
        tf.gather(x2, tf.tensor1d([], 'int32')),
      ]
    }
    const values = async (b: 'wasm' | 'cpu') => (await on(b, g)).map((a) => Array.from(a))
    expect(await values('wasm')).toEqual(await values('cpu')) // copies: exactly equal
    await useBackend('wasm')
    const before = tf.memory().numTensors
    expect(() => tf.tidy(() => tf.gather(tf.tensor2d([1, 2, 3, 4], [2, 2]), tf.tensor1d([0, 2], 'int32')))).toThrow('GatherV2: the index value 2 is not in [0, 1]')
    expect(tf.memory().numTensors).toBe(before)
  })
})
