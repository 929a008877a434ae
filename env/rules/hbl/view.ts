// What the outside sees: the GameView (units with UI, chips, vexation, loads,
// refused flanks; both decks' remaining cards by type, the current card, pips,
// chips), the observation encoding (the deck's order is chance, not a secret:
// only counts are encoded, and the state holds no order), event texts, ASCII.

import type { GameView, LeaderView, ObsBuffers, ObsSpec, Player, UnitView, WingView } from '../../core/types.ts'
import { SIDE_NAMES } from '../../hex/grid.ts'
import { beginEncode, zero, type RetainedObsBuffers } from '../obs-writer.ts'
import { NCARD, type Ctx } from './context.ts'
import { cardsLeft } from './deck.ts'

import { CARD_TYPES } from './tables.ts'
import { F_DONE, F_ELIM, F_LOADED, F_PINNED, F_ROUT, F_VEX, type HEvent, type HState, K, KINDS, MW, onMap } from './state.ts'

const lbl = (c: Ctx, h: number): string => c.grid.labels[h] as string

export function phaseOf(s: HState): string {
  if (s.over) return 'over'
  if (s.card >= 0) return CARD_TYPES[s.card] as string
  return 'initiative'
}

function followOf(s: HState, u: number): boolean {
  for (let i = 0; i < s.mel.length; i += MW) if (s.mel[i + 2] === u) return true
  return false
}
function meleeEnemies(c: Ctx, s: HState, u: number): string[] {
  const out: string[] = []
  for (let i = 0; i < s.mel.length; i += MW) {
    if (s.mel[i] === u) out.push(c.unitIds[s.mel[i + 1] as number] as string)
    else if (s.mel[i + 1] === u) out.push(c.unitIds[s.mel[i] as number] as string)
  }
  return out
}

export function deckView(s: HState, side: number): Record<string, number> {
  const o: Record<string, number> = {}
  for (let k = 0; k < NCARD; k++) o[CARD_TYPES[k] as string] = s.deck[side * NCARD + k] as number
  return o
}

export function viewOf(c: Ctx, s: HState, decision: GameView['decision']): GameView {
  const units: UnitView[] = []
  for (let u = 0; u < c.nU; u++) {
    const fl = s.fl[u] as number
    const t = c.uType[u]!
    const on = onMap(s, u)
    units.push({
      id: c.unitIds[u] as string,
      side: c.uSide[u] as Player,
      type: c.uTypeId[u] as string,
      wing: (c.wingIds[c.uWing[u] as number] as string | undefined) ?? null,
      hex: on ? lbl(c, s.hex[u] as number) : null,
      facing: on ? (SIDE_NAMES[s.face[u] as number] as string) : null,
      status: fl & F_ELIM ? 'destroyed' : fl & F_ROUT ? 'routed' : fl & F_VEX ? 'vexed' : 'formed',
      eliminated: (fl & F_ELIM) !== 0,
      ui: t.ui - (s.lost[u] as number),
      uiLost: s.lost[u] as number,
      stubbornLeft: Math.max(0, t.stubborn - (s.lost[u] as number)),
      chipsLost: s.chipc[u] as number,
      vexed: (fl & F_VEX) !== 0,
      shoots: t.shoots !== null,
      loaded: t.shoots !== null && (fl & F_LOADED) !== 0,
      routed: (fl & F_ROUT) !== 0,
      refused: (s.ref[u] as number) >= 0 ? (SIDE_NAMES[s.ref[u] as number] as string) : null,
      pinned: (fl & F_PINNED) !== 0,
      followingUp: followOf(s, u),
      melee: meleeEnemies(c, s, u),
      moves: s.mv[u] as number,
      fierce: t.fierce,
    })
  }
  const leaders: LeaderView[] = []
  for (let l = 0; l < c.nL; l++) {
    const sl = c.scenario.leaders[l]
    const att = s.latt[l] as number
    leaders.push({
      id: c.leaderIds[l] as string,
      side: c.lSide[l] as Player,
      role: sl?.role ?? 'command',
      wing: (c.wingIds[c.lWing[l] as number] as string | undefined) ?? null,
      hex: lbl(c, s.lhex[l] as number),
      removed: false,
      quality: `D${c.lDie[l]}`,
      attachedTo: att >= 0 ? (c.unitIds[att] as string) : null,
    })
  }
  const wings: WingView[] = []
  for (let w = 0; w < c.nW; w++) {
    const markers: string[] = []
    if (s.act === w) markers.push('activated')
    if (s.wdone[w]) markers.push('done')
    if (s.grp === w) markers.push('nominated')
    wings.push({ id: c.wingIds[w] as string, side: c.wSide[w] as Player, order: null, markers, commandDie: `D${c.wDie[w]}`, armyChips: s.chips[c.wSide[w] as number] as number })
  }
  return {
    turn: s.turn,
    phase: phaseOf(s),
    decision,
    units,
    leaders,
    wings,
    card: s.card >= 0 ? CARD_TYPES[s.card] : null,
    cardSide: s.card >= 0 ? s.cside : null,
    stolen: s.stolen === 1,
    pips: [s.pips[0], s.pips[1]],
    first: s.seg >= 0 ? s.first : null,
    initiative: [s.roll[0], s.roll[1]],
    chips: [s.chips[0], s.chips[1]],
    chipsLost: [s.chipsLost[0], s.chipsLost[1]],
    decks: [deckView(s, 0), deckView(s, 1)],
    cardsLeft: [cardsLeft(s, 0), cardsLeft(s, 1)],
    variant: c.variant,
  }
}

