import { describe, expect, it } from 'vitest'
import { interfaceHashWithout, migrateAddedKinds } from '../../agents/policy/migrate.ts'
import type { CheckpointData } from '../../agents/policy/checkpoint-format.ts'
import { makeEnv } from '../../env/gym/make.ts'

// A checkpoint "trained before" two of mttsog's decision kinds existed: its globals kernel has
// one row per old global, row r filled with r + 1 so every row is recognisable.
const spec = makeEnv({ scenario: 'mttsog-training' }).spec
const added = [spec.decisionKinds[1]!, spec.decisionKinds[spec.decisionKinds.length - 1]!]
const oldNames = spec.globals.names.filter((n) => !added.some((k) => n === `kind:${k}`))
const H = 3
const oldCheckpoint = (interfaceHash: string): CheckpointData => ({
  spec: { hash: 'old', interfaceHash },
  net: { hidden: H },
  weights: [
    { name: 'conv0/w', shape: [2], data: new Float32Array([7, 8]) },
    { name: 'glob/w', shape: [oldNames.length, H], data: Float32Array.from({ length: oldNames.length * H }, (_, i) => Math.floor(i / H) + 1) },
  ],
  optimizer: [{ name: 'adam/m', shape: [1], data: new Float32Array([1]) }],
  config: null,
  metrics: null,
})

describe('migrateAddedKinds', () => {
  it('keeps every old global row under its name, gives the added kinds zero rows, leaves the rest alone', () => {
    const r = migrateAddedKinds(oldCheckpoint(interfaceHashWithout(spec, added)), spec, added)
    if (!r.ok) throw new Error(r.error.message)
    const m = r.value
    expect(m.spec).toEqual({ hash: spec.hash, interfaceHash: spec.interfaceHash })
    expect(m.optimizer).toBeNull()
    expect(m.weights[0]).toEqual({ name: 'conv0/w', shape: [2], data: new Float32Array([7, 8]) })
    const g = m.weights[1]!
    expect(g.shape).toEqual([spec.globals.names.length, H])
    spec.globals.names.forEach((n, i) => {
      const row = Array.from(g.data.subarray(i * H, (i + 1) * H))
      const was = oldNames.indexOf(n)
      expect(row, n).toEqual(was < 0 ? [0, 0, 0] : [was + 1, was + 1, was + 1])
    })
    expect(spec.globals.names.filter((_, i) => g.data[i * H] === 0).sort()).toEqual(added.map((k) => `kind:${k}`).sort())
  })

  it('refuses a checkpoint whose interface differs by more than the named kinds', () => {
    const r = migrateAddedKinds(oldCheckpoint(interfaceHashWithout(spec, added.slice(0, 1))), spec, added)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error).toMatchObject({ code: 'CHECKPOINT_SPEC_MISMATCH', message: expect.stringContaining('more than these kinds changed') })
  })

  it('refuses kinds the env does not have, naming them', () => {
    const r = migrateAddedKinds(oldCheckpoint(interfaceHashWithout(spec, added)), spec, ['no-such-kind'])
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toContain('no-such-kind')
  })
})
