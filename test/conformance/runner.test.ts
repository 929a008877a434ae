import { describe, expect, it } from 'vitest'
import { err, fail, ok, type RulesetModule } from '../../env/core/types.ts'
import { formatResult, runFixtureWith, type FixtureSources } from '../../env/conformance/run.ts'
import { summarise, sectionOf } from '../../env/conformance/summary.ts'
import type { Scenario } from '../../env/scenario/types.ts'
import { makeToyEngine, toyScenario, type ToyBug } from '../helpers/toy-ruleset.ts'

function sources(bug: ToyBug = 'none'): FixtureSources {
  const toy: RulesetModule = { id: 'piwam', name: 'toy', choices: ['pass', 'end'], decisionKinds: ['select', 'target'], bind: (sc) => ok(makeToyEngine(bug, sc)) }
  return {
    ruleset: (id) => (id === 'piwam' ? ok(toy) : fail(err('RULESET_UNKNOWN', `unknown ruleset "${id}"`))),
    builtinScenario: (id) => (id === 'toy' ? ok(toyScenario()) : fail(err('SCENARIO_NOT_FOUND', `no built-in scenario "${id}"`))),
    validateScenario: (j) => ok(j as Scenario),
    patchScenario: (s, p) => {
      const patch = p as { units?: { id: string; hex?: string }[] }
      const out = structuredClone(s)
      for (const u of patch.units ?? []) {
        const t = out.units.find((x) => x.id === u.id)
        if (!t) return fail(err('SCENARIO_INVALID', `patch: no unit ${u.id}`, 'units'))
        if (u.hex) t.hex = u.hex
      }
      return ok(out)
    },
  }
}

// R1 walks up to B1, B1 closes in, R1 attacks with a forced 4 (hit on 4+).
const attack = {
  format: 'tercio-fixture/1',
  id: 'toy-attack',
  ruleset: 'piwam',
  rule: '2.1',
  description: 'An attack rolling 4 eliminates the target.',
  scenario: 'toy',
  dice: [4],
  actions: ['unit:R1', 'hex:0203', 'choice:end', 'unit:B1', 'hex:0202', 'choice:end', 'unit:R1', 'hex:0202'],
  expect: {
    units: { R1: { hex: '0203', eliminated: false }, B1: { hex: null, eliminated: true } },
    decision: { player: 0, kind: 'select', legal: ['choice:end', 'unit:R1', 'unit:R2'] },
    events: [{ type: 'moved', unit: 'R1', to: '0203' }, { type: 'rolled', value: 4 }, { type: 'eliminated', unit: 'B1' }],
    outcome: null,
    rolls: 1,
  },
}
const clone = <T>(x: T): T => structuredClone(x)

