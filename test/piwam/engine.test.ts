import { describe, expect, it } from 'vitest'
import { actionText, parseAction } from '../../env/core/actions.ts'
import { piwam } from '../../env/rules/piwam/index.ts'
import { KINDS } from '../../env/rules/piwam/state.ts'
import type { PiwamEvent, PiwamState } from '../../env/rules/piwam/index.ts'
import { bindScenario, builtin, lcg, pick, playGame } from './play.ts'
import { mini, u } from './mini.ts'

const legalTexts = (e: ReturnType<typeof builtin>, s: PiwamState): string[] => {
  const mask = new Uint8Array(e.layout.size)
  e.legal(s, mask)
  const out: string[] = []
  for (let i = 0; i < mask.length; i++) if (mask[i]) out.push(actionText(e.layout, i))
  return out.sort()
}
const act = (e: ReturnType<typeof builtin>, s: PiwamState, text: string, ev?: PiwamEvent[]) => {
  const a = parseAction(e.layout, e.grid, text)
  if (!a.ok) throw new Error(a.error.message)
  const r = e.apply(s, a.value, ev)
  if (r) throw new Error(r.message)
}

describe('piwam bind', () => {
  it('binds the built-in scenarios', () => {
    for (const id of ['piwam-training', 'coutras-1587', 'ivry-1590']) expect(() => builtin(id)).not.toThrow()
  })
  it('rejects bad vocabulary naming the field and hex', () => {
    const bad = (edit: Parameters<typeof mini>[1]) => {
      const r = piwam.bind(mini([u('B-A', 0, 'A', '0406', 'NE'), u('R-A', 1, 'A', '0403', 'SW')], edit))
      expect(r.ok).toBe(false)
      return r.ok ? '' : r.error.message
    }
    expect(bad((s) => ((s.units[0] as { type: string }).type = 'Z'))).toMatch(/units\[0\]\.type.*B-A.*"Z"/)
    expect(bad((s) => ((s.units[0] as { facing: string }).facing = 'N'))).toMatch(/units\[0\]\.facing.*0406/)
    expect(bad((s) => ((s.units[0] as { status?: string }).status = 'routed'))).toMatch(/status.*routed/)
    expect(bad((s) => (s.map.legend['.'] = 'lava'))).toMatch(/hex 0101 .*lava/)
    expect(bad((s) => ((s.wings[0] as { order?: string }).order = 'hold'))).toMatch(/wings\[0\]\.order/)
    expect(bad((s) => ((s.leaders[0] as { rating: number }).rating = 2))).toMatch(/leaders\[0\]\.rating/)
    expect(bad((s) => (s.victory = { breakFraction: 1.5 }))).toMatch(/breakFraction/)
    expect(bad((s) => (s.tables = { fire: { toHit: { A: 'six' } } }))).toMatch(/tables\.fire\.toHit\.A/)
    expect(bad((s) => (s.tables = { closeCombat: { results: ['X9'] } }))).toMatch(/results\[0\]/)
    expect(bad((s) => (s.tables = { nope: {} }))).toMatch(/tables\.nope/)
  })
  it('accepts a valid table override and uses it', () => {
    const e = bindScenario(mini([u('B-A', 0, 'A', '0406', 'NE'), u('R-A', 1, 'A', '0403', 'SW')], (s) => (s.tables = { fire: { toHit: { A: 3 } } })))
    expect(e.ctx.tables.fire.toHit.A).toBe(3)
    expect(e.ctx.tables.fire.toHit.T).toBe(6)
  })
})

