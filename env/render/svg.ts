// SVG picture of a position: a pure function of (scenario, GameView) with no
// DOM, used by `tercio show --svg`, the web viewer and the README picture.
// Geometry follows env/hex/grid.ts: flat-topped hexes, odd 0-based columns
// half a hex lower, sides 0..5 = N NE SE S SW NW, vertices 0..5 = NE E SE SW W
// NW. Output is deterministic (fixed decimals, scenario order) so it can be
// compared in tests and diffed in git.
//
// Every hex carries data-hex="CCRR", every counter data-unit="ID" and every
// leader data-leader="ID": the viewer finds click targets by these. A messenger
// is data-messenger="WING" data-at="CCRR" (his hex; not data-hex, which names hexes).

import type { GameView, LeaderView, UnitView, WingView } from '../core/types.ts'
import { SIDE_NAMES, VERTEX_NAMES, directionTo, hexOfLabel, makeGrid, type HexGrid } from '../hex/grid.ts'
import type { Scenario } from '../scenario/types.ts'

export type FacingKind = 'vertex' | 'side'

/** How each ruleset faces its units (piwam: toward a hex vertex, marignan: toward a hexside). */
export const FACING_BY_RULESET: Readonly<Record<string, FacingKind>> = { piwam: 'vertex', marignan: 'side', mttsog: 'side', cfeo: 'vertex', hbl: 'side' }

export interface SvgOptions {
  /** Centre-to-corner radius of a hex in px (default 30). */
  hexSize?: number
  /** Default: FACING_BY_RULESET[scenario.ruleset], else 'vertex'. */
  facing?: FacingKind
  /** Hexes (CCRR) drawn with a highlight ring: the legal hex targets of a decision. */
  highlightHexes?: readonly string[]
  /** Units or leaders (ids) drawn with a highlight ring. */
  highlightUnits?: readonly string[]
  /** The unit the current decision is about (thicker ring). */
  selected?: string | null
  /** CCRR labels in each hex (default true). */
  labels?: boolean
  /** Caption under the map: turn, phase, who acts, wings and their orders (default true). */
  panel?: boolean
  /** Extra caption line (e.g. "step 12 / 80"). */
  title?: string
  /** 'all' (default); 'base': terrain, roads and hexsides; 'pieces': highlights, units, leaders and
   *  the caption on a transparent background. The two stacked make 'all': a viewer draws the base
   *  once per scenario and redraws only the pieces at each step. */
  layer?: 'all' | 'base' | 'pieces'
}

/** Fill of each terrain id (both rulesets' vocabularies); unknown ids get `fallback`. */
export const TERRAIN_FILLS = {
  clear: '#e9e4c9',
  woods: '#8fb27a',
  dense: '#a9c08a',
  rough: '#cdbf95',
  marsh: '#b9d2c4',
  village: '#c9a98a',
  farm: '#d8b98f',
  water: '#8fb6d9',
  town: '#c9a98a',
  hill: '#d9c9a0',
  // hbl terrain
  open: '#e9e4c9',
  broken: '#cdbf95',
  vineyard: '#b8c98a',
  fallback: '#dddddd',
} as const

/** Strokes of hexside features; unknown features are drawn dashed grey. */
export const HEXSIDE_STYLES = {
  stream: { stroke: '#3f7fbf', width: 4, dash: '' },
  canal: { stroke: '#2f6faf', width: 5, dash: '' },
  ditch: { stroke: '#7a5c3a', width: 3, dash: '4 2' },
  hedge: { stroke: '#3c6e2f', width: 4, dash: '2 2' },
  wall: { stroke: '#6b6b6b', width: 4, dash: '' },
  fortification: { stroke: '#4d4d4d', width: 5, dash: '6 2' },
  rampart: { stroke: '#4d4d4d', width: 5, dash: '6 2' },
  bridge: { stroke: '#8a6a3a', width: 6, dash: '' },
  fallback: { stroke: '#777777', width: 3, dash: '3 3' },
} as const

export const SIDE_COLOURS = [
  { fill: '#cfe0f5', stroke: '#1f4e8c', text: '#0f2f5c' },
  { fill: '#f5d3cf', stroke: '#9c2a1f', text: '#5c140f' },
] as const

export const ORDER_COLOURS: Readonly<Record<string, string>> = { charge: '#c0392b', march: '#2e86c1', rally: '#27ae60', hold: '#7f8c8d' }

/** Status marks: short text and colour; statuses not listed (normal, ordered) are not marked. */
export const STATUS_MARKS: Readonly<Record<string, { text: string; colour: string }>> = {
  disordered: { text: 'D', colour: '#d4ac0d' },
  shaken: { text: 'S', colour: '#e67e22' },
  broken: { text: 'B', colour: '#c0392b' },
  routed: { text: 'R', colour: '#c0392b' },
  rout: { text: 'R', colour: '#c0392b' },
  retiring: { text: 'r', colour: '#e67e22' },
  routing: { text: 'R', colour: '#c0392b' },
  vexed: { text: 'V', colour: '#e67e22' },
}

export type Arm = 'cav' | 'inf' | 'shot' | 'art' | 'other'

