// Shared mechanics: occupancy and ZOC (4), stacking (5), command (6),
// commanders (7), corps morale (8), morale tests (0.2), status changes and
// rout movement (10). Everything mutates the state in place; events are only
// built when an events array is given.

import { roll } from '../../dice.ts'
import { rot, SIDE_NAMES } from '../../hex/grid.ts'
import type { Ctx, TypeStats } from './context.ts'
import { HS_BRIDGE, HS_CANAL, HS_ROAD } from './context.ts'
import { TERRAIN } from './tables.ts'
import {
  F_CHARGE,
  F_HEDGE,
  FRENCH,
  L_DEAD,
  L_INJ,
  L_OK,
  L_REPL,
  STATUS,
  S_DIS,
  S_ELIM,
  S_EXIT,
  S_ORD,
  S_ROUT,
  SWISS,
  type Events,
  type MState,
} from './state.ts'
import { INJURY, MODIFIERS } from './tables.ts'

export const lbl = (c: Ctx, h: number): string => (h >= 0 ? (c.grid.labels[h] as string) : 'off-map')
export const T = (c: Ctx, s: MState, u: number): TypeStats => c.types[s.ty[u] as number] as TypeStats
export const onMap = (s: MState, u: number): boolean => (s.st[u] as number) <= S_ROUT
export const isCombat = onMap

// ---- occupancy (scratch, rebuilt lazily from the state) ------------------

export function touch(c: Ctx): void {
  c.dirty = true
}

/** Rebuilds occupancy, unit lists per hex and ZOC counts when the state changed. */
export function sync(c: Ctx, s: MState): void {
  if (!c.dirty && c.built === s) return
  c.built = s
  c.dirty = false
  const size = c.size
  c.occ.fill(0)
  c.zoc.fill(0)
  c.zocNonInf.fill(0)
  c.zocCav.fill(0)
  c.head.fill(-1)
  for (let u = c.nU - 1; u >= 0; u--) {
    if (!onMap(s, u)) continue
    const h = s.hex[u] as number
    const side = c.uSide[u] as number
    c.next[u] = c.head[h] as number
    c.head[h] = u
    c.occ[side * size + h] = (c.occ[side * size + h] as number) + 1
    if (s.st[u] === S_ROUT) continue // 4: routed units exert no ZOC
    const t = T(c, s, u)
    const f = s.face[u] as number
    const hedge = ((s.fl[u] as number) & F_HEDGE) !== 0
    for (let k = 0; k < 6; k++) {
      if (!hedge && k !== f && k !== rot(f, 1) && k !== rot(f, -1)) continue
      const n = c.grid.neighbors[h * 6 + k] as number
      if (n < 0) continue
      c.zoc[side * size + n] = (c.zoc[side * size + n] as number) + 1
      if (t.cls !== 1) c.zocNonInf[side * size + n] = (c.zocNonInf[side * size + n] as number) + 1
      if (t.cls === 0) c.zocCav[side * size + n] = (c.zocCav[side * size + n] as number) + 1
    }
  }
}

export const occ = (c: Ctx, side: number, h: number): number => c.occ[side * c.size + h] as number
export const inEnemyZoc = (c: Ctx, side: number, h: number): boolean => (c.zoc[(1 - side) * c.size + h] as number) > 0

/** Does unit u (at its hex, with its facing) exert ZOC on hex h? */
export function zocOn(c: Ctx, s: MState, u: number, h: number): boolean {
  if (!onMap(s, u) || s.st[u] === S_ROUT) return false
  const from = s.hex[u] as number
  for (let k = 0; k < 6; k++) {
    if (c.grid.neighbors[from * 6 + k] !== h) continue
    if ((s.fl[u] as number) & F_HEDGE) return true
    const f = s.face[u] as number
    return k === f || k === rot(f, 1) || k === rot(f, -1)
  }
  return false
}

/** Is adjacent hex `to` in the rear of unit u (3; routed units have only rear, hedgehogs only front)? */
export function isRear(c: Ctx, s: MState, u: number, to: number): boolean {
  if (s.st[u] === S_ROUT) return true
  if ((s.fl[u] as number) & F_HEDGE) return false
  const from = s.hex[u] as number
  for (let k = 0; k < 6; k++) {
    if (c.grid.neighbors[from * 6 + k] !== to) continue
    const d = rot(k, -(s.face[u] as number))
    return d === 2 || d === 3 || d === 4
  }
  return false
}

export function adjacentEnemy(c: Ctx, side: number, h: number): boolean {
  for (let k = 0; k < 6; k++) {
    const n = c.grid.neighbors[h * 6 + k] as number
    if (n >= 0 && occ(c, 1 - side, n) > 0) return true
  }
  return false
}

