// Runs the Python client's test suite (clients/python/tests: unittest, against the
// real Gymnasium and PettingZoo installed in the project's virtual environment)
// with the venv's python, against a server started here.
// The venv is made by `npm run setup` (scripts/setup-python.sh); TERCIO_PYTHON names another interpreter.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type BridgeServer } from '../../bridge/server.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const PY = process.env.TERCIO_PYTHON ?? `${ROOT}.venv/bin/python`
const DIR = `${ROOT}clients/python/`
const MODULES = ['numpy', 'google.protobuf', 'websockets', 'gymnasium', 'pettingzoo', 'torch', 'tercio_client']

function probe(): string | null {
  if (!existsSync(PY)) return `${PY} does not exist: run \`npm run setup\` (it creates the Python venv .venv/ with clients/python installed)`
  const code = `import importlib.util, sys; m = [x for x in sys.argv[1:] if importlib.util.find_spec(x) is None]; print(' '.join(m)); sys.exit(1 if m else 0)`
  const r = spawnSync(PY, ['-c', code, ...MODULES], { encoding: 'utf8' })
  return r.status === 0 ? null : `${PY} cannot import ${r.stdout.trim() || r.stderr.trim()}: run \`npm run setup\` again`
}
const missing = probe()

function run(args: string[], env: Record<string, string>, timeoutMs: number): Promise<{ code: number | null; out: string }> {
  // Asynchronous on purpose: the server runs in this process and must keep answering.
  return new Promise((resolve) => {
    const p = spawn(PY, args, { cwd: DIR, env: { ...process.env, ...env } })
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

let server: BridgeServer
beforeAll(async () => {
  server = await startServer({ port: 0, heartbeatMs: 5000 })
})
afterAll(async () => {
  await server?.close()
})

describe('python client', () => {
  it('has its virtual environment (npm run setup) with the package and its dependencies', () => {
    expect(missing, missing ?? '').toBeNull()
  })

  it.runIf(missing === null)('passes its unittest suite (real Gymnasium and PettingZoo checkers) against this server', async () => {
    const r = await run(['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.', '-v'], { TERCIO_URL: server.url, TERCIO_SKIP_EXAMPLE: '1' }, 500_000)
    expect(r.code, r.out).toBe(0)
    expect(r.out).toMatch(/\nOK/)
    const ran = /Ran (\d+) tests/.exec(r.out)
    expect(Number(ran?.[1] ?? 0), r.out).toBeGreaterThan(40)
  }, 520_000)

  it.runIf(missing === null)('runs examples/ppo_torch.py for two short iterations', async () => {
    const r = await run(['examples/ppo_torch.py', '--url', server.url, '--num-envs', '4', '--steps', '40', '--iterations', '2', '--max-decisions', '30', '--hidden', '32'], {}, 240_000)
    expect(r.code, r.out).toBe(0)
    expect(r.out).toMatch(/win rate vs random/)
  }, 250_000)
})
