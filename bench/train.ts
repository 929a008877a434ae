// Training throughput on the default backend: short runs of the real trainer with the
// default settings (imitation phase, then PPO with the teacher term; evaluations off), timed
// per phase from the trainer's own metrics, for each rollout loop side by side in one
// process: `inline` (collect, then update, on one thread: the sequential loop) and `thread`
// (an actor worker thread collects the next rollout while the learner updates; both cores).
// Both runs get the same seed, imitation and number of updates. The first five PPO updates
// (value warm-up, JIT; half of a shorter run) are left out of the medians. `--prior`: the
// shipped baseline's recipe instead (a residual net over the heuristic, no imitation, no
// teacher term, lr 3e-3), whose rollouts also ask the heuristic for its proposal.
//
//   npx tsx bench/train.ts [--imitate 60] [--updates 20] [--loops inline,thread] [--prior] [--scenario piwam-training] [--json FILE]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { train, type TrainRun, type UpdateMetrics } from '../training/train/trainer.ts'
import { DEFAULT_TRAIN } from '../training/train/config.ts'
import { formatTable } from '../cli/table.ts'
import { Progress } from '../cli/progress.ts'
import { machine, median } from './bench.ts'

const { values: a } = parseArgs({
  options: {
    imitate: { type: 'string', default: '60' },
    updates: { type: 'string', default: '20' },
    loops: { type: 'string', default: 'inline,thread' },
    prior: { type: 'boolean', default: false },
    scenario: { type: 'string', default: DEFAULT_TRAIN.scenario },
    json: { type: 'string' },
  },
})
const prior = a.prior === true
const updates = Number(a.updates)
const imitate = prior ? 0 : Number(a.imitate)
const loops = String(a.loops).split(',')
if ((!prior && (!Number.isInteger(imitate) || imitate < 1)) || !Number.isInteger(updates) || updates < 4) {
  console.error('--imitate must be a whole number >= 1 and --updates >= 4')
  process.exit(2)
}
if (loops.length === 0 || loops.some((l) => l !== 'inline' && l !== 'thread')) {
  console.error(`--loops must list inline and/or thread, got ${a.loops}`)
  process.exit(2)
}
const recipe = prior ? { prior: true, teacher: { coef: 0, updates: 1 }, ppo: { lr: 3e-3 } } : {}
const samples = DEFAULT_TRAIN.envs * DEFAULT_TRAIN.rollout

interface LoopResult {
  run: TrainRun
  imMinibatch: number
  imitateSeconds: number
  rows: UpdateMetrics[]
  updateAt: number[]
}

