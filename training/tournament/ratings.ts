// Elo-style ratings from game results: a Bradley-Terry model fitted by
// maximum likelihood (Hunter's MM iterations), draws counting half a win to
// each side, reported on the Elo scale (400·log10), mean 0. A weak prior of
// one virtual draw between every pair that met keeps the fit finite when an
// agent wins or loses every game (a 100% score has no finite MLE). Intervals
// come from a seeded bootstrap over games (percentile method).

export interface RatedGame {
  /** Agent indices of the two players (seat order does not matter for ratings). */
  readonly a: number
  readonly b: number
  /** Score of a: 1 win, 0.5 draw, 0 loss. */
  readonly score: number
}

export interface Rating {
  readonly elo: number
  /** 95% interval (Wald, from the Fisher information of the fit). */
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

/** Ratings with 95% Wald intervals: the covariance of the (mean-zero) strengths is the
 *  pseudo-inverse of the Fisher information of the fit, prior included, so an agent that
 *  won every game still gets a finite, honest-width interval. With `anchor` (an agent index) the
 *  ratings are shifted so that agent is 0, and each interval is that of the difference to it. */
export function rateWithIntervals(agents: number, games: readonly RatedGame[], o: FitOptions & { z?: number; anchor?: number } = {}): Rating[] {
  const fit = fitElo(agents, games, o)
  const anchor = o.anchor
  if (anchor !== undefined && !(Number.isInteger(anchor) && anchor >= 0 && anchor < agents)) throw new Error(`anchor ${anchor} is not an agent index`)
  const elo = anchor === undefined ? fit : fit.map((e) => e - fit[anchor]!)
  const k = agents
  const prior = o.priorDraws ?? 1
  const n = new Float64Array(k * k)
  for (const g of games) {
    n[g.a * k + g.b]! += 1
    n[g.b * k + g.a]! += 1
  }
  for (let i = 0; i < k * k; i++) if (n[i]! > 0) n[i]! += prior
  // information in natural-log strengths: a graph Laplacian weighted by n p (1 - p)
  const L = new Float64Array(k * k)
  const theta = elo.map((e) => (e * Math.LN10) / 400)
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j || n[i * k + j] === 0) continue
      const p = 1 / (1 + Math.exp(theta[j]! - theta[i]!))
      const w = n[i * k + j]! * p * (1 - p)
      L[i * k + j]! -= w
      L[i * k + i]! += w
    }
  }
  // pseudo-inverse of a connected Laplacian: (L + J/k)^-1 - J/k
  const A = Float64Array.from(L, (x) => x + 1 / k)
  const inv = invert(A, k)
  const z = o.z ?? 1.96
  return elo.map((e, i) => {
    // with an anchor, the variance of the difference to the anchor's strength (the anchor itself: 0)
    const v = !inv ? NaN : anchor === undefined ? inv[i * k + i]! - 1 / k : inv[i * k + i]! + inv[anchor * k + anchor]! - 2 * inv[i * k + anchor]!
    const se = i === anchor ? 0 : v > 0 ? (Math.sqrt(v) * 400) / Math.LN10 : Infinity
    return { elo: e, low: e - z * se, high: e + z * se }
  })
}

/** Inverse of a k×k matrix (Gauss-Jordan with partial pivoting); null when singular. */
export function invert(a: Float64Array, k: number): Float64Array | null {
  const m = Float64Array.from(a)
  const out = new Float64Array(k * k)
  for (let i = 0; i < k; i++) out[i * k + i] = 1
  for (let c = 0; c < k; c++) {
    let piv = c
    for (let r = c + 1; r < k; r++) if (Math.abs(m[r * k + c]!) > Math.abs(m[piv * k + c]!)) piv = r
    if (Math.abs(m[piv * k + c]!) < 1e-12) return null
    if (piv !== c) {
      for (let j = 0; j < k; j++) {
        const t1 = m[c * k + j]!
        m[c * k + j] = m[piv * k + j]!
        m[piv * k + j] = t1
        const t2 = out[c * k + j]!
        out[c * k + j] = out[piv * k + j]!
        out[piv * k + j] = t2
      }
    }
    const d = m[c * k + c]!
    for (let j = 0; j < k; j++) {
      m[c * k + j] = m[c * k + j]! / d
      out[c * k + j] = out[c * k + j]! / d
    }
    for (let r = 0; r < k; r++) {
      if (r === c) continue
      const f = m[r * k + c]!
      if (f === 0) continue
      for (let j = 0; j < k; j++) {
        m[r * k + j] = m[r * k + j]! - f * m[c * k + j]!
        out[r * k + j] = out[r * k + j]! - f * out[c * k + j]!
      }
    }
  }
  return out
}

/** Expected score of a against b for an Elo difference. */
export const expectedScore = (diff: number): number => 1 / (1 + 10 ** (-diff / 400))
