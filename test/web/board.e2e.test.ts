// End-to-end: the board's pan and zoom (wheel about the pointer, drag, two-finger pinch, fit), the unit
// card (hover shows a unit's values, a click that is no choice pins it) on the opening position the page
// shows on load, and panels that keep their places as a game goes on; headless Chromium at 1400×900.
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
  await page.waitForFunction('window.tercio.board.draws > 0', null, { timeout: 60_000 })
}, 120_000)

afterAll(async () => {
  await v?.close()
})

const scale = (): Promise<number> => page.evaluate('window.tercio.board.scale') as Promise<number>
const centre = (hex: string): Promise<{ x: number; y: number }> => page.evaluate(`window.tercio.board.hexCentre(${JSON.stringify(hex)})`) as Promise<{ x: number; y: number }>
const hexAt = (x: number, y: number): Promise<string | null> => page.evaluate(`window.tercio.board.hexAt(${x}, ${y})`) as Promise<string | null>
/** A hex with a counter on it, seen on the board now. */
const unitHex = (): Promise<{ hex: string; id: string }> =>
  page.evaluate(`(() => { const b = document.querySelector('#board').getBoundingClientRect(); const t = window.tercio.board
    const u = t.view.units.find((u) => { if (!u.hex || u.eliminated) return false; const c = t.hexCentre(u.hex); return c && c.x > b.x + 250 && c.x < b.right - 350 && c.y > b.y + 250 && c.y < b.bottom - 40 })
    return { hex: u.hex, id: u.id } })()`) as Promise<{ hex: string; id: string }>

describe('the board', () => {
  it('zooms with the wheel about the pointer, pans by dragging, zooms by pinching, and fit returns to the default view', async () => {
    const s0 = await scale()
    const { hex } = await unitHex()
    const c = await centre(hex)
    await page.mouse.move(c.x, c.y)
    await page.mouse.wheel(0, -400)
    await expect.poll(scale).toBeGreaterThan(s0 * 1.2)
    // the hex under the pointer stays under it
    expect(await hexAt(c.x, c.y)).toBe(hex)

    const before = await centre(hex)
    await page.mouse.move(before.x, before.y)
    await page.mouse.down()
    for (let i = 1; i <= 5; i++) await page.mouse.move(before.x - 20 * i, before.y - 12 * i)
    await page.mouse.up()
    const after = await centre(hex)
    expect(after.x - before.x).toBeCloseTo(-100, -1)
    expect(after.y - before.y).toBeCloseTo(-60, -1)

    const s1 = await scale()
    await page.evaluate(`(() => {
      const el = document.querySelector('#board'); const b = el.getBoundingClientRect(); const cx = b.x + b.width / 2; const cy = b.y + b.height / 2
      const ev = (type, id, dx) => el.dispatchEvent(new PointerEvent(type, { pointerId: id, clientX: cx + dx, clientY: cy, bubbles: true, pointerType: 'touch', isPrimary: id === 1 }))
      ev('pointerdown', 1, -40); ev('pointerdown', 2, 40)
      for (let i = 1; i <= 4; i++) { ev('pointermove', 1, -40 - 20 * i); ev('pointermove', 2, 40 + 20 * i) }
      ev('pointerup', 1, -120); ev('pointerup', 2, 120)
    })()`)
    // the fingers went from 80 px apart to 240: three times the scale (within the zoom limits)
    expect(await scale()).toBeGreaterThan(s1 * 1.5)

    await page.click('.board-tools button:has-text("fit")')
    expect(await scale()).toBeCloseTo(s0, 1)
    expect(errors).toEqual([])
  }, 120_000)

  it('hovering a counter shows its card with its ruleset values; a click that is no choice pins it', async () => {
    const { hex, id } = await unitHex()
    const c = await centre(hex)
    await page.mouse.move(c.x, c.y)
    await expect.poll(() => page.isVisible('[data-testid=card]')).toBe(true)
    const text = (await page.textContent('[data-testid=card]')) as string
    expect(text).toContain(`hex ${hex}`)
    expect(text).toContain(id)
    expect(text).toMatch(/facing/)
    await page.mouse.click(c.x, c.y)
    // the pointer leaves the board: the pinned card stays
    await page.mouse.move(5, 5)
    await expect.poll(() => page.textContent('[data-testid=card]')).toContain(id)
    expect(await page.isVisible('[data-testid=card]')).toBe(true)
    expect(errors).toEqual([])
  }, 60_000)

  it('the board, choices, dice and log keep their places while a game is played', async () => {
    await page.selectOption('[data-testid=p-ruleset]', 'piwam')
    await page.selectOption('[data-testid=p-scenario]', 'piwam-training')
    await page.selectOption('[data-testid=p-opponent]', 'random')
    await page.click('[data-testid=p-start]')
    const boxes = () =>
      Promise.all(['#board', '#p-prompt', '#p-choices', '#p-dice', '#p-log'].map(async (sel) => ({ sel, box: await page.locator(sel).boundingBox() })))
    const waitTurn = () => page.waitForFunction(() => document.querySelector('[data-testid=p-prompt][data-over]') || document.querySelector('#p-choices button'), null, { timeout: 60_000 })
    await waitTurn()
    const first = await boxes()
    let x = 7
    let rolled = 0
    for (let i = 0; i < 40; i++) {
      await waitTurn()
      if (await page.locator('[data-testid=p-prompt][data-over]').count()) break
      const buttons = page.locator('#p-choices button')
      x = (x * 1103515245 + 12345) & 0x7fffffff
      await buttons.nth(x % (await buttons.count())).click()
      await waitTurn()
      if ((await page.locator('#p-dice .roll').count()) > 0) rolled++
      expect(await boxes()).toEqual(first)
    }
    // the dice panel was filled at least once, and nothing moved for it
    expect(rolled).toBeGreaterThan(0)
    expect(errors).toEqual([])
  }, 180_000)
})
