// "CFEO 16th C" as a Tercio ruleset (1 hex = 40 yds, vertex facing, 10-yard pips). Rules notes:
// docs/rules/cfeo.md. Layout: tables (data), context (per scenario), state (types, kinds, events), core
// (shared helpers), command, control, move, fire, charge, melee, rout, morale, flow (sequence, legal, apply),
// movement, combat and fast (the phases' parts of the flow), view.

import { actionText, makeLayout } from '../../core/actions.ts'
import type { Decision, Engine, GameView, ObsBuffers, Outcome, Player, Result, RulesetModule, TercioError } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import { cloneDice, seedDice } from '../../dice.ts'
import { VERTEX_NAMES } from '../../hex/grid.ts'
import type { Scenario } from '../../scenario/types.ts'
import { buildContext, type Ctx } from './context.ts'
import { capacity, makeScratch, sync } from './core.ts'
import { Flow } from './flow.ts'
import { C, CHOICES, type CfeoEvent, type CfeoState, INF_INSPIRE, INF_STEADY, K, KINDS, L_KILLED, PH, PHASES, S_OK, STATUSES, U_CHARGING, U_FAILED_CHARGE, U_FIRED, U_HALT, U_LIMBERED, U_MOVED, U_MOVED_LAST, U_PURSUING, U_TOOK_POSITION, U_UNDER_FIRE, U_FAST_AGAIN, U_FIRED_LAST, U_ABANDONED, U_CREW_KILLED, U_REFUSED_L, U_REFUSED_R } from './state.ts'
import { FORMATIONS, F_COLUMN } from './tables.ts'
import { firstNonInteger, firstNonString, fnv, FNV_BASIS, fnvArr, fnvDice, fnvText, hashHex, isDiceState, isIntArray, isRecord } from '../shared/state-codec.ts'
import { asciiOf, describeEvent, encodeObs, makeObsSpec, material, viewOf } from './view.ts'

export type CfeoEngine = Engine<CfeoState, CfeoEvent> & { readonly ctx: Ctx }

const ARRAYS = ['uHex', 'uFace', 'uStands', 'uDp', 'uForm', 'uRanks', 'uStatus', 'uFl', 'uLastDice', 'uDiceNow', 'uGunTarget', 'uGunRange', 'uFoe', 'uCharge', 'uChargeDice', 'uResp', 'uGrp', 'uFollow', 'uRein', 'uPur', 'uBody', 'lHex', 'lAtt', 'lActions', 'lUsed', 'lInf', 'lInfN', 'lState', 'lFl', 'wOrder', 'wMsgHex', 'wMsgOrder', 'bRoll', 'queue', 'mEv', 'init', 'meets'] as const
const NUMS = ['turn', 'ply', 'phase', 'kind', 'player', 'first', 'half', 'sel', 'sel2', 'mp', 'mpRoll', 'fwd', 'side', 'wheeled', 'mhalf', 'mdecl', 'mvDice', 'fmUnit', 'fmKind', 'fmAway', 'fmMp', 'fmRoll', 'fmFrom', 'fmSteps', 'fmCont', 'meetBy', 'stage', 'pendingRoll', 'winner'] as const

