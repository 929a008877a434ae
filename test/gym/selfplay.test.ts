import { describe, expect, it } from 'vitest'
import { TercioEnv } from '../../env/gym/env.ts'
import { SelfPlayEnv, randomPolicy } from '../../env/gym/selfplay.ts'
import { makeToyEngine } from '../helpers/toy-ruleset.ts'
import { lcgPicker } from './helpers.ts'

describe('SelfPlayEnv', () => {
  it('only ever asks the agent to act for its seat, and pays it the terminal reward', () => {
    for (const seat of [0, 1] as const) {
      const sp = new SelfPlayEnv(new TercioEnv(makeToyEngine(), { maxDecisions: 400 }), { seat, opponentSeed: 9 })
      const pick = lcgPicker(seat + 1)
      let total = 0
      let finished = 0
      for (let ep = 0; ep < 20; ep++) {
        let { info } = sp.reset({ seed: ep })
        for (let t = 0; t < 10_000; t++) {
          expect(info.player).toBe(seat)
          const r = sp.step(pick(sp.env.obs.mask))
          expect(r.error).toBeNull()
          info = r.info
          if (r.terminated || r.truncated) {
            const w = r.info.outcome?.winner
            if (r.terminated) {
              expect(r.reward).toBe(w === null ? 0 : w === seat ? 1 : -1)
              finished++
            }
            total += r.reward
            break
          }
          expect(r.reward).toBe(0)
        }
      }
      expect(finished).toBeGreaterThan(10)
      expect(Number.isFinite(total)).toBe(true)
    }
  })

  it('alternates seats per episode and lets the opponent open when the agent is player 1', () => {
    let calls = 0
    const base = randomPolicy(3)
    const sp = new SelfPlayEnv(new TercioEnv(makeToyEngine()), { seat: 'alternate', opponent: (o, i) => (calls++, base(o, i)) })
    expect(sp.reset({ seed: 1 }).info.seat).toBe(0)
    expect(calls).toBe(0)
    const r = sp.reset({ seed: 1 })
    expect(r.info.seat).toBe(1)
    expect(r.info.player).toBe(1)
    expect(calls).toBeGreaterThan(0)
    expect(sp.reset().info.seat).toBe(0)
  })
})

describe('SelfPlayEnv with a mask-only opponent', () => {
  it('skips encoding for the opponent yet hands the agent the same observations', () => {
    const run = (maskOnly: boolean) => {
      const base = randomPolicy(4)
      const opp = maskOnly ? base : (o: Parameters<typeof base>[0], i: Parameters<typeof base>[1]) => base(o, i)
      expect(Boolean((opp as { maskOnly?: boolean }).maskOnly)).toBe(maskOnly)
      const sp = new SelfPlayEnv(new TercioEnv(makeToyEngine(), { maxDecisions: 300 }), { seat: 1, opponent: opp })
      const pick = lcgPicker(8)
      const seen: number[][] = []
      for (let ep = 0; ep < 5; ep++) {
        sp.reset({ seed: ep })
        seen.push([...sp.env.obs.planes, ...sp.env.obs.entities, ...sp.env.obs.globals])
        for (;;) {
          const r = sp.step(pick(sp.env.obs.mask))
          seen.push([...r.obs.planes, ...r.obs.entities, ...r.obs.globals, r.reward])
          if (r.terminated || r.truncated) break
        }
      }
      return seen
    }
    const a = run(true)
    expect(a.length).toBeGreaterThan(20)
    expect(a).toEqual(run(false))
  })
})
