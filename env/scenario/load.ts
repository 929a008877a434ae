// Generic validation of the `tercio-scenario/1` format (docs/scenario-format.md).
// It checks structure, ranges, ids and map references only; each ruleset's
// bind() then checks its own vocabulary (unit types, terrain ids, orders).
// Every problem is a SCENARIO_INVALID error whose `path` is the field path
// (e.g. `units[3].hex`) and whose message names the path, unit and hex.

import { err, fail, ok, RULESET_IDS, type Result, type TercioError } from '../core/types.ts'
import { axialDistance, offsetToAxial, SIDE_NAMES, VERTEX_NAMES } from '../hex/grid.ts'
import type { Scenario } from './types.ts'

export const SCENARIO_FORMAT = 'tercio-scenario/1'
export const MAP_EDGES = ['N', 'S', 'E', 'W'] as const
/** Facing names a scenario may use: vertex names (piwam) and side names (marignan). */
export const FACING_NAMES: readonly string[] = [...new Set<string>([...VERTEX_NAMES, ...SIDE_NAMES])]
/** Ids become action texts (`unit:ID`), so keep them to a plain alphabet. */
export const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/
export const MAX_TURNS = 999
/** Cap on units + leaders: keeps the action space and entity table sane. */
export const MAX_PIECES = 400

type Obj = Record<string, unknown>

/** Just the map size: makeGrid's all-pairs distance table is O(size^2), too
 *  heavy to build for a check (a 99x99 map would need ~190 MB). */
interface MapSize {
  readonly cols: number
  readonly rows: number
}
const labelAt = (cols: number, h: number): string => pad((h % cols) + 1) + pad(((h / cols) | 0) + 1)
/** Hex index of a CCRR label on a cols x rows map, or -1. */
export function hexIndex(cols: number, rows: number, label: string): number {
  if (!/^\d{4}$/.test(label)) return -1
  const col = Number(label.slice(0, 2)) - 1
  const row = Number(label.slice(2, 4)) - 1
  return col < 0 || col >= cols || row < 0 || row >= rows ? -1 : row * cols + col
}
/** Whether two hex indices of a map with `cols` columns are neighbours. */
export function hexesAdjacent(cols: number, a: number, b: number): boolean {
  const [qa, ra] = offsetToAxial(a % cols, (a / cols) | 0)
  const [qb, rb] = offsetToAxial(b % cols, (b / cols) | 0)
  return axialDistance(qa, ra, qb, rb) === 1
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const show = (v: unknown): string => {
  if (typeof v === 'string') return JSON.stringify(v)
  if (v === undefined) return 'nothing'
  const s = JSON.stringify(v)
  return s === undefined ? String(v) : s.length > 40 ? s.slice(0, 37) + '...' : s
}

/** Collects every problem; `add(path, what)` reports one against a field path. */
class Checker {
  readonly errors: TercioError[] = []
  add(path: string, what: string): void {
    this.errors.push(err('SCENARIO_INVALID', `${path}: ${what}`, path))
  }
  /** Keys allowed on an object (keys starting with `$` are comments). */
  keys(o: Obj, path: string, allowed: readonly string[]): void {
    for (const k of Object.keys(o)) {
      if (k.startsWith('$') || allowed.includes(k)) continue
      this.add(path === '' ? k : `${path}.${k}`, `unknown field (allowed: ${allowed.join(', ')})`)
    }
  }
  str(o: Obj, k: string, path: string, opts: { optional?: boolean; id?: boolean } = {}): string | undefined {
    const v = o[k]
    const p = path === '' ? k : `${path}.${k}`
    if (v === undefined) {
      if (!opts.optional) this.add(p, 'missing (expected a string)')
      return undefined
    }
    if (typeof v !== 'string') {
      this.add(p, `expected a string, got ${show(v)}`)
      return undefined
    }
    if (v.trim() === '') {
      this.add(p, 'must not be empty')
      return undefined
    }
    if (opts.id && !ID_PATTERN.test(v)) {
      this.add(p, `id ${show(v)} must be 1-40 letters, digits, '.', '_' or '-', starting with a letter or digit`)
      return undefined
    }
    return v
  }
  int(o: Obj, k: string, path: string, lo: number, hi: number, opts: { optional?: boolean } = {}): number | undefined {
    const v = o[k]
    const p = path === '' ? k : `${path}.${k}`
    if (v === undefined) {
      if (!opts.optional) this.add(p, `missing (expected an integer ${lo}..${hi})`)
      return undefined
    }
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) {
      this.add(p, `expected an integer ${lo}..${hi}, got ${show(v)}`)
      return undefined
    }
    return v
  }
  num(o: Obj, k: string, path: string): number | undefined {
    const v = o[k]
    const p = `${path}.${k}`
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      this.add(p, v === undefined ? 'missing (expected a number)' : `expected a number, got ${show(v)}`)
      return undefined
    }
    return v
  }
  side(o: Obj, path: string): 0 | 1 | undefined {
    const v = o['side']
    if (v !== 0 && v !== 1) {
      this.add(`${path}.side`, v === undefined ? 'missing (expected 0 or 1)' : `expected 0 or 1, got ${show(v)}`)
      return undefined
    }
    return v
  }
  strings(o: Obj, k: string, path: string): void {
    const v = o[k]
    if (v === undefined) return
    const p = path === '' ? k : `${path}.${k}`
    if (!Array.isArray(v)) return this.add(p, `expected an array of strings, got ${show(v)}`)
    v.forEach((s, i) => {
      if (typeof s !== 'string') this.add(`${p}[${i}]`, `expected a string, got ${show(s)}`)
    })
  }
  object(o: Obj, k: string, path: string): void {
    const v = o[k]
    if (v !== undefined && !isObj(v)) this.add(path === '' ? k : `${path}.${k}`, `expected an object, got ${show(v)}`)
  }
  array(o: Obj, k: string, path: string, optional = false): unknown[] | undefined {
    const v = o[k]
    const p = path === '' ? k : `${path}.${k}`
    if (v === undefined && optional) return undefined
    if (!Array.isArray(v)) {
      this.add(p, v === undefined ? 'missing (expected an array)' : `expected an array, got ${show(v)}`)
      return undefined
    }
    return v
  }
}

