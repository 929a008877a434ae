// Building envs by name: ruleset id + built-in scenario id (or a Scenario object),
// or a module that exports an engine factory (custom rulesets, test doubles,
// and worker threads, which can only receive serialisable recipes).

import type { BaseEvent, BaseState, Engine, Result, TercioError } from '../core/types.ts'
import { err, fail, ok } from '../core/types.ts'
import { getRuleset } from '../rules/index.ts'
import { resolveScenario } from '../scenario/builtin.ts'
import type { Scenario } from '../scenario/types.ts'
import { TercioEnv, type EnvOptions } from './env.ts'
import { generatedEngine } from './generated.ts'
import { canonicalBase, padEngine } from './padded.ts'
import type { Replay } from './replay.ts'
export { engineFrom, type EngineSource } from './source.ts'

export class TercioFailure extends Error {
  constructor(readonly error: TercioError) {
    super(`${error.code}: ${error.message}`)
    this.name = 'TercioFailure'
  }
}

/** Binds a ruleset to a scenario (built-in id, or an object, which is validated). */
export function bindEngine(ruleset: string | undefined, scenario: string | Scenario): Result<Engine> {
  // `<scenario>+canonical`: the scenario in its ruleset's canonical interface (padded.ts).
  const base = canonicalBase(typeof scenario === 'string' ? scenario.trim() : scenario.id)
  if (base !== null) {
    const b = bindEngine(ruleset, typeof scenario === 'string' ? base : { ...scenario, id: base })
    return b.ok ? padEngine(b.value) : b
  }
  const generated = typeof scenario === 'string' ? generatedEngine(scenario.trim()) : null
  if (generated !== null && generated.ok && ruleset !== undefined && generated.value.ruleset !== ruleset) {
    return fail(err('SCENARIO_INVALID', `scenario ${scenario} is for ruleset ${generated.value.ruleset}, not ${ruleset}`, 'ruleset'))
  }
  if (generated !== null) return generated
  const sc = resolveScenario(scenario)
  if (!sc.ok) return sc
  const id = ruleset ?? sc.value.ruleset
  // An unknown ruleset is named as such (with the known ones) before any scenario mismatch.
  const r = getRuleset(id)
  if (!r.ok) return r
  if (sc.value.ruleset !== id) return fail(err('SCENARIO_INVALID', `scenario ${sc.value.id} is for ruleset ${sc.value.ruleset}, not ${id}`, 'ruleset'))
  return r.value.bind(sc.value)
}

/** What {@link makeEnv} and {@link createEnv} build an env from: a ruleset and scenario, or a bound engine, plus the env's own options. */
export interface MakeEnvOptions extends EnvOptions {
  /** Ruleset id (`piwam`, `marignan`, `mttsog`, `cfeo`, `hbl`); default: the scenario's. */
  ruleset?: string
  /** Built-in scenario id or a Scenario object. */
  scenario?: string | Scenario
  /** An already bound engine (then ruleset/scenario are ignored). */
  engine?: Engine
}

/** Builds an env; bad input comes back as an error value. */
export function createEnv(o: MakeEnvOptions): Result<TercioEnv> {
  let engine = o.engine
  if (!engine) {
    if (o.scenario === undefined) return fail(err('SCENARIO_NOT_FOUND', 'makeEnv needs a scenario (built-in id or object) or an engine', 'scenario'))
    const b = bindEngine(o.ruleset, o.scenario)
    if (!b.ok) return b
    engine = b.value
  }
  return ok(new TercioEnv(engine, o))
}

/**
 * Builds a single-agent-turn env (one step = one decision of whoever the rules ask; `info.player`
 * says who). Like {@link createEnv} but throws {@link TercioFailure} (carrying the error value) on
 * bad input: for scripts.
 *
 * @example
 * ```ts
 * const env = makeEnv({ ruleset: 'piwam', scenario: 'piwam-training' })
 * let { obs } = env.reset({ seed: 7 })
 * const legal = obs.mask.indexOf(1)
 * const r = env.step(legal) // { obs, rewards: [p0, p1], terminated, truncated, info, error }
 * ```
 */
export function makeEnv(o: MakeEnvOptions): TercioEnv {
  const r = createEnv(o)
  if (!r.ok) throw new TercioFailure(r.error)
  return r.value
}

/** The engine a replay was recorded on: its inline scenario, else the built-in one of that id. */
export function engineForReplay(r: Replay): Result<Engine> {
  return bindEngine(r.ruleset, r.scenario.inline ?? r.scenario.id)
}

export type { BaseEvent, BaseState }
