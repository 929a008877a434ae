// agents/onnx.ts without Python: the metadata reader over hand-encoded ModelProto bytes, the
// metadata checks, the registry's onnx:PATH spec, and onnxruntime-node's presence (npm ci with
// the .npmrc skip flag must leave a loadable native library).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import protobuf from 'protobufjs/minimal.js'
import { afterAll, describe, expect, it } from 'vitest'
import { loadOrt, ONNX_POLICY_FORMAT, OnnxPolicy, parseOnnxPolicyMeta, readOnnxMetadata } from '../../agents/onnx.ts'
import { createAgent, makeAgent, parseAgentSpec } from '../../agents/registry.ts'
import { loadEngine } from '../../cli/io.ts'

/** A ModelProto with ir_version (1), a graph stand-in (7) and metadata_props (14). */
function model(props: Record<string, string>): Uint8Array {
  const w = protobuf.Writer.create()
  w.uint32((1 << 3) | 0).int64(8)
  w.uint32((7 << 3) | 2).bytes(new Uint8Array([10, 3, 97, 98, 99]))
  for (const [k, v] of Object.entries(props)) w.uint32((14 << 3) | 2).fork().uint32((1 << 3) | 2).string(k).uint32((2 << 3) | 2).string(v).ldelim()
  return w.finish()
}

const good = {
  'tercio.format': ONNX_POLICY_FORMAT,
  'tercio.spec_hash': 'abc',
  'tercio.interface_hash': 'def',
  'tercio.env': JSON.stringify({ ruleset: 'piwam', scenario: 'piwam-training', max_decisions: 300, reward_shaping: 0.5, skip_forced: true }),
  'tercio.observation': JSON.stringify({ inputs: [{ name: 'globals', shape: [40] }, { name: 'action_mask', shape: [500] }], outputs: { logits: 'logits', value: 'value' } }),
}

const dir = mkdtempSync(join(tmpdir(), 'tercio-onnx-meta-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('ONNX policy metadata', () => {
  it('reads metadata_props and skips the graph', () => {
    expect(readOnnxMetadata(model({ a: '1', 'tercio.play': 'greedy' }))).toEqual({ a: '1', 'tercio.play': 'greedy' })
    expect(typeof readOnnxMetadata(new Uint8Array([0x0a, 0xff, 0xff, 0xff]))).toBe('string')
  })

  it('parses the tercio.* keys and names what is wrong', () => {
    const m = parseOnnxPolicyMeta(good)
    expect(typeof m).toBe('object')
    if (typeof m === 'object') {
      expect(m.env).toEqual({ ruleset: 'piwam', scenario: 'piwam-training', maxDecisions: 300, shaping: 0.5, skipForced: true })
      expect(m.inputs.map((i) => i.name)).toEqual(['globals', 'action_mask'])
      expect(m.play).toBe('sample')
    }
    expect(parseOnnxPolicyMeta({ ...good, 'tercio.format': 'x' })).toMatch(/tercio.format is "x"/)
    expect(parseOnnxPolicyMeta({ ...good, 'tercio.spec_hash': '' })).toMatch(/spec_hash is missing/)
    expect(parseOnnxPolicyMeta({ ...good, 'tercio.env': '{' })).toMatch(/not JSON/)
    expect(parseOnnxPolicyMeta({ ...good, 'tercio.env': JSON.stringify({ ruleset: 'piwam', scenario: 's', max_decisions: 0, reward_shaping: 0, skip_forced: true }) })).toMatch(/max_decisions/)
    expect(parseOnnxPolicyMeta({ ...good, 'tercio.observation': JSON.stringify({ inputs: [{ name: 'pixels', shape: [1] }], outputs: { logits: 'l' } }) })).toMatch(/one of planes, entities, globals, action_mask/)
    expect(parseOnnxPolicyMeta({ ...good, 'tercio.play': 'argmax' })).toMatch(/tercio.play/)
  })

  it('refuses a missing file, a non-model, and a model of another spec, with stable codes', () => {
    const engine = loadEngine(undefined, 'piwam-training')
    const none = OnnxPolicy.load(engine, join(dir, 'none.onnx'))
    expect(!none.ok && none.error.code).toBe('CHECKPOINT_NOT_FOUND')
    const junk = join(dir, 'junk.onnx')
    writeFileSync(junk, 'not a model at all')
    const j = OnnxPolicy.load(engine, junk)
    expect(!j.ok && j.error.code).toBe('CHECKPOINT_INVALID')
    const other = join(dir, 'other.onnx')
    writeFileSync(other, model(good)) // spec hash "abc" is no env's
    const o = OnnxPolicy.load(engine, other)
    expect(!o.ok && o.error.code).toBe('CHECKPOINT_SPEC_MISMATCH')
    expect(!o.ok && o.error.message).toMatch(/model trained on env spec hash abc .* has spec hash [0-9a-f]{16}/)
  })

  it('is an agent kind: onnx:PATH parses, loads asynchronously, and reports a missing file', async () => {
    const s = parseAgentSpec('onnx:runs/a b.onnx')
    expect(s.ok && s.value).toMatchObject({ kind: 'onnx', path: 'runs/a b.onnx' })
    const e = parseAgentSpec('onnx:')
    expect(!e.ok && e.error.message).toMatch(/onnx needs a model file/)
    const engine = loadEngine(undefined, 'piwam-training')
    const sync = makeAgent('onnx:x.onnx', engine, 1)
    expect(!sync.ok && sync.error.code).toBe('AGENT_INVALID')
    const r = await createAgent(`onnx:${join(dir, 'missing.onnx')}`, engine, 1)
    expect(!r.ok && r.error.code).toBe('CHECKPOINT_NOT_FOUND')
  })

  it('has onnxruntime-node installed with its CPU library', () => {
    const ort = loadOrt()
    expect(typeof ort === 'string' ? ort : 'ok').toBe('ok')
  })
})
