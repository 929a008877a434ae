// Fast moves (rout, retire, evade, pursue) and falling back: the maximum dice, +10 yds a die on the initial
// move only, unformed; the owner chooses the path a hex at a time among the hexes strictly farther from the
// enemy (or closer to the pursued unit), halting short where the text allows (docs/rules/cfeo.md). Blocked
// retirers take 1 DP, blocked routers a casualty and surrender to enemy within 40 yds; routers off their
// own edge exit.

import { d6 } from '../../dice.ts'
import type { Ctx } from './context.ts'
import { addDp, betweenOf, casualties, destroy, dist, frontStands, isUnformed, nearestEnemyDist, passable, place, rollMoveDice, type Scratch } from './core.ts'
import { canStepWith } from './move.ts'
import { shelterFirst, shelterHexes } from './charge.ts'
import { type CfeoState, U_ABANDONED, FM_SHELTER, FM_FALL_BACK, FM_EVADE, FM_NAMES, FM_PURSUE, FM_RETIRE, FM_ROUT, S_EXITED, S_OK, S_RETIRING, S_ROUTING, STATUSES, U_FAST_AGAIN, U_MOVED, U_REFUSED } from './state.ts'
import { ARM_FOOT, ARM_GUN, ARM_HORSE, F_UNFORMED, FREE_HACK_FROM, HEXSIDES, MOVE, PIPS_PER_HEX, ROUT_SAFE_YARDS, withinHexes } from './tables.ts'

const dice: number[] = []

/** Pips of a fast move: maximum dice (foot 1 AvD + 1 D6, horse 2 AvD + 1 D6), +1 a die when initial. */
export function fastPips(c: Ctx, x: Scratch, s: CfeoState, u: number, why: string): number {
  const arm = c.uArm[u] as number
  const a = arm === ARM_HORSE ? 2 : 1
  const d = arm === ARM_GUN ? 0 : 1
  let pips = rollMoveDice(s, x, a, d, `${c.uId[u]} ${why}`, dice)
  const initial = ((s.uFl[u] as number) & U_FAST_AGAIN) === 0
  // "+10 yds for every die rolled in an initial evade, rout or retire move": not in a pursuit
  if (initial && why !== 'pursue') pips += MOVE.fastPipsPerDie * (a + d)
  s.uFl[u] = (s.uFl[u] as number) | U_FAST_AGAIN | U_MOVED
  return pips
}

/** A measure of progress toward side p's friendly edge (bigger = closer). */
function edgeProgress(c: Ctx, p: number, h: number): number {
  const col = h % c.grid.cols
  const row = (h / c.grid.cols) | 0
  switch (c.edge[p]) {
    case 'N':
      return -row
    case 'S':
      return row
    case 'W':
      return -col
    default:
      return col
  }
}
function onOwnEdge(c: Ctx, p: number, h: number): boolean {
  const col = h % c.grid.cols
  const row = (h / c.grid.cols) | 0
  switch (c.edge[p]) {
    case 'N':
      return row === 0
    case 'S':
      return row === c.grid.rows - 1
    case 'W':
      return col === 0
    default:
      return col === c.grid.cols - 1
  }
}

/** Hexside features that separate a fleeing unit from the enemy (every linear obstacle but a bridge). */
const OBSTACLE_SIDES = (1 << HEXSIDES.indexOf('ditch')) | (1 << HEXSIDES.indexOf('rampart')) | (1 << HEXSIDES.indexOf('hedge')) | (1 << HEXSIDES.indexOf('stream')) | (1 << HEXSIDES.indexOf('chevaux-de-frise'))

/** Is u at h separated from the enemy at `away` by friends (formed infantry or cavalry when `formedOnly`),
 *  a wood or town, or a linear obstacle on the line between them? (Evade, Retire, Rout: "behind".) */
export function screened(c: Ctx, x: Scratch, s: CfeoState, u: number, h: number, away: number, formedOnly: boolean): boolean {
  if (away < 0 || h < 0) return false
  const side = c.uSide[u] as number
  let prev = h
  const line = betweenOf(c, h, away)
  for (let i = 0; i <= line.length; i++) {
    const hh = i < line.length ? (line[i] as number) : away
    if (hh < 0) return false
    for (let k = 0; k < 6; k++) if (c.grid.neighbors[prev * 6 + k] === hh && ((c.side[prev * 6 + k] as number) & OBSTACLE_SIDES) !== 0) return true
    if (i === line.length) break
    if (c.blocksSight[hh]) return true
    const v = x.occ[hh] as number
    if (v >= 0 && v !== u && c.uSide[v] === side && s.uStatus[v] === S_OK && (!formedOnly || (!isUnformed(c, s, v) && c.uArm[v] !== ARM_GUN))) return true
    prev = hh
  }
  return false
}

