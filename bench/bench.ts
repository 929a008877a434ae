// Throughput benchmark of one engine recipe: engine-only random play, the env
// with full observations, VecEnv, and WorkerVecEnv. Timed loops, no assertions
// (benchmarks never run as tests). Driven by `tercio bench` (cli/commands/gym.ts).
//
// The vector envs are measured interleaved, in short rounds (VecEnv, then each
// WorkerVecEnv configuration), and a speedup is the median of the per-round
// ratios: on a shared or virtualised machine the speed of a core drifts by tens
// of percent within seconds, which would swamp back-to-back measurements.
// threadScaling measures what the machine gives two threads that never
// synchronise (two independent VecEnvs): the ceiling for any worker vector env.

import { readFileSync } from 'node:fs'
import os from 'node:os'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import type { Engine } from '../env/core/types.ts'
import { TercioEnv } from '../env/gym/env.ts'
import { makeRng } from '../env/gym/hash.ts'
import { engineFrom, type EngineSource } from '../env/gym/source.ts'
import { VecEnv, type VecResetResult, type VecStepResult, type VectorEnv } from '../env/gym/vec.ts'
import { WorkerVecEnv, type WorkerVecEnvOptions } from '../env/gym/worker-vec.ts'

export interface BenchOptions {
  /** Seconds per measurement (default 2). */
  seconds?: number
  /** Envs per vector env (default 32). */
  num?: number
  workers?: number
  seed?: number
  maxDecisions?: number
  /** Skip the worker measurement (e.g. a recipe workers cannot load). */
  noWorkers?: boolean
  onPhase?: (phase: string, done: number, total: number) => void
}

export interface BenchResult {
  ruleset: string
  scenario: string
  hexes: number
  actions: number
  obsFloats: number
  /** Engine only: init/legal/apply with a random legal action. */
  engineDecisionsPerSec: number
  engineGamesPerSec: number
  meanGameDecisions: number
  /** TercioEnv.step with full observations (skipForced on): agent steps and all decisions. */
  envStepsPerSec: number
  envDecisionsPerSec: number
  vecNum: number
  vecStepsPerSec: number
  workers: number
  workerStepsPerSec: number | null
  /** workerStepsPerSec / vecStepsPerSec. */
  workerSpeedup: number | null
  /** WorkerVecEnv with mainThread (the default configuration): the calling thread plus workers - 1 worker threads. */
  mainPlusWorkersStepsPerSec: number | null
  mainPlusWorkersSpeedup: number | null
  /** The same WorkerVecEnv stepped by groups (send/recv, EnvPool-style: no barrier between threads). */
  groupsStepsPerSec: number | null
  groupsSpeedup: number | null
  /** Two threads each stepping a VecEnv(num / 2) with no synchronisation, over one thread doing the same (median of rounds). */
  threadScaling: number | null
  /** While the vector envs were measured: CPU used by other processes (in cores, averaged) and the share of
   *  CPU time the hypervisor stole; null where /proc/stat is not readable. A run with others > ~0.05 or
   *  steal > ~0.03 measured a shared machine, not Tercio. */
  contention: Contention | null
}

export interface Contention {
  others: number
  steal: number
}

/** Machine-wide CPU ticks from /proc/stat (Linux): [busy, steal, total], or null. */
function cpuTicks(): [number, number, number] | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]?.trim().split(/\s+/).slice(1).map(Number) ?? []
    // user nice system idle iowait irq softirq steal
    const [user = 0, nice = 0, sys = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = f
    return [user + nice + sys + irq + softirq, steal, user + nice + sys + idle + iowait + irq + softirq + steal]
  } catch {
    return null
  }
}

/** Where a ContentionMeter reads the machine's ticks, this process's CPU time (µs) and the clock (ms). */
export interface ContentionSources {
  ticks: () => [number, number, number] | null
  cpu: () => number
  now: () => number
}
const systemSources: ContentionSources = {
  ticks: cpuTicks,
  cpu: () => {
    const c = process.cpuUsage()
    return c.user + c.system
  },
  now: () => performance.now(),
}

