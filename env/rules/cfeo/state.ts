// CFEO state: plain JSON data (struct of arrays of small ints), decision kinds, CHOICE verbs,
// unit/leader flags and the event union.

import type { BaseState, InitOptions, Player, Result } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import { cloneDice, seedDice, type DiceState } from '../../dice.ts'
import { firstNonInteger, firstNonString, fnv, FNV_BASIS, fnvArr, fnvDice, fnvText, hashHex, isDiceState, isIntArray, isRecord } from '../shared/state-codec.ts'
import type { Ctx } from './context.ts'
import { capacity } from './core.ts'

/** Decision kinds, index = id in observations. */
export const KINDS = [
  'initiative', // high roller: go first or second (Sequence of Play)
  'gun-select', // artillery phase: a gun to fire, or end
  'gun-target', // the hex it fires at (nearest, or any in range when under its leader's control)
  'fire-select', // fire phase: a unit to give fire, or end
  'fire-mode', // reiters two ranks deep: fire or caracole
  'fire-target', // the nearest target (a choice only between equally near ones)
  'leader-select', // command phase: a leader to take an action, or end
  'leader-action', // move, steady, inspire, detach, orders, pass
  'leader-move', // the hex he moves to
  'attach', // attach to the unit on that hex?
  'order-wing', // the battalia whose commander gets new orders (General in contact)
  'order-choice', // the new order
  'control-nudge', // +1 / -1 / none on a control test (leader attached, guns, A1)
  'move-select', // movement phase: a unit or a detached leader to move, or end
  'move-kind', // dice count, formation change, manoeuvre, hold
  'move-step', // after the roll: a hex, a wheel, about face, or stop where allowed
  'sidestep-hex', // side step / step back: the hex
  'charge-select', // combat phase: a unit to declare a charge, or end
  'charge-target', // the hex of the enemy it charges
  'charge-dice', // how many dice it rolls
  'charge-response', // charged player: stand, stand and shoot, counter-charge, evade, shelter, turn a rank
  'counter-dice', // counter-charge dice
  'after-combat', // the result band's choice of after-combat action
  'fast-step', // a fast move (retire, rout, evade, pursue, fall back): the owner's next hex, or stop where allowed
  'charge-combine', // a charger in base contact with declared chargers: join one's body (its movement dice), or no
  'pursue-target', // a pursuer two or more of whose opponents fled: the one it pursues
  'reform-depth', // re-forming unformed troops into line: its number of ranks (form-line1..3)
  'reform-facing', // re-forming unformed troops: turn a vertex left or right (one way, up to about face), or stop
  'cease', // a router or a pursuer whose control test gave "act as player wishes": rally / cease pursuit (yes) or go on (no)
] as const
export type KindName = (typeof KINDS)[number]
export const K = Object.fromEntries(KINDS.map((k, i) => [k, i])) as { readonly [P in KindName]: number }

export const CHOICES = [
  'end',
  'yes',
  'no',
  'first',
  'second',
  'fire',
  'caracole',
  'move',
  'steady',
  'inspire',
  'detach',
  'orders',
  'pass',
  'plus',
  'minus',
  'none',
  'defend',
  'advance-defend',
  'attack',
  'dice1',
  'dice2',
  'dice3',
  'form-line1',
  'form-line2',
  'form-line3',
  'form-column',
  'reform-line',
  'reform-column',
  'double-left',
  'double-right',
  'sidestep',
  'unlimber',
  'pivot-left',
  'pivot-right',
  'hold',
  'left',
  'right',
  'about',
  'stop',
  'stand',
  'stand-shoot',
  'counter-charge',
  'evade',
  'shelter',
  'turn-rank',
  'remain',
  'retire',
  'pursue',
  'take-position',
  'ride-through2',
  'ride-through3',
  'road',
  'declare-halt', // declare before the roll that the unit may halt at its ordered position / in line with friends
  'refuse-left', // refuse a flank (backward wheel of foot in line, or A/B step back of one or two stands)
  'refuse-right',
  'reinforce', // move-step: feed the unit into the friendly melee in front of it (depth)
  'recrew', // an abandoned gun's crew returns
  'take-guns', // detach a stand to take over and drive off an abandoned limbered enemy gun (then its hex)
  'messenger', // a detached General sends new orders to a battalia by messenger (then the battalia, the order)
] as const
export type ChoiceName = (typeof CHOICES)[number]
export const C = Object.fromEntries(CHOICES.map((c, i) => [c, i])) as { readonly [P in ChoiceName]: number }

