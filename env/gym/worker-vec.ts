// WorkerVecEnv: the VectorEnv API with envs spread over worker threads. The batch
// arrays live in SharedArrayBuffers that workers write in place; step() posts the
// command through Atomics, steps the calling thread's own share, and blocks until
// every worker is done, so it stays synchronous like VecEnv. Node-only (worker_threads).
//
// Groups (EnvPool-style asynchronous stepping): each thread's share of the envs is split into
// groups that are stepped on their own: send(g, actions) starts group g, recv() returns a group
// whose step is done (stepping one of the calling thread's own groups while the workers run). No
// barrier joins the threads, so one thread's slow step or a vCPU the hypervisor took away for a
// moment stalls only its own groups, and the caller can choose actions for one group while
// another steps.
//
// Waiting: each side polls the control cells while the other side shows progress
// (a counter bumped per env) and sleeps in Atomics.wait after a few times the usual
// number of polls between bumps without any (Patience). Sleeping on every batch is
// what made this slower than one thread: a wake-up costs tens of microseconds, and
// the kernel may queue the woken worker on the core of the thread that woke it, so
// the two run one after the other.

import { availableParallelism } from 'node:os'
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads'
import type { Engine, Result } from '../core/types.ts'
import { err, fail, ok } from '../core/types.ts'
import { TercioEnv } from './env.ts'
import { engineFrom, type EngineSource } from './source.ts'
import { obsSizes, type EnvSpec } from './spec.ts'
import { VecCore, allocVecBuffers, resultsOf, type VecBuffers, type VecEnvOptions, type VecResetResult, type VecStepResult, type VectorEnv } from './vec.ts'
import { CMD_CLOSE, CMD_IDLE, CMD_RESET, CMD_STEP, CTRL_STRIDE, C_ASLEEP, C_BELL, C_CMD, C_HAS_SEED, C_PROGRESS, C_SEED, C_STATUS, MAIN_BLOCK, Patience, groupCell, workerBlock, type WorkerInit } from './vec-protocol.ts'

export interface WorkerVecEnvOptions extends VecEnvOptions {
  /** Worker threads (default: cores - 1, at least 1; with mainThread, shares = workers + 1, at most num). */
  workers?: number
  /** Also step a share of the envs on the calling thread while the workers run (default true).
   *  With workers = cores - 1 every core works and no thread has to be woken to run a step. */
  mainThread?: boolean
  /** At most this many polls (~15 ns each) of the other side's progress counter without a change before a
   *  waiting thread sleeps (it learns a shorter limit from the usual gap between changes, see Patience).
   *  Default DEFAULT_SPIN when the workers and the calling thread fit the cores, else 0 (spinning on an
   *  oversubscribed machine would take the core from the thread being waited for). */
  spin?: number
  /** A step or reset that takes longer than this is treated as a hung worker (default 60 s). */
  timeoutMs?: number
  /** Groups per thread for send/recv (default 2: a worker always has a second group queued while the
   *  calling thread handles the first). Each thread's share is split into this many groups. */
  groupsPerThread?: number
}

// Atomics.waitAsync is in Node >= 16 but only in TypeScript's es2024 lib.
type WaitAsync = (a: Int32Array, i: number, v: number, t: number) => { async: false; value: string } | { async: true; value: Promise<string> }
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync

/** Default cap on polls without progress: ~0.5-1 ms, far longer than one env step, shorter than a policy's forward pass. */
export const DEFAULT_SPIN = 50_000

/** Length of one wait for a worker; the hung-worker watchdog adds up the slices that time out. */
const WAIT_SLICE_MS = 250

const BOOT = new URL('./vec-worker-boot.mjs', import.meta.url)

/**
 * A `VecEnv` whose envs are stepped by worker threads (Node only), the calling thread
 * stepping a share too by default. `step(actions)` steps every env (a barrier per batch);
 * `send(group, actions)` / `recv()` step groups of envs EnvPool-style, with no barrier between the
 * threads: `recv()` returns a group whose rows `lo..hi-1` of `results` are fresh. Build it with
 * `await WorkerVecEnv.create(source, options)` (a `Result`: bad input is an error value).
 */
