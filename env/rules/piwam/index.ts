// "Paris is Worth a Mass" (Ben Hull) as a Tercio ruleset. Rules notes:
// docs/rules/piwam.md. Layout (docs/rulesets.md): tables (data), context (per
// scenario), state (types, kinds, events, life cycle), board (workspace), flow
// (sequence of play, legal/apply dispatch), one file per mechanic (command,
// activation, move, reaction, fire, melee, morale, retreat, victory), view.
// This file is the RulesetModule and the Engine built from them.

import { actionText, makeLayout } from '../../core/actions.ts'
import type { Decision, Engine, GameView, ObsBuffers, Outcome, Player, RulesetModule, TercioError } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import { Board } from './board.ts'
import { buildContext, type Ctx } from './context.ts'
import { applyAction, legalInto, setupState, startTurn, subjectOf } from './flow.ts'
import { CHOICES, cloneState, hashState, initialState, KINDS, restoreState, stateInvariants, type PiwamEvent, type PiwamState } from './state.ts'
import { asciiOf, describeEvent, encodeObs, makeObsSpec, viewOf } from './view.ts'

export type PiwamEngine = Engine<PiwamState, PiwamEvent> & { readonly rules: Board; readonly ctx: Ctx }

export function makeEngine(ctx: Ctx): PiwamEngine {
  const layout = makeLayout(CHOICES, ctx.wId, [...ctx.uId, ...ctx.lId], ctx.grid)
  const R = new Board(ctx, CHOICES.length)
  const obs = makeObsSpec(ctx)
  const scratch = new Uint8Array(layout.size)
  let cacheState: PiwamState | null = null
  let cachePly = -1
  let cacheDice = -1
  const n = ctx.n

  const init = (seed: number, opts?: { forcedDice?: number[]; strictDice?: boolean }): PiwamState => {
    const s = initialState(ctx, seed, opts)
    R.sync(s)
    R.ev = null
    startTurn(R, s)
    return s
  }

  // apply() reuses the mask of the last legal() call on the same state object at the same ply and roll
  // count (the usual legal -> apply loop), so checking legality costs nothing extra there.
  const legal = (s: PiwamState, mask: Uint8Array): number => {
    const c = legalInto(R, s, mask)
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
    if (!(cacheState === s && cachePly === s.ply && cacheDice === s.dice.count)) legalInto(R, s, scratch)
    else R.sync(s)
    cacheState = null
    if (!scratch[action]) {
      const subj = s.sel >= 0 && s.sel < n + ctx.m ? ` for ${layout.units[s.sel]}` : ''
      return err('ACTION_ILLEGAL', `${actionText(layout, action)} is not legal now: player ${s.player} must decide ${kindName(s)}${subj}`)
    }
    applyAction(R, s, action, events)
    return null
  }

  const decision = (s: PiwamState): Decision | null => {
    if (s.winner >= 0) return null
    const kind = KINDS[s.kind] as string
    const subj = subjectOf(R, layout.units, s)
    return subj === undefined ? { player: s.player as Player, kind } : { player: s.player as Player, kind, subject: subj }
  }

  const outcome = (s: PiwamState): Outcome | null => {
    if (s.winner < 0) return null
    return { winner: s.winner === 2 ? null : (s.winner as Player), reason: s.reason, score: [s.score[0], s.score[1]] }
  }

  const material = (s: PiwamState): readonly [number, number] => {
    const m: [number, number] = [0, 0]
    for (let u = 0; u < n; u++) if (s.uHex[u]! >= 0 && s.uStatus[u] !== 3) m[ctx.uSide[u] as 0 | 1] += ctx.uValue[u]!
    return m
  }

  const setup = (s: PiwamState, start: unknown): TercioError | null => {
    cacheState = null // the state changes without a new ply: drop the cached mask
    return setupState(R, s, start)
  }

  const engine: PiwamEngine = {
    ruleset: 'piwam',
    scenario: ctx.scenario,
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
    clone: cloneState,
    hash: hashState,
    restore: (json: unknown) => restoreState(ctx, json),
    invariants: (s: PiwamState) => stateInvariants(ctx, s),
    view: (s: PiwamState): GameView => viewOf(ctx, R, s, decision(s)),
    material,
    encode: (s: PiwamState, player: Player, out: ObsBuffers) => encodeObs(ctx, R, s, player, out),
    describe: (e: PiwamEvent) => describeEvent(e),
    ascii: (s: PiwamState) => asciiOf(ctx, s),
    setup,
  }
  return engine
}

export const piwam: RulesetModule = {
  id: 'piwam',
  name: 'Paris is Worth a Mass',
  choices: CHOICES,
  decisionKinds: KINDS,
  bind(scenario) {
    if (scenario.ruleset !== 'piwam') return fail(err('SCENARIO_INVALID', `scenario ${scenario.id} is for ruleset "${scenario.ruleset}", not piwam`, 'ruleset'))
    let built
    try {
      built = buildContext(scenario)
    } catch (e) {
      return fail(err('SCENARIO_INVALID', `scenario ${scenario.id}: ${(e as Error).message}`))
    }
    if (!built.ctx) {
      const first = built.errors[0]
      const more = built.errors.length > 1 ? ` (and ${built.errors.length - 1} more: ${built.errors.slice(1, 4).map((e) => e.message).join('; ')})` : ''
      return fail(err('SCENARIO_INVALID', `scenario ${scenario.id}: ${first?.message ?? 'invalid'}${more}`, first?.path))
    }
    return ok(makeEngine(built.ctx))
  },
}

export type { PiwamState, PiwamEvent } from './state.ts'
export * as piwamTables from './tables.ts'
