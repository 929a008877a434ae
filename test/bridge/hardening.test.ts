// Bad peers (loopback only, every case bounded in time): peers that never say
// Hello, oversized or wrong first messages, peers that never read their
// replies, and clients naming agent files outside the server's agent directory.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { connect } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { setPolicyLoader } from '../../agents/registry.ts'
import { RandomAgent } from '../../agents/random.ts'
import { readCheckMs, startServer, type BridgeServer } from '../../bridge/server.ts'
import { agentFile, DEFAULT_AGENT_DIR } from '../../bridge/session.ts'
import { pb, TestClient } from './client.ts'

const servers: BridgeServer[] = []
async function serve(o: Parameters<typeof startServer>[0]): Promise<BridgeServer> {
  const s = await startServer({ port: 0, heartbeatMs: 0, ...o })
  servers.push(s)
  return s
}
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Steps a fresh env set a few times; the client is still served. */
async function works(url: string): Promise<void> {
  const c = await TestClient.hello(url)
  const spec = await c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 2, options: { maxDecisions: 30 } } })
  expect(spec.kind).toBe('envSpec')
  const b = await c.request({ reset: { envSet: spec.envSpec?.envSet ?? 0, seed: 1 } })
  expect(b.kind).toBe('batch')
  c.close()
}

