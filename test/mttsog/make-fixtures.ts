// Writes the mttsog conformance fixtures (test/fixtures/mttsog/*.json) from
// compact definitions: npx tsx test/mttsog/make-fixtures.ts
// Each fixture is self-contained: an inline 12x16 open test map, forced dice,
// actions and expectations. Expectations are worked out from the seed's text by
// hand (the comments give the arithmetic), never recorded from the engine.
// Side 0 is French (edge S, row 16), side 1 British (edge N, row 01).

import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'

type Obj = Record<string, unknown>
interface U {
  id: string
  side: 0 | 1
  type: string
  hex: string
  facing: string
  formation?: string
  stands?: number
  status?: string
  exhausted?: boolean
  wing?: string
}
interface Def {
  id: string
  rule: string
  description: string
  units: U[]
  leaders?: Record<string, string>
  terrain?: Record<string, string>
  elevation?: Record<string, number>
  roads?: string[][]
  hexsides?: { hexes: [string, string]; feature: string }[]
  victory?: Obj
  turns?: number
  start?: Obj
  dice: number[]
  actions: (string | { expect: Obj })[]
  expect: Obj
}

const COLS = 12
const ROWS = 16
const CH: Record<string, string> = { open: '.', woods: 'w', bua: 'B', hill: 'h', marsh: 'm' }
const LEADERS: Obj[] = [
  { id: 'F-ARMY', side: 0, name: 'French army commander', role: 'army', rating: 0, hex: '1216' },
  { id: 'F-CORPS', side: 0, name: 'French corps commander', role: 'inf-corps', rating: 0, hex: '1116', superior: 'F-ARMY' },
  { id: 'F-DIV', side: 0, name: 'French brigade', role: 'inf-div', rating: 0, hex: '1016', superior: 'F-CORPS' },
  { id: 'F-DIV2', side: 0, name: 'French 2nd brigade', role: 'inf-div', rating: 0, hex: '0916', superior: 'F-CORPS' },
  { id: 'F-CAVD', side: 0, name: 'French cavalry brigade', role: 'cav-div', rating: 0, hex: '0816', superior: 'F-ARMY' },
  { id: 'B-ARMY', side: 1, name: 'British army commander', role: 'army', rating: 0, hex: '1201' },
  { id: 'B-CORPS', side: 1, name: 'British corps commander', role: 'inf-corps', rating: 0, hex: '1101', superior: 'B-ARMY' },
  { id: 'B-DIV', side: 1, name: 'British brigade', role: 'inf-div', rating: 0, hex: '1001', superior: 'B-CORPS' },
  { id: 'B-CAVD', side: 1, name: 'British cavalry brigade', role: 'cav-div', rating: 0, hex: '0801', superior: 'B-ARMY' },
]
const WINGS = [
  { id: 'F-W', side: 0, name: 'French brigade', commander: 'F-DIV' },
  { id: 'F-W2', side: 0, name: 'French 2nd brigade', commander: 'F-DIV2' },
  { id: 'F-CW', side: 0, name: 'French cavalry', commander: 'F-CAVD' },
  { id: 'B-W', side: 1, name: 'British brigade', commander: 'B-DIV' },
  { id: 'B-CW', side: 1, name: 'British cavalry', commander: 'B-CAVD' },
]
const cavType = (t: string): boolean => t.includes('cav') || t.includes('cossack')

function scenario(d: Def): Obj {
  const terrain = Array.from({ length: ROWS }, (_, r) =>
    Array.from({ length: COLS }, (_, c) => {
      const lab = String(c + 1).padStart(2, '0') + String(r + 1).padStart(2, '0')
      return CH[d.terrain?.[lab] ?? 'open']
    }).join(''),
  )
  const map: Obj = { cols: COLS, rows: ROWS, legend: { '.': 'open', w: 'woods', B: 'bua', h: 'hill', m: 'marsh' }, terrain }
  if (d.elevation) {
    map['elevation'] = Array.from({ length: ROWS }, (_, r) =>
      Array.from({ length: COLS }, (_, c) => String(d.elevation?.[String(c + 1).padStart(2, '0') + String(r + 1).padStart(2, '0')] ?? 0)).join(''),
    )
  }
  if (d.roads) map['roads'] = d.roads
  if (d.hexsides) map['hexsides'] = d.hexsides
  const sc: Obj = {
    format: 'tercio-scenario/1',
    id: `mt-${d.id}`.slice(0, 40),
    name: `mttsog test position (${d.id})`,
    ruleset: 'mttsog',
    map,
    sides: [
      { id: 'french', name: 'French', edge: 'S' },
      { id: 'british', name: 'British', edge: 'N' },
    ],
    wings: WINGS,
    leaders: LEADERS.map((l) => (d.leaders?.[l['id'] as string] ? { ...l, hex: d.leaders[l['id'] as string] } : l)),
    units: d.units.map((u) => {
      const o: Obj = { id: u.id, side: u.side, wing: u.wing ?? (u.side === 0 ? (cavType(u.type) ? 'F-CW' : 'F-W') : cavType(u.type) ? 'B-CW' : 'B-W'), type: u.type, hex: u.hex, facing: u.facing }
      if (u.formation) o['formation'] = u.formation
      if (u.stands !== undefined) o['stands'] = u.stands
      if (u.status) o['status'] = u.status
      if (u.exhausted !== undefined) o['exhausted'] = u.exhausted
      return o
    }),
    turns: d.turns ?? 10,
  }
  if (d.victory) sc['victory'] = d.victory
  return sc
}

const defs: Def[] = []
const add = (d: Def): void => {
  defs.push(d)
}
const miss = (n: number): number[] => Array.from({ length: n }, () => 1)
const rolls = (n: number, v: number): number[] => Array.from({ length: n }, () => v)
/** After a side-1 player turn ends, side 0's command phase opens with F-CORPS's pool: no dice. */
const NEXT0 = { decision: { player: 0, kind: 'cp-pool', subject: 'F-CORPS' } }
/** After a side-0 player turn, side 1's command phase opens with B-CORPS's pool. */
const NEXT1 = { decision: { player: 1, kind: 'cp-pool', subject: 'B-CORPS' } }
const BR_SHOOT = { active: 1, phase: 'shooting' }
const FR_SHOOT = { active: 0, phase: 'shooting' }

// ===================================================================== F) Shooting

