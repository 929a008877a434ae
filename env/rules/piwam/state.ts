// PIWAM state (plain JSON data, struct-of-arrays of small ints), decision
// kinds, choice verbs, flags and the event union; the state's life cycle:
// initial state, clone, hash, restore (validated), invariants.

import { type BaseState, err, fail, ok, type Player, type Result } from '../../core/types.ts'
import { cloneDice, type DiceState, seedDice } from '../../dice.ts'
import { ARM_CAV, type Ctx } from './context.ts'
import { STATUSES, T_ART, T_E, T_G } from './tables.ts'
import { firstNonInteger, firstNonString, fnv, FNV_BASIS, fnvArr, fnvDice, fnvText, hashHex, isDiceState, isIntArray, isRecord } from '../shared/state-codec.ts'

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
  'retreat-hex', // the retreating unit's owner: its next retreat hex, when several are open (4.2, 5.3)
  'rout-hex', // the routing unit's owner: its next hex along the path of least resistance, when several tie (1.3, 5.3)
  'intercept-hex', // the interceptor's owner: which of its two free front hexes it moves into (3.3 C)
  'rout-order', // the owner: which of his broken units routs next, when their paths may cross (1.3)
  'replacement-host', // the owner: the unit of the wing a replacement leader enters stacked with (2.1 B)
  'withdraw-facing', // the withdrawing unit's owner: the facing it ends with, among those its allowance reaches (3.3 B)
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
export const F_OOC = 2048 // out of command when its action began (2.3): only moves toward its commander, no fire
export const F_ROUTED = 4096 // has made its rout move in this turn's rout phase (1.3)
// leader flags
export const L_MOVED = 1
export const L_AIDED = 2 // a rally used him: may not move (2.1 B)
export const L_ACTED = 4 // acted: army commander once per turn, wing commander once per activation (ending his action without moving counts)
export const L_REACTED = 8
export const L_CARRY = 16 // stacked with the acting unit when its action began: moves with it
export const L_RETREAT = 32 // stacked with the retreating unit when its retreat began: retreats with it (2.1 A, 3.2)
// leader states
export const LS_WAITING = 0
export const LS_IN = 1
export const LS_REMOVED = 2
// wing markers
export const M_FINISHED = 1
export const M_BYPASSED = 2
export const M_NOCONT = 4
export const M_PREEMPTING = 8
export const M_CONTINUED = 16 // the wing has successfully continued this turn: preempting it finishes the wing (1.2 A)
export const MARKER_NAMES = ['finished', 'bypassed', 'no-continue', 'preempting', 'continued'] as const
// the pending register (state.pend): what a retreat or rout decision interrupted, resumed after its last step
export const PEND_SIZE = 8
export const P_NONE = 0
/** A fire resolution: [1] firer, [2] aimed hex, [3] line index (artillery within 3 hexes) or -1, [4] hex being
 *  resolved, [5] unit of that hex still to check (-1 none), [6] margin, [7] 1 defensive / 0 offensive. */
export const P_FIRE = 1
/** A rally whose failed check broke the unit: [1] the unit. */
export const P_RALLY = 2
/** A close combat: [1] lead, [2] defender, [3] lead's hex, [4] defender's hex, [5] attacker's loss, [6] attacker's
 *  retreat, [7] 1 = the defender's retreat is under way (the attacker's result is next), 2 = the attacker's. */
