// What the world sees of an mttsog state: the generic view, events in words,
// an ASCII map, material, and the observation encoding (published channel names).

import type { GameView, LeaderView, ObsSpec, Player, UnitView, WingView } from '../../core/types.ts'
import { SIDE_NAMES } from '../../hex/grid.ts'
import { beginEncode, zero, type RetainedObsBuffers } from '../obs-writer.ts'
import type { Ctx } from './context.ts'
import { HS_RIVER, HS_STREAM } from './context.ts'
import { effForm, lbl, onMap, sync } from './core.ts'
import { curKind, decisionPlayer, scores, subjectOf } from './flow.ts'
import { armyLosses } from './morale.ts'
import { FORMATIONS, TERRAIN_IDS, QUALITIES } from './tables.ts'
import { F_CHARGE, F_EXH, F_MELEE, F_RALLIED, F_SHOT, KINDS, LF_MOVED, LF_REMOVED, PHASES, S_DIS, S_ROUT, STATUS, type MtEvent, type MtState } from './state.ts'
import { rowAscii } from '../shared/ascii.ts'

export function viewOf(c: Ctx, s: MtState): GameView {
  sync(c, s)
  const units: UnitView[] = []
  for (let u = 0; u < c.nU; u++) {
    const on = onMap(s, u)
    const fl = s.fl[u] as number
    const su = c.scenario.units[u]
    units.push({
      id: c.unitIds[u] as string,
      side: c.uSide[u] as Player,
      type: su?.type ?? '',
      wing: su?.wing ?? null,
      hex: on ? lbl(c, s.hex[u] as number) : null,
      facing: on ? (SIDE_NAMES[s.face[u] as number] as string) : null,
      status: STATUS[s.st[u] as number] as string,
      eliminated: !on,
      stands: s.stands[u] as number,
      formation: FORMATIONS[s.form[u] as number] as string,
      fighting: on ? (FORMATIONS[effForm(c, s, u)] as string) : null,
      exhausted: (fl & F_EXH) !== 0,
      charging: (fl & F_CHARGE) !== 0,
      rallied: (fl & F_RALLIED) !== 0,
      meleed: (fl & F_MELEE) !== 0,
      shot: (fl & F_SHOT) !== 0,
      hits: s.hits[u] as number,
      arm: c.prof[u]?.arm ?? '',
      quality: c.prof[u]?.quality ?? '',
    })
  }
  const leaders: LeaderView[] = []
  for (let l = 0; l < c.nL; l++) {
    const removed = ((s.lfl[l] as number) & LF_REMOVED) !== 0
    leaders.push({
      id: c.leaderIds[l] as string,
      side: c.lSide[l] as Player,
      role: c.lRole[l] as string,
      wing: c.scenario.wings.find((w) => w.commander === c.leaderIds[l])?.id ?? null,
      hex: removed ? null : lbl(c, s.lhex[l] as number),
      removed,
      cp: s.cp[l] as number,
      moved: ((s.lfl[l] as number) & LF_MOVED) !== 0,
      range: c.lRange[l] as number,
    })
  }
  const wings: WingView[] = c.scenario.wings.map((w) => ({ id: w.id, side: w.side, order: null, markers: [] }))
  const k = curKind(s)
  const subject = subjectOf(c, s)
  return {
    turn: s.turn,
    phase: PHASES[s.phase] as string,
    decision: k < 0 ? null : { player: decisionPlayer(c, s), kind: KINDS[k] as string, ...(subject !== null ? { subject } : {}) },
    units,
    leaders,
    wings,
    active: s.active,
    losses: [armyLosses(c, s, 0), armyLosses(c, s, 1)],
    breakPoints: [c.breakPoint[0], c.breakPoint[1]],
    cpDice: s.dice6.slice(),
  }
}

