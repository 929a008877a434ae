// The sections of "Marignan 1515" (Vae Victus no. 3, seed 001) each marignan event applies.

import { type RefTable, rule } from '../shared/refs.ts'

const MORALE_TEST = rule('0.2', 'Morale tests')
const ARMY_MORALE = rule('8', 'Morale of the army corps')
const LEADERS = rule('7', 'The commanders')
const DEATH = rule('7.1', 'The death of the leaders')

export const REFS: RefTable = {
  phase: rule('2.1', 'Sequence of play'),
  test: MORALE_TEST,
  'status-changed': rule('10', 'Rout'),
  moved: rule('9', 'Movement'),
  faced: rule('3', 'Facing'),
  committed: rule('9.2', 'Test of commitment'),
  'commit-failed': rule('9.2', 'Test of commitment'),
  charge: rule('9.3', 'Cavalry charge'),
  hedgehog: rule('9.4', 'Hedgehog formation'),
  'out-of-command': rule('6.2', 'Effects of being out of command'),
  fired: rule('12.4', 'Firing procedure'),
  melee: rule('13.2', 'Melee procedure'),
  advanced: rule('13.3', 'Advance after combat'),
  eliminated: rule('12.4/13.2', 'Combat results'),
  replaced: rule('2.1', 'Reorganisation phase'),
  'rout-move': rule('10.1', 'Rout movement'),
  retreated: rule('11', 'Retreat movement'),
  'general-retreat': rule('11', 'Retreat movement'),
  morale: ARMY_MORALE,
  demoralised: rule('8.3', 'Effects of demoralisation'),
  'leader-injured': rule('12.5', 'Injury of the commanders'),
  'leader-killed': DEATH,
  'leader-moved': LEADERS,
  'leader-follows': LEADERS,
  'leader-replaced': DEATH,
  successor: DEATH,
  heroic: rule('7.2', 'Heroic value'),
  deployed: rule('14.1', 'The first day'),
  captured: rule('14', 'Scenarios'),
  fortified: rule('14', 'Scenarios'),
}
