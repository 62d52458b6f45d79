import type { EventBus } from '../core/event-bus'
import type { EnvironmentProvider, TokenProvider } from '../core/ports'
import type { SecretRegistry } from '../core/secret-registry'
import { LogExports } from '../export/log-exports'
import { NetworkLog, summarize } from '../log/network-log'
import { Redactor } from '../log/redaction'
import { QuotaLimits } from '../quota/quota-limits'
import { QuotaTracker } from '../quota/quota-tracker'
import type { ClockSkewEstimator } from '../signing/clock-skew'
import type { LogConfig, QuotaConfig } from '../../../shared/contract'
import { RequestExecutor } from './executor'
import { DispatcherPool } from './network-dispatcher'
import { TypedEndpoints } from './typed-endpoints'
import { Workbench } from '../workbench/workbench'

export interface RequestsEngineOptions {
  bus: EventBus
  secrets: SecretRegistry
  /** Looked up at call time: the auth part is wired after this one. */
  environments: () => EnvironmentProvider | undefined
  tokens: () => TokenProvider | undefined
  clockSkew: () => ClockSkewEstimator | undefined
  signingTimestamp: () => number
  creator: { name: string; version: string }
  quotaConfig?: Partial<Omit<QuotaConfig, 'specRules'>>
  logConfig?: Partial<LogConfig>
  maxAutoRetryWaitMs?: number
}

/** The requests part of the engine, built: what the bridge handlers and the CLI use. */
export interface RequestsEngine {
  executor: RequestExecutor
  /** The dispatchers per network setting (also for fetch calls outside the executor, e.g. the headless authorize). */
  network: DispatcherPool
  endpoints: TypedEndpoints
  log: NetworkLog
  quota: QuotaTracker
  redactor: Redactor
  exports: LogExports
  /** The request workbench: composed sends, resend from a log entry, compare, snippets. */
  workbench: Workbench
  close(): Promise<void>
}

/**
 * Builds the executor, quota tracker, network log and exports around one undici agent, with their events going to the
 * bus (`log:entry`, `log:cleared`, `quota:update`, `quota:blocked`, `http:retrying`). Plain Node: the runtime, the
 * CLI, tests and benchmarks all build it the same way.
 */
export function createRequestsEngine(o: RequestsEngineOptions): RequestsEngine {
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
  // The default route: Node's CA store (NODE_EXTRA_CA_CERTS included) and HTTPS_PROXY/HTTP_PROXY/NO_PROXY.
  const dispatcher = network.dispatcherFor(undefined)
  const executor = new RequestExecutor({
    dispatcher,
    log,
    quota,
    redactor,
    secrets: o.secrets,
    clockSkew: o.clockSkew,
    environments: o.environments,
    tokens: o.tokens,
    signingTimestamp: o.signingTimestamp,
    onRetrying: event => o.bus.emit('http:retrying', event),
    maxAutoRetryWaitMs: o.maxAutoRetryWaitMs,
    network,
  })
  const endpoints = new TypedEndpoints(executor)
  const workbench = new Workbench({ executor, log, quota, environments: o.environments })
  const exports = new LogExports({
    log,
    redactor,
    secrets: o.secrets,
    creator: o.creator,
    environments: o.environments,
    tokens: o.tokens,
    signingTimestamp: o.signingTimestamp,
  })
  return {
    executor,
    network,
    endpoints,
    log,
    quota,
    redactor,
    exports,
    workbench,
    async close() {
      executor.close()
      quota.close()
      await network.close()
    },
  }
}
