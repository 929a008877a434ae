// Serialisable engine recipes, resolved asynchronously (worker threads receive
// these, never engine objects). Ruleset recipes load make.ts lazily so that a
// module recipe does not pull in the ruleset registry.

import type { Engine, Result } from '../core/types.ts'
import { err, fail, ok } from '../core/types.ts'
import type { Scenario } from '../scenario/types.ts'

export type EngineSource =
  | { ruleset?: string; scenario: string | Scenario }
  /** `module` is a file path or URL whose export `export` is `(...args) => Engine | Result<Engine>`. */
  | { module: string; export: string; args?: unknown[] }

const isResult = (v: unknown): v is Result<Engine> => typeof v === 'object' && v !== null && 'ok' in v && typeof (v as { ok: unknown }).ok === 'boolean'

export async function engineFrom(src: EngineSource): Promise<Result<Engine>> {
  if (!('module' in src)) {
    const m = await import('./make.ts')
    return m.bindEngine(src.ruleset, src.scenario)
  }
  let mod: Record<string, unknown>
  try {
    mod = (await import(src.module)) as Record<string, unknown>
  } catch (e) {
    return fail(err('RULESET_UNKNOWN', `cannot import engine module ${src.module}: ${e instanceof Error ? e.message : String(e)}`))
  }
  const f = mod[src.export]
  if (typeof f !== 'function') return fail(err('RULESET_UNKNOWN', `module ${src.module} has no function export ${src.export}`))
  const made: unknown = (f as (...a: unknown[]) => unknown)(...(src.args ?? []))
  return isResult(made) ? made : ok(made as Engine)
}