/** Checks a CCRR label against the grid; reports `what` (e.g. `unit "C-G1"`). */
function hexField(c: Checker, g: MapSize | null, v: unknown, path: string, what: string): number {
  if (typeof v !== 'string' || !/^\d{4}$/.test(v)) {
    c.add(path, `${what}: expected a hex label CCRR (e.g. "0305"), got ${show(v)}`)
    return -1
  }
  if (!g) return -1
  const h = hexIndex(g.cols, g.rows, v)
  if (h < 0) c.add(path, `${what}: hex ${v} is off the ${g.cols}x${g.rows} map (columns 01..${pad(g.cols)}, rows 01..${pad(g.rows)})`)
  return h
}
const pad = (n: number): string => String(n).padStart(2, '0')

/** Every problem of a raw scenario (empty array = valid). */
export function scenarioErrors(raw: unknown): TercioError[] {
  const c = new Checker()
  if (!isObj(raw)) {
    c.add('(root)', `a scenario must be a JSON object, got ${Array.isArray(raw) ? 'an array' : show(raw)}`)
    return c.errors
  }
  c.keys(raw, '', ['format', 'id', 'name', 'ruleset', 'description', 'sources', 'notes', 'map', 'sides', 'wings', 'leaders', 'units', 'turns', 'victory', 'tables', 'rules'])
  if (raw['format'] !== SCENARIO_FORMAT) c.add('format', `expected "${SCENARIO_FORMAT}", got ${show(raw['format'])}`)
  c.str(raw, 'id', '', { id: true })
  c.str(raw, 'name', '')
  const rs = raw['ruleset']
  if (typeof rs !== 'string' || !(RULESET_IDS as readonly string[]).includes(rs)) {
    c.add('ruleset', `expected one of ${RULESET_IDS.join(', ')}, got ${show(rs)}`)
  }
  if (raw['description'] !== undefined && typeof raw['description'] !== 'string') c.add('description', `expected a string, got ${show(raw['description'])}`)
  c.strings(raw, 'sources', '')
  c.strings(raw, 'notes', '')
  c.int(raw, 'turns', '', 1, MAX_TURNS)
  c.object(raw, 'victory', '')
  c.object(raw, 'tables', '')
  c.object(raw, 'rules', '')

  const grid = checkMap(c, raw['map'])
  checkSides(c, raw['sides'])

  // ---- ids: unique across wings, leaders (and their replacements), units
  const seen = new Map<string, string>()
  const claim = (id: string | undefined, path: string): void => {
    if (id === undefined) return
    const prev = seen.get(id)
    if (prev !== undefined) c.add(path, `duplicate id "${id}" (already used by ${prev})`)
    else seen.set(id, path)
  }

  // ---- wings
  const wingSide = new Map<string, 0 | 1>()
  const wingCommander: { id: string; side: 0 | 1 | undefined; commander: string; path: string }[] = []
  const wings = c.array(raw, 'wings', '')
  wings?.forEach((w, i) => {
    const p = `wings[${i}]`
    if (!isObj(w)) return c.add(p, `expected a wing object, got ${show(w)}`)
    c.keys(w, p, ['id', 'side', 'name', 'order', 'commander'])
    const id = c.str(w, 'id', p, { id: true })
    const side = c.side(w, p)
    c.str(w, 'name', p)
    c.str(w, 'order', p, { optional: true })
    const commander = c.str(w, 'commander', p, { optional: true })
    claim(id, p)
    if (id !== undefined && side !== undefined && !wingSide.has(id)) wingSide.set(id, side)
    if (id !== undefined && commander !== undefined) wingCommander.push({ id, side, commander, path: `${p}.commander` })
  })

  const wingRef = (w: unknown, side: 0 | 1 | undefined, path: string, what: string): void => {
    if (w === undefined) return
    if (typeof w !== 'string') return c.add(path, `${what}: expected a wing id, got ${show(w)}`)
    const ws = wingSide.get(w)
    if (ws === undefined) return c.add(path, `${what}: unknown wing "${w}" (known: ${[...wingSide.keys()].join(', ') || 'none'})`)
    if (side !== undefined && ws !== side) c.add(path, `${what} is on side ${side} but wing "${w}" belongs to side ${ws}`)
  }

  // ---- leaders
  const leaders = new Map<string, { side: 0 | 1 | undefined; wing: unknown }>()
  const leaderList = c.array(raw, 'leaders', '')
  leaderList?.forEach((l, i) => {
    const p = `leaders[${i}]`
    if (!isObj(l)) return c.add(p, `expected a leader object, got ${show(l)}`)
    const id = c.str(l, 'id', p, { id: true })
    const what = id === undefined ? `leader #${i}` : `leader "${id}"`
    const side = c.side(l, p)
    c.str(l, 'name', p)
    c.str(l, 'role', p)
    c.num(l, 'rating', p)
    wingRef(l['wing'], side, `${p}.wing`, what)
    hexField(c, grid, l['hex'], `${p}.hex`, what)
    claim(id, p)
    const rep = l['replacement']
    if (rep !== undefined) {
      const rp = `${p}.replacement`
      if (!isObj(rep)) c.add(rp, `${what}: expected {id, name, rating}, got ${show(rep)}`)
      else {
        c.keys(rep, rp, ['id', 'name', 'rating'])
        claim(c.str(rep, 'id', rp, { id: true }), rp)
        c.str(rep, 'name', rp)
        c.num(rep, 'rating', rp)
      }
    }
    if (id !== undefined && !leaders.has(id)) leaders.set(id, { side, wing: l['wing'] })
  })

  // ---- units
  const units = c.array(raw, 'units', '')
  units?.forEach((u, i) => {
    const p = `units[${i}]`
    if (!isObj(u)) return c.add(p, `expected a unit object, got ${show(u)}`)
    const id = c.str(u, 'id', p, { id: true })
    const what = id === undefined ? `unit #${i}` : `unit "${id}"`
    const side = c.side(u, p)
    c.str(u, 'type', p)
    c.str(u, 'status', p, { optional: true })
    c.str(u, 'name', p, { optional: true })
    wingRef(u['wing'], side, `${p}.wing`, what)
    hexField(c, grid, u['hex'], `${p}.hex`, what)
    const f = u['facing']
    if (typeof f !== 'string' || !FACING_NAMES.includes(f)) {
      c.add(`${p}.facing`, `${what}: expected a facing name (${FACING_NAMES.join(' ')}), got ${show(f)}`)
    }
    claim(id, p)
  })
  if ((leaderList?.length ?? 0) + (units?.length ?? 0) > MAX_PIECES) c.add('units', `too many units and leaders (max ${MAX_PIECES} in all)`)

  // ---- wing commanders: an existing leader of the wing's side (and of that wing, if he names one)
  for (const wc of wingCommander) {
    const l = leaders.get(wc.commander)
    if (!l) c.add(wc.path, `wing "${wc.id}": commander "${wc.commander}" is not a leader id`)
    else if (wc.side !== undefined && l.side !== undefined && l.side !== wc.side) {
      c.add(wc.path, `wing "${wc.id}" (side ${wc.side}): commander "${wc.commander}" is a leader of side ${l.side}`)
    } else if (typeof l.wing === 'string' && l.wing !== wc.id) {
      c.add(wc.path, `wing "${wc.id}": commander "${wc.commander}" is assigned to wing "${l.wing}"`)
    }
  }
  return c.errors
}

