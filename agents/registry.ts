// Agents by name, for the CLI, tournaments and training evaluation.
//
// A spec is `KIND` or `KIND:key=value[:key=value...]`, e.g. `random`,
// `heuristic:epsilon=0.1`, `search:iters=200:depth=20`; `ckpt:PATH` loads a
// trained TF.js policy from a checkpoint folder or a run folder of `tercio train`
// (everything after `ckpt:` is the path; checkpointFolder; the spec hash is checked by the policy module); `onnx:PATH` runs an ONNX
// policy exported by a Python trainer (agents/onnx.ts, onnxruntime-node).
// Lists of specs are comma-separated (`random,heuristic,search:iters=200`), so
// parameters use `:` rather than commas. Every agent is seeded: the same spec,
// engine and seed give the same agent.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Engine, ErrorCode, Result } from '../env/core/types.ts'
import { err, fail, ok } from '../env/core/types.ts'
import { makeHeuristic } from './heuristic/index.ts'
import { RandomAgent } from './random.ts'
import { SearchAgent } from './search.ts'
import type { Agent } from './types.ts'

/** A parsed agent spec such as `heuristic`, `search:iters=96:depth=60:crn=1`, `ckpt:DIR` or `onnx:FILE`
 *  ({@link parseAgentSpec}); {@link makeAgent} / {@link createAgent} build the agent. */
export interface AgentSpec {
  /** The spec as written (also the agent's display name). */
  readonly text: string
  readonly kind: AgentKindName
  readonly params: Readonly<Record<string, string>>
  /** ckpt: the checkpoint folder; onnx: the model file. */
  readonly path?: string
}

/** Loads a policy agent from a checkpoint folder (async: TF.js initialises its backend). */
export type PolicyLoader = (engine: Engine, path: string, seed: number, name: string) => Promise<Result<Agent>>

/** Error code of a bad agent spec (parse errors, unknown kinds, missing checkpoints). */
export const AGENT_ERROR: ErrorCode = 'AGENT_INVALID'

export const POLICY_PENDING = 'policy agents need a checkpoint; see docs/training.md'

/** Where a run folder of `tercio train` keeps its net: the latest checkpoint, else the best evaluated one. */
export const RUN_CHECKPOINTS = ['checkpoint', 'best'] as const

/** The checkpoint folder a ckpt:PATH names: PATH itself when it holds meta.json, else the run folder's
 *  checkpoint/ or best/ (the first that holds one); `searched` lists the folders looked in, for refusals. */
export function checkpointFolder(path: string): { folder: string | null; searched: string[] } {
  const searched = [path, ...RUN_CHECKPOINTS.map((d) => join(path, d))]
  return { folder: searched.find((f) => existsSync(join(f, 'meta.json'))) ?? null, searched }
}

/** The TF.js policy agent (agents/policy/agent.ts), imported only when a ckpt: spec is used so that
 *  random/heuristic/search runs never load TF.js. A missing checkpoint is reported before that import. */
let policyLoader: PolicyLoader = async (engine, path, seed, name) => {
  const { folder, searched } = checkpointFolder(path)
  if (folder === null) return fail(err(AGENT_ERROR, `ckpt:${path}: no checkpoint (meta.json) in ${searched.join(', ')}; ${POLICY_PENDING}`))
  return (await import('./policy/agent.ts')).loadPolicyAgent(engine, folder, seed, name)
}

/** Replaces the checkpoint loader (the policy module, or tests). Returns the previous one. */
export function setPolicyLoader(loader: PolicyLoader): PolicyLoader {
  const old = policyLoader
  policyLoader = loader
  return old
}

interface Param {
  /** list: names joined by '+' (checked against the engine when the agent is built). */
  readonly kind: 'int' | 'number' | 'enum' | 'list'
  readonly min?: number
  readonly max?: number
  readonly values?: readonly string[]
  readonly describe: string
}

interface KindInfo {
  readonly describe: string
  readonly params: Readonly<Record<string, Param>>
}

