// Writes the cfeo conformance fixtures (test/fixtures/cfeo/*.json) from the CFEO text's rules and examples.
// Each expectation is worked out by hand from the text (and the hex readings of docs/rules/cfeo.md), in
// the comment beside it; the engine is not consulted. Run: npx tsx test/cfeo/build-fixtures.ts
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { hexOfLabel, makeGrid, neighbor } from '../../env/hex/grid.ts'

const grid = makeGrid(14, 10)
const training = JSON.parse(readFileSync(new URL('../../env/scenario/scenarios/cfeo-training.json', import.meta.url), 'utf8')) as Record<string, unknown>
/** Label of the neighbour of `lab` across side d (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW). */
const nb = (lab: string, d: number): string => grid.labels[neighbor(grid, hexOfLabel(grid, lab), d)] as string

const ALL = ['F-P1', 'F-T1', 'F-S1', 'F-G1', 'F-H1', 'F-L1', 'I-P1', 'I-T1', 'I-S1', 'I-G1', 'I-H1', 'I-K1']
// leaders out of the way (far corners, detached) unless a fixture says otherwise
const LEADERS = [
  { id: 'F-GEN', hex: '0110' },
  { id: 'F-CI', hex: '0210', attached: null },
  { id: 'F-CC', hex: '0310' },
  { id: 'I-GEN', hex: '1401' },
  { id: 'I-CI', hex: '1301', attached: null },
  { id: 'I-CC', hex: '1201' },
]
type U = Record<string, unknown> & { id: string }
const BASE: Record<string, Record<string, unknown>> = {
  // C grade pike, 2 stands in one rank, no nation: the baseline of the combat fixtures
  pike: { type: 'pike', grade: 'C', stands: 2, ranks: 1, nation: null, followOn: null, shot: null, armoured: null, formation: null },
  swords: { type: 'swordsmen', grade: 'C', stands: 2, ranks: 1, nation: null, followOn: null, shot: null, armoured: null, formation: null },
  hc: { type: 'heavy-cavalry', grade: 'C', stands: 2, ranks: 1, nation: null, followOn: null, shot: null, armoured: null, formation: null },
}

interface Fx {
  id: string
  rule: string
  description: string
  keep: U[]
  leaders?: Record<string, unknown>[]
  map?: Record<string, unknown>
  wings?: Record<string, unknown>[]
  rules?: Record<string, unknown>
  start: Record<string, unknown>
  dice: number[]
  actions: (string | { expect: Record<string, unknown> })[]
  expect: Record<string, unknown>
}

const out: Fx[] = []
const fx = (f: Fx) => out.push(f)
const unit = (id: string, base: string, hex: string, facing: string, extra: Record<string, unknown> = {}): U => ({ id, ...BASE[base], hex, facing, ...extra })

// ---------------------------------------------------------------- combat: baseline and modifier rows
// F-P1 at 0606 facing NE and I-P1 at 0605 facing SW are in contact from a previous turn (start.units.foe);
// both players end their movement phase, the combat is fought (no chargers: both roll an AvD).
const meleeStart = (extra: Record<string, unknown> = {}) => ({ phase: 'movement', first: 0, units: { 'F-P1': { foe: 'I-P1' }, ...extra } })
const END2 = ['choice:end', 'choice:end']

fx({
  id: 'cfeo-combat-baseline-inconclusive', rule: 'Combat Resolution; Combat Results +1/-1', description: 'Equal C grade pike, AvD 3 each: 3 vs 3, difference 0: Inconclusive, 1 DP each, infantry remain in place.',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), unit('I-P1', 'pike', '0605', 'SW')], start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [3, 3], bands: ['inconclusive', 'inconclusive'] }], units: { 'F-P1': { dp: 1, hex: '0606', inMelee: 'I-P1' }, 'I-P1': { dp: 1, hex: '0605', inMelee: 'F-P1' } } },
})
const gradeRows: [string, number][] = [['A1', 2], ['A2', 2], ['B', 1], ['D', -1], ['E', -2]]
for (const [g, m] of gradeRows) {
  const t0 = 3 + m
  const diff = t0 - 3
  const band = diff >= 2 ? 'success' : diff <= -2 ? 'driven-back' : 'inconclusive'
  const other = diff >= 2 ? 'driven-back' : diff <= -2 ? 'success' : 'inconclusive'
  fx({
    id: `cfeo-combat-grade-${g}`, rule: 'Combat Resolution: grade', description: `${g} grade ${m > 0 ? '+' : ''}${m}: ${t0} vs 3 -> ${band}.`,
    keep: [unit('F-P1', 'pike', '0606', 'NE', { grade: g }), unit('I-P1', 'pike', '0605', 'SW')], start: meleeStart(), dice: [3, 3], actions: END2.slice(0, 2),
    expect: { events: [{ type: 'combat', totals: [t0, 3], bands: [band, other] }] },
  })
}
fx({
  id: 'cfeo-combat-inspire-1', rule: 'Command Actions: Inspire; Combat Resolution +1 per inspire action', description: 'An attached commander inspiring once: +1 (4 vs 3, inconclusive); the unit takes 1 DP so he tests (D6 4: no hit).',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), unit('I-P1', 'pike', '0605', 'SW')], start: { ...meleeStart(), leaders: { 'F-CI': { attached: 'F-P1', inspire: 1 } } }, dice: [3, 3, 4], actions: END2,
  expect: { events: [{ type: 'combat', totals: [4, 3], bands: ['inconclusive', 'inconclusive'] }, { type: 'leader-hit', leader: 'F-CI', result: 'missed' }] },
})
fx({
  id: 'cfeo-combat-inspire-2', rule: 'Command Actions: two inspire actions give +2', description: 'A leader inspiring twice: +2, 5 vs 3 = +2 Success; the enemy, formed infantry, falls back; leader test D6 5: no hit.',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), unit('I-P1', 'pike', '0605', 'SW')], start: { ...meleeStart(), leaders: { 'F-CI': { attached: 'F-P1', inspire: 2 } } }, dice: [3, 3, 5], actions: [...END2, 'hex:0604'],
  expect: { events: [{ type: 'combat', totals: [5, 3], bands: ['success', 'driven-back'] }, { type: 'after-combat', unit: 'I-P1', action: 'fall back' }], units: { 'I-P1': { dp: 2, hex: '0604' }, 'F-P1': { dp: 1 } }, decision: { player: 0, kind: 'after-combat', subject: 'F-P1', legal: ['choice:remain', 'choice:take-position'] } },
})
fx({
  id: 'cfeo-combat-advantage-of-ground-uphill', rule: 'Combat Resolution: +1 advantage of ground (uphill)', description: 'I-P1 on the hill (0705, elevation 1) against F-P1 below at 0704: +1 to I-P1, 3 vs 4.',
  keep: [unit('F-P1', 'pike', '0704', 'SE'), unit('I-P1', 'pike', '0705', 'NE')], start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [3, 4], bands: ['inconclusive', 'inconclusive'] }] },
})
fx({
  id: 'cfeo-combat-fortified-rampart', rule: 'Combat Resolution: +1 advantage of ground and +1 fortified position', description: 'I-P1 behind a rampart (0605 is its defended side): +2; 3 vs 5 = -2: F-P1 driven back, falls back.',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), unit('I-P1', 'pike', '0605', 'SW')], map: { hexsides: [{ hexes: ['0605', '0606'], feature: 'rampart' }] }, start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [3, 5], bands: ['driven-back', 'success'] }, { type: 'after-combat', unit: 'F-P1', action: 'fall back' }] },
})
fx({
  id: 'cfeo-combat-hedge-both-defend', rule: 'Combat Resolution: +1 defending a hedgerow', description: 'A hedge between two units in a continuing melee: both defend its edge, +1 each: 4 vs 4.',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), unit('I-P1', 'pike', '0605', 'SW')], map: { hexsides: [{ hexes: ['0605', '0606'], feature: 'hedge' }] }, start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [4, 4], bands: ['inconclusive', 'inconclusive'] }] },
})
fx({
  id: 'cfeo-combat-took-position-last-turn', rule: 'Combat Resolution: +1 having taken the position last turn', description: 'F-P1 took the position last turn: +1, 4 vs 3.',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), unit('I-P1', 'pike', '0605', 'SW')], start: meleeStart({ 'F-P1': { foe: 'I-P1', flags: ['took-position'] } }), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [4, 3], bands: ['inconclusive', 'inconclusive'] }] },
})
fx({
  id: 'cfeo-combat-deeper-2plus1-beats-1', rule: 'Deeper Formation (the text example: two bases in front and one behind beat a single rank)', description: 'Swordsmen 3 stands in 2 ranks vs swordsmen 2 stands in 1 rank (numbers 2 v 2): +1 deeper, 4 vs 3.',
  keep: [unit('F-P1', 'swords', '0606', 'NE', { stands: 3, ranks: 2 }), unit('I-P1', 'swords', '0605', 'SW')], start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [4, 3] }] },
})
fx({
  id: 'cfeo-combat-deeper-2plus2-beats-2plus1', rule: 'Deeper Formation (the text example: two and two beat two and one)', description: 'Swordsmen 4 stands in 2 ranks vs 3 stands in 2 ranks (numbers 2 v 2): +1 deeper to the fuller rear rank, 4 vs 3.',
  keep: [unit('F-P1', 'swords', '0606', 'NE', { stands: 4, ranks: 2 }), unit('I-P1', 'swords', '0605', 'SW', { stands: 3, ranks: 2 })], start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [4, 3] }] },
})
fx({
  id: 'cfeo-combat-armoured', rule: 'Armour; Combat Resolution +1 armoured against similar troops', description: 'Armoured swordsmen against swordsmen (infantry vs infantry): +1, 4 vs 3.',
  keep: [unit('F-P1', 'swords', '0606', 'NE', { armoured: true }), unit('I-P1', 'swords', '0605', 'SW')], start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [4, 3] }] },
})
fx({
  id: 'cfeo-combat-dp-each-minus-1', rule: 'Combat Resolution: -1 each DP', description: 'F-P1 carries 2 DPs: 3 - 2 = 1 vs 3, -2: driven back, falls back.',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), unit('I-P1', 'pike', '0605', 'SW')], start: meleeStart({ 'F-P1': { foe: 'I-P1', dp: 2 } }), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [1, 3], bands: ['driven-back', 'success'] }] },
})
fx({
  id: 'cfeo-combat-column-minus-2', rule: 'Combat Resolution: -2 in march column', description: 'F-P1 in march column: -2; a column counts deep (+1) but shows one stand: outnumbered 2:1 (-3): -1 vs 3.',
  keep: [unit('F-P1', 'swords', '0606', 'NE', { formation: 'column' }), unit('I-P1', 'swords', '0605', 'SW')], start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [-1, 3], bands: ['driven-back', 'victory'] }] },
})
const outRows: [number, number, number][] = [[3, 2, -1], [3, 4, -2]]
void outRows
fx({
  id: 'cfeo-combat-outnumbered-less-than-3-2', rule: 'Outnumbered: -1 outnumbered by less than 3:2', description: 'Swordsmen 3 stands in line (3 wide) vs 4 in line (4 wide): 3 v 4 is less than 3:2: -1 to F-P1, 2 vs 3.',
  keep: [unit('F-P1', 'swords', '0606', 'NE', { stands: 3 }), unit('I-P1', 'swords', '0605', 'SW', { stands: 4 })], start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [2, 3] }] },
})
fx({
  id: 'cfeo-combat-outnumbered-3-2', rule: 'Outnumbered: -2 outnumbered 3:2', description: 'Swordsmen 2 wide vs 3 wide: 3:2, -2 to F-P1: 1 vs 3, driven back.',
  keep: [unit('F-P1', 'swords', '0606', 'NE'), unit('I-P1', 'swords', '0605', 'SW', { stands: 3 })], start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [1, 3], bands: ['driven-back', 'success'] }] },
})
fx({
  id: 'cfeo-combat-outnumbered-2-1', rule: 'Outnumbered: -3 outnumbered 2:1', description: 'Swordsmen 2 wide vs 4 wide: 2:1, -3: 0 vs 3, driven back.',
  keep: [unit('F-P1', 'swords', '0606', 'NE'), unit('I-P1', 'swords', '0605', 'SW', { stands: 4 })], start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [0, 3], bands: ['driven-back', 'success'] }] },
})
fx({
  id: 'cfeo-combat-outnumbered-3-1', rule: 'Outnumbered: -4 outnumbered 3:1+; two stands either flank count', description: 'Swordsmen 2 wide vs 6 wide (capped at 2 + 4 overlapping = 6): 3:1, -4: -1 vs 3 = -4, driven back.',
  keep: [unit('F-P1', 'swords', '0606', 'NE'), unit('I-P1', 'swords', '0605', 'SW', { stands: 6 })], start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [-1, 3], bands: ['driven-back', 'victory'] }] },
})
fx({
  id: 'cfeo-combat-overlap-cap', rule: 'Outnumbered: count stands in contact plus two either flank', description: 'Swordsmen 2 wide vs 10 wide: only 2 + 4 = 6 count: still 3:1, -4 (not more): -1 vs 3.',
  keep: [unit('F-P1', 'swords', '0606', 'NE'), unit('I-P1', 'swords', '0605', 'SW', { stands: 10 })], start: meleeStart(), dice: [3, 3], actions: END2,
  expect: { events: [{ type: 'combat', totals: [-1, 3] }] },
})
fx({
  id: 'cfeo-combat-pikes-double-vs-cavalry', rule: 'Outnumbered: pikemen count double against cavalry, and their second rank', description: 'B grade pike 4 stands in 2 ranks (2 + 2 second rank, doubled = 8) against heavy cavalry 2 wide in a continuing melee: cavalry outnumbered 3:1+ (-4); pike +1 B, +1 deeper: 5 vs -1 = +6 Victory; the cavalry retire (2 AvD + D6).',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { stands: 4, ranks: 2, grade: 'B' }), unit('I-P1', 'hc', '0605', 'SW')], start: meleeStart(), dice: [3, 3, 3, 3, 3], actions: [...END2, 'hex:0604', 'hex:0603', 'hex:0602'],
  expect: { events: [{ type: 'combat', totals: [5, -1], bands: ['victory', 'defeat'] }, { type: 'fast-move', unit: 'I-P1', how: 'retire', from: '0605', to: '0602', pips: 12 }], units: { 'I-P1': { status: 'retiring', hex: '0602' } }, decision: { player: 0, kind: 'after-combat', subject: 'F-P1' } },
})
fx({
  id: 'cfeo-combat-bad-war', rule: 'Bad War', description: 'Swiss against Landsknecht pike: Inconclusive (3 vs 3, 1 DP each) is fought again at once with D6 for both: 5 - 1 vs 2 - 1 = +3 Success.',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { nation: 'swiss' }), unit('I-P1', 'pike', '0605', 'SW', { nation: 'landsknecht' })], start: meleeStart(), dice: [3, 3, 5, 2], actions: END2,
  expect: { events: [{ type: 'combat', totals: [3, 3], bands: ['inconclusive', 'inconclusive'] }, { type: 'combat', totals: [4, 1], bands: ['success', 'driven-back'] }] },
})

// ---------------------------------------------------------------- result bands
const bandCase = (id: string, gradeF: string, dpI: number, dF: number, dI: number, totals: [number, number], bands: [string, string], rule: string, desc: string, expect: Record<string, unknown> = {}, extraDice: number[] = [], steps: string[] = []) =>
  fx({
    id, rule, description: desc,
    keep: [unit('F-P1', 'pike', '0606', 'NE', { grade: gradeF, stands: 6, ranks: 2 }), unit('I-P1', 'pike', '0605', 'SW', { stands: 6, ranks: 2 })],
    start: meleeStart({ 'F-P1': { foe: 'I-P1' }, 'I-P1': { dp: dpI } }), dice: [dF, dI, ...extraDice], actions: [...END2, ...steps],
    expect: { events: [{ type: 'combat', totals, bands }], ...expect },
  })
// pike 6 stands in 2 ranks (3 wide + 3 second rank): numbers 6 v 6, depth equal
bandCase('cfeo-band-success-driven-back', 'C', 0, 5, 3, [5, 3], ['success', 'driven-back'], 'Combat Results +2/3 Success, -2/-4 Driven Back', 'AvD 5 vs 3: +2 Success 1 DP; -2 Driven Back 2 DPs, formed infantry fall back.', { units: { 'F-P1': { dp: 1 }, 'I-P1': { dp: 2 } } })
bandCase('cfeo-band-victory-defeat', 'B', 3, 5, 3, [6, 0], ['victory', 'defeat'], 'Combat Results +4/6 Victory, -5/-7 Defeat', 'B grade 5 + 1 = 6 vs I-P1 with 3 DPs, 3 - 3 = 0: +6 Victory (1 DP); Defeat: 2 DPs and a casualty, retire (fast move AvD 3 + D6 3, +10 yds a die).', { units: { 'F-P1': { dp: 1 }, 'I-P1': { stands: 5, status: 'retiring', formation: 'unformed' } } }, [3, 3])
bandCase('cfeo-band-breakthrough-break', 'A1', 5, 5, 2, [7, -3], ['breakthrough', 'break'], 'Combat Results +7 Breakthrough, -8 Break', 'A1 (+2) AvD 5 = 7 vs AvD 2 - 5 DPs = -3: +10 Breakthrough, no DP; Break: 3 casualties and rout (AvD 3 + D6 3).', { units: { 'F-P1': { dp: 0 }, 'I-P1': { stands: 3, status: 'routing' } } }, [3, 3])

