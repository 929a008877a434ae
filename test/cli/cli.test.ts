// End-to-end: the real `tercio` binary, as a user runs it.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { compactMap } from '../../cli/commands/show.ts'
import { loadEngine } from '../../cli/io.ts'
import { actionText } from '../../env/core/actions.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const tmp = mkdtempSync(join(tmpdir(), 'tercio-cli-'))

function tercio(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/tercio.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe('tercio CLI', () => {
  it('--help lists the commands', () => {
    const r = tercio('--help')
    expect(r.code).toBe(0)
    for (const c of ['play', 'show', 'conformance', 'fuzz']) expect(r.out).toContain(`tercio ${c}`)
  })

  it('an unknown option is a usage error (exit 2) that names it', () => {
    const r = tercio('play', '--gamez', '3')
    expect(r.code).toBe(2)
    expect(r.err).toContain('Unknown argument: gamez')
  })

  it('no command is a usage error', () => {
    expect(tercio().code).toBe(2)
  })

  it('a bad scenario file names the file and the JSON position', () => {
    const f = join(tmp, 'broken.json')
    writeFileSync(f, '{\n  "format": "tercio-scenario/1",\n  "id": ,\n}')
    const r = tercio('show', '--scenario', f)
    expect(r.code).toBe(2)
    expect(r.err).toContain(f)
    expect(r.err).toContain('line 3, column')
  })

  it('an invalid scenario file lists its problems by field', () => {
    const f = join(tmp, 'invalid.json')
    writeFileSync(f, JSON.stringify({ format: 'tercio-scenario/1', id: 'x', name: 'x', ruleset: 'piwam', turns: 0 }))
    const r = tercio('show', '--scenario', f)
    expect(r.code).toBe(2)
    expect(r.err).toContain('not a valid scenario')
    expect(r.err).toContain('turns')
  })

  it('an unknown scenario id is a usage error listing the built-ins, with the nearest one when close', () => {
    const r = tercio('show', '--scenario', 'agincourt')
    expect(r.code).toBe(2)
    expect(r.err).toContain('piwam-training')
    expect(r.err).not.toContain('did you mean')
    expect(tercio('show', '--scenario', 'Ivry-1590').err).toMatch(/unknown scenario "Ivry-1590".*; did you mean "ivry-1590"\?\n/)
    expect(tercio('play', '--ruleset', 'pwam').err).toMatch(/unknown ruleset "pwam" \(known: piwam, .*\); did you mean "piwam"\?\n/)
  })

  it('conformance fails (exit 1) on a malformed fixture and names the field', () => {
    const dir = mkdtempSync(join(tmp, 'fx-'))
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ format: 'tercio-fixture/1', id: 'bad-one', ruleset: 'piwam', rule: '1', description: 'd', scenario: 'piwam-training', dice: 'none', actions: [], expect: { turn: 1 } }))
    writeFileSync(join(dir, 'b.json'), '{ not json')
    const json = join(tmp, 'conf.json')
    const r = tercio('conformance', dir, '--json', json)
    expect(r.code).toBe(1)
    expect(r.out).toContain('✗ bad-one')
    expect(r.out).toContain('FIXTURE_INVALID at dice')
    expect(r.out).toContain('b.json: invalid JSON: line 1')
    const report = JSON.parse(readFileSync(json, 'utf8')) as { failed: number; fixtures: { id: string }[] }
    expect(report.failed).toBe(2)
  })

  it('show prints the map, the legend and the units', () => {
    const r = tercio('show', '--scenario', 'piwam-training')
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    expect(r.out).toContain('piwam-training')
    expect(r.out).toContain('terrain:')
    expect(r.out).toContain('Units')
    expect(r.out).toContain('Wings')
    // The compact map, then one row per unit with its hex.
    const engine = loadEngine('piwam', 'piwam-training')
    expect(r.out).toContain(compactMap(engine.scenario, engine.view(engine.init(1))).split('\n').slice(0, 20).join('\n'))
    for (const u of engine.view(engine.init(1)).units) expect(r.out).toMatch(new RegExp(`^\\s+${u.id}\\s.*\\s${u.hex}\\s`, 'm'))
  })

  it('show --actions applies a recipe and --legal lists what is legal next', () => {
    const engine = loadEngine('piwam', 'piwam-training')
    const s = engine.init(5)
    const mask = new Uint8Array(engine.layout.size)
    engine.legal(s, mask)
    const first = mask.indexOf(1)
    const text = actionText(engine.layout, first)
    engine.apply(s, first)
    const n = engine.legal(s, mask)
    const r = tercio('show', '--seed', '5', '--actions', text, '--legal')
    expect(r.code).toBe(0)
    expect(r.out).toContain(`   1. ${text}`)
    expect(r.out).toContain(`${n} legal actions`)
    const bad = tercio('show', '--actions', 'unit:NOBODY')
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('unknown unit "NOBODY"')
  })

  it('play plays complete games and writes JSON', () => {
    const json = join(tmp, 'play.json')
    const r = tercio('play', '--ruleset', 'piwam', '--agents', 'random,random', '--games', '2', '--seed', '3', '--json', json)
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^\s*1\s+3\s/m)
    expect(r.out).toMatch(/^\s*2\s+4\s/m)
    const report = JSON.parse(readFileSync(json, 'utf8')) as { games: { reason: string; decisions: number }[] }
    expect(report.games).toHaveLength(2)
    for (const g of report.games) expect(g.decisions).toBeGreaterThan(0)
  })

  it('fuzz runs a short campaign and reports PASS', () => {
    const json = join(tmp, 'fuzz.json')
    const r = tercio('fuzz', '--ruleset', 'piwam', '--decisions', '3000', '--seed', '2', '--no-progress', '--json', json)
    expect(r.out).toContain('PASS')
    expect(r.code).toBe(0)
    const report = JSON.parse(readFileSync(json, 'utf8')) as { reports: { decisions: number; failureCount: number }[] }
    expect(report.reports[0]?.decisions).toBe(3000)
    expect(report.reports[0]?.failureCount).toBe(0)
  })

  it('fuzz --workers splits the decisions into seeded shards', () => {
    const json = join(tmp, 'fuzz2.json')
    const r = tercio('fuzz', '--decisions', '2000', '--seed', '4', '--workers', '2', '--no-progress', '--json', json)
    expect(r.code).toBe(0)
    const report = JSON.parse(readFileSync(json, 'utf8')) as { reports: { decisions: number; shards: { seed: number; decisions: number }[] }[] }
    expect(report.reports[0]?.decisions).toBe(2000)
    expect(report.reports[0]?.shards.map((x) => x.decisions)).toEqual([1000, 1000])
    expect(report.reports[0]?.shards[0]?.seed).toBe(4)
  })
})
