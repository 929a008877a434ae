// A tournament worker thread: plays the games it is sent, one message per result.
import { parentPort, workerData } from 'node:worker_threads'
import { GamePlayer, type GameResult, type GameSetup } from './play.ts'
import type { ScheduledGame } from './schedule.ts'

export type ToWorker = { type: 'play'; games: ScheduledGame[] } | { type: 'stop' }
export type FromWorker = { type: 'result'; result: GameResult } | { type: 'idle' } | { type: 'error'; message: string }

const port = parentPort
if (!port) throw new Error('tournament worker started outside a worker thread')
const send = (m: FromWorker) => port.postMessage(m)
let player: GamePlayer
try {
  player = new GamePlayer(workerData as GameSetup)
} catch (e) {
  send({ type: 'error', message: e instanceof Error ? e.message : String(e) })
  throw e
}
port.on('message', (m: ToWorker) => {
  if (m.type === 'stop') {
    port.close()
    return
  }
  void (async () => {
    try {
      for (const g of m.games) send({ type: 'result', result: await player.play(g) })
      send({ type: 'idle' })
    } catch (e) {
      send({ type: 'error', message: e instanceof Error ? e.message : String(e) })
    }
  })()
})
