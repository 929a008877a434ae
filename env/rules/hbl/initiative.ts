// Initiative (15 January post): both armies roll their army die; the difference
// is the pips each side gets; the higher roller uses all his pips first or
// second; equal rolls end the turn and the decks are regathered. A side whose
// deck is spent forfeits its pips, and a turn also ends when both decks are
// spent (reconstructed: keeps every turn finite). The Lull lets the enemy roll
// army dice and, if he beats the turning side, steal a pip and turn one card.

import type { Player } from '../../core/types.ts'
import { roll } from '../../dice.ts'
import type { Ctx } from './context.ts'
import { cardName, cardsLeft, drawCard, regather } from './deck.ts'
import { endGame } from './morale.ts'
import { F_DONE, F_EVEN, K, MW, type Events, type HState } from './state.ts'

/** Rolls for initiative: sets the order decision, or ends the turn on equal rolls. Returns true when a decision is set. */
export function rollInitiative(c: Ctx, s: HState, ev: Events): boolean {
  const a = roll(s.dice, c.armyDie[0], 1, 'army die (side 0)', ev)
  const b = roll(s.dice, c.armyDie[1], 1, 'army die (side 1)', ev)
  s.roll[0] = a
  s.roll[1] = b
  const higher: Player | null = a === b ? null : a > b ? 0 : 1
  const pips = Math.abs(a - b)
  ev?.push({ type: 'initiative', rolls: [a, b], pips, higher })
  if (higher === null) {
    endTurn(c, s, ev)
    return false
  }
  s.pips[0] = pips
  s.pips[1] = pips
  s.dk = K['initiative-order']
  s.dp = higher
  return true
}

/** The next card between cards: turns one for the side whose pips are being used. Returns true when a decision is set. */
export function betweenCards(c: Ctx, s: HState, ev: Events): boolean {
  if (s.seg < 0) return rollInitiative(c, s, ev)
  if (s.seg >= 2) {
    if (cardsLeft(s, 0) === 0 && cardsLeft(s, 1) === 0) endTurn(c, s, ev)
    else s.seg = -1
    return false
  }
  const p = s.seg === 0 ? s.first : 1 - s.first
  if ((s.pips[p] as number) > 0 && cardsLeft(s, p) > 0) {
    s.pips[p] = (s.pips[p] as number) - 1
    startCard(c, s, p, drawCard(s, p, ev), false, ev)
    return false
  }
  s.pips[p] = 0
  s.seg++
  return false
}

export function startCard(c: Ctx, s: HState, side: number, card: number, stolen: boolean, ev: Events): void {
  s.card = card
  s.cside = side
  s.cst = 0
  s.stolen = stolen ? 1 : 0
  s.act = -1
  s.adie = 0
  s.grp = -1
  s.sel = -1
  s.tgt = -1
  s.wdone.fill(0)
  for (let u = 0; u < c.nU; u++) s.fl[u] = (s.fl[u] as number) & ~(F_DONE | F_EVEN)
  for (let i = 0; i < s.mel.length; i += MW) s.mel[i + 3] = 0
  ev?.push({ type: 'card', side: side as Player, card: cardName(card), stolen, left: cardsLeft(s, side) })
}

export function endCard(s: HState): void {
  s.card = -1
  s.cst = 0
  s.stolen = 0
  s.act = -1
  s.grp = -1
  s.sel = -1
  s.tgt = -1
}

/** The Lull: the enemy steals a pip if his army die beats the turning side's. Returns true when a card was stolen. */
export function lull(c: Ctx, s: HState, ev: Events): boolean {
  const side = s.cside
  const enemy = 1 - side
  if (s.stolen) {
    ev?.push({ type: 'card-unused', side: side as Player, card: 'lull' })
    return false
  }
  const mine = roll(s.dice, c.armyDie[side as 0 | 1], 1, 'lull: army die of the turning side', ev)
  const theirs = roll(s.dice, c.armyDie[enemy as 0 | 1], 1, 'lull: army die of the enemy', ev)
  const stolen = theirs > mine && cardsLeft(s, enemy) > 0
  ev?.push({ type: 'lull', side: side as Player, rolls: side === 0 ? [mine, theirs] : [theirs, mine], stolen })
  if (!stolen) return false
  startCard(c, s, enemy, drawCard(s, enemy, ev), true, ev)
  return true
}

export function endTurn(c: Ctx, s: HState, ev: Events): void {
  s.turn++
  s.pips[0] = 0
  s.pips[1] = 0
  s.seg = -1
  endCard(s)
  if (s.turn > c.scenario.turns) {
    finishOnTurns(c, s, ev)
    return
  }
  regather(c, s)
  ev?.push({ type: 'turn', turn: s.turn })
}

/** At the turn cap: the side that lost the smaller share of its chips wins (reconstructed). */
export function finishOnTurns(c: Ctx, s: HState, ev: Events): void {
  const share0 = (s.chipsLost[0] as number) / Math.max(1, c.chips[0])
  const share1 = (s.chipsLost[1] as number) / Math.max(1, c.chips[1])
  const m = c.tables.army.drawMargin
  if (Math.abs(share0 - share1) <= m) endGame(s, null, `turn limit: chips lost ${s.chipsLost[0]} v ${s.chipsLost[1]}, within the draw margin`, ev)
  else endGame(s, share0 < share1 ? 0 : 1, `turn limit: ${c.scenario.sides[share0 < share1 ? 0 : 1].name} lost the smaller share of its morale chips`, ev)
}
