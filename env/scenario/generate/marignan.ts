// Marignan battles: the rules fix the sides (side 0 the Swiss army on the north
// edge, side 1 the French army on the south edge), so the armies are not
// mirrored: Swiss pike corps, the volunteer arquebusiers and the Milanese horse
// against French corps of gendarmes and foot with the King, each side bought
// under the same budget of counter strength. The field is mirrored (dense
// cultivation, villages, farms, ditches, a canal with bridges, a road pair).

import { ok, type Result } from '../../core/types.ts'
import type { Scenario, ScenarioLeader, ScenarioUnit, ScenarioWing } from '../types.ts'
import { buyArmy, deployInBands, shuffled, type Troop, type WingBuy } from './army.ts'
import { battleHead, type BattleRequest, type BattleSize } from './battle.ts'
import { Board, gridOf } from './board.ts'
import { Rand } from './rand.ts'

/** Strength: melee in order plus fire in order, the counters' two combat factors (marignan tables COUNTERS). */
const t = (type: string, name: string, cost: number, max?: number): Troop => ({ type, name, cost, ...(max !== undefined ? { max } : {}) })
const SWISS_PIKE: readonly Troop[] = [t('swiss-pike', 'Swiss pikemen', 8), t('swiss-pike-6', 'Swiss pikemen', 6)]
const SWISS_EXTRA: readonly Troop[] = [t('swiss-arq', 'Swiss arquebusiers (volunteers)', 6), t('milan-cav', 'Milanese cavalry', 5)]
const FRENCH_HORSE: readonly Troop[] = [t('gendarmes', 'Gendarmes', 8), t('light-horse', 'Light horse', 4, 1)]
const FRENCH_FOOT: readonly Troop[] = [
  t('landsknechts', 'Landsknechts', 6, 1),
  t('lk-shot', 'Landsknecht handgunners', 5, 1),
  t('aventuriers', 'Aventuriers', 6),
  t('gascons', 'Gascon shot', 6),
  t('cannon', 'Royal artillery', 9, 1),
]

const SIZES = {
  small: { cols: 16, rows: 12, swissCorps: 2, extras: 2, french: ['horse', 'foot', 'foot', 'horse'], count: { horse: 2, foot: 3 }, morale: 14, turns: 8, budget: 60 },
  medium: { cols: 22, rows: 16, swissCorps: 3, extras: 3, french: ['horse', 'foot', 'horse', 'foot', 'foot', 'horse'], count: { horse: 2, foot: 3 }, morale: 25, turns: 10, budget: 90 },
} as const satisfies Record<BattleSize, unknown>

const LEGEND = { clear: '.', dense: ':', village: '#', farm: 'F' } as const
/** Rows between the deployment zones and the map edges: the Swiss front is five rows from the French front, as in marignan-training. */
const DEPTH = 2

