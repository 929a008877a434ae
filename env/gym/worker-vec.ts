// WorkerVecEnv: the VectorEnv API with envs spread over worker threads. The batch
// arrays live in SharedArrayBuffers that workers write in place; step() posts the
// command through Atomics and blocks until every worker is done, so it stays
// synchronous like VecEnv. Node-only (worker_threads).

import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads'
import type { Engine, Result } from '../core/types.ts'
import { err, fail, ok } from '../core/types.ts'
import { TercioEnv } from './env.ts'
import { engineFrom, type EngineSource } from './source.ts'
import { obsSizes, type EnvSpec } from './spec.ts'
import { VecCore, allocVecBuffers, resultsOf, type VecBuffers, type VecEnvOptions, type VecResetResult, type VecStepResult, type VectorEnv } from './vec.ts'
import { CMD_CLOSE, CMD_IDLE, CMD_RESET, CMD_STEP, CTRL_STRIDE, type WorkerInit } from './vec-protocol.ts'

export interface WorkerVecEnvOptions extends VecEnvOptions {
  /** Worker threads (default 2; with mainThread, shares = workers + 1, at most num). */
  workers?: number
  /** Also step a share of the envs on the calling thread while the workers run (default false).
   *  With workers = cores - 1 this keeps every core busy with one thread wake-up fewer per step. */
  mainThread?: boolean
  /** Busy-wait iterations before a thread sleeps waiting for the other side (default 0; e.g. 20000 is about
   *  tens of microseconds, which helps only on an idle machine: on a busy one spinning starves the other threads). */
  spin?: number
  /** A step or reset that takes longer than this is treated as a hung worker (default 60 s). */
  timeoutMs?: number
}

// Atomics.waitAsync is in Node >= 16 but only in TypeScript's es2024 lib.
type WaitAsync = (a: Int32Array, i: number, v: number, t: number) => { async: false; value: string } | { async: true; value: Promise<string> }
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync

/** Length of one wait for a worker; the hung-worker watchdog adds up the slices that time out. */
const WAIT_SLICE_MS = 250

const BOOT = new URL('./vec-worker-boot.mjs', import.meta.url)

export class WorkerVecEnv implements VectorEnv {
  readonly num: number
  readonly spec: EnvSpec
  readonly buffers: VecBuffers
  private readonly workers: Worker[]
  private readonly ports: MessagePort[]
  private readonly ctrl: Int32Array
  private readonly res: { step: VecStepResult; reset: VecResetResult }
  private readonly timeoutMs: number
  private readonly spin: number
  private readonly local: VecCore | null
  private localSeed: number | undefined = undefined
  private busy = false
  private closed = false

  private constructor(spec: EnvSpec, num: number, buffers: VecBuffers, workers: Worker[], ports: MessagePort[], ctrl: Int32Array, timeoutMs: number, spin: number, local: VecCore | null) {
    this.spin = spin
    this.local = local
    this.spec = spec
    this.num = num
    this.buffers = buffers
    this.workers = workers
    this.ports = ports
    this.ctrl = ctrl
    this.timeoutMs = timeoutMs
    this.res = resultsOf(buffers)
  }

  /** Starts the workers; each builds its own engine from `source` (a serialisable recipe). */
  static async create(source: EngineSource, o: WorkerVecEnvOptions): Promise<Result<WorkerVecEnv>> {
    if (!Number.isInteger(o.num) || o.num < 1) return fail(err('STATE_INVALID', `num must be a positive integer, got ${o.num}`))
    const eng = await engineFrom(source)
    if (!eng.ok) return eng
    const envOpts = { ...o }
    delete envOpts.workers
    delete envOpts.timeoutMs
    delete envOpts.spin
    delete envOpts.mainThread
    const spin = o.spin ?? 0
    const spec = new TercioEnv(eng.value as Engine, envOpts).spec
    const shares = Math.max(1, Math.min((o.workers ?? 2) + (o.mainThread ? 1 : 0), o.num))
    const nw = o.mainThread ? shares - 1 : shares
    const first = o.mainThread ? 1 : 0 // share 0 is the main thread's
    const buffers = allocVecBuffers(obsSizes(spec), o.num, true)
    const ctrl = new Int32Array(new SharedArrayBuffer(4 * CTRL_STRIDE * nw))
    const workers: Worker[] = []
    const ports: MessagePort[] = []
    const ready: Promise<string | null>[] = []
    for (let w = 0; w < nw; w++) {
      const lo = Math.floor(((w + first) * o.num) / shares)
      const hi = Math.floor(((w + first + 1) * o.num) / shares)
      const ch = new MessageChannel()
      const init: WorkerInit = { source, opts: envOpts, lo, hi, index: w, buffers, ctrl, port: ch.port2, spin }
      const worker = new Worker(BOOT, { workerData: init, transferList: [ch.port2] })
      workers.push(worker)
      ports.push(ch.port1)
      ready.push(
        new Promise((resolve) => {
          worker.once('message', (m: { type: string; message?: string; hash?: string }) =>
            resolve(m.type === 'ready' ? (m.hash === spec.hash ? null : `worker ${w} built spec ${m.hash}, expected ${spec.hash}`) : (m.message ?? 'worker failed')),
          )
          worker.once('error', (e) => resolve(`worker ${w} crashed: ${e.message}`))
          worker.once('exit', (c) => resolve(`worker ${w} exited with code ${c} before it was ready`))
        }),
      )
    }
    const problems = (await Promise.all(ready)).filter((p): p is string => p !== null)
    const local = o.mainThread ? new VecCore(eng.value, envOpts, buffers, 0, Math.floor(o.num / shares), obsSizes(spec)) : null
    const env = new WorkerVecEnv(spec, o.num, buffers, workers, ports, ctrl, o.timeoutMs ?? 60_000, spin, local)
    if (problems.length > 0) {
      await env.close()
      return fail(err('STATE_INVALID', problems.join('; ')))
    }
    for (const wk of workers) {
      wk.removeAllListeners()
      // A crash later surfaces as a step timeout; without a listener it would kill the process.
      wk.on('error', () => {})
    }
    return ok(env)
  }

