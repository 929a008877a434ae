// Play mode: a game against a server-side agent. The page keeps its own copy of the game
// (drawing, legal choices, the log); the view server's bridge runs the same game with the
// opponent in it: the human's decisions go as Step, the opponent's come back in each Batch and
// are applied here after a legality check. Undo and resume rebuild both copies from the
// decisions so far: the page re-simulates them, the server gets a fresh env set and the human's
// decisions again, and its opponent must answer as before (same seed, same decisions: the same
// game), so no die is ever rolled twice.
import { actionText, parseAction, segmentOf } from '../../env/core/actions.ts'
import type { BaseEvent, BaseState, Engine, Outcome, Player } from '../../env/core/types.ts'
import { bindEngine } from '../../env/gym/make.ts'
import { ReplayRecorder, replayFileName, type Replay } from '../../env/gym/replay.ts'
import { RULESETS } from '../../env/rules/index.ts'
import { BUILTIN_SCENARIOS, resolveScenario } from '../../env/scenario/builtin.ts'
import type { Scenario } from '../../env/scenario/types.ts'
import type { tercio } from '../../proto/tercio.js'
import type { Board, BoardPick } from './board.ts'
import { BridgeClient, bridgeUrl } from './bridge.ts'
import { $, esc, setStatus } from './dom.ts'
import { diceHtml, entryHtml, markCurrent } from './log.ts'
import { actionWords, captionHtml, unitsIn } from './panels.ts'
import { simulate } from './replay.ts'
import { PREVIEWS } from './rules.ts'
import type { Preview } from '../../env/rules/shared/preview.ts'

/** One decision of the game as played. */
interface Played {
  action: number
  player: Player
  hash: string
  /** Legal choices there were (1 = forced). */
  choices: number
  /** A die was rolled while it resolved. */
  rolled: boolean
  events: BaseEvent[]
  words: string
  kind: string
  subject: string | null
}

interface Game {
  engine: Engine
  state: BaseState
  human: Player
  opponent: string
  seed: number
  played: Played[]
  mask: Uint8Array
  busy: boolean
  envSet: number
  /** Opponent decisions reported by the bridge and not yet applied here. */
  queue: string[]
  resigned: Player | null
  /** The bridge went away: the game is kept (save it, or resume it on a running server). */
  offline: boolean
}

/** What the view server offers (GET api/agents). */
export interface AgentsInfo {
  agents: string[]
  dirs: string[]
  checkpoints: { spec: string; ruleset: string | null; scenario: string | null }[]
}

const other = (p: Player): Player => (p === 0 ? 1 : 0)

export class PlayMode {
  game: Game | null = null
  /** The last finished or saved game as a replay (tests read it). */
  lastReplay: Replay | null = null
  bridge: BridgeClient | null = null
  /** Opponent decisions received over the bridge and applied here (tests read it). */
  bridgeMoves = 0
  /** Games begun (new, undone, resumed; tests wait on it). */
  begun = 0
  private agents: AgentsInfo = { agents: ['random'], dirs: [], checkpoints: [] }
  /** Targets of the human's current decision. */
  private targets: { hexes: Map<string, number>; units: Map<string, number> } = { hexes: new Map(), units: new Map() }

  constructor(private readonly board: Board) {}

  async init(): Promise<void> {
    const rs = $<HTMLSelectElement>('p-ruleset')
    rs.innerHTML = Object.values(RULESETS)
      .map((r) => `<option value="${r.id}">${esc(r.name)} (${r.id})</option>`)
      .join('')
    rs.onchange = () => this.fillScenarios()
    $<HTMLSelectElement>('p-scenario').onchange = () => this.scenarioChanged()
    try {
      const res = await fetch('api/agents')
      if (res.ok) this.agents = { ...this.agents, ...((await res.json()) as Partial<AgentsInfo>) }
    } catch {
      // Served without the view server (e.g. vite preview): no opponent; starting a game says so.
    }
    this.fillScenarios()
    $('p-start').onclick = () => void this.start()
    $('p-save').onclick = () => this.save()
    $('p-undo').onclick = () => void this.undo()
    $('p-resign').onclick = () => this.resign()
    $<HTMLInputElement>('p-resume').onchange = async (e) => {
      const input = e.target as HTMLInputElement
      const f = input.files?.[0]
      input.value = ''
      if (f) await this.resumeFile(f)
    }
    this.controls()
  }