/** Stacking counters for one hex (no allocation): cav, inf non-arquebusier, arquebusiers, art. */
function stackFits(side: number, cav: number, pike: number, arq: number, art: number): boolean {
  const n = cav + pike + arq + art
  if (n <= 1) return true
  if (side === SWISS) return cav === 0 && art === 0 && arq <= 1 && (arq === 1 ? pike <= 1 : pike <= 3)
  if (cav > 0) return pike + arq + art === 0 && cav <= 2
  return art <= 1 && pike + arq <= 2
}

/** Would the units of hex h plus unit u (type index ty) respect stacking (5.1, 5.2)? */
export function canStack(c: Ctx, s: MState, u: number, h: number, ty = s.ty[u] as number): boolean {
  const side = c.uSide[u] as number
  let cav = 0
  let pike = 0
  let arq = 0
  let art = 0
  for (let v = c.head[h] as number, first = true; first || v >= 0; first = false) {
    let t: TypeStats
    if (first) t = c.types[ty] as TypeStats
    else {
      const w = v
      v = c.next[v] as number
      if (w === u) continue
      if (c.uSide[w] !== side) return false
      t = T(c, s, w)
    }
    if (t.cls === 0) cav++
    else if (t.cls === 2) art++
    else if (t.swissArq) arq++
    else pike++
  }
  return stackFits(side, cav, pike, arq, art)
}

export function stackLegal(c: Ctx, s: MState, h: number): boolean {
  const first = c.head[h] as number
  if (first < 0) return true
  const side = c.uSide[first] as number
  let cav = 0
  let pike = 0
  let arq = 0
  let art = 0
  for (let v = first; v >= 0; v = c.next[v] as number) {
    if (c.uSide[v] !== side) return false
    const t = T(c, s, v)
    if (t.cls === 0) cav++
    else if (t.cls === 2) art++
    else if (t.swissArq) arq++
    else pike++
  }
  return stackFits(side, cav, pike, arq, art)
}

// ---- movement costs (9, Terrain Table) ---------------------------------

/** MP to move from a to adjacent b for class cls (0 cav, 1 inf, 2 art); -1 impassable. Excludes the friendly-hex +1. */
export function stepCost(c: Ctx, a: number, d: number, cls: number): number {
  const b = c.grid.neighbors[a * 6 + d] as number
  if (b < 0) return -1
  const f = c.feat[a * 6 + d] as number
  if ((f & HS_CANAL) && !(f & HS_BRIDGE) && cls === 2) return -1 // 9: artillery never crosses the canal except at a bridge
  if (f & HS_ROAD) return TERRAIN.roadMove // along the road: the road's cost, bridges included
  let cost = c.terrainRows[c.terrain[b] as number]?.move[cls] ?? 1
  if ((f & HS_CANAL) && !(f & HS_BRIDGE)) cost += TERRAIN.hexsides.canal.move
  if (f & 2) cost += TERRAIN.hexsides.ditch.move
  if (f & 4) cost += TERRAIN.hexsides.fortification.move
  if ((c.elev[b] as number) > (c.elev[a] as number)) cost += TERRAIN.climb
  return cost
}

/** Disorder for entering b from a (9.1): 0 none, 1 test, 2 automatic (worst of hex and hexside). a < 0: entering from off the map. */
export function terrainDisorder(c: Ctx, a: number, b: number, cls: number): number {
  let worst = c.terrainRows[c.terrain[b] as number]?.disorder[cls] ?? 0
  if (a >= 0) {
    let d = -1
    for (let k = 0; k < 6; k++) if (c.grid.neighbors[a * 6 + k] === b) d = k
    if (d >= 0) {
      const f = c.feat[a * 6 + d] as number
      if (f & HS_ROAD) return 0
      if ((f & HS_CANAL) && !(f & HS_BRIDGE)) worst = Math.max(worst, TERRAIN.hexsides.canal.disorder[cls] as number)
      if (f & 2) worst = Math.max(worst, TERRAIN.hexsides.ditch.disorder[cls] as number)
      if (f & 4) worst = Math.max(worst, TERRAIN.hexsides.fortification.disorder[cls] as number)
    }
  } else if (c.road[b]) return 0
  return worst
}

// ---- morale ---------------------------------------------------------------

/** French corps morale <= 0 and not nullified by a heroic commander (7.2, 8.3). */
export function demoralised(c: Ctx, s: MState, w: number): boolean {
  if (w < 0 || c.wSide[w] !== FRENCH) return false
  if ((s.mor[w] as number) > 0) return false
  return (heroicMask(c, s) & (1 << w)) === 0
}

