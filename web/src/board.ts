// The board: the SVG map (terrain drawn once per engine, pieces redrawn each step) in a
// viewport that pans and zooms (wheel, drag, pinch, the +/−/fit buttons) by moving the
// SVG viewBox. Clicks are mapped to the hex under the pointer — the whole hex, its
// counters included — and handed to `onPick`; hovering names the hex to `onHover`.
import type { Engine, GameView } from '../../env/core/types.ts'
import { hexOfLabel } from '../../env/hex/grid.ts'
import { hexGeometry, renderSvg, type HexGeometry, type SvgOptions } from '../../env/render/svg.ts'
import { offMapGroups, offMapMarkers } from './offmap.ts'

/** renderSvg's default hex radius (viewBox units). */
const HEX = 30
/** A counter is 0.95 of the hex radius alone in its hex, 0.7 when stacked (env/render/svg.ts). */
const COUNTER_ALONE = 0.95 * HEX
const COUNTER_STACKED = 0.7 * HEX
/** The smallest counter the default view may show, in CSS pixels. */
export const MIN_COUNTER_PX = 24

interface Box {
  x: number
  y: number
  w: number
  h: number
}

export interface BoardPick {
  /** The hex under the pointer (CCRR), or null off the map. */
  hex: string | null
  /** The counter or leader the pointer was on, if any. */
  piece: string | null
}

export class Board {
  private engine: Engine | null = null
  private geo: HexGeometry | null = null
  /** Hex centres (x, y pairs) of the current map, for the point-to-hex lookup. */
  private centres = new Float32Array(0)
  private labels: readonly string[] = []
  private full = { w: 1, h: 1 }
  private vb: Box = { x: 0, y: 0, w: 1, h: 1 }
  private readonly layers: HTMLElement
  private readonly pointers = new Map<number, { x: number; y: number }>()
  private drag: { x: number; y: number; moved: boolean; piece: string | null } | null = null
  private pinch: number | null = null
  view: GameView | null = null
  onPick: ((p: BoardPick) => void) | null = null
  onHover: ((hex: string | null) => void) | null = null
  /** After each redraw; `fresh` when the scenario changed. */
  onDraw: ((engine: Engine, view: GameView, fresh: boolean) => void) | null = null
  /** Redraws since load (the bench and tests read it). */
  draws = 0

  constructor(private readonly el: HTMLElement) {
    this.layers = document.createElement('div')
    this.layers.className = 'layers'
    el.prepend(this.layers)
    el.addEventListener('wheel', (e) => this.wheel(e), { passive: false })
    el.addEventListener('pointerdown', (e) => this.down(e))
    el.addEventListener('pointermove', (e) => this.move(e))
    el.addEventListener('pointerup', (e) => this.up(e))
    el.addEventListener('pointercancel', (e) => this.up(e, true))
    el.addEventListener('pointerleave', () => this.onHover?.(null))
    new ResizeObserver(() => this.resized()).observe(el)
  }

  get scale(): number {
    return this.box().w / this.vb.w
  }

  /** The board's size in CSS pixels, read once and again only when it is resized: reading clientWidth
   *  right after a redraw would force the browser to lay out the new pieces there and then. */
  private size: { w: number; h: number } | null = null
  private box(): { w: number; h: number } {
    this.size ??= { w: this.el.clientWidth || 1, h: this.el.clientHeight || 1 }
    return this.size
  }

  /** Draws `view` of `engine`'s game; a new engine (another scenario) gets its terrain and the default view. */
  draw(engine: Engine, view: GameView, opts: SvgOptions): void {
    const svgOpts: SvgOptions = { ...opts, panel: false }
    const fresh = this.engine !== engine
    if (fresh) {
      this.engine = engine
      const sc = engine.scenario
      this.geo = hexGeometry(sc.map.cols, sc.map.rows, HEX)
      this.labels = engine.grid.labels
      this.centres = new Float32Array(this.labels.length * 2)
      this.labels.forEach((_, h) => {
        const [x, y] = (this.geo as HexGeometry).centre(h % sc.map.cols, Math.floor(h / sc.map.cols))
        this.centres[2 * h] = x
        this.centres[2 * h + 1] = y
      })
      this.full = { w: this.geo.width, h: this.geo.mapHeight }
      this.layers.innerHTML = renderSvg(sc, view, { ...svgOpts, layer: 'base' }) + '<div class="pieces" id="pieces"></div>'
    }
    this.view = view
    const pieces = renderSvg(engine.scenario, view, { ...svgOpts, layer: 'pieces' })
    ;(this.layers.lastElementChild as HTMLElement).innerHTML = pieces.replace(/<\/svg>\s*$/, `${offMapMarkers(engine.scenario, view, this.geo as HexGeometry, engine.grid)}</svg>`)
    if (fresh) this.reset()
    else this.apply()
    this.draws++
    this.onDraw?.(engine, view, fresh)
  }

