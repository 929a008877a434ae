// The command-line tools on the cfeo ruleset, run as a user runs them (`play`, `tournament`,
// `train`, `serve` and `show --svg` work on cfeo): recorded games verify, a tournament plays both seats,
// a tiny training run's checkpoint loads as `ckpt:` and plays cfeo games, the Python Gymnasium env plays
// a whole cfeo-training game over the bridge, and the SVG carries cfeo's counters.
// The Python part needs the project's venv (`npm run setup`), as test/bridge/python.test.ts.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer } from '../../bridge/server.ts'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const PY = process.env.TERCIO_PYTHON ?? join(ROOT, '.venv/bin/python')
const tmp = mkdtempSync(join(tmpdir(), 'tercio-cfeo-tools-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function tercio(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/tercio.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

interface PlayJson {
  games: { winner: number | null; decisions: number; reason: string }[]
}

describe('tercio tools on cfeo', () => {
  it('play records heuristic-v-random games on cfeo-training that replay verify accepts', () => {
    const dir = join(tmp, 'replays')
    const json = join(tmp, 'play.json')
    const r = tercio('play', '--scenario', 'cfeo-training', '--agents', 'heuristic,random', '--games', '2', '--seed', '5', '--record', dir, '--json', json, '--quiet')
    expect(r.code, r.err).toBe(0)
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'))
    expect(files).toHaveLength(2)
    const games = (JSON.parse(readFileSync(json, 'utf8')) as PlayJson).games
    expect(games).toHaveLength(2)
    for (const g of games) expect(g.decisions).toBeGreaterThan(50)
    const v = tercio('replay', 'verify', ...files.map((f) => join(dir, f)))
    expect(v.code, v.out + v.err).toBe(0)
    expect(v.out.match(/^OK /gm)).toHaveLength(2)
  }, 240_000)

  it('tournament plays random against the heuristic on both seats of cfeo-training', () => {
    const json = join(tmp, 'tournament.json')
    const r = tercio('tournament', '--scenario', 'cfeo-training', '--agents', 'random,heuristic', '--games', '4', '--json', json, '--quiet')
    expect(r.code, r.err).toBe(0)
    expect(r.out).toContain('cfeo-training (cfeo)')
    const rep = JSON.parse(readFileSync(json, 'utf8')) as { ruleset: string; games: { seat0: number; decisions: number }[] }
    expect(rep.ruleset).toBe('cfeo')
    expect(rep.games).toHaveLength(4)
    // half the games with each agent on seat 0 (agent 1 is the heuristic)
    expect(rep.games.filter((g) => g.seat0 === 1)).toHaveLength(2)
    for (const g of rep.games) expect(g.decisions).toBeGreaterThan(50)
  }, 240_000)

  it('a tiny train run on cfeo-training writes a checkpoint that plays cfeo as ckpt:', () => {
    const out = join(tmp, 'run')
    const r = tercio('train', '--scenario', 'cfeo-training', '--steps', '64', '--envs', '2', '--rollout', '16', '--net', 'tiny', '--eval-every', '0', '--eval-games', '2', '--summary-games', '0', '--quiet', '--out', out)
    expect(r.code, r.err).toBe(0)
    expect(r.out).toContain(`checkpoint: ${join(out, 'checkpoint')}`)
    const meta = JSON.parse(readFileSync(join(out, 'checkpoint', 'meta.json'), 'utf8')) as Record<string, unknown>
    expect(JSON.stringify(meta)).toContain('cfeo-training')
    const json = join(tmp, 'ckpt-play.json')
    const p = tercio('play', '--scenario', 'cfeo-training', '--agents', `random,ckpt:${join(out, 'checkpoint')}`, '--games', '2', '--json', json, '--quiet')
    expect(p.code, p.err).toBe(0)
    const games = (JSON.parse(readFileSync(json, 'utf8')) as PlayJson).games
    expect(games).toHaveLength(2)
    for (const g of games) expect(g.reason).toMatch(/turn limit|broken/)
  }, 240_000)

  it('show --svg draws cfeo counters: stands, formation and depth, attached leaders (disorder gravel: test/web/cfeo-viewer.e2e.test.ts)', () => {
    const svg = join(tmp, 'cfeo.svg')
    const r = tercio('show', '--scenario', 'cfeo-training', '--svg', svg)
    expect(r.code, r.err).toBe(0)
    const text = readFileSync(svg, 'utf8')
    expect(text).toContain('data-unit="F-P1"')
    expect(text).toMatch(/class="stands"[^>]*>8</)
    expect(text).toMatch(/class="formation"[^>]*>L2</)
    // F-CI starts attached to F-P1, I-CI to I-P1 (the scenario)
    expect(text).toContain('class="leader side0 attached" data-leader="F-CI"')
    expect(text).toContain('class="leader side1 attached" data-leader="I-CI"')
  }, 60_000)

  it('serve: the Python TercioEnv plays whole cfeo-training games (self-play and against the heuristic)', async () => {
    expect(existsSync(PY), `${PY} is missing: run \`npm run setup\``).toBe(true)
    const server = await startServer({ port: 0, heartbeatMs: 5000 })
    try {
      const script = join(tmp, 'cfeo_env.py')
      writeFileSync(
        script,
        [
          'import sys, json, gymnasium as gym, tercio_client',
          'res = []',
          'for opp in (None, "heuristic"):',
          '    kw = dict(url=sys.argv[1], max_decisions=5000)',
          '    if opp: kw["opponent"] = opp',
          '    env = gym.make("tercio/cfeo-training", **kw)',
          '    obs, info = env.reset(seed=3)',
          '    n = 0',
          '    while True:',
          '        obs, r, term, trunc, info = env.step(env.action_space.sample(mask=obs["action_mask"]))',
          '        n += 1',
          '        if term or trunc: break',
          '    res.append({"steps": n, "winner": int(info["winner"]), "terminated": bool(term), "mask": int(obs["action_mask"].shape[0])})',
          '    env.close()',
          'print(json.dumps(res))',
        ].join('\n'),
      )
      const out = await new Promise<{ code: number | null; out: string }>((done) => {
        const p = spawn(PY, [script, server.url], { cwd: ROOT })
        let o = ''
        p.stdout.on('data', (d) => (o += d))
        p.stderr.on('data', (d) => (o += d))
        const t = setTimeout(() => p.kill('SIGKILL'), 200_000)
        p.on('close', (code) => {
          clearTimeout(t)
          done({ code, out: o })
        })
      })
      expect(out.code, out.out).toBe(0)
      const res = JSON.parse(out.out.trim().split('\n').pop() as string) as { steps: number; winner: number; terminated: boolean; mask: number }[]
      expect(res).toHaveLength(2)
      for (const g of res) {
        expect(g.terminated).toBe(true)
        expect([0, 1, 2]).toContain(g.winner)
        expect(g.steps).toBeGreaterThan(20)
      }
    } finally {
      await server.close()
    }
  }, 240_000)
})
