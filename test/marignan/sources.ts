// Fixture sources for the marignan tests: the ruleset and its scenario files
// (until the shared registry lists them).
import { readFileSync } from 'node:fs'
import type { FixtureSources } from '../../env/conformance/run.ts'
import { err, fail, ok } from '../../env/core/types.ts'
import { marignan } from '../../env/rules/marignan/index.ts'
import { validateScenario } from '../../env/scenario/load.ts'
import { patchScenario } from '../../env/scenario/patch.ts'

const SCEN = new URL('../../env/scenario/scenarios/', import.meta.url)
export const sources: FixtureSources = {
  ruleset: (id) => (id === 'marignan' ? ok(marignan) : fail(err('RULESET_UNKNOWN', id))),
  builtinScenario: (id) => {
    try {
      return validateScenario(JSON.parse(readFileSync(new URL(`${id}.json`, SCEN), 'utf8')))
    } catch {
      return fail(err('SCENARIO_NOT_FOUND', id))
    }
  },
  validateScenario,
  patchScenario: (s, p) => patchScenario(s, p),
}

