// Scripted player for the `hbl` ruleset (Hell Broke Loose). One rule per
// decision kind, read from the hbl state: march on an objective by the
// cheapest path in hexes and wheels (a reverse Dijkstra over hex and facing),
// weighing each step by the fight it offers and the fights and volleys it
// exposes the unit to; fight with an edge (initiating is an Up); shoot when
// the expected UI is worth the load; rally vexed and routed units; follow up
// and pursue. Anything the rules below do not produce falls back to a seeded
// random legal action, so the agent is always legal.
import seedrandom from 'seedrandom'
import type { Engine } from '../../env/core/types.ts'
import { hblContext } from '../../env/rules/hbl/index.ts'
import type { Ctx } from '../../env/rules/hbl/context.ts'
import { arcOf, arcOfDir, ARC_FRONT, inFrontCone } from '../../env/rules/hbl/geometry.ts'
import { hexesPerMove } from '../../env/rules/hbl/context.ts'
import { neighbor, rot } from '../../env/hex/grid.ts'
import { meleeDice } from '../../env/rules/hbl/melee.ts'
import { dieTotal, meleeOutcome, shiftDie } from '../../env/rules/hbl/dieshift.ts'
import { C, F_ELIM, F_LOADED, F_ROUT, F_VEX, K, type HState } from '../../env/rules/hbl/state.ts'
import { nthLegal, type Agent, type AgentContext } from '../types.ts'

/** Tunable doctrine. */
const DOCTRINE = {
  /** Optional chip spends (convert, hold, negate, buy-back) only while the pool holds more than this. */
  chipReserve: 3,
  /** Start a melee (or charge) when the expected total beats the enemy's by at least this. */
  fightEdge: 0.2,
  /** A rout is worth this many chips (the unit is out of the fight). */
  routValue: 1,
  /** Buy back UI only up to this many left. */
  buyBelow: 0,
  /** How much an exposure to an enemy's fight or volley counts (safely ahead; pressing). */
  threat: 0.8,
  threatPress: 0.5,
  /** Chips of lead, beyond the draw margin, that count as safely ahead. */
  cushion: 1,
  /** Value of one hex closer to the objective. */
  perHex: 0.15,
  /** Cap on the approach cost (an unreachable objective still pulls). */
  farCost: 40,
  /** Shoot when the expected UI (vexation counted) reaches this. */
  shotValue: 0.3,
  /** A first vexation is worth this many UI (its Down 1 in the next melee; the second costs a UI). */
  vexValue: 0.3,
} as const

/** An unreached position in the approach costs. */
const FAR = 1 << 20

/** Expected chip swings of a melee round by dice and flags (fightValue), per context. */
const swingMemo = new WeakMap<Ctx, Map<number, number>>()

const ctxCache = new WeakMap<Engine, Ctx>()
function contextOf(engine: Engine): Ctx {
  let c = ctxCache.get(engine)
  if (!c) {
    const r = hblContext(engine.scenario)
    if (!r.ok) throw new Error(`hbl heuristic: ${r.error.message}`)
    c = r.value
    ctxCache.set(engine, c)
  }
  return c
}

export const isHblEngine = (engine: Engine): boolean => engine.ruleset === 'hbl'

export class HblHeuristic implements Agent {
  readonly name: string
  private rng: seedrandom.PRNG
  private cost = new Int32Array(0)
  private costKey = ''
  /** Decisions answered by the random fallback. */
  fallbacks = 0

  constructor(seed = 0, o: { name?: string; epsilon?: number } = {}) {
    this.name = o.name ?? 'heuristic'
    this.rng = seedrandom.xor128(`hbl-heuristic:${seed}`)
    this.epsilon = o.epsilon ?? 0
  }
  private readonly epsilon: number

  reset(seed: number): void {
    this.rng = seedrandom.xor128(`hbl-heuristic:${seed}`)
  }

  act(ctx: AgentContext): number {
    const { engine, mask, legalCount } = ctx
    if (legalCount === 1) return nthLegal(mask, 0)
    if (this.epsilon > 0 && this.rng() < this.epsilon) return this.random(ctx)
    const a = this.choose(contextOf(engine), engine, ctx.state as HState, mask, ctx.player)
    if (a >= 0 && mask[a] === 1) return a
    this.fallbacks++
    return this.random(ctx)
  }

  private random(ctx: AgentContext): number {
    return nthLegal(ctx.mask, Math.floor(this.rng() * ctx.legalCount))
  }

