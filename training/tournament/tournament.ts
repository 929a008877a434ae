// Round-robin tournaments between any agents (registry specs), on one thread
// or across worker threads. Results are identical whatever the number of
// workers: each game is fixed by its schedule entry (agents, seats, dice seed).
import { Worker } from 'node:worker_threads'
import type { Scenario } from '../../env/scenario/types.ts'
import { GamePlayer, type GameResult, type GameSetup } from './play.ts'
import { rateWithIntervals, type Rating, type RatedGame } from './ratings.ts'
import { pairings, schedule, type ScheduledGame } from './schedule.ts'
import type { FromWorker, ToWorker } from './worker.ts'

const BOOT = new URL('./worker-boot.mjs', import.meta.url)

export interface TournamentOptions {
  ruleset: string
  scenario: Scenario
  /** Agent specs, e.g. ['random', 'heuristic', 'search:iters=64']. */
  agents: readonly string[]
  /** Display names (default: the specs). */
  names?: readonly string[]
  /** Games per pairing (both seats, shared dice seeds). */
  games: number
  seed: number
  workers?: number
  maxDecisions?: number
  onGame?(done: number, total: number, r: GameResult): void
}

export interface PairingResult {
  a: string
  b: string
  games: number
  winsA: number
  winsB: number
  draws: number
  /** Score of a in [0, 1] (draws half). */
  scoreA: number
  /** Games won by whoever sat on seat 0. */
  seat0Wins: number
  /** a's own record on each seat ([seat 0, seat 1]): "from both seats" is read off these. */
  seatsA: [SeatRecord, SeatRecord]
  reasons: Record<string, number>
  meanTurns: number
  meanDecisions: number
}

export interface SeatRecord {
  games: number
  wins: number
  draws: number
  losses: number
}

export interface AgentResult {
  name: string
  spec: string
  games: number
  wins: number
  draws: number
  losses: number
  score: number
  rating: Rating
  /** Mean milliseconds of wall time per game it played (not deterministic). */
  msPerGame: number
}

export interface TournamentReport {
  format: 'tercio-tournament/1'
  ruleset: string
  scenario: string
  seed: number
  gamesPerPairing: number
  agents: AgentResult[]
  pairings: PairingResult[]
  /** cross[i][j] = score of agent i against agent j (null on the diagonal or when they did not meet). */
  cross: (number | null)[][]
  games: GameResult[]
  workers: number
  seconds: number
}

export async function runTournament(o: TournamentOptions): Promise<TournamentReport> {
  if (o.agents.length < 2) throw new Error(`a tournament needs at least two agents, got ${o.agents.length}`)
  if (!Number.isInteger(o.games) || o.games < 1) throw new Error(`games per pairing must be a positive whole number, got ${o.games}`)
  const names = o.names ?? o.agents
  const setup: GameSetup = { ruleset: o.ruleset, scenario: o.scenario, agents: o.agents, names, seed: o.seed, ...(o.maxDecisions ? { maxDecisions: o.maxDecisions } : {}) }
  const sched = schedule(o.agents.length, o.games, o.seed)
  const workers = Math.max(1, Math.min(o.workers ?? 1, sched.length))
  const t0 = performance.now()
  const results = await playSchedule(setup, sched, workers, o.onGame)
  return summarise(o, names, results, workers, (performance.now() - t0) / 1000)
}

/** Plays any list of scheduled games (indices 0..n-1, results in that order), on this thread or on
 *  `workers` worker threads: for callers that pick their own games (a league that plays only the
 *  games it has not played yet, or fewer games for a costly agent). */
export function playSchedule(setup: GameSetup, sched: readonly ScheduledGame[], workers: number, onGame?: TournamentOptions['onGame']): Promise<GameResult[]> {
  if (sched.some((g, i) => g.index !== i)) throw new Error('scheduled games must be indexed 0..n-1 in order')
  if (sched.length === 0) return Promise.resolve([])
  const n = Math.max(1, Math.min(workers, sched.length))
  return n === 1 ? runLocal(setup, sched, onGame) : runWorkers(setup, sched, n, onGame)
}

async function runLocal(setup: GameSetup, sched: readonly ScheduledGame[], onGame: TournamentOptions['onGame']): Promise<GameResult[]> {
  const player = new GamePlayer(setup)
  const out: GameResult[] = []
  for (const g of sched) {
    const r = await player.play(g)
    out.push(r)
    onGame?.(out.length, sched.length, r)
  }
  return out
}

