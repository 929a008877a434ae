// The Combat Phase after the declarations: charge responses and evades, the combats (groups linked by
// contact, Bad War rounds, the further round of pursuers that met new enemy) and the after-combat actions,
// losers first (charge.ts has the charges, melee.ts the resolution and the bands' actions).

import { hexLine } from '../../hex/grid.ts'
import { chargeTargets, R_COUNTER, R_EVADE, R_SHELTER, R_STAND, responseOptions } from './charge.ts'
import { addDp, dist, inFrontArc, rollMoveDice, isGun, isUnformed, ME_COMMANDER, ME_GENERAL, ME_INF_RETIRE, ME_UNIT_ROUT, moraleEvent, gradeRank, nearestEnemyDist, place } from './core.ts'
import { A_FALL_BACK, A_PURSUE, A_REMAIN, A_RETIRE, A_RIDE, A_ROUT, A_TAKE, afterOptions, applyBandLosses, badWar, breakthroughCavDp, fightRound } from './melee.ts'
import { canStepWith, diceOf } from './move.ts'
import { setStatus, startFast } from './rout.ts'
import { type CfeoState, FC_EVADE, FC_PURSUE, FM_EVADE, FM_FALL_BACK, FM_PURSUE, FM_SHELTER, FM_RETIRE, FM_ROUT, K, L_WOUNDED, S_OK, U_CREW_SHELTER, S_RETIRING, S_ROUTING, U_ABANDONED, U_CHARGING, U_COUNTER, U_EARLIER_COMBAT, U_IN_COMBAT, U_LIMBERED, U_MOVED, U_MUST_CHARGE, U_PURSUING, U_TOOK_NOW } from './state.ts'
import { ARM_FOOT, PIPS_PER_HEX } from './tables.ts'
import { nearestEnemyHex } from './movement.ts'
import type { FlowCtx } from './core.ts'

/** Hands the decision `kind` about unit u (second subject sel2) to u's owner. */
function ask(f: FlowCtx, s: CfeoState, kind: number, u: number, sel2: number): true {
  s.sel = u
  s.sel2 = sel2
  s.player = f.c.uSide[u] as number
  s.kind = kind
  return true
}

/** The dice of a ride-through. */
const rideRolled: number[] = []

export function anyCharger(f: FlowCtx, s: CfeoState, p: number): boolean {
  const c = f.c
  for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && chargeTargets(c, f.x, s, u, null, 0) > 0) return true
  return false
}

export function mayEndCharges(f: FlowCtx, s: CfeoState, p: number): boolean {
  const c = f.c
  for (let u = 0; u < c.n; u++) if (c.uSide[u] === p && ((s.uFl[u] as number) & U_MUST_CHARGE) !== 0 && chargeTargets(c, f.x, s, u, null, 0) > 0) return false
  return true
}

/** Evaders move (full fast move directly away from the charger) before the charges: starts the next. */
export function nextEvade(f: FlowCtx, s: CfeoState): boolean {
  const c = f.c
  for (const u of s.queue) {
    const t = s.uCharge[u] as number
    if (t < 0 || (s.uResp[t] !== R_EVADE && s.uResp[t] !== R_SHELTER) || (s.uHex[t] as number) < 0 || (s.uHex[u] as number) < 0) continue
    const shelter = s.uResp[t] === R_SHELTER
    s.uResp[t] = R_STAND
    startFast(c, f.x, s, t, shelter ? FM_SHELTER : FM_EVADE, s.uHex[u] as number, shelter ? 0 : FC_EVADE)
    return true
  }
  return false
}

/** The next charged unit to respond: sets the decision and returns true. */
export function nextResponse(f: FlowCtx, s: CfeoState): boolean {
  const c = f.c
  for (const u of s.queue) {
    const t = s.uCharge[u] as number
    if (t < 0 || s.uResp[t] !== 0 || (s.uHex[t] as number) < 0) continue
    if ((s.uCharge[t] as number) >= 0) {
      s.uResp[t] = R_STAND
      continue
    }
    const o = responseOptions(c, s, f.x, t, u)
    if ((o & (o - 1)) === 0) {
      s.uResp[t] = R_STAND
      continue
    }
    return ask(f, s, K['charge-response'], t, u)
  }
  return false
}

