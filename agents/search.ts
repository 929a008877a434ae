// Rollout search over engine.clone: at each decision with a real choice, a
// UCB1 bandit over the legal actions spends an iteration budget on rollouts
// (clone the state, re-seed its dice from the agent's own generator so the
// search never sees the game's real future rolls, apply the candidate, play
// on with the rollout policy for `depth` decisions or to the end) and scores
// them by the outcome (±1) or, at the horizon, by the change in material.
// The most visited action is played. With an iteration budget (not a clock)
// the agent is deterministic under its seed.
import seedrandom from 'seedrandom'
import type { BaseState, Engine, Player } from '../env/core/types.ts'
import type { PiwamState } from '../env/rules/piwam/state.ts'
import { isPiwamEngine, makeHeuristic, piwamHealth, reseedDice } from './heuristic/index.ts'
import { RandomAgent } from './random.ts'
import { nthLegal, type Agent, type AgentContext } from './types.ts'

export interface SearchOptions {
  /** Rollouts per decision (default 16). */
  iters?: number
  /** Decisions played per rollout before scoring by material (default 30). */
  depth?: number
  /** Rollout policy: the scripted heuristic (with epsilon noise) or uniform random. */
  rollout?: 'heuristic' | 'random'
  /** Random-action probability of heuristic rollouts (default 0.1). */
  epsilon?: number
  /** UCB1 exploration constant (default 0.7; values are in [-1, 1]). */
  c?: number
  /** Most candidate actions searched: beyond it, the rollout policy's choice plus a random subset (default 12). */
  maxCandidates?: number
  /** Common random numbers: every candidate is rolled out under the same dice and rollout-policy seeds
   *  (round j of rollouts shares seed j), in rounds over all candidates instead of UCB1, so that the
   *  candidates' differences come from the actions rather than from the luck of their dice. */
  crn?: boolean
  /** How much better (in value units, [-1, 1]) an action's mean must be to overrule the scripted choice (default 0.02). */
  margin?: number
  /** Decision kinds (engine.decisionKinds names) to search; at every other decision the scripted
   *  choice is played unsearched. Default: all. Why: to see where the search's gain over the
   *  heuristic comes from (docs/agents.md: on piwam-training, searching only the order changes,
   *  a tenth of the decisions, wins 60%), and to search or label only there. */
  kinds?: readonly string[]
  name?: string
}


/** An agent that can report how it scored the actions it considered at its last decision
 *  (soft labels for distillation: training/imitate.ts). */
export interface ScoredAgent extends Agent {
  /** Writes the candidates of the last act() into cand[0..n) and their scores (higher is
   *  better, in the agent's value units) into score[0..n); returns n (0 = no record, e.g.
   *  before the first act). Candidate 0 is the agent's scripted prior. Allocation-free. */
  lastScores(cand: Int32Array, score: Float64Array): number
}

export const isScoredAgent = (a: Agent): a is ScoredAgent => typeof (a as Partial<ScoredAgent>).lastScores === 'function'

export const SEARCH_DEFAULTS = { iters: 16, depth: 30, rollout: 'heuristic', epsilon: 0.1, c: 0.7, maxCandidates: 12, crn: false, margin: 0.02, kinds: null } as const

export class SearchAgent implements ScoredAgent {
  readonly name: string
  readonly options: Required<Omit<SearchOptions, 'name' | 'kinds'>> & { readonly kinds: readonly string[] | null }
  private rng: seedrandom.PRNG
  private readonly policy: Agent
  /** The noiseless scripted choice: searched first, kept unless another action scores clearly better. */
  private readonly prior: Agent
  private readonly health: ((s: BaseState) => readonly [number, number]) | null
  private readonly mask: Uint8Array
  private readonly cand: Int32Array
  private readonly visits: Float64Array
  private readonly sums: Float64Array
  private readonly startMaterial: readonly [number, number]
  /** Candidates searched at the last act() (0 before any; 1 for a forced decision). */
  private lastN = 0
  /** The decision kinds searched (null = all). */
  private readonly searched: ReadonlySet<string> | null
  private readonly rctx: { engine: Engine; state: BaseState; mask: Uint8Array; legalCount: number; player: Player }

