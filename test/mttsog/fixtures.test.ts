// Runs every mttsog conformance fixture through the shared conformance runner
// (registry ruleset and built-in scenarios).
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { formatResult, runFixture } from '../../env/conformance/runner.ts'

const dir = new URL('../fixtures/mttsog/', import.meta.url)
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort()

describe('mttsog conformance fixtures', () => {
  it('has at least 60 fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(60)
  })
  for (const f of files) {
    it(f, () => {
      const r = runFixture(JSON.parse(readFileSync(new URL(f, dir), 'utf8')))
      if (!r.passed) throw new Error(formatResult(r))
      expect(r.passed).toBe(true)
    })
  }
})
