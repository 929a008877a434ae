// Rally on a Command card (18 January Combat 2, 15 January post): the
// command's officer may first move and attach to the unit; the commander's
// quality die, shifted (Up 1 attached officer, the unit's DD row, Down 1 in
// contact), against "an unadjusted D8". Any positive result ends vexation (and,
// reconstructed, 3 pips stop a rout — of a unit with no UI left, only if it
// buys one back); every 3 pips may buy back one UI at a chip each — the owner
// decides how many.

import { roll } from '../../dice.ts'
import { dieText, dieTotal, shiftDie } from './dieshift.ts'
import type { Ctx } from './context.ts'
import { adjacentEnemies, occupancy } from './geometry.ts'
import { type Events, F_ROUT, F_VEX, type HState, onMap, T_RALLYBUY } from './state.ts'

/** A unit the card side may rally: vexed, routed, or with UI to buy back. */
export function needsRally(c: Ctx, s: HState, u: number): boolean {
  if (c.uSide[u] !== s.cside || !onMap(s, u)) return false
  const w = c.uWing[u] as number
  if (w < 0 || s.wdone[w]) return false
  const fl = s.fl[u] as number
  return (fl & (F_VEX | F_ROUT)) !== 0 || ((s.lost[u] as number) > 0 && (s.chips[s.cside] as number) > 0)
}

export function attach(c: Ctx, s: HState, l: number, u: number, ev: Events): void {
  s.latt[l] = u
  s.lhex[l] = s.hex[u] as number
  ev?.push({ type: 'attached', leader: c.leaderIds[l] as string, unit: c.unitIds[u] as string })
}

export function rally(c: Ctx, s: HState, u: number, ev: Events, scratch: number[]): void {
  const r = c.tables.rally
  const w = c.uWing[u] as number
  s.wdone[w] = 1
  const l = c.wLeader[w] as number
  let net = 0
  if (l >= 0 && s.latt[l] === u) net += r.factors.attachedOfficer
  net += (r.byDefenceDie as Record<number, number>)[c.uType[u]!.dd] ?? 0
  if (adjacentEnemies(c, s, u, occupancy(c, s), scratch).length > 0) net += r.factors.inContact
  const die = shiftDie(c.wDie[w] as number, net)
  const face = roll(s.dice, die.sides, 1, `rally: ${c.unitIds[u]} (${dieText(die)})`, ev)
  const opp = roll(s.dice, r.opposition, 1, 'opposition D8 v rally', ev)
  const total = dieTotal(face, die.bonus)
  const pips = total - opp
  const most = pips > 0 ? Math.min(Math.floor(pips / r.pipsPerUi), s.lost[u] as number, Math.floor(Math.max(0, s.chips[c.uSide[u] as number] as number) / r.chipPerUi)) : 0
  ev?.push({ type: 'rallied', unit: c.unitIds[u] as string, die: dieText(die), total, opposed: opp, pips, ui: most })
  if (pips <= 0) return
  s.fl[u] = (s.fl[u] as number) & ~F_VEX
  // A routed unit with no UI left stands again only with a UI bought back (the buy decides).
  const stops = ((s.fl[u] as number) & F_ROUT) !== 0 && pips >= r.routRallyPips
  const standsOnBuy = stops && (s.lost[u] as number) >= (c.uType[u]?.ui as number)
  if (stops && !standsOnBuy) s.fl[u] = (s.fl[u] as number) & ~F_ROUT
  if (most > 0) s.q.push(T_RALLYBUY, u, most, standsOnBuy ? 1 : 0, 0, 0)
}