export function materialOf(c: Ctx, s: HState): [number, number] {
  const m: [number, number] = [0, 0]
  for (let u = 0; u < c.nU; u++) {
    const fl = s.fl[u] as number
    if (fl & F_ELIM) continue
    const left = (c.uType[u]!.ui - (s.lost[u] as number)) * (fl & F_ROUT ? 0.25 : 1)
    m[c.uSide[u] as 0 | 1] += left
  }
  return m
}

// ---- observations -----------------------------------------------------------

export function obsSpecOf(c: Ctx): ObsSpec {
  const planes: string[] = ['terrain:open', 'terrain:broken', 'terrain:blocking', 'ditch']
  for (const who of ['own', 'enemy']) {
    for (const k of ['cavalry', 'skirmish', 'infantry', 'pike', 'shot', 'artillery']) planes.push(`${who}:${k}`)
    for (const f of SIDE_NAMES) planes.push(`${who}:facing-${f}`)
    planes.push(`${who}:ui`, `${who}:vexed`, `${who}:routed`, `${who}:loaded`, `${who}:melee`, `${who}:following-up`, `${who}:refused`, `${who}:fierce`, `${who}:officer`)
  }
  planes.push('selected', 'moves-left')
  const entityFeatures = [
    'present',
    'own',
    'leader',
    'col',
    'row',
    'cavalry',
    'infantry',
    'artillery',
    'skirmish',
    'pike',
    'shooter',
    'fierce',
    'cd',
    'dd',
    'ui-left',
    'ui-lost',
    'stubborn-left',
    'vexed',
    'routed',
    'loaded',
    'in-melee',
    'following-up',
    'refused',
    'pinned',
    'done',
    'moves',
    'steps',
    'selected',
    ...SIDE_NAMES.map((f) => `facing-${f}`),
    'quality',
    'attached',
  ]
  const globals = [
    'turn',
    'turns-left',
    'own-pips',
    'enemy-pips',
    'own-first',
    'own-card',
    'stolen',
    ...CARD_TYPES.map((k) => `card:${k}`),
    ...CARD_TYPES.map((k) => `own-deck:${k}`),
    ...CARD_TYPES.map((k) => `enemy-deck:${k}`),
    'own-cards-left',
    'enemy-cards-left',
    'own-chips',
    'enemy-chips',
    'own-chips-lost',
    'enemy-chips-lost',
    'command-die-even',
    ...KINDS.map((k) => `kind:${k}`),
  ]
  return { planes, entityFeatures, maxEntities: c.nU + c.nL, globals }
}

export interface EncIdx {
  plane: Record<string, number>
  nFeat: number
  glob: Record<string, number>
  feat: Record<string, number>
}
export function encIndex(spec: ObsSpec): EncIdx {
  const plane: Record<string, number> = {}
  spec.planes.forEach((p, i) => (plane[p] = i))
  const glob: Record<string, number> = {}
  spec.globals.forEach((p, i) => (glob[p] = i))
  const feat: Record<string, number> = {}
  spec.entityFeatures.forEach((p, i) => (feat[p] = i))
  return { plane, nFeat: spec.entityFeatures.length, glob, feat }
}

function mapTemplate(P: Float32Array, c: Ctx, ix: EncIdx): void {
  const N = c.size
  const t0 = ix.plane['terrain:open'] as number
  const pd = ix.plane['ditch'] as number
  for (let h = 0; h < N; h++) {
    P[(t0 + Math.min(2, (c.ttype[h] as number) - 1)) * N + h] = 1
    for (let d = 0; d < 6; d++) if (c.ditch[h * 6 + d]) P[pd * N + h] = 1
  }
}

