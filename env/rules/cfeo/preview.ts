// What a cfeo gun or small-arms fire, or a hand-to-hand combat, would do before it is taken (see
// ../shared/preview.ts).

import type { BaseState, Engine } from '../../core/types.ts'
import { type Preview, previewAction, type PreviewRules } from '../shared/preview.ts'
import { signed } from '../shared/signed.ts'
import { REFS } from './refs.ts'
import type { CfeoEvent } from './state.ts'

const RULES: PreviewRules<CfeoEvent> = {
  ref: (e) => (e.type === 'gun-fired' || e.type === 'small-arms' || e.type === 'combat' ? (REFS[e.type] ?? null) : null),
  outcome: (e) =>
    e.type === 'gun-fired' ? `${e.dps} DP` : e.type === 'small-arms' ? `${e.hits} DP` : e.type === 'combat' ? `${e.bands[0]} / ${e.bands[1]}` : '',
  modifiers: (e) =>
    e.type === 'gun-fired'
      ? `${e.unit} at ${e.target}, range ${e.range}: die ${signed(e.total - e.roll)}${e.terms.length ? ` [${e.terms.join(', ')}]` : ''}`
      : e.type === 'small-arms'
        ? `${e.unit} at ${e.target}${e.caracole ? ' in caracole' : ''}: ${e.dice} dice${e.terms.length ? ` [${e.terms.join(', ')}]` : ''}`
        : e.type === 'combat'
          ? `${e.side0.join(' + ')} vs ${e.side1.join(' + ')}`
          : '',
}

/** The preview of `action` in `s`, or null when it resolves no fire or combat. */
export const preview = (engine: Engine, s: BaseState, action: number): Preview | null => previewAction(engine, s, action, RULES)
