// The conformance fixture format `tercio-fixture/1` (docs/fixtures.md) and its
// validation. A malformed fixture is a FIXTURE_INVALID error naming the field,
// never a crash.
import { err, fail, ok, type Result } from '../core/types.ts'

export const FIXTURE_FORMAT = 'tercio-fixture/1'

export interface DecisionExpect {
  player?: number
  kind?: string
  subject?: string
  /** Exact set of legal action texts. */
  legal?: string[]
  legalCount?: number
  /** Texts that must be legal / must not be legal. */
  legalIncludes?: string[]
  legalExcludes?: string[]
}

export interface FixtureExpect {
  units?: Record<string, Record<string, unknown>>
  leaders?: Record<string, Record<string, unknown>>
  wings?: Record<string, Record<string, unknown>>
  /** null: the game is over. */
  decision?: DecisionExpect | null
  /** Subsequence match, each a subset of fields. */
  events?: Record<string, unknown>[]
  /** Subset of the outcome's fields; null: the game is not over. */
  outcome?: Record<string, unknown> | null
  /** The last action must be refused with this code. */
  refused?: { code: string }
  turn?: number
  phase?: string
  /** Exact number of dice rolled by the actions. */
  rolls?: number
}

export interface Fixture {
  format: typeof FIXTURE_FORMAT
  id: string
  ruleset: string
  rule: string
  description: string
  scenario: string | Record<string, unknown>
  patch?: Record<string, unknown>
  start?: unknown
  seed: number
  dice: number[]
  /** Action texts only (checkpoints removed). */
  actions: string[]
  /** Index of each action text in the fixture's `actions` array (for messages). */
  actionIndex: number[]
  /** Intermediate expectations: checked after `after` actions. */
  checkpoints: Checkpoint[]
  expect: FixtureExpect
}

export interface Checkpoint {
  readonly after: number
  /** Where it sits in the fixture, e.g. "actions[3]". */
  readonly path: string
  readonly expect: FixtureExpect
}

const TOP_KEYS = ['$comment', 'format', 'id', 'ruleset', 'rule', 'description', 'scenario', 'patch', 'start', 'seed', 'dice', 'actions', 'expect'] as const
const EXPECT_KEYS = ['units', 'leaders', 'wings', 'decision', 'events', 'outcome', 'refused', 'turn', 'phase', 'rolls'] as const
const DECISION_KEYS = ['player', 'kind', 'subject', 'legal', 'legalCount', 'legalIncludes', 'legalExcludes'] as const

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

type Problem = [path: string, message: string]

function checkExpect(raw: unknown, at: string, final: boolean): Problem | null {
  const B = (path: string, message: string): Problem => [path, message]
  if (!isObj(raw)) return [at, 'must be an object']
  const ex = raw
  for (const k of Object.keys(ex)) if (!(EXPECT_KEYS as readonly string[]).includes(k)) return B(`${at}.${k}`, `unknown field (known: ${EXPECT_KEYS.join(', ')})`)
  if (Object.keys(ex).length === 0) return B(`${at}`, 'must check something')
  for (const k of ['units', 'leaders', 'wings'] as const) {
    const v = ex[k]
    if (v === undefined) continue
    if (!isObj(v)) return B(`${at}.${k}`, 'must map ids to objects of expected fields')
    for (const [id, fields] of Object.entries(v)) if (!isObj(fields)) return B(`${at}.${k}.${id}`, 'must be an object of expected fields')
  }
  if (ex.decision !== undefined && ex.decision !== null) {
    const d = ex.decision
    if (!isObj(d)) return B(`${at}.decision`, 'must be an object or null (game over)')
    for (const k of Object.keys(d)) if (!(DECISION_KEYS as readonly string[]).includes(k)) return B(`${at}.decision.${k}`, `unknown field (known: ${DECISION_KEYS.join(', ')})`)
    if (d.player !== undefined && d.player !== 0 && d.player !== 1) return B(`${at}.decision.player`, 'must be 0 or 1')
    for (const k of ['kind', 'subject'] as const) if (d[k] !== undefined && typeof d[k] !== 'string') return B(`${at}.decision.${k}`, 'must be a string')
    for (const k of ['legal', 'legalIncludes', 'legalExcludes'] as const) {
      const v = d[k]
      if (v !== undefined && (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))) return B(`${at}.decision.${k}`, 'must be an array of action texts')
    }
    if (d.legalCount !== undefined && (!Number.isInteger(d.legalCount) || (d.legalCount as number) < 0)) return B(`${at}.decision.legalCount`, 'must be a non-negative integer')
  }
  if (ex.events !== undefined) {
    if (!Array.isArray(ex.events)) return B(`${at}.events`, 'must be an array of event patterns')
    for (let i = 0; i < ex.events.length; i++) {
      const e = ex.events[i] as unknown
      if (!isObj(e) || typeof e.type !== 'string') return B(`${at}.events[${i}]`, 'must be an object with a string "type"')
    }
  }
  if (ex.outcome !== undefined && ex.outcome !== null && !isObj(ex.outcome)) return B(`${at}.outcome`, 'must be an object or null (game not over)')
  if (ex.refused !== undefined) {
    if (!final) return B(`${at}.refused`, 'only the final expect may say an action is refused')
    if (!isObj(ex.refused) || typeof ex.refused.code !== 'string') return B(`${at}.refused`, 'must be { "code": "ACTION_ILLEGAL" } or another error code')
  }
  if (ex.turn !== undefined && !Number.isInteger(ex.turn)) return B(`${at}.turn`, 'must be an integer')
  if (ex.phase !== undefined && typeof ex.phase !== 'string') return B(`${at}.phase`, 'must be a string')
  if (ex.rolls !== undefined && (!Number.isInteger(ex.rolls) || (ex.rolls as number) < 0)) return B(`${at}.rolls`, 'must be a non-negative integer')
  return null
}

