import { describe, expect, it } from 'vitest'
import { bindBuiltin } from '../helpers/play-to-end.ts'
import { MarignanHeuristic, makeMarignanHeuristic } from '../../agents/heuristic/marignan.ts'
import { RandomAgent } from '../../agents/random.ts'
import type { Agent } from '../../agents/types.ts'
import type { BaseState, Engine, Player } from '../../env/core/types.ts'
import { marignanContext } from '../../env/rules/marignan/index.ts'
import { C, FRENCH, K, S_WAIT, type MState } from '../../env/rules/marignan/state.ts'

const FIRST_DAY = 'marignan-1515-first-day'

/** Plays one game; returns the winner (null draw) and the actions taken. */
function play(engine: Engine, agents: readonly [Agent, Agent], seed: number): { winner: Player | null; actions: number[] } {
  const mask = new Uint8Array(engine.layout.size)
  const s = engine.init(seed)
  const actions: number[] = []
  for (let d = engine.decision(s); d; d = engine.decision(s)) {
    const n = engine.legal(s, mask)
    const a = (agents[d.player] as Agent).act({ engine, state: s, mask, legalCount: n, player: d.player as Player })
    expect(mask[a], `game ${seed} ply ${s.ply} kind ${d.kind}`).toBe(1)
    const e = engine.apply(s, a)
    if (e) throw new Error(e.message)
    actions.push(a)
  }
  const o = engine.outcome(s)
  if (!o) throw new Error('game ended without an outcome')
  return { winner: o.winner, actions }
}