describe('piwam play', () => {
  for (const id of ['piwam-training', 'coutras-1587', 'ivry-1590']) {
    it(`random and aggressive games end, invariants hold, masks are never empty (${id})`, () => {
      const e = builtin(id)
      const mask = new Uint8Array(e.layout.size)
      for (let g = 0; g < 6; g++) {
        const s = playGame(e, g, g % 2 === 0, (st) => {
          const v = e.invariants(st)
          if (v.length) throw new Error(v.join('; '))
          if (e.outcome(st) === null) expect(e.legal(st, mask)).toBeGreaterThan(0)
        })
        expect(e.outcome(s)).not.toBeNull()
        expect(e.decision(s)).toBeNull()
        expect(e.legal(s, mask)).toBe(0)
      }
    })
  }
  it('aggressive play reaches every kind of event', () => {
    const e = builtin('piwam-training')
    const stats = { decisions: 0, events: new Map<string, number>() }
    for (let g = 0; g < 20; g++) playGame(e, g, true, undefined, stats)
    for (const t of ['moved', 'faced', 'fired', 'morale-check', 'combat', 'retreated', 'advanced', 'eliminated', 'rally', 'rout', 'preempt-attempt', 'order-change', 'continuation-attempt', 'intercept-attempt', 'withdrew', 'leader-lost', 'leader-replaced']) {
      expect(stats.events.get(t) ?? 0, t).toBeGreaterThan(0)
    }
  })
  it('same seed and actions give the same hash; clone and JSON restore round-trip; masked-out actions are refused unchanged', () => {
    const e = builtin('piwam-training')
    const s = e.init(42)
    const mask = new Uint8Array(e.layout.size)
    const rnd = lcg(5)
    const actions: number[] = []
    for (let i = 0; i < 600 && e.outcome(s) === null; i++) {
      e.legal(s, mask)
      // a masked-out action is refused and leaves the state as it was
      const off = mask.indexOf(0)
      if (off >= 0) {
        const h = e.hash(s)
        const r = e.apply(s, off)
        expect(r?.code).toBe('ACTION_ILLEGAL')
        expect(r?.message).toContain(actionText(e.layout, off))
        expect(e.hash(s)).toBe(h)
      }
      e.legal(s, mask)
      const a = pick(e, s, mask, rnd, true)
      actions.push(a)
      const c = e.clone(s)
      const j = e.restore(JSON.parse(JSON.stringify(s)))
      expect(j.ok).toBe(true)
      if (j.ok) expect(e.hash(j.value)).toBe(e.hash(s))
      expect(e.apply(s, a)).toBeNull()
      expect(e.apply(c, a)).toBeNull()
      expect(e.hash(c)).toBe(e.hash(s))
    }
    const t = e.init(42)
    for (const a of actions) expect(e.apply(t, a)).toBeNull()
    expect(e.hash(t)).toBe(e.hash(s))
    expect(e.hash(s)).toMatch(/^[0-9a-f]{8}$/)
  })
  it('restore rejects malformed states', () => {
    const e = builtin('piwam-training')
    const s = e.init(1)
    expect(e.restore(null).ok).toBe(false)
    const bad = JSON.parse(JSON.stringify(s))
    bad.uHex = [1, 2]
    const r = e.restore(bad)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/uHex/)
  })
  it('encode fills every buffer entry without throwing, from both sides', () => {
    const e = builtin('piwam-training')
    const s = playGame(e, 3, true)
    const size = e.grid.size
    const out = {
      planes: new Float32Array(e.obs.planes.length * size).fill(NaN),
      entities: new Float32Array(e.obs.maxEntities * e.obs.entityFeatures.length).fill(NaN),
      globals: new Float32Array(e.obs.globals.length).fill(NaN),
    }
    const s0 = e.init(1)
    for (const st of [s0, s]) {
      for (const p of [0, 1] as const) {
        e.encode(st, p, out)
        for (const b of [out.planes, out.entities, out.globals]) expect(b.every((v) => Number.isFinite(v))).toBe(true)
      }
    }
    e.encode(s0, 0, out)
    const own = e.obs.planes.indexOf('own:S')
    const en = e.obs.planes.indexOf('enemy:S')
    const ownCount = out.planes.slice(own * size, (own + 1) * size).reduce((a, b) => a + b, 0)
    e.encode(s0, 1, out)
    expect(out.planes.slice(en * size, (en + 1) * size).reduce((a, b) => a + b, 0)).toBe(ownCount)
  })
  it('view, ascii and describe render', () => {
    const e = builtin('piwam-training')
    const s = e.init(1)
    const v = e.view(s)
    expect(v.units.length).toBe(e.scenario.units.length)
    expect(v.decision?.kind).toBe('activate-wing')
    expect(e.ascii(s)).toContain('turn 1')
    const ev: PiwamEvent[] = []
    playGame(e, 2, true, (_s, _a, x) => ev.push(...x))
    for (const x of ev) expect(e.describe(x).length).toBeGreaterThan(3)
  })
})

describe('piwam perft (exact legal-action counts)', () => {
  // Blue pikes S at 0406 facing NE; Red arquebusiers at 0403 facing SW; Blue has the better leader -> initiative.
  const sc = () => mini([u('B-S', 0, 'S', '0406', 'NE'), u('B-G', 0, 'G', '0606', 'NE'), u('R-A', 1, 'A', '0403', 'SW'), u('R-C', 1, 'C', '0603', 'SW')])
  it('counts at the start of an activation', () => {
    const e = bindScenario(sc())
    const s = e.init(1)
    expect(e.decision(s)).toEqual({ player: 0, kind: 'activate-wing' })
    expect(legalTexts(e, s)).toEqual(['wing:B1'])
    act(e, s, 'wing:B1')
    expect(e.decision(s)?.kind).toBe('preempt')
    expect(legalTexts(e, s)).toEqual(['choice:pass', 'wing:R1'])
    act(e, s, 'choice:pass')
    expect(legalTexts(e, s)).toEqual(['choice:charge', 'choice:pass', 'choice:rally'])
    act(e, s, 'choice:pass')
    // units S and G; the wing commander at 0407 may move to a hex of his wing; the army commander too
    expect(legalTexts(e, s)).toEqual(['choice:end', 'unit:B-G', 'unit:B-S', 'unit:BA', 'unit:BW1'])
    act(e, s, 'unit:B-S')
    // S at 0406 facing NE: front hexes 0405 (N) and 0506 (NE, odd-q column); March forbids ending adjacent to the enemy:
    // 0405 and 0506 are 2 from the enemy -> both legal; turns cost 2 (of 4), countermarch 4
    expect(legalTexts(e, s)).toEqual(['choice:about', 'choice:end', 'choice:left', 'choice:right', 'hex:0405', 'hex:0506'])
    act(e, s, 'hex:0405')
    expect(e.decision(s)?.kind).toBe('reaction')
  })
})

