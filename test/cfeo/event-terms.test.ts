// Gun fire events carry the Guns table's modifiers that entered the roll, and small-arms events how
// their dice were counted (Giving Fire), so the log shows a referee where the numbers came from. Each case replays a conformance fixture (forced dice) and expects the
// modifiers the table gives for that shot.
import { describe, it } from 'vitest'
import { expectFixtureEvents } from '../helpers/event-terms.ts'

const CASES: [string, Record<string, unknown>][] = [
  // a medium gun at close range on a new target: D6 5 - 1 = 4
  ['cfeo-fire-gun-close-new-target', { type: 'gun-fired', roll: 5, total: 4, terms: ['new target -1'] }],
  // a medium gun at effective range on a column, new target: D6 4 + 1 - 1 = 4
  ['cfeo-fire-gun-effective-4plus', { type: 'gun-fired', roll: 4, total: 4, terms: ['column, limbered or enfiladed +1', 'new target -1'] }],
  // Giving Fire: a die per front-rank stand (both ranks in caracole), 2 per Tercio shot stand, -1 a DP,
  // halved against hard cover
  ['cfeo-fire-caracole-both-ranks', { type: 'small-arms', dice: 4, terms: ['4 for the stands in caracole'] }],
  ['cfeo-fire-hard-cover-halves', { type: 'small-arms', dice: 2, terms: ['4 for the front rank', 'halved: hard cover'] }],
  ['cfeo-fire-less-1-die-per-dp', { type: 'small-arms', dice: 3, terms: ['4 for the front rank', '-1 for DPs'] }],
  ['cfeo-fire-tercio-2-dice-per-shot-stand', { type: 'small-arms', dice: 4, terms: ["4 for the front rank's shot"] }],
]

describe('cfeo fire events carry their modifiers', () => {
  for (const [id, event] of CASES) {
    it(`${id}: ${(event.terms as string[]).join(', ')}`, () => {
      expectFixtureEvents('cfeo', id, [event])
    })
  }
})
