// The Tercio viewer: replays re-simulated in the page (replay.ts) and games against a
// server-side agent (play.ts), on a board that pans and zooms (board.ts). This file wires
// the page together: tabs, replay controls, the unit card and legend, and start-up.
import { Board } from './board.ts'
import { $, esc, setStatus } from './dom.ts'
import { offMapText } from './offmap.ts'
import { cardHtml, legendHtml, previewHtml } from './panels.ts'
import { PlayMode } from './play.ts'
import { ReplayViewer } from './replay.ts'

const board = new Board($('board'))
const viewer = new ReplayViewer(board)
const play = new PlayMode(board)
let mode: 'replay' | 'play' = 'replay'

// The unit card follows the pointer's hex; a click fixes it there until the next click.
let pinned: string | null = null
const card = $('card')
function showCard(hex: string | null): void {
  const engine = board.current
  const at = hex ?? pinned
  if (!engine || !board.view || at === null) {
    card.hidden = true
    return
  }
  const p = mode === 'play' && hex !== null ? play.previewAt(hex) : null
  card.innerHTML = (p ? previewHtml(p) : '') + cardHtml(engine, board.view, at)
  card.hidden = false
}
board.onHover = (hex) => showCard(hex)
// A choice button that would fire or fight shows its odds in the card too.
$('p-choices').addEventListener('mouseover', (e) => {
  const b = (e.target as HTMLElement).closest('button')
  const p = b?.dataset.action ? play.previewOf(Number(b.dataset.action)) : null
  if (!p) return
  card.innerHTML = previewHtml(p)
  card.hidden = false
})
board.onPick = (p) => {
  if (mode === 'play' && play.pick(p)) return
  pinned = p.hex
  showCard(p.hex)
}
// The legend follows the scenario on the board, the off-map line every position.
board.onDraw = (engine, view, fresh) => {
  if (fresh) {
    pinned = null
    $('legend-body').innerHTML = legendHtml(engine)
  }
  $('offmap').textContent = offMapText(engine.scenario, view)
  if (!card.hidden) showCard(pinned)
}

function setMode(m: 'replay' | 'play'): void {
  mode = m
  $('replay-panel').hidden = m !== 'replay'
  $('play-panel').hidden = m !== 'play'
  $('tab-replay').classList.toggle('active', m === 'replay')
  $('tab-play').classList.toggle('active', m === 'play')
  if (m === 'replay') viewer.redraw()
  else play.redrawOrPreview()
}

$('tab-replay').onclick = () => setMode('replay')
$('tab-play').onclick = () => {
  viewer.pause()
  setMode('play')
}
$('zoom-in').onclick = () => board.zoom(1.25)
$('zoom-out').onclick = () => board.zoom(0.8)
$('zoom-fit').onclick = () => board.reset()
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
  const input = e.target as HTMLInputElement
  const f = input.files?.[0]
  input.value = ''
  if (!f) return
  try {
    viewer.load(JSON.parse(await f.text()) as unknown, f.name)
  } catch (x) {
    setStatus(`${f.name}: not JSON: ${x instanceof Error ? x.message : String(x)}${viewer.loaded ? ' — the replay open before is still shown' : ''}`, true)
  }
}
document.addEventListener('keydown', (e) => {
  if ($('replay-panel').hidden || (e.target as HTMLElement).tagName === 'INPUT') return
  if (e.key === 'ArrowRight') viewer.step(1)
  else if (e.key === 'ArrowLeft') viewer.step(-1)
  else if (e.key === ' ') viewer.toggle()
})

// Tests, the bench and scripts reach the viewer through this handle.
declare global {
  interface Window {
    tercio: { viewer: ReplayViewer; play: PlayMode; board: Board; ready: boolean }
  }
}
window.tercio = { viewer, play, board, ready: false }

async function boot(): Promise<void> {
  await play.init()
  const params = new URLSearchParams(location.search)
  let names: string[] = []
  try {
    const res = await fetch('api/replays')
    names = res.ok ? (((await res.json()) as { names?: string[] }).names ?? []) : []
  } catch {
    // No view server: the page still replays files chosen by hand.
  }
  if (names.length > 1) {
    const list = $<HTMLSelectElement>('replay-list')
    list.innerHTML = names.map((n, i) => `<option value="${i}">${esc(n)}</option>`).join('')
    list.hidden = false
  }
  // Nothing blank on load: the replay given, else the Play tab with the chosen scenario's opening position.
  if (names.length > 0 && params.get('mode') !== 'play') {
    setMode('replay')
    await openServerReplay(0)
  } else {
    setMode('play')
    if (names.length > 0) await openServerReplay(0).then(() => setMode('play'))
  }
  if (!$('status').textContent) setStatus(names.length ? 'choose a replay' : 'choose a scenario, a side and an opponent, then New game — or open a replay in the Replay tab')
  window.tercio.ready = true
  document.body.dataset.ready = '1'
}
void boot()
