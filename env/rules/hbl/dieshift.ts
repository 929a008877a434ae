// The die-shift and melee core of Hell Broke Loose, pure (no state, no dice):
// Ups and Downs move a die along D4..D12; Ups past D12 add to the result, capped
// at 12; odd/even is read from the face, never the total. The melee factors and
// the result bands are the ones the 18 January examples use (docs/rules/hbl.md,
// "Melee"). The engine (melee.ts) rolls the dice and applies the outcome.

import { DIE_LADDER, MAX_RESULT, MELEE_BANDS, MELEE_FACTORS, type DieSides, type MeleeFactor } from './tables.ts'

/** A shifted die: roll `sides`, add `bonus` (the Ups beyond D12), cap the total at 12. */
export interface ShiftedDie {
  readonly sides: DieSides
  readonly bonus: number
}

/** The die a base die becomes after `net` = Ups - Downs ("D6 Down 5 = D4", "D6 Up 4 = D12+1"). */
export function shiftDie(base: number, net: number): ShiftedDie {
  const i = DIE_LADDER.indexOf(base as DieSides)
  if (i < 0) throw new RangeError(`D${base} is not on the D4..D12 ladder`)
  const j = i + net
  if (j <= 0) return { sides: 4, bonus: 0 }
  const top = DIE_LADDER.length - 1
  if (j >= top) return { sides: 12, bonus: j - top }
  return { sides: DIE_LADDER[j] as DieSides, bonus: 0 }
}

/** The result of a shifted die: face + bonus, never above 12 ("you can't score 14"). */
export const dieTotal = (face: number, bonus: number): number => Math.min(MAX_RESULT, face + bonus)

/** "It is the result on the die, not the result total, that counts." */
export const isOdd = (face: number): boolean => (face & 1) === 1

/** Short text of a shifted die, as the posts write it: D10, D12+3. */
export const dieText = (d: ShiftedDie): string => `D${d.sides}${d.bonus > 0 ? `+${d.bonus}` : ''}`

/** What one side of a melee brings to the factor count (geometry already decided by the engine). */
export interface MeleeSide {
  readonly cd: number
  readonly arm: 'cav' | 'inf' | 'art'
  readonly formation: 'formed' | 'close' | 'skirmish' | 'loose' | 'gun'
  readonly pike: boolean
  readonly armour: number
  readonly weapon: string
  readonly stubborn: number
  readonly uiLost: number
  readonly vexed: boolean
  /** Standing in type I (open) terrain. */
  readonly typeI: boolean
  readonly initiating: boolean
  readonly followingUp: boolean
  /** The enemy is in this unit's flank or rear (the attacker's "flanking"). */
  readonly flanking: boolean
  /** This unit is attacked in its flank or rear and has not refused that flank. */
  readonly flanked: boolean
  /** The enemy is in this unit's front (a pike square "fighting frontally"). */
  readonly frontal: boolean
  /** Cavalry whose pike enemy faces it with its front or its refused flank. */
  readonly facesPike: boolean
}

export interface Factor {
  readonly name: MeleeFactor
  readonly shift: number
}

/** Every Up and Down of `me` fighting `foe`; `beats[w]` lists the weapons w is superior to. */
export function meleeFactors(me: MeleeSide, foe: MeleeSide, beats: Readonly<Record<string, readonly string[]>>, f: Readonly<Record<MeleeFactor, number>> = MELEE_FACTORS): Factor[] {
  const out: Factor[] = []
  const add = (name: MeleeFactor, times = 1) => {
    for (let i = 0; i < times; i++) out.push({ name, shift: f[name] })
  }
  if (me.initiating) add('initiating')
  if (me.followingUp) add('followingUp')
  if (me.typeI && me.arm === 'cav' && me.formation === 'formed') add('formedCavalryTypeI')
  if (me.typeI && me.arm === 'inf' && me.formation === 'close') add('closeFormedTypeI')
  if (me.pike && me.frontal) add('pikeFrontal')
  if (me.armour > foe.armour && me.armour >= 2) add('superiorArmour')
  if ((beats[me.weapon] ?? []).includes(foe.weapon) && (me.weapon !== 'pike' || foe.arm === 'cav')) add('superiorWeapon')
  if (me.flanking) add('flanking')
  if (foe.armour >= 2 && me.armour < 2) add('fullyArmoured')
  if (me.flanked) add('flanked')
  if (me.facesPike) add('frontalPike')
  if (me.vexed) add('vexed')
  const beyond = me.uiLost - me.stubborn
  if (beyond > 0) add('perUiLost', beyond)
  return out
}

