// A small but complete Engine used to test ruleset-independent machinery
// (conformance runner, fuzzer, gym layer, checker) apart from any real ruleset.
//
// Game: two sides, pieces on a small hex map. On your turn select one of your
// pieces (unit:X) then either a hex (move to an adjacent empty hex, or attack an
// adjacent enemy: d6 >= 4 eliminates it) or choice:pass. Or choice:end to end
// your turn. A side with no pieces loses; at the turn limit the side with more
// pieces wins, equal is a draw.
//
// `bug` plants one deliberate defect so tests can prove that checks can fail.

import { makeLayout, actionText } from '../../env/core/actions.ts'
import type { BaseEvent, Engine, GameView, ObsBuffers, Player, Result, TercioError } from '../../env/core/types.ts'
import { err, fail, ok } from '../../env/core/types.ts'
import { cloneDice, d6, seedDice, type DiceState } from '../../env/dice.ts'
import { hexOfLabel, makeGrid, VERTEX_NAMES } from '../../env/hex/grid.ts'
import type { Scenario } from '../../env/scenario/types.ts'

export type ToyBug = 'none' | 'hash' | 'clone' | 'invariant' | 'mask-extra' | 'mask-empty' | 'nondeterministic' | 'restore' | 'hang'

export interface ToyState {
  readonly ruleset: 'piwam'
  turn: number
  ply: number
  dice: DiceState
  hex: number[] // -1 = eliminated
  side: number[]
  active: number // player to act
  selected: number // piece index or -1
}

export type ToyEvent =
  | { type: 'rolled'; sides: number; value: number; forced: boolean; why: string }
  | { type: 'moved'; unit: string; from: string; to: string }
  | { type: 'eliminated'; unit: string; by: string }
  | { type: 'turn-ended'; player: Player }

const CHOICES = ['pass', 'end'] as const
const KINDS = ['select', 'target'] as const

export function toyScenario(): Scenario {
  return {
    format: 'tercio-scenario/1',
    id: 'toy',
    name: 'Toy skirmish',
    ruleset: 'piwam',
    map: { cols: 5, rows: 4, terrain: ['.....', '.....', '.....', '.....'], legend: { '.': 'clear' } },
    sides: [
      { id: 'red', name: 'Red', edge: 'S' },
      { id: 'blue', name: 'Blue', edge: 'N' },
    ],
    wings: [],
    leaders: [],
    units: [
      { id: 'R1', side: 0, type: 'X', hex: '0204', facing: 'NE' },
      { id: 'R2', side: 0, type: 'X', hex: '0404', facing: 'NE' },
      { id: 'B1', side: 1, type: 'X', hex: '0201', facing: 'SW' },
      { id: 'B2', side: 1, type: 'X', hex: '0401', facing: 'SW' },
    ],
    turns: 6,
  }
}

