// What the outside sees of a piwam state: the generic GameView, an ASCII map,
// events in words, and the observation encoding (channel names are the spec).

import type { Decision, GameView, ObsSpec, Player, UnitView, LeaderView, WingView } from '../../core/types.ts'
import { VERTEX_NAMES } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { beginEncode, zero, type RetainedObsBuffers } from '../obs-writer.ts'
import type { Board } from './board.ts'
import { commandOf } from './command.ts'
import { lost } from './victory.ts'
import {
  F_ACTED,
  F_ART_FIRED,
  F_INTERCEPTOR,
  K,
  KINDS,
  LS_IN,
  LS_REMOVED,
  M_BYPASSED,
  M_CONTINUED,
  M_FINISHED,
  M_NOCONT,
  M_PREEMPTING,
  type PiwamEvent,
  type PiwamState,
} from './state.ts'
import { ORDERS, STATUSES, TERRAINS, UNIT_TYPES } from './tables.ts'
import { asciiMap, channelIndex, FACE_CH, writeEntityHex, writeEntitySide } from '../shared/view.ts'

const PLANES = [
  ...TERRAINS.map((t) => `terrain:${t}`),
  'elevation',
  'road',
  'hexside:stream',
  'hexside:hedge',
  'hexside:bridge',
  ...UNIT_TYPES.map((t) => `own:${t}`),
  ...UNIT_TYPES.map((t) => `enemy:${t}`),
  ...STATUSES.map((t) => `status:${t}`),
  ...VERTEX_NAMES.map((f) => `facing:${f}`),
  'leader:own',
  'leader:enemy',
  'order:charge',
  'order:march',
  'order:rally',
  'in-command',
  'acted',
  'artillery-fired',
  'active-wing',
  'selected',
  'mp-left',
  'attack-target',
  'intercept-marker',
] as const
const ENTITY = [
  'present',
  'own',
  'enemy',
  ...UNIT_TYPES.map((t) => `type:${t}`),
  'leader',
  'col',
  'row',
  ...VERTEX_NAMES.map((f) => `facing:${f}`),
  ...STATUSES.map((t) => `status:${t}`),
  'eliminated',
  'exited',
  'acted',
  'artillery-fired',
  'active-wing',
  'in-command',
  'selected',
  'rating',
  'value',
] as const
const PHASES = ['activation', 'over'] as const
const GLOBALS = ['turn-fraction', ...PHASES.map((p) => `phase:${p}`), ...KINDS.map((k) => `kind:${k}`), 'am-active-side', 'am-deciding', 'material:own', 'material:enemy', 'lost:own', 'lost:enemy', 'mp-left'] as const

const indexOf = <K extends string>(list: readonly string[], keys: readonly K[]) => channelIndex('piwam', list, keys)

export function makeObsSpec(ctx: Ctx): ObsSpec {
  return { planes: PLANES, entityFeatures: ENTITY, maxEntities: ctx.n + ctx.m, globals: GLOBALS }
}
const P = indexOf(PLANES, ['acted', 'active-wing', 'artillery-fired', 'attack-target', 'elevation', 'enemy:G', 'facing:NE', 'hexside:bridge', 'hexside:hedge', 'hexside:stream', 'in-command', 'intercept-marker', 'leader:enemy', 'leader:own', 'mp-left', 'order:charge', 'own:G', 'road', 'selected', 'status:normal'] as const)
const E = indexOf(ENTITY, ['acted', 'active-wing', 'artillery-fired', 'col', 'eliminated', 'enemy', 'exited', 'facing:NE', 'in-command', 'leader', 'own', 'present', 'rating', 'row', 'selected', 'status:normal', 'type:G', 'value'] as const)
const G = indexOf(GLOBALS, ['am-active-side', 'am-deciding', 'kind:activate-wing', 'lost:enemy', 'lost:own', 'material:enemy', 'material:own', 'mp-left', 'phase:activation', 'phase:over', 'turn-fraction'] as const)

