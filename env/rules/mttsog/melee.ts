// G) Melee: who may attack whom (the combat table), one simultaneous round
// (defensive fire, advancing fire, melee dice, support, hill), and the
// aftermath queued as tasks: retreats with status dice, cavalry exhaustion
// checks, infantry consolidation, cavalry pursuit.

import type { Ctx } from './context.ts'
import { ARM_ART, ARM_CAV, ARM_INF } from './context.ts'
import { adjArc, dirTo, dist, effForm, FC, FL, FLIM, FM, FO, FSQ, isGood, onMap, touching, waterBetween } from './core.ts'
import { need, rollHits, saves, removeStands, shootMod } from './fire.ts'
import { ATTACKER_CODES, DEFENDER_CODES_VS_CAV, DEFENDER_CODES_VS_INF, MELEE_MOD, type CombatCode } from './tables.ts'
import { F_CHARGE, F_EXH, F_MELEE, QW, S_DIS, S_GOOD, S_ROUT, T_CONSOL, T_EXHQC, T_ODD, T_ODDHIT, T_PURSUE, T_RETREAT, T_ROUND, T_SHARE, type Events, type MtState } from './state.ts'

/** Attacker row of the combat table, or -1 (squares, exhausted cavalry, artillery, disordered and routed units have no row). */
export function attackerRow(c: Ctx, s: MtState, u: number): number {
  if (!onMap(s, u) || !isGood(s, u)) return -1
  if (c.uArm[u] === ARM_CAV) return (s.fl[u] as number) & F_EXH ? -1 : 3
  if (c.uArm[u] !== ARM_INF) return -1
  const f = effForm(c, s, u)
  return f === FL ? 0 : f === FC || f === FM ? 1 : f === FO ? 2 : -1
}

/** Defender column: Inf LN, Inf Col, Inf Sq, Inf open, Cav LN, CavExh, Limber, UnLim, Disor, Routed. */
export function defenderCol(c: Ctx, s: MtState, u: number): number {
  const st = s.st[u] as number
  if (st === S_ROUT) return 9
  if (st === S_DIS) return 8
  if (c.uArm[u] === ARM_CAV) return (s.fl[u] as number) & F_EXH ? 5 : 4
  if (c.uArm[u] === ARM_ART) return s.form[u] === FLIM ? 6 : 7
  const f = effForm(c, s, u)
  return f === FL ? 0 : f === FC || f === FM ? 1 : f === FSQ ? 2 : 3
}

export function attackerCode(c: Ctx, s: MtState, a: number, d: number): CombatCode {
  const row = attackerRow(c, s, a)
  if (row < 0) return 'NA'
  return (ATTACKER_CODES[row] as readonly CombatCode[])[defenderCol(c, s, d)] as CombatCode
}
export const defenderCode = (c: Ctx, s: MtState, a: number, d: number): CombatCode =>
  ((c.uArm[a] === ARM_CAV ? DEFENDER_CODES_VS_CAV : DEFENDER_CODES_VS_INF)[defenderCol(c, s, d)] as CombatCode)

/** Whether a may attack the enemy d (the table is not NA; d is adjacent). */
export function canAttack(c: Ctx, s: MtState, a: number, d: number): boolean {
  if (!onMap(s, d) || c.uSide[a] === c.uSide[d]) return false
  if (dist(c, s.hex[a] as number, s.hex[d] as number) !== 1) return false
  return attackerCode(c, s, a, d) !== 'NA'
}

/** Whether unit a has an enemy next to it that it could attack (occupancy synced). */
export function hasAttackable(c: Ctx, s: MtState, a: number, at: number): boolean {
  const side = c.uSide[a]
  for (let d = 0; d < 6; d++) {
    const n = c.grid.neighbors[at * 6 + d] as number
    if (n < 0) continue
    const v = c.occ[n] as number
    if (v < 0 || c.uSide[v] === side) continue
    const h = s.hex[a] as number
    s.hex[a] = at
    const ok = attackerCode(c, s, a, v) !== 'NA'
    s.hex[a] = h
    if (ok) return true
  }
  return false
}

const shoots = (code: CombatCode): boolean => code.startsWith('Sh') || code.startsWith('Can')
const doubled = (code: CombatCode): boolean => code.includes('X2M')
const supported = (code: CombatCode): boolean => code.endsWith(',S')

