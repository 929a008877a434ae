// view.ts — what the world sees of a marignan state: the generic view, events in words,
// an ASCII map, material, and the observation encoding (published channel names).

import type { GameView, LeaderView, ObsSpec, Player, UnitView, WingView } from '../../core/types.ts'
import { SIDE_NAMES } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { HS_CANAL, HS_FORT, HS_ROAD } from './context.ts'
import { leaderRange, repositionLeader } from './command.ts'
import { demoralised, heroicMask, heroicPending, unitMorale } from './morale.ts'
import { deployNext } from './deploy.ts'
import { sync } from './occupancy.ts'
import { decisionPlayer } from './flow.ts'
import { beginEncode, zero, type RetainedObsBuffers } from '../obs-writer.ts'
import { fireValue } from './fire.ts'
import { meleeValue } from './melee.ts'
import { F_CHARGE, F_DONE, F_HEDGE, F_OOC, FRENCH, K, KINDS, L_DEAD, L_INJ, L_OK, lbl, LSTATUS, onMap, PHASES, S_DIS, S_ELIM, S_EXIT, S_ORD, S_ROUT, S_WAIT, STATUS, SWISS, T, type MEvent, type MState } from './state.ts'
import { rowAscii } from '../shared/ascii.ts'

export function viewOf(c: Ctx, s: MState): GameView {
  const units: UnitView[] = []
  for (let u = 0; u < c.nU; u++) {
    const t = T(c, s, u)
    const st = s.st[u] as number
    const fl = s.fl[u] as number
    const w = c.uCorps[u] as number
    units.push({
      id: c.unitIds[u] as string,
      side: c.uSide[u] as Player,
      type: t.id,
      wing: w >= 0 ? (c.corpsIds[w] as string) : null,
      hex: onMap(s, u) ? lbl(c, s.hex[u] as number) : null,
      facing: onMap(s, u) && st !== S_ROUT ? (SIDE_NAMES[s.face[u] as number] as string) : null,
      status: STATUS[st] as string,
      eliminated: st === S_ELIM || st === S_EXIT,
      hedgehog: (fl & F_HEDGE) !== 0,
      charge: (fl & F_CHARGE) !== 0,
      outOfCommand: (fl & F_OOC) !== 0,
      reduced: t.id.endsWith('-r'),
      morale: unitMorale(c, s, u),
    })
  }
  const leaders: LeaderView[] = []
  for (let l = 0; l < c.nL; l++) {
    const sl = c.scenario.leaders[l]
    const w = c.lCorps[l] as number
    leaders.push({
      id: c.leaderIds[l] as string,
      side: c.lSide[l] as Player,
      role: sl?.role ?? 'corps',
      wing: w >= 0 ? (c.corpsIds[w] as string) : null,
      hex: (s.lhex[l] as number) >= 0 && (s.lst[l] === L_OK || s.lst[l] === L_INJ) ? lbl(c, s.lhex[l] as number) : null,
      removed: s.lst[l] === L_DEAD,
      status: LSTATUS[s.lst[l] as number] as string,
      injured: s.lst[l] === L_INJ,
      commands: c.corpsIds.filter((_, w2) => s.cmd[w2] === l),
    })
  }
  const hm = heroicMask(c, s)
  const wings: WingView[] = []
  for (let w = 0; w < c.nW; w++) {
    const french = c.wSide[w] === FRENCH
    const markers: string[] = []
    const demo = french ? demoralised(c, s, w) : s.army <= 0
    if (demo) markers.push('demoralised')
    if (hm & (1 << w)) markers.push('heroic')
    if (s.gro & (1 << w)) markers.push('general-retreat')
    if ((s.cmd[w] as number) < 0) markers.push('no-commander')
    wings.push({ id: c.corpsIds[w] as string, side: c.wSide[w] as Player, order: null, markers, morale: french ? (s.mor[w] as number) : s.army, demoralised: demo })
  }
  return {
    turn: s.turn,
    phase: PHASES[s.phase] as string,
    decision: s.dk < 0 ? null : { player: decisionPlayer(c, s), kind: KINDS[s.dk] as string, ...(subjectOf(c, s) !== null ? { subject: subjectOf(c, s) as string } : {}) },
    units,
    leaders,
    wings,
    active: s.active,
    night: c.night[s.turn] === 1,
    swissMorale: s.army,
    captured: c.placeNames.filter((_, i) => s.cap & (1 << i)),
    fortifications: s.forts.map((h) => lbl(c, h)),
  }
}

