// `npm run figures:league`: a round-robin league per training scenario — random, the heuristic, the
// CRN rollout search, the residual baseline (`ckpt:checkpoints/S-baseline`) and, where one is
// checked in, the pure network (`onnx:checkpoints/S-pure/policy.onnx`) — played by the tournament
// machinery (training/tournament/), rated by its Bradley-Terry fit anchored on the heuristic (= 0),
// and kept as docs/figures/data/league-S.json with every game, so a run stopped half-way resumes
// where it stopped and a later run with more games plays only the ones missing.
//
//   npm run figures:league                                    # all five scenarios, then re-render
//   npm run figures:league -- --scenarios piwam-training,hbl-training
//   npm run figures:league -- --search-games 40               # fewer games in the search's pairings
//   npm run figures:league -- --suite-games 10                # the benchmark suite's cards of the learned agents
//
// Dice seeds: game pair k of every pairing uses dice seed --seed + k (900,000,000 + k by default),
// far from the seeds the checked-in policies trained on (the trainer's episodes start at
// seed × 1,000,003 for run seeds below 100; distillation data at 100,000–200,249; evaluations
// at 424,242, 525,252, 626,262).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { machine } from '../bench/bench.ts'
import { wilson } from '../cli/interval.ts'
import { loadEngine } from '../cli/io.ts'
import { Progress } from '../cli/progress.ts'
import type { GameResult } from '../training/tournament/play.ts'
import { rateWithIntervals } from '../training/tournament/ratings.ts'
import { schedule, type ScheduledGame } from '../training/tournament/schedule.ts'
import { playSchedule } from '../training/tournament/tournament.ts'
import { DATA_DIR, TRAINING } from './figures-render.ts'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
export const SEARCH = 'search:iters=24:depth=40:crn=1'
export const SEED = 900_000_000

export type Role = 'random' | 'heuristic' | 'search' | 'baseline' | 'pure'

/** One played game: [seat-0 agent, seat-1 agent, dice seed, winning seat (-1 = draw), wall ms]. */
export type LeagueGame = [number, number, number, number, number]

export interface LeagueJson {
  format: 'tercio-league/1'
  scenario: string
  ruleset: string
  seed: number
  /** Dice seeds of the games (both seats of a pair share one). */
  diceSeeds: [number, number]
  gamesPerPairing: number
  /** Games in each pairing of the search agent (its budget: fewer than gamesPerPairing when the run was cut). */
  searchGamesPerPairing: number
  /** Every scheduled game played. */
  complete: boolean
  anchor: 'heuristic'
  agents: { role: Role; spec: string; elo: number; low: number; high: number; games: number; won: number; drawn: number; lost: number; score: number; msPerGame: number }[]
  /** a's results against b (draws count half in score; low/high: 95% Wilson interval of the score). */
  pairings: { a: Role; b: Role; games: number; won: number; drawn: number; lost: number; score: number; low: number; high: number; seatsA: [number, number, number][] }[]
  /** Each part of the run: when, at which commit, on what, how long, how many games. */
  runs: { command: string; commit: string; machine: ReturnType<typeof machine> & { loadBefore: number[] }; seconds: number; games: number }[]
  games: LeagueGame[]
}

export interface LeagueOptions {
  scenario: string
  games: number
  searchGames: number
  search: string
  seed: number
  workers: number
  out: string
  /** Agents by role (default: all five roles whose checkpoints exist). */
  roles?: readonly Role[]
  command: string
  progress: boolean
  saveEvery?: number
}

/** The league's agents on a training scenario: the checkpoints that exist under checkpoints/. */
export function leagueAgents(scenario: string, search: string, roles?: readonly Role[]): { role: Role; spec: string }[] {
  const all: { role: Role; spec: string; file?: string }[] = [
    { role: 'random', spec: 'random' },
    { role: 'heuristic', spec: 'heuristic' },
    { role: 'search', spec: search },
    { role: 'baseline', spec: `ckpt:checkpoints/${scenario}-baseline`, file: `checkpoints/${scenario}-baseline/meta.json` },
    { role: 'pure', spec: `onnx:checkpoints/${scenario}-pure/policy.onnx`, file: `checkpoints/${scenario}-pure/policy.onnx` },
  ]
  return all.filter((a) => (roles ? roles.includes(a.role) : true) && (!a.file || existsSync(join(ROOT, a.file)))).map(({ role, spec }) => ({ role, spec }))
}

