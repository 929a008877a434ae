// The dual loop: a helper thread collects half the envs and computes half of every
// minibatch's gradient. The two-thread gradient is the one-thread gradient of the same
// minibatch, an update gives the weights of the one-thread update, both halves of the
// rollout are collected with the learner's weights, a run is deterministic for a seed, and
// checkpoints and --resume carry both halves' random streams.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { initTf, tf } from '../../agents/tf/backend.ts'
import { PolicyNet } from '../../agents/policy/net.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { TercioEnv } from '../../env/gym/env.ts'
import { RolloutBuffer } from '../../training/ppo/buffer.ts'
import { policyTerms } from '../../training/ppo/loss.ts'
import { allocMinibatch, gatherMinibatch, minibatchGradients, PpoLearner, teacherRows } from '../../training/ppo/ppo.ts'
import { netConfigOf, type TrainConfig } from '../../training/train/config.ts'
import { DualSource, mainEnvs, splitStates } from '../../training/train/dual.ts'
import { resolveConfig, train } from '../../training/train/trainer.ts'

const TINY = { envs: 3, rollout: 8, net: 'tiny' as const, evalGames: 2, evalEvery: 0, checkpointEvery: 1, snapshotEvery: 2, maxDecisions: 300, ppo: { epochs: 2, minibatch: 10 }, imitate: { steps: 0, envs: 8, lr: 1e-3, beta: 0.3 }, actor: 'dual' as const }
const quiet = { log: () => {} }
let dir = ''
const lines = (f: string) => readFileSync(f, 'utf8').split('\n').filter((l) => l !== '')
/** metrics without the wall-clock fields */
const timeless = (l: string) => {
  const { seconds: _s, stepsPerSec: _a, updatesPerSec: _b, rolloutSec: _c, updateSec: _d, ...rest } = JSON.parse(l) as Record<string, unknown>
  return rest
}

