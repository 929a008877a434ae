// Writes the hbl conformance fixtures (test/fixtures/hbl/*.json) from the posts'
// worked examples and rules. Every number asserted here is the TEXT's (the die
// each side rolls, the totals, UI and chips); dice are forced to the posts'
// rolls. Run: npx tsx test/hbl/build-fixtures.ts
import { writeFileSync } from 'node:fs'

type Obj = Record<string, unknown>
const OUT = new URL('../fixtures/hbl/', import.meta.url)

interface U {
  id: string
  side: 0 | 1
  wing: string
  type: string
  hex: string
  facing: string
  [k: string]: unknown
}

/** An inline 12x12 scenario: open ground unless `terrain` rows are given; one commander per command. */
function scenario(id: string, units: U[], o: { variant?: string; terrain?: string[]; hexsides?: Obj[]; chips?: [number, number]; rating?: Record<string, number>; edges?: [string, string]; decks?: [Obj, Obj]; turns?: number } = {}): Obj {
  const wings = [...new Set(units.map((u) => u.wing))]
  const side = (w: string) => (units.find((u) => u.wing === w) as U).side
  const leaderHex = ['0101', '0201', '0301', '1212', '1112', '1012', '0112', '1201']
  return {
    format: 'tercio-scenario/1',
    id: id.replace(/[^A-Za-z0-9._-]/g, '-'),
    name: `fixture ${id}`,
    ruleset: 'hbl',
    map: {
      cols: 12,
      rows: 12,
      legend: { '.': 'open', h: 'hill', b: 'broken', w: 'woods' },
      terrain: o.terrain ?? Array.from({ length: 12 }, () => '............'),
      ...(o.hexsides ? { hexsides: o.hexsides } : {}),
    },
    sides: [
      { id: 'red', name: 'Red', edge: o.edges?.[0] ?? 'S' },
      { id: 'blue', name: 'Blue', edge: o.edges?.[1] ?? 'N' },
    ],
    wings: wings.map((w) => ({ id: w, side: side(w), name: w, commander: `L-${w}` })),
    leaders: wings.map((w, i) => ({ id: `L-${w}`, side: side(w), name: `officer of ${w}`, role: 'command', wing: w, rating: o.rating?.[w] ?? 10, hex: leaderHex[i] })),
    units,
    turns: o.turns ?? 6,
    rules: { ...(o.variant ? { variant: o.variant } : {}), ...(o.chips ? { chips: o.chips } : {}), ...(o.decks ? { decks: o.decks } : {}) },
  }
}

const fixtures = new Map<string, Obj[]>()
function add(file: string, f: Obj): void {
  const list = fixtures.get(file) ?? []
  list.push({ format: 'tercio-fixture/1', ruleset: 'hbl', ...f })
  fixtures.set(file, list)
}
const X = (expect: Obj) => ({ expect })
/** The owner's rout steps (H18: where several steps toward the edge are equally near, the owner chooses). */
const routBy = (...hexes: string[]): string[] => hexes.map((h) => `hex:${h}`)

// Spare units far from the fight keep each army alive when a fighting unit is destroyed.
const spares: U[] = [
  { id: 'R-X', side: 0, wing: 'R-2', type: 'archer-cavalry', hex: '0112', facing: 'N' },
  { id: 'B-X', side: 1, wing: 'B-2', type: 'archer-cavalry', hex: '1201', facing: 'S' },
]

// ---- Combat 1 (18 January): Lance Spezzate v French 'archer' cavalry ------------------------
{
  const sc = scenario('hbl-combat-1', [
    { id: 'R-ARC', side: 0, wing: 'R-1', type: 'archer-cavalry', hex: '0505', facing: 'N' },
    { id: 'B-LS', side: 1, wing: 'B-1', type: 'lance-spezzate', hex: '0504', facing: 'S' },
    ...spares,
  ], { variant: '2013-01-18' })
  add('e1-combat-1.json', {
    id: 'hbl-E1-combat-1',
    rule: 'E1 melee',
    description: 'Combat 1 (18 January rules): three rounds, Red initiating on its Melee card; totals Red 4 UI and 4 chips, Blue 2 UI and 2 chips. Round 3 takes the archers\' last 2 UI: "Red is routed. It immediately turns and routs 12"" (6 hexes toward its edge), still on the map; Blue rolled odd and pursues.',
    $comment: 'Three Melee cards turned by Red (pips named in start). The last two dice are the next initiative roll, outside the example.',
    scenario: sc,
    start: { pips: [3, 0], first: 0, next: { '0': ['melee', 'melee', 'melee'] } },
    dice: [8, 6, 7, 7, 3, 9, 6, 2],
    actions: [
      X({ decision: { player: 0, kind: 'melee', legal: ['unit:R-ARC', 'choice:end'] } }),
      'unit:R-ARC',
      'unit:B-LS',
      X({
        events: [{ type: 'melee', a: 'R-ARC', b: 'B-LS', dieA: 'D10', dieB: 'D12+1', totalA: 8, totalB: 7, band: 'marginal', winner: 'R-ARC' }],
        units: { 'R-ARC': { uiLost: 1, chipsLost: 1, followingUp: true }, 'B-LS': { uiLost: 1, chipsLost: 1, followingUp: false } },
        decision: { player: 0, kind: 'melee', legal: ['unit:R-ARC'] },
      }),
      'unit:R-ARC',
      'unit:B-LS',
      X({
        events: [{ type: 'melee', dieA: 'D8', dieB: 'D12', totalA: 7, totalB: 7, band: 'no-advantage', winner: null }],
        units: { 'R-ARC': { uiLost: 2, chipsLost: 2, followingUp: false }, 'B-LS': { uiLost: 2, chipsLost: 2, followingUp: false } },
      }),
      'unit:R-ARC',
      'unit:B-LS',
    ],
    expect: {
      events: [
        { type: 'melee', dieA: 'D4', dieB: 'D10', totalA: 3, totalB: 9, band: 'routed', winner: 'B-LS' },
        { type: 'ui-lost', unit: 'R-ARC', ui: 2, lost: 4 },
        { type: 'routed', unit: 'R-ARC', path: ['0506', '0507', '0508', '0509', '0510', '0511'] },
        { type: 'followed-up', unit: 'B-LS', to: '0505' },
      ],
      units: { 'R-ARC': { uiLost: 4, chipsLost: 4, routed: true, hex: '0511', eliminated: false }, 'B-LS': { uiLost: 2, chipsLost: 2, hex: '0505', eliminated: false } },
      wings: { 'R-1': { armyChips: 8 - 4 }, 'B-1': { armyChips: 8 - 2 } },
      decision: { player: 0, kind: 'initiative-order' },
    },
  })
  // The 31 January version of round 3: Fierce counts as following up after the 0-pip round 2.
  const sc31 = scenario('hbl-combat-1-31', [
    { id: 'R-ARC', side: 0, wing: 'R-1', type: 'archer-cavalry', hex: '0505', facing: 'N' },
    { id: 'B-LS', side: 1, wing: 'B-1', type: 'lance-spezzate', hex: '0504', facing: 'S' },
    ...spares,
  ])
  add('e1-combat-1.json', {
    id: 'hbl-E1-round-2-fierce-follow-up-31-january',
    rule: 'E1 fierce',
    description: 'Under the 31 January amendment the Fierce Lance Spezzate count as following up after the 0-pip round 2, so round 3 is D12 for Blue, not the D10 of the 18 January example.',
    scenario: sc31,
    start: { pips: [2, 0], first: 0, next: { '0': ['melee', 'melee'] }, units: { 'R-ARC': { lost: 1 }, 'B-LS': { lost: 1 } }, melees: [['R-ARC', 'B-LS', 'R-ARC']] },
    dice: [7, 7, 3, 9, 6, 2],
    actions: ['unit:R-ARC', 'unit:B-LS', X({ units: { 'B-LS': { followingUp: true } } }), 'unit:R-ARC', 'unit:B-LS'],
    expect: { events: [{ type: 'melee', dieA: 'D8', dieB: 'D12', band: 'no-advantage' }, { type: 'melee', dieA: 'D4', dieB: 'D12', totalB: 9 }] },
  })
}

// ---- Combat 2 (18 January): Gendarmes flank attack on Landsknechts ------------------------
{
  const sc = scenario('hbl-combat-2', [
    { id: 'R-LK', side: 0, wing: 'R-1', type: 'landsknechts', hex: '0505', facing: 'N' },
    { id: 'B-GEN', side: 1, wing: 'B-1', type: 'gendarmes', hex: '0706', facing: 'NW' },
    ...spares,
  ], { variant: '2013-01-18' })
  add('e2-combat-2.json', {
    id: 'hbl-E2-combat-2',
    rule: 'E2 melee',
    description:
      'Combat 2: the Gendarmes move into the Landsknechts\' flank and fight without a Melee card (D12+4 v D10), the Landsknechts hold with a stubborn chip and refuse the flank; round 2 (D12+3 v D10) routs them, converted to a push back, 5 UI and 6 chips; the officer attaches and rallies 3 UI for 3 chips (D12 v D8); round 3 (D12 v D12+3) pushes the Gendarmes back, who cannot be followed to a flank. Totals: Red 3 UI and 11 chips, Blue 1 UI and 1 chip.',
    $comment: 'The activation roll (5 v 3) and the last two dice (next initiative) are not in the text. Red turns the round-3 Melee card, so the Landsknechts roll first.',
    scenario: sc,
    start: { pips: [2, 2], first: 1, next: { '1': ['march', 'melee'], '0': ['command', 'melee'] } },
    dice: [5, 3, 10, 9, 10, 3, 11, 2, 11, 4, 6, 2],
    actions: [
      'wing:B-1',
      'unit:B-GEN',
      'hex:0605',
      X({ decision: { player: 1, kind: 'charge', subject: 'B-GEN', legal: ['unit:R-LK', 'choice:pass'] } }),
      'unit:R-LK',
      X({
        events: [{ type: 'melee', a: 'B-GEN', b: 'R-LK', dieA: 'D12+4', dieB: 'D10', totalA: 12, totalB: 9, band: 'decisive', winner: 'B-GEN' }],
        units: { 'R-LK': { uiLost: 1, vexed: true, refused: 'SE' } },
        decision: { player: 0, kind: 'hold', subject: 'R-LK' },
      }),
      'choice:yes',
      X({ units: { 'R-LK': { uiLost: 1, chipsLost: 2, hex: '0505' }, 'B-GEN': { followingUp: true } } }),
      'choice:end',
      'unit:B-GEN',
      'unit:R-LK',
      X({
        events: [{ type: 'melee', dieA: 'D12+3', dieB: 'D10', totalA: 12, totalB: 3, band: 'routed' }],
        decision: { player: 0, kind: 'convert', subject: 'R-LK' },
      }),
      'choice:yes',
      X({ decision: { player: 1, kind: 'follow-up', subject: 'B-GEN' }, units: { 'R-LK': { hex: '0404', uiLost: 6, chipsLost: 8, vexed: true } } }),
      'choice:yes',
      X({ units: { 'B-GEN': { hex: '0505', followingUp: true } }, decision: { player: 0, kind: 'rally', legalIncludes: ['unit:R-LK'] } }),
      'unit:R-LK',
      X({ decision: { player: 0, kind: 'attach', subject: 'R-LK' } }),
      'choice:yes',
      X({
        events: [{ type: 'rallied', unit: 'R-LK', die: 'D12', total: 11, opposed: 2, pips: 9, ui: 3 }],
        units: { 'R-LK': { vexed: false } },
        decision: { player: 0, kind: 'rally-buy', legal: ['choice:buy-0', 'choice:buy-1', 'choice:buy-2', 'choice:buy-3'] },
      }),
      'choice:buy-3',
      X({ units: { 'R-LK': { uiLost: 3, chipsLost: 11 } }, decision: { player: 0, kind: 'melee', legal: ['unit:R-LK'] } }),
      'unit:R-LK',
      'unit:B-GEN',
      X({
        events: [{ type: 'melee', a: 'R-LK', b: 'B-GEN', dieA: 'D12', dieB: 'D12+3', totalA: 11, totalB: 7, band: 'decisive', winner: 'R-LK' }, { type: 'pushed-back', unit: 'B-GEN', to: '0605' }],
        decision: { player: 0, kind: 'refused-flank', subject: 'R-LK', legal: ['choice:turn-back', 'choice:keep', 'choice:face-enemy'] },
      }),
      'choice:keep',
    ],
    expect: {
      units: {
        'R-LK': { uiLost: 3, chipsLost: 11, hex: '0404', refused: 'SE', pinned: true, melee: [] },
        'B-GEN': { uiLost: 1, chipsLost: 1, vexed: true, hex: '0605', melee: [] },
      },
      decision: { player: 0, kind: 'initiative-order' },
    },
  })
}

