// PIWAM data tables. The seed names these tables but does not print them, so
// each is RECONSTRUCTED (reconstructed: true, one-line rationale) and can be
// replaced per scenario through `scenario.tables.<name>` (validated in
// overrideTables). docs/rules/piwam.md explains every number.

export const UNIT_TYPES = ['G', 'C', 'R', 'A', 'S', 'L', 'T', 'F', 'H', 'E', 'ART'] as const
export type UnitType = (typeof UNIT_TYPES)[number]
/** Arm of each type, same order as UNIT_TYPES. */
export const ARMS = ['cav', 'cav', 'cav', 'inf', 'inf', 'inf', 'inf', 'inf', 'inf', 'inf', 'art'] as const
export type Arm = (typeof ARMS)[number]
export const T_G = 0
export const T_C = 1
export const T_R = 2
export const T_E = 9
export const T_ART = 10

export const STATUSES = ['normal', 'disordered', 'shaken', 'broken'] as const
export type StatusName = (typeof STATUSES)[number]
export const ORDERS = ['charge', 'march', 'rally'] as const
export type OrderName = (typeof ORDERS)[number]
export const TERRAINS = ['clear', 'woods', 'rough', 'marsh', 'village', 'water'] as const
export type TerrainName = (typeof TERRAINS)[number]
export const HEXSIDE_FEATURES = ['stream', 'bridge', 'hedge'] as const
export type HexsideFeature = (typeof HEXSIDE_FEATURES)[number]

/** Movement allowance, morale (0..9 scale, pass on roll <= morale) and victory value per type. */
export const unitTypes = {
  reconstructed: true,
  rationale: 'Cavalry 8 MP, infantry 4 (skirmishers 5); pike blocks steadiest; values weight heavy units; artillery immobile.',
  movement: { G: 8, C: 8, R: 8, A: 5, S: 4, L: 4, T: 4, F: 4, H: 4, E: 5, ART: 0 },
  morale: { G: 7, C: 6, R: 6, A: 5, S: 8, L: 7, T: 8, F: 6, H: 5, E: 5, ART: 5 },
  value: { G: 3, C: 3, R: 3, A: 1, S: 4, L: 4, T: 4, F: 3, H: 2, E: 1, ART: 2 },
} as const

/** Status effects (5.1): morale and fire modifiers; movement is handled in code (full / half / none / rout only). */
export const statusEffects = {
  reconstructed: false,
  rationale: 'Printed in 5.1: Disordered morale -1 fire -1, Shaken morale -2 fire -2 (defensive only), Broken morale -5, no fire.',
  morale: { normal: 0, disordered: -1, shaken: -2, broken: -5 },
  fire: { normal: 0, disordered: -1, shaken: -2, broken: 0 },
} as const

/** Fire table (4.1): to-hit number by firing type; 0 = cannot fire. Artillery uses artilleryRange. */
export const fire = {
  reconstructed: true,
  rationale: 'Shot-heavy foot hit on 6 (the seed example uses 6), pike-heavy blocks 7-8, pistols 7-8, lancers cannot shoot.',
  toHit: { G: 0, C: 8, R: 7, A: 6, S: 8, L: 7, T: 6, F: 6, H: 6, E: 5, ART: 0 },
  /** Reiters' pistols carry further (0.1): their fire zone reaches this range in the frontal cone. */
  reiterRange: 2,
  /** Target hex terrain cover, subtracted from the fire roll. */
  cover: { clear: 0, woods: 1, rough: 0, marsh: 0, village: 1, water: 0 },
  maxExtraMp: 2,
  fireMp: 2,
} as const

/** Artillery to-hit by range (index = range in hexes, 1..10). */
export const artilleryRange = {
  reconstructed: true,
  rationale: 'Canister close in (4 at 1 hex) falling off with range to 8 at 8-10 hexes.',
  toHit: [0, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8],
  maxRange: 10,
  /** Within this range the three hexes along the line of fire are attacked (4.1). */
  lineRange: 3,
} as const

/** Terrain (movement cost per arm, close-combat defence modifier added to the attacker's total, blocks line of sight). */
export const terrain = {
  reconstructed: true,
  rationale: 'Broken ground slows and shelters: woods/villages cost foot 2 and horse 3 and give -2 to the attacker; water is impassable.',
  cost: {
    clear: { inf: 1, cav: 1 },
    woods: { inf: 2, cav: 3 },
    rough: { inf: 2, cav: 2 },
    marsh: { inf: 3, cav: 3 },
    village: { inf: 2, cav: 3 },
    water: { inf: 0, cav: 0 },
  },
  defense: { clear: 0, woods: -2, rough: -1, marsh: -1, village: -2, water: 0 },
  blocksSight: { clear: 0, woods: 1, rough: 0, marsh: 0, village: 1, water: 0 },
  /** Extra MP to cross a hexside feature (a bridge cancels the stream it spans). */
  hexsideCost: { stream: 2, bridge: 0, hedge: 1 },
  /** Close-combat modifier when the defender is attacked across the feature. */
  hexsideDefense: { stream: -1, bridge: 0, hedge: -1 },
  /** Extra MP per level climbed; -1 to the attack when the defender stands higher than the lead attacker. */
  uphillCost: 1,
  higherDefense: -1,
  /** Moving along a road from one road hex to the next costs this, whatever the terrain and hexside. */
  roadCost: 1,
} as const

