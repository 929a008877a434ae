// The fuzzer: plays random legal games back to back and checks the engine's
// contract after every step. Cheap checks run on every step; the expensive
// ones are sampled at documented rates (FuzzOptions), all adjustable.
//
// Every step:   invariants(s) empty; decision(s) === null iff outcome(s) !== null;
//               the decision kind is declared; the mask holds only 0/1, its
//               count equals legal()'s return, and it is non-empty while the
//               game is on; the chosen (random legal) action applies;
//               `illegalPerStep` random masked-out ids are refused with
//               ACTION_ILLEGAL and leave the hash unchanged.
// Sampled:      every `cloneEvery` steps a clone hashes equal, is not touched by
//               stepping the original, and stepping it equally stays equal;
//               every `serialiseEvery` steps restore(JSON round-trip) the same;
//               every `collisionEvery` steps the state's canonical JSON (ply
//               aside) is filed under its hash: two different states of one
//               game with one hash mean the hash skips part of the state (per
//               game, so chance 32-bit collisions stay rare: about L * 1e-6 per
//               million decisions for games of L decisions);
//               every `repeatEvery` steps (default: each) the position, ply aside,
//               must be new in the game: a repeat is a cycle players could stall on;
//               every `viewEvery` steps view/ascii/encode (for both players,
//               every entry finite) work and the step's events describe;
//               every `exhaustiveEvery` steps EVERY id is tried: masked-in ones
//               apply on clones (and keep invariants), masked-out ones and
//               out-of-range ids are refused without a state change.
// Per game:     every `replayEvery`-th finished game is replayed from its seed
//               and actions and must give the same hash after every step.
import seedrandom from 'seedrandom'
import { actionText } from '../core/actions.ts'
import type { BaseEvent, BaseState, Engine, ObsBuffers, TercioError } from '../core/types.ts'

export const FUZZ_CHECKS = [
  'threw',
  'invariants',
  'decision-outcome',
  'decision-kind',
  'mask',
  'mask-empty',
  'legal-refused',
  'illegal-accepted',
  'illegal-code',
  'illegal-changed-state',
  'clone',
  'serialise',
  'hash-collision',
  'determinism',
  'view',
  'game-too-long',
  'state-repeat',
] as const
export type FuzzCheck = (typeof FUZZ_CHECKS)[number]

export interface FuzzRates {
  /** Masked-out ids tried per step (default 2). */
  illegalPerStep: number
  /** Steps between exhaustive checks of every action id (default 500; 0 = never). */
  exhaustiveEvery: number
  /** Steps between clone round-trip + lock-step checks (default 10; 0 = never). */
  cloneEvery: number
  /** Steps between serialise round-trips (default 50; 0 = never). */
  serialiseEvery: number
  /** Finished games between determinism replays (default 1 = every game; 0 = never). */
  replayEvery: number
  /** Steps between hash-collision samples (default 10; 0 = never). */
  collisionEvery: number
  /** Steps between checks of view, ascii, encode (both players) and describe of the step's events (default 50; 0 = never). */
  viewEvery: number
  /** Steps between position-repeat checks: the position (ply aside) is recorded and must not
   *  have been met before in the game (default 1; 0 = never, for games whose rules allow cycles). */
  repeatEvery: number
}

export const DEFAULT_RATES: FuzzRates = { illegalPerStep: 2, exhaustiveEvery: 500, cloneEvery: 10, serialiseEvery: 50, replayEvery: 1, collisionEvery: 10, viewEvery: 50, repeatEvery: 1 }

export interface FuzzOptions extends Partial<FuzzRates> {
  decisions: number
  seed: number
  /** Failures kept in detail, plus the first of each kind (all are counted; default 10). */
  maxFailures?: number
  /** A game longer than this is reported as a failure (default 1,000,000 decisions). */
  maxGameDecisions?: number
  /** Called every `progressEvery` decisions (default 10,000) and at the end. */
  onProgress?(done: number, total: number, report: Readonly<FuzzReport>): void
  progressEvery?: number
}

