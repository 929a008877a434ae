// The sections of "Paris is Worth a Mass" (seed 000) each piwam event applies.

import { type RefTable, rule } from '../shared/refs.ts'

const MORALE = rule('5.0', 'Morale checks')
const STATUS = rule('5.1', 'Unit status effects')
const RETREAT = rule('5.3', 'Broken units')
const ROUT = rule('1.3', 'Rout movement')
const LEADERS = rule('2.1', 'Leaders')
const REACTION = rule('3.3', 'Reaction movement')

export const REFS: RefTable = {
  initiative: rule('1.1', 'Initiative'),
  'preempt-attempt': rule('1.2 (A)', 'Preemption attempt'),
  'order-change': rule('1.2 (B)', 'Change order attempt'),
  'wing-activated': rule('1.2', 'Activation phase'),
  'wing-finished': rule('1.2', 'Activation phase'),
  'continuation-attempt': rule('1.2 (E)', 'Continuation attempt'),
  moved: rule('3.1', 'Orientation and movement'),
  faced: rule('3.1', 'Orientation and movement'),
  'leader-moved': LEADERS,
  fired: rule('4.1', 'Fire combat'),
  'combat-designated': rule('1.2 (D)', 'Close combat designation'),
  combat: rule('4.2', 'Close combat'),
  advanced: rule('4.2', 'Close combat'),
  'morale-check': MORALE,
  'status-changed': STATUS,
  rally: rule('5.2', 'Rally'),
  retreated: RETREAT,
  stood: RETREAT,
  eliminated: STATUS,
  rout: ROUT,
  exited: ROUT,
  'leader-lost': LEADERS,
  'leader-replaced': LEADERS,
  'intercept-attempt': REACTION,
  withdrew: REACTION,
  'turn-ended': rule('1.4', 'End of turn'),
}
