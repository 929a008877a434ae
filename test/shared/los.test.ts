import { describe, expect, it } from 'vitest'
import { hexOfLabel, makeGrid } from '../../env/hex/grid.ts'
import { belowBothEnds, clearLine, SightLines, type SightRule } from '../../env/rules/shared/los.ts'

const g = makeGrid(8, 8)
const H = (l: string) => hexOfLabel(g, l)

/** Blocks where `blocked` is set, unless the hex lies below both ends (the usual height rule). */
class Rule implements SightRule {
  blocked = new Uint8Array(g.size)
  elev = new Uint8Array(g.size)
  asked: number[] = []
  blocks(h: number, a: number, b: number): boolean {
    this.asked.push(h)
    return !belowBothEnds(this.elev, h, a, b) && this.blocked[h] === 1
  }
}

describe('shared line of sight', () => {
  it('walks the hexes strictly between the ends, nearest the first end first', () => {
    const lines = new SightLines(g)
    expect(Array.from(lines.between(H('0301'), H('0305'))).map((h) => g.labels[h])).toEqual(['0302', '0303', '0304'])
    expect(Array.from(lines.between(H('0305'), H('0301'))).map((h) => g.labels[h])).toEqual(['0304', '0303', '0302'])
    expect(lines.between(H('0301'), H('0302')).length).toBe(0)
    expect(lines.between(H('0301'), H('0301')).length).toBe(0)
  })
  it('caches a line: the same array comes back for the same pair', () => {
    const lines = new SightLines(g)
    expect(lines.between(H('0101'), H('0606'))).toBe(lines.between(H('0101'), H('0606')))
  })
  it('is blocked by an obstacle between the ends, never by the ends themselves', () => {
    const lines = new SightLines(g)
    const rule = new Rule()
    const a = H('0301')
    const b = H('0305')
    expect(clearLine(lines, a, b, rule)).toBe(true)
    rule.blocked[H('0303')] = 1
    expect(clearLine(lines, a, b, rule)).toBe(false)
    rule.blocked[H('0303')] = 0
    rule.blocked[a] = 1
    rule.blocked[b] = 1
    expect(clearLine(lines, a, b, rule)).toBe(true)
    // adjacent hexes always see each other, nothing is asked
    rule.asked.length = 0
    expect(clearLine(lines, a, H('0302'), rule)).toBe(true)
    expect(rule.asked).toEqual([])
  })
  it('height rule: an obstacle lower than both ends does not block; as high as the lower end does', () => {
    const lines = new SightLines(g)
    const rule = new Rule()
    const a = H('0301')
    const b = H('0305')
    rule.blocked[H('0303')] = 1
    rule.elev[a] = 2
    rule.elev[b] = 1
    rule.elev[H('0303')] = 0
    expect(clearLine(lines, a, b, rule)).toBe(true)
    rule.elev[H('0303')] = 1
    expect(clearLine(lines, a, b, rule)).toBe(false)
    expect(belowBothEnds(rule.elev, H('0303'), a, b)).toBe(false)
  })
})