/** The schedule of the league: the tournament's, cut to `searchGames` in the search's pairings. */
export function leagueSchedule(roles: readonly Role[], games: number, searchGames: number, seed: number): ScheduledGame[] {
  if (games % 2 !== 0 || searchGames % 2 !== 0) throw new Error('games per pairing must be even (both seats of every dice seed)')
  const n = Math.max(games, searchGames)
  return schedule(roles.length, n, seed).filter((g) => {
    const within = g.index - g.pairing * n
    return within < (roles[g.seat0] === 'search' || roles[g.seat1] === 'search' ? searchGames : games)
  })
}

const git = (args: string[]): string => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim()
// the figures' own outputs (this league's JSON among them, rewritten as it plays) do not make the tree dirty
const OUTPUTS = [`:!${DATA_DIR}`, ':!docs/figures.md', ':!README.md']
const commit = (): string => `${git(['rev-parse', '--short=12', 'HEAD'])}${git(['status', '--porcelain', '--untracked-files=no', '--', '.', ...OUTPUTS]) !== '' ? ' (with uncommitted changes)' : ''}`

/** Ratings, per-agent and per-pairing records of a set of games. */
export function summariseLeague(agents: readonly { role: Role; spec: string }[], games: readonly LeagueGame[]): Pick<LeagueJson, 'agents' | 'pairings'> {
  const k = agents.length
  const h = agents.findIndex((a) => a.role === 'heuristic')
  if (h < 0) throw new Error('a league is anchored on the heuristic: it must play')
  const ratings = rateWithIntervals(
    k,
    games.map(([a, b, , w]) => ({ a, b, score: w < 0 ? 0.5 : w === 0 ? 1 : 0 })),
    { anchor: h },
  )
  // rec[i][j] = [won, drawn, lost] of i against j from each seat i sat on
  type WDL = [number, number, number]
  const rec: [WDL, WDL][][] = Array.from({ length: k }, () => Array.from({ length: k }, (): [WDL, WDL] => [[0, 0, 0], [0, 0, 0]]))
  const ms = new Array<number>(k).fill(0)
  for (const [s0, s1, , w, t] of games) {
    const r0 = rec[s0]![s1]![0]
    const r1 = rec[s1]![s0]![1]
    const o0 = w < 0 ? 1 : w === 0 ? 0 : 2
    r0[o0]!++
    r1[2 - o0]!++
    ms[s0]! += t
    ms[s1]! += t
  }
  const total = (i: number, j: number) => {
    const [a, b] = rec[i]![j]!
    return [a[0] + b[0], a[1] + b[1], a[2] + b[2]] as const
  }
  const out: Pick<LeagueJson, 'agents' | 'pairings'> = { agents: [], pairings: [] }
  for (let i = 0; i < k; i++) {
    let [won, drawn, lost] = [0, 0, 0]
    for (let j = 0; j < k; j++) {
      if (j === i) continue
      const [w, d, l] = total(i, j)
      won += w
      drawn += d
      lost += l
    }
    const n = won + drawn + lost
    const r = ratings[i]!
    out.agents.push({ ...agents[i]!, elo: r.elo, low: r.low, high: r.high, games: n, won, drawn, lost, score: n ? (won + drawn / 2) / n : 0, msPerGame: n ? ms[i]! / n : 0 })
  }
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const [won, drawn, lost] = total(i, j)
      const n = won + drawn + lost
      if (n === 0) continue
      const [low, high] = wilson(won + drawn / 2, n)
      out.pairings.push({ a: agents[i]!.role, b: agents[j]!.role, games: n, won, drawn, lost, score: (won + drawn / 2) / n, low, high, seatsA: rec[i]![j]!.map((s): WDL => [...s]) })
    }
  }
  return out
}

