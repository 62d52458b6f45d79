import { AuthorizationCodes } from '../auth/authorization-codes'
import { ClientRegistry } from '../auth/client-registry'
import { PendingAuthorizations } from '../auth/pending-authorizations'
import { SignatureReplayCache } from '../auth/signature-replay-cache'
import { TokenStore } from '../auth/token-store'
import { LocationCatalog } from '../data/location-catalog'
import type { DemoLogin } from '../data/seed-data'
import { DEMO_LOGINS, SEED_LOCATIONS } from '../data/seed-data'
import type { SandboxConfig } from '../server/sandbox-config'
import { FaultInjector } from './fault-injector'
import { InstallationStore } from './installation-store'
import { LimitTable } from './limit-table'
import { RateLimiter } from './rate-limiter'
import type { SandboxClock } from './sandbox-clock'
import { ScenarioController } from './scenarios'

/** Everything one running sandbox knows; handlers receive it through the request context. */
export interface SandboxState {
  config: SandboxConfig
  clock: SandboxClock
  clients: ClientRegistry
  codes: AuthorizationCodes
  tokens: TokenStore
  installations: InstallationStore
  limits: LimitTable
  limiter: RateLimiter
  faults: FaultInjector
  replay: SignatureReplayCache
  pending: PendingAuthorizations
  catalog: LocationCatalog
  demoLogins: DemoLogin[]
  /** The named preset in force (docs/sandbox.md, Scenarios). */
  scenario: ScenarioController
}

/** Builds a fresh, isolated state: two sandboxes in one process share nothing. */
export function createSandboxState(config: SandboxConfig, clock: SandboxClock): SandboxState {
  const limits = new LimitTable(config.limits.defaultPerWindow, config.limits.windowSeconds, config.limits.overrides)
  const clients = new ClientRegistry()
  const tokens = new TokenStore(
    clock,
    () => config.accessTokenTtlSeconds * 1000,
    () => config.refreshTokenTtlSeconds * 1000,
  )
  const limiter = new RateLimiter(clock, limits, config.limits.maxKeys)
  const faults = new FaultInjector()
  return {
    config,
    clock,
    clients,
    codes: new AuthorizationCodes(clock, () => config.codeTtlSeconds * 1000),
    tokens,
    installations: new InstallationStore(clock),
    limits,
    limiter,
    faults,
    replay: new SignatureReplayCache(),
    pending: new PendingAuthorizations(clock),
    catalog: new LocationCatalog(SEED_LOCATIONS),
    demoLogins: DEMO_LOGINS.map(l => ({ ...l })),
    scenario: new ScenarioController({ clock, tokens, limiter, clients, faults }),
  }
}