export const P_CC = 3
/** The rout phase: [1] the routing unit (the phase goes on with the next broken units). */
export const P_ROUT = 4
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
  /** The unit retreating (4.2, 5.3) or routing (1.3) whose owner picks its next hex, -1 none. */
  rtUnit: number
  /** Retreat: hexes still to go; rout: movement points left. */
  rtLeft: number
  /** Retreat: the hex it retreats away from (-1 for a rout). */
  rtAway: number
  /** 1 when the retreat comes from a close combat (a unit eliminated there takes its leaders with it). */
  rtCombat: number
  /** What the retreat / rout interrupted (P_* stage and its fields, PEND_SIZE entries). */
  pend: number[]
  /** The facings a withdrawn unit may end with (bit f = facing f, 3.3 B) while its owner picks one; 0 otherwise. */
  wdFaces: number
  /** Leaders taking part in the close combat being resolved: their loss-roll order 1..k, 0 not taking part (2.1 A). */
  lCc: number[]
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
  | { type: 'fired'; unit: string; target: string; range: number; toHit: number; roll: number; /** The die roll's non-zero modifiers, e.g. "target in woods -1" (4.1). */ terms: string[]; total: number; hit: boolean; margin: number; defensive: boolean }
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
  | { type: 'combat'; lead: string; defender: string; supports: number; modifier: number; /** 4.2's non-zero modifier terms, e.g. "charge bonus +2" (their sum is `modifier`). */ terms: string[]; roll: number; total: number; result: string; reaction: boolean }
  | { type: 'advanced'; unit: string; from: string; to: string; passthrough: boolean }
  | { type: 'rout'; unit: string; from: string; to: string }
  | { type: 'turn-ended'; turn: number }
  | { type: 'game-over'; winner: Player | null; reason: string; score: [number, number] }


const ARRAY_FIELDS = ['uHex', 'uFace', 'uStatus', 'uGone', 'uFlags', 'uMoved', 'uStamp', 'uTarget', 'lHex', 'lState', 'lFlags', 'lCc', 'wOrder', 'wMark', 'wCont', 'wCmd', 'pend'] as const
const NUM_FIELDS = [
  'turn',
  'ply',
  'kind',
  'player',
  'activeWing',
  'bypassed',
  'chooser',
  'sel',
  'mp',
  'startDist',
  'fireExtra',
  'preemptTried',
  'orderTried',
  'trig',
  'trigUnit',
  'trigBits',
  'trigHex',
  'resume',
  'react',
  'ccHex',
  'ccStage',
  'ccLead',
  'advUnit',
  'advFrom',
  'rtUnit',
  'rtLeft',
  'rtAway',
  'rtCombat',
  'wdFaces',
  'winner',
] as const

/** The state at the start of the game, before the first turn's initiative (flow.startTurn). */
export function initialState(ctx: Ctx, seed: number, opts?: { forcedDice?: number[]; strictDice?: boolean }): PiwamState {
  const n = ctx.n
  const dice = seedDice(seed)
  if (opts?.forcedDice) dice.forced = opts.forcedDice.slice()
  if (opts?.strictDice) dice.strict = true
  const I = ctx.init
  const s: PiwamState = {
    ruleset: 'piwam',
    turn: 1,
    ply: 0,
    dice,
    uHex: I.uHex.slice(),
    uFace: I.uFace.slice(),
    uStatus: I.uStatus.slice(),
    uGone: new Array<number>(n).fill(0),
    uFlags: new Array<number>(n).fill(0),
    uMoved: new Array<number>(n).fill(0),
    uStamp: new Array<number>(n).fill(0),
    uTarget: new Array<number>(n).fill(-1),
    lHex: I.lHex.slice(),
    lState: Array.from(ctx.lInitial),
    lFlags: new Array<number>(ctx.m).fill(0),
    wOrder: I.wOrder.slice(),
    wMark: new Array<number>(ctx.w).fill(0),
    wCont: new Array<number>(ctx.w).fill(0),
    wCmd: I.wCmd.slice(),
    kind: 0,
    player: 0,
    activeWing: -1,
    bypassed: -1,
    chooser: 0,
    sel: -1,
    mp: 0,
    startDist: 0,
    fireExtra: 0,
    preemptTried: 0,
    orderTried: 0,
    trig: 0,
    trigUnit: -1,
    trigBits: 0,
    trigHex: -1,
    resume: 0,
    react: -1,
    ccHex: -1,
    ccStage: 0,
    ccLead: -1,
    advUnit: -1,
    advFrom: -1,
    rtUnit: -1,
    rtLeft: 0,
    rtAway: -1,
    rtCombat: 0,
    wdFaces: 0,
    pend: new Array<number>(PEND_SIZE).fill(0),
    lCc: new Array<number>(ctx.m).fill(0),
    winner: -1,
    reason: '',
    score: [0, 0],
  }
  for (let u = 0; u < n; u++) {
    if (ctx.uType[u] === T_ART) s.uStatus[u] = 0
    // gendarmes that start reduced have already spent their lances (4.2)
    if (ctx.uType[u] === T_G && s.uStatus[u]! > 0) s.uFlags[u] = F_G_REDUCED
  }
  return s
}

