// Scripted player for the `cfeo` ruleset (CFEO 16th C). One rule per decision kind, read from the state:
// no search. A choice the rules do not produce (or the mask refuses) falls back to a seeded random legal
// action, so the agent is always legal.
//
// Doctrine: go first; shoot everything that can; leaders attach to the unit nearest the enemy and inspire
// it; steer each unit's control test to "act as player wishes"; close with the enemy at full dice,
// infantry halting within charge range (40 yds); cavalry and formed foot charge with every die they have;
// counter-charge, shoot or evade when charged; take the position or pursue after a win; re-form when
// unformed.
import seedrandom from 'seedrandom'
import type { Engine } from '../../env/core/types.ts'
import type { Ctx } from '../../env/rules/cfeo/context.ts'
import type { CfeoEngine } from '../../env/rules/cfeo/index.ts'
import { C, type CfeoState, K, S_OK } from '../../env/rules/cfeo/state.ts'
import { ARM_FOOT, ARM_GUN, ARM_HORSE, CONTROL_TEST } from '../../env/rules/cfeo/tables.ts'
import { nthLegal, type Agent, type AgentContext } from '../types.ts'

export const isCfeoEngine = (engine: Engine): boolean => engine.ruleset === 'cfeo' && 'ctx' in engine

interface Off {
  readonly unit: number
  readonly hex: number
}

const dist = (c: Ctx, a: number, b: number): number => c.grid.dist[a * c.size + b] as number

