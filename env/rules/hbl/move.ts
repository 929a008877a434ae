// Movement (15 January post) at 2 inches a hex: a move is the defence die in
// inches (D4/D6/D8 = 2/3/4 hexes) straight ahead; only skirmish cavalry step
// obliquely; a wheel of one hexside costs a whole move; entering new terrain or
// crossing a ditch stops the unit ("had to stop"); contact stops it. March
// activation: command die against the enemy's D8 — a 1 does not activate, less
// gives one move, more two, "more and triple" three.

import { roll } from '../../dice.ts'
import { neighbor, rot } from '../../hex/grid.ts'
import { CARD, hexesPerMove, type Ctx } from './context.ts'
import { adjacentEnemies, arcOf, ARC_FRONT, enterable, inGood, occupancy } from './geometry.ts'
import { facingName, inMelee } from './morale.ts'
import { F_EVEN, F_MOVING, F_PINNED, MW, T_CHARGE, type Events, type HState } from './state.ts'

/** Moves a March activation gives: 0 on a failed roll. */
export function marchMoves(c: Ctx, die: number, opp: number): number {
  const m = c.tables.march
  if (die === m.failFace) return 0
  if (die >= m.tripleFactor * opp) return m.movesTriple
  if (die > opp) return m.movesMore
  return die === opp ? m.movesEqual : m.movesLess
}

/** Whether unit u may move on the current card (March: all but artillery; Cavalry March: cavalry). */
export function movesOnCard(c: Ctx, s: HState, u: number): boolean {
  if (!inGood(s, u) || ((s.fl[u] as number) & F_PINNED) !== 0) return false
  const t = c.uType[u]
  if (!t || t.arm === 'art') return false
  return s.card === CARD['cavalry-march'] ? t.arm === 'cav' : true
}

/** Rolls a command's activation and hands out its moves. */
export function activate(c: Ctx, s: HState, w: number, ev: Events): void {
  const die = roll(s.dice, c.wDie[w] as number, 1, `command die (${c.wingIds[w]})`, ev)
  const opp = roll(s.dice, c.tables.march.opposition, 1, 'opposition D8 v movement', ev)
  const moves = marchMoves(c, die, opp)
  s.wdone[w] = 1
  ev?.push({ type: 'activated', wing: c.wingIds[w] as string, die, opposed: opp, moves })
  if (moves === 0) return
  s.act = w
  s.adie = die
  for (let u = 0; u < c.nU; u++) {
    if (c.uWing[u] !== w || !movesOnCard(c, s, u)) continue
    s.mv[u] = moves
    s.st[u] = 0
    s.fl[u] = ((s.fl[u] as number) & ~F_MOVING) | ((die & 1) === 0 ? F_EVEN : 0)
  }
}

/** Ends the activated command's movement. */
export function endActivation(c: Ctx, s: HState): void {
  for (let u = 0; u < c.nU; u++) {
    if (c.uWing[u] !== s.act) continue
    s.mv[u] = 0
    s.st[u] = 0
    s.fl[u] = (s.fl[u] as number) & ~F_MOVING
  }
  s.act = -1
}

export const hasMoves = (s: HState, u: number): boolean => (s.mv[u] as number) > 0 || (s.st[u] as number) > 0

const isSkirmisher = (c: Ctx, u: number): boolean => c.uType[u]?.formation === 'skirmish'

/** Hexes unit u may step into now, written to out (ahead; obliques for skirmish cavalry; a skirmisher's withdrawal from melee). */
export function stepTargets(c: Ctx, s: HState, u: number, occ: Int16Array, out: number[]): number[] {
  out.length = 0
  if (!hasMoves(s, u)) return out
  const h = s.hex[u] as number
  const f = s.face[u] as number
  if (inMelee(s, u)) {
    if (isSkirmisher(c, u)) {
      const n = enterable(c, occ, h, rot(f, 3))
      if (n >= 0) out.push(n)
    }
    return out
  }
  const n = enterable(c, occ, h, f)
  if (n >= 0) out.push(n)
  if (isSkirmisher(c, u)) {
    for (const k of [-1, 1]) {
      const o = enterable(c, occ, h, rot(f, k))
      if (o >= 0) out.push(o)
    }
  }
  return out
}

