// Scripted player for the `cfeo` ruleset (CFEO 16th C). One rule per decision kind, read from the state:
// no search. A decision kind it has no rule for (the rules grow) gets the choice that commits to least
// (none, pass, no, stop, stand, ...), else a seeded random legal action; a chosen action the mask refuses,
// or a state it cannot read, falls back to a seeded random legal action: the agent is always legal.
//
// Doctrine: go first; shoot everything that can; leaders attach to the unit nearest the enemy and inspire
// it; steer each unit's control test to "act as player wishes"; each unit heads for its goal (foot: the
// nearest enemy foot; horse: the target its charge fares best against), wheeling first when the goal lies
// off its front, and holds where a move gains nothing (a doubled move may not end within 120 yds of
// enemy); infantry halts within charge range of enemy foot (40 yds); formed horse moves without the D6
// (a 6 costs a line a DP); a charge is declared when its expected exchange (the rules' own combat
// modifiers and numbers, the band each side would read, the chance to contact) favours it;
// counter-charge, shoot or evade when charged; after a win horse pursues, foot takes the position; a
// fast move closes on the pursued or flees the enemy, halting behind friends when it may; re-form when
// unformed.
// Late in the game a side not clear of a win at the turn limit closes in and charges on any positive
// value; horse rides first at enemy horse near its own guns; low-grade light troops keep further off.
import seedrandom from 'seedrandom'
import type { Engine } from '../../env/core/types.ts'
import type { Ctx } from '../../env/rules/cfeo/context.ts'
import type { CfeoEngine } from '../../env/rules/cfeo/index.ts'
import { chargeTargets } from '../../env/rules/cfeo/charge.ts'
import { controlModifier } from '../../env/rules/cfeo/control.ts'
import { arcOf, inspired, makeScratch, type Scratch, sync } from '../../env/rules/cfeo/core.ts'
import { canEnter, MV_DOUBLE } from '../../env/rules/cfeo/move.ts'
import { badWar, bandOf, modifiers, outnumberMod, sideNumbers } from '../../env/rules/cfeo/melee.ts'
import { outOfFight } from '../../env/rules/cfeo/morale.ts'
import { C, type CfeoState, FM_PURSUE, K, KINDS, S_OK, U_CHARGING, U_COUNTER, U_FLANK_HIT } from '../../env/rules/cfeo/state.ts'
import { ARM_FOOT, ARM_GUN, ARM_HORSE, CONTROL_TEST, MOVE, T, withinHexes } from '../../env/rules/cfeo/tables.ts'
import { nthLegal, type Agent, type AgentContext } from '../types.ts'

export const isCfeoEngine = (engine: Engine): boolean => engine.ruleset === 'cfeo' && 'ctx' in engine

interface Off {
  readonly unit: number
  readonly hex: number
}

/** choose()'s answer for a decision kind it has no rule for. */
const UNKNOWN = -2

const dist = (c: Ctx, a: number, b: number): number => c.grid.dist[a * c.size + b] as number

const D6_FACES = [1, 2, 3, 4, 5, 6] as const
const AVD_FACES = [2, 3, 3, 4, 4, 5] as const
/** The least charge value worth declaring. */
const CHARGE_FROM = 1.5
/** Hex distance just beyond 120 yds of enemy (withinHexes(120) + 1): a move from here is doubled (Double Moves). */
const DOUBLE_EDGE = withinHexes(MOVE.doubleBeyondYards) + 1
/** The General keeps out of this distance of enemy (a lost General costs every unit near him 2 DPs). */
const GENERAL_SAFE = 3
const GENERAL_W = 50
/** Light troops hold within this distance of enemy (to shoot, not to be caught); heavy horse within this
 *  (to charge from a stand: its charge reaches 5 hexes). */
const LIGHT_HOLD = 3
const HORSE_HOLD = 4
/** A-grade heavy horse (gendarmes) closes to 80 yds before it stands to charge. */
const HORSE_HOLD_A = 2
const REITER_HOLD = 4
/** Horse rides first at enemy horse within this distance of its own side's formed guns. */
const GUARD_REACH = 8
/** D- and E-grade light troops hold this much further off (caught, they are lost and count to the break). */
const LOW_GRADE_EXTRA = 2
/** In the last LATE_TURNS turns, a side not clear of the draw margin (the turn-limit verdict,
 *  tables.VICTORY) by PRESS_SLACK closes in without holding and charges on any value above
 *  LATE_CHARGE_FROM: a stand-off at range would only draw. */
