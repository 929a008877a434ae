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
    { expect: { units: { 'F-G1': { hex: '0506' }, 'F-G2': { hex: '0505', charge: true } }, decision: { player: 0, kind: 'hedgehog', subject: 'S-P1', legal: ['choice:hedgehog', 'choice:test'] } } },
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
  actions: ['hex:0505', 'unit:S-P1', 'unit:S-P2', 'unit:S-P3', 'choice:attack', { expect: { decision: { player: 0, kind: 'advance' } } }, 'choice:end', { expect: { decision: { player: 1, kind: 'successor', subject: 'F1', legal: ['unit:LF2', 'unit:LK'] } } }, 'unit:LF2'],
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
  description:
    'After the Swiss movement phase, the passive French player decides in the retreat phase: General Retreat Orders for his corps with units on the map, and the retreat of his gendarmes (11: cavalry not in the ZOC of enemy cavalry may attempt it, near the enemy or not).',
  units: [fr('F-A1', 'aventuriers', '0507'), fr('F-G1', 'gendarmes', '0707'), sw('S-P1', 'swiss-pike', '0502')],
  start: SW_MOVE,
  dice: [],
  actions: ['choice:end'],
  expect: { phase: 'retreat', decision: { player: 1, kind: 'retreat', legal: ['choice:end', 'wing:F1', 'wing:F2', 'unit:F-G1'] } },
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


// =========================== 8 corps morale ===========================================
const ARQ = { wing: undefined }
const SW_OFIRE = { phase: 'offensive-fire', active: 'swiss' }
add({
  id: '8.1-swiss-pike-never-routs',
  rule: '8.1, 10',
  description: 'Disordered Swiss pikemen failing a combat test stay in place: the army loses 1 for the failed combat test and 1 for the rout avoided. Gascon 4 adjacent, die 3: T; 6+6 fails.',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-P1', 'swiss-pike', '0504', 'S', { status: 'disordered' })],
  start: FR_OFIRE,
  dice: [3, 6, 6],
  actions: ['unit:F-g1', 'hex:0504', 'choice:fire'],
  expect: { units: { 'S-P1': { status: 'disordered', hex: '0504' } }, events: [{ type: 'fired', result: 'T' }, { type: 'morale', delta: -1, to: 39 }, { type: 'morale', delta: -1, to: 38 }] },
})
add({
  id: '8.1-arquebusiers-rout-and-cost-morale',
  rule: '8.1, 10, 10.1',
  description: 'Swiss arquebusiers rout normally but cost the army a point (plus 1 for the failed combat test, plus 2 when they leave the map by the north edge).',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-A1', 'swiss-arq', '0504', 'S', { ...ARQ, status: 'disordered' })],
  start: FR_OFIRE,
  dice: [4, 6, 6],
  // 10.1: from an odd column NW, N and NE all lead one row nearer the north edge at the same cost:
  // the Swiss player chooses each step of the rout among them
  actions: [
    'unit:F-g1',
    'hex:0504',
    'choice:fire',
    { expect: { decision: { player: 0, kind: 'rout-hex', subject: 'S-A1', legal: ['hex:0403', 'hex:0503', 'hex:0603'] } } },
    'hex:0503',
    { expect: { decision: { player: 0, kind: 'rout-hex', subject: 'S-A1', legal: ['hex:0402', 'hex:0502', 'hex:0602'] } } },
    'hex:0502',
    'hex:0501',
  ],
  expect: {
    units: { 'S-A1': { status: 'exited', eliminated: true } },
    events: [{ type: 'rout-move', unit: 'S-A1', path: ['0503'] }, { type: 'rout-move', unit: 'S-A1', path: ['0502'] }, { type: 'rout-move', unit: 'S-A1', path: ['0501'] }, { type: 'morale', delta: -2, to: 36 }],
  },
})
add({
  id: '8.1-capture-place',
  rule: '8.1',
  description: 'The Swiss capture a named village: +2 to the army morale.',
  units: [sw('S-P1', 'swiss-pike', '0503'), fr('F-A1', 'aventuriers', '0508')],
  terrain: { '0504': 'village' },
  places: [{ name: 'Zivido', hexes: ['0504'] }],
  start: SW_MOVE,
  dice: [],
  actions: ['unit:S-P1', 'hex:0504'],
  expect: { events: [{ type: 'captured', place: 'Zivido' }, { type: 'morale', corps: 'swiss-army', delta: 2, to: 42 }], wings: { S1: { morale: 42 } } },
})
add({
  id: '8.1-capture-counts-once',
  rule: '8.1',
  description: 'A place already captured gives nothing the second time.',
  units: [sw('S-P1', 'swiss-pike', '0503'), fr('F-A1', 'aventuriers', '0508')],
  terrain: { '0504': 'village' },
  places: [{ name: 'Zivido', hexes: ['0504'] }],
  start: { ...SW_MOVE, captured: ['Zivido'] },
  dice: [],
  actions: ['unit:S-P1', 'hex:0504'],
  expect: { wings: { S1: { morale: 40 } }, units: { 'S-P1': { hex: '0504' } } },
})
add({
  id: '8.1-fortifications-abandoned',
  rule: '8.1',
  description: 'No French unit next to the printed fortifications: the Swiss army gains 2, once.',
  units: [sw('S-P1', 'swiss-pike', '0502'), fr('F-A1', 'aventuriers', '0508')],
  hexsides: [{ hexes: ['0304', '0305'], feature: 'fortification' }],
  start: { phase: 'command', active: 'swiss', turn: 2 },
  dice: [],
  actions: [],
  expect: { wings: { S1: { morale: 42 } } },
})
// 8.1 gives no moment for the fortification bonus: it is looked at as each Swiss player turn
// begins, the first one included (a free French deployment may leave the entrenchments empty).
add({
  id: '8.1-fortifications-empty-from-the-start',
  rule: '8.1, 14.1',
  description: 'No French unit next to the printed fortifications when the first Swiss player turn begins: the Swiss army gains 2 at once.',
  units: [sw('S-P1', 'swiss-pike', '0502'), fr('F-A1', 'aventuriers', '0508')],
  hexsides: [{ hexes: ['0304', '0305'], feature: 'fortification' }],
  start: { phase: 'command', active: 'swiss', turn: 1 },
  dice: [],
  actions: [],
  expect: { turn: 1, wings: { S1: { morale: 42 } } },
})
add({
  id: '8.1-fortifications-held',
  rule: '8.1',
  description: 'A French unit at the fortifications: no gain.',
  units: [sw('S-P1', 'swiss-pike', '0502'), fr('F-A1', 'aventuriers', '0305')],
  hexsides: [{ hexes: ['0304', '0305'], feature: 'fortification' }],
  start: { phase: 'command', active: 'swiss', turn: 2 },
  dice: [],
  actions: [],
  expect: { wings: { S1: { morale: 40 } } },
})
add({
  id: '8.2-french-rout-and-exit',
  rule: '8.2, 10, 10.1',
  description: 'A French unit that routs costs its corps 1; routing off the south edge costs 2 more (5 -> 4 -> 2).',
  units: [sw('S-A1', 'swiss-arq', '0504', 'S', ARQ), fr('F-A1', 'aventuriers', '0505', 'N', { status: 'disordered' })],
  start: SW_OFIRE,
  dice: [3, 6, 6],
  actions: ['unit:S-A1', 'hex:0505', 'choice:fire'],
  expect: { units: { 'F-A1': { status: 'exited' } }, wings: { F1: { morale: 2 } }, events: [{ type: 'morale', corps: 'F1', delta: -1, to: 4 }, { type: 'morale', corps: 'F1', delta: -2, to: 2 }] },
})
add({
  id: '8.3-demoralised-morale-minus-2',
  rule: '8, 8.3',
  description: 'A corps at 0 is demoralised: its units test at morale -2.',
  units: [fr('F-A1', 'aventuriers', '0507'), sw('S-P1', 'swiss-pike', '0502')],
  morale: { F1: 0 },
  start: FR_MOVE,
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { morale: 4 } }, wings: { F1: { demoralised: true, markers: ['demoralised'] } } },
})
add({
  id: '8.3-demoralised-no-zoc-entry',
  rule: '8.3',
  description: 'Units of a demoralised corps may not enter an enemy ZOC voluntarily.',
  units: [fr('F-A1', 'aventuriers', '0506'), sw('S-P1', 'swiss-pike', '0504')],
  morale: { F1: 0 },
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-A1'],
  expect: { decision: { kind: 'move-unit', legalExcludes: ['hex:0505'], legalIncludes: ['hex:0405', 'hex:0605'] } },
})
add({
  id: '8.3-demoralised-fire-minus-2',
  rule: '8.3, 12.4',
  description: 'A stack with a unit of a demoralised corps fires at -2: Gascon 4 shifts from 4-5 to 2-3; die 5: T.',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  morale: { F1: 0 },
  start: FR_OFIRE,
  dice: [5, 1, 1],
  actions: ['unit:F-g1', 'hex:0504', 'choice:fire'],
  expect: { events: [{ type: 'fired', column: '2-3', modifier: -2, shift: -1, result: 'T' }] },
})
add({
  id: '8.3-demoralised-stays-disordered',
  rule: '8.3',
  description: 'A disordered unit of a demoralised corps does not return to order.',
  units: [fr('F-A1', 'aventuriers', '0507', 'N', { status: 'disordered' }), sw('S-P1', 'swiss-pike', '0502')],
  morale: { F1: 0 },
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { status: 'disordered' } } },
})
add({
  id: '8.3-demoralised-routed-no-rally',
  rule: '8.3',
  description: 'A routed unit of a demoralised corps does not rally (no test) and keeps routing.',
  units: [fr('F-A1', 'aventuriers', '0505', 'N', { status: 'routed' }), sw('S-P1', 'swiss-pike', '0501')],
  morale: { F1: 0 },
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { status: 'exited' } }, rolls: 0 },
})

