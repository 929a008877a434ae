// Gym-layer commands, registered by cli/main.ts: check-env, replay verify/show, bench.
import { mkdirSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { runBench, machine, type BenchResult } from '../../bench/bench.ts'
import type { Engine } from '../../env/core/types.ts'
import { checkEnv, formatCheckReport, type CheckReport } from '../../env/gym/check.ts'
import { engineForReplay } from '../../env/gym/make.ts'
import { parseReplay, replayFileName, showReplay, verifyReplay, type Replay } from '../../env/gym/replay.ts'
import type { EngineSource } from '../../env/gym/source.ts'
import { CliError, loadEngine, parseCount, readJsonFile, scenarioIdsFor, writeJson } from '../io.ts'
import { Progress } from '../progress.ts'
import { formatTable, thousands } from '../table.ts'

/** Writes a replay into `dir` (created) under replayFileName; returns the path. For `play --record DIR`. */
export function writeReplayFile(dir: string, replay: Replay): string {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, replayFileName(replay))
  writeJson(file, replay)
  return file
}

function loadReplay(file: string): Replay {
  const j = readJsonFile(file)
  if (!j.ok) throw new CliError(j.message, 1)
  const r = parseReplay(j.value)
  if (!r.ok) throw new CliError(`${file}: ${r.error.code}: ${r.error.message}`, 1)
  return r.value
}

/** --scenario as a list: "all" (every built-in of the ruleset), ids or files joined by commas (compared side by side in one run), or one. */
function scenarioList(arg: string | undefined, ruleset: string | undefined): (string | undefined)[] {
  if (arg === 'all') return scenarioIdsFor(ruleset ?? 'piwam')
  return arg === undefined ? [undefined] : arg.split(',').filter((x) => x !== '')
}

/** The engine to re-simulate a replay on: --scenario when given, else its inline or built-in scenario. */
function replayEngine(file: string, r: Replay, scenarioArg: string | undefined): Engine {
  if (scenarioArg !== undefined) return loadEngine(r.ruleset, scenarioArg)
  const e = engineForReplay(r)
  if (!e.ok) throw new CliError(`${file}: ${e.error.code}: ${e.error.message} (give --scenario FILE if it was not a built-in one)`, 1)
  return e.value
}

interface CheckArgs {
  ruleset?: string
  scenario?: string
  episodes: number
  maxDecisions: string
  seed: number
  json?: string
}

const checkEnvCommand: CommandModule<object, CheckArgs> = {
  command: 'check-env',
  describe: 'Check the env contract on a ruleset and scenario: shapes and dtypes vs the spec, mask vs rules, determinism, reset/step, rewards, termination',
  builder: (y: Argv<object>) =>
    y
      .option('ruleset', { type: 'string', describe: "ruleset id (default: the scenario's)" })
      .option('scenario', { type: 'string', describe: 'built-in scenario id, a scenario JSON file, several joined by commas, or "all" (every built-in of the ruleset)' })
      .option('episodes', { type: 'number', default: 8, describe: 'random episodes to play' })
      .option('max-decisions', { type: 'string', default: '5000', describe: 'decision limit per episode' })
      .option('seed', { type: 'number', default: 1, describe: 'seed of the episodes and samples' })
      .option('json', { type: 'string', describe: 'write the reports as JSON to FILE' })
      .example('$0 check-env', 'the default scenario')
      .example('$0 check-env --ruleset piwam --scenario all', 'every built-in piwam scenario') as unknown as Argv<CheckArgs>,
  handler: (argv: ArgumentsCamelCase<CheckArgs>) => {
    if (!Number.isInteger(argv.episodes) || argv.episodes < 1) throw new CliError(`--episodes: expected a positive whole number, got ${argv.episodes}`)
    const maxDecisions = parseCount(argv.maxDecisions, 'max-decisions')
    const scenarios = scenarioList(argv.scenario, argv.ruleset)
    const reports: { ruleset: string; scenario: string; report: CheckReport }[] = []
    for (const sc of scenarios) {
      const engine = loadEngine(argv.ruleset, sc)
      console.log(`check-env ${engine.ruleset} / ${engine.scenario.id}`)
      const t0 = performance.now()
      const bar = new Progress({ label: `check-env ${engine.scenario.id}`, total: argv.episodes, unit: 'episodes', plainEvery: 5 })
      const report = checkEnv(engine, { episodes: argv.episodes, maxDecisions: Math.max(1, maxDecisions), seed: argv.seed, onEpisode: (done) => bar.update(done) })
      bar.done()
      report.stats.ms = Math.round(performance.now() - t0)
      console.log(formatCheckReport(report) + '\n')
      reports.push({ ruleset: engine.ruleset, scenario: engine.scenario.id, report })
    }
    if (argv.json) writeJson(argv.json, { format: 'tercio-check-env/1', reports })
    if (reports.some((r) => !r.report.ok)) process.exitCode = 1
  },
}

