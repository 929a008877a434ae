// One error style for bad usage across the commands: `tercio: <message>` (no error-code prefix),
// a pointer to the command's --help, exit code 2; values named as given; `show` that fits a
// terminal and confirms the files it writes.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { compactMap, PIPED_WIDTH } from '../../cli/commands/show.ts'
import { loadEngine } from '../../cli/io.ts'
import { bindEngine } from '../../env/gym/make.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const tmp = mkdtempSync(join(tmpdir(), 'tercio-usage-'))

function tercio(args: string[], env: Record<string, string> = {}): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/tercio.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

/** A usage error: exit 2, stderr = one `tercio: ...` line matching `msg` and the --help pointer. */
function expectUsageError(r: ReturnType<typeof tercio>, msg: RegExp, command: string): void {
  expect(r.code, r.err).toBe(2)
  const lines = r.err.trimEnd().split('\n')
  expect(lines, r.err).toHaveLength(2)
  expect(lines[0]).toMatch(/^tercio: /)
  expect(lines[0]).toMatch(msg)
  // No error-code prefix such as "SCENARIO_INVALID: " or "RULESET_UNKNOWN: ".
  expect(lines[0]).not.toMatch(/\b[A-Z]+_[A-Z_]+: /)
  expect(lines[1]).toBe(`(see: tercio ${command ? `${command} ` : ''}--help)`)
}

