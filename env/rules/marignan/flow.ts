// The turn machine (2.1): automatic phases run inside apply, decisions are
// asked of whichever player the rules name. One decision = one player's choice.

import type { Player } from '../../core/types.ts'
import { rot } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { HS_FORT } from './context.ts'
import {
  adjacentEnemy,
  canStack,
  commandReach,
  demoralised,
  demoralisedFrench,
  eliminate,
  failed,
  fixLeaders,
  inEnemyZoc,
  injuryRoll,
  isRear,
  killLeader,
  lbl,
  leaderActive,
  leaderMove,
  leaderRange,
  moraleDelta,
  moraleTest,
  nearestFriendly,
  occ,
  onMap,
  routMove,
  stepCost,
  sync,
  T,
  terrainDisorder,
  touch,
  facingName,
  zocOn as zocOnPublic,
} from './core.ts'
import { acrossWater, canAttack, canFire, fireTargets, resolveFire, resolveMelee } from './combat.ts'
import {
  C,
  CHOICES,
  F_CHARGE,
  F_DONE,
  F_HEDGE,
  F_OOC,
  FACE0,
  FRENCH,
  K,
  L_DEAD,
  L_INJ,
  L_OK,
  L_REPL,
  L_WAIT,
  NO_TEST,
  P,
  PHASES,
  Q_ADV,
  Q_HEDGE,
  Q_HIT,
  Q_SUCC,
  QW,
  S_DIS,
  S_ORD,
  S_ROUT,
  S_WAIT,
  SWISS,
  type Events,
  type MState,
} from './state.ts'

const buf: number[] = []
const buf2: number[] = []

const passive = (s: MState): number => 1 - s.active

// ---- victory (14) --------------------------------------------------------------

export function checkOver(c: Ctx, s: MState, ev: Events): boolean {
  if (s.over) return true
  let w = 0
  let why = ''
  for (let l = 0; l < c.nL; l++)
    if (c.lKing[l] && s.lst[l] === L_DEAD) {
      w = 1
      why = `${c.leaderIds[l]} killed`
    }
  if (!w && demoralisedFrench(c, s) >= 5) {
    w = 1
    why = 'five French corps demoralised'
  }
  if (!w && s.army <= 0) {
    w = 2
    why = 'Swiss army demoralised'
  }
  if (!w) return false
  endGame(s, w, why, ev)
  return true
}

function endGame(s: MState, w: number, why: string, ev: Events): void {
  s.over = w
  s.why = why
  s.phase = P.over
  s.dk = -1
  if (ev) ev.push({ type: 'game-over', winner: w === 1 ? 0 : w === 2 ? 1 : null, reason: why })
}

// ---- phases ------------------------------------------------------------------------

function clearDone(c: Ctx, s: MState, side: number): void {
  for (let u = 0; u < c.nU; u++) if (c.uSide[u] === side) s.fl[u] = (s.fl[u] as number) & ~F_DONE
  for (let l = 0; l < c.nL; l++) if (c.lSide[l] === side) s.lfl[l] = 0
}

function enterPhase(c: Ctx, s: MState, p: number, ev: Events): void {
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
      for (let u = 0; u < c.nU; u++) if (c.uSide[u] === s.active && s.st[u] === S_ROUT) routMove(c, s, u, ev)
      break
    case P.movement:
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
      if (s.active === FRENCH) nightAuto(c, s, ev)
      break
    case P['night-fortify']:
      break
  }
}

/** The phase after the current one. */
function nextPhase(c: Ctx, s: MState, ev: Events): void {
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
}

function newTurn(c: Ctx, s: MState, ev: Events): void {
  if (s.turn >= c.scenario.turns) {
    endGame(s, c.endWinner === 2 ? 2 : 3, c.endWinner === 2 ? 'the Swiss did not win before the end (14.2)' : 'end of the scenario: draw (14.1)', ev)
    return
  }
  s.turn++
  s.active = SWISS
  enterPhase(c, s, P.command, ev)
}