export function markersOf(s: PiwamState, w: number): string[] {
  const m = s.wMark[w]!
  const out: string[] = []
  if (s.activeWing === w && s.winner < 0) out.push('active')
  if (m & M_FINISHED) out.push('finished')
  if (m & M_BYPASSED) out.push('bypassed')
  if (m & M_NOCONT) out.push('no-continue')
  if (m & M_PREEMPTING) out.push('preempting')
  if (m & M_CONTINUED) out.push('continued')
  return out
}

export function viewOf(ctx: Ctx, R: Board, s: PiwamState, decision: Decision | null): GameView {
  const units: UnitView[] = []
  for (let u = 0; u < ctx.n; u++) {
    const h = s.uHex[u]!
    units.push({
      id: ctx.uId[u]!,
      side: ctx.uSide[u] as Player,
      type: UNIT_TYPES[ctx.uType[u]!]!,
      wing: ctx.wId[ctx.uWing[u]!] ?? null,
      hex: h >= 0 ? ctx.grid.labels[h]! : null,
      facing: h >= 0 ? VERTEX_NAMES[s.uFace[u]!]! : null,
      status: STATUSES[s.uStatus[u]!]!,
      eliminated: s.uGone[u] !== 0,
      exited: s.uGone[u] === 2,
      acted: (s.uFlags[u]! & F_ACTED) !== 0,
      fired: (s.uFlags[u]! & F_ART_FIRED) !== 0,
      intercept: (s.uFlags[u]! & F_INTERCEPTOR) !== 0,
    })
  }
  const leaders: LeaderView[] = []
  for (let j = 0; j < ctx.m; j++) {
    const h = s.lHex[j]!
    leaders.push({
      id: ctx.lId[j]!,
      side: ctx.lSide[j] as Player,
      role: ctx.lArmy[j] ? 'army' : 'wing',
      wing: ctx.wId[ctx.lWing[j]!] ?? null,
      hex: h >= 0 && s.lState[j] === LS_IN ? ctx.grid.labels[h]! : null,
      removed: s.lState[j] === LS_REMOVED,
      inPlay: s.lState[j] === LS_IN,
      rating: ctx.lRating[j]!,
    })
  }
  const wings: WingView[] = []
  for (let w = 0; w < ctx.w; w++) {
    const j = s.wCmd[w]!
    wings.push({ id: ctx.wId[w]!, side: ctx.wSide[w] as Player, order: ORDERS[s.wOrder[w]!]!, markers: markersOf(s, w), commander: j >= 0 ? ctx.lId[j]! : null, continuations: s.wCont[w]! })
  }
  void R
  return {
    turn: s.turn,
    phase: s.winner >= 0 ? 'over' : 'activation',
    decision,
    units,
    leaders,
    wings,
    activeWing: s.activeWing >= 0 ? ctx.wId[s.activeWing]! : null,
    mpLeft: s.sel >= 0 && s.sel < ctx.n ? s.mp : null,
    lost: [lost(R, s, 0), lost(R, s, 1)],
  }
}

const TYPE_CH: Record<string, string> = { G: 'G', C: 'C', R: 'R', A: 'A', S: 'S', L: 'L', T: 'T', F: 'F', H: 'H', E: 'E', ART: 'Y' }
const TERR_CH: Record<string, string> = { clear: '.', woods: 'w', rough: 'r', marsh: 'm', village: 'v', water: '~' }
const STATUS_CH = ['', 'd', 's', 'b']

