// A tiny handmade piwam scenario for unit tests (8x8 clear map unless edited).
import type { Scenario, ScenarioUnit } from '../../env/scenario/types.ts'

export function mini(units: ScenarioUnit[], edit?: (s: Scenario) => void): Scenario {
  const s: Scenario = {
    format: 'tercio-scenario/1',
    id: 'mini',
    name: 'Mini',
    ruleset: 'piwam',
    map: { cols: 8, rows: 8, terrain: Array.from({ length: 8 }, () => '........'), legend: { '.': 'clear', w: 'woods', '~': 'water', v: 'village' } },
    sides: [
      { id: 'blue', name: 'Blue', edge: 'S' },
      { id: 'red', name: 'Red', edge: 'N' },
    ],
    wings: [
      { id: 'B1', side: 0, name: 'Blue wing', order: 'march', commander: 'BW1' },
      { id: 'R1', side: 1, name: 'Red wing', order: 'march', commander: 'RW1' },
    ],
    leaders: [
      { id: 'BA', side: 0, name: 'Blue general', role: 'army', rating: -2, hex: '0108' },
      { id: 'BW1', side: 0, name: 'Blue wing leader', role: 'wing', wing: 'B1', rating: -1, hex: '0407' },
      { id: 'RA', side: 1, name: 'Red general', role: 'army', rating: -1, hex: '0801' },
      { id: 'RW1', side: 1, name: 'Red wing leader', role: 'wing', wing: 'R1', rating: -1, hex: '0402' },
    ],
    units,
    turns: 3,
  }
  edit?.(s)
  return s
}

export const u = (id: string, side: 0 | 1, type: string, hex: string, facing: string, status = 'normal'): ScenarioUnit => ({
  id,
  side,
  wing: side === 0 ? 'B1' : 'R1',
  type,
  hex,
  facing,
  status,
})
