import { BridgeCallError } from '../../../../shared/contract/errors'

/** Refusals that happen before anything leaves the console: the quota gate, the production guard, bad input. */
const BEFORE_SENDING = new Set(['invalid_request', 'forbidden', 'unsupported', 'conflict'])

/**
 * The title over a failed send, true to what happened: "Not sent." only when the console refused before sending; a
 * cancel or a failure after the request left says that the server may have seen it.
 */
export function sendErrorTitle(error: unknown): string {
  const code = error instanceof BridgeCallError ? error.code : undefined
  const reason = error instanceof BridgeCallError ? (error.details as { reason?: unknown } | undefined)?.reason : undefined
  if (code && BEFORE_SENDING.has(code)) return 'Not sent.'
  if (code === 'rate_limited' && (reason === 'quota_spent' || reason === 'blocked')) return 'Not sent.'
  if (code === 'cancelled') return 'Stopped.'
  return 'Failed.'
}
