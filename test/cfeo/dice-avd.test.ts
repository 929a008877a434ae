import { describe, expect, it } from 'vitest'
import { AVERAGE_DIE_FACES, avd, DiceExhaustedError, seedDice } from '../../env/dice.ts'
import type { RolledEvent } from '../../env/core/types.ts'

describe('Average die (CFEO: faces 2-3-3-4-4-5)', () => {
  it('rolls only 2..5 with the 1:2:2:1 distribution of its faces', () => {
    const d = seedDice(11)
    const counts = [0, 0, 0, 0, 0, 0]
    for (let i = 0; i < 60000; i++) counts[avd(d, 'test')]!++
    expect(counts[0]).toBe(0)
    expect(counts[1]).toBe(0)
    // expected 10000 / 20000 / 20000 / 10000
    expect(Math.abs(counts[2]! - 10000)).toBeLessThan(600)
    expect(Math.abs(counts[3]! - 20000)).toBeLessThan(800)
    expect(Math.abs(counts[4]! - 20000)).toBeLessThan(800)
    expect(Math.abs(counts[5]! - 10000)).toBeLessThan(600)
    expect(d.count).toBe(60000)
    expect(AVERAGE_DIE_FACES).toEqual([2, 3, 3, 4, 4, 5])
  })
  it('takes forced values first (the value read), refuses a value no face shows, logs a rolled event', () => {
    const d = seedDice(1)
    d.forced = [5, 2, 6]
    const ev: RolledEvent[] = []
    expect(avd(d, 'move', ev)).toBe(5)
    expect(avd(d, 'move', ev)).toBe(2)
    expect(() => avd(d, 'move', ev)).toThrow(/not an Average die result/)
    expect(ev).toEqual([
      { type: 'rolled', sides: 6, value: 5, forced: true, why: 'AvD: move' },
      { type: 'rolled', sides: 6, value: 2, forced: true, why: 'AvD: move' },
    ])
  })
  it('is deterministic per seed and strict queues run dry with DiceExhaustedError', () => {
    const a = seedDice(3)
    const b = seedDice(3)
    for (let i = 0; i < 50; i++) expect(avd(a, 'x')).toBe(avd(b, 'x'))
    const s = seedDice(3)
    s.strict = true
    expect(() => avd(s, 'x')).toThrow(DiceExhaustedError)
  })
})