export const PHASES = ['initiative', 'artillery', 'fire', 'command', 'movement', 'combat', 'morale', 'over'] as const
export const PH = Object.fromEntries(PHASES.map((p, i) => [p, i])) as { readonly [P in (typeof PHASES)[number]]: number }

// unit status
export const S_OK = 0
export const S_RETIRING = 1
export const S_ROUTING = 2
export const S_DESTROYED = 3
export const S_EXITED = 4
export const STATUSES = ['formed', 'retiring', 'routing', 'destroyed', 'exited'] as const

// unit flags (cleared at the start of each turn unless noted)
export const U_MOVED = 1 // moved at any time this turn
export const U_FIRED = 2 // gave fire this turn
export const U_UNDER_FIRE = 4 // was fired at this turn
export const U_IN_COMBAT = 8 // fought hand to hand this turn
export const U_HALT = 16 // halt marker: steadied, or a control-test halt
export const U_DONE = 32 // finished in the current phase
export const U_CONTROLLED = 64 // under control this turn
export const U_FAILED_CHARGE = 128 // charged last turn and failed to contact (kept one turn)
export const U_MUST_CHARGE = 256 // must attempt to charge again
export const U_CARACOLE = 512 // fired in caracole: may not counter-charge
export const U_TOOK_POSITION = 1024 // took the position last turn (+1)
export const U_TOOK_NOW = 2048 // took the position this turn
export const U_LIMBERED = 4096 // guns: limbered (kept)
export const U_ABANDONED = 8192 // guns: abandoned (kept)
export const U_CREW_KILLED = 16384 // guns: crew killed (kept)
export const U_REPEAT = 32768 // control test: repeat last move
export const U_CHARGING = 65536 // charged this turn (initiated)
export const U_COUNTER = 131072 // counter-charged this turn
export const U_PURSUING = 262144 // pursuing (kept while pursuing)
export const U_FAST_AGAIN = 524288 // its next fast move is a succeeding one (no +10 yds a die)
export const U_STAND_SHOOT = 1048576 // stood and shot at chargers
export const U_TURNED_RANK = 2097152 // turned a back rank to face a rear charge
export const U_MOVED_LAST = 4194304 // moved last turn (kept one turn): "repeat last move"
export const U_PIVOTED = 8388608 // guns: pivoted or moved (no fire)
export const U_FLANK_HIT = 16777216 // contacted in the flank or rear by a formed charge from behind the flank
export const U_FAIL_NOW = 33554432 // charged this turn and failed to contact
export const U_REFUSED_L = 67108864 // foot line with its left flank refused (kept until it moves or re-forms)
export const U_REFUSED_R = 134217728 // ... its right flank refused
export const U_FIRED_LAST = 268435456 // gave fire last turn (kept one turn): the high ground does not see over it
export const U_CREW_SHELTER = 536870912 // guns: the crew sheltered with the infantry behind (kept)
export const U_FLED_NOW = 1073741824 // made its rout move of this movement phase
export const U_REFUSED = U_REFUSED_L | U_REFUSED_R
/** What a unit did in an earlier combat of the same Combat Phase (counter-charged, was contacted in the
 *  flank, turned a rank): cleared when a pursuer charges into it (or it into another) for a further round. */
