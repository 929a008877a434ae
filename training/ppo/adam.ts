// Adam with global-norm clipping on the network's weights as plain Float32Arrays: the same
// arithmetic, op for op, as the tf ops PpoLearner ran before (the clip, then `tf.train.adam`).
// Every tfjs op there is one IEEE float32 operation per element (wasm: add, mul, div, sqrt;
// the sums run in index order), so rounding each intermediate with Math.fround gives the
// same bits (a double result of one op on two float32 values rounds to the float32 result).
// Why: tfjs ran ~400 small kernels a step (~4 ms of a 60–120 ms minibatch, and in the dual
// loop the helper thread waits through it); this is one loop over the weights.
// `test/training/adam.test.ts` checks it against tfjs' Adam bit for bit.

const f = Math.fround

/** One weight or moment in the checkpoint's optimizer section (tfjs' getWeights order). */
export interface OptimizerWeight {
  name: string
  shape: number[]
  data: Float32Array
}

export interface AdamVariable {
  readonly name: string
  readonly shape: readonly number[]
  readonly size: number
}

export class ClippedAdam {
  learningRate: number
  readonly beta1 = 0.9
  readonly beta2 = 0.999
  /** tfjs' float32 backend epsilon (KernelBackend.epsilon()). */
  readonly epsilon = 1e-7
  /** Steps taken (tfjs' `iterations`). */
  iterations = 0
  // β^t as float32 variables, updated by one multiply a step as tfjs does
  private accBeta1 = f(this.beta1)
  private accBeta2 = f(this.beta2)
  private m: Float32Array[] = []
  private v: Float32Array[] = []
  /** Moments exist only after the first step or a restore (tfjs creates them lazily, and its
   *  getWeights then lists the iteration count alone). */
  private started = false

  constructor(
    private readonly vars: readonly AdamVariable[],
    lr: number,
  ) {
    this.learningRate = lr
  }

  /**
   * One step on `weights` (all variables concatenated, in `vars` order, updated in place)
   * with the gradient `grad` (same layout; scaled in place by the clip). `maxNorm` > 0
   * clips the global norm to it; `zero[i]` true leaves variable i's gradient at 0 (Adam
   * still moves it by its moments, as tfjs does with a zero gradient). Returns the norm
   * before clipping.
   */
  step(weights: Float32Array, grad: Float32Array, maxNorm: number, zero: readonly boolean[] | null = null): number {
    if (!this.started) {
      this.m = this.vars.map((x) => new Float32Array(x.size))
      this.v = this.vars.map((x) => new Float32Array(x.size))
      this.started = true
    }
    // norm = sqrt(addN(sum(g_i²))): each sum in index order, then the sums in variable order
    let total = 0
    let o = 0
    for (let i = 0; i < this.vars.length; i++) {
      const n = (this.vars[i] as AdamVariable).size
      if (zero?.[i]) grad.fill(0, o, o + n)
      let s = 0
      for (let j = o; j < o + n; j++) {
        const g = grad[j] as number
        s = f(s + f(g * g))
      }
      total = i === 0 ? s : f(total + s)
      o += n
    }
    const norm = f(Math.sqrt(total))
    if (maxNorm > 0) {
      // minimum(1, maxNorm / (norm + 1e-6)), then g · scale
      const scale = Math.min(1, f(f(maxNorm) / f(norm + f(1e-6))))
      for (let j = 0; j < grad.length; j++) grad[j] = f((grad[j] as number) * scale)
    }
    const b1 = f(this.beta1)
    const b2 = f(this.beta2)
    const c1 = f(1 - this.beta1)
    const c2 = f(1 - this.beta2)
    const oneMinusAcc1 = f(1 - this.accBeta1)
    const oneMinusAcc2 = f(1 - this.accBeta2)
    const eps = f(this.epsilon)
    const negLr = f(-this.learningRate)
    o = 0
    for (let i = 0; i < this.vars.length; i++) {
      const m = this.m[i] as Float32Array
      const v = this.v[i] as Float32Array
      for (let j = 0; j < m.length; j++, o++) {
        const g = grad[o] as number
        const nm = f(f((m[j] as number) * b1) + f(g * c1))
        const nv = f(f((v[j] as number) * b2) + f(f(g * g) * c2))
        m[j] = nm
        v[j] = nv
        const mHat = f(nm / oneMinusAcc1)
        const vHat = f(nv / oneMinusAcc2)
        weights[o] = f(f(f(mHat / f(f(Math.sqrt(vHat)) + eps)) * negLr) + (weights[o] as number))
      }
    }
    this.accBeta1 = f(this.accBeta1 * b1)
    this.accBeta2 = f(this.accBeta2 * b2)
    this.iterations++
    return norm
  }

  /** tfjs' getWeights: the iteration count, then the first moments, then the second. */
  state(): OptimizerWeight[] {
    const out: OptimizerWeight[] = [{ name: 'iter', shape: [], data: Float32Array.of(this.iterations) }]
    if (!this.started) return out
    this.vars.forEach((x, i) => out.push({ name: `${x.name}/m`, shape: [...x.shape], data: (this.m[i] as Float32Array).slice() }))
    this.vars.forEach((x, i) => out.push({ name: `${x.name}/v`, shape: [...x.shape], data: (this.v[i] as Float32Array).slice() }))
    return out
  }

  /**
   * tfjs' setWeights: the iteration count first, then the moments by position; β^t is
   * recomputed as `pow(β, t + 1)` by `pow` (tfjs' own op, passed in so that this module
   * stays free of tfjs). Returns the problem in words, or null.
   */
  restore(ws: readonly Pick<OptimizerWeight, 'name' | 'data'>[], pow: (base: number, exp: number) => number): string | null {
    const [iter, ...moments] = ws
    if (!iter || iter.name !== 'iter' || iter.data.length !== 1) return 'the optimizer state does not start with its iteration count'
    if (moments.length !== 0 && moments.length !== 2 * this.vars.length) return `the optimizer state has ${moments.length} moments, the network needs ${2 * this.vars.length}`
    for (let k = 0; k < moments.length; k++) {
      const x = this.vars[k % this.vars.length] as AdamVariable
      const w = moments[k] as Pick<OptimizerWeight, 'name' | 'data'>
      if (w.data.length !== x.size) return `optimizer moment ${w.name} has ${w.data.length} values, ${x.name} has ${x.size}`
    }
    this.iterations = iter.data[0] as number
    this.accBeta1 = f(pow(this.beta1, this.iterations + 1))
    this.accBeta2 = f(pow(this.beta2, this.iterations + 1))
    this.started = moments.length > 0
    const n = this.vars.length
    this.m = moments.slice(0, n).map((w) => Float32Array.from(w.data))
    this.v = moments.slice(n).map((w) => Float32Array.from(w.data))
    return null
  }
}
