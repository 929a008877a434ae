// mttsog state (plain JSON data, struct-of-arrays of small ints), phases,
// decision kinds, choice verbs, unit flags and the event union.

import type { BaseState, Player, RolledEvent } from '../../core/types.ts'
import type { DiceState } from '../../dice.ts'

/** B) Turn sequence of the phasing player. */
export const PHASES = ['command', 'movement', 'shooting', 'melee', 'end', 'over'] as const
export type PhaseName = (typeof PHASES)[number]
export const P = Object.fromEntries(PHASES.map((k, i) => [k, i])) as { readonly [K in PhaseName]: number }

export const KINDS = [
  'cp-pool', // corps commander: add a subordinate commander in range to his dice pool, or roll
  'cp-assign', // corps commander: which pooled commander takes the highest unassigned die
  'army-reroll', // army commander: re-roll one CP die of a commander in range, or pass
  'activate', // a commander with CP to spend, or end unit actions
  'act-unit', // the subordinate unit the selected commander acts with
  'act-verb', // move, group, rally, change formation
  'group-with', // the second unit of a group (in contact)
  'move', // the next hex, a final facing, or stop
  'rally-form', // the formation of a rallied unit
  'rally-face', // the facing of a rallied unit
  'square', // non-phasing: attempt an emergency square (QC)
  'evade', // non-phasing: charged cavalry evades or stands
  'commander', // a commander to move (after all units), or end
  'commander-hex', // where he goes
  'shoot', // a unit to shoot, or end the shooting phase
  'shoot-target', // the hex of its target
  'melee', // the defender of the next combat
  'give-way', // a retreat into a friend: give way or stand firm
  'pursue', // cavalry winner not exhausted: pursue or not
  'consolidate', // infantry winner: a new facing, or pass
] as const
export type KindName = (typeof KINDS)[number]
export const K = Object.fromEntries(KINDS.map((k, i) => [k, i])) as { readonly [N in KindName]: number }

export const CHOICES = [
  'end',
  'roll',
  'pass',
  'yes',
  'no',
  'stop',
  'move',
  'group',
  'rally',
  'form-line',
  'form-column',
  'form-square',
  'form-open',
  'form-march',
  'limber',
  'unlimber',
  'face-N',
  'face-NE',
  'face-SE',
  'face-S',
  'face-SW',
  'face-NW',
  'give-way',
  'stand-firm',
] as const
export type ChoiceName = (typeof CHOICES)[number]
export const C = Object.fromEntries(CHOICES.map((c, i) => [c, i])) as { readonly [N in ChoiceName]: number }
export const FACE0 = C['face-N']
/** choice id of a formation verb, by formation index (tables.FORMATIONS order). */
export const FORM_CHOICE = [C['form-line'], C['form-column'], C['form-square'], C['form-open'], C['form-march'], C['limber'], C['unlimber']] as const

/** I) Order Status: good, disordered, routed; then off the board. */
export const STATUS = ['good', 'disordered', 'routed', 'destroyed', 'surrendered', 'exited'] as const
export const S_GOOD = 0
export const S_DIS = 1
export const S_ROUT = 2
export const S_DEAD = 3
export const S_SURR = 4
export const S_EXIT = 5

// unit flags
export const F_CHARGE = 1 // moved into contact this movement phase: fights in the melee phase
export const F_EXH = 2 // exhausted cavalry
export const F_RALLIED = 4 // rallied this turn: cannot move or shoot
export const F_MELEE = 8 // took part in a melee since its owner's last end phase
export const F_SHOT = 16 // has shot this phase
export const F_SQFAIL = 32 // failed an emergency square attempt this turn (further attempts are compulsory)
export const F_ACTED = 64 // moved this movement phase (informational)

// leader flags
export const LF_POOL = 1 // in the current corps dice pool
export const LF_ROLLED = 2 // has his CP die this turn
export const LF_MOVED = 4 // moved in this movement phase
export const LF_REMOVED = 8 // removed: all his subordinate units destroyed

