// mttsog state (plain JSON data, struct-of-arrays of small ints), phases,
// decision kinds, choice verbs, unit flags, the event union; initial state,
// clone, hash, restore (validated) and invariants.

import type { BaseState, InitOptions, Player, Result, RolledEvent } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import { cloneDice, seedDice, type DiceState } from '../../dice.ts'
import { hashPlain, plainStateProblem, type PlainFields } from '../shared/state-codec.ts'
import type { Ctx } from './context.ts'
import { onMap, sync } from './core.ts'
import { FORMATIONS, FORMS_OF } from './tables.ts'

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
  'exhausted-away', // exhausted cavalry's owner: back along the direction charged, or away from enemy (I Exhausted Cavalry 2)
  'defensive-fire', // the defender's owner: which of several attackers its defensive fire is aimed at (G 2)
  'rout-hex', // a routing unit's owner: its next hex among the steps equally near its edge (I Routed 1, E)
  'rout-order', // the active player: which of his routed units makes its end-of-actions rout move next, when their paths can meet (E)
  'odd-die', // the losing attackers' owner: which attacker rolls an odd status die of the shared ones (G 7)
  'commander-refuge', // a lone commander's owner: which of his equally close units he is moved to (I Commander 3)
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
export const T_AWAY = 7 // [cav, foe]: exhausted cavalry moves away 4 (its owner picks how when the readings differ)
export const T_ODD = 8 // [odd dice left, base dice, attackers]: the next `attackers` tasks are their retreats; the owner gives the odd dice
export const T_REFUGE = 9 // [commander, hex he was overrun on, 0]: moved to the closest friendly unit (his owner picks among equals)
export const T_ODDHIT = 10 // [odd hits left, base share, attackers]: a round waiting for the odd hits' owner; T_SHARE records and a T_ROUND follow
export const T_SHARE = 11 // [attacker, 0, its share of the defender's hits]
export const T_ROUND = 12 // [attackers' hits after saves, attackers' support, defender's support * 4 + flags]: the rest of the round
/** Rout records in s.rq: [unit, moves left, open]; open 1: an end-of-actions rout not yet started, its turn
 *  among the open ones the owner's. */
export const RQW = 3

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
  /** Rout moves under way, before any task (RQW ints each: unit, moves left, open), first first. */
  rq: number[]
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
  | { type: 'shot'; unit: string; target: string; dice: number; need: number; /** F 2)'s shooting modifiers that moved `need` from 4+, e.g. "vs square +1". */ terms: string[]; hits: number; why: string }
  | { type: 'saved'; unit: string; saves: number }
  | { type: 'stands-lost'; unit: string; stands: number; left: number; discarded: number }
  | { type: 'status-check'; unit: string; dice: number; sixes: number }
  | { type: 'melee-dice'; unit: string; target: string; /** G 2) defensive fire, 3) advancing fire, 4)/5) melee. */ what: 'defensive fire' | 'advancing fire' | 'melee'; dice: number; need: number; /** The modifiers that moved `need` from 4+ ("vs disordered/routed +1"), or what fixed it at 6. */ terms: string[]; hits: number }
  | { type: 'melee'; attackers: string[]; defender: string; attackerHits: number; defenderHits: number; /** What each side adds to its net hits for the result ("support +2", "hill +1"). */ attackerTerms: string[]; defenderTerms: string[]; attackerScore: number; defenderScore: number; result: string; round: number }
  | { type: 'retreated'; unit: string; from: string; to: string }
  | { type: 'rout-move'; unit: string; path: string[] }
  | { type: 'evaded'; unit: string; path: string[] }
  | { type: 'removed'; unit: string; why: string }
  | { type: 'leader-moved'; leader: string; to: string }
  | { type: 'leader-removed'; leader: string }
  | { type: 'army-morale'; side: Player; losses: number; breakPoint: number; broken: boolean }
  | { type: 'game-over'; winner: Player | null; reason: string }

export type Events = MtEvent[] | undefined

// Initial state, clone, hash, restore (validated) and invariants.

export function initState(c: Ctx, seed: number, opts?: InitOptions): MtState {
  const dice = seedDice(seed)
  if (opts?.forcedDice) dice.forced = opts.forcedDice.slice()
  if (opts?.strictDice) dice.strict = true
  const s: MtState = {
    ruleset: 'mttsog',
    turn: 1,
    dice,
    ply: 0,
    active: 0,
    phase: P.command,
    dk: 0,
    hex: c.uStart.map((u) => u.hex),
    face: c.uStart.map((u) => u.face),
    form: c.uStart.map((u) => u.form),
    st: c.uStart.map((u) => u.st),
    stands: c.uStart.map((u) => u.stands),
    hits: c.uStart.map(() => 0),
    fl: c.scenario.units.map((u) => (u['exhausted'] === true ? F_EXH : 0)),
    lhex: Array.from(c.lStart),
    cp: Array.from(c.lStart, () => 0),
    lfl: Array.from(c.lStart, () => 0),
    corps: -1,
    dice6: [],
    lead: -1,
    sel: -1,
    sel2: -1,
    mp: 0,
    paid: 0,
    q: [],
    rq: [],
    sqTried: [],
    atk: [],
    def: -1,
    round: 0,
    over: 0,
    why: '',
  }
  sync(c, s)
  return s
}

