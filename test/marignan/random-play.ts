// Random play over a marignan scenario: decisions per second, game lengths and
// outcomes. Not a test (vitest does not collect it):
//   npx tsx test/marignan/random-play.ts [scenario-id] [games] [--check] [--no-retreat-orders]
import { readFileSync } from 'node:fs'
import { actionText } from '../../env/core/actions.ts'
import type { Engine } from '../../env/core/types.ts'
import { marignan, type MEvent, type MState } from '../../env/rules/marignan/index.ts'
import { validateScenario } from '../../env/scenario/load.ts'

const args = process.argv.slice(2)
const id = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a)) ?? 'marignan-1515-first-day'
const games = Number(args.find((a) => /^\d+$/.test(a)) ?? 50)
const check = args.includes('--check')
const noGro = args.includes('--no-retreat-orders')
const v = validateScenario(JSON.parse(readFileSync(new URL(`../../env/scenario/scenarios/${id}.json`, import.meta.url), 'utf8')))
if (!v.ok) throw new Error(v.error.message)
const b = marignan.bind(v.value)
if (!b.ok) throw new Error(b.error.message)
const e = b.value as unknown as Engine<MState, MEvent>
const mask = new Uint8Array(e.layout.size)
let x = 12345
const rnd = (): number => {
  x = (Math.imul(x, 1664525) + 1013904223) >>> 0
  return x / 0x100000000
}
const outcomes = new Map<string, number>()
let total = 0
let turns = 0
const t0 = performance.now()
for (let g = 0; g < games; g++) {
  const s = e.init(g + 1)
  while (e.decision(s)) {
    let n = e.legal(s, mask)
    if (n === 0) throw new Error(`empty mask in game ${g}`)
    if (noGro) {
      let w = 0
      for (let i = e.layout.offset.wing; i < e.layout.offset.unit; i++) w += mask[i] as number
      if (w < n) {
        for (let i = e.layout.offset.wing; i < e.layout.offset.unit; i++) mask[i] = 0
        n -= w
      }
    }
    let k = Math.floor(rnd() * n)
    let a = -1
    for (let i = 0; i < mask.length; i++) if (mask[i] && k-- === 0) {
      a = i
      break
    }
    const r = e.apply(s, a)
    if (r) throw new Error(`${actionText(e.layout, a)}: ${r.message}`)
    total++
    if (check) {
      const bad = e.invariants(s)
      if (bad.length) throw new Error(`game ${g}: ${bad.join('; ')}`)
    }
  }
  turns += s.turn
  const o = e.outcome(s)
  const key = o ? `${o.winner === null ? 'draw' : o.winner === 0 ? 'Swiss' : 'French'}: ${o.reason}` : '?'
  outcomes.set(key, (outcomes.get(key) ?? 0) + 1)
}
const dt = (performance.now() - t0) / 1000
console.log(`${id}: ${games} games, ${total} decisions in ${dt.toFixed(2)} s = ${Math.round(total / dt)} decisions/s; ${Math.round(total / games)} decisions and ${(turns / games).toFixed(1)} turns per game`)
for (const [k, n] of outcomes) console.log(`  ${n} × ${k}`)
