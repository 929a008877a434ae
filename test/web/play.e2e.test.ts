// End-to-end: games in the built viewer (headless Debian Chromium, playwright-core) against
// server-side agents, played by clicking the board: each ruleset's training scenario to its end
// against the heuristic; undo; save and resume; a checkpoint of a run folder as the opponent;
// a server that goes away mid-game. Every finished game is checked as `tercio replay verify` does.
import { cpSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engineForReplay } from '../../env/gym/make.ts'
import { parseReplay, verifyReplay, type Replay } from '../../env/gym/replay.ts'
import { startViewServer } from '../../cli/commands/view.ts'
import { launch, SHOTS, type ViewerSession } from './browser.ts'

/** A run folder of `tercio train` around the checked-in piwam checkpoint (its checkpoint/ only). */
const agents = mkdtempSync(join(tmpdir(), 'tercio-view-agents-'))
cpSync('checkpoints/piwam-training-baseline', join(agents, 'piwam-run', 'checkpoint'), { recursive: true })

let v: ViewerSession
let page: Page
const errors: string[] = []

beforeAll(async () => {
  v = await launch({ agents: [agents] })
  page = v.page
  page.on('pageerror', (e) => errors.push(e.message))
}, 120_000)

afterAll(async () => {
  await v?.close()
})

type Win = { tercio: { play: { begun: number; game: { played: unknown[]; state: unknown } | null; lastReplay: unknown; undoPoint(g: unknown): number } ; board: { hexCentre(l: string): { x: number; y: number } | null } } }

/** The human's targets now: hexes and units with their action ids, and the units standing in each target hex. */
async function targets(p: Page): Promise<{ hexes: [string, number][]; units: [string, number][]; occupied: string[] }> {
  return p.evaluate(() => {
    const t = (globalThis as unknown as { tercio: { play: { targets: { hexes: Map<string, number>; units: Map<string, number> } }; board: { view: { units: { hex: string | null; eliminated: boolean }[] } } } }).tercio
    const hexes = [...t.play.targets.hexes.entries()]
    const occupied = hexes.map(([h]) => h).filter((h) => t.board.view.units.some((u) => u.hex === h && !u.eliminated))
    return { hexes, units: [...t.play.targets.units.entries()], occupied }
  })
}

const played = (p: Page): Promise<number> => p.evaluate(() => (globalThis as unknown as Win).tercio.play.game?.played.length ?? 0)

/** Clicks the centre of hex `label` on the board (a counter there included). */
async function clickHex(p: Page, label: string): Promise<void> {
  const c = await p.evaluate((l) => (globalThis as unknown as Win).tercio.board.hexCentre(l), label)
  if (!c) throw new Error(`hex ${label} is not on the board`)
  await p.mouse.click(c.x, c.y)
}

const waitTurn = (p: Page) => p.waitForFunction(() => document.querySelector('[data-testid=p-prompt][data-over]') || document.querySelector('#p-choices button'), null, { timeout: 30_000 })
const over = async (p: Page) => (await p.locator('[data-testid=p-prompt][data-over]').count()) > 0

async function newGame(p: Page, o: { ruleset: string; scenario: string; side?: string; opponent?: string; spec?: string; turns?: string; seed?: string }): Promise<void> {
  await p.click('[data-testid=tab-play]')
  await p.selectOption('[data-testid=p-ruleset]', o.ruleset)
  await p.selectOption('[data-testid=p-scenario]', o.scenario)
  await p.selectOption('[data-testid=p-side]', o.side ?? '0')
  if (o.opponent) await p.selectOption('[data-testid=p-opponent]', o.opponent)
  await p.fill('[data-testid=p-spec]', o.spec ?? '')
  await p.fill('[data-testid=p-turns]', o.turns ?? '1')
  await p.fill('[data-testid=p-seed]', o.seed ?? '1')
  const begun = await p.evaluate(() => (globalThis as unknown as Win).tercio.play.begun)
  await p.click('[data-testid=p-start]')
  await p.waitForFunction((n) => (globalThis as unknown as Win).tercio.play.begun > n, begun, { timeout: 60_000 })
}

