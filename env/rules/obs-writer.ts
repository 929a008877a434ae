// Incremental observation encoding, shared by the rulesets' encoders.
//
// A full encode copies a per-scenario template (the map planes, which never
// change) over the planes, zeroes the entities and writes the position. Most of
// that is the same from one step to the next, and on the SharedArrayBuffers of
// a worker vector env every bulk copy or fill is several times slower than on
// an ordinary ArrayBuffer. So an encoder writes the position's plane cells
// through an ObsWriter, which remembers each cell it set; when the caller marks
// its buffers `retained` (they still hold this encoder's previous output, as a
// TercioEnv's do), the next encode only puts those cells back to the template
// before writing the new position. Entities (a few KB, nearly all rewritten)
// are still zeroed in one fill: recording their writes cost more than it saved.
// The result is the same, bit for bit, as a full encode
// (test/gym/encode-incremental.test.ts).

import type { ObsBuffers } from '../core/types.ts'

/** ObsBuffers whose owner promises that nothing but this engine's encode writes them between calls. */
export interface RetainedObsBuffers extends ObsBuffers {
  readonly retained?: boolean
}

export class ObsWriter {
  planes: Float32Array
  /** Plane cells set since begin (duplicates allowed; past the capacity the next encode is a full one). */
  private readonly set: Int32Array
  private n = 0

  /** `template`: the planes every encode starts from (map planes set, the rest 0). */
  constructor(readonly template: Float32Array) {
    this.planes = template
    this.set = new Int32Array(2 * template.length)
  }

  /** Sets plane cell i (an index into the planes array). Kept tiny so that it inlines. */
  plane(i: number, v: number): void {
    this.planes[i] = v
    this.set[this.n++] = i
  }

  /** Adds v to plane cell i (for planes that count several units in a hex). */
  add(i: number, v: number): void {
    this.planes[i] = (this.planes[i] as number) + v
    this.set[this.n++] = i
  }

  /** Makes out.planes = template, undoing only the last encode when `incremental`. */
  begin(out: ObsBuffers, incremental: boolean): void {
    const p = out.planes
    this.planes = p
    if (incremental && this.n <= this.set.length) {
      const { set, template } = this
      for (let k = 0; k < this.n; k++) {
        const i = set[k] as number
        p[i] = template[i] as number
      }
    } else p.set(this.template)
    this.n = 0
  }
}

/** Writers of retained buffers, by buffers object. */
const retainedWriters = new WeakMap<ObsBuffers, ObsWriter>()
/** Per encoder context: its template and a writer for callers that do not retain their buffers (always a full encode). */
const scratchWriters = new WeakMap<object, ObsWriter>()

/**
 * The writer for an encode of `out` by the encoder whose context is `key`, begun: out's planes hold the
 * template (only the cells the previous encode set were touched, when `out` is retained and was last
 * written by this same encoder). `buildTemplate(t, key, arg)` fills the map planes into a zeroed array,
 * once per key.
 */
export function beginEncode<K extends object, A>(out: RetainedObsBuffers, key: K, arg: A, buildTemplate: (t: Float32Array, key: K, arg: A) => void): ObsWriter {
  let scratch = scratchWriters.get(key)
  if (!scratch || scratch.template.length !== out.planes.length) {
    const t = new Float32Array(out.planes.length)
    buildTemplate(t, key, arg)
    scratch = new ObsWriter(t)
    scratchWriters.set(key, scratch)
  }
  let w = scratch
  let incremental = false
  if (out.retained === true) {
    const r = retainedWriters.get(out)
    if (r && r.template === scratch.template) {
      w = r
      incremental = true
    } else {
      w = new ObsWriter(scratch.template)
      retainedWriters.set(out, w)
    }
  }
  w.begin(out, incremental)
  return w
}

/** Zeroes a small array with a loop (the fill builtin is slow on shared memory). */
export function zero(a: Float32Array): void {
  for (let i = 0; i < a.length; i++) a[i] = 0
}
