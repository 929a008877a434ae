// Server lifecycle: heartbeat drops silent peers, close() ends every connection
// cleanly, option checks, and the session never throws on any input.
import { describe, expect, it } from 'vitest'
import { checkServerOptions, startServer } from '../../bridge/server.ts'
import { Session } from '../../bridge/session.ts'
import { isLoopback, tokenMatches } from '../../bridge/token.ts'
import { pb, TestClient } from './client.ts'

describe('heartbeat', () => {
  it('drops a peer that stops answering pings and keeps one that answers', async () => {
    const s = await startServer({ port: 0, heartbeatMs: 80 })
    try {
      const silent = await TestClient.open(s.url, { autoPong: false })
      const live = await TestClient.hello(s.url)
      const cl = await silent.waitClosed(3000)
      expect(cl.code).toBe(1006) // terminated, no close frame
      await new Promise((r) => setTimeout(r, 300))
      expect(live.closed).toBeNull()
      expect((await live.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1 } })).kind).toBe('envSpec')
      expect(s.connections()).toBe(1)
      live.close()
    } finally {
      await s.close()
    }
  })
})

describe('shutdown', () => {
  it('close() sends 1001 to every client and frees the port', async () => {
    const s = await startServer({ port: 0, heartbeatMs: 0 })
    const cs = await Promise.all([TestClient.hello(s.url), TestClient.hello(s.url), TestClient.open(s.url)])
    const t0 = Date.now()
    await s.close()
    expect(Date.now() - t0).toBeLessThan(3000)
    for (const c of cs) {
      const cl = await c.waitClosed()
      expect(cl.code).toBe(1001)
      expect(cl.reason).toMatch(/shutting down/)
    }
    // The port is free again.
    const again = await startServer({ port: s.port, heartbeatMs: 0 })
    expect(again.port).toBe(s.port)
    await again.close()
  })

  it('refuses a Hello beyond maxConnections with 1013', async () => {
    const s = await startServer({ port: 0, heartbeatMs: 0, maxConnections: 2 })
    try {
      const a = await TestClient.hello(s.url)
      const b = await TestClient.hello(s.url)
      const c = await TestClient.open(s.url)
      c.sendRaw(pb.Envelope.encode({ id: 1, hello: { protocolVersion: 1, clientName: 'vitest' } }).finish())
      expect((await c.waitClosed()).code).toBe(1013)
      expect((await a.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1 } })).kind).toBe('envSpec')
      a.close()
      b.close()
    } finally {
      await s.close()
    }
  })
})

describe('options', () => {
  it('checks hosts, tokens and limits', () => {
    expect(checkServerOptions({})).toBeNull()
    expect(checkServerOptions({ host: '0.0.0.0' })).toMatch(/needs a token/)
    expect(checkServerOptions({ host: '0.0.0.0', token: 'short' })).toMatch(/8 characters/)
    expect(checkServerOptions({ host: '0.0.0.0', token: 'long enough' })).toBeNull()
    expect(checkServerOptions({ maxEnvs: 0 })).toMatch(/maxEnvs/)
    expect(checkServerOptions({ port: 70000 })).toMatch(/65535/)
    expect(isLoopback('127.0.0.1') && isLoopback('::1') && isLoopback('localhost') && isLoopback('127.1.2.3')).toBe(true)
    expect(isLoopback('0.0.0.0') || isLoopback('192.168.1.2') || isLoopback('::')).toBe(false)
    expect(tokenMatches('abc', 'abc')).toBe(true)
    expect(tokenMatches('abd', 'abc')).toBe(false)
    expect(tokenMatches('', 'abc')).toBe(false)
  })
})

describe('session fuzz', () => {
  it('answers 3000 random and mutated messages with decodable replies, never throwing', () => {
    const s = new Session({ maxEnvs: 8, maxPayload: 1 << 20, token: undefined })
    let seed = 12345
    const rnd = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n
    const valid = [
      pb.Envelope.encode({ id: 1, hello: { protocolVersion: 1 } }).finish(),
      pb.Envelope.encode({ id: 2, makeEnvs: { scenarioId: 'piwam-training', count: 2, options: { maxDecisions: 30 } } }).finish(),
      pb.Envelope.encode({ id: 3, reset: { envSet: 1, seed: 4 } }).finish(),
      pb.Envelope.encode({ id: 4, step: { envSet: 1, actions: [0, 1] } }).finish(),
      pb.Envelope.encode({ id: 5, render: { envSet: 1, env: 1 } }).finish(),
      pb.Envelope.encode({ id: 6, closeEnvs: { envSet: 1 } }).finish(),
    ]
    const codes = new Set<string>()
    for (let k = 0; k < 3000; k++) {
      const base = valid[rnd(valid.length)] as Uint8Array
      const m = Uint8Array.from(base)
      const flips = rnd(4)
      for (let f = 0; f < flips; f++) m[rnd(m.length)] = rnd(256)
      const msg = rnd(10) === 0 ? m.subarray(0, rnd(m.length + 1)) : m
      const r = s.handle(msg)
      const e = pb.Envelope.decode(r.bytes)
      expect(e.kind).toBeDefined()
      if (e.error) codes.add(e.error.code ?? '')
      expect(s.envCount).toBeLessThanOrEqual(8)
    }
    expect(codes.has('INTERNAL')).toBe(false)
    expect(codes.size).toBeGreaterThan(3)
  })
})
