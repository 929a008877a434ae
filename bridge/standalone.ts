// The server shipped inside the Python wheel (scripts/bundle-bridge.mjs bundles this file and what it
// imports into one .mjs that any Node >= 20 runs): `serve` with the options of `tercio serve`, and
// `scenarios`, the built-in scenario ids as JSON (the wheel registers a Gymnasium id for each), and
// `tournament-job` (bridge/tournament-job.ts), the Node side of tercio_client.ray's ray_tournament, and
// `version`, the Tercio version it was built from (package.json's; the wheel's version too).
// --exit-with-parent (before the command): exit when the process that started the server dies, seen as
// its stdin closing or the parent pid changing, so a killed Python process leaves no server behind.
import yargs from 'yargs'
import { hideBin } from 'yargs/helpers'
import { bridgeCommands } from '../cli/commands/bridge.ts'
import { BUILTIN_SCENARIOS, GENERATED_IDS } from '../env/scenario/builtin.ts'
import { reportError } from './cli-error.ts'
import { SERVER_VERSION } from './session.ts'
import { runTournamentJob, type TournamentJob } from './tournament-job.ts'

const PARENT_POLL_MS = 500

function exitWithParent(): void {
  const parent = process.ppid
  const bye = (): never => process.exit(0)
  process.stdin.on('end', bye)
  process.stdin.on('error', bye)
  process.stdin.resume()
  // Watching must not keep the process alive once the server has closed (SIGTERM).
  ;(process.stdin as unknown as { unref?: () => void }).unref?.()
  // stdin may also be held open by a forked sibling (multiprocessing): the parent pid tells for sure.
  setInterval(() => {
    if (process.ppid !== parent) bye()
  }, PARENT_POLL_MS).unref()
}

const args = hideBin(process.argv)
const watch = args.indexOf('--exit-with-parent')
if (watch >= 0) {
  args.splice(watch, 1)
  exitWithParent()
}
try {
  await yargs(args)
    .scriptName('tercio-server')
    .command(bridgeCommands)
    .command('scenarios', 'print the built-in scenario ids as JSON', {}, () => {
      console.log(JSON.stringify([...BUILTIN_SCENARIOS.map((s) => s.id), ...GENERATED_IDS]))
    })
    .command('version', 'print the Tercio version this server was built from', {}, () => {
      console.log(SERVER_VERSION)
    })
    .command('tournament-job', 'play a tournament shard (or merge shards) given as JSON on stdin (tercio_client.ray)', {}, async () => {
      let input = ''
      for await (const chunk of process.stdin) input += String(chunk)
      process.stdout.write(JSON.stringify(await runTournamentJob(JSON.parse(input) as TournamentJob)))
    })
    .demandCommand(1)
    .strict()
    .help()
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
