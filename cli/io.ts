// File input/output for the CLI: JSON files with errors that name the file
// and the position, scenario arguments (built-in id or file), fixture files,
// atomic JSON output. Everything that touches the disk lives here, not in env/.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import type { Engine, RulesetId } from '../env/core/types.ts'
import { getRuleset, RULESETS } from '../env/rules/index.ts'
import { builtinIds, builtinScenario, DEFAULT_SCENARIO, isBuiltin } from '../env/scenario/builtin.ts'
import { generatedEngine } from '../env/gym/generated.ts'
import { scenarioErrors, validateScenario } from '../env/scenario/load.ts'
import type { Scenario } from '../env/scenario/types.ts'

/** An error the CLI reports in words and exits with: 1 = failure, 2 = usage. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message)
    this.name = 'CliError'
  }
}

/** Reads and parses a JSON file; errors name the file and line:column. */
export function readJsonFile(file: string): { ok: true; value: unknown } | { ok: false; message: string } {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    return { ok: false, message: `${file}: cannot read (${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : String(code ?? e)})` }
  }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (e) {
    return { ok: false, message: `${file}: invalid JSON: ${jsonErrorWhere(text, e)}` }
  }
}

/** "line 3, column 7: Unexpected token ..." from a JSON.parse error. */
export function jsonErrorWhere(text: string, e: unknown): string {
  const full = e instanceof Error ? e.message : String(e)
  // Drop Node's echo of the text ("..." is not valid JSON): the position says where.
  const msg = full.replace(/^(Unexpected token '.+?'),\s.*$/s, '$1')
  const m = /position (\d+)/.exec(msg)
  // Node 20 gives no position for some errors: find it with a small scanner.
  const pos = m ? Number(m[1]) : jsonErrorOffset(text)
  if (pos < 0) return msg
  const before = text.slice(0, pos)
  const line = before.split('\n').length
  const column = pos - before.lastIndexOf('\n')
  return `line ${line}, column ${column}: ${msg.replace(/ in JSON at position \d+.*$/s, '').replace(/ at position \d+.*$/s, '')}`
}

/** A `--scenario` argument: a built-in id, or a path to a scenario JSON file. */
export function loadScenario(arg: string | undefined): Scenario {
  const id = arg ?? DEFAULT_SCENARIO
  if (isBuiltin(id)) {
    const b = builtinScenario(id)
    if (!b.ok) throw new CliError(b.error.message, 1)
    return b.value
  }
  if (!existsSync(id)) throw new CliError(`unknown scenario "${id}": not a built-in scenario (${builtinIds().join(', ')}) nor a file${didYouMean(id, builtinIds())}`)
  const j = readJsonFile(id)
  if (!j.ok) throw new CliError(j.message)
  const v = validateScenario(j.value)
  if (!v.ok) {
    const all = scenarioErrors(j.value)
    const shown = all.slice(0, 20).map((e) => `  ${e.code} ${e.message}`)
    if (all.length > 20) shown.push(`  ... and ${all.length - 20} more`)
    throw new CliError(`${id}: not a valid scenario (${all.length} problem${all.length === 1 ? '' : 's'}):\n${shown.join('\n')}`)
  }
  return v.value
}

/** Binds `--ruleset` and `--scenario` into an engine. An unknown ruleset is named with the
 *  known ones; `--ruleset` alone picks that ruleset's first built-in scenario; a scenario of
 *  another ruleset is a usage error. */
export function loadEngine(ruleset: string | undefined, scenarioArg: string | undefined): Engine {
  if (ruleset !== undefined) {
    const known = getRuleset(ruleset)
    if (!known.ok) throw new CliError(`--ruleset: ${known.error.message}${didYouMean(ruleset, Object.keys(RULESETS))}`)
  }
  const generated = scenarioArg === undefined ? null : generatedEngine(scenarioArg)
  if (generated !== null) {
    if (!generated.ok) throw new CliError(generated.error.message, 1)
    if (ruleset !== undefined && generated.value.ruleset !== ruleset) throw new CliError(`scenario ${scenarioArg} is for ruleset ${generated.value.ruleset}, not ${ruleset}`)
    return generated.value
  }
  const scenario = loadScenario(scenarioArg ?? (ruleset !== undefined ? builtinIds(ruleset)[0] : undefined))
  const id = ruleset ?? scenario.ruleset
  if (scenario.ruleset !== id) {
    throw new CliError(`scenario ${scenario.id} is for ruleset ${scenario.ruleset}, not ${id} (${id}'s built-in scenarios: ${builtinIds(id).join(', ') || 'none'})`)
  }
  const rs = getRuleset(id)
  if (!rs.ok) throw new CliError(rs.error.message)
  const bound = rs.value.bind(scenario)
  if (!bound.ok) throw new CliError(`scenario ${scenario.id}: ${bound.error.message}${bound.error.path ? ` (at ${bound.error.path})` : ''}`)
  return bound.value
}

export type { RulesetId }

/** `; did you mean "x"?` naming the known name nearest to `input` (case ignored), or '' when
 *  none is within a third of its length in edits (at least one). */
