// A scripted PIWAM player that uses the rules: it estimates fire and close-
// combat odds from the engine's own tables (morale, interaction, terrain,
// result table), puts its wings under Charge to make contact, picks the best
// matchups, fires at the target most likely to break, rallies hurt units,
// keeps leaders with their commands and out of harm, and uses reactions
// (defensive fire, interception, withdrawal, facing). It reads the piwam state
// directly (agents may know env) and falls back to a random legal action if a
// rule of thumb ever proposes an illegal one.
import seedrandom from 'seedrandom'
import type { Engine } from '../../env/core/types.ts'
import { directionTo, rot } from '../../env/hex/grid.ts'
import type { PiwamEngine } from '../../env/rules/piwam/index.ts'
import type { Ctx } from '../../env/rules/piwam/context.ts'
import type { Board } from '../../env/rules/piwam/board.ts'
import { commandMod, leaderMod, wingCmdHex } from '../../env/rules/piwam/command.ts'
import * as PR from '../../env/rules/piwam/context.ts'
import { cone, inZone } from '../../env/rules/piwam/fire.ts'
import { canAttack } from '../../env/rules/piwam/melee.ts'
import { canRally } from '../../env/rules/piwam/morale.ts'
import { interceptHex, reactOpts, WITHDRAW_TURNS } from '../../env/rules/piwam/reaction.ts'
import { retreatBest, routBest } from '../../env/rules/piwam/retreat.ts'
import * as PS from '../../env/rules/piwam/state.ts'
import type { PiwamState } from '../../env/rules/piwam/state.ts'
import * as PT from '../../env/rules/piwam/tables.ts'
import type { UnitType } from '../../env/rules/piwam/tables.ts'
import { nthLegal, type Agent, type AgentContext } from '../types.ts'

// Local copies: module bindings compile to getters under tsx, and these are read in hot loops.
const C = { ...PS.C } as typeof PS.C
const K = { ...PS.K } as typeof PS.K
const F_ART_FIRED = PS.F_ART_FIRED
const F_NO_CHARGE = PS.F_NO_CHARGE
const F_REACT_ATT = PS.F_REACT_ATT
const F_TURNED = PS.F_TURNED
const L_ACTED = PS.L_ACTED
const L_AIDED = PS.L_AIDED
const L_MOVED = PS.L_MOVED
const LS_IN = PS.LS_IN
const M_FINISHED = PS.M_FINISHED
const O_FACE = PS.O_FACE
const O_FACE2 = PS.O_FACE2
const O_FIRE = PS.O_FIRE
const O_INTERCEPT = PS.O_INTERCEPT
const O_WITHDRAW = PS.O_WITHDRAW
const STATUSES = PT.STATUSES
const T_ART = PT.T_ART
const T_C = PT.T_C
const T_E = PT.T_E
const T_G = PT.T_G
const TERRAINS = PT.TERRAINS
const UNIT_TYPES = PT.UNIT_TYPES
const ARM_ART = PR.ARM_ART
const ARM_CAV = PR.ARM_CAV
const ARM_INF = PR.ARM_INF

export interface PiwamHeuristicOptions {
  /** Probability of a uniformly random legal action instead of the scripted one (rollouts, diversity). */
  epsilon?: number
  name?: string
}

export const isPiwamEngine = (e: Engine): e is Engine & PiwamEngine => e.ruleset === 'piwam' && 'rules' in e && 'ctx' in e

/** Each side's fighting value weighted by status (normal 1, disordered 0.75, shaken 0.5; broken and gone 0):
 *  a finer score than engine.material for search horizons. */
export function piwamHealth(engine: PiwamEngine, s: PiwamState): [number, number] {
  const X = engine.ctx
  const out: [number, number] = [0, 0]
  for (let u = 0; u < X.n; u++) {
    if (s.uHex[u]! < 0 || s.uStatus[u]! >= 3) continue
    out[X.uSide[u] as 0 | 1] += X.uValue[u]! * (1 - LEVEL_WEIGHT * s.uStatus[u]!)
  }
  return out
}

const NONE = -1
/** Victory weight of one status level short of Broken (Broken and eliminated count the whole value). */
const LEVEL_WEIGHT = 0.25
/** Minimum expected value gain for an attack the heuristic designates. */
const ATTACK_MIN_EV = 0.05

export class PiwamHeuristic implements Agent {
  readonly name: string
  private rng: seedrandom.PRNG
  private readonly eps: number
  private readonly X: Ctx
  private readonly R: Board
  private readonly n: number
  private readonly offC: number
  private readonly offW: number
  private readonly offU: number
  private readonly offH: number
  private readonly nb: Int32Array
  private readonly size: number
  private readonly dist: Uint16Array
  private readonly typeName: readonly UnitType[]
  private readonly value: Uint8Array
  /** A leader selected and then ended without moving (his destination was not legal): not selected again in
   *  the same activation, or a wing commander (whom `end` does not mark) could be picked forever. */
  private stuckLeader = -1
  private stuckKey = -1
  // reused results (no allocation per decision)
  private readonly fireOut = { hex: NONE, ev: 0 }
  private readonly attackOut = { hex: NONE, ev: 0 }
  private readonly statsOut = { units: 0, hurt: 0, near: 0, minDist: 0 }
  /** Scratch: distinct attacking hexes of a group. */
  private readonly hexScratch: Int32Array

