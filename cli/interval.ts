// Confidence intervals of win rates, for the figures a reader compares (end-of-run tables,
// evaluations, docs/figures.md).

/** 95% Wilson score interval of a proportion: `score` wins (draws counted half) of `n` games. */
export function wilson(score: number, n: number, z = 1.96): [number, number] {
  if (n <= 0) return [0, 1]
  const p = score / n
  const d = 1 + (z * z) / n
  const c = (p + (z * z) / (2 * n)) / d
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d
  return [Math.max(0, c - h), Math.min(1, c + h)]
}
