// Each ruleset's fire and combat preview and rule citations, by ruleset id.
import type { BaseState, Engine, RulesetId } from '../../env/core/types.ts'
import { preview as cfeo } from '../../env/rules/cfeo/preview.ts'
import { REFS as cfeoRefs } from '../../env/rules/cfeo/refs.ts'
import { preview as hbl } from '../../env/rules/hbl/preview.ts'
import { REFS as hblRefs } from '../../env/rules/hbl/refs.ts'
import { preview as marignan } from '../../env/rules/marignan/preview.ts'
import { REFS as marignanRefs } from '../../env/rules/marignan/refs.ts'
import { preview as mttsog } from '../../env/rules/mttsog/preview.ts'
import { REFS as mttsogRefs } from '../../env/rules/mttsog/refs.ts'
import { preview as piwam } from '../../env/rules/piwam/preview.ts'
import { REFS as piwamRefs } from '../../env/rules/piwam/refs.ts'
import type { Preview } from '../../env/rules/shared/preview.ts'
import type { RefTable } from '../../env/rules/shared/refs.ts'

export const PREVIEWS: Record<RulesetId, (e: Engine, s: BaseState, a: number) => Preview | null> = { piwam, marignan, cfeo, hbl, mttsog }
export const REFS: Record<RulesetId, RefTable> = { piwam: piwamRefs, marignan: marignanRefs, cfeo: cfeoRefs, hbl: hblRefs, mttsog: mttsogRefs }
