// Runs training/distill/test_migrate_onnx.py under pytest in the project's venv (`npm run setup`;
// TERCIO_PYTHON names another interpreter): migrate_onnx.py remaps a toy ONNX policy's inputs and logits
// by name, once and a second time on an already migrated model. An interpreter without onnx,
// onnxruntime or pytest fails the test with the reason (`npm run setup` installs them).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const PY = process.env.TERCIO_PYTHON ?? `${ROOT}.venv/bin/python`
const MODULES = ['numpy', 'onnx', 'onnxruntime', 'pytest']

function probe(): string | null {
  if (!existsSync(PY)) return `${PY} does not exist: run \`npm run setup\``
  const code = `import importlib.util, sys; m = [x for x in sys.argv[1:] if importlib.util.find_spec(x) is None]; print(' '.join(m)); sys.exit(1 if m else 0)`
  const r = spawnSync(PY, ['-c', code, ...MODULES], { encoding: 'utf8' })
  return r.status === 0 ? null : `${PY} cannot import ${r.stdout.trim() || r.stderr.trim()}`
}
const missing = probe()

describe('migrate_onnx.py (ONNX policies across added decision kinds)', () => {
  it('passes its pytest cases, a model migrated twice among them', () => {
    expect(missing, `${missing}`).toBeNull()
    const r = spawnSync(PY, ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', 'test_migrate_onnx.py'], { cwd: `${ROOT}training/distill`, encoding: 'utf8', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } })
    const out = `${r.stdout}${r.stderr}`
    expect(r.status, out).toBe(0)
    expect(out).toMatch(/2 passed/)
  }, 120_000)
})