  constructor(
    private readonly engine: Engine,
    seed = 0,
    o: SearchOptions = {},
  ) {
    this.options = {
      iters: o.iters ?? SEARCH_DEFAULTS.iters,
      depth: o.depth ?? SEARCH_DEFAULTS.depth,
      rollout: o.rollout ?? SEARCH_DEFAULTS.rollout,
      epsilon: o.epsilon ?? SEARCH_DEFAULTS.epsilon,
      c: o.c ?? SEARCH_DEFAULTS.c,
      maxCandidates: o.maxCandidates ?? SEARCH_DEFAULTS.maxCandidates,
      crn: o.crn ?? SEARCH_DEFAULTS.crn,
      margin: o.margin ?? SEARCH_DEFAULTS.margin,
      kinds: o.kinds ?? SEARCH_DEFAULTS.kinds,
    }
    if (!(this.options.iters >= 1) || !(this.options.depth >= 0) || !(this.options.maxCandidates >= 1)) {
      throw new RangeError(`search agent: iters >= 1, depth >= 0 and maxCandidates >= 1 required (got ${JSON.stringify(this.options)})`)
    }
    const unknown = this.options.kinds?.filter((k) => !engine.decisionKinds.includes(k)) ?? []
    if (unknown.length > 0 || this.options.kinds?.length === 0) {
      throw new RangeError(`search agent: kinds must name decision kinds of ${engine.ruleset} (${engine.decisionKinds.join(', ')}); got ${JSON.stringify(this.options.kinds)}`)
    }
    this.searched = this.options.kinds ? new Set(this.options.kinds) : null
    this.name = o.name ?? 'search'
    this.rng = seedrandom.xor128(`search:${seed}`)
    this.policy = this.options.rollout === 'random' ? new RandomAgent(seed) : makeHeuristic(engine, seed, { epsilon: this.options.epsilon })
    this.prior = makeHeuristic(engine, seed)
    this.health = isPiwamEngine(engine) ? (s) => piwamHealth(engine, s as PiwamState) : null
    this.mask = new Uint8Array(engine.layout.size)
    const k = this.options.maxCandidates
    this.cand = new Int32Array(k)
    this.visits = new Float64Array(k)
    this.sums = new Float64Array(k)
    const s0 = engine.init(0)
    const m = this.health ? this.health(s0) : engine.material(s0)
    this.startMaterial = [Math.max(1e-9, m[0]), Math.max(1e-9, m[1])]
    this.rctx = { engine, state: engine.init(0), mask: this.mask, legalCount: 0, player: 0 }
  }

  reset(seed: number): void {
    this.lastN = 0
    this.rng = seedrandom.xor128(`search:${seed}`)
    this.policy.reset?.(seed ^ 0x5eed)
    this.prior.reset?.(seed ^ 0x9e37)
  }

  act(ctx: AgentContext): number {
    if (ctx.legalCount === 1) return this.unsearched(nthLegal(ctx.mask, 0))
    if (this.searched && !this.searched.has(this.engine.decision(ctx.state)?.kind ?? '')) return this.unsearched(this.prior.act(ctx))
    const { iters, c } = this.options
    const nc = this.candidates(ctx)
    this.lastN = nc
    this.visits.fill(0)
    this.sums.fill(0)
    if (this.options.crn) {
      // rounds of one rollout per candidate, all under round j's seed; at least one round
      const rounds = Math.max(1, Math.round(iters / nc))
      for (let j = 0; j < rounds; j++) {
        const seed = (this.rng() * 0x100000000) >>> 0
        for (let k = 0; k < nc; k++) {
          this.visits[k] = this.visits[k]! + 1
          this.sums[k] = this.sums[k]! + this.rollout(ctx.state, this.cand[k]!, ctx.player, seed)
        }
      }
    } else for (let it = 0; it < iters; it++) {
      let k = it
      if (it >= nc) {
        // UCB1 once every candidate has one rollout
        let best = -Infinity
        const lt = Math.log(it)
        for (let i = 0; i < nc; i++) {
          const v = this.visits[i]!
          const ucb = this.sums[i]! / v + c * Math.sqrt(lt / v)
          if (ucb > best) {
            best = ucb
            k = i
          }
        }
      }
      this.visits[k] = this.visits[k]! + 1
      this.sums[k] = this.sums[k]! + this.rollout(ctx.state, this.cand[k]!, ctx.player)
    }
    // the scripted choice (candidate 0) stands unless another action's mean is clearly better
    let bk = 0
    let bm = this.sums[0]! / Math.max(1, this.visits[0]!) + this.options.margin
    for (let i = 1; i < nc; i++) {
      const v = this.visits[i]!
      if (v < 2 && iters >= 2 * nc) continue
      const m = this.sums[i]! / Math.max(1, v)
      if (m > bm) {
        bm = m
        bk = i
      }
    }
    return this.cand[bk]!
  }

