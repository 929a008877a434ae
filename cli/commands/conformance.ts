// `tercio conformance [paths..]`: runs rules fixtures (docs/fixtures.md).
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { formatResult, runFixture, type FixtureResult } from '../../env/conformance/runner.ts'
import { summarise } from '../../env/conformance/summary.ts'
import { err } from '../../env/core/types.ts'
import { collectJsonFiles, loadFixtureFile, writeJson } from '../io.ts'
import { formatTable } from '../table.ts'

export const FIXTURES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../test/fixtures')

interface Args {
  paths: string[]
  json?: string
  failures?: boolean
  filter?: string
  show: boolean
}

export interface RanFixture {
  readonly file: string
  readonly index: number | null
  readonly result: FixtureResult
}

/** Runs every fixture in the given files/folders; unreadable files and duplicate ids are failures. */
export function runFixtureFiles(paths: readonly string[], filter?: string, detail = false): RanFixture[] {
  const out: RanFixture[] = []
  const seen = new Map<string, string>()
  for (const file of collectJsonFiles(paths)) {
    const loaded = loadFixtureFile(file)
    if (!loaded.ok) {
      out.push({ file, index: null, result: { id: file, ruleset: '?', rule: '?', description: 'unreadable fixture file', passed: false, error: err('FIXTURE_INVALID', loaded.message), diffs: [], actionsApplied: 0, diceUsed: 0 } })
      continue
    }
    for (const f of loaded.fixtures) {
      if (filter) {
        const o = (typeof f.raw === 'object' && f.raw !== null ? f.raw : {}) as { id?: unknown; rule?: unknown }
        if (!(typeof o.id === 'string' && o.id.includes(filter)) && !(typeof o.rule === 'string' && o.rule.startsWith(filter))) continue
      }
      let result = runFixture(f.raw, { detail })
      const where = f.index === null ? f.file : `${f.file}[${f.index}]`
      const dup = seen.get(result.id)
      if (dup !== undefined && !result.error) {
        result = { ...result, passed: false, error: err('FIXTURE_INVALID', `duplicate fixture id ${result.id} (also in ${dup})`, 'id') }
      }
      seen.set(result.id, where)
      out.push({ file: f.file, index: f.index, result })
    }
  }
  return out
}

export const conformanceCommand: CommandModule<object, Args> = {
  command: 'conformance [paths..]',
  describe: 'Run rules conformance fixtures (default: the whole suite under test/fixtures)',
  builder: (y: Argv<object>) =>
    y
      .positional('paths', { type: 'string', array: true, default: [] as string[], describe: 'fixture files or folders' })
      .option('json', { type: 'string', describe: 'also write the results as JSON to FILE' })
      .option('failures', { type: 'boolean', default: false, describe: 'print only failing fixtures' })
      .option('show', { type: 'boolean', default: false, describe: 'under each failure, print its events, final decision and position' })
      .option('filter', { type: 'string', describe: 'run only fixtures whose id contains, or rule starts with, this text' })
      .example('$0 conformance', 'run the whole suite')
      .example('$0 conformance test/fixtures/piwam/fire', 'run one folder')
      .example('$0 conformance --filter 4.1 --json out/conformance.json', 'one rule section, with a JSON report') as unknown as Argv<Args>,
  handler: (argv: ArgumentsCamelCase<Args>) => {
    const paths = argv.paths.length > 0 ? argv.paths : [FIXTURES_DIR]
    const t0 = performance.now()
    const ran = runFixtureFiles(paths, argv.filter, argv.show)
    const color = Boolean(process.stdout.isTTY)
    for (const r of ran) {
      if (argv.failures && r.result.passed) continue
      console.log(formatResult(r.result, { color }))
      if (!r.result.passed) console.log(`    file: ${r.index === null ? r.file : `${r.file}[${r.index}]`}`)
    }
    const results = ran.map((r) => r.result)
    const rows = summarise(results)
    const passed = results.filter((r) => r.passed).length
    const failed = results.length - passed
    console.log('')
    console.log(formatTable(['ruleset', 'section', 'passed', 'failed'], [...rows.map((r) => [r.ruleset, r.section, r.passed, r.failed]), ['total', '', passed, failed]]))
    const secs = (performance.now() - t0) / 1000
    console.log(`\n${results.length} fixtures: ${passed} passed, ${failed} failed (${secs.toFixed(2)} s)`)
    if (argv.json) {
      writeJson(argv.json, { passed, failed, sections: rows, fixtures: ran.map((r) => ({ file: r.file, index: r.index, ...r.result })) })
    }
    if (results.length === 0) {
      console.error(`no fixtures found in ${paths.join(', ')}`)
      process.exitCode = 1
    }
    if (failed > 0) process.exitCode = 1
  },
}
