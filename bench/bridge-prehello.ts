// Step latency of an authenticated bridge client while other peers send a
// 14 MiB message before Hello, against the same client with no such peers, in
// alternating phases. Three processes, so that neither the attackers' sending
// nor the server's work is timed in the client's event loop:
//   server    startServer() with a token, the default pre-Hello limit (64 KiB:
//             a bigger first frame is refused from its header, unread) or, with
//             --limits off, the limit raised to max_payload (the server before it:
//             the whole message is received, unmasked and decoded, then refused)
//   attackers --attackers loops, each: connect, upgrade, send a frame header and
//             14 MiB of payload (a Step Envelope of 14.7 M packed actions: costly
//             to decode), wait for the close, again. Raw sockets, mask key 0, so
//             the attacker process spends next to no CPU per message.
//   client    this process: Hello with the token, MakeEnvs (--envs, sparse
//             planes), Reset, then Step round trips with random legal actions,
//             each timed from send to reply.
//
// "ms to close": median time from an attacker's frame header to the server's
// close frame (attacks still under way when a phase ends are not counted); on
// the close frame the attacker hangs up and connects again.
//
//   npx tsx bench/bridge-prehello.ts [--envs 16] [--steps 400] [--rounds 3] [--attackers 2] [--limits default,off]

import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { connect } from 'node:net'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { WebSocket } from 'ws'
import { startServer, DEFAULTS } from '../bridge/server.ts'
import { tercio } from '../proto/tercio.js'
import { formatTable } from '../cli/table.ts'
import { ContentionMeter, machine, pickLegal } from './bench.ts'

const pb = tercio.v1
const SELF = fileURLToPath(import.meta.url)
const TOKEN = 'bench-prehello-token'
const MIB = 1024 * 1024

const { values: a } = parseArgs({
  options: {
    role: { type: 'string', default: 'client' },
    url: { type: 'string', default: '' },
    limit: { type: 'string', default: 'default' },
    envs: { type: 'string', default: '16' },
    steps: { type: 'string', default: '400' },
    rounds: { type: 'string', default: '3' },
    attackers: { type: 'string', default: '2' },
    limits: { type: 'string', default: 'default,off' },
    scenario: { type: 'string', default: 'piwam-training' },
  },
})

/** A child running this file in another role; resolves once it printed its first line. */
async function child(args: string[]): Promise<{ p: ChildProcess; first: string; lines: string[] }> {
  const p = spawn(process.execPath, [...process.execArgv, SELF, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  const lines: string[] = []
  const rl = createInterface({ input: p.stdout as NodeJS.ReadableStream })
  const first = await new Promise<string>((resolve, reject) => {
    rl.on('line', (l) => {
      if (lines.length === 0) resolve(l)
      lines.push(l)
    })
    p.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)))
  })
  return { p, first, lines }
}

async function serverRole(): Promise<void> {
  const off = a.limit === 'off'
  const s = await startServer({ port: 0, token: TOKEN, heartbeatMs: 0, ...(off ? { maxHelloBytes: DEFAULTS.maxPayload } : {}) })
  console.log(s.url)
  process.on('SIGTERM', () => void s.close().then(() => process.exit(0)))
}

