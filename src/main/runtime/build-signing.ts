import { join } from 'node:path'
import type { EventBus } from '../engine/core/event-bus'
import type { EnvironmentProvider, SendHttp } from '../engine/core/ports'
import type { SecretRegistry } from '../engine/core/secret-registry'
import type { ClockSkewEstimator } from '../engine/signing/clock-skew'
import { SigningService } from '../engine/signing/signing-service'

export interface SigningDeps {
  /** The estimate the transport feeds with every response's Date header (built before the transport). */
  skew: ClockSkewEstimator
  secrets: SecretRegistry
  bus: EventBus
  environments: EnvironmentProvider
  send: SendHttp
  dataDir: string
}

/**
 * Builds the signing service behind the `signing:*` channels and announces the skew estimate (`signing:skew`) on
 * meaningful changes. When another environment is activated, the old server's offset is forgotten and the new
 * server's clock measured at once, so the status bar never shows a stale skew. Returns the signing service and the
 * unsubscribe to run at shutdown.
 */
export async function buildSigning(d: SigningDeps): Promise<{ signing: SigningService; close(): void }> {
  const signing = new SigningService({
    skew: d.skew,
    secrets: d.secrets,
    environments: d.environments,
    sendHttp: d.send,
    settingsFile: join(d.dataDir, 'signing-settings.json'),
  })
  await signing.loadSettings()
  const unsubscribe = d.skew.subscribe(estimate => d.bus.emit('signing:skew', estimate))
  // Failures are fine here: the next response's Date header will do.
  const measure = () => void signing.probe().catch(() => {})
  const stopWatching = d.bus.on('environments:changed', change => {
    if (change.reason !== 'activated') return
    d.skew.reset()
    d.bus.emit('signing:skew', null)
    measure()
  })
  return {
    signing,
    close() {
      unsubscribe()
      stopWatching()
    },
  }
}
