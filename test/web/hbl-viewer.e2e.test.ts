// End-to-end: an hbl replay in the built viewer (headless Debian Chromium, playwright-core).
// The viewer shows the current card, both decks' remaining cards by type and
// the chips; the counters carry the units' UI left, a V for vexed, a ring for an unloaded shooter.
// Needs /usr/bin/chromium (scripts/setup-browser.sh installs it), as test/web/viewer.e2e.test.ts.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HblHeuristic } from '../../agents/heuristic/hbl.ts'
import { playGame } from '../../agents/play.ts'
import { RandomAgent } from '../../agents/random.ts'
import type { BaseState, GameView } from '../../env/core/types.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { ReplayRecorder, type Replay } from '../../env/gym/replay.ts'
import { openViewer, SHOTS, showReplayStep, type ViewerSession } from './browser.ts'


const b = bindEngine(undefined, 'hbl-training')
if (!b.ok) throw new Error(b.error.message)
const engine = b.value

/** A heuristic-v-random game on hbl-training, and the view after each step. */
function recorded(seed: number): { replay: Replay; views: GameView[] } {
  const rec = new ReplayRecorder(engine, seed, engine.init(seed))
  const views: GameView[] = []
  const r = playGame(engine, [new HblHeuristic(seed), new RandomAgent(seed)], {
    seed,
    onStep: (i) => {
      rec.push(i.action, i.player, engine.hash(i.state))
      views.push(engine.view(i.state as BaseState))
    },
  })
  if (!r.ok) throw new Error(r.error.message)
  rec.finish(r.record.outcome)
  return { replay: rec.replay(), views }
}

const { replay, views } = recorded(3)
/** A step at which a card is in play, some unit is vexed and some shooter unloaded. */
const step = views.findIndex((v) => typeof v['card'] === 'string' && v.units.some((u) => u['vexed'] === true) && v.units.some((u) => u['shoots'] === true && u['loaded'] === false)) + 1

let viewer: ViewerSession
let page: Page

beforeAll(async () => {
  viewer = await openViewer([{ name: 'hbl-replay.json', replay }])
  page = viewer.page
}, 120_000)

afterAll(async () => {
  await viewer?.close()
})

describe('hbl replay in the viewer', () => {
  it('shows the current card, both decks by type, chips and pips, and UI on the counters', async () => {
    expect(step).toBeGreaterThan(0)
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await showReplayStep(viewer, 'hbl-replay.json', step, replay.steps.length)
    const v = views[step - 1] as GameView
    const lines = await page.locator('[data-testid=deck-line]').allTextContents()
    const side = (v['cardSide'] as 0 | 1) === 0 ? 'French' : 'Imperials'
    expect(lines[0]).toBe(`card: ${v['card'] as string} (${side}${v['stolen'] === true ? ', stolen pip' : ''})`)
    const decks = v['decks'] as Record<string, number>[]
    const chips = v['chips'] as number[]
    const lost = v['chipsLost'] as number[]
    const pips = v['pips'] as number[]
    for (const p of [0, 1] as const) {
      const name = p === 0 ? 'French' : 'Imperials'
      const d = decks[p] as Record<string, number>
      const left = Object.values(d).reduce((a, n) => a + n, 0)
      const types = Object.entries(d)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')
      expect(lines).toContain(`${name}: chips ${chips[p]} (lost ${lost[p]}), pips ${pips[p]}, ${left} cards: ${types}`)
    }
    // Counters: UI left on every unit on the map, V on the vexed ones, a ring on unloaded shooters.
    for (const u of v.units.filter((x) => x.hex !== null)) {
      expect(await page.locator(`#pieces g.unit[data-unit="${u.id}"] text.ui`).getAttribute('data-ui')).toBe(String(u['ui']))
      if (u['vexed'] === true && u['routed'] !== true) expect(await page.locator(`#pieces g.unit[data-unit="${u.id}"] rect.status`).count()).toBe(1)
      expect(await page.locator(`#pieces g.unit[data-unit="${u.id}"] circle.unloaded`).count()).toBe(u['shoots'] === true && u['loaded'] === false ? 1 : 0)
    }
    await page.screenshot({ path: join(SHOTS, 'hbl-replay.png') })
    expect(errors).toEqual([])
  }, 90_000)

  it('plays an hbl game against the server-side heuristic by clicking, the caption following the cards', async () => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.click('[data-testid=tab-play]')
    await page.selectOption('[data-testid=p-ruleset]', 'hbl')
    await page.selectOption('[data-testid=p-scenario]', 'hbl-training')
    await page.selectOption('[data-testid=p-side]', '0')
    await page.selectOption('[data-testid=p-opponent]', 'heuristic')
    await page.fill('[data-testid=p-turns]', '1')
    await page.fill('[data-testid=p-seed]', '4')
    await page.click('[data-testid=p-start]')
    const cards = new Set<string>()
    let clicks = 0
    for (; clicks < 600; clicks++) {
      await page.waitForFunction(() => document.querySelector('[data-testid=p-prompt][data-over]') || document.querySelector('#p-choices button'), null, { timeout: 20_000 })
      const first = (await page.locator('[data-testid=deck-line]').first().textContent()) ?? ''
      if (first.startsWith('card: ') && !first.startsWith('card: none')) cards.add(first)
      if (await page.locator('[data-testid=p-prompt][data-over]').count()) break
      // Mostly the first named choice (end, pass, first...); every third decision a highlighted hex or unit.
      const hex = page.locator('#board polygon.hl-hex').first()
      const unit = page.locator('#board g.unit:has(rect.hl-unit)').first()
      if (clicks % 3 === 0 && (await hex.count())) await hex.click({ force: true })
      else if (clicks % 3 === 0 && (await unit.count())) await unit.click({ force: true })
      else await page.locator('#p-choices button').first().click()
    }
    expect(await page.textContent('[data-testid=p-prompt]')).toMatch(/Game over/)
    expect(clicks).toBeGreaterThan(0)
    // The caption named the cards as they were turned, and both sides' decks and chips throughout.
    expect(cards.size).toBeGreaterThan(0)
    const lines = await page.locator('[data-testid=deck-line]').allTextContents()
    expect(lines.some((l) => /^French: chips \d+ \(lost \d+\), pips \d+, \d+ cards: /.test(l))).toBe(true)
    expect(lines.some((l) => /^Imperials: chips \d+ \(lost \d+\), pips \d+, \d+ cards: /.test(l))).toBe(true)
    await page.screenshot({ path: join(SHOTS, 'hbl-play-over.png') })
    expect(errors).toEqual([])
  }, 120_000)
})
