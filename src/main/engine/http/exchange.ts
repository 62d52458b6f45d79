import type { Socket } from 'node:net'
import type { Dispatcher } from 'undici'
import type { HeaderPair, PhaseTimings } from '../../../shared/contract'
import { ConsoleError } from '../core/console-error'
import { BodyCapture } from './body-capture'
import { readSocketFacts, type SocketFacts } from './connection-details'
import { clearDeadline, type Deadline, type DeadlineTimer } from './deadlines'
import { dispatchOrigin, dispatchPath } from './dispatch-target'
import type { InFlightLinks } from './in-flight'
import { describeNetworkError } from './network-errors'
import { computeTimings, type ExchangeMarks } from './phase-timings'
import type { SocketObservation, SocketTimings } from './socket-timings'
import { headerNameToString } from './undici-parts'

/** One HTTP/1.1 exchange to send as is (auth headers already added). */
interface ExchangeSpec {
  url: URL
  method: string
  headers: Record<string, string>
  body?: string
  timeoutMs: number
  /** Bytes of the response body kept; the rest is counted and discarded. */
  maxBodyBytes: number
  /** The proxy the dispatcher sends it through and the client certificate it presents (for error wording). */
  proxy?: string | null
  clientCertificate?: string | null
  /** Cancels the exchange at any point (before the socket, while waiting, mid-body). */
  signal?: AbortSignal
}

/** What came back; `bodyError` is set when the headers arrived but the body did not finish. */
export interface ExchangeOutcome {
  status: number
  statusText: string
  headers: HeaderPair[]
  body: Buffer
  bodyBytes: number
  truncated: boolean
  bodyError?: ConsoleError
  timings: PhaseTimings
  /** Wall-clock ms when the request was handed to the socket and when the response headers arrived. */
  sentAt: number
  receivedAt: number
  /** What the socket said about the connection (reuse, TLS session and chain); absent when none was reached. */
  socketFacts?: SocketFacts
}

/** A running exchange: its outcome and a way to stop it (timeout and user cancel share it); the client lists it. */
export interface RunningExchange extends InFlightLinks {
  outcome: Promise<ExchangeOutcome>
  cancel(reason: 'cancelled' | 'timeout'): void
}

/**
 * Sends one request with undici's dispatcher API and a handler of its own, which is what makes the measurements
 * possible: per-phase timings (from the agent's socket records and the handler's callbacks), a body kept up to a cap
 * while the rest is only counted (memory bounded whatever the server sends), one overall timeout, and cancellation at
 * any point (before the socket is ready, while waiting, mid-body). Rejects with ConsoleError('network' | 'timeout' |
 * 'cancelled') when no response arrived; resolves with `bodyError` when the body broke off after the headers. The
 * overall timeout is a deadline on the HTTP client's shared timer (`deadlines`), not a timer per request.
 */
export function startExchange(
  sockets: SocketObservation,
  deadlines: DeadlineTimer,
  dispatcher: Dispatcher,
  spec: ExchangeSpec,
): RunningExchange {
  const handler = new ExchangeHandler(spec, deadlines)
  const origin = dispatchOrigin(spec.url)
  const options: Dispatcher.DispatchOptions = {
    origin,
    path: dispatchPath(spec.url, origin),
    method: spec.method as Dispatcher.HttpMethod,
    headers: spec.headers,
    body: spec.body ? spec.body : null,
    headersTimeout: spec.timeoutMs,
    bodyTimeout: spec.timeoutMs,
  }
  try {
    // Observed: the request undici creates for this dispatch reports its socket and its "body sent" to this handler.
    sockets.dispatch(handler, dispatcher, options)
  } catch (error) {
    handler.fail(error as Error)
  }
  if (spec.signal?.aborted) handler.stop('cancelled')
  return handler
}

