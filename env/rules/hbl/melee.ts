// Melee (18 January examples, 31 January amendments): the engine side of the
// pure core in dieshift.ts. It reads the geometry (front/flank, refused flank,
// type I ground), rolls both shifted dice through the dice state, applies the
// losses, the flank-loss vexation and the refused flank, and queues what the
// players must decide next (stubborn chips, follow-up, pursuit, withdrawal).

import { roll } from '../../dice.ts'
import { directionTo } from '../../hex/grid.ts'
import type { Player } from '../../core/types.ts'
import { dieText, dieTotal, meleeFactors, meleeOutcome, netShift, shiftDie, type MeleeSide, type ShiftedDie } from './dieshift.ts'
import type { Ctx } from './context.ts'
import { adjacentEnemies, arcOf, ARC_FRONT, inGood, occupancy } from './geometry.ts'
import { canSpend, facingName, loseUi, meleeIndex, spent, stubbornLeft, vex } from './morale.ts'
import { F_VEX, M_FOUGHT, MW, T_CONVERT, T_HOLD, T_PUSH, T_ROUT, T_WITHDRAW, type Events, type HState } from './state.ts'

/** What unit u brings to a melee against adjacent v (exported for agents that weigh a fight). */
export function sideOf(c: Ctx, s: HState, u: number, v: number, initiating: boolean, followingUp: boolean): MeleeSide {
  const t = c.uType[u]!
  const hu = s.hex[u] as number
  const hv = s.hex[v] as number
  const toV = directionTo(c.grid, hu, hv)
  const toU = directionTo(c.grid, hv, hu)
  const frontal = arcOf(c, s, u, hv) === ARC_FRONT
  const vt = c.uType[v]!
  return {
    cd: t.cd,
    arm: t.arm,
    formation: t.formation,
    pike: t.pike,
    armour: t.armour,
    weapon: t.weapon,
    stubborn: t.stubborn,
    uiLost: s.lost[u] as number,
    vexed: ((s.fl[u] as number) & F_VEX) !== 0,
    typeI: c.ttype[hu] === 1,
    initiating,
    followingUp,
    flanking: arcOf(c, s, v, hu) !== ARC_FRONT,
    flanked: !frontal && s.ref[u] !== toV,
    frontal,
    facesPike: t.arm === 'cav' && vt.pike && (arcOf(c, s, v, hu) === ARC_FRONT || s.ref[v] === toU),
  }
}

/** Fights one round between a (the turning side's unit, or the initiator) and b; queues the follow-on decisions. */
export function fight(c: Ctx, s: HState, a: number, b: number, initiating: boolean, skirmish: boolean, ev: Events): void {
  let i = meleeIndex(s, a, b)
  if (i < 0) {
    i = s.mel.length
    s.mel.push(a, b, -1, 0)
  }
  const fol = s.mel[i + 2] as number
  const sa = sideOf(c, s, a, b, initiating, fol === a)
  const sb = sideOf(c, s, b, a, false, fol === b)
  const beats = c.tables.beats
  const fa = meleeFactors(sa, sb, beats, c.tables.meleeFactors)
  const fb = meleeFactors(sb, sa, beats, c.tables.meleeFactors)
  const da = shiftDie(sa.cd, netShift(fa))
  const db = shiftDie(sb.cd, netShift(fb))
  const faceA = roll(s.dice, da.sides, 1, `melee: ${c.unitIds[a]} (${dieText(da)})`, ev)
  const faceB = roll(s.dice, db.sides, 1, `melee: ${c.unitIds[b]} (${dieText(db)})`, ev)
  const ta = c.uType[a]!
  const tb = c.uType[b]!
  const skirmisher: -1 | 0 | 1 = !skirmish ? -1 : ta.formation === 'skirmish' ? 0 : 1
  const o = meleeOutcome({ face: faceA, total: dieTotal(faceA, da.bonus), fierce: ta.fierce }, { face: faceB, total: dieTotal(faceB, db.bonus), fierce: tb.fierce }, c.variant, skirmisher, c.tables.bands)
  const units: number[] = [a, b]
  const faces: number[] = [faceA, faceB]
  const at = (arr: number[], k: number): number => arr[k] as number
  ev?.push({
    type: 'melee',
    a: c.unitIds[a] as string,
    b: c.unitIds[b] as string,
    dieA: dieText(da),
    dieB: dieText(db),
    totalA: dieTotal(faceA, da.bonus),
    totalB: dieTotal(faceB, db.bonus),
    faceA,
    faceB,
    factorsA: fa.map((f) => `${f.name}${f.shift > 0 ? '+' : ''}${f.shift}`),
    factorsB: fb.map((f) => `${f.name}${f.shift > 0 ? '+' : ''}${f.shift}`),
    band: o.skirmishDraw ? 'no-advantage (close skirmish)' : o.band,
    winner: o.winner < 0 ? null : (c.unitIds[at(units, o.winner)] as string),
    skirmish,
  })
  const stub: boolean[] = [stubbornLeft(c, s, a), stubbornLeft(c, s, b)]
  s.mel[i + 3] = (s.mel[i + 3] as number) | M_FOUGHT
  s.mel[i + 2] = o.followUp < 0 ? -1 : at(units, o.followUp)
  const why = `melee ${c.unitIds[a]} v ${c.unitIds[b]}`
  loseUi(c, s, a, o.uiLoss[0], why, ev)
  loseUi(c, s, b, o.uiLoss[1], why, ev)
  // A unit whose last UI is gone routs whatever the band (Combat 1, round 3); its enemy pursues only if it won.
  if (o.winner < 0) {
    for (const u of units) if (spent(c, s, u)) s.q.push(T_ROUT, u, -1, 0, 0, 0)
    if (o.withdraw >= 0) s.q.push(T_WITHDRAW, at(units, o.withdraw), at(units, 1 - o.withdraw), 0, 0, 0)
    return
  }
  const W = at(units, o.winner)
  const L = at(units, 1 - o.winner)
  const wFace = at(faces, o.winner)
  const decisive = o.band === 'decisive' || o.band === 'routed'
  if (decisive && arcOf(c, s, L, s.hex[W] as number) !== ARC_FRONT) {
    vex(c, s, L, 'lost a melee delivered against a flank', ev)
    if (!spent(c, s, L) && (o.routed < 0 || (stub[1 - o.winner] === true && canSpend(s, c.uSide[L] as number)))) {
      s.ref[L] = directionTo(c.grid, s.hex[L] as number, s.hex[W] as number)
      ev?.push({ type: 'refused', unit: c.unitIds[L] as string, facing: facingName(s.ref[L] as number), pinned: false })
    }
  }
  // A spent winner routs first, so it does not pursue.
  if (spent(c, s, W)) s.q.push(T_ROUT, W, -1, 0, 0, 0)
  const stubL = stub[1 - o.winner] === true
  const sideL = c.uSide[L] as number
  if (spent(c, s, L)) s.q.push(T_ROUT, L, W, wFace, 0, 0)
  else if (o.routed >= 0) s.q.push(stubL && canSpend(s, sideL) ? T_CONVERT : T_ROUT, L, W, wFace, 0, 0)
  else if (o.pushBack >= 0) {
    if (o.pushForced) s.q.push(T_PUSH, L, W, wFace, 1, 0)
    else s.q.push(stubL && canSpend(s, sideL) ? T_HOLD : T_PUSH, L, W, wFace, 0, 0)
  }
  if (o.withdraw >= 0) s.q.push(T_WITHDRAW, at(units, o.withdraw), at(units, 1 - o.withdraw), 0, 0, 0)
}

