// The shipped pure policies (a network that sees the observation only, no heuristic proposal):
// each loads on its scenario's current env spec, declares no input but the observation's
// parts, and plays a whole game against the heuristic as an `onnx:` agent.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { loadOnnxAgent, parseOnnxPolicyMeta, readOnnxMetadata } from '../../agents/onnx.ts'
import { makeAgent } from '../../agents/registry.ts'
import { playGame } from '../../agents/play.ts'
import { bindEngine } from '../../env/gym/index.ts'

const PURE = [
  { scenario: 'piwam-training', ruleset: 'piwam', path: 'checkpoints/piwam-training-pure/policy.onnx' },
  { scenario: 'marignan-training', ruleset: 'marignan', path: 'checkpoints/marignan-training-pure/policy.onnx' },
  { scenario: 'mttsog-training', ruleset: 'mttsog', path: 'checkpoints/mttsog-training-pure/policy.onnx' },
] as const

describe.each(PURE)('pure policy $path', ({ scenario, ruleset, path }) => {
  it('declares the observation parts as its only inputs and is trained on no heuristic input', () => {
    const props = readOnnxMetadata(readFileSync(path))
    expect(typeof props).toBe('object')
    const meta = parseOnnxPolicyMeta(props as Record<string, string>)
    if (typeof meta === 'string') throw new Error(meta)
    expect(meta.inputs.map((i) => i.name).sort()).toEqual(['action_mask', 'entities', 'globals', 'planes'])
    expect(meta.env.scenario).toBe(scenario)
    expect(JSON.stringify(props)).not.toMatch(/prior/i)
  })

  it('loads on the current env spec and plays a game against the heuristic', async () => {
    const e = bindEngine(ruleset, scenario)
    if (!e.ok) throw new Error(e.error.message)
    const agent = await loadOnnxAgent(e.value, path, 1)
    if (!agent.ok) throw new Error(agent.error.message)
    const heuristic = makeAgent('heuristic', e.value, 2)
    if (!heuristic.ok) throw new Error(heuristic.error.message)
    const r = playGame(e.value, [agent.value, heuristic.value], { seed: 3 })
    if (!r.ok) throw new Error(r.error.message)
    expect(r.record.decisions).toBeGreaterThan(20)
    expect(r.record.outcome).not.toBeNull()
  })
})
