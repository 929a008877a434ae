// Delta observations (EnvOptions.delta_observations): the set's observations
// live in one array of 32-bit words, `planes | entities | globals | masks`,
// and each Batch carries only the words that changed since the previous one,
// as (word index, new word) pairs. The client keeps the same array.
//
// Finding the changes means comparing ~600k words per 64-env batch; a JS loop
// takes ~1.5 ns a word on the 2-core test machine (~1 ms, as long as stepping
// the envs), so the scan is a 64-bytes-at-a-time WebAssembly SIMD loop over a
// WebAssembly.Memory that holds the observations themselves (the envs encode
// into views of it): `cur | prev | out`. One pass after all envs stepped takes
// ~0.2–0.25 ms per 64-env batch on that machine (comparing each env's rows
// right after it stepped, while in cache, measured the same, so the simpler
// way stayed). With plane logs (trackPlanes: what the bridge's env sets use)
// the planes, ~90% of the words, are compared only at the cells the envs'
// encoders logged, in JS, right after each env steps, against the values the
// logs kept (obs-writer.ts: PlaneLog), and the SIMD loop covers the rest.

import type { BatchObs } from '../env/gym/vec.ts'
import type { ObsSizes } from '../env/gym/spec.ts'
import { PlaneLog } from '../env/rules/obs-writer.ts'

/* The module, assembled by hand (one function, 4 i32 params, 5 i32 locals):

   (func (export "diff") (param $lo i32) (param $hi i32) (param $poff i32) (param $out i32) (result i32)
     ;; cur is at address 0, prev at poff. For each 64-byte block j in [lo, hi) (both multiples
     ;; of 64) that differs between cur and prev, for each word t of the block that differs:
     ;; prev[t] = cur[t]; out[k] = (t / 4, cur[t]); k++. Returns k.
     (j = lo)
     block  loop
       (br_if 1 (j >= hi))
       (p = j + poff)
       (if (v128.any_true (v128.or (v128.or (v128.or (v128.xor (v128.load j) (v128.load p))
                                                     (v128.xor (v128.load offset=16 j) (v128.load offset=16 p)))
                                            (v128.xor (v128.load offset=32 j) (v128.load offset=32 p)))
                                   (v128.xor (v128.load offset=48 j) (v128.load offset=48 p))))
         (t = j)
         loop
           (x = i32.load t)
           (if (x != i32.load (t + poff)) (i32.store (t + poff) x) (i32.store (out + k) (t >> 2)) (i32.store offset=4 (out + k) x) (k += 8))
           (br_if 0 ((t += 4) < j + 64))
         end)
       (j += 64) (br 0)
     end  end
     (k >> 3))
   Memory is imported ("m" "mem"). */
