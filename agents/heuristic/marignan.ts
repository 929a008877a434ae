// Scripted player for the `marignan` ruleset (Marignan 1515). One pass of
// rules per decision kind, read straight from the marignan state: no search,
// so it is cheap enough for thousands of games. Any choice the rules below do
// not produce (or that the mask refuses) falls back to a seeded random legal
// action, so the agent is always legal.
//
// Doctrine (docs/agents-marignan.md): Swiss march on the nearest French unit
// and attack in mass; French face the enemy and fire, charge with cavalry at
// good odds, and in the last `lateAttackTurnsLeft` turns (the whole first day)
// close in with everything but the guns, since a draw is worth less than a
// fight; rout steps away from the enemy, heroic commanders rally the largest
// corps, a free deployment copies the reconstructed one; both keep units in command, form hedgehog against
// cavalry, never order a General Retreat unless a corps is overwhelmed, lose
// the weakest units first and keep commanders out of harm's way.
import seedrandom from 'seedrandom'
import type { Engine } from '../../env/core/types.ts'
import { leaderActive, leaderRange, repositionLeader } from '../../env/rules/marignan/command.ts'
import { canFire, fireTargets, fireValue, strengthAt } from '../../env/rules/marignan/fire.ts'
import { canAttack, meleeValue } from '../../env/rules/marignan/melee.ts'
import type { Ctx } from '../../env/rules/marignan/context.ts'
import { occ, sync, touch } from '../../env/rules/marignan/occupancy.ts'
import { deployNext } from '../../env/rules/marignan/deploy.ts'
import { isRear } from '../../env/rules/marignan/zoc.ts'
import { marignanContext } from '../../env/rules/marignan/index.ts'
import { C, F_CHARGE, F_HEDGE, F_OOC, FACE0, FRENCH, K, L_WAIT, onMap, P, S_DIS, S_ORD, S_ROUT, S_WAIT, SWISS, T, type MState } from '../../env/rules/marignan/state.ts'
import { nthLegal, type Agent, type AgentContext } from '../types.ts'

/** Tunable doctrine (measured in docs/agents-marignan.md). */
const DOCTRINE = {
  /** French cavalry attacks when its melee strength is at least this times the target's. */
  chargeRatio: 1,
  /** How far (hexes) French cavalry looks for a charge target. */
  chargeReach: 30,
  /** Enemy cavalry this close makes infantry form hedgehog (when it may without a test). */
  hedgeCavDist: 2,
  /** Enemy cavalry this close keeps a hedgehog in place. */
  keepHedgeDist: 3,
  /** French units pivot to face an enemy this close. */
  faceDist: 6,
  /** A General Retreat Order only when the adjacent enemy is this many times stronger... */
  groRatio: 3,
  /** ...at least this many of the corps' units are in contact, and morale survives the -2. */
  groContact: 3,
  groMinMorale: 5,
  /** With fewer turns than this left, French infantry and cavalry march on the nearest enemy (measured: 5 or 8 left gave
   *  89% French wins against random Swiss, 11 — the whole first day — 94%, over 100 games). */
  lateAttackTurnsLeft: 11,
  /** French arquebusiers close to 2 hexes of an enemy at most this far. */
  skirmish: false,
  skirmishReach: 4,
  /** Most move-unit steps one unit may take (a guard against pivot loops). */
  maxSteps: 16,
} as const

const ctxCache = new WeakMap<Engine, Ctx>()

function contextOf(engine: Engine): Ctx {
  let c = ctxCache.get(engine)
  if (!c) {
    const r = marignanContext(engine.scenario)
    if (!r.ok) throw new Error(`marignan heuristic: ${r.error.message}`)
    c = r.value
    ctxCache.set(engine, c)
  }
  return c
}

export const isMarignanEngine = (engine: Engine): boolean => engine.ruleset === 'marignan'

