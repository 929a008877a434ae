// The parts of "Hell Broke Loose" (seed 004: three play-test posts) each hbl event applies. The posts
// carry no section numbers; they are cited by post and topic.

import { type RefTable, rule } from '../shared/refs.ts'

const SEQUENCE = rule('15 Jan', 'Sequence cards')
const MELEE = rule('18 Jan', 'Melee')
const MORALE = rule('18 Jan', 'Unit integrity and morale chips')
const MOVE = rule('15 Jan', 'Movement')

export const REFS: RefTable = {
  turn: SEQUENCE,
  initiative: rule('15 Jan', 'Initiative'),
  order: rule('15 Jan', 'Orders'),
  card: SEQUENCE,
  'card-unused': SEQUENCE,
  lull: rule('15 Jan', 'Lull'),
  activated: rule('15 Jan', 'Command die'),
  moved: MOVE,
  faced: MOVE,
  'move-lost': MOVE,
  contact: MELEE,
  melee: MELEE,
  'melee-ended': MELEE,
  'followed-up': MELEE,
  'pushed-back': MELEE,
  fired: rule('15 Jan', 'Shooting'),
  reloaded: rule('15 Jan', 'Shooting'),
  'ui-lost': MORALE,
  chips: MORALE,
  vexed: MORALE,
  'army-morale': MORALE,
  routed: rule('18 Jan', 'Rout'),
  destroyed: MORALE,
  rallied: rule('18 Jan', 'Rally'),
  attached: rule('15 Jan', 'Leaders'),
  refused: MELEE,
}