// prettier-ignore
const WASM = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version 1
  0x01, 0x09, 0x01, 0x60, 0x04, 0x7f, 0x7f, 0x7f, 0x7f, 0x01, 0x7f, // type 0: (i32 i32 i32 i32) -> i32
  0x02, 0x0a, 0x01, 0x01, 0x6d, 0x03, 0x6d, 0x65, 0x6d, 0x02, 0x00, 0x01, // import "m" "mem" memory, min 1 page
  0x03, 0x02, 0x01, 0x00, // function 0 has type 0
  0x07, 0x08, 0x01, 0x04, 0x64, 0x69, 0x66, 0x66, 0x00, 0x00, // export "diff" = function 0
  0x0a, 0xc5, 0x01, 0x01, 0xc2, 0x01, 0x01, 0x05, 0x7f, // code section (197 bytes): 1 body of 194 bytes; locals j k x t p: i32
  0x20, 0x00, 0x21, 0x04, // j = lo
  0x02, 0x40, 0x03, 0x40, // block loop
  0x20, 0x04, 0x20, 0x01, 0x4f, 0x0d, 0x01, // br_if 1 (j >= hi)
  0x20, 0x04, 0x20, 0x02, 0x6a, 0x21, 0x08, // p = j + poff
  0x20, 0x04, 0xfd, 0x00, 0x00, 0x00, 0x20, 0x08, 0xfd, 0x00, 0x00, 0x00, 0xfd, 0x51, // v128.xor (v128.load j) (v128.load p)
  0x20, 0x04, 0xfd, 0x00, 0x00, 0x10, 0x20, 0x08, 0xfd, 0x00, 0x00, 0x10, 0xfd, 0x51, 0xfd, 0x50, // v128.or (v128.xor (load offset=16 j) (load offset=16 p))
  0x20, 0x04, 0xfd, 0x00, 0x00, 0x20, 0x20, 0x08, 0xfd, 0x00, 0x00, 0x20, 0xfd, 0x51, 0xfd, 0x50, // ... offset=32
  0x20, 0x04, 0xfd, 0x00, 0x00, 0x30, 0x20, 0x08, 0xfd, 0x00, 0x00, 0x30, 0xfd, 0x51, 0xfd, 0x50, // ... offset=48
  0xfd, 0x53, 0x04, 0x40, // v128.any_true if
  0x20, 0x04, 0x21, 0x07, 0x03, 0x40, // t = j; loop
  0x20, 0x07, 0x28, 0x02, 0x00, 0x21, 0x06, // x = i32.load t
  0x20, 0x06, 0x20, 0x07, 0x20, 0x02, 0x6a, 0x28, 0x02, 0x00, 0x47, 0x04, 0x40, // if x != i32.load (t + poff)
  0x20, 0x07, 0x20, 0x02, 0x6a, 0x20, 0x06, 0x36, 0x02, 0x00, // i32.store (t + poff) x
  0x20, 0x03, 0x20, 0x05, 0x6a, 0x20, 0x07, 0x41, 0x02, 0x76, 0x36, 0x02, 0x00, // i32.store (out + k) (t >> 2)
  0x20, 0x03, 0x20, 0x05, 0x6a, 0x20, 0x06, 0x36, 0x02, 0x04, // i32.store offset=4 (out + k) x
  0x20, 0x05, 0x41, 0x08, 0x6a, 0x21, 0x05, 0x0b, // k += 8; end if
  0x20, 0x07, 0x41, 0x04, 0x6a, 0x22, 0x07, 0x20, 0x04, 0x41, 0xc0, 0x00, 0x6a, 0x49, 0x0d, 0x00, 0x0b, // br_if 0 ((t += 4) < j + 64); end loop
  0x0b, // end if
  0x20, 0x04, 0x41, 0xc0, 0x00, 0x6a, 0x21, 0x04, 0x0c, 0x00, // j += 64; br 0
  0x0b, 0x0b, // end loop, end block
  0x20, 0x05, 0x41, 0x03, 0x76, 0x0b, // k >> 3; end
])

let compiled: WebAssembly.Module | null = null
type DiffFn = (lo: number, hi: number, poff: number, out: number) => number

const PAGE = 65536
/** The diff reads 64-byte blocks. */
const pad64 = (bytes: number): number => Math.ceil(bytes / 64) * 64

/** Byte offsets of the four parts in the word array of a set of `n` envs. */
export interface DeltaLayout {
  planes: number
  entities: number
  globals: number
  mask: number
  /** Total bytes (a multiple of 64: zeros after the masks). */
  bytes: number
}

export function deltaLayout(sizes: ObsSizes, n: number): DeltaLayout {
  const entities = 4 * n * sizes.planes
  const globals = entities + 4 * n * sizes.entities
  const mask = globals + 4 * n * sizes.globals
  return { planes: 0, entities, globals, mask, bytes: pad64(mask + n * sizes.mask) }
}

type Part = 'entities' | 'globals'
const PARTS: readonly Part[] = ['entities', 'globals']

/** The observations of one env set, and the changes since the last Batch.
 *  A Step: begin(), final(i) for each env whose episode ended (before it is reset), end().
 *  A Reset: whole(). */
export class DeltaObs {
  readonly layout: DeltaLayout
  /** Where the envs encode: views of `cur`. */
  readonly obs: BatchObs
  private readonly diffFn: DiffFn
  private readonly cur: Uint8Array
  private readonly curWords: Int32Array
  private readonly prev: Uint8Array
  private readonly prevWords: Int32Array
  private readonly outBytes: Uint8Array
  /** Pairs found by the last compare (out holds at most one per word). */
  private k = 0
  /** Pairs for the final observations, made in JS (a few rows now and then). */
  private readonly finalPairs: Int32Array
  private readonly finalBytes: Uint8Array
  private nFinal = 0

