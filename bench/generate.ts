// Battle generation speed: milliseconds per generated battle (env/scenario/generate,
// validation included) for each ruleset and size, on one core, and the cost of the
// bind that a generated-battle env pays on each reset (gym/generated.ts). The time is
// this process's CPU time (user + system), so other processes on a shared machine do
// not inflate it; the wall-clock figure and the machine's contention are shown beside it.
//
//   npx tsx bench/generate.ts [--battles 300] [--rounds 3] [--json out/generate.json]

import { parseArgs } from 'node:util'
import { writeFileSync } from 'node:fs'
import { RULESET_IDS } from '../env/core/types.ts'
import { bindBattle } from '../env/gym/generated.ts'
import { BATTLE_SIZES, generateBattle } from '../env/scenario/generate/index.ts'
import { formatTable } from '../cli/table.ts'
import { ContentionMeter, machine, median } from './bench.ts'

const { values: a } = parseArgs({ options: { battles: { type: 'string', default: '300' }, rounds: { type: 'string', default: '3' }, json: { type: 'string' } } })
const battles = Number(a.battles)
const rounds = Number(a.rounds)
const cpuMs = (): number => {
  const c = process.cpuUsage()
  return (c.user + c.system) / 1000
}

interface Row {
  ruleset: string
  size: string
  generateMs: number
  generateWallMs: number
  bindMs: number
}
const rows: Row[] = []
const meter = new ContentionMeter()
meter.start()
for (const ruleset of RULESET_IDS) {
  for (const size of BATTLE_SIZES) {
    const gen: number[] = []
    const wall: number[] = []
    for (let r = 0; r < rounds; r++) {
      const c0 = cpuMs()
      const w0 = performance.now()
      for (let seed = r * battles; seed < (r + 1) * battles; seed++) {
        const g = generateBattle(ruleset, seed, { size })
        if (!g.ok) throw new Error(g.error.message)
      }
      gen.push((cpuMs() - c0) / battles)
      wall.push((performance.now() - w0) / battles)
    }
    const nb = Math.max(10, Math.floor(battles / 10))
    const c0 = cpuMs()
    for (let seed = 0; seed < nb; seed++) if (!bindBattle(ruleset, size, seed).ok) throw new Error(`${ruleset} ${size} ${seed}`)
    rows.push({ ruleset, size, generateMs: median(gen), generateWallMs: median(wall), bindMs: (cpuMs() - c0) / nb })
  }
}
const contention = meter.stop()
console.log(
  formatTable(
    ['ruleset', 'size', 'generate ms/battle (CPU)', 'generate ms (wall)', 'generate + bind ms (CPU)'],
    rows.map((r) => [r.ruleset, r.size, r.generateMs.toFixed(2), r.generateWallMs.toFixed(2), r.bindMs.toFixed(1)]),
  ),
)
const m = machine()
console.log(`\n${battles} battles x ${rounds} rounds (median) per row; ${m.cpu}, node ${m.node}, load ${m.load.map((x) => x.toFixed(1)).join(' ')}${contention ? `; other processes used ${contention.others.toFixed(2)} cores` : ''}`)
console.log(`slowest: ${Math.max(...rows.map((r) => r.generateMs)).toFixed(2)} ms a battle (target <= 5 ms)`)
if (a.json) writeFileSync(a.json, JSON.stringify({ machine: m, battles, rounds, contention, rows }, null, 2) + '\n')
