// The `marignan` ruleset: "Marignan 1515" (Vae Victus no. 3), hexside facing,
// 2d6 morale, ZOC and commitment, hedgehog, charge, corps morale, two scenarios.
// Rules notes: docs/rules/marignan.md.

import { makeLayout } from '../../core/actions.ts'
import type { Engine, InitOptions, ObsBuffers, Outcome, Player, Result, RulesetModule, TercioError } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import { cloneDice, seedDice } from '../../dice.ts'
import { SIDE_NAMES } from '../../hex/grid.ts'
import type { Scenario } from '../../scenario/types.ts'
import { buildContext, stackOk, type Ctx, type TypeStats } from './context.ts'
import { demoralisedFrench, onMap, sync, T, touch } from './core.ts'
import { applyAction, decisionPlayer, legalMask, settle, startPhase } from './flow.ts'
import { asciiOf, describeEvent, encIndex, encodeInto, materialOf, obsSpecOf, selId, subjectOf, viewOf } from './present.ts'
import { CHOICES, F_CHARGE, F_HEDGE, F_OOC, FRENCH, KINDS, L_DEAD, L_INJ, L_OK, L_WAIT, LSTATUS, P, PHASES, QW, S_ROUT, S_WAIT, STATUS, SWISS, type MEvent, type MState } from './state.ts'

export type { MState, MEvent } from './state.ts'

function initState(c: Ctx, seed: number, opts?: InitOptions): MState {
  const dice = seedDice(seed)
  if (opts?.forcedDice) dice.forced = opts.forcedDice.slice()
  if (opts?.strictDice) dice.strict = true
  const s: MState = {
    ruleset: 'marignan',
    turn: 1,
    dice,
    ply: 0,
    active: SWISS,
    phase: P.command,
    dk: -1,
    hex: c.uStart.map((u) => (u.st === S_WAIT ? -1 : u.hex)),
    st: c.uStart.map((u) => u.st),
    face: c.uStart.map((u) => u.face),
    fl: c.uStart.map(() => 0),
    ty: c.uStart.map((u) => u.ty),
    lhex: c.lStart.map((l) => (l.st === L_WAIT ? -1 : l.hex)),
    lst: c.lStart.map((l) => l.st),
    lfl: c.lStart.map(() => 0),
    cmd: Array.from(c.wCmd),
    pend: Array.from(c.wCmd, () => -1),
    mor: Array.from(c.wMorale),
    army: c.armyMorale,
    sel: -1,
    mp: 0,
    spent: 0,
    grp: [],
    tgt: -1,
    q: [],
    lc: [],
    hit: [],
    cap: 0,
    flags: 0,
    gro: 0,
    forts: [],
    over: 0,
    why: '',
  }
  touch(c)
  return s
}

function cloneState(s: MState): MState {
  return {
    ruleset: 'marignan',
    turn: s.turn,
    dice: cloneDice(s.dice),
    ply: s.ply,
    active: s.active,
    phase: s.phase,
    dk: s.dk,
    hex: s.hex.slice(),
    st: s.st.slice(),
    face: s.face.slice(),
    fl: s.fl.slice(),
    ty: s.ty.slice(),
    lhex: s.lhex.slice(),
    lst: s.lst.slice(),
    lfl: s.lfl.slice(),
    cmd: s.cmd.slice(),
    pend: s.pend.slice(),
    mor: s.mor.slice(),
    army: s.army,
    sel: s.sel,
    mp: s.mp,
    spent: s.spent,
    grp: s.grp.slice(),
    tgt: s.tgt,
    q: s.q.slice(),
    lc: s.lc.slice(),
    hit: s.hit.slice(),
    cap: s.cap,
    flags: s.flags,
    gro: s.gro,
    forts: s.forts.slice(),
    over: s.over,
    why: s.why,
  }
}

