// Test doubles for the gym layer, built on the lead's toy engine.
import type { Engine, Player } from '../../env/core/types.ts'
import { makeToyEngine, type ToyEvent, type ToyState } from '../helpers/toy-ruleset.ts'

/** The toy game with every 'target' decision reduced to its pass action: a forced decision
 *  after each selection, for skipForced tests. */
export function makeForcedToyEngine(): Engine<ToyState, ToyEvent> {
  const e = makeToyEngine()
  const pass = e.layout.offset.choice
  return {
    ...e,
    legal(s, mask) {
      const n = e.legal(s, mask)
      if (n === 0 || s.selected < 0) return n
      mask.fill(0)
      mask[pass] = 1
      return 1
    },
    apply(s, a, ev) {
      if (s.selected >= 0 && a !== pass && e.decision(s)) return { code: 'ACTION_ILLEGAL', message: 'only pass' }
      return e.apply(s, a, ev)
    },
  }
}

/** Picks a uniformly random legal action with a tiny LCG (tests must be deterministic). */
export function lcgPicker(seed: number): (mask: Uint8Array) => number {
  let x = seed >>> 0
  return (mask) => {
    let n = 0
    for (let i = 0; i < mask.length; i++) n += mask[i] as number
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    let k = x % n
    for (let i = 0; i < mask.length; i++) if (mask[i] && k-- === 0) return i
    return -1
  }
}

export const other = (p: Player): Player => (1 - p) as Player
