// The fast move in progress (retire, rout, evade, pursue, fall back; rout.ts has the moves themselves): steps
// with a single option are taken at once, real choices are the owner's fast-step decisions; then what
// follows it (the end of a unit's move, an evader's DP, a pursuer's free hack or its charge into new enemy).

import { MEET_MAY_COUNTER, MEET_NO_MELEE, pursuerCharges, R_STAND } from './charge.ts'
import { addDp, dist, ME_EVADE, ME_UNIT_ROUT, moraleEvent, gradeRank } from './core.ts'
import { endFast, fastFirst, fastMayStop, fastOptions, fastStepTo, freeHack, newEnemyAt, setStatus } from './rout.ts'
import { type CfeoState, FC_PURSUE_MOVE, FC_EVADE, FC_FINISH_MOVE, FC_PURSUE, FC_ROUT_MOVE, K, S_RETIRING, S_ROUTING, U_DONE, U_MOVED } from './state.ts'
import { finishUnit } from './movement.ts'
import { leadersRout } from './combat.ts'
import type { FlowCtx } from './core.ts'

/** Drives the fast move in progress: steps with a single option (and no halt allowed) are taken at
 *  once; a real choice becomes the owner's fast-step decision (returns true). At the end, the
 *  continuation runs and false is returned. */
export function fastPending(f: FlowCtx, s: CfeoState): boolean {
  const c = f.c
  const x = f.x
  for (let guard = 0; guard < 64; guard++) {
    const u = s.fmUnit
    if ((s.uHex[u] as number) < 0) break
    const n = fastOptions(c, x, s, null, 0)
    if (n === 0) break
    const stop = fastMayStop(c, x, s)
    if (n === 1 && !stop) {
      fastStepTo(c, x, s, fastFirst)
      continue
    }
    s.sel = u
    s.player = c.uSide[u] as number
    s.kind = K['fast-step']
    return true
  }
  fastDone(f, s)
  return false
}

/** The end of a fast move and what follows it. */
export function fastDone(f: FlowCtx, s: CfeoState): void {
  const c = f.c
  const x = f.x
  const cont = s.fmCont
  const target = s.fmAway
  const u = endFast(c, x, s)
  s.sel = -1
  switch (cont) {
    case FC_FINISH_MOVE:
      finishUnit(f, s, u)
      break
    case FC_ROUT_MOVE:
      s.player = 1 - (c.uSide[u] as number)
      break
    case FC_EVADE:
      if ((s.uHex[u] as number) >= 0) {
        addDp(c, x, s, u, 1, 'morale', 'evading')
        if ((s.uHex[u] as number) >= 0) moraleEvent(s, ME_EVADE, s.uHex[u] as number, 0, c.uSide[u] as number)
      }
      break
    case FC_PURSUE:
    case FC_PURSUE_MOVE: {
      const hu = s.uHex[u] as number
      const th = s.uHex[target] as number
      if (cont === FC_PURSUE_MOVE) s.uFl[u] = (s.uFl[u] as number) | U_DONE | U_MOVED
      if (hu >= 0 && th >= 0 && dist(c, hu, th) === 1) {
        freeHack(c, x, s, u, target)
        if ((s.uHex[target] as number) >= 0 && s.uStatus[target] === S_RETIRING) {
          setStatus(c, x, s, target, S_ROUTING)
          moraleEvent(s, ME_UNIT_ROUT, s.uHex[target] as number, gradeRank(c, target), c.uSide[target] as number)
          leadersRout(f, s, target)
        }
      } else if (hu >= 0) {
        // "Pursuers encountering new enemy immediately charge into them. The opponent may countercharge if
        // cavalry." After combat the melee is fought at once (pursuitRound); after a movement-phase
        // pursuit, in this turn's Combat Phase.
        const v = newEnemyAt(c, x, s, u, hu, target)
        if (v >= 0) {
          const met = pursuerCharges(c, x, s, u, v)
          if (cont === FC_PURSUE && met !== MEET_NO_MELEE) {
            s.meets.push(u)
            // its answer to this charge (stand unless it counter-charges), for the further round
            s.uResp[v] = R_STAND
          }
          if (met === MEET_MAY_COUNTER) {
            s.meetBy = u
            s.sel = v
            s.sel2 = u
            s.player = c.uSide[v] as number
            s.kind = K['charge-response']
          }
        }
      }
      break
    }
  }
}
