// Benchmarks the policy network and the PPO update at the sizes of Tercio's scenarios
// (synthetic observations with the shapes of the PIWAM training battle, 14×10, and of a
// 24×16 historical battle), on the default backend (or TERCIO_TF_BACKEND).
//   npx tsx bench/policy-ppo.ts [--json out.json]
import { writeFileSync } from 'node:fs'
import { initTf, describeTf, tf } from '../agents/tf/backend.ts'
import { DEFAULT_NET, makeActOut, PolicyNet } from '../agents/policy/net.ts'
import { mulberry32 } from '../agents/policy/sample.ts'
import { policyShape, type ObsBatch, type PolicyShape, type PolicySpec } from '../agents/policy/spec.ts'
import { RolloutBuffer } from '../training/ppo/buffer.ts'
import { PpoLearner } from '../training/ppo/ppo.ts'

const info = await initTf()
const spec = (cols: number, rows: number, units: number): PolicySpec => ({
  planes: { shape: [44, rows, cols] },
  entities: { shape: [units, 40] },
  globals: { shape: [40] },
  actions: {
    size: 24 + 4 + units + rows * cols,
    segments: [
      { name: 'choice', offset: 0, size: 24 },
      { name: 'wing', offset: 24, size: 4 },
      { name: 'unit', offset: 28, size: units },
      { name: 'hex', offset: 28 + units, size: rows * cols },
    ],
  },
})

function batch(s: PolicyShape, n: number, seed: number): ObsBatch {
  const r = mulberry32(seed)
  const f = (k: number): Float32Array => Float32Array.from({ length: k }, () => (r() < 0.2 ? 1 : 0))
  const masks = new Uint8Array(n * s.actions)
  for (let b = 0; b < n; b++) for (let j = 0; j < 8; j++) masks[b * s.actions + Math.floor(r() * s.actions)] = 1
  return { planes: f(n * s.planeSize), entities: f(n * s.entitySize), globals: f(n * s.globals), masks }
}

interface Row {
  scenario: string
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
for (const [name, cols, r, units] of [
  ['piwam-training 14×10', 14, 10, 28],
  ['24×16 battle', 24, 16, 48],
] as const) {
  const sp = spec(cols, r, units)
  const s = policyShape(sp) as PolicyShape
  const net = new PolicyNet(sp, DEFAULT_NET, 1)
  const actB = 64
  const obs = batch(s, actB, 1)
  const out = makeActOut(actB)
  const rng = mulberry32(1)
  net.act(obs, actB, rng, false, out)
  const reps = 10
  let t0 = performance.now()
  for (let i = 0; i < reps; i++) net.act(obs, actB, rng, false, out)
  const actMs = (performance.now() - t0) / reps
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
  t0 = performance.now()
  learner.update(buf)
  const updateS = (performance.now() - t0) / 1000
  const samples = T * B
  rows.push({ scenario: name, params: net.paramCount(), actB, actMs, actRowsPerS: (actB * 1000) / actMs, samples, minibatch: 256, epochs: 2, updateS, trainSamplesPerS: (samples * 2) / updateS })
  net.dispose()
  learner.optimizer.dispose()
}
console.log(`backend: ${describeTf(info)}; net ${JSON.stringify(DEFAULT_NET)}; tensors alive ${tf.memory().numTensors}`)
console.log('| board | params | act batch 64 | act rows/s | PPO update 1024 samples × 2 epochs (mb 256) | train samples/s |')
console.log('|---|---|---|---|---|---|')
for (const r of rows) console.log(`| ${r.scenario} | ${r.params} | ${r.actMs.toFixed(1)} ms | ${r.actRowsPerS.toFixed(0)} | ${r.updateS.toFixed(2)} s | ${r.trainSamplesPerS.toFixed(0)} |`)
const i = process.argv.indexOf('--json')
if (i >= 0 && process.argv[i + 1]) writeFileSync(process.argv[i + 1] as string, JSON.stringify({ backend: info.backend, net: DEFAULT_NET, rows }, null, 2))
