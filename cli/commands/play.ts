// `tercio play`: complete games between agents, one row per game.
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { DEFAULT_MAX_DECISIONS, playGame, type GameRecord, type PlayOptions } from '../../agents/play.ts'
import { RandomAgent } from '../../agents/random.ts'
import type { Agent } from '../../agents/types.ts'
import type { Engine } from '../../env/core/types.ts'
import { CliError, loadEngine, parseCount, writeJson } from '../io.ts'
import { Progress } from '../progress.ts'
import { formatTable, thousands } from '../table.ts'

/** Agents by name. `seed` seeds the agent's own generator (reset per game). */
export const AGENTS: Record<string, (seed: number, engine: Engine) => Agent> = {
  random: (seed) => new RandomAgent(seed),
}

interface Args {
  ruleset?: string
  scenario?: string
  agents: string
  games: string
  seed: number
  json?: string
  maxDecisions: string
  quiet: boolean
}

export function makeAgents(spec: string, seed: number, engine: Engine): [Agent, Agent] {
  const names = spec.split(',').map((s) => s.trim())
  if (names.length !== 2 || names.some((n) => n === '')) throw new CliError(`--agents: expected two agent names separated by a comma (e.g. random,random), got "${spec}"`)
  return names.map((n, i) => {
    const make = AGENTS[n]
    if (!make) throw new CliError(`--agents: unknown agent "${n}" (known: ${Object.keys(AGENTS).join(', ')})`)
    return make(seed * 2 + i, engine)
  }) as [Agent, Agent]
}

export interface PlaySummary {
  games: number
  wins: [number, number]
  draws: number
  meanTurns: number
  meanDecisions: number
  meanLosses: [number, number]
  reasons: Record<string, number>
  decisionsPerSecond: number
}

/** Plays `games` games with seeds seed, seed+1, ...; hooks pass through to playGame (e.g. a future --record). */
export function playMany(
  engine: Engine,
  agents: [Agent, Agent],
  games: number,
  seed: number,
  hooks: Pick<PlayOptions, 'onStep' | 'onGameEnd' | 'maxDecisions'> & { onGame?(g: number, r: GameRecord): void } = {},
): { records: GameRecord[]; summary: PlaySummary } {
  const records: GameRecord[] = []
  const t0 = performance.now()
  for (let g = 0; g < games; g++) {
    const r = playGame(engine, agents, { seed: seed + g, ...hooks })
    if (!r.ok) {
      throw new CliError(`game ${g + 1} (seed ${seed + g}) failed after ${r.actions.length} decisions: ${r.error.code}: ${r.error.message}\nThis is an engine bug; reproduce with --seed ${seed + g} --games 1`, 1)
    }
    records.push(r.record)
    hooks.onGame?.(g, r.record)
  }
  const secs = (performance.now() - t0) / 1000
  const n = Math.max(1, records.length)
  const sum = (f: (r: GameRecord) => number) => records.reduce((a, r) => a + f(r), 0)
  const reasons: Record<string, number> = {}
  // Group endings by kind ("turn limit: victory points 2-1" -> "turn limit").
  for (const r of records) {
    const kind = r.outcome.reason.split(':')[0]?.trim() || r.outcome.reason
    reasons[kind] = (reasons[kind] ?? 0) + 1
  }
  const decisions = sum((r) => r.decisions)
  return {
    records,
    summary: {
      games: records.length,
      wins: [records.filter((r) => r.outcome.winner === 0).length, records.filter((r) => r.outcome.winner === 1).length],
      draws: records.filter((r) => r.outcome.winner === null).length,
      meanTurns: sum((r) => r.turns) / n,
      meanDecisions: decisions / n,
      meanLosses: [sum((r) => r.losses[0]) / n, sum((r) => r.losses[1]) / n],
      reasons,
      decisionsPerSecond: secs > 0 ? Math.round(decisions / secs) : 0,
    },
  }
}

