// Soft labels for distillation: targets from a search's candidate scores, the cross-entropy
// to a distribution, and the imitation phase trained on them.
import { beforeAll, describe, expect, it } from 'vitest'
import { tf } from '../../agents/tf/backend.ts'
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { SearchAgent } from '../../agents/search.ts'
import { PolicyNet } from '../../agents/policy/net.ts'
import { piwamTrainingWithTf, TINY } from '../helpers/tiny-training.ts'
import { Mulberry32 } from '../../agents/policy/sample.ts'
import { TercioEnv } from '../../env/gym/index.ts'
import type { Engine } from '../../env/core/types.ts'
import { Imitator, softCrossEntropy, softTargets } from '../../training/imitate.ts'
import { allocScoreRows } from '../../training/label-pool.ts'
import { resolveConfig } from '../../training/train/trainer.ts'

let engine: Engine
const mkEnv = () => new TercioEnv(engine, { maxDecisions: 2000 })

beforeAll(async () => {
  engine = await piwamTrainingWithTf()
})

describe('soft cross-entropy', () => {
  it('is −Σ t·log softmax over the legal ids, on a tiny known case, with the gradient softmax − target', () => {
    // row 0: legal {0, 1}, logits 0 and ln 2 → π = (1/3, 2/3); target (½, ½) → ½ ln 3 + ½ ln 1.5
    // row 1: legal {0, 1, 2}, logits 0 → π = ⅓ each; one-hot target on id 2 → ln 3 (the hard-label loss)
    const logits = tf.tensor2d([[0, Math.LN2, 5], [0, 0, 0]])
    const mask = tf.tensor2d([[1, 1, 0], [1, 1, 1]])
    const target = tf.tensor2d([[0.5, 0.5, 0], [0, 0, 1]])
    const loss = softCrossEntropy(logits, mask, target)
    const row0 = 0.5 * Math.log(3) + 0.5 * Math.log(1.5)
    const row1 = Math.log(3)
    expect(loss.dataSync()[0]).toBeCloseTo((row0 + row1) / 2, 5)
    const g = tf.grad((x: tf.Tensor) => softCrossEntropy(x as tf.Tensor2D, mask, target))(logits)
    const gv = Array.from(g.dataSync())
    const want = [(1 / 3 - 0.5) / 2, (2 / 3 - 0.5) / 2, 0, 1 / 3 / 2, 1 / 3 / 2, (1 / 3 - 1) / 2]
    gv.forEach((x, i) => expect(x).toBeCloseTo(want[i] as number, 5))
    // a one-hot target equals the hard-label loss of the same action
    const hard = tf.tidy(() => softCrossEntropy(logits.slice([1, 0], [1, 3]), mask.slice([1, 0], [1, 3]), tf.oneHot(tf.tensor1d([2], 'int32'), 3) as tf.Tensor2D))
    expect(hard.dataSync()[0]).toBeCloseTo(row1, 5)
    tf.dispose([logits, mask, target, loss, g, hard])
  })
})

describe('soft targets from scored candidates', () => {
  it('softmax of the scores at the temperature, mixed with candidate 0; a row without scores keeps its hard label', () => {
    const A = 6
    const rows = allocScoreRows(3, 4)
    // row 0: candidates 4 (the scripted choice), 1, 2 with scores 0, 0.1, 0
    rows.cand.set([4, 1, 2, -1], 0)
    rows.score.set([0, 0.1, 0, 0], 0)
    // row 1: a forced decision: one candidate
    rows.cand.set([3, -1, -1, -1], 4)
    // row 2: no scores
    const labels = Int32Array.of(4, 3, 5)
    const out = new Float32Array(3 * A).fill(9)
    const h = softTargets(rows, 3, A, labels, { temperature: 0.1, mix: 0.25 }, out)
    const e = Math.E
    const z = 1 + e + 1
    const want0 = [0, (0.75 * e) / z, 0.75 / z, 0, 0.75 / z + 0.25, 0]
    Array.from(out.subarray(0, A)).forEach((x, i) => expect(x).toBeCloseTo(want0[i] as number, 6))
    expect(Array.from(out.subarray(A, 2 * A))).toEqual([0, 0, 0, 1, 0, 0])
    expect(Array.from(out.subarray(2 * A))).toEqual([0, 0, 0, 0, 0, 1])
    const h0 = -want0.filter((p) => p > 0).reduce((s, p) => s + p * Math.log(p), 0)
    expect(h).toBeCloseTo(h0, 5)
    // a low temperature tends to the argmax, a high one to uniform over the candidates
    softTargets(rows, 1, A, labels, { temperature: 1e-4, mix: 0 }, out)
    expect(out[1]).toBeCloseTo(1, 6)
    softTargets(rows, 1, A, labels, { temperature: 1e4, mix: 0 }, out)
    for (const a of [4, 1, 2]) expect(out[a]).toBeCloseTo(1 / 3, 3)
  })
})

