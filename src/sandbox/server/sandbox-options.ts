import type { SandboxClient } from '../auth/client-registry'
import type { SandboxLimitsOptions } from '../state/limit-table'

/** What a caller may set when starting a sandbox; sandbox-config.ts fills in the defaults. */
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
