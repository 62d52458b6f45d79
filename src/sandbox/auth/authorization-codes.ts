import { randomBytes } from 'node:crypto'
import type { SandboxClock } from '../state/sandbox-clock'
import { type PkceChallenge, verifierMatches } from './pkce'
import { randomToken } from './secure-compare'

interface CodeRecord {
  code: string
  clientId: string
  redirectUri: string
  merchantId: string
  permissions: string[]
  expiresAt: number
  used: boolean
  grantId: string
  /** The authorize request's PKCE challenge, when it sent one. */
  pkce?: PkceChallenge
}

type RedeemResult =
  | { ok: true; record: CodeRecord }
  | { ok: false; reason: 'unknown' | 'expired' | 'wrong_client' | 'redirect_mismatch' | 'pkce_missing' | 'pkce_mismatch' }
  | { ok: false; reason: 'replayed'; grantId: string }

/** Used codes are remembered this long after their expiry so late replays are still recognised. */
const REPLAY_MEMORY_MS = 24 * 3600 * 1000

/**
 * Authorization codes (docs/api.md#authorization-code): single use, bound to the client and the redirect_uri they were
 * issued for, expiring after a configurable TTL of the sandbox clock.
 */
export class AuthorizationCodes {
  private readonly codes = new Map<string, CodeRecord>()

  constructor(
    private readonly clock: SandboxClock,
    private readonly ttlMs: () => number,
  ) {}

  /** Issues a code for an allowed authorization. */
  issue(input: { clientId: string; redirectUri: string; merchantId: string; permissions: string[]; pkce?: PkceChallenge }): CodeRecord {
    this.sweep()
    const record: CodeRecord = {
      ...input,
      permissions: [...input.permissions],
      code: randomToken('sbx_ac_', 24),
      expiresAt: this.clock.now() + this.ttlMs(),
      used: false,
      grantId: randomBytes(8).toString('hex'),
    }
    this.codes.set(record.code, record)
    return record
  }

  /**
   * Redeems a code. The checks run in an order that never burns a code for a request that did not
   * prove it holds it (another client's request does not consume it); a second redemption reports
   * the grant so the caller can revoke what the first one issued.
   */
  redeem(code: string, clientId: string, redirectUri: string, pkce?: { verifier?: string; verify: boolean }): RedeemResult {
    const record = this.codes.get(code)
    if (!record) return { ok: false, reason: 'unknown' }
    if (record.clientId !== clientId) return { ok: false, reason: 'wrong_client' }
    if (record.used) return { ok: false, reason: 'replayed', grantId: record.grantId }
    if (this.clock.now() >= record.expiresAt) return { ok: false, reason: 'expired' }
    if (record.redirectUri !== redirectUri) return { ok: false, reason: 'redirect_mismatch' }
    // RFC 7636 4.6: a code issued for a challenge needs the matching verifier (the code is not burnt without it).
    if (record.pkce && pkce?.verify !== false) {
      if (!pkce?.verifier) return { ok: false, reason: 'pkce_missing' }
      if (!verifierMatches(record.pkce, pkce.verifier)) return { ok: false, reason: 'pkce_mismatch' }
    }
    record.used = true
    return { ok: true, record }
  }

  private sweep(): void {
    const cutoff = this.clock.now() - REPLAY_MEMORY_MS
    for (const [code, record] of this.codes) {
      if (record.expiresAt < cutoff) this.codes.delete(code)
    }
  }
}