function commandPhase(c: Ctx, s: MState, ev: Events): void {
  sync(c, s)
  const side = s.active
  // 8.1: the Swiss gain 2 once when no French unit stands next to the printed fortifications
  if (side === SWISS && s.turn >= 2 && !(s.flags & 1) && c.hasForts) {
    let near = false
    for (let h = 0; h < c.size && !near; h++) {
      if (occ(c, FRENCH, h) === 0) continue
      for (let k = 0; k < 6; k++) if ((c.feat[h * 6 + k] as number) & HS_FORT) near = true
    }
    if (!near) {
      s.flags |= 1
      moraleDelta(c, s, SWISS, -1, 2, 'no French unit at the fortifications', ev)
    }
  }
  for (let w = 0; w < c.nW; w++) {
    if (c.wSide[w] !== side) continue
    const l = s.cmd[w] as number
    const ok = l >= 0 && leaderActive(s, l) && (s.lhex[l] as number) >= 0
    if (ok) commandReach(c, s, l, leaderRange(c, s, l))
    for (let u = 0; u < c.nU; u++) {
      if (c.uCorps[u] !== w || !onMap(s, u)) continue
      const inCmd = ok && (c.bfs[s.hex[u] as number] as number) >= 0
      const was = ((s.fl[u] as number) & F_OOC) !== 0
      if (inCmd === !was) continue
      s.fl[u] = inCmd ? (s.fl[u] as number) & ~F_OOC : (s.fl[u] as number) | F_OOC
      if (ev) ev.push({ type: 'out-of-command', unit: c.unitIds[u] as string, on: !inCmd })
    }
  }
}

function reorganisation(c: Ctx, s: MState, ev: Events): void {
  const side = s.active
  // 7.1: replacements and successors take office now
  for (let l = 0; l < c.nL; l++) {
    if (c.lSide[l] !== side || s.lst[l] !== L_REPL) continue
    const w = c.lCorps[l] as number
    const h = nearestFriendly(c, s, side, s.lhex[l] as number, w)
    if (h < 0) continue
    s.lst[l] = L_OK
    s.lhex[l] = h
    if (ev) ev.push({ type: 'leader-replaced', leader: c.leaderIds[l] as string, hex: lbl(c, h) })
  }
  if (side === FRENCH)
    for (let w = 0; w < c.nW; w++) {
      const p = s.pend[w] as number
      if (p < 0) continue
      s.pend[w] = -1
      if (!leaderActive(s, p)) continue
      s.cmd[w] = p
    }
  sync(c, s)
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== side || s.st[u] !== S_DIS) continue
    if (demoralised(c, s, c.uCorps[u] as number)) continue // 8.3
    if (adjacentEnemy(c, side, s.hex[u] as number)) continue
    s.st[u] = S_ORD
    touch(c)
    if (ev) ev.push({ type: 'status-changed', unit: c.unitIds[u] as string, from: 'disordered', to: 'ordered', why: 'reorganisation' })
  }
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== side || s.st[u] !== S_ROUT) continue
    if (demoralised(c, s, c.uCorps[u] as number)) continue // 8.3
    let near = 99
    const h = s.hex[u] as number
    for (let v = 0; v < c.nU; v++) if (c.uSide[v] !== side && onMap(s, v)) near = Math.min(near, c.grid.dist[h * c.size + (s.hex[v] as number)] as number)
    if (near < 4) continue
    if (!moraleTest(c, s, u, 0, 'rally', ev)) continue
    s.st[u] = S_DIS
    alignFacing(c, s, u)
    if (ev) ev.push({ type: 'status-changed', unit: c.unitIds[u] as string, from: 'routed', to: 'disordered', why: 'rally' })
    if (side === FRENCH) moraleDelta(c, s, FRENCH, c.uCorps[u] as number, 1, `${c.unitIds[u]} rallied`, ev) // 8.2
  }
}

