// Movement: move dice (AvD / D6, player's choice of count), the cavalry speed-change rule, inspired and
// double moves, fatigue and disorder DPs, the full-move obligation, halting 20 yds from enemy to the front,
// and the step-by-step hex move with wheels, about face and incline (manoeuvre.ts holds the rest).

import type { Ctx } from './context.ts'
import { addDp, dist, frontStands, inspired, isGun, isUnformed, nearestEnemyDist, place, rollMoveDice, type Scratch } from './core.ts'
import { controllerOf } from './control.ts'
import { type CfeoState, S_OK, S_ROUTING, U_FIRED, U_LIMBERED, U_MOVED, U_REFUSED, U_REPEAT, U_UNDER_FIRE } from './state.ts'
import { ARM_FOOT, ARM_GUN, ARM_HORSE, F_COLUMN, F_LINE, FATIGUE, MIN_PIPS_FOR_STEP, MOVE, OBSTACLE_DPS, PIPS_PER_HEX, T, withinHexes } from './tables.ts'
import { rot } from '../../hex/grid.ts'

const DITCH = 1 << 0
const RAMPART = 1 << 1
const CHEVAUX = 1 << 5
const STREAM = 1 << 3
const BRIDGE = 1 << 4

/** Move flags in s.wheeled. */
export const MV_WHEELED = 1
export const MV_ABOUT = 2
export const MV_DOUBLE = 4
export const MV_WHEEL_DP = 8
export const MV_FAST = 16
export const MV_ROAD = 32
export const MV_STREAM = 64

/** Dice counts (1..3) a unit may choose for a normal move, as a bit set (bit k = k dice). */
export function diceChoices(c: Ctx, s: CfeoState, u: number): number {
  const arm = c.uArm[u] as number
  if (arm === ARM_GUN) {
    if (((s.uFl[u] as number) & U_LIMBERED) === 0) return 0
    return c.rough[s.uHex[u] as number] ? 0b10 : 0b110
  }
  if (arm === ARM_FOOT) return 0b110
  // cavalry: change speed by up to 2 dice a turn (a stationary unit at most 2; after 3 dice at least 1)
  const last = s.uLastDice[u] as number
  let bits = 0
  for (let k = 1; k <= 3; k++) if (Math.abs(k - last) <= MOVE.cavalrySpeedChange) bits |= 1 << k
  return bits
}

/** May the unit stay still (cavalry after a 3-dice move must move at least one die). */
export const mayStandStill = (c: Ctx, s: CfeoState, u: number): boolean => c.uArm[u] !== ARM_HORSE || (s.uLastDice[u] as number) <= MOVE.cavalrySpeedChange

/** The dice a choice of k means: [Average dice, D6]. */
export function diceOf(c: Ctx, u: number, k: number): [number, number] {
  const arm = c.uArm[u] as number
  if (arm === ARM_GUN) return [k, 0]
  if (arm === ARM_FOOT) return k === 1 ? [1, 0] : [1, 1]
  return k === 1 ? [1, 0] : k === 2 ? [2, 0] : [2, 1]
}

const rolled: number[] = []

/** The battalia roll slot of u (controlling leader * 2 + 0 foot / 1 horse), or -1 when u rolls on its own:
 *  "all units of the same battalia which are being controlled by the same leader move ... using the same
 *  die roll" (and their conformers). Our reading: the units under one leader's control, of one arm; units
 *  with an attached leader (he controls them alone), units repeating a move and units acting on a passed
 *  control test roll alone. */
export function battaliaSlot(c: Ctx, x: Scratch, s: CfeoState, u: number): number {
  const arm = c.uArm[u] as number
  if (arm === ARM_GUN || s.uStatus[u] !== S_OK || ((s.uFl[u] as number) & U_REPEAT) !== 0) return -1
  const j = controllerOf(c, x, s, u)
  return j < 0 ? -1 : j * 2 + (arm === ARM_HORSE ? 1 : 0)
}