  /** Posts a command to every worker and runs the main thread's share; returns failures so far. */
  private post(cmd: number): string[] {
    if (this.closed) throw new Error('WorkerVecEnv is closed')
    if (this.busy) throw new Error('WorkerVecEnv: a stepAsync/resetAsync is still in flight')
    const c = this.ctrl
    for (let w = 0; w < this.workers.length; w++) {
      Atomics.store(c, w * CTRL_STRIDE, cmd)
      Atomics.notify(c, w * CTRL_STRIDE)
    }
    const failures: string[] = []
    if (this.local) {
      try {
        if (cmd === CMD_STEP) this.local.step()
        else if (cmd === CMD_RESET) this.local.reset(this.localSeed)
      } catch (e) {
        failures.push(`main thread: ${e instanceof Error ? e.message : String(e)}`)
      }
    }
    return failures
  }

  private collect(w: number, failures: string[]): void {
    if (Atomics.load(this.ctrl, w * CTRL_STRIDE + 3) !== 0) {
      failures.push(`worker ${w}: ${String(receiveMessageOnPort(this.ports[w] as MessagePort)?.message ?? 'failed')}`)
    }
  }

  private hung(w: number): never {
    void this.close()
    throw new Error(`WorkerVecEnv: worker ${w} did not answer within ${this.timeoutMs} ms`)
  }

  // An exception inside a worker is an engine bug (programmer error): surface it.
  private static raise(failures: string[]): void {
    if (failures.length > 0) throw new Error(`WorkerVecEnv: ${failures.join('; ')}`)
  }

  private run(cmd: number): void {
    const failures = this.post(cmd)
    const c = this.ctrl
    for (let w = 0; w < this.workers.length; w++) {
      const at = w * CTRL_STRIDE
      // The watchdog counts timed-out wait slices rather than reading a clock.
      let waited = 0
      for (let k = 0; k < this.spin && Atomics.load(c, at) !== CMD_IDLE; k++);
      while (Atomics.load(c, at) !== CMD_IDLE) {
        if (Atomics.wait(c, at, cmd, WAIT_SLICE_MS) === 'timed-out') waited += WAIT_SLICE_MS
        if (Atomics.load(c, at) !== CMD_IDLE && waited >= this.timeoutMs) this.hung(w)
      }
      this.collect(w, failures)
    }
    WorkerVecEnv.raise(failures)
  }

  /** Like run, but waits without blocking the event loop (Atomics.waitAsync). */
  private async runAsync(cmd: number): Promise<void> {
    const failures = this.post(cmd)
    this.busy = true
    try {
      // Always yield once, so "in flight" holds until the caller has awaited, however fast the workers.
      await null
      const c = this.ctrl
      for (let w = 0; w < this.workers.length; w++) {
        const at = w * CTRL_STRIDE
        let waited = 0
        while (Atomics.load(c, at) !== CMD_IDLE) {
          const r = waitAsync(c, at, cmd, WAIT_SLICE_MS)
          if ((r.async ? await r.value : r.value) === 'timed-out') waited += WAIT_SLICE_MS
          if (Atomics.load(c, at) !== CMD_IDLE && waited >= this.timeoutMs) this.hung(w)
        }
        this.collect(w, failures)
      }
    } finally {
      this.busy = false
    }
    WorkerVecEnv.raise(failures)
  }

  /** step() without blocking the thread: the caller can work (e.g. run a policy on another batch)
   *  while the workers step. The batch arrays must not be touched until the promise settles. */
  async stepAsync(actions: ArrayLike<number>): Promise<VecStepResult> {
    if (actions.length !== this.num) throw new RangeError(`step needs ${this.num} actions, got ${actions.length}`)
    this.buffers.actions.set(actions)
    await this.runAsync(CMD_STEP)
    return this.res.step
  }

  async resetAsync(o: { seed?: number } = {}): Promise<VecResetResult> {
    this.setSeed(o.seed)
    await this.runAsync(CMD_RESET)
    return this.res.reset
  }

  private setSeed(seed: number | undefined): void {
    this.localSeed = seed === undefined ? undefined : seed >>> 0
    for (let w = 0; w < this.workers.length; w++) {
      Atomics.store(this.ctrl, w * CTRL_STRIDE + 1, (seed ?? 0) | 0)
      Atomics.store(this.ctrl, w * CTRL_STRIDE + 2, seed === undefined ? 0 : 1)
    }
  }

  reset(o: { seed?: number } = {}): VecResetResult {
    this.setSeed(o.seed)
    this.run(CMD_RESET)
    return this.res.reset
  }

  step(actions: ArrayLike<number>): VecStepResult {
    if (actions.length !== this.num) throw new RangeError(`step needs ${this.num} actions, got ${actions.length}`)
    this.buffers.actions.set(actions)
    this.run(CMD_STEP)
    return this.res.step
  }

  /** Stops the workers (idempotent). */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    for (let w = 0; w < this.workers.length; w++) {
      Atomics.store(this.ctrl, w * CTRL_STRIDE, CMD_CLOSE)
      Atomics.notify(this.ctrl, w * CTRL_STRIDE)
    }
    for (const p of this.ports) p.close()
    await Promise.all(this.workers.map((wk) => wk.terminate()))
  }
}
