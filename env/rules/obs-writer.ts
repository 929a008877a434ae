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
 * recorded (a full encode, or more cells than fit). Cells may repeat.
 *
 * Each logged cell comes with the bit pattern it had at the last `sent()` (`before`; its first entry
 * counts), so a caller can tell what changed without a copy of the planes of its own. The values
 * are read while they are in cache: sent() keeps those of the cells the latest encode set (the next
 * begin puts exactly these back), a later begin puts back cells that held the template at sent(),
 * and `add` reads the cell it is about to write. A cell of the latest encode with no entry held the
 * template at sent().
 */
export class PlaneLog {
  readonly cells: Int32Array
  readonly before: Int32Array
  n = 0
  full = true
  /** The writer that encodes into the logged buffers, once it has encoded. */
  writer: ObsWriter | null = null
  /** The bit patterns of the writer's template. */
  templateBits: Int32Array | null = null
  /** At sent(): the bits of the cells the writer had set, in its order. */
  private readonly sentBits: Int32Array
  /** A begin has put cells back since sent(). */
  private restored = false
  /** `bits`: the logged planes as 32-bit words. */
  constructor(
    capacity: number,
    private readonly bits: Int32Array,
  ) {
    this.cells = new Int32Array(capacity)
    this.before = new Int32Array(capacity)
    this.sentBits = new Int32Array(capacity)
  }
  /** The caller has passed on the planes as they are now: the log starts again from them. Call it right
   *  after an encode, while the cells it set are in cache. */
  sent(): void {
    const w = this.writer
    // More cells than fit make the next begin's reset() give up (full), so they need no values.
    if (w !== null && w.n <= this.sentBits.length) {
      const { set } = w
      const { bits, sentBits } = this
      for (let j = 0; j < w.n; j++) sentBits[j] = bits[set[j] as number] as number
    }
    this.n = 0
    this.full = false
    this.restored = false
  }
  attach(w: ObsWriter): void {
    this.writer = w
    this.templateBits = new Int32Array(w.template.buffer, w.template.byteOffset, w.template.length)
  }
  /** Records one cell written outside the encoder; call it before the write. */
  add(cell: number): void {
    if (this.n < this.cells.length) {
      this.cells[this.n] = cell
      this.before[this.n++] = this.bits[cell] as number
    } else this.full = true
  }
  /** Records the cells a begin puts back to the template (the writer's set: `set[0..n)`). */
  reset(set: Int32Array, n: number): void {
    if (this.full) return
    const template = this.templateBits
    if (this.n + n > this.cells.length || template === null) {
      this.full = true
      return
    }
    // Loops, not cells.set(set.subarray(...)): this runs at every encode and must not allocate.
    const { cells, before } = this
    const off = this.n
    if (this.restored) {
      for (let k = 0; k < n; k++) {
        const c = set[k] as number
        cells[off + k] = c
        before[off + k] = template[c] as number
      }
    } else {
      const sentBits = this.sentBits
      for (let k = 0; k < n; k++) {
        cells[off + k] = set[k] as number
        before[off + k] = sentBits[k] as number
      }
    }
    this.restored = true
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
        log.attach(w)
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
