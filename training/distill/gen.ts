// Labelled positions for behaviour cloning outside TF.js (training/distill/train.py): games
// where a teacher agent (any agent spec: the residual baseline `ckpt:...`, the heuristic, a
// search) plays one seat, or both, against an opponent spec; every decision of the teacher's
// seats with a real choice is written as the observation the gym env gives (agents/policy/
// agent.ts's ObsEncoder, the encoding the `onnx:` agent feeds its model) and the teacher's
// action. With probability `noise` the teacher's seat plays a random legal action instead of
// the labelled one, so the data also holds positions just off the teacher's path (its label
// is still the teacher's choice there).
//
//   npx tsx training/distill/gen.ts --teacher ckpt:checkpoints/piwam-training-baseline \
//     --opponents heuristic,self --games 200 --seed 1 --noise 0.05 --out runs/data/a
// writes OUT.x.f32 (rows of planes | entities | globals), OUT.mask.u8, OUT.y.i32 and
// OUT.json (shapes, env settings, spec hash, counts).
import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Player } from '../../env/core/types.ts'
import { bindEngine } from '../../env/gym/index.ts'
import { makeSpec } from '../../env/gym/spec.ts'
import { hashJson } from '../../env/gym/hash.ts'
import { createAgent } from '../../agents/registry.ts'
import { ObsEncoder } from '../../agents/policy/agent.ts'
import { mulberry32 } from '../../agents/policy/sample.ts'
import { nthLegal, type Agent, type AgentContext } from '../../agents/types.ts'

/** The env settings the data (and the exported model) are made with: the checkpoints' own. */
export const DISTILL_ENV = { maxDecisions: 2000, shaping: 1, skipForced: true } as const

const { values: a } = parseArgs({
  options: {
    ruleset: { type: 'string', default: 'piwam' },
    scenario: { type: 'string', default: 'piwam-training' },
    teacher: { type: 'string', default: 'ckpt:checkpoints/piwam-training-baseline' },
    opponents: { type: 'string', default: 'heuristic,self' },
    games: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    noise: { type: 'string', default: '0.05' },
    out: { type: 'string' },
  },
})
if (!a.out) throw new Error('--out PREFIX is required')
const eng = bindEngine(a.ruleset, a.scenario)
if (!eng.ok) throw new Error(eng.error.message)
const engine = eng.value
const spec = makeSpec(engine, hashJson(engine.scenario), { reward: { shaping: DISTILL_ENV.shaping }, maxDecisions: DISTILL_ENV.maxDecisions, skipForced: DISTILL_ENV.skipForced })
const enc = new ObsEncoder(engine, spec)
const seed0 = Number(a.seed)
const games = Number(a.games)
const noise = Number(a.noise)
const made = async (s: string, seed: number): Promise<Agent> => {
  const r = await createAgent(s, engine, seed)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const teacher = await made(a.teacher, seed0)
const opponents = await Promise.all(a.opponents.split(',').map((s) => (s === 'self' ? null : made(s, seed0 + 7))))
const rng = mulberry32(seed0 * 7919 + 13)
const fx = openSync(`${a.out}.x.f32`, 'w')
const fm = openSync(`${a.out}.mask.u8`, 'w')
const fy = openSync(`${a.out}.y.i32`, 'w')
const obs = enc.obs
const row = new Float32Array(obs.planes.length + obs.entities.length + obs.globals.length)
const label = new Int32Array(1)
let samples = 0
let decisions = 0
const t0 = Date.now()
const mask = new Uint8Array(engine.layout.size)
for (let g = 0; g < games; g++) {
  const seed = seed0 * 100_000 + g
  const opp = opponents[g % opponents.length] ?? null
  const teacherSeat = (g >> 1) % 2 // both seats in turn against each opponent kind
  const s = engine.init(seed)
  teacher.reset?.(seed * 2 + 1)
  opp?.reset?.(seed * 2 + 2)
  const ctx = { engine, state: s, mask, legalCount: 0, player: 0 as Player }
  for (;;) {
    const d = engine.decision(s)
    if (d === null) break
    const n = engine.legal(s, mask)
    ctx.legalCount = n
    ctx.player = d.player
    decisions++
    const mine = opp === null || d.player === teacherSeat
    let act: number
    if (!mine) act = opp.act(ctx as AgentContext)
    else {
      act = teacher.act(ctx as AgentContext)
      if (n > 1) {
        enc.encode(s, d.player, mask, n)
        row.set(obs.planes, 0)
        row.set(obs.entities, obs.planes.length)
        row.set(obs.globals, obs.planes.length + obs.entities.length)
        writeSync(fx, row)
        writeSync(fm, obs.mask)
        label[0] = act
        writeSync(fy, label)
        samples++
        if (rng() < noise) act = nthLegal(mask, Math.floor(rng() * n))
      }
    }
    if (engine.apply(s, act)) throw new Error(`illegal action ${act} at ply ${s.ply} (seed ${seed})`)
  }
  if ((g + 1) % 10 === 0) console.error(`gen ${a.out}: ${g + 1}/${games} games, ${samples} samples, ${((Date.now() - t0) / 1000).toFixed(0)} s`)
}
closeSync(fx)
closeSync(fm)
closeSync(fy)
writeFileSync(
  `${a.out}.json`,
  `${JSON.stringify({ format: 'tercio-distill-data/1', ruleset: engine.ruleset, scenario: engine.scenario.id, teacher: a.teacher, opponents: a.opponents, games, seed: seed0, noise, samples, decisions, env: DISTILL_ENV, specHash: spec.hash, interfaceHash: spec.interfaceHash, shapes: { planes: spec.planes.shape, entities: spec.entities.shape, globals: spec.globals.shape, mask: spec.mask.shape } }, null, 2)}\n`,
)
console.error(`gen ${a.out}: done, ${samples} samples in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
