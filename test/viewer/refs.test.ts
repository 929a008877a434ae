// Rule citations (env/rules/<id>/refs.ts): every event kind a ruleset emits cites a section of its seed
// text, except those that apply no rule (a die roll, the game's end); no citation names a kind that
// does not exist; and a logged event reads "section name: the event in words".
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { RULESET_IDS } from '../../env/core/types.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { REFS as cfeo } from '../../env/rules/cfeo/refs.ts'
import { REFS as hbl } from '../../env/rules/hbl/refs.ts'
import { REFS as marignan } from '../../env/rules/marignan/refs.ts'
import { REFS as mttsog } from '../../env/rules/mttsog/refs.ts'
import { REFS as piwam } from '../../env/rules/piwam/refs.ts'
import { citedText, type RefTable } from '../../env/rules/shared/refs.ts'

const TABLES: Record<(typeof RULESET_IDS)[number], RefTable> = { piwam, marignan, cfeo, hbl, mttsog }
/** Kinds that apply no rule of the text. */
const UNCITED = new Set(['rolled', 'game-over'])

/** The event kinds of a ruleset: its event union in state.ts. */
function eventKinds(id: string): Set<string> {
  const src = readFileSync(`env/rules/${id}/state.ts`, 'utf8')
  const union = (src.split(/export type \w*Event =/)[1] ?? '').split('\n\n')[0] as string
  return new Set([...union.matchAll(/type: '([a-z-]+)'/g)].map((m) => m[1] as string))
}

describe('rule citations', () => {
  for (const id of RULESET_IDS) {
    it(`${id}: every event kind but a roll and the game's end cites a rule, and only real kinds are cited`, () => {
      const kinds = eventKinds(id)
      expect(kinds.size).toBeGreaterThan(10)
      const cited = Object.keys(TABLES[id])
      expect(cited.filter((k) => !kinds.has(k))).toEqual([])
      expect([...kinds].filter((k) => !UNCITED.has(k) && !cited.includes(k))).toEqual([])
      for (const r of Object.values(TABLES[id])) expect(r.text).toBe(r.section ? `${r.section} ${r.name}` : r.name)
    })
  }

  it('a logged event reads "section name: words" (piwam fire: 4.1 of the seed)', () => {
    const b = bindEngine('piwam', 'piwam-training')
    if (!b.ok) throw new Error(b.error.message)
    const e = { type: 'fired', unit: 'F-A', target: '0803', range: 2, toHit: 6, roll: 5, terms: ['extra MP spent +1'], total: 6, hit: true, margin: 0, defensive: false }
    expect(citedText(piwam, e, b.value.describe(e))).toBe('4.1 Fire combat: F-A fires at 0803 (range 2): roll 5 +1 [extra MP spent +1] = 6 vs 6 - hit, +0 to the morale check')
    expect(citedText(piwam, { type: 'rolled' }, 'rolled 5')).toBe('rolled 5')
  })
})
