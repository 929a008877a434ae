// The sequence of play (2.1): automatic phases run inside apply, decisions are
// asked of whichever player the rules name; legal() and apply() dispatch by
// decision kind to the mechanic files. One decision = one player's choice.

import type { Player } from '../../core/types.ts'
import { rot } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { clearStaleIsolation, commandPhase, leaderActive, leaderMove, reposition, repositionForced, repositionHexes, repositionLeader } from './command.ts'
import { canFire, fireTargets, resolveFire } from './fire.ts'
import { acrossWater, advanceCandidates, canAttack, meleeTargets, mustJoin, resolveMelee } from './melee.ts'
import { demoralisedFrench, moraleTest } from './morale.ts'
import { commitStack, entryHexes, hedgeStack, hedgehogOk, leaderMovable, movable, moveCost, moveUnitStep, moveUnitTo, terrainCheck } from './move.ts'
import { fortifyHexes, nightBack, nightBackHexes, nightHexes, nightOrderCandidates, nightPlaceable, nightStart, processNight } from './night.ts'
import { occ, sync, touch } from './occupancy.ts'
import { placeReplacement, reorganisation, replacementHexes } from './reorganisation.ts'
import { hitUnit, processHit } from './results.ts'
import { generalRetreat, groable, processGeneralRetreat, retreatHexes, retreatOrderCandidates, retreatable, retreatUnit } from './retreat.ts'
import { chooseRoutNext, follow, followCandidates, followDone, processRout, queueRout, routOrderCandidates, routStep, routSteps } from './rout.ts'
import { deployHexes, deployNext, deployUnit } from './deploy.ts'
import { heroicCandidates, heroicPending } from './morale.ts'
import { faceStack } from './stacking.ts'
import { C, CHOICES, type Events, FACE0, FRENCH, F_CHARGE, F_DONE, F_HEDGE, F_OOC, K, LF_MOVED, L_DEAD, L_WAIT, type MState, P, PHASES, Q_ADV, Q_GRET, Q_HEDGE, Q_NIGHT, Q_HIT, Q_REPL, Q_SUCC, RQ_PHASE, SWISS, S_DIS, S_ORD, S_ROUT, S_WAIT, T, lbl, nameStep, onMap, passive, popTask } from './state.ts'
import { stepCost } from './terrain.ts'
import { zocOn } from './zoc.ts'

// scratch lists (module-level: the hot paths allocate nothing)
const buf: number[] = []
const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

export function checkOver(c: Ctx, s: MState, ev: Events): boolean {
  if (s.over) return true
  let w = 0
  let why = ''
  for (let l = 0; l < c.nL; l++)
    if (c.lKing[l] && s.lst[l] === L_DEAD) {
      w = 1
      why = `${c.leaderIds[l]} killed`
    }
  if (!w && demoralisedFrench(c, s) >= c.corpsToWin) {
    w = 1
    why = `${COUNT_WORDS[c.corpsToWin] ?? c.corpsToWin} French corps demoralised`
  }
  if (!w && s.army <= 0) {
    w = 2
    why = 'Swiss army demoralised'
  }
  if (!w) return false
  endGame(s, w, why, ev)
  return true
}

export function endGame(s: MState, w: number, why: string, ev: Events): void {
  s.over = w
  s.why = why
  s.phase = P.over
  s.dk = -1
  if (ev) ev.push({ type: 'game-over', winner: w === 1 ? 0 : w === 2 ? 1 : null, reason: why })
}

// ---- phases ------------------------------------------------------------------------

export function clearDone(c: Ctx, s: MState, side: number): void {
  for (let u = 0; u < c.nU; u++) if (c.uSide[u] === side) s.fl[u] = (s.fl[u] as number) & ~F_DONE
  for (let l = 0; l < c.nL; l++) if (c.lSide[l] === side) s.lfl[l] = (s.lfl[l] as number) & ~LF_MOVED
}

