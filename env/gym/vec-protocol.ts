// The command protocol between WorkerVecEnv and its workers (shared Int32Array cells).
import type { MessagePort } from 'node:worker_threads'
import type { EnvOptions } from './env.ts'
import type { EngineSource } from './source.ts'
import type { VecBuffers } from './vec.ts'

export const CMD_IDLE = 0
export const CMD_STEP = 1
export const CMD_RESET = 2
export const CMD_CLOSE = 3
/** Control cells per worker: command, reset seed, has-seed flag, status (0 ok, 1 failed). */
export const CTRL_STRIDE = 4

export interface WorkerInit {
  source: EngineSource
  opts: EnvOptions
  lo: number
  hi: number
  index: number
  buffers: VecBuffers
  ctrl: Int32Array
  port: MessagePort
  /** Busy-wait iterations before sleeping on a command. */
  spin: number
}

