// Control: leaders' control radii (60 yds + 40 per extra action), attached leaders, conforming units
// (continuous line, rear lines within 60 yds directly behind), and the Control Test.

import { d6 } from '../../dice.ts'
import type { Ctx } from './context.ts'
import { attachedLeader, dist, type Scratch } from './core.ts'
import { type CfeoState, L_WOUNDED, S_ROUTING, U_ABANDONED, U_CONTROLLED, U_FAILED_CHARGE, U_HALT, U_MOVED_LAST, U_MUST_CHARGE, U_PURSUING, U_REPEAT } from './state.ts'
import { ARM_GUN, COMMAND, CONTROL_TEST, withinHexes } from './tables.ts'
import { rot } from '../../hex/grid.ts'

/** Control radius in hexes of a leader with `actions` actions: 60 yds + 40 per additional action. */
export const controlRadius = (actions: number): number => withinHexes(COMMAND.controlYards + COMMAND.controlPerExtraAction * Math.max(0, actions - 1))

/** Is u directly under a detached leader of its chain of command, or under an attached leader? */
export function directlyControlled(c: Ctx, s: CfeoState, u: number): boolean {
  const h = s.uHex[u] as number
  if (h < 0) return false
  for (let j = 0; j < c.m; j++) {
    if (c.lSide[j] !== c.uSide[u] || (s.lState[j] as number) > L_WOUNDED) continue
    if (s.lAtt[j] === u) return true
    if (s.lAtt[j] !== -1) continue
    if (c.lRole[j] !== 0 && c.lWing[j] !== c.uWing[u]) continue
    const lh = s.lHex[j] as number
    if (lh >= 0 && dist(c, lh, h) <= controlRadius(s.lActions[j] as number)) return true
  }
  return false
}

/** The leader whose control u moves under (for the battalia's one roll): its battalia commander if he is
 *  detached and in range, else the General if detached and in range, else (a conformer) its commander;
 *  -1 when u is not under control or has an attached leader (who controls it alone). */
export function controllerOf(c: Ctx, x: Scratch, s: CfeoState, u: number): number {
  const h = s.uHex[u] as number
  if (h < 0 || attachedLeader(c, s, u) >= 0) return -1
  let general = -1
  let commander = -1
  for (let j = 0; j < c.m; j++) {
    if (c.lSide[j] !== c.uSide[u] || (s.lState[j] as number) > L_WOUNDED) continue
    if (c.lRole[j] !== 0 && c.lWing[j] !== c.uWing[u]) continue
    if (c.lRole[j] !== 0) commander = j
    if (s.lAtt[j] !== -1) continue
    const lh = s.lHex[j] as number
    if (lh < 0 || dist(c, lh, h) > controlRadius(s.lActions[j] as number)) continue
    if (c.lRole[j] !== 0) return j
    general = j
  }
  if (general >= 0) return general
  return commander >= 0 && controlled(c, x, s, u) ? commander : -1
}

/** Under control, conformers included: units of the same battalia in a continuous line (adjacent) with a
 *  controlled unit, or within 60 yds directly behind one, conform (our hex reading, docs/rules/cfeo.md). */
export function controlled(c: Ctx, x: Scratch, s: CfeoState, u: number): boolean {
  if (directlyControlled(c, s, u)) return true
  const wing = c.uWing[u]
  const mark = x.mark
  mark.fill(0, 0, c.n)
  let qn = 0
  for (let v = 0; v < c.n; v++) if (c.uWing[v] === wing && directlyControlled(c, s, v)) {
    mark[v] = 1
    x.q[qn++] = v
  }
  for (let qi = 0; qi < qn; qi++) {
    const a = x.q[qi] as number
    const ha = s.uHex[a] as number
    for (let v = 0; v < c.n; v++) {
      if (mark[v] || c.uWing[v] !== wing || (s.uHex[v] as number) < 0 || s.uStatus[v] === S_ROUTING) continue
      const hv = s.uHex[v] as number
      const d = dist(c, ha, hv)
      let conforms = d === 1
      if (!conforms && d <= withinHexes(COMMAND.controlYards)) {
        // directly behind: in the rear sector of the controlled unit (its two rear sides' directions)
        const f = s.uFace[a] as number
        for (const k of [3, 4]) {
          const b = c.grid.neighbors[ha * 6 + rot(f, k)] as number
          if (b === hv || (b >= 0 && (c.grid.neighbors[b * 6 + rot(f, k)] === hv || c.grid.neighbors[b * 6 + rot(f, 3)] === hv || c.grid.neighbors[b * 6 + rot(f, 4)] === hv))) conforms = true
        }
      }
      if (conforms) {
        if (v === u) return true
        mark[v] = 1
        x.q[qn++] = v
      }
    }
  }
  return false
}

