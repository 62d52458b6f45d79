import type { InspectedSignature, SkewEstimate } from '../../../src/shared/contract'

// The renderer tests take their sign responses and skew estimates from the real engine, not from fixtures. The engine is
// plain Node code outside the web project's types, so it is loaded at run time by a computed path and typed here by the
// contract (the same types the bridge carries).
const SIGNING = '../../../src/main/engine/signing/'
const CORE = '../../../src/main/engine/core/'

interface SignServiceLike {
  sign(call: {
    method: string
    path: string
    body?: string | null
    clientId?: string
    clientSecret?: string
    timestamp?: number
  }): Promise<InspectedSignature>
}

interface EstimatorLike {
  observe(sample: { serverDate: string; sentAt: number; receivedAt: number; serverTimeMs?: number; source?: string }): void
  estimate(): SkewEstimate | null
}

/** What the bridge's `signing:sign` answers for these inputs: the engine's SigningService, credentials given. */
export async function engineSign(call: Parameters<SignServiceLike['sign']>[0]): Promise<InspectedSignature> {
  const [{ SigningService }, { ClockSkewEstimator }, { SecretRegistry }] = await Promise.all([
    import(/* @vite-ignore */ `${SIGNING}signing-service.ts`),
    import(/* @vite-ignore */ `${SIGNING}clock-skew.ts`),
    import(/* @vite-ignore */ `${CORE}secret-registry.ts`),
  ])
  const service: SignServiceLike = new SigningService({
    skew: new ClockSkewEstimator(),
    secrets: new SecretRegistry(),
    environments: () => undefined,
    settingsFile: '/nonexistent/signing-settings.json',
  })
  return service.sign(call)
}

/** The engine's skew estimate after three responses whose server clock ran `offsetMs` ahead of the local one. */
export async function engineSkew(offsetMs: number): Promise<SkewEstimate> {
  const { ClockSkewEstimator } = await import(/* @vite-ignore */ `${SIGNING}clock-skew.ts`)
  const estimator: EstimatorLike = new ClockSkewEstimator()
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
  const m = await import(/* @vite-ignore */ `${SIGNING}clock-skew.ts`)
  return { warnMs: m.SKEW_WARN_MS, dangerMs: m.SKEW_DANGER_MS, lifetimeMs: m.SIGNATURE_LIFETIME_MS }
}
