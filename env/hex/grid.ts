// Hex maths on a flat-topped, column-staggered wargame map.
//
// Hexes are integer indices, row-major: index = row * cols + col (0-based).
// Wargame labels are CCRR, 1-based: "1022" = column 10, row 22.
// Odd 0-based columns (labels 02, 04, ...) sit half a hex lower ("odd-q").
//
// Hexside directions (clockwise from the top):   0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW
// Vertex directions (vertex v lies between sides v and v+1):
//                                                0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW

export const SIDE_NAMES = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const
export const VERTEX_NAMES = ['NE', 'E', 'SE', 'SW', 'W', 'NW'] as const
export type SideName = (typeof SIDE_NAMES)[number]
export type VertexName = (typeof VERTEX_NAMES)[number]

/** Axial (q, r) steps for each hexside direction, flat-topped. */
const AXIAL_DIRS: readonly (readonly [number, number])[] = [
  [0, -1], // N
  [1, -1], // NE
  [1, 0], // SE
  [0, 1], // S
  [-1, 1], // SW
  [-1, 0], // NW
]

export const dirStep = (d: number): readonly [number, number] => AXIAL_DIRS[((d % 6) + 6) % 6] as readonly [number, number]
export const rot = (d: number, k: number): number => (((d + k) % 6) + 6) % 6

/** Immutable, precomputed grid context. */
export interface HexGrid {
  readonly cols: number
  readonly rows: number
  readonly size: number
  /** neighbors[h * 6 + d] = neighbour of h across side d, or -1 off the map. */
  readonly neighbors: Int32Array
  /** Axial coordinates of each hex. */
  readonly q: Int32Array
  readonly r: Int32Array
  /** dist[a * size + b], hex distance (Uint16). */
  readonly dist: Uint16Array
  readonly labels: readonly string[]
}

export function offsetToAxial(col: number, row: number): [number, number] {
  return [col, row - ((col - (col & 1)) >> 1)]
}

export function axialToOffset(q: number, r: number): [number, number] {
  return [q, r + ((q - (q & 1)) >> 1)]
}

export function axialDistance(q1: number, r1: number, q2: number, r2: number): number {
  const dq = q1 - q2
  const dr = r1 - r2
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2
}

export function labelOf(col: number, row: number, digits = 2): string {
  return String(col + 1).padStart(digits, '0') + String(row + 1).padStart(digits, '0')
}

export function makeGrid(cols: number, rows: number): HexGrid {
  if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1 || cols > 99 || rows > 99) {
    throw new RangeError(`grid size ${cols}x${rows} out of range 1..99`)
  }
  const size = cols * rows
  const q = new Int32Array(size)
  const r = new Int32Array(size)
  const labels: string[] = []
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const h = row * cols + col
      const [aq, ar] = offsetToAxial(col, row)
      q[h] = aq
      r[h] = ar
      labels.push(labelOf(col, row))
    }
  }
  const neighbors = new Int32Array(size * 6).fill(-1)
  for (let h = 0; h < size; h++) {
    for (let d = 0; d < 6; d++) {
      const [dq, dr] = dirStep(d)
      const [col, row] = axialToOffset((q[h] as number) + dq, (r[h] as number) + dr)
      if (col >= 0 && col < cols && row >= 0 && row < rows) neighbors[h * 6 + d] = row * cols + col
    }
  }
  const dist = new Uint16Array(size * size)
  for (let a = 0; a < size; a++) {
    for (let b = 0; b < size; b++) {
      dist[a * size + b] = axialDistance(q[a] as number, r[a] as number, q[b] as number, r[b] as number)
    }
  }
  return { cols, rows, size, neighbors, q, r, dist, labels }
}

export const colOf = (g: HexGrid, h: number): number => h % g.cols
export const rowOf = (g: HexGrid, h: number): number => (h / g.cols) | 0

/** Hex index of a CCRR label, or -1 if it is not a label of this grid. */
export function hexOfLabel(g: HexGrid, label: string): number {
  if (!/^\d{4}$/.test(label)) return -1
  const col = Number(label.slice(0, 2)) - 1
  const row = Number(label.slice(2, 4)) - 1
  if (col < 0 || col >= g.cols || row < 0 || row >= g.rows) return -1
  return row * g.cols + col
}

export const neighbor = (g: HexGrid, h: number, d: number): number => g.neighbors[h * 6 + rot(d, 0)] as number
export const distance = (g: HexGrid, a: number, b: number): number => g.dist[a * g.size + b] as number

