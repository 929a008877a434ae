// The policy/value network over a Tercio observation (planes, entities, globals):
//
//   planes C×R×W ─→ NHWC (+ column-parity plane) ─→ k × [3×3 conv, ReLU] ─→ board features h
//   entities M×F ─→ row-wise dense+ReLU ─→ entity features e (shared weights per row)
//   globals G    ─→ dense+ReLU ─→ g
//   torso z = MLP([mean(h), mean(e), g])
//   logits = [ CHOICE+WING: dense(z) | UNIT: row-wise dense(relu(e + film(z))) |
//              HEX: 1×1 conv of relu(h + film(z)) ]       (one logit per flat action id)
//   value  = dense(z)
//
// The parity plane is there because the map is a column-staggered hex grid stored as a
// rectangle: a 3×3 window covers a hex's six neighbours plus two non-neighbours whose
// position depends on the column's parity, which the net could not otherwise tell apart.
// Weights are plain named tf.Variables (checkpoints store them by name). Every method
// that computes runs in tf.tidy or expects to be called inside one (see each doc).

import * as tf from '@tensorflow/tfjs'
import { policyShape, type ObsBatch, type PolicyShape, type PolicySpec } from './spec.ts'
import { sampleMasked, type SampleOut } from './sample.ts'

export interface NetConfig {
  /** Channels of each 3×3 conv layer. */
  readonly convChannels: number
  readonly convLayers: number
  readonly entityHidden: number
  readonly globalHidden: number
  /** Width of the torso MLP (two layers). */
  readonly hidden: number
  /** Feed each entity row the board features at its hex (where the spec names the entity
   *  features present/col/row; ignored otherwise). Absent in checkpoints written before it
   *  existed: read as false. */
  readonly entityBoard?: boolean
  /** A residual policy over a prior agent's proposal (`ObsBatch.prior`, the scripted heuristic's
   *  action): its logit gets a learned bonus (`prior/scale`, starting at PRIOR_SCALE0) and its
   *  one-hot feeds the torso (`prior/emb`, starting at 0), so an untrained net plays the prior's
   *  move and training learns where to depart from it. Absent in older checkpoints: false. */
  readonly prior?: boolean
  /** Starting value of `prior/scale` (default PRIOR_SCALE0): how firmly an untrained residual net
   *  samples the prior's action. Only a fresh net reads it; a trained one carries its own in its weights. */
  readonly priorScale?: number
}

/** Starting logit bonus of the prior's action: a fresh net plays it greedily, and samples it
 *  with probability e⁴/(e⁴ + n − 1): 0.95 among 3 legal actions, 0.86 among 10, 0.65 among 30. */
export const PRIOR_SCALE0 = 4

/** Sized for CPU (wasm, 1 thread): see docs/training.md for the measured costs. */
export const DEFAULT_NET: NetConfig = { convChannels: 32, convLayers: 2, entityHidden: 32, globalHidden: 32, hidden: 128, entityBoard: true }
/** About 2× cheaper to train than DEFAULT_NET (half the conv channels, half the torso). */
export const SMALL_NET: NetConfig = { convChannels: 16, convLayers: 2, entityHidden: 32, globalHidden: 32, hidden: 64, entityBoard: true }

/** Logit given to masked ids before the softmax: finite, so 0·log p stays 0 (no NaN). */
export const MASKED_LOGIT = -1e9

export interface ObsTensors {
  /** [B, C·R·W] */
  planes: tf.Tensor2D
  /** [B, M·F] */
  entities: tf.Tensor2D
  /** [B, G] */
  globals: tf.Tensor2D
  /** int32 [B·M]: row of each entity's hex in the batch's flattened board features
   *  [B·hexes, F] (b·hexes + hex; 0 for absent entities, which entityPresent zeroes); only
   *  for nets with entityBoard. */
  entityHex?: tf.Tensor1D
  /** [B·M, 1]: 1 for an entity on the map, 0 otherwise (with entityHex). */
  entityPresent?: tf.Tensor2D
  /** [B, N] one-hot of the prior's action (all zero for −1); only for nets with prior. */
  prior?: tf.Tensor2D
}

