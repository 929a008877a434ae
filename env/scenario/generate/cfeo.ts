// CFEO battles: a General, foot and horse battalia with graded units (pike,
// tercios, skirmishers, guns; men-at-arms, reiters, light horse) bought by
// points; woods, rough, towns, marsh, hills, hedges and a brook with bridges;
// mirrored armies.

import { ok, type Result } from '../../core/types.ts'
import type { Scenario } from '../types.ts'
import type { Troop } from './army.ts'
import { battleHead, middleOf, mirroredArmies, type BattleRequest, type BattleSize, type WingPlan } from './battle.ts'
import { Board, gridOf } from './board.ts'
import { Rand } from './rand.ts'

/** Points: stands weighted by grade and arm, close to the training scenario's matchups. */
const FOOT: readonly Troop[] = [
  { type: 'pike', name: 'Swiss pike', cost: 8, fields: { grade: 'B', stands: 8, ranks: 2, nation: 'swiss', followOn: true }, max: 1 },
  { type: 'pike', name: 'Landsknechts', cost: 7, fields: { grade: 'B', stands: 8, ranks: 2, nation: 'landsknecht' }, max: 1 },
  { type: 'pike', name: 'Pike', cost: 5, fields: { grade: 'C', stands: 8, ranks: 2 } },
  { type: 'tercio', name: 'Spanish foot', cost: 8, fields: { grade: 'B', stands: 8, ranks: 2, shot: 4, nation: 'spanish' }, max: 1 },
  { type: 'tercio', name: 'Italian foot', cost: 6, fields: { grade: 'C', stands: 8, ranks: 2, shot: 4 } },
  { type: 'skirmishers', name: 'Arquebusiers', cost: 3, fields: { grade: 'C', stands: 4 } },
  { type: 'skirmishers', name: 'Skirmishers', cost: 2, fields: { grade: 'D', stands: 4 } },
  { type: 'gun-light', name: 'Falconets', cost: 2, fields: { grade: 'C' }, max: 1 },
  { type: 'gun-medium', name: 'Culverins', cost: 3, fields: { grade: 'C' }, max: 1 },
]
const HORSE: readonly Troop[] = [
  { type: 'heavy-cavalry', name: 'Gendarmes', cost: 8, fields: { grade: 'A2', stands: 4, ranks: 2, armoured: true }, max: 1 },
  { type: 'heavy-cavalry', name: 'Men-at-arms', cost: 7, fields: { grade: 'B', stands: 4, ranks: 2, armoured: true } },
  { type: 'heavy-cavalry', name: 'Heavy horse', cost: 5, fields: { grade: 'C', stands: 4, ranks: 2 } },
  { type: 'reiters', name: 'Reiters', cost: 4, fields: { grade: 'C', stands: 4, ranks: 2 } },
  { type: 'light-cavalry', name: 'Stradiots', cost: 3, fields: { grade: 'C', stands: 4 } },
]

const SIZES = {
  small: { cols: 14, rows: 10, wings: ['foot', 'horse'], count: { foot: 4, horse: 3 }, turns: 14, budget: 36 },
  medium: { cols: 20, rows: 14, wings: ['horse', 'foot', 'foot', 'horse'], count: { foot: 4, horse: 2 }, turns: 16, budget: 58 },
} as const satisfies Record<BattleSize, unknown>

const LEGEND = { clear: '.', rough: 'r', woods: 'w', town: 't', marsh: 'm', hill: 'h', water: '~' } as const

export const cfeo = {
  defaultBudget: (size: BattleSize): number => SIZES[size].budget,
  generate(r: BattleRequest): Result<Scenario> {
    const z = SIZES[r.size]
    const rnd = new Rand(r.seed ^ 0xcfe0)
    const board = new Board(gridOf(z.cols, z.rows), 'clear')
    board.reserveRows(z.rows - 2, z.rows - 1)
    const scale = r.size === 'small' ? 1 : 2
    board.scatter(rnd, scale, [['woods', 1, 2, 2, 4], ['rough', 1, 2, 1, 3], ['town', 0, 1, 1, 2]])
    if (rnd.chance(0.4)) board.blob(rnd, 'marsh', rnd.int(1, 3))
    if (rnd.chance(0.2)) board.blob(rnd, 'water', 1)
    for (let i = rnd.int(1, 2) * scale; i > 0; i--) board.hill(rnd, rnd.int(2, 4), 1, 'hill')
    for (let i = rnd.int(0, 2); i > 0; i--) board.line(rnd.int(2, z.rows - 4), rnd.int(0, z.cols - 3), rnd.int(1, 3), 'hedge')
    if (rnd.chance(0.4)) board.line(rnd.int(3, z.rows - 5), rnd.int(0, z.cols - 6), rnd.int(4, 7), 'stream')
    if (rnd.chance(0.5)) {
      board.road(rnd, rnd.int(2, z.cols / 2 - 1), (t) => t === 'water')
      board.bridges('stream', 'bridge')
    }
    const kinds = z.wings
    const wings: WingPlan[] = kinds.map((kind) => ({ name: kind, order: 'attack', troops: kind === 'foot' ? FOOT : HORSE, count: z.count[kind] }))
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
          { id: 'A-GEN', side: 0, name: 'Blue general', role: 'general', rating: 2, hex: middleOf(hexes[Math.floor(hexes.length / 2)] ?? []) },
          ...hexes.map((h, k) => ({ id: `A${k + 1}-L`, side: 0 as const, name: `Blue ${kinds[k]} captain ${k + 1}`, role: 'commander', wing: `A${k + 1}`, rating: 1, hex: h[0] as string })),
        ],
      },
      r.budget,
    )
    if (!armies.ok) return armies
    return ok({
      ...battleHead('cfeo', r, `A generated CFEO battle: ${wings.length} battalia a side (${kinds.join(', ')}) bought with ${r.budget} points on a ${z.cols}x${z.rows} field of 40-yard hexes; the Red army is the Blue army turned 180 degrees about the map centre.`),
      notes: ['Point-mirrored: rotating the map 180 degrees maps every hex, feature, unit, leader and facing of side 0 onto side 1.', 'Points weight stands by grade and arm (env/scenario/generate/cfeo.ts); the budget is per side.'],
      map: board.toMap(LEGEND, true),
      ...armies.value,
      turns: z.turns,
      victory: { breakFraction: 0.5, drawMargin: 0.1 },
    })
  },
}