  private fillScenarios(): void {
    const rid = $<HTMLSelectElement>('p-ruleset').value
    $<HTMLSelectElement>('p-scenario').innerHTML = BUILTIN_SCENARIOS.filter((s) => s.ruleset === rid)
      .map((s) => `<option value="${s.id}">${esc(s.name)}</option>`)
      .join('')
    this.scenarioChanged()
  }

  /** Sides and opponents of the chosen scenario; with no game on the board, its opening position. */
  private scenarioChanged(): void {
    const id = $<HTMLSelectElement>('p-scenario').value
    const sc = resolveScenario(id)
    $<HTMLSelectElement>('p-side').innerHTML = sc.ok ? sc.value.sides.map((s, i) => `<option value="${i}">${esc(s.name)}</option>`).join('') : ''
    const rid = $<HTMLSelectElement>('p-ruleset').value
    const kinds = this.agents.agents.filter((a) => a !== 'ckpt' && a !== 'onnx')
    const mine = this.agents.checkpoints.filter((c) => c.ruleset === rid || c.ruleset === null)
    const sel = $<HTMLSelectElement>('p-opponent')
    const keep = sel.value
    sel.innerHTML =
      kinds.map((a) => `<option value="${esc(a)}"${a === 'heuristic' ? ' selected' : ''}>${esc(a)}</option>`).join('') +
      (mine.length ? `<optgroup label="trained (ckpt:)">${mine.map((c) => `<option value="${esc(c.spec)}">${esc(c.spec.slice(5))}${c.scenario && c.scenario !== id ? ` (${esc(c.scenario)})` : ''}</option>`).join('')}</optgroup>` : '')
    if ([...sel.options].some((o) => o.value === keep)) sel.value = keep
    // The spec field's example is one that works on this server: a checkpoint it found, else a parameterised built-in.
    const spec = $<HTMLInputElement>('p-spec')
    spec.placeholder = mine[0]?.spec ?? 'heuristic:epsilon=0.1'
    spec.title = `an agent spec: heuristic:epsilon=0.2, search:iters=200, ckpt:RUN_FOLDER (a folder of tercio train, or a checkpoint folder) or onnx:FILE${this.agents.dirs.length ? `; ckpt: and onnx: paths are looked for in ${this.agents.dirs.join(', ')}` : ''}; overrides the list`
    if (!this.game && sc.ok) this.preview(sc.value)
  }

  /** Back on the Play tab: the game, or the chosen scenario's opening position. */
  redrawOrPreview(): void {
    if (this.game) return this.show()
    const sc = resolveScenario($<HTMLSelectElement>('p-scenario').value)
    if (sc.ok) this.preview(sc.value)
  }

  /** Draws a scenario's opening position (no game yet). */
  preview(sc: Scenario): void {
    const eng = bindEngine(sc.ruleset, sc)
    if (!eng.ok) return setStatus(`${eng.error.code}: ${eng.error.message}`, true)
    const s = eng.value.init(0)
    const view = eng.value.view(s)
    this.board.draw(eng.value, view, {})
    $('caption').innerHTML = captionHtml(eng.value, view, `${sc.name}: the opening position`)
    $('p-prompt').textContent = 'Choose your side and opponent, then New game (or Resume a saved game).'
    $('p-prompt').removeAttribute('data-over')
    $('p-choices').innerHTML = ''
    $('p-log').innerHTML = ''
    $('p-dice').innerHTML = ''
  }

  private async connect(): Promise<BridgeClient> {
    if (this.bridge?.open) return this.bridge
    const b = await BridgeClient.connect(bridgeUrl())
    b.onClose = (why) => this.lost(b, why)
    this.bridge = b
    return b
  }

  /** The server went away: the game in progress is kept here, its choices put away. */
  private lost(b: BridgeClient, why: string): void {
    if (this.bridge !== b) return
    this.bridge = null
    const g = this.game
    if (!g || this.over(g)) return
    g.offline = true
    g.busy = false
    this.clearChoices()
    $('p-prompt').textContent = 'The server went away. Your game is kept: Save it, then Resume it when tercio view runs again.'
    setStatus(`the connection to the server closed (${why}): your game is kept in this page — Save it to resume later`, true)
    this.controls()
  }