/** Arm (drives the NATO-style symbol) and short label of each unit type of both rulesets. */
export const UNIT_STYLES: Readonly<Record<string, { arm: Arm; label: string }>> = {
  // piwam codes
  G: { arm: 'cav', label: 'G' },
  C: { arm: 'cav', label: 'C' },
  R: { arm: 'cav', label: 'R' },
  A: { arm: 'shot', label: 'A' },
  S: { arm: 'inf', label: 'S' },
  L: { arm: 'inf', label: 'L' },
  T: { arm: 'inf', label: 'T' },
  F: { arm: 'inf', label: 'F' },
  H: { arm: 'shot', label: 'H' },
  E: { arm: 'shot', label: 'E' },
  ART: { arm: 'art', label: 'Art' },
  // marignan counters
  gendarmes: { arm: 'cav', label: 'Gd' },
  'light-horse': { arm: 'cav', label: 'LH' },
  'milan-cav': { arm: 'cav', label: 'MC' },
  aventuriers: { arm: 'inf', label: 'Av' },
  gascons: { arm: 'shot', label: 'Ga' },
  landsknechts: { arm: 'inf', label: 'Lk' },
  'lk-shot': { arm: 'shot', label: 'LkS' },
  cannon: { arm: 'art', label: 'Can' },
  'swiss-pike': { arm: 'inf', label: 'SwP' },
  'swiss-pike-r': { arm: 'inf', label: 'SwR' },
  'swiss-pike-6': { arm: 'inf', label: 'Sw6' },
  'swiss-arq': { arm: 'shot', label: 'SwA' },
  // cfeo troop types
  pike: { arm: 'inf', label: 'Pk' },
  skirmishers: { arm: 'shot', label: 'Sk' },
  tercio: { arm: 'shot', label: 'Tc' },
  swordsmen: { arm: 'inf', label: 'Sw' },
  rabble: { arm: 'inf', label: 'Rb' },
  'heavy-cavalry': { arm: 'cav', label: 'HC' },
  reiters: { arm: 'cav', label: 'Rt' },
  'light-cavalry': { arm: 'cav', label: 'LC' },
  'gun-light': { arm: 'art', label: 'Lt' },
  'gun-medium': { arm: 'art', label: 'Md' },
  'gun-heavy': { arm: 'art', label: 'Hv' },
  // hbl troop types (the others share marignan's and cfeo's ids)
  'lance-spezzate': { arm: 'cav', label: 'LS' },
  'archer-cavalry': { arm: 'cav', label: 'Ac' },
  genitors: { arm: 'cav', label: 'Gn' },
  'mounted-arquebus': { arm: 'shot', label: 'MA' },
  'landsknechts-small': { arm: 'inf', label: 'lk' },
  colunela: { arm: 'shot', label: 'Co' },
  arquebusiers: { arm: 'shot', label: 'Aq' },
  artillery: { arm: 'art', label: 'Art' },
}

const SQRT3 = Math.sqrt(3)
const f1 = (n: number): string => (Math.round(n * 10) / 10).toFixed(1).replace(/\.0$/, '')

const ESC: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESC[c] ?? c)

/** Pixel geometry of a map drawn with radius `size` (margin included). */
export interface HexGeometry {
  readonly size: number
  readonly margin: number
  readonly width: number
  readonly mapHeight: number
  centre(col: number, row: number): [number, number]
}

export function hexGeometry(cols: number, rows: number, size: number, margin = 18): HexGeometry {
  const h = SQRT3 * size
  return {
    size,
    margin,
    width: 2 * margin + size * (1.5 * cols + 0.5),
    mapHeight: 2 * margin + h * (rows + (cols > 1 ? 0.5 : 0)),
    centre: (col, row) => [margin + size + 1.5 * size * col, margin + h / 2 + h * row + ((col & 1) === 1 ? h / 2 : 0)],
  }
}

/** Corner k of a flat-topped hex, screen angle 60k degrees (0 = east, y down): 0 E, 1 SE-ish ... */
const corner = (cx: number, cy: number, r: number, k: number): [number, number] => {
  const a = (Math.PI / 180) * 60 * k
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)]
}
/** Screen angle (degrees) of vertex direction v: NE vertex is at 300 degrees, then clockwise. */
export const vertexAngle = (v: number): number => (300 + 60 * v) % 360
/** Screen angle (degrees) of the midpoint of side d: N is straight up (270). */
export const sideAngle = (d: number): number => (270 + 60 * d) % 360

function hexPoints(cx: number, cy: number, r: number): string {
  const pts: string[] = []
  for (let k = 0; k < 6; k++) {
    const [x, y] = corner(cx, cy, r, k)
    pts.push(`${f1(x)},${f1(y)}`)
  }
  return pts.join(' ')
}

/** Direction index of a facing name under the given kind, or -1. */
export function facingIndex(kind: FacingKind, facing: string | null): number {
  if (facing === null) return -1
  return kind === 'vertex' ? (VERTEX_NAMES as readonly string[]).indexOf(facing) : (SIDE_NAMES as readonly string[]).indexOf(facing)
}