/** A row-per-map-row picture: each hex is a 6-char cell `[side type facing status]` or terrain; odd columns sit lower. */
export function asciiOf(ctx: Ctx, s: PiwamState): string {
  const g = ctx.grid
  const cell = (h: number): string => {
    let txt = ''
    for (let u = 0; u < ctx.n; u++) {
      if (s.uHex[u] !== h) continue
      txt += (ctx.uSide[u] === 0 ? '' : '*') + TYPE_CH[UNIT_TYPES[ctx.uType[u]!]!]! + FACE_CH[s.uFace[u]!]! + STATUS_CH[s.uStatus[u]!]!
    }
    let lead = ''
    for (let j = 0; j < ctx.m; j++) if (s.lHex[j] === h && s.lState[j] === LS_IN) lead = ctx.lArmy[j] ? '@' : '+'
    const t = TERR_CH[TERRAINS[ctx.terrain[h]!]!]!
    const body = (txt + lead) || t.repeat(3)
    return body.slice(0, 7)
  }
  const header = `turn ${s.turn}  ${s.winner >= 0 ? 'game over: ' + s.reason : 'deciding: player ' + s.player + ' ' + (KINDS[s.kind] ?? '')}`
  return asciiMap(header, g, cell, 'legend: side 1 units marked *; G C R cav, A S L T F H E foot, Y artillery; arrow = facing vertex; d/s/b = disordered/shaken/broken; + wing leader, @ army leader; . clear w woods r rough m marsh v village ~ water')
}

export function describeEvent(e: PiwamEvent): string {
  switch (e.type) {
    case 'rolled':
      return `rolled ${e.value} (d${e.sides}${e.forced ? ', forced' : ''}) for ${e.why}`
    case 'initiative':
      return `player ${e.player} has the initiative (${e.reason})`
    case 'wing-activated':
      return `wing ${e.wing} (player ${e.player}) activated (${e.how})`
    case 'preempt-attempt':
      return `wing ${e.wing} tries to preempt ${e.against}: ${e.total} vs ${e.need} - ${e.success ? 'success' : 'failed, no continue'}`
    case 'order-change':
      return `wing ${e.wing} tries ${e.from} -> ${e.to}: ${e.total} vs ${e.need} - ${e.success ? 'changed' : 'failed'}`
    case 'continuation-attempt':
      return `wing ${e.wing} tries to continue: ${e.total} vs ${e.need} - ${e.success ? 'goes again' : 'finished'}`
    case 'wing-finished':
      return `wing ${e.wing} is finished`
    case 'moved':
      return `${e.unit} moves ${e.from} -> ${e.to} (${e.mp} MP)`
    case 'faced':
      return `${e.unit} faces ${e.from} -> ${e.to}${e.mp ? ` (${e.mp} MP)` : ''}`
    case 'leader-moved':
      return `leader ${e.leader} moves ${e.from} -> ${e.to}`
    case 'fired':
      return `${e.unit} ${e.defensive ? 'defensive ' : ''}fires at ${e.target} (range ${e.range}): roll ${e.roll}${modText(e.total - e.roll, e.terms)} = ${e.total} vs ${e.toHit} - ${e.hit ? `hit, +${e.margin} to the morale check` : 'miss'}`
    case 'morale-check':
      return `${e.unit} morale check: ${e.total} vs ${e.need} - ${e.passed ? 'passed' : 'failed'}`
    case 'status-changed':
      return `${e.unit} ${e.from} -> ${e.to}`
    case 'eliminated':
      return `${e.unit} eliminated (${e.why})`
    case 'exited':
      return `${e.unit} routs off the map`
    case 'retreated':
      return `${e.unit} retreats ${e.from} -> ${e.to}`
    case 'stood':
      return `${e.unit} cannot retreat: ${e.roll} vs ${e.need} - ${e.stood ? 'stands' : 'eliminated'}`
    case 'rally':
      return `${e.unit} ${e.success ? 'rallies' : 'fails to rally'}${e.auto ? ' (with its wing commander)' : ''}`
    case 'leader-lost':
      return `leader ${e.leader} lost (${e.why})`
    case 'leader-replaced':
      return `leader ${e.leader} replaced by ${e.by} at ${e.hex}`
    case 'intercept-attempt':
      return `${e.unit} tries to intercept ${e.target}: ${e.total} vs ${e.need} - ${e.success ? 'intercepted' : 'failed'}`
    case 'withdrew':
      return `${e.unit} withdraws ${e.from} -> ${e.to}`
    case 'combat-designated':
      return `${e.attacker} will ${e.reaction ? 'reaction-' : ''}attack ${e.target}`
    case 'combat':
      return `close combat ${e.lead} vs ${e.defender}${e.supports ? ` (+${e.supports} supporting)` : ''}: ${e.roll < 0 ? 'no roll' : `roll ${e.roll}${modText(e.modifier, e.terms)} = ${e.total}`} -> ${e.result}`
    case 'advanced':
      return `${e.unit} ${e.passthrough ? 'passes through' : 'advances'} ${e.from} -> ${e.to}`
    case 'rout':
      return `${e.unit} routs ${e.from} -> ${e.to}`
    case 'turn-ended':
      return `end of turn ${e.turn}`
    case 'game-over':
      return `game over: ${e.winner === null ? 'draw' : `player ${e.winner} wins`} (${e.reason})`
  }
}

