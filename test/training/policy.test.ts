import { beforeAll, describe, expect, it } from 'vitest'
import { initTf, tf } from '../../agents/tf/backend.ts'
import { makeActOut, PolicyNet } from '../../agents/policy/net.ts'
import { makeSampleOut, mulberry32, sampleMasked } from '../../agents/policy/sample.ts'
import { policyShape } from '../../agents/policy/spec.ts'
import { policyTerms } from '../../training/ppo/loss.ts'
import { randomBatch, TINY_NET, TINY_SPEC } from './helpers.ts'

beforeAll(async () => {
  await initTf({ quiet: true })
})

describe('masked sampling', () => {
  it('never returns a masked id, over many rows with wild logits', () => {
    const N = 40
    const rows = 500
    const rng = mulberry32(1)
    const logits = new Float32Array(rows * N)
    const masks = new Uint8Array(rows * N)
    const wild = [Infinity, -Infinity, NaN, 1e30, -1e30, 80, -80]
    for (let b = 0; b < rows; b++) {
      const k = 1 + (b % 5) // includes single-legal rows
      for (let j = 0; j < k; j++) masks[b * N + Math.floor(rng() * N)] = 1
      for (let i = 0; i < N; i++) {
        // Masked ids often get the largest logits: they must still never be chosen.
        // Every 7th row has wild legal logits too (a diverged network).
        logits[b * N + i] = masks[b * N + i] && b % 7 !== 0 ? rng() * 4 - 2 : (wild[(b + i) % wild.length] as number)
      }
    }
    const out = makeSampleOut(rows)
    let bad = 0
    let badNumbers = 0
    for (let rep = 0; rep < 40; rep++) {
      sampleMasked(logits, masks, rows, N, rng, rep % 2 === 1, out)
      for (let b = 0; b < rows; b++) {
        if (masks[b * N + (out.actions[b] as number)] !== 1) bad++
        const lp = out.logp[b] as number
        if (!Number.isFinite(lp) || lp > 1e-6 || !Number.isFinite(out.entropy[b])) badNumbers++
      }
    }
    expect(bad).toBe(0)
    expect(badNumbers).toBe(0)
  })

  it('a single legal action is always chosen, with log-prob 0 and entropy 0', () => {
    const N = 25
    const masks = new Uint8Array(N)
    masks[17] = 1
    const logits = Float32Array.from({ length: N }, (_, i) => (i === 17 ? -50 : 50))
    const out = makeSampleOut(1)
    const rng = mulberry32(9)
    for (let i = 0; i < 2000; i++) {
      sampleMasked(logits, masks, 1, N, rng, false, out)
      expect(out.actions[0]).toBe(17)
    }
    expect(out.logp[0]).toBeCloseTo(0, 6)
    expect(out.entropy[0]).toBeCloseTo(0, 6)
  })

  it('frequencies follow softmax over the legal ids; greedy takes the best legal id', () => {
    const N = 6
    const logits = Float32Array.from([3, 0, Math.log(2), 9, 0, Math.log(3)])
    const masks = Uint8Array.from([0, 1, 1, 0, 1, 1]) // legal weights 1, 2, 1, 3 → /7
    const out = makeSampleOut(1)
    const rng = mulberry32(3)
    const counts = new Array<number>(N).fill(0)
    const n = 70000
    for (let i = 0; i < n; i++) {
      sampleMasked(logits, masks, 1, N, rng, false, out)
      counts[out.actions[0] as number] = (counts[out.actions[0] as number] as number) + 1
    }
    const expected = [0, 1 / 7, 2 / 7, 0, 1 / 7, 3 / 7]
    for (let i = 0; i < N; i++) expect(Math.abs((counts[i] as number) / n - (expected[i] as number))).toBeLessThan(0.01)
    sampleMasked(logits, masks, 1, N, rng, true, out)
    expect(out.actions[0]).toBe(5)
    expect(out.logp[0]).toBeCloseTo(Math.log(3 / 7), 5)
    const h = -[1, 2, 1, 3].reduce((a, w) => a + (w / 7) * Math.log(w / 7), 0)
    expect(out.entropy[0]).toBeCloseTo(h, 5)
  })

  it('an empty mask is a programmer error', () => {
    expect(() => sampleMasked(new Float32Array(3), new Uint8Array(3), 1, 3, mulberry32(0), false, makeSampleOut(1))).toThrow(/row 0 has no legal action/)
  })
})