/** The league as JSON, one game a line. */
function writeAtomic(file: string, value: LeagueJson): void {
  mkdirSync(dirname(file), { recursive: true })
  const { games, ...rest } = value
  const head = JSON.stringify(rest, null, 1).replace(/\n}$/, '')
  writeFileSync(`${file}.tmp`, `${head},\n "games": [\n${games.map((g) => `  ${JSON.stringify(g)}`).join(',\n')}\n ]\n}\n`)
  renameSync(`${file}.tmp`, file)
}

/** Plays the games of one scenario's league that its JSON does not hold yet, saving as it goes. */
export async function runLeague(o: LeagueOptions): Promise<LeagueJson> {
  const engine = loadEngine(undefined, o.scenario)
  // --search-games 0: the league without the search (a later run adds its games to the same file)
  const agents = leagueAgents(o.scenario, o.search, o.roles).filter((a) => a.role !== 'search' || o.searchGames > 0)
  const roles = agents.map((a) => a.role)
  const file = join(o.out, `league-${o.scenario}.json`)
  const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LeagueJson) : null
  // games already played, by (seat-0 spec, seat-1 spec, dice seed): kept when both agents are still in the league
  const index = new Map(agents.map((a, i) => [a.spec, i]))
  const played = new Map<string, LeagueGame>()
  for (const [s0, s1, seed, w, ms] of before?.games ?? []) {
    const [a, b] = [index.get(before!.agents[s0]!.spec), index.get(before!.agents[s1]!.spec)]
    if (a !== undefined && b !== undefined) played.set(`${a},${b},${seed}`, [a, b, seed, w, ms])
  }
  const wanted = leagueSchedule(roles, o.games, o.searchGames, o.seed)
  const todo = wanted.filter((g) => !played.has(`${g.seat0},${g.seat1},${g.seed}`)).map((g, i) => ({ ...g, index: i }))
  const loadBefore = loadavg()
  const t0 = performance.now()
  const runs = before?.runs ?? []
  const snapshot = (fresh: readonly GameResult[], final: boolean): LeagueJson => {
    const games = [...played.values(), ...fresh.map((r): LeagueGame => [r.seat0, r.seat1, r.seed, r.winner ?? -1, Math.round(r.ms)])]
    const keep = new Set(wanted.map((g) => `${g.seat0},${g.seat1},${g.seed}`))
    const inLeague = games.filter((g) => keep.has(`${g[0]},${g[1]},${g[2]}`)).sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2])
    const run = { command: o.command, commit: commit(), machine: { ...machine(), loadBefore }, seconds: Math.round((performance.now() - t0) / 1000), games: fresh.length }
    return {
      format: 'tercio-league/1',
      scenario: o.scenario,
      ruleset: engine.ruleset,
      seed: o.seed,
      diceSeeds: [o.seed, o.seed + Math.max(o.games, o.searchGames) / 2 - 1],
      gamesPerPairing: o.games,
      searchGamesPerPairing: roles.includes('search') ? o.searchGames : 0,
      complete: final && inLeague.length === wanted.length,
      anchor: 'heuristic',
      ...summariseLeague(agents, inLeague),
      runs: fresh.length > 0 || !before ? [...runs, run] : runs,
      games: inLeague,
    }
  }
  const bar = o.progress ? new Progress({ label: o.scenario, total: todo.length, unit: 'games' }) : null
  const fresh: GameResult[] = []
  let saved = performance.now()
  await playSchedule({ ruleset: engine.ruleset, scenario: engine.scenario, agents: agents.map((a) => a.spec), names: roles, seed: o.seed }, todo, o.workers, (done, _total, r) => {
    fresh.push(r)
    bar?.update(done)
    if (performance.now() - saved > (o.saveEvery ?? 60) * 1000) {
      writeAtomic(file, snapshot(fresh, false))
      saved = performance.now()
    }
  })
  bar?.done()
  const report = snapshot(fresh, true)
  writeAtomic(file, report)
  return report
}

