// The `marignan` ruleset: "Marignan 1515" (Vae Victus no. 3), hexside facing,
// 2d6 morale, ZOC and commitment, hedgehog, charge, corps morale, two scenarios.
// Rules notes: docs/rules/marignan.md.

import { makeLayout } from '../../core/actions.ts'
import type { Engine, Result, RulesetModule } from '../../core/types.ts'
import { fail, ok } from '../../core/types.ts'
import type { Scenario } from '../../scenario/types.ts'
import { decisionOf, overOutcome, plainEngine, wrongRuleset } from '../shared/engine.ts'
import { buildContext, type Ctx } from './context.ts'
import { applyAction, decisionPlayer, legalMask, startPhase } from './flow.ts'
import { demoralisedFrench } from './morale.ts'
import { setupState } from './setup.ts'
import { CHOICES, cloneState, hashState, initState, invariantsOf, KINDS, P, PHASES, restoreState, type MEvent, type MState } from './state.ts'
import { asciiOf, describeEvent, encIndex, encodeInto, materialOf, obsSpecOf, selId, subjectOf, viewOf } from './view.ts'

export type { MState, MEvent } from './state.ts'

function bindEngine(scenario: Scenario): Result<Engine> {
  const wrong = wrongRuleset('marignan', scenario)
  if (wrong) return fail(wrong)
  const cr = buildContext(scenario)
  if (!cr.ok) return cr
  const c = cr.value
  const layout = makeLayout(CHOICES, c.corpsIds, [...c.unitIds, ...c.leaderIds], c.grid)
  const obs = obsSpecOf(c)
  const ix = encIndex(obs)
  const decision = (s: MState) => (s.dk < 0 || s.over ? null : decisionOf(decisionPlayer(c, s), KINDS[s.dk] as string, subjectOf(c, s)))
  const engine = plainEngine<MState, MEvent>({
    ruleset: 'marignan',
    scenario,
    grid: c.grid,
    layout,
    decisionKinds: KINDS,
    obs,
    initial: (seed, opts) => initState(c, seed, opts),
    begin: (s) => startPhase(c, s, c.freeDeploy ? P.deployment : P.command, undefined),
    rules: {
      legal: (s, mask) => legalMask(c, s, mask),
      context: (s) => `player ${decisionPlayer(c, s)} decides ${KINDS[s.dk]}${s.sel >= 0 ? ` for ${selId(c, s)}` : ''}, ${PHASES[s.phase]} phase, turn ${s.turn}`,
      act: (s, action, events) => applyAction(c, s, action, events),
    },
    // A start position replaces the automatic turn-1 phases init ran: setup begins again from the scenario.
    start: (s, block) => setupState(c, s, block),
    decision,
    legal: (s, mask) => legalMask(c, s, mask),
    outcome: (s) => (s.over ? overOutcome(s.over, s.why, [demoralisedFrench(c, s), c.armyMorale - s.army]) : null),
    clone: cloneState,
    hash: hashState,
    restore: (json) => restoreState(c, json),
    invariants: (s) => invariantsOf(c, s),
    view: (s) => viewOf(c, s),
    material: (s) => materialOf(c, s),
    encode: (s, player, out) => encodeInto(c, ix, s, player, out),
    describe: describeEvent,
    ascii: (s) => asciiOf(c, s),
  })
  return ok(engine as unknown as Engine)
}

export const marignan: RulesetModule = {
  id: 'marignan',
  name: 'Marignan 1515 (Vae Victus no. 3)',
  choices: CHOICES,
  decisionKinds: KINDS,
  bind: bindEngine,
}

/** For tests and tools: the bound context of an engine's scenario. */
export function marignanContext(scenario: Scenario): Result<Ctx> {
  return buildContext(scenario)
}