  constructor(engine: PiwamEngine, seed = 0, o: PiwamHeuristicOptions = {}) {
    this.name = o.name ?? 'heuristic'
    this.eps = o.epsilon ?? 0
    this.rng = seedrandom.xor128(`heuristic:${seed}`)
    this.X = engine.ctx
    this.R = engine.rules
    this.n = engine.ctx.n
    const L = engine.layout
    this.offC = L.offset.choice
    this.offW = L.offset.wing
    this.offU = L.offset.unit
    this.offH = L.offset.hex
    this.nb = engine.grid.neighbors
    this.size = engine.grid.size
    this.dist = engine.grid.dist
    this.typeName = Array.from(this.X.uType, (t) => UNIT_TYPES[t] as UnitType)
    this.value = this.X.uValue
    this.hexScratch = new Int32Array(this.n + 1).fill(-1)
  }

  reset(seed: number): void {
    this.rng = seedrandom.xor128(`heuristic:${seed}`)
    this.stuckLeader = -1
    this.stuckKey = -1
  }

  act(ctx: AgentContext): number {
    const mask = ctx.mask
    if (ctx.legalCount === 1) return nthLegal(mask, 0)
    let a = NONE
    if (this.eps === 0 || this.rng() >= this.eps) {
      const s = ctx.state as PiwamState
      this.R.sync(s)
      this.R.cmdWing = -1
      a = this.decide(s, mask)
      // the engine memoises command per wing; our reads must not leave a stale memo behind
      this.R.cmdWing = -1
    }
    if (a >= 0 && a < mask.length && mask[a] === 1) return a
    return nthLegal(mask, Math.floor(this.rng() * ctx.legalCount))
  }

  // ------------------------------------------------------------------ dispatch

  private decide(s: PiwamState, mask: Uint8Array): number {
    switch (s.kind) {
      case K['activate-wing']:
        return this.activateWing(s, mask)
      case K.preempt:
        return this.preempt(s, mask)
      case K['change-order']:
        return this.changeOrder(s, mask)
      case K['select-unit']:
        return this.selectUnit(s, mask)
      case K['unit-action']:
        return s.sel >= this.n ? this.leaderAction(s, s.sel - this.n, mask) : this.unitAction(s, s.sel, mask)
      case K['fire-target']:
        return this.bestFireHex(s, s.sel, s.fireExtra, mask)
      case K.reaction:
        return this.reaction(s, mask)
      case K['reaction-kind']:
        return this.offC + this.reactionChoice(s, s.react, mask)
      case K['withdraw-hex']:
        return this.withdrawHex(s, mask)
      case K['designate-attack']:
      case K['designate-reaction']:
        return this.designate(s, mask, s.kind === K['designate-reaction'])
      case K['attack-target']:
      case K['reaction-target']: {
        const t = this.bestAttack(s, s.sel, s.kind === K['reaction-target'])
        return t.hex >= 0 ? this.offH + t.hex : NONE
      }
      case K['choose-lead']:
        return this.chooseLead(s, mask)
      case K['advance-facing']:
        return this.offC + this.faceChoice(s, s.advUnit, true)
      case K['defender-advance']:
        return this.offC + (s.uStatus[s.advUnit] === 0 ? C.yes : C.no)
      case K.continuation:
        return this.offC + (this.wingUseful(s, s.activeWing) ? C.yes : C.no)
      // retreats, routs and the interceptor's hex: the engine's former fixed ranking (nearest the friendly
      // edge; cheapest and away from enemies; the first free front hex)
      case K['retreat-hex']:
        return this.offH + retreatBest(this.R, s)
      case K['rout-hex']:
        return this.offH + routBest(this.R, s)
      case K['intercept-hex']:
        return this.offH + interceptHex(this.R, s, s.react)
      case K['rout-order']:
        return this.routOrder(s, mask)
      case K['replacement-host']:
        return this.replacementHost(s, mask)
      case K['withdraw-facing']:
        return this.withdrawFacing(s, mask)
    }
    return NONE
  }

  /** The router nearest its edge goes first: it clears the way for those behind it (ties: scenario order). */
  private routOrder(s: PiwamState, mask: Uint8Array): number {
    let best = NONE
    let bd = 1e9
    for (let u = 0; u < this.n; u++) {
      if (mask[this.offU + u] !== 1) continue
      const e = this.X.edgeDist[this.side(u) * this.size + s.uHex[u]!]!
      if (e < bd) {
        bd = e
        best = u
      }
    }
    return best >= 0 ? this.offU + best : NONE
  }

  /** A replacement joins a unit that is not broken, in the middle of its wing (the shortest command chains). */
  private replacementHost(s: PiwamState, mask: Uint8Array): number {
    let best = NONE
    let bs = 1e9
    for (let u = 0; u < this.n; u++) {
      if (mask[this.offU + u] !== 1) continue
      let sum = s.uStatus[u] === 3 ? 1000 : 0
      for (let v = 0; v < this.n; v++) if (v !== u && mask[this.offU + v] === 1) sum += this.d(s.uHex[u]!, s.uHex[v]!)
      if (sum < bs) {
        bs = sum
        best = u
      }
    }
    return best >= 0 ? this.offU + best : NONE
  }

  /** A withdrawn unit faces its nearest enemy (front toward it), else turns as little as it can. */
  private withdrawFacing(s: PiwamState, mask: Uint8Array): number {
    const r = s.react
    const h = s.uHex[r]!
    const f = s.uFace[r]!
    const e = this.nearestEnemy(s, h, this.side(r), true)
    const dir = e >= 0 ? this.stepDir(h, s.uHex[e]!) : NONE
    let best = NONE
    let bs = 1e9
    for (const [verb, by] of WITHDRAW_TURNS) {
      if (mask[this.offC + verb] !== 1) continue
      const g = rot(f, by)
      const off = dir < 0 ? 0 : Math.abs(this.rotationTo(g, dir))
      const sc = off * 10 + Math.abs(by)
      if (sc < bs) {
        bs = sc
        best = verb
      }
    }
    return best >= 0 ? this.offC + best : NONE
  }

