// The "League" section of docs/figures.md and its README rows, from the league-<scenario>.json files
// that `npm run figures:league` (scripts/figures-league.ts) keeps. Pure: JSON in, Markdown out.
import type { LeagueJson, Role, SuiteJson } from './figures-league.ts'
import { TRAINING } from './figures-render.ts'

const pct = (x: number) => `${Math.round(100 * x)}%`
const signed = (x: number | null) => (x === null || !Number.isFinite(x) ? '?' : `${x >= 0 ? '+' : '−'}${Math.abs(Math.round(x))}`)
const n0 = (x: number) => Math.round(x).toLocaleString('en-US')
const table = (head: string[], rows: (string | number)[][]) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n')

const ROLE: Record<Role, string> = {
  random: 'random',
  heuristic: 'heuristic (scripted)',
  search: 'rollout search (CRN)',
  baseline: 'residual baseline (sees the heuristic\'s proposal)',
  pure: 'pure network (no heuristic at play time)',
}

const order = (scenario: string) => {
  const i = (TRAINING as readonly string[]).indexOf(scenario)
  return i < 0 ? TRAINING.length : i
}

/** The league files, by scenario, in the order of the training scenarios. */
export function leagues(all: Record<string, unknown>): LeagueJson[] {
  return Object.entries(all)
    .filter(([k, v]) => k.startsWith('league-') && v !== null && (v as LeagueJson).format === 'tercio-league/1')
    .map(([, v]) => v as LeagueJson)
    .sort((a, b) => order(a.scenario) - order(b.scenario) || a.scenario.localeCompare(b.scenario))
}

/** a's record against b in a league, from a's side: "63% (126/200; 56–69%)". */
function against(l: LeagueJson, a: Role, b: Role): { text: string; score: number; games: number } | null {
  for (const p of l.pairings) {
    const flip = p.a === b && p.b === a
    if (!(p.a === a && p.b === b) && !flip) continue
    const [won, lost] = flip ? [p.lost, p.won] : [p.won, p.lost]
    const [low, high] = flip ? [1 - p.high, 1 - p.low] : [p.low, p.high]
    const score = (won + p.drawn / 2) / p.games
    return { text: `${pct(score)} (${won}–${p.drawn}–${lost} of ${p.games}; ${pct(low)}–${pct(high)})`, score, games: p.games }
  }
  return null
}

/** The search agent's budget in words, from its spec (`search:iters=24:depth=40:crn=1`). */
function searchBudget(spec: string): string {
  const p = Object.fromEntries(spec.split(':').slice(1).map((kv) => kv.split('=') as [string, string]))
  const parts = [p['iters'] ? `${p['iters']} rollouts a decision` : null, p['depth'] ? `each at most ${p['depth']} decisions deep before the material is counted` : null, p['crn'] === '1' ? 'candidates compared under common random numbers' : null].filter((x) => x !== null)
  return `The search's budget: ${parts.length ? parts.join(', ') : 'its defaults'} (\`${spec}\`; docs/agents.md has stronger, costlier settings).`
}

