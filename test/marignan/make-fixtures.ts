// Writes the marignan conformance fixtures (test/fixtures/marignan/*.json)
// from compact definitions: npx tsx test/marignan/make-fixtures.ts
// Each fixture is self-contained: an inline 8x8 test scenario, forced dice,
// actions and expectations. The expectations are worked out from the seed's
// rules by hand (comments give the arithmetic), never recorded from the engine.

import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'

type Obj = Record<string, unknown>
interface U {
  id: string
  side: 0 | 1
  wing?: string
  type: string
  hex: string
  facing: string
  status?: string
  enter?: string
}
interface Lx {
  id: string
  hex?: string
  [k: string]: unknown
}
interface Def {
  id: string
  rule: string
  description: string
  units: U[]
  leaders?: Lx[]
  terrain?: Record<string, string>
  elevation?: Record<string, number>
  roads?: string[][]
  hexsides?: { hexes: [string, string]; feature: string }[]
  morale?: Record<string, number>
  places?: { name: string; hexes: string[] }[]
  rules?: Obj
  victory?: Obj
  turns?: number
  start?: Obj
  dice: number[]
  actions: (string | { expect: Obj })[]
  expect: Obj
}

const COLS = 8
const ROWS = 8
const LEADERS: Obj[] = [
  { id: 'LS1', side: 0, name: 'Swiss captain I', role: 'corps', wing: 'S1', rating: 1, hex: '0101', range: 3, move: 5 },
  { id: 'LS2', side: 0, name: 'Swiss captain II', role: 'corps', wing: 'S2', rating: 0, hex: '0201', range: 3, move: 5 },
  { id: 'LF1', side: 1, name: 'French commander (infantry)', role: 'corps', wing: 'F1', rating: 0, hex: '0808', range: 3, move: 6 },
  { id: 'LF2', side: 1, name: 'Bayard', role: 'corps', wing: 'F2', rating: 1, hex: '0708', range: 2, move: 6, heroic: 'cavalry' },
  { id: 'LK', side: 1, name: 'Francois 1st', role: 'army', wing: 'F3', rating: 1, hex: '0108', range: 3, move: 6, heroic: 'any', king: true },
]

function scenario(d: Def): Obj {
  const terrain = Array.from({ length: ROWS }, (_, r) =>
    Array.from({ length: COLS }, (_, c) => {
      const lab = String(c + 1).padStart(2, '0') + String(r + 1).padStart(2, '0')
      const t = d.terrain?.[lab] ?? 'clear'
      return t === 'clear' ? '.' : t === 'dense' ? ':' : t === 'village' ? '#' : 'F'
    }).join(''),
  )
  const elevation = Array.from({ length: ROWS }, (_, r) =>
    Array.from({ length: COLS }, (_, c) => String(d.elevation?.[String(c + 1).padStart(2, '0') + String(r + 1).padStart(2, '0')] ?? 0)).join(''),
  )
  const leaders = LEADERS.map((l) => {
    const o = d.leaders?.find((x) => x.id === l['id'])
    return o ? { ...l, ...o } : l
  })
  return {
    format: 'tercio-scenario/1',
    id: `mt-${d.id}`.slice(0, 40),
    name: `Marignan test position (${d.id})`,
    ruleset: 'marignan',
    map: {
      cols: COLS,
      rows: ROWS,
      terrain,
      legend: { '.': 'clear', ':': 'dense', '#': 'village', F: 'farm' },
      elevation,
      ...(d.roads ? { roads: d.roads } : {}),
      ...(d.hexsides ? { hexsides: d.hexsides } : {}),
    },
    sides: [
      { id: 'swiss', name: 'Swiss', edge: 'N' },
      { id: 'french', name: 'French', edge: 'S' },
    ],
    wings: [
      { id: 'S1', side: 0, name: 'Swiss I', commander: 'LS1' },
      { id: 'S2', side: 0, name: 'Swiss II', commander: 'LS2' },
      { id: 'F1', side: 1, name: 'French foot', commander: 'LF1' },
      { id: 'F2', side: 1, name: 'French horse (Bayard)', commander: 'LF2' },
      { id: 'F3', side: 1, name: 'House of the King', commander: 'LK' },
    ],
    leaders,
    units: d.units,
    turns: d.turns ?? 3,
    ...(d.victory ? { victory: d.victory } : {}),
    rules: {
      morale: { army: 40, F1: 5, F2: 5, F3: 5, ...(d.morale ?? {}) },
      entry: { road: '0401', order: ['S1', 'S2'], reduction: { S2: 1 }, turn: 1 },
      ...(d.places ? { places: d.places } : {}),
      ...(d.rules ?? {}),
    },
  }
}

const defs: Def[] = []
const add = (d: Def): void => {
  defs.push(d)
}
const sw = (id: string, type: string, hex: string, facing = 'S', extra: Partial<U> = {}): U => ({ id, side: 0, wing: 'S1', type, hex, facing, ...extra })
const fr = (id: string, type: string, hex: string, facing = 'N', extra: Partial<U> = {}): U => ({ id, side: 1, wing: type === 'gendarmes' || type === 'light-horse' ? 'F2' : 'F1', type, hex, facing, ...extra })
const FR_MOVE = { phase: 'movement', active: 'french' }
const FR_OFIRE = { phase: 'offensive-fire', active: 'french' }
const FR_MELEE = { phase: 'melee', active: 'french' }
const SW_MOVE = { phase: 'movement', active: 'swiss' }

// =========================== the seed's two worked examples ===========================

