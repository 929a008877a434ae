// `tercio serve`: the protobuf websocket bridge for external trainers (bridge/server.ts).
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { checkServerOptions, DEFAULT_AGENT_DIR, DEFAULTS, startServer, type ServerOptions } from '../../bridge/server.ts'
import { CliError } from '../io.ts'

interface ServeArgs {
  host: string
  port: number
  token?: string
  maxEnvs: number
  maxPayload: number
  heartbeat: number
  agentDir: string
  quiet: boolean
}

const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: 'Serve envs to external trainers over a protobuf websocket (see docs/bridge.md)',
  builder: (y: Argv<object>) =>
    y
      .option('host', { type: 'string', default: DEFAULTS.host, describe: 'address to bind; anything but loopback needs --token' })
      .option('port', { type: 'number', default: DEFAULTS.port, describe: 'port (0 = any free port; the chosen one is printed)' })
      .option('token', { type: 'string', describe: 'shared secret clients must send in Hello (or set TERCIO_TOKEN)' })
      .option('max-envs', { type: 'number', default: DEFAULTS.maxEnvs, describe: 'envs one connection may hold at once' })
      .option('max-payload', { type: 'number', default: DEFAULTS.maxPayload, describe: 'largest accepted message, bytes' })
      .option('heartbeat', { type: 'number', default: DEFAULTS.heartbeatMs / 1000, describe: 'seconds between pings; a peer silent for two is dropped (0 = off)' })
      .option('agent-dir', { type: 'string', default: DEFAULT_AGENT_DIR, describe: 'the only directory ckpt:PATH / onnx:PATH opponents are loaded from' })
      .option('quiet', { type: 'boolean', default: false, describe: 'do not log connections' })
      .example('$0 serve', 'loopback, port 8765')
      .example('$0 serve --host 0.0.0.0 --token s3cret-token', 'reachable from other machines') as unknown as Argv<ServeArgs>,
  handler: async (argv: ArgumentsCamelCase<ServeArgs>) => {
    const opts: ServerOptions = {
      host: argv.host,
      port: argv.port,
      maxEnvs: argv.maxEnvs,
      maxPayload: argv.maxPayload,
      heartbeatMs: Math.round(argv.heartbeat * 1000),
      agentDir: argv.agentDir,
      log: argv.quiet ? () => {} : (line) => console.error(line),
    }
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
