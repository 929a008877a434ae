// The in-process TF.js trainer beside PyTorch on the same network and batch shape, in one run:
// the MLP of clients/python/examples/ppo_torch.py (entities, globals and the action mask of
// piwam-training flattened, two tanh layers of 128, a policy and a value head) and its PPO
// update (1,024 samples, 2 epochs of minibatches of 256, clipped surrogate + value loss +
// entropy bonus over the masked softmax, Adam with global-norm clipping at 0.5), plus the
// rollout forward pass at batch 64. TF.js runs here (wasm SIMD, one thread, the project's
// kernels; the loss is training/ppo/loss.ts's); PyTorch runs bench/trainer-vs-torch.py in a
// child process (.venv/bin/python, `bash scripts/setup-python.sh`) at 1 thread and at 2, and
// exports its network to ONNX, which onnxruntime-node (agents/onnx.ts) then runs here: the
// rollout forward pass without TF.js. The runs alternate R times (--repeat) and each side's
// median is reported. Times are process CPU time (a loaded machine inflates wall time, not CPU
// time; a 2-thread torch run's CPU time counts both threads, so its wall time is shown too).
//   npx tsx bench/trainer-vs-torch.ts [--repeat 3] [--profile] [--json out.json]
// --profile adds tf.profile's kernel times of one TF.js update (where its time goes).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeTf, initTf, tf } from '../agents/tf/backend.ts'
import { loadOrt } from '../agents/onnx.ts'
import { mulberry32 } from '../agents/policy/sample.ts'
import { policyShape, type PolicyShape } from '../agents/policy/spec.ts'
import { bindEngine, VecEnv } from '../env/gym/index.ts'
import { ppoLoss } from '../training/ppo/loss.ts'

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const REPEAT = Number(arg('repeat') ?? 3)
const PYTHON = process.env.TERCIO_PYTHON ?? '.venv/bin/python'
const cpuMs = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number

const eng = bindEngine('piwam', 'piwam-training')
if (!eng.ok) throw new Error(eng.error.message)
const s = policyShape(new VecEnv(eng.value, { num: 1 }).spec) as PolicyShape
/** The shape both sides use: ppo_torch.py's compact features (entities, globals, mask). */
const SHAPE = { n_in: s.entitySize + s.globals + s.actions, hidden: 128, actions: s.actions, samples: 1024, minibatch: 256, epochs: 2, act_batch: 64 } as const

/** Synthetic data as the torch side makes it: 0/1 features at 20%, 8 legal ids a row (the mask also an input). */
function data(n: number, seed: number): { x: Float32Array; mask: Float32Array } {
  const r = mulberry32(seed)
  const x = new Float32Array(n * SHAPE.n_in)
  const mask = new Float32Array(n * SHAPE.actions)
  for (let b = 0; b < n; b++) {
    for (let i = 0; i < SHAPE.n_in - SHAPE.actions; i++) x[b * SHAPE.n_in + i] = r() < 0.2 ? 1 : 0
    for (let j = 0; j < 8; j++) mask[b * SHAPE.actions + Math.floor(r() * SHAPE.actions)] = 1
    x.set(mask.subarray(b * SHAPE.actions, (b + 1) * SHAPE.actions), b * SHAPE.n_in + SHAPE.n_in - SHAPE.actions)
  }
  return { x, mask }
}

interface TfTimes {
  actMs: number
  updateS: number
}