/** Measures, from start() to stop(), how much CPU the rest of the machine used (our process, all threads, aside). */
export class ContentionMeter {
  private t0 = 0
  private ticks: [number, number, number] | null = null
  private cpu = 0

  constructor(private readonly src: ContentionSources = systemSources) {}

  start(): void {
    this.ticks = this.src.ticks()
    this.cpu = this.src.cpu()
    this.t0 = this.src.now()
  }

  stop(): Contention | null {
    const wall = (this.src.now() - this.t0) / 1000
    const a = this.ticks
    const b = this.src.ticks()
    if (!a || !b || !(wall > 0)) return null
    // USER_HZ is 100 on Linux: one tick is 10 ms.
    const busy = (b[0] - a[0]) / 100
    const ours = (this.src.cpu() - this.cpu) / 1e6
    const total = b[2] - a[2]
    return { others: Math.max(0, (busy - ours) / wall), steal: total > 0 ? (b[1] - a[1]) / total : 0 }
  }
}

export interface Machine {
  cpu: string
  cores: number
  node: string
  platform: string
  date: string
  /** 1/5/15-minute load averages when the run ended: figures from a busy machine are not comparable. */
  load: number[]
}

export function machine(): Machine {
  const cpus = os.cpus()
  return { cpu: cpus[0]?.model ?? 'unknown', cores: cpus.length, node: process.version, platform: `${os.platform()} ${os.arch()}`, date: new Date().toISOString(), load: os.loadavg() }
}

/** Runs `body` (which does a chunk of work and returns its count) for `seconds`, after a short warm-up (unless warmUp is false). */
function timed(seconds: number, body: () => number, tick?: (elapsed: number) => void, warmUp = true): { count: number; secs: number } {
  const warm = performance.now() + (warmUp ? Math.min(300, seconds * 200) : 0)
  while (performance.now() < warm) body()
  const t0 = performance.now()
  const end = t0 + seconds * 1000
  let count = 0
  let now = t0
  while (now < end) {
    count += body()
    now = performance.now()
    tick?.((now - t0) / 1000)
  }
  return { count, secs: (now - t0) / 1000 }
}

function pickFrom(mask: Uint8Array, lo: number, len: number, n: number, r: number): number {
  let k = Math.floor(r * n)
  for (let i = 0; i < len; i++) if (mask[lo + i] && k-- === 0) return i
  return -1
}

/** pickFrom for a row whose legal count is not at hand: counts the row's legal actions first. */
export function pickLegal(mask: Uint8Array, lo: number, len: number, r: number): number {
  let n = 0
  for (let i = 0; i < len; i++) n += mask[lo + i] as number
  return pickFrom(mask, lo, len, n, r)
}

function benchEngine(e: Engine, seconds: number, seed: number, tick: (t: number) => void) {
  const rng = makeRng(seed)
  const mask = new Uint8Array(e.layout.size)
  let s = e.init(seed)
  let games = 0
  let finished = 0
  let decisions = 0
  let gameStart = 0
  const r = timed(
    seconds,
    () => {
      for (let i = 0; i < 256; i++) {
        if (!e.decision(s)) {
          games++
          finished += decisions - gameStart
          gameStart = decisions
          s = e.init((seed + games) >>> 0)
        }
        const n = e.legal(s, mask)
        const a = pickFrom(mask, 0, mask.length, n, rng())
        e.apply(s, a)
        decisions++
      }
      return 256
    },
    tick,
  )
  return { perSec: r.count / r.secs, gamesPerSec: games / r.secs, mean: games > 0 ? finished / games : NaN }
}

function benchEnv(e: Engine, seconds: number, seed: number, maxDecisions: number, tick: (t: number) => void) {
  const env = new TercioEnv(e, { maxDecisions, skipForced: true })
  const rng = makeRng(seed)
  env.reset({ seed })
  let decisions = 0
  const r = timed(
    seconds,
    () => {
      for (let i = 0; i < 128; i++) {
        const res = env.step(pickFrom(env.obs.mask, 0, env.obs.mask.length, env.lastInfo.legalCount, rng()))
        if (res.terminated || res.truncated) {
          decisions += res.info.decisions
          env.reset()
        }
      }
      return 128
    },
    tick,
  )
  return { perSec: r.count / r.secs, decisionsPerSec: (decisions + env.lastInfo.decisions) / r.secs }
}