  // ------------------------------------------------------------------ basics

  private d(a: number, b: number): number {
    return this.dist[a * this.size + b]!
  }
  private side(u: number): number {
    return this.X.uSide[u]!
  }
  private onMap(s: PiwamState, u: number): boolean {
    return s.uHex[u]! >= 0
  }
  private nearestEnemy(s: PiwamState, h: number, side: number, skipBroken: boolean): number {
    let best = 9999
    let bu = NONE
    for (let v = 0; v < this.n; v++) {
      const vh = s.uHex[v]!
      if (vh < 0 || this.X.uSide[v] === side || (skipBroken && s.uStatus[v] === 3)) continue
      const dd = this.d(h, vh)
      if (dd < best) {
        best = dd
        bu = v
      }
    }
    return bu
  }
  private enemyAdjacent(s: PiwamState, h: number, side: number): number {
    let c = 0
    for (let k = 0; k < 6; k++) {
      const x = this.nb[h * 6 + k]!
      if (x >= 0 && this.R.occ0[x]! > 0 && this.R.sideAt(x) !== side) c++
    }
    return c
  }
  private inFront(h: number, f: number, x: number): boolean {
    return this.nb[h * 6 + f] === x || this.nb[h * 6 + ((f + 1) % 6)] === x
  }
  /** Sum of the side's leader ratings at h (negative = better). */
  private leaders(s: PiwamState, h: number, side: number): number {
    return leaderMod(this.R, s, h, side)
  }
  private hasLeader(s: PiwamState, h: number, side: number): boolean {
    for (let j = 0; j < this.X.m; j++) if (s.lState[j] === LS_IN && s.lHex[j] === h && this.X.lSide[j] === side) return true
    return false
  }

  /** Victory value of reducing u by `levels` (Broken and eliminated units count lost). */
  private lossValue(s: PiwamState, u: number, levels: number): number {
    if (levels <= 0 || u < 0) return 0
    const v = this.value[u]!
    if (this.X.uType[u] === T_ART) return v
    const st = s.uStatus[u]!
    if (st >= 3) return 0.1 * v
    if (st + levels >= 3) return v
    // a Gendarme that gets reduced also loses its lances for good
    return v * LEVEL_WEIGHT * levels * (this.X.uType[u] === T_G && st === 0 ? 1.3 : 1)
  }

  private p10(k: number): number {
    return k < 0 ? 0 : k >= 9 ? 1 : (k + 1) / 10
  }

  // ------------------------------------------------------------------ fire

  /** Expected victory value of u firing at hex t with `extra` MP. */
  private fireEV(s: PiwamState, u: number, t: number, extra: number): number {
    const X = this.X
    const T = X.tables
    const h = s.uHex[u]!
    let toHit: number
    let sf = 0
    if (X.uType[u] === T_ART) toHit = T.artilleryRange.toHit[this.d(h, t)] ?? 99
    else {
      toHit = T.fire.toHit[this.typeName[u]!]
      sf = T.statusEffects.fire[STATUSES[s.uStatus[u]!]!]
    }
    const cover = T.fire.cover[TERRAINS[X.terrain[t]!]!]
    const side = this.side(u)
    let ev = 0
    for (let r = 0; r <= 9; r++) {
      const total = r + extra + sf - cover
      if (total < toHit) continue
      const m = total - toHit
      for (let k = 0; k < 2; k++) {
        const w = (k === 0 ? this.R.occ0[t]! : this.R.occ1[t]!) - 1
        if (w < 0 || this.side(w) === side) continue
        const lm = this.leaders(s, t, 1 - side)
        const pass = this.p10(this.R.morale(s, w) - m - lm)
        ev += (1 - pass) * this.lossValue(s, w, 1)
      }
      if (this.hasLeader(s, t, 1 - side)) ev += 0.1
    }
    return ev / 10
  }

  /** Best fire target of u now (for the unit-action choice). Returns a reused object: read it at once. */
  private bestFire(s: PiwamState, u: number, extra: number): { hex: number; ev: number } {
    const out = this.fireOut
    out.hex = NONE
    out.ev = 0
    const h = s.uHex[u]!
    const f = s.uFace[u]!
    if (this.X.uType[u] === T_ART) {
      const c = cone(this.R, h, f)
      for (let i = 0; i < c.length; i++) this.considerFire(s, u, c[i]!, extra)
    } else {
      this.considerFire(s, u, this.nb[h * 6 + f]!, extra)
      this.considerFire(s, u, this.nb[h * 6 + ((f + 1) % 6)]!, extra)
      this.considerFire(s, u, this.nb[h * 6 + ((f + 2) % 6)]!, extra)
      this.considerFire(s, u, this.nb[h * 6 + ((f + 5) % 6)]!, extra)
      if (this.typeName[u] === 'R') for (let k = 0; k < 3; k++) this.considerFire(s, u, this.X.izone[(h * 6 + f) * 3 + k]!, extra)
    }
    return out
  }

  private considerFire(s: PiwamState, u: number, t: number, extra: number): void {
    if (t < 0 || this.R.occ0[t] === 0 || this.R.sideAt(t) === this.side(u) || !inZone(this.R, s, u, t)) return
    const ev = this.fireEV(s, u, t, extra)
    const out = this.fireOut
    if (out.hex < 0 || ev > out.ev) {
      out.hex = t
      out.ev = ev
    }
  }