/** Fills the observation for `player`. Reads no dice state and no named next cards: the deck's order is not observable. */
export function encodeInto(c: Ctx, ix: EncIdx, s: HState, player: Player, out: RetainedObsBuffers): void {
  const N = c.size
  const P = beginEncode(out, c, ix, mapTemplate)
  const E = out.entities
  const G = out.globals
  E.fill(0)
  zero(G)
  const F = ix.nFeat
  const fx = ix.feat
  const own0 = ix.plane['own:cavalry'] as number
  const en0 = ix.plane['enemy:cavalry'] as number
  for (let u = 0; u < c.nU; u++) {
    const fl = s.fl[u] as number
    const t = c.uType[u]!
    const own = c.uSide[u] === player
    const r = u * F
    E[r + (fx['own'] as number)] = own ? 1 : 0
    if (fl & F_ELIM) continue
    const h = s.hex[u] as number
    const b = own ? own0 : en0
    const inMel = meleeEnemies(c, s, u).length > 0
    const fol = followOf(s, u)
    if (t.arm === 'cav') P.plane((b + (t.formation === 'skirmish' ? 1 : 0)) * N + h, 1)
    else if (t.arm === 'inf') P.plane((b + 2) * N + h, 1)
    else P.plane((b + 5) * N + h, 1)
    if (t.pike) P.plane((b + 3) * N + h, 1)
    if (t.shoots) P.plane((b + 4) * N + h, 1)
    P.plane((b + 6 + (s.face[u] as number)) * N + h, 1)
    const left = (t.ui - (s.lost[u] as number)) / 10
    P.plane((b + 12) * N + h, left)
    if (fl & F_VEX) P.plane((b + 13) * N + h, 1)
    if (fl & F_ROUT) P.plane((b + 14) * N + h, 1)
    if (fl & F_LOADED && t.shoots) P.plane((b + 15) * N + h, 1)
    if (inMel) P.plane((b + 16) * N + h, 1)
    if (fol) P.plane((b + 17) * N + h, 1)
    if ((s.ref[u] as number) >= 0) P.plane((b + 18) * N + h, 1)
    if (t.fierce) P.plane((b + 19) * N + h, 1)
    if (u === s.sel) P.plane((ix.plane['selected'] as number) * N + h, 1)
    if ((s.mv[u] as number) > 0) P.plane((ix.plane['moves-left'] as number) * N + h, (s.mv[u] as number) / 3)
    E[r + (fx['present'] as number)] = 1
    E[r + (fx['col'] as number)] = (h % c.grid.cols) / c.grid.cols
    E[r + (fx['row'] as number)] = ((h / c.grid.cols) | 0) / c.grid.rows
    E[r + (fx['cavalry'] as number)] = t.arm === 'cav' ? 1 : 0
    E[r + (fx['infantry'] as number)] = t.arm === 'inf' ? 1 : 0
    E[r + (fx['artillery'] as number)] = t.arm === 'art' ? 1 : 0
    E[r + (fx['skirmish'] as number)] = t.formation === 'skirmish' ? 1 : 0
    E[r + (fx['pike'] as number)] = t.pike ? 1 : 0
    E[r + (fx['shooter'] as number)] = t.shoots ? 1 : 0
    E[r + (fx['fierce'] as number)] = t.fierce ? 1 : 0
    E[r + (fx['cd'] as number)] = t.cd / 12
    E[r + (fx['dd'] as number)] = t.dd / 12
    E[r + (fx['ui-left'] as number)] = left
    E[r + (fx['ui-lost'] as number)] = (s.lost[u] as number) / 10
    E[r + (fx['stubborn-left'] as number)] = Math.max(0, t.stubborn - (s.lost[u] as number)) / 10
    E[r + (fx['vexed'] as number)] = fl & F_VEX ? 1 : 0
    E[r + (fx['routed'] as number)] = fl & F_ROUT ? 1 : 0
    E[r + (fx['loaded'] as number)] = fl & F_LOADED && t.shoots ? 1 : 0
    E[r + (fx['in-melee'] as number)] = inMel ? 1 : 0
    E[r + (fx['following-up'] as number)] = fol ? 1 : 0
    E[r + (fx['refused'] as number)] = (s.ref[u] as number) >= 0 ? 1 : 0
    E[r + (fx['pinned'] as number)] = fl & F_PINNED ? 1 : 0
    E[r + (fx['done'] as number)] = fl & F_DONE ? 1 : 0
    E[r + (fx['moves'] as number)] = (s.mv[u] as number) / 3
    E[r + (fx['steps'] as number)] = (s.st[u] as number) / 6
    E[r + (fx['selected'] as number)] = u === s.sel ? 1 : 0
    E[r + (fx['facing-N'] as number) + (s.face[u] as number)] = 1
  }
  for (let l = 0; l < c.nL; l++) {
    const r = (c.nU + l) * F
    const own = c.lSide[l] === player
    const h = s.lhex[l] as number
    E[r + (fx['present'] as number)] = 1
    E[r + (fx['own'] as number)] = own ? 1 : 0
    E[r + (fx['leader'] as number)] = 1
    E[r + (fx['col'] as number)] = (h % c.grid.cols) / c.grid.cols
    E[r + (fx['row'] as number)] = ((h / c.grid.cols) | 0) / c.grid.rows
    E[r + (fx['quality'] as number)] = (c.lDie[l] as number) / 12
    E[r + (fx['attached'] as number)] = (s.latt[l] as number) >= 0 ? 1 : 0
    P.plane(((own ? own0 : en0) + 20) * N + h, 1)
  }
  const g = ix.glob
  const me = player
  const en = (1 - player) as Player
  G[g['turn'] as number] = s.turn / Math.max(1, c.scenario.turns)
  G[g['turns-left'] as number] = Math.max(0, c.scenario.turns - s.turn) / Math.max(1, c.scenario.turns)
  G[g['own-pips'] as number] = (s.pips[me] as number) / 12
  G[g['enemy-pips'] as number] = (s.pips[en] as number) / 12
  G[g['own-first'] as number] = s.seg >= 0 && s.first === me ? 1 : 0
  G[g['own-card'] as number] = s.card >= 0 && s.cside === me ? 1 : 0
  G[g['stolen'] as number] = s.stolen
  const gc = g['card:march'] as number
  if (s.card >= 0) G[gc + s.card] = 1
  const go = g['own-deck:march'] as number
  const ge = g['enemy-deck:march'] as number
  for (let k = 0; k < NCARD; k++) {
    G[go + k] = (s.deck[me * NCARD + k] as number) / 10
    G[ge + k] = (s.deck[en * NCARD + k] as number) / 10
  }
  G[g['own-cards-left'] as number] = cardsLeft(s, me) / 40
  G[g['enemy-cards-left'] as number] = cardsLeft(s, en) / 40
  G[g['own-chips'] as number] = (s.chips[me] as number) / Math.max(1, c.chips[me])
  G[g['enemy-chips'] as number] = (s.chips[en] as number) / Math.max(1, c.chips[en])
  G[g['own-chips-lost'] as number] = (s.chipsLost[me] as number) / Math.max(1, c.chips[me])
  G[g['enemy-chips-lost'] as number] = (s.chipsLost[en] as number) / Math.max(1, c.chips[en])
  G[g['command-die-even'] as number] = s.act >= 0 && (s.adie & 1) === 0 ? 1 : 0
  if (s.dk >= 0) G[(g['kind:initiative-order'] as number) + s.dk] = 1
}

