// Shooting (15 and 18 January posts): there is no shoot card; a loaded unit
// resolves "all of the unit's fire effect to that point" when its owner
// chooses, then is unloaded until it reloads (Reload card; artillery on its
// Artillery Action card). The shooter's CD, shifted, against the target's
// unshifted DD: 1 UI per 3 pips, vexed when the DD is lower and odd, a move
// lost from 6 pips (reconstructed). Fire into a melee is resolved against the
// friends in it too, Down 1. Windows: at the start of each of the owner's
// cards, and for the enemy after every command activation ("before Blue
// actually moves"), each opened only when a loaded shooter has a target.

import { roll } from '../../dice.ts'
import { hexesBetween } from '../../hex/grid.ts'
import { dieText, dieTotal, shiftDie } from './dieshift.ts'
import type { Ctx } from './context.ts'
import { inFrontCone, inGood, occupancy } from './geometry.ts'
import { canSpend, inMelee, loseUi, spent, stubbornLeft, vex } from './morale.ts'
import { type Events, F_ELIM, F_LOADED, type HState, MW, onMap, T_NEGATE, T_ROUT } from './state.ts'

export function canShoot(c: Ctx, s: HState, u: number): boolean {
  return inGood(s, u) && ((s.fl[u] as number) & F_LOADED) !== 0 && c.uType[u]?.shoots != null && !inMelee(s, u)
}

/** Enemy units u can shoot at: in range, in its front cone, line of sight clear of units and type III hexes. */
export function shootTargets(c: Ctx, s: HState, u: number, out: number[]): number[] {
  out.length = 0
  const w = c.uType[u]?.shoots
  if (!w || !canShoot(c, s, u)) return out
  const range = c.tables.shooting.ranges[w]
  if (!range) return out
  const from = s.hex[u] as number
  const f = s.face[u] as number
  const occ = occupancy(c, s)
  for (let v = 0; v < c.nU; v++) {
    if (c.uSide[v] === c.uSide[u] || !onMap(s, v)) continue
    const to = s.hex[v] as number
    const d = c.grid.dist[from * c.size + to] as number
    if (d > range[1] || !inFrontCone(c, from, f, to)) continue
    let clear = true
    for (const h of hexesBetween(c.grid, from, to)) {
      if ((occ[h] as number) >= 0 || c.ttype[h] === 3) {
        clear = false
        break
      }
    }
    if (clear) out.push(v)
  }
  return out
}

export function anyShooter(c: Ctx, s: HState, side: number, scratch: number[]): boolean {
  for (let u = 0; u < c.nU; u++) if (c.uSide[u] === side && shootTargets(c, s, u, scratch).length > 0) return true
  return false
}

/** One shot of u at t (friend: the Down for firing at friends in a melee). */
function resolveShot(c: Ctx, s: HState, u: number, t: number, friend: boolean, ev: Events): void {
  const sh = c.tables.shooting
  const w = c.uType[u]?.shoots as 'gun' | 'shot'
  const range = sh.ranges[w] as readonly [number, number]
  const from = s.hex[u] as number
  const to = s.hex[t] as number
  const dist = c.grid.dist[from * c.size + to] as number
  const tt = c.uType[t]!
  const factors: string[] = []
  let net = 0
  const add = (name: keyof typeof sh.factors) => {
    net += sh.factors[name]
    factors.push(`${name}${sh.factors[name] > 0 ? '+' : ''}${sh.factors[name]}`)
  }
  add(dist <= range[0] ? 'closeRange' : 'longRange')
  if (tt.pike) add('vsPike')
  if (tt.deep) add('vsDeep')
  if (!inFrontCone(c, to, s.face[t] as number, from)) add('vsFlank')
  if (friend) add('vsFriends')
  const die = shiftDie(c.uType[u]!.cd, net)
  const face = roll(s.dice, die.sides, 1, `fire: ${c.unitIds[u]} (${dieText(die)})`, ev)
  const dd = roll(s.dice, tt.dd, 1, `defence die: ${c.unitIds[t]} (D${tt.dd})`, ev)
  const total = dieTotal(face, die.bonus)
  const pips = total - dd
  ev?.push({ type: 'fired', unit: c.unitIds[u] as string, target: c.unitIds[t] as string, die: dieText(die), total, face, defence: dd, defenceFace: dd, pips, factors })
  if (pips <= 0) return
  const stub = stubbornLeft(c, s, t)
  loseUi(c, s, t, Math.floor(pips / c.tables.bands.pipsPerUi), `fire from ${c.unitIds[u]}`, ev)
  if ((dd & 1) === 1) vex(c, s, t, `fire from ${c.unitIds[u]}`, ev)
  // Its last UI shot away: it routs as a melee loser does (docs/rules/hbl.md, H10).
  if (spent(c, s, t)) {
    s.q.unshift(T_ROUT, t, -1, 0, 0, 0) // at once, before anything else pending
    return
  }
  if (pips >= sh.moveLossPips && ((s.fl[t] as number) & F_ELIM) === 0 && (s.mv[t] as number) > 0) {
    s.mv[t] = (s.mv[t] as number) - 1
    if (stub && canSpend(s, c.uSide[t] as number)) s.q.push(T_NEGATE, t, 0, 0, 0, 0)
    else ev?.push({ type: 'move-lost', unit: c.unitIds[t] as string, negated: false })
  }
}

/** u shoots at t, then at the friends in melee with t; u is unloaded. */
export function shoot(c: Ctx, s: HState, u: number, t: number, ev: Events, scratch: number[]): void {
  scratch.length = 0
  for (let i = 0; i < s.mel.length; i += MW) {
    const a = s.mel[i] as number
    const b = s.mel[i + 1] as number
    const f = a === t ? b : b === t ? a : -1
    if (f >= 0 && c.uSide[f] === c.uSide[u] && !scratch.includes(f)) scratch.push(f)
  }
  resolveShot(c, s, u, t, false, ev)
  for (const f of scratch) if (((s.fl[f] as number) & F_ELIM) === 0) resolveShot(c, s, u, f, true, ev)
  s.fl[u] = (s.fl[u] as number) & ~F_LOADED
}

export function reload(c: Ctx, s: HState, u: number, ev: Events): void {
  s.fl[u] = (s.fl[u] as number) | F_LOADED
  ev?.push({ type: 'reloaded', unit: c.unitIds[u] as string })
}
