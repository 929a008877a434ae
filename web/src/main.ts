// The Tercio viewer. The env (rules, built-in scenarios, SVG renderer) runs in
// the page: a replay is re-simulated here, step by step. A played game runs on
// the view server's bridge (protobuf over websocket, web/src/bridge.ts): the
// page makes an env set whose opponent is a server-side agent, sends the
// human's decisions as Step and applies the opponent's decisions reported in
// each Batch to its local copy of the game, which draws the board and the
// legal choices (checked against the Batch's mask).

import { actionText, parseAction, segmentOf } from '../../env/core/actions.ts'
import type { BaseEvent, BaseState, Engine, GameView, Player, RolledEvent } from '../../env/core/types.ts'
import { bindEngine, engineForReplay } from '../../env/gym/make.ts'
import { ReplayRecorder, parseReplay, replayFileName, type Replay } from '../../env/gym/replay.ts'
import { deckPanel, ORDER_COLOURS, renderSvg, SIDE_COLOURS, type SvgOptions } from '../../env/render/svg.ts'
import { RULESETS } from '../../env/rules/index.ts'
import { BUILTIN_SCENARIOS } from '../../env/scenario/builtin.ts'
import { resolveScenario } from '../../env/scenario/builtin.ts'
import { hexOfLabel } from '../../env/hex/grid.ts'
import type { tercio } from '../../proto/tercio.js'
import { BridgeClient, bridgeUrl } from './bridge.ts'

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const e = document.getElementById(id)
  if (!e) throw new Error(`viewer: no element #${id}`)
  return e as T
}

const board = $('board')
const statusEl = $('status')
const setStatus = (text: string, error = false): void => {
  statusEl.textContent = text
  statusEl.className = error ? 'error' : ''
}

// ---- words ---------------------------------------------------------------

/** An action id named in words for the current decision: "wing CL (Catholic left)", "hex 0405 (woods)". */
export function actionWords(engine: Engine, id: number): string {
  const seg = segmentOf(engine.layout, id)
  const sc = engine.scenario
  if (!seg) return `action ${id}`
  switch (seg.segment) {
    case 'choice':
      return (engine.layout.choices[seg.index] ?? '?').replace(/-/g, ' ')
    case 'wing': {
      const w = sc.wings[seg.index]
      return w ? `wing ${w.id} (${w.name})` : actionText(engine.layout, id)
    }
    case 'unit': {
      const uid = engine.layout.units[seg.index] ?? '?'
      const u = sc.units.find((x) => x.id === uid)
      const l = u ? null : sc.leaders.find((x) => x.id === uid)
      return u ? `unit ${uid} (${u.name ?? u.type})` : `leader ${uid}${l ? ` (${l.name})` : ''}`
    }
    case 'hex': {
      const label = engine.layout.hexes[seg.index] ?? '?'
      const h = hexOfLabel(engine.grid, label)
      const row = h >= 0 ? Math.floor(h / sc.map.cols) : -1
      const ch = row >= 0 ? (sc.map.terrain[row] ?? '')[h % sc.map.cols] : undefined
      return `hex ${label}${ch !== undefined ? ` (${sc.map.legend[ch] ?? ch})` : ''}`
    }
  }
}

function diceHtml(events: readonly BaseEvent[]): string {
  const rolls = events.filter((e): e is RolledEvent => e.type === 'rolled')
  if (rolls.length === 0) return '<em>no dice this step</em>'
  // cfeo's Average die rolls as sides 6 and names itself in `why` (env/dice.ts avd)
  return rolls.map((r) => `<span class="die" title="${esc(r.why)}">${r.value}<small> ${r.why.startsWith('AvD: ') ? 'AvD' : `d${r.sides}`}</small></span> ${esc(r.why)}${r.forced ? ' (forced)' : ''}<br>`).join('')
}

const esc = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c)

/** The terrain layer is drawn once per engine; each step redraws only the pieces layer above it
 *  (a large map's full SVG is ~270 KB: parsing it at every step made stepping sluggish). */
