// `npm run figures`: runs the benches and tournaments behind the project's headline figures,
// keeps their JSON under docs/figures/, and writes docs/figures.md and the README's figure
// table from that JSON (scripts/figures-render.ts). Short budgets: 5-7 minutes on an idle 2-core
// machine, under 15 with the machine shared (the trainer bench and the baseline tournaments are
// most of it; each measurement's seconds are kept in meta.json).
//
//   npm run figures                 # measure everything, then render
//   npm run figures -- --render     # render docs/figures.md and the README table from the JSON kept
//   npm run figures -- --only bench,train
//
// The league (every agent against every other per training scenario, 200 games a pairing) is
// too long for this run: `npm run figures:league` (scripts/figures-league.ts) keeps its own JSON
// there, and the render here includes it.
//
// The bridge bench needs the Python venv (.venv/, `npm run setup`; TERCIO_PYTHON names another
// interpreter); without one it is left out and the page says so.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { machine } from '../bench/bench.ts'
import { builtinIds } from '../env/scenario/builtin.ts'
import { RULESETS } from '../env/rules/index.ts'
import { DATA_DIR, type FigureRun, type Meta, README_BEGIN, README_END, renderFigures, renderReadmeTable, replaceBlock, TRAINING } from './figures-render.ts'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const data = join(ROOT, DATA_DIR)

const TOURNAMENT_GAMES = 20

/** Every measurement: its name (the JSON file), the command as a reader would type it, and how to run it. */
function runs(): FigureRun[] {
  const tercio = (args: string[]) => ({ cmd: process.execPath, args: ['bin/tercio.mjs', ...args] })
  const tsx = (args: string[]) => ({ cmd: process.execPath, args: ['--import', 'tsx', ...args] })
  const out = (name: string) => relative(ROOT, join(data, `${name}.json`))
  const list: FigureRun[] = [
    { name: 'bench', group: 'bench', shown: `npx tercio bench --scenario ${TRAINING.join(',')} --seconds 1 --no-worker-vec`, ...tercio(['bench', '--scenario', TRAINING.join(','), '--seconds', '1', '--no-worker-vec', '--no-progress', '--json', out('bench')]) },
    { name: 'bench-workers', group: 'bench', shown: 'npx tercio bench --seconds 1', ...tercio(['bench', '--seconds', '1', '--no-progress', '--json', out('bench-workers')]) },
    { name: 'bridge', group: 'bridge', shown: 'npx tsx bench/bridge.ts --async --rounds 2', ...tsx(['bench/bridge.ts', '--async', '--rounds', '2', '--json', out('bridge')]) },
    { name: 'train', group: 'train', shown: 'npx tsx bench/train.ts --imitate 5 --updates 8 --loops inline,dual', ...tsx(['bench/train.ts', '--imitate', '5', '--updates', '8', '--loops', 'inline,dual', '--json', out('train')]) },
    { name: 'conformance', group: 'conformance', shown: 'npx tercio conformance --failures', ...tercio(['conformance', '--failures', '--json', out('conformance')]) },
  ]
  const baselines = readdirSync(join(ROOT, 'checkpoints')).filter((d) => d.endsWith('-baseline') && builtinIds().includes(d.replace(/-baseline$/, ''))).sort()
  // A baseline's tournament holds the heuristic-random pairing too: a separate one only where there is no baseline.
  for (const sc of TRAINING.filter((s) => !baselines.includes(`${s}-baseline`))) {
    list.push({ name: `heuristic-${sc}`, group: 'tournaments', shown: `npx tercio tournament --scenario ${sc} --agents heuristic,random --games ${TOURNAMENT_GAMES} --seed 1`, ...tercio(['tournament', '--scenario', sc, '--agents', 'heuristic,random', '--games', String(TOURNAMENT_GAMES), '--seed', '1', '--quiet', '--json', out(`heuristic-${sc}`)]) })
  }
  for (const dir of baselines) {
    const sc = dir.replace(/-baseline$/, '')
    const agents = `ckpt:checkpoints/${dir},heuristic,random`
    list.push({ name: `baseline-${sc}`, group: 'tournaments', shown: `npx tercio tournament --scenario ${sc} --agents ${agents} --games ${TOURNAMENT_GAMES} --seed 1`, ...tercio(['tournament', '--scenario', sc, '--agents', agents, '--games', String(TOURNAMENT_GAMES), '--seed', '1', '--quiet', '--json', out(`baseline-${sc}`)]) })
  }
  return list
}

