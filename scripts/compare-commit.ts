// `npm run figures:compare -- --base REV`: this tree against an older commit, on this machine, side
// by side: the trainer (`--bench train`, the default) or the Python bridge (`--bench bridge`). The
// older commit is checked out in a temporary git worktree (removed on exit and Ctrl-C) whose
// node_modules is a hard-linked copy of this checkout's; then each tree's own bench runs with the
// same settings, alternating base, this tree, base, this tree ... (`--rounds`), each run a child
// process, so load that comes and goes falls on both alike.
//
// - train: each tree's `bench/train.ts` with the same imitation, updates and scenario; the median
//   agent steps/s of each side and their ratio go to docs/figures/data/trainer-vs-commit.json.
//   `--loop` names the loop of each tree's bench to read (the default of `tercio train`, `dual`); a
//   tree whose bench has no `--loops` option has one trainer loop, and that one is measured.
// - bridge: each tree's `bench/bridge.ts --async` (its own server and Python client, this checkout's
//   venv); the medians of each side's bridge steps/s, in-process steps/s, their ratio and the
//   server's CPU per message go to docs/figures/data/bridge-vs-commit.json.
//
// `npm run figures -- --render` shows them in docs/figures.md with both commits and the date.
//
//   npm run figures:compare -- --base f66f061 [--rounds 3] [--imitate 10] [--updates 8] [--loop dual]
//   npm run figures:compare -- --base f66f061 --bench bridge [--rounds 3]
//
// Not part of `npm run figures`: a round costs two trainer (or two bridge bench) runs.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { machine, median } from '../bench/bench.ts'
import { DATA_DIR, type BridgeSide, type BridgeVsCommit, type TrainerSide, type TrainerVsCommit } from './figures-render.ts'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const BENCHES = { train: 'trainer-vs-commit.json', bridge: 'bridge-vs-commit.json' } as const
type BenchName = keyof typeof BENCHES

const { values: a } = parseArgs({
  options: {
    base: { type: 'string' },
    bench: { type: 'string', default: 'train' },
    rounds: { type: 'string', default: '3' },
    imitate: { type: 'string', default: '10' },
    updates: { type: 'string', default: '8' },
    loop: { type: 'string', default: 'dual' },
    scenario: { type: 'string', default: 'piwam-training' },
    out: { type: 'string' },
  },
})
const fail = (msg: string): never => {
  console.error(`compare-commit: ${msg}`)
  process.exit(2)
}
const whole = (name: string, min: number): number => {
  const v = Number(a[name as keyof typeof a])
  return Number.isInteger(v) && v >= min ? v : fail(`--${name} must be a whole number >= ${min}, got ${a[name as keyof typeof a]}`)
}
const bench = String(a.bench) as BenchName
if (!(bench in BENCHES)) fail(`--bench must be ${Object.keys(BENCHES).join(' or ')}, got ${a.bench}`)
const out = a.out ?? relative(ROOT, join(ROOT, DATA_DIR, BENCHES[bench]))
const rounds = whole('rounds', 1)
const imitate = whole('imitate', 1)
const updates = whole('updates', 4)
const loop = String(a.loop)
if (!a.base) fail('--base REV is required (the older commit to compare with, e.g. --base HEAD~20)')

const git = (args: string[], cwd = ROOT): string => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
const resolve = (rev: string): string => {
  try {
    return git(['rev-parse', '--verify', `${rev}^{commit}`])
  } catch {
    return fail(`${rev}: not a commit of this clone (a shallow clone may lack it: git fetch --unshallow)`)
  }
}
const baseCommit = resolve(String(a.base))
const headCommit = resolve('HEAD')
const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== ''
if (baseCommit === headCommit) fail(`--base ${a.base} is this tree's commit: name an older one`)

