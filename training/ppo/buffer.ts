// Rollout storage for PPO: T steps × B envs of observations, masks, actions and the
// behaviour policy's log-probs and values, in preallocated typed arrays (index t*B + b,
// observation element k of step i at i*size + k). The collector writes one step at a time
// with `record`, straight from the vector env's batch buffers.

import type { ObsBatch, PolicyShape } from '../../agents/policy/spec.ts'
import type { ActOut } from '../../agents/policy/net.ts'
import { computeGae } from './gae.ts'

export class RolloutBuffer {
  readonly T: number
  readonly B: number
  readonly shape: PolicyShape
  /** prior: the prior agent's action per row for residual nets (−1 when the collector gives none). */
  readonly obs: ObsBatch & { prior: Int32Array }
  readonly actions: Int32Array
  readonly logp: Float32Array
  readonly values: Float32Array
  readonly rewards: Float32Array
  readonly terminated: Uint8Array
  readonly truncated: Uint8Array
  readonly truncValues: Float32Array
  readonly lastValues: Float32Array
  readonly advantages: Float32Array
  readonly returns: Float32Array
  /** A teacher's action per row for the kickstarting loss (−1 = none; filled by the caller). */
  readonly teacher: Int32Array
  /** Steps recorded so far (0..T). */
  t = 0

  /** `store`: the arrays of another buffer of this shape to work on (e.g. one allocated by
   *  RolloutBuffer.shared on another thread); by default fresh ones. */
  constructor(shape: PolicyShape, T: number, B: number, store?: RolloutStore) {
    if (!Number.isInteger(T) || !Number.isInteger(B) || T < 1 || B < 1) throw new RangeError(`RolloutBuffer: T and B must be positive integers, got ${T}, ${B}`)
    this.T = T
    this.B = B
    this.shape = shape
    const n = T * B
    const a = store ?? allocStore(shape, T, B, (bytes) => new ArrayBuffer(bytes))
    if (a.actions.length !== n || a.obs.planes.length !== n * shape.planeSize || a.lastValues.length !== B) throw new RangeError(`RolloutBuffer: the store holds ${a.actions.length} rows, need ${n}`)
    this.obs = a.obs
    this.actions = a.actions
    this.logp = a.logp
    this.values = a.values
    this.rewards = a.rewards
    this.terminated = a.terminated
    this.truncated = a.truncated
    this.truncValues = a.truncValues
    this.lastValues = a.lastValues
    this.advantages = a.advantages
    this.returns = a.returns
    this.teacher = a.teacher
  }

  /** A buffer whose arrays live in SharedArrayBuffers: posting `store()` to a worker thread
   *  shares them (no copy), and the worker attaches with `new RolloutBuffer(shape, T, B, store)`. */
  static shared(shape: PolicyShape, T: number, B: number): RolloutBuffer {
    return new RolloutBuffer(shape, T, B, allocStore(shape, T, B, (bytes) => new SharedArrayBuffer(bytes)))
  }

  /** Every array of the buffer (live views). */
  store(): RolloutStore {
    return { ...this.arrays(), advantages: this.advantages, returns: this.returns }
  }

  /** Copies a full rollout of `src` (same T, fewer envs) into env columns b0 .. b0 + src.B − 1
   *  of this buffer (rows t·B + b0 + b), its bootstrap values included. Two collectors of half
   *  the envs each fill one buffer this way. */
  putColumns(src: RolloutBuffer, b0: number): void {
    const s = this.shape
    const Bs = src.B
    if (src.T !== this.T || b0 < 0 || b0 + Bs > this.B) throw new RangeError(`RolloutBuffer.putColumns: ${src.T}×${Bs} at column ${b0} does not fit ${this.T}×${this.B}`)
    const row = <A extends Float32Array | Int32Array | Uint8Array>(d: A, x: A, size: number) => {
      for (let t = 0; t < this.T; t++) d.set(x.subarray(t * Bs * size, (t + 1) * Bs * size), (t * this.B + b0) * size)
    }
    row(this.obs.planes, src.obs.planes, s.planeSize)
    row(this.obs.entities, src.obs.entities, s.entitySize)
    row(this.obs.globals, src.obs.globals, s.globals)
    row(this.obs.mask, src.obs.mask, s.actions)
    row(this.obs.prior, src.obs.prior, 1)
    row(this.actions, src.actions, 1)
    row(this.logp, src.logp, 1)
    row(this.values, src.values, 1)
    row(this.rewards, src.rewards, 1)
    row(this.terminated, src.terminated, 1)
    row(this.truncated, src.truncated, 1)
    row(this.truncValues, src.truncValues, 1)
    row(this.teacher, src.teacher, 1)
    this.lastValues.set(src.lastValues, b0)
  }

  /** Marks the buffer full (its rows were written by putColumns). */
  markFull(): void {
    this.t = this.T
  }

  get size(): number {
    return this.T * this.B
  }

