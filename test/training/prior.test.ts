// Residual policies over the scripted heuristic (NetConfig.prior): the network reads the
// heuristic's action, an untrained one plays it, and every path that feeds the network
// (agent, evaluator, imitation, PPO buffer, checkpoint) carries it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tf } from '../../agents/tf/backend.ts'
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { playGame } from '../../agents/play.ts'
import { PolicyAgent, specFor } from '../../agents/policy/agent.ts'
import { loadPolicy } from '../../agents/policy/checkpoint.ts'
import { makeActOut, PolicyNet, PRIOR_SCALE0 } from '../../agents/policy/net.ts'
import { Mulberry32, mulberry32 } from '../../agents/policy/sample.ts'
import { policyShape, type PolicyShape } from '../../agents/policy/spec.ts'
import type { Engine } from '../../env/core/types.ts'
import type { Agent } from '../../agents/types.ts'
import { TercioEnv } from '../../env/gym/index.ts'
import { savePolicy } from '../../training/checkpoint/policy.ts'
import { evaluatePolicy } from '../../training/evaluate.ts'
import { Imitator } from '../../training/imitate.ts'
import { RolloutBuffer } from '../../training/ppo/buffer.ts'
import { PpoLearner } from '../../training/ppo/ppo.ts'
import { piwamTrainingWithTf, TINY } from '../helpers/tiny-training.ts'
import { randomBatch, TINY_NET, TINY_SPEC } from './helpers.ts'

const root = mkdtempSync(path.join(tmpdir(), 'tercio-prior-'))
let engine: Engine
const mkEnv = () => new TercioEnv(engine, { maxDecisions: 2000 })
beforeAll(async () => {
  engine = await piwamTrainingWithTf()
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const PRIOR_NET = { ...TINY_NET, prior: true }
const N = TINY_SPEC.actions.size

/** A legal id of each row (its first), as the prior's action. */
function firstLegal(mask: Uint8Array, n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, b) => mask.subarray(b * N, (b + 1) * N).indexOf(1))
}

