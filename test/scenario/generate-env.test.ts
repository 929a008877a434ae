import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { RULESET_IDS } from '../../env/core/types.ts'
import { makeHeuristic } from '../../agents/heuristic/index.ts'
import { isPerStateEngine } from '../../agents/heuristic/per-battle.ts'
import { playGame } from '../../agents/play.ts'
import { bindBattle, HELD_OUT_BASE, trainingBattleSeed } from '../../env/gym/generated.ts'
import { makeRng, nthSet } from '../../env/gym/hash.ts'
import { bindEngine, engineForReplay, makeEnv } from '../../env/gym/make.ts'
import { verifyReplay } from '../../env/gym/replay.ts'
import { BUILTIN_SCENARIOS, GENERATED_IDS, GENERATED_SCENARIOS } from '../../env/scenario/builtin.ts'
import { BATTLE_SIZES } from '../../env/scenario/generate/index.ts'

const battleOf = (env: ReturnType<typeof makeEnv>): string => (env.engine as unknown as { battle(s: object): { id: string } }).battle(env.state as object).id

describe('generated-battle ids', () => {
  it('the registry names one id per ruleset and size', () => {
    expect(GENERATED_SCENARIOS.map((g) => [g.ruleset, g.size])).toEqual(RULESET_IDS.flatMap((r) => BATTLE_SIZES.map((s) => [r, s])))
    expect(GENERATED_IDS).toContain('piwam-generated')
    expect(GENERATED_IDS).toContain('cfeo-generated-medium')
  })

  it('the server the Python wheel bundles lists them, so its Gymnasium ids follow the registry', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../../bridge/standalone.ts', import.meta.url)), 'scenarios'], { encoding: 'utf8' })
    const ids = JSON.parse(out) as string[]
    for (const id of GENERATED_IDS) expect(ids).toContain(id)
    for (const s of BUILTIN_SCENARIOS) expect(ids).toContain(s.id)
  })

  it('a generated id of another ruleset is refused, naming both', () => {
    const b = bindEngine('hbl', 'piwam-generated')
    expect(b.ok ? '' : b.error.message).toBe('scenario piwam-generated is for ruleset piwam, not hbl')
  })

  it('reset seeds draw training battles only: seeds from 2^31 up are held out', () => {
    expect(trainingBattleSeed(5)).toBe(5)
    expect(trainingBattleSeed(HELD_OUT_BASE + 5)).toBe(5)
    expect(trainingBattleSeed(2 ** 32 - 1)).toBe(HELD_OUT_BASE - 1)
  })
})

describe.each(GENERATED_IDS)('%s env', (id) => {
  it('draws a fresh battle on each reset with one fixed spec, and its replays verify', () => {
    const env = makeEnv({ scenario: id, record: true, maxDecisions: 300 })
    const again = makeEnv({ scenario: id, maxDecisions: 300 })
    expect(again.spec.hash).toBe(env.spec.hash)
    expect(env.spec.scenario.id).toBe(id)
    const sizes = [env.obs.planes.length, env.obs.entities.length, env.obs.globals.length, env.obs.mask.length]
    const rng = makeRng(3)
    const seen = new Set<string>()
    for (const seed of [11, 12]) {
      env.reset({ seed })
      seen.add(battleOf(env))
      while (!env.isDone) env.step(nthSet(env.obs.mask, Math.floor(rng() * env.lastInfo.legalCount)))
      expect([env.obs.planes.length, env.obs.entities.length, env.obs.globals.length, env.obs.mask.length]).toEqual(sizes)
      const rep = env.replay()
      if (!rep) throw new Error('no replay')
      expect(rep.scenario.id).toBe(battleOf(env))
      expect(rep.scenario.inline?.id).toBe(rep.scenario.id)
      const eng = engineForReplay(JSON.parse(JSON.stringify(rep)))
      if (!eng.ok) throw new Error(eng.error.message)
      const v = verifyReplay(rep, eng.value)
      expect(v.ok ? 'ok' : v.error.message).toBe('ok')
    }
    expect(seen.size).toBe(2)
  })
})

describe('scripted players on a generated id', () => {
  // The heuristic bound to `<ruleset>-generated` plays each game on the battle its reset drew:
  // the same game, action for action, as the heuristic bound to that battle's own engine.
  it.each(RULESET_IDS)('%s: the heuristic reads the battle drawn at reset, not battle 0', (ruleset) => {
    const gen = bindEngine(ruleset, `${ruleset}-generated`)
    if (!gen.ok) throw new Error(gen.error.message)
    const onGen = [makeHeuristic(gen.value, 5), makeHeuristic(gen.value, 6)] as const
    for (const seed of [3, 4]) {
      const own = bindBattle(ruleset, 'small', seed)
      const padded = bindBattle(ruleset, 'small', seed, ruleset !== 'marignan')
      if (!own.ok || !padded.ok) throw new Error('bind')
      const a = playGame(gen.value, onGen, { seed, maxDecisions: 400 })
      const b = playGame(own.value, [makeHeuristic(own.value, 5), makeHeuristic(own.value, 6)], { seed, maxDecisions: 400 })
      const actions = (r: typeof a) => (r.ok ? r.record.actions : r.actions)
      // The generated ids of rulesets with a canonical shape number actions in it (env/gym/padded.ts).
      const toGen = (x: number) => (isPerStateEngine(padded.value) ? padded.value.outerAction(own.value.init(0), x) : x)
      expect(actions(a).length).toBeGreaterThan(10)
      expect(actions(a)).toEqual(actions(b).map(toGen))
    }
  })
})
