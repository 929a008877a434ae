// The piwam Engine: init / decision / legal / apply / outcome / clone / hash /
// restore / invariants / setup, on top of Rules (the state machine) and view.ts.

import { makeLayout, actionText } from '../../core/actions.ts'
import type { Decision, Engine, GameView, ObsBuffers, Outcome, Player, Result, TercioError } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import { cloneDice, seedDice } from '../../dice.ts'
import { hexOfLabel, VERTEX_NAMES } from '../../hex/grid.ts'
import type { Ctx } from './context.ts'
import { ARM_ART, ARM_CAV, Rules } from './rules.ts'
import {
  C,
  CHOICES,
  F_ACTED,
  F_ART_FIRED,
  F_ENDED,
  F_G_REDUCED,
  F_SPENT,
  K,
  KINDS,
  L_ACTED,
  L_AIDED,
  L_MOVED,
  L_REACTED,
  LS_IN,
  M_BYPASSED,
  M_CONTINUED,
  M_FINISHED,
  M_NOCONT,
  M_PREEMPTING,
  MARKER_NAMES,
  O_FACE,
  O_FACE2,
  O_FIRE,
  O_INTERCEPT,
  O_WITHDRAW,
  type PiwamEvent,
  type PiwamState,
} from './state.ts'
import { ORDERS, STATUSES, T_ART, T_E, T_G } from './tables.ts'
import { asciiOf, describeEvent, encodeObs, makeObsSpec, viewOf } from './view.ts'

export type PiwamEngine = Engine<PiwamState, PiwamEvent> & { readonly rules: Rules; readonly ctx: Ctx }

const ARRAY_FIELDS = ['uHex', 'uFace', 'uStatus', 'uGone', 'uFlags', 'uMoved', 'uStamp', 'uTarget', 'lHex', 'lState', 'lFlags', 'wOrder', 'wMark', 'wCont', 'wCmd'] as const
const NUM_FIELDS = [
  'turn',
  'ply',
  'kind',
  'player',
  'activeWing',
  'bypassed',
  'chooser',
  'sel',
  'mp',
  'startDist',
  'fireExtra',
  'preemptTried',
  'orderTried',
  'trig',
  'trigUnit',
  'trigBits',
  'trigHex',
  'resume',
  'react',
  'ccHex',
  'ccStage',
  'ccLead',
  'advUnit',
  'advFrom',
  'winner',
] as const

/** Decision kinds whose legal actions include hexes (unit-action moves/leader destinations and hex targets). */
const HEX_KINDS: readonly boolean[] = KINDS.map((k) => ['unit-action', 'fire-target', 'withdraw-hex', 'attack-target', 'reaction-target'].includes(k))

