// Scripted player for the `mttsog` ruleset (March Toward the Sound of Guns).
// One pass of rules per decision kind, read straight from the state: no search.
// Any choice the rules below do not produce (or that the mask refuses) falls
// back to a seeded random legal action, so the agent is always legal.
//
// Doctrine: spend every CP; infantry march in column on the objectives and the
// nearest enemy, deploy into line within 4 hexes and shoot every turn;
// artillery unlimbers and shoots; cavalry charges what it beats (artillery,
// disordered or routed units, cavalry, weakened infantry); rally first;
// commanders stay with their units; squares only against close cavalry.
import seedrandom from 'seedrandom'
import type { Engine } from '../../env/core/types.ts'
import type { Ctx } from '../../env/rules/mttsog/context.ts'
import { ARM_ART, ARM_CAV, ARM_INF } from '../../env/rules/mttsog/context.ts'
import { dist, enemyAdjacent, FC, FL, FUN, moveRate, nb, onMap, sync } from '../../env/rules/mttsog/core.ts'
import { canShootAt, need, shootDice, shootMod } from '../../env/rules/mttsog/fire.ts'
import { curKind } from '../../env/rules/mttsog/flow.ts'
import { AWAY_BACK, awayPath } from '../../env/rules/mttsog/rout.ts'
import { mttsogContext } from '../../env/rules/mttsog/index.ts'
import { C, F_EXH, FACE0, FORM_CHOICE, K, LF_REMOVED, S_DIS, S_GOOD, S_ROUT, type MtState } from '../../env/rules/mttsog/state.ts'
import { nthLegal, type Agent, type AgentContext } from '../types.ts'

const AWAY_SCRATCH: number[] = []

const DOCTRINE = {
  /** Infantry deploys from column into line this close to an enemy. */
  deployDist: 4,
  /** Infantry stops advancing at this distance from the enemy (shooting range), unless it charges. */
  holdDist: 3,
  /** Emergency square only against cavalry this close. */
  squareDist: 3,
} as const

const ctxCache = new WeakMap<Engine, Ctx>()
function contextOf(engine: Engine): Ctx {
  let c = ctxCache.get(engine)
  if (!c) {
    const r = mttsogContext(engine.scenario)
    if (!r.ok) throw new Error(`mttsog heuristic: ${r.error.message}`)
    c = r.value
    ctxCache.set(engine, c)
  }
  return c
}

export const isMttsogEngine = (engine: Engine): boolean => engine.ruleset === 'mttsog'

interface Off {
  readonly unit: number
  readonly hex: number
}

export class MttsogHeuristic implements Agent {
  readonly name: string
  private rng: seedrandom.PRNG
  fallbacks = 0
  private readonly epsilon: number

  constructor(seed = 0, o: { epsilon?: number; name?: string } = {}) {
    this.name = o.name ?? 'heuristic'
    this.epsilon = o.epsilon ?? 0
    this.rng = seedrandom.xor128(`mttsog-heuristic:${seed}`)
  }

  reset(seed: number): void {
    this.rng = seedrandom.xor128(`mttsog-heuristic:${seed}`)
  }

  act(ctx: AgentContext): number {
    const engine = ctx.engine
    const noisy = this.epsilon > 0 && this.rng() < this.epsilon
    let a = -1
    if (!noisy && isMttsogEngine(engine)) {
      const c = contextOf(engine)
      const s = ctx.state as MtState
      sync(c, s)
      a = this.choose(c, s, ctx.mask, engine.layout.offset)
    }
    if (a >= 0 && a < ctx.mask.length && ctx.mask[a] === 1) return a
    if (!noisy) this.fallbacks++
    const r = nthLegal(ctx.mask, Math.floor(this.rng() * ctx.legalCount))
    if (r < 0) throw new Error(`mttsog heuristic: mask has fewer than ${ctx.legalCount} legal actions`)
    return r
  }

