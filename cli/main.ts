// The `tercio` command line (bin/tercio.mjs runs this through tsx).
// Exit codes: 0 ok, 1 failure (a failing fixture, a fuzz failure, an engine bug),
// 2 usage error (unknown command or option, bad value, unknown ruleset or scenario,
// invalid scenario). Every error is one line on stderr, `tercio: <message>`; usage
// errors add a second line pointing at the command's --help.
import yargs, { type Arguments, type CommandModule } from 'yargs'
import { hideBin } from 'yargs/helpers'
import { conformanceCommand } from './commands/conformance.ts'
import { fuzzCommand } from './commands/fuzz.ts'
import { generateCommand } from './commands/generate.ts'
import { suiteCommand } from './commands/suite.ts'
import { gymCommands } from './commands/gym.ts'
import { bridgeCommands } from './commands/bridge.ts'
import { tournamentCommands } from './commands/tournament.ts'
import { trainCommands } from './commands/train.ts'
import { playCommand } from './commands/play.ts'
import { showCommand } from './commands/show.ts'
import { viewCommands } from './commands/view.ts'
import { CliError, didYouMean } from './io.ts'
import { followLauncher } from './launcher.ts'

const mine = [playCommand, showCommand, conformanceCommand, fuzzCommand, generateCommand, suiteCommand] as unknown as CommandModule[]

export function reportError(e: unknown): number {
  if (e instanceof CliError) {
    console.error(`tercio: ${e.message}${e.exitCode === 2 ? `\n${helpHint()}` : ''}`)
    return e.exitCode
  }
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e))
  return 1
}

const commands = [...mine, ...gymCommands, ...bridgeCommands, ...viewCommands, ...tournamentCommands, ...trainCommands]
const args = hideBin(process.argv)
const known = new Set(commands.map((c) => String(c.command).split(' ')[0] ?? ''))
const command = args.find((a) => !a.startsWith('-'))

/** The text given for option `key` (camelCase or kebab-case) on the command line. */
function rawOption(key: string): string | undefined {
  const names = new Set([key, key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())])
  for (let i = 0; i < args.length; i++) {
    const m = /^--?([^=]+)(?:=(.*))?$/s.exec(args[i] as string)
    if (m && names.has(m[1] as string)) return m[2] ?? args[i + 1]
  }
  return undefined
}

/** yargs turns a number option given as "abc" into NaN: put back the text given, so that
 *  each command's own check names it ("--port: expected 0..65535, got abc"). */
function restoreNaN(argv: Arguments): void {
  for (const [k, v] of Object.entries(argv)) {
    if (typeof v === 'number' && Number.isNaN(v)) (argv as Record<string, unknown>)[k] = rawOption(k) ?? ''
  }
}

const helpHint = () => `(see: tercio ${command !== undefined && known.has(command) ? `${command} ` : ''}--help)`

followLauncher()
// `tercio show | head`: the reader has gone, which is no error of ours.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e
  process.exit(0)
})
try {
  await yargs(args)
    .scriptName('tercio')
    .usage('$0 <command> [options]\n\nTercio: an RL environment for pike-and-shot hex wargames.')
    .command(commands)
    .demandCommand(1, 'Give a command (see the list above).')
    .strict()
    .middleware(restoreNaN, true)
    .help()
    .alias('h', 'help')
    .version()
    // Piped help is not wrapped (yargs cuts words); a terminal gets its width.
    .wrap(process.stdout.isTTY ? Math.min(120, process.stdout.columns || 100) : null)
    .fail((msg, e) => {
      if (e) throw e
      // One line, as for every other usage error; the help is one command away. A first word
      // that is no command is named as such (yargs would call it an unknown argument).
      if (command !== undefined && !known.has(command) && args[0] === command) msg = `unknown command "${command}" (commands: ${[...known].join(', ')})${didYouMean(command, [...known])}`
      console.error(`tercio: ${msg}\n${helpHint()}`)
      process.exit(2)
    })
    .parseAsync()
} catch (e) {
  process.exitCode = reportError(e)
}
