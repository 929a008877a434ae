// Per-scenario context: checks the mttsog vocabulary of a scenario (profiles,
// formations, stands, commanders and their chain, terrain) and precomputes what
// the hot paths need (terrain, roads, hexsides, chains, edge distances, pixel
// centres for arcs), plus one reusable occupancy buffer.

import { err, fail, ok, type Result, type TercioError } from '../../core/types.ts'
import { hexOfLabel, makeGrid, SIDE_NAMES, type HexGrid } from '../../hex/grid.ts'
import type { Scenario } from '../../scenario/types.ts'
import {
  COMMAND_RANGE,
  FORMATIONS,
  FORMS_OF,
  HEXSIDE_IDS,
  MORALE_WEIGHT,
  PROFILE_FIELDS,
  PROFILES,
  QUALITIES,
  RECONSTRUCTED,
  ROLES,
  STANDS,
  TERRAIN,
  TERRAIN_IDS,
  TOUCHING,
  ARMS,
  type Profile,
  type Role,
} from './tables.ts'
import { STATUS } from './state.ts'

export const HS_STREAM = 1
export const HS_RIVER = 2
export const HS_BRIDGE = 4
export const HS_FORD = 8
const HS_BITS: Record<string, number> = { stream: HS_STREAM, river: HS_RIVER, bridge: HS_BRIDGE, ford: HS_FORD }

export const ARM_INF = 0
export const ARM_CAV = 1
export const ARM_ART = 2

export interface UnitStart {
  hex: number
  face: number
  form: number
  st: number
  stands: number
}

export interface Ctx {
  scenario: Scenario
  grid: HexGrid
  size: number
  nU: number
  nL: number
  unitIds: string[]
  leaderIds: string[]
  uSide: Int8Array
  uArm: Int8Array
  prof: Profile[]
  /** Commanders whose CP may move the unit: division, corps, army (-1 padded), 3 per unit. */
  uChain: Int16Array
  uStart: UnitStart[]
  uWeight: Int8Array
  /** Stands at the start (army morale counts losses against them). */
  uStands0: Int8Array
  lSide: Int8Array
  lRole: Role[]
  lRange: Int16Array
  lSup: Int16Array
  lStart: Int32Array
  army: [number, number]
  terr: Uint8Array
  elev: Uint8Array
  road: Uint8Array
  onRoad: Uint8Array
  hs: Uint8Array
  defended: Uint8Array
  edgeDist: [Int16Array, Int16Array]
  px: Float64Array
  py: Float64Array
  objectives: { hex: number; points: number }[]
  breakPoint: [number, number]
  touching: { line: number; column: number; square: number; open: number; march: number; limbered: number; unlimbered: number }
  rec: { surrenderByQc: boolean; blockedRetreatLevels: number; maxPursuitRounds: number }
  /** Scratch: unit index on each hex, -1 none (rebuilt by sync). */
  occ: Int16Array
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const bad = (path: string, what: string): TercioError => err('SCENARIO_INVALID', `${path}: ${what}`, path)

/** Checks a profile override: every field present and typed. */
function checkProfile(id: string, p: unknown): Result<Profile> {
  const path = `tables.profiles.${id}`
  if (!isObj(p)) return fail(bad(path, 'expected a profile object'))
  for (const f of PROFILE_FIELDS) if (p[f] === undefined) return fail(bad(`${path}.${f}`, `profile "${id}" is missing field ${f} (needs ${PROFILE_FIELDS.join(', ')})`))
  for (const f of ['name', 'nation'] as const) if (typeof p[f] !== 'string') return fail(bad(`${path}.${f}`, 'expected a string'))
  if (!(ARMS as readonly unknown[]).includes(p['arm'])) return fail(bad(`${path}.arm`, `expected one of ${ARMS.join(', ')}`))
  if (!(QUALITIES as readonly unknown[]).includes(p['quality'])) return fail(bad(`${path}.quality`, `expected one of ${QUALITIES.join(', ')}`))
  for (const f of ['melee', 'shoot', 'hits', 'save', 'range', 'points'] as const) {
    const v = p[f]
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 99) return fail(bad(`${path}.${f}`, `expected an integer 0..99, got ${JSON.stringify(v)}`))
  }
  if ((p['hits'] as number) < 1) return fail(bad(`${path}.hits`, 'a stand needs at least 1 hit'))
  if (p['arm'] === 'art' && p['art'] !== 'foot' && p['art'] !== 'horse') return fail(bad(`${path}.art`, 'artillery needs art: "foot" or "horse"'))
  return ok(p as unknown as Profile)
}

