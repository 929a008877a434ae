// The `mttsog` ruleset: "March Toward the Sound of Guns" (Herbert Wong, v1.1),
// Napoleonic, as written: command-point dice pools, formations, shooting on 4+,
// simultaneous melee through the formation combat table, army break point.
// Scale 1 hex = 1 inch = 100 paces, hexside facing. Rules notes: docs/rules/mttsog.md.

import { makeLayout } from '../../core/actions.ts'
import type { Engine, Result, RulesetModule } from '../../core/types.ts'
import { fail, ok } from '../../core/types.ts'
import type { Scenario } from '../../scenario/types.ts'
import { decisionOf, overOutcome, plainEngine, wrongRuleset } from '../shared/engine.ts'
import { buildContext, type Ctx } from './context.ts'
import { sync } from './core.ts'
import { applyAction, curKind, decisionPlayer, legalMask, scores, startGame, subjectOf } from './flow.ts'
import { setupState } from './setup.ts'
import { CHOICES, cloneState, hashState, initState, invariantsOf, KINDS, PHASES, restoreState, type MtEvent, type MtState } from './state.ts'
import { asciiOf, describeEvent, encIndex, encodeInto, materialOf, obsSpecOf, viewOf } from './view.ts'

export type { MtState, MtEvent } from './state.ts'

function bindEngine(scenario: Scenario): Result<Engine> {
  const wrong = wrongRuleset('mttsog', scenario)
  if (wrong) return fail(wrong)
  const cr = buildContext(scenario)
  if (!cr.ok) return cr
  const c = cr.value
  const layout = makeLayout(CHOICES, scenario.wings.map((w) => w.id), [...c.unitIds, ...c.leaderIds], c.grid)
  const lo = { unit: layout.offset.unit, hex: layout.offset.hex }
  const obs = obsSpecOf(c)
  const ix = encIndex(obs)
  const engine = plainEngine<MtState, MtEvent>({
    ruleset: 'mttsog',
    scenario,
    grid: c.grid,
    layout,
    decisionKinds: KINDS,
    obs,
    initial: (seed, opts) => initState(c, seed, opts),
    begin: (s) => startGame(c, s, undefined),
    rules: {
      legal(s, mask) {
        sync(c, s)
        legalMask(c, lo, s, mask)
      },
      context(s) {
        const sub = subjectOf(c, s)
        return `player ${decisionPlayer(c, s)} decides ${KINDS[curKind(s)]}${sub ? ` for ${sub}` : ''}, ${PHASES[s.phase]} phase, turn ${s.turn}`
      },
      act: (s, action, events) => applyAction(c, lo, s, action, events),
    },
    start: (s, block) => setupState(c, s, block),
    decision(s) {
      const k = curKind(s)
      if (k < 0 || s.over) return null
      sync(c, s)
      return decisionOf(decisionPlayer(c, s), KINDS[k] as string, subjectOf(c, s))
    },
    legal(s, mask) {
      if (s.over || s.dk < 0) {
        mask.fill(0)
        return 0
      }
      sync(c, s)
      return legalMask(c, lo, s, mask)
    },
    outcome(s) {
      if (!s.over) return null
      sync(c, s)
      return overOutcome(s.over, s.why, scores(c, s))
    },
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

export const mttsog: RulesetModule = {
  id: 'mttsog',
  name: 'March Toward the Sound of Guns (Napoleonic, H. Wong v1.1)',
  choices: CHOICES,
  decisionKinds: KINDS,
  bind: bindEngine,
}

/** For tests and tools: the bound context of a scenario. */
export function mttsogContext(scenario: Scenario): Result<Ctx> {
  return buildContext(scenario)
}
