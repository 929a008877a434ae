// 11 Retreat movement: cavalry and Swiss arquebusiers backing out, General
// Retreat Orders.

import { rot } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { moraleDelta } from './morale.ts'
import { moveUnitTo, terrainCheck } from './move.ts'
import { occ, sync } from './occupancy.ts'
import { canStack } from './stacking.ts'
import { type Events, F_DONE, F_HEDGE, K, type MState, Q_GRET, S_ROUT, T, lbl, onMap, passive, popTask, unnamedSteps } from './state.ts'
import { stepCost } from './terrain.ts'
import { inEnemyZoc } from './zoc.ts'

// scratch lists (module-level: the hot paths allocate nothing)
const buf2: number[] = []

export function retreatHexes(c: Ctx, s: MState, u: number, out: number[], prefer = false): number {
  out.length = 0
  const side = c.uSide[u] as number
  const h = s.hex[u] as number
  const f = s.face[u] as number
  const order = prefer ? [3, 2, 4] : [2, 3, 4]
  for (const r of order) {
    const k = rot(f, r)
    const n = c.grid.neighbors[h * 6 + k] as number
    if (n < 0 || occ(c, 1 - side, n) > 0 || inEnemyZoc(c, side, n) || !canStack(c, s, u, n)) continue
    if (stepCost(c, h, k, T(c, s, u).cls) < 0) continue
    out.push(n)
  }
  return out.length
}

export function retreatable(c: Ctx, s: MState, u: number): boolean {
  if (c.uSide[u] !== passive(s) || !onMap(s, u) || s.st[u] === S_ROUT) return false
  const fl = s.fl[u] as number
  if (fl & (F_DONE | F_HEDGE)) return false
  const t = T(c, s, u)
  if (!(t.cls === 0 || t.swissArq)) return false
  const h = s.hex[u] as number
  if ((c.zocCav[s.active * c.size + h] as number) > 0) return false
  return retreatHexes(c, s, u, buf2) > 0
}

export function groable(c: Ctx, s: MState, w: number): boolean {
  if (c.wSide[w] !== passive(s) || s.gro & (1 << w)) return false
  for (let u = 0; u < c.nU; u++) if (c.uCorps[u] === w && onMap(s, u) && s.st[u] !== S_ROUT) return true
  return false
}

export function generalRetreat(c: Ctx, s: MState, w: number, ev: Events): void {
  s.gro |= 1 << w
  const side = c.wSide[w] as number
  if (ev) ev.push({ type: 'general-retreat', corps: c.corpsIds[w] as string })
  moraleDelta(c, s, side, w, -2, `General Retreat Order to ${c.corpsIds[w]}`, ev)
  // each unit of the corps backs one hex, one after the other (a task each): the player names
  // the next unit while two or more can still back off (retreat-order: the text fixes no order),
  // picks the rear hex when several are open (retreat-hex), the only one is taken, none: it stays
  for (let u = 0; u < c.nU; u++) if (c.uCorps[u] === w) s.q.push(Q_GRET, u, 0, 0, 0, 0)
}

/** One unit of a General Retreat Order: moved when it has one rear hex, asked (returns K['retreat-hex'], s.sel = u) when several; -1 when done. */
export function processGeneralRetreat(c: Ctx, s: MState, ev: Events): number {
  const u = s.q[1] as number
  sync(c, s)
  if (s.q[2] === 0 && canBackOff(c, s, u) && retreatOrderCandidates(c, s, buf2) > 1) return K['retreat-order']
  const n = onMap(s, u) && s.st[u] !== S_ROUT && !((s.fl[u] as number) & F_HEDGE) ? retreatHexes(c, s, u, buf2, true) : 0
  if (n >= 2) {
    s.sel = u
    return K['retreat-hex']
  }
  popTask(s)
  if (n === 1) retreatUnit(c, s, u, buf2[0] as number, ev)
  return -1
}

/**
 * A unit of a General Retreat Order whose step the order of the steps can affect: on the map, not
 * routed, not in hedgehog, with a rear hex the enemy does not hold or control (stacking aside: the
 * other units' steps can free or fill room, never the enemy's hexes or ZOCs).
 */
function canBackOff(c: Ctx, s: MState, u: number): boolean {
  if (!onMap(s, u) || s.st[u] === S_ROUT || (s.fl[u] as number) & F_HEDGE) return false
  const side = c.uSide[u] as number
  const h = s.hex[u] as number
  const f = s.face[u] as number
  for (let r = 2; r <= 4; r++) {
    const k = rot(f, r)
    const n = c.grid.neighbors[h * 6 + k] as number
    if (n >= 0 && occ(c, 1 - side, n) === 0 && !inEnemyZoc(c, side, n) && stepCost(c, h, k, T(c, s, u).cls) >= 0) return true
  }
  return false
}
let curC: Ctx
let curS: MState
const ableCur = (u: number): boolean => canBackOff(curC, curS, u)

/** 11: the units of the General Retreat Order under way, not yet named, that can still back off, into out. */
export function retreatOrderCandidates(c: Ctx, s: MState, out: number[]): number {
  sync(c, s)
  curC = c
  curS = s
  return unnamedSteps(s, Q_GRET, ableCur, out)
}

/** Backs unit u into rear hex x keeping its facing (11), then terrain tests (9.1). */
export function retreatUnit(c: Ctx, s: MState, u: number, x: number, ev: Events): void {
  const h = s.hex[u] as number
  moveUnitTo(c, s, u, x, ev)
  s.fl[u] = (s.fl[u] as number) | F_DONE
  if (ev) ev.push({ type: 'retreated', unit: c.unitIds[u] as string, from: lbl(c, h), to: lbl(c, x) })
  terrainCheck(c, s, u, h, x, ev)
}

// ---- melee helpers ----------------------------------------------------------------------
