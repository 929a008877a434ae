// The `mttsog` ruleset: "March Toward the Sound of Guns" (Herbert Wong, v1.1),
// Napoleonic, as written: command-point dice pools, formations, shooting on 4+,
// simultaneous melee through the formation combat table, army break point.
// Scale 1 hex = 1 inch = 100 paces, hexside facing. Rules notes: docs/rules/mttsog.md.

import { makeLayout } from '../../core/actions.ts'
import type { Engine, InitOptions, ObsBuffers, Outcome, Player, Result, RulesetModule, TercioError } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import { cloneDice, seedDice } from '../../dice.ts'
import type { Scenario } from '../../scenario/types.ts'
import { buildContext, type Ctx } from './context.ts'
import { onMap, sync } from './core.ts'
import { applyAction, curKind, decisionPlayer, legalMask, scores, startAt, startGame, subjectOf } from './flow.ts'
import { asciiOf, describeEvent, encIndex, encodeInto, materialOf, obsSpecOf, viewOf } from './view.ts'
import { CHOICES, F_CHARGE, F_EXH, F_MELEE, F_RALLIED, KINDS, LF_REMOVED, P, PHASES, QW, S_DEAD, S_ROUT, STATUS, type MtEvent, type MtState } from './state.ts'
import { FORMATIONS, FORMS_OF } from './tables.ts'
import { firstLengthMismatch, firstNonIntArray, firstNonInteger, firstNonString, fnv, FNV_BASIS, fnvArr, fnvDice, fnvText, hashHex, isDiceState, isRecord } from '../shared/state-codec.ts'

export type { MtState, MtEvent } from './state.ts'

function initState(c: Ctx, seed: number, opts?: InitOptions): MtState {
  const dice = seedDice(seed)
  if (opts?.forcedDice) dice.forced = opts.forcedDice.slice()
  if (opts?.strictDice) dice.strict = true
  const s: MtState = {
    ruleset: 'mttsog',
    turn: 1,
    dice,
    ply: 0,
    active: 0,
    phase: P.command,
    dk: 0,
    hex: c.uStart.map((u) => u.hex),
    face: c.uStart.map((u) => u.face),
    form: c.uStart.map((u) => u.form),
    st: c.uStart.map((u) => u.st),
    stands: c.uStart.map((u) => u.stands),
    hits: c.uStart.map(() => 0),
    fl: c.scenario.units.map((u) => (u['exhausted'] === true ? F_EXH : 0)),
    lhex: Array.from(c.lStart),
    cp: Array.from(c.lStart, () => 0),
    lfl: Array.from(c.lStart, () => 0),
    corps: -1,
    dice6: [],
    lead: -1,
    sel: -1,
    sel2: -1,
    mp: 0,
    paid: 0,
    q: [],
    sqTried: [],
    atk: [],
    def: -1,
    round: 0,
    over: 0,
    why: '',
  }
  sync(c, s)
  return s
}

function cloneState(s: MtState): MtState {
  return {
    ruleset: 'mttsog',
    turn: s.turn,
    dice: cloneDice(s.dice),
    ply: s.ply,
    active: s.active,
    phase: s.phase,
    dk: s.dk,
    hex: s.hex.slice(),
    face: s.face.slice(),
    form: s.form.slice(),
    st: s.st.slice(),
    stands: s.stands.slice(),
    hits: s.hits.slice(),
    fl: s.fl.slice(),
    lhex: s.lhex.slice(),
    cp: s.cp.slice(),
    lfl: s.lfl.slice(),
    corps: s.corps,
    dice6: s.dice6.slice(),
    lead: s.lead,
    sel: s.sel,
    sel2: s.sel2,
    mp: s.mp,
    paid: s.paid,
    q: s.q.slice(),
    sqTried: s.sqTried.slice(),
    atk: s.atk.slice(),
    def: s.def,
    round: s.round,
    over: s.over,
    why: s.why,
  }
}

const INT_FIELDS = ['turn', 'ply', 'active', 'phase', 'dk', 'corps', 'lead', 'sel', 'sel2', 'mp', 'paid', 'def', 'round', 'over'] as const
const INT_ARRAYS = ['hex', 'face', 'form', 'st', 'stands', 'hits', 'fl', 'lhex', 'cp', 'lfl', 'dice6', 'q', 'sqTried', 'atk'] as const

