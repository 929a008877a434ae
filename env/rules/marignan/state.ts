// Marignan state (plain JSON data, struct-of-arrays of small ints), phases,
// decision kinds, choice verbs, flags and the event union.

import type { BaseState, InitOptions, Player, Result, RolledEvent } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import { cloneDice, seedDice, type DiceState } from '../../dice.ts'
import { hashPlain, plainStateProblem, type PlainFields } from '../shared/state-codec.ts'
import { SIDE_NAMES } from '../../hex/grid.ts'
import { type Ctx, type TypeStats, stackOk } from './context.ts'
import { sync, touch } from './occupancy.ts'

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
  'deployment',
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
  'rout-hex', // owner of a routing unit: the next hex among the cheapest direct steps (10.1)
  'heroic', // French: the corps a heroic commander's presence rallies when several qualify (7.2)
  'deploy-hex', // French, free deployment (14.1): the hex of the next unit, within its commander's range
  'deploy-face', // French, free deployment: the facing of a unit placed in an empty hex
  'night-back', // French, 14.2 step 1: the hex south a unit next to the enemy moves back to, when several are open
  'rout-follow', // owner of a routing unit: a commander stacked with it who goes along, or end (12.5)
  'reposition', // owner of an isolated commander: the hex of a nearest friendly unit he moves to, or stop (12.5)
  'night-face', // 14.2: the facing of a unit placed in an empty hex at the night reorganisation
  'replace-hex', // Swiss, 7.1: the hex (a unit of his corps) where a fallen captain's replacement is placed
  'rout-order', // active, 10.1: which of his routed units makes its rout movement next at the start of his movement phase
  'retreat-order', // passive, 11: which unit of his corps under a General Retreat Order backs off next
  'night-order', // French, 14.2 step 1: which of his units next to the enemy falls back next
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

// commander flags (MState.lfl)
/** Has moved in the current movement phase. */
export const LF_MOVED = 1
/** Goes along with the head rout (12.5 "can move freely with routed units"). */
export const LF_FOLLOW = 2
/** Left without a friendly unit in his hex by a combat or a rout: his owner may reposition him (12.5). */
export const LF_ISO = 4

// task queue records (width QW): [kind, a, b, c, d, e]
export const QW = 6
export const Q_HIT = 1 // [hex or -1 for the melee group, side, eliminations, test modifier or NO_TEST, disorganised]
export const Q_ADV = 2 // [hex]
export const Q_SUCC = 3 // [corps]
export const Q_HEDGE = 4 // [hex, rear, 0]
export const Q_GRET = 5 // [unit, named]: its step of a General Retreat Order (11); named 1 once the player named it to go next
export const Q_NIGHT = 6 // [unit, named]: its step back south at the night reorganisation (14.2 step 1), named as Q_GRET's; [-1]: step 2
export const Q_REPL = 7 // [commander]: a dead Swiss captain's replacement to place (7.1)
export const NO_TEST = 99
/** Width of a rout record in MState.rq. */
export const RW = 4
/** Bits of a rout record's last field: the move was prolonged (10.1); the commanders stacked with it have said whether they go along (12.5). */
export const RQ_PROLONGED = 1
export const RQ_FOLLOW_ASKED = 2
/** Queued by the rout phase (10.1: the routed units' movements that open the movement phase, in the player's order)... */
export const RQ_PHASE = 4
/** ...and this one was named to go next. */
export const RQ_CHOSEN = 8

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
  /** Hex each unit held when the current (or last) movement phase began, after rout movement (-1 off the map): a stack moved unit by unit pays no friendly-occupied MP to its own stack-mates (9). */
  mhex: number[]
  // commanders, scenario order
  lhex: number[]
  lst: number[]
  lfl: number[]
  /** Per corps: the commander in charge (-1 none: out of command). */
  cmd: number[]
  /** Per corps: successor taking over at the next reorganisation phase (-1 none). */
  pend: number[]
  /** Per corps: the turn from which the pending successor takes office (7.1: the following turn). */
  pendTurn: number[]
  /** Per commander: the corps whose demoralisation his heroic value nullifies (7.2), -1 none. */
  her: number[]
  /** Rout movements under way, RW ints each (10.1): [unit, MP left, hexes moved, RQ_* bits]. */
  rq: number[]
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
  | { type: 'fired'; units: string[]; target: string; strength: number; column: string; modifier: number; shift: number; dieMod: number; die: number; result: string; /** 12.4's non-zero fire modifiers, e.g. "terrain -2" (their sum is `modifier`). */ modifiers: string[] }
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
  | { type: 'leader-follows'; leader: string; unit: string }
  | { type: 'leader-replaced'; leader: string; hex: string }
  | { type: 'successor'; corps: string; leader: string }
  | { type: 'heroic'; leader: string; corps: string }
  | { type: 'deployed'; unit: string; hex: string }
  | { type: 'captured'; place: string }
  | { type: 'fortified'; hex: string }
  | { type: 'game-over'; winner: Player | null; reason: string }

