// Runs the Python client's test suite (clients/python/tests, under pytest, with the real Gymnasium,
// PettingZoo and Ray of the project's virtual environment) against the package as a user has it: a
// wheel built from clients/python now (the bundled server inside), installed into a temporary folder
// (not editable), imported from a folder outside the repository, with no TERCIO_URL: the envs start
// the server the package carries. The examples run in the suite too (tests/test_example.py).
// The venv is made by `npm run setup` (scripts/setup-python.sh); TERCIO_PYTHON names another interpreter.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const PY = process.env.TERCIO_PYTHON ?? `${ROOT}.venv/bin/python`
const PKG = `${ROOT}clients/python`
const MODULES = ['numpy', 'google.protobuf', 'websockets', 'gymnasium', 'pettingzoo', 'torch', 'ray', 'pytest', 'mypy', 'setuptools']

function probe(): string | null {
  if (!existsSync(PY)) return `${PY} does not exist: run \`npm run setup\` (it creates the Python venv .venv/ with clients/python installed)`
  const code = `import importlib.util, sys; m = [x for x in sys.argv[1:] if importlib.util.find_spec(x) is None]; print(' '.join(m)); sys.exit(1 if m else 0)`
  const r = spawnSync(PY, ['-c', code, ...MODULES], { encoding: 'utf8' })
  return r.status === 0 ? null : `${PY} cannot import ${r.stdout.trim() || r.stderr.trim()}: run \`npm run setup\` again`
}
const missing = probe()

function run(args: string[], cwd: string, env: Record<string, string>, timeoutMs: number): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const base = { ...process.env }
    delete base.TERCIO_URL
    const p = spawn(PY, args, { cwd, env: { ...base, PYTHONDONTWRITEBYTECODE: '1', ...env } })
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

let tmp = ''
let site = ''
let built: { code: number | null; out: string } = { code: null, out: 'not built' }
beforeAll(async () => {
  if (missing !== null) return
  tmp = mkdtempSync(join(tmpdir(), 'tercio-py-'))
  site = join(tmp, 'site')
  const pip = ['-m', 'pip', '--disable-pip-version-check', '--quiet']
  built = await run([...pip, 'wheel', '--no-deps', '--no-build-isolation', '--no-index', '-w', join(tmp, 'dist'), PKG], tmp, {}, 300_000)
  if (built.code !== 0) return
  const wheel = join(tmp, 'dist', readdirSync(join(tmp, 'dist')).find((f) => f.endsWith('.whl')) ?? '')
  built = await run([...pip, 'install', '--no-deps', '--no-index', '--target', site, wheel], tmp, {}, 120_000)
}, 420_000)
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

describe('python client', () => {
  it('has its virtual environment (npm run setup) with the dependencies', () => {
    expect(missing, missing ?? '').toBeNull()
  })

  it.runIf(missing === null)('builds a wheel that installs (not editable), leaving the source tree as it was', () => {
    expect(built.code, built.out).toBe(0)
    expect(existsSync(join(site, 'tercio_client', '_server', 'tercio-server.mjs'))).toBe(true)
    expect(existsSync(join(site, 'tercio_client', 'py.typed'))).toBe(true)
    // One version: package.json's is the wheel's (and its server's: tests/test_package.py VersionTest).
    const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string }
    expect(readdirSync(join(tmp, 'dist'))).toEqual([`tercio_client-${version}-py3-none-any.whl`])
    for (const junk of ['build', 'dist', 'tercio_client.egg-info', 'tercio_client/_server']) expect(existsSync(join(PKG, junk)), junk).toBe(false)
  })

  it.runIf(missing === null)('type-checks under mypy --strict (clients/python/pyproject.toml, [tool.mypy])', async () => {
    const r = await run(['-m', 'mypy', '--cache-dir', join(tmp, 'mypy-cache')], PKG, {}, 300_000)
    expect(r.code, r.out).toBe(0)
    expect(r.out).toMatch(/^Success: no issues found in \d+ source files/m)
  }, 310_000)

  it.runIf(missing === null)('passes its pytest suite (Gymnasium and PettingZoo checkers, Ray on two nodes, the examples) on the installed package', async () => {
    expect(built.code, built.out).toBe(0)
    const args = ['-m', 'pytest', '-p', 'no:cacheprovider', '--import-mode=importlib', '-q', '-rs', `${PKG}/tests`]
    const r = await run(args, tmp, { PYTHONPATH: site, TERCIO_EXPECT_INSTALLED: site }, 1_500_000)
    expect(r.code, r.out).toBe(0)
    const passed = /(\d+) passed/.exec(r.out)
    expect(Number(passed?.[1] ?? 0), r.out).toBeGreaterThan(60)
    expect(r.out, 'nothing skipped in the project venv').not.toMatch(/\d+ skipped/)
  }, 1_520_000)
})