export const U_EARLIER_COMBAT = U_COUNTER | U_FLANK_HIT | U_TURNED_RANK
/** Flags that survive the turn change (the rest are cleared). */
export const U_KEEP = U_LIMBERED | U_ABANDONED | U_CREW_KILLED | U_PURSUING | U_FAST_AGAIN | U_REFUSED | U_CREW_SHELTER

// fast moves in progress (s.fmKind)
export const FM_NONE = 0
export const FM_RETIRE = 1
export const FM_ROUT = 2
export const FM_EVADE = 3
export const FM_PURSUE = 4
export const FM_FALL_BACK = 5
export const FM_SHELTER = 6
export const FM_NAMES = ['', 'retire', 'rout', 'evade', 'pursue', 'fall back', 'shelter among the pikes'] as const
// what follows the fast move (s.fmCont)
export const FC_NONE = 0
export const FC_FINISH_MOVE = 1 // a retire chosen in the movement phase: the unit's move ends
export const FC_ROUT_MOVE = 2 // a subsequent rout move in the opponent's movement phase
export const FC_EVADE = 3 // an evade in the combat phase: 1 DP, a morale event
export const FC_PURSUE = 4 // a pursuit after combat: free hack on contact
export const FC_PURSUE_MOVE = 5 // a continuing pursuit in the pursuer's movement phase (then its move is over)

export const LF_MOVED = 1
/** "He only needs to test once for fire and once for combat": tested for fire / for combat this turn. */
export const LF_RISK_FIRE = 2
export const LF_RISK_COMBAT = 4

// leader state
export const L_OK = 0
export const L_WOUNDED = 1
export const L_KILLED = 2
export const L_CAPTURED = 3
export const LEADER_STATES = ['ok', 'wounded', 'killed', 'captured'] as const
// leader influence this turn
export const INF_NONE = 0
export const INF_STEADY = 1
export const INF_INSPIRE = 2

