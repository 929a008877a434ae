import { describe, expect, it } from 'vitest'
import {
  directionTo, distance, hexLine, hexOfLabel, makeGrid, neighbor, sideArc, sideFrontSides, vertexArc, vertexCone,
  vertexFlankSides, vertexFrontSides, vertexRearSides,
} from '../../env/hex/grid.ts'

const g = makeGrid(14, 10)
const H = (l: string) => hexOfLabel(g, l)

describe('hex grid', () => {
  it('labels are CCRR, row-major indices', () => {
    expect(H('0101')).toBe(0)
    expect(H('1401')).toBe(13)
    expect(H('0102')).toBe(14)
    expect(g.labels[H('1022')]).toBeUndefined()
    expect(H('1022')).toBe(-1) // row 22 is off a 10-row map
    expect(H('abcd')).toBe(-1)
    expect(g.labels[H('0710')]).toBe('0710')
  })

  it('neighbours of an even and an odd column (odd-q: columns 02, 04 sit lower)', () => {
    // column 03 (0-based 2, even): N 0302, NE 0402, SE 0403, S 0304, SW 0203, NW 0202
    expect([0, 1, 2, 3, 4, 5].map((d) => g.labels[neighbor(g, H('0303'), d)])).toEqual(['0302', '0402', '0403', '0304', '0203', '0202'])
    // column 04 (0-based 3, odd): N 0402, NE 0503, SE 0504, S 0404, SW 0304, NW 0303
    expect([0, 1, 2, 3, 4, 5].map((d) => g.labels[neighbor(g, H('0403'), d)])).toEqual(['0402', '0503', '0504', '0404', '0304', '0303'])
    expect(neighbor(g, H('0101'), 0)).toBe(-1)
    expect(neighbor(g, H('0101'), 5)).toBe(-1)
  })

  it('distance is symmetric, 1 for neighbours, and matches known pairs', () => {
    for (let h = 0; h < g.size; h++) {
      for (let d = 0; d < 6; d++) {
        const n = neighbor(g, h, d)
        if (n >= 0) expect(distance(g, h, n)).toBe(1)
      }
    }
    expect(distance(g, H('0101'), H('0105'))).toBe(4)
    expect(distance(g, H('0101'), H('0501'))).toBe(4)
    expect(distance(g, H('0303'), H('0707'))).toBe(6)
    expect(distance(g, H('0707'), H('0303'))).toBe(6)
  })

  it('directionTo inverts neighbor', () => {
    for (let d = 0; d < 6; d++) expect(directionTo(g, H('0505'), neighbor(g, H('0505'), d))).toBe(d)
    expect(directionTo(g, H('0505'), H('0909'))).toBe(-1)
  })

  it('vertex facing: 2 front, 2 flank, 2 rear sides that partition the six', () => {
    for (let f = 0; f < 6; f++) {
      const all = [...vertexFrontSides(f), ...vertexFlankSides(f), ...vertexRearSides(f)].sort()
      expect(all).toEqual([0, 1, 2, 3, 4, 5])
    }
    // facing the NE vertex (0): front N and NE, flank SE and NW, rear S and SW
    expect(vertexFrontSides(0)).toEqual([0, 1])
    expect(vertexArc(g, H('0505'), 0, neighbor(g, H('0505'), 0))).toBe('front')
    expect(vertexArc(g, H('0505'), 0, neighbor(g, H('0505'), 2))).toBe('flank')
    expect(vertexArc(g, H('0505'), 0, neighbor(g, H('0505'), 5))).toBe('flank')
    expect(vertexArc(g, H('0505'), 0, neighbor(g, H('0505'), 3))).toBe('rear')
    expect(vertexArc(g, H('0505'), 0, H('0909'))).toBeNull()
  })

  it('hexside facing: 3 front, 3 rear', () => {
    expect(sideFrontSides(0)).toEqual([5, 0, 1])
    expect(sideArc(g, H('0505'), 0, neighbor(g, H('0505'), 5))).toBe('front')
    expect(sideArc(g, H('0505'), 0, neighbor(g, H('0505'), 2))).toBe('rear')
  })

  it('vertex cone: n+1 hexes at range n inside the 60° sector, starting with the two front hexes', () => {
    const big = makeGrid(40, 40)
    const c = vertexCone(big, hexOfLabel(big, '2020'), 1, 10)
    expect(c.length).toBe(2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 11)
    const front = [neighbor(big, hexOfLabel(big, '2020'), 1), neighbor(big, hexOfLabel(big, '2020'), 2)].sort()
    expect(c.slice(0, 2).sort()).toEqual(front)
    for (const h of c) expect(distance(big, hexOfLabel(big, '2020'), h)).toBeLessThanOrEqual(10)
    // clipped at the map edge
    expect(vertexCone(g, H('0101'), 4, 10)).toEqual([])
  })

  it('hex lines are contiguous and end where asked', () => {
    for (const [a, b] of [['0101', '1410'], ['0505', '0510'], ['0303', '0903'], ['1001', '0208']] as const) {
      const line = hexLine(g, H(a), H(b))
      expect(line[0]).toBe(H(a))
      expect(line.at(-1)).toBe(H(b))
      expect(line.length).toBe(distance(g, H(a), H(b)) + 1)
      for (let i = 1; i < line.length; i++) expect(distance(g, line[i - 1] as number, line[i] as number)).toBe(1)
    }
  })
})
