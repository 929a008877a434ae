import { describe, expect, it } from 'vitest'
import { hexOfLabel, makeGrid } from '../../env/hex/grid.ts'
import { allowedSteps, bestStep, distanceToGoal, forwardRoutes, reach, reachFaced, type FacedCost, type HexTest, type StepCost, type StepScore } from '../../env/rules/shared/paths.ts'

const g = makeGrid(6, 6)
const H = (l: string) => hexOfLabel(g, l)
const lab = (h: number) => (h < 0 ? '-' : g.labels[h])

/** Steps strictly farther from `away`, scored by a per-hex score (lower better), walls forbidden. */
class Away implements StepScore {
  away = 0
  wall = new Uint8Array(g.size)
  value = new Int32Array(g.size)
  score(from: number, _d: number, to: number): number {
    if (this.wall[to]) return -1
    if (g.dist[to * g.size + this.away]! <= g.dist[from * g.size + this.away]!) return -1
    return this.value[to]!
  }
}
class Cost implements StepCost {
  perHex = new Int32Array(g.size).fill(1)
  cost(_from: number, _d: number, to: number): number {
    return this.perHex[to]!
  }
}
/** Front-hex moves (sides f and f+1) at 1 MP; turning costs 2 MP a vertex, 4 for an about-face. */
class Faced implements FacedCost {
  move(_from: number, f: number, d: number, _to: number): number {
    return d === f || d === (f + 1) % 6 ? 1 : -1
  }
  turn(_from: number, f: number, g: number): number {
    const k = (g - f + 6) % 6
    const v = k > 3 ? 6 - k : k
    return v === 3 ? 4 : 2 * v
  }
}
class Set_ implements HexTest {
  constructor(readonly on: Uint8Array) {}
  test(h: number): boolean {
    return this.on[h] === 1
  }
}

