// Helpers every CFEO mechanic uses: the occupancy index, geometry (fronts, nearest enemy, lines of
// sight), disorder points and casualties (Morale), and the risk to attached leaders.

import { avd, d6 } from '../../dice.ts'
import { hexesBetween, rot } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { type CfeoEvent, type CfeoState, L_KILLED, L_OK, L_WOUNDED, LF_RISK_COMBAT, LF_RISK_FIRE, S_DESTROYED, S_OK, S_ROUTING, U_ABANDONED, U_FIRED_LAST, U_REFUSED, STATUSES } from './state.ts'
import { ARM_GUN, ARM_HORSE, F_UNFORMED, LEADER_RISK, MORALE, T, withinHexes, YARDS_PER_HEX } from './tables.ts'

/** Per-engine scratch: hex -> unit index (-1 empty), rebuilt by sync() from the state. */
export interface Scratch {
  occ: Int16Array
  ev: CfeoEvent[] | null
  /** BFS marks and queue (control, conformers, paths). */
  mark: Int32Array
  q: Int32Array
}

/** Offsets of the action layout's segments (choices, wings, units and leaders, hexes). */
export interface Offsets {
  readonly c: number
  readonly w: number
  readonly u: number
  readonly h: number
}

/** What the phase modules (movement, fast, combat) work with: the scenario, the scratch, the action offsets. */
export interface FlowCtx {
  readonly c: Ctx
  readonly x: Scratch
  readonly o: Offsets
}

export function makeScratch(c: Ctx): Scratch {
  return { occ: new Int16Array(c.size), ev: null, mark: new Int32Array(Math.max(c.size, c.n)), q: new Int32Array(Math.max(c.size, c.n) * 2) }
}

export const onMap = (s: CfeoState, u: number): boolean => (s.uHex[u] as number) >= 0

/** Rebuilds the occupancy index (one unit a hex). */
export function sync(c: Ctx, x: Scratch, s: CfeoState): void {
  x.occ.fill(-1)
  for (let u = 0; u < c.n; u++) {
    const h = s.uHex[u] as number
    if (h >= 0) x.occ[h] = u
  }
}

export const label = (c: Ctx, h: number): string => (h >= 0 ? (c.grid.labels[h] as string) : 'off-map')
export const dist = (c: Ctx, a: number, b: number): number => c.grid.dist[a * c.size + b] as number

/** "within R yds" of two units' hexes. */
export const within = (c: Ctx, a: number, b: number, yards: number): boolean => dist(c, a, b) <= withinHexes(yards)

/** A unit that fights: on the map, not a routing unit, not an abandoned gun. */
export function active(c: Ctx, s: CfeoState, u: number): boolean {
  return (s.uHex[u] as number) >= 0 && s.uStatus[u] !== S_ROUTING && ((s.uFl[u] as number) & U_ABANDONED) === 0
}

/** Distance from hex h to the nearest enemy (of side `side`'s enemy) unit on the map; 99 if none. */
export function nearestEnemyDist(c: Ctx, s: CfeoState, side: number, h: number): number {
  let best = 99
  for (let v = 0; v < c.n; v++) {
    if (c.uSide[v] === side) continue
    const hv = s.uHex[v] as number
    if (hv < 0 || ((s.uFl[v] as number) & U_ABANDONED) !== 0) continue
    const d = dist(c, h, hv)
    if (d < best) best = d
  }
  return best
}

export const isUnformed = (c: Ctx, s: CfeoState, u: number): boolean => s.uForm[u] === F_UNFORMED || c.uLight[u] === 1
export const isGun = (c: Ctx, u: number): boolean => c.uArm[u] === ARM_GUN

/** Front stands: a line's width; a column shows one stand; unformed all (dispersed). */
export function frontStands(c: Ctx, s: CfeoState, u: number): number {
  const st = s.uStands[u] as number
  if (isUnformed(c, s, u)) return st
  return Math.ceil(st / Math.max(1, s.uRanks[u] as number))
}

/** Is hex `to` (adjacent to `from`) across one of the two front sides of facing f? */
export function inFrontSides(c: Ctx, from: number, f: number, to: number): boolean {
  return c.grid.neighbors[from * 6 + rot(f, 0)] === to || c.grid.neighbors[from * 6 + rot(f, 1)] === to
}

/** Is `to` in the frontal zone of a unit at `from` facing f: its 60° cone, plus the hexes along its two
 *  front sides' directions (the grid's nearest form of "within 45° of centre"). */
