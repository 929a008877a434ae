// Every number of "March Toward the Sound of Guns" (seed 003) as data.
// Printed numbers are quoted from the text's sections; entries the text does
// not print are marked `reconstructed` with a one-line rationale. A scenario
// may override PROFILES (`tables.profiles`), RECONSTRUCTED (`tables.reconstructed`)
// and TOUCHING (`tables.touching`). Scale: 1 hex = 1 inch = 100 paces.

/** I) Quality Check: "Elite 2+ / Veteran 3+ / Good 4+ / Poor 5+ passes for a D6". */
export const QUALITIES = ['elite', 'veteran', 'good', 'poor'] as const
export type Quality = (typeof QUALITIES)[number]
export const QC_TARGET = { elite: 2, veteran: 3, good: 4, poor: 5 } as const satisfies Record<Quality, number>

export const ARMS = ['inf', 'cav', 'art'] as const
export type Arm = (typeof ARMS)[number]

/** C) stands per unit: "Infantry 6 stands/unit (min 4 - max 7)", "Cavalry 3 stands/unit (min 3 - max 5)", "Artillery 1 stand/unit". */
export const STANDS = {
  inf: { default: 6, min: 4, max: 7 },
  cav: { default: 3, min: 3, max: 5 },
  art: { default: 1, min: 1, max: 1 },
} as const satisfies Record<Arm, { default: number; min: number; max: number }>

/** Formations (C). Open order is also entered automatically in difficult terrain (I, Infantry Open Order). */
export const FORMATIONS = ['line', 'column', 'square', 'open', 'march', 'limbered', 'unlimbered'] as const
export type Formation = (typeof FORMATIONS)[number]
export const FORMS_OF: Readonly<Record<Arm, readonly Formation[]>> = {
  inf: ['line', 'column', 'square', 'open', 'march'],
  cav: ['line', 'march'],
  art: ['limbered', 'unlimbered'],
}

/** E 6) Movement rate in inches (= hexes). Artillery limbered: foot 3, horse 6. */
export const MOVE = {
  inf: { line: 2, column: 4, square: 0, open: 2, march: 8 },
  cav: { line: 8, march: 12, exhausted: 4 },
  foot: { limbered: 3, unlimbered: 0 },
  horse: { limbered: 6, unlimbered: 0 },
  commander: 24,
  routed: { inf: 8, cav: 16, art: 0 },
  disordered: 0,
} as const

/** D 6) Command range in inches, by commander role. */
export const ROLES = ['army', 'inf-corps', 'cav-corps', 'inf-div', 'cav-div'] as const
export type Role = (typeof ROLES)[number]
export const COMMAND_RANGE = { army: 16, 'inf-corps': 8, 'inf-div': 4, 'cav-corps': 12, 'cav-div': 8 } as const satisfies Record<Role, number>

/** D 1) "up to a maximum of 4 dice including the Corps commander himself". */
export const POOL_MAX = 4

/** D 5) CP costs and their cumulative modifiers. */
export const CP = { act: 1, rally: 1, outOfRange: 1, openOrder: 1, contact: 1 } as const

/** F) shooting ranges in inches: "Infantry: 2", light etc. 3 (in the profiles), artillery short/long. */
export const ART_RANGE = { foot: [9, 18], horse: [6, 12] } as const

/** F 2) "4+ to hit" and its modifiers (cumulative); #1 always misses, #6 always hits. */
export const TO_HIT = 4
export const SHOOT_MOD = {
  vsDefended: -1,
  vsOpenOrder: -1,
  vsUnlimbered: -1,
  vsSquare: +1,
  vsHardToHit: -1, // "Vs French infantry before 1812, French Guard"
  canister: +1, // "for artillery in defensive fire (canister)"
  vsChargingCavalry: -1, // "Vs charged cavalry"
  lineFire: +1, // "for British infantry in line"
  vsInWoods: -1, // terrain table, Wood/Shoot: "Unit inside -1 to hit"
} as const

