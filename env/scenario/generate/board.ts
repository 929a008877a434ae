// The generated map: terrain, elevation, roads and hexside features, always
// painted in point-mirrored pairs (hex h and hex size-1-h, the 180-degree
// rotation about the map centre). With an even number of columns this is an
// exact rotation of the odd-q grid, so neither deployment zone sees a
// different field.

import { makeGrid, type HexGrid } from '../../hex/grid.ts'
import type { ScenarioMap } from '../types.ts'
import type { Rand } from './rand.ts'

const grids = new Map<string, HexGrid>()
/** Grids are immutable; the all-pairs distance table is built once per size. */
export function gridOf(cols: number, rows: number): HexGrid {
  const k = `${cols}x${rows}`
  let g = grids.get(k)
  if (!g) grids.set(k, (g = makeGrid(cols, rows)))
  return g
}

/** Side directions (grid.ts SIDE_NAMES order): N NE SE S SW NW. */
const S = 3
const SE = 2
const SW = 4

export class Board {
  readonly size: number
  readonly terrain: string[]
  readonly elev: Uint8Array
  /** Hexes no terrain feature may cover (the deployment zones). */
  readonly reserved: Uint8Array
  private readonly sides = new Map<string, { a: number; b: number; features: string[] }>()
  private readonly roads: number[][] = []

  constructor(
    readonly g: HexGrid,
    readonly base: string,
  ) {
    if (g.cols % 2 !== 0) throw new Error(`Board: point mirroring needs an even number of columns, got ${g.cols}`)
    this.size = g.size
    this.terrain = new Array<string>(g.size).fill(base)
    this.elev = new Uint8Array(g.size)
    this.reserved = new Uint8Array(g.size)
  }

  mirror(h: number): number {
    return this.size - 1 - h
  }
  col(h: number): number {
    return h % this.g.cols
  }
  row(h: number): number {
    return (h / this.g.cols) | 0
  }
  at(col: number, row: number): number {
    return row * this.g.cols + col
  }
  label(h: number): string {
    return this.g.labels[h] as string
  }

  /** Reserves rows [from, to] (0-based) and their mirror rows. */
  reserveRows(from: number, to: number): void {
    for (let r = from; r <= to; r++) for (let c = 0; c < this.g.cols; c++) this.reserved[this.at(c, r)] = this.reserved[this.mirror(this.at(c, r))] = 1
  }

  paint(h: number, id: string): void {
    this.terrain[h] = id
    this.terrain[this.mirror(h)] = id
  }

  /** Grows a patch of `n` hexes by random neighbour steps from a free hex. */
  patch(rnd: Rand, n: number, ok: (h: number) => boolean = (h) => this.reserved[h] === 0): number[] {
    const start = this.freeHex(rnd, ok)
    if (start < 0) return []
    const out = [start]
    for (let tries = 0; out.length < n && tries < n * 8; tries++) {
      const from = out[rnd.int(0, out.length - 1)] as number
      const nb = this.g.neighbors[from * 6 + rnd.int(0, 5)] as number
      if (nb >= 0 && ok(nb) && !out.includes(nb) && nb !== this.mirror(from)) out.push(nb)
    }
    return out
  }

  private freeHex(rnd: Rand, ok: (h: number) => boolean): number {
    for (let tries = 0; tries < 64; tries++) {
      const h = rnd.int(0, this.size - 1)
      if (ok(h)) return h
    }
    return -1
  }

  /** A terrain patch of `n` hexes (and its mirror). */
  blob(rnd: Rand, id: string, n: number): void {
    for (const h of this.patch(rnd, n, (x) => this.reserved[x] === 0 && this.terrain[x] === this.base)) this.paint(h, id)
  }

  /** Patches of terrain: for each [id, lo, hi, min, max], lo..hi (times `scale`) patches of min..max hexes. */
  scatter(rnd: Rand, scale: number, kinds: readonly (readonly [string, number, number, number, number])[]): void {
    for (const [id, lo, hi, min, max] of kinds) for (let i = rnd.int(lo, hi) * scale; i > 0; i--) this.blob(rnd, id, rnd.int(min, max))
  }

  /** A rise: a patch one level up, its core one more (up to `height`). Optionally painted as terrain `id`. */
  hill(rnd: Rand, n: number, height: number, id?: string): void {
    const hexes = this.patch(rnd, n, (x) => this.terrain[x] === this.base || this.terrain[x] === id)
    hexes.forEach((h, i) => {
      const up = i < Math.ceil(hexes.length / 3) ? height : 1
      this.elev[h] = this.elev[this.mirror(h)] = Math.max(this.elev[h] as number, up)
      if (id !== undefined && this.reserved[h] === 0) this.paint(h, id)
    })
  }

