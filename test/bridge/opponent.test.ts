// EnvOptions.opponent: a server-side agent plays one side; its decisions are
// legal (mirrored on a local engine), reported in Batch.opponent_actions,
// reproducible under the seeds, and counted; bad specs are refused with a code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type BridgeServer } from '../../bridge/server.ts'
import { encodeBatchEnvelope } from '../../bridge/wire.ts'
import { Session } from '../../bridge/session.ts'
import { setPolicyLoader } from '../../agents/registry.ts'
import { RandomAgent } from '../../agents/random.ts'
import { parseAction } from '../../env/core/actions.ts'
import type { BaseState, Engine } from '../../env/core/types.ts'
import { bindEngine } from '../../env/gym/make.ts'
import type { tercio } from '../../proto/tercio.js'
import { pb, TestClient, type Envelope } from './client.ts'

let server: BridgeServer
beforeAll(async () => {
  server = await startServer({ port: 0, heartbeatMs: 0 })
})
afterAll(async () => {
  await server.close()
})

const engine = ((): Engine => {
  const b = bindEngine('piwam', 'piwam-training')
  if (!b.ok) throw new Error(b.error.message)
  return b.value
})()

function applyTexts(s: BaseState, texts: readonly string[]): void {
  for (const t of texts) {
    const d = engine.decision(s)
    expect(d?.player, `opponent action ${t} taken when player ${d?.player} was to decide`).toBe(1)
    const a = parseAction(engine.layout, engine.grid, t)
    if (!a.ok) throw new Error(a.error.message)
    const mask = new Uint8Array(engine.layout.size)
    engine.legal(s, mask)
    expect(mask[a.value], `opponent action ${t} is legal`).toBe(1)
    expect(engine.apply(s, a.value)).toBeNull()
  }
}

const opp = (b: Envelope, env: number) => b.batch?.opponentActions?.find((o) => o.env === env)

/** Plays env 0 to its end: the client takes the first legal action for player 0; returns every opponent action. */
async function playOne(agent: string, seed: number): Promise<{ texts: string[]; steps: number; afterReset: string[] }> {
  const c = await TestClient.hello(server.url)
  try {
    const spec = await c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 2, baseSeed: 11, options: { opponent: agent, opponentPlayer: 1, skipForced: false, subjects: true } } })
    expect(spec.kind).toBe('envSpec')
    const set = spec.envSpec?.envSet as number
    const n = spec.envSpec?.actionSize as number
    let b = await c.request({ reset: { envSet: set, seeds: [seed, seed + 1] } })
    expect(b.kind).toBe('batch')
    const s = engine.init(seed)
    const texts: string[] = []
    const first = opp(b, 0)?.actions ?? []
    applyTexts(s, first)
    texts.push(...first)
    let steps = 0
    for (; steps < 5000; steps++) {
      const bt = b.batch as tercio.v1.Batch
      expect(bt.subjects).toHaveLength(2)
      expect(bt.subjects[0]).toBe(engine.decision(s)?.subject ?? '')
      expect(new Int8Array(bt.player.buffer, bt.player.byteOffset, 2)[0]).toBe(0)
      const mask = new Uint8Array(n)
      engine.legal(s, mask)
      expect(Array.from(bt.masks.subarray(0, n))).toEqual(Array.from(mask))
      const a0 = mask.indexOf(1)
      const a1 = bt.masks.subarray(n, 2 * n).indexOf(1)
      expect(engine.apply(s, a0)).toBeNull()
      b = await c.request({ step: { envSet: set, actions: [a0, a1] } })
      expect(b.kind).toBe('batch')
      const o = opp(b, 0)
      applyTexts(s, o?.actions ?? [])
      texts.push(...(o?.actions ?? []))
      if (b.batch?.finalEnvs?.includes(0)) {
        expect(engine.outcome(s)).not.toBeNull()
        return { texts, steps: steps + 1, afterReset: o?.afterReset ?? [] }
      }
      expect(engine.outcome(s)).toBeNull()
    }
    throw new Error('the game did not end')
  } finally {
    c.close()
  }
}
describe('server-side opponent', () => {
  it('plays the checked-in TF.js baseline checkpoint as the opponent (ckpt:PATH, real loader)', async () => {
    const a = await playOne('ckpt:checkpoints/piwam-training-baseline', 5)
    expect(a.texts.length).toBeGreaterThan(0)
  }, 120_000)
  it('plays legal, reported moves for its side, reproducibly under the seed', async () => {
    const before = { ...server.counters }
    const a = await playOne('random', 7)
    expect(a.texts.length).toBeGreaterThan(0)
    expect(server.counters.opponentSteps - before.opponentSteps).toBe(a.steps)
    expect(server.counters.opponentDecisions - before.opponentDecisions).toBeGreaterThanOrEqual(a.texts.length)
    const again = await playOne('random', 7)
    expect(again.texts).toEqual(a.texts)
    const other = await playOne('random', 8)
    expect(other.texts).not.toEqual(a.texts)
  }, 60_000)

  it('plays the heuristic agent too', async () => {
    const h = await playOne('heuristic', 3)
    expect(h.texts.length).toBeGreaterThan(0)
  }, 60_000)

  it('refuses bad opponent options with a code, and the connection carries on', async () => {
    const c = await TestClient.hello(server.url)
    try {
      const mk = (options: tercio.v1.IEnvOptions) => c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1, options } })
      const bad = await mk({ opponent: 'nobody', opponentPlayer: 1 })
      expect(bad.kind).toBe('error')
      expect(bad.error?.code).toBe('AGENT_INVALID')
      expect(bad.error?.message).toContain('nobody')
      const side = await mk({ opponent: 'random', opponentPlayer: 2 })
      expect(side.error?.code).toBe('BAD_REQUEST')
      const ck = await mk({ opponent: 'ckpt:/nowhere/at/all', opponentPlayer: 0 })
      expect(ck.error?.code).toBe('AGENT_INVALID')
      expect(ck.error?.message).toContain('/nowhere/at/all')
      const param = await mk({ opponent: 'search:iters=0', opponentPlayer: 0 })
      expect(param.kind).toBe('error')
      expect((await mk({ opponent: 'random', opponentPlayer: 0 })).kind).toBe('envSpec')
    } finally {
      c.close()
    }
  })

  it('leaves sets without an opponent as they were (no opponent_actions, no subjects)', async () => {
    const c = await TestClient.hello(server.url)
    try {
      const spec = await c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1 } })
      const b = await c.request({ reset: { envSet: spec.envSpec?.envSet ?? 0, seed: 1 } })
      expect(b.batch?.opponentActions).toEqual([])
      expect(b.batch?.subjects).toEqual([])
      const w = await (await TestClient.open(server.url)).request({ hello: { protocolVersion: 1, clientName: 'x' } })
      expect(w.welcome?.agents).toEqual(expect.arrayContaining(['random', 'heuristic', 'search']))
      expect(w.welcome?.capabilities).toContain('opponent')
      void pb
    } finally {
      c.close()
    }
  })

  it('after an auto-reset the opponent has made its opening decisions of the next episode', async () => {
    const c = await TestClient.hello(server.url)
    try {
      for (const side of [0, 1] as const) {
        const spec = await c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 1, options: { opponent: 'random', opponentPlayer: side, skipForced: false } } })
        const set = spec.envSpec?.envSet as number
        const n = spec.envSpec?.actionSize as number
        let b = await c.request({ reset: { envSet: set, seed: 5 } })
        for (let t = 0; t < 5000; t++) {
          const bt = b.batch as tercio.v1.Batch
          // The client is only ever asked to decide for its own side.
          expect(bt.player[0]).toBe(1 - side)
          b = await c.request({ step: { envSet: set, actions: [bt.masks.subarray(0, n).indexOf(1)] } })
          expect(b.kind).toBe('batch')
          if (b.batch?.finalEnvs?.length) break
        }
        expect(b.batch?.finalEnvs).toEqual([0])
        expect((b.batch as tercio.v1.Batch).player[0]).toBe(1 - side)
      }
    } finally {
      c.close()
    }
  }, 60_000)
})