// 32-bit FNV-1a over every field, in a fixed order.
function hashState(s: MtState): string {
  let h = FNV_BASIS
  for (const k of INT_FIELDS) h = fnv(h, s[k])
  for (const k of INT_ARRAYS) h = fnvArr(h, s[k])
  h = fnvDice(h, s.dice)
  return hashHex(fnvText(h, s.why))
}

function restoreState(c: Ctx, json: unknown): Result<MtState> {
  const bad = (what: string): Result<MtState> => fail(err('STATE_INVALID', `mttsog state: ${what}`))
  if (!isRecord(json)) return bad('expected an object')
  const o = json
  if (o['ruleset'] !== 'mttsog') return bad(`ruleset is ${JSON.stringify(o['ruleset'])}, expected "mttsog"`)
  const notInt = firstNonInteger(o, INT_FIELDS)
  if (notInt !== undefined) return bad(`field ${notInt} must be an integer`)
  const notArr = firstNonIntArray(o, INT_ARRAYS)
  if (notArr !== undefined) return bad(`field ${notArr} must be an array of integers`)
  const wrong = firstLengthMismatch(o, { hex: c.nU, face: c.nU, form: c.nU, st: c.nU, stands: c.nU, hits: c.nU, fl: c.nU, lhex: c.nL, cp: c.nL, lfl: c.nL })
  if (wrong) return bad(`${wrong.key} has ${wrong.has} entries, the scenario needs ${wrong.needs}`)
  if (firstNonString(o, ['why']) !== undefined) return bad('field why must be a string')
  if (!isDiceState(o['dice'], false)) return bad('dice state is malformed')
  const s = cloneState(o as unknown as MtState)
  if (s.active !== 0 && s.active !== 1) return bad('active must be 0 or 1')
  if (s.phase < 0 || s.phase >= PHASES.length) return bad(`phase ${s.phase} out of range`)
  if (s.dk < -1 || s.dk >= KINDS.length) return bad(`decision kind ${s.dk} out of range`)
  if (s.q.length % QW !== 0) return bad('task queue is malformed')
  const inv = invariantsOf(c, s)
  if (inv.length) return bad(inv.join('; '))
  return ok(s)
}

function invariantsOf(c: Ctx, s: MtState): string[] {
  const out: string[] = []
  const seen = new Map<number, number>()
  for (let u = 0; u < c.nU; u++) {
    const id = c.unitIds[u]
    const h = s.hex[u] as number
    const st = s.st[u] as number
    if (st < 0 || st >= STATUS.length) out.push(`unit ${id}: status ${st} out of range`)
    if (onMap(s, u)) {
      if (h < 0 || h >= c.size) out.push(`unit ${id} is on the map with hex ${h}`)
      else if (seen.has(h)) out.push(`hex ${c.grid.labels[h]} holds ${c.unitIds[seen.get(h) as number]} and ${id}`)
      else seen.set(h, u)
      if ((s.face[u] as number) < 0 || (s.face[u] as number) > 5) out.push(`unit ${id} has facing ${s.face[u]}`)
      if ((s.stands[u] as number) < 1) out.push(`unit ${id} is on the map with ${s.stands[u]} stands`)
      const arm = c.prof[u]?.arm ?? 'inf'
      if (!(FORMS_OF[arm] as readonly string[]).includes(FORMATIONS[s.form[u] as number] as string)) out.push(`unit ${id} (${arm}) is in formation ${s.form[u]}`)
      if (st === S_ROUT && (s.fl[u] as number) & (F_CHARGE | F_EXH)) out.push(`routed unit ${id} is charging or exhausted`)
      if ((s.fl[u] as number) & F_EXH && arm !== 'cav') out.push(`unit ${id} is exhausted but not cavalry`)
    } else if (h !== -1) out.push(`unit ${id} (${STATUS[st]}) still has hex ${h}`)
    if (st >= S_DEAD && s.fl[u] !== 0) out.push(`removed unit ${id} has markers`)
  }
  for (let l = 0; l < c.nL; l++) {
    const removed = ((s.lfl[l] as number) & LF_REMOVED) !== 0
    const h = s.lhex[l] as number
    if (removed ? h !== -1 : h < 0 || h >= c.size) out.push(`commander ${c.leaderIds[l]} has hex ${h}`)
    if ((s.cp[l] as number) < 0) out.push(`commander ${c.leaderIds[l]} has ${s.cp[l]} CP`)
  }
  if (s.over === 0 && s.dk < 0) out.push('no decision while the game is not over')
  if (s.over !== 0 && s.dk >= 0) out.push('a decision after the game is over')
  return out
}

