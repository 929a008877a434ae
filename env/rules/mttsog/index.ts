// The `mttsog` ruleset: "March Toward the Sound of Guns" (Herbert Wong, v1.1),
// Napoleonic, as written: command-point dice pools, formations, shooting on 4+,
// simultaneous melee through the formation combat table, army break point.
// Scale 1 hex = 1 inch = 100 paces, hexside facing. Rules notes: docs/rules/mttsog.md.

import { makeLayout } from '../../core/actions.ts'
import type { Engine, InitOptions, ObsBuffers, Outcome, Player, Result, RulesetModule, TercioError } from '../../core/types.ts'
import { err, fail, ok } from '../../core/types.ts'
import type { Scenario } from '../../scenario/types.ts'
import { checkedApply, InitRecord, type ApplyRules } from '../shared/binding.ts'
import { buildContext, type Ctx } from './context.ts'
import { sync } from './core.ts'
import { applyAction, curKind, decisionPlayer, legalMask, scores, startAt, startGame, subjectOf } from './flow.ts'
import { asciiOf, describeEvent, encIndex, encodeInto, materialOf, obsSpecOf, viewOf } from './view.ts'
import { CHOICES, cloneState, F_CHARGE, F_EXH, F_MELEE, F_RALLIED, hashState, initState, invariantsOf, KINDS, P, PHASES, restoreState, type MtEvent, type MtState } from './state.ts'

export type { MtState, MtEvent } from './state.ts'

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
  const inits = new InitRecord<MtState>()
  const rules: ApplyRules<MtState, MtEvent> = {
    legal(s, mask) {
      sync(c, s)
      legalMask(c, lo, s, mask)
    },
    context(s) {
      const sub = subjectOf(c, s)
      return `player ${decisionPlayer(c, s)} decides ${KINDS[curKind(s)]}${sub ? ` for ${sub}` : ''}, ${PHASES[s.phase]} phase, turn ${s.turn}`
    },
    act: (s, action, events) => applyAction(c, lo, s, action, events),
  }
  const engine: Engine<MtState, MtEvent> = {
    ruleset: 'mttsog',
    scenario,
    grid: c.grid,
    layout,
    decisionKinds: KINDS,
    obs,
    init(seed: number, opts?: InitOptions): MtState {
      const s = initState(c, seed, opts)
      inits.note(s, seed, opts)
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
    apply: (s: MtState, action: number, events?: MtEvent[]): TercioError | null => checkedApply(layout, scratch, rules, s, action, events),
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
      inits.reset(s, (seed, opts) => initState(c, seed, opts))
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
