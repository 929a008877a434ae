// What an hbl shot or melee would do before it is taken: the dice, the factors of both sides (see
// ../shared/preview.ts).

import type { BaseState, Engine } from '../../core/types.ts'
import { type Preview, previewAction, type PreviewRules } from '../shared/preview.ts'
import { REFS } from './refs.ts'
import type { HEvent } from './state.ts'

const RULES: PreviewRules<HEvent> = {
  ref: (e) => (e.type === 'fired' || e.type === 'melee' ? (REFS[e.type] ?? null) : null),
  outcome: (e) =>
    e.type === 'fired' ? (e.pips > 0 ? `${e.pips} pip${e.pips > 1 ? 's' : ''}` : 'no effect') : e.type === 'melee' ? `${e.band}${e.winner ? `, ${e.winner} wins` : ''}` : '',
  modifiers: (e) =>
    e.type === 'fired'
      ? `${e.unit} at ${e.target}: ${e.die} [${e.factors.join(' ')}] v the defence die`
      : e.type === 'melee'
        ? `${e.a} ${e.dieA} [${e.factorsA.join(' ')}] v ${e.b} ${e.dieB} [${e.factorsB.join(' ')}]${e.skirmish ? ' (close skirmish)' : ''}`
        : '',
}

/** The preview of `action` in `s`, or null when it resolves no shot or melee. */
export const preview = (engine: Engine, s: BaseState, action: number): Preview | null => previewAction(engine, s, action, RULES)