/** Units of `p` that must take a control test at the end of the command phase. */
export function needsTest(c: Ctx, x: Scratch, s: CfeoState, u: number): boolean {
  const h = s.uHex[u] as number
  if (h < 0 || ((s.uFl[u] as number) & U_ABANDONED) !== 0) return false
  const fl = s.uFl[u] as number
  if (s.uStatus[u] === S_ROUTING || (fl & (U_FAILED_CHARGE | U_PURSUING)) !== 0) return true
  if (attachedLeader(c, s, u) >= 0) return false
  return !controlled(c, x, s, u)
}

/** Whether the owner may add or subtract 1 (leader attached; Guns or A1 grade). */
export const mayNudge = (c: Ctx, s: CfeoState, u: number): boolean => attachedLeader(c, s, u) >= 0 || c.uArm[u] === ARM_GUN || c.uGrade[u] === 0

export function rollControl(c: Ctx, x: Scratch, s: CfeoState, u: number): number {
  return d6(s.dice, `control test ${c.uId[u]}`, x.ev ?? undefined)
}

/** The flat modifier: +1 if in rout, pursuit or charging (a failed charge). */
export function controlModifier(s: CfeoState, u: number): number {
  const fl = s.uFl[u] as number
  return s.uStatus[u] === S_ROUTING || (fl & (U_FAILED_CHARGE | U_PURSUING)) !== 0 ? CONTROL_TEST.routPursuitChargeBonus : 0
}

/** Applies a control test total. Returns the result's name. On "act as player wishes" a router or a
 *  pursuer is left as it was: whether it rallies or ceases its pursuit is its owner's (`cease`, see
 *  `mayCease` and `cease`). */
export function applyControl(c: Ctx, x: Scratch, s: CfeoState, u: number, roll: number, mod: number): string {
  const total = roll + mod
  const fl = s.uFl[u] as number
  const free = total >= CONTROL_TEST.freeLo && total <= CONTROL_TEST.freeHi
  let result: string
  if (s.uStatus[u] === S_ROUTING) {
    result = free ? 'act as player wishes' : 'continue rout'
  } else if (fl & (U_FAILED_CHARGE | U_PURSUING)) {
    if (free) {
      // a pursuer's owner says next whether it ceases (cease)
      if ((fl & U_PURSUING) === 0) s.uFl[u] = fl | U_CONTROLLED
      result = 'act as player wishes'
    } else {
      if (fl & U_FAILED_CHARGE) s.uFl[u] = fl | U_MUST_CHARGE
      result = fl & U_FAILED_CHARGE ? 'charge again' : 'continue pursuit'
    }
  } else if (free) {
    s.uFl[u] = fl | U_CONTROLLED
    result = 'act as player wishes'
  } else if (total <= CONTROL_TEST.halt && c.uGrade[u] !== 1) {
    s.uFl[u] = fl | U_HALT
    result = 'halt'
  } else {
    // repeat last move: a unit that did not move last turn repeats standing still
    s.uFl[u] = fl | ((fl & U_MOVED_LAST) !== 0 ? U_REPEAT : U_HALT)
    result = 'repeat last move'
  }
  if (x.ev) x.ev.push({ type: 'control-test', unit: c.uId[u] as string, roll, modifier: mod, total, result })
  return result
}

/** After `result`, may u's owner choose whether it ceases (a router rallies, a pursuer gives up the
 *  pursuit)? "If the routers pass a control test with an act as player wishes result, they may rally";
 *  "All units who wish to cease rout, pursuit ... must take a Control Test". */
export const mayCease = (s: CfeoState, u: number, result: string): boolean =>
  result === 'act as player wishes' && (s.uStatus[u] === S_ROUTING || ((s.uFl[u] as number) & U_PURSUING) !== 0)

/** The owner's answer to `cease`: yes, a router rallies (it re-forms in the Movement Phase) and a pursuer
 *  ceases its pursuit, under control this turn; no, it keeps routing or pursuing, as on a "continue" result. */
export function cease(c: Ctx, x: Scratch, s: CfeoState, u: number, yes: boolean): void {
  if (!yes) return
  if (s.uStatus[u] === S_ROUTING) {
    s.uStatus[u] = 0
    if (x.ev) x.ev.push({ type: 'rally', unit: c.uId[u] as string })
    return
  }
  s.uFl[u] = ((s.uFl[u] as number) & ~U_PURSUING) | U_CONTROLLED
  s.uPur[u] = -1
}
