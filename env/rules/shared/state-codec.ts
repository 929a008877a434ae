// The plain-state codec shared by the rulesets: the checks a restore makes on
// untrusted JSON before it copies it into a state, and the 32-bit FNV-1a hash
// every ruleset computes over its fields. The checks return what is wrong (a
// field name, a length mismatch) rather than an error, so each ruleset keeps
// its own wording of the STATE_INVALID message.

import type { DiceState } from '../../dice.ts'

/** True for a JSON object (or array): anything a restore may read fields from. */
export function isRecord(json: unknown): json is Record<string, unknown> {
  return typeof json === 'object' && json !== null
}

/** True for an array whose every entry is an integer. */
export function isIntArray(a: unknown): a is number[] {
  return Array.isArray(a) && a.every((v) => typeof v === 'number' && Number.isInteger(v))
}

/** The first of `keys` whose value in `o` is not an integer, or undefined when all are. */
export function firstNonInteger(o: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const k of keys) if (typeof o[k] !== 'number' || !Number.isInteger(o[k])) return k
  return undefined
}

/** The first of `keys` whose value in `o` is not an array of integers, or undefined when all are. */
export function firstNonIntArray(o: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const k of keys) if (!isIntArray(o[k])) return k
  return undefined
}

/** The first of `keys` whose value in `o` is not a string, or undefined when all are. */
export function firstNonString(o: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const k of keys) if (typeof o[k] !== 'string') return k
  return undefined
}

export interface LengthMismatch {
  readonly key: string
  readonly has: number
  readonly needs: number
}

/**
 * The first array field whose length differs from the one the scenario fixes
 * (`lengths`: field -> entries, in insertion order). The fields must already be
 * known to be arrays.
 */
export function firstLengthMismatch(o: Record<string, unknown>, lengths: Readonly<Record<string, number>>): LengthMismatch | undefined {
  for (const [key, needs] of Object.entries(lengths)) {
    const has = (o[key] as unknown[]).length
    if (has !== needs) return { key, has, needs }
  }
  return undefined
}

const DICE_WORDS = ['x', 'y', 'z', 'w', 'count'] as const

/**
 * True when `d` has the shape of a dice state: numbers x, y, z, w, count, an
 * array `forced` and a boolean `strict`. `wholeNumbers` also requires the five
 * numbers to be integers (rulesets differ here; each keeps its own rule).
 */
export function isDiceState(d: unknown, wholeNumbers: boolean): d is DiceState {
  if (!isRecord(d)) return false
  const num = wholeNumbers ? (v: unknown) => Number.isInteger(v) : (v: unknown) => typeof v === 'number'
  return DICE_WORDS.every((k) => num(d[k])) && Array.isArray(d['forced']) && typeof d['strict'] === 'boolean'
}

/** The FNV-1a 32-bit offset basis: the hash of nothing. */
export const FNV_BASIS = 0x811c9dc5

/** Folds the four bytes of v (as int32, low byte first) into hash h. */
export function fnv(h: number, v: number): number {
  let x = v | 0
  for (let i = 0; i < 4; i++) {
    h ^= x & 0xff
    h = Math.imul(h, 0x01000193)
    x >>>= 8
  }
  return h
}

/** Folds an array's length, then each entry, into h. */
export function fnvArr(h: number, a: readonly number[]): number {
  h = fnv(h, a.length)
  for (let i = 0; i < a.length; i++) h = fnv(h, a[i] as number)
  return h
}

/** Folds the dice state into h: x, y, z, w, count, strict, then the forced rolls as an array. */
export function fnvDice(h: number, d: DiceState): number {
  h = fnv(h, d.x)
  h = fnv(h, d.y)
  h = fnv(h, d.z)
  h = fnv(h, d.w)
  h = fnv(h, d.count)
  h = fnv(h, d.strict ? 1 : 0)
  return fnvArr(h, d.forced)
}

/** Folds each UTF-16 code unit of text into h (no length). */
export function fnvText(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) h = fnv(h, text.charCodeAt(i))
  return h
}

/** The hash as the 8 lowercase hex digits every ruleset reports. */
export function hashHex(h: number): string {
  return (h >>> 0).toString(16).padStart(8, '0')
}

/** What a plain state of one ruleset holds, for `plainStateProblem`. */
export interface PlainStateShape {
  readonly ruleset: string
  /** Fields that must be integers. */
  readonly ints: readonly string[]
  /** Fields that must be arrays of integers. */
  readonly intArrays: readonly string[]
  /** Array fields whose length the scenario fixes (field -> entries). */
  readonly lengths: Readonly<Record<string, number>>
  /** Fields that must be strings. */
  readonly strings: readonly string[]
  /** Whether the dice state's numbers must be integers (see isDiceState). */
  readonly wholeDice: boolean
}

/**
 * The first thing wrong with `json` as a state of this shape, checked in a
 * fixed order (object, ruleset, integers, integer arrays, lengths, strings,
 * dice), or undefined when the shape is right. The words are the ones the
 * rulesets' STATE_INVALID messages use after "<ruleset> state: ".
 */
export function plainStateProblem(json: unknown, shape: PlainStateShape): string | undefined {
  if (!isRecord(json)) return 'expected an object'
  if (json['ruleset'] !== shape.ruleset) return `ruleset is ${JSON.stringify(json['ruleset'])}, expected "${shape.ruleset}"`
  const notInt = firstNonInteger(json, shape.ints)
  if (notInt !== undefined) return `field ${notInt} must be an integer`
  const notArr = firstNonIntArray(json, shape.intArrays)
  if (notArr !== undefined) return `field ${notArr} must be an array of integers`
  const wrong = firstLengthMismatch(json, shape.lengths)
  if (wrong) return `${wrong.key} has ${wrong.has} entries, the scenario needs ${wrong.needs}`
  const notStr = firstNonString(json, shape.strings)
  if (notStr !== undefined) return `field ${notStr} must be a string`
  if (!isDiceState(json['dice'], shape.wholeDice)) return 'dice state is malformed'
  return undefined
}

/** What a plain state holds besides its field lists: its ruleset id, the dice state and why the game ended. */
export interface PlainState {
  readonly ruleset: string
  dice: DiceState
  why: string
}

/** The fields of a plain state, in the order `hashPlain` folds them. (Each ruleset keeps its clone an object
 *  literal: a copy driven by these lists measured seven times slower.) */
export interface PlainFields<S> {
  readonly ruleset: string
  /** Integer fields. */
  readonly ints: readonly (keyof S & string)[]
  /** Integer-array fields. */
  readonly intArrays: readonly (keyof S & string)[]
}

/** FNV-1a over a plain state: the integer fields, the integer arrays (each in list order), the dice, then `why`. */
export function hashPlain<S extends PlainState>(s: S, f: PlainFields<S>): string {
  const src = s as unknown as Record<string, unknown>
  let h = FNV_BASIS
  for (const k of f.ints) h = fnv(h, src[k] as number)
  for (const k of f.intArrays) h = fnvArr(h, src[k] as number[])
  return hashHex(fnvText(fnvDice(h, s.dice), s.why))
}