export function describeEvent(e: MtEvent): string {
  switch (e.type) {
    case 'rolled':
      return `rolled ${e.value} (d${e.sides}${e.forced ? ', forced' : ''}) for ${e.why}`
    case 'phase':
      return `turn ${e.turn}: side ${e.player} ${e.phase} phase`
    case 'cp':
      return `${e.leader} has ${e.cp} CP (${e.why})`
    case 'spent':
      return `${e.leader} spends ${e.cost} CP on ${e.unit}: ${e.what} (${e.left} left)`
    case 'moved':
      return `${e.unit} moves ${e.from} → ${e.to}`
    case 'faced':
      return `${e.unit} faces ${e.facing}`
    case 'formation':
      return `${e.unit} forms ${e.formation}`
    case 'qc':
      return `${e.unit} (${e.quality}) quality check for ${e.why}: ${e.roll} — ${e.passed ? 'passed' : 'failed'}`
    case 'status-changed':
      return `${e.unit} is now ${e.to} (was ${e.from}; ${e.why})`
    case 'exhausted':
      return `${e.unit} is ${e.on ? 'exhausted' : 'no longer exhausted'}`
    case 'shot':
      return `${e.unit} shoots at ${e.target}: ${e.dice} dice needing ${e.need}+${e.terms.length ? ` [${e.terms.join(', ')}]` : ''}, ${e.hits} hit${e.hits === 1 ? '' : 's'}`
    case 'saved':
      return `${e.unit} saves ${e.saves} hit${e.saves === 1 ? '' : 's'}`
    case 'stands-lost':
      return `${e.unit} loses ${e.stands} stand${e.stands === 1 ? '' : 's'} (${e.left} left; ${e.discarded} leftover hit${e.discarded === 1 ? '' : 's'} discarded)`
    case 'status-check':
      return `${e.unit} status check: ${e.dice} dice, ${e.sixes} six${e.sixes === 1 ? '' : 'es'}`
    case 'melee-dice':
      return `${e.what} of ${e.unit} at ${e.target}: ${e.dice} dice needing ${e.need}+${e.terms.length ? ` [${e.terms.join(', ')}]` : ''}, ${e.hits} hit${e.hits === 1 ? '' : 's'}`
    case 'melee':
      return `melee round ${e.round}: ${e.attackers.join(' + ')} against ${e.defender}: hits ${e.attackerHits}-${e.defenderHits}${e.attackerTerms.length ? `; attacker ${e.attackerTerms.join(', ')}` : ''}${e.defenderTerms.length ? `; defender ${e.defenderTerms.join(', ')}` : ''}, result ${e.attackerScore}-${e.defenderScore}, ${e.result}`
    case 'retreated':
      return `${e.unit} retreats ${e.from} → ${e.to}`
    case 'rout-move':
      return `${e.unit} routs${e.path.length ? ' through ' + e.path.join(' → ') : ' (cannot move)'}`
    case 'evaded':
      return `${e.unit} evades${e.path.length ? ' to ' + e.path[e.path.length - 1] : ' (nowhere to go)'}`
    case 'removed':
      return `${e.unit} is removed (${e.why})`
    case 'leader-moved':
      return `${e.leader} moves to ${e.to}`
    case 'leader-removed':
      return `${e.leader} is removed: no subordinate unit left`
    case 'army-morale':
      return `side ${e.side} army morale: ${e.losses} lost of ${e.breakPoint} break points${e.broken ? ' — broken' : ''}`
    case 'game-over':
      return `game over: ${e.winner === null ? 'draw' : `side ${e.winner} wins`} (${e.reason})`
  }
}

const TERRAIN_CHAR = ['.', 'w', 'B', 'm', '^']
const FORM_CHAR = ['L', 'C', 'Q', 'O', 'M', 'l', 'u']

