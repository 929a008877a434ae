// Training throughput on the default backend: a short run of the real trainer with the
// default settings (imitation phase, then PPO with the teacher term; evaluations off), timed
// per phase from the trainer's own metrics. The first five PPO updates (value warm-up, JIT;
// half of a shorter run) are left out of the medians. `--prior`: the shipped baseline's recipe
// instead (a residual net over the heuristic, no imitation, no teacher term, lr 3e-3), whose
// rollouts also ask the heuristic for its proposal at each decision.
//
//   npx tsx bench/train.ts [--imitate 60] [--updates 20] [--prior] [--scenario piwam-training] [--json FILE]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { train, type UpdateMetrics } from '../training/train/trainer.ts'
import { DEFAULT_TRAIN } from '../training/train/config.ts'
import { formatTable } from '../cli/table.ts'
import { Progress } from '../cli/progress.ts'
import { machine, median } from './bench.ts'

const { values: a } = parseArgs({
  options: {
    imitate: { type: 'string', default: '60' },
    updates: { type: 'string', default: '20' },
    prior: { type: 'boolean', default: false },
    scenario: { type: 'string', default: DEFAULT_TRAIN.scenario },
    json: { type: 'string' },
  },
})
const prior = a.prior === true
const updates = Number(a.updates)
const imitate = prior ? 0 : Number(a.imitate)
if ((!prior && (!Number.isInteger(imitate) || imitate < 1)) || !Number.isInteger(updates) || updates < 4) {
  console.error('--imitate must be a whole number >= 1 and --updates >= 4')
  process.exit(2)
}
const recipe = prior ? { prior: true, teacher: { coef: 0, updates: 1 }, ppo: { lr: 3e-3 } } : {}

const out = mkdtempSync(join(tmpdir(), 'tercio-bench-train-'))
const rows: UpdateMetrics[] = []
const imitateAt: [step: number, seconds: number][] = []
const updateAt: number[] = []
let t0 = 0
const bar = new Progress({ label: 'bench train', total: imitate + updates, unit: 'steps' })
let imitateSeconds = 0
let run
try {
  t0 = performance.now()
  run = await train({ scenario: a.scenario as string, imitate: { ...DEFAULT_TRAIN.imitate, steps: imitate }, evalEvery: 0, evalGames: 2, ...recipe }, out, { steps: updates * DEFAULT_TRAIN.envs * DEFAULT_TRAIN.rollout }, {
    hooks: {
      log: () => {},
      onImitate: (s) => {
        // Reports come every 10 minibatches, with the seconds since the trainer started.
        imitateAt.push([s.step, s.seconds])
        bar.update(s.step)
        if (s.step === imitate) imitateSeconds = (performance.now() - t0) / 1000
      },
      onUpdate: (m) => {
        updateAt.push(performance.now())
        rows.push(m)
        bar.update(imitate + m.update)
      },
    },
  })
} finally {
  bar.done()
  rmSync(out, { recursive: true, force: true })
}

// Leave out the first updates (value warm-up, JIT): five, or half of a short run.
const skip = Math.min(5, Math.floor(updates / 2))
const steady = rows.slice(skip)
const samples = DEFAULT_TRAIN.envs * DEFAULT_TRAIN.rollout
const rollout = median(steady.map((m) => m.rolloutSec))
const update = median(steady.map((m) => m.updateSec))
const wall = median(updateAt.slice(skip + 1).map((t, i) => (t - (updateAt[i + skip] as number)) / 1000))
// From the first report on when there are two (the first interval holds the env setup).
const [s0, t0s] = imitateAt.length > 1 ? (imitateAt[0] as [number, number]) : [0, 0]
const [s1, t1s] = imitateAt[imitateAt.length - 1] ?? [1, NaN]
const imMinibatch = (t1s - t0s) / (s1 - s0)
const result = {
  format: 'tercio-bench-train/1',
  machine: machine(),
  backend: run.backend,
  scenario: run.config.scenario,
  config: { envs: run.config.envs, rollout: run.config.rollout, net: run.config.net, prior, epochs: run.config.ppo.epochs, minibatch: run.config.ppo.minibatch, imitateEnvs: run.config.imitate.envs, teacher: run.config.teacher },
  imitation: prior ? null : { minibatches: imitate, secondsPerMinibatch: imMinibatch, labelledDecisionsPerSec: run.config.imitate.envs / imMinibatch, phaseSeconds: imitateSeconds },
  ppo: { updates: rows.length, rolloutSecPerUpdate: rollout, rolloutAgentStepsPerSec: samples / rollout, updateSecPerUpdate: update, samplePassesPerSec: (samples * (run.config.ppo.epochs ?? 1)) / update, agentStepsPerSec: samples / wall, updatesPerSec: 1 / wall },
}
const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })
console.log(
  formatTable(
    ['phase', 'time', 'rate'],
    [
      ...(result.imitation ? [[`imitation minibatch (${run.config.imitate.envs} envs, heuristic labels, one step)`, `${f(imMinibatch, 2)} s`, `${f(result.imitation.labelledDecisionsPerSec)} labelled decisions/s`]] : []),
      [`PPO rollout (${samples} agent steps)`, `${f(rollout, 2)} s`, `${f(result.ppo.rolloutAgentStepsPerSec)} agent steps/s`],
      [`PPO update (${samples} samples x ${run.config.ppo.epochs} epochs)`, `${f(update, 2)} s`, `${f(result.ppo.samplePassesPerSec)} sample-passes/s`],
      ['whole PPO update cycle', `${f(wall, 2)} s`, `${f(result.ppo.agentStepsPerSec)} agent steps/s, ${f(result.ppo.updatesPerSec, 2)} updates/s`],
    ],
  ),
)
console.log(`\n${run.config.scenario}, ${run.backend}, net ${run.config.net}${prior ? ' with the heuristic prior (residual)' : ''}; ${result.machine.cpu}, ${result.machine.cores} cores, load ${result.machine.load[0]?.toFixed(1)}`)
if (a.json) writeFileSync(a.json, JSON.stringify(result, null, 2) + '\n')