/** Rolls a normal move of k dice: pips, inspired +10 yds a die, doubled beyond 120 yds of enemy, halved
 *  after a formation change beyond 120 yds; fatigue and disorder DPs. Sets s.mp / s.mpRoll. */
export function rollNormalMove(c: Ctx, x: Scratch, s: CfeoState, u: number, k: number): void {
  const [a, d] = diceOf(c, u, k)
  const slot = battaliaSlot(c, x, s, u)
  const code = slot >= 0 ? (s.bRoll[slot] as number) : 0
  let pips = 0
  let shared = false
  if (code !== 0 && (code & 3) === k) {
    // the battalia has rolled: the same dice move this unit too
    rolled.length = 0
    for (let i = 0; i < a + d; i++) {
      const v = (code >> (2 + 3 * i)) & 7
      rolled.push(v)
      pips += v
    }
    shared = true
  } else {
    pips = rollMoveDice(s, x, a, d, `${c.uId[u]} moves`, rolled)
    if (slot >= 0 && code === 0) {
      let e = k
      for (let i = 0; i < rolled.length; i++) e |= (rolled[i] as number) << (2 + 3 * i)
      s.bRoll[slot] = e
    }
  }
  pips += MOVE.inspiredPipsPerDie * (inspired(c, s, u) > 0 ? a + d : 0)
  const h = s.uHex[u] as number
  let flags = 0
  if (nearestEnemyDist(c, s, c.uSide[u] as number, h) > withinHexes(MOVE.doubleBeyondYards)) {
    pips *= 2
    flags |= MV_DOUBLE
  }
  if (s.mhalf) pips = Math.floor(pips / 2)
  fatigue(c, x, s, u, rolled)
  let md = rolled.length
  for (let i = 0; i < rolled.length; i++) md |= (rolled[i] as number) << (2 + 3 * i)
  s.mvDice = md
  s.uDiceNow[u] = a + d
  s.mp = pips
  s.mpRoll = pips
  s.fwd = 0
  s.side = 0
  s.wheeled = flags
  if (x.ev) x.ev.push({ type: 'move-roll', unit: c.uId[u] as string, dice: a + d, pips, why: `${flags & MV_DOUBLE ? 'double move' : 'move'}${shared ? ' (the battalia roll)' : ''}` })
}

/** Road Move: in march column (or a limbered gun) on a road, up to 120 yds without dice, double beyond
 *  120 yds of enemy; it counts as two dice for the cavalry speed-change rule. */
export function mayRoadMove(c: Ctx, s: CfeoState, u: number): boolean {
  const h = s.uHex[u] as number
  if (h < 0 || !c.road[h]) return false
  const gun = c.uArm[u] === ARM_GUN
  if (gun ? ((s.uFl[u] as number) & U_LIMBERED) === 0 : s.uForm[u] !== F_COLUMN) return false
  if (c.uArm[u] === ARM_HORSE && Math.abs(MOVE.roadCountsAsDice - (s.uLastDice[u] as number)) > MOVE.cavalrySpeedChange) return false
  for (let k = 0; k < 6; k++) {
    const nb = c.grid.neighbors[h * 6 + k] as number
    if (nb >= 0 && c.road[nb]) return true
  }
  return false
}
export function startRoadMove(c: Ctx, x: Scratch, s: CfeoState, u: number): void {
  let pips = Math.floor(MOVE.roadYards / 10)
  let flags = MV_ROAD
  if (nearestEnemyDist(c, s, c.uSide[u] as number, s.uHex[u] as number) > withinHexes(MOVE.doubleBeyondYards)) {
    pips *= 2
    flags |= MV_DOUBLE
  }
  s.uDiceNow[u] = MOVE.roadCountsAsDice
  s.mvDice = 0
  s.mp = pips
  s.mpRoll = pips
  s.fwd = 0
  s.side = 0
  s.wheeled = flags
  s.uFl[u] = (s.uFl[u] as number) | U_MOVED
  if (x.ev) x.ev.push({ type: 'move-roll', unit: c.uId[u] as string, dice: 0, pips, why: flags & MV_DOUBLE ? 'double road move' : 'road move' })
}

