// Perft: the number of action sequences of a given depth from fixed positions.
// Chance is resolved by the state's own seeded dice, so the counts are exact;
// they pin the move generator (any rules change that alters them must be deliberate).
import { describe, expect, it } from 'vitest'
import { parseAction } from '../../env/core/actions.ts'
import type { PiwamEngine, PiwamState } from '../../env/rules/piwam/index.ts'
import { bindScenario, builtin } from './play.ts'
import { mini, u } from './mini.ts'

function perft(e: PiwamEngine, s: PiwamState, depth: number): number {
  if (depth === 0 || e.outcome(s) !== null) return 1
  const mask = new Uint8Array(e.layout.size)
  e.legal(s, mask)
  let n = 0
  for (let a = 0; a < mask.length; a++) {
    if (!mask[a]) continue
    const c = e.clone(s)
    const r = e.apply(c, a)
    if (r) throw new Error(r.message)
    n += perft(e, c, depth - 1)
  }
  return n
}
const play = (e: PiwamEngine, s: PiwamState, texts: string[]) => {
  for (const t of texts) {
    const a = parseAction(e.layout, e.grid, t)
    if (!a.ok) throw new Error(a.error.message)
    const r = e.apply(s, a.value)
    if (r) throw new Error(`${t}: ${r.message}`)
  }
}

describe('piwam perft', () => {
  it('mini position: a lone pike block facing arquebusiers', () => {
    const e = bindScenario(mini([u('B-S', 0, 'S', '0406', 'NE'), u('R-A', 1, 'A', '0403', 'SW')]))
    const s = e.init(1)
    play(e, s, ['wing:B1', 'choice:pass', 'choice:pass'])
    // select-unit: end, B-S, BA (army), BW1 (wing commander)
    expect(perft(e, s, 1)).toBe(4)
    expect(perft(e, s, 2)).toMatchInlineSnapshot(`12`)
    // 37: a wing commander who ends his action without moving has acted and is not offered
    // again (before that fix select/end could loop forever: 36); and since command is judged
    // when a unit begins its move (2.3), B-S stepping out of command to 0506 may go on to
    // 0505 or 0605 (the per-step reading allowed only steps toward the commander: 35).
    expect(perft(e, s, 3)).toMatchInlineSnapshot(`37`)
  })
  it('training scenario, first decisions', () => {
    const e = builtin('piwam-training')
    const s = e.init(7)
    expect(perft(e, s, 1)).toMatchInlineSnapshot(`1`)
    expect(perft(e, s, 2)).toMatchInlineSnapshot(`3`)
    expect(perft(e, s, 3)).toMatchInlineSnapshot(`9`)
    expect(perft(e, s, 4)).toMatchInlineSnapshot(`59`)
  })
})
