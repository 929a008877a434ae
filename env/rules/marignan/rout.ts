// 10 Rout: status changes on failed tests (ordered -> disordered -> routed ->
// eliminated), Swiss replacements (1.1), rout movement (10.1).

import { forwardRoutes } from '../shared/paths.ts'
import type { Ctx, TypeStats } from './context.ts'
import { moraleDelta, moraleTest } from './morale.ts'
import { occ, sync, touch } from './occupancy.ts'
import { stackLegal } from './stacking.ts'
import { type Events, FRENCH, K, LF_FOLLOW, LF_ISO, L_INJ, L_OK, RQ_CHOSEN, RQ_FOLLOW_ASKED, RQ_PHASE, RQ_PROLONGED, RW, F_CHARGE, F_HEDGE, type MState, STATUS, SWISS, S_DIS, S_ELIM, S_EXIT, S_ORD, S_ROUT, T, lbl, onMap } from './state.ts'
import { dirTo, stepCost } from './terrain.ts'
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
  queueRout(c, s, u)
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
  const h = s.hex[u] as number
  s.st[u] = exited ? S_EXIT : S_ELIM
  s.hex[u] = -1
  s.fl[u] = 0
  touch(c)
  if (ev) ev.push({ type: 'eliminated', unit: id, why })
  moraleDelta(c, s, side, c.uCorps[u] as number, -2, `${id} ${exited ? 'left the map' : 'eliminated'}`, ev) // 8.1, 8.2
  flagIsolated(c, s, side, h)
}

/** 12.5: commanders of `side` left in hex h without a friendly unit may be repositioned (those going along with a rout excepted). */
function flagIsolated(c: Ctx, s: MState, side: number, h: number): void {
  if (h < 0) return
  let any = false
  for (let l = 0; l < c.nL; l++) if (c.lSide[l] === side && s.lhex[l] === h && (s.lst[l] === L_OK || s.lst[l] === L_INJ)) any = true
  if (!any) return
  sync(c, s)
  if (occ(c, side, h) > 0) return
  for (let l = 0; l < c.nL; l++) {
    if (c.lSide[l] !== side || s.lhex[l] !== h || (s.lst[l] !== L_OK && s.lst[l] !== L_INJ)) continue
    if (!((s.lfl[l] as number) & LF_FOLLOW)) s.lfl[l] = (s.lfl[l] as number) | LF_ISO
  }
}

/** 12.5: the active commanders stacked with routing unit u who have not yet said whether they go along; returns how many. */
export function followCandidates(c: Ctx, s: MState, u: number, out: number[]): number {
  out.length = 0
  const side = c.uSide[u] as number
  const h = s.hex[u] as number
  for (let l = 0; l < c.nL; l++) {
    if (c.lSide[l] !== side || s.lhex[l] !== h || (s.lst[l] !== L_OK && s.lst[l] !== L_INJ)) continue
    if ((s.lfl[l] as number) & LF_FOLLOW) continue
    out.push(l)
  }
  return out.length
}

/** 12.5: commander l goes along with the head rout. */
export function follow(c: Ctx, s: MState, l: number, ev: Events): void {
  const u = s.rq[0] as number
  s.lfl[l] = ((s.lfl[l] as number) | LF_FOLLOW) & ~LF_ISO
  if (ev) ev.push({ type: 'leader-follows', leader: c.leaderIds[l] as string, unit: c.unitIds[u] as string })
  if (followCandidates(c, s, u, steps) === 0) s.rq[3] = (s.rq[3] as number) | RQ_FOLLOW_ASKED
}

/** 12.5: the commanders stacked with the head rout stay where they are. */
export function followDone(s: MState): void {
  s.rq[3] = (s.rq[3] as number) | RQ_FOLLOW_ASKED
}

// ---- 10.1 rout movement ------------------------------------------------------
// A rout is a record in s.rq (RW ints: unit, MP left, hexes moved, prolonged), queued when the
// unit routs and run before any other pending task (settle). "Each routed unit must head by the
// most direct path toward the friendly border": each step crosses one of the three hexsides
// facing its edge (S, SE, SW for the French; N, NE, NW for the Swiss), so it always gets nearer
// the border line, by a whole hex or by half a hex — in either column parity. Its priorities, in
// the text's order: never into enemy units nor an enemy ZOC without friends (4.2, the first
// priority), and only into a hex from which such steps still reach the edge (4.2: eliminated
// only "if all its retreat routes are blocked"); then the most direct (fewest steps left to the
// border along an open route); then the cheapest (10.1's second priority); when several still
// tie, the owner chooses (decision `rout-hex`). On an open map the most direct steps are exactly
// the hexes strictly nearer the edge; the sidestep matters where the straight way is shut.