  get current(): Engine | null {
    return this.engine
  }

  /** The default view: the whole map when its counters are then at least MIN_COUNTER_PX, else that
   *  scale centred on the side to act (its units, or where its off-map units enter). The legend's
   *  strip on the left is kept clear, so it never covers the map's left column. */
  reset(): void {
    const { w: W, h: H } = this.box()
    const gutter = this.legendGutter()
    const room = Math.max(1, W - gutter)
    const fit = Math.min(room / this.full.w, H / this.full.h)
    const need = MIN_COUNTER_PX / this.smallestCounter()
    const s = fit >= need ? fit : need * 1.02
    const [cx, cy] = fit >= need ? [this.full.w / 2, this.full.h / 2] : this.focus()
    this.vb = { x: cx - room / s / 2 - gutter / s, y: cy - H / s / 2, w: W / s, h: H / s }
    if (fit < need) {
      // zoomed in: the view stays on the map (no empty band beyond its edges), clear of the legend's strip
      const v = this.vb
      v.x = Math.max(-gutter / s, Math.min(v.x, this.full.w - v.w))
      v.y = Math.max(0, Math.min(v.y, this.full.h - v.h))
      this.clamp()
    }
    this.apply()
  }

  /** Width in CSS pixels of the strip the (closed) legend covers on the board's left. */
  private legendGutter(): number {
    const l = this.el.querySelector<HTMLElement>('.legend')
    return l && !l.hidden ? l.offsetLeft + l.offsetWidth + 4 : 0
  }

  /** Zooms by `factor` about the client point (x, y) (the centre by default). */
  zoom(factor: number, x?: number, y?: number): void {
    const r = this.el.getBoundingClientRect()
    const px = x === undefined ? r.width / 2 : x - r.left
    const py = y === undefined ? r.height / 2 : y - r.top
    const { w: W, h: H } = this.box()
    const fit = Math.min(W / this.full.w, H / this.full.h)
    const s = Math.min(6, Math.max(fit * 0.7, this.scale * factor))
    const ux = this.vb.x + px / this.scale
    const uy = this.vb.y + py / this.scale
    this.vb = { x: ux - px / s, y: uy - py / s, w: W / s, h: H / s }
    this.clamp()
    this.apply()
  }

  /** The hex whose centre is nearest the client point, if that point is on the map. */
  hexAt(clientX: number, clientY: number): string | null {
    const r = this.el.getBoundingClientRect()
    const x = this.vb.x + (clientX - r.left) / this.scale
    const y = this.vb.y + (clientY - r.top) / this.scale
    let best = -1
    let d2 = HEX * HEX
    for (let h = 0; h < this.labels.length; h++) {
      const dx = (this.centres[2 * h] as number) - x
      const dy = (this.centres[2 * h + 1] as number) - y
      const d = dx * dx + dy * dy
      if (d < d2) {
        d2 = d
        best = h
      }
    }
    return best < 0 ? null : (this.labels[best] as string)
  }

  /** Client coordinates of a hex's centre (tests click there). */
  hexCentre(label: string): { x: number; y: number } | null {
    const h = this.engine ? hexOfLabel(this.engine.grid, label) : -1
    if (h < 0) return null
    const r = this.el.getBoundingClientRect()
    return { x: r.left + ((this.centres[2 * h] as number) - this.vb.x) * this.scale, y: r.top + ((this.centres[2 * h + 1] as number) - this.vb.y) * this.scale }
  }

  /** Pans so that `label` is in view (a target off screen after a zoom). */
  show(label: string): void {
    const h = this.engine ? hexOfLabel(this.engine.grid, label) : -1
    if (h < 0) return
    const x = this.centres[2 * h] as number
    const y = this.centres[2 * h + 1] as number
    if (x > this.vb.x + HEX && x < this.vb.x + this.vb.w - HEX && y > this.vb.y + HEX && y < this.vb.y + this.vb.h - HEX) return
    const v = this.vb
    v.x = x - v.w / 2
    v.y = y - v.h / 2
    // on the map: no empty band beyond its edges where it is larger than the view, clear of the legend
    if (v.w < this.full.w) v.x = Math.max(-this.legendGutter() / this.scale, Math.min(v.x, this.full.w - v.w))
    if (v.h < this.full.h) v.y = Math.max(0, Math.min(v.y, this.full.h - v.h))
    this.clamp()
    this.apply()
  }

  private smallestCounter(): number {
    const seen = new Set<string>()
    for (const u of this.view?.units ?? []) {
      if (u.hex === null || u.eliminated) continue
      if (seen.has(u.hex)) return COUNTER_STACKED
      seen.add(u.hex)
    }
    return COUNTER_ALONE
  }