  /** Makes an env set for `engine`'s game on the server with `opponent` in seat other(human); resets it. */
  private async openSet(engine: Engine, seed: number, human: Player, opponent: string): Promise<{ envSet: number; first: tercio.v1.Batch }> {
    const bridge = await this.connect()
    const spec = await bridge.expect(
      { makeEnvs: { ruleset: engine.ruleset, scenarioJson: JSON.stringify(engine.scenario), count: 1, baseSeed: seed, options: { skipForced: false, opponent, opponentPlayer: other(human), subjects: true } } },
      'envSpec',
    )
    const envSet = spec.envSpec?.envSet ?? 0
    if (spec.envSpec?.actionSize !== engine.layout.size) {
      await bridge.request({ closeEnvs: { envSet } })
      throw new Error(`the server's action space has ${spec.envSpec?.actionSize} actions, this page's ${engine.layout.size}: reload the page`)
    }
    const first = await bridge.expect({ reset: { envSet, seeds: [seed] } }, 'batch')
    return { envSet, first: first.batch as tercio.v1.Batch }
  }

  /** Closes the old game's env set once a new one runs (a refused start leaves the old game playable). */
  private async retire(old: Game | null): Promise<void> {
    if (!old || old.offline || !this.bridge?.open) return
    try {
      await this.bridge.request({ closeEnvs: { envSet: old.envSet } })
    } catch {
      // the set goes with the connection anyway
    }
  }

  async start(): Promise<void> {
    const sc0 = resolveScenario($<HTMLSelectElement>('p-scenario').value)
    if (!sc0.ok) return setStatus(sc0.error.message, true)
    const sc = structuredClone(sc0.value)
    const turns = Number($<HTMLInputElement>('p-turns').value)
    if ($<HTMLInputElement>('p-turns').value !== '' && Number.isInteger(turns) && turns >= 1) sc.turns = turns
    const eng = bindEngine($<HTMLSelectElement>('p-ruleset').value, sc)
    if (!eng.ok) return setStatus(`${eng.error.code}: ${eng.error.message}`, true)
    const seed = Math.max(0, Math.floor(Number($<HTMLInputElement>('p-seed').value) || 0))
    const human = (Number($<HTMLSelectElement>('p-side').value) === 1 ? 1 : 0) as Player
    // A typed spec (parameters, ckpt:PATH) wins over the list.
    const opponent = $<HTMLInputElement>('p-spec').value.trim() || $<HTMLSelectElement>('p-opponent').value || 'random'
    await this.begin(eng.value, seed, human, opponent, [])
  }

  /** Starts a game (or resumes one at `played`); on a refusal the game before stays as it was. */
  private async begin(engine: Engine, seed: number, human: Player, opponent: string, played: readonly Played[], what = 'New game'): Promise<boolean> {
    const old = this.game
    if (old) old.busy = true
    this.controls(true)
    const g: Game = { engine, state: engine.init(seed), human, opponent, seed, played: [], mask: new Uint8Array(engine.layout.size), busy: true, envSet: 0, queue: [], resigned: null, offline: false }
    try {
      const { envSet, first } = await this.openSet(engine, seed, human, opponent)
      g.envSet = envSet
      this.receive(g, first)
      await this.sync(g, played)
    } catch (e) {
      if (g.envSet && this.bridge?.open) void this.bridge.request({ closeEnvs: { envSet: g.envSet } }).catch(() => {})
      if (old) old.busy = false
      const msg = e instanceof Error ? e.message : String(e)
      setStatus(`${what} refused: ${msg}${old ? ' — the game before continues' : ''}`, true)
      if (old) this.show()
      else {
        const sc = resolveScenario($<HTMLSelectElement>('p-scenario').value)
        if (sc.ok) this.preview(sc.value)
      }
      this.controls()
      return false
    }
    await this.retire(old)
    this.game = g
    $('p-prompt').removeAttribute('data-over')
    this.begun++
    this.lastReplay = null
    this.renderLog()
    const sides = engine.scenario.sides
    setStatus(`playing ${engine.scenario.name} as ${sides[human].name} against ${opponent} (on the server), seed ${seed}${played.length ? `, from decision ${played.length}` : ''}`)
    g.busy = false
    await this.advance()
    return true
  }

