import { useRef } from 'react'
import { useAppInfo } from '../../domain/app-info'
import { ErrorBox } from '../../ui/error-box'
import { BundleReplayView } from './bundle-replay-view'
import { useOpenBundle, useOpenedBundle } from './use-bundle'
import './bundle.css'

/**
 * A repro bundle opened read-only: the note, the environment as it was (no secret), the timeline of exchanges, the
 * token lifecycle, the quotas and the clock skew at the time; then a replay against the sandbox or an environment.
 */
export function BundlePanel() {
  const input = useRef<HTMLInputElement>(null)
  const bundle = useOpenedBundle()
  const opened = bundle?.opened ?? null
  const fileName = bundle?.fileName ?? null
  const openFile = useOpenBundle()
  const info = useAppInfo()
  const b = opened?.bundle
  return (
    <div className="panel bundle">
      <h1>Repro bundle</h1>
      <p className="lead">
        Open a bundle someone shared (written by “Repro bundle…” in the network log or by <span className="mono">walkthrough --bundle</span>
        ): everything in it is shown as it was, read-only. Replay sends its API calls again with fresh tokens and signatures.
      </p>
      <div className="bundle__row">
        <button type="button" className="btn btn--primary" onClick={() => input.current?.click()} disabled={openFile.isPending}>
          {openFile.isPending ? 'Reading…' : 'Open bundle…'}
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,.har,application/json"
          hidden
          aria-label="Bundle file"
          onChange={e => {
            const file = e.target.files?.[0]
            if (file) openFile.mutate(file)
            e.target.value = ''
          }}
        />
        {fileName ? <span className="mono">{fileName}</span> : null}
      </div>
      <ErrorBox error={openFile.error} title="Could not open the bundle." />
      {b && opened ? (
        <>
          <section className="bundle__card" aria-label="Bundle facts">
            <h2>
              Written {new Date(b.createdAt).toLocaleString()} by console {b.consoleVersion}
            </h2>
            {b.note ? <p className="bundle__note">“{b.note}”</p> : <p className="empty">No note.</p>}
            <dl className="facts">
              <dt>Environment</dt>
              <dd>
                {b.environment ? (
                  <>
                    <strong>{b.environment.name}</strong> {b.environment.production ? '(production) ' : ''}
                    <span className="mono">{b.environment.baseUrl}</span> · client <span className="mono">{b.environment.clientId}</span>
                  </>
                ) : (
                  'not recorded'
                )}
              </dd>
              <dt>Clock skew</dt>
              <dd>{b.clockSkew ? `${(b.clockSkew.offsetMs / 1000).toFixed(1)} s (${b.clockSkew.samples} samples)` : 'no estimate'}</dd>
              <dt>Access token</dt>
              <dd className="mono">
                {b.tokens.access
                  ? `#${b.tokens.access.fingerprint} · expires ${b.tokens.access.expiresAt ?? '?'} · ${b.tokens.access.permissions.join(' ')}`
                  : 'none'}
              </dd>
              <dt>Refresh token</dt>
              <dd className="mono">{b.tokens.refresh ? `#${b.tokens.refresh.fingerprint}` : 'none'}</dd>
            </dl>
          </section>
          <section className="bundle__card" aria-label="Timeline">
            <h2>
              Timeline ({opened.entries} exchanges
              {opened.entries > opened.timeline.length ? `, the first ${opened.timeline.length} shown` : ''})
            </h2>
            <table className="table table--dense" aria-label="Bundle timeline">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Started</th>
                  <th>Request</th>
                  <th>Status</th>
                  <th>Time</th>
                  <th>Kind</th>
                </tr>
              </thead>
              <tbody>
                {opened.timeline.map(t => (
                  <tr key={t.index}>
                    <td className="mono">{t.index + 1}</td>
                    <td className="mono">{t.startedAt.slice(11, 23)}</td>
                    <td className="mono bundle__wrap">
                      {t.method} {t.url}
                    </td>
                    <td className="mono">
                      {t.status} {t.statusText}
                    </td>
                    <td className="mono">{t.ms} ms</td>
                    <td>{t.purpose}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <div className="bundle__grid">
            <section className="bundle__card" aria-label="Token lifecycle as it was">
              <h2>Token lifecycle</h2>
              {b.lifecycle.length === 0 ? (
                <p className="empty">No transition recorded.</p>
              ) : (
                <ol className="bundle__list">
                  {b.lifecycle.map(l => (
                    <li key={`${l.at}-${l.state}-${l.trigger}`}>
                      <span className="mono">{l.at.slice(11, 19)}</span> {l.previous ?? '—'} → <strong>{l.state}</strong> ({l.trigger})
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <section className="bundle__card" aria-label="Quotas as they were">
              <h2>Quotas</h2>
              {b.quotas.length === 0 ? (
                <p className="empty">No quota key recorded.</p>
              ) : (
                <table className="table table--dense" aria-label="Bundle quotas">
                  <tbody>
                    {b.quotas.map(q => (
                      <tr key={q.key}>
                        <td className="mono">
                          {q.method} {q.path}
                        </td>
                        <td className="mono">
                          {q.serverRemaining ?? q.predictedRemaining}/{q.limit}
                          {q.retryAfterUntil ? ` · blocked until ${q.retryAfterUntil.slice(11, 19)}` : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          </div>
          <BundleReplayView environments={info.data?.environments ?? []} activeId={info.data?.activeEnvironmentId ?? null} />
        </>
      ) : null}
    </div>
  )
}
