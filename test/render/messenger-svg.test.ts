// The renderer's messengers, ruleset-neutral: any wing view carrying `messenger: { hex, order }` (cfeo's
// do) gets a pennant at that hex; views without one (piwam, marignan, ...) draw none. Beside a counter the
// pennant stays out of the counter's box; in an empty hex it stands in the middle; several in one hex do
// not overlap; it is a piece (pieces layer), not terrain.
import { describe, expect, it } from 'vitest'
import type { Engine, GameView } from '../../env/core/types.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { hexOfLabel } from '../../env/hex/grid.ts'
import { hexGeometry, messengerOf, renderSvg, SIDE_COLOURS } from '../../env/render/svg.ts'

function engineOf(id: string): Engine {
  const e = bindEngine(undefined, id)
  if (!e.ok) throw new Error(e.error.message)
  return e.value
}

const SIZE = 30

/** The messenger groups of an SVG: wing, hex, translation and every point of his paths (relative to it). */
function messengers(svg: string): { wing: string; at: string; x: number; y: number; title: string; fill: string; pts: [number, number][] }[] {
  const out = []
  for (const m of svg.matchAll(/<g class="messenger side\d" data-messenger="([^"]+)" data-at="(\d{4})" transform="translate\(([\d.]+) ([\d.]+)\)"><title>([^<]*)<\/title>(.*?)<\/g>/g)) {
    const body = m[6] as string
    const pts: [number, number][] = []
    for (const d of body.matchAll(/ d="([^"]+)"/g)) for (const p of (d[1] as string).matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)) pts.push([Number(p[1]), Number(p[2])])
    out.push({ wing: m[1] as string, at: m[2] as string, x: Number(m[3]), y: Number(m[4]), title: m[5] as string, fill: body.match(/class="pennant" d="[^"]+" fill="([^"]+)"/)?.[1] ?? '', pts })
  }
  return out
}

/** A copy of a view whose wings `ids` have a messenger at `hex` carrying `order`. */
function withMessengers(view: GameView, riders: Record<string, { hex: string; order: string }>): GameView {
  return { ...view, wings: view.wings.map((w) => ({ ...w, messenger: riders[w.id] ?? null })) }
}