  /** Replays `played` into the fresh game `g`: here by the engine, on the server by the human's
   *  decisions, whose opponent must answer as recorded. */
  private async sync(g: Game, played: readonly Played[]): Promise<void> {
    const bridge = this.bridge
    if (!bridge) throw new Error('no connection to the server')
    for (const [i, p] of played.entries()) {
      const n = g.engine.legal(g.state, g.mask)
      if (g.mask[p.action] !== 1) throw new Error(`decision ${i + 1} (${actionText(g.engine.layout, p.action)}) is not legal in this game`)
      if (p.player === g.human) {
        this.apply(g, p.action, n)
        const r = await bridge.expect({ step: { envSet: g.envSet, actions: [p.action] } }, 'batch')
        this.receive(g, r.batch as tercio.v1.Batch)
      } else {
        const t = g.queue.shift()
        const want = actionText(g.engine.layout, p.action)
        if (t !== want) throw new Error(`at decision ${i + 1} the opponent ${g.opponent} now plays ${t ?? 'nothing'} where this game has ${want}: it cannot be resumed against this opponent`)
        this.apply(g, p.action, n)
      }
    }
  }

  /** Queues the opponent's decisions of a Batch (env 0). */
  private receive(g: Game, b: tercio.v1.Batch): void {
    for (const o of b.opponentActions) if (o.env === 0) g.queue.push(...(o.actions ?? []))
  }

  /** Applies a decision to the page's copy of `g` and records it. */
  private apply(g: Game, a: number, choices: number): boolean {
    const d = g.engine.decision(g.state)
    if (!d) return false
    // the view (for the units in a target hex) only when the action names a hex: it is costly on large maps
    const words = actionWords(g.engine, a, segmentOf(g.engine.layout, a)?.segment === 'hex' ? g.engine.view(g.state) : null)
    const events: BaseEvent[] = []
    const bad = g.engine.apply(g.state, a, events)
    if (bad) {
      setStatus(`${bad.code}: ${bad.message}`, true)
      return false
    }
    g.played.push({ action: a, player: d.player, hash: g.engine.hash(g.state), choices, rolled: events.some((e) => e.type === 'rolled'), events, words, kind: d.kind, subject: d.subject ?? null })
    return true
  }

  private who(g: Game, p: Player): string {
    return p === g.human ? 'You' : `${g.opponent} (${g.engine.scenario.sides[p].name})`
  }

  private renderLog(): void {
    const g = this.game
    if (!g) return
    const log = $('p-log')
    log.innerHTML = g.played.map((p, i) => entryHtml(g.engine, { who: this.who(g, p.player), kind: p.kind, subject: p.subject, action: p.words, events: p.events }, i + 1)).join('')
    markCurrent(log, g.played.length)
    const last = g.played[g.played.length - 1]
    $('p-dice').innerHTML = last ? diceHtml(last.events) : ''
  }

  private appendLog(g: Game): void {
    const p = g.played[g.played.length - 1]
    if (!p) return
    const log = $('p-log')
    log.insertAdjacentHTML('beforeend', entryHtml(g.engine, { who: this.who(g, p.player), kind: p.kind, subject: p.subject, action: p.words, events: p.events }, g.played.length))
    $('p-dice').innerHTML = diceHtml(p.events)
  }

  /** Marks the newest log entry and scrolls to it (once per redraw: each scroll costs a layout). */
  private logToEnd(g: Game): void {
    markCurrent($('p-log'), g.played.length)
  }

  /** The human's decision: applied here, sent to the server; the reply carries the opponent's answer. */
  private async humanMove(g: Game, a: number, choices: number): Promise<boolean> {
    if (!this.apply(g, a, choices)) return false
    this.appendLog(g)
    const bridge = this.bridge
    if (!bridge) return false
    try {
      const r = await bridge.expect({ step: { envSet: g.envSet, actions: [a] } }, 'batch')
      if (this.game !== g) return false
      this.receive(g, r.batch as tercio.v1.Batch)
      return true
    } catch (e) {
      if (!g.offline) setStatus(`the server refused the move: ${e instanceof Error ? e.message : String(e)}`, true)
      return false
    }
  }

