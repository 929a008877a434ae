// `tercio train` as a user runs it: a tiny run ends with a checkpoint, metrics, a curve and
// the summary tournament table; bad options are usage errors.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const tmp = mkdtempSync(join(tmpdir(), 'tercio-train-cli-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function tercio(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/tercio.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe('tercio train', () => {
  it('a tiny run prints the backend, writes its outputs and a summary tournament table', () => {
    const out = join(tmp, 'run')
    const r = tercio('train', '--steps', '32', '--envs', '2', '--rollout', '8', '--net', 'tiny', '--imitate', '2', '--teacher', '0.5', '--teacher-updates', '4', '--eval-every', '0', '--eval-games', '2', '--summary-games', '2', '--quiet', '--out', out)
    expect(r.err).toMatch(/tf backend: /)
    expect(r.code).toBe(0)
    expect(r.out).toContain(`checkpoint: ${join(out, 'checkpoint')}`)
    expect(r.err).toMatch(/imitation: cloning the heuristic for 2 minibatches/)
    expect(r.out).toMatch(/trained 32 agent steps, 2 updates/)
    expect(r.out).toMatch(/policy/)
    expect(r.out).toMatch(/heuristic/)
    expect(r.out).toMatch(/elo/)
    const meta = JSON.parse(readFileSync(join(out, 'checkpoint', 'meta.json'), 'utf8')) as { config: { teacher: unknown } }
    expect(meta.config.teacher).toEqual({ coef: 0.5, updates: 4 })
    for (const f of ['checkpoint/meta.json', 'imitate.jsonl', 'metrics.jsonl', 'metrics.csv', 'curve.svg', 'tournament.json']) expect(existsSync(join(out, f)), f).toBe(true)
  }, 120_000)

  it('bad values are usage errors that name the option', () => {
    const o = tercio('train', '--opponents', 'sarge=1', '--steps', '16')
    expect(o.code).toBe(2)
    expect(o.err).toContain('--opponents')
    const i = tercio('train', '--imitate', '-3', '--steps', '16')
    expect(i.code).toBe(2)
    expect(i.err).toContain('--imitate')
    const it1 = tercio('train', '--imitate-teacher', 'sarge', '--steps', '16')
    expect(it1.code).toBe(2)
    expect(it1.err).toContain('--imitate-teacher')
    const it2 = tercio('train', '--imitate-teacher', 'random', '--steps', '16')
    expect(it2.code).toBe(2)
    expect(it2.err).toContain('cannot teach')
    const iw = tercio('train', '--imitate-workers', '1.5', '--steps', '16')
    expect(iw.code).toBe(2)
    expect(iw.err).toContain('--imitate-workers')
    const t = tercio('train', '--teacher-updates', '0', '--steps', '16')
    expect(t.code).toBe(2)
    expect(t.err).toContain('--teacher-updates')
  }, 60_000)
})
