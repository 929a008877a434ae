// bench/train.ts runs end to end (a smoke test of the script; its figures are not checked).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const tmp = mkdtempSync(join(tmpdir(), 'tercio-bench-train-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

it('bench/train.ts prints the phase table and writes JSON', () => {
  const json = join(tmp, 'train.json')
  const tsx = join(ROOT, 'node_modules/.bin/tsx')
  const r = spawnSync(tsx, ['bench/train.ts', '--imitate', '10', '--updates', '6', '--json', json], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 })
  expect(r.status, r.stderr).toBe(0)
  expect(r.stdout).toMatch(/imitation minibatch.*labelled decisions\/s/)
  expect(r.stdout).toMatch(/whole PPO update cycle.*agent steps\/s/)
  const j = JSON.parse(readFileSync(json, 'utf8')) as { format: string; ppo: { updates: number; agentStepsPerSec: number }; imitation: { labelledDecisionsPerSec: number } }
  expect(j.format).toBe('tercio-bench-train/1')
  expect(j.ppo.updates).toBe(6)
  expect(j.ppo.agentStepsPerSec).toBeGreaterThan(0)
  expect(j.imitation.labelledDecisionsPerSec).toBeGreaterThan(0)
  const bad = spawnSync(tsx, ['bench/train.ts', '--updates', '3'], { cwd: ROOT, encoding: 'utf8' })
  expect(bad.status).toBe(2)
  expect(bad.stderr).toContain('--updates')
}, 200_000)
