// The conformance runner, with its scenario and ruleset sources injected
// (tests bind a toy ruleset; runner.ts binds the real registry). Pure: no I/O.
import { actionText, parseAction } from '../core/actions.ts'
import type { BaseEvent, BaseState, Engine, Result, RulesetModule, TercioError } from '../core/types.ts'
import { err } from '../core/types.ts'
import { DiceExhaustedError } from '../dice.ts'
import type { Scenario } from '../scenario/types.ts'
import { deepEqual, matchesSubset, sameSet, show } from './compare.ts'
import { fixtureLabel, validateFixture, type Fixture, type FixtureExpect } from './fixture.ts'

export interface FixtureDiff {
  /** Dotted path of the expectation, e.g. "units.C-G1.status" or "dice". */
  readonly field: string
  readonly expected: unknown
  readonly actual: unknown
  readonly note?: string
}

export interface FixtureResult {
  readonly id: string
  readonly ruleset: string
  readonly rule: string
  readonly description: string
  readonly passed: boolean
  /** The fixture or its scenario could not be run (FIXTURE_INVALID, SCENARIO_INVALID, ...). */
  readonly error: TercioError | null
  readonly diffs: readonly FixtureDiff[]
  readonly actionsApplied: number
  readonly diceUsed: number
  /** With `detail`, for failed fixtures that ran: the final position, decision and every event in words. */
  readonly detail?: { readonly ascii: string; readonly decision: string; readonly events: readonly string[] }
}

export interface RunOptions {
  /** Attach the final position and the events to failed results (for people fixing fixtures). */
  detail?: boolean
}

