import { describe, expect, it } from 'vitest'
import { changeMarks, clearAllMarks, clearMark, hasAnyMark, hasMark, nextPicker, phaseAfter, setMark, type PickTest } from '../../env/rules/shared/phases.ts'

const FIN = 1
const BYP = 2
const NOC = 4

describe('shared phase bookkeeping', () => {
  it('sets, tests and clears markers per formation', () => {
    const m = [0, 0, 0]
    setMark(m, 1, BYP)
    expect(hasAnyMark(m, 1, BYP | FIN)).toBe(true)
    expect(hasMark(m, 1, BYP | FIN)).toBe(false)
    expect(hasAnyMark(m, 0, BYP)).toBe(false)
    changeMarks(m, 1, FIN, BYP)
    expect(m).toEqual([0, FIN, 0])
    setMark(m, 2, NOC | FIN)
    clearMark(m, 2, FIN)
    expect(m[2]).toBe(NOC)
    clearAllMarks(m, NOC)
    expect(m).toEqual([0, FIN, 0])
    clearAllMarks(m)
    expect(m).toEqual([0, 0, 0])
  })
  it('cycles phases; 0 after the last phase means a new turn', () => {
    expect(phaseAfter(3, 0)).toBe(1)
    expect(phaseAfter(3, 1)).toBe(2)
    expect(phaseAfter(3, 2)).toBe(0)
  })
  it('alternating activation: the preferred player if he can, else the other, else nobody', () => {
    const can = [true, true]
    const who: PickTest = { canPick: (p) => can[p]! }
    expect(nextPicker(1, who)).toBe(1)
    can[1] = false
    expect(nextPicker(1, who)).toBe(0)
    can[0] = false
    expect(nextPicker(0, who)).toBe(-1)
  })
})