export function renderLeague(all: Record<string, unknown>): string[] {
  const ls = leagues(all)
  const out: string[] = ['## League', '']
  if (ls.length === 0) return [...out, '(not run: `npm run figures:league`)', '']
  const first = ls[0]!
  const search = first.agents.find((a) => a.role === 'search')?.spec
  out.push('Every agent against every other on each training scenario, both seats of every dice seed: random play, the')
  out.push(`scripted heuristic, the rollout search${search ? ` (\`${search}\`)` : ''}, the residual baseline (\`ckpt:checkpoints/S-baseline\`)`)
  out.push('and, where one is checked in, the pure network (`onnx:checkpoints/S-pure/policy.onnx`). Elo is the tournament\'s')
  out.push('Bradley-Terry fit over all the games of a scenario, anchored on the heuristic (= 0); its interval is the 95%')
  out.push('interval of the difference to the heuristic. Scores count draws half (won–drawn–lost; 95% Wilson interval).')
  out.push(`Dice seeds ${n0(first.diceSeeds[0])}–${n0(first.diceSeeds[1])}: none of them was played in training (\`scripts/figures-league.ts\` names the training seeds).`)
  if (search) out.push(searchBudget(search))
  out.push('')
  for (const l of ls) {
    const done = l.games.length
    out.push(`### ${l.scenario}`)
    out.push('')
    const cut = l.searchGamesPerPairing > 0 && l.searchGamesPerPairing < l.gamesPerPairing ? `, except the search's: ${l.searchGamesPerPairing} games each, cut for the time its games cost` : ''
    out.push(`${l.gamesPerPairing} games a pairing${cut}; ${n0(done)} games${l.complete ? '' : ' — **incomplete**: the run was stopped before every scheduled game was played, and the ratings are provisional'}.`)
    out.push('')
    const rows = [...l.agents]
      .sort((a, b) => b.elo - a.elo)
      .map((a) => {
        const h = a.role === 'heuristic' ? null : against(l, a.role, 'heuristic')
        const r = a.role === 'random' ? null : against(l, a.role, 'random')
        const elo = a.role === 'heuristic' ? '0 (anchor)' : a.games === 0 ? '– (no games yet)' : `${signed(a.elo)} [${signed(a.low)} .. ${signed(a.high)}]`
        return [ROLE[a.role], `\`${a.spec}\``, elo, h?.text ?? '–', r?.text ?? '–', pct(a.score), `${n0(a.msPerGame)}`]
      })
    out.push(table(['agent', 'spec', 'Elo [95%]', 'against the heuristic', 'against random', 'score, all games', 'ms/game'], rows))
    out.push('')
    for (const r of l.runs) {
      const m = r.machine
      out.push(`- ${m.date.slice(0, 16).replace('T', ' ')} UTC, commit \`${r.commit}\`, ${m.cpu} (${m.cores} cores), load ${m.loadBefore[0]?.toFixed(1)} before and ${m.load[0]?.toFixed(1)} after: ${n0(r.games)} games in ${n0(r.seconds)} s — \`${r.command}\``)
    }
    out.push('')
  }
  out.push('ms/game is the wall time of the games an agent played, both players\' thinking included, on a shared machine:')
  out.push('a measure of cost, not of speed.')
  out.push('')
  out.push(...renderSuites(all))
  return out
}

const suiteCards = (all: Record<string, unknown>): SuiteJson[] =>
  Object.entries(all)
    .filter(([k, v]) => k.startsWith('suite-') && v !== null && Array.isArray((v as SuiteJson).rulesets))
    .map(([, v]) => v as SuiteJson)
    .sort((a, b) => a.agent.localeCompare(b.agent))

/** Why the suite did not play a scenario: the error's code, else what its message says. */
const skipReason = (m: string): string => /\b([A-Z][A-Z_]{3,})\b/.exec(m)?.[1] ?? (/observations or actions differ/.test(m) ? 'observations or actions differ' : 'skipped')

/** The benchmark suite's score cards of the learned agents (suite-<checkpoint>.json). */
function renderSuites(all: Record<string, unknown>): string[] {
  const cards = suiteCards(all)
  if (cards.length === 0) return []
  const out = ['### Benchmark suite of the learned agents', '']
  out.push('`tercio suite` scores an agent on every built-in scenario of its ruleset and on held-out generated battles,')
  out.push('against random and the heuristic from both seats; the normalised score is 0 for random\'s mean score, 1 for the')
  out.push('heuristic\'s. A checkpoint plays only scenarios whose observations and actions match the one it was trained on;')
  out.push('the others are counted, with the reason.')
  out.push('')
  const rows = cards.flatMap((c) =>
    c.rulesets.map((r) => {
      const mine = c.scenarios.filter((s) => s.ruleset === r.ruleset)
      const skipped = mine.filter((s) => s.skipped !== null)
      const codes = [...new Set(skipped.map((s) => skipReason(s.skipped ?? '')))]
      return [`\`${c.agent}\``, r.ruleset, `${mine.length - skipped.length} of ${mine.length}`, skipped.length ? `${skipped.length} (${codes.join(', ')})` : '–', r.normalised.toFixed(2), pct(r.agent), pct(r.random), pct(r.heuristic)]
    }),
  )
  out.push(table(['agent', 'ruleset', 'scenarios played', 'not played', 'normalised score', 'agent\'s mean score', 'random\'s', 'heuristic\'s'], rows))
  out.push('')
  const first = cards[0]!
  out.push(`${first.games} games a seat per opponent and scenario, ${first.heldOut} held-out battles a ruleset.`)
  for (const c of cards) if (c.run) out.push(`- ${c.run.machine.date.slice(0, 16).replace('T', ' ')} UTC, commit \`${c.run.commit}\`, load ${c.run.machine.loadBefore[0]?.toFixed(1)} before, ${n0(c.run.seconds)} s — \`${c.run.command}\``)
  out.push('')
  return out
}

/** README rows: [what, value, anchor] for the pure networks, the baselines and the search against the heuristic. */
export function leagueReadmeRows(all: Record<string, unknown>): string[][] {
  const ls = leagues(all)
  const rows: string[][] = []
  for (const [role, what] of [
    ['pure', 'pure networks (no heuristic at play time) against the heuristic'],
    ['baseline', 'residual baselines against the heuristic'],
    ['search', 'rollout search against the heuristic'],
  ] as const) {
    const got = ls.map((l) => against(l, role, 'heuristic')).filter((x) => x !== null)
    if (got.length === 0) continue
    const games = [...new Set(got.map((g) => g.games))]
    const lo = Math.min(...got.map((g) => g.score))
    const hi = Math.max(...got.map((g) => g.score))
    rows.push([`${what} (${got.length} ${got.length === 1 ? 'ruleset' : 'rulesets'}, ${games.join('/')} games each)`, lo === hi ? pct(lo) : `${pct(lo)} – ${pct(hi)}`, 'league'])
  }
  const cards = suiteCards(all)
  if (cards.length > 0) {
    const scores = cards.flatMap((c) => c.rulesets.map((r) => r.normalised))
    const played = Math.max(...cards.flatMap((c) => c.rulesets.map((r) => r.scenarios)))
    rows.push([`baselines and pure networks, benchmark-suite score normalised 0 = random, 1 = heuristic (${cards.length} agents; ${played === 1 ? 'each plays only its training scenario' : `up to ${played} scenarios`})`, `${Math.min(...scores).toFixed(2)} – ${Math.max(...scores).toFixed(2)}`, 'benchmark-suite-of-the-learned-agents'])
  }
  return rows
}
