import { join } from 'node:path'
import { registerSigningHandlers } from '../bridge/handlers/signing-handlers'
import { ClockSkewEstimator } from '../engine/signing/clock-skew'
import { SigningService } from '../engine/signing/signing-service'
import type { RuntimeContext } from './runtime-context'

/**
 * Builds the signing part of the engine: the clock-skew estimator (shared as `ctx.services.clockSkew`, which the
 * executor feeds with every response's Date header and reads through `signingTimestamp(ctx)`), the signing service
 * behind the `signing:*` channels, and the `signing:skew` event on meaningful changes of the estimate.
 */
export async function wireSigning(ctx: RuntimeContext): Promise<void> {
  const skew = ctx.services.clockSkew ?? new ClockSkewEstimator()
  ctx.services.clockSkew = skew
  const signing = new SigningService({
    skew,
    secrets: ctx.secrets,
    environments: () => ctx.services.environments,
    sendHttp: () => ctx.services.sendHttp,
    settingsFile: join(ctx.dataDir, 'signing-settings.json'),
  })
  await signing.loadSettings()
  const unsubscribe = skew.subscribe(estimate => ctx.bus.emit('signing:skew', estimate))
  ctx.closers.push(unsubscribe)
  // Another environment is another server with its own clock: forget the old offset and measure the new one at once,
  // so the status bar never shows a stale skew. Failures are fine here: the next response's Date header will do.
  const measure = () => void signing.probe().catch(() => {})
  const stopWatching = ctx.bus.on('env:changed', change => {
    if (change.reason !== 'activated') return
    skew.reset()
    ctx.bus.emit('signing:skew', null)
    measure()
  })
  ctx.closers.push(stopWatching)
  registerSigningHandlers(ctx.registry, { signing })
}
