// Training throughput on the default backend: short runs of the real trainer with the
// default settings (imitation phase, then PPO with the teacher term; evaluations off), timed
// per phase from the trainer's own metrics, for each training loop side by side in one
// process: `inline` (collect, then update, on one thread: the sequential loop), `thread` (an
// actor worker thread collects the next rollout while the learner updates, one update behind)
// and `dual` (a helper thread collects half the envs and computes half of every minibatch's
// gradient: both cores, no lag). Every run gets the same seed, imitation and number of
// updates; `--repeat R` runs the list R times, interleaved (inline, dual, inline, dual, ...),
// so a machine whose load changes affects every loop alike. Each run prints the load average
// at its end and the process CPU time per update (all threads). To compare with an older
// commit, run this bench in a checkout of each (a figure of docs/figures.md names both
// commits). The first five PPO updates (value warm-up, JIT; half of a
// shorter run) are left out of the medians. `--prior`: the shipped baseline's recipe instead
// (a residual net over the heuristic, no imitation, no teacher term, lr 3e-3), whose rollouts
// also ask the heuristic for its proposal.
//
//   npx tsx bench/train.ts [--imitate 60] [--updates 20] [--loops inline,thread,dual] [--repeat 1] [--prior] [--scenario piwam-training] [--json FILE]
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
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
    loops: { type: 'string', default: 'inline,thread,dual' },
    repeat: { type: 'string', default: '1' },
    prior: { type: 'boolean', default: false },
    scenario: { type: 'string', default: DEFAULT_TRAIN.scenario },
    json: { type: 'string' },
  },
})
const prior = a.prior === true
const updates = Number(a.updates)
const imitate = prior ? 0 : Number(a.imitate)
const LOOPS = ['inline', 'thread', 'dual'] as const
type Loop = (typeof LOOPS)[number]
const loops = [...new Set(String(a.loops).split(','))] as Loop[]
const repeat = Number(a.repeat)
if ((!prior && (!Number.isInteger(imitate) || imitate < 1)) || !Number.isInteger(updates) || updates < 4) {
  console.error('--imitate must be a whole number >= 1 and --updates >= 4')
  process.exit(2)
}
if (loops.length === 0 || loops.some((l) => !LOOPS.includes(l))) {
  console.error(`--loops must list inline, thread and/or dual, got ${a.loops}`)
  process.exit(2)
}
if (!Number.isInteger(repeat) || repeat < 1) {
  console.error(`--repeat must be a whole number >= 1, got ${a.repeat}`)
  process.exit(2)
}
const recipe = prior ? { prior: true, teacher: { coef: 0, updates: 1 }, ppo: { lr: 3e-3 } } : {}
const samples = DEFAULT_TRAIN.envs * DEFAULT_TRAIN.rollout

interface LoopResult {
  loop: Loop
  run: TrainRun
  imMinibatch: number
  imitateSeconds: number
  rows: UpdateMetrics[]
  updateAt: number[]
  cpuAt: number[]
  threadsAt: Map<number, number>[]
  /** 1-minute load average when the run ended. */
  load: number
}

/** CPU seconds of each thread of this process (Linux: /proc/self/task/<tid>/stat utime +
 *  stime, in clock ticks of 1/100 s); empty elsewhere. */
function threadCpu(): Map<number, number> {
  const out = new Map<number, number>()
  if (!existsSync('/proc/self/task')) return out
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const st = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ') // fields from the 3rd on
      out.set(Number(tid), (Number(f[11]) + Number(f[12])) / 100)
    } catch {
      // the thread ended
    }
  }
  return out
}

const cpuSec = () => {
  const u = process.cpuUsage() // the whole process: every thread
  return (u.user + u.system) / 1e6
}

async function measure(loop: Loop, bar: Progress, done: number): Promise<LoopResult> {
  const out = mkdtempSync(join(tmpdir(), 'tercio-bench-train-'))
  const rows: UpdateMetrics[] = []
  const imitateAt: [step: number, seconds: number][] = []
  const updateAt: number[] = []
  const cpuAt: number[] = []
  const threadsAt: Map<number, number>[] = []
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
          cpuAt.push(cpuSec())
          threadsAt.push(threadCpu())
          rows.push(m)
          bar.update(done + imitate + m.update)
        },
      },
    })
    // From the first report on when there are two (the first interval holds the env setup).
    const [s0, t0s] = imitateAt.length > 1 ? (imitateAt[0] as [number, number]) : [0, 0]
    const [s1, t1s] = imitateAt[imitateAt.length - 1] ?? [1, NaN]
    return { loop, run, imMinibatch: (t1s - t0s) / (s1 - s0), imitateSeconds, rows, updateAt, cpuAt, threadsAt, load: loadavg()[0] as number }
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

// Leave out the first updates (value warm-up, JIT): five, or half of a short run.
const skip = Math.min(5, Math.floor(updates / 2))
const diffs = (xs: number[]) => xs.slice(skip + 1).map((t, i) => t - (xs[i + skip] as number))
/** Median CPU seconds per update of this thread (the trainer's) and of the busiest other
 *  thread (the actor or helper thread; GC and libuv threads are far below it). */
