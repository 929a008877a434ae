// The page's bridge client: protobuf Envelopes (proto/tercio.js, the same
// generated module the server uses) over the view server's websocket at
// /bridge. One request at a time per id; replies are matched by correlation id.
import { tercio } from '../../proto/tercio.js'

const pb = tercio.v1

export class BridgeClient {
  private nextId = 1
  private readonly waiting = new Map<number, { ok: (e: tercio.v1.Envelope) => void; bad: (e: Error) => void }>()
  welcome: tercio.v1.IWelcome | null = null
  /** Requests sent (tests read it through window.tercio). */
  sent = 0
  /** Called once when the connection closes (the server went away, or close()). */
  onClose: ((why: string) => void) | null = null

  private constructor(private readonly ws: WebSocket) {
    ws.binaryType = 'arraybuffer'
    ws.onmessage = (ev) => {
      let e: tercio.v1.Envelope
      try {
        e = pb.Envelope.decode(new Uint8Array(ev.data as ArrayBuffer))
      } catch {
        return
      }
      const w = this.waiting.get(e.id)
      if (!w) return
      this.waiting.delete(e.id)
      w.ok(e)
    }
    ws.onclose = (ev) => {
      const why = `code ${ev.code}${ev.reason ? `: ${ev.reason}` : ''}`
      for (const w of this.waiting.values()) w.bad(new Error(`the connection to the server closed (${why})`))
      this.waiting.clear()
      this.onClose?.(why)
    }
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN
  }

  /** Connects to the view server's bridge and says Hello. */
  static async connect(url: string): Promise<BridgeClient> {
    const ws = new WebSocket(url)
    await new Promise<void>((ok, bad) => {
      ws.onopen = () => ok()
      ws.onerror = () => bad(new Error(`cannot connect to the server at ${url} (is tercio view running?)`))
    })
    const c = new BridgeClient(ws)
    const w = await c.request({ hello: { protocolVersion: 1, clientName: 'tercio view' } })
    if (w.kind !== 'welcome' || !w.welcome) throw new Error(`the bridge refused Hello: ${w.error?.code ?? w.kind}: ${w.error?.message ?? ''}`)
    c.welcome = w.welcome
    return c
  }

  request(body: tercio.v1.IEnvelope): Promise<tercio.v1.Envelope> {
    const id = this.nextId++
    return new Promise((ok, bad) => {
      if (!this.open) return bad(new Error('the connection to the server is closed'))
      this.waiting.set(id, { ok, bad })
      this.sent++
      this.ws.send(pb.Envelope.encode({ ...body, id }).finish())
    })
  }

  /** A request whose reply must be of `kind`; an Error reply becomes a thrown Error with its code. */
  async expect<K extends NonNullable<tercio.v1.Envelope['kind']>>(body: tercio.v1.IEnvelope, kind: K): Promise<tercio.v1.Envelope> {
    const r = await this.request(body)
    if (r.kind === kind) return r
    if (r.kind === 'error' && r.error) throw new Error(`${r.error.code}: ${r.error.message}`)
    throw new Error(`expected ${kind} from the bridge, got ${r.kind ?? 'nothing'}`)
  }

  close(): void {
    this.ws.close()
  }
}

/** ws://host/bridge next to the page (the view server's own port). */
export const bridgeUrl = (): string => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/bridge`