const LATE_TURNS = 4
const PRESS_SLACK = 0.05
const LATE_CHARGE_FROM = 0
/** The least charge value worth declaring for a unit at its DP capacity. */
const WORN_CHARGE_FROM = 2.5
/** What a charge that fails to contact costs (fatigue DPs, the failed-charge mark), in band-cost units. */
const FAIL_COST = 1.5

/** What a result band costs the unit reading it (DPs, casualties, and a rout or a worse morale state as
 *  a few stands' worth): break, defeat, driven back, inconclusive, success, victory, breakthrough. */
const BAND_COST = [9, 4, 2, 1, 1, 1, 0] as const

/** P(pips >= need) for a move of `avds` average dice and `d6s` D6 plus `bonus` pips. */
function reachChance(avds: number, d6s: number, bonus: number, need: number): number {
  let hit = 0
  let all = 0
  const rec = (k: number, sum: number): void => {
    if (k === avds + d6s) {
      all++
      if (sum + bonus >= need) hit++
      return
    }
    for (const f of k < avds ? AVD_FACES : D6_FACES) rec(k + 1, sum + f)
  }
  rec(0, 0)
  return hit / all
}

export class CfeoHeuristic implements Agent {
  readonly name: string
  private rng: seedrandom.PRNG
  private readonly epsilon: number
  /** Decisions of a known kind whose chosen action the mask refused (answered at random instead). */
  fallbacks = 0
  /** Decisions of kinds this agent has no rule for, by kind (answered by `neutral`). */
  readonly unknown = new Map<string, number>()
  /** Exceptions raised while reading the state (answered at random); the last message. */
  errors = 0
  lastError = ''

  constructor(seed = 0, o: { epsilon?: number; name?: string } = {}) {
    this.name = o.name ?? 'heuristic'
    this.epsilon = o.epsilon ?? 0
    this.rng = seedrandom.xor128(`cfeo-heuristic:${seed}`)
  }

  reset(seed: number): void {
    this.rng = seedrandom.xor128(`cfeo-heuristic:${seed}`)
  }

  act(ctx: AgentContext): number {
    const noisy = this.epsilon > 0 && this.rng() < this.epsilon
    let a = -1
    if (!noisy && isCfeoEngine(ctx.engine)) {
      const e = ctx.engine as unknown as CfeoEngine
      const s = ctx.state as CfeoState
      try {
        a = this.choose(e.ctx, s, ctx.mask, e.layout.offset)
      } catch (err) {
        // a state this version does not read (rules that grew under it): play on from the mask
        this.errors++
        this.lastError = err instanceof Error ? err.message : String(err)
        a = -1
      }
      if (a === UNKNOWN) {
        const name = KINDS[s.kind] ?? `kind ${s.kind}`
        this.unknown.set(name, (this.unknown.get(name) ?? 0) + 1)
        a = this.neutral(ctx.mask, e.layout.offset.choice)
      }
    }
    if (a >= 0 && a < ctx.mask.length && ctx.mask[a] === 1) return a
    if (!noisy) this.fallbacks++
    let r = nthLegal(ctx.mask, Math.floor(this.rng() * ctx.legalCount))
    if (r < 0) r = ctx.mask.indexOf(1)
    if (r < 0) throw new Error('cfeo heuristic: the mask has no legal action')
    return r
  }

  /** For a decision kind this agent has no rule for: the choice that commits to least (none, pass, no,
   *  stop, stand, remain, hold, end), else a seeded random legal action. */
  private neutral(mask: Uint8Array, choiceOff: number): number {
    for (const ch of [C.none, C.pass, C.no, C.stop, C.stand, C.remain, C.hold, C.end]) if (mask[choiceOff + ch]) return choiceOff + ch
    let n = 0
    for (let i = 0; i < mask.length; i++) n += mask[i] as number
    return n > 0 ? nthLegal(mask, Math.floor(this.rng() * n)) : -1
  }

  /** Distance from hex h to the nearest enemy of side p (of arm `arm` if given; 99 if none). */
  private enemyDist(c: Ctx, s: CfeoState, p: number, h: number, arm = -1): number {
    let best = 99
    for (let v = 0; v < c.n; v++) {
      if (c.uSide[v] === p || (s.uHex[v] as number) < 0 || s.uStatus[v] !== S_OK || (arm >= 0 && c.uArm[v] !== arm)) continue
      best = Math.min(best, dist(c, h, s.uHex[v] as number))
    }
    return best
  }

