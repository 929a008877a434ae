// Writes the two Marignan scenario files from the reconstructed map and order
// of battle below (run: npx tsx env/rules/marignan/build-scenarios.ts).
// The map and counters are reconstructions (the seed does not print them):
// see docs/scenarios/marignan-1515-first-day.md for sources and rationale.

import { writeFileSync } from 'node:fs'
import { directionTo, hexLine, hexOfLabel, makeGrid } from '../../hex/grid.ts'

const COLS = 24
const ROWS = 26
const g = makeGrid(COLS, ROWS)
const L = (h: number): string => g.labels[h] as string
const H = (label: string): number => {
  const h = hexOfLabel(g, label)
  if (h < 0) throw new Error(`bad hex ${label}`)
  return h
}

const terrain: string[][] = Array.from({ length: ROWS }, () => Array.from({ length: COLS }, () => '.'))
const elev: string[][] = Array.from({ length: ROWS }, () => Array.from({ length: COLS }, () => '0'))
const setT = (label: string, ch: string): void => {
  const h = H(label)
  ;(terrain[Math.floor(h / COLS)] as string[])[h % COLS] = ch
}
const setE = (label: string, e: number): void => {
  const h = H(label)
  ;(elev[Math.floor(h / COLS)] as string[])[h % COLS] = String(e)
}

// Dense cultivation (vines, mulberries, irrigated fields) in blocks around the open ground along the road.
const dense: [number, number, number, number][] = [
  [2, 2, 7, 8],
  [17, 2, 23, 7],
  [3, 12, 7, 16],
  [19, 14, 23, 19],
  [6, 20, 8, 24],
  [13, 23, 16, 25],
]
for (const [c0, r0, c1, r1] of dense)
  for (let c = c0; c <= c1; c++)
    for (let r = r0; r <= r1; r++) if ((c * 7 + r * 3) % 5 !== 0) setT(String(c).padStart(2, '0') + String(r).padStart(2, '0'), ':')

const places = [
  { name: 'Zivido', hexes: ['0918'], kind: '#' },
  { name: 'Santa Brigida', hexes: ['1820'], kind: '#' },
  { name: 'Carlotta', hexes: ['0712'], kind: 'F' },
  { name: 'Brivio', hexes: ['2216'], kind: 'F' },
]
for (const p of places) for (const h of p.hexes) setT(h, p.kind)

// The artillery mound in front of the vanguard (the seed's line-of-sight example has guns on elevated ground).
for (const h of ['1413', '1512', '1513', '1613']) setE(h, 1)

// Roads: the Milan road enters at 1201 and runs south-east toward Marignano; a lane joins Zivido and Santa Brigida.
function path(...waypoints: string[]): string[] {
  const out: string[] = []
  for (let i = 1; i < waypoints.length; i++) {
    const seg = hexLine(g, H(waypoints[i - 1] as string), H(waypoints[i] as string))
    for (const h of i === 1 ? seg : seg.slice(1)) out.push(L(h))
  }
  return out
}
const milanRoad = path('1201', '1209', '1615', '2126')
const lane = path('0918', '1320', '1820')

// Hexsides: the canal (Vettabbia) west of the field, its bridge, the French entrenchments, ditches.
const hexsides: { hexes: [string, string]; feature: string }[] = []
for (let r = 1; r <= ROWS; r++) {
  const a = H('04' + String(r).padStart(2, '0'))
  for (let d = 0; d < 6; d++) {
    const b = g.neighbors[a * 6 + d] as number
    if (b >= 0 && b % COLS === 4) hexsides.push({ hexes: [L(a), L(b)], feature: 'canal' })
  }
}
hexsides.push({ hexes: ['0415', '0515'], feature: 'bridge' })
// The entrenchments run along the north face of the gun line (its south/east side is the defended side, 12.4).
for (const lab of ['1313', '1413', '1512', '1613', '1713']) {
  const b = H(lab)
  const a = g.neighbors[b * 6 + 0] as number
  hexsides.push({ hexes: [L(a), L(b)], feature: 'fortification' })
}
for (const c of ['18', '19', '20', '21']) {
  const b = H(c + '12')
  const a = g.neighbors[b * 6 + 0] as number
  hexsides.push({ hexes: [L(a), L(b)], feature: 'ditch' })
}
for (const c of ['07', '08', '09', '10']) {
  const b = H(c + '16')
  const a = g.neighbors[b * 6 + 0] as number
  hexsides.push({ hexes: [L(a), L(b)], feature: 'ditch' })
}
for (const hs of hexsides) if (directionTo(g, H(hs.hexes[0]), H(hs.hexes[1])) < 0) throw new Error(`not adjacent ${hs.hexes}`)