describe('marignan heuristic', () => {
  const engine = bindBuiltin(FIRST_DAY)

  it('fuzz: from positions reached by random play, on both scenarios, it always answers legally', () => {
    for (const id of [FIRST_DAY, 'marignan-1515-two-days']) {
      const e = id === FIRST_DAY ? engine : bindBuiltin(id)
      const mask = new Uint8Array(e.layout.size)
      const kinds = new Set<string>()
      for (let g = 0; g < 6; g++) {
        const h = [makeMarignanHeuristic(g), makeMarignanHeuristic(g + 100)] as const
        const rnd = new RandomAgent(g)
        const s: BaseState = e.init(700 + g)
        for (let step = 0; step < 4000; step++) {
          const d = e.decision(s)
          if (!d) break
          const n = e.legal(s, mask)
          const ctx = { engine: e, state: s, mask, legalCount: n, player: d.player as Player }
          const a = (h[d.player] as Agent).act(ctx)
          expect(mask[a], `${id} game ${g} ply ${s.ply} kind ${d.kind}`).toBe(1)
          kinds.add(d.kind)
          // random play one step in three so the heuristic is asked in positions it would not reach itself
          const pick = (step + g) % 3 !== 0 ? a : rnd.act(ctx)
          const r = e.apply(s, pick)
          if (r) throw new Error(r.message)
        }
      }
      // the mix reaches (nearly) every decision kind: move, fire, melee, losses, hedgehog, retreat, advance...
      expect(kinds.size).toBeGreaterThanOrEqual(id === FIRST_DAY ? 12 : 15)
    }
  }, 120_000)

  it('answers every decision of a heuristic-vs-heuristic game from its rules (no random fallback)', () => {
    const h = [new MarignanHeuristic(3), new MarignanHeuristic(4)] as const
    const r = play(engine, h, 21)
    expect(r.actions.length).toBeGreaterThan(500)
    expect(h[0].fallbacks + h[1].fallbacks).toBe(0)
  }, 60_000)

  it('is deterministic under a seed', () => {
    const a = play(engine, [makeMarignanHeuristic(5), makeMarignanHeuristic(6)], 42)
    const b = play(engine, [makeMarignanHeuristic(5), makeMarignanHeuristic(6)], 42)
    expect(b.actions).toEqual(a.actions)
    expect(a.actions.length).toBeGreaterThan(100)
  }, 60_000)

  it('gives (almost) no General Retreat Orders, where random play gives many', () => {
    const wingLo = engine.layout.offset.wing
    const wingHi = engine.layout.offset.unit
    const orders = (acts: number[]): number => acts.filter((x) => x >= wingLo && x < wingHi).length
    let mine = 0
    let random = 0
    for (let g = 0; g < 3; g++) {
      mine += orders(play(engine, [makeMarignanHeuristic(g), makeMarignanHeuristic(g + 10)], 9 + g).actions)
      random += orders(play(engine, [new RandomAgent(g), new RandomAgent(g + 10)], 9 + g).actions)
    }
    expect(mine).toBeLessThanOrEqual(1)
    expect(random).toBeGreaterThanOrEqual(5)
  }, 60_000)

  it('as French never leaves a unit on the Swiss road entry hex while Swiss units wait to come on by it (14.1)', () => {
    // a French unit there bars the column for good: the Swiss army cannot be demoralised and the game is drawn
    // (the cause of most French draws against random Swiss before this rule: game 8002 here was one)
    const cx = marignanContext(engine.scenario)
    if (!cx.ok) throw new Error(cx.error.message)
    const c = cx.value
    const mask = new Uint8Array(engine.layout.size)
    let checked = 0
    let waitingChecks = 0
    for (let g = 0; g < 10; g++) {
      const agents = [new RandomAgent(1000 + g), makeMarignanHeuristic(g)] as const
      const s = engine.init(8000 + g) as MState
      for (let d = engine.decision(s); d; d = engine.decision(s)) {
        const n = engine.legal(s, mask)
        const a = (agents[d.player] as Agent).act({ engine, state: s, mask, legalCount: n, player: d.player as Player })
        const endOfFrenchMove = d.player === FRENCH && s.dk === K.move && a === C.end
        const e = engine.apply(s, a)
        if (e) throw new Error(e.message)
        if (!endOfFrenchMove) continue
        checked++
        let waiting = false
        for (let u = 0; u < c.nU; u++) if (c.uWaitVia[u] === 1 && s.st[u] === S_WAIT) waiting = true
        if (!waiting) continue
        waitingChecks++
        for (let u = 0; u < c.nU; u++) if (c.uSide[u] === FRENCH) expect(s.hex[u], `game ${8000 + g} turn ${s.turn}: unit ${u}`).not.toBe(c.entryRoad)
      }
    }
    expect(checked).toBeGreaterThan(30)
    expect(waitingChecks).toBeGreaterThan(10)
  }, 120_000)

  it('beats random from both seats in a seeded sample', () => {
    // measured over 100 games (docs/agents-marignan.md): as Swiss 100 wins; as French 80 wins, 20 draws, 0 losses
    let swissWins = 0
    let frenchLosses = 0
    let frenchWins = 0
    const n = 8
    for (let g = 0; g < n; g++) {
      if (play(engine, [makeMarignanHeuristic(g), new RandomAgent(g)], 300 + g).winner === 0) swissWins++
      const w = play(engine, [new RandomAgent(g), makeMarignanHeuristic(g)], 400 + g).winner
      if (w === 0) frenchLosses++
      if (w === 1) frenchWins++
    }
    // this seeded sample gives 8/8 Swiss wins and 8/8 French wins (7/8 before the French kept the Swiss entry hex free)
    expect(swissWins).toBeGreaterThanOrEqual(n - 1)
    expect(frenchLosses).toBe(0)
    expect(frenchWins).toBeGreaterThanOrEqual(4)
  }, 120_000)
})

describe('marignan heuristic on marignan-training', () => {
  const engine = bindBuiltin('marignan-training')

  it('answers every decision of heuristic-vs-heuristic games from its rules (no random fallback)', () => {
    for (let g = 0; g < 4; g++) {
      const h = [new MarignanHeuristic(g), new MarignanHeuristic(g + 50)] as const
      const r = play(engine, h, 10000 + g)
      expect(r.actions.length).toBeGreaterThan(50)
      expect(h[0].fallbacks + h[1].fallbacks).toBe(0)
    }
  }, 60_000)

  it('beats random from both seats (20 games, 10 a seat)', () => {
    // measured (docs/scenarios/marignan-training.md): 100 of 100 as the Swiss and 100 of 100 as the French
    let wins = 0
    for (let g = 0; g < 20; g++) {
      const seat = (g % 2) as Player
      const h = makeMarignanHeuristic(g)
      const r = new RandomAgent(g)
      const agents: [Agent, Agent] = seat === 0 ? [h, r] : [r, h]
      if (play(engine, agents, 500 + g).winner === seat) wins++
    }
    expect(wins).toBeGreaterThanOrEqual(19)
  }, 60_000)
})