/** 14.2 steps 1-2. */
function nightAuto(c: Ctx, s: MState, ev: Events): void {
  sync(c, s)
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== FRENCH || !onMap(s, u) || s.st[u] === S_ROUT) continue
    const h = s.hex[u] as number
    if (!adjacentEnemy(c, FRENCH, h)) continue
    // back one hex toward the south: S, then the southward diagonals
    for (const k of [3, 2, 4]) {
      const n = c.grid.neighbors[h * 6 + k] as number
      if (n < 0 || (c.edgeDist[FRENCH][n] as number) >= (c.edgeDist[FRENCH][h] as number)) continue
      if (occ(c, SWISS, n) > 0 || inEnemyZoc(c, FRENCH, n) || !canStack(c, s, u, n)) continue
      moveUnitTo(c, s, u, n, ev)
      if (ev) ev.push({ type: 'retreated', unit: c.unitIds[u] as string, from: lbl(c, h), to: lbl(c, n) })
      break
    }
  }
  for (let u = 0; u < c.nU; u++) {
    if (!onMap(s, u) || s.st[u] === S_ORD) continue
    const was = s.st[u] as number
    s.st[u] = S_ORD
    if (was === S_ROUT) alignFacing(c, s, u)
    if (ev) ev.push({ type: 'status-changed', unit: c.unitIds[u] as string, from: was === S_ROUT ? 'routed' : 'disordered', to: 'ordered', why: 'night reorganisation' })
    if (was === S_ROUT && c.uSide[u] === FRENCH) moraleDelta(c, s, FRENCH, c.uCorps[u] as number, 1, `${c.unitIds[u]} back in order`, ev)
  }
}

/** A routed unit regaining a facing takes the facing of the stack it stands in (3). */
function alignFacing(c: Ctx, s: MState, u: number): void {
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

/** Puts u in hex n, adopting the facing of a friendly stack there (3); checks Swiss captures (8.1). */
export function moveUnitTo(c: Ctx, s: MState, u: number, n: number, ev: Events): void {
  sync(c, s)
  for (let v = c.head[n] as number; v >= 0; v = c.next[v] as number)
    if (v !== u && s.st[v] !== S_ROUT && c.uSide[v] === c.uSide[u]) {
      s.face[u] = s.face[v] as number
      break
    }
  s.hex[u] = n
  touch(c)
  const p = c.place[n] as number
  if (c.uSide[u] === SWISS && p >= 0 && !(s.cap & (1 << p))) {
    s.cap |= 1 << p
    if (ev) ev.push({ type: 'captured', place: c.placeNames[p] as string })
    moraleDelta(c, s, SWISS, -1, 2, `capture of ${c.placeNames[p]}`, ev)
  }
}

/** 9.1: disorder for terrain on entering n from h (h < 0: from off the map). */
function terrainCheck(c: Ctx, s: MState, u: number, h: number, n: number, ev: Events): void {
  if (s.st[u] !== S_ORD || T(c, s, u).swissArq) return
  const d = terrainDisorder(c, h, n, T(c, s, u).cls)
  if (d === 2) failed(c, s, u, 'terrain', ev)
  else if (d === 1 && !moraleTest(c, s, u, 0, 'terrain', ev)) failed(c, s, u, 'terrain', ev)
}

function cmdHex(c: Ctx, s: MState, u: number): number {
  const w = c.uCorps[u] as number
  if (w < 0) return -1
  const l = s.cmd[w] as number
  return l >= 0 && leaderActive(s, l) ? (s.lhex[l] as number) : -1
}

/** Cost for unit u to move from its hex across side k (or -1 when it may not). */
function moveCost(c: Ctx, s: MState, u: number, k: number): number {
  const side = c.uSide[u] as number
  const h = s.hex[u] as number
  const n = c.grid.neighbors[h * 6 + k] as number
  if (n < 0 || occ(c, 1 - side, n) > 0) return -1
  const t = T(c, s, u)
  let cost = stepCost(c, h, k, t.cls)
  if (cost < 0) return -1
  if (occ(c, side, n) > 0) cost += 1 // 9: friendly-occupied hex
  if (cost > s.mp && s.spent) return -1 // 9: only the first move may exceed the allowance
  if (!canStack(c, s, u, n)) return -1
  const inZ = inEnemyZoc(c, side, h)
  const destZ = inEnemyZoc(c, side, n)
  if (inZ) {
    // 4.1: cavalry or Swiss arquebusiers facing infantry only may leave, never straight into another ZOC
    if (!(t.cls === 0 || t.swissArq) || (c.zocNonInf[(1 - side) * c.size + h] as number) > 0 || destZ) return -1
  }
  if (destZ && demoralised(c, s, c.uCorps[u] as number)) return -1 // 8.3
  if ((s.fl[u] as number) & F_OOC) {
    // 6.2: only toward the commander, never next to the enemy
    const ch = cmdHex(c, s, u)
    if (ch < 0) return -1
    if ((c.grid.dist[n * c.size + ch] as number) >= (c.grid.dist[h * c.size + ch] as number)) return -1
    if (adjacentEnemy(c, side, n)) return -1
  }
  return cost
}

function entryAllowed(c: Ctx, s: MState, u: number): boolean {
  if (s.turn < c.entryTurn) return false
  if (c.uWaitVia[u] !== 1) return true
  const w = c.uCorps[u] as number
  const ord = w >= 0 ? (c.wEntryOrder[w] as number) : -1
  if (ord <= 0) return true
  // 14.1: the column enters corps after corps
  for (let v = 0; v < c.nU; v++) {
    const wv = c.uCorps[v] as number
    if (c.uWaitVia[v] === 1 && s.st[v] === S_WAIT && wv >= 0 && (c.wEntryOrder[wv] as number) >= 0 && (c.wEntryOrder[wv] as number) < ord) return false
  }
  return true
}

function entryHexes(c: Ctx, s: MState, u: number, out: number[]): number {
  out.length = 0
  const side = c.uSide[u] as number
  const hs = c.uWaitVia[u] === 1 ? [c.entryRoad] : c.northRow
  for (const h of hs) {
    if (occ(c, 1 - side, h) > 0 || !canStack(c, s, u, h)) continue
    if (inEnemyZoc(c, side, h) && demoralised(c, s, c.uCorps[u] as number)) continue
    out.push(h)
  }
  return out.length
}

function entryCost(c: Ctx, h: number, cls: number): number {
  return c.road[h] ? 1 : (c.terrainRows[c.terrain[h] as number]?.move[cls] ?? 1)
}

function hedgehogOk(c: Ctx, s: MState, u: number): boolean {
  const t = T(c, s, u)
  if (t.cls !== 1 || t.swissArq || s.st[u] !== S_ORD || s.spent) return false
  const h = s.hex[u] as number
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) {
    if (v === u) continue
    const tv = T(c, s, v)
    if (tv.cls === 1 && !tv.swissArq && (s.st[v] !== S_ORD || ((s.fl[v] as number) & F_DONE))) return false
  }
  return true
}

