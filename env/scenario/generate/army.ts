// Armies under a budget, their deployment, and the point-mirrored opponent.
// Every ruleset generator buys its wings from its own troop catalogue here,
// places them in its deployment zone and (for symmetric rulesets) mirrors them.

import { err, fail, ok, type Result } from '../../core/types.ts'
import { SIDE_NAMES, VERTEX_NAMES } from '../../hex/grid.ts'
import type { ScenarioLeader, ScenarioUnit, ScenarioWing } from '../types.ts'
import type { Board } from './board.ts'
import type { Rand } from './rand.ts'

/** One troop type a wing may buy: the ruleset's unit type, its points, its extra unit fields. */
export interface Troop {
  readonly type: string
  readonly name: string
  readonly cost: number
  /** Ruleset unit fields beyond id/side/wing/type/hex/facing (grade, stands, formation...). */
  readonly fields?: Readonly<Record<string, unknown>>
  /** At most this many of it in one wing. */
  readonly max?: number
}

/** A wing to buy: `count` units from `troops`, in the order given. */
export interface WingBuy {
  readonly troops: readonly Troop[]
  readonly count: number
}

const cheapest = (w: WingBuy): number => Math.min(...w.troops.map((t) => t.cost))

/** The cheapest army of this shape, in points. */
export const minimumCost = (wings: readonly WingBuy[]): number => wings.reduce((s, w) => s + cheapest(w) * w.count, 0)

/** Buys every wing slot by slot: each pick leaves enough points for the cheapest
 *  remaining slots, so an army always fits when minimumCost <= budget. */
export function buyArmy(rnd: Rand, wings: readonly WingBuy[], budget: number): Result<Troop[][]> {
  const least = minimumCost(wings)
  if (!(budget >= least)) {
    return fail(err('SCENARIO_INVALID', `budget ${budget}: no army fits (the cheapest army of this size costs ${least} points)`, 'budget'))
  }
  let left = budget
  let restMin = least
  const out: Troop[][] = []
  for (const w of wings) {
    const bought: Troop[] = []
    const floor = cheapest(w)
    for (let k = 0; k < w.count; k++) {
      restMin -= floor
      const fits = w.troops.filter((t) => t.cost <= left - restMin && (t.max === undefined || bought.filter((b) => b === t).length < t.max))
      const t = fits.length > 0 ? rnd.pick(fits) : (w.troops.find((x) => x.cost === floor) as Troop)
      bought.push(t)
      left -= t.cost
    }
    out.push(bought)
  }
  return ok(out)
}

/** Fisher-Yates on a copy. */
export function shuffled<T>(rnd: Rand, xs: readonly T[]): T[] {
  const a = xs.slice()
  for (let i = a.length - 1; i > 0; i--) {
    const j = rnd.int(0, i)
    ;[a[i], a[j]] = [a[j] as T, a[i] as T]
  }
  return a
}

/** Hexes for side 0's wings, deployed along the south edge: each wing gets a band of
 *  columns, its units fill the band's front row first, then the rows behind. */
export function deploySouth(board: Board, counts: readonly number[], depth: number, margin = 1): number[][] {
  const { cols, rows } = board.g
  const usable = cols - 2 * margin
  const band = Math.floor(usable / counts.length)
  const lead = margin + Math.floor((usable - band * counts.length) / 2)
  return counts.map((n, k) => {
    const need = Math.ceil(n / depth)
    const width = Math.min(band, Math.max(need, band - 1))
    const c0 = lead + k * band + Math.floor((band - width) / 2)
    const hexes: number[] = []
    for (let i = 0; i < n; i++) {
      const r = rows - depth + Math.floor(i / width)
      if (r >= rows) throw new Error(`deploySouth: ${n} units do not fit a ${width}x${depth} band`)
      hexes.push(board.at(c0 + (i % width), r))
    }
    return hexes
  })
}

/** deploySouth with the wings in a random left-to-right order: wing ids (and so the
 *  env's action layout) keep their order, only their places on the field change. */
export function deployInBands(rnd: Rand, board: Board, counts: readonly number[], depth: number, margin = 1): number[][] {
  const wingAt = shuffled(
    rnd,
    counts.map((_, k) => k),
  )
  const placed = deploySouth(
    board,
    wingAt.map((k) => counts[k] as number),
    depth,
    margin,
  )
  return counts.map((_, k) => placed[wingAt.indexOf(k)] as number[])
}

/** Facing names turned half round (a mirrored unit faces the other way). */
export function mirrorFacing(f: string): string {
  const v = (VERTEX_NAMES as readonly string[]).indexOf(f)
  const s = (SIDE_NAMES as readonly string[]).indexOf(f)
  // Vertex and side names share NE/SE/SW/NW; both turn by three steps in either list.
  return v >= 0 ? (VERTEX_NAMES[(v + 3) % 6] as string) : (SIDE_NAMES[(s + 3) % 6] as string)
}

/** Side 1's copy of side 0's wings, leaders and units: ids get `to` instead of
 *  the prefix `from`, hexes are mirrored, facings turned, names re-labelled. */
export function mirrorSide(
  board: Board,
  from: string,
  to: string,
  rename: (name: string) => string,
  parts: { wings: ScenarioWing[]; leaders: ScenarioLeader[]; units: ScenarioUnit[] },
): { wings: ScenarioWing[]; leaders: ScenarioLeader[]; units: ScenarioUnit[] } {
  const id = (x: string): string => (x.startsWith(from) ? to + x.slice(from.length) : x)
  const hex = (l: string): string => board.label(board.mirror(board.g.labels.indexOf(l)))
  const refs = ['wing', 'commander', 'attached', 'superior'] as const
  const copy = <T extends { id: string; side: 0 | 1; name?: string }>(x: T): T => {
    const o: Record<string, unknown> = { ...x, id: id(x.id), side: 1, ...(x.name !== undefined ? { name: rename(x.name) } : {}) }
    for (const k of refs) if (typeof o[k] === 'string') o[k] = id(o[k] as string)
    if (typeof o['hex'] === 'string') o['hex'] = hex(o['hex'] as string)
    if (typeof o['facing'] === 'string') o['facing'] = mirrorFacing(o['facing'] as string)
    const rep = o['replacement'] as { id: string; name: string } | undefined
    if (rep) o['replacement'] = { ...rep, id: id(rep.id), name: rename(rep.name) }
    return o as T
  }
  return { wings: parts.wings.map(copy), leaders: parts.leaders.map(copy), units: parts.units.map(copy) }
}
