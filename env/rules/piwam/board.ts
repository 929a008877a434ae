// The Board: one per bound scenario, the engine's mutable workspace beside the
// state. It owns the occupancy index and the scratch buffers of the searches
// (never the state), so hot paths do not allocate, plus the basic queries every
// mechanic asks (who is where, allowance, morale, distances) and the event sink.
// All randomness goes through s.dice.

import { d10 } from '../../dice.ts'
import { SightLines } from '../shared/los.ts'
import { PiwamSight } from './fire.ts'
import { ActivationPick } from './flow.ts'
import { WithdrawCost } from './move.ts'
import { RetreatStep, RoutStep } from './retreat.ts'
import { ARM_CAV, type Ctx } from './context.ts'
import { type CcResult, parseResult, STATUSES, TERRAINS, T_ART, T_E, UNIT_TYPES, type UnitType } from './tables.ts'
import { F_ENDED, K, type PiwamEvent, type PiwamState } from './state.ts'

export const BIG = 9999

export class Board {
  readonly ctx: Ctx
  readonly nChoice: number
  readonly offWing: number
  readonly offUnit: number
  readonly offHex: number
  readonly size: number
  /** Occupancy: up to two units per hex (unit index + 1, 0 empty). */
  readonly occ0: Int16Array
  readonly occ1: Int16Array
  /** Scratch for searches. */
  /** Withdrawal reach per hex and facing (6 × size) and its queue. */
  readonly bestFaced: Int16Array
  readonly queueFaced: Int32Array
  readonly reach: Uint8Array
  readonly cmd: Uint8Array
  readonly tmpUnits: Int32Array
  readonly tmpLeaders: Int32Array
  readonly parsed: CcResult[]
  readonly carried: Int32Array
  /** The legal next hexes of a retreat / rout step (at most 6). */
  readonly steps = new Int32Array(6)
  /** Rout phase (1.3): a router's reach (most MP left per hex), which router reached each hex first, who crosses. */
  readonly routMp: Int16Array
  readonly routOwner: Int16Array
  readonly routCross: Uint8Array
  /** The first unit still to rout whose reach meets no other's (routCrossings), -1 none. */
  routFree = -1
  readonly coneCache = new Map<number, Int32Array>()
  /** Line of sight: the lines between hex pairs (cached), what blocks them, terrain that blocks per hex. */
  readonly sight: SightLines
  readonly sightRule: PiwamSight
  readonly blocksSight: Uint8Array
  /** Preallocated rules of the shared path searches (fields set before each search). */
  readonly retreatStep: RetreatStep
  readonly routStep: RoutStep
  readonly withdrawCost: WithdrawCost
  readonly pickTest: ActivationPick
  /** Wing whose command is in this.cmd (memo valid while the state does not change; -1 none). */
  cmdWing = -1
  ev: PiwamEvent[] | null = null

  constructor(ctx: Ctx, nChoice: number) {
    this.ctx = ctx
    this.size = ctx.size
    this.nChoice = nChoice
    this.offWing = nChoice
    this.offUnit = nChoice + ctx.w
    this.offHex = this.offUnit + ctx.n + ctx.m
    this.occ0 = new Int16Array(ctx.size)
    this.occ1 = new Int16Array(ctx.size)
    this.bestFaced = new Int16Array(ctx.size * 6)
    this.queueFaced = new Int32Array(ctx.size * 48)
    this.reach = new Uint8Array(ctx.size)
    this.routMp = new Int16Array(ctx.size)
    this.routOwner = new Int16Array(ctx.size)
    this.routCross = new Uint8Array(ctx.n)
    this.cmd = new Uint8Array(ctx.n)
    this.tmpUnits = new Int32Array(ctx.n + 4)
    this.tmpLeaders = new Int32Array(ctx.m + 4)
    this.parsed = ctx.tables.closeCombat.results.map((r) => parseResult(r) as CcResult)
    this.carried = new Int32Array(ctx.m + 1)
    this.sight = new SightLines(ctx.grid)
    this.sightRule = new PiwamSight(this)
    this.blocksSight = new Uint8Array(ctx.size)
    for (let h = 0; h < ctx.size; h++) this.blocksSight[h] = ctx.tables.terrain.blocksSight[TERRAINS[ctx.terrain[h]!]!] ? 1 : 0
    this.retreatStep = new RetreatStep(this)
    this.routStep = new RoutStep(this)
    this.withdrawCost = new WithdrawCost(this)
    this.pickTest = new ActivationPick(this)
  }

