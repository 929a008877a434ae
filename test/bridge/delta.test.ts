// Delta observations (EnvOptions.delta_observations): the WebAssembly diff
// against a plain reference, and a client copy kept up to date by the pairs
// equal, bit for bit, to the in-process VecEnv over many random steps with
// auto-resets, finals, Resets, refused steps and a server-side opponent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DeltaObs, deltaLayout, type DeltaLayout } from '../../bridge/delta.ts'
import { ObsWriter, type PlaneLog } from '../../env/rules/obs-writer.ts'
import { startServer, type BridgeServer } from '../../bridge/server.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { obsSizes, type ObsSizes } from '../../env/gym/spec.ts'
import { VecEnv, type BatchObs } from '../../env/gym/vec.ts'
import type { Engine } from '../../env/core/types.ts'
import { chooser, diff, i32, pb, TestClient, u8 } from './client.ts'
import { EnvSet } from '../../bridge/envset.ts'
import { makeAgent } from '../../agents/registry.ts'
import type { Agent } from '../../agents/types.ts'

const SC = 'piwam-training'
let server: BridgeServer
let engine: Engine
beforeAll(async () => {
  server = await startServer({ port: 0, heartbeatMs: 0 })
  const e = bindEngine(undefined, SC)
  if (!e.ok) throw new Error(e.error.message)
  engine = e.value
})
afterAll(async () => {
  await server.close()
})

/** A client's copy of a set's observations: the word array, updated by pairs. */
class Copy {
  readonly words: Uint32Array
  readonly bytes: Uint8Array
  constructor(
    readonly L: DeltaLayout,
    readonly s: ObsSizes,
    readonly n: number,
  ) {
    this.words = new Uint32Array(L.bytes / 4)
    this.bytes = new Uint8Array(this.words.buffer)
  }
  apply(pairs: Uint8Array | null | undefined): number {
    const p = i32(u8(pairs))
    for (let j = 0; j < p.length; j += 2) {
      const w = p[j] as number
      if (w < 0 || w >= this.words.length) throw new Error(`word index ${w} outside the array`)
      this.words[w] = p[j + 1] as number
    }
    return p.length / 2
  }
  /** Part `part` of env i, as bytes. */
  row(part: 'planes' | 'entities' | 'globals' | 'mask', i: number): Uint8Array {
    const per = part === 'mask' ? this.s.mask : 4 * this.s[part]
    return this.bytes.subarray(this.L[part] + i * per, this.L[part] + (i + 1) * per)
  }
  all(part: 'planes' | 'entities' | 'globals' | 'mask'): Uint8Array {
    const per = part === 'mask' ? this.s.mask : 4 * this.s[part]
    return this.bytes.subarray(this.L[part], this.L[part] + this.n * per)
  }
}

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength)

function expectObs(c: Copy, o: BatchObs, what: string): void {
  expect(diff(c.all('planes'), o.planes), `${what} planes`).toBe('equal')
  expect(diff(c.all('entities'), o.entities), `${what} entities`).toBe('equal')
  expect(diff(c.all('globals'), o.globals), `${what} globals`).toBe('equal')
  expect(diff(c.all('mask'), o.mask), `${what} masks`).toBe('equal')
}

