// End-to-end: the built viewer in headless Debian Chromium (playwright-core).
// Needs /usr/bin/chromium (scripts/setup-browser.sh installs it); without it the
// suite fails with that instruction rather than skipping.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { playGame } from '../../agents/play.ts'
import { RandomAgent } from '../../agents/random.ts'
import { bindEngine, engineForReplay } from '../../env/gym/make.ts'
import { parseReplay, ReplayRecorder, verifyReplay, type Replay } from '../../env/gym/replay.ts'
import { buildViewer, bundleIsFresh, startViewServer, type ViewServer } from '../../cli/commands/view.ts'

const CHROMIUM = process.env.TERCIO_CHROMIUM ?? '/usr/bin/chromium'
/** Screenshots land in runs/ (gitignored). */
const SHOTS = join(process.cwd(), 'runs', 'screenshots')

function shortReplay(seed = 3): Replay {
  const b = bindEngine(undefined, 'piwam-training')
  if (!b.ok) throw new Error(b.error.message)
  const sc = structuredClone(b.value.scenario)
  sc.turns = 2
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

/** The layout the screenshots show: the board fills its pane's width (or the window's height), and
 *  nothing of the caption or the side panel runs past its box. */
async function checkLayout(p: Page, shot: string): Promise<void> {
  await p.screenshot({ path: join(SHOTS, shot) })
  const pane = await p.locator('#board-wrap').boundingBox()
  const svg = await p.locator('#board svg.layer-base').boundingBox()
  if (!pane || !svg) throw new Error('no board on the page')
  // The SVG box spans the pane (less its padding), and the picture in it is as large as the box allows.
  expect(svg.width).toBeGreaterThan(0.95 * pane.width)
  const fill = await p.evaluate(() => {
    const el = document.querySelector('#board svg.layer-base') as unknown as { viewBox: { baseVal: { width: number; height: number } }; getBoundingClientRect(): { width: number; height: number } }
    const vb = el.viewBox.baseVal
    const r = el.getBoundingClientRect()
    return Math.min(r.width / vb.width, r.height / vb.height) * vb.width
  })
  // Drawn width of the map: at least 85% of the pane unless the window's height limits it.
  const viewport = p.viewportSize()!
  if (fill < 0.85 * pane.width) expect(svg.height).toBeGreaterThan(0.75 * viewport.height)
  // The pieces layer lies exactly over the terrain.
  const pieces = await p.locator('#pieces svg').boundingBox()
  expect(pieces && Math.abs(pieces.x - svg.x) < 1 && Math.abs(pieces.width - svg.width) < 1 && Math.abs(pieces.height - svg.height) < 1).toBe(true)
  // Caption and side panel: no line wider than its box (a cut-off caption was the bug).
  const overflow = await p.evaluate(() =>
    [...document.querySelectorAll('#caption, #caption *, aside, aside .row, #step-label, #p-prompt')]
      .filter((e) => (e as unknown as { offsetParent: unknown }).offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.tagName}#${e.id}.${e.className}: ${e.scrollWidth} > ${e.clientWidth}`),
  )
  expect(overflow).toEqual([])
  const caption = await p.locator('#caption').boundingBox()
  expect(caption && caption.x + caption.width <= pane.x + pane.width + 1).toBe(true)
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

  it('plays a short game to its end by clicking, and saves it as a replay', async () => {
    await page.click('[data-testid=tab-play]')
    await page.selectOption('[data-testid=p-ruleset]', 'piwam')
    await page.selectOption('[data-testid=p-scenario]', 'piwam-training')
    await page.selectOption('[data-testid=p-side]', '0')
    await page.selectOption('[data-testid=p-opponent]', 'random')
    await page.fill('[data-testid=p-turns]', '1')
    await page.fill('[data-testid=p-seed]', '2')
    // A spec the server's registry refuses comes back over the bridge as an Error with its code.
    await page.fill('[data-testid=p-spec]', 'nobody')
    await page.click('[data-testid=p-start]')
    await expect.poll(() => page.textContent('[data-testid=status]')).toMatch(/AGENT_INVALID: .*nobody/)
    await page.fill('[data-testid=p-spec]', '')
    const before = { ...server.bridge.counters }
    await page.click('[data-testid=p-start]')
    let clicks = 0
    let mapClicks = 0
    for (; clicks < 400; clicks++) {
      // Wait for either the end of the game or the human's choices.
      await page.waitForFunction(() => document.querySelector('[data-testid=p-prompt][data-over]') || document.querySelector('#p-choices button'), null, { timeout: 20_000 })
      if (await page.locator('[data-testid=p-prompt][data-over]').count()) break
      // Prefer clicking the map: a highlighted hex or unit; else the first named choice.
      const hex = page.locator('#board polygon.hl-hex').first()
      const unit = page.locator('#board g.unit:has(rect.hl-unit)').first()
      if (clicks % 2 === 0 && (await hex.count())) {
        await hex.click({ force: true })
        mapClicks++
      } else if (clicks % 2 === 0 && (await unit.count())) {
        await unit.click({ force: true })
        mapClicks++
      } else await page.locator('#p-choices button').first().click()
      if (clicks === 3) await checkLayout(page, 'play.png')
    }
    expect(await page.locator('[data-testid=p-prompt][data-over]').count()).toBe(1)
    expect(clicks).toBeGreaterThan(0)
    expect(mapClicks).toBeGreaterThan(0)
    expect(await page.textContent('[data-testid=p-prompt]')).toMatch(/Game over/)
    // The page exposes window.tercio (web/src/main.ts); the test's tsconfig has no DOM types.
    const json = await page.evaluate(() => JSON.stringify((globalThis as unknown as { tercio: { play: { lastReplay: unknown } } }).tercio.play.lastReplay))
    const p = parseReplay(JSON.parse(json))
    if (!p.ok) throw new Error(p.error.message)
    expect(p.value.outcome).not.toBeNull()
    const e = engineForReplay(p.value)
    if (!e.ok) throw new Error(e.error.message)
    const v = verifyReplay(p.value, e.value)
    expect(v.ok).toBe(true)
    // The opponent's moves came over the websocket bridge: the server's opponent made every
    // decision of side 1, and every human decision was a Step of an env set with an opponent.
    const humanSteps = p.value.steps.filter((st) => st.player === 0).length
    const opponentSteps = p.value.steps.length - humanSteps
    expect(opponentSteps).toBeGreaterThan(0)
    expect(server.bridge.counters.opponentSteps - before.opponentSteps).toBe(humanSteps)
    expect(server.bridge.counters.opponentDecisions - before.opponentDecisions).toBe(opponentSteps)
    const pageMoves = await page.evaluate(() => (globalThis as unknown as { tercio: { play: { bridgeMoves: number } } }).tercio.play.bridgeMoves)
    expect(pageMoves).toBe(opponentSteps)
    // The saved file is the same replay.
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=p-save]')])
    const file = join(SHOTS, dl.suggestedFilename())
    await dl.saveAs(file)
    const saved = parseReplay(JSON.parse((await import('node:fs')).readFileSync(file, 'utf8')))
    expect(saved.ok && saved.value.steps.length).toBe(p.value.steps.length)
    await checkLayout(page, 'play-over.png')
    writeFileSync(join(SHOTS, 'played-replay.json'), json)
    expect(pageErrors()).toEqual([])
  }, 90_000)
})
