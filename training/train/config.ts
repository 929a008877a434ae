// Training configuration: defaults sized so that a few minutes on a 2-core CPU
// already move the policy (small net, short rollouts, shaped reward).
import type { NetConfig } from '../../agents/policy/net.ts'
import type { LagCorrection, PpoConfig } from '../ppo/ppo.ts'
import { DEFAULT_IMITATE, type ImitateConfig } from '../imitate.ts'

export const NET_PRESETS = {
  tiny: { convChannels: 8, convLayers: 1, entityHidden: 16, globalHidden: 16, hidden: 32, entityBoard: true },
  small: { convChannels: 16, convLayers: 2, entityHidden: 32, globalHidden: 32, hidden: 64, entityBoard: true },
  default: { convChannels: 32, convLayers: 2, entityHidden: 32, globalHidden: 32, hidden: 128, entityBoard: true },
} as const satisfies Record<string, NetConfig>
export type NetPreset = keyof typeof NET_PRESETS

/** Everything a `tercio train` run is made of; saved in its checkpoint, so `--resume` continues with
 *  the same settings. {@link DEFAULT_TRAIN} with a {@link TRAIN_RECIPES} entry laid over it is the default. */
export interface TrainConfig {
  ruleset: string
  scenario: string
  seed: number
  /** Self-play envs stepped in lockstep (the PPO batch width). */
  envs: number
  /** Agent decisions per env per rollout. */
  rollout: number
  net: NetPreset
  ppo: Partial<PpoConfig>
  /** Material-delta reward shaping coefficient (0 = terminal reward only). */
  shaping: number
  /** Env time limit in decisions (truncation). */
  maxDecisions: number
  /** Opponent mix of a new episode; league = a past snapshot of this policy. */
  opponents: { heuristic: number; random: number; league: number }
  /** Updates between league snapshots, and the league's size (oldest dropped). */
  snapshotEvery: number
  leagueSize: number
  /** Updates between evaluations (0 = only at the end) and games per opponent (half per seat). */
  evalEvery: number
  evalGames: number
  /** Updates between checkpoints. */
  checkpointEvery: number
  /** Keep every evaluated net in OUT/evals/update-N (weights and its evaluation), not only the
   *  best one, so a net can be chosen afterwards on other games or another score. Absent: false. */
  keepEvals?: boolean
  /** Start from this checkpoint's weights instead of a fresh network (fine-tuning; its
   *  network must be the `net` preset and its observation/action interface this env's).
   *  The imitation phase is then skipped; the value warm-up still runs. */
  init?: string
  /** Behaviour cloning of the heuristic before PPO (steps 0 = none); see training/imitate.ts. */
  imitate: ImitateConfig
  /** With a time budget (`--minutes`): the largest share of it the imitation phase may take
   *  (it stops early, after at least one minibatch, and PPO gets the rest). Absent in older
   *  configs: the default. */
  imitateShare: number
  /** PPO updates after imitation that train the value head alone. */
  valueWarmup: number
  /** Kickstarting: a cross-entropy to the heuristic's action on each of the learner's
   *  decisions, added to the PPO loss with weight `coef`, annealed linearly to 0 over
   *  `updates` PPO updates (coef 0 = off). It keeps PPO near the cloned play while the
   *  advantages find where to depart from it. */
  teacher: { coef: number; updates: number }
  /** PPO's learning rate falls linearly from ppo.lr to ppo.lr × `to` over the first `updates`
   *  PPO updates, then stays there (absent: constant). Counted in updates, not wall clock, so a
   *  run stays deterministic. */
  lrDecay?: { updates: number; to: number }
  /** How the policy plays in evaluations and as a shipped agent: its most likely legal
   *  action (greedy) or a sample. */
  play: 'greedy' | 'sample'
  /** A residual policy over the scripted heuristic (NetConfig.prior, agents/policy/prior.ts):
   *  the network sees the heuristic's action and plays it unless it learned better. Absent in
   *  older configs: false. */
  prior?: boolean
  /** With `prior`: the starting logit bonus of the heuristic's action (NetConfig.priorScale; default
   *  PRIOR_SCALE0 = 4). Rulesets whose decisions offer many legal actions need more: sampled at 4, a
   *  cfeo-training game strays from the heuristic often enough to lose, and PPO on those games wrecked
   *  the policy; at 6 it learned (docs/training.md). Absent: the default. */
  priorScale?: number
  /** Where rollouts are collected (training/train/actor.ts): `thread` = an actor worker
   *  thread collecting the next rollout while this thread updates (both cores; the rollout
   *  is one update behind and the learner corrects for it), `inline` = collect, then update,
   *  on one thread (the sequential loop), `dual` = a helper thread collects half the envs and
   *  computes half of every minibatch's gradient (both cores, no lag: training/train/dual.ts).
   *  Absent in older configs: inline. */
  actor?: 'thread' | 'inline' | 'dual'
  /** With the actor thread: how the learner treats the one-update-old rollouts
   *  (PpoLearner.update): `behaviour` = PPO with the stale behaviour log-probs (ratio against
   *  them, no extra pass; default), `decoupled` = score the rollout with the learner's policy
   *  first, truncated importance weights and traces (one forward pass over the rollout more). */
  lagCorrection?: LagCorrection
}

