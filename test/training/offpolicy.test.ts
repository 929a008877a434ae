// The off-policy correction of lagged rollouts (an actor thread collects with weights one
// update behind the learner): truncated importance traces in GAE, the ρ-weighted surrogate,
// and the learner scoring the rollout with its own (proximal) policy before the update.
import { beforeAll, describe, expect, it } from 'vitest'
import { initTf, tf } from '../../agents/tf/backend.ts'
import { makeActOut, PolicyNet } from '../../agents/policy/net.ts'
import { mulberry32 } from '../../agents/policy/sample.ts'
import { policyShape, type PolicyShape } from '../../agents/policy/spec.ts'
import { RolloutBuffer } from '../../training/ppo/buffer.ts'
import { computeGae } from '../../training/ppo/gae.ts'
import { clippedPolicyLoss, policyTerms } from '../../training/ppo/loss.ts'
import { PpoLearner } from '../../training/ppo/ppo.ts'
import { randomBatch, TINY_NET, TINY_SPEC } from './helpers.ts'

beforeAll(async () => {
  await initTf({ quiet: true })
})

const f32 = (xs: number[]): Float32Array => Float32Array.from(xs)
const u8 = (xs: number[]): Uint8Array => Uint8Array.from(xs)

describe('GAE with truncated importance traces', () => {
  it('traces and rho of 1 give plain GAE exactly', () => {
    const g = { T: 3, B: 2, rewards: f32([1, 0, 0.5, -1, 2, 0]), values: f32([0.1, 0.2, 0.3, -0.4, 0.5, 0.6]), terminated: u8([0, 0, 0, 1, 0, 0]), truncated: u8([0, 0, 0, 0, 0, 0]), truncValues: f32([0, 0, 0, 0, 0, 0]), lastValues: f32([0.7, -0.2]), gamma: 0.9, lambda: 0.8 }
    const a1 = new Float32Array(6), r1 = new Float32Array(6), a2 = new Float32Array(6), r2 = new Float32Array(6)
    computeGae(g, a1, r1)
    computeGae({ ...g, traces: new Float32Array(6).fill(1), rho: new Float32Array(6).fill(1) }, a2, r2)
    expect([...a2]).toEqual([...a1])
    expect([...r2]).toEqual([...r1])
  })

  it('matches a hand computation: A_t = δ_t + γλ·c_{t+1}·A_{t+1}, R_t = V_t + ρ_t·A_t', () => {
    // γ 0.5, λ 1, V = 0, δ = r = [1, 0, 2]; c = [–, 0.5, 0.25]; ρ = [0.5, 1, 0.25]
    // A_2 = 2; A_1 = 0 + 0.5·0.25·2 = 0.25; A_0 = 1 + 0.5·0.5·0.25 = 1.0625
    const adv = new Float32Array(3), ret = new Float32Array(3)
    computeGae({ T: 3, B: 1, rewards: f32([1, 0, 2]), values: f32([0, 0, 0]), terminated: u8([0, 0, 0]), truncated: u8([0, 0, 0]), truncValues: f32([0, 0, 0]), lastValues: f32([0]), gamma: 0.5, lambda: 1, traces: f32([9, 0.5, 0.25]), rho: f32([0.5, 1, 0.25]) }, adv, ret)
    expect([...adv]).toEqual([1.0625, 0.25, 2])
    expect([...ret]).toEqual([0.53125, 0.25, 0.5])
  })

  it('a trace never crosses an episode end', () => {
    const adv = new Float32Array(2), ret = new Float32Array(2)
    // step 0 terminates: step 1's trace (0) and advantage must not reach it
    computeGae({ T: 2, B: 1, rewards: f32([1, 5]), values: f32([0, 0]), terminated: u8([1, 0]), truncated: u8([0, 0]), truncValues: f32([0, 0]), lastValues: f32([0]), gamma: 0.9, lambda: 0.9, traces: f32([1, 0]), rho: f32([1, 1]) }, adv, ret)
    expect([...adv]).toEqual([1, 5])
  })
})

