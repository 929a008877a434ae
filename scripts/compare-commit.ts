// `npm run figures:compare -- --base REV`: the trainer of this tree against the trainer of an
// older commit, on this machine, side by side. The older commit is checked out in a temporary
// git worktree (removed on exit and Ctrl-C) whose node_modules is a hard-linked copy of this
// checkout's; then each tree's own `bench/train.ts` runs with the same imitation, updates and
// scenario, alternating base, this tree, base, this tree ... (`--rounds`), each run a child
// process, so load that comes and goes falls on both alike. The median agent steps/s of each
// side and their ratio go to docs/figures/data/trainer-vs-commit.json, which
// `npm run figures -- --render` shows in docs/figures.md with both commits and the date.
//
//   npm run figures:compare -- --base f66f061 [--rounds 3] [--imitate 10] [--updates 8] [--loop dual]
//
// `--loop` names the loop of each tree's bench to read (the default of `tercio train`, `dual`); a
// tree whose bench has no `--loops` option has one trainer loop, and that one is measured.
// Not part of `npm run figures`: a round costs two trainer runs.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { machine, median } from '../bench/bench.ts'
import { DATA_DIR, type TrainerVsCommit } from './figures-render.ts'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const OUT = join(ROOT, DATA_DIR, 'trainer-vs-commit.json')

const { values: a } = parseArgs({
  options: {
    base: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    imitate: { type: 'string', default: '10' },
    updates: { type: 'string', default: '8' },
    loop: { type: 'string', default: 'dual' },
    scenario: { type: 'string', default: 'piwam-training' },
    out: { type: 'string', default: relative(ROOT, OUT) },
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
  agentStepsPerSec: number[]
  loads: number[]
  loop: string
}

const side = (commit: string, dir: string): Side => {
  const bench = join(dir, 'bench/train.ts')
  if (!existsSync(bench)) fail(`${commit.slice(0, 12)} has no bench/train.ts to measure its trainer with`)
  const src = readFileSync(bench, 'utf8')
  if (!src.includes('json:')) fail(`${commit.slice(0, 12)}: its bench/train.ts writes no JSON (--json); pick a later commit`)
  const hasLoops = /\bloops:\s*\{/.test(src)
  return { commit, dir, hasLoops, agentStepsPerSec: [], loads: [], loop: hasLoops ? loop : 'its only loop' }
}

/** One run of a tree's own bench; the agent steps/s of the loop it measured. */
function measure(s: Side, round: number): number {
  const json = join(tmpdir(), `tercio-compare-${process.pid}-${s.commit.slice(0, 8)}-${round}.json`)
  const args = ['--import', 'tsx', 'bench/train.ts', '--imitate', String(imitate), '--updates', String(updates), '--scenario', String(a.scenario), '--json', json, ...(s.hasLoops ? ['--loops', loop] : [])]
  const res = spawnSync(process.execPath, args, { cwd: s.dir, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] })
  if (res.status !== 0) throw new Error(`bench/train.ts at ${s.commit.slice(0, 12)} failed (exit ${res.status}):\n${(res.stderr ?? '').trim().split('\n').slice(-8).join('\n')}`)
  const r = JSON.parse(readFileSync(json, 'utf8')) as { loops?: Record<string, { agentStepsPerSec: number }>; ppo?: { agentStepsPerSec: number } }
  rmSync(json, { force: true })
  // tercio-bench-train/2 and later: one summary per loop; /1: the one loop under `ppo`.
  const v = r.loops ? r.loops[loop]?.agentStepsPerSec : r.ppo?.agentStepsPerSec
  if (v === undefined) throw new Error(`bench/train.ts at ${s.commit.slice(0, 12)} measured no '${loop}' loop`)
  return v
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
      s.agentStepsPerSec.push(measure(s, i))
      s.loads.push(loadavg()[0] as number)
    }
  }
  const summary = (s: Side, withChanges: boolean) => ({
    commit: s.commit.slice(0, 12),
    subject: shorten(git(['log', '-1', '--format=%s', s.commit])),
    committed: git(['log', '-1', '--format=%cI', s.commit]),
    withUncommittedChanges: withChanges,
    loop: s.loop,
    agentStepsPerSec: median(s.agentStepsPerSec),
    runs: s.agentStepsPerSec,
    loads: s.loads,
  })
  const result: TrainerVsCommit = {
    format: 'tercio-trainer-vs-commit/1',
    machine: machine(),
    minutes: (performance.now() - t0) / 60000,
    command: `npm run figures:compare -- --base ${baseCommit.slice(0, 12)} --rounds ${rounds} --imitate ${imitate} --updates ${updates} --loop ${loop}`,
    scenario: String(a.scenario),
    imitate,
    updates,
    rounds,
    base: summary(base, false),
    head: summary(head, dirty),
    ratio: median(head.agentStepsPerSec) / median(base.agentStepsPerSec),
  }
  writeFileSync(join(ROOT, String(a.out)), JSON.stringify(result, null, 2) + '\n')
  console.log(`${headCommit.slice(0, 12)} (${head.loop}): ${Math.round(result.head.agentStepsPerSec)} agent steps/s; ${baseCommit.slice(0, 12)} (${base.loop}): ${Math.round(result.base.agentStepsPerSec)}; ratio ${result.ratio.toFixed(2)}x, median of ${rounds} round(s) each`)
  console.log(`wrote ${a.out}; npm run figures -- --render shows it in docs/figures.md`)
} finally {
  removeTree()
}
