// The pure die-shift and melee core (env/rules/hbl/dieshift.ts), pinned on the
// posts' own arithmetic: every shifted die of the three combat examples and the
// sequence example, the 12 cap, odd/even from the face, and the result bands.
import { describe, expect, it } from 'vitest'
import { dieText, dieTotal, isOdd, meleeFactors, meleeOutcome, netShift, shiftDie, type MeleeSide } from '../../env/rules/hbl/dieshift.ts'
import { SUPERIOR_WEAPON } from '../../env/rules/hbl/tables.ts'

const beats = SUPERIOR_WEAPON.beats as unknown as Record<string, readonly string[]>

describe('shiftDie', () => {
  it('the posts\' worked shifts', () => {
    expect(dieText(shiftDie(6, -5))).toBe('D4') // "a D6 Down 5 will be D4"
    expect(dieText(shiftDie(6, 4))).toBe('D12+1') // "D6 Up 4 = D12+1"
    expect(dieText(shiftDie(8, 1))).toBe('D10') // "D8, Up 2, Down 1 = D8 Up 1 = D10"
    expect(dieText(shiftDie(10, 2))).toBe('D12+1') // "D10, Up 2 = D12+1"
    expect(dieText(shiftDie(8, -2))).toBe('D4') // "D8 Down 2 = D4"
    expect(dieText(shiftDie(12, 4))).toBe('D12+4') // Combat 2
    expect(dieText(shiftDie(10, 0))).toBe('D10')
    expect(dieText(shiftDie(6, 5))).toBe('D12+2') // Combat 3's gun, Up 5
  })
  it('never below D4, every step of the ladder', () => {
    expect(shiftDie(4, -3)).toEqual({ sides: 4, bonus: 0 })
    expect(shiftDie(12, -4)).toEqual({ sides: 4, bonus: 0 })
    expect(shiftDie(12, -3)).toEqual({ sides: 6, bonus: 0 })
    expect(shiftDie(4, 4)).toEqual({ sides: 12, bonus: 0 })
    expect(shiftDie(4, 5)).toEqual({ sides: 12, bonus: 1 })
  })
  it('rejects a die off the ladder', () => {
    expect(() => shiftDie(7, 0)).toThrow(RangeError)
  })
  it('the 12 cap: "you can\'t score 14"', () => {
    expect(dieTotal(10, 4)).toBe(12)
    expect(dieTotal(10, 3)).toBe(12) // Combat 2 round 2: 10+3 read as 12
    expect(dieTotal(12, 2)).toBe(12)
    expect(dieTotal(4, 3)).toBe(7)
    expect(dieTotal(9, 0)).toBe(9)
  })
  it('odd and even come from the face, not the total', () => {
    expect(isOdd(3)).toBe(true) // Gendarmes 3+1 = 4: an odd roll
    expect(isOdd(8)).toBe(false)
  })
})

const base: MeleeSide = { cd: 10, arm: 'cav', formation: 'formed', pike: false, armour: 1, weapon: 'lance', stubborn: 0, uiLost: 0, vexed: false, typeI: true, initiating: false, followingUp: false, flanking: false, flanked: false, frontal: true, facesPike: false }
const die = (me: MeleeSide, foe: MeleeSide) => dieText(shiftDie(me.cd, netShift(meleeFactors(me, foe, beats))))

describe('meleeFactors reproduce the examples\' dice', () => {
  const lance: MeleeSide = { ...base, cd: 10, armour: 2 }
  const archers: MeleeSide = { ...base, cd: 8, armour: 1 }
  it('Combat 1, three rounds (round 3 under the 18 January rules)', () => {
    expect(die({ ...archers, initiating: true }, lance)).toBe('D10')
    expect(die(lance, archers)).toBe('D12+1')
    expect(die({ ...archers, followingUp: true, uiLost: 1 }, { ...lance, uiLost: 1 })).toBe('D8')
    expect(die({ ...lance, uiLost: 1 }, { ...archers, uiLost: 1 })).toBe('D12')
    expect(die({ ...archers, uiLost: 2 }, { ...lance, uiLost: 2 })).toBe('D4')
    expect(die({ ...lance, uiLost: 2 }, { ...archers, uiLost: 2 })).toBe('D10')
  })
  const gend: MeleeSide = { ...base, cd: 12, armour: 2 }
  const lk: MeleeSide = { ...base, cd: 10, arm: 'inf', formation: 'close', pike: true, armour: 1, weapon: 'pike', stubborn: 4 }
  it('Combat 2: the flank attack and the refused flank', () => {
    expect(die({ ...gend, initiating: true, flanking: true, frontal: false }, lk)).toBe('D12+4')
    expect(die({ ...lk, flanked: true, frontal: false }, gend)).toBe('D10')
    expect(die({ ...gend, followingUp: true, flanking: true, frontal: false, facesPike: true }, lk)).toBe('D12+3')
    expect(die({ ...lk, vexed: true, uiLost: 4, frontal: false }, gend)).toBe('D10')
    expect(die({ ...lk, uiLost: 3, frontal: false }, gend)).toBe('D12')
  })
  const swiss: MeleeSide = { ...lk, cd: 12, stubborn: 6 }
  it('Combat 3: stubborn UI are free, the seventh loss is a Down', () => {
    expect(die({ ...swiss, initiating: true, vexed: true, uiLost: 2 }, lk)).toBe('D12+2')
    expect(die(lk, swiss)).toBe('D12+1')
    expect(die({ ...lk, vexed: true }, swiss)).toBe('D12')
    expect(die({ ...swiss, vexed: true, uiLost: 6 }, lk)).toBe('D12+1')
    expect(die({ ...swiss, vexed: true, uiLost: 7 }, lk)).toBe('D12')
  })
  it('the sequence post: Genitors and Borgia\'s Gendarmes', () => {
    const gen: MeleeSide = { ...base, cd: 8, formation: 'skirmish', armour: 0, weapon: 'javelin' }
    expect(die({ ...gen, initiating: true }, gend)).toBe('D8')
    expect(die(gend, gen)).toBe('D12+3')
    expect(die({ ...gend, uiLost: 1 }, gen)).toBe('D12+2')
    expect(die({ ...gend, uiLost: 2 }, gen)).toBe('D12+1')
    expect(die({ ...gen, uiLost: 1 }, gend)).toBe('D4')
  })
  it('each factor names itself once (Up 1 / Down 1)', () => {
    const fs = meleeFactors({ ...archers, initiating: true }, lance, beats).map((f) => `${f.name}:${f.shift}`)
    expect(fs).toEqual(['initiating:1', 'formedCavalryTypeI:1', 'fullyArmoured:-1'])
  })
})