export class MarignanHeuristic implements Agent {
  readonly name: string
  private rng: seedrandom.PRNG
  /** Decisions answered by the random fallback (the rules produced nothing legal). */
  fallbacks = 0
  private readonly buf: number[] = []
  // hex marks for one scan (generation-stamped: no clearing, no allocation)
  private seen = new Int32Array(0)
  private gen = 0
  // per selected unit: steps taken (pivot-loop guard)
  private stepsKey = -1
  private steps = 0
  // id offsets of the bound layout (set on each act)
  private UN = 0
  private HX = 0
  private WG = 0

  private readonly epsilon: number

  /** epsilon: probability of a random legal action instead of the scripted one (as the other heuristics). */
  constructor(seed = 0, o: { epsilon?: number; name?: string } = {}) {
    this.name = o.name ?? 'heuristic'
    this.epsilon = o.epsilon ?? 0
    this.rng = seedrandom.xor128(`marignan-heuristic:${seed}`)
  }

  reset(seed: number): void {
    this.rng = seedrandom.xor128(`marignan-heuristic:${seed}`)
    this.stepsKey = -1
  }

  act(ctx: AgentContext): number {
    const engine = ctx.engine
    // the epsilon draw happens only when epsilon > 0, so epsilon 0 keeps the generator's sequence
    const noisy = this.epsilon > 0 && this.rng() < this.epsilon
    const a = !noisy && isMarignanEngine(engine) ? this.choose(contextOf(engine), ctx.state as MState, ctx.mask, engine.layout.offset) : -1
    if (a >= 0 && a < ctx.mask.length && ctx.mask[a] === 1) return a
    if (!noisy) this.fallbacks++
    const r = nthLegal(ctx.mask, Math.floor(this.rng() * ctx.legalCount))
    if (r < 0) throw new Error(`marignan heuristic: mask has fewer than ${ctx.legalCount} legal actions`)
    return r
  }

  // ---- decision dispatch ------------------------------------------------------------------

