// The order decisions of a General Retreat Order (11, `retreat-order`) and of the night fall-back
// (14.2 step 1, `night-order`): the name the player gave lives in the task queue, so clone, hash and
// restore carry it; naming one unit or the other gives different games.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseAction } from '../../env/core/actions.ts'
import type { Engine } from '../../env/core/types.ts'
import { marignan, type MEvent, type MState } from '../../env/rules/marignan/index.ts'
import { validateScenario } from '../../env/scenario/load.ts'

interface Fx {
  scenario: unknown
  start: Record<string, unknown>
  seed: number
}

function position(fixture: string): { e: Engine<MState, MEvent>; s: MState } {
  const fx = JSON.parse(readFileSync(new URL(`../fixtures/marignan/${fixture}.json`, import.meta.url), 'utf8')) as Fx
  const v = validateScenario(fx.scenario)
  if (!v.ok) throw new Error(v.error.message)
  const b = marignan.bind(v.value)
  if (!b.ok) throw new Error(b.error.message)
  const e = b.value as unknown as Engine<MState, MEvent>
  const s = e.init(fx.seed)
  const err = e.setup?.(s, fx.start)
  if (err) throw new Error(err.message)
  return { e, s }
}

function act(e: Engine<MState, MEvent>, s: MState, text: string): void {
  const a = parseAction(e.layout, e.grid, text)
  if (!a.ok) throw new Error(a.error.message)
  const r = e.apply(s, a.value, [])
  if (r) throw new Error(r.message)
}

function unitHex(e: Engine<MState, MEvent>, s: MState, id: string): string | null | undefined {
  return e.view(s).units.find((u) => u.id === id)?.hex
}

const cases = [
  { fixture: '11-general-retreat-order-chosen', kind: 'retreat-order', before: ['wing:F1'] },
  { fixture: '14.2-night-fall-back-order-chosen', kind: 'night-order', before: [] as string[] },
]

describe('marignan step order (11, 14.2)', () => {
  for (const c of cases) {
    it(`${c.kind}: the named unit survives clone / JSON restore with the same hash, decision and mask; the two names give different positions`, () => {
      const { e, s } = position(c.fixture)
      for (const a of c.before) act(e, s, a)
      expect(e.decision(s)?.kind).toBe(c.kind)
      const other = e.clone(s)
      act(e, s, 'unit:F-A2')
      act(e, other, 'unit:F-A1')
      expect(e.hash(s)).not.toBe(e.hash(other))
      const r = e.restore(JSON.parse(JSON.stringify(s)))
      if (!r.ok) throw new Error(r.error.message)
      expect(e.hash(r.value)).toBe(e.hash(s))
      expect(e.decision(r.value)).toEqual(e.decision(s))
      const m1 = new Uint8Array(e.layout.size)
      const m2 = new Uint8Array(e.layout.size)
      expect(e.legal(r.value, m2)).toBe(e.legal(s, m1))
      expect(Array.from(m2)).toEqual(Array.from(m1))
      // scenario order (F-A1 first) and the player's order (F-A2 first) end differently
      const finish = (x: MState): void => {
        for (let d = e.decision(x); d && (d.kind === 'retreat-hex' || d.kind === 'night-back'); d = e.decision(x)) {
          const m = new Uint8Array(e.layout.size)
          e.legal(x, m)
          const r2 = e.apply(x, m.indexOf(1), [])
          if (r2) throw new Error(r2.message)
        }
      }
      finish(s)
      finish(other)
      finish(r.value)
      expect(e.hash(r.value)).toBe(e.hash(s))
      expect(unitHex(e, s, 'F-A1')).not.toBe(unitHex(e, other, 'F-A1'))
    })
  }
})
