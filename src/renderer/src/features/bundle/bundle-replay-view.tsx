import { useState } from 'react'
import type { EnvironmentSummary, ReplayedEntry } from '../../../../shared/contract'
import { ErrorBox } from '../../ui/error-box'
import { pickForCompare } from '../requests'
import { useOpenedBundle, useReplay, useReplayReport } from './use-bundle'

const OUTCOME: Record<ReplayedEntry['outcome'], string> = {
  same: 'same',
  'different-status': 'different status',
  'different-body': 'different body',
  failed: 'failed',
  skipped: 'skipped',
}

/**
 * Replays the open bundle against an environment (the built-in sandbox by default) with fresh tokens and signatures,
 * then lists each entry with its replay and opens any pair in the Requests panel's compare view.
 */
export function BundleReplayView({ environments, activeId }: { environments: EnvironmentSummary[]; activeId: string | null }) {
  const text = useOpenedBundle()?.text ?? ''
  const report = useReplayReport()
  const builtIn = environments.find(e => e.builtIn)
  const [envId, setEnvId] = useState(builtIn?.id ?? activeId ?? '')
  const replay = useReplay()
  return (
    <section className="bundle__card" aria-label="Replay">
      <h2>Replay</h2>
      <form
        className="bundle__row"
        onSubmit={e => {
          e.preventDefault()
          replay.mutate({ text, envId })
        }}
      >
        <label className="field">
          <span className="field__label">Against</span>
          <select value={envId} onChange={e => setEnvId(e.target.value)} aria-label="Replay against">
            {environments.map(e => (
              <option key={e.id} value={e.id}>
                {e.name}
                {e.production ? ' (production)' : ''}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn--primary" disabled={!text || replay.isPending}>
          {replay.isPending ? 'Replaying…' : 'Replay'}
        </button>
        <span className="sbx-muted">Needs tokens on that environment (authorize it first); token exchanges are not replayed.</span>
      </form>
      <ErrorBox error={replay.error} title="The replay did not run." />
      {report ? (
        <>
          <p role="status" aria-label="Replay summary" className="bundle__summary">
            Against {report.target.name}: {report.summary.same} same, {report.summary.differentStatus} different status,{' '}
            {report.summary.differentBody} different body, {report.summary.failed} failed, {report.summary.skipped} skipped.
          </p>
          <table className="table table--dense" aria-label="Replay results">
            <thead>
              <tr>
                <th>#</th>
                <th>Request</th>
                <th>Original</th>
                <th>Replay</th>
                <th>Outcome</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {report.entries.map(e => (
                <tr key={e.index} data-outcome={e.outcome}>
                  <td className="mono">{e.index + 1}</td>
                  <td className="mono bundle__wrap">
                    {e.method} {e.path}
                  </td>
                  <td className="mono">{e.original.status}</td>
                  <td className="mono">{e.replay.status ?? '—'}</td>
                  <td className={`bundle__outcome bundle__outcome--${e.outcome}`}>
                    {OUTCOME[e.outcome]}
                    {(e.reason ?? e.replay.error) ? <span className="bundle__why">{e.reason ?? e.replay.error}</span> : null}
                  </td>
                  <td>
                    {e.original.logId && e.replay.logId ? (
                      <button
                        type="button"
                        className="btn btn--small"
                        onClick={() => {
                          pickForCompare(e.original.logId as string, 'a')
                          pickForCompare(e.replay.logId as string, 'b')
                        }}
                      >
                        Compare
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  )
}