// ---- words ------------------------------------------------------------------

export function describeEvent(e: HEvent): string {
  switch (e.type) {
    case 'rolled':
      return `rolled d${e.sides}: ${e.value}${e.forced ? ' (forced)' : ''} for ${e.why}`
    case 'turn':
      return `turn ${e.turn}: the decks are regathered and shuffled`
    case 'initiative':
      return `initiative: army dice ${e.rolls[0]} v ${e.rolls[1]}${e.higher === null ? ', equal: the turn ends' : `, ${e.pips} pips each, side ${e.higher} higher`}`
    case 'order':
      return `side ${e.player} lets side ${e.first} use its pips first`
    case 'card':
      return `side ${e.side} turns ${e.card}${e.stolen ? ' (stolen pip)' : ''}, ${e.left} cards left`
    case 'card-unused':
      return `side ${e.side}'s ${e.card} has no effect`
    case 'lull':
      return `lull: army dice ${e.rolls[0]} v ${e.rolls[1]}: ${e.stolen ? 'the enemy steals a pip' : 'no steal'}`
    case 'activated':
      return `${e.wing}: command die ${e.die} v D8 ${e.opposed}: ${e.moves === 0 ? 'no activation' : `${e.moves} move${e.moves > 1 ? 's' : ''}`}`
    case 'moved':
      return `${e.unit} moves ${e.from} -> ${e.to}`
    case 'faced':
      return `${e.unit} faces ${e.facing}`
    case 'contact':
      return `${e.unit} contacts ${e.enemies.join(', ')}`
    case 'melee':
      return `melee${e.skirmish ? ' (close skirmish)' : ''} ${e.a} ${e.dieA} [${e.factorsA.join(' ')}] ${e.totalA} (face ${e.faceA}) v ${e.b} ${e.dieB} [${e.factorsB.join(' ')}] ${e.totalB} (face ${e.faceB}): ${e.band}${e.winner ? `, ${e.winner} wins` : ''}`
    case 'fired':
      return `${e.unit} fires at ${e.target}: ${e.die} [${e.factors.join(' ')}] ${e.total} v DD ${e.defence}: ${e.pips} pips`
    case 'ui-lost':
      return `${e.unit} loses ${e.ui} UI (${e.lost} lost): ${e.why}`
    case 'chips':
      return `side ${e.side} pays ${e.n} morale chip${e.n > 1 ? 's' : ''} (${e.left} left): ${e.why}`
    case 'vexed':
      return `${e.unit} is vexed${e.again ? ' again' : ''}`
    case 'pushed-back':
      return e.blocked ? `${e.unit} cannot fall back` : `${e.unit} is pushed back to ${e.to}`
    case 'routed':
      return `${e.unit} routs${e.path.length ? ` via ${e.path.join(' ')}` : ''}`
    case 'destroyed':
      return `${e.unit} is destroyed (${e.why})`
    case 'followed-up':
      return `${e.unit} follows up into ${e.to}`
    case 'melee-ended':
      return `the melee ${e.a} v ${e.b} ends (${e.why})`
    case 'move-lost':
      return `${e.unit} loses a move${e.negated ? ', negated with a chip' : ''}`
    case 'rallied':
      return `rally ${e.unit}: ${e.die} ${e.total} v D8 ${e.opposed}: ${e.pips} pips${e.ui ? `, up to ${e.ui} UI to buy back` : ''}`
    case 'attached':
      return `${e.leader} attaches to ${e.unit}`
    case 'reloaded':
      return `${e.unit} reloads`
    case 'refused':
      return e.facing === null ? `${e.unit} turns its refused flank back` : `${e.unit} refuses its flank toward ${e.facing}${e.pinned ? ' and is pinned' : ''}`
    case 'army-morale':
      return `side ${e.side} army morale: ${e.chips} chips${e.broken ? ': the army breaks' : ''}`
    case 'game-over':
      return `game over: ${e.winner === null ? 'draw' : `side ${e.winner} wins`} (${e.reason})`
  }
}