let baseOf: Engine | null = null
function draw(engine: Engine, s: BaseState, opts: SvgOptions & { title: string }): void {
  const view = engine.view(s)
  // The caption is HTML under the board (it wraps to the pane), not the SVG's own panel,
  // whose fixed-width lines ran off the right edge of small maps.
  const svgOpts: SvgOptions = { ...opts, panel: false }
  if (baseOf !== engine || !board.querySelector('svg.layer-base')) {
    board.innerHTML = renderSvg(engine.scenario, view, { ...svgOpts, layer: 'base' }) + '<div id="pieces"></div>'
    const vb = board.querySelector('svg')?.getAttribute('viewBox')?.split(' ').map(Number)
    if (vb && vb.length === 4) board.style.aspectRatio = `${vb[2]} / ${vb[3]}`
    baseOf = engine
  }
  $('pieces').innerHTML = renderSvg(engine.scenario, view, { ...svgOpts, layer: 'pieces' })
  $('caption').innerHTML = captionHtml(engine, view, opts.title)
}

/** What the SVG panel says, as HTML: the title, turn and who acts, then each side's wings with their orders. */
function captionHtml(engine: Engine, view: GameView, title: string): string {
  const sc = engine.scenario
  const d = view.decision
  const lost = [0, 1].map((p) => view.units.filter((u) => u.side === p && u.eliminated).length)
  const who = d ? `${sc.sides[d.player].name} to act: ${d.kind}${d.subject ? ` (${d.subject})` : ''}` : 'game over'
  const sides = ([0, 1] as const).map((p) => {
    const wings = view.wings
      .filter((w) => w.side === p)
      .map((w) => {
        const name = sc.wings.find((x) => x.id === w.id)?.name ?? w.id
        const colour = w.order ? (ORDER_COLOURS[w.order] ?? '#555') : '#bbb'
        const text = `${w.id}${w.order ? ` ${w.order}` : ''}${w.markers.length ? ` [${w.markers.join(', ')}]` : ''}${name !== w.id ? ` — ${name}` : ''}`
        return `<div data-wing="${esc(w.id)}"><span class="dot" style="background:${colour}"></span>${esc(text)}</div>`
      })
      .join('')
    return `<div class="side"><div style="color:${SIDE_COLOURS[p].stroke};font-weight:bold">${esc(sc.sides[p].name)}</div><div class="wings">${wings}</div></div>`
  })
  // Card-driven rulesets (hbl): the current card, chips, pips and both decks' remaining cards by type.
  const deck = deckPanel(sc, view)
    .map((l) => `<div class="line" data-testid="deck-line" style="color:${l.side === null ? '#333' : SIDE_COLOURS[l.side].stroke}">${esc(l.text)}</div>`)
    .join('')
  return `<div class="line">${esc(title)}</div><div class="line">${esc(`${sc.name} — turn ${view.turn} of ${sc.turns}, ${view.phase}; ${who}; lost ${lost[0]}–${lost[1]}`)}</div>${deck}<div class="sides">${sides.join('')}</div>`
}

// ---- replay mode -----------------------------------------------------------

interface ReplayFrame {
  who: string
  kind: string
  subject: string | null
  action: string
  events: BaseEvent[]
}

const CHECKPOINT = 50

class ReplayViewer {
  private engine: Engine | null = null
  private replay: Replay | null = null
  private actions: number[] = []
  private frames: ReplayFrame[] = []
  /** Clones of the state before step k * CHECKPOINT: seeking replays at most CHECKPOINT - 1 actions. */
  private checkpoints: BaseState[] = []
  private pos = 0
  private timer: number | null = null