export interface FuzzFailure {
  readonly check: FuzzCheck
  readonly message: string
  /** Game number within the run (0-based) and the seed it was initialised with. */
  readonly game: number
  readonly gameSeed: number
  /** Decisions applied in this game before the failure. */
  readonly step: number
  /** Recipe: engine.init(gameSeed), then apply these actions (canonical texts). */
  readonly actions: readonly string[]
  /** The action under test when the check failed, if any. */
  readonly action?: string
}

export interface FuzzReport {
  readonly ruleset: string
  readonly scenario: string
  readonly seed: number
  readonly rates: FuzzRates
  decisions: number
  games: number
  gamesFinished: number
  wins: [number, number]
  draws: number
  /** Longest finished game in decisions, and the mean. */
  maxGameLength: number
  meanGameLength: number
  seconds: number
  decisionsPerSecond: number
  /** How often each check ran. */
  checks: {
    steps: number
    illegalTried: number
    cloneChecks: number
    serialiseChecks: number
    exhaustiveSteps: number
    exhaustiveActions: number
    replays: number
    replayedDecisions: number
    collisionChecks: number
    viewChecks: number
    positionChecks: number
  }
  failureCount: number
  failuresByCheck: Partial<Record<FuzzCheck, number>>
  failures: FuzzFailure[]
  /** Set by fuzzParallel: the seed and size of each shard. */
  shards?: { seed: number; decisions: number }[]
}

class GameAbandoned extends Error {}

