// `tercio view [REPLAY]`: serves the web viewer (web/, built by Vite into
// web/dist) on loopback. The page runs the env itself; this server gives it the
// replay named on the command line (GET api/replay), the agents it can play
// against (GET api/agents) and the opponent's moves (POST api/move: the agent
// is asked on the position reached by replaying the game's actions).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { actionText, parseAction } from '../../env/core/actions.ts'
import type { Engine, Player } from '../../env/core/types.ts'
import { hashJson } from '../../env/gym/hash.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { parseReplay, type Replay } from '../../env/gym/replay.ts'
import type { Scenario } from '../../env/scenario/types.ts'
import { CliError } from '../io.ts'
import { AGENTS } from './play.ts'

export const WEB_ROOT = fileURLToPath(new URL('../../web/', import.meta.url))
export const WEB_DIST = join(WEB_ROOT, 'dist')

/** Builds the viewer bundle with Vite (web/vite.config.ts) into web/dist. */
export async function buildViewer(): Promise<void> {
  const vite = await import('vite')
  await vite.build({ configFile: join(WEB_ROOT, 'vite.config.ts'), logLevel: 'warn' })
}

/** Newest modification time of the files under `dir` (recursive). */
function newest(dir: string): number {
  let t = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return t
}

/** True when web/dist holds a bundle newer than the page's sources and the env it bundles:
 *  a stale bundle would replay games with old rules and refuse their hashes. */
export function bundleIsFresh(): boolean {
  const out = join(WEB_DIST, 'index.html')
  if (!existsSync(out)) return false
  const built = statSync(out).mtimeMs
  const envDir = fileURLToPath(new URL('../../env/', import.meta.url))
  return statSync(join(WEB_ROOT, 'index.html')).mtimeMs <= built && newest(join(WEB_ROOT, 'src')) <= built && newest(envDir) <= built
}

export interface ViewServerOptions {
  host?: string
  /** 0 = any free port. */
  port?: number
  replay?: { name: string; replay: Replay }
  /** Folder of the built page (default web/dist). */
  dist?: string
  log?: (line: string) => void
}

export interface ViewServer {
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
}

const MAX_BODY = 4 * 1024 * 1024

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((ok, bad) => {
    const parts: Buffer[] = []
    let n = 0
    req.on('data', (c: Buffer) => {
      n += c.length
      if (n > MAX_BODY) {
        bad(new Error(`request body over ${MAX_BODY} bytes`))
        req.destroy()
      } else parts.push(c)
    })
    req.on('end', () => ok(Buffer.concat(parts).toString('utf8')))
    req.on('error', bad)
  })
}