  load(json: unknown, name: string): void {
    this.pause()
    const p = parseReplay(json)
    if (!p.ok) return setStatus(`${name}: ${p.error.code}: ${p.error.message}`, true)
    const eng = engineForReplay(p.value)
    if (!eng.ok) return setStatus(`${name}: ${eng.error.code}: ${eng.error.message}`, true)
    const engine = eng.value
    const r = p.value
    const s = engine.init(r.seed)
    if (engine.hash(s) !== r.initialHash) return setStatus(`${name}: initial state hash ${engine.hash(s)} differs from the recorded ${r.initialHash}`, true)
    const frames: ReplayFrame[] = []
    const actions: number[] = []
    const checkpoints: BaseState[] = []
    for (let i = 0; i < r.steps.length; i++) {
      const st = r.steps[i] as (typeof r.steps)[number]
      if (i % CHECKPOINT === 0) checkpoints.push(engine.clone(s))
      const d = engine.decision(s)
      const a = parseAction(engine.layout, engine.grid, st.action)
      if (!d || !a.ok) return setStatus(`${name}: step ${i + 1} (${st.action}): ${d ? (a.ok ? '' : a.error.message) : 'the game was already over'}`, true)
      const events: BaseEvent[] = []
      const bad = engine.apply(s, a.value, events)
      if (bad) return setStatus(`${name}: step ${i + 1} (${st.action}) refused: ${bad.code}: ${bad.message}`, true)
      if (engine.hash(s) !== st.hash) return setStatus(`${name}: step ${i + 1} (${st.action}): state hash ${engine.hash(s)} differs from the recorded ${st.hash}`, true)
      actions.push(a.value)
      frames.push({ who: engine.scenario.sides[d.player].name, kind: d.kind, subject: d.subject ?? null, action: actionWords(engine, a.value), events })
    }
    if (r.steps.length % CHECKPOINT === 0) checkpoints.push(engine.clone(s))
    this.engine = engine
    this.replay = r
    this.actions = actions
    this.frames = frames
    this.checkpoints = checkpoints
    const scrub = $<HTMLInputElement>('scrub')
    scrub.max = String(frames.length)
    const out = engine.outcome(s)
    const sides = engine.scenario.sides
    setStatus(`${name}: ${r.ruleset} / ${r.scenario.id}, seed ${r.seed}, ${frames.length} decisions; ${out ? (out.winner === null ? 'draw' : `${sides[out.winner].name} won`) + ` (${out.reason})` : 'unfinished'}`)
    $('replay-name').textContent = name
    const list = $<HTMLSelectElement>('replay-list')
    list.selectedIndex = [...list.options].findIndex((o) => o.text === name)
    $('replay-name').hidden = !list.hidden && list.selectedIndex >= 0
    this.renderLog()
    this.seek(0)
  }

  get length(): number {
    return this.frames.length
  }

  /** Shows the position after `k` steps (0 = start). */
  seek(k: number): void {
    const engine = this.engine
    const r = this.replay
    if (!engine || !r) return
    k = Math.max(0, Math.min(this.frames.length, Math.round(k)))
    this.pos = k
    const c = Math.floor(k / CHECKPOINT)
    const s = engine.clone(this.checkpoints[c] as BaseState)
    for (let i = c * CHECKPOINT; i < k; i++) engine.apply(s, this.actions[i] as number)
    const f = k > 0 ? this.frames[k - 1] : undefined
    const d = engine.decision(s)
    draw(engine, s, { selected: d?.subject ?? null, title: `step ${k} of ${this.frames.length}${f ? ` — ${f.who}: ${f.kind} → ${f.action}` : ''}` })
    $<HTMLInputElement>('scrub').value = String(k)
    $('step-label').textContent = `step ${k} / ${this.frames.length}${f ? `: ${f.who}: ${f.kind}${f.subject ? ` [${f.subject}]` : ''} → ${f.action}` : ' (start)'}`
    $('dice').innerHTML = f ? diceHtml(f.events) : '<em>start of the game</em>'
    const log = $('log')
    log.querySelector('li.current')?.classList.remove('current')
    const li = k > 0 ? log.children[k - 1] : undefined
    if (li) {
      li.classList.add('current')
      // Scroll the log box only (scrollIntoView would also move the controls under the pointer).
      const top = (li as HTMLElement).offsetTop - log.offsetTop
      if (top < log.scrollTop || top > log.scrollTop + log.clientHeight - 30) log.scrollTop = Math.max(0, top - log.clientHeight / 2)
    }
  }

  step(d: number): void {
    this.seek(this.pos + d)
  }
  end(): void {
    this.seek(this.frames.length)
  }

  toggle(): void {
    if (this.timer !== null) this.pause()
    else this.play()
  }

  play(): void {
    if (!this.engine) return
    if (this.pos >= this.frames.length) this.seek(0)
    const rate = Number($<HTMLSelectElement>('speed').value) || 5
    this.timer = window.setInterval(() => {
      if (this.pos >= this.frames.length) return this.pause()
      this.step(1)
    }, 1000 / rate)
    $('playpause').textContent = '❚❚ pause'
  }

