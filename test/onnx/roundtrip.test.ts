// The round trip of a Python-trained policy: test/onnx/train_export.py trains a tiny masked PPO
// (clients/python/examples/ppo_torch.py) for three iterations against a server started here,
// exports it to ONNX and writes observations with PyTorch's action probabilities; this side
// loads the model with onnxruntime-node (agents/onnx.ts), checks the probabilities agree to
// 1e-5, that another env spec is refused, and plays tournament games with it.
// The Python side runs in the project's venv (`npm run setup`); TERCIO_PYTHON names another.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OnnxAgent, OnnxPolicy } from '../../agents/onnx.ts'
import { createAgent } from '../../agents/registry.ts'
import { startServer, type BridgeServer } from '../../bridge/server.ts'
import { loadEngine } from '../../cli/io.ts'
import { runTournament } from '../../training/tournament/tournament.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const PY = process.env.TERCIO_PYTHON ?? `${ROOT}.venv/bin/python`
const MODULES = ['numpy', 'google.protobuf', 'websockets', 'gymnasium', 'torch', 'onnx']

function probe(): string | null {
  if (!existsSync(PY)) return `${PY} does not exist: run \`npm run setup\` (it creates the Python venv .venv/ with clients/python and torch, onnx installed)`
  const code = `import importlib.util, sys; m = [x for x in sys.argv[1:] if importlib.util.find_spec(x) is None]; print(' '.join(m)); sys.exit(1 if m else 0)`
  const r = spawnSync(PY, ['-c', code, ...MODULES], { encoding: 'utf8' })
  return r.status === 0 ? null : `${PY} cannot import ${r.stdout.trim() || r.stderr.trim()}: run \`npm run setup\` again`
}
const missing = probe()

function run(args: string[], env: Record<string, string>, timeoutMs: number): Promise<{ code: number | null; out: string }> {
  // Asynchronous: the server runs in this process and must keep answering.
  return new Promise((resolve) => {
    const p = spawn(PY, args, { cwd: ROOT, env: { ...process.env, ...env } })
    let out = ''
    p.stdout.on('data', (d) => (out += d))
    p.stderr.on('data', (d) => (out += d))
    const t = setTimeout(() => p.kill('SIGKILL'), timeoutMs)
    p.on('close', (code) => {
      clearTimeout(t)
      resolve({ code, out })
    })
  })
}

const f32 = (b64: string) => {
  const b = Buffer.from(b64, 'base64')
  return new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength))
}
const f64 = (b64: string) => {
  const b = Buffer.from(b64, 'base64')
  return new Float64Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength))
}

let server: BridgeServer
// Inside checkpoints/, the bridge's default agent directory: only files there may be server-side opponents.
const dir = mkdtempSync(join(ROOT, 'checkpoints', '.onnx-roundtrip-'))
const model = join(dir, 'policy.onnx')
let py: { code: number | null; out: string } = { code: null, out: '' }