describe('conformance runner', () => {
  it('passes a correct fixture', () => {
    const r = runFixtureWith(attack, sources())
    expect(r.error).toBeNull()
    expect(r.diffs).toEqual([])
    expect(r.passed).toBe(true)
    expect(r.actionsApplied).toBe(8)
    expect(r.diceUsed).toBe(1)
    expect(formatResult(r)).toBe('✓ toy-attack — 2.1 — An attack rolling 4 eliminates the target.')
  })

  it('fails a wrong expectation with a diff naming the field', () => {
    const f = clone(attack)
    f.expect.units.R1.hex = '0204'
    const r = runFixtureWith(f, sources())
    expect(r.passed).toBe(false)
    expect(r.diffs).toEqual([{ field: 'units.R1.hex', expected: '0204', actual: '0203' }])
    const text = formatResult(r)
    expect(text).toContain('✗ toy-attack')
    expect(text).toContain('units.R1.hex')
    expect(text).toContain('expected: "0204"')
    expect(text).toContain('actual:   "0203"')
  })

  it('with detail, a failure carries the events in words, the decision and the position', () => {
    const f = clone(attack)
    f.expect.units.R1.hex = '0204'
    const r = runFixtureWith(f, sources(), { detail: true })
    expect(r.detail?.events).toContain('R1 moved 0204 -> 0203')
    expect(r.detail?.events).toContain('B1 eliminated by R1')
    expect(r.detail?.decision).toContain('decision: player 0 select; legal: unit:R1 unit:R2 choice:end'.slice(0, 28))
    expect(r.detail?.ascii).toContain('r1')
    expect(formatResult(r)).toContain('      1. R1 moved 0204 -> 0203')
    expect(runFixtureWith(attack, sources(), { detail: true }).detail).toBeUndefined()
  })

  it('reports a wrong legal set with missing and unexpected texts', () => {
    const f = clone(attack)
    f.expect.decision.legal = ['choice:end', 'unit:R1']
    const r = runFixtureWith(f, sources())
    expect(r.passed).toBe(false)
    expect(r.diffs[0]?.field).toBe('decision.legal')
    expect(r.diffs[0]?.note).toContain('unexpected ["unit:R2"]')
  })

  it('fails events out of order or missing', () => {
    const f = clone(attack)
    f.expect.events = [{ type: 'eliminated', unit: 'B1' }, { type: 'moved', unit: 'R1', to: '0203' }]
    const r = runFixtureWith(f, sources())
    expect(r.passed).toBe(false)
    expect(r.diffs[0]?.field).toBe('events[1]')
    expect(r.diffs[0]?.note).toContain('before the previous expected event')
    const g = clone(attack)
    g.expect.events = [{ type: 'routed', unit: 'B1' } as never]
    expect(runFixtureWith(g, sources()).diffs[0]?.note).toContain('no routed event')
  })

  it('fails on leftover dice', () => {
    const f = clone(attack)
    f.dice = [4, 2, 5]
    const r = runFixtureWith(f, sources())
    expect(r.passed).toBe(false)
    expect(r.diffs).toEqual([{ field: 'dice', expected: 'all 3 forced dice used', actual: '2 left over: [2,5]' }])
  })

  it('fails on exhausted dice, naming the action', () => {
    const f = clone(attack)
    f.dice = []
    const r = runFixtureWith(f, sources())
    expect(r.passed).toBe(false)
    expect(r.error).toBeNull()
    expect(r.diffs[0]?.field).toBe('dice')
    expect(String(r.diffs[0]?.actual)).toContain('actions[7] (hex:0202)')
    expect(r.actionsApplied).toBe(7)
  })

  it('fails an out-of-range forced die', () => {
    const f = clone(attack)
    f.dice = [7]
    const r = runFixtureWith(f, sources())
    expect(r.passed).toBe(false)
    expect(String(r.diffs[0]?.actual)).toContain('forced die 7 is not a d6 result')
  })

  it('checks refused actions and that they leave the state alone', () => {
    const f = {
      ...clone(attack),
      id: 'toy-refuse',
      dice: [],
      actions: ['unit:R1', 'hex:0201'],
      expect: { refused: { code: 'ACTION_ILLEGAL' }, decision: { player: 0, kind: 'target' } },
    }
    const r = runFixtureWith(f, sources())
    expect(r.diffs).toEqual([])
    expect(r.passed).toBe(true)
    const g = { ...f, actions: ['unit:R1', 'hex:0203'] }
    const rg = runFixtureWith(g, sources())
    expect(rg.passed).toBe(false)
    expect(rg.diffs[0]).toMatchObject({ field: 'refused.code', expected: 'ACTION_ILLEGAL', actual: 'hex:0203 was applied' })
  })

  it('reports an action refused mid-fixture with the decision at that point', () => {
    const f = { ...clone(attack), actions: ['unit:R1', 'hex:0201'], dice: [] }
    const r = runFixtureWith(f, sources())
    expect(r.passed).toBe(false)
    expect(r.diffs[0]?.field).toBe('actions[1]')
    expect(String(r.diffs[0]?.actual)).toContain('ACTION_ILLEGAL')
    expect(r.diffs[0]?.note).toContain('legal: choice:pass')
  })

  it('applies a patch and checks invariants after every action', () => {
    const f = { ...clone(attack), patch: { units: [{ id: 'R1', hex: '0304' }] }, dice: [], actions: ['unit:R1', 'hex:0303'], expect: { units: { R1: { hex: '0303' } } } }
    expect(runFixtureWith(f, sources()).passed).toBe(true)
    const bad = { ...f, patch: { units: [{ id: 'R9', hex: '0304' }] } }
    const r = runFixtureWith(bad, sources())
    expect(r.error).toMatchObject({ code: 'SCENARIO_INVALID', path: 'patch.units' })
    expect(r.error?.message).toContain('no unit R9')
  })

  it('turns an engine that throws into a failed fixture', () => {
    const f: Record<string, unknown> = { ...clone(attack), dice: [], actions: ['unit:R1', 'hex:0101'], expect: { units: { R1: { hex: '0101' } } } }
    // mask-extra makes hex 0101 "legal"; the toy throws when it is occupied, so occupy it.
    f.patch = { units: [{ id: 'R1', hex: '0102' }, { id: 'B1', hex: '0101' }] }
    const r = runFixtureWith(f, sources('mask-extra'))
    expect(r.passed).toBe(false)
    expect(r.error?.code).toBe('STATE_INVALID')
    expect(r.error?.message).toContain('the engine threw')
  })

  it('rejects a start block the ruleset cannot apply', () => {
    const r = runFixtureWith({ ...clone(attack), start: { turn: 2 } }, sources())
    expect(r.error).toMatchObject({ code: 'FIXTURE_INVALID', path: 'start' })
  })

  const malformed: [string, (f: Record<string, unknown>) => void, string][] = [
    ['not an object', () => {}, '(root)'],
    ['wrong format', (f) => (f.format = 'fixture/0'), 'format'],
    ['missing id', (f) => delete f.id, 'id'],
    ['unknown top-level field', (f) => (f.expectt = {}), 'expectt'],
    ['dice not integers', (f) => (f.dice = [1, 'six']), 'dice[1]'],
    ['action not a string', (f) => (f.actions = ['unit:R1', 5]), 'actions[1]'],
    ['unknown action text', (f) => (f.actions = ['unit:R1', 'hex:9999']), 'actions[1]'],
    ['unknown expect field', (f) => ((f.expect as Record<string, unknown>).unitz = {}), 'expect.unitz'],
    ['bad decision player', (f) => ((f.expect as Record<string, unknown>).decision = { player: 2 }), 'expect.decision.player'],
    ['event without type', (f) => ((f.expect as Record<string, unknown>).events = [{ unit: 'R1' }]), 'expect.events[0]'],
    ['bad seed', (f) => (f.seed = -1), 'seed'],
    ['unknown ruleset', (f) => (f.ruleset = 'chess'), 'ruleset'],
    ['unknown scenario', (f) => (f.scenario = 'nowhere'), 'scenario'],
  ]
  for (const [name, edit, path] of malformed) {
    it(`fails a malformed fixture (${name}) naming ${path}`, () => {
      const f = name === 'not an object' ? (['not', 'a', 'fixture'] as unknown as Record<string, unknown>) : (clone(attack) as unknown as Record<string, unknown>)
      edit(f)
      const r = runFixtureWith(f, sources())
      expect(r.passed).toBe(false)
      expect(r.error?.path).toBe(path)
      if (!['unknown ruleset', 'unknown scenario'].includes(name)) expect(r.error?.code).toBe('FIXTURE_INVALID')
      expect(formatResult(r)).toContain(path)
    })
  }

  it('summarises per ruleset and section', () => {
    const ok1 = runFixtureWith(attack, sources())
    const bad = runFixtureWith({ ...clone(attack), rule: '10.2 special', dice: [] }, sources())
    expect(sectionOf('4.2 special cases')).toBe('4')
    // a section named by a word is one row whatever punctuation follows it
    expect(['Control: tests', 'Control tests', 'Evade; a response', 'Evade: x'].map(sectionOf)).toEqual(['Control', 'Control', 'Evade', 'Evade'])
    expect(summarise([ok1, bad, ok1])).toEqual([
      { ruleset: 'piwam', section: '2', passed: 2, failed: 0 },
      { ruleset: 'piwam', section: '10', passed: 0, failed: 1 },
    ])
  })
})

