// Combat results (12.4, 13.2; column shifts in ../shared/morale.ts): eliminations chosen by the owner,
// commander injuries (12.5), then the survivors' tests.

import type { Ctx } from './context.ts'
import { afterDeath, injuryRoll, leaderActive } from './command.ts'
import { moraleTest } from './morale.ts'
import { occ, sync } from './occupancy.ts'
import { eliminate, failed } from './rout.ts'
import { type Events, K, L_DEAD, L_REPL, type MState, NO_TEST, onMap, popTask } from './state.ts'

export function processHit(c: Ctx, s: MState, ev: Events): number {
  const hex = s.q[1] as number
  const side = s.q[2] as number
  if (!((s.q[5] as number) & 2)) {
    // first visit: the candidates are the units in the hex (or the attacking group)
    s.q[5] = (s.q[5] as number) | 2
    s.lc.length = 0
    if (hex >= 0) {
      for (let v = c.head[hex] as number; v >= 0; v = c.next[v] as number) if (c.uSide[v] === side) s.lc.push(v, hex, 0)
    } else for (const v of s.grp) if (onMap(s, v) && c.uSide[v] === side) s.lc.push(v, s.hex[v] as number, 0)
  }
  for (;;) {
    const left = s.q[3] as number
    if (left <= 0) break
    let n = 0
    let first = -1
    let same = true
    for (let i = 0; i < s.lc.length; i += 3) {
      const v = s.lc[i] as number
      if (!onMap(s, v) || s.lc[i + 2]) continue
      if (first < 0) first = v
      else if (s.ty[v] !== s.ty[first] || s.st[v] !== s.st[first] || s.fl[v] !== s.fl[first] || s.hex[v] !== s.hex[first]) same = false
      n++
    }
    if (n === 0) {
      s.q[3] = 0
      break
    }
    if (n > left && !same) return K.loss
    hitUnit(c, s, first, ev)
  }
  // 12.5: injury rolls for commanders in hexes that took an elimination
  const hexes: number[] = []
  for (let i = 0; i < s.lc.length; i += 3) if (s.lc[i + 2] && !hexes.includes(s.lc[i + 1] as number)) hexes.push(s.lc[i + 1] as number)
  sync(c, s)
  for (const h of hexes) {
    for (let l = 0; l < c.nL; l++) {
      if (c.lSide[l] !== side || !leaderActive(s, l) || s.lhex[l] !== h) continue
      const wasDead = s.lst[l]
      injuryRoll(c, s, l, occ(c, side, h) === 0, ev)
      if (wasDead !== s.lst[l] && (s.lst[l] === L_DEAD || s.lst[l] === L_REPL)) afterDeath(c, s, l)
    }
  }
  // then the survivors test (or are disorganised)
  const mod = s.q[4] as number
  const dis = ((s.q[5] as number) & 1) !== 0
  const list: number[] = []
  for (let i = 0; i < s.lc.length; i += 3) list.push(s.lc[i] as number)
  popTask(s)
  s.lc.length = 0
  for (const v of list) {
    if (!onMap(s, v)) continue
    if (dis) failed(c, s, v, 'combat', ev)
    else if (mod !== NO_TEST && !moraleTest(c, s, v, mod, 'combat result', ev)) failed(c, s, v, 'combat', ev)
  }
  return -1
}

export function hitUnit(c: Ctx, s: MState, v: number, ev: Events): void {
  for (let i = 0; i < s.lc.length; i += 3) if (s.lc[i] === v) s.lc[i + 2] = 1
  s.q[3] = (s.q[3] as number) - 1
  eliminate(c, s, v, 'combat result', true, ev)
}
