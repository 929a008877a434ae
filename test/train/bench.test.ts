// bench/train.ts runs end to end for every loop (a smoke test of the script; its figures are not checked).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const tmp = mkdtempSync(join(tmpdir(), 'tercio-bench-train-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

it('bench/train.ts measures the loops side by side, interleaved, and writes JSON', () => {
  const json = join(tmp, 'train.json')
  const tsx = join(ROOT, 'node_modules/.bin/tsx')
  const r = spawnSync(tsx, ['bench/train.ts', '--imitate', '10', '--updates', '4', '--loops', 'inline,thread,dual', '--json', json], { cwd: ROOT, encoding: 'utf8', timeout: 400_000 })
  expect(r.status, r.stderr).toBe(0)
  expect(r.stdout).toMatch(/imitation minibatch.*labelled decisions\/s/)
  for (const l of ['inline', 'thread', 'dual']) expect(r.stdout).toMatch(new RegExp(`whole PPO update cycle +${l} +\\d, load [0-9.]+ .*agent steps/s.*CPU s/update`))
  expect(r.stdout).toMatch(/thread \/ inline agent steps\/s: [0-9.]+x/)
  expect(r.stdout).toMatch(/dual \/ inline agent steps\/s: [0-9.]+x/)
  type S = { loop: string; updates: number; agentStepsPerSec: number; updatesPerSec: number; cpuSecPerUpdate: number; lagKl: number; load: number }
  const j = JSON.parse(readFileSync(json, 'utf8')) as { format: string; runs: S[]; loops: Record<string, S & { runs: number }>; speedup: Record<string, number>; imitation: { labelledDecisionsPerSec: number } }
  expect(j.format).toBe('tercio-bench-train/5')
  expect(j.runs.map((x) => x.loop)).toEqual(['inline', 'thread', 'dual'])
  expect(Object.keys(j.loops)).toEqual(['inline', 'thread', 'dual'])
  for (const l of ['inline', 'thread', 'dual']) {
    expect(j.loops[l]?.updates).toBe(4)
    expect(j.loops[l]?.runs).toBe(1)
    expect(j.loops[l]?.agentStepsPerSec).toBeGreaterThan(0)
    expect(j.loops[l]?.updatesPerSec).toBeGreaterThan(0)
    expect(j.loops[l]?.cpuSecPerUpdate).toBeGreaterThan(0)
    expect(j.loops[l]?.load).toBeGreaterThanOrEqual(0)
  }
  expect(j.loops['inline']?.lagKl).toBe(0) // no lag in the sequential loop
  expect(j.loops['dual']?.lagKl).toBe(0) // nor in the dual one
  for (const l of ['thread', 'dual']) expect(j.speedup[l]).toBeCloseTo(j.loops[l]!.agentStepsPerSec / j.loops['inline']!.agentStepsPerSec, 6)
  expect(j.imitation.labelledDecisionsPerSec).toBeGreaterThan(0)
  for (const args of [['--updates', '3'], ['--loops', 'fast'], ['--loops', 'inline,old'], ['--repeat', '0']]) {
    const bad = spawnSync(tsx, ['bench/train.ts', ...args], { cwd: ROOT, encoding: 'utf8' })
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain(args[0])
  }
}, 420_000)
