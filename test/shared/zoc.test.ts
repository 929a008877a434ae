// env/rules/shared/zoc.ts: side masks, projection and cover, on a real grid.
import { describe, expect, it } from 'vitest'
import { hexOfLabel, makeGrid, sideFrontSides, vertexFrontSides as vertexFrontList } from '../../env/hex/grid.ts'
import { ALL_SIDES, anyNeighbourCounted, hasSide, hexsideFrontSides, projectZoc, vertexFrontSides, zocCovers } from '../../env/rules/shared/zoc.ts'

const g = makeGrid(8, 8)
const H = (l: string): number => hexOfLabel(g, l)
const labels = (counts: Uint8Array, offset: number): string[] => {
  const out: string[] = []
  for (let h = 0; h < g.size; h++) if ((counts[offset + h] as number) > 0) out.push(g.labels[h] as string)
  return out.sort()
}

describe('side masks', () => {
  it('a hexside facing covers that side and the two either side (grid.ts sideFrontSides)', () => {
    for (let d = 0; d < 6; d++) {
      const m = hexsideFrontSides(d)
      const want = sideFrontSides(d)
      for (let k = 0; k < 6; k++) expect(hasSide(m, k)).toBe(want.includes(k))
    }
    expect(hexsideFrontSides(0)).toBe(0b100011) // NW, N, NE
  })
  it('a vertex facing covers its two sides (grid.ts vertexFrontSides)', () => {
    for (let f = 0; f < 6; f++) for (let k = 0; k < 6; k++) expect(hasSide(vertexFrontSides(f), k)).toBe(vertexFrontList(f).includes(k))
  })
  it('ALL_SIDES has six sides', () => {
    for (let k = 0; k < 6; k++) expect(hasSide(ALL_SIDES, k)).toBe(true)
  })
})

describe('projectZoc / zocCovers', () => {
  it('a unit in 0404 facing S covers the three hexes south of it (SE, S, SW), in its own layer', () => {
    const counts = new Uint8Array(2 * g.size)
    const h = H('0404')
    projectZoc(g, counts, g.size, h, hexsideFrontSides(3))
    const want = [2, 3, 4].map((d) => g.labels[g.neighbors[h * 6 + d] as number] as string).sort()
    expect(labels(counts, g.size)).toEqual(want)
    expect(labels(counts, 0)).toEqual([]) // layer 0 untouched
    expect(want).toContain('0405') // straight south
    for (let d = 0; d < 6; d++) expect(zocCovers(g, h, hexsideFrontSides(3), g.neighbors[h * 6 + d] as number)).toBe(d >= 2 && d <= 4)
    expect(zocCovers(g, h, hexsideFrontSides(3), H('0406'))).toBe(false) // two hexes away
  })
  it('counts add up where two zones overlap; all-round covers six; off-map neighbours are skipped', () => {
    const counts = new Uint8Array(g.size)
    projectZoc(g, counts, 0, H('0404'), ALL_SIDES)
    projectZoc(g, counts, 0, H('0406'), ALL_SIDES)
    expect(counts[H('0405')]).toBe(2)
    expect(labels(counts, 0).length).toBe(6 + 6 - 1) // two apart in one column: 0405 is their only common neighbour
    const corner = new Uint8Array(g.size)
    projectZoc(g, corner, 0, H('0101'), ALL_SIDES)
    expect(labels(corner, 0).length).toBeLessThan(6)
  })
  it('anyNeighbourCounted reads a layer of counts around a hex', () => {
    const occ = new Uint8Array(2 * g.size)
    occ[g.size + H('0405')] = 1
    expect(anyNeighbourCounted(g, occ, g.size, H('0404'))).toBe(true)
    expect(anyNeighbourCounted(g, occ, 0, H('0404'))).toBe(false)
    expect(anyNeighbourCounted(g, occ, g.size, H('0402'))).toBe(false)
  })
})
