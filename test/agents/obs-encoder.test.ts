// The ckpt: and onnx: agents see a game through ObsEncoder, not through the env: what they
// encode must be, cell for cell, what the env gave the network in training — env:progress
// (the env's decision count) included, in rulesets where one side takes most decisions.
import { describe, expect, it } from 'vitest'
import { ObsEncoder } from '../../agents/policy/agent.ts'
import { Mulberry32 } from '../../agents/policy/sample.ts'
import { TercioEnv } from '../../env/gym/env.ts'
import { bindEngine } from '../../env/gym/make.ts'

/** Index of the first element that differs, -1 if none (toEqual on big arrays is slow). */
function firstDiff(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return Math.min(a.length, b.length)
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i
  return -1
}

const SCENARIOS = ['piwam-training', 'mttsog-training', 'cfeo-training', 'hbl-training', 'marignan-training', 'marignan-1515-first-day'] as const

describe('ObsEncoder', () => {
  it.each(SCENARIOS)('encodes what the env observes at every decision of a random game (%s)', (scenario) => {
    const b = bindEngine(undefined, scenario)
    if (!b.ok) throw new Error(b.error.message)
    const env = new TercioEnv(b.value, { maxDecisions: 400 })
    const enc = new ObsEncoder(b.value, env.spec)
    const rng = new Mulberry32(7)
    env.reset({ seed: 3 })
    let checked = 0
    let lastProgress = 0
    while (!env.isDone) {
      const info = env.lastInfo
      const o = enc.encode(env.state as NonNullable<typeof env.state>, info.player as 0 | 1, env.obs.mask, info.legalCount)
      expect(firstDiff(o.globals, env.obs.globals), `global differs at decision ${checked}`).toBe(-1)
      expect(firstDiff(o.planes, env.obs.planes), `plane cell differs at decision ${checked}`).toBe(-1)
      expect(firstDiff(o.entities, env.obs.entities), `entity feature differs at decision ${checked}`).toBe(-1)
      lastProgress = env.obs.globals[b.value.obs.globals.length + 2] as number
      checked++
      const legal: number[] = []
      env.obs.mask.forEach((m, a) => m && legal.push(a))
      const r = env.step(legal[Math.floor(rng.next() * legal.length)] as number)
      expect(r.error).toBeNull()
    }
    expect(checked).toBeGreaterThan(20)
    // The count moved: the comparison covered env:progress, not only its start at 0.
    expect(lastProgress).toBeGreaterThan(0.05)
  }, 60_000)
})