add({
  id: 'fire-example',
  rule: '12.4',
  description:
    "The seed's firing example: a cannon (8, -2 at range 2 = 6) and two Gascons (4, 1 each at range 2) fire at Swiss arquebusiers in dense cultivation: strength 8, modifiers -1 -1 = -2, column 8-9 shifted to 6-7, die 4: Test.",
  units: [fr('F-C1', 'cannon', '0505'), fr('F-g1', 'gascons', '0505'), fr('F-g2', 'gascons', '0505'), sw('S-A1', 'swiss-arq', '0503', 'S', { wing: undefined })],
  terrain: { '0503': 'dense' },
  leaders: [{ id: 'LF1', hex: '0507' }],
  start: FR_OFIRE,
  dice: [4, 5, 5],
  actions: ['unit:F-C1', 'hex:0503', 'unit:F-g1', 'unit:F-g2', 'choice:fire'],
  expect: {
    events: [
      { type: 'fired', units: ['F-C1', 'F-g1', 'F-g2'], target: '0503', strength: 8, column: '6-7', modifier: -2, shift: -1, dieMod: 0, die: 4, result: 'T' },
      { type: 'test', unit: 'S-A1', mod: 0, roll: 10, passed: false },
      { type: 'morale', corps: 'swiss-army', delta: -1, to: 39 },
      { type: 'status-changed', unit: 'S-A1', from: 'ordered', to: 'disordered' },
    ],
  },
})

add({
  id: 'melee-example',
  rule: '13.2, 9.2, 9.3, 9.4',
  description:
    "The seed's melee example: two gendarmes with Bayard commit a Swiss pike by road; one fails its commitment test, the other charges; the Swiss fails hedgehog and commitment (disordered, strength 4); 8 vs 4 = 2/1, charge +2, Bayard +1, protection +1, morale +1 = +5: two shifts to 4/1 and +1 to the die; die 2 -> 3: '*' and a Test at -3; the pike is replaced and tests at -3.",
  units: [fr('F-G1', 'gendarmes', '0506'), fr('F-G2', 'gendarmes', '0506'), sw('S-P1', 'swiss-pike', '0504', 'S')],
  roads: [['0506', '0505', '0504', '0503']],
  leaders: [
    { id: 'LF2', hex: '0506' },
    { id: 'LS1', hex: '0502' },
  ],
  start: FR_MOVE,
  // G1 commitment 6+6 > 9 fails; G2 2+2 passes; hedgehog 6+6 > 8 fails; Swiss commitment 5+6 > 8 fails;
  // melee die 2; replacement test 3+3 = 6 > 7-3 = 4 fails (pike in disorder: stays, army -1 for the combat test, -1 for the would-be rout)
  dice: [6, 6, 2, 2, 6, 6, 5, 6, 2, 3, 3],
  actions: [
    'unit:F-G1',
    'hex:0505',
    'unit:F-G2',
    'hex:0505',
    { expect: { units: { 'F-G1': { hex: '0506' }, 'F-G2': { hex: '0505', charge: true } }, decision: { player: 0, kind: 'hedgehog', legal: ['choice:hedgehog', 'choice:test'] } } },
    'choice:hedgehog',
    { expect: { units: { 'S-P1': { status: 'disordered', hedgehog: false } } } },
    'unit:LF2',
    'hex:0505',
    'choice:stop',
    'choice:end',
    'choice:end',
    { expect: { phase: 'melee', decision: { player: 1, kind: 'melee', legal: ['hex:0504'] } } },
    'hex:0504',
    'unit:F-G2',
    'choice:attack',
  ],
  expect: {
    events: [
      { type: 'melee', target: '0504', attack: 8, defence: 4, odds: '2/1', column: '4/1', modifier: 5, shift: 2, dieMod: 1, die: 2, result: '-|*T-3' },
      { type: 'replaced', unit: 'S-P1', by: 'swiss-pike-r' },
      { type: 'test', unit: 'S-P1', morale: 7, mod: -3, roll: 6, passed: false },
    ],
    units: { 'S-P1': { type: 'swiss-pike-r', status: 'disordered', reduced: true }, 'F-G2': { charge: false } },
  },
})


// =========================== 0.2 morale tests ===========================================
// gendarmes morale 9 commit into the ZOC of a Swiss pike (facing S at 0504)
add({
  id: '0.2-morale-pass-equal',
  rule: '0.2, 9.2',
  description: 'A morale test passes when 2d6 equals the morale: gendarmes (9) roll 4+5 and enter the enemy ZOC, where they stop.',
  units: [fr('F-G1', 'gendarmes', '0506'), sw('S-P1', 'swiss-pike', '0504')],
  start: FR_MOVE,
  dice: [4, 5],
  actions: ['unit:F-G1', 'hex:0505'],
  expect: { units: { 'F-G1': { hex: '0505' } }, events: [{ type: 'test', unit: 'F-G1', roll: 9, morale: 9, passed: true }], decision: { player: 0, kind: 'hedgehog' } },
})
add({
  id: '0.2-morale-fail-above',
  rule: '0.2, 9.2',
  description: 'A morale test fails when 2d6 exceeds the morale: 5+5 = 10 > 9, the gendarmes stop where they are.',
  units: [fr('F-G1', 'gendarmes', '0506'), sw('S-P1', 'swiss-pike', '0504')],
  start: FR_MOVE,
  dice: [5, 5],
  actions: ['unit:F-G1', 'hex:0505'],
  expect: { units: { 'F-G1': { hex: '0506' } }, events: [{ type: 'commit-failed', unit: 'F-G1' }], decision: { player: 1, kind: 'move' } },
})

