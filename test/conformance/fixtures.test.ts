// Every conformance fixture under test/fixtures/ as its own test, so `npm test`
// runs the whole rules suite (the same runner as `tercio conformance`).
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { formatResult, runFixture } from '../../env/conformance/runner.ts'
import { collectJsonFiles, loadFixtureFile, type LoadedFixture } from '../../cli/io.ts'

const DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures')
const files = existsSync(DIR) ? collectJsonFiles([DIR]) : []
const fixtures: LoadedFixture[] = []
const unreadable: string[] = []
for (const f of files) {
  const l = loadFixtureFile(f)
  if (l.ok) fixtures.push(...l.fixtures)
  else unreadable.push(l.message)
}
const idOf = (f: LoadedFixture) => {
  const raw = f.raw as { id?: unknown }
  return typeof raw?.id === 'string' ? raw.id : `${f.file}${f.index === null ? '' : `[${f.index}]`}`
}

describe('conformance fixtures', () => {
  it('the suite exists, every file parses, ids are unique', () => {
    expect(fixtures.length).toBeGreaterThan(0)
    expect(unreadable).toEqual([])
    const ids = fixtures.map(idOf)
    const dups = ids.filter((id, i) => ids.indexOf(id) !== i)
    expect(dups).toEqual([])
  })

  for (const f of fixtures) {
    it(`${idOf(f)} (${f.file})`, () => {
      const r = runFixture(f.raw)
      // The message is the runner's own diff: a failure reads like `tercio conformance`.
      expect(r.passed, formatResult(r)).toBe(true)
    })
  }
})
