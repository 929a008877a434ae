// Every number of "CFEO 16th C" as data. Printed numbers carry the text's section in a comment;
// entries the text lacks (victory, terrain) are marked `reconstructed` with a rationale and can be
// replaced from a scenario's `tables` block (context.ts). Distances are in yards as printed and are
// converted to hexes by yardsToHexes (1 hex = 40 yds; "within R" = distance <= 1 + floor(R / 40)).

export const YARDS_PER_HEX = 40
/** Movement points are the text's 10-yard pips; a clear hex costs 4 and a last step needs at least 2 left. */
export const PIPS_PER_HEX = 4
export const MIN_PIPS_FOR_STEP = 2

/** "within R yds" as a hex distance (adjacent = contact = 0 yds apart). */
export const withinHexes = (yards: number): number => 1 + Math.floor(yards / YARDS_PER_HEX)

export const UNIT_TYPES = ['pike', 'skirmishers', 'tercio', 'swordsmen', 'rabble', 'heavy-cavalry', 'reiters', 'light-cavalry', 'gun-light', 'gun-medium', 'gun-heavy'] as const
export type UnitType = (typeof UNIT_TYPES)[number]
export const T = Object.fromEntries(UNIT_TYPES.map((t, i) => [t, i])) as { readonly [K in UnitType]: number }

/** Per type: arm (0 foot, 1 horse, 2 gun), light troop, fires in the fire phase, may initiate a charge, has pikes. */
export const TYPE_STATS = {
  pike: { arm: 0, light: false, shoots: false, charges: true, pikes: true, letter: 'P' },
  skirmishers: { arm: 0, light: true, shoots: true, charges: false, pikes: false, letter: 'S' },
  tercio: { arm: 0, light: false, shoots: true, charges: true, pikes: true, letter: 'T' },
  swordsmen: { arm: 0, light: false, shoots: false, charges: true, pikes: false, letter: 'W' },
  rabble: { arm: 0, light: false, shoots: false, charges: true, pikes: false, letter: 'R' },
  'heavy-cavalry': { arm: 1, light: false, shoots: false, charges: true, pikes: false, letter: 'H' },
  reiters: { arm: 1, light: false, shoots: true, charges: false, pikes: false, letter: 'K' },
  'light-cavalry': { arm: 1, light: true, shoots: true, charges: true, pikes: false, letter: 'L' },
  'gun-light': { arm: 2, light: false, shoots: false, charges: false, pikes: false, letter: 'g' },
  'gun-medium': { arm: 2, light: false, shoots: false, charges: false, pikes: false, letter: 'G' },
  'gun-heavy': { arm: 2, light: false, shoots: false, charges: false, pikes: false, letter: 'Y' },
} as const
export const ARM_FOOT = 0
export const ARM_HORSE = 1
export const ARM_GUN = 2

export const GRADES = ['A1', 'A2', 'B', 'C', 'D', 'E'] as const
export type Grade = (typeof GRADES)[number]
/** Rank for "equal/higher grade" comparisons (Morale): A1 = A2 > B > C > D > E. */
export const GRADE_RANK = [5, 5, 4, 3, 2, 1] as const

export const FORMATIONS = ['line', 'column', 'unformed'] as const
export const F_LINE = 0
export const F_COLUMN = 1
export const F_UNFORMED = 2

export const ORDERS = ['defend', 'advance-defend', 'attack'] as const

/** Unit sizes (Organising Troops into Units). */
export const UNIT_SIZE = { min: 2, max: 12 } as const

/** Command Actions: actions by role; exceptional +1; inept general -1. Control radius 60 yds + 40 per extra action. */
export const COMMAND = {
  actions: { general: 2, commander: 1 },
  moveYards: 120,
  /** Double when beyond this of enemy. */
  farYards: 120,
  controlYards: 60,
  controlPerExtraAction: 40,
  maxInfluence: 2,
  messengerYards: 120,
} as const

/** Control Test (1 D6): "2-" halt (or continue / A2 repeat), "3-4" act as player wishes, "5+" repeat / continue. */
export const CONTROL_TEST = { halt: 2, freeLo: 3, freeHi: 4, repeat: 5, routPursuitChargeBonus: 1 } as const

/** Risk to Leaders: 1 = hit; then 1 killed, 2-4 wounded, 5-6 near miss; lone leaders fired on: 5-6 hit. */
export const LEADER_RISK = { hitOn: 1, killedOn: 1, woundedTo: 4, exposedYards: 40, exposedHitFrom: 5 } as const

/** Visibility: woods and towns limit sight to 40 yds. */
export const VISIBILITY = { coverYards: 40 } as const

/** Morale: DP capacity = stands -1 D grade, +1 A grade and skirmishers, max 6; no movement DPs from 3. */
export const MORALE = {
  capacityMax: 6,
  capacityByGrade: [1, 1, 0, 0, -1, 0] as readonly number[],
  skirmisherBonus: 1,
  movementDpCap: 3,
  radiusYards: 120,
  generalLost: 2,
  commanderLost: 1,
  unitRoutingEqualOrHigher: 2,
  unitRoutingLower: 1,
  infantryRetiringEqualOrHigher: 1,
  evading: 1,
} as const

/** Movement: dice by arm, double moves, road moves, fast-move bonus, inspired bonus (in pips). */
export const MOVE = {
  /** Maximum dice: foot 1 AvD + 1 D6; horse 2 AvD + 1 D6; limbered guns 2 AvD (1 in rough). */
  maxAvd: [1, 2, 2] as readonly number[],
  optionalD6: [true, true, false] as readonly boolean[],
  cavalrySpeedChange: 2,
  doubleBeyondYards: 120,
  roadYards: 120,
  roadCountsAsDice: 2,
  inspiredPipsPerDie: 1,
  fastPipsPerDie: 1,
  leaderYards: 120,
  haltShortOfEnemyYards: 20,
  unlimberedLightYards: 40,
  unlimberedMediumYards: 20,
  sideStepYards: 20,
} as const

