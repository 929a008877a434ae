// Seeded dice. The generator is seedrandom's xor128, stepped here on a state
// that lives inside the game state, so clone + the same actions replay the same
// rolls. test/dice.test.ts checks the sequence against seedrandom itself.

import seedrandom from 'seedrandom'
import type { RolledEvent } from './core/types.ts'

export interface DiceState {
  x: number
  y: number
  z: number
  w: number
  /** Forced results, consumed before the generator (tests, conformance fixtures). */
  forced: number[]
  /** When true, a roll with no forced result left is an error (fixtures). */
  strict: boolean
  /** Rolls made so far. */
  count: number
}

/** Thrown when a strict forced-dice queue runs dry: a fixture error, caught by its runner. */
export class DiceExhaustedError extends Error {
  constructor(why: string) {
    super(`forced dice exhausted at roll for ${why}`)
    this.name = 'DiceExhaustedError'
  }
}

export function seedDice(seed: number): DiceState {
  const s = seedrandom.xor128(`tercio:${seed}`, { state: true }).state()
  return { x: s.x | 0, y: s.y | 0, z: s.z | 0, w: s.w | 0, forced: [], strict: false, count: 0 }
}

export function cloneDice(d: DiceState): DiceState {
  return { x: d.x, y: d.y, z: d.z, w: d.w, forced: d.forced.slice(), strict: d.strict, count: d.count }
}

/** Next raw uint32 of xor128 (same as seedrandom's). */
export function nextUint32(d: DiceState): number {
  const t = d.x ^ (d.x << 11)
  d.x = d.y
  d.y = d.z
  d.z = d.w
  d.w ^= (d.w >>> 19) ^ t ^ (t >>> 8)
  return d.w >>> 0
}

/** Uniform integer in [lo, lo + sides). Forced values are taken first and must lie in range. */
export function roll(d: DiceState, sides: number, lo: number, why: string, events?: RolledEvent[] | { push(e: RolledEvent): unknown }): number {
  let value: number
  let forced = false
  if (d.forced.length > 0) {
    value = d.forced.shift() as number
    forced = true
    if (!Number.isInteger(value) || value < lo || value >= lo + sides) {
      throw new RangeError(`forced die ${value} is not a d${sides} result (${lo}..${lo + sides - 1}) for ${why}`)
    }
  } else if (d.strict) {
    throw new DiceExhaustedError(why)
  } else {
    value = lo + Math.floor((nextUint32(d) / 0x100000000) * sides)
  }
  d.count++
  if (events) events.push({ type: 'rolled', sides, value, forced, why })
  return value
}

/** d10 read 0..9 (PIWAM). */
export const d10 = (d: DiceState, why: string, events?: { push(e: RolledEvent): unknown }) => roll(d, 10, 0, why, events)
/** d6 read 1..6. */
export const d6 = (d: DiceState, why: string, events?: { push(e: RolledEvent): unknown }) => roll(d, 6, 1, why, events)

/** CFEO's Average die: faces 2-3-3-4-4-5, a die of its own. Generated from one d6 face read through
 *  AVERAGE_DIE_FACES (the text's own substitute: "count 1 as 3, and 6 as 4" is the same distribution);
 *  a forced value is the value read (2..5). The rolled event says `sides: 6` and names the die in `why`. */
export const AVERAGE_DIE_FACES = [2, 3, 3, 4, 4, 5] as const
export function avd(d: DiceState, why: string, events?: { push(e: RolledEvent): unknown }): number {
  let value: number
  let forced = false
  if (d.forced.length > 0) {
    value = d.forced.shift() as number
    forced = true
    if (!Number.isInteger(value) || value < 2 || value > 5) throw new RangeError(`forced die ${value} is not an Average die result (2..5) for ${why}`)
  } else if (d.strict) {
    throw new DiceExhaustedError(why)
  } else {
    value = AVERAGE_DIE_FACES[Math.floor((nextUint32(d) / 0x100000000) * 6)] as number
  }
  d.count++
  if (events) events.push({ type: 'rolled', sides: 6, value, forced, why: `AvD: ${why}` })
  return value
}