/** What the current decision is about: the selected unit, the committed stack's first unit, the corps needing a successor. */
export function subjectOf(c: Ctx, s: MState): string | null {
  if (s.dk === K['rout-hex'] || s.dk === K['rout-follow']) return c.unitIds[s.rq[0] as number] ?? null
  if (s.dk === K.reposition) return c.leaderIds[repositionLeader(c, s)] ?? null
  if (s.dk === K['replace-hex']) return c.leaderIds[s.q[1] as number] ?? null
  if (s.dk === K.heroic) return c.leaderIds[heroicPending(c, s)] ?? null
  if (s.dk === K['deploy-hex']) return c.unitIds[deployNext(c, s)] ?? null
  if (s.sel >= 0) return selId(c, s)
  if (s.dk === K.hedgehog) {
    sync(c, s)
    const u = c.head[s.q[1] as number] as number
    return u >= 0 ? (c.unitIds[u] as string) : null
  }
  if (s.dk === K.successor) return c.corpsIds[s.q[1] as number] ?? null
  return null
}

export function selId(c: Ctx, s: MState): string {
  return s.sel >= c.nU ? (c.leaderIds[s.sel - c.nU] as string) : (c.unitIds[s.sel] as string)
}

export function describeEvent(e: MEvent): string {
  switch (e.type) {
    case 'rolled':
      return `rolled ${e.value} (d${e.sides}${e.forced ? ', forced' : ''}) for ${e.why}`
    case 'phase':
      return `turn ${e.turn}: ${e.player === SWISS ? 'Swiss' : 'French'} ${e.phase} phase`
    case 'test':
      return `${e.unit} tests morale for ${e.why}: ${e.roll} against ${e.morale}${e.mod ? (e.mod > 0 ? '+' : '') + e.mod : ''} — ${e.passed ? 'passed' : 'failed'}`
    case 'status-changed':
      return `${e.unit} is now ${e.to} (was ${e.from}; ${e.why})`
    case 'moved':
      return e.from ? `${e.unit} moves ${e.from} → ${e.to} (${e.cost} MP)` : `${e.unit} is placed at ${e.to}`
    case 'faced':
      return `${e.unit} faces ${e.facing}`
    case 'committed':
      return `${e.unit} is committed by a unit at ${e.by}${e.rear ? ' from the rear' : ''}`
    case 'commit-failed':
      return `${e.unit} fails its commitment test and stops short of ${e.hex}`
    case 'hedgehog':
      return `${e.unit} ${e.on ? 'forms' : 'leaves'} hedgehog`
    case 'charge':
      return `${e.unit} declares a cavalry charge`
    case 'out-of-command':
      return `${e.unit} is ${e.on ? 'out of command' : 'back in command'}`
    case 'fired':
      return `${e.units.join(' + ')} fire at ${e.target}: strength ${e.strength}, modifier ${e.modifier}${e.modifiers.length ? ` [${e.modifiers.join(', ')}]` : ''} (${e.shift} column${Math.abs(e.shift) === 1 ? '' : 's'}, ${e.dieMod >= 0 ? '+' : ''}${e.dieMod} to the die) → column ${e.column}, die ${e.die}: ${e.result}`
    case 'melee':
      return `${e.attackers.join(' + ')} attack ${e.target}: ${e.attack} vs ${e.defence} = ${e.odds}, modifier ${e.modifier} [${e.modifiers.join(', ')}] → column ${e.column}, die ${e.die}${e.dieMod ? (e.dieMod > 0 ? '+' : '') + e.dieMod : ''}: ${e.result}`
    case 'eliminated':
      return `${e.unit} is eliminated (${e.why})`
    case 'replaced':
      return `${e.unit} is replaced by its ${e.by} counter`
    case 'rout-move':
      return `${e.unit} routs${e.path.length ? ' through ' + e.path.join(' → ') : ''}`
    case 'retreated':
      return `${e.unit} retreats ${e.from} → ${e.to}`
    case 'general-retreat':
      return `General Retreat Order to ${e.corps}`
    case 'advanced':
      return `${e.unit} advances into ${e.to}`
    case 'morale':
      return `${e.corps} morale ${e.delta > 0 ? '+' : ''}${e.delta} → ${e.to} (${e.why})`
    case 'demoralised':
      return `${e.corps} is ${e.on ? 'demoralised' : 'no longer demoralised'}`
    case 'leader-injured':
      return `${e.leader} is injured`
    case 'leader-killed':
      return `${e.leader} is killed`
    case 'leader-moved':
      return `${e.leader} moves to ${e.to}`
    case 'leader-follows':
      return `${e.leader} goes along with the rout of ${e.unit}`
    case 'leader-replaced':
      return `a new ${e.leader} takes command at ${e.hex}`
    case 'successor':
      return `${e.leader} will take over ${e.corps}`
    case 'heroic':
      return `${e.leader} rallies ${e.corps} (heroic value)`
    case 'deployed':
      return `${e.unit} deployed at ${e.hex}`
    case 'captured':
      return `the Swiss capture ${e.place}`
    case 'fortified':
      return `a fortification marker is placed at ${e.hex}`
    case 'game-over':
      return `game over: ${e.winner === null ? 'draw' : e.winner === SWISS ? 'Swiss victory' : 'French victory'} (${e.reason})`
  }
}