/** Plays random games for `decisions` decisions in total. Never throws for engine faults: they are failures in the report. */
export function fuzz<S extends BaseState>(engine: Engine<S>, opts: FuzzOptions): FuzzReport {
  const rates: FuzzRates = {
    illegalPerStep: opts.illegalPerStep ?? DEFAULT_RATES.illegalPerStep,
    exhaustiveEvery: opts.exhaustiveEvery ?? DEFAULT_RATES.exhaustiveEvery,
    cloneEvery: opts.cloneEvery ?? DEFAULT_RATES.cloneEvery,
    serialiseEvery: opts.serialiseEvery ?? DEFAULT_RATES.serialiseEvery,
    replayEvery: opts.replayEvery ?? DEFAULT_RATES.replayEvery,
    collisionEvery: opts.collisionEvery ?? DEFAULT_RATES.collisionEvery,
    viewEvery: opts.viewEvery ?? DEFAULT_RATES.viewEvery,
    repeatEvery: opts.repeatEvery ?? DEFAULT_RATES.repeatEvery,
  }
  const maxFailures = opts.maxFailures ?? 10
  const maxGame = opts.maxGameDecisions ?? 1_000_000
  const progressEvery = Math.max(1, opts.progressEvery ?? 10_000)
  const report: FuzzReport = {
    ruleset: engine.ruleset,
    scenario: engine.scenario.id,
    seed: opts.seed,
    rates,
    decisions: 0,
    games: 0,
    gamesFinished: 0,
    wins: [0, 0],
    draws: 0,
    maxGameLength: 0,
    meanGameLength: 0,
    seconds: 0,
    decisionsPerSecond: 0,
    checks: { steps: 0, illegalTried: 0, cloneChecks: 0, serialiseChecks: 0, exhaustiveSteps: 0, exhaustiveActions: 0, replays: 0, replayedDecisions: 0, collisionChecks: 0, viewChecks: 0, positionChecks: 0 },
    failureCount: 0,
    failuresByCheck: {},
    failures: [],
  }
  const t0 = performance.now()
  // Two generators: the games played (seeds, chosen actions) do not depend on the check rates.
  const rng = seedrandom.xor128(`tercio-fuzz:${opts.seed}`)
  const checkRng = seedrandom.xor128(`tercio-fuzz-checks:${opts.seed}`)
  const size = engine.layout.size
  const mask = new Uint8Array(size)
  const kinds = new Set(engine.decisionKinds)
  let totalFinishedLength = 0
  /** hash -> canonical JSON of sampled states, to catch hashes that skip fields. */
  const sampled = new Map<string, string>()

  let game = -1
  let gameSeed = 0
  let s: S = engine.init(0)
  const actions: number[] = []
  const hashes: string[] = []
  /** Hash of each position of this game with the ply counter zeroed -> the step it was first seen. */
  const positions = new Map<string, number>()

  const texts = (upTo = actions.length): string[] => actions.slice(0, upTo).map((a) => actionText(engine.layout, a))
  const failure = (check: FuzzCheck, message: string, action?: number): GameAbandoned => {
    report.failureCount++
    report.failuresByCheck[check] = (report.failuresByCheck[check] ?? 0) + 1
    // The first maxFailures, plus the first of every other kind of check.
    if (report.failures.length < maxFailures || report.failuresByCheck[check] === 1) {
      const f: FuzzFailure = { check, message, game, gameSeed, step: actions.length, actions: texts() }
      report.failures.push(action === undefined ? f : { ...f, action: actionText(engine.layout, action) })
    }
    return new GameAbandoned(message)
  }
  const describeErr = (e: TercioError) => `${e.code}: ${e.message}`

  const newGame = (): void => {
    game++
    report.games++
    gameSeed = Math.floor(rng() * 0x100000000)
    s = engine.init(gameSeed)
    actions.length = 0
    hashes.length = 0
    positions.clear()
    // Per game: across a long run a 32-bit hash collides by chance (birthday bound).
    sampled.clear()
    hashes.push(engine.hash(s))
  }

  const replay = (): void => {
    report.checks.replays++
    const r = engine.init(gameSeed)
    if (engine.hash(r) !== hashes[0]) throw failure('determinism', `init(${gameSeed}) twice gives different hashes ${hashes[0]} / ${engine.hash(r)}`)
    for (let i = 0; i < actions.length; i++) {
      const a = actions[i] as number
      pending = a
      const e = engine.apply(r, a)
      report.checks.replayedDecisions++
      if (e) throw failure('determinism', `replay: step ${i + 1} (${actionText(engine.layout, a)}) refused: ${describeErr(e)}`, a)
      const h = engine.hash(r)
      if (h !== hashes[i + 1]) throw failure('determinism', `replay diverged after step ${i + 1} (${actionText(engine.layout, a)}): hash ${h}, first run ${hashes[i + 1]}`, a)
    }
  }

  const exhaustive = (hashNow: string): void => {
    report.checks.exhaustiveSteps++
    for (let id = 0; id < size; id++) {
      report.checks.exhaustiveActions++
      if (mask[id]) {
        const c = engine.clone(s)
        pending = id
        const e = engine.apply(c, id)
        if (e) throw failure('legal-refused', `masked-in ${actionText(engine.layout, id)} refused on a clone: ${describeErr(e)}`, id)
        const bad = engine.invariants(c)
        if (bad.length) throw failure('invariants', `after masked-in ${actionText(engine.layout, id)} (tried on a clone): ${bad.join('; ')}`, id)
      } else {
        tryIllegal(id, hashNow, true)
      }
    }
    for (const id of [-1, size, 0.5]) {
      pending = -1
      const e = engine.apply(s, id)
      if (!e) throw failure('illegal-accepted', `out-of-range action id ${id} was accepted`)
      if (engine.hash(s) !== hashNow) throw failure('illegal-changed-state', `refusing out-of-range id ${id} changed the state`)
    }
  }

  const tryIllegal = (id: number, hashNow: string, checkHash: boolean): void => {
    report.checks.illegalTried++
    pending = id
    const e = engine.apply(s, id)
    if (!e) throw failure('illegal-accepted', `masked-out ${actionText(engine.layout, id)} was accepted`, id)
    if (e.code !== 'ACTION_ILLEGAL') throw failure('illegal-code', `masked-out ${actionText(engine.layout, id)} refused with ${e.code}, expected ACTION_ILLEGAL (${e.message})`, id)
    if (checkHash && engine.hash(s) !== hashNow) throw failure('illegal-changed-state', `refusing masked-out ${actionText(engine.layout, id)} changed the state`, id)
  }

  /** The action being applied, for the recipe when the engine throws (-1: none). */
  let pending = -1
  const events: BaseEvent[] = []
  const obs: ObsBuffers = {
    planes: new Float32Array(engine.obs.planes.length * engine.grid.size),
    entities: new Float32Array(engine.obs.maxEntities * engine.obs.entityFeatures.length),
    globals: new Float32Array(engine.obs.globals.length),
  }
  const unitCount = engine.scenario.units.length
  const checkView = (): void => {
    report.checks.viewChecks++
    const v = engine.view(s)
    if (v.units.length !== unitCount) throw failure('view', `view lists ${v.units.length} units, the scenario has ${unitCount}`)
    for (const u of v.units) {
      if (u.hex !== null && engine.grid.labels.indexOf(u.hex) < 0) throw failure('view', `unit ${u.id} is in hex ${u.hex}, not on the map`)
      if (u.eliminated && u.hex !== null) throw failure('view', `unit ${u.id} is eliminated but in hex ${u.hex}`)
    }
    if (typeof engine.ascii(s) !== 'string') throw failure('view', 'ascii() did not return a string')
    for (const p of [0, 1] as const) {
      obs.planes.fill(NaN)
      obs.entities.fill(NaN)
      obs.globals.fill(NaN)
      engine.encode(s, p, obs)
      for (const [name, buf] of [['planes', obs.planes], ['entities', obs.entities], ['globals', obs.globals]] as const) {
        for (let i = 0; i < buf.length; i++) {
          if (!Number.isFinite(buf[i])) throw failure('view', `encode(player ${p}) left ${name}[${i}] = ${buf[i]} (every entry must be written, finite)`)
        }
      }
    }
  }

  // A position met twice in one game (the ply counter aside) is a cycle of decisions: the
  // players could go round it forever and stall the game until a time limit (a trained
  // policy found one in piwam). A hash match is confirmed on the states themselves (replayed
  // to the first sighting), so a chance 32-bit collision is not reported.
  const plyless = (x: S): string => {
    const p = x.ply
    x.ply = 0
    const h = engine.hash(x)
    x.ply = p
    return h
  }
  const repeatCheck = (): void => {
    report.checks.positionChecks++
    const key = plyless(s)
    const first = positions.get(key)
    if (first === undefined) {
      positions.set(key, actions.length)
      return
    }
    const r = engine.init(gameSeed)
    for (let i = 0; i < first; i++) engine.apply(r, actions[i] as number)
    if (canonicalJson(r, 'ply') !== canonicalJson(s, 'ply')) return
    const loop = actions.slice(first).map((a) => actionText(engine.layout, a)).join(', ')
    throw failure('state-repeat', `after ${actions.length} decisions the position of decision ${first} is back (turn ${s.turn}): the decisions ${loop} form a cycle`)
  }

  const step = (): boolean => {
    // Returns false when the game is over.
    pending = -1
    report.checks.steps++
    const hashNow = hashes[hashes.length - 1] as string
    const bad = engine.invariants(s)
    if (bad.length) throw failure('invariants', bad.join('; '))
    const d = engine.decision(s)
    const o = engine.outcome(s)
    if ((d === null) !== (o !== null)) throw failure('decision-outcome', `decision is ${d === null ? 'null' : 'set'} but outcome is ${o === null ? 'null' : 'set'}`)
    const n = engine.legal(s, mask)
    let count = 0
    for (let i = 0; i < size; i++) {
      const m = mask[i] as number
      if (m === 1) count++
      else if (m !== 0) throw failure('mask', `mask[${i}] = ${m}, expected 0 or 1`)
    }
    if (count !== n) throw failure('mask', `legal() returned ${n} but the mask holds ${count}`)
    if (d === null) {
      if (n !== 0) throw failure('mask', `game over but ${n} actions are legal`)
      return false
    }
    if (!kinds.has(d.kind)) throw failure('decision-kind', `decision kind "${d.kind}" is not in decisionKinds`)
    if (n === 0) throw failure('mask-empty', `empty mask while the game is on (player ${d.player}, ${d.kind})`)
    if (actions.length >= maxGame) throw failure('game-too-long', `game not over after ${maxGame} decisions (turn ${s.turn})`)
    if (rates.repeatEvery > 0 && (actions.length + 1) % rates.repeatEvery === 0) repeatCheck()

    const ply = actions.length + 1
    if (rates.exhaustiveEvery > 0 && report.checks.steps % rates.exhaustiveEvery === 0) {
      exhaustive(hashNow)
    } else if (rates.illegalPerStep > 0 && count < size) {
      let tried = 0
      for (let attempt = 0; attempt < rates.illegalPerStep * 4 && tried < rates.illegalPerStep; attempt++) {
        const id = Math.floor(checkRng() * size)
        if (mask[id]) continue
        tryIllegal(id, hashNow, false)
        tried++
      }
      if (tried > 0 && engine.hash(s) !== hashNow) throw failure('illegal-changed-state', 'refusing a masked-out action changed the state')
    }

    // The chosen action: uniform over the legal ones.
    let k = Math.floor(rng() * count)
    let a = -1
    for (let i = 0; i < size; i++) {
      if (mask[i] && k-- === 0) {
        a = i
        break
      }
    }
    const doClone = rates.cloneEvery > 0 && ply % rates.cloneEvery === 0
    const doSerial = rates.serialiseEvery > 0 && ply % rates.serialiseEvery === 0
    let c: S | null = null
    let r: S | null = null
    if (doClone) {
      report.checks.cloneChecks++
      c = engine.clone(s)
      const hc = engine.hash(c)
      if (hc !== hashNow) throw failure('clone', `clone hashes ${hc}, original ${hashNow}`)
    }
    if (doSerial) {
      report.checks.serialiseChecks++
      let json: unknown
      try {
        json = JSON.parse(JSON.stringify(s))
      } catch (e) {
        throw failure('serialise', `state is not JSON-serialisable: ${e instanceof Error ? e.message : String(e)}`)
      }
      const res = engine.restore(json)
      if (!res.ok) throw failure('serialise', `restore(JSON round-trip) refused: ${describeErr(res.error)}`)
      r = res.value
      const hr = engine.hash(r)
      if (hr !== hashNow) throw failure('serialise', `restored state hashes ${hr}, original ${hashNow}`)

    }
    if (rates.collisionEvery > 0 && ply % rates.collisionEvery === 0) {
      report.checks.collisionChecks++
      const key = canonicalJson(s, 'ply')
      const seen = sampled.get(hashNow)
      if (seen !== undefined && seen !== key) {
        throw failure('hash-collision', `two different states share hash ${hashNow}: the hash skips part of the state (first difference near ${firstDifference(seen, key)})`)
      }
      sampled.set(hashNow, key)
    }
    const doView = rates.viewEvery > 0 && ply % rates.viewEvery === 0
    if (doView) checkView()
    events.length = 0
    pending = a
    const e = engine.apply(s, a, doView ? events : undefined)
    if (doView) {
      for (const ev of events) {
        const text = engine.describe(ev)
        if (typeof text !== 'string' || text === '') throw failure('view', `describe(${JSON.stringify(ev)}) gave ${JSON.stringify(text)}`, a)
      }
    }
    if (e) throw failure('legal-refused', `masked-in ${actionText(engine.layout, a)} refused: ${describeErr(e)}`, a)
    actions.push(a)
    const hashAfter = engine.hash(s)
    hashes.push(hashAfter)
    report.decisions++
    if (c) {
      const hc = engine.hash(c)
      if (hc !== hashNow) throw failure('clone', `stepping the original changed its clone (clone shares state): clone now ${hc}, was ${hashNow}`, a)
      const ec = engine.apply(c, a)
      if (ec) throw failure('clone', `clone refused ${actionText(engine.layout, a)}: ${describeErr(ec)}`, a)
      const hc2 = engine.hash(c)
      if (hc2 !== hashAfter) throw failure('clone', `clone and original diverged after ${actionText(engine.layout, a)}: ${hc2} vs ${hashAfter}`, a)
    }
    if (r) {
      const er = engine.apply(r, a)
      if (er) throw failure('serialise', `restored state refused ${actionText(engine.layout, a)}: ${describeErr(er)}`, a)
      const hr = engine.hash(r)
      if (hr !== hashAfter) throw failure('serialise', `restored state and original diverged after ${actionText(engine.layout, a)}: ${hr} vs ${hashAfter}`, a)
    }
    return true
  }

  const finish = (): FuzzReport => {
    opts.onProgress?.(report.decisions, opts.decisions, report)
    report.seconds = (performance.now() - t0) / 1000
    report.decisionsPerSecond = report.seconds > 0 ? Math.round(report.decisions / report.seconds) : 0
    report.meanGameLength = report.gamesFinished > 0 ? Math.round(totalFinishedLength / report.gamesFinished) : 0
    return report
  }
  // init itself failing ends the run: there is no game to play.
  const safeNewGame = (): boolean => {
    try {
      newGame()
      return true
    } catch (x) {
      failure('threw', `init(${gameSeed}) threw: ${x instanceof Error ? `${x.name}: ${x.message}` : String(x)}`)
      return false
    }
  }
  if (!safeNewGame()) return finish()
  let nextProgress = progressEvery
  while (report.decisions < opts.decisions) {
    try {
      if (!step()) {
        const o = engine.outcome(s)
        report.gamesFinished++
        totalFinishedLength += actions.length
        if (actions.length > report.maxGameLength) report.maxGameLength = actions.length
        if (o?.winner === 0 || o?.winner === 1) report.wins[o.winner]++
        else report.draws++
        if (rates.replayEvery > 0 && report.gamesFinished % rates.replayEvery === 0) replay()
        if (!safeNewGame()) return finish()
      }
    } catch (x) {
      if (!(x instanceof GameAbandoned)) {
        // The first frames say where: enough to start debugging from the report alone.
        const message = x instanceof Error ? (x.stack ?? `${x.name}: ${x.message}`).split('\n').slice(0, 4).join(' | ') : String(x)
        failure('threw', `the engine threw: ${message}`, pending >= 0 ? pending : undefined)
        // The step may have thrown mid-apply: count the decision so a throwing engine cannot loop forever.
        report.decisions++
      }
      if (!safeNewGame()) return finish()
    }
    if (report.decisions >= nextProgress) {
      opts.onProgress?.(report.decisions, opts.decisions, report)
      nextProgress += progressEvery
    }
  }
  return finish()
}