/** A vector env driven by uniformly random legal actions, in chunks. */
class VecDriver {
  private readonly rng: () => number
  private readonly acts: Int32Array
  private res: VecStepResult | VecResetResult
  steps = 0
  secs = 0

  constructor(
    readonly v: VectorEnv,
    seed: number,
  ) {
    this.rng = makeRng(seed)
    this.acts = new Int32Array(v.num)
    this.res = v.reset({ seed })
  }

  /** One batch step; returns the env steps done. */
  batch(): number {
    const v = this.v
    const m = v.spec.mask.shape[0]
    for (let i = 0; i < v.num; i++) this.acts[i] = pickFrom(this.res.obs.mask, i * m, m, this.res.info.legalCount[i] as number, this.rng())
    this.res = v.step(this.acts)
    return v.num
  }

  /** Steps for `seconds`; returns env steps/s of this chunk (counted in the totals unless `count` is false). */
  run(seconds: number, count = true): number {
    const r = timed(seconds, () => this.batch(), undefined, false)
    if (count) {
      this.steps += r.count
      this.secs += r.secs
    }
    return r.count / r.secs
  }
}

/** A WorkerVecEnv stepped group by group (send/recv) with uniformly random legal actions: each recv'd
 *  group gets new actions and is sent again at once. Between runs every group is drained, so nothing
 *  steps while another configuration is being measured. */
class GroupDriver {
  private readonly rng: () => number
  private readonly acts: Int32Array[]
  private readonly inFlight: Uint8Array
  steps = 0
  secs = 0

  constructor(
    readonly v: WorkerVecEnv,
    seed: number,
  ) {
    this.rng = makeRng(seed)
    this.acts = v.groups.map((g) => new Int32Array(g.hi - g.lo))
    this.inFlight = new Uint8Array(v.groups.length)
    v.reset({ seed })
  }

  private send(g: number): void {
    const { lo, hi } = this.v.groups[g] as { lo: number; hi: number }
    const m = this.v.spec.mask.shape[0]
    const b = this.v.buffers
    const a = this.acts[g] as Int32Array
    for (let i = lo; i < hi; i++) a[i - lo] = pickFrom(b.obs.mask, i * m, m, b.legalCount[i] as number, this.rng())
    this.v.send(g, a)
    this.inFlight[g] = 1
  }

  /** One recv and re-send; returns the env steps received. */
  batch(): number {
    const g = this.v.recv()
    this.inFlight[g] = 0
    this.send(g)
    const grp = this.v.groups[g] as { lo: number; hi: number }
    return grp.hi - grp.lo
  }

  run(seconds: number, count = true): number {
    for (let g = 0; g < this.inFlight.length; g++) if (!this.inFlight[g]) this.send(g)
    const r = timed(seconds, () => this.batch(), undefined, false)
    for (let k = 0; k < this.inFlight.length; k++) this.inFlight[this.v.recv()] = 0
    if (count) {
      this.steps += r.count
      this.secs += r.secs
    }
    return r.count / r.secs
  }
}

export const median = (x: number[]): number => {
  const s = [...x].sort((a, b) => a - b)
  const h = s.length >> 1
  return s.length % 2 ? (s[h] as number) : ((s[h - 1] as number) + (s[h] as number)) / 2
}

/** Length of one interleaved round per configuration. */
const ROUND_SECONDS = 0.25

/** Interleaves the drivers in rounds until each has run `seconds`; per driver: steps/s overall and the
 *  median per-round ratio to the first driver. */
function interleaved(drivers: (VecDriver | GroupDriver)[], seconds: number, warm: number, tick: (t: number) => void): { perSec: number; ratio: number }[] {
  for (const d of drivers) d.run(warm, false)
  const rounds = Math.max(1, Math.round(seconds / ROUND_SECONDS))
  const ratios: number[][] = drivers.map(() => [])
  for (let k = 0; k < rounds; k++) {
    const rates = drivers.map((d) => d.run(seconds / rounds))
    rates.forEach((x, i) => ratios[i]?.push(x / (rates[0] as number)))
    tick(((k + 1) * seconds) / rounds)
  }
  return drivers.map((d, i) => ({ perSec: d.steps / d.secs, ratio: median(ratios[i] as number[]) }))
}

