// Checkpoints: a folder holding
//   meta.json      format, env spec hashes, network config, training config, weight manifest
//   weights.bin    the network's float32 weights, concatenated (little-endian)
//   optimizer.bin  optional Adam state, same layout
//   metrics.json   the caller's metrics (anything JSON)
// Written atomically: everything goes to a temporary sibling folder, each file and the
// folder are fsynced, then the folder is renamed into place (an existing checkpoint is
// first renamed aside and removed after), and the parent folder is fsynced. A reader never
// sees a half-written checkpoint. Loading checks the env spec hash and refuses a different
// one, naming both hashes. No TF.js here: weights are plain typed arrays.

import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'

export const CHECKPOINT_FORMAT = 'tercio-checkpoint/1'

export const CHECKPOINT_ERROR_CODES = ['CHECKPOINT_NOT_FOUND', 'CHECKPOINT_INVALID', 'CHECKPOINT_SPEC_MISMATCH'] as const
export type CheckpointErrorCode = (typeof CHECKPOINT_ERROR_CODES)[number]
export interface CheckpointError {
  readonly code: CheckpointErrorCode
  readonly message: string
}
export type CheckpointResult<T> = { ok: true; value: T } | { ok: false; error: CheckpointError }
const bad = <T>(code: CheckpointErrorCode, message: string): CheckpointResult<T> => ({ ok: false, error: { code, message } })

export interface Tensorish {
  readonly name: string
  readonly shape: readonly number[]
  readonly data: Float32Array
}

export interface SpecHashes {
  /** Hash of the whole env spec (observation/action interface, reward, limits). */
  readonly hash: string
  /** Hash of the observation/action interface only (what the network depends on). */
  readonly interfaceHash?: string
}

export interface CheckpointData {
  readonly spec: SpecHashes
  /** Network architecture (e.g. NetConfig). */
  readonly net: Readonly<Record<string, number>>
  readonly weights: readonly Tensorish[]
  readonly optimizer?: readonly Tensorish[] | null
  /** Training configuration, as JSON. */
  readonly config: unknown
  /** Training metrics/progress, as JSON (steps, updates, last stats...). */
  readonly metrics: unknown
}

interface ManifestEntry {
  name: string
  shape: number[]
  offset: number
  length: number
}

interface Meta {
  format: typeof CHECKPOINT_FORMAT
  spec: SpecHashes
  net: Record<string, number>
  config: unknown
  weights: { file: 'weights.bin'; checksum: string; entries: ManifestEntry[] }
  optimizer: { file: 'optimizer.bin'; checksum: string; entries: ManifestEntry[] } | null
}

/** FNV-1a over bytes, 8 hex digits: catches truncated or damaged weight files. */
function checksum(bytes: Uint8Array): string {
  let h = 0x811c9dc5
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193)
  return (h >>> 0).toString(16).padStart(8, '0')
}

function pack(ts: readonly Tensorish[]): { bytes: Uint8Array; entries: ManifestEntry[] } {
  let total = 0
  for (const t of ts) total += t.data.length
  const all = new Float32Array(total)
  const entries: ManifestEntry[] = []
  let off = 0
  for (const t of ts) {
    const n = t.shape.reduce((a, b) => a * b, 1)
    if (n !== t.data.length) throw new RangeError(`checkpoint: ${t.name} has ${t.data.length} values for shape [${t.shape.join(',')}]`)
    all.set(t.data, off)
    entries.push({ name: t.name, shape: [...t.shape], offset: off, length: n })
    off += n
  }
  return { bytes: new Uint8Array(all.buffer), entries }
}