export interface CfeoState extends BaseState {
  readonly ruleset: 'cfeo'
  turn: number
  ply: number
  dice: DiceState
  // units
  uHex: number[]
  uFace: number[]
  uStands: number[]
  uDp: number[]
  uForm: number[]
  uRanks: number[]
  uStatus: number[]
  uFl: number[]
  /** Dice rolled in its last move (cavalry speed change), road move = 2. */
  uLastDice: number[]
  /** Dice rolled this turn (becomes uLastDice at the turn's end). */
  uDiceNow: number[]
  /** Guns: last target unit and range (same target and range +1 / new target -1). */
  uGunTarget: number[]
  uGunRange: number[]
  /** Opponent in hand-to-hand contact, -1 none. */
  uFoe: number[]
  /** Declared charge target (unit), -1 none; dice for the charge. */
  uCharge: number[]
  uChargeDice: number[]
  /** Charge response this turn (R_* in charge.ts), 0 none. */
  uResp: number[]
  /** Combat group this combat phase (after-combat opponents), -1. */
  uGrp: number[]
  /** The opponent against whom the unit has made its follow-on charge, -1. */
  uFollow: number[]
  /** Reinforcing a melee this turn: the friendly unit whose melee it joined, -1. */
  uRein: number[]
  /** The unit it is pursuing (kept across turns while the pursuit lasts), -1. */
  uPur: number[]
  /** The first charger of the body it is combined with for a charge (same movement dice), -1. */
  uBody: number[]
  // leaders
  lHex: number[]
  /** Unit he is attached to, -1 detached. */
  lAtt: number[]
  lActions: number[]
  lUsed: number[]
  lInf: number[]
  lInfN: number[]
  lState: number[]
  /** Leader flags: LF_MOVED moved in this movement phase. */
  lFl: number[]
  // wings (battalia)
  wOrder: number[]
  /** A messenger riding to the battalia's commander with new orders: its hex (-1 none) and the order. */
  wMsgHex: number[]
  wMsgOrder: number[]
  /** The move roll this movement phase of the units under each leader's control (one roll for a
   *  battalia's controlled units): [foot, horse] per leader, each 0 (none) or dice count | die values << 2
   *  (3 bits each). */
  bRoll: number[]
  // flow
  phase: number
  kind: number
  player: number
  /** Player who goes first this turn. */
  first: number
  /** 0: the first player's part of the phase, 1: the second's. */
  half: number
  /** Selected unit/leader (unit slot index), -1. */
  sel: number
  /** Second subject (target unit, wing), -1. */
  sel2: number
  /** Movement points (pips) left, at the roll, and steps so far. */
  mp: number
  mpRoll: number
  fwd: number
  side: number
  wheeled: number
  /** 1 when the selected unit's move is a half move (after a formation change beyond 120 yds). */
  mhalf: number
  /** The selected unit declared it may halt at its ordered position (before the roll). */
  mdecl: number
  /** The dice of the selected unit's move: count | values << 2 (3 bits each); 0 for a road move. */
  mvDice: number
  /** Fast move in progress: unit (-1 none), FM_* kind, hex moved away from (or the pursued unit),
   *  pips left, pips rolled, start hex, steps made, continuation FC_*. */
  fmUnit: number
  fmKind: number
  fmAway: number
  fmMp: number
  fmRoll: number
  fmFrom: number
  fmSteps: number
  fmCont: number
  /** A pursuer that has just charged into new enemy cavalry, awaiting its answer (counter-charge or not:
   *  a charge-response decision, then counter-dice), -1 none. */
  meetBy: number
  /** Pursuers that charged into new enemy after combat in this Combat Phase: their melees are fought in a
   *  further round at once, once the current after-combat actions are done (flow.ts pursuitRound). */
  meets: number[]
  /** Sub-stage of the phase (command: 0 leaders, 1 control tests; combat: 0/1 declarations, 2 responses, 3 after-combat). */
  stage: number
  /** Control tests pending: unit indices. Combat queue: see melee.ts. */
  queue: number[]
  /** The roll of the control test waiting for a nudge. */
  pendingRoll: number
  /** Morale events this turn: [kind, hex, gradeRank, side] quadruples (morale.ts). */
  mEv: number[]
  /** Units that took the initiative roll: [roll0, roll1]. */
  init: number[]
  /** -1 playing, 0/1 winner, 2 draw. */
  winner: number
  reason: string
  score: [number, number]
}

export type CfeoEvent =
  | { type: 'rolled'; sides: number; value: number; forced: boolean; why: string }
  | { type: 'initiative'; player: Player; rolls: [number, number]; first: Player }
  | { type: 'phase'; phase: string; player: Player }
  | { type: 'gun-fired'; unit: string; target: string; range: number; roll: number; /** The gun modifiers that entered, e.g. "new target -1" (their sum is total - roll). */ terms: string[]; total: number; dps: number }
  | { type: 'small-arms'; unit: string; target: string; dice: number; /** How the dice were counted, e.g. "4 for the front rank", "-1 for DPs". */ terms: string[]; hits: number; caracole: boolean }
  | { type: 'dp'; unit: string; dps: number; total: number; why: string }
  | { type: 'casualty'; unit: string; stands: number; why: string }
  | { type: 'destroyed'; unit: string; why: string }
  | { type: 'leader-moved'; leader: string; from: string; to: string }
  | { type: 'leader-attached'; leader: string; unit: string | null }
  | { type: 'leader-influence'; leader: string; unit: string; what: 'steady' | 'inspire' }
  | { type: 'leader-hit'; leader: string; result: 'killed' | 'wounded' | 'near-miss' | 'missed' | 'captured' }
  | { type: 'order-changed'; wing: string; order: string; by: string }
  | { type: 'control-test'; unit: string; roll: number; modifier: number; total: number; result: string }
  | { type: 'moved'; unit: string; from: string; to: string; mp: number }
  | { type: 'faced'; unit: string; from: string; to: string; how: string }
  | { type: 'formation'; unit: string; formation: string; ranks: number }
  | { type: 'move-roll'; unit: string; dice: number; pips: number; why: string }
  | { type: 'charge-declared'; unit: string; target: string; dice: number }
  | { type: 'charge-response'; unit: string; response: string }
  | { type: 'charge-move'; unit: string; pips: number; contact: boolean; to: string }
  | { type: 'combat'; side0: string[]; side1: string[]; totals: [number, number]; bands: [string, string]; detail: string }
  | { type: 'after-combat'; unit: string; action: string }
  | { type: 'fast-move'; unit: string; how: string; from: string; to: string; pips: number }
  | { type: 'free-hack'; unit: string; target: string; dice: number; casualties: number }
  | { type: 'status'; unit: string; from: string; to: string }
  | { type: 'rally'; unit: string }
  | { type: 'gun-abandoned'; unit: string; crewKilled: boolean }
  | { type: 'redress'; unit: string; dps: number }
  | { type: 'turn-ended'; turn: number }
  | { type: 'game-over'; winner: Player | null; reason: string; score: [number, number] }