export interface NetOutput {
  /** Unmasked logits, [B, N]. */
  logits: tf.Tensor2D
  /** [B] */
  value: tf.Tensor1D
}

export interface NamedWeight {
  readonly name: string
  readonly shape: readonly number[]
  readonly data: Float32Array
}

/** Results of `act` for rows 0..n-1 (caller-owned, reused across steps). */
export interface ActOut extends SampleOut {
  values: Float32Array
}

export const makeActOut = (rows: number): ActOut => ({
  actions: new Int32Array(rows),
  logp: new Float32Array(rows),
  entropy: new Float32Array(rows),
  values: new Float32Array(rows),
})

let netCount = 0

export class PolicyNet {
  readonly spec: PolicySpec
  readonly config: NetConfig
  readonly shape: PolicyShape
  private readonly vars = new Map<string, tf.Variable>()
  /** [1, R, W, 1]: 1 on odd 0-based columns. */
  private readonly parity: tf.Tensor4D
  private disposed = false

  /** Throws a RangeError naming the problem when the spec's layout is unusable (a
   *  programmer error: specs come from the env, which checks them). */
  constructor(spec: PolicySpec, config: NetConfig = DEFAULT_NET, seed = 0) {
    const s = policyShape(spec)
    if (typeof s === 'string') throw new RangeError(s)
    if (s.unit > 0 && s.entityFeatures === 0) throw new RangeError('spec has UNIT actions but no entity features')
    for (const [k, v] of Object.entries(config)) if (k !== 'entityBoard' && k !== 'prior' && k !== 'priorScale' && (!Number.isInteger(v) || v < (k === 'convLayers' ? 0 : 1))) throw new RangeError(`net config ${k} must be a positive integer, got ${v}`)
    if (config.priorScale !== undefined && !(Number.isFinite(config.priorScale) && config.priorScale > 0)) throw new RangeError(`net config priorScale must be a number > 0, got ${config.priorScale}`)
    this.spec = spec
    this.config = config
    this.shape = s
    const c = config
    let k = seed >>> 0
    netCount++
    // He-normal for ReLU layers; output heads start small so the first policy is near
    // uniform over the legal actions and the first values are near 0.
    const add = (name: string, shape: number[], std: number): void => {
      const init = std === 0 ? tf.zeros(shape) : tf.randomNormal(shape, 0, std, 'float32', (k = (k + 0x9e3779b9) >>> 0))
      // tfjs variable names are process-global: prefix them per network instance.
      this.vars.set(name, tf.variable(init, true, `policy${netCount}/${name}`))
      init.dispose() // the variable holds its own reference to the data
    }
    const he = (fanIn: number): number => Math.sqrt(2 / Math.max(1, fanIn))
    let cin = s.channels + 1
    for (let i = 0; i < c.convLayers; i++) {
      add(`conv${i}/w`, [3, 3, cin, c.convChannels], he(9 * cin))
      add(`conv${i}/b`, [c.convChannels], 0)
      cin = c.convChannels
    }
    const boardF = cin
    const hasEnt = this.hasEntities
    let torsoIn = boardF
    if (hasEnt) {
      add('ent/w', [s.entityFeatures, c.entityHidden], he(s.entityFeatures + (this.entityBoard ? boardF : 0)))
      add('ent/b', [c.entityHidden], 0)
      if (this.entityBoard) add('entBoard/w', [boardF, c.entityHidden], he(s.entityFeatures + boardF))
      torsoIn += c.entityHidden
    }
    if (s.globals > 0) {
      add('glob/w', [s.globals, c.globalHidden], he(s.globals))
      add('glob/b', [c.globalHidden], 0)
      torsoIn += c.globalHidden
    }
    add('torso0/w', [torsoIn, c.hidden], he(torsoIn))
    add('torso0/b', [c.hidden], 0)
    if (config.prior === true) {
      add('prior/emb', [s.actions, c.hidden], 0)
      this.vars.set('prior/scale', tf.variable(tf.scalar(config.priorScale ?? PRIOR_SCALE0).reshape([1]), true, `policy${netCount}/prior/scale`))
    }
    add('torso1/w', [c.hidden, c.hidden], he(c.hidden))
    add('torso1/b', [c.hidden], 0)
    if (s.choice + s.wing > 0) {
      add('dense/w', [c.hidden, s.choice + s.wing], 0.01)
      add('dense/b', [s.choice + s.wing], 0)
    }
    if (s.unit > 0) {
      add('unitFilm/w', [c.hidden, c.entityHidden], he(c.hidden) * 0.5)
      add('unitFilm/b', [c.entityHidden], 0)
      add('unitOut/w', [c.entityHidden, 1], 0.01)
      add('unitOut/b', [1], 0)
    }
    add('hexFilm/w', [c.hidden, boardF], he(c.hidden) * 0.5)
    add('hexFilm/b', [boardF], 0)
    add('hexOut/w', [boardF, 1], 0.01)
    add('hexOut/b', [1], 0)
    add('value/w', [c.hidden, 1], 0.01)
    add('value/b', [1], 0)
    const par = new Float32Array(s.hexes)
    for (let h = 0; h < s.hexes; h++) par[h] = (h % s.cols) & 1
    this.parity = tf.tensor4d(par, [1, s.rows, s.cols, 1])
  }