/** Fatigue and disorder when moving (the terrain of the hex the move starts in). */
export function fatigue(c: Ctx, x: Scratch, s: CfeoState, u: number, dice: readonly number[]): void {
  const dps = fatigueDps(c, s, u, dice, c.rough[s.uHex[u] as number] === 1)
  if (dps) addDp(c, x, s, u, dps, 'manoeuvre', 'fatigue and disorder when moving')
}

/** The DPs the dice give in good or rough terrain. */
function fatigueDps(c: Ctx, s: CfeoState, u: number, dice: readonly number[], rough: boolean): number {
  const arm = c.uArm[u] as number
  const line = s.uForm[u] === F_LINE && !isUnformed(c, s, u)
  let dps = 0
  if (!rough) {
    if (line && arm !== ARM_GUN) for (const v of dice) if (v === FATIGUE.goodOn) dps++
  } else {
    const cav = arm === ARM_HORSE && s.uForm[u] !== F_COLUMN
    const inf = arm === ARM_FOOT && line
    if (cav || inf) for (const v of dice) {
      if (v >= FATIGUE.roughFrom) dps++
      if (cav && v === FATIGUE.roughCavalryAlsoOn) dps++
    }
  }
  return dps
}

const streamDice: number[] = []
/** "Minor obstacles such as shallow streams ... classified as rough terrain": a move from good terrain that
 *  crosses a stream (no bridge) takes the rough-terrain DPs of its dice over those of good terrain, once. */
function crossStream(c: Ctx, x: Scratch, s: CfeoState, u: number, from: number, feat: number): void {
  if ((feat & STREAM) === 0 || (feat & BRIDGE) !== 0 || (s.wheeled & MV_STREAM) !== 0 || c.rough[from] || s.mvDice === 0) return
  s.wheeled |= MV_STREAM
  streamDice.length = 0
  for (let i = 0; i < (s.mvDice & 3); i++) streamDice.push((s.mvDice >> (2 + 3 * i)) & 7)
  const extra = fatigueDps(c, s, u, streamDice, true) - fatigueDps(c, s, u, streamDice, false)
  if (extra > 0) addDp(c, x, s, u, extra, 'manoeuvre', 'crossing a stream (a minor obstacle: rough terrain)')
}

/** May unit u (on its way, facing f at `at`) enter hex h? Terrain, one unit a hex, 20 yds from enemy
 *  to the front, and the double-move limit. */
export function canEnter(c: Ctx, x: Scratch, s: CfeoState, u: number, h: number, f: number, unformed: boolean, reinforce = false): boolean {
  if (h < 0 || c.impassable[h] || (x.occ[h] as number) >= 0) return false
  const arm = c.uArm[u] as number
  if ((arm === ARM_HORSE || arm === ARM_GUN) && c.closed[h] && !c.road[h]) return false
  const side = c.uSide[u] as number
  for (let k = 0; k < 6; k++) {
    const nb = c.grid.neighbors[h * 6 + k] as number
    if (nb < 0) continue
    const v = x.occ[nb] as number
    if (v < 0 || c.uSide[v] === side) continue
    // "units must halt at 20 yds of enemy to their front": no entering a hex touching an enemy in front,
    // except to reinforce a melee (an enemy in contact with friends since the previous turn)
    if (reinforce && s.uFoe[v] !== -1 && c.uSide[s.uFoe[v] as number] === side) continue
    if (unformed || k === rot(f, 0) || k === rot(f, 1)) return false
  }
  // Yards count front to front ((d - 1) x 40): a double move may end exactly 120 yds off, not closer.
  if (s.wheeled & MV_DOUBLE && nearestEnemyDist(c, s, side, h) < withinHexes(MOVE.doubleBeyondYards)) return false
  return true
}