// 32-bit FNV-1a over every field, in a fixed order.
function fnv(h: number, v: number): number {
  let x = v | 0
  for (let i = 0; i < 4; i++) {
    h ^= x & 0xff
    h = Math.imul(h, 0x01000193)
    x >>>= 8
  }
  return h
}
function fnvArr(h: number, a: readonly number[]): number {
  h = fnv(h, a.length)
  for (let i = 0; i < a.length; i++) h = fnv(h, a[i] as number)
  return h
}
function hashState(s: MState): string {
  let h = 0x811c9dc5
  for (const v of [s.turn, s.ply, s.active, s.phase, s.dk, s.army, s.sel, s.mp, s.spent, s.tgt, s.cap, s.flags, s.gro, s.over]) h = fnv(h, v)
  for (const a of [s.hex, s.st, s.face, s.fl, s.ty, s.lhex, s.lst, s.lfl, s.cmd, s.pend, s.mor, s.grp, s.q, s.lc, s.hit, s.forts]) h = fnvArr(h, a)
  const d = s.dice
  for (const v of [d.x, d.y, d.z, d.w, d.count, d.strict ? 1 : 0]) h = fnv(h, v)
  h = fnvArr(h, d.forced)
  for (let i = 0; i < s.why.length; i++) h = fnv(h, s.why.charCodeAt(i))
  return (h >>> 0).toString(16).padStart(8, '0')
}

const INT_ARRAYS = ['hex', 'st', 'face', 'fl', 'ty', 'lhex', 'lst', 'lfl', 'cmd', 'pend', 'mor', 'grp', 'q', 'lc', 'hit', 'forts'] as const
const INT_FIELDS = ['turn', 'ply', 'active', 'phase', 'dk', 'army', 'sel', 'mp', 'spent', 'tgt', 'cap', 'flags', 'gro', 'over'] as const

function restoreState(c: Ctx, json: unknown): Result<MState> {
  const bad = (what: string): Result<MState> => fail(err('STATE_INVALID', `marignan state: ${what}`))
  if (typeof json !== 'object' || json === null) return bad('expected an object')
  const o = json as Record<string, unknown>
  if (o['ruleset'] !== 'marignan') return bad(`ruleset is ${JSON.stringify(o['ruleset'])}, expected "marignan"`)
  for (const k of INT_FIELDS) if (typeof o[k] !== 'number' || !Number.isInteger(o[k])) return bad(`field ${k} must be an integer`)
  for (const k of INT_ARRAYS) {
    const a = o[k]
    if (!Array.isArray(a) || !a.every((v) => typeof v === 'number' && Number.isInteger(v))) return bad(`field ${k} must be an array of integers`)
  }
  const lens: Record<string, number> = { hex: c.nU, st: c.nU, face: c.nU, fl: c.nU, ty: c.nU, lhex: c.nL, lst: c.nL, lfl: c.nL, cmd: c.nW, pend: c.nW, mor: c.nW }
  for (const [k, n] of Object.entries(lens)) if ((o[k] as unknown[]).length !== n) return bad(`${k} has ${(o[k] as unknown[]).length} entries, the scenario needs ${n}`)
  if (typeof o['why'] !== 'string') return bad('field why must be a string')
  const d = o['dice'] as Record<string, unknown> | undefined
  if (!d || !['x', 'y', 'z', 'w', 'count'].every((k) => typeof d[k] === 'number') || !Array.isArray(d['forced']) || typeof d['strict'] !== 'boolean') return bad('dice state is malformed')
  const s = cloneState(o as unknown as MState)
  if (s.active !== 0 && s.active !== 1) return bad('active must be 0 or 1')
  if (s.phase < 0 || s.phase >= PHASES.length) return bad(`phase ${s.phase} out of range`)
  if (s.dk < -1 || s.dk >= KINDS.length) return bad(`decision kind ${s.dk} out of range`)
  if (s.q.length % QW !== 0) return bad('task queue is malformed')
  for (let u = 0; u < c.nU; u++) {
    if ((s.st[u] as number) < 0 || (s.st[u] as number) >= STATUS.length) return bad(`unit ${c.unitIds[u]}: status ${s.st[u]} out of range`)
    if ((s.ty[u] as number) < 0 || (s.ty[u] as number) >= c.types.length) return bad(`unit ${c.unitIds[u]}: counter type ${s.ty[u]} out of range`)
  }
  for (let l = 0; l < c.nL; l++) if ((s.lst[l] as number) < 0 || (s.lst[l] as number) >= LSTATUS.length) return bad(`leader ${c.leaderIds[l]}: status out of range`)
  const inv = invariantsOf(c, s)
  if (inv.length) return bad(inv.join('; '))
  touch(c)
  return ok(s)
}

