import { describe, expect, it } from 'vitest'
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { playGame } from '../../agents/play.ts'
import { RandomAgent } from '../../agents/random.ts'
import type { Engine } from '../../env/core/types.ts'
import { bindBattle } from '../../env/gym/generated.ts'
import { bindEngine, engineForReplay, makeEnv } from '../../env/gym/make.ts'
import { CANONICAL_SHAPES, padEngine } from '../../env/gym/padded.ts'
import { verifyReplay } from '../../env/gym/replay.ts'
import { makeSpec } from '../../env/gym/spec.ts'
import { BUILTIN_SCENARIOS } from '../../env/scenario/builtin.ts'
import { BATTLE_SIZES } from '../../env/scenario/generate/index.ts'

const must = <T,>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const iface = (e: Engine) => makeSpec(e, '', { maxDecisions: 1000, skipForced: true }).interfaceHash
const padded = (e: Engine) => e as Engine & { outerAction(s: object, a: number): number; innerAction(a: number): number }

describe.each(Object.keys(CANONICAL_SHAPES))('%s canonical interface', (ruleset) => {
  it('covers every built-in scenario and generated size, all with one interface hash', () => {
    const engines = [
      ...BUILTIN_SCENARIOS.filter((s) => s.ruleset === ruleset).map((s) => must(bindEngine(ruleset, `${s.id}+canonical`))),
      ...BATTLE_SIZES.flatMap((size) => [0, 1, 2].map((seed) => must(bindBattle(ruleset, size, seed, true)))),
      must(bindEngine(ruleset, `${ruleset}-generated`)),
    ]
    expect(new Set(engines.map(iface)).size).toBe(1)
  })
})

describe('padded engines', () => {
  it.each(['ivry-1590', 'mttsog-maida-1806', 'hbl-cerignola-1503', 'cfeo-training'])('%s: the same game as the unpadded engine, action for action', (id) => {
    const plain = must(bindEngine(undefined, id))
    const pad = padded(must(bindEngine(undefined, `${id}+canonical`)))
    expect(pad.grid.size).toBeGreaterThanOrEqual(plain.grid.size)
    const seed = 9
    const a = playGame(plain, [new RandomAgent(1), makeHeuristic(plain, 2)], { seed, maxDecisions: 300 })
    const b = playGame(pad, [new RandomAgent(1), makeHeuristic(pad, 2)], { seed, maxDecisions: 300 })
    const acts = (r: typeof a) => (r.ok ? r.record.actions : r.actions)
    const fin = (r: typeof a) => (r.ok ? r.record.final : r.state)
    expect(acts(a).length).toBeGreaterThan(20)
    expect(acts(b)).toEqual(acts(a).map((x) => pad.outerAction(fin(a), x)))
    expect(acts(b).map((x) => pad.innerAction(x))).toEqual(acts(a))
    expect(pad.hash(fin(b))).toBe(plain.hash(fin(a)))
  })

  it('encodes the scenario in the top-left of the canonical grid, padding zero, entity places rescaled', () => {
    const plain = must(bindEngine(undefined, 'mttsog-training'))
    const pad = must(bindEngine(undefined, 'mttsog-training+canonical'))
    const s = plain.init(4)
    const alloc = (e: Engine) => ({
      planes: new Float32Array(e.obs.planes.length * e.grid.size).fill(7),
      entities: new Float32Array(e.obs.maxEntities * e.obs.entityFeatures.length).fill(7),
      globals: new Float32Array(e.obs.globals.length).fill(7),
    })
    const p = alloc(plain)
    const q = alloc(pad)
    plain.encode(s, 0, p)
    pad.encode(s, 0, q)
    const { cols, rows, size } = plain.grid
    const C = pad.grid.cols
    let nonzero = 0
    for (let c = 0; c < plain.obs.planes.length; c++) {
      for (let h = 0; h < pad.grid.size; h++) {
        const col = h % C
        const row = Math.floor(h / C)
        const want = col < cols && row < rows ? (p.planes[c * size + row * cols + col] as number) : 0
        expect(q.planes[c * pad.grid.size + h]).toBe(want)
        if (want !== 0) nonzero++
      }
    }
    expect(nonzero).toBeGreaterThan(100)
    const F = plain.obs.entityFeatures.length
    const [fc, fr, fp] = ['col', 'row', 'present'].map((n) => plain.obs.entityFeatures.indexOf(n)) as [number, number, number]
    for (let i = 0; i < plain.obs.maxEntities; i++) {
      if (p.entities[i * F + fp] !== 1) continue
      expect(Math.round((q.entities[i * F + fc] as number) * C)).toBe(Math.round((p.entities[i * F + fc] as number) * cols))
      expect(Math.round((q.entities[i * F + fr] as number) * pad.grid.rows)).toBe(Math.round((p.entities[i * F + fr] as number) * rows))
    }
    expect(Array.from(q.entities.subarray(plain.obs.maxEntities * F)).every((v) => v === 0)).toBe(true)
    expect(Array.from(q.globals)).toEqual(Array.from(p.globals))
  })

  it('refuses padding actions and rulesets without a canonical shape, in one line', () => {
    const pad = padded(must(bindEngine(undefined, 'piwam-training+canonical')))
    const s = pad.init(1)
    const offMap = pad.layout.offset.hex + pad.grid.size - 1
    expect(pad.innerAction(offMap)).toBe(-1)
    expect(pad.apply(s, offMap)?.code).toBe('ACTION_ILLEGAL')
    const m = bindEngine(undefined, 'marignan-training+canonical')
    expect(m.ok ? '' : m.error.message).toBe('marignan-training+canonical: ruleset marignan has no canonical interface (its observation names differ between scenarios)')
    const big = padEngine(must(bindEngine(undefined, 'ivry-1590')))
    expect(big.ok).toBe(true)
  })

  it.each(['mttsog-training+canonical', 'hbl-generated'])('%s: replays verify', (id) => {
    const env = makeEnv({ scenario: id, record: true, maxDecisions: 200 })
    env.reset({ seed: 5 })
    let k = 0
    while (!env.isDone) {
      let a = 0
      while (env.obs.mask[a] !== 1) a++
      env.step(k++ % 2 === 0 ? a : env.obs.mask.lastIndexOf(1))
    }
    const rep = JSON.parse(JSON.stringify(env.replay()))
    const v = verifyReplay(rep, must(engineForReplay(rep)))
    expect(v.ok ? 'ok' : v.error.message).toBe('ok')
  })
})