function movable(c: Ctx, s: MState, u: number): boolean {
  if (c.uSide[u] !== s.active) return false
  const fl = s.fl[u] as number
  if (fl & F_DONE) return false
  if (s.st[u] === S_WAIT) return entryAllowed(c, s, u) && entryHexes(c, s, u, buf2) > 0
  return onMap(s, u) && s.st[u] !== S_ROUT && !(fl & F_HEDGE)
}

function leaderMovable(c: Ctx, s: MState, l: number): boolean {
  if (c.lSide[l] !== s.active || s.lfl[l]) return false
  if (s.lst[l] === L_WAIT) return s.turn >= c.entryTurn && occ(c, 1 - s.active, c.entryRoad) === 0
  return leaderActive(s, l) && (s.lhex[l] as number) >= 0
}

// ---- the decision of the moment --------------------------------------------------------

/** Decision kind for the current phase (no pending task), or -1 when the phase has nothing to ask. */
function phaseKind(c: Ctx, s: MState): number {
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
      if (s.sel >= 0) return K['night-hex']
      for (let u = 0; u < c.nU; u++) if (nightPlaceable(c, s, u)) return K['night-place']
      return -1
    case P['night-fortify']:
      if (s.forts.length >= c.fortMarkers) return -1
      return fortifyHexes(c, s, buf) > 0 ? K.fortify : -1
  }
  return -1
}

/** Runs automatic steps until a decision is needed (or the game ends). */
export function settle(c: Ctx, s: MState, ev: Events): void {
  for (let guard = 0; guard < 100000; guard++) {
    if (checkOver(c, s, ev)) return
    if (s.q.length > 0) {
      const k = processTask(c, s, ev)
      if (k >= 0) {
        s.dk = k
        return
      }
      continue
    }
    const k = phaseKind(c, s)
    if (k >= 0) {
      fixLeaders(c, s, ev)
      s.dk = k
      return
    }
    nextPhase(c, s, ev)
  }
  throw new Error('marignan: settle did not converge (engine bug)')
}

