// bench/train.ts runs end to end for both loops (a smoke test of the script; its figures are not checked).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const tmp = mkdtempSync(join(tmpdir(), 'tercio-bench-train-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

it('bench/train.ts measures both loops side by side and writes JSON', () => {
  const json = join(tmp, 'train.json')
  const tsx = join(ROOT, 'node_modules/.bin/tsx')
  const r = spawnSync(tsx, ['bench/train.ts', '--imitate', '10', '--updates', '4', '--json', json], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 })
  expect(r.status, r.stderr).toBe(0)
  expect(r.stdout).toMatch(/imitation minibatch.*labelled decisions\/s/)
  expect(r.stdout).toMatch(/whole PPO update cycle +inline .*agent steps\/s/)
  expect(r.stdout).toMatch(/whole PPO update cycle +thread .*agent steps\/s/)
  expect(r.stdout).toMatch(/thread \/ inline agent steps\/s: [0-9.]+x/)
  const j = JSON.parse(readFileSync(json, 'utf8')) as { format: string; loops: Record<string, { updates: number; agentStepsPerSec: number; updatesPerSec: number; lagKl: number }>; speedup: number; imitation: { labelledDecisionsPerSec: number } }
  expect(j.format).toBe('tercio-bench-train/2')
  expect(Object.keys(j.loops)).toEqual(['inline', 'thread'])
  for (const l of ['inline', 'thread']) {
    expect(j.loops[l]?.updates).toBe(4)
    expect(j.loops[l]?.agentStepsPerSec).toBeGreaterThan(0)
    expect(j.loops[l]?.updatesPerSec).toBeGreaterThan(0)
  }
  expect(j.loops['inline']?.lagKl).toBe(0) // no lag in the sequential loop
  expect(j.speedup).toBeCloseTo(j.loops['thread']!.agentStepsPerSec / j.loops['inline']!.agentStepsPerSec, 6)
  expect(j.imitation.labelledDecisionsPerSec).toBeGreaterThan(0)
  for (const args of [['--updates', '3'], ['--loops', 'fast']]) {
    const bad = spawnSync(tsx, ['bench/train.ts', ...args], { cwd: ROOT, encoding: 'utf8' })
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain(args[0])
  }
}, 320_000)
