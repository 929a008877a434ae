// The distillation curve as SVG: held-out and training accuracy (training/distill/train.py's
// train.jsonl) and the score against the heuristic of the exported snapshots (tournaments),
// over wall-clock minutes from a fresh start (data generation included: `--offset`).
//   npx tsx training/distill/curve.ts --log OUT/train.jsonl --evals evals.json --offset 7.5 --title T --svg out.svg
// evals.json: [{ "minutes": 8, "score": 0.55, "games": 100 }, ...] (minutes of training).
import { readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values: a } = parseArgs({ options: { log: { type: 'string' }, evals: { type: 'string' }, offset: { type: 'string', default: '0' }, title: { type: 'string', default: 'distillation' }, svg: { type: 'string' } } })
if (!a.log || !a.evals || !a.svg) throw new Error('--log, --evals and --svg are required')
const off = Number(a.offset)
const rows = readFileSync(a.log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { seconds: number; trainAcc: number; valAcc: number })
const evals = JSON.parse(readFileSync(a.evals, 'utf8')) as { minutes: number; score: number; games: number }[]
const W = 640
const H = 360
const L = 50
const R = 20
const T = 30
const B = 40
const xMax = Math.ceil(Math.max(off + rows[rows.length - 1]!.seconds / 60, ...evals.map((e) => off + e.minutes)) / 5) * 5
const x = (m: number) => L + ((W - L - R) * m) / xMax
const y = (v: number) => T + (H - T - B) * (1 - v)
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const path = (pts: [number, number][]) => pts.map(([m, v], i) => `${i ? 'L' : 'M'}${x(m).toFixed(1)},${y(v).toFixed(1)}`).join('')
const out: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="11">`, `<rect width="${W}" height="${H}" fill="white"/>`, `<text x="${W / 2}" y="18" text-anchor="middle" font-size="13">${esc(a.title)}</text>`]
for (let v = 0; v <= 1.0001; v += 0.1) out.push(`<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/><text x="${L - 6}" y="${y(v) + 4}" text-anchor="end">${Math.round(v * 100)}%</text>`)
for (let m = 0; m <= xMax; m += 5) out.push(`<text x="${x(m)}" y="${H - B + 16}" text-anchor="middle">${m}</text>`)
out.push(`<text x="${(L + W - R) / 2}" y="${H - 6}" text-anchor="middle">wall-clock minutes from a fresh start (data generation, then training)</text>`)
for (const [v, c] of [[0.5, '#999'], [0.6, '#c33']] as const) out.push(`<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" stroke="${c}" stroke-dasharray="4 3"/>`)
if (off > 0) out.push(`<rect x="${x(0)}" y="${T}" width="${x(off) - x(0)}" height="${H - T - B}" fill="#f4f4f4"/><text x="${x(off / 2)}" y="${T + 14}" text-anchor="middle">data</text>`)
out.push(`<path d="${path(rows.map((r) => [off + r.seconds / 60, r.trainAcc]))}" fill="none" stroke="#9ab"/>`)
out.push(`<path d="${path(rows.map((r) => [off + r.seconds / 60, r.valAcc]))}" fill="none" stroke="#36c" stroke-width="2"/>`)
out.push(`<path d="${path(evals.map((e) => [off + e.minutes, e.score]))}" fill="none" stroke="#c33" stroke-width="2"/>`)
for (const e of evals) out.push(`<circle cx="${x(off + e.minutes)}" cy="${y(e.score)}" r="4" fill="#c33"><title>${e.games} games: ${(e.score * 100).toFixed(1)}%</title></circle>`)
const legend = [['#9ab', 'agreement with the teacher, training batches'], ['#36c', 'agreement with the teacher, held-out positions'], ['#c33', 'score against the heuristic (snapshot tournaments)']] as const
legend.forEach(([c, t], i) => out.push(`<line x1="${W - 300}" x2="${W - 280}" y1="${H - B - 50 + i * 14}" y2="${H - B - 50 + i * 14}" stroke="${c}" stroke-width="2"/><text x="${W - 275}" y="${H - B - 46 + i * 14}">${t}</text>`))
out.push('</svg>')
writeFileSync(a.svg, `${out.join('\n')}\n`)