// =========================== 9 movement ===============================================
add({
  id: '9-one-hex-minimum',
  rule: '9, 9.1',
  description: 'A unit may always move one hex as its only move: a cannon (2 MP) enters dense cultivation (3 MP) and tests for disorder.',
  units: [fr('F-C1', 'cannon', '0505'), sw('S-P1', 'swiss-pike', '0501')],
  terrain: { '0504': 'dense' },
  start: FR_MOVE,
  dice: [1, 1],
  actions: ['unit:F-C1', 'hex:0504'],
  expect: { units: { 'F-C1': { hex: '0504', status: 'ordered' } }, events: [{ type: 'moved', unit: 'F-C1', cost: 3 }], decision: { kind: 'move' } },
})
add({
  id: '9-allowance-limits-later-moves',
  rule: '9',
  description: 'After a first move, a hex costing more than the MP left may not be entered.',
  units: [fr('F-C1', 'cannon', '0505'), sw('S-P1', 'swiss-pike', '0501')],
  terrain: { '0503': 'dense' },
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-C1', 'hex:0504'],
  expect: { decision: { kind: 'move-unit', legalExcludes: ['hex:0503'], legalIncludes: ['hex:0603', 'hex:0403'] } },
})
add({
  id: '9-artillery-never-crosses-canal',
  rule: '9',
  description: 'Artillery may not cross the canal except at a bridge.',
  units: [fr('F-C1', 'cannon', '0505'), sw('S-P1', 'swiss-pike', '0501')],
  hexsides: [{ hexes: ['0504', '0505'], feature: 'canal' }],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-C1'],
  expect: { decision: { kind: 'move-unit', legalExcludes: ['hex:0504'], legalIncludes: ['hex:0604'] } },
})
add({
  id: '9-canal-crossing-cost-and-test',
  rule: '9, 9.1',
  description: 'Crossing the canal costs 2 more MP and infantry tests for disorder.',
  units: [fr('F-A1', 'aventuriers', '0505'), sw('S-P1', 'swiss-pike', '0501')],
  hexsides: [{ hexes: ['0504', '0505'], feature: 'canal' }],
  start: FR_MOVE,
  dice: [1, 1],
  actions: ['unit:F-A1', 'hex:0504'],
  expect: { events: [{ type: 'moved', unit: 'F-A1', cost: 3 }, { type: 'test', unit: 'F-A1', why: 'terrain', passed: true }] },
})
add({
  id: '9-bridge-carries-artillery',
  rule: '9',
  description: 'A bridge lets artillery cross the canal along the road.',
  units: [fr('F-C1', 'cannon', '0505'), sw('S-P1', 'swiss-pike', '0501')],
  hexsides: [
    { hexes: ['0504', '0505'], feature: 'canal' },
    { hexes: ['0504', '0505'], feature: 'bridge' },
  ],
  roads: [['0505', '0504']],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-C1', 'hex:0504'],
  expect: { units: { 'F-C1': { hex: '0504' } }, events: [{ type: 'moved', cost: 1 }] },
})
add({
  id: '9-road-movement',
  rule: '9',
  description: 'Along the road a unit pays the road cost (1), not the dense cultivation, and takes no terrain test.',
  units: [fr('F-G1', 'gendarmes', '0506'), sw('S-P1', 'swiss-pike', '0501')],
  terrain: { '0505': 'dense', '0504': 'dense' },
  roads: [['0506', '0505', '0504']],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-G1', 'hex:0505', 'hex:0504'],
  expect: { units: { 'F-G1': { hex: '0504', status: 'ordered' } }, rolls: 0, events: [{ type: 'moved', cost: 1 }, { type: 'moved', cost: 1 }] },
})
add({
  id: '9-stack-moved-unit-by-unit-arrives-together',
  rule: '5, 9',
  description:
    'Two aventuriers (4 MP) stacked in 0508 move "as a stack" (9) four clear hexes north, one after the other. The second enters 0504, where its stack-mate stopped, with its last MP: moved as one the stack entered no friendly-occupied hex, so neither pays the +1.',
  units: [fr('F-A1', 'aventuriers', '0508'), fr('F-A2', 'aventuriers', '0508'), sw('S-P1', 'swiss-pike', '0501')],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-A1', 'hex:0507', 'hex:0506', 'hex:0505', 'hex:0504', 'unit:F-A2', 'hex:0507', 'hex:0506', 'hex:0505', 'hex:0504'],
  expect: {
    units: { 'F-A1': { hex: '0504', facing: 'N' }, 'F-A2': { hex: '0504', facing: 'N' } },
    events: [{ type: 'moved', unit: 'F-A2', to: '0505', cost: 1 }, { type: 'moved', unit: 'F-A2', to: '0504', cost: 1 }],
  },
})
add({
  id: '9-joining-a-unit-from-another-hex-pays',
  rule: '9',
  description:
    'F-A1 (from 0507) stops in 0504; F-A3 (4 MP) began the phase in 0508, not in its hex, so entering 0504 costs 1 more MP (9): after three clear hexes its last MP cannot pay 2, while the clear hexes beside 0504 (1 MP) stay open.',
  units: [fr('F-A1', 'aventuriers', '0507'), fr('F-A3', 'aventuriers', '0508'), sw('S-P1', 'swiss-pike', '0501')],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-A1', 'hex:0506', 'hex:0505', 'hex:0504', 'choice:stop', 'unit:F-A3', 'hex:0507', 'hex:0506', 'hex:0505'],
  expect: { decision: { player: 1, kind: 'move-unit', legalExcludes: ['hex:0504'], legalIncludes: ['hex:0404', 'hex:0604'] } },
})
add({
  id: '9.1-automatic-disorder',
  rule: '9.1',
  description: 'Cavalry entering a farm is disordered automatically (Terrain Table).',
  units: [fr('F-G1', 'gendarmes', '0506'), sw('S-P1', 'swiss-pike', '0501')],
  terrain: { '0505': 'farm' },
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-G1', 'hex:0505'],
  expect: { units: { 'F-G1': { status: 'disordered' } }, rolls: 0, events: [{ type: 'moved', cost: 3 }] },
})
add({
  id: '9.1-terrain-test-failed',
  rule: '9.1',
  description: 'Cavalry entering dense cultivation tests: 6+6 fails, it is disordered (never routed by terrain).',
  units: [fr('F-G1', 'gendarmes', '0506'), sw('S-P1', 'swiss-pike', '0501')],
  terrain: { '0505': 'dense' },
  start: FR_MOVE,
  dice: [6, 6],
  actions: ['unit:F-G1', 'hex:0505'],
  expect: { units: { 'F-G1': { status: 'disordered' } } },
})
add({
  id: '9.1-disordered-no-terrain-test',
  rule: '9.1',
  description: 'A unit already disordered takes no terrain test.',
  units: [fr('F-G1', 'gendarmes', '0506', 'N', { status: 'disordered' }), sw('S-P1', 'swiss-pike', '0501')],
  terrain: { '0505': 'dense' },
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-G1', 'hex:0505'],
  expect: { units: { 'F-G1': { status: 'disordered', hex: '0505' } }, rolls: 0 },
})
add({
  id: '9.1-swiss-arquebusiers-exempt',
  rule: '9.1',
  description: 'Swiss arquebusiers are skirmishers: no terrain disorder.',
  units: [sw('S-A1', 'swiss-arq', '0503', 'S', ARQ), fr('F-A1', 'aventuriers', '0508')],
  terrain: { '0504': 'farm' },
  start: SW_MOVE,
  dice: [],
  actions: ['unit:S-A1', 'hex:0504'],
  expect: { units: { 'S-A1': { status: 'ordered', hex: '0504' } }, rolls: 0 },
})
add({
  id: '9.2-swiss-pike-commit-automatically',
  rule: '9.2',
  description: 'Swiss pikemen enter an enemy ZOC without a test, then stop; the French unit they commit tests (3+3 <= 6).',
  units: [sw('S-P1', 'swiss-pike', '0503'), fr('F-A1', 'aventuriers', '0505')],
  start: SW_MOVE,
  dice: [3, 3],
  actions: ['unit:S-P1', 'hex:0504'],
  expect: { rolls: 2, events: [{ type: 'committed', unit: 'F-A1' }, { type: 'test', unit: 'F-A1', why: 'commitment', passed: true }], decision: { player: 0, kind: 'move' } },
})
add({
  id: '9.2-committed-from-rear',
  rule: '9.2',
  description: 'A unit committed from its rear tests at -2 (7-2 = 5, 3+3 fails: disordered). Entering the rear of a unit is not entering its ZOC: no test for the mover.',
  units: [fr('F-G1', 'gendarmes', '0506'), sw('S-A1', 'swiss-arq', '0504', 'N', ARQ)],
  start: FR_MOVE,
  dice: [3, 3],
  actions: ['unit:F-G1', 'hex:0505'],
  expect: { units: { 'S-A1': { status: 'disordered' } }, events: [{ type: 'committed', unit: 'S-A1', rear: true }, { type: 'test', unit: 'S-A1', mod: -2, passed: false }], wings: { S1: { morale: 40 } } },
})
add({
  id: '9.2-committed-unit-disordered-routs',
  rule: '9.2, 10',
  description: 'A disordered French unit failing its commitment test routs (corps -1) and immediately routs toward its edge.',
  units: [sw('S-P1', 'swiss-pike', '0503'), fr('F-A1', 'aventuriers', '0505', 'N', { status: 'disordered' })],
  start: SW_MOVE,
  dice: [6, 6],
  actions: ['unit:S-P1', 'hex:0504'],
  expect: { units: { 'F-A1': { status: 'exited' } }, events: [{ type: 'status-changed', unit: 'F-A1', to: 'routed' }, { type: 'rout-move', unit: 'F-A1', path: ['0506', '0507', '0508'] }] },
})
add({
  id: '9.3-no-charge-against-village',
  rule: '9.3',
  description: 'No charge against a unit in a village, even by road.',
  units: [fr('F-G1', 'gendarmes', '0506'), sw('S-P1', 'swiss-pike', '0504')],
  terrain: { '0504': 'village' },
  roads: [['0506', '0505', '0504']],
  start: FR_MOVE,
  dice: [2, 2, 2, 2],
  actions: ['unit:F-G1', 'hex:0505', 'choice:test'],
  expect: { units: { 'F-G1': { hex: '0505', charge: false } } },
})
add({
  id: '9.3-no-charge-across-ditch',
  rule: '9.3',
  description: 'No charge against a unit across a course of water.',
  units: [fr('F-G1', 'gendarmes', '0506'), sw('S-P1', 'swiss-pike', '0504')],
  hexsides: [{ hexes: ['0504', '0505'], feature: 'ditch' }],
  roads: [['0506', '0505']],
  start: FR_MOVE,
  dice: [2, 2, 2, 2],
  actions: ['unit:F-G1', 'hex:0505', 'choice:test'],
  expect: { units: { 'F-G1': { hex: '0505', charge: false } } },
})
add({
  id: '9.3-charge-cancelled-by-hedgehog',
  rule: '9.3, 9.4, 13.2',
  description: 'The charge bonus does not apply against a hedgehog: 8 vs 8, +1 +1 = 2/1; die 1: attacker T-1, defender T.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  start: { ...FR_MELEE, units: { 'F-G1': { markers: ['charge'] }, 'S-P1': { markers: ['hedgehog'] } } },
  dice: [1, 1, 1, 1, 1],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack'],
  expect: { events: [{ type: 'melee', column: '2/1', modifier: 2, result: 'T-1|T', modifiers: ['better morale +1', 'better protection +1'] }] },
})
add({
  id: '9.4-hedgehog-against-cavalry',
  rule: '9.4',
  description: 'Infantry in order committed by cavalry may attempt hedgehog: on a success it takes no commitment test.',
  units: [fr('F-G1', 'gendarmes', '0506'), sw('S-P1', 'swiss-pike', '0504')],
  start: FR_MOVE,
  dice: [2, 2, 2, 2],
  actions: ['unit:F-G1', 'hex:0505', 'choice:hedgehog'],
  expect: { units: { 'S-P1': { hedgehog: true, status: 'ordered' } }, rolls: 4, events: [{ type: 'hedgehog', unit: 'S-P1', on: true }] },
})
add({
  id: '9.4-stack-all-must-succeed',
  rule: '9.4',
  description: 'Stacked infantry form hedgehog only if all succeed: one fails, neither is in hedgehog, both take the commitment test.',
  units: [fr('F-G1', 'gendarmes', '0506'), sw('S-P1', 'swiss-pike', '0504'), sw('S-P2', 'swiss-pike', '0504')],
  start: FR_MOVE,
  dice: [2, 2, 2, 2, 6, 6, 2, 2, 2, 2],
  actions: ['unit:F-G1', 'hex:0505', 'choice:hedgehog'],
  expect: { units: { 'S-P1': { hedgehog: false }, 'S-P2': { hedgehog: false } }, events: [{ type: 'test', unit: 'S-P2', why: 'hedgehog', passed: false }, { type: 'test', unit: 'S-P1', why: 'commitment' }, { type: 'test', unit: 'S-P2', why: 'commitment' }] },
})
add({
  id: '9.4-voluntary-hedgehog',
  rule: '9.4',
  description: 'Infantry that does not move in its own movement phase may form hedgehog without a test.',
  units: [sw('S-P1', 'swiss-pike', '0503'), fr('F-A1', 'aventuriers', '0508')],
  start: SW_MOVE,
  dice: [],
  actions: ['unit:S-P1', 'choice:hedgehog'],
  expect: { units: { 'S-P1': { hedgehog: true } }, rolls: 0 },
})
add({
  id: '9.4-no-hedgehog-after-moving',
  rule: '9.4',
  description: 'A unit that has moved cannot form hedgehog this phase.',
  units: [sw('S-P1', 'swiss-pike', '0503'), fr('F-A1', 'aventuriers', '0508')],
  start: SW_MOVE,
  dice: [],
  actions: ['unit:S-P1', 'hex:0504'],
  expect: { decision: { kind: 'move-unit', legalExcludes: ['choice:hedgehog'] } },
})
add({
  id: '9.4-hedgehog-cannot-move',
  rule: '9.4',
  description: 'A unit in hedgehog cannot move.',
  units: [sw('S-P1', 'swiss-pike', '0503'), sw('S-P2', 'swiss-pike', '0303'), fr('F-A1', 'aventuriers', '0508')],
  start: { ...SW_MOVE, units: { 'S-P1': { markers: ['hedgehog'] } } },
  dice: [],
  actions: [],
  expect: { decision: { kind: 'move', legalExcludes: ['unit:S-P1'], legalIncludes: ['unit:S-P2'] } },
})
add({
  id: '9.4-hedgehog-removal',
  rule: '9.4, 2.1',
  description: 'After all movement the owner may remove hedgehog markers.',
  units: [sw('S-P1', 'swiss-pike', '0503'), fr('F-A1', 'aventuriers', '0508')],
  start: { ...SW_MOVE, units: { 'S-P1': { markers: ['hedgehog'] } } },
  dice: [],
  actions: ['choice:end', { expect: { decision: { player: 0, kind: 'unhedge', legal: ['unit:S-P1', 'choice:end'] } } }, 'unit:S-P1'],
  expect: { units: { 'S-P1': { hedgehog: false } } },
})
add({
  id: '9.4-arquebusiers-never-hedgehog',
  rule: '9.4',
  description: 'Swiss arquebusiers committed by cavalry cannot attempt hedgehog: they test at once.',
  units: [fr('F-G1', 'gendarmes', '0506'), sw('S-A1', 'swiss-arq', '0504', 'S', ARQ)],
  start: FR_MOVE,
  dice: [2, 2, 2, 2],
  actions: ['unit:F-G1', 'hex:0505'],
  expect: { events: [{ type: 'test', unit: 'S-A1', why: 'commitment' }], decision: { player: 1, kind: 'move' } },
})

