// EnvOptions.autoreset_mode NEXT_STEP (Gymnasium's next-step auto-reset) and the
// Observe request (any seat's view of the current state), through Session.handle:
// every Batch row against single TercioEnvs driven the way Gymnasium's
// SyncVectorEnv drives its envs in NEXT_STEP mode (a finished env is reset by its
// next step, whose action is ignored; reward 0, not terminated), bit for bit.
import { beforeAll, describe, expect, it } from 'vitest'
import { Session } from '../../bridge/session.ts'
import { deltaLayout } from '../../bridge/delta.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { allocObs, TercioEnv, type Observation } from '../../env/gym/env.ts'
import { obsSizes } from '../../env/gym/spec.ts'
import { ENV_GLOBALS } from '../../env/gym/spec.ts'
import type { Engine, Player } from '../../env/core/types.ts'
import type { tercio } from '../../proto/tercio.js'
import { chooser, diff, f32, i32, i8, pb, u8, type Envelope } from './client.ts'

const SC = 'piwam-training'
const MAX = 25
let engine: Engine
beforeAll(() => {
  const e = bindEngine(undefined, SC)
  if (!e.ok) throw new Error(e.error.message)
  engine = e.value
})

function session(): { ask: (body: Omit<tercio.v1.IEnvelope, 'id'>) => Envelope } {
  const s = new Session({ maxEnvs: 64, maxPayload: 1 << 30, token: undefined })
  let id = 1
  const ask = (body: Omit<tercio.v1.IEnvelope, 'id'>): Envelope => pb.Envelope.decode(s.handle(pb.Envelope.encode({ id: id++, ...body }).finish()).bytes)
  expect(ask({ hello: { protocolVersion: 1, clientName: 'autoreset.test' } }).kind).toBe('welcome')
  return { ask }
}

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength)

/** A client's view of a set's current observations: whole arrays, or a copy kept from the deltas. */
class Rows {
  private readonly words: Uint32Array | null
  constructor(
    private readonly n: number,
    private readonly sizes: ReturnType<typeof obsSizes>,
    delta: boolean,
  ) {
    this.words = delta ? new Uint32Array(deltaLayout(sizes, n).bytes / 4) : null
  }
  private last: tercio.v1.IBatch | null = null
  apply(b: tercio.v1.IBatch): void {
    this.last = b
    if (!this.words) return
    if (b.deltaReset) this.words.fill(0)
    for (const field of [b.finalDelta, b.delta]) {
      const p = i32(u8(field))
      for (let j = 0; j < p.length; j += 2) this.words[p[j] as number] = p[j + 1] as number
    }
  }
  /** Part of env i as bytes. */
  row(part: 'planes' | 'entities' | 'globals' | 'mask', i: number): Uint8Array {
    const per = part === 'mask' ? this.sizes.mask : 4 * this.sizes[part]
    if (this.words) {
      const L = deltaLayout(this.sizes, this.n)
      return new Uint8Array(this.words.buffer, L[part] + i * per, per)
    }
    const b = this.last as tercio.v1.IBatch
    const whole = u8(part === 'mask' ? b.masks : b[part])
    return whole.subarray(i * per, (i + 1) * per)
  }
}

function expectRow(rows: Rows, i: number, o: Observation, what: string): void {
  for (const part of ['planes', 'entities', 'globals', 'mask'] as const) expect(diff(rows.row(part, i), bytesOf(o[part])), `${what}: ${part}`).toBe('equal')
}