describe('policy network', () => {
  it('rejects specs whose layout it cannot use, saying why', () => {
    const bad = { ...TINY_SPEC, actions: { ...TINY_SPEC.actions, segments: TINY_SPEC.actions.segments.map((s) => (s.name === 'hex' ? { ...s, size: 19 } : s)) } }
    expect(policyShape(bad)).toMatch(/cover 29 ids but actions.size is 30/)
    expect(() => new PolicyNet(bad, TINY_NET)).toThrow(RangeError)
  })

  it('gives one logit per action id and one value per row; the same seed gives the same net', () => {
    const a = new PolicyNet(TINY_SPEC, TINY_NET, 5)
    const b = new PolicyNet(TINY_SPEC, TINY_NET, 5)
    const batch = randomBatch(TINY_SPEC, 7, 2)
    const [la, va, lb] = tf.tidy(() => {
      const oa = a.forward(a.inputs(batch, 7))
      const ob = b.forward(b.inputs(batch, 7))
      return [oa.logits, oa.value, ob.logits]
    })
    expect(la.shape).toEqual([7, 30])
    expect(va.shape).toEqual([7])
    expect(Array.from(la.dataSync())).toEqual(Array.from(lb.dataSync()))
    tf.dispose([la, va, lb])
    a.dispose()
    b.dispose()
  })

  it('act picks legal actions, and its log-probs/entropies match the tf masked distribution', () => {
    const net = new PolicyNet(TINY_SPEC, TINY_NET, 1)
    const n = 64
    const batch = randomBatch(TINY_SPEC, n, 4)
    const out = makeActOut(n)
    net.act(batch, n, mulberry32(2), false, out)
    const N = TINY_SPEC.actions.size
    for (let b = 0; b < n; b++) expect(batch.mask[b * N + (out.actions[b] as number)]).toBe(1)
    const [lp, ent] = tf.tidy(() => {
      const o = net.forward(net.inputs(batch, n))
      const t = policyTerms(o.logits, net.maskTensor(batch.mask, n), tf.tensor1d(out.actions, 'int32'))
      return [t.logp, t.entropy]
    })
    const lpd = lp.dataSync()
    const entd = ent.dataSync()
    const vals = new Float32Array(n)
    net.values(batch, n, vals)
    expect(Array.from(vals)).toEqual(Array.from(out.values))
    for (let b = 0; b < n; b++) {
      expect(lpd[b]).toBeCloseTo(out.logp[b] as number, 4)
      expect(entd[b]).toBeCloseTo(out.entropy[b] as number, 4)
    }
    tf.dispose([lp, ent])
    net.dispose()
  })

  it('weights round-trip through getWeights/setWeights and bad ones are refused by name', () => {
    const a = new PolicyNet(TINY_SPEC, TINY_NET, 1)
    const b = new PolicyNet(TINY_SPEC, TINY_NET, 2)
    const ws = a.getWeights()
    expect(b.setWeights(ws)).toBeNull()
    const batch = randomBatch(TINY_SPEC, 3, 5)
    const oa = makeActOut(3)
    const ob = makeActOut(3)
    a.act(batch, 3, mulberry32(1), true, oa)
    b.act(batch, 3, mulberry32(1), true, ob)
    expect(Array.from(ob.values)).toEqual(Array.from(oa.values))
    expect(b.setWeights(ws.filter((w) => w.name !== 'value/b'))).toBe('weight value/b is missing')
    expect(b.setWeights(ws.map((w) => (w.name === 'hexOut/w' ? { ...w, shape: [1, 8] } : w)))).toMatch(/hexOut\/w has shape \[1,8\]/)
    a.dispose()
    b.dispose()
  })

  it('reads the right rows of a larger batch (typed-array views with offsets)', () => {
    const net = new PolicyNet(TINY_SPEC, TINY_NET, 1)
    const big = randomBatch(TINY_SPEC, 10, 12)
    const s = net.shape
    const copyRows = (a: Float32Array, per: number, from: number, n: number): Float32Array => a.slice(from * per, (from + n) * per)
    const part = { planes: copyRows(big.planes, s.planeSize, 4, 3), entities: copyRows(big.entities, s.entitySize, 4, 3), globals: copyRows(big.globals, s.globals, 4, 3) }
    const [a, b, c] = tf.tidy(() => [net.forward(net.inputs(big, 3, 4)).value, net.forward(net.inputs(part, 3)).value, net.forward(net.inputs(big, 3)).value])
    expect(Array.from(a.dataSync())).toEqual(Array.from(b.dataSync()))
    const head = new Float32Array(3)
    net.values({ planes: big.planes.slice(0, 3 * s.planeSize), entities: big.entities.slice(0, 3 * s.entitySize), globals: big.globals.slice(0, 3 * s.globals) }, 3, head)
    expect(Array.from(c.dataSync())).toEqual(Array.from(head))
    tf.dispose([a, b, c])
    net.dispose()
  })

  it('keeps tf.memory flat over many act calls', () => {
    const net = new PolicyNet(TINY_SPEC, TINY_NET, 1)
    const batch = randomBatch(TINY_SPEC, 16, 6)
    const out = makeActOut(16)
    const rng = mulberry32(1)
    net.act(batch, 16, rng, false, out)
    const before = tf.memory().numTensors
    for (let i = 0; i < 200; i++) net.act(batch, 16, rng, i % 2 === 0, out)
    expect(tf.memory().numTensors).toBe(before)
    net.dispose()
  })
})
