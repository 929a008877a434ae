import { describe, expect, it } from 'vitest'
import { renderHexMap } from '../../env/render/ascii.ts'
import { formatTable } from '../../cli/table.ts'
import { Progress, formatDuration } from '../../cli/progress.ts'
import { jsonErrorWhere, parseCount } from '../../cli/io.ts'

describe('renderHexMap', () => {
  it('draws a flat-topped odd-q map, odd columns half a hex lower', () => {
    const out = renderHexMap({ cols: 4, rows: 2 }, (h) => (h === 0 ? 'A' : h === 5 ? 'B' : ''), { width: 3, bottom: (h) => (h === 2 ? 'w' : '') })
    expect(out).toBe(
      [
        '     01  02  03  04',
        '     ___     ___',
        '01  / A \\___/   \\___',
        '    \\___/   \\w__/   \\',
        '02  /   \\___/   \\___/',
        '    \\___/ B \\___/   \\',
        '        \\___/   \\___/',
      ].join('\n'),
    )
  })

  it('cuts long cells and centres short ones; no labels on request', () => {
    const out = renderHexMap({ cols: 1, rows: 1 }, () => 'ABCDEFG', { width: 5, labels: false })
    expect(out.split('\n')).toEqual([' _____', '/ABCDE\\', '\\_____/'])
  })
})

describe('cli helpers', () => {
  it('formats tables with right-aligned numbers', () => {
    expect(formatTable(['name', 'n'], [['a', 1], ['bbb', 22]])).toBe('name   n\n----  --\na      1\nbbb   22')
  })

  it('progress lines carry rate and ETA; durations read well', () => {
    const chunks: string[] = []
    const stream = { write: (s: string) => chunks.push(s), isTTY: false } as unknown as NodeJS.WriteStream
    const p = new Progress({ label: 'fuzz', total: 100, unit: 'decisions', stream, plainEvery: 0 })
    p.update(50)
    p.update(100)
    expect(chunks.length).toBe(2)
    expect(chunks[0]).toMatch(/^fuzz  50\.0% 50\/100 decisions [\d,]+ decisions\/s ETA \S+\n$/)
    // A percentage is not counted twice, and a count of seconds has no rate.
    const pctBar = new Progress({ label: 'bench', total: 100, unit: '%', rate: false, stream, plainEvery: 0 })
    pctBar.update(42)
    expect(chunks[2]).toMatch(/^bench  42\.0% ETA \S+\n$/)
    const secs = new Progress({ label: 'train', total: 180, unit: 's', rate: false, stream, plainEvery: 0 })
    secs.update(45)
    expect(chunks[3]).toMatch(/^train  25\.0% 45\/180 s ETA \S+\n$/)
    const tty: string[] = []
    const ttyStream = { write: (s: string) => tty.push(s), isTTY: true } as unknown as NodeJS.WriteStream
    const bar = new Progress({ label: 'play', total: 4, stream: ttyStream })
    bar.update(4)
    bar.done()
    expect(tty[0]).toMatch(/^\rplay \[#{28}\] 100\.0% 4\/4 /)
    expect(tty[tty.length - 1]?.endsWith('\n')).toBe(true)
    expect(formatDuration(75)).toBe('1m15s')
    expect(formatDuration(Infinity)).toBe('--')
  })

  it('parses counts and locates JSON errors', () => {
    expect(['1e6', '250k', '1_000', '1,000,000', '1m', '7'].map((v) => parseCount(v, 'n'))).toEqual([1e6, 250e3, 1000, 1e6, 1e6, 7])
    expect(() => parseCount('lots', 'decisions')).toThrow(/--decisions/)
    const text = '{\n  "a": 1,\n  oops\n}'
    let e: unknown
    try {
      JSON.parse(text)
    } catch (x) {
      e = x
    }
    expect(jsonErrorWhere(text, e)).toMatch(/^line 3, column 3/)
    // Where Node gives no position, the column is that of the token it names.
    const where = (t: string) => {
      try {
        JSON.parse(t)
      } catch (x) {
        return jsonErrorWhere(t, x)
      }
      return 'parsed'
    }
    expect(where('{"a": tru}')).toBe("line 1, column 10: Unexpected token '}'")
    expect(where('\n\n  garbage here')).toBe("line 3, column 3: Unexpected token 'g'")
    expect(where('{"a": nul')).toBe('line 1, column 10: Unexpected end of JSON input')
    expect(where('{\n  "a": 1\n  "b": 2\n}')).toBe("line 3, column 3: Expected ',' or '}' after property value")
  })
})
