// Marignan state (plain JSON data, struct-of-arrays of small ints), phases,
// decision kinds, choice verbs, flags and the event union.

import type { BaseState, Player, RolledEvent } from '../../core/types.ts'
import type { DiceState } from '../../dice.ts'

/** Side 0 is the Swiss army (moves first, friendly edge N), side 1 the French (edge S). */
export const SWISS = 0 as const
export const FRENCH = 1 as const

/** Phases of a player turn (2.1), then the two-day scenario's night reorganisation (14.2). */
export const PHASES = [
  'command',
  'reorganisation',
  'rout',
  'movement',
  'hedgehog-removal',
  'retreat',
  'defensive-fire',
  'offensive-fire',
  'melee',
  'night-reorganisation',
  'night-fortify',
  'over',
] as const
export type PhaseName = (typeof PHASES)[number]
export const P = Object.fromEntries(PHASES.map((k, i) => [k, i])) as { readonly [K in PhaseName]: number }

/** Decision kinds (index = id in observations). */
export const KINDS = [
  'move', // active: a unit/commander to move (or enter), or end movement
  'move-unit', // active: hex to enter, new facing, hedgehog, or stop
  'hedgehog', // passive: a stack committed by cavalry attempts hedgehog, or takes the commitment test (9.4)
  'unhedge', // active: remove a hedgehog marker, or end (2.1 step 3)
  'retreat', // passive: a cavalry/arquebusier unit to retreat, a corps for a General Retreat Order, or end (11)
  'retreat-hex', // passive: the hex the retreating unit backs into
  'fire', // firing player: the first unit of a shot, or end the fire phase (12)
  'fire-target', // the hex to fire at
  'fire-add', // add a unit to the combined shot, or fire
  'melee', // active: the enemy hex to attack next (13)
  'melee-add', // active: add an attacking unit, or attack
  'loss', // owner: which unit takes an elimination (12.4)
  'advance', // active: a unit advancing after combat, or end (13.3)
  'advance-face', // active: the advanced unit's facing
  'successor', // French: the commander who takes over a dead commander's corps (7.1)
  'night-place', // 14.2: a unit to pick up and place, or end
  'night-hex', // 14.2: where it goes
  'fortify', // 14.2: a hex for a French fortification marker, or end
] as const
export type KindName = (typeof KINDS)[number]
export const K = Object.fromEntries(KINDS.map((k, i) => [k, i])) as { readonly [N in KindName]: number }

export const CHOICES = ['end', 'stop', 'face-N', 'face-NE', 'face-SE', 'face-S', 'face-SW', 'face-NW', 'hedgehog', 'test', 'fire', 'attack'] as const
export type ChoiceName = (typeof CHOICES)[number]
export const C = Object.fromEntries(CHOICES.map((c, i) => [c, i])) as { readonly [N in ChoiceName]: number }
/** choice id of face-<side d> */
export const FACE0 = C['face-N']

/** Unit status. */
export const STATUS = ['ordered', 'disordered', 'routed', 'eliminated', 'waiting', 'exited'] as const
export const S_ORD = 0
export const S_DIS = 1
export const S_ROUT = 2
export const S_ELIM = 3
/** Not yet entered (Swiss column and skirmishers, 14.1). */
export const S_WAIT = 4
/** Routed off the friendly edge (counts as eliminated, 10.1). */
export const S_EXIT = 5

/** Leader status. */
export const LSTATUS = ['ok', 'injured', 'dead', 'waiting', 'replacing'] as const
export const L_OK = 0
export const L_INJ = 1
export const L_DEAD = 2
export const L_WAIT = 3
/** A dead Swiss commander whose replacement arrives in the next Swiss reorganisation phase (7.1). */
export const L_REPL = 4

// unit flags
export const F_HEDGE = 1
export const F_CHARGE = 2
export const F_OOC = 4
/** Moved / fired / attacked / retreated / placed in the current phase. */
export const F_DONE = 8

