// `tercio view [REPLAY...]`: serves the web viewer (web/, built by Vite into
// web/dist) on loopback. The page runs the env itself for drawing; this server
// gives it the replays named on the command line (GET api/replays, api/replay?i=N), the agents it
// can play against (GET api/agents), and the bridge (protobuf over websocket,
// docs/bridge.md) on the same port at /bridge: in play mode the opponent is a
// server-side agent of the page's env set (EnvOptions.opponent).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { extname, isAbsolute, join, normalize, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { checkpointFolder } from '../../agents/registry.ts'
import { startServer, type BridgeServer } from '../../bridge/server.ts'
import { DEFAULT_AGENT_DIR, OPPONENT_KINDS } from '../../bridge/session.ts'
import { parseReplay, type Replay } from '../../env/gym/replay.ts'
import { CliError } from '../io.ts'

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

/** True when web/dist holds a bundle newer than the page's sources and the env and proto it bundles:
 *  a stale bundle would replay games with old rules and refuse their hashes. */
export function bundleIsFresh(): boolean {
  const out = join(WEB_DIST, 'index.html')
  if (!existsSync(out)) return false
  const built = statSync(out).mtimeMs
  const envDir = fileURLToPath(new URL('../../env/', import.meta.url))
  // The page also bundles the bridge's generated protobuf module.
  const protoDir = fileURLToPath(new URL('../../proto/', import.meta.url))
  return statSync(join(WEB_ROOT, 'index.html')).mtimeMs <= built && newest(join(WEB_ROOT, 'src')) <= built && newest(envDir) <= built && newest(protoDir) <= built
}

export interface ViewServerOptions {
  host?: string
  /** 0 = any free port. */
  port?: number
  replay?: { name: string; replay: Replay }
  /** Several replays: the page lists them to pick from (the first opens; `replay` comes first when both are given). */
  replays?: readonly { name: string; replay: Replay }[]
  /** Folders ckpt:PATH / onnx:PATH opponents may be loaded from (default agentDirs()). */
  agents?: readonly string[]
  /** Folder of the built page (default web/dist). */
  dist?: string
  log?: (line: string) => void
}

/** Path of the bridge websocket on the view server. */
export const BRIDGE_PATH = '/bridge'

