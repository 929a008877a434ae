// The hbl engine plays complete games legally and finitely, and the deck's
// order is chance, not a secret: it is never in the state, and the encoding of
// two positions that differ only in what the next cards will be is identical.
import { describe, expect, it } from 'vitest'
import { hblEngine, lcg, legalIds } from './helpers.ts'
import type { ObsBuffers } from '../../env/core/types.ts'

const e = hblEngine()
const mask = new Uint8Array(e.layout.size)

function buffers(): ObsBuffers {
  const { planes, globals } = e.obs
  return {
    planes: new Float32Array(planes.length * e.grid.size),
    entities: new Float32Array(e.obs.maxEntities * e.obs.entityFeatures.length),
    globals: new Float32Array(globals.length),
  }
}

describe('hbl engine', () => {
  it('random games end within the turn cap, every mask non-empty, every state sound', () => {
    const rnd = lcg(7)
    let decisions = 0
    const kinds = new Set<string>()
    for (let g = 0; g < 30; g++) {
      const s = e.init(g)
      let n = 0
      for (;;) {
        const d = e.decision(s)
        if (!d) break
        kinds.add(d.kind)
        const ids = legalIds(e, s, mask)
        expect(ids.length).toBeGreaterThan(0)
        expect(e.apply(s, ids[Math.floor(rnd() * ids.length)] as number)).toBeNull()
        expect(e.invariants(s)).toEqual([])
        n++
        expect(n).toBeLessThan(20000)
      }
      expect(e.outcome(s)).not.toBeNull()
      expect(s.turn).toBeLessThanOrEqual(e.scenario.turns + 1)
      decisions += n
    }
    expect(decisions).toBeGreaterThan(1000)
    // The games reach the deck's main decisions.
    for (const k of ['initiative-order', 'activate', 'move-unit', 'move', 'melee', 'rally', 'formation', 'gun']) expect(kinds).toContain(k)
  })

  it('same seed and actions: the same game, hash for hash', () => {
    const rnd = lcg(3)
    const a = e.init(11)
    const b = e.init(11)
    for (let i = 0; i < 300 && e.decision(a); i++) {
      const ids = legalIds(e, a, mask)
      const x = ids[Math.floor(rnd() * ids.length)] as number
      e.apply(a, x)
      e.apply(b, x)
      expect(e.hash(b)).toBe(e.hash(a))
    }
  })

  it('the deck order is not observable: positions differing only in the cards to come encode identically', () => {
    const s = e.init(5)
    // Walk into the game a little.
    const rnd = lcg(9)
    for (let i = 0; i < 40 && e.decision(s); i++) {
      const ids = legalIds(e, s, mask)
      e.apply(s, ids[Math.floor(rnd() * ids.length)] as number)
    }
    const t = e.clone(s)
    // Another generator state and other named next cards: the future draws differ, the position does not.
    const ds = t.dice as { x: number; y: number; z: number; w: number }
    ds.x ^= 0x5a5a5a5a
    ds.w ^= 0x13579bdf
    ;(t as unknown as { top0: number[]; top1: number[] }).top0 = [2, 0, 6]
    ;(t as unknown as { top0: number[]; top1: number[] }).top1 = [5]
    expect(e.hash(t)).not.toBe(e.hash(s))
    for (const p of [0, 1] as const) {
      const A = buffers()
      const B = buffers()
      e.encode(s, p, A)
      e.encode(t, p, B)
      expect(Array.from(B.planes)).toEqual(Array.from(A.planes))
      expect(Array.from(B.entities)).toEqual(Array.from(A.entities))
      expect(Array.from(B.globals)).toEqual(Array.from(A.globals))
    }
    // The state holds the remaining cards as counts by type only.
    const deck = (s as unknown as { deck: number[] }).deck
    expect(deck.length).toBe(20)
  })

  it('the observation shows the remaining cards, the current card and the chips', () => {
    const g = e.obs.globals
    for (const k of ['card:march', 'own-deck:lull', 'enemy-deck:melee', 'own-chips', 'enemy-chips', 'own-pips', 'stolen']) expect(g).toContain(k)
    const s = e.init(1)
    const B = buffers()
    e.encode(s, 0, B)
    const i = g.indexOf('own-deck:melee')
    expect(B.globals[i]).toBeCloseTo(0.6)
  })

  it('an illegal action is refused with ACTION_ILLEGAL and leaves the state alone', () => {
    const s = e.init(2)
    const h = e.hash(s)
    e.legal(s, mask)
    const bad = mask.findIndex((v) => v === 0)
    expect(e.apply(s, bad)?.code).toBe('ACTION_ILLEGAL')
    expect(e.hash(s)).toBe(h)
  })
})