// ---- order of battle -------------------------------------------------------------
type U = { id: string; side: 0 | 1; wing?: string; type: string; hex: string; facing: string; name?: string; enter?: string }
const units: U[] = []
const fr = (wing: string, id: string, type: string, hex: string, name?: string): void => {
  units.push({ id, side: 1, wing, type, hex, facing: 'N', ...(name ? { name } : {}) })
}
// French army (10 corps, 14.1) — hexes within command range of each commander
fr('ROI', 'F-ROI-G1', 'gendarmes', '1022', "King's household gendarmes")
fr('ROI', 'F-ROI-G2', 'gendarmes', '1022', "King's Cent-Suisses and gentlemen")
fr('ROI', 'F-ROI-G3', 'gendarmes', '1122')
fr('BAY', 'F-BAY-G1', 'gendarmes', '0922', "Bayard's company")
fr('BAY', 'F-BAY-G2', 'gendarmes', '0922')
fr('BOU', 'F-BOU-G1', 'gendarmes', '1614', "Bourbon's vanguard lances")
fr('BOU', 'F-BOU-G2', 'gendarmes', '1614')
fr('BOU', 'F-BOU-G3', 'gendarmes', '1714')
fr('BOU', 'F-BOU-A1', 'aventuriers', '1615')
fr('BOU', 'F-BOU-A2', 'aventuriers', '1615')
fr('PAL', 'F-PAL-G1', 'gendarmes', '2113')
fr('PAL', 'F-PAL-G2', 'gendarmes', '2113')
fr('PAL', 'F-PAL-L1', 'light-horse', '2013', 'Mounted archers')
fr('TRI', 'F-TRI-G1', 'gendarmes', '1019', "Trivulzio's Italian lances")
fr('TRI', 'F-TRI-G2', 'gendarmes', '1019')
fr('BOL', 'F-BOL-G1', 'gendarmes', '1721')
fr('BOL', 'F-BOL-G2', 'gendarmes', '1721')
fr('ALE', 'F-ALE-G1', 'gendarmes', '1124', "Alençon's rearguard lances")
fr('ALE', 'F-ALE-G2', 'gendarmes', '1124')
fr('ALE', 'F-ALE-A1', 'aventuriers', '1224')
fr('ALE', 'F-ALE-A2', 'aventuriers', '1224')
fr('GUI', 'F-GUI-K1', 'landsknechts', '1519', 'Black Band')
fr('GUI', 'F-GUI-K2', 'landsknechts', '1519', 'Black Band')
fr('GUI', 'F-GUI-K3', 'landsknechts', '1418', 'Black Band')
fr('GUI', 'F-GUI-K4', 'landsknechts', '1418', 'Black Band')
fr('GUI', 'F-GUI-k1', 'lk-shot', '1618', 'Black Band handgunners')
fr('GEN', 'F-GEN-C1', 'cannon', '1513', 'Royal artillery')
fr('GEN', 'F-GEN-C2', 'cannon', '1413', 'Royal artillery')
fr('GEN', 'F-GEN-C3', 'cannon', '1613', 'Royal artillery')
fr('GEN', 'F-GEN-C4', 'cannon', '1512', 'Royal artillery')
fr('NAV', 'F-NAV-g1', 'gascons', '1512', 'Gascon arquebusiers')
fr('NAV', 'F-NAV-g2', 'gascons', '1512', 'Gascon arquebusiers')
fr('NAV', 'F-NAV-A1', 'aventuriers', '1413', 'Piedmont band')
fr('NAV', 'F-NAV-A2', 'aventuriers', '1613', 'Piedmont band')
// Swiss army: three corps in column on the Milan road (14.1), skirmishers and Milanese horse from the north edge
const sw = (wing: string | undefined, id: string, type: string, enter: 'road' | 'edge', hex: string, name?: string): void => {
  units.push({ id, side: 0, ...(wing ? { wing } : {}), type, hex, facing: 'S', enter, ...(name ? { name } : {}) })
}
for (let i = 1; i <= 6; i++) sw('S1', `S-I-P${i}`, 'swiss-pike', 'road', '1201', 'Vanguard pikemen')
for (let i = 1; i <= 4; i++) sw('S2', `S-II-P${i}`, 'swiss-pike', 'road', '1201', 'Battle pikemen')
for (let i = 5; i <= 7; i++) sw('S2', `S-II-P${i}`, 'swiss-pike-6', 'road', '1201', 'Battle pikemen')
for (let i = 1; i <= 9; i++) sw('S3', `S-III-P${i}`, 'swiss-pike-6', 'road', '1201', 'Rearguard pikemen')
sw(undefined, 'S-ARQ1', 'swiss-arq', 'edge', '1001', 'Swiss arquebusiers (volunteers)')
sw(undefined, 'S-ARQ2', 'swiss-arq', 'edge', '1401', 'Swiss arquebusiers (volunteers)')
sw(undefined, 'S-MIL', 'milan-cav', 'edge', '1101', 'Milanese cavalry')