/** Is h open to a routing unit of `side` (4.2): no enemy unit, and no enemy ZOC unless a friendly unit is there? */
const routePassable = {
  c: null as Ctx | null,
  side: 0,
  test(h: number): boolean {
    const c = this.c as Ctx
    if (occ(c, 1 - this.side, h) > 0) return false
    return !inEnemyZoc(c, this.side, h) || occ(c, this.side, h) > 0
  },
}

/** The hexsides facing each side's border (bit d = side d): Swiss N, NE, NW; French SE, S, SW. */
const FORWARD: readonly [number, number] = [(1 << 0) | (1 << 1) | (1 << 5), (1 << 2) | (1 << 3) | (1 << 4)]

/** Writes the legal next hexes of routing unit u into out (the most direct, then cheapest, open steps); returns how many, and their cost in routCost. */
export function routSteps(c: Ctx, s: MState, u: number, out: number[]): number {
  sync(c, s)
  out.length = 0
  const side = c.uSide[u] as number
  const ed = c.edgeDist[side] as Uint8Array
  const fwd = FORWARD[side] as number
  routePassable.c = c
  routePassable.side = side
  forwardRoutes.clear(c.routeOk)
  const h = s.hex[u] as number
  const cls = T(c, s, u).cls
  let bestLeft = 255
  let best = 99
  for (let k = 0; k < 6; k++) {
    if (!((fwd >> k) & 1)) continue
    const n = c.grid.neighbors[h * 6 + k] as number
    if (n < 0) continue
    const left = forwardRoutes.routeFrom(c.grid, ed, fwd, routePassable, c.routeOk, n)
    if (left === 0 || left > bestLeft) continue
    const cost = stepCost(c, h, k, cls)
    if (cost < 0) continue
    const total = cost + (occ(c, side, n) > 0 ? 1 : 0)
    if (left === bestLeft && total > best) continue
    if (left < bestLeft || total < best) out.length = 0
    bestLeft = left
    best = total
    out.push(n)
  }
  routePassable.c = null
  routCost = best
  return out.length
}
/** Cost of the steps routSteps returned last. */
export let routCost = 0

/** Queues the rout movement of u (10.1: at once, before anything else still pending); `bits` RQ_PHASE for the rout phase's. */
export function queueRout(c: Ctx, s: MState, u: number, bits = 0): void {
  s.rq.push(u, T(c, s, u).move[1], 0, bits)
}

/** Rout-phase records not yet started whose units are still routed on the map (10.1); writes their units into out. */
export function routOrderCandidates(s: MState, out: number[]): number {
  out.length = 0
  for (let i = 0; i < s.rq.length; i += RW) {
    const u = s.rq[i] as number
    const bits = s.rq[i + 3] as number
    if (bits & RQ_PHASE && !(bits & (RQ_CHOSEN | RQ_FOLLOW_ASKED)) && s.rq[i + 2] === 0 && onMap(s, u) && s.st[u] === S_ROUT) out.push(u)
  }
  return out.length
}

/** 10.1: the player names the routed unit whose rout movement comes next: its record goes to the head. */
export function chooseRoutNext(s: MState, u: number): void {
  for (let i = 0; i < s.rq.length; i += RW) {
    if (s.rq[i] !== u) continue
    const rec = s.rq.splice(i, RW)
    rec[3] = (rec[3] as number) | RQ_CHOSEN
    s.rq.unshift(...rec)
    return
  }
}

const steps: number[] = []
const segment: string[] = []

function endSegment(c: Ctx, u: number, ev: Events): void {
  if (ev && segment.length > 0) ev.push({ type: 'rout-move', unit: c.unitIds[u] as string, path: segment.slice() })
  segment.length = 0
}

function popRout(c: Ctx, s: MState): void {
  s.rq.splice(0, RW)
  // 12.5: the commanders who went along stop with it (a unit eliminated or gone off the map leaves them
  // where it last stood: "he is not eliminated by an impossibility of rout"; eliminate() flagged them)
  for (let l = 0; l < c.nL; l++) s.lfl[l] = (s.lfl[l] as number) & ~LF_FOLLOW
}

