/**
 * The sandbox's public entry: start one (`startSandbox`), its options and handles, the demo data, the operator header,
 * the scenarios and the local CA. Everything else under src/sandbox/ is internal.
 */

export { ADMIN_TOKEN_HEADER } from './auth/admin-guard'
export type { SandboxClient } from './auth/client-registry'
export { findScenario, SCENARIOS, type ScenarioInfo, scenarioNames } from './data/scenario-catalog'
export type { DemoLogin } from './data/seed-data'
export { DEMO_CLIENT, DEMO_LOGINS, DEMO_READONLY_CLIENT } from './data/seed-data'
export { formatBanner } from './server/sandbox-banner'
export type { SandboxOptions } from './server/sandbox-options'
export { type RunningSandbox, startSandbox } from './server/start-sandbox'
export type { LimitOverride, SandboxLimitsOptions } from './state/limit-table'
export type { SandboxClock } from './state/sandbox-clock'
export { LOOPBACK_NAMES, type PermittedNames } from './tls/name-constraints'
export {
  caProblem,
  ensureSandboxTls,
  replacedCaNotice,
  SANDBOX_CA_DAYS,
  SANDBOX_TLS_HOSTS,
  type SandboxTlsFiles,
  trustInstructions,
} from './tls/sandbox-tls'
export {
  type CaOptions,
  createCertificateAuthority,
  type IssuedCertificate,
  issueClientCertificate,
  issueServerCertificate,
} from './tls/tls-certificates'
