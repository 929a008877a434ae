// Precomputed, immutable per-scenario context: grid, terrain and movement
// costs per arm and hexside, static unit/leader/wing data, fire and
// interception zones. Built once by bind(); hot paths only index into it.

import type { Scenario } from '../../scenario/types.ts'
import { directionTo, hexOfLabel, makeGrid, rot, VERTEX_NAMES, type HexGrid, axialToOffset, dirStep } from '../../hex/grid.ts'
import { ARMS, HEXSIDE_FEATURES, ORDERS, STATUSES, TERRAINS, UNIT_TYPES, overrideTables, type Tables } from './tables.ts'

export const ARM_INF = 0
export const ARM_CAV = 1
export const ARM_ART = 2
export const IMPASSABLE = 99

export interface Ctx {
  readonly scenario: Scenario
  readonly grid: HexGrid
  readonly tables: Tables
  readonly size: number
  readonly terrain: Uint8Array
  readonly elev: Uint8Array
  readonly road: Uint8Array
  /** Move cost entering neighbour d of h: cost[(arm*size + h)*6 + d]; IMPASSABLE when it cannot be entered. */
  readonly cost: Uint8Array
  /** Close-combat hexside modifier for a defender at h attacked from across side d. */
  readonly sideDef: Int8Array
  /** Bits per hex: 1 stream side, 2 hedge side, 4 bridge side (for observations). */
  readonly sideBits: Uint8Array
  /** Interception / Reiter range-2 zone: izone[(h*6+f)*3 + k], -1 padded. */
  readonly izone: Int32Array
  /** Distance of each hex to each side's friendly edge: edgeDist[side*size + h]. */
  readonly edgeDist: Uint8Array
  /** Facing (vertex) toward each side's edge, for broken units. */
  readonly edgeFacing: readonly [number, number]
  // units
  readonly n: number
  readonly uId: readonly string[]
  readonly uSide: Uint8Array
  readonly uType: Uint8Array
  readonly uArm: Uint8Array
  readonly uWing: Int16Array
  readonly uValue: Uint8Array
  // leaders: scenario leaders then replacements (slots)
  readonly m: number
  readonly lId: readonly string[]
  readonly lName: readonly string[]
  readonly lSide: Uint8Array
  readonly lArmy: Uint8Array
  readonly lWing: Int16Array
  readonly lRating: Int8Array
  /** Slot of this leader's replacement, -1 none. */
  readonly lRepl: Int16Array
  /** Scenario leaders are in play from the start; replacements wait. */
  readonly lInitial: Uint8Array
  // wings
  readonly w: number
  readonly wId: readonly string[]
  readonly wSide: Uint8Array
  readonly startValue: readonly [number, number]
  readonly breakFraction: number
  readonly drawMargin: number
  readonly turns: number
  /** Initial per-unit and per-leader positions etc., parsed. */
  readonly init: {
    uHex: number[]
    uFace: number[]
    uStatus: number[]
    lHex: number[]
    wOrder: number[]
    wCmd: number[]
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Validates piwam vocabulary and builds the context; errors name the field and hex. */
export function buildContext(sc: Scenario): { ctx: Ctx | null; errors: { path: string; message: string }[] } {
  const errors: { path: string; message: string }[] = []
  const bad = (path: string, message: string) => errors.push({ path, message: `${path}: ${message}` })
  const { cols, rows } = sc.map
  if (!Number.isInteger(cols) || !Number.isInteger(rows) || cols < 1 || rows < 1 || cols > 99 || rows > 99) {
    bad('map', `size ${cols}x${rows} must be 1..99 by 1..99`)
    return { ctx: null, errors }
  }
  const grid = makeGrid(cols, rows)
  const size = grid.size
  const terrain = new Uint8Array(size)
  const elev = new Uint8Array(size)
  const road = new Uint8Array(size)
  for (let r = 0; r < rows; r++) {
    const line = sc.map.terrain[r] ?? ''
    for (let c = 0; c < cols; c++) {
      const ch = line[c]
      const id = ch === undefined ? undefined : sc.map.legend[ch]
      const t = TERRAINS.indexOf(id as (typeof TERRAINS)[number])
      if (t < 0) bad(`map.terrain[${r}]`, `hex ${grid.labels[r * cols + c]} has terrain ${JSON.stringify(id ?? ch)}, not a piwam terrain (${TERRAINS.join(', ')})`)
      else terrain[r * cols + c] = t
      const e = sc.map.elevation?.[r]?.[c]
      if (sc.map.elevation) {
        if (e === undefined || !/^[0-9]$/.test(e)) bad(`map.elevation[${r}]`, `hex ${grid.labels[r * cols + c]} elevation must be a digit 0..9`)
        else elev[r * cols + c] = Number(e)
      }
    }
  }
  const { tables, errors: terr } = overrideTables(sc.tables)
  for (const e of terr) bad('tables', e)
  // hexside features
  const feat = new Uint8Array(size * 6) // bits: 1 stream 2 bridge 4 hedge
  ;(sc.map.hexsides ?? []).forEach((hs, i) => {
    const a = hexOfLabel(grid, hs.hexes?.[0] ?? '')
    const b = hexOfLabel(grid, hs.hexes?.[1] ?? '')
    const d = a >= 0 && b >= 0 ? directionTo(grid, a, b) : -1
    if (d < 0) return bad(`map.hexsides[${i}].hexes`, `${JSON.stringify(hs.hexes)} are not two adjacent hexes of the map`)
    const f = HEXSIDE_FEATURES.indexOf(hs.feature as (typeof HEXSIDE_FEATURES)[number])
    if (f < 0) return bad(`map.hexsides[${i}].feature`, `"${hs.feature}" between ${hs.hexes[0]} and ${hs.hexes[1]} is not a piwam hexside feature (${HEXSIDE_FEATURES.join(', ')})`)
    feat[a * 6 + d] = (feat[a * 6 + d] as number) | (1 << f)
    feat[b * 6 + rot(d, 3)] = (feat[b * 6 + rot(d, 3)] as number) | (1 << f)
  })
  const roadLink = new Uint8Array(size * 6)
  ;(sc.map.roads ?? []).forEach((path, i) => {
    for (let k = 0; k < path.length; k++) {
      const a = hexOfLabel(grid, path[k] ?? '')
      if (a < 0) {
        bad(`map.roads[${i}][${k}]`, `"${path[k]}" is not a hex of the map`)
        continue
      }
      road[a] = 1
      if (k === 0) continue
      const p = hexOfLabel(grid, path[k - 1] ?? '')
      const d = p >= 0 ? directionTo(grid, p, a) : -1
      if (d < 0) {
        bad(`map.roads[${i}][${k}]`, `road hexes ${path[k - 1]} and ${path[k]} are not adjacent`)
        continue
      }
      roadLink[p * 6 + d] = 1
      roadLink[a * 6 + rot(d, 3)] = 1
    }
  })
  const T = tables.terrain
  const cost = new Uint8Array(2 * size * 6).fill(IMPASSABLE)
  const sideDef = new Int8Array(size * 6)
  const sideBits = new Uint8Array(size)
  for (let h = 0; h < size; h++) {
    for (let d = 0; d < 6; d++) {
      const f = feat[h * 6 + d] as number
      if (f & 1) sideBits[h] = (sideBits[h] as number) | 1
      if (f & 4) sideBits[h] = (sideBits[h] as number) | 2
      if (f & 2) sideBits[h] = (sideBits[h] as number) | 4
      const nb = grid.neighbors[h * 6 + d] as number
      // defender at h attacked from nb across side d
      let sd = 0
      if (f & 1 && !(f & 2)) sd += T.hexsideDefense.stream
      if (f & 4) sd += T.hexsideDefense.hedge
      sideDef[h * 6 + d] = sd
      if (nb < 0) continue
      const tn = TERRAINS[terrain[nb] as number] as (typeof TERRAINS)[number]
      for (let arm = 0; arm < 2; arm++) {
        let c: number
        if (tn === 'water') c = IMPASSABLE
        else if (roadLink[h * 6 + d]) c = T.roadCost
        else {
          c = arm === 0 ? T.cost[tn].inf : T.cost[tn].cav
          if (f & 1 && !(f & 2)) c += T.hexsideCost.stream
          if (f & 4) c += T.hexsideCost.hedge
          const up = (elev[nb] as number) - (elev[h] as number)
          if (up > 0) c += up * T.uphillCost
        }
        cost[(arm * size + h) * 6 + d] = c <= 0 ? IMPASSABLE : Math.min(c, IMPASSABLE)
      }
    }
  }
  // interception / Reiter zone: the three hexes at range 2 of the frontal cone
  const izone = new Int32Array(size * 6 * 3).fill(-1)
  for (let h = 0; h < size; h++) {
    for (let f = 0; f < 6; f++) {
      const [aq, ar] = dirStep(f)
      const [bq, br] = dirStep(f + 1)
      for (let a = 2, k = 0; a >= 0; a--, k++) {
        const b = 2 - a
        const [c, r] = axialToOffset((grid.q[h] as number) + a * aq + b * bq, (grid.r[h] as number) + a * ar + b * br)
        if (c >= 0 && c < cols && r >= 0 && r < rows) izone[(h * 6 + f) * 3 + k] = r * cols + c
      }
    }
  }
  // edges
  const edgeDist = new Uint8Array(2 * size)
  const edgeFacing: [number, number] = [0, 0]
  for (let side = 0; side < 2; side++) {
    const e = sc.sides[side]?.edge
    if (e !== 'N' && e !== 'S' && e !== 'E' && e !== 'W') bad(`sides[${side}].edge`, `"${e}" must be N, S, E or W`)
    edgeFacing[side] = e === 'N' ? 0 : e === 'E' ? 1 : e === 'S' ? 3 : 4
    for (let h = 0; h < size; h++) {
      const c = h % cols
      const r = (h / cols) | 0
      edgeDist[side * size + h] = e === 'N' ? r : e === 'S' ? rows - 1 - r : e === 'W' ? c : cols - 1 - c
    }
  }
  // wings
  const wId = sc.wings.map((w) => w.id)
  const wSide = Uint8Array.from(sc.wings.map((w) => w.side))
  const wOrder: number[] = []
  sc.wings.forEach((w, i) => {
    const o = ORDERS.indexOf((w.order ?? 'march') as (typeof ORDERS)[number])
    if (o < 0) bad(`wings[${i}].order`, `wing ${w.id} order "${w.order}" must be one of ${ORDERS.join(', ')}`)
    wOrder.push(Math.max(0, o))
    if (w.side !== 0 && w.side !== 1) bad(`wings[${i}].side`, `wing ${w.id} side must be 0 or 1`)
  })
  // leaders (+ replacement slots)
  const lId: string[] = []
  const lName: string[] = []
  const lSide: number[] = []
  const lArmy: number[] = []
  const lWing: number[] = []
  const lRating: number[] = []
  const lRepl: number[] = []
  const lInitial: number[] = []
  const lHex: number[] = []
  const checkRating = (r: unknown, path: string, who: string) => {
    if (typeof r !== 'number' || !Number.isInteger(r) || r > -1 || r < -3) bad(path, `leader ${who} rating ${JSON.stringify(r)} must be -1, -2 or -3`)
  }
  sc.leaders.forEach((l, i) => {
    if (l.role !== 'army' && l.role !== 'wing') bad(`leaders[${i}].role`, `leader ${l.id} role "${l.role}" must be army or wing`)
    checkRating(l.rating, `leaders[${i}].rating`, l.id)
    const wi = l.wing === undefined ? -1 : wId.indexOf(l.wing)
    if (l.role === 'wing' && wi < 0) bad(`leaders[${i}].wing`, `wing commander ${l.id} needs a known wing (got ${JSON.stringify(l.wing)})`)
    if (wi >= 0 && wSide[wi] !== l.side) bad(`leaders[${i}].wing`, `leader ${l.id} (side ${l.side}) commands wing ${l.wing} of the other side`)
    const h = hexOfLabel(grid, l.hex)
    if (h < 0) bad(`leaders[${i}].hex`, `leader ${l.id} hex "${l.hex}" is not on the ${cols}x${rows} map`)
    lId.push(l.id)
    lName.push(l.name)
    lSide.push(l.side)
    lArmy.push(l.role === 'army' ? 1 : 0)
    lWing.push(l.role === 'army' ? -1 : wi)
    lRating.push(typeof l.rating === 'number' ? l.rating : -1)
    lRepl.push(-1)
    lInitial.push(1)
    lHex.push(h)
  })
  const ids = new Set<string>([...sc.units.map((u) => u.id), ...lId])
  sc.leaders.forEach((l, i) => {
    const r = l.replacement
    if (r === undefined) return
    if (!isObj(r) || typeof r.id !== 'string' || typeof r.name !== 'string') {
      bad(`leaders[${i}].replacement`, `leader ${l.id} replacement must be {id, name, rating}`)
      return
    }
    checkRating(r.rating, `leaders[${i}].replacement.rating`, r.id)
    if (ids.has(r.id)) bad(`leaders[${i}].replacement.id`, `replacement id "${r.id}" is already used`)
    ids.add(r.id)
    lRepl[i] = lId.length
    lId.push(r.id)
    lName.push(r.name)
    lSide.push(l.side)
    lArmy.push(lArmy[i] as number)
    lWing.push(lWing[i] as number)
    lRating.push(typeof r.rating === 'number' ? r.rating : -1)
    lRepl.push(-1)
    lInitial.push(0)
    lHex.push(-1)
  })
  const wCmd: number[] = sc.wings.map(() => -1)
  sc.wings.forEach((w, i) => {
    if (w.commander === undefined) return // a wing without a commander never activates (2.1 B)
    const li = sc.leaders.findIndex((l) => l.id === w.commander)
    if (li < 0) bad(`wings[${i}].commander`, `wing ${w.id} commander ${JSON.stringify(w.commander)} is not a leader of the scenario`)
    else if (lWing[li] !== i) bad(`wings[${i}].commander`, `wing ${w.id} commander ${w.commander} must be a wing leader of that wing`)
    else wCmd[i] = li
  })
  // units
  const uSide: number[] = []
  const uType: number[] = []
  const uArm: number[] = []
  const uWing: number[] = []
  const uValue: number[] = []
  const uHex: number[] = []
  const uFace: number[] = []
  const uStatus: number[] = []
  const startValue: [number, number] = [0, 0]
  sc.units.forEach((u, i) => {
    const t = UNIT_TYPES.indexOf(u.type as (typeof UNIT_TYPES)[number])
    if (t < 0) bad(`units[${i}].type`, `unit ${u.id} type "${u.type}" is not a piwam type (${UNIT_TYPES.join(' ')})`)
    const h = hexOfLabel(grid, u.hex)
    if (h < 0) bad(`units[${i}].hex`, `unit ${u.id} hex "${u.hex}" is not on the ${cols}x${rows} map`)
    else if (terrain[h] === TERRAINS.indexOf('water')) bad(`units[${i}].hex`, `unit ${u.id} stands in water at ${u.hex}`)
    const f = VERTEX_NAMES.indexOf(u.facing as (typeof VERTEX_NAMES)[number])
    if (f < 0) bad(`units[${i}].facing`, `unit ${u.id} at ${u.hex} facing "${u.facing}" must be a vertex: ${VERTEX_NAMES.join(' ')}`)
    const st = STATUSES.indexOf((u.status ?? 'normal') as (typeof STATUSES)[number])
    if (st < 0) bad(`units[${i}].status`, `unit ${u.id} at ${u.hex} status "${u.status}" must be one of ${STATUSES.join(', ')}`)
    if (u.type === 'ART' && st > 0) bad(`units[${i}].status`, `artillery ${u.id} at ${u.hex} has only the normal status`)
    const wi = u.wing === undefined ? -1 : wId.indexOf(u.wing)
    if (wi < 0) bad(`units[${i}].wing`, `unit ${u.id} at ${u.hex} needs a known wing (got ${JSON.stringify(u.wing)})`)
    else if (wSide[wi] !== u.side) bad(`units[${i}].wing`, `unit ${u.id} (side ${u.side}) is in wing ${u.wing} of the other side`)
    const tt = Math.max(0, t)
    uSide.push(u.side)
    uType.push(tt)
    const arm = ARMS[tt]
    uArm.push(arm === 'cav' ? ARM_CAV : arm === 'art' ? ARM_ART : ARM_INF)
    uWing.push(wi)
    const v = tables.unitTypes.value[UNIT_TYPES[tt] as (typeof UNIT_TYPES)[number]]
    uValue.push(v)
    if (u.side === 0 || u.side === 1) startValue[u.side] += v
    uHex.push(h)
    uFace.push(Math.max(0, f))
    uStatus.push(Math.max(0, st))
  })
  // victory
  const vic = sc.victory ?? {}
  const bf = vic.breakFraction ?? 0.5
  const dm = vic.drawMargin ?? 0
  if (typeof bf !== 'number' || !(bf > 0 && bf <= 1)) bad('victory.breakFraction', `must be a number in (0, 1], got ${JSON.stringify(bf)}`)
  if (typeof dm !== 'number' || !(dm >= 0)) bad('victory.drawMargin', `must be a number >= 0, got ${JSON.stringify(dm)}`)
  for (const k of Object.keys(vic)) if (k !== 'breakFraction' && k !== 'drawMargin' && !k.startsWith('$')) bad(`victory.${k}`, 'unknown field (piwam victory has breakFraction, drawMargin)')
  if (!Number.isInteger(sc.turns) || sc.turns < 1) bad('turns', `turn limit ${sc.turns} must be a positive integer`)
  if (errors.length > 0) return { ctx: null, errors }
  const ctx: Ctx = {
    scenario: sc,
    grid,
    tables,
    size,
    terrain,
    elev,
    road,
    cost,
    sideDef,
    sideBits,
    izone,
    edgeDist,
    edgeFacing,
    n: sc.units.length,
    uId: sc.units.map((u) => u.id),
    uSide: Uint8Array.from(uSide),
    uType: Uint8Array.from(uType),
    uArm: Uint8Array.from(uArm),
    uWing: Int16Array.from(uWing),
    uValue: Uint8Array.from(uValue),
    m: lId.length,
    lId,
    lName,
    lSide: Uint8Array.from(lSide),
    lArmy: Uint8Array.from(lArmy),
    lWing: Int16Array.from(lWing),
    lRating: Int8Array.from(lRating),
    lRepl: Int16Array.from(lRepl),
    lInitial: Uint8Array.from(lInitial),
    w: sc.wings.length,
    wId,
    wSide,
    startValue,
    breakFraction: bf as number,
    drawMargin: dm as number,
    turns: sc.turns,
    init: { uHex, uFace, uStatus, lHex, wOrder, wCmd },
  }
  return { ctx, errors }
}