export function asciiOf(c: Ctx, s: HState): string {
  const rows: string[] = []
  rows.push(`turn ${s.turn}/${c.scenario.turns}  ${phaseOf(s)}  pips ${s.pips[0]}:${s.pips[1]}  chips ${s.chips[0]}:${s.chips[1]}  cards ${cardsLeft(s, 0)}:${cardsLeft(s, 1)}`)
  const at = new Map<number, number>()
  for (let u = 0; u < c.nU; u++) if (onMap(s, u)) at.set(s.hex[u] as number, u)
  for (let r = 0; r < c.grid.rows; r++) {
    let line = ''
    for (let q = 0; q < c.grid.cols; q++) {
      const h = r * c.grid.cols + q
      const u = at.get(h)
      if (u === undefined) line += c.ttype[h] === 1 ? ' . ' : c.ttype[h] === 2 ? ' ~ ' : ' # '
      else {
        const t = c.uType[u]!
        const ch = t.arm === 'cav' ? 'c' : t.arm === 'art' ? 'a' : 'i'
        line += ` ${c.uSide[u] === 0 ? ch.toUpperCase() : ch}${SIDE_NAMES[s.face[u] as number]?.[0] ?? ''}`
      }
    }
    rows.push(line)
  }
  return rows.join('\n')
}

export type { ObsBuffers }

/** What the decision in s is about (a unit or a wing), for Decision.subject. */
export function subjectOf(c: Ctx, s: HState): string | undefined {
  const k = s.dk
  const q1 = s.q[1] as number
  if (k === K.charge || k === K['close-skirmish'] || k === K.convert || k === K.hold || k === K.negate || k === K['follow-up'] || k === K.pursue || k === K['rally-buy'] || k === K['refused-flank'] || k === K['rout-hex']) return c.unitIds[k === K['close-skirmish'] ? (s.q[2] as number) : q1]
  if (k === K.move || k === K['shoot-target'] || k === K['melee-target'] || k === K['formation-unit'] || k === K['gun-action'] || k === K.attach) return s.sel >= 0 ? c.unitIds[s.sel] : undefined
  if (k === K['move-unit'] && s.act >= 0) return c.wingIds[s.act]
  return undefined
}