/** G) combat-table legend modifiers for melee (M) dice. */
export const MELEE_MOD = {
  exhausted: -1, // "-1 for exhausted Cav"
  vsDisorderedOrRouted: +1, // "+1 Vs disordered/routed en"
  defended: -1, // "-1 if defended positions"
  hill: +1, // terrain: "Higher ground side +1 for combat result" (to the result, not the dice)
  support: +1, // I) Support 3) "Each supporting stand contributes +1 to the final melee result"
} as const

/** G 3) The combat table. Rows: attacker class; columns: defender state (the order printed). */
export const ATTACKER_CLASSES = ['inf-line', 'inf-column', 'inf-open', 'cav-line'] as const
export const DEFENDER_COLUMNS = ['inf-line', 'inf-column', 'inf-square', 'inf-open', 'cav-line', 'cav-exhausted', 'limbered', 'unlimbered', 'disordered', 'routed'] as const
export type CombatCode = 'Sh,M' | 'Sh,M,S' | 'Sh,M,I' | 'X2M' | 'X2M*' | 'M' | 'NA' | 'E,X2M' | 'Can,M'
/** What the attacker does, per attacker row and defender column (first 10 tokens of each printed row). */
export const ATTACKER_CODES: readonly (readonly CombatCode[])[] = [
  ['Sh,M', 'Sh,M', 'Sh,M', 'Sh,M', 'Sh,M', 'Sh,M', 'Sh,M', 'Sh,M', 'Sh,M', 'Sh,M'],
  ['Sh,M,S', 'Sh,M,S', 'Sh,M,S', 'Sh,M,S', 'Sh,M,S', 'Sh,M,S', 'Sh,M,S', 'Sh,M,S', 'Sh,M,S', 'Sh,M,S'],
  ['Sh,M', 'Sh,M', 'Sh,M', 'Sh,M', 'NA', 'NA', 'Sh,M', 'Sh,M', 'Sh,M', 'Sh,M'],
  ['X2M', 'X2M', 'X2M*', 'NA', 'M', 'M', 'X2M', 'X2M', 'X2M', 'X2M'],
]
/** What the defender does (the bold last 10 tokens): the same for the three infantry rows, and for the cavalry row. */
export const DEFENDER_CODES_VS_INF: readonly CombatCode[] = ['Sh,M', 'Sh,M,S', 'Sh,M,I', 'Sh,M', 'E,X2M', 'X2M', 'M', 'Can,M', 'M', 'NA']
export const DEFENDER_CODES_VS_CAV: readonly CombatCode[] = ['Sh,M', 'Sh,M,S', 'Sh,M,I', 'NA', 'M', 'M', 'M', 'Can,M', 'M', 'NA']

/** Stands that "physically touch" an enemy, per formation, on a one-hex counter. reconstructed: a line
 *  meets the enemy with its whole frontage; a column with its two head stands (the rest support);
 *  a square with one face (a quarter, rounded up); march column is "formed as single stand width".
 *  The same frontage counts the stands that can shoot at a target (F 1). */
export const TOUCHING = {
  reconstructed: true,
  line: 'all',
  column: 2,
  square: 'quarter',
  open: 'all',
  march: 1,
  limbered: 1,
  unlimbered: 1,
} as const

/** Army morale weights (I, Army Morale 4-5). */
export const MORALE_WEIGHT = { base: 1, heavy: 2, guard: 3 } as const

/** Rules the text names without a procedure, as data. */
export const RECONSTRUCTED = {
  /** I) Routed 4) "if downgraded in status, check if they will surrender": reconstructed as a QC; failing surrenders (removed). */
  surrenderByQc: true,
  /** A retreat off the map or across impassable ground: reconstructed as blocked = stand firm (one level down). */
  blockedRetreatLevels: 1,
  /** G 9) pursuit rounds after the first: reconstructed cap, so a melee always ends (the text has none). */
  maxPursuitRounds: 3,
  /** H 2) victory conditions beyond army morale (no scenario in the text): at the turn limit, each side scores the
   *  objective points it holds plus the enemy's morale losses; the higher score wins, equal is a draw. */
  turnLimitScoring: true,
  /** "defended position" (undefined in the text): BUA hexes, a stream/river hexside between attacker and defender,
   *  and hexes the scenario lists in rules.defended. */
  defendedBua: true,
} as const

