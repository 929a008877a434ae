// Training configuration: defaults sized so that a few minutes on a 2-core CPU
// already move the policy (small net, short rollouts, shaped reward).
import type { NetConfig } from '../../agents/policy/net.ts'
import type { PpoConfig } from '../ppo/ppo.ts'

export const NET_PRESETS = {
  tiny: { convChannels: 8, convLayers: 1, entityHidden: 16, globalHidden: 16, hidden: 32 },
  small: { convChannels: 16, convLayers: 2, entityHidden: 32, globalHidden: 32, hidden: 64 },
  default: { convChannels: 32, convLayers: 2, entityHidden: 32, globalHidden: 32, hidden: 128 },
} as const satisfies Record<string, NetConfig>
export type NetPreset = keyof typeof NET_PRESETS

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
}

export const DEFAULT_TRAIN: TrainConfig = {
  ruleset: 'piwam',
  scenario: 'piwam-training',
  seed: 1,
  envs: 16,
  rollout: 32,
  net: 'small',
  // lr 2e-3: at 5e-4 a 30-minute run barely moved (approx-KL ~5e-4 per update)
  ppo: { lr: 2e-3, epochs: 3, minibatch: 256, entropyCoef: 0.01 },
  shaping: 1,
  maxDecisions: 2000,
  // random-heavy: a fresh policy loses every game to the heuristic, so random games carry the early signal
  opponents: { heuristic: 0.3, random: 0.5, league: 0.2 },
  snapshotEvery: 10,
  leagueSize: 8,
  evalEvery: 10,
  evalGames: 20,
  checkpointEvery: 10,
}
