// docs/figures.md and the README's figure table, written from the JSON that `npm run figures`
// (scripts/figures.ts) keeps under docs/figures/data/. Pure: JSON in, Markdown out.
import { wilson } from '../cli/interval.ts'
import { leagueReadmeRows, leagues, renderLeague } from './figures-render-league.ts'

export const DATA_DIR = 'docs/figures/data'
/** The training scenario of each ruleset: the figures' common ground, in this order on the page. */
export const TRAINING = ['piwam-training', 'marignan-training', 'mttsog-training', 'cfeo-training', 'hbl-training'] as const
export const README_BEGIN = '<!-- figures:begin (written by npm run figures from docs/figures/data; do not edit) -->'
export const README_END = '<!-- figures:end -->'

/** One measurement of `npm run figures`: the command a reader would type, and how it is run. */
export interface FigureRun {
  name: string
  group: 'bench' | 'bridge' | 'train' | 'conformance' | 'tournaments'
  shown: string
  cmd: string
  args: string[]
}

export interface Meta {
  format: 'tercio-figures/1'
  machine: { cpu: string; cores: number; node: string; platform: string; date: string; load: number[]; loadBefore: number[] }
  minutes: number
  commit: string
  counts: { rulesets: number; scenarios: number; testCases: number }
  /** The command behind each JSON file, by name. */
  commands: Record<string, string>
  /** 1-minute load average when each measurement ended, by name. */
  loads?: Record<string, number>
  /** Wall-clock seconds each measurement took, by name. */
  seconds?: Record<string, number>
  skipped: string[]
}

/** What `npm run figures:compare` (scripts/compare-commit.ts) writes whatever it measures. */
interface VsCommit {
  machine: { cpu: string; cores: number; node: string; platform: string; date: string; load: number[] }
  minutes: number
  command: string
  scenario: string
  rounds: number
}
interface CommitSide {
  commit: string
  subject: string
  committed: string
  withUncommittedChanges: boolean
  /** 1-minute load average when each run ended. */
  loads: number[]
}

/** `npm run figures:compare`: this tree's trainer against an older commit's. */
export interface TrainerVsCommit extends VsCommit {
  format: 'tercio-trainer-vs-commit/1'
  imitate: number
  updates: number
  base: TrainerSide
  head: TrainerSide
  /** Median agent steps/s of this tree over the base commit's. */
  ratio: number
}
export interface TrainerSide extends CommitSide {
  loop: string
  agentStepsPerSec: number
  runs: number[]
}

/** `npm run figures:compare -- --bench bridge`: this tree's bridge against an older commit's. */
export interface BridgeVsCommit extends VsCommit {
  format: 'tercio-bridge-vs-commit/1'
  base: BridgeSide
  head: BridgeSide
  /** Median bridge steps/s of this tree over the base commit's. */
  speedup: number
}
/** Medians over a side's runs of bench/bridge.ts --async. */
export interface BridgeSide extends CommitSide {
  bridgeStepsPerSec: number
  inProcessStepsPerSec: number
  ratio: number
  serverCpuMsPerBatch: number
  /** Each run's bridge / in-process. */
  ratios: number[]
}

interface BenchJson {
  results: {
    ruleset: string
    scenario: string
    engineDecisionsPerSec: number
    envStepsPerSec: number
    vecStepsPerSec: number
    vecNum?: number
    workerSpeedup: number | null
    mainPlusWorkersSpeedup: number | null
    groupsStepsPerSec: number | null
    groupsSpeedup: number | null
    threadScaling: number | null
    contention: { others: number; steal: number } | null
  }[]
  options: { num: number; workers: number; seconds: number }
}
interface BridgeJson {
  envs: number
  sets: number
  mode: string
  inProcessStepsPerSec: number
  bridgeStepsPerSec: number
  ratio: number
  rounds: { clientCpuMsPerBatch: number; serverCpuMsPerBatch: number }[]
}
interface TrainSummary {
  agentStepsPerSec: number
  updatesPerSec: number
  rolloutSecPerUpdate: number
  updateSecPerUpdate: number
}
interface TrainJson {
  backend: string
  scenario: string
  config: { envs: number; rollout: number; net: string }
  imitation: { labelledDecisionsPerSec: number } | null
  loops: Record<string, TrainSummary>
  speedup: Record<string, number>
}
interface ConformanceJson {
  passed: number
  failed: number
  sections: { ruleset: string; passed: number; failed: number }[]
}
interface TournamentJson {
  scenario: string
  gamesPerPairing: number
  pairings: { a: string; b: string; games: number; winsA: number; winsB: number; draws: number; scoreA: number }[]
}

