// Shared by the imitation tests: a tiny policy net and the piwam-training engine with TF.js ready.
import { initTf } from '../../agents/tf/backend.ts'
import type { NetConfig } from '../../agents/policy/net.ts'
import type { Engine } from '../../env/core/types.ts'
import { bindEngine } from '../../env/gym/make.ts'

export const TINY: NetConfig = { convChannels: 8, convLayers: 1, entityHidden: 16, globalHidden: 16, hidden: 32, entityBoard: true }

/** Initialises TF.js (quietly) and binds piwam-training. */
export async function piwamTrainingWithTf(): Promise<Engine> {
  await initTf({ quiet: true })
  const b = bindEngine('piwam', 'piwam-training')
  if (!b.ok) throw new Error(b.error.message)
  return b.value
}
