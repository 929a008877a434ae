import { describe, expect, it } from 'vitest'
import { bindBuiltin } from '../helpers/play-to-end.ts'
import { makeHeuristic, PiwamHeuristic, GenericHeuristic } from '../../agents/heuristic/index.ts'
import { playGame } from '../../agents/play.ts'
import { RandomAgent } from '../../agents/random.ts'
import type { Agent, AgentContext } from '../../agents/types.ts'
import type { BaseState, Player } from '../../env/core/types.ts'
import { makeToyEngine } from '../helpers/toy-ruleset.ts'

/** Wraps an agent and checks every action it returns against the live mask. */
function checked(a: Agent, illegal: string[]): Agent {
  return {
    name: a.name,
    reset: (s) => a.reset?.(s),
    act(ctx: AgentContext) {
      const x = a.act(ctx)
      if (ctx.mask[x] !== 1) illegal.push(`${a.name} chose ${x} at ply ${ctx.state.ply}`)
      return x
    },
  }
}

describe('piwam heuristic', () => {
  it('is the piwam player on piwam engines and the generic one elsewhere', () => {
    expect(makeHeuristic(bindBuiltin('piwam-training'), 1)).toBeInstanceOf(PiwamHeuristic)
    expect(makeHeuristic(makeToyEngine(), 1)).toBeInstanceOf(GenericHeuristic)
  })

  it('fuzz: from many random positions on every piwam scenario it always returns a legal action', () => {
    for (const id of ['piwam-training', 'coutras-1587', 'ivry-1590']) {
      const engine = bindBuiltin(id)
      const h = makeHeuristic(engine, 7)
      const rnd = new RandomAgent(3)
      const mask = new Uint8Array(engine.layout.size)
      let asked = 0
      for (let g = 0; g < (id === 'piwam-training' ? 12 : 3); g++) {
        const s = engine.init(500 + g)
        rnd.reset(g)
        h.reset?.(g)
        // random play drives the game to varied positions; the heuristic is asked at every step
        for (let step = 0; step < 3000; step++) {
          const d = engine.decision(s)
          if (!d) break
          const n = engine.legal(s, mask)
          const ctx = { engine, state: s as BaseState, mask, legalCount: n, player: d.player as Player }
          const a = h.act(ctx)
          expect(mask[a], `${id} game ${g} ply ${s.ply} kind ${d.kind}`).toBe(1)
          asked++
          const pick = (step + g) % 3 === 0 ? a : rnd.act(ctx)
          expect(engine.apply(s, pick)).toBeNull()
        }
      }
      expect(asked).toBeGreaterThan(500)
    }
  })

  it('beats random and wins by breaking the enemy army, legally, on both seats', () => {
    const engine = bindBuiltin('piwam-training')
    const illegal: string[] = []
    let wins = 0
    let breaks = 0
    const n = 12
    for (let g = 0; g < n; g++) {
      const h = checked(makeHeuristic(engine, g), illegal)
      const r = new RandomAgent(g)
      const seat = g % 2
      const out = playGame(engine, seat === 0 ? [h, r] : [r, h], { seed: 900 + g })
      expect(out.ok).toBe(true)
      if (!out.ok) continue
      if (out.record.outcome.winner === seat) wins++
      if (/broke/.test(out.record.outcome.reason)) breaks++
    }
    expect(illegal).toEqual([])
    expect(wins).toBeGreaterThanOrEqual(10)
    expect(breaks).toBeGreaterThanOrEqual(6)
  })

  it('is deterministic under its seed (with epsilon noise too)', () => {
    const engine = bindBuiltin('piwam-training')
    const run = () => {
      const out = playGame(engine, [makeHeuristic(engine, 4, { epsilon: 0.2 }), new RandomAgent(9)], { seed: 33 })
      return out.ok ? out.record.actions : null
    }
    expect(run()).not.toBeNull()
    expect(run()).toEqual(run())
  })
})

describe('generic heuristic', () => {
  it('plays legal actions on another ruleset and beats random on the toy game more often than not', () => {
    const engine = makeToyEngine()
    const illegal: string[] = []
    let score = 0
    for (let g = 0; g < 20; g++) {
      const h = checked(new GenericHeuristic(g), illegal)
      const r = new RandomAgent(g)
      const seat = (g % 2) as Player
      const out = playGame(engine, seat === 0 ? [h, r] : [r, h], { seed: g })
      expect(out.ok).toBe(true)
      if (out.ok) score += out.record.outcome.winner === seat ? 1 : out.record.outcome.winner === null ? 0.5 : 0
    }
    expect(illegal).toEqual([])
    expect(score).toBeGreaterThan(10)
  })
})
