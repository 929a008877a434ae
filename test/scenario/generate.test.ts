import { describe, expect, it } from 'vitest'
import { RULESET_IDS } from '../../env/core/types.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { hashJson } from '../../env/gym/hash.ts'
import { mirrorFacing } from '../../env/scenario/generate/army.ts'
import { BATTLE_SIZES, generateBattle } from '../../env/scenario/generate/index.ts'
import { scenarioErrors } from '../../env/scenario/load.ts'
import type { Scenario } from '../../env/scenario/types.ts'
import { unitTypes } from '../../env/rules/piwam/tables.ts'

const gen = (ruleset: string, seed: number, size = 'small'): Scenario => {
  const g = generateBattle(ruleset, seed, { size })
  if (!g.ok) throw new Error(g.error.message)
  return g.value
}
/** What a network depends on: the action layout and observation shapes. */
const interfaceOf = (ruleset: string, s: Scenario): string => {
  const b = bindEngine(ruleset, s)
  if (!b.ok) throw new Error(`${s.id}: ${b.error.message}`)
  const e = b.value
  return `${e.layout.size}|${e.layout.units.join(',')}|${e.layout.wings.join(',')}|${e.grid.cols}x${e.grid.rows}|${e.obs.planes.join(',')}|${e.obs.maxEntities}|${e.obs.globals.join(',')}`
}

const label = (c: number, r: number): string => String(c + 1).padStart(2, '0') + String(r + 1).padStart(2, '0')
const mirrorLabel = (s: Scenario, l: string): string => label(s.map.cols - Number(l.slice(0, 2)), s.map.rows - Number(l.slice(2)))

describe.each(RULESET_IDS)('%s generator', (ruleset) => {
  it.each(BATTLE_SIZES)('1,000 %s battles validate, bind and share one action layout and observation shape', { timeout: 240_000 }, (size) => {
    let first: string | null = null
    for (let seed = 0; seed < 1000; seed++) {
      const s = gen(ruleset, seed, size)
      expect(scenarioErrors(s)).toEqual([])
      const key = interfaceOf(ruleset, s)
      first ??= key
      if (key !== first) throw new Error(`${s.id}: the interface differs from seed 0's`)
    }
  })

  it('is a pure function of ruleset, seed, size and budget', () => {
    for (const seed of [0, 1, 77, 2 ** 31 + 5, 2 ** 32 - 1]) {
      expect(JSON.stringify(gen(ruleset, seed))).toBe(JSON.stringify(gen(ruleset, seed)))
    }
    const hashes = new Set(Array.from({ length: 50 }, (_, seed) => hashJson({ ...gen(ruleset, seed), id: '', name: '', sources: [] })))
    expect(hashes.size).toBeGreaterThan(45)
  })

  it('mirrors the field point for point (hex h and its 180-degree image carry the same terrain, elevation and hexsides)', () => {
    for (let seed = 0; seed < 50; seed++) {
      const s = gen(ruleset, seed, seed % 2 ? 'medium' : 'small')
      const { cols, rows, terrain, elevation, hexsides = [] } = s.map
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          expect(terrain[r]?.[c]).toBe(terrain[rows - 1 - r]?.[cols - 1 - c])
          if (elevation) expect(elevation[r]?.[c]).toBe(elevation[rows - 1 - r]?.[cols - 1 - c])
        }
      }
      const sides = new Set(hexsides.map((h) => `${[...h.hexes].sort().join('/')}:${h.feature}`))
      for (const h of hexsides) expect(sides.has(`${h.hexes.map((x) => mirrorLabel(s, x)).sort().join('/')}:${h.feature}`)).toBe(true)
    }
  })
})

describe.each(RULESET_IDS.filter((r) => r !== 'marignan'))('%s armies', (ruleset) => {
  it('side 1 is side 0 turned 180 degrees: same types and fields, mirrored hexes and facings', () => {
    for (let seed = 0; seed < 50; seed++) {
      const s = gen(ruleset, seed)
      const a = s.units.filter((u) => u.side === 0)
      const b = s.units.filter((u) => u.side === 1)
      expect(b.length).toBe(a.length)
      a.forEach((u, i) => {
        const v = b[i]
        const strip = (x: typeof u) => Object.fromEntries(Object.entries(x).filter(([k]) => !['id', 'side', 'wing', 'hex', 'facing', 'name'].includes(k)))
        expect(strip(v as typeof u)).toEqual(strip(u))
        expect(v?.hex).toBe(mirrorLabel(s, u.hex))
        expect(v?.facing).toBe(mirrorFacing(u.facing))
      })
      expect(s.sides.map((x) => x.edge)).toEqual(['S', 'N'])
    }
  })
})

describe('marignan armies', () => {
  it('keep the ruleset sides: the Swiss (side 0) on the north edge, the French with their King on the south edge', () => {
    for (let seed = 0; seed < 50; seed++) {
      const s = gen('marignan', seed)
      expect(s.sides.map((x) => x.edge)).toEqual(['N', 'S'])
      expect(s.leaders.filter((l) => l['king'] === true && l.side === 1)).toHaveLength(1)
      expect(s.units.filter((u) => u.side === 0).every((u) => u.type.startsWith('swiss') || u.type === 'milan-cav')).toBe(true)
    }
  })
})

describe('budgets', () => {
  it('a piwam army never spends more than its budget of victory value', () => {
    for (const budget of [14, 22, 30]) {
      for (let seed = 0; seed < 100; seed++) {
        const g = generateBattle('piwam', seed, { budget })
        if (!g.ok) throw new Error(g.error.message)
        const spent = g.value.units.filter((u) => u.side === 0).reduce((n, u) => n + unitTypes.value[u.type as keyof typeof unitTypes.value], 0)
        expect(spent).toBeLessThanOrEqual(budget)
      }
    }
  })

  it('a budget no army fits, an unknown ruleset or size and a bad seed are one-line errors naming them', () => {
    const msg = (r: ReturnType<typeof generateBattle>) => (r.ok ? 'ok' : `${r.error.code} ${r.error.message}`)
    expect(msg(generateBattle('piwam', 1, { budget: 3 }))).toBe('SCENARIO_INVALID generate piwam: budget 3: no army fits (the cheapest army of this size costs 8 points)')
    expect(msg(generateBattle('chess', 1))).toBe('RULESET_UNKNOWN generate: unknown ruleset "chess" (known: piwam, marignan, cfeo, hbl, mttsog)')
    expect(msg(generateBattle('hbl', 1, { size: 'huge' }))).toBe('SCENARIO_INVALID generate: unknown size "huge" (known: small, medium)')
    expect(msg(generateBattle('cfeo', -1))).toBe('SCENARIO_INVALID generate: seed must be an integer 0..4294967295, got -1')
    expect(msg(generateBattle('cfeo', 1, { budget: Number.NaN }))).toBe('SCENARIO_INVALID generate: budget must be a positive number, got NaN')
    for (const r of RULESET_IDS) expect(msg(generateBattle(r, 1, { budget: 1 }))).toMatch(/^SCENARIO_INVALID generate \w+: budget 1: no army fits \(the cheapest army of this size costs \d+ points\)$/)
  })
})
