// ASCII drawing of a flat-topped, odd-q hex map (see env/hex/grid.ts): odd
// 0-based columns sit half a hex lower. Rulesets call renderHexMap from their
// `ascii` with one short cell string per hex. Dependency-free.
//
//       01    02    03          each hex: top edge, one content line, bottom edge
//      _____       _____        the bottom edge may carry a second, shorter text
//  01 / G1> \_____/     \       (e.g. terrain) padded with '_'
//     \_____/ C2< \_____/
//  02 / ... \_____/     \
//     \_____/     \_____/
//           \_____/

export interface HexMapSize {
  readonly cols: number
  readonly rows: number
}

export interface HexMapOptions {
  /** Interior width of a hex in characters (default 5, minimum 1). */
  width?: number
  /** Column labels on top, row labels on the left (default true). */
  labels?: boolean
  /** Text drawn in the bottom edge of each hex (padded with '_'). */
  bottom?: (hex: number) => string
}

/** Draws the map; `cell(h)` gives the text of hex h (index row * cols + col),
 *  cut or padded to the interior width. Lines carry no trailing spaces. */
export function renderHexMap(size: HexMapSize, cell: (hex: number) => string, opts: HexMapOptions = {}): string {
  const w = Math.max(1, Math.floor(opts.width ?? 5))
  const labels = opts.labels ?? true
  const { cols, rows } = size
  const margin = labels ? 4 : 0
  const top = labels ? 1 : 0
  const height = top + 2 * rows + 2
  const widthChars = margin + cols * (w + 1) + 1
  const canvas: string[][] = []
  for (let y = 0; y < height; y++) canvas.push(new Array<string>(widthChars).fill(' '))
  const put = (y: number, x: number, text: string): void => {
    const line = canvas[y]
    if (!line) return
    for (let i = 0; i < text.length; i++) if (x + i < widthChars) line[x + i] = text[i] as string
  }
  const fit = (text: string, fill: string): string => {
    const t = text.length > w ? text.slice(0, w) : text
    if (fill === ' ') {
      // Centre the content: it reads better than left-aligned cells.
      const left = (w - t.length) >> 1
      return ' '.repeat(left) + t + ' '.repeat(w - t.length - left)
    }
    return t + fill.repeat(w - t.length)
  }
  if (labels) {
    for (let c = 0; c < cols; c++) {
      const cc = String(c + 1).padStart(2, '0')
      put(0, margin + c * (w + 1) + 1 + ((w - 2) >> 1), cc)
    }
  }
  const edge = '_'.repeat(w)
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const h = r * cols + c
      const x = margin + c * (w + 1)
      const y = top + 2 * r + (c & 1)
      // Only the first row draws a top edge: below it, the top edge is the bottom edge of the hex above.
      if (r === 0) put(y, x + 1, edge)
      put(y + 1, x, '/' + fit(cell(h), ' ') + '\\')
      put(y + 2, x, '\\' + (opts.bottom ? fit(opts.bottom(h), '_') : edge) + '/')
    }
    if (labels) put(top + 2 * r + 1, 0, String(r + 1).padStart(2, '0'))
  }
  const lines = canvas.map((l) => l.join('').replace(/\s+$/, ''))
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  return lines.join('\n')
}