/** Starts a fast move of u (the owner then chooses its path step by step: flow.ts). `away` is the enemy
 *  hex moved away from, or for a pursuit the pursued unit. Fall back is one hex, no dice. */
export function startFast(c: Ctx, x: Scratch, s: CfeoState, u: number, kind: number, away: number, cont: number): void {
  const h = s.uHex[u] as number
  s.fmUnit = u
  s.fmKind = kind
  s.fmAway = away
  s.fmFrom = h
  s.fmSteps = 0
  s.fmCont = cont
  if (kind === FM_FALL_BACK || kind === FM_SHELTER) s.fmMp = PIPS_PER_HEX
  else {
    s.fmMp = fastPips(c, x, s, u, FM_NAMES[kind] as string)
    s.uForm[u] = F_UNFORMED
  }
  s.fmRoll = s.fmMp
}

/** Routers stop once 240 yds from the enemy or behind formed friendly infantry or cavalry or an obstacle. */
function routSafe(c: Ctx, x: Scratch, s: CfeoState, u: number, h: number): boolean {
  return nearestEnemyDist(c, s, c.uSide[u] as number, h) > withinHexes(ROUT_SAFE_YARDS) || screened(c, x, s, u, h, s.fmAway, true)
}

/** The first option found by the last fastOptions call. */
export let fastFirst = -1

/** The next hexes of the fast move in progress (marked at off + hex). Flee moves (retire, rout, evade,
 *  fall back) step strictly farther from the enemy they flee (toward the own edge if there is none); a
 *  pursuit steps strictly closer to the pursued unit until in contact. */
export function fastOptions(c: Ctx, x: Scratch, s: CfeoState, mask: Uint8Array | null, off: number): number {
  const u = s.fmUnit
  const h = s.uHex[u] as number
  fastFirst = -1
  if (h < 0 || !canStepWith(s.fmMp, PIPS_PER_HEX)) return 0
  const kind = s.fmKind
  let n = 0
  if (kind === FM_PURSUE) {
    const th = s.uHex[s.fmAway] as number
    if (th < 0 || dist(c, h, th) <= 1) return 0
    // pursuers encountering new enemy stop and charge into them (flow.ts)
    if (s.fmSteps > 0 && newEnemyAt(c, x, s, u, h, s.fmAway) >= 0) return 0
    const d0 = dist(c, h, th)
    for (let k = 0; k < 6; k++) {
      const nb = c.grid.neighbors[h * 6 + k] as number
      if (!passable(c, x, u, nb) || dist(c, nb, th) >= d0) continue
      if (mask) mask[off + nb] = 1
      if (n++ === 0) fastFirst = nb
    }
    return n
  }
  if (kind === FM_SHELTER) {
    // one placement: a free hex behind a friendly pike unit within 60 yds (charge.ts shelterHexes)
    if (s.fmSteps > 0) return 0
    const n2 = shelterHexes(c, x, s, u, s.fmAway, mask, off)
    fastFirst = shelterFirst
    return n2
  }
  if (kind === FM_FALL_BACK && s.fmSteps > 0) return 0
  if (kind === FM_ROUT && routSafe(c, x, s, u, h)) return 0
  const away = s.fmAway
  const side = c.uSide[u] as number
  const d0 = away >= 0 ? dist(c, h, away) : 0
  const e0 = edgeProgress(c, side, h)
  for (let k = 0; k < 6; k++) {
    const nb = c.grid.neighbors[h * 6 + k] as number
    if (!passable(c, x, u, nb)) continue
    if (away >= 0 ? dist(c, nb, away) <= d0 : edgeProgress(c, side, nb) <= e0) continue
    if (mask) mask[off + nb] = 1
    if (n++ === 0) fastFirst = nb
  }
  return n
}

/** A formed enemy of u (not routing, not the pursued unit) in contact with hex h, -1. */
export function newEnemyAt(c: Ctx, x: Scratch, s: CfeoState, u: number, h: number, pursued: number): number {
  for (let k = 0; k < 6; k++) {
    const nb = c.grid.neighbors[h * 6 + k] as number
    const v = nb >= 0 ? (x.occ[nb] as number) : -1
    if (v >= 0 && v !== pursued && c.uSide[v] !== c.uSide[u] && s.uStatus[v] === S_OK && ((s.uFl[v] as number) & U_ABANDONED) === 0) return v
  }
  return -1
}

/** May the fast mover halt short now? Evaders once separated from the enemy by friends or an obstacle;
 *  retirers once behind formed friends, a fortification or an obstacle. */
