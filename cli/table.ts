// Plain-text tables for CLI summaries: columns sized to their widest cell,
// numbers right-aligned.

export type Cell = string | number | null | undefined

export function formatTable(headers: readonly string[], rows: readonly (readonly Cell[])[], opts: { indent?: string } = {}): string {
  const text = (c: Cell) => (c === null || c === undefined ? '' : String(c))
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => r[i] === undefined || r[i] === null || typeof r[i] === 'number' || /^[-+]?[\d.,]+%?$/.test(text(r[i]))))
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => text(r[i]).length)))
  const line = (cells: readonly string[]) =>
    (opts.indent ?? '') +
    cells
      .map((c, i) => (numeric[i] ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join('  ')
      .replace(/\s+$/, '')
  const rule = (opts.indent ?? '') + widths.map((w) => '-'.repeat(w)).join('  ')
  return [line(headers), rule, ...rows.map((r) => line(headers.map((_, i) => text(r[i]))))].join('\n')
}

/** 1234567 -> "1,234,567". */
export const thousands = (n: number): string => Math.round(n).toLocaleString('en-US')