/** The benchmark suite's JSON (`tercio suite --json`) with the run that wrote it. */
export interface SuiteJson {
  agent: string
  games: number
  heldOut: number
  scenarios: { id: string; ruleset: string; kind: string; skipped: string | null }[]
  rulesets: { ruleset: string; scenarios: number; agent: number; random: number; heuristic: number; normalised: number }[]
  run?: Omit<LeagueJson['runs'][number], 'games'>
}

/** `tercio suite` for the scenario's learned agents (baseline, pure network), into suite-<checkpoint>.json. */
function runSuites(scenario: string, games: number, heldOut: number, seed: number, out: string): void {
  const ruleset = loadEngine(undefined, scenario).ruleset
  for (const a of leagueAgents(scenario, SEARCH, ['baseline', 'pure'])) {
    const name = `${scenario}-${a.role}`
    const file = join(out, `suite-${name}.json`)
    const args = ['suite', '--agent', a.spec, '--rulesets', ruleset, '--games', String(games), '--held-out', String(heldOut), '--seed', String(seed)]
    const loadBefore = loadavg()
    const t0 = performance.now()
    process.stderr.write(`suite: npx tercio ${args.join(' ')}\n`)
    const res = spawnSync(process.execPath, ['bin/tercio.mjs', ...args, '--no-progress', '--json', file], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
    if (res.status !== 0) throw new Error(`tercio suite --agent ${a.spec} failed (exit ${res.status})`)
    const card = JSON.parse(readFileSync(file, 'utf8')) as SuiteJson
    card.run = { command: `npx tercio ${args.join(' ')} --json ${relative(ROOT, file)}`, commit: commit(), machine: { ...machine(), loadBefore }, seconds: Math.round((performance.now() - t0) / 1000) }
    writeFileSync(file, JSON.stringify(card, null, 1) + '\n')
  }
}

async function main(): Promise<void> {
  const { values: a } = parseArgs({
    options: {
      scenarios: { type: 'string', default: TRAINING.join(',') },
      games: { type: 'string', default: '200' },
      'search-games': { type: 'string' },
      search: { type: 'string', default: SEARCH },
      seed: { type: 'string', default: String(SEED) },
      workers: { type: 'string', default: '1' },
      agents: { type: 'string' },
      out: { type: 'string', default: join(ROOT, DATA_DIR) },
      quiet: { type: 'boolean', default: false },
      'suite-games': { type: 'string' },
      'held-out': { type: 'string', default: '5' },
    },
  })
  const int = (s: string, what: string) => {
    const n = Number(s)
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${what}: expected a whole number, got ${s}`)
    return n
  }
  const games = int(a.games, 'games')
  const searchGames = a['search-games'] === undefined ? games : int(a['search-games'], 'search-games')
  const roles = a.agents?.split(',') as Role[] | undefined
  for (const sc of a.scenarios.split(',')) {
    // --suite-games N: the benchmark suite's score cards of the learned agents instead of the league
    if (a['suite-games'] !== undefined) {
      runSuites(sc, int(a['suite-games'], 'suite-games'), int(a['held-out'], 'held-out'), int(a.seed, 'seed'), a.out)
      continue
    }
    const shown = `npm run figures:league -- --scenarios ${sc} --games ${games}${searchGames !== games ? ` --search-games ${searchGames}` : ''} --search ${a.search} --seed ${a.seed}${roles ? ` --agents ${roles.join(',')}` : ''}`
    const r = await runLeague({ scenario: sc, games, searchGames, search: a.search, seed: int(a.seed, 'seed'), workers: Math.max(1, int(a.workers, 'workers')), out: a.out, ...(roles ? { roles } : {}), command: shown, progress: !a.quiet })
    process.stderr.write(`${sc}: ${r.games.length} games${r.complete ? '' : ' (incomplete)'}; ${r.agents.map((x) => `${x.role} ${x.elo >= 0 ? '+' : ''}${x.elo.toFixed(0)}`).join(', ')}\n`)
  }
  // the kept figures re-rendered into docs/figures.md and the README (only for the tree's own data)
  if (relative(join(ROOT, DATA_DIR), a.out) === '') {
    const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/figures.ts', '--render'], { cwd: ROOT, stdio: 'inherit' })
    if (res.status !== 0) throw new Error('npm run figures -- --render failed')
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main()
