import { SecretRegistry } from '../../../src/main/engine/core/secret-registry'
import { noEnvironments } from '../../../src/main/engine/core/without-sign-in'
import { ClockSkewEstimator, SIGNATURE_LIFETIME_MS, SKEW_DANGER_MS, SKEW_WARN_MS } from '../../../src/main/engine/signing/clock-skew'
import { type SignCall, SigningService } from '../../../src/main/engine/signing/signing-service'
import type { InspectedSignature, SkewEstimate } from '../../../src/shared/contract'

// The renderer tests take their sign responses and skew estimates from the real engine, not from fixtures, typed by
// the engine's own classes (tsconfig.web-tests.json gives these tests Node's types): a change of the engine's shape
// breaks them at typecheck.

/** What the bridge's `signing:sign` answers for these inputs: the engine's SigningService, credentials given. */
export async function engineSign(call: SignCall): Promise<InspectedSignature> {
  const service = new SigningService({
    skew: new ClockSkewEstimator(),
    secrets: new SecretRegistry(),
    environments: noEnvironments,
    sendHttp: async () => {
      throw new Error('the inspector tests sign with given credentials; nothing is sent')
    },
    settingsFile: '/nonexistent/signing-settings.json',
  })
  return service.sign(call)
}

/** The engine's skew estimate after three responses whose server clock ran `offsetMs` ahead of the local one. */
export async function engineSkew(offsetMs: number): Promise<SkewEstimate> {
  const estimator = new ClockSkewEstimator()
  const start = Date.now()
  for (let i = 0; i < 3; i++) {
    const sentAt = start + i * 1000
    const receivedAt = sentAt + 40
    estimator.observe({
      serverDate: new Date(sentAt).toUTCString(),
      sentAt,
      receivedAt,
      serverTimeMs: sentAt + 20 + offsetMs,
      source: 'GET /test',
    })
  }
  const estimate = estimator.estimate()
  if (!estimate) throw new Error('the estimator gave no estimate after three samples')
  return estimate
}

/** The engine's thresholds (warn, danger, lifetime), as `signing:skew` reports them. */
export async function engineLimits(): Promise<{ warnMs: number; dangerMs: number; lifetimeMs: number }> {
  return { warnMs: SKEW_WARN_MS, dangerMs: SKEW_DANGER_MS, lifetimeMs: SIGNATURE_LIFETIME_MS }
}