  private over(g: Game): boolean {
    return g.resigned !== null || g.engine.decision(g.state) === null
  }

  /** Plays the opponent's and forced moves until the human has a real choice or the game ends. */
  private async advance(): Promise<void> {
    const g = this.game
    if (!g || g.busy || g.offline) return
    g.busy = true
    try {
      for (;;) {
        if (this.game !== g || g.offline) return
        const d = g.engine.decision(g.state)
        if (!d || g.resigned !== null) return this.finish()
        const n = g.engine.legal(g.state, g.mask)
        if (d.player === g.human) {
          if (n === 1 && $<HTMLInputElement>('p-auto').checked) {
            if (!(await this.humanMove(g, g.mask.indexOf(1), 1))) return
            continue
          }
          return this.showChoices(n)
        }
        const t = g.queue.shift()
        if (t === undefined) return setStatus(`the server sent no decision for ${g.opponent}, whose turn it is`, true)
        const a = parseAction(g.engine.layout, g.engine.grid, t)
        if (!a.ok || g.mask[a.value] !== 1) return setStatus(`${g.opponent} (on the server) chose ${t}, which is not legal here`, true)
        if (!this.apply(g, a.value, n)) return
        this.appendLog(g)
        this.bridgeMoves++
      }
    } finally {
      g.busy = false
      this.controls()
    }
  }

  /** Draws the game, its caption and (when given) the human's targets. */
  private show(prompt?: string): void {
    const g = this.game
    if (!g) return
    const sides = g.engine.scenario.sides
    const view = g.engine.view(g.state)
    this.board.draw(g.engine, view, { selected: view.decision?.subject ?? null, highlightHexes: [...this.targets.hexes.keys()], highlightUnits: [...this.targets.units.keys()] })
    this.logToEnd(g)
    $('caption').innerHTML = captionHtml(g.engine, view, `You: ${sides[g.human].name}; opponent: ${g.opponent} (${sides[other(g.human)].name}); decision ${g.played.length + 1}`)
    if (prompt !== undefined) $('p-prompt').textContent = prompt
  }

  private clearChoices(): void {
    this.targets = { hexes: new Map(), units: new Map() }
    $('p-choices').innerHTML = ''
    this.show()
  }

  private showChoices(n: number): void {
    const g = this.game
    if (!g) return
    const d = g.engine.decision(g.state)
    if (!d) return
    const l = g.engine.layout
    const view = g.engine.view(g.state)
    const hexes = new Map<string, number>()
    const units = new Map<string, number>()
    const buttons: string[] = []
    for (let a = 0; a < g.mask.length; a++) {
      if (g.mask[a] !== 1) continue
      const seg = segmentOf(l, a)
      if (seg?.segment === 'hex') hexes.set(l.hexes[seg.index] as string, a)
      if (seg?.segment === 'unit') units.set(l.units[seg.index] as string, a)
      buttons.push(`<button data-action="${a}" data-text="${esc(actionText(l, a))}">${esc(actionWords(g.engine, a, view))}</button>`)
    }
    this.targets = { hexes, units }
    this.show(`Your decision: ${d.kind.replace(/-/g, ' ')}${d.subject ? ` (${d.subject})` : ''} — ${n} choices${hexes.size || units.size ? '; click a highlighted hex or unit, or a button' : ''}`)
    $('p-prompt').removeAttribute('data-over')
    const box = $('p-choices')
    box.innerHTML = buttons.join('')
    box.scrollTop = 0
    box.onclick = (ev) => {
      const b = (ev.target as HTMLElement).closest('button')
      if (b?.dataset.action) this.choose(Number(b.dataset.action))
    }
    // the decision's subject (a unit or a leader) in view, else its first target hex
    const subjectHex = d.subject ? (view.units.find((u) => u.id === d.subject)?.hex ?? view.leaders.find((l) => l.id === d.subject)?.hex) : undefined
    const at = subjectHex ?? hexes.keys().next().value
    if (at) this.board.show(at)
  }

