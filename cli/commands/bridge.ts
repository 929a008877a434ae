// `tercio serve`: the protobuf websocket bridge for external trainers (bridge/server.ts).
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { checkServerOptions, DEFAULT_AGENT_DIR, DEFAULTS, startServer, type ServerOptions } from '../../bridge/server.ts'
import { CliError, parseCount } from '../io.ts'

/** How a limit is given on the command line: a whole number >= 1, or seconds (the option is in ms; 0 = off
 *  where `off` is set). */
type Unit = { kind: 'count' } | { kind: 'seconds'; off: boolean }
const COUNT: Unit = { kind: 'count' }
const SECONDS: Unit = { kind: 'seconds', off: false }
const SECONDS_OR_OFF: Unit = { kind: 'seconds', off: true }

type LimitKey = 'maxEnvs' | 'maxPayload' | 'heartbeatMs' | 'maxConnections' | 'maxPending' | 'helloTimeoutMs' | 'maxHelloBytes' | 'sendTimeoutMs' | 'pauseBacklog' | 'maxBacklog' | 'maxBacklogTotal'

/** Every limit of the server as a flag (docs/bridge.md, "Limits"): flag, option, unit, what it bounds. */
const LIMITS: ReadonlyArray<readonly [string, LimitKey, Unit, string]> = [
  ['max-envs', 'maxEnvs', COUNT, 'envs one connection may hold at once'],
  ['max-payload', 'maxPayload', COUNT, 'largest accepted message, bytes'],
  ['heartbeat', 'heartbeatMs', SECONDS_OR_OFF, 'seconds between pings; a peer silent for two is dropped (0 = off)'],
  ['max-connections', 'maxConnections', COUNT, 'connections that completed Hello, at once; a Hello beyond them is refused (1013)'],
  ['max-pending', 'maxPending', COUNT, 'connections waiting for their Hello, at once; a new one evicts the oldest (1013)'],
  ['hello-timeout', 'helloTimeoutMs', SECONDS, 'seconds a connection has to say Hello (then 1008)'],
  ['max-hello-bytes', 'maxHelloBytes', COUNT, 'largest message accepted before Hello, bytes (a bigger one: 1009)'],
  ['send-timeout', 'sendTimeoutMs', SECONDS_OR_OFF, 'seconds a peer may leave its replies unread before it is dropped (1008), heartbeat or not (0 = off)'],
  ['pause-backlog', 'pauseBacklog', COUNT, "unsent reply bytes at which a peer's requests stop being read"],
  ['max-backlog', 'maxBacklog', COUNT, 'unsent reply bytes at which a peer is cut off'],
  ['max-backlog-total', 'maxBacklogTotal', COUNT, 'unsent reply bytes of all peers at which the one with the most is cut off'],
]

/** A flag's value as the option's: "--FLAG: expected ..., got ..." naming the flag when it is not one. */
function limitValue(flag: string, unit: Unit, v: unknown): number {
  if (unit.kind === 'count') return parseCount(v, flag, 1)
  const s = Number(String(v).trim())
  const ms = Math.round(s * 1000)
  if (String(v).trim() === '' || !Number.isFinite(s) || s < 0 || (ms < 1 && !(unit.off && s === 0))) {
    throw new CliError(`--${flag}: expected ${unit.off ? 'seconds >= 0 (0 = off)' : 'seconds > 0 (at least 0.001)'}, got "${String(v)}"`)
  }
  return ms
}

interface ServeArgs {
  host: string
  port: number
  token?: string
  agentDir: string
  quiet: boolean
}

const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: 'Serve envs to external trainers over a protobuf websocket (see docs/bridge.md)',
  builder: (y: Argv<object>) => {
    let b = y
      .option('host', { type: 'string', default: DEFAULTS.host, describe: 'address to bind; anything but loopback needs --token' })
      .option('port', { type: 'number', default: DEFAULTS.port, describe: 'port (0 = any free port; the chosen one is printed)' })
      .option('token', { type: 'string', describe: 'shared secret clients must send in Hello (or set TERCIO_TOKEN)' })
    for (const [flag, key, unit, describe] of LIMITS) {
      const d = DEFAULTS[key]
      b = b.option(flag, { type: 'number', default: unit.kind === 'seconds' ? d / 1000 : d, describe })
    }
    return b
      .option('agent-dir', { type: 'string', default: DEFAULT_AGENT_DIR, describe: 'the only directory ckpt:PATH / onnx:PATH opponents are loaded from' })
      .option('quiet', { type: 'boolean', default: false, describe: 'do not log connections' })
      .example('$0 serve', 'loopback, port 8765')
      .example('$0 serve --host 0.0.0.0 --token s3cret-token', 'reachable from other machines')
      .example('$0 serve --heartbeat 0 --send-timeout 120', 'no pings; a peer leaving replies unread for 2 minutes is dropped') as unknown as Argv<ServeArgs>
  },
  handler: async (argv: ArgumentsCamelCase<ServeArgs>) => {
    if (!Number.isInteger(argv.port) || argv.port < 0 || argv.port > 65535) throw new CliError(`--port: expected 0..65535, got ${argv.port}`)
    const opts: ServerOptions = {
      host: argv.host,
      port: argv.port,
      agentDir: argv.agentDir,
      log: argv.quiet ? () => {} : (line) => console.error(line),
    }
    const given = argv as unknown as Record<string, unknown>
    for (const [flag, key, unit] of LIMITS) opts[key] = limitValue(flag, unit, given[flag.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())])
    const token = argv.token ?? process.env.TERCIO_TOKEN
    if (token !== undefined && token !== '') opts.token = token
    const bad = checkServerOptions(opts)
    if (bad) throw new CliError(`serve: ${bad}`)
    let server
    try {
      server = await startServer(opts)
    } catch (e) {
      throw new CliError(`serve: cannot listen on ${argv.host}:${argv.port}: ${e instanceof Error ? e.message : String(e)}`, 1)
    }
    // One line on stdout with the address: scripts and tests read it (port 0 picks a free port).
    console.log(`tercio serve: listening on ${server.url}${opts.token ? ' (token required)' : ''}`)
    await new Promise<void>((resolve) => {
      const stop = (sig: string) => {
        console.error(`tercio serve: ${sig}, closing ${server.connections()} connection(s)`)
        void server.close().then(resolve)
      }
      process.once('SIGINT', () => stop('SIGINT'))
      process.once('SIGTERM', () => stop('SIGTERM'))
    })
  },
}

export const bridgeCommands: CommandModule[] = [serveCommand as unknown as CommandModule]