/** Counts computed from the code and the tree, never typed by hand. */
function counts(): Meta['counts'] {
  const tests = (dir: string): number => {
    let n = 0
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name)
      if (e.isDirectory()) n += tests(p)
      else if (e.name.endsWith('.test.ts')) n += (readFileSync(p, 'utf8').match(/^\s*(?:it|test)(?:\.each\([^)]*\))?\(/gm) ?? []).length
    }
    return n
  }
  return { rulesets: Object.keys(RULESETS).length, scenarios: builtinIds().length, testCases: tests(join(ROOT, 'test')) }
}

const git = (args: string[]): string => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim()

function main(): void {
  const { values: a } = parseArgs({ options: { render: { type: 'boolean', default: false }, only: { type: 'string' } } })
  mkdirSync(data, { recursive: true })
  const metaFile = join(data, 'meta.json')
  if (!a.render) {
    const only = a.only?.split(',')
    const todo = runs().filter((r) => !only || only.includes(r.group) || only.includes(r.name))
    const python = process.env.TERCIO_PYTHON ?? join(ROOT, '.venv/bin/python')
    const loadBefore = loadavg()
    const t0 = performance.now()
    const skipped: string[] = []
    const loads: Record<string, number> = {}
    const seconds: Record<string, number> = {}
    for (const [i, r] of todo.entries()) {
      if (r.group === 'bridge' && !existsSync(python)) {
        skipped.push(`${r.name}: no Python venv (npm run setup, or TERCIO_PYTHON)`)
        continue
      }
      process.stderr.write(`figures ${i + 1}/${todo.length} (${((performance.now() - t0) / 60000).toFixed(1)} min): ${r.shown}\n`)
      const t1 = performance.now()
      const res = spawnSync(r.cmd, r.args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], env: process.env })
      // conformance exits 1 when a fixture fails: its JSON still holds the figures (and the page shows the failures)
      if (res.status !== 0 && !(r.name === 'conformance' && res.status === 1)) {
        throw new Error(`${r.shown} failed (exit ${res.status}):\n${(res.stderr ?? '').trim().split('\n').slice(-8).join('\n')}`)
      }
      loads[r.name] = loadavg()[0] as number
      seconds[r.name] = Math.round((performance.now() - t1) / 1000)
      // The conformance report holds every fixture's result: keep the counts only.
      if (r.name === 'conformance') {
        const f = join(data, 'conformance.json')
        const { passed, failed, sections } = JSON.parse(readFileSync(f, 'utf8')) as { passed: number; failed: number; sections: unknown }
        writeFileSync(f, JSON.stringify({ passed, failed, sections }, null, 2) + '\n')
      }
    }
    const previous = existsSync(metaFile) ? (JSON.parse(readFileSync(metaFile, 'utf8')) as Meta) : null
    const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== ''
    const meta: Meta = {
      format: 'tercio-figures/1',
      machine: { ...machine(), loadBefore },
      minutes: (performance.now() - t0) / 60000,
      commit: `${git(['rev-parse', '--short=12', 'HEAD'])}${dirty ? ' (with uncommitted changes)' : ''}`,
      counts: counts(),
      // Earlier commands only for the measurements whose JSON is still kept.
      commands: Object.fromEntries([...(previous ? Object.entries(previous.commands).filter(([n]) => existsSync(join(data, `${n}.json`))) : []), ...runs().map((r) => [r.name, r.shown] as const)]),
      loads: { ...previous?.loads, ...loads },
      seconds: { ...previous?.seconds, ...seconds },
      skipped,
    }
    writeFileSync(metaFile, JSON.stringify(meta, null, 2) + '\n')
  }
  if (!existsSync(metaFile)) throw new Error(`${relative(ROOT, metaFile)}: no measurements yet (run npm run figures without --render)`)
  const read = (name: string): unknown => {
    const f = join(data, `${name}.json`)
    return existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null
  }
  const names = readdirSync(data).filter((f) => f.endsWith('.json') && f !== 'meta.json').map((f) => f.replace(/\.json$/, ''))
  const all = Object.fromEntries(names.map((n) => [n, read(n)]))
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as Meta
  writeFileSync(join(ROOT, 'docs/figures.md'), renderFigures(meta, all))
  const readme = join(ROOT, 'README.md')
  writeFileSync(readme, replaceBlock(readFileSync(readme, 'utf8'), README_BEGIN, README_END, renderReadmeTable(meta, all)))
  process.stderr.write(`wrote docs/figures.md and the README's figure table from ${relative(ROOT, data)}/ (${names.length + 1} files)\n`)
}

main()
