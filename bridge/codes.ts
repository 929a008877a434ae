// Error codes the bridge answers with. Stable: clients switch on them.
// The env's own codes (env/core/types.ts ERROR_CODES) pass through unchanged
// (SCENARIO_INVALID, SCENARIO_NOT_FOUND, RULESET_UNKNOWN, ACTION_ILLEGAL, ...).
import type { ERROR_CODES } from '../env/core/types.ts'

export const BRIDGE_ERROR_CODES = [
  'MALFORMED', // the bytes are not an Envelope (or a text frame was sent)
  'UNKNOWN_KIND', // an Envelope with no kind this server knows
  'UNEXPECTED_KIND', // a server-to-client kind (Welcome, Batch...) sent by the client, or a second Hello
  'HELLO_REQUIRED', // a request before Hello
  'PROTOCOL_VERSION', // Hello with another protocol version (then the connection is closed)
  'UNAUTHORIZED', // missing or wrong token (then the connection is closed)
  'ENV_NOT_FOUND', // no env set with that handle on this connection (closed, never made, or another client's)
  'ENV_LIMIT', // the connection would hold more envs than --max-envs
  'BAD_REQUEST', // a field out of range (count, seeds, options, env index)
  'BATCH_LENGTH', // Step with a number of actions other than the set's count
  'UNSUPPORTED', // e.g. Render as SVG while no SVG renderer exists
  'INTERNAL', // a bug on the server side; the connection and other clients carry on
] as const

export type BridgeErrorCode = (typeof BRIDGE_ERROR_CODES)[number] | (typeof ERROR_CODES)[number]

/** Close codes (RFC 6455) used for protocol violations. */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001, // server shutdown
  protocol: 1002, // wrong protocol version
  policy: 1008, // bad token, slow consumer
  tooBig: 1009, // a message above maxPayload (sent by ws itself)
  tryAgain: 1013, // server full, or evicted while waiting for Hello
} as const

/** The protocol version this server speaks; a Hello with another is refused. */
export const PROTOCOL_VERSION = 1
