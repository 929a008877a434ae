// Units waiting off the map (Marignan's Swiss columns enter by the road or along the north
// edge): where they will enter, drawn on the board, and said in words under it.
import type { GameView, UnitView } from '../../env/core/types.ts'
import { hexOfLabel, type HexGrid } from '../../env/hex/grid.ts'
import { escapeXml, SIDE_COLOURS, type HexGeometry } from '../../env/render/svg.ts'
import type { Scenario } from '../../env/scenario/types.ts'

/** marignan's entry hex when the scenario names none (env/rules/marignan/context.ts). */
const DEFAULT_ROAD: Readonly<Record<string, string>> = { marignan: '1201' }

export interface OffMapGroup {
  side: 0 | 1
  /** 'road' (by the entry hex), 'edge' (the north edge) or 'off' (no entry point known). */
  via: 'road' | 'edge' | 'off'
  hex: string | null
  units: UnitView[]
}

/** The units off the map and not eliminated, grouped by side and where they enter. */
export function offMapGroups(sc: Scenario, view: GameView): OffMapGroup[] {
  const entry = (sc.rules?.['entry'] ?? {}) as { road?: unknown }
  const road = typeof entry.road === 'string' ? entry.road : (DEFAULT_ROAD[sc.ruleset] ?? null)
  const groups = new Map<string, OffMapGroup>()
  for (const u of view.units) {
    if (u.hex !== null || u.eliminated) continue
    const via0 = sc.units.find((x) => x.id === u.id)?.['enter']
    const via = via0 === 'road' && road !== null ? 'road' : via0 === 'edge' ? 'edge' : 'off'
    const k = `${u.side}:${via}`
    const g = groups.get(k) ?? { side: u.side, via, hex: via === 'road' ? road : null, units: [] }
    g.units.push(u)
    groups.set(k, g)
  }
  return [...groups.values()]
}

const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`

/** "Off the map: Swiss 6 units by the road at 1201, 8 units along the north edge". */
export function offMapText(sc: Scenario, view: GameView): string {
  const gs = offMapGroups(sc, view)
  if (gs.length === 0) return ''
  return `Off the map: ${gs.map((g) => `${sc.sides[g.side].name} ${plural(g.units.length, 'unit')} ${g.via === 'road' ? `enter by the road at ${g.hex}` : g.via === 'edge' ? 'enter along the north edge' : 'waiting'} (${g.units.map((u) => u.id).join(', ')})`).join('; ')}`
}

/** SVG markup for the pieces layer: an arrow and a count where each group enters. */
export function offMapMarkers(sc: Scenario, view: GameView, geo: HexGeometry, grid: HexGrid): string {
  const out: string[] = []
  for (const g of offMapGroups(sc, view)) {
    const col = SIDE_COLOURS[g.side]
    const text = `${plural(g.units.length, 'unit')} to enter`
    if (g.via === 'road' && g.hex) {
      const h = hexOfLabel(grid, g.hex)
      if (h < 0) continue
      const [x, y] = geo.centre(h % grid.cols, Math.floor(h / grid.cols))
      out.push(
        `<g class="offmap" data-offmap="road" data-hex="${escapeXml(g.hex)}"><title>${escapeXml(`${g.units.map((u) => u.id).join(', ')}: enter by the road at ${g.hex}`)}</title>` +
          `<path d="M${x - 9} ${y - 40}h18v10h8l-17 16l-17-16h8z" fill="${col.stroke}" stroke="#fff" stroke-width="1.5"/>` +
          `<rect x="${x - 46}" y="${y - 62}" width="92" height="18" rx="3" fill="#fff" stroke="${col.stroke}"/>` +
          `<text x="${x}" y="${y - 49}" font-size="12" text-anchor="middle" font-family="sans-serif" font-weight="bold" fill="${col.text}">${escapeXml(text)}</text></g>`,
      )
    } else if (g.via === 'edge') {
      out.push(
        `<g class="offmap" data-offmap="edge"><title>${escapeXml(`${g.units.map((u) => u.id).join(', ')}: enter along the north edge`)}</title>` +
          `<rect x="${geo.margin}" y="2" width="${geo.width - 2 * geo.margin}" height="14" fill="${col.fill}" stroke="${col.stroke}" stroke-dasharray="6 3"/>` +
          `<text x="${geo.width / 2}" y="13" font-size="11" text-anchor="middle" font-family="sans-serif" font-weight="bold" fill="${col.text}">${escapeXml(`▼ ${text} along the north edge ▼`)}</text></g>`,
      )
    }
  }
  return out.join('')
}
