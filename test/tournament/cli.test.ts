import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const CLI = join(import.meta.dirname, '../../bin/tercio.mjs')
const run = (...args: string[]) => spawnSync('node', [CLI, ...args], { encoding: 'utf8' })

describe('tercio tournament', () => {
  it('prints standings with ratings and writes the JSON report, identical with and without workers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tercio-tour-'))
    try {
      const a = run('tournament', '--agents', 'random,heuristic', '--scenario', 'piwam-training', '--games', '4', '--seed', '5', '--json', join(dir, 'a.json'))
      expect(a.status).toBe(0)
      expect(a.stdout).toMatch(/rank\s+agent\s+elo\s+95% interval\s+games\s+won\s+drawn\s+lost\s+score/)
      expect(a.stdout).toMatch(/random vs heuristic\s+4/)
      expect(a.stderr).toContain('tournament') // the progress bar
      const b = run('tournament', '--agents', 'random,heuristic', '--scenario', 'piwam-training', '--games', '4', '--seed', '5', '--workers', '2', '--quiet', '--json', join(dir, 'b.json'))
      expect(b.status).toBe(0)
      const strip = (f: string) => {
        const r = JSON.parse(readFileSync(join(dir, f), 'utf8'))
        return { ...r, seconds: 0, workers: 0, games: r.games.map((g: { ms: number }) => ({ ...g, ms: 0 })), agents: r.agents.map((x: { msPerGame: number }) => ({ ...x, msPerGame: 0 })) }
      }
      expect(strip('b.json')).toEqual(strip('a.json'))
      expect(strip('a.json').games).toHaveLength(4)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('refuses bad agent lists with a usage error (exit 2)', () => {
    const one = run('tournament', '--agents', 'random')
    expect(one.status).toBe(2)
    expect(one.stderr).toContain('a tournament needs at least two agents')
    const bad = run('tournament', '--agents', 'random,search:iters=x')
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('iters must be a whole number')
  }, 60_000)
})