  /** The legal hex (in the HEX segment) that minimises `score`. */
  private bestHex(c: Ctx, m: Uint8Array, H: number, score: (h: number) => number): number {
    let best = -1
    let bs = Infinity
    for (let h = 0; h < c.size; h++) {
      if (!m[H + h]) continue
      const v = score(h)
      if (v < bs) {
        bs = v
        best = H + h
      }
    }
    return best
  }

  /** A target's attraction: more DPs, fewer stands, lower grade first. */
  private targetScore(c: Ctx, s: CfeoState, h: number): number {
    for (let v = 0; v < c.n; v++) if (s.uHex[v] === h) return -(s.uDp[v] as number) * 3 + (s.uStands[v] as number) - (c.uGrade[v] as number)
    return 0
  }

  private choose(c: Ctx, s: CfeoState, m: Uint8Array, o: Off): number {
    const U = o.unit
    const H = o.hex
    const p = s.player
    const u = s.sel
    switch (s.kind) {
      case K.initiative:
        return C.first
      case K['gun-select']:
      case K['fire-select']:
        for (let v = 0; v < c.n; v++) if (m[U + v]) return U + v
        return C.end
      case K['fire-mode']:
        return C.caracole
      case K['charge-target']: {
        const t = this.bestCharge(c, s, u)
        if (t >= 0 && m[H + (s.uHex[t] as number)]) return H + (s.uHex[t] as number)
        return this.bestHex(c, m, H, (h) => this.targetScore(c, s, h))
      }
      case K['gun-target']:
      case K['fire-target']:
        return this.bestHex(c, m, H, (h) => this.targetScore(c, s, h))
      case K['leader-select']:
        for (let j = 0; j < c.m; j++) if (m[U + c.n + j] && this.leaderWants(c, s, j) !== C.pass) return U + c.n + j
        return C.end
      case K['leader-action']: {
        const w = this.leaderWants(c, s, u - c.n)
        return m[w] ? w : C.pass
      }
      case K['leader-move']:
        return this.bestHex(c, m, H, (h) => this.leaderGoal(c, s, u - c.n, h))
      case K.attach:
        return C.yes
      case K['order-wing']:
        return -1
      case K['order-choice']:
        return C.attack
      case K['control-nudge']: {
        // steer the total into "act as player wishes" (3-4); the rules' own flat modifier (rout, pursuit,
        // failed charge)
        const base = s.pendingRoll + controlModifier(s, u)
        const free = base >= CONTROL_TEST.freeLo && base <= CONTROL_TEST.freeHi
        if (free) return C.none
        return base < CONTROL_TEST.freeLo ? C.plus : C.minus
      }
      case K.cease:
        // a router rallies, a pursuer gives up the pursuit (and re-forms)
        return C.yes
      case K['move-select']:
        for (let v = 0; v < c.n; v++) if (m[U + v]) return U + v
        return m[C.end] ? C.end : -1
      case K['move-kind']:
        return this.moveKind(c, s, m, u)
      case K['move-step']:
        return this.moveStep(c, s, m, u, H)
      case K['sidestep-hex']:
        return this.bestHex(c, m, H, (h) => this.enemyDist(c, s, p, h))
      case K['charge-select']:
        for (let v = 0; v < c.n; v++) if (m[U + v] && this.bestCharge(c, s, v) >= 0) return U + v
        if (m[C.end]) return C.end
        // a unit that failed to contact must charge again: the first of them
        for (let v = 0; v < c.n; v++) if (m[U + v]) return U + v
        return -1
      case K['charge-combine']:
        // into one body with the chargers of the same target (they arrive together on the same dice)
        for (let v = 0; v < c.n; v++) if (m[U + v] && s.uCharge[v] === s.sel2) return U + v
        return C.no
      case K['charge-dice']:
      case K['counter-dice']:
        return m[C.dice3] ? C.dice3 : C.dice2
      case K['charge-response']:
        // (valuing each answer by the expected exchange lost games: standing skirmishers and light horse
        // fare worse than this fixed order suggests; measured, docs/rules/cfeo.md)
        for (const r of [C['counter-charge'], C['stand-shoot'], C['turn-rank'], C.shelter, C.evade, C.stand]) if (m[r]) return r
        return -1
      case K['after-combat']:
        // foot takes the position rather than pursue where it may choose: a pursuer is unformed and charges
        // any fresh enemy it runs into at once (measured: docs/rules/cfeo.md)
        if (c.uArm[u] === ARM_FOOT) for (const r of [C['take-position'], C.remain, C.pursue, C.retire]) if (m[r]) return r
        for (const r of [C.pursue, C['take-position'], C['ride-through3'], C.remain, C.retire]) if (m[r]) return r
        return -1
      case K['fast-step']:
        return this.fastStep(c, s, m, H)
      case K['reform-depth']: {
        // about as deep as wide (the square root of the stands, at most 3 ranks), the deepest legal one short of it
        const want = Math.max(1, Math.min(3, Math.floor(Math.sqrt(s.uStands[u] as number))))
        for (let r = want; r >= 1; r--) if (m[C['form-line1'] + r - 1]) return C['form-line1'] + r - 1
        return -1
      }
      case K['reform-facing']:
        // keeps the facing it re-formed with (the way it last stepped)
        return C.stop
      case K['pursue-target']: {
        // the nearest fled opponent (the first of equally near ones)
        let best = -1
        let bd = Infinity
        for (let v = 0; v < c.n; v++) {
          if (!m[U + v]) continue
          const d = dist(c, s.uHex[u] as number, s.uHex[v] as number)
          if (d < bd) {
            bd = d
            best = U + v
          }
        }
        return best
      }
      default:
        return UNKNOWN
    }
  }

