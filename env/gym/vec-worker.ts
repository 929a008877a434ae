// Worker side of WorkerVecEnv: builds its engine from a serialisable recipe and
// steps envs lo..hi-1 of the shared batch on command (Atomics on a control array).

import { parentPort, workerData } from 'node:worker_threads'
import { engineFrom } from './source.ts'
import { VecCore } from './vec.ts'
import { obsSizes } from './spec.ts'
import { TercioEnv } from './env.ts'
import { CMD_CLOSE, CMD_IDLE, CMD_RESET, CMD_STEP, C_ASLEEP, C_BELL, C_CMD, C_HAS_SEED, C_PROGRESS, C_SEED, C_STATUS, MAIN_BLOCK, Patience, groupCell, workerBlock, type WorkerInit } from './vec-protocol.ts'

async function main(): Promise<void> {
  const w = workerData as WorkerInit
  const eng = await engineFrom(w.source)
  if (!eng.ok) {
    parentPort?.postMessage({ type: 'error', message: `${eng.error.code}: ${eng.error.message}` })
    return
  }
  const c = w.ctrl
  const at = workerBlock(w.index)
  const spec = new TercioEnv(eng.value, w.opts).spec
  const core = new VecCore(eng.value, w.opts, w.buffers, w.lo, w.hi, obsSizes(spec), {
    privateScalars: true,
    progress: c,
    progressAt: at + C_PROGRESS,
    ranges: w.groups.map(([, lo, hi]) => [lo, hi] as const),
  })
  const cells = w.groups.map(([g]) => groupCell(w.workers, g))
  let next = 0
  /** A group of this worker that has been sent (round robin), or -1. */
  const sentGroup = (): number => {
    for (let k = 0; k < cells.length; k++) {
      const j = (next + k) % cells.length
      if (Atomics.load(c, cells[j] as number) === CMD_STEP) return j
    }
    return -1
  }
  parentPort?.postMessage({ type: 'ready', hash: spec.hash })
  const patience = new Patience(w.spin)
  const mainProgress = MAIN_BLOCK + C_PROGRESS
  for (;;) {
    // Poll while the calling thread is busy (stepping its share, or choosing actions right after):
    // the next command then comes within microseconds, and waking a sleeping thread costs more
    // (tens of microseconds in a VM, and the kernel may queue it behind the thread that woke it).
    // Sleep once it has made no progress for a while (Patience), e.g. while a policy runs.
    let seen = Atomics.load(c, mainProgress)
    let still = 0
    let g = -1
    while (Atomics.load(c, at + C_CMD) === CMD_IDLE && (g = sentGroup()) < 0) {
      const p = Atomics.load(c, mainProgress)
      if (p !== seen) {
        patience.saw(still)
        seen = p
        still = 0
      } else if (++still > patience.limit) {
        const bell = Atomics.load(c, at + C_BELL)
        Atomics.store(c, at + C_ASLEEP, 1)
        if (Atomics.load(c, at + C_CMD) === CMD_IDLE && sentGroup() < 0) Atomics.wait(c, at + C_BELL, bell)
        Atomics.store(c, at + C_ASLEEP, 0)
        still = 0
      }
    }
    if (g >= 0 && Atomics.load(c, at + C_CMD) === CMD_IDLE) {
      const cell = cells[g] as number
      next = (g + 1) % cells.length
      try {
        core.stepRange(g)
        Atomics.store(c, at + C_STATUS, 0)
      } catch (e) {
        Atomics.store(c, at + C_STATUS, 1)
        w.port.postMessage(e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e))
      }
      Atomics.store(c, cell, CMD_IDLE)
      if (Atomics.load(c, MAIN_BLOCK + C_ASLEEP)) Atomics.notify(c, cell)
      continue
    }
    const cmd = Atomics.load(c, at + C_CMD)
    if (cmd === CMD_CLOSE) break
    try {
      if (cmd === CMD_STEP) core.step()
      else if (cmd === CMD_RESET) core.reset(Atomics.load(c, at + C_HAS_SEED) ? Atomics.load(c, at + C_SEED) >>> 0 : undefined)
      Atomics.store(c, at + C_STATUS, 0)
    } catch (e) {
      Atomics.store(c, at + C_STATUS, 1)
      w.port.postMessage(e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e))
    }
    Atomics.store(c, at + C_CMD, CMD_IDLE)
    if (Atomics.load(c, MAIN_BLOCK + C_ASLEEP)) Atomics.notify(c, at + C_CMD)
  }
}

await main()
