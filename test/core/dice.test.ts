import { describe, expect, it } from 'vitest'
import seedrandom from 'seedrandom'
import { cloneDice, d10, d6, DiceExhaustedError, nextUint32, roll, seedDice } from '../../env/dice.ts'
import type { RolledEvent } from '../../env/core/types.ts'

describe('dice', () => {
  it('steps exactly like seedrandom xor128', () => {
    const ref = seedrandom.xor128('tercio:42')
    const d = seedDice(42)
    for (let i = 0; i < 1000; i++) expect(nextUint32(d)).toBe(ref.int32() >>> 0)
  })

  it('same seed gives the same rolls; clones diverge from nothing', () => {
    const a = seedDice(7)
    const b = seedDice(7)
    const ra = Array.from({ length: 50 }, () => d10(a, 't'))
    const c = cloneDice(b)
    const rb = Array.from({ length: 50 }, () => d10(b, 't'))
    const rc = Array.from({ length: 50 }, () => d10(c, 't'))
    expect(ra).toEqual(rb)
    expect(rc).toEqual(rb)
    expect(new Set(ra).size).toBeGreaterThan(5)
  })

  it('different seeds differ', () => {
    const a = seedDice(1)
    const b = seedDice(2)
    expect(Array.from({ length: 20 }, () => d10(a, 't'))).not.toEqual(Array.from({ length: 20 }, () => d10(b, 't')))
  })

  it('d10 reads 0..9 and d6 1..6, roughly uniform', () => {
    const d = seedDice(3)
    const c10 = new Array(10).fill(0)
    const c6 = new Array(7).fill(0)
    for (let i = 0; i < 60000; i++) c10[d10(d, 't')]++
    for (let i = 0; i < 60000; i++) c6[d6(d, 't')]++
    expect(c6[0]).toBe(0)
    for (const n of c10) expect(Math.abs(n - 6000)).toBeLessThan(400)
    for (const n of c6.slice(1)) expect(Math.abs(n - 10000)).toBeLessThan(500)
  })

  it('forced dice come first, are logged as forced, and strict mode refuses to run dry', () => {
    const d = seedDice(1)
    d.forced = [9, 0]
    d.strict = true
    const ev: RolledEvent[] = []
    expect(d10(d, 'fire', ev)).toBe(9)
    expect(d10(d, 'morale', ev)).toBe(0)
    expect(ev).toEqual([
      { type: 'rolled', sides: 10, value: 9, forced: true, why: 'fire' },
      { type: 'rolled', sides: 10, value: 0, forced: true, why: 'morale' },
    ])
    expect(() => d10(d, 'rally')).toThrow(DiceExhaustedError)
    expect(d.count).toBe(2)
  })

  it('a forced value outside the die is a programmer error', () => {
    const d = seedDice(1)
    d.forced = [10]
    expect(() => roll(d, 10, 0, 'x')).toThrow(/not a d10 result/)
  })

  it('state is plain JSON and survives a round-trip', () => {
    const d = seedDice(5)
    d10(d, 'x')
    const e = JSON.parse(JSON.stringify(d))
    expect(Array.from({ length: 10 }, () => d10(e, 'x'))).toEqual(Array.from({ length: 10 }, () => d10(d, 'x')))
  })
})
