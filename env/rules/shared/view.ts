// The scaffolding of a ruleset's view.ts that does not depend on its rules: named observation channels,
// the ASCII map's frame and facing arrows, and the entity columns every ruleset writes alike.

import type { HexGrid } from '../../hex/grid.ts'
import { staggeredAscii } from './ascii.ts'

/** Index of each named channel, checked at load so a renamed channel fails loudly. */
export function channelIndex<K extends string>(ruleset: string, list: readonly string[], keys: readonly K[]): Readonly<Record<K, number>> {
  const out = {} as Record<K, number>
  for (const k of keys) {
    const i = list.indexOf(k)
    if (i < 0) throw new Error(`${ruleset} obs: no channel ${k}`)
    out[k] = i
  }
  return out
}

/** Facing arrows of the ASCII maps, one per vertex (NE, E, SE, SW, W, NW). */
export const FACE_CH = ['↗', '→', '↘', '↙', '←', '↖'] as const

/** An ASCII map: a header line, a row per map row of 7-character cells (odd columns lower), a legend. */
export function asciiMap(header: string, grid: HexGrid, cell: (h: number) => string, legend: string): string {
  const lines = [header, ...staggeredAscii(grid, cell, 7), legend]
  return lines.filter((l) => l.length > 0).join('\n')
}

/** The entity columns common to every ruleset's observation. */
export interface EntityColumns {
  readonly present: number
  readonly own: number
  readonly enemy: number
  readonly col: number
  readonly row: number
}

/** An entity row's presence and side. */
export function writeEntitySide(en: Float32Array, row: number, E: EntityColumns, mine: boolean): void {
  en[row + E.present] = 1
  en[row + (mine ? E.own : E.enemy)] = 1
}

/** An entity row's map position, column and row scaled to 0..1. */
export function writeEntityHex(en: Float32Array, row: number, E: EntityColumns, g: HexGrid, h: number): void {
  en[row + E.col] = (h % g.cols) / Math.max(1, g.cols - 1)
  en[row + E.row] = ((h / g.cols) | 0) / Math.max(1, g.rows - 1)
}
