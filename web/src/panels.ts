// What the page says beside the board: the caption (turn, who acts, wings and orders, hbl's
// cards), the unit card of the hex under the pointer, the legend of the ruleset's symbols, and
// decisions in words.
import { actionText, segmentOf } from '../../env/core/actions.ts'
import type { Engine, GameView, UnitView } from '../../env/core/types.ts'
import { hexOfLabel } from '../../env/hex/grid.ts'
import { deckPanel, HEXSIDE_STYLES, ORDER_COLOURS, SIDE_COLOURS, STATUS_MARKS, TERRAIN_FILLS, UNIT_STYLES } from '../../env/render/svg.ts'
import type { Scenario } from '../../env/scenario/types.ts'
import type { Preview } from '../../env/rules/shared/preview.ts'
import { esc } from './dom.ts'

/** The name of a unit for a reader: "F-INF2 (Gascon pike)". */
export function unitName(sc: Scenario, id: string): string {
  const u = sc.units.find((x) => x.id === id)
  if (u) return `${id} (${u.name ?? u.type})`
  const l = sc.leaders.find((x) => x.id === id)
  return l ? `leader ${id} (${l.name})` : id
}

function terrainOf(engine: Engine, label: string): string | undefined {
  const sc = engine.scenario
  const h = hexOfLabel(engine.grid, label)
  if (h < 0) return undefined
  const ch = (sc.map.terrain[Math.floor(h / sc.map.cols)] ?? '')[h % sc.map.cols]
  return ch === undefined ? undefined : (sc.map.legend[ch] ?? ch)
}

/** The units standing in a hex of `view`. */
export const unitsIn = (view: GameView | null, label: string): UnitView[] => view?.units.filter((u) => u.hex === label && !u.eliminated) ?? []

/** An action id named in words for the current decision: "wing CL (Catholic left)",
 *  "hex 1810 (clear): S-PIKE1 (Swiss pike)" — a target hex names the units in it. */
export function actionWords(engine: Engine, id: number, view: GameView | null = null): string {
  const seg = segmentOf(engine.layout, id)
  const sc = engine.scenario
  if (!seg) return `action ${id}`
  switch (seg.segment) {
    case 'choice':
      return (engine.layout.choices[seg.index] ?? '?').replace(/-/g, ' ')
    case 'wing': {
      const w = sc.wings[seg.index]
      return w ? `wing ${w.id} (${w.name})` : actionText(engine.layout, id)
    }
    case 'unit':
      return `${sc.units.some((u) => u.id === engine.layout.units[seg.index]) ? 'unit ' : ''}${unitName(sc, engine.layout.units[seg.index] ?? '?')}`
    case 'hex': {
      const label = engine.layout.hexes[seg.index] ?? '?'
      const t = terrainOf(engine, label)
      const here = unitsIn(view, label)
      return `hex ${label}${t !== undefined ? ` (${t})` : ''}${here.length ? `: ${here.map((u) => `${sc.sides[u.side].name} ${unitName(sc, u.id)}`).join(', ')}` : ''}`
    }
  }
}

/** The caption under the board: title, turn and who acts, hbl's cards, each side's wings with their orders. */
export function captionHtml(engine: Engine, view: GameView, title: string): string {
  const sc = engine.scenario
  const d = view.decision
  const lost = [0, 1].map((p) => view.units.filter((u) => u.side === p && u.eliminated).length)
  const who = d ? `${sc.sides[d.player].name} to act: ${d.kind}${d.subject ? ` (${d.subject})` : ''}` : 'game over'
  const sides = ([0, 1] as const).map((p) => {
    const wings = view.wings
      .filter((w) => w.side === p)
      .map((w) => {
        const name = sc.wings.find((x) => x.id === w.id)?.name ?? w.id
        const colour = w.order ? (ORDER_COLOURS[w.order] ?? '#555') : '#bbb'
        const text = `${w.id}${w.order ? ` ${w.order}` : ''}${w.markers.length ? ` [${w.markers.join(', ')}]` : ''}${name !== w.id ? ` — ${name}` : ''}`
        return `<div data-wing="${esc(w.id)}"><span class="dot" style="background:${colour}"></span>${esc(text)}</div>`
      })
      .join('')
    return `<div class="side"><div style="color:${SIDE_COLOURS[p].stroke};font-weight:bold">${esc(sc.sides[p].name)}</div><div class="wings">${wings}</div></div>`
  })
  const deck = deckPanel(sc, view)
    .map((l) => `<div class="line" data-testid="deck-line" style="color:${l.side === null ? '#333' : SIDE_COLOURS[l.side].stroke}">${esc(l.text)}</div>`)
    .join('')
  return `<div class="line">${esc(title)}</div><div class="line">${esc(`${sc.name} — turn ${view.turn} of ${sc.turns}, ${view.phase}; ${who}; lost ${lost[0]}–${lost[1]}`)}</div>${deck}<div class="sides">${sides.join('')}</div>`
}

/** Fields of a unit's view shown in its own words on the card's first line, not as rows. */
const HEADLINE = new Set(['id', 'side', 'type', 'wing', 'hex', 'facing', 'status', 'eliminated'])

const words = (k: string): string => k.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()

/** The card of the pieces in a hex: each unit with every value its ruleset's view carries
 *  (strength, morale, formation, ammunition, UI, DPs, ...), and the leaders there. */
