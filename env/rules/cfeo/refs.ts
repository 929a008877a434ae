// The sections of "CFEO 16th C" (seed 002) each cfeo event applies. The text titles its sections
// without numbers; they are cited by title.

import { type RefTable, rule } from '../shared/refs.ts'

const FIRE = rule('', 'Giving Fire')
const COMBAT = rule('', 'Hand to Hand Combat')
const RESULTS = rule('', 'Combat Results')
const LEADERS = rule('', 'Command Actions')
const MORALE = rule('', 'Morale')
const MOVE = rule('', 'Movement')

export const REFS: RefTable = {
  initiative: rule('', 'Sequence of Play'),
  phase: rule('', 'Sequence of Play'),
  'gun-fired': FIRE,
  'small-arms': FIRE,
  dp: MORALE,
  casualty: RESULTS,
  destroyed: RESULTS,
  'leader-moved': LEADERS,
  'leader-attached': LEADERS,
  'leader-influence': LEADERS,
  'order-changed': rule('', 'Orders'),
  'leader-hit': rule('', 'Risk to Leaders'),
  'control-test': rule('', 'Control Test Procedure'),
  moved: MOVE,
  faced: rule('', 'Movement and Manoeuvre'),
  formation: rule('', 'Unit Formations'),
  'move-roll': MOVE,
  'charge-declared': rule('', 'Charge Declarations'),
  'charge-response': rule('', 'Charges'),
  'charge-move': rule('', 'Charge Move'),
  combat: COMBAT,
  'after-combat': RESULTS,
  'fast-move': RESULTS,
  'free-hack': RESULTS,
  status: MORALE,
  rally: MORALE,
  'gun-abandoned': rule('', 'Combat Resolution'),
  redress: rule('', 'Morale Phase'),
  'turn-ended': rule('', 'Sequence of Play'),
}
