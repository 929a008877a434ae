// PPO self-play trainer. K self-play envs (env/gym/selfplay.ts) are stepped in
// lockstep; the learner sees only its own seat's decisions (the opponent moves inside
// the env step), so GAE bootstraps from the right side's value. Opponents are drawn
// per episode from a league of past snapshots, the scripted heuristic and random.
// Everything that decides the future (step counters, league weights, Adam state, the
// sampling and shuffle RNG states) is checkpointed, so --resume continues the run.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { TercioEnv } from '../../env/gym/env.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { RandomAgent } from '../../agents/random.ts'
import type { Agent } from '../../agents/types.ts'
import { PolicyNet, type NamedWeight } from '../../agents/policy/net.ts'
import { Mulberry32 } from '../../agents/policy/sample.ts'
import { describeTf, initTf } from '../../agents/tf/backend.ts'
import { RolloutBuffer } from '../ppo/buffer.ts'
import { PpoLearner, type PpoStats } from '../ppo/ppo.ts'
import { loadPolicy } from '../../agents/policy/checkpoint.ts'
import { restoreLearner, savePolicy } from '../checkpoint/policy.ts'
import { DEFAULT_TRAIN, NET_PRESETS, netConfigOf, type TrainConfig } from './config.ts'
import { lrAt, teacherCoefAt, type CollectorState } from './collector.ts'
import { ActorThread, InlineSource, type RolloutSource } from './actor.ts'
import { DualSource, splitStates, type DualStates } from './dual.ts'
import { writeCurveSvg } from '../curve.ts'
import { evaluatePolicy, type EvalResult } from '../evaluate.ts'
import { Imitator, type ImitateStats } from '../imitate.ts'
import { LabelPool } from '../label-pool.ts'
import { createAgent, parseAgentSpec } from '../../agents/registry.ts'

export type { EvalResult }

/** One line of metrics.jsonl (one per update). */
export interface UpdateMetrics {
  update: number
  steps: number
  seconds: number
  stepsPerSec: number
  updatesPerSec: number
  episodes: number
  /** Wall time of this update's rollout (env + acting) and of the PPO update itself. */
  rolloutSec: number
  updateSec: number
  /** Mean return / win rate of the training episodes finished since the last line. */
  meanReturn: number | null
  /** Reward per env over this update's rollout (T decisions; shaping included): known every
   *  update, even before the first game ends (a game is ~250 of the learner's decisions). */
  rolloutReward: number
  trainWinRate: number | null
  loss: number
  policyLoss: number
  valueLoss: number
  entropy: number
  approxKl: number
  clipFrac: number
  /** Cross-entropy to the heuristic's actions and its weight this update (kickstarting). */
  teacherLoss: number
  teacherCoef: number
  /** PPO's learning rate in this update (TrainConfig.lrDecay). */
  lr: number
  explainedVariance: number
  /** Rollouts from the actor thread (one update behind): approx KL(behaviour ‖ learner) at the
   *  update's start and the mean truncated importance weight (0 and 1 when collected inline). */
  lagKl: number
  rhoMean: number
  league: number
  evalRandom?: number
  evalHeuristic?: number
}

export interface Progress {
  update: number
  steps: number
  episodes: number
  seconds: number
  rngAct: number
  rngOpp: number
  rngShuffle: number
  /** Seed counter of the next episode reset. */
  nextEpisodeSeed: number
  lastEval: EvalResult[]
  /** Best evaluation score so far (win rate vs random + 2 × vs heuristic), saved in out/best. */
  bestScore?: number
  /** Imitation minibatches done (the phase before PPO) and the seconds they took. */
  imitateSteps?: number
  imitateSeconds?: number
  /** The dual loop: the random streams and episode seed counters of both halves (rngAct,
   *  rngOpp are the main half's too; nextEpisodeSeed is the larger counter). */
  dual?: DualStates
}

