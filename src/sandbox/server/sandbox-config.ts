import { randomBytes } from 'node:crypto'
import type { LimitOverride } from '../state/limit-table'
import type { SandboxOptions } from './sandbox-options'

/** Options with every default filled in; the single source of the sandbox's documented defaults. */
export interface SandboxConfig {
  port: number
  host: string
  autoConsent?: 'allow' | 'deny'
  adminToken: string
  codeTtlSeconds: number
  accessTokenTtlSeconds: number
  refreshTokenTtlSeconds: number
  rotateRefreshTokens: boolean
  signatureMaxAgeSeconds: number
  signatureFutureToleranceSeconds: number
  signedPathPrefix: string
  revealCanonicalOnMismatch: boolean
  exportRequiresInstallation: boolean
  exportMaxRangeDays: number
  echoState: boolean
  verifyPkce: boolean
  locationsPageSize: number
  limits: {
    defaultPerWindow: number
    windowSeconds: number
    overrides: LimitOverride[]
    countUnidentified: boolean
    maxKeys: number
  }
  quiet: boolean
  printBanner: boolean
  logger: (line: string) => void
}

/** Normalises the signed path prefix: leading slash, no trailing slash, lower case. */
function normalizePrefix(prefix: string): string {
  let p = prefix.trim().toLowerCase()
  if (!p.startsWith('/')) p = `/${p}`
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1)
  return p
}

/** Fills in the defaults documented in docs/sandbox.md. */
export function resolveConfig(opts: SandboxOptions): SandboxConfig {
  const quiet = opts.quiet ?? false
  return {
    port: opts.port ?? 0,
    host: opts.host ?? '127.0.0.1',
    autoConsent: opts.autoConsent,
    adminToken: opts.adminToken ?? `sbx_admin_${randomBytes(18).toString('base64url')}`,
    codeTtlSeconds: opts.codeTtlSeconds ?? 600,
    accessTokenTtlSeconds: opts.accessTokenTtlSeconds ?? 86_400,
    refreshTokenTtlSeconds: opts.refreshTokenTtlSeconds ?? 0,
    rotateRefreshTokens: opts.rotateRefreshTokens ?? true,
    signatureMaxAgeSeconds: opts.signatureMaxAgeSeconds ?? 10,
    signatureFutureToleranceSeconds: opts.signatureFutureToleranceSeconds ?? 10,
    signedPathPrefix: normalizePrefix(opts.signedPathPrefix ?? '/api/v1/export'),
    revealCanonicalOnMismatch: opts.revealCanonicalOnMismatch ?? true,
    exportRequiresInstallation: opts.exportRequiresInstallation ?? false,
    exportMaxRangeDays: opts.exportMaxRangeDays ?? 31,
    echoState: opts.echoState ?? true,
    verifyPkce: opts.verifyPkce ?? true,
    locationsPageSize: opts.locationsPageSize ?? 0,
    limits: {
      defaultPerWindow: opts.limits?.defaultPerWindow ?? 100,
      windowSeconds: opts.limits?.windowSeconds ?? 3600,
      overrides: opts.limits?.overrides ?? [],
      countUnidentified: opts.limits?.countUnidentified ?? true,
      maxKeys: opts.limits?.maxKeys ?? 10_000,
    },
    quiet,
    printBanner: opts.printBanner ?? !quiet,
    logger: opts.logger ?? (line => process.stderr.write(`${line}\n`)),
  }
}