const UNIT_CHAR: Record<string, string> = {
  gendarmes: 'G',
  'light-horse': 'L',
  aventuriers: 'A',
  gascons: 'g',
  landsknechts: 'K',
  'lk-shot': 'k',
  cannon: 'C',
  'swiss-pike': 'P',
  'swiss-pike-r': 'p',
  'swiss-pike-6': 'Q',
  'swiss-arq': 'a',
  'milan-cav': 'M',
}
const TERRAIN_CHAR = ['.', ':', '#', 'F', '?', '?']

export function asciiOf(c: Ctx, s: MState): string {
  sync(c, s)
  const lines: string[] = []
  lines.push(`Marignan 1515 — turn ${s.turn}/${c.scenario.turns}${c.night[s.turn] ? ' (night)' : ''}, ${s.active === SWISS ? 'Swiss' : 'French'} ${PHASES[s.phase]}; Swiss army morale ${s.army}`)
  const cellOf = (h: number): string => {
    let cell = (TERRAIN_CHAR[c.terrain[h] as number] ?? '?') + (c.road[h] ? '=' : c.elev[h] ? '^' : ' ')
    const u = c.head[h] as number
    if (u >= 0) {
      let n = 0
      for (let v = u; v >= 0; v = c.next[v] as number) n++
      const ch = UNIT_CHAR[T(c, s, u).id] ?? 'U'
      const mark = s.st[u] === S_ROUT ? '!' : s.st[u] === S_DIS ? '~' : n > 1 ? String(n) : (SIDE_NAMES[s.face[u] as number] as string)[0]
      cell = ch + (mark ?? ' ')
    } else {
      for (let l = 0; l < c.nL; l++) if (s.lhex[l] === h && s.lst[l] !== L_DEAD) cell = c.lSide[l] === SWISS ? '@s' : '@f'
    }
    return cell
  }
  lines.push(...rowAscii(c.grid, cellOf, 2))
  lines.push('Units: G gendarmes, L light horse, A aventuriers, g Gascons, K landsknechts, k handgunners, C cannon, P/p/Q Swiss pike, a Swiss arquebusiers, M Milanese; ~ disordered, ! routed, digit = stack size')
  const waiting = c.unitIds.filter((_, u) => s.st[u] === S_WAIT)
  if (waiting.length) lines.push(`Waiting to enter: ${waiting.length} Swiss units`)
  return lines.join('\n')
}

