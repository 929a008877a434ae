// The helper thread of the dual loop (training/train/dual.ts): its own TF.js instance, a copy
// of the network, a Collector over envs col0 .. K − 1, and the trainer's rollout buffer shared
// (SharedArrayBuffers). It answers each request in order: `collect` (set the weights, collect
// its envs, write them into its columns of the shared buffer) and `grad` (set the weights,
// gather its share of a minibatch from the shared buffer, return the share's gradient).
import { parentPort, workerData } from 'node:worker_threads'
import { TercioEnv } from '../../env/gym/env.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { flatValues, PolicyNet } from '../../agents/policy/net.ts'
import { initTf } from '../../agents/tf/backend.ts'
import * as tf from '@tensorflow/tfjs'
import { RolloutBuffer } from '../ppo/buffer.ts'
import { allocMinibatch, gatherMinibatch, minibatchGradients, type Minibatch } from '../ppo/ppo.ts'
import { Collector } from './collector.ts'
import type { DualInit, FromHelper, ToHelper } from './dual.ts'

const port = parentPort
if (!port) throw new Error('dual helper started outside a worker thread')
const send = (m: FromHelper, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer)
const init = workerData as DualInit
const fail = (e: unknown) => send({ type: 'error', message: e instanceof Error ? e.message : String(e) })

// Requests that arrive before the set-up is done wait for it (they are answered in order).
const queue: ToHelper[] = []
let handle: ((m: ToHelper) => void) | null = null
port.on('message', (m: ToHelper) => {
  if (handle) handle(m)
  else queue.push(m)
})

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
  const envs = cfg.envs - init.col0
  // its own seeds for the scripted opponents and teacher (the episode seeds come from the state)
  const c = new Collector(engine, { ...cfg, envs, seed: cfg.seed + 7_777_777 }, net, init.league, init.state)
  const own = new RolloutBuffer(net.shape, cfg.rollout, envs)
  const full = new RolloutBuffer(net.shape, cfg.rollout, cfg.envs, init.store)
  let mb: Minibatch = allocMinibatch(net.shape, 1)
  const run = (m: ToHelper): void => {
    try {
      net.setFlat(m.weights)
      if (m.type === 'collect') {
        if (m.league) c.setLeague(m.league)
        const stats = c.collect(own, m.teacher)
        own.lastValues.set(c.lastValues)
        full.putColumns(own, init.col0)
        send({ type: 'collected', stats })
        return
      }
      const rows = m.rows.length
      if (mb.actions.length < rows) mb = allocMinibatch(net.shape, rows)
      gatherMinibatch(full, net.shape, mb, rows, m.rows)
      mb.oldLogp.set(m.oldLogp)
      mb.adv.set(m.adv)
      mb.ret.set(m.ret)
      mb.oldV.set(m.oldV)
      mb.w.set(m.w)
      const g = minibatchGradients(net, mb, rows, { loss: m.loss, weighted: m.weighted, denom: m.denom })
      const grads = flatValues(g.grads)
      const parts = (g.parts.dataSync() as Float32Array).slice()
      tf.dispose([g.parts, ...g.grads])
      send({ type: 'grad', grads, parts }, [grads.buffer, parts.buffer])
    } catch (e) {
      fail(e)
    }
  }
  handle = run
  for (const m of queue.splice(0)) run(m)
} catch (e) {
  fail(e)
}
