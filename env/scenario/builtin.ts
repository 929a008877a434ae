// The built-in scenarios, shipped as JSON next to this file. Imported (not read
// from disk) so env/ stays free of file I/O and works in bundles and browsers.

import { err, fail, type Result, type RulesetId } from '../core/types.ts'
import type { BattleSize } from './generate/battle.ts'
import { parseScenario, validateScenario } from './load.ts'
import type { Scenario } from './types.ts'
import training from './scenarios/piwam-training.json' with { type: 'json' }
import coutras from './scenarios/coutras-1587.json' with { type: 'json' }
import ivry from './scenarios/ivry-1590.json' with { type: 'json' }
import marignanTraining from './scenarios/marignan-training.json' with { type: 'json' }
import marignanDay1 from './scenarios/marignan-1515-first-day.json' with { type: 'json' }
import marignanDays2 from './scenarios/marignan-1515-two-days.json' with { type: 'json' }
import mttsogTraining from './scenarios/mttsog-training.json' with { type: 'json' }
import mttsogMaida from './scenarios/mttsog-maida-1806.json' with { type: 'json' }
import hblTraining from './scenarios/hbl-training.json' with { type: 'json' }
import hblCerignola from './scenarios/hbl-cerignola-1503.json' with { type: 'json' }
import cfeoTraining from './scenarios/cfeo-training.json' with { type: 'json' }
import cfeoBicocca from './scenarios/cfeo-bicocca-1522.json' with { type: 'json' }

export interface BuiltinInfo {
  readonly id: string
  readonly ruleset: string
  readonly name: string
  readonly description: string
}

/** The raw JSON of each built-in scenario, by id (validated on access). */
const RAW: Readonly<Record<string, unknown>> = {
  'piwam-training': training,
  'coutras-1587': coutras,
  'ivry-1590': ivry,
  'marignan-training': marignanTraining,
  'marignan-1515-first-day': marignanDay1,
  'marignan-1515-two-days': marignanDays2,
  'mttsog-training': mttsogTraining,
  'mttsog-maida-1806': mttsogMaida,
  'hbl-training': hblTraining,
  'hbl-cerignola-1503': hblCerignola,
  'cfeo-training': cfeoTraining,
  'cfeo-bicocca-1522': cfeoBicocca,
}

export const DEFAULT_SCENARIO = 'piwam-training'

const str = (o: unknown, k: string): string => {
  const v = typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[k] : undefined
  return typeof v === 'string' ? v : ''
}

/** id, ruleset, name and description of every built-in scenario, default first. */
export const BUILTIN_SCENARIOS: readonly BuiltinInfo[] = Object.entries(RAW).map(([id, raw]) => ({
  id,
  ruleset: str(raw, 'ruleset'),
  name: str(raw, 'name'),
  description: str(raw, 'description'),
}))

export const builtinIds = (ruleset?: string): string[] =>
  BUILTIN_SCENARIOS.filter((s) => ruleset === undefined || s.ruleset === ruleset).map((s) => s.id)

export const isBuiltin = (id: string): boolean => Object.hasOwn(RAW, id)

/** Generated-battle ids (env/gym/generated.ts): each reset draws a fresh battle from its
 *  seed. `<ruleset>-generated` is the small size, `<ruleset>-generated-medium` the medium one.
 *  Written out so that clients (the Python package) can read them from this file. */
export const GENERATED_IDS = [
  'piwam-generated',
  'piwam-generated-medium',
  'marignan-generated',
  'marignan-generated-medium',
  'cfeo-generated',
  'cfeo-generated-medium',
  'hbl-generated',
  'hbl-generated-medium',
  'mttsog-generated',
  'mttsog-generated-medium',
] as const

export interface GeneratedInfo extends BuiltinInfo {
  readonly ruleset: RulesetId
  readonly size: BattleSize
}

export const GENERATED_SCENARIOS: readonly GeneratedInfo[] = GENERATED_IDS.map((id) => {
  const [ruleset, , size = 'small'] = id.split('-') as [RulesetId, string, BattleSize?]
  return {
    id,
    ruleset,
    size,
    name: `Generated ${ruleset} battles (${size})`,
    description: `A fresh generated ${ruleset} battle (${size}) on each reset, drawn from the reset seed (docs/generated-battles.md).`,
  }
})

export const generatedInfo = (id: string): GeneratedInfo | undefined => GENERATED_SCENARIOS.find((g) => g.id === id)

/** A fresh, validated copy of a built-in scenario. */
export function builtinScenario(id: string): Result<Scenario> {
  if (!Object.hasOwn(RAW, id)) {
    return fail(err('SCENARIO_NOT_FOUND', `unknown scenario "${id}" (built-in: ${builtinIds().join(', ')})`, 'scenario'))
  }
  const r = validateScenario(RAW[id])
  return r.ok ? r : fail({ ...r.error, message: `built-in scenario "${id}": ${r.error.message}` })
}

/** Resolves what a user gave as a scenario: a built-in id, JSON text (already
 *  read by the caller, e.g. the CLI reading a file), or an already-parsed
 *  object (inline fixture scenarios). `source` names the file in messages. */
export function resolveScenario(spec: string | object, source?: string): Result<Scenario> {
  if (typeof spec === 'object') return validateScenario(spec)
  const t = spec.trim()
  if (t.startsWith('{') || t.startsWith('[')) return parseScenario(spec, source ?? 'scenario')
  return builtinScenario(t)
}
