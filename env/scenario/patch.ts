// Scenario patches (the `patch` object of conformance fixtures, docs/fixtures.md):
// small edits applied to a scenario before it is bound. Pure: the input is not
// touched; the result is validated again like any scenario.

import { err, fail, type Result, type TercioError } from '../core/types.ts'
import { hexIndex, validateScenario } from './load.ts'
import type { Scenario } from './types.ts'

export const PATCH_KEYS = ['remove', 'units', 'leaders', 'wings', 'map', 'turns', 'victory'] as const
export const PATCH_MAP_KEYS = ['terrain', 'elevation', 'hexsides', 'roads'] as const

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const bad = (path: string, what: string): TercioError => err('SCENARIO_INVALID', `${path}: ${what}`, path)

/** Characters tried, in order, for a terrain id that has no legend character yet. */
const LEGEND_POOL = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#%&*+=?@^~'

/** Edits entries of `list` by id (fields set to null are deleted), or appends
 *  new entries. Errors name `patch.<key>[i]`. */
function editById(list: Obj[], edits: unknown, key: string): TercioError | null {
  if (!Array.isArray(edits)) return bad(`patch.${key}`, `expected an array of objects with an id, got ${JSON.stringify(edits)}`)
  for (let i = 0; i < edits.length; i++) {
    const e: unknown = edits[i]
    const p = `patch.${key}[${i}]`
    if (!isObj(e) || typeof e['id'] !== 'string') return bad(p, 'expected an object with a string "id"')
    const at = list.findIndex((x) => x['id'] === e['id'])
    const target: Obj = at >= 0 ? (list[at] as Obj) : {}
    for (const [k, v] of Object.entries(e)) {
      if (v === null) delete target[k]
      else target[k] = structuredClone(v)
    }
    if (at < 0) list.push(target)
  }
  return null
}

/** Applies `patch` to `s`; returns a new, validated scenario. */
export function patchScenario(s: Scenario, patch: unknown): Result<Scenario> {
  if (patch === undefined || patch === null) return validateScenario(s)
  if (!isObj(patch)) return fail(bad('patch', `expected an object, got ${JSON.stringify(patch)}`))
  for (const k of Object.keys(patch)) {
    if (!(PATCH_KEYS as readonly string[]).includes(k) && !k.startsWith('$')) return fail(bad(`patch.${k}`, `unknown patch field (allowed: ${PATCH_KEYS.join(', ')})`))
  }
  const out = structuredClone(s) as unknown as Obj & { units: Obj[]; leaders: Obj[]; wings: Obj[]; map: Obj }

  const remove = patch['remove']
  if (remove !== undefined) {
    if (!Array.isArray(remove)) return fail(bad('patch.remove', 'expected an array of unit or leader ids'))
    for (let i = 0; i < remove.length; i++) {
      const id: unknown = remove[i]
      const ui = out.units.findIndex((u) => u['id'] === id)
      const li = out.leaders.findIndex((l) => l['id'] === id)
      if (ui >= 0) out.units.splice(ui, 1)
      else if (li >= 0) {
        out.leaders.splice(li, 1)
        // A removed commander leaves his wing without one (what the rules call a lost leader).
        for (const w of out.wings) if (w['commander'] === id) delete w['commander']
      } else return fail(bad(`patch.remove[${i}]`, `no unit or leader with id ${JSON.stringify(id)}`))
    }
  }
  for (const key of ['wings', 'leaders', 'units'] as const) {
    if (patch[key] === undefined) continue
    const e = editById(out[key], patch[key], key)
    if (e) return fail(e)
  }
  if (patch['turns'] !== undefined) out['turns'] = patch['turns']
  if (patch['victory'] !== undefined) {
    if (!isObj(patch['victory'])) return fail(bad('patch.victory', 'expected an object'))
    out['victory'] = { ...(isObj(out['victory']) ? out['victory'] : {}), ...structuredClone(patch['victory']) }
  }

  const m = patch['map']
  if (m !== undefined) {
    const e = patchMap(out.map, m)
    if (e) return fail(e)
  }
  return validateScenario(out)
}

function patchMap(map: Obj, m: unknown): TercioError | null {
  if (!isObj(m)) return bad('patch.map', 'expected an object')
  for (const k of Object.keys(m)) {
    if (!(PATCH_MAP_KEYS as readonly string[]).includes(k)) return bad(`patch.map.${k}`, `unknown field (allowed: ${PATCH_MAP_KEYS.join(', ')})`)
  }
  const cols = map['cols']
  const rows = map['rows']
  if (typeof cols !== 'number' || typeof rows !== 'number' || !Array.isArray(map['terrain'])) return bad('map', 'the scenario being patched has no valid map')
  const hexAt = (label: string, p: string): { row: number; col: number } | TercioError => {
    const h = hexIndex(cols, rows, label)
    if (h < 0) return bad(p, `hex ${JSON.stringify(label)} is not on the ${cols}x${rows} map`)
    return { row: (h / cols) | 0, col: h % cols }
  }
  const setChar = (rowsArr: string[], row: number, col: number, ch: string): void => {
    const line = rowsArr[row] ?? ''
    rowsArr[row] = line.slice(0, col) + ch + line.slice(col + 1)
  }

  const terrain = m['terrain']
  if (terrain !== undefined) {
    if (!isObj(terrain)) return bad('patch.map.terrain', 'expected an object of hex label -> terrain id')
    const legend = (isObj(map['legend']) ? map['legend'] : {}) as Record<string, unknown>
    map['legend'] = legend
    const rowsArr = map['terrain'] as string[]
    for (const [label, id] of Object.entries(terrain)) {
      const p = `patch.map.terrain.${label}`
      const at = hexAt(label, p)
      if ('code' in at) return at
      if (typeof id !== 'string' || id.trim() === '') return bad(p, `expected a terrain id, got ${JSON.stringify(id)}`)
      let ch = Object.keys(legend).find((k) => legend[k] === id)
      if (ch === undefined) {
        // A new terrain id gets a fresh legend character: its initial if free, else the first free one.
        const pool = id[0] + LEGEND_POOL
        ch = [...pool].find((x) => !Object.hasOwn(legend, x))
        if (ch === undefined) return bad(p, 'no free legend character left')
        legend[ch] = id
      }
      setChar(rowsArr, at.row, at.col, ch)
    }
  }

  const elevation = m['elevation']
  if (elevation !== undefined) {
    if (!isObj(elevation)) return bad('patch.map.elevation', 'expected an object of hex label -> digit 0..9')
    const rowsArr = Array.isArray(map['elevation']) ? (map['elevation'] as string[]) : Array.from({ length: rows }, () => '0'.repeat(cols))
    map['elevation'] = rowsArr
    for (const [label, v] of Object.entries(elevation)) {
      const p = `patch.map.elevation.${label}`
      const at = hexAt(label, p)
      if ('code' in at) return at
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 9) return bad(p, `expected an integer 0..9, got ${JSON.stringify(v)}`)
      setChar(rowsArr, at.row, at.col, String(v))
    }
  }

  // hexsides and roads are appended (validation checks them).
  for (const k of ['hexsides', 'roads'] as const) {
    const add = m[k]
    if (add === undefined) continue
    if (!Array.isArray(add)) return bad(`patch.map.${k}`, 'expected an array (entries are appended)')
    const cur = Array.isArray(map[k]) ? (map[k] as unknown[]) : []
    map[k] = [...cur, ...structuredClone(add)]
  }
  return null
}
