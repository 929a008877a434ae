// Messengers in the view, the SVG and the ASCII map: a General's messenger riding to a battalia with
// new orders shows in that wing (its own field and a marker of the wing's line under the map), on the
// SVG map as a pennant in the sending side's colour at the centre of his hex with a title naming the
// battalia and the order, and as 'm' in its hex of the ASCII map.
import { describe, expect, it } from 'vitest'
import { RandomAgent } from '../../agents/random.ts'
import type { Player, WingView } from '../../env/core/types.ts'
import { hexGeometry, renderSvg, SIDE_COLOURS } from '../../env/render/svg.ts'
import { asciiOf } from '../../env/rules/cfeo/view.ts'
import { ORDERS } from '../../env/rules/cfeo/tables.ts'
import { bindCfeo, trainingScenario } from './helpers.ts'

const reEsc = (t: string): string => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('cfeo messengers in the view', () => {
  it('a messenger on its way is in its wing (hex, order), in the SVG wing line and on its map, and on the ASCII map', () => {
    const e = bindCfeo()
    const sc = trainingScenario()
    const mask = new Uint8Array(e.layout.size)
    let seen = 0
    for (let seed = 1; seed <= 30 && seen < 3; seed++) {
      const ag = [new RandomAgent(seed), new RandomAgent(seed + 1000)]
      const s = e.init(seed)
      for (let d = e.decision(s); d; d = e.decision(s)) {
        const n = e.legal(s, mask)
        e.apply(s, (ag[d.player] as RandomAgent).act({ engine: e, state: s, mask, legalCount: n, player: d.player as Player }))
        const v = e.view(s)
        for (let w = 0; w < e.ctx.w; w++) {
          const wv = v.wings[w] as WingView
          const mh = s.wMsgHex[w] as number
          if (mh < 0) {
            expect(wv['messenger']).toBeNull()
            continue
          }
          const hex = e.ctx.grid.labels[mh] as string
          const order = ORDERS[s.wMsgOrder[w] as number] as string
          expect(wv['messenger']).toEqual({ hex, order })
          expect(wv.markers).toContain(`messenger at ${hex} with ${order}`)
          if (seen++ < 3) {
            const svg = renderSvg(sc, v)
            expect(svg).toContain(`messenger at ${hex} with ${order}`)
            // on the map: one group per messenger on his way, translated to the centre of his hex
            expect((svg.match(/<g class="messenger /g) ?? []).length).toBe(v.wings.filter((x) => x['messenger'] !== null).length)
            const g = svg.match(new RegExp(`<g class="messenger side${wv.side}" data-messenger="${reEsc(wv.id)}" data-at="${hex}" transform="translate\\(([\\d.]+) ([\\d.]+)\\)"><title>messenger to ${reEsc(wv.id)}: ${order}</title>(.*?)</g>`))
            expect(g, `${wv.id} at ${hex}`).not.toBeNull()
            const [cx, cy] = hexGeometry(sc.map.cols, sc.map.rows, 30).centre(mh % e.ctx.grid.cols, Math.floor(mh / e.ctx.grid.cols))
            expect(Number(g?.[1])).toBeCloseTo(cx, 1)
            expect(Number(g?.[2])).toBeCloseTo(cy, 1)
            expect(g?.[3]).toContain(`class="pennant"`)
            expect(g?.[3]).toContain(`fill="${SIDE_COLOURS[wv.side].stroke}"`)
            const row = asciiOf(e.ctx, s)
            expect(row).toContain('m messenger')
            expect(row.split('\n').some((l) => /m/.test(l.replace(/legend.*/, '').replace(/turn .*/, '')))).toBe(true)
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(0)
  }, 120_000)
})