// =========================== 1.1 counters ===============================================
add({
  id: '1.1-disordered-melee-strength',
  rule: '1.1, 13.2',
  description: 'Disordered gendarmes fight with the reduced strength on the back of the counter (5): 5 vs 8 = 1/2; morale +1, protection +1 = +2, one shift to 1/1; die 4: defender Test.',
  units: [fr('F-G1', 'gendarmes', '0505', 'N', { status: 'disordered' }), sw('S-P1', 'swiss-pike', '0504')],
  start: FR_MELEE,
  dice: [4, 2, 2],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack'],
  expect: { events: [{ type: 'melee', attack: 5, defence: 8, odds: '1/2', column: '1/1', modifier: 2, die: 4, result: '-|T' }, { type: 'test', unit: 'S-P1', passed: true }] },
})
add({
  id: '1.1-replacement-eliminated',
  rule: '1.1, 12.4, 8.1',
  description: 'A Swiss replacement counter that takes an elimination leaves the game (-2 army morale): 8 vs 4 = 2/1, +2 = 3/1, die 4: "*".',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike-r', '0504')],
  start: FR_MELEE,
  dice: [4],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack'],
  expect: {
    events: [{ type: 'melee', odds: '2/1', column: '3/1', result: '-|*' }, { type: 'eliminated', unit: 'S-P1' }, { type: 'morale', corps: 'swiss-army', delta: -2, to: 38 }],
    units: { 'S-P1': { eliminated: true, hex: null } },
    decision: { player: 1, kind: 'advance', legal: ['unit:F-G1', 'choice:end'] },
  },
})
add({
  id: '1.1-pike6-no-replacement',
  rule: '1.1',
  description: 'Swiss pikemen of melee 6 have no replacement counter: an elimination removes them. 8 vs 6 = 1/1, +2 = 2/1, die 6: "*".',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike-6', '0504')],
  start: FR_MELEE,
  dice: [6],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack'],
  expect: { events: [{ type: 'melee', odds: '1/1', column: '2/1', result: '-|*' }, { type: 'eliminated', unit: 'S-P1' }], units: { 'S-P1': { eliminated: true } } },
})
add({
  id: '1.1-no-charge-when-disordered',
  rule: '1.1, 9.3',
  description: 'Disordered cavalry committing by road gets no Charge marker.',
  units: [fr('F-G1', 'gendarmes', '0506', 'N', { status: 'disordered' }), sw('S-P1', 'swiss-pike', '0504')],
  roads: [['0506', '0505', '0504']],
  start: FR_MOVE,
  dice: [2, 2, 2, 2],
  actions: ['unit:F-G1', 'hex:0505', 'choice:test'],
  expect: { units: { 'F-G1': { hex: '0505', charge: false } } },
})
add({
  id: '1.1-no-hedgehog-when-disordered',
  rule: '1.1, 9.4',
  description: 'A disordered Swiss pike committed by cavalry cannot try hedgehog: it tests for commitment at once.',
  units: [fr('F-G1', 'gendarmes', '0506'), sw('S-P1', 'swiss-pike', '0504', 'S', { status: 'disordered' })],
  start: FR_MOVE,
  dice: [2, 2, 2, 2],
  actions: ['unit:F-G1', 'hex:0505'],
  expect: { events: [{ type: 'committed', unit: 'S-P1', rear: false }, { type: 'test', unit: 'S-P1', why: 'commitment', passed: true }], decision: { player: 1, kind: 'move' } },
})