// Life cycle: a fresh state, its copy, hash, invariants and the check of a deserialised one.

export const ARRAYS = ['uHex', 'uFace', 'uStands', 'uDp', 'uForm', 'uRanks', 'uStatus', 'uFl', 'uLastDice', 'uDiceNow', 'uGunTarget', 'uGunRange', 'uFoe', 'uCharge', 'uChargeDice', 'uResp', 'uGrp', 'uFollow', 'uRein', 'uPur', 'uBody', 'lHex', 'lAtt', 'lActions', 'lUsed', 'lInf', 'lInfN', 'lState', 'lFl', 'wOrder', 'wMsgHex', 'wMsgOrder', 'bRoll', 'queue', 'mEv', 'init', 'meets'] as const
export const NUMS = ['turn', 'ply', 'phase', 'kind', 'player', 'first', 'half', 'sel', 'sel2', 'mp', 'mpRoll', 'fwd', 'side', 'wheeled', 'mhalf', 'mdecl', 'mvDice', 'fmUnit', 'fmKind', 'fmAway', 'fmMp', 'fmRoll', 'fmFrom', 'fmSteps', 'fmCont', 'meetBy', 'stage', 'pendingRoll', 'winner'] as const

/** A fresh state of the scenario: the units where it puts them, turn 1, before the initiative roll. */
export function initialState(c: Ctx, seed: number, opts?: InitOptions): CfeoState {
  const dice = seedDice(seed)
  if (opts?.forcedDice) dice.forced = opts.forcedDice.slice()
  if (opts?.strictDice) dice.strict = true
  const n = c.n
  const I = c.init
  return {
    ruleset: 'cfeo',
    turn: 1,
    ply: 0,
    dice,
    uHex: I.hex.slice(),
    uFace: I.face.slice(),
    uStands: I.stands.slice(),
    uDp: I.dp.slice(),
    uForm: I.form.slice(),
    uRanks: I.ranks.slice(),
    uStatus: new Array<number>(n).fill(S_OK),
    uFl: I.limbered.map((l) => (l ? U_LIMBERED : 0)),
    uLastDice: new Array<number>(n).fill(0),
    uDiceNow: new Array<number>(n).fill(0),
    uGunTarget: new Array<number>(n).fill(-1),
    uGunRange: new Array<number>(n).fill(0),
    uFoe: new Array<number>(n).fill(-1),
    uCharge: new Array<number>(n).fill(-1),
    uChargeDice: new Array<number>(n).fill(0),
    uResp: new Array<number>(n).fill(0),
    uGrp: new Array<number>(n).fill(-1),
    uFollow: new Array<number>(n).fill(-1),
    uRein: new Array<number>(n).fill(-1),
    uPur: new Array<number>(n).fill(-1),
    uBody: new Array<number>(n).fill(-1),
    lHex: c.lInit.hex.slice(),
    lAtt: c.lInit.att.slice(),
    lActions: Array.from(c.lActions),
    lUsed: new Array<number>(c.m).fill(0),
    lInf: new Array<number>(c.m).fill(0),
    lInfN: new Array<number>(c.m).fill(0),
    lState: new Array<number>(c.m).fill(0),
    lFl: new Array<number>(c.m).fill(0),
    wOrder: c.wInitOrder.slice(),
    wMsgHex: new Array<number>(c.w).fill(-1),
    wMsgOrder: new Array<number>(c.w).fill(0),
    bRoll: new Array<number>(2 * c.m).fill(0),
    phase: PH.initiative,
    kind: K.initiative,
    player: 0,
    first: 0,
    half: 0,
    sel: -1,
    sel2: -1,
    mp: 0,
    mpRoll: 0,
    fwd: 0,
    side: 0,
    wheeled: 0,
    mhalf: 0,
    mdecl: 0,
    mvDice: 0,
    fmUnit: -1,
    fmKind: 0,
    fmAway: -1,
    fmMp: 0,
    fmRoll: 0,
    fmFrom: -1,
    fmSteps: 0,
    fmCont: 0,
    meetBy: -1,
    meets: [],
    stage: 0,
    queue: [],
    pendingRoll: 0,
    mEv: [],
    init: [0, 0],
    winner: -1,
    reason: '',
    score: [0, 0],
  }
}

