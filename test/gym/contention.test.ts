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

  it("does not count this process's own work: others = (machine busy - ours) / wall, steal = stolen / all ticks", () => {
    // Scripted sources: the arithmetic, free of whatever else this machine runs meanwhile.
    let ticks: [number, number, number] = [1000, 50, 5000]
    let cpu = 0
    let now = 0
    const m = new ContentionMeter({ ticks: () => ticks, cpu: () => cpu, now: () => now })
    m.start()
    // 2 s on 2 cores (400 ticks): 300 busy ticks of which 20 stolen... our process used 1.5 s of them.
    ticks = [1300, 70, 5400]
    cpu = 1.5e6
    now = 2000
    const c = m.stop()
    expect(c?.others).toBeCloseTo((3 - 1.5) / 2, 12)
    expect(c?.steal).toBeCloseTo(20 / 400, 12)
    // Our work alone on the machine: nothing is "others".
    m.start()
    ticks = [1400, 70, 5600]
    cpu = 2.5e6
    now = 3000
    expect(m.stop()).toEqual({ others: 0, steal: 0 })
    // Unreadable ticks: null.
    const n = new ContentionMeter({ ticks: () => null, cpu: () => 0, now: () => now })
    n.start()
    now += 10
    expect(n.stop()).toBeNull()
  })
})