export class WorkerVecEnv implements VectorEnv {
  readonly num: number
  readonly spec: EnvSpec
  /** What the options resolved to: worker threads, and whether the calling thread steps a share. */
  readonly threads: { workers: number; mainThread: boolean }
  readonly buffers: VecBuffers
  private readonly workers: Worker[]
  private readonly ports: MessagePort[]
  private readonly ctrl: Int32Array
  private readonly res: { step: VecStepResult; reset: VecResetResult }
  private readonly timeoutMs: number
  private readonly patience: Patience[]
  private readonly local: VecCore | null
  private localSeed: number | undefined = undefined
  /** Env rows of each group, [lo, hi): the calling thread's groups first (when it steps a share), then
   *  each worker's. `owner` is the worker that steps the group, -1 for the calling thread; `range` its
   *  index among its thread's groups. */
  readonly groups: readonly { readonly lo: number; readonly hi: number; readonly owner: number; readonly range: number }[]
  /** 1 while a group's step has been sent and not yet received. */
  private readonly pending: Uint8Array
  private pendingCount = 0
  /** Send order of each group in flight: recv serves the oldest first, so no group starves. */
  private readonly sentAt: Float64Array
  private sends = 0
  /** Reused by every step (no allocation per batch). */
  private readonly failures: string[] = []
  private busy = false
  private closed = false

