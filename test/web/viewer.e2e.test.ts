// End-to-end: the built viewer in headless Debian Chromium (playwright-core).
// Needs /usr/bin/chromium (scripts/setup-browser.sh installs it); without it the
// suite fails with that instruction rather than skipping.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { playGame } from '../../agents/play.ts'
import { RandomAgent } from '../../agents/random.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { BUILTIN_SCENARIOS, resolveScenario } from '../../env/scenario/builtin.ts'
import { ReplayRecorder, type Replay } from '../../env/gym/replay.ts'
import { buildViewer, bundleIsFresh, startViewServer, type ViewServer } from '../../cli/commands/view.ts'

const CHROMIUM = process.env.TERCIO_CHROMIUM ?? '/usr/bin/chromium'
/** Screenshots land in runs/ (gitignored). */
const SHOTS = join(process.cwd(), 'runs', 'screenshots')

function shortReplay(seed = 3, turns = 2): Replay {
  const b = bindEngine(undefined, 'piwam-training')
  if (!b.ok) throw new Error(b.error.message)
  const sc = structuredClone(b.value.scenario)
  sc.turns = turns
  const e = bindEngine(undefined, sc)
  if (!e.ok) throw new Error(e.error.message)
  const eng = e.value
  const rec = new ReplayRecorder(eng, seed, eng.init(seed), { inlineScenario: true })
  const r = playGame(eng, [new RandomAgent(1), new RandomAgent(2)], { seed, onStep: (i) => rec.push(i.action, i.player, eng.hash(i.state)) })
  if (!r.ok) throw new Error(r.error.message)
  rec.finish(r.record.outcome)
  return rec.replay()
}

let browser: Browser
let server: ViewServer
let page: Page
const replay = shortReplay()
const second = shortReplay(4)

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: run scripts/setup-browser.sh (apt-get install -y chromium) or set TERCIO_CHROMIUM`)
  }
  if (!bundleIsFresh()) await buildViewer()
  mkdirSync(SHOTS, { recursive: true })
  // Two replays, as `tercio view a.json b.json` gives them: the page lists them to pick from.
  server = await startViewServer({ port: 0, replays: [{ name: 'e2e-replay.json', replay }, { name: 'e2e-second.json', replay: second }] })
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']  // playwright gives each launch a fresh temporary profile,
  })
  page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  ;(globalThis as { pageErrors?: string[] }).pageErrors = errors
}, 90_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

const pageErrors = (): string[] => (globalThis as { pageErrors?: string[] }).pageErrors ?? []

/** The layout the screenshots show: the board fills its pane, its counters are legible, and nothing of
 *  the caption or the side panel runs past its box. */
async function checkLayout(p: Page, shot: string): Promise<void> {
  await p.screenshot({ path: join(SHOTS, shot) })
  const pane = await p.locator('#board-wrap').boundingBox()
  const board = await p.locator('#board').boundingBox()
  if (!pane || !board) throw new Error('no board on the page')
  expect(board.width).toBeGreaterThan(0.95 * pane.width)
  expect(board.height).toBeGreaterThan(0.5 * pane.height)
  const overflow = await p.evaluate(() =>
    [...document.querySelectorAll('#caption, #caption *, aside, aside .row, #step-label, #p-prompt')]
      .filter((e) => (e as unknown as { offsetParent: unknown }).offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.tagName}#${e.id}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`),
  )
  expect(overflow).toEqual([])
}

/** The smallest counter (px) drawn inside the board's window. */
async function smallestCounter(p: Page): Promise<number> {
  return p.evaluate(() => {
    const b = (document.querySelector('#board') as unknown as { getBoundingClientRect(): { left: number; top: number; right: number; bottom: number } }).getBoundingClientRect()
    const sizes = [...document.querySelectorAll('#pieces g.unit > rect[rx="2"]')]
      .map((r) => (r as unknown as { getBoundingClientRect(): { left: number; top: number; right: number; bottom: number; width: number } }).getBoundingClientRect())
      .filter((r) => r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom)
      .map((r) => r.width)
    return sizes.length ? Math.min(...sizes) : 0
  })
}