  private get hasEntities(): boolean {
    return this.shape.maxEntities > 0 && this.shape.entityFeatures > 0
  }

  /** Whether entity rows read the board features at their hex. */
  private get entityBoard(): boolean {
    return this.config.entityBoard === true && this.hasEntities && this.shape.entityHex !== null
  }

  private v(name: string): tf.Variable {
    const x = this.vars.get(name)
    if (!x) throw new Error(`PolicyNet has no weight ${name}`)
    return x
  }

  /** Trainable variables in a stable order (names = checkpoint keys). */
  variables(): tf.Variable[] {
    return [...this.vars.values()]
  }

  /** The value head's weights. */
  valueVariables(): tf.Variable[] {
    return [this.v('value/w'), this.v('value/b')]
  }

  paramCount(): number {
    let n = 0
    for (const x of this.vars.values()) n += x.size
    return n
  }

  /** Tensors for rows [start, start+n) of a batch. Call inside tf.tidy. */
  inputs(batch: Omit<ObsBatch, 'mask'>, n: number, start = 0): ObsTensors {
    const s = this.shape
    const G = s.globals
    const entities = batch.entities.subarray(start * s.entitySize, (start + n) * s.entitySize)
    const x: ObsTensors = {
      planes: tf.tensor2d(batch.planes.subarray(start * s.planeSize, (start + n) * s.planeSize), [n, s.planeSize]),
      entities: tf.tensor2d(entities, [n, s.entitySize]),
      globals: tf.tensor2d(batch.globals.subarray(start * G, (start + n) * G), [n, G]),
    }
    if (this.entityBoard) {
      const { index, present } = this.entityHexRows(entities, n)
      x.entityHex = tf.tensor1d(index, 'int32')
      x.entityPresent = tf.tensor2d(present, [n * s.maxEntities, 1])
    }
    if (this.config.prior === true) {
      if (!batch.prior) throw new Error('PolicyNet.inputs: this net reads the prior agent\'s actions (ObsBatch.prior); fill them with PriorHints')
      // tf.oneHot gives an all-zero row for −1
      x.prior = tf.oneHot(tf.tensor1d(batch.prior.subarray(start, start + n), 'int32'), s.actions).toFloat() as tf.Tensor2D
    }
    return x
  }

