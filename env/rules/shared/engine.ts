// What every ruleset's index.ts does around its rules to make an Engine: refuse a
// scenario of another ruleset, report a context that failed to build, name the
// decision, end the game, and (for the rulesets whose flow keeps its registers in
// the state) assemble the Engine object itself from the ruleset's parts.

import type { BaseEvent, BaseState, Decision, Engine, InitOptions, Outcome, Player, TercioError } from '../../core/types.ts'
import { err } from '../../core/types.ts'
import type { Scenario } from '../../scenario/types.ts'
import { checkedApply, InitRecord, type ApplyRules, type FlowRegisters } from './binding.ts'

/** SCENARIO_INVALID when the scenario names another ruleset, else null. */
export function wrongRuleset(id: string, scenario: Scenario): TercioError | null {
  return scenario.ruleset === id ? null : err('SCENARIO_INVALID', `scenario ${scenario.id} is for ruleset ${scenario.ruleset}, not ${id}`, 'ruleset')
}

/** A context builder that lists every problem it found: the first one named, with its path, and a count of the rest. */
export function listedFailure(scenario: Scenario, errors: readonly { message: string; path?: string | undefined }[]): TercioError {
  const first = errors[0]
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more: ${errors.slice(1, 4).map((e) => e.message).join('; ')})` : ''
  return err('SCENARIO_INVALID', `scenario ${scenario.id}: ${first?.message ?? 'invalid'}${more}`, first?.path)
}

/** The decision in s: who decides, which kind, and about what (when it is about a unit, leader or wing). */
export function decisionOf(player: number, kind: string, subject: string | null | undefined): Decision {
  return subject === null || subject === undefined ? { player: player as Player, kind } : { player: player as Player, kind, subject }
}

/** An ended game's outcome from the flow's register: 1 side 0 won, 2 side 1 won, anything else a draw. */
export function overOutcome(over: number, reason: string, score: readonly [number, number]): Outcome {
  return { winner: over === 1 ? 0 : over === 2 ? 1 : null, reason, score: [score[0], score[1]] }
}

/** The outcome of a flow that keeps its result as a winner: -1 the game goes on, 0 or 1 that side won, 2 a draw. */
export function decidedOutcome(winner: number, reason: string, score: readonly [number, number]): Outcome | null {
  return winner < 0 ? null : { winner: winner === 2 ? null : (winner as Player), reason, score: [score[0], score[1]] }
}

/**
 * The mask of the last `legal()` call, kept for the `apply()` that usually follows it on the same
 * state at the same ply and roll count, so checking an action's legality there costs nothing.
 */
export class LegalCache<S extends { ply: number; dice: { count: number } }> {
  readonly mask: Uint8Array
  private state: S | null = null
  private ply = -1
  private rolls = -1

  constructor(size: number) {
    this.mask = new Uint8Array(size)
  }

  /** Keeps a copy of the mask legal() just wrote for s (nothing when it wrote into the cache itself). */
  keep(s: S, mask: Uint8Array): void {
    if (mask === this.mask) return
    this.mask.set(mask)
    this.state = s
    this.ply = s.ply
    this.rolls = s.dice.count
  }

  /** Whether the kept mask is s's as it stands; forgets it either way (apply is about to change s). */
  take(s: S): boolean {
    const hit = this.state === s && this.ply === s.ply && this.rolls === s.dice.count
    this.state = null
    return hit
  }

  /** Forgets the kept mask (s changed without a new ply or roll, as a fixture's setup does). */
  drop(): void {
    this.state = null
  }
}

/** A ruleset whose flow keeps `over`, `dk`, `why` and `ply` in the state: the parts its Engine is made of. */
export interface PlainParts<S extends BaseState & FlowRegisters, E extends BaseEvent> extends Omit<Engine<S, E>, 'init' | 'apply' | 'setup'> {
  /** A fresh state of the scenario, before any of the flow has run. */
  initial(seed: number, opts: InitOptions | undefined): S
  /** Runs the flow of a fresh state up to its first decision (turn-1 phases that need no player). */
  begin(s: S, seed: number, opts: InitOptions | undefined): void
  /** The ruleset's side of apply. */
  rules: ApplyRules<S, E>
  /** Applies a fixture's start block to a fresh state of the same seed and dice. */
  start(s: S, start: unknown): TercioError | null
}

/** The Engine of a ruleset given by its parts: init remembers how it made each state, apply checks before the rules act, setup starts afresh. */
export function plainEngine<S extends BaseState & FlowRegisters, E extends BaseEvent>(parts: PlainParts<S, E>): Engine<S, E> {
  const { initial, begin, rules, start, ...rest } = parts
  const scratch = new Uint8Array(parts.layout.size)
  const inits = new InitRecord<S>()
  return {
    ...rest,
    init(seed: number, opts?: InitOptions): S {
      const s = initial(seed, opts)
      inits.note(s, seed, opts)
      begin(s, seed, opts)
      return s
    },
    apply: (s: S, action: number, events?: E[]): TercioError | null => checkedApply(parts.layout, scratch, rules, s, action, events),
    setup(s: S, block: unknown): TercioError | null {
      inits.reset(s, initial)
      return start(s, block)
    },
  }
}
