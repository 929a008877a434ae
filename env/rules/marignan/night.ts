// 14.2 The night reorganisation of the two-day scenario.

import type { Ctx } from './context.ts'
import { commandReach, leaderActive, leaderRange } from './command.ts'
import { moraleDelta } from './morale.ts'
import { moveUnitTo } from './move.ts'
import { adjacentEnemy, occ, sync } from './occupancy.ts'
import { alignFacing, canStack } from './stacking.ts'
import { type Events, FRENCH, F_DONE, K, type MState, Q_NIGHT, SWISS, S_ORD, S_ROUT, T, lbl, onMap, popTask, unnamedSteps } from './state.ts'
import { inEnemyZoc } from './zoc.ts'

// scratch lists (module-level: the hot paths allocate nothing)
const buf2: number[] = []

/**
 * 14.2 step 1: "all French units adjacent to the enemy" (routed ones included) "are moved back one
 * hex toward the south, if possible": a task each, then step 2 as a last task. The text fixes no
 * order: while two or more have not stepped back, the French player names the next (`night-order`).
 */
export function nightStart(c: Ctx, s: MState): void {
  sync(c, s)
  for (let u = 0; u < c.nU; u++) if (c.uSide[u] === FRENCH && onMap(s, u) && adjacentEnemy(c, FRENCH, s.hex[u] as number)) s.q.push(Q_NIGHT, u, 0, 0, 0, 0)
  s.q.push(Q_NIGHT, -1, 0, 0, 0, 0)
}

/** Hexes one step south of u (S, or SE/SW where that is southward) free of the enemy and of enemy ZOCs, stacking kept. */
export function nightBackHexes(c: Ctx, s: MState, u: number, out: number[], stacking = true): number {
  out.length = 0
  sync(c, s)
  const h = s.hex[u] as number
  for (const k of [2, 3, 4]) {
    const n = c.grid.neighbors[h * 6 + k] as number
    if (n < 0 || (c.edgeDist[FRENCH][n] as number) >= (c.edgeDist[FRENCH][h] as number)) continue
    if (occ(c, SWISS, n) > 0 || inEnemyZoc(c, FRENCH, n) || (stacking && !canStack(c, s, u, n))) continue
    out.push(n)
  }
  return out.length
}

/** Moves u back into hex n (14.2 step 1). */
export function nightBack(c: Ctx, s: MState, u: number, n: number, ev: Events): void {
  const h = s.hex[u] as number
  moveUnitTo(c, s, u, n, ev)
  if (ev) ev.push({ type: 'retreated', unit: c.unitIds[u] as string, from: lbl(c, h), to: lbl(c, n) })
}

/** The head Q_NIGHT task: a unit's step back (asks `night-back`, s.sel = u, when several hexes are open), or step 2 (unit -1). */
export function processNight(c: Ctx, s: MState, ev: Events): number {
  const u = s.q[1] as number
  if (u < 0) {
    popTask(s)
    nightAuto(c, s, ev)
    return -1
  }
  if (s.q[2] === 0 && canFallBack(c, s, u) && nightOrderCandidates(c, s, buf2) > 1) return K['night-order']
  const n = onMap(s, u) ? nightBackHexes(c, s, u, buf2) : 0
  if (n >= 2) {
    s.sel = u
    return K['night-back']
  }
  popTask(s)
  if (n === 1) nightBack(c, s, u, buf2[0] as number, ev)
  return -1
}

/**
 * A French unit of step 1 whose step the order can affect: on the map with a hex south the enemy
 * does not hold or control (stacking aside: only the other units' steps free or fill room).
 */
function canFallBack(c: Ctx, s: MState, u: number): boolean {
  return onMap(s, u) && nightBackHexes(c, s, u, buf3, false) > 0
}
const buf3: number[] = []
let curC: Ctx
let curS: MState
const ableCur = (u: number): boolean => canFallBack(curC, curS, u)
/** 14.2 step 1: the French units still to step back, not yet named, that can, into out. */
export function nightOrderCandidates(c: Ctx, s: MState, out: number[]): number {
  curC = c
  curS = s
  return unnamedSteps(s, Q_NIGHT, ableCur, out)
}

/** 14.2 step 2: disordered and routed units return to order. */
export function nightAuto(c: Ctx, s: MState, ev: Events): void {
  sync(c, s)
  for (let u = 0; u < c.nU; u++) {
    if (!onMap(s, u) || s.st[u] === S_ORD) continue
    const was = s.st[u] as number
    s.st[u] = S_ORD
    if (was === S_ROUT) alignFacing(c, s, u)
    if (ev) ev.push({ type: 'status-changed', unit: c.unitIds[u] as string, from: was === S_ROUT ? 'routed' : 'disordered', to: 'ordered', why: 'night reorganisation' })
    if (was === S_ROUT && c.uSide[u] === FRENCH) moraleDelta(c, s, FRENCH, c.uCorps[u] as number, 1, `${c.unitIds[u]} back in order`, ev)
  }
}

export function nightPlaceable(c: Ctx, s: MState, u: number): boolean {
  if (c.uSide[u] !== s.active || !onMap(s, u) || (s.fl[u] as number) & F_DONE) return false
  const w = c.uCorps[u] as number
  if (w < 0) return false
  const l = s.cmd[w] as number
  if (l < 0 || !leaderActive(s, l) || (s.lhex[l] as number) < 0) return false
  if (adjacentEnemy(c, s.active, s.hex[u] as number)) return false
  return nightHexes(c, s, u, buf2) > 0
}

export function nightHexes(c: Ctx, s: MState, u: number, out: number[]): number {
  out.length = 0
  const w = c.uCorps[u] as number
  const l = s.cmd[w] as number
  const side = c.uSide[u] as number
  commandReach(c, s, l, leaderRange(c, s, l)) // 14.2: the range as reduced by injury and night
  for (let h = 0; h < c.size; h++) {
    if ((c.bfs[h] as number) < 0 || h === s.hex[u]) continue
    if (occ(c, 1 - side, h) > 0 || adjacentEnemy(c, side, h) || !canStack(c, s, u, h)) continue
    if (T(c, s, u).cls === 2 && !c.terrainRows[c.terrain[h] as number]) continue
    out.push(h)
  }
  return out.length
}

export function fortifyHexes(c: Ctx, s: MState, out: number[]): number {
  out.length = 0
  c.mark.fill(0)
  for (let l = 0; l < c.nL; l++) {
    if (c.lSide[l] !== FRENCH || !leaderActive(s, l) || (s.lhex[l] as number) < 0) continue
    commandReach(c, s, l, leaderRange(c, s, l)) // 14.2: the range as reduced by injury and night
    for (let h = 0; h < c.size; h++) if ((c.bfs[h] as number) >= 0) c.mark[h] = 1
  }
  for (let h = 0; h < c.size; h++) {
    if (!c.mark[h] || s.forts.includes(h) || occ(c, SWISS, h) > 0 || adjacentEnemy(c, FRENCH, h)) continue
    out.push(h)
  }
  return out.length
}

// ---- legal actions -------------------------------------------------------------------------
