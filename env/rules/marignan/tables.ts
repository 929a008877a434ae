// Marignan 1515 data tables. The seed (Vae Victus no. 3, English translation)
// refers to a Fire Combat Table, a Melee Combat Table, a Terrain Table and a
// counter sheet it does not print. Each is reconstructed here as data, marked
// `reconstructed`, with a one-line rationale, and can be replaced through
// scenario.tables (same shape; see docs/rules/marignan.md).

/** Unit classes: cavalry, infantry, artillery (seed 1.1). */
export const CLASSES = ['cav', 'inf', 'art'] as const
export type UnitClass = (typeof CLASSES)[number]

/** Protection: 0 feeble (dotted shield), 1 normal (no icon), 2 superior (shield). */
export const PROTECTION = ['feeble', 'normal', 'superior'] as const

export interface Counter {
  readonly cls: UnitClass
  /** pike, shot (arquebus/crossbow), lance, gun: what the icon shows. */
  readonly arm: 'pike' | 'shot' | 'lance' | 'gun'
  readonly morale: number
  /** [in order, disordered] */
  readonly melee: readonly [number, number]
  readonly fire: readonly [number, number]
  readonly move: readonly [number, number]
  readonly prot: 0 | 1 | 2
  readonly swissPike?: boolean
  readonly swissArq?: boolean
  /** Counter that replaces this one on an elimination (Swiss pikemen, 1.1). */
  readonly replacement?: string
  readonly name: string
}

export const COUNTERS = {
  reconstructed: true,
  rationale:
    'Values fitted to the seed: gendarmes melee 8 and Swiss pike 4 in disorder (melee example), cannon fire 8 and Gascons fire 4 (fire example), gendarmes out-morale and out-armour Swiss pike (+1/+1 in the example); Swiss replacements have morale -1 and half melee (1.1).',
  types: {
    gendarmes: { name: 'Gendarmes (heavy lances)', cls: 'cav', arm: 'lance', morale: 9, melee: [8, 5], fire: [0, 0], move: [6, 6], prot: 2 },
    'light-horse': { name: 'Light horse / mounted archers', cls: 'cav', arm: 'lance', morale: 7, melee: [4, 2], fire: [0, 0], move: [8, 8], prot: 1 },
    aventuriers: { name: 'French aventuriers (pike and shot)', cls: 'inf', arm: 'pike', morale: 6, melee: [4, 2], fire: [2, 1], move: [4, 5], prot: 1 },
    gascons: { name: 'Gascon / Basque shot', cls: 'inf', arm: 'shot', morale: 7, melee: [2, 1], fire: [4, 2], move: [4, 5], prot: 0 },
    landsknechts: { name: 'Landsknecht pike (Black Band)', cls: 'inf', arm: 'pike', morale: 7, melee: [6, 3], fire: [0, 0], move: [4, 5], prot: 1 },
    'lk-shot': { name: 'Landsknecht handgunners', cls: 'inf', arm: 'shot', morale: 6, melee: [2, 1], fire: [3, 1], move: [4, 5], prot: 0 },
    cannon: { name: 'Royal artillery', cls: 'art', arm: 'gun', morale: 6, melee: [1, 1], fire: [8, 4], move: [2, 2], prot: 0 },
    'swiss-pike': { name: 'Swiss pikemen', cls: 'inf', arm: 'pike', morale: 8, melee: [8, 4], fire: [0, 0], move: [4, 5], prot: 1, swissPike: true, replacement: 'swiss-pike-r' },
    'swiss-pike-r': { name: 'Swiss pikemen (replacement, white cross)', cls: 'inf', arm: 'pike', morale: 7, melee: [4, 2], fire: [0, 0], move: [4, 5], prot: 1, swissPike: true },
    'swiss-pike-6': { name: 'Swiss pikemen (melee 6, no replacement)', cls: 'inf', arm: 'pike', morale: 8, melee: [6, 3], fire: [0, 0], move: [4, 5], prot: 1, swissPike: true },
    'swiss-arq': { name: 'Swiss arquebusiers (volunteers)', cls: 'inf', arm: 'shot', morale: 7, melee: [2, 1], fire: [4, 2], move: [5, 5], prot: 1, swissArq: true },
    'milan-cav': { name: 'Milanese cavalry', cls: 'cav', arm: 'lance', morale: 7, melee: [5, 3], fire: [0, 0], move: [6, 6], prot: 1 },
  } satisfies Record<string, Counter>,
} as const