// task records in s.q (width QW): [kind, a, b, x]
export const QW = 4
export const T_SQUARE = 1 // [inf, cav, 0]: the infantry's owner may attempt an emergency square
export const T_EVADE = 2 // [cav, charger, 0]: the cavalry's owner may evade
export const T_RETREAT = 3 // [unit, direction, status dice]: retreat a stand depth, then the status check
export const T_EXHQC = 4 // [cav, enemy, 0]: exhaustion QC after a round of combat
export const T_PURSUE = 5 // [cav, loser, round]: the winner may pursue
export const T_CONSOL = 6 // [inf, foe, round]: the winner consolidates (may re-face)

export interface MtState extends BaseState {
  ruleset: 'mttsog'
  turn: number
  dice: DiceState
  ply: number
  active: Player
  phase: number
  /** Current decision kind, -1 when the game is over. */
  dk: number
  // units, scenario order
  hex: number[]
  face: number[]
  /** Formation index (tables.FORMATIONS); in difficult terrain infantry fight as open order but keep it. */
  form: number[]
  st: number[]
  stands: number[]
  /** Hits scored on the unit in the current shooting phase, applied after the phase. */
  hits: number[]
  fl: number[]
  // leaders, scenario order
  lhex: number[]
  cp: number[]
  lfl: number[]
  /** Corps commander building or assigning a pool (leader index), -1 none. */
  corps: number
  /** CP dice rolled for the current pool, highest first, not yet assigned. */
  dice6: number[]
  /** Selected commander (activate), -1 none. */
  lead: number
  /** Selected unit and its group partner, -1 none. */
  sel: number
  sel2: number
  /** Movement points left of the current move; whether the difficult-ground CP was paid. */
  mp: number
  paid: number
  /** Pending tasks (QW ints each), first first. */
  q: number[]
  /** Emergency-square attempts made this turn: inf * nU + cav pairs. */
  sqTried: number[]
  /** Current melee: attackers and defender, round. */
  atk: number[]
  def: number
  round: number
  /** 0 running, 1 side 0 won, 2 side 1 won, 3 draw. */
  over: number
  why: string
}

export type MtEvent =
  | RolledEvent
  | { type: 'phase'; phase: string; player: Player; turn: number }
  | { type: 'cp'; leader: string; cp: number; why: string }
  | { type: 'spent'; leader: string; unit: string; cost: number; left: number; what: string }
  | { type: 'moved'; unit: string; from: string; to: string }
  | { type: 'faced'; unit: string; facing: string }
  | { type: 'formation'; unit: string; formation: string }
  | { type: 'qc'; unit: string; quality: string; roll: number; passed: boolean; why: string }
  | { type: 'status-changed'; unit: string; from: string; to: string; why: string }
  | { type: 'exhausted'; unit: string; on: boolean }
  | { type: 'shot'; unit: string; target: string; dice: number; need: number; hits: number; why: string }
  | { type: 'saved'; unit: string; saves: number }
  | { type: 'stands-lost'; unit: string; stands: number; left: number; discarded: number }
  | { type: 'status-check'; unit: string; dice: number; sixes: number }
  | { type: 'melee'; attackers: string[]; defender: string; attackerHits: number; defenderHits: number; attackerScore: number; defenderScore: number; result: string; round: number }
  | { type: 'retreated'; unit: string; from: string; to: string }
  | { type: 'rout-move'; unit: string; path: string[] }
  | { type: 'evaded'; unit: string; path: string[] }
  | { type: 'removed'; unit: string; why: string }
  | { type: 'leader-moved'; leader: string; to: string }
  | { type: 'leader-removed'; leader: string }
  | { type: 'army-morale'; side: Player; losses: number; breakPoint: number; broken: boolean }
  | { type: 'game-over'; winner: Player | null; reason: string }

export type Events = MtEvent[] | undefined
