// One fuzz shard in a worker thread (see parallel.ts).
import { parentPort, workerData } from 'node:worker_threads'
import { getRuleset } from '../rules/index.ts'
import type { Scenario } from '../scenario/types.ts'
import { fuzz, type FuzzOptions } from './fuzz.ts'

export interface ShardInit {
  ruleset: string
  scenario: Scenario
  opts: Omit<FuzzOptions, 'onProgress'>
}

export type ShardMessage =
  | { type: 'progress'; done: number; games: number; failures: number }
  | { type: 'done'; report: ReturnType<typeof fuzz> }
  | { type: 'error'; message: string }

const init = workerData as ShardInit
const port = parentPort
if (!port) throw new Error('fuzz worker started outside a worker thread')
const send = (m: ShardMessage) => port.postMessage(m)
try {
  const rs = getRuleset(init.ruleset)
  if (!rs.ok) throw new Error(rs.error.message)
  const bound = rs.value.bind(init.scenario)
  if (!bound.ok) throw new Error(bound.error.message)
  const report = fuzz(bound.value, { ...init.opts, onProgress: (done, _t, r) => send({ type: 'progress', done, games: r.games, failures: r.failureCount }) })
  send({ type: 'done', report })
} catch (e) {
  send({ type: 'error', message: e instanceof Error ? (e.stack ?? e.message) : String(e) })
}