export type CounterType = keyof typeof COUNTERS.types

/** Terrain ids of hexes and their effects. Disorder: 0 none, 1 morale test, 2 automatic; per class [cav, inf, art]. */
export interface TerrainRow {
  readonly move: readonly [number, number, number]
  readonly disorder: readonly [number, number, number]
  /** Fire modifier when the target is in this hex. */
  readonly fire: number
  /** Melee modifier (attacker's view) when the defender is in this hex. */
  readonly melee: number
  /** Blocks line of sight (12.2). */
  readonly blocks: boolean
  /** A cavalry charge may not be declared against a unit here (9.3). */
  readonly noCharge: boolean
}

export const TERRAIN = {
  reconstructed: true,
  rationale:
    'Fire modifiers are the seed\'s own (dense -1, village -2, farm -4, 12.4); melee and movement costs scaled the same way; cavalry suffers most in the Lombard cultivation, artillery is slowest; farms and villages stop charges (9.3).',
  hexes: {
    clear: { move: [1, 1, 1], disorder: [0, 0, 0], fire: 0, melee: 0, blocks: false, noCharge: false },
    dense: { move: [3, 2, 3], disorder: [1, 0, 1], fire: -1, melee: -1, blocks: true, noCharge: false },
    village: { move: [2, 1, 2], disorder: [1, 0, 1], fire: -2, melee: -2, blocks: true, noCharge: true },
    farm: { move: [3, 2, 3], disorder: [2, 1, 2], fire: -4, melee: -3, blocks: true, noCharge: true },
  } satisfies Record<string, TerrainRow>,
  /** Hexside features: extra MP to cross, disorder per class, melee modifier to an attacker across it. */
  hexsides: {
    canal: { move: 2, disorder: [2, 1, 2], melee: -1, water: true, impassableArt: true },
    ditch: { move: 1, disorder: [1, 0, 1], melee: -1, water: true, impassableArt: false },
    fortification: { move: 1, disorder: [2, 0, 2], melee: -2, water: false, impassableArt: false },
    bridge: { move: 0, disorder: [0, 0, 0], melee: 0, water: false, impassableArt: false },
  },
  /** Moving along a road (road hex to connected road hex) costs this, whatever the hex terrain. */
  roadMove: 1,
  /** Entering a higher hex costs this much more. */
  climb: 1,
  /** Melee: the side that is up-slope gets this (attacker's view: + if attacker higher). */
  slope: 1,
  /** Fortification markers (14.2) give the defender this in melee and the target this in fire, from any side. */
  markerMelee: -2,
  markerFire: -2,
} as const

export type TerrainId = keyof typeof TERRAIN.hexes
export const TERRAIN_IDS = Object.keys(TERRAIN.hexes) as TerrainId[]
export const HEXSIDE_IDS = ['canal', 'ditch', 'fortification', 'bridge'] as const
export type HexsideId = (typeof HEXSIDE_IDS)[number]

/** Combat results: '-' nothing; 'T' / 'T-n' morale test (with modifier); 'D' disorganised
 *  (automatic failure); '*'.. eliminations then a test of the survivors ('*T-3': at -3). */
export const FIRE_TABLE = {
  reconstructed: true,
  rationale:
    'Columns by total fire strength as the seed names them (8-9, 6-7); rows for a d6 modified 0..7; built so a 4 on 6-7 is a plain Test (the seed\'s firing example) and eliminations need strength 8+ and a high roll.',
  columns: ['1', '2-3', '4-5', '6-7', '8-9', '10-11', '12-15', '16+'],
  /** Lowest strength of each column. */
  min: [1, 2, 4, 6, 8, 10, 12, 16],
  /** rows[column][modified die 0..7] */
  rows: [
    ['-', '-', '-', '-', '-', 'T', 'T', 'T-1'],
    ['-', '-', '-', '-', 'T', 'T', 'T-1', 'T-2'],
    ['-', '-', '-', 'T', 'T', 'T-1', 'T-2', 'D'],
    ['-', '-', 'T', 'T', 'T', 'T-1', 'T-2', 'D'],
    ['-', 'T', 'T', 'T', 'T-1', 'T-2', 'D', '*'],
    ['-', 'T', 'T', 'T-1', 'T-2', 'D', '*', '*'],
    ['T', 'T', 'T-1', 'T-2', 'D', '*', '*', '**'],
    ['T', 'T-1', 'T-2', 'D', '*', '*', '**', '**'],
  ],
} as const