describe('DeltaObs', () => {
  it('finds exactly the changed words, bit patterns included (-0, NaN payloads), for odd sizes', () => {
    let seed = 12345
    const r = (k: number) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) >>> 8) % k
    const specials = [0, -0, 1, -1, NaN, Infinity, 1e-45]
    for (const [sizes, n] of [
      [{ planes: 7, entities: 5, globals: 3, mask: 13 }, 3],
      [{ planes: 16, entities: 4, globals: 1, mask: 1 }, 5],
      [{ planes: 1, entities: 1, globals: 1, mask: 190 }, 2],
      [{ planes: 40, entities: 16, globals: 4, mask: 64 }, 4],
    ] as const) {
      const d = new DeltaObs(sizes, n)
      const c = new Copy(d.layout, sizes, n)
      const o = d.obs
      /** Writes random values into env i's rows, `density` of them changed. */
      const scribble = (i: number, density: number) => {
        for (const part of ['planes', 'entities', 'globals'] as const) {
          const a = o[part]
          const per = sizes[part]
          for (let j = i * per; j < (i + 1) * per; j++) if (r(1000) < 1000 * density) a[j] = r(3) === 0 ? (specials[r(specials.length)] as number) : r(100) / 7
          // A NaN with a payload: only its bits tell it apart.
          if (r(8) === 0) new Uint32Array(a.buffer, a.byteOffset, a.length)[i * per + r(per)] = 0x7fc00000 + r(1000)
        }
        for (let j = i * sizes.mask; j < (i + 1) * sizes.mask; j++) if (r(1000) < 1000 * density) o.mask[j] = r(2)
      }
      const rowCopy = (i: number) => (['planes', 'entities', 'globals', 'mask'] as const).map((p) => o[p].slice(i * sizes[p], (i + 1) * sizes[p]))
      for (let t = 0; t < 300; t++) {
        const density = [0, 0.01, 0.3, 1][r(4)] as number
        if (r(10) === 0) {
          // A Reset: every non-zero word, from zeros.
          for (let i = 0; i < n; i++) scribble(i, density)
          const w = d.whole()
          expect(w.finalDelta.length).toBe(0)
          c.words.fill(0)
          c.apply(w.delta)
          expectObs(c, o, `reset round ${t}`)
          continue
        }
        d.begin()
        const finals = new Map<number, ReturnType<typeof rowCopy>>()
        for (let i = 0; i < n; i++) {
          if (r(4) === 0) {
            // The episode ends: its last observation, then the next episode's first.
            scribble(i, 0.5)
            finals.set(i, rowCopy(i))
            d.final(i)
          }
          scribble(i, density)
        }
        const res = d.end()
        c.apply(res.finalDelta)
        for (const [i, f] of finals) {
          ;(['planes', 'entities', 'globals', 'mask'] as const).forEach((part, q) => expect(diff(c.row(part, i), bytesOf(f[q] as ArrayBufferView)), `final ${part} of env ${i}, round ${t}`).toBe('equal'))
        }
        c.apply(res.delta)
        expectObs(c, o, `round ${t}`)
        // Nothing changed: nothing sent.
        d.begin()
        expect(d.end().delta.length).toBe(0)
      }
    }
  })

  it('with plane logs: exact pairs, none twice, from logged encodes, env-plane writes, finals, lost tracks and Resets', () => {
    let seed = 777
    const r = (k: number) => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) >>> 8) % k
    const specials = [0, -0, 1, NaN, 0.5]
    // 40 plane words a row: an encoder's 32 (the template's) and 8 the env writes itself (PlaneLog.add).
    // With 3 rows the planes end mid-block, so the entities' first block holds the last row's env cells.
    const sizes = { planes: 40, entities: 5, globals: 3, mask: 13 }
    const E = 32
    const n = 3
    const d = new DeltaObs(sizes, n)
    const logs = d.trackPlanes()
    const c = new Copy(d.layout, sizes, n)
    const o = d.obs
    const template = Float32Array.from({ length: E }, (_, j) => (j % 5 === 0 ? 1 : 0))
    const rowPlanes = (i: number) => o.planes.subarray(i * sizes.planes, (i + 1) * sizes.planes)
    const writers = logs.map((log) => {
      const w = new ObsWriter(template)
      w.log = log
      log.attach(w)
      return w
    })
    const value = () => (r(3) === 0 ? (specials[r(specials.length)] as number) : r(4))
    /** One encode of env i, as an engine's incremental encoder and TercioEnv.encode do it. */
    const encode = (i: number, incremental = true) => {
      const w = writers[i] as ObsWriter
      const p = rowPlanes(i)
      w.begin({ planes: p.subarray(0, E), entities: new Float32Array(0), globals: new Float32Array(0) }, incremental)
      for (let q = r(12); q > 0; q--) (r(4) === 0 ? w.add(r(E), 1) : w.plane(r(E), value()))
      for (let cell = E; cell < sizes.planes; cell++) {
        const v = r(4) === 0 ? value() : (p[cell] as number)
        if (!Object.is(p[cell], v)) {
          ;(logs[i] as PlaneLog).add(cell)
          p[cell] = v
        }
      }
      for (const part of ['entities', 'globals'] as const) for (let j = i * sizes[part]; j < (i + 1) * sizes[part]; j++) if (r(3) === 0) o[part][j] = value()
      for (let j = i * sizes.mask; j < (i + 1) * sizes.mask; j++) if (r(4) === 0) o.mask[j] = r(2)
    }
    const reset = () => {
      for (let i = 0; i < n; i++) encode(i, false)
      c.words.fill(0)
      c.apply(d.whole().delta)
      expectObs(c, o, 'reset')
    }
    const noneTwice = (pairs: Uint8Array, what: string) => {
      const words = i32(pairs).filter((_, j) => j % 2 === 0)
      expect(new Set(words).size, `${what}: a word sent twice`).toBe(words.length)
    }
    reset()
    let lost = 0
    for (let t = 0; t < 400; t++) {
      if (r(40) === 0) {
        reset()
        continue
      }
      d.begin()
      const finals = new Map<number, Float32Array>()
      for (let i = 0; i < n; i++) {
        if (r(6) === 0) {
          ;(logs[i] as PlaneLog).full = true
          lost++
        }
        // Several encodes between two Batches (an opponent's decisions).
        for (let e = 1 + (r(3) === 0 ? r(3) : 0); e > 0; e--) encode(i)
        if (r(5) === 0) {
          // The episode ends: its final observation, then the next episode's first.
          finals.set(i, rowPlanes(i).slice())
          d.final(i)
          encode(i)
        }
        // Most rows are taken as soon as they step; the others by end().
        if (r(3) > 0) d.row(i)
      }
      const res = d.end()
      // (finalDelta may repeat a mask word that two finished rows share.)
      noneTwice(res.delta, `round ${t} delta`)
      c.apply(res.finalDelta)
      for (const [i, f] of finals) expect(diff(c.row('planes', i), bytesOf(f)), `final planes of env ${i}, round ${t}`).toBe('equal')
      c.apply(res.delta)
      expectObs(c, o, `round ${t}`)
    }
    expect(lost).toBeGreaterThan(0)
    expect(d.wholeRows).toBeGreaterThanOrEqual(lost)
  })

  it('pads after the masks so the word array is a multiple of 64 bytes', () => {
    const L = deltaLayout({ planes: 3, entities: 2, globals: 1, mask: 5 }, 3)
    expect(L).toEqual({ planes: 0, entities: 36, globals: 60, mask: 72, bytes: 128 })
  })
})

