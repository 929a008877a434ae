import { describe, expect, it } from 'vitest'
import { canonicalJson, formatFailure, fuzz, type FuzzCheck } from '../../env/fuzz/fuzz.ts'
import { makeToyEngine, type ToyBug } from '../helpers/toy-ruleset.ts'

describe('fuzzer', () => {
  it('passes a correct engine, running every kind of check', () => {
    const progress: number[] = []
    const r = fuzz(makeToyEngine(), { decisions: 20_000, seed: 3, exhaustiveEvery: 100, onProgress: (d) => progress.push(d), progressEvery: 5000 })
    expect(r.failures).toEqual([])
    expect(r.failureCount).toBe(0)
    expect(r.decisions).toBe(20_000)
    expect(r.gamesFinished).toBeGreaterThan(10)
    expect(r.wins[0] + r.wins[1] + r.draws).toBe(r.gamesFinished)
    expect(r.checks.exhaustiveSteps).toBeGreaterThan(100)
    expect(r.checks.illegalTried).toBeGreaterThan(20_000)
    expect(r.checks.cloneChecks).toBeGreaterThan(1000)
    expect(r.checks.serialiseChecks).toBeGreaterThan(200)
    expect(r.checks.replays).toBe(r.gamesFinished)
    expect(progress).toEqual([5000, 10000, 15000, 20000, 20000])
  })

  it('is reproducible: the same seed gives the same run', () => {
    const a = fuzz(makeToyEngine(), { decisions: 3000, seed: 9 })
    const b = fuzz(makeToyEngine(), { decisions: 3000, seed: 9 })
    const c = fuzz(makeToyEngine(), { decisions: 3000, seed: 10 })
    expect([a.games, a.wins, a.draws, a.maxGameLength]).toEqual([b.games, b.wins, b.draws, b.maxGameLength])
    expect([a.games, a.wins, a.maxGameLength]).not.toEqual([c.games, c.wins, c.maxGameLength])
  })

  it('plays the same games whatever the check rates', () => {
    const off = { illegalPerStep: 0, exhaustiveEvery: 0, cloneEvery: 0, serialiseEvery: 0, replayEvery: 0, collisionEvery: 0 }
    const a = fuzz(makeToyEngine(), { decisions: 5000, seed: 4 })
    const b = fuzz(makeToyEngine(), { decisions: 5000, seed: 4, ...off })
    expect([b.games, b.wins, b.draws, b.maxGameLength, b.meanGameLength]).toEqual([a.games, a.wins, a.draws, a.maxGameLength, a.meanGameLength])
    expect(b.checks.illegalTried + b.checks.cloneChecks + b.checks.serialiseChecks + b.checks.replays + b.checks.collisionChecks + b.checks.exhaustiveSteps).toBe(0)
  })

  const bugs: [ToyBug, FuzzCheck][] = [
    ['invariant', 'invariants'],
    ['clone', 'clone'],
    ['hash', 'hash-collision'],
    ['mask-empty', 'mask-empty'],
    ['mask-extra', 'threw'],
    ['nondeterministic', 'determinism'],
    ['restore', 'serialise'],
  ]
  for (const [bug, check] of bugs) {
    it(`catches a broken engine (${bug}) as a ${check} failure with a recipe`, () => {
      const r = fuzz(makeToyEngine(bug), { decisions: 20_000, seed: 1, maxFailures: 3 })
      expect(r.failureCount).toBeGreaterThan(0)
      expect(r.failuresByCheck[check]).toBeGreaterThan(0)
      const f = r.failures.find((x) => x.check === check)
      expect(f).toBeDefined()
      if (!f) return
      expect(f.actions.length).toBe(f.step)
      expect(formatFailure(f)).toContain(`recipe: init(${f.gameSeed})`)
    })
  }

  it('the recipe reproduces the failing state', () => {
    const engine = makeToyEngine('invariant')
    const r = fuzz(engine, { decisions: 5000, seed: 2, maxFailures: 1 })
    const f = r.failures[0]
    expect(f?.check).toBe('invariants')
    if (!f) return
    const s = engine.init(f.gameSeed)
    const mask = new Uint8Array(engine.layout.size)
    for (const t of f.actions) {
      const id = engine.layout.units.includes(t.slice(5)) && t.startsWith('unit:') ? engine.layout.offset.unit + engine.layout.units.indexOf(t.slice(5)) : null
      const a = id ?? (t.startsWith('hex:') ? engine.layout.offset.hex + engine.grid.labels.indexOf(t.slice(4)) : engine.layout.choices.indexOf(t.slice(7)))
      engine.legal(s, mask)
      expect(engine.apply(s, a)).toBeNull()
    }
    expect(engine.invariants(s).length).toBeGreaterThan(0)
  })

  it('canonical JSON sorts keys and skips the given top-level key', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 0, y: 1 }], c: null }, ply: 4 }, 'ply')).toBe('{"a":{"c":null,"d":[1,{"y":1,"z":0}]},"b":1}')
  })
})