/** Clicks a target on the board: a hex with a counter in it (the click lands on the counter), else
 *  the i-th hex target, else the i-th unit target's counter. True when the hex held a counter. */
async function clickTarget(p: Page, t: Awaited<ReturnType<typeof targets>>, i: number): Promise<boolean> {
  const hex = t.occupied[0] ?? t.hexes[i % Math.max(1, t.hexes.length)]?.[0]
  if (hex !== undefined) {
    await clickHex(p, hex)
    return t.occupied[0] === hex
  }
  const [unit] = t.units[i % t.units.length] as [string, number]
  // In a stack the counters overlap: a point of this counter that no other covers, as a player clicks it.
  const at = await p.evaluate((u) => {
    const el = document.querySelector(`#pieces [data-unit="${u}"], #pieces [data-leader="${u}"]`)
    if (!el) return null
    const r = el.getBoundingClientRect()
    for (let gy = 1; gy < 6; gy++) {
      for (let gx = 1; gx < 6; gx++) {
        const x = r.left + (r.width * gx) / 6
        const y = r.top + (r.height * gy) / 6
        if (el.contains(document.elementFromPoint(x, y))) return { x, y }
      }
    }
    return null
  }, unit)
  if (!at) throw new Error(`no visible point of the counter of ${unit}`)
  await p.mouse.click(at.x, at.y)
  return false
}

/** Plays the human side to the end: a board target when there is one (hexes by their centre, where a
 *  counter may stand), else the first button. Returns the clicks on the board and on buttons. */
async function playOut(p: Page, limit = 800): Promise<{ board: number; buttons: number; onCounter: number }> {
  const n = { board: 0, buttons: 0, onCounter: 0 }
  for (let i = 0; i < limit; i++) {
    await waitTurn(p)
    if (await over(p)) return n
    const t = await targets(p)
    const before = await played(p)
    if (t.hexes.length || t.units.length) {
      if (await clickTarget(p, t, i)) n.onCounter++
      n.board++
    } else {
      await p.locator('#p-choices button').first().click()
      n.buttons++
    }
    // the click was taken: a decision was made
    await p.waitForFunction((b) => ((globalThis as unknown as Win).tercio.play.game?.played.length ?? 0) > b || document.querySelector('[data-testid=p-prompt][data-over]'), before, { timeout: 30_000 })
  }
  throw new Error(`no end after ${limit} decisions`)
}

async function checkedReplay(p: Page): Promise<Replay> {
  const json = await p.evaluate(() => JSON.stringify((globalThis as unknown as Win).tercio.play.lastReplay))
  const r = parseReplay(JSON.parse(json))
  if (!r.ok) throw new Error(r.error.message)
  const e = engineForReplay(r.value)
  if (!e.ok) throw new Error(e.error.message)
  const ok = verifyReplay(r.value, e.value)
  if (!ok.ok) throw new Error(ok.error.message)
  return r.value
}

const TRAINING = [
  ['piwam', 'piwam-training'],
  ['marignan', 'marignan-training'],
  ['cfeo', 'cfeo-training'],
  ['hbl', 'hbl-training'],
  ['mttsog', 'mttsog-training'],
] as const

