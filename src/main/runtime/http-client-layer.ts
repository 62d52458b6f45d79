import type { LogConfig, QuotaConfig } from '../../shared/contract'
import type { EventBus } from '../engine/core/event-bus'
import type { SecretRegistry } from '../engine/core/secret-registry'
import { HttpClient } from '../engine/http/http-client'
import { DispatcherPool } from '../engine/http/network-dispatcher'
import { NetworkLog, summarize } from '../engine/log/network-log'
import { Redactor } from '../engine/log/redaction'
import { QuotaLimits } from '../engine/quota/quota-limits'
import { QuotaTracker } from '../engine/quota/quota-tracker'
import type { ClockSkewEstimator } from '../engine/signing/clock-skew'

interface HttpClientOptions {
  bus: EventBus
  secrets: SecretRegistry
  skew: ClockSkewEstimator
  quotaConfig?: Partial<Omit<QuotaConfig, 'specRules'>>
  logConfig?: Partial<LogConfig>
}

/** The HTTP client layer, built first: the one HTTP path and what it records into. */
export interface HttpClientLayer {
  client: HttpClient
  network: DispatcherPool
  log: NetworkLog
  quota: QuotaTracker
  redactor: Redactor
  close(): Promise<void>
}

/**
 * Builds the network log, the quota tracker and the dispatchers around the one HTTP client, their events going to
 * the bus (`log:entry`, `log:cleared`, `log:changed`, `quota:update`, `quota:blocked`). Needs nothing of auth: the token client and
 * the sandbox controls send through it before any token exists.
 */
export function createHttpClient(o: HttpClientOptions): HttpClientLayer {
  const redactor = new Redactor(o.secrets)
  const log = new NetworkLog(o.logConfig, {
    onEntry: entry => {
      if (o.bus.listenerCount > 0) o.bus.emit('log:entry', summarize(entry))
    },
    onCleared: () => o.bus.emit('log:cleared', { at: new Date().toISOString() }),
    onImported: added => o.bus.emit('log:changed', { added }),
  })
  const quota = new QuotaTracker({
    limits: new QuotaLimits(o.quotaConfig),
    onUpdate: state => o.bus.emit('quota:update', state),
    onBlocked: event => o.bus.emit('quota:blocked', event),
  })
  const network = new DispatcherPool((value, label) => o.secrets.add(value, label))
  const client = new HttpClient({ network, log, quota, redactor, skew: o.skew })
  return {
    client,
    network,
    log,
    quota,
    redactor,
    async close() {
      client.close()
      quota.close()
      await network.close()
    },
  }
}