/** The agent kinds a spec may name, with the parameters each takes (`tercio play --agents`, tournaments, the viewer). */
export const AGENT_KINDS = {
  random: { describe: 'uniformly random legal actions', params: {} },
  heuristic: {
    describe: 'scripted player that uses the rules (piwam: its own; other rulesets: one-step material lookahead)',
    params: { epsilon: { kind: 'number', min: 0, max: 1, describe: 'probability of a random legal action' } },
  },
  search: {
    describe: 'UCB1 rollouts over engine.clone with an iteration budget (deterministic under its seed)',
    params: {
      iters: { kind: 'int', min: 1, max: 1_000_000, describe: 'rollouts per decision' },
      depth: { kind: 'int', min: 0, max: 1_000_000, describe: 'decisions per rollout before scoring by material' },
      rollout: { kind: 'enum', values: ['heuristic', 'random'], describe: 'rollout policy' },
      epsilon: { kind: 'number', min: 0, max: 1, describe: 'random-action probability of heuristic rollouts' },
      c: { kind: 'number', min: 0, max: 100, describe: 'UCB1 exploration constant' },
      candidates: { kind: 'int', min: 1, max: 10_000, describe: 'most actions searched per decision' },
      crn: { kind: 'int', min: 0, max: 1, describe: '1 = common random numbers: every candidate rolled out under the same dice seeds' },
      margin: { kind: 'number', min: 0, max: 2, describe: 'how much better an action must score to overrule the scripted choice' },
      kinds: { kind: 'list', describe: "decision kinds to search, joined by '+' (e.g. change-order+reaction); the scripted choice elsewhere" },
    },
  },
  ckpt: { describe: 'a trained TF.js policy: ckpt:PATH (a checkpoint folder, or a run folder of tercio train: its checkpoint/, else best/)', params: {} },
  onnx: { describe: 'an ONNX policy exported by a Python trainer: onnx:PATH (a .onnx file)', params: {} },
} as const satisfies Record<string, KindInfo>
export type AgentKindName = keyof typeof AGENT_KINDS
export const AGENT_KIND_NAMES = Object.keys(AGENT_KINDS) as AgentKindName[]

const isKind = (k: string): k is AgentKindName => Object.hasOwn(AGENT_KINDS, k)

/** Parses one agent spec; the error message names the spec and what is wrong with it. */
export function parseAgentSpec(text: string): Result<AgentSpec> {
  const t = text.trim()
  const bad = (m: string) => fail<AgentSpec>(err(AGENT_ERROR, `agent "${t}": ${m}`))
  if (t === '') return bad('empty agent spec')
  const colon = t.indexOf(':')
  const kind = colon < 0 ? t : t.slice(0, colon)
  if (!isKind(kind)) return bad(`unknown agent "${kind}" (known: ${AGENT_KIND_NAMES.join(', ')}; e.g. search:iters=200, ckpt:PATH)`)
  if (kind === 'ckpt') {
    const path = colon < 0 ? '' : t.slice(colon + 1)
    if (path === '') return bad('ckpt needs a checkpoint folder: ckpt:PATH')
    return ok({ text: t, kind, params: {}, path })
  }
  if (kind === 'onnx') {
    const path = colon < 0 ? '' : t.slice(colon + 1)
    if (path === '') return bad('onnx needs a model file: onnx:PATH')
    return ok({ text: t, kind, params: {}, path })
  }
  const params: Record<string, string> = {}
  const info: KindInfo = AGENT_KINDS[kind]
  if (colon >= 0) {
    for (const part of t.slice(colon + 1).split(':')) {
      const m = /^([a-z]+)=(.+)$/.exec(part)
      if (!m) return bad(`parameter "${part}" is not key=value`)
      const key = m[1] as string
      const value = m[2] as string
      const p = info.params[key]
      if (!p) {
        const known = Object.keys(info.params)
        return bad(`${kind} has no parameter "${key}"${known.length ? ` (parameters: ${known.join(', ')})` : ' (it takes none)'}`)
      }
      if (Object.hasOwn(params, key)) return bad(`parameter "${key}" given twice`)
      if (p.kind === 'list') {
        if (!/^[a-z0-9-]+(\+[a-z0-9-]+)*$/.test(value)) return bad(`${key} must be names joined by '+', got "${value}"`)
      } else if (p.kind === 'enum') {
        if (!p.values?.includes(value)) return bad(`${key} must be one of ${p.values?.join(', ')}, got "${value}"`)
      } else {
        const x = Number(value)
        if (!Number.isFinite(x) || (p.kind === 'int' && !Number.isInteger(x))) return bad(`${key} must be ${p.kind === 'int' ? 'a whole number' : 'a number'}, got "${value}"`)
        if ((p.min !== undefined && x < p.min) || (p.max !== undefined && x > p.max)) return bad(`${key} must be in ${p.min}..${p.max}, got ${value}`)
      }
      params[key] = value
    }
  }
  return ok({ text: t, kind, params })
}

