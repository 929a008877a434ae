// The ruleset registry: every ruleset the engine can play, by id.
import type { RulesetModule } from '../core/types.ts'
import { err, fail, ok, type Result } from '../core/types.ts'
import { piwam } from './piwam/index.ts'
import { marignan } from './marignan/index.ts'
import { mttsog } from './mttsog/index.ts'
import { hbl } from './hbl/index.ts'
import { cfeo } from './cfeo/index.ts'

export const RULESETS: Readonly<Record<string, RulesetModule>> = { piwam, marignan, mttsog, hbl, cfeo }

export function getRuleset(id: string): Result<RulesetModule> {
  const r = RULESETS[id]
  return r ? ok(r) : fail(err('RULESET_UNKNOWN', `unknown ruleset "${id}" (known: ${Object.keys(RULESETS).join(', ')})`))
}
