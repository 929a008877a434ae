// Unit displacement without player choice: placing a unit (and pushing a lone
// enemy commander aside), rout moves toward the line of communications,
// evading / exhausted cavalry moving away, and the one-hex retreat.
// Paths are deterministic (documented in docs/rules/mttsog.md).

import type { Ctx } from './context.ts'
import { canStep, dist, lbl, moveRate, nb, onMap } from './core.ts'
import { LF_REMOVED, S_EXIT, type Events, type MtState } from './state.ts'
import { removeUnit } from './morale.ts'

/** Moves unit u to hex h (occupancy kept in step). I) Commander 3): a lone enemy commander there goes to his closest friendly unit. */
export function placeUnit(c: Ctx, s: MtState, u: number, h: number, ev: Events): void {
  const from = s.hex[u] as number
  if (from >= 0 && c.occ[from] === u) c.occ[from] = -1
  s.hex[u] = h
  c.occ[h] = u
  const side = c.uSide[u]
  for (let l = 0; l < c.nL; l++) {
    if (s.lhex[l] !== h || c.lSide[l] === side || (s.lfl[l] as number) & LF_REMOVED) continue
    let best = -1
    let bd = 1 << 30
    for (let v = 0; v < c.nU; v++) {
      if (c.uSide[v] !== c.lSide[l] || !onMap(s, v)) continue
      const d = dist(c, h, s.hex[v] as number)
      if (d < bd) {
        bd = d
        best = v
      }
    }
    if (best >= 0) {
      s.lhex[l] = s.hex[best] as number
      ev?.push({ type: 'leader-moved', leader: c.leaderIds[l] as string, to: lbl(c, s.lhex[l] as number) })
    }
  }
}

export function takeOff(c: Ctx, s: MtState, u: number): void {
  const h = s.hex[u] as number
  if (h >= 0 && c.occ[h] === u) c.occ[h] = -1
  s.hex[u] = -1
}

/** Routed units "make a full move toward their Line of Communications" (the side's map edge, as the
 *  scenario sets it): each step to the free neighbour closest to the edge, avoiding hexes next to enemies
 *  when it can; a routed unit that reaches its edge with moves left leaves the map (counts as lost). */
export function routMove(c: Ctx, s: MtState, u: number, ev: Events): void {
  const side = c.uSide[u] as 0 | 1
  const ed = c.edgeDist[side]
  let mp = moveRate(c, s, u)
  const path: string[] | null = ev ? [] : null
  while (mp > 0) {
    const h = s.hex[u] as number
    if (ed[h] === 0) {
      ev?.push({ type: 'rout-move', unit: c.unitIds[u] as string, path: path ?? [] })
      removeUnit(c, s, u, S_EXIT, 'routed off its edge', ev)
      return
    }
    let best = -1
    let bestScore = 1 << 30
    for (let d = 0; d < 6; d++) {
      const n = nb(c, h, d)
      if (n < 0 || (c.occ[n] as number) >= 0 || !canStep(c, s, u, h, d)) continue
      if ((ed[n] as number) >= (ed[h] as number) + 1) continue
      let score = (ed[n] as number) * 16 + d
      if (enemyNear(c, side, n)) score += 8
      if (score < bestScore) {
        bestScore = score
        best = n
      }
    }
    if (best < 0) break
    placeUnit(c, s, u, best, ev)
    path?.push(lbl(c, best))
    mp--
  }
  ev?.push({ type: 'rout-move', unit: c.unitIds[u] as string, path: path ?? [] })
}

function enemyNear(c: Ctx, side: number, h: number): boolean {
  for (let d = 0; d < 6; d++) {
    const n = nb(c, h, d)
    if (n >= 0 && (c.occ[n] as number) >= 0 && c.uSide[c.occ[n] as number] !== side) return true
  }
  return false
}

/** Moves u up to `n` hexes away from hex `from` (evade: 4", exhausted cavalry: 4"): each step to the free
 *  neighbour that most increases the distance from `from`, and among those the one most nearly straight
 *  away from it ("back along the direction charged, or away from enemy"). Returns the path. */
export function moveAway(c: Ctx, s: MtState, u: number, from: number, n: number, ev: Events): string[] {
  const path: string[] = []
  const fx = c.px[from] as number
  const fy = c.py[from] as number
  for (let i = 0; i < n; i++) {
    const h = s.hex[u] as number
    const ax = (c.px[h] as number) - fx
    const ay = (c.py[h] as number) - fy
    let best = -1
    let bestScore = -Infinity
    const d0 = dist(c, h, from)
    for (let d = 0; d < 6; d++) {
      const nx = nb(c, h, d)
      if (nx < 0 || (c.occ[nx] as number) >= 0 || !canStep(c, s, u, h, d)) continue
      const dd = dist(c, nx, from)
      if (dd <= d0) continue
      const score = dd * 1000 + ((c.px[nx] as number) - (c.px[h] as number)) * ax + ((c.py[nx] as number) - (c.py[h] as number)) * ay
      if (score > bestScore + 1e-9) {
        bestScore = score
        best = nx
      }
    }
    if (best < 0) break
    placeUnit(c, s, u, best, ev)
    path.push(lbl(c, best))
  }
  return path
}
