// Scenario file format `tercio-scenario/1` (JSON). Documented in docs/scenario-format.md.
// The loader (load.ts) checks the generic structure; each ruleset then checks
// its own vocabulary (unit types, terrain ids, orders, table overrides).

import type { RulesetId } from '../core/types.ts'

export type MapEdge = 'N' | 'S' | 'E' | 'W'

export interface ScenarioMap {
  cols: number
  rows: number
  /** One string per row (row 1 first), one legend character per column. */
  terrain: string[]
  /** Legend character -> ruleset terrain id, e.g. { ".": "clear", "w": "woods" }. */
  legend: Record<string, string>
  /** Optional elevation, one string per row of digits 0..9. Omitted = all 0. */
  elevation?: string[]
  /** Roads as paths of adjacent hex labels. */
  roads?: string[][]
  /** Hexside features between two adjacent hexes ("stream", "wall", "bridge", "ditch", ...). */
  hexsides?: { hexes: [string, string]; feature: string }[]
}

export interface ScenarioSide {
  id: string
  name: string
  /** The friendly map edge (broken units rout toward it). */
  edge: MapEdge
}

export interface ScenarioWing {
  id: string
  side: 0 | 1
  name: string
  /** Starting order (ruleset vocabulary, e.g. piwam: charge | march | rally). */
  order?: string
  /** Leader id of the wing commander. */
  commander?: string
}

export interface ScenarioLeader {
  id: string
  side: 0 | 1
  name: string
  /** 'army' commander or 'wing' commander (ruleset vocabulary may add more). */
  role: string
  wing?: string
  /** Leader modifier (piwam: -1 or -2; better leaders have larger magnitude). */
  rating: number
  hex: string
  /** Who replaces him if he is lost (enters per the ruleset's rules). */
  replacement?: { id: string; name: string; rating: number }
  [extra: string]: unknown
}

export interface ScenarioUnit {
  id: string
  side: 0 | 1
  wing?: string
  /** Ruleset unit type code (piwam: G C R A S L T F H E art). */
  type: string
  hex: string
  /** Facing name: vertex names NE E SE SW W NW (piwam) or side names N NE SE S SW NW (marignan). */
  facing: string
  status?: string
  name?: string
  [extra: string]: unknown
}

export interface Scenario {
  format: 'tercio-scenario/1'
  id: string
  name: string
  ruleset: RulesetId
  description?: string
  /** Where the order of battle and map come from. */
  sources?: string[]
  /** Free-form notes: adaptations, simplifications. */
  notes?: string[]
  map: ScenarioMap
  sides: [ScenarioSide, ScenarioSide]
  wings: ScenarioWing[]
  leaders: ScenarioLeader[]
  units: ScenarioUnit[]
  /** Turn limit. */
  turns: number
  /** Ruleset-specific victory conditions. */
  victory?: Record<string, unknown>
  /** Table overrides by table name (ruleset vocabulary), replacing reconstructed tables. */
  tables?: Record<string, unknown>
  /** Ruleset-specific extra data (entry schedules, special rules...). */
  rules?: Record<string, unknown>
}