export const marignan = {
  defaultBudget: (size: BattleSize): number => SIZES[size].budget,
  generate(r: BattleRequest): Result<Scenario> {
    const z = SIZES[r.size]
    const rnd = new Rand(r.seed ^ 0x1515)
    const board = new Board(gridOf(z.cols, z.rows), 'clear')
    const back = (z.rows - 2 * DEPTH - 4) / 2 // rows behind each zone, so the fronts are 5 rows apart
    board.reserveRows(z.rows - DEPTH - back, z.rows - 1 - back)
    const scale = r.size === 'small' ? 1 : 2
    for (let i = rnd.int(2, 3) * scale; i > 0; i--) board.blob(rnd, 'dense', rnd.int(2, 4))
    for (let i = rnd.int(0, 1) * scale; i > 0; i--) board.blob(rnd, 'village', 1)
    for (let i = rnd.int(0, 1) * scale; i > 0; i--) board.blob(rnd, 'farm', 1)
    for (let i = rnd.int(0, 2); i > 0; i--) board.line(rnd.int(2, z.rows - 4), rnd.int(0, z.cols - 4), rnd.int(2, 4), 'ditch')
    if (rnd.chance(0.4)) board.line(rnd.int(1, z.rows - 3), rnd.int(0, z.cols - 8), rnd.int(5, 8), 'canal')
    board.road(rnd, rnd.int(2, z.cols / 2 - 1), () => false)
    board.bridges('canal', 'bridge')

    // Swiss (side 0): pike corps plus the unattached volunteers, deployed on the north side.
    const swissBuy: WingBuy[] = [...Array.from({ length: z.swissCorps }, () => ({ troops: SWISS_PIKE, count: 3 })), { troops: SWISS_EXTRA, count: z.extras }]
    const frenchKinds = z.french
    const frenchBuy: WingBuy[] = frenchKinds.map((k) => ({ troops: k === 'horse' ? FRENCH_HORSE : FRENCH_FOOT, count: z.count[k] }))
    const swiss = buyArmy(rnd, swissBuy, r.budget)
    if (!swiss.ok) return swiss
    const french = buyArmy(rnd, frenchBuy, r.budget)
    if (!french.ok) return french
    const place = (counts: number[]): number[][] => deployInBands(rnd, board, counts, DEPTH).map((w) => w.map((h) => h - back * z.cols))
    const sHex = place(swiss.value.map((w) => w.length)).map((w) => w.map((h) => board.label(board.mirror(h))))
    const fHex = place(french.value.map((w) => w.length)).map((w) => w.map((h) => board.label(h)))

    const wings: ScenarioWing[] = []
    const leaders: ScenarioLeader[] = []
    const units: ScenarioUnit[] = []
    swiss.value.forEach((w, k) => {
      const corps = k < z.swissCorps
      const id = `S${k + 1}`
      if (corps) {
        wings.push({ id, side: 0, name: `Swiss corps ${k + 1}`, commander: `${id}-L` })
        leaders.push({ id: `${id}-L`, side: 0, name: `Captain of Swiss corps ${k + 1}`, role: 'corps', wing: id, rating: 1, hex: sHex[k]?.[1] as string, range: 3, move: 5 })
      }
      shuffled(rnd, w).forEach((u, i) => units.push({ id: `${id}-${i + 1}`, side: 0, ...(corps ? { wing: id } : {}), type: u.type, hex: sHex[k]?.[i] as string, facing: 'S', name: u.name }))
    })
    const morale: Record<string, number> = { army: z.morale }
    const king = frenchKinds.indexOf('horse')
    frenchKinds.forEach((kind, k) => {
      const id = `F${k + 1}`
      const hexes = fHex[k] as string[]
      wings.push({ id, side: 1, name: `French ${kind} corps ${k + 1}`, commander: `${id}-L` })
      leaders.push(
        k === king
          ? { id: `${id}-L`, side: 1, name: 'The King', role: 'army', wing: id, rating: 1, hex: hexes[0] as string, range: 3, move: 6, heroic: 'any', king: true }
          : { id: `${id}-L`, side: 1, name: `Captain of French corps ${k + 1}`, role: 'corps', wing: id, rating: rnd.int(0, 1), hex: hexes[0] as string, range: 2, move: kind === 'horse' ? 6 : 5 },
      )
      morale[id] = rnd.int(5, 6)
      shuffled(rnd, french.value[k] as Troop[]).forEach((u, i) => units.push({ id: `${id}-${i + 1}`, side: 1, wing: id, type: u.type, hex: hexes[i] as string, facing: 'N', name: u.name }))
    })
    return ok({
      ...battleHead('marignan', r, `A generated Marignan 1515 action: ${z.swissCorps} Swiss corps with volunteers against ${frenchKinds.length} French corps with the King, each army bought with ${r.budget} points of counter strength, five hexes apart on a ${z.cols}x${z.rows} field.`),
      notes: [
        'The rules fix the sides: side 0 is the Swiss army (north edge), side 1 the French army (south edge); the armies differ, the field is point-mirrored.',
        `Victory as 14.1 with the French corps demoralised at once scaled to half the French corps (${Math.ceil(frenchKinds.length / 2)}); otherwise a draw at the turn limit.`,
      ],
      map: board.toMap(LEGEND, false),
      sides: [
        { id: 'swiss', name: 'Swiss army', edge: 'N' },
        { id: 'french', name: 'French army', edge: 'S' },
      ],
      wings,
      leaders,
      units,
      turns: z.turns,
      victory: { atEnd: 'draw', frenchCorpsDemoralised: Math.ceil(frenchKinds.length / 2) },
      rules: { morale },
    })
  },
}