/** Fights every combat (groups linked by contact) and queues the after-combat actions. */
export function resolveCombats(f: FlowCtx, s: CfeoState): void {
  const c = f.c
  let g = 0
  s.queue.length = 0
  crewsShelter(f, s)
  for (let u0 = 0; u0 < c.n; u0++) {
    if (s.uFoe[u0] === -1 || (s.uGrp[u0] as number) >= 0 || (s.uHex[u0] as number) < 0) continue
    // the group: everyone linked by contact to u0
    const members = [u0]
    s.uGrp[u0] = g
    for (let i = 0; i < members.length; i++) {
      const a = members[i] as number
      for (let v = 0; v < c.n; v++) {
        if ((s.uGrp[v] as number) >= 0 || (s.uHex[v] as number) < 0) continue
        if (s.uFoe[a] === v || s.uFoe[v] === a) {
          s.uGrp[v] = g
          members.push(v)
        }
      }
    }
    fightGroup(f, s, members)
    g++
  }
  sortAfterCombat(f, s)
}

/** "Pursuers encountering new enemy immediately charge into them": once the after-combat actions are
 *  done, the melees of the pursuers that met new enemy (s.meets) are fought at once, a further round of
 *  this Combat Phase: each pursuer with the unit it charged (pursuers on the same unit together), the
 *  pursuer counting pursuing and charging (a D6), the charged unit its counter-charge if it made one and
 *  nothing of an earlier combat of this phase. Units in contact with them that are not part of the
 *  pursuers' charge fight no second round (their melee goes on next turn). Queues the after-combat
 *  actions and returns true, or returns false when no pursuer met new enemy. */
export function pursuitRound(f: FlowCtx, s: CfeoState): boolean {
  const c = f.c
  if (s.meets.length === 0) return false
  crewsShelter(f, s)
  let g = 0
  for (let u = 0; u < c.n; u++) g = Math.max(g, (s.uGrp[u] as number) + 1)
  const first = g
  // groups: a pursuer and the unit it charged, merged where they share a unit
  for (const p of s.meets) {
    const v = s.uFoe[p] as number
    // the contact may be gone (the charged unit rode off, retired or pursued in its own after-combat action)
    if (v < 0 || (s.uHex[p] as number) < 0 || (s.uHex[v] as number) < 0 || s.uStatus[p] !== S_OK || s.uStatus[v] !== S_OK || ((s.uFl[v] as number) & U_ABANDONED) !== 0) continue
    const gp = s.uGrp[p] as number
    const gv = s.uGrp[v] as number
    if (gp >= first && gv >= first) {
      if (gp !== gv) for (let w = 0; w < c.n; w++) if (s.uGrp[w] === gv) s.uGrp[w] = gp
    } else if (gp >= first) s.uGrp[v] = gp
    else if (gv >= first) s.uGrp[p] = gv
    else {
      s.uGrp[p] = g
      s.uGrp[v] = g++
    }
  }
  s.queue.length = 0
  for (let k = first; k < g; k++) {
    const members: number[] = []
    for (let u = 0; u < c.n; u++) if (s.uGrp[u] === k) members.push(u)
    if (members.length === 0) continue
    for (const u of members) {
      if (s.meets.includes(u) && s.uFoe[u] !== -1 && s.uGrp[s.uFoe[u] as number] === k) s.uFl[u] = (s.uFl[u] as number) | U_CHARGING
      else {
        // charged at the halt (or counter-charging now): no charge of its own from earlier in the phase
        const keep = s.uResp[u] === R_COUNTER ? U_COUNTER : 0
        s.uFl[u] = (s.uFl[u] as number) & ~((U_EARLIER_COMBAT | U_CHARGING) & ~keep)
      }
    }
    fightGroup(f, s, members)
  }
  s.meets.length = 0
  sortAfterCombat(f, s)
  return s.queue.length > 0
}

