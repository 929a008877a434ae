// `tercio tournament`: a round-robin between agents (registry specs), both
// seats of every pairing with shared dice seeds, optional worker threads, a
// results table, Elo-style ratings with 95% intervals and a JSON report.
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { AGENT_KIND_NAMES, agentNames, parseAgentList } from '../../agents/registry.ts'
import { runTournament, type SeatRecord, type TournamentReport } from '../../training/tournament/tournament.ts'
import { CliError, loadEngine, parseCount, writeJson } from '../io.ts'
import { Progress } from '../progress.ts'
import { formatTable, thousands } from '../table.ts'

interface Args {
  agents: string
  ruleset?: string
  scenario?: string
  games: string
  seed: number
  workers: string
  json?: string
  maxDecisions?: string
  quiet: boolean
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`
const seatCell = (r: SeatRecord) => `${r.wins}-${r.draws}-${r.losses} (${pct(r.games ? r.wins / r.games : 0)})`
const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(0)}`

/** The report as text: standings with ratings, the cross table, and one line per pairing. */
export function formatTournament(r: TournamentReport): string {
  const order = r.agents.map((_, i) => i).sort((a, b) => r.agents[b]!.rating.elo - r.agents[a]!.rating.elo)
  const lines: string[] = []
  lines.push(`${r.scenario} (${r.ruleset}), ${r.agents.length} agents, ${r.gamesPerPairing} games per pairing (both seats, shared dice seeds), seed ${r.seed}`)
  lines.push('')
  lines.push(
    formatTable(
      ['rank', 'agent', 'elo', '95% interval', 'games', 'won', 'drawn', 'lost', 'score', 'ms/game'],
      order.map((i, rank) => {
        const a = r.agents[i]!
        return [rank + 1, a.name, signed(a.rating.elo), `${signed(a.rating.low)} .. ${signed(a.rating.high)}`, a.games, a.wins, a.draws, a.losses, pct(a.score), a.msPerGame.toFixed(1)]
      }),
    ),
  )
  lines.push('')
  lines.push('score of the row agent against the column agent (draws count half):')
  lines.push(formatTable(['', ...order.map((i) => r.agents[i]!.name)], order.map((i) => [r.agents[i]!.name, ...order.map((j) => (i === j ? '-' : r.cross[i]![j] === null ? '' : pct(r.cross[i]![j]!)))])))
  lines.push('')
  lines.push(
    formatTable(
      ['pairing', 'games', 'A wins', 'B wins', 'draws', 'A win rate', 'A as seat 0 (W-D-L)', 'A as seat 1 (W-D-L)', 'mean turns', 'endings'],
      r.pairings.map((p) => [
        `${p.a} vs ${p.b}`,
        p.games,
        p.winsA,
        p.winsB,
        p.draws,
        pct(p.games ? p.winsA / p.games : 0),
        seatCell(p.seatsA[0]),
        seatCell(p.seatsA[1]),
        p.meanTurns.toFixed(1),
        Object.entries(p.reasons)
          .map(([k, v]) => `${k} ${v}`)
          .join(', '),
      ]),
    ),
  )
  const decisions = r.games.reduce((s, g) => s + g.decisions, 0)
  lines.push('')
  lines.push(`${thousands(r.games.length)} games, ${thousands(decisions)} decisions in ${r.seconds.toFixed(1)} s on ${r.workers} worker${r.workers === 1 ? '' : 's'}`)
  lines.push('ratings: Bradley-Terry maximum likelihood on the Elo scale (mean 0, one virtual draw per pairing as a prior), 95% Wald intervals')
  return lines.join('\n')
}

export const tournamentCommand: CommandModule<object, Args> = {
  command: 'tournament',
  describe: 'Round-robin between agents with Elo-style ratings and confidence intervals',
  builder: (y: Argv<object>) =>
    y
      .option('agents', { type: 'string', default: 'random,heuristic', describe: `comma-separated agent specs (kinds: ${AGENT_KIND_NAMES.join(', ')}; e.g. search:iters=200:depth=20, ckpt:PATH)` })
      .option('ruleset', { type: 'string', describe: "ruleset id (default: the scenario's)" })
      .option('scenario', { type: 'string', describe: 'built-in scenario id or path to a scenario JSON file' })
      .option('games', { type: 'string', default: '20', describe: 'games per pairing (half on each seat, same dice seeds)' })
      .option('seed', { type: 'number', default: 1, describe: 'tournament seed (seat pair k uses dice seed seed + k)' })
      .option('workers', { type: 'string', default: '1', describe: 'worker threads (results do not depend on it)' })
      .option('json', { type: 'string', describe: 'write the full report (every game, ratings, cross table) as JSON to FILE' })
      .option('max-decisions', { type: 'string', describe: 'a game longer than this is reported as an engine bug' })
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress bar' })
      .example('$0 tournament --agents random,heuristic,search --games 40 --workers 2', 'three agents, 40 games per pairing on two threads') as unknown as Argv<Args>,
  handler: async (argv: ArgumentsCamelCase<Args>) => {
    const list = parseAgentList(argv.agents)
    if (!list.ok) throw new CliError(`--agents: ${list.error.message}`)
    if (list.value.length < 2) throw new CliError(`--agents: a tournament needs at least two agents, got "${argv.agents}"`)
    const games = parseCount(argv.games, 'games', 1)
    const workers = parseCount(argv.workers, 'workers', 1)
    const maxDecisions = argv.maxDecisions !== undefined ? parseCount(argv.maxDecisions, 'max-decisions', 1) : undefined
    if (!Number.isInteger(argv.seed) || argv.seed < 0) throw new CliError(`--seed: expected a non-negative whole number, got ${argv.seed}`)
    const engine = loadEngine(argv.ruleset, argv.scenario)
    const names = agentNames(list.value)
    const pairs = (names.length * (names.length - 1)) / 2
    const bar = argv.quiet ? null : new Progress({ label: 'tournament', total: pairs * games, unit: 'games' })
    let report: TournamentReport
    try {
      report = await runTournament({
        ruleset: engine.ruleset,
        scenario: engine.scenario,
        agents: list.value.map((s) => s.text),
        names,
        games,
        seed: argv.seed,
        workers,
        ...(maxDecisions !== undefined ? { maxDecisions } : {}),
        onGame: (done) => bar?.update(done),
      })
    } catch (e) {
      throw new CliError(e instanceof Error ? e.message : String(e), 1)
    }
    bar?.done()
    console.log(formatTournament(report))
    if (argv.json) {
      writeJson(argv.json, report)
      console.log(`report written to ${argv.json}`)
    }
  },
}

export const tournamentCommands = [tournamentCommand] as unknown as CommandModule[]
