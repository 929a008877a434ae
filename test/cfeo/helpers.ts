// Shared helpers of the cfeo tests: bind a scenario (optionally patched) and play random legal games.
import { cfeo } from '../../env/rules/cfeo/index.ts'
import type { CfeoEngine } from '../../env/rules/cfeo/index.ts'
import type { CfeoEvent, CfeoState } from '../../env/rules/cfeo/state.ts'
import { builtinScenario } from '../../env/scenario/builtin.ts'
import type { Scenario } from '../../env/scenario/types.ts'

export function trainingScenario(): Scenario {
  const r = builtinScenario('cfeo-training')
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

export function bindCfeo(sc: Scenario = trainingScenario()): CfeoEngine {
  const b = cfeo.bind(sc)
  if (!b.ok) throw new Error(b.error.message)
  return b.value as unknown as CfeoEngine
}

/** Plays one random legal game (xorshift on `seed`); returns the state, the number of decisions and the event types seen. */
export function randomGame(e: CfeoEngine, seed: number, maxSteps = 20000): { s: CfeoState; steps: number; types: Set<string>; kinds: Set<string> } {
  const s = e.init(seed)
  const mask = new Uint8Array(e.layout.size)
  let x = seed * 2654435761 + 1
  const types = new Set<string>()
  const kinds = new Set<string>()
  let steps = 0
  while (e.decision(s) && steps < maxSteps) {
    kinds.add(e.decision(s)!.kind)
    const n = e.legal(s, mask)
    if (n === 0) throw new Error(`empty mask at step ${steps}`)
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    let k = (x >>> 0) % n
    let a = -1
    for (let i = 0; i < mask.length; i++) if (mask[i] && k-- === 0) {
      a = i
      break
    }
    const ev: CfeoEvent[] = []
    const r = e.apply(s, a, ev)
    if (r) throw new Error(r.message)
    for (const v of ev) types.add(v.type)
    steps++
  }
  return { s, steps, types, kinds }
}
