// Canonical JSON and a small pure string hash, for spec hashes, scenario hashes
// and replay file names. Pure TS so the env also runs in a browser (no node:crypto).

/** JSON with object keys sorted at every level; undefined members dropped. Stable across runs and platforms. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`canonicalJson: non-finite number ${value}`)
    return JSON.stringify(value) ?? 'null'
  }
  if (ArrayBuffer.isView(value)) return canonicalJson(Array.from(value as unknown as ArrayLike<number>))
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`
  const o = value as Record<string, unknown>
  const keys = Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`
}

/** 64-bit hash of a string as 16 hex digits (two independent 32-bit murmur-style lanes).
 *  Not cryptographic: it identifies specs and scenarios, it does not authenticate them. */
export function hashString(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (h2 >>> 0).toString(16).padStart(8, '0') + (h1 >>> 0).toString(16).padStart(8, '0')
}

export const hashJson = (value: unknown): string => hashString(canonicalJson(value))

/** Derives the seed of episode k from a base seed (splitmix32-style), so auto-resets are reproducible. */
export function deriveSeed(base: number, k: number): number {
  let z = (base ^ Math.imul(k + 1, 0x9e3779b9)) >>> 0
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
  return (z ^ (z >>> 16)) >>> 0
}

/** Small seeded generator (mulberry32) for env-side randomness: random opponents, checker sampling. */
export function makeRng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Index of the k-th set entry of a mask (k from 0), or -1. */
export function nthSet(mask: Uint8Array, k: number): number {
  for (let i = 0; i < mask.length; i++) if (mask[i] && k-- === 0) return i
  return -1
}