// ---- Combat 3 (18 January): the Swiss square v two Landsknecht blocks and a gun ------------------
{
  const terrain = Array.from({ length: 12 }, () => '............')
  terrain[2] = '.....w......' // 0603: type III behind L2, which blocks its push backs
  const sc = scenario('hbl-combat-3', [
    { id: 'R-L1', side: 0, wing: 'R-1', type: 'landsknechts', hex: '0505', facing: 'S', name: 'Landsknecht pike block 1' },
    { id: 'R-L2', side: 0, wing: 'R-1', type: 'landsknechts', hex: '0604', facing: 'S', name: 'Landsknecht pike block 2' },
    { id: 'R-ART', side: 0, wing: 'R-3', type: 'artillery', hex: '0905', facing: 'S' },
    { id: 'B-SW', side: 1, wing: 'B-1', type: 'swiss-pike', hex: '0610', facing: 'N', name: 'Swiss square, 18 stands' },
    { id: 'R-X', side: 0, wing: 'R-2', type: 'archer-cavalry', hex: '0101', facing: 'S' },
    { id: 'B-X', side: 1, wing: 'B-2', type: 'archer-cavalry', hex: '1212', facing: 'N' },
  ], { variant: '2013-01-18', terrain, edges: ['N', 'S'] })
  add('e3-combat-3.json', {
    id: 'hbl-E3-combat-3',
    rule: 'E3 melee fire',
    description:
      "Combat 3 step by step: the gun fires as the Swiss march (D12+1 10 v 3: 2 UI, vexed, a move lost and bought back), the Fierce automatic melee v L1 (D12+2 10 v D12+1 4, rout converted), the optional melee v L2 (6 v 4: Fierce push back, blocked by type III, vexed again), the ongoing melee (3 v 6, push back held with a chip), L1 returns, the gun wheels, then reloads and fires into the melee (D12+2 12 v 4; D12+1 6 v 5 at friends), L2's ongoing melee (8 v 9) and L1's new one (8 v 1): the Swiss rout. Author's totals: Red 8 UI and 9 chips, Blue 9 UI and 11 chips.",
    $comment: 'The text reads "Red loses 2 morale chips" after the gunfire: the totals prove it is Blue (docs/rules/hbl.md, readings). The 9" gap is 5 empty hexes (d = 6), which one D8 move (4 hexes) cannot cover. Red\'s March roll (7 v 4) and the last two dice (next initiative) are not in the text.',
    scenario: sc,
    start: { pips: [4, 3], first: 1, next: { '1': ['march', 'melee', 'melee'], '0': ['march', 'artillery-action', 'artillery-action', 'melee'] } },
    dice: [8, 5, 9, 3, 8, 3, 4, 3, 1, 6, 7, 4, 12, 4, 5, 5, 7, 8, 7, 1, 6, 2],
    actions: [
      'wing:B-1',
      X({ events: [{ type: 'activated', wing: 'B-1', die: 8, opposed: 5, moves: 2 }], decision: { player: 0, kind: 'shoot', legal: ['unit:R-ART', 'choice:pass'] } }),
      'unit:R-ART',
      'unit:B-SW',
      X({
        events: [{ type: 'fired', unit: 'R-ART', target: 'B-SW', die: 'D12+1', total: 10, defence: 3, pips: 7 }, { type: 'vexed', unit: 'B-SW', again: false }],
        units: { 'B-SW': { uiLost: 2, chipsLost: 2, vexed: true, moves: 1 }, 'R-ART': { loaded: false } },
        decision: { player: 1, kind: 'negate', subject: 'B-SW' },
      }),
      'choice:yes',
      X({ units: { 'B-SW': { chipsLost: 3, moves: 2 } } }),
      'unit:B-SW',
      'hex:0609',
      'hex:0608',
      'hex:0607',
      'hex:0606',
      'hex:0605',
      X({ decision: { player: 1, kind: 'charge', subject: 'B-SW', legal: ['unit:R-L1', 'unit:R-L2', 'choice:pass'] } }),
      'unit:R-L1',
      X({
        events: [{ type: 'melee', a: 'B-SW', b: 'R-L1', dieA: 'D12+2', dieB: 'D12+1', totalA: 10, totalB: 4, band: 'routed', winner: 'B-SW' }],
        decision: { player: 0, kind: 'convert', subject: 'R-L1' },
      }),
      'choice:yes',
      X({ units: { 'R-L1': { hex: '0404', uiLost: 2, chipsLost: 3, vexed: true, melee: [] }, 'B-SW': { hex: '0605' } }, decision: { player: 1, kind: 'activate' } }),
      'choice:end',
      X({ decision: { player: 1, kind: 'melee', legal: ['unit:B-SW', 'choice:end'] } }),
      'unit:B-SW',
      'unit:R-L2',
      X({
        events: [{ type: 'melee', dieA: 'D12+2', dieB: 'D12+1', totalA: 6, totalB: 4, band: 'marginal', winner: 'B-SW' }, { type: 'pushed-back', unit: 'R-L2', blocked: true }, { type: 'vexed', unit: 'R-L2', again: true }],
        units: { 'R-L2': { uiLost: 2, chipsLost: 2, hex: '0604', melee: ['B-SW'] }, 'B-SW': { uiLost: 3, chipsLost: 4, followingUp: true } },
        decision: { player: 1, kind: 'melee', legal: ['unit:B-SW'] },
      }),
      'unit:B-SW',
      'unit:R-L2',
      X({ events: [{ type: 'melee', dieA: 'D12+2', dieB: 'D12', totalA: 3, totalB: 6, band: 'decisive', winner: 'R-L2' }], decision: { player: 1, kind: 'hold', subject: 'B-SW' } }),
      'choice:yes',
      X({ units: { 'B-SW': { uiLost: 4, chipsLost: 6, hex: '0605', followingUp: false }, 'R-L2': { followingUp: true } }, decision: { player: 0, kind: 'activate' } }),
      'wing:R-1',
      'unit:R-L1',
      'choice:wheel-left',
      'hex:0505',
      X({ units: { 'R-L1': { hex: '0505', facing: 'SE' } }, decision: { player: 0, kind: 'move-unit', legal: ['unit:R-L2', 'choice:end'] } }),
      'choice:end',
      'choice:end',
      X({ decision: { player: 0, kind: 'gun', legal: ['unit:R-ART', 'choice:end'] } }),
      'unit:R-ART',
      X({ decision: { player: 0, kind: 'gun-action', legal: ['choice:wheel-left', 'choice:wheel-right', 'choice:reload'] } }),
      'choice:wheel-right',
      X({ units: { 'R-ART': { facing: 'SW', loaded: false } } }),
      'unit:R-ART',
      'choice:reload',
      X({ decision: { player: 0, kind: 'shoot', legal: ['unit:R-ART', 'choice:pass'] } }),
      'unit:R-ART',
      'unit:B-SW',
      X({
        events: [
          { type: 'fired', target: 'B-SW', die: 'D12+2', total: 12, defence: 4, pips: 8 },
          { type: 'fired', target: 'R-L2', die: 'D12+1', total: 6, defence: 5, pips: 1 },
          { type: 'vexed', unit: 'R-L2', again: true },
        ],
        units: { 'B-SW': { uiLost: 6, chipsLost: 8, stubbornLeft: 0, vexed: true }, 'R-L2': { uiLost: 3, chipsLost: 3 } },
        decision: { player: 0, kind: 'melee', legal: ['unit:R-L2'] },
      }),
      'unit:R-L2',
      'unit:B-SW',
      X({
        events: [{ type: 'melee', a: 'R-L2', b: 'B-SW', dieA: 'D12+1', dieB: 'D12+1', totalA: 8, totalB: 9, band: 'marginal', winner: 'B-SW' }],
        units: { 'R-L2': { uiLost: 6, chipsLost: 6 }, 'B-SW': { uiLost: 7, chipsLost: 9 } },
        decision: { player: 0, kind: 'melee', legal: ['unit:R-L1', 'choice:end'] },
      }),
      'unit:R-L1',
      'unit:B-SW',
      X({ decision: { player: 1, kind: 'rout-hex', subject: 'B-SW', legal: ['hex:0506', 'hex:0606', 'hex:0706'] } }),
      ...routBy('0606', '0607', '0608', '0609', '0610', '0611'),
    ],
    expect: {
      events: [{ type: 'melee', a: 'R-L1', b: 'B-SW', dieA: 'D12+1', dieB: 'D12', totalA: 8, totalB: 1, band: 'routed', winner: 'R-L1' }, { type: 'routed', unit: 'B-SW' }, { type: 'followed-up', unit: 'R-L1', to: '0605' }],
      units: {
        'B-SW': { uiLost: 9, chipsLost: 11, routed: true, eliminated: false },
        'R-L1': { uiLost: 2, chipsLost: 3 },
        'R-L2': { uiLost: 6, chipsLost: 6 },
      },
      decision: { player: 0, kind: 'initiative-order' },
    },
  })
}

