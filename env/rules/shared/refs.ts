// Rule citations for the log a referee can follow: each ruleset's refs.ts maps its event kinds to the
// section of its seed text that the event applies, and an event is cited as "4.2 Close combat: ...".

import type { BaseEvent } from '../../core/types.ts'

export interface RuleRef {
  /** The seed text's section number or label ("4.2", "12.4", "F)", "Giving Fire"). */
  readonly section: string
  readonly name: string
  /** Section and name as cited in the log. */
  readonly text: string
}

export const rule = (section: string, name: string): RuleRef => ({ section, name, text: section ? `${section} ${name}` : name })

/** Event kind -> the rule it applies; kinds that apply no rule of the text (a die roll, the game's end) are absent. */
export type RefTable = Readonly<Record<string, RuleRef>>

export const refOf = (table: RefTable, e: BaseEvent): RuleRef | null => table[e.type] ?? null

/** An event in the ruleset's words, prefixed with the rule it applies. */
export function citedText(table: RefTable, e: BaseEvent, words: string): string {
  const r = refOf(table, e)
  return r ? `${r.text}: ${words}` : words
}
