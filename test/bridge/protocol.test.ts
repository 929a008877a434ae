// The bridge over a real loopback socket: handshake, env sets, batches equal to
// the in-process VecEnv, and every robustness case of a bad peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type BridgeServer } from '../../bridge/server.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { VecEnv } from '../../env/gym/vec.ts'
import { builtinScenario } from '../../env/scenario/builtin.ts'
import type { Engine } from '../../env/core/types.ts'
import { chooser, diff, i32, i8, f32, pb, TestClient, u8 } from './client.ts'

let server: BridgeServer
let engine: Engine
const SC = 'piwam-training'

beforeAll(async () => {
  server = await startServer({ port: 0, maxEnvs: 64, maxPayload: 1 << 20, heartbeatMs: 0 })
  const e = bindEngine(undefined, SC)
  if (!e.ok) throw new Error(e.error.message)
  engine = e.value
})
afterAll(async () => {
  await server.close()
})

const make = (c: TestClient, count: number, extra: Partial<{ baseSeed: number; maxDecisions: number; events: boolean }> = {}) =>
  c.request({
    makeEnvs: {
      scenarioId: SC,
      count,
      ...(extra.baseSeed === undefined ? {} : { baseSeed: extra.baseSeed }),
      options: { maxDecisions: extra.maxDecisions ?? 40, events: extra.events ?? false },
    },
  })

describe('handshake', () => {
  it('welcomes with version, capabilities, rulesets and scenarios', async () => {
    const c = await TestClient.open(server.url)
    const w = await c.request({ hello: { protocolVersion: 1, clientName: 't' } })
    expect(w.kind).toBe('welcome')
    expect(w.welcome?.protocolVersion).toBe(1)
    expect(w.welcome?.capabilities).toContain('render:ascii')
    expect((w.welcome?.rulesets ?? []).map((r) => r.id)).toContain('piwam')
    expect((w.welcome?.scenarios ?? []).map((s) => s.id)).toContain(SC)
    expect(w.welcome?.maxEnvs).toBe(64)
    c.close()
  })

  it('refuses a request before Hello (then closes: Hello must come first), and a second Hello', async () => {
    const early = await TestClient.open(server.url)
    const r = await make(early, 1)
    expect(r.error?.code).toBe('HELLO_REQUIRED')
    expect(r.error?.requestId).toBe(r.id)
    expect(await early.waitClosed()).toEqual({ code: 1008, reason: 'Hello required first' })
    const c = await TestClient.open(server.url)
    await c.request({ hello: { protocolVersion: 1 } })
    const again = await c.request({ hello: { protocolVersion: 1 } })
    expect(again.error?.code).toBe('UNEXPECTED_KIND')
    expect((await make(c, 1)).kind).toBe('envSpec')
    c.close()
  })

  it('answers a wrong protocol version with an error, then closes with a reason', async () => {
    const c = await TestClient.open(server.url)
    const r = await c.request({ hello: { protocolVersion: 99 } })
    expect(r.error?.code).toBe('PROTOCOL_VERSION')
    expect(r.error?.message).toMatch(/99.*speaks 1/)
    const cl = await c.waitClosed()
    expect(cl.code).toBe(1002)
    expect(cl.reason).toMatch(/protocol version 1/)
  })
})

describe('tokens', () => {
  it('a server with a token refuses a missing or wrong one and accepts the right one', async () => {
    const s = await startServer({ port: 0, token: 'correct horse', heartbeatMs: 0 })
    try {
      const a = await TestClient.open(s.url)
      expect((await a.request({ hello: { protocolVersion: 1 } })).error?.code).toBe('UNAUTHORIZED')
      expect((await a.waitClosed()).code).toBe(1008)
      const b = await TestClient.open(s.url)
      expect((await b.request({ hello: { protocolVersion: 1, token: 'wrong' } })).error?.code).toBe('UNAUTHORIZED')
      expect((await b.waitClosed()).reason).toBe('unauthorized')
      const c = await TestClient.hello(s.url, 'correct horse')
      expect((await make(c, 1)).kind).toBe('envSpec')
      c.close()
    } finally {
      await s.close()
    }
  })

  it('refuses to bind a non-loopback address without a token', async () => {
    await expect(startServer({ host: '0.0.0.0', port: 0 })).rejects.toThrow(/needs a token/)
  })
})

