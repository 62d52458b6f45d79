import type { TokenView } from '../../../shared/contract'

/** Whose data a server answer is: the environment and the grant (the access token it was fetched with). */
export interface GrantScope {
  envId: string | null
  /**
   * The consent the data belongs to (when it was obtained); null without a token (nothing that needs one can be
   * fetched). A refresh keeps it: the same merchant's data under a renewed token is not stale.
   */
  grant: string | null
  /** The access token's fingerprint, for the "whose and when" line. */
  token: string | null
  /** When the grant was obtained (the consent that issued it), for the "whose and when" line. */
  obtainedAt: string | null
}

/**
 * The grant a view of server state depends on. A new consent (another merchant, or the same one again) changes when
 * the grant was obtained, a revoke removes it: a query keyed by it is fetched again for the new grant and never shows
 * the old merchant's answer under the new one. A refresh renews the token of the same grant, so the list stays.
 */
export function grantOf(envId: string | null, tokens: TokenView | undefined): GrantScope {
  return {
    envId,
    grant: tokens?.present && tokens.accessToken ? (tokens.obtainedAt ?? tokens.accessToken.fingerprint) : null,
    token: tokens?.present && tokens.accessToken ? tokens.accessToken.fingerprint : null,
    obtainedAt: tokens?.obtainedAt ?? null,
  }
}