export function makeToyEngine(bug: ToyBug = 'none', scenario: Scenario = toyScenario()): Engine<ToyState, ToyEvent> {
  const grid = makeGrid(scenario.map.cols, scenario.map.rows)
  const ids = scenario.units.map((u) => u.id)
  const layout = makeLayout(CHOICES, [], ids, grid)
  const n = ids.length
  let nondet = 0

  const occupant = (s: ToyState, h: number): number => s.hex.indexOf(h)

  const legal = (s: ToyState, mask: Uint8Array): number => {
    mask.fill(0)
    if (outcome(s)) return 0
    let count = 0
    const set = (id: number) => {
      if (!mask[id]) count++
      mask[id] = 1
    }
    if (bug === 'mask-empty' && s.ply === 3) return 0
    if (s.selected < 0) {
      set(layout.offset.choice + 1) // end
      for (let i = 0; i < n; i++) if (s.side[i] === s.active && (s.hex[i] as number) >= 0) set(layout.offset.unit + i)
    } else {
      set(layout.offset.choice + 0) // pass
      const h = s.hex[s.selected] as number
      for (let d = 0; d < 6; d++) {
        const nb = grid.neighbors[h * 6 + d] as number
        if (nb < 0) continue
        const o = occupant(s, nb)
        if (o < 0 || s.side[o] !== s.active) set(layout.offset.hex + nb)
      }
    }
    if (bug === 'mask-extra') set(layout.offset.hex) // hex 0101 always "legal"
    return count
  }

  const scratch = new Uint8Array(layout.size)

  const apply = (s: ToyState, action: number, events?: ToyEvent[]): TercioError | null => {
    if (outcome(s)) return err('GAME_OVER', 'the game is over')
    if (!Number.isInteger(action) || action < 0 || action >= layout.size) return err('ACTION_OUT_OF_RANGE', `action ${action} out of range`)
    legal(s, scratch)
    if (!scratch[action]) return err('ACTION_ILLEGAL', `${actionText(layout, action)} is not legal now`)
    s.ply++
    // 'hang': a step that blocks for 3 s (tests the worker watchdog without burning CPU).
    if (bug === 'hang') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 3000)
    if (action === layout.offset.choice + 1) {
      events?.push({ type: 'turn-ended', player: s.active as Player })
      s.active = 1 - s.active
      if (s.active === 0) s.turn++
    } else if (action === layout.offset.choice) {
      s.selected = -1
    } else if (action >= layout.offset.unit && action < layout.offset.hex) {
      s.selected = action - layout.offset.unit
    } else {
      const to = action - layout.offset.hex
      if (bug === 'mask-extra' && to === 0 && occupant(s, 0) >= 0) throw new Error('toy bug: moved onto an occupied hex')
      const o = occupant(s, to)
      const me = s.selected
      if (o >= 0) {
        const roll = d6(s.dice, `${ids[me]} attacks ${ids[o]}`, events)
        if (roll >= 4) {
          s.hex[o] = -1
          events?.push({ type: 'eliminated', unit: ids[o] as string, by: ids[me] as string })
        }
      } else {
        events?.push({ type: 'moved', unit: ids[me] as string, from: grid.labels[s.hex[me] as number] as string, to: grid.labels[to] as string })
        s.hex[me] = to
        if (bug === 'invariant' && s.ply % 7 === 0) s.hex[me] = s.hex.find((h, i) => i !== me && h >= 0) ?? to
      }
      s.selected = -1
    }
    if (bug === 'nondeterministic') s.turn += nondet++ % 2
    return null
  }

  const count = (s: ToyState, side: number) => s.hex.filter((h, i) => h >= 0 && s.side[i] === side).length

  function outcome(s: ToyState) {
    const a = count(s, 0)
    const b = count(s, 1)
    if (a === 0 || b === 0) return { winner: (a === 0 ? 1 : 0) as Player, reason: 'annihilation', score: [a, b] as const }
    if (s.turn > scenario.turns) return { winner: a === b ? null : ((a > b ? 0 : 1) as Player), reason: 'turn limit', score: [a, b] as const }
    return null
  }

  const hash = (s: ToyState): string => {
    let h = 0x811c9dc5
    const mix = (v: number) => {
      h ^= v & 0xff
      h = Math.imul(h, 0x01000193)
      h ^= (v >>> 8) & 0xff
      h = Math.imul(h, 0x01000193)
    }
    mix(s.turn)
    mix(s.active)
    mix(s.selected + 1)
    if (bug !== 'hash') for (const v of s.hex) mix(v + 1)
    mix(s.dice.x)
    mix(s.dice.w)
    return (h >>> 0).toString(16).padStart(8, '0')
  }

  const clone = (s: ToyState): ToyState => ({
    ...s,
    dice: bug === 'clone' ? s.dice : cloneDice(s.dice),
    hex: s.hex.slice(),
    side: s.side.slice(),
  })

  const view = (s: ToyState): GameView => {
    const d = outcome(s) ? null : { player: s.active as Player, kind: s.selected < 0 ? 'select' : 'target' }
    return {
      turn: s.turn,
      phase: 'play',
      decision: d,
      units: ids.map((id, i) => ({
        id,
        side: s.side[i] as Player,
        type: 'X',
        wing: null,
        hex: (s.hex[i] as number) >= 0 ? (grid.labels[s.hex[i] as number] as string) : null,
        facing: VERTEX_NAMES[0],
        status: 'normal',
        eliminated: (s.hex[i] as number) < 0,
      })),
      leaders: [],
      wings: [],
    }
  }

  const engine: Engine<ToyState, ToyEvent> = {
    ruleset: 'piwam',
    scenario,
    grid,
    layout,
    decisionKinds: KINDS,
    obs: { planes: ['own', 'enemy', 'selected'], entityFeatures: ['own', 'alive', 'col', 'row'], maxEntities: n, globals: ['turn', 'selecting'] },
    init(seed, opts) {
      const dice = seedDice(seed)
      if (opts?.forcedDice) dice.forced = opts.forcedDice.slice()
      if (opts?.strictDice) dice.strict = true
      return {
        ruleset: 'piwam',
        turn: 1,
        ply: 0,
        dice,
        hex: scenario.units.map((u) => hexOfLabel(grid, u.hex)),
        side: scenario.units.map((u) => u.side),
        active: 0,
        selected: -1,
      }
    },
    decision: (s) => (outcome(s) ? null : { player: s.active as Player, kind: s.selected < 0 ? 'select' : 'target' }),
    legal,
    apply,
    outcome,
    clone,
    hash,
    restore(json: unknown): Result<ToyState> {
      const o = json as Partial<ToyState> | null
      if (!o || typeof o !== 'object' || !Array.isArray(o.hex) || !Array.isArray(o.side) || typeof o.turn !== 'number' || !o.dice) {
        return fail(err('STATE_INVALID', 'not a toy state'))
      }
      const s = o as ToyState
      return ok(bug === 'restore' ? { ...s, selected: -1 } : clone(s))
    },
    invariants(s) {
      const out: string[] = []
      const seen = new Set<number>()
      s.hex.forEach((h, i) => {
        if (h < 0) return
        if (seen.has(h)) out.push(`two pieces in hex ${grid.labels[h]} (${ids[i]})`)
        seen.add(h)
      })
      return out
    },
    view,
    material: (s) => [count(s, 0), count(s, 1)],
    encode(s, player, out: ObsBuffers) {
      out.planes.fill(0)
      out.entities.fill(0)
      const size = grid.size
      for (let i = 0; i < n; i++) {
        const h = s.hex[i] as number
        const own = s.side[i] === player ? 1 : 0
        if (h >= 0) out.planes[(own ? 0 : 1) * size + h] = 1
        if (h >= 0 && i === s.selected) out.planes[2 * size + h] = 1
        out.entities[i * 4] = own
        out.entities[i * 4 + 1] = h >= 0 ? 1 : 0
        out.entities[i * 4 + 2] = h >= 0 ? (h % grid.cols) / grid.cols : 0
        out.entities[i * 4 + 3] = h >= 0 ? Math.floor(h / grid.cols) / grid.rows : 0
      }
      out.globals[0] = s.turn / scenario.turns
      out.globals[1] = s.selected < 0 ? 1 : 0
    },
    describe(e) {
      switch (e.type) {
        case 'rolled':
          return `rolled ${e.value} on d${e.sides} (${e.why})`
        case 'moved':
          return `${e.unit} moved ${e.from} -> ${e.to}`
        case 'eliminated':
          return `${e.unit} eliminated by ${e.by}`
        case 'turn-ended':
          return `player ${e.player} ended the turn`
      }
    },
    ascii(s) {
      const rows: string[] = []
      for (let r = 0; r < grid.rows; r++) {
        let line = ''
        for (let c = 0; c < grid.cols; c++) {
          const o = occupant(s, r * grid.cols + c)
          line += o < 0 ? ' . ' : ` ${s.side[o] === 0 ? 'r' : 'b'}${(ids[o] as string).slice(1)}`
        }
        rows.push(line)
      }
      return rows.join('\n')
    },
  }
  return engine
}

export type { BaseEvent }
