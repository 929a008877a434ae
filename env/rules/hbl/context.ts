// Per-scenario context: checks the hbl vocabulary of a scenario (terrain, hexside
// features, unit types and their per-unit overrides, commands, decks, rules
// extras, table overrides) and precomputes what the hot paths need.

import { err, fail, ok, type Result, type TercioError } from '../../core/types.ts'
import { directionTo, hexOfLabel, makeGrid, rot, SIDE_NAMES, type HexGrid } from '../../hex/grid.ts'
import type { Scenario } from '../../scenario/types.ts'
import { VARIANTS, type Variant } from './dieshift.ts'
import { ARMY, CARD_TYPES, DECK, DIE_LADDER, MARCH, MELEE_BANDS, MELEE_FACTORS, MOVEMENT, RALLY, SHOOTING, SUPERIOR_WEAPON, TERRAIN, UNIT_TYPES, type CardType, type MeleeFactor, type UnitType } from './tables.ts'

export const NCARD = CARD_TYPES.length
export const CARD = Object.fromEntries(CARD_TYPES.map((c, i) => [c, i])) as { readonly [K in CardType]: number }

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const bad = (path: string, what: string): TercioError => err('SCENARIO_INVALID', `${path}: ${what}`, path)

export interface Tables {
  meleeFactors: Record<MeleeFactor, number>
  bands: typeof MELEE_BANDS
  beats: Record<string, readonly string[]>
  shooting: { factors: typeof SHOOTING.factors; ranges: Record<string, readonly [number, number]>; moveLossPips: number }
  march: typeof MARCH
  rally: typeof RALLY
  army: typeof ARMY
}

export interface Ctx {
  scenario: Scenario
  grid: HexGrid
  size: number
  variant: Variant
  tables: Tables
  nU: number
  nL: number
  nW: number
  unitIds: string[]
  leaderIds: string[]
  wingIds: string[]
  // units (static)
  uSide: Int8Array
  uWing: Int16Array
  uType: UnitType[]
  uTypeId: string[]
  uStart: { hex: number; face: number }[]
  // leaders / commands
  lSide: Int8Array
  lWing: Int16Array
  lDie: Uint8Array
  lStart: Int16Array
  wSide: Int8Array
  /** Command die of each command (its commander's quality, else the army default). */
  wDie: Uint8Array
  /** Leader index of each command, -1 none. */
  wLeader: Int16Array
  armyDie: [number, number]
  deck: [number[], number[]]
  chips: [number, number]
  // map
  /** Terrain type (1 open, 2 broken, 3 blocks) and terrain id index of each hex. */
  ttype: Uint8Array
  tid: Uint8Array
  passable: Uint8Array
  /** [h*6+d] 1 when the hexside carries a ditch (type III). */
  ditch: Uint8Array
  /** Hex steps to each side's friendly edge. */
  edgeDist: [Uint8Array, Uint8Array]
  /** Direction toward each side's friendly edge. */
  edgeDir: [number, number]
  // scratch
  occ: Int16Array
  built: number
}

function mergeTable<T extends object>(base: T, over: unknown): T {
  return isObj(over) ? ({ ...base, ...(over as Partial<T>) } as T) : base
}