/** Fights one combat group (its units' s.uGrp already set) and queues each survivor's after-combat entry:
 *  unit, band, the hex of its opponent (its foe, or the group's first enemy if the foe is outside the
 *  group), total. */
export function fightGroup(f: FlowCtx, s: CfeoState, members: number[]): void {
  const c = f.c
  const x = f.x
  const sides: [number[], number[]] = [members.filter((v) => c.uSide[v] === 0), members.filter((v) => c.uSide[v] === 1)]
  if (sides[0].length === 0 || sides[1].length === 0) {
    for (const v of members) s.uFoe[v] = -1
    return
  }
  for (const v of members) s.uFl[v] = (s.uFl[v] as number) | U_IN_COMBAT
  let fr = fightRound(c, x, s, sides, false)
  // Bad War: further rounds at once while Inconclusive; "-1 each DP or casualty" counts the casualties of
  // the earlier rounds (a DP beyond the unit's capacity is a casualty)
  const standsAtStart = fr.bands[0] === 3 && badWar(c, sides) ? new Map(members.map((v) => [v, s.uStands[v] as number])) : null
  for (let k = 0; k < 20 && fr.bands[0] === 3 && standsAtStart; k++) {
    for (let side = 0; side < 2; side++) for (const v of sides[side]!) applyBandLosses(c, x, s, v, 3, sides[1 - side]!)
    const alive: [number[], number[]] = [sides[0].filter((v) => (s.uHex[v] as number) >= 0), sides[1].filter((v) => (s.uHex[v] as number) >= 0)]
    if (alive[0].length === 0 || alive[1].length === 0) break
    fr = fightRound(c, x, s, alive, true, standsAtStart)
  }
  for (let side = 0; side < 2; side++) {
    for (const v of sides[side]!) {
      applyBandLosses(c, x, s, v, fr.bands[side]!, sides[1 - side]!)
      if ((s.uHex[v] as number) >= 0) {
        let foe = s.uFoe[v] as number
        // (a charged unit still in contact with others outside a further round: its opponent is the pursuer)
        if (foe >= 0 && s.uGrp[foe] !== s.uGrp[v]) foe = sides[1 - side]![0] as number
        s.queue.push(v, fr.bands[side]!, foe >= 0 ? (s.uHex[foe] as number) : -1, fr.totals[side]!)
      }
    }
  }
}

/** Orders the after-combat queue (4-tuples) into triples: losers first; in an inconclusive result the
 *  lower total decides first, the initiative player second. */
export function sortAfterCombat(f: FlowCtx, s: CfeoState): void {
  const c = f.c
  const entries: number[][] = []
  for (let i = 0; i < s.queue.length; i += 4) entries.push(s.queue.slice(i, i + 4))
  entries.sort((a, b) => (a[1] as number) - (b[1] as number) || (a[3] as number) - (b[3] as number) || (c.uSide[a[0] as number] === s.first ? 1 : 0) - (c.uSide[b[0] as number] === s.first ? 1 : 0) || (a[0] as number) - (b[0] as number))
  s.queue.length = 0
  for (const e of entries) s.queue.push(e[0] as number, e[1] as number, e[2] as number)
}

/** "If guns are deployed up to 20 yds in front of friendly infantry, the crews will automatically abandon
 *  the guns and seek refuge with the supporting infantry as soon as enemy come into combat with the
 *  infantry": unlimbered guns adjacent to, and in front of, friendly infantry in a melee. */