  /** A feature on the side between adjacent hexes a and b (and on the mirrored side). */
  side(a: number, b: number, feature: string): void {
    this.addSide(a, b, feature)
    this.addSide(this.mirror(a), this.mirror(b), feature)
  }

  private addSide(a: number, b: number, feature: string): void {
    const k = a < b ? `${a}-${b}` : `${b}-${a}`
    const e = this.sides.get(k) ?? { a: Math.min(a, b), b: Math.max(a, b), features: [] }
    if (!e.features.includes(feature)) e.features.push(feature)
    this.sides.set(k, e)
  }

  hasSide(a: number, b: number, feature: string): boolean {
    return this.sides.get(a < b ? `${a}-${b}` : `${b}-${a}`)?.features.includes(feature) ?? false
  }

  /** A line of hexside `feature` between rows `row` and `row + 1`, columns c0..c0+len-1. */
  line(row: number, c0: number, len: number, feature: string): void {
    const cols = this.g.cols
    for (let c = Math.max(0, c0); c < Math.min(cols, c0 + len); c++) {
      this.side(this.at(c, row), this.at(c, row + 1), feature)
      if (c + 1 >= Math.min(cols, c0 + len)) continue
      // Between two columns the line crosses one diagonal side (which one depends on the stagger).
      for (const [u, l] of [
        [this.at(c, row), this.at(c + 1, row + 1)],
        [this.at(c + 1, row), this.at(c, row + 1)],
      ] as const) {
        if (this.adjacent(u, l)) this.side(u, l, feature)
      }
    }
  }

  adjacent(a: number, b: number): boolean {
    for (let d = 0; d < 6; d++) if (this.g.neighbors[a * 6 + d] === b) return true
    return false
  }

  /** A road from the north edge to the south edge near column c0 (and its mirror road).
   *  `clear` replaces the terrain of road hexes that the road may not cross. */
  road(rnd: Rand, c0: number, clear: (id: string) => boolean): number[] {
    const path: number[] = [this.at(c0, 0)]
    let h = path[0] as number
    for (let steps = 0; this.row(h) < this.g.rows - 1 && steps < 4 * this.g.rows; steps++) {
      const c = this.col(h)
      const drift = c < c0 - 1 ? SE : c > c0 + 1 ? SW : rnd.chance(0.7) ? S : rnd.chance(0.5) ? SE : SW
      let nb = this.g.neighbors[h * 6 + drift] as number
      if (nb < 0 || this.row(nb) < this.row(h)) nb = this.g.neighbors[h * 6 + S] as number
      path.push((h = nb))
    }
    for (const x of path) if (clear(this.terrain[x] as string)) this.paint(x, this.base)
    this.roads.push(path, path.map((x) => this.mirror(x)).reverse())
    return path
  }

  /** Adds `feature` on every side a road crosses that carries `over` (a bridge over a stream). */
  bridges(over: string, feature: string): void {
    for (const path of this.roads) {
      for (let i = 1; i < path.length; i++) {
        const a = path[i - 1] as number
        const b = path[i] as number
        if (this.hasSide(a, b, over)) this.side(a, b, feature)
      }
    }
  }

  /** The scenario map; legend maps terrain id -> character. */
  toMap(legend: Readonly<Record<string, string>>, withElevation: boolean): ScenarioMap {
    const { cols, rows } = this.g
    const used = new Set(this.terrain)
    const chars: Record<string, string> = {}
    for (const [id, ch] of Object.entries(legend)) if (used.has(id)) chars[ch] = id
    const terrain: string[] = []
    const elevation: string[] = []
    for (let r = 0; r < rows; r++) {
      let t = ''
      let e = ''
      for (let c = 0; c < cols; c++) {
        t += legend[this.terrain[this.at(c, r)] as string]
        e += String(this.elev[this.at(c, r)])
      }
      terrain.push(t)
      elevation.push(e)
    }
    const hexsides = [...this.sides.values()]
      .sort((x, y) => x.a - y.a || x.b - y.b)
      .flatMap((s) => s.features.map((feature) => ({ hexes: [this.label(s.a), this.label(s.b)] as [string, string], feature })))
    return {
      cols,
      rows,
      legend: chars,
      terrain,
      ...(withElevation && this.elev.some((x) => x > 0) ? { elevation } : {}),
      ...(this.roads.length > 0 ? { roads: this.roads.map((p) => p.map((h) => this.label(h))) } : {}),
      ...(hexsides.length > 0 ? { hexsides } : {}),
    }
  }
}