// =========================== 10 rout ===============================================
add({
  id: '10-artillery-rout-eliminated',
  rule: '10',
  description: 'Artillery that routs is eliminated. Arquebusiers 4 at a cannon (feeble +1): die 3 -> 4: T; 6+6 fails.',
  units: [sw('S-A1', 'swiss-arq', '0504', 'S', ARQ), fr('F-C1', 'cannon', '0505', 'N', { status: 'disordered' })],
  start: SW_OFIRE,
  dice: [3, 6, 6],
  actions: ['unit:S-A1', 'hex:0505', 'choice:fire'],
  expect: { units: { 'F-C1': { eliminated: true } }, wings: { F1: { morale: 3 } }, events: [{ type: 'fired', modifier: 1, dieMod: 1, result: 'T' }, { type: 'eliminated', unit: 'F-C1', why: 'artillery routs' }] },
})
add({
  id: '10-routed-unit-failing-eliminated',
  rule: '10',
  description: 'A routed unit failing a morale test is eliminated.',
  units: [sw('S-A1', 'swiss-arq', '0504', 'S', ARQ), fr('F-A1', 'aventuriers', '0505', 'N', { status: 'routed' })],
  start: SW_OFIRE,
  dice: [3, 6, 6],
  actions: ['unit:S-A1', 'hex:0505', 'choice:fire'],
  expect: { units: { 'F-A1': { status: 'eliminated' } }, wings: { F1: { morale: 3 } } },
})
add({
  id: '10.1-rout-through-friends',
  rule: '10.1',
  description: 'Each friendly unit in a hex a routed unit enters tests its morale (6+6 fails: disordered); the routed unit pays +1 for the friendly hex and goes on to the edge.',
  units: [fr('F-A1', 'aventuriers', '0505', 'N', { status: 'routed' }), fr('F-A2', 'aventuriers', '0506'), sw('S-P1', 'swiss-pike', '0501')],
  start: { phase: 'rout', active: 'french' },
  dice: [6, 6],
  actions: [],
  expect: { units: { 'F-A1': { status: 'exited' }, 'F-A2': { status: 'disordered', hex: '0506' } } },
})