export type Events = MEvent[] | undefined

// ---- accessors, init, clone, hash, restore, invariants ---------------------

export const T = (c: Ctx, s: MState, u: number): TypeStats => c.types[s.ty[u] as number] as TypeStats

export const onMap = (s: MState, u: number): boolean => (s.st[u] as number) <= S_ROUT


// ---- occupancy (scratch, rebuilt lazily from the state) ------------------

export const lbl = (c: Ctx, h: number): string => (h >= 0 ? (c.grid.labels[h] as string) : 'off-map')

export const facingName = (f: number): string => SIDE_NAMES[f] as string

export const passive = (s: MState): number => 1 - s.active

// ---- victory (14) --------------------------------------------------------------

export function popTask(s: MState): void {
  s.q.splice(0, QW)
}

/**
 * The units of the leading run of `kind` tasks (Q_GRET / Q_NIGHT) not yet named, for which `able`
 * holds, into out: the steps whose order is the player's (11, 14.2 step 1).
 */
export function unnamedSteps(s: MState, kind: number, able: (u: number) => boolean, out: number[]): number {
  out.length = 0
  for (let i = 0; i < s.q.length && s.q[i] === kind; i += QW) {
    const u = s.q[i + 1] as number
    if (u >= 0 && s.q[i + 2] === 0 && able(u)) out.push(u)
  }
  return out.length
}

/** The player names unit u's `kind` task to go next: it moves to the head, marked named. */
export function nameStep(s: MState, kind: number, u: number): void {
  for (let i = 0; i < s.q.length && s.q[i] === kind; i += QW) {
    if (s.q[i + 1] !== u) continue
    const rec = s.q.splice(i, QW)
    rec[2] = 1
    s.q.unshift(...rec)
    return
  }
}

export function initState(c: Ctx, seed: number, opts?: InitOptions): MState {
  const dice = seedDice(seed)
  if (opts?.forcedDice) dice.forced = opts.forcedDice.slice()
  if (opts?.strictDice) dice.strict = true
  const s: MState = {
    ruleset: 'marignan',
    turn: 1,
    dice,
    ply: 0,
    active: c.freeDeploy ? FRENCH : SWISS,
    phase: P.command,
    dk: -1,
    // 14.1 free deployment: the French units wait off the map until the French player places them
    hex: c.uStart.map((u, i) => (u.st === S_WAIT || (c.freeDeploy && c.uSide[i] === FRENCH) ? -1 : u.hex)),
    st: c.uStart.map((u, i) => (c.freeDeploy && c.uSide[i] === FRENCH && c.uWaitVia[i] === 0 ? S_WAIT : u.st)),
    face: c.uStart.map((u) => u.face),
    fl: c.uStart.map(() => 0),
    ty: c.uStart.map((u) => u.ty),
    mhex: c.uStart.map(() => -1),
    lhex: c.lStart.map((l) => (l.st === L_WAIT ? -1 : l.hex)),
    lst: c.lStart.map((l) => l.st),
    lfl: c.lStart.map(() => 0),
    cmd: Array.from(c.wCmd),
    pend: Array.from(c.wCmd, () => -1),
    pendTurn: Array.from(c.wCmd, () => 0),
    her: Array.from(c.lStart, () => -1),
    rq: [],
    mor: Array.from(c.wMorale),
    army: c.armyMorale,
    sel: -1,
    mp: 0,
    spent: 0,
    grp: [],
    tgt: -1,
    q: [],
    lc: [],
    hit: [],
    cap: 0,
    flags: 0,
    gro: 0,
    forts: [],
    over: 0,
    why: '',
  }
  touch(c)
  return s
}

