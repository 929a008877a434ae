import { describe, expect, it } from 'vitest'
import { actionText, makeLayout, parseAction, segmentOf } from '../../env/core/actions.ts'
import { makeGrid } from '../../env/hex/grid.ts'

const g = makeGrid(3, 2)
const l = makeLayout(['pass', 'end'], ['L', 'R'], ['F-G1', 'F-A1', 'ldr'], g)

describe('action layout', () => {
  it('has the four segments in order', () => {
    expect(l.size).toBe(2 + 2 + 3 + 6)
    expect(l.offset).toEqual({ choice: 0, wing: 2, unit: 4, hex: 7 })
    expect(segmentOf(l, 3)).toEqual({ segment: 'wing', index: 1 })
    expect(segmentOf(l, 13)).toBeNull()
  })

  it('every id round-trips through its canonical text', () => {
    for (let id = 0; id < l.size; id++) {
      const t = actionText(l, id)
      const p = parseAction(l, g, t)
      expect(p).toEqual({ ok: true, value: id })
    }
    expect(actionText(l, 0)).toBe('choice:pass')
    expect(actionText(l, 4)).toBe('unit:F-G1')
    expect(actionText(l, 12)).toBe('hex:0302')
  })

  it('bad texts are errors naming what is wrong', () => {
    const bad = (t: string) => {
      const r = parseAction(l, g, t)
      if (r.ok) throw new Error('expected an error')
      return r.error
    }
    expect(bad('unit:nobody').code).toBe('ACTION_TEXT_UNKNOWN')
    expect(bad('unit:nobody').message).toContain('nobody')
    expect(bad('hex:0909').message).toContain('0909')
    expect(bad('fly:away').code).toBe('ACTION_TEXT_UNKNOWN')
    expect(bad('99').code).toBe('ACTION_OUT_OF_RANGE')
  })
})
