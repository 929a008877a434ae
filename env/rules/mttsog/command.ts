// D) Command phase: corps dice pools (up to 4 dice including the corps
// commander), assignment of the rolled dice, commanders rolling alone, the
// army commander's one re-roll; and the CP cost of an action with its
// cumulative modifiers.

import { d6 } from '../../dice.ts'
import type { Ctx } from './context.ts'
import { effForm, FO, isInf, within } from './core.ts'
import { CP, POOL_MAX } from './tables.ts'
import { LF_POOL, LF_REMOVED, LF_ROLLED, type Events, type MtState } from './state.ts'

const alive = (s: MtState, l: number): boolean => ((s.lfl[l] as number) & LF_REMOVED) === 0
const isCorps = (c: Ctx, l: number): boolean => c.lRole[l] === 'inf-corps' || c.lRole[l] === 'cav-corps'

/** Starts the command phase of the active player: CP reset, the first corps pool (or the lone rolls). */
export function startCommand(c: Ctx, s: MtState, ev: Events): void {
  for (let l = 0; l < c.nL; l++) {
    if (c.lSide[l] !== s.active) continue
    s.cp[l] = 0
    s.lfl[l] = (s.lfl[l] as number) & LF_REMOVED
  }
  nextCorps(c, s, -1, ev)
}

/** The next corps commander (after leader `after`) to build a pool; when none is left, the lone rolls. Returns true if a pool decision is open. */
export function nextCorps(c: Ctx, s: MtState, after: number, ev: Events): boolean {
  for (let l = after + 1; l < c.nL; l++) {
    if (c.lSide[l] !== s.active || !alive(s, l) || !isCorps(c, l)) continue
    s.corps = l
    s.lfl[l] = (s.lfl[l] as number) | LF_POOL
    return true
  }
  s.corps = -1
  loneRolls(c, s, ev)
  return false
}

const poolSize = (c: Ctx, s: MtState): number => {
  let n = 0
  for (let l = 0; l < c.nL; l++) if (c.lSide[l] === s.active && (s.lfl[l] as number) & LF_POOL && !((s.lfl[l] as number) & LF_ROLLED)) n++
  return n
}

/** D 1) a divisional/brigade commander under the corps commander, within his range, may join the pool (max 4 dice). */
export function canJoinPool(c: Ctx, s: MtState, l: number): boolean {
  const k = s.corps
  if (k < 0 || c.lSup[l] !== k || !alive(s, l) || (s.lfl[l] as number) & (LF_POOL | LF_ROLLED)) return false
  if (poolSize(c, s) >= POOL_MAX) return false
  return within(c, s.lhex[k] as number, s.lhex[l] as number, c.lRange[k] as number)
}

export function joinPool(s: MtState, l: number): void {
  s.lfl[l] = (s.lfl[l] as number) | LF_POOL
}

/** Rolls one die per pooled commander; the dice wait, highest first, to be assigned. */
export function rollPool(c: Ctx, s: MtState, ev: Events): void {
  const n = poolSize(c, s)
  s.dice6.length = 0
  for (let i = 0; i < n; i++) s.dice6.push(d6(s.dice, `CP pool of ${c.leaderIds[s.corps]}`, ev))
  s.dice6.sort((a, b) => b - a)
}

export const canAssign = (c: Ctx, s: MtState, l: number): boolean => c.lSide[l] === s.active && ((s.lfl[l] as number) & (LF_POOL | LF_ROLLED)) === LF_POOL

/** Gives the highest unassigned die to commander l. Returns true when the pool is done. */
export function assignDie(c: Ctx, s: MtState, l: number, ev: Events): boolean {
  const v = s.dice6.shift() as number
  s.cp[l] = v
  s.lfl[l] = (s.lfl[l] as number) | LF_ROLLED
  ev?.push({ type: 'cp', leader: c.leaderIds[l] as string, cp: v, why: `assigned from ${c.leaderIds[s.corps]}'s pool` })
  return s.dice6.length === 0
}

/** D 2-3) commanders out of range or not chosen, and the army commander, roll for themselves. */
function loneRolls(c: Ctx, s: MtState, ev: Events): void {
  for (let l = 0; l < c.nL; l++) {
    if (c.lSide[l] !== s.active || !alive(s, l) || (s.lfl[l] as number) & LF_ROLLED) continue
    const v = d6(s.dice, `CP of ${c.leaderIds[l]}`, ev)
    s.cp[l] = v
    s.lfl[l] = (s.lfl[l] as number) | LF_ROLLED
    ev?.push({ type: 'cp', leader: c.leaderIds[l] as string, cp: v, why: 'rolls alone' })
  }
}

/** D 3) the army commander may re-roll one CP die of a commander within his range (his own included). */
export function canReroll(c: Ctx, s: MtState, l: number): boolean {
  const a = c.army[s.active]
  if (!alive(s, a) || c.lSide[l] !== s.active || !alive(s, l) || !((s.lfl[l] as number) & LF_ROLLED)) return false
  return within(c, s.lhex[a] as number, s.lhex[l] as number, c.lRange[a] as number)
}

export function reroll(c: Ctx, s: MtState, l: number, ev: Events): void {
  const v = d6(s.dice, `army commander's re-roll for ${c.leaderIds[l]}`, ev)
  s.cp[l] = v
  ev?.push({ type: 'cp', leader: c.leaderIds[l] as string, cp: v, why: 're-rolled by the army commander' })
}

export const inRange = (c: Ctx, s: MtState, l: number, u: number): boolean => within(c, s.lhex[l] as number, s.hex[u] as number, c.lRange[l] as number)

/** D 5) 1 CP, +1 out of command range, +1 infantry already in open order (the same +1 as terrain note 1 for a start in difficult ground). */
export function baseCost(c: Ctx, s: MtState, l: number, u: number): number {
  return CP.act + (inRange(c, s, l, u) ? 0 : CP.outOfRange) + (isInf(c, u) && effForm(c, s, u) === FO ? CP.openOrder : 0)
}
export function groupCost(c: Ctx, s: MtState, l: number, u: number, v: number): number {
  const oor = inRange(c, s, l, u) && inRange(c, s, l, v) ? 0 : CP.outOfRange
  const open = (isInf(c, u) && effForm(c, s, u) === FO) || (isInf(c, v) && effForm(c, s, v) === FO) ? CP.openOrder : 0
  return CP.act + oor + open
}
export const rallyCost = (c: Ctx, s: MtState, l: number, u: number): number => CP.rally + (inRange(c, s, l, u) ? 0 : CP.outOfRange)