  /** The enemy unit u should charge (edge >= 1), -1. */
  /** DPs the unit can still take before each further DP costs a stand (capacity as in Morale). */
  private room(c: Ctx, s: CfeoState, u: number): number {
    const adj = [1, 1, 0, 0, -1, 0][c.uGrade[u] as number] as number
    const cap = Math.max(1, Math.min(6, (s.uStands[u] as number) + adj + (c.uType[u] === 1 ? 1 : 0)))
    return cap - (s.uDp[u] as number)
  }
  /** The enemy unit u should charge (the best positive charge value among its legal targets), or -1. */
  private bestCharge(c: Ctx, s: CfeoState, u: number): number {
    const hu = s.uHex[u] as number
    if (hu < 0) return -1
    const x = this.scratch(c, s)
    const n = chargeTargets(c, x, s, u, this.tmask, 0)
    if (n === 0) return -1
    let best = -1
    // at its DP capacity every further DP costs a stand: only a clearly winning charge is worth it
    let be = this.room(c, s, u) <= 1 ? WORN_CHARGE_FROM : this.mustPress(c, s, c.uSide[u] as number) ? LATE_CHARGE_FROM : CHARGE_FROM
    for (let v = 0; v < c.n; v++) {
      const hv = s.uHex[v] as number
      if (c.uSide[v] === c.uSide[u] || hv < 0 || !this.tmask[hv]) continue
      const e = this.chargeValue(c, s, u, v)
      if (e > be) {
        be = e
        best = v
      }
    }
    this.tmask.fill(0)
    return best
  }

  /** Late in the game, is side p short of a win at the turn limit (its lead in the share of stands lost,
   *  counted as the rules count it, within the draw margin or behind)? */
  private mustPress(c: Ctx, s: CfeoState, p: number): boolean {
    if (s.turn <= c.turns - LATE_TURNS) return false
    const lost = [0, 0]
    for (let v = 0; v < c.n; v++) {
      const q = c.uSide[v] as number
      lost[q]! += (c.init.stands[v] as number) - ((s.uHex[v] as number) >= 0 && !outOfFight(s, v) ? (s.uStands[v] as number) : 0)
    }
    const lead = (lost[1 - p] as number) / (c.startStands[1 - p] as number) - (lost[p] as number) / (c.startStands[p] as number)
    return lead <= c.drawMargin + PRESS_SLACK
  }

  private x: Scratch | null = null
  private xc: Ctx | null = null
  private tmask = new Uint8Array(0)
  /** The occupancy scratch of the rules' helpers, synced to s. */
  private scratch(c: Ctx, s: CfeoState): Scratch {
    if (this.xc !== c || !this.x) {
      this.x = makeScratch(c)
      this.xc = c
      this.tmask = new Uint8Array(c.size)
    }
    sync(c, this.x, s)
    return this.x
  }

