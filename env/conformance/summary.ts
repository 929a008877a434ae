// Aggregates fixture results per ruleset and per rule section (the leading
// number of the `rule` field: "4.1 special cases" -> section "4").
import type { FixtureResult } from './run.ts'

export interface SectionRow {
  readonly ruleset: string
  readonly section: string
  passed: number
  failed: number
}

export function sectionOf(rule: string): string {
  const m = /^\s*(\d+)/.exec(rule)
  // "Control: ..." and "Control ..." are one section: the first word without its punctuation.
  return m ? (m[1] as string) : (rule.trim().split(/\s+/)[0] ?? '').replace(/[^\p{L}\p{N}]+$/u, '') || '?'
}

/** Rows sorted by ruleset then numeric section. */
export function summarise(results: readonly FixtureResult[]): SectionRow[] {
  const rows = new Map<string, SectionRow>()
  for (const r of results) {
    const section = sectionOf(r.rule)
    const key = `${r.ruleset}\u0000${section}`
    let row = rows.get(key)
    if (!row) rows.set(key, (row = { ruleset: r.ruleset, section, passed: 0, failed: 0 }))
    if (r.passed) row.passed++
    else row.failed++
  }
  return [...rows.values()].sort((a, b) => a.ruleset.localeCompare(b.ruleset) || a.section.localeCompare(b.section, undefined, { numeric: true }))
}