beforeAll(async () => {
  if (missing !== null) return
  server = await startServer({ port: 0, heartbeatMs: 5000, agentDir: dir })
  py = await run(['test/onnx/train_export.py', dir], { TERCIO_URL: server.url }, 280_000)
}, 300_000)
afterAll(async () => {
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('ONNX round trip (PyTorch -> onnxruntime-node)', () => {
  it('has the Python venv with torch and onnx (npm run setup)', () => {
    expect(missing, missing ?? '').toBeNull()
  })

  it.runIf(missing === null)('trains, exports, and the exported model plays as the bridge opponent', () => {
    expect(py.code, py.out).toBe(0)
    const m = /onnx opponent made (\d+) decisions/.exec(py.out)
    expect(Number(m?.[1] ?? 0), py.out).toBeGreaterThan(0)
  })

  it.runIf(missing === null)('gives the action probabilities PyTorch gives, to 1e-5', () => {
    const p = JSON.parse(readFileSync(join(dir, 'probe.json'), 'utf8')) as Record<string, string> & { n: number; actions: number; spec_hash: string }
    const engine = loadEngine(undefined, 'piwam-training')
    const pol = OnnxPolicy.load(engine, model)
    if (!pol.ok) throw new Error(pol.error.message)
    expect(pol.value.spec.hash).toBe(p.spec_hash)
    const N = p.actions
    const batch = { planes: f32(p.planes as string), entities: f32(p.entities as string), globals: f32(p.globals as string), mask: new Uint8Array(Buffer.from(p.mask as string, 'base64')) }
    const probs = pol.value.probabilities(batch, p.n)
    const want = f64(p.probs as string)
    expect(probs.length).toBe(p.n * N)
    let maxDiff = 0
    let legal = 0
    for (let i = 0; i < want.length; i++) {
      maxDiff = Math.max(maxDiff, Math.abs((probs[i] as number) - (want[i] as number)))
      if (batch.mask[i] === 1) legal++
    }
    expect(maxDiff).toBeLessThan(1e-5)
    // Not a trivially uniform comparison: rows have several legal actions with unequal probabilities.
    expect(legal).toBeGreaterThan(2 * p.n)
    const spread = Array.from({ length: p.n }, (_, b) => {
      const row = Array.from(probs.subarray(b * N, (b + 1) * N)).filter((_, i) => batch.mask[b * N + i] === 1)
      return Math.max(...row) - Math.min(...row)
    })
    expect(Math.max(...spread)).toBeGreaterThan(1e-4)
    const { value } = pol.value.forward(batch, p.n)
    const wantV = f64(p.value as string)
    expect(value).not.toBeNull()
    for (let i = 0; i < p.n; i++) expect(Math.abs((value as Float32Array)[i]! - wantV[i]!)).toBeLessThan(1e-5)
  })

  it.runIf(missing === null)('agents of one engine share one loaded session, each with its own encoder and sampler', async () => {
    const engine = loadEngine(undefined, 'piwam-training')
    const [a, b] = await Promise.all([createAgent(`onnx:${model}`, engine, 1), createAgent(`onnx:${model}`, engine, 2)])
    if (!a.ok || !b.ok) throw new Error('load failed')
    expect(a.value).toBeInstanceOf(OnnxAgent)
    expect((a.value as OnnxAgent).policy).toBe((b.value as OnnxAgent).policy)
    expect(a.value).not.toBe(b.value)
    const other = await createAgent(`onnx:${model}`, loadEngine(undefined, 'piwam-training'), 1)
    expect(other.ok && (other.value as OnnxAgent).policy).not.toBe((a.value as OnnxAgent).policy)
  })

  it.runIf(missing === null)('refuses an env with another spec (CHECKPOINT_SPEC_MISMATCH)', async () => {
    const other = loadEngine(undefined, 'coutras-1587')
    const r = await createAgent(`onnx:${model}`, other, 1)
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.code).toBe('CHECKPOINT_SPEC_MISMATCH')
      expect(r.error.message).toMatch(/spec hash .* \(piwam\/piwam-training\)/)
    }
  })

  it.runIf(missing === null)('plays tournament games, the same on one thread and in two worker threads', async () => {
    const engine = loadEngine(undefined, 'piwam-training')
    const play = (workers: number) => runTournament({ ruleset: 'piwam', scenario: engine.scenario, agents: [`onnx:${model}`, 'random'], games: 4, seed: 9, workers })
    const a = await play(1)
    expect(a.games).toHaveLength(4)
    expect(a.agents.map((x) => x.games)).toEqual([4, 4])
    for (const g of a.games) expect(g.decisions).toBeGreaterThan(0)
    const b = await play(2)
    expect(b.workers).toBe(2)
    const strip = (r: typeof a) => r.games.map(({ ms: _ms, ...g }) => g)
    expect(strip(b)).toEqual(strip(a))
  }, 120_000)
})
