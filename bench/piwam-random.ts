import { builtinScenario } from '../env/scenario/builtin.ts'
import { piwam } from '../env/rules/piwam/index.ts'
import { actionText } from '../env/core/actions.ts'
const id = process.argv[2] ?? 'piwam-training'
const sc = builtinScenario(id)
if (!sc.ok) { console.log(sc.error); process.exit(1) }
const b = piwam.bind(sc.value)
if (!b.ok) { console.log(b.error); process.exit(1) }
const e = b.value as any
console.log(e.ascii(e.init(1)))
const mask = new Uint8Array(e.layout.size)
let total = 0, games = 0
const t0 = Date.now()
let x = 12345
const rnd = () => { x = (x * 1103515245 + 12345) & 0x7fffffff; return x }
const ids = new Int32Array(e.layout.size)
for (let g = 0; g < 200; g++) {
  const s = e.init(g)
  let steps = 0
  while (e.outcome(s) === null) {
    const c = e.legal(s, mask)
    if (c === 0) { console.log('EMPTY MASK', e.decision(s)); process.exit(1) }
    let k = 0
    for (let i = 0; i < mask.length; i++) if (mask[i]) ids[k++] = i
    const a = ids[rnd() % k]
    const r = e.apply(s, a)
    if (r) { console.log('ERR', r); process.exit(1) }
    if (process.argv[3] === 'inv') { const v = e.invariants(s); if (v.length) { console.log('INV', v, actionText(e.layout, a)); process.exit(1) } }
    steps++
    if (steps > 200000) { console.log('too long', e.decision(s), s.turn); process.exit(1) }
  }
  total += steps; games++
  if (g < 5) console.log(g, e.outcome(s), steps, s.turn)
}
const dt = (Date.now() - t0) / 1000
console.log(`games ${games} decisions ${total} ${Math.round(total / dt)}/s`)
