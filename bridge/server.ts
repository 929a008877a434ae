// The websocket server (`tercio serve`): one Session per connection, one
// binary protobuf Envelope per message, replies in request order. Limits:
// maxPayload (ws closes with 1009 above it), envs per connection, a Hello
// deadline and a small size limit before Hello (a peer that does not say Hello
// properly is closed); connections waiting for Hello sit in a small pool of
// their own (the oldest evicted when it is full) and take a connection slot
// only once their Hello (and token) is accepted; queued reply bytes (a peer
// that does not read is no longer read from, cut off past its own bound or the
// server's total, and dropped when a reply stays unsent past a deadline); and
// a ping/pong heartbeat that drops dead peers. Binding anywhere but loopback
// needs a token. Agent files (ckpt:PATH, onnx:PATH opponents) come from one
// directory only.

import type { Server as HttpServer } from 'node:http'
import { endianness } from 'node:os'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { CLOSE } from './codes.ts'
import { DEFAULT_AGENT_DIR, newCounters, Session, type BridgeCounters, type Reply } from './session.ts'
import { isLoopback } from './token.ts'

export interface ServerOptions {
  /** Default 127.0.0.1. */
  host?: string
  /** Default 8765; 0 = any free port. */
  port?: number
  /** Clients must send it in Hello. Required when host is not a loopback address. */
  token?: string
  /** Envs one connection may hold at once (default 256). */
  maxEnvs?: number
  /** Largest accepted message in bytes (default 16 MiB). */
  maxPayload?: number
  /** Ping interval; a peer that has not answered the previous ping is dropped (default 30000, 0 = off). */
  heartbeatMs?: number
  /** Cut off a client as soon as its unsent replies exceed this many bytes (default 64 MiB). */
  maxBacklog?: number
  /** Stop reading requests from a client whose unsent replies exceed this many bytes, until they drain
   *  (default 4 MiB): a peer that does not read cannot make the server queue more for it. */
  pauseBacklog?: number
  /** Bound on the unsent replies of all clients together (default 256 MiB): past it, the client with the
   *  most is cut off. */
  maxBacklogTotal?: number
  /** A connection that has not completed Hello within this many ms is closed (default 10000). */
  helloTimeoutMs?: number
  /** Largest message accepted before Hello, in bytes (default 64 KiB): a bigger one closes the connection
   *  unread (1009). */
  maxHelloBytes?: number
  /** The only directory ckpt:PATH and onnx:PATH opponents are loaded from (e.g. DEFAULT_AGENT_DIR, the
   *  project's checkpoints/): every other path is refused alike (AGENT_INVALID). A PATH is taken relative to
   *  the server's working directory, or else to this directory (or these: the first that holds it). Unset: any path the server can read. */
  agentDir?: string | readonly string[]
  /** Connections that completed Hello, at once (default 64); a Hello beyond them is answered by closing
   *  with 1013. */
  maxConnections?: number
  /** Connections waiting for their Hello, at once (default 16): a new one evicts the oldest (closed 1013).
   *  They hold no connection slot, so peers that never say Hello cannot lock out clients that do. */
  maxPending?: number
  /** A peer that leaves replies unread this long is dropped with 1008, whatever the heartbeat (default 30000,
   *  0 = off). Read means read by the peer, not written to the socket: replies small enough to wait in the
   *  kernel's buffers count too. The proof is a websocket ping sent behind them (readCheckMs), which the
   *  peer answers once it has read everything before it. */
  sendTimeoutMs?: number
  /** Log lines (connections, errors); default: nothing. */
  log?: (line: string) => void
  /** Serve on this (already listening) HTTP server's upgrades instead of a port of its own
   *  (the view server: page and bridge on one loopback port). host/port are then ignored. */
  attach?: { server: HttpServer; path: string }
}

export interface BridgeServer {
  readonly host: string
  readonly port: number
  readonly url: string
  /** Live connections (with their Hello done or waiting for it). */
  connections(): number
  /** Reply bytes queued for all peers and not yet sent (what the backlog limits bound). */
  queuedBytes(): number
  /** Requests counted over every connection since the start. */
  readonly counters: Readonly<BridgeCounters>
  /** Closes every connection (1001) and stops listening. */
  close(): Promise<void>
}