/** Direction (0..5) from a to an adjacent hex b, or -1 if not adjacent. */
export function directionTo(g: HexGrid, a: number, b: number): number {
  for (let d = 0; d < 6; d++) if (g.neighbors[a * 6 + d] === b) return d
  return -1
}

// ---- facing -------------------------------------------------------------

/** PIWAM vertex facing f: the 2 front sides, 2 flank sides, 2 rear sides. */
export const vertexFrontSides = (f: number): [number, number] => [rot(f, 0), rot(f, 1)]
export const vertexFlankSides = (f: number): [number, number] => [rot(f, 2), rot(f, 5)]
export const vertexRearSides = (f: number): [number, number] => [rot(f, 3), rot(f, 4)]

/** Marignan hexside facing d: 3 front sides, 3 rear sides. */
export const sideFrontSides = (d: number): [number, number, number] => [rot(d, -1), rot(d, 0), rot(d, 1)]
export const sideRearSides = (d: number): [number, number, number] => [rot(d, 2), rot(d, 3), rot(d, 4)]

/** Which arc of a vertex-facing unit at `from` (facing f) an adjacent hex lies in. */
export function vertexArc(g: HexGrid, from: number, f: number, to: number): 'front' | 'flank' | 'rear' | null {
  const d = directionTo(g, from, to)
  if (d < 0) return null
  const k = rot(d, -f)
  return k === 0 || k === 1 ? 'front' : k === 2 || k === 5 ? 'flank' : 'rear'
}

/** Which arc of a hexside-facing unit (facing d) an adjacent hex lies in. */
export function sideArc(g: HexGrid, from: number, facing: number, to: number): 'front' | 'rear' | null {
  const d = directionTo(g, from, to)
  if (d < 0) return null
  const k = rot(d, -facing)
  return k === 0 || k === 1 || k === 5 ? 'front' : 'rear'
}

/** The 60° sector of hexes between sides f and f+1 of `from` (a vertex-facing
 *  unit's frontal cone), out to `range` hexes, nearest first. Excludes `from`. */
export function vertexCone(g: HexGrid, from: number, f: number, range: number): number[] {
  const [ad, bd] = vertexFrontSides(f)
  const [aq, ar] = dirStep(ad)
  const [bq, br] = dirStep(bd)
  const out: number[] = []
  const q0 = g.q[from] as number
  const r0 = g.r[from] as number
  for (let n = 1; n <= range; n++) {
    for (let a = n; a >= 0; a--) {
      const b = n - a
      const [col, row] = axialToOffset(q0 + a * aq + b * bq, r0 + a * ar + b * br)
      if (col >= 0 && col < g.cols && row >= 0 && row < g.rows) out.push(row * g.cols + col)
    }
  }
  return out
}

// ---- lines --------------------------------------------------------------

/** Hexes on the straight line from a to b, both included, in order (-1 where a
 *  nudged line along the map edge rounds off the map). Points
 *  exactly on a hex boundary are nudged the same way every time (deterministic);
 *  `nudge` = -1 nudges the other way (a line along hex edges is the pair). */
export function hexLine(g: HexGrid, a: number, b: number, nudge: 1 | -1 = 1): number[] {
  const n = distance(g, a, b)
  const out: number[] = [a]
  if (n === 0) return out
  const e = 1e-6 * nudge
  const aq = (g.q[a] as number) + e
  const ar = (g.r[a] as number) + e
  const as = -aq - ar
  const bq = (g.q[b] as number) + e
  const br = (g.r[b] as number) + e
  const bs = -bq - br
  for (let i = 1; i <= n; i++) {
    const t = i / n
    const [q, r] = cubeRound(aq + (bq - aq) * t, ar + (br - ar) * t, as + (bs - as) * t)
    const [col, row] = axialToOffset(q, r)
    out.push(col >= 0 && col < g.cols && row >= 0 && row < g.rows ? row * g.cols + col : -1)
  }
  return out
}

/** Rounds fractional cube coordinates to the nearest hex, as axial [q, r]. */
export function cubeRound(fq: number, fr: number, fs: number): [number, number] {
  let q = Math.round(fq)
  let r = Math.round(fr)
  const s = Math.round(fs)
  const dq = Math.abs(q - fq)
  const dr = Math.abs(r - fr)
  const ds = Math.abs(s - fs)
  if (dq > dr && dq > ds) q = -r - s
  else if (dr > ds) r = -q - s
  return [q, r]
}

/** Hexes strictly between a and b on the line (for line-of-sight checks). */
export function hexesBetween(g: HexGrid, a: number, b: number): number[] {
  const line = hexLine(g, a, b)
  return line.slice(1, -1)
}
