// The `marignan` ruleset: "Marignan 1515" (Vae Victus no. 3), hexside facing,
// 2d6 morale, ZOC and commitment, hedgehog, charge, corps morale, two scenarios.
// Rules notes: docs/rules/marignan.md.

import { makeLayout } from '../../core/actions.ts'
import type { Engine, InitOptions, ObsBuffers, Outcome, Player, Result, RulesetModule, TercioError } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import type { Scenario } from '../../scenario/types.ts'
import { checkedApply, InitRecord, type ApplyRules } from '../shared/binding.ts'
import { buildContext, type Ctx } from './context.ts'
import { applyAction, decisionPlayer, legalMask, startPhase } from './flow.ts'
import { demoralisedFrench } from './morale.ts'
import { touch } from './occupancy.ts'
import { CHOICES, cloneState, F_CHARGE, F_HEDGE, F_OOC, FRENCH, hashState, initState, invariantsOf, KINDS, L_DEAD, LSTATUS, P, PHASES, restoreState, S_WAIT, SWISS, type MEvent, type MState } from './state.ts'
import { asciiOf, describeEvent, encIndex, encodeInto, materialOf, obsSpecOf, selId, subjectOf, viewOf } from './view.ts'

export type { MState, MEvent } from './state.ts'







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
  s.rq.length = 0
  s.over = 0
  touch(c)
  const ph = o['phase'] === undefined ? (c.freeDeploy ? 'deployment' : 'command') : String(o['phase'])
  const p = PHASES.indexOf(ph as (typeof PHASES)[number])
  if (p < 0 || p === P.over) return bad('phase', `expected one of ${PHASES.slice(0, -1).join(', ')}`)
  if (p === P.deployment) s.active = FRENCH
  else if (c.freeDeploy) {
    // a start position past the deployment: the French stand where the scenario puts them
    for (let u = 0; u < c.nU; u++) {
      if (c.uSide[u] !== FRENCH || c.uWaitVia[u] !== 0 || s.st[u] !== S_WAIT) continue
      s.st[u] = (c.uStart[u] as { st: number }).st
      s.hex[u] = (c.uStart[u] as { hex: number }).hex
    }
    if (o['active'] === undefined) s.active = SWISS
  }
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
  const inits = new InitRecord<MState>()
  const rules: ApplyRules<MState, MEvent> = {
    legal: (s, mask) => legalMask(c, s, mask),
    context: (s) => `player ${decisionPlayer(c, s)} decides ${KINDS[s.dk]}${s.sel >= 0 ? ` for ${selId(c, s)}` : ''}, ${PHASES[s.phase]} phase, turn ${s.turn}`,
    act: (s, action, events) => applyAction(c, s, action, events),
  }
  const engine: Engine<MState, MEvent> = {
    ruleset: 'marignan',
    scenario,
    grid: c.grid,
    layout,
    decisionKinds: KINDS,
    obs,
    init(seed: number, opts?: InitOptions): MState {
      const s = initState(c, seed, opts)
      inits.note(s, seed, opts)
      startPhase(c, s, c.freeDeploy ? P.deployment : P.command, undefined)
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
    apply: (s: MState, action: number, events?: MEvent[]): TercioError | null => checkedApply(layout, scratch, rules, s, action, events),
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
      inits.reset(s, (seed, opts) => initState(c, seed, opts))
      return setupState(c, s, start)
    },
  }
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