export function asciiOf(c: Ctx, s: MtState): string {
  sync(c, s)
  const lines: string[] = []
  lines.push(`March Toward the Sound of Guns — turn ${s.turn}/${c.scenario.turns}, side ${s.active} ${PHASES[s.phase]}; losses ${armyLosses(c, s, 0)}/${c.breakPoint[0]} vs ${armyLosses(c, s, 1)}/${c.breakPoint[1]}`)
  const cellOf = (h: number): string => {
    const u = c.occ[h] as number
    if (u >= 0) {
      const arm = c.prof[u]?.arm === 'inf' ? 'I' : c.prof[u]?.arm === 'cav' ? 'C' : 'A'
      const ch = c.uSide[u] === 0 ? arm : arm.toLowerCase()
      const st = s.st[u] === S_ROUT ? '!' : s.st[u] === S_DIS ? '~' : (FORM_CHAR[s.form[u] as number] as string)
      return ch + String(s.stands[u]) + st
    }
    let cell = (TERRAIN_CHAR[c.terr[h] as number] ?? '?') + (c.onRoad[h] ? '=' : ' ') + ' '
    for (let l = 0; l < c.nL; l++) if (s.lhex[l] === h && !((s.lfl[l] as number) & LF_REMOVED)) cell = c.lSide[l] === 0 ? '@0 ' : '@1 '
    return cell
  }
  lines.push(...rowAscii(c.grid, cellOf, 3))
  lines.push('I/C/A infantry/cavalry/artillery of side 0 (lower case: side 1), digit = stands; L line, C column, Q square, O open, M march, l limbered, u unlimbered, ~ disordered, ! routed; @ commander; . open, w woods, B built-up, m marsh, ^ hill, = road')
  return lines.join('\n')
}

/** Each side's fighting value: weighted stands left on the map (routed units count for nothing). */
export function materialOf(c: Ctx, s: MtState): [number, number] {
  const m: [number, number] = [0, 0]
  for (let u = 0; u < c.nU; u++) {
    if (!onMap(s, u) || s.st[u] === S_ROUT) continue
    m[c.uSide[u] as 0 | 1] += (c.uWeight[u] as number) * (s.stands[u] as number)
  }
  return m
}

// ---- observation encoding --------------------------------------------------------

const PER_SIDE = ['infantry', 'cavalry', 'artillery', 'stands', 'disordered', 'routed', ...SIDE_NAMES.map((f) => `facing-${f}`), ...FORMATIONS.map((f) => `form-${f}`), 'exhausted', 'charging', 'commander']

export function obsSpecOf(c: Ctx): ObsSpec {
  // the spec depends on the scenario only through the entity count
  const planes: string[] = []
  for (const t of TERRAIN_IDS) planes.push(`terrain:${t}`)
  planes.push('elevation', 'road', 'stream', 'river', 'defended', 'objective')
  for (const who of ['own', 'enemy']) for (const k of PER_SIDE) planes.push(`${who}:${k}`)
  planes.push('selected', 'partner', 'defender')
  const entityFeatures = [
    'present',
    'own',
    'col',
    'row',
    'infantry',
    'cavalry',
    'artillery',
    'stands',
    'good',
    'disordered',
    'routed',
    ...SIDE_NAMES.map((f) => `facing-${f}`),
    ...FORMATIONS.map((f) => `form-${f}`),
    'exhausted',
    'charging',
    'rallied',
    'shot',
    'meleed',
    ...QUALITIES.map((q) => `quality-${q}`),
    'melee',
    'shoot',
    'hits-per-stand',
    'save',
    'range',
    'commander',
    'cp',
    'command-range',
    'moved',
    'selected',
  ]
  const globals = ['turn', 'turns-left', 'my-turn', 'i-am-side-1', ...PHASES.map((p) => `phase:${p}`), ...KINDS.map((k) => `kind:${k}`), 'own-losses', 'enemy-losses', 'own-score', 'enemy-score', 'cp-dice-left']
  return { planes, entityFeatures, maxEntities: c.nU + c.nL, globals }
}