function popTask(s: MState): void {
  s.q.splice(0, QW)
}

/** Processes the head task; returns a decision kind when it needs one, -1 when done (popped). */
function processTask(c: Ctx, s: MState, ev: Events): number {
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
  if (kind === Q_HEDGE) {
    if (hedgeStack(c, s, a)) return K.hedgehog
    commitStack(c, s, a, s.q[2] as number, ev)
    popTask(s)
    return -1
  }
  popTask(s)
  return -1
}

/** Units that may still attempt hedgehog in hex h (9.4): ordered non-arquebusier infantry, all of them. */
function hedgeStack(c: Ctx, s: MState, h: number): boolean {
  let any = false
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) {
    const t = T(c, s, v)
    if (t.cls !== 1 || t.swissArq) continue
    if (s.st[v] !== S_ORD || (s.fl[v] as number) & F_HEDGE) return false
    any = true
  }
  return any
}

/** 9.2: the passive units of hex h test for commitment. */
function commitStack(c: Ctx, s: MState, h: number, rearFrom: number, ev: Events): void {
  const list: number[] = []
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) if (s.st[v] !== S_ROUT) list.push(v)
  for (const v of list) {
    if (!onMap(s, v)) continue
    const rear = rearFrom >= 0 && isRear(c, s, v, rearFrom)
    if (ev) ev.push({ type: 'committed', unit: c.unitIds[v] as string, by: lbl(c, rearFrom), rear })
    if (!moraleTest(c, s, v, rear ? -2 : 0, 'commitment', ev)) failed(c, s, v, 'commit', ev)
  }
}