/** ppo_torch.py's MLP and its PPO update in TF.js, on synthetic data. */
function tfjsMlp(): { act: () => void; update: () => void; dispose: () => void } {
  const { n_in, hidden, actions, samples, minibatch, epochs, act_batch } = SHAPE
  const r = mulberry32(3)
  const w = (rows: number, cols: number, std: number) => tf.variable(tf.tensor2d(Float32Array.from({ length: rows * cols }, () => (r() * 2 - 1) * std * Math.sqrt(3 / rows)), [rows, cols]))
  const b = (n: number) => tf.variable(tf.zeros([n]))
  const params = [w(n_in, hidden, 1), b(hidden), w(hidden, hidden, 1), b(hidden), w(hidden, actions, 0.01), b(actions), w(hidden, 1, 1), b(1)]
  const [w1, b1, w2, b2, wp, bp, wv, bv] = params as tf.Variable[] as [tf.Variable, tf.Variable, tf.Variable, tf.Variable, tf.Variable, tf.Variable, tf.Variable, tf.Variable]
  const forward = (x: tf.Tensor2D) => {
    const h = tf.tanh(tf.tanh(x.matMul(w1).add(b1)).matMul(w2).add(b2)) as tf.Tensor2D
    return { logits: h.matMul(wp).add(bp) as tf.Tensor2D, value: h.matMul(wv).add(bv).reshape([-1]) as tf.Tensor1D }
  }
  const opt = tf.train.adam(3e-4, 0.9, 0.999, 1e-5)
  const d = data(samples, 2)
  const X = tf.tensor2d(d.x, [samples, n_in])
  const M = tf.tensor2d(d.mask, [samples, actions])
  const acts = new Float32Array(samples)
  for (let i = 0; i < samples; i++) {
    const legal: number[] = []
    for (let j = 0; j < actions; j++) if (d.mask[i * actions + j] === 1) legal.push(j)
    acts[i] = legal[Math.floor(r() * legal.length)] as number
  }
  const A = tf.tensor1d(acts)
  const oldLogp = tf.fill([samples], Math.log(1 / 8)) as tf.Tensor1D
  const adv = tf.randomNormal([samples], 0, 1, 'float32', 4) as tf.Tensor1D
  const ret = tf.randomNormal([samples], 0, 0.5, 'float32', 5) as tf.Tensor1D
  const cfg = { clip: 0.2, valueCoef: 0.5, entropyCoef: 0.003, valueClip: null, teacherCoef: 0 }
  const update = () => {
    for (let e = 0; e < epochs; e++) {
      const perm = tf.util.createShuffledIndices(samples)
      for (let i = 0; i < samples; i += minibatch) {
        tf.tidy(() => {
          const idx = tf.tensor1d(Int32Array.from(perm.subarray(i, i + minibatch)), 'int32')
          const g = (t: tf.Tensor) => tf.gather(t, idx)
          const { grads } = tf.variableGrads(() => {
            const out = forward(g(X) as tf.Tensor2D)
            return ppoLoss(out, { mask: g(M) as tf.Tensor2D, actions: g(A) as tf.Tensor1D, oldLogp: g(oldLogp) as tf.Tensor1D, advantages: g(adv) as tf.Tensor1D, returns: g(ret) as tf.Tensor1D, oldValues: g(ret) as tf.Tensor1D }, cfg).loss
          }, params)
          const norm = tf.sqrt(tf.addN(Object.values(grads).map((x) => x.square().sum()))).dataSync()[0] as number
          const k = Math.min(1, 0.5 / (norm + 1e-6))
          opt.applyGradients(Object.fromEntries(Object.entries(grads).map(([n, x]) => [n, x.mul(k)])))
        })
      }
    }
  }
  const xa = X.slice([0, 0], [act_batch, n_in])
  const ma = M.slice([0, 0], [act_batch, actions])
  const act = () => {
    tf.tidy(() => {
      const o = forward(xa)
      o.logits.add(ma.sub(1).mul(1e9)).dataSync()
      o.value.dataSync()
    })
  }
  return {
    act,
    update,
    dispose: () => {
      tf.dispose([X, M, A, oldLogp, adv, ret, xa, ma, ...params])
      opt.dispose()
    },
  }
}

/** Process CPU ms of one act (batch 64) and one update. */
function tfjsRun(): TfTimes {
  const { act, update, dispose } = tfjsMlp()
  act()
  update() // warm-up (Adam state, kernels)
  let c0 = cpuMs()
  for (let i = 0; i < 20; i++) act()
  const actMs = (cpuMs() - c0) / 20
  c0 = cpuMs()
  for (let i = 0; i < 3; i++) update()
  const updateS = (cpuMs() - c0) / 3 / 1000
  dispose()
  return { actMs, updateS }
}

/** Where the TF.js update's time goes: tf.profile over one update (after a warm-up), kernel
 *  times summed by kernel name, largest first. */
async function tfjsProfile(): Promise<{ kernel: string; ms: number; calls: number }[]> {
  const { update, dispose } = tfjsMlp()
  update()
  const info = await tf.profile(() => {
    update()
  })
  const by = new Map<string, { ms: number; calls: number }>()
  for (const k of info.kernels) {
    const t = await k.kernelTimeMs
    const ms = typeof t === 'number' ? t : 0
    const r = by.get(k.name) ?? { ms: 0, calls: 0 }
    by.set(k.name, { ms: r.ms + ms, calls: r.calls + 1 })
  }
  dispose()
  return [...by].map(([kernel, r]) => ({ kernel, ...r })).sort((a, b) => b.ms - a.ms)
}

interface TorchTimes {
  torch: string
  threads: number
  params: number
  actCpuMs: number
  actWallMs: number
  updateCpuS: number
  updateWallS: number
}
function torchRun(threads: number, onnx?: string): TorchTimes {
  const r = spawnSync(PYTHON, ['bench/trainer-vs-torch.py', JSON.stringify({ ...SHAPE, threads, act_reps: 20, update_reps: 3, onnx })], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`torch side failed (${PYTHON}): ${r.stderr.split('\n').slice(-4).join(' ')}`)
  return JSON.parse(r.stdout.trim().split('\n').pop() as string) as TorchTimes
}

