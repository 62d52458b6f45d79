import { CaptureService } from '../engine/capture/capture-service'
import type { EventBus } from '../engine/core/event-bus'
import type { EnvironmentProvider } from '../engine/core/ports'
import type { SecretRegistry } from '../engine/core/secret-registry'
import type { ClockSkewEstimator } from '../engine/signing/clock-skew'
import type { HttpClientLayer } from './http-client-layer'

const EVENT_EVERY_MS = 100

/**
 * The capture service on the transport's own log, redaction, quota tracker, network pool and skew estimate (one log
 * for both sources), with `capture:exchange` throttled to one event per 100 ms per environment: at a thousand
 * exchanges a second the renderer gets the count, not a flood (the log's own `log:entry` carries each entry).
 */
export function buildCapture(o: {
  layer: HttpClientLayer
  secrets: SecretRegistry
  skew: ClockSkewEstimator
  environments: EnvironmentProvider
  bus: EventBus
  dataDir: string
}): CaptureService {
  const last = new Map<string, { at: number; timer: NodeJS.Timeout | null; payload: { envId: string; exchanges: number; logId: string } }>()
  const emit = (envId: string, exchanges: number, logId: string) => {
    const payload = { envId, exchanges, logId }
    const slot = last.get(envId) ?? { at: 0, timer: null, payload }
    slot.payload = payload
    last.set(envId, slot)
    const now = Date.now()
    if (now - slot.at >= EVENT_EVERY_MS) {
      slot.at = now
      o.bus.emit('capture:exchange', payload)
    } else if (!slot.timer) {
      slot.timer = setTimeout(() => {
        slot.timer = null
        slot.at = Date.now()
        o.bus.emit('capture:exchange', slot.payload)
      }, EVENT_EVERY_MS)
      slot.timer.unref()
    }
  }
  return new CaptureService({
    log: o.layer.log,
    redactor: o.layer.redactor,
    quota: o.layer.quota,
    network: o.layer.network,
    secrets: o.secrets,
    skew: o.skew,
    environments: o.environments,
    dataDir: o.dataDir,
    onExchange: emit,
  })
}
