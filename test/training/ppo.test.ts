import { beforeAll, describe, expect, it } from 'vitest'
import { initTf, tf } from '../../agents/tf/backend.ts'
import { makeActOut, PolicyNet } from '../../agents/policy/net.ts'
import { mulberry32 } from '../../agents/policy/sample.ts'
import { policyShape, type PolicyShape } from '../../agents/policy/spec.ts'
import { RolloutBuffer } from '../../training/ppo/buffer.ts'
import { computeGae } from '../../training/ppo/gae.ts'
import { clippedPolicyLoss, ppoLoss, valueLoss } from '../../training/ppo/loss.ts'
import { PpoLearner } from '../../training/ppo/ppo.ts'
import { randomBatch, TINY_NET, TINY_SPEC } from './helpers.ts'

beforeAll(async () => {
  await initTf({ quiet: true })
})

const f32 = (xs: number[]): Float32Array => Float32Array.from(xs)
const u8 = (xs: number[]): Uint8Array => Uint8Array.from(xs)

describe('GAE', () => {
  it('matches a hand computation without episode ends (γ=0.9, λ=0.8)', () => {
    const adv = new Float32Array(3)
    const ret = new Float32Array(3)
    computeGae(
      { T: 3, B: 1, rewards: f32([1, 0, 2]), values: f32([0.5, 0.4, 0.3]), terminated: u8([0, 0, 0]), truncated: u8([0, 0, 0]), truncValues: f32([0, 0, 0]), lastValues: f32([0.2]), gamma: 0.9, lambda: 0.8 },
      adv,
      ret,
    )
    // δ2 = 2 + .9·.2 − .3 = 1.88; δ1 = .9·.3 − .4 = −.13; δ0 = 1 + .9·.4 − .5 = .86; γλ = .72
    const a2 = 1.88
    const a1 = -0.13 + 0.72 * a2
    const a0 = 0.86 + 0.72 * a1
    ;[a0, a1, a2].forEach((a, i) => expect(adv[i]).toBeCloseTo(a, 5))
    ;[a0 + 0.5, a1 + 0.4, a2 + 0.3].forEach((r, i) => expect(ret[i]).toBeCloseTo(r, 5))
  })

  it('terminated steps do not bootstrap; truncated steps bootstrap from the final observation; neither leaks across the reset', () => {
    // env 0 terminates at t=1, env 1 is truncated at t=1 (V(final obs) = 0.7); interleaved t*B+b.
    const adv = new Float32Array(6)
    const ret = new Float32Array(6)
    const il = (a: number[], b: number[]): number[] => a.flatMap((x, i) => [x, b[i] as number])
    computeGae(
      {
        T: 3,
        B: 2,
        rewards: f32(il([1, -1, 0.5], [1, -1, 0.5])),
        values: f32(il([0.5, 0.4, 0.3], [0.5, 0.4, 0.3])),
        terminated: u8(il([0, 1, 0], [0, 0, 0])),
        truncated: u8(il([0, 0, 0], [0, 1, 0])),
        truncValues: f32(il([0, 0, 0], [0, 0.7, 0])),
        lastValues: f32([0.2, 0.2]),
        gamma: 0.9,
        lambda: 0.8,
      },
      adv,
      ret,
    )
    const a2 = 0.5 + 0.9 * 0.2 - 0.3 // the new episode after the reset, same in both envs
    const term1 = -1 - 0.4
    const trunc1 = -1 + 0.9 * 0.7 - 0.4
    const expected = il([0.86 + 0.72 * term1, term1, a2], [0.86 + 0.72 * trunc1, trunc1, a2])
    expected.forEach((a, i) => expect(adv[i]).toBeCloseTo(a, 5))
  })

  it('refuses buffers shorter than T*B', () => {
    const z = new Float32Array(2)
    expect(() => computeGae({ T: 2, B: 2, rewards: z, values: z, terminated: new Uint8Array(4), truncated: new Uint8Array(4), truncValues: z, lastValues: z, gamma: 1, lambda: 1 }, new Float32Array(4), new Float32Array(4))).toThrow(/rewards has 2 entries, need T\*B = 4/)
  })
})

