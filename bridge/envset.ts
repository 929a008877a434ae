// One vector of envs owned by a bridge connection: the same semantics as the
// in-process VecEnv (env i seeded base + i, auto-reset in the step, the last
// observation of a finished episode kept as `final`), or Gymnasium's next-step
// auto-reset (the finished env waits, showing its last observation, and is
// reset by the set's next Step), plus what the wire needs:
// per-env seeds on reset, atomic validation of a whole batch of actions before
// anything moves, the engine's events in words, and byte views of every array
// made once, so a step allocates nothing but the reply object.

import type { BaseEvent, Engine } from '../env/core/types.ts'
import { actionText } from '../env/core/actions.ts'
import { TercioEnv, type EnvOptions } from '../env/gym/env.ts'
import { obsSizes, type EnvSpec, type ObsSizes } from '../env/gym/spec.ts'
import { allocVecBuffers, rowOf, WINNER_DRAW, WINNER_TRUNCATED, type BatchObs, type VecBuffers } from '../env/gym/vec.ts'
import type { tercio } from '../proto/tercio.js'
import { renderSvg } from '../env/render/svg.ts'
import type { Agent } from '../agents/types.ts'
import type { BridgeErrorCode } from './codes.ts'
import { DeltaObs } from './delta.ts'

export interface BatchError {
  code: BridgeErrorCode
  message: string
  env?: number
}

const bytesOf = (a: ArrayBufferView): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength)

interface ByteViews {
  planes: Uint8Array
  entities: Uint8Array
  globals: Uint8Array
  mask: Uint8Array
}
const viewsOf = (b: BatchObs): ByteViews => ({ planes: bytesOf(b.planes), entities: bytesOf(b.entities), globals: bytesOf(b.globals), mask: bytesOf(b.mask) })

export interface EnvSetOptions extends Omit<EnvOptions, 'buffers' | 'seed' | 'record'> {
  count: number
  baseSeed: number
  /** Send planes as (index, value) pairs of the non-zero entries. */
  sparsePlanes?: boolean
  /** One agent per env, playing `opponentPlayer` on the server (EnvOptions.opponent). */
  opponents?: { agents: Agent[]; player: 0 | 1 }
  /** Send Batch.subjects. */
  subjects?: boolean
  /** Send only the changed words of the observations (bridge/delta.ts). */
  deltaObs?: boolean
  /** Gymnasium's NEXT_STEP auto-reset (EnvOptions.autoreset_mode): a finished env is reset by the
   *  next Step, which ignores its action, instead of within the step that ended it. */
  nextStep?: boolean
}

/** Bound on the opponent's consecutive decisions in one env per request: a game where
 *  one side decides forever would otherwise hang the connection. */
const MAX_OPPONENT_RUN = 100_000

export class EnvSet {
  readonly count: number
  readonly spec: EnvSpec
  readonly envs: TercioEnv[] = []
  private readonly sizes: ObsSizes
  private readonly b: VecBuffers
  private readonly obsBytes: ByteViews
  private readonly finalBytes: ByteViews
  private readonly finalEnvs: number[] = []
  private readonly events: boolean
  private readonly sparse: { index: Uint32Array; value: Float32Array; indexBytes: Uint8Array; valueBytes: Uint8Array } | null
  private readonly planeBits: Int32Array
  private readonly valueBits: Int32Array
  private readonly eventTexts: tercio.v1.IEnvEvents[] = []
  private readonly opponents: { agents: Agent[]; player: 0 | 1 } | null
  private readonly opponentMoves: tercio.v1.IOpponentActions[] = []
  private readonly subjects: string[] | null
  private readonly delta: DeltaObs | null
  private readonly nextStep: boolean
  /** NEXT_STEP: 1 for the envs whose episode ended at the last Step and that the next Step resets. */
  private readonly pending: Uint8Array
  /** The next Batch's delta starts from zeros (Batch.delta_reset): it answers a Reset, or a Step
   *  that failed midway has left the client's copy behind. */
  private fromZero = true
  get hasOpponent(): boolean {
    return this.opponents !== null
  }
  /** Opponent decisions applied by this set since it was made. */
  opponentDecisions = 0
  /** Every field of a Batch, those that vary per batch empty: each Batch is a copy of it with the
   *  varying fields assigned, so all Batches share one shape. (An object literal spreading this and
   *  adding fields built new hidden classes at every call: ~13 KB of garbage a batch.) */
  private readonly template: Required<Omit<tercio.v1.IBatch, 'toJSON'>>
  private readonly statsBytes: { episodeReturn: Uint8Array; episodeDecisions: Uint8Array; winner: Uint8Array }