function setupState(c: Ctx, s: MtState, start: unknown): TercioError | null {
  const bad = (path: string, what: string): TercioError => err('FIXTURE_INVALID', `start.${path}: ${what}`, `start.${path}`)
  if (typeof start !== 'object' || start === null || Array.isArray(start)) return bad('', 'expected an object')
  const o = start as Record<string, unknown>
  const allowed = ['turn', 'active', 'phase', 'cp', 'units']
  for (const k of Object.keys(o)) if (!allowed.includes(k) && !k.startsWith('$')) return bad(k, `unknown field (allowed: ${allowed.join(', ')})`)
  if (o['turn'] !== undefined) {
    if (typeof o['turn'] !== 'number' || !Number.isInteger(o['turn']) || o['turn'] < 1 || o['turn'] > c.scenario.turns) return bad('turn', `expected 1..${c.scenario.turns}`)
    s.turn = o['turn']
  }
  if (o['active'] !== undefined) {
    if (o['active'] !== 0 && o['active'] !== 1) return bad('active', 'expected 0 or 1')
    s.active = o['active']
  }
  if (o['cp'] !== undefined) {
    if (typeof o['cp'] !== 'object' || o['cp'] === null) return bad('cp', 'expected an object leader id -> CP')
    for (const [id, v] of Object.entries(o['cp'] as Record<string, unknown>)) {
      const l = c.leaderIds.indexOf(id)
      if (l < 0) return bad(`cp.${id}`, `unknown leader (known: ${c.leaderIds.join(', ')})`)
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 12) return bad(`cp.${id}`, 'expected an integer 0..12')
      s.cp[l] = v
    }
  }
  if (o['units'] !== undefined) {
    if (typeof o['units'] !== 'object' || o['units'] === null) return bad('units', 'expected an object unit id -> markers')
    for (const [id, raw] of Object.entries(o['units'] as Record<string, unknown>)) {
      const u = c.unitIds.indexOf(id)
      if (u < 0) return bad(`units.${id}`, 'unknown unit')
      const e = raw as Record<string, unknown>
      for (const k of Object.keys(e)) {
        const v = e[k]
        if (k === 'hits') {
          if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) return bad(`units.${id}.hits`, 'expected a non-negative integer')
          s.hits[u] = v
          continue
        }
        const bit = k === 'charging' ? F_CHARGE : k === 'exhausted' ? F_EXH : k === 'rallied' ? F_RALLIED : k === 'meleed' ? F_MELEE : 0
        if (!bit) return bad(`units.${id}.${k}`, 'unknown marker (charging, exhausted, rallied, meleed, hits)')
        if (typeof v !== 'boolean') return bad(`units.${id}.${k}`, 'expected true or false')
        s.fl[u] = v ? (s.fl[u] as number) | bit : (s.fl[u] as number) & ~bit
      }
    }
  }
  const ph = o['phase'] === undefined ? 'command' : String(o['phase'])
  const p = PHASES.indexOf(ph as (typeof PHASES)[number])
  if (p < 0 || p >= P.end) return bad('phase', 'expected one of command, movement, shooting, melee')
  sync(c, s)
  startAt(c, s, p, undefined)
  const inv = invariantsOf(c, s)
  if (inv.length) return bad('', `the start position breaks invariants: ${inv.join('; ')}`)
  return null
}

function outcomeOf(c: Ctx, s: MtState): Outcome | null {
  if (!s.over) return null
  sync(c, s)
  const winner: Player | null = s.over === 1 ? 0 : s.over === 2 ? 1 : null
  return { winner, reason: s.why, score: scores(c, s) }
}

