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
  /** Where the encoder records which plane cells it changed (retained buffers only). */
  readonly log?: PlaneLog
}

export class ObsWriter {
  planes: Float32Array
  /** Plane cells set since begin (duplicates allowed; past the capacity the next encode is a full one). */
  readonly set: Int32Array
  /** How many cells were set since begin (may exceed set.length: then not all are recorded). */
  n = 0
  log: PlaneLog | null = null

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
    const log = this.log
    if (incremental && this.n <= this.set.length) {
      const { set, template } = this
      if (log !== null) log.reset(set, this.n)
      for (let k = 0; k < this.n; k++) {
        const i = set[k] as number
        p[i] = template[i] as number
      }
    } else {
      p.set(this.template)
      if (log !== null) log.full = true
    }
    this.n = 0
  }
}

/**
 * The plane cells an env's encodes may have changed since the last `clear()`, for callers that
 * send observations as changes (the bridge's delta observations, bridge/delta.ts): the cells each
 * incremental begin put back to the template and the cells the env wrote itself (`add`), plus
 * (read through `writer`) the cells the latest encode set. `full` means some writes were not
 * recorded (a full encode, or more cells than fit): compare the whole planes. Cells may repeat.
 */
export class PlaneLog {
  readonly cells: Int32Array
  n = 0
  full = true
  /** The writer that encodes into the logged buffers, once it has encoded. */
  writer: ObsWriter | null = null
  constructor(capacity: number) {
    this.cells = new Int32Array(capacity)
  }
  clear(): void {
    this.n = 0
    this.full = false
  }
  /** Records one cell written outside the encoder. */
  add(cell: number): void {
    if (this.n < this.cells.length) this.cells[this.n++] = cell
    else this.full = true
  }
  /** Records the cells a begin puts back to the template. */
  reset(set: Int32Array, n: number): void {
    if (this.full) return
    if (this.n + n > this.cells.length) {
      this.full = true
      return
    }
    // A loop, not cells.set(set.subarray(...)): this runs at every encode and must not allocate.
    const cells = this.cells
    for (let k = 0; k < n; k++) cells[this.n + k] = set[k] as number
    this.n += n
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
      const log = out.log
      if (log) {
        w.log = log
        log.writer = w
      }
    }
  }
  w.begin(out, incremental)
  return w
}

/** Zeroes a small array with a loop (the fill builtin is slow on shared memory). */
export function zero(a: Float32Array): void {
  for (let i = 0; i < a.length; i++) a[i] = 0
}
