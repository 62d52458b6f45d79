import type { FlowFailure, RedirectDiagnosis } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'

/** What the common OAuth `error` codes (RFC 6749 §4.1.2.1) mean for the person debugging. */
const ERROR_MEANINGS: Record<string, string> = {
  invalid_request: 'the authorize request was malformed or missing a parameter',
  unauthorized_client: 'this client is not allowed to use the authorization code flow',
  unsupported_response_type: 'the server does not support response_type=code for this client',
  invalid_scope: 'the requested scope is not valid',
  server_error: 'the authorization server hit an internal error',
  temporarily_unavailable: 'the authorization server is overloaded or in maintenance',
}

/** The callback's `state` is not the one this flow sent: refuse, it may be a forged redirect. */
export function stateMismatch(received: string): FlowFailure {
  return {
    code: 'state_mismatch',
    message: `The redirect carried state "${received.slice(0, 64)}", which is not the state this authorization sent. The code was not used.`,
    hint: 'This protects against cross-site request forgery: a redirect started elsewhere (an old tab, another attempt, or an attacker) could otherwise log you into someone else’s account. Start a new authorization and use only its window.',
  }
}

/** The callback has no `state` although one was sent and the environment requires it echoed. */
export function stateMissing(): FlowFailure {
  return {
    code: 'state_missing',
    message: 'The redirect carried no state, although the authorize request sent one. The code was not used.',
    hint: 'The spec does not say whether the server echoes state. If this server never does, turn off "Require state on the callback" for this environment (you lose the CSRF check), or paste only the code.',
  }
}

/**
 * error=access_denied. The spec's server sends it when the merchant clicks Deny, but RFC 6749 §4.1.2.1 also uses it for
 * a request the server refuses by itself (a scope it does not grant, a client not allowed): say both.
 */
export function accessDenied(description?: string): FlowFailure {
  return {
    code: 'access_denied',
    message: `The server answered access_denied${description ? ` (${description})` : ''}: a denial or a refused request. Nothing was granted.`,
    hint: 'If the merchant clicked Deny, start again and choose Allow. Otherwise the server refused the request itself: check the extra authorize parameters (scope) and that the client may use this flow.',
    serverError: { error: 'access_denied', description },
  }
}

/** Any other `error` parameter on the redirect. */
export function authorizeError(error: string, description?: string): FlowFailure {
  const meaning = ERROR_MEANINGS[error]
  return {
    code: 'authorize_error',
    message: `The authorization server answered error=${error}${description ? ` (${description})` : ''}${meaning ? `: ${meaning}` : ''}.`,
    hint: 'Compare the authorize request as sent (above) with what the server expects. The network log has no entry for this step: it happened in the browser.',
    serverError: { error, description },
  }
}

/** No redirect before the deadline: points at the mismatch page as the usual cause. */
export function timedOut(seconds: number): FlowFailure {
  return {
    code: 'timeout',
    message: `No redirect arrived within ${seconds >= 120 ? `${Math.round(seconds / 60)} minutes` : `${seconds} s`}.`,
    hint: 'If the browser shows an error page from the server (for example "redirect_uri mismatch"), paste the registered URI it shows into the diagnosis to compare it with the one sent. Otherwise start again.',
  }
}

/**
 * The server refused the redirect URI: its error page shows a registered URI other than the one this attempt sent.
 * Such a server never redirects, so the wait ends here instead of running out its minutes.
 */
export function redirectRefused(diagnosis: RedirectDiagnosis): FlowFailure {
  return {
    code: 'redirect_mismatch',
    message: `The server refused the redirect URI this attempt sent (${diagnosis.sent}): it shows an error page instead of redirecting, so no redirect will come. The console stopped waiting.`,
    hint: 'Make the environment’s redirect URI the registered one exactly, byte for byte (or register the one sent with the API provider), then authorize again.',
    diagnosis,
  }
}

/** The user cancelled (or the console is shutting down). */
export function cancelled(): FlowFailure {
  return { code: 'cancelled', message: 'The authorization was cancelled.' }
}

/** A new attempt replaced this one (one attempt waits at a time). */
export function superseded(): FlowFailure {
  return {
    code: 'superseded',
    message: 'A new authorization was started, so this one was cancelled (only one can wait for a redirect at a time).',
  }
}

/** The embedded window was closed by the user before the redirect. */
export function windowClosed(): FlowFailure {
  return {
    code: 'window_closed',
    message: 'The authorization window was closed before the redirect arrived.',
    hint: 'Start again, or use paste mode.',
  }
}

/** A flow failure from an engine error (token endpoint, network, storage…). */
export function fromError(error: unknown): FlowFailure {
  if (error instanceof ConsoleError) {
    const details = (error.details ?? {}) as { cause?: string; serverError?: { error: string; description?: string } }
    const failure: FlowFailure = { code: details.cause ?? error.code, message: error.message }
    if (error.hint) failure.hint = error.hint
    if (details.serverError) failure.serverError = details.serverError
    return failure
  }
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) }
}

/** The ConsoleError a bridge call answers with for a failed flow (details carry the failure for the stepper). */
export function failureError(failure: FlowFailure): ConsoleError {
  const code =
    failure.code === 'access_denied'
      ? 'forbidden'
      : failure.code === 'state_mismatch' || failure.code === 'state_missing'
        ? 'forbidden'
        : failure.code === 'timeout'
          ? 'timeout'
          : failure.code === 'cancelled' || failure.code === 'superseded' || failure.code === 'window_closed'
            ? 'cancelled'
            : failure.code === 'code-replayed'
              ? 'conflict'
              : failure.code === 'wrong-client'
                ? 'unauthorized'
                : 'invalid_request'
  return new ConsoleError(code, failure.message, { hint: failure.hint, details: { failure } })
}
