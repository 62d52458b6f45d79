import { z } from 'zod'
import { EXPORT_DATE } from '../spec'
import type { ConnectionDetails } from './connection'
import { event, invoke, lazySchema } from './define'
import { headerNameSchema, headerValueSchema, httpMethodSchema } from './http-fields'
import type { QuotaKeyState } from './quota'

// The `http:*` channels and events: the request executor (free-form requests and the three typed spec endpoints),
// and the automatic-retry countdown. A call is cancelled through the bridge (`invoke(…, { signal })`).

export type HttpAuthMode = 'bearer' | 'hmac' | 'none'

/** One header line, in the order it was sent or received (duplicates kept, e.g. set-cookie). */
export interface HeaderPair {
  name: string
  value: string
}

/**
 * Per-phase timings of one exchange in milliseconds (the HAR 1.2 phases). `null` = not applicable or not measurable:
 * dns/connect/tls are null on a reused keep-alive connection, dns on an IP literal, tls on plain http.
 * The phases never overlap, so their sum is at most `total`.
 */
export interface PhaseTimings {
  blocked: number
  dns: number | null
  connect: number | null
  tls: number | null
  send: number
  wait: number
  receive: number
  total: number
  reusedConnection: boolean
}

/** How the response body reads: `invalid-json` means it claimed (or looked like) JSON but did not parse. */
export type BodyKind = 'empty' | 'json' | 'invalid-json' | 'text' | 'binary'

/** One exchange as the UI shows it: everything already redacted (tokens, signatures, secrets are fingerprints). */
export interface HttpExchangeView {
  requestId: string
  /** The network-log entry that recorded it. */
  logId: string
  method: string
  url: string
  auth: HttpAuthMode
  requestHeaders: HeaderPair[]
  requestBody: string | null
  status: number
  statusText: string
  headers: HeaderPair[]
  /** The kept part of the body (redacted); ends with a marker line when truncated. */
  body: string
  /** Bytes the server actually sent (also past the cap). */
  bodyBytes: number
  keptBytes: number
  truncated: boolean
  bodyKind: BodyKind
  /** The JSON parser's message when bodyKind is `invalid-json`. */
  jsonError?: string
  /** Set when the body ended early (connection reset, timeout or cancel after the headers). */
  incomplete?: string
  contentType: string | null
  timings: PhaseTimings
  /** 1 + retries made (401 refresh, automatic 429 retry). */
  attempts: number
  /** Why each retry was made, in order: '401' = the token was refreshed after a 401, '429' = waited and retried. */
  retriedAfter: Array<'401' | '429'>
  /** For HMAC requests: the string that was signed and the timestamp used (last attempt). */
  signing?: { canonical: string; timestamp: number }
  /** The quota key's state after this response. */
  quota: QuotaKeyState | null
  notes: string[]
  startedAt: string
  /** Proxy, connection reuse and TLS (protocol, cipher, chain, which CA trusted it); absent when no socket was reached. */
  connection?: ConnectionDetails
}

/** docs/api.md#location. */
export interface PartnerLocation {
  id: number
  name: string
  timeZone: string
  merchantId: string
  countryCode: string
  currency: string
  language: string
  brandRef: string
  address: { street: string; city: string; state: string; zipCode: string }
  [extra: string]: unknown
}

export interface RetryingEvent {
  /** The engine's id of the request (its network-log entries carry the same `requestId`). */
  requestId: string
  method: string
  /** Path and query as sent (redacted): how a view recognises the request it is waiting for. */
  path: string
  /** The attempt about to be made (2 = first retry). */
  attempt: number
  delayMs: number
  /** ISO time of the retry: the UI counts down to it. */
  until: string
  reason: string
}

/** The options every send channel takes, as fresh zod fields (built with the channel that uses them). */
/**
 * The send options' defaults, as zod fills them in: also what the CLI's own trusted calls (which skip the parse) spell
 * out, so the two cannot differ.
 */
export const SEND_DEFAULTS = { timeoutMs: 30_000, force: false, autoRetry: false } as const

const sendOptions = () => ({
  /** Environment to use (default: the active one). */
  envId: z.string().min(1).max(200).optional(),
  timeoutMs: z.number().int().min(1).max(600_000).default(SEND_DEFAULTS.timeoutMs),
  /** Send even when the key is blocked by a 429 or the ledger says the quota is spent. */
  force: z.boolean().default(SEND_DEFAULTS.force),
  /** On 429: wait Retry-After (with exponential backoff and jitter) and retry, re-signing each attempt. */
  autoRetry: z.boolean().default(SEND_DEFAULTS.autoRetry),
  /**
   * The production guard: for a state-changing request (not GET/HEAD/OPTIONS) to an environment marked production, the
   * environment's name as the user typed it. Without it (or with another text) the engine refuses the request.
   */
  confirmProduction: z.string().max(200).optional(),
})
const isoDate = lazySchema(() => z.string().regex(EXPORT_DATE, 'a date in YYYY-MM-DD form'))

export const httpSendRequest = lazySchema(() =>
  z
    .object({
      ...sendOptions(),
      method: httpMethodSchema,
      target: z.enum(['api', 'auth']).default('api'),
      /** A path (with query) relative to the target host, or an absolute http(s) URL. */
      path: z.string().min(1).max(8192),
      headers: z.record(headerNameSchema, headerValueSchema.max(16_384)).default({}),
      body: z
        .string()
        .max(16 * 1024 * 1024)
        .optional(),
      auth: z.enum(['bearer', 'hmac', 'none']).default('none'),
      /** Response bytes kept (the rest is counted and discarded). */
      maxBodyBytes: z
        .number()
        .int()
        .min(0)
        .max(64 * 1024 * 1024)
        .default(1024 * 1024),
    })
    .strict(),
)

export const httpChannels = {
  /** Sends any request against the active environment; resolves with the (redacted) exchange, whatever its status. */
  'http:send': invoke(() => httpSendRequest).returns<HttpExchangeView>(),
  /** GET {base_url}/marketplace/v2/platform-token/locations with the bearer token (docs/api.md#locations). */
  'http:listLocations': invoke(() => z.object(sendOptions()).strict()).returns<{
    locations: PartnerLocation[]
    meta: Record<string, unknown>
    exchange: HttpExchangeView
  }>(),
  /** POST {base_url}/marketplace/v2/platform-token/installations {locationId} with the bearer token (docs/api.md#install). */
  'http:install': invoke(() => z.object({ ...sendOptions(), locationId: z.number().int().min(0) }).strict()).returns<{
    installed: true
    locationId: number
    exchange: HttpExchangeView
  }>(),
  /** GET {base_url}/api/v1/export/{locationId}/tickets?filter[...] signed with HMAC (docs/api.md#export-tickets). */
  'http:exportTickets': invoke(() =>
    z.object({ ...sendOptions(), locationId: z.number().int().min(0), from: isoDate, to: isoDate }).strict(),
  ).returns<{ tickets: unknown[]; meta: Record<string, unknown>; exchange: HttpExchangeView }>(),
}

export const httpEvents = {
  /** An automatic retry is scheduled (after a 429): count down to `until`. */
  'http:retrying': event<RetryingEvent>(),
}
