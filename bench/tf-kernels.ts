// Benchmarks the TF.js backends on this machine: an MLP (2000→256→256, batch 256) and a
// conv trunk (3 layers, 64 channels, 3×3, on a 24×32 board), forward and one Adam train
// step, on wasm with our kernels, wasm stock, and cpu. Times are process CPU time.
//   npx tsx bench/tf-kernels.ts [--mode kernels|stock|cpu] [--json out.json]
// Each mode runs in its own process (stock kernels cannot be restored in-process); with no
// --mode it spawns all three and prints a table.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { initTf, tf } from '../agents/tf/backend.ts'

const MODES = ['kernels', 'stock', 'cpu'] as const
type Mode = (typeof MODES)[number]
interface Row {
  mode: Mode
  case: string
  batch: number
  forwardMs: number
  trainMs: number | null
  note?: string
}

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

/** Process CPU time (user + system), ms: the backends compute on one thread, so on an
 *  idle machine this is the wall time, and it stays meaningful when other jobs share the
 *  cores. */
const cpuMs = (): number => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

/** Median CPU time of `reps` runs after `warm` warm-ups, in ms (data is downloaded to
 *  force the computation). The typed array is read outside tf.tidy: tidy walks whatever
 *  its function returns element by element, which costs seconds on a 12M-float array. */
function time(f: () => tf.Tensor | tf.Scalar, reps: number, warm = 1): number {
  const once = (): void => {
    const y = tf.tidy(f)
    y.dataSync()
    y.dispose()
  }
  for (let i = 0; i < warm; i++) once()
  const ts: number[] = []
  for (let i = 0; i < reps; i++) {
    const t0 = cpuMs()
    once()
    ts.push(cpuMs() - t0)
  }
  ts.sort((a, b) => a - b)
  return ts[Math.floor(ts.length / 2)] as number
}

function dense(inp: number, out: number): { w: tf.Variable; b: tf.Variable } {
  return { w: tf.variable(tf.randomNormal([inp, out], 0, Math.sqrt(2 / inp))), b: tf.variable(tf.zeros([out])) }
}

function mlp(mode: Mode): Row {
  const batch = 256
  const l1 = dense(2000, 256)
  const l2 = dense(256, 256)
  const x = tf.randomNormal([batch, 2000])
  const fwd = (): tf.Tensor => tf.relu(tf.relu(x.matMul(l1.w).add(l1.b)).matMul(l2.w).add(l2.b))
  const opt = tf.train.adam(1e-3)
  const reps = mode === 'cpu' ? 3 : 10
  const forwardMs = time(fwd, reps)
  const trainMs = time(() => opt.minimize(() => fwd().square().mean() as tf.Scalar, true) as tf.Scalar, reps)
  return { mode, case: 'mlp 2000→256→256', batch, forwardMs, trainMs }
}

function convTrunk(mode: Mode): Row {
  // The cpu backend takes ~30 s for one batch-256 forward: measure batch 4 and scale.
  const batch = mode === 'cpu' ? 4 : 256
  const fs = [tf.variable(tf.randomNormal([3, 3, 16, 64], 0, 0.1)), tf.variable(tf.randomNormal([3, 3, 64, 64], 0, 0.05)), tf.variable(tf.randomNormal([3, 3, 64, 64], 0, 0.05))]
  const x = tf.randomNormal([batch, 24, 32, 16])
  const fwd = (): tf.Tensor => fs.reduce((h: tf.Tensor4D, f) => tf.relu(tf.conv2d(h, f as tf.Tensor4D, 1, 'same')), x as tf.Tensor4D)
  const opt = tf.train.adam(1e-3)
  const reps = mode === 'cpu' ? 1 : 3
  const forwardMs = time(fwd, reps, mode === 'cpu' ? 0 : 1)
  let trainMs: number | null = null
  let note: string | undefined
  try {
    trainMs = time(() => opt.minimize(() => fwd().square().mean() as tf.Scalar, true) as tf.Scalar, reps, mode === 'cpu' ? 0 : 1)
  } catch (e) {
    note = String(e).split('\n')[0]
  }
  const k = 256 / batch
  const row: Row = { mode, case: 'conv 3×64ch 3×3 on 24×32', batch: 256, forwardMs: forwardMs * k, trainMs: trainMs === null ? null : trainMs * k }
  if (k !== 1) row.note = `measured at batch ${batch}, scaled ×${k}`
  if (note) row.note = note
  return row
}

async function runMode(mode: Mode): Promise<Row[]> {
  await initTf({ prefer: mode === 'cpu' ? 'cpu' : 'wasm', kernels: mode === 'kernels', quiet: true })
  const a = mlp(mode)
  process.stderr.write(`  ${mode}: mlp done\n`)
  return [a, convTrunk(mode)]
}

const mode = arg('mode') as Mode | undefined
if (mode) {
  if (!MODES.includes(mode)) throw new Error(`--mode must be one of ${MODES.join(', ')}`)
  process.stdout.write(JSON.stringify(await runMode(mode)) + '\n')
} else {
  const rows: Row[] = []
  for (const m of MODES) {
    process.stderr.write(`running ${m}...\n`)
    const r = spawnSync(process.execPath, ['--import', 'tsx', process.argv[1] as string, '--mode', m], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    if (r.status !== 0) throw new Error(`mode ${m} failed (status ${r.status})`)
    const line = r.stdout.trim().split('\n').pop() as string
    rows.push(...(JSON.parse(line) as Row[]))
  }
  const f = (v: number | null): string => (v === null ? '—' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`)
  console.log('| backend | case | batch | forward | train step | note |')
  console.log('|---|---|---|---|---|---|')
  for (const r of rows) console.log(`| ${r.mode === 'kernels' ? 'wasm + tercio kernels' : r.mode === 'stock' ? 'wasm stock' : 'cpu'} | ${r.case} | ${r.batch} | ${f(r.forwardMs)} | ${f(r.trainMs)} | ${r.note ?? ''} |`)
  const out = arg('json')
  if (out) writeFileSync(out, JSON.stringify(rows, null, 2))
}