// =========================== 7 commanders ===============================================
add({
  id: '7.4-commander-bonus-in-defence',
  rule: '7.4, 13.2',
  description: 'A commander with a melee bonus stacked with the defender gives -1: 8 vs 8 = 1/1; +1 +1 -1 = +1: no shift, +1 to the die; die 3 -> 4: Test.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  leaders: [{ id: 'LS1', hex: '0504' }],
  start: FR_MELEE,
  dice: [3, 1, 1],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack'],
  expect: { events: [{ type: 'melee', column: '1/1', modifier: 1, shift: 0, dieMod: 1, die: 3, result: '-|T', modifiers: ['better morale +1', 'better protection +1', 'commander (defender) -1'] }] },
})
add({
  id: '7.4-bonuses-cancel',
  rule: '7.4',
  description: 'Commanders with melee bonuses on both sides cancel out: +1 +1 = +2, one shift from 1/1 to 2/1; die 3: Test -1.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  leaders: [
    { id: 'LS1', hex: '0504' },
    { id: 'LF2', hex: '0505' },
  ],
  start: FR_MELEE,
  dice: [3, 1, 1],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack'],
  expect: { events: [{ type: 'melee', column: '2/1', modifier: 2, result: '-|T-1' }] },
})
add({
  id: '7.3-commander-fire-bonus',
  rule: '7.3, 12.4',
  description: 'A commander with a fire bonus stacked with the firing unit of his corps: +1, left over as +1 to the die; cannon 8 adjacent, column 8-9, die 5 -> 6: D (the pike is disordered, army -1).',
  units: [fr('F-C1', 'cannon', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  leaders: [{ id: 'LF1', hex: '0505', fire: 1 }],
  start: FR_OFIRE,
  dice: [5],
  actions: ['unit:F-C1', 'hex:0504', 'choice:fire'],
  expect: {
    events: [{ type: 'fired', strength: 8, column: '8-9', modifier: 1, dieMod: 1, die: 5, result: 'D' }, { type: 'morale', corps: 'swiss-army', delta: -1 }, { type: 'status-changed', unit: 'S-P1', to: 'disordered' }],
  },
})
add({
  id: '7.3-no-bonus-combined-with-adjacent',
  rule: '7.3',
  description: 'No commander fire bonus when the shot combines with a unit in another hex: cannon 8 + Gascon 4 = 12, column 12-15, modifier 0; die 1: T.',
  units: [fr('F-C1', 'cannon', '0505'), fr('F-g1', 'gascons', '0404', 'NE'), sw('S-P1', 'swiss-pike', '0504')],
  leaders: [{ id: 'LF1', hex: '0505', fire: 1 }],
  start: FR_OFIRE,
  dice: [1, 1, 1],
  actions: ['unit:F-C1', 'hex:0504', 'unit:F-g1', 'choice:fire'],
  expect: { events: [{ type: 'fired', strength: 12, column: '12-15', modifier: 0, result: 'T' }] },
})
add({
  id: '12.5-leader-injured',
  rule: '12.5',
  description: 'A commander in a hex that takes an elimination rolls: 4 +2 (all units gone) = 6, he is injured. Cannon 8 + fire bonus: die 6 -> 7 on 8-9: "*".',
  units: [fr('F-C1', 'cannon', '0505'), sw('S-P1', 'swiss-pike-6', '0504'), sw('S-P2', 'swiss-pike', '0202')],
  leaders: [
    { id: 'LF1', hex: '0505', fire: 1 },
    { id: 'LS1', hex: '0504' },
  ],
  start: FR_OFIRE,
  dice: [6, 4],
  actions: ['unit:F-C1', 'hex:0504', 'choice:fire'],
  expect: { events: [{ type: 'fired', result: '*' }, { type: 'eliminated', unit: 'S-P1' }, { type: 'leader-injured', leader: 'LS1' }], leaders: { LS1: { status: 'injured' } } },
})
add({
  id: '12.5-injured-leader-killed-7.1-replaced',
  rule: '12.5, 7.1, 8.1',
  description: 'An injured commander who is hit again dies (Swiss army -2); a new commander appears in the next Swiss reorganisation phase with the nearest unit of his corps.',
  units: [fr('F-C1', 'cannon', '0505'), sw('S-P1', 'swiss-pike-6', '0504'), sw('S-P2', 'swiss-pike', '0202')],
  leaders: [
    { id: 'LF1', hex: '0505', fire: 1 },
    { id: 'LS1', hex: '0504' },
  ],
  start: { ...FR_OFIRE, leaders: { LS1: { status: 'injured' } } },
  dice: [6, 4],
  actions: ['unit:F-C1', 'hex:0504', 'choice:fire'],
  expect: {
    events: [
      { type: 'eliminated', unit: 'S-P1' },
      { type: 'morale', corps: 'swiss-army', delta: -2, to: 38 },
      { type: 'leader-killed', leader: 'LS1' },
      { type: 'morale', corps: 'swiss-army', delta: -2, to: 36 },
      { type: 'leader-replaced', leader: 'LS1', hex: '0202' },
    ],
    leaders: { LS1: { status: 'ok', hex: '0202' } },
    turn: 2,
  },
})
add({
  id: '7.1-french-successor',
  rule: '7.1, 12.5, 8.2',
  description: 'A French commander killed in melee: his corps loses 2 (and 2 for the eliminated unit); the French player chooses a surviving commander as successor. 24 vs 4 = 6/1, +1 morale, die 6 -> 7: "****".',
  units: [sw('S-P1', 'swiss-pike', '0504'), sw('S-P2', 'swiss-pike', '0504'), sw('S-P3', 'swiss-pike', '0504'), fr('F-A1', 'aventuriers', '0505')],
  leaders: [{ id: 'LF1', hex: '0505' }],
  start: { phase: 'melee', active: 'swiss', leaders: { LF1: { status: 'injured' } } },
  dice: [6, 4],
  actions: ['hex:0505', 'unit:S-P1', 'unit:S-P2', 'unit:S-P3', 'choice:attack', { expect: { decision: { player: 0, kind: 'advance' } } }, 'choice:end', { expect: { decision: { player: 1, kind: 'successor', legal: ['unit:LF2', 'unit:LK'] } } }, 'unit:LF2'],
  expect: {
    events: [
      { type: 'melee', odds: '6/1', column: '6/1', modifier: 1, die: 6, result: '-|****' },
      { type: 'morale', corps: 'F1', delta: -2, to: 3 },
      { type: 'leader-killed', leader: 'LF1' },
      { type: 'morale', corps: 'F1', delta: -2, to: 1 },
      { type: 'successor', corps: 'F1', leader: 'LF2' },
    ],
    leaders: { LF1: { removed: true, hex: null } },
  },
})
add({
  id: '7.1-king-killed-swiss-win',
  rule: '7.1, 14.1',
  description: 'If Francois 1st is killed the Swiss win at once.',
  units: [sw('S-P1', 'swiss-pike', '0504'), sw('S-P2', 'swiss-pike', '0504'), sw('S-P3', 'swiss-pike', '0504'), fr('F-A1', 'aventuriers', '0505', 'N', { wing: 'F3' })],
  leaders: [{ id: 'LK', hex: '0505' }],
  start: { phase: 'melee', active: 'swiss', leaders: { LK: { status: 'injured' } } },
  dice: [6, 4],
  actions: ['hex:0505', 'unit:S-P1', 'unit:S-P2', 'unit:S-P3', 'choice:attack'],
  expect: { outcome: { winner: 0 }, decision: null, events: [{ type: 'leader-killed', leader: 'LK' }, { type: 'game-over', winner: 0 }] },
})
add({
  id: '7.2-bayard-nullifies-cavalry-corps',
  rule: '7.2, 8.3',
  description: 'Bayard stacked with a unit of a demoralised cavalry corps, next to the enemy, nullifies its demoralisation.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  leaders: [{ id: 'LF2', hex: '0505' }],
  morale: { F2: 0 },
  start: FR_MOVE,
  dice: [],
  actions: [],
  expect: { wings: { F2: { demoralised: false, markers: ['heroic'], morale: 0 } }, units: { 'F-G1': { morale: 9 } } },
})
add({
  id: '7.2-heroic-needs-adjacent-enemy',
  rule: '7.2, 8.3',
  description: 'Away from the enemy, Bayard does not nullify the demoralisation; the corps morale is -2 (gendarmes 9 -> 7).',
  units: [fr('F-G1', 'gendarmes', '0507'), sw('S-P1', 'swiss-pike', '0502')],
  leaders: [{ id: 'LF2', hex: '0507' }],
  morale: { F2: 0 },
  start: FR_MOVE,
  dice: [],
  actions: [],
  expect: { wings: { F2: { demoralised: true, markers: ['demoralised'] } }, units: { 'F-G1': { morale: 7 } } },
})
add({
  id: '7.2-bayard-cavalry-only',
  rule: '7.2',
  description: 'Bayard cannot nullify the demoralisation of an infantry corps.',
  units: [fr('F-A1', 'aventuriers', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  leaders: [{ id: 'LF2', hex: '0505' }],
  morale: { F1: 0 },
  start: FR_MOVE,
  dice: [],
  actions: [],
  expect: { wings: { F1: { demoralised: true } } },
})
add({
  id: '7.2-king-any-corps',
  rule: '7.2',
  description: 'Francois 1st nullifies the demoralisation of any corps he is stacked with next to the enemy.',
  units: [fr('F-A1', 'aventuriers', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  leaders: [{ id: 'LK', hex: '0505' }],
  morale: { F1: 0 },
  start: FR_MOVE,
  dice: [],
  actions: [],
  expect: { wings: { F1: { demoralised: false, markers: ['heroic'] } } },
})

// =========================== 2.1 sequence of play ============================================
add({
  id: '2.1-swiss-move-first',
  rule: '2, 2.1',
  description: 'The Swiss player goes first: after the command and reorganisation phases the Swiss movement phase asks the Swiss.',
  units: [fr('F-A1', 'aventuriers', '0507'), sw('S-P1', 'swiss-pike', '0502')],
  dice: [],
  actions: [],
  expect: { turn: 1, phase: 'movement', decision: { player: 0, kind: 'move' } },
})
add({
  id: '2.1-turn-ends-after-french',
  rule: '2, 2.1',
  description: 'When the French player turn ends, the turn advances and the Swiss are active again.',
  units: [fr('F-A1', 'aventuriers', '0507'), sw('S-P1', 'swiss-pike', '0502')],
  start: FR_MELEE,
  dice: [],
  actions: [],
  expect: { turn: 2, phase: 'movement', decision: { player: 0, kind: 'move' } },
})
add({
  id: '2.1-retreat-phase-is-passive',
  rule: '2.1, 11',
  description: 'After the Swiss movement phase, the passive French player decides in the retreat phase (General Retreat Orders for his corps with units on the map).',
  units: [fr('F-A1', 'aventuriers', '0507'), fr('F-G1', 'gendarmes', '0707'), sw('S-P1', 'swiss-pike', '0502')],
  start: SW_MOVE,
  dice: [],
  actions: ['choice:end'],
  expect: { phase: 'retreat', decision: { player: 1, kind: 'retreat', legal: ['choice:end', 'wing:F1', 'wing:F2'] } },
})
add({
  id: '2.1-defensive-then-offensive-fire',
  rule: '2.1, 12',
  description: 'The passive player fires first (defensive fire), then the active player (offensive fire).',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-A1', 'swiss-arq', '0503', 'S', { wing: undefined })],
  start: SW_MOVE,
  dice: [],
  actions: ['choice:end', 'choice:end', { expect: { phase: 'defensive-fire', decision: { player: 1, kind: 'fire', legal: ['unit:F-g1', 'choice:end'] } } }, 'choice:end'],
  expect: { phase: 'offensive-fire', decision: { player: 0, kind: 'fire', legal: ['unit:S-A1', 'choice:end'] } },
})
add({
  id: '2.1-reorganisation-disordered-recover',
  rule: '2.1',
  description: 'In the reorganisation phase disordered units not adjacent to the enemy return to order.',
  units: [fr('F-A1', 'aventuriers', '0507', 'N', { status: 'disordered' }), sw('S-P1', 'swiss-pike', '0502')],
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { status: 'ordered' } }, phase: 'movement' },
})
add({
  id: '2.1-reorganisation-adjacent-stays',
  rule: '2.1',
  description: 'A disordered unit adjacent to an enemy unit stays disordered.',
  units: [fr('F-A1', 'aventuriers', '0505', 'N', { status: 'disordered' }), sw('S-P1', 'swiss-pike', '0504')],
  leaders: [{ id: 'LF1', hex: '0507' }],
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { status: 'disordered' } } },
})
add({
  id: '2.1-reorganisation-rally',
  rule: '2.1, 8.2',
  description: 'A routed unit four or more hexes from the enemy tests (3+3 <= 6) and recovers to disordered; its corps gains a point.',
  units: [fr('F-A1', 'aventuriers', '0507', 'N', { status: 'routed' }), sw('S-P1', 'swiss-pike', '0502')],
  start: { phase: 'command', active: 'french' },
  dice: [3, 3],
  actions: [],
  expect: { units: { 'F-A1': { status: 'disordered' } }, wings: { F1: { morale: 6 } } },
})
add({
  id: '2.1-too-close-to-rally-10.1-exit',
  rule: '2.1, 10.1',
  description: 'A routed unit 3 hexes from the enemy does not test; in the movement phase it routs to the friendly edge and leaves the game (-2).',
  units: [fr('F-A1', 'aventuriers', '0506', 'N', { status: 'routed' }), sw('S-P1', 'swiss-pike', '0503')],
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { status: 'exited', eliminated: true, hex: null } }, wings: { F1: { morale: 3 } }, rolls: 0 },
})