interface ScalingInit {
  tercioBenchScaling: true
  source: EngineSource
  num: number
  seed: number
  maxDecisions: number
  /** [go, round, steps, elapsed µs]: the worker steps while go = 1 and reports each round. */
  ctrl: Int32Array
}

const SCALING_BOOT = new URL('./bench-worker-boot.mjs', import.meta.url)

/** Worker side of threadScaling: a VecEnv of its own, stepped whenever the main thread says go. */
async function scalingWorker(w: ScalingInit): Promise<void> {
  const eng = await engineFrom(w.source)
  if (!eng.ok) throw new Error(`${eng.error.code}: ${eng.error.message}`)
  const d = new VecDriver(new VecEnv(eng.value, { num: w.num, maxDecisions: w.maxDecisions }), w.seed + 1)
  const c = w.ctrl
  parentPort?.postMessage('ready')
  for (let round = 1; ; round++) {
    Atomics.wait(c, 1, round - 1)
    if (Atomics.load(c, 1) < 0) return
    const t0 = performance.now()
    let steps = 0
    while (Atomics.load(c, 0) === 1) steps += d.batch()
    Atomics.store(c, 3, Math.round((performance.now() - t0) * 1000))
    Atomics.store(c, 2, steps)
    Atomics.store(c, 0, 2)
    Atomics.notify(c, 0)
  }
}

/** Median over rounds of (two independent threads' steps/s) / (one thread's), each thread a VecEnv(num / 2). */
async function threadScaling(source: EngineSource, e: Engine, num: number, seed: number, maxDecisions: number, seconds: number, warm: number, tick: (t: number) => void): Promise<number> {
  const half = Math.max(1, num >> 1)
  const ctrl = new Int32Array(new SharedArrayBuffer(16))
  const init: ScalingInit = { tercioBenchScaling: true, source, num: half, seed, maxDecisions, ctrl }
  const worker = new Worker(SCALING_BOOT, { workerData: init })
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve())
      worker.once('error', reject)
    })
    const d = new VecDriver(new VecEnv(e, { num: half, maxDecisions }), seed)
    const both = (secs: number): number => {
      Atomics.store(ctrl, 0, 1)
      Atomics.add(ctrl, 1, 1)
      Atomics.notify(ctrl, 1)
      const mine = d.run(secs, false)
      Atomics.store(ctrl, 0, 0)
      while (Atomics.load(ctrl, 0) !== 2) Atomics.wait(ctrl, 0, 0, 50)
      const theirs = Atomics.load(ctrl, 3) > 0 ? (Atomics.load(ctrl, 2) * 1e6) / Atomics.load(ctrl, 3) : 0
      return mine + theirs
    }
    d.run(warm, false)
    both(warm)
    const rounds = Math.max(1, Math.round(seconds / ROUND_SECONDS / 2))
    const ratios: number[] = []
    for (let k = 0; k < rounds; k++) {
      const one = d.run(seconds / rounds / 2, false)
      ratios.push(both(seconds / rounds / 2) / one)
      tick(((k + 1) * seconds) / rounds)
    }
    return median(ratios)
  } finally {
    Atomics.store(ctrl, 1, -1)
    Atomics.notify(ctrl, 1)
    await worker.terminate()
  }
}