/** Whether the card side must still fight some ongoing melee on this card (skirmish cavalry may ignore their own side's Melee cards). */
function ongoingFor(c: Ctx, s: HState, u: number, mandatoryOnly: boolean, out: number[]): void {
  for (let i = 0; i < s.mel.length; i += MW) {
    if (((s.mel[i + 3] as number) & M_FOUGHT) !== 0) continue
    const a = s.mel[i] as number
    const b = s.mel[i + 1] as number
    const v = a === u ? b : b === u ? a : -1
    if (v < 0 || !inGood(s, v)) continue
    if (mandatoryOnly && c.uType[u]?.formation === 'skirmish') continue
    out.push(v)
  }
}

const inCommand = (c: Ctx, s: HState, u: number): boolean => s.grp < 0 || c.uWing[u] === s.grp

/** Units of the card side that still owe an ongoing melee on this card. */
export function mandatoryLeft(c: Ctx, s: HState, scratch: number[]): boolean {
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== s.cside || !inGood(s, u) || !inCommand(c, s, u)) continue
    scratch.length = 0
    ongoingFor(c, s, u, true, scratch)
    if (scratch.length > 0) return true
  }
  return false
}

/** Enemies unit u may fight now on the Melee card: its owed ongoing melees while any are owed, else optional ongoing and new melees. */
export function meleeTargets(c: Ctx, s: HState, u: number, mandatory: boolean, out: number[], scratch: number[]): number[] {
  out.length = 0
  if (c.uSide[u] !== s.cside || !inGood(s, u) || !inCommand(c, s, u)) return out
  ongoingFor(c, s, u, mandatory, out)
  if (mandatory) return out
  const occ = occupancy(c, s)
  for (const v of adjacentEnemies(c, s, u, occ, scratch)) {
    if (meleeIndex(s, u, v) >= 0) continue
    if (arcOf(c, s, u, s.hex[v] as number) !== ARC_FRONT) continue
    out.push(v)
  }
  return out
}

/** New frontal melee against skirmish cavalry: its owner may make it a close skirmish (31 January). */
export function canConvertToSkirmish(c: Ctx, s: HState, attacker: number, target: number): boolean {
  const t = c.uType[target]
  return t?.formation === 'skirmish' && t.arm === 'cav' && arcOf(c, s, target, s.hex[attacker] as number) === ARC_FRONT
}

export const sidePlayer = (c: Ctx, u: number): Player => c.uSide[u] as Player

/** The two shifted dice of a round between adjacent a (initiating when `initiating`) and b, follow-up markers as they stand. */
export function meleeDice(c: Ctx, s: HState, a: number, b: number, initiating: boolean): [ShiftedDie, ShiftedDie] {
  const i = meleeIndex(s, a, b)
  const fol = i < 0 ? -1 : (s.mel[i + 2] as number)
  const sa = sideOf(c, s, a, b, initiating, fol === a)
  const sb = sideOf(c, s, b, a, false, fol === b)
  return [shiftDie(sa.cd, netShift(meleeFactors(sa, sb, c.tables.beats, c.tables.meleeFactors))), shiftDie(sb.cd, netShift(meleeFactors(sb, sa, c.tables.beats, c.tables.meleeFactors)))]
}
