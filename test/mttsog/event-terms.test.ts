// Shooting events carry F 2)'s modifiers that moved the number needed from 4+, so the log shows a
// referee where it came from. Each case replays a conformance fixture (forced dice) and expects the
// modifiers the seed's list gives for that shot.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { formatResult, runFixture } from '../../env/conformance/runner.ts'

const fixture = (id: string, events: Record<string, unknown>[]) => {
  const f = JSON.parse(readFileSync(new URL(`../fixtures/mttsog/${id}.json`, import.meta.url), 'utf8'))
  return { ...f, expect: { events } }
}

const CASES: [string, Record<string, unknown>][] = [
  // British line +1, French infantry in open order -1: 4+
  ['F2-minus-1-vs-open-order', { type: 'shot', need: 4, terms: ['vs open order -1', 'British line fire +1'] }],
  ['F2-minus-1-vs-unlimbered-artillery', { type: 'shot', need: 5, terms: ['vs unlimbered -1'] }],
  ['F2-plus-1-vs-square', { type: 'shot', need: 3, terms: ['vs square +1'] }],
]

describe('mttsog shooting events carry their modifiers', () => {
  for (const [id, event] of CASES) {
    it(`${id}: ${(event.terms as string[]).join(', ')}`, () => {
      const r = runFixture(fixture(id, [event]))
      expect(r.passed, formatResult(r)).toBe(true)
    })
  }
})
