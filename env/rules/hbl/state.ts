// Hell Broke Loose state (plain JSON data, struct-of-arrays of small ints),
// decision kinds, choice verbs, unit flags, task records and the event union.

import type { BaseState, InitOptions, Player, Result, RolledEvent } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import { cloneDice, seedDice, type DiceState } from '../../dice.ts'
import { hashPlain, plainStateProblem, type PlainFields } from '../shared/state-codec.ts'
import { NCARD, type Ctx } from './context.ts'
import { CARD_TYPES } from './tables.ts'

/** Decision kinds (index = id in observations). */
export const KINDS = [
  'initiative-order', // the higher army die: use the pips first or second
  'activate', // March / Cavalry March: a command to roll for, or end the card
  'move-unit', // a unit of the activated command to move, or end the command's moves
  'move', // the moving unit: a hex ahead (oblique for skirmish cavalry), wheel, or stop
  'charge', // a unit that came into contact: an enemy to fight at once (flank, Fierce even die, close skirmish), or pass
  'close-skirmish', // skirmish cavalry attacked frontally in a new melee: fight it as a close skirmish?
  'shoot', // a loaded shooter with a target, or pass (the window closes)
  'shoot-target', // the enemy unit to shoot at
  'melee', // Melee / Group Melee card: an own unit whose melee to fight (ongoing ones first), or end
  'melee-target', // the enemy of that melee
  'group-melee', // Group Melee: the command whose melees are fought
  'convert', // stubborn: spend a chip to convert a rout into a push back?
  'hold', // stubborn: spend a chip to prevent a push back?
  'negate', // stubborn: spend a chip to negate a move lost to fire?
  'follow-up', // the winner follows up into the vacated hex? (forced on an odd face)
  'pursue', // the winner pursues a routed enemy? (forced on an odd face)
  'rally', // Command card: a unit to rally, or end
  'attach', // move and attach the command's officer to the rallying unit?
  'rally-buy', // how many UI to buy back at a chip each
  'formation', // Formation Change card: a unit to change, or end
  'formation-unit', // wheel, turn the refused flank back, or face the refused side
  'gun', // Artillery Action card: a battery to act, or end
  'gun-action', // the battery's one action: wheel or reload
  'refused-flank', // after forcing a flank attacker off: turn back, keep refused (pinned), or face the enemy
  'rout-hex', // the routing unit's owner: its next hex among the equally near steps toward the edge (H18)
] as const
export type KindName = (typeof KINDS)[number]
export const K = Object.fromEntries(KINDS.map((k, i) => [k, i])) as { readonly [N in KindName]: number }

export const CHOICES = ['first', 'second', 'end', 'pass', 'yes', 'no', 'stop', 'wheel-left', 'wheel-right', 'reload', 'turn-back', 'keep', 'face-enemy', 'buy-0', 'buy-1', 'buy-2', 'buy-3'] as const
export type ChoiceName = (typeof CHOICES)[number]
export const C = Object.fromEntries(CHOICES.map((c, i) => [c, i])) as { readonly [N in ChoiceName]: number }

// unit flags
export const F_VEX = 1
export const F_LOADED = 2
export const F_ROUT = 4
export const F_ELIM = 8
/** Acted on the current card (rallied, changed formation, gun action, fought its melee). */
export const F_DONE = 16
/** Kept its refused flank: may not move until a Formation Change card (Combat 2). */
export const F_PINNED = 32
/** Moved into contact this activation on an even command die (Fierce automatic melee). */
export const F_EVEN = 64
/** Started stepping in the current activation (a wheel is then no longer free to start a move). */
export const F_MOVING = 128

/** Melee records, MW ints each: [unit a, unit b, follow-up holder or -1, flags]. */
export const MW = 4
export const M_FOUGHT = 1
export const M_SKIRMISH = 2

/** Task records, QW ints each: [kind, a, b, c, d, e]. Tasks run before the card goes on. */
export const QW = 6
export const T_CONVERT = 1 // [loser, winner, face of the winner]
export const T_HOLD = 2 // [loser, winner, winner face]
export const T_PUSH = 3 // [loser, winner, winner face, forced]
export const T_FOLLOW = 4 // [winner, loser, vacated hex, face]
export const T_ROUT = 5 // [loser, winner, winner face]
export const T_PURSUE = 6 // [winner, vacated hex, face]
export const T_NEGATE = 7 // [unit]
export const T_REFUSED = 8 // [unit, enemy]
export const T_WITHDRAW = 9 // [skirmisher, enemy]
export const T_RALLYBUY = 10 // [unit, most, stands again on a buy (a routed unit at 0 UI)]
export const T_CHARGE = 11 // [unit that came into contact]
export const T_FIGHT = 12 // [a, b, initiating, close skirmish: 0 no, 1 yes, 2 ask b]
export const T_ROUTING = 13 // [routing unit, hexes still to go, hexes moved]

