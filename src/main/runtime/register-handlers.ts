import type { AppInfo } from '../../shared/contract'
import { registerAppHandlers } from '../bridge/handlers/app-handlers'
import { registerCaptureHandlers } from '../bridge/handlers/capture-handlers'
import { registerDraftsHandlers } from '../bridge/handlers/drafts-handlers'
import { registerEnvHandlers } from '../bridge/handlers/env-handlers'
import { registerHttpHandlers } from '../bridge/handlers/http-handlers'
import { registerLogHandlers } from '../bridge/handlers/log-handlers'
import { registerOAuthHandlers } from '../bridge/handlers/oauth-handlers'
import { registerQuotaHandlers } from '../bridge/handlers/quota-handlers'
import { registerSandboxHandlers } from '../bridge/handlers/sandbox-handlers'
import { registerSigningHandlers } from '../bridge/handlers/signing-handlers'
import { registerSupportHandlers } from '../bridge/handlers/support-handlers'
import { registerWorkbenchHandlers } from '../bridge/handlers/workbench-handlers'
import type { HandlerRegistry } from '../bridge/registry'
import type { CaptureService } from '../engine/capture/capture-service'
import type { HttpClientLayer } from './http-client-layer'
import type { RequestsEngine } from './requests-engine'
import type { PresenterMode } from '../engine/presenter/presenter-mode'
import { saveQuotaConfig } from '../engine/quota/quota-config-store'
import type { SigningService } from '../engine/signing/signing-service'
import type { BundleReplay } from '../engine/support/bundle-replay'
import type { ReproBundles } from '../engine/support/repro-bundle'
import { CollectionStore } from '../engine/workbench/collection-store'
import type { DraftStore } from '../engine/workbench/drafts/draft-store'
import type { SentHistory } from '../engine/workbench/drafts/sent-history'
import type { AuthPart } from './build-auth'

/** Every part the handlers call, built. */
export interface HandledParts {
  info: () => Promise<AppInfo>
  presenter: PresenterMode
  dataDir: string
  redact: (text: string) => string
  layer: HttpClientLayer
  auth: AuthPart
  signing: SigningService
  requests: RequestsEngine
  support: { bundles: ReproBundles; replay: BundleReplay }
  capture: CaptureService
  /** The composer's open tabs and the history of its sends, in the data folder (the runtime flushes them on close). */
  drafts: { drafts: DraftStore; sent: SentHistory }
}

/**
 * Registers every domain's handlers on the registry, once every part exists: one line per domain, no logic. A
 * channel of the contract without a handler is a wiring mistake that a test catches (registry.missing()).
 */
export function registerHandlers(registry: HandlerRegistry, p: HandledParts): void {
  registerAppHandlers(registry, { info: p.info, presenter: p.presenter })
  registerEnvHandlers(registry, { profiles: p.auth.profiles })
  registerOAuthHandlers(registry, { profiles: p.auth.profiles, flows: p.auth.flows, tokens: p.auth.tokens })
  registerSandboxHandlers(registry, { control: p.auth.control })
  registerSigningHandlers(registry, { signing: p.signing })
  registerHttpHandlers(registry, { executor: p.requests.executor, endpoints: p.requests.endpoints })
  registerQuotaHandlers(registry, { quota: p.layer.quota, save: config => saveQuotaConfig(p.dataDir, config) })
  registerLogHandlers(registry, { log: p.layer.log, exports: p.requests.exports })
  registerWorkbenchHandlers(registry, {
    workbench: p.requests.workbench,
    collections: new CollectionStore(p.dataDir, p.redact),
    environments: p.auth.profiles,
    sent: p.drafts.sent,
  })
  registerDraftsHandlers(registry, p.drafts)
  registerSupportHandlers(registry, p.support)
  registerCaptureHandlers(registry, { capture: p.capture })
}
