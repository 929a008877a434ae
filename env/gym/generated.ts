// The engine behind a generated-battle id (`piwam-generated`, `cfeo-generated-medium`):
// init(seed) generates the battle of that seed, binds the ruleset to it and starts it;
// every other call goes to the engine of the state's own battle. Battles of one
// ruleset and size have the same map size and the same unit, leader and wing ids, so
// the grid, action layout and observation spec are those of any of them: vector envs,
// the trainer, the bridge and checkpoints see one fixed spec.
//
// Train/test split: a reset seed draws the battle of seed `seed mod 2^31`; battles of
// seeds 2^31 and above (HELD_OUT_BASE + k) are never drawn here: `tercio suite` tests on them.

import type { BaseEvent, BaseState, Engine, InitOptions, Result, TercioError } from '../core/types.ts'
import { err, fail, ok } from '../core/types.ts'
import { getRuleset } from '../rules/index.ts'
import { generatedInfo } from '../scenario/builtin.ts'
import { generateBattle } from '../scenario/generate/index.ts'
import type { Scenario } from '../scenario/types.ts'
import { CANONICAL_SHAPES, padEngine } from './padded.ts'

export const HELD_OUT_BASE = 0x80000000
/** The battle a reset seed draws (training battles only). */
export const trainingBattleSeed = (seed: number): number => (seed >>> 0) % HELD_OUT_BASE

/** A bound battle, or an error naming the seed; `canonical`: in its ruleset's canonical shape (env/gym/padded.ts). */
export function bindBattle(ruleset: string, size: string, seed: number, canonical = false): Result<Engine> {
  const g = generateBattle(ruleset, seed, { size })
  if (!g.ok) return g
  const r = getRuleset(ruleset)
  if (!r.ok) return r
  const b = r.value.bind(g.value)
  if (!b.ok) return fail(err(b.error.code, `generated battle ${g.value.id}: ${b.error.message}`, b.error.path))
  return canonical ? padEngine(b.value) : b
}

/** Rulesets whose generated ids use the canonical shape (all but marignan, which has none). */
const padsGenerated = (ruleset: string): boolean => ruleset in CANONICAL_SHAPES

/** The engine of a generated-battle id, or null when `id` is not one. */
export function generatedEngine(id: string): Result<Engine> | null {
  const info = generatedInfo(id)
  if (!info) return null
  const canonical = padsGenerated(info.ruleset)
  const first = bindBattle(info.ruleset, info.size, 0, canonical)
  if (!first.ok) return first
  // The spec's scenario: battle 0 under the id's own name (its hash names the generator's output).
  const template: Scenario = { ...first.value.scenario, id: info.id, name: info.name, description: info.description }
  return ok(new GeneratedEngine(info.size, canonical, template, first.value))
}

const layoutKey = (e: Engine): string => `${e.layout.size}|${e.layout.units.join(',')}|${e.layout.wings.join(',')}|${e.grid.cols}x${e.grid.rows}|${e.obs.planes.length}|${e.obs.maxEntities}`

class GeneratedEngine implements Engine {
  readonly ruleset: Engine['ruleset']
  readonly grid: Engine['grid']
  readonly layout: Engine['layout']
  readonly decisionKinds: Engine['decisionKinds']
  readonly obs: Engine['obs']
  private readonly key: string
  /** Each state's battle engine (clones and restores are registered too). */
  private readonly of = new WeakMap<object, Engine>()
  /** The last few battles bound, by seed (a replay or fuzz check re-inits the same seed). */
  private readonly bound = new Map<number, Engine>()
  private last: Engine
  private lastState: object | null = null
  private lastEngine: Engine

  constructor(
    private readonly size: string,
    private readonly canonical: boolean,
    readonly scenario: Scenario,
    first: Engine,
  ) {
    this.ruleset = first.ruleset
    this.grid = first.grid
    this.layout = first.layout
    this.decisionKinds = first.decisionKinds
    this.obs = first.obs
    this.key = layoutKey(first)
    this.last = this.lastEngine = first
    this.bound.set(0, first)
  }

  /** The battle a state is played on (replays record it). */
  battle(s: BaseState): Scenario {
    return this.e(s).scenario
  }

  /** The engine of a state's battle: scripted players read their battle's context from it
   *  (agents/heuristic/per-battle.ts). */
  engineOf(s: BaseState): Engine {
    return this.e(s)
  }
  outerAction(_s: BaseState, a: number): number {
    return a
  }

  private e(s: object): Engine {
    if (s === this.lastState) return this.lastEngine
    const e = this.of.get(s) ?? this.last
    this.lastState = s
    this.lastEngine = e
    return e
  }

  private engineFor(seed: number): Engine {
    const bs = trainingBattleSeed(seed)
    let e = this.bound.get(bs)
    if (!e) {
      const b = bindBattle(this.ruleset, this.size, bs, this.canonical)
      // Generated battles are valid by construction (test/scenario/generate.test.ts): a failure is a bug.
      if (!b.ok) throw new Error(`${this.scenario.id}: ${b.error.message}`)
      if (layoutKey(b.value) !== this.key) throw new Error(`${this.scenario.id}: battle ${bs} changes the action layout or observation shape`)
      e = b.value
      if (this.bound.size >= 4) this.bound.delete(this.bound.keys().next().value as number)
      this.bound.set(bs, e)
    }
    return e
  }

  init(seed: number, opts?: InitOptions): BaseState {
    const e = this.engineFor(seed)
    const s = e.init(seed, opts)
    this.of.set(s, e)
    this.last = e
    return s
  }
  decision(s: BaseState) {
    return this.e(s).decision(s)
  }
  legal(s: BaseState, mask: Uint8Array): number {
    return this.e(s).legal(s, mask)
  }
  apply(s: BaseState, action: number, events?: BaseEvent[]): TercioError | null {
    return this.e(s).apply(s, action, events)
  }
  outcome(s: BaseState) {
    return this.e(s).outcome(s)
  }
  clone(s: BaseState): BaseState {
    const e = this.e(s)
    const c = e.clone(s)
    this.of.set(c, e)
    return c
  }
  hash(s: BaseState): string {
    return this.e(s).hash(s)
  }
  /** A deserialised state belongs to the battle last initialised. */
  restore(json: unknown): Result<BaseState> {
    const r = this.last.restore(json)
    if (r.ok) this.of.set(r.value, this.last)
    return r
  }
  invariants(s: BaseState): string[] {
    return this.e(s).invariants(s)
  }
  view(s: BaseState) {
    return this.e(s).view(s)
  }
  material(s: BaseState) {
    return this.e(s).material(s)
  }
  encode(s: BaseState, player: 0 | 1, out: Parameters<Engine['encode']>[2]): void {
    this.e(s).encode(s, player, out)
  }
  describe(ev: BaseEvent): string {
    return this.last.describe(ev)
  }
  ascii(s: BaseState): string {
    return this.e(s).ascii(s)
  }
  setup(s: BaseState, start: unknown): TercioError | null {
    const e = this.e(s)
    return e.setup ? e.setup(s, start) : err('FIXTURE_INVALID', `${this.scenario.id}: this ruleset takes no start block`)
  }
}
