import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { describeTf, initTf, tf } from '../../agents/tf/backend.ts'

/** Runs a snippet in a fresh Node process (initTf is once per process) and returns stderr/stdout. */
function fresh(code: string, env: Record<string, string> = {}): { out: string; err: string; status: number | null } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    cwd: process.cwd(),
  })
  return { out: r.stdout, err: r.stderr, status: r.status }
}

describe('initTf', () => {
  it('auto: tfjs-node when it loads, else wasm with the training kernels; the same answer every call', async () => {
    const a = await initTf({ quiet: true })
    const b = await initTf({ quiet: true })
    expect(b).toBe(a)
    expect(tf.getBackend()).toBe(a.backend)
    if (a.backend === 'wasm') {
      // tfjs-node cannot install without internet (PLATFORM.md): the note says why it was skipped.
      expect(a.notes.join(' ')).toMatch(/tfjs-node: (not installed|failed)/)
      expect(a.kernels).toEqual(['Conv2DBackpropFilter', 'Conv2DBackpropInput', 'BatchMatMul', 'Identity', 'GatherV2'])
      expect(describeTf(a)).toMatch(/^wasm \((simd|no simd), \d+ threads?\)$/)
    } else {
      expect(a.backend).toBe('tensorflow')
    }
  })

  it('prints one backend line on stderr, and the cpu fallback shows no tfjs banner', () => {
    const code = `import { initTf, tf } from './agents/tf/backend.ts'
      const i = await initTf(); await initTf(); tf.tensor([1, 2]).add(1).dataSync(); console.log(JSON.stringify(i))`
    const cpu = fresh(code, { TERCIO_TF_BACKEND: 'cpu' })
    expect(cpu.status).toBe(0)
    expect(JSON.parse(cpu.out.trim().split('\n').pop() as string).backend).toBe('cpu')
    expect(cpu.err.match(/tf backend:/g)).toHaveLength(1)
    expect(cpu.err).toContain('tf backend: cpu')
    expect(cpu.err).not.toMatch(/Hi there|speed things up/)
    const bad = fresh(code, { TERCIO_TF_BACKEND: 'gpu' })
    expect(bad.status).not.toBe(0)
    expect(bad.err).toMatch(/TERCIO_TF_BACKEND must be one of auto, node, wasm, cpu, got "gpu"/)
  })
})