describe('viewer in headless chromium', () => {
  it('loads a replay and steps, scrubs and plays through it', async () => {
    await page.goto(server.url)
    await page.waitForSelector('body[data-ready="1"]', { timeout: 20_000 })
    const n = replay.steps.length
    await expect.poll(() => page.textContent('[data-testid=step-label]')).toContain(`step 0 / ${n}`)
    expect(await page.textContent('[data-testid=status]')).toContain('e2e-replay.json')
    // No "No file chosen" beside a loaded replay: the list shows which one is open, the file button only opens.
    expect(await page.locator('[data-testid=replay-file]').isVisible()).toBe(false)
    expect(await page.textContent('[data-testid=replay-panel]')).not.toContain('No file chosen')
    expect(await page.locator('[data-testid=replay-list] option').allTextContents()).toEqual(['e2e-replay.json', 'e2e-second.json'])
    expect(await page.locator('[data-testid=replay-list]').inputValue()).toBe('0')
    await page.selectOption('[data-testid=replay-list]', '1')
    await expect.poll(() => page.textContent('[data-testid=status]')).toContain('e2e-second.json')
    expect(await page.textContent('[data-testid=step-label]')).toContain(`step 0 / ${second.steps.length}`)
    await page.selectOption('[data-testid=replay-list]', '0')
    await expect.poll(() => page.textContent('[data-testid=status]')).toContain('e2e-replay.json')
    expect(await page.textContent('[data-testid=caption]')).toMatch(/Training battle .* turn 1 of 2/)
    const units = await page.locator('#board svg g.unit').count()
    expect(units).toBeGreaterThan(0)
    for (let i = 0; i < 3; i++) await page.click('[data-testid=next]')
    expect(await page.textContent('[data-testid=step-label]')).toContain(`step 3 / ${n}: `)
    expect(await page.locator('[data-testid=log] li').count()).toBe(n)
    expect(await page.locator('[data-testid=log] li.current').getAttribute('data-step')).toBe('3')
    await page.click('[data-testid=prev]')
    expect(await page.textContent('[data-testid=step-label]')).toContain(`step 2 / ${n}`)
    // Scrub to the middle, then play a few steps at the fastest speed.
    await page.locator('[data-testid=scrub]').fill(String(Math.floor(n / 2)))
    expect(await page.textContent('[data-testid=step-label]')).toContain(`step ${Math.floor(n / 2)} / ${n}`)
    await page.selectOption('[data-testid=speed]', '50')
    await page.click('[data-testid=playpause]')
    await page.waitForTimeout(300)
    await page.click('[data-testid=playpause]')
    const label = (await page.textContent('[data-testid=step-label]')) ?? ''
    const at = Number(/step (\d+) \//.exec(label)?.[1])
    expect(at).toBeGreaterThan(Math.floor(n / 2))
    await page.click('[data-testid=last]')
    expect(await page.textContent('[data-testid=step-label]')).toContain(`step ${n} / ${n}`)
    expect((await page.textContent('[data-testid=dice]'))?.length ?? 0).toBeGreaterThan(0)
    await checkLayout(page, 'replay.png')
    // A narrower window: the board still fills its pane, the caption wraps instead of running off.
    await page.setViewportSize({ width: 1000, height: 800 })
    await checkLayout(page, 'replay-narrow.png')
    await page.setViewportSize({ width: 1400, height: 900 })
    // A replay opened by hand shows its name beside the button.
    const file = join(SHOTS, 'by-hand.json')
    writeFileSync(file, JSON.stringify(second))
    await page.setInputFiles('[data-testid=replay-file]', file)
    await expect.poll(() => page.textContent('[data-testid=replay-name]')).toBe('by-hand.json')
    expect(await page.locator('[data-testid=replay-name]').isVisible()).toBe(true)
    expect(pageErrors()).toEqual([])
  }, 60_000)

  it('opens every built-in scenario with counters of at least 24 px at 1400x900, a legend and the off-map units named', async () => {
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.click('[data-testid=tab-play]')
    const sizes: Record<string, number> = {}
    for (const sc of BUILTIN_SCENARIOS) {
      await page.selectOption('[data-testid=p-ruleset]', sc.ruleset)
      await page.selectOption('[data-testid=p-scenario]', sc.id)
      await expect.poll(() => page.textContent('[data-testid=caption]')).toContain(`${sc.name}: the opening position`)
      sizes[sc.id] = await smallestCounter(page)
      expect(await page.locator('#legend-body .legend-item').count()).toBeGreaterThan(5)
      const full = resolveScenario(sc.id)
      const off = full.ok ? full.value.units.filter((u) => u['enter'] !== undefined) : []
      if (off.length) {
        const text = (await page.textContent('[data-testid=offmap]')) ?? ''
        expect(text).toMatch(/^Off the map: .* units enter (by the road at \d{4}|along the north edge)/)
        for (const u of off) expect(text).toContain(u.id)
        expect(await page.locator('#pieces g.offmap').count()).toBeGreaterThan(0)
      }
    }
    expect(Object.entries(sizes).filter(([, px]) => px < 24)).toEqual([])
    await page.screenshot({ path: join(SHOTS, 'scenario-last.png') })
  }, 120_000)

  it('a corrupt replay gets a legible message and the replay open before stays', async () => {
    await page.click('[data-testid=tab-replay]')
    await page.selectOption('[data-testid=replay-list]', '0')
    await expect.poll(() => page.textContent('[data-testid=status]')).toContain('e2e-replay.json')
    await page.click('[data-testid=last]')
    const label = await page.textContent('[data-testid=step-label]')
    const bad = structuredClone(replay)
    ;(bad.steps[2] as { hash: string }).hash = 'deadbeef'
    const file = join(SHOTS, 'corrupt.json')
    writeFileSync(file, JSON.stringify(bad))
    await page.setInputFiles('[data-testid=replay-file]', file)
    await expect.poll(() => page.textContent('[data-testid=status]')).toMatch(/corrupt\.json: step 3 .* state hash .* differs from the recorded deadbeef — the replay open before is still shown/)
    expect(await page.getAttribute('[data-testid=status]', 'class')).toBe('error')
    expect(await page.textContent('[data-testid=step-label]')).toBe(label)
    writeFileSync(file, '{ not json')
    await page.setInputFiles('[data-testid=replay-file]', file)
    await expect.poll(() => page.textContent('[data-testid=status]')).toMatch(/corrupt\.json: not JSON/)
    expect(pageErrors()).toEqual([])
  }, 60_000)

  it('scrolls the log to the current entry in a long replay', async () => {
    const long = shortReplay(5, 12)
    const file = join(SHOTS, 'long.json')
    writeFileSync(file, JSON.stringify(long))
    await page.setInputFiles('[data-testid=replay-file]', file)
    await expect.poll(() => page.textContent('[data-testid=replay-name]')).toBe('long.json')
    for (const k of [Math.floor(long.steps.length / 2), long.steps.length, 3]) {
      await page.locator('[data-testid=scrub]').fill(String(k))
      const seen = await page.evaluate(() => {
        const log = document.querySelector('#log') as unknown as { getBoundingClientRect(): { top: number; bottom: number }; querySelector(s: string): { getBoundingClientRect(): { top: number; bottom: number }; dataset: { step: string } } | null }
        const li = log.querySelector('li.current')
        if (!li) return null
        const a = li.getBoundingClientRect()
        const b = log.getBoundingClientRect()
        return { step: Number(li.dataset.step), visible: a.top >= b.top - 1 && a.top < b.bottom - 4 }
      })
      expect(seen).toEqual({ step: k, visible: true })
    }
  }, 60_000)
})
