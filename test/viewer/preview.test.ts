// Fire and combat previews (env/rules/<id>/preview.ts) pinned against the seed texts' numbers: each
// ruleset's training scenario is walked with a fixed stream of legal actions to its first decision
// that resolves a fire or combat, and the preview's odds are checked against the rule.
import { describe, expect, it } from 'vitest'
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import type { Agent } from '../../agents/types.ts'
import type { BaseState, Engine } from '../../env/core/types.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { preview as cfeo } from '../../env/rules/cfeo/preview.ts'
import { preview as hbl } from '../../env/rules/hbl/preview.ts'
import { preview as marignan } from '../../env/rules/marignan/preview.ts'
import { FIRE_TABLE, MELEE_TABLE } from '../../env/rules/marignan/tables.ts'
import { preview as mttsog } from '../../env/rules/mttsog/preview.ts'
import { preview as piwam } from '../../env/rules/piwam/preview.ts'
import { type Preview, previewText } from '../../env/rules/shared/preview.ts'

type PreviewFn = (e: Engine, s: BaseState, a: number) => Preview | null

/** The first (state, action, preview) on a fixed walk of legal actions (or of the heuristic's choices:
 *  marignan's random walk never fires). */
function firstPreview(ruleset: string, fn: PreviewFn, heuristic = false): { engine: Engine; state: BaseState; action: number; p: Preview } {
  const b = bindEngine(ruleset, `${ruleset}-training`)
  if (!b.ok) throw new Error(b.error.message)
  const engine = b.value
  const s = engine.init(1)
  const mask = new Uint8Array(engine.layout.size)
  let x = 7
  const agents = [makeHeuristic(engine, 1), makeHeuristic(engine, 2)]
  for (let step = 0; step < 3000 && engine.decision(s); step++) {
    const legalCount = engine.legal(s, mask)
    const legal = [...mask.keys()].filter((a) => mask[a])
    for (const a of legal) {
      const p = fn(engine, s, a)
      if (p) return { engine, state: s, action: a, p }
    }
    x = (x * 1103515245 + 12345) & 0x7fffffff
    const player = engine.decision(s)?.player ?? 0
    engine.apply(s, heuristic ? (agents[player] as Agent).act({ engine, state: s, mask, legalCount, player }) : (legal[x % legal.length] as number))
  }
  throw new Error(`${ruleset}: no fire or combat on the walk`)
}

const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k)
const binomial = (n: number, p: number, k: number): number => choose(n, k) * p ** k * (1 - p) ** (n - k)
const chanceOf = (p: Preview, result: string): number => p.outcomes.find((o) => o.result === result)?.chance ?? 0

describe('fire and combat previews', () => {
  it('piwam 4.1: a d10 read 0-9 plus the modifier hits at the to-hit number, each point over adding 1 to the morale check', () => {
    const { p } = firstPreview('piwam', piwam)
    expect(p.rule).toBe('4.1 Fire combat')
    expect(p.dice).toBe('1 d10 (0–9)')
    const m = /die ([+-]\d+)(?: \[[^\]]*\])?, hits on (\d+)\+/.exec(p.modifiers)
    expect(m).not.toBeNull()
    const need = Number(m?.[2]) - Number(m?.[1])
    expect(chanceOf(p, 'miss')).toBeCloseTo(Math.max(0, Math.min(10, need)) / 10)
    for (let v = Math.max(0, need); v <= 9; v++) expect(chanceOf(p, `hit, +${v - need} to the morale check`)).toBeCloseTo(0.1)
    expect(p.outcomes.find((o) => o.result === 'miss')?.faces).toBe(need > 1 ? `0–${need - 1}` : '0')
  })

  for (const [rule, table] of [
    ['12.4 Firing procedure', FIRE_TABLE],
    ['13.2 Melee procedure', MELEE_TABLE],
  ] as const) {
    it(`marignan ${rule}: one d6, modified by the leftover die modifier (0–7), read on the shifted column`, () => {
      const { p } = firstPreview('marignan', (e, s, a) => {
        const q = marignan(e, s, a)
        return q && q.rule === rule && q.dependsOn === null ? q : null
      }, true)
      expect(p.dice).toBe('1 d6')
      const [, dm, column] = /die ([+-]\d+) → column (\S+)$/.exec(p.modifiers) ?? []
      const col = (table.columns as readonly string[]).indexOf(column as string)
      expect(col, p.modifiers).toBeGreaterThanOrEqual(0)
      const expected = new Map<string, number>()
      for (let face = 1; face <= 6; face++) {
        const r = table.rows[col]?.[Math.max(0, Math.min(7, face + Number(dm)))] as string
        expected.set(r, (expected.get(r) ?? 0) + 1 / 6)
      }
      expect(p.outcomes.length).toBe(expected.size)
      for (const [r, chance] of expected) expect(chanceOf(p, r), r).toBeCloseTo(chance)
    })
  }

  it('cfeo Giving Fire: small arms roll a die each, 6 = 1 DP', () => {
    const { p } = firstPreview('cfeo', cfeo)
    expect(p.rule).toBe('Giving Fire')
    const n = Number(/(\d+) dice/.exec(p.modifiers)?.[1])
    expect(p.dice).toBe(`${n} d6`)
    for (let k = 0; k <= n; k++) expect(chanceOf(p, `${k} DP`)).toBeCloseTo(binomial(n, 1 / 6, k))
  })

  it('mttsog F) Shooting: each die hits on the number needed', () => {
    const { p } = firstPreview('mttsog', mttsog)
    expect(p.rule).toBe('F) Shooting phase')
    const [, n, need] = /(\d+) dice, each hits on (\d+)\+/.exec(p.modifiers) ?? []
    const q = (7 - Number(need)) / 6
    for (let k = 0; k <= Number(n); k++) expect(chanceOf(p, `${k} hit${k === 1 ? '' : 's'}`)).toBeCloseTo(binomial(Number(n), q, k))
  })

  it('hbl Shooting: the shooter\'s die against the defence die, every pair of faces counted once', () => {
    const { p } = firstPreview('hbl', hbl)
    expect(p.rule).toBe('15 Jan Shooting')
    expect(p.dependsOn).toBeNull()
    expect(p.outcomes.reduce((t, o) => t + o.chance, 0)).toBeCloseTo(1)
    // D8 v D8 with the factors: pips = own total - defence; more pips are never likelier than fewer
    const pips = p.outcomes.filter((o) => o.result.endsWith('pip') || o.result.endsWith('pips')).map((o) => o.chance)
    for (let i = 1; i < pips.length; i++) expect(pips[i]).toBeLessThanOrEqual(pips[i - 1] as number)
  })

  it('reads the engine without changing the state, and is the same on every call', () => {
    const { engine, state, action, p } = firstPreview('piwam', piwam)
    const before = engine.hash(state)
    expect(piwam(engine, state, action)).toEqual(p)
    expect(engine.hash(state)).toBe(before)
    expect(previewText(p)[0]).toMatch(/^4\.1 Fire combat: 1 d10/)
  })
})
