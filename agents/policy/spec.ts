// What the policy network needs to know about an env: a structural subset of the env
// spec (env/gym/spec.ts EnvSpec satisfies it), so agents/ does not depend on the gym's
// internals, and tests can build tiny specs by hand.

export const ACTION_SEGMENTS = ['choice', 'wing', 'unit', 'hex'] as const
export type ActionSegmentName = (typeof ACTION_SEGMENTS)[number]

export interface PolicySpec {
  /** C × rows × cols; plane c of hex h (row-major) at c*rows*cols + h. */
  readonly planes: { readonly shape: readonly [number, number, number] }
  /** maxEntities × F; row i is the unit of UNIT action i. With feature names `present`,
   *  `col` and `row` (col/(cols−1), row/(rows−1)) the network can find each entity's hex. */
  readonly entities: { readonly shape: readonly [number, number]; readonly features?: readonly string[] }
  readonly globals: { readonly shape: readonly [number] }
  readonly actions: {
    readonly size: number
    readonly segments: readonly { readonly name: ActionSegmentName; readonly offset: number; readonly size: number }[]
  }
  /** Carried into checkpoints when present. */
  readonly hash?: string
  readonly interfaceHash?: string
}

/** Sizes derived from a spec, checked once. */
export interface PolicyShape {
  readonly channels: number
  readonly rows: number
  readonly cols: number
  readonly hexes: number
  readonly maxEntities: number
  readonly entityFeatures: number
  readonly globals: number
  readonly actions: number
  readonly choice: number
  readonly wing: number
  readonly unit: number
  /** Elements of one observation. */
  readonly planeSize: number
  readonly entitySize: number
  /** Entity feature indices of present/col/row, or null when the spec does not name them. */
  readonly entityHex: { readonly present: number; readonly col: number; readonly row: number } | null
}

/** Checks the layout the network relies on: segments choice, wing, unit, hex in that
 *  order, contiguous, hex = rows × cols, unit ≤ entity rows. Returns the problem in words. */
export function policyShape(spec: PolicySpec): PolicyShape | string {
  const [channels, rows, cols] = spec.planes.shape
  const [maxEntities, entityFeatures] = spec.entities.shape
  const [globals] = spec.globals.shape
  const segs = spec.actions.segments
  const dims = { channels, rows, cols, maxEntities, entityFeatures, globals }
  for (const [k, v] of Object.entries(dims)) if (!Number.isInteger(v) || v < 0) return `spec ${k} must be a non-negative integer, got ${v}`
  if (channels < 1 || rows < 1 || cols < 1) return `spec planes shape ${spec.planes.shape.join('×')} has an empty dimension`
  if (segs.length !== 4 || segs.some((s, i) => s.name !== ACTION_SEGMENTS[i])) return `spec action segments must be ${ACTION_SEGMENTS.join(', ')} in order, got ${segs.map((s) => s.name).join(', ')}`
  let off = 0
  for (const s of segs) {
    if (s.offset !== off) return `spec action segment ${s.name} starts at ${s.offset}, expected ${off}`
    off += s.size
  }
  if (off !== spec.actions.size) return `spec action segments cover ${off} ids but actions.size is ${spec.actions.size}`
  const seg = (i: number): number => (segs[i] as { size: number }).size
  if (seg(3) !== rows * cols) return `spec hex segment has ${seg(3)} ids but the planes are ${rows}×${cols}`
  if (seg(2) > maxEntities) return `spec unit segment has ${seg(2)} ids but only ${maxEntities} entity rows`
  const f = spec.entities.features
  const fi = (n: string) => (f ? f.indexOf(n) : -1)
  const entityHex = fi('present') >= 0 && fi('col') >= 0 && fi('row') >= 0 ? { present: fi('present'), col: fi('col'), row: fi('row') } : null
  return {
    channels,
    rows,
    cols,
    hexes: rows * cols,
    maxEntities,
    entityFeatures,
    globals,
    actions: spec.actions.size,
    choice: seg(0),
    wing: seg(1),
    unit: seg(2),
    planeSize: channels * rows * cols,
    entitySize: maxEntities * entityFeatures,
    entityHex,
  }
}

/** A batch of observations as the vector env delivers them (rows 0..n-1 are used). */
export interface ObsBatch {
  planes: Float32Array
  entities: Float32Array
  globals: Float32Array
  mask: Uint8Array
  /** One action id per row proposed by a prior agent (the scripted heuristic), −1 = none; read
   *  only by networks built with `prior` (agents/policy/prior.ts fills it). */
  prior?: Int32Array
}