// =========================== 3 facing ===============================================
add({
  id: '3.1-move-into-front-hexes-only',
  rule: '3, 3.1, 9',
  description: 'A unit moves only into its three front hexes; it may pivot to any facing for 1 MP, or (infantry that has not moved) form hedgehog.',
  units: [fr('F-A1', 'aventuriers', '0505'), sw('S-P1', 'swiss-pike', '0501')],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-A1'],
  expect: {
    decision: {
      player: 1,
      kind: 'move-unit',
      legal: ['hex:0504', 'hex:0604', 'hex:0404', 'choice:face-NE', 'choice:face-SE', 'choice:face-S', 'choice:face-SW', 'choice:face-NW', 'choice:hedgehog', 'choice:stop'],
    },
  },
})
add({
  id: '3.1-pivot-costs-one',
  rule: '3.1',
  description: 'Pivoting costs 1 MP whatever the change: aventuriers (4 MP) turn about and then move three hexes.',
  units: [fr('F-A1', 'aventuriers', '0505'), sw('S-P1', 'swiss-pike', '0501')],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-A1', 'choice:face-S', 'hex:0506', 'hex:0507', 'hex:0508'],
  expect: { units: { 'F-A1': { hex: '0508', facing: 'S' } }, decision: { player: 1, kind: 'move' } },
})
add({
  id: '3-stack-adopts-facing-9-friendly-cost',
  rule: '3, 9',
  description: 'A unit entering a friendly hex takes the facing of the units there, and pays 1 extra MP.',
  units: [fr('F-A1', 'aventuriers', '0506'), fr('F-A2', 'aventuriers', '0505', 'NE'), sw('S-P1', 'swiss-pike', '0501')],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-A1', 'hex:0505'],
  expect: { units: { 'F-A1': { hex: '0505', facing: 'NE' } }, events: [{ type: 'moved', unit: 'F-A1', cost: 2 }] },
})
add({
  id: '3.3-routed-defender-plus-4',
  rule: '3, 3.3, 13.2',
  description: 'A routed unit is always attacked from the rear: +4 (which includes the +2 rear). 8 vs 1 = 6/1 (top column); die 1: "*T-3".',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-A1', 'swiss-arq', '0504', 'S', { wing: undefined, status: 'routed' })],
  start: FR_MELEE,
  dice: [1],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack'],
  expect: { events: [{ type: 'melee', odds: '6/1', column: '6/1', modifier: 6, result: '-|*T-3', modifiers: ['better morale +1', 'better protection +1', 'routed defender +4'] }, { type: 'eliminated', unit: 'S-A1' }] },
})
add({
  id: '3.3-hedgehog-has-no-rear',
  rule: '3, 13.2',
  description: 'Infantry in hedgehog faces all round: no rear bonus, but infantry attacking it gets +1. 4 vs 8 = 1/2; -1 morale +1 = 0; die 3: attacker Test -1.',
  units: [fr('F-A1', 'aventuriers', '0505'), sw('S-P1', 'swiss-pike', '0504', 'N')],
  start: { ...FR_MELEE, units: { 'S-P1': { markers: ['hedgehog'] } } },
  dice: [3, 1, 1],
  actions: ['hex:0504', 'unit:F-A1', 'choice:attack'],
  expect: { events: [{ type: 'melee', odds: '1/2', column: '1/2', modifier: 0, result: 'T-1|-', modifiers: ['better morale (defender) -1', 'infantry against hedgehog +1'] }] },
})
add({
  id: '3.3-rear-attack-plus-2',
  rule: '3.3, 13.2',
  description: 'Attacking into the rear of a unit: +2. 8 vs 8 = 1/1; +1 +1 +2 = +4: two shifts to 3/1; die 1: attacker T, defender T-1.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike', '0504', 'N')],
  start: FR_MELEE,
  dice: [1, 6, 6, 1, 1],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack'],
  expect: {
    events: [
      { type: 'melee', column: '3/1', modifier: 4, result: 'T|T-1', modifiers: ['better morale +1', 'better protection +1', 'rear attack +2'] },
      { type: 'test', unit: 'S-P1', mod: -1, passed: false },
      { type: 'test', unit: 'F-G1', mod: 0, passed: true },
    ],
    units: { 'S-P1': { status: 'disordered' } },
  },
})
add({
  id: '3.3-melee-front-only',
  rule: '3.3, 13.1',
  description: 'A unit only attacks into its front hexes: gendarmes facing away from the Swiss do not attack, and the turn goes on.',
  units: [fr('F-G1', 'gendarmes', '0505', 'S'), sw('S-P1', 'swiss-pike', '0504')],
  start: FR_MELEE,
  dice: [],
  actions: [],
  expect: { turn: 2, decision: { player: 0, kind: 'move' } },
})
add({
  id: '3.2-fire-front-only',
  rule: '3.2, 12.2',
  description: 'A unit fires only into its front: of two arquebusier units two hexes away, only the one ahead is a target.',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-A1', 'swiss-arq', '0503', 'S', { wing: undefined }), sw('S-A2', 'swiss-arq', '0507', 'N', { wing: undefined })],
  start: FR_OFIRE,
  dice: [],
  actions: ['unit:F-g1'],
  expect: { decision: { player: 1, kind: 'fire-target', legal: ['hex:0503'] } },
})
add({
  id: '3.2-hedgehog-cannot-fire',
  rule: '3.2, 12.3',
  description: 'A unit in hedgehog cannot fire.',
  units: [fr('F-A1', 'aventuriers', '0504'), fr('F-g1', 'gascons', '0603', 'NW'), sw('S-A1', 'swiss-arq', '0503', 'S', { wing: undefined })],
  start: { ...FR_OFIRE, units: { 'F-A1': { markers: ['hedgehog'] } } },
  dice: [],
  actions: [],
  expect: { decision: { player: 1, kind: 'fire', legal: ['unit:F-g1', 'choice:end'] } },
})

