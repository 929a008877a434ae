// Hand-written encoder of the one hot message, Envelope{id, batch: Batch}:
// sizes are computed first and every array is copied exactly once into one
// buffer (protobufjs' generic writer took ~3x a plain copy on 2 MB batches).
// Field numbers and wire types mirror proto/tercio.proto (test/bridge/wire.test.ts
// checks the result decodes, field for field, like protobufjs' own encoding).
// Other messages are rare and go through protobufjs.

import { tercio } from '../proto/tercio.js'

const ENVELOPE_ID = 1
const ENVELOPE_BATCH = 16
const WT_VARINT = 0
const WT_LEN = 2

/** Batch fields in field-number order: [field, kind]. */
const BATCH_FIELDS = [
  [1, 'envSet', 'varint'],
  [2, 'count', 'varint'],
  [3, 'planes', 'bytes'],
  [4, 'entities', 'bytes'],
  [5, 'globals', 'bytes'],
  [6, 'masks', 'bytes'],
  [7, 'rewards', 'bytes'],
  [8, 'terminated', 'bytes'],
  [9, 'truncated', 'bytes'],
  [10, 'player', 'bytes'],
  [11, 'actor', 'bytes'],
  [12, 'legalCount', 'bytes'],
  [13, 'decisionKind', 'bytes'],
  [14, 'decisions', 'bytes'],
  [15, 'finalEnvs', 'packed'],
  [16, 'finalPlanes', 'bytes'],
  [17, 'finalEntities', 'bytes'],
  [18, 'finalGlobals', 'bytes'],
  [19, 'finalMasks', 'bytes'],
  [20, 'episodeReturn', 'bytes'],
  [21, 'episodeDecisions', 'bytes'],
  [22, 'winner', 'bytes'],
  [23, 'events', 'messages'],
  [24, 'skipped', 'bytes'],
  [25, 'planesIndex', 'bytes'],
  [26, 'planesValue', 'bytes'],
  [27, 'opponentActions', 'opponent'],
  [28, 'subjects', 'strings'],
  [29, 'delta', 'bytes'],
  [30, 'finalDelta', 'bytes'],
  [31, 'deltaReset', 'bool'],
] as const

export type BatchFields = tercio.v1.IBatch

const varintSize = (v: number): number => (v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5)

function writeVarint(buf: Uint8Array, pos: number, v: number): number {
  let x = v >>> 0
  while (x >= 0x80) {
    buf[pos++] = (x & 0x7f) | 0x80
    x >>>= 7
  }
  buf[pos++] = x
  return pos
}

const tagSize = (field: number) => varintSize((field << 3) >>> 0)

/** Reused across calls (one thread): the encoded events of the batch being written. */
const eventChunks: Uint8Array[] = []

function packedSize(vals: readonly number[]): number {
  let n = 0
  for (const v of vals) n += varintSize(v >>> 0)
  return n
}

/** Size of the Batch body (without its own tag and length). */
function batchBodySize(b: BatchFields): number {
  let n = 0
  eventChunks.length = 0
  for (const [f, key, kind] of BATCH_FIELDS) {
    const v = b[key]
    if (v === null || v === undefined) continue
    if (kind === 'varint') {
      const x = v as number
      if (x !== 0) n += tagSize(f) + varintSize(x >>> 0)
    } else if (kind === 'bool') {
      if (v === true) n += tagSize(f) + 1
    } else if (kind === 'bytes') {
      const len = (v as Uint8Array).byteLength
      if (len > 0) n += tagSize(f) + varintSize(len) + len
    } else if (kind === 'packed') {
      const vals = v as readonly number[]
      if (vals.length > 0) {
        const len = packedSize(vals)
        n += tagSize(f) + varintSize(len) + len
      }
    } else {
      // Length-delimited elements (messages, strings), encoded once here and copied below.
      for (const e of v as readonly unknown[]) {
        const chunk =
          kind === 'messages'
            ? tercio.v1.EnvEvents.encode(e as tercio.v1.IEnvEvents).finish()
            : kind === 'opponent'
              ? tercio.v1.OpponentActions.encode(e as tercio.v1.IOpponentActions).finish()
              : Buffer.from(e as string, 'utf8')
        eventChunks.push(chunk)
        n += tagSize(f) + varintSize(chunk.length) + chunk.length
      }
    }
  }
  return n
}

/** Encodes Envelope{id, batch} into one freshly allocated Buffer. */
export function encodeBatchEnvelope(id: number, b: BatchFields): Buffer {
  const body = batchBodySize(b)
  const total = (id !== 0 ? tagSize(ENVELOPE_ID) + varintSize(id >>> 0) : 0) + tagSize(ENVELOPE_BATCH) + varintSize(body) + body
  const buf = Buffer.allocUnsafe(total)
  let p = 0
  if (id !== 0) {
    p = writeVarint(buf, p, (ENVELOPE_ID << 3) | WT_VARINT)
    p = writeVarint(buf, p, id)
  }
  p = writeVarint(buf, p, (ENVELOPE_BATCH << 3) | WT_LEN)
  p = writeVarint(buf, p, body)
  let ev = 0
  for (const [f, key, kind] of BATCH_FIELDS) {
    const v = b[key]
    if (v === null || v === undefined) continue
    if (kind === 'varint') {
      const x = v as number
      if (x === 0) continue
      p = writeVarint(buf, p, (f << 3) | WT_VARINT)
      p = writeVarint(buf, p, x)
    } else if (kind === 'bool') {
      if (v !== true) continue
      p = writeVarint(buf, p, (f << 3) | WT_VARINT)
      buf[p++] = 1
    } else if (kind === 'bytes') {
      const u = v as Uint8Array
      if (u.byteLength === 0) continue
      p = writeVarint(buf, p, (f << 3) | WT_LEN)
      p = writeVarint(buf, p, u.byteLength)
      buf.set(u, p)
      p += u.byteLength
    } else if (kind === 'packed') {
      const vals = v as readonly number[]
      if (vals.length === 0) continue
      p = writeVarint(buf, p, (f << 3) | WT_LEN)
      p = writeVarint(buf, p, packedSize(vals))
      for (const x of vals) p = writeVarint(buf, p, x)
    } else {
      for (let k = 0; k < (v as readonly unknown[]).length; k++) {
        const chunk = eventChunks[ev++] as Uint8Array
        p = writeVarint(buf, p, (f << 3) | WT_LEN)
        p = writeVarint(buf, p, chunk.length)
        buf.set(chunk, p)
        p += chunk.length
      }
    }
  }
  if (p !== total) throw new Error(`encodeBatchEnvelope: wrote ${p} bytes, expected ${total}`)
  return buf
}
