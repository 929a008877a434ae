// The hand-written Batch encoder decodes exactly like protobufjs' own encoding.
import { describe, expect, it } from 'vitest'
import { encodeBatchEnvelope, type BatchFields } from '../../bridge/wire.ts'
import { pb } from './client.ts'

function rnd(seed: number) {
  let s = seed >>> 0 || 1
  return (n: number) => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) >>> 8) % n
}

const bytes = (r: (n: number) => number, len: number) => Uint8Array.from({ length: len }, () => r(256))

describe('encodeBatchEnvelope', () => {
  it('round-trips random batches through the protobufjs decoder, field for field', () => {
    const keys = ['planes', 'entities', 'globals', 'masks', 'rewards', 'terminated', 'truncated', 'player', 'actor', 'legalCount', 'decisionKind', 'decisions',
      'finalPlanes', 'finalEntities', 'finalGlobals', 'finalMasks', 'episodeReturn', 'episodeDecisions', 'winner', 'skipped', 'planesIndex', 'planesValue', 'delta', 'finalDelta'] as const
    for (let t = 0; t < 100; t++) {
      const r = rnd(t + 1)
      const b: BatchFields = { envSet: r(3) === 0 ? 0 : r(1 << 20), count: r(300) }
      for (const k of keys) if (r(4) > 0) b[k] = bytes(r, r(3) === 0 ? 0 : r(t % 25 === 0 ? 20_000 : 300))
      if (r(2)) b.deltaReset = r(2) === 1
      if (r(2)) b.finalEnvs = Array.from({ length: r(20) }, () => r(3) === 0 ? r(1 << 30) : r(200))
      if (r(3) === 0) b.events = Array.from({ length: 1 + r(3) }, () => ({ env: r(64), text: Array.from({ length: r(4) }, (_, i) => `event ${i} é ✓ ${r(1000)}`) }))
      const id = r(4) === 0 ? 0 : r(2) ? r(100) : 0xfffffff0
      const mine = pb.Envelope.decode(encodeBatchEnvelope(id, b))
      const ref = pb.Envelope.decode(pb.Envelope.encode({ id, batch: b }).finish())
      expect(mine.kind).toBe('batch')
      expect(pb.Envelope.toObject(mine, { bytes: String, defaults: true })).toEqual(pb.Envelope.toObject(ref, { bytes: String, defaults: true }))
    }
  })
})
