// I) Quality Check, Order Status (status checks on 6s), surrender, removal,
// army morale and break point, commanders removed with their last unit.

import { d6 } from '../../dice.ts'
import type { Player } from '../../core/types.ts'
import type { Ctx } from './context.ts'
import { isArt, onMap } from './core.ts'
import { QC_TARGET } from './tables.ts'
import { queueRout, takeOff } from './rout.ts'
import { F_CHARGE, F_EXH, LF_REMOVED, S_DEAD, S_ROUT, S_SURR, STATUS, type Events, type MtState } from './state.ts'

/** I) Quality Check: one D6 against the unit's quality (Elite 2+, Veteran 3+, Good 4+, Poor 5+). */
export function qc(c: Ctx, s: MtState, u: number, why: string, ev: Events): boolean {
  const q = c.prof[u]?.quality ?? 'good'
  const need = QC_TARGET[q]
  const r = d6(s.dice, `QC of ${c.unitIds[u]} (${why})`, ev)
  const passed = r >= need
  ev?.push({ type: 'qc', unit: c.unitIds[u] as string, quality: q, roll: r, passed, why })
  return passed
}

export function removeUnit(c: Ctx, s: MtState, u: number, st: number, why: string, ev: Events): void {
  takeOff(c, s, u)
  s.st[u] = st
  s.fl[u] = 0
  s.hits[u] = 0
  ev?.push({ type: 'removed', unit: c.unitIds[u] as string, why })
  removeIdleCommanders(c, s, ev)
}

/** I) Commander 4): "only removed (and must be removed) from play if all his subordinate units have been destroyed". */
export function removeIdleCommanders(c: Ctx, s: MtState, ev: Events): void {
  for (let l = 0; l < c.nL; l++) {
    if ((s.lfl[l] as number) & LF_REMOVED) continue
    let any = false
    for (let u = 0; u < c.nU && !any; u++) {
      if (!onMap(s, u)) continue
      const i = u * 3
      if (c.uChain[i] === l || c.uChain[i + 1] === l || c.uChain[i + 2] === l || (c.lRole[l] === 'army' && c.lSide[l] === c.uSide[u])) any = true
    }
    if (!any) {
      s.lfl[l] = (s.lfl[l] as number) | LF_REMOVED
      s.lhex[l] = -1
      s.cp[l] = 0
      ev?.push({ type: 'leader-removed', leader: c.leaderIds[l] as string })
    }
  }
}

/** Downgrades u by `levels` (Good -> Disordered -> Routed). A routed unit downgraded again checks surrender
 *  (reconstructed: a QC, failing surrenders); routed artillery is removed (F 4); a newly routed unit makes its
 *  rout move at once (I, Routed 1). */
export function downgrade(c: Ctx, s: MtState, u: number, levels: number, why: string, ev: Events): void {
  if (levels <= 0 || !onMap(s, u)) return
  const from = s.st[u] as number
  const to = Math.min(S_ROUT, from + levels)
  if (to !== from) {
    setStatus(c, s, u, to, why, ev)
    if (to === S_ROUT && isArt(c, u)) return removeUnit(c, s, u, S_DEAD, 'routed artillery is removed', ev)
  }
  if (from + levels > S_ROUT && c.rec.surrenderByQc && !qc(c, s, u, 'surrender', ev)) return removeUnit(c, s, u, S_SURR, 'routed and downgraded again: surrenders', ev)
  if (to === S_ROUT && from !== S_ROUT) queueRout(c, s, u) // moved before anything else pending (settle)
}

function setStatus(c: Ctx, s: MtState, u: number, to: number, why: string, ev: Events): void {
  const from = s.st[u] as number
  s.st[u] = to
  if (to === S_ROUT) s.fl[u] = (s.fl[u] as number) & ~(F_CHARGE | F_EXH)
  ev?.push({ type: 'status-changed', unit: c.unitIds[u] as string, from: STATUS[from] as string, to: STATUS[to] as string, why })
}

/** I) Order Status 3): roll `n` D6, each 6 downgrades one level. */
export function statusCheck(c: Ctx, s: MtState, u: number, n: number, why: string, ev: Events): void {
  if (n <= 0 || !onMap(s, u)) return
  let sixes = 0
  for (let i = 0; i < n; i++) if (d6(s.dice, `status check of ${c.unitIds[u]} (${why})`, ev) === 6) sixes++
  ev?.push({ type: 'status-check', unit: c.unitIds[u] as string, dice: n, sixes })
  downgrade(c, s, u, sixes, why, ev)
}

/**
 * I) Army Morale: "Units count as a loss during the end phase if: a) routed b) destroyed" — every
 * stand the unit started with, weighted, for each unit routed, destroyed, surrendered or gone off
 * the map; stands shot away from a unit still in good order or disordered count for nothing.
 */
export function armyLosses(c: Ctx, s: MtState, side: Player): number {
  let lost = 0
  for (let u = 0; u < c.nU; u++) if (c.uSide[u] === side && (s.st[u] as number) >= S_ROUT) lost += (c.uWeight[u] as number) * (c.uStands0[u] as number)
  return lost
}

/** "If a side loses more than half its break points, that side is considered to have lost." */
export const armyBroken = (c: Ctx, s: MtState, side: Player): boolean => 2 * armyLosses(c, s, side) > c.breakPoint[side]