/** A die roll's modifier and its terms: " +1 [charge bonus +2, defending leader RW1 -1]". */
function modText(mod: number, terms: readonly string[]): string {
  return ` ${mod >= 0 ? '+' : ''}${mod}${terms.length ? ` [${terms.join(', ')}]` : ''}`
}

/** The map planes (terrain, elevation, roads, hexsides): the same in every observation of a scenario. */
function mapTemplate(t: Float32Array, ctx: Ctx): void {
  const size = ctx.size
  for (let h = 0; h < size; h++) {
    t[ctx.terrain[h]! * size + h] = 1
    t[P.elevation * size + h] = ctx.elev[h]! / 9
    t[P.road * size + h] = ctx.road[h]!
    const sb = ctx.sideBits[h]!
    t[P['hexside:stream'] * size + h] = sb & 1
    t[P['hexside:hedge'] * size + h] = (sb >> 1) & 1
    t[P['hexside:bridge'] * size + h] = (sb >> 2) & 1
  }
}

/** Fills the observation from `player`'s side. Overwrites every entry (only what changed when `out` is
 *  retained, see obs-writer.ts); no allocation. */
export function encodeObs(ctx: Ctx, R: Board, s: PiwamState, player: Player, out: RetainedObsBuffers): void {
  const size = ctx.size
  const en = out.entities
  const gl = out.globals
  const wr = beginEncode(out, ctx, null, mapTemplate)
  en.fill(0)
  zero(gl)
  R.sync(s)
  const g = ctx.grid
  // in-command of own units: one pass per own wing
  const own = player
  R.reach.fill(0)
  R.cmdWing = -1
  for (let w = 0; w < ctx.w; w++) {
    if (ctx.wSide[w] !== own) continue
    commandOf(R, s, w)
    for (let u = 0; u < ctx.n; u++) if (R.cmd[u] && ctx.uWing[u] === w && s.uHex[u]! >= 0) R.reach[s.uHex[u]!] = 1
  }
  R.cmdWing = -1
  const F = ENTITY.length
  // "selected": the unit the decision is about (the acting unit, or the one retreating / routing / intercepting / withdrawn)
  const pick = s.kind === K['retreat-hex'] || s.kind === K['rout-hex'] ? s.rtUnit : s.kind === K['intercept-hex'] || s.kind === K['withdraw-facing'] ? s.react : s.sel
  for (let u = 0; u < ctx.n; u++) {
    const h = s.uHex[u]!
    const mine = ctx.uSide[u] === own
    const row = u * F
    writeEntitySide(en, row, E, mine)
    en[row + E['type:G'] + ctx.uType[u]!] = 1
    en[row + E.eliminated] = s.uGone[u] === 1 ? 1 : 0
    en[row + E.exited] = s.uGone[u] === 2 ? 1 : 0
    en[row + E.value] = ctx.uValue[u]! / 4
    if (h < 0) continue
    writeEntityHex(en, row, E, g, h)
    en[row + E['facing:NE'] + s.uFace[u]!] = 1
    en[row + E['status:normal'] + s.uStatus[u]!] = 1
    const fl = s.uFlags[u]!
    en[row + E.acted] = fl & F_ACTED ? 1 : 0
    en[row + E['artillery-fired']] = fl & F_ART_FIRED ? 1 : 0
    en[row + E['active-wing']] = ctx.uWing[u] === s.activeWing ? 1 : 0
    en[row + E['in-command']] = mine && R.reach[h] ? 1 : 0
    en[row + E.selected] = pick === u ? 1 : 0
    wr.plane(((mine ? P['own:G'] : P['enemy:G']) + ctx.uType[u]!) * size + h, 1)
    wr.plane((P['status:normal'] + s.uStatus[u]!) * size + h, 1)
    wr.plane((P['facing:NE'] + s.uFace[u]!) * size + h, 1)
    wr.plane((P['order:charge'] + s.wOrder[ctx.uWing[u]!]!) * size + h, 1)
    if (mine && R.reach[h]) wr.plane(P['in-command'] * size + h, 1)
    if (fl & F_ACTED) wr.plane(P.acted * size + h, 1)
    if (fl & F_ART_FIRED) wr.plane(P['artillery-fired'] * size + h, 1)
    if (fl & F_INTERCEPTOR) wr.plane(P['intercept-marker'] * size + h, 1)
    if (ctx.uWing[u] === s.activeWing) wr.plane(P['active-wing'] * size + h, 1)
    if (pick === u) wr.plane(P.selected * size + h, 1)
    if (s.sel === u) wr.plane(P['mp-left'] * size + h, s.mp / 8)
    const t = s.uTarget[u]!
    if (t >= 0) wr.plane(P['attack-target'] * size + t, 1)
  }
  for (let j = 0; j < ctx.m; j++) {
    const row = (ctx.n + j) * F
    const mine = ctx.lSide[j] === own
    writeEntitySide(en, row, E, mine)
    en[row + E.leader] = 1
    en[row + E.rating] = -ctx.lRating[j]! / 3
    en[row + E.eliminated] = s.lState[j] === LS_REMOVED ? 1 : 0
    en[row + E.selected] = s.sel === ctx.n + j ? 1 : 0
    const h = s.lHex[j]!
    if (h < 0 || s.lState[j] !== LS_IN) continue
    writeEntityHex(en, row, E, g, h)
    wr.plane((mine ? P['leader:own'] : P['leader:enemy']) * size + h, 1)
    if (s.sel === ctx.n + j) wr.plane(P.selected * size + h, 1)
  }
  gl[G['turn-fraction']] = s.turn / ctx.turns
  gl[s.winner >= 0 ? G['phase:over'] : G['phase:activation']] = 1
  if (s.kind >= 0) gl[G['kind:activate-wing'] + s.kind] = 1
  const activeSide = s.activeWing >= 0 ? ctx.wSide[s.activeWing]! : s.player
  gl[G['am-active-side']] = activeSide === own ? 1 : 0
  gl[G['am-deciding']] = s.player === own ? 1 : 0
  const sv = ctx.startValue
  let m0 = 0
  let m1 = 0
  for (let u = 0; u < ctx.n; u++) if (s.uHex[u]! >= 0 && s.uStatus[u] !== 3) ctx.uSide[u] === 0 ? (m0 += ctx.uValue[u]!) : (m1 += ctx.uValue[u]!)
  const mo = own === 0 ? m0 : m1
  const me = own === 0 ? m1 : m0
  gl[G['material:own']] = sv[own] > 0 ? mo / sv[own] : 0
  gl[G['material:enemy']] = sv[1 - own]! > 0 ? me / sv[1 - own]! : 0
  gl[G['lost:own']] = sv[own] > 0 ? lost(R, s, own) / sv[own] : 0
  gl[G['lost:enemy']] = sv[1 - own]! > 0 ? lost(R, s, 1 - own) / sv[1 - own]! : 0
  gl[G['mp-left']] = s.sel >= 0 && s.sel < ctx.n ? s.mp / 8 : 0
}