  constructor(
    readonly engine: Engine,
    readonly handle: number,
    o: EnvSetOptions,
  ) {
    this.count = o.count
    this.events = o.events ?? false
    this.opponents = o.opponents ?? null
    this.subjects = o.subjects ? new Array<string>(o.count).fill('') : null
    this.nextStep = o.nextStep ?? false
    this.pending = new Uint8Array(o.count)
    const probe = new TercioEnv(engine, { ...o, events: false })
    this.spec = probe.spec
    this.sizes = obsSizes(this.spec)
    // `final` doubles as the compact store of finished rows (k <= n), so it needs no extra buffer.
    const b = allocVecBuffers(this.sizes, o.count, false)
    this.delta = o.deltaObs ? new DeltaObs(this.sizes, o.count) : null
    // With deltas the envs encode straight into the diff's memory.
    this.b = this.delta ? { ...b, obs: this.delta.obs } : b
    const logs = this.delta?.trackPlanes()
    for (let i = 0; i < o.count; i++) {
      const buffers = rowOf(this.b.obs, this.sizes, i)
      this.envs.push(new TercioEnv(engine, { ...o, seed: (o.baseSeed + i) >>> 0, events: this.events, buffers, ...(logs ? { planeLog: logs[i] } : {}) }))
    }
    this.obsBytes = viewsOf(this.b.obs)
    if (o.sparsePlanes && !this.delta) {
      // Worst case every entry is non-zero; allocated once.
      const index = new Uint32Array(this.b.obs.planes.length)
      const value = new Float32Array(this.b.obs.planes.length)
      this.sparse = { index, value, indexBytes: bytesOf(index), valueBytes: bytesOf(value) }
    } else this.sparse = null
    const pl = this.b.obs.planes
    this.planeBits = new Int32Array(pl.buffer, pl.byteOffset, pl.length)
    const vb = this.sparse?.value ?? new Float32Array(0)
    this.valueBits = new Int32Array(vb.buffer, vb.byteOffset, vb.length)
    this.finalBytes = viewsOf(this.b.final)
    const none = new Uint8Array(0)
    const whole = !this.delta
    this.template = {
      envSet: handle,
      count: o.count,
      planes: this.sparse || !whole ? none : this.obsBytes.planes,
      entities: whole ? this.obsBytes.entities : none,
      globals: whole ? this.obsBytes.globals : none,
      masks: whole ? this.obsBytes.mask : none,
      rewards: bytesOf(this.b.rewards),
      terminated: bytesOf(this.b.terminated),
      truncated: bytesOf(this.b.truncated),
      player: bytesOf(this.b.player),
      actor: bytesOf(this.b.actor),
      legalCount: bytesOf(this.b.legalCount),
      decisionKind: bytesOf(this.b.decisionKind),
      decisions: bytesOf(this.b.decisions),
      finalEnvs: [],
      finalPlanes: none,
      finalEntities: none,
      finalGlobals: none,
      finalMasks: none,
      episodeReturn: none,
      episodeDecisions: none,
      winner: none,
      events: [],
      skipped: bytesOf(this.b.skipped),
      planesIndex: none,
      planesValue: none,
      opponentActions: [],
      subjects: [],
      delta: none,
      finalDelta: none,
      deltaReset: false,
    }
    this.statsBytes = { episodeReturn: bytesOf(this.b.episodeReturn), episodeDecisions: bytesOf(this.b.episodeDecisions), winner: bytesOf(this.b.winner) }
  }