describe('PPO loss', () => {
  const scalar = (f: () => tf.Scalar): number => {
    const t = tf.tidy(f)
    const v = t.dataSync()[0] as number
    t.dispose()
    return v
  }

  it('clips the surrogate at known ratios (ε = 0.2)', () => {
    const at = (r: number, a: number): number => scalar(() => clippedPolicyLoss(tf.tensor1d([r]), tf.tensor1d([a]), 0.2))
    expect(at(1.5, 1)).toBeCloseTo(-1.2, 6) // min(1.5, 1.2)
    expect(at(0.5, 1)).toBeCloseTo(-0.5, 6) // min(0.5, 0.8)
    expect(at(1.5, -1)).toBeCloseTo(1.5, 6) // min(−1.5, −1.2)
    expect(at(0.5, -1)).toBeCloseTo(0.8, 6) // min(−0.5, −0.8)
    expect(at(1.1, 2)).toBeCloseTo(-2.2, 6) // inside the clip range: r·A
    expect(scalar(() => clippedPolicyLoss(tf.tensor1d([1.5, 0.5, 1.5, 0.5]), tf.tensor1d([1, 1, -1, -1]), 0.2))).toBeCloseTo((-1.2 - 0.5 + 1.5 + 0.8) / 4, 6)
  })

  it('clipped objective has zero gradient where the clip is active', () => {
    const g = tf.tidy(() => tf.grad((r: tf.Tensor) => clippedPolicyLoss(r as tf.Tensor1D, tf.tensor1d([1, 1, -1]), 0.2))(tf.tensor1d([1.5, 1.1, 0.5])))
    const d = g.dataSync()
    ;[0, -1 / 3, 0].forEach((x, i) => expect(d[i]).toBeCloseTo(x, 6))
    g.dispose()
  })

  it('value loss: ½·MSE, and the clipped form takes the worse of the two', () => {
    expect(scalar(() => valueLoss(tf.tensor1d([1, 3]), tf.tensor1d([0, 1]), tf.tensor1d([0, 0]), null))).toBeCloseTo(0.5 * (1 + 4) / 2, 6)
    // V moved 0 → 3 with clip 0.5: clipped V = 0.5, target 1 → max((3−1)², (0.5−1)²) = 4
    expect(scalar(() => valueLoss(tf.tensor1d([3]), tf.tensor1d([1]), tf.tensor1d([0]), 0.5))).toBeCloseTo(2, 6)
    // V moved 0 → 0.9 toward target 3: clipped 0.5 is worse: (0.5−3)² = 6.25
    expect(scalar(() => valueLoss(tf.tensor1d([0.9]), tf.tensor1d([3]), tf.tensor1d([0]), 0.5))).toBeCloseTo(3.125, 6)
  })

  it('at ratio 1 the total loss is −mean(A) + c_v·½·MSE − c_e·H, and KL/clip fraction are 0', () => {
    // Two legal ids with equal logits: log π = log ½, H = log 2.
    const parts = tf.tidy(() => {
      const p = ppoLoss(
        { logits: tf.tensor2d([[0, 0, 5], [0, 0, 5]]), value: tf.tensor1d([0.5, 0]) },
        {
          mask: tf.tensor2d([[1, 1, 0], [1, 1, 0]]),
          actions: tf.tensor1d([0, 1], 'int32'),
          oldLogp: tf.tensor1d([Math.log(0.5), Math.log(0.5)]),
          advantages: tf.tensor1d([1, 3]),
          returns: tf.tensor1d([1, 1]),
          oldValues: tf.tensor1d([0, 0]),
        },
        { clip: 0.2, valueCoef: 0.5, entropyCoef: 0.1, valueClip: null, teacherCoef: 0 },
      )
      return tf.stack([p.loss, p.policy, p.value, p.entropy, p.approxKl, p.clipFrac])
    })
    const [loss, pol, val, ent, kl, cf] = Array.from(parts.dataSync())
    parts.dispose()
    expect(pol).toBeCloseTo(-2, 5)
    expect(val).toBeCloseTo(0.5 * (0.25 + 1) / 2, 5)
    expect(ent).toBeCloseTo(Math.log(2), 5)
    expect(loss).toBeCloseTo(-2 + 0.5 * 0.3125 - 0.1 * Math.log(2), 5)
    expect(kl).toBeCloseTo(0, 6)
    expect(cf).toBe(0)
  })

  it('the teacher term is −mean log π(teacher) over rows with a teacher, weighted into the loss', () => {
    // Row 0: teacher id 0 with π = ½; row 1: no teacher (−1), ignored.
    const run = (teacherCoef: number) =>
      tf.tidy(() => {
        const p = ppoLoss(
          { logits: tf.tensor2d([[0, 0, 5], [0, 3, 5]]), value: tf.tensor1d([0, 0]) },
          {
            mask: tf.tensor2d([[1, 1, 0], [1, 1, 0]]),
            actions: tf.tensor1d([0, 1], 'int32'),
            oldLogp: tf.tensor1d([0, 0]),
            advantages: tf.tensor1d([0, 0]),
            returns: tf.tensor1d([0, 0]),
            oldValues: tf.tensor1d([0, 0]),
            teacher: tf.tensor1d([0, -1], 'int32'),
          },
          { clip: 0.2, valueCoef: 0, entropyCoef: 0, valueClip: null, teacherCoef },
        )
        return tf.stack([p.loss, p.teacher])
      })
    const on = run(2)
    const off = run(0)
    const [lossOn, tOn] = Array.from(on.dataSync())
    const [lossOff, tOff] = Array.from(off.dataSync())
    tf.dispose([on, off])
    expect(tOn).toBeCloseTo(Math.log(2), 5)
    expect(tOff).toBe(0)
    expect(lossOn! - lossOff!).toBeCloseTo(2 * Math.log(2), 5)
  })
})

