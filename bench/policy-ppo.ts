// Benchmarks the policy network and the PPO update on the real env specs of the PIWAM
// training battle (14×10) and Ivry 1590 (24×16), with synthetic observations, on the
// default backend (or TERCIO_TF_BACKEND). Times are process CPU time (see cpuMs).
//   npx tsx bench/policy-ppo.ts [--json out.json]
import { writeFileSync } from 'node:fs'
import { initTf, describeTf, tf } from '../agents/tf/backend.ts'
import { DEFAULT_NET, makeActOut, PolicyNet, SMALL_NET, type NetConfig } from '../agents/policy/net.ts'
import { mulberry32 } from '../agents/policy/sample.ts'
import { policyShape, type ObsBatch, type PolicyShape, type PolicySpec } from '../agents/policy/spec.ts'
import { bindEngine, VecEnv } from '../env/gym/index.ts'
import { RolloutBuffer } from '../training/ppo/buffer.ts'
import { PpoLearner } from '../training/ppo/ppo.ts'

const info = await initTf()
/** Process CPU time (user + system), ms: wasm runs on one thread, so on an idle machine
 *  this equals wall time, and it stays meaningful when other jobs share the cores. */
const cpuMs = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const specOf = (ruleset: string, scenario: string): PolicySpec => {
  const e = bindEngine(ruleset, scenario)
  if (!e.ok) throw new Error(e.error.message)
  return new VecEnv(e.value, { num: 1 }).spec
}

function batch(s: PolicyShape, n: number, seed: number): ObsBatch {
  const r = mulberry32(seed)
  const f = (k: number): Float32Array => Float32Array.from({ length: k }, () => (r() < 0.2 ? 1 : 0))
  const masks = new Uint8Array(n * s.actions)
  for (let b = 0; b < n; b++) for (let j = 0; j < 8; j++) masks[b * s.actions + Math.floor(r() * s.actions)] = 1
  return { planes: f(n * s.planeSize), entities: f(n * s.entitySize), globals: f(n * s.globals), mask: masks }
}

interface Row {
  scenario: string
  net: string
  params: number
  actB: number
  actMs: number
  actRowsPerS: number
  samples: number
  minibatch: number
  epochs: number
  updateS: number
  trainSamplesPerS: number
}
const rows: Row[] = []
for (const [name, ruleset, scenario, netName, netCfg] of [
  ['piwam-training 14×10', 'piwam', 'piwam-training', 'DEFAULT_NET', DEFAULT_NET],
  ['piwam-training 14×10', 'piwam', 'piwam-training', 'SMALL_NET', SMALL_NET],
  ['ivry-1590 24×16', 'piwam', 'ivry-1590', 'DEFAULT_NET', DEFAULT_NET],
] as [string, string, string, string, NetConfig][]) {
  const sp = specOf(ruleset, scenario)
  const s = policyShape(sp) as PolicyShape
  const net = new PolicyNet(sp, netCfg, 1)
  const actB = 64
  const obs = batch(s, actB, 1)
  const out = makeActOut(actB)
  const rng = mulberry32(1)
  net.act(obs, actB, rng, false, out)
  const reps = 10
  let c0 = cpuMs()
  for (let i = 0; i < reps; i++) net.act(obs, actB, rng, false, out)
  const actMs = (cpuMs() - c0) / reps
  // One PPO update over T×B = 64×16 = 1024 samples, minibatch 256, 2 epochs.
  const T = 64
  const B = 16
  const buf = new RolloutBuffer(s, T, B)
  const ob = batch(s, B, 2)
  const o = makeActOut(B)
  for (let t = 0; t < T; t++) {
    net.act(ob, B, rng, false, o)
    buf.recordObs(ob, o)
    buf.recordStep(Float32Array.from({ length: B }, () => rng() - 0.5), new Uint8Array(B).fill(t % 16 === 15 ? 1 : 0), new Uint8Array(B), null)
  }
  buf.finish(o.values, 0.99, 0.95)
  const learner = new PpoLearner(net, { minibatch: 256, epochs: 2 }, 1)
  learner.update(buf) // warm-up (creates Adam state)
  c0 = cpuMs()
  learner.update(buf)
  const updateS = (cpuMs() - c0) / 1000
  const samples = T * B
  rows.push({ scenario: name, net: netName, params: net.paramCount(), actB, actMs, actRowsPerS: (actB * 1000) / actMs, samples, minibatch: 256, epochs: 2, updateS, trainSamplesPerS: (samples * 2) / updateS })
  net.dispose()
}
console.log(`backend: ${describeTf(info)}; DEFAULT_NET ${JSON.stringify(DEFAULT_NET)}; SMALL_NET ${JSON.stringify(SMALL_NET)}; tensors alive ${tf.memory().numTensors}`)
console.log('| board | net | params | act batch 64 | act rows/s | PPO update 1024 samples × 2 epochs (mb 256) | train samples/s |')
console.log('|---|---|---|---|---|---|---|')
for (const r of rows) console.log(`| ${r.scenario} | ${r.net} | ${r.params} | ${r.actMs.toFixed(1)} ms | ${r.actRowsPerS.toFixed(0)} | ${r.updateS.toFixed(2)} s | ${r.trainSamplesPerS.toFixed(0)} |`)
const i = process.argv.indexOf('--json')
if (i >= 0 && process.argv[i + 1]) writeFileSync(process.argv[i + 1] as string, JSON.stringify({ backend: info.backend, nets: { DEFAULT_NET, SMALL_NET }, rows }, null, 2))