describe('piwam fixture start block', () => {
  const sc = () => mini([u('B-S', 0, 'S', '0406', 'NE'), u('B-ART', 0, 'ART', '0506', 'NE'), u('R-A', 1, 'A', '0403', 'SW')])
  it('sets turn, markers, orders, fired artillery and activation', () => {
    const e = bindScenario(sc())
    const s = e.init(1)
    expect(e.setup?.(s, { turn: 2, orders: { R1: 'charge' }, firedArtillery: ['B-ART'], activate: 'R1' })).toBeNull()
    const v = e.view(s)
    expect(v.turn).toBe(2)
    expect(v.wings.find((w) => w.id === 'R1')).toMatchObject({ order: 'charge', markers: ['active'] })
    expect(v.units.find((x) => x.id === 'B-ART')?.fired).toBe(true)
    expect(e.decision(s)).toEqual({ player: 0, kind: 'preempt', subject: 'R1' })
  })
  it('finishing every wing runs the end of the turn', () => {
    const e = bindScenario(sc())
    const s = e.init(1)
    expect(e.setup?.(s, { finished: ['B1', 'R1'] })).toBeNull()
    expect(s.turn).toBe(2)
    expect(e.decision(s)?.kind).toBe('activate-wing')
  })
  it('rejects bad start blocks naming the field', () => {
    const e = bindScenario(sc())
    const bad = (start: unknown) => e.setup?.(e.init(1), start)?.message ?? ''
    expect(bad({ finished: ['XX'] })).toMatch(/start\.finished: unknown wing "XX"/)
    expect(bad({ turn: 9 })).toMatch(/start\.turn/)
    expect(bad({ firedArtillery: ['B-S'] })).toMatch(/not an artillery unit/)
    expect(bad({ bogus: 1 })).toMatch(/start\.bogus: unknown field/)
    expect(bad([])).toMatch(/must be an object/)
  })
  it('apply after the game is over is GAME_OVER; out-of-range ids are refused', () => {
    const e = bindScenario(sc())
    const s = e.init(1)
    expect(e.apply(s, -1)?.code).toBe('ACTION_OUT_OF_RANGE')
    expect(e.apply(s, e.layout.size)?.code).toBe('ACTION_OUT_OF_RANGE')
    const t = playGame(e, 4, true)
    expect(e.apply(t, 0)?.code).toBe('GAME_OVER')
  })
})