export interface TrainHooks {
  onUpdate?(m: UpdateMetrics, evals: EvalResult[] | null): void
  onImitate?(s: ImitateStats & { seconds: number }, totalSteps: number): void
  log?(line: string): void
}

export interface TrainRun {
  out: string
  progress: Progress
  last: UpdateMetrics | null
  evals: EvalResult[]
  config: TrainConfig
  backend: string
}

export interface TrainLimits {
  /** Stop after this many agent steps in total (counting resumed ones). */
  steps?: number
  /** Stop after this many seconds of this invocation. */
  seconds?: number
}

/** Dice seeds of the evaluations against random and the heuristic (game g: seed + g). */
export const EVAL_DICE_SEEDS = [900_000_000, 900_010_000] as const

const LEAGUE_FILE = 'league.json'
const ckptDir = (out: string) => join(out, 'checkpoint')

export function resolveConfig(over: Partial<TrainConfig>): TrainConfig {
  const c = { ...DEFAULT_TRAIN, ...over, ppo: { ...DEFAULT_TRAIN.ppo, ...over.ppo }, opponents: { ...DEFAULT_TRAIN.opponents, ...over.opponents }, imitate: { ...DEFAULT_TRAIN.imitate, ...over.imitate }, teacher: { ...DEFAULT_TRAIN.teacher, ...over.teacher } }
  if (!Number.isInteger(c.envs) || c.envs < 1) throw new RangeError(`envs must be a positive integer, got ${c.envs}`)
  if (!Number.isInteger(c.rollout) || c.rollout < 1) throw new RangeError(`rollout must be a positive integer, got ${c.rollout}`)
  if (!Number.isInteger(c.imitate.steps) || c.imitate.steps < 0) throw new RangeError(`imitate steps must be a non-negative integer, got ${c.imitate.steps}`)
  if (!Number.isInteger(c.imitate.envs) || c.imitate.envs < 1) throw new RangeError(`imitate envs must be a positive integer, got ${c.imitate.envs}`)
  if (!(c.imitate.beta >= 0 && c.imitate.beta <= 1)) throw new RangeError(`imitate beta must be in [0, 1], got ${c.imitate.beta}`)
  if (c.imitate.teacher !== undefined) {
    const t = parseAgentSpec(c.imitate.teacher)
    if (!t.ok) throw new RangeError(`imitate teacher: ${t.error.message}`)
  }
  if (c.imitate.workers !== undefined && (!Number.isInteger(c.imitate.workers) || c.imitate.workers < 0)) throw new RangeError(`imitate workers must be a whole number >= 0, got ${c.imitate.workers}`)
  if (c.imitate.soft !== undefined) {
    const { temperature, mix } = c.imitate.soft
    if (!(Number.isFinite(temperature) && temperature > 0)) throw new RangeError(`imitate soft temperature must be a finite number > 0, got ${temperature}`)
    if (!(mix >= 0 && mix <= 1)) throw new RangeError(`imitate soft mix must be in [0, 1], got ${mix}`)
    const t = parseAgentSpec(c.imitate.teacher ?? 'heuristic')
    if (t.ok && t.value.kind !== 'search') throw new RangeError(`imitate soft labels need a search teacher (it scores its candidates), got "${c.imitate.teacher ?? 'heuristic'}"`)
  }
  if (c.imitate.passes !== undefined && (!Number.isInteger(c.imitate.passes) || c.imitate.passes < 1)) throw new RangeError(`imitate passes must be a positive integer, got ${c.imitate.passes}`)
  if (c.imitate.evalEvery !== undefined && (!Number.isInteger(c.imitate.evalEvery) || c.imitate.evalEvery < 0)) throw new RangeError(`imitate evalEvery must be a whole number >= 0, got ${c.imitate.evalEvery}`)
  if (c.imitate.stagger !== undefined && (!Number.isInteger(c.imitate.stagger) || c.imitate.stagger < 0)) throw new RangeError(`imitate stagger must be a whole number >= 0, got ${c.imitate.stagger}`)
  if (!(c.imitateShare > 0 && c.imitateShare < 1)) throw new RangeError(`imitateShare must be in (0, 1), got ${c.imitateShare}`)
  if (!(c.teacher.coef >= 0) || !Number.isInteger(c.teacher.updates) || c.teacher.updates < 1) throw new RangeError(`teacher needs coef ≥ 0 and updates a positive integer, got ${c.teacher.coef}, ${c.teacher.updates}`)
  if (c.actor !== undefined && c.actor !== 'thread' && c.actor !== 'inline' && c.actor !== 'dual') throw new RangeError(`actor must be thread, inline or dual, got ${c.actor}`)
  if (c.actor === 'dual' && c.envs < 2) throw new RangeError(`the dual loop splits the envs over two threads: envs must be at least 2, got ${c.envs}`)
  if (c.lagCorrection !== undefined && c.lagCorrection !== 'behaviour' && c.lagCorrection !== 'decoupled') throw new RangeError(`lagCorrection must be behaviour or decoupled, got ${c.lagCorrection}`)
  if (c.lrDecay !== undefined && !(Number.isInteger(c.lrDecay.updates) && c.lrDecay.updates >= 1 && c.lrDecay.to >= 0 && c.lrDecay.to <= 1)) throw new RangeError(`lrDecay needs updates a positive integer and to in [0, 1], got ${c.lrDecay.updates}, ${c.lrDecay.to}`)
  if (c.priorScale !== undefined && !(c.prior === true && Number.isFinite(c.priorScale) && c.priorScale > 0)) throw new RangeError(`priorScale needs prior and a number > 0, got ${c.priorScale}${c.prior === true ? '' : ' without prior'}`)
  if (c.play !== 'greedy' && c.play !== 'sample') throw new RangeError(`play must be greedy or sample, got ${c.play}`)
  if (!Object.hasOwn(NET_PRESETS, c.net)) throw new RangeError(`net must be one of ${Object.keys(NET_PRESETS).join(', ')}, got ${c.net}`)
  return c
}

