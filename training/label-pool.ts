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

export type ToLabelWorker = { type: 'label'; states: BaseState[]; seeds: number[] }
export type FromLabelWorker = { type: 'ready' } | { type: 'labels'; actions: Int32Array } | { type: 'error'; message: string }

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

  /** Labels states[i] (each at a decision) into out[i], the teacher seeded with seeds[i]. */
  async label(states: readonly BaseState[], seeds: ArrayLike<number>, out: Int32Array): Promise<void> {
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
            resolve()
          } else reject(new Error(`label worker ${w}: ${m.type === 'error' ? m.message : `unexpected ${m.type}`}`))
        })
        const msg: ToLabelWorker = { type: 'label', states: states.slice(lo, hi) as BaseState[], seeds: Array.from({ length: hi - lo }, (_, k) => seeds[lo + k] as number) }
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