describe('imitation with soft labels', () => {
  it('trains on a search teacher\'s scores on this thread: CE ≥ target entropy, no tensor leak; needs a scoring teacher', () => {
    const net = new PolicyNet(mkEnv().spec, TINY, 3)
    let seed = 300
    const envs = Array.from({ length: 16 }, mkEnv)
    const teacher = new SearchAgent(engine, 1, { iters: 6, depth: 6, crn: true, maxCandidates: 4 })
    const im = new Imitator(net, engine, envs, teacher, { steps: 0, envs: 16, lr: 3e-3, beta: 0.3, soft: { temperature: 0.05, mix: 0.1 }, passes: 2 }, new Mulberry32(5), () => seed++)
    im.step()
    const before = tf.memory().numTensors
    for (let i = 0; i < 6; i++) im.step()
    expect(tf.memory().numTensors).toBe(before)
    const st = im.report()
    expect(st.step).toBe(7)
    expect(st.targetEntropy).toBeGreaterThan(0)
    expect(st.loss).toBeGreaterThanOrEqual((st.targetEntropy as number) - 1e-4)
    expect(st.targetMass).toBeGreaterThan(0)
    expect(st.targetMass).toBeLessThanOrEqual(1)
    im.dispose()
    expect(() => new Imitator(net, engine, envs, makeHeuristic(engine, 1), { steps: 0, envs: 16, lr: 1e-3, beta: 0, soft: { temperature: 0.05, mix: 0 } }, new Mulberry32(5), () => seed++)).toThrow(/scores its actions/)
    expect(() => new Imitator(net, engine, envs, teacher, { steps: 0, envs: 16, lr: 1e-3, beta: 0, soft: { temperature: 0, mix: 0 } }, new Mulberry32(5), () => seed++)).toThrow(/temperature/)
    net.dispose()
  }, 120_000)

  it('the trainer config refuses soft labels without a search teacher and bad values', () => {
    const search = 'search:iters=96:depth=60:crn=1'
    const im = (x: object) => ({ imitate: { steps: 10, envs: 256, lr: 1e-3, beta: 0.3, ...x } })
    expect(() => resolveConfig(im({ soft: { temperature: 0.05, mix: 0 } }))).toThrow(/need a search teacher/)
    expect(() => resolveConfig(im({ teacher: search, soft: { temperature: -1, mix: 0 } }))).toThrow(/temperature/)
    expect(() => resolveConfig(im({ teacher: search, soft: { temperature: 0.05, mix: 1.5 } }))).toThrow(/mix/)
    expect(() => resolveConfig(im({ teacher: search, passes: 0 }))).toThrow(/passes/)
    expect(() => resolveConfig(im({ teacher: search, evalEvery: 2.5 }))).toThrow(/evalEvery/)
    expect(resolveConfig(im({ teacher: search, soft: { temperature: 0.05, mix: 0.2 }, passes: 2, evalEvery: 50 })).imitate.soft).toEqual({ temperature: 0.05, mix: 0.2 })
  })
})