export function crewsShelter(f: FlowCtx, s: CfeoState): void {
  const c = f.c
  const x = f.x
  for (let gu = 0; gu < c.n; gu++) {
    const hg = s.uHex[gu] as number
    if (!isGun(c, gu) || hg < 0 || ((s.uFl[gu] as number) & (U_ABANDONED | U_LIMBERED)) !== 0) continue
    for (let i = 0; i < c.n; i++) {
      const hi = s.uHex[i] as number
      if (c.uSide[i] !== c.uSide[gu] || c.uArm[i] !== ARM_FOOT || hi < 0 || s.uFoe[i] === -1 || s.uRein[i] !== -1) continue
      if (dist(c, hg, hi) !== 1 || !inFrontArc(c, hi, s.uFace[i] as number, hg)) continue
      s.uFl[gu] = (s.uFl[gu] as number) | U_ABANDONED | U_CREW_SHELTER
      s.uFoe[gu] = -1
      for (let v = 0; v < c.n; v++) if (s.uFoe[v] === gu) s.uFoe[v] = -1
      if (x.ev) x.ev.push({ type: 'gun-abandoned', unit: c.uId[gu] as string, crewKilled: false })
      break
    }
  }
}

export function opponents(f: FlowCtx, s: CfeoState, u: number): number[] {
  const c = f.c
  const out: number[] = []
  const g = s.uGrp[u] as number
  if (g < 0) return out
  for (let v = 0; v < c.n; v++) if (s.uGrp[v] === g && c.uSide[v] !== c.uSide[u]) out.push(v)
  return out
}

/** Options of the head of the after-combat queue. */
export function afterOpts(f: FlowCtx, s: CfeoState, u: number, band: number, foeHex: number): number {
  const c = f.c
  const opp = opponents(f, s, u)
  const fled = opp.some((v) => (s.uHex[v] as number) >= 0 && (s.uStatus[v] === S_RETIRING || s.uStatus[v] === S_ROUTING))
  const vacated = foeHex >= 0 && (f.x.occ[foeHex] as number) < 0 && dist(c, s.uHex[u] as number, foeHex) === 1
  return afterOptions(c, s, u, band, opp, fled, vacated, rideHex(f, s, u, foeHex) >= 0)
}

/** Ride-through: the hex beyond the enemy position, free, if the enemy is no more than one rank deep. */
export function rideHex(f: FlowCtx, s: CfeoState, u: number, foeHex: number): number {
  const c = f.c
  const h = s.uHex[u] as number
  if (foeHex < 0 || h < 0 || dist(c, h, foeHex) !== 1) return -1
  let k = -1
  for (let d = 0; d < 6; d++) if (c.grid.neighbors[h * 6 + d] === foeHex) k = d
  const beyond = c.grid.neighbors[foeHex * 6 + k] as number
  if (beyond < 0 || (f.x.occ[beyond] as number) >= 0 || c.impassable[beyond] || (c.closed[beyond] && !c.road[beyond])) return -1
  const v = f.x.occ[foeHex] as number
  if (v >= 0 && !isUnformed(c, s, v) && (s.uRanks[v] as number) > 1) return -1
  return beyond
}

export function nextAfterCombat(f: FlowCtx, s: CfeoState): boolean {
  while (s.queue.length > 0) {
    const u = s.queue[0] as number
    const band = s.queue[1] as number
    const fh = s.queue[2] as number
    if ((s.uHex[u] as number) < 0 || ((s.uFl[u] as number) & U_ABANDONED) !== 0) {
      s.queue.splice(0, 3)
      continue
    }
    const o = afterOpts(f, s, u, band, fh)
    // a forced action is taken at once; a ride-through still leaves its distance to the owner ("a full 2
    // or 3 dice (player's option)")
    if ((o & (o - 1)) === 0 && o !== A_RIDE) {
      s.queue.splice(0, 3)
      if (doAfter(f, s, u, band, fh, o, 2)) return true
      if (s.fmUnit >= 0) return false
      continue
    }
    return ask(f, s, K['after-combat'], u, band)
  }
  return false
}

/** The first unit found by the last pursuitTargets call, -1. */
let pursuitFirst = -1

