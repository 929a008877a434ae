// 5 Stacking (5.1 Swiss, 5.2 French) and stacks sharing one facing (3).

import type { Ctx, TypeStats } from './context.ts'
import { sync, touch } from './occupancy.ts'
import { type Events, type MState, SWISS, S_ROUT, T, facingName } from './state.ts'

/** Stacking counters for one hex (no allocation): cav, inf non-arquebusier, arquebusiers, art. */
export function stackFits(side: number, cav: number, pike: number, arq: number, art: number): boolean {
  const n = cav + pike + arq + art
  if (n <= 1) return true
  if (side === SWISS) return cav === 0 && art === 0 && arq <= 1 && (arq === 1 ? pike <= 1 : pike <= 3)
  if (cav > 0) return pike + arq + art === 0 && cav <= 2
  return art <= 1 && pike + arq <= 2
}

/** Would the units of hex h plus unit u (type index ty) respect stacking (5.1, 5.2)? */
export function canStack(c: Ctx, s: MState, u: number, h: number, ty = s.ty[u] as number): boolean {
  const side = c.uSide[u] as number
  let cav = 0
  let pike = 0
  let arq = 0
  let art = 0
  for (let v = c.head[h] as number, first = true; first || v >= 0; first = false) {
    let t: TypeStats
    if (first) t = c.types[ty] as TypeStats
    else {
      const w = v
      v = c.next[v] as number
      if (w === u) continue
      if (c.uSide[w] !== side) return false
      t = T(c, s, w)
    }
    if (t.cls === 0) cav++
    else if (t.cls === 2) art++
    else if (t.swissArq) arq++
    else pike++
  }
  return stackFits(side, cav, pike, arq, art)
}

export function stackLegal(c: Ctx, s: MState, h: number): boolean {
  const first = c.head[h] as number
  if (first < 0) return true
  const side = c.uSide[first] as number
  let cav = 0
  let pike = 0
  let arq = 0
  let art = 0
  for (let v = first; v >= 0; v = c.next[v] as number) {
    if (c.uSide[v] !== side) return false
    const t = T(c, s, v)
    if (t.cls === 0) cav++
    else if (t.cls === 2) art++
    else if (t.swissArq) arq++
    else pike++
  }
  return stackFits(side, cav, pike, arq, art)
}

// ---- movement costs (9, Terrain Table) ---------------------------------

/** A routed unit regaining a facing takes the facing of the stack it stands in (3). */
export function alignFacing(c: Ctx, s: MState, u: number): void {
  touch(c)
  sync(c, s)
  for (let v = c.head[s.hex[u] as number] as number; v >= 0; v = c.next[v] as number)
    if (v !== u && s.st[v] !== S_ROUT && c.uSide[v] === c.uSide[u]) {
      s.face[u] = s.face[v] as number
      break
    }
  touch(c)
}

// ---- moving a unit --------------------------------------------------------------------

export function faceStack(c: Ctx, s: MState, h: number, d: number, ev: Events): void {
  sync(c, s)
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) {
    if (s.st[v] === S_ROUT || s.face[v] === d) continue
    s.face[v] = d
    if (ev) ev.push({ type: 'faced', unit: c.unitIds[v] as string, facing: facingName(d) })
  }
  touch(c)
}
