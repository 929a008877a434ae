import { describe, expect, it } from 'vitest'
import { cfeo } from '../../env/rules/cfeo/index.ts'
import { bindCfeo, randomGame, trainingScenario } from './helpers.ts'

describe('cfeo engine on cfeo-training', () => {
  const e = bindCfeo()
  it('plays random games to a result by the rules, every state keeping the invariants', () => {
    const mask = new Uint8Array(e.layout.size)
    let finished = 0
    for (let g = 0; g < 12; g++) {
      const { s, steps } = randomGame(e, g)
      expect(e.invariants(s)).toEqual([])
      expect(steps).toBeGreaterThan(50)
      if (e.outcome(s)) finished++
      expect(e.legal(s, mask)).toBe(0)
    }
    expect(finished).toBe(12)
  })
  it('exercises fire, command, movement, charges, combat and morale in random play', () => {
    const types = new Set<string>()
    const kinds = new Set<string>()
    for (let g = 0; g < 30; g++) {
      const r = randomGame(e, 100 + g)
      r.types.forEach((t) => types.add(t))
      r.kinds.forEach((k) => kinds.add(k))
    }
    for (const t of ['initiative', 'gun-fired', 'small-arms', 'dp', 'moved', 'move-roll', 'charge-declared', 'charge-move', 'combat', 'after-combat', 'control-test', 'leader-moved', 'turn-ended', 'game-over']) expect(types).toContain(t)
    for (const k of ['initiative', 'gun-select', 'fire-select', 'leader-select', 'leader-action', 'move-select', 'move-kind', 'move-step', 'charge-select', 'charge-target', 'charge-dice', 'charge-response']) expect(kinds).toContain(k)
  })
  it('is deterministic: the same seed and actions give the same hashes; clone and restore keep the hash', () => {
    const a = randomGame(e, 7)
    const b = randomGame(e, 7)
    expect(e.hash(a.s)).toBe(e.hash(b.s))
    const s = e.init(3)
    const c = e.clone(s)
    expect(e.hash(c)).toBe(e.hash(s))
    const r = e.restore(JSON.parse(JSON.stringify(s)))
    expect(r.ok && e.hash(r.value)).toBe(e.hash(s))
  })
  it('refuses a masked-out action with ACTION_ILLEGAL and leaves the state unchanged', () => {
    const s = e.init(1)
    const mask = new Uint8Array(e.layout.size)
    e.legal(s, mask)
    const bad = mask.findIndex((m) => m === 0)
    const h = e.hash(s)
    expect(e.apply(s, bad)?.code).toBe('ACTION_ILLEGAL')
    expect(e.hash(s)).toBe(h)
    expect(e.apply(s, e.layout.size)?.code).toBe('ACTION_OUT_OF_RANGE')
  })
})

describe('cfeo scenario validation names the field', () => {
  const bad = (edit: (sc: ReturnType<typeof trainingScenario>) => void) => {
    const sc = trainingScenario()
    edit(sc)
    const r = cfeo.bind(sc)
    if (r.ok) throw new Error('expected an error')
    return r.error
  }
  it('unknown type, bad grade, bad stands, side facing, bad order, bad leader role', () => {
    expect(bad((s) => ((s.units[0] as { type: string }).type = 'musketeers'))).toMatchObject({ code: 'SCENARIO_INVALID', path: 'units[0].type' })
    expect(bad((s) => ((s.units[0] as Record<string, unknown>)['grade'] = 'F')).path).toBe('units[0].grade')
    expect(bad((s) => ((s.units[1] as Record<string, unknown>)['stands'] = 13)).message).toContain('F-T1')
    expect(bad((s) => ((s.units[1] as { facing: string }).facing = 'N')).path).toBe('units[1].facing')
    expect(bad((s) => ((s.wings[0] as { order?: string }).order = 'charge')).path).toBe('wings[0].order')
    expect(bad((s) => ((s.leaders[0] as { role: string }).role = 'army')).path).toBe('leaders[0].role')
    expect(bad((s) => ((s.units[2] as Record<string, unknown>)['formation'] = 'line')).message).toContain('light troops are always unformed')
    expect(bad((s) => ((s.units[0] as Record<string, unknown>)['ranks'] = 4)).message).toContain('at least as wide as it is deep')
    expect(bad((s) => ((s.units[3] as { hex: string }).hex = '0608')).message).toContain('one unit a hex')
    expect(bad((s) => (s.victory = { breakFraction: 2 })).path).toBe('victory.breakFraction')
    expect(bad((s) => (s.tables = { fire: {} })).path).toBe('tables.fire')
  })
})
