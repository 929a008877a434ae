// Replays `tercio-replay/1`: ruleset, scenario (id + hash, optionally inline),
// seed, every applied action as canonical text (forced ones too) with the player
// and the state hash after it, and the outcome. Pure functions: callers bind the
// engine (make.ts `engineForReplay`) and do any file I/O.

import type { BaseEvent, BaseState, Engine, Outcome, Player, Result } from '../core/types.ts'
import { err, fail, ok } from '../core/types.ts'
import { actionText, parseAction } from '../core/actions.ts'
import type { Scenario } from '../scenario/types.ts'
import { hashJson } from './hash.ts'

export const REPLAY_FORMAT = 'tercio-replay/1'

export interface ReplayStep {
  action: string
  player: Player
  /** engine.hash of the state after this action. */
  hash: string
}

export interface Replay {
  format: typeof REPLAY_FORMAT
  ruleset: string
  /** `hash` is hashJson(scenario): a replay refuses to run on an edited scenario. */
  scenario: { id: string; hash: string; inline?: Scenario }
  seed: number
  initialHash: string
  steps: ReplayStep[]
  /** null = unfinished (truncated or abandoned). */
  outcome: Outcome | null
  /** Free-form: agents, spec hash, date, notes. */
  meta?: Record<string, unknown>
}

/** Records a game as it is played. Call push after every applied action, finish at the end. */
export class ReplayRecorder {
  private readonly steps: ReplayStep[] = []
  private outcome: Outcome | null = null
  private readonly head: Omit<Replay, 'steps' | 'outcome'>

  constructor(
    private readonly engine: Engine,
    seed: number,
    initial: BaseState,
    o: { inlineScenario?: boolean; meta?: Record<string, unknown> } = {},
  ) {
    // A generated-battle engine (gym/generated.ts) plays a different battle each game: the replay carries it.
    const battle = (engine as { battle?: (s: BaseState) => Scenario }).battle?.(initial)
    const sc = battle ?? engine.scenario
    this.head = {
      format: REPLAY_FORMAT,
      ruleset: engine.ruleset,
      scenario: o.inlineScenario || battle ? { id: sc.id, hash: hashJson(sc), inline: sc } : { id: sc.id, hash: hashJson(sc) },
      seed,
      initialHash: engine.hash(initial),
      ...(o.meta ? { meta: o.meta } : {}),
    }
  }

  push(action: number, player: Player, hash: string): void {
    this.steps.push({ action: actionText(this.engine.layout, action), player, hash })
  }

  finish(outcome: Outcome | null): void {
    this.outcome = outcome
  }

  get length(): number {
    return this.steps.length
  }

