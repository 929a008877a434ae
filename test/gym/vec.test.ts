import { availableParallelism } from 'node:os'
import { afterAll, describe, expect, it } from 'vitest'
import { VecEnv, WINNER_TRUNCATED, rowOf, type VectorEnv } from '../../env/gym/vec.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { WorkerVecEnv } from '../../env/gym/worker-vec.ts'
import { TercioEnv } from '../../env/gym/env.ts'
import { obsSizes } from '../../env/gym/spec.ts'
import { makeToyEngine } from '../helpers/toy-ruleset.ts'
import { lcgPicker } from './helpers.ts'

const TOY = { module: new URL('../helpers/toy-ruleset.ts', import.meta.url).href, export: 'makeToyEngine' }

/** Picks actions for every env of a batch from its mask rows. */
function batchActions(v: VectorEnv, mask: Uint8Array, pick: (m: Uint8Array) => number, out: Int32Array): Int32Array {
  const m = v.spec.mask.shape[0]
  for (let i = 0; i < v.num; i++) out[i] = pick(mask.subarray(i * m, (i + 1) * m))
  return out
}

/** Runs a vector env for `steps` batch steps and returns a digest of everything it produced:
 *  observations, rewards, every info array, and the final observations of finished episodes. */
function trace(v: VectorEnv, steps: number, seed: number): { digest: number; episodes: number; truncated: number } {
  const pick = lcgPicker(seed)
  const acts = new Int32Array(v.num)
  let r = v.reset({ seed })
  let h = 0
  const mix = (x: number) => (h = (Math.imul(h ^ x, 16777619) + 0x9e37) | 0)
  // Bits, not values: -0 and 0 must agree too.
  const mixAll = (a: Float32Array | Uint8Array | Int8Array | Int16Array | Int32Array) => {
    const u = new Uint8Array(a.buffer, a.byteOffset, a.byteLength)
    for (let i = 0; i < u.length; i++) mix(u[i] as number)
  }
  const sz = obsSizes(v.spec)
  let episodes = 0
  let truncated = 0
  for (const a of [r.obs.planes, r.obs.entities, r.obs.globals, r.obs.mask]) mixAll(a)
  for (let t = 0; t < steps; t++) {
    const s = v.step(batchActions(v, r.obs.mask, pick, acts))
    const inf = s.info
    for (let i = 0; i < v.num; i++) {
      expect(inf.error[i]).toBe(-1)
      if (inf.done[i]) {
        episodes++
        if (inf.winner[i] === WINNER_TRUNCATED) truncated++
        mix(inf.winner[i]!)
        mix(inf.episodeDecisions[i]!)
        mixAll(inf.episodeReturn.subarray(2 * i, 2 * i + 2))
        const f = rowOf(inf.final, sz, i)
        for (const a of [f.planes, f.entities, f.globals, f.mask]) mixAll(a)
      }
    }
    for (const a of [s.rewards, s.reward, s.terminated, s.truncated, inf.player, inf.decisionKind, inf.legalCount, inf.decisions, inf.actor, inf.skipped, inf.done]) mixAll(a)
    for (const a of [s.obs.planes, s.obs.entities, s.obs.globals, s.obs.mask]) mixAll(a)
    r = s
  }
  return { digest: h, episodes, truncated }
}

