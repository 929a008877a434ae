// What a fire or combat decision would do, shown before it is taken: the dice, the modifiers that enter
// and what each die result would bring. Nothing here copies a table: the candidate action is applied to
// a clone of the state with every die result forced in turn, and the ruleset's own resolution event
// (the engine's numbers) is read back. Pure: no I/O, no clock; the state passed in is never changed.

import { AVERAGE_DIE_FACES } from '../../dice.ts'
import type { BaseEvent, BaseState, Engine, RolledEvent } from '../../core/types.ts'
import type { RuleRef } from './refs.ts'

/** How a ruleset reads its own resolution events (fire, combat) for a preview. */
export interface PreviewRules<E extends BaseEvent = BaseEvent> {
  /** The rule a resolution applies, or null when `e` resolves no fire or combat. */
  ref(e: E): RuleRef | null
  /** What the die result did (grouped: results that read alike share a line). */
  outcome(e: E): string
  /** The numbers known before the roll: factors, modifiers, what is needed. */
  modifiers(e: E): string
}

export interface PreviewOutcome {
  result: string
  /** The die results that give it ("0–4", "6"), for a single die; '' for several dice. */
  faces: string
  /** Probability, 0..1. */
  chance: number
}

export interface Preview {
  /** The rule applied, e.g. "4.1 Fire combat". */
  rule: string
  /** The dice rolled for the resolution, e.g. "1 d10", "2 d6 + 1 AvD". */
  dice: string
  modifiers: string
  outcomes: PreviewOutcome[]
  /** Set when the outcome also depends on dice rolled earlier in the same decision (not knowable). */
  dependsOn: string | null
}

/** Enumerate jointly at most this many dice combinations (6^4). */
const MAX_COMBINATIONS = 1296

interface Die {
  key: string
  faces: readonly number[]
  weights: readonly number[]
}

const isAvd = (r: RolledEvent): boolean => r.why.startsWith('AvD: ')

/** Applies `action` to a clone of `s` with `forced` dice first; null when it is illegal or a forced value is no face. */
function trial(engine: Engine, s: BaseState, action: number, forced: number[]): BaseEvent[] | null {
  const c = engine.clone(s)
  c.dice.forced = forced.slice()
  c.dice.strict = false
  const events: BaseEvent[] = []
  try {
    return engine.apply(c, action, events) === null ? events : null
  } catch (x) {
    if (x instanceof RangeError) return null
    throw x
  }
}

/** The faces of a rolled die: AvD 2..5 (3 and 4 twice), else 0..sides-1 or 1..sides, found by forcing a 0. */
function dieOf(engine: Engine, s: BaseState, action: number, prefix: number[], r: RolledEvent): Die {
  if (isAvd(r)) {
    const faces = [...new Set(AVERAGE_DIE_FACES)]
    return { key: 'AvD', faces, weights: faces.map((f) => AVERAGE_DIE_FACES.filter((x) => x === f).length) }
  }
  const lo = r.value === 0 || trial(engine, s, action, [...prefix, 0]) !== null ? 0 : 1
  const faces = Array.from({ length: r.sides }, (_, i) => lo + i)
  return { key: lo === 0 ? `d${r.sides} (0–${r.sides - 1})` : `d${r.sides}`, faces, weights: faces.map(() => 1) }
}

/** "0–4, 6" from sorted faces. */
function runs(faces: number[]): string {
  const out: string[] = []
  for (let i = 0; i < faces.length; ) {
    let j = i
    while (j + 1 < faces.length && faces[j + 1] === (faces[j] as number) + 1) j++
    out.push(i === j ? `${faces[i]}` : `${faces[i]}–${faces[j]}`)
    i = j + 1
  }
  return out.join(', ')
}

/** The preview of `action` in `s`, or null when it resolves no fire or combat (or is not legal). */
export function previewAction<E extends BaseEvent>(engine: Engine, s: BaseState, action: number, rules: PreviewRules<E>): Preview | null {
  const sample = trial(engine, s, action, [])
  if (!sample) return null
  const at = sample.findIndex((e) => rules.ref(e as E) !== null)
  if (at < 0) return null
  const first = sample[at] as E
  // the resolution's own dice: the rolls right before its event; earlier rolls are not knowable yet
  let from = at
  while (from > 0 && sample[from - 1]?.type === 'rolled') from--
  const rolls = sample.slice(from, at) as RolledEvent[]
  const earlier = sample.slice(0, from).filter((e): e is RolledEvent => e.type === 'rolled')
  const base = {
    rule: (rules.ref(first) as RuleRef).text,
    modifiers: rules.modifiers(first),
  }
  const prefix = earlier.map((r) => r.value)
  const dice: Die[] = []
  const known = new Map<string, Die>()
  for (const r of rolls) {
    const k = `${r.sides}:${isAvd(r)}`
    const rest = rolls.map((x) => x.value)
    const d = known.get(k) ?? dieOf(engine, s, action, [...prefix, ...rest.slice(0, rolls.indexOf(r))], r)
    known.set(k, d)
    dice.push(d)
  }
  const counts = new Map<string, number>()
  for (const d of dice) counts.set(d.key, (counts.get(d.key) ?? 0) + 1)
  const diceText = [...counts].map(([k, n]) => `${n} ${k}`).join(' + ') || 'no die'
  const combos = dice.reduce((n, d) => n * d.faces.length, 1)
  if (earlier.length > 0 || combos > MAX_COMBINATIONS) {
    const dependsOn = earlier.length > 0 ? `the roll${earlier.length > 1 ? 's' : ''} for ${[...new Set(earlier.map((r) => r.why))].join(', ')} first` : `${dice.length} dice: too many results to list`
    return { ...base, dice: diceText, outcomes: [], dependsOn }
  }
  // every combination of the resolution's dice, weighted, read back through the engine
  const byResult = new Map<string, { weight: number; faces: number[] }>()
  let total = 0
  const idx = dice.map(() => 0)
  for (let n = 0; n < combos; n++) {
    let rest = n
    let weight = 1
    for (let k = dice.length - 1; k >= 0; k--) {
      const d = dice[k] as Die
      idx[k] = rest % d.faces.length
      rest = Math.floor(rest / d.faces.length)
      weight *= d.weights[idx[k] as number] as number
    }
    const forced = dice.map((d, k) => d.faces[idx[k] as number] as number)
    const ev = trial(engine, s, action, forced)
    const e = ev?.find((x) => rules.ref(x as E) !== null) as E | undefined
    if (!e) continue
    const result = rules.outcome(e)
    const b = byResult.get(result) ?? { weight: 0, faces: [] }
    b.weight += weight
    if (dice.length === 1) b.faces.push(forced[0] as number)
    byResult.set(result, b)
    total += weight
  }
  const outcomes = [...byResult].map(([result, b]) => ({ result, faces: runs(b.faces), chance: total > 0 ? b.weight / total : 0 }))
  return { ...base, dice: diceText, outcomes, dependsOn: null }
}

/** A preview in a few lines of words (the page's card, tests, the CLI). */
export function previewText(p: Preview): string[] {
  const lines = [`${p.rule}: ${p.dice}; ${p.modifiers}`]
  if (p.dependsOn) lines.push(`depends on ${p.dependsOn}`)
  for (const o of p.outcomes) lines.push(`${o.faces ? `${o.faces}: ` : ''}${o.result} (${Math.round(o.chance * 100)}%)`)
  return lines
}
