import { useState } from 'react'
import { SPEC_PATHS } from '../../../../shared/spec'
import { useSandboxAction } from '../../domain/sandbox'
import { ErrorBox } from '../../ui/error-box'
import { Gauge } from '../../ui/gauge'
import type { LimitsView, QuotaUsageView } from './operator-views'

const METHODS = ['', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/** The sandbox's quotas as it counts them, a reset, and a limit change (the default, or per method and path). */
export function QuotaControls({ limits, quotas }: { limits: LimitsView; quotas: QuotaUsageView[] }) {
  const reset = useSandboxAction('sandbox:resetQuotas')
  const setLimit = useSandboxAction('sandbox:setLimit')
  const [limit, setLimitText] = useState('5')
  const [method, setMethod] = useState('GET')
  const [path, setPath] = useState<string>(SPEC_PATHS.locations)
  const n = Number(limit)
  const valid = Number.isInteger(n) && n >= 0 && (path === '' || path.startsWith('/'))
  return (
    <section className="sbx-card" aria-label="Quotas">
      <h2>Quotas</h2>
      <p className="sbx-muted">
        Default <span className="mono">{limits.defaultPerWindow ?? '?'}</span> per{' '}
        <span className="mono">{limits.windowSeconds ?? '?'}</span> s window, per client, method and path (spec 8).
      </p>
      {quotas.length === 0 ? (
        <p className="empty">Nothing counted yet — the sandbox counts once requests arrive.</p>
      ) : (
        <div className="table-box">
          <table className="table table--dense">
            <caption className="visually-hidden">Quota usage</caption>
            <thead>
              <tr>
                <th>Key</th>
                <th>Used</th>
                <th>Remaining</th>
                <th>Next unit back</th>
              </tr>
            </thead>
            <tbody>
              {quotas.map(q => (
                <tr key={`${q.clientId} ${q.method} ${q.path}`}>
                  <td className="mono">
                    {q.method} {q.path}
                  </td>
                  <td className="mono">
                    {q.used}/{q.limit}
                  </td>
                  <td>
                    <Gauge
                      remaining={q.remaining}
                      limit={q.limit}
                      label={`${q.method} ${q.path}: ${q.remaining} of ${q.limit} remaining`}
                    />
                  </td>
                  <td className="mono">{q.oldestLeavesInSeconds === null ? '—' : `${q.oldestLeavesInSeconds}s`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {limits.overrides.length > 0 ? (
        <details>
          <summary>{limits.overrides.length} limit rules</summary>
          <ul className="sbx-list mono">
            {limits.overrides.map(r => (
              <li key={`${r.method ?? '*'} ${r.pathPattern} ${r.source ?? ''}`}>
                {r.method ?? '*'} {r.pathPattern} → {r.limit}
                {r.source ? <span className="badge">{r.source}</span> : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className="sbx-row">
        <button type="button" className="btn" onClick={() => reset.mutate({})} disabled={reset.isPending}>
          Reset quotas
        </button>
      </div>
      <form
        className="sbx-form"
        onSubmit={e => {
          e.preventDefault()
          if (!valid) return
          setLimit.mutate({ limit: n, ...(method ? { method } : {}), ...(path ? { path } : {}) })
        }}
      >
        <label className="sbx-inline sbx-full">
          Path
          <input
            className="mono"
            value={path}
            onChange={e => setPath(e.target.value)}
            placeholder="empty = the default limit"
            spellCheck={false}
          />
        </label>
        <label className="sbx-inline">
          Limit
          <input type="number" min={0} className="sbx-num" value={limit} onChange={e => setLimitText(e.target.value)} />
        </label>
        <label className="sbx-inline">
          Method
          <select value={method} onChange={e => setMethod(e.target.value)}>
            {METHODS.map(m => (
              <option key={m} value={m}>
                {m || 'any'}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn" disabled={!valid || setLimit.isPending}>
          {path || method ? 'Set limit' : 'Set default limit'}
        </button>
      </form>
      <p className="sbx-muted">Leave method and path empty to change the default. Patterns: * = one segment, /** = the rest.</p>
      <ErrorBox error={reset.error} title="Quotas not reset." />
      <ErrorBox error={setLimit.error} title="Limit not changed." />
    </section>
  )
}