interface ReplayArgs {
  files: string[]
  scenario?: string
  board: boolean
}

const replayVerify: CommandModule<object, ReplayArgs> = {
  command: 'verify <files..>',
  describe: 'Re-simulate replays and check every state hash and the outcome',
  builder: (y: Argv<object>) =>
    y
      .positional('files', { type: 'string', array: true, describe: 'replay JSON files' })
      .option('scenario', { type: 'string', describe: 'scenario file to use instead of the replay\'s inline or built-in one' }) as unknown as Argv<ReplayArgs>,
  handler: (argv: ArgumentsCamelCase<ReplayArgs>) => {
    let bad = 0
    for (const file of argv.files) {
      try {
        const r = loadReplay(file)
        const v = verifyReplay(r, replayEngine(file, r, argv.scenario))
        if (v.ok) {
          const o = v.value.outcome
          console.log(`OK    ${file}: ${v.value.steps} decisions, ${o ? `${o.winner === null ? 'draw' : `player ${o.winner} wins`} (${o.reason})` : 'unfinished'}, final hash ${v.value.finalHash}`)
        } else {
          bad++
          console.log(`FAIL  ${file}: ${v.error.code}: ${v.error.message}`)
        }
      } catch (e) {
        if (!(e instanceof CliError)) throw e
        bad++
        console.log(`FAIL  ${e.message}`)
      }
    }
    const n = argv.files.length
    console.log(`${n - bad} of ${n} replay${n === 1 ? '' : 's'} verified${bad > 0 ? `, ${bad} failed` : ''}`)
    if (bad > 0) process.exitCode = 1
  },
}

const replayShow: CommandModule<object, ReplayArgs> = {
  command: 'show <files..>',
  describe: 'Print a replay step by step, with its events in words',
  builder: (y: Argv<object>) =>
    y
      .positional('files', { type: 'string', array: true, describe: 'replay JSON file(s)' })
      .option('scenario', { type: 'string', describe: 'scenario file to use instead of the replay\'s inline or built-in one' })
      .option('board', { type: 'boolean', default: false, describe: 'draw the board at the start and the end' }) as unknown as Argv<ReplayArgs>,
  handler: (argv: ArgumentsCamelCase<ReplayArgs>) => {
    for (const file of argv.files) {
      const r = loadReplay(file)
      const s = showReplay(r, replayEngine(file, r, argv.scenario), { board: argv.board })
      if (!s.ok) throw new CliError(`${file}: ${s.error.code}: ${s.error.message}`, 1)
      console.log(s.value.join('\n'))
    }
  },
}

const replayCommand: CommandModule = {
  command: 'replay <command>',
  describe: 'Verify or show recorded games (tercio-replay/1 JSON)',
  builder: (y: Argv) =>
    y
      .command(replayVerify as unknown as CommandModule)
      .command(replayShow as unknown as CommandModule)
      .demandCommand(1, 'replay needs a subcommand: verify or show'),
  handler: () => {},
}

interface BenchArgs {
  ruleset?: string
  scenario?: string
  seconds: number
  num: number
  workers: number
  seed: number
  json?: string
  noWorkers: boolean
  workerVec: boolean
  engineModule?: string
  engineExport: string
  progress: boolean
}

