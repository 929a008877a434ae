// 4 Zones of control: the three front hexes of every non-routed combat unit
// (all six in hedgehog); front and rear (3) for commitment and melee.

import { rot } from '../../hex/grid.ts'
import { ALL_SIDES, hexsideFrontSides, zocCovers } from '../shared/zoc.ts'
import type { Ctx } from './context.ts'
import { F_HEDGE, type MState, S_ROUT, onMap } from './state.ts'

export const inEnemyZoc = (c: Ctx, side: number, h: number): boolean => (c.zoc[(1 - side) * c.size + h] as number) > 0

/** Does unit u (at its hex, with its facing) exert ZOC on hex h? */
export function zocOn(c: Ctx, s: MState, u: number, h: number): boolean {
  if (!onMap(s, u) || s.st[u] === S_ROUT) return false
  const sides = (s.fl[u] as number) & F_HEDGE ? ALL_SIDES : hexsideFrontSides(s.face[u] as number)
  return zocCovers(c.grid, s.hex[u] as number, sides, h)
}

/** Is adjacent hex `to` in the rear of unit u (3; routed units have only rear, hedgehogs only front)? */
export function isRear(c: Ctx, s: MState, u: number, to: number): boolean {
  if (s.st[u] === S_ROUT) return true
  if ((s.fl[u] as number) & F_HEDGE) return false
  const from = s.hex[u] as number
  for (let k = 0; k < 6; k++) {
    if (c.grid.neighbors[from * 6 + k] !== to) continue
    const d = rot(k, -(s.face[u] as number))
    return d === 2 || d === 3 || d === 4
  }
  return false
}