describe('malformed input', () => {
  it('answers undecodable bytes and text frames with MALFORMED and keeps the connection', async () => {
    const c = await TestClient.hello(server.url)
    c.sendRaw(new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x0f]))
    const e1 = await c.nextStray()
    expect(e1.error?.code).toBe('MALFORMED')
    expect(e1.error?.requestId).toBe(0)
    c.sendRaw('{"hello": 1}')
    expect((await c.nextStray()).error?.code).toBe('MALFORMED')
    // Random garbage never takes the connection down.
    let seed = 7
    for (let k = 0; k < 50; k++) {
      const b = new Uint8Array(1 + (k % 40))
      for (let i = 0; i < b.length; i++) b[i] = (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24
      c.sendRaw(b)
    }
    expect((await make(c, 1)).kind).toBe('envSpec')
    expect(c.closed).toBeNull()
    c.close()
  })

  it('answers an unknown kind and a server-to-client kind with codes and the request id', async () => {
    const c = await TestClient.hello(server.url)
    // Envelope{id: 42, field 30: bytes ""}: a kind from a newer protocol.
    c.sendRaw(new Uint8Array([0x08, 42, 0xf2, 0x01, 0x00]))
    const u = await c.nextStray().catch(() => null)
    // id 42 is not awaited by request(), so it lands in stray.
    expect(u?.error?.code).toBe('UNKNOWN_KIND')
    expect(u?.error?.requestId).toBe(42)
    const r = await c.request({ batch: { count: 1 } })
    expect(r.error?.code).toBe('UNEXPECTED_KIND')
    c.close()
  })
})

describe('env sets', () => {
  it('publishes the same spec as the in-process env', async () => {
    const c = await TestClient.hello(server.url)
    const r = await make(c, 2)
    const s = r.envSpec
    const v = new VecEnv(engine, { num: 2, maxDecisions: 40 })
    expect(s?.hash).toBe(v.spec.hash)
    expect(s?.interfaceHash).toBe(v.spec.interfaceHash)
    expect(s?.planesShape).toEqual([...v.spec.planes.shape])
    expect(s?.channels).toEqual([...v.spec.planes.channels])
    expect(s?.actionSize).toBe(v.spec.actions.size)
    expect((s?.segments ?? []).map((g) => (g.texts ?? []).length)).toEqual(v.spec.actions.segments.map((g) => g.size))
    expect(JSON.parse(s?.specJson ?? '{}')).toEqual(JSON.parse(JSON.stringify(v.spec)))
    c.close()
  })

  it('refuses bad MakeEnvs with the env codes', async () => {
    const c = await TestClient.hello(server.url)
    expect((await c.request({ makeEnvs: { scenarioId: 'nowhere-1600', count: 1 } })).error?.code).toBe('SCENARIO_NOT_FOUND')
    expect((await c.request({ makeEnvs: { ruleset: 'chess', scenarioId: SC, count: 1 } })).error?.code).toMatch(/RULESET_UNKNOWN|SCENARIO_INVALID/)
    expect((await c.request({ makeEnvs: { scenarioJson: '{"id": 3', count: 1 } })).error?.code).toBe('SCENARIO_INVALID')
    expect((await c.request({ makeEnvs: { scenarioId: SC, count: 0 } })).error?.code).toBe('BAD_REQUEST')
    expect((await c.request({ makeEnvs: { count: 1 } })).error?.code).toBe('BAD_REQUEST')
    expect((await c.request({ makeEnvs: { scenarioId: SC, count: 1, options: { rewardShaping: -1 } } })).error?.code).toBe('BAD_REQUEST')
    expect((await c.request({ makeEnvs: { scenarioId: SC, count: 65 } })).error?.code).toBe('ENV_LIMIT')
    c.close()
  })

  it('accepts an inline scenario as JSON text', async () => {
    const sc = builtinScenario(SC)
    if (!sc.ok) throw new Error('no scenario')
    const c = await TestClient.hello(server.url)
    const r = await c.request({ makeEnvs: { scenarioJson: JSON.stringify(sc.value), count: 1, options: { maxDecisions: 40 } } })
    expect(r.envSpec?.scenarioId).toBe(SC)
    expect(r.envSpec?.hash).toBe(new VecEnv(engine, { num: 1, maxDecisions: 40 }).spec.hash)
    c.close()
  })

  it('limits the envs per connection, and CloseEnvs gives them back', async () => {
    const c = await TestClient.hello(server.url)
    const a = await make(c, 40)
    expect((await make(c, 30)).error?.code).toBe('ENV_LIMIT')
    const closed = await c.request({ closeEnvs: { envSet: a.envSpec?.envSet ?? 0 } })
    expect(closed.closed?.envSet).toBe(a.envSpec?.envSet)
    expect((await make(c, 30)).kind).toBe('envSpec')
    c.close()
  })
})