function processHit(c: Ctx, s: MState, ev: Events): number {
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

function hitUnit(c: Ctx, s: MState, v: number, ev: Events): void {
  for (let i = 0; i < s.lc.length; i += 3) if (s.lc[i] === v) s.lc[i + 2] = 1
  s.q[3] = (s.q[3] as number) - 1
  eliminate(c, s, v, 'combat result', true, ev)
}

function afterDeath(c: Ctx, s: MState, l: number): void {
  if (c.lSide[l] !== FRENCH || c.lKing[l]) return
  for (let w = 0; w < c.nW; w++)
    if (s.cmd[w] === l) {
      s.cmd[w] = -1
      s.q.push(Q_SUCC, w, 0, 0, 0, 0)
    }
}

function advanceCandidates(c: Ctx, s: MState, x: number, out: number[]): number {
  out.length = 0
  if (s.grp.length === 0) return 0
  const side = c.uSide[s.grp[0] as number] as number
  if (occ(c, 1 - side, x) > 0) return 0
  for (const u of s.grp) {
    if (!onMap(s, u) || s.st[u] === S_ROUT || (s.fl[u] as number) & F_HEDGE) continue
    if ((c.grid.dist[(s.hex[u] as number) * c.size + x] as number) !== 1) continue
    if (T(c, s, u).cls === 2 && stepCost(c, s.hex[u] as number, dirTo(c, s.hex[u] as number, x), 2) < 0) continue
    if (!canStack(c, s, u, x)) continue
    out.push(u)
  }
  return out.length
}

function dirTo(c: Ctx, a: number, b: number): number {
  for (let k = 0; k < 6; k++) if (c.grid.neighbors[a * 6 + k] === b) return k
  return -1
}

// ---- retreat (11) ---------------------------------------------------------------

function retreatHexes(c: Ctx, s: MState, u: number, out: number[], prefer = false): number {
  out.length = 0
  const side = c.uSide[u] as number
  const h = s.hex[u] as number
  const f = s.face[u] as number
  const order = prefer ? [3, 2, 4] : [2, 3, 4]
  for (const r of order) {
    const k = rot(f, r)
    const n = c.grid.neighbors[h * 6 + k] as number
    if (n < 0 || occ(c, 1 - side, n) > 0 || inEnemyZoc(c, side, n) || !canStack(c, s, u, n)) continue
    if (stepCost(c, h, k, T(c, s, u).cls) < 0) continue
    out.push(n)
  }
  return out.length
}

function retreatable(c: Ctx, s: MState, u: number): boolean {
  if (c.uSide[u] !== passive(s) || !onMap(s, u) || s.st[u] === S_ROUT) return false
  const fl = s.fl[u] as number
  if (fl & (F_DONE | F_HEDGE)) return false
  const t = T(c, s, u)
  if (!(t.cls === 0 || t.swissArq)) return false
  const h = s.hex[u] as number
  if ((c.zocCav[s.active * c.size + h] as number) > 0) return false
  if (!adjacentEnemy(c, passive(s), h)) return false
  return retreatHexes(c, s, u, buf2) > 0
}

function groable(c: Ctx, s: MState, w: number): boolean {
  if (c.wSide[w] !== passive(s) || s.gro & (1 << w)) return false
  for (let u = 0; u < c.nU; u++) if (c.uCorps[u] === w && onMap(s, u) && s.st[u] !== S_ROUT) return true
  return false
}

function generalRetreat(c: Ctx, s: MState, w: number, ev: Events): void {
  s.gro |= 1 << w
  const side = c.wSide[w] as number
  if (ev) ev.push({ type: 'general-retreat', corps: c.corpsIds[w] as string })
  moraleDelta(c, s, side, w, -2, `General Retreat Order to ${c.corpsIds[w]}`, ev)
  for (let u = 0; u < c.nU; u++) {
    if (c.uCorps[u] !== w || !onMap(s, u) || s.st[u] === S_ROUT || (s.fl[u] as number) & F_HEDGE) continue
    sync(c, s)
    if (retreatHexes(c, s, u, buf2, true) === 0) continue
    const h = s.hex[u] as number
    const n = buf2[0] as number
    moveUnitTo(c, s, u, n, ev)
    s.fl[u] = (s.fl[u] as number) | F_DONE
    if (ev) ev.push({ type: 'retreated', unit: c.unitIds[u] as string, from: lbl(c, h), to: lbl(c, n) })
    terrainCheck(c, s, u, h, n, ev)
  }
}

// ---- melee helpers ----------------------------------------------------------------------

function meleeTargets(c: Ctx, s: MState, out: number[]): number {
  out.length = 0
  const side = s.active
  for (let u = 0; u < c.nU; u++) {
    if (c.uSide[u] !== side || !canAttack(c, s, u)) continue
    const h = s.hex[u] as number
    for (let k = 0; k < 6; k++) {
      const n = c.grid.neighbors[h * 6 + k] as number
      if (n < 0 || occ(c, 1 - side, n) === 0 || out.includes(n) || s.hit.includes(n)) continue
      if (!zocOnPublic(c, s, u, n)) continue
      out.push(n)
    }
  }
  return out.length
}

// ---- night reorganisation (14.2) -----------------------------------------------------------

function nightPlaceable(c: Ctx, s: MState, u: number): boolean {
  if (c.uSide[u] !== s.active || !onMap(s, u) || (s.fl[u] as number) & F_DONE) return false
  const w = c.uCorps[u] as number
  if (w < 0) return false
  const l = s.cmd[w] as number
  if (l < 0 || !leaderActive(s, l) || (s.lhex[l] as number) < 0) return false
  if (adjacentEnemy(c, s.active, s.hex[u] as number)) return false
  return nightHexes(c, s, u, buf2) > 0
}

function nightHexes(c: Ctx, s: MState, u: number, out: number[]): number {
  out.length = 0
  const w = c.uCorps[u] as number
  const l = s.cmd[w] as number
  const side = c.uSide[u] as number
  commandReach(c, s, l, c.lRange[l] as number)
  for (let h = 0; h < c.size; h++) {
    if ((c.bfs[h] as number) < 0 || h === s.hex[u]) continue
    if (occ(c, 1 - side, h) > 0 || adjacentEnemy(c, side, h) || !canStack(c, s, u, h)) continue
    if (T(c, s, u).cls === 2 && !c.terrainRows[c.terrain[h] as number]) continue
    out.push(h)
  }
  return out.length
}

function fortifyHexes(c: Ctx, s: MState, out: number[]): number {
  out.length = 0
  c.mark.fill(0)
  for (let l = 0; l < c.nL; l++) {
    if (c.lSide[l] !== FRENCH || !leaderActive(s, l) || (s.lhex[l] as number) < 0) continue
    commandReach(c, s, l, c.lRange[l] as number)
    for (let h = 0; h < c.size; h++) if ((c.bfs[h] as number) >= 0) c.mark[h] = 1
  }
  for (let h = 0; h < c.size; h++) {
    if (!c.mark[h] || s.forts.includes(h) || occ(c, SWISS, h) > 0 || adjacentEnemy(c, FRENCH, h)) continue
    out.push(h)
  }
  return out.length
}

// ---- legal actions -------------------------------------------------------------------------

export function decisionPlayer(c: Ctx, s: MState): Player {
  switch (s.dk) {
    case K.hedgehog:
    case K.retreat:
    case K['retreat-hex']:
      return passive(s) as Player
    case K.fire:
    case K['fire-target']:
    case K['fire-add']:
      return (s.phase === P['defensive-fire'] ? passive(s) : s.active) as Player
    case K.loss:
      return (s.q[2] as number) as Player
    case K.successor:
    case K.fortify:
      return FRENCH
  }
  void c
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
      for (let u = 0; u < c.nU; u++) if (c.uSide[u] === s.active && !s.grp.includes(u) && canAttack(c, s, u) && zocOnPublic(c, s, u, s.tgt)) set(UN + u)
      if (s.grp.length > 0) set(CH + C.attack)
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
  }
  return n
}

