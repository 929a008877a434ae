// The gym layer on the real ruleset: the checker passes, envs run, replays verify.
import { describe, expect, it } from 'vitest'
import { checkEnv, formatCheckReport } from '../../env/gym/check.ts'
import { bindEngine, makeEnv } from '../../env/gym/make.ts'
import { verifyReplay } from '../../env/gym/replay.ts'
import { VecEnv } from '../../env/gym/vec.ts'
import { lcgPicker } from './helpers.ts'

describe('gym on piwam-training', () => {
  const bound = bindEngine('piwam', 'piwam-training')

  it('binds, and passes the env checker', () => {
    expect(bound.ok).toBe(true)
    if (!bound.ok) return
    const r = checkEnv(bound.value, { episodes: 2, maxProbes: 150 })
    expect(r.checks.filter((c) => c.status === 'fail'), formatCheckReport(r)).toEqual([])
  })

  it('makeEnv by ids plays a recorded game that verifies', () => {
    const env = makeEnv({ ruleset: 'piwam', scenario: 'piwam-training', record: true, events: true })
    env.reset({ seed: 3 })
    const pick = lcgPicker(3)
    let events = 0
    while (!env.isDone) {
      const r = env.step(pick(env.obs.mask))
      expect(r.error).toBeNull()
      events += r.info.events.length
    }
    expect(events).toBeGreaterThan(0)
    const rep = env.replay()!
    expect(rep.steps.length).toBe(env.lastInfo.decisions)
    expect(bound.ok && verifyReplay(rep, bound.value).ok).toBe(true)
  })

  it('reports unknown scenarios and rulesets as error values', async () => {
    const { createEnv } = await import('../../env/gym/make.ts')
    const a = createEnv({ scenario: 'no-such-battle' })
    expect(!a.ok && a.error.code).toBe('SCENARIO_NOT_FOUND')
    const b = createEnv({ ruleset: 'marignan', scenario: 'piwam-training' })
    expect(b.ok).toBe(false)
    expect(() => makeEnv({ scenario: 'no-such-battle' })).toThrow(/SCENARIO_NOT_FOUND/)
  })

  it('runs a VecEnv batch with auto-reset', () => {
    if (!bound.ok) return
    const v = new VecEnv(bound.value, { num: 4, maxDecisions: 300 })
    const m = v.spec.mask.shape[0]
    const pick = lcgPicker(1)
    let r = v.reset({ seed: 1 })
    const acts = new Int32Array(4)
    let done = 0
    for (let t = 0; t < 700; t++) {
      for (let i = 0; i < 4; i++) acts[i] = pick(r.obs.mask.subarray(i * m, (i + 1) * m))
      const s = v.step(acts)
      for (let i = 0; i < 4; i++) {
        expect(s.info.error[i]).toBe(-1)
        done += s.info.done[i]!
      }
      r = s
    }
    expect(done).toBeGreaterThan(0)
  })
})