function invariantsOf(c: Ctx, s: MState): string[] {
  const out: string[] = []
  touch(c)
  sync(c, s)
  for (let u = 0; u < c.nU; u++) {
    const id = c.unitIds[u]
    const h = s.hex[u] as number
    if (onMap(s, u)) {
      if (h < 0 || h >= c.size) out.push(`unit ${id} is on the map with hex ${h}`)
      if ((s.face[u] as number) < 0 || (s.face[u] as number) > 5) out.push(`unit ${id} has facing ${s.face[u]}`)
    } else if (h !== -1) out.push(`unit ${id} (${STATUS[s.st[u] as number]}) still has hex ${c.grid.labels[h] ?? h}`)
    if (s.st[u] === S_ROUT && (s.fl[u] as number) & (F_HEDGE | F_CHARGE)) out.push(`routed unit ${id} has a hedgehog or charge marker`)
    if ((s.fl[u] as number) & F_HEDGE && T(c, s, u).cls !== 1) out.push(`unit ${id} in hedgehog is not infantry`)
  }
  for (let h = 0; h < c.size; h++) {
    const first = c.head[h] as number
    if (first < 0) continue
    const side = c.uSide[first] as number
    const tys: TypeStats[] = []
    let face = -1
    for (let v = first; v >= 0; v = c.next[v] as number) {
      if (c.uSide[v] !== side) out.push(`hex ${c.grid.labels[h]} holds units of both armies`)
      if (s.st[v] !== S_ROUT) tys.push(T(c, s, v))
      if (s.st[v] !== S_ROUT) {
        if (face >= 0 && s.face[v] !== face) out.push(`hex ${c.grid.labels[h]}: stacked units face different ways`)
        face = s.face[v] as number
      }
    }
    if (!stackOk(side, tys)) out.push(`hex ${c.grid.labels[h]} breaks the ${side === SWISS ? 'Swiss (5.1)' : 'French (5.2)'} stacking limits`)
  }
  for (let l = 0; l < c.nL; l++) {
    const st = s.lst[l] as number
    if ((st === L_OK || st === L_INJ) && ((s.lhex[l] as number) < 0 || (s.lhex[l] as number) >= c.size)) out.push(`commander ${c.leaderIds[l]} is active without a hex`)
    if (st === L_DEAD && s.lhex[l] !== -1) out.push(`dead commander ${c.leaderIds[l]} still has a hex`)
  }
  for (let w = 0; w < c.nW; w++) {
    const l = s.cmd[w] as number
    if (l < -1 || l >= c.nL) out.push(`corps ${c.corpsIds[w]} has commander index ${l}`)
    if (c.wSide[w] === FRENCH && (s.mor[w] as number) < 0) out.push(`corps ${c.corpsIds[w]} has negative morale`)
  }
  if (s.over === 0 && s.dk < 0) out.push('no decision while the game is not over')
  return out
}

