// 2.1 step 2, the reorganisation phase: replacements and successors take office
// (7.1), disordered units return to order, routed units far from the enemy rally.

import type { Ctx } from './context.ts'
import { leaderActive } from './command.ts'
import { demoralised, moraleDelta, moraleTest } from './morale.ts'
import { adjacentEnemy, sync, touch } from './occupancy.ts'
import { alignFacing } from './stacking.ts'
import { type Events, FRENCH, L_OK, L_REPL, type MState, Q_REPL, S_DIS, S_ORD, S_ROUT, lbl, onMap } from './state.ts'

/**
 * 7.1: where a dead Swiss captain's replacement may be placed: "a new commander could promptly
 * replace" him, chosen "among the captains of the contingents" — with a unit of his corps (the
 * text names no hex): the hexes of its units in order or disorder, else of its routed ones.
 */
export function replacementHexes(c: Ctx, s: MState, l: number, out: number[]): number {
  out.length = 0
  const w = c.lCorps[l] as number
  for (let pass = 0; pass < 2 && out.length === 0; pass++)
    for (let u = 0; u < c.nU; u++) {
      if (c.uCorps[u] !== w || !onMap(s, u) || (pass === 0) === (s.st[u] === S_ROUT)) continue
      const h = s.hex[u] as number
      if (!out.includes(h)) out.push(h)
    }
  return out.length
}

export function placeReplacement(c: Ctx, s: MState, l: number, h: number, ev: Events): void {
  s.lst[l] = L_OK
  s.lhex[l] = h
  if (ev) ev.push({ type: 'leader-replaced', leader: c.leaderIds[l] as string, hex: lbl(c, h) })
}

export function reorganisation(c: Ctx, s: MState, ev: Events): void {
  const side = s.active
  // 7.1: replacements and successors take office now (a Swiss replacement is placed by the Swiss player: a task)
  for (let l = 0; l < c.nL; l++) if (c.lSide[l] === side && s.lst[l] === L_REPL) s.q.push(Q_REPL, l, 0, 0, 0, 0)
  if (side === FRENCH)
    for (let w = 0; w < c.nW; w++) {
      const p = s.pend[w] as number
      if (p < 0 || s.turn < (s.pendTurn[w] as number)) continue
      s.pend[w] = -1
      if (!leaderActive(s, p)) continue
      s.cmd[w] = p
    }
  sync(c, s)
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== side || s.st[u] !== S_DIS) continue
    if (demoralised(c, s, c.uCorps[u] as number)) continue // 8.3
    if (adjacentEnemy(c, side, s.hex[u] as number)) continue
    s.st[u] = S_ORD
    touch(c)
    if (ev) ev.push({ type: 'status-changed', unit: c.unitIds[u] as string, from: 'disordered', to: 'ordered', why: 'reorganisation' })
  }
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== side || s.st[u] !== S_ROUT) continue
    if (demoralised(c, s, c.uCorps[u] as number)) continue // 8.3
    let near = 99
    const h = s.hex[u] as number
    for (let v = 0; v < c.nU; v++) if (c.uSide[v] !== side && onMap(s, v)) near = Math.min(near, c.grid.dist[h * c.size + (s.hex[v] as number)] as number)
    if (near < 4) continue
    if (!moraleTest(c, s, u, 0, 'rally', ev)) continue
    s.st[u] = S_DIS
    alignFacing(c, s, u)
    if (ev) ev.push({ type: 'status-changed', unit: c.unitIds[u] as string, from: 'routed', to: 'disordered', why: 'rally' })
    if (side === FRENCH) moraleDelta(c, s, FRENCH, c.uCorps[u] as number, 1, `${c.unitIds[u]} rallied`, ev) // 8.2
  }
}
