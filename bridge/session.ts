// One client connection: its handshake state and its env sets. `handle` turns
// one request's bytes into one reply (never throws); the server only moves
// bytes. Env sets are looked up in this connection's own map only, so no request can
// reach another client's envs.

import { readFileSync, realpathSync } from 'node:fs'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { RULESET_IDS, type Engine } from '../env/core/types.ts'
import { bindEngine } from '../env/gym/make.ts'
import { RULESETS } from '../env/rules/index.ts'
import { BUILTIN_SCENARIOS, GENERATED_SCENARIOS } from '../env/scenario/builtin.ts'
import { parseScenario } from '../env/scenario/load.ts'
import { tercio } from '../proto/tercio.js'
import { CLOSE, PROTOCOL_VERSION, type BridgeErrorCode } from './codes.ts'
import { EnvSet, type BatchError } from './envset.ts'
import { tokenMatches } from './token.ts'
import { AGENT_KIND_NAMES, createAgent, makeAgent, parseAgentSpec } from '../agents/registry.ts'
import type { Agent } from '../agents/types.ts'
import { encodeBatchEnvelope } from './wire.ts'

const pb = tercio.v1

/** Set by scripts/bundle-bridge.mjs (esbuild's define) in the bundled server, which has no package.json. */
declare const TERCIO_VERSION: string | undefined

/** package.json's version: the repository's, or the one the bundle was built from. */
export const SERVER_VERSION: string = (() => {
  if (typeof TERCIO_VERSION === 'string') return TERCIO_VERSION
  try {
    const j = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown }
    return typeof j.version === 'string' ? j.version : '0.0.0'
  } catch {
    return '0.0.0'
  }
})()

export const CAPABILITIES = ['render:ascii', 'render:svg', 'events', 'reset:seeds', 'scenario:inline', 'final-observations', 'episode-stats', 'sparse-planes', 'opponent', 'subjects', 'delta-observations', 'autoreset-next-step', 'observe'] as const

/** Agent kinds a bridge opponent may be (ckpt:PATH and onnx:PATH through the websocket server only). */
export const OPPONENT_KINDS: readonly string[] = AGENT_KIND_NAMES

/** Counts shared by every session of a server (tests and the view server read them). */
export interface BridgeCounters {
  steps: number
  /** Steps of env sets that have a server-side opponent. */
  opponentSteps: number
  /** Decisions the server-side opponents applied (Reset and Step). */
  opponentDecisions: number
}
export const newCounters = (): BridgeCounters => ({ steps: 0, opponentSteps: 0, opponentDecisions: 0 })

export interface SessionLimits {
  /** Envs this connection may hold at once. */
  maxEnvs: number
  maxPayload: number
  /** Required in Hello when set. */
  token: string | undefined
  /** The only directories ckpt:PATH / onnx:PATH opponents are loaded from; unset: any path. */
  agentDir?: string | readonly string[]
}

/** The project's checkpoints/ folder: the agent directory `tercio serve` is meant to default to. */
export const DEFAULT_AGENT_DIR = fileURLToPath(new URL('../checkpoints/', import.meta.url))

/** The real path of agent file `path` inside directory `dir` (PATH relative to the working directory, or else
 *  to `dir`; symbolic links followed), or null: missing and outside are refused alike, so a client learns
 *  nothing about the server's other files. */
export function agentFile(dir: string, path: string): string | null {
  let root: string
  try {
    root = realpathSync(dir)
  } catch {
    return null
  }
  if (path === '') return null
  for (const candidate of isAbsolute(path) ? [path] : [resolve(path), resolve(root, path)]) {
    let real: string
    try {
      real = realpathSync(candidate)
    } catch {
      continue
    }
    const rel = relative(root, real)
    if (rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)) return real
  }
  return null
}

export interface Reply {
  bytes: Uint8Array
  /** Close the connection after sending (protocol violation). */
  close?: { code: number; reason: string }
}

/** Caches bound engines of built-in scenarios: binding is pure, and clients make many sets of the same scenario. */
const engineCache = new Map<string, Engine>()

export class Session {
  private helloed = false
  private readonly sets = new Map<number, EnvSet>()
  private nextHandle = 1
  private envs = 0
  clientName = ''