export interface FixtureSources {
  ruleset(id: string): Result<RulesetModule>
  builtinScenario(id: string): Result<Scenario>
  validateScenario(json: unknown): Result<Scenario>
  patchScenario(scenario: Scenario, patch: unknown): Result<Scenario>
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

export function runFixtureWith(raw: unknown, src: FixtureSources, opts: RunOptions = {}): FixtureResult {
  const v = validateFixture(raw)
  if (!v.ok) return broken(raw, v.error)
  const f = v.value
  try {
    return runValid(f, src, opts)
  } catch (e) {
    // An engine that throws is a failed fixture (and an engine bug), never a crash of the runner.
    const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
    return result(f, err('STATE_INVALID', `fixture ${f.id}: the engine threw ${message}`), [], 0, 0)
  }
}

function runValid(f: Fixture, src: FixtureSources, opts: RunOptions): FixtureResult {
  const rs = src.ruleset(f.ruleset)
  if (!rs.ok) return result(f, withPath(rs.error, 'ruleset'), [], 0, 0)
  let sc: Result<Scenario>
  if (typeof f.scenario === 'string') sc = src.builtinScenario(f.scenario)
  else sc = src.validateScenario(f.scenario)
  if (!sc.ok) return result(f, prefixed(sc.error, 'scenario'), [], 0, 0)
  let scenario = sc.value
  if (scenario.ruleset !== f.ruleset) {
    return result(f, err('FIXTURE_INVALID', `fixture ${f.id}: scenario ${scenario.id} is for ruleset ${scenario.ruleset}, not ${f.ruleset}`, 'scenario'), [], 0, 0)
  }
  if (f.patch !== undefined) {
    const p = src.patchScenario(scenario, f.patch)
    if (!p.ok) return result(f, prefixed(p.error, 'patch'), [], 0, 0)
    scenario = p.value
  }
  const bound = rs.value.bind(scenario)
  if (!bound.ok) return result(f, prefixed(bound.error, 'scenario'), [], 0, 0)
  const engine = bound.value
  const diffs: FixtureDiff[] = []

  // Parse every action text up front: a typo is a fixture error, not a rules failure.
  const ids: number[] = []
  for (let i = 0; i < f.actions.length; i++) {
    const a = parseAction(engine.layout, engine.grid, f.actions[i] as string)
    if (!a.ok) return result(f, err('FIXTURE_INVALID', `fixture ${f.id}: actions[${f.actionIndex[i]}]: ${a.error.message}`, `actions[${f.actionIndex[i]}]`), [], 0, 0)
    ids.push(a.value)
  }

  let s: BaseState
  try {
    s = engine.init(f.seed, { forcedDice: f.dice.slice(), strictDice: true })
  } catch (e) {
    return diceOrThrow(f, e, 'init', diffs, 0, 0)
  }
  if (f.start !== undefined) {
    if (!engine.setup) return result(f, err('FIXTURE_INVALID', `fixture ${f.id}: ruleset ${f.ruleset} does not support a "start" block`, 'start'), [], 0, 0)
    let e: TercioError | null
    try {
      e = engine.setup(s, f.start)
    } catch (x) {
      return diceOrThrow(f, x, 'start', diffs, 0, 0)
    }
    if (e) return result(f, prefixed(e, 'start'), [], 0, 0)
  }
  const rollsBefore = s.dice.count
  const events: BaseEvent[] = []
  const refusing = f.expect.refused !== undefined
  const lastNormal = refusing ? ids.length - 1 : ids.length
  let applied = 0
  // Checkpoints see the events since the previous checkpoint and the rolls since the start.
  let cpEvents = 0
  const checkpointsAfter = (n: number): void => {
    for (const cp of f.checkpoints) {
      if (cp.after !== n) continue
      const local: FixtureDiff[] = []
      checkExpectations(cp.expect, engine, s, events.slice(cpEvents), s.dice.count - rollsBefore, local)
      cpEvents = events.length
      for (const d of local) diffs.push({ ...d, field: `${cp.path}.expect.${d.field}` })
    }
  }
  checkpointsAfter(0)
  for (let i = 0; i < lastNormal; i++) {
    const id = ids[i] as number
    let e: TercioError | null
    try {
      e = engine.apply(s, id, events)
    } catch (x) {
      return diceOrThrow(f, x, `actions[${f.actionIndex[i]}] (${f.actions[i]})`, diffs, applied, s.dice.count - rollsBefore)
    }
    if (e) {
      diffs.push({ field: `actions[${f.actionIndex[i]}]`, expected: `${f.actions[i]} applies`, actual: `refused: ${e.code} ${e.message}`, note: describeDecision(engine, s) })
      return result(f, null, diffs, applied, s.dice.count - rollsBefore)
    }
    applied++
    const bad = engine.invariants(s)
    if (bad.length > 0) diffs.push({ field: `invariants after actions[${f.actionIndex[i]}] (${f.actions[i]})`, expected: [], actual: bad })
    checkpointsAfter(applied)
  }
  if (refusing) {
    const i = ids.length - 1
    const before = engine.hash(s)
    let e: TercioError | null
    try {
      e = engine.apply(s, ids[i] as number, events)
    } catch (x) {
      return diceOrThrow(f, x, `actions[${f.actionIndex[i]}] (${f.actions[i]})`, diffs, applied, s.dice.count - rollsBefore)
    }
    const want = f.expect.refused?.code
    if (!e) diffs.push({ field: 'refused.code', expected: want, actual: `${f.actions[i]} was applied` })
    else if (e.code !== want) diffs.push({ field: 'refused.code', expected: want, actual: e.code, note: e.message })
    if (engine.hash(s) !== before) diffs.push({ field: 'refused.state', expected: 'unchanged', actual: 'the refused action changed the state' })
  }
  const used = s.dice.count - rollsBefore
  if (s.dice.forced.length > 0) {
    diffs.push({ field: 'dice', expected: `all ${f.dice.length} forced dice used`, actual: `${s.dice.forced.length} left over: ${show(s.dice.forced)}` })
  }
  checkExpectations(f.expect, engine, s, events, used, diffs)
  const r = result(f, null, diffs, applied, used)
  if (!opts.detail || r.passed) return r
  return { ...r, detail: { ascii: engine.ascii(s), decision: describeDecision(engine, s), events: events.map((e) => engine.describe(e)) } }
}

function checkExpectations(ex: FixtureExpect, engine: Engine, s: BaseState, events: BaseEvent[], rolls: number, diffs: FixtureDiff[]): void {
  const view = engine.view(s)
  const tables = [
    ['units', view.units],
    ['leaders', view.leaders],
    ['wings', view.wings],
  ] as const
  for (const [key, list] of tables) {
    const want = ex[key]
    if (!want) continue
    for (const [id, fields] of Object.entries(want)) {
      const got = (list as readonly Obj[]).find((x) => x.id === id)
      if (!got) {
        diffs.push({ field: `${key}.${id}`, expected: 'present', actual: `no such id (known: ${(list as readonly Obj[]).map((x) => x.id).join(', ')})` })
        continue
      }
      for (const [k, want1] of Object.entries(fields)) {
        const actual = got[k]
        const equal = k === 'markers' && Array.isArray(want1) && Array.isArray(actual) ? sameSet(want1, actual) : deepEqual(want1, actual)
        if (!equal) diffs.push({ field: `${key}.${id}.${k}`, expected: want1, actual })
      }
    }
  }
  if (ex.turn !== undefined && ex.turn !== view.turn) diffs.push({ field: 'turn', expected: ex.turn, actual: view.turn })
  if (ex.phase !== undefined && ex.phase !== view.phase) diffs.push({ field: 'phase', expected: ex.phase, actual: view.phase })
  if (ex.rolls !== undefined && ex.rolls !== rolls) diffs.push({ field: 'rolls', expected: ex.rolls, actual: rolls })

  if (ex.decision !== undefined) {
    const d = engine.decision(s)
    if (ex.decision === null) {
      if (d !== null) diffs.push({ field: 'decision', expected: null, actual: d })
    } else if (d === null) {
      diffs.push({ field: 'decision', expected: ex.decision, actual: null, note: 'the game is over' })
    } else {
      const want = ex.decision
      if (want.player !== undefined && want.player !== d.player) diffs.push({ field: 'decision.player', expected: want.player, actual: d.player })
      if (want.kind !== undefined && want.kind !== d.kind) diffs.push({ field: 'decision.kind', expected: want.kind, actual: d.kind })
      if (want.subject !== undefined && want.subject !== d.subject) diffs.push({ field: 'decision.subject', expected: want.subject, actual: d.subject })
      if (want.legal || want.legalCount !== undefined || want.legalIncludes || want.legalExcludes) {
        const mask = new Uint8Array(engine.layout.size)
        const n = engine.legal(s, mask)
        const texts: string[] = []
        for (let i = 0; i < mask.length; i++) if (mask[i]) texts.push(actionText(engine.layout, i))
        if (want.legal && !sameSet(want.legal, texts)) {
          const missing = want.legal.filter((t) => !texts.includes(t))
          const extra = texts.filter((t) => !want.legal?.includes(t))
          diffs.push({ field: 'decision.legal', expected: want.legal, actual: texts, note: `missing ${show(missing)}, unexpected ${show(extra)}` })
        }
        if (want.legalCount !== undefined && want.legalCount !== n) diffs.push({ field: 'decision.legalCount', expected: want.legalCount, actual: n })
        for (const t of want.legalIncludes ?? []) if (!texts.includes(t)) diffs.push({ field: 'decision.legalIncludes', expected: t, actual: 'not legal' })
        for (const t of want.legalExcludes ?? []) if (texts.includes(t)) diffs.push({ field: 'decision.legalExcludes', expected: `${t} not legal`, actual: 'legal' })
      }
    }
  }

  if (ex.events) {
    // Subsequence match: each pattern must match a later event than the previous one.
    let at = 0
    for (let i = 0; i < ex.events.length; i++) {
      const pattern = ex.events[i] as Obj
      let found = -1
      for (let j = at; j < events.length; j++) {
        if (matchesSubset(pattern, events[j] as unknown as Obj)) {
          found = j
          break
        }
      }
      if (found < 0) {
        const anywhere = events.findIndex((e) => matchesSubset(pattern, e as unknown as Obj))
        const sameType = events.filter((e) => e.type === pattern.type)
        const note =
          anywhere >= 0
            ? `it occurs (event #${anywhere}) but before the previous expected event`
            : sameType.length > 0
              ? `events of type ${pattern.type}: ${sameType.slice(0, 4).map(show).join('; ')}`
              : `no ${pattern.type} event; emitted types: ${[...new Set(events.map((e) => e.type))].join(', ') || '(none)'}`
        diffs.push({ field: `events[${i}]`, expected: pattern, actual: 'not emitted in order', note })
        break
      }
      at = found + 1
    }
  }

  if (ex.outcome !== undefined) {
    const o = engine.outcome(s)
    if (ex.outcome === null) {
      if (o !== null) diffs.push({ field: 'outcome', expected: null, actual: o })
    } else if (o === null) {
      diffs.push({ field: 'outcome', expected: ex.outcome, actual: null, note: 'the game is not over' })
    } else {
      for (const [k, want] of Object.entries(ex.outcome)) {
        const actual = (o as unknown as Obj)[k]
        if (!deepEqual(want, actual)) diffs.push({ field: `outcome.${k}`, expected: want, actual })
      }
    }
  }
}

function describeDecision(engine: Engine, s: BaseState): string {
  const d = engine.decision(s)
  if (!d) return 'the game is over'
  const mask = new Uint8Array(engine.layout.size)
  engine.legal(s, mask)
  const texts: string[] = []
  for (let i = 0; i < mask.length && texts.length < 30; i++) if (mask[i]) texts.push(actionText(engine.layout, i))
  return `decision: player ${d.player} ${d.kind}${d.subject ? ` (${d.subject})` : ''}; legal: ${texts.join(' ')}`
}

function diceOrThrow(f: Fixture, e: unknown, where: string, diffs: FixtureDiff[], applied: number, used: number): FixtureResult {
  if (e instanceof DiceExhaustedError) {
    diffs.push({ field: 'dice', expected: `${f.dice.length} forced dice suffice`, actual: `exhausted during ${where}: ${e.message}` })
    return result(f, null, diffs, applied, used)
  }
  if (e instanceof RangeError && /forced die/.test(e.message)) {
    diffs.push({ field: 'dice', expected: 'forced dice in range', actual: `during ${where}: ${e.message}` })
    return result(f, null, diffs, applied, used)
  }
  const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
  return result(f, err('STATE_INVALID', `fixture ${f.id}: the engine threw during ${where}: ${message}`), diffs, applied, used)
}

function prefixed(e: TercioError, field: string): TercioError {
  // Errors that already name the field (e.g. patch.units[0]) are kept as they are.
  if (e.path === field || e.path?.startsWith(`${field}.`) || e.path?.startsWith(`${field}[`)) return e
  return { code: e.code, message: `${field}: ${e.message}`, path: e.path ? `${field}.${e.path}` : field }
}

function withPath(e: TercioError, path: string): TercioError {
  return { code: e.code, message: e.message, path }
}

function result(f: Fixture, error: TercioError | null, diffs: FixtureDiff[], actionsApplied: number, diceUsed: number): FixtureResult {
  return {
    id: f.id,
    ruleset: f.ruleset,
    rule: f.rule,
    description: f.description,
    passed: error === null && diffs.length === 0,
    error,
    diffs,
    actionsApplied,
    diceUsed,
  }
}

function broken(raw: unknown, error: TercioError): FixtureResult {
  const o = isObj(raw) ? raw : {}
  const str = (v: unknown) => (typeof v === 'string' ? v : '?')
  return { id: fixtureLabel(raw), ruleset: str(o.ruleset), rule: str(o.rule), description: str(o.description), passed: false, error, diffs: [], actionsApplied: 0, diceUsed: 0 }
}

/** The result in words: one line, then the diffs indented. */
export function formatResult(r: FixtureResult, opts: { color?: boolean } = {}): string {
  const c = (code: string, t: string) => (opts.color ? `\x1b[${code}m${t}\x1b[0m` : t)
  const head = `${r.passed ? c('32', '✓') : c('31', '✗')} ${r.id} — ${r.rule} — ${r.description}`
  if (r.passed) return head
  const lines = [head]
  if (r.error) lines.push(`    ${c('31', r.error.code)}${r.error.path ? ` at ${r.error.path}` : ''}: ${r.error.message}`)
  for (const d of r.diffs) {
    lines.push(`    ${c('1', d.field)}`)
    lines.push(`      expected: ${show(d.expected)}`)
    lines.push(`      actual:   ${show(d.actual)}`)
    if (d.note) lines.push(`      note:     ${d.note}`)
  }
  if (r.detail) {
    lines.push('    events:')
    for (const [i, e] of r.detail.events.entries()) lines.push(`      ${String(i + 1).padStart(3)}. ${e}`)
    lines.push(`    ${r.detail.decision}`)
    lines.push(...r.detail.ascii.split('\n').map((l) => '    ' + l))
  }
  return lines.join('\n')
}
