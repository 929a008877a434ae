// Structural comparison for fixture expectations (JSON values only).

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const bb = b as unknown[]
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]))
  }
  const ao = a as Record<string, unknown>
  const bo = b as Record<string, unknown>
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined)
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined)
  return ak.length === bk.length && ak.every((k) => deepEqual(ao[k], bo[k]))
}

/** Equal as sets (order and duplicates ignored). */
export function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  const as = new Set(a.map((x) => JSON.stringify(x)))
  const bs = new Set(b.map((x) => JSON.stringify(x)))
  if (as.size !== bs.size) return false
  for (const x of as) if (!bs.has(x)) return false
  return true
}

/** Every field of `pattern` equals the same field of `value`. */
export function matchesSubset(pattern: Record<string, unknown>, value: Record<string, unknown>): boolean {
  for (const [k, v] of Object.entries(pattern)) if (!deepEqual(v, value[k])) return false
  return true
}

/** A short JSON rendering for diffs. */
export function show(v: unknown): string {
  if (v === undefined) return '(absent)'
  const s = JSON.stringify(v)
  return s.length > 200 ? s.slice(0, 197) + '...' : s
}
