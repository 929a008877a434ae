// What the outside sees of a CFEO state: the GameView, an ASCII map, events in words and the
// observation encoding (the channel names are the spec).

import type { Decision, GameView, LeaderView, ObsSpec, Player, UnitView, WingView } from '../../core/types.ts'
import { VERTEX_NAMES } from '../../hex/grid.ts'
import { beginEncode, zero, type RetainedObsBuffers } from '../obs-writer.ts'
import type { Ctx } from './context.ts'
import { capacity } from './core.ts'
import { type CfeoEvent, type CfeoState, INF_INSPIRE, KINDS, LEADER_STATES, PHASES, STATUSES, U_ABANDONED, U_CONTROLLED, U_DONE, U_FIRED, U_HALT, U_LIMBERED, U_MOVED, U_UNDER_FIRE } from './state.ts'
import { FORMATIONS, GRADES, HEXSIDES, ORDERS, TERRAINS, TYPE_STATS, UNIT_TYPES } from './tables.ts'
import { asciiMap, channelIndex, FACE_CH, writeEntityHex, writeEntitySide } from '../shared/view.ts'

const PLANES = [
  ...TERRAINS.map((t) => `terrain:${t}`),
  'elevation',
  'road',
  ...HEXSIDES.map((h) => `hexside:${h}`),
  ...UNIT_TYPES.map((t) => `own:${t}`),
  ...UNIT_TYPES.map((t) => `enemy:${t}`),
  ...FORMATIONS.map((f) => `formation:${f}`),
  ...VERTEX_NAMES.map((f) => `facing:${f}`),
  'stands',
  'dp',
  'dp-capacity-left',
  'status:retiring',
  'status:routing',
  'grade',
  'in-melee',
  'halted',
  'fired',
  'moved',
  'under-fire',
  'limbered',
  'abandoned',
  'leader:own',
  'leader:enemy',
  'leader:attached',
  'leader:inspiring',
  'selected',
  'mp-left',
  'charge-target',
] as const
const ENTITY = [
  'present',
  'own',
  'enemy',
  ...UNIT_TYPES.map((t) => `type:${t}`),
  'leader',
  'general',
  'col',
  'row',
  ...VERTEX_NAMES.map((f) => `facing:${f}`),
  'stands',
  'dp',
  ...FORMATIONS.map((f) => `formation:${f}`),
  'ranks',
  ...GRADES.map((g) => `grade:${g}`),
  ...STATUSES.map((t) => `status:${t}`),
  'armoured',
  'fired',
  'moved',
  'halted',
  'controlled',
  'in-melee',
  'done',
  'selected',
  'actions',
  'actions-used',
  'attached',
  'inspiring',
] as const
const GLOBALS = ['turn-fraction', ...PHASES.map((p) => `phase:${p}`), ...KINDS.map((k) => `kind:${k}`), 'am-first', 'am-deciding', 'material:own', 'material:enemy', 'mp-left'] as const

const indexOf = <K extends string>(list: readonly string[], keys: readonly K[]) => channelIndex('cfeo', list, keys)
const P = indexOf(PLANES, ['terrain:clear', 'elevation', 'road', 'hexside:ditch', 'own:pike', 'enemy:pike', 'formation:line', 'facing:NE', 'stands', 'dp', 'dp-capacity-left', 'status:retiring', 'status:routing', 'grade', 'in-melee', 'halted', 'fired', 'moved', 'under-fire', 'limbered', 'abandoned', 'leader:own', 'leader:enemy', 'leader:attached', 'leader:inspiring', 'selected', 'mp-left', 'charge-target'] as const)
const E = indexOf(ENTITY, ['present', 'own', 'enemy', 'type:pike', 'leader', 'general', 'col', 'row', 'facing:NE', 'stands', 'dp', 'formation:line', 'ranks', 'grade:A1', 'status:formed', 'armoured', 'fired', 'moved', 'halted', 'controlled', 'in-melee', 'done', 'selected', 'actions', 'actions-used', 'attached', 'inspiring'] as const)
const G = indexOf(GLOBALS, ['turn-fraction', 'phase:initiative', 'kind:initiative', 'am-first', 'am-deciding', 'material:own', 'material:enemy', 'mp-left'] as const)

