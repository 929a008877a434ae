// Fast moves (rout, retire, evade, pursue): the maximum dice, +10 yds a die on the initial move only,
// unformed; the path is deterministic (each step strictly away from the enemy, or toward the pursued
// unit; ties toward the friendly edge, then the lower hex index: docs/rules/cfeo.md). Blocked retirers
// take 1 DP, blocked routers a casualty and surrender to enemy within 40 yds; routers off their own edge exit.

import { d6 } from '../../dice.ts'
import type { Ctx } from './context.ts'
import { addDp, casualties, destroy, dist, frontStands, nearestEnemyDist, place, rollMoveDice, type Scratch } from './core.ts'
import { canStepWith } from './move.ts'
import { type CfeoState, S_EXITED, S_RETIRING, S_ROUTING, STATUSES, U_FAST_AGAIN, U_MOVED } from './state.ts'
import { ARM_FOOT, ARM_GUN, ARM_HORSE, F_UNFORMED, FREE_HACK_FROM, MOVE, PIPS_PER_HEX, ROUT_SAFE_YARDS, withinHexes } from './tables.ts'

const dice: number[] = []

/** Pips of a fast move: maximum dice (foot 1 AvD + 1 D6, horse 2 AvD + 1 D6), +1 a die when initial. */
export function fastPips(c: Ctx, x: Scratch, s: CfeoState, u: number, why: string): number {
  const arm = c.uArm[u] as number
  const a = arm === ARM_HORSE ? 2 : 1
  const d = arm === ARM_GUN ? 0 : 1
  let pips = rollMoveDice(s, x, a, d, `${c.uId[u]} ${why}`, dice)
  const initial = ((s.uFl[u] as number) & U_FAST_AGAIN) === 0
  if (initial) pips += MOVE.fastPipsPerDie * (a + d)
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

function passable(c: Ctx, x: Scratch, u: number, h: number): boolean {
  if (h < 0 || c.impassable[h] || (x.occ[h] as number) >= 0) return false
  const arm = c.uArm[u] as number
  return !((arm === ARM_HORSE || arm === ARM_GUN) && c.closed[h] && !c.road[h])
}

/** Moves u away from hex `away` for `pips`. kind: 'retire' | 'rout' | 'evade'. Returns false if blocked at the start. */
export function fleeMove(c: Ctx, x: Scratch, s: CfeoState, u: number, away: number, kind: 'retire' | 'rout' | 'evade'): void {
  const side = c.uSide[u] as number
  const start = s.uHex[u] as number
  if (start < 0) return
  let mp = fastPips(c, x, s, u, kind)
  const rolledPips = mp
  s.uForm[u] = F_UNFORMED
  let h = start
  let moved = false
  const safe = withinHexes(ROUT_SAFE_YARDS)
  while (canStepWith(mp, PIPS_PER_HEX)) {
    if (kind === 'rout' && nearestEnemyDist(c, s, side, h) > safe) break
    let best = -1
    let bestKey = -1e9
    const d0 = away >= 0 ? dist(c, h, away) : 0
    for (let k = 0; k < 6; k++) {
      const nb = c.grid.neighbors[h * 6 + k] as number
      if (!passable(c, x, u, nb)) continue
      const dd = away >= 0 ? dist(c, nb, away) : 0
      if (away >= 0 && dd <= d0) continue
      const key = dd * 1000 + edgeProgress(c, side, nb) * 10 - nb / 10000
      if (key > bestKey) {
        bestKey = key
        best = nb
      }
    }
    if (best < 0) {
      if (kind === 'rout' && onOwnEdge(c, side, h)) {
        exit(c, x, s, u)
        return
      }
      break
    }
    place(c, x, s, u, best)
    h = best
    moved = true
    mp -= PIPS_PER_HEX
  }
  if (x.ev) x.ev.push({ type: 'fast-move', unit: c.uId[u] as string, how: kind, from: c.grid.labels[start] as string, to: c.grid.labels[h] as string, pips: rolledPips })
  if (!moved && canStepWith(mp + PIPS_PER_HEX, PIPS_PER_HEX) && !(kind === 'rout' && nearestEnemyDist(c, s, side, h) > safe)) blockedFlee(c, x, s, u, kind)
}

/** Units unable to retire: 1 DP; unable to rout: 1 casualty and surrender to enemy within 40 yds. */
function blockedFlee(c: Ctx, x: Scratch, s: CfeoState, u: number, kind: string): void {
  if (kind === 'rout') {
    casualties(c, x, s, u, 1, 'unable to rout')
    if ((s.uHex[u] as number) >= 0 && nearestEnemyDist(c, s, c.uSide[u] as number, s.uHex[u] as number) <= withinHexes(40)) destroy(c, x, s, u, 'surrendered (unable to rout)')
  } else addDp(c, x, s, u, 1, 'combat', `unable to ${kind}`)
}

function exit(c: Ctx, x: Scratch, s: CfeoState, u: number): void {
  const h = s.uHex[u] as number
  destroy(c, x, s, u, 'routed off the map')
  s.uStatus[u] = S_EXITED
  if (x.ev) x.ev.push({ type: 'status', unit: c.uId[u] as string, from: 'destroyed', to: STATUSES[S_EXITED] })
  void h
}

export function setStatus(c: Ctx, x: Scratch, s: CfeoState, u: number, st: number): void {
  if (s.uStatus[u] === st) return
  if (x.ev) x.ev.push({ type: 'status', unit: c.uId[u] as string, from: STATUSES[s.uStatus[u] as number] as string, to: STATUSES[st] as string })
  s.uStatus[u] = st
  if (st === S_RETIRING || st === S_ROUTING) s.uForm[u] = F_UNFORMED
}

/** Pursue: a fast move toward `target`; contact (adjacent) gives a free hack. Returns true if in contact. */
export function pursue(c: Ctx, x: Scratch, s: CfeoState, u: number, target: number): boolean {
  const start = s.uHex[u] as number
  if (start < 0) return false
  let mp = fastPips(c, x, s, u, 'pursues')
  const rolledPips = mp
  s.uForm[u] = F_UNFORMED
  let h = start
  const th = s.uHex[target] as number
  while (th >= 0 && dist(c, h, th) > 1 && canStepWith(mp, PIPS_PER_HEX)) {
    let best = -1
    let bd = dist(c, h, th)
    for (let k = 0; k < 6; k++) {
      const nb = c.grid.neighbors[h * 6 + k] as number
      if (!passable(c, x, u, nb)) continue
      const d = dist(c, nb, th)
      if (d < bd) {
        bd = d
        best = nb
      }
    }
    if (best < 0) break
    place(c, x, s, u, best)
    h = best
    mp -= PIPS_PER_HEX
  }
  if (x.ev) x.ev.push({ type: 'fast-move', unit: c.uId[u] as string, how: 'pursue', from: c.grid.labels[start] as string, to: c.grid.labels[h] as string, pips: rolledPips })
  return th >= 0 && (s.uHex[target] as number) >= 0 && dist(c, h, s.uHex[target] as number) === 1
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