/** Best-effort id of a (possibly malformed) fixture, for reports. */
export function fixtureLabel(f: unknown): string {
  return isObj(f) && typeof f.id === 'string' && f.id !== '' ? f.id : '(no id)'
}

export function validateFixture(raw: unknown): Result<Fixture> {
  const bad = (path: string, message: string): Result<Fixture> => fail(err('FIXTURE_INVALID', `fixture ${fixtureLabel(raw)}: ${path}: ${message}`, path))
  if (!isObj(raw)) return bad('(root)', 'a fixture is a JSON object')
  for (const k of Object.keys(raw)) if (!(TOP_KEYS as readonly string[]).includes(k)) return bad(k, `unknown field (known: ${TOP_KEYS.join(', ')})`)
  if (raw.format !== FIXTURE_FORMAT) return bad('format', `must be "${FIXTURE_FORMAT}", got ${JSON.stringify(raw.format)}`)
  for (const k of ['id', 'ruleset', 'rule', 'description'] as const) {
    if (typeof raw[k] !== 'string' || raw[k] === '') return bad(k, 'must be a non-empty string')
  }
  if (typeof raw.scenario !== 'string' && !isObj(raw.scenario)) return bad('scenario', 'must be a built-in scenario id or an inline scenario object')
  if (raw.patch !== undefined && !isObj(raw.patch)) return bad('patch', 'must be an object')
  if (raw.seed !== undefined && (!Number.isInteger(raw.seed) || (raw.seed as number) < 0 || (raw.seed as number) > 0xffffffff)) {
    return bad('seed', 'must be an integer in 0..2^32-1')
  }
  if (!Array.isArray(raw.dice)) return bad('dice', 'must be an array of integers (use [] for none)')
  for (let i = 0; i < raw.dice.length; i++) if (!Number.isInteger(raw.dice[i])) return bad(`dice[${i}]`, `must be an integer, got ${JSON.stringify(raw.dice[i])}`)
  if (!Array.isArray(raw.actions)) return bad('actions', 'must be an array of action texts (and optional {"expect": ...} checkpoints)')
  const texts: string[] = []
  const actionIndex: number[] = []
  const checkpoints: Checkpoint[] = []
  for (let i = 0; i < raw.actions.length; i++) {
    const a: unknown = raw.actions[i]
    if (typeof a === 'string') {
      texts.push(a)
      actionIndex.push(i)
      continue
    }
    const p = `actions[${i}]`
    if (!isObj(a) || Object.keys(a).some((k) => k !== 'expect' && k !== '$comment') || !('expect' in a)) {
      return bad(p, `must be an action text like "unit:X" or "hex:0102", or a checkpoint {"expect": {...}}, got ${JSON.stringify(a)}`)
    }
    const e = checkExpect(a.expect, `${p}.expect`, false)
    if (e) return bad(e[0], e[1])
    checkpoints.push({ after: texts.length, path: p, expect: a.expect as FixtureExpect })
  }
  const e = checkExpect(raw.expect, 'expect', true)
  if (e) return bad(e[0], e[1])
  const ex = raw.expect as Obj
  if (ex.refused !== undefined && texts.length === 0) return bad('expect.refused', 'needs at least one action (the last one is the refused one)')
  const f: Fixture = {
    format: FIXTURE_FORMAT,
    id: raw.id as string,
    ruleset: raw.ruleset as string,
    rule: raw.rule as string,
    description: raw.description as string,
    scenario: raw.scenario as string | Obj,
    seed: (raw.seed as number | undefined) ?? 1,
    dice: raw.dice as number[],
    actions: texts,
    actionIndex,
    checkpoints,
    expect: ex as FixtureExpect,
  }
  if (raw.patch !== undefined) f.patch = raw.patch as Obj
  if (raw.start !== undefined) f.start = raw.start
  return ok(f)
}