  constructor(
    private readonly limits: SessionLimits,
    private readonly log: (line: string) => void = () => {},
    readonly counters: BridgeCounters = newCounters(),
  ) {}

  /** Hello was accepted on this connection. */
  get helloDone(): boolean {
    return this.helloed
  }

  get envCount(): number {
    return this.envs
  }
  get setCount(): number {
    return this.sets.size
  }

  /** Frees every env set (connection closed). */
  dispose(): void {
    this.sets.clear()
    this.envs = 0
  }

  /** Handles one request synchronously; requests that need to wait (a ckpt: opponent) are refused as UNSUPPORTED. */
  handle(data: Uint8Array): Reply {
    return this.run(data, false) as Reply
  }

  /** As handle(), but a MakeEnvs with a checkpoint opponent answers with a promise (the server
   *  holds the connection's later requests until it settles, so replies stay in order). */
  handleAsync(data: Uint8Array): Reply | Promise<Reply> {
    return this.run(data, true)
  }

  private run(data: Uint8Array, asyncOk: boolean): Reply | Promise<Reply> {
    if (this.helloed) return this.answer(data, asyncOk)
    // Before Hello: anything but a valid Hello is answered, then the connection is closed.
    const r = this.answer(data, false) as Reply
    return this.helloed || r.close ? r : { ...r, close: { code: CLOSE.policy, reason: 'Hello required first' } }
  }

