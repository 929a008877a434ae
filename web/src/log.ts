// The log a referee can follow: each decision, then its events in the ruleset's words, and its dice.
import type { BaseEvent, Engine, RolledEvent } from '../../env/core/types.ts'
import { citedText } from '../../env/rules/shared/refs.ts'
import { esc, scrollIntoBox } from './dom.ts'
import { REFS } from './rules.ts'

export interface LogEntry {
  who: string
  kind: string
  subject: string | null
  action: string
  events: BaseEvent[]
}

/** An event in the ruleset's words, citing the rule it applies ("4.1 Fire combat: ..."). */
export function eventHtml(engine: Engine, e: BaseEvent): string {
  return `<span class="ev">${esc(citedText(REFS[engine.ruleset], e, engine.describe(e)))}</span>`
}

export function entryHtml(engine: Engine, f: LogEntry, step: number): string {
  return `<li data-step="${step}"><span class="dec">${esc(`${f.who}: ${f.kind.replace(/-/g, ' ')}${f.subject ? ` [${f.subject}]` : ''} → ${f.action}`)}</span>${f.events.map((e) => eventHtml(engine, e)).join('')}</li>`
}

/** The dice of one step, each with what it was rolled for. */
export function diceHtml(events: readonly BaseEvent[]): string {
  const rolls = events.filter((e): e is RolledEvent => e.type === 'rolled')
  if (rolls.length === 0) return '<em>no dice this step</em>'
  // cfeo's Average die rolls as sides 6 and names itself in `why` (env/dice.ts avd)
  return rolls.map((r) => `<div class="roll"><span class="die" title="${esc(r.why)}">${r.value}<small> ${r.why.startsWith('AvD: ') ? 'AvD' : `d${r.sides}`}</small></span> ${esc(r.why)}${r.forced ? ' (forced)' : ''}</div>`).join('')
}

/** Marks entry `step` (1-based; 0 = none) of a log list as current and scrolls the list to it. */
export function markCurrent(log: HTMLElement, step: number): void {
  log.querySelector('li.current')?.classList.remove('current')
  const li = step > 0 ? (log.children[step - 1] as HTMLElement | undefined) : undefined
  if (!li) return
  li.classList.add('current')
  scrollIntoBox(log, li)
}
