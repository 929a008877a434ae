// docs/figures.md and the README table are written from the figures' JSON: every number on the
// page comes from the data, with intervals for win rates, and the README block is replaced in place.
import { describe, expect, it } from 'vitest'
import { type Meta, README_BEGIN, README_END, renderFigures, renderReadmeTable, replaceBlock } from '../../scripts/figures-render.ts'

const meta: Meta = {
  format: 'tercio-figures/1',
  machine: { cpu: 'Test CPU', cores: 2, node: 'v20.0.0', platform: 'linux x64', date: '2030-01-02T03:04:05.000Z', load: [0.7, 0.6, 0.5], loadBefore: [0.2, 0.3, 0.4] },
  minutes: 9.5,
  commit: 'abcdef123456',
  counts: { rulesets: 5, scenarios: 12, testCases: 1234 },
  commands: { bench: 'npx tercio bench --seconds 1', conformance: 'npx tercio conformance', 'baseline-piwam-training': 'npx tercio tournament --scenario piwam-training --agents ckpt:checkpoints/piwam-training-baseline,heuristic,random' },
  skipped: ['bridge: no Python venv'],
}
const result = { ruleset: 'piwam', scenario: 'piwam-training', engineDecisionsPerSec: 312_477.4, envStepsPerSec: 107_085, vecStepsPerSec: 86_152, workerSpeedup: null, mainPlusWorkersSpeedup: null, groupsStepsPerSec: null, groupsSpeedup: null, threadScaling: null, contention: null }
const all: Record<string, unknown> = {
  bench: { results: [result, { ...result, ruleset: 'hbl', scenario: 'hbl-training', engineDecisionsPerSec: 402_603, envStepsPerSec: 139_865 }], options: { num: 64, workers: 2, seconds: 1 } },
  conformance: { passed: 632, failed: 1, sections: [{ ruleset: 'piwam', passed: 152, failed: 0 }, { ruleset: 'hbl', passed: 80, failed: 1 }, { ruleset: 'hbl', passed: 400, failed: 0 }] },
  'baseline-piwam-training': { scenario: 'piwam-training', gamesPerPairing: 20, pairings: [{ a: 'ckpt:checkpoints/piwam-training-baseline', b: 'heuristic', games: 20, winsA: 14, winsB: 6, draws: 0, scoreA: 0.7 }, { a: 'random', b: 'ckpt:checkpoints/piwam-training-baseline', games: 20, winsA: 0, winsB: 20, draws: 0, scoreA: 0 }] },
}

describe('docs/figures.md', () => {
  const page = renderFigures(meta, all)
  it('states when, where, under what load and at which commit it was measured', () => {
    expect(page).toContain('- **Measured** 2030-01-02 03:04 UTC, in 9.5 minutes, at commit `abcdef123456`')
    expect(page).toContain('- **Machine** Test CPU, 2 cores, Node 20.0.0, linux x64')
    expect(page).toContain('- **Load** (1-minute average) 0.2 before, 0.7 after.')
    expect(page).toContain('- **Not measured**: bridge: no Python venv')
  })
  it('takes counts and speeds from the data, each table under its command', () => {
    expect(page).toContain('| conformance fixtures (forced dice) | 633 (632 pass, 1 fail): piwam 152, hbl 481 | `npx tercio conformance` |')
    expect(page).toContain('| test cases (`it`/`test` calls under `test/`) | 1,234 |')
    expect(page).toContain('| piwam | piwam-training | 312,477 | 107,085 | 86,152 |')
    expect(page).toContain('Command: `npx tercio bench --seconds 1`')
    expect(page).toContain('(not measured on this run)')
  })
  it('shows the bridge beside in-process with the CPU each side spends on a message', () => {
    const bridge = { envs: 64, sets: 3, mode: 'async', inProcessStepsPerSec: 128_000, bridgeStepsPerSec: 70_400, ratio: 0.55, rounds: [{ clientCpuMsPerBatch: 0.3, serverCpuMsPerBatch: 0.9 }, { clientCpuMsPerBatch: 0.2, serverCpuMsPerBatch: 0.8 }] }
    const p = renderFigures(meta, { ...all, bridge })
    expect(p).toContain('| async (3 sets in flight) | 192 | 70,400 | 128,000 | 55% | 0.50 / 0.85 / 0.25 |')
  })
  it('shows the bridge against an older commit, both commits named, when that comparison was run', () => {
    const side = (commit: string, bridge: number, ratios: number[]) => ({ commit, subject: `subject of ${commit}`, committed: '2030-01-01T00:00:00Z', withUncommittedChanges: false, loads: [0.5, 0.6], bridgeStepsPerSec: bridge, inProcessStepsPerSec: 80_000, ratio: bridge / 80_000, serverCpuMsPerBatch: 1.25, ratios })
    const vs = { format: 'tercio-bridge-vs-commit/1', machine: meta.machine, minutes: 4, command: 'npm run figures:compare -- --base 111111111111 --bench bridge --rounds 2', scenario: 'piwam-training', rounds: 2, head: side('222222222222', 44_000, [0.5, 0.6]), base: side('111111111111', 40_000, [0.45, 0.55]), speedup: 1.1 }
    const p = renderFigures(meta, { ...all, 'bridge-vs-commit': vs })
    expect(p).toContain('| this tree: `222222222222`, 2030-01-01 | 44,000 | 80,000 | 55% | 1.25 | 50%, 60% | 0.5, 0.6 |')
    expect(p).toContain('| older commit: `111111111111`, 2030-01-01 | 40,000 | 80,000 | 50% | 1.25 | 45%, 55% | 0.5, 0.6 |')
    expect(p).toContain('`222222222222` over `111111111111` ("subject of 111111111111"): **1.10×** bridge steps/s.')
    expect(page).not.toContain('The bridge against an older commit')
  })
  it('gives win rates with 95% intervals, from the policy\'s side whichever seat listed it', () => {
    expect(page).toContain('| piwam-training | `checkpoints/piwam-training-baseline` | 70% (14/20; 95% interval 48%–85%) | 100% (20/20; 95% interval 84%–100%) |')
  })
})

describe('the README table', () => {
  it('summarises the same data and links each line to its section', () => {
    const t = renderReadmeTable(meta, all)
    expect(t).toContain('| [engine decisions/s, one core (the five training scenarios)](docs/figures.md#engine-and-env-speed-one-core) | 312,477 – 402,603 |')
    expect(t).toContain('| [conformance fixtures passing](docs/figures.md#what-the-tree-holds) | 632 of 633 |')
    expect(t).toContain('| [trained baselines against the heuristic (1 rulesets, 20 games each)](docs/figures.md#trained-baselines) | 70% – 70% |')
  })
  it('is replaced between its markers, the rest of the README untouched', () => {
    const readme = `# T\n\n${README_BEGIN}\nold\n${README_END}\n\nrest\n`
    expect(replaceBlock(readme, README_BEGIN, README_END, 'new')).toBe(`# T\n\n${README_BEGIN}\nnew\n${README_END}\n\nrest\n`)
    expect(() => replaceBlock('# no block', README_BEGIN, README_END, 'x')).toThrow(/no figure block/)
  })
})