  pause(): void {
    if (this.timer !== null) window.clearInterval(this.timer)
    this.timer = null
    $('playpause').textContent = '▶ play'
  }

  private renderLog(): void {
    const engine = this.engine
    if (!engine) return
    const html = this.frames.map((f, i) => {
      const evs = f.events.map((e) => `<span class="ev">${esc(engine.describe(e))}</span>`).join('')
      return `<li data-step="${i + 1}">${esc(`${f.who}: ${f.kind}${f.subject ? ` [${f.subject}]` : ''} → ${f.action}`)}${evs}</li>`
    })
    const log = $('log')
    log.innerHTML = html.join('')
    log.onclick = (ev) => {
      const li = (ev.target as HTMLElement).closest('li')
      if (li?.dataset.step) this.seek(Number(li.dataset.step))
    }
  }
}

// ---- play mode -------------------------------------------------------------

interface Game {
  engine: Engine
  state: BaseState
  human: Player
  opponent: string
  seed: number
  recorder: ReplayRecorder
  actions: string[]
  mask: Uint8Array
  busy: boolean
  envSet: number
  /** Opponent decisions reported by the bridge and not yet applied here. */
  queue: string[]
}

class PlayMode {
  game: Game | null = null
  /** The last finished or saved game as a replay (tests read it). */
  lastReplay: Replay | null = null
  bridge: BridgeClient | null = null
  /** Opponent decisions received over the bridge and applied here (tests read it). */
  bridgeMoves = 0

  async init(): Promise<void> {
    const rs = $<HTMLSelectElement>('p-ruleset')
    rs.innerHTML = Object.values(RULESETS)
      .map((r) => `<option value="${r.id}">${esc(r.name)} (${r.id})</option>`)
      .join('')
    rs.onchange = () => this.fillScenarios()
    this.fillScenarios()
    let agents = ['random']
    try {
      const res = await fetch('api/agents')
      if (res.ok) agents = ((await res.json()) as { agents: string[] }).agents
    } catch {
      // Served without the view server (e.g. vite preview): only the server's agents are unavailable.
    }
    // ckpt and onnx need a path: it is typed in the spec field.
    $<HTMLSelectElement>('p-opponent').innerHTML = agents
      .filter((a) => a !== 'ckpt' && a !== 'onnx')
      .map((a) => `<option>${esc(a)}</option>`)
      .join('')
    $('p-start').onclick = () => void this.start()
    $('p-save').onclick = () => this.save()
  }

  private fillScenarios(): void {
    const rid = $<HTMLSelectElement>('p-ruleset').value
    $<HTMLSelectElement>('p-scenario').innerHTML = BUILTIN_SCENARIOS.filter((s) => s.ruleset === rid)
      .map((s) => `<option value="${s.id}">${esc(s.name)}</option>`)
      .join('')
    this.fillSides()
    $<HTMLSelectElement>('p-scenario').onchange = () => this.fillSides()
  }

  private fillSides(): void {
    const sc = resolveScenario($<HTMLSelectElement>('p-scenario').value)
    $<HTMLSelectElement>('p-side').innerHTML = sc.ok ? sc.value.sides.map((s, i) => `<option value="${i}">${esc(s.name)}</option>`).join('') : ''
  }

