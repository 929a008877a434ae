// Worker side of WorkerVecEnv: builds its engine from a serialisable recipe and
// steps envs lo..hi-1 of the shared batch on command (Atomics on a control array).

import { parentPort, workerData } from 'node:worker_threads'
import { engineFrom } from './source.ts'
import { VecCore } from './vec.ts'
import { obsSizes } from './spec.ts'
import { TercioEnv } from './env.ts'
import { CMD_CLOSE, CMD_IDLE, CMD_RESET, CMD_STEP, CTRL_STRIDE, type WorkerInit } from './vec-protocol.ts'

async function main(): Promise<void> {
  const w = workerData as WorkerInit
  const eng = await engineFrom(w.source)
  if (!eng.ok) {
    parentPort?.postMessage({ type: 'error', message: `${eng.error.code}: ${eng.error.message}` })
    return
  }
  const spec = new TercioEnv(eng.value, w.opts).spec
  const core = new VecCore(eng.value, w.opts, w.buffers, w.lo, w.hi, obsSizes(spec))
  parentPort?.postMessage({ type: 'ready', hash: spec.hash })
  const c = w.ctrl
  const at = w.index * CTRL_STRIDE
  const spin = w.spin
  for (;;) {
    // Spin briefly before sleeping: the next command usually follows within microseconds,
    // and a futex wake-up costs more than that.
    for (let k = 0; k < spin && Atomics.load(c, at) === CMD_IDLE; k++);
    Atomics.wait(c, at, CMD_IDLE)
    const cmd = Atomics.load(c, at)
    if (cmd === CMD_CLOSE) break
    try {
      if (cmd === CMD_STEP) core.step()
      else if (cmd === CMD_RESET) core.reset(Atomics.load(c, at + 2) ? Atomics.load(c, at + 1) >>> 0 : undefined)
      Atomics.store(c, at + 3, 0)
    } catch (e) {
      Atomics.store(c, at + 3, 1)
      w.port.postMessage(e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e))
    }
    Atomics.store(c, at, CMD_IDLE)
    Atomics.notify(c, at)
  }
}

await main()
