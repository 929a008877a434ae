// Exit code and message of a CLI error, for bridge/main.mjs (cli/main.ts has its own copy and runs on import).
import { CliError } from '../cli/io.ts'

export function reportError(e: unknown): number {
  if (e instanceof CliError) {
    console.error(`tercio: ${e.message}`)
    return e.exitCode
  }
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e))
  return 1
}
