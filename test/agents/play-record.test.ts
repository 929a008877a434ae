import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { makeAgents, playMany, replayRecorder } from '../../cli/commands/play.ts'
import { parseReplay, verifyReplay } from '../../env/gym/replay.ts'
import { getRuleset } from '../../env/rules/index.ts'
import { builtinScenario } from '../../env/scenario/builtin.ts'

const CLI = join(import.meta.dirname, '../../bin/tercio.mjs')

describe('play --record', () => {
  it('writes one tercio-replay/1 file per game that verifies against the engine', () => {
    const sc = builtinScenario('piwam-training')
    const rs = getRuleset('piwam')
    if (!sc.ok || !rs.ok) throw new Error('setup')
    const b = rs.value.bind(sc.value)
    if (!b.ok) throw new Error(b.error.message)
    const engine = b.value
    const dir = mkdtempSync(join(tmpdir(), 'tercio-rec-'))
    try {
      const agents = makeAgents('heuristic,random', 4, engine)
      const rec = replayRecorder(engine, agents, dir)
      const { records } = playMany(engine, agents, 3, 40, rec.hooks)
      expect(rec.files).toHaveLength(3)
      expect(readdirSync(dir)).toHaveLength(3)
      rec.files.forEach((f, i) => {
        const r = parseReplay(JSON.parse(readFileSync(f, 'utf8')))
        expect(r.ok).toBe(true)
        if (!r.ok) return
        expect(r.value.seed).toBe(40 + i)
        expect(r.value.steps).toHaveLength(records[i]!.decisions)
        expect(r.value.meta?.agents).toEqual(['heuristic', 'random'])
        const v = verifyReplay(r.value, engine)
        expect(v.ok).toBe(true)
        if (v.ok) expect(v.value.outcome).toEqual(records[i]!.outcome)
      })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('the CLI records games that `tercio replay verify` accepts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tercio-rec-cli-'))
    try {
      const out = execFileSync('node', [CLI, 'play', '--agents', 'heuristic,search:iters=2:depth=4', '--games', '2', '--seed', '9', '--record', dir, '--quiet'], { encoding: 'utf8' })
      expect(out).toContain(`recorded 2 replays in ${dir}`)
      const files = readdirSync(dir).map((f) => join(dir, f))
      expect(files).toHaveLength(2)
      const v = execFileSync('node', [CLI, 'replay', 'verify', ...files], { encoding: 'utf8' })
      expect(v.match(/^OK /gm)).toHaveLength(2)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