  private bestFireHex(s: PiwamState, u: number, extra: number, mask: Uint8Array): number {
    let bh = NONE
    let be = -1
    for (let t = 0; t < this.size; t++) {
      if (mask[this.offH + t] !== 1) continue
      const ev = this.fireEV(s, u, t, extra)
      if (ev > be) {
        be = ev
        bh = t
      }
    }
    return bh >= 0 ? this.offH + bh : NONE
  }

  // ------------------------------------------------------------------ close combat

  /** The close-combat modifier (4.2) for `lead` attacking hex h with `supports` other attackers and
   *  `flank` attacking hexes in the defender's flank or rear, as the engine computes it. */
  private ccMod(s: PiwamState, lead: number, h: number, supports: number, flank: number, reaction: boolean, fromHex = s.uHex[lead]!): number {
    const X = this.X
    const T = X.tables
    const d = this.R.mainAt(h)
    const side = this.side(lead)
    let mod = this.R.morale(s, lead) - this.R.morale(s, d)
    mod += T.interaction.table[this.typeName[lead]!][this.typeName[d]!]
    mod += supports + flank
    mod -= this.leaders(s, fromHex, side)
    mod += this.leaders(s, h, 1 - side)
    mod += T.terrain.defense[TERRAINS[X.terrain[h]!]!]
    const dir = directionTo(X.grid, h, fromHex)
    if (dir >= 0) mod += X.sideDef[h * 6 + dir]!
    if (X.elev[h]! > X.elev[fromHex]!) mod += T.terrain.higherDefense
    if (!reaction && s.uMoved[lead]! >= T.closeCombat.chargeHexes && (s.uFlags[lead]! & (F_TURNED | F_NO_CHARGE)) === 0) mod += T.closeCombat.chargeBonus[this.typeName[lead]!]
    return mod
  }

  /** Expected victory value (defender's loss minus the lead's) of a close combat at modifier `mod`. */
  private ccEV(s: PiwamState, lead: number, h: number, mod: number): number {
    const d = this.R.mainAt(h)
    if (d < 0) return 0
    const o = this.R.otherAt(h, d)
    const dt = this.X.uType[d]!
    if (dt === T_E || dt === T_ART) return this.value[d]! + (o >= 0 ? this.value[o]! : 0)
    const rows = this.R.parsed
    const min = this.X.tables.closeCombat.minTotal
    const bothShaken = s.uStatus[lead] === 2 && s.uStatus[d] === 2
    let ev = 0
    for (let r = 0; r <= 9; r++) {
      const res = rows[Math.max(0, Math.min(rows.length - 1, r + mod - min))]!
      let al = res.aLoss
      let dl = res.dLoss
      if (bothShaken) {
        al = Math.max(0, al - 1)
        dl = Math.max(0, dl - 1)
      }
      ev += this.lossValue(s, d, dl) - this.lossValue(s, lead, al)
      if (dl > 0 && o >= 0) ev += this.lossValue(s, o, dl)
      if (res.dRetreat > 0) ev += 0.05 * this.value[d]!
      if (res.aRetreat > 0) ev -= 0.05 * this.value[lead]!
    }
    return ev / 10
  }

  /** Attack estimate of u against the unit at hex h from hex `from` (frontal, no supports). */
  private matchup(s: PiwamState, u: number, h: number, from: number, reaction: boolean): number {
    const d = this.R.mainAt(h)
    if (d < 0) return 0
    if (this.X.uArm[u] === ARM_INF && this.X.uArm[d] === ARM_CAV) return -1
    const t = this.X.uType[u]!
    if (t === T_E || t === T_ART) return -1
    return this.ccEV(s, u, h, this.ccMod(s, u, h, 0, 0, reaction, from))
  }

  /** Group estimate for hex h if attacker a joins the units already designated against it. */
  private groupEV(s: PiwamState, a: number, h: number, reaction: boolean): number {
    const df = s.uFace[this.R.mainAt(h)]!
    let supports = 0
    let flank = 0
    let bestLead = a
    let bestMod = -99
    const hexes = this.hexScratch
    let nh = 0
    for (let u = 0; u < this.n; u++) {
      const isA = u === a
      if (!isA && (s.uTarget[u] !== h || ((s.uFlags[u]! & F_REACT_ATT) !== 0) !== reaction)) continue
      if (!isA && !canAttack(this.R, s, u, h, reaction)) continue
      supports++
      const uh = s.uHex[u]!
      let seen = false
      for (let i = 0; i < nh; i++) if (hexes[i] === uh) seen = true
      if (!seen && nh < hexes.length) {
        hexes[nh++] = uh
        const k = rot(directionTo(this.X.grid, h, uh), -df)
        if (k !== 0 && k !== 1) flank++
      }
    }
    supports -= 1
    for (let u = 0; u < this.n; u++) {
      const isA = u === a
      if (!isA && (s.uTarget[u] !== h || ((s.uFlags[u]! & F_REACT_ATT) !== 0) !== reaction)) continue
      if (!isA && !canAttack(this.R, s, u, h, reaction)) continue
      const m = this.ccMod(s, u, h, supports, flank, reaction) - (this.hasLeader(s, s.uHex[u]!, this.side(u)) ? 0.5 : 0)
      if (m > bestMod) {
        bestMod = m
        bestLead = u
      }
    }
    hexes.fill(-1, 0, nh)
    return this.ccEV(s, bestLead, h, Math.round(this.ccMod(s, bestLead, h, supports, flank, reaction)))
  }