describe('VecEnv', () => {
  it('steps N envs into one contiguous batch, matching single envs row by row', () => {
    const eng = makeToyEngine()
    const v = new VecEnv(eng, { num: 3, maxDecisions: 200 })
    const sz = obsSizes(v.spec)
    const r = v.reset({ seed: 10 })
    expect(r.obs.planes.length).toBe(3 * sz.planes)
    expect(r.obs.mask.length).toBe(3 * sz.mask)
    const singles = [0, 1, 2].map((i) => {
      const e = new TercioEnv(eng, { maxDecisions: 200 })
      e.reset({ seed: 10 + i })
      return e
    })
    const pick = lcgPicker(1)
    const acts = new Int32Array(3)
    let finals = 0
    for (let t = 0; t < 300; t++) {
      batchActions(v, v.buffers.obs.mask, pick, acts)
      const s = v.step(acts)
      for (let i = 0; i < 3; i++) {
        const e = singles[i]!
        const one = e.step(acts[i]!)
        expect(s.rewards[2 * i]).toBe(one.rewards[0])
        expect(s.terminated[i]).toBe(one.terminated ? 1 : 0)
        if (one.terminated || one.truncated) {
          // info.final holds the last observation, obs holds the next episode's first
          expect(Array.from(s.info.final.planes.subarray(i * sz.planes, (i + 1) * sz.planes))).toEqual(Array.from(one.obs.planes))
          expect(s.info.episodeDecisions[i]).toBe(one.info.decisions)
          finals++
          e.reset()
        }
        expect(Array.from(s.obs.planes.subarray(i * sz.planes, (i + 1) * sz.planes))).toEqual(Array.from(e.obs.planes))
        expect(Array.from(s.obs.mask.subarray(i * sz.mask, (i + 1) * sz.mask))).toEqual(Array.from(e.obs.mask))
        expect(s.info.player[i]).toBe(e.lastInfo.player ?? -1)
      }
    }
    expect(finals).toBeGreaterThan(0)
  })

  it('reports a refused action per env without advancing it', () => {
    const v = new VecEnv(makeToyEngine(), { num: 2 })
    v.reset({ seed: 1 })
    const before = v.buffers.obs.planes.slice()
    const hex0 = v.spec.actions.segments[3]!.offset
    const s = v.step([hex0, hex0])
    expect(Array.from(s.info.error)).toEqual([2, 2].map(() => s.info.error[0]))
    expect(s.info.error[0]).toBeGreaterThanOrEqual(0)
    expect(Array.from(s.obs.planes)).toEqual(Array.from(before))
  })
})

