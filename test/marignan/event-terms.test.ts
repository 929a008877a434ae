// Fire events carry 12.4's fire combat modifiers that entered the shot, so the log shows a referee
// where the column shift and die modifier came from. Each case replays a conformance fixture (forced
// dice) and expects the modifiers the seed's list gives for that shot.
import { describe, it } from 'vitest'
import { expectFixtureEvents } from '../helpers/event-terms.ts'

const CASES: [string, Record<string, unknown>][] = [
  // the seed's firing example: Swiss arquebusiers (-1) in dense cultivations (-1)
  ['fire-example', { type: 'fired', modifier: -2, modifiers: ['Swiss arquebusiers -1', 'dense -1'] }],
  ['12.4-farm-minus-four', { type: 'fired', modifier: -4, modifiers: ['farm -4'] }],
  ['12.4-behind-fortification', { type: 'fired', modifier: -2, modifiers: ['fortification -2'] }],
  ['12.4-feeble-protection', { type: 'fired', modifier: 1, modifiers: ['feeble protection +1'] }],
  ['7.3-commander-fire-bonus', { type: 'fired', modifier: 1, modifiers: ['commander fire bonus +1'] }],
  ['8.3-demoralised-fire-minus-2', { type: 'fired', modifier: -2, modifiers: ['demoralised corps -2'] }],
]

describe('marignan fire events carry their modifiers', () => {
  for (const [id, event] of CASES) {
    it(`${id}: ${(event.modifiers as string[]).join(', ')}`, () => {
      expectFixtureEvents('marignan', id, [event])
    })
  }
})