  private choose(c: Ctx, s: MtState, m: Uint8Array, o: Off): number {
    const L = o.unit + c.nU
    const U = o.unit
    const H = o.hex
    switch (curKind(s)) {
      case K['cp-pool']: {
        for (let l = 0; l < c.nL; l++) if (m[L + l]) return L + l
        return C.roll
      }
      case K['cp-assign']: {
        let best = -1
        let bn = -1
        for (let l = 0; l < c.nL; l++) {
          if (!m[L + l]) continue
          const n = c.lRole[l] === 'inf-corps' || c.lRole[l] === 'cav-corps' ? 0 : subordinates(c, s, l)
          if (n > bn) {
            bn = n
            best = L + l
          }
        }
        return best
      }
      case K['army-reroll']: {
        let best = C.pass
        let low = 3
        for (let l = 0; l < c.nL; l++) if (m[L + l] && (s.cp[l] as number) < low && subordinates(c, s, l) > 0) {
          low = s.cp[l] as number
          best = L + l
        }
        return best
      }
      case K.activate: {
        for (let l = 0; l < c.nL; l++) if (m[L + l] && this.usefulUnit(c, s, l, m, U) >= 0) return L + l
        return C.end
      }
      case K['act-unit']:
        return this.usefulUnit(c, s, s.lead, m, U)
      case K['act-verb']: {
        const u = s.sel
        if (m[C.rally]) return C.rally
        const f = wantedForm(c, s, u)
        if (f >= 0 && f !== s.form[u] && m[FORM_CHOICE[f] as number]) return FORM_CHOICE[f] as number
        return m[C.move] ? C.move : -1
      }
      case K.move:
        return this.moveStep(c, s, m, H)
      case K['exhausted-away']:
        // straight back from the enemy it fought (the engine's old move)
        return H + awayPath(c, s, s.q[1] as number, s.hex[s.q[2] as number] as number, 4, AWAY_BACK, AWAY_SCRATCH)
      case K['defensive-fire']:
        // the first attacker in scenario order (the engine's old aim)
        for (let u = 0; u < c.nU; u++) if (m[U + u]) return U + u
        return -1
      case K['rout-hex']: {
        // the first tied step in side order (the engine's old fixed path)
        const h = s.hex[s.rq[0] as number] as number
        for (let d = 0; d < 6; d++) {
          const n = c.grid.neighbors[h * 6 + d] as number
          if (n >= 0 && m[H + n]) return H + n
        }
        return -1
      }
      case K['rout-order']:
      case K['odd-die']:
      case K['commander-refuge']:
        // routs in unit order; the odd status die to the first attacker (the one fired at); the commander to
        // the first of his equally close units (the engine's old rules)
        return this.firstUnit(c, s, m, U)
      case K['rally-form']: {
        const f = wantedForm(c, s, s.sel)
        return FORM_CHOICE[f >= 0 ? f : (s.form[s.sel] as number)] as number
      }
      case K['rally-face']:
      case K.consolidate:
        return FACE0 + faceEnemy(c, s, curKind(s) === K.consolidate ? (s.q[1] as number) : s.sel)
      case K.square: {
        const inf = s.q[1] as number
        const cav = s.q[2] as number
        return m[C.no] && dist(c, s.hex[inf] as number, s.hex[cav] as number) > DOCTRINE.squareDist ? C.no : C.yes
      }
      case K.evade:
        return C.no
      case K.pursue:
        return C.yes
      case K['give-way']:
        return C['give-way']
      case K.commander: {
        for (let l = 0; l < c.nL; l++) if (m[L + l] && this.commanderGoal(c, s, l) >= 0) return L + l
        return C.end
      }
      case K['commander-hex']: {
        const g = this.commanderGoal(c, s, s.lead)
        return g >= 0 ? H + g : -1
      }
      case K.shoot: {
        for (let u = 0; u < c.nU; u++) if (m[U + u]) return U + u
        return C.end
      }
      case K['shoot-target']: {
        let best = -1
        let bv = -1
        for (let t = 0; t < c.nU; t++) {
          if (!canShootAt(c, s, s.sel, t)) continue
          const p = (7 - need(shootMod(c, s, s.sel, t, null))) / 6
          let v = (shootDice(c, s, s.sel, t) * p) / (c.prof[t]?.hits ?? 2)
          if (s.st[t] !== S_GOOD) v *= 1.5
          if (c.uArm[t] === ARM_ART) v *= 1.3
          if (v > bv) {
            bv = v
            best = H + (s.hex[t] as number)
          }
        }
        return best
      }
      case K.melee: {
        for (let h = 0; h < c.size; h++) if (m[H + h]) return H + h
        return -1
      }
      case K['group-with']:
        return -1
    }
    return -1
  }

