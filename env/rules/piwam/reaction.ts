// 3.3 Reaction movement (facing change, withdrawal, interception) and the
// reaction window in which defensive fire (4.1) is also offered.

import { rot, VERTEX_NAMES } from '../../hex/grid.ts'
import { ARM_ART, ARM_CAV, ARM_INF, IMPASSABLE } from './context.ts'
import { C, F_ENDED, F_INTERCEPTOR, F_NO_CHARGE, F_REACTED, K, L_REACTED, LS_IN, O_FACE, O_FACE2, O_FIRE, O_INTERCEPT, O_WITHDRAW, type PiwamState, TR_ENTERED, TR_FACED, TR_FIRED, TR_MP, TR_RALLY } from './state.ts'
import type { Board } from './board.ts'
import { leaderDests, leaderMod } from './command.ts'
import { continueUnit, moveUnit, withdrawFaces, withdrawReach } from './move.ts'
import { canFireType, inZone, resolveFire } from './fire.ts'

/** Withdrawal destinations (3.3 B): reachable with the full allowance, farther from the trigger, stacking allowed. */
export function withdrawDests(R: Board, s: PiwamState, r: number, mask: Uint8Array | null): number {
  if (r >= R.ctx.n) return leaderDests(R, s, r - R.ctx.n, mask, R.ctx.tables.leaders.movement, s.uHex[s.trigUnit]!)
  const h = s.uHex[r]!
  const th = s.uHex[s.trigUnit]!
  if (h < 0 || th < 0) return 0
  withdrawReach(R, s, r, R.ma(s, r))
  let c = 0
  const bf = R.bestFaced
  for (let x = 0; x < R.size; x++) {
    const b = x * 6
    if ((bf[b]! < 0 && bf[b + 1]! < 0 && bf[b + 2]! < 0 && bf[b + 3]! < 0 && bf[b + 4]! < 0 && bf[b + 5]! < 0) || x === h || R.dist(x, th) <= R.dist(h, th)) continue
    if (R.occ0[x]! > 0 && R.canEnter(r, x) !== 1) continue
    if (mask) mask[R.offHex + x] = 1
    c++
  }
  return c
}

export function trigger(R: Board, s: PiwamState, u: number, bits: number, hex: number): void {
  s.trig++
  s.trigUnit = u
  s.trigBits = bits
  s.trigHex = hex
  openReactions(R, s)
}

export function openReactions(R: Board, s: PiwamState): void {
  if (reactors(R, s, null) > 0) {
    s.kind = K.reaction
    s.player = 1 - R.ctx.wSide[s.activeWing]!
  } else continueUnit(R, s)
}

/** Options (O_*) open to unit/leader r against the current trigger. */
export function reactOpts(R: Board, s: PiwamState, r: number): number {
  const t = s.trigUnit
  const th = s.uHex[t]!
  if (th < 0) return 0
  const n = R.ctx.n
  const activeSide = R.ctx.wSide[s.activeWing]!
  if (r >= n) {
    // army commanders alone in a hex may withdraw (3.3 B)
    const j = r - n
    const lh = s.lHex[j]!
    if (s.lState[j] !== LS_IN || !R.ctx.lArmy[j] || R.ctx.lSide[j] === activeSide || (s.lFlags[j]! & L_REACTED) !== 0) return 0
    if (R.occ0[lh]! > 0 || R.dist(lh, th) > 2 || (s.trigBits & (TR_MP | TR_RALLY)) === 0) return 0
    return O_WITHDRAW
  }
  const h = s.uHex[r]!
  if (h < 0 || R.ctx.uSide[r] === activeSide || s.uStamp[r] === s.trig) return 0
  let o = 0
  const bits = s.trigBits
  if (canFireType(R, s, r) && inZone(R, s, r, th)) {
    if (bits & TR_FIRED ? s.trigHex === h : (bits & (TR_ENTERED | TR_FACED | TR_RALLY)) !== 0) o |= O_FIRE
  }
  const art = R.ctx.uArm[r] === ARM_ART
  if (!art && s.uStatus[r]! <= 1 && (s.uFlags[r]! & F_REACTED) === 0 && (bits & (TR_MP | TR_RALLY)) !== 0 && R.ma(s, r) >= R.ma(s, t) && R.ma(s, r) > 0) {
    const cav = R.ctx.uArm[r] === ARM_CAV
    if (R.dist(h, th) <= 2) {
      o |= O_FACE
      if (cav) o |= O_FACE2
      if (s.wOrder[R.ctx.uWing[r]!] === 2 || (cav && R.ctx.uArm[t] === ARM_INF)) o |= O_WITHDRAW
    }
    if (cav && bits & TR_ENTERED) {
      const z = (h * 6 + s.uFace[r]!) * 3
      const iz = R.ctx.izone
      if ((iz[z] === th || iz[z + 1] === th || iz[z + 2] === th) && interceptHex(R, s, r) >= 0) o |= O_INTERCEPT
    }
  }
  return o
}

