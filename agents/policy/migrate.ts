// Carries a checkpoint across an env change that only ADDED decision kinds (a ruleset giving a
// player a choice the engine used to make). The new kinds' globals get zero input weights, so
// the migrated network computes exactly what the old one did on every observation the old env
// could produce and has no opinion of its own on the new kinds (a residual policy then plays the
// heuristic's choice there). The old interface is rebuilt from the new spec minus the named
// kinds and must hash to the checkpoint's interface hash: a wrong guess about what changed is
// refused, never absorbed.

import type { EnvSpec } from '../../env/gym/spec.ts'
import { hashJson } from '../../env/gym/hash.ts'
import type { CheckpointData, CheckpointResult, Tensorish } from './checkpoint-format.ts'

/** The dense layer through which the globals enter the network: one row per global. */
const GLOBALS_KERNEL = 'glob/w'

const isKindGlobal = (name: string, kind: string): boolean => name === `kind:${kind}` || name === `env:decision=${kind}`

/** The observation/action interface `spec` had before `added` kinds (and their one-hot globals) existed:
 *  the names, shapes and interface hash (the full spec hash, which also covers rewards and limits, is
 *  left as it is). */
export function specWithout(spec: EnvSpec, added: readonly string[]): EnvSpec {
  const names = spec.globals.names.filter((n) => !added.some((k) => isKindGlobal(n, k)))
  const globals = { ...spec.globals, shape: [names.length] as const, names }
  const decisionKinds = spec.decisionKinds.filter((k) => !added.includes(k))
  const interfaceHash = hashJson({ ruleset: spec.ruleset, planes: spec.planes, entities: spec.entities, globals, actions: spec.actions, decisionKinds })
  return { ...spec, globals, decisionKinds, interfaceHash }
}

/** The interface hash `spec` had before `added` kinds (and their one-hot globals) existed. */
export function interfaceHashWithout(spec: EnvSpec, added: readonly string[]): string {
  return specWithout(spec, added).interfaceHash
}

export function migrateAddedKinds(ck: CheckpointData, spec: EnvSpec, added: readonly string[]): CheckpointResult<CheckpointData> {
  const bad = (message: string): CheckpointResult<CheckpointData> => ({ ok: false, error: { code: 'CHECKPOINT_SPEC_MISMATCH', message } })
  const unknown = added.filter((k) => !spec.decisionKinds.includes(k))
  if (unknown.length) return bad(`${unknown.join(', ')}: not decision kinds of ${spec.scenario.id} (${spec.decisionKinds.join(', ')})`)
  // rows[i]: the old row of new global i, or -1 for an added kind's one-hot.
  let old = 0
  const rows = spec.globals.names.map((n) => (added.some((k) => isKindGlobal(n, k)) ? -1 : old++))
  if (rows.length - old !== added.length) return bad(`expected one global per added kind among ${spec.globals.names.length} globals`)
  const oldHash = interfaceHashWithout(spec, added)
  if (ck.spec.interfaceHash !== oldHash) {
    return bad(`the checkpoint's interface hash is ${ck.spec.interfaceHash ?? '(none)'}; the env minus ${added.join(', ')} hashes to ${oldHash}: more than these kinds changed`)
  }
  const kernel = ck.weights.find((w) => w.name === GLOBALS_KERNEL)
  if (!kernel || kernel.shape.length !== 2 || kernel.shape[0] !== old) return bad(`${GLOBALS_KERNEL} should be [${old}, H], found ${kernel ? `[${kernel.shape.join(', ')}]` : 'none'}`)
  const h = kernel.shape[1]!
  const weights: Tensorish[] = ck.weights.map((w) => {
    if (w !== kernel) return w
    const data = new Float32Array(rows.length * h)
    rows.forEach((from, to) => {
      if (from >= 0) data.set(w.data.subarray(from * h, (from + 1) * h), to * h)
    })
    return { ...w, shape: [rows.length, h], data }
  })
  // Adam's moments belong to the old shapes: a fine-tune starts its optimizer afresh.
  return { ok: true, value: { ...ck, spec: { hash: spec.hash, interfaceHash: spec.interfaceHash }, weights, optimizer: null } }
}
