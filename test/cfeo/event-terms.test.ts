// Gun fire events carry the Guns table's modifiers that entered the roll, so the log shows a referee
// where the total came from. Each case replays a conformance fixture (forced dice) and expects the
// modifiers the table gives for that shot.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { formatResult, runFixture } from '../../env/conformance/runner.ts'

const fixture = (id: string, events: Record<string, unknown>[]) => {
  const f = JSON.parse(readFileSync(new URL(`../fixtures/cfeo/${id}.json`, import.meta.url), 'utf8'))
  return { ...f, expect: { events } }
}

const CASES: [string, Record<string, unknown>][] = [
  // a medium gun at close range on a new target: D6 5 - 1 = 4
  ['cfeo-fire-gun-close-new-target', { type: 'gun-fired', roll: 5, total: 4, terms: ['new target -1'] }],
  // a medium gun at effective range on a column, new target: D6 4 + 1 - 1 = 4
  ['cfeo-fire-gun-effective-4plus', { type: 'gun-fired', roll: 4, total: 4, terms: ['column, limbered or enfiladed +1', 'new target -1'] }],
]

describe('cfeo gun fire events carry their modifiers', () => {
  for (const [id, event] of CASES) {
    it(`${id}: ${(event.terms as string[]).join(', ')}`, () => {
      const r = runFixture(fixture(id, [event]))
      expect(r.passed, formatResult(r)).toBe(true)
    })
  }
})
