// Shared set-up of the ruleset viewer e2e tests: the built viewer served with some replays,
// headless Debian Chromium (scripts/setup-browser.sh installs it) and one page; and the steps
// that open a replay at a given step.
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { expect } from 'vitest'
import { buildViewer, bundleIsFresh, startViewServer, type ViewServer, type ViewServerOptions } from '../../cli/commands/view.ts'
import type { Replay } from '../../env/gym/replay.ts'

export const CHROMIUM = process.env.TERCIO_CHROMIUM ?? '/usr/bin/chromium'
export const SHOTS = join(process.cwd(), 'runs', 'screenshots')

export interface ViewerSession {
  readonly browser: Browser
  readonly server: ViewServer
  readonly page: Page
  close(): Promise<void>
}

export async function openViewer(replays: { name: string; replay: Replay }[]): Promise<ViewerSession> {
  return launch({ replays })
}

/** The built viewer served (with these replays and agent folders) and one 1400×900 page on it, loaded. */
export async function launch(o: ViewServerOptions & { viewport?: { width: number; height: number } }): Promise<ViewerSession> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/setup-browser.sh (apt-get install -y chromium) or set TERCIO_CHROMIUM`)
  if (!bundleIsFresh()) await buildViewer()
  mkdirSync(SHOTS, { recursive: true })
  const server = await startViewServer({ port: 0, ...o })
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  const page = await browser.newPage({ viewport: o.viewport ?? { width: 1400, height: 900 }, acceptDownloads: true })
  await page.goto(server.url)
  await page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 })
  return {
    browser,
    server,
    page,
    close: async () => {
      await browser.close()
      await server.close()
    },
  }
}

/** Loads the viewer, waits for the replay `name`, and scrubs to `step` of `total`. */
export async function showReplayStep(v: ViewerSession, name: string, step: number, total: number): Promise<void> {
  await v.page.goto(v.server.url)
  await v.page.waitForSelector('body[data-ready="1"]', { timeout: 30_000 })
  await expect.poll(() => v.page.textContent('[data-testid=status]')).toContain(name)
  await v.page.locator('[data-testid=scrub]').fill(String(step))
  await expect.poll(() => v.page.textContent('[data-testid=step-label]')).toContain(`step ${step} / ${total}`)
}
