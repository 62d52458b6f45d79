import type { SandboxClock } from '../state/sandbox-clock'
import { fingerprint, randomToken } from './secure-compare'

type TokenKind = 'access' | 'refresh'

export interface TokenRecord {
  value: string
  fingerprint: string
  kind: TokenKind
  clientId: string
  merchantId: string
  permissions: string[]
  issuedAt: number
  /** Absent = never expires (refresh tokens by default). */
  expiresAt?: number
  revoked: boolean
  /** Tokens descending from one authorization code share a grant id (used to revoke on code replay). */
  grantId: string
}

interface GrantSubject {
  clientId: string
  merchantId: string
  permissions: string[]
  grantId: string
}

/** How long expired or revoked tokens are remembered (so the operator can still list them). */
const RETENTION_MS = 7 * 24 * 3600 * 1000

/**
 * Issued access and refresh tokens. Tokens are opaque random strings; the store is the only
 * place that knows what they mean. Expiry is judged against the sandbox clock.
 */
export class TokenStore {
  private readonly tokens = new Map<string, TokenRecord>()
  private issuedSinceSweep = 0

  constructor(
    private readonly clock: SandboxClock,
    private readonly accessTtlMs: () => number,
    private readonly refreshTtlMs: () => number,
  ) {}

  /** Issues a new access + refresh token pair for a grant. */
  issuePair(subject: GrantSubject): { access: TokenRecord; refresh: TokenRecord } {
    const access = this.issue(subject, 'access', this.accessTtlMs())
    const refresh = this.issue(subject, 'refresh', this.refreshTtlMs())
    return { access, refresh }
  }

  /** Issues a single token of the given kind (refresh grant without rotation issues only access). */
  issue(subject: GrantSubject, kind: TokenKind, ttlMs: number): TokenRecord {
    this.maybeSweep()
    const now = this.clock.now()
    const value = randomToken(kind === 'access' ? 'sbx_at_' : 'sbx_rt_')
    const record: TokenRecord = {
      value,
      fingerprint: fingerprint(value),
      kind,
      clientId: subject.clientId,
      merchantId: subject.merchantId,
      permissions: [...subject.permissions],
      issuedAt: now,
      expiresAt: ttlMs > 0 ? now + ttlMs : undefined,
      revoked: false,
      grantId: subject.grantId,
    }
    this.tokens.set(value, record)
    return record
  }

  /** Finds a token record by its raw value (whatever its state). */
  find(value: string): TokenRecord | undefined {
    return this.tokens.get(value)
  }

  /** True when the record's lifetime is over by the sandbox clock. */
  isExpired(record: TokenRecord, now = this.clock.now()): boolean {
    return record.expiresAt !== undefined && now >= record.expiresAt
  }

  /** Expires one token (any kind) or, with no value, every still-valid access token. Returns the count. */
  expire(value?: string): number {
    const now = this.clock.now()
    let count = 0
    for (const record of this.select(value)) {
      if (value === undefined && record.kind !== 'access') continue
      if (record.revoked || this.isExpired(record, now)) continue
      record.expiresAt = now
      count++
    }
    return count
  }

  /** Revokes one token or every token. Returns how many changed state. */
  revoke(value?: string): number {
    let count = 0
    for (const record of this.select(value)) {
      if (!record.revoked) {
        record.revoked = true
        count++
      }
    }
    return count
  }

  /** Revokes every token descending from one grant (authorization code replay). */
  revokeGrant(grantId: string): number {
    let count = 0
    for (const record of this.tokens.values()) {
      if (record.grantId === grantId && !record.revoked) {
        record.revoked = true
        count++
      }
    }
    return count
  }

  /** All records, oldest first. */
  list(): TokenRecord[] {
    return [...this.tokens.values()]
  }

  private select(value?: string): TokenRecord[] {
    if (value === undefined) return [...this.tokens.values()]
    const record = this.tokens.get(value)
    return record ? [record] : []
  }

  private maybeSweep(): void {
    if (++this.issuedSinceSweep < 256) return
    this.issuedSinceSweep = 0
    const cutoff = this.clock.now() - RETENTION_MS
    for (const [value, record] of this.tokens) {
      const deadAt = record.revoked ? record.issuedAt : record.expiresAt
      if (deadAt !== undefined && (record.revoked || this.isExpired(record)) && deadAt < cutoff) {
        this.tokens.delete(value)
      }
    }
  }
}
