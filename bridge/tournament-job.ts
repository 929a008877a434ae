// One shard of a tournament, or the merge of all shards, as JSON in and out: what tercio_client.ray's
// ray_tournament runs in Node on each worker (`tournament-job` of the bundled server, reading the job on
// stdin). The schedule is `tercio tournament`'s, so game k is the same game wherever it is played.
import { makeSpec } from '../env/gym/spec.ts'
import { hashJson } from '../env/gym/hash.ts'
import { loadEngine } from '../cli/io.ts'
import { GamePlayer, type GameResult } from '../training/tournament/play.ts'
import { schedule } from '../training/tournament/schedule.ts'
import { summarise } from '../training/tournament/tournament.ts'

export interface TournamentJob {
  agents: string[]
  names?: string[]
  scenario: string
  ruleset?: string | null
  games: number
  seed: number
  maxDecisions?: number | null
  /** Play these schedule indices (a shard), or, with mode "summarise", merge `results`. */
  indices?: number[]
  mode?: 'summarise'
  results?: GameResult[]
  workers?: number
  seconds?: number
}

export async function runTournamentJob(job: TournamentJob): Promise<Record<string, unknown>> {
  const engine = loadEngine(job.ruleset ?? undefined, job.scenario)
  const names = job.names ?? job.agents
  const o = { ruleset: engine.ruleset, scenario: engine.scenario, agents: job.agents, games: job.games, seed: job.seed }
  // The spec hash as checkpoints and onnx: agents see it (default limits, no shaping, forced decisions skipped).
  const scenarioHash = hashJson(engine.scenario)
  const out: Record<string, unknown> = { specHash: makeSpec(engine, scenarioHash, { maxDecisions: 10000, skipForced: true }).hash, scenarioHash }
  if (job.mode === 'summarise') {
    out.report = summarise(o, names, job.results ?? [], job.workers ?? 1, job.seconds ?? 0)
    return out
  }
  const sched = schedule(job.agents.length, job.games, job.seed)
  const player = new GamePlayer({ ...o, names, ...(job.maxDecisions ? { maxDecisions: job.maxDecisions } : {}) })
  const results: GameResult[] = []
  for (const k of job.indices ?? []) {
    const game = sched[k]
    if (game === undefined) throw new RangeError(`tournament-job: game ${k} is outside the schedule of ${sched.length}`)
    results.push(await player.play(game))
  }
  out.results = results
  return out
}
