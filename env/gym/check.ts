// The env checker, in the spirit of Gymnasium's check_env and PettingZoo's
// api_test: it plays seeded random episodes through the env and the raw engine
// and checks shapes and dtypes against the spec, the mask against the rules
// (masked-in actions apply, masked-out ones are refused without side effects),
// determinism under a seed, clone/restore/hash, the reset/step contract, rewards
// and termination within the decision limit. Pure: returns a report.

import type { BaseEvent, BaseState, Engine, ObsBuffers, Player } from '../core/types.ts'
import { actionText } from '../core/actions.ts'
import { TercioEnv, type Observation } from './env.ts'
import { canonicalJson, makeRng } from './hash.ts'
import { engineEncodesKinds, makeSpec, obsSizes, ENV_PLANES, ENV_GLOBALS, ENV_ENTITY_FEATURES } from './spec.ts'
import { verifyReplay } from './replay.ts'

export interface CheckResult {
  name: string
  ok: boolean
  /** skip = nothing to check (e.g. an earlier failure stopped the run); counts as ok. */
  status: 'pass' | 'fail' | 'skip'
  /** What was checked and, on failure, the first problems found (naming step, action, hex). */
  detail: string
}

export interface CheckReport {
  ok: boolean
  checks: CheckResult[]
  stats: { episodes: number; terminated: number; truncated: number; decisions: number; statesProbed: number; actionsProbed: number; /** Wall time, filled in by the caller that timed the run (the checker itself reads no clock). */ ms?: number }
}

export interface CheckOptions {
  /** Random episodes to play (default 8). */
  episodes?: number
  /** Decision limit per episode (default 5000). */
  maxDecisions?: number
  seed?: number
  /** Per probed state: at most this many legal and illegal actions are tried on clones (default 24, 12). */
  legalProbe?: number
  illegalProbe?: number
  /** Probe at most this many states in total (default 1500). */
  maxProbes?: number
  /** Called after each episode (and its determinism re-run) with episodes done and the total. */
  onEpisode?(done: number, total: number): void
}

const MAX_PROBLEMS = 3

class Check {
  problems: string[] = []
  count = 0
  constructor(
    readonly name: string,
    readonly what: string,
  ) {}
  fail(msg: string): void {
    if (this.problems.includes(msg)) return
    if (this.problems.length < MAX_PROBLEMS) this.problems.push(msg)
    else if (this.problems.length === MAX_PROBLEMS) this.problems.push('...')
  }
  expect(cond: boolean, msg: () => string): void {
    this.count++
    if (!cond) this.fail(msg())
  }
  result(): CheckResult {
    const ok = this.problems.length === 0
    return {
      name: this.name,
      ok,
      status: !ok ? 'fail' : this.count === 0 ? 'skip' : 'pass',
      detail: !ok ? this.problems.join('; ') : this.count === 0 ? `${this.what}: not exercised` : `${this.what} (${this.count} checks)`,
    }
  }
}

const sameBytes = (a: ArrayBufferView, b: ArrayBufferView) => {
  if (a.byteLength !== b.byteLength) return false
  const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength)
  const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength)
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false
  return true
}