const r = (face: number, bonus = 0, fierce = false) => ({ face, total: dieTotal(face, bonus), fierce })

describe('meleeOutcome bands', () => {
  it('0 pips: hard fought, no advantage; 31 January Fierce follow-up', () => {
    const o = meleeOutcome(r(7), r(7, 0, true), '2013-01-18')
    expect([o.band, o.uiLoss, o.followUp, o.winner]).toEqual(['no-advantage', [1, 1], -1, -1])
    expect(meleeOutcome(r(7), r(7, 0, true), '2013-01-31').followUp).toBe(1)
    expect(meleeOutcome(r(7, 0, true), r(7, 0, true), '2013-01-31').followUp).toBe(-1)
  })
  it('1-2 pips: both lose 1, the higher follows up; a Fierce winner pushes a non-Fierce loser back', () => {
    const o = meleeOutcome(r(8), r(6, 1), '2013-01-31')
    expect([o.band, o.uiLoss, o.followUp, o.pushBack]).toEqual(['marginal', [1, 1], 0, -1])
    const f = meleeOutcome(r(4, 2, true), r(3, 1), '2013-01-31')
    expect([f.band, f.uiLoss, f.followUp, f.pushBack, f.pushForced]).toEqual(['marginal', [1, 1], 0, 1, true])
    expect(meleeOutcome(r(4, 2, true), r(3, 1, true), '2013-01-31').pushBack).toBe(-1)
  })
  it('3-5 pips: decisive, 1 UI per 3 pips, loser pushed back', () => {
    const o = meleeOutcome(r(10, 4), r(9), '2013-01-31')
    expect([o.diff, o.band, o.uiLoss, o.pushBack, o.pushForced, o.followUp]).toEqual([3, 'decisive', [0, 1], 1, false, 0])
    const p = meleeOutcome(r(4, 3), r(11), '2013-01-31')
    expect([p.diff, p.uiLoss, p.pushBack, p.followUp]).toEqual([-4, [1, 0], 0, 1])
  })
  it('6+ pips: routed, 2 UI at 6-8, 3 at 9', () => {
    expect(meleeOutcome(r(3), r(9), '2013-01-18')).toMatchObject({ band: 'routed', uiLoss: [2, 0], routed: 0, followUp: 1 })
    expect(meleeOutcome(r(10, 3), r(3), '2013-01-18')).toMatchObject({ diff: 9, uiLoss: [0, 3], routed: 1 })
    expect(meleeOutcome(r(7, 1), r(1), '2013-01-18')).toMatchObject({ diff: 7, uiLoss: [0, 2], routed: 1 })
  })
  it('close skirmish, 15 January: an even loss is a draw and a gap; odd draws stay ongoing', () => {
    const o = meleeOutcome(r(8), r(8, 3, true), '2013-01-15', 0)
    expect([o.band, o.uiLoss, o.withdraw, o.skirmishDraw, o.pushBack]).toEqual(['no-advantage', [1, 1], 0, true, -1])
    const d = meleeOutcome(r(7), r(5, 2, true), '2013-01-15', 0)
    expect([d.band, d.uiLoss, d.withdraw, d.followUp]).toEqual(['no-advantage', [1, 1], -1, -1])
  })
  it('close skirmish, 31 January: a win withdraws, an even loss is a draw, an odd loss is normal', () => {
    expect(meleeOutcome(r(8), r(4), '2013-01-31', 0)).toMatchObject({ band: 'decisive', pushBack: 1, withdraw: 0, followUp: -1 })
    expect(meleeOutcome(r(8), r(8, 3, true), '2013-01-31', 0)).toMatchObject({ skirmishDraw: true, withdraw: 0, uiLoss: [1, 1] })
    expect(meleeOutcome(r(3), r(8, 3, true), '2013-01-31', 0)).toMatchObject({ band: 'routed', routed: 0, withdraw: -1 })
  })
})
