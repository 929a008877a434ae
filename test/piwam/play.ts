// Test helpers: bind scenarios, play random or aggressive-random games.
import { actionText } from '../../env/core/actions.ts'
import { builtinScenario } from '../../env/scenario/builtin.ts'
import type { Scenario } from '../../env/scenario/types.ts'
import { piwam } from '../../env/rules/piwam/index.ts'
import type { PiwamEngine, PiwamEvent, PiwamState } from '../../env/rules/piwam/index.ts'

export function bindScenario(sc: Scenario): PiwamEngine {
  const b = piwam.bind(sc)
  if (!b.ok) throw new Error(b.error.message)
  return b.value as PiwamEngine
}
export function builtin(id: string): PiwamEngine {
  const sc = builtinScenario(id)
  if (!sc.ok) throw new Error(sc.error.message)
  return bindScenario(sc.value)
}

/** A small LCG so tests do not depend on Math.random. */
export function lcg(seed: number): () => number {
  let x = seed >>> 0 || 1
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0
    return x / 0x100000000
  }
}

/** Picks a legal action; `aggressive` prefers moving, firing, attacking, charging and saying yes. */
export function pick(e: PiwamEngine, s: PiwamState, mask: Uint8Array, rnd: () => number, aggressive: boolean): number {
  const ids: number[] = []
  for (let i = 0; i < mask.length; i++) if (mask[i]) ids.push(i)
  if (aggressive && rnd() < 0.85) {
    const pref = ids.filter((a) => {
      const t = actionText(e.layout, a)
      return t.startsWith('hex:') || t.startsWith('unit:') || t === 'choice:fire' || t === 'choice:charge' || t === 'choice:yes' || t === 'choice:intercept' || t === 'choice:rally-unit'
    })
    if (pref.length > 0) return pref[Math.floor(rnd() * pref.length)] as number
  }
  return ids[Math.floor(rnd() * ids.length)] as number
}

export interface PlayStats {
  decisions: number
  events: Map<string, number>
}

/** Plays one game to the end, calling check after every step; returns the final state. */
export function playGame(e: PiwamEngine, seed: number, aggressive: boolean, check?: (s: PiwamState, a: number, ev: PiwamEvent[]) => void, stats?: PlayStats): PiwamState {
  const s = e.init(seed)
  const mask = new Uint8Array(e.layout.size)
  const rnd = lcg(seed * 7919 + 1)
  let steps = 0
  while (e.outcome(s) === null) {
    const c = e.legal(s, mask)
    if (c === 0) throw new Error(`empty mask at ${JSON.stringify(e.decision(s))}`)
    const a = pick(e, s, mask, rnd, aggressive)
    const ev: PiwamEvent[] = []
    const r = e.apply(s, a, ev)
    if (r) throw new Error(`legal action ${actionText(e.layout, a)} refused: ${r.message}`)
    if (stats) {
      stats.decisions++
      for (const v of ev) stats.events.set(v.type, (stats.events.get(v.type) ?? 0) + 1)
    }
    check?.(s, a, ev)
    if (++steps > 100000) throw new Error('game does not end')
  }
  return s
}
