import { describe, expect, it } from 'vitest'
import { parseScenario, scenarioErrors, validateScenario } from '../../env/scenario/load.ts'
import type { Scenario } from '../../env/scenario/types.ts'

/** A small valid scenario; each test breaks one thing. */
function base(): Scenario {
  return {
    format: 'tercio-scenario/1',
    id: 'tiny',
    name: 'Tiny',
    ruleset: 'piwam',
    map: {
      cols: 4,
      rows: 3,
      terrain: ['..w.', '....', '.v..'],
      legend: { '.': 'clear', w: 'woods', v: 'village' },
      elevation: ['0000', '0120', '0000'],
      roads: [['0101', '0201', '0301']],
      hexsides: [{ hexes: ['0101', '0102'], feature: 'stream' }],
    },
    sides: [
      { id: 'a', name: 'A', edge: 'S' },
      { id: 'b', name: 'B', edge: 'N' },
    ],
    wings: [
      { id: 'AW', side: 0, name: 'A wing', order: 'march', commander: 'A-W' },
      { id: 'BW', side: 1, name: 'B wing', order: 'charge', commander: 'B-W' },
    ],
    leaders: [
      { id: 'A-W', side: 0, name: 'A wing leader', role: 'wing', wing: 'AW', rating: -1, hex: '0103', replacement: { id: 'A-W2', name: 'Second', rating: -1 } },
      { id: 'B-W', side: 1, name: 'B wing leader', role: 'wing', wing: 'BW', rating: -2, hex: '0401' },
    ],
    units: [
      { id: 'A-1', side: 0, wing: 'AW', type: 'G', hex: '0103', facing: 'NE' },
      { id: 'B-1', side: 1, wing: 'BW', type: 'S', hex: '0401', facing: 'SW', status: 'disordered' },
    ],
    turns: 5,
  }
}
type Mut = (s: Record<string, any>) => void
const broken = (f: Mut): unknown => {
  const s = structuredClone(base()) as unknown as Record<string, any>
  f(s)
  return s
}
const firstError = (raw: unknown) => {
  const r = validateScenario(raw)
  if (r.ok) throw new Error('expected an error, scenario was accepted')
  return r.error
}

describe('validateScenario: valid input', () => {
  it('accepts the base scenario and returns a deep copy', () => {
    const s = base()
    const r = validateScenario(s)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value).toEqual(s)
    expect(r.value).not.toBe(s)
    expect(r.value.units).not.toBe(s.units)
  })
  it('allows $comment keys, extra unit fields, optional elevation/roads/hexsides and two features on one hexside', () => {
    const s = broken((s) => {
      s['$comment'] = 'hello'
      s.units[0].morale = 7
      delete s.map.elevation
      delete s.map.roads
      s.map.hexsides.push({ hexes: ['0102', '0101'], feature: 'bridge' })
    })
    expect(scenarioErrors(s)).toEqual([])
  })
})

