import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseScenario, scenarioErrors } from '../../env/scenario/load.ts'
import { piwam } from '../../env/rules/piwam/index.ts'

const doc = readFileSync(new URL('../../docs/scenario-format.md', import.meta.url), 'utf8')

describe('docs/scenario-format.md', () => {
  it('its example scenario is valid', () => {
    const block = /```json\n([\s\S]*?)```/.exec(doc)?.[1]
    expect(block).toBeDefined()
    const r = parseScenario(block ?? '', 'docs example')
    expect(r.ok ? 'ok' : r.error.message).toBe('ok')
    if (!r.ok) return
    const b = piwam.bind(r.value)
    // the piwam engine may still be a stub; once built, the example must bind
    if (!b.ok && /not built/.test(b.error.message)) return
    expect(b.ok ? 'ok' : b.error.message).toBe('ok')
  })
  it('its error examples are the loader\'s actual wording', () => {
    const errs = scenarioErrors({
      format: 'tercio-scenario/1', id: 'x', name: 'x', ruleset: 'piwam', turns: 1,
      map: { cols: 14, rows: 10, legend: { '.': 'clear' }, terrain: Array(10).fill('.'.repeat(14)) },
      sides: [{ id: 'a', name: 'a', edge: 'S' }, { id: 'b', name: 'b', edge: 'N' }],
      wings: [], leaders: [],
      units: [{ id: 'Z1', side: 0, type: 'G', hex: '0101', facing: 'NE' }, { id: 'Z2', side: 0, type: 'G', hex: '0102', facing: 'NE' }, { id: 'Z3', side: 0, type: 'G', hex: '0103', facing: 'NE' },
        { id: 'C-G1', side: 0, type: 'G', hex: '1511', facing: 'NE' }],
    })
    const line = /^units\[3\]\.hex: .*$/m.exec(doc)?.[0]
    expect(errs.map((e) => e.message)).toContain(line)
  })
})