beforeAll(async () => {
  await initTf({ quiet: true })
  dir = mkdtempSync(join(tmpdir(), 'tercio-dual-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function setup(over: Partial<TrainConfig> = {}) {
  const cfg = resolveConfig({ ...TINY, ...over })
  const b = bindEngine(cfg.ruleset, cfg.scenario)
  if (!b.ok) throw new Error(b.error.message)
  const spec = new TercioEnv(b.value, { reward: { shaping: cfg.shaping }, maxDecisions: cfg.maxDecisions }).spec
  const net = new PolicyNet(spec, netConfigOf(cfg), 1)
  const buf = RolloutBuffer.shared(net.shape, cfg.rollout, cfg.envs)
  const source = DualSource.start(b.value, cfg, net, [], splitStates({ rngAct: 1, rngOpp: 2, nextEpisodeSeed: 10 }), buf)
  return { cfg, spec, net, buf, source }
}

const maxAbs = (a: Float32Array, b: Float32Array) => {
  let m = 0
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs((a[i] as number) - (b[i] as number)))
  return m
}

describe('dual loop', () => {
  it('both halves of a rollout are collected with the learner\'s weights, into their env columns', async () => {
    const { cfg, net, buf, source } = setup()
    try {
      const r = await source.next(buf, 0)
      expect(r.lagged).toBe(false)
      expect(buf.t).toBe(cfg.rollout)
      // episode seeds interleave: the main half even offsets, the helper odd ones
      expect(r.dual.main).toMatchObject({ nextEpisodeSeed: 10 + 2 * mainEnvs(cfg.envs), seedStep: 2 })
      expect(r.dual.helper).toMatchObject({ nextEpisodeSeed: 11 + 2 * (cfg.envs - mainEnvs(cfg.envs)), seedStep: 2 })
      // every row's recorded log-prob and value are the learner's network's, the helper's columns included
      const n = buf.size
      const [lp, v] = tf.tidy(() => {
        const o = net.forward(net.inputs(buf.obs, n))
        const { logp } = policyTerms(o.logits, net.maskTensor(buf.obs.mask, n), tf.tensor1d(buf.actions, 'int32'))
        return [logp.dataSync() as Float32Array, o.value.dataSync() as Float32Array]
      })
      expect(maxAbs(lp, buf.logp)).toBeLessThan(1e-4)
      expect(maxAbs(v, buf.values)).toBeLessThan(1e-4)
      // the helper's columns hold observations (the planes are never all zero on the map)
      const s = net.shape
      for (let b = mainEnvs(cfg.envs); b < cfg.envs; b++) expect(buf.obs.planes.subarray(b * s.planeSize, (b + 1) * s.planeSize).some((x) => x !== 0)).toBe(true)
    } finally {
      await source.close()
      net.dispose()
    }
  }, 60_000)

  it('the two-thread gradient of a minibatch equals the one-thread gradient, and an update gives the same weights', async () => {
    const { cfg, spec, net, buf, source } = setup()
    const twin = new PolicyNet(spec, netConfigOf(cfg), 1)
    try {
      // a rollout with teacher labels (kickstarting on), so the teacher term's denominator is exercised
      await source.next(buf, 0)
      buf.finish(buf.lastValues, 0.99, 0.95)
      let labelled = 0
      for (let i = 0; i < buf.size; i++) if ((buf.teacher[i] as number) >= 0) labelled++
      expect(labelled).toBe(buf.size)
      for (let i = 0; i < buf.size; i += 3) buf.teacher[i] = -1 // and some rows without a label
      const ppo = { epochs: 2, minibatch: 10, lr: 1e-3, teacherCoef: 0.5 }
      const one = new PpoLearner(twin, ppo, 5)
      const two = new PpoLearner(net, ppo, 5)
      // one minibatch of 9 rows (an odd count: shares of 5 and 4)
      const rows = 9
      const idx = Int32Array.from({ length: rows }, (_, r) => (r * 7 + 2) % buf.size)
      const mb = allocMinibatch(net.shape, rows)
      gatherMinibatch(buf, net.shape, mb, rows, idx)
      for (let r = 0; r < rows; r++) {
        const k = idx[r] as number
        mb.oldLogp[r] = (buf.logp[k] as number) - 0.1 * (r % 3) // ratios other than 1, some clipped
        mb.adv[r] = buf.advantages[k] as number
        mb.ret[r] = buf.returns[k] as number
        mb.oldV[r] = buf.values[k] as number
        mb.w[r] = 1
      }
      const loss = { ...one.cfg, teacherCoef: 0.5 }
      const ref = minibatchGradients(twin, mb, rows, { loss, weighted: false, denom: { rows, teacherRows: teacherRows(mb.teacher, rows) } })
      const dual = await two.gradientsDual(buf, mb, rows, idx, false, source.gradHelper)
      const refParts = ref.parts.dataSync() as Float32Array
      const dualParts = dual.parts
      expect(maxAbs(dualParts, refParts)).toBeLessThan(1e-5)
      expect(refParts[6]).toBeGreaterThan(0) // the teacher term is in
      let checked = 0
      let off = 0
      for (let i = 0; i < ref.grads.length; i++) {
        const a = ref.grads[i]?.dataSync() as Float32Array
        const b = dual.grads.subarray(off, off + a.length)
        off += a.length
        let scale = 0
        for (const x of a) scale = Math.max(scale, Math.abs(x))
        expect(maxAbs(a, b)).toBeLessThanOrEqual(1e-5 * Math.max(1, scale))
        if (scale > 0) checked++
      }
      expect(checked).toBeGreaterThan(10)
      expect(off).toBe(dual.grads.length)
      tf.dispose([...ref.grads, ref.parts])
      // a whole update (2 epochs of minibatches of 10 and a last one of 4) on each path
      const sOne = one.update(buf)
      const sTwo = await two.updateDual(buf, source.gradHelper)
      expect(sTwo.minibatches).toBe(sOne.minibatches)
      expect(sTwo.loss).toBeCloseTo(sOne.loss, 4)
      expect(sTwo.teacher).toBeCloseTo(sOne.teacher, 4)
      const wa = twin.getFlat()
      const wb = net.getFlat()
      expect(maxAbs(wa, wb)).toBeLessThan(1e-5)
      expect(maxAbs(wa, new PolicyNet(spec, netConfigOf(cfg), 1).getFlat())).toBeGreaterThan(1e-4) // it did train
    } finally {
      await source.close()
      net.dispose()
      twin.dispose()
    }
  }, 60_000)

  it('a run is deterministic for a seed, the summed gradients train, and --resume continues it', async () => {
    const a = await train(TINY, join(dir, 'a'), { steps: 96 }, { hooks: quiet })
    await train(TINY, join(dir, 'b'), { steps: 96 }, { hooks: quiet })
    expect(a.progress.update).toBe(4)
    const ma = lines(join(dir, 'a', 'metrics.jsonl')).map(timeless)
    const mb = lines(join(dir, 'b', 'metrics.jsonl')).map(timeless)
    expect(mb).toEqual(ma)
    expect(readFileSync(join(dir, 'b', 'checkpoint', 'weights.bin')).equals(readFileSync(join(dir, 'a', 'checkpoint', 'weights.bin')))).toBe(true)
    // no lag in this loop
    for (const x of ma as { lagKl: number; rhoMean: number }[]) expect(x).toMatchObject({ lagKl: 0, rhoMean: 1 })
    const meta = JSON.parse(readFileSync(join(dir, 'a', 'checkpoint', 'metrics.json'), 'utf8')) as { progress: { dual: { main: { seedStep: number }; helper: { seedStep: number } }; nextEpisodeSeed: number } }
    expect(meta.progress.dual.main.seedStep).toBe(2)
    expect(meta.progress.dual.helper.seedStep).toBe(2)
    expect(JSON.parse(readFileSync(join(dir, 'a', 'league.json'), 'utf8'))).toHaveLength(2)
    const again = await train({}, join(dir, 'a'), { steps: 144 }, { resume: true, hooks: quiet })
    expect(again.config.actor).toBe('dual')
    expect(again.progress.update).toBe(6)
    expect(again.progress.nextEpisodeSeed).toBeGreaterThanOrEqual(a.progress.nextEpisodeSeed)
    expect(lines(join(dir, 'a', 'metrics.jsonl')).map((l) => (JSON.parse(l) as { update: number }).update)).toEqual([1, 2, 3, 4, 5, 6])
  }, 180_000)

  it('refuses a dual loop with one env', () => {
    expect(() => resolveConfig({ ...TINY, envs: 1 })).toThrow(/envs must be at least 2/)
  })
})
