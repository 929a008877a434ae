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

  constructor(shape: PolicyShape, T: number, B: number) {
    if (!Number.isInteger(T) || !Number.isInteger(B) || T < 1 || B < 1) throw new RangeError(`RolloutBuffer: T and B must be positive integers, got ${T}, ${B}`)
    this.T = T
    this.B = B
    this.shape = shape
    const n = T * B
    this.obs = {
      planes: new Float32Array(n * shape.planeSize),
      entities: new Float32Array(n * shape.entitySize),
      globals: new Float32Array(n * shape.globals),
      mask: new Uint8Array(n * shape.actions),
      prior: new Int32Array(n).fill(-1),
    }
    this.actions = new Int32Array(n)
    this.logp = new Float32Array(n)
    this.values = new Float32Array(n)
    this.rewards = new Float32Array(n)
    this.terminated = new Uint8Array(n)
    this.truncated = new Uint8Array(n)
    this.truncValues = new Float32Array(n)
    this.lastValues = new Float32Array(B)
    this.advantages = new Float32Array(n)
    this.returns = new Float32Array(n)
    this.teacher = new Int32Array(n).fill(-1)
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
