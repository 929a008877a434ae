// 6 Command and 7 commanders: chains of command, the command phase, commander
// ratings (injured, night), injuries and deaths, successors, repositioning (12.5).

import { roll } from '../../dice.ts'
import { type Ctx, HS_FORT } from './context.ts'
import { INJURY } from './tables.ts'
import { moraleDelta } from './morale.ts'
import { occ, sync } from './occupancy.ts'
import { type Events, FRENCH, F_OOC, LF_ISO, L_DEAD, L_INJ, L_OK, L_REPL, type MState, Q_SUCC, SWISS, lbl, onMap } from './state.ts'
import { inEnemyZoc } from './zoc.ts'

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

// ---- 12.5 "he can always be repositioned to the nearest friendly unit if he is isolated" ----------
// A commander is isolated when no friendly combat unit stands in his hex. His owner is asked
// (decision `reposition`) when a combat or a rout left him so (LF_ISO, set by eliminate and the
// rout), and must move him when enemy units stand in his hex (5: the armies never share a hex).

/** Writes into out the hexes holding the friendly combat units nearest to commander l (all tied ones); returns how many. */
export function repositionHexes(c: Ctx, s: MState, l: number, out: number[]): number {
  out.length = 0
  const side = c.lSide[l] as number
  const h = s.lhex[l] as number
  let bd = 1e9
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== side || !onMap(s, u)) continue
    const x = s.hex[u] as number
    if (x === h) continue
    const d = c.grid.dist[h * c.size + x] as number
    if (d > bd) continue
    if (d < bd) {
      bd = d
      out.length = 0
    }
    if (!out.includes(x)) out.push(x)
  }
  return out.length
}

/** Must commander l leave his hex (enemy units in it)? */
export const repositionForced = (c: Ctx, s: MState, l: number): boolean => occ(c, 1 - (c.lSide[l] as number), s.lhex[l] as number) > 0

/** The commander whose owner must now say where he goes (12.5), or -1. Pure: legal() and the view use it. */
export function repositionLeader(c: Ctx, s: MState): number {
  sync(c, s)
  for (let l = 0; l < c.nL; l++) {
    if (!leaderActive(s, l)) continue
    const h = s.lhex[l] as number
    if (h < 0) continue
    const side = c.lSide[l] as number
    const asked = ((s.lfl[l] as number) & LF_ISO) !== 0 && occ(c, side, h) === 0
    if ((asked || occ(c, 1 - side, h) > 0) && repositionHexes(c, s, l, scratchHexes) > 0) return l
  }
  return -1
}
const scratchHexes: number[] = []

/** Drops the reposition flags that no longer apply (a friendly unit came back to him, or none is left on the map). */
export function clearStaleIsolation(c: Ctx, s: MState): void {
  sync(c, s)
  for (let l = 0; l < c.nL; l++) {
    if (!((s.lfl[l] as number) & LF_ISO)) continue
    const h = s.lhex[l] as number
    if (!leaderActive(s, l) || h < 0 || occ(c, c.lSide[l] as number, h) > 0 || repositionHexes(c, s, l, scratchHexes) === 0) s.lfl[l] = (s.lfl[l] as number) & ~LF_ISO
  }
}

/** Applies the owner's answer: hex x (one of repositionHexes), or -1 to stay. */
export function reposition(c: Ctx, s: MState, l: number, x: number, ev: Events): void {
  s.lfl[l] = (s.lfl[l] as number) & ~LF_ISO
  if (x < 0) return
  s.lhex[l] = x
  if (ev) ev.push({ type: 'leader-moved', leader: c.leaderIds[l] as string, to: lbl(c, x) })
}

export function commandPhase(c: Ctx, s: MState, ev: Events): void {
  sync(c, s)
  const side = s.active
  // 8.1: the Swiss gain 2 once when no French unit stands next to the printed fortifications
  // (looked at as each Swiss player turn begins, from the first: the text sets no other moment)
  if (side === SWISS && !(s.flags & 1) && c.hasForts) {
    let near = false
    for (let h = 0; h < c.size && !near; h++) {
      if (occ(c, FRENCH, h) === 0) continue
      for (let k = 0; k < 6; k++) if ((c.feat[h * 6 + k] as number) & HS_FORT) near = true
    }
    if (!near) {
      s.flags |= 1
      moraleDelta(c, s, SWISS, -1, 2, 'no French unit at the fortifications', ev)
    }
  }
  for (let w = 0; w < c.nW; w++) {
    if (c.wSide[w] !== side) continue
    const l = s.cmd[w] as number
    const ok = l >= 0 && leaderActive(s, l) && (s.lhex[l] as number) >= 0
    if (ok) commandReach(c, s, l, leaderRange(c, s, l))
    for (let u = 0; u < c.nU; u++) {
      if (c.uCorps[u] !== w || !onMap(s, u)) continue
      const inCmd = ok && (c.bfs[s.hex[u] as number] as number) >= 0
      const was = ((s.fl[u] as number) & F_OOC) !== 0
      if (inCmd === !was) continue
      s.fl[u] = inCmd ? (s.fl[u] as number) & ~F_OOC : (s.fl[u] as number) | F_OOC
      if (ev) ev.push({ type: 'out-of-command', unit: c.unitIds[u] as string, on: !inCmd })
    }
  }
}

export function cmdHex(c: Ctx, s: MState, u: number): number {
  const w = c.uCorps[u] as number
  if (w < 0) return -1
  const l = s.cmd[w] as number
  return l >= 0 && leaderActive(s, l) ? (s.lhex[l] as number) : -1
}

export function afterDeath(c: Ctx, s: MState, l: number): void {
  if (c.lSide[l] !== FRENCH || c.lKing[l]) return
  for (let w = 0; w < c.nW; w++)
    if (s.cmd[w] === l) {
      s.cmd[w] = -1
      s.q.push(Q_SUCC, w, s.turn, 0, 0, 0) // the turn of the death
    }
}
