// `tercio show --svg FILE` writes the renderer's picture of the position.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bindEngine } from '../../env/gym/make.ts'
import { parseAction } from '../../env/core/actions.ts'
import { renderSvg } from '../../env/render/svg.ts'

describe('tercio show --svg', () => {
  it('writes the same SVG as renderSvg for the position after the given actions', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tercio-svg-')), 'pos.svg')
    const r = spawnSync(process.execPath, ['bin/tercio.mjs', 'show', '--scenario', 'piwam-training', '--seed', '3', '--actions', 'wing:CL', '--svg', file], { encoding: 'utf8' })
    expect(r.stderr).not.toMatch(/Error/)
    expect(r.status).toBe(0)
    const svg = readFileSync(file, 'utf8')
    const b = bindEngine(undefined, 'piwam-training')
    if (!b.ok) throw new Error(b.error.message)
    const s = b.value.init(3)
    const a = parseAction(b.value.layout, b.value.grid, 'wing:CL')
    if (!a.ok) throw new Error(a.error.message)
    expect(b.value.apply(s, a.value)).toBeNull()
    expect(svg).toBe(renderSvg(b.value.scenario, b.value.view(s), { title: 'seed 3, after 1 actions' }) + '\n')
    expect(svg).toContain('CL charge [active]')
  })
})