  /** Checks a seed list for Reset; null when fine. */
  checkSeeds(seed: number | null | undefined, seeds: readonly number[]): BatchError | null {
    if (seeds.length > 0 && seed !== null && seed !== undefined) return { code: 'BAD_REQUEST', message: 'Reset: give either seed or seeds, not both' }
    if (seeds.length > 0 && seeds.length !== this.count) {
      return { code: 'BATCH_LENGTH', message: `Reset: env set ${this.handle} has ${this.count} envs but ${seeds.length} seeds were given` }
    }
    return null
  }

  /** Starts new episodes: env i gets seeds[i], or seed + i, or (neither) the next seed of its own sequence. */
  reset(seed: number | null | undefined, seeds: readonly number[]): tercio.v1.IBatch | BatchError {
    const b = this.b
    this.eventTexts.length = 0
    this.opponentMoves.length = 0
    for (let i = 0; i < this.count; i++) {
      const env = this.envs[i] as TercioEnv
      const s = seeds.length > 0 ? (seeds[i] as number) >>> 0 : seed === null || seed === undefined ? undefined : (seed + i) >>> 0
      const bad = this.restart(env, i, s)
      if (bad) return bad
      this.settle(env, i)
      b.terminated[i] = b.truncated[i] = 0
      b.actor[i] = -1
      b.skipped[i] = env.lastInfo.skipped.length
    }
    this.finalEnvs.length = 0
    this.pending.fill(0)
    this.fromZero = true
    return this.message(0)
  }

  /** Validates every action before any env moves, so a bad batch changes nothing. The action of an
   *  env waiting for its next-step reset is ignored, so not checked. */
  check(actions: readonly number[]): BatchError | null {
    if (actions.length !== this.count) {
      return { code: 'BATCH_LENGTH', message: `Step: env set ${this.handle} has ${this.count} envs but ${actions.length} actions were given` }
    }
    const n = this.sizes.mask
    const mask = this.b.obs.mask
    for (let i = 0; i < this.count; i++) {
      if (this.pending[i]) continue
      const a = actions[i] as number
      if (!Number.isInteger(a) || a < 0 || a >= n) return { code: 'ACTION_OUT_OF_RANGE', message: `Step: env ${i}: action ${a} is outside 0..${n - 1}`, env: i }
      if (!mask[i * n + a]) {
        const env = this.envs[i] as TercioEnv
        const inf = env.lastInfo
        const what = env.isDone ? 'the episode is over' : `player ${inf.player} is to decide ${inf.decisionKind}${inf.subject ? ` (${inf.subject})` : ''}`
        return { code: 'ACTION_ILLEGAL', message: `Step: env ${i}: ${actionText(this.engine.layout, a)} (id ${a}) is masked out; ${what}`, env: i }
      }
    }
    return null
  }

  /** Steps every env (after check()); finished envs are reset in place (SAME_STEP), or left as they
   *  ended and reset by the next step (NEXT_STEP). */
  step(actions: readonly number[]): tercio.v1.IBatch | BatchError {
    const r = this.stepAll(actions)
    if ('code' in r) this.fromZero = true
    return r
  }

