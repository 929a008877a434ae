import { describe, expect, it } from 'vitest'
import { seedDice } from '../../env/dice.ts'
import { firstLengthMismatch, firstNonIntArray, firstNonInteger, firstNonString, fnv, FNV_BASIS, fnvArr, fnvDice, fnvText, hashHex, isDiceState, isIntArray, isRecord, plainStateProblem } from '../../env/rules/shared/state-codec.ts'

describe('shared state codec: restore checks', () => {
  it('isRecord accepts objects and arrays, rejects null and primitives', () => {
    expect(isRecord({})).toBe(true)
    expect(isRecord([])).toBe(true)
    expect(isRecord(null)).toBe(false)
    expect(isRecord(undefined)).toBe(false)
    expect(isRecord(3)).toBe(false)
    expect(isRecord('x')).toBe(false)
  })
  it('isIntArray wants an array of integers only', () => {
    expect(isIntArray([])).toBe(true)
    expect(isIntArray([0, -1, 7])).toBe(true)
    expect(isIntArray([1, 1.5])).toBe(false)
    expect(isIntArray([1, '2'])).toBe(false)
    expect(isIntArray({ length: 0 })).toBe(false)
    expect(isIntArray(undefined)).toBe(false)
  })
  it('firstNonInteger names the first bad field, in the order given', () => {
    const o = { a: 1, b: 2.5, c: 'x', d: 4 }
    expect(firstNonInteger(o, ['a', 'd'])).toBeUndefined()
    expect(firstNonInteger(o, ['a', 'b', 'c'])).toBe('b')
    expect(firstNonInteger(o, ['c', 'b'])).toBe('c')
    expect(firstNonInteger(o, ['missing'])).toBe('missing')
  })
  it('firstNonIntArray names the first field that is not an integer array', () => {
    const o = { a: [1, 2], b: [1, 0.5], c: 3 }
    expect(firstNonIntArray(o, ['a'])).toBeUndefined()
    expect(firstNonIntArray(o, ['a', 'c', 'b'])).toBe('c')
    expect(firstNonIntArray(o, ['b'])).toBe('b')
  })
  it('firstNonString names the first field that is not a string', () => {
    expect(firstNonString({ why: '' }, ['why'])).toBeUndefined()
    expect(firstNonString({ why: 3 }, ['why'])).toBe('why')
    expect(firstNonString({}, ['why'])).toBe('why')
  })
  it('firstLengthMismatch reports the first array whose length the scenario does not match', () => {
    const o = { hex: [1, 2, 3], lhex: [0], cmd: [] }
    expect(firstLengthMismatch(o, { hex: 3, lhex: 1, cmd: 0 })).toBeUndefined()
    expect(firstLengthMismatch(o, { hex: 3, lhex: 2, cmd: 1 })).toEqual({ key: 'lhex', has: 1, needs: 2 })
    expect(firstLengthMismatch(o, { cmd: 1, hex: 2 })).toEqual({ key: 'cmd', has: 0, needs: 1 })
  })
  it('isDiceState checks the dice shape, with or without whole numbers', () => {
    const d = JSON.parse(JSON.stringify(seedDice(5))) as Record<string, unknown>
    expect(isDiceState(d, true)).toBe(true)
    expect(isDiceState(d, false)).toBe(true)
    expect(isDiceState({ ...d, x: 1.5 }, false)).toBe(true)
    expect(isDiceState({ ...d, x: 1.5 }, true)).toBe(false)
    expect(isDiceState({ ...d, x: '1' }, false)).toBe(false)
    expect(isDiceState({ ...d, strict: 0 }, false)).toBe(false)
    expect(isDiceState({ ...d, forced: 'no' }, true)).toBe(false)
    const { count: _count, ...noCount } = d
    expect(isDiceState(noCount, false)).toBe(false)
    expect(isDiceState(null, false)).toBe(false)
    expect(isDiceState(7, true)).toBe(false)
  })
})

