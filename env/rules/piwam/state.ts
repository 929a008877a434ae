// PIWAM state (plain JSON data, struct-of-arrays of small ints), decision
// kinds, choice verbs, flags and the event union.

import type { BaseState, Player } from '../../core/types.ts'
import type { DiceState } from '../../dice.ts'

/** Decision kinds: one per kind of choice the rules ask a player to make. Index = id in observations. */
export const KINDS = [
  'activate-wing', // active player picks the next wing (1.1)
  'preempt', // inactive player: a wing to attempt preemption, or pass (1.2 A)
  'change-order', // active: attempt a new order, or pass (1.2 B)
  'select-unit', // active: the next unit/leader to act, or end actions (1.2 C)
  'unit-action', // active: move hex, turn, countermarch, fire, rally, end
  'fire-target', // active: the hex to fire at
  'reaction', // inactive: a unit to react (defensive fire / reaction movement), or pass (3.3, 4.1)
  'reaction-kind', // inactive: fire, face, withdraw or intercept
  'withdraw-hex', // inactive: where the withdrawing unit goes (3.3 B)
  'designate-attack', // active: a unit to make a close-combat attack, or end (1.2 D)
  'attack-target', // active: the hex it attacks
  'designate-reaction', // inactive: a unit to make a reaction attack, or end
  'reaction-target', // inactive: the hex it attacks
  'choose-lead', // attacker: the lead unit among several attacking one hex (4.2)
  'advance-facing', // the advancing unit's owner: turn one vertex or keep (4.2)
  'defender-advance', // defender: advance into the attacker's vacated hex? (4.2)
  'continuation', // active: attempt continuation? (1.2 E)
] as const
export type KindName = (typeof KINDS)[number]
export const K = Object.fromEntries(KINDS.map((k, i) => [k, i])) as { readonly [P in KindName]: number }

export const CHOICES = [
  'pass',
  'end',
  'yes',
  'no',
  'charge',
  'march',
  'rally',
  'left',
  'right',
  'left2',
  'right2',
  'about',
  'fire',
  'fire+1',
  'fire+2',
  'rally-unit',
  'withdraw',
  'intercept',
] as const
export type ChoiceName = (typeof CHOICES)[number]
export const C = Object.fromEntries(CHOICES.map((c, i) => [c, i])) as { readonly [P in ChoiceName]: number }

// unit flags
export const F_ACTED = 1 // acted this activation
export const F_ART_FIRED = 2 // artillery fired / flipped this turn
export const F_REACTED = 4 // used reaction movement this enemy activation
export const F_G_REDUCED = 8 // gendarmes once reduced: never rallied past disordered
export const F_INTERCEPTOR = 16 // intercept marker
export const F_NO_CHARGE = 32 // was intercepted: no charge bonus
export const F_TURNED = 64 // changed facing during its current action
export const F_SPENT = 128 // spent MP this action (no rally after)
export const F_REACT_ATT = 256 // its designation is a reaction attack
export const F_ENDED = 512 // action cut short (interception, broken)
export const F_CHARGED = 1024 // attacked with a charge bonus (passthrough eligibility)
// leader flags
export const L_MOVED = 1
export const L_AIDED = 2 // a rally used him: may not move (2.1 B)
export const L_ACTED = 4 // acted: army commander once per turn, wing commander once per activation (ending his action without moving counts)
export const L_REACTED = 8
export const L_CARRY = 16 // stacked with the acting unit when its action began: moves with it
// leader states
export const LS_WAITING = 0
export const LS_IN = 1
export const LS_REMOVED = 2
// wing markers
export const M_FINISHED = 1
export const M_BYPASSED = 2
export const M_NOCONT = 4
export const M_PREEMPTING = 8
export const M_CONTINUED = 16 // current activation is a continuation / resumption: preempting it finishes the wing
export const MARKER_NAMES = ['finished', 'bypassed', 'no-continue', 'preempting', 'continued'] as const
// trigger bits (what an active unit just did, for reactions)
export const TR_ENTERED = 1
export const TR_MP = 2
export const TR_RALLY = 4
export const TR_FACED = 8
export const TR_FIRED = 16
// reaction options
export const O_FIRE = 1
export const O_FACE = 2
export const O_FACE2 = 4
export const O_WITHDRAW = 8
export const O_INTERCEPT = 16

