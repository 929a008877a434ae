// Plays one complete game between two agents. The callbacks are the hooks for
// recording (replays), live display and tournaments: they see every step.
import type { BaseEvent, BaseState, Engine, Outcome, Player, TercioError } from '../env/core/types.ts'
import type { Agent, AgentContext } from './types.ts'

export interface StepInfo {
  readonly ply: number
  readonly player: Player
  readonly action: number
  readonly state: BaseState
  /** Events of this step (only collected when `collectEvents` is set). */
  readonly events: readonly BaseEvent[]
}

export interface GameRecord<S extends BaseState = BaseState> {
  readonly seed: number
  readonly outcome: Outcome
  readonly decisions: number
  readonly turns: number
  /** Units eliminated per side (from engine.view at the end). */
  readonly losses: readonly [number, number]
  /** Units per side at the start. */
  readonly units: readonly [number, number]
  readonly actions: number[]
  readonly final: S
}

export interface PlayOptions<S extends BaseState = BaseState> {
  seed: number
  /** A game still running after this many decisions is a bug, reported as an error. */
  maxDecisions?: number
  collectEvents?: boolean
  /** Called after each applied action (the state is live: clone it to keep it). */
  onStep?(info: StepInfo): void
  /** Called once when the game ends by the rules or the turn limit. */
  onGameEnd?(record: GameRecord<S>): void
}

export type PlayResult<S extends BaseState = BaseState> = { ok: true; record: GameRecord<S> } | { ok: false; error: TercioError; actions: number[]; state: S }

export const DEFAULT_MAX_DECISIONS = 1_000_000

export function playGame<S extends BaseState>(engine: Engine<S>, agents: readonly [Agent, Agent], opts: PlayOptions<S>): PlayResult<S> {
  const maxDecisions = opts.maxDecisions ?? DEFAULT_MAX_DECISIONS
  const s = engine.init(opts.seed)
  agents[0].reset?.(opts.seed * 2 + 1)
  agents[1].reset?.(opts.seed * 2 + 2)
  const mask = new Uint8Array(engine.layout.size)
  const actions: number[] = []
  const events: BaseEvent[] = []
  const start = engine.view(s)
  const units: [number, number] = [0, 0]
  for (const u of start.units) units[u.side]++
  const ctx: { engine: Engine<S>; state: S; mask: Uint8Array; legalCount: number; player: Player } = {
    engine,
    state: s,
    mask,
    legalCount: 0,
    player: 0,
  }
  for (;;) {
    const d = engine.decision(s)
    if (d === null) break
    if (actions.length >= maxDecisions) {
      return fail(`game with seed ${opts.seed} did not end within ${maxDecisions} decisions (turn ${s.turn}): an engine bug`, actions, s)
    }
    const n = engine.legal(s, mask)
    if (n <= 0) return fail(`empty legal mask at ply ${s.ply} (seed ${opts.seed}) while the game is not over`, actions, s)
    ctx.legalCount = n
    ctx.player = d.player
    const a = agents[d.player].act(ctx as unknown as AgentContext)
    if (opts.collectEvents) events.length = 0
    const e = engine.apply(s, a, opts.collectEvents ? events : undefined)
    if (e) return { ok: false, error: { code: e.code, message: `agent ${agents[d.player].name} (player ${d.player}) chose action ${a}: ${e.message}` }, actions, state: s }
    actions.push(a)
    opts.onStep?.({ ply: actions.length, player: d.player, action: a, state: s, events })
  }
  const outcome = engine.outcome(s)
  if (outcome === null) return fail(`decision is null but outcome is null (seed ${opts.seed})`, actions, s)
  const end = engine.view(s)
  const losses: [number, number] = [0, 0]
  for (const u of end.units) if (u.eliminated) losses[u.side]++
  const record: GameRecord<S> = { seed: opts.seed, outcome, decisions: actions.length, turns: s.turn, losses, units, actions, final: s }
  opts.onGameEnd?.(record)
  return { ok: true, record }
}

function fail<S extends BaseState>(message: string, actions: number[], state: S): PlayResult<S> {
  return { ok: false, error: { code: 'STATE_INVALID', message }, actions, state }
}