  /** What a leader does: inspire the unit he is attached to when it is near the enemy; otherwise go and
   *  attach to the unit of his command nearest the enemy. */
  private leaderWants(c: Ctx, s: CfeoState, j: number): number {
    const att = s.lAtt[j] as number
    if (c.lRole[j] === 0) {
      // the General stays detached in the middle of his army: his control radius covers most of it
      if (att >= 0) return C.detach
      const h = s.lHex[j] as number
      return this.centreScore(c, s, j, h) > 0 ? C.move : C.pass
    }
    const target = this.targetUnit(c, s, j)
    const engaged = target >= 0 && this.enemyDist(c, s, c.lSide[j] as number, s.uHex[target] as number) <= 3
    if (att < 0 && !engaged) {
      // commanders keep their battalia under control (60 yds) until it closes with the enemy
      return this.wingScore(c, s, j, s.lHex[j] as number) > 0 ? C.move : C.pass
    }
    if (att >= 0) {
      if (this.enemyDist(c, s, c.lSide[j] as number, s.uHex[att] as number) <= 6 && (s.lInf[j] === 0 || s.lInf[j] === 2) && (s.lInfN[j] as number) < 2) return C.inspire
      return C.pass
    }
    return this.targetUnit(c, s, j) >= 0 ? C.move : C.pass
  }

  /** The unit of his command nearest the enemy with no leader yet. */
  private targetUnit(c: Ctx, s: CfeoState, j: number): number {
    let best = -1
    let bd = 999
    for (let v = 0; v < c.n; v++) {
      if (c.uSide[v] !== c.lSide[j] || (s.uHex[v] as number) < 0 || s.uStatus[v] !== S_OK || c.uArm[v] === ARM_GUN) continue
      if (c.lRole[j] !== 0 && c.lWing[j] !== c.uWing[v]) continue
      let taken = false
      for (let k = 0; k < c.m; k++) if (k !== j && s.lAtt[k] === v) taken = true
      if (taken) continue
      const d = this.enemyDist(c, s, c.lSide[j] as number, s.uHex[v] as number)
      if (d < bd) {
        bd = d
        best = v
      }
    }
    return best
  }
  /** How many own units lie beyond the General's control radius from hex h (and how far). */
  private centreScore(c: Ctx, s: CfeoState, j: number, h: number): number {
    const r = 1 + Math.floor((60 + 40 * ((s.lActions[j] as number) - 1)) / 40)
    let out = 0
    for (let v = 0; v < c.n; v++) {
      if (c.uSide[v] !== c.lSide[j] || (s.uHex[v] as number) < 0) continue
      const d = dist(c, h, s.uHex[v] as number)
      if (d > r) out += d - r
    }
    return out
  }
  private wingScore(c: Ctx, s: CfeoState, j: number, h: number): number {
    let out = 0
    for (let v = 0; v < c.n; v++) {
      if (c.uWing[v] !== c.lWing[j] || (s.uHex[v] as number) < 0) continue
      const d = dist(c, h, s.uHex[v] as number)
      if (d > 2) out += d - 2
    }
    return out
  }
  private leaderGoal(c: Ctx, s: CfeoState, j: number, h: number): number {
    if (c.lRole[j] !== 0) {
      const t = this.targetUnit(c, s, j)
      const engaged = t >= 0 && this.enemyDist(c, s, c.lSide[j] as number, s.uHex[t] as number) <= 3
      if (!engaged) return this.wingScore(c, s, j, h) * 10 + (this.enemyDist(c, s, c.lSide[j] as number, h) <= 2 ? 50 : 0)
    }
    if (c.lRole[j] === 0) {
      // the General covers his army from a safe place: his loss costs every unit near him 2 DPs
      const ed = this.enemyDist(c, s, c.lSide[j] as number, h)
      return this.centreScore(c, s, j, h) * 10 + (ed < GENERAL_SAFE ? (GENERAL_SAFE - ed) * GENERAL_W : 0)
    }
    const v = this.targetUnit(c, s, j)
    return v >= 0 ? dist(c, h, s.uHex[v] as number) : 0
  }

