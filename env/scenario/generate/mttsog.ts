// March Toward the Sound of Guns battles: one nation's suggested profiles on
// both sides, an army commander, an infantry corps of brigades with a foot
// battery and a cavalry brigade under the army, bought with the profiles'
// points; villages as objectives, woods, hills, marsh, streams, a road pair;
// mirrored armies.

import { ok, type Result } from '../../core/types.ts'
import { PROFILES } from '../../rules/mttsog/tables.ts'
import type { Scenario } from '../types.ts'
import type { Troop } from './army.ts'
import { battleHead, middleOf, mirroredArmies, type BattleRequest, type BattleSize, type WingPlan } from './battle.ts'
import { Board, gridOf } from './board.ts'
import { Rand } from './rand.ts'

const NATIONS = ['fr', 'au', 'ru', 'pr', 'br'] as const
/** Profiles that stand in a line of battle (no guards, militia or horse artillery). */
const usable = (id: string): boolean => !/guard|old-|young-|militia|landwehr|horse-art|cossack/.test(id)
function troops(nation: string, arm: 'inf' | 'cav'): Troop[] {
  return Object.entries(PROFILES)
    .filter(([id, p]) => id.startsWith(`${nation}-`) && usable(id) && (p.arm === arm || (arm === 'inf' && p.arm === 'art')))
    .map(([id, p]) => ({ type: id, name: p.name, cost: p.points, ...(p.arm === 'art' ? { max: 1, fields: { formation: 'unlimbered' } } : {}) }))
}

const SIZES = {
  small: { cols: 18, rows: 17, wings: ['inf', 'inf', 'cav'], count: { inf: 3, cav: 2 }, turns: 8, budget: 100 },
  medium: { cols: 24, rows: 17, wings: ['cav', 'inf', 'inf', 'inf', 'cav'], count: { inf: 3, cav: 2 }, turns: 10, budget: 165 },
} as const satisfies Record<BattleSize, unknown>

const LEGEND = { open: '.', woods: 'w', bua: 'B', hill: 'h', marsh: 'm' } as const

export const mttsog = {
  defaultBudget: (size: BattleSize): number => SIZES[size].budget,
  generate(r: BattleRequest): Result<Scenario> {
    const z = SIZES[r.size]
    const rnd = new Rand(r.seed ^ 0x3717)
    const board = new Board(gridOf(z.cols, z.rows), 'open')
    board.reserveRows(z.rows - 3, z.rows - 1)
    const scale = r.size === 'small' ? 1 : 2
    board.blob(rnd, 'bua', rnd.int(1, 2))
    board.scatter(rnd, scale, [['woods', 1, 2, 2, 4], ['hill', 1, 2, 2, 4]])
    if (rnd.chance(0.5)) board.blob(rnd, 'marsh', rnd.int(1, 2))
    for (let i = rnd.int(0, 2); i > 0; i--) board.line(rnd.int(3, z.rows - 5), rnd.int(0, z.cols - 4), rnd.int(2, 4), 'stream')
    board.road(rnd, rnd.int(2, z.cols / 2 - 1), (t) => t === 'marsh')
    const nation = rnd.pick(NATIONS)
    const kinds = z.wings
    const wings: WingPlan[] = kinds.map((kind) => ({ name: kind === 'inf' ? 'brigade' : 'cavalry brigade', troops: troops(nation, kind), count: z.count[kind] }))
    const forms = kinds.map(() => rnd.pick(['line', 'column']))
    const armies = mirroredArmies(
      rnd,
      {
        board,
        sideNames: ['Blue', 'Red'],
        wings,
        depth: 2,
        facing: () => 'N',
        commander: (k) => `A${k + 1}-L`,
        unitFields: (t, k) => (t.fields ? {} : { formation: kinds[k] === 'cav' ? 'line' : forms[k] }),
        leaders: (hexes) => {
          const mid = middleOf(hexes[Math.floor(hexes.length / 2)] ?? [])
          return [
            { id: 'A-ARMY', side: 0, name: 'Blue army commander', role: 'army', rating: 0, hex: mid },
            { id: 'A-CORPS', side: 0, name: 'Blue infantry corps commander', role: 'inf-corps', rating: 0, hex: mid, superior: 'A-ARMY' },
            ...hexes.map((h, k) => ({ id: `A${k + 1}-L`, side: 0 as const, name: `Blue brigade ${k + 1}`, role: kinds[k] === 'inf' ? 'inf-div' : 'cav-div', rating: 0, hex: h[0] as string, superior: kinds[k] === 'inf' ? 'A-CORPS' : 'A-ARMY' })),
          ]
        },
      },
      r.budget,
    )
    if (!armies.ok) return armies
    const objectives = board.terrain.flatMap((t, h) => (t === 'bua' ? [{ hex: board.label(h), points: 5 }] : []))
    return ok({
      ...battleHead('mttsog', r, `A generated March Toward the Sound of Guns action: ${wings.length} brigades a side (${nation} profiles) bought with ${r.budget} points on a ${z.cols}x${z.rows} field; villages are objectives; the Red army is the Blue army turned 180 degrees about the map centre.`),
      notes: ['Point-mirrored: rotating the map 180 degrees maps every hex, feature, unit, leader and facing of side 0 onto side 1.', 'Units cost their profile points (mttsog tables PROFILES); the budget is per side. Every village hex is an objective worth 5 points at the turn limit.'],
      map: board.toMap(LEGEND, false),
      ...armies.value,
      turns: z.turns,
      victory: { objectives },
    })
  },
}