export interface EncIdx {
  plane: Record<string, number>
  glob: Record<string, number>
  feat: Record<string, number>
  nFeat: number
}
export function encIndex(spec: ObsSpec): EncIdx {
  const idx = (a: readonly string[]): Record<string, number> => Object.fromEntries(a.map((n, i) => [n, i]))
  return { plane: idx(spec.planes), glob: idx(spec.globals), feat: idx(spec.entityFeatures), nFeat: spec.entityFeatures.length }
}

function mapTemplate(P: Float32Array, c: Ctx, ix: EncIdx): void {
  const N = c.size
  const pl = ix.plane
  const t0 = pl['terrain:open'] as number
  for (let h = 0; h < N; h++) {
    P[(t0 + (c.terr[h] as number)) * N + h] = 1
    P[(pl['elevation'] as number) * N + h] = (c.elev[h] as number) / 3
    P[(pl['road'] as number) * N + h] = c.onRoad[h] as number
    let stream = 0
    let river = 0
    for (let d = 0; d < 6; d++) {
      const f = c.hs[h * 6 + d] as number
      if (f & HS_STREAM) stream = 1
      if (f & HS_RIVER) river = 1
    }
    P[(pl['stream'] as number) * N + h] = stream
    P[(pl['river'] as number) * N + h] = river
    P[(pl['defended'] as number) * N + h] = c.defended[h] as number
  }
  for (const o of c.objectives) P[(pl['objective'] as number) * N + o.hex] = Math.min(1, o.points / 10)
}

