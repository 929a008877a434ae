// The flat, segmented action space shared by every ruleset:
//   [ CHOICE (fixed verbs) | WING (one per wing) | UNIT (units then leaders) | HEX (row-major) ]
// Every id has a canonical text: choice:pass, wing:L, unit:F-G1, hex:1012.

import type { HexGrid } from '../hex/grid.ts'
import { hexOfLabel } from '../hex/grid.ts'
import { err, fail, ok, type Result } from './types.ts'

export const SEGMENTS = ['choice', 'wing', 'unit', 'hex'] as const
export type Segment = (typeof SEGMENTS)[number]

export interface ActionLayout {
  readonly size: number
  readonly choices: readonly string[]
  readonly wings: readonly string[]
  /** Unit ids then leader ids, scenario order. */
  readonly units: readonly string[]
  readonly hexes: readonly string[]
  /** First id of each segment. */
  readonly offset: { readonly choice: number; readonly wing: number; readonly unit: number; readonly hex: number }
}

export function makeLayout(choices: readonly string[], wings: readonly string[], units: readonly string[], grid: HexGrid): ActionLayout {
  const choice = 0
  const wing = choices.length
  const unit = wing + wings.length
  const hex = unit + units.length
  return { size: hex + grid.size, choices, wings, units, hexes: grid.labels, offset: { choice, wing, unit, hex } }
}

export function segmentOf(l: ActionLayout, id: number): { segment: Segment; index: number } | null {
  if (!Number.isInteger(id) || id < 0 || id >= l.size) return null
  if (id < l.offset.wing) return { segment: 'choice', index: id }
  if (id < l.offset.unit) return { segment: 'wing', index: id - l.offset.wing }
  if (id < l.offset.hex) return { segment: 'unit', index: id - l.offset.unit }
  return { segment: 'hex', index: id - l.offset.hex }
}

export function actionText(l: ActionLayout, id: number): string {
  const s = segmentOf(l, id)
  if (!s) return `invalid:${id}`
  const names = s.segment === 'choice' ? l.choices : s.segment === 'wing' ? l.wings : s.segment === 'unit' ? l.units : l.hexes
  return `${s.segment}:${names[s.index]}`
}

/** Parses a canonical text (or a bare number) into an action id. */
export function parseAction(l: ActionLayout, grid: HexGrid, text: string): Result<number> {
  const t = text.trim()
  if (/^\d+$/.test(t)) {
    const id = Number(t)
    return id < l.size ? ok(id) : fail(err('ACTION_OUT_OF_RANGE', `action id ${id} is outside 0..${l.size - 1}`))
  }
  const m = /^(choice|wing|unit|hex):(.+)$/.exec(t)
  if (!m) return fail(err('ACTION_TEXT_UNKNOWN', `"${text}" is not an action text (expected choice:X, wing:X, unit:X or hex:CCRR)`))
  const seg = m[1] as Segment
  const name = m[2] as string
  if (seg === 'hex') {
    const h = hexOfLabel(grid, name)
    return h < 0 ? fail(err('ACTION_TEXT_UNKNOWN', `hex ${name} is not on the ${grid.cols}x${grid.rows} map`)) : ok(l.offset.hex + h)
  }
  const names = seg === 'choice' ? l.choices : seg === 'wing' ? l.wings : l.units
  const i = names.indexOf(name)
  if (i < 0) return fail(err('ACTION_TEXT_UNKNOWN', `unknown ${seg} "${name}" (known: ${names.join(', ')})`))
  return ok(l.offset[seg] + i)
}
