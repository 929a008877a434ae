// The sequence decks: each army's remaining cards are counts by type (turned
// cards are public); the order is chance, drawn through the dice state when a
// card is turned, so no deck order is ever part of the state. A fixture may name
// the next cards (`top0`/`top1`), which are taken first.

import { roll } from '../../dice.ts'
import { CARD_TYPES } from './tables.ts'
import { NCARD, type Ctx } from './context.ts'
import type { Events, HState } from './state.ts'

export function cardsLeft(s: HState, side: number): number {
  let n = 0
  for (let k = 0; k < NCARD; k++) n += s.deck[side * NCARD + k] as number
  return n
}

/** Turns the next card of `side`'s deck (a named top card, else a uniform draw over the remaining ones). */
export function drawCard(s: HState, side: number, ev: Events): number {
  const top = side === 0 ? s.top0 : s.top1
  while (top.length > 0) {
    const k = top.shift() as number
    if ((s.deck[side * NCARD + k] as number) > 0) {
      s.deck[side * NCARD + k] = (s.deck[side * NCARD + k] as number) - 1
      return k
    }
  }
  const left = cardsLeft(s, side)
  let i = roll(s.dice, left, 0, `card (side ${side})`, ev)
  for (let k = 0; k < NCARD; k++) {
    const n = s.deck[side * NCARD + k] as number
    if (i < n) {
      s.deck[side * NCARD + k] = n - 1
      return k
    }
    i -= n
  }
  throw new RangeError('deck draw out of range')
}

/** "all of the cards are regathered, and shuffled". */
export function regather(c: Ctx, s: HState): void {
  for (const side of [0, 1] as const) for (let k = 0; k < NCARD; k++) s.deck[side * NCARD + k] = c.deck[side][k] as number
}

export const cardName = (k: number): string => CARD_TYPES[k] as string
