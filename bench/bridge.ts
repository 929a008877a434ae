// Bridge throughput: env steps/s seen by the Python vector client over loopback
// against the same envs (same scenario, count and seeds, uniformly random legal
// actions) stepped in-process by VecEnv, side by side in one run. Rounds
// alternate in-process / bridge so that a change in machine load hits both.
//
//   npx tsx bench/bridge.ts [--scenario piwam-training] [--envs 64] [--batches 3000] [--rounds 3]
//                           [--obs delta|sparse|dense] [--no-copy] [--pipeline K] [--async [--sets K]] [--json FILE]
//
// --obs: how observations travel (delta_observations, default; whole arrays with sparse or
// dense planes). --no-copy: the client returns read-only views its next step overwrites
// (copy=False), as the in-process VecEnv returns its reused buffers.
// --async: the client is TercioAsyncVecEnv with K sets (--sets, default 3) of --envs envs each
// (K x --envs envs in all, every message still --envs envs): it recv()s one set's batch, chooses
// its actions and send()s them while the server steps another set. It is compared with
// VecEnv(K x --envs), the same envs and seeds, stepped in-process for the same number of env
// steps; VecEnv(--envs) is measured too and shown beside it.
//
// Needs the project's Python venv .venv/ (npm run setup); TERCIO_PYTHON names another interpreter.

import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startServer } from '../bridge/server.ts'
import { bindEngine } from '../env/gym/make.ts'
import { VecEnv } from '../env/gym/vec.ts'
import { makeRng } from '../env/gym/hash.ts'
import { formatTable } from '../cli/table.ts'
import { ContentionMeter, machine, pickLegal } from './bench.ts'

/** The shortest warm-up round, in batches of --envs envs a connection. */
const WARMUP_BATCHES = 3000

const PY = process.env.TERCIO_PYTHON ?? fileURLToPath(new URL('../.venv/bin/python', import.meta.url))
const CLIENT_DIR = fileURLToPath(new URL('../clients/python/', import.meta.url))

interface Round {
  round: number
  seed: number
  /** VecEnv with as many envs as the client holds in all (--envs, or K x --envs with --async). */
  inProcessStepsPerSec: number
  /** --async only: VecEnv(--envs), one message's worth. */
  inProcessBatchStepsPerSec?: number
  bridgeStepsPerSec: number
  bridgeMsPerBatch: number
  kbPerBatch: number
  /** The Python client's own CPU time per batch (its process time over the run). */
  clientCpuMsPerBatch: number
  /** This process's (the server's) CPU time per batch while the client ran, its start-up included. */
  serverCpuMsPerBatch: number
  /** The hypervisor's steal while each side ran (share of all CPU time; null without /proc/stat). */
  stealInProcess: number | null
  stealBridge: number | null
  /** CPU that other processes used while the in-process side ran, in cores (null without /proc/stat). */
  othersInProcess: number | null
  ratio: number
}

/** In-process: VecEnv with the same seeds, uniformly random legal actions (seeded mulberry32). */
function inProcess(envs: VecEnv, batches: number, warmup: number, seed: number): number {
  const n = envs.num
  const size = envs.spec.mask.shape[0]
  const actions = new Int32Array(n)
  const rand = makeRng(seed)
  let r = envs.reset({ seed })
  // A good generator matters: an LCG's low bits cycle and skew random play (and its speed).
  const pick = () => {
    for (let i = 0; i < n; i++) actions[i] = pickLegal(r.obs.mask, i * size, size, rand())
  }
  for (let t = 0; t < warmup; t++) {
    pick()
    r = envs.step(actions)
  }
  const t0 = performance.now()
  for (let t = 0; t < batches; t++) {
    pick()
    r = envs.step(actions)
  }
  return (n * batches) / ((performance.now() - t0) / 1000)
}