export const MELEE_TABLE = {
  reconstructed: true,
  rationale:
    'Odds columns as in 13.2 (1/2, 2/1...); results attacker|defender; built so 4/1 with a modified 3 gives the defender "*" and a Test at -3 (the seed\'s melee example); low odds hurt the attacker.',
  columns: ['1/3', '1/2', '1/1', '2/1', '3/1', '4/1', '5/1', '6/1'],
  /** Odds of each column as attacker:defender. */
  odds: [
    [1, 3],
    [1, 2],
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 1],
    [5, 1],
    [6, 1],
  ],
  /** rows[column][modified die 0..7] = 'attacker|defender' */
  rows: [
    ['**|-', '*|-', '*|-', 'D|-', 'T-1|-', 'T|-', 'T|T', '-|T'],
    ['*|-', '*|-', 'D|-', 'T-1|-', 'T|-', 'T|T', '-|T', '-|T-1'],
    ['*|-', 'D|-', 'T-1|-', 'T|T', '-|T', '-|T-1', '-|D', '-|*'],
    ['D|-', 'T-1|T', 'T|T', '-|T-1', '-|T-2', '-|D', '-|*', '-|*T-1'],
    ['T-1|T', 'T|T-1', '-|T-2', '-|D', '-|*', '-|*T-1', '-|*T-2', '-|**'],
    ['T|T-2', '-|D', '-|*T-2', '-|*T-3', '-|**', '-|**T-1', '-|**T-2', '-|***'],
    ['-|D', '-|*T-2', '-|*T-3', '-|**T-1', '-|**T-2', '-|**T-3', '-|***T-2', '-|****'],
    ['-|*T-2', '-|*T-3', '-|**T-2', '-|**T-3', '-|***T-2', '-|***T-3', '-|****', '-|****'],
  ],
} as const

/** Melee modifiers (13.2) and fire modifiers (12.4) from the seed, attacker's view. */
export const MODIFIERS = {
  betterMorale: 1,
  betterProtection: 1,
  demoralised: 2,
  charge: 2,
  rear: 2,
  routed: 4,
  hedgehogVsInfantry: 1,
  fireFeeble: 1,
  fireSuperior: -1,
  fireArquebusiers: -1,
  fireFortification: -2,
  demoralisedAttack: -2,
  commitRear: -2,
  demoralisedMorale: -2,
} as const

export const RANGES = { artillery: 4, other: 2, artilleryLossPerHex: 2, longRangeStrength: 1 } as const

/** Commander defaults (1.2, 7.x), overridable per leader in the scenario. */
export const LEADER_DEFAULTS = { range: 3, move: 6, melee: 0, fire: 0 } as const
/** Injured commanders (back of the counter): reconstructed as range -1, movement -2, bonuses -1 (min 0). */
export const INJURY = { reconstructed: true, rationale: 'The seed says abilities are lessened; one step on each.', range: -1, move: -2, bonus: -1 } as const

/** Parsed combat result. */
export interface CombatResult {
  readonly elim: number
  readonly test: boolean
  readonly mod: number
  readonly disorg: boolean
}

const NONE: CombatResult = { elim: 0, test: false, mod: 0, disorg: false }

export function parseResult(t: string): CombatResult | null {
  if (t === '-') return NONE
  if (t === 'D') return { elim: 0, test: false, mod: 0, disorg: true }
  const m = /^(\*{0,4})(T(-[1-4])?)?$/.exec(t)
  if (!m || t === '') return null
  const elim = (m[1] ?? '').length
  const hasT = m[2] !== undefined
  if (elim === 0 && !hasT) return null
  return { elim, test: true, mod: m[3] ? Number(m[3]) : 0, disorg: false }
}