// ---- The sequence-and-initiative example of play (15 January) ------------------------------------
{
  // French = side 0 (friendly edge S), Imperials = side 1 (edge N).
  const terrain = Array.from({ length: 12 }, () => '............')
  terrain[8] = '....hh......' // a gentle hill (type II): 0509, 0609
  const units: U[] = [
    { id: 'I-SK1', side: 1, wing: 'I-LEFT', type: 'genitors', hex: '0202', facing: 'S' },
    { id: 'I-ARC', side: 1, wing: 'I-LEFT', type: 'archer-cavalry', hex: '0302', facing: 'S' },
    { id: 'I-INF', side: 1, wing: 'I-INFANTRY', type: 'landsknechts', hex: '0802', facing: 'S' },
    { id: 'F-CAV', side: 0, wing: 'F-RIGHT', type: 'light-cavalry', hex: '1111', facing: 'N' },
    { id: 'F-ITA', side: 0, wing: 'F-ITALIAN', type: 'landsknechts-small', hex: '1012', facing: 'N' },
    { id: 'F-CEN', side: 0, wing: 'F-CENTRE', type: 'colunela', hex: '0312', facing: 'N' },
    { id: 'F-GAS', side: 0, wing: 'F-GASCON', type: 'gascons', hex: '0512', facing: 'N' },
  ]
  const sc = scenario('hbl-sequence-1', units, { variant: '2013-01-15', terrain })
  add('e4-sequence.json', {
    id: 'hbl-E4-first-initiative-phase',
    rule: 'E4 initiative march',
    description:
      'First initiative phase of the sequence example: army dice 8 v 9 give 1 pip each; the Imperials (higher) go first and turn March; the left-wing cavalry rolls D10 10 v D8 4 (more: two moves of 6"), the archer cavalry spends one on a wheel; the infantry rolls 8 v 2 (more and triple: three moves of 8") and uses two; the French pip turns Army Morale, which does nothing; the next roll-off is 2 v 8 (6 pips each).',
    $comment: 'The post says "the French roll a 9 and the Imperials roll 8 ... The Imperials, rolling higher" : read as French 8, Imperials 9 (docs/rules/hbl.md, readings).',
    scenario: sc,
    start: { next: { '1': ['march'], '0': ['army-morale'] } },
    dice: [8, 9, 10, 4, 8, 2, 2, 8],
    actions: [
      X({ decision: { player: 1, kind: 'initiative-order', legal: ['choice:first', 'choice:second'] }, phase: 'initiative' }),
      'choice:first',
      X({ decision: { player: 1, kind: 'activate', legal: ['wing:I-LEFT', 'wing:I-INFANTRY', 'choice:end'] } }),
      'wing:I-LEFT',
      X({ events: [{ type: 'activated', wing: 'I-LEFT', die: 10, opposed: 4, moves: 2 }], units: { 'I-ARC': { moves: 2 }, 'I-SK1': { moves: 2 } } }),
      'unit:I-SK1',
      X({ decision: { kind: 'move', legal: ['hex:0203', 'hex:0103', 'hex:0303', 'choice:wheel-left', 'choice:wheel-right', 'choice:stop'] } }),
      'hex:0103',
      'choice:stop',
      'unit:I-ARC',
      X({ decision: { kind: 'move', legal: ['hex:0303', 'choice:wheel-left', 'choice:wheel-right', 'choice:stop'] } }),
      'choice:wheel-left',
      X({ units: { 'I-ARC': { facing: 'SE', moves: 1 } } }),
      'hex:0402',
      'hex:0503',
      'hex:0603',
      X({ units: { 'I-ARC': { hex: '0603', moves: 0 } }, decision: { player: 1, kind: 'activate', legal: ['wing:I-INFANTRY', 'choice:end'] } }),
      'wing:I-INFANTRY',
      X({ events: [{ type: 'activated', wing: 'I-INFANTRY', die: 8, opposed: 2, moves: 3 }] }),
      'unit:I-INF',
      'hex:0803',
      'hex:0804',
      'hex:0805',
      'hex:0806',
      'hex:0807',
      'hex:0808',
      'hex:0809',
      'hex:0810',
      'choice:stop',
      X({ units: { 'I-INF': { hex: '0810', moves: 0 } }, decision: { player: 0, kind: 'shoot' } }),
      'choice:pass',
    ],
    expect: {
      events: [{ type: 'card', side: 0, card: 'army-morale' }, { type: 'army-morale', side: 0, broken: false }, { type: 'initiative', rolls: [2, 8], pips: 6, higher: 1 }],
      decision: { player: 1, kind: 'initiative-order' },
    },
  })
  add('e4-sequence.json', {
    id: 'hbl-E4-lull-stolen-march',
    rule: 'E4 lull march',
    description:
      'The Lull: the French army die beats the Imperial one, so the French steal a pip and turn March: right-wing cavalry 6 v 8 (less: one move), the Italian command 6 v 5 (two), the centre rolls a 1 (no activation), the Gascons 7 v 4 (two moves of 4") stop on reaching the hill. Then play returns to the Imperials.',
    $comment: 'Lull rolls 3 v 7 (turning side first) are ours: the post only says the French die beat the Imperial die. The last two dice are the next initiative roll.',
    scenario: sc,
    start: { next: { '1': ['lull'], '0': ['march', 'army-morale'] } },
    dice: [3, 4, 3, 7, 6, 8, 6, 5, 1, 4, 7, 4, 5, 5, 3, 7],
    actions: [
      X({ decision: { player: 1, kind: 'initiative-order' } }),
      'choice:first',
      X({ events: [{ type: 'lull', side: 1, rolls: [7, 3], stolen: true }, { type: 'card', side: 0, card: 'march', stolen: true }], decision: { player: 0, kind: 'activate' }, phase: 'march' }),
      'wing:F-RIGHT',
      X({ events: [{ type: 'activated', wing: 'F-RIGHT', die: 6, opposed: 8, moves: 1 }] }),
      'choice:end',
      'wing:F-ITALIAN',
      X({ events: [{ type: 'activated', wing: 'F-ITALIAN', die: 6, opposed: 5, moves: 2 }] }),
      'choice:end',
      'wing:F-CENTRE',
      X({ events: [{ type: 'activated', wing: 'F-CENTRE', die: 1, opposed: 4, moves: 0 }], decision: { player: 0, kind: 'activate', legal: ['wing:F-GASCON', 'choice:end'] } }),
      'wing:F-GASCON',
      X({ events: [{ type: 'activated', wing: 'F-GASCON', die: 7, opposed: 4, moves: 2 }] }),
      'unit:F-GAS',
      'hex:0511',
      'hex:0510',
      X({ units: { 'F-GAS': { moves: 1 } } }),
      'hex:0509',
    ],
    expect: {
      units: { 'F-GAS': { hex: '0509', moves: 0 } },
      events: [{ type: 'initiative', rolls: [5, 5], pips: 0, higher: null }, { type: 'turn', turn: 2 }, { type: 'initiative', rolls: [3, 7], pips: 4, higher: 1 }],
      turn: 2,
      decision: { player: 1, kind: 'initiative-order' },
    },
  })
  add('e4-sequence.json', {
    id: 'hbl-E4-lull-not-stolen-on-equal',
    rule: 'E4 lull',
    description: 'The French turn a Lull; the Imperials "roll lower so fail to steal it. They must beat the French roll": equal rolls steal nothing either.',
    scenario: sc,
    start: { next: { '0': ['lull'], '1': ['formation-change'] } },
    dice: [5, 4, 6, 6],
    actions: ['choice:first'],
    expect: { events: [{ type: 'lull', side: 0, rolls: [6, 6], stolen: false }, { type: 'card', side: 1, card: 'formation-change' }], decision: { player: 1, kind: 'formation' } },
  })
}

{
  // The Genitors' close skirmishes with Borgia's Gendarmes, the Group Melee, the French Melee, the rally.
  const units: U[] = [
    { id: 'F-GEND', side: 0, wing: 'F-BORGIA', type: 'gendarmes', hex: '0606', facing: 'N', name: "Borgia's Gendarmes" },
    { id: 'I-GEN1', side: 1, wing: 'I-GENITORS', type: 'genitors', hex: '0603', facing: 'S' },
    { id: 'I-GEN2', side: 1, wing: 'I-GENITORS', type: 'genitors', hex: '0704', facing: 'S' },
    { id: 'I-HORSE', side: 1, wing: 'I-HORSEMEN', type: 'light-cavalry', hex: '1101', facing: 'S' },
    { id: 'I-FOOT', side: 1, wing: 'I-FOOTMEN', type: 'landsknechts', hex: '0101', facing: 'S' },
    { id: 'F-X', side: 0, wing: 'F-2', type: 'archer-cavalry', hex: '1112', facing: 'N' },
  ]
  const sc = scenario('hbl-sequence-2', units, { variant: '2013-01-15' })
  add('e4-sequence.json', {
    id: 'hbl-E4-cavalry-march-close-skirmishes',
    rule: 'E4 skirmish',
    description:
      'Imperial Cavalry March: one cavalry command rolls a 1 (no move); the Genitors roll 8 v 3 and close skirmish Borgia\'s Gendarmes twice. First: D8 8 (even) v D12+3 11, a loss on an even roll is a draw: both lose 1 UI and 1 chip, the Genitors pull back and the melee is over. Second: D8 7 v D12+2 (5+2) 7, a draw on odd rolls: both lose 1 UI and 1 chip, no follow-up, the melee is ongoing (15 January rules).',
    $comment: 'The first Genitors "8 + 3 = 11" is written "a difference of 4" in the post; it is 3 (the same band). The second command\'s D8 (5) and the last two dice (next initiative) are ours.',
    scenario: sc,
    start: { pips: [0, 1], first: 1, next: { '1': ['cavalry-march'] } },
    dice: [1, 5, 8, 3, 8, 8, 7, 5, 6, 2],
    actions: [
      X({ decision: { player: 1, kind: 'activate', legal: ['wing:I-GENITORS', 'wing:I-HORSEMEN', 'choice:end'] } }),
      'wing:I-HORSEMEN',
      X({ events: [{ type: 'activated', wing: 'I-HORSEMEN', die: 1, moves: 0 }] }),
      'wing:I-GENITORS',
      'unit:I-GEN1',
      'hex:0604',
      'hex:0605',
      X({ decision: { player: 1, kind: 'charge', subject: 'I-GEN1', legal: ['unit:F-GEND', 'choice:pass'] } }),
      'unit:F-GEND',
      X({
        events: [{ type: 'melee', a: 'I-GEN1', b: 'F-GEND', dieA: 'D8', dieB: 'D12+3', totalA: 8, totalB: 11, skirmish: true, band: 'no-advantage (close skirmish)' }],
        units: { 'I-GEN1': { hex: '0604', uiLost: 1, chipsLost: 1, melee: [], vexed: false }, 'F-GEND': { uiLost: 1, chipsLost: 1, melee: [] } },
      }),
      'unit:I-GEN2',
      'hex:0705',
      'hex:0706',
      'unit:F-GEND',
    ],
    expect: {
      events: [{ type: 'melee', a: 'I-GEN2', b: 'F-GEND', dieA: 'D8', dieB: 'D12+2', totalA: 7, totalB: 7, band: 'no-advantage', winner: null }],
      units: { 'I-GEN2': { uiLost: 1, chipsLost: 1, melee: ['F-GEND'], followingUp: false }, 'F-GEND': { uiLost: 2, chipsLost: 2, followingUp: false } },
      decision: { player: 0, kind: 'initiative-order' },
    },
  })
  add('e4-sequence.json', {
    id: 'hbl-E4-french-melee-fierce-push-back',
    rule: 'E4 melee fierce',
    description:
      'The French Melee card: the ongoing melee must be fought. Gendarmes CD 12, Up 1 formed in type I, Up 1 superior armour, Up 1 superior weapon, Down 2 for 2 UI lost: D12+1, 3+1 = 4; the Genitors CD 8, Down 1 fully armoured, Down 1 a stand lost: D4, 2. A marginal win, but Fierce: the Genitors are pushed back vexed (both still lose 1 UI); the Gendarmes rolled odd and must follow up.',
    $comment: 'The post names the pushed-back unit "the Stradiots" (the Genitors) and ends both combats after the follow-up; here the melee goes on after a follow-up (docs/rules/hbl.md, adaptations).',
    scenario: scenario('hbl-sequence-2c', units.map((u) => (u.id === 'I-GEN2' ? { ...u, hex: '0706' } : u)), { variant: '2013-01-15' }),
    start: { pips: [1, 1], first: 0, next: { '0': ['melee'], '1': ['formation-change'] }, units: { 'F-GEND': { lost: 2 }, 'I-GEN2': { lost: 1 } }, melees: [['I-GEN2', 'F-GEND', null]] },
    dice: [3, 2],
    actions: [X({ decision: { player: 0, kind: 'melee', legal: ['unit:F-GEND'] } }), 'unit:F-GEND', 'unit:I-GEN2'],
    expect: {
      events: [{ type: 'melee', a: 'F-GEND', b: 'I-GEN2', dieA: 'D12+1', dieB: 'D4', totalA: 4, totalB: 2, band: 'marginal', winner: 'F-GEND' }, { type: 'pushed-back', unit: 'I-GEN2', to: '0805' }, { type: 'followed-up', unit: 'F-GEND', to: '0706' }],
      units: { 'F-GEND': { uiLost: 3, hex: '0706', followingUp: true }, 'I-GEN2': { uiLost: 2, vexed: true, hex: '0805' } },
      decision: { player: 1, kind: 'formation' },
    },
  })
  add('e4-sequence.json', {
    id: 'hbl-E4-group-melee-nominates-a-quiet-command',
    rule: 'E4 group-melee',
    description: 'Group Melee: the Imperials nominate a command with no units in contact, so the ongoing Genitor melee is not fought.',
    scenario: scenario('hbl-sequence-2b', units.map((u) => (u.id === 'I-GEN2' ? { ...u, hex: '0706' } : u)), { variant: '2013-01-15' }),
    start: { pips: [0, 1], first: 1, next: { '1': ['group-melee'] }, units: { 'F-GEND': { lost: 2 }, 'I-GEN2': { lost: 1 } }, melees: [['I-GEN2', 'F-GEND', null]] },
    dice: [6, 2],
    actions: [X({ decision: { player: 1, kind: 'group-melee', legal: ['wing:I-GENITORS', 'wing:I-HORSEMEN', 'wing:I-FOOTMEN'] } }), 'wing:I-FOOTMEN'],
    expect: { units: { 'I-GEN2': { melee: ['F-GEND'], uiLost: 1 } }, decision: { player: 0, kind: 'initiative-order' } },
  })
}

// ---- Rules one at a time ----------------------------------------------------------------------
type Step = string | Obj

/** Two units in contact: R-A (Red, 0505 facing N) and B-B (Blue, 0504 facing S); `attacker` turns a Melee card, the other side a Formation Change card. */
function duel(file: string, o: { id: string; rule: string; description: string; red: Partial<U> & { type: string }; blue: Partial<U> & { type: string }; extra?: U[]; attacker?: 0 | 1; start?: Obj; dice: number[]; actions?: Step[]; expect: Obj; variant?: string; terrain?: string[]; hexsides?: Obj[]; chips?: [number, number]; comment?: string }): void {
  const att = o.attacker ?? 0
  const units: U[] = [
    { id: 'R-A', side: 0, wing: 'R-1', hex: '0505', facing: 'N', ...o.red },
    { id: 'B-B', side: 1, wing: 'B-1', hex: '0504', facing: 'S', ...o.blue },
    ...(o.extra ?? []),
    ...spares,
  ]
  add(file, {
    id: o.id,
    rule: o.rule,
    description: o.description,
    ...(o.comment ? { $comment: o.comment } : {}),
    scenario: scenario(`fx-${o.id}`.slice(0, 40), units, { ...(o.variant ? { variant: o.variant } : {}), ...(o.terrain ? { terrain: o.terrain } : {}), ...(o.hexsides ? { hexsides: o.hexsides } : {}), ...(o.chips ? { chips: o.chips } : {}) }),
    start: { pips: [1, 1], first: att, next: att === 0 ? { '0': ['melee'], '1': ['formation-change'] } : { '1': ['melee'], '0': ['formation-change'] }, ...(o.start ?? {}) },
    dice: o.dice,
    actions: o.actions ?? (att === 0 ? ['unit:R-A', 'unit:B-B'] : ['unit:B-B', 'unit:R-A']),
    expect: o.expect,
  })
}

