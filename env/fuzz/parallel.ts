// Fuzzing across worker threads: the decisions are split into shards, shard w
// runs with seed shardSeed(seed, w) (shard 0 uses the run seed itself, so one
// worker is exactly the single-threaded run) and the reports are merged.
// A failure's recipe (game seed + actions) is valid whatever the sharding.
import { Worker } from 'node:worker_threads'
import type { Scenario } from '../scenario/types.ts'
import type { FuzzOptions, FuzzReport } from './fuzz.ts'
import type { ShardInit, ShardMessage } from './worker.ts'

const BOOT = new URL('./worker-boot.mjs', import.meta.url)

export const shardSeed = (seed: number, w: number): number => (w === 0 ? seed : (seed + Math.imul(w, 0x9e3779b1)) >>> 0)

export interface ParallelProgress {
  done: number
  games: number
  failures: number
}

export async function fuzzParallel(
  ruleset: string,
  scenario: Scenario,
  opts: Omit<FuzzOptions, 'onProgress'>,
  workers: number,
  onProgress?: (p: ParallelProgress) => void,
): Promise<FuzzReport> {
  const n = Math.max(1, Math.min(workers, opts.decisions || 1))
  const t0 = performance.now()
  const progress = Array.from({ length: n }, () => ({ done: 0, games: 0, failures: 0 }))
  const shards = Array.from({ length: n }, (_, w) => {
    const decisions = Math.floor((opts.decisions * (w + 1)) / n) - Math.floor((opts.decisions * w) / n)
    const init: ShardInit = { ruleset, scenario, opts: { ...opts, decisions, seed: shardSeed(opts.seed, w) } }
    return new Promise<FuzzReport>((resolve, reject) => {
      const worker = new Worker(BOOT, { workerData: init })
      let settled = false
      worker.on('message', (m: ShardMessage) => {
        if (m.type === 'progress') {
          progress[w] = { done: m.done, games: m.games, failures: m.failures }
          onProgress?.(progress.reduce((a, p) => ({ done: a.done + p.done, games: a.games + p.games, failures: a.failures + p.failures }), { done: 0, games: 0, failures: 0 }))
        } else if (m.type === 'done') {
          settled = true
          resolve(m.report)
          void worker.terminate()
        } else {
          settled = true
          reject(new Error(`fuzz worker ${w}: ${m.message}`))
          void worker.terminate()
        }
      })
      worker.on('error', (e) => {
        if (!settled) reject(new Error(`fuzz worker ${w} crashed: ${e.message}`))
        settled = true
      })
      worker.on('exit', (code) => {
        if (!settled) reject(new Error(`fuzz worker ${w} exited with code ${code} before reporting`))
        settled = true
      })
    })
  })
  const reports = await Promise.all(shards)
  const merged = mergeReports(reports, opts.seed, opts.maxFailures ?? 10)
  merged.seconds = (performance.now() - t0) / 1000
  merged.decisionsPerSecond = merged.seconds > 0 ? Math.round(merged.decisions / merged.seconds) : 0
  return merged
}

/** Sums shard reports; failures keep their game seeds, so each stays reproducible. */
export function mergeReports(reports: readonly FuzzReport[], seed: number, maxFailures: number): FuzzReport {
  const first = reports[0]
  if (!first) throw new Error('mergeReports: no reports')
  const out: FuzzReport = { ...structuredClone(first), seed, shards: reports.map((r) => ({ seed: r.seed, decisions: r.decisions })) }
  let lengthSum = first.meanGameLength * first.gamesFinished
  for (const r of reports.slice(1)) {
    out.decisions += r.decisions
    out.games += r.games
    out.gamesFinished += r.gamesFinished
    out.wins[0] += r.wins[0]
    out.wins[1] += r.wins[1]
    out.draws += r.draws
    out.maxGameLength = Math.max(out.maxGameLength, r.maxGameLength)
    lengthSum += r.meanGameLength * r.gamesFinished
    for (const k of Object.keys(out.checks) as (keyof FuzzReport['checks'])[]) out.checks[k] += r.checks[k]
    out.failureCount += r.failureCount
    for (const [k, v] of Object.entries(r.failuresByCheck)) {
      const key = k as keyof FuzzReport['failuresByCheck']
      out.failuresByCheck[key] = (out.failuresByCheck[key] ?? 0) + (v ?? 0)
    }
    for (const f of r.failures) if (out.failures.length < maxFailures) out.failures.push(f)
  }
  out.meanGameLength = out.gamesFinished > 0 ? Math.round(lengthSum / out.gamesFinished) : 0
  return out
}