describe('the ρ-weighted clipped surrogate', () => {
  it('−mean(w·min(r·A, clip(r)·A)) at known numbers', () => {
    // row 1: r 1.5, A 1 → min(1.5, 1.2) = 1.2, × w 0.5 = 0.6; row 2: r 0.5, A −1 → min(−0.5, −0.8) = −0.8, × 2 = −1.6
    const v = tf.tidy(() => clippedPolicyLoss(tf.tensor1d([1.5, 0.5]), tf.tensor1d([1, -1]), 0.2, tf.tensor1d([0.5, 2])).dataSync()[0])
    expect(v).toBeCloseTo(0.5, 6)
    const plain = tf.tidy(() => clippedPolicyLoss(tf.tensor1d([1.5, 0.5]), tf.tensor1d([1, -1]), 0.2, tf.tensor1d([1, 1])).dataSync()[0])
    expect(plain).toBeCloseTo(-0.2, 6)
  })
})

/** A T×B rollout of random observations acted on by `behaviour`, with rewards and one truncation. */
function rollout(shape: PolicyShape, behaviour: PolicyNet, T: number, B: number, seed: number): RolloutBuffer {
  const buf = new RolloutBuffer(shape, T, B)
  const act = makeActOut(B)
  const rng = mulberry32(seed)
  const rew = new Float32Array(B)
  const term = new Uint8Array(B)
  const trunc = new Uint8Array(B)
  const truncV = new Float32Array(B).fill(0.3)
  for (let t = 0; t < T; t++) {
    const obs = randomBatch(TINY_SPEC, B, seed * 100 + t, 8)
    behaviour.act(obs, B, rng, false, act)
    buf.recordObs(obs, act)
    for (let b = 0; b < B; b++) {
      rew[b] = rng() * 2 - 1
      term[b] = t === 1 && b === 0 ? 1 : 0
      trunc[b] = t === 2 && b === 1 ? 1 : 0
    }
    buf.recordStep(rew, term, trunc, truncV)
  }
  buf.finish(new Float32Array(B).fill(0.1), 0.99, 0.95)
  return buf
}