// =========================== 4 zones of control =============================================
add({
  id: '4-routed-units-no-zoc',
  rule: '4',
  description: 'Routed units exert no ZOC: gendarmes move in front of a routed unit without a commitment test.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-A1', 'swiss-arq', '0503', 'S', { wing: undefined, status: 'routed' })],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-G1', 'hex:0504'],
  expect: { units: { 'F-G1': { hex: '0504' } }, rolls: 0, decision: { player: 1, kind: 'move-unit', subject: 'F-G1' } },
})
add({
  id: '4.1-infantry-cannot-leave-zoc',
  rule: '4.1',
  description: 'Infantry in an enemy ZOC cannot leave it (the free front hex 0605 is not legal).',
  units: [fr('F-A1', 'aventuriers', '0505', 'NE'), sw('S-P1', 'swiss-pike', '0504')],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-A1'],
  expect: { decision: { player: 1, kind: 'move-unit', legalExcludes: ['hex:0605', 'hex:0604'], legalIncludes: ['choice:stop'] } },
})
add({
  id: '4.1-cavalry-leaves-infantry-zoc',
  rule: '4.1',
  description: 'Cavalry facing infantry only may leave the ZOC, but never straight into another enemy ZOC hex.',
  units: [fr('F-G1', 'gendarmes', '0505', 'NE'), sw('S-P1', 'swiss-pike', '0504')],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-G1'],
  expect: { decision: { player: 1, kind: 'move-unit', legalIncludes: ['hex:0605'], legalExcludes: ['hex:0604'] } },
})
add({
  id: '4.1-cavalry-cannot-leave-cavalry-zoc',
  rule: '4.1',
  description: 'Cavalry in the ZOC of enemy cavalry cannot leave it.',
  units: [fr('F-G1', 'gendarmes', '0505', 'NE'), sw('S-M1', 'milan-cav', '0504', 'S', { wing: undefined })],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-G1'],
  expect: { decision: { player: 1, kind: 'move-unit', legalExcludes: ['hex:0605', 'hex:0604'] } },
})
add({
  id: '4.1-swiss-arquebusiers-leave-infantry-zoc',
  rule: '4.1',
  description: 'Swiss arquebusiers facing infantry only may leave the ZOC.',
  units: [fr('F-A1', 'aventuriers', '0503', 'S'), sw('S-A1', 'swiss-arq', '0504', 'NE', { wing: undefined })],
  start: SW_MOVE,
  dice: [],
  actions: ['unit:S-A1'],
  expect: { decision: { player: 0, kind: 'move-unit', legalIncludes: ['hex:0604'] } },
})
add({
  id: '4.2-rout-blocked-eliminated',
  rule: '4.2, 10.1',
  description: 'A routed unit whose only way to its edge is blocked is eliminated (-2 to its corps).',
  units: [fr('F-A1', 'aventuriers', '0507', 'N', { status: 'routed' }), sw('S-P1', 'swiss-pike', '0508', 'N')],
  leaders: [{ id: 'LF1', hex: '0101' }, { id: 'LS1', hex: '0801' }],
  start: { phase: 'rout', active: 'french' },
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { status: 'eliminated' } }, wings: { F1: { morale: 3 } } },
})
add({
  id: '4.3-command-chain-blocked-by-zoc',
  rule: '4.3, 6.1',
  description: 'The chain of command cannot pass through an enemy ZOC hex without a friendly unit: the unit two hexes from its commander is out of command.',
  units: [fr('F-A1', 'aventuriers', '0506'), fr('F-A2', 'aventuriers', '0508'), sw('S-P1', 'swiss-pike', '0606', 'SW')],
  leaders: [{ id: 'LF1', hex: '0508', range: 2 }],
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { outOfCommand: true }, 'F-A2': { outOfCommand: false } } },
})
add({
  id: '6.1-in-command',
  rule: '6.1',
  description: 'Without the enemy ZOC, the same unit is within command range.',
  units: [fr('F-A1', 'aventuriers', '0506'), fr('F-A2', 'aventuriers', '0508'), sw('S-P1', 'swiss-pike', '0601', 'N')],
  leaders: [{ id: 'LF1', hex: '0508', range: 2 }],
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { outOfCommand: false } } },
})