describe('runFixture (the real registry and scenario library)', () => {
  const base = { format: 'tercio-fixture/1', id: 'real', ruleset: 'piwam', rule: '0', description: 'binding', scenario: 'piwam-training', dice: [], actions: [], expect: { turn: 1 } }
  it('resolves built-in scenarios and reports unknown ones', async () => {
    const { runFixture } = await import('../../env/conformance/runner.ts')
    const r = runFixture({ ...base, scenario: 'agincourt' })
    expect(r.error).toMatchObject({ code: 'SCENARIO_NOT_FOUND', path: 'scenario' })
  })
  it('applies patches, naming the patched field on error', async () => {
    const { runFixture } = await import('../../env/conformance/runner.ts')
    const r = runFixture({ ...base, patch: { units: [{ id: 'C-G1', hex: '9999' }] } })
    expect(r.error?.code).toBe('SCENARIO_INVALID')
    expect(r.error?.path).toMatch(/^patch\.units\[0\]/)
  })
  it('rejects a scenario of another ruleset', async () => {
    const { runFixture } = await import('../../env/conformance/runner.ts')
    const r = runFixture({ ...base, ruleset: 'marignan' })
    expect(r.passed).toBe(false)
    // An unknown ruleset here; once marignan exists, the piwam scenario does not fit it.
    expect(['ruleset', 'scenario']).toContain(r.error?.path)
  })
})

