// Path searches over integer hex indices (env/hex/grid.ts) for retreats, routs and
// withdrawals. The ruleset supplies the rule as a small object (preallocate it
// and set its fields before a call: no closure per step), these functions walk
// the grid. Scratch arrays are the caller's, sized grid.size (queues: 8 × size).

import type { HexGrid } from '../../hex/grid.ts'

/** Scores one step from `from` across side d into neighbour `to`: lower is better, negative = not allowed. */
export interface StepScore {
  score(from: number, d: number, to: number): number
}

/** The allowed neighbour of h with the lowest score (ties: the lowest side index, N NE SE S SW NW); -1 none. */
export function bestStep(grid: HexGrid, h: number, rule: StepScore): number {
  const nb = grid.neighbors
  let pick = -1
  let pickScore = Infinity
  for (let d = 0; d < 6; d++) {
    const x = nb[h * 6 + d]!
    if (x < 0) continue
    const sc = rule.score(h, d, x)
    if (sc < 0 || sc >= pickScore) continue
    pickScore = sc
    pick = x
  }
  return pick
}

/**
 * Writes the allowed neighbours of h that share the lowest score into out, in side order; returns
 * how many. A rule's priorities go into the score; what they leave tied is the player's choice
 * (a `rout-hex` decision when more than one, a forced step when one, blocked when none).
 */
export function tiedBestSteps(grid: HexGrid, h: number, rule: StepScore, out: Int32Array): number {
  const nb = grid.neighbors
  let c = 0
  let best = Infinity
  for (let d = 0; d < 6; d++) {
    const x = nb[h * 6 + d]!
    if (x < 0) continue
    const sc = rule.score(h, d, x)
    if (sc < 0 || sc > best) continue
    if (sc < best) {
      best = sc
      c = 0
    }
    out[c++] = x
  }
  return c
}

/** Writes the allowed neighbours of h (score ≥ 0) into out in side order; returns how many (for a player's choice among them). */
export function allowedSteps(grid: HexGrid, h: number, rule: StepScore, out: Int32Array): number {
  const nb = grid.neighbors
  let c = 0
  for (let d = 0; d < 6; d++) {
    const x = nb[h * 6 + d]!
    if (x >= 0 && rule.score(h, d, x) >= 0) out[c++] = x
  }
  return c
}

/** The cost of one step (movement points), negative = cannot be entered. */
export interface StepCost {
  cost(from: number, d: number, to: number): number
}

/**
 * Movement reach: best[x] = the most points left on arriving at x from `start` with `budget`
 * points, -1 when x cannot be reached (best[start] = budget). Costs are paid in full (no
 * "minimum move" exception). `queue` needs room for 8 × grid.size entries.
 */
export function reach(grid: HexGrid, start: number, budget: number, rule: StepCost, best: Int16Array, queue: Int32Array): void {
  best.fill(-1)
  best[start] = budget
  let qh = 0
  let qt = 0
  queue[qt++] = start
  const nb = grid.neighbors
  while (qh < qt) {
    const a = queue[qh++]!
    const left = best[a]!
    for (let d = 0; d < 6; d++) {
      const x = nb[a * 6 + d]!
      if (x < 0) continue
      const c = rule.cost(a, d, x)
      if (c < 0 || c > left) continue
      const rem = left - c
      if (rem > best[x]! && qt < queue.length) {
        best[x] = rem
        queue[qt++] = x
      }
    }
  }
}

/** Costs of a faced unit's moves (a unit facing a hexside or vertex 0..5): negative = not allowed. */
export interface FacedCost {
  /** Moving from `from` across side d into `to` while facing f (the facing is kept). */
  move(from: number, f: number, d: number, to: number): number
  /** Changing facing from f to g in place. */
  turn(from: number, f: number, g: number): number
}

/**
 * Movement reach of a faced unit: best[h * 6 + f] = the most points left on standing in h
 * facing f, -1 when not reachable (best[start * 6 + face] = budget). Moves keep the facing;
 * turns change it in place; which moves and turns are allowed and what they cost is the rule's.
 * `best` has 6 × grid.size entries, `queue` room for 6 × 8 × grid.size.
 */