  /** Best target hex of attacker a. Returns a reused object: read it at once. */
  private bestAttack(s: PiwamState, a: number, reaction: boolean): { hex: number; ev: number } {
    const h = s.uHex[a]!
    const f = s.uFace[a]!
    let bh = NONE
    let be = -99
    for (let k = 0; k < 2; k++) {
      const x = this.nb[h * 6 + ((f + k) % 6)]!
      if (x < 0 || !canAttack(this.R, s, a, x, reaction)) continue
      const ev = this.groupEV(s, a, x, reaction)
      if (ev > be) {
        be = ev
        bh = x
      }
    }
    this.attackOut.hex = bh
    this.attackOut.ev = be
    return this.attackOut
  }

  private designate(s: PiwamState, mask: Uint8Array, reaction: boolean): number {
    let best = NONE
    let be = ATTACK_MIN_EV
    for (let a = 0; a < this.n; a++) {
      if (mask[this.offU + a] !== 1) continue
      const t = this.bestAttack(s, a, reaction)
      if (t.hex >= 0 && t.ev > be) {
        be = t.ev
        best = a
      }
    }
    // supports risk nothing: once a hex is worth attacking, every unit that can reach it joins
    if (best < 0) {
      for (let a = 0; a < this.n; a++) {
        if (mask[this.offU + a] !== 1) continue
        const h = s.uHex[a]!
        const f = s.uFace[a]!
        for (let k = 0; k < 2; k++) {
          const x = this.nb[h * 6 + ((f + k) % 6)]!
          if (x >= 0 && this.isTargeted(s, x, reaction) && canAttack(this.R, s, a, x, reaction) && this.groupEV(s, a, x, reaction) > 0) return this.offU + a
        }
      }
      return this.offC + C.end
    }
    return this.offU + best
  }

  private isTargeted(s: PiwamState, h: number, reaction: boolean): boolean {
    for (let u = 0; u < this.n; u++) if (s.uTarget[u] === h && ((s.uFlags[u]! & F_REACT_ATT) !== 0) === reaction) return true
    return false
  }

  private chooseLead(s: PiwamState, mask: Uint8Array): number {
    const h = s.ccHex
    const reaction = s.ccStage === 0
    let count = 0
    let flank = 0
    const d = this.R.mainAt(h)
    const df = d >= 0 ? s.uFace[d]! : 0
    for (let a = 0; a < this.n; a++) {
      if (mask[this.offU + a] !== 1) continue
      count++
      const k = rot(directionTo(this.X.grid, h, s.uHex[a]!), -df)
      if (k !== 0 && k !== 1) flank++ // may double count a shared hex; only a tie-break here
    }
    let best = NONE
    let be = -99
    for (let a = 0; a < this.n; a++) {
      if (mask[this.offU + a] !== 1) continue
      let ev = this.ccEV(s, a, h, this.ccMod(s, a, h, count - 1, flank, reaction))
      if (this.hasLeader(s, s.uHex[a]!, this.side(a))) ev -= 0.15 // protect leaders: they roll for loss after the combat
      if (ev > be) {
        be = ev
        best = a
      }
    }
    return best >= 0 ? this.offU + best : NONE
  }

  // ------------------------------------------------------------------ wings and orders

  /** Units (not broken, not artillery), hurt ones, ones within 2 of an enemy, nearest distance. Reused object. */
  private wingStats(s: PiwamState, w: number): { units: number; hurt: number; near: number; minDist: number } {
    let units = 0
    let hurt = 0
    let near = 0
    let minDist = 99
    for (let u = 0; u < this.n; u++) {
      if (this.X.uWing[u] !== w || !this.onMap(s, u) || this.X.uArm[u] === ARM_ART) continue
      const st = s.uStatus[u]!
      if (st === 3) continue
      units++
      if (st >= 1) hurt++
      const e = this.nearestEnemy(s, s.uHex[u]!, this.side(u), true)
      const dd = e >= 0 ? this.d(s.uHex[u]!, s.uHex[e]!) : 99
      if (dd <= 2) near++
      if (dd < minDist) minDist = dd
    }
    const st = this.statsOut
    st.units = units
    st.hurt = hurt
    st.near = near
    st.minDist = minDist
    return st
  }

  private activateWing(s: PiwamState, mask: Uint8Array): number {
    let best = NONE
    let bs = -1e9
    for (let w = 0; w < this.X.w; w++) {
      if (mask[this.offW + w] !== 1) continue
      const st = this.wingStats(s, w)
      const score = st.near * 3 + st.units - st.minDist
      if (score > bs) {
        bs = score
        best = w
      }
    }
    return best >= 0 ? this.offW + best : NONE
  }

  private preempt(s: PiwamState, mask: Uint8Array): number {
    const T = this.X.tables.continuation
    let best = NONE
    let bp = 0.5
    for (let w = 0; w < this.X.w; w++) {
      if (mask[this.offW + w] !== 1) continue
      const order = s.wOrder[w]!
      const need = order === 0 ? T.target.charge : order === 1 ? T.target.march : T.target.rally
      const p = this.p10(need - T.preemptDrm - commandMod(this.R, s, w))
      const st = this.wingStats(s, w)
      if (st.minDist > 3 || st.units === 0) continue
      if (p >= bp) {
        bp = p
        best = w
      }
    }
    return best >= 0 ? this.offW + best : this.offC + C.pass
  }