  private choose(c: Ctx, s: MState, mask: Uint8Array, off: Engine['layout']['offset']): number {
    this.WG = off.wing
    this.UN = off.unit
    this.HX = off.hex
    if (this.seen.length !== c.size) this.seen = new Int32Array(c.size)
    touch(c) // the state may have changed in place: rebuild the scratch occupancy
    sync(c, s)
    switch (s.dk) {
      case K.move:
        return this.pickMover(c, s, mask)
      case K['move-unit']:
        return this.moveStep(c, s, mask)
      case K.hedgehog:
        return C.hedgehog
      case K.unhedge:
        return this.unhedge(c, s, mask)
      case K.retreat:
        return this.retreat(c, s, mask)
      case K['retreat-hex']:
        return this.bestHex(mask, (h) => this.nearestEnemyDist(c, s, c.uSide[s.sel] as number, h))
      case K.fire:
        return this.fireUnit(c, s, mask)
      case K['fire-target']: {
        const x = this.bestTarget(c, s, s.sel, s.phase !== P['defensive-fire'])
        return x < 0 ? -1 : this.HX + x
      }
      case K['fire-add']:
        return this.firstUnit(c, mask, () => true, C.fire)
      case K.melee:
        return this.meleeTarget(c, s, mask)
      case K['melee-add']:
        // every able unit joins: odds are what decide the result, and units attack once anyway
        return this.firstUnit(c, mask, () => true, C.attack)
      case K.loss:
        return this.loss(c, s, mask)
      case K.advance:
        return this.advance(c, s, mask)
      case K['advance-face']: {
        const h = this.q1Hex(s)
        const e = this.nearestEnemyHex(c, s, s.active, h)
        return FACE0 + (e >= 0 && h >= 0 ? this.dirTo(c, h, e) : s.active === SWISS ? 3 : 0)
      }
      case K.successor:
        return this.successor(c, s, mask)
      case K['night-place']:
        return C.end
      case K['night-hex']:
        return this.bestHex(mask, (h) => -this.nearestEnemyDist(c, s, c.uSide[s.sel] as number, h))
      case K.fortify:
        return this.bestHex(mask, (h) => (occ(c, FRENCH, h) > 0 ? 10 : 0) - this.nearestEnemyDist(c, s, FRENCH, h))
      case K['rout-hex']: {
        // run where the enemy is farthest (fewer units to panic on the way)
        const u = s.rq[0] as number
        return this.bestHex(mask, (h) => this.nearestEnemyDist(c, s, c.uSide[u] as number, h) - (occ(c, c.uSide[u] as number, h) > 0 ? 1 : 0))
      }
      case K.heroic:
        return this.heroicCorps(c, s, mask)
      case K['deploy-hex']: {
        // the reconstructed deployment where it is legal, else the legal hex nearest to it
        const u = deployNext(c, s)
        const home = u >= 0 ? ((c.uStart[u] as { hex: number }).hex as number) : -1
        return this.bestHex(mask, (h) => (home >= 0 ? -this.dist(c, h, home) : 0))
      }
      case K['night-back']:
        return this.bestHex(mask, (h) => this.nearestEnemyDist(c, s, FRENCH, h))
      case K['deploy-face']:
        return FACE0 + ((c.uStart[s.sel] as { face: number }).face as number)
      case K['rout-follow']:
        // a commander's place is with his corps, not with a unit running for the edge
        return C.end
      case K['rout-order']:
      case K['retreat-order']:
      case K['night-order']:
        // the routed units / the General Retreat Order / the night fall-back in scenario order
        return this.firstUnit(c, mask, () => true, -1)
      case K.reposition:
        return this.repositionHex(c, s, mask)
      case K['night-face']: {
        const h = s.hex[s.sel] as number
        const e = this.nearestEnemyHex(c, s, c.uSide[s.sel] as number, h)
        return FACE0 + (e >= 0 ? this.dirTo(c, h, e) : c.uSide[s.sel] === SWISS ? 3 : 0)
      }
      case K['replace-hex']: {
        // the new captain goes where most of his corps is within reach: least total distance to its units
        const w = c.lCorps[s.q[1] as number] as number
        return this.bestHex(mask, (h) => {
          let sum = 0
          for (let u = 0; u < c.nU; u++) if (c.uCorps[u] === w && onMap(s, u)) sum += this.dist(c, h, s.hex[u] as number)
          return -sum
        })
      }
    }
    return -1
  }

  /** 12.5: an isolated commander next to the enemy goes to the nearest friendly unit (one of his corps, in good order, the safest first); otherwise he stays. */
  private repositionHex(c: Ctx, s: MState, mask: Uint8Array): number {
    const l = repositionLeader(c, s)
    if (l < 0) return -1
    const side = c.lSide[l] as number
    if (mask[C.stop] === 1 && this.nearestEnemyDist(c, s, side, s.lhex[l] as number) > 1) return C.stop
    return this.bestHex(mask, (h) => {
      let v = this.nearestEnemyDist(c, s, side, h)
      for (let u = c.head[h] as number; u >= 0; u = c.next[u] as number) {
        if (s.st[u] === S_ROUT) v -= 5
        else if (s.cmd[c.uCorps[u] as number] === l) v += 10
      }
      return v
    })
  }

  /** 7.2: rally the corps with the most units on the map (ties: the lowest index). */
  private heroicCorps(c: Ctx, s: MState, mask: Uint8Array): number {
    let best = -1
    let bn = -1
    for (let w = 0; w < c.nW; w++) {
      if (mask[this.WG + w] !== 1) continue
      let n = 0
      for (let u = 0; u < c.nU; u++) if (c.uCorps[u] === w && onMap(s, u)) n++
      if (n > bn) {
        bn = n
        best = this.WG + w
      }
    }
    return best
  }

  // ---- geometry --------------------------------------------------------------------------

  private dist(c: Ctx, a: number, b: number): number {
    return c.grid.dist[a * c.size + b] as number
  }

  /** The side (0..5) from h whose neighbour is closest to target. */
  private dirTo(c: Ctx, h: number, target: number): number {
    let best = 0
    let bd = 1e9
    for (let k = 0; k < 6; k++) {
      const n = c.grid.neighbors[h * 6 + k] as number
      if (n < 0) continue
      const d = this.dist(c, n, target)
      if (d < bd) {
        bd = d
        best = k
      }
    }
    return best
  }

