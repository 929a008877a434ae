// Scripted (heuristic) agents by ruleset: piwam and marignan have their own
// players; every other ruleset gets the generic one-step material lookahead.
import type { Engine } from '../../env/core/types.ts'
import type { Agent } from '../types.ts'
import { GenericHeuristic } from './generic.ts'
import { isPiwamEngine, PiwamHeuristic } from './piwam.ts'
import { isMarignanEngine, MarignanHeuristic } from './marignan.ts'
import { isMttsogEngine, MttsogHeuristic } from './mttsog.ts'
import { CfeoHeuristic, isCfeoEngine } from './cfeo.ts'
import { HblHeuristic, isHblEngine } from './hbl.ts'
import { isPerStateEngine, PerBattleAgent } from './per-battle.ts'

export interface HeuristicOptions {
  /** Probability of a random legal action instead of the scripted one. */
  epsilon?: number
  name?: string
}

export function makeHeuristic(engine: Engine, seed = 0, o: HeuristicOptions = {}): Agent {
  // A generated-battle id: each battle's own scripted player.
  if (isPerStateEngine(engine)) return new PerBattleAgent(o.name ?? 'heuristic', (battle) => makeHeuristic(battle, seed, o))
  if (isPiwamEngine(engine)) return new PiwamHeuristic(engine, seed, o)
  if (isMarignanEngine(engine)) return new MarignanHeuristic(seed, o)
  if (isMttsogEngine(engine)) return new MttsogHeuristic(seed, o)
  if (isCfeoEngine(engine)) return new CfeoHeuristic(seed, o)
  if (isHblEngine(engine)) return new HblHeuristic(seed, o)
  return new GenericHeuristic(seed, o.name === undefined ? {} : { name: o.name })
}

export { GenericHeuristic, reseedDice } from './generic.ts'
export { PiwamHeuristic, isPiwamEngine, piwamHealth } from './piwam.ts'