describe('WorkerVecEnv', () => {
  const opened: WorkerVecEnv[] = []
  afterAll(async () => {
    await Promise.all(opened.map((w) => w.close()))
  })

  it('produces exactly what VecEnv produces, over 2 workers', async () => {
    const r = await WorkerVecEnv.create(TOY, { num: 5, workers: 2, maxDecisions: 150 })
    if (!r.ok) throw new Error(r.error.message)
    opened.push(r.value)
    const local = new VecEnv(makeToyEngine(), { num: 5, maxDecisions: 150 })
    expect(r.value.spec.hash).toBe(local.spec.hash)
    const a = trace(local, 400, 3)
    const b = trace(r.value, 400, 3)
    expect(b).toEqual(a)
    expect(a.episodes).toBeGreaterThan(0)
  })

  it('steps asynchronously with the same results', async () => {
    const r = await WorkerVecEnv.create(TOY, { num: 4, workers: 2, maxDecisions: 150 })
    if (!r.ok) throw new Error(r.error.message)
    opened.push(r.value)
    const w = r.value
    const local = new VecEnv(makeToyEngine(), { num: 4, maxDecisions: 150 })
    const pickA = lcgPicker(2)
    const pickB = lcgPicker(2)
    const acts = new Int32Array(4)
    const a = local.reset({ seed: 6 }).obs
    const b = (await w.resetAsync({ seed: 6 })).obs
    for (let t = 0; t < 200; t++) {
      expect(Array.from(b.planes)).toEqual(Array.from(a.planes))
      const sa = local.step(batchActions(local, a.mask, pickA, acts))
      const p = w.stepAsync(batchActions(w, b.mask, pickB, new Int32Array(4)))
      expect(() => w.step(acts)).toThrow(/in flight/)
      const sb = await p
      expect(Array.from(sb.rewards)).toEqual(Array.from(sa.rewards))
      expect(Array.from(sb.info.done)).toEqual(Array.from(sa.info.done))
    }
  })

  it('can step a share on the main thread too, with the same results', async () => {
    const r = await WorkerVecEnv.create(TOY, { num: 5, workers: 1, mainThread: true, maxDecisions: 150 })
    if (!r.ok) throw new Error(r.error.message)
    opened.push(r.value)
    const local = new VecEnv(makeToyEngine(), { num: 5, maxDecisions: 150 })
    expect(trace(r.value, 300, 4)).toEqual(trace(local, 300, 4))
  })

  it('matches VecEnv on real scenarios in every configuration: the default (calling thread + workers), workers only, polling or sleeping', async () => {
    // piwam: short episodes (many auto-resets) through every configuration; marignan: games won and lost
    // (rewards, returns) as well as truncated. Each worker start compiles the TypeScript again (~1 s).
    const runs = [
      { scenario: 'piwam-training', maxDecisions: 60, steps: 300, configs: [{}, { workers: 2, mainThread: false }, { workers: 1, spin: 0 }, { workers: 3 }] },
      { scenario: 'marignan-1515-first-day', maxDecisions: 500, steps: 500, configs: [{}] },
    ]
    for (const { scenario, maxDecisions, steps, configs } of runs) {
      const b = bindEngine(undefined, scenario)
      if (!b.ok) throw new Error(b.error.message)
      const ref = trace(new VecEnv(b.value, { num: 7, maxDecisions }), steps, 11)
      expect(ref.truncated).toBeGreaterThan(0)
      if (scenario.startsWith('marignan')) expect(ref.episodes - ref.truncated).toBeGreaterThan(0)
      for (const cfg of configs) {
        const r = await WorkerVecEnv.create({ ruleset: b.value.ruleset, scenario }, { num: 7, maxDecisions, ...cfg })
        if (!r.ok) throw new Error(r.error.message)
        opened.push(r.value)
        expect(trace(r.value, steps, 11), `${scenario} ${JSON.stringify(cfg)}`).toEqual(ref)
        await r.value.close()
      }
    }
  })

  it('steps groups asynchronously (send/recv): every env follows its own actions exactly as a single env would', async () => {
    for (const cfg of [{ workers: 1, mainThread: true }, { workers: 2, mainThread: false }, { workers: 2, mainThread: true, groupsPerThread: 1 }, { workers: 1, mainThread: true, groupsPerThread: 3 }]) {
      const r = await WorkerVecEnv.create(TOY, { num: 7, maxDecisions: 150, ...cfg })
      if (!r.ok) throw new Error(r.error.message)
      opened.push(r.value)
      const w = r.value
      const eng = makeToyEngine()
      const sz = obsSizes(w.spec)
      // the groups partition the rows in order, (groupsPerThread ?? 2) per thread, the calling thread's first
      const threads = cfg.workers + (cfg.mainThread ? 1 : 0)
      expect(w.groups.length).toBe(threads * (cfg.groupsPerThread ?? 2))
      w.groups.forEach((g, i) => {
        expect(g.lo).toBe(i === 0 ? 0 : w.groups[i - 1]!.hi)
        expect(g.hi).toBeGreaterThan(g.lo)
      })
      expect(w.groups[w.groups.length - 1]!.hi).toBe(7)
      expect(w.groups[0]!.owner).toBe(cfg.mainThread ? -1 : 0)
      expect(new Set(w.groups.map((g) => g.owner)).size).toBe(threads)
      const singles = Array.from({ length: 7 }, (_, i) => {
        const e = new TercioEnv(eng, { maxDecisions: 150 })
        e.reset({ seed: 20 + i })
        return e
      })
      w.reset({ seed: 20 })
      const pick = lcgPicker(9)
      const sent = new Int32Array(7)
      const send = (g: number) => {
        const { lo, hi } = w.groups[g]!
        const acts = new Int32Array(hi - lo)
        for (let i = lo; i < hi; i++) acts[i - lo] = sent[i] = pick(w.buffers.obs.mask.subarray(i * sz.mask, (i + 1) * sz.mask))
        w.send(g, acts)
      }
      w.groups.forEach((_, g) => send(g))
      expect(() => w.step(sent)).toThrow(/in flight/)
      expect(() => w.send(0, [0])).toThrow(/already in flight|needs/)
      const received = new Array<number>(w.groups.length).fill(0)
      let finals = 0
      for (let k = 0; k < 400; k++) {
        const g = w.recv()
        received[g]!++
        const { lo, hi } = w.groups[g]!
        const res = w.results
        for (let i = lo; i < hi; i++) {
          const e = singles[i]!
          const one = e.step(sent[i]!)
          expect(res.info.error[i]).toBe(-1)
          expect(res.rewards[2 * i]).toBe(one.rewards[0])
          expect(res.info.done[i]).toBe(one.terminated || one.truncated ? 1 : 0)
          if (one.terminated || one.truncated) {
            expect(Array.from(res.info.final.planes.subarray(i * sz.planes, (i + 1) * sz.planes))).toEqual(Array.from(one.obs.planes))
            finals++
            e.reset()
          }
          expect(Array.from(res.obs.planes.subarray(i * sz.planes, (i + 1) * sz.planes))).toEqual(Array.from(e.obs.planes))
          expect(Array.from(res.obs.mask.subarray(i * sz.mask, (i + 1) * sz.mask))).toEqual(Array.from(e.obs.mask))
        }
        send(g)
      }
      // drain, then the synchronous API works again
      for (let k = 0; k < w.groups.length; k++) w.recv()
      expect(() => w.recv()).toThrow(/no group in flight/)
      expect(received.every((n) => n > 0), `${JSON.stringify(cfg)} received ${received}`).toBe(true)
      expect(finals).toBeGreaterThan(0)
      expect(w.step(new Int32Array(7).map((_, i) => pick(w.buffers.obs.mask.subarray(i * sz.mask, (i + 1) * sz.mask)))).info.error.every((e) => e === -1)).toBe(true)
      await w.close()
    }
  })

  it('defaults to the calling thread plus cores - 1 workers', async () => {
    const r = await WorkerVecEnv.create(TOY, { num: 64, maxDecisions: 150 })
    if (!r.ok) throw new Error(r.error.message)
    opened.push(r.value)
    expect(r.value.threads).toEqual({ workers: Math.max(1, availableParallelism() - 1), mainThread: true })
  })

  it('rethrows an engine exception from a worker instead of hanging', async () => {
    const r = await WorkerVecEnv.create({ ...TOY, args: ['mask-extra'] }, { num: 4, workers: 2, maxDecisions: 500 })
    if (!r.ok) throw new Error(r.error.message)
    opened.push(r.value)
    const hex0 = r.value.spec.actions.segments[3]!.offset
    const pick = lcgPicker(5)
    const acts = new Int32Array(4)
    let res = r.value.reset({ seed: 1 })
    let thrown: unknown = null
    try {
      for (let t = 0; t < 5000; t++) {
        // prefer the planted bad action (hex 0101, always "legal") to reach the bug quickly
        for (let i = 0; i < 4; i++) acts[i] = t % 3 === 0 ? hex0 : pick(res.obs.mask.subarray(i * 26, (i + 1) * 26))
        res = r.value.step(acts)
      }
    } catch (e) {
      thrown = e
    }
    expect(String(thrown)).toContain('toy bug')
  })

  it('reports a bad engine recipe as an error value and closes cleanly', async () => {
    const r = await WorkerVecEnv.create({ module: TOY.module, export: 'nope' }, { num: 2 })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toContain('nope')
  })
})

describe('WorkerVecEnv watchdog', () => {
  it('reports a worker that does not answer within timeoutMs, counting timed-out waits (no clock)', async () => {
    const r = await WorkerVecEnv.create({ ...TOY, args: ['hang'] }, { num: 2, workers: 1, mainThread: false, timeoutMs: 500, maxDecisions: 150 })
    if (!r.ok) throw new Error(r.error.message)
    const v = r.value
    const { obs } = v.reset({ seed: 1 })
    const n = obs.mask.length / 2
    const actions = [obs.mask.indexOf(1), obs.mask.subarray(n).indexOf(1)]
    expect(() => v.step(actions)).toThrow(/worker 0 did not answer within 500 ms/)
  }, 20_000)
})