describe('plane logs (EnvSet with deltas compares only the plane cells the encoders changed)', () => {
  const cases = [
    ['piwam-training', false],
    ['piwam-training', true],
    ['marignan-1515-first-day', false],
    ['marignan-1515-first-day', true],
    ['mttsog-training', true],
    ['hbl-training', true],
    ['cfeo-training', true],
  ] as const
  it.each(cases)('%s (server-side opponent: %s): the same observations as whole arrays, bit for bit, no row sent whole after the Reset unless its log lost track', (sc, withOpponent) => {
    const e = bindEngine(undefined, sc)
    if (!e.ok) throw new Error(e.error.message)
    const eng = e.value
    const count = 6
    const opponents = (seed: number): { agents: Agent[]; player: 0 | 1 } | undefined => {
      if (!withOpponent) return undefined
      const agents = Array.from({ length: count }, (_, i) => {
        const a = makeAgent('heuristic', eng, seed + i)
        if (!a.ok) throw new Error(a.error.message)
        return a.value
      })
      return { agents, player: 1 }
    }
    const o = { count, baseSeed: 9, maxDecisions: 60 }
    const d = new EnvSet(eng, 1, { ...o, deltaObs: true, ...(withOpponent ? { opponents: opponents(5) } : {}) })
    const w = new EnvSet(eng, 2, { ...o, ...(withOpponent ? { opponents: opponents(5) } : {}) })
    const s = obsSizes(d.spec)
    const copy = new Copy(deltaLayout(s, count), s, count)
    // Every Batch of every set has one shape (the same fields in the same order), finals or not.
    const shapes = new Set<string>()
    const check = (bd: ReturnType<EnvSet['step']>, bw: ReturnType<EnvSet['step']>, what: string) => {
      if ('code' in bd || 'code' in bw) throw new Error(`${what}: ${JSON.stringify(bd)} ${JSON.stringify(bw)}`)
      shapes.add(Object.keys(bd).join()).add(Object.keys(bw).join())
      copy.apply(bd.finalDelta)
      expect(bd.finalEnvs).toEqual(bw.finalEnvs)
      bw.finalEnvs?.forEach((i, q) => {
        expect(diff(copy.row('planes', i), u8(bw.finalPlanes).subarray(q * 4 * s.planes, (q + 1) * 4 * s.planes)), `${what} final planes ${i}`).toBe('equal')
      })
      copy.apply(bd.delta)
      // No word is sent twice in delta (its buffer holds one pair per word).
      const words = i32(u8(bd.delta)).filter((_, j) => j % 2 === 0)
      expect(new Set(words).size, `${what}: a word sent twice`).toBe(words.length)
      expect(diff(copy.all('planes'), u8(bw.planes)), `${what} planes`).toBe('equal')
      expect(diff(copy.all('entities'), u8(bw.entities)), `${what} entities`).toBe('equal')
      expect(diff(copy.all('globals'), u8(bw.globals)), `${what} globals`).toBe('equal')
      expect(diff(copy.all('mask'), u8(bw.masks)), `${what} masks`).toBe('equal')
      return bw.finalEnvs?.length ?? 0
    }
    check(d.reset(3, []), w.reset(3, []), 'reset')
    const wholeAfterReset = (d as unknown as { delta: DeltaObs }).delta.wholeRows
    const pick = chooser(17)
    let finals = 0
    for (let t = 0; t < 150; t++) {
      const bw0 = u8((w as unknown as { b: { obs: BatchObs } }).b.obs.mask)
      const actions = pick(bw0, s.mask, count)
      finals += check(d.step(actions), w.step(actions), `step ${t}`)
    }
    expect(finals).toBeGreaterThan(0) // auto-resets happened (maxDecisions 60)
    expect([...shapes]).toHaveLength(1)
    // Every encode after the first (auto-resets included) is incremental, so every row was served by its log.
    const delta = (d as unknown as { delta: DeltaObs }).delta
    expect(delta.wholeRows).toBe(wholeAfterReset)
    // A log that lost track has its row sent whole, and the log serves the row again from the next Step.
    const logs = (delta as unknown as { logs: PlaneLog[] }).logs
    for (let t = 0; t < 12; t++) {
      ;(logs[t % count] as PlaneLog).full = true
      const bw0 = u8((w as unknown as { b: { obs: BatchObs } }).b.obs.mask)
      const actions = pick(bw0, s.mask, count)
      check(d.step(actions), w.step(actions), `step ${t} after a lost track`)
    }
    expect(delta.wholeRows).toBe(wholeAfterReset + 12)
  })
})