  private changeOrder(s: PiwamState, mask: Uint8Array): number {
    const w = s.activeWing
    const o = s.wOrder[w]!
    const st = this.wingStats(s, w)
    const hurt = st.units > 0 && st.hurt * 2 >= st.units && st.near === 0
    const want = hurt ? 2 : 0
    if (want === o) return this.offC + C.pass
    const T = this.X.tables.orderChange.target
    const names = ['charge', 'march', 'rally'] as const
    const need = T[names[o]!][names[want]!]
    const p = this.p10(need - commandMod(this.R, s, w))
    if (p < 0.3) return this.offC + C.pass
    return mask[this.offC + C.charge + want] === 1 ? this.offC + C.charge + want : this.offC + C.pass
  }

  private wingUseful(s: PiwamState, w: number): boolean {
    const st = this.wingStats(s, w)
    return st.units > 0 && (st.minDist <= 8 || st.hurt > 0)
  }

  // ------------------------------------------------------------------ unit selection

  private selectUnit(s: PiwamState, mask: Uint8Array): number {
    let best = NONE
    let bp = -1e9
    for (let u = 0; u < this.n; u++) {
      if (mask[this.offU + u] !== 1) continue
      const p = this.unitPriority(s, u)
      if (p > bp) {
        bp = p
        best = u
      }
    }
    if (best >= 0) return this.offU + best
    // leaders last, and only when a move improves things (selecting and ending would loop for wing commanders)
    for (let j = 0; j < this.X.m; j++) {
      if (mask[this.offU + this.n + j] !== 1) continue
      if (j === this.stuckLeader && this.stuckKey === this.activationKey(s)) continue
      if (this.leaderDest(s, j) >= 0) return this.offU + this.n + j
    }
    return this.offC + C.end
  }

  private unitPriority(s: PiwamState, u: number): number {
    const h = s.uHex[u]!
    if (this.X.uType[u] === T_ART) return this.bestFire(s, u, 0).hex >= 0 ? 100 : 1
    const e = this.nearestEnemy(s, h, this.side(u), true)
    const dd = e >= 0 ? this.d(h, s.uHex[e]!) : 50
    let p = 50 - dd
    if (s.uStatus[u]! > 0 && canRally(this.R, s, u)) p += 60
    return p
  }

  /** A better hex for leader j, or -1 when he should stay. */
  private leaderDest(s: PiwamState, j: number): number {
    const X = this.X
    if (s.lState[j] !== LS_IN) return NONE
    if (X.lArmy[j] ? (s.lFlags[j]! & L_ACTED) !== 0 : (s.lFlags[j]! & (L_MOVED | L_AIDED)) !== 0) return NONE
    const here = s.lHex[j]!
    let best = NONE
    let bs = this.leaderScore(s, j, here) + 0.75
    const side = X.lSide[j]!
    const w = X.lWing[j]!
    const mv = X.tables.leaders.movement
    for (let u = 0; u < this.n; u++) {
      const x = s.uHex[u]!
      if (x < 0 || x === here || this.side(u) !== side || (w >= 0 && X.uWing[u] !== w) || this.d(here, x) > mv) continue
      const sc = this.leaderScore(s, j, x)
      if (sc > bs) {
        bs = sc
        best = x
      }
    }
    return best
  }

  private leaderScore(s: PiwamState, j: number, x: number): number {
    const X = this.X
    const side = X.lSide[j]!
    let sc = -3 * this.enemyAdjacent(s, x, side)
    if (this.R.occ0[x] === 0) sc -= 5
    const w = X.lWing[j]!
    if (w >= 0) {
      // wing commander: central to his wing keeps the command chain short
      let sum = 0
      let cnt = 0
      for (let u = 0; u < this.n; u++) {
        if (X.uWing[u] !== w || s.uHex[u]! < 0 || s.uStatus[u] === 3) continue
        sum += Math.max(0, this.d(x, s.uHex[u]!) - 1)
        cnt++
      }
      return sc - (cnt > 0 ? sum / cnt : 0)
    }
    // army commander: next to the commander of a wing that still has to act (his rating adds to theirs)
    let bestW = 0
    for (let v = 0; v < X.w; v++) {
      if (X.wSide[v] !== side || (s.wMark[v]! & M_FINISHED) !== 0) continue
      const ch = wingCmdHex(this.R, s, v)
      if (ch < 0) continue
      const dd = this.d(x, ch)
      const val = dd <= 1 ? 3 : -0.3 * dd
      if (val > bestW || bestW === 0) bestW = val
    }
    return sc + bestW
  }

  private leaderAction(s: PiwamState, j: number, mask: Uint8Array): number {
    const x = this.leaderDest(s, j)
    if (x >= 0 && mask[this.offH + x] === 1) return this.offH + x
    this.stuckLeader = j
    this.stuckKey = this.activationKey(s)
    return this.offC + C.end
  }

  private activationKey(s: PiwamState): number {
    return (s.turn * 64 + s.activeWing + 1) * 8 + (s.activeWing >= 0 ? s.wCont[s.activeWing]! : 0)
  }

  // ------------------------------------------------------------------ unit actions

  /** The enemy unit u should go for: best matchup, nearer preferred. */
  private targetOf(s: PiwamState, u: number): number {
    const h = s.uHex[u]!
    const side = this.side(u)
    let best = NONE
    let bs = -1e9
    for (let v = 0; v < this.n; v++) {
      const vh = s.uHex[v]!
      if (vh < 0 || this.side(v) === side) continue
      const main = this.R.mainAt(vh)
      if (main !== v) continue
      let sc = this.matchup(s, u, vh, h, false) - 0.12 * this.d(h, vh)
      if (s.uStatus[v] === 3) sc -= 0.5
      if (sc > bs) {
        bs = sc
        best = v
      }
    }
    return best
  }

