// The learning-curve SVG: round-number ticks, return and entropy on their own axes, and a
// title that names what the run trained against (read from the run's saved config).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { curveSvg, curveTitle, niceTicks, opponentMix, tickLabels, writeCurveSvg } from '../../training/curve.ts'

const ROUND = [1, 2, 2.5, 5]
/** True when x is 1, 2, 2.5 or 5 times a power of ten. */
const isRoundStep = (x: number) => ROUND.some((m) => Math.abs(Math.log10(x / m) - Math.round(Math.log10(x / m))) < 1e-9)

/** The tick labels of each panel, in the order drawn: the labels under a panel's frame are
 *  its x ticks (text-anchor middle), the ones left of it its y ticks (text-anchor end). */
function labels(svg: string, anchor: 'end' | 'middle'): string[] {
  return [...svg.matchAll(new RegExp(`<text x="[\\d.]+" y="[\\d.]+" font-size="10" text-anchor="${anchor}">([^<]*)</text>`, 'g'))].map((m) => m[1] as string)
}

const value = (label: string): number => {
  const m = /^(-?\d+(?:\.\d+)?)([kM%]?)$/.exec(label)
  if (!m) throw new Error(`not a number label: "${label}"`)
  return Number(m[1]) * (m[2] === 'k' ? 1e3 : m[2] === 'M' ? 1e6 : m[2] === '%' ? 0.01 : 1)
}

describe('niceTicks and tickLabels', () => {
  it('choose a 1-2-2.5-5 step, cover the range, and fall on multiples of the step', () => {
    for (const [lo, hi] of [[0, 1_076_000], [0, 1], [-1.37, 0.92], [0, 0.268], [0, 41_234], [0, 3_200_000], [0, 7], [-0.4, 0.8]] as const) {
      const t = niceTicks(lo, hi)
      expect(isRoundStep(t.step), `${lo}..${hi}: step ${t.step}`).toBe(true)
      expect(t.lo).toBeLessThanOrEqual(lo)
      expect(t.hi).toBeGreaterThanOrEqual(hi)
      expect(t.ticks.length).toBeGreaterThanOrEqual(3)
      expect(t.ticks.length).toBeLessThanOrEqual(9)
      for (const v of t.ticks) expect(Math.abs(v / t.step - Math.round(v / t.step)), `${v} / ${t.step}`).toBeLessThan(1e-9)
    }
  })

  it('label an axis in one unit with the decimals its step needs', () => {
    expect(tickLabels([0, 250_000, 500_000, 750_000, 1_000_000], 250_000)).toEqual(['0', '0.25M', '0.50M', '0.75M', '1.00M'])
    expect(tickLabels([0, 100_000, 200_000, 300_000], 100_000)).toEqual(['0', '100k', '200k', '300k'])
    expect(tickLabels([-0.5, -0.25, 0, 0.25], 0.25)).toEqual(['-0.50', '-0.25', '0', '0.25'])
    expect(tickLabels([0, 0.2, 0.4], 0.2, true)).toEqual(['0%', '20%', '40%'])
  })
})

// A run's shape: x up to an awkward number of steps, returns below -1, small entropies.
const rows = Array.from({ length: 40 }, (_, i) => ({
  steps: 1024 * (i + 1) + 7,
  meanReturn: -1.6 + i * 0.06,
  rolloutReward: 0.1 - i * 0.01,
  trainWinRate: i / 40,
  entropy: 0.27 - i * 0.004,
  ...(i % 10 === 9 ? { evalRandom: 0.9, evalHeuristic: 0.2 + i / 100 } : {}),
}))