const make = (c: TestClient, count: number, options: Record<string, unknown>, baseSeed = 0) =>
  c.request({ makeEnvs: { scenarioId: SC, count, baseSeed, options: { maxDecisions: 40, ...options } } })

describe('delta batches', () => {
  it('keep a client copy equal to the in-process VecEnv, bit for bit: auto-resets, finals, Resets, refused steps', async () => {
    const c = await TestClient.hello(server.url)
    const count = 7
    const spec = (await make(c, count, { deltaObservations: true })).envSpec
    const h = spec?.envSet ?? 0
    const v = new VecEnv(engine, { num: count, maxDecisions: 40 })
    const s = obsSizes(v.spec)
    const copy = new Copy(deltaLayout(s, count), s, count)
    const n = s.mask
    const pick = chooser(21)
    let finals = 0
    let sent = 0
    let whole = 0
    for (let round = 0; round < 3; round++) {
      const seed = 21 + round
      const rb = (await c.request({ reset: { envSet: h, seed } })).batch
      const rl = v.reset({ seed })
      // A Reset's delta starts from zeros.
      expect(rb?.deltaReset).toBe(true)
      copy.words.fill(0)
      expect(u8(rb?.planes).length + u8(rb?.entities).length + u8(rb?.masks).length).toBe(0)
      copy.apply(rb?.delta)
      expectObs(copy, rl.obs, `reset ${round}`)
      let mask = new Uint8Array(rl.obs.mask)
      for (let t = 0; t < 120; t++) {
        const actions = pick(mask, n, count)
        if (t === 30) {
          // A refused step moves nothing and sends nothing: the copy stays in step.
          const bad = [...actions]
          bad[1] = n + 3
          expect((await c.request({ step: { envSet: h, actions: bad } })).error?.code).toBe('ACTION_OUT_OF_RANGE')
        }
        const b = (await c.request({ step: { envSet: h, actions } })).batch
        expect(b?.deltaReset).toBe(false)
        const l = v.step(actions)
        const done = [...l.info.done].flatMap((d, i) => (d ? [i] : []))
        expect(b?.finalEnvs).toEqual(done)
        expect(u8(b?.finalPlanes).length + u8(b?.finalMasks).length).toBe(0)
        copy.apply(b?.finalDelta)
        done.forEach((i) => {
          finals++
          for (const part of ['planes', 'entities', 'globals'] as const) {
            expect(diff(copy.row(part, i), bytesOf(l.info.final[part].subarray(i * s[part], (i + 1) * s[part]))), `final ${part} of env ${i}`).toBe('equal')
          }
          expect(diff(copy.row('mask', i), l.info.final.mask.subarray(i * n, (i + 1) * n))).toBe('equal')
        })
        sent += copy.apply(b?.delta)
        whole += copy.words.length
        expectObs(copy, l.obs, `round ${round} step ${t}`)
        expect(diff(b?.rewards, l.rewards)).toBe('equal')
        expect(diff(b?.player, l.info.player)).toBe('equal')
        mask = new Uint8Array(l.obs.mask)
      }
    }
    expect(finals).toBeGreaterThan(10) // maxDecisions 40 truncates episodes within 120 steps
    // A decision changes a small part of an observation.
    expect(sent / whole).toBeLessThan(0.1)
    c.close()
  })

  it('with a server-side opponent, give the same observations as the same set sent whole', async () => {
    const c = await TestClient.hello(server.url)
    const count = 5
    const opts = { opponent: 'heuristic', opponentPlayer: 1 }
    const hd = (await make(c, count, { ...opts, deltaObservations: true }, 3)).envSpec?.envSet ?? 0
    const hw = (await make(c, count, opts, 3)).envSpec?.envSet ?? 0
    const v = new VecEnv(engine, { num: count, maxDecisions: 40 })
    const s = obsSizes(v.spec)
    const copy = new Copy(deltaLayout(s, count), s, count)
    let bd = (await c.request({ reset: { envSet: hd, seed: 4 } })).batch
    let bw = (await c.request({ reset: { envSet: hw, seed: 4 } })).batch
    copy.apply(bd?.delta)
    const pick = chooser(4)
    let finals = 0
    for (let t = 0; t < 100; t++) {
      expect(diff(copy.all('planes'), u8(bw?.planes))).toBe('equal')
      expect(diff(copy.all('entities'), u8(bw?.entities))).toBe('equal')
      expect(diff(copy.all('globals'), u8(bw?.globals))).toBe('equal')
      expect(diff(copy.all('mask'), u8(bw?.masks))).toBe('equal')
      expect(bd?.opponentActions?.map((o) => pb.OpponentActions.toObject(o as InstanceType<typeof pb.OpponentActions>))).toEqual(bw?.opponentActions?.map((o) => pb.OpponentActions.toObject(o as InstanceType<typeof pb.OpponentActions>)))
      const actions = pick(u8(bw?.masks), s.mask, count)
      bd = (await c.request({ step: { envSet: hd, actions } })).batch
      bw = (await c.request({ step: { envSet: hw, actions } })).batch
      copy.apply(bd?.finalDelta)
      const k = bw?.finalEnvs?.length ?? 0
      expect(bd?.finalEnvs).toEqual(bw?.finalEnvs)
      bw?.finalEnvs?.forEach((i, q) => {
        finals++
        expect(diff(copy.row('planes', i), u8(bw?.finalPlanes).subarray(q * 4 * s.planes, (q + 1) * 4 * s.planes))).toBe('equal')
        expect(diff(copy.row('entities', i), u8(bw?.finalEntities).subarray(q * 4 * s.entities, (q + 1) * 4 * s.entities))).toBe('equal')
      })
      expect(u8(bw?.finalPlanes).length).toBe(k * 4 * s.planes)
      copy.apply(bd?.delta)
    }
    expect(finals).toBeGreaterThan(0)
    c.close()
  })

  it('is announced as a capability', async () => {
    const c = await TestClient.open(server.url)
    const w = await c.request({ hello: { protocolVersion: 1 } })
    expect(w.welcome?.capabilities).toContain('delta-observations')
    c.close()
  })
})