  private choose(c: Ctx, engine: Engine, s: HState, mask: Uint8Array, me: number): number {
    const L = engine.layout.offset
    const ch = (k: number) => L.choice + k
    const un = (u: number) => L.unit + u
    const legalUnits = (): number[] => {
      const out: number[] = []
      for (let u = 0; u < c.nU + c.nL; u++) if (mask[L.unit + u]) out.push(u)
      return out
    }
    const q1 = s.q[1] as number
    switch (s.dk) {
      case K['initiative-order']:
        return ch(C.first)
      case K.activate: {
        for (let w = 0; w < c.nW; w++) if (mask[L.wing + w]) return L.wing + w
        return ch(C.end)
      }
      case K['move-unit']: {
        // The unit nearest the enemy moves first, so the line arrives together.
        let best = -1
        let bd = 1e9
        for (const u of legalUnits()) {
          const d = this.nearestEnemy(c, s, u).d
          if (d < bd) {
            bd = d
            best = u
          }
        }
        return best >= 0 ? un(best) : ch(C.end)
      }
      case K.move:
        return this.move(c, engine, s, mask, me)
      case K.charge: {
        const { v, edge } = this.bestFight(c, s, q1, legalUnits(), true)
        return v >= 0 && edge >= DOCTRINE.fightEdge ? un(v) : ch(C.pass)
      }
      case K['close-skirmish']:
        return ch(C.yes)
      case K.shoot: {
        // Fire only a shot worth its load (a long-range shot rarely is: reloads are scarce).
        let best = -1
        let bestPips = -1e9
        for (const u of legalUnits()) {
          for (let v = 0; v < c.nU; v++) {
            if (c.uSide[v] === c.uSide[u] || ((s.fl[v] as number) & F_ELIM) !== 0) continue
            const p = this.shotPips(c, s, u, v)
            if (p > bestPips) {
              bestPips = p
              best = u
            }
          }
        }
        return best >= 0 && bestPips >= DOCTRINE.shotValue ? un(best) : ch(C.pass)
      }
      case K['melee-target']: {
        const { v } = this.bestFight(c, s, s.sel, legalUnits(), true)
        return v >= 0 ? un(v) : -1
      }
      case K['shoot-target']: {
        // Enemy shooters first (each shot they keep costs us), then pike squares (Up 2) and deep units (Up 1), at close range.
        const w = c.uType[s.sel]?.shoots
        const close = w ? (c.tables.shooting.ranges[w]?.[0] ?? 0) : 0
        let best = -1
        let bestScore = -1e9
        for (const v of legalUnits()) {
          const t = c.uType[v]
          const d = c.grid.dist[(s.hex[s.sel] as number) * c.size + (s.hex[v] as number)] as number
          const score = (t?.shoots ? 3 : 0) + (t?.pike ? 2 : 0) + (t?.deep ? 1 : 0) + (d <= close ? 3 : 0) - (this.inMeleeWithFriend(s, v) ? 10 : 0) - ((c.uType[v]?.ui as number) - (s.lost[v] as number)) / 10
          if (score > bestScore) {
            bestScore = score
            best = v
          }
        }
        return best >= 0 ? un(best) : -1
      }
      case K.melee: {
        const us = legalUnits()
        // Owed melees first (no end is legal then); optional ones only with an edge.
        if (!mask[ch(C.end)]) return us.length > 0 ? un(us[0] as number) : -1
        let best = -1
        let bestEdge = -1e9
        for (const u of us) {
          const { edge } = this.bestFight(c, s, u, this.adjacentEnemies(c, s, u), true)
          if (edge > bestEdge) {
            bestEdge = edge
            best = u
          }
        }
        return best >= 0 && bestEdge >= DOCTRINE.fightEdge ? un(best) : ch(C.end)
      }
      case K['group-melee']: {
        let best = -1
        let most = -1
        for (let w = 0; w < c.nW; w++) {
          if (!mask[L.wing + w]) continue
          let n = 0
          for (let u = 0; u < c.nU; u++) if (c.uWing[u] === w && this.nearestEnemy(c, s, u).d === 1) n++
          if (n > most) {
            most = n
            best = w
          }
        }
        return best >= 0 ? L.wing + best : -1
      }
      case K.convert:
      case K.hold:
      case K.negate:
        // Chips are the score: a rout (rallied later for free), a push back or a lost move is cheaper than a chip.
        return ch(C.no)
      case K['follow-up']:
      case K.pursue:
      case K.attach:
        return ch(C.yes)
      case K.rally: {
        let best = -1
        let worst = 0
        for (const u of legalUnits()) {
          const fl = s.fl[u] as number
          // Buying UI back is off (chips are the score): only vexation and routs are worth a rally.
          const score = (fl & F_VEX ? 1 : 0) + (fl & F_ROUT ? 3 : 0)
          if (score > worst) {
            worst = score
            best = u
          }
        }
        return best >= 0 ? un(best) : ch(C.end)
      }
      case K['rally-buy']: {
        let n = 0
        for (let k = 3; k >= 0; k--) if (mask[ch(C['buy-0'] + k)]) {
          n = k
          break
        }
        // Chips are the army's morale (and the score): buy UI back only for a unit close to breaking.
        const u = q1
        const left = (c.uType[u]?.ui as number) - (s.lost[u] as number)
        const want = left <= DOCTRINE.buyBelow ? DOCTRINE.buyBelow + 1 - left : 0
        const afford = Math.max(0, (s.chips[me] as number) - DOCTRINE.chipReserve)
        return ch(C['buy-0'] + Math.min(n, afford, want))
      }
      case K.formation: {
        for (const u of legalUnits()) {
          if ((s.ref[u] as number) >= 0) return un(u)
          const e = this.nearestEnemy(c, s, u)
          if (e.v >= 0 && !inFrontCone(c, s.hex[u] as number, s.face[u] as number, s.hex[e.v] as number)) return un(u)
        }
        return ch(C.end)
      }
      case K['formation-unit']: {
        if (mask[ch(C['face-enemy'])]) return ch(C['face-enemy'])
        return this.wheelToward(c, s, s.sel, mask, L.choice)
      }
      case K.gun: {
        const us = legalUnits()
        for (const u of us) if (((s.fl[u] as number) & F_LOADED) === 0) return un(u)
        for (const u of us) {
          const e = this.nearestEnemy(c, s, u)
          if (e.v >= 0 && !inFrontCone(c, s.hex[u] as number, s.face[u] as number, s.hex[e.v] as number)) return un(u)
        }
        return ch(C.end)
      }
      case K['gun-action']:
        if (mask[ch(C.reload)]) return ch(C.reload)
        return this.wheelToward(c, s, s.sel, mask, L.choice)
      case K['refused-flank']:
        return ch(C['face-enemy'])
      case K['rout-hex']: {
        // Straight for the edge, else the step nearest straight (the engine's old fixed path).
        const e = c.edgeDir[c.uSide[q1] as 0 | 1]
        for (const j of [0, -1, 1, -2, 2]) {
          const n = neighbor(c.grid, s.hex[q1] as number, rot(e, j))
          if (n >= 0 && mask[L.hex + n]) return L.hex + n
        }
        return -1
      }
    }
    void q1
    return -1
  }

