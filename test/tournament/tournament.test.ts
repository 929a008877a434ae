import { describe, expect, it } from 'vitest'
import { builtinScenario } from '../../env/scenario/builtin.ts'
import { schedule } from '../../training/tournament/schedule.ts'
import { runTournament, type TournamentReport } from '../../training/tournament/tournament.ts'
import { formatTournament } from '../../cli/commands/tournament.ts'

const scenario = () => {
  const sc = builtinScenario('piwam-training')
  if (!sc.ok) throw new Error(sc.error.message)
  return sc.value
}

/** The deterministic part of a report (timings and worker count removed). */
const stable = (r: TournamentReport) => ({
  ...r,
  seconds: 0,
  workers: 0,
  games: r.games.map((g) => ({ ...g, ms: 0 })),
  agents: r.agents.map((a) => ({ ...a, msPerGame: 0 })),
})

describe('tournament schedule', () => {
  it('plays every pairing on both seats with shared dice seeds', () => {
    const s = schedule(3, 4, 100)
    expect(s).toHaveLength(3 * 4)
    expect(s.map((g) => g.index)).toEqual([...Array(12).keys()])
    for (let p = 0; p < 3; p++) {
      const g = s.filter((x) => x.pairing === p)
      expect(g.map((x) => x.seed)).toEqual([100, 100, 101, 101])
      // each seed is played once with each agent on seat 0
      expect(g[0]!.seat0).toBe(g[1]!.seat1)
      expect(g[0]!.seat1).toBe(g[1]!.seat0)
    }
    // an odd count alternates who gets the extra seat-0 game between pairings
    const odd = schedule(3, 3, 0)
    const last = [0, 1, 2].map((p) => odd.filter((x) => x.pairing === p).at(-1)!)
    expect(last[0]!.seat0 < last[0]!.seat1).toBe(true)
    expect(last[1]!.seat0 > last[1]!.seat1).toBe(true)
  })
})

describe('tournament', () => {
  it('is deterministic: same seed, same results, whatever the number of workers', async () => {
    const o = { ruleset: 'piwam', scenario: scenario(), agents: ['random', 'heuristic', 'heuristic:epsilon=0.3'], games: 4, seed: 11 }
    const a = await runTournament(o)
    const b = await runTournament(o)
    const c = await runTournament({ ...o, workers: 2 })
    expect(stable(b)).toEqual(stable(a))
    expect(stable(c)).toEqual(stable(a))
    expect(c.workers).toBe(2)
    const d = await runTournament({ ...o, seed: 12 })
    expect(d.games.map((g) => g.seed)).not.toEqual(a.games.map((g) => g.seed))
    // search agents too (their rollouts re-seed cloned dice from their own generator)
    const so = { ruleset: 'piwam', scenario: scenario(), agents: ['heuristic', 'search:iters=3:depth=6'], games: 2, seed: 4 }
    const s1 = await runTournament(so)
    const s2 = await runTournament({ ...so, workers: 2 })
    expect(stable(s2)).toEqual(stable(s1))
  }, 180_000)

  it('summarises games into standings, a cross table and ratings consistent with the games', async () => {
    let calls = 0
    const r = await runTournament({ ruleset: 'piwam', scenario: scenario(), agents: ['random', 'heuristic'], games: 6, seed: 2, onGame: () => calls++ })
    expect(calls).toBe(6)
    expect(r.games).toHaveLength(6)
    const [rand, heur] = r.agents
    expect(rand!.games).toBe(6)
    expect(heur!.wins + heur!.draws + heur!.losses).toBe(6)
    expect(heur!.wins).toBe(rand!.losses)
    expect(r.cross[1]![0]).toBeCloseTo(heur!.score, 10)
    expect(r.cross[0]![1]! + r.cross[1]![0]!).toBeCloseTo(1, 10)
    expect(heur!.rating.elo).toBeGreaterThan(rand!.rating.elo)
    expect(heur!.rating.low).toBeLessThan(heur!.rating.elo)
    const p = r.pairings[0]!
    expect(p.winsA + p.winsB + p.draws).toBe(6)
    expect(Object.values(p.reasons).reduce((x, y) => x + y, 0)).toBe(6)
    // A's record on each seat, recounted from the games (A = agent 0, random)
    for (const seat of [0, 1] as const) {
      const mine = r.games.filter((g) => (seat === 0 ? g.seat0 : g.seat1) === 0)
      const rec = p.seatsA[seat]
      expect(rec.games).toBe(mine.length)
      expect(rec.wins).toBe(mine.filter((g) => g.winner === seat).length)
      expect(rec.draws).toBe(mine.filter((g) => g.winner === null).length)
      expect(rec.wins + rec.draws + rec.losses).toBe(rec.games)
    }
    expect(p.seatsA[0].games + p.seatsA[1].games).toBe(6)
    expect(p.seatsA[0].wins + p.seatsA[1].wins).toBe(p.winsA)
    const text = formatTournament(r)
    expect(text).toContain('A as seat 0 (W-D-L)')
    expect(text).toContain(`${p.seatsA[1].wins}-${p.seatsA[1].draws}-${p.seatsA[1].losses}`)
    expect(text).toMatch(/rank\s+agent\s+elo\s+95% interval/)
    expect(text).toContain('random vs heuristic')
    expect(JSON.parse(JSON.stringify(r)).format).toBe('tercio-tournament/1')
  }, 60_000)

  it('reports a bad agent spec or a bad agent count as an error', async () => {
    await expect(runTournament({ ruleset: 'piwam', scenario: scenario(), agents: ['random'], games: 2, seed: 1 })).rejects.toThrow(/at least two agents/)
    await expect(runTournament({ ruleset: 'piwam', scenario: scenario(), agents: ['random', 'ckpt:x'], games: 2, seed: 1 })).rejects.toThrow(/policy agents need a checkpoint/)
  })
})
