// A label-pool worker thread (training/label-pool.ts): builds the engine and the
// teacher agent once, then answers each batch of positions with the teacher's actions.
import { parentPort, workerData } from 'node:worker_threads'
import type { Player } from '../env/core/types.ts'
import { engineFrom } from '../env/gym/source.ts'
import { createAgent } from '../agents/registry.ts'
import { isScoredAgent } from '../agents/search.ts'
import { allocScoreRows, writeScoreRow, type FromLabelWorker, type LabelWorkerInit, type ToLabelWorker } from './label-pool.ts'

const port = parentPort
if (!port) throw new Error('label worker started outside a worker thread')
const send = (m: FromLabelWorker) => port.postMessage(m)
const init = workerData as LabelWorkerInit
const eng = await engineFrom(init.source)
if (!eng.ok) send({ type: 'error', message: `${eng.error.code}: ${eng.error.message}` })
else {
  const engine = eng.value
  const agent = await createAgent(init.teacher, engine, 0)
  if (!agent.ok) send({ type: 'error', message: `${agent.error.code}: ${agent.error.message}` })
  else {
    const teacher = agent.value
    const mask = new Uint8Array(engine.layout.size)
    // scratch for one position's scored candidates (reused; resized only if a wider batch asks)
    let sc = new Int32Array(0)
    let sv = new Float64Array(0)
    send({ type: 'ready' })
    port.on('message', (m: ToLabelWorker) => {
      if (m.type !== 'label') return
      try {
        const actions = new Int32Array(m.states.length)
        const w = m.width
        if (w > 0 && !isScoredAgent(teacher)) throw new Error(`teacher "${init.teacher}" does not score its actions; soft labels need a search teacher`)
        const rows = w > 0 ? allocScoreRows(m.states.length, w) : null
        if (w > sc.length) {
          sc = new Int32Array(w)
          sv = new Float64Array(w)
        }
        m.states.forEach((state, i) => {
          const d = engine.decision(state)
          if (!d) throw new Error(`position ${i} is not at a decision (the game is over)`)
          const legalCount = engine.legal(state, mask)
          teacher.reset?.(m.seeds[i] as number)
          actions[i] = teacher.act({ engine, state, mask, legalCount, player: d.player as Player })
          if (rows && isScoredAgent(teacher)) writeScoreRow(rows, i, teacher.lastScores(sc, sv), sc, sv)
        })
        send(rows ? { type: 'labels', actions, cand: rows.cand, score: rows.score } : { type: 'labels', actions })
      } catch (e) {
        send({ type: 'error', message: e instanceof Error ? e.message : String(e) })
      }
    })
  }
}