export function cloneState(s: MState): MState {
  return {
    ruleset: 'marignan',
    turn: s.turn,
    dice: cloneDice(s.dice),
    ply: s.ply,
    active: s.active,
    phase: s.phase,
    dk: s.dk,
    hex: s.hex.slice(),
    st: s.st.slice(),
    face: s.face.slice(),
    fl: s.fl.slice(),
    ty: s.ty.slice(),
    mhex: s.mhex.slice(),
    lhex: s.lhex.slice(),
    lst: s.lst.slice(),
    lfl: s.lfl.slice(),
    cmd: s.cmd.slice(),
    pend: s.pend.slice(),
    pendTurn: s.pendTurn.slice(),
    her: s.her.slice(),
    rq: s.rq.slice(),
    mor: s.mor.slice(),
    army: s.army,
    sel: s.sel,
    mp: s.mp,
    spent: s.spent,
    grp: s.grp.slice(),
    tgt: s.tgt,
    q: s.q.slice(),
    lc: s.lc.slice(),
    hit: s.hit.slice(),
    cap: s.cap,
    flags: s.flags,
    gro: s.gro,
    forts: s.forts.slice(),
    over: s.over,
    why: s.why,
  }
}

export const INT_ARRAYS = ['hex', 'st', 'face', 'fl', 'ty', 'mhex', 'lhex', 'lst', 'lfl', 'cmd', 'pend', 'pendTurn', 'her', 'rq', 'mor', 'grp', 'q', 'lc', 'hit', 'forts'] as const

export const INT_FIELDS = ['turn', 'ply', 'active', 'phase', 'dk', 'army', 'sel', 'mp', 'spent', 'tgt', 'cap', 'flags', 'gro', 'over'] as const

const FIELDS: PlainFields<MState> = { ruleset: 'marignan', ints: INT_FIELDS, intArrays: INT_ARRAYS }

/** 32-bit FNV-1a over every field, in a fixed order. */
export const hashState = (s: MState): string => hashPlain(s, FIELDS)

export function restoreState(c: Ctx, json: unknown): Result<MState> {
  const bad = (what: string): Result<MState> => fail(err('STATE_INVALID', `marignan state: ${what}`))
  const lengths = { hex: c.nU, st: c.nU, face: c.nU, fl: c.nU, ty: c.nU, mhex: c.nU, lhex: c.nL, lst: c.nL, lfl: c.nL, cmd: c.nW, pend: c.nW, pendTurn: c.nW, her: c.nL, mor: c.nW }
  const problem = plainStateProblem(json, { ruleset: 'marignan', ints: INT_FIELDS, intArrays: INT_ARRAYS, lengths, strings: ['why'], wholeDice: false })
  if (problem !== undefined) return bad(problem)
  const s = cloneState(json as MState)
  if (s.active !== 0 && s.active !== 1) return bad('active must be 0 or 1')
  if (s.phase < 0 || s.phase >= PHASES.length) return bad(`phase ${s.phase} out of range`)
  if (s.dk < -1 || s.dk >= KINDS.length) return bad(`decision kind ${s.dk} out of range`)
  if (s.q.length % QW !== 0) return bad('task queue is malformed')
  if (s.rq.length % RW !== 0) return bad('rout queue is malformed')
  for (let u = 0; u < c.nU; u++) {
    if ((s.st[u] as number) < 0 || (s.st[u] as number) >= STATUS.length) return bad(`unit ${c.unitIds[u]}: status ${s.st[u]} out of range`)
    if ((s.ty[u] as number) < 0 || (s.ty[u] as number) >= c.types.length) return bad(`unit ${c.unitIds[u]}: counter type ${s.ty[u]} out of range`)
    if ((s.mhex[u] as number) < -1 || (s.mhex[u] as number) >= c.size) return bad(`unit ${c.unitIds[u]}: movement-phase start hex ${s.mhex[u]} out of range`)
  }
  for (let l = 0; l < c.nL; l++) if ((s.lst[l] as number) < 0 || (s.lst[l] as number) >= LSTATUS.length) return bad(`leader ${c.leaderIds[l]}: status out of range`)
  const inv = invariantsOf(c, s)
  if (inv.length) return bad(inv.join('; '))
  touch(c)
  return ok(s)
}

