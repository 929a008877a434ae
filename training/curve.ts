// Learning-curve SVG from a metrics JSONL file (one object per update), with no
// native dependencies: panels over PPO agent steps (or minutes of wall clock) — win rates (evaluation vs random
// and heuristic, training episodes), mean episode return, policy entropy, each on its own
// axis — and, for runs that began by imitation, one more over that phase. Ticks fall on
// round numbers; the title says what the run was and which opponents it trained against,
// read from the run's own config when the folder has one.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** What the PPO panels are drawn over. */
export const CURVE_AXES = ['steps', 'minutes'] as const
export type CurveAxis = (typeof CURVE_AXES)[number]

interface Series {
  name: string
  color: string
  points: [number, number][]
  dots?: boolean
}

const W = 760
const M = { l: 58, r: 160, t: 52, b: 30 }
/** Vertical space between panels (tick labels, axis name, the next title). */
const GAP = 64

/** Round-number ticks covering [lo, hi]: a step of 1, 2, 2.5 or 5 × 10^k giving about `n` intervals. */
export function niceTicks(lo: number, hi: number, n = 5): { ticks: number[]; step: number; lo: number; hi: number } {
  if (!(hi > lo)) hi = lo + 1
  const raw = (hi - lo) / n
  const mag = 10 ** Math.floor(Math.log10(raw))
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * mag >= raw * 0.999) ?? 10) * mag
  const a = Math.floor(lo / step + 1e-9) * step
  const b = Math.ceil(hi / step - 1e-9) * step
  const ticks: number[] = []
  for (let v = a; v <= b + step * 1e-6; v += step) ticks.push(Math.abs(v) < step * 1e-9 ? 0 : Number(v.toPrecision(12)))
  return { ticks, step, lo: a, hi: b }
}

/** Labels of an axis's ticks, with one unit (k, M) and the decimals its step needs: 0.25, 1.5, 200k, 1.25M. */
export function tickLabels(ticks: readonly number[], step: number, percent = false): string[] {
  if (percent) return ticks.map((v) => `${Math.round(v * 100)}%`)
  const top = Math.max(...ticks.map(Math.abs))
  const [d, unit] = top >= 1e6 ? [1e6, 'M'] : top >= 1e3 ? [1e3, 'k'] : [1, '']
  const stepText = String(Number((step / d).toPrecision(6)))
  const decimals = stepText.includes('.') ? stepText.length - stepText.indexOf('.') - 1 : 0
  return ticks.map((v) => (v === 0 ? '0' : `${(v / d).toFixed(decimals)}${unit}`))
}