  /** The human's choice a click at `hex` would make: its target hex, else the one target unit in it. */
  actionAt(hex: string): number | null {
    const g = this.game
    if (!g || g.busy || g.offline) return null
    const { hexes, units } = this.targets
    if (hexes.has(hex)) return hexes.get(hex) as number
    const view = g.engine.view(g.state)
    const here = [...unitsIn(view, hex).map((u) => u.id), ...view.leaders.filter((x) => x.hex === hex).map((x) => x.id)].filter((id) => units.has(id))
    return here.length === 1 ? (units.get(here[0] as string) as number) : null
  }

  private previewed: { ply: number; action: number; p: Preview | null } | null = null
  /** What choosing the target at `hex` would do when it resolves a fire or combat (odds, modifiers, each die result). */
  previewAt(hex: string): Preview | null {
    const a = this.actionAt(hex)
    return a === null ? null : this.previewOf(a)
  }

  /** What the human's choice `a` would do when it resolves a fire or combat; null otherwise. */
  previewOf(a: number): Preview | null {
    const g = this.game
    if (!g || g.busy || g.mask[a] !== 1) return null
    const c = this.previewed
    if (c && c.ply === g.state.ply && c.action === a) return c.p
    const p = PREVIEWS[g.engine.ruleset](g.engine, g.state, a)
    this.previewed = { ply: g.state.ply, action: a, p }
    return p
  }

  /** A click on the board: a target unit or leader, else a target hex, else the one target unit in that hex. */
  pick(p: BoardPick): boolean {
    const g = this.game
    if (!g || g.busy || g.offline) return false
    const { units } = this.targets
    if (p.piece !== null && units.has(p.piece)) return this.choose(units.get(p.piece) as number)
    if (p.hex === null) return false
    const a = this.actionAt(p.hex)
    return a !== null && this.choose(a)
  }

  private choose(a: number): boolean {
    const g = this.game
    if (!g || g.busy || g.mask[a] !== 1) return false
    const n = g.mask.reduce((s, x) => s + x, 0)
    this.targets = { hexes: new Map(), units: new Map() }
    $('p-choices').innerHTML = ''
    g.busy = true
    this.controls()
    const done = this.humanMove(g, a, n)
    // the move is on the board at once (humanMove applied it before waiting for the server)
    this.show()
    void done.then((ok) => {
      g.busy = false
      if (ok) void this.advance()
      else this.controls()
    })
    return true
  }

  /** Index of the human decision an undo goes back to: the last real choice with no die rolled since, or -1. */
  undoPoint(g: Game): number {
    for (let i = g.played.length - 1; i >= 0; i--) {
      const p = g.played[i] as Played
      if (p.rolled) return -1
      if (p.player === g.human && p.choices > 1) return i
    }
    return -1
  }

  /** Takes back the human's last decision (and the opponent's answers), never past a die roll. */
  async undo(): Promise<void> {
    const g = this.game
    if (!g || g.busy || g.offline || this.over(g)) return
    const k = this.undoPoint(g)
    if (k < 0) return
    const ok = await this.begin(g.engine, g.seed, g.human, g.opponent, g.played.slice(0, k), 'Undo')
    if (ok) setStatus(`took back decision ${k + 1} (no die had been rolled since)`)
  }

  resign(): void {
    const g = this.game
    if (!g || g.busy || this.over(g)) return
    g.resigned = g.human
    this.finish()
  }

  /** The end: who won and why. */
  private finish(): void {
    const g = this.game
    if (!g) return
    this.targets = { hexes: new Map(), units: new Map() }
    $('p-choices').innerHTML = ''
    const sides = g.engine.scenario.sides
    const out: Outcome | null = g.resigned === null ? g.engine.outcome(g.state) : null
    this.lastReplay = this.replay(g)
    let text: string
    if (g.resigned !== null) text = `Game over: ${sides[other(g.resigned)].name} win — ${sides[g.resigned].name} (you) resigned after ${g.played.length} decisions`
    else if (!out) text = 'Game over'
    else {
      const result = out.winner === null ? 'a draw' : `${sides[out.winner].name} win${out.winner === g.human ? ' — you won' : ' — you lost'}`
      text = `Game over: ${result}. Why: ${out.reason.replace(/-/g, ' ')}; score ${sides[0].name} ${out.score[0]}, ${sides[1].name} ${out.score[1]}`
    }
    this.show(text)
    $('p-prompt').setAttribute('data-over', '1')
    setStatus(text)
    this.controls()
  }

