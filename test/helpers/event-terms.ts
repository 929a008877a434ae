// Shared by the event-terms tests of the rulesets: a conformance fixture (forced dice) replayed with its
// expectations replaced by `events`, which must then appear in order among the events it emits.
import { readFileSync } from 'node:fs'
import { expect } from 'vitest'
import { formatResult, runFixture } from '../../env/conformance/runner.ts'

/** Replays fixture `id` of test/fixtures/<ruleset>/ (`file`.json when several share a file) and expects `events`. */
export function expectFixtureEvents(ruleset: string, id: string, events: Record<string, unknown>[], file = id): void {
  const raw = JSON.parse(readFileSync(new URL(`../fixtures/${ruleset}/${file}.json`, import.meta.url), 'utf8')) as { id: string } | { id: string }[]
  const f = Array.isArray(raw) ? raw.find((x) => x.id === id) : raw
  if (!f) throw new Error(`no fixture ${id} in ${ruleset}/${file}.json`)
  const r = runFixture({ ...f, expect: { events } })
  expect(r.passed, formatResult(r)).toBe(true)
}
