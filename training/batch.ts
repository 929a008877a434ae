// Row-wise observation batches for the network (the layout of agents/policy/spec.ts ObsBatch).
import type { ObsBatch, PolicyShape } from '../agents/policy/spec.ts'

/** `prior`: also a row of prior actions (−1) for residual networks (NetConfig.prior). */
export const allocBatch = (s: PolicyShape, rows: number, prior = false): ObsBatch => ({
  planes: new Float32Array(rows * s.planeSize),
  entities: new Float32Array(rows * s.entitySize),
  globals: new Float32Array(rows * s.globals),
  mask: new Uint8Array(rows * s.actions),
  ...(prior ? { prior: new Int32Array(rows).fill(-1) } : {}),
})

/** Copies one env observation into row `i` (not the prior: the caller's PriorHints fill it). */
export function copyObsRow(dst: ObsBatch, i: number, o: ObsBatch, s: PolicyShape): void {
  dst.planes.set(o.planes, i * s.planeSize)
  dst.entities.set(o.entities, i * s.entitySize)
  dst.globals.set(o.globals, i * s.globals)
  dst.mask.set(o.mask, i * s.actions)
}
