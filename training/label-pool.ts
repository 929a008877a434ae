// A pool of worker threads that label positions with a teacher agent (any agent spec:
// the heuristic, a search agent, ...). Imitation of an expensive teacher such as a
// rollout search is bound by the teacher, not by the network's training step, so the
// labels are computed on every core. Each position is labelled by a fresh reset of the
// teacher with a seed derived from (round, row), so the labels do not depend on the
// number of workers or on which worker gets which position.
import { Worker } from 'node:worker_threads'
import type { BaseState } from '../env/core/types.ts'
import type { EngineSource } from '../env/gym/source.ts'

export interface LabelWorkerInit {
  source: EngineSource
  /** Agent spec of the teacher (agents/registry.ts). */
  teacher: string
}

/** `width` > 0 asks for the teacher's scored candidates too (a ScoredAgent, agents/search.ts). */
export type ToLabelWorker = { type: 'label'; states: BaseState[]; seeds: number[]; width: number }
export type FromLabelWorker =
  | { type: 'ready' }
  | { type: 'labels'; actions: Int32Array; cand?: Int32Array; score?: Float32Array }
  | { type: 'error'; message: string }

/** The teacher's scored candidates of `rows` positions, `width` slots a row: row i's are
 *  cand[i·width ..] (−1 after the last) with their scores (agents/search.ts ScoredAgent). */
export interface ScoreRows {
  readonly width: number
  readonly cand: Int32Array
  readonly score: Float32Array
}

export const allocScoreRows = (rows: number, width: number): ScoreRows => ({ width, cand: new Int32Array(rows * width).fill(-1), score: new Float32Array(rows * width) })

/** Copies a teacher's last scores into row `row` of `dst` (through the scratch arrays, so
 *  nothing is allocated per position). */
export function writeScoreRow(dst: ScoreRows, row: number, n: number, cand: Int32Array, score: Float64Array): void {
  const o = row * dst.width
  for (let k = 0; k < dst.width; k++) {
    dst.cand[o + k] = k < n ? (cand[k] as number) : -1
    dst.score[o + k] = k < n ? (score[k] as number) : 0
  }
}

const BOOT = new URL('./label-worker-boot.mjs', import.meta.url)

/** Seed of the teacher for row `row` of labelling round `round`. */
export const labelSeed = (base: number, round: number, row: number): number => (Math.imul(base ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(round, 0x27d4eb2f) + row) >>> 0

export class LabelPool {
  private closed = false

  private constructor(
    private readonly workers: Worker[],
    readonly teacher: string,
  ) {}

  static async create(source: EngineSource, teacher: string, workers: number): Promise<LabelPool> {
    if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`label workers must be a positive integer, got ${workers}`)
    const pool: Worker[] = []
    const ready: Promise<void>[] = []
    for (let w = 0; w < workers; w++) {
      const init: LabelWorkerInit = { source, teacher }
      const wk = new Worker(BOOT, { workerData: init })
      pool.push(wk)
      ready.push(
        new Promise((resolve, reject) => {
          wk.once('message', (m: FromLabelWorker) => (m.type === 'ready' ? resolve() : reject(new Error(`label worker ${w}: ${m.type === 'error' ? m.message : m.type}`))))
          wk.once('error', (e) => reject(new Error(`label worker ${w} crashed: ${e.message}`)))
        }),
      )
    }
    try {
      await Promise.all(ready)
    } catch (e) {
      await Promise.all(pool.map((wk) => wk.terminate()))
      throw e
    }
    return new LabelPool(pool, teacher)
  }

  /** Labels states[i] (each at a decision) into out[i], the teacher seeded with seeds[i];
   *  with `scores`, also the teacher's scored candidates (soft labels; the teacher must be a
   *  ScoredAgent, e.g. a search, or the batch fails with an error naming it). */
  async label(states: readonly BaseState[], seeds: ArrayLike<number>, out: Int32Array, scores?: ScoreRows): Promise<void> {
    if (this.closed) throw new Error('LabelPool is closed')
    const n = states.length
    const parts = this.workers.map((wk, w) => {
      const lo = Math.floor((w * n) / this.workers.length)
      const hi = Math.floor(((w + 1) * n) / this.workers.length)
      if (hi === lo) return Promise.resolve()
      return new Promise<void>((resolve, reject) => {
        const onError = (e: Error) => reject(new Error(`label worker ${w} crashed: ${e.message}`))
        wk.once('error', onError)
        wk.once('message', (m: FromLabelWorker) => {
          wk.off('error', onError)
          if (m.type === 'labels') {
            out.set(m.actions, lo)
            if (scores) {
              if (!m.cand || !m.score) return reject(new Error(`label worker ${w}: no scores in the answer`))
              scores.cand.set(m.cand, lo * scores.width)
              scores.score.set(m.score, lo * scores.width)
            }
            resolve()
          } else reject(new Error(`label worker ${w}: ${m.type === 'error' ? m.message : `unexpected ${m.type}`}`))
        })
        const msg: ToLabelWorker = { type: 'label', states: states.slice(lo, hi) as BaseState[], seeds: Array.from({ length: hi - lo }, (_, k) => seeds[lo + k] as number), width: scores?.width ?? 0 }
        wk.postMessage(msg)
      })
    })
    await Promise.all(parts)
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await Promise.all(this.workers.map((wk) => wk.terminate()))
  }
}
