// Carries a checkpoint across an env change that only added decision kinds
// (agents/policy/migrate.ts says how, and why it is safe).
//
//   npx tsx scripts/migrate-checkpoint.ts --from DIR --scenario ID --added-kinds k1,k2 --out DIR

import { parseArgs } from 'node:util'
import { loadCheckpoint, saveCheckpoint } from '../agents/policy/checkpoint-format.ts'
import { migrateAddedKinds } from '../agents/policy/migrate.ts'
import { createEnv } from '../env/gym/make.ts'

const { values: a } = parseArgs({ options: { from: { type: 'string' }, scenario: { type: 'string' }, 'added-kinds': { type: 'string' }, out: { type: 'string' } } })
const fail = (message: string): never => {
  console.error(`migrate-checkpoint: ${message}`)
  process.exit(2)
}
if (!a.from || !a.scenario || !a['added-kinds'] || !a.out) fail('usage: --from DIR --scenario ID --added-kinds k1,k2 --out DIR')
const env = createEnv({ scenario: a.scenario! })
if (!env.ok) fail(`${env.error.code}: ${env.error.message}`)
const loaded = loadCheckpoint(a.from!)
if (!loaded.ok) fail(`${loaded.error.code}: ${loaded.error.message}`)
const added = a['added-kinds']!.split(',')
const r = migrateAddedKinds(loaded.value, env.value.spec, added)
if (!r.ok) fail(`${r.error.code}: ${r.error.message}`)
const migrated = { from: a.from, addedKinds: added, fromInterfaceHash: loaded.value.spec.interfaceHash }
const metrics = loaded.value.metrics
saveCheckpoint(a.out!, { ...r.value, metrics: metrics && typeof metrics === 'object' ? { ...metrics, migrated } : { migrated } })
console.log(`${a.from} (interface ${loaded.value.spec.interfaceHash}) -> ${a.out} (interface ${env.value.spec.interfaceHash}): the globals of ${added.join(', ')} enter with zero weights`)