describe('curveSvg', () => {
  it('draws win rate, return and entropy as three panels, each with its own round-number axis', () => {
    const svg = curveSvg(rows, ['a <title>', 'PPO opponents: heuristic 100%'])
    expect(svg).toContain('a &lt;title&gt;')
    for (const t of ['win rate', 'return (EMA)', 'policy entropy (EMA, nats)']) expect(svg).toContain(`font-weight="bold">${t}</text>`)
    // 3 win-rate series + episode return + rollout reward + entropy = 6 paths; 4 evaluations × 2 opponents = 8 dots.
    expect(svg.match(/<path /g)).toHaveLength(6)
    expect(svg.match(/<circle /g)).toHaveLength(8)
    const y = labels(svg, 'end')
    // Win rate in percent, on its own axis.
    expect(y.slice(0, 5)).toEqual(['0%', '25%', '50%', '75%', '100%'])
    // Every label is a round multiple of its axis's step; return and entropy have separate ranges.
    const axes: string[][] = []
    let cur: string[] = []
    for (const l of y) {
      if (cur.length > 0 && value(l) < value(cur[cur.length - 1]!)) {
        axes.push(cur)
        cur = []
      }
      cur.push(l)
    }
    axes.push(cur)
    expect(axes).toHaveLength(3)
    const [, ret, ent] = axes.map((a) => a.map(value)) as [number[], number[], number[]]
    expect(ret[0]).toBeLessThanOrEqual(-1.6)
    expect(ret[ret.length - 1]).toBeGreaterThanOrEqual(0.74)
    expect(ent[0]).toBe(0)
    expect(ent[ent.length - 1]).toBeLessThanOrEqual(0.3) // entropy is not squeezed onto the return's scale
    for (const a of [ret, ent]) {
      const step = a[1]! - a[0]!
      expect(isRoundStep(Number(step.toPrecision(6))), `step ${step}`).toBe(true)
    }
    // x ticks: round numbers of steps (the data ends at 40,967), the same on every panel.
    const x = labels(svg, 'middle')
    expect(x.slice(0, x.length / 3)).toEqual(['0', '10k', '20k', '30k', '40k'])
    expect(x).toEqual([...x.slice(0, x.length / 3), ...x.slice(0, x.length / 3), ...x.slice(0, x.length / 3)])
    expect(curveSvg([], 'empty').match(/<path /g)).toBeNull()
  })

  it('draws the PPO panels over minutes of wall clock when asked (time to strength)', () => {
    // 45 s per update: the 40 updates end at 30 minutes
    const timed = rows.map((r, i) => ({ ...r, seconds: 45 * (i + 1) }))
    const svg = curveSvg(timed, 't', [], 'minutes')
    expect(svg).toContain('minutes of wall clock')
    expect(svg).not.toContain('PPO agent steps')
    const x = labels(svg, 'middle')
    expect(x.slice(0, x.length / 3)).toEqual(['0', '10', '20', '30'])
    // the evaluation at update 40 (evalHeuristic 0.59) sits at the right edge: 30 minutes
    expect(svg.match(/<circle /g)).toHaveLength(8)
    const last = [...svg.matchAll(/<circle cx="([0-9.]+)"/g)].map((m) => Number(m[1]))
    expect(Math.max(...last)).toBeCloseTo(760 - 160, 0)
    // a row without `seconds` has no place on this axis
    expect(curveSvg(rows, 't', [], 'minutes').match(/<circle /g)).toBeNull()
  })

  it('adds the imitation phase as a fourth panel over labelled decisions', () => {
    const svg = curveSvg(rows, 't', [{ step: 10, samples: 2560, loss: 1.3, accuracy: 0.5 }, { step: 20, samples: 5120, loss: 0.9, accuracy: 0.7 }])
    expect(svg).toContain('imitation before PPO')
    expect(svg).toContain('labelled decisions')
    // the six PPO paths and the imitation's agreement and cross-entropy
    expect(svg.match(/<path /g)).toHaveLength(8)
  })
})

describe('the title names the real opponent mix', () => {
  it('as shares of the configured weights, without the zero ones', () => {
    expect(opponentMix({ heuristic: 0.8, random: 0, league: 0.2 })).toBe('heuristic 80%, past snapshots of the policy 20%')
    expect(opponentMix({ heuristic: 0.7, random: 0.1, league: 0.2 })).toBe('heuristic 70%, random 10%, past snapshots of the policy 20%')
    expect(opponentMix({ heuristic: 1, random: 1, league: 0 })).toBe('heuristic 50%, random 50%')
    expect(curveTitle({ ruleset: 'piwam', scenario: 'piwam-training', prior: true, opponents: { heuristic: 0.8, random: 0, league: 0.2 } })).toEqual([
      'piwam/piwam-training: a residual policy over the heuristic, trained by PPO',
      'PPO opponents: heuristic 80%, past snapshots of the policy 20% (the heuristic until the first snapshot)',
    ])
    expect(curveTitle({ ruleset: 'piwam', scenario: 's', imitate: { steps: 150 }, teacher: { coef: 0.5, updates: 300 }, opponents: { heuristic: 1 } })[0]).toBe(
      'piwam/s: imitation of the heuristic, then PPO, kickstarted by the heuristic (0.5 → 0 over 300 updates)',
    )
  })

  it('writeCurveSvg reads it from the run folder\'s checkpoint, else keeps the given title', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tercio-curve-'))
    const metrics = join(dir, 'metrics.jsonl')
    writeFileSync(metrics, rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
    expect(writeCurveSvg(metrics, join(dir, 'a.svg'), 'fallback title')).toBe(40)
    expect(readFileSync(join(dir, 'a.svg'), 'utf8')).toContain('>fallback title</text>')
    mkdirSync(join(dir, 'checkpoint'))
    writeFileSync(join(dir, 'checkpoint', 'meta.json'), JSON.stringify({ config: { ruleset: 'marignan', scenario: 'm', opponents: { heuristic: 0.5, random: 0.5, league: 0 }, imitate: { steps: 0 } } }))
    writeCurveSvg(metrics, join(dir, 'b.svg'), 'fallback title')
    const svg = readFileSync(join(dir, 'b.svg'), 'utf8')
    expect(svg).not.toContain('fallback title')
    expect(svg).toContain('marignan/m: PPO from scratch')
    expect(svg).toContain('PPO opponents: heuristic 50%, random 50%</text>')
  })
})
