// Event-type histogram over random games (a sanity look at what random play exercises).
import { builtinScenario } from '../../env/scenario/builtin.ts'
import { piwam } from '../../env/rules/piwam/index.ts'
import type { PiwamEngine, PiwamEvent } from '../../env/rules/piwam/index.ts'
const id = process.argv[2] ?? 'piwam-training'
const sc = builtinScenario(id)
if (!sc.ok) throw new Error(sc.error.message)
const b = piwam.bind(sc.value)
if (!b.ok) throw new Error(b.error.message)
const e = b.value as PiwamEngine
const mask = new Uint8Array(e.layout.size)
const hist = new Map<string, number>()
const res = new Map<string, number>()
let x = 7
const rnd = () => { x = (x * 1103515245 + 12345) & 0x7fffffff; return x }
for (let g = 0; g < Number(process.argv[3] ?? 50); g++) {
  const s = e.init(g)
  while (e.outcome(s) === null) {
    e.legal(s, mask)
    const ids: number[] = []
    for (let i = 0; i < mask.length; i++) if (mask[i]) ids.push(i)
    const ev: PiwamEvent[] = []
    e.apply(s, ids[rnd() % ids.length] as number, ev)
    for (const v of ev) {
      const k = v.type === 'combat' ? 'combat:' + v.result : v.type === 'rolled' ? 'rolled:' + v.why : v.type
      hist.set(k, (hist.get(k) ?? 0) + 1)
    }
  }
  const o = e.outcome(s)!
  const k = `${o.winner} ${o.reason.replace(/\d+-\d+/, '')}`
  res.set(k, (res.get(k) ?? 0) + 1)
}
console.log([...hist].sort().map(([k, v]) => `${k}: ${v}`).join('\n'))
console.log(res)
