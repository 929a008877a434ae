// Rollout collection of the PPO trainer: K self-play envs stepped in lockstep by one policy
// network; the learner sees only its own seat's decisions (the opponent moves inside the env
// step), so GAE bootstraps from the right side's value. Opponents are drawn per episode from
// the scripted heuristic, random and a league of past snapshots. The same class runs on the
// trainer's thread (the sequential loop) and in the actor worker (training/train/actor.ts),
// so both loops collect with the same code.
import type { Engine, Player } from '../../env/core/types.ts'
import { TercioEnv } from '../../env/gym/env.ts'
import { SelfPlayEnv, type Policy } from '../../env/gym/selfplay.ts'
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { RandomAgent } from '../../agents/random.ts'
import { actInEnv, type Agent } from '../../agents/types.ts'
import { makeActOut, PolicyNet, type ActOut, type NamedWeight } from '../../agents/policy/net.ts'
import { Mulberry32 } from '../../agents/policy/sample.ts'
import type { ObsBatch } from '../../agents/policy/spec.ts'
import type { EnvSpec } from '../../env/gym/spec.ts'
import { PolicyAgent } from '../../agents/policy/agent.ts'
import { PriorHints } from '../../agents/policy/prior.ts'
import type { RolloutBuffer } from '../ppo/buffer.ts'
import { allocBatch, copyObsRow } from '../batch.ts'
import type { TrainConfig } from './config.ts'

type OppKind = 'heuristic' | 'random' | 'league'

/** Where a collector's random streams and episode seeds stand (checkpointed for --resume). */
export interface CollectorState {
  rngAct: number
  rngOpp: number
  /** Seed of the next episode reset. */
  nextEpisodeSeed: number
  /** Step between this collector's episode seeds (default 1; 2 when two collectors share the
   *  seeds, one taking the even and one the odd offsets: the `dual` loop). */
  seedStep?: number
}

/** What one rollout's finished episodes gave, and the collector's state after it. */
export interface RolloutStats extends CollectorState {
  episodes: number
  returnSum: number
  wins: number
}

/** Weight of the kickstarting cross-entropy at update `u` (linear anneal to 0). */
export const teacherCoefAt = (cfg: Pick<TrainConfig, 'teacher'>, u: number): number => cfg.teacher.coef * Math.max(0, 1 - u / cfg.teacher.updates)
/** PPO's learning rate at update u (TrainConfig.lrDecay) for a base rate `lr`. */
export const lrAt = (cfg: Pick<TrainConfig, 'lrDecay'>, lr: number, u: number): number =>
  cfg.lrDecay ? lr * (1 - (1 - cfg.lrDecay.to) * Math.min(1, u / cfg.lrDecay.updates)) : lr

export class Collector {
  readonly K: number
  private readonly engine: Engine
  private readonly cfg: TrainConfig
  private readonly net: PolicyNet
  private readonly spec: EnvSpec
  private readonly actRng: Mulberry32
  private readonly oppRng: Mulberry32
  private nextSeed: number
  private readonly seedStep: number
  private league: NamedWeight[][] = []
  private readonly leagueNets: PolicyNet[] = []
  private readonly leagueAgents: PolicyAgent[] = []
  private readonly heuristic: Agent
  private readonly teacher: Agent
  private readonly random: Agent
  private readonly envs: TercioEnv[] = []
  private readonly sps: SelfPlayEnv[] = []
  private readonly opp: Agent[] = []
  private readonly oppKind: OppKind[] = []
  private readonly returns: Float64Array
  private readonly batch: ObsBatch
  private readonly finals: ObsBatch
  private readonly hints: PriorHints | null
  private readonly act: ActOut
  private readonly rew: Float32Array
  private readonly term: Uint8Array
  private readonly trunc: Uint8Array
  private readonly truncV: Float32Array
  private readonly last: Float32Array

  constructor(engine: Engine, cfg: TrainConfig, net: PolicyNet, league: readonly NamedWeight[][], state: CollectorState) {
    this.engine = engine
    this.cfg = cfg
    this.net = net
    this.K = cfg.envs
    const K = this.K
    this.actRng = new Mulberry32(state.rngAct)
    this.oppRng = new Mulberry32(state.rngOpp)
    this.nextSeed = state.nextEpisodeSeed
    this.seedStep = state.seedStep ?? 1
    this.heuristic = makeHeuristic(engine, cfg.seed)
    this.teacher = makeHeuristic(engine, cfg.seed + 1)
    this.random = new RandomAgent(cfg.seed)
    this.returns = new Float64Array(K)
    const shape = net.shape
    const residual = net.config.prior === true
    this.batch = allocBatch(shape, K, residual)
    // a truncated game's final observation has no prior action (−1): only its value is read
    this.finals = allocBatch(shape, K, residual)
    this.hints = residual ? new PriorHints(engine, K, cfg.seed) : null
    this.act = makeActOut(K)
    this.rew = new Float32Array(K)
    this.term = new Uint8Array(K)
    this.trunc = new Uint8Array(K)
    this.truncV = new Float32Array(K)
    this.last = new Float32Array(K)
    for (let b = 0; b < K; b++) {
      const env = new TercioEnv(engine, { reward: { shaping: cfg.shaping }, maxDecisions: cfg.maxDecisions })
      this.envs.push(env)
      // maskOnly: the env need not encode observations for the opponent (agents read the state).
      const policy: Policy = (ob, info) => (this.opp[b] as Agent).act({ engine, state: env.state as NonNullable<typeof env.state>, mask: ob.mask, legalCount: info.legalCount, player: info.player as Player })
      policy.maskOnly = true
      this.sps.push(new SelfPlayEnv(env, { seat: 'alternate', opponent: policy }))
    }
    this.spec = (this.envs[0] as TercioEnv).spec
    this.setLeague(league)
    for (let b = 0; b < K; b++) this.resetEnv(b)
  }