describe('autoreset_mode NEXT_STEP', () => {
  for (const delta of [false, true]) {
    it(`defers each finished env's reset to its next step, as Gymnasium's SyncVectorEnv does (${delta ? 'delta' : 'whole'} observations)`, () => {
      const n = 4
      const { ask } = session()
      const spec = ask({ makeEnvs: { scenarioId: SC, count: n, baseSeed: 50, options: { maxDecisions: MAX, deltaObservations: delta, autoresetMode: pb.AutoresetMode.NEXT_STEP } } })
      expect(spec.kind, JSON.stringify(spec.toJSON())).toBe('envSpec')
      const set = spec.envSpec?.envSet as number
      // The reference: one TercioEnv per env, stepped as SyncVectorEnv(autoreset_mode=NEXT_STEP) steps its envs.
      const ref = Array.from({ length: n }, (_, i) => new TercioEnv(engine, { seed: 50 + i, maxDecisions: MAX }))
      const sizes = obsSizes(ref[0]!.spec)
      const rows = new Rows(n, sizes, delta)
      const N = sizes.mask
      let b = ask({ reset: { envSet: set, seed: 70 } }).batch as tercio.v1.IBatch
      rows.apply(b)
      ref.forEach((e, i) => e.reset({ seed: 70 + i }))
      ref.forEach((e, i) => expectRow(rows, i, e.obs, `after Reset, env ${i}`))
      const waiting = new Array<boolean>(n).fill(false)
      const pick = chooser(3)
      let ends = 0
      let resets = 0
      for (let t = 0; t < 160; t++) {
        const masks = new Uint8Array(n * N)
        ref.forEach((e, i) => masks.set(e.obs.mask, i * N))
        // A waiting env's action is ignored: send one that would be refused anywhere else.
        const actions = pick(masks, N, n).map((a, i) => (waiting[i] ? 999_999 : a))
        const r = ask({ step: { envSet: set, actions } })
        expect(r.kind, JSON.stringify(r.error)).toBe('batch')
        b = r.batch as tercio.v1.IBatch
        rows.apply(b)
        const rewards = f32(u8(b.rewards))
        const finals = b.finalEnvs ?? []
        expect(u8(b.finalPlanes).length + u8(b.finalMasks).length + u8(b.finalDelta).length).toBe(0)
        let k = 0
        for (let i = 0; i < n; i++) {
          const e = ref[i] as TercioEnv
          const what = `step ${t}, env ${i}`
          if (waiting[i]) {
            e.reset()
            resets++
            expect([rewards[2 * i], rewards[2 * i + 1]], what).toEqual([0, 0])
            expect([u8(b.terminated)[i], u8(b.truncated)[i], i8(u8(b.actor))[i]], what).toEqual([0, 0, -1])
            expect(finals, what).not.toContain(i)
            waiting[i] = false
          } else {
            const s = e.step(actions[i] as number)
            expect(s.error, what).toBeNull()
            expect([rewards[2 * i], rewards[2 * i + 1]], what).toEqual(s.rewards)
            expect([u8(b.terminated)[i], u8(b.truncated)[i], i8(u8(b.actor))[i]], what).toEqual([s.terminated ? 1 : 0, s.truncated ? 1 : 0, s.info.actor])
            if (s.terminated || s.truncated) {
              // The row is the episode's last observation (nothing legal); its statistics are the finals'.
              expect(finals[k], what).toBe(i)
              const w = s.info.outcome?.winner
              expect(i8(u8(b.winner))[k], what).toBe(s.truncated ? 3 : w === null || w === undefined ? 2 : w)
              expect([...f32(u8(b.episodeReturn)).subarray(2 * k, 2 * k + 2)], what).toEqual(s.info.episode?.returns)
              expect(i32(u8(b.episodeDecisions))[k], what).toBe(s.info.episode?.decisions)
              expect(u8(b.masks).length === 0 || rows.row('mask', i).every((x) => x === 0), what).toBe(true)
              k++
              ends++
              waiting[i] = true
            }
          }
          expect(i8(u8(b.player))[i], what).toBe(e.lastInfo.player ?? -1)
          expect(i32(u8(b.decisions))[i], what).toBe(e.lastInfo.decisions)
          expectRow(rows, i, e.obs, what)
        }
        expect(finals.length, `step ${t}`).toBe(k)
      }
      expect(ends).toBeGreaterThan(8)
      expect(resets).toBeGreaterThan(6)
    })
  }

  it('ignores the actions of waiting envs, and checks the others as before', () => {
    const { ask } = session()
    const set = ask({ makeEnvs: { scenarioId: SC, count: 2, options: { maxDecisions: 3, skipForced: false, autoresetMode: pb.AutoresetMode.NEXT_STEP } } }).envSpec?.envSet as number
    let b = ask({ reset: { envSet: set, seed: 1 } }).batch as tercio.v1.IBatch
    const N = u8(b.masks).length / 2
    const pick = chooser(9)
    // Both envs end together after 3 decisions (max_decisions 3, no forced skips).
    for (let t = 0; t < 3; t++) b = ask({ step: { envSet: set, actions: pick(u8(b.masks), N, 2) } }).batch as tercio.v1.IBatch
    expect([...u8(b.truncated)]).toEqual([1, 1])
    expect(b.finalEnvs).toEqual([0, 1])
    expect([...i8(u8(b.player))]).toEqual([-1, -1])
    // Env 1 is waiting too, so any action goes for both; an out-of-range one is refused only where it counts.
    const r = ask({ step: { envSet: set, actions: [-5, 10_000_000] } })
    expect(r.kind).toBe('batch')
    expect([...i8(u8(r.batch?.actor))]).toEqual([-1, -1])
    expect([...u8(r.batch?.truncated)]).toEqual([0, 0])
    b = r.batch as tercio.v1.IBatch
    expect([...i32(u8(b.decisions))]).toEqual([0, 0])
    b = ask({ step: { envSet: set, actions: pick(u8(b.masks), N, 2) } }).batch as tercio.v1.IBatch
    const [a0] = pick(u8(b.masks), N, 2)
    const bad = ask({ step: { envSet: set, actions: [a0 as number, N + 1] } })
    expect(bad.error?.code).toBe('ACTION_OUT_OF_RANGE')
    expect(bad.error?.env).toBe(1)
    const illegal = u8(b.masks).subarray(0, N).indexOf(0)
    expect(ask({ step: { envSet: set, actions: [illegal, 0] } }).error?.code).toBe('ACTION_ILLEGAL')
    // Nothing moved: the next good Step is the episodes' second decision.
    b = ask({ step: { envSet: set, actions: pick(u8(b.masks), N, 2) } }).batch as tercio.v1.IBatch
    expect([...i32(u8(b.decisions))]).toEqual([2, 2])
  })

  it("with a server-side opponent: the reset step carries the opponent's opening, as SAME_STEP's after_reset", () => {
    // One env each: NEXT_STEP takes one step more per episode (the reset step), otherwise both go alike.
    const { ask } = session()
    const make = (mode: tercio.v1.AutoresetMode) =>
      ask({ makeEnvs: { scenarioId: SC, count: 1, baseSeed: 3, options: { maxDecisions: MAX, opponent: 'random', opponentPlayer: 0, autoresetMode: mode } } }).envSpec?.envSet as number
    const same = make(pb.AutoresetMode.SAME_STEP)
    const next = make(pb.AutoresetMode.NEXT_STEP)
    let bs = ask({ reset: { envSet: same, seed: 8 } }).batch as tercio.v1.IBatch
    let bn = ask({ reset: { envSet: next, seed: 8 } }).batch as tercio.v1.IBatch
    const N = u8(bs.masks).length
    const pick = chooser(12)
    const row = (b: tercio.v1.IBatch) => [u8(b.planes), u8(b.planesIndex), u8(b.entities), u8(b.globals), u8(b.masks)]
    let ends = 0
    let openings = 0
    for (let t = 0; t < 120; t++) {
      expect(row(bn).map((x, j) => diff(x, row(bs)[j])), `step ${t}`).toEqual(['equal', 'equal', 'equal', 'equal', 'equal'])
      expect(i8(u8(bn.player))[0]).toBe(1) // the client's seat, always
      const [a] = pick(u8(bs.masks), N, 1)
      bs = ask({ step: { envSet: same, actions: [a as number] } }).batch as tercio.v1.IBatch
      bn = ask({ step: { envSet: next, actions: [a as number] } }).batch as tercio.v1.IBatch
      expect([...f32(u8(bn.rewards))], `step ${t}`).toEqual([...f32(u8(bs.rewards))]) // no shaping: openings add 0
      expect([u8(bn.terminated)[0], u8(bn.truncated)[0]], `step ${t}`).toEqual([u8(bs.terminated)[0], u8(bs.truncated)[0]])
      if ((bs.finalEnvs ?? []).length > 0) {
        ends++
        expect(bn.finalEnvs).toEqual([0])
        expect(i8(u8(bn.player))[0]).toBe(-1)
        expect([...u8(bn.episodeReturn)]).toEqual([...u8(bs.episodeReturn)])
        const before = bs.opponentActions?.[0]
        expect(bn.opponentActions?.[0]?.actions ?? [], `step ${t}`).toEqual(before?.actions ?? [])
        // The reset step: the action is ignored, the opponent plays its opening.
        bn = ask({ step: { envSet: next, actions: [0] } }).batch as tercio.v1.IBatch
        expect(i8(u8(bn.actor))[0]).toBe(-1)
        expect(bn.opponentActions?.[0]?.actions ?? []).toEqual(before?.afterReset ?? [])
        expect(bn.opponentActions?.[0]?.afterReset ?? []).toEqual([])
        if ((before?.afterReset ?? []).length > 0) openings++
      } else expect(bn.opponentActions).toEqual(bs.opponentActions)
    }
    expect(ends).toBeGreaterThan(2)
    expect(openings).toBeGreaterThan(0)
  })

  it('is SAME_STEP when absent (old clients), byte for byte, and refuses a mode it does not know', () => {
    const run = (options: tercio.v1.IEnvOptions): Uint8Array[] => {
      const { ask } = session()
      const set = ask({ makeEnvs: { scenarioId: SC, count: 3, options: { maxDecisions: 20, ...options } } }).envSpec?.envSet as number
      const out: Uint8Array[] = []
      let b = ask({ reset: { envSet: set, seed: 4 } }).batch as tercio.v1.IBatch
      const N = u8(b.masks).length / 3
      const pick = chooser(5)
      for (let t = 0; t < 40; t++) {
        const e = ask({ step: { envSet: set, actions: pick(u8(b.masks), N, 3) } })
        b = e.batch as tercio.v1.IBatch
        out.push(pb.Batch.encode(b).finish())
      }
      return out
    }
    const absent = run({})
    const same = run({ autoresetMode: pb.AutoresetMode.SAME_STEP })
    expect(absent.length).toBe(40)
    absent.forEach((x, t) => expect(diff(x, same[t]), `step ${t}`).toBe('equal'))
    const { ask } = session()
    const r = ask({ makeEnvs: { scenarioId: SC, count: 1, options: { autoresetMode: 7 as tercio.v1.AutoresetMode } } })
    expect(r.error?.code).toBe('BAD_REQUEST')
    expect(r.error?.message).toContain('autoreset_mode')
  })
})