export interface ViewServer {
  readonly url: string
  readonly port: number
  /** The bridge at ws://host:port/bridge (its counters show the opponent's work). */
  readonly bridge: BridgeServer
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

function sendJson(res: ServerResponse, code: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(code, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(text)
}

/** The default agent folders of `tercio view`: the project's checkpoints/ and the runs/ that `tercio train` writes to. */
export const agentDirs = (): string[] => [DEFAULT_AGENT_DIR, resolve('runs')]

/** A checkpoint the page can offer as an opponent: its spec (relative to the working directory when inside it). */
export interface CheckpointEntry {
  readonly spec: string
  readonly ruleset: string | null
  readonly scenario: string | null
}

/** The checkpoints in the agent folders: each folder itself, and its entries one level down, that
 *  checkpointFolder resolves (a checkpoint folder, or a run folder with checkpoint/ or best/). */
export function listCheckpoints(dirs: readonly string[]): CheckpointEntry[] {
  const out: CheckpointEntry[] = []
  const seen = new Set<string>()
  const add = (dir: string): void => {
    const { folder } = checkpointFolder(dir)
    if (folder === null || seen.has(dir)) return
    seen.add(dir)
    let config: { ruleset?: unknown; scenario?: unknown } = {}
    try {
      config = (JSON.parse(readFileSync(join(folder, 'meta.json'), 'utf8')) as { config?: typeof config }).config ?? {}
    } catch {
      // unreadable meta.json: listed without its ruleset; loading it reports what is wrong
    }
    const rel = relative(process.cwd(), dir)
    const path = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : dir
    out.push({ spec: `ckpt:${path}`, ruleset: typeof config.ruleset === 'string' ? config.ruleset : null, scenario: typeof config.scenario === 'string' ? config.scenario : null })
  }
  for (const d of dirs) {
    const dir = resolve(d)
    if (!existsSync(dir) || !statSync(dir).isDirectory()) continue
    add(dir)
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) if (e.isDirectory()) add(join(dir, e.name))
  }
  return out
}

export async function startViewServer(o: ViewServerOptions = {}): Promise<ViewServer> {
  const dist = resolve(o.dist ?? WEB_DIST)
  const log = o.log ?? (() => {})
  const replays = [...(o.replay ? [o.replay] : []), ...(o.replays ?? [])]
  const agents = (o.agents ?? agentDirs()).map((d) => resolve(d))
  const handler = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://x')
    const path = decodeURIComponent(url.pathname)
    // GET api/replay: the first replay (or ?i=N, the N-th from 0); api/replays: their names.
    if (path === '/api/replay') return sendJson(res, 200, replays[Number(url.searchParams.get('i') ?? 0)] ?? null)
    if (path === '/api/replays') return sendJson(res, 200, { names: replays.map((r) => r.name) })
    if (path === '/api/agents') return sendJson(res, 200, { agents: [...OPPONENT_KINDS], dirs: agents, checkpoints: listCheckpoints(agents) })
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
  let bridge: BridgeServer
  try {
    // Same host rules as `tercio serve`: loopback only (no token option here).
    bridge = await startServer({ host, attach: { server, path: BRIDGE_PATH }, log, heartbeatMs: 30_000, maxEnvs: 16, maxConnections: 16, agentDir: agents })
  } catch (e) {
    server.close()
    throw e
  }
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/`,
    port,
    bridge,
    close: async () => {
      await bridge.close()
      await new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      })
    },
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
  if (!p.ok) throw new CliError(`${file}: not a tercio-replay/1 file: ${p.error.message}`)
  return { name: file.split(/[\\/]/).pop() ?? file, replay: p.value }
}

interface ViewArgs {
  replays: string[]
  port: number
  host: string
  build: boolean
  agents?: string[]
}

const viewCommand: CommandModule<object, ViewArgs> = {
  command: 'view [replays..]',
  describe: 'Serve the web viewer: watch a replay, or play against an agent in the browser (docs/viewer.md)',
  builder: (y: Argv<object>) =>
    y
      .positional('replays', { type: 'string', array: true, default: [], describe: 'tercio-replay/1 JSON files: the first opens, the page lists them all to pick from' })
      .option('port', { type: 'number', default: 8780, describe: 'port (0 = any free port; the URL is printed)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to bind' })
      .option('agents', { type: 'string', array: true, describe: 'a folder ckpt:PATH / onnx:PATH opponents may come from (repeat, or comma-separate; default checkpoints/ and ./runs)' })
      .option('build', { type: 'boolean', default: false, describe: 'rebuild the page with Vite even if web/dist is up to date' })
      .example('$0 view', 'open http://127.0.0.1:8780/ and choose Play')
      .example('$0 view runs/game.json --port 0', 'watch a replay on any free port')
      .example('$0 view runs/replays/*.json', 'several replays, listed in the page to pick from')
      .example('$0 view --agents ~/tercio-runs', 'play the run folders of tercio train found there (ckpt:RUN_FOLDER)') as unknown as Argv<ViewArgs>,
  handler: async (argv: ArgumentsCamelCase<ViewArgs>) => {
    if (!Number.isInteger(argv.port) || argv.port < 0 || argv.port > 65535) throw new CliError(`--port: expected 0..65535, got ${argv.port}`)
    const replays = argv.replays.map((f) => loadReplayFile(String(f)))
    const agents = argv.agents?.flatMap((a) => String(a).split(',')).filter((a) => a !== '')
    for (const a of agents ?? []) if (!existsSync(a) || !statSync(a).isDirectory()) throw new CliError(`--agents: ${a} is not a folder`)
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
      server = await startViewServer({ host: argv.host, port: argv.port, replays, ...(agents ? { agents } : {}), log: (l) => console.error(l) })
    } catch (e) {
      throw new CliError(`view: cannot listen on ${argv.host}:${argv.port}: ${e instanceof Error ? e.message : String(e)}`, 1)
    }
    const what = replays.length === 0 ? '' : replays.length === 1 ? ` (replay ${replays[0]!.name})` : ` (${replays.length} replays, first ${replays[0]!.name})`
    console.log(`tercio view: serving ${server.url}${what}`)
    console.log(`opponents from ckpt:/onnx: in ${(agents ?? agentDirs()).map((d) => resolve(d)).join(', ')}`)
    await new Promise<void>((ok) => {
      const stop = (): void => void server.close().then(ok)
      process.once('SIGINT', stop)
      process.once('SIGTERM', stop)
    })
  },
}

export const viewCommands: CommandModule[] = [viewCommand as unknown as CommandModule]
