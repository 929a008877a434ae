// `tercio play`: complete games between agents, one row per game; `--record DIR`
// writes each game as a tercio-replay/1 file (verify with `tercio replay verify`).
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { DEFAULT_MAX_DECISIONS, playGame, type GameRecord, type PlayOptions } from '../../agents/play.ts'
import { AGENT_KIND_NAMES, agentNames, createAgent, makeAgent, parseAgentList } from '../../agents/registry.ts'
import type { Agent } from '../../agents/types.ts'
import type { Engine, Player } from '../../env/core/types.ts'
import { ReplayRecorder } from '../../env/gym/replay.ts'
import { CliError, loadEngine, parseCount, writeJson } from '../io.ts'
import { Progress } from '../progress.ts'
import { formatTable, thousands } from '../table.ts'
import { writeReplayFile } from './gym.ts'

interface Args {
  ruleset?: string
  scenario?: string
  agents: string
  games: string
  seed: number
  json?: string
  record?: string
  maxDecisions: string
  quiet: boolean
}

/** Built-in agents by name, each seeded (reset per game). For callers that want a plain factory (e.g. the web viewer). */
export const AGENTS: Record<string, (seed: number, engine: Engine) => Agent> = Object.fromEntries(
  (['random', 'heuristic', 'search'] as const).map((k) => [
    k,
    (seed: number, engine: Engine): Agent => {
      const a = makeAgent(k, engine, seed)
      if (!a.ok) throw new Error(a.error.message)
      return a.value
    },
  ]),
)

function agentSpecs(spec: string) {
  const list = parseAgentList(spec)
  if (!list.ok) throw new CliError(`--agents: ${list.error.message}`)
  if (list.value.length !== 2) throw new CliError(`--agents: expected two agents separated by a comma (e.g. random,heuristic), got "${spec}"`)
  const names = agentNames(list.value)
  return { specs: list.value, names }
}

/** The two agents of `--agents A,B` (built-in kinds; see makeAgentsAsync for ckpt:PATH). Seat i is seeded seed * 2 + i. */
export function makeAgents(spec: string, seed: number, engine: Engine): [Agent, Agent] {
  const { specs, names } = agentSpecs(spec)
  return specs.map((sp, i) => {
    const a = makeAgent(sp, engine, seed * 2 + i, names[i])
    if (!a.ok) throw new CliError(`--agents: ${a.error.message}`)
    return a.value
  }) as [Agent, Agent]
}

/** As makeAgents, for any agent kind including checkpoints. */
export async function makeAgentsAsync(spec: string, seed: number, engine: Engine): Promise<[Agent, Agent]> {
  const { specs, names } = agentSpecs(spec)
  const out: Agent[] = []
  for (let i = 0; i < 2; i++) {
    const a = await createAgent(specs[i]!, engine, seed * 2 + i, names[i])
    if (!a.ok) throw new CliError(`--agents: ${a.error.message}`)
    out.push(a.value)
  }
  return out as [Agent, Agent]
}

/** Hooks that record every game of playMany as a replay file in `dir`; returns the hooks and the written paths. */
export function replayRecorder(engine: Engine, agents: readonly [Agent, Agent], dir: string): { hooks: Pick<PlayOptions, 'onStep' | 'onGameEnd'> & { onGameStart(seed: number): void }; files: string[] } {
  const files: string[] = []
  let rec: ReplayRecorder | null = null
  let seed = 0
  return {
    files,
    hooks: {
      onGameStart(s: number) {
        seed = s
        rec = new ReplayRecorder(engine, s, engine.init(s), { meta: { agents: agents.map((a) => a.name), recordedBy: 'tercio play' } })
      },
      onStep(info) {
        rec?.push(info.action, info.player as Player, engine.hash(info.state))
      },
      onGameEnd(r) {
        if (!rec) return
        rec.finish(r.outcome)
        files.push(writeReplayFile(dir, rec.replay({ seed, decisions: r.decisions })))
        rec = null
      },
    },
  }
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
  hooks: Pick<PlayOptions, 'onStep' | 'onGameEnd' | 'maxDecisions'> & { onGame?(g: number, r: GameRecord): void; onGameStart?(seed: number): void } = {},
): { records: GameRecord[]; summary: PlaySummary } {
  const records: GameRecord[] = []
  const t0 = performance.now()
  const { onGame: _g, onGameStart, ...play } = hooks
  for (let g = 0; g < games; g++) {
    onGameStart?.(seed + g)
    const r = playGame(engine, agents, { seed: seed + g, ...play })
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
      .option('agents', { type: 'string', default: 'random,random', describe: `two agents, side 0 then side 1 (kinds: ${AGENT_KIND_NAMES.join(', ')}; e.g. heuristic, search:iters=200, ckpt:PATH)` })
      .option('games', { type: 'string', default: '10', describe: 'number of games' })
      .option('seed', { type: 'number', default: 1, describe: 'seed of game 1 (game g uses seed + g - 1)' })
      .option('json', { type: 'string', describe: 'write every game and the summary as JSON to FILE' })
      .option('record', { type: 'string', describe: 'write each game as a tercio-replay/1 JSON file into folder DIR' })
      .option('max-decisions', { type: 'string', default: String(DEFAULT_MAX_DECISIONS), describe: 'a game longer than this is reported as an engine bug' })
      .option('quiet', { type: 'boolean', default: false, describe: 'print only the summary' })
      .example('$0 play --games 20 --seed 7', 'twenty random games on the default scenario')
      .example('$0 play --agents heuristic,random --games 4 --record replays/', 'record four games as replays') as unknown as Argv<Args>,
  handler: async (argv: ArgumentsCamelCase<Args>) => {
    const games = parseCount(argv.games, 'games', 1)
    const maxDecisions = parseCount(argv.maxDecisions, 'max-decisions')
    if (!Number.isInteger(argv.seed) || argv.seed < 0) throw new CliError(`--seed: expected a non-negative whole number, got ${argv.seed}`)
    const engine = loadEngine(argv.ruleset, argv.scenario)
    const agents = await makeAgentsAsync(argv.agents, argv.seed, engine)
    const sides = engine.scenario.sides.map((s) => s.name)
    const bar = games > 1 && !argv.quiet ? new Progress({ label: 'play', total: games, unit: 'games' }) : null
    const recorder = argv.record ? replayRecorder(engine, agents, argv.record) : null
    const { records, summary } = playMany(engine, agents, games, argv.seed, { maxDecisions, onGame: (g) => bar?.update(g + 1), ...(recorder?.hooks ?? {}) })
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
    if (recorder) console.log(`recorded ${recorder.files.length} replay${recorder.files.length === 1 ? '' : 's'} in ${argv.record} (check with: tercio replay verify ${argv.record}/*.json)`)
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