describe('an unknown ruleset', () => {
  it('bindEngine names it and lists the known ones, before any scenario mismatch', () => {
    const r = bindEngine('nosuch', 'piwam-training')
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('RULESET_UNKNOWN')
    expect(r.error.message).toMatch(/unknown ruleset "nosuch" \(known: .*piwam.*marignan/)
    // A known ruleset with another ruleset's scenario is still a mismatch.
    const m = bindEngine('marignan', 'piwam-training')
    expect(!m.ok && m.error.code).toBe('SCENARIO_INVALID')
  })

  it('is the same usage error in every command that takes --ruleset, train included', () => {
    for (const cmd of ['show', 'play', 'tournament', 'train', 'fuzz', 'check-env']) {
      const r = tercio([cmd, '--ruleset', 'nosuch', ...(cmd === 'train' ? ['--steps', '16', '--quiet'] : [])])
      expectUsageError(r, /--ruleset: unknown ruleset "nosuch" \(known: .*piwam.*marignan/, cmd)
    }
  }, 240_000)

  it('--ruleset alone picks that ruleset\'s first built-in scenario', () => {
    const r = tercio(['show', '--ruleset', 'marignan', '--map', 'none'])
    expect(r.code, r.err).toBe(0)
    expect(r.out).toMatch(/\[marignan-training\] — ruleset marignan/)
  })

  it('a scenario of another ruleset names that ruleset\'s scenarios', () => {
    expectUsageError(tercio(['show', '--ruleset', 'marignan', '--scenario', 'ivry-1590']), /scenario ivry-1590 is for ruleset piwam, not marignan \(marignan's built-in scenarios: marignan-training, marignan-1515-first-day/, 'show')
  })
})

describe('bad values', () => {
  it('play and tournament refuse --games 0 alike', () => {
    expectUsageError(tercio(['play', '--games', '0']), /^tercio: --games: expected a whole number >= 1, got "0"$/, 'play')
    expectUsageError(tercio(['tournament', '--games', '0']), /^tercio: --games: expected a whole number >= 1, got "0"$/, 'tournament')
  })

  it('a number option given as text names the text, not NaN', () => {
    const serve = tercio(['serve', '--port', 'abc'])
    expectUsageError(serve, /port.*got abc/, 'serve')
    expect(serve.err).not.toContain('NaN')
    expectUsageError(tercio(['view', '--port=eighty']), /--port: expected 0\.\.65535, got eighty/, 'view')
    expectUsageError(tercio(['train', '--envs', 'many', '--quiet']), /--envs .*got many/, 'train')
    expectUsageError(tercio(['show', '--seed', 'x']), /--seed: .*got x/, 'show')
  })

  it('yargs errors are one line too, without the whole help', () => {
    const r = tercio(['play', '--gamez', '3'])
    expectUsageError(r, /Unknown argument: gamez/, 'play')
    expect(r.err).not.toContain('Options:')
    expectUsageError(tercio(['frobnicate']), /^tercio: unknown command "frobnicate" \(commands: play, show, .*train/, '')
    expectUsageError(tercio(['shwo']), /unknown command "shwo" .*; did you mean "show"\?$/, '')
  })

  it('view takes several replay files, and names a missing one', () => {
    expectUsageError(tercio(['view', join(tmp, 'a.json'), join(tmp, 'b.json')]), /a\.json: cannot read a JSON replay/, 'view')
  })
})

describe('curve', () => {
  it('redraws a run\'s learning curve, and names a folder without metrics', () => {
    const run = mkdtempSync(join(tmp, 'run-'))
    writeFileSync(join(run, 'metrics.jsonl'), [1, 2, 3].map((u) => JSON.stringify({ update: u, steps: 1024 * u, meanReturn: 0.1 * u, entropy: 0.3, trainWinRate: 0.5 })).join('\n') + '\n')
    const r = tercio(['curve', run])
    expect(r.code, r.err).toBe(0)
    expect(r.out).toBe(`curve of 3 updates written to ${join(run, 'curve.svg')}\n`)
    expect(readFileSync(join(run, 'curve.svg'), 'utf8')).toContain('policy entropy')
    expectUsageError(tercio(['curve', tmp]), /no metrics\.jsonl/, 'curve')
  })
})

describe('show', () => {
  it('draws the compact map, piped or on a terminal, within 100 columns piped and $COLUMNS when set', () => {
    const widest = (t: string) => Math.max(...t.split('\n').map((l) => [...l].length))
    const engine = loadEngine(undefined, 'ivry-1590')
    const piped = tercio(['show', '--scenario', 'ivry-1590'], { COLUMNS: '' })
    expect(piped.code, piped.err).toBe(0)
    expect(piped.out).toContain(compactMap(engine.scenario, engine.view(engine.init(1)), PIPED_WIDTH))
    expect(widest(piped.out)).toBeLessThanOrEqual(PIPED_WIDTH)
    // The ruleset's own drawing (256 columns on Ivry) only when asked for, and said to be in its own glyphs.
    expect(piped.out).not.toContain(engine.ascii(engine.init(1)))
    const r = tercio(['show', '--scenario', 'ivry-1590'], { COLUMNS: '80' })
    expect(r.code).toBe(0)
    expect(r.out).toContain(compactMap(engine.scenario, engine.view(engine.init(1)), 80))
    // Everything fits on Ivry: header, description, map and key, sides, the tables (sides by
    // number when their names would not fit) and the closing line.
    expect(widest(r.out)).toBeLessThanOrEqual(80)
    expect(r.out).toMatch(/^ {2}KA {2,}0 {2,}Royal left: Marshal d'Aumont /m)
    // Wide enough, the tables name the sides; the ruleset's drawing is there when asked for.
    const full = tercio(['show', '--scenario', 'ivry-1590', '--map', 'full'], { COLUMNS: '300' })
    expect(full.out).toMatch(/^ {2}KA {2,}0 Royal army \(Henri IV\) {2,}Royal left: Marshal d'Aumont /m)
    expect(full.out).toContain(engine.ascii(engine.init(1)))
    expect(full.out).toContain("(the piwam ruleset's own drawing, in its own glyphs; --map compact draws the terrain letters below)")
  }, 240_000)

  it('the compact map of every ruleset draws only letters its legends explain', () => {
    for (const id of ['piwam-training', 'marignan-training', 'mttsog-training', 'cfeo-training', 'hbl-training']) {
      const engine = loadEngine(undefined, id)
      const lines = compactMap(engine.scenario, engine.view(engine.init(1))).split('\n')
      const rows = lines.slice(1, 1 + 2 * engine.scenario.map.rows)
      const key = lines.slice(1 + 2 * engine.scenario.map.rows).join(' ')
      // The key after its heading: `G gendarmes, E genitors, ...`, or the bare letter when it is the type's name.
      const letters = new Set(key.replace(/^.*?\): /, '').split(/,\s*/).map((item) => item.trim()[0]))
      for (const row of rows) {
        for (const cell of row.slice(4).trim().split(/\s+/).filter((c) => c !== '')) {
          if (/^[01][A-Z]/.test(cell)) expect(letters, `${id}: unit letter in ${cell}`).toContain(cell[1])
          else if (!cell.startsWith('@')) expect(Object.keys(engine.scenario.map.legend), `${id}: terrain ${cell}`).toContain(cell)
        }
      }
    }
  })

  it('the compact map puts every unit at its hex: side digit and type letter at 4 + 3 × (column − 1)', () => {
    for (const id of ['ivry-1590', 'marignan-1515-first-day']) {
      const engine = loadEngine(undefined, id)
      const view = engine.view(engine.init(1))
      const lines = compactMap(engine.scenario, view).split('\n')
      const onMap = view.units.filter((u) => u.hex !== null)
      expect(onMap.length).toBeGreaterThan(0)
      for (const u of onMap) {
        const col = Number(u.hex!.slice(0, 2)) - 1
        const row = Number(u.hex!.slice(2)) - 1
        const line = lines[1 + 2 * row + (col % 2)] as string
        expect(line.slice(4 + 3 * col, 4 + 3 * col + 2), `${id} ${u.id} at ${u.hex}`).toMatch(new RegExp(`^${u.side}[A-Z]$`))
      }
      // An empty hex shows its terrain character.
      const empty = engine.scenario.map.terrain[0]![0]!
      if (!view.units.some((u) => u.hex === '0101') && !view.leaders.some((l) => l.hex === '0101')) expect(lines[1]!.slice(4, 5)).toBe(empty)
      expect(Math.max(...lines.slice(0, 1 + 2 * engine.scenario.map.rows).map((l) => l.length))).toBeLessThanOrEqual(4 + 3 * engine.scenario.map.cols)
    }
  })

  it('--svg FILE writes the picture, says where, and prints no map', () => {
    const svg = join(tmp, 'ivry.svg')
    const json = join(tmp, 'ivry.json')
    const r = tercio(['show', '--scenario', 'ivry-1590', '--svg', svg, '--json', json])
    expect(r.code, r.err).toBe(0)
    expect(r.out).toContain(`picture written to ${svg} (SVG, 24x16 hexes,`)
    expect(r.out).toContain(`view written to ${json}`)
    expect(readFileSync(svg, 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\n$/)
    expect(existsSync(json)).toBe(true)
    const engine = loadEngine(undefined, 'ivry-1590')
    expect(r.out).not.toContain(engine.ascii(engine.init(1)).split('\n')[1])
    expect(r.out).not.toContain(compactMap(engine.scenario, engine.view(engine.init(1))).split('\n')[1])
    // --map full still asks for the drawing.
    expect(tercio(['show', '--scenario', 'ivry-1590', '--svg', svg, '--map', 'full']).out).toContain(engine.ascii(engine.init(1)))
  })

  it('a pipe that closes early is no error', () => {
    const r = spawnSync('bash', ['-c', `node ${join(ROOT, 'bin/tercio.mjs')} show --scenario ivry-1590 | head -1; echo "status \${PIPESTATUS[0]}"`], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
    expect(r.stdout).toMatch(/status 0/)
    expect(r.stderr).not.toContain('EPIPE')
  })
})