describe('residual network (prior)', () => {
  it('adds the learned bonus to the prior action\'s logit only; an untrained net plays the prior greedily', () => {
    const net = new PolicyNet(TINY_SPEC, PRIOR_NET, 4)
    const n = 32
    const batch = randomBatch(TINY_SPEC, n, 9)
    const prior = firstLegal(batch.mask, n)
    const logits = (p: Int32Array) => {
      const t = tf.tidy(() => net.forward(net.inputs({ ...batch, prior: p }, n)).logits)
      const d = t.dataSync().slice()
      t.dispose()
      return d
    }
    const withPrior = logits(prior)
    const none = logits(new Int32Array(n).fill(-1))
    for (let b = 0; b < n; b++) {
      for (let a = 0; a < N; a++) {
        const diff = (withPrior[b * N + a] as number) - (none[b * N + a] as number)
        // prior/emb starts at 0, so the torso is unchanged and only the bonus differs
        expect(diff).toBeCloseTo(a === prior[b] ? PRIOR_SCALE0 : 0, 5)
      }
    }
    const out = makeActOut(n)
    net.act({ ...batch, prior }, n, mulberry32(1), true, out)
    expect(Array.from(out.actions)).toEqual(Array.from(prior))
    expect(() => tf.tidy(() => void net.inputs(batch, n))).toThrow(/reads the prior agent's actions/)
    net.dispose()
    // priorScale sets the starting bonus (a fresh net only); a bonus that is no bonus is refused
    const firm = new PolicyNet(TINY_SPEC, { ...PRIOR_NET, priorScale: 6.5 }, 4)
    const firmLogits = tf.tidy(() => firm.forward(firm.inputs({ ...batch, prior }, n)).logits).dataSync()
    for (let b = 0; b < n; b++) for (let a = 0; a < N; a++) expect((firmLogits[b * N + a] as number) - (none[b * N + a] as number)).toBeCloseTo(a === prior[b] ? 6.5 : 0, 5)
    firm.dispose()
    expect(() => new PolicyNet(TINY_SPEC, { ...PRIOR_NET, priorScale: 0 }, 4)).toThrow(/priorScale must be a number > 0/)
  })

  it('PPO: the buffer carries the prior, the update trains prior/emb, and a checkpoint round-trips the residual net', async () => {
    const shape = policyShape(TINY_SPEC) as PolicyShape
    const net = new PolicyNet(TINY_SPEC, PRIOR_NET, 2)
    const learner = new PpoLearner(net, { lr: 1e-2, minibatch: 8, epochs: 2 }, 3)
    const B = 8
    const buf = new RolloutBuffer(shape, 2, B)
    const act = makeActOut(B)
    const rng = mulberry32(5)
    for (let t = 0; t < 2; t++) {
      const obs = randomBatch(TINY_SPEC, B, 40 + t)
      const prior = firstLegal(obs.mask, B)
      net.act({ ...obs, prior }, B, rng, false, act)
      buf.recordObs({ ...obs, prior }, act)
      expect(Array.from(buf.obs.prior.subarray(t * B, (t + 1) * B))).toEqual(Array.from(prior))
      buf.recordStep(Float32Array.from({ length: B }, (_, b) => (b % 3) - 1), new Uint8Array(B).fill(t), new Uint8Array(B), null)
    }
    buf.finish(act.values, 0.99, 0.95)
    const emb0 = net.getWeights().find((w) => w.name === 'prior/emb')?.data ?? new Float32Array()
    expect(emb0.every((x) => x === 0)).toBe(true)
    const st = learner.update(buf)
    expect(Number.isFinite(st.loss)).toBe(true)
    const emb1 = net.getWeights().find((w) => w.name === 'prior/emb')?.data ?? new Float32Array()
    expect(emb1.some((x) => x !== 0)).toBe(true)

    const dir = path.join(root, 'ckpt')
    await savePolicy(dir, net)
    const r = loadPolicy(dir, TINY_SPEC)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.net.config.prior).toBe(true)
    const obs = { ...randomBatch(TINY_SPEC, 4, 77), prior: Int32Array.of(0, -1, 3, 9) }
    const [a, b] = tf.tidy(() => [net.forward(net.inputs(obs, 4)).logits, r.value.net.forward(r.value.net.inputs(obs, 4)).logits])
    expect(Array.from(b.dataSync())).toEqual(Array.from(a.dataSync()))
    tf.dispose([a, b])
    r.value.net.dispose()
    net.dispose()
  })

  it('an untrained residual agent plays exactly the heuristic\'s game (piwam-training)', () => {
    const spec = specFor(engine)
    const net = new PolicyNet(spec, { ...TINY, prior: true }, 1)
    const agent = new PolicyAgent(net, engine, spec, { sample: false, name: 'residual', seed: 3 })
    const game = (first: Agent) => {
      const r = playGame(engine, [first, makeHeuristic(engine, 8)], { seed: 17 })
      if (!r.ok) throw new Error(r.error.message)
      return r.record.actions
    }
    const scripted = game(makeHeuristic(engine, 5))
    expect(scripted.length).toBeGreaterThan(100)
    expect(game(agent)).toEqual(scripted)
    net.dispose()
  }, 60_000)

  it('the evaluator and the imitation feed the prior: an untrained residual net scores as the heuristic and agrees with it on every decision', () => {
    const net = new PolicyNet(mkEnv().spec, { ...TINY, prior: true }, 2)
    // the evaluator's game g: dice seed 500 + g, the policy on seat g % 2, here against a (deterministic) heuristic
    const games = 6
    const ev = evaluatePolicy(net, engine, mkEnv, makeHeuristic(engine, 0), games, 500, { greedy: true })
    const ref = { wins: 0, draws: 0 }
    const seats = [0, 1].map(() => ({ games: 0, wins: 0, draws: 0, losses: 0 }))
    for (let g = 0; g < games; g++) {
      const r = playGame(engine, [makeHeuristic(engine, 1), makeHeuristic(engine, 2)], { seed: 500 + g })
      if (!r.ok) throw new Error(r.error.message)
      const w = r.record.outcome.winner
      const s = seats[g % 2]!
      s.games++
      if (w === null) (ref.draws++, s.draws++)
      else if (w === g % 2) (ref.wins++, s.wins++)
      else s.losses++
    }
    expect({ wins: ev.wins, draws: ev.draws }).toEqual(ref)
    expect(ev.bySeat).toEqual(seats) // the same games, counted per seat of the policy
    let seed = 300
    const envs = Array.from({ length: 16 }, mkEnv)
    // lr 0: the net stays untrained, so its greedy choice must be the prior's, i.e. the label
    const im = new Imitator(net, engine, envs, makeHeuristic(engine, 1), { steps: 0, envs: 16, lr: 0, beta: 0, stagger: 40 }, new Mulberry32(5), () => seed++)
    for (let i = 0; i < 20; i++) im.step()
    const st = im.report()
    expect(st.accuracy).toBe(1)
    expect(st.priorAgreement).toBe(1)
    im.dispose()
    net.dispose()
  }, 60_000)
})

describe('imitation stagger', () => {
  it('spreads the envs over game phases before the first minibatch, reproducibly', () => {
    const net = new PolicyNet(mkEnv().spec, TINY, 2)
    const positions = () => {
      let seed = 700
      const envs = Array.from({ length: 12 }, mkEnv)
      const im = new Imitator(net, engine, envs, makeHeuristic(engine, 1), { steps: 0, envs: 12, lr: 1e-3, beta: 0.3, stagger: 200 }, new Mulberry32(8), () => seed++)
      im.dispose()
      return envs.map((e) => e.state?.ply ?? -1)
    }
    const a = positions()
    expect(new Set(a).size).toBeGreaterThan(6)
    expect(Math.max(...a) - Math.min(...a)).toBeGreaterThan(50)
    expect(positions()).toEqual(a)
    net.dispose()
  }, 60_000)
})