function checkMap(c: Checker, m: unknown): MapSize | null {
  if (!isObj(m)) {
    c.add('map', m === undefined ? 'missing (expected an object)' : `expected an object, got ${show(m)}`)
    return null
  }
  c.keys(m, 'map', ['cols', 'rows', 'terrain', 'legend', 'elevation', 'roads', 'hexsides'])
  const cols = c.int(m, 'cols', 'map', 1, 99)
  const rows = c.int(m, 'rows', 'map', 1, 99)
  if (cols === undefined || rows === undefined) return null
  const grid: MapSize = { cols, rows }

  // legend: one character -> non-empty terrain id
  const legend = m['legend']
  const legendOk = isObj(legend)
  if (!legendOk) c.add('map.legend', legend === undefined ? 'missing (expected an object of char -> terrain id)' : `expected an object, got ${show(legend)}`)
  else {
    for (const [ch, t] of Object.entries(legend)) {
      if (ch.length !== 1) c.add(`map.legend.${ch}`, `legend keys must be one character, got ${show(ch)}`)
      if (typeof t !== 'string' || t.trim() === '') c.add(`map.legend.${ch}`, `expected a terrain id string, got ${show(t)}`)
    }
  }

  const rowsOf = (k: 'terrain' | 'elevation', optional: boolean, cell: (ch: string, row: number, col: number, p: string) => void): void => {
    const v = m[k]
    if (v === undefined && optional) return
    if (!Array.isArray(v)) return c.add(`map.${k}`, v === undefined ? `missing (expected ${rows} strings of ${cols} characters)` : `expected an array of strings, got ${show(v)}`)
    if (v.length !== rows) c.add(`map.${k}`, `expected ${rows} rows (map.rows), got ${v.length}`)
    v.forEach((s, r) => {
      const p = `map.${k}[${r}]`
      if (typeof s !== 'string') return c.add(p, `expected a string, got ${show(s)}`)
      if (s.length !== cols) return c.add(p, `row ${pad(r + 1)} has ${s.length} characters, expected ${cols} (map.cols)`)
      for (let col = 0; col < s.length; col++) cell(s[col] as string, r, col, p)
    })
  }
  rowsOf('terrain', false, (ch, r, col, p) => {
    if (legendOk && !Object.hasOwn(legend, ch)) c.add(p, `hex ${pad(col + 1)}${pad(r + 1)}: character ${show(ch)} is not in map.legend`)
  })
  rowsOf('elevation', true, (ch, r, col, p) => {
    if (ch < '0' || ch > '9') c.add(p, `hex ${pad(col + 1)}${pad(r + 1)}: elevation ${show(ch)} is not a digit 0..9`)
  })

  const roads = c.array(m, 'roads', 'map', true)
  roads?.forEach((path, i) => {
    const p = `map.roads[${i}]`
    if (!Array.isArray(path) || path.length < 2) return c.add(p, `expected an array of at least 2 hex labels, got ${show(path)}`)
    let prev = -1
    path.forEach((lab, j) => {
      const h = hexField(c, grid, lab, `${p}[${j}]`, `road ${i}`)
      if (h >= 0 && prev >= 0 && !hexesAdjacent(cols, prev, h)) {
        c.add(`${p}[${j}]`, `road ${i}: hex ${String(lab)} is not adjacent to the previous hex ${labelAt(cols, prev)}`)
      }
      prev = h
    })
  })

  const hexsides = c.array(m, 'hexsides', 'map', true)
  const sideSeen = new Set<string>()
  hexsides?.forEach((hs, i) => {
    const p = `map.hexsides[${i}]`
    if (!isObj(hs)) return c.add(p, `expected {hexes: [a, b], feature}, got ${show(hs)}`)
    c.keys(hs, p, ['hexes', 'feature'])
    const feature = c.str(hs, 'feature', p)
    const pair = hs['hexes']
    if (!Array.isArray(pair) || pair.length !== 2) return c.add(`${p}.hexes`, `expected two hex labels, got ${show(pair)}`)
    const a = hexField(c, grid, pair[0], `${p}.hexes[0]`, 'hexside')
    const b = hexField(c, grid, pair[1], `${p}.hexes[1]`, 'hexside')
    if (a >= 0 && b >= 0) {
      if (!hexesAdjacent(cols, a, b)) c.add(`${p}.hexes`, `hexes ${String(pair[0])} and ${String(pair[1])} are not adjacent`)
      const key = `${Math.min(a, b)}-${Math.max(a, b)}-${feature ?? ''}`
      if (sideSeen.has(key)) c.add(p, `duplicate hexside ${String(pair[0])}/${String(pair[1])} ${show(feature)}`)
      sideSeen.add(key)
    }
  })
  return grid
}