/** Fills the observation from `player`'s side; overwrites every entry, no allocation. */
export function encodeInto(c: Ctx, ix: EncIdx, s: MtState, player: Player, out: RetainedObsBuffers): void {
  sync(c, s)
  const N = c.size
  const E = out.entities
  const G = out.globals
  const P = beginEncode(out, c, ix, mapTemplate)
  E.fill(0)
  zero(G)
  const pl = ix.plane
  const own0 = pl['own:infantry'] as number
  const en0 = pl['enemy:infantry'] as number
  for (let u = 0; u < c.nU; u++) {
    if (!onMap(s, u)) continue
    const b = c.uSide[u] === player ? own0 : en0
    const h = s.hex[u] as number
    P.plane((b + (c.uArm[u] as number)) * N + h, 1)
    P.plane((b + 3) * N + h, (s.stands[u] as number) / 7)
    const st = s.st[u] as number
    if (st === S_DIS) P.plane((b + 4) * N + h, 1)
    if (st === S_ROUT) P.plane((b + 5) * N + h, 1)
    P.plane((b + 6 + (s.face[u] as number)) * N + h, 1)
    P.plane((b + 12 + effForm(c, s, u)) * N + h, 1)
    const fl = s.fl[u] as number
    if (fl & F_EXH) P.plane((b + 19) * N + h, 1)
    if (fl & F_CHARGE) P.plane((b + 20) * N + h, 1)
  }
  for (let l = 0; l < c.nL; l++) {
    if ((s.lfl[l] as number) & LF_REMOVED) continue
    P.plane(((c.lSide[l] === player ? own0 : en0) + 21) * N + (s.lhex[l] as number), 1)
  }
  if (s.sel >= 0 && onMap(s, s.sel)) P.plane((pl['selected'] as number) * N + (s.hex[s.sel] as number), 1)
  if (s.sel2 >= 0 && onMap(s, s.sel2)) P.plane((pl['partner'] as number) * N + (s.hex[s.sel2] as number), 1)
  if (s.q.length === 0 && s.def >= 0 && onMap(s, s.def) && s.dk >= 0 && s.phase === 3) P.plane((pl['defender'] as number) * N + (s.hex[s.def] as number), 1)
  const F = ix.nFeat
  const ft = ix.feat
  const cols = c.grid.cols
  const rows = c.grid.rows
  for (let u = 0; u < c.nU; u++) {
    const o = u * F
    const on = onMap(s, u)
    const p = c.prof[u]
    E[o] = on ? 1 : 0
    E[o + 1] = c.uSide[u] === player ? 1 : 0
    if (on) {
      E[o + 2] = ((s.hex[u] as number) % cols) / cols
      E[o + 3] = Math.floor((s.hex[u] as number) / cols) / rows
      E[o + 11 + (s.face[u] as number)] = 1
      E[o + 17 + effForm(c, s, u)] = 1
    }
    E[o + 4 + (c.uArm[u] as number)] = 1
    E[o + 7] = (s.stands[u] as number) / 7
    const st = s.st[u] as number
    if (st <= S_ROUT) E[o + 8 + st] = 1
    const fl = s.fl[u] as number
    E[o + (ft['exhausted'] as number)] = fl & F_EXH ? 1 : 0
    E[o + (ft['charging'] as number)] = fl & F_CHARGE ? 1 : 0
    E[o + (ft['rallied'] as number)] = fl & F_RALLIED ? 1 : 0
    E[o + (ft['shot'] as number)] = fl & F_SHOT ? 1 : 0
    E[o + (ft['meleed'] as number)] = fl & F_MELEE ? 1 : 0
    if (p) {
      E[o + (ft['quality-elite'] as number) + QUALITIES.indexOf(p.quality)] = 1
      E[o + (ft['melee'] as number)] = p.melee / 3
      E[o + (ft['shoot'] as number)] = p.shoot / 2
      E[o + (ft['hits-per-stand'] as number)] = p.hits / 3
      E[o + (ft['save'] as number)] = p.save > 0 ? (7 - p.save) / 6 : 0
      E[o + (ft['range'] as number)] = (p.arm === 'art' ? (p.art === 'horse' ? 12 : 18) : p.range) / 18
    }
    E[o + (ft['selected'] as number)] = s.sel === u || s.sel2 === u ? 1 : 0
  }
  for (let l = 0; l < c.nL; l++) {
    const o = (c.nU + l) * F
    const removed = ((s.lfl[l] as number) & LF_REMOVED) !== 0
    E[o] = removed ? 0 : 1
    E[o + 1] = c.lSide[l] === player ? 1 : 0
    if (!removed) {
      E[o + 2] = ((s.lhex[l] as number) % cols) / cols
      E[o + 3] = Math.floor((s.lhex[l] as number) / cols) / rows
    }
    E[o + (ft['commander'] as number)] = 1
    E[o + (ft['cp'] as number)] = (s.cp[l] as number) / 6
    E[o + (ft['command-range'] as number)] = (c.lRange[l] as number) / 16
    E[o + (ft['moved'] as number)] = (s.lfl[l] as number) & LF_MOVED ? 1 : 0
    E[o + (ft['selected'] as number)] = s.lead === l ? 1 : 0
  }
  const gl = ix.glob
  G[gl['turn'] as number] = s.turn / c.scenario.turns
  G[gl['turns-left'] as number] = (c.scenario.turns - s.turn) / c.scenario.turns
  G[gl['my-turn'] as number] = s.active === player ? 1 : 0
  G[gl['i-am-side-1'] as number] = player
  G[(gl['phase:command'] as number) + s.phase] = 1
  const k = curKind(s)
  if (k >= 0) G[(gl['kind:cp-pool'] as number) + k] = 1
  const other = (1 - player) as Player
  G[gl['own-losses'] as number] = armyLosses(c, s, player) / Math.max(1, c.breakPoint[player])
  G[gl['enemy-losses'] as number] = armyLosses(c, s, other) / Math.max(1, c.breakPoint[other])
  const sc = scores(c, s)
  G[gl['own-score'] as number] = sc[player] / Math.max(1, c.breakPoint[other])
  G[gl['enemy-score'] as number] = sc[other] / Math.max(1, c.breakPoint[player])
  G[gl['cp-dice-left'] as number] = s.dice6.length / 4
}
