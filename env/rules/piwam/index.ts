// "Paris is Worth a Mass" (Ben Hull) as a Tercio ruleset. Rules notes:
// docs/rules/piwam.md. Layout (docs/rulesets.md): tables (data), context (per
// scenario), state (types, kinds, events, life cycle), board (workspace), flow
// (sequence of play, legal/apply dispatch), one file per mechanic (command,
// activation, move, reaction, fire, melee, morale, retreat, victory), view.
// This file is the RulesetModule and the Engine built from them.

import { actionText, makeLayout } from '../../core/actions.ts'
import type { Decision, Engine, GameView, InitOptions, ObsBuffers, Player, RulesetModule, TercioError } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import { decidedOutcome, decisionOf, LegalCache, listedFailure, wrongRuleset } from '../shared/engine.ts'
import { Board } from './board.ts'
import { buildContext, type Ctx } from './context.ts'
import { applyAction, legalInto, startTurn, subjectOf } from './flow.ts'
import { setupState } from './setup.ts'
import { CHOICES, cloneState, hashState, initialState, KINDS, restoreState, stateInvariants, type PiwamEvent, type PiwamState } from './state.ts'
import { asciiOf, describeEvent, encodeObs, makeObsSpec, viewOf } from './view.ts'

export type PiwamEngine = Engine<PiwamState, PiwamEvent> & { readonly rules: Board; readonly ctx: Ctx }

export function makeEngine(ctx: Ctx): PiwamEngine {
  const layout = makeLayout(CHOICES, ctx.wId, [...ctx.uId, ...ctx.lId], ctx.grid)
  const R = new Board(ctx, CHOICES.length)
  const obs = makeObsSpec(ctx)
  const cache = new LegalCache<PiwamState>(layout.size)
  const n = ctx.n

  const init = (seed: number, opts?: InitOptions): PiwamState => {
    const s = initialState(ctx, seed, opts)
    R.sync(s)
    R.ev = null
    startTurn(R, s)
    return s
  }

  const legal = (s: PiwamState, mask: Uint8Array): number => {
    const c = legalInto(R, s, mask)
    cache.keep(s, mask)
    return c
  }

  const kindName = (s: PiwamState): string => (s.kind >= 0 ? (KINDS[s.kind] as string) : 'game-over')

  const apply = (s: PiwamState, action: number, events?: PiwamEvent[]): TercioError | null => {
    if (s.winner >= 0) return err('GAME_OVER', `the game is over (${s.reason}); no action applies`)
    if (!Number.isInteger(action) || action < 0 || action >= layout.size) return err('ACTION_OUT_OF_RANGE', `action id ${action} is outside 0..${layout.size - 1}`)
    if (!cache.take(s)) legalInto(R, s, cache.mask)
    else R.sync(s)
    if (!cache.mask[action]) {
      const subj = s.sel >= 0 && s.sel < n + ctx.m ? ` for ${layout.units[s.sel]}` : ''
      return err('ACTION_ILLEGAL', `${actionText(layout, action)} is not legal now: player ${s.player} must decide ${kindName(s)}${subj}`)
    }
    applyAction(R, s, action, events)
    return null
  }

  const decision = (s: PiwamState): Decision | null => (s.winner >= 0 ? null : decisionOf(s.player, KINDS[s.kind] as string, subjectOf(R, layout.units, s)))

  const material = (s: PiwamState): readonly [number, number] => {
    const m: [number, number] = [0, 0]
    for (let u = 0; u < n; u++) if (s.uHex[u]! >= 0 && s.uStatus[u] !== 3) m[ctx.uSide[u] as 0 | 1] += ctx.uValue[u]!
    return m
  }

  const setup = (s: PiwamState, start: unknown): TercioError | null => {
    cache.drop() // the state changes without a new ply: drop the kept mask
    return setupState(R, s, start)
  }

  return {
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
    outcome: (s: PiwamState) => decidedOutcome(s.winner, s.reason, s.score),
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
}

export const piwam: RulesetModule = {
  id: 'piwam',
  name: 'Paris is Worth a Mass',
  choices: CHOICES,
  decisionKinds: KINDS,
  bind(scenario) {
    const wrong = wrongRuleset('piwam', scenario)
    if (wrong) return fail(wrong)
    let built
    try {
      built = buildContext(scenario)
    } catch (e) {
      return fail(err('SCENARIO_INVALID', `scenario ${scenario.id}: ${(e as Error).message}`))
    }
    return built.ctx ? ok(makeEngine(built.ctx)) : fail(listedFailure(scenario, built.errors))
  },
}

export type { PiwamState, PiwamEvent } from './state.ts'
export * as piwamTables from './tables.ts'
