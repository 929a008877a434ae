// Elo-style ratings from game results: a Bradley-Terry model fitted by
// maximum likelihood (Hunter's MM iterations), draws counting half a win to
// each side, reported on the Elo scale (400·log10), mean 0. A weak prior of
// one virtual draw between every pair that met keeps the fit finite when an
// agent wins or loses every game (a 100% score has no finite MLE). Intervals
// come from a seeded bootstrap over games (percentile method).
import seedrandom from 'seedrandom'

export interface RatedGame {
  /** Agent indices of the two players (seat order does not matter for ratings). */
  readonly a: number
  readonly b: number
  /** Score of a: 1 win, 0.5 draw, 0 loss. */
  readonly score: number
}

export interface Rating {
  readonly elo: number
  /** 95% interval (bootstrap percentiles). */
  readonly low: number
  readonly high: number
}

export interface FitOptions {
  /** Virtual draws added between every pair that played (default 1). */
  priorDraws?: number
  iterations?: number
}

/** Maximum-likelihood Elo ratings (mean 0) for `agents` players. */
export function fitElo(agents: number, games: readonly RatedGame[], o: FitOptions = {}): number[] {
  const prior = o.priorDraws ?? 1
  const iters = o.iterations ?? 2000
  // n[i*k+j] = games between i and j (incl. prior), w[i] = points of i (incl. prior)
  const k = agents
  const n = new Float64Array(k * k)
  const w = new Float64Array(k)
  for (const g of games) {
    n[g.a * k + g.b]! += 1
    n[g.b * k + g.a]! += 1
    w[g.a]! += g.score
    w[g.b]! += 1 - g.score
  }
  if (prior > 0) {
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        if (n[i * k + j] === 0) continue
        n[i * k + j]! += prior
        n[j * k + i]! += prior
        w[i]! += prior / 2
        w[j]! += prior / 2
      }
    }
  }
  const p = new Float64Array(k).fill(1)
  for (let it = 0; it < iters; it++) {
    let change = 0
    for (let i = 0; i < k; i++) {
      let den = 0
      for (let j = 0; j < k; j++) if (j !== i && n[i * k + j]! > 0) den += n[i * k + j]! / (p[i]! + p[j]!)
      if (den === 0) continue
      const next = Math.max(1e-12, w[i]! / den)
      change = Math.max(change, Math.abs(Math.log(next / p[i]!)))
      p[i] = next
    }
    // normalise (geometric mean 1) so the iteration stays in range
    let lg = 0
    for (let i = 0; i < k; i++) lg += Math.log(p[i]!)
    const g = Math.exp(lg / k)
    for (let i = 0; i < k; i++) p[i] = p[i]! / g
    if (change < 1e-10) break
  }
  return Array.from(p, (x) => (400 * Math.log(x)) / Math.LN10)
}

/** Ratings with 95% bootstrap intervals (resampling games with replacement, seeded). */
export function rateWithIntervals(agents: number, games: readonly RatedGame[], o: FitOptions & { bootstrap?: number; seed?: number } = {}): Rating[] {
  const elo = fitElo(agents, games, o)
  const B = o.bootstrap ?? 200
  if (B <= 0 || games.length === 0) return elo.map((e) => ({ elo: e, low: e, high: e }))
  const rng = seedrandom.xor128(`elo-bootstrap:${o.seed ?? 0}`)
  const samples: number[][] = Array.from({ length: agents }, () => [])
  const pick: RatedGame[] = new Array<RatedGame>(games.length)
  for (let b = 0; b < B; b++) {
    for (let i = 0; i < games.length; i++) pick[i] = games[Math.floor(rng() * games.length)]!
    const r = fitElo(agents, pick, { ...o, iterations: Math.min(o.iterations ?? 2000, 500) })
    for (let i = 0; i < agents; i++) samples[i]!.push(r[i]!)
  }
  return elo.map((e, i) => {
    const s = samples[i]!.sort((x, y) => x - y)
    const q = (f: number) => s[Math.min(s.length - 1, Math.max(0, Math.round(f * (s.length - 1))))]!
    return { elo: e, low: q(0.025), high: q(0.975) }
  })
}

/** Expected score of a against b for an Elo difference. */
export const expectedScore = (diff: number): number => 1 / (1 + 10 ** (-diff / 400))
