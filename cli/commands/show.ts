// `tercio show`: the position of a scenario (or after init with a seed).
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { actionText, parseAction } from '../../env/core/actions.ts'
import type { BaseEvent, GameView } from '../../env/core/types.ts'
import type { Scenario } from '../../env/scenario/types.ts'
import { CliError, loadEngine, writeJson } from '../io.ts'
import { formatTable } from '../table.ts'
import { renderSvg } from '../../env/render/svg.ts'
import { writeFileSync } from 'node:fs'

interface Args {
  ruleset?: string
  scenario?: string
  seed: number
  json?: string
  svg?: string
  actions?: string
  legal: boolean
  map: 'auto' | 'full' | 'compact' | 'none'
}

const MAP_KINDS = ['auto', 'full', 'compact', 'none'] as const

/** Width of piped output (a file, a pager, a CI log) when $COLUMNS does not say. */
export const PIPED_WIDTH = 100

/** Columns of the terminal stdout writes to; $COLUMNS, else PIPED_WIDTH, when it is not a terminal. */
export function outputWidth(): number {
  if (process.stdout.isTTY && process.stdout.columns) return process.stdout.columns
  const env = Number(process.env.COLUMNS)
  return Number.isInteger(env) && env > 0 ? env : PIPED_WIDTH
}

const widest = (text: string): number => Math.max(0, ...text.split('\n').map((l) => [...l].length))

/** Words joined by `sep` into lines of at most `width` characters. */
function wrap(words: readonly string[], width: number, sep = ', '): string[] {
  const lines: string[] = []
  let line = ''
  for (const w of words) {
    // A line that goes on ends with the separator's mark (',' or ';'): count it.
    if (line !== '' && line.length + sep.length + w.length + sep.trimEnd().length > width) {
      lines.push(line + sep.trimEnd())
      line = ''
    }
    line = line === '' ? w : line + sep + w
  }
  if (line !== '') lines.push(line)
  return lines
}

/** The position in 3 columns a hex (a 24-column map fits in 80): each map row is two lines,
 *  even columns on the first, odd ones (half a hex lower) on the second. A hex with units shows
 *  its side digit and the first unit's type letter (`1G`), then how many units are stacked
 *  (`1G3`) or `@` for a leader with a lone unit; `@0`/`@1` is a leader alone; any other hex its
 *  terrain character (one character, so never mistaken for a unit). The letters follow the map. */
