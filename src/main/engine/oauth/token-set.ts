import { z } from 'zod'
import { lazySchema, type TokenView } from '../../../shared/contract'
import { maskSecret } from '../vault/mask'
import type { TokenGrant } from './token-client'

/** The spec's access-token lifetime (docs/api.md#limits), used only when no lifetime was ever stated. */
export const SPEC_ACCESS_LIFETIME_SECONDS = 86_400

const tokenSetSchema = lazySchema(() =>
  z.object({
    accessToken: z.string().min(1),
    refreshToken: z.string().min(1).nullable(),
    permissions: z.array(z.string()),
    tokenType: z.string(),
    obtainedAt: z.number(),
    refreshedAt: z.number().nullable(),
    expiresAt: z.number(),
    lifetimeSeconds: z.number().positive(),
    expirySource: z.enum(['expiration', 'expires_in', 'last-known-lifetime', 'spec-default']),
    /** When the server said the token is expired before its computed expiry (a 401, or the sandbox operator). */
    expiredObservedAt: z.number().nullable(),
  }),
)

/** An environment's tokens as the engine keeps them (in the vault as one encrypted JSON record). */
export type TokenSet = z.output<typeof tokenSetSchema>

/** Parses a vault record; null when it is not a token set (reported by the caller). */
export function parseTokenSet(text: string): TokenSet | null {
  try {
    const parsed = tokenSetSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * The token set after a grant. The expiry comes from `expiration` (docs/api.md#token-response), else `expires_in` (RFC 6749); a refresh answer has none (docs/api.md#refresh-response), so the
 * previous lifetime is carried over ("last known lifetime"); with no lifetime ever stated, the spec's 24 h is used.
 */
export function tokenSetFromGrant(grant: TokenGrant, via: 'exchange' | 'refresh', previous: TokenSet | undefined, now: number): TokenSet {
  let lifetime = SPEC_ACCESS_LIFETIME_SECONDS
  let source: TokenSet['expirySource'] = 'spec-default'
  if (grant.expiration !== null) {
    lifetime = grant.expiration
    source = 'expiration'
  } else if (grant.expiresIn != null) {
    lifetime = grant.expiresIn
    source = 'expires_in'
  } else if (via === 'refresh' && previous) {
    lifetime = previous.lifetimeSeconds
    source = previous.expirySource === 'spec-default' ? 'spec-default' : 'last-known-lifetime'
  }
  return {
    accessToken: grant.accessToken,
    refreshToken: grant.refreshToken ?? (via === 'refresh' ? (previous?.refreshToken ?? null) : null),
    permissions: grant.permissions.length > 0 || !previous ? grant.permissions : previous.permissions,
    tokenType: grant.tokenType,
    obtainedAt: via === 'exchange' || !previous ? now : previous.obtainedAt,
    refreshedAt: via === 'refresh' ? now : null,
    expiresAt: now + lifetime * 1000,
    lifetimeSeconds: lifetime,
    expirySource: source,
    expiredObservedAt: null,
  }
}

/** True when the access token is past its expiry, or the server already said so. */
export function isExpired(set: TokenSet, now: number): boolean {
  return set.expiredObservedAt !== null || now >= set.expiresAt
}

/** What the renderer may see: masked values and fingerprints, never the tokens. */
export function tokenView(
  envId: string,
  set: TokenSet | undefined,
  now: number,
  lifecycle: TokenView['lifecycle'],
  persistence: { persist: boolean; note: string | null },
): TokenView {
  if (!set) {
    return {
      envId,
      present: false,
      accessToken: null,
      refreshToken: null,
      tokenType: null,
      permissions: [],
      obtainedAt: null,
      refreshedAt: null,
      expiresAt: null,
      lifetimeSeconds: null,
      expirySource: null,
      expired: false,
      persisted: false,
      persistNote: persistence.note,
      lifecycle,
    }
  }
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
  return {
    envId,
    present: true,
    accessToken: maskSecret(set.accessToken),
    refreshToken: set.refreshToken ? maskSecret(set.refreshToken) : null,
    tokenType: set.tokenType,
    permissions: [...set.permissions],
    obtainedAt: iso(set.obtainedAt),
    refreshedAt: iso(set.refreshedAt),
    expiresAt: iso(set.expiredObservedAt !== null ? Math.min(set.expiresAt, set.expiredObservedAt) : set.expiresAt),
    lifetimeSeconds: set.lifetimeSeconds,
    expirySource: set.expirySource,
    expired: isExpired(set, now),
    persisted: persistence.persist,
    persistNote: persistence.note,
    lifecycle,
  }
}
