// Per-scenario context: validates the marignan vocabulary of a scenario and
// precomputes everything immutable the hot paths need (terrain, hexsides,
// roads, counters, corps, arcs, edge distances), plus reusable scratch buffers.

import { err, fail, ok, type Result, type TercioError } from '../../core/types.ts'
import { directionTo, hexLine, hexOfLabel, makeGrid, rot, SIDE_NAMES, type HexGrid, vertexCone } from '../../hex/grid.ts'
import type { Scenario } from '../../scenario/types.ts'
import { COUNTERS, FIRE_TABLE, MELEE_TABLE, parseResult, TERRAIN, TERRAIN_IDS, HEXSIDE_IDS, type CombatResult, type Counter, type TerrainRow } from './tables.ts'
import { FRENCH, SWISS } from './state.ts'

export const HS_CANAL = 1
export const HS_DITCH = 2
export const HS_FORT = 4
export const HS_BRIDGE = 8
export const HS_ROAD = 16
const HS_BITS: Record<string, number> = { canal: HS_CANAL, ditch: HS_DITCH, fortification: HS_FORT, bridge: HS_BRIDGE }

export interface TypeStats {
  id: string
  cls: number // 0 cav, 1 inf, 2 art
  morale: number
  melee: [number, number]
  fire: [number, number]
  move: [number, number]
  prot: number
  swissPike: boolean
  swissArq: boolean
  repl: number
}

export interface Ctx {
  scenario: Scenario
  grid: HexGrid
  size: number
  nU: number
  nL: number
  nW: number
  unitIds: string[]
  leaderIds: string[]
  corpsIds: string[]
  // units (static)
  uSide: Int8Array
  uCorps: Int16Array
  uWaitVia: Int8Array // 0 on map, 1 road entry, 2 north edge entry
  uStart: { hex: number; face: number; st: number; ty: number }[]
  types: TypeStats[]
  typeIndex: Map<string, number>
  // leaders (static)
  lSide: Int8Array
  lCorps: Int16Array
  lRange: Int8Array
  lMove: Int8Array
  lMelee: Int8Array
  lFire: Int8Array
  lHeroic: Int8Array // 0 none, 1 any corps, 2 cavalry corps only
  lKing: Int8Array
  lConstable: Int8Array
  lStart: { hex: number; st: number }[]
  // corps
  wSide: Int8Array
  wCmd: Int16Array
  wAllCav: Int8Array
  wMorale: Int16Array
  wEntryOrder: Int8Array // order of road entry (-1 not in the column)
  wEntryReduction: Int8Array
  armyMorale: number
  // map
  terrain: Uint8Array
  elev: Uint8Array
  feat: Uint8Array // [h*6+d] bits
  fortDef: Uint8Array // [h*6+d] 1: h is the defended (south/east) side of the fortification on side d
  road: Uint8Array // 1 = road hex
  place: Int8Array // place index or -1
  placeNames: string[]
  entryRoad: number
  entryTurn: number
  northRow: number[]
  edgeDist: [Uint8Array, Uint8Array] // per side: steps to its friendly edge
  night: Uint8Array // [turn] 1 = night turn
  nightReorgAfter: number
  fortMarkers: number
  hasForts: boolean
  endWinner: number // 0 draw at the end, 2 French win at the end
  /** 8.2 / 14: French corps demoralised at the same time that win for the Swiss (victory.frenchCorpsDemoralised; the seed's five by default). */
  corpsToWin: number
  /** 14.1 French placement: false = the scenario's (reconstructed) deployment, true = the French player places each unit. */
  freeDeploy: boolean
  // tables
  terrainRows: TerrainRow[]
  /** The terrain id of each row of terrainRows (the names the log uses). */
  terrainIds: string[]
  fireCols: string[]
  fireMin: number[]
  fireRes: CombatResult[][]
  fireTxt: string[][]
  meleeCols: string[]
  meleeOdds: [number, number][]
  meleeRes: [CombatResult, CombatResult][][]
  meleeTxt: string[][]
  // arcs: hexes within 4 in the firing arc of (h, facing), nearest first
  arcStart: Int32Array
  arcHex: Int16Array
  arcDist: Uint8Array
  losCache: Map<number, Int16Array>
  // scratch (rebuilt from a state on demand; never part of the state)
  occ: Uint8Array // [side*size+h] combat units of side in h
  zoc: Uint8Array // [side*size+h] units of side exerting ZOC on h
  zocNonInf: Uint8Array // [side*size+h] cavalry/artillery units of side exerting ZOC on h
  zocCav: Uint8Array // [side*size+h] cavalry of side exerting ZOC on h
  head: Int16Array // first unit in hex
  next: Int16Array // next unit in the same hex
  bfs: Int16Array
  bfsQ: Int32Array
  /** 10.1 scratch: per hex, 1 + the forward steps left to the edge along an open route (0 none, 255 not searched). */
  routeOk: Uint8Array
  mark: Int32Array
  markGen: number
  scratchU: Int16Array
  built: object | null
  builtPly: number
  dirty: boolean
}