export function reactors(R: Board, s: PiwamState, mask: Uint8Array | null): number {
  let c = 0
  for (let r = 0; r < R.ctx.n + R.ctx.m; r++) {
    if (reactOpts(R, s, r) === 0) continue
    if (mask) mask[R.offUnit + r] = 1
    c++
  }
  return c
}

/** The first front hex of interceptor r next to the trigger unit that r can enter (-1 none). */
export function interceptHex(R: Board, s: PiwamState, r: number): number {
  for (let k = 0; k < 2; k++) if (interceptFront(R, s, r, k) >= 0) return interceptFront(R, s, r, k)
  return -1
}

/** Front hex k (0, 1) of interceptor r when it lies next to the trigger unit and r can enter it, else -1. */
function interceptFront(R: Board, s: PiwamState, r: number, k: number): number {
  const h = s.uHex[r]!
  const d = (s.uFace[r]! + k) % 6
  const x = R.ctx.grid.neighbors[h * 6 + d]!
  if (x < 0 || R.dist(x, s.uHex[s.trigUnit]!) !== 1) return -1
  if (R.ctx.cost[(R.size + h) * 6 + d] === IMPASSABLE || R.canEnter(r, x) !== 1) return -1
  return x
}

/** The hexes a successful interceptor may move into (3.3 C: "moved adjacent"; its owner picks), marked in mask. */
export function interceptHexes(R: Board, s: PiwamState, r: number, mask: Uint8Array | null): number {
  let c = 0
  for (let k = 0; k < 2; k++) {
    const x = interceptFront(R, s, r, k)
    if (x < 0) continue
    if (mask) mask[R.offHex + x] = 1
    c++
  }
  return c
}

/** The successful interceptor r moves into x (3.3 C); the window goes on. */
export function placeInterceptor(R: Board, s: PiwamState, r: number, x: number): void {
  const from = s.uHex[r]!
  moveUnit(R, s, r, x, true)
  if (R.ev) R.push({ type: 'moved', unit: R.ctx.uId[r]!, from: R.hexLabel(from), to: R.hexLabel(x), mp: 0 })
  openReactions(R, s)
}