export function makeObsSpec(c: Ctx): ObsSpec {
  return { planes: PLANES, entityFeatures: ENTITY, maxEntities: c.n + c.m, globals: GLOBALS }
}

export function material(c: Ctx, s: CfeoState): [number, number] {
  const m: [number, number] = [0, 0]
  for (let u = 0; u < c.n; u++) if ((s.uHex[u] as number) >= 0 && s.uStatus[u] === 0 && ((s.uFl[u] as number) & U_ABANDONED) === 0) m[c.uSide[u] as 0 | 1] += s.uStands[u] as number
  return m
}

export function viewOf(c: Ctx, s: CfeoState, decision: Decision | null): GameView {
  const units: UnitView[] = []
  for (let u = 0; u < c.n; u++) {
    const h = s.uHex[u] as number
    const fl = s.uFl[u] as number
    units.push({
      id: c.uId[u] as string,
      side: c.uSide[u] as Player,
      type: UNIT_TYPES[c.uType[u] as number] as string,
      wing: c.wId[c.uWing[u] as number] ?? null,
      hex: h >= 0 ? (c.grid.labels[h] as string) : null,
      facing: h >= 0 ? (VERTEX_NAMES[s.uFace[u] as number] as string) : null,
      status: STATUSES[s.uStatus[u] as number] as string,
      eliminated: h < 0,
      grade: GRADES[c.uGrade[u] as number],
      stands: s.uStands[u],
      dp: s.uDp[u],
      capacity: capacity(c, s, u),
      formation: FORMATIONS[s.uForm[u] as number],
      ranks: s.uRanks[u],
      armoured: c.uArmoured[u] === 1,
      fired: (fl & U_FIRED) !== 0,
      moved: (fl & U_MOVED) !== 0,
      halted: (fl & U_HALT) !== 0,
      underFire: (fl & U_UNDER_FIRE) !== 0,
      limbered: (fl & U_LIMBERED) !== 0,
      abandoned: (fl & U_ABANDONED) !== 0,
      inMelee: s.uFoe[u] !== -1 ? (c.uId[s.uFoe[u] as number] as string) : null,
      charging: s.uCharge[u] !== -1 ? (c.uId[s.uCharge[u] as number] as string) : null,
      lastDice: s.uLastDice[u],
    })
  }
  const leaders: LeaderView[] = []
  for (let j = 0; j < c.m; j++) {
    const h = s.lHex[j] as number
    leaders.push({
      id: c.lId[j] as string,
      side: c.lSide[j] as Player,
      role: c.lRole[j] === 0 ? 'general' : 'commander',
      wing: c.wId[c.lWing[j] as number] ?? null,
      hex: h >= 0 ? (c.grid.labels[h] as string) : null,
      removed: (s.lState[j] as number) >= 2,
      state: LEADER_STATES[s.lState[j] as number],
      attached: s.lAtt[j] !== -1 ? (c.uId[s.lAtt[j] as number] as string) : null,
      actions: s.lActions[j],
      used: s.lUsed[j],
      influence: s.lInf[j] === 0 ? null : s.lInf[j] === INF_INSPIRE ? 'inspire' : 'steady',
      influenceCount: s.lInfN[j],
    })
  }
  const wings: WingView[] = []
  for (let w = 0; w < c.w; w++) {
    // a messenger riding to the battalia's commander with new orders: shown in the wing's line (the map
    // draws units and leaders only) and as its own field
    const mh = s.wMsgHex[w] as number
    const msg = mh >= 0 ? { hex: c.grid.labels[mh] as string, order: ORDERS[s.wMsgOrder[w] as number] as string } : null
    wings.push({ id: c.wId[w] as string, side: c.wSide[w] as Player, order: ORDERS[s.wOrder[w] as number] as string, markers: msg ? [`messenger at ${msg.hex} with ${msg.order}`] : [], commander: c.lId[c.wCmd[w] as number] ?? null, messenger: msg })
  }
  return {
    turn: s.turn,
    phase: PHASES[s.winner >= 0 ? PHASES.length - 1 : s.phase] as string,
    decision,
    units,
    leaders,
    wings,
    first: s.first,
    mpLeft: s.sel >= 0 && s.sel < c.n ? s.mp : null,
  }
}

