// The rule section each event applies, by ruleset (env/rules/<id>/refs.ts): the viewer's log
// and any other reader of events cite the same sections.
import type { BaseEvent } from '../../core/types.ts'

/** Event type -> "section title" of the ruleset's rule text; an entry may depend on the event. */
export type RuleRefs = Readonly<Record<string, string | ((e: BaseEvent) => string | null)>>

const REFS: Readonly<Record<string, RuleRefs>> = {}

/** The rule section an event applies, e.g. "4.2 close combat", or null when its table has none. */
export function ruleRef(ruleset: string, e: BaseEvent): string | null {
  const r = REFS[ruleset]?.[e.type]
  return r === undefined ? null : typeof r === 'string' ? r : r(e)
}
