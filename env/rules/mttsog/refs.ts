// The sections of "March Toward the Sound of Guns" (seed 003) each mttsog event applies.

import { type RefTable, rule } from '../shared/refs.ts'

const COMMAND = rule('D)', 'Command phase')
const MOVE = rule('E)', 'Movement phase')
const MELEE = rule('G)', 'Melee')
const TERMS = rule('I)', 'Game terms')

export const REFS: RefTable = {
  phase: rule('B)', 'Turn sequence'),
  cp: COMMAND,
  spent: COMMAND,
  moved: MOVE,
  faced: MOVE,
  formation: MOVE,
  'leader-moved': MOVE,
  evaded: MOVE,
  shot: rule('F)', 'Shooting phase'),
  saved: rule('F)', 'Shooting phase'),
  'stands-lost': rule('F)/G)', 'Hits and stands lost'),
  'melee-dice': MELEE,
  melee: MELEE,
  retreated: MELEE,
  'rout-move': TERMS,
  qc: TERMS,
  'status-check': TERMS,
  'status-changed': TERMS,
  exhausted: TERMS,
  removed: TERMS,
  'leader-removed': COMMAND,
  'army-morale': rule('H)', 'End phase'),
}