describe('checkpoints', () => {
  it('checks intermediate expectations, with events since the previous checkpoint', () => {
    const f = {
      ...clone(attack),
      actions: [
        { expect: { decision: { player: 0, kind: 'select' }, turn: 1 } },
        'unit:R1',
        'hex:0203',
        { expect: { units: { R1: { hex: '0203' } }, events: [{ type: 'moved', unit: 'R1' }] } },
        'choice:end',
        'unit:B1',
        'hex:0202',
        { expect: { events: [{ type: 'moved', unit: 'B1' }], decision: { player: 1, kind: 'select' } } },
        'choice:end',
        'unit:R1',
        'hex:0202',
      ],
    }
    const r = runFixtureWith(f, sources())
    expect(r.diffs).toEqual([])
    expect(r.passed).toBe(true)
    // The second checkpoint must not see R1's move (it came before the previous checkpoint).
    const g = clone(f)
    ;(g.actions[7] as { expect: Record<string, unknown> }).expect = { events: [{ type: 'moved', unit: 'R1' }], units: { B1: { hex: '0201' } } }
    const rg = runFixtureWith(g, sources())
    expect(rg.passed).toBe(false)
    expect(rg.diffs.map((d) => d.field)).toEqual(['actions[7].expect.units.B1.hex', 'actions[7].expect.events[0]'])
  })

  it('names raw positions in messages and rejects bad checkpoints', () => {
    const f = { ...clone(attack), dice: [], actions: [{ expect: { turn: 1 } }, 'unit:R1', 'hex:0201'] }
    expect(runFixtureWith(f, sources()).diffs[0]?.field).toBe('actions[2]')
    const bad = { ...clone(attack), actions: ['unit:R1', { expect: { refused: { code: 'ACTION_ILLEGAL' } } }] }
    expect(runFixtureWith(bad, sources()).error?.path).toBe('actions[1].expect.refused')
    const bad2 = { ...clone(attack), actions: ['unit:R1', { expct: {} }] }
    expect(runFixtureWith(bad2, sources()).error?.path).toBe('actions[1]')
  })
})