  /** Centre of the units of the side to act, else of the hexes where its off-map units will enter
   *  (Marignan's Swiss), else of all units on the map. */
  private focus(): [number, number] {
    const v = this.view
    const engine = this.engine
    if (!v || !engine) return [this.full.w / 2, this.full.h / 2]
    const player = v.decision?.player
    const on = v.units.filter((u) => u.hex !== null && !u.eliminated)
    const mine = on.filter((u) => u.side === player).map((u) => u.hex as string)
    const entries = offMapGroups(engine.scenario, v).filter((g) => g.side === player)
    const labels = mine.length > 0 ? mine : entries.length > 0 ? entries.map((g) => g.hex) : on.map((u) => u.hex as string)
    let sx = 0
    let sy = 0
    let n = 0
    for (const l of labels) {
      // an entry along the north edge (no hex): the middle of the top row
      const h = l === null ? Math.floor(engine.scenario.map.cols / 2) : hexOfLabel(engine.grid, l)
      if (h < 0) continue
      sx += this.centres[2 * h] as number
      sy += this.centres[2 * h + 1] as number
      n++
    }
    return n === 0 ? [this.full.w / 2, this.full.h / 2] : [sx / n, sy / n]
  }

  /** Keeps at least half the view on the map. */
  private clamp(): void {
    const v = this.vb
    v.x = Math.min(Math.max(v.x, -v.w / 2), this.full.w - v.w / 2)
    v.y = Math.min(Math.max(v.y, -v.h / 2), this.full.h - v.h / 2)
    if (v.w >= this.full.w) v.x = (this.full.w - v.w) / 2
    if (v.h >= this.full.h) v.y = (this.full.h - v.h) / 2
  }

  private apply(): void {
    const vb = `${this.vb.x.toFixed(1)} ${this.vb.y.toFixed(1)} ${this.vb.w.toFixed(1)} ${this.vb.h.toFixed(1)}`
    for (const svg of this.layers.querySelectorAll('svg')) svg.setAttribute('viewBox', vb)
    this.el.dataset.scale = this.scale.toFixed(3)
  }

  private resized(): void {
    const s = this.scale
    this.size = null
    if (!this.engine) return
    // keep the centre and the scale; only the window onto the map changes
    const cx = this.vb.x + this.vb.w / 2
    const cy = this.vb.y + this.vb.h / 2
    const { w: W, h: H } = this.box()
    const w = W / (Number.isFinite(s) && s > 0 ? s : 1)
    const h = H / (Number.isFinite(s) && s > 0 ? s : 1)
    this.vb = { x: cx - w / 2, y: cy - h / 2, w, h }
    this.apply()
  }

  private wheel(e: WheelEvent): void {
    e.preventDefault()
    this.zoom(Math.exp(-e.deltaY * 0.0015), e.clientX, e.clientY)
  }

  private down(e: PointerEvent): void {
    if ((e.target as Element).closest('.board-tools, .legend, .card')) return
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY })
    if (this.pointers.size === 1) {
      const p = (e.target as Element).closest('[data-unit],[data-leader]')
      this.drag = { x: e.clientX, y: e.clientY, moved: false, piece: p?.getAttribute('data-unit') ?? p?.getAttribute('data-leader') ?? null }
    } else {
      if (this.drag) this.drag.moved = true
      this.pinch = this.spread()
    }
  }

  private move(e: PointerEvent): void {
    const p = this.pointers.get(e.pointerId)
    if (!p) {
      if (e.pointerType === 'mouse') this.onHover?.(this.hexAt(e.clientX, e.clientY))
      return
    }
    const dx = e.clientX - p.x
    const dy = e.clientY - p.y
    p.x = e.clientX
    p.y = e.clientY
    if (this.pointers.size >= 2 && this.pinch !== null) {
      const d = this.spread()
      const [mx, my] = this.mid()
      if (this.pinch > 0) this.zoom(d / this.pinch, mx, my)
      this.pinch = d
      return
    }
    const drag = this.drag
    if (!drag) return
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 5) return
    if (!drag.moved) this.el.setPointerCapture(e.pointerId)
    drag.moved = true
    this.el.classList.add('dragging')
    this.vb.x -= dx / this.scale
    this.vb.y -= dy / this.scale
    this.clamp()
    this.apply()
  }

  private up(e: PointerEvent, cancel = false): void {
    if (!this.pointers.delete(e.pointerId)) return
    if (this.pointers.size < 2) this.pinch = null
    const drag = this.drag
    if (this.pointers.size > 0) return
    this.drag = null
    this.el.classList.remove('dragging')
    if (!drag || drag.moved || cancel) return
    this.onPick?.({ hex: this.hexAt(e.clientX, e.clientY), piece: drag.piece })
  }

  private spread(): number {
    const [a, b] = [...this.pointers.values()]
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0
  }

  private mid(): [number, number] {
    const [a, b] = [...this.pointers.values()]
    return a && b ? [(a.x + b.x) / 2, (a.y + b.y) / 2] : [0, 0]
  }
}
