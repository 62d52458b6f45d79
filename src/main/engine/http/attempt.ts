import type { Dispatcher } from 'undici'
import type { ExchangeFacts, HeaderPair, HttpAuthMode, LogPurpose, RespondedEntry } from '../../../shared/contract'
import type { ConsoleError } from '../core/console-error'
import { isoNow } from '../core/iso-now'
import type { NetworkLog } from '../log/network-log'
import type { Redactor } from '../log/redaction'
import type { QuotaKey } from '../quota/quota-key'
import type { QuotaTracker } from '../quota/quota-tracker'
import type { ClockSkewEstimator } from '../signing/clock-skew'
import { type DecodedBody, decodeBody } from './body-text'
import { connectionDetails } from './connection-details'
import type { DeadlineTimer } from './deadlines'
import { type ExchangeOutcome, type RunningExchange, startExchange } from './exchange'
import type { InFlightList } from './in-flight'
import { loggedUrlParts } from './logged-url-parts'
import type { NetworkRoute } from './network-dispatcher'
import type { SocketObservation } from './socket-timings'

/** What one attempt needs (the HTTP client holds them). */
export interface AttemptServices {
  dispatcher: Dispatcher
  /** The dispatcher pool's observation of requests and sockets (per-phase timings, socket facts). */
  sockets: SocketObservation
  log: NetworkLog
  quota: QuotaTracker
  redactor: Redactor
  skew: ClockSkewEstimator
  /** The exchanges running now: the client's shutdown stops them (no listener on a shared signal per exchange). */
  inFlight: InFlightList<RunningExchange>
  /** The exchanges' overall timeouts, on one timer (deadlines.ts). */
  deadlines: DeadlineTimer
}

/** One attempt, fully prepared: final headers (auth included), the quota key, what to log. */
export interface PreparedAttempt {
  requestId: string
  url: URL
  method: string
  headers: Record<string, string>
  body?: string
  timeoutMs: number
  maxBodyBytes: number
  purpose: LogPurpose
  auth: HttpAuthMode | 'unknown'
  envId: string | null
  attempt: number
  quotaKey: QuotaKey | null
  signing?: { canonical: string; timestamp: number }
  notes: string[]
  /** The environment's route (dispatcher, proxy, trust); absent = the services' default dispatcher, direct. */
  route?: NetworkRoute
  /** The caller reads the server's clock from this answer itself: its Date is not added as a skew sample here too. */
  readsClock?: boolean
}

export interface AttemptResult {
  outcome: ExchangeOutcome
  /** The decoded body, NOT redacted: for engine callers only (token responses, typed parsing). */
  decoded: DecodedBody
  /** Response headers by lower-case name (repeated ones joined with ", "). */
  headerMap: Record<string, string>
  /** The network-log entry as captured (redacted; bodies whole, where the log's copy is cut to its caps). */
  entry: RespondedEntry
  /** What the exchange view needs beyond the entry: `exchangeView(entry, facts)` (src/shared/contract/exchange-view.ts). */
  facts: ExchangeFacts
}

/**
 * Sends one attempt and records it everywhere it must be: the quota ledger before sending, the network log (redacted
 * at capture, request first, then the response or the failure), the quota headers and the clock-skew estimate from
 * the response. Rejects like `startExchange` when no response arrived (after logging the failure). `signal` is the
 * caller's own (absent: nothing but the client's shutdown stops it, through `inFlight`).
 */