// Each case: a mutation, the path the error must name, and words the message must contain.
const cases: [string, Mut, string, string[]][] = [
  ['not an object', (s) => { for (const k of Object.keys(s)) delete s[k] }, 'format', ['tercio-scenario/1']],
  ['wrong format', (s) => { s.format = 'tercio-scenario/2' }, 'format', ['tercio-scenario/1']],
  ['id with a space', (s) => { s.id = 'my scenario' }, 'id', ['"my scenario"']],
  ['name wrong type', (s) => { s.name = 5 }, 'name', ['expected a string', '5']],
  ['unknown ruleset', (s) => { s.ruleset = 'chess' }, 'ruleset', ['"chess"', 'piwam']],
  ['unknown top-level field', (s) => { s.unit = [] }, 'unit', ['unknown field']],
  ['sources not strings', (s) => { s.sources = ['ok', 3] }, 'sources[1]', ['expected a string']],
  ['turns zero', (s) => { s.turns = 0 }, 'turns', ['1..999', '0']],
  ['turns fractional', (s) => { s.turns = 2.5 }, 'turns', ['integer']],
  ['turns missing', (s) => { delete s.turns }, 'turns', ['missing']],
  ['victory not an object', (s) => { s.victory = 3 }, 'victory', ['expected an object']],
  ['map missing', (s) => { delete s.map }, 'map', ['missing']],
  ['cols too big', (s) => { s.map.cols = 100 }, 'map.cols', ['1..99', '100']],
  ['rows zero', (s) => { s.map.rows = 0 }, 'map.rows', ['1..99']],
  ['cols a string', (s) => { s.map.cols = '4' }, 'map.cols', ['"4"']],
  ['terrain row count', (s) => { s.map.terrain.pop() }, 'map.terrain', ['expected 3 rows', 'got 2']],
  ['terrain row length', (s) => { s.map.terrain[1] = '.....' }, 'map.terrain[1]', ['row 02', '5 characters', 'expected 4']],
  ['terrain char not in legend', (s) => { s.map.terrain[2] = '..x.' }, 'map.terrain[2]', ['hex 0303', '"x"', 'legend']],
  ['legend key too long', (s) => { s.map.legend.ww = 'woods' }, 'map.legend.ww', ['one character']],
  ['legend value empty', (s) => { s.map.legend.w = '' }, 'map.legend.w', ['terrain id']],
  ['elevation not a digit', (s) => { s.map.elevation[1] = '01a0' }, 'map.elevation[1]', ['hex 0302', '"a"', '0..9']],
  ['elevation row count', (s) => { s.map.elevation = ['0000'] }, 'map.elevation', ['expected 3 rows']],
  ['road off map', (s) => { s.map.roads[0].push('0501') }, 'map.roads[0][3]', ['0501', 'off the 4x3 map']],
  ['road not adjacent', (s) => { s.map.roads[0] = ['0101', '0301'] }, 'map.roads[0][1]', ['0301', 'not adjacent', '0101']],
  ['road bad label', (s) => { s.map.roads[0][0] = 'A1' }, 'map.roads[0][0]', ['"A1"', 'CCRR']],
  ['road of one hex', (s) => { s.map.roads[0] = ['0101'] }, 'map.roads[0]', ['at least 2']],
  ['hexside not adjacent', (s) => { s.map.hexsides[0].hexes = ['0101', '0103'] }, 'map.hexsides[0].hexes', ['0101', '0103', 'not adjacent']],
  ['hexside off map', (s) => { s.map.hexsides[0].hexes = ['0101', '0100'] }, 'map.hexsides[0].hexes[1]', ['0100', 'off the']],
  ['hexside feature missing', (s) => { delete s.map.hexsides[0].feature }, 'map.hexsides[0].feature', ['missing']],
  ['hexside duplicate', (s) => { s.map.hexsides.push({ hexes: ['0102', '0101'], feature: 'stream' }) }, 'map.hexsides[1]', ['duplicate']],
  ['one side only', (s) => { s.sides.pop() }, 'sides', ['exactly 2']],
  ['bad edge', (s) => { s.sides[1].edge = 'NE' }, 'sides[1].edge', ['"NE"', 'N S E W']],
  ['same side ids', (s) => { s.sides[1].id = 'a' }, 'sides[1].id', ['duplicate side id']],
  ['wing side 2', (s) => { s.wings[0].side = 2 }, 'wings[0].side', ['0 or 1', '2']],
  ['wing commander unknown', (s) => { s.wings[1].commander = 'Z' }, 'wings[1].commander', ['"BW"', '"Z"', 'not a leader']],
  ['wing commander of other side', (s) => { s.wings[1].commander = 'A-W' }, 'wings[1].commander', ['"BW"', '"A-W"', 'side 0']],
  ['wing commander of another wing', (s) => { s.wings.push({ id: 'AX', side: 0, name: 'X', commander: 'A-W' }) }, 'wings[2].commander', ['"AX"', 'assigned to wing "AW"']],
  ['wing not an object', (s) => { s.wings[0] = 'AW' }, 'wings[0]', ['wing object']],
  ['leader hex off map', (s) => { s.leaders[1].hex = '0409' }, 'leaders[1].hex', ['leader "B-W"', '0409', 'off the 4x3 map']],
  ['leader rating not a number', (s) => { s.leaders[0].rating = '-1' }, 'leaders[0].rating', ['expected a number']],
  ['leader wing unknown', (s) => { s.leaders[0].wing = 'QQ' }, 'leaders[0].wing', ['leader "A-W"', 'unknown wing "QQ"']],
  ['leader wing of other side', (s) => { s.leaders[0].wing = 'BW' }, 'leaders[0].wing', ['leader "A-W"', 'side 0', 'side 1']],
  ['replacement missing name', (s) => { delete s.leaders[0].replacement.name }, 'leaders[0].replacement.name', ['missing']],
  ['replacement id reused', (s) => { s.leaders[0].replacement.id = 'A-1' }, 'units[0]', ['duplicate id "A-1"']],
  ['unit hex off map', (s) => { s.units[0].hex = '0504' }, 'units[0].hex', ['unit "A-1"', 'hex 0504', 'off the 4x3 map']],
  ['unit hex bad label', (s) => { s.units[1].hex = '4-1' }, 'units[1].hex', ['unit "B-1"', '"4-1"']],
  ['unit hex a number', (s) => { s.units[1].hex = 401 }, 'units[1].hex', ['unit "B-1"', '401']],
  ['unit facing unknown', (s) => { s.units[0].facing = 'UP' }, 'units[0].facing', ['unit "A-1"', '"UP"']],
  ['unit facing lower case', (s) => { s.units[0].facing = 'ne' }, 'units[0].facing', ['"ne"']],
  ['unit side missing', (s) => { delete s.units[0].side }, 'units[0].side', ['missing']],
  ['unit side string', (s) => { s.units[0].side = '0' }, 'units[0].side', ['"0"']],
  ['unit type empty', (s) => { s.units[0].type = '' }, 'units[0].type', ['empty']],
  ['unit unknown wing', (s) => { s.units[0].wing = 'XW' }, 'units[0].wing', ['unit "A-1"', 'unknown wing "XW"', 'AW, BW']],
  ['unit wing of other side', (s) => { s.units[1].wing = 'AW' }, 'units[1].wing', ['unit "B-1"', 'side 1', 'wing "AW" belongs to side 0']],
  ['duplicate unit id', (s) => { s.units[1].id = 'A-1' }, 'units[1]', ['duplicate id "A-1"', 'units[0]']],
  ['unit id equal to a leader id', (s) => { s.units[1].id = 'B-W' }, 'units[1]', ['duplicate id "B-W"', 'leaders[1]']],
  ['leader id equal to a wing id', (s) => { s.leaders[1].id = 'AW'; s.wings[1].commander = 'AW' }, 'leaders[1]', ['duplicate id "AW"', 'wings[0]']],
  ['units not an array', (s) => { s.units = {} }, 'units', ['expected an array']],
  ['too many pieces', (s) => { s.units = Array.from({ length: 401 }, (_, i) => ({ id: `U${i}`, side: 0, type: 'A', hex: '0101', facing: 'NE' })) }, 'units', ['too many', '400']],
  ['unit status wrong type', (s) => { s.units[0].status = 1 }, 'units[0].status', ['expected a string']],
]

