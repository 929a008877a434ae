// 9 Movement: costs, ZOC restrictions (4.1), out of command (6.2), entry of the
// Swiss army (14.1), terrain disorder (9.1), commitment (9.2), charge (9.3) and
// hedgehog (9.4).

import { rot } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { cmdHex, leaderActive } from './command.ts'
import { demoralised, moraleDelta, moraleTest } from './morale.ts'
import { adjacentEnemy, occ, sync, touch } from './occupancy.ts'
import { failed } from './rout.ts'
import { canStack, faceStack } from './stacking.ts'
import { C, type Events, FACE0, F_CHARGE, F_DONE, F_HEDGE, F_OOC, LF_MOVED, L_OK, L_WAIT, type MState, Q_HEDGE, SWISS, S_ORD, S_ROUT, S_WAIT, T, lbl, onMap } from './state.ts'
import { dirTo, stepCost, terrainDisorder } from './terrain.ts'
import { inEnemyZoc, isRear } from './zoc.ts'

// scratch lists (module-level: the hot paths allocate nothing)
const buf2: number[] = []

/** Puts u in hex n, adopting the facing of a friendly stack there (3); checks Swiss captures (8.1). */
export function moveUnitTo(c: Ctx, s: MState, u: number, n: number, ev: Events): void {
  sync(c, s)
  for (let v = c.head[n] as number; v >= 0; v = c.next[v] as number)
    if (v !== u && s.st[v] !== S_ROUT && c.uSide[v] === c.uSide[u]) {
      s.face[u] = s.face[v] as number
      break
    }
  s.hex[u] = n
  touch(c)
  const p = c.place[n] as number
  if (c.uSide[u] === SWISS && p >= 0 && !(s.cap & (1 << p))) {
    s.cap |= 1 << p
    if (ev) ev.push({ type: 'captured', place: c.placeNames[p] as string })
    moraleDelta(c, s, SWISS, -1, 2, `capture of ${c.placeNames[p]}`, ev)
  }
}

/** 9.1: disorder for terrain on entering n from h (h < 0: from off the map). */
export function terrainCheck(c: Ctx, s: MState, u: number, h: number, n: number, ev: Events): void {
  if (s.st[u] !== S_ORD || T(c, s, u).swissArq) return
  const d = terrainDisorder(c, h, n, T(c, s, u).cls)
  if (d === 2) failed(c, s, u, 'terrain', ev)
  else if (d === 1 && !moraleTest(c, s, u, 0, 'terrain', ev)) failed(c, s, u, 'terrain', ev)
}

/**
 * 9: true when every friendly unit in n began this movement phase in u's hex. The stack moved as one
 * enters n together and pays no friendly-occupied MP; moved unit by unit, the followers pay none either.
 */
function stackMatesOnly(c: Ctx, s: MState, u: number, n: number): boolean {
  const start = s.mhex[u] as number
  if (start < 0) return false
  const side = c.uSide[u] as number
  for (let v = c.head[n] as number; v >= 0; v = c.next[v] as number) if (c.uSide[v] === side && s.mhex[v] !== start) return false
  return true
}

/** Cost for unit u to move from its hex across side k (or -1 when it may not). */
export function moveCost(c: Ctx, s: MState, u: number, k: number): number {
  const side = c.uSide[u] as number
  const h = s.hex[u] as number
  const n = c.grid.neighbors[h * 6 + k] as number
  if (n < 0 || occ(c, 1 - side, n) > 0) return -1
  const t = T(c, s, u)
  let cost = stepCost(c, h, k, t.cls)
  if (cost < 0) return -1
  if (occ(c, side, n) > 0 && !stackMatesOnly(c, s, u, n)) cost += 1 // 9: friendly-occupied hex
  if (cost > s.mp && s.spent) return -1 // 9: only the first move may exceed the allowance
  if (!canStack(c, s, u, n)) return -1
  const inZ = inEnemyZoc(c, side, h)
  const destZ = inEnemyZoc(c, side, n)
  if (inZ) {
    // 4.1: cavalry or Swiss arquebusiers facing infantry only may leave, never straight into another ZOC
    if (!(t.cls === 0 || t.swissArq) || (c.zocNonInf[(1 - side) * c.size + h] as number) > 0 || destZ) return -1
  }
  if (destZ && demoralised(c, s, c.uCorps[u] as number)) return -1 // 8.3
  if ((s.fl[u] as number) & F_OOC) {
    // 6.2: only toward the commander, never next to the enemy
    const ch = cmdHex(c, s, u)
    if (ch < 0) return -1
    if ((c.grid.dist[n * c.size + ch] as number) >= (c.grid.dist[h * c.size + ch] as number)) return -1
    if (adjacentEnemy(c, side, n)) return -1
  }
  return cost
}