  private readonly res: { delta: Uint8Array; finalDelta: Uint8Array }
  /** With plane logs: out as words, for the pairs made in JS. */
  private readonly outWords: Int32Array
  /** One per env when the planes are tracked (trackPlanes). */
  private logs: PlaneLog[] | null = null
  /** Rows whose planes were sent whole because their log had lost track (for tests and stats). */
  wholeRows = 0
  /** 1 for the rows whose planes row() has compared in this Batch. */
  private readonly compared: Uint8Array
  /** seen[cell] === stamp: the cell of the row being compared was compared already. */
  private readonly seen: Int32Array
  private stamp = 0

  constructor(
    private readonly sizes: ObsSizes,
    private readonly n: number,
  ) {
    const L = deltaLayout(sizes, n)
    this.layout = L
    // cur | prev | out; out holds up to one pair per word.
    const bytes = 4 * L.bytes
    const mem = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE)) })
    compiled ??= new WebAssembly.Module(WASM)
    this.diffFn = new WebAssembly.Instance(compiled, { m: { mem } }).exports.diff as DiffFn
    const buf = mem.buffer
    this.obs = {
      planes: new Float32Array(buf, L.planes, n * sizes.planes),
      entities: new Float32Array(buf, L.entities, n * sizes.entities),
      globals: new Float32Array(buf, L.globals, n * sizes.globals),
      mask: new Uint8Array(buf, L.mask, n * sizes.mask),
    }
    this.cur = new Uint8Array(buf, 0, L.bytes)
    this.curWords = new Int32Array(buf, 0, L.bytes / 4)
    this.prev = new Uint8Array(buf, L.bytes, L.bytes)
    this.prevWords = new Int32Array(buf, L.bytes, L.bytes / 4)
    this.outBytes = new Uint8Array(buf, 2 * L.bytes, 2 * L.bytes)
    this.outWords = new Int32Array(buf, 2 * L.bytes, L.bytes / 2)
    // At most one pair per word, plus a mask word shared with the previous row sent again per row.
    this.finalPairs = new Int32Array(2 * (L.bytes / 4 + n))
    this.finalBytes = new Uint8Array(this.finalPairs.buffer)
    this.res = { delta: this.outBytes.subarray(0, 0), finalDelta: this.finalBytes.subarray(0, 0) }
    this.compared = new Uint8Array(n)
    this.seen = new Int32Array(sizes.planes)
  }

  /** Starts a Step's Batch. */
  begin(): void {
    this.k = 0
    this.nFinal = 0
    this.compared.fill(0)
  }

  /** Env i's episode ended and its rows hold its final observation (call before it is reset):
   *  the pairs that turn the client's rows into it go to finalDelta. */
  final(i: number): void {
    const s = this.sizes
    const L = this.layout
    const logs = this.logs
    if (logs === null) this.finalWords(i * s.planes, s.planes)
    else this.nFinal = this.loggedRow(logs[i] as PlaneLog, i, this.finalPairs, this.nFinal)
    for (const part of PARTS) this.finalWords((L[part] >> 2) + i * s[part], s[part])
    // Mask bytes: update the bytes, then send each touched word whole (it may hold other rows'
    // bytes, which are what the client has at that point of finalDelta).
    const cur = this.cur
    const prev = this.prev
    const pairs = this.finalPairs
    const at = L.mask + i * s.mask
    let k = this.nFinal
    const k0 = k
    let last = -1
    for (let j = at; j < at + s.mask; j++) {
      const v = cur[j] as number
      if (prev[j] !== v) {
        prev[j] = v
        if (j >> 2 !== last) {
          last = j >> 2
          pairs[2 * k++] = last
        }
      }
    }
    for (let q = k0; q < k; q++) pairs[2 * q + 1] = this.prevWords[pairs[2 * q] as number] as number
    this.nFinal = k
  }

  private finalWords(w0: number, len: number): void {
    const cur = this.curWords
    const prev = this.prevWords
    const pairs = this.finalPairs
    let k = this.nFinal
    for (let w = w0; w < w0 + len; w++) {
      const x = cur[w] as number
      if (prev[w] !== x) {
        prev[w] = x
        pairs[2 * k] = w
        pairs[2 * k + 1] = x
        k++
      }
    }
    this.nFinal = k
  }

  /**
   * From now on the planes are compared only where the envs logged a change: pass `logs[i]` to
   * env i (EnvOptions.planeLog). This replaces scanning ~8k plane words an env (piwam) by the few
   * hundred an encode touches. Each cell is compared with the value its log kept of it (or the
   * template's), not with `prev`, whose plane words are then no longer kept up to date: a read of
   * `prev` was a cache miss a cell, about 0.2 ms of a 64-env piwam-training Step. A log that lost
   * track (a full encode) has its row sent whole.
   */
  trackPlanes(): PlaneLog[] {
    const P = this.sizes.planes
    this.logs = Array.from({ length: this.n }, (_, i) => new PlaneLog(P, this.curWords.subarray(i * P, (i + 1) * P)))
    return this.logs
  }

  /**
   * Env i's rows hold what this Batch sends (it has stepped, and been reset if its episode ended): its
   * plane pairs are found now, while the cells its encode just wrote are in cache (with plane logs
   * only; end() takes the rows not passed here).
   */
  row(i: number): void {
    const logs = this.logs
    if (logs === null || this.compared[i]) return
    this.compared[i] = 1
    this.k = this.loggedRow(logs[i] as PlaneLog, i, this.outWords, this.k)
  }

  /** Ends a Step's Batch: the words that changed since the last Batch (or since final()). */
  end(): { delta: Uint8Array; finalDelta: Uint8Array } {
    const L = this.layout
    if (this.logs === null) this.k = this.diffFn(0, L.bytes, L.bytes, 2 * L.bytes)
    else {
      let k = this.k
      for (let i = 0; i < this.n; i++) if (!this.compared[i]) k = this.loggedRow(this.logs[i] as PlaneLog, i, this.outWords, k)
      // Entities, globals and masks: all compared (a few KB an env, most of it rewritten each step).
      // The first block may hold the last plane words, already sent where they changed: their `prev`
      // (stale for planes) is brought up to date first, so that no word is sent twice.
      const from = L.entities & ~63
      for (let t = from >> 2; t < L.entities >> 2; t++) this.prevWords[t] = this.curWords[t] as number
      this.k = k + this.diffFn(from, L.bytes, L.bytes, 2 * L.bytes + 8 * k)
    }
    return this.result()
  }

  /** A Reset's Batch: every non-zero word (the client's copy starts from zeros). */
  whole(): { delta: Uint8Array; finalDelta: Uint8Array } {
    this.begin()
    this.prev.fill(0)
    const L = this.layout.bytes
    this.k = this.diffFn(0, L, L, 2 * L)
    if (this.logs) for (const log of this.logs) log.sent()
    return this.result()
  }

  /** The plane pairs of row i, from its log, written to `out` after its first k pairs; returns the new
   *  pair count. The log then starts again from the row as sent. */
  private loggedRow(log: PlaneLog, i: number, out: Int32Array, k: number): number {
    const P = this.sizes.planes
    const base = i * P
    const w = log.writer
    const template = log.templateBits
    if (log.full || w === null || template === null || w.n > w.set.length) {
      const cur = this.curWords
      for (let t = base; t < base + P; t++) {
        out[2 * k] = t
        out[2 * k + 1] = cur[t] as number
        k++
      }
      this.wholeRows++
    } else {
      // One stamp array for every row, so that it stays in cache; a new stamp a row.
      this.stamp = (this.stamp + 1) | 0
      if (this.stamp === 0) {
        this.seen.fill(0)
        this.stamp = 1
      }
      k = this.compare(log.cells, log.before, false, log.n, base, out, k)
      k = this.compare(w.set, template, true, w.n, base, out, k)
    }
    log.sent()
    return k
  }

  /** The cells `cells[0..n)` of the row at `base` not seen yet for this row: each whose word differs from
   *  its value at the last Batch (`before[j]`, or with `byCell` `before[cell]`: the template) goes to out
   *  as a pair; returns the new pair count. */
  private compare(cells: Int32Array, before: Int32Array, byCell: boolean, n: number, base: number, out: Int32Array, k: number): number {
    // Locals, not fields: this loop runs ~10k times a batch.
    const cur = this.curWords
    const seen = this.seen
    const stamp = this.stamp
    for (let j = 0; j < n; j++) {
      const c = cells[j] as number
      if (seen[c] === stamp) continue
      seen[c] = stamp
      const x = cur[base + c] as number
      if (x !== (before[byCell ? c : j] as number)) {
        out[2 * k] = base + c
        out[2 * k + 1] = x
        k++
      }
    }
    return k
  }

  private result(): { delta: Uint8Array; finalDelta: Uint8Array } {
    this.res.delta = this.outBytes.subarray(0, 8 * this.k)
    this.res.finalDelta = this.finalBytes.subarray(0, 8 * this.nFinal)
    return this.res
  }
}
