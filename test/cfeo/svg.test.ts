import { describe, expect, it } from 'vitest'
import { renderSvg } from '../../env/render/svg.ts'
import { bindCfeo } from './helpers.ts'

describe('cfeo in the SVG renderer', () => {
  const e = bindCfeo()
  it('draws stands, formation and depth, disorder points, generals and attached leaders', () => {
    const s = e.init(1)
    s.uDp[0] = 2
    s.uForm[1] = 1
    const svg = renderSvg(e.scenario, e.view(s))
    for (const id of e.scenario.units.map((u) => u.id)) expect(svg).toContain(`data-unit="${id}"`)
    for (const id of e.scenario.leaders.map((l) => l.id)) expect(svg).toContain(`data-leader="${id}"`)
    // F-P1: 8 stands in line 2 deep with 2 DPs
    const fp1 = svg.slice(svg.indexOf('data-unit="F-P1"'), svg.indexOf('</g>', svg.indexOf('class="dp"', svg.indexOf('data-unit="F-P1"'))))
    expect(fp1).toContain('class="stands"')
    expect(fp1).toMatch(/>8</)
    expect(fp1).toMatch(/class="formation"[^>]*>L2</)
    expect(fp1).toContain('<title>2 DP</title>')
    // F-T1 now in column
    const ft1 = svg.slice(svg.indexOf('data-unit="F-T1"'), svg.indexOf('data-unit="F-S1"'))
    expect(ft1).toMatch(/class="formation"[^>]*>C</)
    expect(svg).toContain('class="leader side0 attached" data-leader="F-CI"')
    expect(svg).toContain('attached to F-P1')
    expect(svg).toMatch(/data-leader="F-GEN">.*?fill="#f1c40f"/)
  })
})