  /** The random streams and episode seed counter as they stand. */
  state(): CollectorState {
    return { rngAct: this.actRng.state, rngOpp: this.oppRng.state, nextEpisodeSeed: this.nextSeed, ...(this.seedStep !== 1 ? { seedStep: this.seedStep } : {}) }
  }

  /** Replaces the league of past snapshots the opponents are drawn from. */
  setLeague(league: readonly NamedWeight[][]): void {
    this.league = [...league]
    this.league.forEach((w, i) => this.leagueAgent(i).net.setWeights(w))
  }

  private leagueAgent(i: number): PolicyAgent {
    while (this.leagueNets.length <= i) {
      const n = new PolicyNet(this.spec, this.net.config, 0)
      this.leagueNets.push(n)
      this.leagueAgents.push(new PolicyAgent(n, this.engine, this.spec, { sample: true, name: `league${this.leagueNets.length - 1}`, seed: i }))
    }
    return this.leagueAgents[i] as PolicyAgent
  }

  /** The learner's next observation of env b (with the prior's action for residual nets). */
  private nextRow(b: number): void {
    const env = this.envs[b] as TercioEnv
    copyObsRow(this.batch, b, env.obs, this.net.shape)
    if (this.hints) (this.batch.prior as Int32Array)[b] = this.hints.forEnv(b, env)
  }

  private pickOpponent(b: number): void {
    const w = this.cfg.opponents
    const n = this.league.length
    const lw = n > 0 ? w.league : 0
    const x = this.oppRng.next() * (w.heuristic + w.random + lw)
    let kind: OppKind = x < w.heuristic ? 'heuristic' : x < w.heuristic + w.random ? 'random' : 'league'
    if (kind === 'league' && n === 0) kind = 'heuristic'
    this.oppKind[b] = kind
    this.opp[b] = kind === 'heuristic' ? this.heuristic : kind === 'random' ? this.random : this.leagueAgent(Math.floor(this.oppRng.next() * n))
    this.opp[b]?.reset?.(this.nextSeed)
  }

  private resetEnv(b: number): void {
    this.pickOpponent(b)
    ;(this.sps[b] as SelfPlayEnv).reset({ seed: this.nextSeed })
    this.nextSeed += this.seedStep
    this.returns[b] = 0
    this.nextRow(b)
  }

  /** Fills `buf` with T steps of every env (advantages computed from this network's values);
   *  with `teacher` the heuristic labels each decision for the kickstarting loss. */
  collect(buf: RolloutBuffer, teacher: boolean): RolloutStats {
    const { K, net, batch, act, rew, term, trunc, truncV, finals } = this
    const rngFn = () => this.actRng.next()
    let episodes = 0
    let returnSum = 0
    let wins = 0
    buf.reset()
    for (let t = 0; t < buf.T; t++) {
      net.act(batch, K, rngFn, false, act)
      buf.recordObs(batch, act)
      if (teacher) {
        // a residual net's prior is the heuristic's action already
        if (batch.prior) buf.teacher.set(batch.prior.subarray(0, K), t * K)
        else for (let b = 0; b < K; b++) buf.teacher[t * K + b] = actInEnv(this.teacher, this.engine, this.envs[b] as TercioEnv)
      } else buf.teacher.fill(-1, t * K, (t + 1) * K)
      let anyTrunc = false
      for (let b = 0; b < K; b++) {
        const sp = this.sps[b] as SelfPlayEnv
        const r = sp.step(act.actions[b] as number)
        if (r.error) throw new Error(`policy chose a refused action: ${r.error.message}`)
        rew[b] = r.reward
        term[b] = r.terminated ? 1 : 0
        trunc[b] = r.truncated ? 1 : 0
        this.returns[b] = (this.returns[b] as number) + r.reward
        if (r.terminated || r.truncated) {
          const env = this.envs[b] as TercioEnv
          const w = env.lastInfo.outcome?.winner
          episodes++
          returnSum += this.returns[b] as number
          if (w === sp.seat) wins++
          if (r.truncated && !r.terminated) {
            copyObsRow(finals, b, env.obs, net.shape)
            anyTrunc = true
          }
          this.resetEnv(b)
        } else this.nextRow(b)
      }
      if (anyTrunc) net.values(finals, K, truncV)
      buf.recordStep(rew, term, trunc, anyTrunc ? truncV : null)
    }
    net.values(batch, K, this.last)
    return { episodes, returnSum, wins, ...this.state() }
  }

  /** The bootstrap values of the last collect (V of the observations after its final step). */
  get lastValues(): Float32Array {
    return this.last
  }

  dispose(): void {
    for (const n of this.leagueNets) n.dispose()
  }
}
