// One observation and action interface per ruleset, whatever the scenario: the
// ruleset's canonical shape (the largest map, wing and unit counts of its built-in
// scenarios and generated sizes). A padded engine plays its scenario unchanged and
// places it in that shape: the map in the top-left corner of the canonical grid
// (same columns and rows, so hex labels, column parity and neighbours keep their
// meaning; the hexes beyond are off the map, `env:on_map` 0), units and wings in
// the first slots, padding masked out of every legal mask. Slots are named by
// position (unit `u1`, wing `w1`), so every scenario of a ruleset has the same
// interface hash and one network plays them all: `<ruleset>-generated` ids use it,
// `<scenario>+canonical` gives it to any scenario id.
//
// Marignan has none: its globals name each corps' army morale, which differ by scenario.

import { makeLayout, type ActionLayout } from '../core/actions.ts'
import type { BaseEvent, BaseState, Engine, InitOptions, ObsBuffers, Result, RulesetId, TercioError } from '../core/types.ts'
import { err, fail, ok } from '../core/types.ts'
import type { HexGrid } from '../hex/grid.ts'
import { gridOf } from '../scenario/generate/board.ts'
import type { Scenario } from '../scenario/types.ts'

export interface CanonicalShape {
  readonly cols: number
  readonly rows: number
  readonly wings: number
  /** Unit and leader slots (= entity rows). */
  readonly units: number
}

/** Covers every built-in scenario and generated size of the ruleset (test/gym/padded.test.ts). */
export const CANONICAL_SHAPES = {
  piwam: { cols: 24, rows: 16, wings: 8, units: 53 },
  cfeo: { cols: 28, rows: 18, wings: 10, units: 39 },
  hbl: { cols: 30, rows: 20, wings: 9, units: 30 },
  mttsog: { cols: 24, rows: 17, wings: 10, units: 40 },
} as const satisfies Partial<Record<RulesetId, CanonicalShape>>

export const CANONICAL_SUFFIX = '+canonical'

/** `piwam-training+canonical` → `piwam-training`; null when `id` does not ask for padding. */
export const canonicalBase = (id: string): string | null => (id.endsWith(CANONICAL_SUFFIX) ? id.slice(0, -CANONICAL_SUFFIX.length) : null)

/** `inner` in its ruleset's canonical shape, or an error naming what does not fit. */
export function padEngine(inner: Engine): Result<Engine> {
  const shape = (CANONICAL_SHAPES as Partial<Record<RulesetId, CanonicalShape>>)[inner.ruleset]
  const what = `${inner.scenario.id}${CANONICAL_SUFFIX}`
  if (!shape) return fail(err('SCENARIO_INVALID', `${what}: ruleset ${inner.ruleset} has no canonical interface (its observation names differ between scenarios)`, 'scenario'))
  const { cols, rows } = inner.grid
  const l = inner.layout
  const over = [
    cols > shape.cols || rows > shape.rows ? `map ${cols}x${rows} (canonical ${shape.cols}x${shape.rows})` : '',
    l.wings.length > shape.wings ? `${l.wings.length} wings (canonical ${shape.wings})` : '',
    Math.max(l.units.length, inner.obs.maxEntities) > shape.units ? `${Math.max(l.units.length, inner.obs.maxEntities)} units and leaders (canonical ${shape.units})` : '',
  ].filter((s) => s !== '')
  if (over.length > 0) return fail(err('SCENARIO_INVALID', `${what}: larger than the ${inner.ruleset} canonical shape: ${over.join(', ')}`, 'scenario'))
  return ok(new PaddedEngine(inner, shape, what))
}

class PaddedEngine implements Engine {
  readonly ruleset: RulesetId
  readonly scenario: Scenario
  readonly grid: HexGrid
  readonly layout: ActionLayout
  readonly decisionKinds: readonly string[]
  readonly obs: Engine['obs']
  /** toOuter[innerId] = padded id; toInner[paddedId] = inner id or -1 (padding). */
  private readonly toOuter: Int32Array
  private readonly toInner: Int32Array
  /** hexAt[innerHex] = canonical hex. */
  private readonly hexAt: Int32Array
  private readonly innerMask: Uint8Array
  private readonly buf: ObsBuffers
  private readonly colF: number
  private readonly rowF: number

