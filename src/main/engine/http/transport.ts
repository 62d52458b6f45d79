import { randomUUID } from 'node:crypto'
import type { RespondedEntry } from '../../../shared/contract'
import type { IncomingResponse, OutgoingRequest, ResolvedEnvironment } from '../core/ports'
import type { NetworkLog } from '../log/network-log'
import type { Redactor } from '../log/redaction'
import { type QuotaKey, quotaKey } from '../quota/quota-key'
import type { QuotaTracker } from '../quota/quota-tracker'
import type { ClockSkewEstimator } from '../signing/clock-skew'
import { type AttemptResult, type AttemptServices, type PreparedAttempt, runAttempt } from './attempt'
import { throwIfCancelled } from './cancellation'
import type { DispatcherPool, NetworkRoute } from './network-dispatcher'
import { prepareHeaders } from './request-headers'
import { resolveRequestUrl } from './target-url'

export const DEFAULT_TIMEOUT_MS = 30_000
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

export interface HttpTransportDeps {
  network: DispatcherPool
  log: NetworkLog
  quota: QuotaTracker
  redactor: Redactor
  /** Fed with every response's Date header. */
  skew: ClockSkewEstimator
}

/**
 * The one HTTP path of the engine, built first because everything else sends through it: each attempt is counted in
 * the quota ledger, recorded (redacted) in the network log, and feeds the clock-skew estimate, on its environment's
 * route (trust, proxy, client certificate). `send` is the ports.ts SendHttp that the token client, the sandbox
 * controls and the clock probe use; the executor adds auth and retries on top of `attempt`. `close` stops every
 * request still running.
 */
export class HttpTransport {
  private readonly closing = new AbortController()
  private readonly services: AttemptServices

  constructor(private readonly deps: HttpTransportDeps) {
    // The default route: Node's CA store (NODE_EXTRA_CA_CERTS included) and HTTPS_PROXY/HTTP_PROXY/NO_PROXY.
    const dispatcher = deps.network.dispatcherFor(undefined)
    this.services = {
      dispatcher,
      sockets: deps.network.sockets,
      log: deps.log,
      quota: deps.quota,
      redactor: deps.redactor,
      skew: deps.skew,
    }
  }

  /** One attempt as prepared by the caller (auth included), on the signal of the caller combined with shutdown. */
  attempt(prepared: PreparedAttempt, signal: AbortSignal): Promise<AttemptResult> {
    return runAttempt(this.services, prepared, signal)
  }

  /** Adds a note to an attempt's log entry after the fact (why it was not retried); returns the entry with it. */
  addNote(entry: RespondedEntry, note: string): RespondedEntry {
    return this.deps.log.addNote(entry, note)
  }

  /** The caller's signal, also aborted when the transport closes. */
  signalFor(signal: AbortSignal | undefined): AbortSignal {
    return signal ? AbortSignal.any([signal, this.closing.signal]) : this.closing.signal
  }

  /** How a request to `url` for `env` travels (its environment's CA files, proxy, client certificate). */
  route(url: URL, env: Pick<ResolvedEnvironment, 'network'> | null): NetworkRoute | undefined {
    return this.deps.network.route(url, env?.network)
  }

  /** The ports.ts SendHttp: one attempt, logged and counted, the body returned unredacted to the engine caller. */
  readonly send = async (req: OutgoingRequest): Promise<IncomingResponse> => {
    const url = resolveRequestUrl(null, 'api', req.url)
    const signal = this.signalFor(req.signal)
    throwIfCancelled(signal)
    const { headers, notes } = prepareHeaders(req.headers, req.body)
    let key: QuotaKey | null = null
    if (req.purpose !== 'sandbox-admin') {
      key = quotaKey(req.env?.clientId ?? 'anonymous', req.method, url.pathname)
      this.deps.quota.gate(key)
    }
    const auth = headers.authorization?.startsWith('Bearer ') ? 'bearer' : headers['x-signature'] ? 'hmac' : 'none'
    const result = await this.attempt(
      {
        requestId: randomUUID(),
        url,
        method: req.method.toUpperCase(),
        headers,
        body: req.body,
        timeoutMs: req.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
        purpose: req.purpose,
        auth,
        envId: req.env?.id ?? null,
        attempt: 1,
        quotaKey: key,
        notes,
        route: this.route(url, req.env ?? null),
      },
      signal,
    )
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
  }
}