const n0 = (x: number) => Math.round(x).toLocaleString('en-US')
const x2 = (x: number | null | undefined) => (x === null || x === undefined ? '–' : `${x.toFixed(2)}×`)
const pct = (x: number) => `${Math.round(100 * x)}%`
/** "70% (14/20; 95% interval 48–85%)" */
const scored = (won: number, drawn: number, games: number) => {
  const score = won + drawn / 2
  const [lo, hi] = wilson(score, games)
  return `${pct(score / games)} (${score}/${games}; 95% interval ${pct(lo)}–${pct(hi)})`
}
const table = (head: string[], rows: (string | number)[][]) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')

/** The pairing of `a` against `b` in a tournament, from a's side. */
function pairing(t: TournamentJson, a: string, b: string): { won: number; drawn: number; lost: number; games: number } | null {
  for (const p of t.pairings) {
    if (p.a === a && p.b === b) return { won: p.winsA, drawn: p.draws, lost: p.winsB, games: p.games }
    if (p.a === b && p.b === a) return { won: p.winsB, drawn: p.draws, lost: p.winsA, games: p.games }
  }
  return null
}

const tournaments = (all: Record<string, unknown>, prefix: string) =>
  Object.entries(all)
    .filter(([k, v]) => k.startsWith(prefix) && v !== null)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => [k, v as TournamentJson] as const)

/** The baseline's agent name in its tournament (`ckpt:checkpoints/DIR`). */
const policyName = (t: TournamentJson) => t.pairings.map((p) => p.a).find((a) => a.startsWith('ckpt:')) ?? ''