/** 8.2 / 14: five French corps demoralised at once win for the Swiss (the historical scenarios' number). */
const FRENCH_CORPS_TO_WIN = 5

const bad = (path: string, what: string): TercioError => err('SCENARIO_INVALID', `${path}: ${what}`, path)
type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

export function buildContext(sc: Scenario): Result<Ctx> {
  let grid: HexGrid
  try {
    grid = makeGrid(sc.map.cols, sc.map.rows)
  } catch (e) {
    return fail(bad('map', String(e)))
  }
  const size = grid.size
  const tables = isObj(sc.tables) ? sc.tables : {}
  for (const k of Object.keys(tables)) {
    if (!['counters', 'terrain', 'fire', 'melee'].includes(k)) return fail(bad(`tables.${k}`, 'unknown table (marignan tables: counters, terrain, fire, melee)'))
  }
  // counters
  const counterSrc: Record<string, Counter> = { ...(COUNTERS.types as Record<string, Counter>), ...((isObj(tables['counters']) ? tables['counters'] : {}) as Record<string, Counter>) }
  const types: TypeStats[] = []
  const typeIndex = new Map<string, number>()
  for (const [id, c] of Object.entries(counterSrc)) {
    if (!isObj(c) || !['cav', 'inf', 'art'].includes(String(c.cls))) return fail(bad(`tables.counters.${id}`, 'expected a counter {cls, arm, morale, melee, fire, move, prot}'))
    typeIndex.set(id, types.length)
    types.push({
      id,
      cls: c.cls === 'cav' ? 0 : c.cls === 'inf' ? 1 : 2,
      morale: c.morale,
      melee: [c.melee[0], c.melee[1]],
      fire: [c.fire[0], c.fire[1]],
      move: [c.move[0], c.move[1]],
      prot: c.prot,
      swissPike: c.swissPike === true,
      swissArq: c.swissArq === true,
      repl: -1,
    })
  }
  for (const [id, c] of Object.entries(counterSrc)) {
    if (c.replacement !== undefined) {
      const r = typeIndex.get(c.replacement)
      if (r === undefined) return fail(bad(`tables.counters.${id}.replacement`, `unknown counter "${c.replacement}"`))
      ;(types[typeIndex.get(id) as number] as TypeStats).repl = r
    }
  }
  // terrain
  const terrainSrc: Record<string, TerrainRow> = { ...(TERRAIN.hexes as Record<string, TerrainRow>), ...((isObj(tables['terrain']) ? tables['terrain'] : {}) as Record<string, TerrainRow>) }
  const terrainIds = Object.keys(terrainSrc)
  const terrainRows = terrainIds.map((k) => terrainSrc[k] as TerrainRow)
  void TERRAIN_IDS
  const terrain = new Uint8Array(size)
  for (let row = 0; row < grid.rows; row++) {
    const line = sc.map.terrain[row] ?? ''
    for (let col = 0; col < grid.cols; col++) {
      const ch = line[col] ?? ''
      const id = sc.map.legend[ch]
      const t = id === undefined ? -1 : terrainIds.indexOf(id)
      if (t < 0) return fail(bad(`map.terrain[${row}]`, `hex ${grid.labels[row * grid.cols + col]}: terrain "${id ?? ch}" is not a marignan terrain (${terrainIds.join(', ')})`))
      terrain[row * grid.cols + col] = t
    }
  }
  const elev = new Uint8Array(size)
  if (sc.map.elevation) {
    for (let row = 0; row < grid.rows; row++) {
      const line = sc.map.elevation[row] ?? ''
      for (let col = 0; col < grid.cols; col++) elev[row * grid.cols + col] = Number(line[col] ?? '0') || 0
    }
  }
  const feat = new Uint8Array(size * 6)
  const fortDef = new Uint8Array(size * 6)
  for (const [i, hs] of (sc.map.hexsides ?? []).entries()) {
    const bit = HS_BITS[hs.feature]
    if (bit === undefined) return fail(bad(`map.hexsides[${i}].feature`, `"${hs.feature}" is not a marignan hexside (${HEXSIDE_IDS.join(', ')})`))
    const a = hexOfLabel(grid, hs.hexes[0])
    const b = hexOfLabel(grid, hs.hexes[1])
    const d = a < 0 || b < 0 ? -1 : directionTo(grid, a, b)
    if (d < 0) return fail(bad(`map.hexsides[${i}].hexes`, `hexes ${hs.hexes[0]} and ${hs.hexes[1]} are not adjacent on the map`))
    feat[a * 6 + d] = (feat[a * 6 + d] as number) | bit
    feat[b * 6 + rot(d, 3)] = (feat[b * 6 + rot(d, 3)] as number) | bit
    if (bit === HS_FORT) {
      // 12.4/13.2: only the south/east side of a fortification is defended.
      if (d === 1 || d === 2 || d === 3) fortDef[b * 6 + rot(d, 3)] = 1
      else fortDef[a * 6 + d] = 1
    }
  }
  const road = new Uint8Array(size)
  for (const [i, path] of (sc.map.roads ?? []).entries()) {
    for (let j = 0; j < path.length; j++) {
      const h = hexOfLabel(grid, path[j] as string)
      if (h < 0) return fail(bad(`map.roads[${i}][${j}]`, `hex ${path[j]} is off the map`))
      road[h] = 1
      if (j > 0) {
        const p = hexOfLabel(grid, path[j - 1] as string)
        const d = directionTo(grid, p, h)
        if (d < 0) return fail(bad(`map.roads[${i}][${j}]`, `road hexes ${path[j - 1]} and ${path[j]} are not adjacent`))
        feat[p * 6 + d] = (feat[p * 6 + d] as number) | HS_ROAD
        feat[h * 6 + rot(d, 3)] = (feat[h * 6 + rot(d, 3)] as number) | HS_ROAD
      }
    }
  }
  // sides
  if (sc.sides[SWISS].edge !== 'N' || sc.sides[FRENCH].edge !== 'S') return fail(bad('sides', 'marignan: side 0 is the Swiss army (edge N), side 1 the French army (edge S)'))
  const rules = isObj(sc.rules) ? sc.rules : {}
  // corps
  const nW = sc.wings.length
  const corpsIds = sc.wings.map((w) => w.id)
  const wSide = new Int8Array(nW)
  const wCmd = new Int16Array(nW).fill(-1)
  const wAllCav = new Int8Array(nW)
  const wMorale = new Int16Array(nW)
  const wEntryOrder = new Int8Array(nW).fill(-1)
  const wEntryReduction = new Int8Array(nW)
  const moraleSrc = isObj(rules['morale']) ? rules['morale'] : {}
  const army = moraleSrc['army']
  if (typeof army !== 'number' || !Number.isInteger(army) || army < 1) return fail(bad('rules.morale.army', 'expected the Swiss army morale (integer >= 1, 40 in both scenarios)'))
  const leaderIds = sc.leaders.map((l) => l.id)
  for (const [i, w] of sc.wings.entries()) {
    wSide[i] = w.side
    if (w.commander !== undefined) wCmd[i] = leaderIds.indexOf(w.commander)
    const m = moraleSrc[w.id]
    if (w.side === FRENCH) {
      if (typeof m !== 'number' || !Number.isInteger(m) || m < 0 || m > 20) return fail(bad(`rules.morale.${w.id}`, `French corps ${w.id}: expected its initial morale (integer 0..20)`))
      wMorale[i] = m
    }
  }
  const entry = isObj(rules['entry']) ? rules['entry'] : {}
  const entryRoadLabel = typeof entry['road'] === 'string' ? entry['road'] : '1201'
  const entryRoad = hexOfLabel(grid, entryRoadLabel)
  if (entryRoad < 0) return fail(bad('rules.entry.road', `hex ${entryRoadLabel} is off the map`))
  const order = Array.isArray(entry['order']) ? (entry['order'] as unknown[]) : []
  for (const [i, id] of order.entries()) {
    const w = corpsIds.indexOf(String(id))
    if (w < 0) return fail(bad(`rules.entry.order[${i}]`, `unknown corps "${String(id)}"`))
    wEntryOrder[w] = i
  }
  const red = isObj(entry['reduction']) ? entry['reduction'] : {}
  for (const [id, v] of Object.entries(red)) {
    const w = corpsIds.indexOf(id)
    if (w < 0 || typeof v !== 'number') return fail(bad(`rules.entry.reduction.${id}`, 'expected a known corps id with a number'))
    wEntryReduction[w] = v
  }
  const entryTurn = typeof entry['turn'] === 'number' ? entry['turn'] : 1
  // units
  const nU = sc.units.length
  const uSide = new Int8Array(nU)
  const uCorps = new Int16Array(nU).fill(-1)
  const uWaitVia = new Int8Array(nU)
  const uStart: Ctx['uStart'] = []
  for (const [i, u] of sc.units.entries()) {
    const p = `units[${i}]`
    const t = typeIndex.get(u.type)
    if (t === undefined) return fail(bad(`${p}.type`, `unit ${u.id}: "${u.type}" is not a marignan counter (${[...typeIndex.keys()].join(', ')})`))
    uSide[i] = u.side
    if (u.wing !== undefined) uCorps[i] = corpsIds.indexOf(u.wing)
    const h = hexOfLabel(grid, u.hex)
    const face = SIDE_NAMES.indexOf(u.facing as (typeof SIDE_NAMES)[number])
    if (face < 0) return fail(bad(`${p}.facing`, `unit ${u.id} at ${u.hex}: marignan facings are hexsides (${SIDE_NAMES.join(' ')}), got "${u.facing}"`))
    const stName = u.status ?? 'ordered'
    const st = ['ordered', 'disordered', 'routed'].indexOf(stName)
    if (st < 0) return fail(bad(`${p}.status`, `unit ${u.id} at ${u.hex}: status must be ordered, disordered or routed, got "${stName}"`))
    const via = u['enter']
    if (via !== undefined && via !== 'road' && via !== 'edge') return fail(bad(`${p}.enter`, `unit ${u.id}: enter must be "road" (hex ${entryRoadLabel}) or "edge" (north edge)`))
    if (via !== undefined && u.side !== SWISS) return fail(bad(`${p}.enter`, `unit ${u.id}: only Swiss units enter from off the map`))
    uWaitVia[i] = via === 'road' ? 1 : via === 'edge' ? 2 : 0
    uStart.push({ hex: h, face, st: via !== undefined ? 4 : st, ty: t })
  }
  for (let w = 0; w < nW; w++) {
    let all = 1
    let any = 0
    for (let u = 0; u < nU; u++) if (uCorps[u] === w) {
      any = 1
      if ((types[uStart[u]!.ty] as TypeStats).cls !== 0) all = 0
    }
    wAllCav[w] = any && all ? 1 : 0
  }
  // stacking at start
  for (let a = 0; a < nU; a++) {
    if (uWaitVia[a] !== 0) continue
    const h = (uStart[a] as { hex: number }).hex
    const ids: number[] = []
    for (let b = 0; b < nU; b++) if (uWaitVia[b] === 0 && (uStart[b] as { hex: number }).hex === h) ids.push(b)
    if (ids[0] !== a) continue
    if (ids.some((b) => uSide[b] !== uSide[a])) return fail(bad(`units[${a}].hex`, `hex ${grid.labels[h]} holds units of both armies (5)`))
    const tys = ids.map((b) => types[(uStart[b] as { ty: number }).ty] as TypeStats)
    if (!stackOk(uSide[a] as number, tys)) return fail(bad(`units[${a}].hex`, `hex ${grid.labels[h]}: ${ids.map((b) => sc.units[b]?.id).join(', ')} break the stacking limits (${uSide[a] === SWISS ? '5.1' : '5.2'})`))
    // routed units have no facing (3)
    const faces = new Set(ids.filter((b) => (uStart[b] as { st: number }).st !== 2).map((b) => (uStart[b] as { face: number }).face))
    if (faces.size > 1) return fail(bad(`units[${a}].facing`, `hex ${grid.labels[h]}: stacked units must share one facing (3)`))
  }
  // leaders
  const nL = sc.leaders.length
  const lSide = new Int8Array(nL)
  const lCorps = new Int16Array(nL).fill(-1)
  const lRange = new Int8Array(nL)
  const lMove = new Int8Array(nL)
  const lMelee = new Int8Array(nL)
  const lFire = new Int8Array(nL)
  const lHeroic = new Int8Array(nL)
  const lKing = new Int8Array(nL)
  const lConstable = new Int8Array(nL)
  const lStart: Ctx['lStart'] = []
  for (const [i, l] of sc.leaders.entries()) {
    const p = `leaders[${i}]`
    lSide[i] = l.side
    if (l.wing !== undefined) lCorps[i] = corpsIds.indexOf(l.wing)
    const num = (k: string, dflt: number, lo: number, hi: number): number | TercioError => {
      const v = l[k]
      if (v === undefined) return dflt
      if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) return bad(`${p}.${k}`, `leader ${l.id}: expected an integer ${lo}..${hi}`)
      return v
    }
    const r = num('range', 3, 0, 9)
    const m = num('move', 6, 1, 12)
    const f = num('fire', 0, 0, 3)
    for (const v of [r, m, f]) if (typeof v !== 'number') return fail(v)
    lRange[i] = r as number
    lMove[i] = m as number
    lFire[i] = f as number
    lMelee[i] = Math.max(0, Math.min(3, l.rating | 0))
    const her = l['heroic']
    if (her !== undefined && her !== 'any' && her !== 'cavalry') return fail(bad(`${p}.heroic`, `leader ${l.id}: heroic must be "any" (Francois 1st) or "cavalry" (Bayard)`))
    lHeroic[i] = her === 'any' ? 1 : her === 'cavalry' ? 2 : 0
    lKing[i] = l['king'] === true ? 1 : 0
    lConstable[i] = l['constable'] === true ? 1 : 0
    const h = hexOfLabel(grid, l.hex)
    lStart.push({ hex: h, st: l['enter'] !== undefined ? 3 : 0 })
  }
  // places
  const place = new Int8Array(size).fill(-1)
  const placeNames: string[] = []
  const places = Array.isArray(rules['places']) ? (rules['places'] as unknown[]) : []
  for (const [i, pl] of places.entries()) {
    if (!isObj(pl) || typeof pl['name'] !== 'string' || !Array.isArray(pl['hexes'])) return fail(bad(`rules.places[${i}]`, 'expected {name, hexes: [CCRR...]}'))
    placeNames.push(pl['name'])
    for (const [j, lab] of (pl['hexes'] as unknown[]).entries()) {
      const h = hexOfLabel(grid, String(lab))
      if (h < 0) return fail(bad(`rules.places[${i}].hexes[${j}]`, `hex ${String(lab)} is off the map`))
      place[h] = i
    }
  }
  const night = new Uint8Array(sc.turns + 2)
  const nightTurns = Array.isArray(rules['night']) ? (rules['night'] as unknown[]) : []
  for (const t of nightTurns) if (typeof t === 'number' && t >= 1 && t <= sc.turns) night[t] = 1
  const nra = rules['nightReorganisation']
  const nightReorgAfter = typeof nra === 'number' ? nra : -1
  const fortMarkers = typeof rules['fortificationMarkers'] === 'number' ? (rules['fortificationMarkers'] as number) : 0
  const dep = rules['deployment'] ?? 'fixed'
  if (dep !== 'fixed' && dep !== 'free') return fail(bad('rules.deployment', `expected "fixed" (the scenario's French deployment, the default) or "free" (the French player places each unit within its commander's range, 14.1), got ${JSON.stringify(dep)}`))
  const vic = isObj(sc.victory) ? sc.victory : {}
  const endWinner = vic['atEnd'] === 'french' ? 2 : 0
  // 8.2 / 14.1: "if five French corps are demoralized at the same time ... the victory goes to the Swiss".
  // Five is the historical scenarios' number (of ten corps); a smaller order of battle sets its own.
  const frenchCorps = sc.wings.filter((w) => w.side === FRENCH).length
  const ctw = vic['frenchCorpsDemoralised'] ?? FRENCH_CORPS_TO_WIN
  if (vic['frenchCorpsDemoralised'] !== undefined && (typeof ctw !== 'number' || !Number.isInteger(ctw) || ctw < 1 || ctw > frenchCorps))
    return fail(bad('victory.frenchCorpsDemoralised', `expected the number of French corps demoralised at the same time that wins for the Swiss (integer 1..${frenchCorps}, the French corps of the scenario; 5 when omitted, as in both historical scenarios), got ${JSON.stringify(ctw)}`))
  // tables
  const fireT = (isObj(tables['fire']) ? tables['fire'] : FIRE_TABLE) as unknown as { columns: string[]; min: number[]; rows: string[][] }
  const meleeT = (isObj(tables['melee']) ? tables['melee'] : MELEE_TABLE) as unknown as { columns: string[]; odds: [number, number][]; rows: string[][] }
  const fireRes: CombatResult[][] = []
  for (const [c, row] of fireT.rows.entries()) {
    const out: CombatResult[] = []
    for (const [d, t] of row.entries()) {
      const r = parseResult(t)
      if (!r || row.length !== 8) return fail(bad(`tables.fire.rows[${c}][${d}]`, `"${t}" is not a fire result (-, T, T-1..T-4, D, * .. ****, *T-n), 8 per column`))
      out.push(r)
    }
    fireRes.push(out)
  }
  const meleeRes: [CombatResult, CombatResult][][] = []
  for (const [c, row] of meleeT.rows.entries()) {
    const out: [CombatResult, CombatResult][] = []
    for (const [d, t] of row.entries()) {
      const [a, b] = t.split('|')
      const ra = parseResult(a ?? '')
      const rb = parseResult(b ?? '')
      if (!ra || !rb || row.length !== 8) return fail(bad(`tables.melee.rows[${c}][${d}]`, `"${t}" is not "attacker|defender" results, 8 per column`))
      out.push([ra, rb])
    }
    meleeRes.push(out)
  }
  const { arcStart, arcHex, arcDist } = firingArcs(grid)
  const edgeDist: [Uint8Array, Uint8Array] = [edgeDistances(grid, 0), edgeDistances(grid, grid.rows - 1)]
  const northRow: number[] = []
  for (let c = 0; c < grid.cols; c++) northRow.push(c)

  return ok({
    scenario: sc,
    grid,
    size,
    nU,
    nL,
    nW,
    unitIds: sc.units.map((u) => u.id),
    leaderIds,
    corpsIds,
    uSide,
    uCorps,
    uWaitVia,
    uStart,
    types,
    typeIndex,
    lSide,
    lCorps,
    lRange,
    lMove,
    lMelee,
    lFire,
    lHeroic,
    lKing,
    lConstable,
    lStart,
    wSide,
    wCmd,
    wAllCav,
    wMorale,
    wEntryOrder,
    wEntryReduction,
    armyMorale: army,
    terrain,
    elev,
    feat,
    fortDef,
    road,
    place,
    placeNames,
    entryRoad,
    entryTurn,
    northRow,
    edgeDist,
    night,
    nightReorgAfter,
    fortMarkers,
    endWinner,
    corpsToWin: ctw as number,
    freeDeploy: dep === 'free',
    hasForts: (sc.map.hexsides ?? []).some((x) => x.feature === 'fortification'),
    terrainRows,
    terrainIds,
    fireCols: fireT.columns.slice(),
    fireMin: fireT.min.slice(),
    fireRes,
    fireTxt: fireT.rows.map((r) => r.slice()),
    meleeCols: meleeT.columns.slice(),
    meleeOdds: meleeT.odds.map((o) => [o[0], o[1]] as [number, number]),
    meleeRes,
    meleeTxt: meleeT.rows.map((r) => r.slice()),
    arcStart,
    arcHex,
    arcDist,
    losCache: new Map(),
    occ: new Uint8Array(size * 2),
    zoc: new Uint8Array(size * 2),
    zocNonInf: new Uint8Array(size * 2),
    zocCav: new Uint8Array(size * 2),
    head: new Int16Array(size),
    next: new Int16Array(Math.max(1, nU)),
    bfs: new Int16Array(size),
    bfsQ: new Int32Array(size),
    routeOk: new Uint8Array(size),
    mark: new Int32Array(size),
    markGen: 0,
    scratchU: new Int16Array(Math.max(1, nU)),
    built: null,
    builtPly: -1,
    dirty: true,
  })
}

