// Shared set-up of the hbl tests: the bound training engine and a seeded random player.
import type { Engine } from '../../env/core/types.ts'
import { hbl } from '../../env/rules/hbl/index.ts'
import { builtinScenario } from '../../env/scenario/builtin.ts'
import type { Scenario } from '../../env/scenario/types.ts'

export function hblEngine(id = 'hbl-training', edit?: (s: Scenario) => void): Engine {
  const sc = builtinScenario(id)
  if (!sc.ok) throw new Error(sc.error.message)
  edit?.(sc.value)
  const b = hbl.bind(sc.value)
  if (!b.ok) throw new Error(b.error.message)
  return b.value
}

/** A small deterministic generator (tests only). */
export function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0
    return x / 0x100000000
  }
}

export function legalIds(e: Engine, s: Parameters<Engine['legal']>[0], mask: Uint8Array): number[] {
  e.legal(s, mask)
  const ids: number[] = []
  for (let i = 0; i < mask.length; i++) if (mask[i]) ids.push(i)
  return ids
}