export function inFrontArc(c: Ctx, from: number, f: number, to: number): boolean {
  if (from === to) return false
  const g = c.grid
  const dq = (g.q[to] as number) - (g.q[from] as number)
  const dr = (g.r[to] as number) - (g.r[from] as number)
  // decompose along the two front directions: a*A + b*B with a, b >= 0
  const A = AX[rot(f, 0)] as readonly [number, number]
  const B = AX[rot(f, 1)] as readonly [number, number]
  const det = A[0] * B[1] - A[1] * B[0]
  const a = (dq * B[1] - dr * B[0]) / det
  const b = (A[0] * dr - A[1] * dq) / det
  return a >= -1e-9 && b >= -1e-9
}
const AX: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
]

/** The arc of a unit at `from` facing f in which `to` lies: 0 front, 1 flank, 2 rear (by direction, any range). */
export function arcOf(c: Ctx, from: number, f: number, to: number): number {
  if (inFrontArc(c, from, f, to)) return 0
  if (inFrontArc(c, from, rot(f, 3), to)) return 2
  return 1
}

/** hexesBetween, cached per engine context (lines are asked for again and again by fire and charges). */
const betweenCache = new WeakMap<Ctx, (readonly number[] | undefined)[]>()
export function betweenOf(c: Ctx, a: number, b: number): readonly number[] {
  let cache = betweenCache.get(c)
  if (!cache) {
    cache = new Array<readonly number[] | undefined>(c.size * c.size)
    betweenCache.set(c, cache)
  }
  const k = a * c.size + b
  let v = cache[k]
  if (v === undefined) {
    v = hexesBetween(c.grid, a, b)
    cache[k] = v
  }
  return v
}

/** Line of sight (Visibility): woods and towns block and limit sight to 40 yds; formed units block,
 *  except that a viewer on higher ground sees over units at least 40 yds from the target. */
export function canSee(c: Ctx, x: Scratch, s: CfeoState, from: number, to: number): boolean {
  const d = dist(c, from, to)
  if (d <= 1) return true
  const near = withinHexes(40)
  if ((c.blocksSight[from] || c.blocksSight[to]) && d > near) return false
  const between = betweenOf(c, from, to)
  const e0 = c.elev[from] as number
  for (const h of between) {
    if (h < 0) continue
    if (c.blocksSight[h]) return false
    if ((c.elev[h] as number) > e0 && (c.elev[h] as number) >= (c.elev[to] as number)) return false
    const v = x.occ[h] as number
    if (v >= 0 && s.uForm[v] !== F_UNFORMED && c.uLight[v] === 0) {
      // the high ground sees over units at least 40 yds off that did not fire last turn (their smoke)
      const overlook = e0 > (c.elev[h] as number) && dist(c, h, to) >= 2 && ((s.uFl[v] as number) & U_FIRED_LAST) === 0
      if (!overlook) return false
    }
  }
  return true
}

/** DP capacity (Morale): stands -1 D grade, +1 A grade and skirmishers, max 6. */
export function capacity(c: Ctx, s: CfeoState, u: number): number {
  let cap = (s.uStands[u] as number) + (MORALE.capacityByGrade[c.uGrade[u] as number] as number)
  if (c.uType[u] === T.skirmishers) cap += MORALE.skirmisherBonus
  return Math.max(1, Math.min(MORALE.capacityMax, cap))
}

export type DpSource = 'fire' | 'combat' | 'morale' | 'manoeuvre'

/** Adds DPs. Manoeuvre DPs stop at 3 (and at capacity); fire/combat/morale DPs beyond capacity become
 *  casualties. Returns DPs + casualties actually taken. */
export function addDp(c: Ctx, x: Scratch, s: CfeoState, u: number, n: number, src: DpSource, why: string): number {
  if (n <= 0 || (s.uHex[u] as number) < 0) return 0
  const cap = capacity(c, s, u)
  let dp = s.uDp[u] as number
  let added = 0
  let cas = 0
  for (let i = 0; i < n; i++) {
    if (src === 'manoeuvre') {
      if (dp >= MORALE.movementDpCap || dp >= cap) break
      dp++
      added++
    } else if (dp < cap) {
      dp++
      added++
    } else cas++
  }
  s.uDp[u] = dp
  if (added && x.ev) x.ev.push({ type: 'dp', unit: c.uId[u] as string, dps: added, total: dp, why })
  if (cas) casualties(c, x, s, u, cas, why, src === 'fire' ? LF_RISK_FIRE : src === 'combat' ? LF_RISK_COMBAT : 0)
  return added + cas
}