export function cloneState(s: PiwamState): PiwamState {
  return {
    ruleset: 'piwam',
    turn: s.turn,
    ply: s.ply,
    dice: cloneDice(s.dice),
    uHex: s.uHex.slice(),
    uFace: s.uFace.slice(),
    uStatus: s.uStatus.slice(),
    uGone: s.uGone.slice(),
    uFlags: s.uFlags.slice(),
    uMoved: s.uMoved.slice(),
    uStamp: s.uStamp.slice(),
    uTarget: s.uTarget.slice(),
    lHex: s.lHex.slice(),
    lState: s.lState.slice(),
    lFlags: s.lFlags.slice(),
    wOrder: s.wOrder.slice(),
    wMark: s.wMark.slice(),
    wCont: s.wCont.slice(),
    wCmd: s.wCmd.slice(),
    kind: s.kind,
    player: s.player,
    activeWing: s.activeWing,
    bypassed: s.bypassed,
    chooser: s.chooser,
    sel: s.sel,
    mp: s.mp,
    startDist: s.startDist,
    fireExtra: s.fireExtra,
    preemptTried: s.preemptTried,
    orderTried: s.orderTried,
    trig: s.trig,
    trigUnit: s.trigUnit,
    trigBits: s.trigBits,
    trigHex: s.trigHex,
    resume: s.resume,
    react: s.react,
    ccHex: s.ccHex,
    ccStage: s.ccStage,
    ccLead: s.ccLead,
    advUnit: s.advUnit,
    advFrom: s.advFrom,
    rtUnit: s.rtUnit,
    rtLeft: s.rtLeft,
    rtAway: s.rtAway,
    rtCombat: s.rtCombat,
    wdFaces: s.wdFaces,
    pend: s.pend.slice(),
    lCc: s.lCc.slice(),
    winner: s.winner,
    reason: s.reason,
    score: [s.score[0], s.score[1]],
  }
}

/** FNV-1a over every field of the state, the dice included. */
export function hashState(s: PiwamState): string {
  let h = FNV_BASIS
  for (const f of NUM_FIELDS) h = fnv(h, s[f])
  for (const f of ARRAY_FIELDS) h = fnvArr(h, s[f])
  h = fnvDice(h, s.dice)
  h = fnv(h, s.score[0])
  h = fnv(h, s.score[1])
  return hashHex(fnvText(h, s.reason))
}