  private stepAll(actions: readonly number[]): tercio.v1.IBatch | BatchError {
    const b = this.b
    const delta = this.delta
    delta?.begin()
    const s = this.sizes
    const fin = b.final
    let k = 0
    this.finalEnvs.length = 0
    this.eventTexts.length = 0
    this.opponentMoves.length = 0
    for (let i = 0; i < this.count; i++) {
      const env = this.envs[i] as TercioEnv
      if (this.pending[i]) {
        // NEXT_STEP: this step starts the env's next episode; its action is ignored (Gymnasium's
        // SyncVectorEnv: reward 0, not terminated, the reset's observation and info).
        this.pending[i] = 0
        const bad = this.restart(env, i)
        if (bad) return bad
        b.terminated[i] = b.truncated[i] = 0
        b.actor[i] = -1
        b.skipped[i] = env.lastInfo.skipped.length
        this.settle(env, i)
        delta?.row(i)
        continue
      }
      let r = env.step(actions[i] as number)
      if (r.error) {
        // check() passed, so the engine refused an action its own mask allowed: a bug, reported as such.
        return { code: 'INTERNAL', message: `Step: env ${i}: the engine refused a legal action: ${r.error.code}: ${r.error.message} (envs before ${i} were stepped)`, env: i }
      }
      this.collectEvents(env, i)
      b.rewards[2 * i] = r.rewards[0]
      b.rewards[2 * i + 1] = r.rewards[1]
      b.actor[i] = r.info.actor ?? -1
      let moves: string[] | null = null
      if (this.opponents && !env.isDone) {
        // The opponent answers in the same step; its rewards add to this step's.
        moves = []
        const o = this.runOpponent(env, i, moves)
        if ('code' in o) return o
        if (o.last) r = o.last
      }
      b.terminated[i] = r.terminated ? 1 : 0
      b.truncated[i] = r.truncated ? 1 : 0
      b.skipped[i] = r.info.skipped.length
      if (r.terminated || r.truncated) {
        if (this.nextStep) {
          // The row keeps the last observation; the statistics go with final_envs, the reset waits.
          this.recordEnd(r, i, k++)
          this.pending[i] = 1
          if (moves && moves.length > 0) this.opponentMoves.push({ env: i, actions: moves, afterReset: [] })
          this.settle(env, i, false)
          delta?.row(i)
          continue
        }
        if (delta) delta.final(i)
        else {
          fin.planes.set(r.obs.planes, k * s.planes)
          fin.entities.set(r.obs.entities, k * s.entities)
          fin.globals.set(r.obs.globals, k * s.globals)
          fin.mask.set(r.obs.mask, k * s.mask)
        }
        this.recordEnd(r, i, k++)
        env.reset()
        this.collectEvents(env, i)
        this.reseedOpponent(env, i)
        if (this.opponents) {
          const after: string[] = []
          const o = this.runOpponent(env, i, after)
          if ('code' in o) return o
          if (after.length > 0) this.opponentMoves.push({ env: i, actions: moves ?? [], afterReset: after })
          else if (moves && moves.length > 0) this.opponentMoves.push({ env: i, actions: moves, afterReset: [] })
        }
      } else if (moves && moves.length > 0) this.opponentMoves.push({ env: i, actions: moves, afterReset: [] })
      this.settle(env, i)
      delta?.row(i)
    }
    return this.message(k)
  }

  /** The statistics of env i's episode, which ended with step r, as finished row k. */
  private recordEnd(r: ReturnType<TercioEnv['step']>, i: number, k: number): void {
    const b = this.b
    const w = r.info.outcome?.winner
    b.winner[k] = r.truncated ? WINNER_TRUNCATED : w === null || w === undefined ? WINNER_DRAW : w
    const ep = r.info.episode
    b.episodeReturn[2 * k] = ep ? ep.returns[0] : 0
    b.episodeReturn[2 * k + 1] = ep ? ep.returns[1] : 0
    b.episodeDecisions[k] = ep ? ep.decisions : 0
    this.finalEnvs.push(i)
  }

  /** Starts an episode in env i (with `seed`, or the next seed of its sequence), the opponent playing
   *  its opening decisions; row i's rewards are the opening's (zero unless the opponent's shaping). */
  private restart(env: TercioEnv, i: number, seed?: number): BatchError | null {
    const b = this.b
    env.reset(seed === undefined ? {} : { seed })
    this.collectEvents(env, i)
    this.reseedOpponent(env, i)
    b.rewards[2 * i] = b.rewards[2 * i + 1] = 0
    if (this.opponents) {
      const moves: string[] = []
      const r = this.runOpponent(env, i, moves)
      if ('code' in r) return r
      if (moves.length > 0) this.opponentMoves.push({ env: i, actions: moves, afterReset: [] })
    }
    return null
  }

