// Random-play throughput of the piwam engine: `npx tsx test/piwam/bench-random.ts [scenario] [games]`.
// Counts decisions (legal + apply, the agent's pick included) per second on one core.
import { builtin, lcg } from './play.ts'

const id = process.argv[2] ?? 'piwam-training'
const games = Number(process.argv[3] ?? 300)
const e = builtin(id)
const mask = new Uint8Array(e.layout.size)
const ids = new Int32Array(e.layout.size)
const rnd = lcg(12345)
const run = (n: number, seed0: number): number => {
  let total = 0
  for (let g = 0; g < n; g++) {
    const s = e.init(seed0 + g)
    while (s.winner < 0) {
      e.legal(s, mask)
      let k = 0
      for (let i = 0; i < mask.length; i++) if (mask[i]) ids[k++] = i
      const r = e.apply(s, ids[Math.floor(rnd() * k)] as number)
      if (r) throw new Error(r.message)
      total++
    }
  }
  return total
}
run(20, 1_000_000) // warm-up
const t0 = performance.now()
const c0 = process.cpuUsage()
const total = run(games, 0)
const dt = (performance.now() - t0) / 1000
const cpu = process.cpuUsage(c0)
const ct = (cpu.user + cpu.system) / 1e6
// CPU time is the fairer figure on a shared machine; wall time is what a single job sees.
console.log(`${id}: ${games} games, ${total} decisions; wall ${dt.toFixed(2)} s = ${Math.round(total / dt)}/s; cpu ${ct.toFixed(2)} s = ${Math.round(total / ct)}/s`)
