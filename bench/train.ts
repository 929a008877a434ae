// Training throughput on the default backend: short runs of the real trainer with the
// default settings (imitation phase, then PPO with the teacher term; evaluations off), timed
// per phase from the trainer's own metrics, for each training loop side by side in one
// process: `inline` (collect, then update, on one thread: the sequential loop), `thread` (an
// actor worker thread collects the next rollout while the learner updates, one update behind)
// and `dual` (a helper thread collects half the envs and computes half of every minibatch's
// gradient: both cores, no lag). `issue-day` is the trainer of the day issue 22 was filed
// (commit f66f061, the last before that round: its one-thread loop): its own bench/train.ts,
// run in a child process from a temporary git worktree with this checkout's node_modules, so
// the new loops are compared in the same run with the code they replaced. Every run gets the
// same seed, imitation and number of updates; `--repeat R` runs the list R times, interleaved
// (inline, dual, inline, dual, ...), so a machine whose load changes affects every loop alike.
// Each run prints the load average at its end and the process CPU time per update (all
// threads; not for issue-day). The first five PPO updates (value warm-up, JIT; half of a
// shorter run) are left out of the medians. `--prior`: the shipped baseline's recipe instead
// (a residual net over the heuristic, no imitation, no teacher term, lr 3e-3), whose rollouts
// also ask the heuristic for its proposal.
//
//   npx tsx bench/train.ts [--imitate 60] [--updates 20] [--loops inline,thread,dual,issue-day] [--repeat 1] [--prior] [--scenario piwam-training] [--json FILE]
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
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
type Loop = 'inline' | 'thread' | 'dual' | 'issue-day'
const LOOPS: readonly string[] = ['inline', 'thread', 'dual', 'issue-day']
/** The last commit before the round of issue 22 ("≥ 2× today's agent steps/s"): its trainer
 *  is the `issue-day` loop. */
const ISSUE_DAY_COMMIT = 'f66f061'
const loops = [...new Set(String(a.loops).split(','))] as Loop[]
const repeat = Number(a.repeat)
if ((!prior && (!Number.isInteger(imitate) || imitate < 1)) || !Number.isInteger(updates) || updates < 4) {
  console.error('--imitate must be a whole number >= 1 and --updates >= 4')
  process.exit(2)
}
if (loops.length === 0 || loops.some((l) => !LOOPS.includes(l))) {
  console.error(`--loops must list inline, thread, dual and/or issue-day, got ${a.loops}`)
  process.exit(2)
}
if (loops.every((l) => l === 'issue-day')) {
  console.error('--loops: issue-day is compared with a loop of this checkout; list inline, thread or dual too')
  process.exit(2)
}
if (!Number.isInteger(repeat) || repeat < 1) {
  console.error(`--repeat must be a whole number >= 1, got ${a.repeat}`)
  process.exit(2)
}
const recipe = prior ? { prior: true, teacher: { coef: 0, updates: 1 }, ppo: { lr: 3e-3 } } : {}
const samples = DEFAULT_TRAIN.envs * DEFAULT_TRAIN.rollout