export interface HState extends BaseState {
  ruleset: 'hbl'
  turn: number
  dice: DiceState
  ply: number
  /** 0 running, 1 side 0 won, 2 side 1 won, 3 draw. */
  over: number
  why: string
  /** Current decision kind (-1 when over) and who takes it. */
  dk: number
  dp: number
  // units, scenario order
  hex: number[]
  face: number[]
  /** UI lost so far. */
  lost: number[]
  /** Morale chips this unit has cost its army (the examples' per-unit tallies). */
  chipc: number[]
  fl: number[]
  /** Refused flank: the hexside direction the flank stands face, -1 none. */
  ref: number[]
  /** Moves left in the current activation, and hexes left in the current move. */
  mv: number[]
  st: number[]
  // leaders: the unit each is attached to (-1 none), and the hex (follows the attached unit)
  latt: number[]
  lhex: number[]
  mel: number[]
  /** Remaining cards by type: side 0's counts, then side 1's (order is chance, never state). */
  deck: number[]
  /** Cards a fixture named to come next (consumed before any draw), per side. */
  top0: number[]
  top1: number[]
  chips: number[]
  chipsLost: number[]
  /** Pips left per side; the first player; the pip segment (-1: roll needed, 0/1: first/second, 2: done). */
  pips: number[]
  first: number
  seg: number
  /** Last initiative rolls (for the view). */
  roll: number[]
  /** Current card (-1 none), its side, its stage; stolen: 1 while a Lull steal's card is played. */
  card: number
  cside: number
  cst: number
  stolen: number
  /** Per command: done on this card (activated, rallied). */
  wdone: number[]
  /** Activated command and its command-die face; nominated command of a Group Melee (-1 all). */
  act: number
  adie: number
  grp: number
  /** Selected unit, its target, the side of an open shooting window. */
  sel: number
  tgt: number
  wside: number
  q: number[]
}

export type HEvent =
  | RolledEvent
  | { type: 'turn'; turn: number }
  | { type: 'initiative'; rolls: [number, number]; pips: number; higher: Player | null }
  | { type: 'order'; player: Player; first: Player }
  | { type: 'card'; side: Player; card: string; stolen: boolean; left: number }
  | { type: 'card-unused'; side: Player; card: string }
  | { type: 'lull'; side: Player; rolls: [number, number]; stolen: boolean }
  | { type: 'activated'; wing: string; die: number; opposed: number; moves: number }
  | { type: 'moved'; unit: string; from: string; to: string }
  | { type: 'faced'; unit: string; facing: string }
  | { type: 'contact'; unit: string; enemies: string[] }
  | { type: 'melee'; a: string; b: string; dieA: string; dieB: string; totalA: number; totalB: number; faceA: number; faceB: number; factorsA: string[]; factorsB: string[]; band: string; winner: string | null; skirmish: boolean }
  | { type: 'fired'; unit: string; target: string; die: string; total: number; face: number; defence: number; defenceFace: number; pips: number; factors: string[] }
  | { type: 'ui-lost'; unit: string; ui: number; lost: number; why: string }
  | { type: 'chips'; side: Player; n: number; left: number; why: string; unit: string | null }
  | { type: 'vexed'; unit: string; again: boolean }
  | { type: 'pushed-back'; unit: string; to: string | null; blocked: boolean }
  | { type: 'routed'; unit: string; path: string[] }
  | { type: 'destroyed'; unit: string; why: string }
  | { type: 'followed-up'; unit: string; to: string }
  | { type: 'melee-ended'; a: string; b: string; why: string }
  | { type: 'move-lost'; unit: string; negated: boolean }
  | { type: 'rallied'; unit: string; die: string; total: number; opposed: number; pips: number; ui: number }
  | { type: 'attached'; leader: string; unit: string }
  | { type: 'reloaded'; unit: string }
  | { type: 'refused'; unit: string; facing: string | null; pinned: boolean }
  | { type: 'army-morale'; side: Player; chips: number; broken: boolean }
  | { type: 'game-over'; winner: Player | null; reason: string }