export const netShift = (fs: readonly Factor[]): number => fs.reduce((a, x) => a + x.shift, 0)

/** The rules version a melee is fought under (docs/rules/hbl.md, "Versions"). */
export type Variant = '2013-01-31' | '2013-01-18' | '2013-01-15'
export const VARIANTS: readonly Variant[] = ['2013-01-31', '2013-01-18', '2013-01-15']

export interface MeleeRoll {
  readonly face: number
  readonly total: number
  readonly fierce: boolean
}

export type Band = 'no-advantage' | 'marginal' | 'decisive' | 'routed'

/** The outcome of one round, before stubborn chips and geometry (side 0 = a, 1 = b, -1 = none). */
export interface MeleeOutcome {
  readonly diff: number
  readonly band: Band
  readonly winner: -1 | 0 | 1
  /** UI lost by a and b (one morale chip each). */
  readonly uiLoss: readonly [number, number]
  /** Who is pushed back vexed; `pushForced`: stubborn UI cannot hold it (a Fierce marginal win). */
  readonly pushBack: -1 | 0 | 1
  readonly pushForced: boolean
  readonly routed: -1 | 0 | 1
  /** Who counts as following up next round. */
  readonly followUp: -1 | 0 | 1
  /** A close skirmisher withdrawing a hex; the melee then ends. */
  readonly withdraw: -1 | 0 | 1
  /** Close skirmish: the result was read as "equal, hard fought with no advantage". */
  readonly skirmishDraw: boolean
}

/**
 * One melee round's outcome from the two rolls. `skirmisher`: the side fighting a close
 * skirmish (-1 none). The Fierce marginal conversion keeps the mutual 1 UI (proved by the
 * Combat 3 totals); Fierce's 0-pip follow-up exists from the 31 January amendment only.
 */
export function meleeOutcome(a: MeleeRoll, b: MeleeRoll, variant: Variant, skirmisher: -1 | 0 | 1 = -1, bands = MELEE_BANDS): MeleeOutcome {
  const diff = a.total - b.total
  const rolls = [a, b] as const
  let withdraw: -1 | 0 | 1 = -1
  let skirmishDraw = false
  let normal = true
  if (skirmisher >= 0) {
    const k = skirmisher as 0 | 1
    const mine = k === 0 ? diff : -diff
    const even = !isOdd((rolls[k] as MeleeRoll).face)
    if (variant === '2013-01-31') {
      if (mine > 0) withdraw = k
      else if (mine < 0 && even) {
        skirmishDraw = true
        withdraw = k
      }
    } else if (even) {
      // 15 January: a win on an even roll is normal but ends with a gap; a loss (or draw) on an even roll is a draw and a gap.
      withdraw = k
      if (mine <= 0) skirmishDraw = true
    }
    if (skirmishDraw) normal = false
  }
  const abs = Math.abs(diff)
  const winner: -1 | 0 | 1 = !normal || diff === 0 ? -1 : diff > 0 ? 0 : 1
  const loser: -1 | 0 | 1 = winner === -1 ? -1 : winner === 0 ? 1 : 0
  const band: Band = !normal || abs < bands.marginalMin ? 'no-advantage' : abs < bands.decisiveMin ? 'marginal' : abs < bands.routMin ? 'decisive' : 'routed'
  const uiLoss: [number, number] = [0, 0]
  let pushBack: -1 | 0 | 1 = -1
  let pushForced = false
  let routed: -1 | 0 | 1 = -1
  let followUp: -1 | 0 | 1 = -1
  if (band === 'no-advantage' || band === 'marginal') {
    uiLoss[0] = 1
    uiLoss[1] = 1
  }
  if (band === 'no-advantage') {
    if (variant === '2013-01-31' && !skirmishDraw && a.fierce !== b.fierce) followUp = a.fierce ? 0 : 1
  } else if (band === 'marginal') {
    followUp = winner
    const w = rolls[winner as 0 | 1] as MeleeRoll
    const l = rolls[loser as 0 | 1] as MeleeRoll
    if (w.fierce && !l.fierce) {
      pushBack = loser
      pushForced = true
    }
  } else {
    uiLoss[loser as 0 | 1] = Math.floor(abs / bands.pipsPerUi)
    followUp = winner
    if (band === 'decisive') pushBack = loser
    else routed = loser
  }
  if (withdraw >= 0) followUp = -1
  return { diff: normal ? a.total - b.total : 0, band, winner, uiLoss, pushBack, pushForced, routed, followUp, withdraw, skirmishDraw }
}