describe('shared path search', () => {
  it('bestStep picks the lowest score; ties go to the lowest side (N NE SE S SW NW); -1 when nothing is allowed', () => {
    const rule = new Away()
    const h = H('0303')
    rule.away = H('0302') // the hex to the N: the three southern neighbours are farther
    const far: number[] = []
    for (let d = 0; d < 6; d++) {
      const x = g.neighbors[h * 6 + d]!
      if (g.dist[x * g.size + rule.away]! > 1) far.push(d)
    }
    expect(far).toEqual([2, 3, 4]) // SE S SW
    expect(lab(bestStep(g, h, rule))).toBe(lab(g.neighbors[h * 6 + 2]!)) // all score 0: SE (lowest side)
    rule.value[g.neighbors[h * 6 + 2]!] = 5
    rule.value[g.neighbors[h * 6 + 4]!] = 1
    expect(lab(bestStep(g, h, rule))).toBe(lab(g.neighbors[h * 6 + 3]!)) // S scores 0
    rule.wall[g.neighbors[h * 6 + 3]!] = 1
    expect(lab(bestStep(g, h, rule))).toBe(lab(g.neighbors[h * 6 + 4]!)) // SW (1) beats SE (5)
    rule.wall[g.neighbors[h * 6 + 2]!] = 1
    rule.wall[g.neighbors[h * 6 + 4]!] = 1
    expect(bestStep(g, h, rule)).toBe(-1)
  })
  it('allowedSteps lists every allowed neighbour in side order', () => {
    const rule = new Away()
    const h = H('0303')
    rule.away = H('0302')
    const out = new Int32Array(6)
    expect(allowedSteps(g, h, rule, out)).toBe(3)
    expect(Array.from(out.subarray(0, 3))).toEqual([2, 3, 4].map((d) => g.neighbors[h * 6 + d]!))
  })
  it('reach: points left on arrival, around an obstacle, within the budget', () => {
    const rule = new Cost()
    const best = new Int16Array(g.size)
    const queue = new Int32Array(g.size * 8)
    reach(g, H('0101'), 3, rule, best, queue)
    expect(best[H('0101')]).toBe(3)
    for (let h = 0; h < g.size; h++) {
      const d = g.dist[H('0101') * g.size + h]!
      expect(best[h]).toBe(d <= 3 ? 3 - d : -1)
    }
    // a wall hex (cost -1) and a costly hex change the way round
    rule.perHex[H('0102')] = -1
    rule.perHex[H('0201')] = 3
    reach(g, H('0101'), 3, rule, best, queue)
    expect(best[H('0102')]).toBe(-1)
    expect(best[H('0201')]).toBe(0)
    expect(best[H('0103')]).toBe(-1) // behind the wall: 0201 (3) leaves nothing, 0202 is 2 steps via 0201
  })
  it('reachFaced: moves keep the facing and only go where the rule allows; turns are paid', () => {
    const best = new Int16Array(g.size * 6)
    const queue = new Int32Array(g.size * 48)
    const h = H('0303')
    const V0 = 0 // facing vertex 0 (NE): front sides N and NE
    const V1 = 1 // vertex 1 (E): front sides NE and SE
    const V4 = 4 // vertex 4 (W): front sides SW and NW
    reachFaced(g, h, V0, 3, new Faced(), best, queue)
    expect(best[h * 6 + V0]).toBe(3)
    const north = g.neighbors[h * 6 + 0]!
    const ne = g.neighbors[h * 6 + 1]!
    const south = g.neighbors[h * 6 + 3]!
    expect(best[north * 6 + V0]).toBe(2)
    expect(best[ne * 6 + V0]).toBe(2)
    expect(best[h * 6 + V1]).toBe(1) // one vertex: 2 MP
    expect(best[h * 6 + 3]).toBe(-1) // about-face costs 4 > 3
    // the hex behind needs an about-face first: out of reach with 3 MP, in reach with 5
    for (let f = 0; f < 6; f++) expect(best[south * 6 + f]).toBe(-1)
    reachFaced(g, h, V0, 5, new Faced(), best, queue)
    expect(Math.max(...Array.from({ length: 6 }, (_, f) => best[south * 6 + f]!))).toBe(0)
    expect(best[south * 6 + 3]).toBe(0) // about-face (4) to vertex 3 (SW: front sides S and SW), then one hex S (1)
    expect(best[south * 6 + V4]).toBe(-1) // two vertices (4 MP) to vertex 4: S is not a front side there
  })
  it('distanceToGoal measures steps to the nearest goal hex', () => {
    const edge = new Uint8Array(g.size)
    for (let c = 0; c < g.cols; c++) edge[H(`0${c + 1}06`)] = 1 // bottom row
    const dist = new Uint8Array(g.size)
    distanceToGoal(g, new Set_(edge), dist, new Int32Array(g.size))
    expect(dist[H('0106')]).toBe(0)
    expect(dist[H('0101')]).toBe(5)
    expect(dist[H('0305')]).toBe(1)
  })
  it('forwardRoutes: the fewest forward steps to the edge through passable hexes, the same in both column parities', () => {
    const edge = new Uint8Array(g.size)
    for (let c = 0; c < g.cols; c++) edge[H(`0${c + 1}06`)] = 1
    const dist = new Uint8Array(g.size)
    distanceToGoal(g, new Set_(edge), dist, new Int32Array(g.size))
    const SOUTH = (1 << 2) | (1 << 3) | (1 << 4) // SE, S, SW
    const pass = new Uint8Array(g.size).fill(1)
    const out = new Uint8Array(g.size)
    const route = (label: string) => forwardRoutes.routeFrom(g, dist, SOUTH, new Set_(pass), out, H(label))
    forwardRoutes.clear(out)
    expect(route('0101')).toBe(6) // five steps S, plus one
    expect(route('0306')).toBe(1)
    // the hex straight ahead blocked: the half-hex sidestep still leads on, from either parity
    pass[H('0305')] = 0
    pass[H('0405')] = 0
    forwardRoutes.clear(out)
    expect(route('0304')).toBe(4) // 0304 (even 0-based column 2) -> SW 0204 -> 0205 -> 0206: three steps
    expect(route('0404')).toBe(3) // 0404 (odd column 3, half a hex lower) -> SE 0505 -> 0506: two steps
    // wall off row 5 entirely: nothing above it has a route, row 6 still does
    for (let c = 0; c < g.cols; c++) pass[H(`0${c + 1}05`)] = 0
    forwardRoutes.clear(out)
    expect(route('0304')).toBe(0)
    expect(route('0101')).toBe(0)
    expect(route('0306')).toBe(1)
    // an impassable start has no route
    pass[H('0306')] = 0
    forwardRoutes.clear(out)
    expect(route('0306')).toBe(0)
  })

})
