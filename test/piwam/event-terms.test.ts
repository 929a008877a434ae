// Fire (4.1) and close combat (4.2) events carry the modifier terms that entered the roll, so the log
// shows a referee where the total came from. Each case replays a conformance fixture (forced dice) and
// expects the terms the seed's formulas give for that position.
import { describe, expect, it } from 'vitest'
import { expectFixtureEvents } from '../helpers/event-terms.ts'
import { describeEvent } from '../../env/rules/piwam/view.ts'

const CASES: [string, Record<string, unknown>][] = [
  // 4.2: attacker morale 8 (S) - defender morale 5 (A) + interaction S vs A 3 + defending leader -1 = 5
  ['piwam-2.1a-defending-leader-subtracts', { type: 'combat', modifier: 5, terms: ['attacker morale +8', 'defender morale -5', 'unit type S vs A +3', 'defending leader RW1 -1'] }],
  // 4.2: 6 - 5 + 2 (C vs A) + charge bonus 2 (cuirassiers) = 5
  ['piwam-4.2-charge-bonus', { type: 'combat', modifier: 5, terms: ['attacker morale +6', 'defender morale -5', 'unit type C vs A +2', 'charge bonus +2'] }],
  // 4.2: defender's terrain, woods -2
  ['piwam-4.2-defender-terrain-woods', { type: 'combat', modifier: 4, terms: ['attacker morale +8', 'defender morale -5', 'unit type S vs A +3', "defender's terrain (woods) -2"] }],
  // 4.1: +1 per additional MP spent
  ['piwam-4.1-extra-mp-drm', { type: 'fired', roll: 4, total: 6, terms: ['extra MP spent +2'] }],
  // 5.1: disordered fire -1; shaken -2
  ['piwam-5.1-disordered-fire-minus-1', { type: 'fired', roll: 6, total: 5, terms: ['firer disordered -1'] }],
  ['piwam-5.1-shaken-defensive-fire-minus-2', { type: 'fired', roll: 8, total: 6, terms: ['firer shaken -2'] }],
]

describe('piwam fire and close combat events carry their modifier terms', () => {
  for (const [id, event] of CASES) {
    it(`${id}: ${(event.terms as string[]).join(', ')}`, () => {
      expectFixtureEvents('piwam', id, [event])
    })
  }

  it('the log line shows the roll, each term and the total', () => {
    const terms = ['attacker morale +6', 'defender morale -5', 'unit type C vs A +2', 'charge bonus +2']
    const text = describeEvent({ type: 'combat', lead: 'B-C', defender: 'R-A', supports: 0, modifier: 5, terms, roll: 1, total: 6, result: 'A0 D1R1', reaction: false })
    expect(text).toBe('close combat B-C vs R-A: roll 1 +5 [attacker morale +6, defender morale -5, unit type C vs A +2, charge bonus +2] = 6 -> A0 D1R1')
    const fire = describeEvent({ type: 'fired', unit: 'B-A', target: '0404', range: 1, toHit: 6, roll: 6, terms: ['firer disordered -1'], total: 5, hit: false, margin: 0, defensive: false })
    expect(fire).toBe('B-A fires at 0404 (range 1): roll 6 -1 [firer disordered -1] = 5 vs 6 - miss')
  })
})