export function enterPhase(c: Ctx, s: MState, p: number, ev: Events): void {
  s.phase = p
  s.sel = -1
  s.tgt = -1
  s.grp.length = 0
  if (ev) ev.push({ type: 'phase', phase: PHASES[p] as string, player: s.active, turn: s.turn })
  switch (p) {
    case P.command:
      commandPhase(c, s, ev)
      break
    case P.reorganisation:
      reorganisation(c, s, ev)
      break
    case P.rout:
      for (let u = 0; u < c.nU; u++) if (c.uSide[u] === s.active && s.st[u] === S_ROUT) queueRout(c, s, u, RQ_PHASE) // 10.1, run by settle
      break
    case P.movement:
      // 9: where each unit begins its voluntary movement (rout movement is over), so a stack moved unit by unit can arrive together
      for (let u = 0; u < c.nU; u++) s.mhex[u] = s.hex[u] as number
      clearDone(c, s, s.active)
      break
    case P['hedgehog-removal']:
    case P['offensive-fire']:
      clearDone(c, s, s.active)
      break
    case P.retreat:
      clearDone(c, s, passive(s))
      s.gro = 0
      break
    case P['defensive-fire']:
      clearDone(c, s, passive(s))
      break
    case P.melee:
      clearDone(c, s, s.active)
      s.hit.length = 0
      break
    case P['night-reorganisation']:
      clearDone(c, s, s.active)
      if (s.active === FRENCH) nightStart(c, s) // steps 1-2 as tasks, run by settle
      break
    case P['night-fortify']:
      break
  }
}

/** The phase after the current one. */
export function nextPhase(c: Ctx, s: MState, ev: Events): void {
  const p = s.phase
  if (p < P.melee) return enterPhase(c, s, p + 1, ev)
  if (p === P.melee) {
    for (let u = 0; u < c.nU; u++) if (c.uSide[u] === s.active) s.fl[u] = (s.fl[u] as number) & ~F_CHARGE // 9.3
    if (s.active === SWISS) {
      s.active = FRENCH
      return enterPhase(c, s, P.command, ev)
    }
    if (s.turn === c.nightReorgAfter && !(s.flags & 2)) {
      s.active = FRENCH
      return enterPhase(c, s, P['night-reorganisation'], ev)
    }
    return newTurn(c, s, ev)
  }
  if (p === P['night-reorganisation']) {
    if (s.active === FRENCH) return enterPhase(c, s, P['night-fortify'], ev)
    s.flags |= 2
    for (let u = 0; u < c.nU; u++) s.fl[u] = (s.fl[u] as number) & ~(F_DONE | F_OOC)
    return newTurn(c, s, ev)
  }
  if (p === P['night-fortify']) {
    s.active = SWISS
    return enterPhase(c, s, P['night-reorganisation'], ev)
  }
  if (p === P.deployment) {
    // 14.1: the French are in place; the Swiss army enters on turn 1
    s.active = SWISS
    return enterPhase(c, s, P.command, ev)
  }
}

export function newTurn(c: Ctx, s: MState, ev: Events): void {
  if (s.turn >= c.scenario.turns) {
    endGame(s, c.endWinner === 2 ? 2 : 3, c.endWinner === 2 ? 'the Swiss did not win before the end (14.2)' : 'end of the scenario: draw (14.1)', ev)
    return
  }
  s.turn++
  s.active = SWISS
  enterPhase(c, s, P.command, ev)
}