  /** Can u, beyond 120 yds of every enemy, get nearer its goal with a doubled move? Asks the rules'
   *  own step test (a double move may not end within 120 yds of enemy) on a copy marked as doubled. */
  private canCloseOnDouble(c: Ctx, s: CfeoState, u: number): boolean {
    const h = s.uHex[u] as number
    const goal = this.goalOf(c, s, u)
    if (goal < 0) return false
    const x = this.scratch(c, s)
    const t = { ...s, wheeled: MV_DOUBLE } as CfeoState
    for (let k = 0; k < 6; k++) {
      const nb = c.grid.neighbors[h * 6 + k] as number
      if (nb >= 0 && dist(c, nb, goal) < dist(c, h, goal) && canEnter(c, x, t, u, nb, k, true)) return true
    }
    return false
  }

  /** A fast move a hex at a time: a pursuer closes on the pursued; a unit retiring, routing, evading or
   *  falling back halts as soon as it may (behind friends or an obstacle), else puts the most distance
   *  between itself and the enemy, keeping near friends. */
  private fastStep(c: Ctx, s: CfeoState, m: Uint8Array, H: number): number {
    const u = s.fmUnit
    const p = c.uSide[u] as number
    if (s.fmKind === FM_PURSUE) {
      const th = s.fmAway >= 0 ? (s.uHex[s.fmAway] as number) : -1
      return this.bestHex(c, m, H, (h) => (th >= 0 ? dist(c, h, th) * 10 : 0) + this.enemyDist(c, s, p, h) * 0.1)
    }
    if (m[C.stop]) return C.stop
    return this.bestHex(c, m, H, (h) => -this.enemyDist(c, s, p, h) * 10 + this.friendDist(c, s, p, h, u) * 0.1)
  }

  /** Distance from hex h to the nearest unit of side p other than u (99 if none). */
  private friendDist(c: Ctx, s: CfeoState, p: number, h: number, u: number): number {
    let best = 99
    for (let v = 0; v < c.n; v++) {
      if (v === u || c.uSide[v] !== p || (s.uHex[v] as number) < 0 || s.uStatus[v] !== S_OK) continue
      best = Math.min(best, dist(c, h, s.uHex[v] as number))
    }
    return best
  }

  private moveKind(c: Ctx, s: CfeoState, m: Uint8Array, u: number): number {
    if (m[C.recrew]) return C.recrew
    if (m[C['reform-line']]) return C['reform-line']
    if (m[C.unlimber]) return C.unlimber
    const arm = c.uArm[u] as number
    const d = this.enemyDist(c, s, c.uSide[u] as number, s.uHex[u] as number)
    if (arm === ARM_GUN) return C.hold
    // worn units stand still to re-dress ranks (stationary, out of combat: -1 DP in the Morale Phase), late
    // in the game too: at its DP capacity a unit that moves pays its fatigue DPs in stands
    if (this.room(c, s, u) <= 1 && m[C.hold]) return C.hold
    // late and not clear of a draw: close in, holding nowhere (a stand-off at range ends in a draw)
    if (this.mustPress(c, s, c.uSide[u] as number) && !c.uLight[u]) for (const k of [C.dice3, C.dice2, C.dice1]) if (m[k]) return k
    // just beyond 120 yds of the nearest enemy a move is doubled and may not come closer: nothing to gain
    if (d === DOUBLE_EDGE && m[C.hold] && !this.canCloseOnDouble(c, s, u)) return C.hold
    // infantry within charge range of enemy foot stays to charge (foot may charge only infantry); light
    // troops keep their distance to shoot
    if (arm === ARM_FOOT && d <= 2 && m[C.hold] && this.enemyDist(c, s, c.uSide[u] as number, s.uHex[u] as number, ARM_FOOT) <= 2) return C.hold
    if (c.uLight[u] && d <= LIGHT_HOLD + ((c.uGrade[u] as number) >= 4 ? LOW_GRADE_EXTRA : 0) && m[C.hold]) return C.hold
    if (c.uType[u] === T.reiters && d <= REITER_HOLD && m[C.hold]) return C.hold // reiters: close to 40 yds and shoot
    if (arm === ARM_HORSE && c.uType[u] !== T.reiters && d <= ((c.uGrade[u] as number) <= 1 ? HORSE_HOLD_A : HORSE_HOLD) && m[C.hold] && !c.uLight[u]) return C.hold
    // formed horse moves on its 2 AvD without the D6: in line, every 6 rolled costs a DP (Fatigue and
    // disorder when moving), and an AvD never shows one
    if (arm === ARM_HORSE && !isUnformedUnit(c, s, u) && m[C.dice2]) return C.dice2
    for (const k of [C.dice3, C.dice2, C.dice1]) if (m[k]) return k
    return m[C.hold] ? C.hold : -1
  }