export function entryAllowed(c: Ctx, s: MState, u: number): boolean {
  if (s.turn < c.entryTurn) return false
  if (c.uWaitVia[u] !== 1) return true
  const w = c.uCorps[u] as number
  const ord = w >= 0 ? (c.wEntryOrder[w] as number) : -1
  if (ord <= 0) return true
  // 14.1: the column enters corps after corps
  for (let v = 0; v < c.nU; v++) {
    const wv = c.uCorps[v] as number
    if (c.uWaitVia[v] === 1 && s.st[v] === S_WAIT && wv >= 0 && (c.wEntryOrder[wv] as number) >= 0 && (c.wEntryOrder[wv] as number) < ord) return false
  }
  return true
}

export function entryHexes(c: Ctx, s: MState, u: number, out: number[]): number {
  out.length = 0
  const side = c.uSide[u] as number
  const hs = c.uWaitVia[u] === 1 ? [c.entryRoad] : c.northRow
  for (const h of hs) {
    if (occ(c, 1 - side, h) > 0 || !canStack(c, s, u, h)) continue
    if (inEnemyZoc(c, side, h) && demoralised(c, s, c.uCorps[u] as number)) continue
    out.push(h)
  }
  return out.length
}

export function entryCost(c: Ctx, h: number, cls: number): number {
  return c.road[h] ? 1 : (c.terrainRows[c.terrain[h] as number]?.move[cls] ?? 1)
}

export function hedgehogOk(c: Ctx, s: MState, u: number): boolean {
  const t = T(c, s, u)
  if (t.cls !== 1 || t.swissArq || s.st[u] !== S_ORD || s.spent) return false
  const h = s.hex[u] as number
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) {
    if (v === u) continue
    const tv = T(c, s, v)
    if (tv.cls === 1 && !tv.swissArq && (s.st[v] !== S_ORD || ((s.fl[v] as number) & F_DONE))) return false
  }
  return true
}

export function movable(c: Ctx, s: MState, u: number): boolean {
  if (c.uSide[u] !== s.active) return false
  const fl = s.fl[u] as number
  if (fl & F_DONE) return false
  if (s.st[u] === S_WAIT) return entryAllowed(c, s, u) && entryHexes(c, s, u, buf2) > 0
  return onMap(s, u) && s.st[u] !== S_ROUT && !(fl & F_HEDGE)
}

export function leaderMovable(c: Ctx, s: MState, l: number): boolean {
  if (c.lSide[l] !== s.active || (s.lfl[l] as number) & LF_MOVED) return false
  if (s.lst[l] === L_WAIT) return s.turn >= c.entryTurn && occ(c, 1 - s.active, c.entryRoad) === 0
  return leaderActive(s, l) && (s.lhex[l] as number) >= 0
}

// ---- the decision of the moment --------------------------------------------------------

