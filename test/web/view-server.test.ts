// The view server without a browser: its JSON API and static files.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { opponentMove, startViewServer, type ViewServer } from '../../cli/commands/view.ts'
import { parseAction } from '../../env/core/actions.ts'
import type { Engine } from '../../env/core/types.ts'
import { bindEngine } from '../../env/gym/make.ts'

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

  it('returns a legal opponent move for the position reached by the actions', async () => {
    const body = { ruleset: 'piwam', scenario: 'piwam-training', seed: 4, actions: [], agent: 'random' }
    const res = await fetch(new URL('api/move', server.url), { method: 'POST', body: JSON.stringify(body) })
    expect(res.status).toBe(200)
    const j = (await res.json()) as { action: string }
    const b = bindEngine('piwam', 'piwam-training')
    if (!b.ok) throw new Error(b.error.message)
    const e: Engine = b.value
    const s = e.init(4)
    const mask = new Uint8Array(e.layout.size)
    e.legal(s, mask)
    const a = parseAction(e.layout, e.grid, j.action)
    expect(a.ok && mask[a.value]).toBe(1)
  })

  it('refuses bad move requests with a message naming the problem', async () => {
    const cache = new Map<string, Engine>()
    expect(opponentMove({ agent: 'nobody', seed: 1, actions: [], scenario: 'piwam-training' }, cache)).toMatchObject({ error: expect.stringContaining('unknown agent "nobody"') })
    expect(opponentMove({ agent: 'random', seed: -1, actions: [], scenario: 'piwam-training' }, cache)).toMatchObject({ error: expect.stringContaining('seed') })
    expect(opponentMove({ agent: 'random', seed: 1, actions: ['hex:9999'], scenario: 'piwam-training' }, cache)).toMatchObject({ error: expect.stringContaining('actions[0]') })
    expect(opponentMove({ agent: 'random', seed: 1, actions: [], scenario: 'no-such-scenario' }, cache)).toMatchObject({ error: expect.stringContaining('SCENARIO_NOT_FOUND') })
    const res = await fetch(new URL('api/move', server.url), { method: 'POST', body: '{not json' })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toContain('bad request body')
  })
})