async function attackerRole(): Promise<void> {
  const u = new URL(a.url)
  const port = Number(u.port)
  // Envelope{id 1, step{env_set 1, actions: 1 x k}}: each packed action is one byte.
  const k = 14 * MIB - 32
  const body = pb.Envelope.encode({ id: 1, step: { envSet: 1, actions: new Array<number>(k).fill(1) } }).finish()
  const head = Buffer.alloc(14)
  head[0] = 0x82 // FIN, binary
  head[1] = 0x80 | 127 // masked, 64-bit length
  head.writeBigUInt64BE(BigInt(body.length), 2)
  // Mask key 0 (bytes 10..13): the payload goes out as it is.
  const stats = { attempts: 0, closeCodes: {} as Record<string, number>, msToClose: [] as number[], payloadMiB: body.length / MIB }
  let stop = false
  const once = (): Promise<void> =>
    new Promise((resolve) => {
      let t0 = performance.now()
      const sock = connect(port, u.hostname)
      let buf = Buffer.alloc(0)
      let upgraded = false
      let finished = false
      const done = (why: string) => {
        if (finished) return
        finished = true
        if (!sock.destroyed) sock.destroy()
        stats.closeCodes[why] = (stats.closeCodes[why] ?? 0) + 1
        if (upgraded) stats.msToClose.push(performance.now() - t0)
        resolve()
      }
      sock.on('error', () => {})
      sock.on('close', () => done(upgraded ? (closeCode(buf) ?? 'tcp') : 'no-upgrade'))
      sock.on('connect', () => {
        sock.write(`GET / HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`)
      })
      sock.on('data', (d: Buffer) => {
        buf = Buffer.concat([buf, d])
        if (!upgraded) {
          const end = buf.indexOf('\r\n\r\n')
          if (end < 0) return
          upgraded = buf.subarray(0, 12).toString().includes('101')
          buf = buf.subarray(end + 4)
          stats.attempts++
          t0 = performance.now() // from the frame header on: how fast the server closes
          sock.write(head)
          sock.write(body)
        }
        // The server's close frame: its answer to the message. The attacker hangs up and comes again.
        const code = upgraded ? closeCode(buf) : null
        if (code !== null) done(code)
      })
    })
  const loops = Array.from({ length: Number(a.attackers) }, async () => {
    while (!stop) await once()
  })
  console.log('ready')
  process.on('SIGTERM', () => {
    stop = true
    void Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 3000))]).then(() => {
      console.log(JSON.stringify(stats))
      process.exit(0)
    })
  })
}

/** The close code of the first close frame in `b` (server frames are unmasked), if any. */
function closeCode(b: Buffer): string | null {
  let p = 0
  while (p + 2 <= b.length) {
    const op = (b[p] as number) & 0x0f
    let len = (b[p + 1] as number) & 0x7f
    let h = 2
    if (len === 126) {
      len = b.readUInt16BE(p + 2)
      h = 4
    } else if (len === 127) {
      len = Number(b.readBigUInt64BE(p + 2))
      h = 10
    }
    if (op === 0x8) return len >= 2 && p + h + 2 <= b.length ? String(b.readUInt16BE(p + h)) : 'close'
    p += h + len
  }
  return null
}

/** The measuring client: one authenticated connection, Steps timed one by one. */
class Client {
  private ws!: WebSocket
  private id = 1
  private waiting: ((e: tercio.v1.Envelope) => void) | null = null
  static async open(url: string): Promise<Client> {
    const c = new Client()
    c.ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1 << 30 })
    await new Promise<void>((resolve, reject) => {
      c.ws.once('open', () => resolve())
      c.ws.once('error', reject)
    })
    c.ws.on('message', (d) => c.waiting?.(pb.Envelope.decode(d as Buffer)))
    const w = await c.ask({ hello: { protocolVersion: 1, clientName: 'bench/bridge-prehello', token: TOKEN } })
    if (w.kind !== 'welcome') throw new Error(`no Welcome: ${JSON.stringify(w.toJSON())}`)
    return c
  }
  ask(body: Omit<tercio.v1.IEnvelope, 'id'>): Promise<tercio.v1.Envelope> {
    return new Promise((resolve) => {
      this.waiting = resolve
      this.ws.send(pb.Envelope.encode({ id: this.id++, ...body }).finish())
    })
  }
  close(): void {
    this.ws.close()
  }
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((x, y) => x - y)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number
}