export function cloneState(s: CfeoState): CfeoState {
  const o = { ...s, dice: cloneDice(s.dice), score: [s.score[0], s.score[1]] } as CfeoState
  for (const f of ARRAYS) (o as unknown as Record<string, number[]>)[f] = s[f].slice()
  return o
}

/** 32-bit FNV-1a over every field, in a fixed order. */
export function hashState(s: CfeoState): string {
  let h = FNV_BASIS
  for (const f of NUMS) h = fnv(h, s[f])
  for (const f of ARRAYS) h = fnvArr(h, s[f])
  h = fnvDice(h, s.dice)
  h = fnv(h, s.score[0])
  h = fnv(h, s.score[1])
  return hashHex(fnvText(h, s.reason))
}

export function restoreState(c: Ctx, json: unknown): Result<CfeoState> {
  const bad = (m: string, path?: string) => fail<CfeoState>(err('STATE_INVALID', `cfeo state: ${m}`, path))
  if (!isRecord(json)) return bad('expected an object')
  const o = json
  if (o['ruleset'] !== 'cfeo') return bad(`ruleset is ${JSON.stringify(o['ruleset'])}, expected "cfeo"`, 'ruleset')
  const notInt = firstNonInteger(o, NUMS)
  if (notInt !== undefined) return bad(`field ${notInt} must be an integer`, notInt)
  const want: Record<string, number> = { u: c.n, l: c.m, w: c.w }
  for (const f of ARRAYS) {
    const a = o[f]
    if (!isIntArray(a)) return bad(`field ${f} must be an array of integers`, f)
    const n = want[f[0] as string]
    if (n !== undefined && /^[ulw][A-Z]/.test(f) && a.length !== n) return bad(`field ${f} has ${a.length} entries, the scenario needs ${n}`, f)
  }
  if ((o['bRoll'] as number[]).length !== 2 * c.m) return bad(`field bRoll has ${(o['bRoll'] as number[]).length} entries, the scenario needs ${2 * c.m}`, 'bRoll')
  if (!isDiceState(o['dice'], true)) return bad('dice state is malformed', 'dice')
  if (firstNonString(o, ['reason']) !== undefined) return bad('field reason must be a string', 'reason')
  if (!Array.isArray(o['score']) || o['score'].length !== 2) return bad('field score must be [number, number]', 'score')
  const s = cloneState(o as unknown as CfeoState)
  if (s.winner < 0 && (s.kind < 0 || s.kind >= KINDS.length)) return bad(`decision kind ${s.kind} out of range`, 'kind')
  if (s.phase < 0 || s.phase >= PHASES.length) return bad(`phase ${s.phase} out of range`, 'phase')
  const inv = invariantsOf(c, s)
  if (inv.length) return bad(inv.join('; '))
  return ok(s)
}