  hexLabel(h: number): string {
    return h >= 0 ? (this.ctx.grid.labels[h] as string) : '-'
  }
  typeName(u: number): UnitType {
    return UNIT_TYPES[this.ctx.uType[u]!] as UnitType
  }
  sync(s: PiwamState): void {
    this.occ0.fill(0)
    this.occ1.fill(0)
    for (let u = 0; u < this.ctx.n; u++) {
      const h = s.uHex[u]!
      if (h < 0) continue
      if (this.occ0[h] === 0) this.occ0[h] = u + 1
      else this.occ1[h] = u + 1
    }
  }
  unplace(u: number, h: number): void {
    if (h < 0) return
    if (this.occ0[h] === u + 1) {
      this.occ0[h] = this.occ1[h]!
      this.occ1[h] = 0
    } else if (this.occ1[h] === u + 1) this.occ1[h] = 0
  }
  place(s: PiwamState, u: number, h: number): void {
    this.unplace(u, s.uHex[u]!)
    s.uHex[u] = h
    if (h < 0) return
    if (this.occ0[h] === 0) this.occ0[h] = u + 1
    else this.occ1[h] = u + 1
  }
  /** The unit that counts in a hex: not Enfants Perdus or artillery when another unit is there. */
  mainAt(h: number): number {
    const a = this.occ0[h]! - 1
    const b = this.occ1[h]! - 1
    if (b < 0) return a
    const ta = this.ctx.uType[a]!
    return ta === T_E || ta === T_ART ? b : a
  }
  /** The other unit of a stack (artillery / Enfants Perdus sharing the main unit's fate), -1 none. */
  otherAt(h: number, u: number): number {
    const a = this.occ0[h]! - 1
    const b = this.occ1[h]! - 1
    return a === u ? b : b === u ? a : -1
  }
  sideAt(h: number): number {
    const a = this.occ0[h]! - 1
    return a < 0 ? -1 : this.ctx.uSide[a]!
  }
  /** Current movement allowance (5.1: Disordered half, Shaken and Broken none). */
  ma(s: PiwamState, u: number): number {
    const full = this.ctx.tables.unitTypes.movement[this.typeName(u)]
    const st = s.uStatus[u]!
    return st === 0 ? full : st === 1 ? full >> 1 : 0
  }
  /** Current morale (printed morale + the status modifier, 5.1). */
  morale(s: PiwamState, u: number): number {
    const T = this.ctx.tables
    return T.unitTypes.morale[this.typeName(u)] + T.statusEffects.morale[STATUSES[s.uStatus[u]!]!]
  }
  dist(a: number, b: number): number {
    return this.ctx.grid.dist[a * this.size + b]!
  }
  nearestEnemyDist(s: PiwamState, h: number, side: number): number {
    let best = BIG
    const row = h * this.size
    for (let v = 0; v < this.ctx.n; v++) {
      const vh = s.uHex[v]!
      if (vh < 0 || this.ctx.uSide[v] === side) continue
      const d = this.ctx.grid.dist[row + vh]!
      if (d < best) best = d
    }
    return best
  }
  nearestEnemyHex(s: PiwamState, h: number, side: number): number {
    let best = BIG
    let bh = -1
    for (let v = 0; v < this.ctx.n; v++) {
      const vh = s.uHex[v]!
      if (vh < 0 || this.ctx.uSide[v] === side) continue
      const d = this.dist(h, vh)
      if (d < best) {
        best = d
        bh = vh
      }
    }
    return bh
  }
  activeSide(s: PiwamState): number {
    return s.activeWing >= 0 ? this.ctx.wSide[s.activeWing]! : s.player
  }
  /** 3.2 stacking: 0 cannot enter, 1 may enter, 2 may enter and overruns enemy artillery there. */
  canEnter(u: number, h: number): number {
    const a = this.occ0[h]! - 1
    if (a < 0) return 1
    const b = this.occ1[h]! - 1
    const side = this.ctx.uSide[u]!
    const tu = this.ctx.uType[u]!
    if (this.ctx.uSide[a] !== side) {
      if (tu === T_ART) return 0
      if (this.ctx.uType[a] === T_ART && b < 0) return 2
      return 0
    }
    if (b >= 0) return 0
    const ta = this.ctx.uType[a]!
    if ((ta === T_ART) !== (tu === T_ART)) return 1
    if (ta === T_E && this.ctx.uArm[u] === ARM_CAV) return 1
    if (tu === T_E && this.ctx.uArm[a] === ARM_CAV) return 1
    return 0
  }
  push(e: PiwamEvent): void {
    this.ev?.push(e)
  }
  roll(s: PiwamState, why: string): number {
    return d10(s.dice, why, this.ev ?? undefined)
  }
  eliminate(s: PiwamState, u: number, why: string): void {
    if (s.uHex[u]! < 0) return
    this.place(s, u, -1)
    s.uGone[u] = 1
    s.uTarget[u] = -1
    if (this.ev) this.push({ type: 'eliminated', unit: this.ctx.uId[u]!, why })
    if (s.sel === u && s.kind === K['unit-action']) s.uFlags[u] = s.uFlags[u]! | F_ENDED
  }
}

/** The side of a that leads to its neighbour b, -1 when not adjacent. */
export function directionOf(nb: Int32Array, a: number, b: number): number {
  for (let d = 0; d < 6; d++) if (nb[a * 6 + d] === b) return d
  return -1
}
