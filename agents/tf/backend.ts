// TF.js backend selection: one code path on every machine.
//   1. @tensorflow/tfjs-node (native libtensorflow) when it is installed and loads;
//   2. else @tensorflow/tfjs + @tensorflow/tfjs-backend-wasm (the .wasm binaries ship in
//      the npm package; located on disk for Node) with our training kernels registered;
//   3. else the pure-JS cpu backend (slow for convolutions, but always there).
// Everything else imports `tf` from '@tensorflow/tfjs': tfjs-node registers its backend on
// that same tfjs-core instance, so models and ops do not care which backend won.

import * as tf from '@tensorflow/tfjs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { registerWasmKernels } from './kernels.ts'

export const TF_BACKENDS = ['tensorflow', 'wasm', 'cpu'] as const
export type TfBackend = (typeof TF_BACKENDS)[number]
export const BACKEND_PREFS = ['auto', 'node', 'wasm', 'cpu'] as const
export type BackendPref = (typeof BACKEND_PREFS)[number]

export interface TfInfo {
  readonly backend: TfBackend
  /** wasm only: SIMD build in use. */
  readonly simd: boolean
  /** wasm only: threads of the wasm build (tfjs disables threads in Node: 1). */
  readonly threads: number
  /** Kernels this project registered on the backend. */
  readonly kernels: readonly string[]
  /** Why earlier choices were skipped (e.g. "tfjs-node: not installed"). */
  readonly notes: readonly string[]
}

export interface InitOptions {
  /** 'auto' (default) tries node → wasm → cpu; otherwise that backend or an error. The
   *  TERCIO_TF_BACKEND environment variable sets it when this option is absent. */
  prefer?: BackendPref
  /** Do not print the backend line on stderr. */
  quiet?: boolean
  /** wasm: register the training kernels (default true; false = stock tfjs, for benchmarks). */
  kernels?: boolean
}

let current: Promise<TfInfo> | null = null
let printed = false

/** Initialises TF.js once per process (later calls return the first result) and prints
 *  `tf backend: wasm (simd, 1 thread)`-style line on stderr the first time. */
export function initTf(opts: InitOptions = {}): Promise<TfInfo> {
  current ??= select(opts)
  return current.then((info) => {
    if (!printed && !opts.quiet) {
      printed = true
      process.stderr.write(`tf backend: ${describeTf(info)}\n`)
    }
    return info
  })
}

export function describeTf(info: TfInfo): string {
  if (info.backend === 'wasm') return `wasm (${info.simd ? 'simd' : 'no simd'}, ${info.threads} thread${info.threads === 1 ? '' : 's'})`
  return info.backend === 'tensorflow' ? 'tensorflow (tfjs-node, native)' : 'cpu (pure JS, slow)'
}

function parsePref(v: string | undefined): BackendPref | null {
  if (v === undefined || v === '') return null
  const p = (BACKEND_PREFS as readonly string[]).includes(v) ? (v as BackendPref) : null
  if (!p) throw new Error(`TERCIO_TF_BACKEND must be one of ${BACKEND_PREFS.join(', ')}, got "${v}"`)
  return p
}

async function select(opts: InitOptions): Promise<TfInfo> {
  const pref = opts.prefer ?? parsePref(process.env['TERCIO_TF_BACKEND']) ?? 'auto'
  const notes: string[] = []
  if (pref === 'auto' || pref === 'node') {
    const r = await tryNode()
    if (r === true) return { backend: 'tensorflow', simd: false, threads: 0, kernels: [], notes }
    notes.push(`tfjs-node: ${r}`)
    if (pref === 'node') throw new Error(`backend 'node' requested but ${notes.join('; ')}`)
  }
  if (pref === 'auto' || pref === 'wasm') {
    const r = await tryWasm(opts.kernels !== false)
    if (typeof r !== 'string') return { ...r, notes }
    notes.push(`wasm: ${r}`)
    if (pref === 'wasm') throw new Error(`backend 'wasm' requested but ${notes.join('; ')}`)
  }
  await tf.setBackend('cpu')
  await tf.ready()
  silenceCpuBanner()
  return { backend: 'cpu', simd: false, threads: 1, kernels: [], notes }
}

/** true, or why not. */
async function tryNode(): Promise<true | string> {
  // A variable specifier: the package is optional and usually absent, so TypeScript must
  // not try to resolve it.
  const name = '@tensorflow/tfjs-node'
  try {
    await import(name)
  } catch (e) {
    const code = (e as { code?: unknown }).code
    return code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND' ? 'not installed' : `failed to load (${String(e).split('\n')[0]})`
  }
  try {
    if (!(await tf.setBackend('tensorflow'))) return 'backend did not initialise'
    await tf.ready()
    return true
  } catch (e) {
    return `failed to initialise (${String(e).split('\n')[0]})`
  }
}

async function tryWasm(withKernels: boolean): Promise<Omit<TfInfo, 'notes'> | string> {
  try {
    const wasm = await import('@tensorflow/tfjs-backend-wasm')
    // In Node the backend must be told where its .wasm files are: next to its main file.
    const require = createRequire(import.meta.url)
    const dir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep
    wasm.setWasmPaths(dir)
    if (!(await tf.setBackend('wasm'))) return 'backend did not initialise'
    await tf.ready()
    const kernels = withKernels ? registerWasmKernels() : []
    const simd = tf.env().getBool('WASM_HAS_SIMD_SUPPORT')
    const threads = tf.env().getBool('WASM_HAS_MULTITHREAD_SUPPORT') ? wasm.getThreadsCount() : 1
    return { backend: 'wasm', simd, threads, kernels }
  } catch (e) {
    return `failed (${String(e).split('\n')[0]})`
  }
}

/** The cpu backend prints a multi-line "install tfjs-node" banner on its first tensor
 *  write; we already print one line saying which backend is in use. */
function silenceCpuBanner(): void {
  const b = tf.backend() as unknown as { firstUse?: boolean }
  if (typeof b.firstUse === 'boolean') b.firstUse = false
}

/** Switches an initialised process to another registered backend (tests and benchmarks
 *  compare wasm against cpu). Tensors move lazily between backends. */
export async function useBackend(name: 'wasm' | 'cpu'): Promise<void> {
  await tf.setBackend(name)
  await tf.ready()
  if (name === 'cpu') silenceCpuBanner()
}

export { tf }
