// The end-of-run tournament's seed note: it names the seeds the games use and checks them
// against the run's own training and evaluation seeds.
import { describe, expect, it } from 'vitest'
import { SUMMARY_DICE_SEED, summarySeedNote, trainingSeedRange } from '../../training/train/summary.ts'

describe('summarySeedNote', () => {
  it('a default run (seed 1) never trained or evaluated on the tournament dice', () => {
    const note = summarySeedNote({ seed: 1, evalGames: 20 }, { nextEpisodeSeed: 1_000_003 + 500 }, 20)
    expect(note).toBe(
      `dice seed ${SUMMARY_DICE_SEED} (games use seeds 12345..12354, each on both seats): fixed, so end-of-run tables of different runs play the same dice; ` +
        'none of them is a seed this run trained on (1000003..1000502) or evaluated on (900000000..900000019, 900010000..900010019), so the table measures play on unseen dice',
    )
  })
  it('warns when the run trained on those seeds (seed 0 counts episodes up from 0)', () => {
    expect(trainingSeedRange({ seed: 0 }, { nextEpisodeSeed: 20_000 })).toEqual([0, 20_000])
    expect(summarySeedNote({ seed: 0, evalGames: 20 }, { nextEpisodeSeed: 20_000 }, 20)).toContain("WARNING: these seeds overlap this run's training (0..19999)")
    // just below the tournament's first seed: no overlap
    expect(summarySeedNote({ seed: 0, evalGames: 20 }, { nextEpisodeSeed: 12_345 }, 20)).toContain('unseen dice')
  })
})