  /**
   * Step toward the objective, scoring each hex it may enter (and standing still) by the fight
   * it offers, the fights and volleys it exposes the unit to, and the distance left; wheel when
   * the objective is not ahead and no step closes; else stop.
   */
  private move(c: Ctx, engine: Engine, s: HState, mask: Uint8Array, me: number): number {
    const L = engine.layout.offset
    const u = s.sel
    const press = this.pressing(c, s, me)
    const e = this.objective(c, s, u, press)
    if (e.v < 0) return L.choice + C.stop
    const target = s.hex[e.v] as number
    const from = s.hex[u] as number
    const t = c.uType[u]
    // Shooters that are not melee troops hold at their close range.
    if (t?.shoots === 'shot' && t.formation !== 'close' && e.d <= (c.tables.shooting.ranges.shot?.[0] ?? 2)) return L.choice + C.stop
    const cost = this.approach(c, s, u, target)
    const f = s.face[u] as number
    const W = hexesPerMove(c, u)
    const value = (h: number, g: number, used: number): number => this.standValue(c, s, u, h, g, press) - DOCTRINE.perHex * (Math.min(DOCTRINE.farCost, cost[h * 6 + g] as number) + used)
    let best = L.choice + C.stop
    let bv = value(from, f, 0)
    const consider = (a: number, v: number) => {
      // Ties go to the move that makes progress: stopping forfeits the rest of the activation.
      if (v >= bv - 1e-9) {
        bv = v + 1e-6
        best = a
      }
    }
    for (let h = 0; h < c.size; h++) if (mask[L.hex + h]) consider(L.hex + h, value(h, f, 1))
    if (mask[L.choice + C['wheel-left']]) consider(L.choice + C['wheel-left'], value(from, rot(f, -1), W))
    if (mask[L.choice + C['wheel-right']]) consider(L.choice + C['wheel-right'], value(from, rot(f, 1), W))
    return best
  }