/** Red shooter R-S (default 0510 facing N) fires at Blue B-T in the window that opens at the start of Red's Army Morale card. */
function shot(file: string, o: { id: string; rule: string; description: string; shooter: Partial<U> & { type: string }; target: Partial<U> & { type: string; hex: string }; extra?: U[]; start?: Obj; dice: number[]; actions?: Step[]; expect: Obj }): void {
  const units: U[] = [
    { id: 'R-S', side: 0, wing: 'R-1', hex: '0510', facing: 'N', ...o.shooter },
    { id: 'B-T', side: 1, wing: 'B-1', facing: 'S', ...o.target },
    ...(o.extra ?? []),
    ...spares,
  ]
  add(file, {
    id: o.id,
    rule: o.rule,
    description: o.description,
    scenario: scenario(`fx-${o.id}`.slice(0, 40), units),
    start: { pips: [1, 1], first: 0, next: { '0': ['army-morale'], '1': ['formation-change'] }, ...(o.start ?? {}) },
    dice: o.dice,
    actions: o.actions ?? ['unit:R-S', 'unit:B-T'],
    expect: o.expect,
  })
}

const FORMATION_NEXT = { player: 1, kind: 'formation' }

// Die shifts through shooting (15 and 18 January factors).
shot('shift-fire.json', {
  id: 'hbl-H6-fire-D6-up-4-is-D12+1',
  rule: 'H6 H14',
  description: 'A D6 gun at close range (Up 2) against a pike square (Up 2): "D6 Up 4 = D12+1"; 9+1 = 10 v DD 3: 7 pips, 2 UI and 2 chips, the odd DD vexes.',
  shooter: { type: 'artillery' },
  target: { type: 'landsknechts', hex: '0507' },
  dice: [9, 3],
  expect: {
    events: [{ type: 'fired', unit: 'R-S', target: 'B-T', die: 'D12+1', total: 10, defence: 3, pips: 7 }],
    units: { 'B-T': { uiLost: 2, chipsLost: 2, vexed: true }, 'R-S': { loaded: false } },
    decision: FORMATION_NEXT,
  },
})
shot('shift-fire.json', {
  id: 'hbl-H6-fire-cap-12',
  rule: 'H6 H14',
  description: 'Close range, pike square and flank (the gun is behind the target): D6 Up 5 = D12+2; a roll of 11 scores 12, not 13 ("12 is the maximum result"); 12 v 4: 8 pips, 2 UI, an even DD does not vex.',
  shooter: { type: 'artillery' },
  target: { type: 'landsknechts', hex: '0507', facing: 'N' },
  dice: [11, 4],
  expect: { events: [{ type: 'fired', die: 'D12+2', total: 12, defence: 4, pips: 8 }], units: { 'B-T': { uiLost: 2, vexed: false } } },
})
shot('shift-fire.json', {
  id: 'hbl-H10-last-ui-shot-away-routs',
  rule: 'H10 H14',
  description: 'Archer cavalry on their last UI, shot by a gun at close range (D6 Up 2 = D10): 9 v DD 2, 7 pips would take 2 UI; the one left goes and the unit routs 12" toward its edge, as a unit that loses its last UI in melee does.',
  shooter: { type: 'artillery' },
  target: { type: 'archer-cavalry', hex: '0507' },
  start: { units: { 'B-T': { lost: 3 } } },
  dice: [9, 2],
  actions: ['unit:R-S', 'unit:B-T', X({ decision: { player: 1, kind: 'rout-hex', subject: 'B-T', legal: ['hex:0406', 'hex:0506', 'hex:0606'] } }), ...routBy('0506', '0505', '0504', '0503', '0502', '0501')],
  expect: {
    events: [{ type: 'fired', die: 'D10', total: 9, defence: 2, pips: 7 }, { type: 'ui-lost', unit: 'B-T', ui: 1, lost: 4 }, { type: 'routed', unit: 'B-T', path: ['0501'] }],
    units: { 'B-T': { routed: true, eliminated: false, uiLost: 4, chipsLost: 1, hex: '0501' } },
  },
})
shot('shift-fire.json', {
  id: 'hbl-H14-long-range-colunela',
  rule: 'H14 E4',
  description: 'The sequence post: the gun at long range (Down 1) at a Colunela (depth, Up 1): no change, D6; 2 v D8 1: less and odd, vexed; under 3 pips, no UI lost.',
  shooter: { type: 'artillery' },
  target: { type: 'colunela', hex: '0502' },
  dice: [2, 1],
  expect: { events: [{ type: 'fired', die: 'D6', total: 2, defence: 1, pips: 1 }], units: { 'B-T': { uiLost: 0, chipsLost: 0, vexed: true } } },
})
shot('shift-fire.json', {
  id: 'hbl-H14-long-range-pike-no-effect',
  rule: 'H14 E4',
  description: 'The sequence post: "Versus pike block. D6, Down 1 for long range, Up 2 versus pike square" = D8; the artillery rolls less: no effect.',
  shooter: { type: 'artillery' },
  target: { type: 'landsknechts', hex: '0502' },
  dice: [3, 5],
  expect: { events: [{ type: 'fired', die: 'D8', total: 3, defence: 5, pips: -2 }], units: { 'B-T': { uiLost: 0, vexed: false } } },
})
shot('shift-fire.json', {
  id: 'hbl-H6-fire-D6-down-1-is-D4',
  rule: 'H6 H14',
  description: 'Long range at cavalry: D6 Down 1 = D4; 4 v DD 1: 3 pips, 1 UI; odd, vexed.',
  shooter: { type: 'artillery' },
  target: { type: 'archer-cavalry', hex: '0502' },
  dice: [4, 1],
  expect: { events: [{ type: 'fired', die: 'D4', total: 4, pips: 3 }], units: { 'B-T': { uiLost: 1, chipsLost: 1, vexed: true } } },
})
shot('shift-fire.json', {
  id: 'hbl-H11-fire-vexes-the-vexed',
  rule: 'H11 H14',
  description: 'Close range at cavalry (D10); 6 v 5: one pip, no UI, but the odd DD vexes a unit already vexed: it loses 1 UI and 1 chip.',
  shooter: { type: 'artillery' },
  target: { type: 'archer-cavalry', hex: '0507' },
  start: { units: { 'B-T': { vexed: true } } },
  dice: [6, 5],
  expect: { events: [{ type: 'fired', die: 'D10', pips: 1 }, { type: 'vexed', unit: 'B-T', again: true }], units: { 'B-T': { uiLost: 1, chipsLost: 1, vexed: true } } },
})
shot('shift-fire.json', {
  id: 'hbl-H14-fire-into-melee-hits-friends',
  rule: 'H14',
  description: 'Firing into an ongoing melee resolves against friend and foe: the Landsknechts (close, pike: D12+1, 5+1 = 6 v 2, 1 UI) and the friendly cavalry in the melee (close Up 2, flank Up 1, Down 1 versus friends: D10, 7 v 3, 1 UI, odd: vexed).',
  shooter: { type: 'artillery' },
  target: { type: 'landsknechts', hex: '0507' },
  extra: [{ id: 'R-F', side: 0, wing: 'R-3', type: 'archer-cavalry', hex: '0607', facing: 'NW' }],
  start: { melees: [['R-F', 'B-T', null]] },
  dice: [5, 2, 7, 3],
  expect: {
    events: [{ type: 'fired', target: 'B-T', die: 'D12+1', total: 6, pips: 4 }, { type: 'fired', target: 'R-F', die: 'D10', total: 7, defence: 3, pips: 4 }],
    units: { 'B-T': { uiLost: 1, vexed: false }, 'R-F': { uiLost: 1, chipsLost: 1, vexed: true } },
  },
})
shot('shift-fire.json', {
  id: 'hbl-H14-no-window-out-of-range',
  rule: 'H14',
  description: 'Arquebusiers (range 4 hexes, reconstructed) with the only enemy 5 hexes off: no shooting window opens, play goes on.',
  shooter: { type: 'arquebusiers' },
  target: { type: 'archer-cavalry', hex: '0505' },
  dice: [],
  actions: [],
  expect: { decision: FORMATION_NEXT },
})
shot('shift-fire.json', {
  id: 'hbl-H14-window-in-range',
  rule: 'H14',
  description: 'The same arquebusiers with the enemy 4 hexes off: the window opens for the shooter\'s owner, who may shoot or pass.',
  shooter: { type: 'arquebusiers' },
  target: { type: 'archer-cavalry', hex: '0506' },
  dice: [],
  actions: [X({ decision: { player: 0, kind: 'shoot', legal: ['unit:R-S', 'choice:pass'] } }), 'choice:pass'],
  expect: { decision: FORMATION_NEXT, units: { 'R-S': { loaded: true } } },
})
shot('shift-fire.json', {
  id: 'hbl-H14-line-of-sight-blocked',
  rule: 'H14',
  description: 'A unit between shooter and target blocks the line of sight: no window.',
  shooter: { type: 'arquebusiers' },
  target: { type: 'archer-cavalry', hex: '0508' },
  extra: [{ id: 'R-F', side: 0, wing: 'R-3', type: 'archer-cavalry', hex: '0509', facing: 'N' }],
  dice: [],
  actions: [],
  expect: { decision: FORMATION_NEXT },
})
shot('shift-fire.json', {
  id: 'hbl-H14-front-cone-only',
  rule: 'H14',
  description: 'A shooter fires only into its front: the enemy behind it cannot be targeted.',
  shooter: { type: 'arquebusiers', facing: 'S' },
  target: { type: 'archer-cavalry', hex: '0508' },
  dice: [],
  actions: [],
  expect: { decision: FORMATION_NEXT },
})
shot('shift-fire.json', {
  id: 'hbl-H14-unloaded-cannot-shoot',
  rule: 'H14',
  description: 'Once fired a unit cannot shoot again until reloaded: an unloaded shooter opens no window.',
  shooter: { type: 'arquebusiers' },
  target: { type: 'archer-cavalry', hex: '0508' },
  start: { units: { 'R-S': { loaded: false } } },
  dice: [],
  actions: [],
  expect: { decision: FORMATION_NEXT },
})
add('shift-fire.json', {
  id: 'hbl-H14-reload-card-shoot-reload-shoot',
  rule: 'H14',
  ruleset: 'hbl',
  description: 'A Reload card: shoot while loaded, the card reloads the (non-artillery) shooters, shoot again, ending unloaded ("shoot, reload and shoot again").',
  scenario: scenario('fx-reload', [
    { id: 'R-S', side: 0, wing: 'R-1', type: 'arquebusiers', hex: '0510', facing: 'N' },
    { id: 'R-G', side: 0, wing: 'R-1', type: 'artillery', hex: '0410', facing: 'N', name: 'an unloaded gun' },
    { id: 'B-T', side: 1, wing: 'B-1', type: 'archer-cavalry', hex: '0508', facing: 'S' },
    ...spares,
  ]),
  start: { pips: [1, 1], first: 0, next: { '0': ['reload'], '1': ['formation-change'] }, units: { 'R-G': { loaded: false } } },
  dice: [2, 5, 3, 5],
  actions: [
    X({ decision: { player: 0, kind: 'shoot', legal: ['unit:R-S', 'choice:pass'] } }),
    'unit:R-S',
    'unit:B-T',
    X({ events: [{ type: 'fired', die: 'D10' }, { type: 'reloaded', unit: 'R-S' }], units: { 'R-G': { loaded: false } }, decision: { player: 0, kind: 'shoot' } }),
    'unit:R-S',
    'unit:B-T',
  ],
  expect: { units: { 'R-S': { loaded: false } }, decision: FORMATION_NEXT },
})