export const playCommand: CommandModule<object, Args> = {
  command: 'play',
  describe: 'Play complete games between agents and print each result',
  builder: (y: Argv<object>) =>
    y
      .option('ruleset', { type: 'string', describe: "ruleset id (default: the scenario's)" })
      .option('scenario', { type: 'string', describe: 'built-in scenario id or path to a scenario JSON file' })
      .option('agents', { type: 'string', default: 'random,random', describe: `two agents, side 0 then side 1 (known: ${Object.keys(AGENTS).join(', ')})` })
      .option('games', { type: 'string', default: '10', describe: 'number of games' })
      .option('seed', { type: 'number', default: 1, describe: 'seed of game 1 (game g uses seed + g - 1)' })
      .option('json', { type: 'string', describe: 'write every game and the summary as JSON to FILE' })
      .option('max-decisions', { type: 'string', default: String(DEFAULT_MAX_DECISIONS), describe: 'a game longer than this is reported as an engine bug' })
      .option('quiet', { type: 'boolean', default: false, describe: 'print only the summary' })
      .example('$0 play --games 20 --seed 7', 'twenty random games on the default scenario') as unknown as Argv<Args>,
  handler: (argv: ArgumentsCamelCase<Args>) => {
    const games = parseCount(argv.games, 'games')
    const maxDecisions = parseCount(argv.maxDecisions, 'max-decisions')
    if (!Number.isInteger(argv.seed) || argv.seed < 0) throw new CliError(`--seed: expected a non-negative whole number, got ${argv.seed}`)
    const engine = loadEngine(argv.ruleset, argv.scenario)
    const agents = makeAgents(argv.agents, argv.seed, engine)
    const sides = engine.scenario.sides.map((s) => s.name)
    const bar = games > 1 && !argv.quiet ? new Progress({ label: 'play', total: games, unit: 'games' }) : null
    const { records, summary } = playMany(engine, agents, games, argv.seed, { maxDecisions, onGame: (g) => bar?.update(g + 1) })
    bar?.done()
    const winner = (r: GameRecord) => (r.outcome.winner === null ? 'draw' : `${r.outcome.winner} ${sides[r.outcome.winner] ?? ''}`.trim())
    if (!argv.quiet) {
      console.log(
        formatTable(
          ['game', 'seed', 'winner', 'reason', 'turns', 'decisions', 'score', `lost 0/${records[0]?.units[0] ?? '?'}`, `lost 1/${records[0]?.units[1] ?? '?'}`],
          records.map((r, g) => [g + 1, r.seed, winner(r), r.outcome.reason, r.turns, r.decisions, `${r.outcome.score[0]}-${r.outcome.score[1]}`, r.losses[0], r.losses[1]]),
        ),
      )
      console.log('')
    }
    console.log(`${engine.scenario.id} (${engine.ruleset}), agents ${agents[0].name} (0 ${sides[0]}) vs ${agents[1].name} (1 ${sides[1]}), ${summary.games} games`)
    console.log(
      formatTable(
        ['wins 0', 'wins 1', 'draws', 'mean turns', 'mean decisions', 'mean lost 0', 'mean lost 1', 'dec/s'],
        [[summary.wins[0], summary.wins[1], summary.draws, summary.meanTurns.toFixed(1), summary.meanDecisions.toFixed(0), summary.meanLosses[0].toFixed(2), summary.meanLosses[1].toFixed(2), thousands(summary.decisionsPerSecond)]],
      ),
    )
    console.log(`endings: ${Object.entries(summary.reasons).map(([k, v]) => `${k} ${v}`).join(', ')}`)
    if (argv.json) {
      writeJson(argv.json, {
        ruleset: engine.ruleset,
        scenario: engine.scenario.id,
        agents: agents.map((a) => a.name),
        seed: argv.seed,
        summary,
        games: records.map((r, g) => ({ game: g + 1, seed: r.seed, winner: r.outcome.winner, reason: r.outcome.reason, score: r.outcome.score, turns: r.turns, decisions: r.decisions, losses: r.losses, units: r.units })),
      })
    }
  },
}