  /**
   * Hexes of movement (a wheel costs a whole move) from every hex and facing to a front
   * contact with the hex `target`, around the other units and impassable ground: a reverse
   * Dijkstra from the contact positions, over the unit's own kinds of step.
   */
  private approach(c: Ctx, s: HState, u: number, target: number): Int32Array {
    // A unit steps hex by hex, one decision each: the map stays valid while the other units stand still.
    let key = `${c.scenario.id}:${u}:${target}`
    for (let v = 0; v < c.nU; v++) if (v !== u) key += `,${((s.fl[v] as number) & F_ELIM) === 0 ? (s.hex[v] as number) : -1}`
    if (key === this.costKey) return this.cost
    this.costKey = key
    const n = c.size * 6
    if (this.cost.length !== n) this.cost = new Int32Array(n)
    const cost = this.cost
    cost.fill(FAR)
    const occ = new Int16Array(c.size).fill(-1)
    for (let v = 0; v < c.nU; v++) if (((s.fl[v] as number) & F_ELIM) === 0) occ[s.hex[v] as number] = v
    const free = (h: number) => h >= 0 && c.passable[h] === 1 && ((occ[h] as number) < 0 || occ[h] === u)
    const W = hexesPerMove(c, u)
    const skirm = c.uType[u]?.formation === 'skirmish'
    const buckets: number[][] = []
    const push = (node: number, k: number) => {
      if (k >= (cost[node] as number)) return
      cost[node] = k
      ;(buckets[k] ??= []).push(node)
    }
    for (let d = 0; d < 6; d++) {
      const h = neighbor(c.grid, target, d)
      if (!free(h)) continue
      const toT = rot(d, 3)
      for (let g = 0; g < 6; g++) if (arcOfDir(g, toT) === ARC_FRONT) push(h * 6 + g, 0)
    }
    for (let k = 0; k < buckets.length; k++) {
      const b = buckets[k]
      if (!b) continue
      for (let i = 0; i < b.length; i++) {
        const node = b[i] as number
        if ((cost[node] as number) !== k) continue
        const h = (node / 6) | 0
        const g = node % 6
        push(h * 6 + rot(g, 1), k + W)
        push(h * 6 + rot(g, -1), k + W)
        const back = neighbor(c.grid, h, rot(g, 3))
        if (free(back)) push(back * 6 + g, k + 1)
        if (skirm) {
          for (const o of [-1, 1]) {
            const p = neighbor(c.grid, h, rot(g, 3 + o))
            if (free(p)) push(p * 6 + g, k + 1)
          }
        }
      }
    }
    return cost
  }

  /** Whether the side is not safely ahead on the turn-cap count (it must win chips, not keep them). */
  private pressing(c: Ctx, s: HState, me: number): boolean {
    const mine = (s.chipsLost[me] as number) / Math.max(1, c.chips[me as 0 | 1])
    const theirs = (s.chipsLost[1 - me] as number) / Math.max(1, c.chips[(1 - me) as 0 | 1])
    return theirs - mine <= c.tables.army.drawMargin + DOCTRINE.cushion / Math.max(1, c.chips[me as 0 | 1])
  }

  /**
   * What unit u standing at hex h facing f is worth: the best fight it could start there, less
   * the fights adjacent enemies could start against it and the volleys of loaded enemy shooters
   * whose close range it stands in.
   */
  private standValue(c: Ctx, s: HState, u: number, h: number, f: number, press: boolean): number {
    const oh = s.hex[u] as number
    const of = s.face[u] as number
    s.hex[u] = h
    s.face[u] = f
    let attack = 0
    let threat = 0
    for (let v = 0; v < c.nU; v++) {
      if (c.uSide[v] === c.uSide[u] || ((s.fl[v] as number) & (F_ELIM | F_ROUT)) !== 0) continue
      const hv = s.hex[v] as number
      const d = c.grid.dist[h * c.size + hv] as number
      if (d === 1) {
        if (arcOf(c, s, u, hv) === ARC_FRONT) attack = Math.max(attack, this.fightValue(c, s, u, v, true))
        if (arcOf(c, s, v, h) === ARC_FRONT) threat += Math.max(0, this.fightValue(c, s, v, u, true))
      }
      const w = c.uType[v]?.shoots
      if (w && ((s.fl[v] as number) & F_LOADED) !== 0 && d <= (c.tables.shooting.ranges[w]?.[0] ?? 0) && inFrontCone(c, hv, s.face[v] as number, h)) threat += Math.max(0, this.shotPips(c, s, v, u))
    }
    s.hex[u] = oh
    s.face[u] = of
    return attack - (press ? DOCTRINE.threatPress : DOCTRINE.threat) * threat
  }

