import pkg from '../../../package.json' with { type: 'json' }
import { registerHttpHandlers } from '../bridge/handlers/http-handlers'
import { registerLogHandlers } from '../bridge/handlers/log-handlers'
import { registerQuotaHandlers } from '../bridge/handlers/quota-handlers'
import { registerWorkbenchHandlers } from '../bridge/handlers/workbench-handlers'
import { createRequestsEngine } from '../engine/http/requests-engine'
import { loadQuotaConfig, saveQuotaConfig } from '../engine/quota/quota-config-store'
import { signingTimestamp } from '../engine/signing/signing-timestamp'
import { CollectionStore } from '../engine/workbench/collection-store'
import type { RuntimeContext } from './runtime-context'

/**
 * Builds the requests part of the engine (executor, quota tracker, network log, HAR/cURL, the request workbench) and
 * registers the `http:*`, `quota:*`, `log:*` and `workbench:*` handlers. Provides ctx.services.sendHttp so the auth part's token and sandbox operator calls
 * are logged too. Environments, tokens and the clock-skew estimate are looked up at call time (wired later).
 */
export async function wireRequests(ctx: RuntimeContext): Promise<void> {
  const quotaConfig = await loadQuotaConfig(ctx.dataDir, message => process.stderr.write(`partner-console: ${message}\n`))
  const engine = createRequestsEngine({
    bus: ctx.bus,
    secrets: ctx.secrets,
    environments: () => ctx.services.environments,
    tokens: () => ctx.services.tokens,
    clockSkew: () => ctx.services.clockSkew,
    signingTimestamp: () => signingTimestamp(ctx),
    creator: { name: 'Partner API Console', version: pkg.version },
    quotaConfig,
  })
  ctx.services.sendHttp = engine.executor.sendHttp
  registerHttpHandlers(ctx.registry, engine)
  registerQuotaHandlers(ctx.registry, { quota: engine.quota, save: config => saveQuotaConfig(ctx.dataDir, config) })
  registerLogHandlers(ctx.registry, engine)
  registerWorkbenchHandlers(ctx.registry, {
    workbench: engine.workbench,
    collections: new CollectionStore(ctx.dataDir, text => ctx.secrets.redact(text)),
    environments: () => ctx.services.environments,
  })
  ctx.closers.push(() => engine.close())
}
