// Viewer step time in headless Chromium: on the largest built-in map, the time from a click on a
// target hex to the board redrawn with the move on it (the page applies the move and redraws the
// pieces), to the board redrawn with the human's next choices (the view server's opponent answered
// over the bridge), and the redraw alone.
//   npx tsx bench/viewer.ts [--scenario ID] [--clicks N] [--side 0|1]
// Prints one JSON line (tercio-bench-viewer/1) with medians and 90th percentiles in ms.
import { chromium } from 'playwright-core'
import { buildViewer, bundleIsFresh, startViewServer } from '../cli/commands/view.ts'
import { BUILTIN_SCENARIOS } from '../env/scenario/builtin.ts'
import { resolveScenario } from '../env/scenario/builtin.ts'
import { bindEngine } from '../env/gym/make.ts'

const arg = (k: string): string | undefined => {
  const i = process.argv.indexOf(k)
  return i >= 0 ? process.argv[i + 1] : undefined
}
/** The largest map: most hexes. */
const largest = BUILTIN_SCENARIOS.map((s) => resolveScenario(s.id))
  .flatMap((r) => (r.ok ? [r.value] : []))
  .sort((a, b) => b.map.cols * b.map.rows - a.map.cols * a.map.rows)[0]
const scenario = arg('--scenario') ?? largest?.id ?? 'marignan-1515-first-day'
const clicks = Number(arg('--clicks') ?? 40)
/** The side the bench plays: given, else the one with most units on the map at the start (Marignan's Swiss enter from off the map). */
function sideOnMap(id: string): number {
  const b = bindEngine(undefined, id)
  if (!b.ok) return 0
  const v = b.value.view(b.value.init(1))
  const on = [0, 1].map((p) => v.units.filter((u) => u.side === p && u.hex !== null && !u.eliminated).length)
  return (on[1] as number) > (on[0] as number) ? 1 : 0
}
const side = Number(arg('--side') ?? sideOnMap(scenario))

const q = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? (s[Math.min(s.length - 1, Math.floor(p * s.length))] as number) : NaN
}

/** Runs in the page (a string: the bench's tsconfig has no DOM types): a pointer click at the first
 *  target hex's centre, else on a target unit's counter (as a person clicks a counter in a stack), timed to
 *  the painted frame of the first board drawn after it (the move on the board) and of the board drawn with
 *  the human's next choices (the opponent answered over the bridge), or the game's end. */
const CLICK = `(async () => {
  const t = window.tercio
  const el = document.querySelector('#board')
  const hex = [...t.play.targets.hexes.keys()][0]
  const unit = hex ? undefined : [...t.play.targets.units.keys()][0]
  const counter = unit ? el.querySelector('.pieces [data-unit="' + unit + '"], .pieces [data-leader="' + unit + '"]') : null
  const box = counter?.getBoundingClientRect()
  const c = hex ? t.board.hexCentre(hex) : box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null
  let drawMs = 0
  const orig = t.board.draw
  t.board.draw = (...a) => { const t0 = performance.now(); orig.apply(t.board, a); drawMs += performance.now() - t0 }
  const before = t.board.draws
  const frame = () => new Promise((ok) => requestAnimationFrame(() => ok(null)))
  const next = () => document.querySelector('[data-testid=p-prompt][data-over]') || document.querySelector('#p-choices button')
  const t0 = performance.now()
  if (c) {
    const o = { clientX: c.x, clientY: c.y, pointerId: 1, bubbles: true, isPrimary: true }
    ;(counter ?? el.querySelector('.pieces')).dispatchEvent(new PointerEvent('pointerdown', o))
    el.dispatchEvent(new PointerEvent('pointerup', o))
  } else document.querySelector('#p-choices button').click()
  while (t.board.draws === before && performance.now() - t0 < 10000) await new Promise((ok) => setTimeout(ok, 0))
  if (t.board.draws === before) { t.board.draw = orig; return { ms: NaN, nextMs: NaN, drawMs: 0, board: false, missed: true } }
  const firstDraw = drawMs
  await frame()
  const ms = performance.now() - t0
  // the opponent may take long on a busy host; give up on this click's second figure after 60 s
  while (!next() && performance.now() - t0 < 60000) await new Promise((ok) => setTimeout(ok, 5))
  await frame()
  const nextMs = performance.now() - t0
  t.board.draw = orig
  return { ms, nextMs, drawMs: firstDraw, board: c !== null }
})()`

async function main(): Promise<void> {
  if (!bundleIsFresh()) await buildViewer()
  const server = await startViewServer({ port: 0 })
  const browser = await chromium.launch({ executablePath: process.env.TERCIO_CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    await page.goto(server.url)
    await page.waitForSelector('body[data-ready="1"]')
    const sc = resolveScenario(scenario)
    if (!sc.ok) throw new Error(sc.error.message)
    await page.selectOption('[data-testid=p-ruleset]', sc.value.ruleset)
    await page.selectOption('[data-testid=p-scenario]', scenario)
    await page.selectOption('[data-testid=p-side]', String(side))
    await page.selectOption('[data-testid=p-opponent]', 'random')
    await page.click('[data-testid=p-start]')
    const total: number[] = []
    const redraw: number[] = []
    const nextDecision: number[] = []
    let missed = 0
    for (let i = 0; total.length < clicks && i < clicks * 20; i++) {
      await page.waitForFunction(() => document.querySelector('[data-testid=p-prompt][data-over]') || document.querySelector('#p-choices button'), null, { timeout: 60_000 })
      if (await page.locator('[data-testid=p-prompt][data-over]').count()) break
      // In the page: a pointer click at a target hex's centre, timed to the next board draw's painted frame.
      const r = (await page.evaluate(CLICK)) as { ms: number; nextMs: number; drawMs: number; board: boolean; missed?: boolean }
      if (r.missed) {
        // a board click that chose nothing: the page's click handling is broken, or the bench's aim is
        missed++
        if (missed >= 3) throw new Error(`${missed} board clicks in a row chose nothing (after ${total.length} timed clicks)`)
        continue
      }
      missed = 0
      if (r.board) {
        total.push(r.ms)
        nextDecision.push(r.nextMs)
        redraw.push(r.drawMs)
        process.stderr.write(`click ${total.length}: ${r.ms.toFixed(1)} ms to the redrawn board, ${r.drawMs.toFixed(1)} ms drawing\n`)
      }
    }
    console.log(
      JSON.stringify({
        format: 'tercio-bench-viewer/1',
        scenario,
        map: `${sc.value.map.cols}x${sc.value.map.rows}`,
        clicks: total.length,
        clickToRedrawMs: { median: +q(total, 0.5).toFixed(1), p90: +q(total, 0.9).toFixed(1) },
        side,
        clickToNextDecisionMs: { median: +q(nextDecision, 0.5).toFixed(1), p90: +q(nextDecision, 0.9).toFixed(1) },
        redrawMs: { median: +q(redraw, 0.5).toFixed(1), p90: +q(redraw, 0.9).toFixed(1) },
      }),
    )
  } finally {
    await browser.close()
    await server.close()
  }
}
await main()
