// The SVG picture of an hbl position shows the current card, both decks'
// remaining cards by type and the chips (the viewer draws the same SVG).
import { describe, expect, it } from 'vitest'
import { renderSvg } from '../../env/render/svg.ts'
import { F_LOADED, F_VEX, type HState } from '../../env/rules/hbl/state.ts'
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
    expect(svg).toMatch(/Imperials: chips \d+ \(lost \d+\), pips \d+, \d+ cards: /)
    expect(svg).toContain('data-unit="F-LK"')
    // Counters: UI left on each unit on the map.
    for (const u of v.units.filter((x) => x.hex !== null)) expect(svg).toMatch(new RegExp(`data-unit="${u.id}"[^]*?<text class="ui" data-ui="${u['ui'] as number}"`))
    // The panel's lines stay within the picture's width (long deck lists wrap at a comma).
    const width = Number(/viewBox="0 0 ([\d.]+)/.exec(svg)?.[1])
    const deckTexts = [...svg.matchAll(/<text x="18" [^>]*>([^<]*)<\/text>/g)].map((m) => m[1] as string).filter((t) => / cards: |^ {3}/.test(t))
    expect(deckTexts.length).toBeGreaterThan(2)
    // Joined again, each side's lines list its remaining cards by type, as the view counts them.
    for (const [p, name] of [[0, 'French'], [1, 'Imperials']] as const) {
      const i = deckTexts.findIndex((t) => t.startsWith(`${name}: `))
      let text = deckTexts[i] as string
      for (let k = i + 1; k < deckTexts.length && (deckTexts[k] as string).startsWith('   '); k++) text += ` ${(deckTexts[k] as string).trim()}`
      const types = Object.entries(decks[p] as Record<string, number>).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(', ')
      expect(text.endsWith(`cards: ${types}`)).toBe(true)
    }
    for (const t of deckTexts) expect(t.length * 7).toBeLessThanOrEqual(width - 24)
  })

  it('marks vexed units with a V and unloaded shooters with a ring', () => {
    const e = hblEngine()
    const s = e.init(3)
    const f = e.view(s).units.findIndex((u) => u.id === 'F-ARQ')
    const l = e.view(s).units.findIndex((u) => u.id === 'I-LK')
    const st = s as unknown as HState
    st.fl[f] = (st.fl[f] as number) & ~F_LOADED
    st.fl[l] = (st.fl[l] as number) | F_VEX
    const v = e.view(s)
    expect(v.units[f]?.['loaded']).toBe(false)
    expect(v.units[l]?.['vexed']).toBe(true)
    const svg = renderSvg(e.scenario, v)
    // One counter's markup: from its group to the next counter's.
    const unitSvg = (id: string): string => {
      const i = svg.indexOf(`data-unit="${id}"`)
      const j = svg.indexOf('<g class="unit', i + 1)
      return svg.slice(i, j < 0 ? undefined : j)
    }
    expect(unitSvg('F-ARQ')).toContain('class="unloaded"')
    expect(unitSvg('I-ARQ')).not.toContain('class="unloaded"')
    expect(unitSvg('I-LK')).toMatch(/class="status"[\s\S]*>V</)
    expect(unitSvg('F-LK')).not.toContain('class="status"')
  })
})