  private hexIndex = new Int32Array(0)
  private hexPresent = new Float32Array(0)
  /** Each entity row's hex as a row of the flattened board features [n·hexes, F]
   *  (b·hexes + row·cols + col), decoded from its col/row features (scaled by cols−1,
   *  rows−1; rounded), and whether it reads one (present and on the board). Entities off the
   *  map encode col = row = 0 and so read hex 0's features (their own features say what they
   *  are). Reused buffers: tf.tensor copies them. */
  private entityHexRows(entities: Float32Array, n: number): { index: Int32Array; present: Float32Array } {
    const s = this.shape
    const ix = s.entityHex as NonNullable<PolicyShape['entityHex']>
    const M = s.maxEntities
    const F = s.entityFeatures
    if (this.hexIndex.length < n * M) {
      this.hexIndex = new Int32Array(n * M)
      this.hexPresent = new Float32Array(n * M)
    }
    const index = this.hexIndex.subarray(0, n * M)
    const present = this.hexPresent.subarray(0, n * M)
    const cs = Math.max(1, s.cols - 1)
    const rs = Math.max(1, s.rows - 1)
    for (let r = 0; r < n * M; r++) {
      const e = r * F
      index[r] = 0
      present[r] = 0
      if ((entities[e + ix.present] as number) < 0.5) continue
      const col = Math.round((entities[e + ix.col] as number) * cs)
      const row = Math.round((entities[e + ix.row] as number) * rs)
      if (col < 0 || col >= s.cols || row < 0 || row >= s.rows) continue
      index[r] = Math.floor(r / M) * s.hexes + row * s.cols + col
      present[r] = 1
    }
    return { index, present }
  }

  /** Mask rows [start, start+n) as a float [n, N] tensor. Call inside tf.tidy. */
  maskTensor(mask: Uint8Array, n: number, start = 0): tf.Tensor2D {
    const N = this.shape.actions
    return tf.tensor2d(mask.subarray(start * N, (start + n) * N), [n, N], 'int32').toFloat() as tf.Tensor2D
  }

  /** Logits and values. Call inside tf.tidy (or tf.variableGrads / optimizer.minimize). */
  forward(x: ObsTensors): NetOutput {
    if (this.disposed) throw new Error('PolicyNet used after dispose()')
    const s = this.shape
    const c = this.config
    const B = x.planes.shape[0]
    const relu = tf.relu
    let h = x.planes.reshape([B, s.channels, s.rows, s.cols]).transpose([0, 2, 3, 1]) as tf.Tensor4D
    if (c.convLayers === 0) h = tf.concat([h, tf.tile(this.parity, [B, 1, 1, 1])], 3)
    for (let i = 0; i < c.convLayers; i++) {
      const w = this.v(`conv${i}/w`) as tf.Tensor4D
      let pre: tf.Tensor4D
      if (i === 0) {
        // conv(concat(x, parity), w) = conv(x, w[..C]) + conv(parity, w[C]): the parity plane is
        // the same for every row, so its part is one [1,R,W,Co] map broadcast over the batch
        // (no batch-sized concat and tile, and a conv over C channels instead of C + 1).
        const [wx, wp] = splitInputChannels(w, s.channels)
        pre = tf.conv2d(h, wx, 1, 'same').add(tf.conv2d(this.parity, wp, 1, 'same')) as tf.Tensor4D
      } else pre = tf.conv2d(h, w, 1, 'same')
      h = relu(pre.add(this.v(`conv${i}/b`))) as tf.Tensor4D
    }
    const boardF = h.shape[3]
    // Mean pooling only: a max pool's gradient goes through Equal, which the wasm backend
    // broadcasts with a scalar loop (it was 40% of a training step).
    const parts: tf.Tensor2D[] = [h.mean([1, 2]) as tf.Tensor2D]
    let e3: tf.Tensor3D | null = null
    if (this.hasEntities) {
      let pre = x.entities.reshape([B * s.maxEntities, s.entityFeatures]).matMul(this.v('ent/w'))
      if (this.entityBoard) {
        if (!x.entityHex || !x.entityPresent) throw new Error('PolicyNet.forward: this net reads entityHex; build inputs with net.inputs()')
        // The board features under each entity, [B·M, F]: a row gather (its gradient a
        // scatter-add), zero for entities off the board.
        const at = gatherRows(h.reshape([B * s.hexes, boardF]) as tf.Tensor2D, x.entityHex).mul(x.entityPresent)
        pre = pre.add(at.matMul(this.v('entBoard/w')))
      }
      const e = relu(pre.add(this.v('ent/b')))
      const e3r = e.reshape([B, s.maxEntities, c.entityHidden]) as tf.Tensor3D
      e3 = e3r
      parts.push(e3r.mean(1) as tf.Tensor2D)
    }
    if (s.globals > 0) parts.push(relu(x.globals.matMul(this.v('glob/w')).add(this.v('glob/b'))) as tf.Tensor2D)
    let pre0 = tf.concat(parts, 1).matMul(this.v('torso0/w')).add(this.v('torso0/b'))
    if (this.config.prior === true) {
      if (!x.prior) throw new Error('PolicyNet.forward: this net reads the prior\'s actions; build inputs with net.inputs()')
      pre0 = pre0.add(x.prior.matMul(this.v('prior/emb')))
    }
    let z: tf.Tensor2D = relu(pre0) as tf.Tensor2D
    z = relu(z.matMul(this.v('torso1/w')).add(this.v('torso1/b'))) as tf.Tensor2D
    const segs: tf.Tensor2D[] = []
    if (s.choice + s.wing > 0) segs.push(z.matMul(this.v('dense/w')).add(this.v('dense/b')) as tf.Tensor2D)
    if (s.unit > 0 && e3) {
      const film = z.matMul(this.v('unitFilm/w')).add(this.v('unitFilm/b')).reshape([B, 1, c.entityHidden])
      const u = relu(e3.add(film)).reshape([B * s.maxEntities, c.entityHidden]).matMul(this.v('unitOut/w')).add(this.v('unitOut/b'))
      const u2 = u.reshape([B, s.maxEntities]) as tf.Tensor2D
      segs.push(s.unit === s.maxEntities ? u2 : u2.slice([0, 0], [B, s.unit]))
    }
    const film = z.matMul(this.v('hexFilm/w')).add(this.v('hexFilm/b')).reshape([B, 1, 1, boardF])
    const hexL = relu(h.add(film)).reshape([B * s.hexes, boardF]).matMul(this.v('hexOut/w')).add(this.v('hexOut/b'))
    segs.push(hexL.reshape([B, s.hexes]) as tf.Tensor2D)
    let logits = (segs.length === 1 ? segs[0] : tf.concat(segs, 1)) as tf.Tensor2D
    if (this.config.prior === true && x.prior) logits = logits.add(x.prior.mul(this.v('prior/scale')))
    const value = z.matMul(this.v('value/w')).add(this.v('value/b')).reshape([B]) as tf.Tensor1D
    return { logits, value }
  }

