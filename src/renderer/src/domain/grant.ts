import type { TokenView } from '../../../shared/contract'

/** Whose data a server answer is: the environment and the grant (the access token it was fetched with). */
export interface GrantScope {
  envId: string | null
  /** The access token's fingerprint; null without a token (nothing that needs one can be fetched). */
  grant: string | null
  /** When the grant was obtained (the consent that issued it), for the "whose and when" line. */
  obtainedAt: string | null
}

/**
 * The grant a view of server state depends on. A new consent (another merchant, or the same one again), a refresh
 * or a revoke changes the access token, so its fingerprint names the data: a query keyed by it is fetched again for
 * the new grant and never shows the old merchant's answer under the new one.
 */
export function grantOf(envId: string | null, tokens: TokenView | undefined): GrantScope {
  return {
    envId,
    grant: tokens?.present && tokens.accessToken ? tokens.accessToken.fingerprint : null,
    obtainedAt: tokens?.obtainedAt ?? null,
  }
}
