// Morale: morale tests (0.2), corps and army morale (8), demoralisation (8.3)
// and heroic value (7.2).

import { passesAtMost, rollSum } from '../shared/morale.ts'
import type { Ctx } from './context.ts'
import { MODIFIERS } from './tables.ts'
import { adjacentEnemy, sync } from './occupancy.ts'
import { type Events, FRENCH, L_INJ, L_OK, type MState, SWISS, T } from './state.ts'

/** French corps morale <= 0 and not nullified by a heroic commander (7.2, 8.3). */
export function demoralised(c: Ctx, s: MState, w: number): boolean {
  if (w < 0 || c.wSide[w] !== FRENCH) return false
  if ((s.mor[w] as number) > 0) return false
  return (heroicMask(c, s) & (1 << w)) === 0
}

/**
 * 7.2: the demoralised corps heroic commander l could rally now (bit per corps): he is active,
 * next to an enemy unit and stacked with a unit of the corps (Bayard: cavalry corps only).
 */
export function heroicCandidates(c: Ctx, s: MState, l: number): number {
  if (l < 0) return 0
  const kind = c.lHeroic[l] as number
  if (!kind || (s.lst[l] !== L_OK && s.lst[l] !== L_INJ)) return 0
  const h = s.lhex[l] as number
  if (h < 0) return 0
  sync(c, s)
  let cand = 0
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) {
    const w = c.uCorps[v] as number
    if (w < 0 || c.wSide[w] !== FRENCH || (s.mor[w] as number) > 0) continue
    if (kind === 2 && !c.wAllCav[w]) continue
    cand |= 1 << w
  }
  return cand !== 0 && adjacentEnemy(c, c.lSide[l] as number, h) ? cand : 0
}

const single = (m: number): boolean => m !== 0 && (m & (m - 1)) === 0

/** The corps commander l rallies: his choice s.her[l] while it qualifies, else the only candidate; -1 none (or not chosen yet). */
function heroicCorps(c: Ctx, s: MState, l: number, taken: number): number {
  const cand = heroicCandidates(c, s, l) & ~taken
  if (cand === 0) return -1
  const w = s.her[l] as number
  if (w >= 0 && cand & (1 << w)) return w
  return single(cand) ? 31 - Math.clz32(cand) : -1
}

/** Corps whose demoralisation is nullified by Francois 1st / Bayard (7.2): one corps each, the French player's choice. */
export function heroicMask(c: Ctx, s: MState): number {
  let mask = 0
  for (let l = 0; l < c.nL; l++) {
    if (!c.lHeroic[l]) continue
    const w = heroicCorps(c, s, l, mask)
    if (w >= 0) mask |= 1 << w
  }
  return mask
}

/** A heroic commander who could rally two or more corps and has not named one of them (decision `heroic`), or -1. */
export function heroicPending(c: Ctx, s: MState): number {
  let any = false
  for (let w = 0; w < c.nW; w++) if (c.wSide[w] === FRENCH && (s.mor[w] as number) <= 0) any = true
  if (!any) return -1
  let mask = 0
  for (let l = 0; l < c.nL; l++) {
    if (!c.lHeroic[l]) continue
    const cand = heroicCandidates(c, s, l) & ~mask
    if (cand === 0) continue
    const w = heroicCorps(c, s, l, mask)
    if (w < 0) return l
    mask |= 1 << w
  }
  return -1
}

/** 8.3: does the stack in hex h include a unit of a demoralised corps (its attacks get -2)? */
export function stackDemoralised(c: Ctx, s: MState, h: number): boolean {
  sync(c, s)
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) if (demoralised(c, s, c.uCorps[v] as number)) return true
  return false
}

export function demoralisedFrench(c: Ctx, s: MState): number {
  let n = 0
  const hm = heroicMask(c, s)
  for (let w = 0; w < c.nW; w++) if (c.wSide[w] === FRENCH && (s.mor[w] as number) <= 0 && !(hm & (1 << w))) n++
  return n
}

export function unitMorale(c: Ctx, s: MState, u: number): number {
  return T(c, s, u).morale + (demoralised(c, s, c.uCorps[u] as number) ? MODIFIERS.demoralisedMorale : 0)
}

/** 0.2: 2d6 <= morale + modifier passes. */
export function moraleTest(c: Ctx, s: MState, u: number, mod: number, why: string, ev: Events): boolean {
  const m = unitMorale(c, s, u)
  const id = c.unitIds[u] as string
  const sum = rollSum(s.dice, 2, 6, `${why}: ${id}`, ev)
  const passed = passesAtMost(sum, m, mod)
  if (ev) ev.push({ type: 'test', unit: id, morale: m, mod, roll: sum, passed, why })
  return passed
}

export function corpsName(c: Ctx, side: number, w: number): string {
  return side === SWISS ? 'swiss-army' : (c.corpsIds[w] ?? '?')
}

/** Adds delta to the morale of unit u's corps (French) or the Swiss army. */
export function moraleDelta(c: Ctx, s: MState, side: number, w: number, delta: number, why: string, ev: Events): void {
  if (delta === 0) return
  if (side === SWISS) {
    s.army += delta
    if (ev) ev.push({ type: 'morale', corps: 'swiss-army', delta, to: s.army, why })
    return
  }
  if (w < 0) return
  const before = s.mor[w] as number
  s.mor[w] = Math.max(0, before + delta)
  if (ev) {
    ev.push({ type: 'morale', corps: c.corpsIds[w] as string, delta, to: s.mor[w] as number, why })
    if (before > 0 && (s.mor[w] as number) <= 0) ev.push({ type: 'demoralised', corps: c.corpsIds[w] as string, on: true })
    if (before <= 0 && (s.mor[w] as number) > 0) ev.push({ type: 'demoralised', corps: c.corpsIds[w] as string, on: false })
  }
}

// ---- status changes (10) -----------------------------------------------------
