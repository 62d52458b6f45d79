import { randomBytes } from 'node:crypto'
import type { SandboxClock } from '../state/sandbox-clock'
import type { PkceChallenge } from './pkce'
import { secretsEqual } from './secure-compare'

export interface PendingAuthorization {
  id: string
  /** Hidden form field bound to this authorization; a form post without it is refused. */
  csrf: string
  clientId: string
  redirectUri: string
  state?: string
  /** PKCE (RFC 7636) as sent on the authorize request. */
  pkce?: PkceChallenge
  permissions: string[]
  /** Draw the pages in large type (presenter mode asked for it with `presenter=1`). */
  large?: boolean
  /** Set once the merchant signed in. */
  merchantId?: string
  merchantName?: string
  expiresAt: number
}

const PENDING_TTL_MS = 15 * 60 * 1000
const MAX_PENDING = 1000

/**
 * Authorizations between "authorize URL opened" and "Allow/Deny clicked". Each one carries its own
 * CSRF value, lives 15 minutes of the sandbox clock, and is consumed by the decision.
 */
export class PendingAuthorizations {
  private readonly pending = new Map<string, PendingAuthorization>()

  constructor(private readonly clock: SandboxClock) {}

  /** Starts a pending authorization; the oldest is dropped when too many are open. */
  create(input: {
    clientId: string
    redirectUri: string
    state?: string
    pkce?: PkceChallenge
    permissions: string[]
    large?: boolean
  }): PendingAuthorization {
    if (this.pending.size >= MAX_PENDING) {
      const oldest = this.pending.keys().next()
      if (!oldest.done) this.pending.delete(oldest.value)
    }
    const record: PendingAuthorization = {
      ...input,
      id: randomBytes(16).toString('base64url'),
      csrf: randomBytes(24).toString('base64url'),
      expiresAt: this.clock.now() + PENDING_TTL_MS,
    }
    this.pending.set(record.id, record)
    return record
  }

  /** Finds a live pending authorization whose CSRF field matches; null otherwise. */
  verify(id: unknown, csrf: unknown): PendingAuthorization | null {
    if (typeof id !== 'string' || typeof csrf !== 'string') return null
    const record = this.pending.get(id)
    if (!record) return null
    if (this.clock.now() >= record.expiresAt) {
      this.pending.delete(id)
      return null
    }
    return secretsEqual(record.csrf, csrf) ? record : null
  }

  /** Ends a pending authorization (after the decision). */
  consume(id: string): void {
    this.pending.delete(id)
  }
}