/** A state from JSON, every field's type and length checked against the scenario. */
export function restoreState(ctx: Ctx, json: unknown): Result<PiwamState> {
  const n = ctx.n
  const bad = (m: string, path?: string) => fail<PiwamState>(err('STATE_INVALID', m, path))
  if (!isRecord(json)) return bad('state must be an object')
  const o = json
  if (o['ruleset'] !== 'piwam') return bad(`state.ruleset must be "piwam", got ${JSON.stringify(o['ruleset'])}`, 'ruleset')
  const notInt = firstNonInteger(o, NUM_FIELDS)
  if (notInt !== undefined) return bad(`state.${notInt} must be an integer`, notInt)
  const lens: Record<string, number> = { u: n, l: ctx.m, w: ctx.w, p: PEND_SIZE }
  for (const f of ARRAY_FIELDS) {
    const a = o[f]
    const want = lens[f[0] as string] as number
    if (!isIntArray(a) || a.length !== want) return bad(`state.${f} must be an array of ${want} integers`, f)
  }
  if (!isDiceState(o['dice'], true)) return bad('state.dice must be a dice state {x,y,z,w,forced,strict,count}', 'dice')
  if (firstNonString(o, ['reason']) !== undefined) return bad('state.reason must be a string', 'reason')
  if (!Array.isArray(o.score) || o.score.length !== 2 || !o.score.every((v) => typeof v === 'number')) return bad('state.score must be [number, number]', 'score')
  const s = cloneState(o as unknown as PiwamState)
  if ((s.kind < 0 || s.kind >= KINDS.length) && s.winner < 0) return bad(`state.kind ${s.kind} is not a decision kind`, 'kind')
  for (let u = 0; u < n; u++) {
    const h = s.uHex[u]!
    if (h < -1 || h >= ctx.size) return bad(`state.uHex[${u}] (${ctx.uId[u]}) = ${h} is off the map`, 'uHex')
    if (s.uFace[u]! < 0 || s.uFace[u]! > 5) return bad(`state.uFace[${u}] (${ctx.uId[u]}) must be 0..5`, 'uFace')
    if (s.uStatus[u]! < 0 || s.uStatus[u]! > 3) return bad(`state.uStatus[${u}] (${ctx.uId[u]}) must be 0..3`, 'uStatus')
  }
  for (let j = 0; j < ctx.m; j++) if (s.lHex[j]! < -1 || s.lHex[j]! >= ctx.size) return bad(`state.lHex[${j}] (${ctx.lId[j]}) is off the map`, 'lHex')
  for (let w = 0; w < ctx.w; w++) if (s.wOrder[w]! < 0 || s.wOrder[w]! > 2) return bad(`state.wOrder[${w}] (${ctx.wId[w]}) must be 0..2`, 'wOrder')
  if (s.rtUnit < -1 || s.rtUnit >= n) return bad(`state.rtUnit ${s.rtUnit} must be -1 or a unit index 0..${n - 1}`, 'rtUnit')
  if (s.rtAway < -1 || s.rtAway >= ctx.size) return bad(`state.rtAway ${s.rtAway} is off the map`, 'rtAway')
  if (s.pend[0]! < P_NONE || s.pend[0]! > P_ROUT) return bad(`state.pend[0] ${s.pend[0]} is not a pending stage 0..${P_ROUT}`, 'pend')
  const kn = KINDS[s.kind]
  if (s.winner < 0 && (kn === 'retreat-hex' || kn === 'rout-hex') && (s.rtUnit < 0 || s.uHex[s.rtUnit]! < 0)) return bad(`state.rtUnit must be a unit on the map while the decision is ${kn}`, 'rtUnit')
  if (s.wdFaces < 0 || s.wdFaces > 63) return bad(`state.wdFaces ${s.wdFaces} must be a set of facings 0..63`, 'wdFaces')
  if (s.winner < 0 && kn === 'withdraw-facing' && (s.react < 0 || s.react >= n || s.uHex[s.react]! < 0 || s.wdFaces === 0)) return bad('state.react must be a unit on the map and state.wdFaces its facings while the decision is withdraw-facing', 'react')
  if (s.winner < 0 && kn === 'replacement-host' && (s.sel < n || s.sel >= n + ctx.m || s.lState[s.sel - n] !== LS_WAITING)) return bad('state.sel must be a waiting replacement leader slot while the decision is replacement-host', 'sel')
  return ok(s)
}