/** Decision kind for the current phase (no pending task), or -1 when the phase has nothing to ask. */
export function phaseKind(c: Ctx, s: MState): number {
  sync(c, s)
  switch (s.phase) {
    case P.movement: {
      if (s.sel >= 0) return K['move-unit']
      for (let u = 0; u < c.nU; u++) if (movable(c, s, u)) return K.move
      for (let l = 0; l < c.nL; l++) if (leaderMovable(c, s, l)) return K.move
      return -1
    }
    case P['hedgehog-removal']:
      for (let u = 0; u < c.nU; u++) if (c.uSide[u] === s.active && onMap(s, u) && (s.fl[u] as number) & F_HEDGE) return K.unhedge
      return -1
    case P.retreat: {
      if (s.sel >= 0) return K['retreat-hex']
      for (let u = 0; u < c.nU; u++) if (retreatable(c, s, u)) return K.retreat
      for (let w = 0; w < c.nW; w++) if (groable(c, s, w)) return K.retreat
      return -1
    }
    case P['defensive-fire']:
    case P['offensive-fire']: {
      if (s.sel >= 0) return s.tgt < 0 ? K['fire-target'] : K['fire-add']
      const off = s.phase === P['offensive-fire']
      const side = off ? s.active : passive(s)
      for (let u = 0; u < c.nU; u++) if (c.uSide[u] === side && canFire(c, s, u, off) && fireTargets(c, s, u, off, buf) > 0) return K.fire
      return -1
    }
    case P.melee:
      if (s.tgt >= 0) return K['melee-add']
      return meleeTargets(c, s, buf) > 0 ? K.melee : -1
    case P['night-reorganisation']:
      // a unit just placed (F_DONE) in an empty hex is faced next; one selected and not yet placed is placed
      if (s.sel >= 0) return (s.fl[s.sel] as number) & F_DONE ? K['night-face'] : K['night-hex']
      for (let u = 0; u < c.nU; u++) if (nightPlaceable(c, s, u)) return K['night-place']
      return -1
    case P.deployment:
      if (s.sel >= 0) return K['deploy-face']
      return deployNext(c, s) >= 0 ? K['deploy-hex'] : -1
    case P['night-fortify']:
      if (s.forts.length >= c.fortMarkers) return -1
      return fortifyHexes(c, s, buf) > 0 ? K.fortify : -1
  }
  return -1
}

/** Runs automatic steps until a decision is needed (or the game ends). */
export function settle(c: Ctx, s: MState, ev: Events): void {
  for (let guard = 0; guard < 100000; guard++) {
    // 7.2: a heroic commander who could rally several corps names one before anything goes on
    if (!s.over && heroicPending(c, s) >= 0) {
      s.dk = K.heroic
      return
    }
    if (checkOver(c, s, ev)) return
    if (s.rq.length > 0) {
      const k = processRout(c, s, ev)
      if (k >= 0) {
        s.dk = k
        return
      }
      continue
    }
    if (s.q.length > 0) {
      const k = processTask(c, s, ev)
      if (k >= 0) {
        s.dk = k
        return
      }
      continue
    }
    // 12.5: a commander a combat or a rout left alone (or the enemy reached) is placed by his owner
    clearStaleIsolation(c, s)
    if (repositionLeader(c, s) >= 0) {
      s.dk = K.reposition
      return
    }
    const k = phaseKind(c, s)
    if (k >= 0) {
      s.dk = k
      return
    }
    nextPhase(c, s, ev)
  }
  throw new Error('marignan: settle did not converge (engine bug)')
}

/** Processes the head task; returns a decision kind when it needs one, -1 when done (popped). */
export function processTask(c: Ctx, s: MState, ev: Events): number {
  sync(c, s)
  const kind = s.q[0] as number
  const a = s.q[1] as number
  if (kind === Q_HIT) return processHit(c, s, ev)
  if (kind === Q_ADV) {
    if (s.sel >= 0) return K['advance-face']
    if (advanceCandidates(c, s, a, buf) > 0) return K.advance
    popTask(s)
    s.grp.length = 0
    s.tgt = -1
    return -1
  }
  if (kind === Q_SUCC) {
    for (let l = 0; l < c.nL; l++) if (c.lSide[l] === FRENCH && leaderActive(s, l)) return K.successor
    popTask(s)
    return -1
  }
  if (kind === Q_GRET) return processGeneralRetreat(c, s, ev)
  if (kind === Q_NIGHT) return processNight(c, s, ev)
  if (kind === Q_REPL) {
    // 7.1: the Swiss player places the new captain with a unit of the corps; one such hex: no choice
    const n = replacementHexes(c, s, a, buf)
    if (n > 1) return K['replace-hex']
    if (n === 1) placeReplacement(c, s, a, buf[0] as number, ev)
    popTask(s)
    return -1
  }
  if (kind === Q_HEDGE) {
    if (hedgeStack(c, s, a)) return K.hedgehog
    commitStack(c, s, a, s.q[2] as number, ev)
    popTask(s)
    return -1
  }
  popTask(s)
  return -1
}

