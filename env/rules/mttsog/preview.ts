// What an mttsog shot (F) or melee round (G) would do before it is taken (see ../shared/preview.ts).

import type { BaseState, Engine } from '../../core/types.ts'
import { type Preview, previewAction, type PreviewRules } from '../shared/preview.ts'
import { REFS } from './refs.ts'
import type { MtEvent } from './state.ts'

const RULES: PreviewRules<MtEvent> = {
  ref: (e) => (e.type === 'shot' || e.type === 'melee' ? (REFS[e.type] ?? null) : null),
  outcome: (e) =>
    e.type === 'shot' ? `${e.hits} hit${e.hits === 1 ? '' : 's'}` : e.type === 'melee' ? `hits ${e.attackerHits}-${e.defenderHits}: ${e.result}` : '',
  modifiers: (e) =>
    e.type === 'shot'
      ? `${e.unit} at ${e.target}: ${e.dice} dice, each hits on ${e.need}+${e.terms.length ? ` [${e.terms.join(', ')}]` : ''}`
      : e.type === 'melee'
        ? `${e.attackers.join(' + ')} against ${e.defender}, round ${e.round}`
        : '',
}

/** The preview of `action` in `s`, or null when it resolves no shot or melee. */
export const preview = (engine: Engine, s: BaseState, action: number): Preview | null => previewAction(engine, s, action, RULES)
