// Measures a checkpoint against random and heuristic over N games per pairing (half on
// each seat, fixed seeds): `npx tsx training/train/eval-main.ts CKPT [GAMES] [SEED] [SCENARIO] [random|heuristic|both]`.
// Prints one JSON object (win/draw/loss per opponent) on stdout.
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { makePolicyAgent } from '../../agents/policy/agent.ts'
import { RandomAgent } from '../../agents/random.ts'
import { initTf } from '../../agents/tf/backend.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { evaluate } from './trainer.ts'

const [ckpt, games = '200', seed = '424242', scenario = 'piwam-training', only = 'both'] = process.argv.slice(2)
if (!ckpt) {
  console.error('usage: eval-main.ts CKPT [GAMES] [SEED] [SCENARIO] [random|heuristic|both]')
  process.exit(2)
}
await initTf()
const b = bindEngine(undefined, scenario)
if (!b.ok) throw new Error(b.error.message)
const engine = b.value
const p = makePolicyAgent(engine, ckpt, 1, { name: 'policy' })
if (!p.ok) {
  console.error(p.error.message)
  process.exit(1)
}
const n = Number(games)
const s = Number(seed)
const t0 = performance.now()
// One opponent per process lets two processes share the measurement.
const vsRandom = only === 'heuristic' ? null : evaluate(engine, p.value, new RandomAgent(11, 'random'), n, s, 20_000)
const vsHeuristic = only === 'random' ? null : evaluate(engine, p.value, makeHeuristic(engine, 11), n, s + 100_000, 20_000)
console.log(JSON.stringify({ checkpoint: ckpt, scenario, games: n, seed: s, vsRandom, vsHeuristic, seconds: Math.round((performance.now() - t0) / 1000) }, null, 2))