export function makeEngine(ctx: Ctx): PiwamEngine {
  const sc = ctx.scenario
  const layout = makeLayout(CHOICES, ctx.wId, [...ctx.uId, ...ctx.lId], ctx.grid)
  const R = new Rules(ctx, CHOICES.length)
  const obs = makeObsSpec(ctx)
  const scratch = new Uint8Array(layout.size)
  let cacheState: PiwamState | null = null
  let cachePly = -1
  let cacheDice = -1
  const n = ctx.n
  const offC = layout.offset.choice
  const offW = layout.offset.wing
  const offU = layout.offset.unit
  const offH = layout.offset.hex

  const init = (seed: number, opts?: { forcedDice?: number[]; strictDice?: boolean }): PiwamState => {
    const dice = seedDice(seed)
    if (opts?.forcedDice) dice.forced = opts.forcedDice.slice()
    if (opts?.strictDice) dice.strict = true
    const I = ctx.init
    const s: PiwamState = {
      ruleset: 'piwam',
      turn: 1,
      ply: 0,
      dice,
      uHex: I.uHex.slice(),
      uFace: I.uFace.slice(),
      uStatus: I.uStatus.slice(),
      uGone: new Array<number>(n).fill(0),
      uFlags: new Array<number>(n).fill(0),
      uMoved: new Array<number>(n).fill(0),
      uStamp: new Array<number>(n).fill(0),
      uTarget: new Array<number>(n).fill(-1),
      lHex: I.lHex.slice(),
      lState: Array.from(ctx.lInitial),
      lFlags: new Array<number>(ctx.m).fill(0),
      wOrder: I.wOrder.slice(),
      wMark: new Array<number>(ctx.w).fill(0),
      wCont: new Array<number>(ctx.w).fill(0),
      wCmd: I.wCmd.slice(),
      kind: 0,
      player: 0,
      activeWing: -1,
      bypassed: -1,
      chooser: 0,
      sel: -1,
      mp: 0,
      startDist: 0,
      fireExtra: 0,
      preemptTried: 0,
      orderTried: 0,
      trig: 0,
      trigUnit: -1,
      trigBits: 0,
      trigHex: -1,
      resume: 0,
      react: -1,
      ccHex: -1,
      ccStage: 0,
      ccLead: -1,
      advUnit: -1,
      advFrom: -1,
      winner: -1,
      reason: '',
      score: [0, 0],
    }
    for (let u = 0; u < n; u++) {
      if (ctx.uType[u] === T_ART) s.uStatus[u] = 0
      // gendarmes that start reduced have already spent their lances (4.2)
      if (ctx.uType[u] === T_G && s.uStatus[u]! > 0) s.uFlags[u] = F_G_REDUCED
    }
    R.sync(s)
    R.ev = null
    R.startTurn(s)
    return s
  }

  const legalInto = (s: PiwamState, mask: Uint8Array): number => {
    mask.fill(0)
    if (s.winner >= 0) return 0
    R.sync(s)
    R.cmdWing = -1
    const p = s.player
    let c = 0
    switch (s.kind) {
      case K['activate-wing']: {
        const lv = R.level(s)
        for (let w = 0; w < ctx.w; w++) if (ctx.wSide[w] === p && s.wOrder[w] === lv && R.activatable(s, w)) mask[offW + w] = 1
        break
      }
      case K.preempt:
        mask[offC + C.pass] = 1
        R.preemptors(s, mask)
        break
      case K['change-order']: {
        mask[offC + C.pass] = 1
        const o = s.wOrder[s.activeWing]!
        for (let k = 0; k < 3; k++) if (k !== o) mask[offC + C.charge + k] = 1
        break
      }
      case K['select-unit']: {
        mask[offC + C.end] = 1
        const w = s.activeWing
        for (let u = 0; u < n; u++) {
          if (ctx.uWing[u] !== w || s.uHex[u]! < 0 || (s.uFlags[u]! & F_ACTED) !== 0) continue
          if (ctx.uType[u] === T_ART) {
            if ((s.uFlags[u]! & F_ART_FIRED) === 0) mask[offU + u] = 1
          } else if (R.ma(s, u) > 0 || R.canRally(s, u)) mask[offU + u] = 1
        }
        for (let j = 0; j < ctx.m; j++) {
          if (s.lState[j] !== LS_IN || ctx.lSide[j] !== p) continue
          if (ctx.lArmy[j]) {
            if ((s.lFlags[j]! & L_ACTED) === 0 && R.leaderDests(s, j, null, ctx.tables.leaders.movement, -1) > 0) mask[offU + n + j] = 1
          } else if (s.wCmd[w] === j && (s.wOrder[w] !== 0 || !R.withWing(s, j)) && (s.lFlags[j]! & (L_MOVED | L_AIDED | L_ACTED)) === 0 && R.leaderDests(s, j, null, ctx.tables.leaders.movement, -1) > 0) mask[offU + n + j] = 1
        }
        break
      }
      case K['unit-action']: {
        mask[offC + C.end] = 1
        const u = s.sel
        if (u >= n) {
          R.leaderDests(s, u - n, mask, ctx.tables.leaders.movement, -1)
          break
        }
        if (ctx.uType[u] === T_ART) {
          if ((s.uFlags[u]! & F_ART_FIRED) === 0) {
            mask[offC + C.left] = mask[offC + C.right] = mask[offC + C.left2] = mask[offC + C.right2] = mask[offC + C.about] = 1
            if (R.fireTargets(s, u, null) > 0) mask[offC + C.fire] = 1
          }
          break
        }
        R.unitMoves(s, u, mask)
        const cav = ctx.uArm[u] === ARM_CAV
        if (s.mp >= (cav ? 1 : 2)) {
          mask[offC + C.left] = 1
          mask[offC + C.right] = 1
        }
        if (s.mp >= (cav ? 2 : 4)) mask[offC + C.about] = 1
        const fm = ctx.tables.fire.fireMp
        if (R.canFireType(s, u) && s.uStatus[u]! <= 1 && s.mp >= fm && R.inCommand(s, u) && R.fireTargets(s, u, null) > 0) {
          for (let k = 0; k <= ctx.tables.fire.maxExtraMp && k <= 2; k++) if (s.mp >= fm + k) mask[offC + C.fire + k] = 1
        }
        if (R.canRally(s, u)) mask[offC + C['rally-unit']] = 1
        break
      }
      case K['fire-target']:
        R.fireTargets(s, s.sel, mask)
        break
      case K.reaction:
        mask[offC + C.pass] = 1
        R.reactors(s, mask)
        break
      case K['reaction-kind']: {
        const o = R.reactOpts(s, s.react)
        if (o & O_FIRE) mask[offC + C.fire] = 1
        if (o & O_FACE) {
          mask[offC + C.left] = 1
          mask[offC + C.right] = 1
        }
        if (o & O_FACE2) {
          mask[offC + C.left2] = 1
          mask[offC + C.right2] = 1
        }
        if (o & O_WITHDRAW && R.withdrawDests(s, s.react, null) > 0) mask[offC + C.withdraw] = 1
        if (o & O_INTERCEPT) mask[offC + C.intercept] = 1
        mask[offC + C.pass] = 1
        break
      }
      case K['withdraw-hex']:
        R.withdrawDests(s, s.react, mask)
        break
      case K['designate-attack']:
        mask[offC + C.end] = 1
        R.designators(s, false, mask)
        break
      case K['attack-target']:
        R.attackTargets(s, s.sel, false, mask)
        break
      case K['designate-reaction']:
        mask[offC + C.end] = 1
        R.designators(s, true, mask)
        break
      case K['reaction-target']:
        R.attackTargets(s, s.sel, true, mask)
        break
      case K['choose-lead']:
        R.groupAttackers(s, s.ccHex, mask)
        break
      case K['advance-facing']:
        mask[offC + C.pass] = 1
        mask[offC + C.left] = 1
        mask[offC + C.right] = 1
        break
      case K['defender-advance']:
      case K.continuation:
        mask[offC + C.yes] = 1
        mask[offC + C.no] = 1
        break
    }
    R.cmdWing = -1
    // count only the segments the kinds write (choices + wings + units are few; hexes only when a kind targets hexes)
    c = 0
    const end = HEX_KINDS[s.kind] ? mask.length : offH
    for (let i = 0; i < end; i++) c += mask[i]!
    return c
  }

  // apply() reuses the mask of the last legal() call on the same state object at the same ply and roll
  // count (the usual legal -> apply loop), so checking legality costs nothing extra there.
  const legal = (s: PiwamState, mask: Uint8Array): number => {
    const c = legalInto(s, mask)
    if (mask !== scratch) {
      scratch.set(mask)
      cacheState = s
      cachePly = s.ply
      cacheDice = s.dice.count
    }
    return c
  }

  const kindName = (s: PiwamState): string => (s.kind >= 0 ? (KINDS[s.kind] as string) : 'game-over')

  const apply = (s: PiwamState, action: number, events?: PiwamEvent[]): TercioError | null => {
    if (s.winner >= 0) return err('GAME_OVER', `the game is over (${s.reason}); no action applies`)
    if (!Number.isInteger(action) || action < 0 || action >= layout.size) return err('ACTION_OUT_OF_RANGE', `action id ${action} is outside 0..${layout.size - 1}`)
    if (!(cacheState === s && cachePly === s.ply && cacheDice === s.dice.count)) legalInto(s, scratch)
    else R.sync(s)
    cacheState = null
    if (!scratch[action]) {
      const subj = s.sel >= 0 && s.sel < n + ctx.m ? ` for ${layout.units[s.sel]}` : ''
      return err('ACTION_ILLEGAL', `${actionText(layout, action)} is not legal now: player ${s.player} must decide ${kindName(s)}${subj}`)
    }
    R.ev = events ?? null
    s.ply++
    const isC = action < offW
    const ci = action - offC
    const wi = action - offW
    const ui = action - offU
    const hi = action - offH
    switch (s.kind) {
      case K['activate-wing']:
        s.chooser = 1 - s.player
        R.startActivation(s, wi, 'chosen')
        break
      case K.preempt:
        s.preemptTried = 1
        if (isC) {
          s.kind = K['change-order']
          s.player = ctx.wSide[s.activeWing]!
        } else R.doPreempt(s, wi)
        break
      case K['change-order']:
        s.orderTried = 1
        if (ci === C.pass) {
          s.kind = K['select-unit']
          s.player = ctx.wSide[s.activeWing]!
        } else R.doOrderChange(s, ci - C.charge)
        break
      case K['select-unit']:
        if (isC) R.toDesignate(s)
        else if (ui >= n) {
          s.sel = ui
          s.kind = K['unit-action']
        } else R.selectUnit(s, ui)
        break
      case K['unit-action']: {
        const u = s.sel
        if (u >= n) {
          const j = u - n
          if (!isC) {
            const from = s.lHex[j]!
            s.lHex[j] = hi
            s.lFlags[j] = s.lFlags[j]! | L_MOVED | L_ACTED
            if (events) events.push({ type: 'leader-moved', leader: ctx.lId[j]!, from: R.hexLabel(from), to: R.hexLabel(hi) })
          } else s.lFlags[j] = s.lFlags[j]! | L_ACTED
          s.sel = -1
          s.kind = K['select-unit']
          break
        }
        if (!isC) R.doMove(s, u, hi)
        else if (ci === C.end) {
          s.sel = -1
          s.kind = K['select-unit']
        } else if (ci === C.left || ci === C.right || ci === C.left2 || ci === C.right2 || ci === C.about) {
          const by = ci === C.left ? -1 : ci === C.right ? 1 : ci === C.left2 ? -2 : ci === C.right2 ? 2 : 3
          const cav = ctx.uArm[u] === ARM_CAV
          const cost = ctx.uArm[u] === ARM_ART ? 0 : ci === C.about ? (cav ? 2 : 4) : cav ? 1 : 2
          R.doTurn(s, u, by, cost)
        } else if (ci === C['rally-unit']) R.doRally(s, u)
        else {
          s.fireExtra = ci - C.fire
          s.kind = K['fire-target']
        }
        break
      }
      case K['fire-target']:
        R.doFire(s, s.sel, hi)
        break
      case K.reaction:
        if (isC) R.continueUnit(s)
        else {
          s.react = ui
          s.kind = K['reaction-kind']
        }
        break
      case K['reaction-kind']:
        if (ci === C.pass) {
          if (s.react < n) s.uStamp[s.react] = s.trig
          else s.lFlags[s.react - n] = s.lFlags[s.react - n]! | L_REACTED
          R.openReactions(s)
        } else R.doReaction(s, s.react, ci)
        break
      case K['withdraw-hex']:
        R.doWithdraw(s, hi)
        break
      case K['designate-attack']:
        if (isC) R.toDesignateReaction(s)
        else {
          s.sel = ui
          s.kind = K['attack-target']
        }
        break
      case K['attack-target']:
        R.designate(s, s.sel, hi, false)
        s.sel = -1
        R.toDesignate(s)
        break
      case K['designate-reaction']:
        if (isC) {
          s.ccStage = 0
          R.nextCombat(s)
        } else {
          s.sel = ui
          s.kind = K['reaction-target']
        }
        break
      case K['reaction-target']:
        R.designate(s, s.sel, hi, true)
        s.sel = -1
        R.toDesignateReaction(s)
        break
      case K['choose-lead']:
        if (R.resolveCombat(s, ui)) R.nextCombat(s)
        break
      case K['advance-facing']: {
        const u = s.advUnit
        if (ci !== C.pass && s.uHex[u]! >= 0) {
          const f = s.uFace[u]!
          s.uFace[u] = (f + (ci === C.left ? 5 : 1)) % 6
          if (events) events.push({ type: 'faced', unit: ctx.uId[u]!, from: VERTEX_NAMES[f]!, to: VERTEX_NAMES[s.uFace[u]!]!, mp: 0 })
        }
        s.advUnit = -1
        R.nextCombat(s)
        break
      }
      case K['defender-advance']:
        R.doDefenderAdvance(s, ci === C.yes)
        break
      case K.continuation:
        if (ci === C.yes) R.doContinuation(s)
        else R.finishWing(s)
        break
    }
    if (s.winner < 0) R.checkBreak(s)
    R.ev = null
    return null
  }

  const decision = (s: PiwamState): Decision | null => {
    if (s.winner >= 0) return null
    const kind = KINDS[s.kind] as string
    const subj = subjectOf(s)
    return subj === undefined ? { player: s.player as Player, kind } : { player: s.player as Player, kind, subject: subj }
  }
  const subjectOf = (s: PiwamState): string | undefined => {
    switch (s.kind) {
      case K['unit-action']:
      case K['fire-target']:
      case K['attack-target']:
      case K['reaction-target']:
        return s.sel >= 0 ? layout.units[s.sel] : undefined
      case K['reaction-kind']:
      case K['withdraw-hex']:
        return layout.units[s.react]
      case K.reaction:
        return s.trigUnit >= 0 ? layout.units[s.trigUnit] : undefined
      case K['advance-facing']:
      case K['defender-advance']:
        return layout.units[s.advUnit]
      case K['choose-lead']:
        return ctx.grid.labels[s.ccHex]
      case K.preempt:
      case K['change-order']:
      case K['select-unit']:
      case K['designate-attack']:
      case K['designate-reaction']:
      case K.continuation:
        return s.activeWing >= 0 ? ctx.wId[s.activeWing] : undefined
      default:
        return undefined
    }
  }

  const outcome = (s: PiwamState): Outcome | null => {
    if (s.winner < 0) return null
    return { winner: s.winner === 2 ? null : (s.winner as Player), reason: s.reason, score: [s.score[0], s.score[1]] }
  }

  const clone = (s: PiwamState): PiwamState => ({
    ruleset: 'piwam',
    turn: s.turn,
    ply: s.ply,
    dice: cloneDice(s.dice),
    uHex: s.uHex.slice(),
    uFace: s.uFace.slice(),
    uStatus: s.uStatus.slice(),
    uGone: s.uGone.slice(),
    uFlags: s.uFlags.slice(),
    uMoved: s.uMoved.slice(),
    uStamp: s.uStamp.slice(),
    uTarget: s.uTarget.slice(),
    lHex: s.lHex.slice(),
    lState: s.lState.slice(),
    lFlags: s.lFlags.slice(),
    wOrder: s.wOrder.slice(),
    wMark: s.wMark.slice(),
    wCont: s.wCont.slice(),
    wCmd: s.wCmd.slice(),
    kind: s.kind,
    player: s.player,
    activeWing: s.activeWing,
    bypassed: s.bypassed,
    chooser: s.chooser,
    sel: s.sel,
    mp: s.mp,
    startDist: s.startDist,
    fireExtra: s.fireExtra,
    preemptTried: s.preemptTried,
    orderTried: s.orderTried,
    trig: s.trig,
    trigUnit: s.trigUnit,
    trigBits: s.trigBits,
    trigHex: s.trigHex,
    resume: s.resume,
    react: s.react,
    ccHex: s.ccHex,
    ccStage: s.ccStage,
    ccLead: s.ccLead,
    advUnit: s.advUnit,
    advFrom: s.advFrom,
    winner: s.winner,
    reason: s.reason,
    score: [s.score[0], s.score[1]],
  })

  const hash = (s: PiwamState): string => {
    let h = 0x811c9dc5
    const mix = (v: number) => {
      v |= 0
      for (let k = 0; k < 4; k++) {
        h ^= (v >>> (k * 8)) & 0xff
        h = Math.imul(h, 0x01000193)
      }
    }
    for (const f of NUM_FIELDS) mix(s[f])
    for (const f of ARRAY_FIELDS) {
      const a = s[f]
      mix(a.length)
      for (let i = 0; i < a.length; i++) mix(a[i]!)
    }
    const d = s.dice
    mix(d.x)
    mix(d.y)
    mix(d.z)
    mix(d.w)
    mix(d.count)
    mix(d.strict ? 1 : 0)
    mix(d.forced.length)
    for (const v of d.forced) mix(v)
    mix(s.score[0])
    mix(s.score[1])
    for (let i = 0; i < s.reason.length; i++) mix(s.reason.charCodeAt(i))
    return (h >>> 0).toString(16).padStart(8, '0')
  }

  const restore = (json: unknown): Result<PiwamState> => {
    const bad = (m: string, path?: string) => fail<PiwamState>(err('STATE_INVALID', m, path))
    if (typeof json !== 'object' || json === null) return bad('state must be an object')
    const o = json as Record<string, unknown>
    if (o.ruleset !== 'piwam') return bad(`state.ruleset must be "piwam", got ${JSON.stringify(o.ruleset)}`, 'ruleset')
    for (const f of NUM_FIELDS) if (typeof o[f] !== 'number' || !Number.isInteger(o[f])) return bad(`state.${f} must be an integer`, f)
    const lens: Record<string, number> = { u: n, l: ctx.m, w: ctx.w }
    for (const f of ARRAY_FIELDS) {
      const a = o[f]
      const want = lens[f[0] as string] as number
      if (!Array.isArray(a) || a.length !== want || !a.every((v) => Number.isInteger(v))) return bad(`state.${f} must be an array of ${want} integers`, f)
    }
    const d = o.dice as Record<string, unknown> | undefined
    if (!d || typeof d !== 'object' || !['x', 'y', 'z', 'w', 'count'].every((k) => Number.isInteger(d[k])) || !Array.isArray(d.forced) || typeof d.strict !== 'boolean') return bad('state.dice must be a dice state {x,y,z,w,forced,strict,count}', 'dice')
    if (typeof o.reason !== 'string') return bad('state.reason must be a string', 'reason')
    if (!Array.isArray(o.score) || o.score.length !== 2 || !o.score.every((v) => typeof v === 'number')) return bad('state.score must be [number, number]', 'score')
    const s = clone(o as unknown as PiwamState)
    if ((s.kind < 0 || s.kind >= KINDS.length) && s.winner < 0) return bad(`state.kind ${s.kind} is not a decision kind`, 'kind')
    for (let u = 0; u < n; u++) {
      const h = s.uHex[u]!
      if (h < -1 || h >= ctx.size) return bad(`state.uHex[${u}] (${ctx.uId[u]}) = ${h} is off the map`, 'uHex')
      if (s.uFace[u]! < 0 || s.uFace[u]! > 5) return bad(`state.uFace[${u}] (${ctx.uId[u]}) must be 0..5`, 'uFace')
      if (s.uStatus[u]! < 0 || s.uStatus[u]! > 3) return bad(`state.uStatus[${u}] (${ctx.uId[u]}) must be 0..3`, 'uStatus')
    }
    for (let j = 0; j < ctx.m; j++) if (s.lHex[j]! < -1 || s.lHex[j]! >= ctx.size) return bad(`state.lHex[${j}] (${ctx.lId[j]}) is off the map`, 'lHex')
    for (let w = 0; w < ctx.w; w++) if (s.wOrder[w]! < 0 || s.wOrder[w]! > 2) return bad(`state.wOrder[${w}] (${ctx.wId[w]}) must be 0..2`, 'wOrder')
    return ok(s)
  }

  const invariants = (s: PiwamState): string[] => {
    const out: string[] = []
    const occ = new Map<number, number[]>()
    for (let u = 0; u < n; u++) {
      const h = s.uHex[u]!
      const id = ctx.uId[u]
      if ((h < 0) !== (s.uGone[u] !== 0)) out.push(`unit ${id}: hex ${h} but gone=${s.uGone[u]}`)
      if (s.uStatus[u]! < 0 || s.uStatus[u]! > 3) out.push(`unit ${id}: status ${s.uStatus[u]} invalid`)
      if (ctx.uType[u] === T_ART && s.uStatus[u] !== 0) out.push(`artillery ${id}: status ${STATUSES[s.uStatus[u]!]} (artillery is only normal)`)
      if (s.uFace[u]! < 0 || s.uFace[u]! > 5) out.push(`unit ${id}: facing ${s.uFace[u]} invalid`)
      if (h < 0) continue
      if (ctx.terrain[h] === 5) out.push(`unit ${id} in water at ${ctx.grid.labels[h]}`)
      const list = occ.get(h) ?? []
      list.push(u)
      occ.set(h, list)
    }
    for (const [h, list] of occ) {
      const lab = ctx.grid.labels[h]
      const ids = list.map((u) => ctx.uId[u]).join(', ')
      if (list.length > 2) out.push(`hex ${lab}: ${list.length} units (${ids})`)
      const sides = new Set(list.map((u) => ctx.uSide[u]))
      if (sides.size > 1) out.push(`hex ${lab}: both sides (${ids})`)
      if (list.length === 2) {
        const [a, b] = list as [number, number]
        const ta = ctx.uType[a]!
        const tb = ctx.uType[b]!
        const okPair = (ta === T_ART) !== (tb === T_ART) || (ta === T_E && ctx.uArm[b] === ARM_CAV) || (tb === T_E && ctx.uArm[a] === ARM_CAV)
        if (!okPair) out.push(`hex ${lab}: illegal stack (${ids}); only artillery, and Enfants Perdus with cavalry, stack`)
      }
    }
    for (let j = 0; j < ctx.m; j++) {
      const h = s.lHex[j]!
      if (s.lState[j] === LS_IN) {
        if (h < 0) out.push(`leader ${ctx.lId[j]} in play but off the map`)
        else if ((occ.get(h) ?? []).some((u) => ctx.uSide[u] !== ctx.lSide[j])) out.push(`leader ${ctx.lId[j]} at ${ctx.grid.labels[h]} shares a hex with enemy units`)
      } else if (h >= 0) out.push(`leader ${ctx.lId[j]} not in play but at ${ctx.grid.labels[h]}`)
    }
    for (let w = 0; w < ctx.w; w++) {
      const j = s.wCmd[w]!
      if (j >= 0 && (ctx.lWing[j] !== w || s.lState[j] !== LS_IN)) out.push(`wing ${ctx.wId[w]} commander slot ${j} is not an active leader of the wing`)
    }
    if (s.winner < 0 && (s.kind < 0 || s.kind >= KINDS.length)) out.push(`decision kind ${s.kind} invalid while the game is on`)
    return out
  }

  const material = (s: PiwamState): readonly [number, number] => {
    const m: [number, number] = [0, 0]
    for (let u = 0; u < n; u++) if (s.uHex[u]! >= 0 && s.uStatus[u] !== 3) m[ctx.uSide[u] as 0 | 1] += ctx.uValue[u]!
    return m
  }

  const setup = (s: PiwamState, start: unknown): TercioError | null => {
    cacheState = null // the state changes without a new ply: drop the cached mask
    return setupState(ctx, R, s, start)
  }

  const engine: PiwamEngine = {
    ruleset: 'piwam',
    scenario: sc,
    grid: ctx.grid,
    layout,
    decisionKinds: KINDS,
    obs,
    rules: R,
    ctx,
    init,
    decision,
    legal,
    apply,
    outcome,
    clone,
    hash,
    restore,
    invariants,
    view: (s: PiwamState): GameView => viewOf(ctx, R, s, decision(s)),
    material,
    encode: (s: PiwamState, player: Player, out: ObsBuffers) => encodeObs(ctx, R, s, player, out),
    describe: (e: PiwamEvent) => describeEvent(e),
    ascii: (s: PiwamState) => asciiOf(ctx, s),
    setup,
  }
  return engine
}