export function didYouMean(input: string, known: readonly string[]): string {
  const a = input.toLowerCase()
  let best = ''
  let bestD = Math.max(1, Math.floor(a.length / 3)) + 1
  for (const k of known) {
    const d = editDistance(a, k.toLowerCase())
    if (d < bestD) [best, bestD] = [k, d]
  }
  return best === '' ? '' : `; did you mean "${best}"?`
}

/** Edit distance: insert, delete, substitute or swap two neighbours, 1 each (`shwo` is 1 from `show`). */
export function editDistance(a: string, b: string): number {
  let before: number[] = []
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] as number) + 1)
      row.push(d)
    }
    before = prev
    prev = row
  }
  return prev[b.length] as number
}

/** All .json files under the given files/folders, sorted, deduplicated. */
export function collectJsonFiles(paths: readonly string[]): string[] {
  const out = new Set<string>()
  const walk = (p: string): void => {
    let st
    try {
      st = statSync(p)
    } catch {
      throw new CliError(`${p}: no such file or folder`)
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (name.startsWith('.') || name === 'node_modules') continue
        const q = join(p, name)
        if (statSync(q).isDirectory() || name.endsWith('.json')) walk(q)
      }
    } else out.add(resolve(p))
  }
  for (const p of paths) walk(p)
  return [...out].sort()
}

export interface LoadedFixture {
  /** Path relative to the working folder. */
  readonly file: string
  /** Index within the file when it holds an array of fixtures. */
  readonly index: number | null
  readonly raw: unknown
}

/** A fixture file holds one fixture object or an array of them. */
export function loadFixtureFile(file: string): { ok: true; fixtures: LoadedFixture[] } | { ok: false; message: string } {
  const j = readJsonFile(file)
  if (!j.ok) return j
  const rel = relative(process.cwd(), file) || file
  if (Array.isArray(j.value)) return { ok: true, fixtures: j.value.map((raw, index) => ({ file: rel, index, raw })) }
  return { ok: true, fixtures: [{ file: rel, index: null, raw: j.value }] }
}

/** Writes JSON atomically (temp file + rename), creating folders. */
export function writeJson(file: string, data: unknown): void {
  mkdirSync(dirname(resolve(file)), { recursive: true })
  const tmp = `${file}.tmp-${process.pid}`
  writeFileSync(tmp, JSON.stringify(data, null, 2) + '\n')
  renameSync(tmp, file)
}

/** Parses "123", "1e6", "1_000_000", "1,000,000", "10k", "1m" into an integer >= min. */
export function parseCount(v: unknown, name: string, min = 0): number {
  const t = String(v).trim().toLowerCase().replace(/[_,]/g, '')
  const m = /^(\d+(?:\.\d+)?(?:e\d+)?)([km]?)$/.exec(t)
  const n = m ? Number(m[1]) * (m[2] === 'k' ? 1e3 : m[2] === 'm' ? 1e6 : 1) : NaN
  if (!Number.isFinite(n) || !Number.isInteger(n) || n < min) {
    throw new CliError(`--${name}: expected ${min === 0 ? 'a non-negative whole number' : `a whole number >= ${min}`}, got "${String(v)}"`)
  }
  return n
}

/** Built-in scenario ids of one ruleset. */
export function scenarioIdsFor(ruleset: string): string[] {
  const ids = builtinIds(ruleset)
  if (ids.length === 0) throw new CliError(`no built-in scenarios for ruleset "${ruleset}"`)
  return ids
}

/** Offset of the first JSON syntax error in text, or -1 if it parses. */
export function jsonErrorOffset(text: string): number {
  let i = 0
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++
  }
  const fail = (): never => {
    throw i
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === '{') {
      i++
      ws()
      if (text[i] === '}') return void i++
      for (;;) {
        ws()
        if (text[i] !== '"') fail()
        str()
        ws()
        if (text[i] !== ':') fail()
        i++
        value()
        ws()
        if (text[i] === ',') i++
        else if (text[i] === '}') return void i++
        else fail()
      }
    } else if (c === '[') {
      i++
      ws()
      if (text[i] === ']') return void i++
      for (;;) {
        value()
        ws()
        if (text[i] === ',') i++
        else if (text[i] === ']') return void i++
        else fail()
      }
    } else if (c === '"') str()
    else if (c === 't' || c === 'f' || c === 'n') {
      // As V8 reads a literal: the error is at the first character that leaves it ("tru}" at the '}').
      const word = c === 't' ? 'true' : c === 'f' ? 'false' : 'null'
      for (const w of word) {
        if (text[i] !== w) fail()
        i++
      }
    } else {
      const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 64))
      if (!m) fail()
      i += (m as RegExpExecArray)[0].length
    }
  }
  const str = (): void => {
    i++
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++
      else if ((text.charCodeAt(i) as number) < 0x20) fail()
      i++
    }
    if (i >= text.length) fail()
    i++
  }
  try {
    value()
    ws()
    return i < text.length ? i : -1
  } catch (at) {
    return typeof at === 'number' ? Math.min(at, text.length) : -1
  }
}
