// Each ruleset's clone is an object literal (for speed) and its hash folds named field lists: both are
// written by hand per ruleset, so this checks them against the state itself, in a position reached by
// play: a clone shares no array with its original, and changing any number in the state changes the hash.

import { describe, expect, it } from 'vitest'
import { RULESET_IDS } from '../../env/core/types.ts'
import { bindBuiltin } from '../helpers/play-to-end.ts'

describe.each(RULESET_IDS)('%s state copy and hash', (ruleset) => {
  const engine = bindBuiltin(`${ruleset}-training`)
  const s = engine.init(3)
  const mask = new Uint8Array(engine.layout.size)
  let pick = 12345
  for (let i = 0; i < 150 && engine.decision(s); i++) {
    const legal: number[] = []
    engine.legal(s, mask)
    for (let a = 0; a < mask.length; a++) if (mask[a]) legal.push(a)
    pick = (pick * 1103515245 + 12345) >>> 0
    expect(engine.apply(s, legal[pick % legal.length] as number)).toBeNull()
  }
  const fields = Object.entries(s as unknown as Record<string, unknown>)

  it('a clone equals its original and shares none of its arrays', () => {
    const c = engine.clone(s) as unknown as Record<string, unknown>
    expect(c).toEqual(s)
    for (const [k, v] of fields) if (Array.isArray(v)) expect(c[k], k).not.toBe(v)
  })

  it('every number of the state enters the hash', () => {
    const base = engine.hash(s)
    let checked = 0
    for (const [k, v] of fields) {
      const c = engine.clone(s) as unknown as Record<string, unknown>
      if (typeof v === 'number') c[k] = v + 1
      else if (Array.isArray(v) && typeof v[0] === 'number') (c[k] as number[])[0] = (v[0] as number) + 1
      else continue
      checked++
      expect(engine.hash(c as never), k).not.toBe(base)
    }
    expect(checked).toBeGreaterThan(10)
  })
})