/** Steps a bridge set and an in-process VecEnv with the same actions and compares every array. */
async function compareWithInProcess(c: TestClient, count: number, steps: number, seed: number) {
  const spec = (await make(c, count, { maxDecisions: 40 })).envSpec
  const handle = spec?.envSet ?? 0
  const v = new VecEnv(engine, { num: count, maxDecisions: 40 })
  const n = v.spec.mask.shape[0]
  let remote = (await c.request({ reset: { envSet: handle, seed } })).batch
  const local = v.reset({ seed })
  expect(diff(remote?.masks, new Uint8Array(local.obs.mask))).toBe('equal')
  const pick = chooser(seed)
  let finals = 0
  for (let t = 0; t < steps; t++) {
    const actions = pick(local.obs.mask, n, count)
    const r = await c.request({ step: { envSet: handle, actions } })
    expect(r.kind).toBe('batch')
    remote = r.batch
    const l = v.step(actions)
    expect(diff(remote?.planes, l.obs.planes)).toBe('equal')
    expect(diff(remote?.entities, l.obs.entities)).toBe('equal')
    expect(diff(remote?.globals, l.obs.globals)).toBe('equal')
    expect(diff(remote?.masks, new Uint8Array(l.obs.mask))).toBe('equal')
    expect(diff(remote?.rewards, l.rewards)).toBe('equal')
    expect(diff(remote?.terminated, new Uint8Array(l.terminated))).toBe('equal')
    expect(diff(remote?.truncated, new Uint8Array(l.truncated))).toBe('equal')
    expect(diff(remote?.player, l.info.player)).toBe('equal')
    expect(diff(remote?.legalCount, l.info.legalCount)).toBe('equal')
    expect(diff(remote?.decisionKind, l.info.decisionKind)).toBe('equal')
    expect(diff(remote?.decisions, l.info.decisions)).toBe('equal')
    expect(diff(remote?.actor, l.info.actor)).toBe('equal')
    expect(diff(remote?.skipped, l.info.skipped)).toBe('equal')
    const done = [...l.info.done].flatMap((d, i) => (d ? [i] : []))
    expect(remote?.finalEnvs).toEqual(done)
    const fp = f32(remote?.finalPlanes ?? new Uint8Array())
    const ps = v.spec.planes.shape[0] * v.spec.planes.shape[1] * v.spec.planes.shape[2]
    done.forEach((i, k) => {
      finals++
      expect(diff(fp.subarray(k * ps, (k + 1) * ps), l.info.final.planes.subarray(i * ps, (i + 1) * ps))).toBe('equal')
      expect(diff(u8(remote?.finalMasks).subarray(k * n, (k + 1) * n), l.info.final.mask.subarray(i * n, (i + 1) * n))).toBe('equal')
      expect(i32(u8(remote?.episodeDecisions))[k]).toBe(l.info.episodeDecisions[i])
      expect(i8(remote?.winner ?? new Uint8Array())[k]).toBe(l.info.winner[i])
      expect(f32(remote?.episodeReturn ?? new Uint8Array())[2 * k]).toBe(l.info.episodeReturn[2 * i])
    })
  }
  return { handle, finals, v }
}