/** "Defended position" for the defender d against a: a defended hex (BUA, scenario) or a stream/river between. */
const defended = (c: Ctx, s: MtState, a: number, d: number): boolean => c.defended[s.hex[d] as number] === 1 || waterBetween(c, s.hex[a] as number, s.hex[d] as number)

/** Melee to-hit modifier sum for `u` fighting `foe` (the combat table's legend). */
function meleeNeed(c: Ctx, s: MtState, u: number, foe: number, code: CombatCode, uIsAttacker: boolean, terms?: string[]): number {
  if (code === 'X2M*') {
    terms?.push('cavalry vs square: 6 to hit')
    return 6 // "Cav Vs Inf Square #6 to hit"
  }
  if (s.st[u] === S_DIS && s.st[foe] === S_GOOD) {
    terms?.push('disordered vs good order: 6 to hit')
    return 6 // "Disorder Vs good order #6 to hit"
  }
  let m = 0
  const add = (k: 'vsDisorderedOrRouted' | 'exhausted' | 'defended', label: string): void => {
    m += MELEE_MOD[k]
    terms?.push(`${label} ${MELEE_MOD[k] > 0 ? '+' : ''}${MELEE_MOD[k]}`)
  }
  if (s.st[foe] === S_DIS || s.st[foe] === S_ROUT) add('vsDisorderedOrRouted', 'vs disordered/routed')
  if (c.uArm[u] === ARM_CAV && (s.fl[u] as number) & F_EXH) add('exhausted', 'exhausted cavalry')
  if (uIsAttacker && defended(c, s, u, foe)) add('defended', 'vs defended position')
  return need(m)
}

/** One group of a round's dice (G 2-5): rolled, and with events on, reported with the modifiers behind its number. */
function rollGroup(c: Ctx, s: MtState, u: number, foe: number, what: 'defensive fire' | 'advancing fire' | 'melee', dice: number, nd: number, terms: string[] | undefined, ev: Events): number {
  const hits = rollHits(s, dice, nd, `${what} of ${c.unitIds[u]}`, ev)
  ev?.push({ type: 'melee-dice', unit: c.unitIds[u] as string, target: c.unitIds[foe] as string, what, dice, need: nd, terms: terms ?? [], hits })
  return hits
}

/** G 2) The attackers the defender's first-round defensive fire may be aimed at (its column of the
 *  combat table shoots against them); written into out. Two or more: its owner chooses. */
export function defensiveFireTargets(c: Ctx, s: MtState, out: number[]): number {
  out.length = 0
  const d = s.def
  if (s.round !== 1 || !isGood(s, d) || !((c.prof[d]?.shoot ?? 0) > 0)) return 0
  for (const a of s.atk) if (shoots(defenderCode(c, s, a, d))) out.push(a)
  return out.length
}

/** The defender aims its defensive fire at attacker a: a becomes the first attacker, the one it
 *  faces (G 1) and fires at (G 2). */
export function aimDefensiveFire(s: MtState, a: number): void {
  const i = s.atk.indexOf(a)
  if (i > 0) s.atk.splice(0, 0, ...s.atk.splice(i, 1))
}

/** Scratch: each attacker's share of the defender's hits, then that share after saves (reused, not state). */
const NET: number[] = []
const SHARE: number[] = []
/** Bits of a T_ROUND record's last field (with the defender's support above them). */
const R_IGNORE = 1
const R_DEF_NA = 2