  /**
   * Acts for rows 0..n-1 of a batch: one forward pass (tidied), then masked sampling in JS
   * (greedy: the most likely legal action). Fills out.actions/logp/entropy/values.
   */
  act(batch: ObsBatch, n: number, rng: () => number, greedy: boolean, out: ActOut): void {
    const [lt, vt] = tf.tidy(() => {
      const o = this.forward(this.inputs(batch, n))
      return [o.logits, o.value] as const
    })
    const logits = lt.dataSync()
    const values = vt.dataSync()
    tf.dispose([lt, vt])
    sampleMasked(logits, batch.mask, n, this.shape.actions, rng, greedy, out)
    out.values.set(values.subarray(0, n))
  }

  /** Values only, for rows 0..n-1 (e.g. the final observations of truncated episodes,
   *  which PPO bootstraps from). Masks are not needed. */
  values(batch: Omit<ObsBatch, 'mask'>, n: number, out: Float32Array): void {
    const vt = tf.tidy(() => this.forward(this.inputs(batch, n)).value)
    out.set(vt.dataSync().subarray(0, n))
    vt.dispose()
  }

  /** Snapshot of the weights (copies), by name. */
  getWeights(): NamedWeight[] {
    return [...this.vars.entries()].map(([name, x]) => ({ name, shape: [...x.shape], data: x.dataSync() as Float32Array }))
  }

  /** Loads weights by name; every weight must be present with the same shape. Returns
   *  the problem in words (nothing is changed then), or null. */
  setWeights(ws: readonly NamedWeight[]): string | null {
    const byName = new Map(ws.map((w) => [w.name, w]))
    for (const [name, x] of this.vars) {
      const w = byName.get(name)
      if (!w) return `weight ${name} is missing`
      if (w.shape.length !== x.shape.length || w.shape.some((d, i) => d !== x.shape[i])) return `weight ${name} has shape [${w.shape.join(',')}], the network expects [${x.shape.join(',')}]`
      if (w.data.length !== x.size) return `weight ${name} has ${w.data.length} values, expected ${x.size}`
    }
    for (const name of byName.keys()) if (!this.vars.has(name)) return `unexpected weight ${name}`
    for (const [name, x] of this.vars) {
      const w = byName.get(name) as NamedWeight
      tf.tidy(() => x.assign(tf.tensor(w.data, [...x.shape])))
    }
    return null
  }

