import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { hexOfLabel, labelOf, makeGrid, VERTEX_NAMES, distance, type HexGrid } from '../../env/hex/grid.ts'
import { BUILTIN_SCENARIOS, builtinIds, builtinScenario, DEFAULT_SCENARIO, isBuiltin, resolveScenario } from '../../env/scenario/builtin.ts'
import { scenarioErrors } from '../../env/scenario/load.ts'
import type { Scenario } from '../../env/scenario/types.ts'
import { piwam } from '../../env/rules/piwam/index.ts'

const load = (id: string): Scenario => {
  const r = builtinScenario(id)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const root = new URL('../../', import.meta.url)

describe('built-in scenario registry', () => {
  it('lists the piwam and marignan scenarios, default first', () => {
    expect(BUILTIN_SCENARIOS.map((s) => s.id)).toEqual([
      'piwam-training',
      'coutras-1587',
      'ivry-1590',
      'marignan-training',
      'marignan-1515-first-day',
      'marignan-1515-two-days',
      'mttsog-training',
      'mttsog-maida-1806',
      'hbl-training',
      'hbl-cerignola-1503',
      'cfeo-training',
      'cfeo-bicocca-1522',
    ])
    expect(DEFAULT_SCENARIO).toBe('piwam-training')
    expect(builtinIds('piwam')).toEqual(['piwam-training', 'coutras-1587', 'ivry-1590'])
    expect(builtinIds('marignan')).toEqual(['marignan-training', 'marignan-1515-first-day', 'marignan-1515-two-days'])
    expect(builtinIds('cfeo')).toEqual(['cfeo-training', 'cfeo-bicocca-1522'])
    expect(builtinIds('mttsog')).toEqual(['mttsog-training', 'mttsog-maida-1806'])
    expect(builtinIds('hbl')).toEqual(['hbl-training', 'hbl-cerignola-1503'])
    for (const s of BUILTIN_SCENARIOS) {
      expect(s.name.length).toBeGreaterThan(3)
      expect(s.description.length).toBeGreaterThan(20)
    }
  })
  it.each(BUILTIN_SCENARIOS.map((s) => s.id))('%s validates with no problem and its id matches', (id) => {
    const s = load(id)
    expect(s.id).toBe(id)
    expect(scenarioErrors(s)).toEqual([])
    // the JSON file on disk is the same data
    const file = JSON.parse(readFileSync(new URL(`env/scenario/scenarios/${id}.json`, root), 'utf8')) as unknown
    expect(file).toEqual(s)
  })
  it('returns a fresh copy each time', () => {
    const a = load('piwam-training')
    ;(a.units[0] as { hex: string }).hex = '0101'
    expect(load('piwam-training').units[0]?.hex).not.toBe('0101')
  })
  it('an unknown id is SCENARIO_NOT_FOUND listing the known ids', () => {
    const r = builtinScenario('rocroi-1643')
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('SCENARIO_NOT_FOUND')
    expect(r.error.message).toContain('"rocroi-1643"')
    for (const id of builtinIds()) expect(r.error.message).toContain(id)
    expect(isBuiltin('ivry-1590')).toBe(true)
    expect(isBuiltin('toString')).toBe(false)
  })
  it('resolveScenario takes an id, JSON text or an object', () => {
    const byId = resolveScenario('coutras-1587')
    expect(byId.ok && byId.value.id).toBe('coutras-1587')
    const text = JSON.stringify(load('ivry-1590'))
    const byText = resolveScenario(text, 'ivry.json')
    expect(byText.ok && byText.value.id).toBe('ivry-1590')
    const byObj = resolveScenario(load('piwam-training'))
    expect(byObj.ok && byObj.value.id).toBe('piwam-training')
    const badText = resolveScenario('{"id": ', 'mine.json')
    expect(!badText.ok && badText.error.message).toMatch(/^mine\.json: not valid JSON/)
    const unknown = resolveScenario('nowhere')
    expect(!unknown.ok && unknown.error.code).toBe('SCENARIO_NOT_FOUND')
  })
})

// ---- piwam-specific checks of the shipped data --------------------------------

const PIWAM = {
  types: ['G', 'C', 'R', 'A', 'S', 'L', 'T', 'F', 'H', 'E', 'ART'],
  cavalry: ['G', 'C', 'R'],
  statuses: ['normal', 'disordered', 'shaken', 'broken'],
  terrain: ['clear', 'woods', 'rough', 'marsh', 'village', 'water'],
  hexsides: ['stream', 'bridge', 'hedge'],
  orders: ['charge', 'march', 'rally'],
}
const OPPOSITE: Record<string, string> = { N: 'S', S: 'N', E: 'W', W: 'E' }

const terrainOf = (s: Scenario, g: HexGrid, h: number): string => {
  const ch = s.map.terrain[(h / g.cols) | 0]?.[h % g.cols] ?? '?'
  return s.map.legend[ch] ?? '?'
}

describe.each(builtinIds('piwam'))('%s follows the piwam rules', (id) => {
  const s = load(id)
  const g = makeGrid(s.map.cols, s.map.rows)
  const hexOf = (label: string): number => hexOfLabel(g, label)

  it('uses only piwam vocabulary', () => {
    for (const u of s.units) {
      expect(PIWAM.types, u.id).toContain(u.type)
      expect(VERTEX_NAMES as readonly string[], `${u.id} faces a vertex`).toContain(u.facing)
      expect(PIWAM.statuses).toContain(u.status ?? 'normal')
    }
    for (const t of Object.values(s.map.legend)) expect(PIWAM.terrain).toContain(t)
    for (const hs of s.map.hexsides ?? []) expect(PIWAM.hexsides).toContain(hs.feature)
    for (const w of s.wings) expect(PIWAM.orders).toContain(w.order)
    for (const l of s.leaders) {
      expect(['army', 'wing']).toContain(l.role)
      expect([-1, -2, -3]).toContain(l.rating)
      if (l.replacement) expect([-1, -2, -3]).toContain(l.replacement.rating)
    }
    expect(s.victory).toMatchObject({ breakFraction: expect.any(Number), drawMargin: expect.any(Number) })
  })

  it('keeps to the stacking rules (only ART and E share, E only with cavalry)', () => {
    expect(stackingProblems(s)).toEqual([])
  })

  it('puts nobody in water', () => {
    for (const p of [...s.units, ...s.leaders]) expect(terrainOf(s, g, hexOf(p.hex)), p.id).not.toBe('water')
  })

  it('has opposite friendly edges', () => {
    expect(OPPOSITE[s.sides[0].edge]).toBe(s.sides[1].edge)
  })

  it('gives each side one army commander and each wing a commander stacked with a unit of his wing', () => {
    for (const side of [0, 1] as const) {
      const army = s.leaders.filter((l) => l.side === side && l.role === 'army')
      expect(army).toHaveLength(1)
      const a = army[0]
      expect(s.units.some((u) => u.side === side && u.hex === a?.hex), `army commander ${a?.id} stacked with a unit`).toBe(true)
      const wings = s.wings.filter((w) => w.side === side)
      expect(wings.length).toBeGreaterThanOrEqual(2)
      expect(wings.length).toBeLessThanOrEqual(4)
    }
    for (const w of s.wings) {
      const c = s.leaders.find((l) => l.id === w.commander)
      expect(c, `wing ${w.id} commander`).toBeDefined()
      expect(c?.role).toBe('wing')
      expect(c?.wing).toBe(w.id)
      expect(s.units.some((u) => u.wing === w.id && u.hex === c?.hex), `${c?.id} stacked with a unit of ${w.id}`).toBe(true)
      expect(s.units.filter((u) => u.wing === w.id).length, `wing ${w.id} has units`).toBeGreaterThanOrEqual(2)
    }
  })

  it('starts every unit in command (chain of friendly units: 1 hex infantry, 2 hexes cavalry)', () => {
    for (const w of s.wings) {
      const cmd = s.leaders.find((l) => l.id === w.commander)
      if (!cmd) continue
      const friends = s.units.filter((u) => u.side === w.side)
      const reach = new Set<number>([hexOf(cmd.hex)])
      let grew = true
      while (grew) {
        grew = false
        for (const u of friends) {
          const h = hexOf(u.hex)
          if (reach.has(h)) continue
          const range = PIWAM.cavalry.includes(u.type) ? 2 : 1
          if ([...reach].some((r) => distance(g, r, h) <= range)) {
            reach.add(h)
            grew = true
          }
        }
      }
      for (const u of s.units.filter((u) => u.wing === w.id && u.type !== 'ART')) {
        expect(reach.has(hexOf(u.hex)), `${u.id} at ${u.hex} in command of ${cmd.id}`).toBe(true)
      }
    }
  })

  it('deploys the armies 4 to 7 hexes apart', () => {
    let min = Infinity
    for (const a of s.units.filter((u) => u.side === 0)) {
      for (const b of s.units.filter((u) => u.side === 1)) min = Math.min(min, distance(g, hexOf(a.hex), hexOf(b.hex)))
    }
    expect(min).toBeGreaterThanOrEqual(4)
    expect(min).toBeLessThanOrEqual(7)
  })

  it('fits the size limits (at most 24x16)', () => {
    expect(s.map.cols).toBeLessThanOrEqual(24)
    expect(s.map.rows).toBeLessThanOrEqual(16)
  })

  it.runIf(piwamReady())('binds with the piwam engine', () => {
    const r = piwam.bind(s)
    expect(r.ok ? 'ok' : r.error.message).toBe('ok')
  })
})

/** PIWAM 3.2 at set-up: at most two units a hex, one side a hex, only ART and
 *  E share, and E only with cavalry (or artillery). */
function stackingProblems(s: Scenario): string[] {
  const out: string[] = []
  const byHex = new Map<string, Scenario['units']>()
  for (const u of s.units) byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), u])
  for (const [hex, us] of byHex) {
    const ids = us.map((u) => u.id).join('+')
    if (us.length > 2) out.push(`${hex}: ${ids} (more than two units)`)
    if (new Set(us.map((u) => u.side)).size > 1) out.push(`${hex}: ${ids} (both sides)`)
    if (us.filter((u) => u.type !== 'ART' && u.type !== 'E').length > 1) out.push(`${hex}: ${ids} (two ordinary units)`)
    const e = us.find((u) => u.type === 'E')
    const other = us.find((u) => u !== e)
    if (us.length === 2 && e && other && other.type !== 'ART' && !PIWAM.cavalry.includes(other.type)) out.push(`${hex}: ${ids} (enfants perdus with foot)`)
  }
  return out
}