add({
  id: 'F3-example-5-hits-2-stands',
  rule: 'F 3',
  description: 'The seed\'s example: 5 hits on French line infantry (2 hits a stand) remove 2 stands; the remaining hit is ignored at the end of the shooting phase. Then 5 status dice (F 4).',
  // British line in line (+1) at French infantry before 1812 (-1): 4+. 6 stands x 1 = 6 dice: 6 5 4 4 6 1 = 5 hits.
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S', formation: 'line' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0506', facing: 'N', formation: 'line' },
  ],
  start: BR_SHOOT,
  dice: [6, 5, 4, 4, 6, 1, 1, 2, 3, 4, 5],
  actions: ['unit:B-I1', 'hex:0506', { expect: { units: { 'F-I1': { stands: 6, hits: 5 } } } }, 'choice:end'],
  expect: {
    units: { 'F-I1': { stands: 4, status: 'good', hits: 0, hex: '0506' } },
    events: [{ type: 'shot', unit: 'B-I1', target: 'F-I1', dice: 6, need: 4, hits: 5 }, { type: 'stands-lost', unit: 'F-I1', stands: 2, left: 4, discarded: 1 }, { type: 'status-check', unit: 'F-I1', dice: 5, sixes: 0 }],
    rolls: 11,
    decision: NEXT0.decision,
  },
})
add({
  id: 'F4-one-six-disorders',
  rule: 'F 4, I Order Status',
  description: 'Status check after shooting: one 6 among the dice (= hits) disorders the unit.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0506', facing: 'N' },
  ],
  start: BR_SHOOT,
  // 6 dice need 4: 4 4 1 1 1 1 = 2 hits -> 1 stand; status 2 dice: 6 1 -> disordered
  dice: [4, 4, 1, 1, 1, 1, 6, 1],
  actions: ['unit:B-I1', 'hex:0506', 'choice:end'],
  expect: { units: { 'F-I1': { stands: 5, status: 'disordered' } }, events: [{ type: 'status-changed', unit: 'F-I1', from: 'good', to: 'disordered' }] },
})
add({
  id: 'F4-two-sixes-rout-and-rout-move',
  rule: 'F 4, I Routed 1',
  description: 'Two 6s on the status dice rout a good unit (one level each); it immediately makes a full rout move (infantry 8) toward its line of communications (French edge S).',
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0506', facing: 'N' },
  ],
  start: BR_SHOOT,
  // 2 hits; status 6 6
  dice: [4, 4, 1, 1, 1, 1, 6, 6],
  actions: ['unit:B-I1', 'hex:0506', 'choice:end'],
  expect: { units: { 'F-I1': { stands: 5, status: 'routed', hex: '0514' } }, events: [{ type: 'status-changed', unit: 'F-I1', to: 'routed' }, { type: 'rout-move', unit: 'F-I1' }] },
})
add({
  id: 'F4-three-sixes-surrender-check',
  rule: 'F 4, I Routed 4 (reconstructed surrender)',
  description: 'Three 6s: routed, and downgraded again: the reconstructed surrender check is a QC (Good 4+); a 3 fails and the unit surrenders.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0506', facing: 'N' },
  ],
  start: BR_SHOOT,
  // 3 hits (4 4 4 1 1 1) -> 1 stand; status 6 6 6; QC 3 < 4
  dice: [4, 4, 4, 1, 1, 1, 6, 6, 6, 3],
  actions: ['unit:B-I1', 'hex:0506', 'choice:end'],
  expect: { units: { 'F-I1': { status: 'surrendered', hex: null, eliminated: true } }, events: [{ type: 'qc', unit: 'F-I1', roll: 3, passed: false, why: 'surrender' }] },
})
add({
  id: 'F4-surrender-check-passed',
  rule: 'F 4, I Routed 4 (reconstructed surrender)',
  description: 'Three 6s, but the surrender QC passes (Good 4+ on a 4): the unit stays, routed, and makes its rout move.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0506', facing: 'N' },
  ],
  start: BR_SHOOT,
  dice: [4, 4, 4, 1, 1, 1, 6, 6, 6, 4],
  actions: ['unit:B-I1', 'hex:0506', 'choice:end'],
  expect: { units: { 'F-I1': { status: 'routed', hex: '0514', stands: 5 } } },
})
add({
  id: 'I-heavy-cavalry-5-save',
  rule: 'I Heavy Cavalry, F 3',
  description: 'Heavy cavalry have a 5+ save against any hit: 3 hits, saves 5 6 2 save two; the last hit is below the 3 hits a stand and is discarded; one status die (6) disorders.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-light-inf', hex: '0504', facing: 'S' },
    { id: 'F-C1', side: 0, type: 'fr-heavy-cav', hex: '0506', facing: 'N' },
  ],
  start: BR_SHOOT,
  // light infantry, no line bonus: 4+. 4 5 6 1 2 3 = 3 hits
  dice: [4, 5, 6, 1, 2, 3, 5, 6, 2, 6],
  actions: ['unit:B-I1', 'hex:0506', 'choice:end'],
  expect: { units: { 'F-C1': { stands: 3, status: 'disordered' } }, events: [{ type: 'saved', unit: 'F-C1', saves: 2 }, { type: 'stands-lost', unit: 'F-C1', stands: 0, discarded: 1 }] },
})
add({
  id: 'I-unit-save-value-old-guard',
  rule: 'I Unit Save Value',
  description: 'The Old Guard saves on 6+: against French Guard shooting needs 5+ (-1). 3 hits, saves 6 1 1: one saved; 2 hits < 3 a stand: discarded; 2 status dice.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-light-inf', hex: '0504', facing: 'S' },
    { id: 'F-G1', side: 0, type: 'fr-old-guard', hex: '0506', facing: 'N' },
  ],
  start: BR_SHOOT,
  dice: [5, 6, 5, 4, 1, 1, 6, 1, 1, 1, 1],
  actions: ['unit:B-I1', 'hex:0506', 'choice:end'],
  expect: { units: { 'F-G1': { stands: 6, status: 'good' } }, events: [{ type: 'shot', need: 5, hits: 3 }, { type: 'saved', unit: 'F-G1', saves: 1 }, { type: 'stands-lost', unit: 'F-G1', stands: 0, discarded: 2 }, { type: 'status-check', unit: 'F-G1', dice: 2 }] },
})
add({
  id: 'terrain-note5a-french-in-bua-only-sixes',
  rule: 'Terrain note 5 a), F 2',
  description: 'French infantry before 1812 in a built-up area: -1 French, -1 open order, -1 defended position = -3: only 6s hit.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-light-inf', hex: '0504', facing: 'S' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0506', facing: 'N' },
  ],
  terrain: { '0506': 'bua' },
  start: BR_SHOOT,
  dice: [6, 5, 5, 5, 5, 5, 1],
  actions: ['unit:B-I1', 'hex:0506', 'choice:end'],
  expect: { units: { 'F-I1': { stands: 6, status: 'good', fighting: 'open', formation: 'line' } }, events: [{ type: 'shot', dice: 6, need: 6, hits: 1 }] },
})
add({
  id: 'terrain-wood-unit-inside-minus-1',
  rule: 'Terrain table (Wood: unit inside -1 to hit), I Infantry Open Order',
  description: 'Infantry in a wood is in open order (-1) and inside the wood (-1): British light infantry need 6.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-light-inf', hex: '0504', facing: 'S' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0506', facing: 'N' },
  ],
  terrain: { '0506': 'woods' },
  start: BR_SHOOT,
  dice: [5, 5, 5, 5, 5, 6, 1],
  actions: ['unit:B-I1', 'hex:0506', 'choice:end'],
  expect: { events: [{ type: 'shot', need: 6, hits: 1 }] },
})
add({
  id: 'F2-plus-1-vs-square',
  rule: 'F 2 (+1 Vs infantry square)',
  description: 'French infantry before 1812 in line shoot a British square: 3+ (4 - 1 for the square).',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0506', facing: 'N' },
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S', formation: 'square' },
  ],
  start: FR_SHOOT,
  // 3 3 2 2 1 1: 2 hits -> 1 stand; status 1 1
  dice: [3, 3, 2, 2, 1, 1, 1, 1],
  actions: ['unit:F-I1', 'hex:0504', 'choice:end'],
  expect: { units: { 'B-I1': { stands: 5 } }, events: [{ type: 'shot', need: 3, hits: 2 }], decision: NEXT1.decision },
})
add({
  id: 'F2-minus-1-vs-unlimbered-artillery',
  rule: 'F 2 (-1 Vs unlimbered artillery)',
  description: 'Shooting at unlimbered artillery needs 5+; one hit is below its 2 hits a stand; a 6 on the status die disorders it.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-light-inf', hex: '0504', facing: 'S' },
    { id: 'F-A1', side: 0, type: 'fr-foot-art', hex: '0506', facing: 'N', formation: 'unlimbered' },
  ],
  start: BR_SHOOT,
  dice: [5, 4, 4, 4, 4, 4, 6],
  actions: ['unit:B-I1', 'hex:0506', 'choice:end'],
  expect: { units: { 'F-A1': { stands: 1, status: 'disordered' } }, events: [{ type: 'shot', need: 5, hits: 1 }] },
})
add({
  id: 'F2-minus-1-vs-open-order',
  rule: 'F 2 (-1 Vs infantry in open order)',
  description: 'British line (+1 in line) at French infantry after 1812 in voluntary open order (-1): 4+.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0506', facing: 'N', formation: 'open' },
  ],
  start: BR_SHOOT,
  dice: [4, 3, 3, 3, 3, 3, 1],
  actions: ['unit:B-I1', 'hex:0506', 'choice:end'],
  expect: { events: [{ type: 'shot', need: 4, hits: 1 }] },
})
add({
  id: 'F-range-artillery-short-2-dice',
  rule: 'F (Foot artillery 9, artillery 2 dice short / 1 long)',
  description: 'Foot artillery at 9 inches (distance 10) shoots with 2 dice (short range), 4+.',
  units: [
    { id: 'F-A1', side: 0, type: 'fr-foot-art', hex: '0512', facing: 'N', formation: 'unlimbered' },
    { id: 'B-I1', side: 1, type: 'br-light-inf', hex: '0502', facing: 'S' },
  ],
  start: FR_SHOOT,
  dice: [4, 1, 1],
  actions: ['unit:F-A1', 'hex:0502', 'choice:end'],
  expect: { events: [{ type: 'shot', unit: 'F-A1', dice: 2, need: 4, hits: 1 }] },
})
add({
  id: 'F-range-artillery-long-1-die',
  rule: 'F (Foot artillery long range 18)',
  description: 'Beyond 9 inches and within 18, foot artillery shoots 1 die.',
  units: [
    { id: 'F-A1', side: 0, type: 'fr-foot-art', hex: '0515', facing: 'N', formation: 'unlimbered' },
    { id: 'B-I1', side: 1, type: 'br-light-inf', hex: '0502', facing: 'S' },
  ],
  start: FR_SHOOT,
  dice: [1],
  actions: ['unit:F-A1', 'hex:0502', 'choice:end'],
  expect: { events: [{ type: 'shot', unit: 'F-A1', dice: 1, hits: 0 }] },
})
add({
  id: 'F-range-horse-artillery-12',
  rule: 'F (Horse artillery: 6, long range 12)',
  description: 'Horse artillery cannot reach 13 inches (distance 14), foot artillery can: only the foot battery may shoot.',
  units: [
    { id: 'F-A1', side: 0, type: 'fr-foot-art', hex: '0416', facing: 'N', formation: 'unlimbered' },
    { id: 'F-A2', side: 0, type: 'fr-horse-art', hex: '0516', facing: 'N', formation: 'unlimbered' },
    { id: 'B-I1', side: 1, type: 'br-light-inf', hex: '0502', facing: 'S' },
  ],
  start: FR_SHOOT,
  dice: [],
  actions: [],
  expect: { decision: { player: 0, kind: 'shoot', legal: ['unit:F-A1', 'choice:end'] } },
})
add({
  id: 'F-range-infantry-2-light-3',
  rule: 'F (Infantry: 2; Light infantry 3)',
  description: 'At 3 inches (distance 4) line infantry after 1812 (range 2) cannot shoot, light infantry (range 3) can.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0408', facing: 'N' },
    { id: 'F-L1', side: 0, type: 'fr-light-inf', hex: '0508', facing: 'N' },
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
  ],
  start: FR_SHOOT,
  dice: [],
  actions: [],
  expect: { decision: { kind: 'shoot', legal: ['unit:F-L1', 'choice:end'] } },
})
add({
  id: 'F-range-british-3-only-in-line',
  rule: 'F (British infantry in line: 3)',
  description: 'British line infantry reach 3 inches in line but only 2 in column.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S', formation: 'line' },
    { id: 'B-I2', side: 1, type: 'br-line-inf', hex: '0604', facing: 'S', formation: 'column' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0508', facing: 'N' },
  ],
  start: BR_SHOOT,
  dice: [],
  actions: [],
  expect: { decision: { kind: 'shoot', legal: ['unit:B-I1', 'choice:end'] } },
})
add({
  id: 'F-arc-front-180',
  rule: 'C Facing, F (front arc of 180 degrees)',
  description: 'A unit in line shoots only through its front 180 degrees: an enemy behind it is no target.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0506', facing: 'S' },
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
  ],
  start: FR_SHOOT,
  dice: [],
  actions: [],
  expect: { decision: { kind: 'shoot', legal: ['choice:end'] } },
})
add({
  id: 'F-arc-square-all-round',
  rule: 'F (all round if infantry is in open order or in square)',
  description: 'The same position with the unit in square: it shoots all round (a square: one face, 2 of 6 stands, 2 dice).',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0506', facing: 'S', formation: 'square' },
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
  ],
  start: FR_SHOOT,
  dice: [1, 1],
  actions: ['unit:F-I1', 'hex:0504', 'choice:end'],
  expect: { events: [{ type: 'shot', unit: 'F-I1', dice: 2, hits: 0 }] },
})
add({
  id: 'I-disorder-cannot-shoot',
  rule: 'F, I Disorder 2',
  description: 'Disordered units cannot shoot.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0506', facing: 'N', status: 'disordered' },
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
  ],
  start: FR_SHOOT,
  dice: [],
  actions: [],
  expect: { decision: { kind: 'shoot', legal: ['choice:end'] } },
})
add({
  id: 'F-los-blocked-by-unit',
  rule: 'F (clear LOS)',
  description: 'A unit between shooter and target blocks the line of sight.',
  units: [
    { id: 'F-L1', side: 0, type: 'fr-light-inf', hex: '0507', facing: 'N' },
    { id: 'F-I2', side: 0, type: 'fr-line-pre1812', hex: '0506', facing: 'N', formation: 'square' },
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
  ],
  start: FR_SHOOT,
  dice: [],
  actions: [],
  expect: { decision: { kind: 'shoot', legalIncludes: ['unit:F-I2'], legalExcludes: ['unit:F-L1'] } },
})
add({
  id: 'F-results-after-the-phase',
  rule: 'F (All results are applied after the phase is over), F 3',
  description: 'Two units shoot the same target: 3 + 2 hits are kept until the phase ends, then 5 hits remove 2 stands and the leftover is discarded.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-light-inf', hex: '0504', facing: 'S' },
    { id: 'B-I2', side: 1, type: 'br-light-inf', hex: '0604', facing: 'S' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0506', facing: 'N' },
  ],
  start: BR_SHOOT,
  dice: [4, 4, 4, 1, 1, 1, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  actions: ['unit:B-I1', 'hex:0506', { expect: { units: { 'F-I1': { stands: 6, hits: 3 } } } }, 'unit:B-I2', 'hex:0506', { expect: { units: { 'F-I1': { stands: 6, hits: 5 } } } }, 'choice:end'],
  expect: { units: { 'F-I1': { stands: 4, hits: 0 } }, events: [{ type: 'stands-lost', unit: 'F-I1', stands: 2, discarded: 1 }] },
})
add({
  id: 'F4-artillery-one-hit-disorders',
  rule: 'F 2, F 3, F 4',
  description: 'British line in line (+1) need 3+ against limbered artillery: one hit is below the battery\'s 2 hits a stand (discarded); its one status die, a 6, disorders it.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
    { id: 'F-A1', side: 0, type: 'fr-foot-art', hex: '0506', facing: 'N', formation: 'limbered' },
  ],
  start: BR_SHOOT,
  dice: [3, 1, 1, 1, 1, 1, 6],
  actions: ['unit:B-I1', 'hex:0506', 'choice:end'],
  expect: { units: { 'F-A1': { status: 'disordered', stands: 1 } }, events: [{ type: 'shot', need: 3, hits: 1 }, { type: 'stands-lost', unit: 'F-A1', stands: 0, discarded: 1 }] },
})
add({
  id: 'F4-routed-artillery-removed-two-sixes',
  rule: 'F 4 (Routed artillery units are removed from play)',
  description: 'One hit on a disordered battery and a 6 on its status die: it is routed, and routed artillery is removed from play.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
    { id: 'F-A1', side: 0, type: 'fr-foot-art', hex: '0506', facing: 'N', formation: 'limbered', status: 'disordered' },
  ],
  start: BR_SHOOT,
  dice: [3, 1, 1, 1, 1, 1, 6],
  actions: ['unit:B-I1', 'hex:0506', 'choice:end'],
  expect: { units: { 'F-A1': { status: 'destroyed', hex: null } }, events: [{ type: 'removed', unit: 'F-A1', why: 'routed artillery is removed' }] },
})