describe('messengers on the SVG map', () => {
  const cfeo = engineOf('cfeo-training')
  const sc = cfeo.scenario
  const view = cfeo.view(cfeo.init(1))
  const geo = hexGeometry(sc.map.cols, sc.map.rows, SIZE)
  const centre = (label: string): [number, number] => {
    const h = hexOfLabel(cfeo.grid, label)
    return geo.centre(h % sc.map.cols, Math.floor(h / sc.map.cols))
  }
  const unit = view.units.find((u) => u.hex !== null && !u.eliminated)
  const occupied = new Set(view.units.map((u) => u.hex))
  const empty = cfeo.grid.labels.find((l) => !occupied.has(l) && !view.leaders.some((x) => x.hex === l)) as string
  const [w0, w1, w2] = view.wings

  it('reads a messenger from any wing view that carries one, and nothing else', () => {
    expect(messengerOf({ id: 'X', side: 0, order: null, markers: [], messenger: { hex: '0203', order: 'defend' } })).toEqual({ hex: '0203', order: 'defend' })
    expect(messengerOf({ id: 'X', side: 0, order: null, markers: [], messenger: null })).toBeNull()
    expect(messengerOf({ id: 'X', side: 0, order: null, markers: [] })).toBeNull()
    expect(messengerOf({ id: 'X', side: 0, order: null, markers: [], messenger: { hex: 203, order: 'defend' } })).toBeNull()
  })

  it('draws none where no wing has a messenger: the start of cfeo, piwam, marignan, mttsog and hbl', () => {
    expect(view.wings.every((w) => w['messenger'] === null)).toBe(true)
    expect(renderSvg(sc, view)).not.toContain('class="messenger')
    for (const id of ['piwam-training', 'marignan-training', 'marignan-1515-first-day', 'mttsog-training', 'hbl-training']) {
      const e = engineOf(id)
      expect(renderSvg(e.scenario, e.view(e.init(1))), id).not.toContain('class="messenger')
    }
  })

  it('in an empty hex: a pennant in the sending side colour at the hex centre, titled with the battalia and the order', () => {
    expect(w0 && empty).toBeTruthy()
    const svg = renderSvg(sc, withMessengers(view, { [w0!.id]: { hex: empty, order: 'advance-defend' } }))
    const ms = messengers(svg)
    expect(ms).toHaveLength(1)
    const m = ms[0]!
    expect([m.wing, m.at, m.title]).toEqual([w0!.id, empty, `messenger to ${w0!.id}: advance-defend`])
    expect(m.x).toBeCloseTo(centre(empty)[0], 1)
    expect(m.y).toBeCloseTo(centre(empty)[1], 1)
    expect(m.fill).toBe(SIDE_COLOURS[w0!.side].stroke)
    // inside his hex (flat-topped: |y| <= sqrt3/2 r and |x| + |y|/sqrt3 <= r), near its middle
    for (const [x, y] of m.pts) {
      expect(Math.abs(y)).toBeLessThanOrEqual((Math.sqrt(3) / 2) * SIZE)
      expect(Math.abs(x) + Math.abs(y) / Math.sqrt(3)).toBeLessThanOrEqual(SIZE)
    }
    expect(Math.min(...m.pts.map((p) => Math.abs(p[0])))).toBeLessThan(0.25 * SIZE)
  })

  it('beside a counter: out of the counter box, inside the hex; three in the same hex do not overlap', () => {
    expect(unit && w0 && w1 && w2).toBeTruthy()
    const hex = unit!.hex as string
    const svg = renderSvg(sc, withMessengers(view, { [w0!.id]: { hex, order: 'defend' }, [w1!.id]: { hex, order: 'attack' }, [w2!.id]: { hex, order: 'hold' } }))
    const ms = messengers(svg)
    expect(ms.map((m) => [m.wing, m.at, m.title])).toEqual([
      [w0!.id, hex, `messenger to ${w0!.id}: defend`],
      [w1!.id, hex, `messenger to ${w1!.id}: attack`],
      [w2!.id, hex, `messenger to ${w2!.id}: hold`],
    ])
    const half = (SIZE * 0.95) / 2 // a lone counter's box (renderSvg: 0.95 of the hex radius)
    const boxes = ms.map((m) => {
      expect(m.x).toBeCloseTo(centre(hex)[0], 1)
      expect(m.y).toBeCloseTo(centre(hex)[1], 1)
      // the white halo is 3.5 px wide around the pole: it too stays clear of the counter
      for (const [x, y] of m.pts) {
        expect(Math.abs(x) - 1.75, `${m.wing} ${x},${y}`).toBeGreaterThan(half)
        expect(Math.abs(y)).toBeLessThanOrEqual((Math.sqrt(3) / 2) * SIZE)
        expect(Math.abs(x) + Math.abs(y) / Math.sqrt(3), `${m.wing} ${x},${y}`).toBeLessThanOrEqual(SIZE)
      }
      const xs = m.pts.map((p) => p[0])
      const ys = m.pts.map((p) => p[1])
      return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) }
    })
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!]
        expect(a.x1 < b.x0 || b.x1 < a.x0 || a.y1 < b.y0 || b.y1 < a.y0, `messengers ${i} and ${j}`).toBe(true)
      }
    // the counter itself is drawn whole, before them
    expect(svg.indexOf(`data-unit="${unit!.id}"`)).toBeLessThan(svg.indexOf('class="messenger'))
  })

  it('in an empty hex, two or three stand side by side without overlapping', () => {
    for (const n of [2, 3]) {
      const riders: Record<string, { hex: string; order: string }> = {}
      for (const w of view.wings.slice(0, n)) riders[w.id] = { hex: empty, order: 'defend' }
      const ms = messengers(renderSvg(sc, withMessengers(view, riders)))
      expect(ms).toHaveLength(n)
      const spans = ms.map((m) => [Math.min(...m.pts.map((p) => p[0])), Math.max(...m.pts.map((p) => p[0]))] as const)
      for (let i = 1; i < n; i++) expect(spans[i]![0], `${n} messengers`).toBeGreaterThan(spans[i - 1]![1])
      for (const m of ms) for (const [x, y] of m.pts) expect(Math.abs(x) + Math.abs(y) / Math.sqrt(3)).toBeLessThanOrEqual(SIZE)
    }
  })

  it("keeps the wing's messenger marker whole on a narrow map: the wing line breaks between its parts, inside its half", () => {
    const order = 'advance-defend'
    const svg = renderSvg(sc, { ...view, wings: view.wings.map((w) => (w.id === w1!.id ? { ...w, markers: [`messenger at ${empty} with ${order}`] } : w)) })
    const g = svg.match(new RegExp(`<g class="wing" data-wing="${w1!.id}">(.*?)</g>`))?.[1] ?? ''
    const texts = [...g.matchAll(/<text x="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ x: Number(m[1]), text: m[2] as string }))
    expect(texts.length).toBeGreaterThan(1)
    expect(texts.map((t) => t.text)).toContain(`[messenger at ${empty} with ${order}]`)
    expect(texts.map((t) => t.text).join(' ')).toBe(`${w1!.id} ${w1!.order} [messenger at ${empty} with ${order}] — ${sc.wings.find((w) => w.id === w1!.id)?.name}`)
    // about 7 px a character at 13 px: every line ends inside the map's width
    const width = Number(svg.match(/viewBox="0 0 ([\d.]+) /)?.[1])
    for (const t of texts) expect(t.x + 7 * t.text.length, t.text).toBeLessThanOrEqual(width)
    // the panel is tall enough for the extra lines: the last text is inside the picture
    const height = Number(svg.match(/viewBox="0 0 [\d.]+ ([\d.]+)"/)?.[1])
    const ys = [...svg.matchAll(/<text x="[\d.]+" y="([\d.]+)" font-size="13"/g)].map((m) => Number(m[1]))
    expect(Math.max(...ys)).toBeLessThan(height)
  })

  it('is a piece: in the pieces layer, not the base', () => {
    const v = withMessengers(view, { [w1!.id]: { hex: empty, order: 'defend' } })
    expect(renderSvg(sc, v, { layer: 'base' })).not.toContain('class="messenger')
    expect(messengers(renderSvg(sc, v, { layer: 'pieces' }))).toHaveLength(1)
    expect(messengers(renderSvg(sc, v, { layer: 'pieces' }))[0]?.fill).toBe(SIDE_COLOURS[w1!.side].stroke)
  })
})
