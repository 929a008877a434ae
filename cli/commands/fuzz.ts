// `tercio fuzz`: random legal games with the engine's contract checked after
// every step (env/fuzz/fuzz.ts documents each check and its sampling rate).
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { DEFAULT_RATES, formatFailure, fuzz, type FuzzReport } from '../../env/fuzz/fuzz.ts'
import { fuzzParallel } from '../../env/fuzz/parallel.ts'
import { CliError, loadEngine, parseCount, scenarioIdsFor, writeJson } from '../io.ts'
import { Progress } from '../progress.ts'
import { formatTable, thousands } from '../table.ts'

interface Args {
  ruleset?: string
  scenario?: string
  decisions: string
  seed: number
  json?: string
  illegalPerStep: number
  exhaustiveEvery: number
  cloneEvery: number
  serialiseEvery: number
  replayEvery: number
  collisionEvery: number
  repeatEvery: number
  viewEvery: number
  maxFailures: number
  maxGameDecisions: string
  progress: boolean
  workers: number
}

export const fuzzCommand: CommandModule<object, Args> = {
  command: 'fuzz',
  describe: 'Fuzz an engine: random legal games, its contract checked after every step',
  builder: (y: Argv<object>) =>
    y
      .option('ruleset', { type: 'string', describe: 'ruleset id (default: the scenario\'s)' })
      .option('scenario', { type: 'string', describe: 'built-in scenario id, path to a scenario JSON file, or "all" (every built-in scenario of the ruleset)' })
      .option('decisions', { type: 'string', default: '100000', describe: 'decisions per scenario (accepts 1e6, 1m, 250k)' })
      .option('seed', { type: 'number', default: 1, describe: 'run seed (games, actions and samples all derive from it)' })
      .option('json', { type: 'string', describe: 'write the report as JSON to FILE' })
      .option('illegal-per-step', { type: 'number', default: DEFAULT_RATES.illegalPerStep, describe: 'masked-out actions tried per step' })
      .option('exhaustive-every', { type: 'number', default: DEFAULT_RATES.exhaustiveEvery, describe: 'steps between trying every action id (0 = never)' })
      .option('clone-every', { type: 'number', default: DEFAULT_RATES.cloneEvery, describe: 'steps between clone round-trip + lock-step checks (0 = never)' })
      .option('serialise-every', { type: 'number', default: DEFAULT_RATES.serialiseEvery, describe: 'steps between JSON serialise round-trips (0 = never)' })
      .option('replay-every', { type: 'number', default: DEFAULT_RATES.replayEvery, describe: 'finished games between determinism replays (0 = never)' })
      .option('collision-every', { type: 'number', default: DEFAULT_RATES.collisionEvery, describe: 'steps between hash-collision samples (0 = never)' })
      .option('repeat-every', { type: 'number', default: DEFAULT_RATES.repeatEvery, describe: 'steps between position-repeat checks: a position met twice in a game is a cycle (0 = never)' })
      .option('view-every', { type: 'number', default: DEFAULT_RATES.viewEvery, describe: 'steps between view/ascii/encode/describe checks (0 = never)' })
      .option('max-failures', { type: 'number', default: 10, describe: 'failures reported in detail (all are counted)' })
      .option('max-game-decisions', { type: 'string', default: '1000000', describe: 'a game longer than this is a failure' })
      .option('workers', { type: 'number', default: 1, describe: 'worker threads; the decisions are split into shards with derived seeds (1 = in-process)' })
      .option('progress', { type: 'boolean', default: true, describe: 'show progress on stderr (--no-progress to hide)' })
      .example('$0 fuzz --decisions 1e6 --seed 7', 'a million decisions on the default scenario')
      .example('$0 fuzz --ruleset piwam --scenario all --decisions 1e6 --json out/fuzz.json', 'every built-in piwam scenario') as unknown as Argv<Args>,
  handler: async (argv: ArgumentsCamelCase<Args>) => {
    const decisions = parseCount(argv.decisions, 'decisions')
    const maxGameDecisions = parseCount(argv.maxGameDecisions, 'max-game-decisions')
    for (const k of ['illegalPerStep', 'exhaustiveEvery', 'cloneEvery', 'serialiseEvery', 'replayEvery', 'collisionEvery', 'repeatEvery', 'viewEvery', 'maxFailures', 'workers'] as const) {
      if (!Number.isInteger(argv[k]) || argv[k] < 0) throw new CliError(`--${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}: expected a non-negative whole number, got ${argv[k]}`)
    }
    if (argv.workers < 1) throw new CliError('--workers: expected at least 1')
    if (!Number.isInteger(argv.seed) || argv.seed < 0) throw new CliError(`--seed: expected a non-negative whole number, got ${argv.seed}`)
    const scenarios = argv.scenario === 'all' ? scenarioIdsFor(argv.ruleset ?? 'piwam') : [argv.scenario]
    const reports: FuzzReport[] = []
    for (const sc of scenarios) {
      const engine = loadEngine(argv.ruleset, sc)
      const bar = argv.progress ? new Progress({ label: `fuzz ${engine.scenario.id}`, total: decisions, unit: 'decisions' }) : null
      const fuzzOpts = {
        decisions,
        seed: argv.seed,
        illegalPerStep: argv.illegalPerStep,
        exhaustiveEvery: argv.exhaustiveEvery,
        cloneEvery: argv.cloneEvery,
        serialiseEvery: argv.serialiseEvery,
        replayEvery: argv.replayEvery,
        collisionEvery: argv.collisionEvery,
        repeatEvery: argv.repeatEvery,
        viewEvery: argv.viewEvery,
        maxFailures: argv.maxFailures,
        maxGameDecisions,
        progressEvery: 1000,
      }
      const report =
        argv.workers > 1
          ? await fuzzParallel(engine.ruleset, engine.scenario, fuzzOpts, argv.workers, (p) => bar?.update(p.done, `games ${thousands(p.games)} failures ${p.failures}`))
          : fuzz(engine, { ...fuzzOpts, onProgress: (done, _total, r) => bar?.update(done, `games ${thousands(r.games)} failures ${r.failureCount}`) })
      bar?.done()
      reports.push(report)
      for (const f of report.failures) console.log(formatFailure(f))
      if (report.failureCount > report.failures.length) console.log(`... and ${report.failureCount - report.failures.length} more failures`)
    }
    console.log(
      formatTable(
        ['ruleset', 'scenario', 'decisions', 'games', 'finished', 'wins 0', 'wins 1', 'draws', 'mean len', 'max len', 'dec/s', 'failures'],
        reports.map((r) => [r.ruleset, r.scenario, r.decisions, r.games, r.gamesFinished, r.wins[0], r.wins[1], r.draws, r.meanGameLength, r.maxGameLength, r.decisionsPerSecond, r.failureCount]),
      ),
    )
    console.log('')
    console.log(
      formatTable(
        ['scenario', 'illegal tried', 'clone', 'serialise', 'collision', 'positions', 'view', 'exhaustive steps', 'exhaustive ids', 'replays', 'replayed dec.'],
        reports.map((r) => [r.scenario, r.checks.illegalTried, r.checks.cloneChecks, r.checks.serialiseChecks, r.checks.collisionChecks, r.checks.positionChecks, r.checks.viewChecks, r.checks.exhaustiveSteps, r.checks.exhaustiveActions, r.checks.replays, r.checks.replayedDecisions]),
      ),
    )
    const failures = reports.reduce((n, r) => n + r.failureCount, 0)
    console.log(`\n${failures === 0 ? 'PASS' : 'FAIL'}: ${thousands(reports.reduce((n, r) => n + r.decisions, 0))} decisions, ${failures} failures`)
    for (const r of reports) {
      if (r.failureCount > 0) console.log(`reproduce: tercio fuzz --ruleset ${r.ruleset} --scenario ${argv.scenario === undefined || argv.scenario === 'all' ? r.scenario : argv.scenario} --decisions ${decisions} --seed ${argv.seed}${argv.workers > 1 ? ` --workers ${argv.workers}` : ''}`)
    }
    if (argv.json) writeJson(argv.json, { seed: argv.seed, decisions, workers: argv.workers, reports })
    if (failures > 0) process.exitCode = 1
  },
}

