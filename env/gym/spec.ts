// The env spec: everything a trainer needs to build a network and interpret its
// outputs (shapes, channel names, action segments with canonical texts, reward),
// plus a hash so a checkpoint trained on one spec refuses another.

import type { Engine } from '../core/types.ts'
import { hashJson } from './hash.ts'

/** Planes the env adds after the engine's planes (names are part of the spec). */
export const ENV_PLANES = [
  'env:on_map', // 1 on every hex: lets convolutions tell the board edge from zero padding
  'env:legal_hex', // hexes whose HEX action is legal in the current decision (from the mask)
] as const
/** Features the env appends to entity rows: none. Row i is UNIT action i, so the UNIT segment of
 *  the mask is that column already; the engine writes the table in place (no copy per step). */
export const ENV_ENTITY_FEATURES = [] as const
/** Globals the env appends; then one `env:decision=<kind>` one-hot per decision kind, unless the
 *  engine's globals already carry one (see engineEncodesKinds). */
export const ENV_GLOBALS = [
  'env:seat', // the acting player, 0 or 1 (scenarios are asymmetric)
  'env:legal_fraction', // legal count / action-space size
  'env:progress', // decisions so far / maxDecisions: makes time-limit truncation observable
] as const

/** True when the engine's globals already one-hot the decision kind (a global named `kind:<k>`,
 *  `decision:<k>` or `decision=<k>` for every kind): the env then adds no duplicate. */
export function engineEncodesKinds(engine: Pick<Engine, 'obs' | 'decisionKinds'>): boolean {
  const names = new Set(engine.obs.globals)
  return engine.decisionKinds.every((k) => names.has(`kind:${k}`) || names.has(`decision:${k}`) || names.has(`decision=${k}`))
}

export interface RewardOptions {
  /** Coefficient of material shaping; 0 (default) = terminal reward only. */
  shaping?: number
}

export interface RewardSpec {
  readonly terminal: { readonly win: 1; readonly loss: -1; readonly draw: 0; readonly truncated: 0 }
  readonly zeroSum: true
  /** null = off. Per step, player p gets coefficient * (enemy material lost / enemy initial
   *  material - own material lost / own initial material), from engine.material deltas. */
  readonly shaping: { readonly kind: 'material-delta'; readonly coefficient: number } | null
}

export function rewardSpec(o: RewardOptions | undefined): RewardSpec {
  const c = o?.shaping ?? 0
  if (!Number.isFinite(c) || c < 0) throw new RangeError(`reward.shaping must be a finite number >= 0, got ${c}`)
  return {
    terminal: { win: 1, loss: -1, draw: 0, truncated: 0 },
    zeroSum: true,
    shaping: c > 0 ? { kind: 'material-delta', coefficient: c } : null,
  }
}

export interface ActionSegmentSpec {
  readonly name: 'choice' | 'wing' | 'unit' | 'hex'
  readonly offset: number
  readonly size: number
  /** Canonical texts of the segment's ids, in order (e.g. `hex:1012`). */
  readonly texts: readonly string[]
}

export interface EnvSpec {
  readonly format: 'tercio-env-spec/1'
  readonly ruleset: string
  readonly scenario: { readonly id: string; readonly hash: string }
  readonly grid: { readonly cols: number; readonly rows: number; readonly size: number }
  readonly planes: { readonly shape: readonly [number, number, number]; readonly dtype: 'float32'; readonly channels: readonly string[] }
  readonly entities: {
    readonly shape: readonly [number, number]
    readonly dtype: 'float32'
    readonly features: readonly string[]
    /** Which unit/leader each row holds (row i = UNIT action i). */
    readonly rows: readonly string[]
  }
  readonly globals: { readonly shape: readonly [number]; readonly dtype: 'float32'; readonly names: readonly string[] }
  readonly mask: { readonly shape: readonly [number]; readonly dtype: 'uint8' }
  readonly actions: { readonly size: number; readonly segments: readonly ActionSegmentSpec[] }
  readonly decisionKinds: readonly string[]
  readonly players: 2
  readonly reward: RewardSpec
  readonly maxDecisions: number
  readonly skipForced: boolean
  /** Hash of the observation/action interface only (shapes, names, segments): what a network depends on. */
  readonly interfaceHash: string
  /** Hash of the canonical JSON of everything above (incl. reward and limits). */
  readonly hash: string
}

export interface SpecOptions {
  reward?: RewardOptions
  maxDecisions: number
  skipForced: boolean
}

export function makeSpec(engine: Engine, scenarioHash: string, o: SpecOptions): EnvSpec {
  const g = engine.grid
  const l = engine.layout
  const channels = [...engine.obs.planes, ...ENV_PLANES]
  const features = [...engine.obs.entityFeatures, ...ENV_ENTITY_FEATURES]
  const globals = [...engine.obs.globals, ...ENV_GLOBALS, ...(engineEncodesKinds(engine) ? [] : engine.decisionKinds.map((k) => `env:decision=${k}`))]
  const rows = Array.from({ length: engine.obs.maxEntities }, (_, i) => l.units[i] ?? `slot:${i}`)
  const seg = (name: ActionSegmentSpec['name'], names: readonly string[]): ActionSegmentSpec => ({
    name,
    offset: l.offset[name],
    size: names.length,
    texts: names.map((n) => `${name}:${n}`),
  })
  const body = {
    format: 'tercio-env-spec/1' as const,
    ruleset: engine.ruleset,
    scenario: { id: engine.scenario.id, hash: scenarioHash },
    grid: { cols: g.cols, rows: g.rows, size: g.size },
    planes: { shape: [channels.length, g.rows, g.cols] as const, dtype: 'float32' as const, channels },
    entities: { shape: [engine.obs.maxEntities, features.length] as const, dtype: 'float32' as const, features, rows },
    globals: { shape: [globals.length] as const, dtype: 'float32' as const, names: globals },
    mask: { shape: [l.size] as const, dtype: 'uint8' as const },
    actions: { size: l.size, segments: [seg('choice', l.choices), seg('wing', l.wings), seg('unit', l.units), seg('hex', l.hexes)] },
    decisionKinds: [...engine.decisionKinds],
    players: 2 as const,
    reward: rewardSpec(o.reward),
    maxDecisions: o.maxDecisions,
    skipForced: o.skipForced,
  }
  const interfaceHash = hashJson({
    ruleset: body.ruleset,
    planes: body.planes,
    entities: body.entities,
    globals: body.globals,
    actions: body.actions,
    decisionKinds: body.decisionKinds,
  })
  return { ...body, interfaceHash, hash: hashJson({ ...body, interfaceHash }) }
}

/** Element counts of one observation. */
export interface ObsSizes {
  readonly planes: number
  readonly entities: number
  readonly globals: number
  readonly mask: number
}

export const obsSizes = (s: EnvSpec): ObsSizes => ({
  planes: s.planes.shape[0] * s.planes.shape[1] * s.planes.shape[2],
  entities: s.entities.shape[0] * s.entities.shape[1],
  globals: s.globals.shape[0],
  mask: s.mask.shape[0],
})
