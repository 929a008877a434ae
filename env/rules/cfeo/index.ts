// "CFEO 16th C" as a Tercio ruleset (1 hex = 40 yds, vertex facing, 10-yard pips). Rules notes:
// docs/rules/cfeo.md. Layout: tables (data), context (per scenario), state (types, kinds, events), core
// (shared helpers), command, control, move, fire, charge, melee, rout, morale, flow (sequence, legal, apply),
// movement, combat and fast (the phases' parts of the flow), view.

import { actionText, makeLayout } from '../../core/actions.ts'
import type { Decision, Engine, GameView, InitOptions, ObsBuffers, Player, RulesetModule, TercioError } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import type { Scenario } from '../../scenario/types.ts'
import { InitRecord } from '../shared/binding.ts'
import { decidedOutcome, decisionOf, LegalCache, listedFailure, wrongRuleset } from '../shared/engine.ts'
import { buildContext, type Ctx } from './context.ts'
import { makeScratch, sync } from './core.ts'
import { Flow } from './flow.ts'
import { setupState } from './setup.ts'
import { CHOICES, type CfeoEvent, type CfeoState, cloneState, hashState, initialState, invariantsOf, K, KINDS, PH, PHASES, restoreState } from './state.ts'
import { asciiOf, describeEvent, encodeObs, makeObsSpec, material, viewOf } from './view.ts'

export type CfeoEngine = Engine<CfeoState, CfeoEvent> & { readonly ctx: Ctx }

export function makeEngine(c: Ctx): CfeoEngine {
  const layout = makeLayout(CHOICES, c.wId, [...c.uId, ...c.lId], c.grid)
  const x = makeScratch(c)
  const flow = new Flow(c, x, { c: layout.offset.choice, w: layout.offset.wing, u: layout.offset.unit, h: layout.offset.hex })
  const obs = makeObsSpec(c)
  const cache = new LegalCache<CfeoState>(layout.size)
  const inits = new InitRecord<CfeoState>()

  const init = (seed: number, opts?: InitOptions): CfeoState => {
    const s = initialState(c, seed, opts)
    inits.note(s, seed, opts)
    sync(c, x, s)
    x.ev = null
    // The turn-1 initiative roll happens in init. With strict forced dice it may take them from the queue
    // but never fails for want of them: a fixture with a start block begins afresh in setup() with its
    // whole queue (docs/rules/cfeo.md, Fixtures).
    const strict = s.dice.strict
    s.dice.strict = false
    flow.startTurn(s)
    if (s.kind !== K.initiative || s.phase !== PH.initiative) flow.proceed(s)
    s.dice.strict = strict
    return s
  }

  const legal = (s: CfeoState, mask: Uint8Array): number => {
    const n = flow.legal(s, mask)
    cache.keep(s, mask)
    return n
  }

  const decision = (s: CfeoState): Decision | null => (s.winner >= 0 || s.kind < 0 ? null : decisionOf(s.player, KINDS[s.kind] as string, s.sel >= 0 ? layout.units[s.sel] : undefined))

  const apply = (s: CfeoState, action: number, events?: CfeoEvent[]): TercioError | null => {
    if (s.winner >= 0) return err('GAME_OVER', `the game is over (${s.reason}); no action applies`)
    if (!Number.isInteger(action) || action < 0 || action >= layout.size) return err('ACTION_OUT_OF_RANGE', `action id ${action} is outside 0..${layout.size - 1}`)
    if (!cache.take(s)) flow.legal(s, cache.mask)
    if (!cache.mask[action]) {
      const subj = s.sel >= 0 ? ` for ${layout.units[s.sel]}` : ''
      return err('ACTION_ILLEGAL', `${actionText(layout, action)} is not legal now: player ${s.player} must decide ${KINDS[s.kind] ?? 'nothing'}${subj} (${PHASES[s.phase]} phase, turn ${s.turn})`)
    }
    x.ev = events ?? null
    s.ply++
    flow.apply(s, action)
    x.ev = null
    return null
  }

  const setup = (s: CfeoState, start: unknown): TercioError | null => {
    cache.drop()
    // A start position begins afresh from the seed and dice init was given (a state init did not make keeps its dice).
    if (!inits.reset(s, (seed, opts) => initialState(c, seed, opts))) Object.assign(s, { ...initialState(c, 0), dice: s.dice })
    return setupState(c, x, flow, s, start)
  }

  return {
    ruleset: 'cfeo',
    scenario: c.scenario,
    grid: c.grid,
    layout,
    decisionKinds: KINDS,
    obs,
    ctx: c,
    init,
    decision,
    legal,
    apply,
    outcome: (s: CfeoState) => decidedOutcome(s.winner, s.reason, s.score),
    clone: cloneState,
    hash: hashState,
    restore: (json: unknown) => restoreState(c, json),
    invariants: (s: CfeoState) => invariantsOf(c, s),
    view: (s: CfeoState): GameView => viewOf(c, s, decision(s)),
    material: (s: CfeoState) => material(c, s),
    encode: (s: CfeoState, player: Player, out: ObsBuffers) => encodeObs(c, s, player, out),
    describe: describeEvent,
    ascii: (s: CfeoState) => asciiOf(c, s),
    setup,
  }
}

export const cfeo: RulesetModule = {
  id: 'cfeo',
  name: 'CFEO 16th C',
  choices: CHOICES,
  decisionKinds: KINDS,
  bind(scenario: Scenario) {
    const wrong = wrongRuleset('cfeo', scenario)
    if (wrong) return fail(wrong)
    let built
    try {
      built = buildContext(scenario)
    } catch (e) {
      return fail(err('SCENARIO_INVALID', `scenario ${scenario.id}: ${(e as Error).message}`))
    }
    return built.ctx ? ok(makeEngine(built.ctx) as unknown as Engine) : fail(listedFailure(scenario, built.errors))
  },
}

export type { CfeoState, CfeoEvent } from './state.ts'
export * as cfeoTables from './tables.ts'