/** mttsog formations as fought: line, column, square, open order, march column, limbered, unlimbered. */
const FORMATION_MARKS: Readonly<Record<string, string>> = { line: 'L', column: 'C', square: 'Q', open: 'O', march: 'M', limbered: 'lim', unlimbered: 'U', unformed: 'u' }
/** Short words of mttsog profile ids: light-inf -> LtI, line-pre1812 -> Ln, heavy-cav -> HvC. */
const MTTSOG_WORDS: Readonly<Record<string, string>> = { light: 'Lt', line: 'Ln', heavy: 'Hv', foot: 'Ft', horse: 'Hs', inf: 'I', cav: 'C', art: 'A', pre1812: '' }
/** mttsog views carry the arm; the label is the profile id without its nation prefix. */
function mttsogStyle(u: UnitView): { arm: Arm; label: string } | null {
  if (u.arm !== 'inf' && u.arm !== 'cav' && u.arm !== 'art') return null
  return { arm: u.arm, label: u.type.replace(/^[a-z]{2}-/, '').split('-').map((w) => MTTSOG_WORDS[w] ?? w.slice(0, 2)).join('') }
}

function unitStyle(type: string): { arm: Arm; label: string } {
  return UNIT_STYLES[type] ?? { arm: 'other', label: type.slice(0, 3) }
}

/** NATO-ish symbol inside a box of half-width w, half-height h centred at (x, y). */
function armSymbol(arm: Arm, x: number, y: number, w: number, h: number, stroke: string): string {
  const l = f1(x - w)
  const r = f1(x + w)
  const t = f1(y - h)
  const b = f1(y + h)
  const box = `<rect x="${l}" y="${t}" width="${f1(2 * w)}" height="${f1(2 * h)}" fill="none" stroke="${stroke}" stroke-width="1"/>`
  switch (arm) {
    case 'inf':
      return `${box}<path d="M${l} ${t}L${r} ${b}M${l} ${b}L${r} ${t}" stroke="${stroke}" stroke-width="1"/>`
    case 'cav':
      return `${box}<path d="M${l} ${b}L${r} ${t}" stroke="${stroke}" stroke-width="1"/>`
    case 'shot':
      return `${box}<path d="M${l} ${t}L${r} ${b}M${l} ${b}L${r} ${t}" stroke="${stroke}" stroke-width="1"/><circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(h * 0.35)}" fill="${stroke}"/>`
    case 'art':
      return `${box}<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(h * 0.45)}" fill="${stroke}"/>`
    default:
      return box
  }
}

interface Ctx {
  readonly sc: Scenario
  readonly grid: HexGrid
  readonly geo: HexGeometry
  readonly kind: FacingKind
  readonly hlUnits: ReadonlySet<string>
  readonly selected: string | null
  readonly wingOrder: ReadonlyMap<string, string | null>
}

function centreOf(c: Ctx, label: string): [number, number] | null {
  const h = hexOfLabel(c.grid, label)
  if (h < 0) return null
  return c.geo.centre(h % c.grid.cols, (h / c.grid.cols) | 0)
}