describe('shared state codec: plainStateProblem', () => {
  const shape = { ruleset: 'demo', ints: ['turn', 'ply'], intArrays: ['hex', 'q'], lengths: { hex: 2 }, strings: ['why'], wholeDice: false }
  const good = (): Record<string, unknown> => ({ ruleset: 'demo', turn: 1, ply: 0, hex: [3, 4], q: [], why: '', dice: JSON.parse(JSON.stringify(seedDice(1))) })
  it('accepts a well-formed state', () => {
    expect(plainStateProblem(good(), shape)).toBeUndefined()
  })
  it('names the first problem, in the fixed order, in the rulesets\' words', () => {
    expect(plainStateProblem(null, shape)).toBe('expected an object')
    expect(plainStateProblem({ ...good(), ruleset: 'x' }, shape)).toBe('ruleset is "x", expected "demo"')
    expect(plainStateProblem({ ...good(), ruleset: undefined, ply: 0.5 }, shape)).toBe('ruleset is undefined, expected "demo"')
    expect(plainStateProblem({ ...good(), ply: 0.5, hex: 'no' }, shape)).toBe('field ply must be an integer')
    expect(plainStateProblem({ ...good(), q: [0.5], hex: [1] }, shape)).toBe('field q must be an array of integers')
    expect(plainStateProblem({ ...good(), hex: [1], why: 3 }, shape)).toBe('hex has 1 entries, the scenario needs 2')
    expect(plainStateProblem({ ...good(), why: 3, dice: null }, shape)).toBe('field why must be a string')
    expect(plainStateProblem({ ...good(), dice: { x: 1 } }, shape)).toBe('dice state is malformed')
  })
  it('wholeDice decides whether fractional dice numbers pass', () => {
    const s = good()
    ;(s['dice'] as Record<string, unknown>)['x'] = 0.5
    expect(plainStateProblem(s, shape)).toBeUndefined()
    expect(plainStateProblem(s, { ...shape, wholeDice: true })).toBe('dice state is malformed')
  })
})

describe('shared state codec: FNV-1a hashing', () => {
  it('the empty hash is the FNV-1a offset basis', () => {
    expect(hashHex(FNV_BASIS)).toBe('811c9dc5')
  })
  it('fnv folds four bytes, low byte first, as FNV-1a does', () => {
    // FNV-1a of the bytes 61 00 00 00 ("a" then three zero bytes), worked byte by byte.
    let ref = 0x811c9dc5
    for (const byte of [0x61, 0, 0, 0]) ref = Math.imul(ref ^ byte, 0x01000193)
    expect(fnv(FNV_BASIS, 0x61)).toBe(ref)
    // Known value: FNV-1a 32 of the single byte "a" is e40c292c.
    expect(hashHex(Math.imul(FNV_BASIS ^ 0x61, 0x01000193))).toBe('e40c292c')
    // Negative numbers hash as their int32 bytes.
    expect(fnv(FNV_BASIS, -1)).toBe(fnv(FNV_BASIS, 0xffffffff))
    expect(fnv(FNV_BASIS, 1)).not.toBe(fnv(FNV_BASIS, 256))
  })
  it('fnvArr folds the length first, so [] and [0] differ and [1,2] equals fnv of 2,1,2', () => {
    expect(fnvArr(FNV_BASIS, [])).toBe(fnv(FNV_BASIS, 0))
    expect(fnvArr(FNV_BASIS, [0])).not.toBe(fnvArr(FNV_BASIS, []))
    expect(fnvArr(FNV_BASIS, [1, 2])).toBe(fnv(fnv(fnv(FNV_BASIS, 2), 1), 2))
  })
  it('fnvDice folds x, y, z, w, count, strict and the forced rolls in that order', () => {
    const d = seedDice(9)
    d.forced = [3, 6]
    let want = FNV_BASIS
    for (const v of [d.x, d.y, d.z, d.w, d.count, 0, 2, 3, 6]) want = fnv(want, v)
    expect(fnvDice(FNV_BASIS, d)).toBe(want)
    expect(fnvDice(FNV_BASIS, { ...d, strict: true })).not.toBe(want)
  })
  it('fnvText folds each UTF-16 code unit and no length', () => {
    expect(fnvText(FNV_BASIS, '')).toBe(FNV_BASIS)
    expect(fnvText(FNV_BASIS, 'ab')).toBe(fnv(fnv(FNV_BASIS, 97), 98))
  })
  it('hashHex gives 8 lowercase hex digits of the unsigned value', () => {
    expect(hashHex(0)).toBe('00000000')
    expect(hashHex(-1)).toBe('ffffffff')
    expect(hashHex(0xabc)).toBe('00000abc')
  })
})