/** A temporary worktree of the base commit with a hard-linked copy of this checkout's node_modules. */
const tree = mkdtempSync(join(tmpdir(), 'tercio-compare-'))
let removed = false
const removeTree = () => {
  if (removed) return
  removed = true
  try {
    git(['worktree', 'remove', '--force', tree]) // deletes the directory and its node_modules links
  } catch {
    rmSync(tree, { recursive: true, force: true })
    git(['worktree', 'prune'])
  }
}
process.on('SIGINT', () => {
  removeTree()
  process.exit(130)
})

interface Side {
  commit: string
  dir: string
  /** Whether this tree's bench/train.ts takes `--loops` (older ones time their one loop). */
  hasLoops: boolean
  loop: string
  /** One record of figures a run. */
  runs: Record<string, number>[]
  loads: number[]
}

const side = (commit: string, dir: string): Side => {
  const file = bench === 'train' ? 'bench/train.ts' : 'bench/bridge.ts'
  const path = join(dir, file)
  if (!existsSync(path)) fail(`${commit.slice(0, 12)} has no ${file} to measure it with`)
  const src = readFileSync(path, 'utf8')
  if (!src.includes('json:')) fail(`${commit.slice(0, 12)}: its ${file} writes no JSON (--json); pick a later commit`)
  if (bench === 'bridge' && !/\basync:\s*\{/.test(src)) fail(`${commit.slice(0, 12)}: its bench/bridge.ts has no --async client; pick a later commit`)
  const hasLoops = /\bloops:\s*\{/.test(src)
  return { commit, dir, hasLoops, runs: [], loads: [], loop: hasLoops ? loop : 'its only loop' }
}

/** The project's venv, for a tree (the base's worktree) that has none of its own. */
const python = process.env.TERCIO_PYTHON ?? join(ROOT, '.venv/bin/python')

/** One run of a tree's own bench: its figures. */
function measure(s: Side, round: number): Record<string, number> {
  const json = join(tmpdir(), `tercio-compare-${process.pid}-${s.commit.slice(0, 8)}-${round}.json`)
  const args =
    bench === 'train'
      ? ['bench/train.ts', '--imitate', String(imitate), '--updates', String(updates), '--scenario', String(a.scenario), '--json', json, ...(s.hasLoops ? ['--loops', loop] : [])]
      : ['bench/bridge.ts', '--async', '--scenario', String(a.scenario), '--json', json]
  const res = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: s.dir, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TERCIO_PYTHON: python } })
  if (res.status !== 0) throw new Error(`${args[0]} at ${s.commit.slice(0, 12)} failed (exit ${res.status}):\n${(res.stderr ?? '').trim().split('\n').slice(-8).join('\n')}`)
  const r = JSON.parse(readFileSync(json, 'utf8'))
  rmSync(json, { force: true })
  if (bench === 'bridge') {
    const b = r as { bridgeStepsPerSec: number; inProcessStepsPerSec: number; ratio: number; rounds: { serverCpuMsPerBatch: number }[] }
    return { bridgeStepsPerSec: b.bridgeStepsPerSec, inProcessStepsPerSec: b.inProcessStepsPerSec, ratio: b.ratio, serverCpuMsPerBatch: median(b.rounds.map((x) => x.serverCpuMsPerBatch)) }
  }
  const t = r as { loops?: Record<string, { agentStepsPerSec: number }>; ppo?: { agentStepsPerSec: number } }
  // tercio-bench-train/2 and later: one summary per loop; /1: the one loop under `ppo`.
  const v = t.loops ? t.loops[loop]?.agentStepsPerSec : t.ppo?.agentStepsPerSec
  if (v === undefined) throw new Error(`bench/train.ts at ${s.commit.slice(0, 12)} measured no '${loop}' loop`)
  return { agentStepsPerSec: v }
}

/** A commit subject cut at a word, for a table cell. */
const shorten = (t: string, n = 80): string => (t.length <= n ? t : `${t.slice(0, t.lastIndexOf(' ', n))} …`)

