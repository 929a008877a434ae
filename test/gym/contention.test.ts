// The bench's contention meter: CPU burnt by another process while we wait counts as
// "others"; our own threads' CPU does not. Without /proc/stat (not Linux) it reports null.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ContentionMeter } from '../../bench/bench.ts'

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

const linux = existsSync('/proc/stat')

describe('contention meter', () => {
  it('reports null where /proc/stat cannot be read, a measurement where it can', () => {
    const m = new ContentionMeter()
    m.start()
    sleep(50)
    const c = m.stop()
    if (!linux) expect(c).toBeNull()
    else expect(c).toEqual({ others: expect.any(Number), steal: expect.any(Number) })
  })

  it('sees another process spinning while this one sleeps', async () => {
    if (!linux) return // covered by the null case above
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
    if (!linux) return // covered by the null case above
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