/** The opponents of u (its combat group) who retired or routed and are still on the map: the units it may
 *  pursue (marked at off + unit). */
export function pursuitTargets(f: FlowCtx, s: CfeoState, u: number, mask: Uint8Array | null, off: number): number {
  let n = 0
  pursuitFirst = -1
  for (const v of opponents(f, s, u)) {
    if ((s.uHex[v] as number) < 0 || (s.uStatus[v] !== S_RETIRING && s.uStatus[v] !== S_ROUTING)) continue
    if (mask) mask[off + v] = 1
    if (n++ === 0) pursuitFirst = v
  }
  return n
}

/** u pursues `target` (-1: nobody left to pursue): a fast move after it, a free hack on contact. */
export function pursue(f: FlowCtx, s: CfeoState, u: number, target: number): void {
  s.uFl[u] = (s.uFl[u] as number) | U_PURSUING
  s.uPur[u] = target
  if (target >= 0) startFast(f.c, f.x, s, u, FM_PURSUE, target, FC_PURSUE)
}

/** Carries out u's after-combat action; returns true when it leaves a decision to u's owner (the opponent
 *  to pursue). */
export function doAfter(f: FlowCtx, s: CfeoState, u: number, band: number, fh: number, act: number, rideDice: number): boolean {
  const c = f.c
  const x = f.x
  const opp = opponents(f, s, u)
  const oppHex = opp.map((v) => s.uHex[v] as number).find((h) => h >= 0) ?? fh
  const name = act === A_REMAIN ? 'remain' : act === A_RETIRE ? 'retire' : act === A_PURSUE ? 'pursue' : act === A_TAKE ? 'take the position' : act === A_FALL_BACK ? 'fall back' : act === A_RIDE ? `ride through (${rideDice} dice)` : 'rout'
  if (x.ev) x.ev.push({ type: 'after-combat', unit: c.uId[u] as string, action: name })
  if (breakthroughCavDp(c, band, u, act)) addDp(c, x, s, u, 1, 'combat', 'cavalry not pursuing a breakthrough')
  // that DP may have been its last stand
  if ((s.uHex[u] as number) < 0) return false
  const breakContact = () => {
    s.uFoe[u] = -1
    for (let v = 0; v < c.n; v++) if (s.uFoe[v] === u) s.uFoe[v] = -1
  }
  switch (act) {
    case A_RETIRE:
      breakContact()
      setStatus(c, x, s, u, S_RETIRING)
      if (c.uArm[u] === ARM_FOOT) moraleEvent(s, ME_INF_RETIRE, s.uHex[u] as number, gradeRank(c, u), c.uSide[u] as number)
      startFast(c, x, s, u, FM_RETIRE, oppHex, 0)
      break
    case A_ROUT:
      breakContact()
      setStatus(c, x, s, u, S_ROUTING)
      moraleEvent(s, ME_UNIT_ROUT, s.uHex[u] as number, gradeRank(c, u), c.uSide[u] as number)
      leadersRout(f, s, u)
      startFast(c, x, s, u, FM_ROUT, oppHex, 0)
      break
    case A_FALL_BACK:
      // one base depth back, facing the enemy and in good order: the owner picks the rear hex
      breakContact()
      if (oppHex >= 0) startFast(c, x, s, u, FM_FALL_BACK, oppHex, 0)
      else addDp(c, x, s, u, 1, 'combat', 'unable to fall back')
      break
    case A_PURSUE: {
      breakContact()
      // "pursue an opponent who routed or retired": which one, when two or more fled, is the owner's choice
      if (pursuitTargets(f, s, u, null, 0) >= 2) return ask(f, s, K['pursue-target'], u, -1)
      pursue(f, s, u, pursuitFirst)
      break
    }
    case A_TAKE:
      if (fh >= 0 && (x.occ[fh] as number) < 0) {
        breakContact()
        place(c, x, s, u, fh)
        s.uFl[u] = (s.uFl[u] as number) | U_TOOK_NOW | U_MOVED
      }
      break
    case A_RIDE: {
      const to = rideHex(f, s, u, fh)
      if (to >= 0) {
        breakContact()
        const from = s.uHex[u] as number
        let k = -1
        for (let d = 0; d < 6; d++) if (c.grid.neighbors[from * 6 + d] === fh) k = d
        // a full 2 or 3 dice: through the enemy position (two hexes), then on in the same direction
        const [avds, d6s] = diceOf(c, u, rideDice)
        let pips = rollMoveDice(s, x, avds, d6s, `${c.uId[u]} rides through`, rideRolled) - 2 * PIPS_PER_HEX
        place(c, x, s, u, to)
        let h = to
        while (canStepWith(pips, PIPS_PER_HEX)) {
          const nb = c.grid.neighbors[h * 6 + k] as number
          // halt beyond 20 yds of new enemy or impassable terrain
          if (nb < 0 || (x.occ[nb] as number) >= 0 || c.impassable[nb] || (c.closed[nb] && !c.road[nb]) || nearestEnemyDist(c, s, c.uSide[u] as number, nb) <= 1) break
          place(c, x, s, u, nb)
          h = nb
          pips -= PIPS_PER_HEX
        }
        // end facing the nearest enemy threat
        const e = nearestEnemyHex(f, s, u)
        if (e >= 0) {
          const line = hexLine(c.grid, h, e)
          const next = line[1] ?? -1
          for (let d = 0; d < 6; d++) if (c.grid.neighbors[h * 6 + d] === next) s.uFace[u] = d
        }
        s.uFl[u] = (s.uFl[u] as number) | U_MOVED
        if (x.ev) x.ev.push({ type: 'fast-move', unit: c.uId[u] as string, how: `ride-through (${rideDice} dice)`, from: c.grid.labels[from] as string, to: c.grid.labels[h] as string, pips })
      }
      break
    }
    default:
      break
  }
  return false
}

