// Measures a checkpoint against random and heuristic over N games per pairing (half on
// each seat, fixed seeds), in the play mode it was trained for (config.play), with the
// batched evaluator: `npx tsx training/train/eval-main.ts CKPT [GAMES] [SEED] [SCENARIO] [greedy|sample]`.
// Prints one JSON object (win/draw/loss per opponent) on stdout.
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { loadPolicy } from '../../agents/policy/checkpoint.ts'
import { RandomAgent } from '../../agents/random.ts'
import { initTf } from '../../agents/tf/backend.ts'
import { TercioEnv } from '../../env/gym/env.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { evaluatePolicy } from '../evaluate.ts'
import type { TrainConfig } from './config.ts'

const [ckpt, games = '200', seed = '424242', scenario = 'piwam-training', mode] = process.argv.slice(2)
if (!ckpt) {
  console.error('usage: eval-main.ts CKPT [GAMES] [SEED] [SCENARIO] [greedy|sample]')
  process.exit(2)
}
await initTf()
const b = bindEngine(undefined, scenario)
if (!b.ok) throw new Error(b.error.message)
const engine = b.value
// The env the checkpoint was trained in (time limit, shaping: part of its spec hash).
const probe = loadPolicy(ckpt, new TercioEnv(engine).spec, { match: 'interface' })
if (!probe.ok) {
  console.error(`${probe.error.code}: ${probe.error.message}`)
  process.exit(1)
}
const cfg = (probe.value.data.config ?? {}) as Partial<TrainConfig>
const mkEnv = () => new TercioEnv(engine, { reward: { shaping: cfg.shaping ?? 0 }, maxDecisions: cfg.maxDecisions ?? 2000 })
const net = probe.value.net
const greedy = (mode ?? cfg.play ?? 'sample') === 'greedy'
const n = Number(games)
const s = Number(seed)
const t0 = performance.now()
const vsRandom = evaluatePolicy(net, engine, mkEnv, new RandomAgent(11, 'random'), n, s, { greedy })
const vsHeuristic = evaluatePolicy(net, engine, mkEnv, makeHeuristic(engine, 11), n, s + 100_000, { greedy })
console.log(JSON.stringify({ checkpoint: ckpt, scenario, games: n, seed: s, play: greedy ? 'greedy' : 'sample', vsRandom, vsHeuristic, seconds: Math.round((performance.now() - t0) / 1000) }, null, 2))