export const DEFAULTS = {
  host: '127.0.0.1',
  port: 8765,
  maxEnvs: 256,
  maxPayload: 16 * 1024 * 1024,
  heartbeatMs: 30_000,
  maxBacklog: 64 * 1024 * 1024,
  pauseBacklog: 4 * 1024 * 1024,
  maxBacklogTotal: 256 * 1024 * 1024,
  helloTimeoutMs: 10_000,
  maxHelloBytes: 64 * 1024,
  maxConnections: 64,
  maxPending: 16,
  sendTimeoutMs: 30_000,
} as const

export { DEFAULT_AGENT_DIR }

/** Checks options; a message in words, or null. */
export function checkServerOptions(o: ServerOptions): string | null {
  const host = o.host ?? DEFAULTS.host
  if (!isLoopback(host) && !o.token) return `binding ${host} (not loopback) needs a token: pass --token T (clients send it in Hello)`
  if (o.token !== undefined && o.token.length < 8 && !isLoopback(host)) return 'the token must have at least 8 characters'
  const pos = (v: number | undefined, name: string, zero = false) =>
    v === undefined || (Number.isInteger(v) && (zero ? v >= 0 : v >= 1)) ? null : `${name} must be an integer >= ${zero ? 0 : 1}, got ${v}`
  return (
    pos(o.port, 'port', true) ??
    pos(o.maxEnvs, 'maxEnvs') ??
    pos(o.maxPayload, 'maxPayload') ??
    pos(o.heartbeatMs, 'heartbeatMs', true) ??
    pos(o.maxBacklog, 'maxBacklog') ??
    pos(o.pauseBacklog, 'pauseBacklog') ??
    pos(o.maxBacklogTotal, 'maxBacklogTotal') ??
    pos(o.helloTimeoutMs, 'helloTimeoutMs') ??
    pos(o.maxHelloBytes, 'maxHelloBytes') ??
    pos(o.maxConnections, 'maxConnections') ??
    pos(o.maxPending, 'maxPending') ??
    pos(o.sendTimeoutMs, 'sendTimeoutMs', true) ??
    (o.port !== undefined && o.port > 65535 ? `port must be at most 65535, got ${o.port}` : null)
  )
}

/** ws checks its receiver's payload limit at every frame header. Lowered before Hello, it makes ws refuse a
 *  bigger frame (1009) from the header alone, before buffering its payload. The field is internal to ws 8
 *  (test/bridge/hardening.test.ts sends such a header); without it the size check in `process` still holds. */
function setReceiveLimit(ws: WebSocket, bytes: number): void {
  const r = (ws as unknown as { _receiver?: { _maxPayload?: unknown } })._receiver
  if (r !== undefined && typeof r._maxPayload === 'number') r._maxPayload = bytes
}

/** How long a peer refused before Hello gets to read its close frame before the TCP connection is cut. */
const PRE_HELLO_CLOSE_GRACE_MS = 1000

/** A peer refused before Hello (a frame above the pre-Hello limit): ws has sent its close frame and would now
 *  read, and drop, whatever the peer keeps sending (a 14 MiB payload, say) until the peer closes too. Instead
 *  nothing more is read from it (TCP flow control stops the peer at no cost to the server), and the
 *  connection is cut once the peer has had a moment to read the close frame. Such connections hold no
 *  connection slot (the caller has released it); at most `max` of them linger, the oldest cut first, so
 *  fast reconnecting peers cannot pile up sockets either. */
function stopReadingAndCut(ws: WebSocket, lingering: Set<WebSocket>, max: number): void {
  const sock = (ws as unknown as { _socket?: { pause(): void } })._socket
  // After ws's own handler, which resumes the socket on the next tick.
  if (sock) process.nextTick(() => sock.pause())
  lingering.add(ws)
  ws.once('close', () => lingering.delete(ws))
  for (const old of lingering) {
    if (lingering.size <= max) break
    lingering.delete(old)
    old.terminate()
  }
  setTimeout(() => ws.terminate(), PRE_HELLO_CLOSE_GRACE_MS).unref()
}

interface Conn {
  ws: WebSocket
  session: Session
  alive: boolean
  /** Set while a request is being answered asynchronously: later requests wait behind it. */
  chain: Promise<void> | null
  /** Reading from the peer is paused: it has too many unread replies. */
  paused: boolean
  /** Replies sent so far, and how many of them the peer has been seen to read (an answered read check). */
  replies: number
  read: number
  /** The read check in flight: a ping sent behind `covers` replies (payload `seq`), at `sentAt`. */
  check: { seq: number; covers: number; sentAt: number } | null
}