  /** The first legal unit: in attack order for an odd die (the attackers' retreat tasks follow it), else in unit order. */
  private firstUnit(c: Ctx, s: MtState, m: Uint8Array, U: number): number {
    if (curKind(s) === K['odd-die']) {
      for (let i = 1; i <= (s.q[3] as number); i++) if (m[U + (s.q[i * 4 + 1] as number)]) return U + (s.q[i * 4 + 1] as number)
    }
    for (let u = 0; u < c.nU; u++) if (m[U + u]) return U + u
    return -1
  }

  /** A unit of commander l worth a CP now (rally, a formation wanted, a move toward its goal), or -1. */
  private usefulUnit(c: Ctx, s: MtState, l: number, m: Uint8Array, U: number): number {
    let best = -1
    let bp = 0
    for (let u = 0; u < c.nU; u++) {
      if (!m[U + u] && s.lead === l) continue
      if (c.uSide[u] !== s.active || !onMap(s, u)) continue
      if (s.lead !== l && !commandsUnit(c, l, u)) continue
      let p = 0
      const st = s.st[u] as number
      if (st === S_ROUT || st === S_DIS) p = 5
      else {
        const f = wantedForm(c, s, u)
        if (f >= 0 && f !== s.form[u]) p = 4
        else if (moveRate(c, s, u) > 0 && wantsToMove(c, s, u)) p = 3
      }
      if (p > bp) {
        bp = p
        best = u
      }
    }
    if (best < 0) return -1
    return U + best
  }

  private moveStep(c: Ctx, s: MtState, m: Uint8Array, H: number): number {
    const u = s.sel
    const h = s.hex[u] as number
    const goal = goalOf(c, s, u)
    if (goal < 0) return FACE0 + faceEnemy(c, s, u)
    const here = dist(c, h, goal)
    let best = -1
    let bd = here
    for (let d = 0; d < 6; d++) {
      const n = nb(c, h, d)
      if (n < 0 || !m[H + n]) continue
      if (enemyAdjacent(c, c.uSide[u] as number, n) && !chargeGood(c, s, u, n)) continue
      const dd = dist(c, n, goal)
      if (dd < bd) {
        bd = dd
        best = H + n
      }
    }
    if (best >= 0 && (wantsToMove(c, s, u) || enemyAdjacent(c, c.uSide[u] as number, best - H))) return best
    return FACE0 + faceEnemy(c, s, u)
  }

  /** Where a commander goes: the hex of his subordinate unit nearest the middle of them. */
  private commanderGoal(c: Ctx, s: MtState, l: number): number {
    if ((s.lfl[l] as number) & LF_REMOVED) return -1
    let sx = 0
    let sy = 0
    let n = 0
    for (let u = 0; u < c.nU; u++) {
      if (!onMap(s, u) || !commandsUnit(c, l, u)) continue
      sx += c.px[s.hex[u] as number] as number
      sy += c.py[s.hex[u] as number] as number
      n++
    }
    if (n === 0) return -1
    sx /= n
    sy /= n
    let best = -1
    let bd = Infinity
    for (let u = 0; u < c.nU; u++) {
      if (!onMap(s, u) || !commandsUnit(c, l, u)) continue
      const h = s.hex[u] as number
      const d = ((c.px[h] as number) - sx) ** 2 + ((c.py[h] as number) - sy) ** 2
      if (d < bd) {
        bd = d
        best = h
      }
    }
    if (best === s.lhex[l] || best < 0 || dist(c, s.lhex[l] as number, best) > 24) return -1
    return best
  }
}

function commandsUnit(c: Ctx, l: number, u: number): boolean {
  const i = u * 3
  return c.uChain[i] === l || c.uChain[i + 1] === l || c.uChain[i + 2] === l
}
function subordinates(c: Ctx, s: MtState, l: number): number {
  let n = 0
  for (let u = 0; u < c.nU; u++) if (onMap(s, u) && commandsUnit(c, l, u)) n++
  return n
}