// Die shifts and factors in melee.
duel('shift-melee.json', {
  id: 'hbl-H6-melee-D6-down-5-is-D4',
  rule: 'H6 H8',
  description: 'Arquebusiers (CD 6) hit in the flank by Gendarmes: fully armoured Down 1, flanked Down 1, vexed Down 1, 2 UI lost Down 2: "D6 Down 5 will be D4". The Gendarmes: initiating, formed in type I, superior armour, flanking, superior weapon (lance v shot): D12 Up 5 = D12+5; 5+5 = 10 v 4 routs them.',
  attacker: 1,
  red: { type: 'arquebusiers' },
  blue: { type: 'gendarmes', hex: '0605', facing: 'NW' },
  start: { units: { 'R-A': { vexed: true, lost: 2 } } },
  dice: [5, 4],
  actions: ['unit:B-B', 'unit:R-A'],
  expect: { events: [{ type: 'melee', a: 'B-B', b: 'R-A', dieA: 'D12+5', dieB: 'D4', totalA: 10, totalB: 4, band: 'routed' }] },
})
duel('shift-melee.json', {
  id: 'hbl-H6-melee-cap-12',
  rule: 'H6 H9 H12',
  description: 'Gendarmes initiating (Up 1), formed in type I (Up 1), superior armour (Up 1): D12+3; a roll of 12 scores 12, not 15. Against archers made CD 12 by the scenario (formed Up 1, fully armoured Down 1, 1 UI lost Down 1: D10) rolling 10, that is 2 pips, a marginal win, not a rout; the Fierce winner pushes the archers back and, on an even face, chooses whether to follow up.',
  red: { type: 'gendarmes' },
  blue: { type: 'archer-cavalry', cd: 12 },
  start: { units: { 'B-B': { lost: 1 } } },
  dice: [12, 10],
  expect: {
    events: [{ type: 'melee', dieA: 'D12+3', dieB: 'D10', totalA: 12, totalB: 10, band: 'marginal', winner: 'R-A' }, { type: 'pushed-back', unit: 'B-B', to: '0503' }],
    units: { 'R-A': { uiLost: 1 }, 'B-B': { uiLost: 2, vexed: true } },
    decision: { player: 0, kind: 'follow-up', subject: 'R-A' },
  },
})
// Melee results (bands recovered from the 18 January examples).
const LK = { type: 'landsknechts' }
const low = { red: { type: 'landsknechts', hex: '0510' }, blue: { type: 'landsknechts', hex: '0509' } }
duel('melee-results.json', {
  id: 'hbl-H9-marginal-both-lose-higher-follows-up',
  rule: 'H9',
  description: 'Landsknechts v Landsknechts: Red initiating, close formed in type I, pike frontal (D10 Up 3 = D12+2) v close formed, pike frontal (D12+1); 4+2 = 6 v 4+1 = 5: hard fought with marginal advantage, both lose 1 UI and 1 chip, Red follows up next round, nobody moves.',
  red: LK,
  blue: LK,
  dice: [4, 4],
  expect: {
    events: [{ type: 'melee', dieA: 'D12+2', dieB: 'D12+1', totalA: 6, totalB: 5, band: 'marginal', winner: 'R-A' }],
    units: { 'R-A': { uiLost: 1, chipsLost: 1, followingUp: true, hex: '0505' }, 'B-B': { uiLost: 1, chipsLost: 1, hex: '0504', melee: ['R-A'] } },
    decision: FORMATION_NEXT,
  },
})
duel('melee-results.json', {
  id: 'hbl-H12-fierce-v-fierce-no-push-back',
  rule: 'H12',
  description: 'Swiss v Swiss: a marginal win by one Fierce unit over another is not converted ("unless fighting other fierce troops"): both lose 1 UI, no push back.',
  red: { type: 'swiss-pike' },
  blue: { type: 'swiss-pike' },
  dice: [3, 3],
  expect: { events: [{ type: 'melee', dieA: 'D12+3', dieB: 'D12+2', totalA: 6, totalB: 5, band: 'marginal' }], units: { 'B-B': { hex: '0504', vexed: false, uiLost: 1 } }, decision: FORMATION_NEXT },
})
duel('melee-results.json', {
  id: 'hbl-H9-decisive-hold-and-follow-up-declined',
  rule: 'H9 H10',
  description: 'A 5-pip win (10 v 5) is decisive: the loser loses 1 UI (one per 3 pips); still on stubborn UI it may pay a chip to stay — it declines, falls back a hex vexed; the winner, on an even face, chooses not to follow up and the melee ends.',
  red: LK,
  blue: LK,
  dice: [8, 4],
  actions: ['unit:R-A', 'unit:B-B', X({ decision: { player: 1, kind: 'hold', subject: 'B-B', legal: ['choice:yes', 'choice:no'] } }), 'choice:no', X({ decision: { player: 0, kind: 'follow-up', subject: 'R-A' } }), 'choice:no'],
  expect: { units: { 'B-B': { hex: '0503', vexed: true, uiLost: 1, chipsLost: 1, melee: [] }, 'R-A': { hex: '0505', melee: [], uiLost: 0 } }, decision: FORMATION_NEXT },
})
duel('melee-results.json', {
  id: 'hbl-H9-follow-up-forced-on-odd',
  rule: 'H9',
  description: 'The winner\'s face is odd (9): it must follow up into the vacated hex; the melee goes on with it following up.',
  red: LK,
  blue: LK,
  dice: [9, 5],
  actions: ['unit:R-A', 'unit:B-B', 'choice:no'],
  expect: { units: { 'R-A': { hex: '0504', followingUp: true, melee: ['B-B'] }, 'B-B': { hex: '0503' } }, decision: FORMATION_NEXT },
})
duel('melee-results.json', {
  id: 'hbl-H9-pinned-winner-cannot-follow-up',
  rule: 'H9 E3',
  description: 'A winner in contact with another enemy is pinned ("The Swiss cannot follow up because they are pinned by L2"): the loser falls back and the melee ends.',
  red: LK,
  blue: LK,
  extra: [{ id: 'B-C', side: 1, wing: 'B-3', type: 'archer-cavalry', hex: '0405', facing: 'NE' }],
  dice: [8, 4],
  actions: ['unit:R-A', 'unit:B-B', 'choice:no'],
  expect: { units: { 'R-A': { hex: '0505', melee: [] }, 'B-B': { hex: '0503', melee: [] } }, decision: FORMATION_NEXT },
})
duel('melee-results.json', {
  id: 'hbl-H9-rout-and-optional-pursuit',
  rule: 'H9 H18',
  description: 'Landsknechts (initiating, close formed, pike frontal, superior weapon v cavalry: D12+3) rout archer cavalry (formed Up 1, facing frontal pike Down 1: D8): 11 v 2, 9 pips, 3 UI; they turn and rout 12" (6 hexes) toward their edge; the winner\'s face is even, so pursuit is its choice.',
  red: { type: 'landsknechts', hex: '0510' },
  blue: { type: 'archer-cavalry', hex: '0509' },
  dice: [8, 2],
  actions: ['unit:R-A', 'unit:B-B', X({ events: [{ type: 'melee', dieA: 'D12+3', dieB: 'D8', totalA: 11, totalB: 2, band: 'routed' }], decision: { player: 1, kind: 'rout-hex', subject: 'B-B', legal: ['hex:0408', 'hex:0508', 'hex:0608'] } }), ...routBy('0508', '0507', '0506', '0505', '0504', '0503'), X({ events: [{ type: 'routed', unit: 'B-B', path: ['0503'] }], decision: { player: 0, kind: 'pursue', subject: 'R-A' } }), 'choice:yes'],
  expect: { units: { 'B-B': { routed: true, hex: '0503', uiLost: 3, chipsLost: 3, melee: [] }, 'R-A': { hex: '0509' } }, decision: FORMATION_NEXT },
})
duel('melee-results.json', {
  id: 'hbl-H18-rout-path-is-the-owners',
  rule: 'H18',
  description: '"It immediately turns and routs 12"" names no path: where several steps toward the edge are equally near (three from an odd column toward the north edge) the owner chooses; from the even column it chose, one step is nearer at each hex, so the rest of the rout is forced.',
  red: { type: 'landsknechts', hex: '0510' },
  blue: { type: 'archer-cavalry', hex: '0509' },
  dice: [8, 2],
  actions: ['unit:R-A', 'unit:B-B', X({ decision: { player: 1, kind: 'rout-hex', subject: 'B-B', legal: ['hex:0408', 'hex:0508', 'hex:0608'] } }), 'hex:0408'],
  expect: { events: [{ type: 'routed', unit: 'B-B', path: ['0408', '0407', '0406', '0405', '0404', '0403'] }], units: { 'B-B': { routed: true, hex: '0403' } }, decision: { player: 0, kind: 'pursue', subject: 'R-A' } },
})
duel('melee-results.json', {
  id: 'hbl-H18-rout-off-the-map',
  rule: 'H18',
  description: 'A unit routing off its own map edge is lost (reconstructed); the odd-faced winner pursues.',
  red: { type: 'landsknechts' },
  blue: { type: 'archer-cavalry' },
  dice: [9, 1],
  actions: ['unit:R-A', 'unit:B-B', ...routBy('0503', '0502', '0501')],
  expect: { events: [{ type: 'destroyed', unit: 'B-B', why: 'routed off the map' }], units: { 'B-B': { eliminated: true, uiLost: 3 }, 'R-A': { hex: '0504' } }, decision: FORMATION_NEXT },
})
duel('melee-results.json', {
  id: 'hbl-H10-convert-declined',
  rule: 'H10',
  description: 'A 9-pip defeat routs the loser (3 UI); still on stubborn UI it may pay a chip to make it a push back — it declines and routs.',
  ...low,
  dice: [10, 2],
  actions: ['unit:R-A', 'unit:B-B', X({ decision: { player: 1, kind: 'convert', subject: 'B-B' } }), 'choice:no', ...routBy('0508', '0507', '0506', '0505', '0504', '0503'), 'choice:no'],
  expect: { units: { 'B-B': { routed: true, uiLost: 3, chipsLost: 3 } } },
})
duel('melee-results.json', {
  id: 'hbl-H10-no-chip-no-convert',
  rule: 'H10',
  description: 'With no morale chip left a stubborn unit cannot buy its way out: the rout stands and no question is asked.',
  ...low,
  chips: [20, 0],
  dice: [10, 2],
  actions: ['unit:R-A', 'unit:B-B', ...routBy('0508', '0507', '0506', '0505', '0504', '0503'), 'choice:no'],
  expect: { units: { 'B-B': { routed: true, uiLost: 3 } }, wings: { 'B-1': { armyChips: -3 } } },
})
duel('melee-results.json', {
  id: 'hbl-H11-push-back-blocked-by-ditch',
  rule: 'H11 E3',
  description: 'A push back across a ditch (type III) cannot be made: the unit is vexed for the push back and vexed again for being unable to fall back (1 more UI and chip); the melee goes on, the winner following up.',
  red: LK,
  blue: LK,
  hexsides: [{ hexes: ['0504', '0503'], feature: 'ditch' }],
  dice: [8, 4],
  actions: ['unit:R-A', 'unit:B-B', 'choice:no'],
  expect: { events: [{ type: 'pushed-back', unit: 'B-B', blocked: true }, { type: 'vexed', unit: 'B-B', again: false }, { type: 'vexed', unit: 'B-B', again: true }], units: { 'B-B': { hex: '0504', uiLost: 2, chipsLost: 2, vexed: true, melee: ['R-A'] }, 'R-A': { followingUp: true } } },
})
duel('melee-results.json', {
  id: 'hbl-H11-push-back-blocked-by-a-unit',
  rule: 'H11',
  description: 'A friendly unit behind blocks the push back just as type III terrain does: vexed twice.',
  red: LK,
  blue: LK,
  extra: [{ id: 'B-C', side: 1, wing: 'B-3', type: 'archer-cavalry', hex: '0503', facing: 'S' }],
  dice: [8, 4],
  actions: ['unit:R-A', 'unit:B-B', 'choice:no'],
  expect: { units: { 'B-B': { hex: '0504', uiLost: 2, vexed: true } } },
})
duel('melee-results.json', {
  id: 'hbl-H10-last-ui-lost-in-a-draw-routs',
  rule: 'H10 H8 E1',
  description: 'Archer cavalry with 3 of 4 UI lost (formed Up 1, fully armoured Down 1, three UI Down 3: D8 Down 3 = D4) draw with Gendarmes (D12+3): both lose a UI. At 0 UI the archers rout 12" as Combat 1\'s archers did with their last UI, and are not removed; a draw has no winner, so nobody pursues.',
  red: { type: 'gendarmes', hex: '0508' },
  blue: { type: 'archer-cavalry', hex: '0507' },
  start: { units: { 'B-B': { lost: 3 } } },
  dice: [1, 4],
  actions: ['unit:R-A', 'unit:B-B', ...routBy('0506', '0505', '0504', '0503', '0502', '0501')],
  expect: {
    events: [{ type: 'melee', dieA: 'D12+3', dieB: 'D4', totalA: 4, totalB: 4 }, { type: 'routed', unit: 'B-B', path: ['0506'] }, { type: 'routed', unit: 'B-B', path: ['0501'] }],
    units: { 'B-B': { eliminated: false, routed: true, uiLost: 4, hex: '0501' }, 'R-A': { hex: '0508', uiLost: 1 } },
    decision: FORMATION_NEXT,
  },
})
duel('melee-results.json', {
  id: 'hbl-H10-winner-at-zero-ui-routs-and-does-not-pursue',
  rule: 'H10 H9',
  description: 'A marginal win costs the winner a UI too ("Both sides lose 1 UI"): the winner, on its last UI, routs and so cannot follow up; the loser, with UI left, stays.',
  red: { type: 'archer-cavalry' },
  blue: { type: 'archer-cavalry' },
  start: { units: { 'R-A': { lost: 3 } } },
  dice: [5, 4],
  expect: {
    events: [{ type: 'melee', band: 'marginal', winner: 'R-A' }, { type: 'routed', unit: 'R-A', path: ['0506', '0507', '0508', '0509', '0510', '0511'] }],
    units: { 'R-A': { routed: true, uiLost: 4, eliminated: false, hex: '0511' }, 'B-B': { hex: '0504', routed: false, uiLost: 1 } },
  },
})
duel('melee-results.json', {
  id: 'hbl-H8-no-close-formed-up-on-broken-ground',
  rule: 'H8',
  description: '"Up 1 for being close formed in type I terrain": the Landsknechts on a hill (type II) do not count it: D12+1 against the open-ground block\'s D12+1.',
  red: LK,
  blue: LK,
  terrain: ['............', '............', '............', '............', '....h.......', '............', '............', '............', '............', '............', '............', '............'],
  dice: [6, 6],
  expect: { events: [{ type: 'melee', dieA: 'D12+1', dieB: 'D12+1', totalA: 7, totalB: 7, band: 'no-advantage' }] },
})
duel('melee-results.json', {
  id: 'hbl-H8-stubborn-losses-are-free',
  rule: 'H8 E3',
  description: '"Stubborn UI do not count towards losses in the melee combat tables": Landsknechts with 4 UI lost (4 stubborn) have no Down: D12+2.',
  red: LK,
  blue: LK,
  start: { units: { 'R-A': { lost: 4 } } },
  dice: [1, 1],
  expect: { events: [{ type: 'melee', dieA: 'D12+2', dieB: 'D12+1' }] },
})
duel('melee-results.json', {
  id: 'hbl-H8-loss-beyond-stubborn-is-a-down',
  rule: 'H8 E3',
  description: 'The fifth UI lost is beyond the 4 stubborn: Down 1, D12+1.',
  red: LK,
  blue: LK,
  start: { units: { 'R-A': { lost: 5 } } },
  dice: [1, 1],
  expect: { events: [{ type: 'melee', dieA: 'D12+1', dieB: 'D12+1' }] },
})
duel('melee-results.json', {
  id: 'hbl-H7-skirmishers-may-ignore-own-melee-card',
  rule: 'H7 H13',
  description: '"All skirmish cavalry can choose to ignore Melee cards turned from their own sequence deck": the Genitors\' ongoing melee is optional, so ending the card is legal.',
  red: { type: 'genitors' },
  blue: LK,
  start: { melees: [['R-A', 'B-B', null]] },
  dice: [],
  actions: [X({ decision: { player: 0, kind: 'melee', legal: ['unit:R-A', 'choice:end'] } }), 'choice:end'],
  expect: { units: { 'R-A': { melee: ['B-B'] } }, decision: FORMATION_NEXT },
})
duel('melee-results.json', {
  id: 'hbl-H7-formed-troops-must-fight-ongoing',
  rule: 'H7',
  description: '"formed troops must fight ongoing melees": with an ongoing melee owed, the card cannot be ended.',
  red: LK,
  blue: LK,
  start: { melees: [['R-A', 'B-B', null]] },
  dice: [],
  actions: [],
  expect: { decision: { player: 0, kind: 'melee', legal: ['unit:R-A'] } },
})
duel('melee-results.json', {
  id: 'hbl-H7-new-melees-to-the-front-only',
  rule: 'H7',
  description: 'A new melee on a Melee card is started against an enemy in front; an enemy on the flank offers none, so the card passes.',
  red: LK,
  blue: { type: 'archer-cavalry', hex: '0605', facing: 'NW' },
  dice: [],
  actions: [],
  expect: { decision: FORMATION_NEXT },
})

