// The SVG picture of an hbl position shows the current card, both decks'
// remaining cards by type and the chips (the viewer draws the same SVG).
import { describe, expect, it } from 'vitest'
import { renderSvg } from '../../env/render/svg.ts'
import { hblEngine, lcg, legalIds } from './helpers.ts'

describe('hbl SVG', () => {
  it('shows the card, both decks and the chips, and hexside-faced counters', () => {
    const e = hblEngine()
    const s = e.init(3)
    const mask = new Uint8Array(e.layout.size)
    const rnd = lcg(5)
    // Play until some card is being played.
    for (let i = 0; i < 200 && e.decision(s); i++) {
      const v = e.view(s)
      if (v['card'] !== null && v.decision?.kind === 'move') break
      const ids = legalIds(e, s, mask)
      e.apply(s, ids[Math.floor(rnd() * ids.length)] as number)
    }
    const v = e.view(s)
    const svg = renderSvg(e.scenario, v)
    expect(typeof v['card']).toBe('string')
    expect(svg).toContain(`card: ${v['card'] as string}`)
    const decks = v['decks'] as Record<string, number>[]
    const left0 = Object.values(decks[0] as Record<string, number>).reduce((a, b) => a + b, 0)
    expect(svg).toContain(`French: chips ${(v['chips'] as number[])[0]} (lost ${(v['chipsLost'] as number[])[0]}), pips ${(v['pips'] as number[])[0]}, ${left0} cards: `)
    expect(svg).toMatch(/Imperials: chips \d+ \(lost \d+\), pips \d+, \d+ cards: .*melee \d/)
    expect(svg).toContain('data-unit="F-LK"')
  })
})