const leaders = [
  { id: 'L-FRANCOIS', side: 1, name: 'Francois 1st', role: 'army', wing: 'ROI', rating: 1, hex: '1022', range: 3, move: 6, heroic: 'any', king: true },
  { id: 'L-BOURBON', side: 1, name: 'Duc de Bourbon (Constable)', role: 'corps', wing: 'BOU', rating: 1, hex: '1614', range: 3, move: 6, constable: true },
  { id: 'L-BAYARD', side: 1, name: 'Sir Bayard', role: 'corps', wing: 'BAY', rating: 1, hex: '1022', range: 2, move: 6, heroic: 'cavalry' },
  { id: 'L-LAPALICE', side: 1, name: 'La Palice', role: 'corps', wing: 'PAL', rating: 1, hex: '2113', range: 3, move: 6 },
  { id: 'L-TRIVULCE', side: 1, name: 'Trivulce (marshal of France)', role: 'corps', wing: 'TRI', rating: 0, hex: '1019', range: 2, move: 6 },
  { id: 'L-BOUILLON', side: 1, name: 'Duc de Bouillon', role: 'corps', wing: 'BOL', rating: 0, hex: '1721', range: 2, move: 6 },
  { id: 'L-ALENCON', side: 1, name: "Duc d'Alencon", role: 'corps', wing: 'ALE', rating: 0, hex: '1124', range: 3, move: 6 },
  { id: 'L-GUISE', side: 1, name: 'Duc de Guise (Black Band)', role: 'corps', wing: 'GUI', rating: 1, hex: '1519', range: 2, move: 5 },
  { id: 'L-GENOUILLAC', side: 1, name: 'Genouillac (royal artillery)', role: 'corps', wing: 'GEN', rating: 0, hex: '1513', range: 2, move: 4, fire: 1 },
  { id: 'L-NAVARRO', side: 1, name: 'Pedro Navarro (Piemont band)', role: 'corps', wing: 'NAV', rating: 0, hex: '1512', range: 2, move: 5, fire: 1 },
  { id: 'L-SWISS-I', side: 0, name: 'Captain of the vanguard', role: 'corps', wing: 'S1', rating: 1, hex: '1201', range: 3, move: 5, enter: 'road' },
  { id: 'L-SWISS-II', side: 0, name: 'Captain of the battle', role: 'corps', wing: 'S2', rating: 1, hex: '1201', range: 3, move: 5, enter: 'road' },
  { id: 'L-SWISS-III', side: 0, name: 'Captain of the rearguard', role: 'corps', wing: 'S3', rating: 0, hex: '1201', range: 3, move: 5, enter: 'road' },
]
const wingNames: [string, 0 | 1, string, string][] = [
  ['S1', 0, 'I Corps (vanguard)', 'L-SWISS-I'],
  ['S2', 0, 'II Corps (central column)', 'L-SWISS-II'],
  ['S3', 0, 'III Corps (rearguard)', 'L-SWISS-III'],
  ['ROI', 1, 'House of the King', 'L-FRANCOIS'],
  ['BOU', 1, 'Corps of the Duke of Bourbon', 'L-BOURBON'],
  ['BAY', 1, 'Corps of Bayard', 'L-BAYARD'],
  ['PAL', 1, 'Corps of La Palice', 'L-LAPALICE'],
  ['TRI', 1, 'Corps of Trivulce', 'L-TRIVULCE'],
  ['BOL', 1, 'Corps of the Duke of Bouillon', 'L-BOUILLON'],
  ['ALE', 1, "Corps of the Duke d'Alencon", 'L-ALENCON'],
  ['GUI', 1, 'Black Band (Duke of Guise)', 'L-GUISE'],
  ['GEN', 1, 'Royal Artillery (Genouillac)', 'L-GENOUILLAC'],
  ['NAV', 1, 'Band of Piemont (Pedro Navarro)', 'L-NAVARRO'],
]
const morale = { army: 40, ROI: 5, BOU: 8, BAY: 4, PAL: 5, TRI: 4, BOL: 3, ALE: 7, GUI: 5, GEN: 10, NAV: 5 }