async function clientRole(): Promise<void> {
  const n = Number(a.envs)
  const steps = Number(a.steps)
  const rows: (string | number)[][] = []
  const notes: string[] = []
  for (const limit of (a.limits as string).split(',')) {
    const server = await child(['--role', 'server', '--limit', limit])
    const url = server.first
    const c = await Client.open(url)
    const spec = await c.ask({ makeEnvs: { scenarioId: a.scenario, count: n, baseSeed: 1, options: { sparsePlanes: true } } })
    const set = spec.envSpec?.envSet as number
    const N = spec.envSpec?.actionSize as number
    let b = (await c.ask({ reset: { envSet: set, seed: 1 } })).batch as tercio.v1.IBatch
    let r = 0x9e3779b9
    const rand = () => ((r = (Math.imul(r, 1664525) + 1013904223) >>> 0) / 2 ** 32)
    const step = async (): Promise<number> => {
      const m = b.masks as Uint8Array
      const actions = Array.from({ length: n }, (_, i) => pickLegal(m, i * N, N, rand()))
      const t0 = performance.now()
      const e = await c.ask({ step: { envSet: set, actions } })
      const dt = performance.now() - t0
      if (!e.batch) throw new Error(`Step refused: ${JSON.stringify(e.error)}`)
      b = e.batch
      return dt
    }
    for (let w = 0; w < 100; w++) await step() // warm-up
    const quiet: number[] = []
    const attacked: number[] = []
    const att = { attempts: 0, codes: {} as Record<string, number>, close: [] as number[] }
    const meter = new ContentionMeter()
    let others = 0
    for (let round = 0; round < Number(a.rounds); round++) {
      meter.start()
      for (let s = 0; s < steps; s++) quiet.push(await step())
      const q = meter.stop()
      const attacker = await child(['--role', 'attacker', '--url', url, '--attackers', a.attackers as string])
      await new Promise((res) => setTimeout(res, 200)) // the attackers are under way
      for (let s = 0; s < steps; s++) attacked.push(await step())
      attacker.p.kill('SIGTERM')
      await new Promise((res) => attacker.p.once('exit', res))
      const st = JSON.parse(attacker.lines[attacker.lines.length - 1] as string) as { attempts: number; closeCodes: Record<string, number>; msToClose: number[] }
      att.attempts += st.attempts
      for (const [k, v] of Object.entries(st.closeCodes)) att.codes[k] = (att.codes[k] ?? 0) + v
      att.close.push(...st.msToClose)
      others = Math.max(others, q?.others ?? 0)
    }
    c.close()
    server.p.kill('SIGTERM')
    await new Promise((res) => server.p.once('exit', res))
    const fmt = (x: number) => x.toFixed(2)
    const label = limit === 'off' ? `pre-Hello limit off (${DEFAULTS.maxPayload / MIB} MiB)` : `default (${DEFAULTS.maxHelloBytes / 1024} KiB before Hello)`
    rows.push([label, 'quiet', quiet.length, fmt(quantile(quiet, 0.5)), fmt(quantile(quiet, 0.99)), fmt(Math.max(...quiet)), '', ''])
    rows.push([label, `${a.attackers} peers x 14 MiB`, attacked.length, fmt(quantile(attacked, 0.5)), fmt(quantile(attacked, 0.99)), fmt(Math.max(...attacked)), att.attempts, att.close.length ? fmt(quantile(att.close, 0.5)) : ''])
    notes.push(`${label}: close codes seen by the attackers ${JSON.stringify(att.codes)}; other processes' CPU while quiet (max of rounds): ${others.toFixed(2)} cores`)
  }
  console.log(`bench/bridge-prehello: ${a.scenario}, ${n} envs a Step (sparse planes), ${a.rounds} rounds of ${steps} quiet + ${steps} attacked steps, latency in ms`)
  console.log(formatTable(['server', 'phase', 'steps', 'p50 ms', 'p99 ms', 'max ms', 'attacks', 'ms to close'], rows))
  for (const l of notes) console.log(l)
  const m = machine()
  console.log(`machine: ${m.cpu}, ${m.cores} cores, node ${m.node}, load ${m.load.map((x) => x.toFixed(2)).join(' ')}, ${m.date}`)
}

if (a.role === 'server') await serverRole()
else if (a.role === 'attacker') await attackerRole()
else await clientRole()