/** Removes stands (a casualty is one stand; reading, docs/rules/cfeo.md); none left = destroyed. An attached
 *  leader tests ("a casualty in any circumstances", Risk to Leaders): for a casualty from fire or combat
 *  (`risk`) within that turn's one test for it, for any other casualty (risk 0) each time. */
export function casualties(c: Ctx, x: Scratch, s: CfeoState, u: number, n: number, why: string, risk: LeaderRiskSource = 0): void {
  if (n <= 0 || (s.uHex[u] as number) < 0) return
  const left = Math.max(0, (s.uStands[u] as number) - n)
  s.uStands[u] = left
  if (x.ev) x.ev.push({ type: 'casualty', unit: c.uId[u] as string, stands: n, why })
  if (left === 0) destroy(c, x, s, u, why)
  else {
    const cap = capacity(c, s, u)
    if ((s.uDp[u] as number) > cap) s.uDp[u] = cap
    if ((s.uRanks[u] as number) > left) s.uRanks[u] = left
    leaderRisk(c, x, s, u, risk)
  }
}

/** Morale events of this turn, read in the Morale Phase: [kind, hex, grade rank, side]. */
export const ME_UNIT_ROUT = 0
export const ME_INF_RETIRE = 1
export const ME_GENERAL = 2
export const ME_COMMANDER = 3
export const ME_EVADE = 4

export function moraleEvent(s: CfeoState, kind: number, hex: number, rank: number, side: number): void {
  s.mEv.push(kind, hex, rank, side)
}

export function destroy(c: Ctx, x: Scratch, s: CfeoState, u: number, why: string): void {
  const h = s.uHex[u] as number
  if (h < 0) return
  moraleEvent(s, ME_UNIT_ROUT, h, gradeRank(c, u), c.uSide[u] as number)
  if (x.occ[h] === u) x.occ[h] = -1
  s.uHex[u] = -1
  const from = STATUSES[s.uStatus[u] as number] as string
  s.uStatus[u] = S_DESTROYED
  s.uFoe[u] = -1
  s.uCharge[u] = -1
  for (let v = 0; v < c.n; v++) if (s.uFoe[v] === u) s.uFoe[v] = -1
  for (let j = 0; j < c.m; j++) if (s.lAtt[j] === u) {
    s.lAtt[j] = -1
    killLeader(c, s, j, x)
  }
  if (x.ev) {
    x.ev.push({ type: 'status', unit: c.uId[u] as string, from, to: 'destroyed' })
    x.ev.push({ type: 'destroyed', unit: c.uId[u] as string, why })
  }
}

export const gradeRank = (c: Ctx, u: number): number => [5, 5, 4, 3, 2, 1][c.uGrade[u] as number] as number

export function killLeader(c: Ctx, s: CfeoState, j: number, x: Scratch): void {
  if (s.lState[j] === L_KILLED) return
  const h = s.lHex[j] as number
  if (h >= 0) moraleEvent(s, c.lRole[j] === 0 ? ME_GENERAL : ME_COMMANDER, h, 0, c.lSide[j] as number)
  s.lState[j] = L_KILLED
  s.lHex[j] = -1
  s.lAtt[j] = -1
  s.lInf[j] = 0
  s.lInfN[j] = 0
  if (x.ev) x.ev.push({ type: 'leader-hit', leader: c.lId[j] as string, result: 'killed' })
}

/** What made an attached leader test: fire, combat (each once a turn), or 0, a casualty from anything else. */
export type LeaderRiskSource = typeof LF_RISK_FIRE | typeof LF_RISK_COMBAT | 0

/** Risk to Leaders: the attached leader tests (1 = hit; then 1 killed, 2-4 wounded, 5-6 near miss), at most once a
 *  turn for fire and once for combat; for a casualty from anything else (`from` 0) each time. */
export function leaderRisk(c: Ctx, x: Scratch, s: CfeoState, u: number, from: LeaderRiskSource): void {
  for (let j = 0; j < c.m; j++) {
    if (s.lAtt[j] !== u || (s.lState[j] !== L_OK && s.lState[j] !== L_WOUNDED)) continue
    // "He only needs to test once for fire and once for combat regardless of the number of DPs": once a turn each
    if (((s.lFl[j] as number) & from) !== 0) continue
    s.lFl[j] = (s.lFl[j] as number) | from
    const r = d6(s.dice, `risk to leader ${c.lId[j]}`, x.ev ?? undefined)
    if (r !== LEADER_RISK.hitOn) {
      if (x.ev) x.ev.push({ type: 'leader-hit', leader: c.lId[j] as string, result: 'missed' })
      continue
    }
    hitLeader(c, x, s, j)
  }
}