// Close skirmish (31 January) and the defender's conversion.
const skirmishAsk = ['unit:R-A', 'unit:B-B', X({ decision: { player: 1, kind: 'close-skirmish', subject: 'B-B', legal: ['choice:yes', 'choice:no'] } })]
duel('close-skirmish.json', {
  id: 'hbl-H13-convert-to-close-skirmish-and-win',
  rule: 'H13',
  description: 'Genitors attacked frontally in a new melee make it a close skirmish; they win (6 v 1+3 = 4: Landsknechts initiating, close formed, pike frontal, superior weapon v cavalry = D12+3; Genitors facing frontal pike: D6): treated normally (both lose 1), then they withdraw a hex and the melee ends.',
  red: LK,
  blue: { type: 'genitors' },
  dice: [1, 6],
  actions: [...skirmishAsk, 'choice:yes'],
  expect: { events: [{ type: 'melee', dieA: 'D12+3', dieB: 'D6', totalA: 4, totalB: 6, band: 'marginal', skirmish: true }], units: { 'B-B': { hex: '0503', melee: [], uiLost: 1 }, 'R-A': { uiLost: 1, melee: [] } } },
})
duel('close-skirmish.json', {
  id: 'hbl-H13-close-skirmish-even-loss-is-a-draw',
  rule: 'H13',
  description: '31 January: "Any melee resolution loss, on an even roll, is treated as an \'equal, hard fought with no advantage\' result" and the skirmishers withdraw: 8 v 4 costs each side 1 UI only.',
  red: LK,
  blue: { type: 'genitors' },
  dice: [5, 4],
  actions: [...skirmishAsk, 'choice:yes'],
  expect: { events: [{ type: 'melee', totalA: 8, totalB: 4, band: 'no-advantage (close skirmish)' }], units: { 'B-B': { hex: '0503', uiLost: 1, vexed: false, melee: [] }, 'R-A': { uiLost: 1 } } },
})
duel('close-skirmish.json', {
  id: 'hbl-H13-close-skirmish-odd-loss-is-normal',
  rule: 'H13',
  description: '"Losses on an odd roll are treated normally": 11 v 3 (8 pips) routs the Genitors (2 UI).',
  red: { type: 'landsknechts', hex: '0510' },
  blue: { type: 'genitors', hex: '0509' },
  dice: [8, 3],
  actions: [...skirmishAsk, 'choice:yes', ...routBy('0508', '0507', '0506', '0505', '0504', '0503'), 'choice:no'],
  expect: { events: [{ type: 'melee', totalA: 11, totalB: 3, band: 'routed' }], units: { 'B-B': { routed: true, uiLost: 2, hex: '0503' } } },
})
duel('close-skirmish.json', {
  id: 'hbl-H13-close-skirmish-declined',
  rule: 'H13',
  description: 'Declining the close skirmish leaves an ordinary melee: 8 v 4 is decisive, the Genitors lose 1 UI and are pushed back, and the odd-faced Landsknechts follow up.',
  red: LK,
  blue: { type: 'genitors' },
  dice: [5, 4],
  actions: [...skirmishAsk, 'choice:no'],
  expect: { events: [{ type: 'melee', band: 'decisive', skirmish: false }], units: { 'B-B': { hex: '0503', vexed: true, uiLost: 1, melee: ['R-A'] }, 'R-A': { hex: '0504', followingUp: true } } },
})

