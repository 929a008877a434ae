import { describe, expect, it } from 'vitest'
import { playGame } from '../../agents/play.ts'
import { RandomAgent } from '../../agents/random.ts'
import { nthLegal } from '../../agents/types.ts'
import { makeAgents, playMany } from '../../cli/commands/play.ts'
import { CliError } from '../../cli/io.ts'
import { makeToyEngine } from '../helpers/toy-ruleset.ts'

describe('agents and playGame', () => {
  it('nthLegal finds the k-th legal id', () => {
    const m = Uint8Array.from([0, 1, 0, 1, 1])
    expect([0, 1, 2, 3].map((k) => nthLegal(m, k))).toEqual([1, 3, 4, -1])
  })

  it('the random agent plays legal moves from its own generator, reproducibly', () => {
    const engine = makeToyEngine()
    const a = playGame(engine, [new RandomAgent(1), new RandomAgent(2)], { seed: 5 })
    const b = playGame(engine, [new RandomAgent(1), new RandomAgent(2)], { seed: 5 })
    expect(a.ok && b.ok).toBe(true)
    if (!a.ok || !b.ok) return
    expect(a.record.actions).toEqual(b.record.actions)
    expect(engine.decision(a.record.final)).toBeNull()
    expect(a.record.outcome).toEqual(engine.outcome(a.record.final))
    // The agent never touches the game's dice: the dice count equals the rolls made by attacks.
    expect(a.record.units).toEqual([2, 2])
    expect(a.record.losses[0] + a.record.losses[1]).toBe(4 - engine.material(a.record.final)[0] - engine.material(a.record.final)[1])
  })

  it('calls the onStep and onGameEnd hooks (the seam for recording)', () => {
    const engine = makeToyEngine()
    const steps: number[] = []
    let ended = 0
    const r = playGame(engine, [new RandomAgent(3), new RandomAgent(4)], { seed: 2, collectEvents: true, onStep: (s) => steps.push(s.ply), onGameEnd: () => ended++ })
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(steps).toEqual(r.record.actions.map((_, i) => i + 1))
    expect(ended).toBe(1)
  })

  it('reports an engine that never ends as an error, not a result', () => {
    const engine = makeToyEngine()
    const r = playGame(engine, [new RandomAgent(3), new RandomAgent(4)], { seed: 2, maxDecisions: 5 })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.message).toContain('did not end within 5 decisions')
  })

  it('reports an empty mask as an error', () => {
    const r = playGame(makeToyEngine('mask-empty'), [new RandomAgent(3), new RandomAgent(4)], { seed: 2 })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.message).toContain('empty legal mask at ply 3')
  })

  it('playMany summarises games with seeds seed, seed+1, ...', () => {
    const engine = makeToyEngine()
    const { records, summary } = playMany(engine, makeAgents('random,random', 1, engine), 12, 100)
    expect(records.map((r) => r.seed)).toEqual([...Array(12).keys()].map((g) => 100 + g))
    expect(summary.games).toBe(12)
    expect(summary.wins[0] + summary.wins[1] + summary.draws).toBe(12)
    expect(Object.values(summary.reasons).reduce((a, b) => a + b, 0)).toBe(12)
  })

  it('makeAgents rejects bad specs with a usage error', () => {
    const engine = makeToyEngine()
    expect(() => makeAgents('random', 1, engine)).toThrow(CliError)
    expect(() => makeAgents('random,alphazero', 1, engine)).toThrow(/unknown agent "alphazero"/)
  })
})