/** Pips a step from `from` across side k costs: 4, plus half the move over a major obstacle. */
export function stepCost(c: Ctx, s: CfeoState, from: number, k: number): number {
  const feat = c.side[from * 6 + k] as number
  return PIPS_PER_HEX + (feat & (DITCH | RAMPART | CHEVAUX) ? Math.ceil(s.mpRoll / 2) : 0)
}

export const canStepWith = (mp: number, cost: number): boolean => mp >= cost - (PIPS_PER_HEX - MIN_PIPS_FOR_STEP)

/** Wheel cost in pips per 60°: the outside stand of a line travels about 2 pips per stand of frontage;
 *  a column or limbered gun 1 (docs/rules/cfeo.md). */
export const wheelCost = (c: Ctx, s: CfeoState, u: number): number => (s.uForm[u] === F_LINE && !isGun(c, u) ? 2 * frontStands(c, s, u) : 1)

/** Incline (A and B grade infantry in line): flank steps, never more to the side than forwards, up to
 *  half the allowance. */
export function mayIncline(c: Ctx, s: CfeoState, u: number): boolean {
  return c.uArm[u] === ARM_FOOT && c.uLight[u] === 0 && (c.uGrade[u] as number) <= 2 && s.uForm[u] === F_LINE
}
export const maxInclineSteps = (mpRoll: number): number => Math.floor((mpRoll / 2 + MIN_PIPS_FOR_STEP) / PIPS_PER_HEX)

/** Reinforcing a melee in depth: the friend in a continuing melee directly in front of u (u on one of the
 *  friend's two rear hexes, itself touching no enemy), or -1. */
export function depthReinforceOf(c: Ctx, x: Scratch, s: CfeoState, u: number): number {
  const h = s.uHex[u] as number
  if (h < 0 || s.uFoe[u] !== -1) return -1
  const side = c.uSide[u] as number
  for (let k = 0; k < 6; k++) {
    const nb = c.grid.neighbors[h * 6 + k] as number
    if (nb < 0) continue
    const v = x.occ[nb] as number
    if (v >= 0 && c.uSide[v] !== side) return -1
  }
  for (let k = 0; k < 6; k++) {
    const nb = c.grid.neighbors[h * 6 + k] as number
    if (nb < 0) continue
    const f = x.occ[nb] as number
    if (f < 0 || c.uSide[f] !== side || s.uFoe[f] === -1 || s.uRein[f] !== -1 || isGun(c, f)) continue
    const ff = s.uFace[f] as number
    if (c.grid.neighbors[nb * 6 + rot(ff, 3)] === h || c.grid.neighbors[nb * 6 + rot(ff, 4)] === h) return f
  }
  return -1
}

/** A unit that declared it may halt (Movement: "ordered to occupy a specific piece of terrain or
 *  fortification, or to line up with other units") is at such a place: within a hex of its battalia's
 *  objective under an advance-and-defend order, or level with a formed friend facing the same way. */
export function atDeclaredPlace(c: Ctx, x: Scratch, s: CfeoState, u: number): boolean {
  const h = s.uHex[u] as number
  const w = c.uWing[u] as number
  const obj = c.wObjective[w] as number
  if (obj >= 0 && s.wOrder[w] === 1 && dist(c, h, obj) <= 1) return true
  const f = s.uFace[u] as number
  for (let i = 0; i < 2; i++) {
    const nb = c.grid.neighbors[h * 6 + rot(f, i === 0 ? 2 : 5)] as number
    const v = nb >= 0 ? (x.occ[nb] as number) : -1
    if (v >= 0 && v !== u && c.uSide[v] === c.uSide[u] && s.uFace[v] === f && !isUnformed(c, s, v) && s.uStatus[v] === S_OK) return true
  }
  return false
}

export const STEP_LEFT = -1
export const STEP_RIGHT = -2
export const STEP_ABOUT = -3
export const STEP_STOP = -4

