// runFixture: the conformance runner bound to the real ruleset registry and
// scenario library. See run.ts for the logic and docs/fixtures.md for the format.
import { getRuleset } from '../rules/index.ts'
import { builtinScenario } from '../scenario/builtin.ts'
import { validateScenario } from '../scenario/load.ts'
import { patchScenario } from '../scenario/patch.ts'
import type { Scenario } from '../scenario/types.ts'
import { runFixtureWith, type FixtureResult, type FixtureSources, type RunOptions } from './run.ts'

export const defaultSources: FixtureSources = {
  ruleset: getRuleset,
  builtinScenario,
  validateScenario,
  patchScenario: (s: Scenario, patch: unknown) => patchScenario(s, patch),
}

export function runFixture(fixture: unknown, opts: RunOptions = {}): FixtureResult {
  return runFixtureWith(fixture, defaultSources, opts)
}

export { formatResult, runFixtureWith, type FixtureDiff, type FixtureResult, type FixtureSources, type RunOptions } from './run.ts'
export { validateFixture, FIXTURE_FORMAT, type Fixture } from './fixture.ts'
