import type { BridgeError, BridgeErrorCode } from '../../../shared/contract'

/**
 * The engine's one error type. Engine code throws it with a message a user can read and, where there is one, a hint
 * saying what to do; the bridge turns it into a typed `BridgeError` value.
 */
export class ConsoleError extends Error {
  readonly code: BridgeErrorCode
  readonly hint?: string
  readonly details?: unknown
  constructor(code: BridgeErrorCode, message: string, options: { hint?: string; details?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.name = 'ConsoleError'
    this.code = code
    this.hint = options.hint
    this.details = options.details
  }

  toBridgeError(): BridgeError {
    const e: BridgeError = { code: this.code, message: this.message }
    if (this.hint !== undefined) e.hint = this.hint
    if (this.details !== undefined) e.details = this.details
    return e
  }
}
