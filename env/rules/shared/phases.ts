// Phase bookkeeping shared by the rulesets: markers per formation (wing, corps,
// battalia) kept as bits in one number per formation in the state, the turn's
// phase cycle, and whose turn it is to pick in alternating activations.

/** True when formation i carries every bit of `bits`. */
export function hasMark(marks: readonly number[], i: number, bits: number): boolean {
  return (marks[i]! & bits) === bits
}
/** True when formation i carries any bit of `bits`. */
export function hasAnyMark(marks: readonly number[], i: number, bits: number): boolean {
  return (marks[i]! & bits) !== 0
}
export function setMark(marks: number[], i: number, bits: number): void {
  marks[i] = marks[i]! | bits
}
export function clearMark(marks: number[], i: number, bits: number): void {
  marks[i] = marks[i]! & ~bits
}
/** Sets `set` and clears `clear` on formation i in one write (e.g. finished, no longer bypassed). */
export function changeMarks(marks: number[], i: number, set: number, clear: number): void {
  marks[i] = (marks[i]! | set) & ~clear
}
/** Clears `bits` (default: all) on every formation: the end-of-turn flip. */
export function clearAllMarks(marks: number[], bits = -1): void {
  for (let i = 0; i < marks.length; i++) marks[i] = marks[i]! & ~bits
}

/** The phase after phase i in a cycle of `count` phases; 0 means the cycle wrapped (a new turn). */
export function phaseAfter(count: number, i: number): number {
  return i + 1 >= count ? 0 : i + 1
}

/** Who can pick in an alternating activation. */
export interface PickTest {
  canPick(player: number): boolean
}
/** Alternating activation: `preferred` picks when he can, else the other player, -1 when neither can. */
export function nextPicker(preferred: number, who: PickTest): number {
  if (who.canPick(preferred)) return preferred
  return who.canPick(1 - preferred) ? 1 - preferred : -1
}
