// The league behind docs/figures.md's "League" section: its schedule (the search's pairings cut to
// their own budget, both seats of every dice seed), its summary (Elo anchored on the heuristic), a
// tiny real run into a temp dir that resumes without replaying, and the section rendered from it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type LeagueGame, type LeagueJson, leagueSchedule, runLeague, summariseLeague } from '../../scripts/figures-league.ts'
import { leagueReadmeRows, renderLeague } from '../../scripts/figures-render-league.ts'

describe('league schedule', () => {
  it('plays every pairing from both seats, the search\'s pairings only to their own count', () => {
    const roles = ['random', 'heuristic', 'search'] as const
    const s = leagueSchedule(roles, 6, 2, 100)
    const count = (a: number, b: number) => s.filter((g) => (g.seat0 === a && g.seat1 === b) || (g.seat0 === b && g.seat1 === a)).length
    expect([count(0, 1), count(0, 2), count(1, 2)]).toEqual([6, 2, 2])
    const rh = s.filter((g) => g.pairing === 0)
    expect(rh.map((g) => g.seed)).toEqual([100, 100, 101, 101, 102, 102])
    expect(rh.filter((g) => g.seat0 === 0)).toHaveLength(3)
    expect(() => leagueSchedule(roles, 5, 2, 1)).toThrow(/even/)
  })
})

describe('league summary', () => {
  it('anchors Elo on the heuristic and counts each pairing from both seats', () => {
    const agents = [
      { role: 'random', spec: 'random' },
      { role: 'heuristic', spec: 'heuristic' },
    ] as const
    // heuristic (1) wins 3 of 4, one draw; seat 0 wins the first game of each seating
    const games: LeagueGame[] = [
      [0, 1, 7, 1, 10],
      [1, 0, 7, 0, 10],
      [0, 1, 8, -1, 10],
      [1, 0, 8, 0, 10],
    ]
    const s = summariseLeague(agents, games)
    expect(s.agents[1]).toMatchObject({ elo: 0, low: 0, high: 0, won: 3, drawn: 1, lost: 0 })
    expect(s.agents[0]!.elo).toBeLessThan(0)
    expect(s.agents[0]!.high).toBeGreaterThan(s.agents[0]!.elo)
    expect(s.pairings).toEqual([{ a: 'random', b: 'heuristic', games: 4, won: 0, drawn: 1, lost: 3, score: 0.125, low: expect.any(Number), high: expect.any(Number), seatsA: [[0, 1, 1], [0, 0, 2]] }])
    expect(() => summariseLeague([agents[0]], [])).toThrow(/heuristic/)
  })
})

describe('a league run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tercio-league-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const run = (games: number) => runLeague({ scenario: 'piwam-training', games, searchGames: 0, search: 'search', seed: 5, workers: 1, out: dir, roles: ['random', 'heuristic'], command: 'test', progress: false })

  it('writes valid JSON, resumes without replaying, and renders', async () => {
    await run(2)
    const file = join(dir, 'league-piwam-training.json')
    const first = JSON.parse(readFileSync(file, 'utf8')) as LeagueJson
    expect(first).toMatchObject({ format: 'tercio-league/1', scenario: 'piwam-training', ruleset: 'piwam', complete: true, gamesPerPairing: 2, searchGamesPerPairing: 0, diceSeeds: [5, 5] })
    expect(first.agents.map((a) => a.role)).toEqual(['random', 'heuristic'])
    expect(first.games).toHaveLength(2)
    expect(first.pairings[0]!.games).toBe(2)
    expect(first.runs).toHaveLength(1)
    // the same league again plays nothing; twice the games plays only the new dice seed
    await run(2)
    const again = JSON.parse(readFileSync(file, 'utf8')) as LeagueJson
    expect(again.games).toEqual(first.games)
    expect(again.runs).toHaveLength(1)
    await run(4)
    const more = JSON.parse(readFileSync(file, 'utf8')) as LeagueJson
    expect(more.games).toHaveLength(4)
    expect(more.games.filter((g) => g[2] === 5)).toEqual(first.games)
    expect(more.runs.map((r) => r.games)).toEqual([2, 2])

    const page = renderLeague({ 'league-piwam-training': more }).join('\n')
    expect(page).toContain('## League')
    expect(page).toContain('### piwam-training')
    expect(page).toContain('| heuristic (scripted) | `heuristic` | 0 (anchor) | – |')
    expect(page).toMatch(/\| random \| `random` \| −\d+ \[−\d+ \.\. [+−]\d+\] \| \d+% \(\d–\d–\d of 4; \d+%–\d+%\) \| – \|/)
    expect(page).toContain('Dice seeds 5–6')
    expect(leagueReadmeRows({ 'league-piwam-training': more })).toEqual([])
    // a pure network's pairing with the heuristic makes a README row, its score from the network's side
    const pure: LeagueJson = { ...more, agents: [...more.agents, { ...more.agents[0]!, role: 'pure', spec: 'onnx:p' }], pairings: [{ a: 'heuristic', b: 'pure', games: 200, won: 80, drawn: 0, lost: 120, score: 0.4, low: 0.33, high: 0.47, seatsA: [] }] }
    // a search cut to fewer games: its budget and the cut are said on the page
    const withSearch: LeagueJson = { ...more, searchGamesPerPairing: 2, agents: [...more.agents, { ...more.agents[0]!, role: 'search', spec: 'search:iters=24:depth=40:crn=1' }] }
    const searchPage = renderLeague({ 'league-piwam-training': withSearch }).join('\n')
    expect(searchPage).toContain("The search's budget: 24 rollouts a decision, each at most 40 decisions deep")
    expect(searchPage).toContain("4 games a pairing, except the search's: 2 games each")
    // a suite card: the scenarios a checkpoint could not play are counted with their reason code
    const card = { agent: 'ckpt:c', games: 3, heldOut: 2, scenarios: [{ id: 'piwam-training', ruleset: 'piwam', kind: 'builtin', skipped: null }, { id: 'ivry-1590', ruleset: 'piwam', kind: 'builtin', skipped: 'ckpt:c: CHECKPOINT_SPEC_MISMATCH: trained on another env' }], rulesets: [{ ruleset: 'piwam', scenarios: 1, agent: 0.7, random: 0.25, heuristic: 0.75, normalised: 0.9 }] }
    expect(renderLeague({ 'league-piwam-training': more, 'suite-c': card }).join('\n')).toContain('| `ckpt:c` | piwam | 1 of 2 | 1 (CHECKPOINT_SPEC_MISMATCH) | 0.90 | 70% | 25% | 75% |')
    const onnxCard = { ...card, agent: 'onnx:m', scenarios: [card.scenarios[0]!, { ...card.scenarios[1]!, skipped: 'onnx:m: model trained on env spec hash 1, this env has 2: observations or actions differ' }] }
    expect(renderLeague({ 'league-piwam-training': more, 'suite-m': onnxCard }).join('\n')).toContain('| 1 (observations or actions differ) |')
    expect(leagueReadmeRows({ 'suite-c': card })).toEqual([['baselines and pure networks, benchmark-suite score normalised 0 = random, 1 = heuristic (1 agents; each plays only its training scenario)', '0.90 – 0.90', 'benchmark-suite-of-the-learned-agents']])
    expect(leagueReadmeRows({ 'league-a': pure, 'league-b': { ...pure, pairings: [{ ...pure.pairings[0]!, won: 90, lost: 110 }] } })).toEqual([['pure networks (no heuristic at play time) against the heuristic (2 rulesets, 200 games each)', '55% – 60%', 'league']])
  })
})
