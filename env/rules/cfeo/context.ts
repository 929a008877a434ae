// What bind() precomputes from a scenario (immutable): grid, terrain, hexsides, unit and leader
// attributes, and the vocabulary checks. Every error names the field, the unit or the hex.

import type { TercioError } from '../../core/types.ts'
import { err } from '../../core/types.ts'
import { hexOfLabel, makeGrid, VERTEX_NAMES, type HexGrid } from '../../hex/grid.ts'
import type { Scenario } from '../../scenario/types.ts'
import { F_COLUMN, F_LINE, F_UNFORMED, FORMATIONS, GRADES, HEXSIDES, ORDERS, TERRAIN_TABLE, TERRAINS, TYPE_STATS, UNIT_SIZE, UNIT_TYPES, VICTORY, COMMAND } from './tables.ts'

/** Hexside bit: this hex is the defended side of a ditch or rampart. */
export const GUARD = 1 << 7

export const NATIONS = ['', 'swiss', 'landsknecht', 'spanish'] as const

export interface Ctx {
  readonly scenario: Scenario
  readonly grid: HexGrid
  readonly size: number
  readonly turns: number
  readonly terrain: Uint8Array
  readonly elev: Uint8Array
  readonly road: Uint8Array
  /** Bit set of HEXSIDES features on side d of hex h: side[h * 6 + d]. */
  readonly side: Uint8Array
  readonly rough: Uint8Array
  readonly closed: Uint8Array
  readonly impassable: Uint8Array
  readonly blocksSight: Uint8Array
  readonly hardCover: Uint8Array
  readonly n: number
  readonly uId: readonly string[]
  readonly uSide: Uint8Array
  readonly uWing: Int16Array
  readonly uType: Uint8Array
  readonly uArm: Uint8Array
  readonly uGrade: Uint8Array
  readonly uArmoured: Uint8Array
  readonly uShot: Uint8Array
  readonly uNation: Uint8Array
  readonly uFollowOn: Uint8Array
  readonly uLight: Uint8Array
  readonly init: { hex: number[]; face: number[]; stands: number[]; form: number[]; ranks: number[]; dp: number[]; limbered: number[] }
  readonly m: number
  readonly lId: readonly string[]
  readonly lSide: Uint8Array
  /** 0 general, 1 commander. */
  readonly lRole: Uint8Array
  readonly lWing: Int16Array
  readonly lActions: Uint8Array
  readonly lExceptional: Uint8Array
  readonly lInit: { hex: number[]; att: number[] }
  readonly w: number
  readonly wId: readonly string[]
  readonly wSide: Uint8Array
  readonly wCmd: Int16Array
  readonly wObjective: Int32Array
  readonly wInitOrder: number[]
  /** Side attacking a defended position (moves first on turn 1), -1 none. */
  readonly attacker: number
  readonly breakFraction: number
  readonly drawMargin: number
  readonly startStands: [number, number]
  readonly startUnits: [number, number]
  /** Per side: the friendly edge's outward direction test (row/col), for routs off the map. */
  readonly edge: readonly string[]
}