function bindEngine(scenario: Scenario): Result<Engine> {
  if (scenario.ruleset !== 'mttsog') return fail(err('SCENARIO_INVALID', `scenario ${scenario.id} is for ruleset ${scenario.ruleset}, not mttsog`, 'ruleset'))
  const cr = buildContext(scenario)
  if (!cr.ok) return cr
  const c = cr.value
  const layout = makeLayout(CHOICES, scenario.wings.map((w) => w.id), [...c.unitIds, ...c.leaderIds], c.grid)
  const lo = { unit: layout.offset.unit, hex: layout.offset.hex }
  const obs = obsSpecOf(c)
  const ix = encIndex(obs)
  const scratch = new Uint8Array(layout.size)
  const inits = new WeakMap<MtState, { seed: number; opts: InitOptions | undefined }>()
  const engine: Engine<MtState, MtEvent> = {
    ruleset: 'mttsog',
    scenario,
    grid: c.grid,
    layout,
    decisionKinds: KINDS,
    obs,
    init(seed: number, opts?: InitOptions): MtState {
      const s = initState(c, seed, opts)
      inits.set(s, { seed, opts: opts ? { ...opts, ...(opts.forcedDice ? { forcedDice: opts.forcedDice.slice() } : {}) } : undefined })
      startGame(c, s, undefined)
      return s
    },
    decision(s: MtState) {
      const k = curKind(s)
      if (k < 0 || s.over) return null
      sync(c, s)
      const subject = subjectOf(c, s)
      return subject === null ? { player: decisionPlayer(c, s), kind: KINDS[k] as string } : { player: decisionPlayer(c, s), kind: KINDS[k] as string, subject }
    },
    legal(s: MtState, mask: Uint8Array): number {
      if (s.over || s.dk < 0) {
        mask.fill(0)
        return 0
      }
      sync(c, s)
      return legalMask(c, lo, s, mask)
    },
    apply(s: MtState, action: number, events?: MtEvent[]): TercioError | null {
      if (s.over || s.dk < 0) return err('GAME_OVER', `the game is over (${s.why})`)
      if (!Number.isInteger(action) || action < 0 || action >= layout.size) return err('ACTION_OUT_OF_RANGE', `action id ${action} is outside 0..${layout.size - 1}`)
      sync(c, s)
      legalMask(c, lo, s, scratch)
      if (!scratch[action]) {
        const names = [...CHOICES.map((x) => `choice:${x}`), ...layout.wings.map((x) => `wing:${x}`), ...layout.units.map((x) => `unit:${x}`)]
        const text = action < names.length ? names[action] : `hex:${c.grid.labels[action - layout.offset.hex]}`
        const sub = subjectOf(c, s)
        return err('ACTION_ILLEGAL', `${text} is not legal now (player ${decisionPlayer(c, s)} decides ${KINDS[curKind(s)]}${sub ? ` for ${sub}` : ''}, ${PHASES[s.phase]} phase, turn ${s.turn})`)
      }
      applyAction(c, lo, s, action, events)
      s.ply++
      return null
    },
    outcome: (s: MtState) => outcomeOf(c, s),
    clone: cloneState,
    hash: hashState,
    restore: (json: unknown) => restoreState(c, json),
    invariants: (s: MtState) => invariantsOf(c, s),
    view: (s: MtState) => viewOf(c, s),
    material: (s: MtState) => materialOf(c, s),
    encode(s: MtState, player: Player, out: ObsBuffers): void {
      encodeInto(c, ix, s, player, out)
    },
    describe: describeEvent,
    ascii: (s: MtState) => asciiOf(c, s),
    setup(s: MtState, start: unknown): TercioError | null {
      const rec = inits.get(s)
      if (rec) Object.assign(s, initState(c, rec.seed, rec.opts))
      return setupState(c, s, start)
    },
  }
  return ok(engine as unknown as Engine)
}

export const mttsog: RulesetModule = {
  id: 'mttsog',
  name: 'March Toward the Sound of Guns (Napoleonic, H. Wong v1.1)',
  choices: CHOICES,
  decisionKinds: KINDS,
  bind: bindEngine,
}

/** For tests and tools: the bound context of a scenario. */
export function mttsogContext(scenario: Scenario): Result<Ctx> {
  return buildContext(scenario)
}