/** Suggested Unit Profiles (as printed). hits = "Hit" (hits to remove a stand); save 0 = none;
 *  range in inches (infantry; 0 = cannot shoot); art: foot | horse. hardToHit = "French infantry before 1812,
 *  French Guard"; lineFire = "British infantry in line" (+1, range 3 only in line); guard = French Guard (3 morale points). */
export interface Profile {
  readonly name: string
  readonly nation: string
  readonly arm: Arm
  readonly quality: Quality
  readonly melee: number
  readonly shoot: number
  readonly hits: number
  readonly save: number
  readonly range: number
  readonly points: number
  readonly art?: 'foot' | 'horse'
  readonly heavy?: boolean
  readonly hardToHit?: boolean
  readonly lineFire?: boolean
  readonly guard?: boolean
}
export const PROFILE_FIELDS = ['name', 'nation', 'arm', 'quality', 'melee', 'shoot', 'hits', 'save', 'range', 'points'] as const

const inf = (name: string, nation: string, quality: Quality, hits: number, save: number, range: number, points: number, x: Partial<Profile> = {}): Profile => ({ name, nation, arm: 'inf', quality, melee: 2, shoot: 1, hits, save, range, points, ...x })
const cav = (name: string, nation: string, quality: Quality, melee: number, save: number, points: number, x: Partial<Profile> = {}): Profile => ({ name, nation, arm: 'cav', quality, melee, shoot: 0, hits: 3, save, range: 0, points, ...x })
const art = (nation: string, kind: 'foot' | 'horse'): Profile => ({ name: `${kind === 'foot' ? 'Foot' : 'Horse'} Art`, nation, arm: 'art', quality: 'good', melee: 1, shoot: 2, hits: 2, save: 0, range: ART_RANGE[kind][0], points: 12, art: kind })