export function compactMap(sc: Scenario, view: GameView, width = 80): string {
  const { cols, rows } = sc.map
  const letters = new Map<string, string>()
  const letterOf = (type: string): string => {
    let l = letters.get(type)
    if (!l) {
      // The first letter of the type's name that no other type has taken, else any free letter.
      const taken = new Set(letters.values())
      l = [...type.toUpperCase().replace(/[^A-Z]/g, ''), ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find((c) => !taken.has(c)) ?? '?'
      letters.set(type, l)
    }
    return l
  }
  const at = new Map<string, { side: number; units: string[]; leader: number | null }>()
  const cell = (hex: string, side: number) => {
    let c = at.get(hex)
    if (!c) at.set(hex, (c = { side, units: [], leader: null }))
    return c
  }
  for (const u of view.units) if (u.hex) cell(u.hex, u.side).units.push(letterOf(u.type))
  for (const l of view.leaders) if (l.hex) cell(l.hex, l.side).leader = l.side
  const text = (c: number, r: number): string => {
    const here = at.get(`${String(c + 1).padStart(2, '0')}${String(r + 1).padStart(2, '0')}`)
    if (!here) return sc.map.terrain[r]?.[c] ?? ' '
    if (here.units.length === 0) return `@${here.leader}`
    const n = here.units.length
    return `${here.side}${here.units[0]}${n > 1 ? Math.min(n, 9) : here.leader !== null ? '@' : ''}`
  }
  const lines: string[] = ['    ' + Array.from({ length: cols }, (_, c) => String(c + 1).padStart(2, '0').padEnd(3)).join('').trimEnd()]
  for (let r = 0; r < rows; r++) {
    for (const parity of [0, 1]) {
      let line = parity === 0 ? String(r + 1).padStart(2, '0') + '  ' : '    '
      for (let c = 0; c < cols; c++) line += c % 2 === parity ? text(c, r).padEnd(3) : '   '
      lines.push(line.trimEnd())
    }
  }
  const key = [...letters].map(([type, l]) => (l === type ? type : `${l} ${type}`))
  lines.push('', ...wrap([`units (side digit, type letter, stack size or @ leader): ${key.shift() ?? 'none'}`, ...key], width))
  return lines.join('\n')
}

export const showCommand: CommandModule<object, Args> = {
  command: 'show',
  describe: 'Print a scenario position: map, legend, units, leaders, wings',
  builder: (y: Argv<object>) =>
    y
      .option('ruleset', { type: 'string', describe: "ruleset id (default: the scenario's)" })
      .option('scenario', { type: 'string', describe: 'built-in scenario id or path to a scenario JSON file' })
      .option('seed', { type: 'number', default: 1, describe: 'game seed (initial rolls, e.g. initiative)' })
      .option('json', { type: 'string', describe: 'also write engine.view(state) as JSON to FILE' })
      .option('svg', { type: 'string', describe: 'also write the position as an SVG picture to FILE (env/render/svg.ts)' })
      .option('actions', { type: 'string', describe: 'action texts to apply first, separated by spaces or commas (e.g. a fuzz recipe); their events are printed' })
      .option('legal', { type: 'boolean', default: false, describe: 'list the legal actions of the current decision' })
      .option('map', { choices: MAP_KINDS, default: 'auto' as const, describe: "the ASCII map: compact (3 columns a hex, in the scenario's terrain letters, the legend below), the ruleset's full drawing (its own glyphs: facings, formations), or none; auto = compact, none with --svg" })
      .example('$0 show --scenario piwam-training', 'the default training battle')
      .example('$0 show --scenario ivry-1590 --svg ivry.svg', 'a picture of the position instead of the ASCII map')
      .example('$0 show --seed 3 --actions "wing:CL choice:pass" --legal', 'the position after two decisions, with what is legal next') as unknown as Argv<Args>,
  handler: (argv: ArgumentsCamelCase<Args>) => {
    if (!Number.isInteger(argv.seed) || argv.seed < 0) throw new CliError(`--seed: expected a non-negative whole number, got ${argv.seed}`)
    const engine = loadEngine(argv.ruleset, argv.scenario)
    const sc = engine.scenario
    const s = engine.init(argv.seed)
    const texts = (argv.actions ?? '').split(/[\s,]+/).filter((t) => t !== '')
    const events: BaseEvent[] = []
    const applied: string[] = []
    for (let i = 0; i < texts.length; i++) {
      const t = texts[i] as string
      const a = parseAction(engine.layout, engine.grid, t)
      if (!a.ok) throw new CliError(`--actions: action ${i + 1} "${t}": ${a.error.message}`)
      const before = events.length
      const e = engine.apply(s, a.value, events)
      if (e) throw new CliError(`--actions: action ${i + 1} "${t}" refused: ${e.code}: ${e.message}`, 1)
      applied.push(`${String(i + 1).padStart(4)}. ${t}${events.length > before ? ': ' + events.slice(before).map((x) => engine.describe(x)).join('; ') : ''}`)
    }
    const view = engine.view(s)
    const sideName = (p: number) => `${p} ${sc.sides[p]?.name ?? ''}`.trim()
    /** Items joined by `sep`, wrapped to the terminal (continuation lines indented). */
    const fit = (head: string, items: string[], sep: string) => {
      const parts = [`${head}${items[0] ?? ''}`, ...items.slice(1)]
      return wrap(parts, outputWidth() - 2, sep).join('\n  ')
    }
    const head = [`${sc.name} [${sc.id}] — ruleset ${engine.ruleset}`, `${sc.map.cols}x${sc.map.rows} hexes`, `${sc.turns} turns`, `seed ${argv.seed}`, ...(texts.length ? [`after ${texts.length} actions`] : [])]
    console.log(wrap(head, outputWidth() - 2).join('\n  '))
    if (sc.description) console.log(wrap(sc.description.split(' '), outputWidth(), ' ').join('\n'))
    console.log('')
    if (applied.length > 0) console.log(applied.join('\n') + '\n')
    // One map whatever the output: the compact one, whose letters the legend below explains, the
    // same piped or on a terminal. The ruleset's drawing (8+ columns a hex) is asked for by name.
    const kind = argv.map !== 'auto' ? argv.map : argv.svg ? 'none' : 'compact'
    if (kind === 'compact') console.log(compactMap(sc, view, outputWidth()) + '\n')
    if (kind === 'full') console.log(`${engine.ascii(s)}\n(the ${engine.ruleset} ruleset's own drawing, in its own glyphs; --map compact draws the terrain letters below)\n`)
    console.log(fit('terrain: ', Object.entries(sc.map.legend).map(([ch, t]) => `'${ch}' ${t}`), ', '))
    console.log(fit('sides: ', sc.sides.map((x, i) => `${i} ${x.name} (${x.id}, friendly edge ${x.edge})`), '; '))
    console.log('')
    console.log('Units')
    // A table wider than the terminal names the sides by number only (the sides line above names them).
    const table = (headers: string[], rows: (side: (p: number) => string) => (string | number | undefined)[][]): string => {
      const full = formatTable(headers, rows(sideName), { indent: '  ' })
      return widest(full) > outputWidth() ? formatTable(headers, rows((p) => String(p)), { indent: '  ' }) : full
    }
    console.log(table(['id', 'side', 'type', 'wing', 'hex', 'facing', 'status'], (side) => view.units.map((u) => [u.id, side(u.side), u.type, u.wing ?? '-', u.hex ?? (u.eliminated ? 'eliminated' : 'off map'), u.facing ?? '-', u.status])))
    if (view.leaders.length > 0) {
      console.log('\nLeaders')
      console.log(table(['id', 'side', 'role', 'wing', 'hex', 'rating'], (side) => view.leaders.map((l) => [l.id, side(l.side), l.role, l.wing ?? '-', l.hex ?? (l.removed ? 'removed' : '-'), typeof l.rating === 'number' ? l.rating : sc.leaders.find((x) => x.id === l.id)?.rating])))
    }
    if (view.wings.length > 0) {
      console.log('\nWings')
      console.log(table(['id', 'side', 'name', 'order', 'markers', 'commander'], (side) => view.wings.map((w) => { const def = sc.wings.find((x) => x.id === w.id); return [w.id, side(w.side), def?.name ?? '', w.order ?? '-', w.markers.join(' ') || '-', def?.commander ?? '-'] })))
    }
    const d = engine.decision(s)
    const mask = new Uint8Array(engine.layout.size)
    const n = engine.legal(s, mask)
    console.log('')
    if (argv.legal) {
      const texts: string[] = []
      for (let i = 0; i < mask.length; i++) if (mask[i]) texts.push(actionText(engine.layout, i))
      console.log(`legal: ${texts.join(' ') || '(none)'}`)
    }
    console.log(fit('', [`turn ${view.turn}, phase ${view.phase}`, d ? `to act: ${sideName(d.player)} (${d.kind}${d.subject ? ` ${d.subject}` : ''}), ${n} legal actions` : 'game over', `action space ${engine.layout.size} ids`], '; '))
    if (argv.json) {
      writeJson(argv.json, view)
      console.log(`view written to ${argv.json}`)
    }
    if (argv.svg) {
      const svg = renderSvg(sc, view, { title: `seed ${argv.seed}${texts.length ? `, after ${texts.length} actions` : ''}` }) + '\n'
      try {
        writeFileSync(argv.svg, svg)
      } catch (e) {
        throw new CliError(`--svg: cannot write ${argv.svg}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, 1)
      }
      console.log(`picture written to ${argv.svg} (SVG, ${sc.map.cols}x${sc.map.rows} hexes, ${Math.round(svg.length / 1024)} KB)`)
    }
  },
}
