// The generator's random stream: mulberry32 from the battle seed (env/gym/hash.ts),
// seeded and nothing else, so a ruleset + seed + size always gives the same battle.

import { makeRng } from '../../gym/hash.ts'

export class Rand {
  private readonly next: () => number
  constructor(seed: number) {
    this.next = makeRng(seed)
  }
  /** Uniform in [0, 1). */
  float(): number {
    return this.next()
  }
  /** Uniform integer in lo..hi (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1))
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  pick<T>(xs: readonly T[]): T {
    if (xs.length === 0) throw new Error('Rand.pick: empty list')
    return xs[Math.floor(this.next() * xs.length)] as T
  }
}