  private wheelToward(c: Ctx, s: HState, u: number, mask: Uint8Array, base: number, toward = -1): number {
    const e = toward >= 0 ? { v: toward } : this.nearestEnemy(c, s, u)
    const f = s.face[u] as number
    if (e.v >= 0) {
      const h = s.hex[u] as number
      const to = s.hex[e.v] as number
      // The rotation whose facing has the enemy in its front cone soonest.
      for (let k = 1; k <= 3; k++) {
        if (inFrontCone(c, h, (f + k) % 6, to) && mask[base + C['wheel-right']]) return base + C['wheel-right']
        if (inFrontCone(c, h, (f + 6 - k) % 6, to) && mask[base + C['wheel-left']]) return base + C['wheel-left']
      }
    }
    return mask[base + C.stop] ? base + C.stop : -1
  }

  /** The enemy among `vs` that u fights best, and the expected edge of the totals. */
  private bestFight(c: Ctx, s: HState, u: number, vs: readonly number[], initiating: boolean): { v: number; edge: number } {
    let best = -1
    let edge = -1e9
    for (const v of vs) {
      if (v >= c.nU) continue
      const e = this.fightValue(c, s, u, v, initiating)
      if (e > edge) {
        edge = e
        best = v
      }
    }
    return { v: best, edge }
  }

  private adjacentEnemies(c: Ctx, s: HState, u: number): number[] {
    const out: number[] = []
    for (let v = 0; v < c.nU; v++) {
      if (c.uSide[v] === c.uSide[u] || ((s.fl[v] as number) & (F_ELIM | F_ROUT)) !== 0) continue
      if (c.grid.dist[(s.hex[u] as number) * c.size + (s.hex[v] as number)] === 1) out.push(v)
    }
    return out
  }

  /**
   * Where a unit goes: cavalry hunts the nearest unloaded enemy shooter it beats (each shot
   * they keep costs chips), everyone else the nearest enemy it beats; shooters the nearest enemy.
   */
  private objective(c: Ctx, s: HState, u: number, press: boolean): { v: number; d: number } {
    const t = c.uType[u]
    if (t?.shoots != null) return this.nearestEnemy(c, s, u)
    const h = s.hex[u] as number
    let best = -1
    let bd = 1e9
    for (const pass of t?.arm === 'cav' ? [true, false] : [false]) {
      for (let v = 0; v < c.nU; v++) {
        if (c.uSide[v] === c.uSide[u] || ((s.fl[v] as number) & (F_ELIM | F_ROUT)) !== 0) continue
        if (pass && c.uType[v]?.shoots == null) continue
        // A loaded shooter is hunted only once it has fired: riding at its muzzles cost the Gendarmes most of their losses.
        if (pass && ((s.fl[v] as number) & F_LOADED) !== 0) continue
        const d = c.grid.dist[h * c.size + (s.hex[v] as number)] as number
        if (d >= bd) continue
        if (this.bestFight(c, s, u, [v], true).edge < DOCTRINE.fightEdge) continue
        bd = d
        best = v
      }
      if (best >= 0) break
    }
    if (best >= 0) return { v: best, d: bd }
    if (!press) return this.nearestEnemy(c, s, u)
    // Nothing it beats, and chips are needed: the enemy it fights best, nearer first.
    let bv = -1e9
    for (let v = 0; v < c.nU; v++) {
      if (c.uSide[v] === c.uSide[u] || ((s.fl[v] as number) & (F_ELIM | F_ROUT)) !== 0) continue
      const d = c.grid.dist[h * c.size + (s.hex[v] as number)] as number
      const val = this.fightValue(c, s, u, v, true) - DOCTRINE.perHex * d
      if (val > bv) {
        bv = val
        best = v
        bd = d
      }
    }
    return { v: best, d: bd }
  }