export function buildContext(sc: Scenario): Result<Ctx> {
  let grid: HexGrid
  try {
    grid = makeGrid(sc.map.cols, sc.map.rows)
  } catch (e) {
    return fail(bad('map', String(e)))
  }
  const size = grid.size
  const tablesIn = isObj(sc.tables) ? sc.tables : {}
  const TABLE_NAMES = ['unitTypes', 'meleeFactors', 'meleeBands', 'superiorWeapon', 'shooting', 'march', 'rally', 'army', 'deck', 'terrain']
  for (const k of Object.keys(tablesIn)) if (!TABLE_NAMES.includes(k) && !k.startsWith('$')) return fail(bad(`tables.${k}`, `unknown table (hbl tables: ${TABLE_NAMES.join(', ')})`))
  const shootIn = isObj(tablesIn['shooting']) ? tablesIn['shooting'] : {}
  const tables: Tables = {
    meleeFactors: mergeTable({ ...MELEE_FACTORS } as Record<MeleeFactor, number>, tablesIn['meleeFactors']),
    bands: mergeTable(MELEE_BANDS, tablesIn['meleeBands']),
    beats: mergeTable({ ...SUPERIOR_WEAPON.beats } as Record<string, readonly string[]>, tablesIn['superiorWeapon']),
    shooting: {
      factors: mergeTable(SHOOTING.factors, shootIn['factors']),
      ranges: mergeTable({ ...SHOOTING.ranges } as Record<string, readonly [number, number]>, shootIn['ranges']),
      moveLossPips: typeof shootIn['moveLossPips'] === 'number' ? shootIn['moveLossPips'] : SHOOTING.moveLossPips,
    },
    march: mergeTable(MARCH, tablesIn['march']),
    rally: mergeTable(RALLY, tablesIn['rally']),
    army: mergeTable(ARMY, tablesIn['army']),
  }
  const rules = isObj(sc.rules) ? sc.rules : {}
  for (const k of Object.keys(rules)) if (!['variant', 'armyDie', 'decks', 'chips'].includes(k) && !k.startsWith('$')) return fail(bad(`rules.${k}`, 'unknown hbl rule (variant, armyDie, decks, chips)'))
  const variant = (rules['variant'] ?? '2013-01-31') as Variant
  if (!VARIANTS.includes(variant)) return fail(bad('rules.variant', `"${String(rules['variant'])}" is not a version (${VARIANTS.join(', ')})`))
  // terrain
  const terrainTypes = mergeTable({ ...TERRAIN.types } as Record<string, { type: number; passable: boolean }>, tablesIn['terrain'])
  const terrainIds = Object.keys(terrainTypes)
  const ttype = new Uint8Array(size)
  const tid = new Uint8Array(size)
  const passable = new Uint8Array(size)
  for (let row = 0; row < grid.rows; row++) {
    const line = sc.map.terrain[row] ?? ''
    for (let col = 0; col < grid.cols; col++) {
      const id = sc.map.legend[line[col] ?? '']
      const t = id === undefined ? undefined : terrainTypes[id]
      const h = row * grid.cols + col
      if (t === undefined || id === undefined) return fail(bad(`map.terrain[${row}]`, `hex ${grid.labels[h]}: terrain "${id ?? line[col]}" is not an hbl terrain (${terrainIds.join(', ')})`))
      ttype[h] = t.type
      tid[h] = terrainIds.indexOf(id)
      passable[h] = t.passable ? 1 : 0
    }
  }
  const ditch = new Uint8Array(size * 6)
  for (const [i, hs] of (sc.map.hexsides ?? []).entries()) {
    if (hs.feature !== 'ditch') return fail(bad(`map.hexsides[${i}].feature`, `"${hs.feature}" is not an hbl hexside (ditch)`))
    const a = hexOfLabel(grid, hs.hexes[0])
    const b = hexOfLabel(grid, hs.hexes[1])
    const d = a < 0 || b < 0 ? -1 : directionTo(grid, a, b)
    if (d < 0) return fail(bad(`map.hexsides[${i}].hexes`, `hexes ${hs.hexes[0]} and ${hs.hexes[1]} are not adjacent on the map`))
    ditch[a * 6 + d] = 1
    ditch[b * 6 + rot(d, 3)] = 1
  }
  // wings and leaders
  const wingIds = sc.wings.map((w) => w.id)
  const nW = wingIds.length
  if (nW > 30) return fail(bad('wings', `at most 30 commands, got ${nW}`))
  const wSide = new Int8Array(sc.wings.map((w) => w.side))
  const leaderIds = sc.leaders.map((l) => l.id)
  const nL = leaderIds.length
  const lSide = new Int8Array(nL)
  const lWing = new Int16Array(nL).fill(-1)
  const lDie = new Uint8Array(nL)
  const lStart = new Int16Array(nL)
  for (const [i, l] of sc.leaders.entries()) {
    lSide[i] = l.side
    if (!(DIE_LADDER as readonly number[]).includes(l.rating)) return fail(bad(`leaders[${i}].rating`, `leader "${l.id}": rating ${l.rating} is not a quality die (4, 6, 8, 10 or 12)`))
    lDie[i] = l.rating
    lStart[i] = hexOfLabel(grid, l.hex)
    if (l.wing !== undefined) lWing[i] = wingIds.indexOf(l.wing)
  }
  const wLeader = new Int16Array(nW).fill(-1)
  const wDie = new Uint8Array(nW).fill(tables.army.commanderDie)
  for (const [w, wing] of sc.wings.entries()) {
    const l = wing.commander === undefined ? -1 : leaderIds.indexOf(wing.commander)
    wLeader[w] = l
    if (l >= 0) {
      wDie[w] = lDie[l] as number
      if ((lWing[l] as number) < 0) lWing[l] = w
    }
  }
  // unit types
  const typesIn = mergeTable({ ...UNIT_TYPES.types } as Record<string, UnitType>, tablesIn['unitTypes'])
  const nU = sc.units.length
  const uSide = new Int8Array(nU)
  const uWing = new Int16Array(nU).fill(-1)
  const uType: UnitType[] = []
  const uTypeId: string[] = []
  const uStart: { hex: number; face: number }[] = []
  const FIELDS = ['cd', 'dd', 'ui', 'stubborn', 'fierce'] as const
  for (const [i, u] of sc.units.entries()) {
    const t = typesIn[u.type]
    if (!t) return fail(bad(`units[${i}].type`, `unit "${u.id}": "${u.type}" is not an hbl unit type (${Object.keys(typesIn).join(', ')})`))
    const over: Record<string, unknown> = {}
    for (const k of FIELDS) {
      const v = u[k]
      if (v === undefined) continue
      if (k === 'fierce' ? typeof v !== 'boolean' : typeof v !== 'number' || !Number.isInteger(v) || ((k === 'cd' || k === 'dd') && !(DIE_LADDER as readonly number[]).includes(v)) || v < 0)
        return fail(bad(`units[${i}].${k}`, `unit "${u.id}": bad ${k} ${JSON.stringify(v)}`))
      over[k] = v
    }
    const ty = { ...t, ...over } as UnitType
    if (ty.ui < 1 || ty.stubborn > ty.ui) return fail(bad(`units[${i}]`, `unit "${u.id}": needs ui >= 1 and stubborn <= ui`))
    uType.push(ty)
    uTypeId.push(u.type)
    uSide[i] = u.side
    if (u.wing !== undefined) uWing[i] = wingIds.indexOf(u.wing)
    else return fail(bad(`units[${i}].wing`, `unit "${u.id}": every hbl unit belongs to a command`))
    const face = SIDE_NAMES.indexOf(u.facing as (typeof SIDE_NAMES)[number])
    if (face < 0) return fail(bad(`units[${i}].facing`, `unit "${u.id}": facing "${u.facing}" is not a hexside (${SIDE_NAMES.join(' ')})`))
    const h = hexOfLabel(grid, u.hex)
    if (!passable[h]) return fail(bad(`units[${i}].hex`, `unit "${u.id}": hex ${u.hex} is impassable terrain`))
    for (const [j, v] of uStart.entries()) if (v.hex === h) return fail(bad(`units[${i}].hex`, `unit "${u.id}": hex ${u.hex} already holds ${sc.units[j]?.id}`))
    uStart.push({ hex: h, face })
  }
  // army dice, decks, chips
  const ad = rules['armyDie'] ?? [tables.army.armyDie, tables.army.armyDie]
  if (!Array.isArray(ad) || ad.length !== 2 || !ad.every((v) => (DIE_LADDER as readonly number[]).includes(v as number))) return fail(bad('rules.armyDie', 'expected [die of side 0, die of side 1], each 4..12 on the ladder'))
  const deckBase = mergeTable({ ...DECK.cards } as Record<string, number>, tablesIn['deck'])
  const decks: [number[], number[]] = [[], []]
  const dk = rules['decks']
  for (const side of [0, 1] as const) {
    const per = Array.isArray(dk) && isObj(dk[side]) ? (dk[side] as Record<string, unknown>) : {}
    for (const k of Object.keys(per)) if (!(CARD_TYPES as readonly string[]).includes(k)) return fail(bad(`rules.decks[${side}].${k}`, `unknown card (${CARD_TYPES.join(', ')})`))
    for (const ct of CARD_TYPES) {
      const n = per[ct] ?? deckBase[ct] ?? 0
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 40) return fail(bad(`rules.decks[${side}].${ct}`, 'expected a card count 0..40'))
      decks[side].push(n)
    }
    if (decks[side].reduce((a, b) => a + b, 0) < 1) return fail(bad(`rules.decks[${side}]`, 'a deck needs at least one card'))
  }
  const uiTot: [number, number] = [0, 0]
  for (let u = 0; u < nU; u++) uiTot[uSide[u] as 0 | 1] += (uType[u] as UnitType).ui
  const chipsIn = rules['chips']
  let chips: [number, number] = [uiTot[0] * tables.army.chipsPerUi, uiTot[1] * tables.army.chipsPerUi]
  if (chipsIn !== undefined) {
    if (!Array.isArray(chipsIn) || chipsIn.length !== 2 || !chipsIn.every((v) => Number.isInteger(v) && (v as number) >= 0)) return fail(bad('rules.chips', 'expected [chips of side 0, chips of side 1]'))
    chips = [chipsIn[0] as number, chipsIn[1] as number]
  }
  // friendly edges
  const edgeDist: [Uint8Array, Uint8Array] = [new Uint8Array(size), new Uint8Array(size)]
  const edgeDir: [number, number] = [0, 3]
  for (const side of [0, 1] as const) {
    const e = sc.sides[side].edge
    edgeDir[side] = e === 'N' ? 0 : e === 'S' ? 3 : e === 'E' ? 2 : 4
    for (let h = 0; h < size; h++) {
      const col = h % grid.cols
      const row = (h / grid.cols) | 0
      edgeDist[side][h] = e === 'N' ? row : e === 'S' ? grid.rows - 1 - row : e === 'W' ? col : grid.cols - 1 - col
    }
  }
  return ok({
    scenario: sc,
    grid,
    size,
    variant,
    tables,
    nU,
    nL,
    nW,
    unitIds: sc.units.map((u) => u.id),
    leaderIds,
    wingIds,
    uSide,
    uWing,
    uType,
    uTypeId,
    uStart,
    lSide,
    lWing,
    lDie,
    lStart,
    wSide,
    wDie,
    wLeader,
    armyDie: [ad[0] as number, ad[1] as number],
    deck: decks,
    chips,
    ttype,
    tid,
    passable,
    ditch,
    edgeDist,
    edgeDir,
    occ: new Int16Array(size).fill(-1),
    built: -1,
  })
}

/** Hexes per move: the defence die in inches at 2 inches a hex. */
export const hexesPerMove = (c: Ctx, u: number): number => Math.max(1, ((c.uType[u] as UnitType).dd / MOVEMENT.inchesPerHex) | 0)