export function decisionPlayer(c: Ctx, s: MState): Player {
  switch (s.dk) {
    case K.hedgehog:
    case K.retreat:
    case K['retreat-hex']:
    case K['retreat-order']:
      return passive(s) as Player
    case K.fire:
    case K['fire-target']:
    case K['fire-add']:
      return (s.phase === P['defensive-fire'] ? passive(s) : s.active) as Player
    case K.loss:
      return (s.q[2] as number) as Player
    case K.successor:
    case K.fortify:
    case K.heroic:
    case K['deploy-hex']:
    case K['deploy-face']:
    case K['night-back']:
    case K['night-order']:
      return FRENCH
    case K['rout-hex']:
    case K['rout-follow']:
    case K['rout-order']:
      return c.uSide[s.rq[0] as number] as Player
    case K['replace-hex']:
      return c.lSide[s.q[1] as number] as Player
    case K.reposition:
      return c.lSide[repositionLeader(c, s)] as Player
  }
  return s.active
}

/** Writes legal ids into mask (cleared first); returns the count. */
export function legalMask(c: Ctx, s: MState, mask: Uint8Array): number {
  mask.fill(0)
  if (s.dk < 0 || s.over) return 0
  sync(c, s)
  const CH = 0
  const WG = CHOICE_COUNT
  const UN = WG + c.nW
  const HX = UN + c.nU + c.nL
  let n = 0
  const set = (id: number): void => {
    if (!mask[id]) {
      mask[id] = 1
      n++
    }
  }
  switch (s.dk) {
    case K.move:
      for (let u = 0; u < c.nU; u++) if (movable(c, s, u)) set(UN + u)
      for (let l = 0; l < c.nL; l++) if (leaderMovable(c, s, l)) set(UN + c.nU + l)
      set(CH + C.end)
      break
    case K['move-unit']: {
      const sel = s.sel
      if (sel >= c.nU) {
        const l = sel - c.nU
        if (s.lst[l] === L_WAIT) {
          if (occ(c, 1 - s.active, c.entryRoad) === 0) set(HX + c.entryRoad)
        } else {
          const h = s.lhex[l] as number
          for (let k = 0; k < 6; k++) {
            const nb = c.grid.neighbors[h * 6 + k] as number
            if (nb < 0 || occ(c, 1 - s.active, nb) > 0) continue
            const cost = stepCost(c, h, k, 0)
            if (cost < 0 || (cost > s.mp && s.spent)) continue
            set(HX + nb)
          }
        }
      } else if (s.st[sel] === S_WAIT) {
        entryHexes(c, s, sel, buf)
        for (const h of buf) set(HX + h)
      } else {
        const f = s.face[sel] as number
        const h = s.hex[sel] as number
        for (let j = -1; j <= 1; j++) {
          const k = rot(f, j)
          if (moveCost(c, s, sel, k) >= 0) set(HX + (c.grid.neighbors[h * 6 + k] as number))
        }
        if (s.mp >= 1) for (let d = 0; d < 6; d++) if (d !== f) set(CH + FACE0 + d)
        if (hedgehogOk(c, s, sel)) set(CH + C.hedgehog)
      }
      set(CH + C.stop)
      break
    }
    case K.hedgehog:
      set(CH + C.hedgehog)
      set(CH + C.test)
      break
    case K.unhedge:
      for (let u = 0; u < c.nU; u++) if (c.uSide[u] === s.active && onMap(s, u) && (s.fl[u] as number) & F_HEDGE) set(UN + u)
      set(CH + C.end)
      break
    case K.retreat:
      for (let u = 0; u < c.nU; u++) if (retreatable(c, s, u)) set(UN + u)
      for (let w = 0; w < c.nW; w++) if (groable(c, s, w)) set(WG + w)
      set(CH + C.end)
      break
    case K['retreat-hex']:
      retreatHexes(c, s, s.sel, buf)
      for (const h of buf) set(HX + h)
      break
    case K.fire: {
      const off = s.phase === P['offensive-fire']
      const side = off ? s.active : passive(s)
      for (let u = 0; u < c.nU; u++) if (c.uSide[u] === side && canFire(c, s, u, off) && fireTargets(c, s, u, off, buf) > 0) set(UN + u)
      set(CH + C.end)
      break
    }
    case K['fire-target']:
      fireTargets(c, s, s.sel, s.phase === P['offensive-fire'], buf)
      for (const h of buf) set(HX + h)
      break
    case K['fire-add']: {
      const off = s.phase === P['offensive-fire']
      const side = c.uSide[s.sel] as number
      for (let u = 0; u < c.nU; u++) {
        if (c.uSide[u] !== side || s.grp.includes(u) || !canFire(c, s, u, off)) continue
        const hu = s.hex[u] as number
        if (!s.grp.some((g) => (c.grid.dist[hu * c.size + (s.hex[g] as number)] as number) <= 1)) continue
        fireTargets(c, s, u, off, buf)
        if (buf.includes(s.tgt)) set(UN + u)
      }
      set(CH + C.fire)
      break
    }
    case K.melee:
      meleeTargets(c, s, buf)
      for (const h of buf) set(HX + h)
      break
    case K['melee-add']:
      for (let u = 0; u < c.nU; u++) if (c.uSide[u] === s.active && !s.grp.includes(u) && canAttack(c, s, u) && zocOn(c, s, u, s.tgt)) set(UN + u)
      if (s.grp.length > 0 && mustJoin(c, s, s.tgt) < 0) set(CH + C.attack) // 13.1
      break
    case K.loss:
      for (let i = 0; i < s.lc.length; i += 3) if (onMap(s, s.lc[i] as number) && !s.lc[i + 2]) set(UN + (s.lc[i] as number))
      break
    case K.advance:
      advanceCandidates(c, s, s.q[1] as number, buf)
      for (const u of buf) set(UN + u)
      set(CH + C.end)
      break
    case K['advance-face']:
      for (let d = 0; d < 6; d++) set(CH + FACE0 + d)
      break
    case K.successor:
      for (let l = 0; l < c.nL; l++) if (c.lSide[l] === FRENCH && leaderActive(s, l)) set(UN + c.nU + l)
      break
    case K['night-place']:
      for (let u = 0; u < c.nU; u++) if (nightPlaceable(c, s, u)) set(UN + u)
      set(CH + C.end)
      break
    case K['night-hex']:
      nightHexes(c, s, s.sel, buf)
      for (const h of buf) set(HX + h)
      break
    case K.fortify:
      fortifyHexes(c, s, buf)
      for (const h of buf) set(HX + h)
      set(CH + C.end)
      break
    case K['rout-hex']:
      routSteps(c, s, s.rq[0] as number, buf)
      for (const h of buf) set(HX + h)
      break
    case K.heroic: {
      const cand = heroicCandidates(c, s, heroicPending(c, s))
      for (let w = 0; w < c.nW; w++) if (cand & (1 << w)) set(WG + w)
      break
    }
    case K['deploy-hex']:
      deployHexes(c, s, deployNext(c, s), buf)
      for (const h of buf) set(HX + h)
      break
    case K['deploy-face']:
      for (let d = 0; d < 6; d++) set(CH + FACE0 + d)
      break
    case K['night-back']:
      nightBackHexes(c, s, s.sel, buf)
      for (const h of buf) set(HX + h)
      break
    case K['night-face']:
      for (let d = 0; d < 6; d++) set(CH + FACE0 + d)
      break
    case K['replace-hex']:
      replacementHexes(c, s, s.q[1] as number, buf)
      for (const h of buf) set(HX + h)
      break
    case K['rout-order']:
      routOrderCandidates(s, buf)
      for (const u of buf) set(UN + u)
      break
    case K['retreat-order']:
      retreatOrderCandidates(c, s, buf)
      for (const u of buf) set(UN + u)
      break
    case K['night-order']:
      nightOrderCandidates(c, s, buf)
      for (const u of buf) set(UN + u)
      break
    case K['rout-follow']:
      followCandidates(c, s, s.rq[0] as number, buf)
      for (const l of buf) set(UN + c.nU + l)
      set(CH + C.end)
      break
    case K.reposition: {
      const l = repositionLeader(c, s)
      repositionHexes(c, s, l, buf)
      for (const h of buf) set(HX + h)
      if (!repositionForced(c, s, l)) set(CH + C.stop)
      break
    }
  }
  return n
}