describe('validateScenario: each bad input names its field', () => {
  it.each(cases)('%s', (_name, mut, path, words) => {
    const raw = broken(mut)
    const errors = scenarioErrors(raw)
    const hit = errors.find((e) => e.path === path)
    expect(hit, `no error at ${path}; got ${JSON.stringify(errors.map((e) => e.message))}`).toBeDefined()
    expect(hit?.code).toBe('SCENARIO_INVALID')
    expect(hit?.message.startsWith(`${path}:`)).toBe(true)
    for (const w of words) expect(hit?.message).toContain(w)
    // validateScenario fails too, with the first of these errors
    expect(firstError(raw).message).toContain(errors[0]?.message ?? '')
  })
  it('covers at least 50 kinds of bad input', () => {
    expect(cases.length).toBeGreaterThanOrEqual(50)
  })
})

describe('scenarioErrors lists every problem', () => {
  it('reports several independent problems at once', () => {
    const raw = broken((s) => {
      s.units[0].hex = '0909'
      s.units[1].facing = 'X'
      s.turns = -1
    })
    const paths = scenarioErrors(raw).map((e) => e.path)
    expect(paths).toEqual(expect.arrayContaining(['units[0].hex', 'units[1].facing', 'turns']))
    expect(firstError(raw).message).toMatch(/and 2 more problems/)
  })
  it('rejects non-objects at the root', () => {
    for (const raw of [null, 3, 'x', [], undefined]) {
      const e = firstError(raw)
      expect(e.code).toBe('SCENARIO_INVALID')
      expect(e.path).toBe('(root)')
    }
  })
})

describe('parseScenario (JSON text)', () => {
  it('parses and validates good text', () => {
    const r = parseScenario(JSON.stringify(base()), 'tiny.json')
    expect(r.ok).toBe(true)
  })
  it('names the source and says the JSON is bad', () => {
    const r = parseScenario('{"format": "tercio-scenario/1", ', 'broken.json')
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('SCENARIO_INVALID')
    expect(r.error.message).toMatch(/^broken\.json: not valid JSON/)
  })
  it('prefixes validation errors with the source', () => {
    const r = parseScenario(JSON.stringify({ ...base(), turns: 0 }), 'x.json')
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/^x\.json: turns: /)
  })
})

describe('map helpers agree with the hex grid', () => {
  it('hexIndex and hexesAdjacent match makeGrid on odd and even sized maps', async () => {
    const { hexIndex, hexesAdjacent } = await import('../../env/scenario/load.ts')
    const { makeGrid, hexOfLabel, directionTo } = await import('../../env/hex/grid.ts')
    for (const [cols, rows] of [[7, 6], [8, 5]] as const) {
      const g = makeGrid(cols, rows)
      for (const l of [...g.labels, '0000', '0907', '0107', 'ab12', '01011']) expect(hexIndex(cols, rows, l), l).toBe(hexOfLabel(g, l))
      for (let a = 0; a < g.size; a++) for (let b = 0; b < g.size; b++) expect(hexesAdjacent(cols, a, b)).toBe(directionTo(g, a, b) >= 0)
    }
  })
  it('validates a 99x99 map (no all-pairs table needed)', () => {
    const s = broken((s) => {
      s.map.cols = 99
      s.map.rows = 99
      s.map.terrain = Array(99).fill('.'.repeat(99))
      s.map.elevation = Array(99).fill('0'.repeat(99))
      s.map.roads = [['9998', '9999']]
      s.units[1].hex = '9999'
      s.leaders[1].hex = '9999'
    })
    expect(scenarioErrors(s)).toEqual([])
  })
})
