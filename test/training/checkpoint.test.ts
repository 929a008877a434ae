import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { initTf, tf } from '../../agents/tf/backend.ts'
import { makeActOut, PolicyNet } from '../../agents/policy/net.ts'
import { mulberry32 } from '../../agents/policy/sample.ts'
import { policyShape, type PolicyShape } from '../../agents/policy/spec.ts'
import { loadCheckpoint, saveCheckpoint } from '../../agents/policy/checkpoint-format.ts'
import { loadPolicy } from '../../agents/policy/checkpoint.ts'
import { restoreLearner, savePolicy } from '../../training/checkpoint/policy.ts'
import { RolloutBuffer } from '../../training/ppo/buffer.ts'
import { PpoLearner } from '../../training/ppo/ppo.ts'
import { randomBatch, TINY_NET, TINY_SPEC } from './helpers.ts'

const root = mkdtempSync(path.join(tmpdir(), 'tercio-ckpt-'))
beforeAll(async () => {
  await initTf({ quiet: true })
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const shape = policyShape(TINY_SPEC) as PolicyShape

/** One PPO update on random data (so Adam has state). */
function train(net: PolicyNet, learner: PpoLearner, seed: number): void {
  const B = 8
  const buf = new RolloutBuffer(shape, 2, B)
  const act = makeActOut(B)
  const rng = mulberry32(seed)
  for (let t = 0; t < 2; t++) {
    const obs = randomBatch(TINY_SPEC, B, seed * 10 + t)
    net.act(obs, B, rng, false, act)
    buf.recordObs(obs, act)
    buf.recordStep(Float32Array.from({ length: B }, (_, b) => (b % 3) - 1), new Uint8Array(B).fill(t), new Uint8Array(B), null)
  }
  buf.finish(act.values, 0.99, 0.95)
  learner.update(buf)
}

describe('checkpoints', () => {
  it('round-trip: weights, config, metrics and Adam state; resumed training matches uninterrupted training', async () => {
    const dir = path.join(root, 'a')
    const net = new PolicyNet(TINY_SPEC, TINY_NET, 1)
    const learner = new PpoLearner(net, { minibatch: 8 }, 7)
    train(net, learner, 1)
    await savePolicy(dir, net, { learner, config: { ppo: learner.cfg, envs: 8 }, metrics: { updates: 1, curve: [0.5], shuffleRng: learner.rng.state } })
    expect(readdirSync(dir).sort()).toEqual(['meta.json', 'metrics.json', 'optimizer.bin', 'weights.bin'])
    expect(readdirSync(root).filter((f) => f.startsWith('.'))).toEqual([]) // no temp folders left

    const r = loadPolicy(dir, TINY_SPEC)
    if (!r.ok) throw new Error(r.error.message)
    const { net: net2, data } = r.value
    expect(data.metrics).toEqual({ updates: 1, curve: [0.5], shuffleRng: learner.rng.state })
    expect((data.config as { envs: number }).envs).toBe(8)
    const w1 = net.getWeights()
    const w2 = net2.getWeights()
    expect(w2.map((w) => w.name)).toEqual(w1.map((w) => w.name))
    w1.forEach((w, i) => expect(Array.from((w2[i] as { data: Float32Array }).data)).toEqual(Array.from(w.data)))

    // Resume: same learner seed + restored Adam state → the next update is identical.
    const learner2 = new PpoLearner(net2, { minibatch: 8 }, 7)
    await restoreLearner(learner2, data)
    // The shuffling generator's state travels with the checkpoint (here in metrics).
    learner2.rng.state = (data.metrics as { shuffleRng: number }).shuffleRng
    train(net, learner, 2)
    train(net2, learner2, 2)
    const after1 = net.getWeights()
    const after2 = net2.getWeights()
    after1.forEach((w, i) => {
      const d2 = (after2[i] as { data: Float32Array }).data
      let worst = 0
      for (let j = 0; j < w.data.length; j++) worst = Math.max(worst, Math.abs((w.data[j] as number) - (d2[j] as number)))
      expect(worst).toBeLessThan(1e-6)
    })
    net.dispose()
    net2.dispose()
  })

  it('refuses a different spec hash, naming both hashes and what differs', async () => {
    const dir = path.join(root, 'b')
    const net = new PolicyNet(TINY_SPEC, TINY_NET, 1)
    await savePolicy(dir, net)
    net.dispose()
    const rewardOnly = { ...TINY_SPEC, hash: 'other-hash' }
    const r = loadPolicy(dir, rewardOnly)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('CHECKPOINT_SPEC_MISMATCH')
    expect(r.error.message).toContain('tiny-spec-hash')
    expect(r.error.message).toContain('other-hash')
    expect(r.error.message).toMatch(/interface is the same .* but the reward or limits differ/)
    // Interface matching accepts it (evaluation under another reward).
    const ri = loadPolicy(dir, rewardOnly, { match: 'interface' })
    expect(ri.ok).toBe(true)
    if (ri.ok) ri.value.net.dispose()
    const other = loadPolicy(dir, { ...TINY_SPEC, hash: 'h2', interfaceHash: 'i2' })
    expect(!other.ok && other.error.message).toMatch(/interface differs too \(checkpoint tiny-interface-hash, env i2\)/)
  })

  it('replaces an existing checkpoint atomically and reports missing or damaged ones', () => {
    const dir = path.join(root, 'c')
    const w = (v: number) => [{ name: 'x', shape: [2], data: Float32Array.from([v, v]) }]
    saveCheckpoint(dir, { spec: { hash: 'h' }, net: {}, weights: w(1), config: null, metrics: null })
    saveCheckpoint(dir, { spec: { hash: 'h' }, net: {}, weights: w(2), config: null, metrics: { v: 2 } })
    const r = loadCheckpoint(dir, { expect: { hash: 'h' } })
    expect(r.ok && Array.from(r.value.weights[0]?.data ?? [])).toEqual([2, 2])
    expect(readdirSync(root).filter((f) => f.startsWith('.'))).toEqual([])

    const missing = loadCheckpoint(path.join(root, 'nope'))
    expect(!missing.ok && missing.error.code).toBe('CHECKPOINT_NOT_FOUND')

    const bin = path.join(dir, 'weights.bin')
    const bytes = readFileSync(bin)
    bytes[0] = (bytes[0] as number) ^ 0xff
    writeFileSync(bin, bytes)
    const damaged = loadCheckpoint(dir)
    expect(!damaged.ok && damaged.error.code).toBe('CHECKPOINT_INVALID')
    expect(!damaged.ok && damaged.error.message).toMatch(/weights.bin is damaged/)
  })

  it('loading many times does not leak tensors', () => {
    const dir = path.join(root, 'b')
    const before = tf.memory().numTensors
    for (let i = 0; i < 5; i++) {
      const r = loadPolicy(dir, TINY_SPEC)
      if (r.ok) r.value.net.dispose()
    }
    expect(tf.memory().numTensors).toBe(before)
  })
})