function checkSides(c: Checker, sides: unknown): void {
  if (!Array.isArray(sides) || sides.length !== 2) {
    c.add('sides', `expected exactly 2 sides, got ${show(sides)}`)
    return
  }
  const ids: (string | undefined)[] = []
  sides.forEach((s, i) => {
    const p = `sides[${i}]`
    if (!isObj(s)) return c.add(p, `expected a side object {id, name, edge}, got ${show(s)}`)
    c.keys(s, p, ['id', 'name', 'edge'])
    ids.push(c.str(s, 'id', p, { id: true }))
    c.str(s, 'name', p)
    const e = s['edge']
    if (typeof e !== 'string' || !(MAP_EDGES as readonly string[]).includes(e)) c.add(`${p}.edge`, `expected one of ${MAP_EDGES.join(' ')}, got ${show(e)}`)
  })
  if (ids[0] !== undefined && ids[0] === ids[1]) c.add('sides[1].id', `duplicate side id "${ids[0]}"`)
}

/** The first problem of a raw scenario, or the scenario itself (a deep copy,
 *  so callers may edit it freely). With several problems, the message of the
 *  first one says how many more there are; scenarioErrors() lists them all. */
export function validateScenario(raw: unknown): Result<Scenario> {
  const errors = scenarioErrors(raw)
  const first = errors[0]
  if (first) {
    const more = errors.length - 1
    return fail(more > 0 ? { ...first, message: `${first.message} (and ${more} more problem${more > 1 ? 's' : ''})` } : first)
  }
  return ok(structuredClone(raw) as Scenario)
}

/** Parses scenario JSON text (already read by the caller) and validates it.
 *  `source` names the file in messages. */
export function parseScenario(text: string, source = 'scenario'): Result<Scenario> {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e)
    return fail(err('SCENARIO_INVALID', `${source}: not valid JSON (${why})`, '(root)'))
  }
  const r = validateScenario(raw)
  return r.ok ? r : fail({ ...r.error, message: `${source}: ${r.error.message}` })
}

/** All problems, one per line (for CLIs). */
export function formatErrors(errors: readonly TercioError[]): string {
  return errors.map((e) => `${e.code} ${e.message}`).join('\n')
}