/**
 * The undici handler of one exchange; it is also the RunningExchange handed back (no per-request closures). It speaks
 * the hooks undici's Client itself calls (onConnect, onHeaders with the raw header list, onData, onComplete, onError,
 * onRequestSent): a handler on the newer hooks (onRequestStart, onResponseStart, …) is wrapped by undici in an adapter
 * and a controller per request, which also parses every response header and trailer into an object this handler
 * never reads. The response headers are read once, from the raw list, into the exchange's own pairs. Its socket comes
 * from undici's diagnostics, matched to this request by the request object (socket-timings.ts).
 */
class ExchangeHandler implements RunningExchange, Dispatcher.DispatchHandler, ExchangeMarks {
  readonly outcome: Promise<ExchangeOutcome>
  private resolve!: (o: ExchangeOutcome) => void
  private reject!: (e: unknown) => void
  private readonly deadline: Deadline
  readonly method: string
  // The exchange's marks (ExchangeMarks) are the handler's own fields: no object of marks per request.
  readonly start: number
  socket: SocketTimings | undefined = undefined
  socketReady: number | undefined = undefined
  sent: number | undefined = undefined
  headers: number | undefined = undefined
  end: number | undefined = undefined
  private readonly capture: BodyCapture
  private readonly wallStart = Date.now()
  /** undici's abort for this request, from onConnect (null until it has a socket). */
  private abort: ((error?: Error) => void) | null = null
  private stopReason: 'cancelled' | 'timeout' | null = null
  private settled = false
  private status = 0
  private statusText = ''
  private responseHeaders: HeaderPair[] = []
  private sentAt = 0
  private receivedAt = 0
  private facts: SocketFacts | undefined
  inFlightPrev: InFlightLinks | null = null
  inFlightNext: InFlightLinks | null = null

  constructor(
    private readonly spec: ExchangeSpec,
    deadlines: DeadlineTimer,
  ) {
    this.method = spec.method
    this.start = performance.now()
    this.capture = new BodyCapture(spec.maxBodyBytes)
    this.outcome = new Promise<ExchangeOutcome>((resolve, reject) => {
      this.resolve = resolve
      this.reject = reject
    })
    this.deadline = deadlines.add(this, spec.timeoutMs, this.start)
    // The handler is its own abort listener (handleEvent): no closure per request.
    spec.signal?.addEventListener('abort', this, { once: true })
  }

  handleEvent(): void {
    this.stop('cancelled')
  }

  /** The overall timeout passed (the shared deadline timer calls it). */
  expire(): void {
    this.stop('timeout')
  }

  cancel(reason: 'cancelled' | 'timeout'): void {
    this.stop(reason)
  }

  /** Timeout or cancel: aborts the request now, or as soon as undici gives it a socket. */
  stop(reason: 'cancelled' | 'timeout'): void {
    if (this.settled || this.stopReason) return
    this.stopReason = reason
    const error = this.stopError()
    if (this.abort) this.abort(error)
    else this.fail(error)
  }

  /** undici handed the request to a connected socket. */
  onConnect(abort: (error?: Error) => void): void {
    if (this.stopReason) {
      abort(this.stopError())
      return
    }
    this.abort = abort
    this.socketReady = performance.now()
    this.sent = undefined
    this.sentAt = Date.now()
  }

  onSocket(socket: Socket, timings: SocketTimings | undefined): void {
    this.facts = readSocketFacts(socket)
    if (timings && !timings.claimed && timings.start >= this.start - 1) {
      timings.claimed = true
      this.socket = timings
    }
  }

  /** The request (its body included) is written: undici's Request calls it on its handler. */
  onRequestSent(): void {
    this.sent = performance.now()
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[], _resume: () => void, statusText: string): boolean {
    if (statusCode < 200) return true // 1xx informational: the final response follows.
    this.headers = performance.now()
    this.receivedAt = Date.now()
    this.status = statusCode
    this.statusText = statusText ?? ''
    this.responseHeaders = headerPairs(rawHeaders)
    return true
  }

  onData(chunk: Buffer): boolean {
    this.capture.push(chunk)
    return true
  }

  onComplete(): void {
    this.end = performance.now()
    this.finish()
  }

  onError(error: Error): void {
    this.fail(error)
  }