describe('checkpoint opponents', () => {
  it('load asynchronously while later pipelined requests wait, in order', async () => {
    let loads = 0
    const old = setPolicyLoader(async (_engine, path, seed, name) => {
      loads++
      await new Promise((r) => setTimeout(r, 50))
      return { ok: true, value: new RandomAgent(seed, `${name}@${path}`) }
    })
    const c = await TestClient.hello(server.url)
    try {
      const mk = c.request({ makeEnvs: { scenarioId: 'piwam-training', count: 2, options: { opponent: 'ckpt:checkpoints/piwam-training-baseline', opponentPlayer: 1, skipForced: false } } })
      // Pipelined: sent before the MakeEnvs is answered; must be handled after it (handle 1 exists by then).
      const rs = c.request({ reset: { envSet: 1, seed: 3 } })
      const [spec, b] = await Promise.all([mk, rs])
      expect(spec.kind).toBe('envSpec')
      expect(spec.envSpec?.envSet).toBe(1)
      expect(b.kind).toBe('batch')
      expect(loads).toBe(2)
      expect((b.batch as tercio.v1.Batch).player[0]).toBe(0)
    } finally {
      c.close()
      setPolicyLoader(old)
    }
  })

  it('are refused as UNSUPPORTED by the synchronous Session.handle', () => {
    const s = new Session({ maxEnvs: 4, maxPayload: 1 << 20, token: undefined })
    s.handle(pb.Envelope.encode({ id: 1, hello: { protocolVersion: 1 } }).finish())
    const r = pb.Envelope.decode(s.handle(pb.Envelope.encode({ id: 2, makeEnvs: { scenarioId: 'piwam-training', count: 1, options: { opponent: 'ckpt:x', opponentPlayer: 0 } } }).finish()).bytes)
    expect(r.error?.code).toBe('UNSUPPORTED')
  })
})

describe('wire encoding of the new Batch fields', () => {
  it('encodes opponent_actions and subjects (empty strings included) as protobufjs decodes them', () => {
    const bytes = encodeBatchEnvelope(9, {
      envSet: 1,
      count: 3,
      opponentActions: [{ env: 0, actions: ['hex:0102', 'choice:pass'], afterReset: [] }, { env: 2, actions: [], afterReset: ['unit:T1'] }],
      subjects: ['T1', '', 'CL'],
    })
    const e = pb.Envelope.decode(bytes)
    expect(e.id).toBe(9)
    expect(e.batch?.subjects).toEqual(['T1', '', 'CL'])
    expect(e.batch?.opponentActions?.map((o) => [o.env, o.actions, o.afterReset])).toEqual([
      [0, ['hex:0102', 'choice:pass'], []],
      [2, [], ['unit:T1']],
    ])
  })
})
