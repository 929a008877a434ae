// Shooting and melee events carry the factors that shifted each die (15 and 18 January rules), so the log
// shows a referee where the die came from. Each case replays a conformance fixture (forced dice) and
// expects the factors its description gives.
import { describe, it } from 'vitest'
import { expectFixtureEvents } from '../helpers/event-terms.ts'

const CASES: [string, string, Record<string, unknown>][] = [
  // close range Up 2, pike square Up 2, flank Up 1: D6 Up 5 = D12+2
  ['shift-fire', 'hbl-H6-fire-cap-12', { type: 'fired', die: 'D12+2', factors: ['closeRange+2', 'vsPike+2', 'vsFlank+1'] }],
  // Gendarmes Up 5 (initiating, formed type I, superior armour, superior weapon, flanking); the arquebusiers
  // Down 5 (fully armoured, flanked, vexed, 2 UI lost)
  [
    'shift-melee',
    'hbl-H6-melee-D6-down-5-is-D4',
    {
      type: 'melee',
      dieA: 'D12+5',
      dieB: 'D4',
      factorsA: ['initiating+1', 'formedCavalryTypeI+1', 'superiorArmour+1', 'superiorWeapon+1', 'flanking+1'],
      factorsB: ['fullyArmoured-1', 'flanked-1', 'vexed-1', 'perUiLost-1', 'perUiLost-1'],
    },
  ],
]

describe('hbl shooting and melee events carry their die factors', () => {
  for (const [file, id, event] of CASES) {
    it(id, () => expectFixtureEvents('hbl', id, [event], file))
  }
})