function drawCounter(c: Ctx, u: UnitView, x: number, y: number, s: number): string {
  const col = SIDE_COLOURS[u.side]
  const st = mttsogStyle(u) ?? unitStyle(u.type)
  const half = s / 2
  const out: string[] = []
  const dim = u.acted === true || u.fired === true ? ' opacity="0.8"' : ''
  out.push(`<g class="unit side${u.side}" data-unit="${escapeXml(u.id)}"${dim}>`)
  out.push(`<title>${escapeXml(`${u.id} (${u.type}) ${u.status}${u.facing ? `, facing ${u.facing}` : ''}${u.wing ? `, wing ${u.wing}` : ''}`)}</title>`)
  if (c.hlUnits.has(u.id) || c.selected === u.id) {
    const pad = c.selected === u.id ? 5 : 3.5
    out.push(`<rect class="hl-unit" x="${f1(x - half - pad)}" y="${f1(y - half - pad)}" width="${f1(s + 2 * pad)}" height="${f1(s + 2 * pad)}" rx="3" fill="none" stroke="${c.selected === u.id ? '#ff00aa' : '#ffb000'}" stroke-width="${c.selected === u.id ? 3 : 2.5}"/>`)
  }
  out.push(`<rect x="${f1(x - half)}" y="${f1(y - half)}" width="${f1(s)}" height="${f1(s)}" rx="2" fill="${col.fill}" stroke="${col.stroke}" stroke-width="1.5"/>`)
  // Symbol in the upper part, type label below it.
  out.push(armSymbol(st.arm, x, y - s * 0.14, s * 0.28, s * 0.17, col.stroke))
  out.push(`<text x="${f1(x)}" y="${f1(y + s * 0.36)}" font-size="${f1(s * 0.3)}" text-anchor="middle" font-family="sans-serif" font-weight="bold" fill="${col.text}">${escapeXml(st.label)}</text>`)
  // Wing order dot, top-left corner.
  const order = u.wing ? (c.wingOrder.get(u.wing) ?? null) : null
  if (order) out.push(`<circle cx="${f1(x - half + s * 0.12)}" cy="${f1(y - half + s * 0.12)}" r="${f1(s * 0.08)}" fill="${ORDER_COLOURS[order] ?? '#555'}"><title>${escapeXml(`wing ${u.wing}: ${order}`)}</title></circle>`)
  // Status mark, top-right corner.
  const mark = STATUS_MARKS[u.status]
  if (mark) {
    out.push(`<rect class="status" x="${f1(x + half - s * 0.3)}" y="${f1(y - half)}" width="${f1(s * 0.3)}" height="${f1(s * 0.3)}" fill="${mark.colour}"/>`)
    out.push(`<text x="${f1(x + half - s * 0.15)}" y="${f1(y - half + s * 0.24)}" font-size="${f1(s * 0.24)}" text-anchor="middle" font-family="sans-serif" font-weight="bold" fill="#fff">${mark.text}</text>`)
  }
  // mttsog: stands left (bottom-left), formation as fought (bottom-right), exhausted (dashed outline)
  if (typeof u.stands === 'number') out.push(`<text class="stands" x="${f1(x - half + s * 0.12)}" y="${f1(y + half - s * 0.06)}" font-size="${f1(s * 0.22)}" text-anchor="middle" font-family="sans-serif" fill="${col.text}">${u.stands}</text>`)
  const fname = typeof u.fighting === 'string' ? u.fighting : typeof u.formation === 'string' ? u.formation : undefined
  const fm = fname === undefined ? undefined : FORMATION_MARKS[fname]
  if (fm) out.push(`<text class="formation" x="${f1(x + half - s * 0.12)}" y="${f1(y + half - s * 0.06)}" font-size="${f1(s * 0.22)}" text-anchor="middle" font-family="sans-serif" font-weight="bold" fill="${col.text}">${fm}${typeof u.ranks === 'number' && fname === 'line' ? u.ranks : ''}<title>${escapeXml(String(fname))}${typeof u.ranks === 'number' ? ` ${u.ranks} deep` : ''}</title></text>`)
  // hbl: unit integrity left (bottom-left, with the UI lost), an unloaded shooter (bottom-right, hollow ring)
  if (typeof u.ui === 'number' && typeof u.uiLost === 'number') out.push(`<text class="ui" data-ui="${u.ui}" x="${f1(x - half + s * 0.14)}" y="${f1(y + half - s * 0.06)}" font-size="${f1(s * 0.22)}" text-anchor="middle" font-family="sans-serif" font-weight="bold" fill="${col.text}">${u.ui}<title>${u.ui} UI left, ${u.uiLost} lost${typeof u.stubbornLeft === 'number' && u.stubbornLeft > 0 ? `, ${u.stubbornLeft} stubborn` : ''}${typeof u.chipsLost === 'number' ? `; ${u.chipsLost} chips lost` : ''}</title></text>`)
  if (u.shoots === true && u.loaded === false) out.push(`<circle class="unloaded" cx="${f1(x + half - s * 0.14)}" cy="${f1(y + half - s * 0.14)}" r="${f1(s * 0.08)}" fill="none" stroke="${col.text}" stroke-width="1.2"><title>unloaded</title></circle>`)
  // cfeo: disorder points as gravel along the counter's foot
  if (typeof u.dp === 'number' && u.dp > 0) {
    const n = Math.min(6, u.dp)
    const parts: string[] = []
    for (let i = 0; i < n; i++) parts.push(`<circle cx="${f1(x - s * 0.3 + i * s * 0.12)}" cy="${f1(y + half + s * 0.1)}" r="${f1(s * 0.05)}" fill="#6e6e6e"/>`)
    out.push(`<g class="dp"><title>${u.dp} DP</title>${parts.join('')}</g>`)
  }
  if (u.exhausted === true) out.push(`<rect class="exhausted" x="${f1(x - half + 2)}" y="${f1(y - half + 2)}" width="${f1(s - 4)}" height="${f1(s - 4)}" fill="none" stroke="#d4ac0d" stroke-width="1.5" stroke-dasharray="3 2"/>`)
  if (u.hedgehog === true) out.push(`<rect x="${f1(x - half - 1.5)}" y="${f1(y - half - 1.5)}" width="${f1(s + 3)}" height="${f1(s + 3)}" fill="none" stroke="${col.stroke}" stroke-width="1" stroke-dasharray="2 1.5"/>`)
  // Facing arrow: from the counter's edge toward the vertex or hexside faced.
  const fi = facingIndex(c.kind, u.facing)
  if (fi >= 0) {
    const a = ((c.kind === 'vertex' ? vertexAngle(fi) : sideAngle(fi)) * Math.PI) / 180
    const r0 = half * 0.9
    const r1 = half + c.geo.size * 0.28
    const dx = Math.cos(a)
    const dy = Math.sin(a)
    const px = -dy
    const py = dx
    const bx = x + dx * r0
    const by = y + dy * r0
    const tx = x + dx * r1
    const ty = y + dy * r1
    const w = s * 0.14
    out.push(`<path class="facing" d="M${f1(bx + px * w)} ${f1(by + py * w)}L${f1(tx)} ${f1(ty)}L${f1(bx - px * w)} ${f1(by - py * w)}Z" fill="${col.stroke}"/>`)
  }
  out.push('</g>')
  return out.join('')
}