/** One round of combat between s.atk and s.def (round 1 with shooting). Queues the aftermath in s.q. */
export function fightRound(c: Ctx, s: MtState, ev: Events): void {
  const d = s.def
  const atk = s.atk
  const primary = atk[0] as number
  const dh = s.hex[d] as number
  const first = s.round === 1
  const codes: CombatCode[] = []
  for (const a of atk) codes.push(attackerCode(c, s, a, d))
  const dcode = defenderCode(c, s, primary, d)
  // The arc the assault comes from is fixed before anyone turns: a charge into the rear denies support.
  let rear = false
  for (const a of atk) if (adjArc(c, dh, s.face[d] as number, s.hex[a] as number) === 2) rear = true
  // G 1) "All Att/Def stands must orient to maximize contact": attackers face the defender, the
  // defender its first attacker (the one its defensive fire is aimed at: its owner's choice, G 2).
  for (const a of atk) s.face[a] = dirTo(c, s.hex[a] as number, dh)
  s.face[d] = dirTo(c, dh, s.hex[primary] as number)
  let aHits = 0
  let dHits = 0
  let aSupport = 0
  let dSupport = 0
  // G 2) defensive fire (its modifiers against the first attacker), 3) advancing fire
  const dTouch = touching(c, s, d)
  const dp = c.prof[d]
  if (first && dcode !== 'NA' && shoots(dcode) && isGood(s, d) && dp && dp.shoot > 0) {
    const n = dp.arm === 'art' ? dp.shoot : dTouch * dp.shoot
    const terms = ev ? [] : undefined
    dHits += rollGroup(c, s, d, primary, 'defensive fire', n, need(shootMod(c, s, d, primary, { canister: dcode === 'Can,M' }, terms)), terms, ev)
  }
  for (let i = 0; i < atk.length; i++) {
    const a = atk[i] as number
    const code = codes[i] as CombatCode
    const ap = c.prof[a]
    if (first && shoots(code) && ap && ap.shoot > 0) {
      const terms = ev ? [] : undefined
      aHits += rollGroup(c, s, a, d, 'advancing fire', touching(c, s, a) * ap.shoot, need(shootMod(c, s, a, d, { canister: false }, terms)), terms, ev)
    }
  }
  // G 4) attacker's melee, 5) defender's melee
  for (let i = 0; i < atk.length; i++) {
    const a = atk[i] as number
    const code = codes[i] as CombatCode
    const t = touching(c, s, a)
    const terms = ev ? [] : undefined
    aHits += rollGroup(c, s, a, d, 'melee', t * (c.prof[a]?.melee ?? 0) * (doubled(code) ? 2 : 1), meleeNeed(c, s, a, d, code, true, terms), terms, ev)
    if (supported(code) && effForm(c, s, a) !== FO) aSupport += ((s.stands[a] as number) - t) * MELEE_MOD.support
  }
  if (dcode !== 'NA') {
    const terms = ev ? [] : undefined
    dHits += rollGroup(c, s, d, primary, 'melee', dTouch * (dp?.melee ?? 0) * (doubled(dcode) ? 2 : 1), meleeNeed(c, s, d, primary, dcode, false, terms), terms, ev)
    if (supported(dcode) && !rear && effForm(c, s, d) !== FO) dSupport += ((s.stands[d] as number) - dTouch) * MELEE_MOD.support
  }
  // G 6) all hits count: saves, then stands removed
  const aNet = saves(c, s, d, aHits, ev)
  // the defender's hits are shared equally among the attackers (as G 7 shares the status dice); the odd ones
  // (fewer than the attackers) are the attackers' owner's to give (odd-die): the round waits for him
  const k = atk.length
  const base = Math.floor(dHits / k)
  const flags = (dcode === 'Sh,M,I' ? R_IGNORE : 0) | (dcode === 'NA' ? R_DEF_NA : 0)
  if (k > 1 && dHits % k > 0) {
    const rec = [T_ODDHIT, dHits % k, base, k]
    for (const a of atk) rec.push(T_SHARE, a, 0, base)
    rec.push(T_ROUND, aNet, aSupport, dSupport * 4 + flags)
    s.q.unshift(...rec)
    return
  }
  SHARE.length = 0
  for (let i = 0; i < k; i++) SHARE.push(base)
  finishRound(c, s, aNet, aSupport, dSupport, flags, SHARE, ev)
}

/** G 6) The attackers' owner gives attacker u one of the odd hits (a T_ODDHIT task at the head, its T_SHARE
 *  records and the T_ROUND record after it); the round is finished with the last. */
export function giveOddHit(c: Ctx, s: MtState, u: number, ev: Events): void {
  const k = s.q[3] as number
  for (let i = 1; i <= k; i++) if (s.q[i * QW + 1] === u) s.q[i * QW + 3] = (s.q[i * QW + 3] as number) + 1
  s.q[1] = (s.q[1] as number) - 1
  if ((s.q[1] as number) > 0) return
  SHARE.length = 0
  for (let i = 1; i <= k; i++) SHARE.push(s.q[i * QW + 3] as number)
  const r = (k + 1) * QW
  const aNet = s.q[r + 1] as number
  const aSupport = s.q[r + 2] as number
  const packed = s.q[r + 3] as number
  s.q.splice(0, r + QW)
  finishRound(c, s, aNet, aSupport, packed >> 2, packed & 3, SHARE, ev)
}