describe('stackingProblems (the check used above) catches bad set-ups', () => {
  const s = load('piwam-training')
  const at = (id: string, hex: string): Scenario => ({ ...s, units: s.units.map((u) => (u.id === id ? { ...u, hex } : u)) })
  it.each([
    ['two ordinary units', 'C-C1', '0308', 'two ordinary units'],
    ['enfants perdus with foot', 'C-E1', '0908', 'enfants perdus with foot'],
    ['both sides', 'P-E1', '1108', 'both sides'],
  ])('%s', (_n, id, hex, why) => {
    expect(stackingProblems(at(id, hex)).join()).toContain(why)
  })
  it('allows E with cavalry and ART with anything', () => {
    expect(stackingProblems(at('C-E1', '0308'))).toEqual([])
    expect(stackingProblems(at('C-ART', '0908'))).toEqual([])
  })
})

/** The piwam ruleset may still be a stub while it is being built. */
function piwamReady(): boolean {
  const r = piwam.bind(load(DEFAULT_SCENARIO))
  return r.ok || !/not built/.test(r.error.message)
}

describe('piwam-training', () => {
  const s = load('piwam-training')
  const g = makeGrid(s.map.cols, s.map.rows)
  const rot = (label: string): string => {
    const h = hexOfLabel(g, label)
    return labelOf(g.cols - 1 - (h % g.cols), g.rows - 1 - ((h / g.cols) | 0))
  }
  const rotF = (f: string): string => VERTEX_NAMES[(VERTEX_NAMES.indexOf(f as (typeof VERTEX_NAMES)[number]) + 3) % 6] as string
  const mirrorId = (id: string): string => (id.startsWith('C') ? 'P' + id.slice(1) : 'C' + id.slice(1))

  it('is a small battle: about 14x10, two wings and 8 units a side, 12 turns', () => {
    expect([s.map.cols, s.map.rows]).toEqual([14, 10])
    for (const side of [0, 1]) {
      expect(s.units.filter((u) => u.side === side)).toHaveLength(8)
      expect(s.wings.filter((w) => w.side === side)).toHaveLength(2)
      expect(s.leaders.filter((l) => l.side === side)).toHaveLength(3)
    }
    expect(s.turns).toBe(12)
    const legend = new Set(Object.values(s.map.legend))
    for (const t of ['woods', 'village']) expect(legend.has(t)).toBe(true)
    expect(s.map.hexsides?.some((h) => h.feature === 'bridge')).toBe(true)
    expect(s.map.elevation?.join('')).toMatch(/[1-9]/)
  })

  it('has a cavalry-heavy and an infantry-heavy wing on each side', () => {
    for (const w of s.wings) {
      const us = s.units.filter((u) => u.wing === w.id)
      const cav = us.filter((u) => PIWAM.cavalry.includes(u.type)).length
      expect(cav === 0 || cav >= us.length / 2, w.id).toBe(true)
    }
  })

  it('is exactly point-symmetric: the 180° rotation maps side 0 onto side 1', () => {
    const cell = (label: string): string => {
      const h = hexOfLabel(g, label)
      return `${s.map.terrain[(h / g.cols) | 0]?.[h % g.cols]}${s.map.elevation?.[(h / g.cols) | 0]?.[h % g.cols]}`
    }
    for (const label of g.labels) expect(cell(rot(label)), label).toBe(cell(label))
    for (const u of s.units) {
      const m = s.units.find((x) => x.id === mirrorId(u.id))
      expect(m, u.id).toMatchObject({ side: 1 - u.side, type: u.type, hex: rot(u.hex), facing: rotF(u.facing) })
    }
    for (const l of s.leaders) {
      const m = s.leaders.find((x) => x.id === mirrorId(l.id))
      expect(m, l.id).toMatchObject({ side: 1 - l.side, role: l.role, rating: l.rating, hex: rot(l.hex) })
    }
    const key = (a: string, b: string, f: string): string => [a, b].sort().join('/') + f
    const sides = new Set((s.map.hexsides ?? []).map((h) => key(h.hexes[0], h.hexes[1], h.feature)))
    for (const h of s.map.hexsides ?? []) expect(sides.has(key(rot(h.hexes[0]), rot(h.hexes[1]), h.feature))).toBe(true)
    for (const w of s.wings) expect(s.wings.find((x) => x.id === mirrorId(w.id))?.order).toBe(w.order)
  })
})

