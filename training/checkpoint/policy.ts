// Checkpoints of a PolicyNet (and optionally its PPO learner's Adam state): the glue
// between the TF.js objects and the plain-data checkpoint folder.

import { PolicyNet, type NetConfig } from '../../agents/policy/net.ts'
import type { PolicySpec } from '../../agents/policy/spec.ts'
import type { PpoLearner } from '../ppo/ppo.ts'
import { loadCheckpoint, saveCheckpoint, type CheckpointData, type CheckpointResult, type LoadOptions } from './checkpoint.ts'

const NET_KEYS = ['convChannels', 'convLayers', 'entityHidden', 'globalHidden', 'hidden'] as const satisfies readonly (keyof NetConfig)[]

export interface SaveOptions {
  /** Also store the Adam state, so training resumes exactly. */
  learner?: PpoLearner
  config?: unknown
  metrics?: unknown
}

/** Saves the network (and learner state) atomically to `dir`. The spec must carry its
 *  hash (EnvSpec does). */
export async function savePolicy(dir: string, net: PolicyNet, o: SaveOptions = {}): Promise<void> {
  const hash = net.spec.hash
  if (hash === undefined) throw new Error('savePolicy: the policy spec has no hash (build the net from the env spec)')
  const data: CheckpointData = {
    spec: net.spec.interfaceHash === undefined ? { hash } : { hash, interfaceHash: net.spec.interfaceHash },
    net: { ...net.config },
    weights: net.getWeights(),
    optimizer: o.learner ? await o.learner.optimizerState() : null,
    config: o.config ?? null,
    metrics: o.metrics ?? null,
  }
  saveCheckpoint(dir, data)
}

/** Loads a checkpoint as a PolicyNet for `spec`, refusing another spec hash. */
export function loadPolicy(dir: string, spec: PolicySpec, opts: Omit<LoadOptions, 'expect'> = {}): CheckpointResult<{ net: PolicyNet; data: CheckpointData }> {
  if (spec.hash === undefined) return { ok: false, error: { code: 'CHECKPOINT_SPEC_MISMATCH', message: 'the env spec has no hash to check the checkpoint against' } }
  const expect = spec.interfaceHash === undefined ? { hash: spec.hash } : { hash: spec.hash, interfaceHash: spec.interfaceHash }
  const r = loadCheckpoint(dir, { ...opts, expect })
  if (!r.ok) return r
  const cfg: Record<string, number> = {}
  for (const k of NET_KEYS) {
    const v = r.value.net[k]
    if (typeof v !== 'number') return { ok: false, error: { code: 'CHECKPOINT_INVALID', message: `checkpoint ${dir}: net.${k} is missing` } }
    cfg[k] = v
  }
  let net: PolicyNet
  try {
    net = new PolicyNet(spec, cfg as unknown as NetConfig)
  } catch (e) {
    return { ok: false, error: { code: 'CHECKPOINT_INVALID', message: `checkpoint ${dir}: ${(e as Error).message}` } }
  }
  const problem = net.setWeights(r.value.weights)
  if (problem) {
    net.dispose()
    return { ok: false, error: { code: 'CHECKPOINT_INVALID', message: `checkpoint ${dir}: ${problem}` } }
  }
  return { ok: true, value: { net, data: r.value } }
}

/** Restores the Adam state saved with the checkpoint (no-op when it has none). */
export async function restoreLearner(learner: PpoLearner, data: CheckpointData): Promise<void> {
  if (data.optimizer && data.optimizer.length > 0) await learner.setOptimizerState(data.optimizer)
}