export function invariantsOf(c: Ctx, s: MState): string[] {
  const out: string[] = []
  touch(c)
  sync(c, s)
  for (let u = 0; u < c.nU; u++) {
    const id = c.unitIds[u]
    const h = s.hex[u] as number
    if (onMap(s, u)) {
      if (h < 0 || h >= c.size) out.push(`unit ${id} is on the map with hex ${h}`)
      if ((s.face[u] as number) < 0 || (s.face[u] as number) > 5) out.push(`unit ${id} has facing ${s.face[u]}`)
    } else if (h !== -1) out.push(`unit ${id} (${STATUS[s.st[u] as number]}) still has hex ${c.grid.labels[h] ?? h}`)
    if (s.st[u] === S_ROUT && (s.fl[u] as number) & (F_HEDGE | F_CHARGE)) out.push(`routed unit ${id} has a hedgehog or charge marker`)
    if ((s.fl[u] as number) & F_HEDGE && T(c, s, u).cls !== 1) out.push(`unit ${id} in hedgehog is not infantry`)
  }
  for (let h = 0; h < c.size; h++) {
    const first = c.head[h] as number
    if (first < 0) continue
    const side = c.uSide[first] as number
    const tys: TypeStats[] = []
    let face = -1
    for (let v = first; v >= 0; v = c.next[v] as number) {
      if (c.uSide[v] !== side) out.push(`hex ${c.grid.labels[h]} holds units of both armies`)
      if (s.st[v] !== S_ROUT) tys.push(T(c, s, v))
      if (s.st[v] !== S_ROUT) {
        if (face >= 0 && s.face[v] !== face) out.push(`hex ${c.grid.labels[h]}: stacked units face different ways`)
        face = s.face[v] as number
      }
    }
    if (!stackOk(side, tys)) out.push(`hex ${c.grid.labels[h]} breaks the ${side === SWISS ? 'Swiss (5.1)' : 'French (5.2)'} stacking limits`)
  }
  for (let l = 0; l < c.nL; l++) {
    const st = s.lst[l] as number
    if ((st === L_OK || st === L_INJ) && ((s.lhex[l] as number) < 0 || (s.lhex[l] as number) >= c.size)) out.push(`commander ${c.leaderIds[l]} is active without a hex`)
    if (st === L_DEAD && s.lhex[l] !== -1) out.push(`dead commander ${c.leaderIds[l]} still has a hex`)
  }
  for (let w = 0; w < c.nW; w++) {
    const l = s.cmd[w] as number
    if (l < -1 || l >= c.nL) out.push(`corps ${c.corpsIds[w]} has commander index ${l}`)
    if (c.wSide[w] === FRENCH && (s.mor[w] as number) < 0) out.push(`corps ${c.corpsIds[w]} has negative morale`)
  }
  if (s.over === 0 && s.dk < 0) out.push('no decision while the game is not over')
  return out
}