export function buildContext(sc: Scenario): Result<Ctx> {
  const grid = makeGrid(sc.map.cols, sc.map.rows)
  const size = grid.size
  const tables = isObj(sc.tables) ? sc.tables : {}
  for (const k of Object.keys(tables)) if (!['profiles', 'touching', 'reconstructed'].includes(k) && !k.startsWith('$')) return fail(bad(`tables.${k}`, 'unknown mttsog table (profiles, touching, reconstructed)'))
  const profiles: Record<string, Profile> = { ...PROFILES }
  if (tables['profiles'] !== undefined) {
    if (!isObj(tables['profiles'])) return fail(bad('tables.profiles', 'expected an object of profile id -> profile'))
    for (const [id, p] of Object.entries(tables['profiles'])) {
      const r = checkProfile(id, p)
      if (!r.ok) return r
      profiles[id] = r.value
    }
  }
  // TOUCHING as numbers: 99 = all stands; a negative k = the stands divided by -k, rounded up (a square's one face)
  const touching = { line: 99, column: TOUCHING.column as number, square: -4, open: 99, march: TOUCHING.march as number, limbered: TOUCHING.limbered as number, unlimbered: TOUCHING.unlimbered as number }
  if (tables['touching'] !== undefined) {
    if (!isObj(tables['touching'])) return fail(bad('tables.touching', 'expected an object of formation -> stands'))
    for (const [k, v] of Object.entries(tables['touching'])) {
      if (!(k in touching)) return fail(bad(`tables.touching.${k}`, `unknown formation (${Object.keys(touching).join(', ')})`))
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) return fail(bad(`tables.touching.${k}`, 'expected a positive integer'))
      ;(touching as Record<string, number>)[k] = v
    }
  }
  const rec = { surrenderByQc: RECONSTRUCTED.surrenderByQc as boolean, blockedRetreatLevels: RECONSTRUCTED.blockedRetreatLevels as number, maxPursuitRounds: RECONSTRUCTED.maxPursuitRounds as number }
  if (tables['reconstructed'] !== undefined) {
    const r = tables['reconstructed']
    if (!isObj(r)) return fail(bad('tables.reconstructed', 'expected an object'))
    for (const [k, v] of Object.entries(r)) {
      if (k === 'surrenderByQc' && typeof v === 'boolean') rec.surrenderByQc = v
      else if ((k === 'blockedRetreatLevels' || k === 'maxPursuitRounds') && typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 9) rec[k] = v
      else return fail(bad(`tables.reconstructed.${k}`, 'unknown field or bad value (surrenderByQc: boolean, blockedRetreatLevels / maxPursuitRounds: 0..9)'))
    }
  }

  // ---- terrain, elevation, roads, hexsides
  const terr = new Uint8Array(size)
  const elev = new Uint8Array(size)
  for (let row = 0; row < grid.rows; row++) {
    const line = sc.map.terrain[row] as string
    for (let col = 0; col < grid.cols; col++) {
      const h = row * grid.cols + col
      const id = sc.map.legend[line[col] as string] as string
      const t = (TERRAIN_IDS as readonly string[]).indexOf(id)
      if (t < 0) return fail(bad(`map.terrain[${row}]`, `hex ${grid.labels[h]}: terrain "${id}" is not an mttsog terrain (${TERRAIN_IDS.join(', ')})`))
      terr[h] = t
      const e = sc.map.elevation?.[row]?.[col]
      elev[h] = e !== undefined ? Number(e) : TERRAIN[TERRAIN_IDS[t] as keyof typeof TERRAIN].hill ? 1 : 0
    }
  }
  const road = new Uint8Array(size * 6)
  const onRoad = new Uint8Array(size)
  const dirOf = (a: number, b: number): number => {
    for (let d = 0; d < 6; d++) if (grid.neighbors[a * 6 + d] === b) return d
    return -1
  }
  for (const path of sc.map.roads ?? []) {
    for (let i = 0; i < path.length; i++) {
      const h = hexOfLabel(grid, path[i] as string)
      onRoad[h] = 1
      if (i > 0) {
        const p = hexOfLabel(grid, path[i - 1] as string)
        const d = dirOf(p, h)
        road[p * 6 + d] = 1
        road[h * 6 + ((d + 3) % 6)] = 1
      }
    }
  }
  const hs = new Uint8Array(size * 6)
  for (const [i, f] of (sc.map.hexsides ?? []).entries()) {
    const bit = HS_BITS[f.feature]
    if (bit === undefined) return fail(bad(`map.hexsides[${i}].feature`, `"${f.feature}" is not an mttsog hexside feature (${HEXSIDE_IDS.join(', ')})`))
    const a = hexOfLabel(grid, f.hexes[0])
    const b = hexOfLabel(grid, f.hexes[1])
    const d = dirOf(a, b)
    hs[a * 6 + d] = (hs[a * 6 + d] as number) | bit
    hs[b * 6 + ((d + 3) % 6)] = (hs[b * 6 + ((d + 3) % 6)] as number) | bit
  }
  const rules = isObj(sc.rules) ? sc.rules : {}
  for (const k of Object.keys(rules)) if (!['defended'].includes(k) && !k.startsWith('$')) return fail(bad(`rules.${k}`, 'unknown mttsog rule (defended)'))
  const defended = new Uint8Array(size)
  for (let h = 0; h < size; h++) if (TERRAIN[TERRAIN_IDS[terr[h] as number] as keyof typeof TERRAIN].defended && RECONSTRUCTED.defendedBua) defended[h] = 1
  if (rules['defended'] !== undefined) {
    if (!Array.isArray(rules['defended'])) return fail(bad('rules.defended', 'expected an array of hex labels'))
    for (const [i, lab] of (rules['defended'] as unknown[]).entries()) {
      const h = typeof lab === 'string' ? hexOfLabel(grid, lab) : -1
      if (h < 0) return fail(bad(`rules.defended[${i}]`, `${JSON.stringify(lab)} is not a hex of the map`))
      defended[h] = 1
    }
  }

  // ---- victory
  const victory = isObj(sc.victory) ? sc.victory : {}
  for (const k of Object.keys(victory)) if (!['objectives'].includes(k) && !k.startsWith('$')) return fail(bad(`victory.${k}`, 'unknown mttsog victory field (objectives)'))
  const objectives: { hex: number; points: number }[] = []
  if (victory['objectives'] !== undefined) {
    if (!Array.isArray(victory['objectives'])) return fail(bad('victory.objectives', 'expected an array of {hex, points}'))
    for (const [i, o] of (victory['objectives'] as unknown[]).entries()) {
      const h = isObj(o) && typeof o['hex'] === 'string' ? hexOfLabel(grid, o['hex']) : -1
      if (h < 0) return fail(bad(`victory.objectives[${i}].hex`, 'expected a hex label of the map'))
      const pts = isObj(o) ? o['points'] : undefined
      if (typeof pts !== 'number' || !Number.isInteger(pts) || pts < 0) return fail(bad(`victory.objectives[${i}].points`, 'expected a non-negative integer'))
      objectives.push({ hex: h, points: pts })
    }
  }

  // ---- leaders and their chain
  const nL = sc.leaders.length
  const leaderIds = sc.leaders.map((l) => l.id)
  const lSide = new Int8Array(nL)
  const lRole: Role[] = []
  const lRange = new Int16Array(nL)
  const lSup = new Int16Array(nL).fill(-1)
  const lStart = new Int32Array(nL)
  const army: [number, number] = [-1, -1]
  for (const [i, l] of sc.leaders.entries()) {
    const p = `leaders[${i}]`
    lSide[i] = l.side
    if (!(ROLES as readonly string[]).includes(l.role)) return fail(bad(`${p}.role`, `leader "${l.id}": role "${l.role}" is not an mttsog commander (${ROLES.join(', ')})`))
    const role = l.role as Role
    lRole.push(role)
    lRange[i] = COMMAND_RANGE[role]
    lStart[i] = hexOfLabel(grid, l.hex)
    for (const k of Object.keys(l)) if (!['id', 'side', 'name', 'role', 'wing', 'rating', 'hex', 'replacement', 'superior'].includes(k) && !k.startsWith('$')) return fail(bad(`${p}.${k}`, `leader "${l.id}": unknown field`))
    if (role === 'army') {
      if (army[l.side] >= 0) return fail(bad(`${p}.role`, `side ${l.side} has two army commanders (${leaderIds[army[l.side]]} and ${l.id})`))
      army[l.side] = i
      if (l['superior'] !== undefined) return fail(bad(`${p}.superior`, `leader "${l.id}": the army commander has no superior`))
    }
  }
  for (const side of [0, 1] as const) if (army[side] < 0) return fail(bad('leaders', `side ${side} has no army commander (role "army")`))
  for (const [i, l] of sc.leaders.entries()) {
    if (lRole[i] === 'army') continue
    const p = `leaders[${i}].superior`
    const supId = l['superior']
    if (typeof supId !== 'string') return fail(bad(p, `leader "${l.id}" (${lRole[i]}) is out of any chain of command: it needs "superior" (a corps or army commander of side ${l.side})`))
    const s = leaderIds.indexOf(supId)
    if (s < 0) return fail(bad(p, `leader "${l.id}": superior "${supId}" is not a leader id`))
    if (lSide[s] !== l.side) return fail(bad(p, `leader "${l.id}": superior "${supId}" is on the other side`))
    const sr = lRole[s] as Role
    const ok2 = lRole[i] === 'inf-div' || lRole[i] === 'cav-div' ? sr === 'army' || sr === 'inf-corps' || sr === 'cav-corps' : sr === 'army'
    if (!ok2) return fail(bad(p, `leader "${l.id}" (${lRole[i]}) cannot serve under "${supId}" (${sr}): divisions serve under a corps or the army, corps under the army`))
    lSup[i] = s
  }

  // ---- units
  const nU = sc.units.length
  const unitIds = sc.units.map((u) => u.id)
  const uSide = new Int8Array(nU)
  const uArm = new Int8Array(nU)
  const prof: Profile[] = []
  const uChain = new Int16Array(nU * 3).fill(-1)
  const uStart: UnitStart[] = []
  const uWeight = new Int8Array(nU)
  const uStands0 = new Int8Array(nU)
  const seen = new Map<number, string>()
  const wingCmd = new Map<string, string | undefined>(sc.wings.map((w) => [w.id, w.commander]))
  for (const [i, u] of sc.units.entries()) {
    const p = `units[${i}]`
    for (const k of Object.keys(u)) if (!['id', 'side', 'wing', 'type', 'hex', 'facing', 'status', 'name', 'stands', 'formation', 'exhausted'].includes(k) && !k.startsWith('$')) return fail(bad(`${p}.${k}`, `unit "${u.id}": unknown field (id, side, wing, type, hex, facing, status, name, stands, formation, exhausted)`))
    const pr = profiles[u.type]
    if (!pr) return fail(bad(`${p}.type`, `unit "${u.id}": "${u.type}" is not an mttsog unit profile (e.g. ${Object.keys(profiles).slice(0, 6).join(', ')}, ...)`))
    prof.push(pr)
    uSide[i] = u.side
    uArm[i] = pr.arm === 'inf' ? ARM_INF : pr.arm === 'cav' ? ARM_CAV : ARM_ART
    const h = hexOfLabel(grid, u.hex)
    const prev = seen.get(h)
    if (prev !== undefined) return fail(bad(`${p}.hex`, `unit "${u.id}": hex ${u.hex} already holds unit "${prev}" (one unit per hex)`))
    seen.set(h, u.id)
    const face = (SIDE_NAMES as readonly string[]).indexOf(u.facing)
    if (face < 0) return fail(bad(`${p}.facing`, `unit "${u.id}": facing "${u.facing}" is not a hexside facing (${SIDE_NAMES.join(' ')})`))
    const stRange = STANDS[pr.arm]
    const stands = u['stands'] === undefined ? stRange.default : u['stands']
    if (typeof stands !== 'number' || !Number.isInteger(stands) || stands < stRange.min || stands > stRange.max) return fail(bad(`${p}.stands`, `unit "${u.id}": ${pr.arm} has ${stRange.min}..${stRange.max} stands, got ${JSON.stringify(u['stands'])}`))
    const fName = u['formation'] === undefined ? FORMS_OF[pr.arm][0] : u['formation']
    const form = (FORMATIONS as readonly unknown[]).indexOf(fName)
    if (form < 0) return fail(bad(`${p}.formation`, `unit "${u.id}": "${String(fName)}" is not a formation (${FORMATIONS.join(', ')})`))
    if (!(FORMS_OF[pr.arm] as readonly unknown[]).includes(fName)) return fail(bad(`${p}.formation`, `unit "${u.id}": ${pr.arm} cannot be in ${String(fName)} (${FORMS_OF[pr.arm].join(', ')})`))
    const st = u.status === undefined ? 0 : (STATUS as readonly string[]).indexOf(u.status)
    if (st < 0 || st > 2) return fail(bad(`${p}.status`, `unit "${u.id}": status "${u.status}" is not good, disordered or routed`))
    if (u['exhausted'] !== undefined && typeof u['exhausted'] !== 'boolean') return fail(bad(`${p}.exhausted`, 'expected true or false'))
    if (u['exhausted'] === true && pr.arm !== 'cav') return fail(bad(`${p}.exhausted`, `unit "${u.id}": only cavalry can be exhausted`))
    uStart.push({ hex: h, face, form, st, stands })
    uStands0[i] = stands
    uWeight[i] = pr.guard ? MORALE_WEIGHT.guard : pr.arm === 'art' || pr.quality === 'elite' || pr.quality === 'veteran' || pr.heavy ? MORALE_WEIGHT.heavy : MORALE_WEIGHT.base
    // chain: the wing's commander (a division/brigade), his superior, the army commander
    if (u.wing === undefined) return fail(bad(`${p}.wing`, `unit "${u.id}" has no wing: every unit belongs to a division/brigade (a wing with a commander)`))
    const cmd = wingCmd.get(u.wing)
    if (cmd === undefined) return fail(bad(`${p}.wing`, `unit "${u.id}": wing "${u.wing}" has no commander`))
    let l = leaderIds.indexOf(cmd)
    for (let k = 0; k < 3 && l >= 0; k++) {
      uChain[i * 3 + k] = l
      l = lSup[l] as number
    }
    if ((uChain[i * 3 + 2] as number) < 0 && (uChain[i * 3 + 1] as number) >= 0 && lRole[uChain[i * 3 + 1] as number] !== 'army') return fail(bad(`${p}.wing`, `unit "${u.id}": its chain of command does not reach the army commander`))
  }
  for (const [i, w] of sc.wings.entries()) {
    if (w.commander === undefined) continue
    const l = leaderIds.indexOf(w.commander)
    if (lRole[l] !== 'inf-div' && lRole[l] !== 'cav-div' && lRole[l] !== 'inf-corps' && lRole[l] !== 'cav-corps') return fail(bad(`wings[${i}].commander`, `wing "${w.id}": commander "${w.commander}" must be a division/brigade (or corps) commander, not ${lRole[l]}`))
  }
  for (const [i, l] of sc.leaders.entries()) {
    if ((lStart[i] as number) < 0) return fail(bad(`leaders[${i}].hex`, `leader "${l.id}": hex off the map`))
  }

  // ---- edges and pixel centres
  const edgeDist: [Int16Array, Int16Array] = [new Int16Array(size), new Int16Array(size)]
  const px = new Float64Array(size)
  const py = new Float64Array(size)
  for (let h = 0; h < size; h++) {
    const col = h % grid.cols
    const row = (h / grid.cols) | 0
    for (const side of [0, 1] as const) {
      const e = sc.sides[side].edge
      edgeDist[side][h] = e === 'N' ? row : e === 'S' ? grid.rows - 1 - row : e === 'W' ? col : grid.cols - 1 - col
    }
    px[h] = 1.5 * (grid.q[h] as number)
    py[h] = Math.sqrt(3) * ((grid.r[h] as number) + (grid.q[h] as number) / 2)
  }
  const breakPoint: [number, number] = [0, 0]
  for (let u = 0; u < nU; u++) breakPoint[uSide[u] as 0 | 1] += (uWeight[u] as number) * (uStands0[u] as number)
  return ok({
    scenario: sc,
    grid,
    size,
    nU,
    nL,
    unitIds,
    leaderIds,
    uSide,
    uArm,
    prof,
    uChain,
    uStart,
    uWeight,
    uStands0,
    lSide,
    lRole,
    lRange,
    lSup,
    lStart,
    army,
    terr,
    elev,
    road,
    onRoad,
    hs,
    defended,
    edgeDist,
    px,
    py,
    objectives,
    breakPoint,
    touching,
    rec,
    occ: new Int16Array(size).fill(-1),
  })
}