/** What must hold in every state (stacking, sides, statuses, facings, leaders, commanders). */
export function stateInvariants(ctx: Ctx, s: PiwamState): string[] {
  const n = ctx.n
  const out: string[] = []
  const occ = new Map<number, number[]>()
  for (let u = 0; u < n; u++) {
    const h = s.uHex[u]!
    const id = ctx.uId[u]
    if ((h < 0) !== (s.uGone[u] !== 0)) out.push(`unit ${id}: hex ${h} but gone=${s.uGone[u]}`)
    if (s.uStatus[u]! < 0 || s.uStatus[u]! > 3) out.push(`unit ${id}: status ${s.uStatus[u]} invalid`)
    if (ctx.uType[u] === T_ART && s.uStatus[u] !== 0) out.push(`artillery ${id}: status ${STATUSES[s.uStatus[u]!]} (artillery is only normal)`)
    if (s.uFace[u]! < 0 || s.uFace[u]! > 5) out.push(`unit ${id}: facing ${s.uFace[u]} invalid`)
    if (h < 0) continue
    if (ctx.terrain[h] === 5) out.push(`unit ${id} in water at ${ctx.grid.labels[h]}`)
    const list = occ.get(h) ?? []
    list.push(u)
    occ.set(h, list)
  }
  for (const [h, list] of occ) {
    const lab = ctx.grid.labels[h]
    const ids = list.map((u) => ctx.uId[u]).join(', ')
    if (list.length > 2) out.push(`hex ${lab}: ${list.length} units (${ids})`)
    const sides = new Set(list.map((u) => ctx.uSide[u]))
    if (sides.size > 1) out.push(`hex ${lab}: both sides (${ids})`)
    if (list.length === 2) {
      const [a, b] = list as [number, number]
      const ta = ctx.uType[a]!
      const tb = ctx.uType[b]!
      const okPair = (ta === T_ART) !== (tb === T_ART) || (ta === T_E && ctx.uArm[b] === ARM_CAV) || (tb === T_E && ctx.uArm[a] === ARM_CAV)
      if (!okPair) out.push(`hex ${lab}: illegal stack (${ids}); only artillery, and Enfants Perdus with cavalry, stack`)
    }
  }
  for (let j = 0; j < ctx.m; j++) {
    const h = s.lHex[j]!
    if (s.lState[j] === LS_IN) {
      if (h < 0) out.push(`leader ${ctx.lId[j]} in play but off the map`)
      else if ((occ.get(h) ?? []).some((u) => ctx.uSide[u] !== ctx.lSide[j])) out.push(`leader ${ctx.lId[j]} at ${ctx.grid.labels[h]} shares a hex with enemy units`)
    } else if (h >= 0) out.push(`leader ${ctx.lId[j]} not in play but at ${ctx.grid.labels[h]}`)
  }
  for (let w = 0; w < ctx.w; w++) {
    const j = s.wCmd[w]!
    if (j >= 0 && (ctx.lWing[j] !== w || s.lState[j] !== LS_IN)) out.push(`wing ${ctx.wId[w]} commander slot ${j} is not an active leader of the wing`)
  }
  if (s.winner < 0 && (s.kind < 0 || s.kind >= KINDS.length)) out.push(`decision kind ${s.kind} invalid while the game is on`)
  if (s.winner < 0) {
    // the pending register: set exactly while a retreat / rout waits for its owner's step
    const stepping = s.kind === K['retreat-hex'] || s.kind === K['rout-hex']
    if (stepping !== s.rtUnit >= 0) out.push(`decision ${KINDS[s.kind]} with rtUnit ${s.rtUnit}: a retreat or rout is pending exactly while its owner picks a step`)
    if (stepping && s.rtUnit >= 0 && s.uHex[s.rtUnit]! < 0) out.push(`retreating unit ${ctx.uId[s.rtUnit]} is off the map`)
    if (s.kind === K['rout-hex'] && s.pend[0] !== P_ROUT) out.push(`rout-hex decision with pending stage ${s.pend[0]}`)
    if (s.kind === K['retreat-hex'] && (s.pend[0] === P_NONE || s.pend[0] === P_ROUT)) out.push(`retreat-hex decision with nothing to resume (pending stage ${s.pend[0]})`)
    if (!stepping && s.pend[0] !== P_NONE) out.push(`pending stage ${s.pend[0]} left over at decision ${KINDS[s.kind]}`)
    // the participants roll after the whole close combat, its advance and the advancing unit's facing included (2.1 A)
    const advancing = s.kind === K['advance-facing'] || s.kind === K['defender-advance']
    if (s.pend[0] !== P_CC && !advancing && s.lCc.some((v) => v !== 0)) out.push('close-combat loss-roll list left over outside a close combat')
    if (s.kind !== K['retreat-hex'] && s.lFlags.some((f) => (f & L_RETREAT) !== 0)) out.push('leaders marked as retreating while no retreat is under way')
    // a withdrawal's facing set and a replacement's slot are held exactly while their owner decides
    if ((s.kind === K['withdraw-facing']) !== (s.wdFaces !== 0)) out.push(`decision ${KINDS[s.kind]} with withdrawal facings ${s.wdFaces}: they are held exactly while the owner picks one`)
    if (s.kind === K['replacement-host'] && (s.sel < n || s.lState[s.sel - n] !== LS_WAITING)) out.push(`replacement-host decision for slot ${s.sel - n}, which is not a waiting replacement`)
  }
  return out
}