export const CHOICE_COUNT = CHOICES.length

// ---- applying a (legal) action ------------------------------------------------------------------

export function applyAction(c: Ctx, s: MState, id: number, ev: Events): void {
  const WG = CHOICE_COUNT
  const UN = WG + c.nW
  const HX = UN + c.nU + c.nL
  const choice = id < WG ? id : -1
  const wing = id >= WG && id < UN ? id - WG : -1
  const unit = id >= UN && id < HX ? id - UN : -1
  const hex = id >= HX ? id - HX : -1
  sync(c, s)
  switch (s.dk) {
    case K.move:
      if (choice === C.end) {
        nextPhase(c, s, ev)
        break
      }
      s.sel = unit
      s.spent = 0
      if (unit >= c.nU) s.mp = leaderMove(c, s, unit - c.nU)
      else {
        const t = T(c, s, unit)
        s.mp = t.move[s.st[unit] === S_DIS ? 1 : 0]
        if (s.st[unit] === S_WAIT && s.turn === c.entryTurn) s.mp -= c.wEntryReduction[c.uCorps[unit] as number] ?? 0 // 14.1
      }
      break
    case K['move-unit']:
      moveUnitStep(c, s, choice, hex, ev)
      break
    case K.hedgehog: {
      const h = s.q[1] as number
      const rearFrom = s.q[2] as number
      popTask(s)
      if (choice === C.hedgehog) {
        // 9.4: every infantry unit of the stack must pass
        const list: number[] = []
        for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) {
          const t = T(c, s, v)
          if (t.cls === 1 && !t.swissArq) list.push(v)
        }
        let all = true
        for (const v of list) if (!moraleTest(c, s, v, 0, 'hedgehog', ev)) all = false
        if (all) {
          for (const v of list) {
            s.fl[v] = (s.fl[v] as number) | F_HEDGE
            if (ev) ev.push({ type: 'hedgehog', unit: c.unitIds[v] as string, on: true })
          }
          touch(c)
          break
        }
      }
      commitStack(c, s, h, rearFrom, ev)
      break
    }
    case K.unhedge:
      if (choice === C.end) {
        nextPhase(c, s, ev)
        break
      }
      s.fl[unit] = (s.fl[unit] as number) & ~F_HEDGE
      touch(c)
      if (ev) ev.push({ type: 'hedgehog', unit: c.unitIds[unit] as string, on: false })
      break
    case K.retreat:
      if (choice === C.end) {
        nextPhase(c, s, ev)
        break
      }
      if (wing >= 0) {
        generalRetreat(c, s, wing, ev)
        break
      }
      if (moraleTest(c, s, unit, 0, 'retreat', ev)) s.sel = unit
      else s.fl[unit] = (s.fl[unit] as number) | F_DONE
      break
    case K['retreat-hex']: {
      const u = s.sel
      s.sel = -1
      if (s.q[0] === Q_GRET && s.q[1] === u) popTask(s) // this unit's step of a General Retreat Order
      retreatUnit(c, s, u, hex, ev)
      break
    }
    case K.fire:
      if (choice === C.end) {
        nextPhase(c, s, ev)
        break
      }
      s.sel = unit
      s.grp.length = 0
      s.grp.push(unit)
      break
    case K['fire-target']:
      s.tgt = hex
      break
    case K['fire-add']:
      if (choice === C.fire) {
        resolveFire(c, s, ev)
        s.sel = -1
        s.tgt = -1
        s.grp.length = 0
        break
      }
      s.grp.push(unit)
      break
    case K.melee:
      s.tgt = hex
      s.grp.length = 0
      break
    case K['melee-add']:
      if (choice === C.attack) {
        // 9.1: ordered attackers across water test for terrain first
        for (const u of s.grp) {
          if (s.st[u] !== S_ORD || T(c, s, u).swissArq || !acrossWater(c, s, u, s.tgt)) continue
          terrainCheck(c, s, u, s.hex[u] as number, s.tgt, ev)
        }
        resolveMelee(c, s, ev)
        break
      }
      s.grp.push(unit)
      break
    case K.loss:
      hitUnit(c, s, unit, ev)
      break
    case K.advance: {
      if (choice === C.end) {
        popTask(s)
        s.grp.length = 0
        s.tgt = -1
        break
      }
      const x = s.q[1] as number
      const from = s.hex[unit] as number
      moveUnitTo(c, s, unit, x, ev)
      const i = s.grp.indexOf(unit)
      if (i >= 0) s.grp.splice(i, 1)
      if (ev) ev.push({ type: 'advanced', unit: c.unitIds[unit] as string, to: lbl(c, x) })
      terrainCheck(c, s, unit, from, x, ev)
      if (onMap(s, unit) && s.st[unit] !== S_ROUT) s.sel = unit
      break
    }
    case K['advance-face']: {
      const d = choice - FACE0
      faceStack(c, s, s.hex[s.sel] as number, d, ev)
      s.sel = -1
      break
    }
    case K.successor: {
      const w = s.q[1] as number
      const l = unit - c.nU
      s.pend[w] = l
      s.pendTurn[w] = (s.q[2] as number) + 1 // 7.1: effective at the reorganisation phase of the following turn
      popTask(s)
      if (ev) ev.push({ type: 'successor', corps: c.corpsIds[w] as string, leader: c.leaderIds[l] as string })
      break
    }
    case K['night-place']:
      if (choice === C.end) {
        nextPhase(c, s, ev)
        break
      }
      s.sel = unit
      break
    case K['night-hex']: {
      const u = s.sel
      // 14.2: placed like a counter put down: into an empty hex the player faces it (night-face), into a stack it takes the stack's facing (3)
      const empty = occ(c, c.uSide[u] as number, hex) === 0
      moveUnitTo(c, s, u, hex, ev)
      s.fl[u] = ((s.fl[u] as number) | F_DONE) & ~F_OOC
      if (!empty) s.sel = -1
      if (ev) ev.push({ type: 'moved', unit: c.unitIds[u] as string, from: null, to: lbl(c, hex), cost: 0 })
      break
    }
    case K['night-face']:
      faceStack(c, s, s.hex[s.sel] as number, choice - FACE0, ev)
      s.sel = -1
      break
    case K['replace-hex']:
      placeReplacement(c, s, s.q[1] as number, hex, ev)
      popTask(s)
      break
    case K.fortify:
      if (choice === C.end) {
        nextPhase(c, s, ev)
        break
      }
      s.forts.push(hex)
      if (ev) ev.push({ type: 'fortified', hex: lbl(c, hex) })
      break
    case K['rout-hex']:
      routStep(c, s, hex, ev)
      break
    case K.heroic: {
      const l = heroicPending(c, s)
      s.her[l] = wing
      if (ev) ev.push({ type: 'heroic', leader: c.leaderIds[l] as string, corps: c.corpsIds[wing] as string })
      break
    }
    case K['deploy-hex']:
      if (deployUnit(c, s, deployNext(c, s), hex, ev)) s.sel = -1
      break
    case K['deploy-face']:
      faceStack(c, s, s.hex[s.sel] as number, choice - FACE0, ev)
      s.sel = -1
      break
    case K['night-back']: {
      const u = s.sel
      s.sel = -1
      popTask(s)
      nightBack(c, s, u, hex, ev)
      break
    }
    case K['rout-order']:
      chooseRoutNext(s, unit)
      break
    case K['retreat-order']:
      nameStep(s, Q_GRET, unit)
      break
    case K['night-order']:
      nameStep(s, Q_NIGHT, unit)
      break
    case K['rout-follow']:
      if (choice === C.end) followDone(s)
      else follow(c, s, unit - c.nU, ev)
      break
    case K.reposition:
      reposition(c, s, repositionLeader(c, s), hex, ev)
      break
  }
  settle(c, s, ev)
}

/** Enters phase p (running its automatic steps) and settles to the first decision. */
export function startPhase(c: Ctx, s: MState, p: number, ev: Events): void {
  enterPhase(c, s, p, ev)
  settle(c, s, ev)
}
