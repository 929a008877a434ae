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
  /** Off-policy correction (training/ppo/ppo.ts, lagged rollouts): per step, the truncated
   *  importance ratio c_t = min(c̄, π(a_t|s_t)/μ(a_t|s_t)) that cuts the trace into step t,
   *  A_t = δ_t + γλ·c_{t+1}·A_{t+1} (Retrace-style), and ρ_t = min(ρ̄, π/μ) in the value
   *  target R_t = V_t + ρ_t·A_t (V-trace's). Absent: 1 everywhere, i.e. plain GAE. */
  readonly traces?: Float32Array
  readonly rho?: Float32Array
}

/** Writes advantages and returns (= advantages + values), each T*B. Allocation-free. */
export function computeGae(g: GaeInput, advantages: Float32Array, returns: Float32Array): void {
  const { T, B, rewards, values, terminated, truncated, truncValues, lastValues, gamma, lambda, traces, rho } = g
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
  if ((traces && traces.length < n) || (rho && rho.length < n)) throw new RangeError(`computeGae: traces and rho need T*B = ${n} entries`)
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
      // carry is 0 at t = T−1 and after an episode end, so traces[i + B] is only read inside one
      const c = traces && carry !== 0 ? (traces[i + B] as number) : 1
      carry = delta + gamma * lambda * c * carry
      advantages[i] = carry
      returns[i] = v + (rho ? (rho[i] as number) : 1) * carry
    }
  }
}
