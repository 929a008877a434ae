// Imitation (behaviour cloning of the heuristic), the batched evaluator, the value-head
// warm-up and the entity–board gather, on the PIWAM training battle.
import { beforeAll, describe, expect, it } from 'vitest'
import { tf } from '../../agents/tf/backend.ts'
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { RandomAgent } from '../../agents/random.ts'
import { PolicyNet } from '../../agents/policy/net.ts'
import { piwamTrainingWithTf, TINY } from '../helpers/tiny-training.ts'
import { Mulberry32 } from '../../agents/policy/sample.ts'
import { TercioEnv } from '../../env/gym/index.ts'
import type { Engine } from '../../env/core/types.ts'
import { Imitator } from '../../training/imitate.ts'
import { LabelPool } from '../../training/label-pool.ts'
import { evaluatePolicy } from '../../training/evaluate.ts'
import { allocBatch, copyObsRow } from '../../training/batch.ts'
import { RolloutBuffer } from '../../training/ppo/buffer.ts'
import { PpoLearner } from '../../training/ppo/ppo.ts'

let engine: Engine
const mkEnv = () => new TercioEnv(engine, { maxDecisions: 2000 })

beforeAll(async () => {
  engine = await piwamTrainingWithTf()
})

describe('imitation', () => {
  it('learns the heuristic: cross-entropy falls and greedy agreement rises', () => {
    const net = new PolicyNet(mkEnv().spec, TINY, 3)
    let seed = 100
    const envs = Array.from({ length: 64 }, mkEnv)
    const im = new Imitator(net, engine, envs, makeHeuristic(engine, 1), { steps: 0, envs: 64, lr: 3e-3, beta: 0.3 }, new Mulberry32(5), () => seed++)
    for (let i = 0; i < 5; i++) im.step()
    const first = im.report()
    const before = tf.memory().numTensors // after the optimizer made its moment slots
    for (let i = 0; i < 40; i++) im.step()
    im.report()
    for (let i = 0; i < 10; i++) im.step()
    const last = im.report()
    expect(tf.memory().numTensors).toBe(before)
    expect(last.step).toBe(55)
    expect(last.samples).toBe(55 * 64)
    expect(last.loss).toBeLessThan(first.loss * 0.8)
    expect(last.accuracy).toBeGreaterThan(first.accuracy + 0.15)
    im.dispose()
    net.dispose()
  }, 120_000)
})

describe('imitation of a teacher on worker threads', () => {
  it('stepAsync trains on the pool\'s labels; step() refuses a pool (it labels asynchronously)', async () => {
    const net = new PolicyNet(mkEnv().spec, TINY, 3)
    let seed = 200
    const envs = Array.from({ length: 32 }, mkEnv)
    const pool = await LabelPool.create({ ruleset: 'piwam', scenario: 'piwam-training' }, 'heuristic', 2)
    try {
      const im = new Imitator(net, engine, envs, pool, { steps: 0, envs: 32, lr: 3e-3, beta: 0.3 }, new Mulberry32(5), () => seed++)
      expect(() => im.step()).toThrow(/stepAsync/)
      for (let i = 0; i < 5; i++) await im.stepAsync()
      const first = im.report()
      for (let i = 0; i < 40; i++) await im.stepAsync()
      const last = im.report()
      expect(last.step).toBe(45)
      expect(last.samples).toBe(45 * 32)
      expect(last.loss).toBeLessThan(first.loss * 0.8)
      im.dispose()
    } finally {
      await pool.close()
      net.dispose()
    }
  }, 120_000)
})

describe('batched evaluation', () => {
  it('plays every game to its end, deterministically, on both seats', () => {
    const net = new PolicyNet(mkEnv().spec, TINY, 4)
    const a = evaluatePolicy(net, engine, mkEnv, new RandomAgent(3, 'random'), 6, 77, { greedy: false, sampleSeed: 2 })
    const b = evaluatePolicy(net, engine, mkEnv, new RandomAgent(3, 'random'), 6, 77, { greedy: false, sampleSeed: 2 })
    expect(a).toEqual(b)
    expect(a.wins + a.draws + a.losses).toBe(6)
    expect(a.opponent).toBe('random')
    // The heuristic beats an untrained network.
    const h = evaluatePolicy(net, engine, mkEnv, makeHeuristic(engine, 1), 4, 5, { greedy: true })
    expect(h.losses).toBeGreaterThanOrEqual(3)
    net.dispose()
  }, 120_000)
})

