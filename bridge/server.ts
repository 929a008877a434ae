// The websocket server (`tercio serve`): one Session per connection, one
// binary protobuf Envelope per message, replies in request order. Limits:
// maxPayload (ws closes with 1009 above it), envs per connection, a send
// backlog bound (a client that never reads is dropped), and a ping/pong
// heartbeat that drops dead peers. Binding anywhere but loopback needs a token.

import type { Server as HttpServer } from 'node:http'
import { endianness } from 'node:os'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { CLOSE } from './codes.ts'
import { newCounters, Session, type BridgeCounters, type Reply } from './session.ts'
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
  /** Drop a client whose unsent replies exceed this many bytes (default 256 MiB). */
  maxBacklog?: number
  /** Connections at once (default 64); more are closed with 1013. */
  maxConnections?: number
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
  /** Live connections. */
  connections(): number
  /** Requests counted over every connection since the start. */
  readonly counters: Readonly<BridgeCounters>
  /** Closes every connection (1001) and stops listening. */
  close(): Promise<void>
}

export const DEFAULTS = { host: '127.0.0.1', port: 8765, maxEnvs: 256, maxPayload: 16 * 1024 * 1024, heartbeatMs: 30_000, maxBacklog: 256 * 1024 * 1024, maxConnections: 64 } as const

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
    pos(o.maxConnections, 'maxConnections') ??
    (o.port !== undefined && o.port > 65535 ? `port must be at most 65535, got ${o.port}` : null)
  )
}

interface Conn {
  ws: WebSocket
  session: Session
  alive: boolean
  /** Set while a request is being answered asynchronously: later requests wait behind it. */
  chain: Promise<void> | null
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
  }
  const heartbeatMs = o.heartbeatMs ?? DEFAULTS.heartbeatMs
  const maxBacklog = o.maxBacklog ?? DEFAULTS.maxBacklog
  const maxConnections = o.maxConnections ?? DEFAULTS.maxConnections
  const log = o.log ?? (() => {})
  const conns = new Set<Conn>()
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
    if (conns.size >= maxConnections) {
      ws.close(1013, `server full (${maxConnections} connections)`)
      return
    }
    const c: Conn = { ws, session: new Session(limits, log, counters), alive: true, chain: null }
    conns.add(c)
    log(`bridge: ${peer} connected (${conns.size} open)`)
    ws.on('pong', () => {
      c.alive = true
    })
    const deliver = (reply: Reply): void => {
      if (ws.readyState !== ws.OPEN) return
      ws.send(reply.bytes, { binary: true })
      if (reply.close) ws.close(reply.close.code, reply.close.reason)
      else if (ws.bufferedAmount > maxBacklog) ws.close(CLOSE.policy, 'too many unread replies')
    }
    const process = (data: RawData, isBinary: boolean): Promise<void> | undefined => {
      if (ws.readyState !== ws.OPEN) return undefined
      if (!isBinary) {
        deliver(c.session.error(0, 'MALFORMED', 'text frames are not accepted: send one binary protobuf Envelope per message'))
        return undefined
      }
      const bytes = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? new Uint8Array(data) : data
      const reply = c.session.handleAsync(bytes)
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
    ws.on('message', (data, isBinary) => {
      c.alive = true
      if (c.chain) return enqueue(() => process(data, isBinary))
      const pending = process(data, isBinary)
      if (pending) enqueue(() => pending)
    })
    ws.on('close', (code, reason) => {
      conns.delete(c)
      log(`bridge: ${peer} ${c.session.clientName || ''} closed ${code} ${reason.toString()} (${c.session.envCount} envs freed, ${conns.size} open)`)
      c.session.dispose()
    })
  })

  const beat =
    heartbeatMs > 0
      ? setInterval(() => {
          for (const c of conns) {
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

  const addr = o.attach ? o.attach.server.address() : wss.address()
  const port = typeof addr === 'object' && addr !== null ? addr.port : (o.port ?? DEFAULTS.port)
  const boundHost = o.attach && typeof addr === 'object' && addr !== null ? addr.address : host
  const urlHost = boundHost.includes(':') ? `[${boundHost}]` : boundHost
  let closing: Promise<void> | null = null
  return {
    host,
    port,
    url: `ws://${urlHost}:${port}${o.attach ? o.attach.path : ''}`,
    connections: () => conns.size,
    counters,
    close() {
      closing ??= new Promise<void>((resolve) => {
        if (beat) clearInterval(beat)
        for (const c of conns) c.ws.close(CLOSE.goingAway, 'server shutting down')
        // Peers get a moment to answer the close handshake; then they are cut.
        const cut = setTimeout(() => {
          for (const c of conns) c.ws.terminate()
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