const perThread = (r: LoopResult): { main: number; other: number } => {
  const main: number[] = []
  const other: number[] = []
  for (let i = skip + 1; i < r.threadsAt.length; i++) {
    const a = r.threadsAt[i - 1] as Map<number, number>
    const b = r.threadsAt[i] as Map<number, number>
    let o = 0
    for (const [tid, t] of b) {
      const d = t - (a.get(tid) ?? t)
      if (tid === process.pid) main.push(d)
      else o = Math.max(o, d)
    }
    other.push(o)
  }
  return { main: main.length ? median(main) : NaN, other: other.length ? median(other) : NaN }
}
type Summary = ReturnType<typeof summary>
const summary = (r: LoopResult) => {
  const th = perThread(r)
  const steady = r.rows.slice(skip)
  const rollout = median(steady.map((m) => m.rolloutSec))
  const update = median(steady.map((m) => m.updateSec))
  const wall = median(diffs(r.updateAt)) / 1000
  return { loop: r.loop, updates: r.rows.length, rolloutSecPerUpdate: rollout, updateSecPerUpdate: update, samplePassesPerSec: (samples * (r.run.config.ppo.epochs ?? 1)) / update, cycleSec: wall, agentStepsPerSec: samples / wall, updatesPerSec: 1 / wall, cpuSecPerUpdate: median(diffs(r.cpuAt)), mainThreadCpuSec: th.main, otherThreadCpuSec: th.other, busiestThreadAgentStepsPerSec: samples / Math.max(th.main, th.other), lagKl: median(steady.map((m) => m.lagKl)), load: r.load }
}
const order = Array.from({ length: repeat }, () => loops).flat()
const bar = new Progress({ label: 'bench train', total: order.length * (imitate + updates), unit: 'steps' })
const results: LoopResult[] = []
const runs: Summary[] = []
for (const [i, loop] of order.entries()) {
  const r = await measure(loop, bar, i * (imitate + updates))
  results.push(r)
  runs.push(summary(r))
}
bar.done()
const first = results[0] as LoopResult
const run = first.run
// Per loop: the run with the median agent steps/s (with --repeat 1 the only run).
const per = Object.fromEntries(
  loops.map((l) => {
    const mine = runs.filter((r) => r.loop === l).sort((x, y) => x.agentStepsPerSec - y.agentStepsPerSec)
    return [l, { ...(mine[Math.floor((mine.length - 1) / 2)] as Summary), runs: mine.length }]
  }),
)
const base = per['inline']
const speedup = base ? Object.fromEntries(loops.filter((l) => l !== 'inline').map((l) => [l, (per[l] as Summary).agentStepsPerSec / base.agentStepsPerSec])) : {}
const result = {
  format: 'tercio-bench-train/5',
  machine: machine(),
  backend: run.backend,
  scenario: run.config.scenario,
  config: { envs: run.config.envs, rollout: run.config.rollout, net: run.config.net, prior, epochs: run.config.ppo.epochs, minibatch: run.config.ppo.minibatch, imitateEnvs: run.config.imitate.envs, teacher: run.config.teacher },
  imitation: prior ? null : { minibatches: imitate, secondsPerMinibatch: first.imMinibatch, labelledDecisionsPerSec: run.config.imitate.envs / first.imMinibatch, phaseSeconds: first.imitateSeconds },
  runs,
  loops: per,
  speedup,
}
const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })
const rows: (string | number)[][] = []
if (result.imitation) rows.push([`imitation minibatch (${run.config.imitate.envs} envs, heuristic labels, one step)`, first.loop, '', `${f(first.imMinibatch, 2)} s`, `${f(result.imitation.labelledDecisionsPerSec)} labelled decisions/s`])
const what: Record<Loop, string> = { inline: 'PPO rollout', thread: "learner waiting for the actor's rollout", dual: 'PPO rollout (half the envs on each thread)' }
for (const [i, s] of runs.entries()) {
  const run = `${i + 1}, load ${f(s.load, 1)}`
  rows.push([`${what[s.loop]} (${samples} agent steps)`, s.loop, run, `${f(s.rolloutSecPerUpdate, 2)} s`, ''])
  rows.push([`PPO update (${samples} samples x ${first.run.config.ppo.epochs} epochs${s.loop === 'thread' ? ', lag correction' : s.loop === 'dual' ? ', gradients on two threads' : ''})`, s.loop, run, `${f(s.updateSecPerUpdate, 2)} s`, `${f(s.samplePassesPerSec)} sample-passes/s`])
  rows.push(['whole PPO update cycle', s.loop, run, `${f(s.cycleSec, 2)} s`, `${f(s.agentStepsPerSec)} agent steps/s, ${f(s.updatesPerSec, 2)} updates/s, ${f(s.cpuSecPerUpdate, 2)} CPU s/update`])
  rows.push(['CPU per update: trainer thread / busiest other thread', s.loop, run, `${f(s.mainThreadCpuSec, 2)} / ${f(s.otherThreadCpuSec, 2)} s`, `${f(s.busiestThreadAgentStepsPerSec)} agent steps/s if the busiest thread had a core to itself`])
}
console.log(formatTable(['phase', 'loop', 'run', 'time', 'rate'], rows))
const medianNote = repeat > 1 ? ` (median runs of ${repeat})` : ''
for (const [l, x] of Object.entries(speedup)) console.log(`\n${l} / inline agent steps/s: ${f(x, 2)}x${medianNote}`)
// Wall time on a loaded machine says little; the busiest thread's CPU time per update is what
// the cycle would take with a core per thread (it leaves out waits between the threads).
if (base) for (const l of loops.filter((x) => x !== 'inline')) console.log(`${l} / inline by the busiest thread's CPU time per update: ${f((per[l] as Summary).busiestThreadAgentStepsPerSec / base.busiestThreadAgentStepsPerSec, 2)}x`)
console.log(`\n${run.config.scenario}, ${run.backend}, net ${run.config.net}${prior ? ' with the heuristic prior (residual)' : ''}; ${result.machine.cpu}, ${result.machine.cores} cores, load ${result.machine.load.map((x) => x.toFixed(1)).join(' ')}`)
if (a.json) writeFileSync(a.json, JSON.stringify(result, null, 2) + '\n')