export function materialOf(c: Ctx, s: MState): [number, number] {
  const m: [number, number] = [0, 0]
  for (let u = 0; u < c.nU; u++) {
    if (!onMap(s, u) && s.st[u] !== S_WAIT) continue
    const side = c.uSide[u] as 0 | 1
    const st = s.st[u] as number
    const t = T(c, s, u)
    m[side] += st === S_WAIT ? t.melee[0] + t.fire[0] : meleeValue(c, s, u) + fireValue(c, s, u)
  }
  return m
}

// ---- observation encoding -----------------------------------------------------------

export function obsSpecOf(c: Ctx): ObsSpec {
  const planes: string[] = []
  for (const t of ['clear', 'dense', 'village', 'farm']) planes.push(`terrain:${t}`)
  planes.push('elevation', 'road', 'canal', 'ditch', 'fortification', 'fortification-marker', 'place')
  for (const who of ['own', 'enemy']) {
    for (const k of ['cavalry', 'infantry-pike', 'infantry-shot', 'artillery']) planes.push(`${who}:${k}`)
    planes.push(`${who}:disordered`, `${who}:routed`)
    for (const f of SIDE_NAMES) planes.push(`${who}:facing-${f}`)
    planes.push(`${who}:hedgehog`, `${who}:charge`, `${who}:out-of-command`, `${who}:commander`, `${who}:zoc`)
  }
  planes.push('selected', 'group', 'target')
  const entityFeatures = [
    'present',
    'own',
    'col',
    'row',
    'cavalry',
    'infantry',
    'shot',
    'artillery',
    'ordered',
    'disordered',
    'routed',
    ...SIDE_NAMES.map((f) => `facing-${f}`),
    'hedgehog',
    'charge',
    'out-of-command',
    'done',
    'waiting',
    'reduced',
    'morale',
    'melee',
    'fire',
    'move',
    'commander',
    'injured',
    'command-range',
    'melee-bonus',
    'fire-bonus',
    'heroic',
    'selected',
    'in-group',
  ]
  const globals = ['turn', 'turns-left', 'night', 'my-turn', 'i-am-swiss', ...PHASES.map((p) => `phase:${p}`), ...KINDS.map((k) => `kind:${k}`), 'swiss-morale', 'french-demoralised-corps']
  for (const w of c.corpsIds) globals.push(`morale:${w}`)
  for (const w of c.corpsIds) globals.push(`demoralised:${w}`)
  globals.push('captured-places', 'fortification-markers', 'swiss-waiting')
  return { planes, entityFeatures, maxEntities: c.nU + c.nL, globals }
}

/** Plane indices, computed once from the spec. */
export interface EncIdx {
  nPlanes: number
  nFeat: number
  nGlob: number
  plane: Record<string, number>
  glob: Record<string, number>
}

export function encIndex(spec: ObsSpec): EncIdx {
  const plane: Record<string, number> = {}
  spec.planes.forEach((p, i) => (plane[p] = i))
  const glob: Record<string, number> = {}
  spec.globals.forEach((p, i) => (glob[p] = i))
  return { nPlanes: spec.planes.length, nFeat: spec.entityFeatures.length, nGlob: spec.globals.length, plane, glob }
}

/** The map planes (terrain, elevation, roads, hexside works, places): the same in every observation of a scenario. */
function mapTemplate(P: Float32Array, c: Ctx, ix: EncIdx): void {
  const N = c.size
  const pl = ix.plane
  const pTerr = pl['terrain:clear'] as number
  const pElev = pl['elevation'] as number
  const pRoad = pl['road'] as number
  const pCanal = pl['canal'] as number
  const pDitch = pl['ditch'] as number
  const pFort = pl['fortification'] as number
  const pPlace = pl['place'] as number
  for (let h = 0; h < N; h++) {
    const t = c.terrain[h] as number
    if (t < 4) P[(pTerr + t) * N + h] = 1
    P[pElev * N + h] = c.elev[h] as number
    P[pRoad * N + h] = c.road[h] as number
    let canal = 0
    let ditch = 0
    let fort = 0
    for (let k = 0; k < 6; k++) {
      const f = c.feat[h * 6 + k] as number
      if (f & HS_CANAL) canal = 1
      if (f & 2) ditch = 1
      if (f & HS_FORT) fort = 1
      void HS_ROAD
    }
    P[pCanal * N + h] = canal
    P[pDitch * N + h] = ditch
    P[pFort * N + h] = fort
    P[pPlace * N + h] = (c.place[h] as number) >= 0 ? 1 : 0
  }
}

