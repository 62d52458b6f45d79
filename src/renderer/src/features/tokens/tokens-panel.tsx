import { useEffect } from 'react'
import type { TokenView } from '../../../../shared/contract'
import { useActiveEnvId, useActiveEnvironment } from '../../domain/app-info'
import { useLifecycle } from '../../domain/auth'
import { useSandboxAction } from '../../domain/sandbox'
import { useTokens } from '../../domain/tokens'
import { useCommandStore } from '../../stores/command-store'
import { useNavStore } from '../../stores/nav-store'
import { Countdown } from '../../ui/countdown'
import { ErrorBox } from '../../ui/error-box'
import { LifecycleDiagram } from '../consent'
import { PermissionChips } from './permission-chips'
import { TokenValue } from './token-value'
import { useForgetTokens, useRefreshTokens } from './use-tokens'
import './tokens.css'

const DAY_SECONDS = 24 * 60 * 60

const SOURCE: Record<NonNullable<TokenView['expirySource']>, string> = {
  expiration: 'from the expiration field of the token response (2.3)',
  expires_in: 'expires_in (RFC 6749 §5.1): the response had no expiration field',
  'last-known-lifetime': 'the last known lifetime: a refresh response has no expiration (2.4)',
  'spec-default': 'the spec’s 24 h (the response said nothing)',
}

/** Tokens: masked access and refresh tokens with fingerprints, permissions, expiry, refresh, and sandbox time travel. */
export function TokensPanel() {
  const envId = useActiveEnvId()
  const env = useActiveEnvironment()
  const isSandbox = env?.builtIn === true
  const tokens = useTokens(envId)
  const lifecycle = useLifecycle(envId)
  const refresh = useRefreshTokens(envId)
  const forget = useForgetTokens(envId)
  const expire = useSandboxAction('sandbox:expireTokens')
  const clock = useSandboxAction('sandbox:clock')
  const go = useNavStore(s => s.go)

  useEffect(() => {
    return useCommandStore.getState().register([
      { id: 'tokens:refresh', title: 'Tokens: refresh now', run: () => document.getElementById('tokens-refresh')?.click() },
      { id: 'tokens:advance', title: 'Sandbox: advance clock 24 h', run: () => document.getElementById('tokens-advance')?.click() },
    ])
  }, [])

  const t = tokens.data
  const expired = t ? t.expired || lifecycle?.state === 'access-token-expired' : false
  return (
    <div className="panel tokens">
      <h1>Tokens</h1>
      <p className="lead">
        The bearer tokens of <strong>{env?.name ?? '…'}</strong>: masked, named by fingerprint. Reveal and copy are explicit and never kept.
      </p>
      <ErrorBox error={tokens.error} title="Could not read the tokens." onRetry={() => tokens.refetch()} />
      <div className="tokens__grid">
        <div className="tokens__main">
          {tokens.isLoading ? <p className="loading">Reading the tokens…</p> : null}
          {t && !t.present ? (
            <div className="empty tokens__empty">
              <p>No token yet — run the consent flow first.</p>
              <button type="button" className="btn btn--primary" onClick={() => go('consent')}>
                Go to Consent flow
              </button>
            </div>
          ) : null}
          {t?.present ? (
            <>
              <dl className="facts tokens__facts">
                <dt>Access token</dt>
                <dd>
                  <TokenValue envId={envId} kind="access" token={t.accessToken} />
                </dd>
                <dt>Refresh token</dt>
                <dd>
                  <TokenValue envId={envId} kind="refresh" token={t.refreshToken} />
                </dd>
                <dt>Permissions</dt>
                <dd>
                  <PermissionChips permissions={t.permissions} />
                </dd>
                <dt>Expires</dt>
                <dd data-testid="token-expiry">
                  {expired ? (
                    <span className="tokens__expired">expired — refresh to get a new access token</span>
                  ) : t.expiresAt ? (
                    <>
                      <Countdown until={t.expiresAt} done="expired" prefix="in " />{' '}
                      <span className="tokens__muted mono">{new Date(t.expiresAt).toLocaleString()}</span>
                    </>
                  ) : (
                    'unknown'
                  )}
                  {t.expirySource ? <div className="tokens__muted">{SOURCE[t.expirySource]}</div> : null}
                </dd>
                <dt>Type</dt>
                <dd className="mono">{t.tokenType ?? '—'}</dd>
                <dt>Obtained</dt>
                <dd className="mono">{t.obtainedAt ? new Date(t.obtainedAt).toLocaleString() : '—'}</dd>
                <dt>Refreshed</dt>
                <dd className="mono">{t.refreshedAt ? new Date(t.refreshedAt).toLocaleString() : 'not yet'}</dd>
                <dt>Stored</dt>
                <dd>{t.persisted ? 'encrypted in the vault' : (t.persistNote ?? 'in memory only')}</dd>
              </dl>
              <div className="tokens__actions">
                <button
                  id="tokens-refresh"
                  type="button"
                  className="btn btn--primary"
                  onClick={() => refresh.mutate()}
                  disabled={refresh.isPending || !t.refreshToken}
                >
                  {refresh.isPending ? 'Refreshing…' : 'Refresh'}
                </button>
                <button type="button" className="btn btn--danger" onClick={() => forget.mutate()} disabled={forget.isPending}>
                  Forget tokens
                </button>
              </div>
              <ErrorBox error={refresh.error} title="The refresh failed." />
              <ErrorBox error={forget.error} title="Could not forget the tokens." />
            </>
          ) : null}
          {isSandbox && t?.present ? (
            <section className="tokens__sandbox" aria-label="Sandbox time travel">
              <h2>Sandbox</h2>
              <p className="tokens__muted">
                Make the 24 h lifetime visible without waiting: the sandbox’s clock moves, or it expires the token now.
              </p>
              <div className="tokens__actions">
                <button
                  type="button"
                  className="btn"
                  onClick={() => expire.mutate({ target: 'current-access' })}
                  disabled={expire.isPending}
                >
                  Expire now
                </button>
                <button
                  id="tokens-advance"
                  type="button"
                  className="btn"
                  onClick={() => clock.mutate({ advanceSeconds: DAY_SECONDS })}
                  disabled={clock.isPending}
                >
                  Advance clock 24 h
                </button>
                <button type="button" className="btn btn--small" onClick={() => go('sandbox')}>
                  More sandbox controls
                </button>
              </div>
              {clock.data?.clock ? (
                <p className="tokens__muted">
                  Sandbox clock: <span className="mono">{new Date(clock.data.clock.now).toLocaleString()}</span> (offset{' '}
                  <span className="mono">{clock.data.clock.clockOffsetSeconds / 3600} h</span>)
                </p>
              ) : null}
              <ErrorBox error={expire.error} title="Could not expire the token." />
              <ErrorBox error={clock.error} title="Could not move the sandbox clock." />
            </section>
          ) : null}
        </div>
        <aside className="tokens__side" aria-label="Token lifecycle">
          <LifecycleDiagram lifecycle={lifecycle} compact />
        </aside>
      </div>
    </div>
  )
}
