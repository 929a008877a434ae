import { describe, expect, it } from 'vitest'
import { builtinScenario } from '../../env/scenario/builtin.ts'
import { patchScenario } from '../../env/scenario/patch.ts'
import type { Scenario } from '../../env/scenario/types.ts'

const training = (): Scenario => {
  const r = builtinScenario('piwam-training')
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const patched = (patch: unknown): Scenario => {
  const r = patchScenario(training(), patch)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const refused = (patch: unknown) => {
  const r = patchScenario(training(), patch)
  if (r.ok) throw new Error('patch was accepted')
  return r.error
}
const terrainAt = (s: Scenario, label: string): string | undefined => {
  const col = Number(label.slice(0, 2)) - 1
  const row = Number(label.slice(2)) - 1
  const ch = s.map.terrain[row]?.[col]
  return ch === undefined ? undefined : s.map.legend[ch]
}

describe('patchScenario', () => {
  it('is pure: the input scenario is unchanged', () => {
    const s = training()
    const before = JSON.stringify(s)
    const r = patchScenario(s, { units: [{ id: 'C-G1', hex: '0505' }], map: { terrain: { '0606': 'marsh' } }, remove: ['P-A1'] })
    expect(r.ok).toBe(true)
    expect(JSON.stringify(s)).toBe(before)
  })
  it('no patch returns the scenario validated', () => {
    expect(patched(undefined)).toEqual(training())
  })
  it('edits a unit in place (the fixtures.md example)', () => {
    const s = patched({ units: [{ id: 'C-G1', hex: '0505', facing: 'NE', status: 'disordered' }] })
    const u = s.units.find((u) => u.id === 'C-G1')
    expect(u).toMatchObject({ hex: '0505', facing: 'NE', status: 'disordered', type: 'G', side: 0, wing: 'CL' })
    expect(s.units.map((u) => u.id)).toEqual(training().units.map((u) => u.id)) // order kept
  })
  it('null deletes an optional field', () => {
    const s = patched({ units: [{ id: 'C-G1', name: null }] })
    expect(s.units.find((u) => u.id === 'C-G1')).not.toHaveProperty('name')
  })
  it('adds a unit given all fields, at the end', () => {
    const s = patched({ units: [{ id: 'C-A9', side: 0, wing: 'CR', type: 'A', hex: '0606', facing: 'NW' }] })
    expect(s.units.at(-1)).toMatchObject({ id: 'C-A9', hex: '0606' })
    expect(s.units).toHaveLength(17)
  })
  it('a new unit with missing fields is refused naming the field', () => {
    const e = refused({ units: [{ id: 'C-A9', side: 0, wing: 'CR', type: 'A', facing: 'NW' }] })
    expect(e.code).toBe('SCENARIO_INVALID')
    expect(e.path).toBe('units[16].hex')
    expect(e.message).toContain('unit "C-A9"')
  })
  it('removes units and leaders; removing a commander clears his wing', () => {
    const s = patched({ remove: ['P-A1', 'C-W1'] })
    expect(s.units.some((u) => u.id === 'P-A1')).toBe(false)
    expect(s.leaders.some((l) => l.id === 'C-W1')).toBe(false)
    expect(s.wings.find((w) => w.id === 'CL')?.commander).toBeUndefined()
  })
  it('refuses to remove an unknown id', () => {
    const e = refused({ remove: ['C-G1', 'NOPE'] })
    expect(e.path).toBe('patch.remove[1]')
    expect(e.message).toContain('"NOPE"')
  })
  it('edits leaders and wings', () => {
    const s = patched({ leaders: [{ id: 'C-W1', hex: '0508' }], wings: [{ id: 'CL', order: 'rally' }] })
    expect(s.leaders.find((l) => l.id === 'C-W1')?.hex).toBe('0508')
    expect(s.wings.find((w) => w.id === 'CL')?.order).toBe('rally')
  })
  it('changes terrain per hex, reusing legend characters', () => {
    const s = patched({ map: { terrain: { '0101': 'woods', '1410': 'village' } } })
    expect(terrainAt(s, '0101')).toBe('woods')
    expect(terrainAt(s, '1410')).toBe('village')
    expect(Object.keys(s.map.legend).sort()).toEqual(Object.keys(training().map.legend).sort())
  })
  it('a terrain id not in the legend gets a new legend character', () => {
    const s = patched({ map: { terrain: { '0606': 'marsh', '0607': 'marsh', '0101': 'rough' } } })
    expect(terrainAt(s, '0606')).toBe('marsh')
    expect(terrainAt(s, '0607')).toBe('marsh')
    expect(terrainAt(s, '0101')).toBe('rough')
    expect(Object.values(s.map.legend).filter((t) => t === 'marsh')).toHaveLength(1)
    expect(s.map.legend['m']).toBe('marsh')
    expect(s.map.legend['r']).toBe('rough')
    // everything else unchanged
    expect(terrainAt(s, '0304')).toBe('woods')
  })
  it('picks another character when the initial is taken', () => {
    const s = patched({ map: { terrain: { '0101': 'water', '0102': 'wasteland' } } })
    expect(terrainAt(s, '0101')).toBe('water')
    expect(terrainAt(s, '0102')).toBe('wasteland')
    const chars = Object.keys(s.map.legend)
    expect(new Set(chars).size).toBe(chars.length)
  })
  it('sets elevation and appends hexsides and roads', () => {
    const s = patched({ map: { elevation: { '0101': 3 }, hexsides: [{ hexes: ['0101', '0102'], feature: 'hedge' }], roads: [['0101', '0201']] } })
    expect(s.map.elevation?.[0]?.[0]).toBe('3')
    expect(s.map.hexsides?.at(-1)).toEqual({ hexes: ['0101', '0102'], feature: 'hedge' })
    expect(s.map.roads).toHaveLength(2)
  })
  it('refuses bad map patches naming the field', () => {
    expect(refused({ map: { terrain: { '9999': 'woods' } } }).path).toBe('patch.map.terrain.9999')
    expect(refused({ map: { terrain: { '0101': 7 } } }).path).toBe('patch.map.terrain.0101')
    expect(refused({ map: { elevation: { '0101': 10 } } }).path).toBe('patch.map.elevation.0101')
    expect(refused({ map: { hexsides: [{ hexes: ['0101', '0505'], feature: 'hedge' }] } }).path).toBe(`map.hexsides[${training().map.hexsides?.length ?? 0}].hexes`)
    expect(refused({ map: { rivers: [] } }).path).toBe('patch.map.rivers')
  })
  it('refuses unknown patch fields and malformed lists', () => {
    expect(refused({ unitz: [] }).path).toBe('patch.unitz')
    expect(refused([]).path).toBe('patch')
    expect(refused({ units: { id: 'C-G1' } }).path).toBe('patch.units')
    expect(refused({ units: [{ hex: '0101' }] }).path).toBe('patch.units[0]')
  })
  it('the result is validated again (a unit moved off the map is refused)', () => {
    const e = refused({ units: [{ id: 'P-G1', hex: '1511' }] })
    expect(e.path).toMatch(/^units\[\d+\]\.hex$/)
    expect(e.message).toContain('P-G1')
    expect(e.message).toContain('1511')
  })
  it('patches turns and merges victory', () => {
    const s = patched({ turns: 3, victory: { drawMargin: 2 } })
    expect(s.turns).toBe(3)
    expect(s.victory).toEqual({ breakFraction: 0.5, drawMargin: 2 })
  })
})

describe('patch + bind', () => {
  it('the docs/fixtures.md example patch applies to the training scenario and binds with piwam', async () => {
    const { piwam } = await import('../../env/rules/piwam/index.ts')
    const s = patched({
      remove: ['P-A1'],
      units: [{ id: 'C-G1', hex: '0505', facing: 'NE', status: 'disordered' }],
      leaders: [{ id: 'C-W1', hex: '0505' }],
      wings: [{ id: 'CL', order: 'charge' }],
      map: { terrain: { '0606': 'woods' } },
    })
    const b = piwam.bind(s)
    expect(b.ok ? 'ok' : b.error.message).toBe('ok')
  })
})
