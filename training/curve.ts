// Learning-curve SVG from a metrics JSONL file (one object per update), with no
// native dependencies: two panels over agent steps — win rates (evaluation vs random
// and heuristic, training episodes) and mean episode return / entropy — and, for runs that
// began by imitating the heuristic, a third over that phase.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

interface Series {
  name: string
  color: string
  points: [number, number][]
  dots?: boolean
}

const W = 720
const PH = 220
const M = { l: 52, r: 150, t: 34, b: 30 }

function panel(y0: number, title: string, series: Series[], yMin: number, yMax: number, xMax: number): string {
  const pw = W - M.l - M.r
  const x = (v: number) => M.l + (xMax > 0 ? (v / xMax) * pw : 0)
  const y = (v: number) => y0 + PH - ((v - yMin) / (yMax - yMin || 1)) * PH
  const parts: string[] = [`<text x="${M.l}" y="${y0 - 8}" font-size="13" font-weight="bold">${esc(title)}</text>`]
  parts.push(`<rect x="${M.l}" y="${y0}" width="${pw}" height="${PH}" fill="none" stroke="#888"/>`)
  for (let i = 0; i <= 4; i++) {
    const v = yMin + ((yMax - yMin) * i) / 4
    parts.push(`<line x1="${M.l}" x2="${M.l + pw}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" stroke="#eee"/>`)
    parts.push(`<text x="${M.l - 6}" y="${(y(v) + 4).toFixed(1)}" font-size="10" text-anchor="end">${fmt(v)}</text>`)
  }
  for (let i = 0; i <= 4; i++) {
    const v = (xMax * i) / 4
    parts.push(`<text x="${x(v).toFixed(1)}" y="${y0 + PH + 14}" font-size="10" text-anchor="middle">${fmt(v)}</text>`)
  }
  series.forEach((s, k) => {
    if (s.points.length > 0) {
      const d = s.points.map(([a, b], i) => `${i ? 'L' : 'M'}${x(a).toFixed(1)},${y(b).toFixed(1)}`).join(' ')
      parts.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="1.6"/>`)
      if (s.dots) for (const [a, b] of s.points) parts.push(`<circle cx="${x(a).toFixed(1)}" cy="${y(b).toFixed(1)}" r="2.5" fill="${s.color}"/>`)
    }
    const ly = y0 + 14 + k * 16
    parts.push(`<line x1="${M.l + pw + 10}" x2="${M.l + pw + 28}" y1="${ly - 4}" y2="${ly - 4}" stroke="${s.color}" stroke-width="2"/>`)
    parts.push(`<text x="${M.l + pw + 32}" y="${ly}" font-size="11">${esc(s.name)}</text>`)
  })
  return parts.join('\n')
}

const fmt = (v: number) => (Math.abs(v) >= 1000 ? `${Math.round(v / 1000)}k` : Number.isInteger(v) ? String(v) : v.toFixed(2))
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Exponential moving average, so noisy per-update values read as a trend. */
function smooth(points: [number, number][], a = 0.2): [number, number][] {
  let m: number | null = null
  return points.map(([x, y]) => {
    m = m === null ? y : m + a * (y - m)
    return [x, m]
  })
}

const series = (rows: readonly Record<string, unknown>[], x: string, k: string): [number, number][] => {
  const out: [number, number][] = []
  for (const r of rows) {
    const s = r[x]
    const v = r[k]
    if (typeof s === 'number' && typeof v === 'number' && Number.isFinite(v)) out.push([s, v])
  }
  return out
}

/** PPO metrics rows (one per update) and, when the run began with imitation, its rows
 *  (imitate.jsonl: step, samples, loss, accuracy; then one line with the evaluations). */
export function curveSvg(rows: readonly Record<string, unknown>[], title: string, imitate: readonly Record<string, unknown>[] = []): string {
  const pick = (k: string) => series(rows, 'steps', k)
  const xMax = Math.max(1, ...rows.map((r) => (typeof r.steps === 'number' ? r.steps : 0)))
  const ret = smooth(pick('meanReturn'))
  const ent = smooth(pick('entropy'))
  const rMin = Math.min(-1, ...ret.map((p) => p[1]))
  const rMax = Math.max(1, ...ret.map((p) => p[1]), ...ent.map((p) => p[1]))
  const panels = imitate.length > 0 ? 3 : 2
  const h = M.t + panels * PH + 60 * (panels - 1) + M.b + 20
  const imX = Math.max(1, ...imitate.map((r) => (typeof r.samples === 'number' ? r.samples : 0)))
  const body = [
    `<text x="${W / 2}" y="18" font-size="15" text-anchor="middle">${esc(title)}</text>`,
    panel(M.t + 10, 'win rate', [
      { name: 'eval vs random', color: '#2a7', points: pick('evalRandom'), dots: true },
      { name: 'eval vs heuristic', color: '#c33', points: pick('evalHeuristic'), dots: true },
      { name: 'training games', color: '#999', points: smooth(pick('trainWinRate')) },
    ], 0, 1, xMax),
    panel(M.t + PH + 70, 'episode return / entropy (EMA)', [
      { name: 'mean return', color: '#36c', points: ret },
      { name: 'policy entropy', color: '#d90', points: ent },
    ], rMin, rMax, xMax),
    `<text x="${M.l + (W - M.l - M.r) / 2}" y="${M.t + 2 * PH + 98}" font-size="11" text-anchor="middle">PPO agent steps</text>`,
  ]
  if (imitate.length > 0) {
    const y0 = M.t + 2 * PH + 130
    body.push(
      panel(y0, 'imitation of the heuristic, before PPO (x: labelled decisions)', [
        { name: 'agreement (greedy)', color: '#7a3', points: series(imitate, 'samples', 'accuracy') },
        { name: 'cross-entropy', color: '#888', points: series(imitate, 'samples', 'loss') },
        { name: 'eval vs random', color: '#2a7', points: series(imitate, 'samples', 'evalRandom'), dots: true },
        { name: 'eval vs heuristic', color: '#c33', points: series(imitate, 'samples', 'evalHeuristic'), dots: true },
      ], 0, Math.max(1, ...series(imitate, 'samples', 'loss').map((p) => p[1])), imX),
    )
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${h}" viewBox="0 0 ${W} ${h}" font-family="sans-serif">\n<rect width="100%" height="100%" fill="white"/>\n${body.join('\n')}\n</svg>\n`
}

const readJsonl = (file: string): Record<string, unknown>[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)

/** Reads metrics JSONL (and the imitation JSONL when given and present) and writes the SVG;
 *  returns the number of updates plotted. */
export function writeCurveSvg(metricsFile: string, svgFile: string, title: string, imitateFile?: string): number {
  const rows = readJsonl(metricsFile)
  writeFileSync(svgFile, curveSvg(rows, title, imitateFile && existsSync(imitateFile) ? readJsonl(imitateFile) : []))
  return rows.length
}
