import type { BodyKind, HeaderPair, HttpAuthMode, HttpExchangeView, PhaseTimings } from './http'
import type { LogEntry } from './log'
import type { QuotaKeyState } from './quota'

// One exchange has one shape: its network-log entry. What the UI, the CLI and the collection history show of it
// (`HttpExchangeView`) is derived here from the entry plus the few facts the log does not hold, so the two can never
// disagree. Zod-free: the renderer may import it.

/** A log entry that has a response (done, or failed while its body was read): status and timings are known. */
export type RespondedEntry = LogEntry & { status: number; timings: PhaseTimings }

/** What an exchange view needs beyond its log entry. */
export interface ExchangeFacts {
  /** How the body decoded (from its bytes and content type, which the log keeps only as redacted text). */
  bodyKind: BodyKind
  /** The JSON parser's message when bodyKind is `invalid-json`. */
  jsonError?: string
  /** Bytes of the body the executor kept (the rest was counted and discarded). */
  keptBytes: number
  /** Why each earlier attempt of the same request was retried, in order (the executor's knowledge). */
  retriedAfter: Array<'401' | '429'>
  /** For HMAC requests: the string that was signed (redacted) and the timestamp used. */
  signing?: { canonical: string; timestamp: number }
  /** The quota key's state after this response. */
  quota: QuotaKeyState | null
}

/** The request half of an exchange view: what was sent, known from the moment the entry began (a failed one too). */
export type ExchangeRequest = Pick<
  HttpExchangeView,
  'requestId' | 'logId' | 'method' | 'url' | 'auth' | 'requestHeaders' | 'requestBody' | 'startedAt'
>

/** True when the entry has a response to show (not pending, not failed before any response arrived). */
export function hasResponse(entry: LogEntry): entry is RespondedEntry {
  return entry.status !== null && entry.timings !== null
}

/**
 * The exchange view of a logged exchange: a pure function of the entry and the facts. The executor returns the view
 * of the entry as captured (its bodies whole); the view of the log's own copy is the same unless the log cut or
 * dropped a body to stay within its caps.
 */
export function exchangeView(entry: RespondedEntry, facts: ExchangeFacts): HttpExchangeView {
  const body = entry.responseBody
  const text = body?.text ?? ''
  const bodyBytes = body?.size ?? 0
  // The request half written out as exchangeRequest gives it (not spread from a second object built for it).
  const view: HttpExchangeView = {
    requestId: entry.requestId ?? '',
    logId: entry.id,
    method: entry.method,
    url: entry.url,
    auth: authOf(entry),
    requestHeaders: entry.requestHeaders,
    requestBody: entry.requestBody ? entry.requestBody.text : null,
    startedAt: entry.startedAt,
    status: entry.status,
    statusText: entry.statusText,
    headers: entry.responseHeaders,
    body: entry.truncated ? `${text}\n${truncationMarker(facts.keptBytes, bodyBytes)}` : text,
    bodyBytes,
    keptBytes: facts.keptBytes,
    truncated: entry.truncated,
    bodyKind: facts.bodyKind,
    contentType: headerValue(entry.responseHeaders, 'content-type'),
    timings: entry.timings,
    attempts: entry.attempt,
    retriedAfter: [...facts.retriedAfter],
    quota: facts.quota,
    notes: [...entry.notes],
  }
  if (entry.connection) view.connection = entry.connection
  if (facts.jsonError) view.jsonError = facts.jsonError
  // A responded entry carries an error only when its body ended early (connection reset, timeout, cancel).
  if (entry.error) view.incomplete = entry.error
  if (facts.signing) view.signing = facts.signing
  return view
}

/** The request half of the view of any entry, with or without a response. */
export function exchangeRequest(entry: LogEntry): ExchangeRequest {
  return {
    requestId: entry.requestId ?? '',
    logId: entry.id,
    method: entry.method,
    url: entry.url,
    auth: authOf(entry),
    requestHeaders: entry.requestHeaders,
    requestBody: entry.requestBody ? entry.requestBody.text : null,
    startedAt: entry.startedAt,
  }
}

/** The auth of a logged exchange; for imported ones ('unknown'), read from its headers. */
export function authOf(entry: Pick<LogEntry, 'auth' | 'requestHeaders'>): HttpAuthMode {
  if (entry.auth !== 'unknown') return entry.auth
  const names = new Set(entry.requestHeaders.map(h => h.name.toLowerCase()))
  if (names.has('x-signature')) return 'hmac'
  const authorization = entry.requestHeaders.find(h => h.name.toLowerCase() === 'authorization')?.value ?? ''
  return /^bearer\s/i.test(authorization) ? 'bearer' : 'none'
}

/** The line appended to a truncated body: how much was kept of how much. */
function truncationMarker(kept: number, total: number): string {
  return `[… truncated by the console: kept ${formatBytes(kept)} of ${formatBytes(total)} (${total} bytes)]`
}

/** A header's value by name (case-insensitive); repeated ones joined with ", "; null when absent. */
export function headerValue(pairs: readonly HeaderPair[], name: string): string | null {
  let value: string | null = null
  for (const p of pairs) {
    // Only a name of the same length can match: no lower-cased copy of every other name.
    if (p.name.length === name.length && (p.name === name || p.name.toLowerCase() === name))
      value = value === null ? p.value : `${value}, ${p.value}`
  }
  return value
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`
  return `${(n / 1024 / 1024).toFixed(1)} MiB`
}
