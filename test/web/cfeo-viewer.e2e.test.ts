// End-to-end: a cfeo replay in the built viewer (headless Debian Chromium, playwright-core). The
// picture must show what cfeo adds: stands, formation (and depth), disorder points and leaders
// attached, messengers. Each counter on the map must carry its unit's stands, formation mark and one gravel
// dot a DP (at most 6); each attached leader is drawn as attached; a messenger on his way is a pennant in
// his side's colour inside his hex, under the pointer for his tooltip (battalia and order).
// Needs /usr/bin/chromium (scripts/setup-browser.sh installs it), as test/web/viewer.e2e.test.ts.
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CfeoHeuristic } from '../../agents/heuristic/cfeo.ts'
import { playGame } from '../../agents/play.ts'
import { RandomAgent } from '../../agents/random.ts'
import type { BaseEvent, BaseState, GameView, RolledEvent } from '../../env/core/types.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { ReplayRecorder, type Replay } from '../../env/gym/replay.ts'
import { SIDE_COLOURS } from '../../env/render/svg.ts'
import { openViewer, SHOTS, showReplayStep, type ViewerSession } from './browser.ts'

const FORMATION: Readonly<Record<string, string>> = { line: 'L', column: 'C', unformed: 'u' }

const b = bindEngine(undefined, 'cfeo-training')
if (!b.ok) throw new Error(b.error.message)
const engine = b.value

/** A heuristic-v-random game on cfeo-training, the view after each step and whether it rolled an
 *  Average die. */
function recorded(seed: number): { replay: Replay; views: GameView[]; avd: boolean[] } {
  const rec = new ReplayRecorder(engine, seed, engine.init(seed))
  const views: GameView[] = []
  const actions: number[] = []
  const r = playGame(engine, [new CfeoHeuristic(seed), new RandomAgent(seed)], {
    seed,
    onStep: (i) => {
      rec.push(i.action, i.player, engine.hash(i.state))
      views.push(engine.view(i.state as BaseState))
      actions.push(i.action)
    },
  })
  if (!r.ok) throw new Error(r.error.message)
  rec.finish(r.record.outcome)
  // the same game again, with its events
  const s = engine.init(seed)
  const avd = actions.map((a) => {
    const ev: BaseEvent[] = []
    engine.apply(s, a, ev)
    return ev.some((e) => e.type === 'rolled' && (e as RolledEvent).why.startsWith('AvD: '))
  })
  return { replay: rec.replay(), views, avd }
}

const { replay, views, avd } = recorded(4)
// seed 1's game has a General's messenger riding to a battalia early on (seed 4's has none)
const sent = recorded(1)
const withMessenger = (v: GameView) => v.wings.some((w) => w['messenger'] !== null)
const msgStep = sent.views.findIndex(withMessenger) + 1
const onMap = (v: GameView) => v.units.filter((u) => u.hex !== null)
/** A step with at least two units carrying DPs, a unit in line two deep or more, and a leader attached. */
const step =
  views.findIndex(
    (v) =>
      onMap(v).filter((u) => (u['dp'] as number) > 0).length >= 2 &&
      onMap(v).some((u) => u['formation'] === 'line' && (u['ranks'] as number) >= 2) &&
      v.leaders.some((l) => typeof l['attached'] === 'string' && l.hex !== null),
  ) + 1

let viewer: ViewerSession
let page: Page

beforeAll(async () => {
  viewer = await openViewer([
    { name: 'cfeo-replay.json', replay },
    { name: 'cfeo-messenger.json', replay: sent.replay },
  ])
  page = viewer.page
}, 120_000)

afterAll(async () => {
  await viewer?.close()
})