// =========================== 11 retreat ==============================================
const SW_RETREAT = { phase: 'retreat', active: 'swiss' }
add({
  id: '11-cavalry-retreat',
  rule: '11',
  description: 'Passive cavalry facing infantry may retreat one hex after a morale test, backing into a rear hex outside enemy ZOCs and keeping its facing.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  start: SW_RETREAT,
  dice: [2, 2],
  actions: ['unit:F-G1', { expect: { decision: { player: 1, kind: 'retreat-hex', legal: ['hex:0605', 'hex:0506', 'hex:0405'] } } }, 'hex:0506'],
  expect: { units: { 'F-G1': { hex: '0506', facing: 'N' } }, events: [{ type: 'retreated', unit: 'F-G1', from: '0505', to: '0506' }] },
})
add({
  id: '11-retreat-test-failed',
  rule: '11',
  description: 'Failing the retreat test, the unit stays in place without other penalty.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  start: SW_RETREAT,
  dice: [6, 6],
  actions: ['unit:F-G1'],
  expect: { units: { 'F-G1': { hex: '0505', status: 'ordered' } }, decision: { player: 1, kind: 'retreat', legalExcludes: ['unit:F-G1'] } },
})
add({
  id: '11-no-retreat-in-cavalry-zoc',
  rule: '11',
  description: 'No retreat for a unit in the ZOC of enemy cavalry.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-M1', 'milan-cav', '0504', 'S', ARQ)],
  start: SW_RETREAT,
  dice: [],
  actions: [],
  expect: { decision: { player: 1, kind: 'retreat', legal: ['choice:end', 'wing:F2'] } },
})
add({
  id: '11-general-retreat-order',
  rule: '11, 8.2',
  description:
    'A General Retreat Order: every unit of the corps backs one hex (leaving ZOCs), no tests; the corps loses 2. F-A1 facing N has three rear hexes outside the Swiss ZOC: the French player picks one (the path is the player\'s).',
  units: [fr('F-A1', 'aventuriers', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  start: SW_RETREAT,
  dice: [],
  actions: ['wing:F1', { expect: { decision: { player: 1, kind: 'retreat-hex', subject: 'F-A1', legal: ['hex:0405', 'hex:0506', 'hex:0605'] } } }, 'hex:0506'],
  expect: { units: { 'F-A1': { hex: '0506', facing: 'N' } }, wings: { F1: { morale: 3, markers: ['general-retreat'] } }, rolls: 0 },
})
add({
  id: '11-swiss-general-retreat',
  rule: '11, 8.1',
  description: 'A Swiss General Retreat Order costs the army 2.',
  units: [sw('S-P1', 'swiss-pike', '0504'), fr('F-A1', 'aventuriers', '0505')],
  start: { phase: 'retreat', active: 'french' },
  dice: [],
  actions: ['wing:S1', { expect: { decision: { player: 0, kind: 'retreat-hex', subject: 'S-P1', legal: ['hex:0403', 'hex:0503', 'hex:0603'] } } }, 'hex:0503'],
  expect: { units: { 'S-P1': { hex: '0503' } }, wings: { S1: { morale: 38 } } },
})
add({
  id: '11-swiss-arquebusiers-retreat',
  rule: '11',
  description: 'Swiss arquebusiers may retreat like cavalry.',
  units: [sw('S-A1', 'swiss-arq', '0504', 'S', ARQ), fr('F-A1', 'aventuriers', '0505')],
  start: { phase: 'retreat', active: 'french' },
  dice: [2, 2],
  actions: ['unit:S-A1'],
  expect: { decision: { player: 0, kind: 'retreat-hex', legal: ['hex:0403', 'hex:0503', 'hex:0603'] } },
})

// =========================== 12 fire ===============================================
add({
  id: '12.1-infantry-range-two',
  rule: '12.1',
  description: 'Infantry fires at 2 hexes with strength 1: column 1; die 6: T.',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-P1', 'swiss-pike', '0503')],
  start: FR_OFIRE,
  dice: [6, 1, 1],
  actions: ['unit:F-g1', 'hex:0503', 'choice:fire'],
  expect: { events: [{ type: 'fired', strength: 1, column: '1', die: 6, result: 'T' }] },
})
add({
  id: '12.1-artillery-range-four',
  rule: '12.1',
  description: 'Artillery at 4 hexes: 8 - 2x3 = 2, column 2-3; die 1: no effect.',
  units: [fr('F-C1', 'cannon', '0505'), sw('S-P1', 'swiss-pike', '0501')],
  start: FR_OFIRE,
  dice: [1],
  actions: ['unit:F-C1', 'hex:0501', 'choice:fire'],
  expect: { events: [{ type: 'fired', strength: 2, column: '2-3', result: '-' }] },
})
add({
  id: '12.1-out-of-range',
  rule: '12.1',
  description: 'Infantry cannot fire at 3 hexes: only the cannon may fire.',
  units: [fr('F-C1', 'cannon', '0405'), fr('F-g1', 'gascons', '0505'), sw('S-P1', 'swiss-pike', '0502')],
  start: FR_OFIRE,
  dice: [],
  actions: [],
  expect: { decision: { kind: 'fire', legal: ['unit:F-C1', 'choice:end'] } },
})
add({
  id: '12.2-los-blocked-by-unit',
  rule: '12.2',
  description: 'A unit between shooter and target (same level) blocks the line of sight.',
  units: [fr('F-C1', 'cannon', '0505'), fr('F-A1', 'aventuriers', '0504'), sw('S-P1', 'swiss-pike', '0503')],
  start: FR_OFIRE,
  dice: [],
  actions: [],
  expect: { decision: { kind: 'fire', legal: ['unit:F-A1', 'choice:end'] } },
})
add({
  id: '12.2-elevation-fires-over',
  rule: '12.2',
  description: 'A cannon on elevated ground fires over the friendly unit below it.',
  units: [fr('F-C1', 'cannon', '0505'), fr('F-A1', 'aventuriers', '0504'), sw('S-P1', 'swiss-pike', '0503')],
  elevation: { '0505': 1 },
  start: FR_OFIRE,
  dice: [],
  actions: [],
  expect: { decision: { kind: 'fire', legal: ['unit:F-C1', 'unit:F-A1', 'choice:end'] } },
})
add({
  id: '12.2-dense-blocks',
  rule: '12.2',
  description: 'Dense cultivation between shooter and target blocks the line of sight: no fire, the turn goes on.',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-P1', 'swiss-pike', '0503', 'N')],
  terrain: { '0504': 'dense' },
  start: FR_OFIRE,
  dice: [],
  actions: [],
  expect: { turn: 2, decision: { player: 0, kind: 'move' } },
})
add({
  id: '12.2-village-in-front-of-target',
  rule: '12.2',
  description: 'Even from higher ground, a target directly behind a village is hidden.',
  units: [fr('F-C1', 'cannon', '0506'), sw('S-P1', 'swiss-pike', '0503', 'N')],
  terrain: { '0504': 'village' },
  elevation: { '0506': 1 },
  start: FR_OFIRE,
  dice: [],
  actions: [],
  expect: { turn: 2 },
})
add({
  id: '12.3-fire-first-at-zoc-enemy',
  rule: '12.3',
  description: 'A unit in the ZOC of an enemy unit must fire at it first.',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-A1', 'swiss-arq', '0504', 'S', ARQ), sw('S-A2', 'swiss-arq', '0603', 'S', ARQ)],
  start: FR_OFIRE,
  dice: [],
  actions: ['unit:F-g1'],
  expect: { decision: { kind: 'fire-target', legal: ['hex:0504'] } },
})
add({
  id: '12.3-combined-fire-must-touch',
  rule: '12.3',
  description: 'Units combining fire must each be adjacent to or stacked with another firing unit.',
  units: [fr('F-g1', 'gascons', '0505'), fr('F-g2', 'gascons', '0705', 'NW'), sw('S-P1', 'swiss-pike', '0604')],
  start: FR_OFIRE,
  dice: [],
  actions: ['unit:F-g1', 'hex:0604'],
  expect: { decision: { kind: 'fire-add', legal: ['choice:fire'] } },
})
add({
  id: '12.3-one-shot-per-phase',
  rule: '12.3',
  description: 'A unit fires once per fire phase; the same target may be fired at again by others.',
  units: [fr('F-g1', 'gascons', '0505'), fr('F-g2', 'gascons', '0705', 'NW'), sw('S-P1', 'swiss-pike', '0604')],
  start: FR_OFIRE,
  dice: [1],
  actions: ['unit:F-g1', 'hex:0604', 'choice:fire'],
  expect: { decision: { kind: 'fire', legal: ['unit:F-g2', 'choice:end'] } },
})
add({
  id: '12.4-never-below-first-column',
  rule: '12.4',
  description: 'A shot never shifts below the first column: strength 1 at a village (-2) stays on column 1.',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-P1', 'swiss-pike', '0503', 'N')],
  terrain: { '0503': 'village' },
  start: FR_OFIRE,
  dice: [6, 1, 1],
  actions: ['unit:F-g1', 'hex:0503', 'choice:fire'],
  expect: { events: [{ type: 'fired', strength: 1, column: '1', modifier: -2, result: 'T' }] },
})
add({
  id: '12.4-superior-protection',
  rule: '12.4',
  description: 'Superior protection: -1, applied as a die modifier (4 -> 3): T.',
  units: [sw('S-A1', 'swiss-arq', '0504', 'S', ARQ), fr('F-G1', 'gendarmes', '0505')],
  start: SW_OFIRE,
  dice: [4, 1, 1],
  actions: ['unit:S-A1', 'hex:0505', 'choice:fire'],
  expect: { events: [{ type: 'fired', column: '4-5', modifier: -1, shift: 0, dieMod: -1, die: 4, result: 'T' }] },
})
add({
  id: '12.4-feeble-protection',
  rule: '12.4',
  description: 'Feeble protection: +1 to the die (2 -> 3): T.',
  units: [sw('S-A1', 'swiss-arq', '0504', 'S', ARQ), fr('F-g1', 'gascons', '0505')],
  start: SW_OFIRE,
  dice: [2, 1, 1],
  actions: ['unit:S-A1', 'hex:0505', 'choice:fire'],
  expect: { events: [{ type: 'fired', modifier: 1, dieMod: 1, die: 2, result: 'T' }] },
})
add({
  id: '12.4-farm-minus-four',
  rule: '12.4',
  description: 'A farm gives -4: two columns down, 8-9 to 4-5; die 6: T-2.',
  units: [fr('F-C1', 'cannon', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  terrain: { '0504': 'farm' },
  start: FR_OFIRE,
  dice: [6, 1, 1],
  actions: ['unit:F-C1', 'hex:0504', 'choice:fire'],
  expect: { events: [{ type: 'fired', column: '4-5', modifier: -4, shift: -2, result: 'T-2' }, { type: 'test', unit: 'S-P1', mod: -2 }] },
})
add({
  id: '12.4-behind-fortification',
  rule: '12.4',
  description: 'A target on the south/east side of a fortification: -2 (4-5 to 2-3).',
  units: [sw('S-A1', 'swiss-arq', '0504', 'S', ARQ), fr('F-A1', 'aventuriers', '0505')],
  hexsides: [{ hexes: ['0504', '0505'], feature: 'fortification' }],
  start: SW_OFIRE,
  dice: [5, 1, 1],
  actions: ['unit:S-A1', 'hex:0505', 'choice:fire'],
  expect: { events: [{ type: 'fired', column: '2-3', modifier: -2, result: 'T' }] },
})
add({
  id: '12.4-fortification-wrong-side',
  rule: '12.4',
  description: 'On the north/west side of a fortification there is no modifier.',
  units: [sw('S-A1', 'swiss-arq', '0505', 'N', ARQ), fr('F-A1', 'aventuriers', '0504', 'S')],
  hexsides: [{ hexes: ['0504', '0505'], feature: 'fortification' }],
  start: SW_OFIRE,
  dice: [3, 1, 1],
  actions: ['unit:S-A1', 'hex:0504', 'choice:fire'],
  expect: { events: [{ type: 'fired', column: '4-5', modifier: 0, result: 'T' }] },
})
add({
  id: '12.4-defender-chooses-loss',
  rule: '12.4, 13.2',
  description: 'An elimination in a hex of different units: the owner chooses which. 24 vs 6 = 4/1, +1 morale -> die 2+1 = 3: "*T-3"; the French lose the Gascons, the aventuriers test at -3.',
  units: [sw('S-P1', 'swiss-pike', '0504'), sw('S-P2', 'swiss-pike', '0504'), sw('S-P3', 'swiss-pike', '0504'), fr('F-A1', 'aventuriers', '0505'), fr('F-g1', 'gascons', '0505')],
  start: { phase: 'melee', active: 'swiss' },
  dice: [2, 1, 1],
  actions: ['hex:0505', 'unit:S-P1', 'unit:S-P2', 'unit:S-P3', 'choice:attack', { expect: { decision: { player: 1, kind: 'loss', legal: ['unit:F-A1', 'unit:F-g1'] } } }, 'unit:F-g1'],
  expect: { units: { 'F-g1': { eliminated: true }, 'F-A1': { hex: '0505' } }, events: [{ type: 'melee', odds: '4/1', result: '-|*T-3' }, { type: 'eliminated', unit: 'F-g1' }, { type: 'test', unit: 'F-A1', mod: -3 }] },
})

// =========================== 13 melee ===============================================
add({
  id: '13.1-hex-attacked-once',
  rule: '13.1',
  description:
    'A hex is attacked only once per melee phase: F-G2, next to 0504 but with 0403 still to attack, stays out of the attack on 0504 and may not attack 0504 again afterwards (a unit whose last chance it was would have had to join).',
  units: [fr('F-G1', 'gendarmes', '0505'), fr('F-G2', 'gendarmes', '0404', 'NE'), sw('S-P1', 'swiss-pike', '0504'), sw('S-P2', 'swiss-pike', '0403', 'S')],
  start: FR_MELEE,
  // 8 vs 8 = 1/1, better morale +1 and protection +1: one shift to 2/1; die 4: '-|T-2'; the pike tests 1+1 <= 6
  dice: [4, 1, 1],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack'],
  expect: { events: [{ type: 'melee', attackers: ['F-G1'], result: '-|T-2' }], decision: { player: 1, kind: 'melee', legal: ['hex:0403'] } },
})
add({
  id: '13.2-odds-rounded-for-defender',
  rule: '13.2',
  description: 'Odds are rounded in the defender\'s favour: 12 vs 5 is 2/1.',
  units: [fr('F-G1', 'gendarmes', '0505'), fr('F-A1', 'aventuriers', '0404', 'NE'), sw('S-M1', 'milan-cav', '0504', 'S', ARQ)],
  start: FR_MELEE,
  dice: [1, 1, 1, 1, 1, 1, 1],
  actions: ['hex:0504', 'unit:F-G1', 'unit:F-A1', 'choice:attack'],
  expect: { events: [{ type: 'melee', attack: 12, defence: 5, odds: '2/1', modifier: 0, result: 'T-1|T' }] },
})
add({
  id: '13.2-low-odds',
  rule: '13.2',
  description: '2 vs 3 is 1/2; worse morale and protection (-2) shift it to 1/3; die 6: both test.',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-P1', 'swiss-pike-6', '0504', 'S', { status: 'disordered' })],
  start: FR_MELEE,
  dice: [6, 1, 1, 1, 1],
  actions: ['hex:0504', 'unit:F-g1', 'choice:attack'],
  expect: { events: [{ type: 'melee', attack: 2, defence: 3, odds: '1/2', column: '1/3', modifier: -2, result: 'T|T' }] },
})
add({
  id: '13.2-up-slope',
  rule: '13.2',
  description: 'The side up-slope gets +1: +1 +1 +1 = +3, one shift and +1 to the die.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  elevation: { '0505': 1 },
  start: FR_MELEE,
  dice: [3, 1, 1],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack'],
  expect: { events: [{ type: 'melee', column: '2/1', modifier: 3, dieMod: 1, result: '-|T-2', modifiers: ['better morale +1', 'better protection +1', 'up-slope attacker +1'] }] },
})
add({
  id: '13.2-across-water',
  rule: '13.2, 9.1',
  description: 'Attacking across a ditch: the ordered attacker first tests for terrain, then fights at -1.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  hexsides: [{ hexes: ['0504', '0505'], feature: 'ditch' }],
  start: FR_MELEE,
  dice: [1, 1, 3, 1, 1],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack'],
  expect: { events: [{ type: 'test', unit: 'F-G1', why: 'terrain' }, { type: 'melee', modifier: 1, dieMod: 1, result: '-|T', modifiers: ['better morale +1', 'better protection +1', 'across water -1'] }] },
})
add({
  id: '13.2-fortification-defence',
  rule: '13.2',
  description: 'Defending on the south side of a fortification: -2 to the attacker.',
  units: [sw('S-P1', 'swiss-pike', '0504'), fr('F-A1', 'aventuriers', '0505')],
  hexsides: [{ hexes: ['0504', '0505'], feature: 'fortification' }],
  start: { phase: 'melee', active: 'swiss' },
  dice: [4, 1, 1],
  actions: ['hex:0505', 'unit:S-P1', 'choice:attack'],
  expect: { events: [{ type: 'melee', odds: '2/1', column: '2/1', modifier: -1, dieMod: -1, result: '-|T-1', modifiers: ['better morale +1', 'fortification -2'] }] },
})
add({
  id: '13.2-demoralised-defender',
  rule: '13.2, 8.3',
  description: 'Against a unit of a demoralised French corps the attacker gets +2: 8 vs 4 = 2/1, +3 -> 3/1 and +1; die 2 -> 3: D.',
  units: [sw('S-P1', 'swiss-pike', '0504'), fr('F-A1', 'aventuriers', '0505')],
  morale: { F1: 0 },
  start: { phase: 'melee', active: 'swiss' },
  dice: [2],
  actions: ['hex:0505', 'unit:S-P1', 'choice:attack'],
  expect: { units: { 'F-A1': { status: 'disordered' } }, events: [{ type: 'melee', column: '3/1', modifier: 3, result: '-|D' }] },
})
add({
  id: '13.2-attacker-eliminated',
  rule: '13.1, 13.2',
  description: 'Units in contact must attack, even at 2 vs 24: 1/3, die 1: the attacker is eliminated.',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-P1', 'swiss-pike', '0504'), sw('S-P2', 'swiss-pike', '0504'), sw('S-P3', 'swiss-pike', '0504')],
  start: FR_MELEE,
  dice: [1],
  actions: ['hex:0504', 'unit:F-g1', 'choice:attack'],
  expect: { units: { 'F-g1': { eliminated: true } }, events: [{ type: 'melee', odds: '1/3', result: '*|-' }] },
})
add({
  id: '13.3-advance-after-combat',
  rule: '13.3',
  description: 'When the defenders are gone, the attacker may advance into the hex and then choose its facing.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike-r', '0504')],
  start: FR_MELEE,
  dice: [4],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack', 'unit:F-G1', { expect: { decision: { player: 1, kind: 'advance-face', legalCount: 6 } } }, 'choice:face-S'],
  expect: { units: { 'F-G1': { hex: '0504', facing: 'S' } }, events: [{ type: 'advanced', unit: 'F-G1', to: '0504' }] },
})
add({
  id: '13.3-advance-declined',
  rule: '13.3',
  description: 'Advancing is optional.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike-r', '0504')],
  start: FR_MELEE,
  dice: [4],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack', 'choice:end'],
  expect: { units: { 'F-G1': { hex: '0505' } }, turn: 2 },
})

