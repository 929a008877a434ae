// The scaffolding a bound engine repeats around its rules: remembering how
// init made each state (so a fixture's `setup` can start again from the
// scenario), and the checks every `apply` makes before the rules see an action
// (game over, id out of range, not legal now: errors as values with stable
// codes). A ruleset passes its own rules as a small object made once at bind
// time, so `apply` allocates nothing.

import { actionText, type ActionLayout } from '../../core/actions.ts'
import { err, type InitOptions, type TercioError } from '../../core/types.ts'

/** Each state's init seed and options (forced dice copied), for `setup` to begin again from. */
export class InitRecord<S extends object> {
  private readonly made = new WeakMap<S, { seed: number; opts: InitOptions | undefined }>()

  note(s: S, seed: number, opts: InitOptions | undefined): void {
    this.made.set(s, { seed, opts: opts ? { ...opts, ...(opts.forcedDice ? { forcedDice: opts.forcedDice.slice() } : {}) } : undefined })
  }

  /** Puts s back to a fresh `initial(seed, opts)` of the seed and options init was given; false (s untouched) when init did not make s. */
  reset(s: S, initial: (seed: number, opts: InitOptions | undefined) => S): boolean {
    const rec = this.made.get(s)
    if (rec) Object.assign(s, initial(rec.seed, rec.opts))
    return rec !== undefined
  }
}

/** The flow registers `checkedApply` reads: over (0 while the game runs), the decision kind (-1 none), why it ended, the ply. */
export interface FlowRegisters {
  over: number
  dk: number
  why: string
  ply: number
}

/** A ruleset's side of `apply`. */
export interface ApplyRules<S, E> {
  /** Marks the legal action ids of the decision in s. */
  legal(s: S, mask: Uint8Array): void
  /** The decision in words, for the refusal ("player 0 decides move for F-A1, movement phase, turn 2"). */
  context(s: S): string
  /** Applies an action already checked legal. */
  act(s: S, action: number, events: E[] | undefined): void
}

/** Checks an action (GAME_OVER, ACTION_OUT_OF_RANGE, ACTION_ILLEGAL naming it and the decision), applies it and counts the ply. */
export function checkedApply<S extends FlowRegisters, E>(layout: ActionLayout, scratch: Uint8Array, rules: ApplyRules<S, E>, s: S, action: number, events: E[] | undefined): TercioError | null {
  if (s.over || s.dk < 0) return err('GAME_OVER', `the game is over (${s.why})`)
  if (!Number.isInteger(action) || action < 0 || action >= layout.size) return err('ACTION_OUT_OF_RANGE', `action id ${action} is outside 0..${layout.size - 1}`)
  rules.legal(s, scratch)
  if (!scratch[action]) return err('ACTION_ILLEGAL', `${actionText(layout, action)} is not legal now (${rules.context(s)})`)
  rules.act(s, action, events)
  s.ply++
  return null
}