// task queue records (width QW): [kind, a, b, c, d, e]
export const QW = 6
export const Q_HIT = 1 // [hex or -1 for the melee group, side, eliminations, test modifier or NO_TEST, disorganised]
export const Q_ADV = 2 // [hex]
export const Q_SUCC = 3 // [corps]
export const Q_HEDGE = 4 // [hex, rear, 0]
export const NO_TEST = 99

export interface MState extends BaseState {
  ruleset: 'marignan'
  turn: number
  dice: DiceState
  ply: number
  /** Active player (the Swiss go first, 2). */
  active: Player
  phase: number
  /** Current decision kind, -1 when the game is over. */
  dk: number
  // units, scenario order
  hex: number[]
  st: number[]
  face: number[]
  fl: number[]
  /** Counter type index (a Swiss replacement counter swaps the type, 1.1). */
  ty: number[]
  // commanders, scenario order
  lhex: number[]
  lst: number[]
  lfl: number[]
  /** Per corps: the commander in charge (-1 none: out of command). */
  cmd: number[]
  /** Per corps: successor taking over at the next reorganisation phase (-1 none). */
  pend: number[]
  /** Per corps morale (French corps; Swiss corps unused). */
  mor: number[]
  /** Swiss army morale (8.1). */
  army: number
  /** Selected unit (or leader, as nU + index) of the current compound decision. */
  sel: number
  mp: number
  spent: number
  /** Current shot / melee group (unit indices). */
  grp: number[]
  tgt: number
  /** Pending tasks (QW ints each). */
  q: number[]
  /** Candidates of the elimination being chosen. */
  lc: number[]
  /** Hexes already attacked this melee phase. */
  hit: number[]
  /** Places captured by the Swiss (bit per place, 8.1). */
  cap: number
  /** Bit 0: Swiss fortification bonus given; bit 1: night reorganisation done. */
  flags: number
  /** Corps that received a General Retreat Order this phase (bit per corps). */
  gro: number
  /** Fortification markers placed (hexes). */
  forts: number[]
  /** 0 running, 1 Swiss won, 2 French won, 3 draw. */
  over: number
  why: string
}

export type MEvent =
  | RolledEvent
  | { type: 'phase'; phase: string; player: Player; turn: number }
  | { type: 'test'; unit: string; morale: number; mod: number; roll: number; passed: boolean; why: string }
  | { type: 'status-changed'; unit: string; from: string; to: string; why: string }
  | { type: 'moved'; unit: string; from: string | null; to: string; cost: number }
  | { type: 'faced'; unit: string; facing: string }
  | { type: 'committed'; unit: string; by: string; rear: boolean }
  | { type: 'commit-failed'; unit: string; hex: string }
  | { type: 'hedgehog'; unit: string; on: boolean }
  | { type: 'charge'; unit: string }
  | { type: 'out-of-command'; unit: string; on: boolean }
  | { type: 'fired'; units: string[]; target: string; strength: number; column: string; modifier: number; shift: number; dieMod: number; die: number; result: string }
  | { type: 'melee'; attackers: string[]; target: string; attack: number; defence: number; odds: string; column: string; modifier: number; shift: number; dieMod: number; die: number; result: string; modifiers: string[] }
  | { type: 'eliminated'; unit: string; why: string }
  | { type: 'replaced'; unit: string; by: string }
  | { type: 'rout-move'; unit: string; path: string[] }
  | { type: 'retreated'; unit: string; from: string; to: string }
  | { type: 'general-retreat'; corps: string }
  | { type: 'advanced'; unit: string; to: string }
  | { type: 'morale'; corps: string; delta: number; to: number; why: string }
  | { type: 'demoralised'; corps: string; on: boolean }
  | { type: 'leader-injured'; leader: string }
  | { type: 'leader-killed'; leader: string }
  | { type: 'leader-moved'; leader: string; to: string }
  | { type: 'leader-replaced'; leader: string; hex: string }
  | { type: 'successor'; corps: string; leader: string }
  | { type: 'captured'; place: string }
  | { type: 'fortified'; hex: string }
  | { type: 'game-over'; winner: Player | null; reason: string }

export type Events = MEvent[] | undefined
