// Carries a policy across an env change that only added decision kinds
// (agents/policy/migrate.ts says how, and why it is safe).
//
// A TF.js checkpoint folder: the globals kernel gains zero rows for the new kinds. Earlier
// migrations recorded in its metrics are kept, the newest last. --out is written whole
// (meta.json, weights.bin, metrics.json): point it at a new folder and copy those files over a
// checked-in checkpoint's.
//
//   npx tsx scripts/migrate-checkpoint.ts --from DIR --scenario ID --added-kinds k1,k2 --out DIR
//
// An ONNX policy (the `onnx:` agent's): the env spec it was exported with is rebuilt from the
// current one minus the added kinds (its interface hash must be the model's), both specs go to
// training/distill/migrate_onnx.py, which remaps the graph's inputs and logits by name. The
// scenario and env settings come from the model's metadata; --python names the interpreter that
// has the onnx and onnxruntime packages (default: $PYTHON, else python3).
//
//   npx tsx scripts/migrate-checkpoint.ts --onnx IN.onnx --added-kinds k1,k2 --out OUT.onnx

import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { parseOnnxPolicyMeta, readOnnxMetadata } from '../agents/onnx.ts'
import { loadCheckpoint, saveCheckpoint } from '../agents/policy/checkpoint-format.ts'
import { migrateAddedKinds, specWithout } from '../agents/policy/migrate.ts'
import { createEnv } from '../env/gym/make.ts'

function fail(message: string): never {
  console.error(`migrate-checkpoint: ${message}`)
  process.exit(2)
}

const { values: a } = parseArgs({
  options: { from: { type: 'string' }, onnx: { type: 'string' }, scenario: { type: 'string' }, 'added-kinds': { type: 'string' }, out: { type: 'string' }, python: { type: 'string' } },
})
const kinds = a['added-kinds']
const out = a.out
if (!kinds || !out || (!a.from && !a.onnx)) fail('usage: --from DIR --scenario ID --added-kinds k1,k2 --out DIR, or --onnx FILE --added-kinds k1,k2 --out FILE')
const added = kinds.split(',')

if (a.onnx) migrateOnnx(a.onnx, out)
else migrateTf(a.from ?? '', a.scenario ?? fail('--scenario ID is needed with --from'), out)

function migrateTf(from: string, scenario: string, to: string): void {
  const env = createEnv({ scenario })
  if (!env.ok) fail(`${env.error.code}: ${env.error.message}`)
  const loaded = loadCheckpoint(from)
  if (!loaded.ok) fail(`${loaded.error.code}: ${loaded.error.message}`)
  const spec = env.value.spec
  const r = migrateAddedKinds(loaded.value, spec, added)
  if (!r.ok) fail(`${r.error.code}: ${r.error.message}`)
  const step = { from, addedKinds: added, fromInterfaceHash: loaded.value.spec.interfaceHash }
  const metrics = loaded.value.metrics
  const prior = metrics && typeof metrics === 'object' ? (metrics as Record<string, unknown>) : {}
  const before = prior.migrated === undefined ? [] : Array.isArray(prior.migrated) ? prior.migrated : [prior.migrated]
  saveCheckpoint(to, { ...r.value, metrics: { ...prior, migrated: [...before, step] } })
  console.log(`${from} (interface ${loaded.value.spec.interfaceHash}) -> ${to} (interface ${spec.interfaceHash}): the globals of ${added.join(', ')} enter with zero weights`)
}

function migrateOnnx(file: string, to: string): void {
  const props = readOnnxMetadata(readFileSync(file))
  if (typeof props === 'string') fail(`${file}: ${props}`)
  const meta = parseOnnxPolicyMeta(props)
  if (typeof meta === 'string') fail(`${file}: ${meta}`)
  const e = meta.env
  const env = createEnv({ scenario: e.scenario, maxDecisions: e.maxDecisions, reward: { shaping: e.shaping }, skipForced: e.skipForced })
  if (!env.ok) fail(`${env.error.code}: ${env.error.message}`)
  const spec = env.value.spec
  const unknown = added.filter((k) => !spec.decisionKinds.includes(k))
  if (unknown.length) fail(`${unknown.join(', ')}: not decision kinds of ${e.scenario} (${spec.decisionKinds.join(', ')})`)
  const old = specWithout(spec, added)
  if (old.interfaceHash !== meta.interfaceHash) fail(`the model's interface hash is ${meta.interfaceHash}; the env minus ${added.join(', ')} hashes to ${old.interfaceHash}: more than these kinds changed`)
  const dir = mkdtempSync(path.join(tmpdir(), 'tercio-migrate-'))
  try {
    writeFileSync(path.join(dir, 'old.json'), JSON.stringify(old))
    writeFileSync(path.join(dir, 'new.json'), JSON.stringify(spec))
    const python = a.python ?? process.env.PYTHON ?? 'python3'
    const script = path.join(import.meta.dirname, '..', 'training', 'distill', 'migrate_onnx.py')
    const r = spawnSync(python, [script, '--model', file, '--old-spec', path.join(dir, 'old.json'), '--new-spec', path.join(dir, 'new.json'), '--out', to], { stdio: 'inherit' })
    if (r.error) fail(`${python}: ${r.error.message}`)
    if (r.status !== 0) fail(`migrate_onnx.py exited with ${r.status}`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  console.log(`${file} (interface ${meta.interfaceHash}) -> ${to} (interface ${spec.interfaceHash}): the globals of ${added.join(', ')} are dropped before the network`)
}