  constructor(
    private readonly inner: Engine,
    shape: CanonicalShape,
    id: string,
  ) {
    this.ruleset = inner.ruleset
    this.scenario = { ...inner.scenario, id }
    this.grid = gridOf(shape.cols, shape.rows)
    this.decisionKinds = inner.decisionKinds
    const slots = (p: string, n: number) => Array.from({ length: n }, (_, i) => `${p}${i + 1}`)
    const L = inner.layout
    this.layout = makeLayout(L.choices, slots('w', shape.wings), slots('u', shape.units), this.grid)
    this.obs = { ...inner.obs, maxEntities: shape.units }
    const ig = inner.grid
    this.hexAt = new Int32Array(ig.size)
    for (let h = 0; h < ig.size; h++) this.hexAt[h] = Math.floor(h / ig.cols) * shape.cols + (h % ig.cols)
    this.toOuter = new Int32Array(L.size)
    this.toInner = new Int32Array(this.layout.size).fill(-1)
    const O = this.layout.offset
    for (let a = 0; a < L.size; a++) {
      const o =
        a < L.offset.wing ? a : a < L.offset.unit ? O.wing + a - L.offset.wing : a < L.offset.hex ? O.unit + a - L.offset.unit : O.hex + (this.hexAt[a - L.offset.hex] as number)
      this.toOuter[a] = o
      this.toInner[o] = a
    }
    this.innerMask = new Uint8Array(L.size)
    this.buf = {
      planes: new Float32Array(inner.obs.planes.length * ig.size),
      entities: new Float32Array(inner.obs.maxEntities * inner.obs.entityFeatures.length),
      globals: new Float32Array(inner.obs.globals.length),
    }
    this.colF = inner.obs.entityFeatures.indexOf('col')
    this.rowF = inner.obs.entityFeatures.indexOf('row')
  }

  /** The scenario's own engine: scripted players read its context (agents/heuristic/per-battle.ts). */
  engineOf(): Engine {
    return this.inner
  }
  /** The padded id of an action id of the scenario's own engine. */
  outerAction(_s: BaseState, a: number): number {
    return this.toOuter[a] as number
  }
  /** The action id of the scenario's own engine for a padded id, or -1 for padding. */
  innerAction(a: number): number {
    return a >= 0 && a < this.toInner.length ? (this.toInner[a] as number) : -1
  }

  init(seed: number, opts?: InitOptions): BaseState {
    return this.inner.init(seed, opts)
  }
  decision(s: BaseState) {
    return this.inner.decision(s)
  }
  legal(s: BaseState, mask: Uint8Array): number {
    const n = this.inner.legal(s, this.innerMask)
    mask.fill(0)
    const m = this.innerMask
    for (let a = 0; a < m.length; a++) if (m[a] === 1) mask[this.toOuter[a] as number] = 1
    return n
  }
  apply(s: BaseState, action: number, events?: BaseEvent[]): TercioError | null {
    const a = this.innerAction(action)
    if (a < 0) return err('ACTION_ILLEGAL', `action ${action} is outside ${this.scenario.id}'s map, wings and units (padding of the canonical shape)`)
    return this.inner.apply(s, a, events)
  }
  encode(s: BaseState, player: 0 | 1, out: ObsBuffers): void {
    const b = this.buf
    this.inner.encode(s, player, b)
    const n = this.inner.grid.size
    const N = this.grid.size
    out.planes.fill(0)
    for (let p = 0; p < this.inner.obs.planes.length; p++) {
      const src = p * n
      const dst = p * N
      for (let h = 0; h < n; h++) out.planes[dst + (this.hexAt[h] as number)] = b.planes[src + h] as number
    }
    out.entities.fill(0)
    out.entities.set(b.entities)
    // Entity columns and rows are fractions of the map's size: re-scaled to the canonical grid's.
    const F = this.inner.obs.entityFeatures.length
    const cs = this.inner.grid.cols / this.grid.cols
    const rs = this.inner.grid.rows / this.grid.rows
    for (let r = 0; r < b.entities.length; r += F) {
      if (this.colF >= 0) out.entities[r + this.colF] = (b.entities[r + this.colF] as number) * cs
      if (this.rowF >= 0) out.entities[r + this.rowF] = (b.entities[r + this.rowF] as number) * rs
    }
    out.globals.set(b.globals)
  }
  outcome(s: BaseState) {
    return this.inner.outcome(s)
  }
  clone(s: BaseState): BaseState {
    return this.inner.clone(s)
  }
  hash(s: BaseState): string {
    return this.inner.hash(s)
  }
  restore(json: unknown): Result<BaseState> {
    return this.inner.restore(json)
  }
  invariants(s: BaseState): string[] {
    return this.inner.invariants(s)
  }
  view(s: BaseState) {
    return this.inner.view(s)
  }
  material(s: BaseState) {
    return this.inner.material(s)
  }
  describe(ev: BaseEvent): string {
    return this.inner.describe(ev)
  }
  ascii(s: BaseState): string {
    return this.inner.ascii(s)
  }
  setup(s: BaseState, start: unknown): TercioError | null {
    return this.inner.setup ? this.inner.setup(s, start) : err('FIXTURE_INVALID', `${this.scenario.id}: this ruleset takes no start block`)
  }
}