export async function runBench(source: EngineSource, o: BenchOptions = {}): Promise<BenchResult> {
  const seconds = o.seconds ?? 2
  const num = o.num ?? 32
  const workers = o.workers ?? 2
  const seed = o.seed ?? 1
  const maxDecisions = o.maxDecisions ?? 10_000
  const eng = await engineFrom(source)
  if (!eng.ok) throw new Error(`${eng.error.code}: ${eng.error.message}`)
  const e = eng.value
  // Phases of `seconds` each: engine, env, one per vector env (interleaved), thread scaling.
  const phases = o.noWorkers ? 3 : workers >= 2 ? 7 : 6
  let phase = 0
  const tick =
    (name: string, span = 1) =>
    (t: number) =>
      o.onPhase?.(name, Math.min(seconds, t) * span + phase * seconds, phases * seconds)
  const en = benchEngine(e, seconds, seed, tick('engine'))
  phase++
  const ev = benchEnv(e, seconds, seed, maxDecisions, tick('env'))
  phase++
  // Worker threads take a second or two of stepping before their code is fully compiled.
  const warm = Math.min(1.5, seconds / 2)
  const drivers: (VecDriver | GroupDriver)[] = [new VecDriver(new VecEnv(e, { num, maxDecisions }), seed)]
  const opened: WorkerVecEnv[] = []
  let wk: number | null = null
  let wkRatio: number | null = null
  let mw: number | null = null
  let mwRatio: number | null = null
  let grp: number | null = null
  let grpRatio: number | null = null
  let scaling: number | null = null
  let vec = 0
  const meter = new ContentionMeter()
  meter.start()
  try {
    if (!o.noWorkers) {
      const configs: WorkerVecEnvOptions[] = [{ num, maxDecisions, workers, mainThread: false }]
      if (workers >= 2) configs.push({ num, maxDecisions, workers: workers - 1, mainThread: true })
      for (const cfg of configs) {
        const w = await WorkerVecEnv.create(source, cfg)
        if (!w.ok) throw new Error(`${w.error.code}: ${w.error.message}`)
        opened.push(w.value)
        drivers.push(new VecDriver(w.value, seed))
      }
      // The default configuration again, stepped by groups (a WorkerVecEnv of its own).
      const wg = await WorkerVecEnv.create(source, configs[configs.length - 1] as WorkerVecEnvOptions)
      if (!wg.ok) throw new Error(`${wg.error.code}: ${wg.error.message}`)
      opened.push(wg.value)
      drivers.push(new GroupDriver(wg.value, seed))
    }
    const r = interleaved(drivers, seconds, warm, tick(o.noWorkers ? 'vec' : 'vec+workers', drivers.length))
    phase += drivers.length
    if (r[1]) {
      wk = r[1].perSec
      wkRatio = r[1].ratio
    }
    if (r.length > 3 && r[2]) {
      mw = r[2].perSec
      mwRatio = r[2].ratio
    }
    const last = r[r.length - 1]
    if (!o.noWorkers && last) {
      grp = last.perSec
      grpRatio = last.ratio
    }
    vec = (r[0] as { perSec: number }).perSec
  } finally {
    await Promise.all(opened.map((w) => w.close()))
  }
  if (!o.noWorkers) scaling = await threadScaling(source, e, num, seed, maxDecisions, seconds, warm, tick('scaling'))
  const contention = meter.stop()
  const spec = new TercioEnv(e).spec
  return {
    ruleset: e.ruleset,
    scenario: e.scenario.id,
    hexes: e.grid.size,
    actions: e.layout.size,
    obsFloats: spec.planes.shape.reduce((a, b) => a * b, 1) + spec.entities.shape[0] * spec.entities.shape[1] + spec.globals.shape[0],
    engineDecisionsPerSec: en.perSec,
    engineGamesPerSec: en.gamesPerSec,
    meanGameDecisions: en.mean,
    envStepsPerSec: ev.perSec,
    envDecisionsPerSec: ev.decisionsPerSec,
    vecNum: num,
    vecStepsPerSec: vec,
    workers: o.noWorkers ? 0 : workers,
    workerStepsPerSec: wk,
    workerSpeedup: wkRatio,
    mainPlusWorkersStepsPerSec: mw,
    mainPlusWorkersSpeedup: mwRatio,
    groupsStepsPerSec: grp,
    groupsSpeedup: grpRatio,
    threadScaling: scaling,
    contention,
  }
}

if (!isMainThread && (workerData as Partial<ScalingInit> | null)?.tercioBenchScaling) await scalingWorker(workerData as ScalingInit)
