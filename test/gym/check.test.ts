import { describe, expect, it } from 'vitest'
import { checkEnv, formatCheckReport } from '../../env/gym/check.ts'
import { makeToyEngine, type ToyBug } from '../helpers/toy-ruleset.ts'

const failing = (bug: ToyBug) => {
  const r = checkEnv(makeToyEngine(bug), { episodes: 6, maxDecisions: 3000 })
  return { r, names: r.checks.filter((c) => !c.ok).map((c) => c.name) }
}

describe('checkEnv', () => {
  it('passes the toy engine and prints a table', () => {
    const r = checkEnv(makeToyEngine(), { episodes: 6, maxDecisions: 3000 })
    const text = formatCheckReport(r)
    expect(r.checks.filter((c) => !c.ok)).toEqual([])
    expect(r.ok).toBe(true)
    expect(r.stats.terminated).toBeGreaterThan(0)
    expect(r.stats.actionsProbed).toBeGreaterThan(100)
    expect(text).toMatch(/^PASS {2}spec/m)
    expect(text).toContain('OK: 0 of')
  })

  it.each([
    ['hash', 'hash'],
    ['clone', 'clone independence'],
    ['invariant', 'invariants'],
    ['mask-extra', 'mask consistency'],
    ['mask-empty', 'mask consistency'],
    ['nondeterministic', 'determinism'],
    ['restore', 'restore round trip'],
  ] as const)('fails an engine with a %s bug in "%s"', (bug, check) => {
    const { r, names } = failing(bug)
    expect(r.ok).toBe(false)
    expect(names).toContain(check)
    expect(formatCheckReport(r)).toMatch(new RegExp(`^FAIL {2}${check}`, 'm'))
  })

  it('fails an engine that leaves part of its observation unwritten', () => {
    const e = makeToyEngine()
    const lazy = { ...e, encode: (s: Parameters<typeof e.encode>[0], p: 0 | 1, out: Parameters<typeof e.encode>[2]) => {
      const g = out.globals[1]
      e.encode(s, p, out)
      out.globals[1] = g as number // "forgets" the selecting flag
    } }
    const r = checkEnv(lazy, { episodes: 2 })
    expect(r.checks.find((c) => c.name === 'encode overwrites')?.ok).toBe(false)
  })
})