export type Events = HEvent[] | undefined

// Life cycle: a fresh state, its copy, hash, invariants and the check of a deserialised one.

export function initState(c: Ctx, seed: number, opts?: InitOptions): HState {
  const dice = seedDice(seed)
  if (opts?.forcedDice) dice.forced = opts.forcedDice.slice()
  if (opts?.strictDice) dice.strict = true
  return {
    ruleset: 'hbl',
    turn: 1,
    dice,
    ply: 0,
    over: 0,
    why: '',
    dk: -1,
    dp: 0,
    hex: c.uStart.map((u) => u.hex),
    face: c.uStart.map((u) => u.face),
    lost: c.uStart.map(() => 0),
    chipc: c.uStart.map(() => 0),
    fl: c.uType.map((t) => (t.shoots ? F_LOADED : 0)),
    ref: c.uStart.map(() => -1),
    mv: c.uStart.map(() => 0),
    st: c.uStart.map(() => 0),
    latt: Array.from(c.lStart, () => -1),
    lhex: Array.from(c.lStart),
    mel: [],
    deck: [...c.deck[0], ...c.deck[1]],
    top0: [],
    top1: [],
    chips: [c.chips[0], c.chips[1]],
    chipsLost: [0, 0],
    pips: [0, 0],
    first: 0,
    seg: -1,
    roll: [0, 0],
    card: -1,
    cside: 0,
    cst: 0,
    stolen: 0,
    wdone: Array.from(c.wSide, () => 0),
    act: -1,
    adie: 0,
    grp: -1,
    sel: -1,
    tgt: -1,
    wside: 0,
    q: [],
  }
}

const ARRAYS = ['hex', 'face', 'lost', 'chipc', 'fl', 'ref', 'mv', 'st', 'latt', 'lhex', 'mel', 'deck', 'top0', 'top1', 'chips', 'chipsLost', 'pips', 'roll', 'wdone', 'q'] as const
const FIELDS = ['turn', 'ply', 'over', 'dk', 'dp', 'first', 'seg', 'card', 'cside', 'cst', 'stolen', 'act', 'adie', 'grp', 'sel', 'tgt', 'wside'] as const

export function cloneState(s: HState): HState {
  return {
    ruleset: 'hbl',
    turn: s.turn,
    dice: cloneDice(s.dice),
    ply: s.ply,
    over: s.over,
    why: s.why,
    dk: s.dk,
    dp: s.dp,
    hex: s.hex.slice(),
    face: s.face.slice(),
    lost: s.lost.slice(),
    chipc: s.chipc.slice(),
    fl: s.fl.slice(),
    ref: s.ref.slice(),
    mv: s.mv.slice(),
    st: s.st.slice(),
    latt: s.latt.slice(),
    lhex: s.lhex.slice(),
    mel: s.mel.slice(),
    deck: s.deck.slice(),
    top0: s.top0.slice(),
    top1: s.top1.slice(),
    chips: s.chips.slice(),
    chipsLost: s.chipsLost.slice(),
    pips: s.pips.slice(),
    first: s.first,
    seg: s.seg,
    roll: s.roll.slice(),
    card: s.card,
    cside: s.cside,
    cst: s.cst,
    stolen: s.stolen,
    wdone: s.wdone.slice(),
    act: s.act,
    adie: s.adie,
    grp: s.grp,
    sel: s.sel,
    tgt: s.tgt,
    wside: s.wside,
    q: s.q.slice(),
  }
}

const PLAIN: PlainFields<HState> = { ruleset: 'hbl', ints: FIELDS, intArrays: ARRAYS }

export const hashState = (s: HState): string => hashPlain(s, PLAIN)

/** Unit u is on the map (not eliminated). */
export const onMap = (s: HState, u: number): boolean => ((s.fl[u] as number) & F_ELIM) === 0

/** A rout task for unit u waits in the queue. */
function routPending(s: HState, u: number): boolean {
  for (let i = 0; i < s.q.length; i += QW) if (s.q[i] === T_ROUT && s.q[i + 1] === u) return true
  return false
}

