// The view server without a browser: its JSON API and static files.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listCheckpoints, startViewServer, type ViewServer } from '../../cli/commands/view.ts'
import { checkpointFolder, createAgent } from '../../agents/registry.ts'
import { TestClient } from '../bridge/client.ts'
import { playGame } from '../../agents/play.ts'
import { RandomAgent } from '../../agents/random.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { ReplayRecorder } from '../../env/gym/replay.ts'

let server: ViewServer
const dist = mkdtempSync(join(tmpdir(), 'tercio-view-'))

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), '<html>viewer</html>')
  writeFileSync(join(dist, 'assets', 'a.js'), 'export {}')
  server = await startViewServer({ port: 0, dist })
})
afterAll(async () => {
  await server.close()
})

describe('view server', () => {
  it('serves the page and its assets, and nothing outside the bundle', async () => {
    const page = await fetch(server.url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain('viewer')
    const js = await fetch(new URL('assets/a.js', server.url))
    expect(js.headers.get('content-type')).toContain('javascript')
    expect((await fetch(new URL('assets/../../package.json', server.url))).status).toBe(404)
    expect((await fetch(new URL('%2e%2e/package.json', server.url))).status).toBe(404)
    expect((await fetch(new URL('missing.js', server.url))).status).toBe(404)
  })

  it('answers api/replay with null when no replay was given, and lists the agents', async () => {
    expect(await (await fetch(new URL('api/replay', server.url))).json()).toBeNull()
    const a = (await (await fetch(new URL('api/agents', server.url))).json()) as { agents: string[] }
    expect(a.agents).toContain('random')
  })

  it('serves the bridge on the same port at /bridge, with a server-side opponent', async () => {
    expect(server.bridge.url).toBe(`ws://127.0.0.1:${server.port}/bridge`)
    const c = await TestClient.hello(server.bridge.url)
    try {
      const spec = await c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1, options: { opponent: 'random', opponentPlayer: 1, skipForced: false } } })
      expect(spec.kind).toBe('envSpec')
      const before = server.bridge.counters.opponentSteps
      const b0 = await c.request({ reset: { envSet: spec.envSpec?.envSet ?? 0, seeds: [4] } })
      expect(b0.kind).toBe('batch')
      const mask = b0.batch?.masks as Uint8Array
      const a = mask.indexOf(1)
      const b1 = await c.request({ step: { envSet: spec.envSpec?.envSet ?? 0, actions: [a] } })
      expect(b1.kind).toBe('batch')
      expect(server.bridge.counters.opponentSteps).toBe(before + 1)
    } finally {
      c.close()
    }
  })

  it('serves several replays: api/replays names them, api/replay?i=N gives the N-th', async () => {
    const b = bindEngine(undefined, 'piwam-training')
    if (!b.ok) throw new Error(b.error.message)
    const eng = b.value
    const replays = [5, 6].map((seed) => {
      const rec = new ReplayRecorder(eng, seed, eng.init(seed))
      const g = playGame(eng, [new RandomAgent(1), new RandomAgent(2)], { seed, maxDecisions: 40, onStep: (i) => rec.push(i.action, i.player, eng.hash(i.state)) })
      expect(g.ok).toBe(false) // cut short on purpose: a short replay is enough here
      return { name: `game-${seed}.json`, replay: rec.replay() }
    })
    const many = await startViewServer({ port: 0, dist, replays })
    try {
      expect(await (await fetch(new URL('api/replays', many.url))).json()).toEqual({ names: ['game-5.json', 'game-6.json'] })
      const first = (await (await fetch(new URL('api/replay', many.url))).json()) as { name: string; replay: { seed: number } }
      expect([first.name, first.replay.seed]).toEqual(['game-5.json', 5])
      const second = (await (await fetch(new URL('api/replay?i=1', many.url))).json()) as { name: string; replay: { seed: number } }
      expect([second.name, second.replay.seed]).toEqual(['game-6.json', 6])
      expect(await (await fetch(new URL('api/replay?i=2', many.url))).json()).toBeNull()
    } finally {
      await many.close()
    }
    expect(await (await fetch(new URL('api/replays', server.url))).json()).toEqual({ names: [] })
  })

  it('no longer has the JSON move route (the opponent moves over the bridge)', async () => {
    expect((await fetch(new URL('api/move', server.url), { method: 'POST', body: '{}' })).status).toBe(405)
  })

  it('ckpt:RUN_FOLDER: a run folder of tercio train resolves to its checkpoint/, else best/; refusals name the folders searched', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tercio-agents-'))
    // Two run layouts around the checked-in piwam checkpoint, and a folder with no net.
    cpSync('checkpoints/piwam-training-baseline', join(root, 'run-a', 'checkpoint'), { recursive: true })
    cpSync('checkpoints/piwam-training-baseline', join(root, 'run-b', 'best'), { recursive: true })
    mkdirSync(join(root, 'empty'))
    expect(checkpointFolder(join(root, 'run-a')).folder).toBe(join(root, 'run-a', 'checkpoint'))
    expect(checkpointFolder(join(root, 'run-b')).folder).toBe(join(root, 'run-b', 'best'))
    expect(checkpointFolder('checkpoints/piwam-training-baseline').folder).toBe('checkpoints/piwam-training-baseline')
    const e = bindEngine(undefined, 'piwam-training')
    if (!e.ok) throw new Error(e.error.message)
    const bad = await createAgent(`ckpt:${join(root, 'empty')}`, e.value, 1)
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error.message).toContain(`${join(root, 'empty')}, ${join(root, 'empty', 'checkpoint')}, ${join(root, 'empty', 'best')}`)
    // The page's list: every run folder found, with the ruleset it was trained for.
    expect(listCheckpoints([root]).map((c) => [c.spec, c.ruleset])).toEqual([
      [`ckpt:${join(root, 'run-a')}`, 'piwam'],
      [`ckpt:${join(root, 'run-b')}`, 'piwam'],
    ])
    const v = await startViewServer({ port: 0, dist, agents: [root] })
    const c = await TestClient.hello(v.bridge.url)
    try {
      const a = (await (await fetch(new URL('api/agents', v.url))).json()) as { dirs: string[]; checkpoints: { spec: string }[] }
      expect(a.dirs).toEqual([root])
      expect(a.checkpoints.map((x) => x.spec)).toContain(`ckpt:${join(root, 'run-a')}`)
      const mk = (opponent: string) => c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1, options: { opponent, opponentPlayer: 1, skipForced: false } } })
      // Relative to the agent folder, as the page's list or a user types it.
      expect((await mk('ckpt:run-a')).kind).toBe('envSpec')
      const refused = await mk('ckpt:runs/nowhere')
      expect(refused.error?.code).toBe('AGENT_INVALID')
      expect(refused.error?.message).toContain(root)
      const empty = await mk('ckpt:empty')
      expect(empty.error?.message).toMatch(/no checkpoint \(meta\.json\) in .*empty, .*empty\/checkpoint, .*empty\/best/)
    } finally {
      c.close()
      await v.close()
    }
  }, 60_000)
})