/** Fatigue and disorder when moving: good terrain DP on a 6 (line only); rough 5-6, cavalry also 4. */
export const FATIGUE = { goodOn: 6, roughFrom: 5, roughCavalryAlsoOn: 4 } as const

/** Ranges in yards: [max, effective, close]; 0 = none printed. */
export const RANGES = {
  'gun-heavy': [720, 360, 120],
  'gun-medium': [480, 240, 120],
  'gun-light': [480, 240, 120],
  infantry: [120, 0, 40],
  cavalry: [40, 0, 40],
} as const

/** Gun fire modifiers and results (Giving Fire, Guns). */
export const GUN_FIRE = {
  heavy: 1,
  light: -1,
  perDp: -1,
  beyondEffective: -1,
  columnLimberedEnfilade: 1,
  fortified: -2,
  newTarget: -1,
  sameTargetAndRange: 1,
  /** Close: 2-3 = 1 DP, 4+ = 2 DPs; effective and beyond: 4+ = 1 DP. */
  close1From: 2,
  close2From: 4,
  farFrom: 4,
} as const

/** Small arms: 1 D6 per skirmisher/cavalry stand, 2 per Tercio shot stand, -1 die per DP, halved in hard cover, 6 = 1 DP. */
export const SMALL_ARMS = { perStand: 1, perTercioShotStand: 2, hitOn: 6 } as const

/** Combat resolution modifiers (Combat Resolution; minus signs restored, see docs/rules/cfeo.md). */
export const COMBAT_MODS = {
  grade: [2, 2, 1, 0, -1, -2] as readonly number[],
  inspirePer: 1,
  inspireMax: 2,
  advantageOfGround: 1,
  fortified: 1,
  charging: 1,
  chargeAdditional: 1,
  deeper: 1,
  armoured: 1,
  movedOrNoPikesVsCavalry: -2,
  flankOrRear: -2,
  unformedColumnLoneGuns: -2,
  perDpOrCasualty: -1,
  outnumbered: [-1, -2, -3, -4] as readonly number[],
} as const

/** Outnumbering thresholds (ratio of the bigger number to the smaller): <3:2, 3:2, 2:1, 3:1+. */
export const OUTNUMBER_RATIOS = [1.5, 2, 3] as const
/** Deeper formation: ranks counted at most 2 (cavalry) and 3 (infantry). */
export const DEPTH_MAX = [3, 2, 1] as const
/** Overlap: stands extending out on either flank that count for numbers. */
export const OVERLAP_STANDS = 2

/** Combat Results: bands by own difference (lowest first); DPs and casualties to the unit. */
export const RESULT_BANDS = ['break', 'defeat', 'driven-back', 'inconclusive', 'success', 'victory', 'breakthrough'] as const
export type ResultBand = (typeof RESULT_BANDS)[number]
/** Lower bound of each band's difference (break: anything below -7). */
export const BAND_FROM = [-Infinity, -7, -4, -1, 2, 4, 7] as const
export const BAND_DPS = [0, 2, 2, 1, 1, 1, 0] as const
export const BAND_CASUALTIES = [3, 1, 0, 0, 0, 0, 0] as const

/** Free hack: a D6 per pursuing stand in contact, 1 casualty per 4+. */
export const FREE_HACK_FROM = 4

/** Rout: until 240 yds from enemy. */
export const ROUT_SAFE_YARDS = 240

/** Terrain ids and their effects. The text has no terrain table: reconstructed. */
export const TERRAINS = ['clear', 'rough', 'woods', 'town', 'marsh', 'hill', 'water'] as const
export const TERRAIN_TABLE = {
  reconstructed: true,
  rationale: 'the text names hills, woods, marshes, towns and obstacles but prints no terrain table: rough = DP dice as "rough terrain"; woods/town/marsh closed to guns and cavalry ("may not cross dense woods, swamps, built-up areas"); woods/town block sight and limit it to 40 yds; town is hard cover; water impassable',
  rough: [false, true, true, true, true, false, false],
  closedToHorseAndGuns: [false, false, true, true, true, false, true],
  impassable: [false, false, false, false, false, false, true],
  blocksSight: [false, false, true, true, false, false, false],
  hardCover: [false, false, false, true, false, false, false],
} as const

/** Hexside features: ditch/rampart (major obstacle, fortification), hedge (advantage of ground), stream (a minor obstacle: crossing it counts as rough terrain for fatigue, move.ts), bridge (a stream side with a bridge is crossed as good terrain), chevaux de frise (major obstacle, worse for cavalry). */
export const HEXSIDES = ['ditch', 'rampart', 'hedge', 'stream', 'bridge', 'chevaux-de-frise'] as const
/** Crossing a major obstacle: formed units 1 DP (2 under fire); chevaux de frise: cavalry 2 (3 under fire). */
export const OBSTACLE_DPS = { formed: 1, cavalryChevaux: 2, underFire: 1 } as const

/** Victory: the text has none. Reconstructed as data (our design, overridable in scenario.victory). */
export const VICTORY = {
  reconstructed: true,
  rationale: 'no victory conditions in the text: an army whose units routing or destroyed reach breakFraction of its units loses at once (as piwam); at the turn limit the side that lost the smaller share of its stands wins, within drawMargin a draw',
  breakFraction: 0.5,
  drawMargin: 0.1,
} as const