function python(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(PY, args, { cwd: CLIENT_DIR })
    let out = ''
    let err = ''
    p.stdout.on('data', (d) => (out += d))
    p.stderr.on('data', (d) => (err += d))
    p.on('error', reject)
    p.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${PY} ${args.join(' ')} exited ${code}: ${err}`))))
  })
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scenario: { type: 'string', default: 'piwam-training' },
      envs: { type: 'string', default: '64' },
      // 3000: ~1 s a side a round. With 300 (~0.2 s) the rounds of one run ranged 26–69% on a quiet machine.
      batches: { type: 'string', default: '3000' },
      warmup: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      seed: { type: 'string', default: '1' },
      json: { type: 'string' },
      obs: { type: 'string', default: 'delta' },
      'no-copy': { type: 'boolean', default: false },
      pipeline: { type: 'string', default: '1' },
      async: { type: 'boolean', default: false },
      // Three measured best here: a Step is always queued while the client handles a batch (docs/bridge.md).
      sets: { type: 'string', default: '3' },
    },
  })
  const scenario = values.scenario as string
  const num = Number(values.envs)
  const batches = Number(values.batches)
  const warmup = Number(values.warmup)
  const rounds = Number(values.rounds)
  const seed0 = Number(values.seed)
  const obs = values.obs as string
  if (!['delta', 'sparse', 'dense'].includes(obs)) throw new Error(`--obs must be delta, sparse or dense, got ${obs}`)
  const obsArgs = obs === 'delta' ? [] : obs === 'sparse' ? ['--no-delta'] : ['--no-delta', '--dense']
  const copy = !values['no-copy']
  const isAsync = values.async === true
  const sets = isAsync ? Number(values.sets) : 1
  if (!Number.isInteger(sets) || sets < 2 && isAsync) throw new Error(`--sets must be an integer >= 2, got ${values.sets}`)
  if (isAsync && values.pipeline !== '1') throw new Error('--async and --pipeline are two different clients: pass one')
  const total = num * sets
  if (batches % sets !== 0) throw new Error(`--batches (${batches}) must be a multiple of --sets (${sets}): in-process VecEnv(${total}) steps batches / sets batches`)
  const engine = bindEngine(undefined, scenario)
  if (!engine.ok) throw new Error(`${engine.error.code}: ${engine.error.message}`)
  const loadAtStart = loadavg()
  const server = await startServer({ port: 0 })
  const results: Round[] = []
  const mode = isAsync ? `async: ${sets} sets of ${num} envs (${total} envs), compared with in-process VecEnv(${total})` : `pipeline ${values.pipeline}`
  console.error(`bench/bridge: ${scenario}, ${num} envs per batch, ${batches} batches per phase, ${rounds} rounds, observations ${obs}, copy ${copy}, ${mode}, server ${server.url}, load average ${loadAtStart.map((x) => x.toFixed(1)).join(' ')}`)
  try {
    // Round 0 warms V8 up (in-process and server share the engine code in this process) and is not counted.
    // A fresh server reaches its steady state only after some thousands of batches (its first 2,000 ran at
    // about half its later speed, its second connection often slower than the later ones), so the warm-up
    // round is at least WARMUP_BATCHES long whatever --batches, and its client connects twice.
    for (let k = -1; k < rounds; k++) {
      const seed = seed0 + 1000 * Math.max(k, 0)
      const n = k < 0 ? Math.max(batches, Math.ceil(WARMUP_BATCHES / sets) * sets) : batches
      // The same number of env steps on both sides: batches x num.
      const meter = new ContentionMeter()
      meter.start()
      const local = inProcess(new VecEnv(engine.value, { num: total }), n / sets, warmup, seed)
      const localBatch = isAsync ? inProcess(new VecEnv(engine.value, { num }), n, warmup, seed) : undefined
      const c = meter.stop()
      const stealInProcess = c?.steal ?? null
      const othersInProcess = c?.others ?? null
      const clientArgs = isAsync ? ['--num-envs', String(total), '--batch-size', String(num)] : ['--num-envs', String(num), '--pipeline', String(values.pipeline)]
      const client = () => python(['-m', 'tercio_client.bench', '--url', server.url, '--scenario', scenario, ...clientArgs, '--batches', String(n), '--warmup', String(warmup), '--seed', String(seed), '--json', ...obsArgs, ...(copy ? [] : ['--no-copy'])])
      if (k < 0) await client()
      meter.start()
      const cpu0 = process.cpuUsage()
      const out = await client()
      const stealBridge = meter.stop()?.steal ?? null
      const cpu = process.cpuUsage(cpu0)
      // The client's batches of `num` envs, warm-up included (the server stepped those too).
      const served = n + warmup * sets
      const py = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { steps_per_s: number; ms_per_batch: number; cpu_ms_per_batch: number; kb_per_batch: number }
      const row: Round = {
        round: k + 1, seed, inProcessStepsPerSec: local, ...(localBatch === undefined ? {} : { inProcessBatchStepsPerSec: localBatch }),
        bridgeStepsPerSec: py.steps_per_s, bridgeMsPerBatch: py.ms_per_batch, kbPerBatch: py.kb_per_batch, clientCpuMsPerBatch: py.cpu_ms_per_batch,
        serverCpuMsPerBatch: (cpu.user + cpu.system) / 1000 / served,
        stealInProcess, stealBridge, othersInProcess, ratio: py.steps_per_s / local,
      }
      if (k >= 0) results.push(row)
      const extra = localBatch === undefined ? '' : ` (VecEnv(${num}) ${localBatch.toFixed(0)})`
      const st = stealBridge === null ? '' : `, others ${(othersInProcess ?? 0).toFixed(2)} cores, steal ${(100 * (stealInProcess ?? 0)).toFixed(0)}% / ${(100 * stealBridge).toFixed(0)}%`
      console.error(`  ${k < 0 ? 'warm-up' : `round ${k + 1}`}: in-process ${local.toFixed(0)} steps/s${extra}, bridge ${py.steps_per_s.toFixed(0)} steps/s (${(100 * row.ratio).toFixed(0)}%)${st}`)
    }
  } finally {
    await server.close()
  }
  const sum = (f: (r: Round) => number) => results.reduce((a, r) => a + f(r), 0)
  // Totals weight every round by its steps: harmonic means of the rates.
  const steps = num * batches
  const local = (steps * results.length) / sum((r) => steps / r.inProcessStepsPerSec)
  const localBatch = isAsync ? (steps * results.length) / sum((r) => steps / (r.inProcessBatchStepsPerSec ?? 1)) : undefined
  const bridge = (steps * results.length) / sum((r) => steps / r.bridgeStepsPerSec)
  const fmt = (x: number) => x.toFixed(0)
  const pct = (x: number) => `${(100 * x).toFixed(0)}%`
  const steal = (x: number | null) => (x === null ? 'n/a' : pct(x))
  // ms per batch of `num` envs (a message's worth), whatever the in-process VecEnv's size.
  const ms = (stepsPerSec: number) => ((1000 * num) / stepsPerSec).toFixed(2)
  const vecName = `VecEnv(${total})`
  console.log(
    formatTable(
      [
        'round', 'seed', `in-process ${vecName} steps/s`,
        ...(isAsync ? [`in-process VecEnv(${num}) steps/s`] : []),
        'bridge steps/s', `in-process ms per ${num} steps`, `bridge ms/batch${isAsync ? ' (in recv+send)' : ''}`, 'client / server CPU ms/batch', 'KB/batch', 'others (in-process)', 'steal (in-process / bridge)', 'bridge / in-process',
        ...(isAsync ? [`bridge / VecEnv(${num})`] : []),
      ],
      [
        ...results.map((r) => [
          String(r.round), String(r.seed), fmt(r.inProcessStepsPerSec),
          ...(isAsync ? [fmt(r.inProcessBatchStepsPerSec ?? 0)] : []),
          fmt(r.bridgeStepsPerSec), ms(r.inProcessStepsPerSec), r.bridgeMsPerBatch.toFixed(2), `${r.clientCpuMsPerBatch.toFixed(2)} / ${r.serverCpuMsPerBatch.toFixed(2)}`, r.kbPerBatch.toFixed(1),
          r.othersInProcess === null ? 'n/a' : r.othersInProcess.toFixed(2), `${steal(r.stealInProcess)} / ${steal(r.stealBridge)}`, pct(r.ratio),
          ...(isAsync ? [pct(r.bridgeStepsPerSec / (r.inProcessBatchStepsPerSec ?? 1))] : []),
        ]),
        ['all', '', fmt(local), ...(localBatch === undefined ? [] : [fmt(localBatch)]), fmt(bridge), '', '', '', '', '', '', pct(bridge / local), ...(localBatch === undefined ? [] : [pct(bridge / localBatch)])],
      ],
    ),
  )
  const m = machine()
  const client = isAsync ? `the async client (${sets} sets of ${num}) against in-process ${vecName}` : `the sync client against in-process ${vecName}`
  console.log(`target: bridge >= 50% of in-process with ${num} envs per batch, ${client}: ${bridge >= 0.5 * local ? 'met' : 'NOT met'}; load average ${loadAtStart.map((x) => x.toFixed(1)).join(' ')} at the start, ${m.load.map((x) => x.toFixed(1)).join(' ')} at the end, on ${m.cores} cores`)
  if (values.json) {
    writeFileSync(values.json, JSON.stringify({ format: 'tercio-bench-bridge/4', scenario, envs: num, mode: isAsync ? 'async' : 'sync', sets, inProcessEnvs: total, observations: obs, copy, pipeline: Number(values.pipeline), batches, warmup, rounds: results, inProcessStepsPerSec: local, ...(localBatch === undefined ? {} : { inProcessBatchStepsPerSec: localBatch }), bridgeStepsPerSec: bridge, ratio: bridge / local, loadAtStart, machine: m }, null, 2) + '\n')
  }
}

await main()