/** Continuation / Preemption table (1.2 A, E): succeed on modified d10 <= number for the wing's order. */
export const continuation = {
  reconstructed: true,
  rationale: 'Aggressive orders keep tempo: Charge 4, March 3, Rally 2; a -1 leader then succeeds 60/50/40%.',
  target: { charge: 4, march: 3, rally: 2 },
  /** DRM added to preemption attempts (harder to seize the initiative than to keep it). */
  preemptDrm: 1,
  /** DRM added per continuation the wing already made this turn; and a hard cap so turns end. */
  repeatDrm: 2,
  maxContinuations: 3,
} as const

/** Order Change table (1.2 B): from order (row) to order (column), succeed on modified d10 <= number. */
export const orderChange = {
  reconstructed: true,
  rationale: 'Easing off is easier than launching a charge; rally to charge hardest (3), charge to march easiest (6).',
  target: {
    charge: { charge: 0, march: 6, rally: 4 },
    march: { charge: 5, march: 0, rally: 6 },
    rally: { charge: 3, march: 6, rally: 0 },
  },
} as const

/** Interception table (3.3 C): succeed on modified d10 <= number, by the intercepted unit's arm. */
export const interception = {
  reconstructed: true,
  rationale: 'Foot is easy to catch (6), horse that is itself moving fast harder (4).',
  target: { inf: 6, cav: 4, art: 6 },
} as const

/** Unable to Retreat table (4.2, 5.3): Stand on modified d10 <= number by the unit's status after reduction. */
export const unableToRetreat = {
  reconstructed: true,
  rationale: 'Steadier units stand more often: normal 6, disordered 5, shaken 3, broken 1; otherwise eliminated.',
  stand: { normal: 6, disordered: 5, shaken: 3, broken: 1 },
} as const

/** Close-combat results by modified roll (d10 + modifier), clamped to the table's ends. */
export const closeCombat = {
  reconstructed: true,
  rationale: 'Even fights (modifier 0, mean roll 4.5) trade losses; the attacker needs about 7+ to break a line, 9+ for passthrough.',
  /** results[i] applies to total minTotal + i; lower totals use the first row, higher the last. */
  minTotal: 0,
  results: ['A2R2', 'A1R1', 'A1R1', 'A1 D1', 'A1 D1R1', 'A0 D1R1', 'A0 D1R1', 'A1 D2R2', 'A0 D2R2', 'A0 D2R2P', 'A0 D3R2P'],
  /** Charge bonus (4.2): gendarmes and cuirassiers +2, others +1, after moving this many hexes without changing facing. */
  chargeBonus: { G: 2, C: 2, R: 1, A: 1, S: 1, L: 1, T: 1, F: 1, H: 1, E: 0, ART: 0 },
  chargeHexes: 2,
  /** A leader who took part rolls after the combat; on this he is lost (2.1 A). */
  leaderLossRoll: 9,
} as const

/** Unit-type interaction (4.2): attacker type (row) vs defender type (column), added to the attacker's total. */
export const interaction = {
  reconstructed: true,
  rationale: 'Lances beat shot and horse but not pike; pistols worse against pike; pike beats shot; shot avoids pike.',
  table: {
    G: { G: 0, C: 1, R: 2, A: 3, S: -3, L: -2, T: -2, F: -1, H: 2, E: 3, ART: 3 },
    C: { G: -1, C: 0, R: 1, A: 2, S: -2, L: -2, T: -2, F: -1, H: 1, E: 2, ART: 2 },
    R: { G: -2, C: -1, R: 0, A: 2, S: -2, L: -2, T: -2, F: -1, H: 1, E: 2, ART: 2 },
    A: { G: 0, C: 0, R: 0, A: 0, S: -3, L: -3, T: -3, F: -2, H: -1, E: 0, ART: 1 },
    S: { G: 0, C: 0, R: 0, A: 3, S: 0, L: 1, T: 0, F: 1, H: 2, E: 3, ART: 3 },
    L: { G: 0, C: 0, R: 0, A: 3, S: -1, L: 0, T: -1, F: 1, H: 2, E: 3, ART: 3 },
    T: { G: 0, C: 0, R: 0, A: 2, S: 0, L: 1, T: 0, F: 1, H: 2, E: 2, ART: 3 },
    F: { G: 0, C: 0, R: 0, A: 2, S: -1, L: -1, T: -1, F: 0, H: 1, E: 2, ART: 2 },
    H: { G: 0, C: 0, R: 0, A: 1, S: -3, L: -2, T: -2, F: -1, H: 0, E: 1, ART: 2 },
    E: { G: 0, C: 0, R: 0, A: 0, S: 0, L: 0, T: 0, F: 0, H: 0, E: 0, ART: 0 },
    ART: { G: 0, C: 0, R: 0, A: 0, S: 0, L: 0, T: 0, F: 0, H: 0, E: 0, ART: 0 },
  },
} as const

