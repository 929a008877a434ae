// The `tercio` command line (bin/tercio.mjs runs this through tsx).
// Exit codes: 0 ok, 1 failure (a failing fixture, a fuzz failure, an engine bug),
// 2 usage error (unknown command or option, bad value, unknown or invalid scenario).
import yargs, { type CommandModule } from 'yargs'
import { hideBin } from 'yargs/helpers'
import { conformanceCommand } from './commands/conformance.ts'
import { fuzzCommand } from './commands/fuzz.ts'
import { gymCommands } from './commands/gym.ts'
import { bridgeCommands } from './commands/bridge.ts'
import { tournamentCommands } from './commands/tournament.ts'
import { trainCommands } from './commands/train.ts'
import { playCommand } from './commands/play.ts'
import { showCommand } from './commands/show.ts'
import { viewCommands } from './commands/view.ts'
import { CliError } from './io.ts'

const mine = [playCommand, showCommand, conformanceCommand, fuzzCommand] as unknown as CommandModule[]

export function reportError(e: unknown): number {
  if (e instanceof CliError) {
    console.error(`tercio: ${e.message}`)
    return e.exitCode
  }
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e))
  return 1
}

try {
  await yargs(hideBin(process.argv))
    .scriptName('tercio')
    .usage('$0 <command> [options]\n\nTercio: an RL environment for pike-and-shot hex wargames.')
    .command([...mine, ...gymCommands, ...bridgeCommands, ...viewCommands, ...tournamentCommands, ...trainCommands])
    .demandCommand(1, 'Give a command (see the list above).')
    .strict()
    .recommendCommands()
    .help()
    .alias('h', 'help')
    .version()
    // Piped help is not wrapped (yargs cuts words); a terminal gets its width.
    .wrap(process.stdout.isTTY ? Math.min(120, process.stdout.columns || 100) : null)
    .fail((msg, e, y) => {
      if (e) throw e
      y.showHelp('error')
      console.error(`\ntercio: ${msg}`)
      process.exit(2)
    })
    .parseAsync()
} catch (e) {
  process.exitCode = reportError(e)
}