function setupState(c: Ctx, s: MState, start: unknown): TercioError | null {
  const bad = (path: string, what: string): TercioError => err('FIXTURE_INVALID', `start.${path}: ${what}`, `start.${path}`)
  if (typeof start !== 'object' || start === null || Array.isArray(start)) return bad('', 'expected an object')
  const o = start as Record<string, unknown>
  const allowed = ['turn', 'active', 'phase', 'army', 'morale', 'units', 'leaders', 'captured', 'flags', 'forts']
  for (const k of Object.keys(o)) if (!allowed.includes(k) && !k.startsWith('$')) return bad(k, `unknown field (allowed: ${allowed.join(', ')})`)
  if (o['turn'] !== undefined) {
    if (typeof o['turn'] !== 'number' || o['turn'] < 1 || o['turn'] > c.scenario.turns) return bad('turn', `expected 1..${c.scenario.turns}`)
    s.turn = o['turn']
  }
  if (o['active'] !== undefined) {
    if (o['active'] !== 'swiss' && o['active'] !== 'french') return bad('active', 'expected "swiss" or "french"')
    s.active = o['active'] === 'swiss' ? SWISS : FRENCH
  }
  if (o['army'] !== undefined) {
    if (typeof o['army'] !== 'number') return bad('army', 'expected a number')
    s.army = o['army']
  }
  if (o['flags'] !== undefined) s.flags = Number(o['flags']) | 0
  if (o['morale'] !== undefined) {
    const m = o['morale'] as Record<string, unknown>
    for (const [k, v] of Object.entries(m)) {
      const w = c.corpsIds.indexOf(k)
      if (w < 0 || typeof v !== 'number') return bad(`morale.${k}`, `unknown corps or not a number (corps: ${c.corpsIds.join(', ')})`)
      s.mor[w] = v
    }
  }
  if (o['units'] !== undefined) {
    for (const [id, raw] of Object.entries(o['units'] as Record<string, unknown>)) {
      const u = c.unitIds.indexOf(id)
      if (u < 0) return bad(`units.${id}`, 'unknown unit')
      const e = raw as Record<string, unknown>
      if (e['type'] !== undefined) {
        const t = c.typeIndex.get(String(e['type']))
        if (t === undefined) return bad(`units.${id}.type`, `unknown counter ${String(e['type'])}`)
        s.ty[u] = t
      }
      for (const f of (e['markers'] as string[] | undefined) ?? []) {
        if (f === 'hedgehog') s.fl[u] = (s.fl[u] as number) | F_HEDGE
        else if (f === 'charge') s.fl[u] = (s.fl[u] as number) | F_CHARGE
        else if (f === 'out-of-command') s.fl[u] = (s.fl[u] as number) | F_OOC
        else return bad(`units.${id}.markers`, `unknown marker ${f} (hedgehog, charge, out-of-command)`)
      }
      if (e['status'] === 'waiting') {
        s.st[u] = S_WAIT
        s.hex[u] = -1
      }
    }
  }
  if (o['leaders'] !== undefined) {
    for (const [id, raw] of Object.entries(o['leaders'] as Record<string, unknown>)) {
      const l = c.leaderIds.indexOf(id)
      if (l < 0) return bad(`leaders.${id}`, 'unknown leader')
      const st = LSTATUS.indexOf(String((raw as Record<string, unknown>)['status']) as (typeof LSTATUS)[number])
      if (st < 0) return bad(`leaders.${id}.status`, `expected one of ${LSTATUS.join(', ')}`)
      s.lst[l] = st
      if (st === L_DEAD) s.lhex[l] = -1
    }
  }
  if (o['captured'] !== undefined) {
    for (const name of o['captured'] as string[]) {
      const i = c.placeNames.indexOf(name)
      if (i < 0) return bad('captured', `unknown place ${name}`)
      s.cap |= 1 << i
    }
  }
  if (o['forts'] !== undefined) {
    for (const lab of o['forts'] as string[]) {
      const h = c.grid.labels.indexOf(lab)
      if (h < 0) return bad('forts', `hex ${lab} is off the map`)
      s.forts.push(h)
    }
  }
  s.q.length = 0
  s.over = 0
  touch(c)
  const ph = o['phase'] === undefined ? 'command' : String(o['phase'])
  const p = PHASES.indexOf(ph as (typeof PHASES)[number])
  if (p < 0 || p === P.over) return bad('phase', `expected one of ${PHASES.slice(0, -1).join(', ')}`)
  startPhase(c, s, p, undefined)
  const inv = invariantsOf(c, s)
  if (inv.length) return bad('', `the start position breaks invariants: ${inv.join('; ')}`)
  return null
}

function outcomeOf(c: Ctx, s: MState): Outcome | null {
  if (!s.over) return null
  const winner: Player | null = s.over === 1 ? SWISS : s.over === 2 ? FRENCH : null
  return { winner, reason: s.why, score: [demoralisedFrench(c, s), c.armyMorale - s.army] }
}