/** Steps from each hex to the map row `edgeRow` (BFS over the grid). */
interface FiringArcs {
  arcStart: Int32Array
  arcHex: Int16Array
  arcDist: Uint8Array
}

// Arcs depend on the grid's size alone, and building them is most of a bind: a generated-battle
// env binds a new battle on every reset, so they are built once per map size and shared (read-only).
const arcsBySize = new Map<string, FiringArcs>()

/** 12.2 arcs: per (hex, facing), the hexes within 4 in the two 60-degree cones either side of the facing side, nearest first. */
function firingArcs(grid: HexGrid): FiringArcs {
  const key = `${grid.cols}x${grid.rows}`
  const cached = arcsBySize.get(key)
  if (cached) return cached
  const size = grid.size
  const arcStart = new Int32Array(size * 6 + 1)
  const arcH: number[] = []
  const arcD: number[] = []
  for (let h = 0; h < size; h++) {
    for (let f = 0; f < 6; f++) {
      arcStart[h * 6 + f] = arcH.length
      const seen = new Set<number>()
      const all = [...vertexCone(grid, h, rot(f, -1), 4), ...vertexCone(grid, h, f, 4)]
      all.sort((x, y) => (grid.dist[h * size + x] as number) - (grid.dist[h * size + y] as number) || x - y)
      for (const x of all) {
        if (seen.has(x)) continue
        seen.add(x)
        arcH.push(x)
        arcD.push(grid.dist[h * size + x] as number)
      }
    }
  }
  arcStart[size * 6] = arcH.length
  const arcs = { arcStart, arcHex: Int16Array.from(arcH), arcDist: Uint8Array.from(arcD) }
  arcsBySize.set(key, arcs)
  return arcs
}

