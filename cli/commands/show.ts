// `tercio show`: the position of a scenario (or after init with a seed).
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { actionText, parseAction } from '../../env/core/actions.ts'
import type { BaseEvent } from '../../env/core/types.ts'
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
      .example('$0 show --scenario piwam-training', 'the default training battle')
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
    console.log(`${sc.name} [${sc.id}] — ruleset ${engine.ruleset}, ${sc.map.cols}x${sc.map.rows} hexes, ${sc.turns} turns, seed ${argv.seed}${texts.length ? `, after ${texts.length} actions` : ''}`)
    if (sc.description) console.log(sc.description)
    console.log('')
    if (applied.length > 0) console.log(applied.join('\n') + '\n')
    console.log(engine.ascii(s))
    console.log('')
    console.log(`terrain: ${Object.entries(sc.map.legend).map(([ch, t]) => `'${ch}' ${t}`).join(', ')}`)
    console.log(`sides: ${sc.sides.map((x, i) => `${i} ${x.name} (${x.id}, friendly edge ${x.edge})`).join('; ')}`)
    console.log('')
    console.log('Units')
    console.log(formatTable(['id', 'side', 'type', 'wing', 'hex', 'facing', 'status'], view.units.map((u) => [u.id, sideName(u.side), u.type, u.wing ?? '-', u.hex ?? (u.eliminated ? 'eliminated' : 'off map'), u.facing ?? '-', u.status]), { indent: '  ' }))
    if (view.leaders.length > 0) {
      console.log('\nLeaders')
      console.log(formatTable(['id', 'side', 'role', 'wing', 'hex', 'rating'], view.leaders.map((l) => [l.id, sideName(l.side), l.role, l.wing ?? '-', l.hex ?? (l.removed ? 'removed' : '-'), typeof l.rating === 'number' ? l.rating : sc.leaders.find((x) => x.id === l.id)?.rating]), { indent: '  ' }))
    }
    if (view.wings.length > 0) {
      console.log('\nWings')
      console.log(formatTable(['id', 'side', 'name', 'order', 'markers', 'commander'], view.wings.map((w) => { const def = sc.wings.find((x) => x.id === w.id); return [w.id, sideName(w.side), def?.name ?? '', w.order ?? '-', w.markers.join(' ') || '-', def?.commander ?? '-'] }), { indent: '  ' }))
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
    console.log(`turn ${view.turn}, phase ${view.phase}; ${d ? `to act: ${sideName(d.player)} (${d.kind}${d.subject ? ` ${d.subject}` : ''}), ${n} legal actions` : 'game over'}; action space ${engine.layout.size} ids`)
    if (argv.json) writeJson(argv.json, view)
    if (argv.svg) writeFileSync(argv.svg, renderSvg(sc, view, { title: `seed ${argv.seed}${texts.length ? `, after ${texts.length} actions` : ''}` }) + '\n')
  },
}
