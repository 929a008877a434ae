// The contract every ruleset implements. Rulesets are plain modules; the env,
// CLI, conformance runner, fuzzer and bridge only ever see these types.

import type { Scenario } from '../scenario/types.ts'
import type { DiceState } from '../dice.ts'
import type { ActionLayout } from './actions.ts'
import type { HexGrid } from '../hex/grid.ts'

export const RULESET_IDS = ['piwam', 'marignan', 'cfeo', 'hbl', 'mttsog'] as const
export type RulesetId = (typeof RULESET_IDS)[number]

export type Player = 0 | 1

/** Errors are values with a stable code and a message naming what is wrong. */
export interface TercioError {
  readonly code: ErrorCode
  readonly message: string
  /** Optional path to the offending field (scenario files, fixtures, messages). */
  readonly path?: string
}

export const ERROR_CODES = [
  'SCENARIO_INVALID',
  'SCENARIO_NOT_FOUND',
  'RULESET_UNKNOWN',
  'ACTION_OUT_OF_RANGE',
  'ACTION_TEXT_UNKNOWN',
  'ACTION_ILLEGAL',
  'GAME_OVER',
  'DICE_EXHAUSTED',
  'STATE_INVALID',
  'FIXTURE_INVALID',
  'REPLAY_INVALID',
  'REPLAY_MISMATCH',
  'AGENT_INVALID',
  'CHECKPOINT_NOT_FOUND',
  'CHECKPOINT_INVALID',
  'CHECKPOINT_SPEC_MISMATCH',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export function err(code: ErrorCode, message: string, path?: string): TercioError {
  return path === undefined ? { code, message } : { code, message, path }
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: TercioError }
export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const fail = <T>(error: TercioError): Result<T> => ({ ok: false, error })

/** Who decides what now. `kind` is one of the ruleset's `decisionKinds`. */
export interface Decision {
  readonly player: Player
  readonly kind: string
  /** The unit/leader/wing the decision is about, when there is one (ids). */
  readonly subject?: string
}

/** Structured events returned by apply. Every event has a `type` discriminant;
 *  rulesets declare their own unions, all of which extend this shape. */
export interface BaseEvent {
  readonly type: string
}

/** The single die-roll event all rulesets share (dice.ts emits it). */
export interface RolledEvent extends BaseEvent {
  readonly type: 'rolled'
  readonly sides: number
  readonly value: number
  readonly forced: boolean
  readonly why: string
}

export interface Outcome {
  /** null = draw */
  readonly winner: Player | null
  readonly reason: string
  /** Victory points (or the score the scenario defines) per player. */
  readonly score: readonly [number, number]
}

/** Common fields every ruleset state has (state is plain JSON data). */
export interface BaseState {
  readonly ruleset: RulesetId
  turn: number
  dice: DiceState
  /** Number of decisions applied so far. */
  ply: number
}

/** A generic, JSON-friendly view of a position: what fixtures assert on, what
 *  renderers and viewers draw. Rulesets may add fields. */
export interface UnitView {
  id: string
  side: Player
  type: string
  wing: string | null
  /** CCRR label, null once off the map (eliminated or exited). */
  hex: string | null
  facing: string | null
  status: string
  eliminated: boolean
  [extra: string]: unknown
}
export interface LeaderView {
  id: string
  side: Player
  role: string
  wing: string | null
  hex: string | null
  removed: boolean
  [extra: string]: unknown
}
export interface WingView {
  id: string
  side: Player
  order: string | null
  /** Ruleset markers, e.g. piwam: finished, bypassed, no-continue, active. */
  markers: string[]
  [extra: string]: unknown
}
export interface GameView {
  turn: number
  phase: string
  decision: Decision | null
  units: UnitView[]
  leaders: LeaderView[]
  wings: WingView[]
  [extra: string]: unknown
}

/** What a ruleset declares about its observation encoding. Planes are laid out
 *  C x rows x cols (plane c of hex h at c * grid.size + h). */
export interface ObsSpec {
  readonly planes: readonly string[]
  readonly entityFeatures: readonly string[]
  /** Rows of the entity table: one per unit then leader (scenario order). */
  readonly maxEntities: number
  readonly globals: readonly string[]
}

export interface ObsBuffers {
  planes: Float32Array
  entities: Float32Array
  globals: Float32Array
}

export interface InitOptions {
  /** Forced die results, consumed in order before the generator. */
  forcedDice?: number[]
  /** With forcedDice: running out is an error (DiceExhaustedError). */
  strictDice?: boolean
}

/** A ruleset bound to one scenario: holds the precomputed, immutable context
 *  (hex grid, terrain, tables) that hot paths need. State stays plain data. */
export interface Engine<S extends BaseState = BaseState, E extends BaseEvent = BaseEvent> {
  readonly ruleset: RulesetId
  readonly scenario: Scenario
  readonly grid: HexGrid
  readonly layout: ActionLayout
  /** Names of decision kinds, index = id used in observations. */
  readonly decisionKinds: readonly string[]
  readonly obs: ObsSpec
  init(seed: number, opts?: InitOptions): S
  decision(s: S): Decision | null
  /** Writes 1 for each legal action id into mask (length layout.size; other
   *  entries are zeroed), returns the count. Never 0 while decision(s) !== null. */
  legal(s: S, mask: Uint8Array): number
  /** Applies a legal action, mutating s. Illegal input returns an error and
   *  leaves s unchanged. Events are pushed to `events` when given (hot paths
   *  pass nothing). */
  apply(s: S, action: number, events?: E[]): TercioError | null
  outcome(s: S): Outcome | null
  clone(s: S): S
  /** 32-bit hash of the whole state, 8 hex digits. */
  hash(s: S): string
  /** Checks a deserialised state (JSON.parse of JSON.stringify(s)); returns it typed or an error. */
  restore(json: unknown): Result<S>
  /** Checks invariants (stacking, statuses, facings, one side per hex...); returns violations in words. */
  invariants(s: S): string[]
  view(s: S): GameView
  /** Each side's remaining fighting value (for optional reward shaping). */
  material(s: S): readonly [number, number]
  /** Fills the observation buffers from `player`'s point of view ; it overwrites every entry. */
  encode(s: S, player: Player, out: ObsBuffers): void
  /** One event in words. */
  describe(e: E): string
  /** ASCII picture of the position. */
  ascii(s: S): string
  /** Optional: applies a conformance fixture's ruleset-specific `start` block
   *  (turn, phase, markers...) to a freshly initialised state. Errors name the field. */
  setup?(s: S, start: unknown): TercioError | null
}

/** A ruleset: its fixed action verbs and decision kinds, and `bind(scenario)`, which checks a
 *  scenario against the rules and returns the {@link Engine} that plays it. */
export interface RulesetModule {
  readonly id: RulesetId
  readonly name: string
  /** Fixed verbs of the CHOICE segment, in id order. */
  readonly choices: readonly string[]
  readonly decisionKinds: readonly string[]
  /** Ruleset-specific validation of a (generically valid) scenario, then binding.
   *  Errors name the field and hex. */
  bind(scenario: Scenario): Result<Engine>
}