export function invariantsOf(c: Ctx, s: HState): string[] {
  const out: string[] = []
  const seen = new Map<number, number>()
  for (let u = 0; u < c.nU; u++) {
    const id = c.unitIds[u]
    const fl = s.fl[u] as number
    if (onMap(s, u)) {
      const h = s.hex[u] as number
      if (h < 0 || h >= c.size) out.push(`unit ${id} has hex ${h}`)
      else if (!c.passable[h]) out.push(`unit ${id} stands on impassable ${c.grid.labels[h]}`)
      const o = seen.get(h)
      if (o !== undefined) out.push(`hex ${c.grid.labels[h]} holds ${c.unitIds[o]} and ${id}`)
      seen.set(h, u)
    }
    const f = s.face[u] as number
    if (f < 0 || f > 5) out.push(`unit ${id} has facing ${f}`)
    const lost = s.lost[u] as number
    const ui = c.uType[u]!.ui
    if (lost < 0 || lost > ui) out.push(`unit ${id} has lost ${lost} of ${ui} UI`)
    if (lost >= ui && !(fl & (F_ELIM | F_ROUT)) && !routPending(s, u)) out.push(`unit ${id} has no UI left but neither routs nor is about to`)
    if (fl & F_ROUT && (s.ref[u] as number) >= 0) out.push(`routed unit ${id} has a refused flank`)
    if ((s.mv[u] as number) < 0 || (s.st[u] as number) < 0) out.push(`unit ${id} has negative moves`)
    if (fl & F_PINNED && (s.ref[u] as number) < 0) out.push(`unit ${id} is pinned without a refused flank`)
  }
  if (s.mel.length % MW !== 0) out.push('melee list is malformed')
  for (let i = 0; i < s.mel.length; i += MW) {
    const a = s.mel[i] as number
    const b = s.mel[i + 1] as number
    if (!onMap(s, a) || !onMap(s, b)) out.push(`melee ${c.unitIds[a]} v ${c.unitIds[b]} holds a unit off the map`)
    // While results are pending (a push back awaiting the follow-up choice) contact may be broken for a moment.
    else if (s.q.length === 0 && c.grid.dist[(s.hex[a] as number) * c.size + (s.hex[b] as number)] !== 1) out.push(`melee ${c.unitIds[a]} v ${c.unitIds[b]}: the units are not in contact`)
    if (c.uSide[a] === c.uSide[b]) out.push(`melee ${c.unitIds[a]} v ${c.unitIds[b]}: same side`)
  }
  for (let k = 0; k < s.deck.length; k++) {
    const n = s.deck[k] as number
    const full = (k < NCARD ? c.deck[0] : c.deck[1])[k % NCARD] as number
    if (n < 0 || n > full) out.push(`deck ${(k / NCARD) | 0} holds ${n} ${CARD_TYPES[k % NCARD]} cards of ${full}`)
  }
  if (s.q.length % QW !== 0) out.push('task queue is malformed')
  if (s.over === 0 && s.dk < 0) out.push('no decision while the game is not over')
  return out
}

export function restoreState(c: Ctx, json: unknown): Result<HState> {
  const bad = (what: string): Result<HState> => fail(err('STATE_INVALID', `hbl state: ${what}`))
  const lengths = { hex: c.nU, face: c.nU, lost: c.nU, chipc: c.nU, fl: c.nU, ref: c.nU, mv: c.nU, st: c.nU, latt: c.nL, lhex: c.nL, deck: 2 * NCARD, chips: 2, chipsLost: 2, pips: 2, roll: 2, wdone: c.nW }
  const problem = plainStateProblem(json, { ruleset: 'hbl', ints: FIELDS, intArrays: ARRAYS, lengths, strings: ['why'], wholeDice: false })
  if (problem !== undefined) return bad(problem)
  const s = cloneState(json as HState)
  if (s.dk < -1 || s.dk >= KINDS.length) return bad(`decision kind ${s.dk} out of range`)
  if (s.card < -1 || s.card >= NCARD) return bad(`card ${s.card} out of range`)
  if (s.dp !== 0 && s.dp !== 1) return bad('dp must be 0 or 1')
  for (let u = 0; u < c.nU; u++) if ((s.fl[u] as number) & F_ELIM ? false : (s.hex[u] as number) < 0 || (s.hex[u] as number) >= c.size) return bad(`unit ${c.unitIds[u]}: hex out of range`)
  for (let l = 0; l < c.nL; l++) if ((s.lhex[l] as number) < 0 || (s.lhex[l] as number) >= c.size || (s.latt[l] as number) < -1 || (s.latt[l] as number) >= c.nU) return bad(`leader ${c.leaderIds[l]}: bad hex or attachment`)
  const inv = invariantsOf(c, s)
  if (inv.length) return bad(inv.join('; '))
  return ok(s)
}
