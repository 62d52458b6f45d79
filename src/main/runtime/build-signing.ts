import { join } from 'node:path'
import type { EventBus } from '../engine/core/event-bus'
import type { EnvironmentProvider, SendHttp } from '../engine/core/ports'
import type { SecretRegistry } from '../engine/core/secret-registry'
import type { ClockSkewEstimator } from '../engine/signing/clock-skew'
import { SigningService } from '../engine/signing/signing-service'

interface SigningDeps {
  /** The estimate the HTTP client feeds with every response's Date header (built before the HTTP client). */
  skew: ClockSkewEstimator
  secrets: SecretRegistry
  bus: EventBus
  environments: EnvironmentProvider
  send: SendHttp
  dataDir: string
}

/**
 * Builds the signing service behind the `signing:*` channels and announces the skew estimate (`signing:skew`) on
 * meaningful changes. When another environment is activated, the old server's offset is forgotten (the status bar
 * never shows a stale skew); the built-in sandbox's clock is read at once from its operator API, while any other
 * server gets no traffic the user did not ask for: its skew comes from the Date headers of the user's own calls, or a
 * probe the user starts (`signing:probe` with a path). Returns the signing service and the unsubscribe for shutdown.
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
  // Only the built-in sandbox (its own operator API, no user server): failures are fine, the next Date header will do.
  // Answers still in flight from the previous server are dropped by the estimator (sent before its reset).
  const measureSandbox = async () => {
    const env = await d.environments.active()
    if (env.sandboxAdmin) await signing.probe(env.id)
  }
  const stopWatching = d.bus.on('environments:changed', change => {
    if (change.reason !== 'activated') return
    d.skew.reset()
    d.bus.emit('signing:skew', null)
    void measureSandbox().catch(() => {})
  })
  return {
    signing,
    close() {
      unsubscribe()
      stopWatching()
    },
  }
}
