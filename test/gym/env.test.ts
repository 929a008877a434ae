import { describe, expect, it } from 'vitest'
import { TercioEnv, copyObs } from '../../env/gym/env.ts'
import { obsSizes } from '../../env/gym/spec.ts'
import { deriveSeed } from '../../env/gym/hash.ts'
import { makeToyEngine } from '../helpers/toy-ruleset.ts'
import { lcgPicker, makeForcedToyEngine } from './helpers.ts'

const toyEnv = (o: ConstructorParameters<typeof TercioEnv>[1] = {}) => new TercioEnv(makeToyEngine(), o)

function playOut(env: TercioEnv, seed: number, pick = lcgPicker(seed)) {
  env.reset({ seed })
  const actions: number[] = []
  for (let i = 0; i < 100_000; i++) {
    const a = pick(env.obs.mask)
    actions.push(a)
    const r = env.step(a)
    expect(r.error).toBeNull()
    if (r.terminated || r.truncated) return { r, actions }
  }
  throw new Error('episode did not end')
}

describe('TercioEnv', () => {
  it('publishes shapes that match the buffers, with env planes, features and globals', () => {
    const env = toyEnv()
    const { obs, info } = env.reset({ seed: 3 })
    const sz = obsSizes(env.spec)
    expect(obs.planes).toBeInstanceOf(Float32Array)
    expect(obs.mask).toBeInstanceOf(Uint8Array)
    expect([obs.planes.length, obs.entities.length, obs.globals.length, obs.mask.length]).toEqual([sz.planes, sz.entities, sz.globals, sz.mask])
    expect(env.spec.planes.channels).toEqual(['own', 'enemy', 'selected', 'env:on_map', 'env:legal_hex'])
    expect(env.spec.entities.features).toEqual(['own', 'alive', 'col', 'row'])
    expect(env.spec.globals.names).toContain('env:decision=select')
    const size = env.engine.grid.size
    expect(Array.from(obs.planes.subarray(3 * size, 4 * size)).every((v) => v === 1)).toBe(true)
    // select decision: entity row i is UNIT action i, so the mask's UNIT segment flags the legal rows
    expect(info.player).toBe(0)
    expect(info.decisionKind).toBe('select')
    const u = env.spec.actions.segments[2]!
    expect(env.spec.entities.rows).toEqual(u.texts.map((t) => t.slice('unit:'.length)))
    expect(Array.from(obs.mask.subarray(u.offset, u.offset + u.size))).toEqual([1, 1, 0, 0])
    expect(info.legalCount).toBe(obs.mask.reduce((a, b) => a + b, 0))
    const gi = env.spec.globals.names.indexOf('env:decision=select')
    expect(obs.globals[gi]).toBe(1)
  })

  it('marks legal target hexes in env:legal_hex after a selection', () => {
    const env = toyEnv()
    env.reset({ seed: 1 })
    const r = env.step(env.parseAction('unit:R1').ok ? (env.parseAction('unit:R1') as { value: number }).value : -1)
    expect(r.error).toBeNull()
    expect(r.info.decisionKind).toBe('target')
    const size = env.engine.grid.size
    const plane = 4 * size
    const hexOff = env.engine.layout.offset.hex
    let n = 0
    for (let h = 0; h < size; h++) {
      expect(r.obs.planes[plane + h]).toBe(r.obs.mask[hexOff + h])
      n += r.obs.mask[hexOff + h] as number
    }
    expect(n).toBeGreaterThan(0)
  })

  it('refuses illegal and out-of-range actions as values, leaving the game unchanged', () => {
    const env = toyEnv()
    env.reset({ seed: 2 })
    const h = env.engine.hash(env.state!)
    const r1 = env.step(env.engine.layout.offset.hex) // hex 0101 is not legal in a select decision
    expect(r1.error?.code).toBe('ACTION_ILLEGAL')
    expect(r1.error?.message).toContain('hex:0101')
    expect(env.step(-1).error?.code).toBe('ACTION_OUT_OF_RANGE')
    expect(env.step(1.5).error?.code).toBe('ACTION_OUT_OF_RANGE')
    expect(env.engine.hash(env.state!)).toBe(h)
    expect(new TercioEnv(makeToyEngine()).step(0).error?.code).toBe('GAME_OVER')
  })

  it('plays to the end with zero-sum terminal rewards, then refuses steps until reset', () => {
    const env = toyEnv()
    let wins = 0
    for (let seed = 0; seed < 30; seed++) {
      const { r } = playOut(env, seed)
      expect(r.rewards[0] + r.rewards[1]).toBe(0)
      if (r.terminated) {
        const w = r.info.outcome!.winner
        expect(r.rewards).toEqual(w === null ? [0, 0] : w === 0 ? [1, -1] : [-1, 1])
        if (w !== null) wins++
        expect(r.reward).toBe(r.rewards[r.info.actor!])
      }
      expect(r.obs.mask.every((v) => v === 0)).toBe(true)
      expect(r.info.player).toBeNull()
      expect(r.info.episode?.decisions).toBe(r.info.decisions)
      const again = env.step(0)
      expect(again.error?.code).toBe('GAME_OVER')
    }
    expect(wins).toBeGreaterThan(0)
  })

  it('reuses its observation buffers and result objects across steps', () => {
    const env = toyEnv()
    const first = env.reset({ seed: 1 })
    const planes = first.obs.planes
    const r1 = env.step(lcgPicker(1)(env.obs.mask))
    const r2 = env.step(lcgPicker(2)(env.obs.mask))
    expect(r1).toBe(r2)
    expect(r1.obs.planes).toBe(planes)
    expect(r1.info).toBe(first.info)
  })

  it('truncates at maxDecisions (forced decisions counted) with zero reward', () => {
    const env = toyEnv({ maxDecisions: 7 })
    const { r } = playOut(env, 4)
    expect(r.truncated).toBe(true)
    expect(r.terminated).toBe(false)
    expect(r.info.decisions).toBe(7)
    expect(r.rewards).toEqual([0, 0])
  })

  it('is deterministic under a seed, and seedless resets derive their seeds', () => {
    const a = toyEnv()
    const b = toyEnv()
    const ra = playOut(a, 11)
    const snapA = copyObs(ra.r.obs)
    b.reset({ seed: 11 })
    let rb = null
    for (const act of ra.actions) rb = b.step(act)
    expect(rb!.terminated || rb!.truncated).toBe(true)
    expect(Buffer.from(rb!.obs.planes.buffer).equals(Buffer.from(snapA.planes.buffer))).toBe(true)
    expect(Array.from(rb!.obs.globals)).toEqual(Array.from(snapA.globals))
    a.reset({ seed: 5 })
    a.reset()
    expect(a.episodeSeed).toBe(deriveSeed(5, 1))
    a.reset()
    expect(a.episodeSeed).toBe(deriveSeed(5, 2))
  })

  it('skipForced applies single-action decisions and lists them in info', () => {
    const eng = makeForcedToyEngine()
    const env = new TercioEnv(eng, { skipForced: true })
    env.reset({ seed: 1 })
    const r = env.step(eng.layout.offset.unit) // select R1: the only follow-up is pass
    expect(r.error).toBeNull()
    expect(r.info.skipped.map((s) => [env.actionText(s.action), s.player])).toEqual([['choice:pass', 0]])
    expect(r.info.decisionKind).toBe('select')
    expect(r.info.decisions).toBe(2)
    const manual = new TercioEnv(eng, { skipForced: false })
    manual.reset({ seed: 1 })
    const m = manual.step(eng.layout.offset.unit)
    expect(m.info.skipped).toEqual([])
    expect(m.info.decisionKind).toBe('target')
    expect(m.info.legalCount).toBe(1)
  })

  it('reports events when asked, and the engine can describe them', () => {
    const env = toyEnv({ events: true })
    env.reset({ seed: 3 })
    const pick = lcgPicker(3)
    const seen = new Set<string>()
    for (let i = 0; i < 2000 && !env.isDone; i++) {
      const r = env.step(pick(env.obs.mask))
      for (const e of r.info.events) {
        seen.add(e.type)
        expect(env.engine.describe(e).length).toBeGreaterThan(0)
      }
    }
    expect(seen.has('moved')).toBe(true)
    expect(seen.has('turn-ended')).toBe(true)
  })

  it('shapes rewards zero-sum from material: inflicting losses pays the actor', () => {
    const env = toyEnv({ reward: { shaping: 0.5 }, events: true })
    let paid = 0
    for (let seed = 0; seed < 40; seed++) {
      env.reset({ seed })
      const pick = lcgPicker(seed)
      while (!env.isDone) {
        const r = env.step(pick(env.obs.mask))
        expect(r.rewards[0] + r.rewards[1]).toBeCloseTo(0, 6)
        const killed = r.info.events.some((e) => e.type === 'eliminated')
        if (killed && !r.terminated) {
          expect(r.reward).toBeCloseTo(0.5 / 2, 6) // one of two enemy pieces
          paid++
        }
        if (!killed && !r.terminated) expect(r.rewards).toEqual([0, 0])
      }
    }
    expect(paid).toBeGreaterThan(0)
    expect(env.spec.reward.shaping).toEqual({ kind: 'material-delta', coefficient: 0.5 })
  })

  it('has a stable spec hash that tracks the reward but not the interface', () => {
    const a = toyEnv().spec
    const b = toyEnv().spec
    const c = toyEnv({ reward: { shaping: 0.1 } }).spec
    expect(a.hash).toMatch(/^[0-9a-f]{16}$/)
    expect(a.hash).toBe(b.hash)
    expect(c.hash).not.toBe(a.hash)
    expect(c.interfaceHash).toBe(a.interfaceHash)
    expect(a.actions.segments.map((s) => [s.name, s.offset, s.size])).toEqual([
      ['choice', 0, 2],
      ['wing', 2, 0],
      ['unit', 2, 4],
      ['hex', 6, 20],
    ])
    expect(a.actions.segments[3]!.texts[0]).toBe('hex:0101')
  })
})

describe('decision-kind one-hot', () => {
  it('is added by the env unless the engine globals already carry one', async () => {
    const { engineEncodesKinds } = await import('../../env/gym/spec.ts')
    const toy = makeToyEngine()
    expect(engineEncodesKinds(toy)).toBe(false)
    const withKinds = { ...toy, obs: { ...toy.obs, globals: [...toy.obs.globals, 'kind:select', 'kind:target'] } }
    expect(engineEncodesKinds(withKinds)).toBe(true)
    const env = new TercioEnv({
      ...withKinds,
      encode: (s, p, out) => {
        toy.encode(s, p, { ...out, globals: out.globals.subarray(0, 2) })
        out.globals[2] = s.selected < 0 ? 1 : 0
        out.globals[3] = s.selected < 0 ? 0 : 1
      },
    })
    expect(env.spec.globals.names.some((n) => n.startsWith('env:decision='))).toBe(false)
    expect(env.spec.globals.shape[0]).toBe(4 + 3)
    env.reset({ seed: 1 })
    expect(Array.from(env.obs.globals.subarray(2, 4))).toEqual([1, 0])
  })
})
