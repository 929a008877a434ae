// The benchmark suite: an agent against random and the heuristic, both seats,
// on every built-in scenario and on a fixed held-out set of generated battles
// per ruleset; and the heuristic mirror over generated battles (balance).
//
// Normalised score (as Atari's human-normalised score): on a scenario an agent's
// score R is its mean game score (win 1, draw 1/2, loss 0) over its games against
// random and against the heuristic, both seats. The random agent and the heuristic
// play the same schedule (same game seeds), so per ruleset
//   normalised = (sum R_agent - sum R_random) / (sum R_heuristic - sum R_random)
// over the scenarios the agent played: 0 = random's, 1 = the heuristic's, exactly
// so for those two agents (their games are the reference games, replayed bit for bit).

import { playGame } from '../agents/play.ts'
import { createAgent } from '../agents/registry.ts'
import type { Engine, Player, RulesetId } from '../env/core/types.ts'
import { bindBattle, HELD_OUT_BASE } from '../env/gym/generated.ts'
import { bindEngine } from '../env/gym/make.ts'
import { padEngine } from '../env/gym/padded.ts'
import { BUILTIN_SCENARIOS } from '../env/scenario/builtin.ts'

export const SUITE_OPPONENTS = ['random', 'heuristic'] as const
export type SuiteOpponent = (typeof SUITE_OPPONENTS)[number]

/** One scenario of the suite: a built-in id, or a held-out generated battle. */
export interface SuiteScenario {
  readonly id: string
  readonly ruleset: RulesetId
  readonly kind: 'builtin' | 'held-out'
  bind(): Engine
}

/** Held-out generated battles: small battles of seeds 2^31 + k, never drawn by `<ruleset>-generated` resets. */
export function heldOut(ruleset: RulesetId, count: number): SuiteScenario[] {
  return Array.from({ length: count }, (_, k) => ({
    id: `${ruleset}-gen-s-${HELD_OUT_BASE + k}`,
    ruleset,
    kind: 'held-out' as const,
    bind: () => unwrap(bindBattle(ruleset, 'small', HELD_OUT_BASE + k)),
  }))
}

export function suiteScenarios(rulesets: readonly RulesetId[], heldOutPerRuleset: number): SuiteScenario[] {
  return rulesets.flatMap((r) => [
    ...BUILTIN_SCENARIOS.filter((s) => s.ruleset === r).map((s) => ({ id: s.id, ruleset: r, kind: 'builtin' as const, bind: () => unwrap(bindEngine(r, s.id)) })),
    ...heldOut(r, heldOutPerRuleset),
  ])
}

const unwrap = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

/** Games of one agent against one opponent from one seat. */
export interface SeatResult {
  readonly games: number
  readonly wins: number
  readonly draws: number
  readonly losses: number
}

export interface Interval {
  readonly lo: number
  readonly hi: number
}

/** Mean game score (win 1, draw 1/2) with its 95% Wilson interval. */
export function scoreOf(r: SeatResult): { score: number; ci: Interval } {
  const n = r.games
  if (n === 0) return { score: 0, ci: { lo: 0, hi: 1 } }
  const p = (r.wins + r.draws / 2) / n
  const z = 1.96
  const d = 1 + (z * z) / n
  const c = (p + (z * z) / (2 * n)) / d
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d
  return { score: p, ci: { lo: Math.max(0, c - h), hi: Math.min(1, c + h) } }
}

export const sum = (a: SeatResult, b: SeatResult): SeatResult => ({ games: a.games + b.games, wins: a.wins + b.wins, draws: a.draws + b.draws, losses: a.losses + b.losses })
export const EMPTY: SeatResult = { games: 0, wins: 0, draws: 0, losses: 0 }

/** Plays `spec` against `opponent` on `engine`, `games` games from each seat. Game g from seat p
 *  uses seed `seed + 2g + p`, the same for every agent scored. */
export async function playSeats(engine: Engine, spec: string, opponent: string, games: number, seed: number): Promise<[SeatResult, SeatResult]> {
  const me = unwrap(await createAgent(spec, engine, seed, spec))
  const them = unwrap(await createAgent(opponent, engine, seed + 1, opponent))
  const out: [SeatResult, SeatResult] = [EMPTY, EMPTY]
  for (const seat of [0, 1] as const) {
    for (let g = 0; g < games; g++) {
      const r = playGame(engine, seat === 0 ? [me, them] : [them, me], { seed: seed + 2 * g + seat })
      if (!r.ok) throw new Error(`${engine.scenario.id}: ${spec} vs ${opponent}, seed ${seed + 2 * g + seat}: ${r.error.message}`)
      const w = r.record.outcome.winner
      out[seat] = sum(out[seat], { games: 1, wins: w === seat ? 1 : 0, draws: w === null ? 1 : 0, losses: w === 1 - seat ? 1 : 0 })
    }
  }
  return out
}

export interface ScenarioCard {
  readonly id: string
  readonly ruleset: RulesetId
  readonly kind: SuiteScenario['kind']
  /** Why the agent could not play here (e.g. a policy trained on another interface), else null. */
  readonly skipped: string | null
  /** vs[opponent][seat] for the agent, random and the heuristic (the references). */
  readonly agent: Record<SuiteOpponent, [SeatResult, SeatResult]> | null
  readonly random: Record<SuiteOpponent, [SeatResult, SeatResult]> | null
  readonly heuristic: Record<SuiteOpponent, [SeatResult, SeatResult]> | null
}

