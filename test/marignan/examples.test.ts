// The seed's two worked examples, checked directly against the engine (the
// conformance fixtures pin them too), and the table arithmetic they rest on.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseAction } from '../../env/core/actions.ts'
import type { Engine } from '../../env/core/types.ts'
import { fireColumn } from '../../env/rules/marignan/fire.ts'
import { oddsColumn } from '../../env/rules/marignan/melee.ts'
import { columnShift, leftoverDieModifier } from '../../env/rules/shared/morale.ts'
import { buildContext } from '../../env/rules/marignan/context.ts'
import { marignan, type MEvent, type MState } from '../../env/rules/marignan/index.ts'
import { FIRE_TABLE, MELEE_TABLE, parseResult } from '../../env/rules/marignan/tables.ts'
import { validateScenario } from '../../env/scenario/load.ts'

function play(fixture: string): { e: Engine<MState, MEvent>; s: MState; ev: MEvent[] } {
  const f = JSON.parse(readFileSync(new URL(`../fixtures/marignan/${fixture}.json`, import.meta.url), 'utf8'))
  const v = validateScenario(f.scenario)
  if (!v.ok) throw new Error(v.error.message)
  const b = marignan.bind(v.value)
  if (!b.ok) throw new Error(b.error.message)
  const e = b.value as unknown as Engine<MState, MEvent>
  const s = e.init(1, { forcedDice: f.dice, strictDice: true })
  const err0 = e.setup?.(s, f.start)
  if (err0) throw new Error(err0.message)
  const ev: MEvent[] = []
  for (const a of f.actions) {
    if (typeof a !== 'string') continue
    const id = parseAction(e.layout, e.grid, a)
    if (!id.ok) throw new Error(id.error.message)
    const r = e.apply(s, id.value, ev)
    if (r) throw new Error(r.message)
  }
  expect(s.dice.forced).toEqual([])
  return { e, s, ev }
}

describe('the firing example (12.4)', () => {
  it('cannon 8 at range 2 -> 6, two Gascons at 2 hexes -> 1 each: 8; -2 shifts 8-9 to 6-7; a 4 is a morale test', () => {
    const { ev } = play('fire-example')
    const fired = ev.find((x) => x.type === 'fired')
    expect(fired).toMatchObject({ strength: 8, column: '6-7', modifier: -2, shift: -1, dieMod: 0, die: 4, result: 'T' })
    expect(ev.some((x) => x.type === 'test' && x.unit === 'S-A1' && x.why === 'combat result')).toBe(true)
  })
  it('the arithmetic: column of 8 is 8-9, one shift down is 6-7, row 4 there reads T', () => {
    expect(FIRE_TABLE.columns[FIRE_TABLE.min.indexOf(8)]).toBe('8-9')
    expect([columnShift(-2), leftoverDieModifier(-2)]).toEqual([-1, 0])
    expect(FIRE_TABLE.rows[3]?.[4]).toBe('T')
  })
})

describe('the melee example (13.2)', () => {
  it('8 vs 4 = 2/1; +5 = two shifts and +1 to the die: 4/1; a 2 becomes 3: "*" and a Test at -3; the pike is replaced and tests at -3', () => {
    const { e, s, ev } = play('melee-example')
    const m = ev.find((x) => x.type === 'melee')
    expect(m).toMatchObject({ attack: 8, defence: 4, odds: '2/1', column: '4/1', modifier: 5, shift: 2, dieMod: 1, die: 2, result: '-|*T-3' })
    if (m?.type === 'melee') expect(m.modifiers.sort()).toEqual(['better morale +1', 'better protection +1', 'cavalry charge +2', 'commander +1'].sort())
    expect(ev.some((x) => x.type === 'replaced' && x.unit === 'S-P1')).toBe(true)
    expect(ev.some((x) => x.type === 'test' && x.unit === 'S-P1' && x.mod === -3)).toBe(true)
    expect(e.view(s).units.find((u) => u.id === 'S-P1')).toMatchObject({ type: 'swiss-pike-r', status: 'disordered' })
  })
  it('the arithmetic: 8/4 is 2/1, +5 is two shifts and +1, 4/1 row 3 reads -|*T-3', () => {
    const sc = JSON.parse(readFileSync(new URL('../fixtures/marignan/melee-example.json', import.meta.url), 'utf8')).scenario
    const v = validateScenario(sc)
    if (!v.ok) throw new Error(v.error.message)
    const c = buildContext(v.value)
    if (!c.ok) throw new Error(c.error.message)
    expect(c.value.meleeCols[oddsColumn(c.value, 8, 4)]).toBe('2/1')
    expect([columnShift(5), leftoverDieModifier(5)]).toEqual([2, 1])
    expect(MELEE_TABLE.columns[5]).toBe('4/1')
    expect(MELEE_TABLE.rows[5]?.[3]).toBe('-|*T-3')
    expect(parseResult('*T-3')).toEqual({ elim: 1, test: true, mod: -3, disorg: false })
  })
})

describe('odds and shifts (13.2, 12.4)', () => {
  const sc = JSON.parse(readFileSync(new URL('../fixtures/marignan/melee-example.json', import.meta.url), 'utf8')).scenario
  const v = validateScenario(sc)
  if (!v.ok) throw new Error(v.error.message)
  const c = buildContext(v.value)
  if (!c.ok) throw new Error(c.error.message)
  const col = (a: number, d: number): string => c.value.meleeCols[oddsColumn(c.value, a, d)] as string
  it('rounds in the defender\'s favour (the seed: 12/5 -> 2/1, 2/3 -> 1/2)', () => {
    expect(col(12, 5)).toBe('2/1')
    expect(col(2, 3)).toBe('1/2')
    expect(col(5, 5)).toBe('1/1')
    expect(col(14, 5)).toBe('2/1')
    expect(col(15, 5)).toBe('3/1')
    expect(col(1, 9)).toBe('1/3')
    expect(col(40, 1)).toBe('6/1')
  })
  it('shifts one column per 2 points, the odd point goes to the die, both signs', () => {
    expect([columnShift(0), leftoverDieModifier(0)]).toEqual([0, 0])
    expect([columnShift(1), leftoverDieModifier(1)]).toEqual([0, 1])
    expect([columnShift(-1), leftoverDieModifier(-1)]).toEqual([0, -1])
    expect([columnShift(-3), leftoverDieModifier(-3)]).toEqual([-1, -1])
    expect([columnShift(4), leftoverDieModifier(4)]).toEqual([2, 0])
  })
  it('fire columns by strength', () => {
    expect(fireColumn(c.value, 0)).toBe(-1)
    expect(c.value.fireCols[fireColumn(c.value, 1)]).toBe('1')
    expect(c.value.fireCols[fireColumn(c.value, 7)]).toBe('6-7')
    expect(c.value.fireCols[fireColumn(c.value, 30)]).toBe('16+')
  })
  it('rejects malformed results', () => {
    expect(parseResult('X')).toBeNull()
    expect(parseResult('')).toBeNull()
    expect(parseResult('*****')).toBeNull()
  })
})
