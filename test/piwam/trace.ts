// Debug aid: `npx tsx test/piwam/trace.ts fixture.json` plays a fixture's
// actions and prints every decision, legal set and event in words.
import { readFileSync } from 'node:fs'
import { actionText, parseAction } from '../../env/core/actions.ts'
import { resolveScenario } from '../../env/scenario/builtin.ts'
import { patchScenario } from '../../env/scenario/patch.ts'
import type { PiwamEvent } from '../../env/rules/piwam/index.ts'
import { bindScenario } from './play.ts'

const f = JSON.parse(readFileSync(process.argv[2] as string, 'utf8'))
const sc = resolveScenario(f.scenario)
if (!sc.ok) throw new Error(sc.error.message)
const p = patchScenario(sc.value, f.patch)
if (!p.ok) throw new Error(p.error.message)
const e = bindScenario(p.value)
const s = e.init(f.seed ?? 1, { forcedDice: f.dice ?? [] })
if (f.start) {
  const r = e.setup?.(s, f.start) ?? null
  if (r) throw new Error(r.message)
}
const mask = new Uint8Array(e.layout.size)
const legal = () => {
  e.legal(s, mask)
  const out: string[] = []
  for (let i = 0; i < mask.length; i++) if (mask[i]) out.push(actionText(e.layout, i))
  return out.join(' ')
}
for (const t of f.actions as (string | { expect: unknown })[]) {
  if (typeof t !== 'string') {
    console.log(`  checkpoint: ${JSON.stringify(t.expect)}`)
    continue
  }
  console.log(`  [${JSON.stringify(e.decision(s))}] legal: ${legal()}`)
  const a = parseAction(e.layout, e.grid, t)
  if (!a.ok) throw new Error(a.error.message)
  const ev: PiwamEvent[] = []
  const r = e.apply(s, a.value, ev)
  console.log(`> ${t}${r ? '  REFUSED ' + r.message : ''}`)
  for (const x of ev) console.log('     ' + e.describe(x))
}
console.log(`  [${JSON.stringify(e.decision(s))}] legal: ${legal()}`)
console.log('  dice left:', s.dice.forced)
const v = e.view(s)
for (const u of v.units) console.log(`  ${u.id} ${u.hex} ${u.facing} ${u.status}${u.eliminated ? ' ELIM' : ''}`)
for (const l of v.leaders) console.log(`  ${l.id} ${l.hex} removed=${l.removed}`)
for (const w of v.wings) console.log(`  ${w.id} ${w.order} [${w.markers.join(',')}]`)
if (e.outcome(s)) console.log('  outcome', e.outcome(s))