// Fierce automatic melee on an even move die; the flank attack on contact.
function marchIn(id: string, die: number, description: string, expectCharge: boolean): void {
  duel('fierce.json', {
    id,
    rule: 'H12 H7',
    description,
    red: { type: 'swiss-pike', hex: '0507' },
    blue: LK,
    start: { next: { '0': ['march'], '1': ['formation-change'] } },
    dice: [die, 3],
    actions: ['wing:R-1', 'unit:R-A', 'hex:0506', 'hex:0505'],
    expect: expectCharge ? { decision: { player: 0, kind: 'charge', subject: 'R-A', legal: ['unit:B-B', 'choice:pass'] } } : { decision: { player: 0, kind: 'activate', legal: ['wing:R-2', 'choice:end'] }, units: { 'R-A': { hex: '0505', moves: 0 } } },
  })
}
marchIn('hbl-H12-fierce-automatic-melee-on-even-die', 6, 'The Swiss march on an even command die (6 v 3): reaching the enemy front they may fight at once, without a Melee card.', true)
marchIn('hbl-H12-no-automatic-melee-on-odd-die', 7, 'On an odd command die (7 v 3) the Fierce Swiss reach the enemy but must wait for a Melee card.', false)
// Rally on a Command card.
function rallyFx(o: { id: string; rule: string; description: string; red?: Partial<U>; blue?: Partial<U>; start?: Obj; chips?: [number, number]; dice: number[]; actions: Step[]; expect: Obj; extra?: U[] }): void {
  add('rally.json', {
    id: o.id,
    rule: o.rule,
    description: o.description,
    scenario: scenario(`fx-${o.id}`.slice(0, 40), [
      { id: 'R-A', side: 0, wing: 'R-1', type: 'gendarmes', hex: '0505', facing: 'N', ...(o.red ?? {}) },
      { id: 'B-B', side: 1, wing: 'B-1', type: 'archer-cavalry', hex: '0504', facing: 'S', ...(o.blue ?? {}) },
      ...(o.extra ?? []),
      ...spares,
    ], o.chips ? { chips: o.chips } : {}),
    start: { pips: [1, 1], first: 0, next: { '0': ['command'], '1': ['formation-change'] }, ...(o.start ?? {}) },
    dice: o.dice,
    actions: o.actions,
    expect: o.expect,
  })
}
rallyFx({
  id: 'hbl-H16-sequence-post-rally',
  rule: 'H16 E4',
  description: 'Borgia\'s Gendarmes (3 UI lost, in contact): commander D10, Down 1 in contact, Up 1 for a D8 defence die: D10; 7 v the enemy\'s unadjusted D8 3: 4 pips rally back 1 UI ("now it only has 2"), at a chip (Combat 2\'s price).',
  start: { units: { 'R-A': { lost: 3 } }, melees: [['R-A', 'B-B', null]] },
  dice: [7, 3],
  actions: [X({ decision: { player: 0, kind: 'rally', legal: ['unit:R-A', 'choice:end'] } }), 'unit:R-A', X({ decision: { player: 0, kind: 'attach', subject: 'R-A' } }), 'choice:no', X({ events: [{ type: 'rallied', die: 'D10', total: 7, opposed: 3, pips: 4, ui: 1 }], decision: { player: 0, kind: 'rally-buy', legal: ['choice:buy-0', 'choice:buy-1'] } }), 'choice:buy-1'],
  expect: { units: { 'R-A': { uiLost: 2, chipsLost: 1 } }, decision: FORMATION_NEXT },
})
rallyFx({
  id: 'hbl-H16-rally-fails-on-a-negative-result',
  rule: 'H16',
  description: 'A rally roll below the D8 does nothing: the unit stays vexed.',
  start: { units: { 'R-A': { vexed: true } }, melees: [['R-A', 'B-B', null]] },
  dice: [3, 7],
  actions: ['unit:R-A', 'choice:no'],
  expect: { units: { 'R-A': { vexed: true } }, decision: FORMATION_NEXT },
})
rallyFx({
  id: 'hbl-H16-positive-result-ends-vexation',
  rule: 'H16 H11',
  description: '"A positive result always rallies vexation": one pip is enough; no UI to buy under 3 pips.',
  start: { units: { 'R-A': { vexed: true } }, melees: [['R-A', 'B-B', null]] },
  dice: [5, 4],
  actions: ['unit:R-A', 'choice:no'],
  expect: { units: { 'R-A': { vexed: false } }, decision: FORMATION_NEXT },
})
rallyFx({
  id: 'hbl-H16-buy-back-limited-by-chips',
  rule: 'H16 H10',
  description: '9 pips would rally 3 UI, but each costs a chip and the army has one left: at most 1.',
  chips: [1, 20],
  start: { units: { 'R-A': { lost: 3 } }, melees: [['R-A', 'B-B', null]] },
  dice: [10, 1],
  actions: ['unit:R-A', 'choice:no'],
  expect: { decision: { player: 0, kind: 'rally-buy', legal: ['choice:buy-0', 'choice:buy-1'] } },
})
rallyFx({
  id: 'hbl-H16-rally-a-routed-unit',
  rule: 'H16 H18',
  description: 'Routed units are not covered by the posts: 3 pips or more stop the rout (reconstructed). Gendarmes out of contact, D8 defence: D12; 8 v 2.',
  blue: { hex: '0901' },
  start: { units: { 'R-A': { routed: true } } },
  dice: [8, 2],
  actions: ['unit:R-A', 'choice:no'],
  expect: { events: [{ type: 'rallied', die: 'D12', pips: 6 }], units: { 'R-A': { routed: false, status: 'formed' } } },
})
rallyFx({
  id: 'hbl-H16-routed-at-zero-ui-stands-with-a-ui-bought',
  rule: 'H16 H10 E1',
  description: 'A routed unit at 0 UI (Combat 1\'s archers after round 3): "For every three pips difference, the unit can rally back 1 UI"; 8 v 2 = 6 pips stop the rout and buy up to 2 UI; the owner buys 1 and the unit stands again.',
  blue: { hex: '0901' },
  start: { units: { 'R-A': { routed: true, lost: 4 } } },
  dice: [8, 2],
  actions: ['unit:R-A', 'choice:no', X({ decision: { player: 0, kind: 'rally-buy', legal: ['choice:buy-0', 'choice:buy-1', 'choice:buy-2'] }, units: { 'R-A': { routed: true } } }), 'choice:buy-1'],
  expect: { units: { 'R-A': { routed: false, uiLost: 3, chipsLost: 1 } } },
})
rallyFx({
  id: 'hbl-H16-routed-at-zero-ui-buys-nothing-keeps-routing',
  rule: 'H16 H10',
  description: 'The same rally with no UI bought back: a unit with no UI cannot stand, so it stays routed (its vexation is gone, as any positive result ends it).',
  blue: { hex: '0901' },
  start: { units: { 'R-A': { routed: true, lost: 4, vexed: true } } },
  dice: [8, 2],
  actions: ['unit:R-A', 'choice:no', 'choice:buy-0'],
  expect: { units: { 'R-A': { routed: true, vexed: false, uiLost: 4, chipsLost: 0 } } },
})
rallyFx({
  id: 'hbl-H16-attach-the-officer',
  rule: 'H16 E2',
  description: '"move the Landsknecht\'s command group officer and attaches him": the officer joins the unit (Up 1): D10 Up 1 attached, Up 1 D8 defence, Down 1 contact = D12.',
  start: { units: { 'R-A': { vexed: true } }, melees: [['R-A', 'B-B', null]] },
  dice: [4, 4],
  actions: ['unit:R-A', 'choice:yes'],
  expect: { events: [{ type: 'attached', leader: 'L-R-1', unit: 'R-A' }, { type: 'rallied', die: 'D12', pips: 0 }], leaders: { 'L-R-1': { hex: '0505', attachedTo: 'R-A' } }, units: { 'R-A': { vexed: true } } },
})
rallyFx({
  id: 'hbl-H16-tardy-troops-rally-worse',
  rule: 'H16',
  description: 'A D4 defence die is Down 1 on the rally (reconstructed row of "Up 1 for the unit having a D8 Defence Die"): Gascons out of contact rally on D10 Down 1 = D8.',
  red: { type: 'gascons' },
  blue: { hex: '0901' },
  start: { units: { 'R-A': { vexed: true } } },
  dice: [8, 1],
  actions: ['unit:R-A', 'choice:no'],
  expect: { events: [{ type: 'rallied', die: 'D8', total: 8, pips: 7 }], units: { 'R-A': { vexed: false } } },
})
rallyFx({
  id: 'hbl-H16-one-rally-per-command-per-card',
  rule: 'H16',
  description: 'Each command rallies one unit on a Command card (reconstructed from both examples rallying one unit): after it, the card passes.',
  extra: [{ id: 'R-C', side: 0, wing: 'R-1', type: 'archer-cavalry', hex: '0910', facing: 'N' }],
  blue: { hex: '0901' },
  start: { units: { 'R-A': { vexed: true }, 'R-C': { vexed: true } } },
  dice: [6, 2],
  actions: [X({ decision: { player: 0, kind: 'rally', legal: ['unit:R-A', 'unit:R-C', 'choice:end'] } }), 'unit:R-A', 'choice:no'],
  expect: { units: { 'R-C': { vexed: true }, 'R-A': { vexed: false } }, decision: FORMATION_NEXT },
})

// Initiative, pips, decks, army morale, the end.
function seqFx(o: { id: string; rule: string; description: string; decks?: [Obj, Obj]; turns?: number; start: Obj; dice: number[]; actions: Step[]; expect: Obj; units?: U[] }): void {
  add('initiative.json', {
    id: o.id,
    rule: o.rule,
    description: o.description,
    scenario: scenario(`fx-${o.id}`.slice(0, 40), o.units ?? [
      { id: 'R-A', side: 0, wing: 'R-1', type: 'landsknechts', hex: '0510', facing: 'N' },
      { id: 'B-B', side: 1, wing: 'B-1', type: 'landsknechts', hex: '0503', facing: 'S' },
    ], { ...(o.decks ? { decks: o.decks } : {}), ...(o.turns ? { turns: o.turns } : {}) }),
    start: o.start,
    dice: o.dice,
    actions: o.actions,
    expect: o.expect,
  })
}
const oneCard = { march: 0, 'cavalry-march': 0, melee: 0, 'group-melee': 0, command: 0, lull: 0, 'army-morale': 0, 'formation-change': 1, 'artillery-action': 0, reload: 0 }
seqFx({
  id: 'hbl-H2-equal-rolls-end-the-turn',
  rule: 'H2',
  description: '"Equal initiative rolls end the turn and all of the cards are regathered, and shuffled": 5 v 5 starts turn 2, whose first roll is 6 v 2.',
  start: { pips: [0, 1], first: 1, next: { '1': ['formation-change'] } },
  dice: [5, 5, 6, 2],
  actions: ['choice:end'],
  expect: { events: [{ type: 'initiative', rolls: [5, 5], pips: 0, higher: null }, { type: 'turn', turn: 2 }, { type: 'initiative', rolls: [6, 2], pips: 4, higher: 0 }], turn: 2, decision: { player: 0, kind: 'initiative-order' } },
})
seqFx({
  id: 'hbl-H2-higher-may-go-second',
  rule: 'H2',
  description: '"The player rolling higher gets to use all of his pips first or second": Blue, higher at 7 v 3, lets Red use its 4 pips first.',
  start: { next: { '0': ['formation-change'] } },
  dice: [3, 7],
  actions: [X({ decision: { player: 1, kind: 'initiative-order' } }), 'choice:second'],
  expect: { events: [{ type: 'order', player: 1, first: 0 }, { type: 'card', side: 0, card: 'formation-change' }], decision: { player: 0, kind: 'formation' } },
})
seqFx({
  id: 'hbl-H1-spent-deck-forfeits-pips',
  rule: 'H1 H2',
  description: 'A side whose deck is spent forfeits the rest of its pips (reconstructed): Red, one card in its deck and 3 pips, turns it; play passes to Blue.',
  decks: [oneCard, {}],
  start: { pips: [3, 1], first: 0, next: { '0': ['formation-change'], '1': ['formation-change'] } },
  dice: [4, 2],
  actions: ['choice:end', X({ events: [{ type: 'card', side: 1, card: 'formation-change' }], decision: { player: 1, kind: 'formation' } }), 'choice:end'],
  expect: { events: [{ type: 'initiative', rolls: [4, 2] }], turn: 1, decision: { player: 0, kind: 'initiative-order' } },
})
seqFx({
  id: 'hbl-H1-spent-decks-end-the-turn',
  rule: 'H1 H2',
  description: 'When both decks are spent the turn ends and the decks are regathered (reconstructed: keeps every turn finite).',
  decks: [oneCard, oneCard],
  start: { pips: [1, 1], first: 0, next: { '0': ['formation-change'], '1': ['formation-change'] } },
  dice: [4, 2],
  actions: ['choice:end', 'choice:end'],
  expect: { events: [{ type: 'turn', turn: 2 }, { type: 'initiative', rolls: [4, 2] }], turn: 2, decision: { player: 0, kind: 'initiative-order' } },
})
seqFx({
  id: 'hbl-H10-army-morale-breaks-without-chips',
  rule: 'H10 H18',
  description: 'An army with no morale chips left breaks when it turns its Army Morale card (reconstructed): Blue wins.',
  start: { pips: [2, 1], first: 0, chips: [0, 16], next: { '0': ['formation-change', 'army-morale'] } },
  dice: [],
  actions: ['choice:end'],
  expect: { events: [{ type: 'army-morale', side: 0, chips: 0, broken: true }], outcome: { winner: 1 }, decision: null },
})
seqFx({
  id: 'hbl-H18-turn-limit-draw',
  rule: 'H18',
  description: 'At the scenario\'s turn limit the side that lost the smaller share of its chips wins; equal losses are a draw (reconstructed).',
  turns: 1,
  start: { pips: [0, 1], first: 1, next: { '1': ['formation-change'] } },
  dice: [5, 5],
  actions: ['choice:end'],
  expect: { outcome: { winner: null }, decision: null },
})
seqFx({
  id: 'hbl-H3-no-lull-within-a-stolen-pip',
  rule: 'H3',
  description: 'Red\'s Lull is stolen (2 v 8) and Blue\'s stolen card is itself a Lull: it has no effect (reconstructed, bounds the nesting); Blue then uses its own pip.',
  start: { pips: [2, 1], first: 0, next: { '0': ['formation-change', 'lull'], '1': ['lull', 'formation-change'] } },
  dice: [2, 8],
  actions: ['choice:end'],
  expect: { events: [{ type: 'lull', side: 0, rolls: [2, 8], stolen: true }, { type: 'card', side: 1, card: 'lull', stolen: true }, { type: 'card-unused', side: 1, card: 'lull' }, { type: 'card', side: 1, card: 'formation-change', stolen: false }], decision: { player: 1, kind: 'formation' } },
})
seqFx({
  id: 'hbl-H18-army-without-units-loses',
  rule: 'H18',
  description: 'An army with no unit left in good order has lost (reconstructed): Blue\'s only unit routs, and the game ends before its rout is run.',
  units: [
    { id: 'R-A', side: 0, wing: 'R-1', type: 'gendarmes', hex: '0505', facing: 'N' },
    { id: 'B-B', side: 1, wing: 'B-1', type: 'archer-cavalry', hex: '0504', facing: 'S' },
  ],
  start: { pips: [1, 1], first: 0, next: { '0': ['melee'] }, units: { 'B-B': { lost: 3 } } },
  dice: [9, 1],
  actions: ['unit:R-A', 'unit:B-B'],
  expect: { outcome: { winner: 0 }, units: { 'B-B': { routed: true, eliminated: false } }, decision: null },
})

