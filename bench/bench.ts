// Throughput benchmark of one engine recipe: engine-only random play, the env
// with full observations, VecEnv, and WorkerVecEnv. Timed loops, no assertions
// (benchmarks never run as tests). Driven by `tercio bench` (cli/commands/gym.ts).

import os from 'node:os'
import type { Engine } from '../env/core/types.ts'
import { TercioEnv } from '../env/gym/env.ts'
import { makeRng } from '../env/gym/hash.ts'
import { engineFrom, type EngineSource } from '../env/gym/source.ts'
import { VecEnv, type VectorEnv } from '../env/gym/vec.ts'
import { WorkerVecEnv } from '../env/gym/worker-vec.ts'

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
  /** WorkerVecEnv with mainThread: the calling thread plus workers - 1 worker threads. */
  mainPlusWorkersStepsPerSec: number | null
  mainPlusWorkersSpeedup: number | null
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

/** Runs `body` (which does a chunk of work and returns its count) for `seconds`, after a short warm-up. */
function timed(seconds: number, body: () => number, tick?: (elapsed: number) => void): { count: number; secs: number } {
  const warm = performance.now() + Math.min(300, seconds * 200)
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

function benchVec(v: VectorEnv, seconds: number, seed: number, tick: (t: number) => void): number {
  const rng = makeRng(seed)
  const m = v.spec.mask.shape[0]
  const acts = new Int32Array(v.num)
  let res = v.reset({ seed })
  const r = timed(
    seconds,
    () => {
      for (let i = 0; i < v.num; i++) acts[i] = pickFrom(res.obs.mask, i * m, m, res.info.legalCount[i] as number, rng())
      res = v.step(acts)
      return v.num
    },
    tick,
  )
  return r.count / r.secs
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
  const phases = o.noWorkers ? 3 : workers >= 2 ? 5 : 4
  let phase = 0
  const tick = (name: string) => (t: number) => o.onPhase?.(name, Math.min(seconds, t) + phase * seconds, phases * seconds)
  const en = benchEngine(e, seconds, seed, tick('engine'))
  phase++
  const ev = benchEnv(e, seconds, seed, maxDecisions, tick('env'))
  phase++
  const vec = benchVec(new VecEnv(e, { num, maxDecisions }), seconds, seed, tick('vec'))
  phase++
  let wk: number | null = null
  if (!o.noWorkers) {
    const w = await WorkerVecEnv.create(source, { num, workers, maxDecisions })
    if (!w.ok) throw new Error(`${w.error.code}: ${w.error.message}`)
    try {
      wk = benchVec(w.value, seconds, seed, tick('workers'))
    } finally {
      await w.value.close()
    }
    phase++
  }
  let mw: number | null = null
  if (!o.noWorkers && workers >= 2) {
    const w = await WorkerVecEnv.create(source, { num, workers: workers - 1, mainThread: true, maxDecisions })
    if (!w.ok) throw new Error(`${w.error.code}: ${w.error.message}`)
    try {
      mw = benchVec(w.value, seconds, seed, tick('main+workers'))
    } finally {
      await w.value.close()
    }
  }
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
    workerSpeedup: wk === null ? null : wk / vec,
    mainPlusWorkersStepsPerSec: mw,
    mainPlusWorkersSpeedup: mw === null ? null : mw / vec,
  }
}