/** Writes the legal move-step options of the selected unit: hexes at hexOff, and the choice ids given.
 *  Returns how many there are. */
export function stepOptions(c: Ctx, x: Scratch, s: CfeoState, u: number, mask: Uint8Array | null, hexOff: number, ids: { left: number; right: number; about: number; stop: number; reinforce: number }): number {
  const h = s.uHex[u] as number
  // a unit that has joined a melee as a reinforcement ends its move there
  if (s.uRein[u] !== -1) return 0
  const f = s.uFace[u] as number
  const unf = isUnformed(c, s, u)
  let n = 0
  let blocked = false
  if (s.wheeled & MV_ROAD) {
    // a road move: along the road only, up to the distance, halting where the player likes
    for (let k = 0; k < 6; k++) {
      const nb = c.grid.neighbors[h * 6 + k] as number
      if (nb < 0 || !c.road[nb] || !canStepWith(s.mp, PIPS_PER_HEX) || !canEnter(c, x, s, u, nb, k, false)) continue
      if (mask) mask[hexOff + nb] = 1
      n++
    }
    if (n > 0) {
      if (mask) mask[ids.stop] = 1
      n++
    }
    return n
  }
  const dirs = unf ? 6 : 2
  for (let i = 0; i < dirs; i++) {
    const k = unf ? i : rot(f, i)
    const nb = c.grid.neighbors[h * 6 + k] as number
    if (nb < 0) continue
    const cost = stepCost(c, s, h, k)
    const nf = unf ? k : f
    if (canStepWith(s.mp, cost) && canEnter(c, x, s, u, nb, nf, unf, true)) {
      if (mask) mask[hexOff + nb] = 1
      n++
    } else if ((x.occ[nb] as number) >= 0 && c.uSide[x.occ[nb] as number] === c.uSide[u]) blocked = true
    if (c.rough[nb] || c.closed[nb] || (c.side[h * 6 + k] as number) !== 0) blocked = true
  }
  // passage of lines: through a friendly unit (none routing) to the hex beyond it
  for (let i = 0; i < dirs; i++) {
    const k = unf ? i : rot(f, i)
    const mid = c.grid.neighbors[h * 6 + k] as number
    if (mid < 0) continue
    const v = x.occ[mid] as number
    if (v < 0 || c.uSide[v] !== c.uSide[u] || s.uStatus[v] === S_ROUTING || c.impassable[mid]) continue
    if ((c.uArm[u] === ARM_HORSE || c.uArm[u] === ARM_GUN) && c.closed[mid] && !c.road[mid]) continue
    const beyond = c.grid.neighbors[mid * 6 + k] as number
    if (beyond < 0) continue
    const cost = stepCost(c, s, h, k) + stepCost(c, s, mid, k)
    if (canStepWith(s.mp, cost) && canEnter(c, x, s, u, beyond, unf ? k : f, unf)) {
      if (mask) mask[hexOff + beyond] = 1
      n++
    }
  }
  if (!unf && mayIncline(c, s, u) && s.side + 1 <= s.fwd && s.side + 1 <= maxInclineSteps(s.mpRoll)) {
    for (const k of [rot(f, 2), rot(f, 5)]) {
      const nb = c.grid.neighbors[h * 6 + k] as number
      if (nb >= 0 && canStepWith(s.mp, stepCost(c, s, h, k)) && canEnter(c, x, s, u, nb, f, false)) {
        if (mask) mask[hexOff + nb] = 1
        n++
      }
    }
  }
  if (!unf && s.fwd === 0 && s.side === 0 && (s.wheeled & MV_ABOUT) === 0) {
    const wc = wheelCost(c, s, u)
    if (s.mp * 2 >= wc) {
      if (mask) {
        mask[ids.left] = 1
        mask[ids.right] = 1
      }
      n += 2
    }
    if ((s.wheeled & MV_WHEELED) === 0 && s.mp >= Math.ceil(s.mpRoll / 2) && s.mpRoll > 0) {
      if (mask) mask[ids.about] = 1
      n++
    }
  }
  if (n > 0 && (blocked || (s.wheeled & (MV_WHEELED | MV_ABOUT)) !== 0 || (s.mdecl === 1 && atDeclaredPlace(c, x, s, u)))) {
    if (mask) mask[ids.stop] = 1
    n++
  }
  if ((s.wheeled & MV_ROAD) === 0 && depthReinforceOf(c, x, s, u) >= 0) {
    // feeding in is a choice: with nothing else left to do the unit may also just end its move here
    if (n === 0) {
      if (mask) mask[ids.stop] = 1
      n++
    }
    if (mask) mask[ids.reinforce] = 1
    n++
  }
  return n
}