/** Trains (or resumes, when `out/checkpoint` exists and resume is set) until a limit. */
export async function train(cfgIn: Partial<TrainConfig>, out: string, limits: TrainLimits, o: { resume?: boolean; hooks?: TrainHooks } = {}): Promise<TrainRun> {
  const log = o.hooks?.log ?? ((l: string) => process.stderr.write(l + '\n'))
  mkdirSync(out, { recursive: true })
  let cfg = resolveConfig(cfgIn)
  let resumed: { net: PolicyNet; progress: Progress; league: NamedWeight[][]; data: Parameters<typeof restoreLearner>[1] } | null = null
  const dir = ckptDir(out)
  if (o.resume) {
    if (!existsSync(dir)) throw new Error(`--resume ${out}: no checkpoint at ${dir}`)
    const meta = JSON.parse(readFileSync(join(dir, 'meta.json'), 'utf8')) as { config?: TrainConfig }
    // The run's own settings win (its ruleset and scenario, same env spec, same schedule);
    // limits come from this call. Runs from before kickstarting existed resume without it.
    if (meta.config) cfg = resolveConfig({ ...meta.config, teacher: meta.config.teacher ?? { coef: 0, updates: 1 } })
  }
  const b = bindEngine(cfg.ruleset, cfg.scenario)
  if (!b.ok) throw new Error(`${b.error.code}: ${b.error.message}`)
  const engine = b.value
  const mkEnv = () => new TercioEnv(engine, { reward: { shaping: cfg.shaping }, maxDecisions: cfg.maxDecisions })
  const spec = mkEnv().spec
  // The backend before any tensor: a resumed net built first would land on tfjs's default.
  const backend = describeTf(await initTf())
  if (o.resume) {
    const r = loadPolicy(dir, spec)
    if (!r.ok) throw new Error(`--resume ${out}: ${r.error.code}: ${r.error.message}`)
    const m = r.value.data.metrics as { progress: Progress }
    const league = loadLeague(join(out, LEAGUE_FILE))
    resumed = { net: r.value.net, progress: m.progress, league, data: r.value.data }
  }
  const K = cfg.envs
  const T = cfg.rollout
  let initNet: PolicyNet | null = null
  if (cfg.init !== undefined && !resumed) {
    const r = loadPolicy(cfg.init, spec, { match: 'interface' })
    if (!r.ok) throw new Error(`init ${cfg.init}: ${r.error.code}: ${r.error.message}`)
    const preset = netConfigOf(cfg) as unknown as Record<string, number | boolean>
    const theirs = r.value.data.net as Record<string, number>
    const differs = Object.keys(preset).filter((k) => Number(preset[k]) !== Number(theirs[k] ?? 0))
    if (differs.length) throw new Error(`init ${cfg.init}: its network is not the "${cfg.net}" preset${cfg.prior ? ' with --prior' : ''} (${differs.join(', ')} differ); pass the matching net`)
    initNet = r.value.net
    // Cloning the heuristic again would only undo the checkpoint's training; another teacher
    // (e.g. a search agent: expert iteration) improves on it.
    if ((cfg.imitate.teacher ?? 'heuristic') === 'heuristic') cfg = { ...cfg, imitate: { ...cfg.imitate, steps: 0 } }
  }
  // A residual net already plays the heuristic's moves: cloning it teaches nothing.
  if (cfg.prior === true && !resumed && (cfg.imitate.teacher ?? 'heuristic') === 'heuristic') cfg = { ...cfg, imitate: { ...cfg.imitate, steps: 0 } }
  const net = resumed?.net ?? initNet ?? new PolicyNet(spec, netConfigOf(cfg), cfg.seed)
  const learner = new PpoLearner(net, cfg.ppo, cfg.seed)
  const prog: Progress = resumed?.progress ?? { update: 0, steps: 0, episodes: 0, seconds: 0, rngAct: (cfg.seed * 7919 + 1) >>> 0, rngOpp: (cfg.seed * 104729 + 3) >>> 0, rngShuffle: learner.rng.state, nextEpisodeSeed: cfg.seed * 1_000_003, lastEval: [] }
  if (resumed) {
    await restoreLearner(learner, resumed.data)
    learner.rng.state = prog.rngShuffle
  }
  // Imitation samples with this stream; PPO's collector continues it.
  const actRng = new Mulberry32(prog.rngAct)
  log(`train: ${cfg.ruleset}/${cfg.scenario}, tf backend ${backend}, net ${cfg.net} (${net.paramCount().toLocaleString('en-US')} params), ${K} envs × ${T} steps per update, ${cfg.actor === 'thread' ? 'rollouts on an actor thread overlapping the updates' : cfg.actor === 'dual' ? 'rollouts and every minibatch gradient split over two threads' : 'rollouts and updates in turn on one thread'}${resumed ? `, resumed at update ${prog.update} (${prog.steps} steps)` : ''}`)
  // League: weight snapshots the opponents are drawn from.
  const league: NamedWeight[][] = resumed?.league ?? []
  // the dual loop's helper thread writes its envs' columns and reads its minibatch shares in place
  const buf = cfg.actor === 'dual' ? RolloutBuffer.shared(net.shape, T, K) : new RolloutBuffer(net.shape, T, K)
  const metricsFile = join(out, 'metrics.jsonl')
  const csvFile = join(out, 'metrics.csv')
  if (!resumed) {
    writeFileSync(metricsFile, '')
    writeFileSync(csvFile, '')
  }
  const evalOpts = { greedy: cfg.play === 'greedy', sampleSeed: 1 }
  const runEval = (): EvalResult[] => [
    evaluatePolicy(net, engine, mkEnv, new RandomAgent(7, 'random'), cfg.evalGames, EVAL_DICE_SEEDS[0], evalOpts),
    evaluatePolicy(net, engine, mkEnv, makeHeuristic(engine, 7), cfg.evalGames, EVAL_DICE_SEEDS[1], evalOpts),
  ]
  // Before the first rollout of this invocation the collector's streams are where imitation left them.
  let collected = false
  const save = async () => {
    if (!collected) {
      prog.rngAct = actRng.state
    }
    prog.rngShuffle = learner.rng.state
    saveLeague(join(out, LEAGUE_FILE), league)
    await savePolicy(ckptDir(out), net, { learner, config: cfg, metrics: { progress: prog, last: lastM } })
  }

  const t0 = performance.now()
  const sec0 = prog.seconds
  let lastM: UpdateMetrics | null = null
  let evals: EvalResult[] = prog.lastEval
  let epRet = 0
  let epN = 0
  let epWin = 0
  // Keep the best evaluated policy too, imitation included (evaluations are noisy;
  // heuristic wins weigh double), and with keepEvals every one (update-0: the net PPO starts from).
  const evalMetrics = (ev: EvalResult[]) => ({ update: prog.update, steps: prog.steps, imitateSteps: prog.imitateSteps ?? 0, evals: ev })
  const keepEvaluated = async (ev: EvalResult[]): Promise<void> => {
    const metrics = evalMetrics(ev)
    if (cfg.keepEvals) await savePolicy(join(out, 'evals', `update-${prog.update}`), net, { config: cfg, metrics })
    const score = (ev[0]?.winRate ?? 0) + 2 * (ev[1]?.winRate ?? 0)
    if (score <= (prog.bestScore ?? -1)) return
    prog.bestScore = score
    await savePolicy(join(out, 'best'), net, { config: cfg, metrics })
  }
  const elapsed = () => (performance.now() - t0) / 1000
  const timeUp = () => limits.seconds !== undefined && elapsed() >= limits.seconds
  // A time budget is split: imitation may use `imitateShare` of it (after at least one
  // minibatch), PPO the rest (at least one update per invocation, see below).
  const imitateDeadline = limits.seconds !== undefined ? limits.seconds * cfg.imitateShare : Infinity
  const stepsUp = () => limits.steps !== undefined && prog.steps >= limits.steps

  // From --init: evaluate the starting policy, so `best` can only improve on it.
  if (initNet && prog.update === 0 && (prog.imitateSteps ?? 0) === 0 && cfg.evalEvery > 0) {
    evals = runEval()
    prog.lastEval = evals
    log(`init ${cfg.init}: ${evalText(evals)}`)
    await keepEvaluated(evals)
  }
  // Phase 1: imitation of the teacher (a new run only, before any PPO update; it is
  // checkpointed at its end, whether complete or cut by the time budget).
  prog.imitateSteps ??= 0
  if (prog.update === 0 && prog.imitateSteps < cfg.imitate.steps && !timeUp()) {
    const imEnvs = Array.from({ length: cfg.imitate.envs }, mkEnv)
    const teacherSpec = cfg.imitate.teacher ?? 'heuristic'
    const labelWorkers = cfg.imitate.workers ?? 2
    const pool = teacherSpec !== 'heuristic' && labelWorkers > 0 ? await LabelPool.create({ ruleset: cfg.ruleset, scenario: cfg.scenario }, teacherSpec, labelWorkers) : null
    let teacherAgent: Agent | LabelPool
    if (pool) teacherAgent = pool
    else {
      const a = await createAgent(teacherSpec, engine, cfg.seed)
      if (!a.ok) throw new Error(`imitation teacher: ${a.error.code}: ${a.error.message}`)
      teacherAgent = a.value
    }
    const im = new Imitator(net, engine, imEnvs, teacherAgent, cfg.imitate, actRng, () => prog.nextEpisodeSeed++)
    const imFile = join(out, 'imitate.jsonl')
    if (prog.imitateSteps === 0) writeFileSync(imFile, '')
    const soft = cfg.imitate.soft
    log(`imitation: cloning ${teacherSpec === 'heuristic' ? 'the heuristic' : teacherSpec}${pool ? ` (labelled on ${labelWorkers} worker threads)` : ''} for ${cfg.imitate.steps} minibatches of ${cfg.imitate.envs} decisions (DAgger beta ${cfg.imitate.beta}, lr ${cfg.imitate.lr}${soft ? `, soft labels: temperature ${soft.temperature}, mix ${soft.mix}` : ''}${(cfg.imitate.passes ?? 1) > 1 ? `, ${cfg.imitate.passes} passes` : ''})`)
    const imEvery = cfg.imitate.evalEvery ?? 0
    const recordImitateEval = (ev: EvalResult[]) =>
      appendFileSync(imFile, JSON.stringify({ step: prog.imitateSteps, samples: (prog.imitateSteps ?? 0) * cfg.imitate.envs, evalRandom: ev[0]?.winRate ?? 0, evalHeuristic: ev[1]?.winRate ?? 0 }) + '\n')
    const imStart = prog.imitateSteps
    while (prog.imitateSteps < cfg.imitate.steps && (prog.imitateSteps === imStart || elapsed() < imitateDeadline)) {
      await im.stepAsync()
      prog.imitateSteps++
      if (prog.imitateSteps % 10 === 0 || prog.imitateSteps === cfg.imitate.steps) {
        const st = { ...im.report(), seconds: round((performance.now() - t0) / 1000, 1) }
        appendFileSync(imFile, JSON.stringify(st) + '\n')
        o.hooks?.onImitate?.(st, cfg.imitate.steps)
      }
      // evaluations during the phase (the last one is the end-of-phase evaluation below)
      if (imEvery > 0 && prog.imitateSteps % imEvery === 0 && prog.imitateSteps < cfg.imitate.steps) {
        const ev = runEval()
        recordImitateEval(ev)
        log(`imitation ${prog.imitateSteps}/${cfg.imitate.steps}: ${evalText(ev)}`)
        await keepEvaluated(ev)
        // each evaluated stage is kept, so a longer measurement can pick among them afterwards
        await savePolicy(join(out, `imitate-${prog.imitateSteps}`), net, { config: cfg, metrics: evalMetrics(ev) })
      }
    }
    if (prog.imitateSteps < cfg.imitate.steps) {
      // the last line of the phase, so the curve's imitation panel ends where the phase did
      if (prog.imitateSteps % 10 !== 0) appendFileSync(imFile, JSON.stringify({ ...im.report(), seconds: round(elapsed(), 1) }) + '\n')
      log(`imitation: stopped at ${prog.imitateSteps}/${cfg.imitate.steps} minibatches after ${elapsed().toFixed(0)} s, the ${Math.round(100 * cfg.imitateShare)}% of the ${limits.seconds} s budget it may take; PPO gets the rest`)
    }
    im.dispose()
    await pool?.close()
    prog.imitateSeconds = (prog.imitateSeconds ?? 0) + (performance.now() - t0) / 1000
    prog.seconds = sec0 + (performance.now() - t0) / 1000
    evals = runEval()
    prog.lastEval = evals
    recordImitateEval(evals)
    log(`imitation done: ${prog.imitateSteps} minibatches; ${evalText(evals)}`)
    await keepEvaluated(evals)
    await save()
  }
  // At least one PPO update per invocation, even when the time budget is already spent (a tiny
  // --minutes, a slow machine): the run then ends with a trained policy and metrics.
  if (timeUp() && !stepsUp()) log(`the time budget (${limits.seconds} s) was spent before PPO began; one PPO update is run anyway`)
  let evaluatedLast = false
  const cstate: CollectorState = { rngAct: actRng.state, rngOpp: prog.rngOpp, nextEpisodeSeed: prog.nextEpisodeSeed }
  const source: RolloutSource =
    cfg.actor === 'thread'
      ? ActorThread.start({ cfg, net: net.config, weights: net.getWeights(), league, state: cstate, first: prog.update })
      : cfg.actor === 'dual'
        ? DualSource.start(engine, cfg, net, league, prog.dual ?? splitStates(cstate), buf)
        : new InlineSource(engine, cfg, net, league, cstate)
  try {
  // The end is decided once per update (where its evaluation is decided), so the last update
  // of a run is always the evaluated one.
  let stop = stepsUp()
  while (!stop) {
    const tr0 = performance.now()
    learner.teacherCoef = teacherCoefAt(cfg, prog.update)
    const lr = lrAt(cfg, learner.cfg.lr, prog.update)
    learner.learningRate = lr
    const rs = await source.next(buf, prog.update)
    collected = true
    prog.rngAct = rs.rngAct
    prog.rngOpp = rs.rngOpp
    prog.nextEpisodeSeed = rs.nextEpisodeSeed
    if ('dual' in rs) prog.dual = rs.dual as DualStates
    prog.episodes += rs.episodes
    epN += rs.episodes
    epRet += rs.returnSum
    epWin += rs.wins
    prog.steps += K * T
    let rolloutReward = 0
    for (let i = 0; i < buf.size; i++) rolloutReward += buf.rewards[i] as number
    rolloutReward /= K
    buf.finish(buf.lastValues, learner.cfg.gamma, learner.cfg.lambda)
    const tu0 = performance.now()
    // After imitation (or from an imitated --init, or with a residual net that plays the heuristic's
    // moves) the value head is untrained: fit it alone first, so the first policy updates do not
    // follow advantages from an arbitrary baseline.
    learner.valueOnly = (cfg.imitate.steps > 0 || cfg.init !== undefined || cfg.prior === true) && prog.update < cfg.valueWarmup
    const lag = { lagged: rs.lagged, correction: cfg.lagCorrection ?? 'behaviour' } as const
    const st: PpoStats = source.gradHelper ? await learner.updateDual(buf, source.gradHelper, lag) : learner.update(buf, lag)
    const tu1 = performance.now()
    prog.update++
    prog.seconds = sec0 + (performance.now() - t0) / 1000
    const snapshot = prog.update % cfg.snapshotEvery === 0
    if (snapshot) {
      league.push(net.getWeights().map((w) => ({ ...w, data: Float32Array.from(w.data) })))
      if (league.length > cfg.leagueSize) league.shift()
    }
    // the actor (if any) starts its next rollout with these weights while this thread evaluates and saves
    source.publish(prog.update, net.getWeights(), snapshot ? league : null)
    let ev: EvalResult[] | null = null
    // The last update of a run is evaluated too (with evaluations on), so every curve, however
    // short the budget, has evaluation points.
    stop = stepsUp() || timeUp()
    evaluatedLast = cfg.evalEvery > 0 && (prog.update % cfg.evalEvery === 0 || stop)
    if (evaluatedLast) {
      ev = runEval()
      evals = ev
      prog.lastEval = ev
      await keepEvaluated(ev)
    }
    const secs = prog.seconds - (prog.imitateSeconds ?? 0) // PPO rates exclude the imitation phase
    lastM = {
      update: prog.update,
      steps: prog.steps,
      seconds: round(prog.seconds, 1),
      stepsPerSec: round(prog.steps / Math.max(1e-9, secs), 1),
      updatesPerSec: round(prog.update / Math.max(1e-9, secs), 4),
      episodes: prog.episodes,
      rolloutSec: round((tu0 - tr0) / 1000, 3),
      updateSec: round((tu1 - tu0) / 1000, 3),
      meanReturn: epN ? round(epRet / epN, 4) : null,
      rolloutReward: round(rolloutReward, 4),
      trainWinRate: epN ? round(epWin / epN, 4) : null,
      loss: round(st.loss, 5),
      policyLoss: round(st.policy, 5),
      valueLoss: round(st.value, 5),
      entropy: round(st.entropy, 5),
      approxKl: round(st.approxKl, 6),
      clipFrac: round(st.clipFrac, 4),
      teacherLoss: round(st.teacher, 5),
      teacherCoef: round(learner.teacherCoef, 5),
      lr,
      explainedVariance: round(st.explainedVariance, 4),
      lagKl: round(st.lagKl, 6),
      rhoMean: round(st.rhoMean, 4),
      league: league.length,
      ...(ev ? { evalRandom: ev[0]?.winRate ?? 0, evalHeuristic: ev[1]?.winRate ?? 0 } : {}),
    }
    epRet = epN = epWin = 0
    appendFileSync(metricsFile, JSON.stringify(lastM) + '\n')
    appendFileSync(csvFile, csvLine(lastM, prog.update === 1 && !resumed))
    o.hooks?.onUpdate?.(lastM, ev)
    if (prog.update % cfg.checkpointEvery === 0) await save()
  }
  } finally {
    await source.close()
  }
  // Final evaluation (unless this update just had one) and checkpoint.
  if (prog.update > 0 && !evaluatedLast) {
    evals = runEval()
    prog.lastEval = evals
  }
  await save()
  const what = cfg.prior === true ? 'residual policy over the heuristic, PPO self-play' : 'imitation, then PPO self-play'
  writeCurveSvg(metricsFile, join(out, 'curve.svg'), `${cfg.ruleset}/${cfg.scenario}: ${what}`, join(out, 'imitate.jsonl'))
  return { out, progress: prog, last: lastM, evals, config: cfg, backend }
}