/** Fixture `start` block (docs/rules/piwam.md): turn, finished / bypassed / no-continue wings, wing orders,
 *  fired artillery, acted units, who picks the next wing, and the army-break / draw settings left as they are. */
function setupState(ctx: Ctx, R: Rules, s: PiwamState, start: unknown): TercioError | null {
  const bad = (m: string, path: string) => err('FIXTURE_INVALID', `start.${path}: ${m}`, path)
  if (typeof start !== 'object' || start === null || Array.isArray(start)) return bad('must be an object', '')
  const o = start as Record<string, unknown>
  const allowed = ['turn', 'finished', 'noContinue', 'orders', 'firedArtillery', 'chooser', 'activate']
  for (const k of Object.keys(o)) if (!allowed.includes(k) && !k.startsWith('$')) return bad(`unknown field (allowed: ${allowed.join(', ')})`, k)
  const wingList = (k: string): number[] | TercioError => {
    const v = o[k]
    if (v === undefined) return []
    if (!Array.isArray(v)) return bad('must be an array of wing ids', k)
    const out: number[] = []
    for (const id of v) {
      const w = ctx.wId.indexOf(String(id))
      if (w < 0) return bad(`unknown wing "${id}" (wings: ${ctx.wId.join(', ')})`, k)
      out.push(w)
    }
    return out
  }
  if (o.turn !== undefined) {
    if (!Number.isInteger(o.turn) || (o.turn as number) < 1 || (o.turn as number) > ctx.turns) return bad(`must be an integer 1..${ctx.turns}`, 'turn')
    s.turn = o.turn as number
  }
  if (o.orders !== undefined) {
    if (typeof o.orders !== 'object' || o.orders === null) return bad('must map wing ids to orders', 'orders')
    for (const [id, ord] of Object.entries(o.orders as Record<string, unknown>)) {
      const w = ctx.wId.indexOf(id)
      const k = ORDERS.indexOf(ord as (typeof ORDERS)[number])
      if (w < 0 || k < 0) return bad(`"${id}": "${String(ord)}" needs a known wing and one of ${ORDERS.join(', ')}`, 'orders')
      s.wOrder[w] = k
    }
  }
  const fin = wingList('finished')
  if (!Array.isArray(fin)) return fin
  const noc = wingList('noContinue')
  if (!Array.isArray(noc)) return noc
  for (const w of fin) s.wMark[w] = s.wMark[w]! | M_FINISHED
  for (const w of noc) s.wMark[w] = s.wMark[w]! | M_NOCONT
  if (o.firedArtillery !== undefined) {
    if (!Array.isArray(o.firedArtillery)) return bad('must be an array of artillery unit ids', 'firedArtillery')
    for (const id of o.firedArtillery) {
      const u = ctx.uId.indexOf(String(id))
      if (u < 0 || ctx.uType[u] !== T_ART) return bad(`"${id}" is not an artillery unit`, 'firedArtillery')
      s.uFlags[u] = s.uFlags[u]! | F_ART_FIRED
    }
  }
  R.sync(s)
  R.ev = null
  if (o.chooser !== undefined) {
    if (o.chooser !== 0 && o.chooser !== 1) return bad('must be 0 or 1', 'chooser')
    s.chooser = o.chooser
  }
  // re-enter the flow at the wing choice with the new markers
  R.nextActivation(s)
  if (o.activate !== undefined) {
    const w = ctx.wId.indexOf(String(o.activate))
    if (w < 0) return bad(`unknown wing "${String(o.activate)}"`, 'activate')
    if (!R.activatable(s, w)) return bad(`wing ${String(o.activate)} cannot be activated`, 'activate')
    s.chooser = 1 - ctx.wSide[w]!
    R.startActivation(s, w, 'chosen')
  }
  return null
}

export { MARKER_NAMES, M_BYPASSED, M_CONTINUED, M_FINISHED, M_NOCONT, M_PREEMPTING, F_SPENT, F_ENDED }