export class CfeoHeuristic implements Agent {
  readonly name: string
  private rng: seedrandom.PRNG
  private readonly epsilon: number
  fallbacks = 0

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
      a = this.choose(e.ctx, ctx.state as CfeoState, ctx.mask, e.layout.offset)
    }
    if (a >= 0 && a < ctx.mask.length && ctx.mask[a] === 1) return a
    if (!noisy) this.fallbacks++
    const r = nthLegal(ctx.mask, Math.floor(this.rng() * ctx.legalCount))
    if (r < 0) throw new Error(`cfeo heuristic: mask has fewer than ${ctx.legalCount} legal actions`)
    return r
  }

  /** Distance from hex h to the nearest enemy of side p (99 if none). */
  private enemyDist(c: Ctx, s: CfeoState, p: number, h: number): number {
    let best = 99
    for (let v = 0; v < c.n; v++) {
      if (c.uSide[v] === p || (s.uHex[v] as number) < 0 || s.uStatus[v] !== S_OK) continue
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
        // steer the total into "act as player wishes" (3-4)
        const base = s.pendingRoll + (s.uStatus[u] === 2 ? CONTROL_TEST.routPursuitChargeBonus : 0)
        if (base >= CONTROL_TEST.freeLo && base <= CONTROL_TEST.freeHi) return C.none
        return base < CONTROL_TEST.freeLo ? C.plus : C.minus
      }
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
      case K['charge-dice']:
      case K['counter-dice']:
        return m[C.dice3] ? C.dice3 : C.dice2
      case K['charge-response']:
        for (const r of [C['counter-charge'], C['stand-shoot'], C['turn-rank'], C.shelter, C.evade, C.stand]) if (m[r]) return r
        return -1
      case K['after-combat']:
        for (const r of [C.pursue, C['take-position'], C['ride-through3'], C.remain, C.retire]) if (m[r]) return r
        return -1
      default:
        return -1
    }
  }

  /** A rough combat edge of u charging v (the modifiers that matter most), or -99 when v cannot be charged. */
  private edge(c: Ctx, s: CfeoState, u: number, v: number): number {
    const g = [2, 2, 1, 0, -1, -2]
    const cavU = c.uArm[u] === ARM_HORSE
    const pikeV = c.uType[v] === 0 || c.uType[v] === 2
    let e = (g[c.uGrade[u] as number] as number) - (s.uDp[u] as number) + 1.5
    if (c.uType[u] === 5 || c.uType[u] === 3) e += 1
    e -= (g[c.uGrade[v] as number] as number) - (s.uDp[v] as number)
    if (cavU && c.uArm[v] === ARM_FOOT && !pikeV) e += 2
    if (cavU && pikeV) e -= 4
    if (c.uLight[v] || s.uForm[v] === 2) e += 2
    if (c.uArm[v] === ARM_GUN) e += 3
    e += ((s.uStands[u] as number) - (s.uStands[v] as number)) / 3
    return e
  }
  /** The enemy unit u should charge (edge >= 1), -1. */
  /** DPs the unit can still take before each further DP costs a stand (capacity as in Morale). */
  private room(c: Ctx, s: CfeoState, u: number): number {
    const adj = [1, 1, 0, 0, -1, 0][c.uGrade[u] as number] as number
    const cap = Math.max(1, Math.min(6, (s.uStands[u] as number) + adj + (c.uType[u] === 1 ? 1 : 0)))
    return cap - (s.uDp[u] as number)
  }
  private bestCharge(c: Ctx, s: CfeoState, u: number): number {
    const hu = s.uHex[u] as number
    if (hu < 0) return -1
    // at its DP capacity every further DP costs a stand: rest and re-dress instead
    if (this.room(c, s, u) <= 1) return -1
    let best = -1
    let be = 0.49
    for (let v = 0; v < c.n; v++) {
      if (c.uSide[v] === c.uSide[u] || (s.uHex[v] as number) < 0) continue
      if (dist(c, hu, s.uHex[v] as number) > (c.uArm[u] === ARM_HORSE ? 5 : 2)) continue
      const e = this.edge(c, s, u, v)
      if (e > be) {
        be = e
        best = v
      }
    }
    return best
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
    if (c.lRole[j] === 0) return this.centreScore(c, s, j, h) * 10 + this.enemyDist(c, s, c.lSide[j] as number, h) * -0 + (this.enemyDist(c, s, c.lSide[j] as number, h) <= 2 ? 50 : 0)
    const v = this.targetUnit(c, s, j)
    return v >= 0 ? dist(c, h, s.uHex[v] as number) : 0
  }

  private moveKind(c: Ctx, s: CfeoState, m: Uint8Array, u: number): number {
    if (m[C['reform-line']]) return C['reform-line']
    if (m[C.unlimber]) return C.unlimber
    const arm = c.uArm[u] as number
    const d = this.enemyDist(c, s, c.uSide[u] as number, s.uHex[u] as number)
    if (arm === ARM_GUN) return C.hold
    // worn units stand still to re-dress ranks (stationary, out of combat: -1 DP in the Morale Phase)
    if (this.room(c, s, u) <= 1 && m[C.hold]) return C.hold
    // infantry within charge range stays to charge; light troops keep their distance to shoot
    if (arm === ARM_FOOT && d <= 2 && m[C.hold]) return C.hold
    if (c.uLight[u] && d <= 3 && m[C.hold]) return C.hold
    if (c.uType[u] === 6 && d <= 2 && m[C.hold]) return C.hold // reiters: close to 40 yds and shoot
    if (arm === ARM_HORSE && c.uType[u] !== 6 && d <= 4 && m[C.hold] && !c.uLight[u]) return C.hold
    for (const k of [C.dice3, C.dice2, C.dice1]) if (m[k]) return k
    return m[C.hold] ? C.hold : -1
  }

  private moveStep(c: Ctx, s: CfeoState, m: Uint8Array, u: number, H: number): number {
    const p = c.uSide[u] as number
    const here = this.enemyDist(c, s, p, s.uHex[u] as number)
    const best = this.bestHex(c, m, H, (h) => this.enemyDist(c, s, p, h) * 10 + (c.rough[h] ? 1 : 0))
    if (best >= 0 && this.enemyDist(c, s, p, best - H) <= here) return best
    if (m[C.left] && m[C.right] && !s.fwd) {
      // wheel toward the nearest enemy: compare the hexes ahead after a wheel each way
      const h = s.uHex[u] as number
      const f = s.uFace[u] as number
      const ahead = (ff: number): number => {
        const nb = c.grid.neighbors[h * 6 + ((ff % 6) + 6) % 6] as number
        return nb < 0 ? 99 : this.enemyDist(c, s, p, nb)
      }
      return ahead(f - 1) <= ahead(f + 2) ? C.left : C.right
    }
    if (m[C.stop]) return C.stop
    return best
  }
}