/** R: the mean game score over both opponents and seats. */
export const meanScore = (v: Record<SuiteOpponent, [SeatResult, SeatResult]>): number => {
  const all = SUITE_OPPONENTS.flatMap((o) => v[o]).reduce(sum, EMPTY)
  return scoreOf(all).score
}

export interface RulesetScore {
  readonly ruleset: RulesetId
  readonly scenarios: number
  readonly agent: number
  readonly random: number
  readonly heuristic: number
  /** null when the heuristic scores no better than random on these scenarios. */
  readonly normalised: number | null
}

export function rulesetScores(cards: readonly ScenarioCard[]): RulesetScore[] {
  const rulesets = [...new Set(cards.map((c) => c.ruleset))]
  return rulesets.map((ruleset) => {
    const played = cards.filter((c) => c.ruleset === ruleset && c.agent && c.random && c.heuristic)
    const mean = (f: (c: ScenarioCard) => number) => (played.length === 0 ? 0 : played.reduce((s, c) => s + f(c), 0) / played.length)
    const agent = mean((c) => meanScore(c.agent!))
    const random = mean((c) => meanScore(c.random!))
    const heuristic = mean((c) => meanScore(c.heuristic!))
    const den = heuristic - random
    return { ruleset, scenarios: played.length, agent, random, heuristic, normalised: played.length > 0 && den > 1e-9 ? (agent - random) / den : null }
  })
}

export interface SuiteOptions {
  readonly agent: string
  readonly games: number
  readonly seed: number
  readonly onScenario?: (card: ScenarioCard, done: number, total: number) => void
}

/** Scores `agent` on each scenario; reference games of random and the heuristic use the same seeds. */
export async function runSuite(scenarios: readonly SuiteScenario[], o: SuiteOptions): Promise<ScenarioCard[]> {
  const cards: ScenarioCard[] = []
  for (const [i, sc] of scenarios.entries()) {
    let engine = sc.bind()
    let probe = await createAgent(o.agent, engine, o.seed, o.agent)
    if (!probe.ok) {
      // A policy trained on its ruleset's canonical interface (a `<ruleset>-generated` id or a
      // `+canonical` scenario) plays any scenario of the ruleset through the padding; the
      // reference games on the padded engine are the same games (test/gym/padded.test.ts).
      const padded = padEngine(engine)
      const again = padded.ok ? await createAgent(o.agent, padded.value, o.seed, o.agent) : null
      if (padded.ok && again?.ok) {
        engine = padded.value
        probe = again
      }
    }
    const vs = async (spec: string): Promise<Record<SuiteOpponent, [SeatResult, SeatResult]>> => ({
      random: await playSeats(engine, spec, 'random', o.games, o.seed),
      heuristic: await playSeats(engine, spec, 'heuristic', o.games, o.seed),
    })
    let card: ScenarioCard
    if (!probe.ok) card = { id: sc.id, ruleset: sc.ruleset, kind: sc.kind, skipped: probe.error.message, agent: null, random: null, heuristic: null }
    else {
      const random = await vs('random')
      const heuristic = await vs('heuristic')
      // The references are the agent's own games when it is one of them (same seeds, same games).
      const agent = o.agent === 'random' ? random : o.agent === 'heuristic' ? heuristic : await vs(o.agent)
      card = { id: engine.scenario.id, ruleset: sc.ruleset, kind: sc.kind, skipped: null, agent, random, heuristic }
    }
    cards.push(card)
    o.onScenario?.(card, i + 1, scenarios.length)
  }
  return cards
}

/** The heuristic against itself on generated battles: per battle, side 0's score over `games` dice seeds. */
export interface MirrorBattle {
  readonly seed: number
  readonly side0: SeatResult
}

export function mirrorBalance(ruleset: RulesetId, size: string, seeds: readonly number[], games: number, onBattle?: (b: MirrorBattle, done: number) => void): Promise<MirrorBattle[]> {
  return (async () => {
    const out: MirrorBattle[] = []
    for (const seed of seeds) {
      const engine = unwrap(bindBattle(ruleset, size, seed))
      const a = unwrap(await createAgent('heuristic', engine, seed, 'heuristic-0'))
      const b = unwrap(await createAgent('heuristic', engine, seed + 1, 'heuristic-1'))
      let side0 = EMPTY
      for (let g = 0; g < games; g++) {
        const r = playGame(engine, [a, b], { seed: seed * 1000 + g })
        if (!r.ok) throw new Error(`${engine.scenario.id}: ${r.error.message}`)
        const w: Player | null = r.record.outcome.winner
        side0 = sum(side0, { games: 1, wins: w === 0 ? 1 : 0, draws: w === null ? 1 : 0, losses: w === 1 ? 1 : 0 })
      }
      out.push({ seed, side0 })
      onBattle?.(out[out.length - 1] as MirrorBattle, out.length)
    }
    return out
  })()
}
