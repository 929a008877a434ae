// 4.2 Close combat: designation (1.2 D), reaction attacks, lead and supports,
// the modifier formula, results, special cases, advances and passthrough.

import { rot } from '../../hex/grid.ts'
import { ARM_CAV, ARM_INF, IMPASSABLE } from './context.ts'
import { T_ART, T_C, T_E, T_G, TERRAINS } from './tables.ts'
import { F_CHARGED, F_INTERCEPTOR, F_NO_CHARGE, F_REACT_ATT, F_TURNED, K, LS_IN, P_CC, P_NONE, type PiwamState } from './state.ts'
import { directionOf, type Board } from './board.ts'
import { removeLeader, removeLeadersAt } from './command.ts'
import { toContinuation } from './activation.ts'
import { moveUnit } from './move.ts'
import { reduce } from './morale.ts'
import { retreat, unableToRetreat } from './retreat.ts'

/** May a attack hex h now (4.2 special cases)? reaction = inactive unit's reaction attack. */
export function canAttack(R: Board, s: PiwamState, a: number, h: number, reaction: boolean): boolean {
  const ah = s.uHex[a]!
  if (ah < 0 || h < 0) return false
  const f = s.uFace[a]!
  const nb = R.ctx.grid.neighbors
  if (nb[ah * 6 + f] !== h && nb[ah * 6 + ((f + 1) % 6)] !== h) return false
  const d = R.mainAt(h)
  if (d < 0 || R.ctx.uSide[d] === R.ctx.uSide[a]) return false
  const sa = s.uStatus[a]!
  if (sa === 3) return false
  if (sa === 2 && s.uStatus[d] !== 2) return false
  if (R.ctx.uArm[a] === ARM_INF && R.ctx.uArm[d] === ARM_CAV) return false
  if (reaction && R.ctx.uWing[d] !== s.activeWing) return false
  return true
}

export function attackerOk(R: Board, s: PiwamState, a: number, reaction: boolean): boolean {
  const t = R.ctx.uType[a]!
  if (t === T_E || t === T_ART || s.uHex[a]! < 0 || s.uStatus[a] === 3) return false
  if (reaction) {
    if (R.ctx.uSide[a] === R.ctx.wSide[s.activeWing]) return false
    // not a designated defender
    const h = s.uHex[a]!
    for (let u = 0; u < R.ctx.n; u++) if (s.uTarget[u] === h && (s.uFlags[u]! & F_REACT_ATT) === 0) return false
    return true
  }
  return R.ctx.uWing[a] === s.activeWing
}

export function attackTargets(R: Board, s: PiwamState, a: number, reaction: boolean, mask: Uint8Array | null): number {
  const h = s.uHex[a]!
  const f = s.uFace[a]!
  let c = 0
  for (let k = 0; k < 2; k++) {
    const x = R.ctx.grid.neighbors[h * 6 + ((f + k) % 6)]!
    if (x < 0 || !canAttack(R, s, a, x, reaction)) continue
    if (mask) mask[R.offHex + x] = 1
    c++
  }
  return c
}

export function designators(R: Board, s: PiwamState, reaction: boolean, mask: Uint8Array | null): number {
  let c = 0
  for (let a = 0; a < R.ctx.n; a++) {
    if (s.uTarget[a]! >= 0 || !attackerOk(R, s, a, reaction) || attackTargets(R, s, a, reaction, null) === 0) continue
    if (mask) mask[R.offUnit + a] = 1
    c++
  }
  return c
}

export function designate(R: Board, s: PiwamState, a: number, h: number, reaction: boolean): void {
  s.uTarget[a] = h
  if (reaction) s.uFlags[a] = s.uFlags[a]! | F_REACT_ATT
  if (R.ev) R.push({ type: 'combat-designated', attacker: R.ctx.uId[a]!, target: R.hexLabel(h), reaction })
}

export function toDesignate(R: Board, s: PiwamState): void {
  s.sel = -1
  s.kind = K['designate-attack']
  s.player = R.ctx.wSide[s.activeWing]!
  if (designators(R, s, false, null) === 0) toDesignateReaction(R, s)
}

export function toDesignateReaction(R: Board, s: PiwamState): void {
  s.sel = -1
  s.kind = K['designate-reaction']
  s.player = 1 - R.ctx.wSide[s.activeWing]!
  if (designators(R, s, true, null) === 0) {
    s.ccStage = 0
    nextCombat(R, s)
  }
}