export const PROFILES: Readonly<Record<string, Profile>> = {
  'fr-old-guard': inf('Old Gd inf', 'French', 'elite', 3, 6, 3, 15, { hardToHit: true, guard: true }),
  'fr-young-guard': inf('Young Gd Inf', 'French', 'veteran', 2, 0, 3, 12, { hardToHit: true, guard: true }),
  'fr-line-pre1812': inf('Line before 1812', 'French', 'good', 2, 0, 3, 11, { hardToHit: true }),
  'fr-line-post1812': inf('Line after 1812', 'French', 'good', 2, 0, 2, 10),
  'fr-prov-line-1813': inf('Prov. Line in 1813', 'French', 'poor', 2, 0, 2, 9),
  'fr-light-inf': inf('Ligh Inf', 'French', 'good', 2, 0, 3, 10),
  'fr-guard-heavy-cav': cav('Gd Hvy Cav', 'French', 'elite', 3, 5, 18, { heavy: true, guard: true }),
  'fr-heavy-cav': cav('Hvy Cav', 'French', 'veteran', 3, 5, 17, { heavy: true }),
  'fr-guard-light-cav': cav('Gd Light Cav', 'French', 'veteran', 3, 0, 15, { guard: true }),
  'fr-light-cav': cav('Light Cav', 'French', 'good', 3, 0, 14),
  'fr-foot-art': art('French', 'foot'),
  'fr-horse-art': art('French', 'horse'),
  'br-guard-inf': inf('Gd inf', 'British', 'elite', 3, 6, 3, 15, { lineFire: true }),
  'br-line-inf': inf('Line Inf', 'British', 'veteran', 2, 0, 3, 12, { lineFire: true }),
  'br-light-inf': inf('Ligh Inf', 'British', 'veteran', 2, 0, 3, 12),
  'br-heavy-cav': cav('Hvy Cav', 'British', 'good', 3, 5, 16, { heavy: true }),
  'br-light-cav': cav('Light Cav', 'British', 'good', 3, 0, 14),
  'br-foot-art': art('British', 'foot'),
  'br-horse-art': art('British', 'horse'),
  'ru-guard-inf': inf('Gd inf', 'Russian', 'elite', 3, 0, 2, 13),
  'ru-line-inf': inf('Line Inf', 'Russian', 'good', 2, 0, 2, 10),
  'ru-light-inf': inf('Ligh Inf', 'Russian', 'good', 2, 0, 3, 11),
  'ru-militia': { name: 'Militia', nation: 'Russian', arm: 'inf', quality: 'poor', melee: 2, shoot: 0, hits: 2, save: 0, range: 0, points: 5 },
  'ru-guard-heavy-cav': cav('Gd Hvy Cav', 'Russian', 'elite', 3, 5, 18, { heavy: true }),
  'ru-heavy-cav': cav('Hvy Cav', 'Russian', 'veteran', 3, 5, 17, { heavy: true }),
  'ru-guard-light-cav': cav('Gd Light Cav', 'Russian', 'veteran', 3, 0, 15),
  'ru-light-cav': cav('Light Cav', 'Russian', 'good', 3, 0, 14),
  'ru-cossack': cav('Cossack', 'Russian', 'poor', 2, 0, 10),
  'ru-foot-art': art('Russian', 'foot'),
  'ru-horse-art': art('Russian', 'horse'),
  'au-grenadier': inf('Grenadier inf', 'Austrian', 'elite', 3, 0, 2, 13),
  'au-line-inf': inf('Line Inf', 'Austrian', 'good', 2, 0, 2, 10),
  'au-light-inf': inf('Ligh Inf', 'Austrian', 'good', 2, 0, 3, 11),
  'au-2nd-line': inf('2nd Line', 'Austrian', 'poor', 2, 0, 2, 9),
  'au-heavy-cav': cav('Hvy Cav', 'Austrian', 'veteran', 3, 5, 17, { heavy: true }),
  'au-light-cav': cav('Light Cav', 'Austrian', 'good', 3, 0, 14),
  'au-foot-art': art('Austrian', 'foot'),
  'au-horse-art': art('Austrian', 'horse'),
  'pr-foot-guard': inf('Foot Guard', 'Prussian', 'elite', 3, 0, 2, 13),
  'pr-line-pre1808': inf('Line before 1808', 'Prussian', 'poor', 2, 0, 2, 9),
  'pr-line-post1808': inf('Line after 1808', 'Prussian', 'good', 2, 0, 2, 10),
  'pr-light-inf': inf('Ligh Inf', 'Prussian', 'good', 2, 0, 3, 11),
  'pr-landwehr-inf': inf('Landwehr Inf', 'Prussian', 'poor', 2, 0, 2, 9),
  'pr-heavy-cav': cav('Hvy Cav', 'Prussian', 'veteran', 3, 5, 17, { heavy: true }),
  'pr-light-cav': cav('Light Cav', 'Prussian', 'good', 3, 0, 14),
  'pr-landwehr-cav': cav('Landwehr Cav', 'Prussian', 'poor', 3, 0, 13),
  'pr-foot-art': art('Prussian', 'foot'),
  'pr-horse-art': art('Prussian', 'horse'),
}

/** Terrain effect table: ids a scenario legend may use. difficult = woods, BUA "or other difficult ground such as marsh". */
export const TERRAIN_IDS = ['open', 'woods', 'bua', 'marsh', 'hill'] as const
export type TerrainId = (typeof TERRAIN_IDS)[number]
export const TERRAIN = {
  open: { difficult: false, cavArt: 'yes', blocksLos: false, defended: false, hill: false },
  woods: { difficult: true, cavArt: 'no', blocksLos: true, defended: false, hill: false },
  bua: { difficult: true, cavArt: 'road', blocksLos: true, defended: true, hill: false },
  marsh: { difficult: true, cavArt: 'no', blocksLos: false, defended: false, hill: false },
  hill: { difficult: false, cavArt: 'yes', blocksLos: false, defended: false, hill: true },
} as const satisfies Record<TerrainId, { difficult: boolean; cavArt: 'yes' | 'no' | 'road'; blocksLos: boolean; defended: boolean; hill: boolean }>

/** Hexside features: streams are crossable and defended; rivers only at a bridge or ford (scenario notes, terrain note 3). */
export const HEXSIDE_IDS = ['stream', 'river', 'bridge', 'ford'] as const
