// `tercio suite`: the benchmark suite (training/suite.ts) — an agent against random
// and the heuristic, both seats, on every built-in scenario and on held-out
// generated battles, with a score card; `--mirror` measures the generator's
// balance instead (the heuristic against itself over many generated battles).
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs'
import { writeFileSync } from 'node:fs'
import { RULESET_IDS, type RulesetId } from '../../env/core/types.ts'
import { BATTLE_SIZES } from '../../env/scenario/generate/index.ts'
import { EMPTY, mirrorBalance, rulesetScores, sum, runSuite, scoreOf, SUITE_OPPONENTS, suiteScenarios, type MirrorBattle, type ScenarioCard, type SeatResult } from '../../training/suite.ts'
import { CliError, parseCount, writeJson } from '../io.ts'
import { formatTable } from '../table.ts'

interface Args {
  agent?: string
  games: string
  heldOut: string
  rulesets?: string
  seed: number
  json?: string
  mirror: boolean
  battles: string
  size: string
  svg?: string
  progress: boolean
}

const pct = (x: number): string => (100 * x).toFixed(0)
const withCi = (r: SeatResult[]): string => {
  const t = r.reduce(sum, EMPTY)
  const s = scoreOf(t)
  return `${pct(s.score)} [${pct(s.ci.lo)}-${pct(s.ci.hi)}]`
}

function parseRulesets(v: string | undefined): RulesetId[] {
  if (v === undefined) return [...RULESET_IDS]
  const out = v.split(',').map((s) => s.trim())
  for (const r of out) if (!(RULESET_IDS as readonly string[]).includes(r)) throw new CliError(`--rulesets: unknown ruleset "${r}" (known: ${RULESET_IDS.join(', ')})`)
  return out as RulesetId[]
}

export const suiteCommand: CommandModule<object, Args> = {
  command: 'suite',
  describe: 'Score an agent on every built-in scenario and held-out generated battles (or --mirror: measure generated-battle balance)',
  builder: (y: Argv<object>) =>
    y
      .option('agent', { type: 'string', describe: 'agent spec (random, heuristic, search:..., ckpt:PATH, onnx:PATH)' })
      .option('games', { type: 'string', default: '4', describe: 'games per seat per opponent per scenario' })
      .option('held-out', { type: 'string', default: '5', describe: 'held-out generated battles per ruleset (seeds 2^31 + k)' })
      .option('rulesets', { type: 'string', describe: 'comma-separated rulesets (default: all)' })
      .option('seed', { type: 'number', default: 1, describe: 'suite seed (game seeds derive from it)' })
      .option('json', { type: 'string', describe: 'write the score card (or the mirror histogram) as JSON to FILE' })
      .option('mirror', { type: 'boolean', default: false, describe: 'balance: the heuristic against itself on --battles generated battles per ruleset' })
      .option('battles', { type: 'string', default: '40', describe: 'with --mirror: battles per ruleset (seeds 0..N-1)' })
      .option('size', { type: 'string', default: 'small', describe: `with --mirror: battle size (${BATTLE_SIZES.join(', ')})` })
      .option('svg', { type: 'string', describe: 'with --mirror: write the histogram as SVG to FILE' })
      .option('progress', { type: 'boolean', default: true, describe: 'a line on stderr per scenario (--no-progress to hide)' })
      .example('$0 suite --agent heuristic --games 2', 'the heuristic scores 1.0 by construction')
      .example('$0 suite --agent ckpt:checkpoints/piwam-training-baseline --rulesets piwam', 'a trained policy')
      .example('$0 suite --mirror --battles 40 --games 5 --svg docs/img/balance.svg', 'generated-battle balance') as unknown as Argv<Args>,
  handler: async (argv: ArgumentsCamelCase<Args>) => {
    const games = parseCount(argv.games, 'games', 1)
    const rulesets = parseRulesets(argv.rulesets)
    if (!Number.isInteger(argv.seed) || argv.seed < 0) throw new CliError(`--seed: expected a non-negative whole number, got ${argv.seed}`)
    const log = (s: string) => argv.progress && process.stderr.write(s + '\n')
    if (argv.mirror) return mirror(argv, rulesets, games, log)
    if (argv.agent === undefined) throw new CliError('--agent: give the agent to score (e.g. --agent heuristic), or --mirror')
    const heldOut = parseCount(argv.heldOut, 'held-out')
    const cards = await runSuite(suiteScenarios(rulesets, heldOut), {
      agent: argv.agent,
      games,
      seed: argv.seed,
      onScenario: (c, done, total) => log(`suite ${done}/${total} ${c.id}${c.skipped ? ' (skipped)' : ''}`),
    })
    printCards(argv.agent, cards, games)
    const scores = rulesetScores(cards)
    if (argv.json) writeJson(argv.json, { agent: argv.agent, games, seed: argv.seed, heldOut, scenarios: cards, rulesets: scores })
  },
}

