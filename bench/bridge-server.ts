// The bridge server's own cost, without sockets or a client process: Session.handle(Step)
// for K sets of --envs envs (delta observations, as the Python client asks), round-robin,
// against in-process VecEnv(K x --envs) stepping the same number of env steps, in
// alternating rounds. The difference is what the server adds per message (decoding, the
// delta, encoding): the ceiling of the bridge / in-process ratio bench/bridge.ts measures,
// before socket writes and reads.
//
//   npx tsx bench/bridge-server.ts [--scenario piwam-training] [--envs 64] [--sets 3] [--batches 1500] [--rounds 4]

import { parseArgs } from 'node:util'
import { Session } from '../bridge/session.ts'
import { deltaLayout } from '../bridge/delta.ts'
import { tercio } from '../proto/tercio.js'
import { bindEngine } from '../env/gym/make.ts'
import { obsSizes } from '../env/gym/spec.ts'
import { VecEnv } from '../env/gym/vec.ts'
import { makeRng } from '../env/gym/hash.ts'
import type { Engine } from '../env/core/types.ts'
import { formatTable } from '../cli/table.ts'
import { ContentionMeter, machine, pickLegal } from './bench.ts'

const pb = tercio.v1
const enc = (id: number, body: Omit<tercio.v1.IEnvelope, 'id'>): Uint8Array => pb.Envelope.encode({ id, ...body }).finish()

/** Fills `actions` with a uniformly random legal action per row of `mask`. */
function pick(mask: Uint8Array, size: number, actions: Int32Array, rand: () => number): void {
  for (let i = 0; i < actions.length; i++) actions[i] = pickLegal(mask, i * size, size, rand())
}

/** ms per Step message of `n` envs, timing Session.handle only (the client's copies are kept from the deltas). */
function server(engine: Engine, scenario: string, n: number, sets: number, batches: number, seed: number): number {
  const s = new Session({ maxEnvs: n * sets, maxPayload: 1 << 30, token: undefined })
  const reply = (b: Uint8Array): tercio.v1.Envelope => {
    const e = pb.Envelope.decode(s.handle(b).bytes)
    if (e.error) throw new Error(`${e.error.code}: ${e.error.message}`)
    return e
  }
  reply(enc(1, { hello: { protocolVersion: 1, clientName: 'bench/bridge-server' } }))
  const sizes = obsSizes(new VecEnv(engine, { num: 1 }).spec)
  const L = deltaLayout(sizes, n)
  const handles: number[] = []
  const copies: Uint32Array[] = []
  const apply = (k: number, pairs: Uint8Array | null | undefined): void => {
    if (!pairs || pairs.length === 0) return
    const p = new Int32Array(new Uint8Array(pairs).buffer)
    const w = copies[k] as Uint32Array
    for (let j = 0; j < p.length; j += 2) w[p[j] as number] = p[j + 1] as number
  }
  for (let k = 0; k < sets; k++) {
    const spec = reply(enc(2 + k, { makeEnvs: { scenarioId: scenario, count: n, baseSeed: seed + n * k, options: { deltaObservations: true } } })).envSpec
    handles.push(spec?.envSet ?? 0)
    copies.push(new Uint32Array(L.bytes / 4))
    apply(k, reply(enc(100 + k, { reset: { envSet: handles[k], seed: seed + n * k } })).batch?.delta)
  }
  const masks = copies.map((c) => new Uint8Array(c.buffer, L.mask, n * sizes.mask))
  const rand = makeRng(seed)
  const actions = new Int32Array(n)
  let t = 0
  for (let b = 0; b < batches; b++) {
    const k = b % sets
    pick(masks[k] as Uint8Array, sizes.mask, actions, rand)
    const msg = enc(1000 + b, { step: { envSet: handles[k], actions: Array.from(actions) } })
    const t0 = performance.now()
    const r = s.handle(msg)
    t += performance.now() - t0
    const batch = pb.Envelope.decode(r.bytes).batch
    if (!batch) throw new Error(`Step ${b}: no Batch in the reply`)
    apply(k, batch.finalDelta)
    apply(k, batch.delta)
  }
  return t / batches
}

/** ms per `n` env steps of VecEnv(n x sets), timing step() only. */
function inProcess(engine: Engine, n: number, sets: number, batches: number, seed: number): number {
  const v = new VecEnv(engine, { num: n * sets })
  let r = v.reset({ seed })
  const rand = makeRng(seed)
  const size = v.spec.mask.shape[0]
  const actions = new Int32Array(n * sets)
  let t = 0
  for (let b = 0; b < batches / sets; b++) {
    pick(r.obs.mask, size, actions, rand)
    const t0 = performance.now()
    r = v.step(actions)
    t += performance.now() - t0
  }
  return t / batches
}

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'piwam-training' },
    envs: { type: 'string', default: '64' },
    sets: { type: 'string', default: '3' },
    batches: { type: 'string', default: '1500' },
    rounds: { type: 'string', default: '4' },
    seed: { type: 'string', default: '1' },
  },
})
const scenario = values.scenario as string
const n = Number(values.envs)
const sets = Number(values.sets)
const batches = Number(values.batches)
const rounds = Number(values.rounds)
const seed0 = Number(values.seed)
for (const [name, v] of [['--envs', n], ['--sets', sets], ['--batches', batches], ['--rounds', rounds]] as const) {
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a positive integer, got ${v}`)
}
if (batches % sets !== 0) throw new Error(`--batches (${batches}) must be a multiple of --sets (${sets})`)
const bound = bindEngine(undefined, scenario)
if (!bound.ok) throw new Error(`${bound.error.code}: ${bound.error.message}`)
const engine = bound.value
console.error(`bench/bridge-server: ${scenario}, ${sets} sets of ${n} envs, ${batches} Steps a round, ${rounds} rounds (+1 warm-up)`)
const rows: string[][] = []
for (let k = -1; k < rounds; k++) {
  const seed = seed0 + 1000 * Math.max(k, 0)
  const meter = new ContentionMeter()
  meter.start()
  const local = inProcess(engine, n, sets, batches, seed)
  const srv = server(engine, scenario, n, sets, batches, seed)
  const c = meter.stop()
  if (k < 0) continue
  rows.push([String(k + 1), local.toFixed(3), srv.toFixed(3), (srv - local).toFixed(3), `${((100 * local) / srv).toFixed(0)}%`, c ? `${c.others.toFixed(2)} / ${(100 * c.steal).toFixed(0)}%` : 'n/a'])
}
console.log(formatTable(['round', `VecEnv(${n * sets}) ms per ${n} steps`, `server ms per Step of ${n}`, 'server extra ms', 'in-process / server time', 'others / steal'], rows))
const m = machine()
console.log(`${m.cpu}, ${m.cores} cores, node ${m.node}, load ${m.load.map((x) => x.toFixed(1)).join(' ')}`)