export function doReaction(R: Board, s: PiwamState, r: number, choice: number): void {
  const n = R.ctx.n
  if (r >= n) {
    s.kind = K['withdraw-hex']
    return
  }
  s.uStamp[r] = s.trig
  const t = s.trigUnit
  if (choice === C.fire) {
    resolveFire(R, s, r, s.uHex[t]!, 0, true)
    if (s.rtUnit >= 0) return // the flow resumes the fire after the retreat its owner steers, then this window
  } else if (choice === C.withdraw) {
    s.kind = K['withdraw-hex']
    return
  } else if (choice === C.intercept) {
    s.uFlags[r] = s.uFlags[r]! | F_REACTED
    const T = R.ctx.tables.interception.target
    const arm = R.ctx.uArm[t]!
    const need = arm === ARM_CAV ? T.cav : arm === ARM_INF ? T.inf : T.art
    const roll = R.roll(s, 'interception')
    const total = roll + leaderMod(R, s, s.uHex[r]!, R.ctx.uSide[r]!)
    const success = total <= need
    if (R.ev) R.push({ type: 'intercept-attempt', unit: R.ctx.uId[r]!, target: R.ctx.uId[t]!, need, total, success })
    if (success) {
      s.uFlags[r] = s.uFlags[r]! | F_INTERCEPTOR
      s.uFlags[t] = s.uFlags[t]! | F_NO_CHARGE | F_ENDED
      // "moved adjacent": with both front hexes free its owner picks one (intercept-hex)
      if (interceptHexes(R, s, r, null) > 1) {
        s.kind = K['intercept-hex']
        s.player = R.ctx.uSide[r]!
        return
      }
      placeInterceptor(R, s, r, interceptHex(R, s, r))
      return
    }
  } else {
    s.uFlags[r] = s.uFlags[r]! | F_REACTED
    const by = choice === C.left ? -1 : choice === C.right ? 1 : choice === C.left2 ? -2 : 2
    const f = s.uFace[r]!
    s.uFace[r] = rot(f, by)
    if (R.ev) R.push({ type: 'faced', unit: R.ctx.uId[r]!, from: VERTEX_NAMES[f]!, to: VERTEX_NAMES[s.uFace[r]!]!, mp: 0 })
  }
  openReactions(R, s)
}

export function doWithdraw(R: Board, s: PiwamState, x: number): void {
  const r = s.react
  const n = R.ctx.n
  if (r >= n) {
    const j = r - n
    const from = s.lHex[j]!
    s.lHex[j] = x
    s.lFlags[j] = s.lFlags[j]! | L_REACTED
    if (R.ev) R.push({ type: 'leader-moved', leader: R.ctx.lId[j]!, from: R.hexLabel(from), to: R.hexLabel(x) })
  } else {
    const from = s.uHex[r]!
    s.uFlags[r] = s.uFlags[r]! | F_REACTED
    // 3.3 B by the movement rules: it ends with a facing its allowance reaches at x; with two or more, its owner's
    withdrawReach(R, s, r, R.ma(s, r))
    const faces = withdrawFaces(R, x)
    moveUnit(R, s, r, x, true)
    if (R.ev) R.push({ type: 'withdrew', unit: R.ctx.uId[r]!, from: R.hexLabel(from), to: R.hexLabel(x) })
    if ((faces & (faces - 1)) !== 0) {
      s.wdFaces = faces
      s.kind = K['withdraw-facing']
      s.player = R.ctx.uSide[r]!
      return
    }
    if (faces !== 0) faceWithdrawn(R, s, r, 31 - Math.clz32(faces))
  }
  openReactions(R, s)
}

/** The facing verbs of withdraw-facing and the turn each makes from the unit's facing before it withdrew. */
export const WITHDRAW_TURNS = [
  [C.pass, 0],
  [C.left, -1],
  [C.right, 1],
  [C.left2, -2],
  [C.right2, 2],
  [C.about, 3],
] as const

/** The facings of a withdrawal's end (s.wdFaces) as verbs, marked in mask; returns how many. */
export function withdrawFacings(R: Board, s: PiwamState, mask: Uint8Array): number {
  const f = s.uFace[s.react]!
  let c = 0
  for (const [verb, by] of WITHDRAW_TURNS) {
    if ((s.wdFaces & (1 << rot(f, by))) === 0) continue
    mask[verb] = 1
    c++
  }
  return c
}

/** The withdrawn unit r takes facing g (3.3 B). */
function faceWithdrawn(R: Board, s: PiwamState, r: number, g: number): void {
  const f = s.uFace[r]!
  if (f === g) return
  s.uFace[r] = g
  if (R.ev) R.push({ type: 'faced', unit: R.ctx.uId[r]!, from: VERTEX_NAMES[f]!, to: VERTEX_NAMES[g]!, mp: 0 })
}

/** The owner's withdraw-facing choice (verb `choice`); the reaction window goes on. */
export function doWithdrawFacing(R: Board, s: PiwamState, choice: number): void {
  const r = s.react
  for (const [verb, by] of WITHDRAW_TURNS) if (verb === choice) faceWithdrawn(R, s, r, rot(s.uFace[r]!, by))
  s.wdFaces = 0
  openReactions(R, s)
}