function writeSynced(file: string, data: Uint8Array | string): void {
  const fd = openSync(file, 'w')
  try {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
    let done = 0
    while (done < buf.length) done += writeSync(fd, buf, done, buf.length - done)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

function fsyncDir(dir: string): void {
  // Directory fsync makes the renames durable; some platforms cannot open a directory.
  try {
    const fd = openSync(dir, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  } catch {
    /* best effort */
  }
}

let tmpCount = 0

/** Writes the checkpoint folder `dir` atomically, replacing any previous one. */
export function saveCheckpoint(dir: string, data: CheckpointData): void {
  const target = path.resolve(dir)
  const parent = path.dirname(target)
  const base = path.basename(target)
  mkdirSync(parent, { recursive: true })
  const tag = `${process.pid}-${++tmpCount}`
  const tmp = path.join(parent, `.${base}.tmp-${tag}`)
  const old = path.join(parent, `.${base}.old-${tag}`)
  const w = pack(data.weights)
  const o = data.optimizer && data.optimizer.length > 0 ? pack(data.optimizer) : null
  const meta: Meta = {
    format: CHECKPOINT_FORMAT,
    spec: data.spec.interfaceHash === undefined ? { hash: data.spec.hash } : { hash: data.spec.hash, interfaceHash: data.spec.interfaceHash },
    net: { ...data.net },
    config: data.config ?? null,
    weights: { file: 'weights.bin', checksum: checksum(w.bytes), entries: w.entries },
    optimizer: o ? { file: 'optimizer.bin', checksum: checksum(o.bytes), entries: o.entries } : null,
  }
  mkdirSync(tmp)
  try {
    writeSynced(path.join(tmp, 'weights.bin'), w.bytes)
    if (o) writeSynced(path.join(tmp, 'optimizer.bin'), o.bytes)
    writeSynced(path.join(tmp, 'metrics.json'), JSON.stringify(data.metrics ?? null, null, 2) + '\n')
    // meta.json last: its presence marks a complete folder.
    writeSynced(path.join(tmp, 'meta.json'), JSON.stringify(meta, null, 2) + '\n')
    fsyncDir(tmp)
    if (existsSync(target)) renameSync(target, old)
    renameSync(tmp, target)
    fsyncDir(parent)
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true })
    if (existsSync(old) && !existsSync(target)) renameSync(old, target)
    throw e
  }
  rmSync(old, { recursive: true, force: true })
}

export interface LoadOptions {
  /** The env's spec hashes; omit to skip the check (inspection tools). */
  readonly expect?: SpecHashes
  /** 'exact' (default): the full spec hash must match (resuming training).
   *  'interface': only the observation/action interface must match (evaluating a policy
   *  under, say, a different reward shaping). */
  readonly match?: 'exact' | 'interface'
}

function unpack(bytes: Buffer, entries: ManifestEntry[], what: string): Tensorish[] | string {
  if (bytes.byteLength % 4 !== 0) return `${what} has ${bytes.byteLength} bytes, not a whole number of float32 values`
  // Copy: a Buffer's offset in its pool need not be 4-byte aligned.
  const all = new Float32Array(bytes.byteLength / 4)
  new Uint8Array(all.buffer).set(bytes)
  const out: Tensorish[] = []
  for (const e of entries) {
    if (typeof e.name !== 'string' || !Array.isArray(e.shape) || !Number.isInteger(e.offset) || !Number.isInteger(e.length)) return `${what}: bad manifest entry ${JSON.stringify(e)}`
    if (e.offset < 0 || e.offset + e.length > all.length) return `${what}: ${e.name} lies outside the file (${e.offset}+${e.length} > ${all.length} values)`
    out.push({ name: e.name, shape: e.shape, data: all.slice(e.offset, e.offset + e.length) })
  }
  return out
}

/** Reads a checkpoint folder; errors are values naming the folder and what is wrong. */
export function loadCheckpoint(dir: string, opts: LoadOptions = {}): CheckpointResult<CheckpointData> {
  const metaFile = path.join(dir, 'meta.json')
  if (!existsSync(metaFile)) return bad('CHECKPOINT_NOT_FOUND', `no checkpoint at ${dir} (missing meta.json)`)
  let meta: Meta
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8')) as Meta
  } catch (e) {
    return bad('CHECKPOINT_INVALID', `${metaFile} is not valid JSON (${(e as Error).message})`)
  }
  if (meta?.format !== CHECKPOINT_FORMAT) return bad('CHECKPOINT_INVALID', `${metaFile}: format is ${JSON.stringify(meta?.format)}, expected "${CHECKPOINT_FORMAT}"`)
  if (typeof meta.spec?.hash !== 'string') return bad('CHECKPOINT_INVALID', `${metaFile}: spec.hash is missing`)
  if (opts.expect) {
    const e = opts.expect
    const mode = opts.match ?? 'exact'
    if (mode === 'interface') {
      if (!meta.spec.interfaceHash || !e.interfaceHash) return bad('CHECKPOINT_SPEC_MISMATCH', `checkpoint ${dir}: interface match asked but ${!meta.spec.interfaceHash ? 'the checkpoint' : 'the env'} has no interface hash`)
      if (meta.spec.interfaceHash !== e.interfaceHash) {
        return bad('CHECKPOINT_SPEC_MISMATCH', `checkpoint ${dir} was trained on env interface hash ${meta.spec.interfaceHash}, this env has interface hash ${e.interfaceHash}: observations or actions differ (ruleset, scenario, channels or action layout)`)
      }
    } else if (meta.spec.hash !== e.hash) {
      const why =
        meta.spec.interfaceHash && e.interfaceHash
          ? meta.spec.interfaceHash === e.interfaceHash
            ? `the observation/action interface is the same (${e.interfaceHash}) but the reward or limits differ (use interface matching to evaluate anyway)`
            : `the observation/action interface differs too (checkpoint ${meta.spec.interfaceHash}, env ${e.interfaceHash})`
          : 'the env spec differs'
      return bad('CHECKPOINT_SPEC_MISMATCH', `checkpoint ${dir} was trained on env spec hash ${meta.spec.hash}, this env has spec hash ${e.hash}: ${why}`)
    }
  }
  const read = (file: string, sum: string, entries: ManifestEntry[]): Tensorish[] | string => {
    const f = path.join(dir, file)
    if (!existsSync(f)) return `${f} is missing`
    const bytes = readFileSync(f)
    const got = checksum(bytes)
    if (got !== sum) return `${f} is damaged (checksum ${got}, meta.json says ${sum})`
    return unpack(bytes, entries, f)
  }
  if (!meta.weights || !Array.isArray(meta.weights.entries)) return bad('CHECKPOINT_INVALID', `${metaFile}: weights manifest is missing`)
  const weights = read('weights.bin', meta.weights.checksum, meta.weights.entries)
  if (typeof weights === 'string') return bad('CHECKPOINT_INVALID', weights)
  let optimizer: Tensorish[] | null = null
  if (meta.optimizer) {
    const o = read('optimizer.bin', meta.optimizer.checksum, meta.optimizer.entries)
    if (typeof o === 'string') return bad('CHECKPOINT_INVALID', o)
    optimizer = o
  }
  let metrics: unknown = null
  const mf = path.join(dir, 'metrics.json')
  if (existsSync(mf)) {
    try {
      metrics = JSON.parse(readFileSync(mf, 'utf8'))
    } catch (e) {
      return bad('CHECKPOINT_INVALID', `${mf} is not valid JSON (${(e as Error).message})`)
    }
  }
  return { ok: true, value: { spec: meta.spec, net: meta.net, weights, optimizer, config: meta.config, metrics } }
}