export function reachFaced(grid: HexGrid, start: number, face: number, budget: number, rule: FacedCost, best: Int16Array, queue: Int32Array): void {
  best.fill(-1)
  best[start * 6 + face] = budget
  let qh = 0
  let qt = 0
  queue[qt++] = start * 6 + face
  const nb = grid.neighbors
  while (qh < qt) {
    const st = queue[qh++]!
    const a = (st / 6) | 0
    const f = st - a * 6
    const left = best[st]!
    for (let d = 0; d < 6; d++) {
      const x = nb[a * 6 + d]!
      if (x < 0) continue
      const c = rule.move(a, f, d, x)
      if (c < 0 || c > left) continue
      const k = x * 6 + f
      if (left - c > best[k]! && qt < queue.length) {
        best[k] = left - c
        queue[qt++] = k
      }
    }
    for (let g = 0; g < 6; g++) {
      if (g === f) continue
      const c = rule.turn(a, f, g)
      if (c < 0 || c > left) continue
      const k = a * 6 + g
      if (left - c > best[k]! && qt < queue.length) {
        best[k] = left - c
        queue[qt++] = k
      }
    }
  }
}

/** Which hexes are goals (e.g. a side's map edge). */
export interface HexTest {
  test(h: number): boolean
}

/** dist[h] = steps from h to the nearest goal hex (breadth-first, every hex passable), 255 when none. */
export function distanceToGoal(grid: HexGrid, goal: HexTest, dist: Uint8Array, queue: Int32Array): void {
  dist.fill(255)
  let qt = 0
  for (let h = 0; h < grid.size; h++) {
    if (goal.test(h)) {
      dist[h] = 0
      queue[qt++] = h
    }
  }
  const nb = grid.neighbors
  for (let qh = 0; qh < qt; qh++) {
    const a = queue[qh]!
    for (let d = 0; d < 6; d++) {
      const x = nb[a * 6 + d]!
      if (x >= 0 && dist[x] === 255) {
        dist[x] = dist[a]! + 1
        queue[qt++] = x
      }
    }
  }
}

/**
 * Routes toward a map edge by forward steps: out[h] = 1 + the fewest steps from h to a goal hex
 * (goalDist 0) crossing only the hexsides `fwd` (bit d set = side d: the edge's direction and
 * the two beside it, so every step brings the unit nearer the edge line by a whole or half a
 * hex, from a column of either parity), through hexes `passable` accepts (h included); 0 when
 * there is no such route. Only the hexes asked for are searched (`routeFrom`); call `clear`
 * first, once per position. A rout that must keep heading for its edge can then take any
 * neighbour x across a forward side with out[x] > 0, the most direct first, and is blocked only
 * when there is none — in either column parity (a half-hex sidestep is a forward step).
 */
export const forwardRoutes = {
  /** Forgets the last search (255 = not searched yet). */
  clear(out: Uint8Array): void {
    out.fill(255)
  },
  /** out[h] for h, searching what it needs. */
  routeFrom(grid: HexGrid, goalDist: ArrayLike<number>, fwd: number, passable: HexTest, out: Uint8Array, h: number): number {
    const known = out[h]!
    if (known !== 255) return known
    out[h] = 0 // in progress: never a route through itself (forward sides allow no cycle anyway)
    if (!passable.test(h)) return 0
    if (goalDist[h] === 0) return (out[h] = 1)
    let best = 0
    for (let d = 0; d < 6; d++) {
      if (!((fwd >> d) & 1)) continue
      const x = grid.neighbors[h * 6 + d]!
      if (x < 0) continue
      const r = forwardRoutes.routeFrom(grid, goalDist, fwd, passable, out, x)
      if (r > 0 && (best === 0 || r + 1 < best)) best = r + 1
    }
    return (out[h] = best)
  },
}
