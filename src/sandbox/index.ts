/**
 * The sandbox's public entry: start one (`startSandbox`), its options and handles, the demo data, the operator header,
 * the scenarios and the local CA. Everything else under src/sandbox/ is internal.
 */
export type { SandboxClient } from './auth/client-registry'
export type { LimitOverride, SandboxLimitsOptions } from './state/limit-table'
export type { SandboxClock } from './state/sandbox-clock'
export type { SandboxOptions } from './server/sandbox-options'
export type { DemoLogin } from './data/seed-data'
export { type RunningSandbox, startSandbox } from './server/start-sandbox'
export { formatBanner } from './server/sandbox-banner'
export { DEMO_CLIENT, DEMO_READONLY_CLIENT, DEMO_LOGINS } from './data/seed-data'
export { ADMIN_TOKEN_HEADER } from './auth/admin-guard'
export { SCENARIOS, type ScenarioInfo, findScenario, scenarioNames } from './data/scenario-catalog'
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