// =========================== 5 stacking ===============================================
add({
  id: '5.2-no-third-infantry',
  rule: '5, 5.2',
  description: 'French stacking: at most two infantry units in a hex.',
  units: [fr('F-A1', 'aventuriers', '0505'), fr('F-A2', 'aventuriers', '0505'), fr('F-A3', 'aventuriers', '0506'), sw('S-P1', 'swiss-pike', '0501')],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-A3'],
  expect: { decision: { kind: 'move-unit', legalExcludes: ['hex:0505'], legalIncludes: ['hex:0605', 'hex:0405'] } },
})
add({
  id: '5.2-no-cavalry-with-infantry',
  rule: '5.2',
  description: 'French stacking: cavalry never stacks with infantry; artillery may join one or two infantry.',
  units: [fr('F-A1', 'aventuriers', '0505'), fr('F-G1', 'gendarmes', '0506'), fr('F-C1', 'cannon', '0405', 'NE'), sw('S-P1', 'swiss-pike', '0501')],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-G1', { expect: { decision: { kind: 'move-unit', legalExcludes: ['hex:0505'] } } }, 'choice:stop', 'unit:F-C1'],
  expect: { decision: { kind: 'move-unit', legalIncludes: ['hex:0505'] } },
})
add({
  id: '5.1-swiss-three-pikes',
  rule: '5.1',
  description: 'Swiss stacking: up to three pikemen units; a fourth may not enter.',
  units: [sw('S-P1', 'swiss-pike', '0504'), sw('S-P2', 'swiss-pike', '0504'), sw('S-P3', 'swiss-pike', '0504'), sw('S-P4', 'swiss-pike', '0503'), fr('F-A1', 'aventuriers', '0508')],
  start: SW_MOVE,
  dice: [],
  actions: ['unit:S-P4'],
  expect: { decision: { kind: 'move-unit', legalExcludes: ['hex:0504'], legalIncludes: ['hex:0603', 'hex:0403'] } },
})
add({
  id: '5.1-swiss-arquebusiers-with-one-pike',
  rule: '5.1',
  description: 'Swiss stacking: one arquebusier unit may join one pike unit, not two.',
  units: [sw('S-P1', 'swiss-pike', '0504'), sw('S-P2', 'swiss-pike', '0504'), sw('S-P3', 'swiss-pike', '0603'), sw('S-A1', 'swiss-arq', '0503', 'S', { wing: undefined }), fr('F-A1', 'aventuriers', '0508')],
  start: SW_MOVE,
  dice: [],
  actions: ['unit:S-A1'],
  expect: { decision: { kind: 'move-unit', legalExcludes: ['hex:0504'], legalIncludes: ['hex:0603'] } },
})

