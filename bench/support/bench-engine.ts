import { EventBus } from '../../src/main/engine/core/event-bus'
import { SecretRegistry } from '../../src/main/engine/core/secret-registry'
import { noEnvironments, noTokens } from '../../src/main/engine/core/without-sign-in'
import { ClockSkewEstimator } from '../../src/main/engine/signing/clock-skew'
import { createHttpClient } from '../../src/main/runtime/http-client-layer'
import { createRequestsEngine, type RequestsEngine } from '../../src/main/runtime/requests-engine'

/**
 * The requests engine as the benchmarks measure it: network log, redaction, quota ledger (a limit no bench reaches),
 * clock skew and phase timings all on, no sign-in. `listening` subscribes to the bus as a connected window would, so
 * `log:entry` summaries are built and sent. Close it with `engine.layer.close()`.
 */
export function benchEngine(options: { listening?: boolean } = {}): RequestsEngine {
  const bus = new EventBus()
  if (options.listening) bus.subscribe(() => {})
  const secrets = new SecretRegistry()
  return createRequestsEngine({
    layer: createHttpClient({ bus, secrets, skew: new ClockSkewEstimator(), quotaConfig: { defaultLimit: 1_000_000_000 } }),
    bus,
    secrets,
    environments: noEnvironments,
    tokens: noTokens,
    signingTimestamp: () => Math.floor(Date.now() / 1000),
    creator: { name: 'bench', version: '0' },
  })
}