describe('historical scenarios', () => {
  it.each(['coutras-1587', 'ivry-1590'])('%s names its sources, says what is estimated, and has a docs page', (id) => {
    const s = load(id)
    expect(s.sources?.length).toBeGreaterThanOrEqual(3)
    expect(s.sources?.join(' ')).toMatch(/Oman/)
    expect(s.notes?.join(' ')).toMatch(/estimate/i)
    const page = new URL(`docs/scenarios/${id}.md`, root)
    expect(existsSync(page), `docs/scenarios/${id}.md`).toBe(true)
    const text = readFileSync(page, 'utf8')
    expect(text).toMatch(/Oman/)
    for (const w of s.wings) expect(text, `docs mention wing ${w.id}`).toContain(w.id)
    for (const u of s.units) expect(text, `docs list unit ${u.id}`).toContain(`| \`${u.id}\` | ${u.type} `)
    expect(text).toContain(JSON.stringify(s.victory).replace(/,/g, ', ').replace(/":/g, '": '))
  })
  it('Coutras: Navarre has 3 wings and arquebusiers stacked with his squadrons; Joyeuse has gendarmes en haye', () => {
    const s = load('coutras-1587')
    expect(s.wings.filter((w) => w.side === 0)).toHaveLength(3)
    const stackedE = s.units.filter((u) => u.side === 0 && u.type === 'E' && s.units.some((c) => c.hex === u.hex && c.type === 'C'))
    expect(stackedE.length).toBe(3)
    const gendarmes = s.units.filter((u) => u.side === 1 && u.type === 'G')
    expect(gendarmes.length).toBe(6)
    // en haye: the six gendarmes stand in one row of consecutive columns
    const rows = new Set(gendarmes.map((u) => u.hex.slice(2)))
    expect(rows.size).toBe(1)
    const art = s.units.find((u) => u.id === 'H-ART')
    expect(art?.type).toBe('ART')
    const g = makeGrid(s.map.cols, s.map.rows)
    const h = hexOfLabel(g, art?.hex ?? '')
    expect(Number(s.map.elevation?.[(h / g.cols) | 0]?.[h % g.cols])).toBeGreaterThan(0) // guns on the rising ground
  })
  it('Ivry: four wings a side with Walloon lancers, reiters, Swiss and Landsknechts', () => {
    const s = load('ivry-1590')
    expect(s.wings.filter((w) => w.side === 0)).toHaveLength(4)
    expect(s.wings.filter((w) => w.side === 1)).toHaveLength(4)
    const league = s.units.filter((u) => u.side === 1)
    for (const t of ['G', 'R', 'S', 'L', 'F', 'ART']) expect(league.some((u) => u.type === t), t).toBe(true)
    expect(s.units.filter((u) => u.wing === 'LW' && u.type === 'G')).toHaveLength(3)
  })
})