  async start(): Promise<void> {
    const sc0 = resolveScenario($<HTMLSelectElement>('p-scenario').value)
    if (!sc0.ok) return setStatus(sc0.error.message, true)
    const sc = structuredClone(sc0.value)
    const turns = Number($<HTMLInputElement>('p-turns').value)
    if (Number.isInteger(turns) && turns >= 1) sc.turns = turns
    const eng = bindEngine($<HTMLSelectElement>('p-ruleset').value, sc)
    if (!eng.ok) return setStatus(`${eng.error.code}: ${eng.error.message}`, true)
    const engine = eng.value
    const seed = Math.max(0, Math.floor(Number($<HTMLInputElement>('p-seed').value) || 0))
    const state = engine.init(seed)
    const human = (Number($<HTMLSelectElement>('p-side').value) === 1 ? 1 : 0) as Player
    // A typed spec (parameters, ckpt:PATH) wins over the list of kinds.
    const opponent = $<HTMLInputElement>('p-spec').value.trim() || $<HTMLSelectElement>('p-opponent').value || 'random'
    let envSet: number
    let first: tercio.v1.Envelope
    try {
      if (!this.bridge?.open) this.bridge = await BridgeClient.connect(bridgeUrl())
      const old = this.game
      this.game = null
      if (old) await this.bridge.request({ closeEnvs: { envSet: old.envSet } })
      const spec = await this.bridge.expect(
        { makeEnvs: { ruleset: engine.ruleset, scenarioJson: JSON.stringify(sc), count: 1, baseSeed: seed, options: { skipForced: false, opponent, opponentPlayer: human === 0 ? 1 : 0, subjects: true } } },
        'envSpec',
      )
      envSet = spec.envSpec?.envSet ?? 0
      if (spec.envSpec?.actionSize !== engine.layout.size) throw new Error(`the server's action space has ${spec.envSpec?.actionSize} actions, this page's ${engine.layout.size}: reload the page`)
      first = await this.bridge.expect({ reset: { envSet, seeds: [seed] } }, 'batch')
    } catch (e) {
      return setStatus(`bridge: ${e instanceof Error ? e.message : String(e)}`, true)
    }
    this.game = {
      engine,
      state,
      human,
      opponent,
      seed,
      recorder: new ReplayRecorder(engine, seed, state, { inlineScenario: true, meta: { players: human === 0 ? ['human', opponent] : [opponent, 'human'], viewer: 'tercio view' } }),
      actions: [],
      mask: new Uint8Array(engine.layout.size),
      busy: false,
      envSet,
      queue: [],
    }
    this.lastReplay = null
    $<HTMLButtonElement>('p-save').disabled = true
    $('p-log').innerHTML = ''
    $('p-dice').innerHTML = ''
    setStatus(`playing ${sc.name} as ${sc.sides[human].name} against ${opponent} (on the server), seed ${seed}`)
    this.receive(this.game, first.batch as tercio.v1.Batch)
    await this.advance()
  }

  /** Queues the opponent's decisions of a Batch (env 0; moves after an auto-reset belong to the next game). */
  private receive(g: Game, b: tercio.v1.Batch): void {
    for (const o of b.opponentActions) if (o.env === 0) g.queue.push(...(o.actions ?? []))
  }

  /** The human's decision: applied here and sent to the server as a Step; the reply carries the opponent's answer. */
  private async humanMove(g: Game, a: number): Promise<boolean> {
    if (!this.apply(a)) return false
    const bridge = this.bridge
    if (!bridge) return false
    try {
      const r = await bridge.expect({ step: { envSet: g.envSet, actions: [a] } }, 'batch')
      if (this.game !== g) return false
      this.receive(g, r.batch as tercio.v1.Batch)
      return true
    } catch (e) {
      setStatus(`bridge: ${e instanceof Error ? e.message : String(e)}`, true)
      return false
    }
  }

  private apply(a: number): boolean {
    const g = this.game
    if (!g) return false
    const d = g.engine.decision(g.state)
    if (!d) return false
    const events: BaseEvent[] = []
    const bad = g.engine.apply(g.state, a, events)
    if (bad) {
      setStatus(`${bad.code}: ${bad.message}`, true)
      return false
    }
    g.recorder.push(a, d.player, g.engine.hash(g.state))
    g.actions.push(actionText(g.engine.layout, a))
    const who = d.player === g.human ? 'You' : `${g.opponent}`
    const li = document.createElement('li')
    li.innerHTML = `${esc(`${who}: ${d.kind}${d.subject ? ` [${d.subject}]` : ''} → ${actionWords(g.engine, a)}`)}${events.map((e) => `<span class="ev">${esc(g.engine.describe(e))}</span>`).join('')}`
    const log = $('p-log')
    log.appendChild(li)
    log.scrollTop = log.scrollHeight
    $('p-dice').innerHTML = diceHtml(events)
    return true
  }

