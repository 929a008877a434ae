#!/usr/bin/env node
// Standalone `serve` (same options as `tercio serve`): lets the Python tests and
// the benchmark start a server without the rest of the CLI.
import { register } from 'tsx/esm/api'
register()
const { default: yargs } = await import('yargs')
const { hideBin } = await import('yargs/helpers')
const { bridgeCommands } = await import('./../cli/commands/bridge.ts')
const { reportError } = await import('./cli-error.ts')
try {
  await yargs(hideBin(process.argv)).scriptName('tercio-bridge').command(bridgeCommands).demandCommand(1).strict().help()
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