// fast-move arithmetic (the inventory's example): foot AvD 4 + D6 5 = 9, +10 yds a die on the initial retire = 11
// pips; a succeeding retire (next move phase) 9 pips
bandCase('cfeo-fast-move-initial-retire', 'B', 3, 5, 3, [6, 0], ['victory', 'defeat'], 'Fast Move; Retire: +10 yds a die on the initial move', 'The defeated unit retires: AvD 4 + D6 5 = 9 + 2 dice = 11 pips: three hexes (the last on 3 pips), straight back by its owner\'s choice.', { events: [{ type: 'combat', totals: [6, 0] }, { type: 'fast-move', unit: 'I-P1', how: 'retire', from: '0605', to: '0602', pips: 11 }] }, [4, 5], ['hex:0604', 'hex:0603', 'hex:0602'])
fx({
  id: 'cfeo-fast-move-succeeding-retire', rule: 'Fast Move: no bonus in succeeding moves; Retire: next move phase continue to retire', description: 'A retiring unit that has made its initial retire continues: AvD 4 + D6 5 = 9 pips, no bonus: two hexes (a third step would need 2 pips, 1 is left), the owner choosing straight back.',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), unit('I-P1', 'pike', '0602', 'SW')], start: { phase: 'movement', first: 0, units: { 'F-P1': { status: 'retiring', flags: ['fast-move-made'] } } }, dice: [4, 5],
  actions: ['unit:F-P1', { expect: { decision: { kind: 'move-kind', legalIncludes: ['choice:retire', 'choice:reform-line', 'choice:hold'] } } }, 'choice:retire', 'hex:0607', 'hex:0608'],
  expect: { events: [{ type: 'fast-move', unit: 'F-P1', how: 'retire', from: '0606', to: '0608', pips: 9 }], units: { 'F-P1': { hex: '0608' } } },
})

fx({
  id: 'cfeo-morale-rout-and-commander-routing', rule: 'Morale: equal/higher grade unit routing within 120 yds 2 DPs; Commander routing within 120 yds 1 DP', description: 'I-P1 breaks (3 casualties; its attached commander tests, D6 4: no hit) and routs (AvD 3 + D6 3) with its commander; I-T1, C grade like it, 3 hexes away, takes 2 + 1 = 3 DPs in the Morale Phase.',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { grade: 'A1', stands: 6, ranks: 2 }), unit('I-P1', 'pike', '0605', 'SW', { stands: 6, ranks: 2 }), unit('I-T1', 'pike', '0803', 'SW', { stands: 6, ranks: 2 })],
  start: { ...meleeStart({ 'F-P1': { foe: 'I-P1' }, 'I-P1': { dp: 5 } }), leaders: { 'I-CI': { attached: 'I-P1' } } }, dice: [5, 2, 4, 3, 3],
  actions: [...END2, { expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-P1' } } }, 'hex:0604', 'hex:0603', { expect: { decision: { player: 0, kind: 'after-combat', subject: 'F-P1' } } }, 'choice:remain'],
  expect: { units: { 'I-P1': { status: 'routing' }, 'I-T1': { dp: 3 } } },
})

// ---------------------------------------------------------------- charges
fx({
  id: 'cfeo-charge-infantry-contact-d6-plus1', rule: 'Charges; Charge Move; Combat Resolution: D6 for chargers, +1 charging', description: 'Pike 40 yds away (2 hexes) charge with 1 AvD (3 pips: one hex, contact); D6 4 + 1 = 5 vs AvD 3: Success; the defenders fall back.',
  keep: [unit('F-P1', 'pike', '0607', 'NE'), unit('I-P1', 'pike', '0605', 'SW')], start: { phase: 'combat', first: 0 }, dice: [3, 4, 3],
  actions: ['unit:F-P1', 'hex:0605', 'choice:dice1', { expect: { decision: { player: 1, kind: 'charge-select' } } }, 'choice:end'],
  expect: { events: [{ type: 'charge-declared', unit: 'F-P1', target: 'I-P1', dice: 1 }, { type: 'charge-move', unit: 'F-P1', pips: 3, contact: true, to: '0606' }, { type: 'combat', totals: [5, 3], bands: ['success', 'driven-back'] }] },
})
fx({
  id: 'cfeo-charge-infantry-only-within-40', rule: 'Eligibility to Charge: infantry only on enemy infantry within 40 yds', description: 'Pike 3 hexes (80 yds) from enemy pike may not declare a charge: nobody can, the combat phase passes and the one-turn game ends.',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('I-P1', 'pike', '0605', 'SW')], start: { phase: 'combat', first: 0 }, dice: [], actions: [],
  expect: { decision: null },
})
fx({
  id: 'cfeo-charge-heavy-cavalry-bonus', rule: 'Combat Resolution: +1 charging, +1 additional heavy cavalry charging; no deeper with it', description: 'Heavy cavalry charge heavy cavalry 40 yds away (the target stands): D6 4 + 2 = 6 vs AvD 3 = 3: Success; the driven-back cavalry retire (2 AvD + D6, +10 yds a die).',
  keep: [unit('F-H1', 'hc', '0607', 'NE'), unit('I-H1', 'hc', '0605', 'SW')], start: { phase: 'combat', first: 0 }, dice: [3, 4, 3, 3, 3, 3],
  actions: ['unit:F-H1', 'hex:0605', 'choice:dice1', 'choice:end', { expect: { decision: { player: 1, kind: 'charge-response', subject: 'I-H1', legal: ['choice:stand', 'choice:counter-charge'] } } }, 'choice:stand', 'hex:0604', 'hex:0603', 'hex:0602'],
  expect: { events: [{ type: 'combat', totals: [6, 3], bands: ['success', 'driven-back'] }, { type: 'after-combat', unit: 'I-H1', action: 'retire' }], units: { 'I-H1': { status: 'retiring', formation: 'unformed' } }, decision: { player: 0, kind: 'after-combat', subject: 'F-H1', legal: ['choice:remain', 'choice:pursue', 'choice:retire'] } },
})
fx({
  id: 'cfeo-charge-cavalry-vs-no-pikes', rule: 'Combat Resolution: -2 infantry without pikes charged by cavalry', description: 'B grade heavy cavalry charge swordsmen: D6 4 +1 +1 +1 (B) = 7 vs AvD 3 - 2 = 1: +6 Victory; Defeat: 2 DPs, 1 casualty, retire.',
  keep: [unit('F-H1', 'hc', '0607', 'NE', { grade: 'B' }), unit('I-P1', 'swords', '0605', 'SW')], start: { phase: 'combat', first: 0 }, dice: [3, 4, 3, 3, 3],
  actions: ['unit:F-H1', 'hex:0605', 'choice:dice1', 'hex:0604', 'hex:0603'],
  expect: { events: [{ type: 'combat', totals: [7, 1], bands: ['victory', 'defeat'] }], units: { 'I-P1': { stands: 1, status: 'retiring', hex: '0603' } }, decision: { player: 0, kind: 'after-combat', subject: 'F-H1' } },
})
fx({
  id: 'cfeo-charge-rear-minus-2', rule: 'Combat Resolution: -2 contacted in the flank or rear by a formed charge from behind the flank', description: 'Pike charge a pike unit from its rear (start 0603, target 0605 facing SE): D6 4 + 1 = 5 vs AvD 3 - 2 = 1: +4 Victory, the target falls back.',
  keep: [unit('F-P1', 'pike', '0603', 'SE'), unit('I-P1', 'pike', '0605', 'SE')], start: { phase: 'combat', first: 0 }, dice: [3, 4, 3],
  actions: ['unit:F-P1', 'hex:0605', 'choice:dice1'],
  expect: { events: [{ type: 'combat', totals: [5, 1], bands: ['victory', 'driven-back'] }] },
})
fx({
  id: 'cfeo-charge-failed-contact', rule: 'Failure to contact', description: 'Heavy cavalry 5 hexes away charge with 1 AvD (2 pips: one hex): no contact; it must take a control test next turn.',
  keep: [unit('F-H1', 'hc', '0609', 'NE'), unit('I-H1', 'hc', '0604', 'SW')], start: { phase: 'combat', first: 0 }, dice: [2],
  actions: ['unit:F-H1', 'hex:0604', 'choice:dice1', 'choice:end', 'choice:stand'],
  expect: { events: [{ type: 'charge-move', unit: 'F-H1', pips: 2, contact: false, to: '0608' }] },
})
fx({
  id: 'cfeo-charge-responses-skirmishers', rule: 'Evade; take shelter amongst the pikes', description: 'Skirmishers charged with a friendly pike unit within 60 yds may stand, shoot, evade or shelter.',
  keep: [unit('F-P1', 'pike', '0607', 'NE'), { id: 'I-S1', hex: '0605', facing: 'SW' }, unit('I-P1', 'pike', '0704', 'SW')], start: { phase: 'combat', first: 0 }, dice: [],
  actions: ['unit:F-P1', 'hex:0605', 'choice:dice1'],
  expect: { decision: { player: 1, kind: 'charge-response', subject: 'I-S1', legal: ['choice:stand', 'choice:stand-shoot', 'choice:evade', 'choice:shelter'] } },
})

fx({
  id: 'cfeo-charge-follow-on', rule: 'Sword and Buckler or Halberdier Follow-on Charge', description: 'Pike with a halberd rank in a melee continuing from last turn declare a follow-on charge (no move): D6 4 + 1 charging = 5 vs AvD 3: Success.',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { followOn: true }), unit('I-P1', 'pike', '0605', 'SW')], start: { phase: 'combat', first: 0, units: { 'F-P1': { foe: 'I-P1' } } }, dice: [4, 3],
  actions: [{ expect: { decision: { player: 0, kind: 'charge-select', legal: ['unit:F-P1', 'choice:end'] } } }, 'unit:F-P1', { expect: { decision: { kind: 'charge-target', legal: ['hex:0605'] } } }, 'hex:0605'],
  expect: { events: [{ type: 'charge-declared', unit: 'F-P1', target: 'I-P1', dice: 0 }, { type: 'combat', totals: [5, 3], bands: ['success', 'driven-back'] }] },
})
fx({
  id: 'cfeo-charge-follow-on-needs-the-rank', rule: 'Sword and Buckler or Halberdier Follow-on Charge: only units with such a rank', description: 'Plain pike in a continuing melee may not declare a charge: the melee is fought at once (AvD 3 v 3, Inconclusive) and the one-turn game ends.',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), unit('I-P1', 'pike', '0605', 'SW')], start: { phase: 'combat', first: 0, units: { 'F-P1': { foe: 'I-P1' } } }, dice: [3, 3],
  actions: [], expect: { decision: null, units: { 'F-P1': { dp: 1 }, 'I-P1': { dp: 1 } } },
})

