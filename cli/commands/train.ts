// `tercio train`: PPO self-play on one scenario, with a progress bar, metrics
// (JSONL + CSV), a learning-curve SVG, atomic checkpoints, --resume, and an
// end-of-run tournament of the new checkpoint against random and heuristic.
import { existsSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { CURVE_AXES, type CurveAxis, writeCurveSvg } from '../../training/curve.ts'
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { makeAgent, parseAgentSpec, setPolicyLoader } from '../../agents/registry.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { loadPolicyAgent } from '../../agents/policy/agent.ts'
import { builtinIds, resolveScenario } from '../../env/scenario/builtin.ts'
import { getRuleset, RULESETS } from '../../env/rules/index.ts'
import { runTournament } from '../../training/tournament/tournament.ts'
import { DEFAULT_RECIPE, DEFAULT_TRAIN, NET_PRESETS, type NetPreset, TRAIN_RECIPES, type TrainConfig, type TrainRecipe } from '../../training/train/config.ts'
import { train, type UpdateMetrics } from '../../training/train/trainer.ts'
import type { EvalResult } from '../../training/evaluate.ts'
import { SUMMARY_DICE_SEED, summarySeedNote, writeTournamentText } from '../../training/train/summary.ts'
import { CliError, didYouMean, writeJson } from '../io.ts'
import { wilson } from '../interval.ts'
import { Progress } from '../progress.ts'
import { formatTournament } from './tournament.ts'

interface Args {
  ruleset?: string
  scenario?: string
  minutes?: number
  steps?: number
  resume?: string
  out?: string
  envs?: number
  seed?: number
  rollout?: number
  net?: string
  lr?: number
  entCoef?: number
  shaping?: number
  evalEvery?: number
  evalGames?: number
  opponents?: string
  imitate?: number
  imitateTeacher?: string
  imitateWorkers?: number
  imitateLr?: number
  imitateSoft?: number
  imitateSoftMix?: number
  imitatePasses?: number
  imitateEvalEvery?: number
  imitateStagger?: number
  teacher?: number
  init?: string
  teacherUpdates?: number
  play?: string
  prior?: boolean
  priorScale?: number
  recipe?: string
  lrDecay?: string
  actor?: string
  keepEvals?: boolean
  summaryGames: number
  quiet: boolean
  force?: boolean
}

const mixText = (m: { readonly heuristic: number; readonly random: number; readonly league: number }) => `heuristic=${m.heuristic},random=${m.random},league=${m.league}`
const pct = (x: number | undefined | null) => (x === undefined || x === null ? '--' : `${Math.round(100 * x)}%`)

export const trainCommand: CommandModule<object, Args> = {
  command: 'train',
  describe: 'Train a policy by PPO self-play (league of snapshots + scripted opponents); writes a checkpoint, metrics and a learning curve',
  builder: (y: Argv<object>) =>
    y
      .option('ruleset', { type: 'string', describe: `ruleset id (default ${DEFAULT_TRAIN.ruleset})` })
      .option('scenario', { type: 'string', describe: `built-in scenario id (default ${DEFAULT_TRAIN.scenario})` })
      .option('minutes', { type: 'number', describe: 'wall-clock budget of this invocation (default 3 unless --steps; a --resume adds it to the run)' })
      .option('steps', { type: 'number', describe: 'stop at this many agent steps in total (counting resumed ones)' })
      .option('resume', { type: 'string', describe: 'continue the run in this folder (its config, step counter, league, learner and RNG state)' })
      .option('out', { type: 'string', describe: 'run folder (default runs/<scenario>-seed<seed>)' })
      .option('envs', { type: 'number', describe: `self-play envs per batch (default ${DEFAULT_TRAIN.envs})` })
      .option('seed', { type: 'number', describe: `seed (default ${DEFAULT_TRAIN.seed})` })
      .option('rollout', { type: 'number', describe: `steps per env per update (default ${DEFAULT_TRAIN.rollout})` })
      .option('net', { type: 'string', choices: Object.keys(NET_PRESETS), describe: `network size (default ${DEFAULT_TRAIN.net})` })
      .option('lr', { type: 'number', describe: `Adam learning rate (default ${TRAIN_RECIPES.residual.ppo.lr}; --recipe pure ${DEFAULT_TRAIN.ppo.lr})` })
      .option('ent-coef', { type: 'number', describe: `weight of the entropy bonus in the PPO loss (default ${DEFAULT_TRAIN.ppo.entropyCoef}; 0 = none)` })
      .option('lr-decay', { type: 'string', describe: `UPDATES[:TO]: the learning rate falls linearly to TO × --lr (default 0.1) over the first UPDATES PPO updates, then stays (default ${TRAIN_RECIPES.residual.lrDecay.updates}:${TRAIN_RECIPES.residual.lrDecay.to}; --recipe pure: constant)` })
      .option('shaping', { type: 'number', describe: `material-delta reward shaping (default ${DEFAULT_TRAIN.shaping}; 0 = terminal only)` })
      .option('eval-every', { type: 'number', describe: `updates between evaluations (default ${TRAIN_RECIPES.residual.evalEvery}; --recipe pure ${DEFAULT_TRAIN.evalEvery})` })
      .option('eval-games', { type: 'number', describe: `evaluation games per opponent (default ${TRAIN_RECIPES.residual.evalGames}; --recipe pure ${DEFAULT_TRAIN.evalGames})` })
      .option('opponents', { type: 'string', describe: `opponent mix of new episodes, e.g. heuristic=0.5,random=0.2,league=0.3 (league = past snapshots; weights not given keep the recipe's: ${mixText(TRAIN_RECIPES.residual.opponents)}, --recipe pure ${mixText(DEFAULT_TRAIN.opponents)})` })
      .option('init', { type: 'string', describe: 'start from this checkpoint folder\'s weights (same net preset and env interface; imitation only with --imitate-teacher)' })
      .option('imitate', { type: 'number', describe: `minibatches of behaviour cloning of the teacher before PPO (--recipe pure: default ${DEFAULT_TRAIN.imitate.steps}, 0 = PPO from scratch; none in the residual recipe unless the teacher is a search)` })
      .option('imitate-teacher', { type: 'string', describe: 'agent spec the imitation clones (default heuristic), e.g. search:iters=96:depth=60:crn=1 (expert iteration; with --init it refines the checkpoint)' })
      .option('imitate-workers', { type: 'number', describe: 'worker threads labelling for a teacher other than the heuristic (default 2; 0 = the main thread)' })
      .option('imitate-lr', { type: 'number', describe: `Adam learning rate of the imitation (default ${DEFAULT_TRAIN.imitate.lr})` })
      .option('imitate-soft', { type: 'number', describe: 'soft labels at this temperature: the target is a softmax of the search teacher\'s candidate scores (value units, e.g. 0.05) instead of its one action' })
      .option('imitate-soft-mix', { type: 'number', describe: 'with --imitate-soft: weight in [0, 1] of the scripted choice in the target (default 0)' })
      .option('imitate-passes', { type: 'number', describe: 'gradient steps on each labelled minibatch (default 1)' })
      .option('imitate-stagger', { type: 'number', describe: 'before imitating, each env plays a random number of scripted decisions below this, so minibatches mix game phases (default 0; e.g. 250 to refine a checkpoint)' })
      .option('imitate-eval-every', { type: 'number', describe: 'minibatches between evaluations during imitation, each stage kept in OUT/imitate-N (default 0 = at its end only)' })
      .option('teacher', { type: 'number', describe: `kickstarting: weight of a cross-entropy to the heuristic's action in the PPO loss, annealed to 0 (default ${TRAIN_RECIPES.residual.teacher.coef}; --recipe pure ${DEFAULT_TRAIN.teacher.coef}; 0 = off)` })
      .option('teacher-updates', { type: 'number', describe: `PPO updates over which --teacher anneals to 0 (default ${DEFAULT_TRAIN.teacher.updates})` })
      .option('recipe', { type: 'string', choices: Object.keys(TRAIN_RECIPES), describe: `residual = a residual policy over the scripted heuristic trained by PPO alone (--prior --teacher ${TRAIN_RECIPES.residual.teacher.coef} --lr ${TRAIN_RECIPES.residual.ppo.lr} --lr-decay ${TRAIN_RECIPES.residual.lrDecay.updates}:${TRAIN_RECIPES.residual.lrDecay.to} --opponents ${mixText(TRAIN_RECIPES.residual.opponents)} --eval-every ${TRAIN_RECIPES.residual.evalEvery} --eval-games ${TRAIN_RECIPES.residual.evalGames}); pure = imitation of the heuristic, then PPO of a network without its proposal; options given override the recipe's (default ${DEFAULT_RECIPE})` })
      .option('prior-scale', { type: 'number', describe: 'with --prior: the starting logit bonus of the heuristic\'s action (default 4); more keeps sampled play nearer the heuristic where decisions offer many actions (6 trained cfeo-training, 4 wrecked it: docs/training.md)' })
      .option('prior', { type: 'boolean', describe: 'a residual policy over the scripted heuristic: the network sees its action at each decision and plays it unless it learned better (docs/training.md); on in the residual recipe, --no-prior turns it off' })
      .option('actor', { type: 'string', choices: ['thread', 'inline', 'dual'], describe: `the training loop: dual = a helper thread collects half the envs and computes half of every minibatch's gradient (both cores, no policy lag), thread = an actor worker thread collecting one update behind while the learner updates, inline = one thread, collect then update (default dual; inline with --envs 1)` })
      .option('play', { type: 'string', choices: ['greedy', 'sample'], describe: `how the policy plays in evaluations and as ckpt: agent (default ${DEFAULT_TRAIN.play})` })
      .option('keep-evals', { type: 'boolean', describe: 'keep every evaluated net in OUT/evals/update-N (with its evaluation), not only OUT/best, to choose one afterwards on other games' })
      .option('summary-games', { type: 'number', default: 20, describe: 'games per pairing of the end-of-run tournament (0 = none)' })
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress bar' })
      .option('force', { type: 'boolean', describe: 'with --out: start a new run in a folder that already holds one (its checkpoint, best/ and metrics are replaced)' })
      .conflicts('resume', ['force', 'ruleset', 'scenario', 'envs', 'rollout', 'net', 'shaping', 'opponents', 'init', 'imitate', 'imitate-teacher', 'imitate-workers', 'imitate-lr', 'imitate-soft', 'imitate-soft-mix', 'imitate-passes', 'imitate-eval-every', 'imitate-stagger', 'teacher', 'teacher-updates', 'play', 'prior', 'prior-scale', 'recipe', 'lr-decay', 'actor', 'keep-evals']) as unknown as Argv<Args>,
  handler: async (a: ArgumentsCamelCase<Args>) => {
    // a resumed run takes its settings from its checkpoint; a new one starts from the recipe's
    const recipe = (a.recipe ?? DEFAULT_RECIPE) as TrainRecipe
    const over: Partial<TrainConfig> = a.resume === undefined ? structuredClone(TRAIN_RECIPES[recipe]) as Partial<TrainConfig> : {}
    // The ruleset and scenario are checked here, as every command does (usage error, exit 2):
    // `--ruleset R` alone trains on R's first built-in scenario.
    if (a.ruleset !== undefined) {
      const rs = getRuleset(a.ruleset)
      if (!rs.ok) throw new CliError(`--ruleset: ${rs.error.message}${didYouMean(a.ruleset, Object.keys(RULESETS))}`)
      over.ruleset = a.ruleset
      if (a.scenario === undefined) over.scenario = builtinIds(a.ruleset)[0] ?? DEFAULT_TRAIN.scenario
    }
    if (a.scenario !== undefined) over.scenario = a.scenario
    if (a.resume === undefined) {
      const bound = bindEngine(over.ruleset, over.scenario ?? DEFAULT_TRAIN.scenario)
      if (!bound.ok) throw new CliError(`${bound.error.message}${over.scenario !== undefined ? didYouMean(over.scenario, builtinIds()) : ''}`)
      over.ruleset = bound.value.ruleset
    }
    for (const [k, v] of [['envs', a.envs], ['seed', a.seed], ['rollout', a.rollout], ['shaping', a.shaping], ['evalEvery', a.evalEvery], ['evalGames', a.evalGames]] as const) {
      if (v === undefined) continue
      if (!Number.isFinite(v) || v < 0 || (k !== 'shaping' && !Number.isInteger(v))) throw new CliError(`--${k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())} must be a ${k === 'shaping' ? 'number' : 'whole number'} >= 0, got ${v}`, 2)
      ;(over as Record<string, number>)[k] = v
    }
    if (a.opponents !== undefined) {
      const mix = { ...DEFAULT_TRAIN.opponents, ...over.opponents }
      for (const part of a.opponents.split(',')) {
        const m = /^(heuristic|random|league)=([0-9.]+)$/.exec(part.trim())
        if (!m) throw new CliError(`--opponents: "${part}" is not heuristic=W, random=W or league=W`, 2)
        mix[m[1] as keyof typeof mix] = Number(m[2])
      }
      if (mix.heuristic + mix.random <= 0) throw new CliError('--opponents: heuristic + random must be > 0 (the league is empty at first)', 2)
      over.opponents = mix
    }
    if (a.imitate !== undefined) {
      if (!Number.isInteger(a.imitate) || a.imitate < 0) throw new CliError(`--imitate must be a whole number >= 0, got ${a.imitate}`, 2)
      over.imitate = { ...DEFAULT_TRAIN.imitate, steps: a.imitate }
    }
    // a residual net starts as the heuristic: cloning the heuristic would teach it nothing (the trainer skips it)
    if ((a.imitate ?? 0) > 0 && (a.prior ?? over.prior) === true && a.imitateTeacher === undefined) {
      throw new CliError(`--imitate ${a.imitate}: the residual policy${a.prior ? ' (--prior)' : ` (--recipe ${recipe})`} already plays the heuristic's game, so imitating the heuristic teaches it nothing; use --recipe pure, or --imitate-teacher search:...`, 2)
    }
    const softOpts = a.imitateSoft !== undefined || a.imitateSoftMix !== undefined || a.imitatePasses !== undefined || a.imitateEvalEvery !== undefined || a.imitateStagger !== undefined
    if (a.imitateTeacher !== undefined || a.imitateWorkers !== undefined || a.imitateLr !== undefined || softOpts) {
      const im = { ...DEFAULT_TRAIN.imitate, ...over.imitate }
      if (a.imitateTeacher !== undefined) {
        const t = parseAgentSpec(a.imitateTeacher)
        if (!t.ok) throw new CliError(`--imitate-teacher: ${t.error.message}`, 2)
        if (t.value.kind === 'random') throw new CliError(`--imitate-teacher: random cannot teach (use heuristic, search or a ckpt: policy)`, 2)
        // parameters checked against the engine (e.g. a search's decision kinds), before any worker starts
        const e = bindEngine(over.ruleset ?? DEFAULT_TRAIN.ruleset, over.scenario ?? DEFAULT_TRAIN.scenario)
        const made = e.ok && t.value.kind !== 'ckpt' && t.value.kind !== 'onnx' ? makeAgent(t.value, e.value, 0) : null
        if (made && !made.ok) throw new CliError(`--imitate-teacher: ${made.error.message}`, 2)
        im.teacher = a.imitateTeacher
      }
      if (a.imitateWorkers !== undefined) {
        if (!Number.isInteger(a.imitateWorkers) || a.imitateWorkers < 0) throw new CliError(`--imitate-workers must be a whole number >= 0, got ${a.imitateWorkers}`, 2)
        im.workers = a.imitateWorkers
      }
      if (a.imitateLr !== undefined) {
        if (!(a.imitateLr > 0 && a.imitateLr < 1)) throw new CliError(`--imitate-lr must be a number in (0, 1), got ${a.imitateLr}`, 2)
        im.lr = a.imitateLr
      }
      if (a.imitateSoftMix !== undefined && a.imitateSoft === undefined) throw new CliError('--imitate-soft-mix needs --imitate-soft TEMP', 2)
      if (a.imitateSoft !== undefined) {
        if (!(Number.isFinite(a.imitateSoft) && a.imitateSoft > 0)) throw new CliError(`--imitate-soft must be a temperature > 0 (value units, e.g. 0.05), got ${a.imitateSoft}`, 2)
        const mix = a.imitateSoftMix ?? 0
        if (!(mix >= 0 && mix <= 1)) throw new CliError(`--imitate-soft-mix must be a number in [0, 1], got ${a.imitateSoftMix}`, 2)
        const t = parseAgentSpec(im.teacher ?? 'heuristic')
        if (!t.ok || t.value.kind !== 'search') throw new CliError(`--imitate-soft needs a search teacher (--imitate-teacher search:...), which scores its candidates; the teacher is ${im.teacher ?? 'heuristic'}`, 2)
        im.soft = { temperature: a.imitateSoft, mix }
      }
      if (a.imitatePasses !== undefined) {
        if (!Number.isInteger(a.imitatePasses) || a.imitatePasses < 1) throw new CliError(`--imitate-passes must be a positive whole number, got ${a.imitatePasses}`, 2)
        im.passes = a.imitatePasses
      }
      if (a.imitateEvalEvery !== undefined) {
        if (!Number.isInteger(a.imitateEvalEvery) || a.imitateEvalEvery < 0) throw new CliError(`--imitate-eval-every must be a whole number >= 0, got ${a.imitateEvalEvery}`, 2)
        im.evalEvery = a.imitateEvalEvery
      }
      if (a.imitateStagger !== undefined) {
        if (!Number.isInteger(a.imitateStagger) || a.imitateStagger < 0) throw new CliError(`--imitate-stagger must be a whole number >= 0, got ${a.imitateStagger}`, 2)
        im.stagger = a.imitateStagger
      }
      over.imitate = im
    }
    if (a.init !== undefined) over.init = resolve(a.init)
    if (a.teacher !== undefined || a.teacherUpdates !== undefined) {
      const coef = a.teacher ?? over.teacher?.coef ?? DEFAULT_TRAIN.teacher.coef
      const updates = a.teacherUpdates ?? over.teacher?.updates ?? DEFAULT_TRAIN.teacher.updates
      if (!Number.isFinite(coef) || coef < 0) throw new CliError(`--teacher must be a number >= 0, got ${a.teacher}`, 2)
      if (!Number.isInteger(updates) || updates < 1) throw new CliError(`--teacher-updates must be a positive whole number, got ${a.teacherUpdates}`, 2)
      over.teacher = { coef, updates }
    }
    if (a.play !== undefined) over.play = a.play as TrainConfig['play']
    if (a.prior !== undefined) over.prior = a.prior
    if (a.priorScale !== undefined) {
      if (!(Number.isFinite(a.priorScale) && a.priorScale > 0)) throw new CliError(`--prior-scale must be a number > 0, got ${a.priorScale}`, 2)
      if ((a.prior ?? over.prior) !== true) throw new CliError('--prior-scale needs the residual policy (--prior, or --recipe residual)', 2)
      // a checkpoint's weights carry its own scale: only a fresh net starts from this one
      if (a.init !== undefined) throw new CliError('--prior-scale sets the start of a fresh net; --init starts from the checkpoint\'s own scale', 2)
      over.priorScale = a.priorScale
    }
    if (a.actor !== undefined) over.actor = a.actor as TrainConfig['actor']
    // the command's default is the dual loop (both cores, no policy lag: measured faster on an idle 2-core
    // machine, docs/training.md); it splits the envs, so a single env trains inline
    else if (a.resume === undefined) over.actor = (over.envs ?? DEFAULT_TRAIN.envs) >= 2 ? 'dual' : 'inline'
    if (a.net !== undefined) over.net = a.net as NetPreset
    if (a.keepEvals === true) over.keepEvals = true
    if (a.lr !== undefined) {
      if (!(Number.isFinite(a.lr) && a.lr > 0 && a.lr < 1)) throw new CliError(`--lr must be a number in (0, 1), got ${a.lr}`, 2)
      over.ppo = { ...over.ppo, lr: a.lr }
    }
    if (a.entCoef !== undefined) {
      if (!(Number.isFinite(a.entCoef) && a.entCoef >= 0 && a.entCoef < 1)) throw new CliError(`--ent-coef must be a number in [0, 1), got ${a.entCoef}`, 2)
      over.ppo = { ...over.ppo, entropyCoef: a.entCoef }
    }
    if (a.lrDecay !== undefined) {
      const m = /^(\d+)(?::([0-9.]+))?$/.exec(a.lrDecay.trim())
      const updates = m ? Number(m[1]) : NaN
      const to = m?.[2] !== undefined ? Number(m[2]) : 0.1
      if (!m || !(updates >= 1) || !(to >= 0 && to <= 1)) throw new CliError(`--lr-decay must be UPDATES[:TO] with UPDATES a positive whole number and TO in [0, 1], got ${a.lrDecay}`, 2)
      over.lrDecay = { updates, to }
    }
    if (a.minutes !== undefined && a.minutes <= 0) throw new CliError(`--minutes must be > 0, got ${a.minutes}`, 2)
    if (a.steps !== undefined && (!Number.isInteger(a.steps) || a.steps <= 0)) throw new CliError(`--steps must be a positive whole number, got ${a.steps}`, 2)
    const minutes = a.minutes ?? (a.steps === undefined ? 3 : undefined)
    const out = runFolder(a, join('runs', `${over.scenario ?? DEFAULT_TRAIN.scenario}-seed${over.seed ?? DEFAULT_TRAIN.seed}`))
    const limits = { ...(minutes !== undefined ? { seconds: minutes * 60 } : {}), ...(a.steps !== undefined ? { steps: a.steps } : {}) }
    const total = a.steps ?? Math.round((minutes ?? 0) * 60)
    const bar = a.quiet ? null : new Progress({ label: 'train', total, unit: a.steps !== undefined ? 'steps' : 's', rate: a.steps !== undefined })
    let t0 = performance.now()
    const extra = (m: UpdateMetrics, evals: string) => `| upd ${m.update} ${Math.round(m.stepsPerSec)} st/s ret ${m.meanReturn?.toFixed(2) ?? '--'} win ${pct(m.trainWinRate)} ${evals}| pl ${m.policyLoss.toFixed(3)} vl ${m.valueLoss.toFixed(3)} ent ${m.entropy.toFixed(2)}${m.teacherCoef > 0 ? ` teacher ${m.teacherCoef.toFixed(2)}` : ''}`
    let evalText = ''
    let run
    try {
      run = await train(over, out, limits, {
        resume: a.resume !== undefined,
        hooks: {
          log: (l) => {
            bar?.clear()
            process.stderr.write(l + '\n')
          },
          onImitate: (st, n) => {
            if (bar) bar.update(a.steps !== undefined ? 0 : Math.min(total, Math.round((performance.now() - t0) / 1000)), `| imitate ${st.step}/${n} loss ${st.loss.toFixed(3)} acc ${pct(st.accuracy)}${st.priorAgreement !== undefined ? ` as-prior ${pct(st.priorAgreement)}` : ''}`)
          },
          onUpdate: (m, ev) => {
            if (ev) evalText = `vs random ${pct(ev[0]?.winRate)} vs heuristic ${pct(ev[1]?.winRate)} `
            if (bar) bar.update(a.steps !== undefined ? m.steps : Math.min(total, Math.round((performance.now() - t0) / 1000)), extra(m, evalText))
          },
        },
      })
    } catch (e) {
      throw new CliError((e as Error).message, 1)
    }
    bar?.done()
    const ckpt = join(out, 'checkpoint')
    console.log(`checkpoint: ${ckpt}`)
    console.log(`metrics:    ${join(out, 'metrics.jsonl')} (and metrics.csv)`)
    console.log(`curve:      ${join(out, 'curve.svg')}`)
    console.log(`trained ${run.progress.steps.toLocaleString('en-US')} agent steps, ${run.progress.update} updates, ${run.progress.episodes} episodes in ${run.progress.seconds.toFixed(0)} s on ${run.backend}`)
    if (a.summaryGames > 0) {
      // The registry's ckpt: kind, so the summary plays the new checkpoint like any agent.
      setPolicyLoader((engine, path, seed, name) => loadPolicyAgent(engine, path, seed, name))
      const sc = resolveScenario(run.config.scenario)
      if (!sc.ok) throw new CliError(sc.error.message, 1)
      t0 = performance.now()
      const rep = await runTournament({ ruleset: run.config.ruleset, scenario: sc.value, agents: [`ckpt:${ckpt}`, 'random', 'heuristic'], names: ['policy', 'random', 'heuristic'], games: a.summaryGames, seed: SUMMARY_DICE_SEED, workers: 1, maxDecisions: 20_000 })
      writeJson(join(out, 'tournament.json'), rep)
      const seedNote = summarySeedNote(run.config, run.progress, a.summaryGames)
      writeTournamentText(join(out, 'tournament.txt'), formatTournament(rep), seedNote)
      console.log('')
      console.log(`End-of-run tournament: the final net (checkpoint/) as "policy", ${a.summaryGames} new games per pairing`)
      console.log(formatTournament(rep))
      console.log(`${seedNote}\ntable: ${join(out, 'tournament.txt')}`)
      if (run.evals.length > 0) console.log(lastEvalText(run.evals, run.progress.update, a.summaryGames))
    }
  },
}

/** The run folder: --resume's; --out's, refused when it holds a run unless --force; else the
 *  default, or the first free `DEFAULT-2`, `DEFAULT-3`... when the default holds a run (said on stderr). */
export function runFolder(a: Pick<Args, 'resume' | 'out' | 'force'>, fallback: string): string {
  if (a.resume !== undefined) return resolve(a.resume)
  const holdsRun = (dir: string) => existsSync(join(dir, 'checkpoint')) || existsSync(join(dir, 'metrics.jsonl'))
  if (a.out !== undefined) {
    if (holdsRun(a.out) && !a.force) throw new CliError(`--out ${a.out} already holds a run: --resume ${a.out} to continue it, --force to start over in it, or another --out`)
    return resolve(a.out)
  }
  let dir = fallback
  for (let k = 2; holdsRun(dir) && !a.force; k++) dir = `${fallback}-${k}`
  if (dir !== fallback) process.stderr.write(`${fallback} holds a run already (--resume ${fallback} continues it): this run writes ${dir}\n`)
  return resolve(dir)
}

/** The last evaluation as one line, said to be other games than the end-of-run table's, with
 *  95% Wilson intervals on both sample sizes so a reader sees how far apart they may fall. */
export function lastEvalText(evals: readonly EvalResult[], update: number, summaryGames: number): string {
  const parts = evals.map((e) => {
    const score = e.wins + e.draws / 2
    const [lo, hi] = wilson(score, e.games)
    return `v ${e.opponent} ${pct(score / e.games)} (${score}/${e.games}, 95% interval ${pct(lo)}-${pct(hi)})`
  })
  const [lo20, hi20] = wilson(summaryGames / 2, summaryGames)
  return (
    `last evaluation (update ${update}, its own dice seeds, ${evals[0]?.games ?? 0} games per opponent): ${parts.join(', ')}.\n` +
    `The two are different games: at ${summaryGames} games a pairing, a true 50% shows as ${pct(lo20)}-${pct(hi20)} in 95% of tables.`
  )
}

interface CurveArgs {
  run: string
  out?: string
  x: CurveAxis
}

/** `tercio curve DIR`: redraws a run's (or a checkpoint folder's) learning curve from its metrics. */
export const curveCommand: CommandModule<object, CurveArgs> = {
  command: 'curve <run>',
  describe: "Draw a training run's learning curve (DIR/metrics.jsonl, and imitate.jsonl if any) as SVG",
  builder: (y: Argv<object>) =>
    y
      .positional('run', { type: 'string', demandOption: true, describe: 'a run folder of tercio train, or a checkpoint folder that carries its metrics' })
      .option('out', { type: 'string', describe: 'SVG file to write (default RUN/curve.svg)' })
      .option('x', { type: 'string', choices: CURVE_AXES, default: 'steps', describe: 'x axis of the PPO panels: PPO agent steps, or minutes of wall clock (time to strength)' })
      .example('$0 curve runs/default30 --x minutes --out strength.svg', 'win rate against minutes')
      .example('$0 curve checkpoints/piwam-training-baseline --out baseline.svg', 'the checked-in baseline\'s curve') as unknown as Argv<CurveArgs>,
  handler: (a: ArgumentsCamelCase<CurveArgs>) => {
    const metrics = join(a.run, 'metrics.jsonl')
    if (!existsSync(metrics)) throw new CliError(`${a.run}: no metrics.jsonl (a run folder of tercio train, or a checkpoint folder with its metrics)`)
    const out = a.out ?? join(a.run, 'curve.svg')
    let n: number
    try {
      n = writeCurveSvg(metrics, out, basename(resolve(a.run)), join(a.run, 'imitate.jsonl'), a.x)
    } catch (e) {
      throw new CliError(`${metrics}: ${e instanceof Error ? e.message : String(e)}`, 1)
    }
    console.log(`curve of ${n} updates written to ${out}`)
  },
}

export const trainCommands = [trainCommand, curveCommand] as unknown as CommandModule[]