/** Runs the head rout until it ends (-1, popped) or its owner must choose the next hex (K['rout-hex']). */
export function processRout(c: Ctx, s: MState, ev: Events): number {
  const u = s.rq[0] as number
  const side = c.uSide[u] as number
  for (;;) {
    if (!onMap(s, u) || s.st[u] !== S_ROUT) {
      endSegment(c, u, ev)
      popRout(c, s)
      return -1
    }
    sync(c, s)
    const h = s.hex[u] as number
    const mp = s.rq[1] as number
    const moved = s.rq[2] as number
    if ((c.edgeDist[side] as Uint8Array)[h] === 0) {
      endSegment(c, u, ev)
      endWith(c, s, u, 'routed off the friendly edge', true, ev)
      return -1
    }
    // 10.1: at the start of the movement phase the player orders his routed units' movements
    if ((s.rq[3] as number) & RQ_PHASE && !((s.rq[3] as number) & (RQ_CHOSEN | RQ_FOLLOW_ASKED)) && moved === 0 && routOrderCandidates(s, steps) > 1) {
      endSegment(c, u, ev)
      return K['rout-order']
    }
    // 12.5: the commanders stacked with it say first whether they go along
    if (!((s.rq[3] as number) & RQ_FOLLOW_ASKED)) {
      if (followCandidates(c, s, u, steps) > 0) {
        endSegment(c, u, ev)
        return K['rout-follow']
      }
      s.rq[3] = (s.rq[3] as number) | RQ_FOLLOW_ASKED
    }
    if (mp <= 0 && moved > 0 && stackLegal(c, s, h)) break
    const n = routSteps(c, s, u, steps)
    if (n === 0) {
      endSegment(c, u, ev)
      endWith(c, s, u, 'rout movement blocked', false, ev) // 4.2, 10.1
      return -1
    }
    if (routCost > mp && moved > 0) {
      if (stackLegal(c, s, h)) break
      if ((s.rq[3] as number) & RQ_PROLONGED) {
        endSegment(c, u, ev)
        endWith(c, s, u, 'cannot stop overstacked', false, ev)
        return -1
      }
      s.rq[3] = (s.rq[3] as number) | RQ_PROLONGED // 10.1: movement prolonged by one hex to leave an overstacked hex
    }
    if (n > 1) {
      endSegment(c, u, ev)
      return K['rout-hex']
    }
    routStep(c, s, steps[0] as number, ev)
  }
  endSegment(c, u, ev)
  popRout(c, s)
  return -1
}

/** The head rout ends with the unit removed (off the edge, or blocked); its commanders stay on the map, free to be repositioned (12.5). */
function endWith(c: Ctx, s: MState, u: number, why: string, exited: boolean, ev: Events): void {
  // popped first: the commanders who went along are then flagged like any left without a unit (eliminate)
  popRout(c, s)
  eliminate(c, s, u, why, false, ev, exited)
}

/** The head rout enters hex x (one of routSteps); each friendly unit there tests its morale (10.1). */
export function routStep(c: Ctx, s: MState, x: number, ev: Events): void {
  const u = s.rq[0] as number
  const side = c.uSide[u] as number
  const h = s.hex[u] as number
  const cost = stepCost(c, h, dirTo(c, h, x), T(c, s, u).cls) + (occ(c, side, x) > 0 ? 1 : 0)
  s.hex[u] = x
  touch(c)
  sync(c, s)
  s.rq[1] = (s.rq[1] as number) - cost
  s.rq[2] = (s.rq[2] as number) + 1
  if (ev) segment.push(lbl(c, x))
  // 12.5: commanders going along move with it; one who stayed and has no unit left beside him may be repositioned
  for (let l = 0; l < c.nL; l++) {
    if (!((s.lfl[l] as number) & LF_FOLLOW) || s.lhex[l] !== h) continue
    s.lhex[l] = x
    if (ev) ev.push({ type: 'leader-moved', leader: c.leaderIds[l] as string, to: lbl(c, x) })
  }
  if (s.rq[2] === 1) flagIsolated(c, s, side, h) // its first step: the hex it leaves
  const list = c.scratchU
  let m = 0
  for (let v = c.head[x] as number; v >= 0; v = c.next[v] as number) if (v !== u && s.st[v] !== S_ROUT) list[m++] = v
  for (let i = 0; i < m; i++) {
    const v = list[i] as number
    if (onMap(s, v) && !moraleTest(c, s, v, 0, 'routed unit passes through', ev)) failed(c, s, v, 'rout-through', ev)
  }
}