async function measure(loop: 'inline' | 'thread', bar: Progress, done: number): Promise<LoopResult> {
  const out = mkdtempSync(join(tmpdir(), 'tercio-bench-train-'))
  const rows: UpdateMetrics[] = []
  const imitateAt: [step: number, seconds: number][] = []
  const updateAt: number[] = []
  let imitateSeconds = 0
  const t0 = performance.now()
  try {
    const run = await train({ scenario: a.scenario as string, imitate: { ...DEFAULT_TRAIN.imitate, steps: imitate }, evalEvery: 0, evalGames: 2, actor: loop, ...recipe }, out, { steps: updates * samples }, {
      hooks: {
        log: () => {},
        onImitate: (s) => {
          // Reports come every 10 minibatches, with the seconds since the trainer started.
          imitateAt.push([s.step, s.seconds])
          bar.update(done + s.step)
          if (s.step === imitate) imitateSeconds = (performance.now() - t0) / 1000
        },
        onUpdate: (m) => {
          updateAt.push(performance.now())
          rows.push(m)
          bar.update(done + imitate + m.update)
        },
      },
    })
    // From the first report on when there are two (the first interval holds the env setup).
    const [s0, t0s] = imitateAt.length > 1 ? (imitateAt[0] as [number, number]) : [0, 0]
    const [s1, t1s] = imitateAt[imitateAt.length - 1] ?? [1, NaN]
    return { run, imMinibatch: (t1s - t0s) / (s1 - s0), imitateSeconds, rows, updateAt }
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

const bar = new Progress({ label: 'bench train', total: loops.length * (imitate + updates), unit: 'steps' })
const results: Record<string, LoopResult> = {}
try {
  for (const [i, loop] of loops.entries()) results[loop] = await measure(loop as 'inline' | 'thread', bar, i * (imitate + updates))
} finally {
  bar.done()
}

// Leave out the first updates (value warm-up, JIT): five, or half of a short run.
const skip = Math.min(5, Math.floor(updates / 2))
const summary = (r: LoopResult) => {
  const steady = r.rows.slice(skip)
  const rollout = median(steady.map((m) => m.rolloutSec))
  const update = median(steady.map((m) => m.updateSec))
  const wall = median(r.updateAt.slice(skip + 1).map((t, i) => (t - (r.updateAt[i + skip] as number)) / 1000))
  return { updates: r.rows.length, rolloutSecPerUpdate: rollout, updateSecPerUpdate: update, samplePassesPerSec: (samples * (r.run.config.ppo.epochs ?? 1)) / update, cycleSec: wall, agentStepsPerSec: samples / wall, updatesPerSec: 1 / wall, lagKl: median(steady.map((m) => m.lagKl)) }
}
const first = results[loops[0] as string] as LoopResult
const run = first.run
const per = Object.fromEntries(loops.map((l) => [l, summary(results[l] as LoopResult)]))
const result = {
  format: 'tercio-bench-train/2',
  machine: machine(),
  backend: run.backend,
  scenario: run.config.scenario,
  config: { envs: run.config.envs, rollout: run.config.rollout, net: run.config.net, prior, epochs: run.config.ppo.epochs, minibatch: run.config.ppo.minibatch, imitateEnvs: run.config.imitate.envs, teacher: run.config.teacher },
  imitation: prior ? null : { minibatches: imitate, secondsPerMinibatch: first.imMinibatch, labelledDecisionsPerSec: run.config.imitate.envs / first.imMinibatch, phaseSeconds: first.imitateSeconds },
  loops: per,
  speedup: per['inline'] && per['thread'] ? per['thread'].agentStepsPerSec / per['inline'].agentStepsPerSec : null,
}
const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })
const rows: (string | number)[][] = []
if (result.imitation) rows.push([`imitation minibatch (${run.config.imitate.envs} envs, heuristic labels, one step)`, loops[0] as string, `${f(first.imMinibatch, 2)} s`, `${f(result.imitation.labelledDecisionsPerSec)} labelled decisions/s`])
for (const l of loops) {
  const s = per[l] as ReturnType<typeof summary>
  rows.push([l === 'thread' ? `learner waiting for the actor's rollout (${samples} agent steps)` : `PPO rollout (${samples} agent steps)`, l, `${f(s.rolloutSecPerUpdate, 2)} s`, ''])
  rows.push([`PPO update (${samples} samples x ${run.config.ppo.epochs} epochs${l === 'thread' ? ', lag correction' : ''})`, l, `${f(s.updateSecPerUpdate, 2)} s`, `${f(s.samplePassesPerSec)} sample-passes/s`])
  rows.push(['whole PPO update cycle', l, `${f(s.cycleSec, 2)} s`, `${f(s.agentStepsPerSec)} agent steps/s, ${f(s.updatesPerSec, 2)} updates/s`])
}
console.log(formatTable(['phase', 'loop', 'time', 'rate'], rows))
if (result.speedup !== null) console.log(`\nthread / inline agent steps/s: ${f(result.speedup, 2)}x`)
console.log(`\n${run.config.scenario}, ${run.backend}, net ${run.config.net}${prior ? ' with the heuristic prior (residual)' : ''}; ${result.machine.cpu}, ${result.machine.cores} cores, load ${result.machine.load.map((x) => x.toFixed(1)).join(' ')}`)
if (a.json) writeFileSync(a.json, JSON.stringify(result, null, 2) + '\n')
