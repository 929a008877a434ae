// The trainer end to end at toy scale: a run writes a checkpoint, metrics and a curve;
// --resume continues the counters, league and RNG state; the checkpoint plays as an agent;
// a checkpoint refuses another scenario's spec.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { initTf } from '../../agents/tf/backend.ts'
import { loadPolicyAgent, makePolicyAgent } from '../../agents/policy/agent.ts'
import { playGame } from '../../agents/play.ts'
import { RandomAgent } from '../../agents/random.ts'
import { bindEngine } from '../../env/gym/make.ts'
import type { Engine } from '../../env/core/types.ts'
import { resolveConfig, train, type Progress } from '../../training/train/trainer.ts'
import { curveSvg } from '../../training/curve.ts'

const TINY = { envs: 2, rollout: 8, net: 'tiny' as const, evalGames: 2, evalEvery: 0, checkpointEvery: 1, snapshotEvery: 1, maxDecisions: 300, ppo: { epochs: 1, minibatch: 16 }, imitate: { steps: 0, envs: 8, lr: 1e-3, beta: 0.3 } }
const quiet = { log: () => {} }
let dir = ''
let engine: Engine

const lines = (f: string) => readFileSync(f, 'utf8').split('\n').filter((l) => l !== '')

beforeAll(async () => {
  await initTf({ quiet: true })
  dir = mkdtempSync(join(tmpdir(), 'tercio-train-'))
  const b = bindEngine('piwam', 'piwam-training')
  if (!b.ok) throw new Error(b.error.message)
  engine = b.value
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('train', () => {
  it('a tiny run writes a checkpoint, metrics (JSONL + CSV), a curve and a league', async () => {
    const out = join(dir, 'a')
    const r = await train(TINY, out, { steps: 32 }, { hooks: quiet })
    expect(r.progress.update).toBe(2)
    expect(r.progress.steps).toBe(32)
    for (const f of ['checkpoint/meta.json', 'checkpoint/weights.bin', 'checkpoint/optimizer.bin', 'league.json', 'metrics.jsonl', 'metrics.csv', 'curve.svg']) expect(existsSync(join(out, f)), f).toBe(true)
    const m = lines(join(out, 'metrics.jsonl')).map((l) => JSON.parse(l) as { update: number; steps: number; entropy: number })
    expect(m.map((x) => x.update)).toEqual([1, 2])
    expect(m[1]?.steps).toBe(32)
    expect(Number.isFinite(m[1]?.entropy)).toBe(true)
    const csv = lines(join(out, 'metrics.csv'))
    expect(csv[0]?.startsWith('update,steps,')).toBe(true)
    expect(csv).toHaveLength(3)
    expect(readFileSync(join(out, 'curve.svg'), 'utf8')).toMatch(/^<svg[\s\S]*<path[\s\S]*<\/svg>\n$/)
    expect(r.evals.map((e) => e.opponent)).toEqual(['random', 'heuristic'])
    expect(r.evals.every((e) => e.games === 2 && e.wins + e.draws + e.losses === 2)).toBe(true)
    const league = JSON.parse(readFileSync(join(out, 'league.json'), 'utf8')) as unknown[]
    expect(league).toHaveLength(2)
  }, 60_000)

  it('imitation runs first: imitate.jsonl, an evaluation, then PPO with the value head warmed up', async () => {
    const out = join(dir, 'im')
    const r = await train({ ...TINY, imitate: { steps: 20, envs: 8, lr: 1e-3, beta: 0.3 }, valueWarmup: 1 }, out, { steps: 32 }, { hooks: quiet })
    const im = lines(join(out, 'imitate.jsonl')).map((l) => JSON.parse(l) as { step: number; samples: number; accuracy?: number; evalHeuristic?: number })
    expect(im.map((x) => x.step)).toEqual([10, 20, 20])
    expect(im[1]?.samples).toBe(160)
    expect(typeof im[1]?.accuracy).toBe('number')
    expect(typeof im[2]?.evalHeuristic).toBe('number') // the evaluation after imitation
    expect(readFileSync(join(out, 'curve.svg'), 'utf8')).toContain('imitation of the heuristic')
    expect(r.progress.imitateSteps).toBe(20)
    expect(r.progress.update).toBe(2)
    const ck = JSON.parse(readFileSync(join(out, 'checkpoint', 'meta.json'), 'utf8')) as { config: { play: string; imitate: { steps: number } } }
    expect(ck.config.play).toBe('greedy')
    expect(ck.config.imitate.steps).toBe(20)
    // A resumed run does not imitate again.
    const again = await train({}, out, { steps: 48 }, { resume: true, hooks: quiet })
    expect(again.progress.imitateSteps).toBe(20)
    expect(lines(join(out, 'imitate.jsonl'))).toHaveLength(3)
  }, 120_000)

  it('kickstarting: a teacher cross-entropy whose weight anneals to 0, and the best policy after imitation is kept', async () => {
    const out = join(dir, 'kick')
    await train({ ...TINY, keepEvals: true, imitate: { steps: 10, envs: 8, lr: 1e-3, beta: 0.3 }, valueWarmup: 0, teacher: { coef: 1, updates: 2 } }, out, { steps: 48 }, { hooks: quiet })
    const m = lines(join(out, 'metrics.jsonl')).map((l) => JSON.parse(l) as { teacherCoef: number; teacherLoss: number })
    expect(m.map((x) => x.teacherCoef)).toEqual([1, 0.5, 0])
    expect(m[0]!.teacherLoss).toBeGreaterThan(0)
    expect(m[1]!.teacherLoss).toBeGreaterThan(0)
    expect(m[2]!.teacherLoss).toBe(0)
    // evalEvery 0: the only evaluation before the end is the one after imitation, saved as best.
    const best = JSON.parse(readFileSync(join(out, 'best', 'metrics.json'), 'utf8')) as { imitateSteps: number; update: number }
    expect(best).toMatchObject({ imitateSteps: 10, update: 0 })
    // keepEvals: the same evaluation is kept as update-0, the net PPO started from, and nothing else
    expect(readdirSync(join(out, 'evals'))).toEqual(['update-0'])
    expect(readFileSync(join(out, 'evals', 'update-0', 'weights.bin'))).toEqual(readFileSync(join(out, 'best', 'weights.bin')))
    expect(() => resolveConfig({ teacher: { coef: -1, updates: 10 } })).toThrow(/teacher/)
  }, 120_000)

  it('init starts from a checkpoint\'s weights, skips imitation and evaluates the start; a wrong preset is refused', async () => {
    const src = join(dir, 'init-src')
    await train({ ...TINY, imitate: { steps: 10, envs: 8, lr: 1e-3, beta: 0.3 } }, src, { steps: 16 }, { hooks: quiet })
    const out = join(dir, 'init')
    const logs: string[] = []
    const r = await train({ ...TINY, evalEvery: 1, keepEvals: true, init: join(src, 'checkpoint') }, out, { steps: 16 }, { hooks: { log: (l) => logs.push(l) } })
    expect(logs.some((l) => l.startsWith(`init ${join(src, 'checkpoint')}: vs random`))).toBe(true)
    // keepEvals: the start (update 0) and every evaluated update are kept, each with its evaluation
    const kept = readdirSync(join(out, 'evals')).sort((a, b) => Number(a.split('-')[1]) - Number(b.split('-')[1]))
    expect(kept).toEqual(Array.from({ length: r.progress.update + 1 }, (_, i) => `update-${i}`))
    const last = JSON.parse(readFileSync(join(out, 'evals', `update-${r.progress.update}`, 'metrics.json'), 'utf8')) as { update: number; evals: { winRate: number }[] }
    expect(last.update).toBe(r.progress.update)
    expect(last.evals).toHaveLength(2)
    expect((await loadPolicyAgent(engine, join(out, 'evals', 'update-1'), 3, 'kept')).ok).toBe(true)
    expect(r.progress.imitateSteps ?? 0).toBe(0)
    expect(r.config.imitate.steps).toBe(0)
    expect(existsSync(join(out, 'best', 'meta.json'))).toBe(true)
    await expect(train({ ...TINY, net: 'small', init: join(src, 'checkpoint') }, join(dir, 'init-bad'), { steps: 16 }, { hooks: quiet })).rejects.toThrow(/not the "small" preset/)
  }, 120_000)

  it('init with another imitation teacher refines the checkpoint by imitation (expert iteration)', async () => {
    const src = join(dir, 'init-src2')
    await train({ ...TINY, imitate: { steps: 4, envs: 8, lr: 1e-3, beta: 0.3 } }, src, { steps: 16 }, { hooks: quiet })
    const out = join(dir, 'init-exit')
    const logs: string[] = []
    const teacher = 'search:iters=4:depth=4:crn=1'
    const r = await train({ ...TINY, evalEvery: 5, init: join(src, 'checkpoint'), imitate: { steps: 3, envs: 8, lr: 1e-3, beta: 0.3, teacher, workers: 1 } }, out, { steps: 16 }, { hooks: { log: (l) => logs.push(l) } })
    expect(r.progress.imitateSteps).toBe(3)
    expect(r.config.imitate.teacher).toBe(teacher)
    // the start is evaluated before the imitation, so `best` can only improve on it
    const iInit = logs.findIndex((l) => l.startsWith(`init ${join(src, 'checkpoint')}: vs random`))
    const iImit = logs.findIndex((l) => l.startsWith(`imitation: cloning ${teacher} (labelled on 1 worker threads)`))
    expect(iInit).toBeGreaterThanOrEqual(0)
    expect(iImit).toBeGreaterThan(iInit)
    expect(lines(join(out, 'imitate.jsonl')).length).toBeGreaterThan(0)
    expect(() => resolveConfig({ imitate: { steps: 1, envs: 8, lr: 1e-3, beta: 0.3, teacher: 'sarge' } })).toThrow(/imitate teacher/)
    expect(() => resolveConfig({ imitate: { steps: 1, envs: 8, lr: 1e-3, beta: 0.3, workers: -1 } })).toThrow(/workers/)
  }, 120_000)

  it('a tiny time budget still trains: imitation stops at its share, PPO updates, every curve panel gets points', async () => {
    const out = join(dir, 'budget')
    const logs: string[] = []
    // 0.5 s: far less than the imitation alone would take (100,000 minibatches)
    const cfg = { ...TINY, maxDecisions: 12, evalEvery: 10, imitate: { steps: 100_000, envs: 8, lr: 1e-3, beta: 0.3 } }
    const r = await train(cfg, out, { seconds: 0.5 }, { hooks: { log: (l) => logs.push(l) } })
    expect(r.progress.imitateSteps).toBeGreaterThanOrEqual(1)
    expect(r.progress.imitateSteps).toBeLessThan(100_000)
    expect(logs.some((l) => /^imitation: stopped at \d+\/100000 minibatches .* the 40% of the 0.5 s budget/.test(l))).toBe(true)
    expect(r.progress.update).toBeGreaterThanOrEqual(1)
    const m = lines(join(out, 'metrics.jsonl')).map((l) => JSON.parse(l) as { update: number; entropy: number; meanReturn: number | null; rolloutReward: number; evalHeuristic?: number; evalRandom?: number })
    expect(m.length).toBe(r.progress.update)
    expect(lines(join(out, 'metrics.csv')).length).toBe(m.length + 1)
    // the curve's panels: win rates (the last update is evaluated), mean return, entropy, imitation
    const lastRow = m[m.length - 1]!
    expect(typeof lastRow.evalHeuristic).toBe('number')
    expect(typeof lastRow.evalRandom).toBe('number')
    expect(m.some((x) => typeof x.meanReturn === 'number')).toBe(true)
    // the return panel's rollout reward is there on every update, finished games or not
    expect(m.every((x) => Number.isFinite(x.rolloutReward))).toBe(true)
    expect(m.every((x) => Number.isFinite(x.entropy))).toBe(true)
    const im = lines(join(out, 'imitate.jsonl')).map((l) => JSON.parse(l) as { step: number; accuracy?: number; evalHeuristic?: number })
    expect(im.some((x) => typeof x.accuracy === 'number')).toBe(true)
    expect(typeof im[im.length - 1]?.evalHeuristic).toBe('number')
    const svg = readFileSync(join(out, 'curve.svg'), 'utf8')
    for (const title of ['win rate', 'return (EMA)', 'mean episode return', 'reward per env per rollout', 'policy entropy', 'imitation before PPO']) expect(svg).toContain(title)
    // a resumed run does not go back to imitation once PPO began
    const again = await train({}, out, { seconds: 0.1 }, { resume: true, hooks: quiet })
    expect(again.progress.imitateSteps).toBe(r.progress.imitateSteps)
    expect(again.progress.update).toBeGreaterThan(r.progress.update)
    expect(() => resolveConfig({ imitateShare: 1 })).toThrow(/imitateShare/)
  }, 120_000)

  it('lrDecay lowers the learning rate the optimizer uses, by update count', async () => {
    // 16 agent steps an update; to 0 over 2 updates: 1e-3, 5e-4, then 0, so updates 3 and 4 change nothing
    const cfg = { ...TINY, ppo: { ...TINY.ppo, lr: 1e-3 }, lrDecay: { updates: 2, to: 0 } }
    const w = async (name: string, updates: number) => {
      const out = join(dir, name)
      await train(cfg, out, { steps: 16 * updates }, { hooks: quiet })
      return { weights: readFileSync(join(out, 'checkpoint', 'weights.bin')), lr: lines(join(out, 'metrics.jsonl')).map((l) => (JSON.parse(l) as { lr: number }).lr) }
    }
    const [one, two, four] = [await w('lr1', 1), await w('lr2', 2), await w('lr4', 4)]
    expect(four.lr).toEqual([1e-3, 5e-4, 0, 0])
    expect(one.weights.equals(two.weights)).toBe(false) // update 2 ran at 5e-4
    expect(two.weights.equals(four.weights)).toBe(true) // updates 3 and 4 ran at 0
    expect(() => resolveConfig({ lrDecay: { updates: 0, to: 0.1 } })).toThrow(/lrDecay/)
    expect(() => resolveConfig({ lrDecay: { updates: 10, to: 2 } })).toThrow(/lrDecay/)
  }, 120_000)

  it('--resume continues the step counter, metrics, league and RNG state', async () => {
    const out = join(dir, 'b')
    const first = await train(TINY, out, { steps: 16 }, { hooks: quiet })
    const saved = JSON.parse(readFileSync(join(out, 'checkpoint', 'metrics.json'), 'utf8')) as { progress: Progress }
    expect(saved.progress.update).toBe(1)
    expect(saved.progress.rngShuffle).toBe(first.progress.rngShuffle)
    // Different settings on the command line do not change a resumed run: its own config wins.
    const second = await train({ ...TINY, envs: 3 }, out, { steps: 32 }, { resume: true, hooks: quiet })
    expect(second.config.envs).toBe(2)
    expect(second.progress.update).toBe(2)
    expect(second.progress.steps).toBe(32)
    expect(second.progress.nextEpisodeSeed).toBeGreaterThan(first.progress.nextEpisodeSeed)
    expect(lines(join(out, 'metrics.jsonl')).map((l) => (JSON.parse(l) as { update: number }).update)).toEqual([1, 2])
    expect(lines(join(out, 'metrics.csv'))).toHaveLength(3) // one header
    expect(JSON.parse(readFileSync(join(out, 'league.json'), 'utf8'))).toHaveLength(2)
    await expect(train(TINY, join(dir, 'none'), { steps: 16 }, { resume: true, hooks: quiet })).rejects.toThrow(/no checkpoint/)
  }, 60_000)

  it('--resume continues a run of another ruleset on its own ruleset and scenario (not the default)', async () => {
    const out = join(dir, 'mttsog')
    await train({ ...TINY, ruleset: 'mttsog', scenario: 'mttsog-training' }, out, { steps: 16 }, { hooks: quiet })
    const resumed = await train({}, out, { steps: 32 }, { resume: true, hooks: quiet })
    expect([resumed.config.ruleset, resumed.config.scenario]).toEqual(['mttsog', 'mttsog-training'])
    expect(resumed.progress.update).toBe(2)
  }, 60_000)

  it('the checkpoint plays legal moves as an agent (sampled and greedy) through playGame', async () => {
    const ckpt = join(dir, 'a', 'checkpoint')
    const r = await loadPolicyAgent(engine, ckpt, 3, 'pol')
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value.name).toBe('pol')
    // playGame applies every action through the engine, which refuses an illegal one.
    const g = playGame(engine, [r.value, new RandomAgent(1)], { seed: 5, maxDecisions: 5000 })
    if (!g.ok) expect(g.actions.length).toBe(5000) // only a stalled game may fail
    else expect(g.record.decisions).toBeGreaterThan(0)
    const greedy = makePolicyAgent(engine, ckpt, 0, { sample: false })
    expect(greedy.ok).toBe(true)
    if (!greedy.ok) return
    // It encodes env:progress on the scale it was trained with.
    expect(greedy.value.spec.maxDecisions).toBe(300)
    const g2 = playGame(engine, [new RandomAgent(2), greedy.value], { seed: 6, maxDecisions: 300 })
    // Either it ends or it stalls, but never with an illegal action.
    if (!g2.ok) expect(g2.error.message).toMatch(/did not end within 300/)
  }, 60_000)

  it('--prior: a residual net skips cloning the heuristic, trains by PPO, and its checkpoint plays as the heuristic would until trained', async () => {
    const out = join(dir, 'prior')
    const r = await train({ ...TINY, prior: true, imitate: { ...TINY.imitate, steps: 5 } }, out, { steps: 32 }, { hooks: quiet })
    expect(r.progress.update).toBe(2)
    expect(r.progress.imitateSteps ?? 0).toBe(0) // cloning the heuristic is skipped: the net already plays its moves
    // kickstarting still works: its labels are the prior's actions
    const m = lines(join(out, 'metrics.jsonl')).map((l) => JSON.parse(l) as { teacherCoef: number; teacherLoss: number })
    expect(m.every((x) => x.teacherCoef > 0 && Number.isFinite(x.teacherLoss) && x.teacherLoss > 0)).toBe(true)
    const meta = JSON.parse(readFileSync(join(out, 'checkpoint', 'meta.json'), 'utf8')) as { net: { prior: number }; config: { prior: boolean } }
    expect(meta.net.prior).toBe(1)
    expect(meta.config.prior).toBe(true)
    const a = await loadPolicyAgent(engine, join(out, 'checkpoint'), 3, 'residual')
    expect(a.ok).toBe(true)
    if (!a.ok) return
    const g = playGame(engine, [a.value, new RandomAgent(1)], { seed: 5, maxDecisions: 5000 })
    expect(g.ok).toBe(true)
  }, 60_000)

  it('a checkpoint refuses another scenario (spec mismatch) and a missing folder, saying why', async () => {
    const other = bindEngine('piwam', 'ivry-1590')
    if (!other.ok) throw new Error(other.error.message)
    const r = await loadPolicyAgent(other.value, join(dir, 'a', 'checkpoint'), 0)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/CHECKPOINT_SPEC_MISMATCH/)
    const m = makePolicyAgent(engine, join(dir, 'missing'), 0)
    expect(m.ok).toBe(false)
    if (!m.ok) expect(m.error.message).toMatch(/CHECKPOINT_NOT_FOUND/)
  })
})