// =========================== 14 scenarios =============================================
add({
  id: '14.1-later-corps-reduced-allowance',
  rule: '14.1',
  description: 'The second Swiss corps enters by the road with its allowance reduced by one on the first turn (4 -> 3).',
  units: [sw('S-P1', 'swiss-pike', '0401', 'S', { wing: 'S2', enter: 'road' }), fr('F-A1', 'aventuriers', '0808')],
  roads: [['0401', '0402', '0403', '0404', '0405']],
  start: SW_MOVE,
  dice: [],
  actions: ['unit:S-P1', 'hex:0401', 'hex:0402', 'hex:0403'],
  expect: { units: { 'S-P1': { hex: '0403', facing: 'S', status: 'ordered' } }, decision: { player: 0, kind: 'move' } },
})
add({
  id: '14.1-column-order',
  rule: '14.1',
  description: 'The central column may not enter before the whole vanguard has.',
  units: [sw('S-P1', 'swiss-pike', '0401', 'S', { enter: 'road' }), sw('S-P2', 'swiss-pike', '0401', 'S', { wing: 'S2', enter: 'road' }), fr('F-A1', 'aventuriers', '0808')],
  roads: [['0401', '0402', '0403']],
  start: SW_MOVE,
  dice: [],
  actions: [],
  expect: { decision: { player: 0, kind: 'move', legalIncludes: ['unit:S-P1'], legalExcludes: ['unit:S-P2'] } },
})
add({
  id: '14.1-skirmishers-enter-north-edge',
  rule: '14.1',
  description: 'Swiss arquebusiers enter anywhere on the north edge.',
  units: [sw('S-A1', 'swiss-arq', '0101', 'S', { wing: undefined, enter: 'edge' }), fr('F-A1', 'aventuriers', '0808')],
  start: SW_MOVE,
  dice: [],
  actions: ['unit:S-A1'],
  expect: { decision: { kind: 'move-unit', legal: ['hex:0101', 'hex:0201', 'hex:0301', 'hex:0401', 'hex:0501', 'hex:0601', 'hex:0701', 'hex:0801', 'choice:stop'] } },
})
add({
  id: '14.1-night-command-range',
  rule: '14.1, 6.1',
  description: 'On night turns command ranges are one shorter: 3 hexes from a range-3 commander is out of command at night.',
  units: [fr('F-A1', 'aventuriers', '0505'), fr('F-A2', 'aventuriers', '0508'), sw('S-P1', 'swiss-pike', '0101')],
  leaders: [{ id: 'LF1', hex: '0508' }],
  rules: { night: [2] },
  start: { phase: 'command', active: 'french', turn: 2 },
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { outOfCommand: true } } },
})
add({
  id: '14.1-day-command-range',
  rule: '14.1, 6.1',
  description: 'By day the same unit is in command.',
  units: [fr('F-A1', 'aventuriers', '0505'), fr('F-A2', 'aventuriers', '0508'), sw('S-P1', 'swiss-pike', '0101')],
  leaders: [{ id: 'LF1', hex: '0508' }],
  rules: { night: [2] },
  start: { phase: 'command', active: 'french', turn: 1 },
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { outOfCommand: false } } },
})
add({
  id: '14.1-draw-at-the-end',
  rule: '14.1',
  description: 'The first-day scenario ends in a draw if neither side has won.',
  units: [fr('F-A1', 'aventuriers', '0507'), sw('S-P1', 'swiss-pike', '0502')],
  turns: 1,
  victory: { atEnd: 'draw' },
  start: FR_MELEE,
  dice: [],
  actions: [],
  expect: { outcome: { winner: null }, decision: null },
})
add({
  id: '14.2-french-win-at-the-end',
  rule: '14.2',
  description: 'In the two-day scenario the French win if the Swiss have not won by the end.',
  units: [fr('F-A1', 'aventuriers', '0507'), sw('S-P1', 'swiss-pike', '0502')],
  turns: 1,
  victory: { atEnd: 'french' },
  start: FR_MELEE,
  dice: [],
  actions: [],
  expect: { outcome: { winner: 1 } },
})
add({
  id: '14.2-night-reorganisation',
  rule: '14.2',
  description: 'After the last night turn: French units next to the enemy fall back south, disordered units return to order, then the French may re-place units within command range.',
  units: [fr('F-A1', 'aventuriers', '0505', 'S'), fr('F-A2', 'aventuriers', '0707', 'N', { status: 'disordered' }), sw('S-P1', 'swiss-pike', '0504')],
  turns: 2,
  rules: { nightReorganisation: 1, fortificationMarkers: 4 },
  start: FR_MELEE,
  dice: [],
  actions: [],
  expect: { phase: 'night-reorganisation', units: { 'F-A1': { hex: '0506' }, 'F-A2': { status: 'ordered' } }, decision: { player: 1, kind: 'night-place' } },
})
add({
  id: '14.2-night-placement-and-fortifications',
  rule: '14.2',
  description: 'The French re-place a unit and build a fortification marker; then the Swiss reorganise and the second day begins.',
  units: [fr('F-A1', 'aventuriers', '0505', 'S'), fr('F-A2', 'aventuriers', '0707'), sw('S-P1', 'swiss-pike', '0504')],
  turns: 2,
  rules: { nightReorganisation: 1, fortificationMarkers: 4 },
  start: FR_MELEE,
  dice: [],
  // 0807 is empty: the French player, putting the counter down, gives it its facing (night-face)
  actions: [
    'unit:F-A2',
    'hex:0807',
    { expect: { decision: { player: 1, kind: 'night-face', subject: 'F-A2', legalCount: 6 } } },
    'choice:face-NE',
    'choice:end',
    { expect: { decision: { player: 1, kind: 'fortify' } } },
    'hex:0806',
    'choice:end',
    { expect: { decision: { player: 0, kind: 'night-place' } } },
    'choice:end',
  ],
  expect: { turn: 2, units: { 'F-A2': { hex: '0807', facing: 'NE' } }, events: [{ type: 'fortified', hex: '0806' }], decision: { player: 0, kind: 'move' } },
})
add({
  id: '8.2-five-corps-demoralised',
  rule: '8.2, 14.1',
  description: 'Five French corps demoralised at the same time: the Swiss win (first-day scenario).',
  units: [],
  dice: [],
  actions: [],
  expect: { outcome: { winner: 0, reason: 'five French corps demoralised' }, decision: null },
})
// 8.2 / 14.1 name five corps (of the historical ten); a smaller scenario sets its own number
// (victory.frenchCorpsDemoralised, five when omitted). The test scenario has three French corps.
add({
  id: '8.2-corps-demoralised-scenario-number',
  rule: '8.2, 14.1',
  description: 'A scenario with victory.frenchCorpsDemoralised 2: two French corps demoralised at the same time win for the Swiss.',
  units: [fr('F-A1', 'aventuriers', '0507'), fr('F-G1', 'gendarmes', '0707'), sw('S-P1', 'swiss-pike', '0502')],
  victory: { frenchCorpsDemoralised: 2 },
  start: { morale: { F1: 0, F2: 0 } },
  dice: [],
  actions: [],
  expect: { outcome: { winner: 0, reason: 'two French corps demoralised' }, decision: null },
})
add({
  id: '8.2-corps-demoralised-below-the-scenario-number',
  rule: '8.2, 14.1',
  description: 'With victory.frenchCorpsDemoralised 2, one demoralised French corps is not yet a Swiss victory: the game goes on.',
  units: [fr('F-A1', 'aventuriers', '0507'), fr('F-G1', 'gendarmes', '0707'), sw('S-P1', 'swiss-pike', '0502')],
  victory: { frenchCorpsDemoralised: 2 },
  start: { morale: { F1: 0 } },
  dice: [],
  actions: [],
  expect: { outcome: null, decision: { player: 0, kind: 'move' } },
})
add({
  id: '8.1-swiss-army-demoralised',
  rule: '8.1, 14.1',
  description: 'The Swiss army at 0 is demoralised: the French win.',
  units: [],
  dice: [],
  actions: [],
  expect: { outcome: { winner: 1, reason: 'Swiss army demoralised' } },
})


// =========================== 1.2, 5, 6, 6.3, 12, 13 (general) ===============================
add({
  id: '1.2-commanders-always-face-front',
  rule: '1.2, 3',
  description: 'Commanders have no facing: they may move into any adjacent hex.',
  units: [fr('F-A1', 'aventuriers', '0808'), sw('S-P1', 'swiss-pike', '0101')],
  leaders: [{ id: 'LF1', hex: '0505' }],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:LF1'],
  expect: { decision: { kind: 'move-unit', subject: 'LF1', legal: ['hex:0504', 'hex:0604', 'hex:0605', 'hex:0506', 'hex:0405', 'hex:0404', 'choice:stop'] } },
})
add({
  id: '5-armies-never-share-a-hex',
  rule: '5, 9',
  description: 'No unit may enter a hex held by enemy units.',
  units: [fr('F-G1', 'gendarmes', '0505', 'NE'), sw('S-P1', 'swiss-pike', '0504', 'N')],
  start: FR_MOVE,
  dice: [],
  actions: ['unit:F-G1'],
  expect: { decision: { kind: 'move-unit', legalExcludes: ['hex:0504'], legalIncludes: ['hex:0604', 'hex:0605'] } },
})
add({
  id: '6.1-swiss-skirmishers-always-in-command',
  rule: '6, 6.1',
  description: 'Swiss arquebusiers and the Milanese horse are always in command; a pike far from its captain is not.',
  units: [sw('S-A1', 'swiss-arq', '0808', 'S', ARQ), sw('S-P1', 'swiss-pike', '0807'), fr('F-A1', 'aventuriers', '0105')],
  start: { phase: 'command', active: 'swiss' },
  dice: [],
  actions: [],
  expect: { units: { 'S-A1': { outOfCommand: false }, 'S-P1': { outOfCommand: true } } },
})
add({
  id: '6.3-back-in-command',
  rule: '6.3',
  description: 'An out-of-command unit back within range in its command phase loses the marker.',
  units: [fr('F-A1', 'aventuriers', '0507'), sw('S-P1', 'swiss-pike', '0101')],
  leaders: [{ id: 'LF1', hex: '0508' }],
  start: { phase: 'command', active: 'french', units: { 'F-A1': { markers: ['out-of-command'] } } },
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { outOfCommand: false } } },
})
add({
  id: '6.1-no-commander-out-of-command',
  rule: '6.1, 7.1',
  description: 'The units of a corps whose commander is dead are out of command.',
  units: [fr('F-A1', 'aventuriers', '0507'), sw('S-P1', 'swiss-pike', '0101')],
  leaders: [{ id: 'LF1', hex: '0508' }],
  start: { phase: 'command', active: 'french', leaders: { LF1: { status: 'dead' } } },
  dice: [],
  actions: [],
  expect: { units: { 'F-A1': { outOfCommand: true } } },
})
add({
  id: '12-no-fire-strength',
  rule: '12',
  description: 'Units without a fire strength (gendarmes) cannot fire: the fire phase has nothing to ask, the melee phase follows.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  start: FR_OFIRE,
  dice: [],
  actions: [],
  expect: { phase: 'melee', decision: { player: 1, kind: 'melee', legal: ['hex:0504'] } },
})
add({
  id: '13-routed-units-do-not-attack',
  rule: '13',
  description: 'A routed unit may not attack.',
  units: [fr('F-A1', 'aventuriers', '0505', 'N', { status: 'routed' }), sw('S-P1', 'swiss-pike', '0504')],
  start: FR_MELEE,
  dice: [],
  actions: [],
  expect: { turn: 2 },
})