describe('piwam player decisions: retreat-hex, rout-hex, intercept-hex', () => {
  const STEP_KINDS = ['retreat-hex', 'rout-hex', 'intercept-hex']
  it('random play meets each one as a real choice of its owner, with the pending register set; mid-decision clone, JSON restore and replay agree', () => {
    const e = builtin('piwam-training')
    const mask = new Uint8Array(e.layout.size)
    const seen = new Map<string, number>()
    const stages = new Set<number>()
    for (let g = 0; g < 30; g++) {
      playGame(e, 500 + g, true, (st) => {
        const d = e.decision(st)
        if (!d || !STEP_KINDS.includes(d.kind)) return
        seen.set(d.kind, (seen.get(d.kind) ?? 0) + 1)
        const n = e.legal(st, mask)
        // the engine asks only when there is a choice; every legal action is a hex
        expect(n).toBeGreaterThanOrEqual(2)
        for (let i = 0; i < mask.length; i++) if (mask[i]) expect(actionText(e.layout, i)).toMatch(/^hex:/)
        const u = d.kind === 'intercept-hex' ? st.react : st.rtUnit
        expect(d.subject).toBe(e.ctx.uId[u])
        expect(d.player).toBe(e.ctx.uSide[u])
        if (d.kind !== 'intercept-hex') stages.add(st.pend[0]!)
        // the state mid-decision restores and replays bit for bit
        const j = e.restore(JSON.parse(JSON.stringify(st)))
        expect(j.ok).toBe(true)
        if (!j.ok) return
        expect(e.hash(j.value)).toBe(e.hash(st))
        const c = e.clone(st)
        const a = mask.indexOf(1)
        expect(e.apply(c, a)).toBeNull()
        expect(e.apply(j.value, a)).toBeNull()
        expect(e.hash(j.value)).toBe(e.hash(c))
        expect(e.invariants(c)).toEqual([])
      })
    }
    for (const k of STEP_KINDS) expect(seen.get(k) ?? 0, k).toBeGreaterThan(0)
    // fire (1), close combat (3) and the rout phase (4) were each interrupted and resumed
    for (const p of [1, 3, 4]) expect(stages.has(p), `pending stage ${p}`).toBe(true)
  })
  it('the hash covers the pending register; restore rejects a bad one', () => {
    const e = builtin('piwam-training')
    const s = e.init(3)
    const t = e.clone(s)
    t.pend[6] = 2
    expect(e.hash(t)).not.toBe(e.hash(s))
    const t2 = e.clone(s)
    t2.lCc[0] = 1
    expect(e.hash(t2)).not.toBe(e.hash(s))
    const bad = JSON.parse(JSON.stringify(s))
    bad.pend = [0, 0]
    const r = e.restore(bad)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/pend/)
    const bad2 = JSON.parse(JSON.stringify(s))
    bad2.kind = KINDS.indexOf('retreat-hex') // a retreat-hex decision without a retreating unit
    const r2 = e.restore(bad2)
    expect(r2.ok).toBe(false)
    if (!r2.ok) expect(r2.error.message).toMatch(/rtUnit/)
  })
})

describe('piwam player decisions: rout-order, replacement-host, withdraw-facing', () => {
  const KINDS3 = ['rout-order', 'replacement-host', 'withdraw-facing']
  it('random play meets each one as a real choice of its owner; mid-decision clone, JSON restore and replay agree', () => {
    const e = builtin('ivry-1590')
    const mask = new Uint8Array(e.layout.size)
    const seen = new Map<string, number>()
    for (let g = 0; g < 12; g++) {
      playGame(e, 500 + g, true, (st) => {
        const d = e.decision(st)
        if (!d || !KINDS3.includes(d.kind)) return
        seen.set(d.kind, (seen.get(d.kind) ?? 0) + 1)
        const n = e.legal(st, mask)
        expect(n).toBeGreaterThanOrEqual(2)
        const texts: string[] = []
        for (let i = 0; i < mask.length; i++) if (mask[i]) texts.push(actionText(e.layout, i))
        if (d.kind === 'withdraw-facing') {
          // turns from the facing it had, each to a facing its allowance reaches at its new hex
          for (const t of texts) expect(t).toMatch(/^choice:(pass|left|right|left2|right2|about)$/)
          expect(d.subject).toBe(e.ctx.uId[st.react])
          expect(d.player).toBe(e.ctx.uSide[st.react])
        } else if (d.kind === 'rout-order') {
          // the deciding player's broken units still to rout
          for (const t of texts) {
            const u = e.ctx.uId.indexOf(t.slice(5))
            expect(e.ctx.uSide[u]).toBe(d.player)
            expect(st.uStatus[u]).toBe(3)
          }
        } else {
          // the units of the replacement's wing (an army commander's: his side's)
          const r = st.sel - e.ctx.n
          expect(d.subject).toBe(e.ctx.lId[r])
          for (const t of texts) expect(e.ctx.uSide[e.ctx.uId.indexOf(t.slice(5))]).toBe(d.player)
        }
        const j = e.restore(JSON.parse(JSON.stringify(st)))
        expect(j.ok).toBe(true)
        if (!j.ok) return
        expect(e.hash(j.value)).toBe(e.hash(st))
        const c = e.clone(st)
        const a = mask.lastIndexOf(1)
        expect(e.apply(c, a)).toBeNull()
        expect(e.apply(j.value, a)).toBeNull()
        expect(e.hash(j.value)).toBe(e.hash(c))
        expect(e.invariants(c)).toEqual([])
      })
    }
    for (const k of KINDS3) expect(seen.get(k) ?? 0, k).toBeGreaterThan(0)
  })
  it('restore rejects a withdraw-facing or replacement-host decision without its register', () => {
    const e = builtin('piwam-training')
    const s = e.init(3)
    const bad = JSON.parse(JSON.stringify(s))
    bad.kind = KINDS.indexOf('withdraw-facing')
    const r = e.restore(bad)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/wdFaces/)
    const bad2 = JSON.parse(JSON.stringify(s))
    bad2.kind = KINDS.indexOf('replacement-host')
    const r2 = e.restore(bad2)
    expect(r2.ok).toBe(false)
    if (!r2.ok) expect(r2.error.message).toMatch(/replacement/)
  })
})
