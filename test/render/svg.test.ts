import { describe, expect, it } from 'vitest'
import { bindEngine } from '../../env/gym/make.ts'
import type { Engine, GameView } from '../../env/core/types.ts'
import { escapeXml, facingIndex, hexGeometry, renderSvg, sideAngle, vertexAngle } from '../../env/render/svg.ts'
import { hexOfLabel, makeGrid, neighbor } from '../../env/hex/grid.ts'

function engineOf(id: string): Engine {
  const e = bindEngine(undefined, id)
  if (!e.ok) throw new Error(e.error.message)
  return e.value
}
const count = (s: string, re: RegExp): number => (s.match(re) ?? []).length

describe('renderSvg', () => {
  const piwam = engineOf('piwam-training')
  const view = piwam.view(piwam.init(1))
  const svg = renderSvg(piwam.scenario, view)

  it('is a single deterministic SVG document', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
    expect(renderSvg(piwam.scenario, piwam.view(piwam.init(1)))).toBe(svg)
    // No NaN or unrounded floats leak into coordinates.
    expect(svg).not.toMatch(/NaN|undefined|\d\.\d{2,}(?![\d]*")/)
  })

  it('draws one hex per map cell, one counter per unit on the map, each with a facing arrow', () => {
    const { cols, rows } = piwam.scenario.map
    expect(count(svg, /<polygon class="hex /g)).toBe(cols * rows)
    const onMap = view.units.filter((u) => u.hex !== null && !u.eliminated)
    expect(onMap.length).toBeGreaterThan(0)
    expect(count(svg, /<g class="unit /g)).toBe(onMap.length)
    for (const u of onMap) expect(svg).toContain(`data-unit="${u.id}"`)
    expect(count(svg, /class="facing"/g)).toBe(onMap.length)
    const leaders = view.leaders.filter((l) => l.hex !== null && !l.removed)
    expect(count(svg, /<g class="leader /g)).toBe(leaders.length)
  })

  it('draws roads, every hexside feature and the wing order badges', () => {
    const sc = piwam.scenario
    expect(count(svg, /<polyline class="road"/g)).toBe(sc.map.roads?.length ?? 0)
    expect(count(svg, /<line class="hexside /g)).toBe(sc.map.hexsides?.length ?? 0)
    expect(sc.map.hexsides?.length ?? 0).toBeGreaterThan(0)
    for (const w of view.wings) expect(svg).toContain(`data-wing="${w.id}"`)
    expect(svg).toContain(`${view.wings[0]?.id} ${view.wings[0]?.order}`)
  })

  it('leaves out eliminated units and marks non-normal statuses', () => {
    const v: GameView = structuredClone(view)
    const [a, b] = v.units
    if (!a || !b) throw new Error('scenario has too few units')
    a.eliminated = true
    a.hex = null
    b.status = 'shaken'
    const s = renderSvg(piwam.scenario, v)
    expect(s).not.toContain(`data-unit="${a.id}"`)
    expect(count(s, /class="status"/g)).toBe(1)
    expect(s).toMatch(/lost 1–0/)
  })

  it('highlights the given hexes and units, and the selected unit', () => {
    const u = view.units[0]
    if (!u) throw new Error('no unit')
    const s = renderSvg(piwam.scenario, view, { highlightHexes: ['0101', '0202', '9999'], highlightUnits: [u.id], selected: u.id })
    expect(count(s, /class="hl-hex" data-hex="(0101|0202)"/g)).toBe(2)
    expect(s).not.toContain('data-hex="9999"')
    expect(count(s, /class="hl-unit"/g)).toBe(1)
    expect(s).toContain('#ff00aa')
  })

  it('splits into a terrain layer and a pieces layer of the same size', () => {
    const base = renderSvg(piwam.scenario, view, { layer: 'base', title: 't' })
    const pieces = renderSvg(piwam.scenario, view, { layer: 'pieces', title: 't', highlightHexes: ['0101'] })
    const box = (x: string) => /viewBox="([^"]+)"/.exec(x)?.[1]
    expect(box(base)).toBe(box(pieces))
    expect(box(base)).toBe(box(renderSvg(piwam.scenario, view, { title: 't' })))
    expect(count(base, /<polygon class="hex /g)).toBe(piwam.scenario.map.cols * piwam.scenario.map.rows)
    expect(count(base, /<g class="unit /g)).toBe(0)
    expect(count(pieces, /<polygon class="hex /g)).toBe(0)
    expect(count(pieces, /<line class="hexside /g)).toBe(0)
    expect(count(pieces, /<g class="unit /g)).toBe(count(svg, /<g class="unit /g))
    expect(count(pieces, /class="hl-hex"/g)).toBe(1)
  })

  it('escapes text from the scenario', () => {
    const sc = structuredClone(piwam.scenario)
    sc.name = 'A <b>& "C"'
    const s = renderSvg(sc, view)
    expect(s).toContain('A &lt;b&gt;&amp; &quot;C&quot;')
    expect(s).not.toContain('<b>')
    expect(escapeXml(`'`)).toBe('&#39;')
  })

  it('draws stacked marignan units, hexside facings and its canals', () => {
    const m = engineOf('marignan-1515-first-day')
    const v = m.view(m.init(1))
    const s = renderSvg(m.scenario, v)
    expect(s).toContain('data-ruleset="marignan"')
    const onMap = v.units.filter((u) => u.hex !== null && !u.eliminated)
    expect(count(s, /<g class="unit /g)).toBe(onMap.length)
    expect(count(s, /class="facing"/g)).toBe(onMap.length)
    expect(count(s, /class="hexside f-canal"/g)).toBe((m.scenario.map.hexsides ?? []).filter((h) => h.feature === 'canal').length)
  })
})

describe('svg geometry', () => {
  it('places neighbours one hex apart: centre distance is sqrt(3) x radius across every side', () => {
    const g = makeGrid(5, 4)
    const geo = hexGeometry(5, 4, 10)
    for (let h = 0; h < g.size; h++) {
      for (let d = 0; d < 6; d++) {
        const n = neighbor(g, h, d)
        if (n < 0) continue
        const [x1, y1] = geo.centre(h % 5, (h / 5) | 0)
        const [x2, y2] = geo.centre(n % 5, (n / 5) | 0)
        expect(Math.hypot(x2 - x1, y2 - y1)).toBeCloseTo(10 * Math.sqrt(3), 6)
        // The neighbour lies in the screen direction of side d.
        const a = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI
        expect((((a - sideAngle(d)) % 360) + 360) % 360).toBeCloseTo(0, 6)
      }
    }
    expect(hexOfLabel(g, '0101')).toBe(0)
  })

  it('puts vertex v halfway between the directions of sides v and v+1', () => {
    for (let v = 0; v < 6; v++) {
      const mid = sideAngle(v) + 30
      expect(vertexAngle(v)).toBe(mid % 360)
    }
    expect(facingIndex('vertex', 'E')).toBe(1)
    expect(facingIndex('side', 'E')).toBe(-1)
    expect(facingIndex('side', 'S')).toBe(3)
    expect(facingIndex('vertex', null)).toBe(-1)
  })
})