/** Leaders. */
export const leaders = {
  reconstructed: true,
  rationale: 'Leaders move like horse (8 MP) to a hex of their command; a 9 after combat or when a hit hex holds them loses them (2.1 A).',
  movement: 8,
  lossRoll: 9,
} as const

export const TABLES = {
  unitTypes,
  statusEffects,
  fire,
  artilleryRange,
  terrain,
  continuation,
  orderChange,
  interception,
  unableToRetreat,
  closeCombat,
  interaction,
  leaders,
} as const
export type TableName = keyof typeof TABLES
export const TABLE_NAMES = Object.keys(TABLES) as TableName[]

/** The tables an engine uses: same shape as TABLES, possibly overridden. Numbers only, so widened. */
type Widen<T> = T extends number ? number : T extends boolean ? boolean : T extends string ? string : T extends readonly (infer U)[] ? readonly Widen<U>[] : { readonly [K in keyof T]: Widen<T[K]> }
export type Tables = Widen<typeof TABLES>

const RESULT_RE = /^A(\d)(?:R(\d))?(?: D(\d)(?:R(\d))?(P)?)?$/

/** A parsed close-combat result. */
export interface CcResult {
  aLoss: number
  aRetreat: number
  dLoss: number
  dRetreat: number
  pass: boolean
  text: string
}
export function parseResult(t: string): CcResult | null {
  const m = RESULT_RE.exec(t)
  if (!m) return null
  return { aLoss: Number(m[1]), aRetreat: Number(m[2] ?? 0), dLoss: Number(m[3] ?? 0), dRetreat: Number(m[4] ?? 0), pass: m[5] === 'P', text: t }
}

/** Deep-merges an override onto a table, checking that every overridden leaf exists and keeps its kind. */
function mergeChecked(base: unknown, over: unknown, path: string, errors: string[]): unknown {
  if (Array.isArray(base)) {
    if (!Array.isArray(over) || over.length === 0) {
      errors.push(`${path} must be a non-empty array`)
      return base
    }
    const kind = typeof base[0]
    for (let i = 0; i < over.length; i++) if (typeof over[i] !== kind) errors.push(`${path}[${i}] must be a ${kind}`)
    return over
  }
  if (typeof base === 'object' && base !== null) {
    if (typeof over !== 'object' || over === null || Array.isArray(over)) {
      errors.push(`${path} must be an object`)
      return base
    }
    const out: Record<string, unknown> = { ...(base as Record<string, unknown>) }
    for (const [k, v] of Object.entries(over as Record<string, unknown>)) {
      if (!(k in out)) {
        errors.push(`${path}.${k} is not a field of this table (fields: ${Object.keys(out).join(', ')})`)
        continue
      }
      out[k] = mergeChecked(out[k], v, `${path}.${k}`, errors)
    }
    return out
  }
  if (typeof base === 'number') {
    if (typeof over !== 'number' || !Number.isFinite(over)) errors.push(`${path} must be a finite number`)
    return typeof over === 'number' ? over : base
  }
  if (typeof base !== typeof over) errors.push(`${path} must be a ${typeof base}`)
  return over
}

/** Applies scenario.tables overrides; returns the tables or error messages naming the field. */
export function overrideTables(over: Record<string, unknown> | undefined): { tables: Tables; errors: string[] } {
  const errors: string[] = []
  if (!over) return { tables: TABLES, errors }
  const out: Record<string, unknown> = { ...TABLES }
  for (const [name, v] of Object.entries(over)) {
    if (!(name in TABLES)) {
      errors.push(`tables.${name} is not a piwam table (tables: ${TABLE_NAMES.join(', ')})`)
      continue
    }
    out[name] = mergeChecked(TABLES[name as TableName], v, `tables.${name}`, errors)
  }
  const t = out as unknown as Tables
  t.closeCombat.results.forEach((r, i) => {
    if (!parseResult(r)) errors.push(`tables.closeCombat.results[${i}] "${r}" is not a result like "A1 D2R2" or "A0 D2R2P"`)
  })
  if (t.artilleryRange.toHit.length < t.artilleryRange.maxRange + 1) errors.push(`tables.artilleryRange.toHit needs an entry for every range 0..${t.artilleryRange.maxRange}`)
  return { tables: t, errors }
}