  /** Observe: rows of `envs` (empty: all) from the seats `players` (one per env, or one for all),
   *  as the envs' encoders write them (TercioEnv.observeAs). Allocates: a request now and then. */
  observe(envs: readonly number[], players: readonly number[]): tercio.v1.IObservation | BatchError {
    const list = envs.length > 0 ? envs : Array.from({ length: this.count }, (_, i) => i)
    if (players.length !== 1 && players.length !== list.length) {
      return { code: 'BATCH_LENGTH', message: `Observe: ${list.length} envs but ${players.length} players (give one seat per env, or one for all)` }
    }
    const k = list.length
    const s = this.sizes
    const out = { planes: new Float32Array(k * s.planes), entities: new Float32Array(k * s.entities), globals: new Float32Array(k * s.globals), mask: new Uint8Array(k * s.mask) }
    const seats: number[] = []
    for (let j = 0; j < k; j++) {
      const i = list[j] as number
      const p = (players.length === 1 ? players[0] : players[j]) as number
      if (i >= this.count) return { code: 'BAD_REQUEST', message: `Observe: env ${i} is outside 0..${this.count - 1} of env set ${this.handle}` }
      if (p !== 0 && p !== 1) return { code: 'BAD_REQUEST', message: `Observe: env ${i}: player ${p} is not a seat (0 or 1)`, env: i }
      const bad = (this.envs[i] as TercioEnv).observeAs(p, rowOf(out, s, j))
      if (bad) return { code: 'BAD_REQUEST', message: `Observe: env ${i}: ${bad.message}`, env: i }
      seats.push(p)
    }
    const bytes = viewsOf(out)
    return { envSet: this.handle, envs: [...list], players: seats, planes: bytes.planes, entities: bytes.entities, globals: bytes.globals, masks: bytes.mask }
  }

  /** ASCII picture of env i. */
  ascii(i: number): string {
    return (this.envs[i] as TercioEnv).render()
  }

  /** SVG picture of env i (env/render/svg.ts). */
  svg(i: number): string {
    const env = this.envs[i] as TercioEnv
    const s = env.state
    if (!s) return ''
    const v = this.engine.view(s)
    return renderSvg(this.engine.scenario, v, { title: `${this.engine.scenario.id}, env ${i}, seed ${env.episodeSeed}, turn ${v.turn}` })
  }

  /** Each episode's opponent is reseeded from the episode's seed: reproducible under Reset seeds. */
  private reseedOpponent(env: TercioEnv, i: number): void {
    this.opponents?.agents[i]?.reset?.((env.episodeSeed * 2 + this.opponents.player) >>> 0)
  }