/** Applies one move step to hex `to` (a forward or incline step). */
export function doStep(c: Ctx, x: Scratch, s: CfeoState, u: number, to: number): void {
  const from = s.uHex[u] as number
  let k = -1
  for (let d = 0; d < 6; d++) if (c.grid.neighbors[from * 6 + d] === to) k = d
  if (k < 0) {
    passLines(c, x, s, u, to)
    joinMelee(c, x, s, u)
    return
  }
  const f = s.uFace[u] as number
  const cost = stepCost(c, s, from, k)
  const unf = isUnformed(c, s, u)
  if (unf || (s.wheeled & MV_ROAD) !== 0) {
    s.uFace[u] = k
    s.fwd++
  } else if (k === rot(f, 0) || k === rot(f, 1)) s.fwd++
  else s.side++
  s.mp = Math.max(0, s.mp - cost)
  const feat = c.side[from * 6 + k] as number
  crossStream(c, x, s, u, from, feat)
  if (feat & (DITCH | RAMPART | CHEVAUX) && !unf) {
    const base = feat & CHEVAUX && c.uArm[u] === ARM_HORSE ? OBSTACLE_DPS.cavalryChevaux : OBSTACLE_DPS.formed
    addDp(c, x, s, u, base + (((s.uFl[u] as number) & U_UNDER_FIRE) !== 0 ? OBSTACLE_DPS.underFire : 0), 'manoeuvre', 'crossing a major obstacle')
  }
  place(c, x, s, u, to)
  s.uFl[u] = (s.uFl[u] as number) | U_MOVED
  if (x.ev) x.ev.push({ type: 'moved', unit: c.uId[u] as string, from: c.grid.labels[from] as string, to: c.grid.labels[to] as string, mp: cost })
  joinMelee(c, x, s, u)
}

/** Reinforcing a melee: a unit that moved into contact with an enemy in a continuing melee with friends
 *  joins it (adding numbers), bound by its outcome. */
function joinMelee(c: Ctx, x: Scratch, s: CfeoState, u: number): void {
  const h = s.uHex[u] as number
  for (let k = 0; k < 6; k++) {
    const nb = c.grid.neighbors[h * 6 + k] as number
    const v = nb >= 0 ? (x.occ[nb] as number) : -1
    if (v < 0 || c.uSide[v] === c.uSide[u] || s.uFoe[v] === -1 || c.uSide[s.uFoe[v] as number] !== c.uSide[u]) continue
    s.uRein[u] = s.uFoe[v] as number
    s.uFoe[u] = v
    if (x.ev) x.ev.push({ type: 'formation', unit: c.uId[u] as string, formation: `reinforcing ${c.uId[s.uFoe[v] as number]} against ${c.uId[v]}`, ranks: s.uRanks[u] as number })
    return
  }
}

/** Reinforcing a melee in depth: u joins friend f's melee behind it. */
export function reinforceDepth(c: Ctx, x: Scratch, s: CfeoState, u: number, f: number): void {
  s.uRein[u] = f
  s.uFoe[u] = s.uFoe[f] as number
  s.uFl[u] = (s.uFl[u] as number) | U_MOVED
  if (x.ev) x.ev.push({ type: 'formation', unit: c.uId[u] as string, formation: `reinforcing ${c.uId[f]} in depth`, ranks: s.uRanks[u] as number })
}