  /** Plays the opponent's and forced moves until the human has a real choice or the game ends. */
  private async advance(): Promise<void> {
    const g = this.game
    if (!g || g.busy) return
    g.busy = true
    try {
      for (;;) {
        if (this.game !== g) return
        const d = g.engine.decision(g.state)
        if (!d) return this.finish()
        const n = g.engine.legal(g.state, g.mask)
        if (d.player === g.human) {
          if (n === 1 && $<HTMLInputElement>('p-auto').checked) {
            if (!(await this.humanMove(g, g.mask.indexOf(1)))) return
            continue
          }
          return this.showChoices()
        }
        const a = this.opponentMove(g)
        if (a === null) return
        if (!this.apply(a)) return
        this.bridgeMoves++
      }
    } finally {
      g.busy = false
    }
  }

  /** The next opponent decision received over the bridge; it must be legal here. */
  private opponentMove(g: Game): number | null {
    const t = g.queue.shift()
    if (t === undefined) {
      setStatus(`the server sent no decision for ${g.opponent}, whose turn it is`, true)
      return null
    }
    const a = parseAction(g.engine.layout, g.engine.grid, t)
    if (!a.ok || g.mask[a.value] !== 1) {
      setStatus(`${g.opponent} (on the server) chose ${t}, which is not legal here`, true)
      return null
    }
    return a.value
  }

  private showBoard(prompt: string, opts: SvgOptions = {}): void {
    const g = this.game
    if (!g) return
    const sides = g.engine.scenario.sides
    draw(g.engine, g.state, { selected: g.engine.decision(g.state)?.subject ?? null, title: `You: ${sides[g.human].name}; opponent: ${g.opponent} (${sides[g.human === 0 ? 1 : 0].name}); decision ${g.actions.length + 1}`, ...opts })
    $('p-prompt').textContent = prompt
  }

  private showChoices(): void {
    const g = this.game
    if (!g) return
    const d = g.engine.decision(g.state)
    if (!d) return
    const hexes: string[] = []
    const units: string[] = []
    const buttons: string[] = []
    const l = g.engine.layout
    for (let a = 0; a < g.mask.length; a++) {
      if (g.mask[a] !== 1) continue
      const seg = segmentOf(l, a)
      if (seg?.segment === 'hex') hexes.push(l.hexes[seg.index] as string)
      if (seg?.segment === 'unit') units.push(l.units[seg.index] as string)
      buttons.push(`<button data-action="${a}" data-text="${esc(actionText(l, a))}">${esc(actionWords(g.engine, a))}</button>`)
    }
    this.showBoard(`Your decision: ${d.kind.replace(/-/g, ' ')}${d.subject ? ` (${d.subject})` : ''} — ${buttons.length} choices`, { highlightHexes: hexes, highlightUnits: units })
    const box = $('p-choices')
    box.innerHTML = buttons.join('')
    box.onclick = (ev) => {
      const b = (ev.target as HTMLElement).closest('button')
      if (b?.dataset.action) this.choose(Number(b.dataset.action))
    }
    // Clicks on the map: a highlighted hex, unit or leader picks that action.
    board.onclick = (ev) => {
      const t = ev.target as Element
      const u = t.closest('[data-unit],[data-leader]')
      const id = u?.getAttribute('data-unit') ?? u?.getAttribute('data-leader')
      if (id && units.includes(id)) return this.choose(l.offset.unit + l.units.indexOf(id))
      // a messenger stands in his hex (data-at): a click on him is a click on it
      const h = t.closest('[data-hex]')?.getAttribute('data-hex') ?? t.closest('[data-messenger]')?.getAttribute('data-at')
      if (h && hexes.includes(h)) this.choose(l.offset.hex + l.hexes.indexOf(h))
    }
  }

  private choose(a: number): void {
    const g = this.game
    if (!g || g.busy || g.mask[a] !== 1) return
    $('p-choices').innerHTML = ''
    board.onclick = null
    g.busy = true
    void this.humanMove(g, a).then((ok) => {
      g.busy = false
      if (ok) void this.advance()
    })
  }

