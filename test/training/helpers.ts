// Tiny hand-made specs and random observations for the training tests.
import type { ObsBatch, PolicySpec } from '../../agents/policy/spec.ts'
import { mulberry32 } from '../../agents/policy/sample.ts'

/** 3 planes on a 4×5 board, 6 entity rows of 4 features (5 are UNIT actions), 5 globals;
 *  actions: 3 choices, 2 wings, 5 units, 20 hexes = 30. */
export const TINY_SPEC: PolicySpec = {
  planes: { shape: [3, 4, 5] },
  entities: { shape: [6, 4] },
  globals: { shape: [5] },
  actions: {
    size: 30,
    segments: [
      { name: 'choice', offset: 0, size: 3 },
      { name: 'wing', offset: 3, size: 2 },
      { name: 'unit', offset: 5, size: 5 },
      { name: 'hex', offset: 10, size: 20 },
    ],
  },
  hash: 'tiny-spec-hash',
  interfaceHash: 'tiny-interface-hash',
}

export const TINY_NET = { convChannels: 8, convLayers: 2, entityHidden: 8, globalHidden: 8, hidden: 16 }

/** n random observations; each mask has between 1 and `maxLegal` legal ids. */
export function randomBatch(spec: PolicySpec, n: number, seed: number, maxLegal = 6): ObsBatch {
  const rng = mulberry32(seed)
  const [c, r, w] = spec.planes.shape
  const [m, f] = spec.entities.shape
  const g = spec.globals.shape[0]
  const N = spec.actions.size
  const fill = (len: number): Float32Array => Float32Array.from({ length: len }, () => rng() * 2 - 1)
  const masks = new Uint8Array(n * N)
  for (let b = 0; b < n; b++) {
    const k = 1 + Math.floor(rng() * maxLegal)
    for (let j = 0; j < k; j++) masks[b * N + Math.floor(rng() * N)] = 1
  }
  return { planes: fill(n * c * r * w), entities: fill(n * m * f), globals: fill(n * g), mask: masks }
}