/** Splits a comma-separated list of specs (ckpt paths may not contain commas). */
export function parseAgentList(list: string): Result<AgentSpec[]> {
  const out: AgentSpec[] = []
  for (const part of list.split(',')) {
    const r = parseAgentSpec(part)
    if (!r.ok) return fail(r.error)
    out.push(r.value)
  }
  return ok(out)
}

const num = (p: Readonly<Record<string, string>>, k: string): number | undefined => (p[k] === undefined ? undefined : Number(p[k]))

/** Builds a built-in agent synchronously (random, heuristic, search); ckpt needs createAgent. */
export function makeAgent(spec: AgentSpec | string, engine: Engine, seed: number, name?: string): Result<Agent> {
  const sp = typeof spec === 'string' ? parseAgentSpec(spec) : ok(spec)
  if (!sp.ok) return fail(sp.error)
  const { kind, params, text } = sp.value
  const label = name ?? text
  switch (kind) {
    case 'random':
      return ok(new RandomAgent(seed, label))
    case 'heuristic': {
      const eps = num(params, 'epsilon')
      return ok(makeHeuristic(engine, seed, eps === undefined ? { name: label } : { name: label, epsilon: eps }))
    }
    case 'search': {
      const o: ConstructorParameters<typeof SearchAgent>[2] = { name: label }
      const iters = num(params, 'iters')
      const depth = num(params, 'depth')
      const eps = num(params, 'epsilon')
      const c = num(params, 'c')
      const cand = num(params, 'candidates')
      if (iters !== undefined) o.iters = iters
      if (depth !== undefined) o.depth = depth
      if (eps !== undefined) o.epsilon = eps
      if (c !== undefined) o.c = c
      if (cand !== undefined) o.maxCandidates = cand
      if (params.rollout === 'random' || params.rollout === 'heuristic') o.rollout = params.rollout
      const crn = num(params, 'crn')
      if (crn !== undefined) o.crn = crn === 1
      const margin = num(params, 'margin')
      if (margin !== undefined) o.margin = margin
      if (params.kinds !== undefined) {
        const kinds = params.kinds.split('+')
        const unknown = kinds.filter((k) => !engine.decisionKinds.includes(k))
        if (unknown.length > 0) return fail(err(AGENT_ERROR, `agent "${text}": ${engine.ruleset} has no decision kind ${unknown.map((k) => `"${k}"`).join(', ')} (kinds: ${engine.decisionKinds.join(', ')})`))
        o.kinds = kinds
      }
      return ok(new SearchAgent(engine, seed, o))
    }
    case 'ckpt':
    case 'onnx':
      return fail(err(AGENT_ERROR, `agent "${text}": a checkpoint agent loads asynchronously (use createAgent)`))
  }
}

/** Builds any agent, including ckpt:PATH policies. */
export async function createAgent(spec: AgentSpec | string, engine: Engine, seed: number, name?: string): Promise<Result<Agent>> {
  const sp = typeof spec === 'string' ? parseAgentSpec(spec) : ok(spec)
  if (!sp.ok) return fail(sp.error)
  if (sp.value.kind === 'ckpt') return policyLoader(engine, sp.value.path ?? '', seed, name ?? sp.value.text)
  if (sp.value.kind === 'onnx') return (await import('./onnx.ts')).loadOnnxAgent(engine, sp.value.path ?? '', seed, name ?? sp.value.text)
  return makeAgent(sp.value, engine, seed, name)
}

/** Display names for a list of specs: the spec text, with #2, #3... for repeats. */
export function agentNames(specs: readonly AgentSpec[]): string[] {
  const seen = new Map<string, number>()
  return specs.map((s) => {
    const k = (seen.get(s.text) ?? 0) + 1
    seen.set(s.text, k)
    return k === 1 ? s.text : `${s.text}#${k}`
  })
}