export function makeEngine(c: Ctx): CfeoEngine {
  const layout = makeLayout(CHOICES, c.wId, [...c.uId, ...c.lId], c.grid)
  const x = makeScratch(c)
  const flow = new Flow(c, x, { c: layout.offset.choice, w: layout.offset.wing, u: layout.offset.unit, h: layout.offset.hex })
  const obs = makeObsSpec(c)
  const scratch = new Uint8Array(layout.size)
  let cacheState: CfeoState | null = null
  let cachePly = -1
  let cacheDice = -1

  const fresh = (seed: number, opts?: { forcedDice?: number[]; strictDice?: boolean }): CfeoState => {
    const dice = seedDice(seed)
    if (opts?.forcedDice) dice.forced = opts.forcedDice.slice()
    if (opts?.strictDice) dice.strict = true
    const n = c.n
    const I = c.init
    return {
      ruleset: 'cfeo',
      turn: 1,
      ply: 0,
      dice,
      uHex: I.hex.slice(),
      uFace: I.face.slice(),
      uStands: I.stands.slice(),
      uDp: I.dp.slice(),
      uForm: I.form.slice(),
      uRanks: I.ranks.slice(),
      uStatus: new Array<number>(n).fill(S_OK),
      uFl: I.limbered.map((l) => (l ? U_LIMBERED : 0)),
      uLastDice: new Array<number>(n).fill(0),
      uDiceNow: new Array<number>(n).fill(0),
      uGunTarget: new Array<number>(n).fill(-1),
      uGunRange: new Array<number>(n).fill(0),
      uFoe: new Array<number>(n).fill(-1),
      uCharge: new Array<number>(n).fill(-1),
      uChargeDice: new Array<number>(n).fill(0),
      uResp: new Array<number>(n).fill(0),
      uGrp: new Array<number>(n).fill(-1),
      uFollow: new Array<number>(n).fill(-1),
      uRein: new Array<number>(n).fill(-1),
      uPur: new Array<number>(n).fill(-1),
      uBody: new Array<number>(n).fill(-1),
      lHex: c.lInit.hex.slice(),
      lAtt: c.lInit.att.slice(),
      lActions: Array.from(c.lActions),
      lUsed: new Array<number>(c.m).fill(0),
      lInf: new Array<number>(c.m).fill(0),
      lInfN: new Array<number>(c.m).fill(0),
      lState: new Array<number>(c.m).fill(0),
      lFl: new Array<number>(c.m).fill(0),
      wOrder: c.wInitOrder.slice(),
      wMsgHex: new Array<number>(c.w).fill(-1),
      wMsgOrder: new Array<number>(c.w).fill(0),
      bRoll: new Array<number>(2 * c.m).fill(0),
      phase: PH.initiative,
      kind: K.initiative,
      player: 0,
      first: 0,
      half: 0,
      sel: -1,
      sel2: -1,
      mp: 0,
      mpRoll: 0,
      fwd: 0,
      side: 0,
      wheeled: 0,
      mhalf: 0,
      mdecl: 0,
      mvDice: 0,
      fmUnit: -1,
      fmKind: 0,
      fmAway: -1,
      fmMp: 0,
      fmRoll: 0,
      fmFrom: -1,
      fmSteps: 0,
      fmCont: 0,
      meetBy: -1,
      meets: [],
      stage: 0,
      queue: [],
      pendingRoll: 0,
      mEv: [],
      init: [0, 0],
      winner: -1,
      reason: '',
      score: [0, 0],
    }
  }

  // setup() starts a fixture's position afresh: it needs the seed and dice init was given.
  const inits = new WeakMap<CfeoState, { seed: number; forced: number[]; strict: boolean }>()
  const init = (seed: number, opts?: { forcedDice?: number[]; strictDice?: boolean }): CfeoState => {
    const s = fresh(seed, opts)
    inits.set(s, { seed, forced: opts?.forcedDice?.slice() ?? [], strict: opts?.strictDice === true })
    sync(c, x, s)
    x.ev = null
    // The turn-1 initiative roll happens in init. With strict forced dice it may take them from the queue
    // but never fails for want of them: a fixture with a start block begins afresh in setup() with its
    // whole queue (docs/rules/cfeo.md, Fixtures).
    const strict = s.dice.strict
    s.dice.strict = false
    flow.startTurn(s)
    if (s.kind !== K.initiative || s.phase !== PH.initiative) flow.proceed(s)
    s.dice.strict = strict
    return s
  }

  const legal = (s: CfeoState, mask: Uint8Array): number => {
    const n = flow.legal(s, mask)
    if (mask !== scratch) {
      scratch.set(mask)
      cacheState = s
      cachePly = s.ply
      cacheDice = s.dice.count
    }
    return n
  }

  const decision = (s: CfeoState): Decision | null => {
    if (s.winner >= 0 || s.kind < 0) return null
    const kind = KINDS[s.kind] as string
    const subject = s.sel >= 0 ? layout.units[s.sel] : undefined
    return subject === undefined ? { player: s.player as Player, kind } : { player: s.player as Player, kind, subject }
  }

  const apply = (s: CfeoState, action: number, events?: CfeoEvent[]): TercioError | null => {
    if (s.winner >= 0) return err('GAME_OVER', `the game is over (${s.reason}); no action applies`)
    if (!Number.isInteger(action) || action < 0 || action >= layout.size) return err('ACTION_OUT_OF_RANGE', `action id ${action} is outside 0..${layout.size - 1}`)
    if (!(cacheState === s && cachePly === s.ply && cacheDice === s.dice.count)) flow.legal(s, scratch)
    cacheState = null
    if (!scratch[action]) {
      const subj = s.sel >= 0 ? ` for ${layout.units[s.sel]}` : ''
      return err('ACTION_ILLEGAL', `${actionText(layout, action)} is not legal now: player ${s.player} must decide ${KINDS[s.kind] ?? 'nothing'}${subj} (${PHASES[s.phase]} phase, turn ${s.turn})`)
    }
    x.ev = events ?? null
    s.ply++
    flow.apply(s, action)
    x.ev = null
    return null
  }

  const outcome = (s: CfeoState): Outcome | null => (s.winner < 0 ? null : { winner: s.winner === 2 ? null : (s.winner as Player), reason: s.reason, score: [s.score[0], s.score[1]] })

  const clone = (s: CfeoState): CfeoState => {
    const o = { ...s, dice: cloneDice(s.dice), score: [s.score[0], s.score[1]] } as CfeoState
    for (const f of ARRAYS) (o as unknown as Record<string, number[]>)[f] = s[f].slice()
    return o
  }

  const hash = (s: CfeoState): string => {
    let h = FNV_BASIS
    for (const f of NUMS) h = fnv(h, s[f])
    for (const f of ARRAYS) h = fnvArr(h, s[f])
    h = fnvDice(h, s.dice)
    h = fnv(h, s.score[0])
    h = fnv(h, s.score[1])
    return hashHex(fnvText(h, s.reason))
  }

  const restore = (json: unknown): Result<CfeoState> => {
    const bad = (m: string, path?: string) => fail<CfeoState>(err('STATE_INVALID', `cfeo state: ${m}`, path))
    if (!isRecord(json)) return bad('expected an object')
    const o = json
    if (o['ruleset'] !== 'cfeo') return bad(`ruleset is ${JSON.stringify(o['ruleset'])}, expected "cfeo"`, 'ruleset')
    const notInt = firstNonInteger(o, NUMS)
    if (notInt !== undefined) return bad(`field ${notInt} must be an integer`, notInt)
    const want: Record<string, number> = { u: c.n, l: c.m, w: c.w }
    for (const f of ARRAYS) {
      const a = o[f]
      if (!isIntArray(a)) return bad(`field ${f} must be an array of integers`, f)
      const n = want[f[0] as string]
      if (n !== undefined && /^[ulw][A-Z]/.test(f) && a.length !== n) return bad(`field ${f} has ${a.length} entries, the scenario needs ${n}`, f)
    }
    if ((o['bRoll'] as number[]).length !== 2 * c.m) return bad(`field bRoll has ${(o['bRoll'] as number[]).length} entries, the scenario needs ${2 * c.m}`, 'bRoll')
    if (!isDiceState(o['dice'], true)) return bad('dice state is malformed', 'dice')
    if (firstNonString(o, ['reason']) !== undefined) return bad('field reason must be a string', 'reason')
    if (!Array.isArray(o['score']) || o['score'].length !== 2) return bad('field score must be [number, number]', 'score')
    const s = clone(o as unknown as CfeoState)
    if (s.winner < 0 && (s.kind < 0 || s.kind >= KINDS.length)) return bad(`decision kind ${s.kind} out of range`, 'kind')
    if (s.phase < 0 || s.phase >= PHASES.length) return bad(`phase ${s.phase} out of range`, 'phase')
    const inv = invariants(s)
    if (inv.length) return bad(inv.join('; '))
    return ok(s)
  }

  const invariants = (s: CfeoState): string[] => {
    const out: string[] = []
    const seen = new Map<number, number>()
    for (let u = 0; u < c.n; u++) {
      const id = c.uId[u]
      const h = s.uHex[u] as number
      const st = s.uStatus[u] as number
      if (st < 0 || st >= STATUSES.length) out.push(`unit ${id}: status ${st}`)
      if (h < -1 || h >= c.size) out.push(`unit ${id}: hex ${h} off the map`)
      if ((h < 0) !== (st >= 3)) out.push(`unit ${id}: hex ${h} with status ${STATUSES[st]}`)
      if ((s.uFace[u] as number) < 0 || (s.uFace[u] as number) > 5) out.push(`unit ${id}: facing ${s.uFace[u]}`)
      if (h >= 0) {
        const o = seen.get(h)
        if (o !== undefined) out.push(`hex ${c.grid.labels[h]}: units ${c.uId[o]} and ${id} (one unit a hex)`)
        seen.set(h, u)
        if (c.impassable[h]) out.push(`unit ${id} on impassable hex ${c.grid.labels[h]}`)
        if ((s.uStands[u] as number) < 1) out.push(`unit ${id} on the map with ${s.uStands[u]} stands`)
        if ((s.uDp[u] as number) < 0 || (s.uDp[u] as number) > capacity(c, s, u)) out.push(`unit ${id}: ${s.uDp[u]} DPs, capacity ${capacity(c, s, u)}`)
        if ((s.uRanks[u] as number) < 1 || (s.uRanks[u] as number) > (s.uStands[u] as number)) out.push(`unit ${id}: ${s.uRanks[u]} ranks with ${s.uStands[u]} stands`)
        if (c.uLight[u] && s.uForm[u] !== 2) out.push(`light troops ${id} not unformed`)
        const foe = s.uFoe[u] as number
        if (foe >= 0 && (s.uHex[foe] as number) < 0) out.push(`unit ${id} in melee with a unit off the map`)
      }
    }
    for (let j = 0; j < c.m; j++) {
      const h = s.lHex[j] as number
      const st = s.lState[j] as number
      if (st >= L_KILLED && h !== -1) out.push(`leader ${c.lId[j]} removed but on hex ${h}`)
      if (st < L_KILLED && (h < 0 || h >= c.size)) out.push(`leader ${c.lId[j]} in play without a hex`)
      const a = s.lAtt[j] as number
      if (a >= 0 && s.uHex[a] !== h) out.push(`leader ${c.lId[j]} attached to ${c.uId[a]} but not on its hex`)
      if ((s.lInfN[j] as number) > 2) out.push(`leader ${c.lId[j]} influenced ${s.lInfN[j]} times`)
      if (h >= 0) {
        const v = seen.get(h)
        if (v !== undefined && c.uSide[v] !== c.lSide[j]) out.push(`leader ${c.lId[j]} shares hex ${c.grid.labels[h]} with enemy unit ${c.uId[v]}`)
      }
    }
    if (s.winner < 0 && (s.kind < 0 || s.kind >= KINDS.length)) out.push(`no decision (kind ${s.kind}) while the game is on`)
    if (s.meetBy < -1 || s.meetBy >= c.n) out.push(`meetBy ${s.meetBy} is not a unit`)
    for (const p of s.meets) if (p < 0 || p >= c.n) out.push(`meets holds ${p}, not a unit`)
    return out
  }

  const setup = (s: CfeoState, start: unknown): TercioError | null => {
    cacheState = null
    const bad = (m: string, path: string) => err('FIXTURE_INVALID', `start.${path}: ${m}`, `start.${path}`)
    if (typeof start !== 'object' || start === null || Array.isArray(start)) return bad('expected an object', '')
    const o = start as Record<string, unknown>
    const allowed = ['turn', 'first', 'phase', 'units', 'leaders']
    for (const k of Object.keys(o)) if (!allowed.includes(k) && !k.startsWith('$')) return bad(`unknown field (allowed: ${allowed.join(', ')})`, k)
    const rec = inits.get(s)
    const fresh0 = rec ? fresh(rec.seed, { forcedDice: rec.forced, strictDice: rec.strict }) : { ...fresh(0), dice: s.dice }
    Object.assign(s, fresh0)
    if (o['turn'] !== undefined) {
      if (!Number.isInteger(o['turn']) || (o['turn'] as number) < 1 || (o['turn'] as number) > c.turns) return bad(`expected 1..${c.turns}`, 'turn')
      s.turn = o['turn'] as number
    }
    if (o['first'] !== undefined) {
      if (o['first'] !== 0 && o['first'] !== 1) return bad('expected 0 or 1', 'first')
      s.first = o['first']
    }
    const FLAGS: Record<string, number> = { moved: U_MOVED, fired: U_FIRED, halted: U_HALT, 'under-fire': U_UNDER_FIRE, limbered: U_LIMBERED, 'took-position': U_TOOK_POSITION, 'failed-charge': U_FAILED_CHARGE, 'moved-last-turn': U_MOVED_LAST, charging: U_CHARGING, pursuing: U_PURSUING, 'fast-move-made': U_FAST_AGAIN, 'fired-last-turn': U_FIRED_LAST, abandoned: U_ABANDONED, 'crew-killed': U_CREW_KILLED, 'refused-left': U_REFUSED_L, 'refused-right': U_REFUSED_R }
    if (o['units'] !== undefined) {
      if (typeof o['units'] !== 'object' || o['units'] === null) return bad('expected {unit id: {...}}', 'units')
      for (const [id, raw] of Object.entries(o['units'] as Record<string, unknown>)) {
        const u = c.uId.indexOf(id)
        if (u < 0) return bad(`unknown unit "${id}"`, `units.${id}`)
        const e = raw as Record<string, unknown>
        for (const k of Object.keys(e)) if (!['dp', 'stands', 'formation', 'ranks', 'flags', 'foe', 'lastDice', 'status', 'pursues'].includes(k)) return bad(`unknown field (dp, stands, formation, ranks, flags, foe, lastDice, status, pursues)`, `units.${id}.${k}`)
        if (e['pursues'] !== undefined) {
          const v = c.uId.indexOf(String(e['pursues']))
          if (v < 0) return bad(`unknown unit "${String(e['pursues'])}"`, `units.${id}.pursues`)
          s.uPur[u] = v
          s.uFl[u] = (s.uFl[u] as number) | U_PURSUING
        }
        if (e['stands'] !== undefined) s.uStands[u] = Number(e['stands'])
        if (e['dp'] !== undefined) s.uDp[u] = Number(e['dp'])
        if (e['formation'] !== undefined) {
          const f = FORMATIONS.indexOf(e['formation'] as (typeof FORMATIONS)[number])
          if (f < 0) return bad(`expected one of ${FORMATIONS.join(' ')}`, `units.${id}.formation`)
          s.uForm[u] = f
          if (f === F_COLUMN) s.uRanks[u] = s.uStands[u] as number
        }
        if (e['ranks'] !== undefined) s.uRanks[u] = Number(e['ranks'])
        if (e['lastDice'] !== undefined) s.uLastDice[u] = Number(e['lastDice'])
        if (e['status'] !== undefined) {
          const st = STATUSES.indexOf(e['status'] as (typeof STATUSES)[number])
          if (st < 0 || st > 2) return bad('expected formed, retiring or routing', `units.${id}.status`)
          s.uStatus[u] = st
        }
        for (const f of (e['flags'] as string[] | undefined) ?? []) {
          const b = FLAGS[f]
          if (b === undefined) return bad(`unknown flag "${f}" (${Object.keys(FLAGS).join(', ')})`, `units.${id}.flags`)
          s.uFl[u] = (s.uFl[u] as number) | b
        }
        if (e['foe'] !== undefined) {
          const v = c.uId.indexOf(String(e['foe']))
          if (v < 0) return bad(`unknown unit "${String(e['foe'])}"`, `units.${id}.foe`)
          s.uFoe[u] = v
          s.uFoe[v] = u
        }
      }
    }
    if (o['leaders'] !== undefined) {
      for (const [id, raw] of Object.entries(o['leaders'] as Record<string, unknown>)) {
        const j = c.lId.indexOf(id)
        if (j < 0) return bad(`unknown leader "${id}"`, `leaders.${id}`)
        const e = raw as Record<string, unknown>
        for (const k of Object.keys(e)) if (!['attached', 'inspire', 'steady', 'used', 'actions', 'wounded'].includes(k)) return bad('unknown field (attached, inspire, steady, used, actions, wounded)', `leaders.${id}.${k}`)
        if (e['attached'] !== undefined) {
          const u = e['attached'] === null ? -1 : c.uId.indexOf(String(e['attached']))
          if (e['attached'] !== null && u < 0) return bad(`unknown unit`, `leaders.${id}.attached`)
          s.lAtt[j] = u
          if (u >= 0) s.lHex[j] = s.uHex[u] as number
        }
        if (e['inspire'] !== undefined) {
          s.lInf[j] = INF_INSPIRE
          s.lInfN[j] = Number(e['inspire'])
        }
        if (e['steady'] !== undefined) {
          s.lInf[j] = INF_STEADY
          s.lInfN[j] = Number(e['steady'])
        }
        if (e['used'] !== undefined) s.lUsed[j] = Number(e['used'])
        if (e['actions'] !== undefined) s.lActions[j] = Number(e['actions'])
        if (e['wounded'] === true) s.lState[j] = 1
      }
    }
    const ph = o['phase'] === undefined ? 'artillery' : String(o['phase'])
    const p = PHASES.indexOf(ph as (typeof PHASES)[number])
    if (p < PH.artillery || p > PH.combat) return bad('expected artillery, fire, command, movement or combat', 'phase')
    sync(c, x, s)
    x.ev = null
    flow.enter(s, p)
    const inv = invariants(s)
    if (inv.length) return bad(`the start position breaks invariants: ${inv.join('; ')}`, '')
    return null
  }

  const engine: CfeoEngine = {
    ruleset: 'cfeo',
    scenario: c.scenario,
    grid: c.grid,
    layout,
    decisionKinds: KINDS,
    obs,
    ctx: c,
    init,
    decision,
    legal,
    apply,
    outcome,
    clone,
    hash,
    restore,
    invariants,
    view: (s: CfeoState): GameView => viewOf(c, s, decision(s)),
    material: (s: CfeoState) => material(c, s),
    encode: (s: CfeoState, player: Player, out: ObsBuffers) => encodeObs(c, s, player, out),
    describe: describeEvent,
    ascii: (s: CfeoState) => asciiOf(c, s),
    setup,
  }
  void VERTEX_NAMES
  void C
  return engine
}

export const cfeo: RulesetModule = {
  id: 'cfeo',
  name: 'CFEO 16th C',
  choices: CHOICES,
  decisionKinds: KINDS,
  bind(scenario: Scenario) {
    if (scenario.ruleset !== 'cfeo') return fail(err('SCENARIO_INVALID', `scenario ${scenario.id} is for ruleset "${scenario.ruleset}", not cfeo`, 'ruleset'))
    let built
    try {
      built = buildContext(scenario)
    } catch (e) {
      return fail(err('SCENARIO_INVALID', `scenario ${scenario.id}: ${(e as Error).message}`))
    }
    if (!built.ctx) {
      const first = built.errors[0]
      const more = built.errors.length > 1 ? ` (and ${built.errors.length - 1} more: ${built.errors.slice(1, 4).map((e) => e.message).join('; ')})` : ''
      return fail(err('SCENARIO_INVALID', `scenario ${scenario.id}: ${first?.message ?? 'invalid'}${more}`, first?.path))
    }
    return ok(makeEngine(built.ctx) as unknown as Engine)
  },
}

export type { CfeoState, CfeoEvent } from './state.ts'
export * as cfeoTables from './tables.ts'
