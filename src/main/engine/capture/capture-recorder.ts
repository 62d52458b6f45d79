import { STATUS_CODES } from 'node:http'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import type { LogEntry, PhaseTimings } from '../../../shared/contract'
import { isoAt } from '../core/iso-now'
import type { SecretRegistry } from '../core/secret-registry'
import { bodyAsText } from '../http/body-text'
import { attemptQuotaKey } from '../http/prepare-attempt'
import type { NetworkLog } from '../log/network-log'
import { Redactor } from '../log/redaction'
import type { QuotaKey } from '../quota/quota-key'
import type { QuotaTracker } from '../quota/quota-tracker'
import type { ClockSkewEstimator } from '../signing/clock-skew'
import type { CapturedExchange, CaptureObserver } from './captured-exchange'
import { harvestCapturedSecrets } from './captured-secrets'
import type { ExchangeVerdicts } from './exchange-verdicts'

/** The parts of the engine a captured exchange is recorded into: the same log, redaction, quota and skew as the console's. */
export interface RecorderServices {
  log: NetworkLog
  redactor: Redactor
  secrets: SecretRegistry
  quota: QuotaTracker
  skew: ClockSkewEstimator
}

/** One exchange as the forwarder saw it, unredacted (engine memory only), with its timings. */
export type FinishedExchange = Omit<CapturedExchange, 'logId'> & {
  clientId: string
  /** The environment's token path (to mark token calls as such in the log). */
  tokenPath: string
  /** performance.now() marks: request head in, request body forwarded, response head in, response body sent. */
  marks: { start: number; sent: number; headers: number | null; end: number }
}

/** What the CLI prints and the service counts for one recorded exchange. */
export interface RecordedLine {
  entry: LogEntry
  exchange: CapturedExchange
  problem: string | null
}

const MAX_DECODED = 8 * 1024 * 1024

/**
 * Records captured exchanges exactly like the console's own: secrets of the exchange are registered first
 * (captured-secrets.ts; its one-use signature is masked in this exchange alone), then it is redacted once by the network log's Redactor and entered in the same NetworkLog
 * with `source: 'captured'` and its client; its response feeds the quota tracker (rate-limit headers) and the clock
 * skew estimate (Date), as runAttempt does for the console's requests. Observers (the doctor) then see the exchange
 * unredacted, synchronously, in arrival order; an observer that throws is reported in the entry's notes and never
 * breaks the capture.
 */
export class CaptureRecorder {
  constructor(
    private readonly s: RecorderServices,
    private readonly verdicts: ExchangeVerdicts,
    /** The session's own observer (the doctor, which the drills' observer follows), seen first; null for none. */
    private readonly sessionObserver: CaptureObserver | null,
    /** The service-wide observers, read live: one added or removed takes effect with the next exchange. */
    private readonly observers: ReadonlySet<CaptureObserver>,
  ) {}

  record(x: FinishedExchange): RecordedLine {
    // One lower-case view of each side's headers, built once and shared by everything below.
    const requestHeaders = lowerMap(x.request.headers)
    const responseHeaders = x.response ? lowerMap(x.response.headers) : null
    const requestText = bodyText(x.request.body.bytes, requestHeaders, x.request.body.truncated)
    const responseText = x.response && responseHeaders ? bodyText(x.response.body.bytes, responseHeaders, x.response.body.truncated) : null
    const oneUse = harvestCapturedSecrets(this.s.secrets, {
      url: x.request.url,
      requestHeaders: x.request.headers,
      requestBody: requestText.text,
      responseHeaders: x.response?.headers ?? [],
      responseBody: responseText?.text ?? null,
    })
    // The exchange's signature is masked in this exchange's texts only: it never joins the session's secrets.
    const r = oneUse.length > 0 ? new Redactor(this.s.secrets.withOneUse(oneUse)) : this.s.redactor
    // The bodies are redacted right after the harvest looked at them: the scan for credential names is asked of each
    // body twice in a row and answered once (mayNameCredential keeps the last two answers).
    const requestBody = x.request.body.size === 0 ? null : r.body(requestText.text, x.request.body.truncated ? CUT : WHOLE)
    const responseBody = x.response && responseText ? r.body(responseText.text, x.response.body.truncated ? CUT : WHOLE) : null
    const verdict = this.verdicts.explain(
      {
        method: x.request.method,
        target: x.request.query ? `${x.request.path}?${x.request.query}` : x.request.path,
        headers: requestHeaders,
        body: x.request.body.size === 0 ? null : requestText.text,
      },
      x.startedAt,
    )
    const isTokenCall = samePath(x.request.path, x.tokenPath)
    if (isTokenCall && x.response && x.response.status < 300)
      this.verdicts.tokenIssued(responseText?.text ?? null, x.respondedAt ?? Date.now())

