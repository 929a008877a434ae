// 10 Rout: status changes on failed tests (ordered -> disordered -> routed ->
// eliminated), Swiss replacements (1.1), rout movement (10.1).

import type { Ctx, TypeStats } from './context.ts'
import { moraleDelta, moraleTest } from './morale.ts'
import { occ, sync, touch } from './occupancy.ts'
import { stackLegal } from './stacking.ts'
import { type Events, FRENCH, F_CHARGE, F_HEDGE, type MState, STATUS, SWISS, S_DIS, S_ELIM, S_EXIT, S_ORD, S_ROUT, T, lbl, onMap } from './state.ts'
import { stepCost } from './terrain.ts'
import { inEnemyZoc } from './zoc.ts'

export function setStatus(c: Ctx, s: MState, u: number, to: number, why: string, ev: Events): void {
  const from = s.st[u] as number
  s.st[u] = to
  touch(c)
  if (ev) ev.push({ type: 'status-changed', unit: c.unitIds[u] as string, from: STATUS[from] as string, to: STATUS[to] as string, why })
}

export type Cause = 'combat' | 'commit' | 'terrain' | 'rout-through' | 'other'

/** A failed morale test or an automatic disorder result (10). */
export function failed(c: Ctx, s: MState, u: number, cause: Cause, ev: Events): void {
  if (!onMap(s, u)) return
  const side = c.uSide[u] as number
  const t = T(c, s, u)
  if (side === SWISS && cause === 'combat') moraleDelta(c, s, SWISS, -1, -1, `${c.unitIds[u]} failed a combat morale test`, ev) // 8.1
  const st = s.st[u] as number
  if (st === S_ORD) {
    setStatus(c, s, u, S_DIS, cause, ev)
    s.fl[u] = (s.fl[u] as number) & ~(F_HEDGE | F_CHARGE)
    return
  }
  if (cause === 'terrain') return // 10: terrain never routs
  if (st === S_DIS) {
    if (t.swissPike) {
      // 8.1: Swiss pikemen never rout; the army loses a point instead.
      moraleDelta(c, s, SWISS, -1, -1, `${c.unitIds[u]} (Swiss pikemen in disorder) would rout`, ev)
      return
    }
    rout(c, s, u, cause, ev)
    return
  }
  eliminate(c, s, u, `${cause}: routed unit fails again`, false, ev)
}

export function rout(c: Ctx, s: MState, u: number, why: string, ev: Events): void {
  const t = T(c, s, u)
  if (t.cls === 2) {
    eliminate(c, s, u, 'artillery routs', false, ev) // 10
    return
  }
  setStatus(c, s, u, S_ROUT, why, ev)
  s.fl[u] = (s.fl[u] as number) & ~(F_HEDGE | F_CHARGE)
  const side = c.uSide[u] as number
  if (side === FRENCH) moraleDelta(c, s, FRENCH, c.uCorps[u] as number, -1, `${c.unitIds[u]} routs`, ev) // 8.2
  else moraleDelta(c, s, SWISS, -1, -1, `${c.unitIds[u]} routs`, ev) // 8.1: cavalry and arquebusiers
  routMove(c, s, u, ev)
}

/** Removes a unit (or swaps a Swiss pike for its replacement when `replaceable`). */
export function eliminate(c: Ctx, s: MState, u: number, why: string, replaceable: boolean, ev: Events, exited = false): void {
  const t = T(c, s, u)
  const id = c.unitIds[u] as string
  if (replaceable && t.repl >= 0) {
    s.ty[u] = t.repl
    touch(c)
    if (ev) ev.push({ type: 'replaced', unit: id, by: (c.types[t.repl] as TypeStats).id })
    return
  }
  const side = c.uSide[u] as number
  s.st[u] = exited ? S_EXIT : S_ELIM
  s.hex[u] = -1
  s.fl[u] = 0
  touch(c)
  if (ev) ev.push({ type: 'eliminated', unit: id, why })
  moraleDelta(c, s, side, c.uCorps[u] as number, -2, `${id} ${exited ? 'left the map' : 'eliminated'}`, ev) // 8.1, 8.2
}

/** 10.1: rout movement toward the friendly edge. */
export function routMove(c: Ctx, s: MState, u: number, ev: Events): void {
  sync(c, s)
  const side = c.uSide[u] as number
  const ed = c.edgeDist[side] as Uint8Array
  const t = T(c, s, u)
  let mp = t.move[1]
  let steps = 0
  let extra = false
  const path: string[] | null = ev ? [] : null
  for (;;) {
    if (!onMap(s, u) || s.st[u] !== S_ROUT) return
    const h = s.hex[u] as number
    if (ed[h] === 0) {
      if (path && ev) ev.push({ type: 'rout-move', unit: c.unitIds[u] as string, path })
      eliminate(c, s, u, 'routed off the friendly edge', false, ev, true)
      return
    }
    if (mp <= 0 && steps > 0 && stackLegal(c, s, h)) break
    let best = -1
    let bestCost = 99
    for (let k = 0; k < 6; k++) {
      const n = c.grid.neighbors[h * 6 + k] as number
      if (n < 0 || (ed[n] as number) >= (ed[h] as number)) continue // the most direct path to the edge
      if (occ(c, 1 - side, n) > 0) continue
      if (inEnemyZoc(c, side, n) && occ(c, side, n) === 0) continue // 4.2
      const cost = stepCost(c, h, k, t.cls)
      if (cost < 0) continue
      const total = cost + (occ(c, side, n) > 0 ? 1 : 0)
      if (total < bestCost) {
        bestCost = total
        best = n
      }
    }
    if (best < 0) {
      if (path && ev) ev.push({ type: 'rout-move', unit: c.unitIds[u] as string, path })
      eliminate(c, s, u, 'rout movement blocked', false, ev) // 4.2, 10.1
      return
    }
    if (bestCost > mp && steps > 0) {
      if (stackLegal(c, s, h)) break
      if (extra) {
        eliminate(c, s, u, 'cannot stop overstacked', false, ev)
        return
      }
      extra = true // 10.1: movement prolonged by one hex to leave an overstacked hex
    }
    s.hex[u] = best
    touch(c)
    sync(c, s)
    mp -= bestCost
    steps++
    if (path) path.push(lbl(c, best))
    // 10.1: each friendly unit in the entered hex tests its morale
    const n = c.scratchU
    let k = 0
    for (let v = c.head[best] as number; v >= 0; v = c.next[v] as number) if (v !== u && s.st[v] !== S_ROUT) n[k++] = v
    const list: number[] = []
    for (let i = 0; i < k; i++) list.push(n[i] as number)
    for (const v of list) if (!moraleTest(c, s, v, 0, 'routed unit passes through', ev)) failed(c, s, v, 'rout-through', ev)
    sync(c, s)
  }
  if (path && ev) ev.push({ type: 'rout-move', unit: c.unitIds[u] as string, path })
}

// ---- commanders (7) ---------------------------------------------------------
