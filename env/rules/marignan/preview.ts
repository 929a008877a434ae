// What a marignan fire (12.4) or melee (13.2) would do, before it is taken (see ../shared/preview.ts).

import type { BaseState, Engine } from '../../core/types.ts'
import { type Preview, previewAction, type PreviewRules } from '../shared/preview.ts'
import { signed } from '../shared/signed.ts'
import { REFS } from './refs.ts'
import type { MEvent } from './state.ts'

const shifts = (n: number): string => `${signed(n)} column${Math.abs(n) === 1 ? '' : 's'}`

const RULES: PreviewRules<MEvent> = {
  ref: (e) => (e.type === 'fired' || e.type === 'melee' ? (REFS[e.type] ?? null) : null),
  outcome: (e) => (e.type === 'fired' || e.type === 'melee' ? e.result : ''),
  modifiers: (e) =>
    e.type === 'fired'
      ? `${e.units.join(' + ')} at ${e.target}: strength ${e.strength}${e.modifiers.length ? ` [${e.modifiers.join(', ')}]` : ''}, ${shifts(e.shift)}, die ${signed(e.dieMod)} → column ${e.column}`
      : e.type === 'melee'
        ? `${e.attackers.join(' + ')} at ${e.target}: ${e.attack} vs ${e.defence} = ${e.odds}${e.modifiers.length ? ` [${e.modifiers.join(', ')}]` : ''}, ${shifts(e.shift)}, die ${signed(e.dieMod)} → column ${e.column}`
        : '',
}

/** The preview of `action` in `s`, or null when it resolves no fire or melee. */
export const preview = (engine: Engine, s: BaseState, action: number): Preview | null => previewAction(engine, s, action, RULES)