export function moveUnitStep(c: Ctx, s: MState, choice: number, hex: number, ev: Events): void {
  const u = s.sel
  if (choice === C.stop) return stopSel(s, c)
  if (u >= c.nU) {
    const l = u - c.nU
    const from = s.lhex[l] as number
    let cost = 1
    if (s.lst[l] === L_WAIT) s.lst[l] = L_OK
    else cost = stepCost(c, from, dirTo(c, from, hex), 0)
    s.lhex[l] = hex
    s.mp -= cost
    s.spent = 1
    if (ev) ev.push({ type: 'leader-moved', leader: c.leaderIds[l] as string, to: lbl(c, hex) })
    if (s.mp <= 0) stopSel(s, c)
    return
  }
  if (choice >= FACE0 && choice < FACE0 + 6) {
    faceStack(c, s, s.hex[u] as number, choice - FACE0, ev)
    s.mp -= 1
    s.spent = 1
    if (s.mp <= 0) stopSel(s, c)
    return
  }
  if (choice === C.hedgehog) {
    const h = s.hex[u] as number
    for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) {
      const t = T(c, s, v)
      if (t.cls !== 1 || t.swissArq) continue
      s.fl[v] = (s.fl[v] as number) | F_HEDGE | F_DONE
      if (ev) ev.push({ type: 'hedgehog', unit: c.unitIds[v] as string, on: true })
    }
    touch(c)
    s.sel = -1
    return
  }
  // a hex: entering the map or moving one hex
  const side = c.uSide[u] as number
  const waiting = s.st[u] === S_WAIT
  const from = waiting ? -1 : (s.hex[u] as number)
  const t = T(c, s, u)
  const cost = waiting ? entryCost(c, hex, t.cls) + (occ(c, side, hex) > 0 ? 1 : 0) : moveCost(c, s, u, dirTo(c, from, hex))
  const intoZoc = inEnemyZoc(c, side, hex)
  // 9.2: joining a stack already there (same facing, 3) puts no enemy unit in a ZOC it was not already in
  let joins = false
  for (let v = c.head[hex] as number; v >= 0; v = c.next[v] as number) if (c.uSide[v] === side && s.st[v] !== S_ROUT) joins = true
  if (intoZoc && !t.swissPike) {
    // 9.2: test of commitment to enter an enemy ZOC
    if (!moraleTest(c, s, u, 0, 'commitment', ev)) {
      if (ev) ev.push({ type: 'commit-failed', unit: c.unitIds[u] as string, hex: lbl(c, hex) })
      return stopSel(s, c)
    }
  }
  if (waiting) {
    s.st[u] = S_ORD
    s.face[u] = 3 // enters facing south, into the map
  }
  moveUnitTo(c, s, u, hex, ev)
  s.mp = Math.max(0, s.mp - cost)
  s.spent = 1
  if (ev) ev.push({ type: 'moved', unit: c.unitIds[u] as string, from: from >= 0 ? lbl(c, from) : null, to: lbl(c, hex), cost })
  terrainCheck(c, s, u, from, hex, ev)
  sync(c, s)
  // 9.2: passive units now in this unit's ZOC are committed; 9.3/9.4 charge and hedgehog
  const f = s.face[u] as number
  for (const k of [rot(f, -1), f, rot(f, 1)]) {
    const n = c.grid.neighbors[hex * 6 + k] as number
    if (n < 0 || occ(c, 1 - side, n) === 0) continue
    let live = false
    for (let v = c.head[n] as number; v >= 0; v = c.next[v] as number) if (s.st[v] !== S_ROUT) live = true
    if (!live) continue
    const cav = t.cls === 0
    if (cav && s.st[u] === S_ORD && intoZoc && c.road[hex]) {
      const fe = c.feat[hex * 6 + k] as number
      const blocked = (fe & (1 | 2 | 4)) !== 0 || c.terrainRows[c.terrain[n] as number]?.noCharge === true
      if (!blocked && !((s.fl[u] as number) & F_CHARGE)) {
        s.fl[u] = (s.fl[u] as number) | F_CHARGE
        if (ev) ev.push({ type: 'charge', unit: c.unitIds[u] as string })
      }
    }
    // a stack already in hedgehog ignores cavalry (9.4)
    let allHedge = true
    for (let v = c.head[n] as number; v >= 0; v = c.next[v] as number) {
      const tv = T(c, s, v)
      if (tv.cls === 1 && !tv.swissArq && !((s.fl[v] as number) & F_HEDGE)) allHedge = false
    }
    if (cav && allHedge && hedgeAny(c, s, n)) continue
    if (joins) continue // already committed (or already in that ZOC) by the stack it joined
    if (cav && hedgeStack(c, s, n)) s.q.push(Q_HEDGE, n, hex, 0, 0, 0)
    else commitStack(c, s, n, hex, ev)
  }
  if (intoZoc || !onMap(s, u) || s.st[u] === S_ROUT || s.mp <= 0) stopSel(s, c)
}

export function stopSel(s: MState, c: Ctx): void {
  const u = s.sel
  if (u >= c.nU) s.lfl[u - c.nU] = (s.lfl[u - c.nU] as number) | LF_MOVED
  else if (u >= 0) s.fl[u] = (s.fl[u] as number) | F_DONE
  s.sel = -1
}

export function hedgeAny(c: Ctx, s: MState, h: number): boolean {
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) if ((s.fl[v] as number) & F_HEDGE) return true
  return false
}

/** Units that may still attempt hedgehog in hex h (9.4): ordered non-arquebusier infantry, all of them. */
export function hedgeStack(c: Ctx, s: MState, h: number): boolean {
  let any = false
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) {
    const t = T(c, s, v)
    if (t.cls !== 1 || t.swissArq) continue
    if (s.st[v] !== S_ORD || (s.fl[v] as number) & F_HEDGE) return false
    any = true
  }
  return any
}

/** 9.2: the passive units of hex h test for commitment. */
export function commitStack(c: Ctx, s: MState, h: number, rearFrom: number, ev: Events): void {
  const list: number[] = []
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) if (s.st[v] !== S_ROUT) list.push(v)
  for (const v of list) {
    if (!onMap(s, v)) continue
    const rear = rearFrom >= 0 && isRear(c, s, v, rearFrom)
    if (ev) ev.push({ type: 'committed', unit: c.unitIds[v] as string, by: lbl(c, rearFrom), rear })
    if (!moraleTest(c, s, v, rear ? -2 : 0, 'commitment', ev)) failed(c, s, v, 'commit', ev)
  }
}