function nearestEnemy(c: Ctx, s: MtState, u: number): number {
  let best = -1
  let bd = 1 << 30
  const h = s.hex[u] as number
  for (let v = 0; v < c.nU; v++) {
    if (c.uSide[v] === c.uSide[u] || !onMap(s, v)) continue
    const d = dist(c, h, s.hex[v] as number)
    if (d < bd) {
      bd = d
      best = v
    }
  }
  return best
}

/** The hex a unit heads for: an objective its side does not hold (infantry), else the nearest enemy. */
function goalOf(c: Ctx, s: MtState, u: number): number {
  const h = s.hex[u] as number
  if (c.uArm[u] === ARM_INF) {
    let best = -1
    let bd = 1 << 30
    for (const ob of c.objectives) {
      const occ = c.occ[ob.hex] as number
      if (occ === u) return ob.hex
      if (occ >= 0 && c.uSide[occ] === c.uSide[u]) continue
      if (occ >= 0) continue
      const d = dist(c, h, ob.hex)
      if (d < bd && d <= 10) {
        bd = d
        best = ob.hex
      }
    }
    if (best >= 0) return best
  }
  const e = nearestEnemy(c, s, u)
  return e >= 0 ? (s.hex[e] as number) : -1
}

function wantsToMove(c: Ctx, s: MtState, u: number): boolean {
  const g = goalOf(c, s, u)
  if (g < 0) return false
  const h = s.hex[u] as number
  if (g === h) return false
  const occ = c.occ[g] as number
  const enemyGoal = occ >= 0 && c.uSide[occ] !== c.uSide[u]
  if (!enemyGoal) return true
  const d = dist(c, h, g)
  if (c.uArm[u] === ARM_CAV) return d > 1
  if (c.uArm[u] === ARM_ART) return false
  return d > DOCTRINE.holdDist || (d > 1 && (s.st[occ] !== S_GOOD || c.uArm[occ] === ARM_ART))
}

/** Formation wanted: artillery unlimbered; infantry in column when far, line when near. */
function wantedForm(c: Ctx, s: MtState, u: number): number {
  if (c.uArm[u] === ARM_ART) return FUN
  if (c.uArm[u] === ARM_CAV) return FL
  const e = nearestEnemy(c, s, u)
  if (e < 0) return -1
  const d = dist(c, s.hex[u] as number, s.hex[e] as number)
  const g = goalOf(c, s, u)
  const onGoal = g === s.hex[u]
  if (onGoal || d <= DOCTRINE.deployDist) return FL
  return FC
}

/** Whether moving u into contact at hex n is a charge worth making. */
function chargeGood(c: Ctx, s: MtState, u: number, n: number): boolean {
  for (let d = 0; d < 6; d++) {
    const x = nb(c, n, d)
    const v = x >= 0 ? (c.occ[x] as number) : -1
    if (v < 0 || c.uSide[v] === c.uSide[u]) continue
    if (s.st[v] !== S_GOOD || c.uArm[v] === ARM_ART) return true
    if (c.uArm[u] === ARM_CAV && c.uArm[v] === ARM_CAV && !((s.fl[u] as number) & F_EXH)) return (s.stands[u] as number) >= (s.stands[v] as number)
    if (c.uArm[u] === ARM_CAV) return (s.stands[v] as number) <= 3
    if (c.uArm[u] === ARM_INF && s.form[u] === FC) return (s.stands[u] as number) >= (s.stands[v] as number) + 1
    return false
  }
  return false
}

function faceEnemy(c: Ctx, s: MtState, u: number): number {
  if (u < 0 || !onMap(s, u)) return 0
  const e = nearestEnemy(c, s, u)
  if (e < 0) return s.face[u] as number
  const h = s.hex[u] as number
  const dx = (c.px[s.hex[e] as number] as number) - (c.px[h] as number)
  const dy = (c.py[s.hex[e] as number] as number) - (c.py[h] as number)
  let best = 0
  let bv = -Infinity
  for (let d = 0; d < 6; d++) {
    const n = nb(c, h, d)
    if (n < 0) continue
    const v = ((c.px[n] as number) - (c.px[h] as number)) * dx + ((c.py[n] as number) - (c.py[h] as number)) * dy
    if (v > bv) {
      bv = v
      best = d
    }
  }
  return best
}