  /** The side direction of the best first step from h toward hex t. */
  private stepDir(h: number, t: number): number {
    let bd = NONE
    let bdist = 9999
    for (let k = 0; k < 6; k++) {
      const x = this.nb[h * 6 + k]!
      if (x < 0 || this.X.terrain[x] === 5) continue
      const dd = this.d(x, t)
      if (dd < bdist) {
        bdist = dd
        bd = k
      }
    }
    return bd
  }

  /** Smallest rotation k (-3..3) bringing direction `dir` into the front of facing f (sides f, f+1). */
  private rotationTo(f: number, dir: number): number {
    let best = 9
    for (let k = -3; k <= 3; k++) {
      const g = rot(f, k)
      if (g === dir || rot(g, 1) === dir) if (Math.abs(k) < Math.abs(best)) best = k
    }
    return best
  }

  private turnAction(mask: Uint8Array, k: number, art: boolean): number {
    const c = this.offC
    if (k === 0 || k === 9) return NONE
    if (art) {
      const ch = k === -1 ? C.left : k === 1 ? C.right : k === -2 ? C.left2 : k === 2 ? C.right2 : C.about
      return mask[c + ch] === 1 ? c + ch : NONE
    }
    if (Math.abs(k) === 3) return mask[c + C.about] === 1 ? c + C.about : mask[c + C.right] === 1 ? c + C.right : NONE
    const ch = k < 0 ? C.left : C.right
    return mask[c + ch] === 1 ? c + ch : NONE
  }

  private unitAction(s: PiwamState, u: number, mask: Uint8Array): number {
    const X = this.X
    const c = this.offC
    const h = s.uHex[u]!
    const f = s.uFace[u]!
    const side = this.side(u)
    if (X.uType[u] === T_ART) {
      if (mask[c + C.fire] === 1 && this.bestFire(s, u, 0).ev > 0.02) return c + C.fire
      if ((s.uFlags[u]! & F_ART_FIRED) === 0 && this.bestFire(s, u, 0).hex < 0) {
        // nothing in the cone: swing the guns toward the nearest enemy in range (they fire next turn)
        const e = this.nearestEnemy(s, h, side, true)
        if (e >= 0 && this.d(h, s.uHex[e]!) <= X.tables.artilleryRange.maxRange) {
          const a = this.turnAction(mask, this.rotationTo(f, this.stepDir(h, s.uHex[e]!)), true)
          if (a >= 0) return a
        }
      }
      return c + C.end
    }
    // rally first (it must be the whole action)
    if (mask[c + C['rally-unit']] === 1) {
      const ch = wingCmdHex(this.R, s, X.uWing[u]!)
      const auto = ch === h
      const p = this.p10(this.R.morale(s, u) - this.leaders(s, h, side))
      if (auto || p >= 0.6 || (s.uStatus[u] === 1 && p >= 0.5)) return c + C['rally-unit']
    }
    // adjacent enemies: face the best one, shoot, then stay for close combat
    let adjBest = NONE
    let adjScore = -1e9
    for (let k = 0; k < 6; k++) {
      const x = this.nb[h * 6 + k]!
      if (x < 0 || this.R.occ0[x] === 0 || this.R.sideAt(x) === side) continue
      const sc = this.matchup(s, u, x, h, false) + (this.inFront(h, f, x) ? 0.2 : 0)
      if (sc > adjScore) {
        adjScore = sc
        adjBest = x
      }
    }
    const fireLegal = mask[c + C.fire] === 1
    if (adjBest >= 0) {
      if (!this.inFront(h, f, adjBest) && this.matchup(s, u, adjBest, h, false) > 0) {
        const a = this.turnAction(mask, this.rotationTo(f, directionTo(X.grid, h, adjBest)), false)
        if (a >= 0) return a
      }
      if (fireLegal) {
        const k = mask[c + C['fire+2']] === 1 ? 2 : mask[c + C['fire+1']] === 1 ? 1 : 0
        if (this.bestFire(s, u, k).ev > 0.02) return c + C.fire + k
      }
      return c + C.end
    }
    // no contact yet: go for the chosen enemy
    const tu = this.targetOf(s, u)
    if (tu < 0) return c + C.end
    const th = s.uHex[tu]!
    const shock = X.uType[u] === T_G || X.uType[u] === T_C
    let bestMove = NONE
    let bestScore = this.d(h, th) - 0.01
    for (let k = 0; k < 2; k++) {
      const x = this.nb[h * 6 + ((f + k) % 6)]!
      if (x < 0 || mask[this.offH + x] !== 1) continue
      let sc = this.d(x, th)
      // ending next to an enemy that beats us is bad; next to one we beat is good
      for (let q = 0; q < 6; q++) {
        const y = this.nb[x * 6 + q]!
        if (y < 0 || y === h || this.R.occ0[y] === 0 || this.R.sideAt(y) === side) continue
        const mine = this.matchup(s, u, y, x, false)
        const theirs = this.matchup(s, this.R.mainAt(y), x, y, true)
        sc += theirs > mine + 0.3 ? 1.5 : mine > 0 ? -0.5 : 0
      }
      sc -= 0.1 * -X.tables.terrain.defense[TERRAINS[X.terrain[x]!]!]
      if (sc < bestScore) {
        bestScore = sc
        bestMove = x
      }
    }
    // shot (Reiters, foot) in range of a good target fires rather than walking; lancers charge
    if (fireLegal && !shock) {
      const k = mask[c + C['fire+2']] === 1 ? 2 : mask[c + C['fire+1']] === 1 ? 1 : 0
      if (this.bestFire(s, u, k).ev > 0.1) return c + C.fire + k
    }
    if (bestMove >= 0) return this.offH + bestMove
    // no step helps: turn toward the target (costs the charge bonus this action, so only when not moved)
    const want = this.rotationTo(f, this.stepDir(h, th))
    if (want !== 0) {
      const a = this.turnAction(mask, want, false)
      if (a >= 0) return a
    }
    return c + C.end
  }