/** Valid attackers of hex h in the current stage (reaction stage 0, active 1); writes them to mask. */
export function groupAttackers(R: Board, s: PiwamState, h: number, mask: Uint8Array | null): number {
  const reaction = s.ccStage === 0
  let c = 0
  for (let a = 0; a < R.ctx.n; a++) {
    if (s.uTarget[a] !== h || ((s.uFlags[a]! & F_REACT_ATT) !== 0) !== reaction) continue
    if (!canAttack(R, s, a, h, reaction)) continue
    if (mask) mask[R.offUnit + a] = 1
    c++
  }
  return c
}

export function nextCombat(R: Board, s: PiwamState): void {
  for (;;) {
    // 2.1 A "After Close Combat each leader that participated must roll": the combat just ended —
    // its results, the advance into a vacated hex and the advancing unit's facing — comes first.
    leaderLossRolls(R, s)
    const reaction = s.ccStage === 0
    let h = -1
    for (let a = 0; a < R.ctx.n; a++) {
      const t = s.uTarget[a]!
      if (t < 0 || ((s.uFlags[a]! & F_REACT_ATT) !== 0) !== reaction) continue
      if (h < 0 || t < h) h = t
    }
    if (h < 0) {
      if (s.ccStage === 0) {
        s.ccStage = 1
        continue
      }
      toContinuation(R, s)
      return
    }
    s.ccHex = h
    const c = groupAttackers(R, s, h, null)
    if (c === 0) {
      for (let a = 0; a < R.ctx.n; a++) if (s.uTarget[a] === h && ((s.uFlags[a]! & F_REACT_ATT) !== 0) === reaction) s.uTarget[a] = -1
      continue
    }
    if (c === 1) {
      let lead = -1
      for (let a = 0; a < R.ctx.n && lead < 0; a++) if (s.uTarget[a] === h && ((s.uFlags[a]! & F_REACT_ATT) !== 0) === reaction && canAttack(R, s, a, h, reaction)) lead = a
      if (resolveCombat(R, s, lead)) continue
      return
    }
    s.kind = K['choose-lead']
    s.player = reaction ? 1 - R.ctx.wSide[s.activeWing]! : R.ctx.wSide[s.activeWing]!
    return
  }
}