  /** Expected UI (and vexation, at a vexed target one more UI) of u's shot at v; -inf out of range or front cone (sight: the mask decides). */
  private shotPips(c: Ctx, s: HState, u: number, v: number): number {
    const w = c.uType[u]?.shoots
    const range = w ? c.tables.shooting.ranges[w] : undefined
    if (!range) return -1e9
    const from = s.hex[u] as number
    const to = s.hex[v] as number
    const d = c.grid.dist[from * c.size + to] as number
    if (d > range[1] || !inFrontCone(c, from, s.face[u] as number, to)) return -1e9
    const f = c.tables.shooting.factors
    const t = c.uType[v]!
    const net = (d <= range[0] ? f.closeRange : f.longRange) + (t.pike ? f.vsPike : 0) + (t.deep ? f.vsDeep : 0) + (inFrontCone(c, to, s.face[v] as number, from) ? 0 : f.vsFlank)
    const die = shiftDie(c.uType[u]!.cd, net)
    const per = c.tables.bands.pipsPerUi
    const vexCost = ((s.fl[v] as number) & F_VEX) !== 0 ? 1 : DOCTRINE.vexValue
    let ui = 0
    for (let x = 1; x <= die.sides; x++) {
      const total = dieTotal(x, die.bonus)
      for (let y = 1; y <= t.dd; y++) {
        const pips = total - y
        if (pips <= 0) continue
        ui += Math.floor(pips / per) + ((y & 1) === 1 ? vexCost : 0)
      }
    }
    return ui / (die.sides * t.dd)
  }

  /**
   * The expected chip swing of one round of u against v (enemy chips lost minus ours, over every
   * pair of faces, by the rules' own outcome function), plus a unit's worth for a rout.
   */
  private fightValue(c: Ctx, s: HState, u: number, v: number, initiating: boolean): number {
    const [da, db] = meleeDice(c, s, u, v, initiating)
    const fa = c.uType[u]!.fierce
    const fb = c.uType[v]!.fierce
    const vexA = ((s.fl[u] as number) & F_VEX) !== 0
    const vexB = ((s.fl[v] as number) & F_VEX) !== 0
    // The swing depends only on the two shifted dice and four flags: memoised per context
    // (a bonus of 11 or more already makes every total 12, so 15 stands for all of them).
    const key = (((da.sides * 16 + Math.min(15, da.bonus)) * 16 + db.sides) * 16 + Math.min(15, db.bonus)) * 16 + (fa ? 8 : 0) + (fb ? 4 : 0) + (vexA ? 2 : 0) + (vexB ? 1 : 0)
    let memo = swingMemo.get(c)
    if (!memo) swingMemo.set(c, (memo = new Map()))
    const known = memo.get(key)
    if (known !== undefined) return known
    let total = 0
    for (let x = 1; x <= da.sides; x++) {
      for (let y = 1; y <= db.sides; y++) {
        const o = meleeOutcome({ face: x, total: dieTotal(x, da.bonus), fierce: fa }, { face: y, total: dieTotal(y, db.bonus), fierce: fb }, c.variant, -1, c.tables.bands)
        let swing = (o.uiLoss[1] as number) - (o.uiLoss[0] as number)
        if (o.pushBack === 1 && vexB) swing += 1
        if (o.pushBack === 0 && vexA) swing -= 1
        if (o.routed === 1) swing += DOCTRINE.routValue
        if (o.routed === 0) swing -= DOCTRINE.routValue
        total += swing
      }
    }
    const value = total / (da.sides * db.sides)
    memo.set(key, value)
    return value
  }

  /** Whether enemy v is in a melee with one of our units (a shot at it is also a shot at them). */
  private inMeleeWithFriend(s: HState, v: number): boolean {
    for (let i = 0; i < s.mel.length; i += 4) if (s.mel[i] === v || s.mel[i + 1] === v) return true
    return false
  }

  private nearestEnemy(c: Ctx, s: HState, u: number): { v: number; d: number } {
    let best = -1
    let bd = 1e9
    const h = s.hex[u] as number
    for (let v = 0; v < c.nU; v++) {
      if (c.uSide[v] === c.uSide[u] || ((s.fl[v] as number) & (F_ELIM | F_ROUT)) !== 0) continue
      const d = c.grid.dist[h * c.size + (s.hex[v] as number)] as number
      if (d < bd) {
        bd = d
        best = v
      }
    }
    return { v: best, d: bd }
  }
}