function runWorkers(setup: GameSetup, sched: readonly ScheduledGame[], n: number, onGame: TournamentOptions['onGame']): Promise<GameResult[]> {
  // small batches handed to whichever worker is idle: long games do not stall the others
  const batch = Math.max(1, Math.min(8, Math.floor(sched.length / (n * 8))))
  let next = 0
  let done = 0
  const results = new Array<GameResult | undefined>(sched.length)
  return new Promise((resolve, reject) => {
    const pool: Worker[] = []
    let failed = false
    const stopAll = () => {
      for (const w of pool) void w.terminate()
    }
    const feed = (w: Worker) => {
      if (next >= sched.length) {
        w.postMessage({ type: 'stop' } satisfies ToWorker)
        return
      }
      const games = sched.slice(next, next + batch)
      next += games.length
      w.postMessage({ type: 'play', games } satisfies ToWorker)
    }
    for (let k = 0; k < n; k++) {
      const w = new Worker(BOOT, { workerData: setup })
      pool.push(w)
      w.on('message', (m: FromWorker) => {
        if (failed) return
        if (m.type === 'result') {
          results[m.result.index] = m.result
          done++
          onGame?.(done, sched.length, m.result)
          if (done === sched.length) {
            stopAll()
            resolve(results as GameResult[])
          }
        } else if (m.type === 'idle') feed(w)
        else {
          failed = true
          stopAll()
          reject(new Error(`tournament worker ${k}: ${m.message}`))
        }
      })
      w.on('error', (e) => {
        if (failed) return
        failed = true
        stopAll()
        reject(new Error(`tournament worker ${k} crashed: ${e.message}`))
      })
      w.on('exit', (code) => {
        if (!failed && done < sched.length && code !== 0) {
          failed = true
          stopAll()
          reject(new Error(`tournament worker ${k} exited with code ${code}`))
        }
      })
      feed(w)
    }
  })
}

const kindOf = (reason: string): string => reason.split(':')[0]?.trim() || reason

export function summarise(o: Pick<TournamentOptions, 'ruleset' | 'scenario' | 'agents' | 'games' | 'seed'>, names: readonly string[], results: readonly GameResult[], workers: number, seconds: number): TournamentReport {
  const k = o.agents.length
  const rated: RatedGame[] = results.map((r) => ({ a: r.seat0, b: r.seat1, score: r.winner === null ? 0.5 : r.winner === 0 ? 1 : 0 }))
  const ratings = rateWithIntervals(k, rated)
  const agents: AgentResult[] = names.map((name, i) => ({ name, spec: o.agents[i]!, games: 0, wins: 0, draws: 0, losses: 0, score: 0, rating: ratings[i]!, msPerGame: 0 }))
  const cross: (number | null)[][] = Array.from({ length: k }, () => new Array<number | null>(k).fill(null))
  const pts = Array.from({ length: k }, () => new Array<number>(k).fill(0))
  const cnt = Array.from({ length: k }, () => new Array<number>(k).fill(0))
  for (const r of results) {
    for (const [me, seat] of [
      [r.seat0, 0],
      [r.seat1, 1],
    ] as const) {
      const a = agents[me]!
      const other = seat === 0 ? r.seat1 : r.seat0
      a.games++
      a.msPerGame += r.ms
      const s = r.winner === null ? 0.5 : r.winner === seat ? 1 : 0
      if (s === 1) a.wins++
      else if (s === 0) a.losses++
      else a.draws++
      pts[me]![other]! += s
      cnt[me]![other]! += 1
    }
  }
  for (const a of agents) {
    a.score = a.games > 0 ? (a.wins + a.draws / 2) / a.games : 0
    a.msPerGame = a.games > 0 ? a.msPerGame / a.games : 0
  }
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) if (cnt[i]![j]! > 0) cross[i]![j] = pts[i]![j]! / cnt[i]![j]!
  const prs: PairingResult[] = pairings(k).map(([i, j]) => {
    const games = results.filter((r) => (r.seat0 === i && r.seat1 === j) || (r.seat0 === j && r.seat1 === i))
    const reasons: Record<string, number> = {}
    const seatsA: [SeatRecord, SeatRecord] = [
      { games: 0, wins: 0, draws: 0, losses: 0 },
      { games: 0, wins: 0, draws: 0, losses: 0 },
    ]
    for (const r of games) {
      reasons[kindOf(r.reason)] = (reasons[kindOf(r.reason)] ?? 0) + 1
      const seatA = seatsA[r.seat0 === i ? 0 : 1]
      seatA.games++
      if (r.winner === null) seatA.draws++
      else if ((r.winner === 0) === (r.seat0 === i)) seatA.wins++
      else seatA.losses++
    }
    // the pairing's totals are sums of a's two seats; seat 0's wins are a's there and b's when a sat on seat 1
    const [s0, s1] = seatsA
    const winsA = s0.wins + s1.wins
    const draws = s0.draws + s1.draws
    const n = Math.max(1, games.length)
    return {
      a: names[i]!,
      b: names[j]!,
      games: games.length,
      winsA,
      winsB: s0.losses + s1.losses,
      draws,
      scoreA: games.length ? (winsA + draws / 2) / games.length : 0,
      seat0Wins: s0.wins + s1.losses,
      seatsA,
      reasons,
      meanTurns: games.reduce((s, r) => s + r.turns, 0) / n,
      meanDecisions: games.reduce((s, r) => s + r.decisions, 0) / n,
    }
  })
  return {
    format: 'tercio-tournament/1',
    ruleset: o.ruleset,
    scenario: o.scenario.id,
    seed: o.seed,
    gamesPerPairing: o.games,
    agents,
    pairings: prs,
    cross,
    games: [...results].sort((x, y) => x.index - y.index),
    workers,
    seconds,
  }
}