function panel(y0: number, h: number, title: string, series: Series[], y: { lo: number; hi: number; percent?: boolean }, xMax: number, xName: string): string {
  const pw = W - M.l - M.r
  const xt = niceTicks(0, xMax)
  const yt = niceTicks(y.lo, y.hi, Math.max(3, Math.round(h / 45)))
  const px = (v: number) => M.l + (xMax > 0 ? (v / xMax) * pw : 0)
  const py = (v: number) => y0 + h - ((v - yt.lo) / (yt.hi - yt.lo || 1)) * h
  const parts: string[] = [`<text x="${M.l}" y="${y0 - 8}" font-size="13" font-weight="bold">${esc(title)}</text>`]
  parts.push(`<rect x="${M.l}" y="${y0}" width="${pw}" height="${h}" fill="none" stroke="#888"/>`)
  const yl = tickLabels(yt.ticks, yt.step, y.percent)
  yt.ticks.forEach((v, i) => {
    parts.push(`<line x1="${M.l}" x2="${M.l + pw}" y1="${py(v).toFixed(1)}" y2="${py(v).toFixed(1)}" stroke="${v === 0 && yt.lo < 0 ? '#bbb' : '#eee'}"/>`)
    parts.push(`<text x="${M.l - 6}" y="${(py(v) + 4).toFixed(1)}" font-size="10" text-anchor="end">${yl[i]}</text>`)
  })
  // x ticks at round numbers within the data's range (the axis ends at the last step).
  const xs = xt.ticks.filter((v) => v <= xMax * 1.0001)
  const xl = tickLabels(xs, xt.step)
  xs.forEach((v, i) => {
    parts.push(`<line x1="${px(v).toFixed(1)}" x2="${px(v).toFixed(1)}" y1="${y0 + h}" y2="${y0 + h + 4}" stroke="#888"/>`)
    parts.push(`<text x="${px(v).toFixed(1)}" y="${y0 + h + 15}" font-size="10" text-anchor="middle">${xl[i]}</text>`)
  })
  parts.push(`<text x="${M.l + pw}" y="${y0 + h + 28}" font-size="10" text-anchor="end" fill="#555">${esc(xName)}</text>`)
  series.forEach((s, k) => {
    if (s.points.length > 0) {
      const d = s.points.map(([a, b], i) => `${i ? 'L' : 'M'}${px(a).toFixed(1)},${py(b).toFixed(1)}`).join(' ')
      parts.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="1.6"/>`)
      if (s.dots) for (const [a, b] of s.points) parts.push(`<circle cx="${px(a).toFixed(1)}" cy="${py(b).toFixed(1)}" r="2.5" fill="${s.color}"/>`)
    }
    const ly = y0 + 14 + k * 16
    parts.push(`<line x1="${M.l + pw + 10}" x2="${M.l + pw + 28}" y1="${ly - 4}" y2="${ly - 4}" stroke="${s.color}" stroke-width="2"/>`)
    parts.push(`<text x="${M.l + pw + 32}" y="${ly}" font-size="11">${esc(s.name)}</text>`)
  })
  return parts.join('\n')
}

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

/** The parts of a run's config (training/train/config.ts) the title reads. */
export interface CurveRunConfig {
  ruleset?: string
  scenario?: string
  opponents?: { heuristic?: number; random?: number; league?: number }
  prior?: boolean
  imitate?: { steps?: number; teacher?: string }
  teacher?: { coef?: number; updates?: number }
  init?: string
}

/** "heuristic 80%, past snapshots of the policy 20%": the weights of a new episode's opponent, as shares. */
export function opponentMix(o: NonNullable<CurveRunConfig['opponents']>): string {
  const parts: [string, number][] = [
    ['heuristic', o.heuristic ?? 0],
    ['random', o.random ?? 0],
    ['past snapshots of the policy', o.league ?? 0],
  ]
  const total = parts.reduce((s, [, w]) => s + w, 0)
  if (!(total > 0)) return 'none'
  return parts
    .filter(([, w]) => w > 0)
    .map(([name, w]) => `${name} ${Math.round((100 * w) / total)}%`)
    .join(', ')
}

/** Title lines of a run: what was trained, then the opponents PPO played. */
export function curveTitle(c: CurveRunConfig): [string, string] {
  const what =
    c.prior === true
      ? 'a residual policy over the heuristic, trained by PPO'
      : `${c.init ? 'PPO from a saved checkpoint' : (c.imitate?.steps ?? 0) > 0 ? `imitation of ${c.imitate?.teacher ?? 'the heuristic'}, then PPO` : 'PPO from scratch'}`
  const kick = (c.teacher?.coef ?? 0) > 0 ? `, kickstarted by the heuristic (${c.teacher?.coef} → 0 over ${c.teacher?.updates} updates)` : ''
  const opp = c.opponents ? opponentMix(c.opponents) : 'unknown'
  const leagueNote = (c.opponents?.league ?? 0) > 0 ? ' (the heuristic until the first snapshot)' : ''
  return [`${c.ruleset ?? '?'}/${c.scenario ?? '?'}: ${what}${kick}`, `PPO opponents: ${opp}${leagueNote}`]
}

/** PPO metrics rows (one per update) and, when the run began with imitation, its rows
 *  (imitate.jsonl: step, samples, loss, accuracy; then one line with the evaluations).
 *  `title` is one line, or two (what the run was; its opponents). */
export function curveSvg(rows: readonly Record<string, unknown>[], title: string | readonly string[], imitate: readonly Record<string, unknown>[] = [], x: CurveAxis = 'steps'): string {
  // minutes: the wall clock of each update (metrics' `seconds`), for time-to-strength figures
  const xRows: readonly Record<string, unknown>[] = x === 'steps' ? rows : rows.map((r) => ({ ...r, minutes: typeof r.seconds === 'number' ? r.seconds / 60 : undefined }))
  const pick = (k: string) => series(xRows, x, k)
  const xMax = Math.max(x === 'steps' ? 1 : 1 / 60, ...xRows.map((r) => (typeof r[x] === 'number' ? (r[x] as number) : 0)))
  const ret = smooth(pick('meanReturn'))
  // known every update (games take ~250 decisions to end, an update is a few dozen): a short run still has a return curve
  const roll = smooth(pick('rolloutReward'))
  const ent = smooth(pick('entropy'))
  const lines = typeof title === 'string' ? [title] : [...title]
  const heights = [200, 150, 120]
  const top = M.t + 16 * (lines.length - 1)
  const y0 = [top, top + heights[0]! + GAP, top + heights[0]! + heights[1]! + 2 * GAP]
  const steps = x === 'steps' ? 'PPO agent steps' : 'minutes of wall clock (evaluations included)'
  const body = [
    ...lines.map((l, i) => `<text x="${W / 2}" y="${20 + 17 * i}" font-size="${i === 0 ? 15 : 12}" text-anchor="middle"${i === 0 ? '' : ' fill="#444"'}>${esc(l)}</text>`),
    panel(y0[0]!, heights[0]!, 'win rate', [
      { name: 'eval vs random', color: '#2a7', points: pick('evalRandom'), dots: true },
      { name: 'eval vs heuristic', color: '#c33', points: pick('evalHeuristic'), dots: true },
      { name: 'training games (EMA)', color: '#999', points: smooth(pick('trainWinRate')) },
    ], { lo: 0, hi: 1, percent: true }, xMax, steps),
    panel(y0[1]!, heights[1]!, 'return (EMA)', [
      { name: 'mean episode return', color: '#36c', points: ret },
      { name: 'reward per env per rollout', color: '#9ac', points: roll },
    ], {
      lo: Math.min(-1, ...ret.map((p) => p[1]), ...roll.map((p) => p[1])),
      hi: Math.max(1, ...ret.map((p) => p[1]), ...roll.map((p) => p[1])),
    }, xMax, steps),
    panel(y0[2]!, heights[2]!, 'policy entropy (EMA, nats)', [{ name: 'entropy', color: '#d90', points: ent }], {
      lo: 0,
      hi: Math.max(0.1, ...ent.map((p) => p[1])),
    }, xMax, steps),
  ]
  let h = y0[2]! + heights[2]! + M.b + 10
  if (imitate.length > 0) {
    const iy = h + GAP - 20
    const imX = Math.max(1, ...imitate.map((r) => (typeof r.samples === 'number' ? r.samples : 0)))
    body.push(
      panel(iy, heights[0]!, 'imitation before PPO', [
        { name: 'agreement (greedy)', color: '#7a3', points: series(imitate, 'samples', 'accuracy') },
        { name: 'cross-entropy', color: '#888', points: series(imitate, 'samples', 'loss') },
        { name: 'eval vs random', color: '#2a7', points: series(imitate, 'samples', 'evalRandom'), dots: true },
        { name: 'eval vs heuristic', color: '#c33', points: series(imitate, 'samples', 'evalHeuristic'), dots: true },
      ], { lo: 0, hi: Math.max(1, ...series(imitate, 'samples', 'loss').map((p) => p[1])) }, imX, 'labelled decisions'),
    )
    h = iy + heights[0]! + M.b + 10
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${h}" viewBox="0 0 ${W} ${h}" font-family="sans-serif">\n<rect width="100%" height="100%" fill="white"/>\n${body.join('\n')}\n</svg>\n`
}

const readJsonl = (file: string): Record<string, unknown>[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)

/** The training config saved with a run: `checkpoint/meta.json` in a run folder, or `meta.json`
 *  in a checkpoint folder that carries its metrics (checkpoints/*). */
export function runConfigBeside(metricsFile: string): CurveRunConfig | null {
  const dir = dirname(metricsFile)
  for (const f of [join(dir, 'checkpoint', 'meta.json'), join(dir, 'meta.json')]) {
    if (!existsSync(f)) continue
    try {
      const c = (JSON.parse(readFileSync(f, 'utf8')) as { config?: CurveRunConfig }).config
      if (c && typeof c === 'object') return c
    } catch {
      // an unreadable meta.json: fall back to the caller's title
    }
  }
  return null
}

/** Reads metrics JSONL (and the imitation JSONL when given and present) and writes the SVG;
 *  the title comes from the run's saved config when there is one, else `title`. Returns the
 *  number of updates plotted. */
export function writeCurveSvg(metricsFile: string, svgFile: string, title: string, imitateFile?: string, x: CurveAxis = 'steps'): number {
  const rows = readJsonl(metricsFile)
  const cfg = runConfigBeside(metricsFile)
  writeFileSync(svgFile, curveSvg(rows, cfg ? curveTitle(cfg) : title, imitateFile && existsSync(imitateFile) ? readJsonl(imitateFile) : [], x))
  return rows.length
}