export function cardHtml(engine: Engine, view: GameView, label: string): string {
  const sc = engine.scenario
  const units = unitsIn(view, label)
  const leaders = view.leaders.filter((l) => l.hex === label && !l.removed)
  const t = terrainOf(engine, label)
  const rows = units.map((u) => {
    const def = sc.units.find((x) => x.id === u.id)
    const facts = Object.entries(u)
      .filter(([k, v]) => !HEADLINE.has(k) && v !== null && v !== undefined && v !== false && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => `<tr><th>${esc(words(k))}</th><td>${esc(v === true ? 'yes' : Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v))}</td></tr>`)
      .join('')
    return (
      `<div class="card-unit" data-card-unit="${esc(u.id)}"><div class="card-head" style="color:${SIDE_COLOURS[u.side].stroke}">${esc(`${sc.sides[u.side].name}: ${u.id}`)}</div>` +
      `<div>${esc(`${def?.name ?? u.type}${def?.name ? ` — ${u.type}` : ''}; ${u.status}${u.facing ? `, facing ${u.facing}` : ''}${u.wing ? `, wing ${u.wing}` : ''}`)}</div>` +
      (facts ? `<table>${facts}</table>` : '') +
      '</div>'
    )
  })
  const ls = leaders.map((l) => `<div class="card-unit"><div class="card-head" style="color:${SIDE_COLOURS[l.side].stroke}">${esc(unitName(sc, l.id))}</div><div>${esc(`${l.role}${l.wing ? ` of ${l.wing}` : ''}${typeof l.status === 'string' ? `, ${l.status}` : ''}${typeof l.attached === 'string' ? `, with ${l.attached}` : ''}`)}</div></div>`)
  return `<div class="card-hex">hex ${esc(label)}${t ? ` — ${esc(t)}` : ''}</div>${rows.join('')}${ls.join('')}${rows.length + ls.length === 0 ? '<div class="muted">no units</div>' : ''}`
}

const swatch = (fill: string, extra = ''): string => `<svg width="18" height="14" viewBox="0 0 18 14"><rect x="1" y="1" width="16" height="12" fill="${fill}" stroke="#9a9480"${extra}/></svg>`

/** The legend of this scenario: its terrain, hexsides, counters (label → troop type), status marks, orders, highlights. */
/** A fire or combat before it is chosen: the rule, dice and modifiers, and what each result would do. */
export function previewHtml(p: Preview): string {
  const rows = p.outcomes.map((o) => `<tr><th>${esc(o.faces)}</th><td>${esc(o.result)}</td><td class="pct">${Math.round(o.chance * 100)}%</td></tr>`).join('')
  return `<div class="preview" data-testid="preview"><div class="card-head">${esc(p.rule)}</div><div>${esc(p.dice)}; ${esc(p.modifiers)}</div>${p.dependsOn ? `<div><em>depends on ${esc(p.dependsOn)}</em></div>` : ''}${rows ? `<table>${rows}</table>` : ''}</div>`
}

export function legendHtml(engine: Engine): string {
  const sc = engine.scenario
  const terr = [...new Set(Object.values(sc.map.legend))].filter((t) => sc.map.terrain.some((row) => [...row].some((ch) => sc.map.legend[ch] === t)))
  const fills = TERRAIN_FILLS as Readonly<Record<string, string>>
  const sides = [...new Set((sc.map.hexsides ?? []).map((h) => h.feature))]
  const hs = HEXSIDE_STYLES as Readonly<Record<string, { stroke: string; width: number; dash: string }>>
  const types = [...new Set(sc.units.map((u) => u.type))]
  const item = (icon: string, text: string) => `<div class="legend-item">${icon}<span>${esc(text)}</span></div>`
  const counters = types.map((t) => {
    const st = UNIT_STYLES[t]
    const label = st?.label ?? t
    return item(`<span class="legend-label">${esc(label)}</span>`, t.replace(/-/g, ' '))
  })
  const status = Object.entries(STATUS_MARKS).map(([k, m]) => item(`<span class="legend-label" style="background:${m.colour};color:#fff">${esc(m.text)}</span>`, k))
  const orders = engine.ruleset === 'piwam' || engine.ruleset === 'cfeo' ? Object.entries(ORDER_COLOURS).map(([k, c]) => item(`<span class="dot" style="background:${c}"></span>`, `${k} order`)) : []
  return (
    `<h4>Terrain</h4>${terr.map((t) => item(swatch(fills[t] ?? fills.fallback ?? '#ddd'), t)).join('')}` +
    (sides.length ? `<h4>Hexsides</h4>${sides.map((f) => item(`<svg width="18" height="14"><line x1="1" y1="7" x2="17" y2="7" stroke="${(hs[f] ?? hs.fallback)?.stroke}" stroke-width="3"${(hs[f] ?? hs.fallback)?.dash ? ` stroke-dasharray="${(hs[f] ?? hs.fallback)?.dash}"` : ''}/></svg>`, f)).join('')}` : '') +
    `<h4>Counters</h4>${item(swatch(SIDE_COLOURS[0].fill), sc.sides[0].name)}${item(swatch(SIDE_COLOURS[1].fill), sc.sides[1].name)}` +
    `${item('<span class="legend-sym">✕</span>', 'infantry')}${item('<span class="legend-sym">╱</span>', 'cavalry')}${item('<span class="legend-sym">✕•</span>', 'shot')}${item('<span class="legend-sym">●</span>', 'artillery')}` +
    `${item('<span class="legend-sym">▲</span>', 'facing')}${item('<span class="legend-sym" style="color:#b8860b">◯</span>', 'leader (initials)')}${counters.join('')}` +
    `<h4>Marks</h4>${status.join('')}${orders.join('')}` +
    `${item(swatch('#ffd54a', ' fill-opacity="0.6" stroke="#ff9800" stroke-width="2"'), 'a hex you may choose')}${item(swatch('none', ' stroke="#ffb000" stroke-width="2.5"'), 'a unit you may choose')}${item(swatch('none', ' stroke="#ff00aa" stroke-width="2.5"'), 'the unit acting')}`
  )
}