/** Applies one close combat (4.2). Returns true when no decision is pending (caller goes on to the next combat). */
export function resolveCombat(R: Board, s: PiwamState, lead: number): boolean {
  const h = s.ccHex
  const reaction = s.ccStage === 0
  const T = R.ctx.tables
  const side = R.ctx.uSide[lead]!
  const lh = s.uHex[lead]!
  // supports: the other valid attackers of this hex
  let supports = 0
  let flank = 0
  const d = R.mainAt(h)
  const dSide = 1 - side
  const dh = h
  const df = s.uFace[d]!
  let nl = 0
  const noteLeaders = (x: number, sd: number) => {
    for (let j = 0; j < R.ctx.m; j++) {
      if (s.lState[j] !== LS_IN || s.lHex[j] !== x || R.ctx.lSide[j] !== sd) continue
      R.tmpLeaders[nl++] = j
      s.lCc[j] = nl // 2.1 A: he rolls for loss after the combat, in this order
    }
  }
  noteLeaders(dh, dSide)
  const seenHex = R.tmpUnits
  let nh = 0
  for (let a = 0; a < R.ctx.n; a++) {
    if (s.uTarget[a] !== h || ((s.uFlags[a]! & F_REACT_ATT) !== 0) !== reaction) continue
    const ok = canAttack(R, s, a, h, reaction)
    s.uTarget[a] = -1
    if (!ok) continue
    if (a !== lead) supports++
    const ah = s.uHex[a]!
    let seen = false
    for (let i = 0; i < nh; i++) if (seenHex[i] === ah) seen = true
    if (seen) continue
    seenHex[nh++] = ah
    noteLeaders(ah, side)
    const k = rot(directionOf(R.ctx.grid.neighbors, dh, ah), -df)
    if (k !== 0 && k !== 1) flank++
  }
  const ev = R.ev
  // Enfants Perdus / artillery alone: eliminated, the attacker advances
  const dt = R.ctx.uType[d]!
  if (dt === T_E || dt === T_ART) {
    const o = R.otherAt(dh, d)
    if (o >= 0) R.eliminate(s, o, 'close combat')
    R.eliminate(s, d, 'close combat')
    removeLeadersAt(R, s, dh, dSide, 'stacked unit eliminated in close combat')
    if (ev) R.push({ type: 'combat', lead: R.ctx.uId[lead]!, defender: R.ctx.uId[d]!, supports, modifier: 0, terms: [], roll: -1, total: -1, result: 'eliminated (alone)', reaction })
    // 2.1 A: every leader who took part rolls for loss (in nextCombat, after the advance), also when no combat roll was made
    return advanceAttacker(R, s, lead, dh, false)
  }
  // 4.2's modifier formula, term by term; the event carries each non-zero term for the log
  const terms: string[] | null = ev ? [] : null
  const term = (label: string, v: number): number => {
    if (terms && v !== 0) terms.push(`${label} ${v > 0 ? '+' : ''}${v}`)
    return v
  }
  let mod = term('attacker morale', R.morale(s, lead)) + term('defender morale', -R.morale(s, d))
  mod += term(`unit type ${R.typeName(lead)} vs ${R.typeName(d)}`, T.interaction.table[R.typeName(lead)][R.typeName(d)])
  mod += term('supporting units', supports) + term('flank or rear hexes', flank)
  for (let i = 0; i < nl; i++) {
    const j = R.tmpLeaders[i]!
    const hx = s.lHex[j]!
    if (R.ctx.lSide[j] === side) {
      if (hx === lh) mod += term(`attacking leader ${R.ctx.lId[j]}`, -R.ctx.lRating[j]!)
    } else mod += term(`defending leader ${R.ctx.lId[j]}`, R.ctx.lRating[j]!)
  }
  mod += term(`defender's terrain (${TERRAINS[R.ctx.terrain[dh]!]!})`, T.terrain.defense[TERRAINS[R.ctx.terrain[dh]!]!])
  mod += term("defender's hexside", R.ctx.sideDef[dh * 6 + directionOf(R.ctx.grid.neighbors, dh, lh)]!)
  if (R.ctx.elev[dh]! > R.ctx.elev[lh]!) mod += term('defender on higher ground', T.terrain.higherDefense)
  let charged = false
  if (!reaction && s.uMoved[lead]! >= T.closeCombat.chargeHexes && (s.uFlags[lead]! & (F_TURNED | F_NO_CHARGE)) === 0) {
    const b = T.closeCombat.chargeBonus[R.typeName(lead)]
    if (b > 0) {
      mod += term('charge bonus', b)
      charged = true
      s.uFlags[lead] = s.uFlags[lead]! | F_CHARGED
    }
  }
  const roll = R.roll(s, 'close combat')
  const total = roll + mod
  const rows = R.parsed
  const idx = Math.max(0, Math.min(rows.length - 1, total - T.closeCombat.minTotal))
  const res = rows[idx]!
  let aLoss = res.aLoss
  let dLoss = res.dLoss
  if (s.uStatus[lead] === 2 && s.uStatus[d] === 2) {
    aLoss = Math.max(0, aLoss - 1)
    dLoss = Math.max(0, dLoss - 1)
  }
  const lt = R.ctx.uType[lead]!
  const pass = res.pass && (lt === T_G || lt === T_C) && (charged || (s.uFlags[lead]! & F_INTERCEPTOR) !== 0)
  if (ev) R.push({ type: 'combat', lead: R.ctx.uId[lead]!, defender: R.ctx.uId[d]!, supports, modifier: mod, terms: terms ?? [], roll, total, result: res.text, reaction })
  // defender
  const dElim = ccLoss(R, s, d, dLoss)
  if (!dElim && pass) {
    if (aLoss > 0) ccLoss(R, s, lead, aLoss)
    // passthrough: the lead cuts through to the hex opposite; if blocked the loser checks unable to retreat
    const dir = directionOf(R.ctx.grid.neighbors, lh, dh)
    const opp = R.ctx.grid.neighbors[dh * 6 + dir]!
    const arm = R.ctx.uArm[lead] === ARM_CAV ? 1 : 0
    if (s.uHex[lead]! >= 0 && opp >= 0 && R.ctx.cost[(arm * R.size + dh) * 6 + dir] !== IMPASSABLE && R.occ0[opp] === 0) {
      moveUnit(R, s, lead, opp, true)
      if (ev) R.push({ type: 'advanced', unit: R.ctx.uId[lead]!, from: R.hexLabel(lh), to: R.hexLabel(opp), passthrough: true })
      return askFacing(R, s, lead)
    }
    if (!unableToRetreat(R, s, d, true)) ccShared(R, s, dh, d, true)
    return true
  }
  // the rest may wait for retreat choices: the pending register (P_CC) holds what is left to resolve
  const P = s.pend
  P[0] = P_CC
  P[1] = lead
  P[2] = d
  P[3] = lh
  P[4] = dh
  P[5] = aLoss
  P[6] = res.aRetreat
  P[7] = 1
  if (!dElim && res.dRetreat > 0) {
    ccShared(R, s, dh, d, true)
    retreat(R, s, d, res.dRetreat, lh, true)
    if (s.rtUnit >= 0) return false
  }
  return ccAttacker(R, s)
}

