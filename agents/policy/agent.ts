// A trained policy as an Agent: loads a checkpoint for an engine, encodes the
// observation exactly as the gym env does (engine planes + env planes/globals),
// and picks greedily (default) or samples over the legal actions.
import type { BaseState, Engine, Player, Result } from '../../env/core/types.ts'
import { err, fail, ok } from '../../env/core/types.ts'
import { allocObs, type Observation } from '../../env/gym/env.ts'
import { ENV_GLOBALS, ENV_PLANES, engineEncodesKinds, makeSpec, type EnvSpec, type RewardOptions } from '../../env/gym/spec.ts'
import { hashJson } from '../../env/gym/hash.ts'
import { loadPolicy } from './checkpoint.ts'
import { initTf } from '../tf/backend.ts'
import type { Agent, AgentContext } from '../types.ts'
import { makeActOut, type ActOut, type PolicyNet } from './net.ts'
import { mulberry32 } from './sample.ts'
import { PriorHints } from './prior.ts'
import type { ObsBatch } from './spec.ts'

/** Writes the observation the gym env would give `player` for `state` into `obs`.
 *  env:progress is the env's decisions so far / maxDecisions; the env counts every applied
 *  decision of both players, forced ones included, which is what `state.ply` counts. */
export class ObsEncoder {
  readonly obs: Observation
  private readonly engineBuf: { planes: Float32Array; entities: Float32Array; globals: Float32Array }
  private readonly legalPlane: number
  private readonly g0: number
  private readonly kindOneHot: boolean
  private readonly kindIds = new Map<string, number>()

  constructor(
    readonly engine: Engine,
    readonly spec: EnvSpec,
  ) {
    this.obs = allocObs(spec)
    const size = engine.grid.size
    const ce = engine.obs.planes.length
    this.engineBuf = { planes: this.obs.planes.subarray(0, ce * size), entities: this.obs.entities, globals: this.obs.globals.subarray(0, engine.obs.globals.length) }
    this.obs.planes.fill(1, ce * size, (ce + 1) * size) // env:on_map
    this.legalPlane = (ce + ENV_PLANES.indexOf('env:legal_hex')) * size
    this.g0 = engine.obs.globals.length
    this.kindOneHot = !engineEncodesKinds(engine)
    engine.decisionKinds.forEach((k, i) => this.kindIds.set(k, i))
  }

  encode(state: BaseState, player: Player, mask: Uint8Array, legalCount: number): Observation {
    const e = this.engine
    const o = this.obs
    o.mask.set(mask)
    e.encode(state, player, this.engineBuf)
    const size = e.grid.size
    const hexOff = e.layout.offset.hex
    for (let h = 0; h < size; h++) o.planes[this.legalPlane + h] = mask[hexOff + h] as number
    const g = o.globals
    g[this.g0] = player
    g[this.g0 + 1] = legalCount / mask.length
    g[this.g0 + 2] = Math.min(1, state.ply / this.spec.maxDecisions)
    if (this.kindOneHot) {
      const k0 = this.g0 + ENV_GLOBALS.length
      const nk = e.decisionKinds.length
      for (let k = 0; k < nk; k++) g[k0 + k] = 0
      const d = e.decision(state)
      const id = d ? (this.kindIds.get(d.kind) ?? -1) : -1
      if (id >= 0) g[k0 + id] = 1
    }
    return o
  }
}

export interface PolicyAgentOptions {
  /** Sample from the policy or take its most likely legal action. Default: the mode the
   *  checkpoint was trained to play in (its config.play), else sampling, because a greedy
   *  policy can repeat a reversible move (turn left, turn right) forever; games stay
   *  reproducible as the sampler is seeded by the game. */
  sample?: boolean
  name?: string
  /** The env settings the spec is rebuilt with (the checkpoint stores them in its config). */
  maxDecisions?: number
  reward?: RewardOptions
}

/** An Agent over an already built network (the trainer's evaluation, league snapshots). */
export class PolicyAgent implements Agent {
  readonly name: string
  private readonly enc: ObsEncoder
  private readonly out: ActOut = makeActOut(1)
  private rng: () => number
  /** Residual nets (NetConfig.prior): the prior agent asked at each decision, and the batch
   *  view of the encoder's buffers that carries its answer. */
  private readonly hints: PriorHints | null
  private readonly batch: ObsBatch

  constructor(
    readonly net: PolicyNet,
    engine: Engine,
    spec: EnvSpec,
    private readonly o: { sample: boolean; name: string; seed: number },
  ) {
    this.name = o.name
    this.enc = new ObsEncoder(engine, spec)
    this.rng = mulberry32(o.seed)
    this.hints = net.config.prior === true ? new PriorHints(engine, 1, o.seed) : null
    const b = this.enc.obs
    this.batch = { planes: b.planes, entities: b.entities, globals: b.globals, mask: b.mask, ...(this.hints ? { prior: new Int32Array(1) } : {}) }
  }

  /** The env spec the agent encodes for (the checkpoint's maxDecisions and shaping). */
  get spec(): EnvSpec {
    return this.enc.spec
  }

  reset(seed: number): void {
    this.rng = mulberry32(seed ^ 0x9e3779b9)
    this.hints?.reset(0, seed)
  }

  act(ctx: AgentContext): number {
    if (ctx.legalCount === 1) return ctx.mask.indexOf(1)
    this.enc.encode(ctx.state, ctx.player, ctx.mask, ctx.legalCount)
    if (this.hints) (this.batch.prior as Int32Array)[0] = this.hints.forCtx(0, ctx)
    this.net.act(this.batch, 1, this.rng, !this.o.sample, this.out)
    return this.out.actions[0] as number
  }
}

/** The env spec a checkpoint is checked against for this engine (skipForced as in training). */
export function specFor(engine: Engine, o: { maxDecisions?: number; reward?: RewardOptions } = {}): EnvSpec {
  return makeSpec(engine, hashJson(engine.scenario), { reward: o.reward ?? {}, maxDecisions: o.maxDecisions ?? 10_000, skipForced: true })
}

/** Loads `path` as a policy agent for `engine`. Only the observation/action interface must
 *  match (reward shaping and limits may differ); a mismatch is refused with both hashes. */
export async function loadPolicyAgent(engine: Engine, path: string, seed: number, name?: string, o: PolicyAgentOptions = {}): Promise<Result<Agent>> {
  await initTf()
  return makePolicyAgent(engine, path, seed, name === undefined ? o : { ...o, name })
}

/** Synchronous variant for callers that already ran initTf(). */
export function makePolicyAgent(engine: Engine, path: string, seed = 0, o: PolicyAgentOptions = {}): Result<PolicyAgent> {
  const r = loadPolicy(path, specFor(engine, o), { match: 'interface' })
  if (!r.ok) return fail(err('STATE_INVALID', `ckpt:${path}: ${r.error.code}: ${r.error.message}`))
  // The env settings it was trained with (env:progress is scaled by maxDecisions).
  const cfg = r.value.data.config as { maxDecisions?: unknown; shaping?: unknown; play?: unknown } | null
  const maxDecisions = o.maxDecisions ?? (typeof cfg?.maxDecisions === 'number' ? cfg.maxDecisions : undefined)
  const shaping = typeof cfg?.shaping === 'number' ? cfg.shaping : 0
  const spec = specFor(engine, { reward: o.reward ?? { shaping }, ...(maxDecisions !== undefined ? { maxDecisions } : {}) })
  return ok(new PolicyAgent(r.value.net, engine, spec, { sample: o.sample ?? cfg?.play !== 'greedy', name: o.name ?? `ckpt:${path}`, seed }))
}