  private answer(data: Uint8Array, asyncOk: boolean): Reply | Promise<Reply> {
    let env: tercio.v1.Envelope
    try {
      env = pb.Envelope.decode(data)
    } catch (e) {
      return this.error(0, 'MALFORMED', `cannot decode an Envelope from ${data.length} bytes: ${e instanceof Error ? e.message : String(e)}`)
    }
    const id = env.id
    const internal = (e: unknown): Reply => {
      // Never let a bug take the connection (or the server) down: report it, keep going.
      this.log(`bridge: internal error on request ${id} (${env.kind ?? 'no kind'}): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      return this.error(id, 'INTERNAL', `internal error handling ${env.kind ?? 'the request'}: ${e instanceof Error ? e.message : String(e)}`)
    }
    try {
      const r = this.dispatch(id, env, asyncOk)
      return r instanceof Promise ? r.catch(internal) : r
    } catch (e) {
      return internal(e)
    }
  }

  private dispatch(id: number, m: tercio.v1.Envelope, asyncOk: boolean): Reply | Promise<Reply> {
    switch (m.kind) {
      case 'hello':
        return this.hello(id, m.hello as tercio.v1.Hello)
      case 'makeEnvs':
      case 'reset':
      case 'step':
      case 'closeEnvs':
      case 'render':
      case 'observe':
        if (!this.helloed) return this.error(id, 'HELLO_REQUIRED', `${m.kind} before Hello: say Hello (protocol version ${PROTOCOL_VERSION}) first`)
        break
      case undefined:
        return this.error(id, 'UNKNOWN_KIND', `request ${id} has no message kind this server knows (protocol version ${PROTOCOL_VERSION})`)
      default:
        return this.error(id, 'UNEXPECTED_KIND', `${m.kind} is a server-to-client message; clients send hello, makeEnvs, reset, step, closeEnvs, render or observe`)
    }
    switch (m.kind) {
      case 'makeEnvs':
        return this.makeEnvs(id, m.makeEnvs as tercio.v1.MakeEnvs, asyncOk)
      case 'reset':
        return this.reset(id, m.reset as tercio.v1.Reset)
      case 'step':
        return this.step(id, m.step as tercio.v1.Step)
      case 'closeEnvs':
        return this.closeEnvs(id, m.closeEnvs as tercio.v1.CloseEnvs)
      case 'observe':
        return this.observe(id, m.observe as tercio.v1.Observe)
      default:
        return this.render(id, m.render as tercio.v1.Render)
    }
  }

  private hello(id: number, h: tercio.v1.Hello): Reply {
    if (this.helloed) return this.error(id, 'UNEXPECTED_KIND', 'Hello was already received on this connection')
    if (h.protocolVersion !== PROTOCOL_VERSION) {
      const r = this.error(id, 'PROTOCOL_VERSION', `protocol version ${h.protocolVersion} is not supported; this server speaks ${PROTOCOL_VERSION}`)
      return { ...r, close: { code: CLOSE.protocol, reason: `protocol version ${PROTOCOL_VERSION} required` } }
    }
    if (this.limits.token !== undefined && !tokenMatches(h.token, this.limits.token)) {
      const r = this.error(id, 'UNAUTHORIZED', h.token ? 'wrong token' : 'this server requires a token (Hello.token)')
      return { ...r, close: { code: CLOSE.policy, reason: 'unauthorized' } }
    }
    this.helloed = true
    this.clientName = h.clientName.slice(0, 100)
    const rulesets = RULESET_IDS.filter((r) => RULESETS[r] !== undefined).map((r) => ({ id: r, name: (RULESETS[r] as { name: string }).name }))
    return this.send(id, {
      welcome: {
        protocolVersion: PROTOCOL_VERSION,
        serverVersion: SERVER_VERSION,
        capabilities: [...CAPABILITIES],
        rulesets,
        scenarios: [...BUILTIN_SCENARIOS, ...GENERATED_SCENARIOS].map((s) => ({ id: s.id, ruleset: s.ruleset, name: s.name, description: s.description })),
        maxEnvs: this.limits.maxEnvs,
        maxPayload: this.limits.maxPayload,
        agents: [...OPPONENT_KINDS],
      },
    })
  }

  private engineFor(m: tercio.v1.MakeEnvs): { ok: true; engine: Engine } | { ok: false; code: BridgeErrorCode; message: string } {
    const ruleset = m.ruleset === '' ? undefined : m.ruleset
    if (m.scenario === 'scenarioJson') {
      const sc = parseScenario(m.scenarioJson ?? '', 'MakeEnvs.scenario_json')
      if (!sc.ok) return { ok: false, code: sc.error.code, message: `MakeEnvs.scenario_json: ${sc.error.message}` }
      const b = bindEngine(ruleset, sc.value)
      return b.ok ? { ok: true, engine: b.value } : { ok: false, code: b.error.code, message: b.error.message }
    }
    const sid = m.scenarioId ?? ''
    if (m.scenario !== 'scenarioId' || sid === '') return { ok: false, code: 'BAD_REQUEST', message: 'MakeEnvs needs scenario_id (a built-in id) or scenario_json' }
    const key = `${ruleset ?? ''}/${sid}`
    const hit = engineCache.get(key)
    if (hit) return { ok: true, engine: hit }
    const b = bindEngine(ruleset, sid)
    if (!b.ok) return { ok: false, code: b.error.code, message: b.error.message }
    engineCache.set(key, b.value)
    return { ok: true, engine: b.value }
  }

  private makeEnvs(id: number, m: tercio.v1.MakeEnvs, asyncOk: boolean): Reply | Promise<Reply> {
    const count = m.count
    if (count < 1) return this.error(id, 'BAD_REQUEST', 'MakeEnvs.count must be at least 1')
    if (this.envs + count > this.limits.maxEnvs) {
      return this.error(id, 'ENV_LIMIT', `MakeEnvs.count ${count}: this connection holds ${this.envs} envs and may hold at most ${this.limits.maxEnvs} (close some, or start the server with a larger --max-envs)`)
    }
    const o = m.options ?? pb.EnvOptions.create()
    if (o.maxDecisions !== null && o.maxDecisions !== undefined && o.maxDecisions < 1) return this.error(id, 'BAD_REQUEST', 'MakeEnvs.options.max_decisions must be at least 1')
    const shaping = o.rewardShaping ?? 0
    if (!Number.isFinite(shaping) || shaping < 0) return this.error(id, 'BAD_REQUEST', `MakeEnvs.options.reward_shaping must be a finite number >= 0, got ${shaping}`)
    const mode = o.autoresetMode ?? pb.AutoresetMode.SAME_STEP
    if (mode !== pb.AutoresetMode.SAME_STEP && mode !== pb.AutoresetMode.NEXT_STEP) {
      return this.error(id, 'BAD_REQUEST', `MakeEnvs.options.autoreset_mode ${mode} is not a mode this server knows (SAME_STEP 0, NEXT_STEP 1)`)
    }
    const eng = this.engineFor(m)
    if (!eng.ok) return this.error(id, eng.code, eng.message)
    if (!o.opponent) return this.addSet(id, m, eng.engine, undefined)
    if (o.opponentPlayer !== 0 && o.opponentPlayer !== 1) return this.error(id, 'BAD_REQUEST', `MakeEnvs.options.opponent_player must be 0 or 1, got ${o.opponentPlayer}`)
    const player = o.opponentPlayer
    const sp = parseAgentSpec(o.opponent)
    if (!sp.ok) return this.error(id, sp.error.code, `MakeEnvs.options.opponent: ${sp.error.message}`)
    const seedOf = (i: number) => ((m.baseSeed ?? 0) + i) >>> 0
    if (sp.value.kind === 'ckpt' || sp.value.kind === 'onnx') {
      if (!asyncOk) return this.error(id, 'UNSUPPORTED', `MakeEnvs.options.opponent: ${sp.value.text}: checkpoint agents load asynchronously (served by the websocket server only)`)
      const asked = sp.value.path ?? ''
      const d = this.limits.agentDir
      const dirs = typeof d === 'string' ? [d] : d
      const file = dirs === undefined ? asked : (dirs.map((dir) => agentFile(dir, asked)).find((f) => f !== null) ?? null)
      if (file === null) return this.error(id, 'AGENT_INVALID', `MakeEnvs.options.opponent: ${sp.value.text}: no such agent in this server's agent ${dirs?.length === 1 ? 'directory' : 'directories'} ${dirs?.join(', ')} (agent files are served from there only)`)
      const spec = { ...sp.value, path: file }
      return (async (): Promise<Reply> => {
        const agents: Agent[] = []
        for (let i = 0; i < count; i++) {
          const a = await createAgent(spec, eng.engine, seedOf(i), sp.value.text)
          // Every refusal is AGENT_INVALID; the message names the path as the client gave it.
          if (!a.ok) return this.error(id, 'AGENT_INVALID', `MakeEnvs.options.opponent: ${a.error.message.split(file).join(asked)}`)
          agents.push(a.value)
        }
        // Other sets may have been made meanwhile only through this same ordered connection; re-check anyway.
        if (this.envs + count > this.limits.maxEnvs) return this.error(id, 'ENV_LIMIT', `MakeEnvs.count ${count}: this connection may hold at most ${this.limits.maxEnvs} envs`)
        return this.addSet(id, m, eng.engine, { agents, player })
      })()
    }
    const agents: Agent[] = []
    for (let i = 0; i < count; i++) {
      const a = makeAgent(sp.value, eng.engine, seedOf(i))
      if (!a.ok) return this.error(id, a.error.code, `MakeEnvs.options.opponent: ${a.error.message}`)
      agents.push(a.value)
    }
    return this.addSet(id, m, eng.engine, { agents, player })
  }

  private addSet(id: number, m: tercio.v1.MakeEnvs, engine: Engine, opponents: { agents: Agent[]; player: 0 | 1 } | undefined): Reply {
    const count = m.count
    const o = m.options ?? pb.EnvOptions.create()
    const shaping = o.rewardShaping ?? 0
    const handle = this.nextHandle++
    const set = new EnvSet(engine, handle, {
      count,
      baseSeed: m.baseSeed ?? 0,
      skipForced: o.skipForced ?? true,
      ...(o.maxDecisions ? { maxDecisions: o.maxDecisions } : {}),
      reward: { shaping },
      events: o.events ?? false,
      sparsePlanes: o.sparsePlanes ?? false,
      ...(opponents ? { opponents } : {}),
      subjects: o.subjects ?? false,
      deltaObs: o.deltaObservations ?? false,
      nextStep: o.autoresetMode === pb.AutoresetMode.NEXT_STEP,
    })
    this.sets.set(handle, set)
    this.envs += count
    const s = set.spec
    return this.send(id, {
      envSpec: {
        envSet: handle,
        count,
        ruleset: s.ruleset,
        scenarioId: s.scenario.id,
        scenarioHash: s.scenario.hash,
        planesShape: [...s.planes.shape],
        channels: [...s.planes.channels],
        entitiesShape: [...s.entities.shape],
        entityFeatures: [...s.entities.features],
        entityRows: [...s.entities.rows],
        globalsShape: [...s.globals.shape],
        globalNames: [...s.globals.names],
        actionSize: s.actions.size,
        segments: s.actions.segments.map((g) => ({ name: g.name, offset: g.offset, size: g.size, texts: [...g.texts] })),
        decisionKinds: [...s.decisionKinds],
        maxDecisions: s.maxDecisions,
        skipForced: s.skipForced,
        hash: s.hash,
        interfaceHash: s.interfaceHash,
        specJson: JSON.stringify(s),
      },
    })
  }

  private set(id: number, handle: number, what: string): EnvSet | Reply {
    const s = this.sets.get(handle)
    if (s) return s
    return this.error(id, 'ENV_NOT_FOUND', `${what}: no env set ${handle} on this connection (closed, never made, or not yours)`)
  }

  private reset(id: number, m: tercio.v1.Reset): Reply {
    const s = this.set(id, m.envSet, 'Reset')
    if (!(s instanceof EnvSet)) return s
    const bad = s.checkSeeds(m.seed, m.seeds)
    if (bad) return this.batchError(id, bad)
    const d0 = s.opponentDecisions
    const r = s.reset(m.seed, m.seeds)
    this.counters.opponentDecisions += s.opponentDecisions - d0
    if ('code' in r) return this.batchError(id, r as BatchError)
    return { bytes: encodeBatchEnvelope(id, r) }
  }

  private step(id: number, m: tercio.v1.Step): Reply {
    const s = this.set(id, m.envSet, 'Step')
    if (!(s instanceof EnvSet)) return s
    const bad = s.check(m.actions)
    if (bad) return this.batchError(id, bad)
    const d0 = s.opponentDecisions
    const r = s.step(m.actions)
    this.counters.steps++
    if (s.hasOpponent) this.counters.opponentSteps++
    this.counters.opponentDecisions += s.opponentDecisions - d0
    if ('code' in r) return this.batchError(id, r as BatchError)
    return { bytes: encodeBatchEnvelope(id, r) }
  }

  private observe(id: number, m: tercio.v1.Observe): Reply {
    const s = this.set(id, m.envSet, 'Observe')
    if (!(s instanceof EnvSet)) return s
    const r = s.observe(m.envs, m.players)
    if ('code' in r) return this.batchError(id, r as BatchError)
    return this.send(id, { observation: r })
  }

  private closeEnvs(id: number, m: tercio.v1.CloseEnvs): Reply {
    const s = this.set(id, m.envSet, 'CloseEnvs')
    if (!(s instanceof EnvSet)) return s
    this.sets.delete(m.envSet)
    this.envs -= s.count
    return this.send(id, { closed: { envSet: m.envSet } })
  }

  private render(id: number, m: tercio.v1.Render): Reply {
    const s = this.set(id, m.envSet, 'Render')
    if (!(s instanceof EnvSet)) return s
    if (m.env >= s.count) return this.error(id, 'BAD_REQUEST', `Render: env ${m.env} is outside 0..${s.count - 1} of env set ${m.envSet}`)
    const text = m.format === pb.FrameFormat.ASCII ? s.ascii(m.env) : m.format === pb.FrameFormat.SVG ? s.svg(m.env) : null
    if (text === null) return this.error(id, 'UNSUPPORTED', `Render: format ${pb.FrameFormat[m.format] ?? m.format} is not available on this server (capabilities list the formats)`)
    return this.send(id, { frame: { envSet: m.envSet, env: m.env, format: m.format, text } })
  }

  private batchError(id: number, e: BatchError): Reply {
    return this.error(id, e.code, e.message, e.env)
  }

  private send(id: number, body: Omit<tercio.v1.IEnvelope, 'id'>): Reply {
    return { bytes: pb.Envelope.encode({ id, ...body }).finish() }
  }

  error(requestId: number, code: BridgeErrorCode, message: string, env?: number): Reply {
    return this.send(requestId, { error: { code, message, requestId, ...(env === undefined ? {} : { env }) } })
  }
}