type InProcess = Exclude<Loop, 'issue-day'>
interface LoopResult {
  loop: InProcess
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

async function measure(loop: InProcess, bar: Progress, done: number): Promise<LoopResult> {
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
  return { loop: r.loop as Loop, updates: r.rows.length, rolloutSecPerUpdate: rollout, updateSecPerUpdate: update, samplePassesPerSec: (samples * (r.run.config.ppo.epochs ?? 1)) / update, cycleSec: wall, agentStepsPerSec: samples / wall, updatesPerSec: 1 / wall, cpuSecPerUpdate: median(diffs(r.cpuAt)), mainThreadCpuSec: th.main, otherThreadCpuSec: th.other, busiestThreadAgentStepsPerSec: samples / Math.max(th.main, th.other), lagKl: median(steady.map((m) => m.lagKl)), load: r.load }
}
/** A temporary git worktree of ISSUE_DAY_COMMIT that uses this checkout's node_modules. */
function issueDayTree(): { tree: string; remove: () => void } {
  const git = (args: string[], cwd: string) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
  let root: string
  try {
    root = git(['rev-parse', '--show-toplevel'], dirname(fileURLToPath(import.meta.url)))
    git(['cat-file', '-e', `${ISSUE_DAY_COMMIT}^{commit}`], root)
  } catch {
    console.error(`--loops issue-day needs a git clone holding commit ${ISSUE_DAY_COMMIT} (a shallow clone lacks it: git fetch --unshallow)`)
    process.exit(2)
  }
  const tree = mkdtempSync(join(tmpdir(), 'tercio-issue-day-')) // git accepts an empty directory
  git(['worktree', 'add', '--detach', tree, ISSUE_DAY_COMMIT], root)
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'))
  return {
    tree,
    remove: () => {
      if (existsSync(tree)) git(['worktree', 'remove', '--force', tree], root) // deletes the directory too
    },
  }
}

/** The issue-day trainer's own bench, same imitation, updates, scenario and recipe, in a child
 *  process: its run's summary and the training config it ran with. */
function measureIssueDay(tree: string): { summary: Summary; config: Record<string, unknown> } {
  const json = join(tree, 'bench-train.json')
  try {
    execFileSync(process.execPath, ['--import', 'tsx', 'bench/train.ts', ...(prior ? ['--prior'] : ['--imitate', String(imitate)]), '--updates', String(updates), '--scenario', String(a.scenario), '--json', json], { cwd: tree, stdio: ['ignore', 'ignore', 'pipe'] })
  } catch (e) {
    const err = String((e as { stderr?: Buffer }).stderr ?? e).trim().split('\n').slice(-5).join('\n')
    throw new Error(`the issue-day trainer (${ISSUE_DAY_COMMIT}) failed:\n${err}`)
  }
  const j = JSON.parse(readFileSync(json, 'utf8')) as { config: Record<string, unknown>; ppo: { updates: number; rolloutSecPerUpdate: number; updateSecPerUpdate: number; samplePassesPerSec: number; agentStepsPerSec: number; updatesPerSec: number } }
  const p = j.ppo
  const summary: Summary = { loop: 'issue-day', updates: p.updates, rolloutSecPerUpdate: p.rolloutSecPerUpdate, updateSecPerUpdate: p.updateSecPerUpdate, samplePassesPerSec: p.samplePassesPerSec, cycleSec: 1 / p.updatesPerSec, agentStepsPerSec: p.agentStepsPerSec, updatesPerSec: p.updatesPerSec, cpuSecPerUpdate: NaN, mainThreadCpuSec: NaN, otherThreadCpuSec: NaN, busiestThreadAgentStepsPerSec: NaN, lagKl: NaN, load: loadavg()[0] as number }
  return { summary, config: j.config }
}

const order = Array.from({ length: repeat }, () => loops).flat()
const bar = new Progress({ label: 'bench train', total: order.length * (imitate + updates), unit: 'steps' })
const results: LoopResult[] = []
const runs: Summary[] = []
let issueDayConfig: Record<string, unknown> | null = null
const issueDay = loops.includes('issue-day') ? issueDayTree() : null
// Ctrl-C skips the finally below: remove the worktree then too.
process.on('SIGINT', () => {
  issueDay?.remove()
  process.exit(130)
})
try {
  for (const [i, loop] of order.entries()) {
    if (loop === 'issue-day') {
      const m = measureIssueDay((issueDay as { tree: string }).tree)
      runs.push(m.summary)
      issueDayConfig = m.config
      bar.update((i + 1) * (imitate + updates))
    } else {
      const r = await measure(loop, bar, i * (imitate + updates))
      results.push(r)
      runs.push(summary(r))
    }
  }
} finally {
  bar.done()
  issueDay?.remove()
}
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
const over = (b: Summary | undefined) => (b ? Object.fromEntries(loops.filter((l) => l !== b.loop).map((l) => [l, (per[l] as Summary).agentStepsPerSec / b.agentStepsPerSec])) : {})
const speedup = over(base)
const speedupOverIssueDay = over(per['issue-day'])
const result = {
  format: 'tercio-bench-train/4',
  machine: machine(),
  backend: run.backend,
  scenario: run.config.scenario,
  config: { envs: run.config.envs, rollout: run.config.rollout, net: run.config.net, prior, epochs: run.config.ppo.epochs, minibatch: run.config.ppo.minibatch, imitateEnvs: run.config.imitate.envs, teacher: run.config.teacher },
  imitation: prior ? null : { minibatches: imitate, secondsPerMinibatch: first.imMinibatch, labelledDecisionsPerSec: run.config.imitate.envs / first.imMinibatch, phaseSeconds: first.imitateSeconds },
  ...(issueDayConfig ? { issueDay: { commit: ISSUE_DAY_COMMIT, config: issueDayConfig } } : {}),
  runs,
  loops: per,
  speedup,
  speedupOverIssueDay,
}
const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d })
const rows: (string | number)[][] = []
if (result.imitation) rows.push([`imitation minibatch (${run.config.imitate.envs} envs, heuristic labels, one step)`, first.loop, '', `${f(first.imMinibatch, 2)} s`, `${f(result.imitation.labelledDecisionsPerSec)} labelled decisions/s`])
const what: Record<Loop, string> = { inline: 'PPO rollout', thread: "learner waiting for the actor's rollout", dual: 'PPO rollout (half the envs on each thread)', 'issue-day': `PPO rollout (the ${ISSUE_DAY_COMMIT} trainer)` }
for (const [i, s] of runs.entries()) {
  const run = `${i + 1}, load ${f(s.load, 1)}`
  rows.push([`${what[s.loop]} (${samples} agent steps)`, s.loop, run, `${f(s.rolloutSecPerUpdate, 2)} s`, ''])
  rows.push([`PPO update (${samples} samples x ${first.run.config.ppo.epochs} epochs${s.loop === 'thread' ? ', lag correction' : s.loop === 'dual' ? ', gradients on two threads' : ''})`, s.loop, run, `${f(s.updateSecPerUpdate, 2)} s`, `${f(s.samplePassesPerSec)} sample-passes/s`])
  const cpu = s.loop === 'issue-day' ? '' : `, ${f(s.cpuSecPerUpdate, 2)} CPU s/update` // another process: its CPU is not seen here
  rows.push(['whole PPO update cycle', s.loop, run, `${f(s.cycleSec, 2)} s`, `${f(s.agentStepsPerSec)} agent steps/s, ${f(s.updatesPerSec, 2)} updates/s${cpu}`])
  if (s.loop !== 'issue-day') rows.push(['CPU per update: trainer thread / busiest other thread', s.loop, run, `${f(s.mainThreadCpuSec, 2)} / ${f(s.otherThreadCpuSec, 2)} s`, `${f(s.busiestThreadAgentStepsPerSec)} agent steps/s if the busiest thread had a core to itself`])
}
console.log(formatTable(['phase', 'loop', 'run', 'time', 'rate'], rows))
const medianNote = repeat > 1 ? ` (median runs of ${repeat})` : ''
for (const [l, x] of Object.entries(speedup)) console.log(`\n${l} / inline agent steps/s: ${f(x, 2)}x${medianNote}`)
for (const [l, x] of Object.entries(speedupOverIssueDay)) console.log(`${l} / issue-day (${ISSUE_DAY_COMMIT}) agent steps/s: ${f(x, 2)}x${medianNote}`)
// Wall time on a loaded machine says little; the busiest thread's CPU time per update is what
// the cycle would take with a core per thread (it leaves out waits between the threads).
if (base) for (const l of loops.filter((x) => x !== 'inline' && x !== 'issue-day')) console.log(`${l} / inline by the busiest thread's CPU time per update: ${f((per[l] as Summary).busiestThreadAgentStepsPerSec / base.busiestThreadAgentStepsPerSec, 2)}x`)
console.log(`\n${run.config.scenario}, ${run.backend}, net ${run.config.net}${prior ? ' with the heuristic prior (residual)' : ''}; ${result.machine.cpu}, ${result.machine.cores} cores, load ${result.machine.load.map((x) => x.toFixed(1)).join(' ')}`)
if (a.json) writeFileSync(a.json, JSON.stringify(result, null, 2) + '\n')
