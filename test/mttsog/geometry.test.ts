import { describe, expect, it } from 'vitest'
import { builtinScenario } from '../../env/scenario/builtin.ts'
import { mttsogContext } from '../../env/rules/mttsog/index.ts'
import { adjArc, dist, inFrontArc, within } from '../../env/rules/mttsog/core.ts'
import { hexOfLabel } from '../../env/hex/grid.ts'
import type { Ctx } from '../../env/rules/mttsog/context.ts'

const ctx = (): Ctx => {
  const sc = builtinScenario('mttsog-training')
  if (!sc.ok) throw new Error(sc.error.message)
  const c = mttsogContext(sc.value)
  if (!c.ok) throw new Error(c.error.message)
  return c.value
}

describe('mttsog measuring and arcs', () => {
  const c = ctx()
  const h = (l: string): number => hexOfLabel(c.grid, l)
  it('"within R inches" is base to base: distance <= R + 1', () => {
    expect(dist(c, h('0505'), h('0509'))).toBe(4)
    expect(within(c, h('0505'), h('0509'), 3)).toBe(true) // 3 inches apart
    expect(within(c, h('0505'), h('0509'), 2)).toBe(false)
    expect(within(c, h('0505'), h('0506'), 0)).toBe(true) // base contact
  })
  it('the 180-degree front arc is the half-plane ahead of the facing hexside', () => {
    const N = 0
    expect(inFrontArc(c, h('0505'), N, h('0501'))).toBe(true)
    expect(inFrontArc(c, h('0505'), N, h('0604'))).toBe(true) // NE neighbour
    expect(inFrontArc(c, h('0505'), N, h('0605'))).toBe(false) // SE neighbour: behind the line
    expect(inFrontArc(c, h('0505'), N, h('0509'))).toBe(false)
    expect(inFrontArc(c, h('0505'), N, h('1004'))).toBe(true) // far to the side but half a hex ahead (odd columns sit lower)
    expect(inFrontArc(c, h('0505'), N, h('1005'))).toBe(false) // half a hex behind
  })
  it('adjacent arcs: 3 front hexsides, 2 flank, 1 rear', () => {
    const N = 0
    const arcs = ['0504', '0604', '0605', '0506', '0405', '0404'].map((l) => adjArc(c, h('0505'), N, h(l)))
    expect(arcs).toEqual([0, 0, 1, 2, 1, 0])
  })
})