    const notes = [...verdict.notes]
    if (x.drill) notes.unshift(`Drill ${x.drill.name}: ${x.drill.detail}`)
    if (requestText.note) notes.push(`Request ${requestText.note}`)
    if (responseText?.note) notes.push(`Response ${responseText.note}`)
    const auth = BEARER.test(requestHeaders.get('authorization') ?? '') ? 'bearer' : requestHeaders.has('x-signature') ? 'hmac' : 'none'
    const pending = this.s.log.begin({
      startedAt: isoAt(x.startedAt),
      method: x.request.method,
      url: r.url(x.request.url),
      purpose: isTokenCall ? 'oauth-token' : x.request.path.startsWith('/api/') ? 'api' : 'other',
      auth,
      source: 'captured',
      client: { userAgent: x.client.userAgent, peerAddress: x.client.peerAddress, peerPort: x.client.peerPort },
      requestHeaders: r.headerTuples(x.request.headers),
      requestBody:
        requestBody === null
          ? null
          : {
              text: requestBody,
              size: x.request.body.size,
              mimeType: requestHeaders.get('content-type') ?? '',
              truncated: x.request.body.truncated,
            },
      envId: x.envId,
      notes: notes.length === 0 ? notes : notes.map(n => r.text(n)),
    })
    const timings = phaseTimings(x.marks)
    const entry = this.s.log.complete(pending, {
      status: x.response?.status ?? 0,
      statusText: x.response ? (STATUS_CODES[x.response.status] ?? '') : '',
      responseHeaders: x.response ? r.headerTuples(x.response.headers) : [],
      responseBody:
        x.response && responseBody !== null
          ? {
              text: responseBody,
              size: x.response.body.size,
              mimeType: responseHeaders?.get('content-type') ?? '',
              truncated: x.response.body.truncated,
            }
          : null,
      timings,
      durationMs: timings.total,
      error: x.error
        ? r.text(
            `${x.error.hop === 'client' ? 'Client' : x.error.hop === 'tls' ? 'TLS' : x.error.hop === 'proxy' ? 'Capture' : 'Upstream'}: ${x.error.message}`,
          )
        : null,
    })

    const quotaKey = x.response && responseHeaders ? this.feedQuotaAndSkew(x, auth, requestHeaders, responseHeaders) : null
    const exchange: CapturedExchange = {
      logId: entry.id,
      seq: x.seq,
      envId: x.envId,
      host: x.host,
      client: x.client,
      startedAt: x.startedAt,
      respondedAt: x.respondedAt,
      request: x.request,
      response: x.response,
      error: x.error,
      drill: x.drill,
      signatureCheck: verdict.signatureCheck,
      quotaKey,
    }
    if (this.sessionObserver) this.deliver(this.sessionObserver, exchange, entry, r)
    for (const observe of this.observers) this.deliver(observe, exchange, entry, r)
    return { entry, exchange, problem: verdict.problem ?? (x.error ? `${x.error.hop} error` : null) }
  }

  /** Hands the exchange to one observer; one that throws is noted on the entry, and the capture goes on. */
  private deliver(observe: CaptureObserver, exchange: CapturedExchange, entry: LogEntry, r: Redactor): void {
    try {
      observe(exchange)
    } catch (error) {
      this.s.log.addNote(entry, r.text(`A capture observer failed on this exchange: ${(error as Error).message}`))
    }
  }