/** Evaluation results as one log phrase: `vs random 60/0/0, vs heuristic 31/0/29` (won/drawn/lost). */
const evalText = (ev: readonly EvalResult[]): string => ev.map((e) => `vs ${e.opponent} ${e.wins}/${e.draws}/${e.losses}`).join(', ')

const round = (x: number, d: number) => (Number.isFinite(x) ? Math.round(x * 10 ** d) / 10 ** d : x)

const CSV_COLS = ['update', 'steps', 'seconds', 'stepsPerSec', 'updatesPerSec', 'episodes', 'rolloutSec', 'updateSec', 'meanReturn', 'trainWinRate', 'loss', 'policyLoss', 'valueLoss', 'entropy', 'approxKl', 'clipFrac', 'teacherLoss', 'teacherCoef', 'explainedVariance', 'league', 'evalRandom', 'evalHeuristic', 'rolloutReward', 'lr'] as const
function csvLine(m: UpdateMetrics, header: boolean): string {
  const row = CSV_COLS.map((k) => {
    const v = m[k]
    return v === undefined || v === null ? '' : String(v)
  }).join(',')
  return (header ? CSV_COLS.join(',') + '\n' : '') + row + '\n'
}

// The league is stored as JSON next to the checkpoint: names, shapes and base64 float32 data.
function saveLeague(file: string, league: readonly NamedWeight[][]): void {
  const j = league.map((ws) => ws.map((w) => ({ name: w.name, shape: w.shape, data: Buffer.from(w.data.buffer, w.data.byteOffset, w.data.byteLength).toString('base64') })))
  const tmp = file + '.tmp'
  writeFileSync(tmp, JSON.stringify(j))
  // rename is atomic on one filesystem
  renameSync(tmp, file)
}
function loadLeague(file: string): NamedWeight[][] {
  if (!existsSync(file)) return []
  const j = JSON.parse(readFileSync(file, 'utf8')) as { name: string; shape: number[]; data: string }[][]
  return j.map((ws) =>
    ws.map((w) => {
      const buf = Buffer.from(w.data, 'base64')
      const data = new Float32Array(buf.byteLength / 4)
      new Uint8Array(data.buffer).set(buf)
      return { name: w.name, shape: w.shape, data }
    }),
  )
}