/** How often replies not yet known to be read get a read check (a ping behind them): a fraction of the send
 *  deadline, at most once a second per connection, so a busy trainer pays one ping a second. */
export function readCheckMs(sendTimeoutMs: number): number {
  return Math.max(20, Math.min(1000, Math.floor(sendTimeoutMs / 4)))
}

export async function startServer(o: ServerOptions = {}): Promise<BridgeServer> {
  const bad = checkServerOptions(o)
  if (bad) throw new RangeError(bad)
  // Batches are the engine's typed arrays sent as they are in memory; the wire format is little-endian.
  if (endianness() !== 'LE') throw new Error('the bridge sends typed arrays as little-endian bytes and needs a little-endian host')
  const host = o.host ?? DEFAULTS.host
  const limits = {
    maxEnvs: o.maxEnvs ?? DEFAULTS.maxEnvs,
    maxPayload: o.maxPayload ?? DEFAULTS.maxPayload,
    token: o.token,
    agentDir: o.agentDir ?? DEFAULT_AGENT_DIR,
  }
  const heartbeatMs = o.heartbeatMs ?? DEFAULTS.heartbeatMs
  const maxBacklog = o.maxBacklog ?? DEFAULTS.maxBacklog
  const pauseBacklog = Math.min(o.pauseBacklog ?? DEFAULTS.pauseBacklog, maxBacklog)
  const maxBacklogTotal = o.maxBacklogTotal ?? DEFAULTS.maxBacklogTotal
  const helloTimeoutMs = o.helloTimeoutMs ?? DEFAULTS.helloTimeoutMs
  const maxHelloBytes = Math.min(o.maxHelloBytes ?? DEFAULTS.maxHelloBytes, limits.maxPayload)
  const maxConnections = o.maxConnections ?? DEFAULTS.maxConnections
  const maxPending = o.maxPending ?? DEFAULTS.maxPending
  const sendTimeoutMs = o.sendTimeoutMs ?? DEFAULTS.sendTimeoutMs
  const log = o.log ?? (() => {})
  /** Connections that completed Hello: they hold the connection slots. */
  const conns = new Set<Conn>()
  /** Connections waiting for Hello, oldest first. */
  const pending = new Set<Conn>()
  /** Connections refused before Hello, waiting to be cut (stopReadingAndCut). */
  const lingering = new Set<WebSocket>()
  const counters = newCounters()

  const common = { maxPayload: limits.maxPayload, perMessageDeflate: false, clientTracking: false } as const
  const wss = o.attach ? new WebSocketServer({ ...common, server: o.attach.server, path: o.attach.path }) : new WebSocketServer({ ...common, host, port: o.port ?? DEFAULTS.port })
  if (!o.attach) {
    await new Promise<void>((resolve, reject) => {
      wss.once('listening', resolve)
      wss.once('error', reject)
    })
  }
  wss.on('error', (e) => log(`bridge: server error: ${e.message}`))

  wss.on('connection', (ws, req) => {
    const peer = `${req.socket.remoteAddress ?? '?'}:${req.socket.remotePort ?? '?'}`
    // The ws default error handler would throw; a broken peer must only end its own connection.
    ws.on('error', (e) => log(`bridge: ${peer}: ${e.message}`))
    const c: Conn = { ws, session: new Session(limits, log, counters), alive: true, chain: null, paused: false, replies: 0, read: 0, check: null }
    setReceiveLimit(ws, maxHelloBytes)
    ws.on('error', () => {
      if (c.session.helloDone || !pending.has(c)) return
      pending.delete(c)
      stopReadingAndCut(ws, lingering, maxPending)
    })
    for (const old of pending) {
      if (pending.size < maxPending) break
      // The oldest waiting peer makes room: a client that says Hello at once is never the oldest for long.
      pending.delete(old)
      log('bridge: evicting the oldest connection waiting for Hello')
      old.ws.close(CLOSE.tryAgain, `too many connections waiting for Hello (${maxPending})`)
      setTimeout(() => old.ws.terminate(), PRE_HELLO_CLOSE_GRACE_MS).unref()
    }
    pending.add(c)
    log(`bridge: ${peer} connected (${conns.size} open, ${pending.size} waiting for Hello)`)
    ws.on('pong', (data) => {
      c.alive = true
      // A pong comes back in stream order: the peer has read every reply sent before its ping.
      if (c.check !== null && data.length === 4 && data.readUInt32LE(0) === c.check.seq) {
        c.read = c.check.covers
        c.check = null
      }
    })
    // A peer holds a connection slot only if it says Hello in time.
    const helloTimer = setTimeout(() => {
      if (c.session.helloDone || ws.readyState !== ws.OPEN) return
      log(`bridge: ${peer}: no Hello within ${helloTimeoutMs} ms, closing`)
      ws.close(CLOSE.policy, `no Hello within ${helloTimeoutMs} ms`)
      // A peer that does not answer the close handshake either is cut.
      setTimeout(() => ws.terminate(), 1000).unref()
    }, helloTimeoutMs)
    helloTimer.unref()
    // Requests that arrived while the peer was paused (ws.pause() stops the socket, not the frames
    // already read from it): answered in order once its replies drain.
    const held: Array<[RawData, boolean]> = []
    const resumeIfDrained = (): void => {
      if (!c.paused || ws.readyState !== ws.OPEN || ws.bufferedAmount > pauseBacklog / 2) return
      c.paused = false
      while (held.length > 0 && !c.paused) {
        const [data, isBinary] = held.shift() as [RawData, boolean]
        handle(data, isBinary)
      }
      if (!c.paused) ws.resume()
    }
    const cut = (victim: Conn, why: string): void => {
      log(`bridge: cutting off ${victim === c ? peer : 'a peer'}: ${why}`)
      // terminate, not close: a close frame would queue behind the unread bytes, which are freed now.
      victim.ws.terminate()
    }
    const deliver = (reply: Reply): void => {
      if (ws.readyState !== ws.OPEN) return
      ws.send(reply.bytes, { binary: true }, resumeIfDrained)
      c.replies++
      if (reply.close) {
        ws.close(reply.close.code, reply.close.reason)
        return
      }
      const queued = ws.bufferedAmount
      if (queued > maxBacklog) return cut(c, `${queued} bytes of unread replies (limit ${maxBacklog})`)
      if (queued > pauseBacklog && !c.paused) {
        // Stop reading its requests: it cannot make the server queue more until it reads.
        c.paused = true
        ws.pause()
      }
      let total = 0
      for (const k of conns) total += k.ws.bufferedAmount
      while (total > maxBacklogTotal) {
        let worst: Conn | null = null
        for (const k of conns) if (k.ws.readyState === k.ws.OPEN && (worst === null || k.ws.bufferedAmount > worst.ws.bufferedAmount)) worst = k
        if (worst === null || worst.ws.bufferedAmount === 0) break
        total -= worst.ws.bufferedAmount
        cut(worst, `the server holds ${total + worst.ws.bufferedAmount} bytes of unread replies (limit ${maxBacklogTotal}); this peer the most`)
      }
    }
    const process = (data: RawData, isBinary: boolean): Promise<void> | undefined => {
      if (ws.readyState !== ws.OPEN) return undefined
      const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data instanceof ArrayBuffer ? data.byteLength : data.length
      if (!c.session.helloDone && size > maxHelloBytes) {
        // Not decoded: before Hello only a Hello is expected, and a Hello is small.
        log(`bridge: ${peer}: a ${size}-byte message before Hello, closing`)
        ws.close(CLOSE.tooBig, `at most ${maxHelloBytes} bytes before Hello`)
        return undefined
      }
      if (!isBinary) {
        const r = c.session.error(0, 'MALFORMED', 'text frames are not accepted: send one binary protobuf Envelope per message')
        deliver(c.session.helloDone ? r : { ...r, close: { code: CLOSE.policy, reason: 'Hello required first' } })
        return undefined
      }
      const bytes = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data
      const before = c.session.helloDone
      const reply = c.session.handleAsync(bytes)
      if (!before && c.session.helloDone) {
        pending.delete(c)
        if (conns.size >= maxConnections) {
          // Its Hello (and token) was good, but every slot is taken: the Welcome is not sent.
          ws.close(CLOSE.tryAgain, `server full (${maxConnections} connections)`)
          return undefined
        }
        conns.add(c)
        setReceiveLimit(ws, limits.maxPayload)
      }
      if (reply instanceof Promise) return reply.then(deliver)
      deliver(reply)
      return undefined
    }
    // Replies keep request order: a request answered asynchronously (a checkpoint opponent
    // loading) holds the later ones in a chain; otherwise everything is synchronous.
    const enqueue = (work: () => Promise<void> | undefined): void => {
      const p: Promise<void> = (c.chain ?? Promise.resolve())
        .then(work)
        .catch((e: unknown) => log(`bridge: ${peer}: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => {
          if (c.chain === p) c.chain = null
        })
      c.chain = p
    }
    const handle = (data: RawData, isBinary: boolean): void => {
      if (c.chain) return enqueue(() => process(data, isBinary))
      const pending = process(data, isBinary)
      if (pending) enqueue(() => pending)
    }
    ws.on('message', (data, isBinary) => {
      c.alive = true
      if (c.paused) held.push([data, isBinary])
      else handle(data, isBinary)
    })
    ws.on('close', (code, reason) => {
      clearTimeout(helloTimer)
      conns.delete(c)
      pending.delete(c)
      log(`bridge: ${peer} ${c.session.clientName || ''} closed ${code} ${reason.toString()} (${c.session.envCount} envs freed, ${conns.size} open)`)
      c.session.dispose()
    })
  })

  const beat =
    heartbeatMs > 0
      ? setInterval(() => {
          for (const c of [...conns, ...pending]) {
            if (!c.alive) {
              log('bridge: dropping a peer that did not answer the heartbeat')
              c.ws.terminate()
              continue
            }
            c.alive = false
            c.ws.ping()
          }
        }, heartbeatMs)
      : null
  beat?.unref()

  // Replies not known to be read get a ping behind them; a peer that leaves one unanswered past the send
  // deadline has not read its replies (wherever they wait: ws's queue or the kernel's buffers) and is dropped.
  let checkSeq = 0
  const readChecks =
    sendTimeoutMs > 0
      ? setInterval(() => {
          const now = Date.now()
          for (const c of [...conns, ...pending]) {
            if (c.ws.readyState !== c.ws.OPEN) continue
            if (c.check !== null) {
              if (now - c.check.sentAt < sendTimeoutMs) continue
              log(`bridge: dropping a peer that left ${c.replies - c.read} replies unread for ${now - c.check.sentAt} ms`)
              // The close frame queues behind the unread replies; the TCP connection is cut a moment later.
              c.ws.close(CLOSE.policy, `replies unread for ${sendTimeoutMs} ms`)
              const ws = c.ws // (closing now: later ticks pass it by)
              setTimeout(() => ws.terminate(), PRE_HELLO_CLOSE_GRACE_MS).unref()
            } else if (c.replies > c.read) {
              checkSeq = (checkSeq + 1) >>> 0
              const payload = Buffer.alloc(4)
              payload.writeUInt32LE(checkSeq, 0)
              c.check = { seq: checkSeq, covers: c.replies, sentAt: now }
              c.ws.ping(payload)
            }
          }
        }, readCheckMs(sendTimeoutMs))
      : null
  readChecks?.unref()

  const addr = o.attach ? o.attach.server.address() : wss.address()
  const port = typeof addr === 'object' && addr !== null ? addr.port : (o.port ?? DEFAULTS.port)
  const boundHost = o.attach && typeof addr === 'object' && addr !== null ? addr.address : host
  const urlHost = boundHost.includes(':') ? `[${boundHost}]` : boundHost
  let closing: Promise<void> | null = null
  return {
    host,
    port,
    url: `ws://${urlHost}:${port}${o.attach ? o.attach.path : ''}`,
    connections: () => conns.size + pending.size,
    queuedBytes: () => {
      let total = 0
      for (const c of conns) total += c.ws.bufferedAmount
      return total
    },
    counters,
    close() {
      closing ??= new Promise<void>((resolve) => {
        if (beat) clearInterval(beat)
        if (readChecks) clearInterval(readChecks)
        for (const c of [...conns, ...pending]) c.ws.close(CLOSE.goingAway, 'server shutting down')
        for (const w of lingering) w.terminate()
        // Peers get a moment to answer the close handshake; then they are cut.
        const cut = setTimeout(() => {
          for (const c of [...conns, ...pending]) c.ws.terminate()
        }, 500)
        cut.unref()
        wss.close(() => {
          clearTimeout(cut)
          resolve()
        })
      })
      return closing
    },
  }
}