const t0 = performance.now()
try {
  git(['worktree', 'add', '--detach', tree, baseCommit])
  // Hard links: a copy in no time and no space; the older tree's package.json may name fewer packages, never needs others.
  execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(tree, 'node_modules')])
  const base = side(baseCommit, tree)
  const head = side(headCommit, ROOT)
  for (let i = 0; i < rounds; i++) {
    for (const s of [base, head]) {
      process.stderr.write(`compare-commit round ${i + 1}/${rounds}: ${s.commit.slice(0, 12)} (${((performance.now() - t0) / 60000).toFixed(1)} min)\n`)
      s.runs.push(measure(s, i))
      s.loads.push(loadavg()[0] as number)
    }
  }
  const med = (s: Side, key: string) => median(s.runs.map((r) => r[key] as number))
  const about = (s: Side, withChanges: boolean) => ({
    commit: s.commit.slice(0, 12),
    subject: shorten(git(['log', '-1', '--format=%s', s.commit])),
    committed: git(['log', '-1', '--format=%cI', s.commit]),
    withUncommittedChanges: withChanges,
    loads: s.loads,
  })
  const common = { machine: machine(), minutes: (performance.now() - t0) / 60000, scenario: String(a.scenario), rounds }
  let result: TrainerVsCommit | BridgeVsCommit
  if (bench === 'train') {
    const summary = (s: Side, withChanges: boolean): TrainerSide => ({ ...about(s, withChanges), loop: s.loop, agentStepsPerSec: med(s, 'agentStepsPerSec'), runs: s.runs.map((r) => r.agentStepsPerSec as number) })
    result = {
      format: 'tercio-trainer-vs-commit/1',
      ...common,
      command: `npm run figures:compare -- --base ${baseCommit.slice(0, 12)} --rounds ${rounds} --imitate ${imitate} --updates ${updates} --loop ${loop}`,
      imitate,
      updates,
      base: summary(base, false),
      head: summary(head, dirty),
      ratio: med(head, 'agentStepsPerSec') / med(base, 'agentStepsPerSec'),
    }
    console.log(`${headCommit.slice(0, 12)} (${head.loop}): ${Math.round(result.head.agentStepsPerSec)} agent steps/s; ${baseCommit.slice(0, 12)} (${base.loop}): ${Math.round(result.base.agentStepsPerSec)}; ratio ${result.ratio.toFixed(2)}x, median of ${rounds} round(s) each`)
  } else {
    const summary = (s: Side, withChanges: boolean): BridgeSide => ({
      ...about(s, withChanges),
      bridgeStepsPerSec: med(s, 'bridgeStepsPerSec'),
      inProcessStepsPerSec: med(s, 'inProcessStepsPerSec'),
      ratio: med(s, 'ratio'),
      serverCpuMsPerBatch: med(s, 'serverCpuMsPerBatch'),
      ratios: s.runs.map((r) => r.ratio as number),
    })
    result = {
      format: 'tercio-bridge-vs-commit/1',
      ...common,
      command: `npm run figures:compare -- --base ${baseCommit.slice(0, 12)} --bench bridge --rounds ${rounds}`,
      base: summary(base, false),
      head: summary(head, dirty),
      speedup: med(head, 'bridgeStepsPerSec') / med(base, 'bridgeStepsPerSec'),
    }
    const line = (x: BridgeSide) => `${x.commit}: bridge ${Math.round(x.bridgeStepsPerSec)} steps/s, ${Math.round(100 * x.ratio)}% of in-process, server ${x.serverCpuMsPerBatch.toFixed(2)} ms CPU a message`
    console.log(`${line(result.head)}; ${line(result.base)}; bridge steps/s ${result.speedup.toFixed(2)}x, medians of ${rounds} round(s) each`)
  }
  writeFileSync(join(ROOT, out), JSON.stringify(result, null, 2) + '\n')
  console.log(`wrote ${out}; npm run figures -- --render shows it in docs/figures.md`)
} finally {
  removeTree()
}