function drawLeader(c: Ctx, l: LeaderView, x: number, y: number, r: number): string {
  const col = SIDE_COLOURS[l.side]
  const hl = c.hlUnits.has(l.id) || c.selected === l.id
  const name = c.sc.leaders.find((d) => d.id === l.id)?.name ?? l.id
  const initials = name
    .split(/[\s-]+/)
    .filter((w) => /^[A-Z]/.test(w))
    .map((w) => w[0])
    .join('')
    .slice(0, 2) || l.id.slice(-2)
  return (
    `<g class="leader side${l.side}${typeof l.attached === 'string' ? ' attached' : ''}" data-leader="${escapeXml(l.id)}"><title>${escapeXml(`${name} (${l.id}), ${l.role}${l.wing ? ` of ${l.wing}` : ''}${typeof l.attached === 'string' ? `, attached to ${l.attached}` : ''}${typeof l.influence === 'string' ? `, ${l.influence === 'inspire' ? 'inspiring' : 'steadying'}` : ''}`)}</title>` +
    (hl ? `<circle class="hl-unit" cx="${f1(x)}" cy="${f1(y)}" r="${f1(r + 3.5)}" fill="none" stroke="${c.selected === l.id ? '#ff00aa' : '#ffb000'}" stroke-width="2.5"/>` : '') +
    `<circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r)}" fill="${l.role === 'army' || l.role === 'general' ? '#f1c40f' : '#ffffff'}" stroke="${col.stroke}" stroke-width="1.5"/>` +
    `<text x="${f1(x)}" y="${f1(y + r * 0.4)}" font-size="${f1(r * 1.05)}" text-anchor="middle" font-family="sans-serif" font-weight="bold" fill="${col.text}">${escapeXml(initials)}</text></g>`
  )
}

/** A messenger on his way with new orders for a wing, if the wing's view carries one (any ruleset whose
 *  wings have `messenger: { hex, order }`; cfeo's do). */
export function messengerOf(w: WingView): { hex: string; order: string } | null {
  const m = w['messenger']
  if (typeof m !== 'object' || m === null) return null
  const { hex, order } = m as Record<string, unknown>
  return typeof hex === 'string' && typeof order === 'string' ? { hex, order } : null
}

/** Where the i-th of n messengers of a hex stands, in hex radii from its centre: the pole's x, the
 *  pennant's top, the scale, and 1 or -1 for a pennant flying right or left. Beside a counter (its box
 *  is 0.475 either side of the centre) he stands clear of it, within the hex: lower right, upper right,
 *  upper left (the lower left is the leaders'); more are stacked on those, a little further out. In an
 *  empty hex they stand in its middle, up to three a row. */
function messengerSlot(i: number, n: number, beside: boolean): { x: number; top: number; k: number; pole: number; dir: 1 | -1 } {
  if (beside) {
    const out = 0.1 * Math.floor(i / 3)
    const slot = i % 3
    // the upper ones' poles are short, to end above the lower right pennant
    return slot === 0 ? { x: 0.55, top: 0.08 + out, k: 0.8, pole: 0.4, dir: 1 } : { x: slot === 1 ? 0.55 : -0.55, top: -0.32 - out, k: 0.8, pole: 0.3, dir: slot === 1 ? 1 : -1 }
  }
  const cols = Math.min(n, 3)
  const k = n > 3 ? 1 : 1.3
  const gap = n > 3 ? 0.4 : 0.45
  return { x: -0.16 - (gap / 2) * (cols - 1) + gap * (i % 3), top: n > 3 ? -0.5 + 0.55 * Math.floor(i / 3) : -0.34, k, pole: 0.5 * k, dir: 1 }
}

/** A messenger: a pennant on a pole in the sending side's colour (messengerSlot says where). The group
 *  is translated to the hex centre; the title names the battalia and the order. */
function drawMessenger(w: WingView, hex: string, order: string, x: number, y: number, size: number, i: number, n: number, beside: boolean): string {
  const col = SIDE_COLOURS[w.side]
  const at = messengerSlot(i, n, beside)
  const dx = size * at.x
  const top = size * at.top
  const h = size * 0.26 * at.k
  const foot = top + size * at.pole
  const tip = dx + at.dir * size * 0.29 * at.k
  const notch = tip - at.dir * size * 0.1 * at.k
  const pennant = `M${f1(dx)} ${f1(top)}L${f1(tip)} ${f1(top)}L${f1(notch)} ${f1(top + h / 2)}L${f1(tip)} ${f1(top + h)}L${f1(dx)} ${f1(top + h)}Z`
  const pole = `M${f1(dx)} ${f1(foot)}L${f1(dx)} ${f1(top)}`
  return (
    `<g class="messenger side${w.side}" data-messenger="${escapeXml(w.id)}" data-at="${escapeXml(hex)}" transform="translate(${f1(x)} ${f1(y)})">` +
    `<title>${escapeXml(`messenger to ${w.id}: ${order}`)}</title>` +
    // a white halo first, so the pennant reads over terrain, facing arrows and hexsides
    `<path d="${pole}" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>` +
    `<path d="${pennant}" fill="#fff" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<path d="${pole}" stroke="${col.text}" stroke-width="1.5" stroke-linecap="round"/>` +
    `<path class="pennant" d="${pennant}" fill="${col.stroke}"/></g>`
  )
}

