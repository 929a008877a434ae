// `tercio train` soft-label options: bad values are usage errors (exit 2) that name the option.
import { spawnSync } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const SEARCH = 'search:iters=8:depth=8:crn=1'

function tercio(...args: string[]): { code: number | null; err: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/tercio.mjs'), 'train', ...args, '--steps', '16', '--quiet'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 })
  return { code: r.status, err: r.stderr }
}

describe('tercio train --imitate-soft', () => {
  it('bad values are usage errors that name the option', () => {
    const cases: [string[], RegExp][] = [
      [['--imitate-teacher', SEARCH, '--imitate-soft', '0'], /--imitate-soft must be a temperature > 0/],
      [['--imitate-teacher', SEARCH, '--imitate-soft', '-0.1'], /--imitate-soft must be a temperature > 0/],
      [['--imitate-teacher', SEARCH, '--imitate-soft', 'hot'], /--imitate-soft must be a temperature > 0/],
      [['--imitate-soft', '0.05'], /--imitate-soft needs a search teacher/],
      [['--imitate-teacher', 'heuristic', '--imitate-soft', '0.05'], /--imitate-soft needs a search teacher/],
      [['--imitate-teacher', SEARCH, '--imitate-soft', '0.05', '--imitate-soft-mix', '1.5'], /--imitate-soft-mix must be a number in \[0, 1\]/],
      [['--imitate-teacher', SEARCH, '--imitate-soft-mix', '0.2'], /--imitate-soft-mix needs --imitate-soft/],
      [['--imitate-teacher', SEARCH, '--imitate-passes', '0'], /--imitate-passes must be a positive whole number/],
      [['--imitate-teacher', SEARCH, '--imitate-passes', '1.5'], /--imitate-passes must be a positive whole number/],
      [['--imitate-eval-every', '-1'], /--imitate-eval-every must be a whole number >= 0/],
    ]
    for (const [args, msg] of cases) {
      const r = tercio(...args)
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.err, args.join(' ')).toMatch(msg)
    }
    // with --resume the run's own settings stand
    const r = tercio('--resume', 'runs/nowhere', '--imitate-soft', '0.05')
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/resume and imitate-soft are mutually exclusive/)
  }, 120_000)
})