/** onnxruntime-node's forward pass of the exported MLP at batch 64 (1 intra-op thread), CPU ms. */
function ortRun(path: string): number {
  const ort = loadOrt()
  if (typeof ort === 'string') throw new Error(ort)
  const sess = ort.newSession()
  const bytes = readFileSync(path)
  sess.loadModel(bytes.buffer, bytes.byteOffset, bytes.byteLength, { intraOpNumThreads: 1, interOpNumThreads: 1 })
  const d = data(SHAPE.act_batch, 6)
  const feeds = { x: new ort.Tensor('float32', d.x, [SHAPE.act_batch, SHAPE.n_in]), mask: new ort.Tensor('float32', d.mask, [SHAPE.act_batch, SHAPE.actions]) }
  const fetch = { logits: null, value: null }
  sess.run(feeds, fetch, {})
  const c0 = cpuMs()
  for (let i = 0; i < 200; i++) sess.run(feeds, fetch, {})
  return (cpuMs() - c0) / 200
}

if (!existsSync(PYTHON)) {
  console.error(`bench/trainer-vs-torch: no ${PYTHON}; run bash scripts/setup-python.sh (or set TERCIO_PYTHON)`)
  process.exit(2)
}
const tfInfo = await initTf()
const dir = mkdtempSync(join(tmpdir(), 'tercio-tvt-'))
const runs: { tfjs: TfTimes; torch1: TorchTimes; torch2: TorchTimes; ortActMs: number }[] = []
try {
  for (let k = 0; k < REPEAT; k++) {
    const onnx = join(dir, `mlp${k}.onnx`)
    const torch1 = torchRun(1, onnx)
    const tfjs = tfjsRun()
    const torch2 = torchRun(2)
    runs.push({ tfjs, torch1, torch2, ortActMs: ortRun(onnx) })
    console.error(`run ${k + 1}/${REPEAT}: tfjs update ${tfjs.updateS.toFixed(3)} s, torch(1) ${torch1.updateCpuS.toFixed(3)} s`)
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
const m = (f: (r: (typeof runs)[number]) => number) => median(runs.map(f))
const passes = SHAPE.samples * SHAPE.epochs
const rows = [
  { side: `TF.js ${describeTf(tfInfo)}`, updateS: m((r) => r.tfjs.updateS), actMs: m((r) => r.tfjs.actMs), wall: null as number | null },
  { side: `PyTorch ${runs[0]?.torch1.torch}, 1 thread`, updateS: m((r) => r.torch1.updateCpuS), actMs: m((r) => r.torch1.actCpuMs), wall: m((r) => r.torch1.updateWallS) },
  { side: `PyTorch ${runs[0]?.torch2.torch}, 2 threads`, updateS: m((r) => r.torch2.updateCpuS), actMs: m((r) => r.torch2.actCpuMs), wall: m((r) => r.torch2.updateWallS) },
  { side: 'onnxruntime-node (forward only), 1 thread', updateS: null as number | null, actMs: m((r) => r.ortActMs), wall: null },
]
const load = (await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')
console.log(`MLP ${SHAPE.n_in}→${SHAPE.hidden}→${SHAPE.hidden}→${SHAPE.actions}+1 (${runs[0]?.torch1.params} params), PPO update of ${SHAPE.samples} samples × ${SHAPE.epochs} epochs, minibatch ${SHAPE.minibatch}; forward at batch ${SHAPE.act_batch}; median of ${REPEAT}; load ${load}`)
console.log('| side | update (CPU s) | sample-passes/s (CPU) | update wall s | forward batch 64 (CPU ms) |')
console.log('|---|---|---|---|---|')
for (const r of rows) {
  console.log(`| ${r.side} | ${r.updateS === null ? '–' : r.updateS.toFixed(3)} | ${r.updateS === null ? '–' : Math.round(passes / r.updateS)} | ${r.wall === null ? '–' : r.wall.toFixed(3)} | ${r.actMs.toFixed(2)} |`)
}
const t1 = rows[1]?.updateS ?? 1
console.log(`TF.js / PyTorch (1 thread) update CPU time: ${((rows[0]?.updateS ?? 0) / t1).toFixed(2)}×`)
const profile = process.argv.includes('--profile') ? await tfjsProfile() : null
if (profile) {
  const total = profile.reduce((a, k) => a + k.ms, 0)
  console.log(`\nTF.js update profile (tf.profile, one update, kernel time ${total.toFixed(0)} ms):`)
  console.log('| kernel | ms | share | calls |')
  console.log('|---|---|---|---|')
  for (const k of profile.slice(0, 12)) console.log(`| ${k.kernel} | ${k.ms.toFixed(1)} | ${((100 * k.ms) / total).toFixed(1)}% | ${k.calls} |`)
}
const out = arg('json')
if (out) writeFileSync(out, `${JSON.stringify({ format: 'tercio-bench-trainer-vs-torch/1', shape: SHAPE, load, runs, rows, profile }, null, 2)}\n`)
