// env/rules/shared/morale.ts: dice sums through the game's dice, test thresholds, column shifts.
import { describe, expect, it } from 'vitest'
import type { RolledEvent } from '../../env/core/types.ts'
import { seedDice } from '../../env/dice.ts'
import { clampDie, columnShift, leftoverDieModifier, passesAtLeast, passesAtMost, rollSum, shiftColumn } from '../../env/rules/shared/morale.ts'

describe('rollSum', () => {
  it('sums forced dice one by one and logs each roll', () => {
    const d = seedDice(1)
    d.forced = [3, 6, 2]
    const ev: RolledEvent[] = []
    expect(rollSum(d, 2, 6, 'test', ev)).toBe(9)
    expect(ev.map((e) => e.value)).toEqual([3, 6])
    expect(d.forced).toEqual([2])
    expect(d.count).toBe(2)
  })
  it('is reproducible from the dice state and stays within count..count*sides', () => {
    const a = seedDice(7)
    const b = seedDice(7)
    for (let i = 0; i < 200; i++) {
      const x = rollSum(a, 2, 6, 'x')
      expect(x).toBe(rollSum(b, 2, 6, 'x'))
      expect(x).toBeGreaterThanOrEqual(2)
      expect(x).toBeLessThanOrEqual(12)
    }
  })
  it('a forced die out of range is refused', () => {
    const d = seedDice(1)
    d.forced = [7]
    expect(() => rollSum(d, 1, 6, 'bad')).toThrow(RangeError)
  })
})

describe('thresholds', () => {
  it('roll-under: equal passes, one above fails; the modifier moves the rating (Marignan 0.2)', () => {
    expect(passesAtMost(9, 9, 0)).toBe(true)
    expect(passesAtMost(10, 9, 0)).toBe(false)
    expect(passesAtMost(6, 7, -3)).toBe(false) // the melee example: 6 > 7 - 3
    expect(passesAtMost(4, 7, -3)).toBe(true)
  })
  it('roll-over: reaching the target passes', () => {
    expect(passesAtLeast(4, 5, 1)).toBe(true)
    expect(passesAtLeast(3, 5, 1)).toBe(false)
  })
})

describe('column shifts (one column per two points, the odd point to the die)', () => {
  const cases: [number, number, number][] = [
    [0, 0, 0],
    [1, 0, 1],
    [-1, 0, -1],
    [-2, -1, 0], // the fire example: -2 shifts 8-9 to 6-7
    [-3, -1, -1],
    [4, 2, 0],
    [5, 2, 1], // the melee example: +5 is two shifts and +1 to the die
  ]
  for (const [m, sh, dm] of cases)
    it(`${m} -> ${sh} columns, ${dm} on the die`, () => {
      expect(columnShift(m)).toBe(sh)
      expect(leftoverDieModifier(m)).toBe(dm)
      expect(2 * columnShift(m) + leftoverDieModifier(m)).toBe(m)
    })
  it('never shifts below the first column or past the last; dice clamp to the table rows', () => {
    expect(shiftColumn(1, -3, 9)).toBe(0)
    expect(shiftColumn(7, 4, 9)).toBe(8)
    expect(shiftColumn(3, 2, 9)).toBe(5)
    expect(clampDie(-1, 0, 7)).toBe(0)
    expect(clampDie(9, 0, 7)).toBe(7)
    expect(clampDie(4, 0, 7)).toBe(4)
  })
})
