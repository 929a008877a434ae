// The tfjs overheads the tree removes (agents/tf/kernels.ts, training/ppo/adam.ts), each
// measured against the stock version in one process, the two alternating, on the policy net
// the trainer uses (piwam-training, `small`, residual prior):
//   - a minibatch gradient with the stock Identity (copies) and Sum/Mean gradients (a JS
//     `ones` array per call) against ours;
//   - the forward pass of a rollout (16 rows) and of a share of a minibatch (128 rows) with
//     the stock GatherV2 against ours;
//   - PPO's clip + Adam step as tf ops (tf.train.adam) against ClippedAdam.
// Every pair computes the same values (tested). Figures: median process CPU ms per call.
//   npx tsx bench/tf-overheads.ts [--reps 40] [--json FILE]
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import * as tf from '@tensorflow/tfjs'
import { initTf, describeTf } from '../agents/tf/backend.ts'
import { registerWasmKernels } from '../agents/tf/kernels.ts'
import { makeActOut, PolicyNet, SMALL_NET } from '../agents/policy/net.ts'
import { Mulberry32 } from '../agents/policy/sample.ts'
import { TercioEnv } from '../env/gym/env.ts'
import { bindEngine } from '../env/gym/make.ts'
import { allocMinibatch, DEFAULT_PPO, minibatchGradients } from '../training/ppo/ppo.ts'
import { ClippedAdam } from '../training/ppo/adam.ts'
import { tfClippedAdamStep } from '../training/ppo/adam-reference.ts'
import { formatTable } from '../cli/table.ts'
import { machine, median } from './bench.ts'

const { values: a } = parseArgs({ options: { reps: { type: 'string', default: '40' }, json: { type: 'string' } } })
const reps = Number(a.reps)
if (!Number.isInteger(reps) || reps < 3) {
  console.error(`--reps must be an integer ≥ 3, got ${a.reps}`)
  process.exit(2)
}

// The stock kernels and gradients first, then ours over them (the trainer's set-up).
const info = await initTf({ prefer: 'wasm', kernels: false, quiet: true })
if (info.backend !== 'wasm') throw new Error('bench/tf-overheads.ts needs the wasm backend')
const stock = { identity: tf.getKernel('Identity', 'wasm'), gather: tf.getKernel('GatherV2', 'wasm'), sum: tf.getGradient('Sum'), mean: tf.getGradient('Mean') }
registerWasmKernels()
const ours = { identity: tf.getKernel('Identity', 'wasm'), gather: tf.getKernel('GatherV2', 'wasm'), sum: tf.getGradient('Sum'), mean: tf.getGradient('Mean') }
if (!stock.identity || !stock.gather || !stock.sum || !stock.mean || !ours.identity || !ours.gather || !ours.sum || !ours.mean) throw new Error('a kernel or gradient is not registered')
const useKernel = (k: tf.KernelConfig): void => {
  tf.unregisterKernel(k.kernelName, 'wasm')
  tf.registerKernel(k)
}
const useGradients = (g: typeof stock): void => {
  useKernel(g.identity as tf.KernelConfig)
  tf.registerGradient(g.sum as tf.GradConfig)
  tf.registerGradient(g.mean as tf.GradConfig)
}

const b = bindEngine('piwam', 'piwam-training')
if (!b.ok) throw new Error(b.error.message)
const net = new PolicyNet(new TercioEnv(b.value, {}).spec, { ...SMALL_NET, prior: true }, 0)
const rng = new Mulberry32(7)
const rand = () => rng.next()

/** A minibatch of `rows` rows with plausible inputs (valid actions, all legal). */
function minibatch(rows: number) {
  const mb = allocMinibatch(net.shape, rows)
  for (let i = 0; i < mb.planes.length; i++) mb.planes[i] = rand() < 0.2 ? 1 : 0
  for (let i = 0; i < mb.entities.length; i++) mb.entities[i] = rand()
  for (let i = 0; i < mb.globals.length; i++) mb.globals[i] = rand()
  mb.mask.fill(1)
  for (let r = 0; r < rows; r++) {
    mb.actions[r] = Math.floor(rand() * net.shape.actions)
    mb.prior[r] = Math.floor(rand() * net.shape.actions)
    mb.teacher[r] = -1
    mb.adv[r] = rand() - 0.5
    mb.ret[r] = rand()
    mb.oldV[r] = rand()
    mb.oldLogp[r] = -3
    mb.w[r] = 1
  }
  return mb
}