// =========================== 6.2 out of command ========================================
add({
  id: '6.2-out-of-command-moves-toward-commander',
  rule: '6.2',
  description: 'An out-of-command unit may only move to hexes closer to its commander.',
  units: [fr('F-A1', 'aventuriers', '0505'), sw('S-P1', 'swiss-pike', '0801')],
  leaders: [{ id: 'LF1', hex: '0502' }],
  start: { ...FR_MOVE, units: { 'F-A1': { markers: ['out-of-command'] } } },
  dice: [],
  actions: ['unit:F-A1'],
  expect: { decision: { kind: 'move-unit', legalIncludes: ['hex:0504', 'choice:face-S'], legalExcludes: ['hex:0604', 'hex:0404'] } },
})
add({
  id: '6.2-out-of-command-not-next-to-enemy',
  rule: '6.2',
  description: 'An out-of-command unit may not move next to an enemy unit, even toward its commander.',
  units: [fr('F-A1', 'aventuriers', '0505'), sw('S-P1', 'swiss-pike', '0503', 'N')],
  leaders: [{ id: 'LF1', hex: '0502' }],
  start: { ...FR_MOVE, units: { 'F-A1': { markers: ['out-of-command'] } } },
  dice: [],
  actions: ['unit:F-A1'],
  expect: { decision: { kind: 'move-unit', legalExcludes: ['hex:0504', 'hex:0604', 'hex:0404'] } },
})
add({
  id: '6.2-out-of-command-no-offensive-fire',
  rule: '6.2',
  description: 'An out-of-command unit may not fire in the offensive fire phase.',
  units: [fr('F-g1', 'gascons', '0505'), fr('F-g2', 'gascons', '0604', 'NW'), sw('S-A1', 'swiss-arq', '0503', 'S', { wing: undefined })],
  start: { ...FR_OFIRE, units: { 'F-g1': { markers: ['out-of-command'] } } },
  dice: [],
  actions: [],
  expect: { decision: { kind: 'fire', legal: ['unit:F-g2', 'choice:end'] } },
})
add({
  id: '6.2-out-of-command-defensive-fire-zoc-only',
  rule: '6.2',
  description: 'In defensive fire an out-of-command unit may only fire at an enemy in its ZOC.',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-A1', 'swiss-arq', '0504', 'N', { wing: undefined }), sw('S-A2', 'swiss-arq', '0603', 'S', { wing: undefined })],
  start: { phase: 'defensive-fire', active: 'swiss', units: { 'F-g1': { markers: ['out-of-command'] } } },
  dice: [],
  actions: ['unit:F-g1'],
  expect: { decision: { kind: 'fire-target', legal: ['hex:0504'] } },
})

// ================================ writing ==============================================
const dir = new URL('../fixtures/marignan/', import.meta.url)
mkdirSync(dir, { recursive: true })
for (const f of readdirSync(dir)) if (f.endsWith('.json')) rmSync(new URL(f, dir))
for (const d of defs) {
  const fx = {
    format: 'tercio-fixture/1',
    id: `marignan-${d.id}`,
    ruleset: 'marignan',
    rule: d.rule,
    description: d.description,
    scenario: scenario(d),
    ...(d.start ? { start: d.start } : {}),
    seed: 1,
    dice: d.dice,
    actions: d.actions,
    expect: d.expect,
  }
  writeFileSync(new URL(`${d.id}.json`, dir), JSON.stringify(fx, null, 1) + '\n')
}
console.log(`wrote ${defs.length} fixtures`)