/** Text parts joined by spaces on lines of at most `maxChars` (about), broken only between parts. */
function wrapParts(parts: readonly string[], maxChars: number): string[] {
  const lines: string[] = []
  let cur = ''
  for (const part of parts) {
    if (cur !== '' && cur.length + 1 + part.length > maxChars) {
      lines.push(cur)
      cur = part
    } else cur = cur === '' ? part : `${cur} ${part}`
  }
  lines.push(cur)
  return lines
}

/** A wing's line under the map: id and order, [markers], — name; on a narrow map (each side has half
 *  the width) it is broken between those parts, never inside one. */
function wingBadgeLines(w: WingView, sc: Scenario, maxChars: number): string[] {
  const name = sc.wings.find((d) => d.id === w.id)?.name ?? w.id
  const parts = [`${w.id}${w.order ? ` ${w.order}` : ''}`]
  if (w.markers.length) parts.push(`[${w.markers.join(', ')}]`)
  if (name !== w.id) parts.push(`— ${name}`)
  return wrapParts(parts, maxChars)
}

/**
 * Card-driven rulesets (hbl): the current card, the pips, and each side's chips and remaining
 * cards by type, read from the view's `card`, `pips`, `chips`, `chipsLost`, `decks` fields.
 */
export function deckPanel(sc: Scenario, view: GameView, maxChars = Infinity): { side: 0 | 1 | null; text: string }[] {
  const decks = view['decks']
  if (!Array.isArray(decks)) return []
  const num = (v: unknown, i: number): number => (Array.isArray(v) && typeof v[i] === 'number' ? (v[i] as number) : 0)
  const card = typeof view['card'] === 'string' ? view['card'] : null
  const cs = view['cardSide'] === 0 || view['cardSide'] === 1 ? view['cardSide'] : null
  const lines: { side: 0 | 1 | null; text: string }[] = [
    { side: cs, text: card ? `card: ${card} (${sc.sides[cs ?? 0].name}${view['stolen'] === true ? ', stolen pip' : ''})` : 'card: none (initiative)' },
  ]
  for (const p of [0, 1] as const) {
    const d = (decks[p] ?? {}) as Record<string, number>
    const left = Object.values(d).reduce((a, b) => a + b, 0)
    const list = Object.entries(d)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')
    const text = `${sc.sides[p].name}: chips ${num(view['chips'], p)} (lost ${num(view['chipsLost'], p)}), pips ${num(view['pips'], p)}, ${left} cards: ${list}`
    // Long deck lists wrap at a comma so the panel stays inside narrow maps.
    let rest = text
    while (rest.length > maxChars) {
      const cut = rest.lastIndexOf(', ', maxChars - 1)
      if (cut <= 0) break
      lines.push({ side: p, text: rest.slice(0, cut + 1) })
      rest = `   ${rest.slice(cut + 2)}`
    }
    lines.push({ side: p, text: rest })
  }
  return lines
}

const grids = new Map<string, HexGrid>()
/** Grids are immutable, so one per map size is kept (makeGrid's distance table is the costly part). */
function gridOf(cols: number, rows: number): HexGrid {
  const k = `${cols}x${rows}`
  let g = grids.get(k)
  if (!g) {
    g = makeGrid(cols, rows)
    grids.set(k, g)
  }
  return g
}

