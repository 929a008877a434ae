import { describe, expect, it } from 'vitest'
import { overrideTables, parseResult, TABLES, TABLE_NAMES, UNIT_TYPES } from '../../env/rules/piwam/tables.ts'

describe('piwam tables', () => {
  it('every table says whether it is reconstructed and why', () => {
    for (const name of TABLE_NAMES) {
      const t = TABLES[name] as { reconstructed: unknown; rationale: unknown }
      expect(typeof t.reconstructed, name).toBe('boolean')
      expect(typeof t.rationale, name).toBe('string')
      expect((t.rationale as string).length, name).toBeGreaterThan(10)
    }
  })
  it("reproduces the seed's fire example: to-hit 6, roll 9 gives +3 to the morale check", () => {
    const sixes = UNIT_TYPES.filter((t) => TABLES.fire.toHit[t] === 6)
    expect(sixes.length).toBeGreaterThan(0)
    const toHit = 6
    const roll = 9
    expect(roll >= toHit).toBe(true)
    expect(roll - toHit).toBe(3)
  })
  it('close-combat results parse and cover every per-type table', () => {
    for (const r of TABLES.closeCombat.results) expect(parseResult(r), r).not.toBeNull()
    expect(parseResult('A1 D2R2')).toEqual({ aLoss: 1, aRetreat: 0, dLoss: 2, dRetreat: 2, pass: false, text: 'A1 D2R2' })
    expect(parseResult('A0 D2R2P')?.pass).toBe(true)
    expect(parseResult('A2R2')).toEqual({ aLoss: 2, aRetreat: 2, dLoss: 0, dRetreat: 0, pass: false, text: 'A2R2' })
    expect(parseResult('B3')).toBeNull()
    for (const t of UNIT_TYPES) {
      expect(typeof TABLES.unitTypes.movement[t]).toBe('number')
      expect(typeof TABLES.unitTypes.morale[t]).toBe('number')
      for (const d of UNIT_TYPES) expect(typeof TABLES.interaction.table[t][d]).toBe('number')
    }
    expect(TABLES.artilleryRange.toHit.length).toBe(TABLES.artilleryRange.maxRange + 1)
  })
  it('results get worse for the defender as the total rises', () => {
    const rows = TABLES.closeCombat.results.map((r) => parseResult(r)!)
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.dLoss - rows[i]!.aLoss).toBeGreaterThanOrEqual(rows[i - 1]!.dLoss - rows[i - 1]!.aLoss - 1)
    expect(rows[0]!.aLoss).toBeGreaterThan(0)
    expect(rows[rows.length - 1]!.dLoss).toBeGreaterThan(rows[0]!.dLoss)
  })
  it('overrides merge field by field and report bad fields', () => {
    const ok = overrideTables({ continuation: { target: { charge: 5 } } })
    expect(ok.errors).toEqual([])
    expect(ok.tables.continuation.target.charge).toBe(5)
    expect(ok.tables.continuation.target.march).toBe(3)
    expect(TABLES.continuation.target.charge).toBe(4)
    const bad = overrideTables({ continuation: { target: { attack: 5 } }, fire: 3, closeCombat: { results: ['A1 Q'] } })
    expect(bad.errors.join('\n')).toMatch(/tables\.continuation\.target\.attack is not a field/)
    expect(bad.errors.join('\n')).toMatch(/tables\.fire must be an object/)
    expect(bad.errors.join('\n')).toMatch(/results\[0\] "A1 Q"/)
  })
})