  /** Applies the opponent's decisions in env i while it is to decide; their rewards are added to
   *  row i. Returns the last step (null if the opponent did not decide) or an error. */
  private runOpponent(env: TercioEnv, i: number, moves: string[]): { last: ReturnType<TercioEnv['step']> | null } | BatchError {
    const o = this.opponents
    if (!o) return { last: null }
    const agent = o.agents[i] as Agent
    const b = this.b
    const n = this.sizes.mask
    const mask = b.obs.mask.subarray(i * n, (i + 1) * n)
    let last: ReturnType<TercioEnv['step']> | null = null
    for (let t = 0; !env.isDone && env.lastInfo.player === o.player; t++) {
      if (t >= MAX_OPPONENT_RUN) return { code: 'INTERNAL', message: `env ${i}: the opponent ${agent.name} decided ${t} times in a row without the game moving on`, env: i }
      const st = env.state
      if (!st) break
      const a = agent.act({ engine: this.engine, state: st, mask, legalCount: env.lastInfo.legalCount, player: o.player })
      if (!Number.isInteger(a) || a < 0 || a >= n || mask[a] !== 1) {
        return { code: 'INTERNAL', message: `env ${i}: the opponent ${agent.name} chose ${a}, which is not a legal action here`, env: i }
      }
      moves.push(actionText(this.engine.layout, a))
      last = env.step(a)
      if (last.error) return { code: 'INTERNAL', message: `env ${i}: the engine refused the opponent's action ${moves[moves.length - 1]}: ${last.error.code}: ${last.error.message}`, env: i }
      this.opponentDecisions++
      this.collectEvents(env, i)
      b.rewards[2 * i] = (b.rewards[2 * i] as number) + last.rewards[0]
      b.rewards[2 * i + 1] = (b.rewards[2 * i + 1] as number) + last.rewards[1]
    }
    return { last }
  }

  /** Fills row i's per-env fields from env i; `skipEnded` (not for an env that just ended under
   *  NEXT_STEP) first resets an env whose forced opening decisions ended the game. */
  private settle(env: TercioEnv, i: number, skipEnded = true): void {
    // A scenario whose forced opening decisions end the game would loop; give up after a few (as VecEnv does).
    for (let t = 0; skipEnded && env.isDone && t < 100; t++) env.reset()
    const b = this.b
    const inf = env.lastInfo
    b.player[i] = inf.player ?? -1
    b.decisionKind[i] = inf.decisionKindId
    b.legalCount[i] = inf.legalCount
    b.decisions[i] = inf.decisions
    if (this.subjects) this.subjects[i] = inf.subject ?? ''
  }

  private collectEvents(env: TercioEnv, i: number): void {
    if (!this.events) return
    const evs = env.lastInfo.events as BaseEvent[]
    if (evs.length === 0) return
    this.eventTexts.push({ env: i, text: evs.map((e) => this.engine.describe(e)) })
  }

  private message(k: number): tercio.v1.IBatch {
    const m = { ...this.template }
    if (this.delta) {
      const d = this.fromZero ? this.delta.whole() : this.delta.end()
      m.delta = d.delta
      m.finalDelta = d.finalDelta
      m.deltaReset = this.fromZero
      this.fromZero = false
    } else if (this.sparse) {
      const { index, indexBytes, valueBytes } = this.sparse
      // Integer compare on the bit patterns: bit-exact (keeps -0 and NaN payloads).
      const bits = this.planeBits
      const v = this.valueBits
      let nz = 0
      for (let j = 0; j < bits.length; j++) {
        const x = bits[j] as number
        if (x !== 0) {
          index[nz] = j
          v[nz++] = x
        }
      }
      m.planesIndex = indexBytes.subarray(0, 4 * nz)
      m.planesValue = valueBytes.subarray(0, 4 * nz)
    }
    if (k > 0) {
      m.finalEnvs = this.finalEnvs
      // With deltas the final observations travel in finalDelta; with NEXT_STEP they are the rows themselves.
      if (!this.delta && !this.nextStep) {
        const s = this.sizes
        const f = this.finalBytes
        m.finalPlanes = f.planes.subarray(0, 4 * k * s.planes)
        m.finalEntities = f.entities.subarray(0, 4 * k * s.entities)
        m.finalGlobals = f.globals.subarray(0, 4 * k * s.globals)
        m.finalMasks = f.mask.subarray(0, k * s.mask)
      }
      const st = this.statsBytes
      m.episodeReturn = st.episodeReturn.subarray(0, 8 * k)
      m.episodeDecisions = st.episodeDecisions.subarray(0, 4 * k)
      m.winner = st.winner.subarray(0, k)
    }
    if (this.events) m.events = this.eventTexts
    if (this.opponents) m.opponentActions = this.opponentMoves
    if (this.subjects) m.subjects = this.subjects
    return m
  }
}
