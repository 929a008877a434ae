// Loading a checkpoint folder (agents/policy/checkpoint-format.ts) as a PolicyNet for an
// env spec: the policy agent (ckpt:PATH) and the trainer's resume both come through here.
import { PolicyNet, type NetConfig } from './net.ts'
import type { PolicySpec } from './spec.ts'
import { loadCheckpoint, type CheckpointData, type CheckpointResult, type LoadOptions } from './checkpoint-format.ts'

const NET_KEYS = ['convChannels', 'convLayers', 'entityHidden', 'globalHidden', 'hidden'] as const satisfies readonly (keyof NetConfig)[]

/** Loads a checkpoint as a PolicyNet for `spec`, refusing another spec hash. */
export function loadPolicy(dir: string, spec: PolicySpec, opts: Omit<LoadOptions, 'expect'> = {}): CheckpointResult<{ net: PolicyNet; data: CheckpointData }> {
  if (spec.hash === undefined) return { ok: false, error: { code: 'CHECKPOINT_SPEC_MISMATCH', message: 'the env spec has no hash to check the checkpoint against' } }
  const expect = spec.interfaceHash === undefined ? { hash: spec.hash } : { hash: spec.hash, interfaceHash: spec.interfaceHash }
  const r = loadCheckpoint(dir, { ...opts, expect })
  if (!r.ok) return r
  const cfg: Record<string, number | boolean> = {}
  for (const k of NET_KEYS) {
    const v = r.value.net[k]
    if (typeof v !== 'number') return { ok: false, error: { code: 'CHECKPOINT_INVALID', message: `checkpoint ${dir}: net.${k} is missing` } }
    cfg[k] = v
  }
  cfg.entityBoard = r.value.net.entityBoard === 1 // absent in older checkpoints
  cfg.prior = r.value.net.prior === 1 // absent in older checkpoints
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