function sendJson(res: ServerResponse, code: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(code, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(text)
}

interface MoveRequest {
  ruleset?: unknown
  scenario?: unknown
  seed?: unknown
  actions?: unknown
  agent?: unknown
}

/** The opponent's move: replays `actions` from `seed` and asks the agent. Errors are words for the page. */
export function opponentMove(m: MoveRequest, cache: Map<string, Engine>): { action: string } | { error: string } {
  if (typeof m.agent !== 'string' || !AGENTS[m.agent]) return { error: `unknown agent ${JSON.stringify(m.agent)} (known: ${Object.keys(AGENTS).join(', ')})` }
  if (typeof m.seed !== 'number' || !Number.isInteger(m.seed) || m.seed < 0) return { error: 'seed: expected a non-negative integer' }
  if (!Array.isArray(m.actions) || !m.actions.every((a) => typeof a === 'string')) return { error: 'actions: expected an array of action texts' }
  if (typeof m.scenario !== 'string' && (typeof m.scenario !== 'object' || m.scenario === null)) return { error: 'scenario: expected a built-in id or a scenario object' }
  const ruleset = typeof m.ruleset === 'string' ? m.ruleset : undefined
  const key = `${ruleset ?? ''}/${typeof m.scenario === 'string' ? m.scenario : hashJson(m.scenario)}`
  let engine = cache.get(key)
  if (!engine) {
    const b = bindEngine(ruleset, m.scenario as string | Scenario)
    if (!b.ok) return { error: `${b.error.code}: ${b.error.message}` }
    engine = b.value
    if (cache.size > 32) cache.clear()
    cache.set(key, engine)
  }
  const s = engine.init(m.seed)
  const actions = m.actions as string[]
  for (let i = 0; i < actions.length; i++) {
    const a = parseAction(engine.layout, engine.grid, actions[i] as string)
    if (!a.ok) return { error: `actions[${i}]: ${a.error.message}` }
    const bad = engine.apply(s, a.value)
    if (bad) return { error: `actions[${i}] (${actions[i]}): ${bad.code}: ${bad.message}` }
  }
  const d = engine.decision(s)
  if (!d) return { error: 'the game is over: there is no move to make' }
  const mask = new Uint8Array(engine.layout.size)
  const n = engine.legal(s, mask)
  // A fresh agent per move, seeded by game seed, side and ply: moves are reproducible.
  const agent = (AGENTS[m.agent] as (seed: number, e: Engine) => import('../../agents/types.ts').Agent)(m.seed * 2 + d.player + actions.length * 7919, engine)
  agent.reset?.(m.seed * 2 + d.player + actions.length * 7919)
  const a = agent.act({ engine, state: s, mask, legalCount: n, player: d.player as Player })
  if (mask[a] !== 1) return { error: `agent ${m.agent} chose ${actionText(engine.layout, a)}, which is not legal` }
  return { action: actionText(engine.layout, a) }
}

export async function startViewServer(o: ViewServerOptions = {}): Promise<ViewServer> {
  const dist = resolve(o.dist ?? WEB_DIST)
  const log = o.log ?? (() => {})
  const cache = new Map<string, Engine>()
  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://x')
    const path = decodeURIComponent(url.pathname)
    if (path === '/api/replay') return sendJson(res, 200, o.replay ?? null)
    if (path === '/api/agents') return sendJson(res, 200, { agents: Object.keys(AGENTS) })
    if (path === '/api/move') {
      if (req.method !== 'POST') return sendJson(res, 405, { error: 'POST a JSON body' })
      let body: MoveRequest
      try {
        body = JSON.parse(await readBody(req)) as MoveRequest
      } catch (e) {
        return sendJson(res, 400, { error: `bad request body: ${e instanceof Error ? e.message : String(e)}` })
      }
      const r = opponentMove(body, cache)
      return sendJson(res, 'error' in r ? 400 : 200, r)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'GET only' })
    const file = normalize(join(dist, path === '/' ? 'index.html' : path))
    if (!file.startsWith(dist + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end(`not found: ${path}`)
      return
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
    res.end(req.method === 'HEAD' ? undefined : readFileSync(file))
  }
  const server: Server = createServer((req, res) => {
    handler(req, res).catch((e: unknown) => {
      log(`view: ${req.url}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      if (!res.headersSent) sendJson(res, 500, { error: e instanceof Error ? e.message : String(e) })
      else res.end()
    })
  })
  const host = o.host ?? '127.0.0.1'
  await new Promise<void>((ok, bad) => {
    server.once('error', bad)
    server.listen(o.port ?? 8780, host, () => ok())
  })
  const addr = server.address()
  const port = typeof addr === 'object' && addr ? addr.port : (o.port ?? 8780)
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    port,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      }),
  }
}

/** Reads and checks a replay file; errors are CliErrors naming the file. */
export function loadReplayFile(file: string): { name: string; replay: Replay } {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch (e) {
    throw new CliError(`${file}: cannot read a JSON replay: ${e instanceof Error ? e.message : String(e)}`)
  }
  const p = parseReplay(json)
  if (!p.ok) throw new CliError(`${file}: ${p.error.code}: ${p.error.message}`)
  return { name: file.split(/[\\/]/).pop() ?? file, replay: p.value }
}

interface ViewArgs {
  replay?: string
  port: number
  host: string
  build: boolean
}

const viewCommand: CommandModule<object, ViewArgs> = {
  command: 'view [replay]',
  describe: 'Serve the web viewer: watch a replay, or play against an agent in the browser (docs/viewer.md)',
  builder: (y: Argv<object>) =>
    y
      .positional('replay', { type: 'string', describe: 'a tercio-replay/1 JSON file to open' })
      .option('port', { type: 'number', default: 8780, describe: 'port (0 = any free port; the URL is printed)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to bind' })
      .option('build', { type: 'boolean', default: false, describe: 'rebuild the page with Vite even if web/dist is up to date' })
      .example('$0 view', 'open http://127.0.0.1:8780/ and choose Play')
      .example('$0 view runs/game.json --port 0', 'watch a replay on any free port') as unknown as Argv<ViewArgs>,
  handler: async (argv: ArgumentsCamelCase<ViewArgs>) => {
    if (!Number.isInteger(argv.port) || argv.port < 0 || argv.port > 65535) throw new CliError(`--port: expected 0..65535, got ${argv.port}`)
    const replay = argv.replay ? loadReplayFile(argv.replay) : undefined
    if (argv.build || !bundleIsFresh()) {
      console.error('tercio view: building the page with Vite (web/ -> web/dist)…')
      try {
        await buildViewer()
      } catch (e) {
        throw new CliError(`view: the Vite build failed: ${e instanceof Error ? e.message : String(e)}`, 1)
      }
    }
    let server: ViewServer
    try {
      server = await startViewServer({ host: argv.host, port: argv.port, ...(replay ? { replay } : {}), log: (l) => console.error(l) })
    } catch (e) {
      throw new CliError(`view: cannot listen on ${argv.host}:${argv.port}: ${e instanceof Error ? e.message : String(e)}`, 1)
    }
    console.log(`tercio view: serving ${server.url}${replay ? ` (replay ${replay.name})` : ''}`)
    await new Promise<void>((ok) => {
      const stop = (): void => void server.close().then(ok)
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
  },
}

export const viewCommands: CommandModule[] = [viewCommand as unknown as CommandModule]
