// Gym-layer commands (check-env, replay, bench), registered by cli/main.ts.
import type { CommandModule } from 'yargs'

export const gymCommands: CommandModule[] = []
