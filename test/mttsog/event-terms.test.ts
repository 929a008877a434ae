// Shooting events carry F 2)'s modifiers that moved the number needed from 4+, each group of melee
// dice (G 2-5) its own, and melee events what each side adds to its hits for the result (G), so the
// log shows a referee where the numbers came from.
// Each case replays a conformance fixture (forced dice) and expects the modifiers the seed gives.
import { describe, it } from 'vitest'
import { expectFixtureEvents } from '../helpers/event-terms.ts'

const CASES: [string, Record<string, unknown>][] = [
  // British line +1, French infantry in open order -1: 4+
  ['F2-minus-1-vs-open-order', { type: 'shot', need: 4, terms: ['vs open order -1', 'British line fire +1'] }],
  ['F2-minus-1-vs-unlimbered-artillery', { type: 'shot', need: 5, terms: ['vs unlimbered -1'] }],
  ['F2-plus-1-vs-square', { type: 'shot', need: 3, terms: ['vs square +1'] }],
  // G 4) melee dice: "Cav Vs Inf Square #6 to hit"; "+1 Vs disordered/routed en" (3+); "-1 if defended positions" (5+)
  ['G-square-cavalry-needs-6-and-ignore', { type: 'melee-dice', what: 'melee', need: 6, terms: ['cavalry vs square: 6 to hit'] }],
  ['G-disordered-defender', { type: 'melee-dice', what: 'melee', need: 3, terms: ['vs disordered/routed +1'] }],
  ['G-defended-behind-stream', { type: 'melee-dice', what: 'melee', need: 5, terms: ['vs defended position -1'] }],
  // G) the result: a column's 4 supporting stands +1 each; the defender on higher ground +1
  ['G-column-support', { type: 'melee', attackerHits: 3, attackerTerms: ['support +4'], defenderTerms: [], attackerScore: 7 }],
  ['G-hill-plus-1', { type: 'melee', attackerTerms: [], defenderTerms: ['hill +1'], defenderScore: 1 }],
]

describe('mttsog shooting and melee events carry their modifiers', () => {
  for (const [id, event] of CASES) {
    it(`${id}: ${JSON.stringify(event)}`, () => {
      expectFixtureEvents('mttsog', id, [event])
    })
  }
})
