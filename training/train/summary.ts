// The end-of-run tournament of `tercio train` (the new checkpoint against random and the
// heuristic): its dice seed, and the text file written beside tournament.json that says
// which seed it used and why.
import { writeFileSync } from 'node:fs'
import type { TrainConfig } from './config.ts'
import type { Progress } from './trainer.ts'
import { EVAL_DICE_SEEDS } from './trainer.ts'

/** Dice seed of the end-of-run tournament: the same for every run, so the tables of
 *  different runs are played on the same dice (game pair k uses seed + k). */
export const SUMMARY_DICE_SEED = 12345

/** Seeds [lo, hi) that the training episodes of a run drew (episode resets count up from seed × 1,000,003). */
export const trainingSeedRange = (cfg: Pick<TrainConfig, 'seed'>, prog: Pick<Progress, 'nextEpisodeSeed'>): [number, number] => [cfg.seed * 1_000_003, prog.nextEpisodeSeed]

const overlaps = (a: readonly [number, number], b: readonly [number, number]) => a[0] < b[1] && b[0] < a[1]

/** Why the tournament's dice seed is what it is, checked against this run's own seeds. */
export function summarySeedNote(cfg: Pick<TrainConfig, 'seed' | 'evalGames'>, prog: Pick<Progress, 'nextEpisodeSeed'>, gamesPerPairing: number, seed = SUMMARY_DICE_SEED): string {
  const mine: [number, number] = [seed, seed + Math.ceil(gamesPerPairing / 2)]
  const train = trainingSeedRange(cfg, prog)
  const evals = EVAL_DICE_SEEDS.map((s) => [s, s + cfg.evalGames] as [number, number])
  const clash = overlaps(mine, train) || evals.some((e) => overlaps(mine, e))
  return (
    `dice seed ${seed} (games use seeds ${mine[0]}..${mine[1] - 1}, each on both seats): fixed, so end-of-run tables of different runs play the same dice; ` +
    (clash
      ? `WARNING: these seeds overlap this run's training (${train[0]}..${train[1] - 1}) or evaluation seeds (${evals.map((e) => `${e[0]}..${e[1] - 1}`).join(', ')}), so some games repeat training games`
      : `none of them is a seed this run trained on (${train[0]}..${train[1] - 1}) or evaluated on (${evals.map((e) => `${e[0]}..${e[1] - 1}`).join(', ')}), so the table measures play on unseen dice`)
  )
}

/** Writes the tournament's text table with the seed note on top (`tournament.txt`). */
export function writeTournamentText(file: string, table: string, note: string): void {
  writeFileSync(file, `End-of-run tournament of tercio train\n${note}\n\n${table}\n`)
}
