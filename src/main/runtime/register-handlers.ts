import type { AppInfo } from '../../shared/contract'
import { registerAppHandlers } from '../bridge/handlers/app-handlers'
import { registerBundleHandlers } from '../bridge/handlers/bundle-handlers'
import { registerCaptureHandlers } from '../bridge/handlers/capture-handlers'
import { registerDoctorHandlers } from '../bridge/handlers/doctor-handlers'
import { registerDraftsHandlers } from '../bridge/handlers/drafts-handlers'
import { registerEnvironmentsHandlers } from '../bridge/handlers/environments-handlers'
import { registerFirstRunHandlers } from '../bridge/handlers/first-run-handlers'
import { registerHttpHandlers } from '../bridge/handlers/http-handlers'
import { registerLogHandlers } from '../bridge/handlers/log-handlers'
import { registerOAuthHandlers } from '../bridge/handlers/oauth-handlers'
import { registerQuotaHandlers } from '../bridge/handlers/quota-handlers'
import { registerRequestsHandlers } from '../bridge/handlers/requests-handlers'
import { registerSandboxHandlers } from '../bridge/handlers/sandbox-handlers'
import { registerSigningHandlers } from '../bridge/handlers/signing-handlers'
import type { HandlerRegistry } from '../bridge/registry'
import type { BundleReplay } from '../engine/bundle/bundle-replay'
import type { ReproBundles } from '../engine/bundle/repro-bundle'
import type { CaptureService } from '../engine/capture/capture-service'
import type { DoctorSessions } from '../engine/doctor/doctor-sessions'
import type { EnvironmentRepository } from '../engine/environments/environment-repository'
import type { FirstRunChecklist } from '../engine/onboarding/first-run-checklist'
import type { PresenterMode } from '../engine/presenter/presenter-mode'
import { saveQuotaConfig } from '../engine/quota/quota-config-store'
import { CollectionStore } from '../engine/requests/collection-store'
import type { DraftStore } from '../engine/requests/drafts/draft-store'
import type { SentHistory } from '../engine/requests/drafts/sent-history'
import type { SigningService } from '../engine/signing/signing-service'
import type { AuthPart } from './build-auth'
import type { HttpClientLayer } from './http-client-layer'
import type { RequestsEngine } from './requests-engine'

/** Every part the handlers call, built. */
interface HandledParts {
  info: () => Promise<AppInfo>
  presenter: PresenterMode
  dataDir: string
  redact: (text: string) => string
  layer: HttpClientLayer
  environments: EnvironmentRepository
  auth: AuthPart
  signing: SigningService
  requests: RequestsEngine
  bundle: { bundles: ReproBundles; replay: BundleReplay }
  capture: CaptureService
  doctor: DoctorSessions
  /** The composer's open tabs and the history of its sends, in the data folder (the runtime flushes them on close). */
  drafts: { drafts: DraftStore; sent: SentHistory }
  /** The first-run checklist on Overview; told when the user opens a logged exchange or has a signature explained. */
  firstRun: FirstRunChecklist
}

/**
 * Registers every domain's handlers on the registry, once every part exists: one line per domain, no logic. A
 * channel of the contract without a handler is a wiring mistake that a test catches (registry.missing()).
 */
export function registerHandlers(registry: HandlerRegistry, p: HandledParts): void {
  registerAppHandlers(registry, { info: p.info, presenter: p.presenter })
  registerEnvironmentsHandlers(registry, { environments: p.environments })
  registerOAuthHandlers(registry, { environments: p.environments, flows: p.auth.flows, tokens: p.auth.tokens })
  registerSandboxHandlers(registry, { control: p.auth.control })
  registerSigningHandlers(registry, { signing: p.signing, looked: what => p.firstRun.sawExchange(what) })
  registerHttpHandlers(registry, { executor: p.requests.executor, endpoints: p.requests.endpoints })
  registerQuotaHandlers(registry, { quota: p.layer.quota, save: config => saveQuotaConfig(p.dataDir, config) })
  registerLogHandlers(registry, { log: p.layer.log, formats: p.requests.formats, looked: what => p.firstRun.sawExchange(what) })
  registerRequestsHandlers(registry, {
    requests: p.requests.service,
    collections: new CollectionStore(p.dataDir, p.redact),
    environments: p.environments,
    sent: p.drafts.sent,
  })
  registerDraftsHandlers(registry, p.drafts)
  registerBundleHandlers(registry, p.bundle)
  registerCaptureHandlers(registry, { capture: p.capture })
  registerDoctorHandlers(registry, { doctor: p.doctor, environments: p.environments })
  registerFirstRunHandlers(registry, { checklist: p.firstRun })
}
