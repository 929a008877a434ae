// "Paris is Worth a Mass" (Ben Hull) as a Tercio ruleset. Rules notes:
// docs/rules/piwam.md. Modules: tables (data), context (per scenario),
// state (types, kinds, events), rules (state machine), engine, view.

import type { RulesetModule } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import { buildContext } from './context.ts'
import { makeEngine } from './engine.ts'
import { CHOICES, KINDS } from './state.ts'

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

export { makeEngine } from './engine.ts'
export type { PiwamEngine } from './engine.ts'
export type { PiwamState, PiwamEvent } from './state.ts'
export * as piwamTables from './tables.ts'