const sources = [
  'Vae Victus no. 3, "Marignan 1515" (Eric Simon), English translation by R. Fluck and S. Hannon (1996): rules, commander hexes and corps morale (14.1).',
  'Order of battle reconstructed from the standard accounts of the battle (13-14 September 1515): about 20,000 Swiss in three columns (vanguard, battle, rearguard) with Milanese horse; the French royal army with the gendarmerie in corps under the King, Bourbon (Constable), La Palice, Trivulzio, Bayard, Alencon, the Black Band landsknechts under Guise, Navarro\'s Gascon and Basque foot, and Genouillac\'s artillery (some 70 guns).',
  'Map reconstructed: the plain south-east of Milan between San Donato and Marignano (Melegnano) with the Milan road, Zivido, Santa Brigida and the farms of Carlotta and Brivio, irrigated cultivation, the canal to the west, the French entrenchments and ditches. Positions are schematic, consistent with the hexes the rules name.',
]

function scenario(id: string, name: string, turns: number, two: boolean, free = false): Record<string, unknown> {
  return {
    format: 'tercio-scenario/1',
    id,
    name,
    ruleset: 'marignan',
    description: two
      ? 'Both days of Marignano (13-14 September 1515): the first day, three night turns, the night reorganisation, then eight day turns on the 14th.'
      : 'The first day of Marignano (13 September 1515), from the Swiss attack in the afternoon to 23h.',
    sources,
    notes: [
      free
        ? 'Free French deployment (rules.deployment: "free"): before turn 1 the French player places each unit within the command range of its corps commander (14.1), the commanders on the hexes 14.1 gives; the unit hexes below are only where the fixed deployment would put them.'
        : 'Fixed reconstructed French deployment within each commander\'s command range (14.1 lets players place freely; a fixed deployment keeps every game comparable; rules.deployment: "free" gives the French player that choice).',
      'The Swiss column enters by road at 1201, corps I then II (-1 MP on turn 1) then III (-2 MP on turn 1); arquebusiers and Milanese horse enter anywhere on the north edge.',
      'Turn 1 is 16h; turns 9-11 (20h-23h) are night turns.',
    ],
    map: {
      cols: COLS,
      rows: ROWS,
      terrain: terrain.map((r) => r.join('')),
      legend: { '.': 'clear', ':': 'dense', '#': 'village', F: 'farm' },
      elevation: elev.map((r) => r.join('')),
      roads: [milanRoad, lane],
      hexsides,
    },
    sides: [
      { id: 'swiss', name: 'Swiss army', edge: 'N' },
      { id: 'french', name: 'French army', edge: 'S' },
    ],
    wings: wingNames.map(([wid, side, nm, cmd]) => ({ id: wid, side, name: nm, commander: cmd })),
    leaders,
    units,
    turns,
    victory: {
      swiss: 'Francois 1st killed, or five French corps demoralised at once',
      french: two ? 'the Swiss army demoralised, or the Swiss fail before the end' : 'the Swiss army demoralised',
      atEnd: two ? 'french' : 'draw',
    },
    rules: {
      morale,
      entry: { road: '1201', order: ['S1', 'S2', 'S3'], reduction: { S2: 1, S3: 2 }, turn: 1 },
      places: places.map((p) => ({ name: p.name, hexes: p.hexes })),
      night: [9, 10, 11],
      startHour: 16,
      ...(two ? { nightReorganisation: 11, fortificationMarkers: 4 } : {}),
      ...(free ? { deployment: 'free' } : {}),
    },
  }
}

const dir = new URL('../../scenario/scenarios/', import.meta.url)
writeFileSync(new URL('marignan-1515-first-day.json', dir), JSON.stringify(scenario('marignan-1515-first-day', 'Marignan 1515 — the first day', 11, false), null, 1) + '\n')
writeFileSync(new URL('marignan-1515-two-days.json', dir), JSON.stringify(scenario('marignan-1515-two-days', 'Marignan 1515 — the two-day struggle', 19, true), null, 1) + '\n')
// 14.1 as the rules give it: the French player deploys (not a registered built-in; pass the file to --scenario)
writeFileSync(
  new URL('marignan-1515-first-day-free-deployment.json', dir),
  JSON.stringify(scenario('marignan-1515-first-day-free-deployment', 'Marignan 1515 — the first day, free French deployment', 11, false, true), null, 1) + '\n',
)
console.log('wrote marignan-1515-first-day.json, marignan-1515-two-days.json and marignan-1515-first-day-free-deployment.json')
