// ASCII maps shared by the rulesets' `ascii` views: the grid drawing only (a
// header of column numbers, then the rows); each ruleset supplies the text of
// a hex (`cell`) and puts its own title and legend around the lines.

import type { HexGrid } from '../../hex/grid.ts'

/** The map size an ASCII drawer needs (a HexGrid fits). */
export type AsciiGrid = Pick<HexGrid, 'cols' | 'rows'>

/**
 * Two text lines per map row: even columns on the first line, odd columns on
 * the second (they sit half a hex lower), each cell padded to `width` and
 * followed by a space. Column numbers are two digits, left-aligned on their
 * cell (the header keeps its trailing blanks); row numbers two digits before
 * the first line. The rows' trailing blanks are cut, so a row line can be
 * empty (a one-column map's second lines).
 */
export function staggeredAscii(grid: AsciiGrid, cell: (h: number) => string, width: number): string[] {
  const lines: string[] = []
  const blank = ' '.repeat(width + 1)
  let hdr = '    '
  for (let col = 0; col < grid.cols; col++) hdr += String(col + 1).padStart(2, '0').padEnd(width + 1, ' ')
  lines.push(hdr)
  for (let r = 0; r < grid.rows; r++) {
    let top = String(r + 1).padStart(2, '0') + '  '
    let bot = '    '
    for (let col = 0; col < grid.cols; col++) {
      const text = cell(r * grid.cols + col).padEnd(width, ' ') + ' '
      if (col % 2 === 0) {
        top += text
        bot += blank
      } else {
        top += blank
        bot += text
      }
    }
    lines.push(top.replace(/\s+$/, ''), bot.replace(/\s+$/, ''))
  }
  return lines
}

/**
 * One text line per map row: a three-wide row number, then each cell after a
 * space, padded to `width` (a longer cell is kept whole). Column numbers are
 * right-aligned over their cells.
 */
export function rowAscii(grid: AsciiGrid, cell: (h: number) => string, width: number): string[] {
  const lines: string[] = []
  let head = '    '
  for (let col = 0; col < grid.cols; col++) head += String(col + 1).padStart(width + 1, ' ')
  lines.push(head)
  for (let row = 0; row < grid.rows; row++) {
    let line = String(row + 1).padStart(3, ' ') + ' '
    for (let col = 0; col < grid.cols; col++) line += ' ' + cell(row * grid.cols + col).padEnd(width, ' ')
    lines.push(line)
  }
  return lines
}