  /** Feeds the response to the skew estimate and the quota tracker; the key it counted the exchange under, if any. */
  private feedQuotaAndSkew(
    x: FinishedExchange,
    auth: 'bearer' | 'hmac' | 'none',
    request: ReadonlyMap<string, string>,
    response: ReadonlyMap<string, string>,
  ): QuotaKey | null {
    const receivedAt = x.respondedAt ?? Date.now()
    const date = response.get('date')
    if (date) {
      this.s.skew.observe({
        serverDate: date,
        sentAt: x.startedAt + (x.marks.sent - x.marks.start),
        receivedAt,
        source: `captured ${x.request.method} ${x.request.path}`,
      })
    }
    // The one quota rule (prepare-attempt.ts), as the server counts: by x-access-key when signed, else the client.
    // `auth` is the log entry's (it only tells there whether the request identified itself).
    const env = { id: x.envId, clientId: request.get('x-access-key') ?? x.clientId }
    // The path and method the forwarder parsed, and the header maps built once above: no URL or record per exchange.
    const key = attemptQuotaKey(
      { source: 'captured', purpose: 'api', auth, env, url: { pathname: urlPathname(x.request) } },
      x.request.method.toUpperCase(),
      request,
    )
    if (!key) return null
    const ticket = this.s.quota.recordSend(key)
    this.s.quota.observeWatched(ticket, { status: x.response?.status ?? 0, headers: response, receivedAt })
    return key
  }
}

/** Two paths equal but for trailing slashes (a token call with or without one), compared without a copy. */
function samePath(a: string, b: string): boolean {
  let ea = a.length
  let eb = b.length
  while (ea > 0 && a.charCodeAt(ea - 1) === 47) ea--
  while (eb > 0 && b.charCodeAt(eb - 1) === 47) eb--
  if (ea !== eb) return false
  for (let i = 0; i < ea; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false
  return true
}

/** Paths that URL leaves as they are: only letters, digits, `_`, `-`, `~` and `/` (no dot segment, escape or `\\`). */
const PLAIN_PATH = /^\/[\w\-~/]*$/

/** The request's path as `new URL(url).pathname` has it (the quota key's), parsed only when it could differ. */
function urlPathname(request: { url: string; path: string }): string {
  return PLAIN_PATH.test(request.path) ? request.path : new URL(request.url).pathname
}

/** Header pairs by lower-case name (repeated ones joined with ", "). */
function lowerMap(headers: ReadonlyArray<readonly [string, string]>): Map<string, string> {
  const map = new Map<string, string>()
  for (const [name, value] of headers) {
    const key = name.toLowerCase()
    const prev = map.get(key)
    map.set(key, prev === undefined ? value : `${prev}, ${value}`)
  }
  return map
}

/** A bearer call's Authorization (no `g` flag: the pattern keeps no state between tests). */
const BEARER = /^Bearer\s/i
/** The two ways a body is redacted, one object each rather than one per call. */
const WHOLE = { truncated: false } as const
const CUT = { truncated: true } as const

/** The body as text for the log: decompressed when whole and encoded, binary bodies named instead of shown. */
function bodyText(bytes: Buffer, map: ReadonlyMap<string, string>, truncated: boolean): { text: string; note: string | null } {
  if (bytes.length === 0) return { text: '', note: null }
  const encoding = map.get('content-encoding')?.trim().toLowerCase()
  let plain = bytes
  if (encoding && encoding !== 'identity') {
    if (truncated) return { text: '', note: `body is ${encoding}-encoded and was cut at the capture's cap: not shown.` }
    try {
      const options = { maxOutputLength: MAX_DECODED }
      plain =
        encoding === 'gzip' || encoding === 'x-gzip'
          ? gunzipSync(bytes, options)
          : encoding === 'deflate'
            ? inflateSync(bytes, options)
            : encoding === 'br'
              ? brotliDecompressSync(bytes, options)
              : bytes
      if (plain === bytes) return { text: '', note: `body is ${encoding}-encoded: not shown.` }
    } catch (error) {
      return { text: '', note: `body could not be decoded (${encoding}: ${(error as Error).message}).` }
    }
  }
  const contentType = map.get('content-type') ?? null
  const text = bodyAsText(plain, contentType)
  if (text === null) return { text: '', note: `body is binary (${contentType ?? 'no content type'}, ${bytes.length} bytes): not shown.` }
  return { text, note: null }
}

function round(ms: number): number {
  return Math.max(0, Math.round(ms * 1000) / 1000)
}

function phaseTimings(m: FinishedExchange['marks']): PhaseTimings {
  const headers = m.headers ?? m.end
  return {
    blocked: 0,
    dns: null,
    connect: null,
    tls: null,
    send: round(m.sent - m.start),
    wait: round(headers - m.sent),
    receive: round(m.end - headers),
    total: round(m.end - m.start),
    reusedConnection: false,
  }
}
