// Replay mode: a tercio-replay/1 file re-simulated in the page, checked hash by hash as
// `tercio replay verify` does, then stepped, scrubbed and played with its log beside it.
import { parseAction } from '../../env/core/actions.ts'
import type { BaseEvent, BaseState, Engine } from '../../env/core/types.ts'
import { engineForReplay } from '../../env/gym/make.ts'
import { parseReplay, type Replay } from '../../env/gym/replay.ts'
import type { Board } from './board.ts'
import { $, setStatus } from './dom.ts'
import { diceHtml, entryHtml, markCurrent, type LogEntry } from './log.ts'
import { actionWords, captionHtml } from './panels.ts'

/** A replay re-simulated, or why it could not be. */
export type Simulated = { ok: true; engine: Engine; replay: Replay; actions: number[]; frames: LogEntry[]; checkpoints: BaseState[]; final: BaseState } | { ok: false; error: string }

const CHECKPOINT = 50

/** Re-simulates a replay: every step legal, every state hash as recorded. */
export function simulate(json: unknown, name: string): Simulated {
  const bad = (m: string): Simulated => ({ ok: false, error: `${name}: ${m}` })
  const p = parseReplay(json)
  if (!p.ok) return bad(`${p.error.code}: ${p.error.message}`)
  const eng = engineForReplay(p.value)
  if (!eng.ok) return bad(`${eng.error.code}: ${eng.error.message}`)
  const engine = eng.value
  const r = p.value
  const s = engine.init(r.seed)
  if (engine.hash(s) !== r.initialHash) return bad(`initial state hash ${engine.hash(s)} differs from the recorded ${r.initialHash}`)
  const frames: LogEntry[] = []
  const actions: number[] = []
  const checkpoints: BaseState[] = []
  for (let i = 0; i < r.steps.length; i++) {
    const st = r.steps[i] as (typeof r.steps)[number]
    if (i % CHECKPOINT === 0) checkpoints.push(engine.clone(s))
    const d = engine.decision(s)
    const a = parseAction(engine.layout, engine.grid, st.action)
    if (!d || !a.ok) return bad(`step ${i + 1} (${st.action}): ${d ? (a.ok ? '' : a.error.message) : 'the game was already over'}`)
    const words = actionWords(engine, a.value, engine.view(s))
    const events: BaseEvent[] = []
    const refused = engine.apply(s, a.value, events)
    if (refused) return bad(`step ${i + 1} (${st.action}) refused: ${refused.code}: ${refused.message}`)
    if (engine.hash(s) !== st.hash) return bad(`step ${i + 1} (${st.action}): state hash ${engine.hash(s)} differs from the recorded ${st.hash}`)
    actions.push(a.value)
    frames.push({ who: engine.scenario.sides[d.player].name, kind: d.kind, subject: d.subject ?? null, action: words, events })
  }
  if (r.steps.length % CHECKPOINT === 0) checkpoints.push(engine.clone(s))
  return { ok: true, engine, replay: r, actions, frames, checkpoints, final: s }
}

export class ReplayViewer {
  private sim: Extract<Simulated, { ok: true }> | null = null
  private pos = 0
  private timer: number | null = null

  constructor(private readonly board: Board) {}

  get loaded(): boolean {
    return this.sim !== null
  }

  /** Opens a replay; a bad one leaves the open replay (if any) as it was and says what is wrong. */
  load(json: unknown, name: string): boolean {
    this.pause()
    const sim = simulate(json, name)
    if (!sim.ok) {
      setStatus(`${sim.error} — ${this.sim ? 'the replay open before is still shown' : 'no replay open'}`, true)
      return false
    }
    this.sim = sim
    const { engine, replay: r, frames } = sim
    $<HTMLInputElement>('scrub').max = String(frames.length)
    const out = engine.outcome(sim.final)
    const sides = engine.scenario.sides
    setStatus(`${name}: ${r.ruleset} / ${r.scenario.id}, seed ${r.seed}, ${frames.length} decisions; ${out ? (out.winner === null ? 'draw' : `${sides[out.winner].name} won`) + ` (${out.reason})` : 'unfinished'}`)
    $('replay-name').textContent = name
    const list = $<HTMLSelectElement>('replay-list')
    list.selectedIndex = [...list.options].findIndex((o) => o.text === name)
    $('replay-name').hidden = !list.hidden && list.selectedIndex >= 0
    const log = $('log')
    log.innerHTML = frames.map((f, i) => entryHtml(engine, f, i + 1)).join('')
    log.onclick = (ev) => {
      const li = (ev.target as HTMLElement).closest('li')
      if (li?.dataset.step) this.seek(Number(li.dataset.step))
    }
    this.seek(0)
    return true
  }

  get length(): number {
    return this.sim?.frames.length ?? 0
  }

  /** Shows the position after `k` steps (0 = start). */
  seek(k: number): void {
    const sim = this.sim
    if (!sim) return
    const { engine, frames } = sim
    k = Math.max(0, Math.min(frames.length, Math.round(k)))
    this.pos = k
    const c = Math.floor(k / CHECKPOINT)
    const s = engine.clone(sim.checkpoints[c] as BaseState)
    for (let i = c * CHECKPOINT; i < k; i++) engine.apply(s, sim.actions[i] as number)
    const f = k > 0 ? frames[k - 1] : undefined
    const view = engine.view(s)
    const title = `step ${k} of ${frames.length}${f ? ` — ${f.who}: ${f.kind} → ${f.action}` : ''}`
    this.board.draw(engine, view, { selected: view.decision?.subject ?? null })
    $('caption').innerHTML = captionHtml(engine, view, title)
    $<HTMLInputElement>('scrub').value = String(k)
    $('step-label').textContent = `step ${k} / ${frames.length}${f ? `: ${f.who}: ${f.kind}${f.subject ? ` [${f.subject}]` : ''} → ${f.action}` : ' (start)'}`
    $('dice').innerHTML = f ? diceHtml(f.events) : '<em>start of the game</em>'
    markCurrent($('log'), k)
  }

  step(d: number): void {
    this.seek(this.pos + d)
  }

  end(): void {
    this.seek(this.length)
  }

  /** Redraws the current position (after switching back from play mode). */
  redraw(): void {
    if (this.sim) this.seek(this.pos)
  }

  toggle(): void {
    if (this.timer !== null) this.pause()
    else this.play()
  }

  play(): void {
    if (!this.sim) return
    if (this.pos >= this.length) this.seek(0)
    const rate = Number($<HTMLSelectElement>('speed').value) || 5
    this.timer = window.setInterval(() => {
      if (this.pos >= this.length) return this.pause()
      this.step(1)
    }, 1000 / rate)
    $('playpause').textContent = '❚❚ pause'
  }

  pause(): void {
    if (this.timer !== null) window.clearInterval(this.timer)
    this.timer = null
    $('playpause').textContent = '▶ play'
  }
}
