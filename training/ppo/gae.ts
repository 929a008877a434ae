// Generalised advantage estimation over a rollout of T steps × B envs (index t*B + b).
//
// Episode ends are of two kinds, and they bootstrap differently:
//  - terminated (win/loss/draw): the return ends there, V(next) = 0;
//  - truncated (time limit): the game did not end, so the step's target bootstraps from
//    the value of the observation the env truncated on (`truncValues`), which the vector
//    env reports before auto-resetting. In both cases the advantage does not leak across
//    the reset into the next episode.
// The last step of the rollout bootstraps from `lastValues` (values of the observations
// after the final step) unless it ended an episode.

export interface GaeInput {
  readonly T: number
  readonly B: number
  readonly rewards: Float32Array
  /** V(s_t) from the rollout. */
  readonly values: Float32Array
  /** 1 where step t ended the episode by termination. */
  readonly terminated: Uint8Array
  /** 1 where step t ended the episode by truncation (and was not terminated). */
  readonly truncated: Uint8Array
  /** V(final observation) at truncated steps (other entries unused). */
  readonly truncValues: Float32Array
  /** [B] V(s_T) for the observations after the last step. */
  readonly lastValues: Float32Array
  readonly gamma: number
  readonly lambda: number
}

/** Writes advantages and returns (= advantages + values), each T*B. Allocation-free. */
export function computeGae(g: GaeInput, advantages: Float32Array, returns: Float32Array): void {
  const { T, B, rewards, values, terminated, truncated, truncValues, lastValues, gamma, lambda } = g
  const n = T * B
  for (const [name, a] of [
    ['rewards', rewards],
    ['values', values],
    ['terminated', terminated],
    ['truncated', truncated],
    ['truncValues', truncValues],
    ['advantages', advantages],
    ['returns', returns],
  ] as const) {
    if (a.length < n) throw new RangeError(`computeGae: ${name} has ${a.length} entries, need T*B = ${n}`)
  }
  if (lastValues.length < B) throw new RangeError(`computeGae: lastValues has ${lastValues.length} entries, need B = ${B}`)
  for (let b = 0; b < B; b++) {
    let carry = 0 // A_{t+1}, reset at episode ends
    for (let t = T - 1; t >= 0; t--) {
      const i = t * B + b
      const v = values[i] as number
      let delta: number
      if (terminated[i]) {
        delta = (rewards[i] as number) - v
        carry = 0
      } else if (truncated[i]) {
        delta = (rewards[i] as number) + gamma * (truncValues[i] as number) - v
        carry = 0
      } else {
        const next = t === T - 1 ? (lastValues[b] as number) : (values[i + B] as number)
        delta = (rewards[i] as number) + gamma * next - v
      }
      carry = delta + gamma * lambda * carry
      advantages[i] = carry
      returns[i] = carry + v
    }
  }
}