describe('the shipped checkpoints', () => {
  it.each([
    ['piwam-training-baseline', 'piwam-training'],
    ['piwam-training-pure', 'piwam-training'],
    ['marignan-training-baseline', 'marignan-training'],
    ['mttsog-training-baseline', 'mttsog-training'],
    ['hbl-training-baseline', 'hbl-training'],
    ['cfeo-training-baseline', 'cfeo-training'],
    ['cfeo-training-candidate', 'cfeo-training'],
  ])('checkpoints/%s still loads on the current env spec of %s and plays a game', (name, scenario) => {
    // Fails when the observation/action interface changes: the checkpoint must then be retrained.
    const b = bindEngine(undefined, scenario)
    if (!b.ok) throw new Error(b.error.message)
    const p = makePolicyAgent(b.value, join(import.meta.dirname, '../../checkpoints', name), 1)
    if (!p.ok) throw new Error(p.error.message)
    const g = playGame(b.value, [p.value, new RandomAgent(3)], { seed: 11, maxDecisions: 20_000 })
    expect(g.ok).toBe(true)
  }, 30_000)
})

describe('curveSvg', () => {
  it('plots evaluation points and smoothed training series over steps', () => {
    const rows = [
      { steps: 100, meanReturn: -1, trainWinRate: 0, entropy: 1.2 },
      { steps: 200, meanReturn: 0.5, trainWinRate: 0.5, entropy: 1.0, evalRandom: 0.6, evalHeuristic: 0.1 },
      { steps: 300, meanReturn: 1, trainWinRate: 1, entropy: 0.8, evalRandom: 0.9, evalHeuristic: 0.3 },
    ]
    const svg = curveSvg(rows, 'a <test>')
    expect(svg).toContain('a &lt;test&gt;')
    // eval vs random: 2 dots; eval vs heuristic: 2 dots
    expect(svg.match(/<circle /g)).toHaveLength(4)
    // 5 series with points -> 5 paths
    expect(svg.match(/<path /g)).toHaveLength(5)
    expect(curveSvg([], 'empty').match(/<path /g)).toBeNull()
  })
})
