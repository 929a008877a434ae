// The PIWAM rules: legal masks and the state machine behind apply. One
// instance per bound scenario; it owns scratch buffers (never the state) so
// hot paths do not allocate. All randomness goes through s.dice.

import type { Player } from '../../core/types.ts'
import { d10 } from '../../dice.ts'
import { hexesBetween, rot, VERTEX_NAMES } from '../../hex/grid.ts'
import { ARM_ART, ARM_CAV, ARM_INF, IMPASSABLE, type Ctx } from './context.ts'
import { ORDERS, parseResult, STATUSES, TERRAINS, UNIT_TYPES, T_ART, T_C, T_E, T_G, T_R, type CcResult, type UnitType } from './tables.ts'
import {
  C,
  F_ACTED,
  F_ART_FIRED,
  F_CHARGED,
  F_ENDED,
  F_G_REDUCED,
  F_INTERCEPTOR,
  F_NO_CHARGE,
  F_REACT_ATT,
  F_REACTED,
  F_SPENT,
  F_TURNED,
  K,
  L_ACTED,
  L_AIDED,
  L_CARRY,
  L_MOVED,
  L_REACTED,
  LS_IN,
  LS_REMOVED,
  LS_WAITING,
  M_BYPASSED,
  M_CONTINUED,
  M_FINISHED,
  M_NOCONT,
  M_PREEMPTING,
  O_FACE,
  O_FACE2,
  O_FIRE,
  O_INTERCEPT,
  O_WITHDRAW,
  TR_ENTERED,
  TR_FACED,
  TR_FIRED,
  TR_MP,
  TR_RALLY,
  type PiwamEvent,
  type PiwamState,
} from './state.ts'

const BIG = 9999