export function checkEnv<S extends BaseState, E extends BaseEvent>(engine: Engine<S, E>, o: CheckOptions = {}): CheckReport {
  const episodes = o.episodes ?? 8
  const maxDecisions = o.maxDecisions ?? 5000
  const seed0 = o.seed ?? 1
  const legalProbe = o.legalProbe ?? 24
  const illegalProbe = o.illegalProbe ?? 12
  const maxProbes = o.maxProbes ?? 1500
  const rng = makeRng(seed0 ^ 0x5eed)
  const stats = { episodes: 0, terminated: 0, truncated: 0, decisions: 0, statesProbed: 0, actionsProbed: 0 }

  const C = {
    spec: new Check('spec', 'spec matches the engine declaration; hash stable'),
    shapes: new Check('shapes and dtypes', 'obs arrays have the spec dtypes and lengths; values finite; mask 0/1'),
    encode: new Check('encode overwrites', 'encode writes every entry of its buffers (NaN-filled before)'),
    reset: new Check('reset contract', 'reset gives a live decision with a non-empty mask; same seed, same start'),
    step: new Check('step contract', 'step before reset / after the end / out of range / masked-out is an error value'),
    mask: new Check('mask consistency', 'masked-in actions apply, masked-out ones are refused and change nothing; count = mask sum; never empty while live'),
    clone: new Check('clone independence', 'acting on a clone leaves the original unchanged'),
    hash: new Check('hash', 'different states hash differently, equal states equally'),
    restore: new Check('restore round trip', 'restore(JSON) gives the same hash and decision'),
    invariants: new Check('invariants', 'engine.invariants holds in every visited state'),
    determinism: new Check('determinism', 'the same seed and actions give the same hashes and observations'),
    rewards: new Check('rewards', 'zero-sum; terminal +-1/0 per the outcome; 0 elsewhere (no shaping)'),
    termination: new Check('termination', `episodes end within ${maxDecisions} decisions and some end by the rules`),
    events: new Check('events', 'events have a type and describe() gives words'),
    view: new Check('view', 'view(s) is JSON and agrees with decision(s)'),
    replay: new Check('replay', 'a recorded episode verifies'),
  }
  const guard = (c: Check, f: () => void, where = '') => {
    try {
      f()
    } catch (e) {
      c.fail(`${where}threw ${e instanceof Error ? e.message : String(e)}`)
    }
  }

  // ---- spec ------------------------------------------------------------
  const l = engine.layout
  let env: TercioEnv<S, E> | null = null
  guard(C.spec, () => {
    const seg = l.choices.length + l.wings.length + l.units.length + l.hexes.length
    C.spec.expect(l.size === seg, () => `layout.size ${l.size} != sum of segments ${seg}`)
    C.spec.expect(l.hexes.length === engine.grid.size, () => `HEX segment has ${l.hexes.length} ids for ${engine.grid.size} hexes`)
    C.spec.expect(engine.obs.maxEntities >= l.units.length, () => `maxEntities ${engine.obs.maxEntities} < ${l.units.length} units+leaders`)
    C.spec.expect(new Set(engine.obs.planes).size === engine.obs.planes.length, () => 'duplicate plane names')
    C.spec.expect(new Set(engine.obs.globals).size === engine.obs.globals.length, () => 'duplicate global names')
    C.spec.expect(new Set(engine.decisionKinds).size === engine.decisionKinds.length && engine.decisionKinds.length > 0, () => 'decision kinds empty or duplicated')
    const clash = [...engine.obs.planes, ...engine.obs.globals, ...engine.obs.entityFeatures].filter((n) => n.startsWith('env:'))
    C.spec.expect(clash.length === 0, () => `engine names use the env: prefix: ${clash.join(', ')}`)
    const a = makeSpec(engine as unknown as Engine, 'x', { maxDecisions, skipForced: true })
    const b = makeSpec(engine as unknown as Engine, 'x', { maxDecisions, skipForced: true })
    C.spec.expect(a.hash === b.hash && canonicalJson(a) === canonicalJson(b), () => 'spec hash is not stable')
    C.spec.expect(a.planes.channels.length === engine.obs.planes.length + ENV_PLANES.length, () => 'channel count')
    const kinds = engineEncodesKinds(engine as unknown as Engine) ? 0 : engine.decisionKinds.length
    C.spec.expect(a.globals.names.length === engine.obs.globals.length + ENV_GLOBALS.length + kinds, () => 'globals count')
    C.spec.expect(a.entities.features.length === engine.obs.entityFeatures.length + ENV_ENTITY_FEATURES.length, () => 'entity feature count')
    env = new TercioEnv(engine, { maxDecisions, skipForced: false, events: true, record: true })
  })
  if (!env) return finish()
  const ev = env as TercioEnv<S, E>
  const sizes = obsSizes(ev.spec)

  const checkObs = (obs: Observation, where: string) => {
    C.shapes.expect(obs.planes instanceof Float32Array && obs.planes.length === sizes.planes, () => `${where}: planes not Float32Array[${sizes.planes}]`)
    C.shapes.expect(obs.entities instanceof Float32Array && obs.entities.length === sizes.entities, () => `${where}: entities not Float32Array[${sizes.entities}]`)
    C.shapes.expect(obs.globals instanceof Float32Array && obs.globals.length === sizes.globals, () => `${where}: globals not Float32Array[${sizes.globals}]`)
    C.shapes.expect(obs.mask instanceof Uint8Array && obs.mask.length === sizes.mask, () => `${where}: mask not Uint8Array[${sizes.mask}]`)
    for (const [name, arr] of [['planes', obs.planes], ['entities', obs.entities], ['globals', obs.globals]] as const) {
      let bad = -1
      for (let i = 0; i < arr.length; i++) if (!Number.isFinite(arr[i])) { bad = i; break }
      C.shapes.expect(bad < 0, () => `${where}: ${name}[${bad}] is ${arr[bad]}`)
    }
    let badMask = -1
    for (let i = 0; i < obs.mask.length; i++) if ((obs.mask[i] as number) > 1) { badMask = i; break }
    C.shapes.expect(badMask < 0, () => `${where}: mask[${badMask}] = ${obs.mask[badMask]}`)
  }

  // ---- step before reset --------------------------------------------------
  guard(C.step, () => {
    const fresh = new TercioEnv(engine, { maxDecisions })
    const r = fresh.step(0)
    C.step.expect(r.error?.code === 'GAME_OVER', () => `step before reset gave ${r.error?.code ?? 'no error'}`)
  })

  // ---- encode overwrites ---------------------------------------------------
  guard(C.encode, () => {
    const s = engine.init(seed0)
    const buf: ObsBuffers = {
      planes: new Float32Array(engine.obs.planes.length * engine.grid.size),
      entities: new Float32Array(engine.obs.maxEntities * engine.obs.entityFeatures.length),
      globals: new Float32Array(engine.obs.globals.length),
    }
    for (const p of [0, 1] as Player[]) {
      buf.planes.fill(NaN)
      buf.entities.fill(NaN)
      buf.globals.fill(NaN)
      engine.encode(s, p, buf)
      for (const [name, arr] of Object.entries(buf) as [string, Float32Array][]) {
        const i = arr.findIndex((v) => Number.isNaN(v))
        C.encode.expect(i < 0, () => `encode for player ${p} left ${name}[${i}] unwritten${name === 'planes' ? ` (plane ${engine.obs.planes[Math.floor(i / engine.grid.size)]})` : ''}`)
      }
    }
  })

  // ---- random episodes ----------------------------------------------------
  const probeMask = new Uint8Array(l.size)
  let probes = 0
  const probe = (s: S, where: string) => {
    if (probes >= maxProbes) return
    probes++
    stats.statesProbed++
    const h0 = engine.hash(s)
    const j0 = JSON.stringify(s)
    const n = engine.legal(s, probeMask)
    let sum = 0
    const legalIds: number[] = []
    const illegalIds: number[] = []
    for (let i = 0; i < l.size; i++) {
      if (probeMask[i]) {
        sum++
        legalIds.push(i)
      } else illegalIds.push(i)
    }
    C.mask.expect(n === sum, () => `${where}: legal() returned ${n} but set ${sum} entries`)
    C.mask.expect(sum > 0, () => `${where}: empty mask while decision is ${canonicalJson(engine.decision(s))}`)
    const pickSome = (ids: number[], k: number) => {
      if (ids.length <= k) return ids
      const out: number[] = []
      for (let i = 0; i < k; i++) out.push(ids[Math.floor(rng() * ids.length)] as number)
      return out
    }
    const seen = new Map<string, string>()
    for (const a of pickSome(legalIds, legalProbe)) {
      stats.actionsProbed++
      const c = engine.clone(s)
      let e: ReturnType<typeof engine.apply> = null
      try {
        e = engine.apply(c, a)
      } catch (x) {
        C.mask.fail(`${where}: masked-in ${actionText(l, a)} threw ${x instanceof Error ? x.message : String(x)}`)
        continue
      }
      C.mask.expect(e === null, () => `${where}: masked-in ${actionText(l, a)} refused: ${e?.code} ${e?.message}`)
      C.clone.expect(engine.hash(s) === h0 && JSON.stringify(s) === j0, () => `${where}: applying ${actionText(l, a)} to a clone changed the original`)
      if (e === null) {
        const hc = engine.hash(c)
        const jc = JSON.stringify(c)
        const prev = seen.get(hc)
        C.hash.expect(prev === undefined || prev === jc, () => `${where}: two different successor states share hash ${hc}`)
        seen.set(hc, jc)
        const inv = engine.invariants(c)
        C.invariants.expect(inv.length === 0, () => `${where} after ${actionText(l, a)}: ${inv.join(', ')}`)
      }
    }
    for (const a of pickSome(illegalIds, illegalProbe)) {
      stats.actionsProbed++
      const c = engine.clone(s)
      let e: ReturnType<typeof engine.apply> = null
      try {
        e = engine.apply(c, a)
      } catch (x) {
        C.mask.fail(`${where}: masked-out ${actionText(l, a)} threw ${x instanceof Error ? x.message : String(x)} (illegal input must be an error value)`)
        continue
      }
      C.mask.expect(e !== null, () => `${where}: masked-out ${actionText(l, a)} was accepted`)
      C.mask.expect(e === null || engine.hash(c) === h0, () => `${where}: refused ${actionText(l, a)} still changed the state`)
    }
    const rs = engine.restore(JSON.parse(j0))
    C.restore.expect(rs.ok, () => `${where}: restore failed: ${rs.ok ? '' : rs.error.message}`)
    if (rs.ok) {
      C.restore.expect(engine.hash(rs.value) === h0, () => `${where}: restored state hashes ${engine.hash(rs.value)}, original ${h0}`)
      C.restore.expect(canonicalJson(engine.decision(rs.value)) === canonicalJson(engine.decision(s)), () => `${where}: restored state has another decision`)
    }
    const v = engine.view(s)
    C.view.expect(canonicalJson(v.decision) === canonicalJson(engine.decision(s)), () => `${where}: view().decision differs from decision()`)
    C.view.expect(typeof JSON.stringify(v) === 'string', () => `${where}: view is not JSON`)
  }

  const runEpisode = (seed: number, first: boolean): { hashes: string[]; actions: number[]; obsDigest: string } => {
    const hashes: string[] = []
    const actions: number[] = []
    let digest = ''
    const r0 = ev.reset({ seed })
    const s = ev.state as S
    if (first) {
      C.reset.expect(r0.info.player === 0 || r0.info.player === 1, () => `reset: player is ${r0.info.player}`)
      C.reset.expect(!ev.isDone, () => 'reset: the episode is already over')
      C.reset.expect(r0.info.legalCount > 0 && r0.info.legalCount === r0.obs.mask.reduce((x, y) => x + y, 0), () => `reset: legalCount ${r0.info.legalCount} vs mask sum`)
      const again = new TercioEnv(engine, { maxDecisions, skipForced: false })
      const r1 = again.reset({ seed })
      C.reset.expect(sameBytes(r1.obs.planes, r0.obs.planes) && sameBytes(r1.obs.mask, r0.obs.mask) && sameBytes(r1.obs.globals, r0.obs.globals), () => `reset({seed: ${seed}}) twice gave different observations`)
      C.reset.expect(engine.hash(again.state as S) === engine.hash(s), () => 'same seed, different initial hash')
    }
    checkObs(r0.obs, `reset seed ${seed}`)
    hashes.push(engine.hash(s))
    const mix = (o: Observation) => {
      let h = 0
      for (const x of o.planes) h = (Math.imul(h, 31) + Math.round(x * 1000)) | 0
      for (const x of o.globals) h = (Math.imul(h, 31) + Math.round(x * 1000)) | 0
      for (const x of o.mask) h = (Math.imul(h, 31) + x) | 0
      digest += h.toString(36)
    }
    mix(r0.obs)
    for (let t = 0; ; t++) {
      const where = `seed ${seed} decision ${t + 1}`
      const d = engine.decision(s)
      if (!d) break
      if (first || t % 3 === 0) probe(s, where)
      // the env refuses masked-out and out-of-range actions as values
      if (first && t < 3) {
        const oor = ev.step(l.size)
        C.step.expect(oor.error?.code === 'ACTION_OUT_OF_RANGE', () => `${where}: out-of-range action gave ${oor.error?.code ?? 'no error'}`)
        const off = ev.obs.mask.indexOf(0)
        if (off >= 0) {
          const h = engine.hash(s)
          const r = ev.step(off)
          C.step.expect(r.error !== null && engine.hash(s) === h, () => `${where}: masked-out ${actionText(l, off)} was not refused cleanly`)
        }
      }
      const n = ev.lastInfo.legalCount
      let k = Math.floor(rng() * n)
      let a = 0
      for (; a < l.size; a++) if (ev.obs.mask[a] && k-- === 0) break
      const actor = ev.lastInfo.player
      const r = ev.step(a)
      actions.push(a)
      stats.decisions++
      C.step.expect(r.error === null, () => `${where}: env refused masked-in ${actionText(l, a)}: ${r.error?.message}`)
      if (r.error) break
      C.step.expect(r.info.actor === actor, () => `${where}: info.actor ${r.info.actor}, expected ${actor}`)
      hashes.push(engine.hash(s))
      checkObs(r.obs, where)
      mix(r.obs)
      C.rewards.expect(r.rewards[0] + r.rewards[1] === 0, () => `${where}: rewards ${r.rewards} not zero-sum`)
      for (const e of r.info.events) {
        const text = typeof e.type === 'string' ? engine.describe(e) : ''
        C.events.expect(typeof e.type === 'string' && typeof text === 'string' && text.length > 0, () => `${where}: event ${canonicalJson(e)} has no words`)
      }
      if (r.terminated) {
        const w = r.info.outcome?.winner
        const want = w === null ? [0, 0] : w === 0 ? [1, -1] : [-1, 1]
        C.rewards.expect(r.rewards[0] === want[0] && r.rewards[1] === want[1], () => `${where}: terminal rewards ${r.rewards} for winner ${w}`)
      } else C.rewards.expect(r.rewards[0] === 0, () => `${where}: non-terminal reward ${r.rewards}`)
      if (r.terminated || r.truncated) {
        C.mask.expect(r.obs.mask.every((x) => x === 0), () => `${where}: mask not empty at the end`)
        const after = ev.step(a)
        C.step.expect(after.error?.code === 'GAME_OVER', () => `${where}: step after the end gave ${after.error?.code ?? 'no error'}`)
        stats.episodes++
        if (r.terminated) stats.terminated++
        else stats.truncated++
        C.termination.expect(r.info.decisions <= maxDecisions, () => `${where}: ran past the limit`)
        break
      }
    }
    const rep = ev.replay()
    if (rep) {
      const v = verifyReplay(rep, engine as unknown as Engine)
      C.replay.expect(v.ok, () => `seed ${seed}: ${v.ok ? '' : v.error.message}`)
    }
    return { hashes, actions, obsDigest: digest }
  }

  for (let e = 0; e < episodes; e++) {
    const seed = seed0 + e
    let ep: ReturnType<typeof runEpisode> | null = null
    guard(C.mask, () => {
      ep = runEpisode(seed, e === 0)
    }, `episode seed ${seed}: `)
    if (e < 2 && ep) {
      const first = ep as ReturnType<typeof runEpisode>
      guard(C.determinism, () => {
        // replay the same actions on a fresh engine state and a fresh env
        const s = engine.init(seed)
        const hs = [engine.hash(s)]
        for (const a of first.actions) {
          const bad = engine.apply(s, a)
          if (bad) {
            C.determinism.fail(`seed ${seed}: action ${actionText(l, a)} refused on the second run: ${bad.message}`)
            return
          }
          hs.push(engine.hash(s))
        }
        const i = hs.findIndex((h, k) => h !== first.hashes[k])
        C.determinism.expect(i < 0 && hs.length === first.hashes.length, () => `seed ${seed}: hashes diverge at decision ${i}`)
        const env2 = new TercioEnv(engine, { maxDecisions, skipForced: false })
        env2.reset({ seed })
        let digest = ''
        const mix = (o: Observation) => {
          let h = 0
          for (const x of o.planes) h = (Math.imul(h, 31) + Math.round(x * 1000)) | 0
          for (const x of o.globals) h = (Math.imul(h, 31) + Math.round(x * 1000)) | 0
          for (const x of o.mask) h = (Math.imul(h, 31) + x) | 0
          digest += h.toString(36)
        }
        mix(env2.obs)
        for (const a of first.actions) mix(env2.step(a).obs)
        C.determinism.expect(digest === first.obsDigest, () => `seed ${seed}: observations differ on a second run`)
      })
    }
    o.onEpisode?.(e + 1, episodes)
  }
  C.termination.expect(stats.episodes === episodes, () => `${episodes - stats.episodes} episodes did not finish`)
  C.termination.expect(stats.terminated > 0, () => `no episode ended by the rules within ${maxDecisions} decisions (all truncated)`)
  return finish()

  function finish(): CheckReport {
    const checks = Object.values(C).map((c) => c.result())
    return { ok: checks.every((c) => c.ok), checks, stats }
  }
}

/** The report as a text table. */
export function formatCheckReport(r: CheckReport): string {
  const w = Math.max(...r.checks.map((c) => c.name.length))
  const lines = r.checks.map((c) => `${c.status.toUpperCase()}  ${c.name.padEnd(w)}  ${c.detail}`)
  const s = r.stats
  lines.push(
    '',
    `${r.ok ? 'OK' : 'FAILED'}: ${r.checks.filter((c) => !c.ok).length} of ${r.checks.length} checks failed; ${s.episodes} episodes (${s.terminated} ended by the rules, ${s.truncated} truncated), ${s.decisions} decisions, ${s.statesProbed} states and ${s.actionsProbed} actions probed${s.ms === undefined ? '' : `, ${s.ms} ms`}`,
  )
  return lines.join('\n')
}