export interface PiwamState extends BaseState {
  readonly ruleset: 'piwam'
  turn: number
  ply: number
  dice: DiceState
  // units (scenario order)
  uHex: number[]
  uFace: number[]
  uStatus: number[]
  /** 0 on the map, 1 eliminated, 2 exited (rout). */
  uGone: number[]
  uFlags: number[]
  /** Hexes moved in the current action (charge bonus). */
  uMoved: number[]
  /** Trigger id of its last reaction (one reaction per trigger). */
  uStamp: number[]
  /** Designated close-combat target hex, -1 none. */
  uTarget: number[]
  // leaders (scenario leaders then replacement slots)
  lHex: number[]
  lState: number[]
  lFlags: number[]
  // wings
  wOrder: number[]
  wMark: number[]
  wCont: number[]
  /** Leader slot commanding the wing, -1 none. */
  wCmd: number[]
  // flow
  kind: number
  player: number
  activeWing: number
  bypassed: number
  /** Player who picks the next wing. */
  chooser: number
  /** Selected unit (0..n-1) or leader (n + slot), -1 none. */
  sel: number
  mp: number
  /** Distance to the nearest enemy when the selected unit began its action (Rally orders). */
  startDist: number
  fireExtra: number
  preemptTried: number
  orderTried: number
  trig: number
  trigUnit: number
  trigBits: number
  trigHex: number
  /** Kind to return to when a reaction window closes. */
  resume: number
  react: number
  ccHex: number
  ccStage: number
  ccLead: number
  advUnit: number
  advFrom: number
  /** -1 playing, 0/1 winner, 2 draw. */
  winner: number
  reason: string
  score: [number, number]
}

export type PiwamEvent =
  | { type: 'rolled'; sides: number; value: number; forced: boolean; why: string }
  | { type: 'initiative'; player: Player; reason: string }
  | { type: 'wing-activated'; wing: string; player: Player; how: 'chosen' | 'preempt' | 'continuation' | 'resumed' }
  | { type: 'preempt-attempt'; wing: string; against: string; need: number; total: number; success: boolean }
  | { type: 'order-change'; wing: string; from: string; to: string; need: number; total: number; success: boolean }
  | { type: 'continuation-attempt'; wing: string; need: number; total: number; success: boolean }
  | { type: 'wing-finished'; wing: string }
  | { type: 'moved'; unit: string; from: string; to: string; mp: number }
  | { type: 'faced'; unit: string; from: string; to: string; mp: number }
  | { type: 'leader-moved'; leader: string; from: string; to: string }
  | { type: 'fired'; unit: string; target: string; range: number; toHit: number; roll: number; total: number; hit: boolean; margin: number; defensive: boolean }
  | { type: 'morale-check'; unit: string; roll: number; total: number; need: number; passed: boolean }
  | { type: 'status-changed'; unit: string; from: string; to: string }
  | { type: 'eliminated'; unit: string; why: string }
  | { type: 'exited'; unit: string }
  | { type: 'retreated'; unit: string; from: string; to: string }
  | { type: 'stood'; unit: string; roll: number; need: number; stood: boolean }
  | { type: 'rally'; unit: string; success: boolean; auto: boolean }
  | { type: 'leader-lost'; leader: string; why: string }
  | { type: 'leader-replaced'; leader: string; by: string; hex: string }
  | { type: 'intercept-attempt'; unit: string; target: string; need: number; total: number; success: boolean }
  | { type: 'withdrew'; unit: string; from: string; to: string }
  | { type: 'combat-designated'; attacker: string; target: string; reaction: boolean }
  | { type: 'combat'; lead: string; defender: string; supports: number; modifier: number; roll: number; total: number; result: string; reaction: boolean }
  | { type: 'advanced'; unit: string; from: string; to: string; passthrough: boolean }
  | { type: 'rout'; unit: string; from: string; to: string }
  | { type: 'turn-ended'; turn: number }
  | { type: 'game-over'; winner: Player | null; reason: string; score: [number, number] }