  /** Expected exchange (enemy's band cost minus ours) if u fights v hand to hand: u charging (or
   *  counter-charging), v standing or counter-charging. Uses the rules' own modifiers and numbers on a
   *  copy of the flags; dice: D6 for chargers, AvD for a unit standing. */
  private exchange(c: Ctx, s: CfeoState, u: number, v: number, uHow: 'charge' | 'counter' | 'stand', vHow: 'charge' | 'counter' | 'stand'): number {
    const fl = s.uFl.slice()
    const flag = (how: string): number => (how === 'charge' ? U_CHARGING : how === 'counter' ? U_COUNTER : 0)
    fl[u] = ((fl[u] as number) & ~(U_CHARGING | U_COUNTER | U_FLANK_HIT)) | flag(uHow)
    fl[v] = ((fl[v] as number) & ~(U_CHARGING | U_COUNTER | U_FLANK_HIT)) | flag(vHow)
    const hu = s.uHex[u] as number
    const hv = s.uHex[v] as number
    const formed = (w: number): boolean => s.uForm[w] !== 2 && !c.uLight[w] && c.uArm[w] !== ARM_GUN
    // a formed charge from beyond the target's front hits its flank or rear
    if (uHow === 'charge' && vHow === 'stand' && formed(u) && formed(v) && arcOf(c, hv, s.uFace[v] as number, hu) !== 0) fl[v] = (fl[v] as number) | U_FLANK_HIT
    if (vHow === 'charge' && uHow === 'stand' && formed(u) && formed(v) && arcOf(c, hu, s.uFace[u] as number, hv) !== 0) fl[u] = (fl[u] as number) | U_FLANK_HIT
    const t = { ...s, uFl: fl } as CfeoState
    const bw = badWar(c, [[u], [v]])
    const [nu, nv] = sideNumbers(c, t, [u], [v])
    const mu = modifiers(c, t, u, [v], [u], bw, null) + outnumberMod(nu, nv)
    const mv = modifiers(c, t, v, [u], [v], bw, null) + outnumberMod(nv, nu)
    const du = bw || uHow !== 'stand' ? D6_FACES : AVD_FACES
    const dv = bw || vHow !== 'stand' ? D6_FACES : AVD_FACES
    let e = 0
    for (const a of du) for (const b of dv) {
      const diff = a + mu - (b + mv)
      e += (BAND_COST[bandOf(-diff)] as number) - (BAND_COST[bandOf(diff)] as number)
    }
    return e / 36
  }

  /** Value of u declaring a charge on v: the exchange if it contacts, times the chance to contact,
   *  less the cost of failing (fatigue, a failed-charge mark). */
  private chargeValue(c: Ctx, s: CfeoState, u: number, v: number): number {
    const d = dist(c, s.uHex[u] as number, s.uHex[v] as number)
    const horse = c.uArm[u] === ARM_HORSE
    const avds = horse ? 2 : 1
    const bonus = inspired(c, s, u) > 0 ? avds + 1 : 0
    const p = d <= 1 ? 1 : reachChance(avds, 1, bonus, 4 * (d - 1) - 2)
    // a cavalry target may counter-charge: assume it does when that suits it better
    let ex = this.exchange(c, s, u, v, 'charge', 'stand')
    if (c.uArm[v] === ARM_HORSE && s.uStatus[v] === S_OK) ex = Math.min(ex, this.exchange(c, s, u, v, 'charge', 'counter'))
    return p * ex - (1 - p) * FAIL_COST
  }

