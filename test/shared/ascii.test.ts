import { describe, expect, it } from 'vitest'
import { rowAscii, staggeredAscii } from '../../env/rules/shared/ascii.ts'

// A 3-column, 2-row map whose cell text names the hex index.
const grid = { cols: 3, rows: 2 }
const cell = (h: number): string => `h${h}`

describe('shared ASCII maps', () => {
  it('staggeredAscii: even columns on the first line, odd ones on the second, cells padded to the width', () => {
    expect(staggeredAscii(grid, cell, 4)).toEqual([
      '    01   02   03   ',
      '01  h0        h2',
      '         h1',
      '02  h3        h5',
      '         h4',
    ])
  })
  it('staggeredAscii: column numbers sit on a pitch of width + 1 (the header keeps its blanks); a one-column map has empty second lines', () => {
    const lines = staggeredAscii({ cols: 1, rows: 2 }, () => 'x', 7)
    expect(lines).toEqual(['    01      ', '01  x', '', '02  x', ''])
    expect(staggeredAscii({ cols: 2, rows: 1 }, () => '', 7)[0]).toBe('    01      02      ')
  })
  it('staggeredAscii asks for each hex once, in row order', () => {
    const asked: number[] = []
    staggeredAscii(grid, (h) => (asked.push(h), ''), 3)
    expect(asked).toEqual([0, 1, 2, 3, 4, 5])
  })
  it('rowAscii: one line per row, a three-wide row number, each cell after a space padded to the width', () => {
    expect(rowAscii(grid, cell, 3)).toEqual([
      '       1   2   3',
      '  1  h0  h1  h2 ',
      '  2  h3  h4  h5 ',
    ])
  })
  it('rowAscii keeps a cell longer than the width whole and keeps trailing blanks', () => {
    expect(rowAscii({ cols: 2, rows: 1 }, (h) => (h === 0 ? 'long' : ''), 2)).toEqual(['      1  2', '  1  long   '])
  })
})
