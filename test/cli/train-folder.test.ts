// `tercio train` keeps finished runs: a new run never overwrites a run folder silently; the
// end-of-run table and the last evaluation are said to be different games, with intervals.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { lastEvalText, runFolder } from '../../cli/commands/train.ts'
import { wilson } from '../../cli/interval.ts'
import { CliError } from '../../cli/io.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const tmp = mkdtempSync(join(tmpdir(), 'tercio-train-folder-'))

/** A folder that holds a run (what tercio train leaves: checkpoint/ and metrics.jsonl). */
function finishedRun(name: string): string {
  const dir = join(tmp, name)
  mkdirSync(join(dir, 'checkpoint'), { recursive: true })
  writeFileSync(join(dir, 'metrics.jsonl'), '{}\n')
  return dir
}

describe('the run folder', () => {
  it('--out naming a run is refused without --force, and taken with it', () => {
    const dir = finishedRun('explicit')
    expect(() => runFolder({ out: dir, force: false }, 'unused')).toThrow(CliError)
    expect(() => runFolder({ out: dir, force: false }, 'unused')).toThrow(`--out ${dir} already holds a run: --resume ${dir} to continue it, --force to start over in it, or another --out`)
    expect(runFolder({ out: dir, force: true }, 'unused')).toBe(dir)
    expect(runFolder({ out: join(tmp, 'fresh'), force: false }, 'unused')).toBe(join(tmp, 'fresh'))
    expect(runFolder({ resume: dir, force: false }, 'unused')).toBe(dir)
  })

  it('the default folder, when it holds a run, gives way to the first free -2, -3 ...', () => {
    const base = finishedRun('default')
    finishedRun('default-2')
    expect(runFolder({ force: false }, base)).toBe(`${base}-3`)
    expect(runFolder({ force: true }, base)).toBe(base)
    expect(runFolder({ force: false }, join(tmp, 'untouched'))).toBe(join(tmp, 'untouched'))
  })

  it('the command refuses before training (usage error, exit 2)', () => {
    const dir = finishedRun('cli')
    const r = spawnSync(process.execPath, [join(ROOT, 'bin/tercio.mjs'), 'train', '--out', dir, '--steps', '16', '--quiet'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
    expect(r.status, r.stderr).toBe(2)
    expect(r.stderr).toBe(`tercio: --out ${dir} already holds a run: --resume ${dir} to continue it, --force to start over in it, or another --out\n(see: tercio train --help)\n`)
  })
})

describe('the end-of-run report', () => {
  it('Wilson intervals: 50% of 20 spans about 30-70%, 29/60 about 36-61%', () => {
    const [lo, hi] = wilson(10, 20)
    expect(lo).toBeCloseTo(0.2993, 3)
    expect(hi).toBeCloseTo(0.7007, 3)
    const [l2, h2] = wilson(29, 60)
    expect(l2).toBeCloseTo(0.3617, 3)
    expect(h2).toBeCloseTo(0.6069, 3)
    expect(wilson(0, 0)).toEqual([0, 1])
  })

  it('the last evaluation is named as other games, with its interval and the table\'s', () => {
    const seat = { games: 30, wins: 0, draws: 0, losses: 0 }
    const ev = [
      { opponent: 'random', games: 60, wins: 60, draws: 0, losses: 0, winRate: 1, bySeat: [seat, seat] as [typeof seat, typeof seat] },
      { opponent: 'heuristic', games: 60, wins: 28, draws: 2, losses: 30, winRate: 28 / 60, bySeat: [seat, seat] as [typeof seat, typeof seat] },
    ]
    const text = lastEvalText(ev, 113, 20)
    expect(text).toBe(
      'last evaluation (update 113, its own dice seeds, 60 games per opponent): v random 100% (60/60, 95% interval 94%-100%), v heuristic 48% (29/60, 95% interval 36%-61%).\n' +
        'The two are different games: at 20 games a pairing, a true 50% shows as 30%-70% in 95% of tables.',
    )
  })
})