export function renderFigures(meta: Meta, all: Record<string, unknown>): string {
  const m = meta.machine
  const load = (name: string) => {
    const l = meta.loads?.[name]
    const t = meta.seconds?.[name]
    return l === undefined ? '' : ` (${t === undefined ? '' : `${t} s, `}load ${l.toFixed(1)} when it ended)`
  }
  const cmd = (name: string) => (meta.commands[name] ? `\`${meta.commands[name]}\`${load(name)}` : '(not run)')
  const out: string[] = []
  out.push('# Figures')
  out.push('')
  out.push('Every figure on this page comes from the JSON in [`docs/figures/data/`](figures/data/), written by')
  out.push('`npm run figures` (`scripts/figures.ts`), which runs the commands named under each table with short')
  out.push('budgets; this page and the README table are rewritten from that JSON (`npm run figures -- --render`).')
  out.push('Do not edit it by hand: run the command.')
  out.push('')
  out.push(`- **Measured** ${m.date.slice(0, 16).replace('T', ' ')} UTC, in ${meta.minutes.toFixed(1)} minutes, at commit \`${meta.commit}\``)
  out.push(`- **Machine** ${m.cpu}, ${m.cores} cores, Node ${m.node.replace(/^v/, '')}, ${m.platform}`)
  out.push(`- **Load** (1-minute average) ${m.loadBefore[0]?.toFixed(1)} before, ${m.load[0]?.toFixed(1)} after. Speeds scale with the CPU share the`)
  out.push('  run got: on a machine shared with other jobs they fall, and two runs on the same machine differ by')
  out.push('  10–30%. Compare figures within one run; the targets below are for an otherwise idle machine.')
  if (meta.skipped.length > 0) out.push(`- **Not measured**: ${meta.skipped.join('; ')}`)
  out.push('')

  out.push('## What the tree holds')
  out.push('')
  const conf = all['conformance'] as ConformanceJson | null
  const byRuleset = new Map<string, { passed: number; failed: number }>()
  for (const s of conf?.sections ?? []) {
    const r = byRuleset.get(s.ruleset) ?? { passed: 0, failed: 0 }
    r.passed += s.passed
    r.failed += s.failed
    byRuleset.set(s.ruleset, r)
  }
  const fixtures = conf ? `${n0(conf.passed + conf.failed)} (${n0(conf.passed)} pass, ${n0(conf.failed)} fail): ${[...byRuleset].map(([k, v]) => `${k} ${v.passed + v.failed}`).join(', ')}` : '(not run)'
  out.push(table(['', 'count', 'from'], [
    ['rulesets', meta.counts.rulesets, '`env/rules/index.ts`'],
    ['built-in scenarios', meta.counts.scenarios, '`env/scenario/builtin.ts`'],
    ['conformance fixtures (forced dice)', fixtures, cmd('conformance')],
    ['test cases (`it`/`test` calls under `test/`)', n0(meta.counts.testCases), '`test/**/*.test.ts`'],
  ]))
  out.push('')

  const bench = all['bench'] as BenchJson | null
  out.push('## Engine and env speed, one core')
  out.push('')
  out.push('Uniformly random legal play. Engine = `init`/`legal`/`apply` alone; env = `TercioEnv.step` with full')
  out.push('observations and masks; `VecEnv` = a batch of envs stepped in this thread. Targets on an idle core:')
  out.push('≥ 100,000 engine decisions/s and ≥ 30,000 env steps/s.')
  out.push('')
  if (bench) {
    out.push(table(['ruleset', 'scenario', 'engine decisions/s', 'env steps/s', `VecEnv(${bench.options.num}) steps/s`], bench.results.map((r) => [r.ruleset, r.scenario, n0(r.engineDecisionsPerSec), n0(r.envStepsPerSec), n0(r.vecStepsPerSec)])))
  }
  out.push('')
  out.push(`Command: ${cmd('bench')}`)
  out.push('')

  const wv = (all['bench-workers'] as BenchJson | null)?.results[0]
  out.push('## Vector envs on two threads')
  out.push('')
  out.push('`WorkerVecEnv` against `VecEnv` on the same envs, piwam-training. `step()` waits for every thread each')
  out.push('batch; "by groups" is EnvPool-style `send`/`recv`, no barrier between the threads. The 2-thread ceiling is')
  out.push('what two threads that never synchronise get over one on this machine: no vector env can beat it.')
  out.push('')
  if (wv) {
    out.push(table(['VecEnv steps/s', '`step()`, worker threads only', '`step()`, calling thread + 1 worker', 'by groups', '2-thread ceiling', 'other processes / stolen CPU'], [
      [n0(wv.vecStepsPerSec), x2(wv.workerSpeedup), x2(wv.mainPlusWorkersSpeedup), `${n0(wv.groupsStepsPerSec ?? 0)} steps/s, ${x2(wv.groupsSpeedup)}`, x2(wv.threadScaling), wv.contention ? `${wv.contention.others.toFixed(2)} cores / ${pct(wv.contention.steal)}` : '–'],
    ]))
  }
  out.push('')
  out.push(`Command: ${cmd('bench-workers')}`)
  out.push('')

  const br = all['bridge'] as BridgeJson | null
  out.push('## Python over the bridge')
  out.push('')
  out.push('Env steps/s seen by the Python client over loopback (protobuf websocket, delta observations), against the')
  out.push('same envs stepped in-process, rounds alternated. See [the bridge](bridge.md) and [Python](python.md).')
  out.push('')
  if (br) {
    // Per message of `envs` envs: in-process wall time for as many steps, the server's and client's CPU.
    const mean = (f: (r: BridgeJson['rounds'][number]) => number) => br.rounds.reduce((a, r) => a + f(r), 0) / br.rounds.length
    const ms = (x: number) => x.toFixed(2)
    out.push(
      table(
        ['client', 'envs', 'bridge steps/s', 'in-process steps/s', 'bridge / in-process', `ms per ${br.envs} steps: in-process / server CPU / client CPU`],
        [[`${br.mode}${br.mode === 'async' ? ` (${br.sets} sets in flight)` : ''}`, br.envs * (br.mode === 'async' ? br.sets : 1), n0(br.bridgeStepsPerSec), n0(br.inProcessStepsPerSec), pct(br.ratio), `${ms((1000 * br.envs) / br.inProcessStepsPerSec)} / ${ms(mean((r) => r.serverCpuMsPerBatch))} / ${ms(mean((r) => r.clientCpuMsPerBatch))}`]],
      ),
    )
  } else out.push('(not measured on this run)')
  out.push('')
  out.push(`Command: ${cmd('bridge')}`)
  out.push('')

  const bvs = all['bridge-vs-commit'] as BridgeVsCommit | null
  if (bvs) {
    const side = (t: BridgeSide, what: string) => [
      `${what}: \`${t.commit}\`${t.withUncommittedChanges ? ' (with uncommitted changes)' : ''}, ${t.committed.slice(0, 10)}`,
      n0(t.bridgeStepsPerSec),
      n0(t.inProcessStepsPerSec),
      pct(t.ratio),
      t.serverCpuMsPerBatch.toFixed(2),
      t.ratios.map(pct).join(', '),
      t.loads.map((l) => l.toFixed(1)).join(', '),
    ]
    out.push('### The bridge against an older commit')
    out.push('')
    out.push(`This tree's bridge and an older commit's, each measured by its own \`bench/bridge.ts --async\` (${bvs.scenario}), the two trees`)
    out.push(`alternated over ${bvs.rounds} round(s) on ${bvs.machine.date.slice(0, 16).replace('T', ' ')} UTC (${bvs.machine.cpu}, ${bvs.machine.cores} cores): medians of the runs.`)
    out.push('Measured separately from the rest of this page, by the command below.')
    out.push('')
    out.push(table(['tree', 'bridge steps/s', 'in-process steps/s', 'bridge / in-process', 'server CPU ms per message', 'each run\'s bridge / in-process', 'load when each ended'], [side(bvs.head, 'this tree'), side(bvs.base, 'older commit')]))
    out.push('')
    out.push(`\`${bvs.head.commit}\` over \`${bvs.base.commit}\` ("${bvs.base.subject}"): **${x2(bvs.speedup)}** bridge steps/s.`)
    out.push('')
    out.push(`Command: \`${bvs.command}\``)
    out.push('')
  }

  const tr = all['train'] as TrainJson | null
  out.push('## Trainer throughput')
  out.push('')
  out.push('The real trainer with its default settings on short runs, the loops side by side in one process: `inline`')
  out.push('collects then updates on one thread; `dual` (the default of `tercio train`) has a helper thread collect half')
  out.push('the envs and compute half of every minibatch\'s gradient. See [training](training.md). `npm run figures:compare -- --base REV`')
  out.push('measures this tree\'s trainer against an older commit\'s (its own section below, once run).')
  out.push('')
  if (tr) {
    out.push(table(['loop', 'agent steps/s', 'updates/s', 'rollout s/update', 'update s/update', 'over inline'], Object.entries(tr.loops).map(([l, s]) => [l, n0(s.agentStepsPerSec), s.updatesPerSec.toFixed(2), s.rolloutSecPerUpdate.toFixed(2), s.updateSecPerUpdate.toFixed(2), l === 'inline' ? '1.00×' : x2(tr.speedup[l])])))
    out.push('')
    out.push(`${tr.scenario}, ${tr.backend}, net ${tr.config.net}, ${tr.config.envs} envs × ${tr.config.rollout} steps an update${tr.imitation ? `; imitation labels ${n0(tr.imitation.labelledDecisionsPerSec)} decisions/s` : ''}.`)
  }
  out.push('')
  out.push(`Command: ${cmd('train')}`)
  out.push('')

  const vs = all['trainer-vs-commit'] as TrainerVsCommit | null
  if (vs) {
    const side = (t: TrainerSide, what: string) => [`${what}: \`${t.commit}\`${t.withUncommittedChanges ? ' (with uncommitted changes)' : ''}, ${t.committed.slice(0, 10)}`, t.loop, n0(t.agentStepsPerSec), t.runs.map(n0).join(', '), t.loads.map((l) => l.toFixed(1)).join(', ')]
    out.push('## Trainer against an older commit')
    out.push('')
    out.push(`This tree's trainer and an older commit's, each measured by its own \`bench/train.ts\` (${vs.scenario}, ${vs.imitate} imitation`)
    out.push(`minibatches, ${vs.updates} PPO updates a run), the two trees alternated over ${vs.rounds} round(s) on ${vs.machine.date.slice(0, 16).replace('T', ' ')} UTC`)
    out.push(`(${vs.machine.cpu}, ${vs.machine.cores} cores). Measured separately from the rest of this page, by the command below.`)
    out.push('')
    out.push(table(['tree', 'loop', 'agent steps/s (median)', 'runs', 'load when each ended'], [side(vs.head, 'this tree'), side(vs.base, 'older commit')]))
    out.push('')
    out.push(`\`${vs.head.commit}\` over \`${vs.base.commit}\` ("${vs.base.subject}"): **${x2(vs.ratio)}** agent steps/s.`)
    out.push('')
    out.push(`Command: \`${vs.command}\``)
    out.push('')
  }

  out.push('## Scripted heuristic against random play')
  out.push('')
  out.push(`Each ruleset's heuristic (\`agents/heuristic/\`), both seats, shared dice seeds. The bar is ≥ 90%.`)
  out.push('')
  // The heuristic-random pairing: from the scenario's own tournament, else from its baseline's.
  const heurOwn = tournaments(all, 'heuristic-')
  const heurScenarios = new Set(heurOwn.map(([, t]) => t.scenario))
  const heur = [...heurOwn, ...tournaments(all, 'baseline-').filter(([, t]) => !heurScenarios.has(t.scenario))].sort(([, a], [, b]) => a.scenario.localeCompare(b.scenario))
  out.push(table(['scenario', 'games', 'won', 'drawn', 'lost', 'score'], heur.map(([, t]) => {
    const p = pairing(t, 'heuristic', 'random')
    return p ? [t.scenario, p.games, p.won, p.drawn, p.lost, scored(p.won, p.drawn, p.games)] : [t.scenario, '–', '–', '–', '–', '–']
  })))
  out.push('')
  out.push(`From the trained baselines' tournaments below (the heuristic-random pairing of each)${heurOwn[0] ? `, and for a scenario without a baseline \`${(meta.commands[heurOwn[0][0]] ?? '').replace(heurOwn[0][1].scenario, 'S')}\`` : ''}.`)
  out.push('')

  out.push('## Trained baselines')
  out.push('')
  out.push('The checked-in residual policies (`checkpoints/*-baseline`, each with a README giving its training command)')
  out.push('against the heuristic and random play. Bars: ≥ 60% against the heuristic, ≥ 95% against random. At this')
  out.push('run\'s sample size the intervals are wide; the checkpoints\' READMEs have 200-game figures.')
  out.push('')
  const base = tournaments(all, 'baseline-')
  out.push(table(['scenario', 'checkpoint', 'against the heuristic', 'against random'], base.map(([, t]) => {
    const me = policyName(t)
    const h = pairing(t, me, 'heuristic')
    const r = pairing(t, me, 'random')
    return [t.scenario, `\`${me.replace(/^ckpt:/, '')}\``, h ? scored(h.won, h.drawn, h.games) : '–', r ? scored(r.won, r.drawn, r.games) : '–']
  })))
  out.push('')
  out.push(`Command (per scenario): ${base[0] ? `\`${(meta.commands[base[0][0]] ?? '').replaceAll(base[0][1].scenario, 'S')}\`` : '(not run)'}`)
  out.push('')
  out.push(...renderLeague(all))
  return out.join('\n')
}

/** The README's headline table: one line per figure, each linking to its section of docs/figures.md. */
export function renderReadmeTable(meta: Meta, all: Record<string, unknown>): string {
  const rows: string[][] = []
  const bench = all['bench'] as BenchJson | null
  if (bench && bench.results.length > 0) {
    const lo = (k: 'engineDecisionsPerSec' | 'envStepsPerSec') => n0(Math.min(...bench.results.map((r) => r[k])))
    const hi = (k: 'engineDecisionsPerSec' | 'envStepsPerSec') => n0(Math.max(...bench.results.map((r) => r[k])))
    rows.push(['engine decisions/s, one core (the five training scenarios)', `${lo('engineDecisionsPerSec')} – ${hi('engineDecisionsPerSec')}`, 'engine-and-env-speed-one-core'])
    rows.push(['env steps/s with full observations, one core', `${lo('envStepsPerSec')} – ${hi('envStepsPerSec')}`, 'engine-and-env-speed-one-core'])
  }
  const wv = (all['bench-workers'] as BenchJson | null)?.results[0]
  if (wv) rows.push(['worker vector env by groups, over one thread (2 cores)', x2(wv.groupsSpeedup), 'vector-envs-on-two-threads'])
  const br = all['bridge'] as BridgeJson | null
  if (br) rows.push(['Python over the bridge, share of in-process steps/s', pct(br.ratio), 'python-over-the-bridge'])
  const tr = all['train'] as TrainJson | null
  if (tr?.loops['dual']) rows.push(['trainer agent steps/s (dual loop, the default)', n0(tr.loops['dual'].agentStepsPerSec), 'trainer-throughput'])
  const conf = all['conformance'] as ConformanceJson | null
  if (conf) rows.push(['conformance fixtures passing', `${n0(conf.passed)} of ${n0(conf.passed + conf.failed)}`, 'what-the-tree-holds'])
  const base = tournaments(all, 'baseline-')
  const league = leagueReadmeRows(all)
  rows.push(...league)
  // the league's 200-game figures replace the baselines' short tournaments
  if (base.length > 0 && leagues(all).length === 0) {
    const scores = base.map(([, t]) => {
      const p = pairing(t, policyName(t), 'heuristic')
      return p ? (p.won + p.drawn / 2) / p.games : NaN
    })
    rows.push([`trained baselines against the heuristic (${base.length} rulesets, ${base[0]?.[1].gamesPerPairing} games each)`, `${pct(Math.min(...scores))} – ${pct(Math.max(...scores))}`, 'trained-baselines'])
  }
  const body = [
    `| figure (${meta.machine.date.slice(0, 10)}, ${meta.machine.cores} cores, load ${meta.machine.loadBefore[0]?.toFixed(1)}) | value |`,
    '|---|---|',
    ...rows.map(([what, value, anchor]) => `| [${what}](docs/figures.md#${anchor}) | ${value} |`),
  ]
  return body.join('\n')
}

/** `text` with the lines between `begin` and `end` replaced by `body` (the markers kept). */
export function replaceBlock(text: string, begin: string, end: string, body: string): string {
  const i = text.indexOf(begin)
  const j = text.indexOf(end)
  if (i < 0 || j < i) throw new Error(`the README has no figure block (${begin} ... ${end})`)
  return `${text.slice(0, i + begin.length)}\n${body}\n${text.slice(j)}`
}