  /** The hex unit u is heading for: its best charge target (foot: enemy foot; horse: the best edge), the
   *  nearest enemy otherwise; -1 when there is no enemy on the map. */
  private goalOf(c: Ctx, s: CfeoState, u: number): number {
    const hu = s.uHex[u] as number
    const foot = c.uArm[u] === ARM_FOOT
    let best = -1
    let bs = Infinity
    // horse first rides at enemy horse that threatens its own side's guns (a gun charged alone is lost,
    // and an abandoned gun counts towards the army's break)
    if (c.uArm[u] === ARM_HORSE) {
      const th = this.gunThreat(c, s, c.uSide[u] as number)
      if (th >= 0) return s.uHex[th] as number
    }
    for (let v = 0; v < c.n; v++) {
      if (c.uSide[v] === c.uSide[u] || (s.uHex[v] as number) < 0 || s.uStatus[v] !== S_OK) continue
      let sc = dist(c, hu, s.uHex[v] as number)
      if (foot && !c.uLight[u] && c.uArm[v] !== ARM_FOOT) sc += 4
      if (c.uArm[u] === ARM_HORSE && !c.uLight[u] && c.uType[u] !== T.reiters) sc -= Math.max(-3, Math.min(3, this.exchange(c, s, u, v, 'charge', 'stand')))
      if (sc < bs) {
        bs = sc
        best = s.uHex[v] as number
      }
    }
    return best
  }

  /** The enemy horse unit nearest a formed gun of side p within GUARD_REACH of it, or -1. */
  private gunThreat(c: Ctx, s: CfeoState, p: number): number {
    let best = -1
    let bd = GUARD_REACH + 1
    for (let g = 0; g < c.n; g++) {
      if (c.uSide[g] !== p || c.uArm[g] !== ARM_GUN || (s.uHex[g] as number) < 0 || outOfFight(s, g)) continue
      for (let v = 0; v < c.n; v++) {
        if (c.uSide[v] === p || c.uArm[v] !== ARM_HORSE || (s.uHex[v] as number) < 0 || s.uStatus[v] !== S_OK) continue
        const d = dist(c, s.uHex[g] as number, s.uHex[v] as number)
        if (d < bd) {
          bd = d
          best = v
        }
      }
    }
    return best
  }

  /** Angle (degrees clockwise from north) from hex a to hex b on the flat-topped grid. */
  private angle(c: Ctx, a: number, b: number): number {
    const dq = (c.grid.q[b] as number) - (c.grid.q[a] as number)
    const dr = (c.grid.r[b] as number) - (c.grid.r[a] as number)
    const x = 1.5 * dq
    const y = Math.sqrt(3) * (dr + dq / 2)
    return (Math.atan2(x, -y) * 180) / Math.PI
  }

  /** How far (degrees, 0..180) facing vertex f points away from the direction a -> b. */
  private offFacing(c: Ctx, a: number, f: number, b: number): number {
    const d = Math.abs((((this.angle(c, a, b) - (60 * f + 30)) % 360) + 540) % 360 - 180)
    return d
  }

  private moveStep(c: Ctx, s: CfeoState, m: Uint8Array, u: number, H: number): number {
    const p = c.uSide[u] as number
    const h = s.uHex[u] as number
    const f = s.uFace[u] as number
    const goal = this.goalOf(c, s, u)
    if (goal < 0) return m[C.stop] ? C.stop : this.bestHex(c, m, H, (x) => x)
    const here = dist(c, h, goal)
    // stand off at the range the unit fights from: foot at charge range, shooters and reiters at 80 yds
    const keep = !c.uLight[u] && this.mustPress(c, s, p) ? 1 : c.uArm[u] === ARM_FOOT ? 2 : c.uLight[u] || c.uType[u] === T.reiters ? 2 : 1
    const off = this.offFacing(c, h, f, goal)
    // wheel first (wheels come only before any step) when the goal lies off the front
    if (m[C.left] && m[C.right] && s.fwd === 0 && s.side === 0 && off > 40 && !isUnformedUnit(c, s, u)) {
      const l = this.offFacing(c, h, (f + 5) % 6, goal)
      const r = this.offFacing(c, h, (f + 1) % 6, goal)
      if (Math.min(l, r) < off) return l <= r ? C.left : C.right
    }
    const best = this.bestHex(c, m, H, (x) => {
      const d = dist(c, x, goal)
      return (d < keep ? 100 : d * 10) + (c.rough[x] ? 3 : 0) + this.enemyDist(c, s, p, x) * 0.1
    })
    if (best >= 0 && here > keep && dist(c, best - H, goal) < here) return best
    if (m[C.stop]) return C.stop
    if (best >= 0) return best
    if (m[C.left]) return C.left
    return -1
  }
}

const isUnformedUnit = (c: Ctx, s: CfeoState, u: number): boolean => s.uForm[u] === 2 || c.uLight[u] === 1
