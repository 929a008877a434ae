// The round-robin schedule: every pair of agents plays `games` games, in
// pairs on both seats with the same dice seed (game seed = seed + k for the
// k-th seat pair), so seat and dice luck cancel within each pair. A game's
// identity (and so its result) depends only on its index, never on how the
// games are spread over workers.

export interface ScheduledGame {
  /** Index in the schedule (results are reported in this order). */
  readonly index: number
  /** Agent indices on seat 0 and seat 1. */
  readonly seat0: number
  readonly seat1: number
  /** Dice seed of the game (shared by the two seatings of a pair). */
  readonly seed: number
  /** Pairing index (i < j in agent order). */
  readonly pairing: number
}

export function pairings(agents: number): [number, number][] {
  const out: [number, number][] = []
  for (let i = 0; i < agents; i++) for (let j = i + 1; j < agents; j++) out.push([i, j])
  return out
}

/** `games` per pairing (an odd count plays the last seed on one seating only, alternating which agent gets seat 0). */
export function schedule(agents: number, games: number, seed: number): ScheduledGame[] {
  const out: ScheduledGame[] = []
  pairings(agents).forEach(([i, j], p) => {
    for (let g = 0; g < games; g++) {
      const k = g >> 1
      const swap = (g & 1) === 1
      // odd leftovers alternate by pairing so neither agent always takes seat 0
      const flip = g === games - 1 && games % 2 === 1 && p % 2 === 1
      const first = swap !== flip
      out.push({ index: out.length, seat0: first ? j : i, seat1: first ? i : j, seed: seed + k, pairing: p })
    }
  })
  return out
}