  /** All weights as one new Float32Array, in variables() order (one message between threads). */
  getFlat(): Float32Array {
    return flatValues(this.variables())
  }

  /** Loads weights written by getFlat of a network of the same config and spec. */
  setFlat(data: Float32Array): void {
    if (data.length !== this.paramCount()) throw new RangeError(`PolicyNet.setFlat: ${data.length} values, the network has ${this.paramCount()}`)
    let o = 0
    for (const x of this.vars.values()) {
      const part = data.subarray(o, o + x.size)
      tf.tidy(() => x.assign(tf.tensor(part, [...x.shape])))
      o += x.size
    }
  }

  dispose(): void {
    if (this.disposed) return
    this.disposed = true
    for (const x of this.vars.values()) x.dispose()
    this.parity.dispose()
  }
}

/** Masked log-softmax, [B, N]: masked ids get ≈ MASKED_LOGIT. Call inside tf.tidy. */
export function maskedLogSoftmax(logits: tf.Tensor2D, mask: tf.Tensor2D): tf.Tensor2D {
  // logits + (mask − 1)·1e9 leaves legal logits exact and drives masked ones to −1e9.
  return tf.logSoftmax(logits.add(mask.sub(1).mul(-MASKED_LOGIT))) as tf.Tensor2D
}

/** A [KH, KW, C + 1, Co] filter's input channels 0..C−1 and C, as two filters. Sliced as
 *  [KH·KW, (C + 1)·Co] columns: the values (and gradient) of the 4-D slices, but the wasm
 *  backend's 4-D slice makes a JS view per innermost row (KH·KW·C of them a pass, the largest
 *  source of garbage in a training step) where the 2-D slice makes KH·KW. Call inside tf.tidy. */
export function splitInputChannels(w: tf.Tensor4D, c: number): [tf.Tensor4D, tf.Tensor4D] {
  const [kh, kw, cin, co] = w.shape
  if (cin !== c + 1) throw new RangeError(`splitInputChannels: the filter has ${cin} input channels, expected ${c + 1}`)
  const w2 = w.reshape([kh * kw, cin * co])
  return [w2.slice([0, 0], [kh * kw, c * co]).reshape([kh, kw, c, co]), w2.slice([0, c * co], [kh * kw, co]).reshape([kh, kw, 1, co])]
}

/** Rows `index` of `src` [R, F] → [index.length, F], differentiable in `src`: the gradient is
 *  a scatter-add (ScatterNd sums repeated rows). tf.gather's own gradient needs
 *  UnsortedSegmentSum, which the wasm backend lacks; and the earlier one-hot batched matmul
 *  ([B,M,hexes] × [B,hexes,F]) cost ~20% of a training step on wasm. Call inside tf.tidy. */
export function gatherRows(src: tf.Tensor2D, index: tf.Tensor1D): tf.Tensor2D {
  const shape = src.shape
  const f = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    // saved, not captured: a caller's tidy around the forward pass may dispose `index`
    // before the backward pass runs (optimizer.minimize(() => tf.tidy(...)))
    ;(args[1] as tf.GradSaveFunc)([index])
    return {
      value: tf.gather(args[0] as tf.Tensor, index),
      gradFunc: (dy: tf.Tensor, saved: tf.Tensor[]) => tf.scatterND((saved[0] as tf.Tensor).reshape([-1, 1]), dy, shape),
    }
  })
  return f(src) as tf.Tensor2D
}

/** Tensors' values concatenated into one new Float32Array (weights or a gradient, in
 *  net.variables() order: one message between threads, one array for Adam). */
export function flatValues(ts: readonly tf.Tensor[]): Float32Array<ArrayBuffer> {
  const t = tf.tidy(() => tf.concat(ts.map((x) => x.reshape([-1]))))
  const out = Float32Array.from(t.dataSync())
  t.dispose()
  return out
}
