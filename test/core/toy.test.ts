import { describe, expect, it } from 'vitest'
import { makeToyEngine } from '../helpers/toy-ruleset.ts'

describe('toy engine (test double)', () => {
  it('random games end and keep invariants', () => {
    const e = makeToyEngine()
    const mask = new Uint8Array(e.layout.size)
    let seed = 1
    for (let game = 0; game < 50; game++) {
      const s = e.init(game)
      let steps = 0
      while (e.decision(s)) {
        const n = e.legal(s, mask)
        expect(n).toBeGreaterThan(0)
        let k = (seed = (seed * 1103515245 + 12345) >>> 0) % n
        let a = 0
        for (; a < mask.length; a++) if (mask[a] && k-- === 0) break
        expect(e.apply(s, a)).toBeNull()
        expect(e.invariants(s)).toEqual([])
        expect(++steps).toBeLessThan(10000)
      }
      expect(e.outcome(s)).not.toBeNull()
    }
  })

  it('refuses a masked-out action without changing the state', () => {
    const e = makeToyEngine()
    const s = e.init(1)
    const h = e.hash(s)
    const r = e.apply(s, e.layout.offset.hex)
    expect(r?.code).toBe('ACTION_ILLEGAL')
    expect(e.hash(s)).toBe(h)
  })
})
