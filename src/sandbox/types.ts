/**
 * Public types of the sandbox. Kept in one place so that `index.ts` can re-export them
 * and the internal modules can share them without circular imports.
 */

export interface SandboxClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  name?: string
  permissions?: string[]
}

export interface SandboxClock {
  /** Milliseconds since the epoch, operator offset included. */
  now(): number
  advance(ms: number): void
  set(ms: number): void
  offsetMs(): number
}

export interface LimitOverride {
  /** Path pattern: `*` or `{name}` = one segment, a trailing `/**` = any number of further segments. */
  pathPattern: string
  /** Upper-case HTTP method; absent = every method. */
  method?: string
  limit: number
}

export interface SandboxLimitsOptions {
  defaultPerWindow?: number
  windowSeconds?: number
  overrides?: LimitOverride[]
  /** Count requests whose client cannot be identified under `anonymous:<ip>` (default true). */
  countUnidentified?: boolean
  /** Upper bound on the number of quota keys kept; least recently used keys are dropped (default 10000). */
  maxKeys?: number
}

export interface SandboxOptions {
  port?: number
  host?: string
  /** Serve HTTPS with this certificate and key (PEM) instead of plain HTTP (see sandbox-tls.ts for the local CA). */
  tls?: { cert: string; key: string; ca?: string }
  clients?: SandboxClient[]
  /** Seed the two demo clients even when `clients` is given (default: only when `clients` is absent). */
  includeDemoClients?: boolean
  autoConsent?: 'allow' | 'deny'
  adminToken?: string
  now?: () => number
  codeTtlSeconds?: number
  accessTokenTtlSeconds?: number
  /** Refresh token lifetime; absent or 0 = never expires (the spec only says "long-lived"). */
  refreshTokenTtlSeconds?: number
  /** Issue a new refresh token on each refresh grant and revoke the old one (default true). */
  rotateRefreshTokens?: boolean
  signatureMaxAgeSeconds?: number
  /** How far in the future an x-timestamp may be (default 10 s). */
  signatureFutureToleranceSeconds?: number
  signedPathPrefix?: string
  /** Put the server's canonical string into the mismatch error details (default true). */
  revealCanonicalOnMismatch?: boolean
  /** Refuse ticket export for locations the client has not installed (default false). */
  exportRequiresInstallation?: boolean
  /** Largest allowed dateTimeFrom..dateTimeTo span in days, inclusive (default 31). */
  exportMaxRangeDays?: number
  /** Echo `state` on the authorize redirect (default true). */
  echoState?: boolean
  /**
   * Verify PKCE (RFC 7636) when the authorize request carried a code_challenge: the token request must bring the
   * matching code_verifier (S256 or plain), or it gets invalid_grant (default true).
   */
  verifyPkce?: boolean
  /** Page the locations list with `?page=` when set (default: no paging, `meta: {}`). */
  locationsPageSize?: number
  limits?: SandboxLimitsOptions
  /** Start in a named scenario (docs/sandbox.md, Scenarios); an unknown name fails the start with the known ones. */
  scenario?: string
  quiet?: boolean
  /** Print the start banner (default `!quiet`); the CLI prints its own. */
  printBanner?: boolean
  /** Where banner and access-log lines go (default: process.stderr). */
  logger?: (line: string) => void
}

export interface DemoLogin {
  username: string
  password: string
  merchantId: string
  merchantName: string
}

export interface RunningSandbox {
  url: string
  port: number
  adminToken: string
  clients: SandboxClient[]
  demoLogins: DemoLogin[]
  clock: SandboxClock
  registerClient(c: SandboxClient): void
  /** The scenario in force (null = none). */
  readonly scenario: string | null
  close(): Promise<void>
}