const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

interface Side {
  /** Set-up before each call (not timed). */
  set?: () => void
  run: () => void
}

/** Median CPU ms of each side's call, the two alternating (two rounds of warm-up first). */
function pair(sides: { stock: Side; ours: Side }): { stock: number; ours: number } {
  const t = { stock: [] as number[], ours: [] as number[] }
  for (let i = 0; i < reps + 2; i++) {
    for (const side of i % 2 ? (['stock', 'ours'] as const) : (['ours', 'stock'] as const)) {
      sides[side].set?.()
      const c0 = cpuMs()
      sides[side].run()
      if (i >= 2) t[side].push(cpuMs() - c0)
    }
  }
  return { stock: median(t.stock), ours: median(t.ours) }
}

const rows: { case: string; stockMs: number; oursMs: number }[] = []
const add = (name: string, r: { stock: number; ours: number }) => {
  rows.push({ case: name, stockMs: r.stock, oursMs: r.ours })
  process.stderr.write(`  ${name}: done\n`)
}

const mb128 = minibatch(128)
const loss = { ...DEFAULT_PPO, teacherCoef: 0 }
const gradient = () => {
  const g = minibatchGradients(net, mb128, 128, { loss, weighted: false, denom: { rows: 128, teacherRows: 0 } })
  tf.dispose([...g.grads, g.parts])
}
add('minibatch gradient, 128 rows (Identity, Sum/Mean gradients)', pair({ stock: { set: () => useGradients(stock), run: gradient }, ours: { set: () => useGradients(ours), run: gradient } }))
useGradients(ours)
for (const n of [16, 128]) {
  const mb = minibatch(n)
  const out = makeActOut(n)
  const act = () => net.act(mb, n, rand, false, out)
  add(`policy forward pass, ${n} rows (GatherV2)`, pair({ stock: { set: () => useKernel(stock.gather as tf.KernelConfig), run: act }, ours: { set: () => useKernel(ours.gather as tf.KernelConfig), run: act } }))
}
useKernel(ours.gather)

// The clip + Adam step on the net's own variables (their values move; both sides alike).
const vars = net.variables()
const grads = vars.map((v) => Float32Array.from({ length: v.size }, () => (rand() - 0.5) * 0.01))
const flat = new Float32Array(grads.reduce((s, g) => s + g.length, 0))
const tfAdam = tf.train.adam(1e-4)
const clipped = new ClippedAdam(
  vars.map((v) => ({ name: v.name, shape: v.shape, size: v.size })),
  1e-4,
)
add(
  `clip + Adam step, ${net.paramCount()} weights (tf ops, ClippedAdam)`,
  pair({
    stock: { run: () => tfClippedAdamStep(tfAdam, vars, grads, 0.5) },
    ours: {
      // as PpoLearner.apply: the weights out of the variables, the step, the weights back
      run: () => {
        let o = 0
        for (const g of grads) {
          flat.set(g, o)
          o += g.length
        }
        const w = net.getFlat()
        clipped.step(w, flat, 0.5)
        net.setFlat(w)
      },
    },
  }),
)

console.log(
  formatTable(
    ['case', 'stock ms', 'ours ms', 'stock / ours'],
    rows.map((r) => [r.case, r.stockMs.toFixed(2), r.oursMs.toFixed(2), `${(r.stockMs / r.oursMs).toFixed(2)}x`]),
  ),
)
console.log(`\nmedian process CPU ms per call, ${reps} alternating calls each; ${describeTf(info)}`)
if (a.json) writeFileSync(a.json, JSON.stringify({ format: 'tercio-bench-tf-overheads/1', machine: machine(), reps, rows }, null, 2))
