import { useActiveEnvId } from '../../domain/app-info'
import { useLifecycle, useOAuthStatus } from '../../domain/auth'
import { useNavStore } from '../../stores/nav-store'
import { useNow } from '../../ui/use-now'
import { tokenStatusText } from './token-status-text'
import './token-status.css'
import './status-item.css'

/**
 * Status-bar item: the active environment's token state (from `oauth:status`, kept current by `oauth:lifecycle`
 * events) and a live countdown to the access token's expiry. Clicking it opens the Tokens panel.
 */
export function TokenStatus() {
  const envId = useActiveEnvId()
  const status = useOAuthStatus(envId)
  const lifecycle = useLifecycle(envId)
  const go = useNavStore(s => s.go)
  const now = useNow(1000)
  if (!envId) return null
  const tokens = status.data?.tokens
  const state = lifecycle?.state ?? tokens?.lifecycle ?? 'no-authorization'
  const expiresAt = lifecycle?.expiresAt ?? tokens?.expiresAt ?? null
  const { text, tone } = status.isLoading && !lifecycle ? { text: 'Token: …', tone: '' } : tokenStatusText(state, expiresAt, tokens, now)
  const fingerprint = tokens?.accessToken?.fingerprint
  return (
    <>
      <span className="status-sep" />
      <button
        type="button"
        className={`status-item token-status${tone ? ` ${tone}` : ''}`}
        data-testid="status-token"
        title={fingerprint ? `Access token #${fingerprint} — open Tokens` : 'Open Tokens'}
        onClick={() => go('tokens')}
      >
        {text}
      </button>
    </>
  )
}
