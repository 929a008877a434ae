// Generated battles: one pure, seeded generator per ruleset. The same ruleset,
// seed, size and budget always give the same scenario (byte for byte once
// serialised); every battle is a plain `tercio-scenario/1` scenario.

import { err, fail, RULESET_IDS, type Result, type RulesetId } from '../../core/types.ts'
import { validateScenario } from '../load.ts'
import type { Scenario } from '../types.ts'
import { BATTLE_SIZES, type BattleRequest, type BattleSize } from './battle.ts'
import { cfeo } from './cfeo.ts'
import { hbl } from './hbl.ts'
import { marignan } from './marignan.ts'
import { mttsog } from './mttsog.ts'
import { piwam } from './piwam.ts'

export { BATTLE_SIZES, battleId, type BattleSize } from './battle.ts'

interface Generator {
  defaultBudget(size: BattleSize): number
  generate(r: BattleRequest): Result<Scenario>
}

const GENERATORS: Record<RulesetId, Generator> = { piwam, marignan, cfeo, hbl, mttsog }

export const GENERATED_RULESETS: readonly RulesetId[] = RULESET_IDS

export interface GenerateOptions {
  size?: string
  /** Points (or strength) per side; the ruleset's default for the size when absent. */
  budget?: number
}

/** A generated battle, or a one-line error naming the bad ruleset, size, seed or budget. */
export function generateBattle(ruleset: string, seed: number, o: GenerateOptions = {}): Result<Scenario> {
  const g = (RULESET_IDS as readonly string[]).includes(ruleset) ? GENERATORS[ruleset as RulesetId] : undefined
  if (!g) return fail(err('RULESET_UNKNOWN', `generate: unknown ruleset "${ruleset}" (known: ${GENERATED_RULESETS.join(', ')})`, 'ruleset'))
  const size = o.size ?? 'small'
  if (!(BATTLE_SIZES as readonly string[]).includes(size)) return fail(err('SCENARIO_INVALID', `generate: unknown size "${size}" (known: ${BATTLE_SIZES.join(', ')})`, 'size'))
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) return fail(err('SCENARIO_INVALID', `generate: seed must be an integer 0..4294967295, got ${seed}`, 'seed'))
  const budget = o.budget ?? g.defaultBudget(size as BattleSize)
  if (!Number.isFinite(budget) || budget <= 0) return fail(err('SCENARIO_INVALID', `generate: budget must be a positive number, got ${budget}`, 'budget'))
  const made = g.generate({ seed, size: size as BattleSize, budget })
  if (!made.ok) return fail({ ...made.error, message: `generate ${ruleset}: ${made.error.message}` })
  return validateScenario(made.value)
}
