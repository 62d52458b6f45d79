import type { HttpAuthMode, LogPurpose } from '../../../shared/contract'
import type { ResolvedEnvironment } from '../core/ports'
import { type QuotaKey, quotaKey } from '../quota/quota-key'
import type { PreparedAttempt } from './attempt'
import type { NetworkRoute } from './network-dispatcher'
import { prepareHeaders } from './request-headers'
import { nextRequestId } from './request-id'

const DEFAULT_TIMEOUT_MS = 30_000
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

/**
 * Who made a request: the console itself (the request workbench, typed endpoints, OAuth, the clock probe), the
 * partner's own traffic seen by the capture, or the operator of the built-in sandbox (never counted in the quota).
 */
type AttemptSource = 'console' | 'captured' | 'operator'

/** A request as any caller states it, before the network: nothing is guessed from its headers. */
export interface AttemptRequest {
  source: AttemptSource
  /** Shown in the network log: what the console was doing. */
  purpose: LogPurpose
  /** How the request is authorized (the log shows it; bearer and hmac count under the environment's client). */
  auth: HttpAuthMode
  /** The environment it is made for (its client for the quota, its network route); null = anonymous, direct. */
  env: (Pick<ResolvedEnvironment, 'id'> & Partial<Pick<ResolvedEnvironment, 'clientId' | 'network'>>) | null
  url: URL
  method: string
  /** The caller's headers; names are lower-cased and the defaults added (request-headers.ts). */
  headers: Record<string, string>
  body?: string
  timeoutMs?: number
  maxBodyBytes?: number
  /** Shared by every attempt of one request (retries); a fresh one when absent. */
  requestId?: string
}

/**
 * The one way a request becomes an attempt, for every caller (console, captured, operator): final headers with the
 * notes on what was added or dropped, the defaults for timeout and body cap, the environment's network route, and
 * the quota key by the single rule of `attemptQuotaKey`. Auth headers that are computed per attempt (a bearer token,
 * an HMAC signature) are added by the caller on a copy; the quota key does not depend on them.
 */
export function prepareAttempt(request: AttemptRequest, route: NetworkRoute | undefined): PreparedAttempt {
  const method = request.method.toUpperCase()
  const { headers, notes } = prepareHeaders(request.headers, request.body)
  return {
    requestId: request.requestId ?? nextRequestId(),
    url: request.url,
    method,
    headers,
    body: request.body,
    timeoutMs: request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBodyBytes: request.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    purpose: request.purpose,
    auth: request.auth,
    envId: request.env?.id ?? null,
    attempt: 1,
    quotaKey: attemptQuotaKey(request, method, headers),
    notes,
    route,
  }
}

/**
 * The quota rule, in one place. Operator calls are never counted. Any other request counts under its environment's
 * client when it identifies that client (bearer or HMAC auth, an Authorization or x-access-key header, or a token
 * request, which carries the client's credentials in its body), and under the anonymous client otherwise: the same
 * key the server would count it under.
 */
export function attemptQuotaKey(
  request: Pick<AttemptRequest, 'source' | 'purpose' | 'auth' | 'env'> & { url: Pick<URL, 'pathname'> },
  method: string,
  headers: Record<string, string> | ReadonlyMap<string, string>,
): QuotaKey | null {
  if (request.source === 'operator') return null
  const identified =
    request.auth !== 'none' ||
    hasHeader(headers, 'authorization') ||
    hasHeader(headers, 'x-access-key') ||
    request.purpose === 'oauth-token'
  const client = identified && request.env?.clientId ? request.env.clientId : 'anonymous'
  return quotaKey(client, method, request.url.pathname)
}

function hasHeader(headers: Record<string, string> | ReadonlyMap<string, string>, name: string): boolean {
  return headers instanceof Map ? headers.has(name) : name in headers
}