function printCards(agent: string, cards: readonly ScenarioCard[], games: number): void {
  console.log(`${agent}: score % [95% interval] (win 1, draw 1/2), ${games} games a seat per opponent; R = mean over both opponents and seats\n`)
  console.log(
    formatTable(
      ['scenario', 'kind', 'vs random', 'vs heuristic', 'R agent', 'R random', 'R heuristic'],
      cards.map((c) =>
        c.agent && c.random && c.heuristic
          ? [c.id, c.kind, withCi(c.agent.random), withCi(c.agent.heuristic), ...[c.agent, c.random, c.heuristic].map((v) => pct(scoreOf(SUITE_OPPONENTS.flatMap((o) => v[o]).reduce(sum, EMPTY)).score))]
          : [c.id, c.kind, 'n/a', 'n/a', '', '', ''],
      ),
    ),
  )
  const skipped = cards.filter((c) => c.skipped)
  if (skipped.length > 0) console.log(`\nnot played (${skipped.length}): ${skipped[0]?.skipped}${skipped.length > 1 ? ' (and the like)' : ''}`)
  console.log('')
  console.log(
    formatTable(
      ['ruleset', 'scenarios', 'R agent', 'R random', 'R heuristic', 'normalised'],
      rulesetScores(cards).map((r) => [r.ruleset, r.scenarios, pct(r.agent), pct(r.random), pct(r.heuristic), r.normalised === null ? 'n/a' : r.normalised.toFixed(2)]),
    ),
  )
}

async function mirror(argv: ArgumentsCamelCase<Args>, rulesets: RulesetId[], games: number, log: (s: string) => void): Promise<void> {
  if (!(BATTLE_SIZES as readonly string[]).includes(argv.size)) throw new CliError(`--size: unknown size "${argv.size}" (known: ${BATTLE_SIZES.join(', ')})`)
  const battles = parseCount(argv.battles, 'battles', 1)
  const seeds = Array.from({ length: battles }, (_, i) => i)
  const out: Record<string, MirrorBattle[]> = {}
  for (const r of rulesets) out[r] = await mirrorBalance(r, argv.size, seeds, games, (b, n) => log(`mirror ${r} ${n}/${battles} seed ${b.seed}: side 0 ${b.side0.wins}-${b.side0.draws}-${b.side0.losses}`))
  const bins = 10
  const hist = (bs: MirrorBattle[]) => {
    const h = new Array<number>(bins).fill(0)
    for (const b of bs) {
      const k = Math.min(bins - 1, Math.floor(scoreOf(b.side0).score * bins))
      h[k] = (h[k] as number) + 1
    }
    return h
  }
  console.log(`heuristic vs heuristic, ${battles} ${argv.size} battles x ${games} games each: side 0's score (win 1, draw 1/2)\n`)
  const rows = rulesets.map((r) => {
    const bs = out[r] as MirrorBattle[]
    const all = bs.map((b) => b.side0).reduce(sum, EMPTY)
    const s = scoreOf(all)
    const lopsided = bs.filter((b) => b.side0.games >= 5 && (b.side0.wins === b.side0.games || b.side0.losses === b.side0.games)).length
    return { r, all, s, lopsided, hist: hist(bs) }
  })
  console.log(
    formatTable(
      ['ruleset', 'games', 'side 0 wins', 'draws', 'side 1 wins', 'side 0 score [95%]', 'battles one side swept', 'histogram of per-battle side-0 score (0.0 .. 1.0, 10 bins)'],
      rows.map((x) => [x.r, x.all.games, x.all.wins, x.all.draws, x.all.losses, `${pct(x.s.score)} [${pct(x.s.ci.lo)}-${pct(x.s.ci.hi)}]`, x.lopsided, x.hist.join(' ')]),
    ),
  )
  if (argv.json) writeJson(argv.json, { size: argv.size, battles, games, rulesets: Object.fromEntries(rows.map((x) => [x.r, { side0: x.all, score: x.s, histogram: x.hist, battles: out[x.r] }])) })
  if (argv.svg) writeFileSync(argv.svg, histogramSvg(rows.map((x) => ({ label: x.r, hist: x.hist, score: x.s.score }))))
}

/** Small multiples: one bar chart per ruleset of battles by side 0's score. */
function histogramSvg(panels: { label: string; hist: number[]; score: number }[]): string {
  const W = 220
  const H = 150
  const pad = 24
  const parts: string[] = []
  panels.forEach((p, i) => {
    const x0 = i * W
    const max = Math.max(1, ...p.hist)
    const bw = (W - 2 * pad) / p.hist.length
    parts.push(`<text x="${x0 + W / 2}" y="14" text-anchor="middle" font-size="12">${p.label} (side 0 ${(100 * p.score).toFixed(0)}%)</text>`)
    p.hist.forEach((n, k) => {
      const h = ((H - 2 * pad) * n) / max
      parts.push(`<rect x="${(x0 + pad + k * bw).toFixed(1)}" y="${(H - pad - h).toFixed(1)}" width="${(bw - 1).toFixed(1)}" height="${h.toFixed(1)}" fill="${k >= 4 && k <= 5 ? '#4a7' : '#789'}"/>`)
    })
    parts.push(`<line x1="${x0 + pad}" y1="${H - pad}" x2="${x0 + W - pad}" y2="${H - pad}" stroke="#333"/>`)
    parts.push(`<text x="${x0 + pad}" y="${H - 8}" font-size="10">0</text><text x="${x0 + W - pad}" y="${H - 8}" font-size="10" text-anchor="end">1</text><text x="${x0 + W / 2}" y="${H - 8}" font-size="10" text-anchor="middle">side 0 score per battle</text>`)
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W * panels.length}" height="${H}" font-family="sans-serif">\n${parts.join('\n')}\n</svg>\n`
}