export async function runAttempt(s: AttemptServices, p: PreparedAttempt, signal: AbortSignal | undefined): Promise<AttemptResult> {
  const ticket = p.quotaKey ? s.quota.recordSend(p.quotaKey) : null
  // What the engine sends is its own: credentials found there by name become known secrets (docs/security.md).
  const redactedUrl = s.redactor.url(p.url.href, SENT)
  // The same logged text as the last attempt's (clients repeat their calls): that text and its host and path again,
  // kept once by the log for all its entries rather than once per entry.
  const same = redactedUrl === lastLogged.url
  const url = same ? lastLogged.url : redactedUrl
  // Each header redacted as it is listed (one array of pairs, one scan of the values no header rule covers).
  const requestHeaders = s.redactor.headerRecord(p.headers, SENT)
  const requestBody = p.body === undefined ? null : s.redactor.body(p.body, SENT)
  const requestType = p.headers['content-type'] ?? ''
  const startedAt = isoNow()
  const pending = s.log.begin({
    startedAt,
    method: p.method,
    url,
    parts: same ? lastLogged.parts : rememberLogged(url, loggedUrlParts(p.url, url)),
    purpose: p.purpose,
    auth: p.auth,
    requestHeaders,
    requestBody: requestBody === null ? null : { text: requestBody, size: Buffer.byteLength(p.body ?? ''), mimeType: requestType },
    envId: p.envId,
    requestId: p.requestId,
    attempt: p.attempt,
    notes: redactAll(s.redactor, p.notes),
  })
  const started = performance.now()
  const running = startExchange(s.sockets, s.deadlines, p.route?.dispatcher ?? s.dispatcher, {
    url: p.url,
    method: p.method,
    headers: p.headers,
    body: p.body,
    timeoutMs: p.timeoutMs,
    maxBodyBytes: p.maxBodyBytes,
    proxy: p.route?.proxy.proxy ?? null,
    clientCertificate: p.route?.clientCertificate ?? null,
    signal,
  })
  s.inFlight.add(running)
  let outcome: ExchangeOutcome
  try {
    outcome = await running.outcome
  } catch (error) {
    s.inFlight.delete(running)
    const e = error as ConsoleError
    s.log.complete(pending, {
      status: 0,
      statusText: '',
      responseHeaders: [],
      responseBody: null,
      timings: (e.details as { timings?: never } | undefined)?.timings ?? null,
      durationMs: performance.now() - started,
      error: s.redactor.text(e.message),
      connection: p.route?.proxy.proxy ? connectionDetails({ reused: false, remoteAddress: null, tls: null }, p.route) : undefined,
    })
    if (ticket) s.quota.recordFailure(ticket)
    throw error
  }
  s.inFlight.delete(running)

  const connection = outcome.socketFacts ? connectionDetails(outcome.socketFacts, p.route) : undefined
  const headerMap = toHeaderMap(outcome.headers)
  const date = headerMap.date
  if (date && !p.readsClock) {
    // The source string ("GET /path") is made only if the estimate is read: the attempt is handed as it is.
    s.skew.observeResponse(date, outcome.sentAt, outcome.receivedAt, p)
  }
  const quota = ticket ? s.quota.observe(ticket, { status: outcome.status, headers: headerMap, receivedAt: outcome.receivedAt }) : null
  const contentType = headerMap['content-type'] ?? null
  const decoded = decodeBody(outcome.body, contentType, outcome.truncated)
  const bodyText = sharedBodyText(s.redactor.body(decoded.text, outcome.truncated ? TRUNCATED : SEEN))
  const headers = s.redactor.headers(outcome.headers, SEEN)
  const incomplete = outcome.bodyError ? s.redactor.text(outcome.bodyError.message) : undefined
  const binaryNote =
    decoded.kind === 'binary' ? `Binary body (${contentType ?? 'no content type'}, ${outcome.bodyBytes} bytes): not shown as text.` : null
  const entry = s.log.complete(pending, {
    status: outcome.status,
    statusText: outcome.statusText,
    responseHeaders: headers,
    responseBody: { text: bodyText, size: outcome.bodyBytes, mimeType: contentType ?? '', truncated: outcome.truncated },
    timings: outcome.timings,
    durationMs: outcome.timings.total,
    error: incomplete ?? null,
    notes: binaryNote ? [binaryNote] : undefined,
    connection,
  })
  const facts: ExchangeFacts = { bodyKind: decoded.kind, keptBytes: outcome.body.length, retriedAfter: [], quota }
  if (decoded.jsonError) facts.jsonError = decoded.jsonError
  if (p.signing) facts.signing = { canonical: s.redactor.text(p.signing.canonical), timestamp: p.signing.timestamp }
  return { outcome, decoded, headerMap, entry, facts }
}

/** The last logged URL text and its parts (see runAttempt). */
let lastLogged: { url: string; parts: { host: string; path: string } | undefined } = { url: '', parts: undefined }

function rememberLogged(url: string, parts: { host: string; path: string } | undefined): typeof parts {
  lastLogged = { url, parts }
  return parts
}

/**
 * The logged response body text: the last one's text when equal. A client polling the same resource gets the same
 * body again and again, and the log keeps every entry's text: equal texts are kept once, not once per entry (fewer
 * bytes for the young generation's collector to copy and for the log to hold). Texts are never changed once made.
 */
function sharedBodyText(text: string): string {
  if (text === lastBodyText) return lastBodyText
  lastBodyText = text
  return text
}

let lastBodyText = ''

/** The redactor's options, made once (not an object per call): what the engine sends, a cut body, a whole one. */
const SENT = { sent: true } as const
const TRUNCATED = { truncated: true } as const
const SEEN = {} as const

/**
 * Response headers by name; repeated headers joined with ", " (set-cookie with "\n"). The exchange's names are
 * lower-case already (exchange.ts lower-cases them as it reads them), so they are not lower-cased again here.
 */
function toHeaderMap(pairs: readonly HeaderPair[]): Record<string, string> {
  const map: Record<string, string> = {}
  for (const { name: key, value } of pairs) {
    const prev = map[key]
    map[key] = prev === undefined ? value : `${prev}${key === 'set-cookie' ? '\n' : ', '}${value}`
  }
  return map
}

/** The notes redacted; the same array when no note changes (most attempts have none): no copy per request. */
function redactAll(redactor: Redactor, notes: string[]): string[] {
  let out: string[] | null = null
  for (let i = 0; i < notes.length; i++) {
    const note = notes[i] as string
    const redacted = redactor.text(note)
    if (redacted !== note && out === null) out = notes.slice(0, i)
    out?.push(redacted)
  }
  return out ?? notes
}