/** The network a run builds: its preset, residual or not. */
export const netConfigOf = (cfg: Pick<TrainConfig, 'net' | 'prior' | 'priorScale'>): NetConfig => ({ ...NET_PRESETS[cfg.net], prior: cfg.prior === true, ...(cfg.priorScale === undefined ? {} : { priorScale: cfg.priorScale }) })

/** The trainer's defaults (the `pure` recipe's settings; `tercio train` lays the `residual` recipe over them). */
export const DEFAULT_TRAIN: TrainConfig = {
  ruleset: 'piwam',
  scenario: 'piwam-training',
  seed: 1,
  envs: 32,
  rollout: 32,
  net: 'small',
  // After imitation PPO refines a competent policy: a small step (lr 3e-4, 2 epochs), a
  // small entropy bonus and the teacher term below. (PPO from scratch wanted lr 2e-3: at
  // 5e-4 a 30-minute run barely moved.)
  ppo: { lr: 3e-4, epochs: 2, minibatch: 256, entropyCoef: 0.003 },
  shaping: 1,
  maxDecisions: 2000,
  // The cloned policy already beats random: the heuristic and past snapshots carry the signal.
  opponents: { heuristic: 0.7, random: 0.1, league: 0.2 },
  snapshotEvery: 10,
  leagueSize: 8,
  evalEvery: 10,
  evalGames: 20,
  checkpointEvery: 10,
  imitate: { ...DEFAULT_IMITATE, steps: 150 },
  // 150 minibatches take ~72 s on an idle 2-core machine: 40% of the default 3 minutes. A
  // shorter budget cuts imitation at this share, so PPO always gets the larger part.
  imitateShare: 0.4,
  valueWarmup: 5,
  // Without it the first PPO updates undid the imitation (40% → 0–5% against the heuristic
  // in 30 updates of the default 3-minute run); with it the cloned strength holds.
  teacher: { coef: 0.5, updates: 300 },
  play: 'greedy',
}

/** `tercio train --recipe`: named settings laid over DEFAULT_TRAIN (explicit options override them). */
export const TRAIN_RECIPES = {
  // A residual policy over the scripted heuristic (`prior`), PPO alone from the start: it plays the
  // heuristic's game untrained and learns where to depart from it. The recipe of the piwam baseline;
  // at a constant lr 3e-3 54-62% against the heuristic after 30 minutes of the dual loop, by seed; with the
  // lr falling to a tenth over 500 updates (the default seed's run had peaked at update 260, then lost
  // ground) the last net reached 65.5% (seed 1) and 63.5% (seed 11) (docs/training.md). The lr was
  // found on piwam: on cfeo-training and mttsog-training it wrecked the policy within 40-140 updates.
  // Evaluations of 60 games every 20 updates: `best/` is picked by them (20 games pick lucky nets).
  residual: { prior: true, teacher: { coef: 0, updates: DEFAULT_TRAIN.teacher.updates }, ppo: { lr: 3e-3 }, lrDecay: { updates: 500, to: 0.1 }, opponents: { heuristic: 0.8, random: 0, league: 0.2 }, evalEvery: 20, evalGames: 60 },
  // Imitation of the heuristic, then PPO of a network without its proposal (DEFAULT_TRAIN as it is).
  pure: {},
} as const satisfies Record<string, Partial<TrainConfig>>
export type TrainRecipe = keyof typeof TRAIN_RECIPES
/** The command's default: the recipe that reaches strength in a budget. The API (`train`) keeps DEFAULT_TRAIN. */
export const DEFAULT_RECIPE: TrainRecipe = 'residual'