const CHOICE_COUNT = CHOICES.length

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
      const from = s.hex[u] as number
      moveUnitTo(c, s, u, hex, ev)
      s.fl[u] = (s.fl[u] as number) | F_DONE
      s.sel = -1
      if (ev) ev.push({ type: 'retreated', unit: c.unitIds[u] as string, from: lbl(c, from), to: lbl(c, hex) })
      terrainCheck(c, s, u, from, hex, ev)
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
      moveUnitTo(c, s, u, hex, ev)
      s.fl[u] = ((s.fl[u] as number) | F_DONE) & ~F_OOC
      s.sel = -1
      if (ev) ev.push({ type: 'moved', unit: c.unitIds[u] as string, from: null, to: lbl(c, hex), cost: 0 })
      break
    }
    case K.fortify:
      if (choice === C.end) {
        nextPhase(c, s, ev)
        break
      }
      s.forts.push(hex)
      if (ev) ev.push({ type: 'fortified', hex: lbl(c, hex) })
      break
  }
  settle(c, s, ev)
}

function faceStack(c: Ctx, s: MState, h: number, d: number, ev: Events): void {
  sync(c, s)
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) {
    if (s.st[v] === S_ROUT || s.face[v] === d) continue
    s.face[v] = d
    if (ev) ev.push({ type: 'faced', unit: c.unitIds[v] as string, facing: facingName(d) })
  }
  touch(c)
}

function stopSel(s: MState, c: Ctx): void {
  const u = s.sel
  if (u >= c.nU) s.lfl[u - c.nU] = 1
  else if (u >= 0) s.fl[u] = (s.fl[u] as number) | F_DONE
  s.sel = -1
}

