// The actor thread of the overlapped PPO loop (training/train/actor.ts): a Collector with its
// own copy of the network. Rollout u is collected with weights version max(first, u − 1)
// exactly (version v = the learner's weights after v updates), waiting for it if the
// learner has not published it yet, so what it collects does not depend on timing.
import { parentPort, workerData } from 'node:worker_threads'
import { TercioEnv } from '../../env/gym/env.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { PolicyNet, type NamedWeight } from '../../agents/policy/net.ts'
import { initTf } from '../../agents/tf/backend.ts'
import { RolloutBuffer } from '../ppo/buffer.ts'
import { Collector, teacherCoefAt } from './collector.ts'
import type { ActorInit, FromActor, ToActor } from './actor.ts'

const port = parentPort
if (!port) throw new Error('actor worker started outside a worker thread')
const send = (m: FromActor) => port.postMessage(m)
const init = workerData as ActorInit

const received = new Map<number, Extract<ToActor, { type: 'weights' }>>()
let wake: (() => void) | null = null
port.on('message', (m: ToActor) => {
  if (m.type !== 'weights') return
  received.set(m.version, m)
  wake?.()
})

/** Waits for weights version v; applies the leagues published up to it. */
async function weightsAt(v: number, net: PolicyNet, c: Collector): Promise<void> {
  while (!received.has(v)) await new Promise<void>((r) => (wake = r))
  wake = null
  let league: NamedWeight[][] | null = null
  for (const k of [...received.keys()].sort((a, b) => a - b)) {
    if (k > v) break
    const m = received.get(k) as Extract<ToActor, { type: 'weights' }>
    if (m.league) league = m.league
    if (k === v) {
      const err = net.setWeights(m.weights)
      if (err) throw new Error(`weights version ${v}: ${err}`)
    }
    received.delete(k)
  }
  if (league) c.setLeague(league)
}

try {
  await initTf({ quiet: true })
  const { cfg } = init
  const b = bindEngine(cfg.ruleset, cfg.scenario)
  if (!b.ok) throw new Error(`${b.error.code}: ${b.error.message}`)
  const engine = b.value
  const spec = new TercioEnv(engine, { reward: { shaping: cfg.shaping }, maxDecisions: cfg.maxDecisions }).spec
  const net = new PolicyNet(spec, init.net, 0)
  const err = net.setWeights(init.weights)
  if (err) throw new Error(`initial weights: ${err}`)
  const c = new Collector(engine, cfg, net, init.league, init.state)
  const buf = new RolloutBuffer(net.shape, cfg.rollout, cfg.envs)
  let version = init.first
  for (let u = init.first; ; u++) {
    const want = Math.max(init.first, u - 1)
    if (want > version) {
      await weightsAt(want, net, c)
      version = want
    }
    const stats = c.collect(buf, teacherCoefAt(cfg, u) > 0)
    buf.lastValues.set(c.lastValues)
    send({ type: 'rollout', u, version, arrays: buf.arrays(), stats })
    // let the port deliver messages between rollouts
    await new Promise<void>((r) => setImmediate(r))
  }
} catch (e) {
  send({ type: 'error', message: e instanceof Error ? e.message : String(e) })
}
