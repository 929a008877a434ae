// What a piwam fire (4.1) or close combat (4.2) would do, before it is taken (see ../shared/preview.ts).

import type { BaseState, Engine } from '../../core/types.ts'
import { type Preview, previewAction, type PreviewRules } from '../shared/preview.ts'
import { signed } from '../shared/signed.ts'
import { REFS } from './refs.ts'
import type { PiwamEvent } from './state.ts'

const terms = (t: readonly string[]): string => (t.length ? ` [${t.join(', ')}]` : '')

const RULES: PreviewRules<PiwamEvent> = {
  ref: (e) => (e.type === 'fired' || e.type === 'combat' ? (REFS[e.type] ?? null) : null),
  outcome: (e) => (e.type === 'fired' ? (e.hit ? `hit, +${e.margin} to the morale check` : 'miss') : e.type === 'combat' ? e.result : ''),
  modifiers: (e) =>
    e.type === 'fired'
      ? `${e.unit} at ${e.target}, range ${e.range}: die ${signed(e.total - e.roll)}${terms(e.terms)}, hits on ${e.toHit}+`
      : e.type === 'combat'
        ? `${e.lead} vs ${e.defender}${e.supports ? ` (${e.supports} supporting)` : ''}: die ${signed(e.modifier)}${terms(e.terms)}`
        : '',
}

/** The preview of `action` in `s`, or null when it resolves no fire or close combat. */
export const preview = (engine: Engine, s: BaseState, action: number): Preview | null => previewAction(engine, s, action, RULES)