/** Corps whose demoralisation is nullified by Francois 1st / Bayard (7.2): one corps each, lowest index first. */
export function heroicMask(c: Ctx, s: MState): number {
  sync(c, s)
  let mask = 0
  for (let l = 0; l < c.nL; l++) {
    const her = c.lHeroic[l] as number
    if (!her || (s.lst[l] !== L_OK && s.lst[l] !== L_INJ)) continue
    const h = s.lhex[l] as number
    if (h < 0 || !adjacentEnemy(c, c.lSide[l] as number, h)) continue
    for (let w = 0; w < c.nW; w++) {
      if (mask & (1 << w) || c.wSide[w] !== FRENCH || (s.mor[w] as number) > 0) continue
      if (her === 2 && !c.wAllCav[w]) continue
      let stacked = false
      for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) if (c.uCorps[v] === w) stacked = true
      if (!stacked) continue
      mask |= 1 << w
      break
    }
  }
  return mask
}

export function demoralisedFrench(c: Ctx, s: MState): number {
  let n = 0
  const hm = heroicMask(c, s)
  for (let w = 0; w < c.nW; w++) if (c.wSide[w] === FRENCH && (s.mor[w] as number) <= 0 && !(hm & (1 << w))) n++
  return n
}

export function unitMorale(c: Ctx, s: MState, u: number): number {
  return T(c, s, u).morale + (demoralised(c, s, c.uCorps[u] as number) ? MODIFIERS.demoralisedMorale : 0)
}

/** 0.2: 2d6 <= morale + modifier passes. */
export function moraleTest(c: Ctx, s: MState, u: number, mod: number, why: string, ev: Events): boolean {
  const m = unitMorale(c, s, u)
  const id = c.unitIds[u] as string
  const a = roll(s.dice, 6, 1, `${why}: ${id}`, ev)
  const b = roll(s.dice, 6, 1, `${why}: ${id}`, ev)
  const passed = a + b <= m + mod
  if (ev) ev.push({ type: 'test', unit: id, morale: m, mod, roll: a + b, passed, why })
  return passed
}

export function corpsName(c: Ctx, side: number, w: number): string {
  return side === SWISS ? 'swiss-army' : (c.corpsIds[w] ?? '?')
}

/** Adds delta to the morale of unit u's corps (French) or the Swiss army. */
export function moraleDelta(c: Ctx, s: MState, side: number, w: number, delta: number, why: string, ev: Events): void {
  if (delta === 0) return
  if (side === SWISS) {
    s.army += delta
    if (ev) ev.push({ type: 'morale', corps: 'swiss-army', delta, to: s.army, why })
    return
  }
  if (w < 0) return
  const before = s.mor[w] as number
  s.mor[w] = Math.max(0, before + delta)
  if (ev) {
    ev.push({ type: 'morale', corps: c.corpsIds[w] as string, delta, to: s.mor[w] as number, why })
    if (before > 0 && (s.mor[w] as number) <= 0) ev.push({ type: 'demoralised', corps: c.corpsIds[w] as string, on: true })
    if (before <= 0 && (s.mor[w] as number) > 0) ev.push({ type: 'demoralised', corps: c.corpsIds[w] as string, on: false })
  }
}

// ---- status changes (10) -----------------------------------------------------

