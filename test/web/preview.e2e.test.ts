// End-to-end: a fire's odds shown before it is chosen, and the log citing the rule it applied with its modifiers
// (headless Chromium, playwright-core). A cfeo game against `random` is played by the page's own
// buttons, picked by a fixed stream, until a choice resolves a fire or combat.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, type ViewerSession } from './browser.ts'

let v: ViewerSession
let page: Page
const errors: string[] = []

beforeAll(async () => {
  v = await launch({})
  page = v.page
  page.on('pageerror', (e) => errors.push(e.message))
}, 120_000)

afterAll(async () => {
  await v?.close()
})

/** The first button whose choice would fire or fight, with its preview's rule; null when none. */
const FIND = `(() => {
  const t = window.tercio
  for (const b of document.querySelectorAll('#p-choices button')) {
    const p = t.play.previewOf(Number(b.dataset.action))
    if (p) return { action: b.dataset.action, rule: p.rule, outcomes: p.outcomes.length, terms: /\\[[^\\]]+\\]/.exec(p.modifiers)?.[0] ?? null }
  }
  return null
})()`

describe('information before deciding', () => {
  it('cfeo: a fire choice shows its dice, modifiers and odds on hover; the log cites the rule', async () => {
    await page.selectOption('[data-testid=p-ruleset]', 'cfeo')
    await page.selectOption('[data-testid=p-scenario]', 'cfeo-training')
    await page.selectOption('[data-testid=p-opponent]', 'random')
    await page.click('[data-testid=p-start]')
    let x = 7
    let found: { action: string; rule: string; outcomes: number; terms: string | null } | null = null
    for (let i = 0; i < 300 && !found; i++) {
      await page.waitForFunction(() => document.querySelector('[data-testid=p-prompt][data-over]') || document.querySelector('#p-choices button'), null, { timeout: 60_000 })
      if (await page.locator('[data-testid=p-prompt][data-over]').count()) break
      found = (await page.evaluate(FIND)) as typeof found
      if (found) break
      const buttons = page.locator('#p-choices button')
      x = (x * 1103515245 + 12345) & 0x7fffffff
      await buttons.nth(x % (await buttons.count())).click()
    }
    expect(found, 'a fire or combat choice within 300 decisions').not.toBeNull()
    const f = found as unknown as { action: string; rule: string; outcomes: number; terms: string | null }
    const button = page.locator(`#p-choices button[data-action="${f.action}"]`)
    await button.hover()
    await expect.poll(() => page.textContent('[data-testid=preview]')).toContain(f.rule)
    expect(await page.locator('[data-testid=preview] tr').count()).toBe(f.outcomes)
    expect(f.outcomes).toBeGreaterThan(0)
    await button.click()
    await expect.poll(() => page.textContent('#p-log')).toContain(`${f.rule}: `)
    // the modifiers the preview listed are the ones the log shows for the roll
    expect(f.terms, `the preview lists its modifiers: ${JSON.stringify(f)}`).not.toBeNull()
    expect(await page.textContent('#p-log')).toContain(f.terms)
    expect(errors).toEqual([])
  }, 300_000)
})