/** The attacker's result of the close combat in the pending register, after the defender's (4.2). Returns true
 *  when no decision is pending (the caller goes on to the next combat). */
export function ccAttacker(R: Board, s: PiwamState): boolean {
  const P = s.pend
  const lead = P[1]!
  const aLoss = P[5]!
  const aRetreat = P[6]!
  P[7] = 2
  if (aLoss > 0 || aRetreat > 0) {
    const aElim = ccLoss(R, s, lead, aLoss)
    if (!aElim && aRetreat > 0) {
      ccShared(R, s, P[3]!, lead, true)
      retreat(R, s, lead, aRetreat, P[4]!, true)
      if (s.rtUnit >= 0) return false
    }
  }
  return ccFinish(R, s)
}

/** The end of the close combat in the pending register: the attacker must advance into a vacated defender
 *  hex, or the defender may advance into a vacated attacker hex (4.2); the leaders' loss rolls (2.1 A) follow
 *  in nextCombat. */
export function ccFinish(R: Board, s: PiwamState): boolean {
  const P = s.pend
  const lead = P[1]!
  const d = P[2]!
  const lh = P[3]!
  const dh = P[4]!
  P[0] = P_NONE
  if (R.occ0[dh] === 0 && s.uHex[lead] === lh) return advanceAttacker(R, s, lead, dh, false)
  if (R.occ0[lh] === 0 && s.uHex[d] === dh) {
    s.advUnit = d
    s.advFrom = lh
    s.kind = K['defender-advance']
    s.player = R.ctx.uSide[d]!
    return false
  }
  return true
}

/** Close-combat loss for u and the artillery / Enfants Perdus sharing its fate. Returns true if u is eliminated. */
export function ccLoss(R: Board, s: PiwamState, u: number, levels: number): boolean {
  if (levels <= 0) return false
  const h = s.uHex[u]!
  const o = R.otherAt(h, u)
  const elim = reduce(R, s, u, levels, 'close combat')
  if (o >= 0) reduce(R, s, o, levels, 'close combat (shares its fate)')
  if (elim) {
    if (o >= 0) R.eliminate(s, o, 'close combat (shares its fate)')
    removeLeadersAt(R, s, h, R.ctx.uSide[u]!, 'stacked unit eliminated in close combat')
  }
  return elim
}

/** Stacked artillery / Enfants Perdus cannot follow a retreat: they share the fate (eliminated). */
export function ccShared(R: Board, s: PiwamState, h: number, u: number, _retreat: boolean): void {
  const o = R.otherAt(h, u)
  if (o >= 0) R.eliminate(s, o, 'close combat (shares its fate)')
}

/** 2.1 A: each leader who took part in the combat (s.lCc, in order) rolls; on the loss roll he is removed. */
export function leaderLossRolls(R: Board, s: PiwamState): void {
  const m = R.ctx.m
  for (let k = 1; k <= m; k++) {
    let j = -1
    for (let i = 0; i < m && j < 0; i++) if (s.lCc[i] === k) j = i
    if (j < 0) break
    s.lCc[j] = 0
    if (s.lState[j] !== LS_IN) continue
    if (R.roll(s, 'leader after close combat') >= R.ctx.tables.closeCombat.leaderLossRoll) removeLeader(R, s, j, 'rolled 9 after close combat')
  }
}

export function advanceAttacker(R: Board, s: PiwamState, lead: number, to: number, pass: boolean): boolean {
  if (s.uHex[lead]! < 0 || R.occ0[to] !== 0) return true
  const from = s.uHex[lead]!
  moveUnit(R, s, lead, to, true)
  if (R.ev) R.push({ type: 'advanced', unit: R.ctx.uId[lead]!, from: R.hexLabel(from), to: R.hexLabel(to), passthrough: pass })
  return askFacing(R, s, lead)
}

export function askFacing(R: Board, s: PiwamState, u: number): boolean {
  s.advUnit = u
  s.kind = K['advance-facing']
  s.player = R.ctx.uSide[u]!
  return false
}

export function doDefenderAdvance(R: Board, s: PiwamState, yes: boolean): void {
  const d = s.advUnit
  const to = s.advFrom
  if (yes && R.occ0[to] === 0) {
    const from = s.uHex[d]!
    moveUnit(R, s, d, to, true)
    if (R.ev) R.push({ type: 'advanced', unit: R.ctx.uId[d]!, from: R.hexLabel(from), to: R.hexLabel(to), passthrough: false })
    askFacing(R, s, d)
    return
  }
  nextCombat(R, s)
}
