// Screenshots of the viewer for docs/img: each ruleset's training battle in play at 1400×900
// (docs/img/viewer-<ruleset>.png) and a fire or combat preview open (docs/img/viewer-preview.png).
// Both sides play the heuristic: the opponent on the view server, the human side's choices picked by the
// heuristic here in Node from the page's own state and clicked as buttons.
//   npx tsx scripts/viewer-screenshots.ts [--out docs/img] [--only piwam,hbl,preview]
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { makeHeuristic } from '../agents/heuristic/index.ts'
import type { Agent } from '../agents/types.ts'
import { buildViewer, bundleIsFresh, startViewServer } from '../cli/commands/view.ts'
import type { Player } from '../env/core/types.ts'
import { bindEngine } from '../env/gym/make.ts'

const arg = (k: string): string | undefined => {
  const i = process.argv.indexOf(k)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const OUT = arg('--out') ?? join(process.cwd(), 'docs', 'img')
const ONLY = (arg('--only') ?? 'piwam,marignan,mttsog,cfeo,hbl,preview').split(',')
const SEED = 1

/** Human decisions played before each ruleset's screenshot: far enough for a battle to be joined. */
const DECISIONS: Record<string, number> = { piwam: 40, marignan: 60, mttsog: 40, cfeo: 40, hbl: 30 }
/** The preview screenshot: this ruleset's first human choice that would fire or fight. */
const PREVIEW_RULESET = 'piwam'
/** A unit whose card the screenshot shows: the first of the human's units on the map. */
const HOVER_UNIT = `(() => { const t = window.tercio; const g = t.play.game; const u = t.board.view.units.find((u) => u.side === g.human && u.hex && !u.eliminated); return u ? u.hex : null })()`
/** The first button whose choice would fire or fight, preferring `preferred`. */
const PREVIEWED = `((preferred) => {
  const t = window.tercio
  const acts = [...document.querySelectorAll('#p-choices button')].map((b) => Number(b.dataset.action))
  for (const a of [preferred, ...acts]) if (acts.includes(a) && t.play.previewOf(a)) return a
  return null
})`

/** Waits until the human has a decision (true) or the game is over (false). */
async function humanTurn(page: Page): Promise<boolean> {
  await page.waitForFunction(() => document.querySelector('[data-testid=p-prompt][data-over]') || document.querySelector('#p-choices button'), null, { timeout: 120_000 })
  return (await page.locator('[data-testid=p-prompt][data-over]').count()) === 0
}

/** The heuristic's choice for the human side, computed from the page's state. */
async function heuristicChoice(page: Page, ruleset: string, agents: Map<string, Agent>): Promise<number> {
  const json = (await page.evaluate('JSON.stringify(window.tercio.play.game.state)')) as string
  const scenario = (await page.inputValue('[data-testid=p-scenario]')) as string
  const b = bindEngine(ruleset, scenario)
  if (!b.ok) throw new Error(b.error.message)
  const engine = b.value
  const r = engine.restore(JSON.parse(json))
  if (!r.ok) throw new Error(r.error.message)
  const s = r.value
  const mask = new Uint8Array(engine.layout.size)
  const legalCount = engine.legal(s, mask)
  const player = engine.decision(s)?.player as Player
  let agent = agents.get(ruleset)
  if (!agent) {
    agent = makeHeuristic(engine, SEED)
    agents.set(ruleset, agent)
  }
  return agent.act({ engine, state: s, mask, legalCount, player })
}

async function startGame(page: Page, ruleset: string): Promise<void> {
  await page.selectOption('[data-testid=p-ruleset]', ruleset)
  await page.selectOption('[data-testid=p-scenario]', `${ruleset}-training`)
  await page.selectOption('[data-testid=p-side]', '0')
  await page.selectOption('[data-testid=p-opponent]', 'heuristic')
  const begun = (await page.evaluate('window.tercio.play.begun')) as number
  await page.click('[data-testid=p-start]')
  // the new game, not the last one's buttons
  await page.waitForFunction((n) => (globalThis as unknown as { tercio: { play: { begun: number } } }).tercio.play.begun > n, begun, { timeout: 60_000 })
}

async function main(): Promise<void> {
  if (!bundleIsFresh()) await buildViewer()
  const server = await startViewServer({ port: 0 })
  const browser = await chromium.launch({ executablePath: process.env.TERCIO_CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] })
  const agents = new Map<string, Agent>()
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    await page.goto(server.url)
    await page.waitForSelector('body[data-ready="1"]')
    for (const ruleset of ONLY.filter((r) => r !== 'preview')) {
      agents.clear()
      await startGame(page, ruleset)
      for (let i = 0; i < (DECISIONS[ruleset] ?? 30) && (await humanTurn(page)); i++) {
        const a = await heuristicChoice(page, ruleset, agents)
        await page.click(`#p-choices button[data-action="${a}"]`)
      }
      await humanTurn(page)
      if (ruleset === 'piwam') await page.click('#legend summary')
      const hex = (await page.evaluate(HOVER_UNIT)) as string | null
      if (hex) {
        const c = (await page.evaluate(`window.tercio.board.hexCentre(${JSON.stringify(hex)})`)) as { x: number; y: number }
        await page.mouse.move(c.x, c.y)
      }
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(OUT, `viewer-${ruleset}.png`) })
      if (ruleset === 'piwam') await page.click('#legend summary')
      console.log(`viewer-${ruleset}.png`)
    }
    if (ONLY.includes('preview')) {
      agents.clear()
      await startGame(page, PREVIEW_RULESET)
      for (let i = 0; i < 400 && (await humanTurn(page)); i++) {
        const a = await heuristicChoice(page, PREVIEW_RULESET, agents)
        const shown = (await page.evaluate(`${PREVIEWED}(${a})`)) as number | null
        if (shown !== null) {
          await page.hover(`#p-choices button[data-action="${shown}"]`)
          await page.waitForSelector('[data-testid=preview]')
          await page.waitForTimeout(300)
          await page.screenshot({ path: join(OUT, 'viewer-preview.png') })
          console.log('viewer-preview.png')
          break
        }
        await page.click(`#p-choices button[data-action="${a}"]`)
      }
    }
  } finally {
    await browser.close()
    await server.close()
  }
}
await main()
