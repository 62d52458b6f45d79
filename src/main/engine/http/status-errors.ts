import type { BridgeErrorCode, HttpExchangeView } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { adviceFor, failureCause } from './failure-cause'

const HINTS: Record<number, string> = {
  400: 'The server rejected the request’s parameters; its message says which.',
  401: 'The server refused the credentials.',
  403: 'The merchant has not granted the permission this call needs (read:locations / write:installations), or the client may not use it.',
  404: 'Check the path and the location id.',
  429: 'Wait for the quota countdown, or turn on automatic retry.',
}

/**
 * Turns a non-2xx answer of a typed endpoint into a ConsoleError that says what the server said (the docs/api.md#rate-limit-error-body-shaped
 * `message`, or an OAuth `error_description`), with the status, the log entry and the start of the body as details.
 * The hint is chosen by the failure's cause (`details.cause`: a stale signature is a signing problem, not a token one).
 */
export function errorForStatus(what: string, view: HttpExchangeView): ConsoleError {
  const serverMessage = extractMessage(view.body)
  const code = codeFor(view.status)
  const message = `${what} failed: ${view.status} ${view.statusText || ''}`.trim() + (serverMessage ? ` — ${serverMessage}` : '.')
  const cause = failureCause(view)
  return new ConsoleError(code, message, {
    hint:
      adviceFor(cause) ??
      HINTS[view.status] ??
      (view.status >= 500 ? 'The server failed; try again later or look at its status.' : undefined),
    details: { status: view.status, logId: view.logId, body: view.body.slice(0, 2000), quota: view.quota, cause },
  })
}

function codeFor(status: number): BridgeErrorCode {
  if (status === 400 || status === 405 || status === 409 || status === 413 || status === 422) return 'invalid_request'
  if (status === 401) return 'unauthorized'
  if (status === 403) return 'forbidden'
  if (status === 404) return 'not_found'
  if (status === 429) return 'rate_limited'
  return 'server_error'
}

function extractMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>
    for (const field of ['message', 'error_description', 'error', 'detail', 'title']) {
      const value = parsed[field]
      if (typeof value === 'string' && value.trim()) return value.slice(0, 500)
    }
  } catch {
    // Not JSON: fall through to the text itself.
  }
  const text = body.trim()
  return text ? text.slice(0, 200) : null
}