  replay(meta?: Record<string, unknown>): Replay {
    const m = meta || this.head.meta ? { meta: { ...this.head.meta, ...meta } } : {}
    return { ...this.head, ...m, steps: this.steps.slice(), outcome: this.outcome }
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Checks the structure of a parsed replay file; errors name the field. */
export function parseReplay(json: unknown): Result<Replay> {
  const bad = (path: string, what: string) => fail<Replay>(err('REPLAY_INVALID', `replay ${path}: ${what}`, path))
  if (!isObj(json)) return bad('$', 'not a JSON object')
  if (json.format !== REPLAY_FORMAT) return bad('format', `expected "${REPLAY_FORMAT}", got ${JSON.stringify(json.format)}`)
  if (typeof json.ruleset !== 'string') return bad('ruleset', 'missing or not a string')
  const sc = json.scenario
  if (!isObj(sc) || typeof sc.id !== 'string' || typeof sc.hash !== 'string') return bad('scenario', 'expected { id, hash[, inline] }')
  if (sc.inline !== undefined && !isObj(sc.inline)) return bad('scenario.inline', 'not an object')
  if (typeof json.seed !== 'number' || !Number.isInteger(json.seed)) return bad('seed', 'missing or not an integer')
  if (typeof json.initialHash !== 'string') return bad('initialHash', 'missing')
  if (!Array.isArray(json.steps)) return bad('steps', 'not an array')
  for (let i = 0; i < json.steps.length; i++) {
    const s: unknown = json.steps[i]
    if (!isObj(s) || typeof s.action !== 'string' || (s.player !== 0 && s.player !== 1) || typeof s.hash !== 'string') {
      return bad(`steps[${i}]`, 'expected { action: string, player: 0|1, hash: string }')
    }
  }
  if (json.outcome !== null && !isObj(json.outcome)) return bad('outcome', 'expected an outcome object or null')
  return ok(json as unknown as Replay)
}

export interface VerifiedReplay {
  steps: number
  outcome: Outcome | null
  finalHash: string
}

/** One simulated step of a replay, for verify and show. */
export interface ReplayFrame<E extends BaseEvent = BaseEvent> {
  index: number
  step: ReplayStep
  /** Decision kind that the action answered. */
  kind: string
  subject: string | null
  events: E[]
}

/** Re-simulates a replay on `engine`, checking the scenario hash, every step's player and state
 *  hash, and the outcome. `onFrame` sees each step with its events. Errors name the step (1-based). */
export function verifyReplay<E extends BaseEvent>(
  replay: Replay,
  engine: Engine<BaseState, E>,
  onFrame?: (f: ReplayFrame<E>) => void,
): Result<VerifiedReplay> {
  const mismatch = (msg: string, path?: string) => fail<VerifiedReplay>(err('REPLAY_MISMATCH', msg, path))
  if (replay.ruleset !== engine.ruleset) return mismatch(`replay is for ruleset ${replay.ruleset}, engine is ${engine.ruleset}`, 'ruleset')
  const sh = hashJson(engine.scenario)
  if (replay.scenario.hash !== sh) {
    return mismatch(`scenario ${replay.scenario.id} has changed since the replay was recorded (hash ${replay.scenario.hash}, now ${sh})`, 'scenario.hash')
  }
  const s = engine.init(replay.seed)
  if (engine.hash(s) !== replay.initialHash) return mismatch(`initial state hash ${engine.hash(s)} differs from the recorded ${replay.initialHash}`, 'initialHash')
  const events: E[] = []
  for (let i = 0; i < replay.steps.length; i++) {
    const st = replay.steps[i] as ReplayStep
    const where = `step ${i + 1} (${st.action})`
    const d = engine.decision(s)
    if (!d) return mismatch(`${where}: the game was already over`, `steps[${i}]`)
    if (d.player !== st.player) return mismatch(`${where}: recorded for player ${st.player} but player ${d.player} is to act`, `steps[${i}].player`)
    const a = parseAction(engine.layout, engine.grid, st.action)
    if (!a.ok) return fail(err('REPLAY_INVALID', `${where}: ${a.error.message}`, `steps[${i}].action`))
    events.length = 0
    const bad = engine.apply(s, a.value, onFrame ? events : undefined)
    if (bad) return mismatch(`${where}: refused by the engine: ${bad.code} ${bad.message}`, `steps[${i}].action`)
    const h = engine.hash(s)
    if (h !== st.hash) return mismatch(`${where}: state hash ${h} differs from the recorded ${st.hash}`, `steps[${i}].hash`)
    onFrame?.({ index: i, step: st, kind: d.kind, subject: d.subject ?? null, events: events.slice() })
  }
  const out = engine.outcome(s)
  if (replay.outcome !== null) {
    if (!out) return mismatch(`the replay records an outcome (${replay.outcome.reason}) but the game is not over after ${replay.steps.length} steps`, 'outcome')
    if (out.winner !== replay.outcome.winner || out.reason !== replay.outcome.reason) {
      return mismatch(`outcome differs: recorded winner ${replay.outcome.winner} (${replay.outcome.reason}), simulated ${out.winner} (${out.reason})`, 'outcome')
    }
  }
  return ok({ steps: replay.steps.length, outcome: out, finalHash: engine.hash(s) })
}

/** The game step by step in words: one line per decision, its events indented. */
export function showReplay<E extends BaseEvent>(replay: Replay, engine: Engine<BaseState, E>, o: { board?: boolean } = {}): Result<string[]> {
  const sides = engine.scenario.sides
  const lines: string[] = [
    `${replay.ruleset} / ${replay.scenario.id}, seed ${replay.seed}, ${replay.steps.length} decisions`,
    `  ${sides[0].name} (player 0) vs ${sides[1].name} (player 1)`,
  ]
  if (o.board) lines.push(engine.ascii(engine.init(replay.seed)))
  const r = verifyReplay(replay, engine, (f) => {
    const who = sides[f.step.player].name
    lines.push(`${String(f.index + 1).padStart(5)}  ${who}: ${f.kind}${f.subject ? ` [${f.subject}]` : ''} -> ${f.step.action}`)
    for (const e of f.events) lines.push(`         ${engine.describe(e)}`)
  })
  if (!r.ok) return fail(r.error)
  const out = r.value.outcome
  lines.push(
    out
      ? `Result: ${out.winner === null ? 'draw' : `${sides[out.winner].name} wins`} (${out.reason}), score ${out.score[0]}-${out.score[1]}`
      : 'Result: unfinished',
  )
  if (o.board) {
    const s = engine.init(replay.seed)
    for (const st of replay.steps) {
      const a = parseAction(engine.layout, engine.grid, st.action)
      if (a.ok) engine.apply(s, a.value)
    }
    lines.push(engine.ascii(s))
  }
  return ok(lines)
}

/** A file name for a replay: scenario, seed and a short content hash. */
export function replayFileName(r: Replay): string {
  return `${r.ruleset}-${r.scenario.id}-seed${r.seed}-${hashJson(r.steps).slice(0, 8)}.json`
}