  /** The game so far as a replay (an unfinished or resigned game has no outcome; `tercio replay verify` accepts it). */
  replay(g: Game): Replay {
    const rec = new ReplayRecorder(g.engine, g.seed, g.engine.init(g.seed), {
      inlineScenario: true,
      meta: { players: g.human === 0 ? ['human', g.opponent] : [g.opponent, 'human'], viewer: 'tercio view', ...(g.resigned !== null ? { resigned: g.resigned } : {}) },
    })
    for (const p of g.played) rec.push(p.action, p.player, p.hash)
    if (g.resigned === null) rec.finish(g.engine.outcome(g.state))
    return rec.replay()
  }

  save(): void {
    const g = this.game
    if (!g) return
    const r = this.replay(g)
    this.lastReplay = r
    const blob = new Blob([JSON.stringify(r, null, 1)], { type: 'application/json' })
    const a = document.createElement('a')
    a.href = URL.createObjectURL(blob)
    a.download = replayFileName(r)
    document.body.appendChild(a)
    a.click()
    a.remove()
    setStatus(`saved ${a.download}: ${r.steps.length} decisions${r.outcome ? '' : ' (unfinished: Resume it to play on)'}`)
  }

  /** Resumes a saved game: the human's seat and the opponent from its meta (else the form's). */
  async resumeFile(f: File): Promise<boolean> {
    let json: unknown
    try {
      json = JSON.parse(await f.text())
    } catch (x) {
      setStatus(`${f.name}: not JSON: ${x instanceof Error ? x.message : String(x)}${this.game ? ' — the game before continues' : ''}`, true)
      return false
    }
    const sim = simulate(json, f.name)
    if (!sim.ok) {
      setStatus(`${sim.error}${this.game ? ' — the game before continues' : ''}`, true)
      return false
    }
    const players = (sim.replay.meta?.['players'] ?? null) as unknown
    const seat = Array.isArray(players) ? players.indexOf('human') : -1
    const human = (seat === 1 ? 1 : seat === 0 ? 0 : Number($<HTMLSelectElement>('p-side').value) === 1 ? 1 : 0) as Player
    const opp = Array.isArray(players) && typeof players[other(human)] === 'string' ? (players[other(human)] as string) : $<HTMLSelectElement>('p-opponent').value
    const { engine } = sim
    const s = engine.init(sim.replay.seed)
    const mask = new Uint8Array(engine.layout.size)
    const played: Played[] = sim.actions.map((a, i) => {
      const d = engine.decision(s)
      const n = engine.legal(s, mask)
      engine.apply(s, a)
      const f = sim.frames[i]
      return { action: a, player: (d?.player ?? 0) as Player, hash: engine.hash(s), choices: n, rolled: f?.events.some((e) => e.type === 'rolled') ?? false, events: f?.events ?? [], words: f?.action ?? '', kind: f?.kind ?? '', subject: f?.subject ?? null }
    })
    $<HTMLSelectElement>('p-ruleset').value = engine.ruleset
    const ok = await this.begin(engine, sim.replay.seed, human, opp, played, `Resume ${f.name}`)
    if (ok) setStatus(`resumed ${f.name} at decision ${played.length + 1}, against ${opp}`)
    return ok
  }

  /** Enables exactly the buttons that do something now. */
  controls(busy = false): void {
    const g = this.game
    const live = !!g && !g.offline && !busy && !g.busy && !this.over(g)
    const undo = $<HTMLButtonElement>('p-undo')
    undo.disabled = !live || !g || this.undoPoint(g) < 0
    undo.title = !g ? 'no game' : undo.disabled ? 'nothing to take back: no decision of yours since the last die roll' : 'take back your last decision (no die has been rolled since)'
    $<HTMLButtonElement>('p-resign').disabled = !live
    $<HTMLButtonElement>('p-save').disabled = !g || busy
    $<HTMLButtonElement>('p-start').disabled = busy || (!!g && g.busy && !g.offline)
  }
}
