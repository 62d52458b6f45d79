import type { EnvironmentDetail } from '../../../../shared/contract'

const MODE: Record<EnvironmentDetail['catchMode'], string> = { loopback: 'loopback', embedded: 'embedded', paste: 'paste' }

/** Every environment, the built-in sandbox first, with the active one marked and what to do with each. */
export function EnvironmentTable({
  environments,
  activeId,
  selectedId,
  onSelect,
  onActivate,
  activating,
}: {
  environments: EnvironmentDetail[]
  activeId: string | null
  selectedId: string | null
  onSelect: (id: string) => void
  onActivate: (id: string) => void
  activating: string | null
}) {
  return (
    <div className="table-box">
      <table className="table table--dense env-table">
        <caption className="visually-hidden">Environments</caption>
        <thead>
          <tr>
            <th>Name</th>
            <th>auth_url</th>
            <th>client_id</th>
            <th>Secret</th>
            <th>Catch</th>
            <th>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {environments.map(e => {
            const active = e.id === activeId
            return (
              <tr key={e.id} className={`${e.id === selectedId ? 'env-table__row--selected' : ''}`} aria-selected={e.id === selectedId}>
                <td>
                  <button type="button" className="link-button" onClick={() => onSelect(e.id)}>
                    {e.name}
                  </button>
                  {e.builtIn ? <span className="badge">built-in</span> : null}
                  {active ? <span className="badge badge--active">active</span> : null}
                  {e.warnings.length > 0 ? (
                    <span className="badge badge--warn" title={e.warnings.join('\n')}>
                      {e.warnings.length} warning{e.warnings.length > 1 ? 's' : ''}
                    </span>
                  ) : null}
                </td>
                <td className="mono">{e.authUrl}</td>
                <td className="mono">{e.clientId}</td>
                <td className="mono">
                  {!e.clientSecret.present ? (
                    <span className="warn">none</span>
                  ) : !e.clientSecret.readable ? (
                    <span className="warn" title={e.clientSecret.problem}>
                      unreadable
                    </span>
                  ) : (
                    <span title={`fingerprint #${e.clientSecret.fingerprint}`}>{e.clientSecret.masked}</span>
                  )}
                </td>
                <td>{MODE[e.catchMode]}</td>
                <td>
                  {active ? null : (
                    <button
                      type="button"
                      className="btn btn--small"
                      onClick={() => onActivate(e.id)}
                      disabled={activating !== null}
                      aria-label={`Use ${e.name}`}
                    >
                      {activating === e.id ? 'Switching…' : 'Use'}
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