  // ------------------------------------------------------------------ reactions

  private reaction(s: PiwamState, mask: Uint8Array): number {
    let best = NONE
    let bp = 0
    for (let r = 0; r < this.n + this.X.m; r++) {
      if (mask[this.offU + r] !== 1) continue
      const opts = reactOpts(this.R, s, r)
      const ch = this.wantReaction(s, r, opts)
      if (ch === C.pass) continue
      const p = ch === C.fire ? 3 : ch === C.withdraw ? 4 : ch === C.intercept ? 2 : 1
      if (p > bp) {
        bp = p
        best = r
      }
    }
    return best >= 0 ? this.offU + best : this.offC + C.pass
  }

  private reactionChoice(s: PiwamState, r: number, mask: Uint8Array): number {
    const ch = this.wantReaction(s, r, reactOpts(this.R, s, r))
    return mask[this.offC + ch] === 1 ? ch : C.pass
  }

  /** What unit (or lone army commander) r should do about the current trigger. */
  private wantReaction(s: PiwamState, r: number, opts: number): number {
    const X = this.X
    if (r >= this.n) return opts & O_WITHDRAW ? C.withdraw : C.pass
    const t = s.trigUnit
    const th = s.uHex[t]!
    const h = s.uHex[r]!
    if (th < 0 || h < 0) return C.pass
    if (opts & O_FIRE && this.fireEV(s, r, th, 0) > 0.01) return C.fire
    const theirs = X.uArm[t] === ARM_INF && X.uArm[r] === ARM_CAV ? -1 : this.matchup(s, t, h, th, false) + (X.uType[t] === T_G || X.uType[t] === T_C ? 0.2 : 0)
    const mine = this.matchup(s, r, th, h, true)
    if (opts & O_INTERCEPT) {
      const T = X.tables.interception.target
      const need = X.uArm[t] === ARM_CAV ? T.cav : X.uArm[t] === ARM_INF ? T.inf : T.art
      const p = this.p10(need - this.leaders(s, h, this.side(r)))
      if (p >= 0.4 && mine > 0.2 && mine > theirs) return C.intercept
    }
    if (opts & O_WITHDRAW && theirs > 0.6 && mine < 0) return C.withdraw
    if (opts & (O_FACE | O_FACE2)) {
      const f = s.uFace[r]!
      const dir = this.d(h, th) === 1 ? directionTo(X.grid, h, th) : this.stepDir(h, th)
      const k = this.rotationTo(f, dir)
      // already facing, or a frontal enemy we already hold: keep the facing
      if (k === 0 || k === 9) return C.pass
      for (let q = 0; q < 2; q++) {
        const x = this.nb[h * 6 + ((f + q) % 6)]!
        if (x >= 0 && x !== th && this.R.occ0[x]! > 0 && this.R.sideAt(x) !== this.side(r)) return C.pass
      }
      if (k === -1) return C.left
      if (k === 1) return C.right
      if (opts & O_FACE2) return k < 0 ? C.left2 : C.right2
      return k < 0 ? C.left : C.right
    }
    return C.pass
  }

  private withdrawHex(s: PiwamState, mask: Uint8Array): number {
    const r = s.react
    const side = r >= this.n ? this.X.lSide[r - this.n]! : this.side(r)
    let best = NONE
    let bs = -1e9
    for (let x = 0; x < this.size; x++) {
      if (mask[this.offH + x] !== 1) continue
      const e = this.nearestEnemy(s, x, side, true)
      const de = e >= 0 ? this.d(x, s.uHex[e]!) : 20
      // away from the enemy, but not so far that the unit drops out of its wing's command chain
      let friends = 0
      for (let u = 0; u < this.n; u++) if (s.uHex[u]! >= 0 && this.side(u) === side && u !== r && this.d(x, s.uHex[u]!) <= 2) friends++
      const sc = Math.min(de, 4) + 0.5 * Math.min(friends, 3) + (r >= this.n && this.R.occ0[x]! > 0 ? 2 : 0)
      if (sc > bs) {
        bs = sc
        best = x
      }
    }
    return best >= 0 ? this.offH + best : NONE
  }

  /** Facing after an advance: toward the best adjacent target, else toward the nearest enemy. */
  private faceChoice(s: PiwamState, u: number, _advance: boolean): number {
    const h = s.uHex[u]!
    if (h < 0) return C.pass
    const f = s.uFace[u]!
    const side = this.side(u)
    let bestDir = NONE
    let bs = -1e9
    for (let k = 0; k < 6; k++) {
      const x = this.nb[h * 6 + k]!
      if (x < 0 || this.R.occ0[x] === 0 || this.R.sideAt(x) === side) continue
      const sc = this.matchup(s, u, x, h, true)
      if (sc > bs) {
        bs = sc
        bestDir = k
      }
    }
    if (bestDir < 0) {
      const e = this.nearestEnemy(s, h, side, true)
      if (e < 0) return C.pass
      bestDir = this.stepDir(h, s.uHex[e]!)
    }
    const k = this.rotationTo(f, bestDir)
    return k === 9 || k === 0 ? C.pass : k < 0 ? C.left : C.right
  }
}