describe('playing in the browser', () => {
  for (const [ruleset, scenario] of TRAINING) {
    it(`${ruleset}: plays ${scenario}, all its turns, to its end against the heuristic by clicking the board`, async () => {
      await newGame(page, { ruleset, scenario, opponent: 'heuristic', seed: '3', turns: '' })
      const n = await playOut(page, 5000)
      console.log(`${ruleset}: ${JSON.stringify(n)}`)
      expect(n.board).toBeGreaterThan(0)
      const prompt = (await page.textContent('[data-testid=p-prompt]')) ?? ''
      // who won and why
      expect(prompt).toMatch(/^Game over: (.+ win — you (won|lost)|a draw)\. Why: .+; score /)
      const r = await checkedReplay(page)
      expect(r.outcome).not.toBeNull()
      expect(r.meta?.['players']).toEqual(['human', 'heuristic'])
      // the newest entry of the log is in view
      const inView = await page.evaluate(() => {
        const log = document.querySelector('#p-log') as HTMLElement
        const li = log.querySelector('li.current') as HTMLElement | null
        if (!li) return false
        const a = li.getBoundingClientRect()
        const b = log.getBoundingClientRect()
        // all of it, or (taller than the box) its start at the top
        return a.top >= b.top - 1 && (a.bottom <= b.bottom + 1 || (li.offsetHeight >= log.clientHeight && a.top <= b.top + 2))
      })
      expect(inView).toBe(true)
      await page.screenshot({ path: join(SHOTS, `play-${ruleset}-over.png`) })
      expect(errors).toEqual([])
    }, 600_000)
  }

  it('a click on a counter in a target hex chooses that hex, and the hex\'s button names the unit in it', async () => {
    await newGame(page, { ruleset: 'marignan', scenario: 'marignan-training', opponent: 'heuristic', seed: '3' })
    for (let i = 0; i < 300; i++) {
      await waitTurn(page)
      if (await over(page)) throw new Error(`the game ended before a target hex held a counter: ${await page.textContent('[data-testid=p-prompt]')} after ${await played(page)}`)
      const t = await targets(page)
      const hex = t.occupied[0]
      if (hex !== undefined) {
        const action = t.hexes.find(([h]) => h === hex)?.[1] as number
        const label = (await page.locator(`#p-choices button[data-action="${action}"]`).textContent()) ?? ''
        const unit = await page.evaluate((h) => (globalThis as unknown as { tercio: { board: { view: { units: { id: string; hex: string | null }[] } } } }).tercio.board.view.units.find((u) => u.hex === h)?.id, hex)
        expect(label).toContain(`hex ${hex}`)
        expect(label).toContain(unit as string)
        const box = await page.locator(`#pieces [data-unit="${unit}"]`).boundingBox()
        const before = await played(page)
        // on the counter's lower left corner, away from the hex centre
        await page.mouse.click((box?.x ?? 0) + 4, (box?.y ?? 0) + (box?.height ?? 0) - 4)
        await page.waitForFunction((b) => ((globalThis as unknown as Win).tercio.play.game?.played.length ?? 0) > b, before)
        const last = await page.evaluate(() => (globalThis as unknown as { tercio: { play: { game: { played: { action: number }[] } } } }).tercio.play.game.played)
        expect(last[before]?.action).toBe(action)
        return
      }
      // move on: a target hex if any, else a target unit's button, else the first button
      const before = await played(page)
      if (t.hexes.length || t.units.length) await clickTarget(page, t, i)
      else await page.locator('#p-choices button').first().click()
      await page.waitForFunction((b) => ((globalThis as unknown as Win).tercio.play.game?.played.length ?? 0) > b, before)
    }
    throw new Error('no target hex with a counter in 300 decisions')
  }, 240_000)

  it('undo takes back the last decision (never past a die roll), and the game plays on to a verified end', async () => {
    await newGame(page, { ruleset: 'piwam', scenario: 'piwam-training', opponent: 'heuristic', seed: '2' })
    // play until Undo is offered
    for (let i = 0; i < 200 && (await page.locator('[data-testid=p-undo]:not([disabled])').count()) === 0; i++) {
      await waitTurn(page)
      if (await over(page)) throw new Error('the game ended before undo was offered')
      const before = await played(page)
      await page.locator('#p-choices button').last().click()
      await page.waitForFunction((b) => ((globalThis as unknown as Win).tercio.play.game?.played.length ?? 0) > b || document.querySelector('[data-testid=p-prompt][data-over]'), before)
      await waitTurn(page)
    }
    await waitTurn(page)
    const k = await page.evaluate(() => {
      const pl = (globalThis as unknown as Win).tercio.play
      return pl.undoPoint(pl.game)
    })
    expect(k).toBeGreaterThanOrEqual(0)
    const prompts: string[] = []
    const n0 = await played(page)
    await page.click('[data-testid=p-undo]')
    await expect.poll(() => page.textContent('[data-testid=status]')).toContain(`took back decision ${k + 1}`)
    expect(await played(page)).toBe(k)
    expect(k).toBeLessThan(n0)
    // no die was rolled in what was taken back
    prompts.push((await page.textContent('[data-testid=p-prompt]')) ?? '')
    expect(prompts[0]).toMatch(/^Your decision/)
    await playOut(page)
    await checkedReplay(page)
    expect(errors).toEqual([])
  }, 240_000)

  it('saves a game in progress as a replay that verifies, and resumes it at the same decision', async () => {
    await newGame(page, { ruleset: 'cfeo', scenario: 'cfeo-training', opponent: 'heuristic', seed: '4', turns: '2' })
    for (let i = 0; i < 3; i++) {
      await waitTurn(page)
      const before = await played(page)
      await page.locator('#p-choices button').first().click()
      await page.waitForFunction((b) => ((globalThis as unknown as Win).tercio.play.game?.played.length ?? 0) > b, before)
    }
    await waitTurn(page)
    const n = await played(page)
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=p-save]')])
    const file = join(SHOTS, `saved-${dl.suggestedFilename()}`)
    await dl.saveAs(file)
    const saved = parseReplay(JSON.parse(readFileSync(file, 'utf8')))
    if (!saved.ok) throw new Error(saved.error.message)
    expect(saved.value.steps.length).toBe(n)
    expect(saved.value.outcome).toBeNull()
    const e = engineForReplay(saved.value)
    expect(e.ok && verifyReplay(saved.value, e.value).ok).toBe(true)
    // another game meanwhile, then the saved one again
    await newGame(page, { ruleset: 'piwam', scenario: 'piwam-training', opponent: 'random' })
    await waitTurn(page)
    await page.setInputFiles('[data-testid=p-resume]', file)
    await expect.poll(() => page.textContent('[data-testid=status]'), { timeout: 30_000 }).toContain(`resumed ${'saved-'}`)
    expect(await played(page)).toBe(n)
    expect(await page.locator('#p-log li').count()).toBe(n)
    await playOut(page)
    const r = await checkedReplay(page)
    expect(r.steps.slice(0, n)).toEqual(saved.value.steps)
    expect(errors).toEqual([])
  }, 240_000)

  it('plays a ckpt: of a run folder (its checkpoint/) found in the --agents folder', async () => {
    await page.click('[data-testid=tab-play]')
    await page.selectOption('[data-testid=p-ruleset]', 'piwam')
    const options = await page.locator('[data-testid=p-opponent] option').evaluateAll((os) => os.map((o) => (o as unknown as { value: string }).value))
    const spec = options.find((o) => o.endsWith('/piwam-run'))
    expect(spec).toBeDefined()
    // The spec field's example is a spec that works here.
    expect(await page.getAttribute('[data-testid=p-spec]', 'placeholder')).toBe(spec)
    await newGame(page, { ruleset: 'piwam', scenario: 'piwam-training', opponent: spec as string, seed: '6' })
    await playOut(page)
    const r = await checkedReplay(page)
    expect(r.meta?.['players']).toEqual(['human', spec])
    expect(errors).toEqual([])
  }, 240_000)

  it('an unknown agent spec is refused legibly and the game before plays on', async () => {
    await newGame(page, { ruleset: 'piwam', scenario: 'piwam-training', opponent: 'heuristic', seed: '7' })
    await waitTurn(page)
    const n = await played(page)
    await page.fill('[data-testid=p-spec]', 'ckpt:runs/nowhere')
    await page.click('[data-testid=p-start]')
    await expect.poll(() => page.getAttribute('[data-testid=status]', 'class')).toBe('error')
    const msg = (await page.textContent('[data-testid=status]')) ?? ''
    expect(msg).toMatch(/New game refused: AGENT_INVALID: .*ckpt:runs\/nowhere.*no such agent in this server's agent directory .*tercio-view-agents-.* — the game before continues/)
    expect(await contrast(page, '[data-testid=status]')).toBeGreaterThan(7)
    // the game before is still playable: its buttons work
    expect(await played(page)).toBe(n)
    await page.fill('[data-testid=p-spec]', '')
    const before = await played(page)
    await page.locator('#p-choices button').first().click()
    await page.waitForFunction((b) => ((globalThis as unknown as Win).tercio.play.game?.played.length ?? 0) > b, before)
    expect(errors).toEqual([])
  }, 120_000)

  it('a server that goes away mid-game: a legible message, no dead buttons, and the game saved whole', async () => {
    const own = await startViewServer({ port: 0 })
    const p = await v.browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true })
    try {
      await p.goto(own.url)
      await p.waitForSelector('body[data-ready="1"]')
      await newGame(p, { ruleset: 'piwam', scenario: 'piwam-training', opponent: 'heuristic', seed: '8' })
      for (let i = 0; i < 3; i++) {
        await waitTurn(p)
        const before = await played(p)
        await p.locator('#p-choices button').first().click()
        await p.waitForFunction((b) => ((globalThis as unknown as Win).tercio.play.game?.played.length ?? 0) > b, before)
      }
      await waitTurn(p)
      const n = await played(p)
      await own.close()
      await expect.poll(() => p.textContent('[data-testid=status]')).toMatch(/the connection to the server closed .*your game is kept/)
      expect(await p.getAttribute('[data-testid=status]', 'class')).toBe('error')
      expect(await p.locator('#p-choices button').count()).toBe(0)
      expect(await p.locator('[data-testid=p-undo]').isDisabled()).toBe(true)
      expect(await p.locator('[data-testid=p-resign]').isDisabled()).toBe(true)
      expect(await p.textContent('[data-testid=p-prompt]')).toContain('Save it')
      await p.screenshot({ path: join(SHOTS, 'server-gone.png') })
      const [dl] = await Promise.all([p.waitForEvent('download'), p.click('[data-testid=p-save]')])
      const file = join(SHOTS, 'server-gone.json')
      await dl.saveAs(file)
      const saved = parseReplay(JSON.parse(readFileSync(file, 'utf8')))
      expect(saved.ok && saved.value.steps.length).toBe(n)
      // a new game without a server says so legibly, and the kept game stays
      await p.click('[data-testid=p-start]')
      await expect.poll(() => p.textContent('[data-testid=status]')).toMatch(/New game refused: cannot connect to the server/)
      expect(await played(p)).toBe(n)
    } finally {
      await p.close()
      await own.close().catch(() => {})
    }
  }, 120_000)

  it('resigning ends the game: the other side wins, and the replay verifies', async () => {
    await newGame(page, { ruleset: 'hbl', scenario: 'hbl-training', opponent: 'random', seed: '2' })
    await waitTurn(page)
    await page.click('[data-testid=p-resign]')
    await expect.poll(() => page.textContent('[data-testid=p-prompt]')).toMatch(/^Game over: .+ win — .+ \(you\) resigned/)
    const r = await checkedReplay(page)
    expect(r.meta?.['resigned']).toBe(0)
    expect(r.outcome).toBeNull()
  }, 60_000)
})

/** Contrast ratio (WCAG) of an element's text colour against its background. */
async function contrast(p: Page, sel: string): Promise<number> {
  const [fg, bg] = await p.$eval(sel, (e) => {
    const s = (globalThis as unknown as { getComputedStyle(e: unknown): { color: string; backgroundColor: string } }).getComputedStyle(e)
    return [s.color, s.backgroundColor]
  })
  const lum = (c: string): number => {
    const [r, g, b] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number).map((v) => {
      const x = v / 255
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x) as [number, number]
  return (a + 0.05) / (b + 0.05)
}