function bindEngine(scenario: Scenario): Result<Engine> {
  if (scenario.ruleset !== 'marignan') return fail(err('SCENARIO_INVALID', `scenario ${scenario.id} is for ruleset ${scenario.ruleset}, not marignan`, 'ruleset'))
  const cr = buildContext(scenario)
  if (!cr.ok) return cr
  const c = cr.value
  const layout = makeLayout(CHOICES, c.corpsIds, [...c.unitIds, ...c.leaderIds], c.grid)
  const obs = obsSpecOf(c)
  const ix = encIndex(obs)
  const scratch = new Uint8Array(layout.size)
  // setup() rebuilds a fixture's start position from scratch: it needs the seed and dice init was given.
  const inits = new WeakMap<MState, { seed: number; opts: InitOptions | undefined }>()
  const engine: Engine<MState, MEvent> = {
    ruleset: 'marignan',
    scenario,
    grid: c.grid,
    layout,
    decisionKinds: KINDS,
    obs,
    init(seed: number, opts?: InitOptions): MState {
      const s = initState(c, seed, opts)
      inits.set(s, { seed, opts: opts ? { ...opts, ...(opts.forcedDice ? { forcedDice: opts.forcedDice.slice() } : {}) } : undefined })
      startPhase(c, s, P.command, undefined)
      return s
    },
    decision(s: MState) {
      if (s.dk < 0 || s.over) return null
      const player = decisionPlayer(c, s)
      const kind = KINDS[s.dk] as string
      const subject = subjectOf(c, s)
      return subject === null ? { player, kind } : { player, kind, subject }
    },
    legal(s: MState, mask: Uint8Array): number {
      return legalMask(c, s, mask)
    },
    apply(s: MState, action: number, events?: MEvent[]): TercioError | null {
      if (s.over || s.dk < 0) return err('GAME_OVER', `the game is over (${s.why})`)
      if (!Number.isInteger(action) || action < 0 || action >= layout.size) return err('ACTION_OUT_OF_RANGE', `action id ${action} is outside 0..${layout.size - 1}`)
      legalMask(c, s, scratch)
      if (!scratch[action]) {
        const names = [...CHOICES.map((x) => `choice:${x}`), ...c.corpsIds.map((x) => `wing:${x}`), ...layout.units.map((x) => `unit:${x}`)]
        const text = action < names.length ? names[action] : `hex:${c.grid.labels[action - layout.offset.hex]}`
        return err('ACTION_ILLEGAL', `${text} is not legal now (player ${decisionPlayer(c, s)} decides ${KINDS[s.dk]}${s.sel >= 0 ? ` for ${selId(c, s)}` : ''}, ${PHASES[s.phase]} phase, turn ${s.turn})`)
      }
      applyAction(c, s, action, events)
      s.ply++
      return null
    },
    outcome: (s: MState) => outcomeOf(c, s),
    clone: cloneState,
    hash: hashState,
    restore: (json: unknown) => restoreState(c, json),
    invariants: (s: MState) => invariantsOf(c, s),
    view: (s: MState) => viewOf(c, s),
    material: (s: MState) => materialOf(c, s),
    encode(s: MState, player: Player, out: ObsBuffers): void {
      encodeInto(c, ix, s, player, out)
    },
    describe: describeEvent,
    ascii: (s: MState) => asciiOf(c, s),
    setup(s: MState, start: unknown): TercioError | null {
      // A start position replaces the automatic turn-1 phases init ran: begin again from the scenario.
      const rec = inits.get(s)
      if (rec) Object.assign(s, initState(c, rec.seed, rec.opts))
      return setupState(c, s, start)
    },
  }
  void settle
  void SIDE_NAMES
  void L_DEAD
  return ok(engine as unknown as Engine)
}

export const marignan: RulesetModule = {
  id: 'marignan',
  name: 'Marignan 1515 (Vae Victus no. 3)',
  choices: CHOICES,
  decisionKinds: KINDS,
  bind: bindEngine,
}

/** For tests and tools: the bound context of an engine's scenario. */
export function marignanContext(scenario: Scenario): Result<Ctx> {
  return buildContext(scenario)
}
