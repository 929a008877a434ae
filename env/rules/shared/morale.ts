// Morale-test arithmetic: dice-sum tests and the column-shift rule of combat
// tables. Every die goes through the game's dice (forced in fixtures, logged
// as `rolled` events), so a test is reproducible from the state alone.
//
//   const sum = rollSum(s.dice, 2, 6, 'rally: S-P1', ev)     // 2d6 (Marignan 0.2)
//   if (passesAtMost(sum, morale, modifier)) ...              // modifiers apply to the rating
//   const col = shiftColumn(base, columnShift(m), columns)    // 12.4 / 13.2: 2 points per column
//   const die = clampDie(d + leftoverDieModifier(m), 0, 7)    //   the odd point goes to the die

import { roll, type DiceState } from '../../dice.ts'
import type { RolledEvent } from '../../core/types.ts'

/** Sum of `count` dice with `sides` faces (1..sides), rolled one by one through the game's dice. */
export function rollSum(dice: DiceState, count: number, sides: number, why: string, events?: { push(e: RolledEvent): unknown }): number {
  let sum = 0
  for (let i = 0; i < count; i++) sum += roll(dice, sides, 1, why, events)
  return sum
}

/** A roll-under test: passes when the sum is at most the rating plus its modifier (the modifier is the rating's, not the roll's). */
export const passesAtMost = (sum: number, rating: number, modifier: number): boolean => sum <= rating + modifier

/** A roll-over test: passes when the sum (plus its modifier) reaches the target. */
export const passesAtLeast = (sum: number, target: number, modifier: number): boolean => sum + modifier >= target

/** Column shift for a net modifier m: one column per full two points, toward m's sign (+5 → 2, -3 → -1). */
export const columnShift = (m: number): number => (m / 2) | 0

/** What is left of m after the column shift, applied to the die: -1, 0 or +1. */
export const leftoverDieModifier = (m: number): number => m - 2 * ((m / 2) | 0)

/** Column index after a shift, kept within the table (0 .. columns - 1: never below the weakest column). */
export const shiftColumn = (column: number, shift: number, columns: number): number => Math.max(0, Math.min(columns - 1, column + shift))

/** A modified die read on a table with rows lo..hi (e.g. 0 = "1 or less" .. 7 = "6 or more"). */
export const clampDie = (die: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, die))