describe('cfeo replay in the viewer', () => {
  it('draws stands, formation and depth, disorder points and attached leaders on the counters', async () => {
    expect(step).toBeGreaterThan(0)
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await showReplayStep(viewer, 'cfeo-replay.json', step, replay.steps.length)
    const v = views[step - 1] as GameView
    for (const u of onMap(v)) {
      const g = page.locator(`#pieces g.unit[data-unit="${u.id}"]`)
      expect(await g.locator('text.stands').textContent()).toBe(String(u['stands']))
      const form = u['formation'] as string
      const mark = `${FORMATION[form] ?? '?'}${form === 'line' ? String(u['ranks']) : ''}`
      expect((await g.locator('text.formation').textContent())?.startsWith(mark), `${u.id} ${form}`).toBe(true)
      expect(await g.locator('g.dp circle').count(), `${u.id} DPs`).toBe(Math.min(6, u['dp'] as number))
    }
    for (const l of v.leaders.filter((x) => x.hex !== null)) {
      const attached = typeof l['attached'] === 'string'
      expect(await page.locator(`#pieces g.leader[data-leader="${l.id}"]`).getAttribute('class')).toBe(`leader side${l.side}${attached ? ' attached' : ''}`)
      if (attached) expect(await page.locator(`#pieces g.leader[data-leader="${l.id}"] title`).textContent()).toContain(`attached to ${l['attached'] as string}`)
    }
    await page.screenshot({ path: join(SHOTS, 'cfeo-replay.png') })
    expect(errors).toEqual([])
  }, 90_000)

  it('names the Average die in the dice panel (not d6)', async () => {
    const at = avd.indexOf(true) + 1
    expect(at).toBeGreaterThan(0)
    await page.locator('[data-testid=scrub]').fill(String(at))
    await expect.poll(() => page.textContent('[data-testid=step-label]')).toContain(`step ${at} / ${replay.steps.length}`)
    const dice = page.locator('span.die[title^="AvD: "] small')
    expect(await dice.count()).toBeGreaterThan(0)
    for (const t of await dice.allTextContents()) expect(t.trim()).toBe('AvD')
  }, 60_000)

  it('draws a messenger on his way in his hex, in his side colour, with his battalia and order in the tooltip', async () => {
    expect(msgStep).toBeGreaterThan(0)
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    // the second replay given to the server, picked from the page's list
    await page.selectOption('[data-testid=replay-list]', '1')
    await expect.poll(() => page.textContent('[data-testid=status]')).toContain('cfeo-messenger.json')
    await page.locator('[data-testid=scrub]').fill(String(msgStep))
    await expect.poll(() => page.textContent('[data-testid=step-label]')).toContain(`step ${msgStep} / ${sent.replay.steps.length}`)
    const v = sent.views[msgStep - 1] as GameView
    const riding = v.wings.filter((w) => w['messenger'] !== null)
    expect(await page.locator('#pieces g.messenger').count()).toBe(riding.length)
    for (const w of riding) {
      const m = w['messenger'] as { hex: string; order: string }
      const g = page.locator(`#pieces g.messenger[data-messenger="${w.id}"][data-at="${m.hex}"]`)
      expect(await g.locator('title').textContent()).toBe(`messenger to ${w.id}: ${m.order}`)
      expect(await g.getAttribute('class')).toBe(`messenger side${w.side}`)
      // on screen, inside his hex of the terrain layer
      const hex = await page.locator(`#board svg.layer-base polygon.hex[data-hex="${m.hex}"]`).boundingBox()
      const flag = await g.boundingBox()
      expect(hex && flag).toBeTruthy()
      expect(flag!.x).toBeGreaterThanOrEqual(hex!.x)
      expect(flag!.y).toBeGreaterThanOrEqual(hex!.y)
      expect(flag!.x + flag!.width).toBeLessThanOrEqual(hex!.x + hex!.width)
      expect(flag!.y + flag!.height).toBeLessThanOrEqual(hex!.y + hex!.height)
      // the pennant is what the pointer finds there (so its title shows as the tooltip), in the side's colour
      const pennant = g.locator('path.pennant')
      const pb = await pennant.boundingBox()
      const hit = await page.evaluate(([x, y]) => {
        const el = document.elementFromPoint(x as number, y as number)
        return el?.closest('g.messenger')?.getAttribute('data-messenger') ?? el?.tagName ?? null
      }, [pb!.x + pb!.width / 3, pb!.y + pb!.height / 2])
      expect(hit).toBe(w.id)
      expect(await pennant.getAttribute('fill')).toBe(SIDE_COLOURS[w.side].stroke)
      // and the wing's line of the caption still names him
      expect(await page.locator(`#caption [data-wing="${w.id}"]`).textContent()).toContain(`messenger at ${m.hex} with ${m.order}`)
    }
    await page.screenshot({ path: join(SHOTS, 'cfeo-messenger.png') })
    // a step with no messenger on his way draws none
    const none = sent.views.findIndex((x) => !withMessenger(x)) + 1
    await page.locator('[data-testid=scrub]').fill(String(none))
    await expect.poll(() => page.textContent('[data-testid=step-label]')).toContain(`step ${none} / ${sent.replay.steps.length}`)
    expect(await page.locator('#pieces g.messenger').count()).toBe(0)
    expect(errors).toEqual([])
  }, 90_000)
})