describe('batches', () => {
  it('reset and step give exactly the in-process VecEnv results, auto-reset and finals included', async () => {
    const c = await TestClient.hello(server.url)
    const { finals } = await compareWithInProcess(c, 6, 90, 11)
    expect(finals).toBeGreaterThan(0) // maxDecisions 40 forces truncations within 90 steps
    c.close()
  })

  it('per-env seeds reproduce single-env resets; bad seed lists are refused', async () => {
    const c = await TestClient.hello(server.url)
    const h = (await make(c, 3)).envSpec?.envSet ?? 0
    const a = (await c.request({ reset: { envSet: h, seeds: [5, 6, 7] } })).batch
    const b = (await c.request({ reset: { envSet: h, seed: 5 } })).batch
    expect(diff(a?.planes, b?.planes)).toBe('equal')
    const d = (await c.request({ reset: { envSet: h, seeds: [7, 6, 5] } })).batch
    const ps = u8(a?.planes).length / 3
    expect(diff(u8(d?.planes).subarray(0, ps), u8(a?.planes).subarray(2 * ps, 3 * ps))).toBe('equal')
    expect((await c.request({ reset: { envSet: h, seeds: [1, 2] } })).error?.code).toBe('BATCH_LENGTH')
    expect((await c.request({ reset: { envSet: h, seed: 1, seeds: [1, 2, 3] } })).error?.code).toBe('BAD_REQUEST')
    c.close()
  })

  it('refuses illegal, out-of-range and wrong-length steps atomically: nothing moves', async () => {
    const c = await TestClient.hello(server.url)
    const count = 4
    const h = (await make(c, count)).envSpec?.envSet ?? 0
    const v = new VecEnv(engine, { num: count, maxDecisions: 40 })
    const n = v.spec.mask.shape[0]
    await c.request({ reset: { envSet: h, seed: 3 } })
    let local = v.reset({ seed: 3 })
    const pick = chooser(3)
    const good = pick(local.obs.mask, n, count)
    const illegal = [...good]
    const masked = [...local.obs.mask.subarray(2 * n, 3 * n)].findIndex((m) => m === 0)
    illegal[2] = masked
    const r1 = await c.request({ step: { envSet: h, actions: illegal } })
    expect(r1.error?.code).toBe('ACTION_ILLEGAL')
    expect(r1.error?.env).toBe(2)
    expect(r1.error?.message).toMatch(/env 2/)
    const r2 = await c.request({ step: { envSet: h, actions: [...good.slice(0, 3), n + 5] } })
    expect(r2.error?.code).toBe('ACTION_OUT_OF_RANGE')
    expect(r2.error?.env).toBe(3)
    expect((await c.request({ step: { envSet: h, actions: [-1, ...good.slice(1)] } })).error?.code).toBe('ACTION_OUT_OF_RANGE')
    expect((await c.request({ step: { envSet: h, actions: good.slice(0, 3) } })).error?.code).toBe('BATCH_LENGTH')
    expect((await c.request({ step: { envSet: h, actions: [] } })).error?.code).toBe('BATCH_LENGTH')
    // The refused steps changed nothing: the good batch still matches the untouched in-process envs.
    const r = await c.request({ step: { envSet: h, actions: good } })
    local = v.step(good)
    expect(diff(r.batch?.planes, local.obs.planes)).toBe('equal')
    c.close()
  })

  it('refuses steps on closed sets and on other clients\' sets without touching them', async () => {
    const a = await TestClient.hello(server.url)
    const b = await TestClient.hello(server.url)
    const ha = (await make(a, 2)).envSpec?.envSet ?? 0
    const hb = (await make(b, 2)).envSpec?.envSet ?? 0
    // Handles are per connection: b's own handle number means nothing to a.
    const ra = (await a.request({ reset: { envSet: ha, seed: 9 } })).batch
    const stranger = hb === ha ? ha + 1000 : hb
    expect((await a.request({ step: { envSet: stranger, actions: [0, 0] } })).error?.code).toBe('ENV_NOT_FOUND')
    await b.request({ closeEnvs: { envSet: hb } })
    expect((await b.request({ step: { envSet: hb, actions: [0, 0] } })).error?.code).toBe('ENV_NOT_FOUND')
    expect((await b.request({ reset: { envSet: hb } })).error?.code).toBe('ENV_NOT_FOUND')
    expect((await b.request({ closeEnvs: { envSet: hb } })).error?.code).toBe('ENV_NOT_FOUND')
    expect((await b.request({ render: { envSet: ha, env: 0 } })).error?.code).toMatch(/ENV_NOT_FOUND/)
    // a's envs are where a left them.
    const n = u8(ra?.masks).length / 2 || 1
    const act = chooser(1)(ra?.masks ?? new Uint8Array(), n, 2)
    expect((await a.request({ step: { envSet: ha, actions: act } })).kind).toBe('batch')
    a.close()
    b.close()
  })

  it('sparse planes scatter back to exactly the dense planes', async () => {
    const c = await TestClient.hello(server.url)
    const mk = (sparsePlanes: boolean) => c.request({ makeEnvs: { scenarioId: SC, count: 3, options: { maxDecisions: 40, sparsePlanes } } })
    const hd = (await mk(false)).envSpec?.envSet ?? 0
    const hs = (await mk(true)).envSpec?.envSet ?? 0
    let d = (await c.request({ reset: { envSet: hd, seed: 8 } })).batch
    let sp = (await c.request({ reset: { envSet: hs, seed: 8 } })).batch
    const pick = chooser(8)
    let nonzero = 0
    for (let t = 0; t < 50; t++) {
      const dense = f32(u8(d?.planes))
      expect(u8(sp?.planes).length).toBe(0)
      const idx = new Uint32Array(u8(sp?.planesIndex).slice().buffer)
      const val = f32(u8(sp?.planesValue))
      expect(idx.length).toBe(val.length)
      const back = new Float32Array(dense.length)
      for (let j = 0; j < idx.length; j++) back[idx[j] as number] = val[j] as number
      expect(diff(back, dense)).toBe('equal')
      expect(idx.length).toBeLessThan(dense.length / 5)
      nonzero += idx.length
      const n = u8(d?.masks).length / 3
      const acts = pick(u8(d?.masks), n, 3)
      d = (await c.request({ step: { envSet: hd, actions: acts } })).batch
      sp = (await c.request({ step: { envSet: hs, actions: acts } })).batch
    }
    expect(nonzero).toBeGreaterThan(0)
    c.close()
  })

  it('sends events in words when asked', async () => {
    const c = await TestClient.hello(server.url)
    const h = (await make(c, 2, { events: true })).envSpec?.envSet ?? 0
    let b = (await c.request({ reset: { envSet: h, seed: 1 } })).batch
    const pick = chooser(5)
    const n = u8(b?.masks).length / 2
    let texts = 0
    for (let t = 0; t < 10; t++) {
      b = (await c.request({ step: { envSet: h, actions: pick(b?.masks ?? new Uint8Array(), n, 2) } })).batch
      for (const e of b?.events ?? []) texts += (e.text ?? []).filter((s) => s.length > 0).length
    }
    expect(texts).toBeGreaterThan(0)
    c.close()
  })

  it('renders ASCII like the in-process env, and SVG; unknown formats are UNSUPPORTED', async () => {
    const c = await TestClient.hello(server.url)
    const h = (await make(c, 2)).envSpec?.envSet ?? 0
    await c.request({ reset: { envSet: h, seed: 4 } })
    const f = await c.request({ render: { envSet: h, env: 1 } })
    const v = new VecEnv(engine, { num: 2, maxDecisions: 40 })
    v.reset({ seed: 4 })
    expect(f.frame?.text).toBe(v.envs[1]?.render())
    expect((f.frame?.text ?? '').length).toBeGreaterThan(20)
    const svg = await c.request({ render: { envSet: h, env: 0, format: pb.FrameFormat.SVG } })
    expect(svg.frame?.text).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
    expect((await c.request({ render: { envSet: h, env: 0, format: 7 as never } })).error?.code).toBe('UNSUPPORTED')
    expect((await c.request({ render: { envSet: h, env: 2 } })).error?.code).toBe('BAD_REQUEST')
    c.close()
  })

  it('answers pipelined requests in order with their ids', async () => {
    const c = await TestClient.hello(server.url)
    const h = (await make(c, 1)).envSpec?.envSet ?? 0
    const replies = await Promise.all(Array.from({ length: 20 }, (_, k) => c.request({ id: 1000 + k, reset: { envSet: h, seed: k } })))
    expect(replies.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, k) => 1000 + k))
    expect(replies.every((r) => r.kind === 'batch')).toBe(true)
    c.close()
  })
})

