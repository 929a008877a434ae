// Masked sampling from per-action logits, in plain JS over typed arrays.
// The distribution of row b is softmax over its LEGAL ids only (mask[b*N+i] === 1); the
// loop visits legal ids only, so a masked id can never be returned, whatever the logits
// (NaN, ±Infinity, rounding). Allocation-free: results go to caller-owned buffers.

/** Per-row results; length >= the number of rows sampled. */
export interface SampleOut {
  actions: Int32Array
  /** log π(action) under the masked distribution. */
  logp: Float32Array
  /** Entropy of the masked distribution (nats). */
  entropy: Float32Array
}

export const makeSampleOut = (rows: number): SampleOut => ({
  actions: new Int32Array(rows),
  logp: new Float32Array(rows),
  entropy: new Float32Array(rows),
})

/** Small seeded generator (mulberry32), uniform in [0, 1), whose whole state is one
 *  uint32 (`state`), so trainers can checkpoint and restore it. */
export class Mulberry32 {
  state: number
  constructor(seed: number) {
    this.state = seed >>> 0
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** mulberry32 as a plain function. */
export function mulberry32(seed: number): () => number {
  const g = new Mulberry32(seed)
  return () => g.next()
}

/** Finite stand-in for a logit: NaN/±Infinity from a diverged network must not poison
 *  the sums (the result stays a valid legal action). */
const fin = (x: number): number => (x === x ? (x > 3e38 ? 3e38 : x < -3e38 ? -3e38 : x) : -3e38)

/**
 * Samples (or, greedy, takes the most likely legal action) for rows 0..n-1.
 * logits: n×N row-major; masks: n×N (1 = legal). Throws RangeError when a row has no
 * legal action (the env guarantees at least one while the game is on: a programmer error).
 */
export function sampleMasked(
  logits: ArrayLike<number>,
  masks: Uint8Array,
  n: number,
  N: number,
  rng: () => number,
  greedy: boolean,
  out: SampleOut,
): void {
  for (let b = 0; b < n; b++) {
    const o = b * N
    let max = -Infinity
    let best = -1
    for (let i = 0; i < N; i++) {
      if (masks[o + i] !== 1) continue
      const l = fin(logits[o + i] as number)
      if (l > max) {
        max = l
        best = i
      }
    }
    if (best < 0) throw new RangeError(`sampleMasked: row ${b} has no legal action`)
    let z = 0
    let s = 0 // Σ e^(l−max)·(l−max), for the entropy
    for (let i = 0; i < N; i++) {
      if (masks[o + i] !== 1) continue
      const d = fin(logits[o + i] as number) - max
      const e = Math.exp(d)
      z += e
      s += e * d
    }
    const logZ = Math.log(z)
    let a = best
    if (!greedy) {
      const u = rng() * z
      let acc = 0
      a = -1
      for (let i = 0; i < N; i++) {
        if (masks[o + i] !== 1) continue
        a = i // the last legal id absorbs rounding at the top end
        acc += Math.exp(fin(logits[o + i] as number) - max)
        if (acc > u) break
      }
    }
    out.actions[b] = a
    out.logp[b] = fin(logits[o + a] as number) - max - logZ
    out.entropy[b] = logZ - s / z
  }
}
