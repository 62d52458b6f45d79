import type { LifecycleState, TokenView } from '../../../../shared/contract'
import { formatDuration } from '../../ui/use-now'

interface TokenStatusText {
  text: string
  tone: '' | 'warn'
}

/**
 * What the status bar says about the token: the token that is held decides first. A denied or failed authorization
 * leaves an earlier, still valid token in place, so the bar never says "denied" while a valid token is shown.
 */
export function tokenStatusText(
  state: LifecycleState,
  expiresAt: string | null,
  tokens: TokenView | undefined,
  now: number,
): TokenStatusText {
  const heldUntil = tokens?.accessToken && tokens.expiresAt ? Date.parse(tokens.expiresAt) : null
  const until = heldUntil ?? (expiresAt ? Date.parse(expiresAt) : null)
  const left = until !== null ? until - now : null
  const held = Boolean(tokens?.accessToken) || state === 'access-token-valid' || state === 'access-token-expired'
  if (held && left !== null && left > 0) return { text: `Token: valid · ${formatDuration(left)}`, tone: '' }
  if (held) return { text: 'Token: expired', tone: 'warn' }
  if (state === 'denied') return { text: 'Token: none (access denied)', tone: 'warn' }
  if (state === 'code-issued') return { text: 'Token: code issued', tone: '' }
  return { text: 'Token: none', tone: '' }
}