/** Passage of lines: free if the friend stays stationary and did not fire this turn, or either unit is
 *  skirmishers; otherwise 1 DP to each formed unit involved. */
function passLines(c: Ctx, x: Scratch, s: CfeoState, u: number, to: number): void {
  const from = s.uHex[u] as number
  let k = -1
  let mid = -1
  for (let d = 0; d < 6; d++) {
    const m = c.grid.neighbors[from * 6 + d] as number
    if (m >= 0 && c.grid.neighbors[m * 6 + d] === to) {
      k = d
      mid = m
    }
  }
  const v = x.occ[mid] as number
  const cost = stepCost(c, s, from, k) + stepCost(c, s, mid, k)
  if (isUnformed(c, s, u)) s.uFace[u] = k
  s.fwd += 2
  s.mp = Math.max(0, s.mp - cost)
  const free = (((s.uFl[v] as number) & (U_MOVED | U_FIRED)) === 0) || c.uType[u] === T.skirmishers || c.uType[v] === T.skirmishers
  if (!free) {
    if (!isUnformed(c, s, u)) addDp(c, x, s, u, 1, 'manoeuvre', `passage of lines through ${c.uId[v]}`)
    if (!isUnformed(c, s, v)) addDp(c, x, s, v, 1, 'manoeuvre', `passage of lines by ${c.uId[u]}`)
  }
  place(c, x, s, u, to)
  s.uFl[u] = (s.uFl[u] as number) | U_MOVED
  if (x.ev) x.ev.push({ type: 'moved', unit: c.uId[u] as string, from: c.grid.labels[from] as string, to: c.grid.labels[to] as string, mp: cost })
}

/** Wheel one vertex (by = -1 left, +1 right). 1 DP (once) if in line within 120 yds of enemy. */
export function doWheel(c: Ctx, x: Scratch, s: CfeoState, u: number, by: number): void {
  const f = s.uFace[u] as number
  s.uFl[u] = (s.uFl[u] as number) & ~U_REFUSED
  s.uFace[u] = rot(f, by)
  s.mp = Math.max(0, s.mp - wheelCost(c, s, u))
  if (s.uForm[u] === F_LINE && !isGun(c, u) && (s.wheeled & MV_WHEEL_DP) === 0 && nearestEnemyDist(c, s, c.uSide[u] as number, s.uHex[u] as number) <= withinHexes(120)) {
    addDp(c, x, s, u, 1, 'manoeuvre', 'wheel in line within 120 yds of enemy')
    s.wheeled |= MV_WHEEL_DP
  }
  s.wheeled |= MV_WHEELED
  s.uFl[u] = (s.uFl[u] as number) | U_MOVED
  if (x.ev) x.ev.push({ type: 'faced', unit: c.uId[u] as string, from: String(f), to: String(s.uFace[u]), how: by < 0 ? 'wheel left' : 'wheel right' })
}

/** About face: half the move; 1 DP if within 120 yds of enemy or under fire. */
export function doAbout(c: Ctx, x: Scratch, s: CfeoState, u: number): void {
  const f = s.uFace[u] as number
  s.uFl[u] = (s.uFl[u] as number) & ~U_REFUSED
  s.uFace[u] = rot(f, 3)
  s.mp = Math.max(0, s.mp - Math.ceil(s.mpRoll / 2))
  s.wheeled |= MV_ABOUT
  if (nearestEnemyDist(c, s, c.uSide[u] as number, s.uHex[u] as number) <= withinHexes(120) || ((s.uFl[u] as number) & U_UNDER_FIRE) !== 0) {
    addDp(c, x, s, u, 1, 'manoeuvre', 'about face')
  }
  if (x.ev) x.ev.push({ type: 'faced', unit: c.uId[u] as string, from: String(f), to: String(s.uFace[u]), how: 'about face' })
}

export const distTo = dist