  /** No response (or a broken body): settles the outcome with a ConsoleError that says what happened. */
  fail(error: Error): void {
    if (this.settled) return
    this.end = performance.now()
    const reason = this.stopReason ?? undefined
    const consoleError =
      error instanceof ConsoleError
        ? error
        : describeNetworkError(error, {
            url: this.spec.url,
            timeoutMs: this.spec.timeoutMs,
            reason,
            afterHeaders: this.status > 0,
            proxy: this.spec.proxy,
            clientCertificate: this.spec.clientCertificate,
          })
    if (this.status > 0) {
      this.finish(consoleError)
      return
    }
    this.settled = true
    clearDeadline(this.deadline)
    this.spec.signal?.removeEventListener('abort', this)
    const timings = computeTimings(this)
    this.reject(
      new ConsoleError(consoleError.code, consoleError.message, {
        hint: consoleError.hint,
        details: { ...(consoleError.details as Record<string, unknown> | undefined), timings },
        cause: error,
      }),
    )
  }

  private finish(bodyError?: ConsoleError): void {
    if (this.settled) return
    this.settled = true
    clearDeadline(this.deadline)
    this.spec.signal?.removeEventListener('abort', this)
    this.resolve({
      status: this.status,
      statusText: this.statusText,
      headers: this.responseHeaders,
      body: this.capture.bytes(),
      bodyBytes: this.capture.total,
      truncated: this.capture.truncated,
      bodyError,
      timings: computeTimings(this),
      sentAt: this.sentAt || this.wallStart,
      receivedAt: this.receivedAt || Date.now(),
      socketFacts: this.facts,
    })
  }

  private stopError(): ConsoleError {
    return this.stopReason === 'timeout'
      ? new ConsoleError('timeout', `No complete answer from ${this.spec.url.host} within ${this.spec.timeoutMs} ms.`, {
          hint: 'The server may be slow or not answering; raise the timeout or check that the URL is right.',
        })
      : this.sentAt
        ? new ConsoleError('cancelled', 'The request was sent, then the wait for its answer was stopped.', {
            hint: 'The server may have acted on it: the network log shows what was sent.',
          })
        : new ConsoleError('cancelled', 'The request was cancelled before it was sent.')
  }
}

/**
 * The response headers in the order they came, duplicates kept, from undici's raw name/value list: names lower-cased
 * by undici's own table of known names (the same interned strings its parser uses; others lower-cased), values UTF-8.
 */
function headerPairs(raw: ReadonlyArray<Buffer | string>): HeaderPair[] {
  const count = raw.length >> 1
  // Made at its final length, not grown by push: the log keeps this array, and one grown from empty keeps room for
  // 17 pairs (a 6-header response kept ~150 bytes of backing store, against ~60 at its length).
  const pairs = new Array<HeaderPair>(count)
  const last = lastPairs
  let same = last.length === count
  for (let j = 0; j < count; j++) {
    const rawValue = raw[2 * j + 1] as Buffer | string
    const name = headerNameToString(raw[2 * j] as Buffer | string)
    const value = typeof rawValue === 'string' ? rawValue : rawValue.toString('utf8')
    // The same header line as the last response's at this place: its pair again (see lastPairs).
    const before = last[j]
    if (before !== undefined && before.name === name && before.value === value) pairs[j] = before
    else {
      pairs[j] = { name, value }
      same = false
    }
  }
  // Every line as the last response's: the last list itself (lists, like pairs, are never changed once made).
  if (same) return last as HeaderPair[]
  lastPairs = pairs
  return pairs
}

/**
 * The last response's header pairs. Most lines repeat from one response to the next (Content-Type, Connection, the
 * quota's limit): a line equal to the last one at the same place is handed out as that same pair, so the network
 * log, which keeps every response's headers, keeps one pair and one value text for all of them, not one per entry
 * (fewer objects kept alive per exchange for the garbage collector to carry). Pairs are never changed after they are
 * made, so sharing them is safe; the text just read for a repeated line is left for the young generation. A response
whose every line repeats is handed the last list itself.
 */
let lastPairs: readonly HeaderPair[] = []
