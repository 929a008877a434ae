// Incremental encoding (env/rules/obs-writer.ts) must give exactly what a full
// encode gives: every built-in scenario, thousands of random decisions, both
// points of view, jumps through resets, restores and clones, compared bit for bit.
import { describe, expect, it } from 'vitest'
import type { BaseState, Engine, ObsBuffers, Player } from '../../env/core/types.ts'
import { builtinIds } from '../../env/scenario/builtin.ts'
import { bindEngine, makeEnv } from '../../env/gym/make.ts'
import type { RetainedObsBuffers } from '../../env/rules/obs-writer.ts'
import { allocVecBuffers, rowOf } from '../../env/gym/vec.ts'
import { obsSizes } from '../../env/gym/spec.ts'
import { lcgPicker } from './helpers.ts'

function buffers(e: Engine, retained: boolean, shared = false): RetainedObsBuffers {
  const mk = (n: number) => new Float32Array(shared ? new SharedArrayBuffer(4 * n) : new ArrayBuffer(4 * n))
  return {
    planes: mk(e.obs.planes.length * e.grid.size),
    entities: mk(e.obs.maxEntities * e.obs.entityFeatures.length),
    globals: mk(e.obs.globals.length),
    retained,
  }
}

/** First differing entry, compared as bits (so -0 vs 0 and NaN payloads count), or null. */
function firstDiff(a: ObsBuffers, b: ObsBuffers): string | null {
  for (const k of ['planes', 'entities', 'globals'] as const) {
    const x = new Uint32Array(a[k].buffer, a[k].byteOffset, a[k].length)
    const y = new Uint32Array(b[k].buffer, b[k].byteOffset, b[k].length)
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return `${k}[${i}]: ${a[k][i]} vs ${b[k][i]}`
  }
  return null
}

const SCENARIOS = builtinIds()

describe('incremental encoding', () => {
  it('covers every built-in scenario', () => {
    expect(SCENARIOS).toEqual(expect.arrayContaining(['piwam-training', 'coutras-1587', 'ivry-1590', 'marignan-1515-first-day', 'marignan-1515-two-days']))
  })

  for (const id of SCENARIOS) {
    it(`${id}: retained buffers match a full encode over random play, resets, restores and clones`, () => {
      const b = bindEngine(undefined, id)
      if (!b.ok) throw new Error(b.error.message)
      const e = b.value as Engine<BaseState>
      const inc = buffers(e, true)
      const incShared = buffers(e, true, true)
      const full = buffers(e, false)
      const mask = new Uint8Array(e.layout.size)
      const pick = lcgPicker(id.length)
      const snapshots: string[] = []
      let s = e.init(1)
      let games = 0
      let compared = 0
      const check = (st: BaseState, p: Player, where: string): void => {
        e.encode(st, p, inc)
        e.encode(st, p, incShared)
        full.planes.fill(NaN)
        full.entities.fill(NaN)
        full.globals.fill(NaN)
        e.encode(st, p, full)
        const d = firstDiff(inc, full) ?? firstDiff(incShared, full)
        if (d) expect.fail(`${where}, player ${p}: ${d}`)
        compared++
      }
      for (let t = 0; t < 2500; t++) {
        if (e.decision(s) === null) {
          games++
          s = e.init(1 + games)
        }
        // The acting side's view after every decision, the other side's now and then.
        const p = (e.decision(s)?.player ?? 0) as Player
        check(s, p, `decision ${t}`)
        if (t % 7 === 0) check(s, (1 - p) as Player, `decision ${t}, other side`)
        if (t % 97 === 0) snapshots.push(JSON.stringify(s))
        if (t % 211 === 100) {
          // jump back to an earlier position (restore) and forward again (clone of the live one)
          const back = e.restore(JSON.parse(snapshots[(t >> 3) % snapshots.length] as string))
          if (!back.ok) throw new Error(back.error.message)
          check(back.value, 0, `restore at ${t}`)
          check(e.clone(s), 1, `clone at ${t}`)
        }
        if (t % 503 === 250) check(e.init(1000 + t), p, `fresh game at ${t}`)
        e.legal(s, mask)
        const bad = e.apply(s, pick(mask))
        if (bad) throw new Error(`${bad.code}: ${bad.message}`)
      }
      expect(compared).toBeGreaterThan(2500)
    })
  }

  it('a full encode is what a caller without retained buffers gets, even over stale contents', () => {
    const env = makeEnv({ scenario: 'piwam-training' })
    const e = env.engine
    env.reset({ seed: 3 })
    const buf = buffers(e, false)
    e.encode(env.state as BaseState, 0, buf)
    const ref = buffers(e, false)
    e.encode(env.state as BaseState, 0, ref)
    buf.planes.fill(7) // not retained: nothing of this may survive
    e.encode(env.state as BaseState, 0, buf)
    expect(firstDiff(buf, ref)).toBeNull()
  })

  it('the comparison catches a retained buffer that someone else wrote (so the tests above can fail)', () => {
    const env = makeEnv({ scenario: 'piwam-training' })
    const e = env.engine
    env.reset({ seed: 4 })
    const s = env.state as BaseState
    const inc = buffers(e, true)
    const full = buffers(e, false)
    e.encode(s, 0, inc)
    // a cell of a unit plane that the next encode has no reason to touch
    const own = e.obs.planes.indexOf('own:G')
    inc.planes[own * e.grid.size] = 0.5
    e.encode(s, 0, inc)
    e.encode(s, 0, full)
    expect(firstDiff(inc, full)).toMatch(/^planes\[/)
  })

  it('TercioEnv and VecEnv rows (shared memory included) match a full encode of the env state', () => {
    for (const id of ['piwam-training', 'marignan-1515-first-day']) {
      const probe = makeEnv({ scenario: id })
      const sizes = obsSizes(probe.spec)
      const batch = allocVecBuffers(sizes, 2, true)
      const env = makeEnv({ scenario: id, buffers: rowOf(batch.obs, sizes, 1) })
      const e = env.engine
      const full = buffers(e, false)
      const pick = lcgPicker(9)
      env.reset({ seed: 5 })
      for (let t = 0; t < 1500; t++) {
        const r = env.step(pick(env.obs.mask))
        if (r.terminated || r.truncated) env.reset()
        const p = (env.lastInfo.player ?? 0) as Player
        e.encode(env.state as BaseState, p, full)
        const d = firstDiff({ planes: env.obs.planes.subarray(0, full.planes.length), entities: env.obs.entities, globals: env.obs.globals.subarray(0, full.globals.length) }, full)
        if (d) expect.fail(`${id} step ${t}: ${d}`)
      }
    }
  })
})
