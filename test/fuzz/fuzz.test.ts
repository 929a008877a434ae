import { describe, expect, it } from 'vitest'
import { canonicalJson, formatFailure, fuzz, type FuzzCheck } from '../../env/fuzz/fuzz.ts'
import { mergeReports, shardSeed } from '../../env/fuzz/parallel.ts'
import { makeToyEngine, type ToyBug } from '../helpers/toy-ruleset.ts'
import { parseAction } from '../../env/core/actions.ts'

// The toy game's rules allow going round in circles (select, pass; a piece may move back and
// forth within a turn), so its runs leave the position-repeat check off — except the test
// that shows the check catching exactly that.
const CYCLES = { repeatEvery: 0 }

describe('fuzzer', () => {
  it('passes a correct engine, running every kind of check', () => {
    const progress: number[] = []
    const r = fuzz(makeToyEngine(), { ...CYCLES, decisions: 20_000, seed: 3, exhaustiveEvery: 100, onProgress: (d) => progress.push(d), progressEvery: 5000 })
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

  it('catches a cycle of decisions (a position met twice in a game) as a state-repeat failure', () => {
    const r = fuzz(makeToyEngine(), { decisions: 3000, seed: 3, maxFailures: 3 })
    expect(r.failuresByCheck['state-repeat']).toBeGreaterThan(0)
    const f = r.failures.find((x) => x.check === 'state-repeat')
    expect(f?.message).toMatch(/the position of decision \d+ is back .*form a cycle/)
    expect(r.checks.positionChecks).toBeGreaterThan(0)
    // Replaying the recipe reaches the same position twice (ply aside).
    const e = makeToyEngine()
    const st = e.init(f!.gameSeed)
    const seen = new Set<string>([canonicalJson(st, 'ply')])
    let repeated = false
    for (const t of f!.actions) {
      const a = parseAction(e.layout, e.grid, t)
      if (!a.ok) throw new Error(a.error.message)
      expect(e.apply(st, a.value)).toBeNull()
      const k = canonicalJson(st, 'ply')
      if (seen.has(k)) repeated = true
      seen.add(k)
    }
    expect(repeated).toBe(true)
  })

  it('is reproducible: the same seed gives the same run', () => {
    const a = fuzz(makeToyEngine(), { ...CYCLES, decisions: 3000, seed: 9 })
    const b = fuzz(makeToyEngine(), { ...CYCLES, decisions: 3000, seed: 9 })
    const c = fuzz(makeToyEngine(), { ...CYCLES, decisions: 3000, seed: 10 })
    expect([a.games, a.wins, a.draws, a.maxGameLength]).toEqual([b.games, b.wins, b.draws, b.maxGameLength])
    expect([a.games, a.wins, a.maxGameLength]).not.toEqual([c.games, c.wins, c.maxGameLength])
  })

  it('plays the same games whatever the check rates', () => {
    const off = { illegalPerStep: 0, exhaustiveEvery: 0, cloneEvery: 0, serialiseEvery: 0, replayEvery: 0, collisionEvery: 0, viewEvery: 0, repeatEvery: 0 }
    const a = fuzz(makeToyEngine(), { ...CYCLES, decisions: 5000, seed: 4 })
    const b = fuzz(makeToyEngine(), { ...CYCLES, decisions: 5000, seed: 4, ...off })
    expect([b.games, b.wins, b.draws, b.maxGameLength, b.meanGameLength]).toEqual([a.games, a.wins, a.draws, a.maxGameLength, a.meanGameLength])
    expect(b.checks.illegalTried + b.checks.cloneChecks + b.checks.serialiseChecks + b.checks.replays + b.checks.collisionChecks + b.checks.exhaustiveSteps + b.checks.viewChecks + b.checks.positionChecks).toBe(0)
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
      const r = fuzz(makeToyEngine(bug), { ...CYCLES, decisions: 20_000, seed: 1, maxFailures: 3 })
      expect(r.failureCount).toBeGreaterThan(0)
      expect(r.failuresByCheck[check]).toBeGreaterThan(0)
      const f = r.failures.find((x) => x.check === check)
      expect(f).toBeDefined()
      if (!f) return
      expect(f.actions.length).toBe(f.step)
      expect(formatFailure(f)).toContain(`recipe: init(${f.gameSeed})`)
    })
  }

  it('catches an encoder that leaves entries unwritten, and an empty event description', () => {
    const toy = makeToyEngine()
    const lazy = { ...toy, encode: (s: Parameters<typeof toy.encode>[0], p: 0 | 1, out: Parameters<typeof toy.encode>[2]) => {
      toy.encode(s, p, out)
      if (p === 1) out.globals[1] = NaN
    } }
    const r = fuzz(lazy, { ...CYCLES, decisions: 2000, seed: 1 })
    expect(r.failuresByCheck.view).toBeGreaterThan(0)
    expect(r.failures[0]?.message).toContain('encode(player 1) left globals[1] = NaN')
    const mute = { ...toy, describe: () => '' }
    const m = fuzz(mute, { ...CYCLES, decisions: 2000, seed: 1 })
    expect(m.failures[0]?.message).toMatch(/^describe\(/)
  })

  it('an engine that throws is a failure naming the action and where it threw', () => {
    const toy = makeToyEngine()
    const thrower = { ...toy, apply: (st: Parameters<typeof toy.apply>[0], a: number, ev?: Parameters<typeof toy.apply>[2]) => {
      if (st.ply === 4 && a >= toy.layout.offset.hex) throw new TypeError('boom')
      return toy.apply(st, a, ev)
    } }
    const r = fuzz(thrower, { ...CYCLES, decisions: 500, seed: 1, maxFailures: 1 })
    expect(r.failuresByCheck.threw).toBeGreaterThan(0)
    const f = r.failures[0]
    expect(f?.message).toMatch(/^the engine threw: TypeError: boom \| +at /)
    expect(f?.action).toMatch(/^hex:/)
    expect(f?.step).toBe(4)
  })

  it('the recipe reproduces the failing state', () => {
    const engine = makeToyEngine('invariant')
    const r = fuzz(engine, { ...CYCLES, decisions: 5000, seed: 2, maxFailures: 1 })
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

  it('merges shard reports: sums, maxima, weighted means, failures kept with their seeds', () => {
    const a = fuzz(makeToyEngine(), { ...CYCLES, decisions: 3000, seed: shardSeed(8, 0) })
    const b = fuzz(makeToyEngine('invariant'), { ...CYCLES, decisions: 2000, seed: shardSeed(8, 1), maxFailures: 2 })
    expect(shardSeed(8, 0)).toBe(8)
    expect(shardSeed(8, 1)).not.toBe(8)
    const m = mergeReports([a, b], 8, 5)
    expect(m.seed).toBe(8)
    expect(m.decisions).toBe(5000)
    expect(m.games).toBe(a.games + b.games)
    expect(m.wins).toEqual([a.wins[0] + b.wins[0], a.wins[1] + b.wins[1]])
    expect(m.checks.illegalTried).toBe(a.checks.illegalTried + b.checks.illegalTried)
    expect(m.maxGameLength).toBe(Math.max(a.maxGameLength, b.maxGameLength))
    expect(m.failureCount).toBe(b.failureCount)
    expect(m.failuresByCheck.invariants).toBe(b.failuresByCheck.invariants)
    expect(m.failures).toEqual(b.failures.slice(0, 5))
    expect(m.shards).toEqual([{ seed: 8, decisions: 3000 }, { seed: shardSeed(8, 1), decisions: 2000 }])
    expect(a.failures).toEqual([])
  })
})