function edgeDistances(g: HexGrid, edgeRow: number): Uint8Array {
  const d = new Uint8Array(g.size).fill(255)
  const q: number[] = []
  for (let c = 0; c < g.cols; c++) {
    const h = edgeRow * g.cols + c
    d[h] = 0
    q.push(h)
  }
  for (let i = 0; i < q.length; i++) {
    const h = q[i] as number
    for (let k = 0; k < 6; k++) {
      const n = g.neighbors[h * 6 + k] as number
      if (n >= 0 && d[n] === 255) {
        d[n] = (d[h] as number) + 1
        q.push(n)
      }
    }
  }
  return d
}

/** Stacking limits (5.1 Swiss, 5.2 French) for the units of one hex. */
export function stackOk(side: number, tys: readonly TypeStats[]): boolean {
  if (tys.length <= 1) return true
  let cav = 0
  let inf = 0
  let art = 0
  let arq = 0
  let pike = 0
  for (const t of tys) {
    if (t.cls === 0) cav++
    else if (t.cls === 2) art++
    else {
      inf++
      if (t.swissArq) arq++
      else pike++
    }
  }
  if (side === SWISS) {
    if (cav > 0 || art > 0) return false
    if (arq > 1) return false
    if (arq === 1) return pike <= 1
    return pike <= 3
  }
  if (cav > 0) return inf === 0 && art === 0 && cav <= 2
  if (art > 1) return false
  return inf <= 2
}

/** Hexes strictly between a and b on the straight line nudged one way (sign +1) or the other (-1). */
export function lineBetween(g: HexGrid, a: number, b: number, sign: number): number[] {
  // Intermediate hexes only; a nudged line along the map edge may round off the map.
  const out: number[] = []
  const line = hexLine(g, a, b, sign < 0 ? -1 : 1)
  for (let i = 1; i < line.length - 1; i++) {
    const h = line[i] as number
    if (h >= 0 && h < g.size) out.push(h)
  }
  return out
}

/** Both nudged lines' intermediate hexes (a line along a hex edge is blocked by either side, 12.2). */
export function losHexes(ctx: Ctx, a: number, b: number): Int16Array {
  const key = a * ctx.size + b
  let v = ctx.losCache.get(key)
  if (!v) {
    const s = new Set([...lineBetween(ctx.grid, a, b, 1), ...lineBetween(ctx.grid, a, b, -1)])
    v = Int16Array.from(s)
    ctx.losCache.set(key, v)
  }
  return v
}
