// `tercio generate`: writes one generated battle (env/scenario/generate) as a
// scenario file. Same ruleset + seed + size + budget => the same bytes.
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { bindEngine } from '../../env/gym/make.ts'
import { BATTLE_SIZES, GENERATED_RULESETS, generateBattle } from '../../env/scenario/generate/index.ts'
import { CliError, writeJson } from '../io.ts'

interface Args {
  ruleset: string
  seed: number
  size: string
  budget?: number
  out?: string
}

export const generateCommand: CommandModule<object, Args> = {
  command: 'generate',
  describe: 'Generate a battle (a scenario file) for a ruleset from a seed',
  builder: (y: Argv<object>) =>
    y
      .option('ruleset', { type: 'string', demandOption: true, describe: `ruleset id (${GENERATED_RULESETS.join(', ')})` })
      .option('seed', { type: 'number', default: 0, describe: 'battle seed, 0..4294967295 (seeds from 2147483648 up are the held-out test battles)' })
      .option('size', { type: 'string', default: 'small', describe: `battle size (${BATTLE_SIZES.join(', ')})` })
      .option('budget', { type: 'number', describe: "points (or strength) per side; default: the ruleset's for the size" })
      .option('out', { type: 'string', describe: 'write the scenario to FILE (default: print it)' })
      .example('$0 generate --ruleset piwam --seed 7 --out battle.json', 'a small PIWAM battle')
      .example('$0 generate --ruleset cfeo --seed 7 --size medium --budget 70', 'a richer medium CFEO battle') as unknown as Argv<Args>,
  handler: (argv: ArgumentsCamelCase<Args>) => {
    const g = generateBattle(argv.ruleset, argv.seed, { size: argv.size, ...(argv.budget !== undefined ? { budget: argv.budget } : {}) })
    if (!g.ok) throw new CliError(g.error.message)
    // The ruleset's own checks too: a battle it refuses is a generator bug (exit 1).
    const b = bindEngine(argv.ruleset, g.value)
    if (!b.ok) throw new CliError(`generated battle ${g.value.id} is refused by ${argv.ruleset}: ${b.error.message}`, 1)
    if (argv.out === undefined) process.stdout.write(JSON.stringify(g.value, null, 2) + '\n')
    else {
      writeJson(argv.out, g.value)
      console.log(`${argv.out}: ${g.value.id}, ${g.value.map.cols}x${g.value.map.rows}, ${g.value.units.length} units, ${g.value.turns} turns`)
    }
  },
}