/** A contextual bandit with masks: each episode is one decision. Arm i pays PAY[i] when
 *  globals[0] > 0 and PAY[N−1−i] otherwise; only the mask's ids may be pulled. */
function bandit(shape: PolicyShape, n: number, seed: number): { batch: ReturnType<typeof randomBatch>; best: Float32Array; pay: (b: number, a: number) => number } {
  const batch = randomBatch(TINY_SPEC, n, seed, 6)
  const N = shape.actions
  const pay = (b: number, a: number): number => {
    const i = (batch.globals[b * shape.globals] as number) > 0 ? a : N - 1 - a
    return ((i * 7) % N) / (N - 1)
  }
  const best = new Float32Array(n)
  for (let b = 0; b < n; b++) {
    let m = -1
    for (let a = 0; a < N; a++) if (batch.mask[b * N + a]) m = Math.max(m, pay(b, a))
    best[b] = m
  }
  return { batch, best, pay }
}

const ITERS = Number(process.env['ITERS'] ?? 20)

describe('PPO update', () => {
  it('learns the best legal arm of a masked contextual bandit', () => {
    const shape = policyShape(TINY_SPEC) as PolicyShape
    const net = new PolicyNet(TINY_SPEC, TINY_NET, 3)
    const learner = new PpoLearner(net, { lr: Number(process.env['LR'] ?? 1e-2), epochs: 4, minibatch: 128, entropyCoef: 0.003, maxGradNorm: 1 }, 1)
    const B = 256
    const buf = new RolloutBuffer(shape, 1, B)
    const act = makeActOut(B)
    const rng = mulberry32(11)
    const evalSet = bandit(shape, 512, 999)
    const greedyScore = (): number => {
      const out = makeActOut(512)
      net.act(evalSet.batch, 512, rng, true, out)
      let got = 0
      let best = 0
      for (let b = 0; b < 512; b++) {
        got += evalSet.pay(b, out.actions[b] as number)
        best += evalSet.best[b] as number
      }
      return got / best
    }
    const before = greedyScore()
    const rewards = new Float32Array(B)
    const ones = new Uint8Array(B).fill(1)
    const zeros = new Uint8Array(B)
    let stats = null
    for (let it = 0; it < ITERS; it++) {
      if (process.env['DEBUG_BANDIT']) console.log(it, greedyScore())
      const env = bandit(shape, B, 100 + it)
      net.act(env.batch, B, rng, false, act)
      for (let b = 0; b < B; b++) rewards[b] = env.pay(b, act.actions[b] as number)
      buf.reset()
      buf.recordObs(env.batch, act)
      buf.recordStep(rewards, ones, zeros, null)
      buf.finish(zeros, 0.99, 0.95)
      stats = learner.update(buf)
    }
    const after = greedyScore()
    expect(stats?.minibatches).toBe(8)
    expect(Number.isFinite(stats?.loss)).toBe(true)
    // Fraction of the best achievable payoff, greedy: ~0.67 at random init, ~0.87 after
    // 20 updates (0.9 after 30).
    expect(after).toBeGreaterThan(before + 0.12)
    expect(after).toBeGreaterThan(0.8)
    net.dispose()
  })

  it.each([0, 0.5])('keeps tf.memory flat across many updates (teacher weight %s)', (teacherCoef) => {
    const shape = policyShape(TINY_SPEC) as PolicyShape
    const net = new PolicyNet(TINY_SPEC, TINY_NET, 3)
    const learner = new PpoLearner(net, { epochs: 2, minibatch: 16, teacherCoef }, 1)
    const T = 4
    const B = 8
    const buf = new RolloutBuffer(shape, T, B)
    const act = makeActOut(B)
    const rng = mulberry32(1)
    const run = (): void => {
      buf.reset()
      for (let t = 0; t < T; t++) {
        const obs = randomBatch(TINY_SPEC, B, t)
        net.act(obs, B, rng, false, act)
        buf.recordObs(obs, act)
        for (let b = 0; b < B; b++) buf.teacher[t * B + b] = b % 2 ? (act.actions[b] as number) : -1
        buf.recordStep(new Float32Array(B).fill(t === T - 1 ? 1 : 0), new Uint8Array(B).fill(t === T - 1 ? 1 : 0), new Uint8Array(B), null)
      }
      buf.finish(act.values, 0.99, 0.95)
      learner.update(buf)
    }
    run() // the first update creates Adam's moment variables
    const before = tf.memory().numTensors
    for (let i = 0; i < 15; i++) run()
    expect(tf.memory().numTensors).toBe(before)
    net.dispose()
  })
})