/** The rest of a round once the defender's hits are shared (`share`, by attacker): the attackers' saves,
 *  the result, stands removed and the aftermath queued. */
function finishRound(c: Ctx, s: MtState, aNet: number, aSupport: number, dSupport: number, flags: number, share: readonly number[], ev: Events): void {
  const d = s.def
  const atk = s.atk
  const primary = atk[0] as number
  const dh = s.hex[d] as number
  const k = atk.length
  const net = NET
  net.length = 0
  let dNet = 0
  for (let i = 0; i < k; i++) {
    const n = saves(c, s, atk[i] as number, share[i] as number, ev)
    net.push(n)
    dNet += n
  }
  const hillA = (c.elev[s.hex[primary] as number] as number) > (c.elev[dh] as number) ? MELEE_MOD.hill : 0
  const hillD = (c.elev[dh] as number) > (c.elev[s.hex[primary] as number] as number) ? MELEE_MOD.hill : 0
  const aScore = aNet + aSupport + hillA
  const dScore = dNet + dSupport + hillD
  const diff = aScore - dScore
  const result = diff > 0 ? 'attacker wins' : diff < 0 ? 'defender wins' : 'draw'
  if (ev) {
    // G) the result: net hits plus rear-rank support and the hill, each side's terms listed for the log
    const terms = (support: number, hill: number): string[] => [...(support ? [`support +${support}`] : []), ...(hill ? [`hill +${hill}`] : [])]
    ev.push({ type: 'melee', attackers: atk.map((a) => c.unitIds[a] as string), defender: c.unitIds[d] as string, attackerHits: aNet, defenderHits: dNet, attackerTerms: terms(aSupport, hillA), defenderTerms: terms(dSupport, hillD), attackerScore: aScore, defenderScore: dScore, result, round: s.round })
  }
  for (const a of atk) s.fl[a] = ((s.fl[a] as number) | F_MELEE) & ~F_CHARGE
  s.fl[d] = (s.fl[d] as number) | F_MELEE
  const defAlive = removeStands(c, s, d, aNet, ev)
  for (let i = 0; i < k; i++) removeStands(c, s, atk[i] as number, net[i] as number, ev)
  // G 7) the loser retreats a stand depth and rolls the difference; 10) a draw: the attacker retreats.
  const ignore = (flags & R_IGNORE) !== 0
  const live = atk.filter((a) => onMap(s, a))
  if (diff > 0) {
    if (defAlive && !ignore) push(s, T_RETREAT, d, dirTo(c, s.hex[primary] as number, dh), diff)
  } else {
    // "If more than one unit participated in combat, the rolls are shared equally among them": the odd ones
    // (fewer than the attackers) go where their owner gives them (odd-die, a T_ODD task before the retreats)
    const k = live.length
    const n = -diff
    const base = k ? Math.floor(n / k) : 0
    if (k > 1 && n % k > 0) push(s, T_ODD, n % k, base, k)
    for (const a of live) push(s, T_RETREAT, a, dirTo(c, dh, s.hex[a] as number), base)
  }
  // I) Exhausted Cavalry 1): a QC "after each round of combat"
  for (const a of live) if (c.uArm[a] === ARM_CAV) push(s, T_EXHQC, a, d, 0)
  if (defAlive && c.uArm[d] === ARM_CAV && (flags & R_DEF_NA) === 0) push(s, T_EXHQC, d, primary, 0)
  // G 8) infantry winner consolidates; 9) cavalry winner may pursue
  if (diff > 0) {
    for (const a of live) push(s, c.uArm[a] === ARM_CAV ? T_PURSUE : T_CONSOL, a, d, s.round)
  } else if (diff < 0 && defAlive) {
    push(s, c.uArm[d] === ARM_CAV ? T_PURSUE : T_CONSOL, d, primary, s.round)
  }
}

/** Queues a task record of QW ints. */
function push(s: MtState, kind: number, a: number, b: number, x: number): void {
  s.q.push(kind, a, b, x)
}