/** A wheel costs one whole move and may only start a move, never end one, and not in melee. */
export const canWheel = (s: HState, u: number): boolean => (s.mv[u] as number) > 0 && (s.st[u] as number) === 0 && !inMelee(s, u)

export function wheel(c: Ctx, s: HState, u: number, k: 1 | -1, ev: Events): void {
  s.mv[u] = (s.mv[u] as number) - 1
  s.face[u] = rot(s.face[u] as number, k)
  s.fl[u] = (s.fl[u] as number) | F_MOVING
  ev?.push({ type: 'faced', unit: c.unitIds[u] as string, facing: facingName(s.face[u] as number) })
}

export function stopUnit(s: HState, u: number): void {
  s.mv[u] = 0
  s.st[u] = 0
}

/** Moves an attached officer with his unit. */
export function carryLeaders(c: Ctx, s: HState, u: number): void {
  for (let l = 0; l < c.nL; l++) if (s.latt[l] === u) s.lhex[l] = s.hex[u] as number
}

/** One hex step of u into `to`. Withdrawing skirmishers leave their melees; contact queues the charge question. */
export function step(c: Ctx, s: HState, u: number, to: number, ev: Events, scratch: number[]): void {
  const from = s.hex[u] as number
  let d = 0
  while (d < 6 && neighbor(c.grid, from, d) !== to) d++
  if ((s.st[u] as number) === 0) {
    s.mv[u] = (s.mv[u] as number) - 1
    s.st[u] = hexesPerMove(c, u)
  }
  s.st[u] = (s.st[u] as number) - 1
  s.fl[u] = (s.fl[u] as number) | F_MOVING
  const withdrawing = inMelee(s, u)
  s.hex[u] = to
  carryLeaders(c, s, u)
  ev?.push({ type: 'moved', unit: c.unitIds[u] as string, from: c.grid.labels[from] as string, to: c.grid.labels[to] as string })
  if (withdrawing) {
    for (let i = s.mel.length - MW; i >= 0; i -= MW) {
      if (s.mel[i] !== u && s.mel[i + 1] !== u) continue
      ev?.push({ type: 'melee-ended', a: c.unitIds[s.mel[i] as number] as string, b: c.unitIds[s.mel[i + 1] as number] as string, why: 'skirmish cavalry withdrew' })
      s.mel.splice(i, MW)
    }
    stopUnit(s, u)
    return
  }
  if (c.tid[to] !== c.tid[from] || c.ditch[from * 6 + d]) stopUnit(s, u)
  const occ = occupancy(c, s)
  const en = adjacentEnemies(c, s, u, occ, scratch)
  if (en.length > 0) {
    stopUnit(s, u)
    ev?.push({ type: 'contact', unit: c.unitIds[u] as string, enemies: en.map((v) => c.unitIds[v] as string) })
    s.q.push(T_CHARGE, u, 0, 0, 0, 0)
  }
}

/**
 * Enemies u may fight at once after moving into contact, without a Melee card: a flank or rear
 * attack, a Fierce unit whose move die was even, skirmish cavalry's close skirmish in type I terrain.
 */
export function chargeTargets(c: Ctx, s: HState, u: number, occ: Int16Array, out: number[]): number[] {
  const en = adjacentEnemies(c, s, u, occ, out)
  const t = c.uType[u]
  if (!t || !inGood(s, u)) {
    out.length = 0
    return out
  }
  let n = 0
  for (const v of en) {
    if (arcOf(c, s, u, s.hex[v] as number) !== ARC_FRONT) continue
    let okv = arcOf(c, s, v, s.hex[u] as number) !== ARC_FRONT
    if (t.fierce && ((s.fl[u] as number) & F_EVEN) !== 0) okv = true
    if (t.formation === 'skirmish' && c.ttype[s.hex[u] as number] === 1) okv = true
    if (okv && !alreadyFighting(s, u, v)) out[n++] = v
  }
  out.length = n
  return out
}

function alreadyFighting(s: HState, u: number, v: number): boolean {
  for (let i = 0; i < s.mel.length; i += MW) if ((s.mel[i] === u && s.mel[i + 1] === v) || (s.mel[i] === v && s.mel[i + 1] === u)) return true
  return false
}