  private constructor(spec: EnvSpec, num: number, buffers: VecBuffers, workers: Worker[], ports: MessagePort[], ctrl: Int32Array, timeoutMs: number, spin: number, local: VecCore | null, groups: WorkerVecEnv['groups']) {
    this.patience = workers.map(() => new Patience(spin))
    this.threads = { workers: workers.length, mainThread: local !== null }
    this.local = local
    this.spec = spec
    this.num = num
    this.buffers = buffers
    this.workers = workers
    this.ports = ports
    this.ctrl = ctrl
    this.timeoutMs = timeoutMs
    this.res = resultsOf(buffers)
    this.groups = groups
    this.pending = new Uint8Array(groups.length)
    this.sentAt = new Float64Array(groups.length)
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
    delete envOpts.groupsPerThread
    const cores = availableParallelism()
    const mainThread = o.mainThread ?? true
    const wanted = o.workers ?? Math.max(1, cores - 1)
    if (!Number.isInteger(wanted) || wanted < (mainThread ? 0 : 1)) return fail(err('STATE_INVALID', `workers must be a whole number >= ${mainThread ? 0 : 1}, got ${o.workers}`))
    // The calling thread is busy between steps (choosing actions) even when it steps no share itself.
    const spin = o.spin ?? (wanted + 1 <= cores ? DEFAULT_SPIN : 0)
    const spec = new TercioEnv(eng.value as Engine, envOpts).spec
    const shares = Math.max(1, Math.min(wanted + (mainThread ? 1 : 0), o.num))
    const nw = mainThread ? shares - 1 : shares
    const first = mainThread ? 1 : 0 // share 0 is the main thread's
    const perThread = o.groupsPerThread ?? 2
    if (!Number.isInteger(perThread) || perThread < 1) return fail(err('STATE_INVALID', `groupsPerThread must be a positive integer, got ${o.groupsPerThread}`))
    const buffers = allocVecBuffers(obsSizes(spec), o.num, true)
    // Thread t's share is rows [bound(t), bound(t + 1)) (t = 0 the calling thread when it steps one),
    // split into groups.
    const bound = (t: number) => Math.floor((t * o.num) / shares)
    const groups: { lo: number; hi: number; owner: number; range: number }[] = []
    for (let t = 0; t < shares; t++) {
      const lo = bound(t)
      const hi = bound(t + 1)
      const k = Math.min(perThread, hi - lo)
      for (let j = 0; j < k; j++) groups.push({ lo: lo + Math.floor((j * (hi - lo)) / k), hi: lo + Math.floor(((j + 1) * (hi - lo)) / k), owner: t - first, range: j })
    }
    const ctrl = new Int32Array(new SharedArrayBuffer(4 * CTRL_STRIDE * (nw + 1 + groups.length)))
    const workers: Worker[] = []
    const ports: MessagePort[] = []
    const ready: Promise<string | null>[] = []
    for (let w = 0; w < nw; w++) {
      const lo = bound(w + first)
      const hi = bound(w + first + 1)
      const ch = new MessageChannel()
      const mine: [number, number, number][] = []
      groups.forEach((g, i) => {
        if (g.owner === w) mine.push([i, g.lo, g.hi])
      })
      const init: WorkerInit = { source, opts: envOpts, lo, hi, index: w, buffers, ctrl, port: ch.port2, spin, groups: mine, workers: nw }
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
    const local = mainThread
      ? new VecCore(eng.value, envOpts, buffers, 0, bound(1), obsSizes(spec), {
          privateScalars: nw > 0,
          progress: ctrl,
          progressAt: MAIN_BLOCK + C_PROGRESS,
          ranges: groups.filter((g) => g.owner === -1).map((g) => [g.lo, g.hi] as const),
        })
      : null
    const env = new WorkerVecEnv(spec, o.num, buffers, workers, ports, ctrl, o.timeoutMs ?? 60_000, spin, local, groups)
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

  /** Posts a command to every worker and runs the main thread's share; failures so far go to this.failures. */
  private post(cmd: number): void {
    if (this.closed) throw new Error('WorkerVecEnv is closed')
    if (this.busy) throw new Error('WorkerVecEnv: a stepAsync/resetAsync is still in flight')
    if (this.pendingCount > 0) throw new Error('WorkerVecEnv: groups are in flight (send without recv); recv them first')
    const c = this.ctrl
    this.failures.length = 0
    // Counts as progress for workers that poll for this command.
    Atomics.add(c, MAIN_BLOCK + C_PROGRESS, 1)
    for (let w = 0; w < this.workers.length; w++) {
      this.ring(w, workerBlock(w) + C_CMD, cmd)
    }
    if (this.local) {
      try {
        if (cmd === CMD_STEP) this.local.step()
        else if (cmd === CMD_RESET) this.local.reset(this.localSeed)
      } catch (e) {
        this.failures.push(`main thread: ${e instanceof Error ? e.message : String(e)}`)
      }
    }
  }

  private collect(w: number): void {
    if (Atomics.load(this.ctrl, workerBlock(w) + C_STATUS) !== 0) {
      this.failures.push(`worker ${w}: ${String(receiveMessageOnPort(this.ports[w] as MessagePort)?.message ?? 'failed')}`)
    }
  }

  private hung(w: number): never {
    void this.close()
    throw new Error(`WorkerVecEnv: worker ${w} did not answer within ${this.timeoutMs} ms`)
  }

  // An exception inside a worker is an engine bug (programmer error): surface it.
  private raise(): void {
    if (this.failures.length > 0) throw new Error(`WorkerVecEnv: ${this.failures.join('; ')}`)
  }

  private run(cmd: number): void {
    this.post(cmd)
    for (let w = 0; w < this.workers.length; w++) {
      this.waitFor(w, cmd)
      this.collect(w)
    }
    this.raise()
  }

  /** Stores cmd in worker w's cell and rings its doorbell (waking it only if it sleeps). */
  private ring(w: number, cell: number, cmd: number): void {
    const c = this.ctrl
    const at = workerBlock(w)
    Atomics.store(c, cell, cmd)
    Atomics.add(c, at + C_BELL, 1)
    if (Atomics.load(c, at + C_ASLEEP)) Atomics.notify(c, at + C_BELL)
  }

  /** Blocks until worker w has finished `cmd` in `cell` (its command cell unless given): polls while it
   *  shows progress, then sleeps (Patience). */
  private waitFor(w: number, cmd: number, cell = workerBlock(w) + C_CMD): void {
    const c = this.ctrl
    const at = workerBlock(w)
    // The watchdog counts timed-out wait slices rather than reading a clock.
    let waited = 0
    const patience = this.patience[w] as Patience
    let seen = Atomics.load(c, at + C_PROGRESS)
    let still = 0
    while (Atomics.load(c, cell) !== CMD_IDLE) {
      const p = Atomics.load(c, at + C_PROGRESS)
      if (p !== seen) {
        patience.saw(still)
        seen = p
        still = 0
        // Passed on, so that workers already done keep polling while this one works.
        Atomics.add(c, MAIN_BLOCK + C_PROGRESS, 1)
        continue
      }
      if (++still <= patience.limit) continue
      Atomics.store(c, MAIN_BLOCK + C_ASLEEP, 1)
      const r = Atomics.wait(c, cell, cmd, WAIT_SLICE_MS)
      Atomics.store(c, MAIN_BLOCK + C_ASLEEP, 0)
      still = 0
      if (r === 'timed-out') waited += WAIT_SLICE_MS
      if (Atomics.load(c, cell) !== CMD_IDLE && waited >= this.timeoutMs) this.hung(w)
    }
  }

  /** Like run, but waits without blocking the event loop (Atomics.waitAsync). */
  private async runAsync(cmd: number): Promise<void> {
    this.post(cmd)
    this.busy = true
    const c = this.ctrl
    // The caller's thread is free to do other work meanwhile: workers must notify when they finish.
    Atomics.store(c, MAIN_BLOCK + C_ASLEEP, 1)
    try {
      // Always yield once, so "in flight" holds until the caller has awaited, however fast the workers.
      await null
      for (let w = 0; w < this.workers.length; w++) {
        const at = workerBlock(w)
        let waited = 0
        while (Atomics.load(c, at + C_CMD) !== CMD_IDLE) {
          const r = waitAsync(c, at + C_CMD, cmd, WAIT_SLICE_MS)
          if ((r.async ? await r.value : r.value) === 'timed-out') waited += WAIT_SLICE_MS
          if (Atomics.load(c, at + C_CMD) !== CMD_IDLE && waited >= this.timeoutMs) this.hung(w)
        }
        this.collect(w)
      }
    } finally {
      Atomics.store(c, MAIN_BLOCK + C_ASLEEP, 0)
      this.busy = false
    }
    this.raise()
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
      Atomics.store(this.ctrl, workerBlock(w) + C_SEED, (seed ?? 0) | 0)
      Atomics.store(this.ctrl, workerBlock(w) + C_HAS_SEED, seed === undefined ? 0 : 1)
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

  /**
   * Starts a step of group g (EnvPool's send): `actions` holds one action per env of the group, in row
   * order. The group's rows of the batch arrays must not be read until recv() returns g. A worker's group
   * starts at once; a group of the calling thread is stepped inside a later recv().
   */
  send(g: number, actions: ArrayLike<number>): void {
    if (this.closed) throw new Error('WorkerVecEnv is closed')
    if (this.busy) throw new Error('WorkerVecEnv: a stepAsync/resetAsync is still in flight')
    const grp = this.groups[g]
    if (!grp) throw new RangeError(`no group ${g} (there are ${this.groups.length})`)
    if (this.pending[g]) throw new Error(`WorkerVecEnv: group ${g} is already in flight; recv it first`)
    if (actions.length !== grp.hi - grp.lo) throw new RangeError(`group ${g} needs ${grp.hi - grp.lo} actions, got ${actions.length}`)
    const acts = this.buffers.actions
    for (let k = 0; k < actions.length; k++) acts[grp.lo + k] = actions[k] as number
    this.pending[g] = 1
    this.pendingCount++
    this.sentAt[g] = ++this.sends
    if (grp.owner < 0) return
    // Counts as progress for workers that poll.
    Atomics.add(this.ctrl, MAIN_BLOCK + C_PROGRESS, 1)
    this.ring(grp.owner, groupCell(this.workers.length, g), CMD_STEP)
  }

  /**
   * Returns a group whose step has finished (EnvPool's recv): its rows of the batch arrays (`results`:
   * obs, rewards, info, finals) hold the step's results. A worker's group already done comes first; else
   * the calling thread steps one of its own groups that was sent; else it waits for a worker's group.
   */
  recv(): number {
    if (this.pendingCount === 0) throw new Error('WorkerVecEnv: recv with no group in flight (send first)')
    const c = this.ctrl
    const nw = this.workers.length
    const gs = this.groups
    // The oldest of: workers' groups already done; else the calling thread's own groups; else workers' groups.
    let done = -1
    let own = -1
    let oldest = -1
    for (let g = 0; g < gs.length; g++) {
      if (!this.pending[g]) continue
      const t = this.sentAt[g] as number
      if ((gs[g] as { owner: number }).owner < 0) {
        if (own < 0 || t < (this.sentAt[own] as number)) own = g
      } else {
        if (oldest < 0 || t < (this.sentAt[oldest] as number)) oldest = g
        if (Atomics.load(c, groupCell(nw, g)) === CMD_IDLE && (done < 0 || t < (this.sentAt[done] as number))) done = g
      }
    }
    if (done >= 0) return this.received(done)
    if (own >= 0) {
      this.failures.length = 0
      try {
        ;(this.local as VecCore).stepRange((gs[own] as { range: number }).range)
      } catch (e) {
        this.failures.push(`main thread: ${e instanceof Error ? e.message : String(e)}`)
      }
      this.pending[own] = 0
      this.pendingCount--
      this.raise()
      return own
    }
    this.waitFor((gs[oldest] as { owner: number }).owner, CMD_STEP, groupCell(nw, oldest))
    return this.received(oldest)
  }

  private received(g: number): number {
    this.pending[g] = 0
    this.pendingCount--
    this.failures.length = 0
    this.collect((this.groups[g] as { owner: number }).owner)
    this.raise()
    return g
  }

  /** Results of the whole batch, to read a group's rows after recv (the same reused buffers as step()). */
  get results(): VecStepResult {
    return this.res.step
  }

  /** Stops the workers (idempotent). */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    for (let w = 0; w < this.workers.length; w++) {
      Atomics.store(this.ctrl, workerBlock(w) + C_CMD, CMD_CLOSE)
      Atomics.add(this.ctrl, workerBlock(w) + C_BELL, 1)
      Atomics.notify(this.ctrl, workerBlock(w) + C_BELL)
    }
    for (const p of this.ports) p.close()
    await Promise.all(this.workers.map((wk) => wk.terminate()))
  }
}