export class Rules {
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
  readonly best: Int16Array
  readonly queue: Int32Array
  readonly reach: Uint8Array
  readonly cmd: Uint8Array
  readonly tmpUnits: Int32Array
  readonly tmpLeaders: Int32Array
  readonly parsed: CcResult[]
  readonly carried: Int32Array
  private readonly coneCache = new Map<number, Int32Array>()
  private readonly losCache = new Map<number, Int32Array>()
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
    this.best = new Int16Array(ctx.size)
    this.queue = new Int32Array(ctx.size * 8)
    this.reach = new Uint8Array(ctx.size)
    this.cmd = new Uint8Array(ctx.n)
    this.tmpUnits = new Int32Array(ctx.n + 4)
    this.tmpLeaders = new Int32Array(ctx.m + 4)
    this.parsed = ctx.tables.closeCombat.results.map((r) => parseResult(r) as CcResult)
    this.carried = new Int32Array(ctx.m + 1)
  }

  // ---------------------------------------------------------------- basics

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
  private unplace(u: number, h: number): void {
    if (h < 0) return
    if (this.occ0[h] === u + 1) {
      this.occ0[h] = this.occ1[h]!
      this.occ1[h] = 0
    } else if (this.occ1[h] === u + 1) this.occ1[h] = 0
  }
  private place(s: PiwamState, u: number, h: number): void {
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
  ma(s: PiwamState, u: number): number {
    const full = this.ctx.tables.unitTypes.movement[this.typeName(u)]
    const st = s.uStatus[u]!
    return st === 0 ? full : st === 1 ? full >> 1 : 0
  }
  morale(s: PiwamState, u: number): number {
    const T = this.ctx.tables
    return T.unitTypes.morale[this.typeName(u)] + T.statusEffects.morale[STATUSES[s.uStatus[u]!]!]
  }
  /** Sum of the ratings (negative) of the side's leaders in play at h. */
  leaderMod(s: PiwamState, h: number, side: number): number {
    if (h < 0) return 0
    let m = 0
    for (let j = 0; j < this.ctx.m; j++) if (s.lState[j] === LS_IN && s.lHex[j] === h && this.ctx.lSide[j] === side) m += this.ctx.lRating[j]!
    return m
  }
  /** Wing commander rating, plus the army commander's when stacked with or adjacent to him (cumulative, 2.1 A). */
  commandMod(s: PiwamState, w: number): number {
    const j = s.wCmd[w]!
    if (j < 0 || s.lState[j] !== LS_IN) return 0
    let m = this.ctx.lRating[j]!
    const side = this.ctx.wSide[w]!
    for (let a = 0; a < this.ctx.m; a++) {
      if (this.ctx.lArmy[a] && this.ctx.lSide[a] === side && s.lState[a] === LS_IN && this.dist(s.lHex[a]!, s.lHex[j]!) <= 1) m += this.ctx.lRating[a]!
    }
    return m
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
  wingCmdHex(s: PiwamState, w: number): number {
    const j = s.wCmd[w]!
    return j >= 0 && s.lState[j] === LS_IN ? s.lHex[j]! : -1
  }
  wingHasUnits(s: PiwamState, w: number): boolean {
    for (let u = 0; u < this.ctx.n; u++) if (this.ctx.uWing[u] === w && s.uHex[u]! >= 0) return true
    return false
  }
  activatable(s: PiwamState, w: number): boolean {
    return (s.wMark[w]! & M_FINISHED) === 0 && this.wingCmdHex(s, w) >= 0 && this.wingHasUnits(s, w)
  }

  /** Fills this.cmd with the units of `side` in command of wing w's commander (2.3). */
  /** Wing whose command is in this.cmd (memo valid while the state does not change; -1 none). */
  cmdWing = -1
  commandOf(s: PiwamState, w: number): void {
    if (this.cmdWing === w) return
    this.cmdWing = w
    const n = this.ctx.n
    this.cmd.fill(0)
    const ch = this.wingCmdHex(s, w)
    if (ch < 0) return
    const side = this.ctx.wSide[w]!
    let qn = 0
    for (let u = 0; u < n; u++) {
      const h = s.uHex[u]!
      if (h >= 0 && this.ctx.uSide[u] === side && this.dist(h, ch) <= 1) {
        this.cmd[u] = 1
        this.tmpUnits[qn++] = u
      }
    }
    for (let qi = 0; qi < qn; qi++) {
      const a = this.tmpUnits[qi]!
      const ah = s.uHex[a]!
      for (let b = 0; b < n; b++) {
        if (this.cmd[b] || this.ctx.uSide[b] !== side) continue
        const bh = s.uHex[b]!
        if (bh < 0) continue
        const range = this.ctx.uArm[b] === ARM_CAV ? 2 : 1
        if (this.dist(ah, bh) <= range) {
          this.cmd[b] = 1
          this.tmpUnits[qn++] = b
        }
      }
    }
  }
  inCommand(s: PiwamState, u: number): boolean {
    const w = this.ctx.uWing[u]!
    if (w < 0) return false
    this.commandOf(s, w)
    return this.cmd[u] === 1
  }

  /** 0 cannot enter, 1 may enter, 2 may enter and overruns enemy artillery there (3.2). */
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

  // ---------------------------------------------------------------- events / status

  private push(e: PiwamEvent): void {
    this.ev?.push(e)
  }
  private roll(s: PiwamState, why: string): number {
    return d10(s.dice, why, this.ev ?? undefined)
  }

  removeLeader(s: PiwamState, j: number, why: string): void {
    if (s.lState[j] !== LS_IN) return
    s.lState[j] = LS_REMOVED
    s.lHex[j] = -1
    for (let w = 0; w < this.ctx.w; w++) if (s.wCmd[w] === j) s.wCmd[w] = -1
    if (this.ev) this.push({ type: 'leader-lost', leader: this.ctx.lId[j]!, why })
  }
  private removeLeadersAt(s: PiwamState, h: number, side: number, why: string): void {
    for (let j = 0; j < this.ctx.m; j++) if (s.lState[j] === LS_IN && s.lHex[j] === h && this.ctx.lSide[j] === side) this.removeLeader(s, j, why)
  }
  eliminate(s: PiwamState, u: number, why: string): void {
    if (s.uHex[u]! < 0) return
    this.place(s, u, -1)
    s.uGone[u] = 1
    s.uTarget[u] = -1
    if (this.ev) this.push({ type: 'eliminated', unit: this.ctx.uId[u]!, why })
    if (s.sel === u && s.kind === K['unit-action']) s.uFlags[u] = s.uFlags[u]! | F_ENDED
  }
  private setStatus(s: PiwamState, u: number, st: number): void {
    const old = s.uStatus[u]!
    if (old === st) return
    const oldMa = this.ma(s, u)
    s.uStatus[u] = st
    if (st > old && this.ctx.uType[u] === T_G) s.uFlags[u] = s.uFlags[u]! | F_G_REDUCED
    if (s.sel === u && s.kind !== K['select-unit']) {
      s.mp = Math.max(0, s.mp - (oldMa - this.ma(s, u)))
      if (st === 3) s.uFlags[u] = s.uFlags[u]! | F_ENDED
    }
    if (this.ev) this.push({ type: 'status-changed', unit: this.ctx.uId[u]!, from: STATUSES[old]!, to: STATUSES[st]! })
  }
  /** Reduces a unit `levels` status levels; returns true when it is eliminated. */
  reduce(s: PiwamState, u: number, levels: number, why: string): boolean {
    if (levels <= 0 || s.uHex[u]! < 0) return false
    if (this.ctx.uType[u] === T_ART || s.uStatus[u]! + levels > 3) {
      this.eliminate(s, u, why)
      return true
    }
    this.setStatus(s, u, s.uStatus[u]! + levels)
    return false
  }

  /** Moves a unit one hex (and the leaders stacked with it when it is the main unit there). */
  moveUnit(s: PiwamState, u: number, to: number, withLeaders: boolean): void {
    const from = s.uHex[u]!
    const side = this.ctx.uSide[u]!
    // leaders go with the unit they are stacked with; during an action only those stacked when it began (L_CARRY)
    const carryOnly = s.sel === u && s.kind === K['unit-action']
    const lead = withLeaders && this.mainAt(from) === u
    // enemy artillery alone in the hex is overrun; lone enemy leaders are captured
    const a = this.occ0[to]! - 1
    if (a >= 0 && this.ctx.uSide[a] !== side) this.eliminate(s, a, 'overrun')
    for (let j = 0; j < this.ctx.m; j++) {
      if (s.lState[j] !== LS_IN) continue
      if (s.lHex[j] === to && this.ctx.lSide[j] !== side) this.removeLeader(s, j, 'captured')
      else if (lead && s.lHex[j] === from && this.ctx.lSide[j] === side && (!carryOnly || (s.lFlags[j]! & L_CARRY) !== 0)) s.lHex[j] = to
    }
    this.place(s, u, to)
  }

  // ---------------------------------------------------------------- fire

  /** Is hex t in u's fire zone (4.1)? Front and flank hexes; Reiters also the range-2 frontal cone; artillery its cone. */
  inZone(s: PiwamState, u: number, t: number): boolean {
    const h = s.uHex[u]!
    if (h < 0 || t < 0) return false
    const f = s.uFace[u]!
    if (this.ctx.uType[u] === T_ART) {
      const cone = this.cone(h, f)
      for (let i = 0; i < cone.length; i++) if (cone[i] === t) return this.los(s, h, t)
      return false
    }
    const nb = this.ctx.grid.neighbors
    const b = h * 6
    if (nb[b + f] === t || nb[b + ((f + 1) % 6)] === t || nb[b + ((f + 2) % 6)] === t || nb[b + ((f + 5) % 6)] === t) return true
    if (this.ctx.uType[u] === T_R) {
      const z = (h * 6 + f) * 3
      const iz = this.ctx.izone
      if (iz[z] === t || iz[z + 1] === t || iz[z + 2] === t) return true
    }
    return false
  }
  cone(h: number, f: number): Int32Array {
    const key = h * 6 + f
    let c = this.coneCache.get(key)
    if (!c) {
      const out: number[] = []
      const max = this.ctx.tables.artilleryRange.maxRange
      for (let t = 0; t < this.size; t++) {
        const d = this.dist(h, t)
        if (d < 1 || d > max) continue
        if (this.inCone(h, f, t)) out.push(t)
      }
      out.sort((a, b) => this.dist(h, a) - this.dist(h, b) || a - b)
      c = Int32Array.from(out)
      this.coneCache.set(key, c)
    }
    return c
  }
  /** t lies in the 60-degree sector between sides f and f+1 of h (the frontal cone). */
  private inCone(h: number, f: number, t: number): boolean {
    const g = this.ctx.grid
    const dq = g.q[t]! - g.q[h]!
    const dr = g.r[t]! - g.r[h]!
    // express (dq, dr) = a*dirA + b*dirB with a, b >= 0
    const A = AXIAL[f]!
    const B = AXIAL[(f + 1) % 6]!
    const det = A[0] * B[1] - A[1] * B[0]
    const a = (dq * B[1] - dr * B[0]) / det
    const b = (A[0] * dr - A[1] * dq) / det
    return a >= 0 && b >= 0
  }
  /** Line of sight (artillery): hexes strictly between block if woods/village or occupied, unless lower than both ends. */
  los(s: PiwamState, a: number, b: number): boolean {
    if (this.dist(a, b) <= 1) return true
    const key = a * this.size + b
    let line = this.losCache.get(key)
    if (!line) {
      line = Int32Array.from(hexesBetween(this.ctx.grid, a, b))
      this.losCache.set(key, line)
    }
    const e = Math.min(this.ctx.elev[a]!, this.ctx.elev[b]!)
    const bs = this.ctx.tables.terrain.blocksSight
    for (let i = 0; i < line.length; i++) {
      const h = line[i]!
      if (this.ctx.elev[h]! < e) continue
      if (this.occ0[h]! > 0 || bs[TERRAINS[this.ctx.terrain[h]!]!]) return false
    }
    return true
  }
  canFireType(s: PiwamState, u: number): boolean {
    if (s.uHex[u]! < 0) return false
    if (this.ctx.uType[u] === T_ART) return (s.uFlags[u]! & F_ART_FIRED) === 0
    return s.uStatus[u]! < 3 && this.ctx.tables.fire.toHit[this.typeName(u)] > 0
  }
  /** Counts the hexes u may fire at (and marks them in mask when given). */
  fireTargets(s: PiwamState, u: number, mask: Uint8Array | null): number {
    const h = s.uHex[u]!
    const f = s.uFace[u]!
    let count = 0
    if (this.ctx.uType[u] === T_ART) {
      const cone = this.cone(h, f)
      for (let i = 0; i < cone.length; i++) count += this.fireTest(s, u, cone[i]!, mask)
      return count
    }
    const nb = this.ctx.grid.neighbors
    count += this.fireTest(s, u, nb[h * 6 + f]!, mask)
    count += this.fireTest(s, u, nb[h * 6 + ((f + 1) % 6)]!, mask)
    count += this.fireTest(s, u, nb[h * 6 + ((f + 2) % 6)]!, mask)
    count += this.fireTest(s, u, nb[h * 6 + ((f + 5) % 6)]!, mask)
    if (this.ctx.uType[u] === T_R) for (let k = 0; k < 3; k++) count += this.fireTest(s, u, this.ctx.izone[(h * 6 + f) * 3 + k]!, mask)
    return count
  }
  private fireTest(s: PiwamState, u: number, t: number, mask: Uint8Array | null): number {
    if (t < 0 || this.occ0[t] === 0 || this.sideAt(t) === this.ctx.uSide[u] || !this.inZone(s, u, t)) return 0
    if (mask) mask[this.offHex + t] = 1
    return 1
  }

  /** Resolves one fire at target hex t (4.1). Artillery within lineRange attacks the 3 hexes along the line. */
  resolveFire(s: PiwamState, u: number, t: number, extra: number, defensive: boolean): void {
    const h = s.uHex[u]!
    if (this.ctx.uType[u] === T_ART) {
      s.uFlags[u] = s.uFlags[u]! | F_ART_FIRED
      const AR = this.ctx.tables.artilleryRange
      const d = this.dist(h, t)
      if (d <= AR.lineRange) {
        const g = this.ctx.grid
        const q0 = g.q[h]!
        const r0 = g.r[h]!
        const dq = g.q[t]! - q0
        const dr = g.r[t]! - r0
        const side = this.ctx.uSide[u]!
        const L = AR.lineRange
        for (let k = 1; k <= L; k++) {
          const x = this.lineHex(q0 + 1e-6, r0 + 2e-6, (dq * k) / d, (dr * k) / d)
          if (x < 0) break
          if (this.occ0[x]! > 0 && this.sideAt(x) !== side) this.fireAtHex(s, u, x, this.dist(h, x), 0, defensive)
        }
        return
      }
      this.fireAtHex(s, u, t, d, 0, defensive)
      return
    }
    this.fireAtHex(s, u, t, this.dist(h, t), extra, defensive)
  }
  /** The hex at axial offset (dq, dr) from (q0, r0) after cube rounding, -1 off the map. */
  private lineHex(q0: number, r0: number, dq: number, dr: number): number {
    const fq = q0 + dq
    const fr = r0 + dr
    const fs = -fq - fr
    let q = Math.round(fq)
    let r = Math.round(fr)
    const ss = Math.round(fs)
    const xq = Math.abs(q - fq)
    const xr = Math.abs(r - fr)
    const xs = Math.abs(ss - fs)
    if (xq > xr && xq > xs) q = -r - ss
    else if (xr > xs) r = -q - ss
    const col = q
    const row = r + ((q - (q & 1)) >> 1)
    const g = this.ctx.grid
    if (col < 0 || col >= g.cols || row < 0 || row >= g.rows) return -1
    return row * g.cols + col
  }
  private fireAtHex(s: PiwamState, u: number, t: number, range: number, extra: number, defensive: boolean): void {
    const T = this.ctx.tables
    const art = this.ctx.uType[u] === T_ART
    const toHit = art ? (T.artilleryRange.toHit[range] ?? 10) : T.fire.toHit[this.typeName(u)]
    const roll = this.roll(s, 'fire')
    const mod = extra + (art ? 0 : T.statusEffects.fire[STATUSES[s.uStatus[u]!]!]) - T.fire.cover[TERRAINS[this.ctx.terrain[t]!]!]
    const total = roll + mod
    const hit = total >= toHit
    const margin = hit ? total - toHit : 0
    if (this.ev) this.push({ type: 'fired', unit: this.ctx.uId[u]!, target: this.hexLabel(t), range, toHit, roll, total, hit, margin, defensive })
    if (!hit) return
    const side = this.ctx.uSide[u]!
    // leaders in a hit hex roll first (2.1 A)
    for (let j = 0; j < this.ctx.m; j++) {
      if (s.lState[j] === LS_IN && s.lHex[j] === t && this.ctx.lSide[j] !== side) {
        if (this.roll(s, 'leader hit') >= this.ctx.tables.leaders.lossRoll) this.removeLeader(s, j, 'hit by fire')
      }
    }
    const a = this.occ0[t]! - 1
    const b = this.occ1[t]! - 1
    const from = s.uHex[u]!
    if (a >= 0) this.moraleCheck(s, a, margin, from, 'fire')
    if (b >= 0) this.moraleCheck(s, b, margin, from, 'fire')
  }

  /** 5.0: roll + modifier + stacked leaders <= morale passes; failure reduces one level (broken: retreat 2, 5.3). */
  moraleCheck(s: PiwamState, u: number, mod: number, away: number, why: string): boolean {
    if (s.uHex[u]! < 0) return true
    const roll = this.roll(s, 'morale')
    const h = s.uHex[u]!
    const total = roll + mod + this.leaderMod(s, h, this.ctx.uSide[u]!)
    const need = this.morale(s, u)
    const passed = total <= need
    if (this.ev) this.push({ type: 'morale-check', unit: this.ctx.uId[u]!, roll, total, need, passed })
    if (passed) return true
    if (this.reduce(s, u, 1, why)) return false
    if (s.uStatus[u] === 3) this.retreat(s, u, 2, away >= 0 ? away : h, false)
    return false
  }

  // ---------------------------------------------------------------- retreat / rout

  /** Retreats u n hexes away from `away` (4.2, 5.3); unable: the Unable to Retreat table. Returns false if eliminated. */
  retreat(s: PiwamState, u: number, n: number, away: number, inCombat: boolean): boolean {
    const side = this.ctx.uSide[u]!
    const start = s.uHex[u]!
    let nc = 0
    if (this.mainAt(start) === u) for (let j = 0; j < this.ctx.m; j++) if (s.lState[j] === LS_IN && s.lHex[j] === start && this.ctx.lSide[j] === side) this.carried[nc++] = j
    const ok = this.retreatSteps(s, u, n, away, inCombat)
    const end = s.uHex[u]!
    if (end >= 0) for (let i = 0; i < nc; i++) if (s.lState[this.carried[i]!] === LS_IN) s.lHex[this.carried[i]!] = end
    return ok
  }
  private retreatSteps(s: PiwamState, u: number, n: number, away: number, inCombat: boolean): boolean {
    const side = this.ctx.uSide[u]!
    const arm = this.ctx.uArm[u] === ARM_CAV ? 1 : 0
    const nb = this.ctx.grid.neighbors
    for (let step = 0; step < n; step++) {
      const h = s.uHex[u]!
      let pick = -1
      let pickKey = BIG
      const dh = this.dist(h, away)
      for (let d = 0; d < 6; d++) {
        const x = nb[h * 6 + d]!
        if (x < 0 || this.ctx.cost[(arm * this.size + h) * 6 + d] === IMPASSABLE) continue
        if (this.dist(x, away) <= dh) continue
        if (this.canEnter(u, x) !== 1) continue
        const key = this.ctx.edgeDist[side * this.size + x]! * 64 + d
        if (key < pickKey) {
          pickKey = key
          pick = x
        }
      }
      if (pick < 0) return this.unableToRetreat(s, u, inCombat)
      const a = this.occ0[pick]! - 1
      if (a >= 0 && this.ctx.uType[a] === T_ART && this.ctx.uType[u] !== T_ART) this.eliminate(s, a, 'retreated through')
      const from = h
      this.moveUnit(s, u, pick, false)
      if (this.ev) this.push({ type: 'retreated', unit: this.ctx.uId[u]!, from: this.hexLabel(from), to: this.hexLabel(pick) })
    }
    if (s.uStatus[u] === 3) s.uFace[u] = this.ctx.edgeFacing[side]!
    return true
  }
  unableToRetreat(s: PiwamState, u: number, inCombat: boolean): boolean {
    const roll = this.roll(s, 'unable to retreat')
    const st = s.uStatus[u]!
    const need = this.ctx.tables.unableToRetreat.stand[STATUSES[st]!]
    const total = roll + this.leaderMod(s, s.uHex[u]!, this.ctx.uSide[u]!)
    const stood = total <= need
    if (this.ev) this.push({ type: 'stood', unit: this.ctx.uId[u]!, roll: total, need, stood })
    if (stood) {
      if (st > 1) this.setStatus(s, u, st - 1)
      return true
    }
    const h = s.uHex[u]!
    this.eliminate(s, u, 'unable to retreat')
    if (inCombat) this.removeLeadersAt(s, h, this.ctx.uSide[u]!, 'stacked unit eliminated in close combat')
    return false
  }

  /** 1.3 / 5.3: broken units spend their full allowance along the cheapest way to their edge, exiting off it. */
  routPhase(s: PiwamState): void {
    const nb = this.ctx.grid.neighbors
    for (let u = 0; u < this.ctx.n; u++) {
      if (s.uHex[u]! < 0 || s.uStatus[u] !== 3 || this.ctx.uArm[u] === ARM_ART) continue
      const side = this.ctx.uSide[u]!
      const arm = this.ctx.uArm[u] === ARM_CAV ? 1 : 0
      let mp: number = this.ctx.tables.unitTypes.movement[this.typeName(u)]
      const full = mp
      s.uFace[u] = this.ctx.edgeFacing[side]!
      while (mp > 0) {
        const h = s.uHex[u]!
        const ed = this.ctx.edgeDist[side * this.size + h]!
        if (ed === 0) {
          this.place(s, u, -1)
          s.uGone[u] = 2
          if (this.ev) this.push({ type: 'exited', unit: this.ctx.uId[u]! })
          break
        }
        let pick = -1
        let pickKey = BIG
        for (let d = 0; d < 6; d++) {
          const x = nb[h * 6 + d]!
          if (x < 0 || this.ctx.edgeDist[side * this.size + x]! >= ed) continue
          const c = this.ctx.cost[(arm * this.size + h) * 6 + d]!
          if (c === IMPASSABLE || (c > mp && mp !== full)) continue
          if (this.canEnter(u, x) !== 1) continue
          // least resistance: cheapest, then away from enemies
          const key = c * 16 + (this.nearestEnemyDist(s, x, side) <= 1 ? 8 : 0) + d
          if (key < pickKey) {
            pickKey = key
            pick = x
          }
        }
        if (pick < 0) break
        mp -= Math.min(mp, this.ctx.cost[(arm * this.size + h) * 6 + directionOf(this.ctx.grid.neighbors, h, pick)]!)
        this.place(s, u, pick)
        if (this.ev) this.push({ type: 'rout', unit: this.ctx.uId[u]!, from: this.hexLabel(h), to: this.hexLabel(pick) })
      }
    }
  }

  // ---------------------------------------------------------------- flow: turn, initiative, activation

  startTurn(s: PiwamState): void {
    // initiative (1.1): more wings of higher-precedence orders; best leader; roll-off
    let winner = -1
    let reason = ''
    for (let o = 0; o < 3 && winner < 0; o++) {
      let c0 = 0
      let c1 = 0
      for (let w = 0; w < this.ctx.w; w++) {
        if (!this.activatable(s, w) || s.wOrder[w] !== o) continue
        if (this.ctx.wSide[w] === 0) c0++
        else c1++
      }
      if (c0 !== c1) {
        winner = c0 > c1 ? 0 : 1
        reason = `more ${ORDERS[o]} wings`
      }
    }
    if (winner < 0) {
      const b = [0, 0]
      for (let j = 0; j < this.ctx.m; j++) if (s.lState[j] === LS_IN) b[this.ctx.lSide[j]!] = Math.min(b[this.ctx.lSide[j]!]!, this.ctx.lRating[j]!)
      if (b[0] !== b[1]) {
        winner = b[0]! < b[1]! ? 0 : 1
        reason = 'better leader'
      }
    }
    for (let k = 0; winner < 0 && k < 20; k++) {
      const r0 = this.roll(s, 'initiative side 0')
      const r1 = this.roll(s, 'initiative side 1')
      if (r0 !== r1) {
        winner = r0 > r1 ? 0 : 1
        reason = 'roll-off'
      }
    }
    if (winner < 0) {
      winner = 0
      reason = 'roll-off ties'
    }
    s.chooser = winner
    if (this.ev) this.push({ type: 'initiative', player: winner as Player, reason })
    this.nextActivation(s)
  }

  /** The precedence level (order index) wings must have to be activated now, or -1 when all are finished. */
  level(s: PiwamState): number {
    let lv = 9
    for (let w = 0; w < this.ctx.w; w++) if (this.activatable(s, w) && s.wOrder[w]! < lv) lv = s.wOrder[w]!
    return lv === 9 ? -1 : lv
  }
  private sideCanActivate(s: PiwamState, p: number, lv: number): boolean {
    for (let w = 0; w < this.ctx.w; w++) if (this.ctx.wSide[w] === p && s.wOrder[w] === lv && this.activatable(s, w)) return true
    return false
  }
  nextActivation(s: PiwamState): void {
    s.activeWing = -1
    s.sel = -1
    const lv = this.level(s)
    if (lv < 0) {
      this.routPhase(s)
      this.endTurn(s)
      return
    }
    if (!this.sideCanActivate(s, s.chooser, lv)) s.chooser = 1 - s.chooser
    s.kind = K['activate-wing']
    s.player = s.chooser
  }

  startActivation(s: PiwamState, w: number, how: 'chosen' | 'preempt' | 'continuation' | 'resumed'): void {
    s.activeWing = w
    s.sel = -1
    s.preemptTried = 0
    s.orderTried = 0
    const side = this.ctx.wSide[w]!
    for (let u = 0; u < this.ctx.n; u++) {
      let f = s.uFlags[u]! & ~(F_INTERCEPTOR | F_NO_CHARGE | F_TURNED | F_SPENT | F_ENDED | F_CHARGED | F_REACT_ATT)
      if (this.ctx.uWing[u] === w) f &= ~F_ACTED
      if (this.ctx.uSide[u] !== side) f &= ~F_REACTED
      s.uFlags[u] = f
      s.uTarget[u] = -1
      s.uMoved[u] = 0
    }
    for (let j = 0; j < this.ctx.m; j++) {
      if (this.ctx.lWing[j] === w) s.lFlags[j] = s.lFlags[j]! & ~(L_MOVED | L_AIDED | L_ACTED)
      if (this.ctx.lSide[j] !== side) s.lFlags[j] = s.lFlags[j]! & ~L_REACTED
    }
    if (this.ev) this.push({ type: 'wing-activated', wing: this.ctx.wId[w]!, player: side as Player, how })
    if ((s.wMark[w]! & M_PREEMPTING) === 0 && this.preemptors(s, null) > 0) {
      s.kind = K.preempt
      s.player = 1 - side
    } else this.toChangeOrder(s)
  }
  /** Wings of the inactive side that may attempt preemption (1.2 A). */
  preemptors(s: PiwamState, mask: Uint8Array | null): number {
    const side = this.ctx.wSide[s.activeWing]!
    let c = 0
    for (let w = 0; w < this.ctx.w; w++) {
      if (this.ctx.wSide[w] === side || (s.wMark[w]! & (M_NOCONT | M_BYPASSED)) !== 0 || !this.activatable(s, w)) continue
      if (mask) mask[this.offWing + w] = 1
      c++
    }
    return c
  }
  private toChangeOrder(s: PiwamState): void {
    s.kind = K['change-order']
    s.player = this.ctx.wSide[s.activeWing]!
  }
  private toSelect(s: PiwamState): void {
    s.sel = -1
    s.kind = K['select-unit']
    s.player = this.ctx.wSide[s.activeWing]!
  }

  doPreempt(s: PiwamState, x: number): void {
    const T = this.ctx.tables.continuation
    const need = T.target[ORDERS[s.wOrder[x]!]!]
    const roll = this.roll(s, 'preemption')
    const total = roll + T.preemptDrm + this.commandMod(s, x)
    const success = total <= need
    const a = s.activeWing
    if (this.ev) this.push({ type: 'preempt-attempt', wing: this.ctx.wId[x]!, against: this.ctx.wId[a]!, need, total, success })
    if (!success) {
      s.wMark[x] = s.wMark[x]! | M_NOCONT
      this.toChangeOrder(s)
      return
    }
    if (s.wMark[a]! & M_CONTINUED) this.finishMark(s, a)
    else {
      s.wMark[a] = s.wMark[a]! | M_BYPASSED
      s.bypassed = a
    }
    s.wMark[x] = s.wMark[x]! | M_PREEMPTING
    this.startActivation(s, x, 'preempt')
  }
  doOrderChange(s: PiwamState, o: number): void {
    const w = s.activeWing
    const from = s.wOrder[w]!
    const need = this.ctx.tables.orderChange.target[ORDERS[from]!][ORDERS[o]!]
    const roll = this.roll(s, 'order change')
    const total = roll + this.commandMod(s, w)
    const success = total <= need
    if (success) s.wOrder[w] = o
    if (this.ev) this.push({ type: 'order-change', wing: this.ctx.wId[w]!, from: ORDERS[from]!, to: ORDERS[o]!, need, total, success })
    this.toSelect(s)
  }
  private finishMark(s: PiwamState, w: number): void {
    s.wMark[w] = (s.wMark[w]! | M_FINISHED) & ~(M_CONTINUED | M_BYPASSED)
    if (this.ev) this.push({ type: 'wing-finished', wing: this.ctx.wId[w]! })
  }
  finishWing(s: PiwamState): void {
    const w = s.activeWing
    this.finishMark(s, w)
    if (s.wMark[w]! & M_PREEMPTING && s.bypassed >= 0) {
      const b = s.bypassed
      s.bypassed = -1
      s.wMark[b] = s.wMark[b]! & ~M_BYPASSED
      if (this.activatable(s, b)) {
        s.wMark[b] = s.wMark[b]! | M_CONTINUED
        this.startActivation(s, b, 'resumed')
        return
      }
    }
    this.nextActivation(s)
  }
  toContinuation(s: PiwamState): void {
    const w = s.activeWing
    for (let u = 0; u < this.ctx.n; u++) s.uTarget[u] = -1
    s.ccHex = -1
    if (this.canContinue(s, w)) {
      s.kind = K.continuation
      s.player = this.ctx.wSide[w]!
    } else this.finishWing(s)
  }
  private canContinue(s: PiwamState, w: number): boolean {
    return (s.wMark[w]! & M_NOCONT) === 0 && s.wCont[w]! < this.ctx.tables.continuation.maxContinuations && this.wingCmdHex(s, w) >= 0 && this.wingHasUnits(s, w)
  }
  doContinuation(s: PiwamState): void {
    const w = s.activeWing
    const T = this.ctx.tables.continuation
    const need = T.target[ORDERS[s.wOrder[w]!]!]
    const roll = this.roll(s, 'continuation')
    const total = roll + T.repeatDrm * s.wCont[w]! + this.commandMod(s, w)
    const success = total <= need
    if (this.ev) this.push({ type: 'continuation-attempt', wing: this.ctx.wId[w]!, need, total, success })
    if (!success) {
      this.finishWing(s)
      return
    }
    s.wCont[w] = s.wCont[w]! + 1
    s.wMark[w] = s.wMark[w]! | M_CONTINUED
    this.startActivation(s, w, 'continuation')
  }

  endTurn(s: PiwamState): void {
    if (this.ev) this.push({ type: 'turn-ended', turn: s.turn })
    for (let u = 0; u < this.ctx.n; u++) {
      s.uFlags[u] = s.uFlags[u]! & F_G_REDUCED
      s.uTarget[u] = -1
      s.uMoved[u] = 0
    }
    for (let j = 0; j < this.ctx.m; j++) s.lFlags[j] = 0
    for (let w = 0; w < this.ctx.w; w++) {
      s.wMark[w] = 0
      s.wCont[w] = 0
    }
    s.bypassed = -1
    s.activeWing = -1
    s.sel = -1
    this.enterReplacements(s)
    if (this.checkBreak(s)) return
    if (s.turn >= this.ctx.turns) {
      this.endByPoints(s)
      return
    }
    s.turn++
    this.startTurn(s)
  }
  /** 2.1 B: a lost leader's replacement joins (same order) stacked with a unit of his command, unless it has none. */
  enterReplacements(s: PiwamState): void {
    for (let j = 0; j < this.ctx.m; j++) {
      const r = this.ctx.lRepl[j]!
      if (s.lState[j] !== LS_REMOVED || r < 0 || s.lState[r] !== LS_WAITING) continue
      const w = this.ctx.lWing[j]!
      const side = this.ctx.lSide[j]!
      let host = -1
      for (let u = 0; u < this.ctx.n && host < 0; u++) {
        if (s.uHex[u]! < 0 || this.ctx.uSide[u] !== side) continue
        if (w >= 0 ? this.ctx.uWing[u] === w : true) host = u
      }
      if (host < 0) continue
      s.lState[r] = LS_IN
      s.lHex[r] = s.uHex[host]!
      if (w >= 0) s.wCmd[w] = r
      if (this.ev) this.push({ type: 'leader-replaced', leader: this.ctx.lId[j]!, by: this.ctx.lId[r]!, hex: this.hexLabel(s.lHex[r]!) })
    }
  }

  // ---------------------------------------------------------------- victory

  lost(s: PiwamState, side: number): number {
    let v = 0
    for (let u = 0; u < this.ctx.n; u++) if (this.ctx.uSide[u] === side && (s.uHex[u]! < 0 || s.uStatus[u] === 3)) v += this.ctx.uValue[u]!
    return v
  }
  /** An army whose lost value reaches breakFraction of its start breaks and loses. Returns true when the game ended. */
  checkBreak(s: PiwamState): boolean {
    if (s.winner >= 0) return true
    const l0 = this.lost(s, 0)
    const l1 = this.lost(s, 1)
    const sv = this.ctx.startValue
    const f0 = sv[0] > 0 ? l0 / sv[0] : 1
    const f1 = sv[1] > 0 ? l1 / sv[1] : 1
    const b0 = f0 >= this.ctx.breakFraction - 1e-9
    const b1 = f1 >= this.ctx.breakFraction - 1e-9
    if (!b0 && !b1) return false
    const winner = b0 && b1 ? (f0 === f1 ? 2 : f0 > f1 ? 1 : 0) : b0 ? 1 : 0
    this.gameOver(s, winner, winner === 2 ? 'both armies broke' : `${this.ctx.scenario.sides[1 - winner]?.name ?? 'side ' + (1 - winner)} broke`, [l1, l0])
    return true
  }
  endByPoints(s: PiwamState): void {
    const vp0 = this.lost(s, 1)
    const vp1 = this.lost(s, 0)
    const margin = vp0 - vp1
    const winner = Math.abs(margin) <= this.ctx.drawMargin ? 2 : margin > 0 ? 0 : 1
    this.gameOver(s, winner, `turn limit: victory points ${vp0}-${vp1}`, [vp0, vp1])
  }
  private gameOver(s: PiwamState, winner: number, reason: string, score: [number, number]): void {
    s.winner = winner
    s.reason = reason
    s.score = score
    s.kind = -1
    if (this.ev) this.push({ type: 'game-over', winner: winner === 2 ? null : (winner as Player), reason, score })
  }

  // ---------------------------------------------------------------- units' actions

  private turnCost(u: number, about: boolean): number {
    const cav = this.ctx.uArm[u] === ARM_CAV
    return about ? (cav ? 2 : 4) : cav ? 1 : 2
  }
  /** May the unit attempt to rally now (2.2, 5.2)? */
  canRally(s: PiwamState, u: number): boolean {
    const st = s.uStatus[u]!
    if (st === 0 || this.ctx.uArm[u] === ARM_ART || (s.uFlags[u]! & F_SPENT) !== 0 || s.uMoved[u]! > 0) return false
    if (this.ctx.uType[u] === T_G && (s.uFlags[u]! & F_G_REDUCED) !== 0 && st <= 1) return false
    const w = this.ctx.uWing[u]!
    const o = s.wOrder[w]!
    if (o === 0) return false
    if (!this.inCommand(s, u)) return false
    if (o === 1) {
      const ch = this.wingCmdHex(s, w)
      return ch >= 0 && this.dist(ch, s.uHex[u]!) <= 1
    }
    return true
  }
  /** Writes legal moves of the selected unit into mask; returns the count. */
  unitMoves(s: PiwamState, u: number, mask: Uint8Array | null): number {
    const h = s.uHex[u]!
    const f = s.uFace[u]!
    const side = this.ctx.uSide[u]!
    const arm = this.ctx.uArm[u] === ARM_CAV ? 1 : 0
    const full = this.ma(s, u)
    if (full <= 0 || s.mp <= 0) return 0
    const w = this.ctx.uWing[u]!
    const order = s.wOrder[w]!
    const inCmd = this.inCommand(s, u)
    const ch = this.wingCmdHex(s, w)
    if (!inCmd && ch < 0) return 0
    const hereDist = order === 0 ? this.nearestEnemyDist(s, h, side) : 0
    let c = 0
    for (let k = 0; k < 2; k++) {
      const d = (f + k) % 6
      const x = this.ctx.grid.neighbors[h * 6 + d]!
      if (x < 0) continue
      const cost = this.ctx.cost[(arm * this.size + h) * 6 + d]!
      if (cost === IMPASSABLE) continue
      if (cost > s.mp && !(s.mp === full && (s.uFlags[u]! & F_SPENT) === 0)) continue
      if (this.canEnter(u, x) === 0) continue
      if (!inCmd && this.dist(x, ch) >= this.dist(h, ch)) continue
      if (order === 0) {
        if (this.nearestEnemyDist(s, x, side) >= hereDist) continue
      } else if (order === 1) {
        if (this.nearestEnemyDist(s, x, side) <= 1) continue
      } else if (this.nearestEnemyDist(s, x, side) < s.startDist) continue
      if (mask) mask[this.offHex + x] = 1
      c++
    }
    return c
  }

  selectUnit(s: PiwamState, u: number): void {
    s.sel = u
    s.uFlags[u] = (s.uFlags[u]! | F_ACTED) & ~(F_TURNED | F_SPENT | F_ENDED)
    s.uMoved[u] = 0
    s.mp = this.ma(s, u)
    s.startDist = this.nearestEnemyDist(s, s.uHex[u]!, this.ctx.uSide[u]!)
    s.kind = K['unit-action']
    const h = s.uHex[u]!
    const main = this.mainAt(h) === u
    for (let j = 0; j < this.ctx.m; j++) {
      const stacked = main && s.lState[j] === LS_IN && s.lHex[j] === h && this.ctx.lSide[j] === this.ctx.uSide[u]
      s.lFlags[j] = stacked ? s.lFlags[j]! | L_CARRY : s.lFlags[j]! & ~L_CARRY
    }
  }
  /** After an action step: go on with the unit, or back to unit selection. */
  continueUnit(s: PiwamState): void {
    const u = s.sel
    if (u < 0 || u >= this.ctx.n || s.uHex[u]! < 0 || (s.uFlags[u]! & F_ENDED) !== 0 || (this.ctx.uArm[u] !== ARM_ART && s.mp <= 0)) {
      this.toSelect(s)
      return
    }
    s.kind = K['unit-action']
    s.player = this.ctx.wSide[s.activeWing]!
  }
  doMove(s: PiwamState, u: number, x: number): void {
    const h = s.uHex[u]!
    const d = directionOf(this.ctx.grid.neighbors, h, x)
    const arm = this.ctx.uArm[u] === ARM_CAV ? 1 : 0
    const cost = this.ctx.cost[(arm * this.size + h) * 6 + d]!
    const spent = Math.min(cost, s.mp)
    s.mp -= spent
    this.moveUnit(s, u, x, true)
    s.uMoved[u] = s.uMoved[u]! + 1
    s.uFlags[u] = s.uFlags[u]! | F_SPENT
    if (this.ev) this.push({ type: 'moved', unit: this.ctx.uId[u]!, from: this.hexLabel(h), to: this.hexLabel(x), mp: spent })
    this.trigger(s, u, TR_ENTERED | TR_MP, -1)
  }
  doTurn(s: PiwamState, u: number, by: number, cost: number): void {
    const f = s.uFace[u]!
    s.uFace[u] = rot(f, by)
    s.mp = Math.max(0, s.mp - cost)
    s.uFlags[u] = s.uFlags[u]! | F_TURNED | F_SPENT
    if (this.ctx.uType[u] === T_ART) s.uFlags[u] = s.uFlags[u]! | F_ART_FIRED | F_ENDED
    if (this.ev) this.push({ type: 'faced', unit: this.ctx.uId[u]!, from: VERTEX_NAMES[f]!, to: VERTEX_NAMES[s.uFace[u]!]!, mp: cost })
    this.trigger(s, u, TR_FACED | TR_MP, -1)
  }
  doRally(s: PiwamState, u: number): void {
    const w = this.ctx.uWing[u]!
    const ch = this.wingCmdHex(s, w)
    const h = s.uHex[u]!
    const j = s.wCmd[w]!
    s.uFlags[u] = s.uFlags[u]! | F_SPENT | F_ENDED
    const order = s.wOrder[w]!
    if (ch >= 0 && this.dist(ch, h) <= 1 && (order === 1 || (order === 2 && (s.lFlags[j]! & L_MOVED) === 0))) s.lFlags[j] = s.lFlags[j]! | L_AIDED
    if (ch === h) {
      this.setStatus(s, u, s.uStatus[u]! - 1)
      if (this.ev) this.push({ type: 'rally', unit: this.ctx.uId[u]!, success: true, auto: true })
    } else {
      // under Rally orders an adjacent wing commander lends his modifier (2.1 B); stacked leaders count in moraleCheck
      const aid = order === 2 && ch >= 0 && this.dist(ch, h) === 1 && (s.lFlags[j]! & L_MOVED) === 0 ? this.ctx.lRating[j]! : 0
      const ok = this.moraleCheck(s, u, aid, this.nearestEnemyHex(s, h, this.ctx.uSide[u]!), 'failed rally')
      if (ok) this.setStatus(s, u, s.uStatus[u]! - 1)
      if (this.ev) this.push({ type: 'rally', unit: this.ctx.uId[u]!, success: ok, auto: false })
    }
    this.trigger(s, u, TR_RALLY, -1)
  }
  doFire(s: PiwamState, u: number, t: number): void {
    const extra = s.fireExtra
    if (this.ctx.uType[u] === T_ART) s.uFlags[u] = s.uFlags[u]! | F_ENDED
    else {
      s.mp = Math.max(0, s.mp - this.ctx.tables.fire.fireMp - extra)
      s.uFlags[u] = s.uFlags[u]! | F_SPENT
    }
    this.resolveFire(s, u, t, extra, false)
    this.trigger(s, u, TR_FIRED | (this.ctx.uType[u] === T_ART ? 0 : TR_MP), t)
  }

  /** Is wing leader j stacked with a unit of his wing? (Under Charge he moves only with it, unless left alone.) */
  withWing(s: PiwamState, j: number): boolean {
    const h = s.lHex[j]!
    if (h < 0) return false
    const a = this.occ0[h]! - 1
    const b = this.occ1[h]! - 1
    const w = this.ctx.lWing[j]!
    return (a >= 0 && this.ctx.uWing[a] === w) || (b >= 0 && this.ctx.uWing[b] === w)
  }
  /** Leader destinations: a hex within leader movement (in hexes; leaders ride) holding a unit of his
   *  command (wing commander: his wing; army commander: his side). Withdrawal: a hex farther from the trigger. */
  leaderDests(s: PiwamState, j: number, mask: Uint8Array | null, mp: number, withdrawFrom: number): number {
    const h = s.lHex[j]!
    if (h < 0) return 0
    const side = this.ctx.lSide[j]!
    const w = this.ctx.lWing[j]!
    let c = 0
    if (withdrawFrom >= 0) {
      const row = h * this.size
      const d0 = this.dist(h, withdrawFrom)
      for (let x = 0; x < this.size; x++) {
        const d = this.ctx.grid.dist[row + x]!
        if (d === 0 || d > mp || this.ctx.terrain[x] === 5 || this.dist(x, withdrawFrom) <= d0 || this.sideAt(x) === 1 - side) continue
        if (mask) mask[this.offHex + x] = 1
        c++
      }
      return c
    }
    for (let u = 0; u < this.ctx.n; u++) {
      const x = s.uHex[u]!
      if (x < 0 || x === h || this.ctx.uSide[u] !== side || (w >= 0 && this.ctx.uWing[u] !== w)) continue
      if (this.dist(h, x) > mp) continue
      if (mask) {
        if (mask[this.offHex + x]) continue
        mask[this.offHex + x] = 1
      }
      c++
    }
    return c
  }
  /** Cheapest-path search from h with budget mp (arm 0/1), never through enemy units (or through stacks u may not pass).
   *  Fills this.best with MP left on arrival (-1 unreachable). */
  search(s: PiwamState, h: number, mp: number, arm: number, side: number, u: number): void {
    this.best.fill(-1)
    this.best[h] = mp
    let qh = 0
    let qt = 0
    this.queue[qt++] = h
    const nb = this.ctx.grid.neighbors
    while (qh < qt) {
      const a = this.queue[qh++]!
      const left = this.best[a]!
      for (let d = 0; d < 6; d++) {
        const x = nb[a * 6 + d]!
        if (x < 0) continue
        const c = this.ctx.cost[(arm * this.size + a) * 6 + d]!
        if (c === IMPASSABLE || c > left) continue
        const sx = this.sideAt(x)
        if (sx >= 0 && sx !== side) continue
        if (u >= 0 && sx >= 0 && this.canEnter(u, x) !== 1) continue
        const rem = left - c
        if (rem > this.best[x]! && qt < this.queue.length) {
          this.best[x] = rem
          this.queue[qt++] = x
        }
      }
    }
  }
  /** Withdrawal destinations (3.3 B): reachable with the full allowance, farther from the trigger, stacking allowed. */
  withdrawDests(s: PiwamState, r: number, mask: Uint8Array | null): number {
    if (r >= this.ctx.n) return this.leaderDests(s, r - this.ctx.n, mask, this.ctx.tables.leaders.movement, s.uHex[s.trigUnit]!)
    const h = s.uHex[r]!
    const th = s.uHex[s.trigUnit]!
    if (h < 0 || th < 0) return 0
    this.search(s, h, this.ma(s, r), this.ctx.uArm[r] === ARM_CAV ? 1 : 0, this.ctx.uSide[r]!, r)
    let c = 0
    for (let x = 0; x < this.size; x++) {
      if (this.best[x]! < 0 || x === h || this.dist(x, th) <= this.dist(h, th)) continue
      if (this.occ0[x]! > 0 && this.canEnter(r, x) !== 1) continue
      if (mask) mask[this.offHex + x] = 1
      c++
    }
    return c
  }

  // ---------------------------------------------------------------- reactions

  trigger(s: PiwamState, u: number, bits: number, hex: number): void {
    s.trig++
    s.trigUnit = u
    s.trigBits = bits
    s.trigHex = hex
    this.openReactions(s)
  }
  openReactions(s: PiwamState): void {
    if (this.reactors(s, null) > 0) {
      s.kind = K.reaction
      s.player = 1 - this.ctx.wSide[s.activeWing]!
    } else this.continueUnit(s)
  }
  /** Options (O_*) open to unit/leader r against the current trigger. */
  reactOpts(s: PiwamState, r: number): number {
    const t = s.trigUnit
    const th = s.uHex[t]!
    if (th < 0) return 0
    const n = this.ctx.n
    const activeSide = this.ctx.wSide[s.activeWing]!
    if (r >= n) {
      // army commanders alone in a hex may withdraw (3.3 B)
      const j = r - n
      const lh = s.lHex[j]!
      if (s.lState[j] !== LS_IN || !this.ctx.lArmy[j] || this.ctx.lSide[j] === activeSide || (s.lFlags[j]! & L_REACTED) !== 0) return 0
      if (this.occ0[lh]! > 0 || this.dist(lh, th) > 2 || (s.trigBits & (TR_MP | TR_RALLY)) === 0) return 0
      return O_WITHDRAW
    }
    const h = s.uHex[r]!
    if (h < 0 || this.ctx.uSide[r] === activeSide || s.uStamp[r] === s.trig) return 0
    let o = 0
    const bits = s.trigBits
    if (this.canFireType(s, r) && this.inZone(s, r, th)) {
      if (bits & TR_FIRED ? s.trigHex === h : (bits & (TR_ENTERED | TR_FACED | TR_RALLY)) !== 0) o |= O_FIRE
    }
    const art = this.ctx.uArm[r] === ARM_ART
    if (!art && s.uStatus[r]! <= 1 && (s.uFlags[r]! & F_REACTED) === 0 && (bits & (TR_MP | TR_RALLY)) !== 0 && this.ma(s, r) >= this.ma(s, t) && this.ma(s, r) > 0) {
      const cav = this.ctx.uArm[r] === ARM_CAV
      if (this.dist(h, th) <= 2) {
        o |= O_FACE
        if (cav) o |= O_FACE2
        if (s.wOrder[this.ctx.uWing[r]!] === 2 || (cav && this.ctx.uArm[t] === ARM_INF)) o |= O_WITHDRAW
      }
      if (cav && bits & TR_ENTERED) {
        const z = (h * 6 + s.uFace[r]!) * 3
        const iz = this.ctx.izone
        if ((iz[z] === th || iz[z + 1] === th || iz[z + 2] === th) && this.interceptHex(s, r) >= 0) o |= O_INTERCEPT
      }
    }
    return o
  }
  reactors(s: PiwamState, mask: Uint8Array | null): number {
    let c = 0
    for (let r = 0; r < this.ctx.n + this.ctx.m; r++) {
      if (this.reactOpts(s, r) === 0) continue
      if (mask) mask[this.offUnit + r] = 1
      c++
    }
    return c
  }
  /** The front hex of interceptor r adjacent to the trigger unit that r can enter (-1 none). */
  interceptHex(s: PiwamState, r: number): number {
    const h = s.uHex[r]!
    const f = s.uFace[r]!
    const th = s.uHex[s.trigUnit]!
    for (let k = 0; k < 2; k++) {
      const x = this.ctx.grid.neighbors[h * 6 + ((f + k) % 6)]!
      if (x < 0 || this.dist(x, th) !== 1) continue
      if (this.ctx.cost[(this.size + h) * 6 + ((f + k) % 6)] === IMPASSABLE || this.canEnter(r, x) !== 1) continue
      return x
    }
    return -1
  }
  doReaction(s: PiwamState, r: number, choice: number): void {
    const n = this.ctx.n
    if (r >= n) {
      s.kind = K['withdraw-hex']
      return
    }
    s.uStamp[r] = s.trig
    const t = s.trigUnit
    if (choice === C.fire) {
      this.resolveFire(s, r, s.uHex[t]!, 0, true)
    } else if (choice === C.withdraw) {
      s.kind = K['withdraw-hex']
      return
    } else if (choice === C.intercept) {
      s.uFlags[r] = s.uFlags[r]! | F_REACTED
      const x = this.interceptHex(s, r)
      const T = this.ctx.tables.interception.target
      const arm = this.ctx.uArm[t]!
      const need = arm === ARM_CAV ? T.cav : arm === ARM_INF ? T.inf : T.art
      const roll = this.roll(s, 'interception')
      const total = roll + this.leaderMod(s, s.uHex[r]!, this.ctx.uSide[r]!)
      const success = total <= need
      if (this.ev) this.push({ type: 'intercept-attempt', unit: this.ctx.uId[r]!, target: this.ctx.uId[t]!, need, total, success })
      if (success) {
        const from = s.uHex[r]!
        this.moveUnit(s, r, x, true)
        if (this.ev) this.push({ type: 'moved', unit: this.ctx.uId[r]!, from: this.hexLabel(from), to: this.hexLabel(x), mp: 0 })
        s.uFlags[r] = s.uFlags[r]! | F_INTERCEPTOR
        s.uFlags[t] = s.uFlags[t]! | F_NO_CHARGE | F_ENDED
      }
    } else {
      s.uFlags[r] = s.uFlags[r]! | F_REACTED
      const by = choice === C.left ? -1 : choice === C.right ? 1 : choice === C.left2 ? -2 : 2
      const f = s.uFace[r]!
      s.uFace[r] = rot(f, by)
      if (this.ev) this.push({ type: 'faced', unit: this.ctx.uId[r]!, from: VERTEX_NAMES[f]!, to: VERTEX_NAMES[s.uFace[r]!]!, mp: 0 })
    }
    this.openReactions(s)
  }
  doWithdraw(s: PiwamState, x: number): void {
    const r = s.react
    const n = this.ctx.n
    if (r >= n) {
      const j = r - n
      const from = s.lHex[j]!
      s.lHex[j] = x
      s.lFlags[j] = s.lFlags[j]! | L_REACTED
      if (this.ev) this.push({ type: 'leader-moved', leader: this.ctx.lId[j]!, from: this.hexLabel(from), to: this.hexLabel(x) })
    } else {
      const from = s.uHex[r]!
      s.uFlags[r] = s.uFlags[r]! | F_REACTED
      this.moveUnit(s, r, x, true)
      if (this.ev) this.push({ type: 'withdrew', unit: this.ctx.uId[r]!, from: this.hexLabel(from), to: this.hexLabel(x) })
    }
    this.openReactions(s)
  }

  // ---------------------------------------------------------------- close combat

  /** May a attack hex h now (4.2 special cases)? reaction = inactive unit's reaction attack. */
  canAttack(s: PiwamState, a: number, h: number, reaction: boolean): boolean {
    const ah = s.uHex[a]!
    if (ah < 0 || h < 0) return false
    const f = s.uFace[a]!
    const nb = this.ctx.grid.neighbors
    if (nb[ah * 6 + f] !== h && nb[ah * 6 + ((f + 1) % 6)] !== h) return false
    const d = this.mainAt(h)
    if (d < 0 || this.ctx.uSide[d] === this.ctx.uSide[a]) return false
    const sa = s.uStatus[a]!
    if (sa === 3) return false
    if (sa === 2 && s.uStatus[d] !== 2) return false
    if (this.ctx.uArm[a] === ARM_INF && this.ctx.uArm[d] === ARM_CAV) return false
    if (reaction && this.ctx.uWing[d] !== s.activeWing) return false
    return true
  }
  attackerOk(s: PiwamState, a: number, reaction: boolean): boolean {
    const t = this.ctx.uType[a]!
    if (t === T_E || t === T_ART || s.uHex[a]! < 0 || s.uStatus[a] === 3) return false
    if (reaction) {
      if (this.ctx.uSide[a] === this.ctx.wSide[s.activeWing]) return false
      // not a designated defender
      const h = s.uHex[a]!
      for (let u = 0; u < this.ctx.n; u++) if (s.uTarget[u] === h && (s.uFlags[u]! & F_REACT_ATT) === 0) return false
      return true
    }
    return this.ctx.uWing[a] === s.activeWing
  }
  attackTargets(s: PiwamState, a: number, reaction: boolean, mask: Uint8Array | null): number {
    const h = s.uHex[a]!
    const f = s.uFace[a]!
    let c = 0
    for (let k = 0; k < 2; k++) {
      const x = this.ctx.grid.neighbors[h * 6 + ((f + k) % 6)]!
      if (x < 0 || !this.canAttack(s, a, x, reaction)) continue
      if (mask) mask[this.offHex + x] = 1
      c++
    }
    return c
  }
  designators(s: PiwamState, reaction: boolean, mask: Uint8Array | null): number {
    let c = 0
    for (let a = 0; a < this.ctx.n; a++) {
      if (s.uTarget[a]! >= 0 || !this.attackerOk(s, a, reaction) || this.attackTargets(s, a, reaction, null) === 0) continue
      if (mask) mask[this.offUnit + a] = 1
      c++
    }
    return c
  }
  designate(s: PiwamState, a: number, h: number, reaction: boolean): void {
    s.uTarget[a] = h
    if (reaction) s.uFlags[a] = s.uFlags[a]! | F_REACT_ATT
    if (this.ev) this.push({ type: 'combat-designated', attacker: this.ctx.uId[a]!, target: this.hexLabel(h), reaction })
  }
  toDesignate(s: PiwamState): void {
    s.sel = -1
    s.kind = K['designate-attack']
    s.player = this.ctx.wSide[s.activeWing]!
    if (this.designators(s, false, null) === 0) this.toDesignateReaction(s)
  }
  toDesignateReaction(s: PiwamState): void {
    s.sel = -1
    s.kind = K['designate-reaction']
    s.player = 1 - this.ctx.wSide[s.activeWing]!
    if (this.designators(s, true, null) === 0) {
      s.ccStage = 0
      this.nextCombat(s)
    }
  }
  /** Valid attackers of hex h in the current stage (reaction stage 0, active 1); writes them to mask. */
  groupAttackers(s: PiwamState, h: number, mask: Uint8Array | null): number {
    const reaction = s.ccStage === 0
    let c = 0
    for (let a = 0; a < this.ctx.n; a++) {
      if (s.uTarget[a] !== h || ((s.uFlags[a]! & F_REACT_ATT) !== 0) !== reaction) continue
      if (!this.canAttack(s, a, h, reaction)) continue
      if (mask) mask[this.offUnit + a] = 1
      c++
    }
    return c
  }
  nextCombat(s: PiwamState): void {
    for (;;) {
      const reaction = s.ccStage === 0
      let h = -1
      for (let a = 0; a < this.ctx.n; a++) {
        const t = s.uTarget[a]!
        if (t < 0 || ((s.uFlags[a]! & F_REACT_ATT) !== 0) !== reaction) continue
        if (h < 0 || t < h) h = t
      }
      if (h < 0) {
        if (s.ccStage === 0) {
          s.ccStage = 1
          continue
        }
        this.toContinuation(s)
        return
      }
      s.ccHex = h
      const c = this.groupAttackers(s, h, null)
      if (c === 0) {
        for (let a = 0; a < this.ctx.n; a++) if (s.uTarget[a] === h && ((s.uFlags[a]! & F_REACT_ATT) !== 0) === reaction) s.uTarget[a] = -1
        continue
      }
      if (c === 1) {
        let lead = -1
        for (let a = 0; a < this.ctx.n && lead < 0; a++) if (s.uTarget[a] === h && ((s.uFlags[a]! & F_REACT_ATT) !== 0) === reaction && this.canAttack(s, a, h, reaction)) lead = a
        if (this.resolveCombat(s, lead)) continue
        return
      }
      s.kind = K['choose-lead']
      s.player = reaction ? 1 - this.ctx.wSide[s.activeWing]! : this.ctx.wSide[s.activeWing]!
      return
    }
  }
  /** Applies one close combat (4.2). Returns true when no decision is pending (caller goes on to the next combat). */
  resolveCombat(s: PiwamState, lead: number): boolean {
    const h = s.ccHex
    const reaction = s.ccStage === 0
    const T = this.ctx.tables
    const side = this.ctx.uSide[lead]!
    const lh = s.uHex[lead]!
    // supports: the other valid attackers of this hex
    let supports = 0
    let flank = 0
    const d = this.mainAt(h)
    const dSide = 1 - side
    const dh = h
    const df = s.uFace[d]!
    let nl = 0
    const noteLeaders = (x: number, sd: number) => {
      for (let j = 0; j < this.ctx.m; j++) if (s.lState[j] === LS_IN && s.lHex[j] === x && this.ctx.lSide[j] === sd) this.tmpLeaders[nl++] = j
    }
    noteLeaders(dh, dSide)
    const seenHex = this.tmpUnits
    let nh = 0
    for (let a = 0; a < this.ctx.n; a++) {
      if (s.uTarget[a] !== h || ((s.uFlags[a]! & F_REACT_ATT) !== 0) !== reaction) continue
      const ok = this.canAttack(s, a, h, reaction)
      s.uTarget[a] = -1
      if (!ok) continue
      if (a !== lead) supports++
      const ah = s.uHex[a]!
      let seen = false
      for (let i = 0; i < nh; i++) if (seenHex[i] === ah) seen = true
      if (seen) continue
      seenHex[nh++] = ah
      noteLeaders(ah, side)
      const k = rot(directionOf(this.ctx.grid.neighbors, dh, ah), -df)
      if (k !== 0 && k !== 1) flank++
    }
    const ev = this.ev
    // Enfants Perdus / artillery alone: eliminated, the attacker advances
    const dt = this.ctx.uType[d]!
    if (dt === T_E || dt === T_ART) {
      const o = this.otherAt(dh, d)
      if (o >= 0) this.eliminate(s, o, 'close combat')
      this.eliminate(s, d, 'close combat')
      this.removeLeadersAt(s, dh, dSide, 'stacked unit eliminated in close combat')
      if (ev) this.push({ type: 'combat', lead: this.ctx.uId[lead]!, defender: this.ctx.uId[d]!, supports, modifier: 0, roll: -1, total: -1, result: 'eliminated (alone)', reaction })
      return this.advanceAttacker(s, lead, dh, false)
    }
    let mod = this.morale(s, lead) - this.morale(s, d)
    mod += T.interaction.table[this.typeName(lead)][this.typeName(d)]
    mod += supports + flank
    for (let i = 0; i < nl; i++) {
      const j = this.tmpLeaders[i]!
      const hx = s.lHex[j]!
      if (this.ctx.lSide[j] === side) {
        if (hx === lh) mod -= this.ctx.lRating[j]!
      } else mod += this.ctx.lRating[j]!
    }
    mod += T.terrain.defense[TERRAINS[this.ctx.terrain[dh]!]!]
    mod += this.ctx.sideDef[dh * 6 + directionOf(this.ctx.grid.neighbors, dh, lh)]!
    if (this.ctx.elev[dh]! > this.ctx.elev[lh]!) mod += T.terrain.higherDefense
    let charged = false
    if (!reaction && s.uMoved[lead]! >= T.closeCombat.chargeHexes && (s.uFlags[lead]! & (F_TURNED | F_NO_CHARGE)) === 0) {
      const b = T.closeCombat.chargeBonus[this.typeName(lead)]
      if (b > 0) {
        mod += b
        charged = true
        s.uFlags[lead] = s.uFlags[lead]! | F_CHARGED
      }
    }
    const roll = this.roll(s, 'close combat')
    const total = roll + mod
    const rows = this.parsed
    const idx = Math.max(0, Math.min(rows.length - 1, total - T.closeCombat.minTotal))
    const res = rows[idx]!
    let aLoss = res.aLoss
    let dLoss = res.dLoss
    if (s.uStatus[lead] === 2 && s.uStatus[d] === 2) {
      aLoss = Math.max(0, aLoss - 1)
      dLoss = Math.max(0, dLoss - 1)
    }
    const lt = this.ctx.uType[lead]!
    const pass = res.pass && (lt === T_G || lt === T_C) && (charged || (s.uFlags[lead]! & F_INTERCEPTOR) !== 0)
    if (ev) this.push({ type: 'combat', lead: this.ctx.uId[lead]!, defender: this.ctx.uId[d]!, supports, modifier: mod, roll, total, result: res.text, reaction })
    // defender
    let vacated = false
    const dElim = this.ccLoss(s, d, dLoss)
    if (dElim) vacated = true
    else if (pass) {
      if (aLoss > 0) this.ccLoss(s, lead, aLoss)
      // passthrough: the lead cuts through to the hex opposite; if blocked the loser checks unable to retreat
      const dir = directionOf(this.ctx.grid.neighbors, lh, dh)
      const opp = this.ctx.grid.neighbors[dh * 6 + dir]!
      const arm = this.ctx.uArm[lead] === ARM_CAV ? 1 : 0
      this.leaderLossRolls(s, nl)
      if (s.uHex[lead]! >= 0 && opp >= 0 && this.ctx.cost[(arm * this.size + dh) * 6 + dir] !== IMPASSABLE && this.occ0[opp] === 0) {
        this.moveUnit(s, lead, opp, true)
        if (ev) this.push({ type: 'advanced', unit: this.ctx.uId[lead]!, from: this.hexLabel(lh), to: this.hexLabel(opp), passthrough: true })
        return this.askFacing(s, lead)
      }
      if (!this.unableToRetreat(s, d, true)) this.ccShared(s, dh, d, true)
      return true
    } else if (res.dRetreat > 0) {
      this.ccShared(s, dh, d, true)
      this.retreat(s, d, res.dRetreat, lh, true)
      vacated = this.occ0[dh] === 0
    }
    // attacker
    let aVacated = false
    if (aLoss > 0 || res.aRetreat > 0) {
      const aElim = this.ccLoss(s, lead, aLoss)
      if (!aElim && res.aRetreat > 0) {
        this.ccShared(s, lh, lead, true)
        this.retreat(s, lead, res.aRetreat, dh, true)
      }
      aVacated = this.occ0[lh] === 0
    }
    this.leaderLossRolls(s, nl)
    if (vacated && s.uHex[lead] === lh && this.occ0[dh] === 0) return this.advanceAttacker(s, lead, dh, false)
    if (aVacated && s.uHex[d] === dh && s.uHex[d]! >= 0) {
      s.advUnit = d
      s.advFrom = lh
      s.kind = K['defender-advance']
      s.player = dSide
      return false
    }
    return true
  }
  /** Close-combat loss for u and the artillery / Enfants Perdus sharing its fate. Returns true if u is eliminated. */
  private ccLoss(s: PiwamState, u: number, levels: number): boolean {
    if (levels <= 0) return false
    const h = s.uHex[u]!
    const o = this.otherAt(h, u)
    const elim = this.reduce(s, u, levels, 'close combat')
    if (o >= 0) this.reduce(s, o, levels, 'close combat (shares its fate)')
    if (elim) {
      if (o >= 0) this.eliminate(s, o, 'close combat (shares its fate)')
      this.removeLeadersAt(s, h, this.ctx.uSide[u]!, 'stacked unit eliminated in close combat')
    }
    return elim
  }
  /** Stacked artillery / Enfants Perdus cannot follow a retreat: they share the fate (eliminated). */
  private ccShared(s: PiwamState, h: number, u: number, _retreat: boolean): void {
    const o = this.otherAt(h, u)
    if (o >= 0) this.eliminate(s, o, 'close combat (shares its fate)')
  }
  private leaderLossRolls(s: PiwamState, nl: number): void {
    for (let i = 0; i < nl; i++) {
      const j = this.tmpLeaders[i]!
      if (s.lState[j] !== LS_IN) continue
      if (this.roll(s, 'leader after close combat') >= this.ctx.tables.closeCombat.leaderLossRoll) this.removeLeader(s, j, 'rolled 9 after close combat')
    }
    // only roll once per combat
    this.tmpLeaders.fill(-1, 0, nl)
  }
  private advanceAttacker(s: PiwamState, lead: number, to: number, pass: boolean): boolean {
    if (s.uHex[lead]! < 0 || this.occ0[to] !== 0) return true
    const from = s.uHex[lead]!
    this.moveUnit(s, lead, to, true)
    if (this.ev) this.push({ type: 'advanced', unit: this.ctx.uId[lead]!, from: this.hexLabel(from), to: this.hexLabel(to), passthrough: pass })
    return this.askFacing(s, lead)
  }
  private askFacing(s: PiwamState, u: number): boolean {
    s.advUnit = u
    s.kind = K['advance-facing']
    s.player = this.ctx.uSide[u]!
    return false
  }
  doDefenderAdvance(s: PiwamState, yes: boolean): void {
    const d = s.advUnit
    const to = s.advFrom
    if (yes && this.occ0[to] === 0) {
      const from = s.uHex[d]!
      this.moveUnit(s, d, to, true)
      if (this.ev) this.push({ type: 'advanced', unit: this.ctx.uId[d]!, from: this.hexLabel(from), to: this.hexLabel(to), passthrough: false })
      this.askFacing(s, d)
      return
    }
    this.nextCombat(s)
  }
}

const AXIAL: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
]

export function directionOf(nb: Int32Array, a: number, b: number): number {
  for (let d = 0; d < 6; d++) if (nb[a * 6 + d] === b) return d
  return -1
}

export { ARM_ART, ARM_CAV, ARM_INF }
