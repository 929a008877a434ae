// The overlapped loop: an actor thread collects rollouts one update behind the learner.
// It receives each new version of the weights, the run is deterministic for a seed, and
// checkpoints and --resume work as in the sequential loop.
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
import { ActorThread } from '../../training/train/actor.ts'
import { netConfigOf } from '../../training/train/config.ts'
import { resolveConfig, train } from '../../training/train/trainer.ts'

const TINY = { envs: 2, rollout: 8, net: 'tiny' as const, evalGames: 2, evalEvery: 0, checkpointEvery: 1, snapshotEvery: 2, maxDecisions: 300, ppo: { epochs: 1, minibatch: 16 }, imitate: { steps: 0, envs: 8, lr: 1e-3, beta: 0.3 }, actor: 'thread' as const }
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
  dir = mkdtempSync(join(tmpdir(), 'tercio-actor-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('actor thread', () => {
  it('collects with exactly the weights it was sent: version u−1 for rollout u', async () => {
    const cfg = resolveConfig(TINY)
    const b = bindEngine(cfg.ruleset, cfg.scenario)
    if (!b.ok) throw new Error(b.error.message)
    const spec = new TercioEnv(b.value, { reward: { shaping: cfg.shaping }, maxDecisions: cfg.maxDecisions }).spec
    const w0 = new PolicyNet(spec, netConfigOf(cfg), 1)
    const w1 = new PolicyNet(spec, netConfigOf(cfg), 2)
    // w1: a clearly different policy (output layers start near 0)
    expect(w1.setWeights(w1.getWeights().map((w) => ({ ...w, data: w.data.map((x, i) => 3 * x + 0.3 * Math.sin(i)) })))).toBeNull()
    const actor = ActorThread.start({ cfg, net: netConfigOf(cfg), weights: w0.getWeights(), league: [], state: { rngAct: 1, rngOpp: 2, nextEpisodeSeed: 10 }, first: 5 })
    const buf = new RolloutBuffer(w0.shape, cfg.rollout, cfg.envs)
    const n = buf.size
    /** max |log π(a|s) − recorded behaviour log-prob| of the buffer's rows under `net` */
    const gap = (net: PolicyNet): number =>
      tf.tidy(() => {
        const out = net.forward(net.inputs(buf.obs, n))
        const lp = policyTerms(out.logits, net.maskTensor(buf.obs.mask, n), tf.tensor1d(buf.actions, 'int32')).logp.dataSync()
        return Math.max(...Array.from(lp, (x, i) => Math.abs(x - (buf.logp[i] as number))))
      })
    try {
      const r5 = await actor.next(buf, 5)
      expect(r5.lagged).toBe(false) // the first rollout uses the learner's own weights
      expect(gap(w0)).toBeLessThan(1e-4)
      const r6 = await actor.next(buf, 6) // collected before any update: version 5 again, one behind
      expect(r6.lagged).toBe(true)
      expect(gap(w0)).toBeLessThan(1e-4)
      expect(r6.nextEpisodeSeed).toBeGreaterThanOrEqual(r5.nextEpisodeSeed)
      actor.publish(6, w1.getWeights(), null)
      const r7 = await actor.next(buf, 7) // waits for version 6, then collects with it
      expect(r7.lagged).toBe(true)
      expect(gap(w1)).toBeLessThan(1e-4)
      expect(gap(w0)).toBeGreaterThan(1e-2)
    } finally {
      await actor.close()
      w0.dispose()
      w1.dispose()
    }
  }, 120_000)

  it('a failing actor thread fails the learner\'s next() with its message', async () => {
    const cfg = resolveConfig({ ...TINY, scenario: 'no-such-scenario' })
    const actor = ActorThread.start({ cfg, net: netConfigOf(cfg), weights: [], league: [], state: { rngAct: 1, rngOpp: 2, nextEpisodeSeed: 10 }, first: 0 })
    try {
      await expect(actor.next(new RolloutBuffer({ planeSize: 1, entitySize: 1, globals: 1, actions: 1 } as never, 1, 1), 0)).rejects.toThrow(/^actor thread: .*no-such-scenario/)
    } finally {
      await actor.close()
    }
  }, 60_000)

  it('a run is deterministic for a seed, the lag is corrected, and --resume continues it', async () => {
    const a = await train(TINY, join(dir, 'a'), { steps: 64 }, { hooks: quiet })
    await train(TINY, join(dir, 'b'), { steps: 64 }, { hooks: quiet })
    expect(a.progress.update).toBe(4)
    const ma = lines(join(dir, 'a', 'metrics.jsonl')).map(timeless)
    const mb = lines(join(dir, 'b', 'metrics.jsonl')).map(timeless)
    expect(mb).toEqual(ma)
    expect(readFileSync(join(dir, 'b', 'checkpoint', 'weights.bin')).equals(readFileSync(join(dir, 'a', 'checkpoint', 'weights.bin')))).toBe(true)
    // the first rollout of an invocation is the learner's own policy; the later ones are one update behind
    // (default correction: PPO against the stored behaviour log-probs; no weights, ρ reported as 1)
    const m = ma as { lagKl: number; rhoMean: number }[]
    expect(m[0]?.lagKl).toBe(0)
    for (const x of m) expect(x.rhoMean).toBe(1)
    for (const x of m.slice(1)) expect(x.lagKl).toBeGreaterThan(0)
    // the decoupled correction weights the lagged rows by ρ = min(1, π_prox/μ)
    await train({ ...TINY, lagCorrection: 'decoupled' }, join(dir, 'd'), { steps: 48 }, { hooks: quiet })
    const md = lines(join(dir, 'd', 'metrics.jsonl')).map((l) => JSON.parse(l) as { lagKl: number; rhoMean: number })
    expect(md[0]).toMatchObject({ lagKl: 0, rhoMean: 1 })
    for (const x of md.slice(1)) {
      expect(x.lagKl).toBeGreaterThan(0)
      expect(x.rhoMean).toBeLessThan(1)
    }
    expect(JSON.parse(readFileSync(join(dir, 'a', 'league.json'), 'utf8'))).toHaveLength(2)
    const again = await train({}, join(dir, 'a'), { steps: 96 }, { resume: true, hooks: quiet })
    expect(again.config.actor).toBe('thread')
    expect(again.progress.update).toBe(6)
    expect(again.progress.nextEpisodeSeed).toBeGreaterThanOrEqual(a.progress.nextEpisodeSeed)
    expect(lines(join(dir, 'a', 'metrics.jsonl')).map((l) => (JSON.parse(l) as { update: number }).update)).toEqual([1, 2, 3, 4, 5, 6])
  }, 180_000)
})