/** The second roll once a leader is hit. */
export function hitLeader(c: Ctx, x: Scratch, s: CfeoState, j: number): void {
  const r = d6(s.dice, `leader ${c.lId[j]} hit`, x.ev ?? undefined)
  if (r === LEADER_RISK.killedOn || (r <= LEADER_RISK.woundedTo && s.lState[j] === L_WOUNDED)) killLeader(c, s, j, x)
  else if (r <= LEADER_RISK.woundedTo) {
    s.lState[j] = L_WOUNDED
    if ((s.lActions[j] as number) >= 2) s.lActions[j] = (s.lActions[j] as number) - 1
    if (x.ev) x.ev.push({ type: 'leader-hit', leader: c.lId[j] as string, result: 'wounded' })
  } else if (x.ev) x.ev.push({ type: 'leader-hit', leader: c.lId[j] as string, result: 'near-miss' })
}

/** The leader attached to u (first found), -1. */
export function attachedLeader(c: Ctx, s: CfeoState, u: number): number {
  for (let j = 0; j < c.m; j++) if (s.lAtt[j] === u && (s.lState[j] as number) <= L_WOUNDED) return j
  return -1
}

/** Inspire actions on u this turn (0..2). */
export function inspired(c: Ctx, s: CfeoState, u: number): number {
  let n = 0
  for (let j = 0; j < c.m; j++) if (s.lAtt[j] === u && s.lInf[j] === 2 && (s.lState[j] as number) <= L_WOUNDED) n += s.lInfN[j] as number
  return Math.min(2, n)
}

/** Rolls move dice: `avds` Average dice and `d6s` D6; returns the pips and writes each die into out. */
export function rollMoveDice(s: CfeoState, x: Scratch, avds: number, d6s: number, why: string, out: number[]): number {
  out.length = 0
  let pips = 0
  for (let i = 0; i < avds; i++) {
    const v = avd(s.dice, why, x.ev ?? undefined)
    out.push(v)
    pips += v
  }
  for (let i = 0; i < d6s; i++) {
    const v = d6(s.dice, why, x.ev ?? undefined)
    out.push(v)
    pips += v
  }
  return pips
}

/** Moves a unit (occupancy kept) and its attached leaders; captures lone enemy leaders on the hex. */
/** May u move into hex h (on the map, not impassable, empty, and open to its arm: guns and cavalry keep
 *  out of woods, marsh and towns except on a road)? */
export function passable(c: Ctx, x: Scratch, u: number, h: number): boolean {
  if (h < 0 || c.impassable[h] || (x.occ[h] as number) >= 0) return false
  const arm = c.uArm[u] as number
  return !((arm === ARM_HORSE || arm === ARM_GUN) && c.closed[h] && !c.road[h])
}

export function place(c: Ctx, x: Scratch, s: CfeoState, u: number, to: number): void {
  const from = s.uHex[u] as number
  if (from >= 0 && x.occ[from] === u) x.occ[from] = -1
  s.uHex[u] = to
  // a refused flank is bent where the unit stands; every move straightens it
  if (to !== from) s.uFl[u] = (s.uFl[u] as number) & ~U_REFUSED
  if (to >= 0) x.occ[to] = u
  // an enemy messenger overrun is captured with his message
  if (to >= 0) for (let w = 0; w < c.w; w++) if (s.wMsgHex[w] === to && c.wSide[w] !== c.uSide[u]) {
    s.wMsgHex[w] = -1
    if (x.ev) x.ev.push({ type: 'leader-hit', leader: `messenger to ${c.wId[w]}`, result: 'captured' })
  }
  for (let j = 0; j < c.m; j++) {
    if (s.lAtt[j] === u) s.lHex[j] = to
    else if (to >= 0 && s.lHex[j] === to && c.lSide[j] !== c.uSide[u] && (s.lState[j] as number) <= L_WOUNDED) {
      // a lone enemy leader overrun is captured (Risk to Leaders: "will capture him")
      s.lState[j] = 3
      s.lHex[j] = -1
      s.lAtt[j] = -1
      if (x.ev) x.ev.push({ type: 'leader-hit', leader: c.lId[j] as string, result: 'captured' })
      moraleEvent(s, c.lRole[j] === 0 ? ME_GENERAL : ME_COMMANDER, to, 0, c.lSide[j] as number)
    }
  }
}

export const yardsToHexTravel = (yards: number): number => Math.floor(yards / YARDS_PER_HEX)
export { S_OK }
