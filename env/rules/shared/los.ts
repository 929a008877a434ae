// Line of sight over integer hex indices (env/hex/grid.ts). A ruleset says what
// blocks with a SightRule; this module walks the straight line between two hexes
// (cube-rounded, the same line every time) and caches it per pair, so a check in
// a hot path allocates nothing after the first time a pair is asked.

import { hexesBetween, type HexGrid } from '../../hex/grid.ts'

/** What blocks sight: called for each hex strictly between a and b, nearest a first. */
export interface SightRule {
  blocks(h: number, a: number, b: number): boolean
}

/** The hexes strictly between two hexes, cached per ordered pair. */
export class SightLines {
  readonly grid: HexGrid
  private readonly cache = new Map<number, Int32Array>()
  constructor(grid: HexGrid) {
    this.grid = grid
  }
  /** Hexes strictly between a and b on the line from a to b (empty when adjacent or equal). */
  between(a: number, b: number): Int32Array {
    const key = a * this.grid.size + b
    let line = this.cache.get(key)
    if (!line) {
      line = Int32Array.from(hexesBetween(this.grid, a, b))
      this.cache.set(key, line)
    }
    return line
  }
}

/** True when no hex strictly between a and b blocks under `rule` (a hex always sees its neighbours and itself). */
export function clearLine(lines: SightLines, a: number, b: number, rule: SightRule): boolean {
  const line = lines.between(a, b)
  for (let i = 0; i < line.length; i++) if (rule.blocks(line[i]!, a, b)) return false
  return true
}

/** The usual height rule: a hex strictly lower than both ends lies below the line and cannot block it. */
export function belowBothEnds(elev: ArrayLike<number>, h: number, a: number, b: number): boolean {
  const e = elev[a]! < elev[b]! ? elev[a]! : elev[b]!
  return elev[h]! < e
}
