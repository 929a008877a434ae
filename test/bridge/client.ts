// A small promise-based bridge client for the tests (the real client is Python).
import { WebSocket } from 'ws'
import { tercio } from '../../proto/tercio.js'

export const pb = tercio.v1
export type Envelope = tercio.v1.Envelope

export class TestClient {
  private nextId = 1
  private readonly waiting = new Map<number, (e: Envelope) => void>()
  /** Replies with id 0 (undecodable requests) and anything unmatched, in order. */
  readonly stray: Envelope[] = []
  closed: { code: number; reason: string } | null = null
  private readonly closedP: Promise<{ code: number; reason: string }>

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const e = pb.Envelope.decode(data as Buffer)
      const w = this.waiting.get(e.id)
      if (w && e.id !== 0) {
        this.waiting.delete(e.id)
        w(e)
      } else this.stray.push(e)
    })
    this.closedP = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        this.closed = { code, reason: reason.toString() }
        resolve(this.closed)
      }),
    )
    ws.on('error', () => {})
  }

  static async open(url: string, opts: { autoPong?: boolean } = {}): Promise<TestClient> {
    const ws = new WebSocket(url, { perMessageDeflate: false, autoPong: opts.autoPong ?? true, maxPayload: 1 << 30 })
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return new TestClient(ws)
  }

  static async hello(url: string, token?: string): Promise<TestClient> {
    const c = await TestClient.open(url)
    const w = await c.request({ hello: { protocolVersion: 1, clientName: 'vitest', token: token ?? '' } })
    if (w.kind !== 'welcome') throw new Error(`expected welcome, got ${JSON.stringify(w.toJSON())}`)
    return c
  }

  /** Sends a request (an id is assigned unless given) and resolves with its reply. */
  request(body: tercio.v1.IEnvelope, timeoutMs = 10_000): Promise<Envelope> {
    const id = body.id ?? this.nextId++
    const p = new Promise<Envelope>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no reply to request ${id} within ${timeoutMs} ms`)), timeoutMs)
      this.waiting.set(id, (e) => {
        clearTimeout(t)
        resolve(e)
      })
    })
    this.ws.send(pb.Envelope.encode({ ...body, id }).finish())
    return p
  }

  sendRaw(bytes: Uint8Array | string): void {
    this.ws.send(bytes)
  }

  /** Resolves with the next stray (id 0) reply. */
  async nextStray(timeoutMs = 5000): Promise<Envelope> {
    const t0 = Date.now()
    while (this.stray.length === 0) {
      if (Date.now() - t0 > timeoutMs) throw new Error('no stray reply')
      await new Promise((r) => setTimeout(r, 5))
    }
    return this.stray.shift() as Envelope
  }

  waitClosed(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    return Promise.race([this.closedP, new Promise<never>((_, rej) => setTimeout(() => rej(new Error('not closed in time')), timeoutMs))])
  }

  close(): void {
    this.ws.close()
  }
}

/** A plain Uint8Array over decoded bytes (protobufjs gives Buffers in Node). */
export const u8 = (b: Uint8Array | null | undefined): Uint8Array => (b ? new Uint8Array(b.buffer, b.byteOffset, b.byteLength) : new Uint8Array())
/** A copy at offset 0: decoded bytes sit at arbitrary offsets, typed views need alignment. */
const aligned = (b: Uint8Array): ArrayBuffer => {
  const u = new Uint8Array(b.byteLength)
  u.set(b)
  return u.buffer
}
/** A typed view of `bytes`, copied when the decoded field sits at an unaligned offset. */
export function f32(b: Uint8Array): Float32Array {
  if (b.byteOffset % 4 === 0) return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4)
  return new Float32Array(aligned(b))
}
export function i32(b: Uint8Array): Int32Array {
  if (b.byteOffset % 4 === 0) return new Int32Array(b.buffer, b.byteOffset, b.byteLength / 4)
  return new Int32Array(aligned(b))
}
export function i8(b: Uint8Array): Int8Array {
  return new Int8Array(b.buffer, b.byteOffset, b.byteLength)
}

/** A seeded LCG choosing a legal action per env from a batch of masks. */
export function chooser(seed: number) {
  let s = seed >>> 0 || 1
  return (masks: Uint8Array, n: number, count: number): number[] => {
    const out: number[] = []
    for (let i = 0; i < count; i++) {
      let c = 0
      for (let a = 0; a < n; a++) c += masks[i * n + a] as number
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0
      let k = c > 0 ? s % c : 0
      let pick = 0
      for (let a = 0; a < n; a++)
        if (masks[i * n + a]) {
          if (k-- === 0) {
            pick = a
            break
          }
        }
      out.push(pick)
    }
    return out
  }
}

/** Byte equality of two typed arrays: "equal", or where they first differ (vitest's deep equality is slow on big arrays). */
export function diff(a: ArrayBufferView | null | undefined, b: ArrayBufferView | null | undefined): string {
  const x = a ? Buffer.from(a.buffer, a.byteOffset, a.byteLength) : Buffer.alloc(0)
  const y = b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : Buffer.alloc(0)
  if (x.length !== y.length) return `lengths ${x.length} != ${y.length}`
  if (x.equals(y)) return 'equal'
  let i = 0
  while (x[i] === y[i]) i++
  return `first difference at byte ${i}`
}