export function cloneState(s: MtState): MtState {
  return {
    ruleset: 'mttsog',
    turn: s.turn,
    dice: cloneDice(s.dice),
    ply: s.ply,
    active: s.active,
    phase: s.phase,
    dk: s.dk,
    hex: s.hex.slice(),
    face: s.face.slice(),
    form: s.form.slice(),
    st: s.st.slice(),
    stands: s.stands.slice(),
    hits: s.hits.slice(),
    fl: s.fl.slice(),
    lhex: s.lhex.slice(),
    cp: s.cp.slice(),
    lfl: s.lfl.slice(),
    corps: s.corps,
    dice6: s.dice6.slice(),
    lead: s.lead,
    sel: s.sel,
    sel2: s.sel2,
    mp: s.mp,
    paid: s.paid,
    q: s.q.slice(),
    rq: s.rq.slice(),
    sqTried: s.sqTried.slice(),
    atk: s.atk.slice(),
    def: s.def,
    round: s.round,
    over: s.over,
    why: s.why,
  }
}

export const INT_FIELDS = ['turn', 'ply', 'active', 'phase', 'dk', 'corps', 'lead', 'sel', 'sel2', 'mp', 'paid', 'def', 'round', 'over'] as const
export const INT_ARRAYS = ['hex', 'face', 'form', 'st', 'stands', 'hits', 'fl', 'lhex', 'cp', 'lfl', 'dice6', 'q', 'rq', 'sqTried', 'atk'] as const

// 32-bit FNV-1a over every field, in a fixed order.
const FIELDS: PlainFields<MtState> = { ruleset: 'mttsog', ints: INT_FIELDS, intArrays: INT_ARRAYS }

export const hashState = (s: MtState): string => hashPlain(s, FIELDS)

export function restoreState(c: Ctx, json: unknown): Result<MtState> {
  const bad = (what: string): Result<MtState> => fail(err('STATE_INVALID', `mttsog state: ${what}`))
  const lengths = { hex: c.nU, face: c.nU, form: c.nU, st: c.nU, stands: c.nU, hits: c.nU, fl: c.nU, lhex: c.nL, cp: c.nL, lfl: c.nL }
  const problem = plainStateProblem(json, { ruleset: 'mttsog', ints: INT_FIELDS, intArrays: INT_ARRAYS, lengths, strings: ['why'], wholeDice: false })
  if (problem !== undefined) return bad(problem)
  const s = cloneState(json as MtState)
  if (s.active !== 0 && s.active !== 1) return bad('active must be 0 or 1')
  if (s.phase < 0 || s.phase >= PHASES.length) return bad(`phase ${s.phase} out of range`)
  if (s.dk < -1 || s.dk >= KINDS.length) return bad(`decision kind ${s.dk} out of range`)
  if (s.q.length % QW !== 0) return bad('task queue is malformed')
  if (s.rq.length % RQW !== 0) return bad('rout queue is malformed')
  const inv = invariantsOf(c, s)
  if (inv.length) return bad(inv.join('; '))
  return ok(s)
}

export function invariantsOf(c: Ctx, s: MtState): string[] {
  const out: string[] = []
  const seen = new Map<number, number>()
  for (let u = 0; u < c.nU; u++) {
    const id = c.unitIds[u]
    const h = s.hex[u] as number
    const st = s.st[u] as number
    if (st < 0 || st >= STATUS.length) out.push(`unit ${id}: status ${st} out of range`)
    if (onMap(s, u)) {
      if (h < 0 || h >= c.size) out.push(`unit ${id} is on the map with hex ${h}`)
      else if (seen.has(h)) out.push(`hex ${c.grid.labels[h]} holds ${c.unitIds[seen.get(h) as number]} and ${id}`)
      else seen.set(h, u)
      if ((s.face[u] as number) < 0 || (s.face[u] as number) > 5) out.push(`unit ${id} has facing ${s.face[u]}`)
      if ((s.stands[u] as number) < 1) out.push(`unit ${id} is on the map with ${s.stands[u]} stands`)
      const arm = c.prof[u]?.arm ?? 'inf'
      if (!(FORMS_OF[arm] as readonly string[]).includes(FORMATIONS[s.form[u] as number] as string)) out.push(`unit ${id} (${arm}) is in formation ${s.form[u]}`)
      if (st === S_ROUT && (s.fl[u] as number) & (F_CHARGE | F_EXH)) out.push(`routed unit ${id} is charging or exhausted`)
      if ((s.fl[u] as number) & F_EXH && arm !== 'cav') out.push(`unit ${id} is exhausted but not cavalry`)
    } else if (h !== -1) out.push(`unit ${id} (${STATUS[st]}) still has hex ${h}`)
    if (st >= S_DEAD && s.fl[u] !== 0) out.push(`removed unit ${id} has markers`)
  }
  for (let l = 0; l < c.nL; l++) {
    const removed = ((s.lfl[l] as number) & LF_REMOVED) !== 0
    const h = s.lhex[l] as number
    if (removed ? h !== -1 : h < 0 || h >= c.size) out.push(`commander ${c.leaderIds[l]} has hex ${h}`)
    if ((s.cp[l] as number) < 0) out.push(`commander ${c.leaderIds[l]} has ${s.cp[l]} CP`)
  }
  if (s.over === 0 && s.dk < 0) out.push('no decision while the game is not over')
  if (s.over !== 0 && s.dk >= 0) out.push('a decision after the game is over')
  return out
}
