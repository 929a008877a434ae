// PIWAM battles: horse and foot wings of the ruleset's troop types, bought with
// its victory values as points; woods, rough, marsh, villages, ponds, rises,
// a road pair, a brook with bridges and hedges; mirrored armies.

import { ok, type Result } from '../../core/types.ts'
import { unitTypes } from '../../rules/piwam/tables.ts'
import type { Scenario } from '../types.ts'
import type { Troop } from './army.ts'
import { battleHead, middleOf, mirroredArmies, type BattleRequest, type BattleSize, type WingPlan } from './battle.ts'
import { Board, gridOf } from './board.ts'
import { Rand } from './rand.ts'

const V = unitTypes.value
const troop = (type: keyof typeof V, name: string, max?: number): Troop => ({ type, name, cost: V[type], ...(max !== undefined ? { max } : {}) })

const HORSE: readonly Troop[] = [troop('G', 'Gendarmes'), troop('C', 'Cuirassiers'), troop('R', 'Reiters'), troop('A', 'Arquebusiers', 1)]
const FOOT: readonly Troop[] = [
  troop('S', 'Swiss pike', 1),
  troop('L', 'Landsknechts', 1),
  troop('T', 'Tercio', 1),
  troop('F', 'French foot'),
  troop('H', 'Huguenot militia'),
  troop('A', 'Arquebusiers', 1),
  troop('ART', 'Battery', 1),
]

const SIZES = {
  small: { cols: 14, rows: 10, wings: ['horse', 'foot'], count: 4, turns: 12, budget: 22 },
  medium: { cols: 20, rows: 14, wings: ['horse', 'foot', 'horse'], count: 5, turns: 14, budget: 40 },
} as const satisfies Record<BattleSize, unknown>

const LEGEND = { clear: '.', woods: 'w', rough: 'r', marsh: 'm', village: 'v', water: '~' } as const

export const piwam = {
  defaultBudget: (size: BattleSize): number => SIZES[size].budget,
  generate(r: BattleRequest): Result<Scenario> {
    const z = SIZES[r.size]
    const rnd = new Rand(r.seed ^ 0x5a17)
    const board = new Board(gridOf(z.cols, z.rows), 'clear')
    board.reserveRows(z.rows - 2, z.rows - 1)
    const scale = r.size === 'small' ? 1 : 2
    board.scatter(rnd, scale, [['woods', 1, 2, 2, 4], ['rough', 0, 2, 1, 3], ['marsh', 0, 1, 1, 2]])
    for (let i = rnd.int(1, 2) * scale; i > 0; i--) board.blob(rnd, 'village', 1)
    if (rnd.chance(0.3)) board.blob(rnd, 'water', rnd.int(1, 2))
    for (let i = rnd.int(1, 2) * scale; i > 0; i--) board.hill(rnd, rnd.int(2, 4), rnd.int(1, 2))
    if (rnd.chance(0.6)) board.line(rnd.int(3, z.rows - 5), rnd.int(0, z.cols - 6), rnd.int(4, 7), 'stream')
    for (let i = rnd.int(0, 2); i > 0; i--) board.line(rnd.int(2, z.rows - 4), rnd.int(0, z.cols - 3), rnd.int(1, 3), 'hedge')
    board.road(rnd, rnd.int(2, z.cols / 2 - 1), (t) => t === 'water')
    board.bridges('stream', 'bridge')
    const wings: WingPlan[] = []
    for (const kind of z.wings) {
      wings.push(kind === 'horse' ? { name: 'horse', order: 'charge', troops: HORSE, count: z.count } : { name: 'foot', order: 'march', troops: FOOT, count: z.count })
    }
    const general = rnd.chance(0.7) ? -2 : -1
    const wingRatings = wings.map(() => (rnd.chance(0.2) ? -2 : -1))
    const armies = mirroredArmies(
      rnd,
      {
        board,
        sideNames: ['Blue', 'Red'],
        wings,
        depth: 2,
        facing: (c) => (c < z.cols / 2 ? 'NE' : 'NW'),
        commander: (k) => `A${k + 1}-L`,
        leaders: (hexes) => [
          { id: 'A-GEN', side: 0, name: 'Blue army commander', role: 'army', rating: general, hex: middleOf(hexes[Math.floor(hexes.length / 2)] ?? []), replacement: { id: 'A-GEN2', name: 'Blue second-in-command', rating: -1 } },
          ...hexes.map((h, k) => ({
            id: `A${k + 1}-L`,
            side: 0 as const,
            name: `Blue wing commander ${k + 1}`,
            role: 'wing',
            wing: `A${k + 1}`,
            rating: wingRatings[k] as number,
            hex: h[0] as string,
            replacement: { id: `A${k + 1}-L2`, name: `Blue wing second ${k + 1}`, rating: -1 },
          })),
        ],
      },
      r.budget,
    )
    if (!armies.ok) return armies
    return ok({
      ...battleHead('piwam', r, `A generated PIWAM battle: ${wings.length} wings a side (${wings.map((w) => w.name).join(', ')}), ${z.count} units a wing bought with ${r.budget} points of victory value, on a ${z.cols}x${z.rows} field; the Red army is the Blue army turned 180 degrees about the map centre.`),
      notes: ['Point-mirrored: rotating the map 180 degrees maps every hex, feature, unit, leader and facing of side 0 onto side 1.', 'Units cost their victory value (piwam tables unitTypes.value); the budget is per side.'],
      map: board.toMap(LEGEND, true),
      ...armies.value,
      turns: z.turns,
      victory: { breakFraction: 0.5, drawMargin: 0 },
    })
  },
}
