// Runs the Python client's test suite (clients/python/tests) with Debian's
// /usr/bin/python3 against a server started here, and a short smoke run of the
// PyTorch example (skipped, with the reason, where torch is not importable).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type BridgeServer } from '../../bridge/server.ts'

const PY = process.env.TERCIO_PYTHON ?? '/usr/bin/python3'
const DIR = fileURLToPath(new URL('../../clients/python/', import.meta.url))

const probe = (code: string) => existsSync(PY) && spawnSync(PY, ['-c', code], { encoding: 'utf8' }).status === 0
const depsOk = probe('import numpy, google.protobuf, websockets')
const torchOk = depsOk && probe('import torch')

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
  it('has its Debian packages (numpy, protobuf, websockets) for /usr/bin/python3', () => {
    expect(depsOk, `${PY} cannot import numpy, google.protobuf and websockets: run scripts/setup-python.sh (Debian packages python3-numpy python3-protobuf python3-websockets)`).toBe(true)
  })

  it.runIf(depsOk)('passes its unittest suite against this server', async () => {
    const r = await run(['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.', '-v'], { TERCIO_URL: server.url, TERCIO_SKIP_EXAMPLE: '1' }, 240_000)
    expect(r.code, r.out).toBe(0)
    expect(r.out).toMatch(/\nOK/)
    expect(r.out).toMatch(/Ran (\d+) tests/)
  }, 250_000)

  const title = torchOk
    ? 'runs examples/ppo_torch.py for two short iterations'
    : `runs examples/ppo_torch.py — SKIPPED: PyTorch is not importable by ${PY} (apt-get install python3-torch libopenblas0-pthread)`
  it.skipIf(!torchOk)(title, async () => {
    const r = await run(['examples/ppo_torch.py', '--url', server.url, '--num-envs', '4', '--steps', '40', '--iterations', '2', '--max-decisions', '30', '--hidden', '32'], {}, 240_000)
    expect(r.code, r.out).toBe(0)
    expect(r.out).toMatch(/win rate vs random/)
  }, 250_000)
})
