import { describe, expect, it } from 'vitest'
import { GenericHeuristic, PiwamHeuristic } from '../../agents/heuristic/index.ts'
import { RandomAgent } from '../../agents/random.ts'
import { agentNames, createAgent, makeAgent, parseAgentList, parseAgentSpec, POLICY_PENDING, setPolicyLoader } from '../../agents/registry.ts'
import { SearchAgent } from '../../agents/search.ts'
import { ok } from '../../env/core/types.ts'
import { getRuleset } from '../../env/rules/index.ts'
import { builtinScenario } from '../../env/scenario/builtin.ts'
import { makeToyEngine } from '../helpers/toy-ruleset.ts'

const piwam = () => {
  const sc = builtinScenario('piwam-training')
  const rs = getRuleset('piwam')
  if (!sc.ok || !rs.ok) throw new Error('setup')
  const b = rs.value.bind(sc.value)
  if (!b.ok) throw new Error(b.error.message)
  return b.value
}

describe('agent registry', () => {
  it('parses kinds and typed parameters', () => {
    const s = parseAgentSpec('search:iters=200:depth=12:rollout=random')
    expect(s.ok && s.value).toMatchObject({ kind: 'search', params: { iters: '200', depth: '12', rollout: 'random' }, text: 'search:iters=200:depth=12:rollout=random' })
    const c = parseAgentSpec('ckpt:checkpoints/baseline')
    expect(c.ok && c.value).toMatchObject({ kind: 'ckpt', path: 'checkpoints/baseline' })
    const l = parseAgentList('random, heuristic,search:iters=8')
    expect(l.ok && l.value.map((x) => x.kind)).toEqual(['random', 'heuristic', 'search'])
  })

  it('rejects bad specs with messages that name the problem', () => {
    const msg = (t: string) => {
      const r = parseAgentSpec(t)
      return r.ok ? 'ok' : r.error.message
    }
    expect(msg('alphazero')).toMatch(/unknown agent "alphazero" \(known: random, heuristic, search, ckpt/)
    expect(msg('search:iters=0')).toMatch(/iters must be in 1\.\./)
    expect(msg('search:iters=2.5')).toMatch(/iters must be a whole number/)
    expect(msg('search:speed=3')).toMatch(/search has no parameter "speed" \(parameters: iters, depth/)
    expect(msg('search:iters=3:iters=4')).toMatch(/given twice/)
    expect(msg('search:rollout=mcts')).toMatch(/rollout must be one of heuristic, random/)
    expect(msg('search:kinds=')).toMatch(/not key=value/)
    expect(msg('search:kinds=a++b')).toMatch(/kinds must be names joined by '\+'/)
    expect(msg('random:x=1')).toMatch(/takes none/)
    expect(msg('search:iters')).toMatch(/not key=value/)
    expect(msg('ckpt:')).toMatch(/ckpt needs a checkpoint folder/)
    expect(msg('')).toMatch(/empty/)
    expect(parseAgentList('random,,heuristic').ok).toBe(false)
  })

  it('builds seeded agents of the right class, named by their spec', async () => {
    const e = piwam()
    const h = makeAgent('heuristic', e, 1)
    expect(h.ok && h.value).toBeInstanceOf(PiwamHeuristic)
    const g = makeAgent('heuristic', makeToyEngine(), 1)
    expect(g.ok && g.value).toBeInstanceOf(GenericHeuristic)
    const s = makeAgent('search:iters=7:depth=3', e, 1)
    expect(s.ok && s.value).toBeInstanceOf(SearchAgent)
    if (s.ok && s.value instanceof SearchAgent) expect(s.value.options).toMatchObject({ iters: 7, depth: 3 })
    expect(s.ok && s.value.name).toBe('search:iters=7:depth=3')
    const k = makeAgent('search:kinds=change-order+reaction', e, 1)
    expect(k.ok && k.value instanceof SearchAgent && k.value.options.kinds).toEqual(['change-order', 'reaction'])
    // decision kinds are checked against the engine's
    const bad = makeAgent('search:kinds=change-order+charge', e, 1)
    expect(bad.ok).toBe(false)
    if (!bad.ok) expect(bad.error.message).toMatch(/piwam has no decision kind "charge" \(kinds: activate-wing, preempt/)
    const r = await createAgent('random', e, 1)
    expect(r.ok && r.value).toBeInstanceOf(RandomAgent)
    expect(agentNames([...(parseAgentList('random,random,heuristic') as { ok: true; value: never[] }).value])).toEqual(['random', 'random#2', 'heuristic'])
  })

  it('ckpt agents: a missing folder is a clear error (before TF.js loads); the loader can be replaced', async () => {
    const e = piwam()
    const r = await createAgent('ckpt:nowhere', e, 1)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toContain(POLICY_PENDING)
    const old = setPolicyLoader(async (_e, path, seed, name) => ok(new RandomAgent(seed, `${name}@${path}`)))
    try {
      const p = await createAgent('ckpt:somewhere', e, 1)
      expect(p.ok && p.value.name).toBe('ckpt:somewhere@somewhere')
    } finally {
      setPolicyLoader(old)
    }
  })
})
