// One game between two agents to its end, each agent reset with the game seed, every chosen
// action checked legal by the mask; returns the winner (null: a draw). Shared by the
// heuristic-v-random tests of the rulesets.
import { expect } from 'vitest'
import type { Agent } from '../../agents/types.ts'
import type { Engine, Player } from '../../env/core/types.ts'
import { getRuleset } from '../../env/rules/index.ts'
import { builtinScenario } from '../../env/scenario/builtin.ts'

export function bindBuiltin(id: string): Engine {
  const sc = builtinScenario(id)
  if (!sc.ok) throw new Error(sc.error.message)
  const rs = getRuleset(sc.value.ruleset)
  if (!rs.ok) throw new Error(rs.error.message)
  const b = rs.value.bind(sc.value)
  if (!b.ok) throw new Error(b.error.message)
  return b.value
}

export function playToEnd(engine: Engine, agents: readonly [Agent, Agent], seed: number): Player | null {
  const mask = new Uint8Array(engine.layout.size)
  const s = engine.init(seed)
  for (const a of agents) a.reset?.(seed)
  for (let d = engine.decision(s); d; d = engine.decision(s)) {
    const n = engine.legal(s, mask)
    const a = (agents[d.player] as Agent).act({ engine, state: s, mask, legalCount: n, player: d.player as Player })
    expect(mask[a]).toBe(1)
    const e = engine.apply(s, a)
    if (e) throw new Error(e.message)
  }
  const o = engine.outcome(s)
  if (!o) throw new Error('game ended without an outcome')
  return o.winner
}
