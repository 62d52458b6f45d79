import type { RespondedEntry } from '../../../shared/contract'
import type { IncomingResponse, OutgoingRequest, ResolvedEnvironment } from '../core/ports'
import type { NetworkLog } from '../log/network-log'
import type { Redactor } from '../log/redaction'
import type { QuotaTracker } from '../quota/quota-tracker'
import type { ClockSkewEstimator } from '../signing/clock-skew'
import { type AttemptResult, type AttemptServices, type PreparedAttempt, runAttempt } from './attempt'
import { throwIfCancelled } from './cancellation'
import { DeadlineTimer } from './deadlines'
import { InFlightList } from './in-flight'
import type { DispatcherPool, NetworkRoute } from './network-dispatcher'
import { type AttemptRequest, prepareAttempt } from './prepare-attempt'
import { resolveRequestUrl } from './target-url'

interface HttpClientDeps {
  network: DispatcherPool
  log: NetworkLog
  quota: QuotaTracker
  redactor: Redactor
  /** Fed with every response's Date header. */
  skew: ClockSkewEstimator
}

/**
 * The one HTTP path of the engine, built first because everything else sends through it. Every caller prepares its
 * request with `prepare` (prepare-attempt.ts: headers, route, quota key by one rule), is admitted by the quota ledger
 * with `admit`, and sends with `attempt`: counted in the ledger, recorded (redacted) in the network log, feeding the
 * clock-skew estimate, on its environment's route (trust, proxy, client certificate). `send` is the ports.ts SendHttp
 * that the token client, the sandbox controls and the clock probe use; the executor adds auth and retries on top of
 * `attempt`. `close` stops every request still running.
 */
export class HttpClient {
  private readonly closing = new AbortController()
  private readonly services: AttemptServices

  constructor(private readonly deps: HttpClientDeps) {
    // The default route: Node's CA store (NODE_EXTRA_CA_CERTS included) and HTTPS_PROXY/HTTP_PROXY/NO_PROXY.
    const dispatcher = deps.network.dispatcherFor(undefined)
    this.services = {
      dispatcher,
      sockets: deps.network.sockets,
      log: deps.log,
      quota: deps.quota,
      redactor: deps.redactor,
      skew: deps.skew,
      inFlight: new InFlightList(),
      deadlines: new DeadlineTimer(),
    }
  }

  /** A request made an attempt (see prepareAttempt), on its environment's route. */
  prepare(request: AttemptRequest): PreparedAttempt {
    return prepareAttempt(request, this.route(request.url, request.env))
  }

  /**
   * Lets the attempt go, or throws ConsoleError rate_limited: its quota key is blocked after a 429 (unless `force`),
   * or spent (with `warnSpent`). Operator calls have no key and always go.
   */
  admit(prepared: PreparedAttempt, options: { force?: boolean; warnSpent?: boolean } = {}): void {
    if (prepared.quotaKey) this.deps.quota.gate(prepared.quotaKey, options)
  }

  /** How long the attempt's quota key stays blocked after a 429 (0 when it is not, or has no key). */
  blockedMs(prepared: PreparedAttempt): number {
    return prepared.quotaKey ? this.deps.quota.blockedMs(prepared.quotaKey) : 0
  }

  /**
   * One attempt as prepared by the caller (auth included), stopped by the caller's signal or by the client's shutdown.
   * The shutdown stops the exchanges in flight itself: no combined signal, no listener on a shared signal per request.
   */
  attempt(prepared: PreparedAttempt, signal?: AbortSignal): Promise<AttemptResult> {
    // Not async: runAttempt's own promise is returned as it is (no extra ticks); a closed client still rejects.
    try {
      throwIfCancelled(this.closing.signal)
    } catch (error) {
      return Promise.reject(error)
    }
    return runAttempt(this.services, prepared, signal)
  }

  /** Adds a note to an attempt's log entry after the fact (why it was not retried); returns the entry with it. */
  addNote(entry: RespondedEntry, note: string): RespondedEntry {
    return this.deps.log.addNote(entry, note)
  }

  /** The caller's signal, also aborted when the client closes: for waits between attempts (not made per request). */
  signalFor(signal: AbortSignal | undefined): AbortSignal {
    return signal ? AbortSignal.any([signal, this.closing.signal]) : this.closing.signal
  }

  /** How a request to `url` for `env` travels (its environment's CA files, proxy, client certificate). */
  route(url: URL, env: Pick<ResolvedEnvironment, 'network'> | null): NetworkRoute | undefined {
    return this.deps.network.route(url, env?.network)
  }

  /**
   * The ports.ts SendHttp: one attempt, logged and counted, the body returned unredacted to the engine caller. The
   * request states its auth (default none); a 'sandbox-admin' purpose makes it an operator call, never counted.
   */
  readonly send = async (req: OutgoingRequest): Promise<IncomingResponse> => {
    const url = resolveRequestUrl(null, 'api', req.url)
    if (req.signal) throwIfCancelled(req.signal)
    const prepared = this.prepare({
      source: req.purpose === 'sandbox-admin' ? 'operator' : 'console',
      purpose: req.purpose,
      auth: req.auth ?? 'none',
      env: req.env ?? null,
      url,
      method: req.method,
      headers: req.headers,
      body: req.body,
      timeoutMs: req.timeoutMs,
    })
    if (req.readsClock) prepared.readsClock = true
    this.admit(prepared)
    const result = await this.attempt(prepared, req.signal)
    if (result.outcome.bodyError) throw result.outcome.bodyError
    return {
      status: result.outcome.status,
      statusText: result.outcome.statusText,
      headers: result.headerMap,
      body: result.decoded.kind === 'binary' ? result.outcome.body.toString('utf8') : result.decoded.text,
      truncated: result.outcome.truncated,
      durationMs: result.outcome.timings.total,
      logId: result.entry.id,
    }
  }

  /** Stops every running request (runtime shutdown). */
  close(): void {
    this.closing.abort()
    for (const running of this.services.inFlight.items()) running.cancel('cancelled')
    this.services.deadlines.close()
  }
}
