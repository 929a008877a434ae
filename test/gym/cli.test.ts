// The gym commands end to end, through the real `tercio` binary.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { writeReplayFile } from '../../cli/commands/gym.ts'
import { makeEnv } from '../../env/gym/make.ts'
import { lcgPicker } from './helpers.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const tmp = mkdtempSync(join(tmpdir(), 'tercio-gym-'))

function tercio(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/tercio.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

function recordGame(seed: number): string {
  const env = makeEnv({ scenario: 'piwam-training', record: true })
  env.reset({ seed })
  const pick = lcgPicker(seed)
  while (!env.isDone) env.step(pick(env.obs.mask))
  return writeReplayFile(join(tmp, 'replays'), env.replay()!)
}

describe('tercio replay', () => {
  const file = recordGame(2)

  it('verify accepts a recorded game and names the step of a tampered one', () => {
    const ok = tercio('replay', 'verify', file)
    expect(ok.code, ok.err).toBe(0)
    expect(ok.out).toMatch(/^OK {4}.*decisions/m)
    const r = JSON.parse(readFileSync(file, 'utf8'))
    r.steps[9].hash = 'deadbeef'
    const bad = join(tmp, 'bad.json')
    writeFileSync(bad, JSON.stringify(r))
    const v = tercio('replay', 'verify', file, bad)
    expect(v.code).toBe(1)
    expect(v.out).toMatch(/^FAIL {2}.*bad\.json: REPLAY_MISMATCH: step 10 /m)
    expect(ok.out).toMatch(/\n1 of 1 replay verified\n$/)
    expect(v.out).toMatch(/\n1 of 2 replays verified, 1 failed\n$/)
    const missing = tercio('replay', 'verify', join(tmp, 'nope.json'))
    expect(missing.code).toBe(1)
    expect(missing.out).toContain('no such file')
  })

  it('show prints every decision with its events in words', () => {
    const s = tercio('replay', 'show', file)
    expect(s.code, s.err).toBe(0)
    const steps = JSON.parse(readFileSync(file, 'utf8')).steps.length as number
    expect(s.out.split('\n').filter((l) => /^\s+\d+ {2}\S.*: .* -> (choice|wing|unit|hex):/.test(l)).length).toBe(steps)
    expect(s.out).toMatch(/Result: /)
  })
})

describe('tercio check-env and bench', () => {
  it('check-env prints its table and exits 0 on piwam', () => {
    const r = tercio('check-env', '--episodes', '1', '--json', join(tmp, 'check.json'))
    expect(r.code, r.out + r.err).toBe(0)
    expect(r.out).toMatch(/^PASS {2}mask consistency/m)
    // Progress on stderr (plain lines when piped): episodes done of the total.
    expect(r.err).toMatch(/^check-env piwam-training 100\.0% 1\/1 episodes/m)
    expect(JSON.parse(readFileSync(join(tmp, 'check.json'), 'utf8')).reports[0].report.ok).toBe(true)
  })

  it('bench prints a table and writes JSON', () => {
    const json = join(tmp, 'bench.json')
    const r = tercio('bench', '--engine-module', 'test/helpers/toy-ruleset.ts', '--engine-export', 'makeToyEngine', '--seconds', '0.2', '--num', '8', '--json', json, '--no-progress')
    expect(r.code, r.err).toBe(0)
    expect(r.out).toMatch(/engine dec\/s.*env steps\/s.*2-thread ceiling/)
    const j = JSON.parse(readFileSync(json, 'utf8'))
    expect(j.format).toBe('tercio-bench/1')
    expect(j.results[0].engineDecisionsPerSec).toBeGreaterThan(0)
    expect(j.results[0].workerStepsPerSec).toBeGreaterThan(0)
    expect(j.results[0].threadScaling).toBeGreaterThan(0)
    expect(j.results[0].groupsStepsPerSec).toBeGreaterThan(0)
    expect(r.out).toMatch(/by groups/)
    expect(j.results[0].contention.others).toBeGreaterThanOrEqual(0)
    expect(j.results[0].contention.steal).toBeGreaterThanOrEqual(0)
    expect(r.out).toMatch(/others \/ steal/)
    expect(j.machine.cores).toBeGreaterThan(0)
  })

  it('bench compares scenarios of several rulesets side by side in one run (--scenario a,b)', () => {
    const json = join(tmp, 'bench-two.json')
    const r = tercio('bench', '--scenario', 'piwam-training,mttsog-training', '--seconds', '0.1', '--num', '4', '--no-worker-vec', '--json', json, '--no-progress')
    expect(r.code, r.err).toBe(0)
    const j = JSON.parse(readFileSync(json, 'utf8'))
    expect(j.results.map((x: { ruleset: string; scenario: string }) => `${x.ruleset}/${x.scenario}`)).toEqual(['piwam/piwam-training', 'mttsog/mttsog-training'])
    expect(r.out).toMatch(/^piwam +piwam-training/m)
    expect(r.out).toMatch(/^mttsog +mttsog-training/m)
  })
})