  /** Stores the observations the policy acted on at this step and what it did. */
  recordObs(obs: ObsBatch, act: Pick<ActOut, 'actions' | 'logp' | 'values'>): void {
    if (this.t >= this.T) throw new RangeError(`RolloutBuffer is full (${this.T} steps)`)
    const s = this.shape
    const B = this.B
    const i = this.t * B
    this.obs.planes.set(obs.planes.subarray(0, B * s.planeSize), i * s.planeSize)
    this.obs.entities.set(obs.entities.subarray(0, B * s.entitySize), i * s.entitySize)
    this.obs.globals.set(obs.globals.subarray(0, B * s.globals), i * s.globals)
    this.obs.mask.set(obs.mask.subarray(0, B * s.actions), i * s.actions)
    if (obs.prior) this.obs.prior.set(obs.prior.subarray(0, B), i)
    this.actions.set(act.actions.subarray(0, B), i)
    this.logp.set(act.logp.subarray(0, B), i)
    this.values.set(act.values.subarray(0, B), i)
  }

  /** Stores the outcome of this step (per env) and advances. truncValues: V(final obs)
   *  for truncated envs (entries of the others are ignored); may be null when none. */
  recordStep(rewards: ArrayLike<number>, terminated: ArrayLike<number | boolean>, truncated: ArrayLike<number | boolean>, truncValues: ArrayLike<number> | null): void {
    const B = this.B
    const i = this.t * B
    for (let b = 0; b < B; b++) {
      this.rewards[i + b] = rewards[b] as number
      const term = terminated[b] ? 1 : 0
      const trunc = !term && truncated[b] ? 1 : 0
      this.terminated[i + b] = term
      this.truncated[i + b] = trunc
      this.truncValues[i + b] = trunc && truncValues ? (truncValues[b] as number) : 0
    }
    this.t++
  }

  /** Computes advantages and returns once the buffer is full. */
  finish(lastValues: ArrayLike<number>, gamma: number, lambda: number): void {
    if (this.t !== this.T) throw new RangeError(`RolloutBuffer.finish: ${this.t} of ${this.T} steps recorded`)
    for (let b = 0; b < this.B; b++) this.lastValues[b] = lastValues[b] as number
    const { T, B, rewards, values, terminated, truncated, truncValues } = this
    computeGae({ T, B, rewards, values, terminated, truncated, truncValues, lastValues: this.lastValues, gamma, lambda }, this.advantages, this.returns)
  }

  reset(): void {
    this.t = 0
  }

  /** The recorded arrays (live views; posting them to a thread copies them). */
  arrays(): RolloutArrays {
    return { obs: this.obs, actions: this.actions, logp: this.logp, values: this.values, rewards: this.rewards, terminated: this.terminated, truncated: this.truncated, truncValues: this.truncValues, lastValues: this.lastValues, teacher: this.teacher }
  }

  /** Copies a full rollout recorded elsewhere (another buffer of the same shape, e.g. an
   *  actor thread's) into this one; `finish` then computes its advantages. */
  load(a: RolloutArrays): void {
    const n = this.size
    if (a.actions.length !== n || a.obs.planes.length !== this.obs.planes.length) throw new RangeError(`RolloutBuffer.load: ${a.actions.length} rows, need ${n}`)
    this.obs.planes.set(a.obs.planes)
    this.obs.entities.set(a.obs.entities)
    this.obs.globals.set(a.obs.globals)
    this.obs.mask.set(a.obs.mask)
    this.obs.prior.set(a.obs.prior)
    for (const k of ['actions', 'logp', 'values', 'rewards', 'terminated', 'truncated', 'truncValues', 'lastValues', 'teacher'] as const) (this[k] as { set(x: ArrayLike<number>): void }).set(a[k])
    this.t = this.T
  }
}

export interface RolloutArrays {
  obs: ObsBatch & { prior: Int32Array }
  actions: Int32Array
  logp: Float32Array
  values: Float32Array
  rewards: Float32Array
  terminated: Uint8Array
  truncated: Uint8Array
  truncValues: Float32Array
  lastValues: Float32Array
  teacher: Int32Array
}

/** All arrays of a buffer, advantages and returns included. */
export interface RolloutStore extends RolloutArrays {
  advantages: Float32Array
  returns: Float32Array
}

function allocStore(shape: PolicyShape, T: number, B: number, mem: (bytes: number) => ArrayBufferLike): RolloutStore {
  const n = T * B
  const f32 = (k: number) => new Float32Array(mem(4 * k))
  const i32 = (k: number) => new Int32Array(mem(4 * k))
  const u8 = (k: number) => new Uint8Array(mem(k))
  return {
    obs: { planes: f32(n * shape.planeSize), entities: f32(n * shape.entitySize), globals: f32(n * shape.globals), mask: u8(n * shape.actions), prior: i32(n).fill(-1) },
    actions: i32(n),
    logp: f32(n),
    values: f32(n),
    rewards: f32(n),
    terminated: u8(n),
    truncated: u8(n),
    truncValues: f32(n),
    lastValues: f32(B),
    advantages: f32(n),
    returns: f32(n),
    teacher: i32(n).fill(-1),
  }
}