describe('Hello', () => {
  it('a peer that does not say Hello in time is closed', async () => {
    const s = await serve({ helloTimeoutMs: 300, maxPending: 4 })
    const idle = await Promise.all(Array.from({ length: 4 }, () => TestClient.open(s.url)))
    expect(s.connections()).toBe(4)
    const closes = await Promise.all(idle.map((c) => c.waitClosed(3000)))
    for (const cl of closes) expect(cl).toEqual({ code: 1008, reason: 'no Hello within 300 ms' })
    for (let t = 0; t < 100 && s.connections() > 0; t++) await sleep(10) // the server's close events follow
    expect(s.connections()).toBe(0)
    await works(s.url)
  })

  it('a client that said Hello is not subject to the deadline', async () => {
    const s = await serve({ helloTimeoutMs: 150 })
    const c = await TestClient.hello(s.url)
    await sleep(450)
    expect(c.closed).toBeNull()
    expect((await c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1 } })).kind).toBe('envSpec')
    c.close()
  })

  it('a big message before Hello closes the connection unread (1009); after Hello the usual limit applies', async () => {
    const s = await serve({ maxHelloBytes: 1024 })
    const big = await TestClient.open(s.url)
    big.sendRaw(new Uint8Array(14 * 1024 * 1024))
    expect((await big.waitClosed()).code).toBe(1009)
    expect(big.stray).toEqual([]) // nothing was answered: the bytes were never decoded
    // After Hello, a request far above 1024 bytes (inline scenario JSON) is served.
    const c = await TestClient.hello(s.url)
    const pad = ' '.repeat(4096)
    const r = await c.request({ makeEnvs: { scenarioJson: `{${pad}"not": "a scenario"}`, count: 1 } })
    expect(r.kind).toBe('error')
    expect(r.error?.code).toBe('SCENARIO_INVALID')
    expect(c.closed).toBeNull()
    c.close()
  })

  it('before Hello, a frame announcing more than the limit is refused from its header, its payload never sent', async () => {
    const s = await serve({ maxHelloBytes: 1024 })
    const sock = connect(s.port, '127.0.0.1')
    sock.on('error', () => {})
    const got: Buffer[] = []
    sock.on('data', (d: Buffer) => got.push(d))
    const ended = new Promise<void>((resolve) => sock.on('close', () => resolve()))
    sock.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`)
    for (let t = 0; t < 200 && !Buffer.concat(got).includes('\r\n\r\n'); t++) await sleep(10)
    expect(Buffer.concat(got).toString('latin1')).toMatch(/^HTTP\/1.1 101/)
    got.length = 0
    // FIN + binary, masked, 64-bit length 14 MiB, a mask key: a header only, no payload follows.
    const header = Buffer.alloc(14)
    header[0] = 0x82
    header[1] = 0x80 | 127
    header.writeBigUInt64BE(BigInt(14 * 1024 * 1024), 2)
    sock.write(header)
    await Promise.race([ended, sleep(5000)])
    const reply = Buffer.concat(got)
    expect(reply[0]).toBe(0x88) // a close frame...
    expect(reply.readUInt16BE(2)).toBe(1009) // ...1009, sent before any payload byte
    sock.destroy()
  })

  it('a peer that keeps sending after the pre-Hello refusal is no longer read from, and cut within a second', async () => {
    const s = await serve({ maxHelloBytes: 1024 })
    const sock = connect(s.port, '127.0.0.1')
    sock.on('error', () => {})
    const got: Buffer[] = []
    sock.on('data', (d: Buffer) => got.push(d))
    const ended = new Promise<number>((resolve) => sock.on('close', () => resolve(performance.now())))
    sock.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`)
    for (let t = 0; t < 200 && !Buffer.concat(got).includes('\r\n\r\n'); t++) await sleep(10)
    got.length = 0
    // A 14 MiB frame, header and payload (mask key 0): the peer goes on sending after the header is refused.
    const size = 14 * 1024 * 1024
    const header = Buffer.alloc(14)
    header[0] = 0x82
    header[1] = 0x80 | 127
    header.writeBigUInt64BE(BigInt(size), 2)
    let flushed: boolean | null = null
    const t0 = performance.now()
    sock.write(header)
    sock.write(Buffer.alloc(size), (e) => (flushed = !e))
    const t1 = await Promise.race([ended, sleep(5000).then(() => -1)])
    expect(t1, 'the connection was not cut').toBeGreaterThan(0)
    expect(t1 - t0).toBeLessThan(3000)
    const reply = Buffer.concat(got)
    expect(reply[0]).toBe(0x88)
    expect(reply.readUInt16BE(2)).toBe(1009)
    // The server stopped reading: 14 MiB could not all leave the peer (loopback buffers hold a few MiB).
    expect(flushed).not.toBe(true)
    await works(s.url)
  })

  it('refused peers hold no connection slot while they wait to be cut', async () => {
    const s = await serve({ maxHelloBytes: 1024, maxConnections: 3 })
    const header = Buffer.alloc(14)
    header[0] = 0x82
    header[1] = 0x80 | 127
    header.writeBigUInt64BE(BigInt(14 * 1024 * 1024), 2)
    const codes: number[] = []
    for (let k = 0; k < 8; k++) {
      // Each: upgrade, send a 14 MiB frame (header and the start of its payload), read the close frame,
      // hang up at once (the server, not reading any more, has unread bytes and notices nothing).
      const sock = connect(s.port, '127.0.0.1')
      sock.on('error', () => {})
      const got: Buffer[] = []
      sock.on('data', (d: Buffer) => got.push(d))
      sock.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`)
      for (let t = 0; t < 200 && !Buffer.concat(got).includes('\r\n\r\n'); t++) await sleep(5)
      const head = Buffer.concat(got)
      got.length = 0
      got.push(head.subarray(head.indexOf('\r\n\r\n') + 4))
      sock.write(header)
      sock.write(Buffer.alloc(4 * 1024 * 1024))
      for (let t = 0; t < 200 && Buffer.concat(got).length < 4; t++) await sleep(5)
      codes.push(Buffer.concat(got).readUInt16BE(2))
      sock.destroy()
    }
    expect(codes).toEqual(new Array(8).fill(1009))
    // Within the grace second of all eight: a real client is served (not 1013 "server full").
    expect(s.connections()).toBe(0)
    await works(s.url)
  })

  it('a first message that is not a valid Hello is answered, then the connection is closed', async () => {
    const s = await serve({})
    const cases: Array<[string, (c: TestClient) => void, string]> = [
      ['garbage', (c) => c.sendRaw(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x0f])), 'MALFORMED'],
      ['text', (c) => c.sendRaw('{"hello": 1}'), 'MALFORMED'],
      ['a request', (c) => c.sendRaw(pb.Envelope.encode({ id: 5, reset: { envSet: 1 } }).finish()), 'HELLO_REQUIRED'],
      ['a server kind', (c) => c.sendRaw(pb.Envelope.encode({ id: 6, batch: { count: 1 } }).finish()), 'UNEXPECTED_KIND'],
    ]
    for (const [what, send, code] of cases) {
      const c = await TestClient.open(s.url)
      send(c)
      const cl = await c.waitClosed()
      expect(cl, what).toEqual({ code: 1008, reason: 'Hello required first' })
      expect(c.stray.map((e) => e.error?.code), what).toEqual([code])
    }
    await works(s.url)
  })
})

describe('connection slots', () => {
  /** Upgraded connections that answer pings but never say Hello (ws answers pings by itself). */
  const silent = (url: string, n: number) => Promise.all(Array.from({ length: n }, () => TestClient.open(url)))

  it('peers that never say Hello cannot lock out a client that does, even reconnecting as fast as they can', async () => {
    const TOKEN = 'a-token-of-some-length'
    const s = await serve({ token: TOKEN, maxConnections: 2, maxPending: 4, helloTimeoutMs: 10_000 })
    const attackers = await silent(s.url, 64) // 64 upgraded, silent: the old way to hold every slot
    // The pool of connections waiting for Hello keeps its newest 4; the older ones were evicted (1013).
    const evicted = await Promise.all(attackers.slice(0, 60).map((c) => c.waitClosed(3000)))
    for (const cl of evicted) expect(cl.code).toBe(1013)
    let stop = false
    const churn = (async () => {
      // The attacker keeps reconnecting while real clients arrive.
      while (!stop) await silent(s.url, 4)
    })()
    try {
      for (let k = 0; k < 3; k++) {
        const c = await TestClient.hello(s.url, TOKEN)
        const spec = await c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1 } })
        expect(spec.kind).toBe('envSpec')
        c.close()
        await c.waitClosed()
      }
    } finally {
      stop = true
      await churn
    }
  }, 30_000)

  it('on a token server, a Hello without the token gets no slot; with it, a slot while one is free', async () => {
    const TOKEN = 'a-token-of-some-length'
    const s = await serve({ token: TOKEN, maxConnections: 2 })
    for (const wrong of ['', 'not-the-token']) {
      const c = await TestClient.open(s.url)
      const r = await c.request({ hello: { protocolVersion: 1, clientName: 'vitest', token: wrong } })
      expect(r.error?.code).toBe('UNAUTHORIZED')
      expect((await c.waitClosed()).code).toBe(1008)
    }
    const a = await TestClient.hello(s.url, TOKEN)
    const b = await TestClient.hello(s.url, TOKEN)
    // Full: the third good Hello is answered by closing 1013, no Welcome.
    const third = await TestClient.open(s.url)
    third.sendRaw(pb.Envelope.encode({ id: 1, hello: { protocolVersion: 1, clientName: 'vitest', token: TOKEN } }).finish())
    expect(await third.waitClosed()).toEqual({ code: 1013, reason: 'server full (2 connections)' })
    expect(third.stray).toEqual([])
    a.close()
    await a.waitClosed()
    for (let t = 0; t < 100 && s.connections() > 1; t++) await sleep(10)
    const c = await TestClient.hello(s.url, TOKEN)
    expect((await c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1 } })).kind).toBe('envSpec')
    b.close()
    c.close()
  })
})

/** A client that sends requests but never reads: its socket is paused, so replies pile up on the server. */
async function nonReader(url: string, envs: number): Promise<{ ws: WebSocket; handle: number }> {
  const c = await TestClient.hello(url)
  const spec = await c.request({ makeEnvs: { scenarioId: 'piwam-training', count: envs, options: { maxDecisions: 1000 } } })
  const handle = spec.envSpec?.envSet ?? 0
  await c.request({ reset: { envSet: handle, seed: 1 } })
  c.ws.pause()
  return { ws: c.ws, handle }
}

/** Sends `n` Resets (each answered by a whole dense Batch) without reading them. */
function flood(ws: WebSocket, handle: number, n: number): void {
  const msg = pb.Envelope.encode({ id: 99, reset: { envSet: handle, seed: 1 } }).finish()
  for (let i = 0; i < n && ws.readyState === ws.OPEN; i++) ws.send(msg)
}

describe('peers that do not read', () => {
  it('bounds the queued reply bytes of every peer and of the server, while a reading client is served', async () => {
    const MiB = 1024 * 1024
    const s = await serve({ pauseBacklog: 2 * MiB, maxBacklog: 16 * MiB, maxBacklogTotal: 24 * MiB })
    const peers = await Promise.all([0, 1, 2].map(() => nonReader(s.url, 16)))
    let peak = 0
    const meter = setInterval(() => (peak = Math.max(peak, s.queuedBytes())), 5)
    try {
      // ~600 KB per reply, 300 requests each: ~180 MB per peer if nothing bounded it.
      for (const p of peers) flood(p.ws, p.handle, 300)
      const t0 = Date.now()
      while (Date.now() - t0 < 3000) {
        await works(s.url) // a reading client keeps being served meanwhile
        await sleep(20)
      }
    } finally {
      clearInterval(meter)
    }
    const reply = 16 * 40_000 // a generous bound on one dense 16-env Batch
    expect(peak).toBeGreaterThan(2 * MiB) // the peers did pile replies up...
    expect(peak).toBeLessThanOrEqual(24 * MiB + 3 * reply) // ...but never past the server's bound
    // Each stays connected (paused, not cut): reading was stopped before it reached its own limit.
    expect(s.connections()).toBe(3)
    for (const p of peers) p.ws.terminate()
  }, 30_000)

  it('cuts a peer off as soon as it crosses its own limit', async () => {
    const MiB = 1024 * 1024
    const s = await serve({ pauseBacklog: 8 * MiB, maxBacklog: 1 * MiB })
    const p = await nonReader(s.url, 16)
    const closed = new Promise<number>((resolve) => p.ws.on('close', (code) => resolve(code)))
    flood(p.ws, p.handle, 200)
    p.ws.resume() // reads again, to see the cut: the server terminated the TCP connection (no close frame)
    expect(await Promise.race([closed, sleep(10_000).then(() => -1)])).toBe(1006)
    await works(s.url)
  }, 20_000)

  it('drops a peer whose replies stay unsent past the send deadline (1008), heartbeat off, while a reading client is served', async () => {
    const s = await serve({ heartbeatMs: 0, sendTimeoutMs: 600 })
    const p = await nonReader(s.url, 16)
    flood(p.ws, p.handle, 100) // ~60 MB of replies: far more than the socket buffers take
    const t0 = Date.now()
    while (Date.now() - t0 < 400) {
      await works(s.url) // a client that reads is never dropped, however long it has been connected
      await sleep(20)
    }
    expect(s.connections()).toBe(1) // not yet: its replies have waited less than the deadline
    for (let t = 0; t < 300 && s.connections() > 0; t++) await sleep(10)
    expect(s.connections()).toBe(0)
    expect(Date.now() - t0).toBeLessThan(600 + 1000 + 1500)
    p.ws.terminate()
    await works(s.url)
  }, 20_000)

  it('drops a peer whose few small replies all wait in the socket buffers, heartbeat off; an idle reader stays', async () => {
    const s = await serve({ heartbeatMs: 0, sendTimeoutMs: 600 })
    const reader = await TestClient.hello(s.url) // reads (and answers pings) but sends nothing after a first request
    expect((await reader.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1 } })).kind).toBe('envSpec')
    const p = await TestClient.hello(s.url)
    p.ws.pause()
    // Twenty requests answered by small Error replies: the kernel takes them all, ws's queue stays empty.
    const bad = pb.Envelope.encode({ id: 7, step: { envSet: 999, actions: [0] } }).finish()
    for (let i = 0; i < 20; i++) p.ws.send(bad)
    await sleep(100)
    expect(s.queuedBytes()).toBe(0)
    expect(s.connections()).toBe(2)
    const t0 = Date.now()
    for (let t = 0; t < 300 && s.connections() > 1; t++) await sleep(10)
    expect(s.connections()).toBe(1)
    expect(Date.now() - t0).toBeLessThan(600 + readCheckMs(600) + 1500)
    // It reads at last: its replies, then the close frame saying why.
    const closed = new Promise<{ code: number; reason: string }>((resolve) => p.ws.on('close', (code, r) => resolve({ code, reason: r.toString() })))
    p.ws.resume()
    expect(await closed).toEqual({ code: 1008, reason: 'replies unread for 600 ms' })
    // The reader, idle all along, is still served.
    expect(reader.closed).toBeNull()
    expect((await reader.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1 } })).kind).toBe('envSpec')
    reader.close()
  }, 20_000)

  it('cuts the peer with the most unread replies when the server total is crossed', async () => {
    const MiB = 1024 * 1024
    const s = await serve({ pauseBacklog: 6 * MiB, maxBacklog: 64 * MiB, maxBacklogTotal: 4 * MiB })
    const peers = await Promise.all([0, 1].map(() => nonReader(s.url, 16)))
    const codes = peers.map((p) => new Promise<number>((resolve) => p.ws.on('close', (code) => resolve(code))))
    for (const p of peers) flood(p.ws, p.handle, 100)
    for (const p of peers) p.ws.resume()
    const first = await Promise.race([...codes, sleep(10_000).then(() => -1)])
    expect(first).toBe(1006)
    expect(s.queuedBytes()).toBeLessThanOrEqual(6 * MiB)
    for (const p of peers) p.ws.terminate()
    await works(s.url)
  }, 20_000)
})

describe('agent files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tercio-agents-'))
  const outside = mkdtempSync(join(tmpdir(), 'tercio-outside-'))
  mkdirSync(join(dir, 'run1'))
  writeFileSync(join(dir, 'run1', 'meta.json'), '{}')
  mkdirSync(join(outside, 'secret'))
  symlinkSync(join(outside, 'secret'), join(dir, 'link-out'))
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
    rmSync(outside, { recursive: true, force: true })
  })

  it('agentFile resolves inside the directory only', () => {
    expect(agentFile(dir, 'run1')).toBe(join(dir, 'run1'))
    expect(agentFile(dir, join(dir, 'run1'))).toBe(join(dir, 'run1'))
    expect(agentFile(dir, '../' + outside.split('/').pop() + '/secret')).toBeNull()
    expect(agentFile(dir, join(outside, 'secret'))).toBeNull()
    expect(agentFile(dir, 'link-out')).toBeNull() // a symbolic link out of it
    expect(agentFile(dir, '.')).toBeNull()
    expect(agentFile(dir, 'missing')).toBeNull()
  })

  it('refuses every path outside the agent directory alike (AGENT_INVALID), and loads inside it', async () => {
    const s = await serve({ agentDir: dir })
    const loaded: string[] = []
    const old = setPolicyLoader(async (_engine, path, seed, name) => {
      loaded.push(path)
      return { ok: true, value: new RandomAgent(seed, name) }
    })
    const c = await TestClient.hello(s.url)
    try {
      const mk = (opponent: string) => c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1, options: { opponent, opponentPlayer: 1 } } })
      const refusals = [join(outside, 'secret'), '/etc', '/nowhere/at/all', 'link-out', '../../etc/passwd', 'missing']
      const messages: string[] = []
      for (const p of refusals) {
        const r = await mk(`ckpt:${p}`)
        expect(r.error?.code, p).toBe('AGENT_INVALID')
        messages.push((r.error?.message ?? '').replace(p, 'PATH'))
      }
      // The same words whether the path exists (outside) or not: nothing is learnt about the server's files.
      expect(new Set(messages).size).toBe(1)
      expect(loaded).toEqual([])
      expect((await mk('ckpt:run1')).kind).toBe('envSpec')
      expect(loaded).toEqual([join(dir, 'run1')])
    } finally {
      c.close()
      setPolicyLoader(old)
    }
  })

  it('defaults to the project checkpoints/ directory: a server started without agentDir refuses other paths', async () => {
    const s = await serve({})
    const loaded: string[] = []
    const old = setPolicyLoader(async (_engine, path, seed, name) => {
      loaded.push(path)
      return { ok: true, value: new RandomAgent(seed, name) }
    })
    const c = await TestClient.hello(s.url)
    try {
      const r = await c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1, options: { opponent: `ckpt:${join(outside, 'secret')}`, opponentPlayer: 1 } } })
      expect(r.error?.code).toBe('AGENT_INVALID')
      expect(loaded).toEqual([]) // refused before any load was tried
      expect((await c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1, options: { opponent: 'ckpt:checkpoints/piwam-training-baseline', opponentPlayer: 1 } } })).kind).toBe('envSpec')
      expect(loaded).toEqual([join(DEFAULT_AGENT_DIR, 'piwam-training-baseline')])
    } finally {
      c.close()
      setPolicyLoader(old)
    }
  })
})