export function fastMayStop(c: Ctx, x: Scratch, s: CfeoState): boolean {
  const u = s.fmUnit
  if (s.fmSteps === 0 || (s.fmKind !== FM_EVADE && s.fmKind !== FM_RETIRE)) return false
  return screened(c, x, s, u, s.uHex[u] as number, s.fmAway, s.fmKind === FM_RETIRE)
}

export function fastStepTo(c: Ctx, x: Scratch, s: CfeoState, to: number): void {
  const u = s.fmUnit
  place(c, x, s, u, to)
  s.fmMp -= PIPS_PER_HEX
  s.fmSteps++
  if (s.fmKind === FM_FALL_BACK || s.fmKind === FM_SHELTER) s.uFl[u] = (s.uFl[u] as number) | U_MOVED
}

/** Ends the fast move in progress: its event, and the blocked cases (retirers 1 DP; routers a casualty
 *  and surrender to enemy within 40 yds; routers on their own edge with nowhere to go exit; a unit unable
 *  to fall back 1 DP). Returns the unit; the caller runs the continuation (s.fmCont). */
export function endFast(c: Ctx, x: Scratch, s: CfeoState): number {
  const u = s.fmUnit
  const kind = s.fmKind
  const h = s.uHex[u] as number
  if (h >= 0) {
    if (kind !== FM_FALL_BACK && x.ev) x.ev.push({ type: 'fast-move', unit: c.uId[u] as string, how: FM_NAMES[kind] as string, from: c.grid.labels[s.fmFrom] as string, to: c.grid.labels[h] as string, pips: kind === FM_SHELTER ? 0 : s.fmRoll })
    const stuck = canStepWith(s.fmMp, PIPS_PER_HEX) && fastOptions(c, x, s, null, 0) === 0
    if (kind === FM_ROUT && stuck && !routSafe(c, x, s, u, h) && onOwnEdge(c, c.uSide[u] as number, h)) exit(c, x, s, u)
    else if (s.fmSteps === 0 && kind === FM_FALL_BACK) addDp(c, x, s, u, 1, 'combat', 'unable to fall back')
    else if (s.fmSteps === 0 && kind !== FM_PURSUE && kind !== FM_SHELTER && !(kind === FM_ROUT && routSafe(c, x, s, u, h))) blockedFlee(c, x, s, u, FM_NAMES[kind] as string)
  }
  s.fmUnit = -1
  s.fmKind = 0
  s.fmAway = -1
  s.fmMp = 0
  s.fmRoll = 0
  s.fmFrom = -1
  s.fmSteps = 0
  s.fmCont = 0
  return u
}

/** Units unable to retire: 1 DP; unable to rout: 1 casualty and surrender to enemy within 40 yds. */
function blockedFlee(c: Ctx, x: Scratch, s: CfeoState, u: number, kind: string): void {
  if (kind === 'rout') {
    casualties(c, x, s, u, 1, 'unable to rout')
    if ((s.uHex[u] as number) >= 0 && nearestEnemyDist(c, s, c.uSide[u] as number, s.uHex[u] as number) <= withinHexes(40)) destroy(c, x, s, u, 'surrendered (unable to rout)')
  } else addDp(c, x, s, u, 1, 'combat', `unable to ${kind}`)
}

function exit(c: Ctx, x: Scratch, s: CfeoState, u: number): void {
  destroy(c, x, s, u, 'routed off the map')
  s.uStatus[u] = S_EXITED
  if (x.ev) x.ev.push({ type: 'status', unit: c.uId[u] as string, from: 'destroyed', to: STATUSES[S_EXITED] })
}

export function setStatus(c: Ctx, x: Scratch, s: CfeoState, u: number, st: number): void {
  if (s.uStatus[u] === st) return
  if (x.ev) x.ev.push({ type: 'status', unit: c.uId[u] as string, from: STATUSES[s.uStatus[u] as number] as string, to: STATUSES[st] as string })
  s.uStatus[u] = st
  if (st === S_RETIRING || st === S_ROUTING) {
    s.uForm[u] = F_UNFORMED
    s.uFl[u] = (s.uFl[u] as number) & ~U_REFUSED
  }
}

/** Free hack: a D6 for every pursuing stand in contact, 1 casualty for every 4+. */
export function freeHack(c: Ctx, x: Scratch, s: CfeoState, u: number, target: number): void {
  const n = frontStands(c, s, u)
  let cas = 0
  for (let i = 0; i < n; i++) if (d6(s.dice, `${c.uId[u]} free hack`, x.ev ?? undefined) >= FREE_HACK_FROM) cas++
  if (x.ev) x.ev.push({ type: 'free-hack', unit: c.uId[u] as string, target: c.uId[target] as string, dice: n, casualties: cas })
  casualties(c, x, s, target, cas, `free hack by ${c.uId[u]}`)
}

export const isFoot = (c: Ctx, u: number): boolean => c.uArm[u] === ARM_FOOT
