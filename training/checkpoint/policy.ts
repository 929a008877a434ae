// Saving a PolicyNet with its PPO learner's Adam state, and restoring the learner. Loading
// a network lives with the agents (agents/policy/checkpoint.ts): agents do not import training.

import type { PolicyNet } from '../../agents/policy/net.ts'
import { saveCheckpoint, type CheckpointData } from '../../agents/policy/checkpoint-format.ts'
import type { PpoLearner } from '../ppo/ppo.ts'

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
    // The checkpoint's net record is numeric: entityBoard and prior are stored as 0/1.
    net: { ...net.config, entityBoard: net.config.entityBoard ? 1 : 0, prior: net.config.prior ? 1 : 0 },
    weights: net.getWeights(),
    optimizer: o.learner ? await o.learner.optimizerState() : null,
    config: o.config ?? null,
    metrics: o.metrics ?? null,
  }
  saveCheckpoint(dir, data)
}

/** Restores the Adam state saved with the checkpoint (no-op when it has none). */
export async function restoreLearner(learner: PpoLearner, data: CheckpointData): Promise<void> {
  if (data.optimizer && data.optimizer.length > 0) await learner.setOptimizerState(data.optimizer)
}
