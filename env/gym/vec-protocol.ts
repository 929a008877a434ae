// The command protocol between WorkerVecEnv and its workers (shared Int32Array cells).
import type { MessagePort } from 'node:worker_threads'
import type { EnvOptions } from './env.ts'
import type { EngineSource } from './source.ts'
import type { VecBuffers } from './vec.ts'

export const CMD_IDLE = 0
export const CMD_STEP = 1
export const CMD_RESET = 2
export const CMD_CLOSE = 3

/** Control cells per thread: one 64-byte cache line each, so one thread's polling never slows another's writes.
 *  Block 0 is the calling thread's, block w + 1 worker w's. */
export const CTRL_STRIDE = 16
/** Command of a worker (CMD_*; the worker sets CMD_IDLE when done). */
export const C_CMD = 0
/** Reset seed, and whether there is one. */
export const C_SEED = 1
export const C_HAS_SEED = 2
/** 0 ok, 1 the last command threw (message on the worker's port). */
export const C_STATUS = 3
/** Bumped once per env stepped or reset: the other side spins only while this moves. */
export const C_PROGRESS = 4
/** 1 while the thread sleeps in Atomics.wait: only then does the other side pay for a notify. */
export const C_ASLEEP = 5
/** A worker's doorbell: bumped with every command or group sent to it; a sleeping worker waits on it
 *  (the futex pattern: it reads the bell, checks for work, then waits only while the bell is unchanged). */
export const C_BELL = 6

export const block = (thread: number): number => thread * CTRL_STRIDE
export const MAIN_BLOCK = 0
export const workerBlock = (w: number): number => block(w + 1)
/** The command cell (CMD_IDLE / CMD_STEP) of group g, one cache line each after the thread blocks. */
export const groupCell = (workers: number, g: number): number => block(workers + 1 + g)

/**
 * How long a waiting thread polls without seeing the other side's progress counter move before it sleeps:
 * a few times the usual number of polls between two bumps (learnt as it goes: no clock), at most `max`.
 * Long enough to ride over a slow env step; short enough that a thread the kernel has descheduled
 * (a busy machine) is not waited for by burning the core it needs.
 */
export class Patience {
  /** Running average of polls between two progress bumps. */
  private gap = 500

  constructor(private readonly max: number) {}

  get limit(): number {
    return Math.min(this.max, 4 * this.gap + 2000)
  }

  /** Progress came after `polls` polls without any. */
  saw(polls: number): void {
    this.gap += (polls - this.gap) >> 3
  }
}

export interface WorkerInit {
  source: EngineSource
  opts: EnvOptions
  lo: number
  hi: number
  index: number
  buffers: VecBuffers
  ctrl: Int32Array
  port: MessagePort
  /** At most this many polls without progress on the other side before sleeping (Patience). */
  spin: number
  /** This worker's groups: [global group index, first row, end row], stepped on their own (send/recv). */
  groups: [number, number, number][]
  /** Worker threads in all (to locate the group cells). */
  workers: number
}
