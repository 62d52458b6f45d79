import { useTokens } from '../../domain/tokens'
import { Countdown } from '../../ui/countdown'
import { PermissionChips } from './permission-chips'

/** A small card of the current tokens (fingerprints, permissions, expiry) for panels other than Tokens. */
export function TokenSummary({ envId, onOpen }: { envId: string | null; onOpen: () => void }) {
  const tokens = useTokens(envId)
  const t = tokens.data
  if (!t) return null
  if (!t.present) return <p className="empty token-summary">No token yet for this environment.</p>
  return (
    <section className="token-summary" aria-label="Current tokens">
      <dl className="facts">
        <dt>access</dt>
        <dd className="mono">
          {t.accessToken?.masked} <span className="badge">#{t.accessToken?.fingerprint}</span>
        </dd>
        <dt>expires</dt>
        <dd>
          {t.expired ? (
            <span className="warn">expired</span>
          ) : t.expiresAt ? (
            <Countdown until={t.expiresAt} done="expired" prefix="in " />
          ) : (
            'unknown'
          )}
        </dd>
        <dt>permissions</dt>
        <dd>
          <PermissionChips permissions={t.permissions} />
        </dd>
      </dl>
      <button type="button" className="btn btn--small" onClick={onOpen}>
        Token details
      </button>
    </section>
  )
}
