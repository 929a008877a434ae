import { describe, expect, it } from 'vitest'
import { CfeoHeuristic } from '../../agents/heuristic/cfeo.ts'
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { RandomAgent } from '../../agents/random.ts'
import type { Engine, Player } from '../../env/core/types.ts'
import type { CfeoEngine } from '../../env/rules/cfeo/index.ts'
import { C, type CfeoState, K, KINDS } from '../../env/rules/cfeo/state.ts'
import { bindCfeo } from '../cfeo/helpers.ts'
import { playToEnd } from '../helpers/play-to-end.ts'

describe('cfeo heuristic', () => {
  const engine = bindCfeo() as unknown as Engine
  it('is the registry heuristic for cfeo engines', () => {
    expect(makeHeuristic(engine, 1)).toBeInstanceOf(CfeoHeuristic)
  })
  it('beats random from both seats (20 games, 10 a seat)', () => {
    const wins = [0, 0]
    for (let g = 0; g < 20; g++) {
      const seat = (g % 2) as Player
      const h = new CfeoHeuristic(g)
      const r = new RandomAgent(g)
      if (playToEnd(engine, seat === 0 ? [h, r] : [r, h], 1000 + g) === seat) wins[seat]!++
    }
    // measured over 200 games (seeds 1000-1199): docs/rules/cfeo.md, Agents
    expect(wins[0]! + wins[1]!).toBeGreaterThanOrEqual(15)
    expect(wins[0]).toBeGreaterThanOrEqual(7)
    expect(wins[1]).toBeGreaterThanOrEqual(7)
  })
  it('only ever answers from the mask, falling back rarely, meeting no decision kind it does not know', () => {
    const h = new CfeoHeuristic(5)
    playToEnd(engine, [h, h], 77)
    expect(h.fallbacks).toBeLessThan(5)
    expect(h.errors).toBe(0)
    expect([...h.unknown.keys()]).toEqual([])
  })
  it('answers a decision kind it has no rule for with the choice that commits to least, else any legal action', () => {
    const e = engine as unknown as CfeoEngine
    const s = e.init(3)
    const mask = new Uint8Array(e.layout.size)
    const h = new CfeoHeuristic(1)
    // a kind from a later version of the rules (the id past the last known kind)
    const later = { ...s, kind: KINDS.length } as CfeoState
    mask[e.layout.offset.choice + C.pass] = 1
    mask[e.layout.offset.choice + C.yes] = 1
    expect(h.act({ engine, state: later, mask, legalCount: 2, player: 0 })).toBe(e.layout.offset.choice + C.pass)
    mask.fill(0)
    mask[e.layout.offset.hex + 17] = 1
    mask[e.layout.offset.hex + 40] = 1
    const a = h.act({ engine, state: later, mask, legalCount: 2, player: 0 })
    expect([e.layout.offset.hex + 17, e.layout.offset.hex + 40]).toContain(a)
    expect(h.unknown.get(`kind ${KINDS.length}`)).toBe(2)
  })
  it('plays on from the mask when it cannot read the state (no throw)', () => {
    const e = engine as unknown as CfeoEngine
    const s = e.init(3)
    // a move-kind decision whose state lacks the arrays this version reads
    const broken = { ...s, kind: K['move-kind'], sel: 0, uHex: undefined } as unknown as CfeoState
    const mask = new Uint8Array(e.layout.size)
    mask[e.layout.offset.choice + C.hold] = 1
    const h = new CfeoHeuristic(2)
    expect(h.act({ engine, state: broken, mask, legalCount: 1, player: 0 })).toBe(e.layout.offset.choice + C.hold)
    expect(h.errors).toBe(1)
    expect(h.lastError).not.toBe('')
  })
})