/** Fills the observation from `player`'s side. Overwrites every entry (only what changed since the last
 *  call when `out` is retained, see obs-writer.ts); no allocation. */
export function encodeInto(c: Ctx, ix: EncIdx, s: MState, player: Player, out: RetainedObsBuffers): void {
  sync(c, s)
  const N = c.size
  const E = out.entities
  const G = out.globals
  const P = beginEncode(out, c, ix, mapTemplate)
  E.fill(0)
  zero(G)
  const pl = ix.plane
  const pMark = pl['fortification-marker'] as number
  for (const h of s.forts) P.plane(pMark * N + h, 1)
  const ownBase = pl['own:cavalry'] as number
  const enBase = pl['enemy:cavalry'] as number
  // per-side block layout: 4 types, disordered, routed, 6 facings, hedgehog, charge, ooc, commander, zoc
  for (let u = 0; u < c.nU; u++) {
    if (!onMap(s, u)) continue
    const own = c.uSide[u] === player
    const b = own ? ownBase : enBase
    const h = s.hex[u] as number
    const t = T(c, s, u)
    const kind = t.cls === 0 ? 0 : t.cls === 2 ? 3 : t.fire[0] > 0 && t.melee[0] <= 2 ? 2 : 1
    P.add((b + kind) * N + h, 1 / 3)
    const st = s.st[u] as number
    if (st === S_DIS) P.add((b + 4) * N + h, 1 / 3)
    if (st === S_ROUT) P.add((b + 5) * N + h, 1 / 3)
    else P.plane((b + 6 + (s.face[u] as number)) * N + h, 1)
    const fl = s.fl[u] as number
    if (fl & F_HEDGE) P.plane((b + 12) * N + h, 1)
    if (fl & F_CHARGE) P.plane((b + 13) * N + h, 1)
    if (fl & F_OOC) P.plane((b + 14) * N + h, 1)
  }
  for (let l = 0; l < c.nL; l++) {
    const h = s.lhex[l] as number
    if (h < 0 || (s.lst[l] !== L_OK && s.lst[l] !== L_INJ)) continue
    P.plane(((c.lSide[l] === player ? ownBase : enBase) + 15) * N + h, 1)
  }
  // ZOC is 0 on most hexes, which the template already holds.
  for (let h = 0; h < N; h++) {
    const zo = c.zoc[player * N + h] as number
    const ze = c.zoc[(1 - player) * N + h] as number
    if (zo !== 0) P.plane((ownBase + 16) * N + h, Math.min(1, zo / 3))
    if (ze !== 0) P.plane((enBase + 16) * N + h, Math.min(1, ze / 3))
  }
  const pSel = pl['selected'] as number
  if (s.sel >= 0 && s.sel < c.nU && onMap(s, s.sel)) P.plane(pSel * N + (s.hex[s.sel] as number), 1)
  else if (s.sel >= c.nU && (s.lhex[s.sel - c.nU] as number) >= 0) P.plane(pSel * N + (s.lhex[s.sel - c.nU] as number), 1)
  const pGrp = pl['group'] as number
  for (const u of s.grp) if (onMap(s, u)) P.plane(pGrp * N + (s.hex[u] as number), 1)
  if (s.tgt >= 0) P.plane((pl['target'] as number) * N + s.tgt, 1)
  // entities
  const F = ix.nFeat
  const cols = c.grid.cols
  const rows = c.grid.rows
  for (let u = 0; u < c.nU; u++) {
    const o = u * F
    const st = s.st[u] as number
    const t = T(c, s, u)
    const on = onMap(s, u)
    E[o] = on ? 1 : 0
    E[o + 1] = c.uSide[u] === player ? 1 : 0
    if (on) {
      E[o + 2] = ((s.hex[u] as number) % cols) / cols
      E[o + 3] = Math.floor((s.hex[u] as number) / cols) / rows
    }
    E[o + 4 + (t.cls === 0 ? 0 : t.cls === 2 ? 3 : t.fire[0] > 0 && t.melee[0] <= 2 ? 2 : 1)] = 1
    if (st <= S_ROUT) E[o + 8 + st] = 1
    if (on && st !== S_ROUT) E[o + 11 + (s.face[u] as number)] = 1
    const fl = s.fl[u] as number
    E[o + 17] = fl & F_HEDGE ? 1 : 0
    E[o + 18] = fl & F_CHARGE ? 1 : 0
    E[o + 19] = fl & F_OOC ? 1 : 0
    E[o + 20] = fl & F_DONE ? 1 : 0
    E[o + 21] = st === S_WAIT ? 1 : 0
    E[o + 22] = t.id.endsWith('-r') ? 1 : 0
    E[o + 23] = on ? unitMorale(c, s, u) / 12 : 0
    E[o + 24] = on ? meleeValue(c, s, u) / 10 : 0
    E[o + 25] = on ? fireValue(c, s, u) / 10 : 0
    E[o + 26] = t.move[st === S_ORD ? 0 : 1] / 8
    E[o + 35] = s.sel === u ? 1 : 0
    E[o + 36] = s.grp.includes(u) ? 1 : 0
  }
  for (let l = 0; l < c.nL; l++) {
    const o = (c.nU + l) * F
    const h = s.lhex[l] as number
    const alive = (s.lst[l] === L_OK || s.lst[l] === L_INJ) && h >= 0
    E[o] = alive ? 1 : 0
    E[o + 1] = c.lSide[l] === player ? 1 : 0
    if (alive) {
      E[o + 2] = (h % cols) / cols
      E[o + 3] = Math.floor(h / cols) / rows
    }
    E[o + 27] = 1
    E[o + 28] = s.lst[l] === L_INJ ? 1 : 0
    E[o + 29] = leaderRange(c, s, l) / 5
    E[o + 30] = (c.lMelee[l] as number) / 3
    E[o + 31] = (c.lFire[l] as number) / 3
    E[o + 32] = c.lHeroic[l] ? 1 : 0
    E[o + 35] = s.sel === c.nU + l ? 1 : 0
  }
  // globals
  const gl = ix.glob
  G[gl['turn'] as number] = s.turn / c.scenario.turns
  G[gl['turns-left'] as number] = (c.scenario.turns - s.turn) / c.scenario.turns
  G[gl['night'] as number] = c.night[s.turn] ? 1 : 0
  G[gl['my-turn'] as number] = s.active === player ? 1 : 0
  G[gl['i-am-swiss'] as number] = player === SWISS ? 1 : 0
  G[(gl['phase:command'] as number) + s.phase] = 1
  if (s.dk >= 0) G[(gl['kind:move'] as number) + s.dk] = 1
  G[gl['swiss-morale'] as number] = s.army / c.armyMorale
  let demo = 0
  const m0 = gl[`morale:${c.corpsIds[0]}`] as number
  const d0 = m0 + c.nW
  for (let w = 0; w < c.nW; w++) {
    const french = c.wSide[w] === FRENCH
    G[m0 + w] = (french ? (s.mor[w] as number) : s.army) / (french ? 10 : c.armyMorale)
    const d = french ? demoralised(c, s, w) : s.army <= 0
    G[d0 + w] = d ? 1 : 0
    if (french && d) demo++
  }
  G[gl['french-demoralised-corps'] as number] = demo / c.corpsToWin // 1: the Swiss have won (8.2)
  let cap = 0
  for (let i = 0; i < c.placeNames.length; i++) if (s.cap & (1 << i)) cap++
  G[gl['captured-places'] as number] = cap / Math.max(1, c.placeNames.length)
  G[gl['fortification-markers'] as number] = s.forts.length / 4
  let waiting = 0
  for (let u = 0; u < c.nU; u++) if (s.st[u] === S_WAIT) waiting++
  G[gl['swiss-waiting'] as number] = waiting / Math.max(1, c.nU)
}