describe('Observe', () => {
  it("gives any seat's view: the Batch row for the seat to act, the encoder's view from the other seat with nothing legal", () => {
    const { ask } = session()
    const set = ask({ makeEnvs: { scenarioId: SC, count: 3, options: { maxDecisions: MAX, autoresetMode: pb.AutoresetMode.NEXT_STEP } } }).envSpec?.envSet as number
    expect(ask({ observe: { envSet: set, players: [0] } }).error?.code).toBe('BAD_REQUEST') // no game before Reset
    const ref = Array.from({ length: 3 }, () => new TercioEnv(engine, { maxDecisions: MAX }))
    const sizes = obsSizes(ref[0]!.spec)
    const rows = new Rows(3, sizes, false)
    let b = ask({ reset: { envSet: set, seed: 11 } }).batch as tercio.v1.IBatch
    rows.apply(b)
    ref.forEach((e, i) => e.reset({ seed: 11 + i }))
    const pick = chooser(2)
    const N = sizes.mask
    const g0 = engine.obs.globals.length
    const seat = g0 + ENV_GLOBALS.indexOf('env:seat')
    let others = 0
    for (let t = 0; t < 60; t++) {
      const players = [...i8(u8(b.player))]
      const acting = players.map((p) => (p < 0 ? 0 : p))
      const waiting = acting.map((p) => 1 - p)
      for (const [seats, isActing] of [
        [acting, true],
        [waiting, false],
      ] as const) {
        const o = ask({ observe: { envSet: set, envs: [2, 0, 1], players: [seats[2], seats[0], seats[1]] as number[] } })
        expect(o.kind, JSON.stringify(o.error)).toBe('observation')
        const ob = o.observation as tercio.v1.IObservation
        expect(ob.envs).toEqual([2, 0, 1])
        ;[2, 0, 1].forEach((i, j) => {
          const what = `step ${t}, env ${i}, ${isActing ? 'acting' : 'waiting'} seat ${seats[i]}`
          const part = (name: 'planes' | 'entities' | 'globals' | 'masks', per: number) => u8(ob[name]).subarray(j * per, (j + 1) * per)
          const view = { planes: part('planes', 4 * sizes.planes), entities: part('entities', 4 * sizes.entities), globals: part('globals', 4 * sizes.globals), mask: part('masks', N) }
          if (isActing || players[i] === -1) {
            // The seat to act (or, once over, the last actor's seat as encoded): exactly the Batch row.
            if (players[i] !== -1) for (const k of ['planes', 'entities', 'globals', 'mask'] as const) expect(diff(view[k], rows.row(k, i)), `${what}: ${k}`).toBe('equal')
          } else {
            others++
            // The engine's own encoding from the waiting seat, nothing legal, the seat named.
            const e = ref[i] as TercioEnv
            const want = allocObs(e.spec)
            const ce = engine.obs.planes.length * engine.grid.size
            engine.encode(e.state!, seats[i] as Player, { planes: want.planes.subarray(0, ce), entities: want.entities, globals: want.globals.subarray(0, g0) })
            expect(diff(view.planes.subarray(0, 4 * ce), bytesOf(want.planes.subarray(0, ce))), `${what}: planes`).toBe('equal')
            expect(diff(view.entities, bytesOf(want.entities)), `${what}: entities`).toBe('equal')
            expect(diff(view.globals.subarray(0, 4 * g0), bytesOf(want.globals.subarray(0, g0))), `${what}: globals`).toBe('equal')
            expect(view.mask.every((x) => x === 0), what).toBe(true)
            expect(f32(view.globals)[seat], what).toBe(seats[i])
            // A real view: not the acting seat's, not zeros.
            expect(diff(view.planes, rows.row('planes', i)), what).not.toBe('equal')
            expect(f32(view.entities).some((x) => x !== 0), what).toBe(true)
          }
        })
      }
      // Observing changed nothing: the sets go on exactly as the references.
      const masks = new Uint8Array(3 * N)
      ref.forEach((e, i) => masks.set(e.isDone ? new Uint8Array(N) : e.obs.mask, i * N))
      const actions = pick(masks, N, 3)
      b = ask({ step: { envSet: set, actions } }).batch as tercio.v1.IBatch
      rows.apply(b)
      ref.forEach((e, i) => (e.isDone ? e.reset() : e.step(actions[i] as number)))
      ref.forEach((e, i) => expectRow(rows, i, e.obs, `step ${t}, env ${i}`))
    }
    expect(others).toBeGreaterThan(100)
  })

  it('observeAs of the seat to act is the env observation itself, bit for bit (also once over)', () => {
    const e = new TercioEnv(engine, { maxDecisions: 30 })
    const view = allocObs(e.spec)
    e.reset({ seed: 5 })
    const pick = chooser(6)
    const N = e.spec.actions.size
    let checked = 0
    for (let t = 0; t < 200; t++) {
      const p = (e.lastInfo.player ?? 0) as Player
      if (!e.isDone) {
        expect(e.observeAs(p, view)).toBeNull()
        for (const k of ['planes', 'entities', 'globals', 'mask'] as const) expect(diff(view[k], e.obs[k]), `decision ${t}: ${k}`).toBe('equal')
        checked++
        e.step(pick(e.obs.mask, N, 1)[0] as number)
      } else {
        // Over: the env encoded its last observation from the seat of the last decision (forced ones included).
        const sk = e.lastInfo.skipped
        const last = (sk.length > 0 ? sk[sk.length - 1]!.player : e.lastInfo.actor) as Player
        expect(e.observeAs(last, view)).toBeNull()
        for (const k of ['planes', 'entities', 'globals', 'mask'] as const) expect(diff(view[k], e.obs[k]), `end: ${k}`).toBe('equal')
        e.reset()
      }
    }
    expect(checked).toBeGreaterThan(150)
    expect(new TercioEnv(engine).observeAs(0, view)?.code).toBe('GAME_OVER')
  })

  it('refuses bad requests with codes', () => {
    const { ask } = session()
    const set = ask({ makeEnvs: { scenarioId: SC, count: 2 } }).envSpec?.envSet as number
    ask({ reset: { envSet: set, seed: 1 } })
    expect(ask({ observe: { envSet: set, envs: [2], players: [0] } }).error?.code).toBe('BAD_REQUEST')
    expect(ask({ observe: { envSet: set, envs: [0], players: [2] } }).error?.code).toBe('BAD_REQUEST')
    expect(ask({ observe: { envSet: set, envs: [0, 1], players: [0, 1, 0] } }).error?.code).toBe('BATCH_LENGTH')
    expect(ask({ observe: { envSet: set + 1, players: [0] } }).error?.code).toBe('ENV_NOT_FOUND')
    const all = ask({ observe: { envSet: set, players: [1] } }).observation
    expect(all?.envs).toEqual([0, 1])
    expect(all?.players).toEqual([1, 1])
  })
})