  /** Hex of the nearest non-routed enemy combat unit of `side`'s enemy, or -1. */
  private nearestEnemyHex(c: Ctx, s: MState, side: number, h: number, cavOnly = false): number {
    if (h < 0) return -1
    let best = -1
    let bd = 1e9
    for (let u = 0; u < c.nU; u++) {
      if (c.uSide[u] === side || !onMap(s, u) || s.st[u] === S_ROUT) continue
      if (cavOnly && T(c, s, u).cls !== 0) continue
      const d = this.dist(c, h, s.hex[u] as number)
      if (d < bd) {
        bd = d
        best = s.hex[u] as number
      }
    }
    return best
  }

  private nearestEnemyDist(c: Ctx, s: MState, side: number, h: number, cavOnly = false): number {
    const e = this.nearestEnemyHex(c, s, side, h, cavOnly)
    return e < 0 ? 99 : this.dist(c, h, e)
  }

  /** Sum of melee strength of the non-routed units in hex h. */
  private hexMelee(c: Ctx, s: MState, h: number): number {
    let m = 0
    for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) if (s.st[v] !== S_ROUT) m += meleeValue(c, s, v)
    return m
  }

  /** Hex of the advancing stack: the selected unit's, else the advance task's hex. */
  private q1Hex(s: MState): number {
    return s.sel >= 0 && s.sel < s.hex.length ? (s.hex[s.sel] as number) : (s.q[1] ?? -1)
  }

  /** Commander hex of u's corps, or -1 (none / not on the map). */
  private commanderHex(c: Ctx, s: MState, u: number): number {
    const l = s.cmd[c.uCorps[u] as number] as number
    if (l < 0 || !leaderActive(s, l)) return -1
    return s.lhex[l] as number
  }

  private bestHex(mask: Uint8Array, score: (h: number) => number): number {
    let best = -1
    let bs = -1e9
    for (let i = this.HX; i < mask.length; i++) {
      if (mask[i] !== 1) continue
      const v = score(i - this.HX)
      if (v > bs) {
        bs = v
        best = i
      }
    }
    return best
  }

  private firstUnit(c: Ctx, mask: Uint8Array, want: (u: number) => boolean, otherwise: number): number {
    for (let u = 0; u < c.nU; u++) if (mask[this.UN + u] === 1 && want(u)) return this.UN + u
    return otherwise
  }

  // ---- movement --------------------------------------------------------------------------

  /** Where unit u is heading this movement phase, or -1 to stay. */
  private goalOf(c: Ctx, s: MState, u: number): number {
    const side = c.uSide[u] as number
    const h = s.hex[u] as number
    const cmdH = this.commanderHex(c, s, u)
    if ((s.fl[u] as number) & F_OOC && cmdH >= 0) {
      const l = s.cmd[c.uCorps[u] as number] as number
      if (this.dist(c, h, cmdH) > Math.max(0, leaderRange(c, s, l) - 1)) return cmdH
    }
    if (side === SWISS) return this.nearestEnemyHex(c, s, side, h)
    // French: a unit on the Swiss road entry hex bars the column waiting to come on (14.1), so the Swiss army
    // can never be demoralised and the game ends drawn: step off it (beside it, facing the hex)
    const blocking = this.swissWaitingOnRoad(c, s)
    if (blocking && h === c.entryRoad) {
      for (let k = 0; k < 6; k++) {
        const n = c.grid.neighbors[h * 6 + k] as number
        if (n >= 0 && occ(c, SWISS, n) === 0) return n
      }
    }
    const t = T(c, s, u)
    if (DOCTRINE.skirmish && t.cls === 1 && t.fire[0] > 0 && s.st[u] === S_ORD) {
      // French arquebusiers step up to short range of a nearby enemy, no closer
      const ed = this.nearestEnemyDist(c, s, side, h)
      return ed > 2 && ed <= DOCTRINE.skirmishReach ? this.nearestEnemyHex(c, s, side, h) : -1
    }
    // French, late in the scenario: a draw is worth less than a fight, every able unit closes in
    if (c.scenario.turns - s.turn < DOCTRINE.lateAttackTurnsLeft && t.cls !== 2 && s.st[u] !== S_ROUT) {
      const e = this.nearestEnemyHex(c, s, side, h)
      // no Swiss unit on the map but some still to come: wait for them beside the entry hex (never on it)
      return e >= 0 ? e : blocking ? c.entryRoad : -1
    }
    // French: otherwise only cavalry leaves its post, to charge at good odds
    if (t.cls !== 0 || s.st[u] !== S_ORD) return -1
    const my = meleeValue(c, s, u)
    let best = -1
    let bd = 1e9
    for (let v = 0; v < c.nU; v++) {
      if (c.uSide[v] === side || !onMap(s, v)) continue
      const e = s.hex[v] as number
      const d = this.dist(c, h, e)
      if (d > DOCTRINE.chargeReach || d >= bd) continue
      const def = this.hexMelee(c, s, e)
      const hedged = ((s.fl[v] as number) & F_HEDGE) !== 0
      const bonus = (s.st[v] !== S_ORD ? 2 : 0) + (c.road[e] ? 1 : 0) - (hedged ? 2 : 0)
      if (my * (1 + bonus * 0.25) >= DOCTRINE.chargeRatio * def) {
        bd = d
        best = e
      }
    }
    return best
  }

  private pickMover(c: Ctx, s: MState, mask: Uint8Array): number {
    const side = s.active
    // waiting units enter first (the column must clear the road), then the unit nearest the enemy
    let best = -1
    let bs = -1e9
    for (let u = 0; u < c.nU; u++) {
      if (mask[this.UN + u] !== 1) continue
      let score: number
      if (s.st[u] === S_WAIT) score = 1000 - u
      else {
        const h = s.hex[u] as number
        const g = this.goalOf(c, s, u)
        const ed = this.nearestEnemyDist(c, s, side, h)
        const wantsTurn = side === FRENCH && ed <= DOCTRINE.faceDist && !this.facingToward(c, s, u)
        const hedge = this.wantsHedge(c, s, u)
        if (g < 0 && !wantsTurn && !hedge) continue
        if (g >= 0 && side === SWISS && ed <= 1 && this.facingToward(c, s, u)) continue // already in contact
        score = 100 - ed
      }
      if (score > bs) {
        bs = score
        best = this.UN + u
      }
    }
    if (best >= 0) return best
    // commanders: stay with the corps, out of contact
    for (let l = 0; l < c.nL; l++) {
      const id = this.UN + c.nU + l
      if (mask[id] !== 1) continue
      if (s.lst[l] === L_WAIT) return id
      if (this.leaderGoal(c, s, l) >= 0) return id
    }
    return C.end
  }

  private facingToward(c: Ctx, s: MState, u: number): boolean {
    const h = s.hex[u] as number
    const e = this.nearestEnemyHex(c, s, c.uSide[u] as number, h)
    if (e < 0) return true
    const f = s.face[u] as number
    const d = this.dirTo(c, h, e)
    return d === f || (this.dist(c, h, e) > 1 && (d === (f + 1) % 6 || d === (f + 5) % 6))
  }

  private wantsHedge(c: Ctx, s: MState, u: number): boolean {
    const t = T(c, s, u)
    if (t.cls !== 1 || t.swissArq || s.st[u] !== S_ORD || (s.fl[u] as number) & F_HEDGE) return false
    const h = s.hex[u] as number
    const cav = this.nearestEnemyDist(c, s, c.uSide[u] as number, h, true)
    if (cav > DOCTRINE.hedgeCavDist) return false
    // only when cavalry is the nearest threat (infantry in contact must be fought facing it)
    return this.nearestEnemyDist(c, s, c.uSide[u] as number, h) >= cav
  }

  /** The hex a commander wants to reach: the middle of his corps, never alone next to the enemy. */
  private leaderGoal(c: Ctx, s: MState, l: number): number {
    const h = s.lhex[l] as number
    if (h < 0) return -1
    const side = c.lSide[l] as number
    const w = c.lCorps[l] as number
    let best = -1
    let bs = 1e9
    for (let u = 0; u < c.nU; u++) {
      if (c.uCorps[u] !== w || !onMap(s, u) || s.st[u] === S_ROUT) continue
      const x = s.hex[u] as number
      if (this.nearestEnemyDist(c, s, side, x) <= 1) continue // not in the front line
      let sum = 0
      for (let v = 0; v < c.nU; v++) if (c.uCorps[v] === w && onMap(s, v)) sum += this.dist(c, x, s.hex[v] as number)
      if (sum < bs) {
        bs = sum
        best = x
      }
    }
    if (best < 0 || best === h) return -1
    return this.dist(c, h, best) <= 1 && occ(c, side, h) > 0 && this.nearestEnemyDist(c, s, side, h) > 1 ? -1 : best
  }

  private moveStep(c: Ctx, s: MState, mask: Uint8Array): number {
    const sel = s.sel
    const key = (s.turn * 2 + s.active) * 65536 + sel // one count per unit per movement phase
    if (key !== this.stepsKey) {
      this.stepsKey = key
      this.steps = 0
    }
    if (++this.steps > DOCTRINE.maxSteps) return C.stop
    const side = s.active
    if (sel >= c.nU) {
      const l = sel - c.nU
      if (s.lst[l] === L_WAIT) return this.bestHex(mask, () => 0)
      const g = this.leaderGoal(c, s, l)
      if (g < 0) return C.stop
      const h = s.lhex[l] as number
      const cur = this.dist(c, h, g)
      const b = this.bestHex(mask, (x) => -this.dist(c, x, g) * 10 - (this.nearestEnemyDist(c, s, side, x) <= 1 && occ(c, side, x) === 0 ? 100 : 0))
      return b >= 0 && this.dist(c, b - this.HX, g) < cur ? b : C.stop
    }
    if (s.st[sel] === S_WAIT) return this.bestHex(mask, (x) => -this.nearestEnemyDist(c, s, side, x) + (c.road[x] ? 1 : 0))
    if (mask[C.hedgehog] === 1 && this.wantsHedge(c, s, sel)) return C.hedgehog
    const h = s.hex[sel] as number
    const g = this.goalOf(c, s, sel)
    if (g < 0) {
      // holding: face the nearest enemy (fire arcs and ZOC point at him)
      const e = this.nearestEnemyHex(c, s, side, h)
      if (e >= 0 && !this.facingToward(c, s, sel)) {
        const d = this.dirTo(c, h, e)
        if (mask[FACE0 + d] === 1) return FACE0 + d
      }
      return C.stop
    }
    const cur = this.dist(c, h, g)
    if (cur === 0) return C.stop
    if (side === SWISS && cur <= 1 && (s.face[sel] as number) === this.dirTo(c, h, g)) return C.stop
    let best = -1
    let bs = -1e9
    for (let k = 0; k < 6; k++) {
      const n = c.grid.neighbors[h * 6 + k] as number
      if (n < 0 || mask[this.HX + n] !== 1) continue
      if (side === FRENCH && n === c.entryRoad && this.swissWaitingOnRoad(c, s)) continue // never bar the Swiss column
      const d = this.dist(c, n, g)
      if (d >= cur) continue
      // among equally close hexes: the road, and a hex of its own next to the enemy — joining a stack there
      // commits no enemy again (9.2), a hex of its own puts the enemy in one more ZOC
      const v = -d * 10 + (c.road[n] ? 2 : 0) - (occ(c, side, n) > 0 ? (this.nearestEnemyDist(c, s, side, n) <= 1 ? 5 : 1) : 0) + this.rearOf(c, s, side, n) * 3
      if (v > bs) {
        bs = v
        best = this.HX + n
      }
    }
    if (best >= 0) return best
    const d = this.dirTo(c, h, g)
    if (d !== s.face[sel] && mask[FACE0 + d] === 1) return FACE0 + d
    return C.stop
  }

  /** Swiss units still waiting to come on by the road (14.1): the French must leave the entry hex free. */
  private swissWaitingOnRoad(c: Ctx, s: MState): boolean {
    for (let u = 0; u < c.nU; u++) if (c.uWaitVia[u] === 1 && s.st[u] === S_WAIT) return true
    return false
  }

  /** How many adjacent enemy units hex n is a rear hex of (commitment at -2, rear attack +2: 9.2, 13.2). */
  private rearOf(c: Ctx, s: MState, side: number, n: number): number {
    let r = 0
    for (let k = 0; k < 6; k++) {
      const e = c.grid.neighbors[n * 6 + k] as number
      if (e < 0 || occ(c, 1 - side, e) === 0) continue
      for (let v = c.head[e] as number; v >= 0; v = c.next[v] as number) if (s.st[v] !== S_ROUT && isRear(c, s, v, n)) r++
    }
    return r
  }

  private unhedge(c: Ctx, s: MState, mask: Uint8Array): number {
    return this.firstUnit(c, mask, (u) => this.nearestEnemyDist(c, s, s.active, s.hex[u] as number, true) > DOCTRINE.keepHedgeDist, C.end)
  }

  // ---- retreat ---------------------------------------------------------------------------

  /** Melee strength of the enemy units adjacent to hex h. */
  private adjacentEnemyMelee(c: Ctx, s: MState, side: number, h: number): number {
    let m = 0
    for (let k = 0; k < 6; k++) {
      const n = c.grid.neighbors[h * 6 + k] as number
      if (n >= 0 && occ(c, 1 - side, n) > 0) m += this.hexMelee(c, s, n)
    }
    return m
  }

  private retreat(c: Ctx, s: MState, mask: Uint8Array): number {
    const side = 1 - s.active
    // a unit backs off when the enemy next to it is much stronger (it would lose the melee)
    const u = this.firstUnit(c, mask, (v) => this.adjacentEnemyMelee(c, s, side, s.hex[v] as number) >= 2 * Math.max(1, this.hexMelee(c, s, s.hex[v] as number)), -1)
    if (u >= 0) return u
    for (let w = 0; w < c.nW; w++) {
      if (mask[this.WG + w] !== 1) continue
      if (side === FRENCH && (s.mor[w] as number) < DOCTRINE.groMinMorale) continue
      // Swiss pikes never rout (8.1) and every order costs the army 2 of the morale it loses by: never
      if (side === SWISS) continue
      let contact = 0
      let mine = 0
      let theirs = 0
      const gen = ++this.gen
      for (let v = 0; v < c.nU; v++) {
        if (c.uCorps[v] !== w || !onMap(s, v)) continue
        const h = s.hex[v] as number
        let touching = false
        for (let k = 0; k < 6; k++) {
          const n = c.grid.neighbors[h * 6 + k] as number
          if (n < 0 || occ(c, 1 - side, n) === 0) continue
          touching = true
          // each enemy hex counts once however many of the corps' units it touches
          if (this.seen[n] === gen) continue
          this.seen[n] = gen
          theirs += this.hexMelee(c, s, n)
        }
        if (touching) {
          contact++
          mine += meleeValue(c, s, v)
        }
      }
      if (contact >= DOCTRINE.groContact && theirs >= DOCTRINE.groRatio * Math.max(1, mine)) return this.WG + w
    }
    return C.end
  }

  // ---- fire ------------------------------------------------------------------------------

  /** Value of shooting at hex x from unit u: strength times the units hit, broken units first. */
  private shotValue(c: Ctx, s: MState, u: number, x: number): number {
    const st = strengthAt(c, s, u, this.dist(c, s.hex[u] as number, x))
    let v = 0
    for (let e = c.head[x] as number; e >= 0; e = c.next[e] as number) {
      const t = T(c, s, e)
      v += 1 + (s.st[e] === S_DIS ? 1 : 0) + (t.cls === 0 ? 0.5 : 0) + (((s.fl[e] as number) & F_CHARGE) !== 0 ? 1 : 0)
    }
    return st * v
  }

  private bestTarget(c: Ctx, s: MState, u: number, offensive: boolean): number {
    const n = fireTargets(c, s, u, offensive, this.buf)
    let best = -1
    let bs = -1e9
    for (let i = 0; i < n; i++) {
      const x = this.buf[i] as number
      const v = this.shotValue(c, s, u, x)
      if (v > bs) {
        bs = v
        best = x
      }
    }
    return best
  }

  private fireUnit(c: Ctx, s: MState, mask: Uint8Array): number {
    const off = s.phase !== P['defensive-fire']
    let best = -1
    let bs = -1e9
    for (let u = 0; u < c.nU; u++) {
      if (mask[this.UN + u] !== 1 || !canFire(c, s, u, off)) continue
      const x = this.bestTarget(c, s, u, off)
      if (x < 0) continue
      const v = this.shotValue(c, s, u, x) + fireValue(c, s, u) * 0.01
      if (v > bs) {
        bs = v
        best = this.UN + u
      }
    }
    return best >= 0 ? best : C.end
  }

  // ---- melee -----------------------------------------------------------------------------

  /** Attack first where the odds are best (strong units are then spent on sure wins). */
  private meleeTarget(c: Ctx, s: MState, mask: Uint8Array): number {
    const side = s.active
    return this.bestHex(mask, (x) => {
      let att = 0
      for (let k = 0; k < 6; k++) {
        const n = c.grid.neighbors[x * 6 + k] as number
        if (n < 0) continue
        for (let v = c.head[n] as number; v >= 0; v = c.next[v] as number) if (c.uSide[v] === side && canAttack(c, s, v)) att += meleeValue(c, s, v)
      }
      return att / Math.max(1, this.hexMelee(c, s, x))
    })
  }

  // ---- losses, advance, successor ---------------------------------------------------------

  private unitWorth(c: Ctx, s: MState, u: number): number {
    const t = T(c, s, u)
    const st = s.st[u] as number
    return meleeValue(c, s, u) + fireValue(c, s, u) + t.morale * 0.5 - (st === S_ROUT ? 20 : st === S_DIS ? 3 : 0)
  }

  private loss(c: Ctx, s: MState, mask: Uint8Array): number {
    let best = -1
    let bw = 1e9
    for (let u = 0; u < c.nU; u++) {
      if (mask[this.UN + u] !== 1) continue
      const w = this.unitWorth(c, s, u)
      if (w < bw) {
        bw = w
        best = this.UN + u
      }
    }
    return best
  }

  private advance(c: Ctx, s: MState, mask: Uint8Array): number {
    // Swiss pikes press on; the French keep their line (an advance leaves gaps and tests terrain)
    if (s.active !== SWISS) return C.end
    let best = -1
    let bw = -1e9
    for (let u = 0; u < c.nU; u++) {
      if (mask[this.UN + u] !== 1) continue
      const w = this.unitWorth(c, s, u)
      if (w > bw) {
        bw = w
        best = this.UN + u
      }
    }
    return best >= 0 ? best : C.end
  }

  private successor(c: Ctx, s: MState, mask: Uint8Array): number {
    let best = -1
    let bv = -1e9
    for (let l = 0; l < c.nL; l++) {
      const id = this.UN + c.nU + l
      if (mask[id] !== 1) continue
      // the king and the constable are worth more where they are
      const v = (c.lRange[l] as number) - (c.lKing[l] ? 10 : 0) - (c.lConstable[l] ? 5 : 0)
      if (v > bv) {
        bv = v
        best = id
      }
    }
    return best
  }
}

export function makeMarignanHeuristic(seed: number, o: { epsilon?: number; name?: string } = {}): Agent {
  return new MarignanHeuristic(seed, o)
}