const TERR_CH = ['.', 'r', 'w', 't', 'm', 'h', '~']

export function asciiOf(c: Ctx, s: CfeoState): string {
  const g = c.grid
  const occ = new Int16Array(c.size).fill(-1)
  for (let u = 0; u < c.n; u++) if ((s.uHex[u] as number) >= 0) occ[s.uHex[u] as number] = u
  const cell = (h: number): string => {
    const u = occ[h] as number
    let txt = ''
    if (u >= 0) {
      const st = TYPE_STATS[UNIT_TYPES[c.uType[u] as number]!]
      txt = (c.uSide[u] === 0 ? '' : '*') + st.letter + (s.uStands[u] as number) + FACE_CH[s.uFace[u] as number] + ((s.uDp[u] as number) > 0 ? String(s.uDp[u]) : '') + (s.uStatus[u] === 2 ? 'R' : s.uStatus[u] === 1 ? 'r' : '')
    }
    for (let j = 0; j < c.m; j++) if (s.lHex[j] === h) txt += c.lRole[j] === 0 ? '@' : '+'
    for (let w = 0; w < c.w; w++) if (s.wMsgHex[w] === h) txt += 'm'
    return (txt || (TERR_CH[c.terrain[h] as number] as string).repeat(3)).slice(0, 7)
  }
  const header = `turn ${s.turn} ${PHASES[s.phase]}  ${s.winner >= 0 ? 'game over: ' + s.reason : `deciding: player ${s.player} ${KINDS[s.kind] ?? ''}`}`
  return asciiMap(header, g, cell, 'legend: * side 1; letter type (P pike S skirmishers T tercio W swordsmen R rabble H heavy cav K reiters L light cav g/G/Y guns), stands, facing arrow, DPs, r retiring R routing; @ general + commander m messenger')
}

export function describeEvent(e: CfeoEvent): string {
  switch (e.type) {
    case 'rolled':
      return `rolled ${e.value} (${e.why.startsWith('AvD') ? 'AvD' : `d${e.sides}`}${e.forced ? ', forced' : ''}) for ${e.why}`
    case 'initiative':
      return `initiative ${e.rolls[0]} vs ${e.rolls[1]}: player ${e.player} chooses; player ${e.first} goes first`
    case 'phase':
      return `${e.phase} phase, player ${e.player}`
    case 'gun-fired':
      return `${e.unit} fires at ${e.target} (range ${e.range}): ${e.roll}${e.terms.length ? ` [${e.terms.join(', ')}]` : ''} -> ${e.total}, ${e.dps} DP`
    case 'small-arms':
      return `${e.unit} ${e.caracole ? 'fires in caracole' : 'fires'} at ${e.target}: ${e.dice} dice${e.terms.length ? ` [${e.terms.join(', ')}]` : ''}, ${e.hits} DP`
    case 'dp':
      return `${e.unit} +${e.dps} DP (${e.total}) - ${e.why}`
    case 'casualty':
      return `${e.unit} loses ${e.stands} stand(s) - ${e.why}`
    case 'destroyed':
      return `${e.unit} destroyed (${e.why})`
    case 'leader-moved':
      return `leader ${e.leader} moves ${e.from} -> ${e.to}`
    case 'leader-attached':
      return e.unit ? `leader ${e.leader} attaches to ${e.unit}` : `leader ${e.leader} detaches`
    case 'leader-influence':
      return `leader ${e.leader} ${e.what === 'steady' ? 'steadies' : 'inspires'} ${e.unit}`
    case 'leader-hit':
      return `leader ${e.leader}: ${e.result}`
    case 'order-changed':
      return `${e.by} orders battalia ${e.wing}: ${e.order}`
    case 'control-test':
      return `${e.unit} control test ${e.roll}${e.modifier >= 0 ? '+' : ''}${e.modifier} = ${e.total}: ${e.result}`
    case 'moved':
      return `${e.unit} moves ${e.from} -> ${e.to} (${e.mp} pips)`
    case 'faced':
      return `${e.unit} ${e.how}`
    case 'formation':
      return `${e.unit} forms ${e.formation}${e.formation === 'line' ? ` ${e.ranks} deep` : ''}`
    case 'move-roll':
      return `${e.unit} rolls ${e.dice} dice: ${e.pips} pips (${e.why})`
    case 'charge-declared':
      return `${e.unit} declares a charge on ${e.target} with ${e.dice} dice`
    case 'charge-response':
      return `${e.unit} responds: ${e.response}`
    case 'charge-move':
      return `${e.unit} charges ${e.pips} pips to ${e.to}${e.contact ? ', contact' : ', fails to contact'}`
    case 'combat':
      return `combat ${e.side0.join('+')} (${e.totals[0]}, ${e.bands[0]}) vs ${e.side1.join('+')} (${e.totals[1]}, ${e.bands[1]}): ${e.detail}`
    case 'after-combat':
      return `${e.unit}: ${e.action}`
    case 'fast-move':
      return `${e.unit} ${e.how} ${e.from} -> ${e.to}`
    case 'free-hack':
      return `${e.unit} free hack on ${e.target}: ${e.dice} dice, ${e.casualties} casualties`
    case 'status':
      return `${e.unit} ${e.from} -> ${e.to}`
    case 'rally':
      return `${e.unit} rallies`
    case 'gun-abandoned':
      return `${e.unit} abandoned${e.crewKilled ? ', crew killed' : ''}`
    case 'redress':
      return `${e.unit} re-dresses ranks: -${e.dps} DP`
    case 'turn-ended':
      return `end of turn ${e.turn}`
    case 'game-over':
      return `game over: ${e.winner === null ? 'draw' : `player ${e.winner} wins`} (${e.reason})`
  }
}