// ===================================================================== G) Melee

const MELEE1 = { active: 1, phase: 'melee' }
add({
  id: 'G3-example-cavalry-line-charges-infantry-line',
  rule: 'G 3 (combat table example), G procedure 1-9',
  description: 'The seed\'s example: cavalry in line charging infantry in line: the defender shoots (Sh) and melees (M) with its stands, the cavalry doubles its melee (X2M). Defensive fire at charging cavalry -1: 5+.',
  units: [
    { id: 'B-C1', side: 1, type: 'br-light-cav', hex: '0505', facing: 'N' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0504', facing: 'S' },
  ],
  start: { ...MELEE1, units: { 'B-C1': { charging: true } } },
  // defensive fire 6 stands x1 = 6 dice at 5+: 5 5 1 1 1 1 = 2 hits
  // cavalry melee 3 stands x 3 x 2 = 18 dice at 4+: 8 hits
  // infantry melee 6 x 2 = 12 dice at 4+: 6 6 + 10 misses = 2 hits
  // attacker 8 hits: 4 stands lost (2 left); defender 2+2 = 4 hits: 1 cavalry stand (3 a stand), 1 discarded
  // 8 - 4 = 4: the infantry retreats straight back (to 0503) and rolls 4 status dice (1 2 3 4)
  // cavalry exhaustion QC (Good 4+): 5 passes; then the pursuit choice (declined)
  dice: [5, 5, 1, 1, 1, 1, ...rolls(8, 4), ...miss(10), 6, 6, ...miss(10), 1, 2, 3, 4, 5],
  actions: ['hex:0504', { expect: { decision: { player: 1, kind: 'pursue', subject: 'B-C1', legal: ['choice:yes', 'choice:no'] } } }, 'choice:no'],
  expect: {
    units: { 'F-I1': { hex: '0503', stands: 2, status: 'good' }, 'B-C1': { hex: '0505', stands: 2, facing: 'N' } },
    events: [{ type: 'melee', attackers: ['B-C1'], defender: 'F-I1', attackerHits: 8, defenderHits: 4, attackerScore: 8, defenderScore: 4, result: 'attacker wins' }, { type: 'retreated', unit: 'F-I1', from: '0504', to: '0503' }, { type: 'status-check', unit: 'F-I1', dice: 4, sixes: 0 }, { type: 'qc', unit: 'B-C1', passed: true }],
    decision: NEXT0.decision,
  },
})
add({
  id: 'G-column-support',
  rule: 'G 3 (Inf Col Sh,M,S), I Support 1-3',
  description: 'An infantry column (6 stands: 2 touch, 4 support at +1 each) attacks British line: both shoot, both melee; support decides.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0505', facing: 'N', formation: 'column' },
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S' },
  ],
  start: { active: 0, phase: 'melee', units: { 'F-I1': { charging: true } } },
  // defensive fire: British line +1, French -1: 4+, 6 dice: 4 + 5 misses = 1 hit
  // advancing fire: 2 touching stands x 1 = 2 dice at 4+: 4 1 = 1 hit
  // French melee 2 x 2 = 4 dice at 4+: 4 4 1 1 = 2 hits; British melee 6 x 2 = 12 dice: 4 4 4 + 9 misses = 3 hits
  // French 3 hits + 4 support = 7; British 1 + 3 = 4 hits: French win by 3
  // British line retreats to 0503, 3 status dice; French consolidate (pass)
  dice: [4, ...miss(5), 4, 1, 4, 4, 1, 1, 4, 4, 4, ...miss(9), 1, 1, 1],
  actions: ['hex:0504', { expect: { decision: { player: 0, kind: 'consolidate', subject: 'F-I1' } } }, 'choice:pass'],
  expect: {
    units: { 'B-I1': { hex: '0503', stands: 5 }, 'F-I1': { stands: 4, hex: '0505' } },
    events: [{ type: 'melee', attackerHits: 3, defenderHits: 4, attackerScore: 7, defenderScore: 4, result: 'attacker wins' }],
    decision: NEXT1.decision,
  },
})
add({
  id: 'I-support-none-from-rear',
  rule: 'I Support 4 (no support if assaulted from the rear arc)',
  description: 'A French column attacked from its rear by British line gets no support: every die misses, 0-0, a draw; the attacker retreats a base depth (G 10) and rolls no status dice.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0505', facing: 'N' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0504', facing: 'N', formation: 'column' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  // defensive fire: column 2 touching x1 = 2; advancing fire 6; British melee 12; French melee 2 x 2 = 4. All miss.
  dice: [...miss(2), ...miss(6), ...miss(12), ...miss(4)],
  actions: ['hex:0504'],
  expect: { units: { 'B-I1': { hex: '0506' }, 'F-I1': { hex: '0504' } }, events: [{ type: 'melee', attackerScore: 0, defenderScore: 0, result: 'draw' }, { type: 'retreated', unit: 'B-I1', from: '0505', to: '0506' }] },
})
add({
  id: 'G1-defender-orients-rear-assault-keeps-no-support',
  rule: 'G procedure 1 ("All Att/Def stands must orient to maximize contact"), I Support 4',
  description: 'The British line charges the French column from its rear: both sides orient — the attacker to the defender, the defender (which faced N) turns S to its attacker — but the assault came from the rear arc, so the column still claims no support: all dice miss, 0-0, a draw.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0505', facing: 'NE' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0504', facing: 'N', formation: 'column' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  dice: [...miss(2), ...miss(6), ...miss(12), ...miss(4)],
  actions: ['hex:0504'],
  expect: { units: { 'F-I1': { hex: '0504', facing: 'S' }, 'B-I1': { hex: '0506', facing: 'N' } }, events: [{ type: 'melee', attackerScore: 0, defenderScore: 0, result: 'draw' }] },
})
add({
  id: 'G1-contact-left-by-a-melee-fights-again',
  rule: 'G 1 ("Close combat occurs: 1) When a stand touches an enemy stand"), E 4',
  description: 'A British line still touching a French line at the start of its melee phase — it did not move into contact this turn — attacks as a charger does: the defender\'s hex is offered, and the combat is fought (all dice miss: a draw, the attacker retreats).',
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0505', facing: 'N' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S' },
  ],
  start: MELEE1,
  // defensive fire 6, advancing fire 6, British melee 12, French melee 12: all miss
  dice: [...miss(6), ...miss(6), ...miss(12), ...miss(12)],
  actions: [{ expect: { decision: { player: 1, kind: 'melee', legal: ['hex:0504'] }, units: { 'B-I1': { charging: true } } } }, 'hex:0504'],
  expect: { units: { 'B-I1': { hex: '0506' } }, events: [{ type: 'melee', attackers: ['B-I1'], defender: 'F-I1', result: 'draw' }, { type: 'retreated', unit: 'B-I1', from: '0505', to: '0506' }] },
})
add({
  id: 'I-support-front-column-defender',
  rule: 'G 3 (defender Inf Col Sh,M,S), I Support',
  description: 'The same column attacked from the front does get its 4 supporting stands: 0 hits to 0, plus 4: the defender wins and the attacker retreats with 4 status dice.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0503', facing: 'S' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0504', facing: 'N', formation: 'column' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  dice: [...miss(2), ...miss(6), ...miss(12), ...miss(4), 1, 1, 1, 1],
  actions: ['hex:0504', 'choice:pass'],
  expect: { units: { 'B-I1': { hex: '0502' } }, events: [{ type: 'melee', attackerScore: 0, defenderScore: 4, result: 'defender wins' }, { type: 'status-check', unit: 'B-I1', dice: 4 }] },
})
add({
  id: 'G-square-cavalry-needs-6-and-ignore',
  rule: 'G 3 (Cav LN vs Inf Sq X2M*, defender Sh,M,I), I Ignore Further Results',
  description: 'Cavalry against a square hit only on 6s; the square (one face: 2 of 6 stands) shoots and melees, and ignores further results: it takes hits but neither retreats nor checks status.',
  units: [
    { id: 'B-C1', side: 1, type: 'br-light-cav', hex: '0505', facing: 'N' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0504', facing: 'S', formation: 'square' },
  ],
  start: { ...MELEE1, units: { 'B-C1': { charging: true } } },
  // defensive fire: 2 stands x 1 at 5+ (charging cavalry -1): 1 1
  // cavalry 3 x 3 x 2 = 18 dice, 6s only: 6 6 + 16 fives = 2 hits; square melee 2 x 2 = 4 dice: 1 1 1 1
  // 2 - 0: cavalry wins, but the square ignores further effects; cavalry QC 4 passes; pursue? the loser is not routed: declined
  dice: [1, 1, 6, 6, ...rolls(16, 5), 1, 1, 1, 1, 4],
  actions: ['hex:0504', 'choice:no'],
  expect: { units: { 'F-I1': { hex: '0504', stands: 5, status: 'good' } }, events: [{ type: 'melee', attackerHits: 2, defenderHits: 0, result: 'attacker wins' }] },
})
add({
  id: 'G-disordered-defender',
  rule: 'G legend (+1 Vs disordered en; Disorder Vs good order #6 to hit), I Disorder 2',
  description: 'Against a disordered defender the attacker hits on 3+; the disordered defender only melees (M, no shooting) and needs 6s.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-light-inf', hex: '0505', facing: 'N' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S', status: 'disordered' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  // advancing fire 6 dice at 4+ (line after 1812: no modifier): 4 + 5 misses = 1; British melee 12 at 3+: 3 3 + 10 misses = 2
  // French melee 12 at 6: 5 x 12 = 0. 3 - 0: French retreat, 3 status dice: 6 routs (disordered -1 more)
  dice: [4, ...miss(5), 3, 3, ...miss(10), ...rolls(12, 5), 6, 1, 1],
  // the rout move: straight back is blocked by the attacker; the two sidesteps are equally good (the owner's)
  actions: ['hex:0504', 'hex:0604', 'choice:pass'],
  expect: { units: { 'F-I1': { status: 'routed' } }, events: [{ type: 'melee', attackerHits: 3, defenderHits: 0 }, { type: 'status-changed', unit: 'F-I1', from: 'disordered', to: 'routed' }] },
})
add({
  id: 'terrain-note5b-assault-defended-position',
  rule: 'Terrain note 5 b), G legend (-1 if defended positions)',
  description: 'Assaulting French infantry in a built-up area (defended position): the attacker\'s melee needs 5+.',
  units: [
    { id: 'B-I1', side: 1, type: 'br-light-inf', hex: '0505', facing: 'N' },
    { id: 'F-I1', side: 0, type: 'fr-line-pre1812', hex: '0504', facing: 'S' },
  ],
  terrain: { '0504': 'bua' },
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  // defender in open order: all 6 stands shoot at 4+ (nothing vs the light infantry): 6 misses
  // advancing fire at 6 (-3, note 5 a): 6 misses; British melee 12 at 5+: 5 + 11 x 4 = 1 hit; French 12 at 4+: misses
  // 1 - 0: the French retreat to 0503 with 1 status die
  dice: [...miss(6), ...rolls(6, 5), 5, ...rolls(11, 4), ...miss(12), 1],
  actions: ['hex:0504', 'choice:pass'],
  expect: { units: { 'F-I1': { hex: '0503' } }, events: [{ type: 'melee', attackerHits: 1, defenderHits: 0, result: 'attacker wins' }] },
})
add({
  id: 'G-defended-behind-stream',
  rule: 'Terrain table (Stream/River: Melee defended position)',
  description: 'A defender behind a stream hexside is in a defended position: the attacker needs 5+ in melee.',
  units: [
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0505', facing: 'N' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S' },
  ],
  hexsides: [{ hexes: ['0504', '0505'], feature: 'stream' }],
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  // defensive fire 6 at 4+: misses; advancing fire 6 at 4+ (stream: no effect on shooting): 4 4 + misses = 2
  // melee 12 at 5+: 4 x 12 = 0; French melee 12 misses. 2 - 0.
  dice: [...miss(6), 4, 4, ...miss(4), ...rolls(12, 4), ...miss(12), 1, 1],
  actions: ['hex:0504', 'choice:pass'],
  expect: { events: [{ type: 'melee', attackerHits: 2, defenderHits: 0 }] },
})
add({
  id: 'G-hill-plus-1',
  rule: 'Terrain table (Hill: higher ground side +1 for combat result)',
  description: 'With every die missing, the defender on higher ground wins 1-0 and the attacker retreats.',
  units: [
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0505', facing: 'N' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S' },
  ],
  terrain: { '0504': 'hill' },
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  dice: [...miss(6), ...miss(6), ...miss(12), ...miss(12), 1],
  actions: ['hex:0504', 'choice:pass'],
  expect: { units: { 'B-I1': { hex: '0506' } }, events: [{ type: 'melee', attackerScore: 0, defenderScore: 1, result: 'defender wins' }] },
})
add({
  id: 'G-routed-defender-na',
  rule: 'G 3 (defender Routed: NA), I Routed 4 (+1 to hit if attacked)',
  description: 'A routed unit does not shoot or fight back; the attacker hits it on 3+. Downgraded again, it checks surrender (reconstructed QC): a 2 fails.',
  units: [
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0505', facing: 'N' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S', status: 'routed' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  // advancing fire 6 at 4+: misses; melee 12 at 3+: 3 + 11 misses = 1; 1 - 0: retreat, 1 status die 6: surrender QC 2
  dice: [...miss(6), 3, ...miss(11), 6, 2],
  actions: ['hex:0504', 'choice:pass'],
  expect: { units: { 'F-I1': { status: 'surrendered' } } },
})
add({
  id: 'G-retreat-into-enemy-routs',
  rule: 'G Blocking retreat (Retreat into enemy unit: Routed automatically)',
  description: 'The loser\'s retreat hex holds an enemy: it is routed automatically (and makes its rout move).',
  units: [
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0505', facing: 'N' },
    // disordered: it has no attacker row, so touching F-I1 it does not join the attack (G 1)
    { id: 'B-I2', side: 1, type: 'au-line-inf', hex: '0503', facing: 'N', status: 'disordered' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  dice: [...miss(6), 4, ...miss(5), ...miss(12), ...miss(12)],
  // I Routed 1: the rout move toward the French edge (S); the hex behind is the attacker's, the two sidesteps
  // beside it are equally near the edge and both next to an enemy: the owner chooses
  actions: ['hex:0504', { expect: { decision: { player: 0, kind: 'rout-hex', subject: 'F-I1', legal: ['hex:0404', 'hex:0604'] } } }, 'hex:0404', 'choice:pass'],
  expect: { units: { 'F-I1': { status: 'routed' } }, events: [{ type: 'status-changed', unit: 'F-I1', to: 'routed', why: 'retreat into an enemy unit' }, { type: 'rout-move', unit: 'F-I1' }] },
})
add({
  id: 'G-retreat-into-friend-give-way',
  rule: 'G Blocking retreat (Give way)',
  description: 'Retreat into a friendly unit: its owner chooses to give way: both retreat in the same direction and the friend rolls a die for order status.',
  units: [
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0505', facing: 'N' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S' },
    { id: 'F-I2', side: 0, type: 'fr-line-post1812', hex: '0503', facing: 'S' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  // 1 hit by advancing fire; French lose by 1: give way; the friend rolls 1 die (2), then the loser's 1 status die (3)
  dice: [...miss(6), 4, ...miss(5), ...miss(12), ...miss(12), 2, 3],
  actions: ['hex:0504', { expect: { decision: { player: 0, kind: 'give-way', subject: 'F-I1', legal: ['choice:give-way', 'choice:stand-firm'] } } }, 'choice:give-way', 'choice:pass'],
  expect: { units: { 'F-I1': { hex: '0503', status: 'good' }, 'F-I2': { hex: '0502', status: 'good' } } },
})
add({
  id: 'G-retreat-into-friend-stand-firm',
  rule: 'G Blocking retreat (Stand firm)',
  description: 'Stand firm: the retreating unit loses one level of order status automatically (then rolls its status dice).',
  units: [
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0505', facing: 'N' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S' },
    { id: 'F-I2', side: 0, type: 'fr-line-post1812', hex: '0503', facing: 'S' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  dice: [...miss(6), 4, ...miss(5), ...miss(12), ...miss(12), 3],
  actions: ['hex:0504', 'choice:stand-firm', 'choice:pass'],
  expect: { units: { 'F-I1': { hex: '0504', status: 'disordered' }, 'F-I2': { hex: '0503' } } },
})
add({
  id: 'G-cavalry-exhaustion-fail-moves-away',
  rule: 'I Exhausted Cavalry 1-2',
  description: 'Cavalry failing its QC after a round of combat is exhausted and immediately moves 4 away from the enemy; it cannot then pursue.',
  units: [
    { id: 'B-C1', side: 1, type: 'br-light-cav', hex: '0505', facing: 'N' },
    { id: 'F-A1', side: 0, type: 'fr-foot-art', hex: '0504', facing: 'S', formation: 'limbered' },
  ],
  start: { ...MELEE1, units: { 'B-C1': { charging: true } } },
  // limbered artillery: defender M only (1 stand x 1 = 1 die): 1. Cavalry X2M: 18 dice at 4+: 4 + 17 misses = 1 hit (< 2 a stand)
  // 1 - 0: the battery retreats to 0503, 1 status die (1); cavalry QC 3 fails (Good 4+): exhausted, moves 4 away to 0509
  dice: [4, ...miss(17), 1, 1, 3],
  actions: ['hex:0504'],
  expect: { units: { 'B-C1': { exhausted: true, hex: '0509' }, 'F-A1': { hex: '0503' } }, events: [{ type: 'exhausted', unit: 'B-C1', on: true }] },
})
add({
  id: 'G10-exhausted-cavalry-owner-picks-how-it-moves-away',
  rule: 'I Exhausted Cavalry 2 (must immediately move away (back along the direction charged, or away from enemy) 4")',
  description: 'The text gives two ways to move away: straight back along the line of the charge, or away from the enemy. With a second enemy to the east they lead to different hexes, and the owner picks.',
  units: [
    { id: 'B-C1', side: 1, type: 'br-light-cav', hex: '0505', facing: 'N' },
    { id: 'F-A1', side: 0, type: 'fr-foot-art', hex: '0504', facing: 'S', formation: 'limbered' },
    { id: 'F-I2', side: 0, type: 'fr-line-post1812', hex: '0805', facing: 'NW' },
  ],
  start: { ...MELEE1, units: { 'B-C1': { charging: true } } },
  // as G-cavalry-exhaustion-fail-moves-away: the battery retreats to 0503, the cavalry fails its QC (3).
  // Back along the charge: straight away from the battery, 0506 0507 0508 0509. Away from enemy: each step
  // to the hex farthest from the nearest enemy (0503 or 0805): 0506 (3; tied with 0405, the straighter),
  // 0406 (4), 0307 (5), 0207 (6)
  dice: [4, ...miss(17), 1, 1, 3],
  actions: ['hex:0504', { expect: { decision: { player: 1, kind: 'exhausted-away', subject: 'B-C1', legal: ['hex:0207', 'hex:0509'] } } }, 'hex:0207'],
  expect: { units: { 'B-C1': { exhausted: true, hex: '0207' } } },
})
add({
  id: 'G9-pursuit-second-round-without-shooting',
  rule: 'G 9 (pursuit: another round of melee without any shooting)',
  description: 'The cavalry winner passes its QC and pursues: it follows into contact and a second round is fought without shooting.',
  units: [
    { id: 'B-C1', side: 1, type: 'br-light-cav', hex: '0505', facing: 'N' },
    { id: 'F-A1', side: 0, type: 'fr-foot-art', hex: '0504', facing: 'S', formation: 'limbered' },
  ],
  start: { ...MELEE1, units: { 'B-C1': { charging: true } } },
  // round 1 as above but QC 5 passes -> pursue: cavalry steps to a hex next to the battery at 0503
  // round 2: no shooting: cavalry 18 dice: 4 4 + 16 misses = 2 hits (1 stand: destroyed); battery 1 die: 1
  // then the QC "after each round of combat" again: 5 passes; nothing left to pursue
  dice: [4, ...miss(17), 1, 1, 5, 4, 4, ...miss(16), 1, 5],
  actions: ['hex:0504', 'choice:yes'],
  expect: { units: { 'F-A1': { status: 'destroyed' }, 'B-C1': { exhausted: false, hex: '0504' } }, events: [{ type: 'melee', round: 1 }, { type: 'melee', round: 2, attackerHits: 2 }] },
})
add({
  id: 'G7-status-dice-shared-between-attackers',
  rule: 'G 7 (if more than one unit participated, the rolls are shared equally)',
  description: 'Two attackers lose by 3: the status dice are shared 2 and 1; both retreat straight back.',
  units: [
    { id: 'B-I1', side: 1, type: 'au-2nd-line', hex: '0505', facing: 'N' },
    { id: 'B-I2', side: 1, type: 'au-2nd-line', hex: '0604', facing: 'NW' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true }, 'B-I2': { charging: true } } },
  // defensive fire at B-I1: 6 dice at 4+: 4 4 4 + misses = 3; advancing fire B-I1 6 + B-I2 6: misses
  // melee B-I1 12 + B-I2 12 misses; French 12 misses. 0 - 3: B-I1 2 dice, B-I2 1 die
  dice: [4, 4, 4, ...miss(3), ...miss(12), ...miss(24), ...miss(12), 1, 1, 1],
  // the 3 defensive-fire hits are shared too (our reading, as the status dice): one each, the odd third the
  // British player's to give (odd-die): to B-I1, 2 on B-I1 (a stand), 1 on B-I2 (discarded).
  // "shared equally": 1 status die each; the odd third die is the British player's to give too: to B-I1
  actions: ['hex:0504', 'unit:B-I1', { expect: { decision: { player: 1, kind: 'odd-die', subject: 'B-I1', legal: ['unit:B-I1', 'unit:B-I2'] } } }, 'unit:B-I1',
    { expect: { decision: { player: 1, kind: 'odd-die', subject: 'B-I1', legal: ['unit:B-I1', 'unit:B-I2'] } } }, 'unit:B-I1', 'choice:pass'],
  expect: { units: { 'B-I1': { hex: '0506', stands: 5 }, 'B-I2': { hex: '0705', stands: 6 } }, events: [{ type: 'stands-lost', unit: 'B-I1', stands: 1, discarded: 0 }, { type: 'stands-lost', unit: 'B-I2', stands: 0, discarded: 1 }, { type: 'status-check', unit: 'B-I1', dice: 2 }, { type: 'status-check', unit: 'B-I2', dice: 1 }] },
})
add({
  id: 'G7-odd-status-die-the-losers-choice',
  rule: 'G 7 (the looser rolls dice equal to the difference; if more than one unit participated, the rolls are shared equally)',
  description: 'Two attackers lose by 3: one die each, and their owner gives the odd third to B-I2: B-I1 rolls 1 die, B-I2 2.',
  units: [
    { id: 'B-I1', side: 1, type: 'au-2nd-line', hex: '0505', facing: 'N' },
    { id: 'B-I2', side: 1, type: 'au-2nd-line', hex: '0604', facing: 'NW' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true }, 'B-I2': { charging: true } } },
  // as above (fire at B-I1, 3 hits; all else misses; 0 - 3); the odd hit to B-I1 (its second: a stand, 1 on
  // B-I2 discarded); the status dice 1 1 1 change nothing
  dice: [4, 4, 4, ...miss(3), ...miss(12), ...miss(24), ...miss(12), 1, 1, 1],
  actions: ['hex:0504', 'unit:B-I1', 'unit:B-I1', { expect: { decision: { player: 1, kind: 'odd-die', legal: ['unit:B-I1', 'unit:B-I2'] } } }, 'unit:B-I2', 'choice:pass'],
  expect: { units: { 'B-I1': { hex: '0506' }, 'B-I2': { hex: '0705' } }, events: [{ type: 'status-check', unit: 'B-I1', dice: 1 }, { type: 'status-check', unit: 'B-I2', dice: 2 }] },
})
add({
  id: 'G6-odd-hit-the-attackers-choice',
  rule: 'G 6 (all hits count and remove stands accordingly), shared among several attackers as G 7 shares the dice',
  description: 'The defender scores 3 hits on two attackers: one each, and their owner gives the odd third to B-I2: B-I2 loses a stand (2 hits), B-I1 none (1 hit, discarded).',
  units: [
    { id: 'B-I1', side: 1, type: 'au-2nd-line', hex: '0505', facing: 'N' },
    { id: 'B-I2', side: 1, type: 'au-2nd-line', hex: '0604', facing: 'NW' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true }, 'B-I2': { charging: true } } },
  // as above: fire at B-I1, 3 hits; all else misses; 0 - 3; the odd hit to B-I2; the odd status die to B-I1
  dice: [4, 4, 4, ...miss(3), ...miss(12), ...miss(24), ...miss(12), 1, 1, 1],
  actions: ['hex:0504', 'unit:B-I1', { expect: { decision: { player: 1, kind: 'odd-die', subject: 'B-I1', legal: ['unit:B-I1', 'unit:B-I2'] } } }, 'unit:B-I2', 'unit:B-I1', 'choice:pass'],
  expect: { units: { 'B-I1': { stands: 6 }, 'B-I2': { stands: 5 } }, events: [{ type: 'stands-lost', unit: 'B-I1', stands: 0, discarded: 1 }, { type: 'stands-lost', unit: 'B-I2', stands: 1, discarded: 0 }] },
})
add({
  id: 'G2-defender-aims-its-fire',
  rule: 'G 1-2 (defending stands touching enemy stands conduct shooting; all stands orient)',
  description: 'Two attackers touch the defender: its owner chooses which one its defensive fire is aimed at. Aimed at B-I2, it turns to face B-I2 and B-I2 takes the fire and the odd share of the hits.',
  units: [
    { id: 'B-I1', side: 1, type: 'au-2nd-line', hex: '0505', facing: 'N' },
    { id: 'B-I2', side: 1, type: 'au-2nd-line', hex: '0604', facing: 'NW' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true }, 'B-I2': { charging: true } } },
  // as G7 above, the fire now at B-I2: 4 4 4 + 3 misses = 3 hits, 2 on B-I2 (a stand) and 1 on B-I1 (discarded);
  // the odd hit and the odd status die given to B-I2 (odd-die); both retreat straight back
  dice: [4, 4, 4, ...miss(3), ...miss(12), ...miss(24), ...miss(12), 1, 1, 1],
  actions: ['hex:0504', { expect: { decision: { player: 0, kind: 'defensive-fire', subject: 'F-I1', legal: ['unit:B-I1', 'unit:B-I2'] } } }, 'unit:B-I2', { expect: { decision: { player: 1, kind: 'odd-die' } } }, 'unit:B-I2', 'unit:B-I2', 'choice:pass'],
  expect: { units: { 'F-I1': { facing: 'SE' }, 'B-I2': { hex: '0705', stands: 5 }, 'B-I1': { hex: '0506', stands: 6 } }, events: [{ type: 'stands-lost', unit: 'B-I2', stands: 1, discarded: 0 }, { type: 'stands-lost', unit: 'B-I1', stands: 0, discarded: 1 }, { type: 'status-check', unit: 'B-I2', dice: 2 }, { type: 'status-check', unit: 'B-I1', dice: 1 }] },
})
add({
  id: 'G-heavy-cavalry-saves-in-melee',
  rule: 'I Heavy Cavalry (5+ save against any hit)',
  description: 'Cuirassiers charged by infantry save hits on 5+ in melee too.',
  units: [
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0505', facing: 'N' },
    { id: 'F-C1', side: 0, type: 'fr-heavy-cav', hex: '0504', facing: 'S' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  // defender codes vs infantry: E,X2M (no shooting): advancing fire 6 dice: 4 4 4 + 3 misses = 3; melee 12: misses
  // cuirassiers 3 x 3 x 2 = 18 dice at 4+: misses. Saves on 3 hits: 5 5 1 -> 1 hit. 1 - 0: retreat, 1 die; QC (veteran 3+) 3 passes
  dice: [4, 4, 4, 1, 1, 1, ...miss(12), ...miss(18), 5, 5, 1, 1, 3],
  actions: ['hex:0504', 'choice:pass'],
  expect: { events: [{ type: 'saved', unit: 'F-C1', saves: 2 }, { type: 'melee', attackerHits: 1, defenderHits: 0, result: 'attacker wins' }], units: { 'F-C1': { hex: '0503', stands: 3 } } },
})
add({
  id: 'G-canister-unlimbered-artillery',
  rule: 'G 3 (UnLim: Can,M), F 2 (+1 for artillery in defensive fire (canister))',
  description: 'Unlimbered artillery charged by infantry fires canister: 2 dice at 3+.',
  units: [
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0505', facing: 'N' },
    { id: 'F-A1', side: 0, type: 'fr-foot-art', hex: '0504', facing: 'S', formation: 'unlimbered' },
  ],
  start: { ...MELEE1, units: { 'B-I1': { charging: true } } },
  // canister 2 dice at 3+: 3 3 = 2 hits; advancing fire 6 at 5+ (unlimbered -1): misses; melee 12 at 4+: misses; artillery melee 1 die: 1
  // 0 - 2: the attacker retreats with 2 dice; infantry defender... the battery consolidates? artillery is not infantry: no consolidation
  dice: [3, 3, ...miss(6), ...miss(12), 1, 1, 1],
  actions: ['hex:0504'],
  expect: { events: [{ type: 'melee', attackerHits: 0, defenderHits: 2, result: 'defender wins' }], units: { 'B-I1': { hex: '0506', stands: 5 } } },
})

// ===================================================================== D) Command, E) Movement

const MOVE0 = (cp: Record<string, number>): Obj => ({ active: 0, phase: 'movement', cp })
add({
  id: 'D1-corps-pool-and-assignment',
  rule: 'D 1',
  description: 'The corps commander rolls a die for each brigade commander within his 8 inches (and himself), then assigns the results: 3 dice 5 3 2, the 5 to F-DIV2, the 3 to himself, the 2 to F-DIV. Out-of-chain commanders and the army roll alone.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0503', facing: 'S' }],
  start: { active: 0, phase: 'command' },
  // pool: F-CORPS + F-DIV + F-DIV2 -> 3 dice (2 5 3 sorted 5 3 2); then F-ARMY and F-CAVD roll alone: 4 6
  dice: [2, 5, 3, 4, 6],
  actions: [
    { expect: { decision: { player: 0, kind: 'cp-pool', subject: 'F-CORPS', legal: ['choice:roll', 'unit:F-DIV', 'unit:F-DIV2'] } } },
    'unit:F-DIV2',
    'unit:F-DIV',
    'choice:roll',
    { expect: { decision: { kind: 'cp-assign', legal: ['unit:F-CORPS', 'unit:F-DIV', 'unit:F-DIV2'] } } },
    'unit:F-DIV2',
    'unit:F-CORPS',
    'unit:F-DIV',
  ],
  expect: { leaders: { 'F-DIV2': { cp: 5 }, 'F-CORPS': { cp: 3 }, 'F-DIV': { cp: 2 }, 'F-ARMY': { cp: 4 }, 'F-CAVD': { cp: 6 } }, decision: { kind: 'army-reroll' }, rolls: 5 },
})
add({
  id: 'D2-out-of-range-rolls-alone',
  rule: 'D 2',
  description: 'A brigade commander beyond his corps commander\'s 8 inches cannot join the pool and rolls for himself.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0503', facing: 'S' }],
  leaders: { 'F-DIV2': '0106' },
  start: { active: 0, phase: 'command' },
  // pool F-CORPS + F-DIV: 4 1 -> 4 to F-DIV, 1 to F-CORPS; alone: F-ARMY 2, F-DIV2 6, F-CAVD 3 (scenario order)
  dice: [4, 1, 2, 6, 3],
  actions: [{ expect: { decision: { legal: ['choice:roll', 'unit:F-DIV'] } } }, 'unit:F-DIV', 'choice:roll', 'unit:F-DIV', 'unit:F-CORPS'],
  expect: { leaders: { 'F-DIV': { cp: 4 }, 'F-CORPS': { cp: 1 }, 'F-DIV2': { cp: 6 }, 'F-ARMY': { cp: 2 } } },
})
add({
  id: 'D2-not-chosen-rolls-alone',
  rule: 'D 2 (if not chosen by the Corps commander)',
  description: 'A brigade commander the corps commander does not choose rolls his own die.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0503', facing: 'S' }],
  start: { active: 0, phase: 'command' },
  // pool = F-CORPS alone: 6; alone: F-ARMY 1, F-DIV 2, F-DIV2 3, F-CAVD 4
  dice: [6, 1, 2, 3, 4],
  actions: ['choice:roll', 'unit:F-CORPS'],
  expect: { leaders: { 'F-CORPS': { cp: 6 }, 'F-DIV': { cp: 2 }, 'F-DIV2': { cp: 3 } } },
})
add({
  id: 'D3-army-reroll',
  rule: 'D 3',
  description: 'The army commander re-rolls one CP die of a commander within his 16 inches; the new roll stands.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0503', facing: 'S' }],
  start: { active: 0, phase: 'command' },
  dice: [1, 1, 1, 1, 1, 5],
  actions: ['unit:F-DIV', 'unit:F-DIV2', 'choice:roll', 'unit:F-DIV', 'unit:F-DIV2', 'unit:F-CORPS', 'unit:F-DIV2'],
  expect: { leaders: { 'F-DIV2': { cp: 5 }, 'F-DIV': { cp: 1 } }, decision: { kind: 'activate' }, phase: 'movement' },
})
add({
  id: 'D3-army-reroll-range',
  rule: 'D 3 (within his range), D 6 (Army commander 16)',
  description: 'A commander more than 16 inches from the army commander cannot have his die re-rolled.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0503', facing: 'S' }],
  leaders: { 'F-ARMY': '1216', 'F-CAVD': '0101' },
  start: { active: 0, phase: 'command' },
  dice: [1, 1, 1, 1, 1],
  actions: ['unit:F-DIV', 'unit:F-DIV2', 'choice:roll', 'unit:F-DIV', 'unit:F-DIV2', 'unit:F-CORPS'],
  expect: { decision: { kind: 'army-reroll', legalIncludes: ['unit:F-DIV', 'unit:F-ARMY', 'choice:pass'], legalExcludes: ['unit:F-CAVD'] } },
})
add({
  id: 'D1-pool-max-4-dice',
  rule: 'D 1 (up to a maximum of 4 dice including the Corps commander himself)',
  description: 'With four brigade commanders in range only three may join the corps commander\'s pool.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0503', facing: 'S' }],
  start: { active: 0, phase: 'command' },
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-DIV2'],
  expect: { decision: { kind: 'cp-pool', legal: ['choice:roll'] } },
})
add({
  id: 'D5-move-costs-1-cp',
  rule: 'D 5, E 6 (Infantry column 4)',
  description: 'Moving a unit in command range costs 1 CP; a column moves 4 hexes.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N', formation: 'column' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  leaders: { 'F-DIV': '0513' },
  start: MOVE0({ 'F-DIV': 2 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move', 'hex:0511', 'hex:0510', 'hex:0509', 'hex:0508', { expect: { decision: { kind: 'move', legalExcludes: ['hex:0507'] } } }, 'choice:stop'],
  expect: { units: { 'F-I1': { hex: '0508' } }, leaders: { 'F-DIV': { cp: 1 } }, events: [{ type: 'spent', leader: 'F-DIV', unit: 'F-I1', cost: 1 }] },
})
add({
  id: 'D5-out-of-range-plus-1',
  rule: 'D 5 (Out of command range +1), D 6 (Inf Divisional/Brigade 4)',
  description: 'A unit more than 4 inches from its brigade commander costs 2 CP to move.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0510', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  leaders: { 'F-DIV': '0516' },
  start: MOVE0({ 'F-DIV': 2 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move', 'choice:stop'],
  expect: { leaders: { 'F-DIV': { cp: 0 } }, events: [{ type: 'spent', cost: 2 }] },
})
add({
  id: 'D5-in-range-at-4-inches',
  rule: 'D 6 (command range 4, measured base to base)',
  description: 'Four inches between commander and unit (distance 5) is still in range: 1 CP.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0510', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  leaders: { 'F-DIV': '0515' },
  start: MOVE0({ 'F-DIV': 1 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move', 'choice:stop'],
  expect: { leaders: { 'F-DIV': { cp: 0 } } },
})
add({
  id: 'D5-open-order-plus-1',
  rule: 'D 5 (Infantry in open order +1), Terrain note 1',
  description: 'Infantry already in open order (in a wood) pays 2 CP to move; entering further woods adds nothing more.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0510', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  terrain: { '0510': 'woods', '0509': 'woods' },
  leaders: { 'F-DIV': '0512' },
  start: MOVE0({ 'F-DIV': 2 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move', 'hex:0509', 'choice:stop'],
  expect: { leaders: { 'F-DIV': { cp: 0 } }, units: { 'F-I1': { hex: '0509', fighting: 'open', formation: 'line' } } },
})
add({
  id: 'terrain-note1-entering-woods-plus-1',
  rule: 'Terrain note 1-2 (via/stops in woods +1 CP, no rate change)',
  description: 'Infantry entering a wood pays 1 more CP (1 + 1) and is in open order there, keeping its formation.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0510', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  terrain: { '0509': 'woods' },
  leaders: { 'F-DIV': '0512' },
  start: MOVE0({ 'F-DIV': 3 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move', 'hex:0509', 'hex:0508', 'choice:stop'],
  expect: { leaders: { 'F-DIV': { cp: 1 } }, units: { 'F-I1': { hex: '0508', fighting: 'line' } } },
})
add({
  id: 'terrain-woods-no-entry-without-cp',
  rule: 'Terrain note 1',
  description: 'With only 1 CP the unit cannot enter the wood (it would need the +1).',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0510', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  terrain: { '0509': 'woods' },
  leaders: { 'F-DIV': '0512' },
  start: MOVE0({ 'F-DIV': 1 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move'],
  expect: { decision: { kind: 'move', legalExcludes: ['hex:0509'], legalIncludes: ['hex:0610'] } },
})
add({
  id: 'D5-contact-plus-1-charge',
  rule: 'D 5 (Move ends in contact +1), E 4 (charging)',
  description: 'A move ending in contact with the enemy costs 1 more CP and is a charge, fought in the melee phase.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0507', facing: 'N', formation: 'column' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0504', facing: 'S' }],
  leaders: { 'F-DIV': '0509' },
  start: MOVE0({ 'F-DIV': 2 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move', 'hex:0506', 'hex:0505', { expect: { decision: { kind: 'move', legalExcludes: ['hex:0605'] } } }, 'choice:stop'],
  expect: { units: { 'F-I1': { hex: '0505', charging: true } }, leaders: { 'F-DIV': { cp: 0 } } },
})
add({
  id: 'D5-contact-needs-the-cp',
  rule: 'D 5 (Move ends in contact +1)',
  description: 'With 1 CP the unit may move but not into contact.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0506', facing: 'N', formation: 'column' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0504', facing: 'S' }],
  leaders: { 'F-DIV': '0508' },
  start: MOVE0({ 'F-DIV': 1 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move'],
  expect: { decision: { kind: 'move', legalExcludes: ['hex:0505'], legalIncludes: ['hex:0507'] } },
})
add({
  id: 'E3-subsequent-movement',
  rule: 'E 3 (Subsequent movement is allowed provided CP is expended)',
  description: 'A second CP moves the same line again: 2 + 2 hexes.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  leaders: { 'F-DIV': '0513' },
  start: MOVE0({ 'F-DIV': 2 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move', 'hex:0511', 'hex:0510', 'choice:stop', 'unit:F-DIV', 'unit:F-I1', 'choice:move', 'hex:0509', 'hex:0508', 'choice:face-N'],
  expect: { units: { 'F-I1': { hex: '0508' } }, leaders: { 'F-DIV': { cp: 0 } } },
})
add({
  id: 'D4-cp-only-on-subordinates',
  rule: 'D 4',
  description: 'A brigade commander\'s CP move only his own units; the army commander\'s move any unit of the army.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' },
    { id: 'F-I2', side: 0, type: 'fr-line-post1812', hex: '0612', facing: 'N', wing: 'F-W2' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' },
  ],
  start: MOVE0({ 'F-DIV': 3, 'F-ARMY': 3 }),
  dice: [],
  actions: ['unit:F-DIV', { expect: { decision: { kind: 'act-unit', legal: ['unit:F-I1'] } } }, 'unit:F-I1', 'choice:move', 'choice:stop', 'unit:F-ARMY'],
  expect: { decision: { kind: 'act-unit', legal: ['unit:F-I1', 'unit:F-I2'] } },
})
add({
  id: 'E-rally-passed',
  rule: 'E Rally',
  description: 'A routed unit receiving a CP takes a QC (Good 4+): on a 4 it is in good order, forms and faces freely, and cannot move this turn.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'S', status: 'routed' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  leaders: { 'F-DIV': '0513' },
  start: MOVE0({ 'F-DIV': 3 }),
  dice: [4],
  actions: ['unit:F-DIV', 'unit:F-I1', { expect: { decision: { kind: 'act-verb', legal: ['choice:rally'] } } }, 'choice:rally', 'choice:form-column', 'choice:face-N', { expect: { decision: { kind: 'activate', legal: ['choice:end'] } } }],
  expect: { units: { 'F-I1': { status: 'good', formation: 'column', facing: 'N', rallied: true } }, leaders: { 'F-DIV': { cp: 2 } } },
})
add({
  id: 'E-rally-failed-rout-move',
  rule: 'E Rally (those units still routed must make a full move toward their own board edge)',
  description: 'A failed rally (3 against Good 4+): after all rally the unit makes a full rout move (8) toward its edge.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0505', facing: 'S', status: 'routed' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  leaders: { 'F-DIV': '0506' },
  start: MOVE0({ 'F-DIV': 1 }),
  dice: [3],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:rally', 'choice:end'],
  expect: { units: { 'F-I1': { status: 'routed', hex: '0513' } }, decision: { kind: 'commander' } },
})
add({
  id: 'I-disorder-cannot-move',
  rule: 'I Disorder 2, E 6 (All disordered 0)',
  description: 'A disordered unit cannot move or change formation: a CP can only rally it.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N', status: 'disordered' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  leaders: { 'F-DIV': '0513' },
  start: MOVE0({ 'F-DIV': 3 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1'],
  expect: { decision: { kind: 'act-verb', legal: ['choice:rally'] } },
})
add({
  id: 'C-formation-change',
  rule: 'C (formations), D 5 (change formation 1 CP)',
  description: 'Infantry may change to column, square or open order (march column only on a road) for 1 CP.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  leaders: { 'F-DIV': '0513' },
  start: MOVE0({ 'F-DIV': 1 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', { expect: { decision: { kind: 'act-verb', legal: ['choice:move', 'choice:form-column', 'choice:form-square', 'choice:form-open'] } } }, 'choice:form-square'],
  expect: { units: { 'F-I1': { formation: 'square' } }, leaders: { 'F-DIV': { cp: 0 } } },
})
add({
  id: 'I-marching-column-road-only',
  rule: 'E 6 (Infantry marching in column 8, along a road), I Marching column 1',
  description: 'Infantry in march column moves 8 along the road and may not leave it.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0514', facing: 'N', formation: 'march' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '1002', facing: 'S' }],
  roads: [['0516', '0515', '0514', '0513', '0512', '0511', '0510', '0509', '0508', '0507', '0506', '0505']],
  leaders: { 'F-DIV': '0515' },
  start: MOVE0({ 'F-DIV': 1 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move', { expect: { decision: { kind: 'move', legal: ['hex:0513', 'hex:0515', 'choice:stop', 'choice:face-N', 'choice:face-NE', 'choice:face-SE', 'choice:face-S', 'choice:face-SW', 'choice:face-NW'] } } }, 'hex:0513', 'hex:0512', 'hex:0511', 'hex:0510', 'hex:0509', 'hex:0508', 'hex:0507', 'hex:0506', 'choice:stop'],
  expect: { units: { 'F-I1': { hex: '0506' } } },
})
add({
  id: 'E6-cavalry-line-8',
  rule: 'E 6 (Cavalry in line 8)',
  description: 'Cavalry in line moves 8 hexes; the ninth is not offered.',
  units: [{ id: 'F-C1', side: 0, type: 'fr-light-cav', hex: '0515', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '1102', facing: 'S', formation: 'open' }],
  leaders: { 'F-CAVD': '0516' },
  start: MOVE0({ 'F-CAVD': 1 }),
  dice: [],
  actions: ['unit:F-CAVD', 'unit:F-C1', 'choice:move', 'hex:0514', 'hex:0513', 'hex:0512', 'hex:0511', 'hex:0510', 'hex:0509', 'hex:0508', 'hex:0507', { expect: { decision: { kind: 'move', legalExcludes: ['hex:0506'] } } }, 'choice:stop'],
  expect: { units: { 'F-C1': { hex: '0507' } } },
})
add({
  id: 'E6-exhausted-cavalry-half-rate',
  rule: 'E 6 (Cavalry if exhausted 4), I Exhausted Cavalry 3',
  description: 'Exhausted cavalry moves at half rate (4).',
  units: [{ id: 'F-C1', side: 0, type: 'fr-light-cav', hex: '0515', facing: 'N', exhausted: true }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '1102', facing: 'S' }],
  leaders: { 'F-CAVD': '0516' },
  start: MOVE0({ 'F-CAVD': 1 }),
  dice: [],
  actions: ['unit:F-CAVD', 'unit:F-C1', 'choice:move', 'hex:0514', 'hex:0513', 'hex:0512', 'hex:0511', { expect: { decision: { kind: 'move', legalExcludes: ['hex:0510'] } } }, 'choice:stop'],
  expect: { units: { 'F-C1': { hex: '0511', exhausted: true } } },
})
add({
  id: 'I-exhausted-cavalry-cannot-charge',
  rule: 'I Exhausted Cavalry 2 (cannot initiate any melee)',
  description: 'Exhausted cavalry may not move into contact.',
  units: [{ id: 'F-C1', side: 0, type: 'fr-light-cav', hex: '0506', facing: 'N', exhausted: true }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0504', facing: 'S' }],
  leaders: { 'F-CAVD': '0507' },
  start: MOVE0({ 'F-CAVD': 3 }),
  dice: [],
  actions: ['unit:F-CAVD', 'unit:F-C1', 'choice:move'],
  expect: { decision: { kind: 'move', legalExcludes: ['hex:0505'] } },
})
add({
  id: 'terrain-cavalry-no-woods',
  rule: 'Terrain table (Wood: Cavalry No enter)',
  description: 'Cavalry cannot enter a wood.',
  units: [{ id: 'F-C1', side: 0, type: 'fr-light-cav', hex: '0512', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '1102', facing: 'S' }],
  terrain: { '0511': 'woods' },
  leaders: { 'F-CAVD': '0513' },
  start: MOVE0({ 'F-CAVD': 1 }),
  dice: [],
  actions: ['unit:F-CAVD', 'unit:F-C1', 'choice:move'],
  expect: { decision: { kind: 'move', legalExcludes: ['hex:0511'], legalIncludes: ['hex:0513'] } },
})
add({
  id: 'terrain-note4-cavalry-bua-road-march',
  rule: 'Terrain note 4 (cavalry enter a BUA only via roads, in march column)',
  description: 'Cavalry in line cannot enter a built-up area even by road; in march column it can, along the road.',
  units: [
    { id: 'F-C1', side: 0, type: 'fr-light-cav', hex: '0512', facing: 'N' },
    { id: 'F-C2', side: 0, type: 'fr-light-cav', hex: '0712', facing: 'N', formation: 'march' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '1102', facing: 'S' },
  ],
  terrain: { '0511': 'bua', '0711': 'bua' },
  roads: [['0512', '0511', '0510'], ['0712', '0711', '0710']],
  leaders: { 'F-CAVD': '0613' },
  start: MOVE0({ 'F-CAVD': 2 }),
  dice: [],
  actions: ['unit:F-CAVD', 'unit:F-C1', 'choice:move', { expect: { decision: { kind: 'move', legalExcludes: ['hex:0511'] } } }, 'choice:stop', 'unit:F-CAVD', 'unit:F-C2', 'choice:move', 'hex:0711', 'choice:stop'],
  expect: { units: { 'F-C2': { hex: '0711' } } },
})
add({
  id: 'E2-group-move',
  rule: 'E 2 (up to 2 units in contact act together)',
  description: 'Two units in contact move together for 1 CP, staying in contact.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' },
    { id: 'F-I2', side: 0, type: 'fr-line-post1812', hex: '0511', facing: 'N' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '1102', facing: 'S' },
  ],
  leaders: { 'F-DIV': '0513' },
  start: MOVE0({ 'F-DIV': 1 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:group', 'unit:F-I2', 'hex:0511', 'hex:0510', 'choice:face-N'],
  expect: { units: { 'F-I1': { hex: '0510' }, 'F-I2': { hex: '0509' } }, leaders: { 'F-DIV': { cp: 0 } } },
})
add({
  id: 'I-emergency-square-passed',
  rule: 'I Emergency Infantry Square 1',
  description: 'Enemy cavalry coming within 8 inches pauses the game; the infantry\'s owner attempts a square by QC (Good 4+: 5 passes).',
  units: [
    { id: 'F-C1', side: 0, type: 'fr-light-cav', hex: '0514', facing: 'N' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0504', facing: 'S' },
  ],
  leaders: { 'F-CAVD': '0515' },
  start: MOVE0({ 'F-CAVD': 1 }),
  dice: [5],
  // distance 10 -> after one step 9 = 8 inches apart: the trigger
  actions: ['unit:F-CAVD', 'unit:F-C1', 'choice:move', 'hex:0513', { expect: { decision: { player: 1, kind: 'square', subject: 'B-I1', legal: ['choice:yes', 'choice:no'] } } }, 'choice:yes', { expect: { decision: { player: 0, kind: 'move' } } }, 'choice:stop'],
  expect: { units: { 'B-I1': { formation: 'square' } } },
})
add({
  id: 'I-emergency-square-failed-then-compulsory',
  rule: 'I Emergency Infantry Square 2',
  description: 'After a failed attempt (3) the infantry must still attempt when another enemy cavalry unit approaches: only yes is offered.',
  units: [
    { id: 'F-C1', side: 0, type: 'fr-light-cav', hex: '0514', facing: 'N' },
    { id: 'F-C2', side: 0, type: 'fr-light-cav', hex: '0614', facing: 'N' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0504', facing: 'S' },
  ],
  leaders: { 'F-CAVD': '0515' },
  start: MOVE0({ 'F-CAVD': 2 }),
  dice: [3, 6],
  actions: ['unit:F-CAVD', 'unit:F-C1', 'choice:move', 'hex:0513', 'choice:yes', 'choice:stop', 'unit:F-CAVD', 'unit:F-C2', 'choice:move', 'hex:0613', 'hex:0612', { expect: { decision: { player: 1, kind: 'square', legal: ['choice:yes'] } } }, 'choice:yes', 'choice:stop'],
  expect: { units: { 'B-I1': { formation: 'square' } } },
})
add({
  id: 'I-emergency-square-once-per-cavalry',
  rule: 'I Emergency Infantry Square 2 (once for each enemy unit per turn)',
  description: 'Declining once, the infantry is not asked again for the same cavalry unit this turn.',
  units: [
    { id: 'F-C1', side: 0, type: 'fr-light-cav', hex: '0514', facing: 'N' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0504', facing: 'S' },
  ],
  leaders: { 'F-CAVD': '0515' },
  start: MOVE0({ 'F-CAVD': 2 }),
  dice: [],
  actions: ['unit:F-CAVD', 'unit:F-C1', 'choice:move', 'hex:0513', 'choice:no', 'hex:0512', { expect: { decision: { player: 0, kind: 'move' } } }, 'choice:stop'],
  expect: { units: { 'B-I1': { formation: 'line' } } },
})
add({
  id: 'I-evade',
  rule: 'I Evade 1-3',
  description: 'Cavalry charged by infantry may evade: it moves 4 away from the charger, which is then no longer charging.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0507', facing: 'N', formation: 'column' },
    { id: 'B-C1', side: 1, type: 'br-light-cav', hex: '0505', facing: 'S' },
  ],
  leaders: { 'F-DIV': '0508' },
  start: MOVE0({ 'F-DIV': 2 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move', 'hex:0506', 'choice:stop', { expect: { decision: { player: 1, kind: 'evade', subject: 'B-C1' } } }, 'choice:yes'],
  expect: { units: { 'B-C1': { hex: '0501' }, 'F-I1': { charging: false } } },
})
add({
  id: 'G-inf-open-may-not-attack-cavalry',
  rule: 'G 3 (Inf open vs Cav LN: NA)',
  description: 'Infantry in open order may not charge cavalry: the contact hex is not offered.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0507', facing: 'N', formation: 'open' },
    { id: 'B-C1', side: 1, type: 'br-light-cav', hex: '0505', facing: 'S' },
  ],
  leaders: { 'F-DIV': '0508' },
  start: MOVE0({ 'F-DIV': 4 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move'],
  expect: { decision: { kind: 'move', legalExcludes: ['hex:0506'] } },
})
add({
  id: 'G-cavalry-may-not-attack-inf-open',
  rule: 'G 3 (Cav LN vs Inf open: NA)',
  description: 'Cavalry may not charge infantry in open order.',
  units: [
    { id: 'F-C1', side: 0, type: 'fr-light-cav', hex: '0507', facing: 'N' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0505', facing: 'S', formation: 'open' },
  ],
  leaders: { 'F-CAVD': '0508' },
  start: MOVE0({ 'F-CAVD': 3 }),
  dice: [],
  actions: ['unit:F-CAVD', 'unit:F-C1', 'choice:move'],
  expect: { decision: { kind: 'move', legalExcludes: ['hex:0506'] } },
})
add({
  id: 'I-commander-moves-after-units',
  rule: 'E 5, I Commander 2 (commanders move after all units, 24)',
  description: 'Ending unit actions opens the commanders\' moves; a commander moves up to 24 hexes.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  start: MOVE0({}),
  dice: [],
  actions: ['choice:end', { expect: { decision: { kind: 'commander', legalIncludes: ['unit:F-DIV', 'choice:end'] } } }, 'unit:F-DIV', 'hex:0511', 'choice:end'],
  expect: { leaders: { 'F-DIV': { hex: '0511' } }, phase: 'shooting', decision: { kind: 'shoot' } },
})
add({
  id: 'I-commander-pushed-aside',
  rule: 'I Commander 3',
  description: 'An enemy unit passing through a lone commander: he is moved to the closest friendly unit.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N', formation: 'column' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0302', facing: 'S' },
  ],
  leaders: { 'F-DIV': '0513', 'B-DIV': '0511' },
  start: MOVE0({ 'F-DIV': 1 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move', 'hex:0511', 'choice:stop'],
  expect: { leaders: { 'B-DIV': { hex: '0302' } } },
})
add({
  id: 'I-commander-refuge-owner-picks-among-equals',
  rule: 'I Commander 3',
  description: 'A lone commander passed through, two of his units equally close (4 hexes each side): he is "moved to the closest friendly unit", the one of the two his owner picks.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N', formation: 'column' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0111', facing: 'S' },
    { id: 'B-I2', side: 1, type: 'au-line-inf', hex: '0911', facing: 'S' },
  ],
  leaders: { 'F-DIV': '0513', 'B-DIV': '0511' },
  start: MOVE0({ 'F-DIV': 1 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-I1', 'choice:move', 'hex:0511', { expect: { decision: { player: 1, kind: 'commander-refuge', subject: 'B-DIV', legal: ['unit:B-I1', 'unit:B-I2'] } } }, 'unit:B-I2', { expect: { decision: { player: 0, kind: 'move' } } }, 'choice:stop'],
  expect: { leaders: { 'B-DIV': { hex: '0911' } } },
})

// ===================================================================== E) the routs after all rally: their order
add({
  id: 'E-rout-order-owner-orders-routs-that-meet',
  rule: 'E (after all rally, those units still routed must make a full move toward their own board edge)',
  description: 'Two routed units one behind the other in column 05: the rear one\'s rout passes the front one\'s hex, so the order is their owner\'s. He sends the rear one (0506) first: it routs 8 to 0514, then the front one 8 to 0513.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0505', facing: 'S', status: 'routed' },
    { id: 'F-I2', side: 0, type: 'fr-line-post1812', hex: '0506', facing: 'S', status: 'routed' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' },
  ],
  start: MOVE0({}),
  dice: [],
  actions: ['choice:end', { expect: { decision: { player: 0, kind: 'rout-order', legal: ['unit:F-I1', 'unit:F-I2'] } } }, 'unit:F-I2'],
  expect: { units: { 'F-I2': { status: 'routed', hex: '0514' }, 'F-I1': { status: 'routed', hex: '0513' } }, decision: { kind: 'commander' } },
})
add({
  id: 'E-rout-order-not-asked-when-routs-cannot-meet',
  rule: 'E (after all rally, those units still routed must make a full move toward their own board edge)',
  description: 'Two routed units six columns apart: their routs (8 straight toward the edge) cannot meet, no order is asked; both rout to row 13.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0305', facing: 'S', status: 'routed' },
    { id: 'F-I2', side: 0, type: 'fr-line-post1812', hex: '0905', facing: 'S', status: 'routed' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' },
  ],
  start: MOVE0({}),
  dice: [],
  actions: ['choice:end'],
  expect: { units: { 'F-I1': { hex: '0313' }, 'F-I2': { hex: '0913' } }, decision: { kind: 'commander' } },
})

// ===================================================================== H) End phase, Army morale

add({
  id: 'H3-disorder-recovers-if-no-melee',
  rule: 'H, I Disorder 4',
  description: 'A disordered unit not involved in melee returns to good order in its owner\'s end phase.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N', status: 'disordered' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  start: { active: 0, phase: 'shooting' },
  dice: [],
  actions: ['choice:end'],
  expect: { units: { 'F-I1': { status: 'good' } }, decision: NEXT1.decision },
})
add({
  id: 'H3-disorder-stays-after-melee',
  rule: 'I Disorder 4 (if not involved in any melee that turn)',
  description: 'A disordered unit that fought in melee stays disordered through its end phase.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N', status: 'disordered' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  start: { active: 0, phase: 'shooting', units: { 'F-I1': { meleed: true } } },
  dice: [],
  actions: ['choice:end'],
  expect: { units: { 'F-I1': { status: 'disordered', meleed: false } } },
})
add({
  id: 'H3-exhausted-cavalry-recovers',
  rule: 'H 3, I Exhausted Cavalry 4',
  description: 'Exhausted cavalry not engaged in melee returns to normal in its owner\'s end phase.',
  units: [{ id: 'F-C1', side: 0, type: 'fr-light-cav', hex: '0512', facing: 'N', exhausted: true }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  start: { active: 0, phase: 'shooting' },
  dice: [],
  actions: ['choice:end'],
  expect: { units: { 'F-C1': { exhausted: false } }, events: [{ type: 'exhausted', unit: 'F-C1', on: false }] },
})
add({
  id: 'H1-army-morale-break-point',
  rule: 'H 1, I Army Morale 1-3',
  description: 'A side that has lost more than half its break points (a routed unit counts as lost) loses in its own end phase.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N', status: 'routed' },
    { id: 'F-I2', side: 0, type: 'fr-line-post1812', hex: '0612', facing: 'N', stands: 5 },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' },
  ],
  // break points 6 + 5 = 11; routed F-I1 = 6 lost > 5.5
  start: { active: 0, phase: 'shooting' },
  dice: [],
  actions: ['choice:end'],
  expect: { outcome: { winner: 1 }, decision: null, events: [{ type: 'army-morale', side: 0, losses: 6, breakPoint: 11, broken: true }] },
})
add({
  id: 'H1-army-morale-exactly-half-holds',
  rule: 'I Army Morale 1 (more than half)',
  description: 'Losing exactly half the break points is not enough.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N', status: 'routed' },
    { id: 'F-I2', side: 0, type: 'fr-line-post1812', hex: '0612', facing: 'N' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' },
  ],
  start: { active: 0, phase: 'shooting' },
  dice: [],
  actions: ['choice:end'],
  expect: { outcome: null, events: [{ type: 'army-morale', side: 0, losses: 6, breakPoint: 12, broken: false }] },
})
add({
  id: 'I-army-morale-weight-guard-3',
  rule: 'I Army Morale 5 (French Guard stands count 3)',
  description: 'Line infantry (6 x 1) and a routed Old Guard (6 x 3 = 18): 18 lost of 24 break points, more than half. Counted 1 a stand it would be 6 of 12, not more than half.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' },
    { id: 'F-G1', side: 0, type: 'fr-old-guard', hex: '0612', facing: 'N', status: 'routed' },
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0502', facing: 'S' },
  ],
  start: { active: 0, phase: 'shooting' },
  dice: [],
  actions: ['choice:end'],
  expect: { outcome: { winner: 1 }, events: [{ type: 'army-morale', side: 0, losses: 18, breakPoint: 24, broken: true }] },
})
add({
  id: 'I-army-morale-weight-heavy-cavalry-2',
  rule: 'I Army Morale 4 (Artillery, Elite/Veteran, Heavy cavalry stands count 2)',
  description: 'Line infantry of 5 stands (5) and routed cuirassiers (3 x 2 = 6): 6 of 11 lost, more than half; 1 a stand would be 3 of 8.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N', stands: 5 },
    { id: 'F-C1', side: 0, type: 'fr-heavy-cav', hex: '0612', facing: 'N', status: 'routed' },
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0502', facing: 'S' },
  ],
  start: { active: 0, phase: 'shooting' },
  dice: [],
  actions: ['choice:end'],
  expect: { outcome: { winner: 1 }, events: [{ type: 'army-morale', side: 0, losses: 6, breakPoint: 11, broken: true }] },
})
add({
  id: 'I-army-morale-only-routed-or-destroyed-units-count',
  rule: 'I Army Morale 3 ("Units count as a loss during the end phase if: a) routed b) destroyed")',
  description: 'French line (6 stands) and a French battery (1 stand x 2): break points 8. The line loses 5 stands to 10 hits but stays in good order (10 status dice, no 6): it is neither routed nor destroyed, so the army has lost nothing (counting stands it would be 5 of 8, broken).',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' },
    { id: 'F-A1', side: 0, type: 'fr-foot-art', hex: '0612', facing: 'N', formation: 'limbered' },
    { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' },
  ],
  start: { active: 0, phase: 'shooting', units: { 'F-I1': { hits: 10 } } },
  dice: miss(10),
  actions: ['choice:end'],
  expect: { outcome: null, units: { 'F-I1': { stands: 1, status: 'good' } }, events: [{ type: 'army-morale', side: 0, losses: 0, breakPoint: 8, broken: false }] },
})
add({
  id: 'I-army-morale-weight-artillery-veteran',
  rule: 'I Army Morale 4',
  description: 'A battery (1 x 2) and British veteran line (6 x 2): break points 14.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' },
    { id: 'B-A1', side: 1, type: 'br-foot-art', hex: '0402', facing: 'S' },
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0502', facing: 'S' },
  ],
  start: { active: 1, phase: 'shooting' },
  dice: [],
  actions: ['choice:end'],
  expect: { events: [{ type: 'army-morale', side: 1, losses: 0, breakPoint: 14, broken: false }] },
})
add({
  id: 'H2-turn-limit-victory',
  rule: 'H 2 (victory conditions: reconstructed turn-limit scoring)',
  description: 'At the end of the last turn each side scores the objectives it holds plus the enemy\'s losses: the British hold a 5-point objective, nothing else lost: British win 5-0.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  victory: { objectives: [{ hex: '0502', points: 5 }] },
  turns: 1,
  start: { active: 1, phase: 'shooting' },
  dice: [],
  actions: ['choice:end'],
  expect: { outcome: { winner: 1, score: [0, 5] }, decision: null },
})
add({
  id: 'B-turn-sequence',
  rule: 'B (command, movement, shooting, melee, end)',
  description: 'The phasing player goes through command, movement, shooting, melee and end; then the other player.',
  units: [{ id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  start: { active: 0, phase: 'movement', cp: {} },
  dice: [],
  actions: [{ expect: { phase: 'movement' } }, 'choice:end', 'choice:end', { expect: { phase: 'shooting' } }, 'choice:end'],
  expect: { turn: 1, phase: 'command', decision: NEXT1.decision, events: [{ type: 'phase', phase: 'shooting', player: 0 }, { type: 'phase', phase: 'melee', player: 0 }, { type: 'phase', phase: 'end', player: 0 }, { type: 'phase', phase: 'command', player: 1 }] },
})

// ===================================================================== more: march column in combat, artillery, rally, morale

add({
  id: 'I-march-column-infantry-fights-as-column',
  rule: 'I Marching column 1-2 (infantry treated as column in combat; single stand width)',
  description: 'Infantry in march column charged by cavalry fights as a column (Sh,M,S) one stand wide: 1 stand touches, 5 support. Every die misses: 0 against 5, the cavalry loses and retreats with 5 status dice.',
  units: [
    { id: 'B-C1', side: 1, type: 'br-light-cav', hex: '0505', facing: 'N' },
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0504', facing: 'S', formation: 'march' },
  ],
  roads: [['0501', '0502', '0503', '0504', '0505', '0506']],
  start: { ...MELEE1, units: { 'B-C1': { charging: true } } },
  // defensive fire 1 stand x 1 at 5+: 1; cavalry 18 dice: misses; column melee 1 x 2 = 2 dice: misses
  // 0 - 5: cavalry retreats to 0506, 5 status dice; cavalry QC 4 passes; the infantry consolidates (pass)
  dice: [1, ...miss(18), 1, 1, 1, 1, 1, 1, 1, 4],
  actions: ['hex:0504', 'choice:pass'],
  expect: { units: { 'B-C1': { hex: '0506' } }, events: [{ type: 'melee', attackerScore: 0, defenderScore: 5, result: 'defender wins' }, { type: 'status-check', unit: 'B-C1', dice: 5 }] },
})
add({
  id: 'H1-only-the-phasing-player-checks',
  rule: 'H 1 (Phasing player checks for army morale), I Army Morale 2',
  description: 'The British have lost all their break points, but it is the French end phase: only the French army is checked and the game goes on.',
  units: [
    { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' },
    { id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0502', facing: 'S', status: 'routed' },
  ],
  start: { active: 0, phase: 'shooting' },
  dice: [],
  actions: ['choice:end'],
  expect: { outcome: null, events: [{ type: 'army-morale', side: 0, losses: 0, broken: false }], decision: NEXT1.decision },
})
add({
  id: 'C-artillery-limber-and-move',
  rule: 'C (artillery limbered / unlimbered), E 6 (foot artillery limbered 3, unlimbered 0)',
  description: 'Unlimbered artillery cannot move (a CP may only turn it) but may limber for 1 CP; limbered foot artillery then moves 3.',
  units: [{ id: 'F-A1', side: 0, type: 'fr-foot-art', hex: '0512', facing: 'N', formation: 'unlimbered' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0502', facing: 'S' }],
  leaders: { 'F-DIV': '0513' },
  start: MOVE0({ 'F-DIV': 2 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-A1', { expect: { decision: { kind: 'act-verb', legal: ['choice:move', 'choice:limber'] } } }, 'choice:limber', 'unit:F-DIV', 'unit:F-A1', 'choice:move', 'hex:0511', 'hex:0510', 'hex:0509', { expect: { decision: { kind: 'move', legalExcludes: ['hex:0508'] } } }, 'choice:stop'],
  expect: { units: { 'F-A1': { hex: '0509', formation: 'limbered' } } },
})
add({
  id: 'G-artillery-cannot-charge',
  rule: 'G 3 (no attacker row for artillery)',
  description: 'Artillery has no row in the combat table: it may not move into contact.',
  units: [{ id: 'F-A1', side: 0, type: 'fr-horse-art', hex: '0506', facing: 'N', formation: 'limbered' }, { id: 'B-I1', side: 1, type: 'au-line-inf', hex: '0504', facing: 'S' }],
  leaders: { 'F-DIV': '0507' },
  start: MOVE0({ 'F-DIV': 3 }),
  dice: [],
  actions: ['unit:F-DIV', 'unit:F-A1', 'choice:move'],
  expect: { decision: { kind: 'move', legalExcludes: ['hex:0505'], legalIncludes: ['hex:0507'] } },
})
add({
  id: 'E-rally-disordered',
  rule: 'E Rally, I Quality Check 2 c)',
  description: 'A disordered veteran unit given a CP rallies on 3+ (Veteran): good order, formed and faced freely.',
  units: [{ id: 'B-I1', side: 1, type: 'br-line-inf', hex: '0504', facing: 'S', status: 'disordered' }, { id: 'F-I1', side: 0, type: 'fr-line-post1812', hex: '0512', facing: 'N' }],
  leaders: { 'B-DIV': '0503' },
  start: { active: 1, phase: 'movement', cp: { 'B-DIV': 1 } },
  dice: [3],
  actions: ['unit:B-DIV', 'unit:B-I1', 'choice:rally', 'choice:form-line', 'choice:face-S'],
  expect: { units: { 'B-I1': { status: 'good', rallied: true } }, events: [{ type: 'qc', unit: 'B-I1', quality: 'veteran', roll: 3, passed: true }] },
})

// ---- write

const out = new URL('../fixtures/mttsog/', import.meta.url)
mkdirSync(out, { recursive: true })
for (const f of readdirSync(out)) if (f.endsWith('.json')) rmSync(new URL(f, out))
const ids = new Set<string>()
for (const d of defs) {
  if (ids.has(d.id)) throw new Error(`duplicate fixture id ${d.id}`)
  ids.add(d.id)
  const fx: Obj = {
    format: 'tercio-fixture/1',
    id: `mttsog-${d.id}`,
    ruleset: 'mttsog',
    rule: d.rule,
    description: d.description,
    scenario: scenario(d),
    ...(d.start ? { start: d.start } : {}),
    dice: d.dice,
    actions: d.actions,
    expect: d.expect,
  }
  writeFileSync(new URL(`${d.id}.json`, out), JSON.stringify(fx, null, 1) + '\n')
}
console.log(`${defs.length} mttsog fixtures written to test/fixtures/mttsog/`)