// Movement.
function moveFx(o: { id: string; rule: string; description: string; units: U[]; card?: string; start?: Obj; hexsides?: Obj[]; dice: number[]; actions: Step[]; expect: Obj }): void {
  add('movement.json', {
    id: o.id,
    rule: o.rule,
    description: o.description,
    scenario: scenario(`fx-${o.id}`.slice(0, 40), [...o.units, ...spares], o.hexsides ? { hexsides: o.hexsides } : {}),
    start: { pips: [1, 1], first: 0, next: { '0': [o.card ?? 'march'], '1': ['formation-change'] }, ...(o.start ?? {}) },
    dice: o.dice,
    actions: o.actions,
    expect: o.expect,
  })
}
const farBlue: U = { id: 'B-B', side: 1, wing: 'B-1', type: 'landsknechts', hex: '1102', facing: 'S' }
moveFx({
  id: 'hbl-H5-ditch-stops-a-move',
  rule: 'H5',
  description: 'Crossing a ditch ends the unit\'s movement on this card, as new terrain does ("had to stop").',
  units: [{ id: 'R-A', side: 0, wing: 'R-1', type: 'landsknechts', hex: '0508', facing: 'N' }, farBlue],
  hexsides: [{ hexes: ['0507', '0506'], feature: 'ditch' }],
  dice: [6, 3],
  actions: ['wing:R-1', 'unit:R-A', 'hex:0507', 'hex:0506'],
  expect: { units: { 'R-A': { hex: '0506', moves: 0 } }, decision: { player: 0, kind: 'activate', legal: ['wing:R-2', 'choice:end'] } },
})
moveFx({
  id: 'hbl-H5-d8-moves-four-hexes',
  rule: 'H5',
  description: '"The infantry move their Defence Die (DD): D8 inches per move": 4 hexes, then a second move begins.',
  units: [{ id: 'R-A', side: 0, wing: 'R-1', type: 'landsknechts', hex: '0510', facing: 'N' }, farBlue],
  dice: [6, 3],
  actions: ['wing:R-1', 'unit:R-A', 'hex:0509', 'hex:0508', 'hex:0507', 'hex:0506', X({ units: { 'R-A': { moves: 1 } } }), 'hex:0505'],
  expect: { units: { 'R-A': { hex: '0505', moves: 0 } }, decision: { player: 0, kind: 'move', subject: 'R-A' } },
})
moveFx({
  id: 'hbl-H15-artillery-does-not-march',
  rule: 'H15 H4',
  description: '"All units, except artillery, can move on the March card": a command of guns is not offered.',
  units: [{ id: 'R-A', side: 0, wing: 'R-1', type: 'artillery', hex: '0510', facing: 'N' }, farBlue],
  start: { units: { 'R-A': { loaded: false } } },
  dice: [],
  actions: [],
  expect: { decision: { player: 0, kind: 'activate', legal: ['wing:R-2', 'choice:end'] } },
})
moveFx({
  id: 'hbl-H1-cavalry-march-moves-cavalry-only',
  rule: 'H1 H13',
  description: 'On a Cavalry March only the cavalry of an activated command move.',
  card: 'cavalry-march',
  units: [
    { id: 'R-A', side: 0, wing: 'R-1', type: 'landsknechts', hex: '0510', facing: 'N' },
    { id: 'R-C', side: 0, wing: 'R-1', type: 'archer-cavalry', hex: '0710', facing: 'N' },
    farBlue,
  ],
  dice: [6, 3],
  actions: ['wing:R-1'],
  expect: { decision: { player: 0, kind: 'move-unit', legal: ['unit:R-C', 'choice:end'] } },
})
moveFx({
  id: 'hbl-H17-kept-refused-flank-pins',
  rule: 'H17',
  description: 'A unit that kept its flank refused is pinned "until it turns it back on a Formation Change card": its command has nothing to move.',
  units: [{ id: 'R-A', side: 0, wing: 'R-1', type: 'landsknechts', hex: '0510', facing: 'N' }, farBlue],
  start: { units: { 'R-A': { refused: 'SE', pinned: true } } },
  dice: [],
  actions: [],
  expect: { decision: { player: 0, kind: 'activate', legal: ['wing:R-2', 'choice:end'] } },
})
moveFx({
  id: 'hbl-H13-skirmishers-withdraw-from-melee',
  rule: 'H13',
  description: '"All skirmish cavalry can withdraw from an ongoing melee combat on any applicable move card": a step back ends the melee.',
  units: [{ id: 'R-A', side: 0, wing: 'R-1', type: 'genitors', hex: '0505', facing: 'N' }, { id: 'B-B', side: 1, wing: 'B-1', type: 'landsknechts', hex: '0504', facing: 'S' }],
  start: { melees: [['R-A', 'B-B', null]] },
  dice: [6, 3],
  actions: ['wing:R-1', 'unit:R-A', X({ decision: { kind: 'move', legal: ['hex:0506', 'choice:stop'] } }), 'hex:0506'],
  expect: { units: { 'R-A': { hex: '0506', melee: [] }, 'B-B': { melee: [] } } },
})
moveFx({
  id: 'hbl-H7-formed-troops-stay-in-melee',
  rule: 'H7 H13',
  description: 'Troops other than skirmish cavalry cannot walk out of a melee: the only move is to stop.',
  units: [{ id: 'R-A', side: 0, wing: 'R-1', type: 'landsknechts', hex: '0505', facing: 'N' }, { id: 'B-B', side: 1, wing: 'B-1', type: 'landsknechts', hex: '0504', facing: 'S' }],
  start: { melees: [['R-A', 'B-B', null]] },
  dice: [6, 3],
  actions: ['wing:R-1', 'unit:R-A'],
  expect: { decision: { kind: 'move', legal: ['choice:stop'] } },
})
moveFx({
  id: 'hbl-H4-march-outcomes',
  rule: 'H4',
  description: 'Command die v D8: 9 v 3 is "more and triple" (three moves), 7 v 7 is not more (one move, reconstructed), 8 v 3 is more but not triple (two).',
  units: [
    { id: 'R-A', side: 0, wing: 'R-1', type: 'landsknechts', hex: '0310', facing: 'N' },
    { id: 'R-C', side: 0, wing: 'R-3', type: 'landsknechts', hex: '0510', facing: 'N' },
    { id: 'R-D', side: 0, wing: 'R-4', type: 'landsknechts', hex: '0710', facing: 'N' },
    farBlue,
  ],
  dice: [9, 3, 7, 7, 8, 3],
  actions: ['wing:R-1', 'choice:end', 'wing:R-3', 'choice:end', 'wing:R-4'],
  expect: { events: [{ type: 'activated', wing: 'R-1', moves: 3 }, { type: 'activated', wing: 'R-3', moves: 1 }, { type: 'activated', wing: 'R-4', moves: 2 }], units: { 'R-D': { moves: 2 } } },
})

// Fire at a moving unit: the move lost.
function moveLossFx(id: string, dice: number[], description: string, expect: Obj): void {
  add('shift-fire.json', {
    id,
    rule: 'H14 H10',
    description,
    scenario: scenario(`fx-${id}`.slice(0, 40), [
      { id: 'R-S', side: 0, wing: 'R-1', type: 'artillery', hex: '0510', facing: 'N' },
      { id: 'B-T', side: 1, wing: 'B-1', type: 'archer-cavalry', hex: '0507', facing: 'N' },
      ...spares,
    ]),
    start: { pips: [1, 1], first: 1, next: { '1': ['march'], '0': ['formation-change'] } },
    dice,
    actions: ['wing:B-1', X({ decision: { player: 0, kind: 'shoot' } }), 'unit:R-S', 'unit:B-T'],
    expect,
  })
}
moveLossFx('hbl-H14-move-lost-at-6-pips', [5, 3, 10, 3], 'Blue\'s cavalry activates (5 v 3, two moves); before it moves Red\'s gun fires (close Up 2, into its rear Up 1: D12): 10 v 3, 7 pips: 2 UI, vexed, and one move lost; with no stubborn UI it cannot be bought back.', {
  events: [{ type: 'fired', die: 'D12', pips: 7 }, { type: 'move-lost', unit: 'B-T', negated: false }],
  units: { 'B-T': { moves: 1, uiLost: 2, vexed: true } },
  decision: { player: 1, kind: 'move-unit' },
})
moveLossFx('hbl-H14-no-move-lost-under-6-pips', [5, 3, 8, 3], 'The same shot at 5 pips: 1 UI and vexed, but the move stands (the loss threshold is reconstructed at 6 pips).', {
  units: { 'B-T': { moves: 2, uiLost: 1, vexed: true } },
  decision: { player: 1, kind: 'move-unit' },
})

// Formation change, refused flanks, artillery actions.
function formFx(o: { id: string; rule: string; description: string; start: Obj; actions: Step[]; expect: Obj; red?: Partial<U>; card?: string }): void {
  add('formation.json', {
    id: o.id,
    rule: o.rule,
    description: o.description,
    scenario: scenario(`fx-${o.id}`.slice(0, 40), [
      { id: 'R-A', side: 0, wing: 'R-1', type: 'landsknechts', hex: '0505', facing: 'N', ...(o.red ?? {}) },
      { id: 'B-B', side: 1, wing: 'B-1', type: 'gendarmes', hex: '0605', facing: 'NW' },
      ...spares,
    ]),
    start: { pips: [1, 1], first: 0, next: { '0': [o.card ?? 'formation-change'], '1': ['formation-change'] }, ...o.start },
    dice: [],
    actions: o.actions,
    expect: o.expect,
  })
}
formFx({
  id: 'hbl-H17-formation-change-turns-the-flank-back',
  rule: 'H17',
  description: 'A Formation Change card lets a unit turn its refused flank back (and frees a pinned unit).',
  start: { units: { 'R-A': { refused: 'SE', pinned: true } } },
  actions: ['unit:R-A', X({ decision: { kind: 'formation-unit', legal: ['choice:wheel-left', 'choice:wheel-right', 'choice:turn-back', 'choice:face-enemy'] } }), 'choice:turn-back'],
  expect: { units: { 'R-A': { refused: null, pinned: false, facing: 'N' } } },
})
formFx({
  id: 'hbl-H17-formation-change-faces-the-refused-side',
  rule: 'H17',
  description: 'Or the whole unit turns to face the side its flank was refused to.',
  start: { units: { 'R-A': { refused: 'SE' } }, melees: [['R-A', 'B-B', 'B-B']] },
  actions: ['unit:R-A', 'choice:face-enemy'],
  expect: { units: { 'R-A': { refused: null, facing: 'SE' } } },
})
formFx({
  id: 'hbl-H17-formation-change-wheels',
  rule: 'H17',
  description: 'Out of melee a Formation Change wheels a unit one hexside.',
  start: {},
  actions: ['unit:R-A', 'choice:wheel-left'],
  expect: { units: { 'R-A': { facing: 'NW' } }, decision: { player: 0, kind: 'formation', legalExcludes: ['unit:R-A'] } },
})
formFx({
  id: 'hbl-H15-one-artillery-action',
  rule: 'H15',
  description: '"Artillery can only perform one action on its card, it cannot wheel and reload": a loaded gun (facing away from the enemy, so no shooting window) may only wheel; after it the card passes.',
  red: { type: 'artillery', hex: '0510', facing: 'S' },
  card: 'artillery-action',
  start: {},
  actions: ['unit:R-A', X({ decision: { kind: 'gun-action', legal: ['choice:wheel-left', 'choice:wheel-right'] } }), 'choice:wheel-right'],
  expect: { units: { 'R-A': { facing: 'SW', loaded: true } }, decision: FORMATION_NEXT },
})
duel('melee-results.json', {
  id: 'hbl-H11-lost-to-a-flank-attack',
  rule: 'H11 H17',
  description: 'Losing a melee delivered against a flank vexes the loser, which turns its flank stands to the attacker (Combat 2). Gendarmes from the flank: D12+4 v the flanked Landsknechts\' D10, 9 v 2: 2 UI; the rout is converted to a push back, a second vexation (1 more UI).',
  attacker: 1,
  red: LK,
  blue: { type: 'gendarmes', hex: '0605', facing: 'NW' },
  dice: [5, 2],
  actions: ['unit:B-B', 'unit:R-A', 'choice:yes'],
  expect: { events: [{ type: 'melee', dieA: 'D12+4', dieB: 'D10', totalA: 9, totalB: 2, band: 'routed' }], units: { 'R-A': { vexed: true, refused: 'SE', uiLost: 3 } } },
})
duel('melee-results.json', {
  id: 'hbl-H12-fierce-marginal-keeps-the-mutual-loss',
  rule: 'H12 E3',
  description: 'Combat 3\'s ruling: a Fierce marginal win is a push back for the non-Fierce loser and still costs both sides 1 UI and 1 chip; stubborn UI cannot hold it.',
  red: { type: 'swiss-pike' },
  blue: LK,
  dice: [2, 3],
  actions: ['unit:R-A', 'unit:B-B', 'choice:no'],
  expect: { events: [{ type: 'melee', dieA: 'D12+3', dieB: 'D12+1', totalA: 5, totalB: 4, band: 'marginal' }, { type: 'pushed-back', unit: 'B-B', to: '0503' }], units: { 'R-A': { uiLost: 1, chipsLost: 1 }, 'B-B': { uiLost: 1, chipsLost: 1, vexed: true } } },
})
for (const [file, list] of fixtures) writeFileSync(new URL(file, OUT), JSON.stringify(list.length === 1 ? list[0] : list, null, 1) + '\n')
console.log(`wrote ${[...fixtures.values()].reduce((a, l) => a + l.length, 0)} fixtures in ${fixtures.size} files`)