/** "General / Commander killed or routing within 120 yds": leaders attached to a unit that routs rout with it. */
export function leadersRout(f: FlowCtx, s: CfeoState, u: number): void {
  const c = f.c
  for (let j = 0; j < c.m; j++) if (s.lAtt[j] === u && (s.lState[j] as number) <= L_WOUNDED) moraleEvent(s, c.lRole[j] === 0 ? ME_GENERAL : ME_COMMANDER, s.uHex[u] as number, 0, c.lSide[j] as number)
}

export function endCombat(f: FlowCtx, s: CfeoState): void {
  const c = f.c
  for (let u = 0; u < c.n; u++) {
    const v = s.uFoe[u] as number
    if (v >= 0 && ((s.uHex[v] as number) < 0 || (s.uHex[u] as number) < 0 || dist(c, s.uHex[u] as number, s.uHex[v] as number) !== 1 || s.uStatus[v] !== S_OK || s.uStatus[u] !== S_OK || ((s.uFl[v] as number) & U_ABANDONED) !== 0)) s.uFoe[u] = -1
    s.uGrp[u] = -1
  }
  s.queue.length = 0
  s.meets.length = 0
  s.sel = -1
  s.sel2 = -1
}

export function declareCharge(f: FlowCtx, s: CfeoState, u: number, dice: number): void {
  s.uCharge[u] = s.sel2
  s.uChargeDice[u] = dice
  s.queue.push(u)
  if (f.x.ev) f.x.ev.push({ type: 'charge-declared', unit: f.c.uId[u] as string, target: f.c.uId[s.sel2] as string, dice })
  s.sel = -1
  s.sel2 = -1
}

/** The charged unit has answered a pursuer's charge: back to the pursuer's side and the flow. */
export function meetAnswered(f: FlowCtx, s: CfeoState): void {
  s.player = f.c.uSide[s.meetBy] as number
  s.meetBy = -1
  s.sel = -1
  s.sel2 = -1
}
