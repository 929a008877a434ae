// The training foundation against the real env layer: the env's spec and batch buffers
// plug straight into PolicyNet / RolloutBuffer / PpoLearner (types and shapes), and a few
// rollout steps + one PPO update run on the PIWAM training battle.
import { beforeAll, describe, expect, it } from 'vitest'
import { initTf } from '../../agents/tf/backend.ts'
import { makeActOut, PolicyNet } from '../../agents/policy/net.ts'
import { mulberry32 } from '../../agents/policy/sample.ts'
import type { ObsBatch, PolicySpec } from '../../agents/policy/spec.ts'
import type { BatchObs, EnvSpec } from '../../env/gym/index.ts'
import { bindEngine, VecEnv } from '../../env/gym/index.ts'
import { RolloutBuffer } from '../../training/ppo/buffer.ts'
import { PpoLearner } from '../../training/ppo/ppo.ts'

// Compile-time: the env's types are accepted where the network expects its own.
const asPolicySpec = (s: EnvSpec): PolicySpec => s
const asObsBatch = (b: BatchObs): ObsBatch => b
void asPolicySpec
void asObsBatch

beforeAll(async () => {
  await initTf({ quiet: true })
})

describe('training on the env layer', () => {
  it('acts legally on piwam-training and runs a PPO update', () => {
    const eng = bindEngine('piwam', 'piwam-training')
    if (!eng.ok) throw new Error(eng.error.message)
    const B = 4
    const T = 8
    const vec = new VecEnv(eng.value, { num: B, maxDecisions: 200 })
    const net = new PolicyNet(vec.spec, { convChannels: 8, convLayers: 1, entityHidden: 8, globalHidden: 8, hidden: 32 }, 1)
    const learner = new PpoLearner(net, { minibatch: 16, epochs: 1 }, 1)
    const buf = new RolloutBuffer(net.shape, T, B)
    const act = makeActOut(B)
    const rng = mulberry32(1)
    const N = vec.spec.actions.size
    const truncValues = new Float32Array(B)
    let obs = vec.reset({ seed: 3 }).obs
    let refused = 0
    for (let t = 0; t < T; t++) {
      net.act(obs, B, rng, false, act)
      for (let b = 0; b < B; b++) expect(obs.mask[b * N + (act.actions[b] as number)]).toBe(1)
      buf.recordObs(obs, act)
      const r = vec.step(act.actions)
      for (let b = 0; b < B; b++) if ((r.info.error[b] as number) >= 0) refused++
      if (r.truncated.some((x) => x === 1)) net.values(r.info.final, B, truncValues)
      buf.recordStep(r.reward, r.terminated, r.truncated, truncValues)
      obs = r.obs
    }
    expect(refused).toBe(0)
    const last = new Float32Array(B)
    net.values(obs, B, last)
    buf.finish(last, 0.99, 0.95)
    const stats = learner.update(buf)
    expect(stats.minibatches).toBe(2)
    expect(Number.isFinite(stats.loss)).toBe(true)
    net.dispose()
  })
})