describe('PpoLearner on lagged rollouts', () => {
  const shape = policyShape(TINY_SPEC) as PolicyShape
  const T = 4
  const B = 8

  it('scores the rollout with its own policy: advantages from π_prox/μ ratios and V_prox', () => {
    const behaviour = new PolicyNet(TINY_SPEC, TINY_NET, 3)
    const net = new PolicyNet(TINY_SPEC, TINY_NET, 4) // another policy: the learner moved on
    // (output layers start near 0: move every weight so the two policies differ clearly)
    expect(net.setWeights(net.getWeights().map((w) => ({ ...w, data: w.data.map((x, i) => 2 * x + 0.2 * Math.sin(i)) })))).toBeNull()
    const buf = rollout(shape, behaviour, T, B, 5)
    const n = T * B
    // π_prox's log-probs and values of every row, in one pass (the learner does it in minibatches)
    const { logp, values } = tf.tidy(() => {
      const out = net.forward(net.inputs(buf.obs, n))
      const t = policyTerms(out.logits, net.maskTensor(buf.obs.mask, n), tf.tensor1d(buf.actions, 'int32'))
      return { logp: t.logp.dataSync().slice(), values: out.value.dataSync().slice() }
    })
    const ratio = Array.from(logp, (l, i) => Math.exp(l - (buf.logp[i] as number)))
    expect(ratio.some((r) => r > 1.05) && ratio.some((r) => r < 0.95)).toBe(true) // the policies differ
    const rho = f32(ratio.map((r) => Math.min(1, r)))
    const adv = new Float32Array(n), ret = new Float32Array(n)
    computeGae({ T, B, rewards: buf.rewards, values: Float32Array.from(values), terminated: buf.terminated, truncated: buf.truncated, truncValues: buf.truncValues, lastValues: buf.lastValues, gamma: 0.99, lambda: 0.95, traces: rho, rho }, adv, ret)
    const learner = new PpoLearner(net, { epochs: 1, minibatch: 12 }, 1)
    const st = learner.update(buf, { lagged: true })
    for (let i = 0; i < n; i++) {
      expect(buf.advantages[i]).toBeCloseTo(adv[i] as number, 4)
      expect(buf.returns[i]).toBeCloseTo(ret[i] as number, 4)
    }
    expect(st.rhoMean).toBeCloseTo(rho.reduce((s, x) => s + x, 0) / n, 5)
    expect(st.rhoClipped).toBeCloseTo(ratio.filter((r) => r > 1).length / n, 6)
    expect(st.lagKl).toBeGreaterThan(0.001)
    expect(st.minibatches).toBe(3)
    behaviour.dispose()
    net.dispose()
  })

  it('behaviour correction: the ratio is taken against the stored behaviour log-probs (the plain update), and the lag is measured', () => {
    const behaviour = new PolicyNet(TINY_SPEC, TINY_NET, 3)
    const mk = () => {
      const n = new PolicyNet(TINY_SPEC, TINY_NET, 4)
      expect(n.setWeights(n.getWeights().map((w) => ({ ...w, data: w.data.map((x, i) => 2 * x + 0.2 * Math.sin(i)) })))).toBeNull()
      return n
    }
    const a = mk()
    const b = mk()
    const bufA = rollout(shape, behaviour, T, B, 7)
    const bufB = rollout(shape, behaviour, T, B, 7)
    const advBefore = Float32Array.from(bufB.advantages)
    const la = new PpoLearner(a, { epochs: 2, minibatch: 16 }, 1)
    const lb = new PpoLearner(b, { epochs: 2, minibatch: 16 }, 1)
    const sa = la.update(bufA)
    const sb = lb.update(bufB, { lagged: true, correction: 'behaviour' })
    expect([...bufB.advantages]).toEqual([...advBefore]) // GAE from the behaviour values, untouched
    expect(sb.loss).toBe(sa.loss)
    expect(sa.lagKl).toBe(0)
    expect(sb.lagKl).toBeGreaterThan(0.001) // the first minibatch's KL(μ‖π) before any step
    const wa = a.getWeights()
    const wb = b.getWeights()
    wa.forEach((w, k) => expect(Array.from(wb[k]!.data)).toEqual(Array.from(w.data)))
    for (const x of [behaviour, a, b]) x.dispose()
  })

  it('with no lag (μ = π) the lagged update is the plain PPO update', () => {
    const a = new PolicyNet(TINY_SPEC, TINY_NET, 3)
    const b = new PolicyNet(TINY_SPEC, TINY_NET, 3)
    const bufA = rollout(shape, a, T, B, 6)
    const bufB = rollout(shape, b, T, B, 6)
    const la = new PpoLearner(a, { epochs: 2, minibatch: 16 }, 1)
    const lb = new PpoLearner(b, { epochs: 2, minibatch: 16 }, 1)
    const sa = la.update(bufA)
    const sb = lb.update(bufB, { lagged: true })
    expect(sb.lagKl).toBeLessThan(1e-5)
    expect(sb.rhoMean).toBeCloseTo(1, 5)
    expect(sb.loss).toBeCloseTo(sa.loss, 4)
    expect(sb.policy).toBeCloseTo(sa.policy, 4)
    const wa = a.getWeights()
    const wb = b.getWeights()
    let maxDiff = 0
    wa.forEach((w, k) => w.data.forEach((x, i) => (maxDiff = Math.max(maxDiff, Math.abs(x - (wb[k]!.data[i] as number))))))
    expect(maxDiff).toBeLessThan(1e-4)
    for (const x of [a, b]) x.dispose()
  })
})