describe('several sets in flight (the async client)', () => {
  it('two sets whose Steps are sent together, before either reply is read, each get their in-process results', async () => {
    const c = await TestClient.hello(server.url)
    const count = 3
    const sets = await Promise.all([0, 1].map(async (j) => {
      const handle = (await make(c, count, { maxDecisions: 40 })).envSpec?.envSet ?? 0
      const v = new VecEnv(engine, { num: count, maxDecisions: 40 })
      const seed = 50 + count * j // as TercioAsyncVecEnv seeds set j: env i of all gets seed + i
      const remote = (await c.request({ reset: { envSet: handle, seed } })).batch
      const local = v.reset({ seed })
      expect(diff(remote?.planes, local.obs.planes)).toBe('equal')
      return { handle, v, pick: chooser(seed), mask: local.obs.mask }
    }))
    const n = sets[0]?.v.spec.mask.shape[0] ?? 0
    let finals = 0
    for (let t = 0; t < 60; t++) {
      const actions = sets.map((s) => s.pick(s.mask, n, count))
      // Both requests go out before either reply is read; the replies come back in request order.
      const ids = [5000 + 2 * t, 5001 + 2 * t]
      const replies = await Promise.all(sets.map((s, j) => c.request({ id: ids[j], step: { envSet: s.handle, actions: actions[j] } })))
      expect(replies.map((r) => r.id)).toEqual(ids)
      sets.forEach((s, j) => {
        const r = replies[j]?.batch
        const l = s.v.step(actions[j] ?? [])
        expect(r?.envSet).toBe(s.handle)
        expect(diff(r?.planes, l.obs.planes)).toBe('equal')
        expect(diff(r?.entities, l.obs.entities)).toBe('equal')
        expect(diff(r?.masks, new Uint8Array(l.obs.mask))).toBe('equal')
        expect(diff(r?.rewards, l.rewards)).toBe('equal')
        expect(r?.finalEnvs).toEqual([...l.info.done].flatMap((d, i) => (d ? [i] : [])))
        finals += r?.finalEnvs?.length ?? 0
        s.mask = l.obs.mask
      })
    }
    expect(finals).toBeGreaterThan(0)
    c.close()
  })
})

describe('oversized messages', () => {
  it('closes the sender with 1009 and nobody else notices', async () => {
    const bystander = await TestClient.hello(server.url)
    const h = (await make(bystander, 2)).envSpec?.envSet ?? 0
    const before = (await bystander.request({ reset: { envSet: h, seed: 2 } })).batch
    const big = await TestClient.hello(server.url)
    big.sendRaw(new Uint8Array((1 << 20) + 100))
    const cl = await big.waitClosed()
    expect(cl.code).toBe(1009)
    const after = (await bystander.request({ reset: { envSet: h, seed: 2 } })).batch
    expect(diff(after?.planes, before?.planes)).toBe('equal')
    bystander.close()
  })
})

describe('many concurrent clients', () => {
  it('16 clients stepping at once each get exactly their in-process results', async () => {
    const clients = await Promise.all(Array.from({ length: 16 }, () => TestClient.hello(server.url)))
    const results = await Promise.all(clients.map((c, k) => compareWithInProcess(c, 3, 25, 100 + k)))
    expect(results).toHaveLength(16)
    for (const c of clients) c.close()
  })
})
