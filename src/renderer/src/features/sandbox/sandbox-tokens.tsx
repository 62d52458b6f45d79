import type { SandboxTokenInfo } from '../../../../shared/contract'
import { useSandboxAction } from '../../domain/sandbox'
import { ErrorBox } from '../../ui/error-box'
import type { InstallationView } from './operator-views'

function tokenState(t: SandboxTokenInfo): { text: string; tone: string } {
  if (t.revoked) return { text: 'revoked', tone: 'err' }
  if (t.expired) return { text: 'expired', tone: 'warn' }
  return { text: 'valid', tone: 'ok' }
}

/** The tokens the sandbox has issued (by fingerprint only), revoke and expire, and the installations it recorded. */
export function SandboxTokens({ tokens, installations }: { tokens: SandboxTokenInfo[]; installations: InstallationView[] }) {
  const revoke = useSandboxAction('sandbox:revokeToken')
  const expire = useSandboxAction('sandbox:expireTokens')
  const pending = revoke.isPending || expire.isPending
  return (
    <section className="sbx-card sbx-card--wide" aria-label="Tokens and installations">
      <h2>Tokens</h2>
      <div className="sbx-row">
        <button type="button" className="btn btn--danger" onClick={() => revoke.mutate({ target: 'current-access' })} disabled={pending}>
          Revoke access token
        </button>
        <button type="button" className="btn btn--danger" onClick={() => revoke.mutate({ target: 'current-refresh' })} disabled={pending}>
          Revoke refresh token
        </button>
        <button type="button" className="btn btn--danger" onClick={() => revoke.mutate({ target: 'all' })} disabled={pending}>
          Revoke all
        </button>
        <button type="button" className="btn" onClick={() => expire.mutate({ target: 'current-access' })} disabled={pending}>
          Expire access token now
        </button>
      </div>
      <ErrorBox error={revoke.error} title="Not revoked." />
      <ErrorBox error={expire.error} title="Not expired." />
      {tokens.length === 0 ? (
        <p className="empty">The sandbox has issued no token yet — run the consent flow.</p>
      ) : (
        <div className="table-box">
          <table className="table table--dense">
            <caption className="visually-hidden">Issued tokens</caption>
            <thead>
              <tr>
                <th>Fingerprint</th>
                <th>Kind</th>
                <th>State</th>
                <th>Merchant</th>
                <th>Permissions</th>
                <th>Issued</th>
                <th>Expires</th>
              </tr>
            </thead>
            <tbody>
              {tokens.map(t => {
                const s = tokenState(t)
                return (
                  <tr key={`${t.kind}:${t.fingerprint}`}>
                    <td className="mono">
                      #{t.fingerprint}
                      {t.current ? <span className="badge badge--active">current {t.current}</span> : null}
                    </td>
                    <td>{t.kind}</td>
                    <td className={`sbx-state sbx-state--${s.tone}`}>{s.text}</td>
                    <td className="mono">{t.merchantId}</td>
                    <td className="mono">{t.permissions.join(' ')}</td>
                    <td className="mono">{new Date(t.issuedAt).toLocaleString()}</td>
                    <td className="mono">{t.expiresAt ? new Date(t.expiresAt).toLocaleString() : '—'}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <h2>Installations</h2>
      {installations.length === 0 ? (
        <p className="empty">No installation recorded — install one from Locations.</p>
      ) : (
        <div className="table-box">
          <table className="table table--dense">
            <caption className="visually-hidden">Installations</caption>
            <thead>
              <tr>
                <th>Location</th>
                <th>Merchant</th>
                <th>Client</th>
                <th>Installed</th>
              </tr>
            </thead>
            <tbody>
              {installations.map(i => (
                <tr key={`${i.clientId}:${i.locationId}`}>
                  <td className="mono">{i.locationId}</td>
                  <td className="mono">{i.merchantId}</td>
                  <td className="mono">{i.clientId}</td>
                  <td className="mono">{i.installedAt ? new Date(i.installedAt).toLocaleString() : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