const benchCommand: CommandModule<object, BenchArgs> = {
  command: 'bench',
  describe: 'Measure engine decisions/s, env steps/s with full observations, VecEnv and worker VecEnv steps/s',
  builder: (y: Argv<object>) =>
    y
      .option('ruleset', { type: 'string', describe: "ruleset id (default: the scenario's)" })
      .option('scenario', { type: 'string', describe: 'built-in scenario id, scenario JSON file, several joined by commas (side by side in one run), or "all" (every built-in of the ruleset)' })
      .option('seconds', { type: 'number', default: 2, describe: 'seconds per phase (engine, env, each vector env, thread scaling: 6 phases per scenario)' })
      .option('num', { type: 'number', default: 64, describe: 'envs per vector env' })
      .option('workers', { type: 'number', default: 2, describe: 'worker threads of the worker vector env' })
      .option('seed', { type: 'number', default: 1 })
      .option('json', { type: 'string', describe: 'write the results (and the machine) as JSON to FILE' })
      .option('worker-vec', { type: 'boolean', default: true, describe: 'measure the worker vector env (--no-worker-vec to skip)' })
      .option('engine-module', { type: 'string', describe: 'benchmark an engine factory from this module instead (path)' })
      .option('engine-export', { type: 'string', default: 'makeEngine', describe: 'export name of the factory in --engine-module' })
      .option('progress', { type: 'boolean', default: true, describe: 'show progress on stderr (--no-progress to hide)' })
      .example('$0 bench', 'the default scenario, ~8 s')
      .example('$0 bench --scenario all --seconds 10 --json out/bench.json', 'every built-in scenario, longer runs') as unknown as Argv<BenchArgs>,
  handler: async (argv: ArgumentsCamelCase<BenchArgs>) => {
    if (!(argv.seconds > 0)) throw new CliError(`--seconds: expected a positive number, got ${argv.seconds}`)
    for (const k of ['num', 'workers'] as const) if (!Number.isInteger(argv[k]) || argv[k] < 1) throw new CliError(`--${k}: expected a positive whole number, got ${argv[k]}`)
    const sources: EngineSource[] = []
    if (argv.engineModule) {
      sources.push({ module: new URL(argv.engineModule, `file://${process.cwd()}/`).href, export: argv.engineExport })
    } else {
      const scenarios = scenarioList(argv.scenario, argv.ruleset)
      for (const sc of scenarios) {
        const engine = loadEngine(argv.ruleset, sc) // validates up front, with CLI messages
        sources.push({ ruleset: engine.ruleset, scenario: engine.scenario })
      }
    }
    const loadBefore = loadavg()
    const results: BenchResult[] = []
    for (const src of sources) {
      const label = 'module' in src ? src.export : typeof src.scenario === 'string' ? src.scenario : src.scenario.id
      const bar = argv.progress ? new Progress({ label: `bench ${label}`, total: 100, unit: '%', rate: false }) : null
      let shown = -1
      const r = await runBench(src, {
        seconds: argv.seconds,
        num: argv.num,
        workers: argv.workers,
        seed: argv.seed,
        noWorkers: !argv.workerVec,
        onPhase: (phase, done, total) => {
          const pct = Math.min(99, Math.floor((100 * done) / total))
          if (pct !== shown) bar?.update((shown = pct), phase)
        },
      })
      bar?.done()
      results.push(r)
    }
    const m = machine()
    const n = (x: number | null) => (x === null ? '-' : thousands(x))
    console.log(
      formatTable(
        ['ruleset', 'scenario', 'hexes', 'actions', 'obs floats', 'engine dec/s', 'games/s', 'mean len', 'env steps/s', `vec(${argv.num}) steps/s`, `workers(${argv.workers}) steps/s`, 'speedup', `main+${argv.workers - 1} steps/s`, 'speedup', 'by groups', 'speedup', '2-thread ceiling', 'others / steal'],
        results.map((r) => [
          r.ruleset,
          r.scenario,
          r.hexes,
          r.actions,
          r.obsFloats,
          thousands(r.engineDecisionsPerSec),
          thousands(r.engineGamesPerSec),
          Number.isFinite(r.meanGameDecisions) ? Math.round(r.meanGameDecisions) : '-',
          thousands(r.envStepsPerSec),
          thousands(r.vecStepsPerSec),
          n(r.workerStepsPerSec),
          r.workerSpeedup === null ? '-' : `${r.workerSpeedup.toFixed(2)}x`,
          n(r.mainPlusWorkersStepsPerSec),
          r.mainPlusWorkersSpeedup === null ? '-' : `${r.mainPlusWorkersSpeedup.toFixed(2)}x`,
          n(r.groupsStepsPerSec),
          r.groupsSpeedup === null ? '-' : `${r.groupsSpeedup.toFixed(2)}x`,
          r.threadScaling === null ? '-' : `${r.threadScaling.toFixed(2)}x`,
          r.contention === null ? '-' : `${r.contention.others.toFixed(2)} / ${(100 * r.contention.steal).toFixed(0)}%`,
        ]),
      ),
    )
    console.log(`\n${m.cpu}, ${m.cores} cores, Node ${m.node}, ${m.platform}; ${argv.seconds} s per measurement; 1-min load average ${loadBefore[0]?.toFixed(1)} before, ${m.load[0]?.toFixed(1)} after (other processes skew the figures)`)
    if (results.some((r) => r.groupsSpeedup !== null)) console.log('by groups: the default worker vector env stepped group by group (send/recv, EnvPool-style; no barrier between its threads)')
    if (results.some((r) => r.threadScaling !== null)) console.log('2-thread ceiling: two threads stepping independent VecEnvs, never synchronising, over one thread: the most any worker vector env can gain here')
    if (results.some((r) => r.contention !== null)) console.log('others / steal: while the vector envs ran, cores used by other processes and the share of CPU time the hypervisor stole; above ~0.05 / 3% the vector figures measure a shared machine')
    if (argv.json) writeJson(argv.json, { format: 'tercio-bench/1', machine: { ...m, loadBefore }, options: { seconds: argv.seconds, num: argv.num, workers: argv.workers, seed: argv.seed }, results })
  },
}

export const gymCommands: CommandModule[] = [checkEnvCommand, replayCommand, benchCommand] as unknown as CommandModule[]