function setStatus(c: Ctx, s: MState, u: number, to: number, why: string, ev: Events): void {
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

export function leaderRange(c: Ctx, s: MState, l: number): number {
  let r = c.lRange[l] as number
  if (s.lst[l] === L_INJ) r += INJURY.range
  if (c.night[s.turn]) r -= 1 // 14.1 night turns
  return Math.max(0, r)
}
export function leaderMove(c: Ctx, s: MState, l: number): number {
  return Math.max(1, (c.lMove[l] as number) + (s.lst[l] === L_INJ ? INJURY.move : 0))
}
export function leaderMelee(c: Ctx, s: MState, l: number): number {
  return Math.max(0, (c.lMelee[l] as number) + (s.lst[l] === L_INJ && c.lMelee[l] ? INJURY.bonus : 0))
}
export function leaderFire(c: Ctx, s: MState, l: number): number {
  return Math.max(0, (c.lFire[l] as number) + (s.lst[l] === L_INJ && c.lFire[l] ? INJURY.bonus : 0))
}
export const leaderActive = (s: MState, l: number): boolean => s.lst[l] === L_OK || s.lst[l] === L_INJ

/** 12.5: injury roll for commander l in a hex that took an elimination. */
export function injuryRoll(c: Ctx, s: MState, l: number, allGone: boolean, ev: Events): void {
  const die = roll(s.dice, 6, 1, `injury of ${c.leaderIds[l]}`, ev) + (allGone ? 2 : 0)
  if (die < 6) return
  if (s.lst[l] === L_OK) {
    s.lst[l] = L_INJ
    if (ev) ev.push({ type: 'leader-injured', leader: c.leaderIds[l] as string })
    return
  }
  killLeader(c, s, l, ev)
}

/** 7.1: death of a commander. Returns nothing; successors are queued by the caller's flow. */
export function killLeader(c: Ctx, s: MState, l: number, ev: Events): void {
  const side = c.lSide[l] as number
  if (ev) ev.push({ type: 'leader-killed', leader: c.leaderIds[l] as string })
  const w = c.lCorps[l] as number
  if (side === SWISS) {
    s.lst[l] = L_REPL // keeps his hex: the replacement appears near it
    moraleDelta(c, s, SWISS, -1, -2, `death of ${c.leaderIds[l]}`, ev)
    return
  }
  s.lst[l] = L_DEAD
  s.lhex[l] = -1
  if (c.lKing[l]) return // victory is checked by the flow
  // 8.2: -2 to each corps he commanded; the Constable's death costs every corps one more
  for (let k = 0; k < c.nW; k++) if (s.cmd[k] === l) moraleDelta(c, s, FRENCH, k, -2, `death of ${c.leaderIds[l]}`, ev)
  if (c.lConstable[l]) for (let k = 0; k < c.nW; k++) if (c.wSide[k] === FRENCH) moraleDelta(c, s, FRENCH, k, -1, 'death of the Constable of Bourbon', ev)
  void w
}

/** 6.1: BFS chain of command from commander l; writes distances into c.bfs (-1 unreached). */
export function commandReach(c: Ctx, s: MState, l: number, range: number): void {
  sync(c, s)
  const side = c.lSide[l] as number
  c.bfs.fill(-1)
  const start = s.lhex[l] as number
  if (start < 0) return
  let qh = 0
  let qt = 0
  c.bfs[start] = 0
  c.bfsQ[qt++] = start
  while (qh < qt) {
    const h = c.bfsQ[qh++] as number
    const d = c.bfs[h] as number
    if (d >= range) continue
    // 4.3/6.1: the chain may not go on from an enemy-ZOC hex without a friendly unit (the start hex excepted)
    if (h !== start && inEnemyZoc(c, side, h) && occ(c, side, h) === 0) continue
    for (let k = 0; k < 6; k++) {
      const n = c.grid.neighbors[h * 6 + k] as number
      if (n < 0 || (c.bfs[n] as number) >= 0) continue
      if (occ(c, 1 - side, n) > 0) continue
      if (inEnemyZoc(c, side, n) && occ(c, side, n) === 0) {
        // may be reached (a unit standing there is in command) but not passed through
        c.bfs[n] = d + 1
        continue
      }
      c.bfs[n] = d + 1
      c.bfsQ[qt++] = n
    }
  }
}

/** Hex of the nearest friendly combat unit to h (ties: lowest hex index), or -1. */
export function nearestFriendly(c: Ctx, s: MState, side: number, h: number, corps = -1): number {
  let best = -1
  let bd = 1e9
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== side || !onMap(s, u) || s.st[u] === S_ROUT) continue
    if (corps >= 0 && c.uCorps[u] !== corps) continue
    const x = s.hex[u] as number
    const d = h >= 0 ? (c.grid.dist[h * c.size + x] as number) : 0
    if (d < bd || (d === bd && x < best)) {
      bd = d
      best = x
    }
  }
  return best
}

/** 12.5: a commander left without friendly units in his hex next to (or under) the enemy is repositioned to the nearest friendly unit. */
export function fixLeaders(c: Ctx, s: MState, ev: Events): void {
  sync(c, s)
  for (let l = 0; l < c.nL; l++) {
    if (!leaderActive(s, l)) continue
    const h = s.lhex[l] as number
    if (h < 0) continue
    const side = c.lSide[l] as number
    if (occ(c, side, h) > 0) continue
    if (occ(c, 1 - side, h) === 0 && !adjacentEnemy(c, side, h)) continue
    const to = nearestFriendly(c, s, side, h)
    if (to < 0 || to === h) continue
    s.lhex[l] = to
    if (ev) ev.push({ type: 'leader-moved', leader: c.leaderIds[l] as string, to: lbl(c, to) })
  }
}

export const facingName = (f: number): string => SIDE_NAMES[f] as string
export { L_DEAD, L_OK, L_INJ }