  private finish(): void {
    const g = this.game
    if (!g) return
    const out = g.engine.outcome(g.state)
    g.recorder.finish(out)
    this.lastReplay = g.recorder.replay()
    $<HTMLButtonElement>('p-save').disabled = false
    $('p-choices').innerHTML = ''
    board.onclick = null
    const sides = g.engine.scenario.sides
    const text = out ? `Game over: ${out.winner === null ? 'draw' : `${sides[out.winner].name} wins${out.winner === g.human ? ' — you won' : ''}`} (${out.reason}), score ${out.score[0]}–${out.score[1]}` : 'Game over'
    this.showBoard(text)
    $('p-prompt').setAttribute('data-over', '1')
    setStatus(text)
  }

  private save(): void {
    const r = this.lastReplay
    if (!r) return
    const blob = new Blob([JSON.stringify(r, null, 1)], { type: 'application/json' })
    const a = document.createElement('a')
    a.href = URL.createObjectURL(blob)
    a.download = replayFileName(r)
    document.body.appendChild(a)
    a.click()
    a.remove()
  }
}

// ---- wiring ----------------------------------------------------------------

const viewer = new ReplayViewer()
const play = new PlayMode()

function mode(m: 'replay' | 'play'): void {
  $('replay-panel').hidden = m !== 'replay'
  $('play-panel').hidden = m !== 'play'
  $('tab-replay').classList.toggle('active', m === 'replay')
  $('tab-play').classList.toggle('active', m === 'play')
  if (m === 'replay') viewer.seek($<HTMLInputElement>('scrub').valueAsNumber || 0)
}

$('tab-replay').onclick = () => mode('replay')
$('tab-play').onclick = () => {
  viewer.pause()
  mode('play')
}
$('first').onclick = () => viewer.seek(0)
$('prev').onclick = () => viewer.step(-1)
$('next').onclick = () => viewer.step(1)
$('last').onclick = () => viewer.end()
$('playpause').onclick = () => viewer.toggle()
$<HTMLInputElement>('scrub').oninput = (e) => viewer.seek((e.target as HTMLInputElement).valueAsNumber)
/** Opens the i-th replay the view server was given (`tercio view A.json B.json ...`). */
async function openServerReplay(i: number): Promise<void> {
  const res = await fetch(`api/replay?i=${i}`)
  const j = res.ok ? ((await res.json()) as { name: string; replay: unknown } | null) : null
  if (j) viewer.load(j.replay, j.name)
  else setStatus(`replay ${i + 1}: not available from the server`, true)
}
$<HTMLSelectElement>('replay-list').onchange = (e) => void openServerReplay(Number((e.target as HTMLSelectElement).value))
$<HTMLInputElement>('replay-file').onchange = async (e) => {
  const f = (e.target as HTMLInputElement).files?.[0]
  if (!f) return
  try {
    viewer.load(JSON.parse(await f.text()) as unknown, f.name)
  } catch (x) {
    setStatus(`${f.name}: not JSON: ${x instanceof Error ? x.message : String(x)}`, true)
  }
}
document.addEventListener('keydown', (e) => {
  if ($('replay-panel').hidden || (e.target as HTMLElement).tagName === 'INPUT') return
  if (e.key === 'ArrowRight') viewer.step(1)
  else if (e.key === 'ArrowLeft') viewer.step(-1)
  else if (e.key === ' ') viewer.toggle()
})

// Tests and scripts reach the viewer through this handle.
declare global {
  interface Window {
    tercio: { viewer: ReplayViewer; play: PlayMode; ready: boolean }
  }
}
window.tercio = { viewer, play, ready: false }

async function boot(): Promise<void> {
  await play.init()
  const params = new URLSearchParams(location.search)
  if (params.get('mode') === 'play') mode('play')
  try {
    const res = await fetch('api/replays')
    const names = res.ok ? ((await res.json()) as { names?: string[] }).names ?? [] : []
    if (names.length > 1) {
      const list = $<HTMLSelectElement>('replay-list')
      list.innerHTML = names.map((n, i) => `<option value="${i}">${esc(n)}</option>`).join('')
      list.hidden = false
    }
    if (names.length > 0) await openServerReplay(0)
  } catch {
    // No view server: the page still works with a replay file chosen by hand.
  }
  if (!statusEl.textContent) setStatus('choose a replay file, or Play')
  window.tercio.ready = true
  document.body.dataset.ready = '1'
}
void boot()
