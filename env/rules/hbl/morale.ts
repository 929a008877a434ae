// Unit integrity, morale chips and vexation (18 January examples): every UI lost
// costs a chip from the army pool; the first vexation is free and every later
// one costs a UI and a chip; stubborn UI let a unit buy its way out of a rout,
// a push back or a lost move with one more chip; a unit with no UI left routs
// and is not removed (Combat 1, round 3: "red loses 2 UI ... Red is routed. It
// immediately turns and routs 12"" with its last UI); an army with no chips
// breaks on its Army Morale card.

import type { Player } from '../../core/types.ts'
import { SIDE_NAMES } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { F_ELIM, F_ROUT, F_VEX, MW, type Events, type HState } from './state.ts'

/** Chips leave the army pool (losses and spends alike); the unit's tally counts what it cost. */
export function payChips(c: Ctx, s: HState, side: number, n: number, why: string, u: number, ev: Events): void {
  if (n <= 0) return
  s.chips[side] = (s.chips[side] as number) - n
  s.chipsLost[side] = (s.chipsLost[side] as number) + n
  if (u >= 0) s.chipc[u] = (s.chipc[u] as number) + n
  ev?.push({ type: 'chips', side: side as Player, n, left: s.chips[side] as number, why, unit: u >= 0 ? (c.unitIds[u] as string) : null })
}

/** Loses n UI and n chips (no more than it has left: a unit at 0 UI has none to lose). */
export function loseUi(c: Ctx, s: HState, u: number, n: number, why: string, ev: Events): void {
  if (n <= 0 || ((s.fl[u] as number) & F_ELIM) !== 0) return
  const ui = c.uType[u]?.ui as number
  const take = Math.min(n, ui - (s.lost[u] as number))
  s.lost[u] = (s.lost[u] as number) + take
  ev?.push({ type: 'ui-lost', unit: c.unitIds[u] as string, ui: take, lost: s.lost[u] as number, why })
  payChips(c, s, c.uSide[u] as number, take, why, u, ev)
}

/** On the map, not yet routed, and no UI left: it cannot stand and must rout (the caller moves it). */
export const spent = (c: Ctx, s: HState, u: number): boolean =>
  ((s.fl[u] as number) & (F_ELIM | F_ROUT)) === 0 && (s.lost[u] as number) >= (c.uType[u]?.ui as number)

/** Vexes a unit: free the first time, a UI and a chip for every vexation after it. */
export function vex(c: Ctx, s: HState, u: number, why: string, ev: Events): void {
  if (((s.fl[u] as number) & F_ELIM) !== 0) return
  const again = ((s.fl[u] as number) & F_VEX) !== 0
  s.fl[u] = (s.fl[u] as number) | F_VEX
  ev?.push({ type: 'vexed', unit: c.unitIds[u] as string, again })
  if (again) loseUi(c, s, u, 1, `vexed again (${why})`, ev)
}

/** Still on stubborn UI: fewer UI lost than the unit has stubborn ones (checked before a result's losses). */
export const stubbornLeft = (c: Ctx, s: HState, u: number): boolean => (s.lost[u] as number) < (c.uType[u]?.stubborn as number)

/** An optional chip spend needs a chip in the pool. */
export const canSpend = (s: HState, side: number): boolean => (s.chips[side] as number) > 0

/** Removes a unit from the map and from every melee. */
export function destroy(c: Ctx, s: HState, u: number, why: string, ev: Events): void {
  if (((s.fl[u] as number) & F_ELIM) !== 0) return
  s.fl[u] = F_ELIM | ((s.fl[u] as number) & F_ROUT)
  s.mv[u] = 0
  s.st[u] = 0
  s.ref[u] = -1
  ev?.push({ type: 'destroyed', unit: c.unitIds[u] as string, why })
  endMeleesOf(c, s, u, 'destroyed', ev)
  for (let l = 0; l < c.nL; l++) if (s.latt[l] === u) s.latt[l] = -1
}

/** Ends every melee unit u is in. */
export function endMeleesOf(c: Ctx, s: HState, u: number, why: string, ev: Events): void {
  for (let i = s.mel.length - MW; i >= 0; i -= MW) {
    if (s.mel[i] === u || s.mel[i + 1] === u) {
      ev?.push({ type: 'melee-ended', a: c.unitIds[s.mel[i] as number] as string, b: c.unitIds[s.mel[i + 1] as number] as string, why })
      s.mel.splice(i, MW)
    }
  }
}

/** Index of the melee between u and v (either order), -1 none. */
export function meleeIndex(s: HState, u: number, v: number): number {
  for (let i = 0; i < s.mel.length; i += MW) {
    const a = s.mel[i] as number
    const b = s.mel[i + 1] as number
    if ((a === u && b === v) || (a === v && b === u)) return i
  }
  return -1
}

export const inMelee = (s: HState, u: number): boolean => {
  for (let i = 0; i < s.mel.length; i += MW) if (s.mel[i] === u || s.mel[i + 1] === u) return true
  return false
}

/** Army totals: non-routed units on the map. */
export function goodUnits(c: Ctx, s: HState, side: number): number {
  let n = 0
  for (let u = 0; u < c.nU; u++) if (c.uSide[u] === side && ((s.fl[u] as number) & (F_ELIM | F_ROUT)) === 0) n++
  return n
}

export function endGame(s: HState, winner: Player | null, why: string, ev: Events): void {
  s.over = winner === null ? 3 : winner + 1
  s.why = why
  s.dk = -1
  s.q.length = 0
  ev?.push({ type: 'game-over', winner, reason: why })
}

/** An army with no unit left that can fight has lost (reconstructed). */
export function checkArmies(c: Ctx, s: HState, ev: Events): boolean {
  if (s.over) return true
  const g0 = goodUnits(c, s, 0)
  const g1 = goodUnits(c, s, 1)
  if (g0 > 0 && g1 > 0) return false
  if (g0 === 0 && g1 === 0) endGame(s, null, 'both armies routed or destroyed', ev)
  else endGame(s, g0 === 0 ? 1 : 0, `${c.scenario.sides[g0 === 0 ? 0 : 1].name} has no unit left in good order`, ev)
  return true
}

export const facingName = (f: number): string => SIDE_NAMES[f] as string

/** Ends melees whose units are no longer in contact (after a push back, follow-up, pursuit or withdrawal). */
export function pruneMelees(c: Ctx, s: HState, ev: Events): void {
  for (let i = s.mel.length - MW; i >= 0; i -= MW) {
    const a = s.mel[i] as number
    const b = s.mel[i + 1] as number
    if (c.grid.dist[(s.hex[a] as number) * c.size + (s.hex[b] as number)] === 1) continue
    ev?.push({ type: 'melee-ended', a: c.unitIds[a] as string, b: c.unitIds[b] as string, why: 'no longer in contact' })
    s.mel.splice(i, MW)
  }
}