export function invariantsOf(c: Ctx, s: CfeoState): string[] {
  const out: string[] = []
  const seen = new Map<number, number>()
  for (let u = 0; u < c.n; u++) {
    const id = c.uId[u]
    const h = s.uHex[u] as number
    const st = s.uStatus[u] as number
    if (st < 0 || st >= STATUSES.length) out.push(`unit ${id}: status ${st}`)
    if (h < -1 || h >= c.size) out.push(`unit ${id}: hex ${h} off the map`)
    if ((h < 0) !== (st >= 3)) out.push(`unit ${id}: hex ${h} with status ${STATUSES[st]}`)
    if ((s.uFace[u] as number) < 0 || (s.uFace[u] as number) > 5) out.push(`unit ${id}: facing ${s.uFace[u]}`)
    if (h >= 0) {
      const o = seen.get(h)
      if (o !== undefined) out.push(`hex ${c.grid.labels[h]}: units ${c.uId[o]} and ${id} (one unit a hex)`)
      seen.set(h, u)
      if (c.impassable[h]) out.push(`unit ${id} on impassable hex ${c.grid.labels[h]}`)
      if ((s.uStands[u] as number) < 1) out.push(`unit ${id} on the map with ${s.uStands[u]} stands`)
      if ((s.uDp[u] as number) < 0 || (s.uDp[u] as number) > capacity(c, s, u)) out.push(`unit ${id}: ${s.uDp[u]} DPs, capacity ${capacity(c, s, u)}`)
      if ((s.uRanks[u] as number) < 1 || (s.uRanks[u] as number) > (s.uStands[u] as number)) out.push(`unit ${id}: ${s.uRanks[u]} ranks with ${s.uStands[u]} stands`)
      if (c.uLight[u] && s.uForm[u] !== 2) out.push(`light troops ${id} not unformed`)
      const foe = s.uFoe[u] as number
      if (foe >= 0 && (s.uHex[foe] as number) < 0) out.push(`unit ${id} in melee with a unit off the map`)
    }
  }
  for (let j = 0; j < c.m; j++) {
    const h = s.lHex[j] as number
    const st = s.lState[j] as number
    if (st >= L_KILLED && h !== -1) out.push(`leader ${c.lId[j]} removed but on hex ${h}`)
    if (st < L_KILLED && (h < 0 || h >= c.size)) out.push(`leader ${c.lId[j]} in play without a hex`)
    const a = s.lAtt[j] as number
    if (a >= 0 && s.uHex[a] !== h) out.push(`leader ${c.lId[j]} attached to ${c.uId[a]} but not on its hex`)
    if ((s.lInfN[j] as number) > 2) out.push(`leader ${c.lId[j]} influenced ${s.lInfN[j]} times`)
    if (h >= 0) {
      const v = seen.get(h)
      if (v !== undefined && c.uSide[v] !== c.lSide[j]) out.push(`leader ${c.lId[j]} shares hex ${c.grid.labels[h]} with enemy unit ${c.uId[v]}`)
    }
  }
  if (s.winner < 0 && (s.kind < 0 || s.kind >= KINDS.length)) out.push(`no decision (kind ${s.kind}) while the game is on`)
  if (s.meetBy < -1 || s.meetBy >= c.n) out.push(`meetBy ${s.meetBy} is not a unit`)
  for (const p of s.meets) if (p < 0 || p >= c.n) out.push(`meets holds ${p}, not a unit`)
  return out
}