// ---------------------------------------------------------------- movement
const moveStart = (units: Record<string, unknown> = {}, leaders: Record<string, unknown> = {}) => ({ phase: 'movement', first: 0, units, leaders })
fx({
  id: 'cfeo-move-inspired-2-dice', rule: 'Inspired units (the text example: 2 dice totalling 6 move 80 yds, not 60)', description: 'Cavalry with an inspiring attached leader roll 2 AvD (3 + 3): 6 + 10 yds a die = 8 pips.',
  keep: [unit('F-H1', 'hc', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart({}, { 'F-CC': { attached: 'F-H1', inspire: 1 } }), dice: [3, 3],
  actions: ['unit:F-H1', 'choice:dice2'], expect: { events: [{ type: 'move-roll', unit: 'F-H1', dice: 2, pips: 8, why: 'move' }], decision: { kind: 'move-step' } },
})
fx({
  id: 'cfeo-move-inspired-3-dice', rule: 'Inspired units (the text example: 3 dice totalling 9 move 120 yds, not 90)', description: 'Cavalry that moved 2 dice last turn roll 3 (AvD 3, AvD 3, D6 3) inspired: 9 + 3 = 12 pips.',
  keep: [unit('F-H1', 'hc', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart({ 'F-H1': { lastDice: 2 } }, { 'F-CC': { attached: 'F-H1', inspire: 1 } }), dice: [3, 3, 3],
  actions: ['unit:F-H1', 'choice:dice3'], expect: { events: [{ type: 'move-roll', unit: 'F-H1', dice: 3, pips: 12 }] },
})
fx({
  id: 'cfeo-move-not-inspired', rule: 'Normal Move: dice x 10 yds', description: 'The same 2 dice (3 + 3) without inspiration: 6 pips.',
  keep: [unit('F-H1', 'hc', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart(), dice: [3, 3],
  actions: ['unit:F-H1', 'choice:dice2'], expect: { events: [{ type: 'move-roll', unit: 'F-H1', dice: 2, pips: 6 }] },
})
fx({
  id: 'cfeo-move-double-beyond-120', rule: 'Double Moves', description: 'Beyond 120 yds of enemy (7 hexes) the roll is doubled: 2 AvD 3 + 3 = 12 pips.',
  keep: [unit('F-H1', 'hc', '0608', 'NE'), unit('I-P1', 'pike', '0601', 'SW')], start: moveStart(), dice: [3, 3],
  actions: ['unit:F-H1', 'choice:dice2'], expect: { events: [{ type: 'move-roll', unit: 'F-H1', pips: 12, why: 'double move' }] },
})
// Yards between units are counted front to front: d hexes apart = (d - 1) x 40 yds, so 0605 to
// 0601 (4 hexes) is exactly 120 yds: "not closer than 120 yds" lets the double move end there.
fx({
  id: 'cfeo-move-double-halts-at-120', rule: 'Double Moves: ... as long as their move does not bring them closer than 120 yds of enemy; if their roll would bring them within 120 yds they halt when they reach that point', description: 'F-H1 at 0608 rolls 2 AvD 3 + 3, doubled: 12 pips, 3 hexes; the last step to 0605 ends exactly 120 yds from I-P1 at 0601 and is allowed.',
  keep: [unit('F-H1', 'hc', '0608', 'NE'), unit('I-P1', 'pike', '0601', 'SW')], start: moveStart(), dice: [3, 3],
  actions: ['unit:F-H1', 'choice:dice2', 'hex:0607', 'hex:0606', { expect: { decision: { kind: 'move-step', legalIncludes: ['hex:0605'] } } }, 'hex:0605'],
  expect: { events: [{ type: 'move-roll', unit: 'F-H1', pips: 12, why: 'double move' }], units: { 'F-H1': { hex: '0605' } } },
})
fx({
  id: 'cfeo-move-cavalry-stationary-max-2-dice', rule: 'Cavalry may only change speed by up to 2 dice per turn', description: 'A stationary cavalry unit may roll 1 or 2 dice, not 3.',
  keep: [unit('F-H1', 'hc', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart(), dice: [], actions: ['unit:F-H1'],
  expect: { decision: { kind: 'move-kind', legalIncludes: ['choice:dice1', 'choice:dice2', 'choice:hold'], legalExcludes: ['choice:dice3'] } },
})
fx({
  id: 'cfeo-move-cavalry-after-3-dice-must-move', rule: 'A unit which moved 3 dice must move at least one the following turn', description: 'Cavalry that rolled 3 dice last turn may not hold.',
  keep: [unit('F-H1', 'hc', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart({ 'F-H1': { lastDice: 3 } }), dice: [], actions: ['unit:F-H1'],
  expect: { decision: { kind: 'move-kind', legalIncludes: ['choice:dice1', 'choice:dice2', 'choice:dice3'], legalExcludes: ['choice:hold'] } },
})
// The Movement Phase may not be ended while such a unit has not moved ("must move at least one [die] the
// following turn"); with a unit free to hold, it may.
fx({
  id: 'cfeo-move-must-move-phase-not-ended', rule: 'A unit which moved 3 dice must move at least one the following turn (the phase does not end before it moves)', description: 'Cavalry that rolled 3 dice last turn: its player may not end the Movement Phase before moving it.',
  keep: [unit('F-H1', 'hc', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart({ 'F-H1': { lastDice: 3 } }), dice: [], actions: [],
  expect: { decision: { player: 0, kind: 'move-select', legalIncludes: ['unit:F-H1'], legalExcludes: ['choice:end'] } },
})
fx({
  id: 'cfeo-move-free-unit-phase-may-end', rule: 'Movement: a unit that need not move may stay (the phase may end)', description: 'The same cavalry after a 2-dice move: its player may end the Movement Phase without moving it.',
  keep: [unit('F-H1', 'hc', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart({ 'F-H1': { lastDice: 2 } }), dice: [], actions: [],
  expect: { decision: { player: 0, kind: 'move-select', legalIncludes: ['unit:F-H1', 'choice:end'] } },
})
fx({
  id: 'cfeo-move-foot-dice', rule: 'Normal Move: foot 1 AvD, may add a D6', description: 'Foot choose 1 AvD or 1 AvD + 1 D6.',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart(), dice: [], actions: ['unit:F-P1'],
  expect: { decision: { kind: 'move-kind', legalIncludes: ['choice:dice1', 'choice:dice2'], legalExcludes: ['choice:dice3'] } },
})
fx({
  id: 'cfeo-move-fatigue-good-terrain-6', rule: 'Fatigue and disorder: units in line incur 1 DP for each 6 in good terrain', description: 'A line rolls AvD 3 + D6 6: 1 DP.',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart(), dice: [3, 6], actions: ['unit:F-P1', 'choice:dice2'],
  expect: { units: { 'F-P1': { dp: 1 } }, events: [{ type: 'dp', unit: 'F-P1', dps: 1 }] },
})
fx({
  id: 'cfeo-move-fatigue-column-none', rule: 'Fatigue and disorder: no penalty in march column', description: 'A march column rolls AvD 3 + D6 6: no DP.',
  keep: [unit('F-P1', 'pike', '0608', 'NE', { formation: 'column' }), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart(), dice: [3, 6], actions: ['unit:F-P1', 'choice:dice2'],
  expect: { units: { 'F-P1': { dp: 0 } } },
})
fx({
  id: 'cfeo-move-fatigue-rough-5', rule: 'Fatigue and disorder: rough terrain 5-6', description: 'Infantry in line moving in rough terrain (0408) roll AvD 5 + D6 2: 1 DP.',
  keep: [unit('F-P1', 'pike', '0408', 'NE'), unit('I-P1', 'pike', '0404', 'SW')], start: moveStart(), dice: [5, 2], actions: ['unit:F-P1', 'choice:dice2'],
  expect: { units: { 'F-P1': { dp: 1 } } },
})
fx({
  id: 'cfeo-move-fatigue-rough-cavalry-4', rule: 'Fatigue and disorder: cavalry take an additional DP on a 4 in rough terrain', description: 'Cavalry in rough terrain roll AvD 4: 1 DP.',
  keep: [unit('F-H1', 'hc', '0408', 'NE'), unit('I-P1', 'pike', '0404', 'SW')], start: moveStart(), dice: [4], actions: ['unit:F-H1', 'choice:dice1'],
  expect: { units: { 'F-H1': { dp: 1 } } },
})
// incline: F-P1 B grade line at 0608 facing NE; 7 pips (3 + 4); one step forward to 0607 (N), then a flank step is legal
fx({
  id: 'cfeo-move-incline-a-b-grade', rule: 'Incline (the text example: 70 yds, incline then forward)', description: 'B grade infantry in line with 7 pips: after a step forward the flank hexes are legal (never more to the side than forwards).',
  keep: [unit('F-P1', 'pike', '0608', 'NE', { grade: 'B' }), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart(), dice: [3, 4],
  actions: ['unit:F-P1', 'choice:dice2', { expect: { decision: { kind: 'move-step', legalExcludes: [`hex:${nb('0608', 2)}`, `hex:${nb('0608', 5)}`] } } }, `hex:${nb('0608', 0)}`],
  expect: { decision: { kind: 'move-step', legalIncludes: [`hex:${nb(nb('0608', 0), 2)}`, `hex:${nb(nb('0608', 0), 5)}`] } },
})
fx({
  id: 'cfeo-move-incline-not-c-grade', rule: 'Incline: only A and B grade infantry in line', description: 'The same move by C grade infantry: no flank hexes.',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart(), dice: [3, 4], actions: ['unit:F-P1', 'choice:dice2', `hex:${nb('0608', 0)}`],
  expect: { decision: { kind: 'move-step', legalExcludes: [`hex:${nb(nb('0608', 0), 2)}`, `hex:${nb(nb('0608', 0), 5)}`] } },
})
fx({
  id: 'cfeo-move-halt-20-yds-front', rule: 'Units must halt at 20 yds of enemy to their front', description: 'A hex touching an enemy in front may not be entered by a normal move.',
  keep: [unit('F-P1', 'pike', '0607', 'NE'), unit('I-P1', 'pike', '0605', 'SW')], start: moveStart(), dice: [3, 4], actions: ['unit:F-P1', 'choice:dice2'],
  expect: { decision: { kind: 'move-step', legalExcludes: ['hex:0606'] } },
})
fx({
  id: 'cfeo-move-formation-change-within-120', rule: 'Formation Changes: a full move and 1 DP within 120 yds of enemy', description: 'Line to march column 4 hexes from the enemy: 1 DP, the move ends.',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart(), dice: [], actions: ['unit:F-P1', 'choice:form-column'],
  expect: { units: { 'F-P1': { formation: 'column', ranks: 2, dp: 1 } }, decision: { kind: 'move-select' } },
})
fx({
  id: 'cfeo-move-double-formation-change-one-dp', rule: 'Formation Changes: a double formation change costs one DP (the text example)', description: 'Column to the flank and back into line: one action, the facing turns, 1 DP only.',
  keep: [unit('F-P1', 'pike', '0608', 'NE', { stands: 4, ranks: 2 }), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart(), dice: [], actions: ['unit:F-P1', 'choice:double-right'],
  expect: { units: { 'F-P1': { formation: 'line', ranks: 2, dp: 1, facing: 'SE' } } },
})
fx({
  id: 'cfeo-move-formation-change-beyond-120-half', rule: 'Formation Changes: half a move and no DP beyond 120 yds; half move halves the allowance', description: 'Beyond 120 yds: no DP, then the unit rolls (AvD 3 doubled = 6) and moves half: 3 pips.',
  keep: [unit('F-P1', 'pike', '0609', 'NE'), unit('I-P1', 'pike', '0601', 'SW')], start: moveStart(), dice: [3], actions: ['unit:F-P1', 'choice:form-column', 'choice:dice1'],
  expect: { units: { 'F-P1': { formation: 'column', dp: 0 } }, events: [{ type: 'move-roll', unit: 'F-P1', pips: 3 }] },
})
fx({
  id: 'cfeo-move-sidestep-a-b-only', rule: 'Side step / step back: A and B grade infantry in line', description: 'C grade infantry may not side step; B grade may.',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('F-T1', 'pike', '1008', 'NE', { grade: 'B' }), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart(), dice: [],
  actions: ['unit:F-P1', { expect: { decision: { kind: 'move-kind', legalExcludes: ['choice:sidestep'] } } }, 'choice:hold', 'unit:F-T1'],
  expect: { decision: { kind: 'move-kind', legalIncludes: ['choice:sidestep'] } },
})

fx({
  id: 'cfeo-move-road-column', rule: 'Road Move: up to 120 yds in march column on a road, no dice, double beyond 120 yds of enemy', description: 'A march column on a road far from the enemy: no dice, 24 pips (240 yds), it follows the road to its end (3 hexes) and halts there (it could turn back with the 12 pips left).',
  keep: [unit('F-P1', 'pike', '0608', 'NE', { formation: 'column' }), unit('I-P1', 'pike', '1401', 'SW')], map: { roads: [['0608', '0607', '0606', '0605']] }, start: moveStart(), dice: [],
  actions: ['unit:F-P1', { expect: { decision: { kind: 'move-kind', legalIncludes: ['choice:road'] } } }, 'choice:road', 'hex:0607', 'hex:0606', 'hex:0605', { expect: { decision: { kind: 'move-step', legal: ['hex:0606', 'choice:stop'] } } }, 'choice:stop'],
  expect: { events: [{ type: 'move-roll', unit: 'F-P1', dice: 0, pips: 24, why: 'double road move' }], units: { 'F-P1': { hex: '0605' } }, rolls: 0, decision: { kind: 'move-select' } },
})
fx({
  id: 'cfeo-move-road-needs-column', rule: 'Road Move: only in march column', description: 'The same unit in line may not make a road move.',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('I-P1', 'pike', '1401', 'SW')], map: { roads: [['0608', '0607', '0606', '0605']] }, start: moveStart(), dice: [],
  actions: ['unit:F-P1'], expect: { decision: { kind: 'move-kind', legalExcludes: ['choice:road'] } },
})

fx({
  id: 'cfeo-move-passage-of-lines-free', rule: 'Passage of Lines: no penalty through a stationary unit that did not fire', description: 'Pike with 7 pips (AvD 3 + D6 4) pass through a stationary friendly unit to the hex beyond (8 pips, the last step on 3): no DP.',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('F-T1', 'pike', '0607', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart(), dice: [3, 4],
  actions: ['unit:F-P1', 'choice:dice2', { expect: { decision: { kind: 'move-step', legalIncludes: ['hex:0606', 'choice:stop'], legalExcludes: ['hex:0607'] } } }, 'hex:0606'],
  expect: { units: { 'F-P1': { hex: '0606', dp: 0 }, 'F-T1': { hex: '0607', dp: 0 } }, events: [{ type: 'moved', unit: 'F-P1', from: '0608', to: '0606', mp: 8 }] },
})
fx({
  id: 'cfeo-move-passage-of-lines-dp', rule: 'Passage of Lines: otherwise 1 DP to each formed unit involved', description: 'The same passage through a unit that has moved this turn: 1 DP each.',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('F-T1', 'pike', '0607', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], start: moveStart({ 'F-T1': { flags: ['moved'] } }), dice: [3, 4],
  actions: ['unit:F-P1', 'choice:dice2', 'hex:0606'],
  expect: { units: { 'F-P1': { hex: '0606', dp: 1 }, 'F-T1': { dp: 1 } } },
})

fx({
  id: 'cfeo-move-chevaux-de-frise-cavalry', rule: 'Crossing Major Obstacles: half a move; chevaux de frise cost cavalry 2 DPs', description: 'Cavalry with 6 pips cross chevaux de frise: 4 + half the move (3) = 7 pips, 2 DPs.',
  keep: [unit('F-H1', 'hc', '0608', 'NE', { stands: 4, ranks: 2 }), unit('I-P1', 'pike', '0604', 'SW')], map: { hexsides: [{ hexes: ['0607', '0608'], feature: 'chevaux-de-frise' }] }, start: moveStart(), dice: [3, 3],
  actions: ['unit:F-H1', 'choice:dice2', 'hex:0607'], expect: { units: { 'F-H1': { hex: '0607', dp: 2 } }, events: [{ type: 'moved', unit: 'F-H1', mp: 7 }] },
})
fx({
  id: 'cfeo-move-ditch-formed-1-dp', rule: 'Crossing Major Obstacles: formed units 1 DP', description: 'Pike in line with 7 pips cross a ditch: 4 + 4 (half of 7, rounded up) = 8 pips, 1 DP.',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], map: { hexsides: [{ hexes: ['0607', '0608'], feature: 'ditch' }] }, start: moveStart(), dice: [3, 4],
  actions: ['unit:F-P1', 'choice:dice2', 'hex:0607'], expect: { units: { 'F-P1': { hex: '0607', dp: 1 } }, events: [{ type: 'moved', unit: 'F-P1', mp: 8 }] },
})

// ---------------------------------------------------------------- command and control
const cmdStart = (leaders: Record<string, unknown> = {}, units: Record<string, unknown> = {}) => ({ phase: 'command', first: 0, leaders, units })
const ctl = (id: string, genHex: string, rating: number, tested: boolean, rule: string, desc: string, leaderId = 'F-GEN') =>
  fx({
    id, rule, description: desc,
    keep: [unit('F-P1', 'pike', '0609', 'NE'), unit('I-P1', 'pike', '0601', 'SW')],
    leaders: [{ id: leaderId, hex: genHex, rating }],
    start: { phase: 'command', first: 0, leaders: leaderId === 'F-GEN' ? { 'F-GEN': { used: rating } } : { [leaderId]: { used: rating } } },
    dice: tested ? [3] : [], actions: [],
    expect: { rolls: 0, events: [], decision: { player: tested ? 1 : 1 } },
  })
void ctl
// the control test happens when the player ends his command actions: F-GEN has used all his actions, so the phase
// goes straight to the tests; the expectation counts the dice rolled by the start (none) and the decision after.
const ctlFx = (id: string, lid: string, lhex: string, rating: number, tested: boolean, rule: string, desc: string) =>
  fx({
    id, rule, description: desc,
    keep: [unit('F-P1', 'pike', '0609', 'NE'), unit('I-P1', 'pike', '0601', 'SW')],
    leaders: [{ id: lid, hex: lhex, rating }],
    start: { phase: 'command', first: 0 }, dice: tested ? [3] : [],
    actions: [`unit:${lid}`, 'choice:pass', ...(lid === 'F-GEN' ? ['unit:F-CI', 'choice:pass'] : ['unit:F-GEN', 'choice:pass']), 'unit:F-CC', 'choice:pass'],
    expect: tested ? { events: [{ type: 'control-test', unit: 'F-P1', roll: 3, result: 'act as player wishes' }], rolls: 1 } : { rolls: 0 },
  })
ctlFx('cfeo-control-exceptional-general-140-in', 'F-GEN', '0605', 3, false, 'Control (the text example: 140 yds for an exceptional General)', 'A detached 3-action General 4 hexes away (140 yds) controls the unit: no control test.')
ctlFx('cfeo-control-exceptional-general-140-out', 'F-GEN', '0604', 3, true, 'Control: beyond 140 yds', 'The same General 5 hexes away: the unit takes a control test (D6 3: act as player wishes).')
ctlFx('cfeo-control-commander-60-in', 'F-CI', '0607', 1, false, 'Control: 60 yds of a detached leader', 'A 1-action commander 2 hexes (60 yds) from his unit controls it.')
ctlFx('cfeo-control-commander-60-out', 'F-CI', '0606', 1, true, 'Control: beyond 60 yds', 'The commander 3 hexes away: the unit tests.')
ctlFx('cfeo-control-general-100-in', 'F-GEN', '0606', 2, false, 'Control: +40 yds for each additional action', 'A 2-action General 3 hexes (100 yds) away controls.')
const testFx = (id: string, roll: number, grade: string, result: string, flags: Record<string, unknown>, rule: string, desc: string) =>
  fx({
    id, rule, description: desc,
    keep: [unit('F-P1', 'pike', '0609', 'NE', { grade }), unit('I-P1', 'pike', '0601', 'SW')],
    start: { phase: 'command', first: 0, units: { 'F-P1': flags } }, dice: [roll],
    actions: ['unit:F-GEN', 'choice:pass', 'unit:F-CI', 'choice:pass', 'unit:F-CC', 'choice:pass'],
    expect: { events: [{ type: 'control-test', unit: 'F-P1', roll, result }] },
  })
testFx('cfeo-control-test-2-halt', 2, 'C', 'halt', {}, 'Control Test: 2- halt', 'D6 2, C grade: halt.')
testFx('cfeo-control-test-2-a2-repeat', 2, 'A2', 'repeat last move', {}, 'Control Test: 2- A2 grade repeat last move', 'D6 2, A2 grade: repeat last move.')
testFx('cfeo-control-test-3-free', 3, 'C', 'act as player wishes', {}, 'Control Test: 3-4 act as player wishes', 'D6 3: act as player wishes.')
testFx('cfeo-control-test-4-free', 4, 'C', 'act as player wishes', {}, 'Control Test: 3-4 act as player wishes', 'D6 4: act as player wishes.')
testFx('cfeo-control-test-5-repeat', 5, 'C', 'repeat last move', {}, 'Control Test: 5+ repeat last move', 'D6 5: repeat last move.')
// "If the routers pass a control test with an act as player wishes result, they may rally": may, so whether
// they do is their owner's (cease: yes rallies, no keeps routing)
const routTestActions = ['unit:F-GEN', 'choice:pass', 'unit:F-CI', 'choice:pass', 'unit:F-CC', 'choice:pass', { expect: { decision: { player: 0, kind: 'cease', subject: 'F-P1', legal: ['choice:yes', 'choice:no'] } } }]
fx({
  id: 'cfeo-control-test-rout-rally', rule: 'Rout: "they may rally" on an act-as-player-wishes result; +1 if in rout', description: 'A routing unit rolls 3 + 1 = 4: act as player wishes; its owner has it rally.',
  keep: [unit('F-P1', 'pike', '0609', 'NE'), unit('I-P1', 'pike', '0601', 'SW')], start: { phase: 'command', first: 0, units: { 'F-P1': { status: 'routing' } } }, dice: [3],
  actions: [...routTestActions, 'choice:yes'],
  expect: { events: [{ type: 'control-test', unit: 'F-P1', roll: 3, modifier: 1, total: 4, result: 'act as player wishes' }, { type: 'rally', unit: 'F-P1' }], units: { 'F-P1': { status: 'formed' } } },
})
fx({
  id: 'cfeo-control-test-rout-owner-keeps-routing', rule: 'Rout: "they may rally" on an act-as-player-wishes result (may: the player\'s choice)', description: 'A routing unit rolls 3 + 1 = 4: act as player wishes; its owner keeps it routing: no rally, still routing.',
  keep: [unit('F-P1', 'pike', '0609', 'NE'), unit('I-P1', 'pike', '0601', 'SW')], start: { phase: 'command', first: 0, units: { 'F-P1': { status: 'routing' } } }, dice: [3],
  actions: [...routTestActions, 'choice:no'],
  expect: { events: [{ type: 'control-test', unit: 'F-P1', roll: 3, modifier: 1, total: 4, result: 'act as player wishes' }], units: { 'F-P1': { status: 'routing' } }, decision: { player: 1, kind: 'leader-select' } },
})
testFx('cfeo-control-test-rout-continue', 4, 'C', 'continue rout', { status: 'routing' }, 'Control Test: +1 in rout, 5+ continue rout', 'A routing unit rolls 4 + 1 = 5: continues to rout.')
testFx('cfeo-control-test-failed-charge', 1, 'C', 'charge again', { flags: ['failed-charge'] }, 'Failure to contact: test next turn, charge again unless act as player wishes', 'A unit that failed to contact rolls 1 + 1 = 2: must charge again.')
fx({
  id: 'cfeo-control-test-nudge-a1', rule: 'Control Test: + or -1 if Guns or A1 Grade (player\'s option)', description: 'An A1 unit rolls 5 (repeat last move); its player takes -1: 4, act as player wishes.',
  keep: [unit('F-P1', 'pike', '0609', 'NE', { grade: 'A1' }), unit('I-P1', 'pike', '0601', 'SW')], start: { phase: 'command', first: 0 }, dice: [5],
  actions: ['unit:F-GEN', 'choice:pass', 'unit:F-CI', 'choice:pass', 'unit:F-CC', 'choice:pass', { expect: { decision: { player: 0, kind: 'control-nudge', subject: 'F-P1', legal: ['choice:plus', 'choice:minus', 'choice:none'] } } }, 'choice:minus'],
  expect: { events: [{ type: 'control-test', unit: 'F-P1', roll: 5, modifier: -1, total: 4, result: 'act as player wishes' }] },
})
fx({
  id: 'cfeo-command-steady-removes-dp-and-halts', rule: 'Steady Troops', description: 'An attached commander steadies: 1 DP removed, the unit halted.',
  keep: [unit('F-P1', 'pike', '0609', 'NE'), unit('I-P1', 'pike', '0601', 'SW')], start: cmdStart({ 'F-CI': { attached: 'F-P1' } }, { 'F-P1': { dp: 2 } }), dice: [],
  actions: ['unit:F-CI', 'choice:steady'], expect: { units: { 'F-P1': { dp: 1, halted: true } }, leaders: { 'F-CI': { influence: 'steady', used: 1 } } },
})
fx({
  id: 'cfeo-command-two-actions-no-steady-and-inspire', rule: 'Command Actions: two steadies or two inspires, never both', description: 'A 2-action General attached to a unit steadies once; he may steady again but not inspire.',
  keep: [unit('F-P1', 'pike', '0609', 'NE'), unit('I-P1', 'pike', '0601', 'SW')], start: cmdStart({ 'F-GEN': { attached: 'F-P1' } }, { 'F-P1': { dp: 2 } }), dice: [],
  actions: ['unit:F-GEN', 'choice:steady'], expect: { decision: { kind: 'leader-action', subject: 'F-GEN', legalIncludes: ['choice:steady'], legalExcludes: ['choice:inspire'] } },
})
fx({
  id: 'cfeo-command-three-actions-influence-twice', rule: 'Command Actions: an exceptional general may not influence more than twice', description: 'A 3-action General inspires twice; a third influence is not legal.',
  keep: [unit('F-P1', 'pike', '0609', 'NE'), unit('I-P1', 'pike', '0601', 'SW')], leaders: [{ id: 'F-GEN', rating: 3 }], start: cmdStart({ 'F-GEN': { attached: 'F-P1' } }), dice: [],
  actions: ['unit:F-GEN', 'choice:inspire', 'choice:inspire'], expect: { decision: { kind: 'leader-action', subject: 'F-GEN', legalExcludes: ['choice:inspire', 'choice:steady'] }, leaders: { 'F-GEN': { influenceCount: 2, used: 2 } } },
})
fx({
  id: 'cfeo-command-move-attach', rule: 'Command Actions: move up to 120 yds and attach', description: 'A commander moves onto his unit (3 hexes) and attaches.',
  keep: [unit('F-P1', 'pike', '0607', 'NE'), unit('I-P1', 'pike', '0601', 'SW')], leaders: [{ id: 'F-CI', hex: '0610' }], start: cmdStart(), dice: [],
  actions: ['unit:F-CI', 'choice:move', 'hex:0607', 'choice:yes'], expect: { leaders: { 'F-CI': { hex: '0607', attached: 'F-P1', used: 1 } } },
})
fx({
  id: 'cfeo-command-orders-in-contact', rule: 'Orders: changed by the General in base contact', description: 'The detached General next to a commander changes his battalia\'s order.',
  keep: [unit('F-P1', 'pike', '0607', 'NE'), unit('I-P1', 'pike', '0601', 'SW')], leaders: [{ id: 'F-GEN', hex: '0210' }, { id: 'F-CI', hex: '0209' }], start: cmdStart(), dice: [],
  actions: ['unit:F-GEN', 'choice:orders', 'wing:F-INF', 'choice:defend'], expect: { wings: { 'F-INF': { order: 'defend' } }, events: [{ type: 'order-changed', wing: 'F-INF', order: 'defend', by: 'F-GEN' }] },
})

// ---------------------------------------------------------------- fire
const fireStart = (units: Record<string, unknown> = {}) => ({ phase: 'fire', first: 0, units })
fx({
  id: 'cfeo-fire-skirmishers-d6-per-stand', rule: 'Small Arms: 1 D6 per stand, 6 = 1 DP', description: '4 skirmisher stands at 3 hexes: 4 dice, two 6s: 2 DPs on the target.',
  keep: [{ id: 'F-S1', hex: '0608', facing: 'NE' }, unit('I-P1', 'pike', '0605', 'SW')], start: fireStart(), dice: [6, 1, 6, 3], actions: ['unit:F-S1', 'hex:0605'],
  expect: { events: [{ type: 'small-arms', unit: 'F-S1', target: 'I-P1', dice: 4, hits: 2 }], units: { 'I-P1': { dp: 2, underFire: true }, 'F-S1': { fired: true } } },
})
fx({
  id: 'cfeo-fire-less-1-die-per-dp', rule: 'Small Arms: less 1 die for every DP on the unit giving fire', description: '4 stands with 1 DP: 3 dice.',
  keep: [{ id: 'F-S1', hex: '0608', facing: 'NE' }, unit('I-P1', 'pike', '0605', 'SW')], start: fireStart({ 'F-S1': { dp: 1 } }), dice: [6, 1, 1], actions: ['unit:F-S1', 'hex:0605'],
  expect: { events: [{ type: 'small-arms', dice: 3, hits: 1 }] },
})
fx({
  id: 'cfeo-fire-hard-cover-halves', rule: 'Small Arms: halve dice against hard cover, round up', description: 'Target in a town: 4 dice halved to 2 (the town is seen: it lies within 40 yds).',
  keep: [{ id: 'F-S1', hex: '0607', facing: 'NE' }, unit('I-P1', 'pike', '0605', 'SW')], map: { terrain: { '0605': 'town' } }, start: fireStart(), dice: [6, 6], actions: ['unit:F-S1', 'hex:0605'],
  expect: { events: [{ type: 'small-arms', dice: 2, hits: 2 }] },
})
fx({
  id: 'cfeo-fire-tercio-2-dice-per-shot-stand', rule: 'Small Arms: 2 D6 per shot stand of a Tercio', description: 'A Tercio of 8 stands, 4 shot, in 2 ranks: 2 shot stands in front fire 4 dice.',
  keep: [{ id: 'F-T1', hex: '0608', facing: 'NE' }, unit('I-P1', 'pike', '0605', 'SW')], start: fireStart(), dice: [1, 2, 3, 6], actions: ['unit:F-T1', 'hex:0605'],
  expect: { events: [{ type: 'small-arms', unit: 'F-T1', dice: 4, hits: 1 }] },
})
fx({
  id: 'cfeo-fire-caracole-both-ranks', rule: 'Caracole', description: 'Reiters 4 stands in 2 ranks fire in caracole: both ranks, 4 dice (2 otherwise), and may not counter-charge later.',
  keep: [{ id: 'I-K1', hex: '0605', facing: 'SW' }, unit('F-P1', 'pike', '0607', 'NE')], start: { phase: 'fire', first: 1 }, dice: [1, 2, 3, 6],
  actions: ['unit:I-K1', { expect: { decision: { kind: 'fire-mode', legal: ['choice:fire', 'choice:caracole'] } } }, 'choice:caracole', 'hex:0607'],
  expect: { events: [{ type: 'small-arms', unit: 'I-K1', dice: 4, hits: 1, caracole: true }] },
})
fx({
  id: 'cfeo-fire-cavalry-range-40', rule: 'Ranges: cavalry weapons 40 yds', description: 'Reiters 3 hexes (80 yds) from the enemy may not fire.',
  keep: [{ id: 'I-K1', hex: '0605', facing: 'SW' }, unit('F-P1', 'pike', '0608', 'NE')], start: { phase: 'fire', first: 1 }, dice: [], actions: [],
  expect: { decision: { kind: 'leader-select' } },
})
fx({
  id: 'cfeo-fire-gun-close-new-target', rule: 'Guns: close range 4+ = 2 DPs; new target -1', description: 'A medium gun 3 hexes (80 yds: close) from a new target: D6 5 - 1 = 4: 2 DPs.',
  keep: [{ id: 'F-G1', hex: '0608', facing: 'NE' }, unit('I-P1', 'pike', '0605', 'SW')], start: { phase: 'artillery', first: 0 }, dice: [5], actions: ['unit:F-G1', 'hex:0605'],
  expect: { events: [{ type: 'gun-fired', unit: 'F-G1', target: 'I-P1', range: 3, roll: 5, total: 4, dps: 2 }], units: { 'I-P1': { dp: 2 } } },
})
fx({
  id: 'cfeo-fire-gun-close-2-3', rule: 'Guns: close range 2-3 = 1 DP', description: 'D6 4 - 1 (new target) = 3: 1 DP.',
  keep: [{ id: 'F-G1', hex: '0608', facing: 'NE' }, unit('I-P1', 'pike', '0605', 'SW')], start: { phase: 'artillery', first: 0 }, dice: [4], actions: ['unit:F-G1', 'hex:0605'],
  expect: { events: [{ type: 'gun-fired', total: 3, dps: 1 }] },
})
fx({
  id: 'cfeo-fire-gun-effective-4plus', rule: 'Guns: effective range and beyond 4+ = 1 DP; target column +1', description: 'A medium gun 6 hexes (200 yds: effective) from a column: D6 4 - 1 + 1 = 4: 1 DP.',
  keep: [{ id: 'F-G1', hex: '0610', facing: 'NE' }, unit('I-P1', 'pike', '0604', 'SW', { formation: 'column' })], start: { phase: 'artillery', first: 0 }, dice: [4], actions: ['unit:F-G1', 'hex:0604'],
  expect: { events: [{ type: 'gun-fired', range: 6, total: 4, dps: 1 }] },
})

// ---------------------------------------------------------------- morale
fx({
  id: 'cfeo-morale-redress-stationary', rule: 'Morale: re-dress ranks (C grade: 1 if stationary and not in combat)', description: 'A C grade unit with 2 DPs that does not move loses 1 DP in the Morale Phase.',
  keep: [unit('F-P1', 'pike', '0609', 'NE'), unit('I-P1', 'pike', '0601', 'SW')], start: { phase: 'movement', first: 0, units: { 'F-P1': { dp: 2 } } }, dice: [],
  actions: ['choice:end', 'choice:end'], expect: { units: { 'F-P1': { dp: 1 } }, events: [{ type: 'redress', unit: 'F-P1', dps: 1 }] },
})

// ---------------------------------------------------------------- the players' choices in fast moves (Actions Resulting
// from Combat; Evade): the owner picks each hex among those strictly farther from the enemy ("move back",
// "directly away"), or closer to the pursued unit; halting short where the text allows. From 0605 the hexes
// farther from 0606 are 0604 (N), 0705 (NE) and 0505 (NW).
const pikeBand = (extra: Record<string, unknown> = {}) => [unit('F-P1', 'pike', '0606', 'NE', { stands: 6, ranks: 2, ...extra }), unit('I-P1', 'pike', '0605', 'SW', { stands: 6, ranks: 2 })]
fx({
  id: 'cfeo-fast-move-fall-back-owner-picks', rule: 'Fall back: move back one base depth facing the enemy and in good order (the owner picks the hex)', description: 'AvD 5 vs 3: I-P1 driven back falls back one hex; its owner chooses among the three hexes farther from the enemy (0604, 0705, 0505), takes 0505 and keeps its formation and facing.',
  keep: pikeBand(), start: meleeStart(), dice: [5, 3],
  actions: [...END2, { expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-P1', legal: ['hex:0604', 'hex:0705', 'hex:0505'] } } }, 'hex:0505'],
  expect: { units: { 'I-P1': { hex: '0505', facing: 'SW', formation: 'line', dp: 2 } }, decision: { player: 0, kind: 'after-combat', subject: 'F-P1' } },
})
fx({
  id: 'cfeo-fast-move-retire-owner-picks-path', rule: 'Retire: move back a full fast move (the path is the owner\'s)', description: 'A defeated unit retires 11 pips (AvD 4 + D6 5 + 2): three hexes, each chosen by its owner among those farther from the enemy: 0705, then 0704, then 0703.',
  keep: pikeBand({ grade: 'B' }), start: meleeStart({ 'F-P1': { foe: 'I-P1' }, 'I-P1': { dp: 3 } }), dice: [5, 3, 4, 5],
  actions: [...END2, { expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-P1', legal: ['hex:0604', 'hex:0705', 'hex:0505'] } } }, 'hex:0705', 'hex:0704', 'hex:0703'],
  expect: { events: [{ type: 'fast-move', unit: 'I-P1', how: 'retire', from: '0605', to: '0703', pips: 11 }], units: { 'I-P1': { hex: '0703', status: 'retiring' } } },
})
fx({
  id: 'cfeo-fast-move-retire-halt-behind-obstacle', rule: 'Retire: they may halt short of the full move once behind other formed friends, fortifications or obstacle', description: 'A retiring unit continues its retire (AvD 5 + D6 6 = 11 pips) away from I-P1; at 0607 it may not stop, once across the hedge 0607|0608 it may, and does.',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), unit('I-P1', 'pike', '0602', 'SW')], map: { hexsides: [{ hexes: ['0607', '0608'], feature: 'hedge' }] },
  start: { phase: 'movement', first: 0, units: { 'F-P1': { status: 'retiring', flags: ['fast-move-made'] } } }, dice: [5, 6],
  actions: ['unit:F-P1', 'choice:retire', 'hex:0607', { expect: { decision: { kind: 'fast-step', subject: 'F-P1', legalIncludes: ['hex:0608'], legalExcludes: ['choice:stop'] } } }, 'hex:0608', { expect: { decision: { kind: 'fast-step', subject: 'F-P1', legalIncludes: ['choice:stop', 'hex:0609'] } } }, 'choice:stop'],
  expect: { events: [{ type: 'fast-move', unit: 'F-P1', how: 'retire', from: '0606', to: '0608', pips: 11 }], units: { 'F-P1': { hex: '0608' } } },
})
fx({
  id: 'cfeo-fast-move-evade-halt-behind-obstacle', rule: 'Evade: a full fast move directly away, 1 DP; the evaders may halt once separated from the enemy by friends or a terrain obstacle', description: 'Skirmishers charged by heavy cavalry from 0608 evade (AvD 3 + D6 3 + 2 = 8 pips): their owner takes them across the hedge 0604|0605 and halts there; 1 DP; the cavalry (AvD 3: one hex) fail to contact.',
  keep: [unit('F-H1', 'hc', '0608', 'NE'), { id: 'I-S1', hex: '0605', facing: 'SW' }], map: { hexsides: [{ hexes: ['0604', '0605'], feature: 'hedge' }] },
  start: { phase: 'combat', first: 0 }, dice: [3, 3, 3],
  actions: ['unit:F-H1', 'hex:0605', 'choice:dice1', { expect: { decision: { player: 1, kind: 'charge-response', subject: 'I-S1', legal: ['choice:stand', 'choice:stand-shoot', 'choice:evade'] } } }, 'choice:evade',
    { expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-S1', legal: ['hex:0604', 'hex:0705', 'hex:0505'] } } }, 'hex:0604', { expect: { decision: { player: 1, kind: 'fast-step', legalIncludes: ['choice:stop'] } } }, 'choice:stop'],
  expect: { events: [{ type: 'fast-move', unit: 'I-S1', how: 'evade', from: '0605', to: '0604', pips: 8 }, { type: 'dp', unit: 'I-S1', why: 'evading' }, { type: 'charge-move', unit: 'F-H1', contact: false }], units: { 'I-S1': { hex: '0604' } } },
})
fx({
  id: 'cfeo-fast-move-rout-stops-behind-obstacle', rule: 'Rout: move back a full fast move until behind formed friendly infantry or cavalry, or terrain obstacle, or 240 yds from enemy', description: 'I-P1 breaks (A1 5 + 2 = 7 vs 2 - 5 DPs = -3) and routs 8 pips (AvD 3 + D6 3 + 2); its owner steps across the hedge 0604|0605 and the rout stops there, behind the obstacle.',
  keep: pikeBand({ grade: 'A1' }), map: { hexsides: [{ hexes: ['0604', '0605'], feature: 'hedge' }] }, start: meleeStart({ 'F-P1': { foe: 'I-P1' }, 'I-P1': { dp: 5 } }), dice: [5, 2, 3, 3],
  actions: [...END2, { expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-P1', legal: ['hex:0604', 'hex:0705', 'hex:0505'] } } }, 'hex:0604'],
  expect: { events: [{ type: 'fast-move', unit: 'I-P1', how: 'rout', from: '0605', to: '0604', pips: 8 }], units: { 'I-P1': { hex: '0604', status: 'routing', stands: 3 } }, decision: { player: 0, kind: 'after-combat', subject: 'F-P1' } },
})
fx({
  id: 'cfeo-fast-move-pursuer-picks-path', rule: 'Pursue: a full fast move to remain in contact with opponents who routed; free hack D6 per stand in contact, 4+ a casualty', description: 'C grade F-P1 breaks I-P1 (5 vs 2 - 5 = -3) and must pursue. I-P1 routs 8 pips to 0705 then 0704 (its owner\'s path); F-P1 pursues AvD 3 + D6 3 = 6 pips (no +10 yds a die: the text gives it to initial evade, rout and retire moves only) and chooses between the two hexes nearer the router (0605, 0706), takes 0706, then 0705 (the only one) and is in contact: free hack, 6 unformed stands, two 4s: 2 casualties.',
  keep: pikeBand(), start: meleeStart({ 'F-P1': { foe: 'I-P1' }, 'I-P1': { dp: 5 } }), dice: [5, 2, 3, 3, 3, 3, 4, 4, 1, 1, 1, 1],
  actions: [...END2, 'hex:0705', 'hex:0704', { expect: { decision: { player: 0, kind: 'fast-step', subject: 'F-P1', legal: ['hex:0605', 'hex:0706'] } } }, 'hex:0706'],
  expect: { events: [{ type: 'after-combat', unit: 'F-P1', action: 'pursue' }, { type: 'fast-move', unit: 'F-P1', how: 'pursue', from: '0606', to: '0705', pips: 6 }, { type: 'free-hack', unit: 'F-P1', target: 'I-P1', dice: 6, casualties: 2 }], units: { 'F-P1': { hex: '0705' }, 'I-P1': { hex: '0704', stands: 1 } } },
})

// ---------------------------------------------------------------- refusing a flank (Wheel: backward wheel; Side step/Step back)
// F-P1 at 0608 facing NE; I-P1 at 0808 (due east: F-P1's right flank) facing W charges it from 40 yds.
const refuseKeep = (grade: string) => [unit('F-P1', 'pike', '0608', 'NE', { grade }), unit('I-P1', 'pike', '0808', 'W')]
const refuseCharge = ['choice:end', 'unit:I-P1', 'hex:0608', 'choice:dice1']
fx({
  id: 'cfeo-move-refuse-flank-charge-on-refused-side', rule: 'Wheel: foot in line may wheel back one or more stands to refuse a flank (1 DP within 120 yds); Combat Resolution: -2 flank only from behind the flank', description: 'C grade F-P1 refuses its right flank (1 DP, 80 yds from the enemy); I-P1 charges that flank (AvD 3: contact): no flank penalty, F-P1 AvD 3 - 1 DP = 2 vs D6 4 + 1 = 5: driven back.',
  keep: refuseKeep('C'), start: { phase: 'movement', first: 0 }, dice: [3, 3, 4],
  actions: ['unit:F-P1', { expect: { decision: { kind: 'move-kind', legalIncludes: ['choice:refuse-left', 'choice:refuse-right'] } } }, 'choice:refuse-right', { expect: { units: { 'F-P1': { dp: 1 } } } }, 'choice:end', ...refuseCharge],
  expect: { events: [{ type: 'charge-move', unit: 'I-P1', contact: true }, { type: 'combat', totals: [2, 5], bands: ['driven-back', 'success'] }] },
})
fx({
  id: 'cfeo-move-refuse-flank-unrefused-control', rule: 'Combat Resolution: -2 if contacted in the flank by a formed enemy charge originating from behind the flank', description: 'The same charge on the same flank not refused: -2, F-P1 AvD 3 - 2 = 1 vs 5: -4 driven back (and +4 Victory for I-P1).',
  keep: refuseKeep('C'), start: { phase: 'movement', first: 0 }, dice: [3, 3, 4],
  actions: ['choice:end', ...refuseCharge],
  expect: { events: [{ type: 'combat', totals: [1, 5], bands: ['driven-back', 'victory'] }] },
})
fx({
  id: 'cfeo-move-refuse-flank-step-back-a-b-no-dp', rule: 'Side step/Step back: A and B grade: one or two stands step back to refuse a flank, no DP, a full move', description: 'B grade F-P1 refuses its left flank by stepping stands back: no DP, its move is over.',
  keep: refuseKeep('B'), start: { phase: 'movement', first: 0 }, dice: [],
  actions: ['unit:F-P1', 'choice:refuse-left'],
  expect: { events: [{ type: 'formation', unit: 'F-P1', formation: 'line, left flank refused' }], units: { 'F-P1': { dp: 0, hex: '0608' } }, decision: { player: 0, kind: 'move-select', legalExcludes: ['unit:F-P1'] } },
})

// ---------------------------------------------------------------- declared halts (Movement)
// F-P1 at 0608 facing NE, far from the enemy (double moves): AvD 5 = 10 pips: 0607, 0606 with 2 pips left.
// F-T1 at 0506 faces NE: level with F-P1 once F-P1 stands at 0606 (0506 is 0606's NW neighbour).
const haltKeep = [unit('F-P1', 'pike', '0608', 'NE'), unit('F-T1', 'swords', '0506', 'NE'), unit('I-P1', 'pike', '1302', 'SW')]
fx({
  id: 'cfeo-move-declared-halt-lined-up', rule: 'Movement: units ordered ... to line up with other units may halt when they reach that place; the intent declared before the dice', description: 'F-P1 declares, rolls AvD 5 (doubled: 10 pips), may not stop at 0607, may stop at 0606 in line with F-T1, and does.',
  keep: haltKeep, start: { phase: 'movement', first: 0 }, dice: [5],
  actions: ['unit:F-P1', 'choice:declare-halt', { expect: { decision: { kind: 'move-kind', legal: ['choice:dice1', 'choice:dice2'] } } }, 'choice:dice1', 'hex:0607', { expect: { decision: { kind: 'move-step', legalExcludes: ['choice:stop'] } } }, 'hex:0606', { expect: { decision: { kind: 'move-step', legalIncludes: ['choice:stop', 'hex:0605'] } } }, 'choice:stop'],
  expect: { events: [{ type: 'move-roll', unit: 'F-P1', pips: 10 }], units: { 'F-P1': { hex: '0606' } } },
})
fx({
  id: 'cfeo-move-undeclared-no-halt', rule: 'Movement: units must move the full amount indicated by the dice (a halt must be declared before rolling)', description: 'The same move without the declaration: at 0606 the unit must go on.',
  keep: haltKeep, start: { phase: 'movement', first: 0 }, dice: [5],
  actions: ['unit:F-P1', { expect: { decision: { kind: 'move-kind', legalIncludes: ['choice:declare-halt', 'choice:dice1', 'choice:dice2'] } } }, 'choice:dice1', 'hex:0607', 'hex:0606'],
  expect: { decision: { kind: 'move-step', subject: 'F-P1', legalIncludes: ['hex:0605'], legalExcludes: ['choice:stop'] } },
})
fx({
  id: 'cfeo-move-declared-halt-at-objective', rule: 'Movement: units ordered to occupy a specific piece of terrain may halt when they reach that place', description: 'F-P1\'s battalia has orders to advance to and defend 0605: having declared, F-P1 may stop within a hex of it (0606).',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('I-P1', 'pike', '1302', 'SW')], wings: [{ id: 'F-INF', order: 'advance-defend' }], rules: { objectives: { 'F-INF': '0605' } },
  start: { phase: 'movement', first: 0 }, dice: [5],
  actions: ['unit:F-P1', 'choice:declare-halt', 'choice:dice1', 'hex:0607', { expect: { decision: { kind: 'move-step', legalExcludes: ['choice:stop'] } } }, 'hex:0606', { expect: { decision: { kind: 'move-step', legalIncludes: ['choice:stop'] } } }, 'choice:stop'],
  expect: { units: { 'F-P1': { hex: '0606' } } },
})

// ---------------------------------------------------------------- one roll for a battalia (Movement)
// F-CI (commander of F-INF, 60 yds = 2 hexes) detached at 0509 controls F-P1 (0608) and F-T1 (0409).
fx({
  id: 'cfeo-move-battalia-one-roll', rule: 'Movement: all units of the same battalia controlled by the same leader move using the same die roll', description: 'F-P1 rolls AvD 3 + D6 2 (doubled, 10 pips); F-T1 of the same battalia, under the same commander, may only use the same dice and rolls none: 10 pips too.',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('F-T1', 'swords', '0409', 'NE'), unit('I-P1', 'pike', '1302', 'SW')], leaders: [{ id: 'F-CI', hex: '0509' }],
  start: { phase: 'movement', first: 0 }, dice: [3, 2],
  actions: ['unit:F-P1', 'choice:dice2', 'hex:0607', 'hex:0606', 'hex:0605', 'unit:F-T1', { expect: { decision: { kind: 'move-kind', subject: 'F-T1', legalIncludes: ['choice:dice2'], legalExcludes: ['choice:dice1'] } } }, 'choice:dice2'],
  expect: { events: [{ type: 'move-roll', unit: 'F-P1', dice: 2, pips: 10 }, { type: 'move-roll', unit: 'F-T1', dice: 2, pips: 10, why: 'double move (the battalia roll)' }], rolls: 2 },
})
fx({
  id: 'cfeo-move-other-leader-rolls-alone', rule: 'Movement: units controlled by the same leader move on the same roll (others roll their own)', description: 'F-T1 three hexes from its commander is controlled by the General (100 yds), not by the commander who controls F-P1: after F-P1\'s roll it chooses its own dice and rolls them (AvD 4, doubled: 8 pips).',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('F-T1', 'swords', '0209', 'NE'), unit('I-P1', 'pike', '1302', 'SW')], leaders: [{ id: 'F-CI', hex: '0509' }],
  start: { phase: 'movement', first: 0 }, dice: [3, 2, 4],
  actions: ['unit:F-P1', 'choice:dice2', 'hex:0607', 'hex:0606', 'hex:0605', 'unit:F-T1', { expect: { decision: { kind: 'move-kind', subject: 'F-T1', legalIncludes: ['choice:dice1', 'choice:dice2'] } } }, 'choice:dice1'],
  expect: { events: [{ type: 'move-roll', unit: 'F-T1', dice: 1, pips: 8, why: 'double move' }], rolls: 3 },
})

// ---------------------------------------------------------------- reinforcing a melee
// F-P1 (0606) and I-P1 (0605) in contact since last turn.
fx({
  id: 'cfeo-melee-reinforce-adds-numbers', rule: 'Reinforcing a Melee: new units brought into contact to add numbers (an exception to halting 20 yds short); only numbers count; bound by the outcome', description: 'Swordsmen F-T1 step from 0507 to 0506, touching I-P1 in front (allowed only as a reinforcement); F 2 + 2 stands v 3: I-P1 outnumbered less than 3:2 (-1) instead of F-P1 3:2 (-2). F-T1 rolls no die and is not averaged in: 3 vs 3 - 1 = 2, Inconclusive, F-T1 takes its DP too.',
  keep: [unit('F-P1', 'swords', '0606', 'NE'), unit('I-P1', 'swords', '0605', 'SW', { stands: 3 }), unit('F-T1', 'swords', '0507', 'NE')], start: meleeStart(), dice: [3, 3, 3],
  actions: ['unit:F-T1', 'choice:dice1', { expect: { decision: { kind: 'move-step', legalIncludes: ['hex:0506'] } } }, 'hex:0506', 'choice:end', 'choice:end'],
  expect: { events: [{ type: 'formation', unit: 'F-T1', formation: 'reinforcing F-P1 against I-P1' }, { type: 'combat', totals: [3, 2], bands: ['inconclusive', 'inconclusive'] }], units: { 'F-T1': { hex: '0506', dp: 1 }, 'F-P1': { dp: 1 } }, rolls: 3 },
})
fx({
  id: 'cfeo-melee-reinforce-depth', rule: 'Reinforcing a Melee: new units moved in behind the friendly unit to increase the depth of formation', description: 'F-T1 steps to 0607, behind F-P1, and is fed in (or could just stop): F-P1 counts two ranks, deeper than I-P1 (+1): 3 + 1 = 4 vs 3; F-T1 adds no numbers and rolls no die.',
  keep: [unit('F-P1', 'swords', '0606', 'NE'), unit('I-P1', 'swords', '0605', 'SW'), unit('F-T1', 'swords', '0608', 'NE')], start: meleeStart(), dice: [3, 3, 3],
  actions: ['unit:F-T1', 'choice:dice1', 'hex:0607', { expect: { decision: { kind: 'move-step', legal: ['choice:stop', 'choice:reinforce'] } } }, 'choice:reinforce', 'choice:end', 'choice:end'],
  expect: { events: [{ type: 'formation', unit: 'F-T1', formation: 'reinforcing F-P1 in depth' }, { type: 'combat', totals: [4, 3], bands: ['inconclusive', 'inconclusive'] }], units: { 'F-T1': { hex: '0607', dp: 1 } }, rolls: 3 },
})
fx({
  id: 'cfeo-charge-into-melee-cavalry', rule: 'Reinforcing a Melee: a new unit may declare a charge on an opponent in a follow-on melee with friends only if cavalry and it can contact an enemy stand without contacting friends; a multiple combat with all factors', description: 'Swordsmen 40 yds from I-P1 may not charge it (it is in melee with F-P1); heavy cavalry from 0603 may (contact at 0604, touching no friend). F-P1 AvD 3 and F-H1 D6 4 + 1 charging + 1 heavy cavalry: (3 + 6) / 2 = 4.5, 5; I-P1 AvD 3 - 2 charged from behind its flank = 1: -4 Driven Back, not charged by cavalry only: formed infantry fall back, its owner choosing between the two free hexes farther from F-P1.',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), unit('I-P1', 'pike', '0605', 'SW'), unit('F-H1', 'hc', '0603', 'SW'), unit('F-T1', 'swords', '0407', 'NE')], start: { phase: 'combat', first: 0, units: { 'F-P1': { foe: 'I-P1' } } }, dice: [3, 3, 4, 3],
  actions: [{ expect: { decision: { player: 0, kind: 'charge-select', legal: ['choice:end', 'unit:F-H1'] } } }, 'unit:F-H1', { expect: { decision: { kind: 'charge-target', legal: ['hex:0605'] } } }, 'hex:0605', 'choice:dice1'],
  expect: { events: [{ type: 'charge-move', unit: 'F-H1', contact: true, to: '0604' }, { type: 'combat', side0: ['F-P1', 'F-H1'], side1: ['I-P1'], totals: [5, 1], bands: ['victory', 'driven-back'] }, { type: 'after-combat', unit: 'I-P1', action: 'fall back' }], decision: { player: 1, kind: 'fast-step', subject: 'I-P1', legal: ['hex:0705', 'hex:0505'] } },
})
fx({
  id: 'cfeo-charge-into-melee-not-touching-friends', rule: 'Reinforcing a Melee: the cavalry must reach an enemy stand without contacting friendly troops', description: 'Heavy cavalry at 0806 could only meet I-P1 at 0706, touching F-P1: no charge; the melee is fought by the two units alone (AvD 3 v 3).',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), unit('I-P1', 'pike', '0605', 'SW'), unit('F-H1', 'hc', '0806', 'NW')], start: meleeStart(), dice: [3, 3],
  actions: END2,
  expect: { events: [{ type: 'combat', side0: ['F-P1'], side1: ['I-P1'], totals: [3, 3] }], rolls: 2 },
})

// ---------------------------------------------------------------- visibility: units who fired last turn
// A medium gun on the hill (0706, elevation 1) and I-P1 at 0702 with F-P1 between them at 0704 (80 yds from the target).
// (the enemy leaders stand by I-P1, within 40 yds: not lone leaders, not targets)
const smokeKeep = [{ id: 'F-G1', hex: '0706', facing: 'NE' }, unit('F-P1', 'pike', '0704', 'NE'), unit('I-P1', 'pike', '0702', 'SW')]
const smokeLeaders = [{ id: 'I-GEN', hex: '0701' }, { id: 'I-CI', hex: '0601' }, { id: 'I-CC', hex: '0801' }]
fx({
  id: 'cfeo-visibility-high-ground-sees-over', rule: 'Visibility: units on higher elevation can see over intervening units at least 40 yds away who did not fire last turn', description: 'The gun on the hill sees I-P1 over F-P1 and may fire at it.',
  keep: smokeKeep, leaders: smokeLeaders, start: { phase: 'artillery', first: 0 }, dice: [],
  actions: ['unit:F-G1'], expect: { decision: { player: 0, kind: 'gun-target', legal: ['hex:0702'] } },
})
fx({
  id: 'cfeo-visibility-not-over-units-that-fired-last-turn', rule: 'Visibility: they may not see over units who fired last turn', description: 'F-P1 fired last turn: the gun cannot see I-P1, has no target, and the artillery and fire phases pass to the command phase.',
  keep: smokeKeep, leaders: smokeLeaders, start: { phase: 'artillery', first: 0, units: { 'F-P1': { flags: ['fired-last-turn'] } } }, dice: [],
  actions: [], expect: { phase: 'command', decision: { player: 0, kind: 'leader-select' } },
})

// ---------------------------------------------------------------- abandoned guns
fx({
  id: 'cfeo-guns-recrew-is-the-players-choice', rule: 'Abandoned Guns: may be brought back into action by the crew returning if no formed enemy are within 40 yds and the crew were not killed', description: 'An abandoned gun with its crew alive and the enemy 120 yds off: its player may re-crew it (or not) in the movement phase.',
  keep: [{ id: 'F-G1', hex: '0608', facing: 'NE' }, unit('I-P1', 'pike', '0604', 'SW')], start: { phase: 'movement', first: 0, units: { 'F-G1': { flags: ['abandoned'] } } }, dice: [],
  actions: ['unit:F-G1', { expect: { decision: { kind: 'move-kind', legal: ['choice:recrew', 'choice:hold'] } } }, 'choice:recrew'],
  expect: { units: { 'F-G1': { abandoned: false } } },
})
fx({
  id: 'cfeo-guns-no-recrew-enemy-within-40', rule: 'Abandoned Guns: no re-crewing with formed enemy within 40 yds', description: 'The same gun with formed enemy pike 40 yds away: it cannot be re-crewed.',
  keep: [{ id: 'F-G1', hex: '0608', facing: 'NE' }, unit('I-P1', 'pike', '0606', 'SW')], start: { phase: 'movement', first: 0, units: { 'F-G1': { flags: ['abandoned'] } } }, dice: [],
  actions: [], expect: { decision: { player: 0, kind: 'move-select', legalExcludes: ['unit:F-G1'] }, units: { 'F-G1': { abandoned: true } } },
})
fx({
  id: 'cfeo-guns-crew-shelter-with-infantry', rule: 'Abandoned Guns: crews of guns up to 20 yds in front of friendly infantry abandon them and seek refuge with the infantry as soon as enemy come into combat with it', description: 'F-G1 stands in front of F-P1 (0607); F-P1 is in melee with I-P1 (0708): the crew leave the gun (alive); the melee is fought (AvD 3 v 3).',
  keep: [{ id: 'F-G1', hex: '0607', facing: 'NE' }, unit('F-P1', 'pike', '0608', 'NE'), unit('I-P1', 'pike', '0708', 'SW')], start: meleeStart(), dice: [3, 3],
  actions: END2, expect: { events: [{ type: 'gun-abandoned', unit: 'F-G1', crewKilled: false }, { type: 'combat', totals: [3, 3] }], units: { 'F-G1': { abandoned: true } } },
})

// ---------------------------------------------------------------- risk to leaders: lone leaders fired on
fx({
  id: 'cfeo-leader-lone-fired-on-5-6-hit', rule: 'Risk to Leaders: detached leaders further than 40 yds from any friend may be fired on; 5 or 6 he is hit and rolls again (2-4 wounded)', description: 'The enemy General alone at 0605, 80 yds from the skirmishers at 0608 and more than 40 yds from his units: they may fire at him; D6 5: hit; second roll 3: wounded.',
  keep: [{ id: 'F-S1', hex: '0608', facing: 'NE' }, unit('I-P1', 'pike', '1302', 'SW')], leaders: [{ id: 'I-GEN', hex: '0605' }], start: { phase: 'fire', first: 0 }, dice: [5, 3],
  actions: [{ expect: { decision: { player: 0, kind: 'fire-select', legal: ['choice:end', 'unit:F-S1'] } } }, 'unit:F-S1', { expect: { decision: { kind: 'fire-target', legal: ['hex:0605'] } } }, 'hex:0605'],
  expect: { events: [{ type: 'leader-hit', leader: 'I-GEN', result: 'wounded' }], leaders: { 'I-GEN': { state: 'wounded' } } },
})
fx({
  id: 'cfeo-leader-lone-fired-on-miss', rule: 'Risk to Leaders: lone leaders fired on are hit only on 5 or 6', description: 'The same shot, D6 4: no hit.',
  keep: [{ id: 'F-S1', hex: '0608', facing: 'NE' }, unit('I-P1', 'pike', '1302', 'SW')], leaders: [{ id: 'I-GEN', hex: '0605' }], start: { phase: 'fire', first: 0 }, dice: [4],
  actions: ['unit:F-S1', 'hex:0605'],
  expect: { events: [{ type: 'leader-hit', leader: 'I-GEN', result: 'missed' }], leaders: { 'I-GEN': { state: 'ok' } } },
})
fx({
  id: 'cfeo-leader-near-friends-not-a-target', rule: 'Risk to Leaders: only leaders further than 40 yds from any friend may be fired on', description: 'The General 40 yds from his pike (0504, itself out of range) is not a target; nothing else is in range: the fire phase passes.',
  keep: [{ id: 'F-S1', hex: '0608', facing: 'NE' }, unit('I-P1', 'pike', '0504', 'SW')], leaders: [{ id: 'I-GEN', hex: '0605' }], start: { phase: 'fire', first: 0 }, dice: [],
  actions: [], expect: { phase: 'command', decision: { player: 0, kind: 'leader-select' } },
})

// ---------------------------------------------------------------- taking over abandoned limbered guns; streams
fx({
  id: 'cfeo-guns-take-over-limbered', rule: 'Abandoned Guns: abandoned limbered guns may be taken over and driven off if the enemy detach one stand to do so', description: 'F-P1 (3 stands) next to an abandoned limbered enemy gun detaches a stand: the gun is driven off, F-P1 has 2 stands.',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { stands: 3 }), { id: 'I-G1', hex: '0605', facing: 'SW' }], start: { phase: 'movement', first: 0, units: { 'I-G1': { flags: ['abandoned', 'limbered'] } } }, dice: [],
  actions: ['unit:F-P1', { expect: { decision: { kind: 'move-kind', legalIncludes: ['choice:take-guns'] } } }, 'choice:take-guns', { expect: { decision: { kind: 'sidestep-hex', legal: ['hex:0605'] } } }, 'hex:0605'],
  expect: { units: { 'F-P1': { stands: 2, hex: '0606' }, 'I-G1': { status: 'destroyed' } }, events: [{ type: 'destroyed', unit: 'I-G1' }] },
})
fx({
  id: 'cfeo-guns-take-over-needs-a-spare-stand', rule: 'Abandoned Guns: the taking unit detaches a stand (units keep at least 2 stands)', description: 'A 2-stand unit may not detach a stand: no take-over.',
  keep: [unit('F-P1', 'pike', '0606', 'NE'), { id: 'I-G1', hex: '0605', facing: 'SW' }], start: { phase: 'movement', first: 0, units: { 'I-G1': { flags: ['abandoned', 'limbered'] } } }, dice: [],
  actions: ['unit:F-P1'], expect: { decision: { kind: 'move-kind', legalExcludes: ['choice:take-guns'] } },
})
fx({
  id: 'cfeo-move-stream-as-rough-terrain', rule: 'Crossing Major Obstacles: minor obstacles such as shallow streams ... classified as rough terrain; Fatigue: infantry in line 1 DP for each 5-6 in rough terrain', description: 'Pike in line roll AvD 5 + D6 3 in good terrain (no 6: no DP) and cross a stream: as rough terrain the 5 costs 1 DP.',
  keep: [unit('F-P1', 'pike', '0608', 'NE'), unit('I-P1', 'pike', '0604', 'SW')], map: { hexsides: [{ hexes: ['0607', '0608'], feature: 'stream' }] }, start: { phase: 'movement', first: 0 }, dice: [5, 3],
  actions: ['unit:F-P1', 'choice:dice2', 'hex:0607'],
  expect: { events: [{ type: 'dp', unit: 'F-P1', dps: 1, why: 'crossing a stream (a minor obstacle: rough terrain)' }], units: { 'F-P1': { dp: 1, hex: '0607' } } },
})

// ---------------------------------------------------------------- pursuits across turns (Control Test; Rout; Pursue)
// F-P1 (C pike, 6 stands) has been pursuing I-P1 since last turn and (its control test passed over) goes on.
fx({
  id: 'cfeo-pursuit-continues-next-turn', rule: 'Rout: subsequent rout moves in the opponent\'s move phase, a casualty each; Pursue: pursuers keep after routers; free hack', description: 'Movement phase of F: first I-P1 makes its subsequent rout move (1 casualty; AvD 2 + D6 1 = 3 pips, no bonus: one hex, its owner picks 0603 of the three hexes farther from F-P1); then F-P1 pursues (AvD 3 + D6 3 = 6 pips: 0605, 0604, each the only hex nearer) and catches it: free hack, 6 dice, one 4: 1 casualty (6 - 1 - 1 = 4 stands).',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { stands: 6, ranks: 2 }), unit('I-P1', 'pike', '0604', 'SW', { stands: 6, ranks: 2 })],
  start: { phase: 'movement', first: 0, units: { 'F-P1': { pursues: 'I-P1', formation: 'unformed' }, 'I-P1': { status: 'routing', flags: ['fast-move-made'] } } }, dice: [2, 1, 3, 3, 4, 1, 1, 1, 1, 1],
  actions: [{ expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-P1', legal: ['hex:0603', 'hex:0704', 'hex:0504'] } } }, 'hex:0603'],
  expect: { events: [{ type: 'fast-move', unit: 'I-P1', how: 'rout', from: '0604', to: '0603', pips: 3 }, { type: 'fast-move', unit: 'F-P1', how: 'pursue', from: '0606', to: '0604', pips: 6 }, { type: 'free-hack', unit: 'F-P1', target: 'I-P1', dice: 6, casualties: 1 }], units: { 'I-P1': { stands: 4 }, 'F-P1': { hex: '0604' } }, decision: { player: 0, kind: 'move-select', legalExcludes: ['unit:F-P1'] } },
})
fx({
  id: 'cfeo-pursuit-meets-new-enemy', rule: 'Pursue: pursuers encountering new enemy immediately charge into them', description: 'I-P1 routs on to 0602; F-P1 pursuing (6 pips) reaches 0604, touching formed I-T1 at 0704: it stops there and charges into it (the melee is fought in this combat phase).',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { stands: 6, ranks: 2 }), unit('I-P1', 'pike', '0603', 'SW', { stands: 6, ranks: 2 }), unit('I-T1', 'pike', '0704', 'SW')],
  start: { phase: 'movement', first: 0, units: { 'F-P1': { pursues: 'I-P1', formation: 'unformed' }, 'I-P1': { status: 'routing', flags: ['fast-move-made'] } } }, dice: [2, 1, 3, 3],
  actions: [{ expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-P1', legalIncludes: ['hex:0602'] } } }, 'hex:0602'],
  expect: { events: [{ type: 'fast-move', unit: 'F-P1', how: 'pursue', from: '0606', to: '0604', pips: 6 }, { type: 'charge-move', unit: 'F-P1', contact: true, to: '0604' }], units: { 'F-P1': { hex: '0604', inMelee: 'I-T1' } } },
})

// After combat (Combat Results; Pursue): C grade F-P1 (pike, 6 stands in 2 ranks) breaks I-P1 in a continuing
// melee (AvD 5 vs AvD 2 - 5 DPs = -3: +8 Breakthrough; I-P1 loses 3 stands and routs AvD 5 + D6 5 + 2 = 12
// pips, three hexes, its owner stepping 0604, 0603, 0602, each among the hexes farther from F-P1) and must
// pursue (AvD 3 + D6 3 = 6 pips: 0605 then 0604, each the only hex nearer the router). At 0604 it touches
// the unit at 0704 and charges into it ("Pursuers encountering new enemy immediately charge into them").
const afterBreak = (other: U) => ({
  keep: [...pikeBand(), other],
  start: meleeStart({ 'F-P1': { foe: 'I-P1' }, 'I-P1': { dp: 5 } }),
})
const routAndPursue = [...END2, 'hex:0604', 'hex:0603', 'hex:0602']
fx({
  id: 'cfeo-pursuit-after-combat-fights-at-once', rule: 'Pursue: pursuers encountering new enemy immediately charge into them; Combat Resolution: D6 for chargers, +1 charging or pursuing, -2 unformed, outnumbered 3:1',
  description: 'The pursuer charges I-T1 (pike, 2 stands) and the melee is fought at once, in the same Combat Phase after the other after-combat actions: F-P1 D6 6 + 1 pursuing/charging - 2 unformed = 5; I-T1 AvD 5 - 4 outnumbered (6 unformed stands against 2) = 1: +4 Victory / -4 Driven Back. I-T1 (formed infantry) falls back, its owner picking among 0703, 0803, 0804; F-P1 then may remain or take the position.',
  ...afterBreak(unit('I-T1', 'pike', '0704', 'SW')), dice: [5, 2, 5, 5, 3, 3, 6, 5],
  actions: [...routAndPursue, { expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-T1', legal: ['hex:0703', 'hex:0803', 'hex:0804'] } } }, 'hex:0803'],
  expect: {
    events: [{ type: 'fast-move', unit: 'F-P1', how: 'pursue', from: '0606', to: '0604', pips: 6 }, { type: 'charge-move', unit: 'F-P1', contact: true, to: '0604' }, { type: 'combat', side0: ['F-P1'], side1: ['I-T1'], totals: [5, 1], bands: ['victory', 'driven-back'] }, { type: 'after-combat', unit: 'I-T1', action: 'fall back' }],
    units: { 'F-P1': { hex: '0604', dp: 1 }, 'I-T1': { hex: '0803', dp: 2 }, 'I-P1': { hex: '0602', status: 'routing', stands: 3 } },
    decision: { player: 0, kind: 'after-combat', subject: 'F-P1', legal: ['choice:remain', 'choice:take-position'] }, turn: 1, phase: 'combat',
  },
})
fx({
  id: 'cfeo-pursuit-further-round-only-the-charge', rule: 'Pursue: pursuers encountering new enemy immediately charge into them (a unit already in a melee beside them)',
  description: 'I-T1 (pike, 4 stands in 2 ranks) is in a continuing melee with F-T1 (the same) at 0804: AvD 3 v 3, Inconclusive, 1 DP each, both remain. F-P1 breaks I-P1 and its pursuit charges I-T1; the further round is the pursuer\'s charge only: F-P1 D6 4 + 1 - 2 unformed = 3 against I-T1 AvD 3 + 1 deeper - 1 DP - 2 outnumbered 3:2 (6 unformed stands against 4) = 1: Success / Driven Back. F-T1 rolls no second die (10 dice in all) and keeps its 1 DP; I-T1 (3 DPs) falls back, its owner picking 0703 or 0803.',
  keep: [...pikeBand(), unit('F-T1', 'pike', '0804', 'NW', { stands: 4, ranks: 2 }), unit('I-T1', 'pike', '0704', 'SW', { stands: 4, ranks: 2 })],
  start: meleeStart({ 'F-P1': { foe: 'I-P1' }, 'I-P1': { dp: 5 }, 'F-T1': { foe: 'I-T1' } }), dice: [5, 2, 3, 3, 5, 5, 3, 3, 4, 3],
  actions: routAndPursue,
  expect: {
    events: [{ type: 'combat', side0: ['F-P1'], side1: ['I-P1'], totals: [5, -3] }, { type: 'combat', side0: ['F-T1'], side1: ['I-T1'], totals: [3, 3], bands: ['inconclusive', 'inconclusive'] }, { type: 'charge-move', unit: 'F-P1', contact: true, to: '0604' }, { type: 'combat', side0: ['F-P1'], side1: ['I-T1'], totals: [3, 1], bands: ['success', 'driven-back'] }],
    units: { 'F-T1': { dp: 1, hex: '0804' }, 'I-T1': { dp: 3, hex: '0704' }, 'F-P1': { dp: 1, hex: '0604' } },
    decision: { player: 1, kind: 'fast-step', subject: 'I-T1', legal: ['hex:0703', 'hex:0803'] }, rolls: 10, phase: 'combat',
  },
})
fx({
  id: 'cfeo-pursuit-meets-limbered-gun', rule: 'Pursue: pursuers encountering new enemy immediately charge into them; Combat Resolution: limbered guns contacted by a charge are abandoned',
  description: 'The pursuer runs into a limbered gun at 0704: the gun is abandoned at the contact, there is no melee and no further round; the one-turn game then ends.',
  keep: [...pikeBand(), { id: 'I-G1', hex: '0704', facing: 'SW' }],
  start: meleeStart({ 'F-P1': { foe: 'I-P1' }, 'I-P1': { dp: 5 }, 'I-G1': { flags: ['limbered'] } }), dice: [5, 2, 5, 5, 3, 3],
  actions: routAndPursue,
  expect: { events: [{ type: 'charge-move', unit: 'F-P1', contact: true, to: '0604' }, { type: 'gun-abandoned', unit: 'I-G1', crewKilled: false }], units: { 'I-G1': { abandoned: true, hex: '0704' }, 'F-P1': { hex: '0604', inMelee: null } }, rolls: 6, decision: null },
})
fx({
  id: 'cfeo-pursuit-meets-cavalry-counter-charge', rule: 'Pursue: the opponent may countercharge if cavalry; Counter-charge: roll move dice, +1 countercharging, D6',
  description: 'The pursuer reaches 0604 in front of I-H1 (heavy cavalry at 0704 facing SW): its owner may stand or counter-charge, and counter-charges with 1 die (AvD 3, no 6: no fatigue DP). The melee is fought at once: F-P1 D6 5 + 1 - 2 unformed = 4; I-H1 D6 6 + 1 countercharging - 4 outnumbered (6 unformed pike stands count double against cavalry: 12 against 2) = 3: Inconclusive, 1 DP each. The lower total decides first: I-H1, cavalry that did not charge, remain or retire (the infantry remain).',
  ...afterBreak(unit('I-H1', 'hc', '0704', 'SW')), dice: [5, 2, 5, 5, 3, 3, 3, 5, 6],
  actions: [...routAndPursue, { expect: { decision: { player: 1, kind: 'charge-response', subject: 'I-H1', legal: ['choice:stand', 'choice:counter-charge'] } } }, 'choice:counter-charge',
    { expect: { decision: { player: 1, kind: 'counter-dice', subject: 'I-H1', legal: ['choice:dice1', 'choice:dice2', 'choice:dice3'] } } }, 'choice:dice1'],
  expect: {
    events: [{ type: 'charge-response', unit: 'I-H1', response: 'counter-charge' }, { type: 'combat', side0: ['F-P1'], side1: ['I-H1'], totals: [4, 3], bands: ['inconclusive', 'inconclusive'] }],
    units: { 'F-P1': { hex: '0604', dp: 1, inMelee: 'I-H1' }, 'I-H1': { hex: '0704', dp: 1, inMelee: 'F-P1' } },
    decision: { player: 1, kind: 'after-combat', subject: 'I-H1', legal: ['choice:remain', 'choice:retire'] }, turn: 1, phase: 'combat',
  },
})
fx({
  id: 'cfeo-pursuit-meets-cavalry-in-flank-no-counter', rule: 'Pursue: the opponent may countercharge if cavalry; Counter-charge: moving directly forwards to meet the chargers',
  description: 'I-H1 at 0704 faces SE: the pursuer at 0604 is on its flank, where it cannot ride forwards to meet it: no counter-charge is offered and the melee is fought at once, I-H1 receiving at the halt: F-P1 D6 3 + 1 - 2 = 2; I-H1 AvD 5 - 4 outnumbered = 1 (no flank -2: the pursuer is unformed): Inconclusive; I-H1 decides first.',
  ...afterBreak(unit('I-H1', 'hc', '0704', 'SE')), dice: [5, 2, 5, 5, 3, 3, 3, 5],
  actions: routAndPursue,
  expect: {
    events: [{ type: 'charge-move', unit: 'F-P1', contact: true, to: '0604' }, { type: 'combat', side0: ['F-P1'], side1: ['I-H1'], totals: [2, 1], bands: ['inconclusive', 'inconclusive'] }],
    decision: { player: 1, kind: 'after-combat', subject: 'I-H1', legal: ['choice:remain', 'choice:retire'] }, turn: 1, phase: 'combat',
  },
})
fx({
  id: 'cfeo-pursuit-move-meets-cavalry-counter-charge', rule: 'Pursue: pursuers encountering new enemy immediately charge into them; the opponent may countercharge if cavalry',
  description: 'Movement phase: I-P1 routs on to 0602 (a casualty; AvD 2 + D6 1 = 3 pips); F-P1 pursuing (6 pips) reaches 0604 in front of I-H1 (0704, facing SW), which counter-charges with 2 dice (AvD 3 + AvD 3, no fatigue). Both movement phases end; in the Combat Phase the melee is fought: F-P1 D6 5 + 1 - 2 = 4, I-H1 D6 6 + 1 - 4 = 3: Inconclusive.',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { stands: 6, ranks: 2 }), unit('I-P1', 'pike', '0603', 'SW', { stands: 6, ranks: 2 }), unit('I-H1', 'hc', '0704', 'SW')],
  start: { phase: 'movement', first: 0, units: { 'F-P1': { pursues: 'I-P1', formation: 'unformed' }, 'I-P1': { status: 'routing', flags: ['fast-move-made'] } } }, dice: [2, 1, 3, 3, 3, 3, 5, 6],
  actions: ['hex:0602', { expect: { decision: { player: 1, kind: 'charge-response', subject: 'I-H1', legal: ['choice:stand', 'choice:counter-charge'] } } }, 'choice:counter-charge', 'choice:dice2',
    { expect: { decision: { player: 0, kind: 'move-select' }, units: { 'I-H1': { hex: '0704', inMelee: 'F-P1', moved: true } } } }, 'choice:end', { expect: { decision: { player: 1, kind: 'move-select' } } }, 'choice:end'],
  expect: {
    events: [{ type: 'combat', side0: ['F-P1'], side1: ['I-H1'], totals: [4, 3], bands: ['inconclusive', 'inconclusive'] }],
    decision: { player: 1, kind: 'after-combat', subject: 'I-H1', legal: ['choice:remain', 'choice:retire'] },
  },
})

// ---------------------------------------------------------------- routers move only while pursued (Rout)
// "Subsequent rout moves are made during opponents move phase as long as the opponent is still pursuing".
fx({
  id: 'cfeo-rout-not-pursued-stays', rule: 'Rout: subsequent rout moves are made during the opponent\'s move phase as long as the opponent is still pursuing',
  description: 'I-P1 is routing and nobody pursues it: no subsequent rout move (and no casualty) in F\'s movement phase, and none in its own: it stays at 0603 with 6 stands, routing.',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { stands: 6, ranks: 2 }), unit('I-P1', 'pike', '0603', 'SW', { stands: 6, ranks: 2 })],
  start: { phase: 'movement', first: 0, units: { 'I-P1': { status: 'routing', flags: ['fast-move-made'] } } }, dice: [],
  actions: [{ expect: { decision: { player: 0, kind: 'move-select' } } }, 'choice:end'],
  expect: { units: { 'I-P1': { hex: '0603', stands: 6, status: 'routing' } }, decision: { player: 1, kind: 'move-select', legalExcludes: ['unit:I-P1'] }, rolls: 0 },
})
fx({
  id: 'cfeo-rout-stops-when-pursuit-ends', rule: 'Control Test: 3-4 act as player wishes (a pursuer may cease pursuit), +1 in rout or pursuit; Rout: subsequent rout moves only as long as the opponent is still pursuing',
  description: 'F-P1 has been pursuing I-P1; its control test D6 3 + 1 = 4: act as player wishes, the pursuit ends. I-P1 tests D6 5 + 1 = 6: continue rout. In F\'s movement phase I-P1 makes no rout move: no longer pursued, it stays at 0603 with its 6 stands.',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { stands: 6, ranks: 2 }), unit('I-P1', 'pike', '0603', 'SW', { stands: 6, ranks: 2 })],
  start: { phase: 'command', first: 0, units: { 'F-P1': { pursues: 'I-P1', formation: 'unformed' }, 'I-P1': { status: 'routing', flags: ['fast-move-made'] } } }, dice: [3, 5],
  actions: ['unit:F-GEN', 'choice:pass', 'unit:F-CI', 'choice:pass', 'unit:F-CC', 'choice:pass', { expect: { decision: { player: 0, kind: 'cease', subject: 'F-P1', legal: ['choice:yes', 'choice:no'] } } }, 'choice:yes', 'unit:I-GEN', 'choice:pass', 'unit:I-CI', 'choice:pass', 'unit:I-CC', 'choice:pass'],
  expect: {
    events: [{ type: 'control-test', unit: 'F-P1', roll: 3, modifier: 1, total: 4, result: 'act as player wishes' }, { type: 'control-test', unit: 'I-P1', roll: 5, modifier: 1, total: 6, result: 'continue rout' }],
    units: { 'I-P1': { hex: '0603', stands: 6, status: 'routing' } }, decision: { player: 0, kind: 'move-select' }, rolls: 2,
  },
})
// "All units who wish to cease rout, pursuit ... must take a Control Test": a pursuer whose test gives "act as
// player wishes" may also go on. F-P1 at 0606 pursues I-P1 at 0604 (as in cfeo-pursuit-continues-next-turn).
fx({
  id: 'cfeo-pursuit-owner-goes-on', rule: 'Control Test: units who wish to cease pursuit must take a control test; 3-4 act as player wishes; Rout: subsequent rout moves as long as the opponent is still pursuing',
  description: 'F-P1\'s control test D6 3 + 1 = 4: act as player wishes; its owner goes on pursuing. I-P1 tests D6 5 + 1 = 6: continue rout. F\'s movement phase: I-P1, still pursued, makes its rout move (1 casualty; AvD 2 + D6 1 = 3 pips, 0603), F-P1 pursues (AvD 3 + D6 3 = 6 pips: 0605, 0604) and catches it: free hack, 6 dice, one 4: 1 casualty (4 stands left).',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { stands: 6, ranks: 2 }), unit('I-P1', 'pike', '0604', 'SW', { stands: 6, ranks: 2 })],
  start: { phase: 'command', first: 0, units: { 'F-P1': { pursues: 'I-P1', formation: 'unformed' }, 'I-P1': { status: 'routing', flags: ['fast-move-made'] } } }, dice: [3, 5, 2, 1, 3, 3, 4, 1, 1, 1, 1, 1],
  actions: ['unit:F-GEN', 'choice:pass', 'unit:F-CI', 'choice:pass', 'unit:F-CC', 'choice:pass', { expect: { decision: { player: 0, kind: 'cease', subject: 'F-P1', legal: ['choice:yes', 'choice:no'] } } }, 'choice:no', 'unit:I-GEN', 'choice:pass', 'unit:I-CI', 'choice:pass', 'unit:I-CC', 'choice:pass',
    { expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-P1', legal: ['hex:0603', 'hex:0704', 'hex:0504'] } } }, 'hex:0603'],
  expect: {
    events: [{ type: 'control-test', unit: 'I-P1', roll: 5, modifier: 1, total: 6, result: 'continue rout' }, { type: 'fast-move', unit: 'I-P1', how: 'rout', from: '0604', to: '0603', pips: 3 }, { type: 'fast-move', unit: 'F-P1', how: 'pursue', from: '0606', to: '0604', pips: 6 }, { type: 'free-hack', unit: 'F-P1', target: 'I-P1', dice: 6, casualties: 1 }],
    units: { 'I-P1': { stands: 4 }, 'F-P1': { hex: '0604' } }, rolls: 12,
  },
})

// ---------------------------------------------------------------- Risk to Leaders: "a casualty in any circumstances"
// "If a leader is attached to unit which takes a DP from fire or combat, or a casualty in any circumstances, he
// must test". The position of cfeo-pursuit-continues-next-turn with I-CI attached to the router I-P1: its
// subsequent rout move costs a casualty (I-CI tests: D6 1, hit; D6 3, wounded), the free hack another (I-CI
// tests again: D6 6, missed). Neither casualty is from fire or a combat band, so each is its own test.
fx({
  id: 'cfeo-leader-tests-for-rout-and-free-hack-casualties', rule: 'Risk to Leaders: a casualty in any circumstances; Rout: a casualty for each subsequent rout move; Pursue: free hack',
  // (the rout move, its casualty and I-CI's first test come as the position opens, before the first action: the
  // fixture sees them as I-CI wounded and I-P1 at 5 stands when the owner is asked for its path)
  description: 'I-CI rides with the routing I-P1. Its subsequent rout move: 1 casualty, I-CI tests (1: hit, 3: wounded); rout AvD 2 + D6 1 = 3 pips to 0603; F-P1 pursues (AvD 3 + D6 3) and catches it: free hack, one 4 of 6 dice: 1 casualty, I-CI tests again (6: missed).',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { stands: 6, ranks: 2 }), unit('I-P1', 'pike', '0604', 'SW', { stands: 6, ranks: 2 })], 
  start: { phase: 'movement', first: 0, leaders: { 'I-CI': { attached: 'I-P1' } }, units: { 'F-P1': { pursues: 'I-P1', formation: 'unformed' }, 'I-P1': { status: 'routing', flags: ['fast-move-made'] } } }, dice: [1, 3, 2, 1, 3, 3, 4, 1, 1, 1, 1, 1, 6],
  actions: [{ expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-P1' }, units: { 'I-P1': { stands: 5 } }, leaders: { 'I-CI': { state: 'wounded' } } } }, 'hex:0603'],
  expect: {
    events: [{ type: 'fast-move', unit: 'I-P1', how: 'rout', to: '0603' }, { type: 'free-hack', unit: 'F-P1', target: 'I-P1', casualties: 1 }, { type: 'leader-hit', leader: 'I-CI', result: 'missed' }],
    units: { 'I-P1': { stands: 4 } }, leaders: { 'I-CI': { state: 'wounded' } },
  },
})

// ---------------------------------------------------------------- messengers (Orders; Command Phase)
// The General (2 actions) detached at 0110 sends new orders to the Swiss foot (commander F-CI); the enemy
// is far (messengers ride 240 yds = 6 hexes beyond 120 yds of enemy) and move once leader actions are done.
const msgActions = ['unit:F-GEN', { expect: { decision: { kind: 'leader-action', legalIncludes: ['choice:messenger'], legalExcludes: ['choice:orders'] } } }, 'choice:messenger', { expect: { decision: { kind: 'order-wing', legal: ['wing:F-INF', 'wing:F-CAV'] } } }, 'wing:F-INF', { expect: { decision: { kind: 'order-choice', legal: ['choice:defend', 'choice:advance-defend'] } } }, 'choice:defend', 'choice:pass', 'choice:end']
fx({
  id: 'cfeo-command-messenger-relays-order', rule: 'Orders: changed by the General ... by sending a messenger who will relay the message once in base to base contact; Leaders/Messengers move 240 yds beyond 120 yds of enemy', description: 'The messenger rides from 0110 toward F-CI at 0510 (4 hexes): in base contact within its 240 yds, the Swiss foot now have orders to defend.',
  keep: [unit('F-P1', 'pike', '0509', 'NE'), unit('I-P1', 'pike', '1302', 'SW')], leaders: [{ id: 'F-CI', hex: '0510' }], start: { phase: 'command', first: 0 }, dice: [],
  actions: msgActions,
  expect: { events: [{ type: 'order-changed', wing: 'F-INF', order: 'defend', by: 'messenger' }], wings: { 'F-INF': { order: 'defend' } }, decision: { player: 1, kind: 'leader-select' } },
})
fx({
  id: 'cfeo-command-messenger-still-riding', rule: 'Orders: the messenger relays the message only once in base contact', description: 'F-CI is 8 hexes off (0910): the messenger rides 6 hexes and is not there yet: the orders are unchanged this turn.',
  keep: [unit('F-P1', 'pike', '0909', 'NE'), unit('I-P1', 'pike', '1302', 'SW')], leaders: [{ id: 'F-CI', hex: '0910' }], start: { phase: 'command', first: 0 }, dice: [],
  actions: msgActions,
  expect: { wings: { 'F-INF': { order: 'attack' } }, decision: { player: 1, kind: 'leader-select' } },
})

fx({
  id: 'cfeo-charge-shelter-owner-picks-hex', rule: 'Evade: skirmishers within 60 yds of a friendly pikemen unit may take shelter amongst the pikes: they move back behind the pikemen', description: 'Skirmishers charged from 0608 shelter behind their pike at 0604: their owner picks one of the three free hexes beside it farther from the charger (0603, 0504, 0704): 0603; the cavalry (AvD 3) do not reach.',
  keep: [unit('F-H1', 'hc', '0608', 'NE'), { id: 'I-S1', hex: '0605', facing: 'SW' }, unit('I-P1', 'pike', '0604', 'SW')], start: { phase: 'combat', first: 0 }, dice: [3],
  actions: ['unit:F-H1', 'hex:0605', 'choice:dice1', { expect: { decision: { player: 1, kind: 'charge-response', subject: 'I-S1', legalIncludes: ['choice:shelter'] } } }, 'choice:shelter', { expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-S1', legal: ['hex:0603', 'hex:0504', 'hex:0704'] } } }, 'hex:0603'],
  expect: { events: [{ type: 'fast-move', unit: 'I-S1', how: 'shelter among the pikes', from: '0605', to: '0603' }], units: { 'I-S1': { hex: '0603' } } },
})

// ---------------------------------------------------------------- refereed readings: ride-through, driven-back
// guns, Bad War casualties, one leader test, combined charges
// F-H1 (C heavy cavalry, 2 stands in 1 rank) charges from 0607 with 1 AvD (3 pips: one hex, contact at 0606).
const gunA1 = { id: 'I-G1', hex: '0605', facing: 'SW', grade: 'A1' }
fx({
  id: 'cfeo-driven-back-gun-charged-by-cavalry-remains', rule: 'Combat Results -2/-4 Driven Back: infantry and guns charged by cavalry only remain in place; +2/3 Success: cavalry who charged only guns ride-through, a full 2 or 3 dice (player\'s option)',
  description: 'Heavy cavalry charge an A1 gun: D6 1 + 1 charging + 1 heavy cavalry = 3 vs AvD 3 + 2 (A1) - 2 (only guns) - 3 (outnumbered 2:1) = 0: the gun is Driven Back but, charged by cavalry only, remains in place (not abandoned) and takes 2 DPs (its capacity: 1 stand + 1 A grade); the Success cavalry ride through and their owner picks 2 or 3 dice: 3, AvD 3 + AvD 3 + D6 4 = 10 pips, two hexes through the gun (8), the last 2 pips one hex more (0603).',
  keep: [unit('F-H1', 'hc', '0607', 'NE'), gunA1], start: { phase: 'combat', first: 0 }, dice: [3, 1, 3, 3, 3, 4],
  actions: ['unit:F-H1', 'hex:0605', 'choice:dice1', { expect: { decision: { player: 0, kind: 'after-combat', subject: 'F-H1', legal: ['choice:ride-through2', 'choice:ride-through3'] }, units: { 'I-G1': { dp: 2, abandoned: false, hex: '0605' } } } }, 'choice:ride-through3'],
  expect: { events: [{ type: 'combat', totals: [3, 0], bands: ['success', 'driven-back'] }, { type: 'after-combat', unit: 'F-H1', action: 'ride through (3 dice)' }], units: { 'F-H1': { hex: '0603', dp: 1 }, 'I-G1': { dp: 2, abandoned: false, hex: '0605' } }, rolls: 6 },
})
fx({
  id: 'cfeo-ride-through-victory-owner-picks-2-dice', rule: 'Combat Results +4/6 Victory: cavalry who charged only guns ride-through; Ride-through: a full 2 or 3 dice (player\'s option)',
  description: 'B grade heavy cavalry: D6 1 + 1 B + 1 charging + 1 heavy cavalry = 4 vs the A1 gun 0: +4 Victory (B grade need not pursue); the gun Driven Back remains (2 DPs); the owner picks 2 dice: AvD 3 + AvD 3 = 6 pips, through the gun to 0604 and no further.',
  keep: [unit('F-H1', 'hc', '0607', 'NE', { grade: 'B' }), gunA1], start: { phase: 'combat', first: 0 }, dice: [3, 1, 3, 3, 3],
  actions: ['unit:F-H1', 'hex:0605', 'choice:dice1', { expect: { decision: { player: 0, kind: 'after-combat', subject: 'F-H1', legal: ['choice:ride-through2', 'choice:ride-through3'] } } }, 'choice:ride-through2'],
  expect: { events: [{ type: 'combat', totals: [4, 0], bands: ['victory', 'driven-back'] }, { type: 'after-combat', unit: 'F-H1', action: 'ride through (2 dice)' }], units: { 'F-H1': { hex: '0604' }, 'I-G1': { dp: 2, abandoned: false } }, rolls: 5 },
})
fx({
  id: 'cfeo-ride-through-inconclusive-owner-picks', rule: 'Combat Results +1/-1 Inconclusive: cavalry who charged a single rank of enemy cavalry ride-through (2 or 3 dice, player\'s option); other cavalry choose to remain in place or retire, the lower result deciding first',
  description: 'Heavy cavalry charge heavy cavalry in one rank that stands: D6 1 + 2 = 3 vs AvD 3: Inconclusive, 1 DP each. Equal totals: the player without the initiative (1) decides first: I-H1 remains; then F-H1 rides through, its owner choosing 3 dice: 3 + 3 + 4 = 10 pips: past I-H1 to 0604 (8), then 0603.',
  keep: [unit('F-H1', 'hc', '0607', 'NE'), unit('I-H1', 'hc', '0605', 'SW')], start: { phase: 'combat', first: 0 }, dice: [3, 1, 3, 3, 3, 4],
  actions: ['unit:F-H1', 'hex:0605', 'choice:dice1', 'choice:end', 'choice:stand', { expect: { decision: { player: 1, kind: 'after-combat', subject: 'I-H1', legal: ['choice:remain', 'choice:retire'] } } }, 'choice:remain', { expect: { decision: { player: 0, kind: 'after-combat', subject: 'F-H1', legal: ['choice:ride-through2', 'choice:ride-through3'] } } }, 'choice:ride-through3'],
  expect: { events: [{ type: 'combat', totals: [3, 3], bands: ['inconclusive', 'inconclusive'] }, { type: 'after-combat', unit: 'F-H1', action: 'ride through (3 dice)' }], units: { 'F-H1': { hex: '0603' }, 'I-H1': { hex: '0605', dp: 1 } }, rolls: 6 },
})
fx({
  id: 'cfeo-bad-war-round-counts-casualties', rule: 'Combat Resolution: -1 each DP or casualty; Bad War: another round of combat that same turn',
  description: 'Swiss pike (3 stands, 3 DPs: at capacity) against Landsknechts: AvD 5 - 3 = 2 vs AvD 3: Inconclusive; the Swiss DP becomes a casualty (2 stands, DPs cut to the new capacity 2), the Landsknechts take a DP. Next round, D6 each: Swiss 6 - 2 DPs - 1 casualty this combat - 2 outnumbered 3:2 = 1, Landsknechts 4 - 1 = 3: -2, Driven Back (counting the DPs alone it would be 2 v 3, Inconclusive again).',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { nation: 'swiss', stands: 3 }), unit('I-P1', 'pike', '0605', 'SW', { nation: 'landsknecht', stands: 3 })], start: meleeStart({ 'F-P1': { foe: 'I-P1', dp: 3 } }), dice: [5, 3, 6, 4], actions: END2,
  expect: { events: [{ type: 'combat', totals: [2, 3], bands: ['inconclusive', 'inconclusive'] }, { type: 'casualty', unit: 'F-P1', stands: 1 }, { type: 'combat', totals: [1, 3], bands: ['driven-back', 'success'] }], rolls: 4 },
})
fx({
  id: 'cfeo-leader-one-test-for-the-bad-war-combat', rule: 'Risk to Leaders: he only needs to test once for fire and once for combat regardless of the number of DPs; Bad War: another round of combat that same turn',
  description: 'The Bad War combat of cfeo-combat-bad-war with the Swiss captain attached: round 1 Inconclusive, 1 DP, he tests (D6 4: missed); round 2 Success, 1 DP more: no second test (5 dice in all).',
  keep: [unit('F-P1', 'pike', '0606', 'NE', { nation: 'swiss' }), unit('I-P1', 'pike', '0605', 'SW', { nation: 'landsknecht' })], start: { ...meleeStart(), leaders: { 'F-CI': { attached: 'F-P1' } } }, dice: [3, 3, 4, 5, 2], actions: END2,
  expect: { events: [{ type: 'combat', totals: [3, 3] }, { type: 'leader-hit', leader: 'F-CI', result: 'missed' }, { type: 'combat', totals: [4, 1], bands: ['success', 'driven-back'] }], units: { 'F-P1': { dp: 2 } }, rolls: 5 },
})
fx({
  id: 'cfeo-leader-one-test-for-fire', rule: 'Risk to Leaders: he only needs to test once for fire regardless of the number of DPs',
  description: 'Skirmishers and light cavalry (4 stands each, 4 dice) hit the pike the Landsknecht colonel leads: F-S1 (6 1 1 1) 1 DP, he tests (D6 4: missed); F-L1 (6 1 1 1) 1 DP more: no second test (9 dice in all).',
  keep: [{ id: 'F-S1', hex: '0607', facing: 'NE' }, { id: 'F-L1', hex: '0507', facing: 'NE' }, unit('I-P1', 'pike', '0605', 'SW')], start: { phase: 'fire', first: 0, leaders: { 'I-CI': { attached: 'I-P1' } } }, dice: [6, 1, 1, 1, 4, 6, 1, 1, 1],
  actions: [{ expect: { decision: { kind: 'fire-select', legal: ['choice:end', 'unit:F-S1', 'unit:F-L1'] } } }, 'unit:F-S1', 'hex:0605', 'unit:F-L1', 'hex:0605'],
  expect: { events: [{ type: 'small-arms', unit: 'F-S1', hits: 1 }, { type: 'leader-hit', leader: 'I-CI', result: 'missed' }, { type: 'small-arms', unit: 'F-L1', hits: 1 }], units: { 'I-P1': { dp: 2 } }, rolls: 9 },
})
// two pike units side by side (0607, 0707), each 40 yds from an enemy pike unit straight ahead (0605, 0705)
const bodyKeep = [unit('F-P1', 'pike', '0607', 'NE'), unit('F-T1', 'pike', '0707', 'NE'), unit('I-P1', 'pike', '0605', 'SW'), unit('I-T1', 'pike', '0705', 'SW')]
fx({
  id: 'cfeo-charge-combined-body-same-dice', rule: 'Charge Move: any number of units in base to base contact may be combined into a single body for a charge, all using the same movement dice',
  description: 'F-P1 declares its charge with 1 die; F-T1, in base contact with it, may join its body: it does, and moves on the same AvD 3 (3 pips, one hex, contact) without a roll of its own. Both combats: D6 2 + 1 = 3 vs AvD 3, Inconclusive, infantry remain (5 dice in all).',
  keep: bodyKeep, start: { phase: 'combat', first: 0 }, dice: [3, 2, 3, 2, 3],
  actions: ['unit:F-P1', 'hex:0605', 'choice:dice1', 'unit:F-T1', 'hex:0705', { expect: { decision: { player: 0, kind: 'charge-combine', subject: 'F-T1', legal: ['unit:F-P1', 'choice:no'] } } }, 'unit:F-P1', 'choice:end'],
  expect: { events: [{ type: 'charge-declared', unit: 'F-T1', target: 'I-T1', dice: 1 }, { type: 'charge-move', unit: 'F-P1', pips: 3, contact: true, to: '0606' }, { type: 'charge-move', unit: 'F-T1', pips: 3, contact: true, to: '0706' }, { type: 'combat', side0: ['F-T1'], totals: [3, 3] }], rolls: 5 },
})
fx({
  id: 'cfeo-charge-combined-body-declined', rule: 'Charge Move: combining into a single body is the player\'s option',
  description: 'The same two charges, F-T1 not joining: it chooses its own dice (1 or 2) and rolls them: AvD 2, 2 pips, still one hex (a last step needs 2): contact.',
  keep: bodyKeep, start: { phase: 'combat', first: 0 }, dice: [3, 2, 2, 3, 2, 3],
  actions: ['unit:F-P1', 'hex:0605', 'choice:dice1', 'unit:F-T1', 'hex:0705', 'choice:no', { expect: { decision: { player: 0, kind: 'charge-dice', subject: 'F-T1', legal: ['choice:dice1', 'choice:dice2'] } } }, 'choice:dice1', 'choice:end'],
  expect: { events: [{ type: 'charge-move', unit: 'F-P1', pips: 3, contact: true }, { type: 'charge-move', unit: 'F-T1', pips: 2, contact: true, to: '0706' }], rolls: 6 },
})

// ---------------------------------------------------------------- who chooses: the opponent to pursue
// Combat Results: "A unit able to take any permitted after combat action may choose either to remain in place
// or to pursue an opponent who routed or retired"; Breakthrough: "A2, C and D Grade must pursue". F-P1 (C grade
// pike, 12 stands in 3 ranks, 0608 facing NE) has fought I-P1 (0607, N of it) and I-T1 (0508, NW of it), both
// pike of 4 stands in 2 ranks with 4 DPs, since a previous turn: a multiple combat, all on clear level ground.
// F-P1 AvD 5 + 1 deeper = 6; I-P1 and I-T1 AvD 2 - 4 DPs = -2 each, averaged -2 (numbers 8 a side: front 4 +
// the pikes' second rank 4, against 2 + 2 and 2 + 2). +8 Breakthrough / -8 Break: 3 casualties each (1 stand
// left, its DPs cut to the new capacity), both rout, losers first. I-P1 routs AvD 5 + D6 1 + 2 = 8 pips, two
// hexes (its owner picks 0606 among 0606, 0707, 0507, then 0605); I-T1 AvD 5 + D6 5 + 2 = 12 pips, three
// hexes, its owner picking 0407, 0307, 0206 (each among three hexes farther from F-P1). F-P1 must pursue, and
// two of its opponents fled. Its pursuit: AvD 2 + D6 1 = 3 pips (no +10 yds in a pursuit), one hex.
const twoFledKeep = [unit('F-P1', 'pike', '0608', 'NE', { stands: 12, ranks: 3 }), unit('I-P1', 'pike', '0607', 'SW', { stands: 4, ranks: 2 }), unit('I-T1', 'pike', '0508', 'SE', { stands: 4, ranks: 2 })]
const twoFledStart = meleeStart({ 'F-P1': { foe: 'I-P1' }, 'I-P1': { dp: 4 }, 'I-T1': { dp: 4, foe: 'F-P1' } })
const twoFledActions = [...END2, 'hex:0606', 'hex:0605', { expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-T1', legal: ['hex:0507', 'hex:0408', 'hex:0407'] } } }, 'hex:0407', 'hex:0307', 'hex:0206',
  { expect: { decision: { player: 0, kind: 'pursue-target', subject: 'F-P1', legal: ['unit:I-P1', 'unit:I-T1'] }, units: { 'I-P1': { hex: '0605', status: 'routing', stands: 1 }, 'I-T1': { hex: '0206', status: 'routing', stands: 1 } } } }]
fx({
  id: 'cfeo-pursuit-owner-picks-which-fled-opponent', rule: 'Actions Resulting from Combat: pursue an opponent who routed or retired (which one, of two that fled, is the owner\'s choice)',
  description: 'Both opponents of F-P1 rout (I-P1 two hexes to 0605, I-T1 three to 0206); F-P1 must pursue, and its owner picks which of them: I-T1, the farther one. The pursuit\'s one hex goes to 0508, the only hex nearer 0206. 9 dice.',
  keep: twoFledKeep, start: twoFledStart, dice: [5, 2, 2, 5, 1, 5, 5, 2, 1],
  actions: [...twoFledActions, 'unit:I-T1'],
  expect: { events: [{ type: 'combat', side0: ['F-P1'], side1: ['I-P1', 'I-T1'], totals: [6, -2], bands: ['breakthrough', 'break'] }, { type: 'after-combat', unit: 'F-P1', action: 'pursue' }, { type: 'fast-move', unit: 'F-P1', how: 'pursue', from: '0608', to: '0508', pips: 3 }], rolls: 9 },
})
fx({
  id: 'cfeo-pursuit-owner-picks-the-nearer-fled-opponent', rule: 'Actions Resulting from Combat: pursue an opponent who routed or retired (which one is the owner\'s choice)',
  description: 'The same combat and routs; the owner picks I-P1 (at 0605): the pursuit\'s one hex goes to 0607, the only hex nearer 0605.',
  keep: twoFledKeep, start: twoFledStart, dice: [5, 2, 2, 5, 1, 5, 5, 2, 1],
  actions: [...twoFledActions, 'unit:I-P1'],
  expect: { events: [{ type: 'fast-move', unit: 'F-P1', how: 'pursue', from: '0608', to: '0607', pips: 3 }], rolls: 9 },
})

// ---------------------------------------------------------------- who chooses: re-forming unformed troops
// Re-form Unformed troops: "the units stands may be re-arranged on the spot into either line or column, facing
// whichever direction the player wishes. It takes one complete move. No DPs are incurred"; Line: "A unit in line
// may be several stands deep as the formation is at least as wide as it is deep" (foot count up to 3 ranks).
// F-P1 (pike, 6 stands, unformed, 0608 facing NE) is far from the enemy (I-P1 at 1302).
const reformKeep = [unit('F-P1', 'pike', '0608', 'NE', { stands: 6 }), unit('I-P1', 'pike', '1302', 'SW')]
fx({
  id: 'cfeo-reform-line-depth-and-facing-players', rule: 'Re-form Unformed troops: into line or column, facing whichever direction the player wishes (the line\'s depth too)',
  description: 'F-P1 re-forms into line: its player picks 2 ranks (1 or 2 allowed: 3 ranks of 6 stands would be deeper than wide), then turns it two vertices left, NE to W, and stops. No DP, no dice; its move is over.',
  keep: reformKeep, start: moveStart({ 'F-P1': { formation: 'unformed' } }), dice: [],
  actions: ['unit:F-P1', 'choice:reform-line', { expect: { decision: { player: 0, kind: 'reform-depth', subject: 'F-P1', legal: ['choice:form-line1', 'choice:form-line2'] } } }, 'choice:form-line2',
    { expect: { decision: { player: 0, kind: 'reform-facing', subject: 'F-P1', legal: ['choice:left', 'choice:right', 'choice:stop'] } } }, 'choice:left',
    { expect: { decision: { player: 0, kind: 'reform-facing', subject: 'F-P1', legal: ['choice:left', 'choice:stop'] } } }, 'choice:left', 'choice:stop'],
  expect: { events: [{ type: 'formation', unit: 'F-P1', formation: 'line', ranks: 2 }], units: { 'F-P1': { formation: 'line', ranks: 2, facing: 'W', dp: 0, hex: '0608' } }, decision: { player: 0, kind: 'move-select', legalExcludes: ['unit:F-P1'] }, rolls: 0 },
})
fx({
  id: 'cfeo-reform-column-facing-players', rule: 'Re-form Unformed troops: into line or column, facing whichever direction the player wishes',
  description: 'A retiring F-P1 remains in place and re-forms into column (formed again): its player turns it two vertices right, NE to SE (the most a right turn goes; three vertices is the about face, a left turn), and the re-forming ends there.',
  keep: reformKeep, start: moveStart({ 'F-P1': { status: 'retiring' } }), dice: [],
  actions: ['unit:F-P1', 'choice:reform-column', { expect: { decision: { player: 0, kind: 'reform-facing', subject: 'F-P1', legal: ['choice:left', 'choice:right', 'choice:stop'] } } }, 'choice:right', 'choice:right'],
  expect: { events: [{ type: 'formation', unit: 'F-P1', formation: 'column', ranks: 6 }], units: { 'F-P1': { formation: 'column', ranks: 6, facing: 'SE', status: 'formed', dp: 0 } }, decision: { player: 0, kind: 'move-select', legalExcludes: ['unit:F-P1'] }, rolls: 0 },
})

// ---------------------------------------------------------------- a charge whose target evaded: no entering impassable ground
// Charge Move: "The full distance rolled must be moved or until contact is made"; Movement: "Units may halt up to
// 20 yds short if their full move would force them to ... move into, or across, a terrain feature"; water is
// impassable (the terrain table). F-H1 (C heavy cavalry, 0608 facing NE) charges I-S1 (skirmishers, 0605, three
// hexes straight ahead over 0607 and 0606, a clear path) with 2 dice. I-S1 evades: AvD 3 + D6 3 + 2 = 8 pips, two
// hexes directly away, its owner picking 0505 (of 0604, 0705, 0505), then 0404 (of 0504, 0404); 1 DP for evading.
// The charge follows it: 2 AvD 5 + 5 = 10 pips, three hexes of the four to contact, along the line to 0404 (0607,
// 0507, 0506, 0405); 0506 is water: F-H1 halts at 0507, two hexes on, and fails to contact.
fx({
  id: 'cfeo-charge-halts-before-water-after-evade', rule: 'Charge Move: the full distance rolled must be moved or until contact is made; Movement: units may halt short of a terrain feature (water is impassable)',
  description: 'The skirmishers evade two hexes to 0404; the charge follows along the line to them (0607, 0507, 0506, 0405) for its three hexes, but 0506 is water: the charger halts at 0507 and fails to contact. 4 dice.',
  keep: [unit('F-H1', 'hc', '0608', 'NE'), { id: 'I-S1', hex: '0605', facing: 'SW' }], map: { terrain: { '0506': 'water' } }, start: { phase: 'combat', first: 0 }, dice: [3, 3, 5, 5],
  actions: ['unit:F-H1', 'hex:0605', 'choice:dice2', 'choice:evade', { expect: { decision: { player: 1, kind: 'fast-step', subject: 'I-S1', legal: ['hex:0604', 'hex:0705', 'hex:0505'] } } }, 'hex:0505', 'hex:0404'],
  expect: { events: [{ type: 'fast-move', unit: 'I-S1', how: 'evade', from: '0605', to: '0404', pips: 8 }, { type: 'charge-move', unit: 'F-H1', pips: 10, contact: false, to: '0507' }], units: { 'F-H1': { hex: '0507' }, 'I-S1': { hex: '0404' } }, rolls: 4 },
})

export function write(): void {
  const dir = new URL('../fixtures/cfeo/', import.meta.url)
  mkdirSync(dir, { recursive: true })
  for (const f of out) {
    const keepIds = new Set(f.keep.map((u) => u.id))
    const remove = ALL.filter((id) => !keepIds.has(id))
    const leaders = LEADERS.map((l) => ({ ...l, ...(f.leaders ?? []).find((x) => x['id'] === l.id) }))
    const patch: Record<string, unknown> = { remove, units: f.keep, leaders, turns: 1 }
    if (f.map) patch['map'] = f.map
    if (f.wings) patch['wings'] = f.wings
    // scenario rules (objectives) are not patchable: such a fixture carries the training scenario inline
    const scenario = f.rules ? { ...training, rules: { ...(training['rules'] as Record<string, unknown> | undefined), ...f.rules } } : 'cfeo-training'
    const json = { format: 'tercio-fixture/1', id: f.id, ruleset: 'cfeo', rule: f.rule, description: f.description, scenario, patch, start: f.start, dice: f.dice, actions: f.actions, expect: f.expect }
    writeFileSync(new URL(`${f.id}.json`, dir), JSON.stringify(json, null, 2) + '\n')
  }
  console.log(`${out.length} fixtures written`)
}
write()
