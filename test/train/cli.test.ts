// `tercio train` as a user runs it: a tiny run ends with a checkpoint, metrics, a curve and
// the summary tournament table; bad options are usage errors.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const tmp = mkdtempSync(join(tmpdir(), 'tercio-train-cli-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function tercio(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/tercio.mjs'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

describe('tercio train', () => {
  it('a tiny run prints the backend, writes its outputs and a summary tournament table', () => {
    const out = join(tmp, 'run')
    const r = tercio('train', '--recipe', 'pure', '--steps', '32', '--envs', '2', '--rollout', '8', '--net', 'tiny', '--imitate', '2', '--teacher', '0.5', '--teacher-updates', '4', '--eval-every', '0', '--eval-games', '2', '--summary-games', '2', '--actor', 'thread', '--quiet', '--out', out)
    expect(r.err).toMatch(/tf backend: /)
    expect(r.code).toBe(0)
    expect(r.out).toContain(`checkpoint: ${join(out, 'checkpoint')}`)
    expect(r.err).toMatch(/imitation: cloning the heuristic for 2 minibatches/)
    expect(r.out).toMatch(/trained 32 agent steps, 2 updates/)
    expect(r.out).toMatch(/policy/)
    expect(r.out).toMatch(/heuristic/)
    expect(r.out).toMatch(/elo/)
    const meta = JSON.parse(readFileSync(join(out, 'checkpoint', 'meta.json'), 'utf8')) as { config: { teacher: unknown; actor: string } }
    expect(meta.config.teacher).toEqual({ coef: 0.5, updates: 4 })
    expect(meta.config.actor).toBe('thread')
    expect(r.err).toMatch(/rollouts on an actor thread overlapping the updates/)
    for (const f of ['checkpoint/meta.json', 'imitate.jsonl', 'metrics.jsonl', 'metrics.csv', 'curve.svg', 'tournament.json', 'tournament.txt']) expect(existsSync(join(out, f)), f).toBe(true)
    // the text table beside tournament.json says which dice seed it used and why
    const txt = readFileSync(join(out, 'tournament.txt'), 'utf8')
    expect(txt).toMatch(/^End-of-run tournament of tercio train\ndice seed 12345 \(games use seeds 12345\.\.12345, each on both seats\): fixed, so .* none of them is a seed this run trained on \(1000003\.\.\d+\)/)
    expect(txt).toMatch(/^ +\d +policy +[-+]\d+ /m)
    expect(txt).toContain('2 games per pairing')
    expect(r.out).toContain(`table: ${join(out, 'tournament.txt')}`)
  }, 120_000)

  it('without --actor the command trains on the dual loop, and inline with a single env', () => {
    for (const [envs, actor, line] of [['2', 'dual', /rollouts and every minibatch gradient split over two threads/], ['1', 'inline', /rollouts and updates in turn on one thread/]] as const) {
      const out = join(tmp, `default-actor-${envs}`)
      const r = tercio('train', '--steps', '16', '--envs', envs, '--rollout', '8', '--net', 'tiny', '--imitate', '0', '--eval-every', '0', '--summary-games', '0', '--quiet', '--out', out)
      expect(r.code, r.err).toBe(0)
      expect(r.err).toMatch(line)
      const meta = JSON.parse(readFileSync(join(out, 'checkpoint', 'meta.json'), 'utf8')) as { config: { actor: string } }
      expect(meta.config.actor).toBe(actor)
    }
  }, 120_000)

  it('the command trains the residual recipe by default; --recipe pure is imitation then PPO of a pure net; options override the recipe', () => {
    type Meta = { config: { prior?: boolean; ppo: { lr: number; entropyCoef: number }; teacher: { coef: number }; opponents: Record<string, number>; evalEvery: number; evalGames: number; imitate: { steps: number }; lrDecay?: { updates: number; to: number }; priorScale?: number; keepEvals?: boolean } }
    const run = (name: string, ...extra: string[]): Meta => {
      const out = join(tmp, `recipe-${name}`)
      const r = tercio('train', '--steps', '16', '--envs', '2', '--rollout', '8', '--net', 'tiny', '--summary-games', '0', '--eval-every', '0', '--quiet', '--out', out, ...extra)
      expect(r.code, r.err).toBe(0)
      return JSON.parse(readFileSync(join(out, 'checkpoint', 'meta.json'), 'utf8')) as Meta
    }
    const residual = run('default', '--opponents', 'league=0.5', '--lr-decay', '300', '--prior-scale', '6')
    const plain = run('plain')
    // --lr and --ent-coef together: each keeps the other (and the recipe's rate is replaced)
    const tuned = run('tuned', '--lr', '2e-3', '--ent-coef', '0', '--keep-evals')
    expect(tuned.config.keepEvals).toBe(true)
    expect(plain.config.keepEvals).toBeUndefined()
    expect(tuned.config.ppo.lr).toBe(2e-3)
    expect(tuned.config.ppo.entropyCoef).toBe(0)
    expect(plain.config.ppo.entropyCoef).toBe(0.003)
    expect(plain.config.lrDecay).toEqual({ updates: 500, to: 0.1 })
    expect(plain.config.prior).toBe(true)
    expect(residual.config.prior).toBe(true)
    expect(residual.config.ppo.lr).toBe(3e-3)
    expect(residual.config.teacher.coef).toBe(0)
    // the weights not given keep the recipe's (heuristic 0.8, random 0), not the API default's
    expect(residual.config.opponents).toEqual({ heuristic: 0.8, random: 0, league: 0.5 })
    expect(residual.config.evalGames).toBe(60)
    expect(residual.config.lrDecay).toEqual({ updates: 300, to: 0.1 })
    expect(residual.config.priorScale).toBe(6)
    expect(plain.config.priorScale).toBeUndefined()
    const pure = run('pure', '--recipe', 'pure', '--imitate', '1', '--lr', '1e-3')
    expect(pure.config.prior ?? false).toBe(false)
    expect(pure.config.ppo.lr).toBe(1e-3)
    expect(pure.config.teacher.coef).toBe(0.5)
    expect(pure.config.imitate.steps).toBe(1)
    expect(pure.config.opponents).toEqual({ heuristic: 0.7, random: 0.1, league: 0.2 })
    expect(pure.config.evalEvery).toBe(0)
    expect(pure.config.lrDecay).toBeUndefined()
  }, 180_000)

  it('bad values are usage errors that name the option', () => {
    const SEARCH = 'search:iters=8:depth=8:crn=1'
    const cases: [string[], string | RegExp][] = [
      [['--opponents', 'sarge=1'], '--opponents'],
      [['--imitate', '-3'], '--imitate'],
      [['--imitate-teacher', 'sarge'], '--imitate-teacher'],
      [['--imitate-teacher', 'random'], 'cannot teach'],
      [['--imitate-workers', '1.5'], '--imitate-workers'],
      [['--teacher-updates', '0'], '--teacher-updates'],
      // soft labels from the search's scores
      [['--imitate-teacher', SEARCH, '--imitate-soft', '0'], /--imitate-soft must be a temperature > 0/],
      [['--imitate-teacher', SEARCH, '--imitate-soft', '-0.1'], /--imitate-soft must be a temperature > 0/],
      [['--imitate-teacher', SEARCH, '--imitate-soft', 'hot'], /--imitate-soft must be a temperature > 0/],
      [['--imitate-soft', '0.05'], /--imitate-soft needs a search teacher/],
      [['--imitate-teacher', 'heuristic', '--imitate-soft', '0.05'], /--imitate-soft needs a search teacher/],
      [['--imitate-teacher', SEARCH, '--imitate-soft', '0.05', '--imitate-soft-mix', '1.5'], /--imitate-soft-mix must be a number in \[0, 1\]/],
      [['--imitate-teacher', SEARCH, '--imitate-soft-mix', '0.2'], /--imitate-soft-mix needs --imitate-soft/],
      [['--imitate-teacher', SEARCH, '--imitate-passes', '0'], /--imitate-passes must be a positive whole number/],
      [['--imitate-teacher', SEARCH, '--imitate-passes', '1.5'], /--imitate-passes must be a positive whole number/],
      [['--imitate-eval-every', '-1'], /--imitate-eval-every must be a whole number >= 0/],
      [['--imitate-stagger', '2.5'], /--imitate-stagger must be a whole number >= 0/],
      [['--imitate-teacher', 'search:kinds=charge'], /piwam has no decision kind "charge"/],
      // with --resume the run's own settings stand
      [['--resume', 'runs/nowhere', '--imitate-soft', '0.05'], /resume and imitate-soft are mutually exclusive/],
      [['--resume', 'runs/nowhere', '--prior'], /resume and prior are mutually exclusive/],
      [['--actor', 'gpu'], /actor/],
      [['--recipe', 'greedy'], /recipe/],
      [['--lr-decay', '0'], /--lr-decay must be UPDATES\[:TO\]/],
      [['--lr-decay', '100:2'], /--lr-decay must be UPDATES\[:TO\]/],
      [['--lr-decay', 'soon'], /--lr-decay must be UPDATES\[:TO\]/],
      [['--ent-coef', '-0.01'], /--ent-coef must be a number in \[0, 1\)/],
      [['--ent-coef', 'lots'], /--ent-coef must be a number in \[0, 1\)/],
      [['--prior-scale', '0'], /--prior-scale must be a number > 0/],
      [['--prior-scale', 'firm'], /--prior-scale must be a number > 0/],
      [['--recipe', 'pure', '--prior-scale', '6'], /--prior-scale needs the residual policy/],
      [['--init', 'checkpoints/piwam-training-baseline', '--prior-scale', '6'], /--init starts from the checkpoint's own scale/],
      [['--resume', 'runs/nowhere', '--prior-scale', '6'], /resume and prior-scale are mutually exclusive/],
      [['--imitate', '2'], /--imitate 2: the residual policy \(--recipe residual\) already plays the heuristic's game/],
      [['--resume', 'runs/nowhere', '--recipe', 'pure'], /resume and recipe are mutually exclusive/],
      [['--resume', 'runs/nowhere', '--actor', 'inline'], /resume and actor are mutually exclusive/],
      [['--resume', 'runs/nowhere', '--keep-evals'], /resume and keep-evals are mutually exclusive/],
    ]
    for (const [args, msg] of cases) {
      const r = tercio('train', ...args, '--steps', '16', '--quiet')
      expect(r.code, args.join(' ')).toBe(2)
      expect(r.err, args.join(' ')).toMatch(msg)
    }
    // ~25 CLI processes, each loading the program: 216 s once on the shared machine at load 17
  }, 420_000)
})
