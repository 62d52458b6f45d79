/**
 * The typed error every bridge call can answer with instead of a value. Both transports carry it as data, never as a
 * thrown exception with a stack, so the renderer can show what happened, why, and what to do next.
 */
export type BridgeErrorCode =
  | 'invalid_request'
  | 'unknown_channel'
  | 'forbidden'
  | 'unauthorized'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'network'
  | 'timeout'
  | 'cancelled'
  | 'unsupported'
  | 'server_error'
  | 'storage'
  | 'internal'

export interface BridgeError {
  code: BridgeErrorCode
  /** What happened, in one sentence a user can read. */
  message: string
  /** What to do next, when there is something to do. */
  hint?: string
  /** Structured detail for the UI (e.g. zod issues, a diagnosis); never a stack, never a secret. */
  details?: unknown
}

export type BridgeResult<T> = { ok: true; value: T } | { ok: false; error: BridgeError }

/** Thrown by the renderer's bridge wrapper when a call answers with an error, so react-query sees a rejection. */
export class BridgeCallError extends Error {
  readonly code: BridgeErrorCode
  readonly hint?: string
  readonly details?: unknown
  constructor(error: BridgeError) {
    super(error.message)
    this.name = 'BridgeCallError'
    this.code = error.code
    this.hint = error.hint
    this.details = error.details
  }
}
