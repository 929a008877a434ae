import { describe, expect, it } from 'vitest'
import { builtinScenario } from '../../env/scenario/builtin.ts'
import { mttsog } from '../../env/rules/mttsog/index.ts'
import { getRuleset } from '../../env/rules/index.ts'
import type { Engine } from '../../env/core/types.ts'
import type { Scenario } from '../../env/scenario/types.ts'
import { PROFILES, QC_TARGET, COMMAND_RANGE, MOVE, ATTACKER_CODES, DEFENDER_CODES_VS_CAV, DEFENDER_CODES_VS_INF } from '../../env/rules/mttsog/tables.ts'

const scenario = (): Scenario => {
  const r = builtinScenario('mttsog-training')
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const bind = (sc: Scenario): Engine => {
  const r = mttsog.bind(sc)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
/** Plays a game with a seeded pick among legal actions; returns the decisions taken. */
function play(e: Engine, seed: number, maxSteps = 20000): { steps: number; s: ReturnType<Engine['init']> } {
  const s = e.init(seed)
  const mask = new Uint8Array(e.layout.size)
  let x = seed * 2654435761
  let steps = 0
  while (e.decision(s) && steps < maxSteps) {
    const n = e.legal(s, mask)
    expect(n).toBeGreaterThan(0)
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    let k = x % n
    let a = 0
    for (; a < mask.length; a++) if (mask[a] && k-- === 0) break
    const er = e.apply(s, a)
    expect(er).toBeNull()
    steps++
  }
  return { steps, s }
}

describe('mttsog engine', () => {
  it('is registered and binds the training scenario', () => {
    const r = getRuleset('mttsog')
    expect(r.ok).toBe(true)
    const e = bind(scenario())
    expect(e.ruleset).toBe('mttsog')
    expect(e.layout.units.length).toBe(14 + 10)
    const s = e.init(1)
    expect(e.decision(s)?.kind).toBe('cp-pool')
    expect(e.invariants(s)).toEqual([])
  })
  it('plays complete games legally, to an outcome, deterministically', () => {
    const e = bind(scenario())
    for (const seed of [1, 2, 3]) {
      const a = play(e, seed)
      const b = play(e, seed)
      expect(e.decision(a.s)).toBeNull()
      expect(e.outcome(a.s)).not.toBeNull()
      expect(e.hash(a.s)).toBe(e.hash(b.s))
      expect(a.steps).toBe(b.steps)
      expect(e.invariants(a.s)).toEqual([])
    }
  })
  it('clone and restore keep the hash', () => {
    const e = bind(scenario())
    const s = e.init(5)
    const c = e.clone(s)
    expect(e.hash(c)).toBe(e.hash(s))
    const r = e.restore(JSON.parse(JSON.stringify(s)))
    expect(r.ok && e.hash(r.value)).toBe(e.hash(s))
  })
  it('keeps the printed numbers as data', () => {
    expect(QC_TARGET).toEqual({ elite: 2, veteran: 3, good: 4, poor: 5 })
    expect(COMMAND_RANGE).toEqual({ army: 16, 'inf-corps': 8, 'inf-div': 4, 'cav-corps': 12, 'cav-div': 8 })
    expect(MOVE.inf).toEqual({ line: 2, column: 4, square: 0, open: 2, march: 8 })
    expect(MOVE.cav).toEqual({ line: 8, march: 12, exhausted: 4 })
    expect(PROFILES['fr-old-guard']).toMatchObject({ quality: 'elite', melee: 2, shoot: 1, hits: 3, save: 6, range: 3, points: 15 })
    expect(PROFILES['br-heavy-cav']).toMatchObject({ quality: 'good', melee: 3, shoot: 0, hits: 3, save: 5, points: 16 })
    // the combat table's own example: cavalry line charging infantry line -> X2M; the defender Sh,M
    expect(ATTACKER_CODES[3]?.[0]).toBe('X2M')
    expect(DEFENDER_CODES_VS_CAV[0]).toBe('Sh,M')
    expect(DEFENDER_CODES_VS_INF[4]).toBe('E,X2M')
  })
})

describe('mttsog bad scenarios name the field', () => {
  const expectBad = (edit: (s: Scenario) => void, path: string, words: string): void => {
    const sc = scenario()
    edit(sc)
    const r = mttsog.bind(sc)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('SCENARIO_INVALID')
    expect(r.error.path).toBe(path)
    expect(r.error.message).toContain(words)
  }
  it('an unknown formation', () => expectBad((s) => ((s.units[0] as Record<string, unknown>)['formation'] = 'wedge'), 'units[0].formation', '"wedge" is not a formation'))
  it('a formation the arm cannot take', () => expectBad((s) => ((s.units[5] as Record<string, unknown>)['formation'] = 'square'), 'units[5].formation', 'cav cannot be in square'))
  it('an unknown profile', () => expectBad((s) => ((s.units[1] as Record<string, unknown>)['type'] = 'fr-pikemen'), 'units[1].type', 'not an mttsog unit profile'))
  it('a profile override with a missing field', () =>
    expectBad((s) => (s.tables = { profiles: { 'my-inf': { name: 'x', nation: 'y', arm: 'inf', quality: 'good', melee: 2, shoot: 1, hits: 2, save: 0, range: 2 } } }), 'tables.profiles.my-inf.points', 'missing field points'))
  it('stands out of range', () => expectBad((s) => ((s.units[0] as Record<string, unknown>)['stands'] = 9), 'units[0].stands', '4..7 stands'))
  it('a commander out of any chain', () => expectBad((s) => delete (s.leaders[2] as Record<string, unknown>)['superior'], 'leaders[2].superior', 'out of any chain of command'))
  it('an unknown commander role', () => expectBad((s) => ((s.leaders[1] as Record<string, unknown>)['role'] = 'marshal'), 'leaders[1].role', 'not an mttsog commander'))
  it('an unknown terrain', () =>
    expectBad((s) => {
      s.map.legend['x'] = 'swamp-forest'
      s.map.terrain[0] = 'x' + s.map.terrain[0]?.slice(1)
    }, 'map.terrain[0]', 'not an mttsog terrain'))
})

describe('mttsog svg', () => {
  it('draws stands, formation as fought, status and exhaustion', async () => {
    const { renderSvg } = await import('../../env/render/svg.ts')
    const sc = scenario()
    ;(sc.units[5] as Record<string, unknown>)['exhausted'] = true
    sc.units[0]!.status = 'disordered'
    const e = bind(sc)
    const svg = renderSvg(sc, e.view(e.init(1)))
    expect((svg.match(/class="stands"/g) ?? []).length).toBe(14)
    expect((svg.match(/class="formation"/g) ?? []).length).toBe(14)
    expect((svg.match(/class="exhausted"/g) ?? []).length).toBe(1)
    expect(svg).toContain('>U<title>unlimbered</title>')
    expect(svg).toContain('class="status"')
  })
})
