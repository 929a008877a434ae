import { describe, expect, it } from 'vitest'
import { TercioEnv } from '../../env/gym/env.ts'
import { parseReplay, replayFileName, showReplay, verifyReplay, ReplayRecorder, type Replay } from '../../env/gym/replay.ts'
import { makeToyEngine, toyScenario } from '../helpers/toy-ruleset.ts'
import { lcgPicker, makeForcedToyEngine } from './helpers.ts'

function recorded(seed: number, engine = makeToyEngine()): Replay {
  const env = new TercioEnv(engine, { record: true, maxDecisions: 2000 })
  env.reset({ seed })
  const pick = lcgPicker(seed)
  while (!env.isDone) env.step(pick(env.obs.mask))
  return env.replay()!
}

describe('replays', () => {
  it('records every decision (forced ones included) and verifies bit for bit', () => {
    const r = recorded(5)
    expect(r.format).toBe('tercio-replay/1')
    expect(r.steps.length).toBeGreaterThan(5)
    expect(r.steps[0]!.action).toMatch(/^(choice|unit|hex):/)
    const back = parseReplay(JSON.parse(JSON.stringify(r)))
    expect(back.ok).toBe(true)
    const v = verifyReplay(back.ok ? back.value : r, makeToyEngine())
    expect(v.ok).toBe(true)
    if (v.ok) expect(v.value.steps).toBe(r.steps.length)
    const forced = recorded(2, makeForcedToyEngine())
    expect(forced.steps.some((s) => s.action === 'choice:pass')).toBe(true)
    expect(verifyReplay(forced, makeForcedToyEngine()).ok).toBe(true)
  })

  it('names the step whose hash or action does not match', () => {
    const r = recorded(6)
    const bad = structuredClone(r)
    bad.steps[3]!.hash = '00000000'
    const v = verifyReplay(bad, makeToyEngine())
    expect(v.ok).toBe(false)
    if (!v.ok) {
      expect(v.error.code).toBe('REPLAY_MISMATCH')
      expect(v.error.message).toContain('step 4')
      expect(v.error.path).toBe('steps[3].hash')
    }
    const wrongPlayer = structuredClone(r)
    wrongPlayer.steps[0]!.player = 1
    const w = verifyReplay(wrongPlayer, makeToyEngine())
    expect(!w.ok && w.error.message).toContain('step 1')
    const noSuch = structuredClone(r)
    noSuch.steps[2]!.action = 'unit:ZZ'
    const n = verifyReplay(noSuch, makeToyEngine())
    expect(!n.ok && n.error.code).toBe('REPLAY_INVALID')
  })

  it('refuses a replay of an edited scenario and a malformed file', () => {
    const r = recorded(7)
    const edited = toyScenario()
    edited.turns = 9
    const v = verifyReplay(r, makeToyEngine('none', edited))
    expect(!v.ok && v.error.path).toBe('scenario.hash')
    const p = parseReplay({ ...r, steps: [{ action: 1 }] })
    expect(!p.ok && p.error.path).toBe('steps[0]')
    expect(parseReplay({ format: 'x' }).ok).toBe(false)
  })

  it('shows the game in words, step by step', () => {
    const r = recorded(8)
    const s = showReplay(r, makeToyEngine())
    expect(s.ok).toBe(true)
    if (!s.ok) return
    const text = s.value.join('\n')
    expect(s.value.filter((l) => /^\s+\d+ {2}(Red|Blue): /.test(l)).length).toBe(r.steps.length)
    expect(text).toMatch(/moved \d{4} -> \d{4}/)
    expect(text).toMatch(/Result: (Red wins|Blue wins|draw)/)
  })

  it('offers a recorder for callers that drive the engine themselves', () => {
    const e = makeToyEngine()
    const s = e.init(4)
    const rec = new ReplayRecorder(e, 4, s, { inlineScenario: true, meta: { agents: ['a', 'b'] } })
    const mask = new Uint8Array(e.layout.size)
    const pick = lcgPicker(4)
    for (let i = 0; i < 30 && e.decision(s); i++) {
      const p = e.decision(s)!.player
      e.legal(s, mask)
      const a = pick(mask)
      e.apply(s, a)
      rec.push(a, p, e.hash(s))
    }
    rec.finish(e.outcome(s))
    const r = rec.replay({ date: 'x' })
    expect(r.scenario.inline?.id).toBe('toy')
    expect(r.meta).toEqual({ agents: ['a', 'b'], date: 'x' })
    expect(verifyReplay(r, e).ok).toBe(true)
    expect(replayFileName(r)).toMatch(/^piwam-toy-seed4-[0-9a-f]{8}\.json$/)
  })
})