add({
  id: '3-rallied-unit-takes-stack-facing',
  rule: '3, 2.1',
  description: 'A routed unit has no facing; when it rallies in a stack it takes the facing of the units there.',
  units: [fr('F-A1', 'aventuriers', '0507', 'N', { status: 'routed' }), fr('F-A2', 'aventuriers', '0507', 'NE'), sw('S-P1', 'swiss-pike', '0502')],
  start: { phase: 'command', active: 'french' },
  dice: [1, 1],
  actions: [],
  expect: { units: { 'F-A1': { status: 'disordered', facing: 'NE' } } },
})
// =========================== a careful referee's readings ==========================
// 13.1: every unit with an enemy in its ZOC must attack. F-A1 (0404 facing NE) has only 0504 in
// its ZOC; F-G1 (0505 facing N) has 0504 and 0604. An attack on 0504 cannot be closed without
// F-A1 (its last chance); F-G1 may stay out of it, since 0604 is still to be attacked.
add({
  id: '13.1-last-chance-must-join',
  rule: '13.1',
  description: 'A unit whose only enemy in its ZOC is the hex under attack must join that attack: the attack cannot be closed without it.',
  units: [fr('F-G1', 'gendarmes', '0505'), fr('F-A1', 'aventuriers', '0404', 'NE'), sw('S-P1', 'swiss-pike', '0504'), sw('S-P2', 'swiss-pike', '0604', 'SW')],
  start: FR_MELEE,
  dice: [],
  actions: [
    { expect: { decision: { player: 1, kind: 'melee', legal: ['hex:0504', 'hex:0604'] } } },
    'hex:0504',
    'unit:F-G1',
    { expect: { decision: { player: 1, kind: 'melee-add', legal: ['unit:F-A1'] } } },
    'unit:F-A1',
  ],
  expect: { decision: { player: 1, kind: 'melee-add', legal: ['choice:attack'] } },
})
add({
  id: '13.1-may-join-a-later-attack',
  rule: '13.1',
  description: 'A unit with another enemy hex still to attack need not join this attack; once that hex is its last, it must join.',
  units: [fr('F-G1', 'gendarmes', '0505'), fr('F-A1', 'aventuriers', '0404', 'NE'), sw('S-P1', 'swiss-pike', '0504'), sw('S-P2', 'swiss-pike', '0604', 'SW')],
  start: FR_MELEE,
  // 0504: aventuriers 4 vs pike 8 = 1/2; the pike's better morale (8 > 6) -1: no shift, -1 on the die;
  // die 4 -> 3: 'T-1|-', the attacker tests at 6-1 = 5 with 1+1 and passes. 0604 is then F-G1's last chance.
  dice: [4, 1, 1],
  actions: [
    'hex:0504',
    'unit:F-A1',
    { expect: { decision: { player: 1, kind: 'melee-add', legal: ['unit:F-G1', 'choice:attack'] } } },
    'choice:attack',
    { expect: { events: [{ type: 'melee', attackers: ['F-A1'], odds: '1/2', modifier: -1, die: 4, result: 'T-1|-' }], decision: { player: 1, kind: 'melee', legal: ['hex:0604'] } } },
    'hex:0604',
  ],
  expect: { decision: { player: 1, kind: 'melee-add', legal: ['unit:F-G1'] } },
})
// 7.1: the successor "is selected and becomes efficient at the beginning of the reorganization
// phase of the following turn": LF1 dies in the Swiss melee of turn 1, so the French
// reorganisation of turn 1 leaves F1 without a commander; that of turn 2 installs LF2.
add({
  id: '7.1-successor-takes-office-next-turn',
  rule: '7.1',
  description: 'A French successor chosen in turn 1 takes over at the French reorganisation phase of turn 2, not at that of turn 1.',
  units: [sw('S-P1', 'swiss-pike', '0504'), sw('S-P2', 'swiss-pike', '0504'), sw('S-P3', 'swiss-pike', '0504'), fr('F-A1', 'aventuriers', '0505')],
  leaders: [{ id: 'LF1', hex: '0505' }],
  start: { phase: 'melee', active: 'swiss', leaders: { LF1: { status: 'injured' } } },
  // as 7.1-french-successor: 24 vs 4 = 6/1, +1, die 6: '****'; LF1 (injured) rolls 4 + 2 = 6: killed
  dice: [6, 4],
  actions: [
    'hex:0505',
    'unit:S-P1',
    'unit:S-P2',
    'unit:S-P3',
    'choice:attack',
    'choice:end',
    'unit:LF2',
    { expect: { turn: 1, decision: { player: 1, kind: 'move' }, wings: { F1: { markers: ['no-commander'] } } } },
    'choice:end', // French movement, turn 1
    'choice:end', // Swiss retreat phase (no General Retreat Order)
    { expect: { turn: 2, decision: { player: 0, kind: 'move' } } },
    'choice:end', // Swiss movement, turn 2
  ],
  expect: { turn: 2, decision: { player: 1, kind: 'move' }, wings: { F1: { markers: [] } }, events: [{ type: 'phase', phase: 'reorganisation', player: 1, turn: 2 }] },
})
// 8.3: "All stacks which include a unit belonging to a demoralized corps suffer a modifier of -2
// to all its fire and melee combat attacks" — the stack, not only the units of that corps.
add({
  id: '8.3-stack-with-demoralised-unit-fires-at-minus-2',
  rule: '8.3, 12.4',
  description: 'A Gascon of a sound corps fires from a stack that includes a unit of a demoralised corps (which does not fire): -2, 4-5 shifts to 2-3; die 5: T.',
  units: [fr('F-g1', 'gascons', '0505'), fr('F-A3', 'aventuriers', '0505', 'N', { wing: 'F3' }), sw('S-P1', 'swiss-pike', '0504')],
  morale: { F3: 0 },
  start: FR_OFIRE,
  // the pike tests 1+1 <= 8: passes
  dice: [5, 1, 1],
  actions: ['unit:F-g1', 'hex:0504', 'choice:fire'],
  expect: { events: [{ type: 'fired', units: ['F-g1'], strength: 4, column: '2-3', modifier: -2, shift: -1, result: 'T' }] },
})
add({
  id: '8.3-stack-with-demoralised-unit-attacks-at-minus-2',
  rule: '8.3, 13.2',
  description:
    'Aventuriers of a sound corps attack from a hex holding a routed unit of a demoralised corps: 4 vs 8 = 1/2, the pike\'s better morale -1 and the demoralised stack -2 = -3: one column down to 1/3 and -1 on the die; die 6 -> 5: T|-.',
  units: [fr('F-A1', 'aventuriers', '0505'), fr('F-R3', 'aventuriers', '0505', 'N', { wing: 'F3', status: 'routed' }), sw('S-P1', 'swiss-pike', '0504')],
  morale: { F3: 0 },
  start: FR_MELEE,
  // F-A1 tests 1+1 <= 6: passes
  dice: [6, 1, 1],
  actions: ['hex:0504', { expect: { decision: { player: 1, kind: 'melee-add', legal: ['unit:F-A1'] } } }, 'unit:F-A1', 'choice:attack'],
  expect: { events: [{ type: 'melee', attackers: ['F-A1'], attack: 4, defence: 8, odds: '1/2', column: '1/3', modifier: -3, shift: -1, dieMod: -1, die: 6, result: 'T|-', modifiers: ['better morale (defender) -1', 'demoralised corps -2'] }] },
})
// 13.2: odds below the first column (1/3) are read on it: the attack is mandatory (13.1), the table
// has no weaker column, and as with fire "a shot is never shifted below the weakest column".
add({
  id: '13.2-odds-below-one-third',
  rule: '13.2, 13.1',
  description: 'Gascons (2) must attack a Swiss pike (8): 1/4 is below the table and is read on 1/3; worse morale -1 and protection -1 cannot shift it lower; die 6: T|T.',
  units: [fr('F-g1', 'gascons', '0505'), sw('S-P1', 'swiss-pike', '0504')],
  start: FR_MELEE,
  // the pike tests 1+1 <= 8, the Gascons 1+1 <= 7: both pass
  dice: [6, 1, 1, 1, 1],
  actions: ['hex:0504', 'unit:F-g1', 'choice:attack'],
  expect: { events: [{ type: 'melee', attack: 2, defence: 8, odds: '1/3', column: '1/3', modifier: -2, shift: -1, dieMod: 0, die: 6, result: 'T|T' }] },
})
// 14.2 steps 3-4 and the fortification markers: "within the command range of their corps
// commander" is the range of the moment — at night one less (14.1), injured one less (1.2).
add({
  id: '14.2-night-placement-uses-reduced-range',
  rule: '14.2, 14.1, 1.2',
  description:
    'After a night turn, F-A2 is re-placed within the range of its injured commander LF1 (3 - 1 night - 1 injured = 1 hex of 0808); fortification markers go within the night ranges (Francois 1st at 0108: 2 hexes, not 3).',
  units: [fr('F-A2', 'aventuriers', '0707'), sw('S-P1', 'swiss-pike', '0504')],
  turns: 2,
  rules: { nightReorganisation: 1, fortificationMarkers: 4, night: [1] },
  start: { ...FR_MELEE, leaders: { LF1: { status: 'injured' } } },
  dice: [],
  actions: ['unit:F-A2', { expect: { decision: { player: 1, kind: 'night-hex', legal: ['hex:0708', 'hex:0807', 'hex:0808'] } } }, 'hex:0807', 'choice:face-N'],
  expect: { units: { 'F-A2': { hex: '0807' } }, decision: { player: 1, kind: 'fortify', legalIncludes: ['hex:0308', 'hex:0208'], legalExcludes: ['hex:0408', 'hex:0505'] } },
})
// 14.2 step 1: "all French units adjacent to the enemy are moved back one hex toward the south"
// — a routed unit too; step 2 then returns it to order (+1 to its corps, 8.2).
add({
  id: '14.2-routed-unit-next-to-enemy-moves-back',
  rule: '14.2, 8.2',
  description: 'A routed French unit next to the enemy at the night reorganisation is moved back one hex south, then returns to order (+1 to its corps).',
  units: [fr('F-R1', 'aventuriers', '0505', 'N', { status: 'routed' }), sw('S-P1', 'swiss-pike', '0504')],
  turns: 2,
  rules: { nightReorganisation: 1, fortificationMarkers: 4 },
  start: FR_MELEE,
  dice: [],
  actions: [],
  expect: {
    phase: 'night-reorganisation',
    units: { 'F-R1': { hex: '0506', status: 'ordered' } },
    wings: { F1: { morale: 6 } },
  },
})
// 10.1 / 4.2: a rout heads by the most direct path for its edge (every hex one row nearer: S, or
// SE/SW from an even column) and is eliminated only when every route is blocked. From 0404 the
// three steps 0305, 0405, 0505 cost the same; 0305 leads only to 0306, held by the Swiss: it is
// no route, so the French player chooses between 0405 and 0505 (10.1: the owner's choice among
// the cheapest open steps). The Swiss pike faces SW, so 0405, 0406, 0505, 0506 are outside its ZOC.
add({
  id: '10.1-rout-path-choice-avoids-dead-end',
  rule: '10.1, 4.2',
  description: 'A routed French unit at the start of its movement phase: of three equally cheap steps south, the one that leads only into the enemy is not a route; the player chooses between the other two, then the unit runs off the south edge.',
  units: [fr('F-R1', 'aventuriers', '0404', 'N', { status: 'routed' }), sw('S-P1', 'swiss-pike', '0306', 'SW')],
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [{ expect: { decision: { player: 1, kind: 'rout-hex', subject: 'F-R1', legal: ['hex:0405', 'hex:0505'] } } }, 'hex:0505'],
  expect: {
    units: { 'F-R1': { status: 'exited', eliminated: true } },
    events: [{ type: 'rout-move', unit: 'F-R1', path: ['0505', '0506', '0507', '0508'] }, { type: 'eliminated', unit: 'F-R1', why: 'routed off the friendly edge' }],
  },
})
// 10.1 / 4.2 in both column parities. A Swiss pike two hexes south of a routed French unit, facing
// N, holds in its ZOC the hex straight south of the unit and the hexes beside that one. From an
// even 0-based column (label 05: 0504) the half-hex sidesteps SE 0604 and SW 0404 stay in the same
// row; from an odd one (label 06: 0604) they are a row lower. Either way they are out of the ZOC
// and lead on to the border, so the unit routs in both, never eliminated ("only if all its retreat
// routes are blocked", 4.2). From 0504 both sidesteps leave four steps to the border (0604 0705
// 0706 0707 0708; 0404 0305 0306 0307 0308) at the same cost, so the French player chooses (10.1).
add({
  id: '10.1-rout-sidestep-even-column',
  rule: '10.1, 4.2',
  description: 'A routed French unit in column 05 (even 0-based) whose hex straight south lies in a Swiss ZOC: the half-hex sidesteps SE 0604 and SW 0404 are out of the ZOC and still reach the border, so it is not eliminated; the player chooses between them and it routs off the south edge.',
  units: [fr('F-R1', 'aventuriers', '0504', 'N', { status: 'routed' }), sw('S-P1', 'swiss-pike', '0506', 'N')],
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [{ expect: { decision: { player: 1, kind: 'rout-hex', subject: 'F-R1', legal: ['hex:0604', 'hex:0404'] } } }, 'hex:0604'],
  expect: {
    units: { 'F-R1': { status: 'exited', eliminated: true } },
    events: [{ type: 'rout-move', unit: 'F-R1', path: ['0604', '0705', '0706', '0707', '0708'] }, { type: 'eliminated', unit: 'F-R1', why: 'routed off the friendly edge' }],
  },
})
add({
  id: '10.1-rout-sidestep-odd-column',
  rule: '10.1, 4.2',
  description: 'The same position one column over (unit 0604, column 06, odd 0-based; pike 0606): the sidesteps SE 0705 and SW 0505 are a row lower here; both are out of the ZOC and lead on, so the player chooses as before and the unit routs off the south edge.',
  units: [fr('F-R1', 'aventuriers', '0604', 'N', { status: 'routed' }), sw('S-P1', 'swiss-pike', '0606', 'N')],
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [{ expect: { decision: { player: 1, kind: 'rout-hex', subject: 'F-R1', legal: ['hex:0705', 'hex:0505'] } } }, 'hex:0505'],
  // 0505's own south hex 0506 is in the ZOC too: the sidestep again, SW to 0405 (SE 0605 is in the
  // ZOC), where S 0406 and SW 0306 tie and the player chooses again
  expect: {
    events: [{ type: 'rout-move', unit: 'F-R1', path: ['0505', '0405'] }],
    units: { 'F-R1': { status: 'routed', hex: '0405' } },
    decision: { player: 1, kind: 'rout-hex', subject: 'F-R1', legal: ['hex:0306', 'hex:0406'] },
  },
})
add({
  id: '10.1-rout-straight-before-sidestep',
  rule: '10.1',
  description: '"the most direct path": from an even column with the way south open, the straight step (a whole hex nearer the border) comes before the half-hex sidesteps; no choice is asked, and the unit goes straight through the friendly unit at 0506, which tests its morale (the two forced dice, 2: passed).',
  units: [fr('F-R1', 'aventuriers', '0504', 'N', { status: 'routed' }), fr('F-A2', 'aventuriers', '0506', 'N'), sw('S-P1', 'swiss-pike', '0502', 'N')],
  start: { phase: 'command', active: 'french' },
  dice: [1, 1],
  actions: [],
  expect: { units: { 'F-A2': { status: 'ordered', hex: '0506' } } },
})
// 7.2: "a commander with heroic value may not simultaneously nullify the demoralisation of more
// than one corps" — which one, when several qualify, is the French player's choice.
add({
  id: '7.2-heroic-commander-chooses-the-corps',
  rule: '7.2, 8.3',
  description: 'Francois 1st stands with units of two demoralised corps next to the enemy: the French player names the corps he rallies; the other stays demoralised.',
  units: [fr('F-A1', 'aventuriers', '0505'), fr('F-A3', 'aventuriers', '0505', 'N', { wing: 'F3' }), sw('S-P1', 'swiss-pike', '0504')],
  leaders: [{ id: 'LK', hex: '0505' }],
  morale: { F1: 0, F3: 0 },
  start: FR_MOVE,
  dice: [],
  actions: [{ expect: { decision: { player: 1, kind: 'heroic', subject: 'LK', legal: ['wing:F1', 'wing:F3'] } } }, 'wing:F3'],
  expect: {
    events: [{ type: 'heroic', leader: 'LK', corps: 'F3' }],
    wings: { F1: { demoralised: true }, F3: { demoralised: false } },
    decision: { player: 1, kind: 'move' },
  },
})
// 14.1 with `rules.deployment: "free"`: "Place the units of each corps anywhere within command
// range of their commander" — the French player places each unit (scenario order) before the
// Swiss enter, and chooses the facing of each new stack; a unit joining a stack takes its facing (3).
add({
  id: '14.1-free-deployment',
  rule: '14.1, 3, 6.1',
  description: 'Free French deployment: each unit is placed within its commander\'s range (LF1 at 0808, range 3; Bayard at 0708, range 2), new stacks choose a facing, then turn 1 begins with the Swiss.',
  units: [fr('F-A1', 'aventuriers', '0101'), fr('F-A2', 'aventuriers', '0101'), fr('F-G1', 'gendarmes', '0201'), sw('S-P1', 'swiss-pike', '0502')],
  rules: { deployment: 'free' },
  dice: [],
  actions: [
    { expect: { turn: 1, phase: 'deployment', decision: { player: 1, kind: 'deploy-hex', subject: 'F-A1', legalIncludes: ['hex:0808', 'hex:0805', 'hex:0508'], legalExcludes: ['hex:0804', 'hex:0408', 'hex:0506', 'hex:0101'] } } },
    'hex:0806',
    { expect: { decision: { player: 1, kind: 'deploy-face', subject: 'F-A1', legalCount: 6 } } },
    'choice:face-NW',
    { expect: { decision: { player: 1, kind: 'deploy-hex', subject: 'F-A2' } } },
    'hex:0806',
    { expect: { decision: { player: 1, kind: 'deploy-hex', subject: 'F-G1', legalIncludes: ['hex:0706', 'hex:0807', 'hex:0508'], legalExcludes: ['hex:0806', 'hex:0705', 'hex:0408'] } } },
    'hex:0707',
    'choice:face-N',
  ],
  expect: {
    units: { 'F-A1': { hex: '0806', facing: 'NW' }, 'F-A2': { hex: '0806', facing: 'NW' }, 'F-G1': { hex: '0707', facing: 'N' } },
    turn: 1,
    decision: { player: 0, kind: 'move' },
  },
})
// 11: a General Retreat Order moves a unit with a single open rear hex there without asking, and
// leaves in place a unit with none ("must (if possible) retreat one hex").
add({
  id: '11-general-retreat-forced-and-impossible',
  rule: '11, 4.1',
  description:
    'General Retreat Order to F1: F-A1 (0505, facing N) has only 0506 open (0405 and 0605 are in the ZOC of Swiss pikes) and backs there unasked; F-A2 (0808, facing N) has no rear hex on the map and stays.',
  units: [
    fr('F-A1', 'aventuriers', '0505'),
    fr('F-A2', 'aventuriers', '0808'),
    sw('S-P2', 'swiss-pike', '0404', 'S'),
    sw('S-P3', 'swiss-pike', '0604', 'S'),
  ],
  start: SW_RETREAT,
  dice: [],
  actions: ['wing:F1'],
  expect: { units: { 'F-A1': { hex: '0506', facing: 'N' }, 'F-A2': { hex: '0808' } }, events: [{ type: 'retreated', unit: 'F-A1', from: '0505', to: '0506' }], wings: { F1: { morale: 3 } } },
})
// 14.2 step 1: "moved back one hex toward the south" — from an even column S, SE and SW all lead
// south; the French player chooses among those free of the enemy and of enemy ZOCs.
add({
  id: '14.2-night-fall-back-hex-chosen',
  rule: '14.2',
  description: 'At the night reorganisation a French unit next to the enemy falls back one hex south: from 0404 (even column) 0305, 0405 and 0505 are all southward and open, and the French player picks one.',
  units: [fr('F-A1', 'aventuriers', '0404', 'S'), sw('S-P1', 'swiss-pike', '0403', 'N')],
  turns: 2,
  rules: { nightReorganisation: 1, fortificationMarkers: 4 },
  start: FR_MELEE,
  dice: [],
  actions: [{ expect: { phase: 'night-reorganisation', decision: { player: 1, kind: 'night-back', subject: 'F-A1', legal: ['hex:0305', 'hex:0405', 'hex:0505'] } } }, 'hex:0505'],
  expect: { units: { 'F-A1': { hex: '0505', facing: 'S' } }, events: [{ type: 'retreated', unit: 'F-A1', from: '0404', to: '0505' }], decision: { player: 1, kind: 'night-place' } },
})
// 12.5: "A leader can move freely with routed units, but he is not eliminated by an impossibility of
// rout, and he can always be repositioned to the nearest friendly unit if he is isolated."
// Read as: the owner of a routing unit says, for each commander stacked with it, whether he goes
// along ("can": the player's choice); going along costs the commander nothing ("freely": he may
// still make his own move in his movement phase). A commander is isolated when no friendly combat
// unit stands in his hex; one a combat or a rout left so may be moved ("can") by his owner to the
// hex of any of the nearest friendly units, or stay; one whose hex the enemy enters must go.
// Geometry of these positions (8x8 map): 0505 -> 0506 -> 0507 -> 0508 is the only direct path
// south from the odd column 05; 0207 and 0807 are both 3 hexes from 0508 and 0507; 0202 and
// 0802 both 3 hexes from 0504.
const ROUTERS = [fr('F-R1', 'aventuriers', '0505', 'N', { status: 'routed' }), fr('F-A2', 'aventuriers', '0207'), fr('F-A3', 'aventuriers', '0807'), sw('S-P1', 'swiss-pike', '0502', 'N')]
add({
  id: '12.5-commander-goes-along-with-rout',
  rule: '12.5, 10.1',
  description:
    'A routed French unit starts its rout movement with its commander stacked: the French player has him go along; he moves with it hex by hex to the south edge, stays on the map when the unit runs off it, may then be repositioned to either nearest friendly unit (3 hexes each), and still has his own move.',
  // the Swiss pike at 0502 is 3 hexes away: no rally test in the reorganisation phase (2.1: four or more)
  units: ROUTERS,
  leaders: [{ id: 'LF1', hex: '0505' }],
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [
    { expect: { decision: { player: 1, kind: 'rout-follow', subject: 'F-R1', legal: ['unit:LF1', 'choice:end'] } } },
    'unit:LF1',
    { expect: { leaders: { LF1: { hex: '0508', status: 'ok' } }, units: { 'F-R1': { status: 'exited' } }, decision: { player: 1, kind: 'reposition', subject: 'LF1', legal: ['hex:0207', 'hex:0807', 'choice:stop'] } } },
    'hex:0807',
  ],
  expect: {
    events: [
      { type: 'leader-follows', leader: 'LF1', unit: 'F-R1' },
      { type: 'leader-moved', leader: 'LF1', to: '0506' },
      { type: 'leader-moved', leader: 'LF1', to: '0507' },
      { type: 'leader-moved', leader: 'LF1', to: '0508' },
      { type: 'eliminated', unit: 'F-R1', why: 'routed off the friendly edge' },
      { type: 'leader-moved', leader: 'LF1', to: '0807' },
    ],
    leaders: { LF1: { hex: '0807', status: 'ok' } },
    wings: { F1: { morale: 3 } },
    decision: { player: 1, kind: 'move', legalIncludes: ['unit:LF1'] },
  },
})
add({
  id: '12.5-commander-stays-behind',
  rule: '12.5, 10.1',
  description: 'The French player keeps the commander where he is: the routed unit runs off alone; left without a unit, he may be repositioned to either nearest friendly unit (4 hexes each) or stay, and stays.',
  units: ROUTERS,
  leaders: [{ id: 'LF1', hex: '0505' }],
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [
    { expect: { decision: { player: 1, kind: 'rout-follow', subject: 'F-R1' } } },
    'choice:end',
    { expect: { units: { 'F-R1': { status: 'exited' } }, leaders: { LF1: { hex: '0505' } }, decision: { player: 1, kind: 'reposition', subject: 'LF1', legal: ['hex:0207', 'hex:0807', 'choice:stop'] } } },
    'choice:stop',
  ],
  expect: { leaders: { LF1: { hex: '0505', status: 'ok' } }, events: [{ type: 'rout-move', unit: 'F-R1', path: ['0506', '0507', '0508'] }], decision: { player: 1, kind: 'move' } },
})
add({
  id: '12.5-commander-survives-blocked-rout',
  rule: '12.5, 4.2, 10.1',
  description:
    'A routed unit whose only route south is held by the Swiss is eliminated; the commander who went along with it is not ("not eliminated by an impossibility of rout") and may be repositioned to a nearest friendly unit.',
  units: [fr('F-R1', 'aventuriers', '0507', 'N', { status: 'routed' }), fr('F-A2', 'aventuriers', '0207'), fr('F-A3', 'aventuriers', '0807'), sw('S-P1', 'swiss-pike', '0508', 'N')],
  leaders: [{ id: 'LF1', hex: '0507' }],
  start: { phase: 'rout', active: 'french' },
  dice: [],
  actions: [
    { expect: { decision: { player: 1, kind: 'rout-follow', subject: 'F-R1', legal: ['unit:LF1', 'choice:end'] } } },
    'unit:LF1',
    { expect: { units: { 'F-R1': { status: 'eliminated' } }, leaders: { LF1: { hex: '0507', status: 'ok' } }, decision: { player: 1, kind: 'reposition', subject: 'LF1', legal: ['hex:0207', 'hex:0807', 'choice:stop'] } } },
    'hex:0207',
  ],
  expect: {
    events: [{ type: 'leader-follows', leader: 'LF1' }, { type: 'eliminated', unit: 'F-R1', why: 'rout movement blocked' }, { type: 'leader-moved', leader: 'LF1', to: '0207' }],
    leaders: { LF1: { hex: '0207', status: 'ok' } },
    wings: { F1: { morale: 3 } },
  },
})
// The melee of 13.3-advance-after-combat (gendarmes 8 against the replacement pikes, die 4: the
// defender is eliminated) with a Swiss commander (no melee bonus) in the defending hex: he rolls
// for injury with +2, all his hex's units gone (12.5): 3 + 2 = 5, unhurt.
const LONE = [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike-r', '0504'), sw('S-P2', 'swiss-pike', '0202'), sw('S-P3', 'swiss-pike', '0802')]
add({
  id: '12.5-isolated-commander-may-stay',
  rule: '12.5, 13.3',
  description: 'The units stacked with a Swiss commander are eliminated in melee: once the French decline to advance, the Swiss player may reposition him to either nearest unit (3 hexes each) or leave him, and leaves him.',
  units: LONE,
  leaders: [{ id: 'LS1', hex: '0504', rating: 0 }],
  start: FR_MELEE,
  dice: [4, 3],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack', 'choice:end', { expect: { decision: { player: 0, kind: 'reposition', subject: 'LS1', legal: ['hex:0202', 'hex:0802', 'choice:stop'] } } }, 'choice:stop'],
  expect: { events: [{ type: 'eliminated', unit: 'S-P1' }, { type: 'rolled', value: 3 }], leaders: { LS1: { hex: '0504', status: 'ok' } } },
})
add({
  id: '12.5-commander-must-leave-when-the-enemy-enters',
  rule: '12.5, 13.3, 5',
  description: 'The same melee, and the gendarmes advance into the hex the Swiss commander is left in: the armies never share a hex, so the Swiss player must move him to one of the nearest Swiss units (no choice to stay).',
  units: LONE,
  leaders: [{ id: 'LS1', hex: '0504', rating: 0 }],
  start: FR_MELEE,
  dice: [4, 3],
  actions: ['hex:0504', 'unit:F-G1', 'choice:attack', 'unit:F-G1', 'choice:face-N', { expect: { decision: { player: 0, kind: 'reposition', subject: 'LS1', legal: ['hex:0202', 'hex:0802'] } } }, 'hex:0802'],
  expect: { units: { 'F-G1': { hex: '0504' } }, leaders: { LS1: { hex: '0802', status: 'ok' } }, events: [{ type: 'leader-moved', leader: 'LS1', to: '0802' }] },
})
// 11: "If not in the ZOC of a hostile cavalry unit, friendly cavalry units may attempt to retreat" —
// the text sets no other condition: a cavalry unit with no enemy beside it may back off too.
add({
  id: '11-cavalry-retreat-away-from-the-enemy',
  rule: '11, 2.1',
  description: 'Passive gendarmes with no enemy beside them may still attempt a retreat: 2+2 = 4 passes against morale 9; they back into the rear hex the French player picks, keeping their facing.',
  units: [fr('F-G1', 'gendarmes', '0505'), sw('S-P1', 'swiss-pike', '0502')],
  start: SW_RETREAT,
  dice: [2, 2],
  actions: [{ expect: { decision: { player: 1, kind: 'retreat', legalIncludes: ['unit:F-G1'] } } }, 'unit:F-G1', { expect: { decision: { player: 1, kind: 'retreat-hex', legal: ['hex:0605', 'hex:0506', 'hex:0405'] } } }, 'hex:0506'],
  expect: { units: { 'F-G1': { hex: '0506', facing: 'N' } }, events: [{ type: 'test', unit: 'F-G1', roll: 4, passed: true }, { type: 'retreated', unit: 'F-G1', from: '0505', to: '0506' }] },
})
// 7.1: the new Swiss captain "is placed ... at the beginning of the reorganization phase of the
// Swiss army"; the text names no hex: the Swiss player places him with a unit of his corps.
add({
  id: '7.1-swiss-replacement-placed-by-the-player',
  rule: '7.1, 12.5',
  description: 'An injured Swiss captain dies under fire (4 + 2, his hex emptied: 6); at the next Swiss reorganisation phase the Swiss player places his replacement with one of the two units left in his corps.',
  units: [fr('F-C1', 'cannon', '0505'), sw('S-P1', 'swiss-pike-6', '0504'), sw('S-P2', 'swiss-pike', '0202'), sw('S-P3', 'swiss-pike', '0702')],
  leaders: [
    { id: 'LF1', hex: '0505', fire: 1 },
    { id: 'LS1', hex: '0504' },
  ],
  start: { ...FR_OFIRE, leaders: { LS1: { status: 'injured' } } },
  dice: [6, 4],
  actions: ['unit:F-C1', 'hex:0504', 'choice:fire', { expect: { turn: 2, phase: 'reorganisation', decision: { player: 0, kind: 'replace-hex', subject: 'LS1', legal: ['hex:0202', 'hex:0702'] } } }, 'hex:0702'],
  expect: { leaders: { LS1: { status: 'ok', hex: '0702' } }, events: [{ type: 'leader-killed', leader: 'LS1' }, { type: 'leader-replaced', leader: 'LS1', hex: '0702' }] },
})
// 9.2: "Commitment corresponds to a unit being placed in the ZOC of a hostile unit". A stack moves
// unit by unit here (9, see the notes): the second unit joining its stack-mate (same facing, 3)
// places the enemy in no ZOC it was not already in, so the enemy is not committed again.
add({
  id: '9.2-second-unit-of-a-stack-commits-no-one-again',
  rule: '9.2, 9, 3',
  description:
    'Two aventuriers move one after the other into 0505, in the front of a Swiss pike: each tests to enter the ZOC (3+3 = 6 against 6), the pike is committed once (2+2 = 4 against 8) — by the first; the second joins its stack-mate (1 MP: it began the phase in F-A1\'s hex, so no friendly-occupied +1, 9) and commits no one again: six dice in all.',
  units: [fr('F-A1', 'aventuriers', '0506'), fr('F-A2', 'aventuriers', '0506'), sw('S-P1', 'swiss-pike', '0504', 'S')],
  start: FR_MOVE,
  dice: [3, 3, 2, 2, 3, 3],
  actions: ['unit:F-A1', 'hex:0505', 'unit:F-A2', 'hex:0505'],
  expect: {
    units: { 'F-A1': { hex: '0505' }, 'F-A2': { hex: '0505', facing: 'N' }, 'S-P1': { status: 'ordered' } },
    events: [{ type: 'committed', unit: 'S-P1', rear: false }, { type: 'moved', unit: 'F-A2', to: '0505', cost: 1 }],
    rolls: 6,
  },
})
// 10.1: "the routed units of the active player must perform rout movement" before any other unit
// moves; which goes first is the player's. Two routed French units in column 05 with the Swiss 3
// and 2 hexes off (no rally test, 2.1): the French player sends F-R2 (0504) first; it passes through
// F-R1's hex 0505 (routed units do not test, +1 MP for the friendly hex) and runs off the edge
// (5 MP: 0505 2, 0506 1, 0507 1, 0508 1), then F-R1 follows, unasked.
add({
  id: '10.1-rout-order-chosen',
  rule: '10.1',
  description: 'At the start of the French movement phase two routed units must rout; the French player names the one that goes first.',
  units: [fr('F-R1', 'aventuriers', '0505', 'N', { status: 'routed' }), fr('F-R2', 'aventuriers', '0504', 'N', { status: 'routed' }), sw('S-P1', 'swiss-pike', '0502', 'N')],
  start: { phase: 'command', active: 'french' },
  dice: [],
  actions: [{ expect: { phase: 'rout', decision: { player: 1, kind: 'rout-order', legal: ['unit:F-R1', 'unit:F-R2'] } } }, 'unit:F-R2'],
  expect: {
    units: { 'F-R1': { status: 'exited' }, 'F-R2': { status: 'exited' } },
    events: [
      { type: 'rout-move', unit: 'F-R2', path: ['0505', '0506', '0507', '0508'] },
      { type: 'eliminated', unit: 'F-R2', why: 'routed off the friendly edge' },
      { type: 'rout-move', unit: 'F-R1', path: ['0506', '0507', '0508'] },
      { type: 'eliminated', unit: 'F-R1', why: 'routed off the friendly edge' },
    ],
    decision: { player: 1, kind: 'move' },
  },
})
// 11: "On a General Retreat Order, all the units of an army corps must (if possible) retreat one
// hex" — the text fixes no order among them, so the owner names which backs off next (while two or
// more can). F-A1 (0505, facing N) has only 0506 behind it outside the ZOCs of S-P2 (0404 facing S:
// 0305 0405 0505) and S-P3 (0604 facing S: 0505 0605 0705); 0506 holds F-A2 (F1) and F-X (F2), two
// infantry, full (5.2). Scenario order (F-A1 first) would leave F-A1 blocked; the French player
// sends F-A2 first: it backs to one of its rear hexes 0406 / 0507 / 0606 (his pick: 0507), which
// leaves room in 0506, and F-A1, alone left, takes its only hex unasked, keeping facing N. No tests,
// F1 morale 5 - 2 = 3 (8.2).
add({
  id: '11-general-retreat-order-chosen',
  rule: '11, 5.2, 8.2',
  description: 'General Retreat Order to F1: the French player names the unit that backs off first (F-A2), which frees room in 0506 for F-A1.',
  units: [
    fr('F-A1', 'aventuriers', '0505'),
    fr('F-A2', 'aventuriers', '0506'),
    fr('F-X', 'aventuriers', '0506', 'N', { wing: 'F2' }),
    sw('S-P2', 'swiss-pike', '0404', 'S'),
    sw('S-P3', 'swiss-pike', '0604', 'S'),
  ],
  start: SW_RETREAT,
  dice: [],
  actions: [
    'wing:F1',
    { expect: { decision: { player: 1, kind: 'retreat-order', legal: ['unit:F-A1', 'unit:F-A2'] } } },
    'unit:F-A2',
    { expect: { decision: { player: 1, kind: 'retreat-hex', subject: 'F-A2', legal: ['hex:0406', 'hex:0507', 'hex:0606'] } } },
    'hex:0507',
  ],
  expect: {
    units: { 'F-A1': { hex: '0506', facing: 'N' }, 'F-A2': { hex: '0507', facing: 'N' }, 'F-X': { hex: '0506' } },
    events: [
      { type: 'retreated', unit: 'F-A2', from: '0506', to: '0507' },
      { type: 'retreated', unit: 'F-A1', from: '0505', to: '0506' },
    ],
    wings: { F1: { morale: 3 } },
    rolls: 0,
  },
})
// 14.2 step 1: "all French units adjacent to the enemy are moved back one hex toward the south, if
// possible. A unit which is unable of moving back ... remains in place" — no order is set, so the
// French player names the next unit. F-A1 and F-A2 (0404, even column, facing S) are next to S-P1
// (0403); their southward hexes are 0305, 0405 and 0505; 0305 and 0405 hold two French infantry
// each (full, 5.2), 0505 one: room for one more. Scenario order would send F-A1 there; the French
// player names F-A2, which takes 0505 (its only open hex, unasked); F-A1 then has none and stays.
add({
  id: '14.2-night-fall-back-order-chosen',
  rule: '14.2, 5.2',
  description: 'At the night reorganisation two French units next to the enemy share one free place to the south; the French player names the one that falls back first and takes it.',
  units: [
    fr('F-A1', 'aventuriers', '0404', 'S'),
    fr('F-A2', 'aventuriers', '0404', 'S'),
    fr('F-B1', 'aventuriers', '0305', 'S'),
    fr('F-B2', 'aventuriers', '0305', 'S'),
    fr('F-B3', 'aventuriers', '0405', 'S'),
    fr('F-B4', 'aventuriers', '0405', 'S'),
    fr('F-B5', 'aventuriers', '0505', 'S'),
    sw('S-P1', 'swiss-pike', '0403', 'N'),
  ],
  turns: 2,
  rules: { nightReorganisation: 1, fortificationMarkers: 4 },
  start: FR_MELEE,
  dice: [],
  actions: [{ expect: { phase: 'night-reorganisation', decision: { player: 1, kind: 'night-order', legal: ['unit:F-A1', 'unit:F-A2'] } } }, 'unit:F-A2'],
  expect: {
    units: { 'F-A1': { hex: '0404', facing: 'S' }, 'F-A2': { hex: '0505', facing: 'S' }, 'F-B5': { hex: '0505' } },
    events: [{ type: 'retreated', unit: 'F-A2', from: '0404', to: '0505' }],
    decision: { player: 1, kind: 'night-place' },
    rolls: 0,
  },
})
const BUILTIN: Record<string, Obj> = {
  '8.2-five-corps-demoralised': { morale: { ROI: 0, BOU: 0, BAY: 0, PAL: 0, TRI: 0 } },
  '8.1-swiss-army-demoralised': { army: 0 },
}
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
    scenario: BUILTIN[d.id] ? 'marignan-1515-first-day' : scenario(d),
    ...(BUILTIN[d.id] ? { start: BUILTIN[d.id] } : d.start ? { start: d.start } : {}),
    seed: 1,
    dice: d.dice,
    actions: d.actions,
    expect: d.expect,
  }
  writeFileSync(new URL(`${d.id}.json`, dir), JSON.stringify(fx, null, 1) + '\n')
}
console.log(`wrote ${defs.length} fixtures`)
