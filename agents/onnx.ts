// ONNX policies as agents (`onnx:PATH`): a network trained outside Tercio — the PyTorch
// example trainer (clients/python/examples/ppo_torch.py) — runs in-process with
// onnxruntime-node, so Python-trained policies play in `tercio play`, tournaments and
// the viewer beside the TF.js ones.
//
// The model carries its contract in the ONNX metadata (metadata_props), written by the
// trainer's exporter (export_onnx in clients/python/examples/ppo_torch.py writes the same keys):
//   tercio.format        "tercio-onnx-policy/1"
//   tercio.spec_hash     the env spec hash it was trained on (EnvSpec.hash over the bridge)
//   tercio.interface_hash  the spec's observation/action interface hash
//   tercio.env           JSON {ruleset, scenario, max_decisions, reward_shaping, skip_forced}:
//                        the settings the spec hash was made with, so this side rebuilds it
//   tercio.observation   JSON {inputs: [{name, shape}], outputs: {logits, value}}: the inputs
//                        the graph takes, each one of planes | entities | globals | action_mask
//                        with its per-env shape (batch first, dynamic), and the output names
//   tercio.play          "sample" (default) or "greedy"
// A model whose spec hash differs from the env's is refused, as checkpoints are.
import { readFileSync, existsSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import protobuf from 'protobufjs/minimal.js'
import type { Engine, ErrorCode, Result } from '../env/core/types.ts'
import { err, fail, ok } from '../env/core/types.ts'
import { makeSpec, type EnvSpec } from '../env/gym/spec.ts'
import { hashJson } from '../env/gym/hash.ts'
import { mulberry32, makeSampleOut, sampleMasked, type SampleOut } from './policy/sample.ts'
import type { ObsBatch } from './policy/spec.ts'
import type { ObsEncoder } from './policy/agent.ts'
import type { Agent, AgentContext } from './types.ts'

export const ONNX_POLICY_FORMAT = 'tercio-onnx-policy/1'
/** The observation parts a model may take as inputs, by their input names. */
export const ONNX_INPUTS = ['planes', 'entities', 'globals', 'action_mask'] as const
export type OnnxInputName = (typeof ONNX_INPUTS)[number]

export interface OnnxPolicyMeta {
  readonly specHash: string
  readonly interfaceHash: string
  readonly env: { readonly ruleset: string; readonly scenario: string; readonly maxDecisions: number; readonly shaping: number; readonly skipForced: boolean }
  readonly inputs: readonly { readonly name: OnnxInputName; readonly shape: readonly number[] }[]
  readonly outputs: { readonly logits: string; readonly value: string | null }
  readonly play: 'sample' | 'greedy'
}

const bad = <T>(code: ErrorCode, path: string, m: string): Result<T> => fail(err(code, `onnx:${path}: ${m}`))

/** The metadata_props of an ONNX ModelProto (field 14: repeated {key = 1, value = 2}), read
 *  without decoding the graph: onnxruntime-node's JS API does not expose custom metadata. */
export function readOnnxMetadata(bytes: Uint8Array): Record<string, string> | string {
  const out: Record<string, string> = {}
  try {
    const r = protobuf.Reader.create(bytes)
    while (r.pos < r.len) {
      const tag = r.uint32()
      const field = tag >>> 3
      const wire = tag & 7
      if (field !== 14 || wire !== 2) {
        r.skipType(wire)
        continue
      }
      const end = r.uint32() + r.pos
      let key = ''
      let value = ''
      while (r.pos < end) {
        const t = r.uint32()
        if (t >>> 3 === 1 && (t & 7) === 2) key = r.string()
        else if (t >>> 3 === 2 && (t & 7) === 2) value = r.string()
        else r.skipType(t & 7)
      }
      out[key] = value
    }
  } catch (e) {
    return `not an ONNX model (${(e as Error).message})`
  }
  return out
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Checks the tercio.* metadata; the message names the key that is missing or wrong. */
export function parseOnnxPolicyMeta(props: Readonly<Record<string, string>>): OnnxPolicyMeta | string {
  if (props['tercio.format'] !== ONNX_POLICY_FORMAT) {
    return `metadata tercio.format is ${JSON.stringify(props['tercio.format'] ?? null)}, expected "${ONNX_POLICY_FORMAT}" (export the model with export_onnx of clients/python/examples/ppo_torch.py)`
  }
  const specHash = props['tercio.spec_hash']
  const interfaceHash = props['tercio.interface_hash']
  if (!specHash) return 'metadata tercio.spec_hash is missing'
  if (!interfaceHash) return 'metadata tercio.interface_hash is missing'
  let envJ: unknown
  let obsJ: unknown
  try {
    envJ = JSON.parse(props['tercio.env'] ?? 'null')
    obsJ = JSON.parse(props['tercio.observation'] ?? 'null')
  } catch (e) {
    return `metadata tercio.env / tercio.observation is not JSON (${(e as Error).message})`
  }
  if (!isObj(envJ)) return 'metadata tercio.env is missing'
  const { ruleset, scenario, max_decisions: maxDecisions, reward_shaping: shaping, skip_forced: skipForced } = envJ
  if (typeof ruleset !== 'string' || typeof scenario !== 'string') return 'metadata tercio.env needs ruleset and scenario strings'
  if (typeof maxDecisions !== 'number' || !Number.isInteger(maxDecisions) || maxDecisions < 1) return `metadata tercio.env.max_decisions must be a whole number >= 1, got ${JSON.stringify(maxDecisions)}`
  if (typeof shaping !== 'number' || !Number.isFinite(shaping) || shaping < 0) return `metadata tercio.env.reward_shaping must be a number >= 0, got ${JSON.stringify(shaping)}`
  if (typeof skipForced !== 'boolean') return `metadata tercio.env.skip_forced must be true or false, got ${JSON.stringify(skipForced)}`
  if (!isObj(obsJ) || !Array.isArray(obsJ.inputs) || !isObj(obsJ.outputs)) return 'metadata tercio.observation needs inputs [...] and outputs {...}'
  const inputs: { name: OnnxInputName; shape: number[] }[] = []
  for (const i of obsJ.inputs as unknown[]) {
    if (!isObj(i) || typeof i.name !== 'string' || !(ONNX_INPUTS as readonly string[]).includes(i.name)) return `metadata tercio.observation.inputs: each input is one of ${ONNX_INPUTS.join(', ')}, got ${JSON.stringify(i)}`
    if (!Array.isArray(i.shape) || !i.shape.every((d) => Number.isInteger(d) && d > 0)) return `metadata tercio.observation.inputs ${i.name}: shape must be positive whole numbers, got ${JSON.stringify(i.shape)}`
    inputs.push({ name: i.name as OnnxInputName, shape: i.shape as number[] })
  }
  if (inputs.length === 0) return 'metadata tercio.observation.inputs is empty'
  const logits = obsJ.outputs.logits
  const value = obsJ.outputs.value
  if (typeof logits !== 'string') return 'metadata tercio.observation.outputs.logits must name the logits output'
  const play = props['tercio.play'] ?? 'sample'
  if (play !== 'sample' && play !== 'greedy') return `metadata tercio.play must be sample or greedy, got "${play}"`
  return { specHash, interfaceHash, env: { ruleset, scenario, maxDecisions, shaping, skipForced }, inputs, outputs: { logits, value: typeof value === 'string' ? value : null }, play }
}

/** What this file uses of onnxruntime-node: its Tensor and the native session, which runs
 *  synchronously (the package's InferenceSession.run only wraps it in a Promise); agents act
 *  synchronously inside games, tournaments and search. */
interface OrtTensor {
  readonly data: unknown
  readonly dims: readonly number[]
}
interface NativeSession {
  loadModel(buffer: ArrayBuffer, byteOffset: number, byteLength: number, options: object): void
  readonly inputMetadata: readonly { name: string; isTensor: boolean; type: number; shape: number[] }[]
  readonly outputMetadata: readonly { name: string }[]
  run(feeds: Record<string, OrtTensor>, fetches: Record<string, null>, options: object): Record<string, OrtTensor>
}
interface Ort {
  Tensor: new (type: string, data: Float32Array | Uint8Array, dims: readonly number[]) => OrtTensor
  newSession(): NativeSession
}

let ortCache: Ort | string | null = null
/** onnxruntime-node, or why it is not usable (the package is a dependency; `npm ci` installs it). */
export function loadOrt(): Ort | string {
  if (ortCache !== null) return ortCache
  try {
    const require = createRequire(import.meta.url)
    const common = require('onnxruntime-common') as { Tensor: Ort['Tensor'] }
    const b = require('onnxruntime-node/dist/binding.js') as { binding: { InferenceSession: new () => NativeSession }; initOrt(): void }
    b.initOrt()
    ortCache = { Tensor: common.Tensor, newSession: () => new b.binding.InferenceSession() }
  } catch (e) {
    ortCache = `onnxruntime-node is not usable here (${(e as Error).message.split('\n')[0]}); run npm ci (the project's .npmrc skips its optional GPU download)`
  }
  return ortCache
}

// ONNX TensorProto element types the inputs may have.
const ORT_FLOAT = 1
const ORT_UINT8 = 2
const ORT_BOOL = 9

/** A loaded ONNX policy for one env spec: batched forward passes over observation batches. */
export class OnnxPolicy {
  private readonly feedKinds: { name: OnnxInputName; type: 'float32' | 'uint8' | 'bool'; size: number }[]
  private constructor(
    private readonly ort: Ort,
    private readonly session: NativeSession,
    readonly meta: OnnxPolicyMeta,
    readonly spec: EnvSpec,
    feedKinds: { name: OnnxInputName; type: 'float32' | 'uint8' | 'bool'; size: number }[],
  ) {
    this.feedKinds = feedKinds
  }

  /** Loads `path` for `engine`: refuses a model trained on another env spec (CHECKPOINT_SPEC_MISMATCH),
   *  a file that is not such a model (CHECKPOINT_INVALID) or is missing (CHECKPOINT_NOT_FOUND). */
  static load(engine: Engine, path: string): Result<OnnxPolicy> {
    if (!existsSync(path) || !statSync(path).isFile()) return bad('CHECKPOINT_NOT_FOUND', path, `no ONNX model file at ${path}`)
    const bytes = readFileSync(path)
    const props = readOnnxMetadata(bytes)
    if (typeof props === 'string') return bad('CHECKPOINT_INVALID', path, props)
    const meta = parseOnnxPolicyMeta(props)
    if (typeof meta === 'string') return bad('CHECKPOINT_INVALID', path, meta)
    const spec = makeSpec(engine, hashJson(engine.scenario), { reward: { shaping: meta.env.shaping }, maxDecisions: meta.env.maxDecisions, skipForced: meta.env.skipForced })
    if (spec.hash !== meta.specHash) {
      const why =
        spec.interfaceHash === meta.interfaceHash
          ? `the observation/action interface is the same (${spec.interfaceHash}) but the scenario data differ`
          : `observations or actions differ (ruleset, scenario, channels or action layout; interface hash ${meta.interfaceHash} vs ${spec.interfaceHash})`
      return bad('CHECKPOINT_SPEC_MISMATCH', path, `model trained on env spec hash ${meta.specHash} (${meta.env.ruleset}/${meta.env.scenario}), this env (${engine.ruleset}/${engine.scenario.id}, same settings) has spec hash ${spec.hash}: ${why}`)
    }
    const want: Record<OnnxInputName, readonly number[]> = { planes: spec.planes.shape, entities: spec.entities.shape, globals: spec.globals.shape, action_mask: spec.mask.shape }
    for (const i of meta.inputs) {
      if (i.shape.join('x') !== want[i.name].join('x')) return bad('CHECKPOINT_INVALID', path, `metadata says input ${i.name} has shape ${i.shape.join('x')}, the env spec has ${want[i.name].join('x')}`)
    }
    const ort = loadOrt()
    if (typeof ort === 'string') return bad('AGENT_INVALID', path, ort)
    const session = ort.newSession()
    try {
      session.loadModel(bytes.buffer, bytes.byteOffset, bytes.byteLength, { intraOpNumThreads: 1, interOpNumThreads: 1 })
    } catch (e) {
      return bad('CHECKPOINT_INVALID', path, `onnxruntime cannot load it: ${(e as Error).message}`)
    }
    const kinds: { name: OnnxInputName; type: 'float32' | 'uint8' | 'bool'; size: number }[] = []
    const declared = new Map(meta.inputs.map((i) => [i.name as string, i]))
    for (const m of session.inputMetadata) {
      const i = declared.get(m.name)
      if (!i) return bad('CHECKPOINT_INVALID', path, `the graph takes input "${m.name}", which tercio.observation does not list`)
      const type = m.type === ORT_FLOAT ? 'float32' : m.type === ORT_UINT8 ? 'uint8' : m.type === ORT_BOOL ? 'bool' : null
      if (type === null || (type !== 'float32' && i.name !== 'action_mask')) return bad('CHECKPOINT_INVALID', path, `input ${m.name} has ONNX element type ${m.type}; observations are float32 (action_mask may be bool or uint8)`)
      kinds.push({ name: i.name, type, size: i.shape.reduce((a, b) => a * b, 1) })
    }
    if (kinds.length !== meta.inputs.length) return bad('CHECKPOINT_INVALID', path, `tercio.observation lists ${meta.inputs.length} inputs, the graph takes ${kinds.length}`)
    const outs = session.outputMetadata.map((o) => o.name)
    for (const o of [meta.outputs.logits, meta.outputs.value]) if (o !== null && !outs.includes(o)) return bad('CHECKPOINT_INVALID', path, `the graph has no output "${o}" (outputs: ${outs.join(', ')})`)
    return ok(new OnnxPolicy(ort, session, meta, spec, kinds))
  }

  /** Logits (n × actions, row-major) and values (n, or null when the model has none) of rows 0..n-1. */
  forward(batch: ObsBatch, n: number): { logits: Float32Array; value: Float32Array | null } {
    const feeds: Record<string, OrtTensor> = {}
    for (const k of this.feedKinds) {
      const src = k.name === 'action_mask' ? batch.mask : batch[k.name]
      const view = src.subarray(0, n * k.size)
      const dims = [n, ...(this.meta.inputs.find((i) => i.name === k.name)?.shape ?? [])]
      // float32 masks are converted; uint8/bool masks are fed as they are (one byte per id).
      const data = k.type === 'float32' && view instanceof Uint8Array ? Float32Array.from(view) : view
      feeds[k.name] = new this.ort.Tensor(k.type, data, dims)
    }
    const fetches: Record<string, null> = { [this.meta.outputs.logits]: null }
    if (this.meta.outputs.value !== null) fetches[this.meta.outputs.value] = null
    const r = this.session.run(feeds, fetches, {})
    const logits = r[this.meta.outputs.logits]?.data
    if (!(logits instanceof Float32Array) || logits.length !== n * this.spec.actions.size) throw new Error(`onnx policy: output ${this.meta.outputs.logits} is not float32 [${n}, ${this.spec.actions.size}]`)
    const v = this.meta.outputs.value === null ? null : r[this.meta.outputs.value]?.data
    return { logits, value: v instanceof Float32Array ? v : null }
  }

  /** Action probabilities of rows 0..n-1 (softmax over each row's legal ids; 0 elsewhere). */
  probabilities(batch: ObsBatch, n: number): Float32Array {
    const N = this.spec.actions.size
    const { logits } = this.forward(batch, n)
    const out = new Float32Array(n * N)
    for (let b = 0; b < n; b++) {
      let max = -Infinity
      for (let i = 0; i < N; i++) if (batch.mask[b * N + i] === 1) max = Math.max(max, logits[b * N + i] as number)
      let z = 0
      for (let i = 0; i < N; i++) if (batch.mask[b * N + i] === 1) z += Math.exp((logits[b * N + i] as number) - max)
      for (let i = 0; i < N; i++) if (batch.mask[b * N + i] === 1) out[b * N + i] = Math.exp((logits[b * N + i] as number) - max) / z
    }
    return out
  }
}

export interface OnnxAgentOptions {
  /** Sample (default: the model's tercio.play) or take the most likely legal action. */
  sample?: boolean
  name?: string
}

/** An ONNX policy playing one seat: encodes the observation exactly as the gym env does. */
export class OnnxAgent implements Agent {
  readonly name: string
  private rng: () => number
  private readonly out: SampleOut = makeSampleOut(1)

  constructor(
    readonly policy: OnnxPolicy,
    private readonly enc: ObsEncoder,
    private readonly o: { sample: boolean; name: string; seed: number },
  ) {
    this.name = o.name
    this.rng = mulberry32(o.seed)
  }

  reset(seed: number): void {
    this.rng = mulberry32(seed ^ 0x9e3779b9)
  }

  act(ctx: AgentContext): number {
    if (ctx.legalCount === 1) return ctx.mask.indexOf(1)
    this.enc.encode(ctx.state, ctx.player, ctx.mask, ctx.legalCount)
    const { logits } = this.policy.forward(this.enc.obs, 1)
    sampleMasked(logits, ctx.mask, 1, this.policy.spec.actions.size, this.rng, !this.o.sample, this.out)
    return this.out.actions[0] as number
  }
}

/** Loaded policies by engine and file (path, size, mtime): a server-side opponent is one agent per env,
 *  and they share one session (runs are synchronous and keep no state between calls). */
const loaded = new WeakMap<Engine, Map<string, OnnxPolicy>>()

function loadShared(engine: Engine, path: string): Result<OnnxPolicy> {
  let key = ''
  try {
    const st = statSync(path)
    key = `${path}\0${st.size}\0${st.mtimeMs}`
  } catch {
    return OnnxPolicy.load(engine, path) // reports the missing file
  }
  const byFile = loaded.get(engine) ?? new Map<string, OnnxPolicy>()
  loaded.set(engine, byFile)
  const hit = byFile.get(key)
  if (hit) return ok(hit)
  const p = OnnxPolicy.load(engine, path)
  if (p.ok) byFile.set(key, p.value)
  return p
}

/** Loads `path` as an agent for `engine` (the registry's `onnx:PATH`). */
export async function loadOnnxAgent(engine: Engine, path: string, seed: number, name?: string, o: OnnxAgentOptions = {}): Promise<Result<Agent>> {
  const p = loadShared(engine, path)
  if (!p.ok) return fail(p.error)
  // The gym's observation encoder lives with the TF.js policy agent (importing it loads TF.js once).
  const { ObsEncoder } = await import('./policy/agent.ts')
  return ok(new OnnxAgent(p.value, new ObsEncoder(engine, p.value.spec), { sample: o.sample ?? p.value.meta.play === 'sample', name: o.name ?? name ?? `onnx:${path}`, seed }))
}