/** A failure in words, with its reproduction recipe. */
export function formatFailure(f: FuzzFailure, maxActions = 12): string {
  const shown = f.actions.length > maxActions ? ['…', ...f.actions.slice(-maxActions)] : f.actions
  return [
    `[${f.check}] ${f.message}`,
    `    game ${f.game} (seed ${f.gameSeed}), after ${f.step} decisions${f.action ? `, action ${f.action}` : ''}`,
    `    recipe: init(${f.gameSeed}) then ${f.actions.length} actions: ${shown.join(' ') || '(none)'}`,
  ].join('\n')
}

/** JSON with sorted keys, leaving out `skip` at the top level. */
export function canonicalJson(v: unknown, skip?: string): string {
  const walk = (x: unknown, top: boolean): string => {
    if (x === null || typeof x !== 'object') return JSON.stringify(x) ?? 'null'
    if (Array.isArray(x)) return '[' + x.map((y) => walk(y, false)).join(',') + ']'
    const o = x as Record<string, unknown>
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined && !(top && k === skip))
      .sort()
    return '{' + keys.map((k) => JSON.stringify(k) + ':' + walk(o[k], false)).join(',') + '}'
  }
  return walk(v, true)
}

function firstDifference(a: string, b: string): string {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return JSON.stringify(a.slice(Math.max(0, i - 30), i + 10))
}
