import type { LogConfig, QuotaConfig } from '../../../shared/contract'
import type { EventBus } from '../core/event-bus'
import type { EnvironmentProvider, TokenProvider } from '../core/ports'
import type { SecretRegistry } from '../core/secret-registry'
import { LogFormats } from '../har/log-formats'
import { NetworkLog, summarize } from '../log/network-log'
import { Redactor } from '../log/redaction'
import { QuotaLimits } from '../quota/quota-limits'
import { QuotaTracker } from '../quota/quota-tracker'
import type { ClockSkewEstimator } from '../signing/clock-skew'
import { RequestsService } from '../requests/requests-service'
import { RequestExecutor } from './executor'
import type { SignatureClaims } from './used-signatures'
import { DispatcherPool } from './network-dispatcher'
import { HttpTransport } from './transport'
import { TypedEndpoints } from './typed-endpoints'

export interface TransportOptions {
  bus: EventBus
  secrets: SecretRegistry
  skew: ClockSkewEstimator
  quotaConfig?: Partial<Omit<QuotaConfig, 'specRules'>>
  logConfig?: Partial<LogConfig>
}

/** The transport layer, built first: the one HTTP path and what it records into. */
export interface TransportLayer {
  transport: HttpTransport
  network: DispatcherPool
  log: NetworkLog
  quota: QuotaTracker
  redactor: Redactor
  close(): Promise<void>
}

/**
 * Builds the network log, the quota tracker and the dispatchers around the one HTTP transport, their events going to
 * the bus (`log:entry`, `log:cleared`, `quota:update`, `quota:blocked`). Needs nothing of auth: the token client and
 * the sandbox controls send through it before any token exists.
 */
export function createTransport(o: TransportOptions): TransportLayer {
  const redactor = new Redactor(o.secrets)
  const log = new NetworkLog(o.logConfig, {
    onEntry: entry => {
      if (o.bus.listenerCount > 0) o.bus.emit('log:entry', summarize(entry))
    },
    onCleared: () => o.bus.emit('log:cleared', { at: new Date().toISOString() }),
  })
  const quota = new QuotaTracker({
    limits: new QuotaLimits(o.quotaConfig),
    onUpdate: state => o.bus.emit('quota:update', state),
    onBlocked: event => o.bus.emit('quota:blocked', event),
  })
  const network = new DispatcherPool((value, label) => o.secrets.add(value, label))
  const transport = new HttpTransport({ network, log, quota, redactor, skew: o.skew })
  return {
    transport,
    network,
    log,
    quota,
    redactor,
    async close() {
      transport.close()
      quota.close()
      await network.close()
    },
  }
}

export interface RequestsEngineOptions {
  layer: TransportLayer
  bus: EventBus
  secrets: SecretRegistry
  environments: EnvironmentProvider
  tokens: TokenProvider
  signingTimestamp: () => number
  creator: { name: string; version: string }
  maxAutoRetryWaitMs?: number
  /** Signatures sent by other processes on the same data folder (see used-signatures.ts). */
  sentSignatures?: SignatureClaims
}

/** The requests part of the engine, built on the transport: what the bridge handlers and the CLI use. */
export interface RequestsEngine {
  /** The transport layer it was built on (log, quota ledger, dispatchers, close). */
  layer: TransportLayer
  executor: RequestExecutor
  endpoints: TypedEndpoints
  formats: LogFormats
  /** The Requests panel's service: composed sends, resend from a log entry, compare, snippets. */
  service: RequestsService
}

/**
 * Builds the executor (auth, retries, `http:retrying` on the bus) over the transport, with the environments and the
 * tokens it signs and authorizes with, then the typed endpoints, the log's HAR and cURL formats and the requests service on top of it.
 */
export function createRequestsEngine(o: RequestsEngineOptions): RequestsEngine {
  const { transport, log, quota, redactor } = o.layer
  const executor = new RequestExecutor({
    transport,
    quota,
    redactor,
    secrets: o.secrets,
    environments: o.environments,
    tokens: o.tokens,
    signingTimestamp: o.signingTimestamp,
    onRetrying: event => o.bus.emit('http:retrying', event),
    maxAutoRetryWaitMs: o.maxAutoRetryWaitMs,
    sentSignatures: o.sentSignatures,
  })
  return {
    layer: o.layer,
    executor,
    endpoints: new TypedEndpoints(executor),
    service: new RequestsService({ executor, log, quota }),
    formats: new LogFormats({
      log,
      redactor,
      secrets: o.secrets,
      creator: o.creator,
      environments: o.environments,
      tokens: o.tokens,
      signingTimestamp: o.signingTimestamp,
    }),
  }
}
