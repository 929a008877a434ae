// The bench's contention meter: CPU burnt by another process while we wait counts as
// "others"; our own threads' CPU does not.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ContentionMeter } from '../../bench/bench.ts'

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

describe.skipIf(!existsSync('/proc/stat'))('contention meter', () => {
  it('sees another process spinning while this one sleeps', async () => {
    const child = spawn(process.execPath, ['-e', 'const end = Date.now() + 1500; while (Date.now() < end);'])
    const done = new Promise((r) => child.on('exit', r))
    sleep(200) // let it start
    const m = new ContentionMeter()
    m.start()
    sleep(800)
    const c = m.stop()
    await done
    expect(c).not.toBeNull()
    // about one core (other test files may add to it)
    expect(c!.others).toBeGreaterThan(0.5)
    expect(c!.steal).toBeGreaterThanOrEqual(0)
    expect(c!.steal).toBeLessThanOrEqual(1)
  })

  it("does not count this process's own work", () => {
    const m = new ContentionMeter()
    m.start()
    const end = performance.now() + 500
    let x = 0
    while (performance.now() < end) x++
    const c = m.stop()
    expect(x).toBeGreaterThan(0)
    expect(c).not.toBeNull()
    // our spinning core is ours; only the rest of the machine counts (other test files may run meanwhile)
    expect(c!.others).toBeLessThan(1.2)
  })
})
