// Hell Broke Loose battles: horse and foot commands of the play-test troop
// types, bought with a strength budget (UI plus half the combat die above D6);
// broken ground, vineyards, hills, woods and ponds (woods and water block),
// ditches; mirrored armies.

import { ok, type Result } from '../../core/types.ts'
import { UNIT_TYPES } from '../../rules/hbl/tables.ts'
import type { Scenario } from '../types.ts'
import type { Troop } from './army.ts'
import { battleHead, mirroredArmies, type BattleRequest, type BattleSize, type WingPlan } from './battle.ts'
import { Board, gridOf } from './board.ts'
import { Rand } from './rand.ts'

type HblType = keyof typeof UNIT_TYPES.types
/** Strength: the unit's UI (what it adds to the army's chips) plus half its combat die above a D6. */
const troop = (type: HblType, name: string, max?: number): Troop => {
  const t = UNIT_TYPES.types[type]
  return { type, name, cost: t.ui + (t.cd - 6) / 2, ...(max !== undefined ? { max } : {}) }
}
const HORSE: readonly Troop[] = [
  troop('gendarmes', 'Gendarmes', 1),
  troop('lance-spezzate', 'Lance spezzate'),
  troop('archer-cavalry', 'Archer cavalry'),
  troop('light-cavalry', 'Light cavalry'),
  troop('genitors', 'Genitors'),
  troop('mounted-arquebus', 'Mounted arquebus', 1),
]
const FOOT: readonly Troop[] = [
  troop('swiss-pike', 'Swiss pike', 1),
  troop('landsknechts', 'Landsknechts', 1),
  troop('landsknechts-small', 'Landsknecht block'),
  troop('colunela', 'Colunela'),
  troop('arquebusiers', 'Arquebusiers'),
  troop('gascons', 'Gascon foot'),
  troop('artillery', 'Guns', 1),
]

const SIZES = {
  small: { cols: 12, rows: 12, depth: 2, wings: ['horse', 'foot'], count: { horse: 3, foot: 3 }, turns: 6, budget: 32 },
  medium: { cols: 18, rows: 14, depth: 2, wings: ['horse', 'foot', 'foot', 'horse'], count: { horse: 2, foot: 3 }, turns: 8, budget: 56 },
} as const satisfies Record<BattleSize, unknown>

const LEGEND = { open: '.', hill: 'h', broken: 'b', vineyard: 'v', woods: 'w', water: '~' } as const

export const hbl = {
  defaultBudget: (size: BattleSize): number => SIZES[size].budget,
  generate(r: BattleRequest): Result<Scenario> {
    const z = SIZES[r.size]
    const rnd = new Rand(r.seed ^ 0x4b1)
    const board = new Board(gridOf(z.cols, z.rows), 'open')
    board.reserveRows(z.rows - z.depth, z.rows - 1)
    const scale = r.size === 'small' ? 1 : 2
    board.scatter(rnd, scale, [['hill', 1, 2, 2, 4], ['broken', 0, 2, 1, 3], ['vineyard', 0, 1, 1, 3], ['woods', 1, 2, 1, 3]])
    if (rnd.chance(0.2)) board.blob(rnd, 'water', 1)
    if (rnd.chance(0.3)) board.line(rnd.int(2, z.rows - 4), rnd.int(0, z.cols - 4), rnd.int(2, 4), 'ditch')
    const kinds = z.wings
    const wings: WingPlan[] = kinds.map((kind) => ({ name: kind, troops: kind === 'horse' ? HORSE : FOOT, count: z.count[kind] }))
    const dice = kinds.map(() => rnd.pick([8, 10]))
    const armies = mirroredArmies(
      rnd,
      {
        board,
        sideNames: ['Blue', 'Red'],
        wings,
        depth: z.depth,
        facing: () => 'N',
        commander: (k) => `A${k + 1}-L`,
        leaders: (hexes) => hexes.map((h, k) => ({ id: `A${k + 1}-L`, side: 0 as const, name: `Blue ${kinds[k]} commander ${k + 1}`, role: 'command', wing: `A${k + 1}`, rating: dice[k] as number, hex: h[0] as string })),
      },
      r.budget,
    )
    if (!armies.ok) return armies
    return ok({
      ...battleHead('hbl', r, `A generated Hell Broke Loose battle: ${wings.length} commands a side (${kinds.join(', ')}) bought with ${r.budget} strength points on a ${z.cols}x${z.rows} field of 2-inch hexes; the Red army is the Blue army turned 180 degrees about the map centre.`),
      notes: ['Point-mirrored: rotating the map 180 degrees maps every hex, feature, unit, leader and facing of side 0 onto side 1.', 'Strength = UI + (combat die - 6) / 2 per unit (env/scenario/generate/hbl.ts); the budget is per side. Decks, army dice and chips are the ruleset defaults.'],
      map: board.toMap(LEGEND, false),
      ...armies.value,
      turns: z.turns,
    })
  },
}