  /** Plays a without searching; lastScores reports it as the only candidate. */
  private unsearched(a: number): number {
    this.cand[0] = a
    this.visits[0] = 1
    this.sums[0] = 0
    this.lastN = 1
    return a
  }

  /** The last decision's candidates and their mean rollout values, the scripted choice
   *  (candidate 0) credited with `margin` as act() credits it, so that under CRN the best
   *  score is the action act() played. Candidates never rolled out (UCB1 with fewer
   *  iterations than candidates) are left out: they have no score. */
  lastScores(cand: Int32Array, score: Float64Array): number {
    let n = 0
    for (let k = 0; k < this.lastN && n < cand.length; k++) {
      const v = this.visits[k]!
      if (v === 0) continue
      cand[n] = this.cand[k]!
      score[n] = this.sums[k]! / v + (k === 0 && this.lastN > 1 ? this.options.margin : 0)
      n++
    }
    return n
  }

  /** Fills this.cand with the actions to search; returns how many. */
  private candidates(ctx: AgentContext): number {
    const max = this.options.maxCandidates
    this.cand[0] = this.prior.act(ctx)
    let n = 1
    if (ctx.legalCount <= max) {
      for (let i = 0; i < ctx.mask.length && n < max; i++) if (ctx.mask[i] === 1 && i !== this.cand[0]) this.cand[n++] = i
      return n
    }
    // too many (e.g. withdrawal hexes): the scripted choice plus an evenly spread random subset
    const start = Math.floor(this.rng() * ctx.legalCount)
    for (let i = 0; n < max && i < ctx.legalCount; i++) {
      const a = nthLegal(ctx.mask, (start + Math.floor((i * ctx.legalCount) / (max - 1))) % ctx.legalCount)
      let dup = false
      for (let j = 0; j < n; j++) if (this.cand[j] === a) dup = true
      if (!dup) this.cand[n++] = a
    }
    return n
  }

  /** One rollout after action a from state; value in [-1, 1] for `me`. */
  private rollout(state: BaseState, a: number, me: Player, seed?: number): number {
    const e = this.engine
    const s = e.clone(state)
    if (seed === undefined) reseedDice(s, this.rng)
    else {
      reseedDice(s, seedrandom.xor128(`rollout:${seed}`))
      this.policy.reset?.(seed)
    }
    if (e.apply(s, a)) return -1
    const ctx = this.rctx
    ctx.state = s
    for (let d = 0; d < this.options.depth; d++) {
      const dec = e.decision(s)
      if (dec === null) break
      const n = e.legal(s, this.mask)
      if (n <= 0) break
      ctx.legalCount = n
      ctx.player = dec.player
      if (e.apply(s, this.policy.act(ctx))) break
    }
    const out = e.outcome(s)
    if (out) return out.winner === null ? 0 : out.winner === me ? 1 : -1
    const m = this.health ? this.health(s) : e.material(s)
    const sm = this.startMaterial
    // remaining fraction of my army minus the enemy's: in [-1, 1], 0 = even trade
    return Math.max(-1, Math.min(1, m[me] / sm[me] - m[1 - me]! / sm[1 - me]!)) * 0.9
  }
}