function moveUnitStep(c: Ctx, s: MState, choice: number, hex: number, ev: Events): void {
  const u = s.sel
  if (choice === C.stop) return stopSel(s, c)
  if (u >= c.nU) {
    const l = u - c.nU
    const from = s.lhex[l] as number
    let cost = 1
    if (s.lst[l] === L_WAIT) s.lst[l] = L_OK
    else cost = stepCost(c, from, dirTo(c, from, hex), 0)
    s.lhex[l] = hex
    s.mp -= cost
    s.spent = 1
    if (ev) ev.push({ type: 'leader-moved', leader: c.leaderIds[l] as string, to: lbl(c, hex) })
    if (s.mp <= 0) stopSel(s, c)
    return
  }
  if (choice >= FACE0 && choice < FACE0 + 6) {
    faceStack(c, s, s.hex[u] as number, choice - FACE0, ev)
    s.mp -= 1
    s.spent = 1
    if (s.mp <= 0) stopSel(s, c)
    return
  }
  if (choice === C.hedgehog) {
    const h = s.hex[u] as number
    for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) {
      const t = T(c, s, v)
      if (t.cls !== 1 || t.swissArq) continue
      s.fl[v] = (s.fl[v] as number) | F_HEDGE | F_DONE
      if (ev) ev.push({ type: 'hedgehog', unit: c.unitIds[v] as string, on: true })
    }
    touch(c)
    s.sel = -1
    return
  }
  // a hex: entering the map or moving one hex
  const side = c.uSide[u] as number
  const waiting = s.st[u] === S_WAIT
  const from = waiting ? -1 : (s.hex[u] as number)
  const t = T(c, s, u)
  const cost = waiting ? entryCost(c, hex, t.cls) + (occ(c, side, hex) > 0 ? 1 : 0) : moveCost(c, s, u, dirTo(c, from, hex))
  const intoZoc = inEnemyZoc(c, side, hex)
  if (intoZoc && !t.swissPike) {
    // 9.2: test of commitment to enter an enemy ZOC
    if (!moraleTest(c, s, u, 0, 'commitment', ev)) {
      if (ev) ev.push({ type: 'commit-failed', unit: c.unitIds[u] as string, hex: lbl(c, hex) })
      return stopSel(s, c)
    }
  }
  if (waiting) {
    s.st[u] = S_ORD
    s.face[u] = 3 // enters facing south, into the map
  }
  moveUnitTo(c, s, u, hex, ev)
  s.mp = Math.max(0, s.mp - cost)
  s.spent = 1
  if (ev) ev.push({ type: 'moved', unit: c.unitIds[u] as string, from: from >= 0 ? lbl(c, from) : null, to: lbl(c, hex), cost })
  terrainCheck(c, s, u, from, hex, ev)
  sync(c, s)
  // 9.2: passive units now in this unit's ZOC are committed; 9.3/9.4 charge and hedgehog
  const f = s.face[u] as number
  let committed = false
  for (const k of [rot(f, -1), f, rot(f, 1)]) {
    const n = c.grid.neighbors[hex * 6 + k] as number
    if (n < 0 || occ(c, 1 - side, n) === 0) continue
    let live = false
    for (let v = c.head[n] as number; v >= 0; v = c.next[v] as number) if (s.st[v] !== S_ROUT) live = true
    if (!live) continue
    committed = true
    const cav = t.cls === 0
    if (cav && s.st[u] === S_ORD && intoZoc && c.road[hex]) {
      const fe = c.feat[hex * 6 + k] as number
      const blocked = (fe & (1 | 2 | 4)) !== 0 || c.terrainRows[c.terrain[n] as number]?.noCharge === true
      if (!blocked && !((s.fl[u] as number) & F_CHARGE)) {
        s.fl[u] = (s.fl[u] as number) | F_CHARGE
        if (ev) ev.push({ type: 'charge', unit: c.unitIds[u] as string })
      }
    }
    // a stack already in hedgehog ignores cavalry (9.4)
    let allHedge = true
    for (let v = c.head[n] as number; v >= 0; v = c.next[v] as number) {
      const tv = T(c, s, v)
      if (tv.cls === 1 && !tv.swissArq && !((s.fl[v] as number) & F_HEDGE)) allHedge = false
    }
    if (cav && allHedge && hedgeAny(c, s, n)) continue
    if (cav && hedgeStack(c, s, n)) s.q.push(Q_HEDGE, n, hex, 0, 0, 0)
    else commitStack(c, s, n, hex, ev)
  }
  void committed
  if (intoZoc || !onMap(s, u) || s.st[u] === S_ROUT || s.mp <= 0) stopSel(s, c)
}

function hedgeAny(c: Ctx, s: MState, h: number): boolean {
  for (let v = c.head[h] as number; v >= 0; v = c.next[v] as number) if ((s.fl[v] as number) & F_HEDGE) return true
  return false
}

export { L_INJ, killLeader, Q_HIT }

/** Enters phase p (running its automatic steps) and settles to the first decision. */
export function startPhase(c: Ctx, s: MState, p: number, ev: Events): void {
  enterPhase(c, s, p, ev)
  settle(c, s, ev)
}