/** The whole picture as an SVG document string. */
export function renderSvg(sc: Scenario, view: GameView, opts: SvgOptions = {}): string {
  const size = opts.hexSize ?? 30
  const { cols, rows } = sc.map
  const grid = gridOf(cols, rows)
  const layer = opts.layer ?? 'all'
  const geo = hexGeometry(cols, rows, size)
  const kind = opts.facing ?? FACING_BY_RULESET[sc.ruleset] ?? 'vertex'
  const wingOrder = new Map<string, string | null>(view.wings.map((w) => [w.id, w.order]))
  const c: Ctx = { sc, grid, geo, kind, hlUnits: new Set(opts.highlightUnits ?? []), selected: opts.selected ?? null, wingOrder }
  const hlHexes = new Set(opts.highlightHexes ?? [])
  const panel = opts.panel ?? true
  const lineH = 16
  // 13 px sans-serif is about 7 px a character; the dot takes 14 px of each side's half
  const wingChars = Math.max(24, Math.floor((geo.width / 2 - 14 - 8) / 7))
  const wingLines = panel ? [0, 1].map((p) => view.wings.filter((w) => w.side === p).map((w) => ({ w, lines: wingBadgeLines(w, sc, wingChars) }))) : [[], []]
  const wingRows = wingLines.map((ws) => ws.reduce((n, x) => n + x.lines.length, 0))
  const deckLines = panel ? deckPanel(sc, view, Math.max(40, Math.floor((geo.width - 24) / 7))) : []
  // the bold line under the map (scenario, turn, phase, who acts, losses), broken at its dash and semicolons
  const d = view.decision
  const lost = [0, 1].map((p) => view.units.filter((u) => u.side === p && u.eliminated).length)
  const who = d ? `${sc.sides[d.player].name} to act: ${d.kind}${d.subject ? ` (${d.subject})` : ''}` : 'game over'
  const headLines = panel ? wrapParts([sc.name, `— turn ${view.turn} of ${sc.turns}, ${view.phase};`, `${who};`, `lost ${lost[0]}–${lost[1]}`], Math.max(40, Math.floor((geo.width - 24) / 7.5))) : []
  const panelLines = panel ? 1 + headLines.length + (opts.title ? 1 : 0) + deckLines.length + Math.max(wingRows[0] ?? 0, wingRows[1] ?? 0) : 0
  const height = geo.mapHeight + (panel ? panelLines * lineH + 12 : 0)
  const out: string[] = []
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" class="tercio-map layer-${layer}" viewBox="0 0 ${f1(geo.width)} ${f1(height)}" width="${f1(geo.width)}" height="${f1(height)}" data-ruleset="${escapeXml(sc.ruleset)}" data-scenario="${escapeXml(sc.id)}">`)
  out.push(`<title>${escapeXml(`${sc.name}: turn ${view.turn}, ${view.phase}`)}</title>`)
  if (layer !== 'pieces') {
    out.push(`<rect width="100%" height="100%" fill="#faf8f0"/>`)

    // Terrain, elevation, labels.
    const elev = sc.map.elevation
    out.push('<g class="hexes">')
    for (let row = 0; row < rows; row++) {
      const line = sc.map.terrain[row] ?? ''
      for (let col = 0; col < cols; col++) {
        const [x, y] = geo.centre(col, row)
        const label = grid.labels[row * cols + col] as string
        const t = sc.map.legend[line[col] ?? '.'] ?? 'clear'
        const fill = (TERRAIN_FILLS as Record<string, string>)[t] ?? TERRAIN_FILLS.fallback
        out.push(`<polygon class="hex t-${escapeXml(t)}" data-hex="${label}" points="${hexPoints(x, y, size)}" fill="${fill}" stroke="#9a9480" stroke-width="0.8"><title>${label} ${escapeXml(t)}</title></polygon>`)
        const e = Number((elev?.[row] ?? '')[col] ?? '0') || 0
        // Higher ground darker: a brown wash, stronger per level.
        if (e > 0) out.push(`<polygon class="elev" points="${hexPoints(x, y, size * 0.97)}" fill="#7a5230" fill-opacity="${Math.min(0.5, 0.13 * e).toFixed(2)}" pointer-events="none"/>`)
        if (t === 'woods' || t === 'dense') out.push(`<circle cx="${f1(x - size * 0.45)}" cy="${f1(y + size * 0.45)}" r="${f1(size * 0.12)}" fill="#4f7a3a" pointer-events="none"/><circle cx="${f1(x + size * 0.45)}" cy="${f1(y + size * 0.45)}" r="${f1(size * 0.12)}" fill="#4f7a3a" pointer-events="none"/>`)
        if (t === 'village' || t === 'farm') out.push(`<rect x="${f1(x + size * 0.3)}" y="${f1(y + size * 0.3)}" width="${f1(size * 0.25)}" height="${f1(size * 0.2)}" fill="#8a5a3a" pointer-events="none"/>`)
        if (opts.labels ?? true) out.push(`<text x="${f1(x)}" y="${f1(y - size * 0.62)}" font-size="${f1(size * 0.26)}" text-anchor="middle" font-family="sans-serif" fill="#7b7560" pointer-events="none">${label}</text>`)
      }
    }
    out.push('</g>')

    // Roads: lines through hex centres.
    for (const road of sc.map.roads ?? []) {
      const pts = road.map((l) => centreOf(c, l)).filter((p): p is [number, number] => p !== null)
      if (pts.length > 1) out.push(`<polyline class="road" points="${pts.map(([x, y]) => `${f1(x)},${f1(y)}`).join(' ')}" fill="none" stroke="#8b6b45" stroke-width="${f1(size * 0.16)}" stroke-linecap="round" stroke-linejoin="round" pointer-events="none"/>`)
    }

    // Hexside features on the shared side of two hexes.
    for (const hs of sc.map.hexsides ?? []) {
      const a = hexOfLabel(grid, hs.hexes[0])
      const b = hexOfLabel(grid, hs.hexes[1])
      if (a < 0 || b < 0) continue
      const d = directionTo(grid, a, b)
      if (d < 0) continue
      const [x, y] = geo.centre(a % cols, (a / cols) | 0)
      // Side d spans corners at screen angles 240+60d and 300+60d.
      const [x1, y1] = corner(x, y, size, (4 + d) % 6)
      const [x2, y2] = corner(x, y, size, (5 + d) % 6)
      const st = (HEXSIDE_STYLES as Record<string, { stroke: string; width: number; dash: string }>)[hs.feature] ?? HEXSIDE_STYLES.fallback
      out.push(`<line class="hexside f-${escapeXml(hs.feature)}" x1="${f1(x1)}" y1="${f1(y1)}" x2="${f1(x2)}" y2="${f1(y2)}" stroke="${st.stroke}" stroke-width="${st.width}" stroke-linecap="round"${st.dash ? ` stroke-dasharray="${st.dash}"` : ''} pointer-events="none"><title>${escapeXml(`${hs.feature} ${hs.hexes[0]}-${hs.hexes[1]}`)}</title></line>`)
    }
  }

  if (layer !== 'base') {
    // Highlighted hexes (legal targets), on top of the terrain but under the counters.
    for (const label of grid.labels) {
      if (!hlHexes.has(label)) continue
      const p = centreOf(c, label)
      if (!p) continue
      out.push(`<polygon class="hl-hex" data-hex="${label}" points="${hexPoints(p[0], p[1], size * 0.9)}" fill="#ffd54a" fill-opacity="0.35" stroke="#ff9800" stroke-width="2.5"/>`)
    }

    // Units, stacked within their hex in scenario order.
    const byHex = new Map<string, UnitView[]>()
    for (const u of view.units) {
      if (u.hex === null || u.eliminated) continue
      const list = byHex.get(u.hex)
      if (list) list.push(u)
      else byHex.set(u.hex, [u])
    }
    out.push('<g class="units">')
    for (const [label, list] of byHex) {
      const p = centreOf(c, label)
      if (!p) continue
      const n = list.length
      const s = n === 1 ? size * 0.95 : size * 0.7
      const step = n === 1 ? 0 : (size * 0.5) / (n - 1)
      for (let i = 0; i < n; i++) {
        const off = n === 1 ? 0 : -size * 0.25 + i * step
        out.push(drawCounter(c, list[i] as UnitView, p[0] + off, p[1] + off * 0.6, s))
      }
    }
    out.push('</g>')

    // Leaders: small discs at the lower left of their hex, fanned if several.
    const leadersByHex = new Map<string, LeaderView[]>()
    for (const l of view.leaders) {
      if (l.hex === null || l.removed) continue
      const list = leadersByHex.get(l.hex)
      if (list) list.push(l)
      else leadersByHex.set(l.hex, [l])
    }
    out.push('<g class="leaders">')
    for (const [label, list] of leadersByHex) {
      const p = centreOf(c, label)
      if (!p) continue
      list.forEach((l, i) => out.push(drawLeader(c, l, p[0] - size * 0.55 + i * size * 0.3, p[1] + size * 0.5, size * 0.2)))
    }
    out.push('</g>')

    // Messengers riding with new orders, over the pieces of their hex (beside the counter, not on it).
    const ridersByHex = new Map<string, { w: WingView; order: string }[]>()
    for (const w of view.wings) {
      const m = messengerOf(w)
      if (!m) continue
      const list = ridersByHex.get(m.hex)
      if (list) list.push({ w, order: m.order })
      else ridersByHex.set(m.hex, [{ w, order: m.order }])
    }
    const riders: string[] = []
    for (const [label, list] of ridersByHex) {
      const p = centreOf(c, label)
      if (!p) continue
      list.forEach((r, i) => riders.push(drawMessenger(r.w, label, r.order, p[0], p[1], size, i, list.length, byHex.has(label))))
    }
    if (riders.length > 0) out.push(`<g class="messengers">${riders.join('')}</g>`)

    if (panel) {
      let y = geo.mapHeight + lineH
      const x0 = geo.margin
      const txt = (x: number, yy: number, s: string, fill = '#333', bold = false) =>
        `<text x="${f1(x)}" y="${f1(yy)}" font-size="13" font-family="sans-serif"${bold ? ' font-weight="bold"' : ''} fill="${fill}">${escapeXml(s)}</text>`
      out.push('<g class="panel">')
      if (opts.title) {
        out.push(txt(x0, y, opts.title, '#333', true))
        y += lineH
      }
      for (const l of headLines) {
        out.push(txt(x0, y, l, '#333', true))
        y += lineH
      }
      for (const l of deckLines) {
        out.push(`<g class="deck">${txt(x0, y, l.text, l.side === null ? '#333' : SIDE_COLOURS[l.side].stroke)}</g>`)
        y += lineH
      }
      const half = geo.width / 2
      for (const p of [0, 1] as const) {
        const col = SIDE_COLOURS[p]
        out.push(txt(x0 + p * half, y, `${sc.sides[p].name}`, col.stroke, true))
        let row = 0
        for (const { w, lines } of wingLines[p] ?? []) {
          const yy = y + (row + 1) * lineH
          const oc = w.order ? (ORDER_COLOURS[w.order] ?? '#555') : '#bbb'
          out.push(`<g class="wing" data-wing="${escapeXml(w.id)}"><circle cx="${f1(x0 + p * half + 5)}" cy="${f1(yy - 4)}" r="5" fill="${oc}"/>${lines.map((l, k) => txt(x0 + p * half + 14, yy + k * lineH, l)).join('')}</g>`)
          row += lines.length
        }
      }
      out.push('</g>')
    }
  }
  out.push('</svg>')
  return out.join('\n')
}