describe('value-head warm-up', () => {
  it('valueOnly changes the value head and nothing else', () => {
    const env = mkEnv()
    const net = new PolicyNet(env.spec, TINY, 6)
    const learner = new PpoLearner(net, { minibatch: 16, epochs: 1, lr: 1e-2 }, 1)
    const T = 8
    const buf = new RolloutBuffer(net.shape, T, 1)
    const rng = new Mulberry32(1)
    const rows = allocBatch(net.shape, 1)
    env.reset({ seed: 9 })
    const act = { actions: new Int32Array(1), logp: new Float32Array(1), entropy: new Float32Array(1), values: new Float32Array(1) }
    for (let t = 0; t < T; t++) {
      copyObsRow(rows, 0, env.obs, net.shape)
      net.act(rows, 1, () => rng.next(), false, act)
      buf.recordObs(rows, act)
      const r = env.step(act.actions[0] as number)
      buf.recordStep(Float32Array.of(t === T - 1 ? 1 : 0), Uint8Array.of(0), Uint8Array.of(0), null)
      expect(r.error).toBeNull()
    }
    buf.finish(Float32Array.of(0), 0.99, 0.95)
    const w0 = new Map(net.getWeights().map((w) => [w.name, w.data]))
    learner.valueOnly = true
    learner.update(buf)
    for (const w of net.getWeights()) {
      const same = w.data.every((x, i) => x === (w0.get(w.name) as Float32Array)[i])
      expect(same, w.name).toBe(!w.name.startsWith('value/'))
    }
    // Then a full update moves the rest (same optimizer: its moments are keyed by position).
    learner.valueOnly = false
    learner.update(buf)
    const moved = net.getWeights().filter((w) => !w.data.every((x, i) => x === (w0.get(w.name) as Float32Array)[i]))
    expect(moved.length).toBeGreaterThan(4)
    net.dispose()
  }, 60_000)
})

describe('entity rows read the board at their hex', () => {
  it('each present entity reads the hex where it stands on the unit or leader planes', () => {
    const env = mkEnv()
    env.reset({ seed: 3 })
    const net = new PolicyNet(env.spec, TINY, 7)
    const s = net.shape
    const names = env.spec.planes.channels as readonly string[]
    const occupied = names.map((n, c) => [n, c] as const).filter(([n]) => /^(own|enemy|leader):/.test(n)).map(([, c]) => c)
    const rows = allocBatch(s, 1)
    let checked = 0
    for (let step = 0; step < 40 && !env.isDone; step++) {
      copyObsRow(rows, 0, env.obs, s)
      // each entity row's hex as a row of the board features (row 0 of the batch: the hex itself) and whether it reads one
      const [hexOf, reads] = tf.tidy(() => {
        const x = net.inputs(rows, 1)
        return [x.entityHex?.dataSync() as Int32Array, x.entityPresent?.dataSync() as Float32Array]
      })
      expect(hexOf).toBeDefined()
      for (let m = 0; m < s.maxEntities; m++) {
        const present = (rows.entities[m * s.entityFeatures] as number) > 0.5
        if (!present) {
          expect(reads[m]).toBe(0)
          continue
        }
        expect(reads[m]).toBe(1)
        const h = hexOf[m] as number
        expect(h).toBeGreaterThanOrEqual(0)
        expect(h).toBeLessThan(s.hexes)
        // Off-map entities (replacement leaders, exited units) encode col = row = 0: they read hex 0.
        if (h === 0) continue
        expect(occupied.some((c) => (rows.planes[c * s.hexes + h] as number) > 0)).toBe(true)
        checked++
      }
      env.step(env.obs.mask.indexOf(1))
    }
    expect(checked).toBeGreaterThan(100)
    net.dispose()
  })
})