function mapTemplate(t: Float32Array, c: Ctx): void {
  const size = c.size
  for (let h = 0; h < size; h++) {
    t[(P['terrain:clear'] + (c.terrain[h] as number)) * size + h] = 1
    t[P.elevation * size + h] = (c.elev[h] as number) / 9
    t[P.road * size + h] = c.road[h] as number
    for (let k = 0; k < 6; k++) {
      const f = c.side[h * 6 + k] as number
      for (let b = 0; b < HEXSIDES.length; b++) if (f & (1 << b)) t[(P['hexside:ditch'] + b) * size + h] = 1
    }
  }
}

export function encodeObs(c: Ctx, s: CfeoState, player: Player, out: RetainedObsBuffers): void {
  const size = c.size
  const en = out.entities
  const gl = out.globals
  const wr = beginEncode(out, c, null, mapTemplate)
  en.fill(0)
  zero(gl)
  const g = c.grid
  const F = ENTITY.length
  for (let u = 0; u < c.n; u++) {
    const row = u * F
    const mine = c.uSide[u] === player
    const fl = s.uFl[u] as number
    writeEntitySide(en, row, E, mine)
    en[row + E['type:pike'] + (c.uType[u] as number)] = 1
    en[row + E.stands] = (s.uStands[u] as number) / 12
    en[row + E.dp] = (s.uDp[u] as number) / 6
    en[row + E['formation:line'] + (s.uForm[u] as number)] = 1
    en[row + E.ranks] = (s.uRanks[u] as number) / 12
    en[row + E['grade:A1'] + (c.uGrade[u] as number)] = 1
    en[row + E['status:formed'] + (s.uStatus[u] as number)] = 1
    en[row + E.armoured] = c.uArmoured[u] as number
    en[row + E.fired] = fl & U_FIRED ? 1 : 0
    en[row + E.moved] = fl & U_MOVED ? 1 : 0
    en[row + E.halted] = fl & U_HALT ? 1 : 0
    en[row + E.controlled] = fl & U_CONTROLLED ? 1 : 0
    en[row + E['in-melee']] = s.uFoe[u] !== -1 ? 1 : 0
    en[row + E.done] = fl & U_DONE ? 1 : 0
    en[row + E.selected] = s.sel === u ? 1 : 0
    const h = s.uHex[u] as number
    if (h < 0) continue
    writeEntityHex(en, row, E, g, h)
    en[row + E['facing:NE'] + (s.uFace[u] as number)] = 1
    wr.plane(((mine ? P['own:pike'] : P['enemy:pike']) + (c.uType[u] as number)) * size + h, 1)
    wr.plane((P['formation:line'] + (s.uForm[u] as number)) * size + h, 1)
    wr.plane((P['facing:NE'] + (s.uFace[u] as number)) * size + h, 1)
    wr.plane(P.stands * size + h, (s.uStands[u] as number) / 12)
    wr.plane(P.dp * size + h, (s.uDp[u] as number) / 6)
    wr.plane(P['dp-capacity-left'] * size + h, (capacity(c, s, u) - (s.uDp[u] as number)) / 6)
    wr.plane(P.grade * size + h, (6 - (c.uGrade[u] as number)) / 6)
    if (s.uStatus[u] === 1) wr.plane(P['status:retiring'] * size + h, 1)
    if (s.uStatus[u] === 2) wr.plane(P['status:routing'] * size + h, 1)
    if (s.uFoe[u] !== -1) wr.plane(P['in-melee'] * size + h, 1)
    if (fl & U_HALT) wr.plane(P.halted * size + h, 1)
    if (fl & U_FIRED) wr.plane(P.fired * size + h, 1)
    if (fl & U_MOVED) wr.plane(P.moved * size + h, 1)
    if (fl & U_UNDER_FIRE) wr.plane(P['under-fire'] * size + h, 1)
    if (fl & U_LIMBERED) wr.plane(P.limbered * size + h, 1)
    if (fl & U_ABANDONED) wr.plane(P.abandoned * size + h, 1)
    if (s.sel === u) {
      wr.plane(P.selected * size + h, 1)
      wr.plane(P['mp-left'] * size + h, s.mp / 24)
    }
    const t = s.uCharge[u] as number
    if (t >= 0 && (s.uHex[t] as number) >= 0) wr.plane(P['charge-target'] * size + (s.uHex[t] as number), 1)
  }
  for (let j = 0; j < c.m; j++) {
    const row = (c.n + j) * F
    const mine = c.lSide[j] === player
    writeEntitySide(en, row, E, mine)
    en[row + E.leader] = 1
    en[row + E.general] = c.lRole[j] === 0 ? 1 : 0
    en[row + E.actions] = (s.lActions[j] as number) / 3
    en[row + E['actions-used']] = (s.lUsed[j] as number) / 3
    en[row + E.attached] = s.lAtt[j] !== -1 ? 1 : 0
    en[row + E.inspiring] = s.lInf[j] === INF_INSPIRE ? (s.lInfN[j] as number) / 2 : 0
    en[row + E.selected] = s.sel === c.n + j ? 1 : 0
    const h = s.lHex[j] as number
    if (h < 0) continue
    writeEntityHex(en, row, E, g, h)
    wr.plane((mine ? P['leader:own'] : P['leader:enemy']) * size + h, 1)
    if (s.lAtt[j] !== -1) wr.plane(P['leader:attached'] * size + h, 1)
    if (s.lInf[j] === INF_INSPIRE) wr.plane(P['leader:inspiring'] * size + h, 1)
    if (s.sel === c.n + j) wr.plane(P.selected * size + h, 1)
  }
  gl[G['turn-fraction']] = s.turn / c.turns
  gl[G['phase:initiative'] + (s.winner >= 0 ? PHASES.length - 1 : s.phase)] = 1
  if (s.kind >= 0 && s.winner < 0) gl[G['kind:initiative'] + s.kind] = 1
  gl[G['am-first']] = s.first === player ? 1 : 0
  gl[G['am-deciding']] = s.player === player ? 1 : 0
  const m = material(c, s)
  gl[G['material:own']] = m[player] / Math.max(1, c.startStands[player])
  gl[G['material:enemy']] = m[1 - player]! / Math.max(1, c.startStands[1 - player]!)
  gl[G['mp-left']] = s.sel >= 0 && s.sel < c.n ? s.mp / 24 : 0
}