export function buildContext(sc: Scenario): { ctx: Ctx | null; errors: TercioError[] } {
  const errors: TercioError[] = []
  const bad = (path: string, msg: string) => errors.push(err('SCENARIO_INVALID', `${path}: ${msg}`, path))
  const grid = makeGrid(sc.map.cols, sc.map.rows)
  const size = grid.size
  const terrain = new Uint8Array(size)
  const elev = new Uint8Array(size)
  const road = new Uint8Array(size)
  const side = new Uint8Array(size * 6)
  for (const [ch, id] of Object.entries(sc.map.legend)) {
    if (!(TERRAINS as readonly string[]).includes(id)) bad(`map.legend.${ch}`, `unknown cfeo terrain "${id}" (known: ${TERRAINS.join(' ')})`)
  }
  for (let r = 0; r < sc.map.rows; r++) {
    const row = sc.map.terrain[r] ?? ''
    for (let c = 0; c < sc.map.cols; c++) {
      const t = TERRAINS.indexOf((sc.map.legend[row[c] ?? ''] ?? 'clear') as (typeof TERRAINS)[number])
      terrain[r * sc.map.cols + c] = t < 0 ? 0 : t
      const e = sc.map.elevation?.[r]?.[c]
      elev[r * sc.map.cols + c] = e === undefined ? 0 : Number(e)
    }
  }
  for (const rd of sc.map.roads ?? []) for (const lab of rd) {
    const h = hexOfLabel(grid, lab)
    if (h >= 0) road[h] = 1
  }
  ;(sc.map.hexsides ?? []).forEach((hs, i) => {
    const f = HEXSIDES.indexOf(hs.feature as (typeof HEXSIDES)[number])
    if (f < 0) return bad(`map.hexsides[${i}].feature`, `unknown cfeo hexside feature "${hs.feature}" (known: ${HEXSIDES.join(' ')})`)
    const a = hexOfLabel(grid, hs.hexes[0])
    const b = hexOfLabel(grid, hs.hexes[1])
    // a ditch or rampart protects its first hex (hexes[0] is the defended side): GUARD on that side only
    const guard = hs.feature === 'ditch' || hs.feature === 'rampart' ? GUARD : 0
    for (let d = 0; d < 6; d++) {
      if (grid.neighbors[a * 6 + d] === b) side[a * 6 + d] = (side[a * 6 + d] as number) | (1 << f) | guard
      if (grid.neighbors[b * 6 + d] === a) side[b * 6 + d] = (side[b * 6 + d] as number) | (1 << f)
    }
  })
  // terrain table (overridable: scenario.tables.terrain)
  const tt = { ...TERRAIN_TABLE } as Record<string, unknown>
  const ov = sc.tables?.['terrain']
  if (ov !== undefined) {
    if (typeof ov !== 'object' || ov === null) bad('tables.terrain', 'expected an object of per-terrain boolean arrays')
    else for (const [k, v] of Object.entries(ov)) {
      if (k.startsWith('$')) continue
      if (!['rough', 'closedToHorseAndGuns', 'impassable', 'blocksSight', 'hardCover'].includes(k)) bad(`tables.terrain.${k}`, 'unknown terrain property (rough, closedToHorseAndGuns, impassable, blocksSight, hardCover)')
      else if (!Array.isArray(v) || v.length !== TERRAINS.length || !v.every((x) => typeof x === 'boolean')) bad(`tables.terrain.${k}`, `expected ${TERRAINS.length} booleans (${TERRAINS.join(' ')})`)
      else tt[k] = v
    }
  }
  for (const k of Object.keys(sc.tables ?? {})) if (k !== 'terrain' && !k.startsWith('$')) bad(`tables.${k}`, 'unknown cfeo table (overridable: terrain; victory parameters go in victory)')
  const prop = (k: string) => Uint8Array.from(terrain, (t) => ((tt[k] as readonly boolean[])[t] ? 1 : 0))

  const wId = sc.wings.map((w) => w.id)
  const w = wId.length
  const wSide = Uint8Array.from(sc.wings.map((x) => x.side))
  const wCmd = new Int16Array(w).fill(-1)
  const wObjective = new Int32Array(w).fill(-1)
  const wInitOrder: number[] = []
  const lId = sc.leaders.map((l) => l.id)
  sc.wings.forEach((x, i) => {
    const o = ORDERS.indexOf((x.order ?? 'attack') as (typeof ORDERS)[number])
    if (o < 0) bad(`wings[${i}].order`, `battalia "${x.id}": unknown order "${x.order}" (known: ${ORDERS.join(', ')})`)
    wInitOrder.push(Math.max(0, o))
    if (x.commander !== undefined) wCmd[i] = lId.indexOf(x.commander)
    else bad(`wings[${i}].commander`, `battalia "${x.id}": every battalia needs a commander (a leader on table)`)
  })
  const objectives = (sc.rules?.['objectives'] ?? {}) as Record<string, unknown>
  for (const [k, v] of Object.entries(objectives)) {
    const i = wId.indexOf(k)
    const h = typeof v === 'string' ? hexOfLabel(grid, v) : -1
    if (i < 0) bad(`rules.objectives.${k}`, `unknown battalia "${k}"`)
    else if (h < 0) bad(`rules.objectives.${k}`, `battalia "${k}": objective ${JSON.stringify(v)} is not a hex of the map`)
    else wObjective[i] = h
  }
  sc.wings.forEach((x, i) => {
    if (wInitOrder[i] === 1 && wObjective[i]! < 0) bad(`wings[${i}].order`, `battalia "${x.id}": order advance-defend needs rules.objectives.${x.id}`)
  })

  const n = sc.units.length
  const uSide = new Uint8Array(n)
  const uWing = new Int16Array(n).fill(-1)
  const uType = new Uint8Array(n)
  const uArm = new Uint8Array(n)
  const uGrade = new Uint8Array(n)
  const uArmoured = new Uint8Array(n)
  const uShot = new Uint8Array(n)
  const uNation = new Uint8Array(n)
  const uFollowOn = new Uint8Array(n)
  const uLight = new Uint8Array(n)
  const init = { hex: [] as number[], face: [] as number[], stands: [] as number[], form: [] as number[], ranks: [] as number[], dp: [] as number[], limbered: [] as number[] }
  const occupied = new Map<number, string>()
  sc.units.forEach((u, i) => {
    const p = `units[${i}]`
    const what = `unit "${u.id}"`
    uSide[i] = u.side
    if (u.wing !== undefined) uWing[i] = wId.indexOf(u.wing)
    else bad(`${p}.wing`, `${what}: every unit belongs to a battalia`)
    const t = UNIT_TYPES.indexOf(u.type as (typeof UNIT_TYPES)[number])
    if (t < 0) bad(`${p}.type`, `${what}: unknown cfeo unit type "${u.type}" (known: ${UNIT_TYPES.join(' ')})`)
    const ty = Math.max(0, t)
    uType[i] = ty
    const st = TYPE_STATS[UNIT_TYPES[ty]!]
    uArm[i] = st.arm
    uLight[i] = st.light ? 1 : 0
    const g = GRADES.indexOf(u['grade'] as (typeof GRADES)[number])
    if (g < 0) bad(`${p}.grade`, `${what}: grade must be one of ${GRADES.join(' ')}, got ${JSON.stringify(u['grade'])}`)
    uGrade[i] = Math.max(0, g)
    const isGun = st.arm === 2
    const stands = u['stands'] === undefined && isGun ? 1 : u['stands']
    if (typeof stands !== 'number' || !Number.isInteger(stands) || (isGun ? stands !== 1 : stands < UNIT_SIZE.min || stands > UNIT_SIZE.max)) {
      bad(`${p}.stands`, `${what}: stands must be ${isGun ? '1 for a gun (a battery)' : `an integer ${UNIT_SIZE.min}..${UNIT_SIZE.max}`}, got ${JSON.stringify(u['stands'])}`)
    }
    const ns = typeof stands === 'number' && Number.isInteger(stands) ? Math.max(1, Math.min(12, stands)) : 2
    init.stands.push(ns)
    const fname = u['formation'] ?? (st.light ? 'unformed' : isGun ? 'line' : 'line')
    let form = FORMATIONS.indexOf(fname as (typeof FORMATIONS)[number])
    if (form < 0) {
      bad(`${p}.formation`, `${what}: formation must be one of ${FORMATIONS.join(' ')}, got ${JSON.stringify(u['formation'])}`)
      form = F_LINE
    }
    if (st.light && form !== F_UNFORMED) bad(`${p}.formation`, `${what}: light troops are always unformed`)
    if (!st.light && !isGun && form === F_UNFORMED) bad(`${p}.formation`, `${what}: units may not start unformed (only light troops are)`)
    init.form.push(st.light ? F_UNFORMED : form)
    const ranks = u['ranks'] ?? (form === F_COLUMN ? ns : 1)
    if (typeof ranks !== 'number' || !Number.isInteger(ranks) || ranks < 1 || ranks > ns) bad(`${p}.ranks`, `${what}: ranks must be an integer 1..${ns}`)
    else if (form === F_LINE && !isGun && Math.ceil(ns / ranks) < ranks) bad(`${p}.ranks`, `${what}: a line is at least as wide as it is deep (${ns} stands in ${ranks} ranks is deeper than wide)`)
    init.ranks.push(form === F_COLUMN ? ns : typeof ranks === 'number' ? Math.max(1, Math.min(ns, ranks)) : 1)
    uArmoured[i] = u['armoured'] === true ? 1 : 0
    if (u['armoured'] !== undefined && typeof u['armoured'] !== 'boolean') bad(`${p}.armoured`, `${what}: armoured must be true or false`)
    const shot = u['shot'] ?? (UNIT_TYPES[ty] === 'tercio' ? Math.floor(ns / 2) : 0)
    if (typeof shot !== 'number' || !Number.isInteger(shot) || shot < 0 || shot >= ns) bad(`${p}.shot`, `${what}: shot stands must be an integer 0..${ns - 1}`)
    uShot[i] = typeof shot === 'number' ? Math.max(0, shot) : 0
    const nat = NATIONS.indexOf((u['nation'] ?? '') as (typeof NATIONS)[number])
    if (nat < 0) bad(`${p}.nation`, `${what}: nation must be one of ${NATIONS.filter((x) => x).join(' ')}`)
    uNation[i] = Math.max(0, nat)
    uFollowOn[i] = u['followOn'] === true ? 1 : 0
    const dp = u['dp'] ?? 0
    if (typeof dp !== 'number' || !Number.isInteger(dp) || dp < 0 || dp > 6) bad(`${p}.dp`, `${what}: dp must be an integer 0..6`)
    init.dp.push(typeof dp === 'number' ? Math.max(0, Math.min(6, dp)) : 0)
    init.limbered.push(isGun && u['limbered'] === true ? 1 : 0)
    const h = hexOfLabel(grid, u.hex)
    init.hex.push(h)
    const f = VERTEX_NAMES.indexOf(u.facing as (typeof VERTEX_NAMES)[number])
    if (f < 0) bad(`${p}.facing`, `${what}: cfeo uses vertex facings (${VERTEX_NAMES.join(' ')}), got "${u.facing}"`)
    init.face.push(Math.max(0, f))
    if (h >= 0) {
      const other = occupied.get(h)
      if (other !== undefined) bad(`${p}.hex`, `${what}: hex ${u.hex} already holds unit "${other}" (one unit a hex)`)
      occupied.set(h, u.id)
      if (TERRAIN_TABLE.impassable[terrain[h]!]) bad(`${p}.hex`, `${what}: hex ${u.hex} is impassable`)
    }
    for (const k of Object.keys(u)) {
      if (!['id', 'side', 'wing', 'type', 'hex', 'facing', 'status', 'name', 'grade', 'stands', 'formation', 'ranks', 'armoured', 'shot', 'nation', 'followOn', 'dp', 'limbered'].includes(k) && !k.startsWith('$')) bad(`${p}.${k}`, `${what}: unknown cfeo unit field "${k}"`)
    }
  })
  const m = sc.leaders.length
  const lSide = new Uint8Array(m)
  const lRole = new Uint8Array(m)
  const lWing = new Int16Array(m).fill(-1)
  const lActions = new Uint8Array(m)
  const lExceptional = new Uint8Array(m)
  const lInit = { hex: [] as number[], att: [] as number[] }
  const generals = [0, 0]
  sc.leaders.forEach((l, i) => {
    const p = `leaders[${i}]`
    const what = `leader "${l.id}"`
    lSide[i] = l.side
    if (l.role !== 'general' && l.role !== 'commander') bad(`${p}.role`, `${what}: role must be "general" or "commander", got "${l.role}"`)
    lRole[i] = l.role === 'general' ? 0 : 1
    if (l.role === 'general') generals[l.side]!++
    if (l.wing !== undefined) lWing[i] = wId.indexOf(l.wing)
    else if (l.role === 'commander') bad(`${p}.wing`, `${what}: a commander names his battalia`)
    const base = l.role === 'general' ? COMMAND.actions.general : COMMAND.actions.commander
    if (!Number.isInteger(l.rating) || l.rating < 1 || l.rating > base + 1) bad(`${p}.rating`, `${what}: rating is his number of actions, 1..${base + 1} for a ${l.role}`)
    lActions[i] = Math.max(1, Math.min(3, Number.isInteger(l.rating) ? l.rating : 1))
    lExceptional[i] = l.rating > base ? 1 : 0
    lInit.hex.push(hexOfLabel(grid, l.hex))
    const att = l['attached']
    let a = -1
    if (att !== undefined) {
      a = sc.units.findIndex((u) => u.id === att)
      if (a < 0) bad(`${p}.attached`, `${what}: unknown unit ${JSON.stringify(att)}`)
      else if (sc.units[a]!.hex !== l.hex) bad(`${p}.attached`, `${what}: attached to "${String(att)}" but not on its hex ${sc.units[a]!.hex}`)
      else if (sc.units[a]!.side !== l.side) bad(`${p}.attached`, `${what}: attached to an enemy unit`)
    }
    lInit.att.push(a)
    for (const k of Object.keys(l)) if (!['id', 'side', 'name', 'role', 'wing', 'rating', 'hex', 'replacement', 'attached'].includes(k) && !k.startsWith('$')) bad(`${p}.${k}`, `${what}: unknown cfeo leader field "${k}"`)
    if (l.replacement !== undefined) bad(`${p}.replacement`, `${what}: cfeo has no leader replacements`)
  })
  generals.forEach((g, s) => {
    if (g !== 1) bad('leaders', `side ${s} needs exactly one general (role "general"), has ${g}`)
  })
  sc.wings.forEach((x, i) => {
    const j = wCmd[i]!
    if (x.commander !== undefined && (j < 0 || sc.leaders[j]!.role !== 'commander' || lWing[j] !== i)) bad(`wings[${i}].commander`, `battalia "${x.id}": commander "${x.commander}" must be a commander leader naming this battalia`)
  })
  let attacker = -1
  const a = sc.rules?.['attacker']
  if (a !== undefined) {
    if (a !== 0 && a !== 1) bad('rules.attacker', 'the side attacking a defended position: 0 or 1')
    else attacker = a
  }
  for (const k of Object.keys(sc.rules ?? {})) if (!['attacker', 'objectives'].includes(k) && !k.startsWith('$')) bad(`rules.${k}`, 'unknown cfeo rule extra (attacker, objectives)')
  const vic = sc.victory ?? {}
  const bf = vic['breakFraction'] ?? VICTORY.breakFraction
  const dm = vic['drawMargin'] ?? VICTORY.drawMargin
  if (typeof bf !== 'number' || bf <= 0 || bf > 1) bad('victory.breakFraction', 'expected a number in (0, 1]')
  if (typeof dm !== 'number' || dm < 0 || dm > 1) bad('victory.drawMargin', 'expected a number in [0, 1]')
  for (const k of Object.keys(vic)) if (!['breakFraction', 'drawMargin'].includes(k) && !k.startsWith('$')) bad(`victory.${k}`, 'unknown cfeo victory parameter (breakFraction, drawMargin)')
  const startStands: [number, number] = [0, 0]
  const startUnits: [number, number] = [0, 0]
  for (let u = 0; u < n; u++) {
    startStands[uSide[u] as 0 | 1] += init.stands[u]!
    startUnits[uSide[u] as 0 | 1]++
  }
  if (startUnits[0] === 0 || startUnits[1] === 0) bad('units', 'each side needs at least one unit')
  if (errors.length) return { ctx: null, errors }
  const ctx: Ctx = {
    scenario: sc,
    grid,
    size,
    turns: sc.turns,
    terrain,
    elev,
    road,
    side,
    rough: prop('rough'),
    closed: prop('closedToHorseAndGuns'),
    impassable: prop('impassable'),
    blocksSight: prop('blocksSight'),
    hardCover: prop('hardCover'),
    n,
    uId: sc.units.map((u) => u.id),
    uSide,
    uWing,
    uType,
    uArm,
    uGrade,
    uArmoured,
    uShot,
    uNation,
    uFollowOn,
    uLight,
    init,
    m,
    lId,
    lSide,
    lRole,
    lWing,
    lActions,
    lExceptional,
    lInit,
    w,
    wId,
    wSide,
    wCmd,
    wObjective,
    wInitOrder,
    attacker,
    breakFraction: bf as number,
    drawMargin: dm as number,
    startStands,
    startUnits,
    edge: sc.sides.map((s) => s.edge),
  }
  return { ctx, errors }
}
